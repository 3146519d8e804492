//! The application state: screens, the match, the cursor, and what every key does.
//!
//! Nothing here touches the terminal: input arrives as [`Input`] values and the state is
//! read by `ui`, so the whole game can be driven and checked in tests. Legality is always
//! the rules engine's ([`crate::rules::Turn`]); this module only routes intentions to it.
//!
//! [`App::handle`] routes a key: first to the overlay on top (`overlays.rs`), then to the
//! keys every screen shares (help, quit), then to the screen's own file — `start.rs`,
//! `setup.rs`, `settings.rs`, `records.rs`, `replay.rs`, `playing.rs` (the match);
//! `computer.rs` plays the computer's turns; `jobs.rs` says what work is to run off the
//! event loop (the computer's choice, analyses, the records listed); `saving.rs` when the
//! match is saved (after every change to it).

mod computer;
mod jobs;
mod overlays;
mod playing;
mod records;
mod replay;
mod saving;
mod settings;
mod setup;
mod slot;
mod start;
mod statistics;

use std::collections::VecDeque;

pub use crate::store::RecordEntry;
pub use computer::{ComputerTurn, goal};
pub use jobs::{Done, Job};
pub use records::RecordsList;
pub use replay::{AnalysisJob, Progress, Replay, ReplayBack, ReplayError};
pub use saving::{Save, Saved};
pub use setup::{ComputerPlays, Setup, SetupField};
pub use slot::{Slot, SlotKind};
pub use start::{MenuItem, ResumeOffer};
pub use statistics::Statistics;

use crate::ai::Level;
use crate::rules::{Color, Step};
use crate::session::{DiceSource, Match, Phase, SeededDice, match_seed, next_seed};
use crate::settings::{Numbering, Settings, ThemeName};
use crate::store::SavedMatch;
use crate::store::format::DiceRecord;
use crate::words::{Lang, Note};

/// A key, as the app understands it (the terminal layer translates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Esc,
    Backspace,
    Tab,
    BackTab,
    Left,
    Right,
    Up,
    Down,
    PageUp,
    PageDown,
    Home,
    End,
    F1,
    CtrlC,
}

/// Input to the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Key(Key),
    /// A mouse click on a board slot.
    Click(Slot),
    /// A click on the dice: roll, confirm the play, pass the turn, go on.
    Dice,
    /// A right click: take back a move.
    RightClick,
    /// The pointer is over this slot (or off the board).
    Hover(Option<Slot>),
    /// A click on an entry of a menu or form (by its index among those shown): the start
    /// menu's entries, the setup form's fields and button, the settings.
    Choose(usize),
}

/// Which screen is shown.
#[derive(Clone, Debug)]
pub enum Screen {
    /// The start menu, with the highlighted entry of [`App::menu`].
    Start {
        item: usize,
    },
    Setup(Setup),
    /// The settings, with the highlighted line.
    Settings {
        item: usize,
    },
    /// The finished matches, with the highlighted one.
    Records {
        item: usize,
    },
    /// A match replayed turn by turn.
    Replay(Box<Replay>),
    /// Per player figures over the records.
    Statistics(Box<Statistics>),
    Match(Box<Match>),
}

/// A layer over the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    /// The rules and keys, scrolled this many lines.
    Help {
        scroll: u16,
    },
    /// "Quit the match in progress?"
    ConfirmQuit,
    /// Typing a play in notation after `:`.
    Prompt(String),
}

/// The whole application state.
#[derive(Debug)]
pub struct App {
    pub lang: Lang,
    pub screen: Screen,
    pub overlay: Overlay,
    pub note: Option<Note>,
    /// The board cursor and the picked checker (in the mover's numbering).
    pub cursor: Slot,
    /// The slot under the mouse pointer, if any.
    pub hover: Option<Slot>,
    /// The best play `H` found for the roll on the board, marked there until a move.
    pub hint: Option<crate::rules::Play>,
    /// The play the tutor has questioned this turn (Enter then plays it).
    pub tutor_asked: Option<crate::rules::Play>,
    pub picked: Option<u8>,
    /// Set when the program should end.
    pub quit: bool,
    /// A saved match to offer, and a message about the save (e.g. a bad file set aside).
    pub resume: Option<Box<ResumeOffer>>,
    pub notice: Option<String>,
    /// Set when a new match replaces an unfinished saved one (which must be kept).
    pub replaces_saved: bool,
    /// The dice generator's seed (when known) and how many dice it has given.
    pub dice_seed: Option<u64>,
    pub dice_drawn: u64,
    /// The match on screen changed since the last save was taken (or was resumed): a
    /// save is due (see `saving.rs`).
    due_to_save: bool,
    /// Dice typed in (manual dice), counted apart from those drawn, and which of the
    /// match's rolls they were (numbered from 0 in the order rolled, teka first).
    pub dice_typed: u64,
    pub typed_rolls: Vec<u64>,
    /// The match on screen is played with real dice ([`App::manual_dice`]), and whether
    /// it was resumed from a save whose dice come from its seed itself (before format 3).
    match_manual: bool,
    dice_legacy: bool,
    /// Why the last save failed, until a save succeeds again: the quit dialog says it,
    /// and the program ends with a failure status.
    pub save_failed: Option<String>,
    /// The match is saved as it goes (there is a data directory): the quit dialog says it
    /// can be resumed.
    pub saving: bool,
    /// The data directory is another process's (or unusable): why, for the start screen,
    /// which then offers only what needs no saving.
    pub read_only: Option<String>,
    /// The digits of manual dice typed so far.
    pub dice_entry: String,
    pub settings: Settings,
    /// Set when the settings changed and should be written.
    pub settings_dirty: bool,
    /// `NO_COLOR` is set: no colours whatever the theme.
    pub no_color: bool,
    /// The finished matches, for the Records and Statistics screens, and where their
    /// listing stands.
    pub records: Vec<RecordEntry>,
    pub records_list: RecordsList,
    /// The match on screen is over and already in the records.
    pub archived: bool,
    /// The computer's level for each side it plays (by `Color::index`).
    pub computer: [Option<Level>; 2],
    /// The computer's chosen steps still to be shown, and whether it is choosing.
    pub pending: VecDeque<Step>,
    pub thinking: bool,
    dice: Box<dyn DiceSource>,
}

impl App {
    /// The app on its start screen.
    #[must_use]
    pub fn new(lang: Lang, dice: Box<dyn DiceSource>) -> App {
        App {
            lang,
            screen: Screen::Start { item: 0 },
            overlay: Overlay::None,
            note: None,
            cursor: Slot { top: false, col: 1 },
            hover: None,
            hint: None,
            tutor_asked: None,
            picked: None,
            quit: false,
            resume: None,
            notice: None,
            replaces_saved: false,
            dice_seed: None,
            dice_drawn: 0,
            due_to_save: false,
            dice_typed: 0,
            typed_rolls: Vec::new(),
            match_manual: false,
            dice_legacy: false,
            save_failed: None,
            saving: false,
            read_only: None,
            dice_entry: String::new(),
            settings: Settings {
                language: lang,
                ..Settings::default()
            },
            settings_dirty: false,
            no_color: false,
            records: Vec::new(),
            records_list: RecordsList::default(),
            archived: false,
            computer: [None, None],
            pending: VecDeque::new(),
            thinking: false,
            dice,
        }
    }

    /// Applies settings (as read from the config file); the language follows them, and
    /// a match on screen that has rolled nothing yet takes their choice of dice.
    pub fn apply_settings(&mut self, settings: Settings) {
        self.settings = settings;
        self.lang = settings.language;
        if self.dice_drawn == 0 && self.dice_typed == 0 {
            self.match_manual = settings.manual_dice;
        }
    }

    /// Whether the match on screen is played with real dice, typed in: chosen when it
    /// began (the setting then), and kept with it (its save says so).
    #[must_use]
    pub fn manual_dice(&self) -> bool {
        self.match_manual
    }

    /// The theme to draw with.
    #[must_use]
    pub fn theme(&self) -> ThemeName {
        self.settings.effective_theme(self.no_color)
    }

    /// The side whose numbers label the points.
    #[must_use]
    pub fn label_side(&self, mover: Color) -> Color {
        match self.settings.numbering {
            Numbering::Mover => mover,
            Numbering::White => Color::White,
        }
    }

    /// Uses seeded dice that have already given `drawn` dice (to continue a match with
    /// the dice it would have had): for the match on screen, drawn from `seed` bound to its
    /// length and players ([`match_seed`]; from `seed` itself for a match resumed from a
    /// save before that).
    pub fn seed_dice(&mut self, seed: u64, drawn: u64) {
        let bound = match self.game() {
            Some(g) if !self.dice_legacy => match_seed(seed, g.score.games(), &g.names, g.rules),
            _ => seed,
        };
        let mut dice = SeededDice::from_seed(bound);
        for _ in 0..drawn {
            dice.die();
        }
        self.dice = Box::new(dice);
        self.dice_seed = Some(seed);
        self.dice_drawn = drawn;
    }

    fn die(&mut self) -> u8 {
        self.dice_drawn += 1;
        self.dice.die()
    }

    /// A new match (on screen) begins: its dice are counted from zero, drawn from a seed of
    /// their own (derived from the last one when that gave dice, so that a seeded session
    /// stays reproducible) bound to the match, or typed if the settings say so. A save then
    /// accounts for its own match's dice only.
    fn fresh_dice(&mut self) {
        match self.dice_seed {
            Some(seed) if self.dice_drawn > 0 => self.begin_match(next_seed(seed, self.dice_drawn)),
            Some(seed) => self.begin_match(seed),
            // Dice given by the caller (a script), not from a seed: they go on.
            None => {
                self.begin_counting();
                self.dice_drawn = 0;
            }
        }
    }

    /// The match on screen begins with dice from `seed` (or typed, as the settings say).
    pub fn begin_match(&mut self, seed: u64) {
        self.begin_counting();
        self.seed_dice(seed, 0);
    }

    /// The dice of the match on screen counted from its beginning, of the kind the settings
    /// choose.
    fn begin_counting(&mut self) {
        self.dice_legacy = false;
        self.match_manual = self.settings.manual_dice;
        self.dice_typed = 0;
        self.typed_rolls.clear();
    }

    /// The app already in a match (`brade play …`).
    #[must_use]
    pub fn with_match(lang: Lang, dice: Box<dyn DiceSource>, white: &str, black: &str, games: u32) -> App {
        let mut app = App::new(lang, dice);
        app.screen = Screen::Match(Box::new(Match::new(white, black, games)));
        app
    }

    /// The app showing the given match.
    #[must_use]
    pub fn playing(lang: Lang, dice: Box<dyn DiceSource>, game: Match) -> App {
        let mut app = App::new(lang, dice);
        app.screen = Screen::Match(Box::new(game));
        app
    }

    /// The match, when one is on screen.
    #[must_use]
    pub fn game(&self) -> Option<&Match> {
        match &self.screen {
            Screen::Match(g) => Some(g),
            _ => None,
        }
    }

    fn game_mut(&mut self) -> Option<&mut Match> {
        match &mut self.screen {
            Screen::Match(g) => Some(g),
            _ => None,
        }
    }

    /// The match on screen as it would be saved now, if there is one.
    #[must_use]
    pub fn snapshot(&self) -> Option<SavedMatch> {
        self.snapshot_at(crate::store::now())
    }

    /// The match on screen as a save at `saved_at` would hold it.
    fn snapshot_at(&self, saved_at: u64) -> Option<SavedMatch> {
        let dice = DiceRecord {
            // A match with real dice draws none: its seed says nothing.
            seed: self.dice_seed.filter(|_| !self.match_manual),
            drawn: self.dice_drawn,
            typed: self.dice_typed,
            typed_rolls: self.typed_rolls.clone(),
            manual: self.match_manual,
            legacy: self.dice_legacy,
        };
        Some(SavedMatch::of(self.game()?, dice, self.computer, saved_at))
    }

    /// The legal next steps of the turn in progress.
    #[must_use]
    pub fn next_steps(&self) -> Vec<Step> {
        self.game()
            .and_then(Match::turn)
            .map(|t| t.next_steps())
            .unwrap_or_default()
    }

    /// Handles one input (a save is due if it changed the match on screen).
    pub fn handle(&mut self, input: Input) {
        self.watching(|app| app.input(input));
    }

    fn input(&mut self, input: Input) {
        match input {
            Input::Key(key) => self.key(key),
            Input::Click(slot) => {
                if self.overlay == Overlay::None && self.game().is_some() {
                    self.cursor = slot;
                    self.key(Key::Enter);
                }
            }
            Input::Dice => self.dice_clicked(),
            Input::RightClick => {
                if self.overlay == Overlay::None && self.game().and_then(Match::turn).is_some() {
                    self.key(Key::Backspace);
                }
            }
            Input::Hover(slot) => self.hover = slot,
            Input::Choose(i) if self.overlay == Overlay::None => self.choose(i),
            Input::Choose(_) => {}
        }
    }

    /// A click on entry `i` of the menu or form on screen: it is chosen, as if the cursor
    /// had been moved there and Enter pressed (a choice field changes to its next value, a
    /// name field takes the typing).
    fn choose(&mut self, i: usize) {
        match &mut self.screen {
            Screen::Start { item } | Screen::Settings { item } => {
                *item = i;
                self.key(Key::Enter);
            }
            Screen::Setup(form) => {
                let Some(&field) = form.fields().get(i) else {
                    return;
                };
                form.field = field;
                match field {
                    SetupField::Start => self.key(Key::Enter),
                    SetupField::Name(_) => {}
                    _ => self.key(Key::Right),
                }
            }
            _ => {}
        }
    }

    fn key(&mut self, key: Key) {
        if self.overlay != Overlay::None {
            self.overlay_key(key);
            return;
        }
        // In the records, a replay, the statistics and at the end of a match, q and Esc go
        // back.
        let match_over = self.game().is_some_and(|g| matches!(g.phase, Phase::MatchOver));
        if (match_over
            || matches!(
                self.screen,
                Screen::Records { .. } | Screen::Replay(_) | Screen::Statistics(_)
            ))
            && key == Key::Char('q')
        {
            self.key(Key::Esc);
            return;
        }
        // While a name is being typed, letters are letters.
        let typing = matches!(&self.screen, Screen::Setup(f) if f.field.is_name());
        match key {
            Key::F1 => {
                self.overlay = Overlay::Help { scroll: 0 };
                return;
            }
            Key::Char('?') if !typing => {
                self.overlay = Overlay::Help { scroll: 0 };
                return;
            }
            Key::CtrlC => {
                self.ctrl_c();
                return;
            }
            Key::Char('q') if !typing => {
                self.ask_quit();
                return;
            }
            _ => {}
        }
        match &mut self.screen {
            Screen::Start { .. } => self.start_key(key),
            Screen::Setup(_) => self.setup_key(key),
            Screen::Settings { .. } => self.settings_key(key),
            Screen::Records { .. } => self.records_key(key),
            Screen::Statistics(_) => self.statistics_key(key),
            Screen::Replay(_) => self.replay_key(key),
            Screen::Match(_) => self.match_key(key),
        }
        self.automatic();
    }

    /// The automatic settings: roll when a turn begins, pass a turn that cannot be
    /// played, confirm a complete play. Bounded, so that one key never runs a game.
    fn automatic(&mut self) {
        if self.overlay != Overlay::None {
            return;
        }
        for _ in 0..3 {
            let Some(game) = self.game() else { return };
            match &game.phase {
                Phase::AwaitRoll if self.settings.auto_roll && !self.match_manual => self.roll(),
                Phase::Forfeit(_) if self.settings.auto_pass => self.pass_turn(),
                // (Not over the tutor's question: that waits for the player.)
                Phase::Moving(turn)
                    if self.settings.auto_confirm
                        && turn.is_complete()
                        && !matches!(self.note, Some(Note::Tutor { .. })) =>
                {
                    self.confirm();
                }
                _ => return,
            }
        }
    }

    /// Ctrl-C quits at once (every change is already saved), unless the last save
    /// failed: then the quit dialog says so first.
    fn ctrl_c(&mut self) {
        if self.save_failed.is_some() {
            self.overlay = Overlay::ConfirmQuit;
        } else {
            self.quit = true;
        }
    }

    /// `q`: quit, asking first when a match is in progress or the last save failed.
    fn ask_quit(&mut self) {
        if self.save_failed.is_some() || self.game().is_some_and(Match::in_progress) {
            self.overlay = Overlay::ConfirmQuit;
        } else {
            self.quit = true;
        }
    }
}
