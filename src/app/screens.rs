//! The screens every game shares, held as trait objects: a match at the table is a
//! [`MatchScreen`], whatever its game, written once for every game's [`Table`] — as gitui's
//! components are — so that [`super::Screen`] has one variant per screen, not one per game.
//! What only one game's table can do is reached through the game's traits, never by naming
//! the game here.
//!
//! The front end draws each screen through [`Draw`], which it implements itself for every
//! game (`ui`): the app holds its screens without knowing how they are drawn.

use std::any::Any;
use std::fmt::Debug;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::computer::ComputerChoice;
use super::hint_jobs::{HintJob, Weighable, Weighed};
use super::table::{Beat, Desk, DiceClick, Leave};
use super::{App, ComputerTurn, Key, Marks, MatchState, Overlay, Screen, Table};
use crate::ai::Level;
use crate::game::{Checkers as _, Steps as _, TurnPlay as _, TurnView as _};
use crate::rules::Step;
use crate::session::{Match, Phase};
use crate::store::format::DiceRecord;
use crate::store::{GameErrors, SavedMatch};
use crate::words::Note;
use crate::words::notes::ShellNote;

/// How a table is drawn into a terminal buffer of `area` — as the match screen, as a
/// drill's card, with the resignation dialog over it: the front end (`ui`) implements it
/// for every game's table; the app only declares it.
pub trait Draw {
    /// The match screen.
    fn draw(&self, buf: &mut Buffer, area: Rect, app: &App);
    /// The board of a trainer's card, with the card beside it.
    fn draw_card(&self, buf: &mut Buffer, area: Rect, app: &App, drill: &super::Drill);
    /// The resignation dialog's lines (`r` being where it stands), and the rows of its
    /// choices among them.
    fn resign_lines(&self, app: &App, r: &super::resign::Resigning) -> (Vec<Line<'static>>, Vec<u16>);
}

/// Everything the app asks of a game to play it at the table: its words, its computer
/// players (and their hints), its saves' refusals — and the little that only its own
/// match screen does, each with what a game without it does by default.
pub trait TableGame: Weighable + GameErrors + super::sharing::Shares {
    /// A key only this game's match screen knows (backgammon's `i`: GNU Backgammon's IDs
    /// of the match), as the note it says; none by default.
    fn game_key(_game: &Match<Self>, _key: Key) -> Option<Note<Self>> {
        None
    }

    /// The setup form of another match like `game` (the match-over screen's `n`), the
    /// computer playing the sides given a level; none for a game without one (back to
    /// the start screen).
    fn setup_again(
        _lang: crate::words::Lang,
        _game: &Match<Self>,
        _computer: [Option<Level>; 2],
    ) -> Option<super::Setup> {
        None
    }

    /// The start menu's entry that begins a match of this game (the cursor goes back to it
    /// after one).
    fn menu_entry() -> super::MenuItem {
        super::MenuItem::NewMatch
    }

    /// A fresh setup form of a match of this game, in `lang` (`rules`: the settings' rules
    /// of new matches).
    fn new_form(lang: crate::words::Lang, rules: crate::brade::RuleSet) -> super::Setup {
        super::Setup::new(lang, rules)
    }

    /// A key on this game's setup form (Esc aside: the form is left the same way for every
    /// game).
    fn setup_key(_app: &mut App, _key: Key) {}

    /// A trainer's card on a board of this game: its position and roll, the player's name
    /// on his side (by default a single game).
    fn card_table(card: &crate::practice::Card) -> Option<Table<Self>>
    where
        Self::Position: std::str::FromStr,
    {
        super::card::card_table_of(card, 1)
    }
}

/// A match at the table, of any game: what the app's routing, the computer's beats and
/// the saves ask of it.
pub trait MatchScreen: Draw + Debug + Send {
    /// A copy, boxed.
    fn clone_box(&self) -> Box<dyn MatchScreen>;
    /// The table itself, for the code of one game (which knows its type).
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// The game's name in saves (`None`: bräde's, which name none).
    fn save_name(&self) -> Option<&'static str>;
    /// Where the match stands, as the app's routing needs it.
    fn state(&self) -> MatchState;
    /// The number of the game being played (from 1).
    fn game_number(&self) -> u32;
    /// The seed of this match's dice drawn from `seed`, bound to its length, players and
    /// rules ([`crate::session::match_seed`]).
    fn match_seed(&self, seed: u64) -> u64;
    /// The computer's level if it is to act now (its turn, nothing over the screen).
    fn computer_to_act(&self, sides: [Option<Level>; 2], overlay: &Overlay) -> Option<Level>;
    /// A key at the table, the computer not being to act.
    fn key(&mut self, desk: &mut Desk, key: Key) -> Leave;
    /// One beat of the computer's turn.
    fn beat(&mut self, desk: &mut Desk) -> Beat;
    /// What a click on the dice stands for.
    fn dice_key(&self, manual: bool) -> DiceClick;
    /// Passes a turn whose roll cannot be played.
    fn pass(&mut self);
    fn roll(&mut self, desk: &mut Desk);
    /// Ends the turn with the play made.
    fn confirm(&mut self, desk: &mut Desk);
    /// Moves typed in notation; whether they made a complete play.
    fn play_typed(&mut self, desk: &mut Desk, text: &str) -> bool;
    /// The cursor to the next (or previous) checker that can move.
    fn tab(&self, marks: &mut Marks, forward: bool);
    /// The steps of the best play `H` found, while it is marked.
    fn hint_steps(&self) -> Option<Vec<Step>>;
    /// The legal next steps of the turn in progress.
    fn next_steps(&self) -> Vec<Step>;
    /// Whether a turn is being played.
    fn turn_in_progress(&self) -> bool;
    /// The computer's choice of a play at `level`, when its turn is untouched (rolled,
    /// nothing moved, not complete).
    fn computer_choice(&self, level: Level) -> Option<Box<dyn ComputerChoice>>;
    /// Whether its game is played with a doubling cube.
    fn has_cube(&self) -> bool;
    /// Whether the side doubled is to answer now.
    fn doubled(&self) -> bool;
    /// The match as a save at `saved_at` holds it.
    fn snapshot(&self, dice: DiceRecord, computer: [Option<Level>; 2], saved_at: u64) -> SavedMatch;
    /// Sets the message line to a note any game's match can say.
    fn say(&mut self, note: Option<ShellNote>);
    /// Whether the message line says the computer is thinking.
    fn says_thinking(&self) -> bool;
    /// A key only this game's match screen knows: whether it was one (its note said).
    fn game_key(&mut self, key: Key) -> bool;
    /// The setup form of another match like this one, if the game has one.
    fn setup_again(&self, lang: crate::words::Lang, computer: [Option<Level>; 2]) -> Option<super::Setup>;
    /// The start menu's entry that begins a match of this game.
    fn menu_entry(&self) -> super::MenuItem;
    /// Who may offer to resign now from the keyboard, or why nobody may (`resign.rs`).
    fn resigner(
        &self,
        sides: [Option<Level>; 2],
    ) -> Result<crate::rules::Color, crate::words::resign::ResignRefusal>;
    /// The resignations the game offers, the smallest first.
    fn resign_levels(&self) -> &'static [crate::game::Resign];
    /// `level` offered by the side to move, answered at once by the computer when it plays
    /// the other side: the dialog that follows.
    fn offer(&mut self, level: crate::game::Resign, answerer: Option<Level>) -> Overlay;
    /// The other side's answer to the offer of `level`.
    fn answer_resignation(&mut self, level: crate::game::Resign, accepted: bool);
    /// A beat of the computer before its roll: a game it is sure to lose, offered.
    fn computer_resigns(&mut self, sides: [Option<Level>; 2]) -> Option<Overlay>;
    /// The play the tutor questions, as a text block to share (`X`).
    fn tutor_text(&self) -> super::sharing::Done;
    /// A trainer's card answered with the complete play on its board: the job weighing it
    /// (`at`: the card, its place in the drill).
    fn drill_job(&mut self, at: (usize, usize)) -> Option<HintJob>;
    /// The answer to the card's play from the values `job` weighed, if the card and the
    /// play are still on the board (the best play lit there).
    fn drill_answer(&mut self, job: &HintJob, at: (usize, usize), values: &[f64]) -> Option<super::Answer>;
    /// `H` with a roll: the job weighing its plays (see `hint_jobs.rs`).
    fn hint_job(&mut self) -> Option<HintJob>;
    /// The hints `job` asked for, `weighed`, if they are this table's and it still stands
    /// as it did.
    fn take_hints(&mut self, lang: crate::words::Lang, job: &HintJob, weighed: &Weighed) -> bool;
    /// The tutor's job for the complete play on the board, if it is to weigh one (the side
    /// to move played by nobody's computer, the play not questioned yet).
    fn tutor_job(&mut self, sides: [Option<Level>; 2]) -> Option<HintJob>;
    /// The tutor's verdict on the play `job` weighed (see `playing.rs`).
    fn tutor_verdict(&mut self, job: &HintJob, weighed: &Weighed, threshold: Option<usize>) -> Option<bool>;
    /// Who is to act now — roll, move, answer a double — or `None` when either side may
    /// (the opening roll, a game or the match over): a match held by a server lets only
    /// that seat act (`live.rs`).
    fn actor(&self) -> Option<crate::rules::Color>;
    /// Takes the match of `other` (the same game's table) as it stands, its marks and
    /// message line cleared when it differs from this one's: whether it did.
    fn adopt(&mut self, other: &(dyn MatchScreen + 'static)) -> bool;
    /// The match as it stands, written out in full: two tables show the same match when
    /// these are equal (steps of the turn in progress included).
    fn fingerprint(&self) -> String;
    /// The players' names (by `Color::index`).
    fn rename(&mut self, names: [String; 2]);
    /// The players' names (by `Color::index`).
    fn names(&self) -> [String; 2];
    /// The match in a few words: its game, its length, its rules when not the game's
    /// own (`Bräde, 3 games`).
    fn describe(&self, lang: crate::words::Lang) -> String;
    /// Who has won the match, once it is over.
    fn match_winner(&self) -> Option<crate::rules::Color>;
}

impl<G: TableGame> MatchScreen for Table<G> {
    fn clone_box(&self) -> Box<dyn MatchScreen> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn save_name(&self) -> Option<&'static str> {
        G::SAVE_NAME
    }

    fn state(&self) -> MatchState {
        let g = &self.game;
        MatchState {
            over: matches!(g.phase, Phase::MatchOver),
            in_progress: g.in_progress(),
            await_roll: matches!(g.phase, Phase::AwaitRoll),
            may_double: g.may_double(),
            forfeit: matches!(g.phase, Phase::Forfeit(_)),
            complete: g.turn().is_some_and(|turn| turn.is_complete()),
            tutor_asks: matches!(self.note, Some(Note::Tutor { .. })),
        }
    }

    fn game_number(&self) -> u32 {
        self.game.game_number()
    }

    fn match_seed(&self, seed: u64) -> u64 {
        let g = &self.game;
        crate::session::match_seed(seed, g.length(), &g.names, g.rules)
    }

    fn computer_to_act(&self, sides: [Option<Level>; 2], overlay: &Overlay) -> Option<Level> {
        Table::computer_to_act(self, sides, overlay)
    }

    fn key(&mut self, desk: &mut Desk, key: Key) -> Leave {
        Table::key(self, desk, key)
    }

    fn beat(&mut self, desk: &mut Desk) -> Beat {
        Table::beat(self, desk)
    }

    fn dice_key(&self, manual: bool) -> DiceClick {
        Table::dice_key(self, manual)
    }

    fn pass(&mut self) {
        self.game.pass();
    }

    fn roll(&mut self, desk: &mut Desk) {
        Table::roll(self, desk);
    }

    fn confirm(&mut self, desk: &mut Desk) {
        Table::confirm(self, desk);
    }

    fn play_typed(&mut self, desk: &mut Desk, text: &str) -> bool {
        Table::play_typed(self, desk, text)
    }

    fn tab(&self, marks: &mut Marks, forward: bool) {
        Table::tab(self, marks, forward);
    }

    fn hint_steps(&self) -> Option<Vec<Step>> {
        self.hint().map(|p| p.steps())
    }

    fn next_steps(&self) -> Vec<Step> {
        self.game.turn().map(|t| t.next_steps()).unwrap_or_default()
    }

    fn turn_in_progress(&self) -> bool {
        self.game.turn().is_some()
    }

    fn computer_choice(&self, level: Level) -> Option<Box<dyn ComputerChoice>> {
        let turn = self.game.turn()?;
        if !turn.taken().is_empty() || turn.is_complete() {
            return None;
        }
        ComputerTurn::of(&self.game, level).map(|c| Box::new(c) as Box<dyn ComputerChoice>)
    }

    fn has_cube(&self) -> bool {
        G::cube(&G::Stake::default()).is_some()
    }

    fn doubled(&self) -> bool {
        matches!(self.game.phase, Phase::Doubled { .. })
    }

    fn snapshot(&self, dice: DiceRecord, computer: [Option<Level>; 2], saved_at: u64) -> SavedMatch {
        SavedMatch::of(&self.game, dice, computer, saved_at)
    }

    fn say(&mut self, note: Option<ShellNote>) {
        self.note = note.map(Note::from);
    }

    fn says_thinking(&self) -> bool {
        matches!(self.note, Some(Note::Thinking))
    }

    fn game_key(&mut self, key: Key) -> bool {
        let note = G::game_key(&self.game, key);
        let known = note.is_some();
        if known {
            self.note = note;
        }
        known
    }

    fn setup_again(&self, lang: crate::words::Lang, computer: [Option<Level>; 2]) -> Option<super::Setup> {
        G::setup_again(lang, &self.game, computer)
    }

    fn menu_entry(&self) -> super::MenuItem {
        G::menu_entry()
    }

    fn resigner(
        &self,
        sides: [Option<Level>; 2],
    ) -> Result<crate::rules::Color, crate::words::resign::ResignRefusal> {
        Table::resigner(self, sides)
    }

    fn resign_levels(&self) -> &'static [crate::game::Resign] {
        G::RESIGNS
    }

    fn offer(&mut self, level: crate::game::Resign, answerer: Option<Level>) -> Overlay {
        Table::offer(self, level, answerer)
    }

    fn answer_resignation(&mut self, level: crate::game::Resign, accepted: bool) {
        Table::answer_resignation(self, level, accepted);
    }

    fn computer_resigns(&mut self, sides: [Option<Level>; 2]) -> Option<Overlay> {
        Table::computer_resigns(self, sides)
    }

    fn tutor_text(&self) -> super::sharing::Done {
        Table::tutor_text(self)
    }

    fn drill_job(&mut self, at: (usize, usize)) -> Option<HintJob> {
        super::card::drill_job(self, at)
    }

    fn drill_answer(&mut self, job: &HintJob, at: (usize, usize), values: &[f64]) -> Option<super::Answer> {
        super::card::drill_answer(self, job, at, values, G::THRESHOLDS)
    }

    fn hint_job(&mut self) -> Option<HintJob> {
        Table::hint_job(self)
    }

    fn take_hints(&mut self, lang: crate::words::Lang, job: &HintJob, weighed: &Weighed) -> bool {
        Table::take_hints(self, lang, job, weighed)
    }

    fn tutor_job(&mut self, sides: [Option<Level>; 2]) -> Option<HintJob> {
        super::playing::tutor_asks(self, sides)
    }

    fn tutor_verdict(&mut self, job: &HintJob, weighed: &Weighed, threshold: Option<usize>) -> Option<bool> {
        super::playing::tutor_verdict(self, job, weighed, threshold.map(|i| G::THRESHOLDS[i]))
    }

    fn actor(&self) -> Option<crate::rules::Color> {
        let g = &self.game;
        match g.phase {
            Phase::Teka { .. } | Phase::GameOver { .. } | Phase::MatchOver => None,
            Phase::Doubled { by } => Some(by.other()),
            _ => Some(g.position.to_move()),
        }
    }

    fn adopt(&mut self, other: &(dyn MatchScreen + 'static)) -> bool {
        let Some(other) = other.of::<G>() else {
            return false;
        };
        if self.fingerprint() == other.fingerprint() {
            return false;
        }
        self.game.clone_from(&other.game);
        // What the match said of itself (a resignation declined, a game won) is said here
        // too; what was said to that seat alone (an Info note) is not.
        self.note = other.note.clone().filter(|n| !matches!(n, Note::Info(_)));
        self.hint = None;
        self.tutor_asked = None;
        true
    }

    fn fingerprint(&self) -> String {
        format!("{:?}", self.game)
    }

    fn rename(&mut self, names: [String; 2]) {
        self.game.names = names;
    }

    fn names(&self) -> [String; 2] {
        self.game.names.clone()
    }

    fn describe(&self, lang: crate::words::Lang) -> String {
        let g = &self.game;
        let mut parts = vec![lang.say(G::NAME).to_string(), G::length_words(lang, g.length())];
        parts.extend(G::rules_in_records(lang, g.rules));
        parts.join(", ")
    }

    fn match_winner(&self) -> Option<crate::rules::Color> {
        matches!(self.game.phase, Phase::MatchOver)
            .then(|| G::match_winner(&self.game.score))
            .flatten()
    }
}

impl Clone for Box<dyn MatchScreen> {
    fn clone(&self) -> Box<dyn MatchScreen> {
        self.clone_box()
    }
}

impl dyn MatchScreen {
    /// The table, when it is of game `G`.
    #[must_use]
    pub fn of<G: TableGame>(&self) -> Option<&Table<G>> {
        self.as_any().downcast_ref()
    }

    /// The table, when it is of game `G`, to change.
    pub fn of_mut<G: TableGame>(&mut self) -> Option<&mut Table<G>> {
        self.as_any_mut().downcast_mut()
    }

    /// The match, when it is of game `G`.
    #[must_use]
    pub fn game<G: TableGame>(&self) -> Option<&Match<G>> {
        self.of::<G>().map(Table::game)
    }
}

/// A match of any game coming on screen, with nothing said yet.
#[must_use]
pub fn table_of<G: TableGame>(game: Match<G>) -> Box<dyn MatchScreen> {
    Box::new(Table::new(game))
}

/// The table in `screen`, if it shows one: a match, a chouette's board, a drill's card, a
/// game played out from the editor.
fn table_in(screen: &Screen) -> Option<&(dyn MatchScreen + 'static)> {
    match screen {
        Screen::Match(t) => Some(t.as_ref()),
        Screen::Chouette(c) => Some(&*c.table),
        Screen::Drill(d) => Some(d.table.as_ref()),
        Screen::Editor(e) => e.playing(),
        _ => None,
    }
}

/// The same, to change.
fn table_in_mut(screen: &mut Screen) -> Option<&mut (dyn MatchScreen + 'static)> {
    match screen {
        Screen::Match(t) => Some(t.as_mut()),
        Screen::Chouette(c) => Some(&mut *c.table),
        Screen::Drill(d) => Some(d.table.as_mut()),
        Screen::Editor(e) => e.playing_mut(),
        _ => None,
    }
}

impl App {
    /// The table on screen, of any game (a match, a chouette's board, a drill's card, a
    /// game played out from the editor).
    #[must_use]
    pub fn table(&self) -> Option<&(dyn MatchScreen + 'static)> {
        table_in(&self.screen)
    }

    /// The table on screen, to change.
    pub(super) fn table_mut(&mut self) -> Option<&mut (dyn MatchScreen + 'static)> {
        table_in_mut(&mut self.screen)
    }

    /// The table on screen when it is of game `G`.
    #[must_use]
    pub fn table_of<G: TableGame>(&self) -> Option<&Table<G>> {
        self.table()?.of::<G>()
    }

    /// The table on screen of game `G`, to change.
    pub(super) fn table_of_mut<G: TableGame>(&mut self) -> Option<&mut Table<G>> {
        self.table_mut()?.of_mut::<G>()
    }

    /// The match on screen when it is of game `G` (a match, a chouette's board, a drill's
    /// card, a game played out from the editor).
    #[must_use]
    pub fn game<G: TableGame>(&self) -> Option<&Match<G>> {
        self.table_of::<G>().map(Table::game)
    }

    /// Runs `f` on the table on screen with what it borrows from the app around it (see
    /// [`Desk`]); `None` when no table is on screen.
    pub(super) fn at_table<T>(
        &mut self,
        f: impl FnOnce(&mut (dyn MatchScreen + 'static), &mut Desk) -> T,
    ) -> Option<T> {
        let mirrored = self.mirrored();
        let App {
            screen,
            dice,
            marks,
            computer,
            overlay,
            ..
        } = self;
        let table = table_in_mut(screen)?;
        let mut desk = Desk {
            mirrored,
            dice,
            marks,
            computer,
            overlay,
        };
        Some(f(table, &mut desk))
    }
}
