//! The position editor, of bräde or backgammon ([`Editor<G>`], the game's part in
//! `edit_game.rs`): set up any position — from a book, a club evening — with the keys or
//! the mouse, on the points, the bar and the trays, its code shown and checked as it
//! changes, then ask for the best plays of a roll, roll it out, or play it out against
//! the computer or a friend. `g` turns it to the other game.
//!
//! Every change is made on the position's code and kept only if the game's rules read it
//! back (at most 15 checkers a side, the rest borne off; no point shared; in bräde no band
//! where R7 allows none): otherwise the board stays as it was and the refusal says why, in
//! words.
//! A code can be typed or pasted (`:`, an XGID too, its dice taken) and the code on
//! screen copied (`y`: to the terminal's clipboard through OSC 52, and shown so that it
//! can be copied by hand; `X` the XGID, `P` writes a picture, `sharing.rs`). A
//! game played out from the editor is practice: it is not saved, and Esc goes back to the
//! editor with the position as it was set up.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

pub use super::edit_game::{EDITOR_ROLLOUT_GAMES, Editable};
use super::hint_jobs::{HintJob, HintPurpose, Moment, Plays, Valued, Weighed, best_first, plays_of};
use super::jobs::{Delivery, Done, Job, Work};
use super::screens::MatchScreen;
use super::sharing::Done as Sharing;
use super::table::Table;
use super::{App, Key, Overlay, Progress, Screen, Slot, SlotKind};
use crate::ai::Level;
use crate::game::{Checkers as _, Kind};
use crate::rules::{Color, OFF, Roll};
use crate::session::Match;
use crate::words::Lang;
use crate::words::sharing::Shared;

/// What the editor says on its message line (`E`: why the game's rules refuse a code).
#[derive(Clone, Debug, PartialEq)]
pub enum EditorNote<E> {
    /// An edit or a code refused: why.
    Refused(E),
    /// A code was copied (OSC 52): the position's code, or (`other`) another program's
    /// name for it (backgammon's GNU Position ID).
    Copied { other: bool },
    /// The best plays of the roll: each in notation with its value (expected points).
    Hints(Vec<(String, f64)>),
    /// H without a roll: digits set one.
    NeedsRoll,
    /// H without a roll in a game with a cube: its decision, in words.
    Cube(String),
    /// H: the computer is weighing the hints (off the event loop).
    Thinking,
    /// A position whose game is over, or with no legal play for the roll.
    NothingToPlay,
    /// The rollout could not be made.
    NoRollout,
    /// Something was shared (`X`, `P`): what.
    Shared(crate::words::sharing::Shared),
}

/// The position editor, of any game.
#[derive(Clone, Debug)]
pub struct Editor<G: Editable> {
    pub position: G::Position,
    pub rules: G::Rules,
    /// The roll to weigh or play (two dice typed as digits).
    pub dice: Vec<u8>,
    /// Whose checker Enter (or a click) adds.
    pub placing: Color,
    pub cursor: Slot,
    pub note: Option<EditorNote<G::Error>>,
    /// A rollout of the position (the side to move), running or done.
    pub progress: Option<Arc<Progress>>,
    /// (Boxed: backgammon's figures are large.)
    pub rollout: Option<Box<G::Rollout>>,
    /// The position being played out, when it is.
    pub play: Option<Box<Table<G>>>,
}

/// A rollout the editor asks for.
#[derive(Clone, Debug)]
pub struct EditorRollout<G: Editable> {
    pub position: G::Position,
    pub rules: G::Rules,
    pub progress: Arc<Progress>,
}

impl<G: Editable> Editor<G> {
    /// The editor at the starting position, White to move.
    #[must_use]
    pub fn new(rules: G::Rules) -> Editor<G> {
        Editor::at(G::start(Color::White), rules)
    }

    /// The editor at `position`.
    #[must_use]
    pub fn at(position: G::Position, rules: G::Rules) -> Editor<G> {
        Editor {
            position,
            rules,
            dice: Vec::new(),
            placing: position.to_move(),
            cursor: Slot { top: false, col: 1 },
            note: None,
            progress: None,
            rollout: None,
            play: None,
        }
    }

    /// The code of the position on screen.
    #[must_use]
    pub fn code(&self) -> String {
        G::code(&self.position)
    }

    /// Another program's name for it (backgammon: GNU Backgammon's Position ID).
    #[must_use]
    pub fn other_code(&self) -> Option<String> {
        G::other_code(&self.position)
    }

    /// The roll typed, when both dice are.
    #[must_use]
    pub fn roll(&self) -> Option<Roll> {
        match self.dice[..] {
            [a, b] => Roll::new(a, b).ok(),
            _ => None,
        }
    }

    /// Whether a side has borne off all its checkers: nothing is left to play.
    fn over(&self) -> bool {
        Color::BOTH
            .iter()
            .any(|&side| self.position.borne_off(side) == 15)
    }

    /// Each colour's checkers (by `Color::index`), from its bar (`[0]`) along its way.
    fn counts(&self) -> [[u8; 25]; 2] {
        Color::BOTH.map(|side| self.position.counts(side))
    }

    /// Takes the position of `code` if the rules read it; otherwise says why.
    fn take(&mut self, code: &str) -> bool {
        match G::read(code, self.position.to_move()) {
            Ok(position) => {
                if position != self.position {
                    self.rollout = None;
                }
                self.position = position;
                self.note = None;
                true
            }
            Err(why) => {
                self.note = Some(EditorNote::Refused(why));
                false
            }
        }
    }

    /// One checker more (`add`) or fewer at the cursor: of the colour placed, or when
    /// removing, of whichever colour stands there. On a tray: one checker borne off or
    /// brought back.
    fn edit(&mut self, add: bool) {
        let slot = self.cursor;
        if slot.kind() == SlotKind::Tray {
            self.tray(add);
            return;
        }
        let mut c = self.counts();
        let at = |side: Color| usize::from(slot.point_in(G::LAYOUT, side));
        let side = if add || c[self.placing.index()][at(self.placing)] > 0 {
            self.placing
        } else {
            // Removing: whoever stands there (the colour placed first).
            self.placing.other()
        };
        let n = &mut c[side.index()][at(side)];
        if add {
            *n += 1;
        } else if *n == 0 {
            return;
        } else {
            *n -= 1;
        }
        self.take(&G::code_of(&c, self.position.to_move()));
    }

    /// On a side's tray: `add` bears off one of its checkers, from the point nearest the
    /// end of its way; otherwise one borne off comes back onto the last point the other
    /// side does not hold.
    fn tray(&mut self, add: bool) {
        let Some(side) = Color::BOTH
            .into_iter()
            .find(|&s| Slot::at(G::LAYOUT, s, OFF) == self.cursor)
        else {
            return;
        };
        let mut c = self.counts();
        let other = c[side.other().index()];
        let own = &mut c[side.index()];
        let point = if add {
            (1..25u8).rev().find(|&t| own[usize::from(t)] > 0)
        } else if self.position.borne_off(side) == 0 {
            None
        } else {
            let free = |t: &u8| {
                let theirs = Slot::at(G::LAYOUT, side, *t).point_in(G::LAYOUT, side.other());
                other[usize::from(theirs)] == 0
            };
            Some((1..25u8).rev().find(free).unwrap_or(24))
        };
        let Some(point) = point else { return };
        let n = &mut own[usize::from(point)];
        *n = if add { *n - 1 } else { *n + 1 };
        self.take(&G::code_of(&c, self.position.to_move()));
    }

    fn edit_key(&mut self, key: Key) -> Option<EditorAct> {
        let cursor = &mut self.cursor;
        match key {
            Key::Left | Key::Char('h') => cursor.col = cursor.col.saturating_sub(1),
            Key::Right | Key::Char('l') => cursor.col = (cursor.col + 1).min(Slot::LAST_COL),
            Key::Up | Key::Char('k') => cursor.top = true,
            Key::Down | Key::Char('j') => cursor.top = false,
            Key::Enter | Key::Char(' ' | '+') => self.edit(true),
            Key::Backspace | Key::Char('x' | '-') => self.edit(false),
            Key::Char('c') => self.placing = self.placing.other(),
            Key::Char('t') => {
                let code = G::code_of(&self.counts(), self.position.to_move().other());
                self.take(&code);
            }
            Key::Char('s') => {
                self.take(&G::code(&G::start(self.position.to_move())));
            }
            Key::Char('n') => {
                let code = G::cleared(&self.counts(), self.position.to_move(), self.placing);
                self.take(&code);
            }
            Key::Char(d @ '1'..='6') => {
                if self.dice.len() == 2 {
                    self.dice.clear();
                }
                self.dice.push(d as u8 - b'0');
                self.note = None;
            }
            Key::Char('0') => self.dice.clear(),
            Key::Char('y') => {
                self.note = Some(EditorNote::Copied { other: false });
                return Some(EditorAct::Copy(self.code()));
            }
            Key::Char('Y') => {
                let id = self.other_code()?;
                self.note = Some(EditorNote::Copied { other: true });
                return Some(EditorAct::Copy(id));
            }
            Key::Char('H') => return self.hints().map(|job| EditorAct::Weigh(Box::new(job))),
            Key::Char('R') if self.over() => self.note = Some(EditorNote::NothingToPlay),
            Key::Char('R') => return Some(EditorAct::Rollout),
            Key::Char('p') => return Some(EditorAct::Play(None)),
            Key::Char('o') => return Some(EditorAct::Play(Some(Level::Hard))),
            Key::Char(':') => return Some(EditorAct::Prompt),
            Key::Char('g') => return Some(EditorAct::OtherGame),
            Key::Esc => return Some(EditorAct::Leave),
            _ => {}
        }
        None
    }

    /// H: the hard level's three best plays of the roll typed, with their values; without
    /// a roll, in a game with a cube, the cube's decision — the job that weighs them
    /// (`hint_jobs.rs`), the message line saying the computer is thinking meanwhile.
    fn hints(&mut self) -> Option<HintJob> {
        if self.over() {
            self.note = Some(EditorNote::NothingToPlay);
            return None;
        }
        let weighing = match self.roll() {
            None => match G::cube_weighing(&self.position) {
                Some(weighing) => weighing,
                None => {
                    self.note = Some(EditorNote::NeedsRoll);
                    return None;
                }
            },
            Some(roll) => {
                let plays = G::legal_plays(&self.position, roll, self.rules);
                if plays.is_empty() {
                    self.note = Some(EditorNote::NothingToPlay);
                    return None;
                }
                Box::new(Valued::<G>(Plays {
                    plays,
                    goal: None,
                    rules: self.rules,
                    level: Level::Hard,
                }))
            }
        };
        self.note = Some(EditorNote::Thinking);
        Some(HintJob {
            purpose: HintPurpose::Editor,
            weighing,
            moment: self.moment(),
        })
    }

    /// The editor's moment: its position and the roll typed (a hint is shown only while
    /// they are what it was asked for).
    fn moment(&self) -> Moment {
        Moment {
            at: (0, 0),
            position: self.code(),
            roll: self.roll(),
            steps: Vec::new(),
        }
    }

    /// The match that plays the position out, `computer` playing the side not to move.
    fn match_out(&self, lang: crate::words::Lang, computer: Option<Level>) -> Match<G> {
        let turn = self.position.to_move();
        let names = Color::BOTH.map(|side| match computer {
            Some(level) if side != turn => crate::words::names::computer_name(lang, level.label()),
            _ => crate::words::names::color_name(lang, side).to_string(),
        });
        let mut game = Match::from_position(&names[0], &names[1], 1, self.position).by_rules(self.rules);
        if let Some(roll) = self.roll() {
            game.roll(roll);
        }
        game
    }
}

/// What an editor key asks of the app.
#[derive(Debug)]
pub enum EditorAct {
    Copy(String),
    Weigh(Box<HintJob>),
    Rollout,
    Play(Option<Level>),
    Prompt,
    OtherGame,
    Leave,
}

/// How an editor is drawn into a terminal buffer of `area`: the front end (`ui`)
/// implements it for every game's editor; the app only declares it.
pub trait DrawEditor {
    fn draw(&self, buf: &mut Buffer, area: Rect, app: &App);
}

/// The position editor of any game, as the app's routing, its jobs and sharing ask of it.
pub trait EditorScreen: DrawEditor + Debug {
    /// A copy, boxed.
    fn clone_box(&self) -> Box<dyn EditorScreen>;
    /// The editor itself, for the code of one game (which knows its type).
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// Its game.
    fn kind(&self) -> Kind;
    /// Whether its game is played with the doubling cube.
    fn has_cube(&self) -> bool;
    /// The game played out from it, while one is.
    fn playing(&self) -> Option<&(dyn MatchScreen + 'static)>;
    fn playing_mut(&mut self) -> Option<&mut (dyn MatchScreen + 'static)>;
    /// Back from the game played out to the position as it was set up.
    fn stop_playing(&mut self);
    /// An editor's key (not while a game is played out).
    fn key(&mut self, key: Key) -> Option<EditorAct>;
    /// Starts a rollout of the position, unless one runs (one at a time); whether it did.
    fn start_rollout(&mut self) -> bool;
    /// Plays the position out, `computer` playing the side not to move; that side.
    fn play_out(&mut self, lang: Lang, computer: Option<Level>) -> Color;
    /// A click on the board: the cursor there, and a checker placed.
    fn click(&mut self, slot: Slot);
    /// A code typed or pasted: taken if the game's rules read it (else the note says why);
    /// the dice it carries (an XGID's) taken too.
    fn take_code(&mut self, code: &str) -> bool;
    /// The side to move.
    fn to_move(&self) -> Color;
    /// The rollout asked for, as a job.
    fn rollout_job(&self) -> Option<Job>;
    /// What `job` weighed for the editor, shown if it still stands at the position and
    /// roll it was asked for; whether it was.
    fn weighed(&mut self, lang: Lang, job: &HintJob, weighed: &Weighed) -> bool;
    /// The message line, if it still says the computer is thinking, cleared.
    fn forget_thinking(&mut self);
    /// `X` or `P` on the position (not while a game is played out).
    fn share(&mut self, key: char) -> Option<Sharing>;
    /// Says what was shared.
    fn say_shared(&mut self, shared: Shared);
}

impl<G: Editable> EditorScreen for Editor<G>
where
    Editor<G>: DrawEditor,
{
    fn clone_box(&self) -> Box<dyn EditorScreen> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn kind(&self) -> Kind {
        Kind::of_save(G::SAVE_NAME).unwrap_or(Kind::ALL[0])
    }

    fn has_cube(&self) -> bool {
        G::cube(&G::Stake::default()).is_some()
    }

    fn playing(&self) -> Option<&(dyn MatchScreen + 'static)> {
        self.play.as_deref().map(|t| t as &(dyn MatchScreen + 'static))
    }

    fn playing_mut(&mut self) -> Option<&mut (dyn MatchScreen + 'static)> {
        self.play
            .as_deref_mut()
            .map(|t| t as &mut (dyn MatchScreen + 'static))
    }

    fn stop_playing(&mut self) {
        self.play = None;
    }

    fn key(&mut self, key: Key) -> Option<EditorAct> {
        self.edit_key(key)
    }

    fn start_rollout(&mut self) -> bool {
        if self.progress.is_some() {
            return false;
        }
        self.rollout = None;
        self.progress = Some(Arc::new(Progress::default()));
        true
    }

    fn play_out(&mut self, lang: Lang, computer: Option<Level>) -> Color {
        self.play = Some(Box::new(Table::new(self.match_out(lang, computer))));
        self.position.to_move().other()
    }

    fn click(&mut self, slot: Slot) {
        self.cursor = slot;
        self.edit(true);
    }

    fn take_code(&mut self, code: &str) -> bool {
        let taken = self.take(code);
        if let Some((a, b)) = G::dice_in(code) {
            self.dice = vec![a, b];
        }
        taken
    }

    fn to_move(&self) -> Color {
        self.position.to_move()
    }

    fn rollout_job(&self) -> Option<Job> {
        let job = EditorRollout::<G> {
            position: self.position,
            rules: self.rules,
            progress: Arc::clone(self.progress.as_ref()?),
        };
        Some(Job::EditorRollout(Box::new(job)))
    }

    fn weighed(&mut self, lang: Lang, job: &HintJob, weighed: &Weighed) -> bool {
        if self.play.is_some() || self.moment() != job.moment {
            return false;
        }
        if let Some(cube) = G::cube_note(lang, weighed) {
            self.note = Some(EditorNote::Cube(cube));
            return true;
        }
        let (Weighed::Values(values), Some(plays)) = (weighed, plays_of::<G>(job.weighing.as_ref())) else {
            return false;
        };
        if values.len() != plays.plays.len() {
            return false;
        }
        let best = best_first(values).into_iter().take(3);
        let shown = best.map(|i| (G::play_of(&plays.plays[i]).to_string(), values[i]));
        self.note = Some(EditorNote::Hints(shown.collect()));
        true
    }

    fn forget_thinking(&mut self) {
        if matches!(self.note, Some(EditorNote::Thinking)) {
            self.note = None;
        }
    }

    fn share(&mut self, key: char) -> Option<Sharing> {
        if self.play.is_some() {
            return None;
        }
        match key {
            'P' => Some((None, Some(G::picture(self)))),
            _ => G::editor_text(self),
        }
    }

    fn say_shared(&mut self, shared: Shared) {
        if self.play.is_none() {
            self.note = Some(EditorNote::Shared(shared));
        }
    }
}

impl Clone for Box<dyn EditorScreen> {
    fn clone(&self) -> Box<dyn EditorScreen> {
        self.clone_box()
    }
}

impl dyn EditorScreen {
    /// The editor, when it is of game `G`.
    #[must_use]
    pub fn of<G: Editable>(&self) -> Option<&Editor<G>> {
        self.as_any().downcast_ref()
    }

    /// The editor, when it is of game `G`, to change.
    pub fn of_mut<G: Editable>(&mut self) -> Option<&mut Editor<G>> {
        self.as_any_mut().downcast_mut()
    }
}

/// The editor of `G` at `position` (the start position without one), as the screen that
/// shows it.
#[must_use]
pub fn editor_screen<G: Editable>(position: Option<G::Position>, rules: G::Rules) -> Box<dyn EditorScreen>
where
    Editor<G>: DrawEditor,
{
    Box::new(match position {
        Some(p) => Editor::at(p, rules),
        None => Editor::new(rules),
    })
}

impl<G: Editable> Work for EditorRollout<G> {
    fn run(self: Box<Self>) -> Done {
        let rollout = super::edit_game::roll_out_job(&self).map(Box::new);
        Done::EditorRollout(Box::new(RolledOut { job: *self, rollout }))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The editor's rollout done (none when it could not be made).
#[derive(Debug)]
pub struct RolledOut<G: Editable> {
    pub job: EditorRollout<G>,
    pub rollout: Option<Box<G::Rollout>>,
}

impl<G: Editable> Delivery for RolledOut<G> {
    fn deliver(self: Box<Self>, app: &mut App) {
        app.editor_rollout_ready(&self.job, self.rollout);
    }
}

impl App {
    /// The position editor of `kind`, at its start position or at the position of `code`
    /// (its rules from the settings, where the game has any).
    pub(super) fn open_editor(&mut self, kind: Kind, code: Option<&str>) {
        let settings = self.settings;
        self.screen = Screen::Editor(crate::with_game!(kind, G => {
            let position = code.and_then(|c| G::read(c, Color::White).ok());
            editor_screen::<G>(position, G::editor_rules(&settings))
        }));
    }

    /// The editor on screen.
    fn editor_mut(&mut self) -> Option<&mut Box<dyn EditorScreen>> {
        match &mut self.screen {
            Screen::Editor(e) => Some(e),
            _ => None,
        }
    }

    /// The editor of game `G` on screen.
    #[must_use]
    pub fn editor_of<G: Editable>(&self) -> Option<&Editor<G>> {
        match &self.screen {
            Screen::Editor(e) => e.of::<G>(),
            _ => None,
        }
    }

    pub(super) fn editor_key(&mut self, key: Key) {
        let lang = self.lang();
        let Some(e) = self.editor_mut() else {
            return;
        };
        if e.playing().is_some() {
            if key == Key::Esc {
                e.stop_playing();
                self.computer.sides = [None, None];
            } else {
                self.match_key(key);
            }
            return;
        }
        match e.key(key) {
            None => {}
            Some(EditorAct::Copy(code)) => self.clipboard = Some(super::sharing::Outgoing::Clipboard(code)),
            Some(EditorAct::Weigh(job)) => self.computer.weighing.ask(*job),
            Some(EditorAct::Rollout) if e.start_rollout() => self.editor_rollout_wanted = true,
            Some(EditorAct::Rollout) => {}
            Some(EditorAct::Play(computer)) => {
                let other = e.play_out(lang, computer);
                let mut sides = [None, None];
                if let Some(level) = computer {
                    sides[other.index()] = Some(level);
                }
                self.computer.sides = sides;
                self.fresh_dice();
            }
            Some(EditorAct::Prompt) => self.overlay = Overlay::Prompt(String::new()),
            Some(EditorAct::OtherGame) => {
                let kind = e.kind();
                let next = Kind::ALL[(kind.index() + 1) % Kind::ALL.len()];
                self.open_editor(next, None);
            }
            Some(EditorAct::Leave) => self.back_to_start(super::MenuItem::Editor),
        }
    }

    /// A click on the board of the editor: the cursor there, and a checker placed.
    pub(super) fn editor_click(&mut self, slot: Slot) {
        if let Some(e) = self.editor_mut() {
            e.click(slot);
        }
    }

    /// A code typed or pasted after `:` in the editor: taken if the game's rules read it;
    /// one that only another game's rules read opens that game's editor.
    pub(super) fn editor_code(&mut self, text: &str) {
        let text = text.trim();
        let Some(e) = self.editor_mut() else { return };
        if e.take_code(text) {
            return;
        }
        let (kind, turn) = (e.kind(), e.to_move());
        let other = Kind::ALL.into_iter().filter(|&k| k != kind).find_map(|k| {
            crate::with_game!(k, G => G::read(text, turn).ok().map(|p| {
                let settings = self.settings;
                editor_screen::<G>(Some(p), G::editor_rules(&settings))
            }))
        });
        if let Some(mut editor) = other {
            editor.take_code(text);
            self.screen = Screen::Editor(editor);
        }
    }

    /// Whether an editor (not a game played out from it) is on screen.
    pub(super) fn editing(&self) -> bool {
        matches!(&self.screen, Screen::Editor(e) if e.playing().is_none())
    }

    /// The rollout the editor asks for, once.
    pub(super) fn editor_rollout_request(&mut self) -> Option<Job> {
        if !std::mem::take(&mut self.editor_rollout_wanted) {
            return None;
        }
        match &self.screen {
            Screen::Editor(e) => e.rollout_job(),
            _ => None,
        }
    }

    /// A rollout is done: the editor's, if it still waits for this one.
    fn editor_rollout_ready<G: Editable>(
        &mut self,
        job: &EditorRollout<G>,
        rollout: Option<Box<G::Rollout>>,
    ) {
        let Some(e) = self.editor_mut().and_then(|e| e.of_mut::<G>()) else {
            return;
        };
        if e.progress.as_ref().is_some_and(|p| Arc::ptr_eq(p, &job.progress)) {
            e.progress = None;
            match rollout {
                None => e.note = Some(EditorNote::NoRollout),
                Some(r) if e.position == job.position => e.rollout = Some(r),
                Some(_) => {}
            }
        }
    }

    /// The editor's hints weighed: shown if the editor still stands at the position and
    /// roll they were asked for. Whether they were.
    pub(super) fn editor_hint_done(&mut self, job: &HintJob, weighed: Weighed) -> bool {
        let lang = self.lang();
        self.editor_mut().is_some_and(|e| e.weighed(lang, job, &weighed))
    }

    /// The text to copy to the terminal's clipboard (OSC 52), taken once.
    pub fn take_clipboard(&mut self) -> Option<String> {
        match self.clipboard.take() {
            Some(super::sharing::Outgoing::Clipboard(text)) => Some(text),
            other => {
                self.clipboard = other;
                None
            }
        }
    }
}
