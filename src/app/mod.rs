//! The application state: screens, the match, the cursor, and what every key does.
//!
//! Nothing here touches the terminal: input arrives as [`Input`] values and the state is
//! read by `ui`, so the whole game can be driven and checked in tests. Legality is always
//! the rules engine's ([`crate::brade::Turn`]); this module only routes intentions to it.
//!
//! [`App::handle`] routes a key: first to the overlay on top (`overlays.rs`), then to the
//! keys every screen shares (help, quit), then to the screen's own file — `start.rs`,
//! `setup.rs`, `settings.rs`, `records.rs`, `replay.rs`, `table.rs` (the match, of any
//! game) with `playing.rs` (what the app does around it);
//! `computer.rs` plays the computer's turns, `dice.rs` keeps the count of the dice;
//! `lobby.rs` is a club's lobby and `live.rs` a seat at a match a server holds (`brade
//! serve`: the app only shows and asks, the server holds).
//! Around the screens: `launch.rs` (how the command line opens the app), `saving.rs` (when
//! the match is saved: after every change to it), `jobs.rs` (the work run off the event
//! loop: the computer's choice, hints, analyses, the records listed).

pub mod backgammon;
pub mod brade;
mod card;
mod computer;
mod dice;
mod edit_game;
mod editor;
pub mod help;
mod hint_jobs;
mod in_progress;
mod jobs;
mod launch;
mod leaving;
mod live;
mod lobby;
mod overlays;
mod playing;
mod records;
mod replay;
pub mod resign;
mod saving;
mod screens;
mod settings;
mod setup;
mod sharing;
mod slot;
mod start;
mod statistics;
mod table;
mod trainer;
mod verdict;

pub use crate::store::RecordEntry;
pub use backgammon::chouette::{ChouetteForm, ChouetteNote, ChouetteTable, Stage as ChouetteStage};
pub use backgammon::cube_jobs::{CubeAsk, CubeJob, CubePurpose};
pub use card::{Answer, CubeAnswer, card_table_of};
pub use computer::{ComputerChoice, ComputerTurn, goal};
pub use editor::{
    DrawEditor, EDITOR_ROLLOUT_GAMES, Editable, Editor, EditorAct, EditorNote, EditorRollout, EditorScreen,
    RolledOut, editor_screen,
};
pub use hint_jobs::{Plays, Weighable};
pub use jobs::{Delivery, Done, HintJob, HintPurpose, Job, Moment, Valued, Weighed, Weighing, Work};
pub use launch::{Launch, Opening};
pub use leaving::QuitChoice;
pub use live::{Live, held_from_save, held_rolls, held_save};
pub use lobby::{Doing, Entry, LobbyRequest, Roster};
pub use replay::{
    Analysed, AnalysisJob, DrawReplay, Progress, Replay, ReplayBack, ReplayError, ReplayGame, ReplaySaid,
    ReplayScreen, Reviewed, replay_screen,
};
pub use saving::{Failure, Save, Saved};
pub use screens::{Draw, MatchScreen, TableGame, table_of};
pub use setup::{ComputerPlays, POINTS_CHOICES, STAKES_CHOICES, Setup, SetupField};
pub use sharing::{Done as Sharing, Outgoing, Shares};
pub use slot::{Slot, SlotKind};
pub use start::{MenuItem, ResumeOffer};
pub use statistics::Statistics;
pub use table::Table;
pub use trainer::{Drill, Said, Trainer, TrainerData};
pub use verdict::{Checked, Running, Verdicts, VerifyJob};

use computer::Computer;
use dice::Dice;
use records::{Records, RecordsList};
use saving::Saving;

use crate::ai::Level;
use crate::rules::{Color, Step};
use crate::session::{DiceSource, Match};
use crate::settings::{Numbering, Settings, ThemeName};
use crate::store::SavedMatch;
use crate::words::notes::ShellNote;
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
    /// A click on the doubling cube: double (before the roll) or take the double.
    Cube,
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
    /// The matches and chouettes in progress, with the highlighted one (and the question
    /// whether to put it away in the records).
    InProgress {
        item: usize,
        set_aside: bool,
    },
    /// A match replayed turn by turn, of any game.
    Replay(Box<dyn ReplayScreen>),
    /// Per player figures over the records.
    Statistics(Box<Statistics>),
    /// A match being played, of any game.
    Match(Box<dyn MatchScreen>),
    /// A chouette's form: its players and options.
    ChouetteForm(ChouetteForm),
    /// A chouette being played: the line-up, the board, the cubes, the scores.
    Chouette(ChouetteTable),
    /// The trainer's form: whose mistakes, from which mark, what is due.
    Trainer(Box<Trainer>),
    /// A club's lobby (a server's session), with the highlighted line.
    Lobby {
        item: usize,
    },
    /// A card of the trainer being drilled.
    Drill(Drill),
    /// The position editor of any game (and a game played out from it).
    Editor(Box<dyn EditorScreen>),
}

/// A layer over the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    /// The help: the screen's keys and the rules, opened where the player is.
    Help(Box<help::Help>),
    /// "Quit the match in progress?"
    ConfirmQuit,
    /// Typing a play in notation after `:`.
    Prompt(String),
    /// Offering to resign, or answering the offer.
    Resign(resign::Resigning),
}

/// The whole application state. Its fields are the app's own: `ui`, the terminal layer
/// and the tests read them through the getters below, and change them only through what
/// happens — an input ([`App::handle`]), a beat of the computer ([`App::tick`]), a job
/// done ([`App::job_done`]), a save made ([`App::saved`]) — or as the command line opens
/// the app ([`App::launch`]).
#[derive(Debug)]
pub struct App {
    screen: Screen,
    overlay: Overlay,
    /// The window's size in cells (columns, rows), as the front end last told it: what
    /// the help scrolls in.
    window: (u16, u16),
    /// The message line of the screens other than the match's (a match on screen has
    /// its own, [`Table::note`]).
    note: Option<ShellNote>,
    marks: Marks,
    /// Set when the program should end.
    quit: bool,
    offer: Offer,
    dice: Dice,
    saving: Saving,
    /// The settings, whose language is the app's.
    settings: Settings,
    /// Set when the settings changed and should be written.
    settings_changed: bool,
    /// `NO_COLOR` is set: no colours whatever the theme.
    no_color: bool,
    records: Records,
    computer: Computer,
    /// The trainer's deck and the records' errors are to be read (a job).
    trainer_wanted: bool,
    /// The editor's rollout is to be run (a job).
    editor_rollout_wanted: bool,
    /// Text for the terminal's clipboard (OSC 52), or a picture to write, for the terminal layer.
    clipboard: Option<sharing::Outgoing>,
    /// A club's lobby, when this app is a server's session (`lobby.rs`).
    club: Option<lobby::Club>,
    /// The seat at a match a server holds, when one is on screen (`live.rs`).
    live: Option<Live>,
    /// The setup form on screen is an invitation to this player.
    inviting: Option<String>,
    /// What the player asked of the server, not taken yet.
    requests: Vec<LobbyRequest>,
}

/// Where the match on screen stands, as the app's routing needs it (of any game).
#[derive(Clone, Copy, Debug)]
pub struct MatchState {
    over: bool,
    in_progress: bool,
    await_roll: bool,
    may_double: bool,
    forfeit: bool,
    complete: bool,
    tutor_asks: bool,
}

impl MatchState {
    /// Whether the match is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.over
    }
}

/// The board's marks beside the match.
#[derive(Debug)]
pub struct Marks {
    /// The board cursor and the picked checker (in the mover's numbering).
    cursor: Slot,
    picked: Option<u8>,
    /// The slot under the mouse pointer, if any.
    hover: Option<Slot>,
}

/// What the start screen offers and tells.
#[derive(Debug, Default)]
struct Offer {
    /// The matches and chouettes in progress to resume, the latest saved first (the one on
    /// screen is not among them).
    kept: Vec<crate::store::InProgress>,
    /// A message: about the saves or the settings (e.g. a bad file set aside), or about a
    /// record that cannot be read (the Records screen shows it too).
    notice: Option<String>,
    /// The data directory is another process's (or unusable): why, for the start screen,
    /// which then offers only what needs no saving.
    read_only: Option<String>,
    /// The setup forms as last left, by game: a new match's form opens from them.
    forms: setup::Forms,
}

impl App {
    /// The app on its start screen.
    #[must_use]
    pub fn new(lang: Lang, dice: Box<dyn DiceSource>) -> App {
        App {
            screen: Screen::Start { item: 0 },
            overlay: Overlay::None,
            window: (80, 24),
            note: None,
            marks: Marks {
                cursor: Slot { top: false, col: 1 },
                picked: None,
                hover: None,
            },
            quit: false,
            offer: Offer::default(),
            dice: Dice::new(dice),
            saving: Saving::default(),
            settings: Settings {
                language: lang,
                ..Settings::default()
            },
            settings_changed: false,
            no_color: false,
            records: Records::default(),
            trainer_wanted: false,
            editor_rollout_wanted: false,
            clipboard: None,
            computer: Computer::default(),
            club: None,
            live: None,
            inviting: None,
            requests: Vec::new(),
        }
    }

    /// The app showing the given match, of any game.
    #[must_use]
    pub fn playing<G: TableGame>(lang: Lang, dice: Box<dyn DiceSource>, game: Match<G>) -> App {
        let mut app = App::new(lang, dice);
        app.screen = Screen::Match(table_of(game));
        app
    }

    /// The same app with the computer playing the sides given a level (by
    /// `Color::index`), as a match set up so has it.
    #[must_use]
    pub fn with_computer(mut self, sides: [Option<Level>; 2]) -> App {
        self.computer.sides = sides;
        self
    }

    /// Applies settings (as read from the config file); the language follows them, and
    /// a match on screen that has rolled nothing yet takes their choice of dice.
    pub fn apply_settings(&mut self, settings: Settings) {
        self.settings = settings;
        if self.dice.drawn == 0 && self.dice.typed == 0 {
            self.dice.manual = settings.manual_dice;
        }
    }

    /// The language of the screens (the settings').
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.settings.language
    }

    /// The settings in force.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// `NO_COLOR` is set: no colours whatever the theme.
    #[must_use]
    pub fn no_color(&self) -> bool {
        self.no_color
    }

    /// The theme to draw with.
    #[must_use]
    pub fn theme(&self) -> ThemeName {
        self.settings.effective_theme(self.no_color)
    }

    /// Whether the board is drawn mirrored now (White's home on the left): as the settings
    /// say, and, with "switch sides" on, the other way round in every second game of the
    /// match on screen (B3).
    #[must_use]
    pub fn mirrored(&self) -> bool {
        let second = self.table().is_some_and(|t| t.game_number() % 2 == 0);
        self.settings.mirror ^ (self.settings.switch_sides && second)
    }

    /// The side whose numbers label the points.
    #[must_use]
    pub fn label_side(&self, mover: Color) -> Color {
        // A seat at a held match reads the board in its own numbers throughout.
        if let Some(seat) = self.live().and_then(|l| l.seat) {
            return seat;
        }
        match self.settings.numbering {
            Numbering::Mover => mover,
            Numbering::White => Color::White,
        }
    }

    /// The screen shown.
    #[must_use]
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The layer over the screen.
    #[must_use]
    pub fn overlay(&self) -> &Overlay {
        &self.overlay
    }

    /// The message line, when it is of game `G`'s notes: the table's, when a match of `G`
    /// is on screen ([`Table::note`]); else the screen's own, which says nothing of a game.
    #[must_use]
    pub fn note<G: TableGame>(&self) -> Option<&Note<G>> {
        self.table()?.of::<G>()?.note()
    }

    /// The message line of a screen other than a match's, which says nothing of a game.
    #[must_use]
    pub fn shell_note(&self) -> Option<&ShellNote> {
        self.note.as_ref().filter(|_| self.table().is_none())
    }

    /// Sets the message line of the screen shown (a note any game's match can say).
    fn say(&mut self, note: Option<ShellNote>) {
        match self.table_mut() {
            Some(table) => table.say(note),
            None => self.note = note,
        }
    }

    /// Whether a match (of any game) is on screen.
    #[must_use]
    pub fn in_match(&self) -> bool {
        self.table().is_some()
    }

    /// Whether a screen of backgammon is shown (a match, a chouette, a replay, the editor,
    /// a backgammon card): the terminal then has its bear-off database built.
    #[must_use]
    pub fn shows_backgammon(&self) -> bool {
        matches!(&self.screen, Screen::ChouetteForm(_) | Screen::Chouette(_))
            || self.table().is_some_and(|t| t.has_cube())
            || matches!(&self.screen, Screen::Replay(r) if r.has_cube())
            || matches!(&self.screen, Screen::Editor(e) if e.has_cube())
    }

    /// The board cursor.
    #[must_use]
    pub fn cursor(&self) -> Slot {
        self.marks.cursor
    }

    /// The picked checker's point (in the mover's numbering).
    #[must_use]
    pub fn picked(&self) -> Option<u8> {
        self.marks.picked
    }

    /// The slot under the mouse pointer, if any.
    #[must_use]
    pub fn hover(&self) -> Option<Slot> {
        self.marks.hover
    }

    /// The steps of the best play `H` found for the roll on the board, of whichever game,
    /// marked there until a move.
    #[must_use]
    pub fn hint_steps(&self) -> Option<Vec<Step>> {
        self.table()?.hint_steps()
    }

    /// Whether the program should end now.
    #[must_use]
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// The input has ended (the terminal is gone): the program ends as a quit would, with
    /// everything saved.
    pub fn input_ended(&mut self) {
        self.quit = true;
    }

    /// The matches and chouettes in progress the start screen offers to resume, the
    /// latest saved first.
    #[must_use]
    pub fn in_progress(&self) -> &[crate::store::InProgress] {
        &self.offer.kept
    }

    /// The message of the start screen (and of the Records screen).
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.offer.notice.as_deref()
    }

    /// Why the data directory cannot be used, when it cannot: only what needs no saving is offered.
    #[must_use]
    pub fn read_only(&self) -> Option<&str> {
        self.offer.read_only.as_deref()
    }

    /// The finished matches listed so far.
    #[must_use]
    pub fn records(&self) -> &[RecordEntry] {
        &self.records.entries
    }

    /// The computer's level for each side it plays (by `Color::index`).
    #[must_use]
    pub fn computer(&self) -> [Option<Level>; 2] {
        self.computer.sides
    }

    /// Whether the computer is choosing its play (elsewhere, see [`App::jobs`]).
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.computer.thinking
    }

    /// The match on screen as it would be saved now, if there is one.
    #[must_use]
    pub fn snapshot(&self) -> Option<SavedMatch> {
        self.snapshot_at(crate::store::now())
    }

    /// The match on screen as a save at `saved_at` would hold it.
    fn snapshot_at(&self, saved_at: u64) -> Option<SavedMatch> {
        let (dice, computer) = (self.dice_record(), self.computer.sides);
        // (A chouette's board is one game of its session, not a match to resume alone; a
        // trainer's card is no match at all.)
        if matches!(
            self.screen,
            Screen::Chouette(_) | Screen::Drill(_) | Screen::Editor(_)
        ) {
            return None;
        }
        self.table().map(|t| t.snapshot(dice, computer, saved_at))
    }

    /// The legal next steps of the turn in progress.
    #[must_use]
    pub fn next_steps(&self) -> Vec<Step> {
        // (The boundary's steps, numbered as the board's slots are.)
        self.table().map(|t| t.next_steps()).unwrap_or_default()
    }

    /// Whether a turn is being played in the match on screen.
    fn turn_in_progress(&self) -> bool {
        self.table().is_some_and(|t| t.turn_in_progress())
    }

    /// The phase of the match on screen, as far as the app's routing needs it: over, a
    /// roll awaited (and whether the side to move may double first), forfeit, a complete
    /// play, and whether the tutor's question is on the message line.
    fn match_state(&self) -> Option<MatchState> {
        let mut state = self.table()?.state();
        state.may_double |= self.chouette_may_double();
        Some(state)
    }

    /// Handles one input (a save is due if it changed the match on screen).
    /// Writes that failed are tried again at every key and click.
    pub fn handle(&mut self, input: Input) {
        if !matches!(input, Input::Hover(_)) {
            self.retry_saving();
        }
        self.watching(|app| app.input(input));
    }

    fn input(&mut self, input: Input) {
        if self.live_input(input) {
            return;
        }
        self.input_once(input);
        self.chouette_sync();
    }

    fn input_once(&mut self, input: Input) {
        match input {
            Input::Key(key) => self.key(key),
            Input::Click(slot) => {
                if self.overlay == Overlay::None && self.editing() {
                    // The editor: a checker placed where clicked.
                    self.editor_click(slot);
                } else if self.overlay == Overlay::None && self.in_match() {
                    self.marks.cursor = slot;
                    self.key(Key::Enter);
                }
            }
            Input::Dice => self.dice_clicked(),
            Input::Cube if self.overlay == Overlay::None => self.cube_clicked(),
            Input::Cube => {}
            Input::RightClick => {
                // (In the editor: a checker taken away where the cursor is.)
                if self.overlay == Overlay::None && (self.turn_in_progress() || self.editing()) {
                    self.key(Key::Backspace);
                }
            }
            Input::Hover(slot) => self.marks.hover = slot,
            Input::Choose(i) if self.overlay == Overlay::None => self.choose(i),
            Input::Choose(i) => self.resign_clicked(i),
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
        let match_over = self.match_state().is_some_and(|m| m.over);
        if (match_over
            || matches!(
                self.screen,
                Screen::Records { .. }
                    | Screen::InProgress { set_aside: false, .. }
                    | Screen::Replay(_)
                    | Screen::Statistics(_)
            ))
            && key == Key::Char('q')
        {
            self.key(Key::Esc);
            return;
        }
        // While a name is being typed, letters are letters.
        let typing = match &self.screen {
            Screen::Setup(f) => f.field.is_name(),
            Screen::ChouetteForm(f) => f.typing(),
            _ => false,
        };
        match key {
            Key::F1 | Key::Char('?') if key == Key::F1 || !typing => {
                self.open_help();
                return;
            }
            Key::Char('X' | 'P') if self.share_key(key) => return,
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
            Screen::InProgress { .. } => self.in_progress_key(key),
            Screen::Statistics(_) => self.statistics_key(key),
            Screen::Replay(_) => self.replay_key(key),
            Screen::Match(_) => self.match_key(key),
            Screen::ChouetteForm(_) | Screen::Chouette(_) => self.chouette_key(key),
            Screen::Trainer(_) | Screen::Drill(_) => self.trainer_key(key),
            Screen::Editor(_) => self.editor_key(key),
            Screen::Lobby { .. } => self.lobby_key(key),
        }
        self.automatic();
    }

    /// The automatic settings: roll when a turn begins, pass a turn that cannot be
    /// played, confirm a complete play. Bounded, so that one key never runs a game.
    fn automatic(&mut self) {
        if self.overlay != Overlay::None || !self.acts_here() {
            return;
        }
        for _ in 0..3 {
            self.chouette_sync();
            let Some(m) = self.match_state() else { return };
            if m.await_roll && self.settings.auto_roll && !self.dice.manual && !m.may_double {
                // (Not when the player may double first: he says when to roll.)
                self.roll();
            } else if m.forfeit && self.settings.auto_pass {
                self.pass_turn();
            } else if m.complete && self.settings.auto_confirm && !m.tutor_asks {
                // (Not over the tutor's question: that waits for the player.)
                self.confirm();
            } else {
                return;
            }
        }
    }
}
