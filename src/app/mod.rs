//! The application state: screens, the match, the cursor, and what every key does.
//!
//! Nothing here touches the terminal: input arrives as [`Input`] values and the state is
//! read by `ui`, so the whole game can be driven and checked in tests. Legality is always
//! the rules engine's ([`crate::rules::Turn`]); this module only routes intentions to it.

use std::collections::VecDeque;

use crate::ai::Level;
use crate::rules::{
    BAR, Color, Lang, LegalPlay, OFF, Play, Position, Refusal, Roll, Step, opposite, parse_notation,
};
use crate::session::{DiceSource, Match, Phase, SeededDice, next_seed};
use crate::settings::{Numbering, Settings, ThemeName};

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
}

/// A place on the board as seen on screen: the top or bottom row and a column — 0 the
/// left tray, 1–6 the left quarter, 7 the bar, 8–13 the right quarter, 14 the right tray.
/// White sits at the bottom (R3): the top row reads W12…W7 | W6…W1, the bottom row
/// W13…W18 | W19…W24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    pub top: bool,
    pub col: u8,
}

/// What a slot holds, independent of whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    /// A tunga, by White's number.
    Point(u8),
    Bar,
    Tray,
}

impl Slot {
    pub const BAR_COL: u8 = 7;
    pub const LAST_COL: u8 = 14;

    /// What the slot holds.
    #[must_use]
    pub fn kind(self) -> SlotKind {
        match (self.col, self.top) {
            (0, _) | (14, _) => SlotKind::Tray,
            (7, _) => SlotKind::Bar,
            (c @ 1..=6, true) => SlotKind::Point(13 - c),
            (c @ 1..=6, false) => SlotKind::Point(12 + c),
            (c, true) => SlotKind::Point(14 - c),
            (c, false) => SlotKind::Point(11 + c),
        }
    }

    /// The slot of a tunga given by White's number.
    #[must_use]
    pub fn of_white_point(w: u8) -> Slot {
        match w {
            1..=6 => Slot {
                top: true,
                col: 14 - w,
            },
            7..=12 => Slot {
                top: true,
                col: 13 - w,
            },
            13..=18 => Slot {
                top: false,
                col: w - 12,
            },
            _ => Slot {
                top: false,
                col: w - 11,
            },
        }
    }

    /// The slot of a point in `side`'s numbering (`0` its bar half, `25` its tray).
    #[must_use]
    pub fn of_point(side: Color, p: u8) -> Slot {
        match (p, side) {
            (BAR, Color::White) => Slot {
                top: false,
                col: Self::BAR_COL,
            },
            (BAR, Color::Black) => Slot {
                top: true,
                col: Self::BAR_COL,
            },
            (OFF, Color::White) => Slot {
                top: false,
                col: Self::LAST_COL,
            },
            (OFF, Color::Black) => Slot { top: true, col: 0 },
            (p, Color::White) => Slot::of_white_point(p),
            (p, Color::Black) => Slot::of_white_point(opposite(p)),
        }
    }

    /// The point this slot is in `side`'s numbering (`0` bar, `25` off).
    #[must_use]
    pub fn point_for(self, side: Color) -> u8 {
        match self.kind() {
            SlotKind::Bar => BAR,
            SlotKind::Tray => OFF,
            SlotKind::Point(w) if side == Color::White => w,
            SlotKind::Point(w) => opposite(w),
        }
    }
}

/// The last thing worth telling the player, in words chosen by `ui` in his language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A step, a typed play or a confirmation was refused by the rules.
    Refused(Refusal),
    /// The cursor is not on a checker that can move.
    NothingToMove,
    /// A checker is picked; its legal destinations are lit.
    PickDestination,
    /// Teka: equal dice, roll again.
    TekaEqual(u8),
    /// Teka decided: the lower die starts.
    TekaStarts { starter: Color, white: u8, black: u8 },
    /// The roll cannot be played at all.
    CannotMove(Color),
    /// The play is complete; these dice are forfeited (*fåtade*).
    Forfeits { who: Color, dice: Vec<u8> },
    /// The play is complete and may be confirmed.
    Complete,
    /// A new game: the loser of the last one starts.
    LoserStarts(Color),
    /// Not a key this screen uses.
    UnknownKey,
    /// The match could not be saved (the reason).
    SaveFailed(String),
    /// The best plays for the roll, with their estimated values (H).
    Hints(Vec<String>),
    /// The computer is choosing its play.
    Thinking,
    /// Something about saves the player should know (e.g. a bad save set aside).
    Info(String),
    /// A saved match exists and this new one has not begun: the saved one stays
    /// resumable until the first roll, then moves to the records as unfinished.
    SavedMatchKept,
}

/// A saved match the start screen offers to resume: the match rebuilt from its save.
pub type ResumeOffer = crate::save::Restored;

/// An entry of the start menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    Resume,
    NewMatch,
    Records,
    Settings,
    Rules,
    Quit,
}

/// The setup form of a new match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub games: u32,
    pub names: [String; 2],
    /// Which sides the computer plays: 0 none, 1 White, 2 Black, 3 both.
    pub computer: usize,
    pub level: Level,
    /// 0 games, 1 White's name, 2 Black's name, 3 computer, 4 level, 5 start.
    pub field: usize,
}

impl Setup {
    pub const START: usize = 5;
    const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    fn new(names: [String; 2]) -> Setup {
        Setup {
            games: 3,
            names,
            computer: 0,
            level: Level::Medium,
            field: 0,
        }
    }

    /// The computer's level for each side, by `Color::index`.
    #[must_use]
    pub fn sides(&self) -> [Option<Level>; 2] {
        [
            (self.computer & 1 != 0).then_some(self.level),
            (self.computer & 2 != 0).then_some(self.level),
        ]
    }
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
    Match(Box<Match>),
}

/// A finished match kept in the records.
#[derive(Clone, Debug)]
pub struct RecordEntry {
    pub path: std::path::PathBuf,
    /// The match, or why it cannot be read.
    pub saved: Result<crate::save::SavedMatch, String>,
}

/// A match being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    pub names: [String; 2],
    pub games: u32,
    pub frames: Vec<crate::save::Frame>,
    pub index: usize,
    /// Opened from the Records screen (Esc goes back there) or from the command line
    /// (Esc quits).
    pub from_records: bool,
}

impl Replay {
    /// A replay of a saved match.
    pub fn of(saved: &crate::save::SavedMatch, from_records: bool) -> Result<Replay, String> {
        let frames = crate::save::frames(saved).map_err(|e| e.to_string())?;
        if frames.is_empty() {
            return Err("it has no turns to replay".to_string());
        }
        Ok(Replay {
            names: [saved.white.clone(), saved.black.clone()],
            games: saved.games,
            frames,
            index: 0,
            from_records,
        })
    }

    /// The frame shown.
    #[must_use]
    pub fn frame(&self) -> &crate::save::Frame {
        &self.frames[self.index.min(self.frames.len() - 1)]
    }
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
    /// Grows with every change worth saving (a roll, a completed turn, a new game).
    pub changes: u64,
    /// Dice typed in (manual dice), counted apart from those drawn, and which of the
    /// match's rolls they were (numbered from 0 in the order rolled, teka first).
    pub dice_typed: u64,
    pub typed_rolls: Vec<u64>,
    /// Why the last save failed, until a save succeeds again: the quit dialog says it,
    /// and the program ends with a failure status.
    pub save_failed: Option<String>,
    /// The digits of manual dice typed so far.
    pub dice_entry: String,
    pub settings: Settings,
    /// Set when the settings changed and should be written.
    pub settings_dirty: bool,
    /// `NO_COLOR` is set: no colours whatever the theme.
    pub no_color: bool,
    /// The finished matches, for the Records screen.
    pub records: Vec<RecordEntry>,
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
            picked: None,
            quit: false,
            resume: None,
            notice: None,
            replaces_saved: false,
            dice_seed: None,
            dice_drawn: 0,
            changes: 0,
            dice_typed: 0,
            typed_rolls: Vec::new(),
            save_failed: None,
            dice_entry: String::new(),
            settings: Settings {
                language: lang.into(),
                ..Settings::default()
            },
            settings_dirty: false,
            no_color: false,
            records: Vec::new(),
            computer: [None, None],
            pending: VecDeque::new(),
            thinking: false,
            dice,
        }
    }

    /// The computer's level if it is to act now (its turn, nothing over the screen).
    #[must_use]
    pub fn computer_to_act(&self) -> Option<Level> {
        let game = self.game()?;
        if self.overlay != Overlay::None || matches!(game.phase, Phase::MatchOver) {
            return None;
        }
        if let Phase::GameOver { .. } = game.phase {
            // Nobody to read the result when the computer plays both sides: go on.
            return match self.computer {
                [Some(level), Some(_)] => Some(level),
                _ => None,
            };
        }
        if let Phase::Teka { .. } = game.phase {
            return self.computer.iter().flatten().next().copied();
        }
        self.computer[game.position.turn().index()]
    }

    /// When the computer must choose a play now: its level, the position, the roll and
    /// the legal plays. The choice comes back through [`App::computer_chose`].
    #[must_use]
    pub fn computer_request(&self) -> Option<(Level, Position, Roll, Vec<LegalPlay>)> {
        let level = self.computer_to_act()?;
        let turn = self.game()?.turn()?;
        if self.thinking || !self.pending.is_empty() || !turn.taken().is_empty() || turn.is_complete() {
            return None;
        }
        let plays = crate::rules::MoveGen::new()
            .plays(turn.start().board(), turn.roll())
            .to_vec();
        Some((level, *turn.start(), turn.roll(), plays))
    }

    /// The computer's choice: its steps are shown one by one by [`App::tick`].
    pub fn computer_chose(&mut self, play: Play) {
        self.thinking = false;
        self.pending = play.steps().iter().copied().collect();
        self.note = None;
    }

    /// Marks that the computer is choosing (its play is being computed elsewhere).
    pub fn computer_thinking(&mut self) {
        self.thinking = true;
        self.note = Some(Note::Thinking);
    }

    /// One beat of the computer's turn: teka, roll, show one chosen step, or end the turn.
    /// Returns whether anything happened.
    pub fn tick(&mut self) -> bool {
        if self.computer_to_act().is_none() {
            return false;
        }
        let Some(phase) = self.game().map(|g| g.phase.clone()) else {
            return false;
        };
        match &phase {
            Phase::Teka { .. } => {
                let (w, b) = (self.die(), self.die());
                self.note = Some(self.teka(w, b));
                self.changes += 1;
            }
            Phase::AwaitRoll => self.roll(),
            Phase::Forfeit(_) => {
                if let Some(game) = self.game_mut() {
                    let _ = game.confirm();
                }
                self.changes += 1;
            }
            Phase::Moving(turn) => {
                if let Some(step) = self.pending.pop_front() {
                    let mut turn = turn.clone();
                    if turn.step(step.from, step.die).is_ok() {
                        self.after_step(turn);
                    } else {
                        self.pending.clear();
                    }
                } else if turn.is_complete() && !self.thinking {
                    self.confirm();
                } else {
                    return false;
                }
            }
            Phase::GameOver { .. } => {
                if let Some(game) = self.game_mut() {
                    game.next_game();
                }
                self.changes += 1;
            }
            Phase::MatchOver => return false,
        }
        true
    }

    /// H: the best plays for the roll being played, by the computer's estimate.
    fn hints(&mut self) {
        let Some(turn) = self.game().and_then(Match::turn) else {
            return;
        };
        let plays = crate::rules::MoveGen::new()
            .plays(turn.start().board(), turn.roll())
            .to_vec();
        let values: Vec<f64> = match crate::ai::neural::shipped() {
            // The hard level's values: expected points for the mover.
            Some(net) => crate::ai::neural::NeuralPlayer::new(net, 2, 0.0, 0)
                .values(&plays)
                .into_iter()
                .map(f64::from)
                .collect(),
            None => plays.iter().map(crate::ai::play_value).collect(),
        };
        let mut scored: Vec<(String, f64)> = plays.iter().map(|p| p.play.to_string()).zip(values).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let shown = scored
            .iter()
            .take(3)
            // A value that rounds to zero shows as +0.00, never -0.00.
            .map(|(p, v)| format!("{p} ({:+.2})", if v.abs() < 0.005 { 0.0 } else { *v }))
            .collect();
        self.note = Some(Note::Hints(shown));
    }

    /// Applies settings (as read from the config file); the language follows them.
    pub fn apply_settings(&mut self, settings: Settings) {
        self.settings = settings;
        self.lang = settings.language.into();
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
    /// the dice it would have had).
    pub fn seed_dice(&mut self, seed: u64, drawn: u64) {
        let mut dice = SeededDice::from_seed(seed);
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

    /// A new match begins: its dice are counted from zero, and (when they come from a
    /// seed) drawn from a seed of their own, derived from the last one so that a seeded
    /// session stays reproducible. A save then accounts for its own match's dice only.
    fn fresh_dice(&mut self) {
        if let Some(seed) = self.dice_seed
            && self.dice_drawn > 0
        {
            self.seed_dice(next_seed(seed, self.dice_drawn), 0);
        }
        self.dice_drawn = 0;
        self.dice_typed = 0;
        self.typed_rolls.clear();
    }

    /// The entries of the start menu.
    #[must_use]
    pub fn menu(&self) -> Vec<MenuItem> {
        let mut items = vec![
            MenuItem::NewMatch,
            MenuItem::Settings,
            MenuItem::Rules,
            MenuItem::Quit,
        ];
        if !self.records.is_empty() {
            items.insert(1, MenuItem::Records);
        }
        if self.resume.is_some() {
            items.insert(0, MenuItem::Resume);
        }
        items
    }

    /// Continues the offered saved match.
    pub fn resume_saved(&mut self) {
        let Some(offer) = self.resume.take() else { return };
        match offer.seed {
            Some(seed) => self.seed_dice(seed, offer.dice_drawn),
            None => self.seed_dice(SeededDice::random_seed(), 0),
        }
        self.dice_typed = offer.dice_typed;
        self.typed_rolls = offer.typed_rolls;
        self.computer = offer.computer;
        self.screen = Screen::Match(Box::new(offer.game));
        self.note = None;
        self.notice = None;
        self.changes += 1;
        self.tab(true);
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

    /// The legal next steps of the turn in progress.
    #[must_use]
    pub fn next_steps(&self) -> Vec<Step> {
        self.game()
            .and_then(Match::turn)
            .map(|t| t.next_steps())
            .unwrap_or_default()
    }

    /// Handles one input.
    pub fn handle(&mut self, input: Input) {
        match input {
            Input::Key(key) => self.key(key),
            Input::Click(slot) => {
                if self.overlay == Overlay::None && self.game().is_some() {
                    self.cursor = slot;
                    self.key(Key::Enter);
                }
            }
        }
    }

    fn key(&mut self, key: Key) {
        match &mut self.overlay {
            Overlay::Help { scroll } => {
                match key {
                    Key::Esc | Key::Char('q' | '?') | Key::F1 | Key::Enter => self.overlay = Overlay::None,
                    Key::Down | Key::Char('j') => *scroll = scroll.saturating_add(1),
                    Key::Up | Key::Char('k') => *scroll = scroll.saturating_sub(1),
                    Key::PageDown | Key::Char(' ') => *scroll = scroll.saturating_add(10),
                    Key::PageUp => *scroll = scroll.saturating_sub(10),
                    Key::Home => *scroll = 0,
                    Key::End => *scroll = u16::MAX,
                    Key::CtrlC => self.ctrl_c(),
                    _ => {}
                }
                return;
            }
            Overlay::ConfirmQuit => {
                match key {
                    Key::Char('y' | 'Y' | 'j' | 'J') | Key::CtrlC => self.quit = true,
                    _ => self.overlay = Overlay::None,
                }
                return;
            }
            Overlay::Prompt(text) => {
                match key {
                    Key::Esc => self.overlay = Overlay::None,
                    Key::Backspace => {
                        text.pop();
                    }
                    Key::Char(c) if text.chars().count() < 40 && !c.is_control() => text.push(c),
                    Key::Enter => {
                        let typed = std::mem::take(text);
                        self.overlay = Overlay::None;
                        self.play_typed(&typed);
                    }
                    Key::CtrlC => self.ctrl_c(),
                    _ => {}
                }
                return;
            }
            Overlay::None => {}
        }
        // In the records and a replay, q and Esc go back.
        if matches!(self.screen, Screen::Records { .. } | Screen::Replay(_)) && key == Key::Char('q') {
            self.key(Key::Esc);
            return;
        }
        // While a name is being typed, letters are letters.
        let typing = matches!(&self.screen, Screen::Setup(f) if (1..=2).contains(&f.field));
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
                Phase::AwaitRoll if self.settings.auto_roll && !self.settings.manual_dice => self.roll(),
                Phase::Forfeit(_) if self.settings.auto_pass => {
                    if let Some(game) = self.game_mut() {
                        let _ = game.confirm();
                    }
                    self.changes += 1;
                }
                Phase::Moving(turn) if self.settings.auto_confirm && turn.is_complete() => self.confirm(),
                _ => return,
            }
        }
    }

    /// Manual dice: a digit typed; two make a roll (or the teka).
    fn dice_digit(&mut self, key: Key) {
        match key {
            Key::Char(c @ '1'..='6') => self.dice_entry.push(c),
            Key::Backspace => {
                self.dice_entry.pop();
            }
            _ => {}
        }
        if self.dice_entry.len() < 2 {
            return;
        }
        let digits: Vec<u8> = std::mem::take(&mut self.dice_entry)
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let Some(game) = self.game() else { return };
        let rolled = game.teka_rolls.len() + game.log.iter().map(|g| g.turns.len()).sum::<usize>();
        let teka = matches!(game.phase, Phase::Teka { .. });
        self.typed_rolls.push(rolled as u64);
        self.dice_typed += 2;
        self.changes += 1;
        if teka {
            self.note = Some(self.teka(digits[0], digits[1]));
        } else if let Ok(roll) = Roll::new(digits[0], digits[1]) {
            self.roll_with(roll);
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

    fn start_key(&mut self, key: Key) {
        let menu = self.menu();
        let Screen::Start { item } = &mut self.screen else {
            return;
        };
        let last = menu.len() - 1;
        let chosen = match key {
            Key::Up | Key::Char('k') => {
                *item = item.saturating_sub(1);
                None
            }
            Key::Down | Key::Char('j') | Key::Tab => {
                *item = (*item + 1).min(last);
                None
            }
            Key::Char('n') => Some(MenuItem::NewMatch),
            Key::Char('s') => Some(MenuItem::Settings),
            Key::Char('r') => Some(MenuItem::Rules),
            Key::Enter | Key::Char(' ') => menu.get(*item).copied(),
            Key::Esc => Some(MenuItem::Quit),
            _ => None,
        };
        match chosen {
            Some(MenuItem::Resume) => self.resume_saved(),
            Some(MenuItem::NewMatch) => {
                let names = [
                    self.lang.pick("White", "Vit").to_string(),
                    self.lang.pick("Black", "Svart").to_string(),
                ];
                self.screen = Screen::Setup(Setup::new(names));
            }
            Some(MenuItem::Settings) => self.screen = Screen::Settings { item: 0 },
            Some(MenuItem::Records) => self.screen = Screen::Records { item: 0 },
            Some(MenuItem::Rules) => self.overlay = Overlay::Help { scroll: 0 },
            Some(MenuItem::Quit) => self.quit = true,
            None => {}
        }
    }

    fn settings_key(&mut self, key: Key) {
        let Screen::Settings { item } = &mut self.screen else {
            return;
        };
        let last = crate::settings::KEYS.len() - 1;
        match key {
            Key::Up | Key::Char('k') | Key::BackTab => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') | Key::Tab => *item = (*item + 1).min(last),
            Key::Left | Key::Right | Key::Enter | Key::Char(' ' | 'h' | 'l') => {
                let which = *item;
                let back = matches!(key, Key::Left | Key::Char('h'));
                self.change_setting(which, back);
            }
            Key::Esc => self.screen = Screen::Start { item: 0 },
            _ => {}
        }
    }

    fn records_key(&mut self, key: Key) {
        let Screen::Records { item } = &mut self.screen else {
            return;
        };
        let last = self.records.len().saturating_sub(1);
        match key {
            Key::Up | Key::Char('k') => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') => *item = (*item + 1).min(last),
            Key::Enter | Key::Char(' ') => {
                let Some(entry) = self.records.get(*item) else {
                    return;
                };
                match entry
                    .saved
                    .as_ref()
                    .map_err(Clone::clone)
                    .and_then(|s| Replay::of(s, true))
                {
                    Ok(replay) => self.screen = Screen::Replay(Box::new(replay)),
                    Err(why) => self.notice = Some(format!("{}: {why}", entry.path.display())),
                }
            }
            Key::Esc => self.screen = Screen::Start { item: 0 },
            _ => {}
        }
    }

    fn replay_key(&mut self, key: Key) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        let last = replay.frames.len() - 1;
        let game_of = |r: &Replay, i: usize| r.frames[i].game;
        match key {
            Key::Right | Key::Char('l' | ' ') | Key::Enter => replay.index = (replay.index + 1).min(last),
            Key::Left | Key::Char('h') | Key::Backspace => replay.index = replay.index.saturating_sub(1),
            Key::Home => replay.index = 0,
            Key::End => replay.index = last,
            Key::PageDown => {
                let g = game_of(replay, replay.index);
                replay.index = (replay.index..=last)
                    .find(|&i| game_of(replay, i) > g)
                    .unwrap_or(last);
            }
            Key::PageUp => {
                let g = game_of(replay, replay.index);
                let target = if replay.frames[replay.index].turn == 0 {
                    g.saturating_sub(1).max(1)
                } else {
                    g
                };
                replay.index = (0..=last).find(|&i| game_of(replay, i) == target).unwrap_or(0);
            }
            Key::Esc if replay.from_records => self.screen = Screen::Records { item: 0 },
            Key::Esc => self.quit = true,
            _ => {}
        }
    }

    /// Steps the setting on line `which` to its next (or previous) value.
    pub fn change_setting(&mut self, which: usize, back: bool) {
        use crate::settings::Language;
        let s = &mut self.settings;
        let cycle = |n: usize, i: usize| if back { (i + n - 1) % n } else { (i + 1) % n };
        match which {
            0 => {
                s.language = if s.language == Language::En {
                    Language::Sv
                } else {
                    Language::En
                }
            }
            1 => s.mirror = !s.mirror,
            2 => {
                s.numbering = if s.numbering == Numbering::Mover {
                    Numbering::White
                } else {
                    Numbering::Mover
                }
            }
            3 => {
                let all = [ThemeName::Default, ThemeName::HighContrast, ThemeName::Monochrome];
                let i = all.iter().position(|&t| t == s.theme).unwrap_or(0);
                s.theme = all[cycle(3, i)];
            }
            4 => s.auto_roll = !s.auto_roll,
            5 => s.auto_confirm = !s.auto_confirm,
            6 => s.auto_pass = !s.auto_pass,
            7 => s.show_pips = !s.show_pips,
            _ => s.manual_dice = !s.manual_dice,
        }
        self.lang = self.settings.language.into();
        self.settings_dirty = true;
    }

    fn setup_key(&mut self, key: Key) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        let choices = crate::session::GAME_CHOICES;
        let at = choices.iter().position(|&g| g == form.games).unwrap_or(1);
        match (form.field, key) {
            (_, Key::Esc) => self.screen = Screen::Start { item: 0 },
            (_, Key::Up | Key::BackTab) => form.field = form.field.saturating_sub(1),
            (_, Key::Down | Key::Tab) => form.field = (form.field + 1).min(Setup::START),
            (3, Key::Left | Key::Char('h')) => form.computer = (form.computer + 3) % 4,
            (3, Key::Right | Key::Char('l' | ' ')) => form.computer = (form.computer + 1) % 4,
            (4, Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')) => {
                let at = Setup::LEVELS.iter().position(|&l| l == form.level).unwrap_or(1);
                let next = if matches!(key, Key::Left | Key::Char('h')) {
                    at + 2
                } else {
                    at + 1
                };
                form.level = Setup::LEVELS[next % 3];
            }
            (0, Key::Left | Key::Char('h' | '-')) => form.games = choices[at.saturating_sub(1)],
            (0, Key::Right | Key::Char('l' | '+')) => form.games = choices[(at + 1).min(3)],
            (0, Key::Char(c @ ('1' | '3' | '5' | '7'))) => form.games = u32::from(c as u8 - b'0'),
            (1 | 2, Key::Backspace) => {
                form.names[form.field - 1].pop();
            }
            (f @ (1 | 2), Key::Char(c)) if !c.is_control() => {
                let name = &mut form.names[f - 1];
                if name.chars().count() < crate::session::MAX_NAME {
                    name.push(c);
                }
            }
            (0..=4, Key::Enter) => form.field += 1,
            (Setup::START, Key::Enter | Key::Char(' ')) => {
                let fallback = [self.lang.pick("White", "Vit"), self.lang.pick("Black", "Svart")];
                let names: Vec<String> = form
                    .names
                    .iter()
                    .zip(fallback)
                    .map(|(n, f)| {
                        if n.trim().is_empty() {
                            f.to_string()
                        } else {
                            n.trim().to_string()
                        }
                    })
                    .collect();
                let sides = form.sides();
                let named = |i: usize, side: Option<Level>| match side {
                    Some(l) if form.names[i].trim().is_empty() || form.names[i] == fallback[i] => {
                        format!("{} ({})", self.lang.pick("Computer", "Datorn"), l.label())
                    }
                    _ => names[i].clone(),
                };
                let game = Match::new(&named(0, sides[0]), &named(1, sides[1]), form.games);
                self.computer = sides;
                self.screen = Screen::Match(Box::new(game));
                self.note = None;
                self.fresh_dice();
                // A saved match not resumed is kept aside, not overwritten — once this
                // match has really begun (its first roll); until then it stays resumable.
                if self.resume.take().is_some() {
                    self.replaces_saved = true;
                }
            }
            _ => {}
        }
    }

    fn match_key(&mut self, key: Key) {
        if self.computer_to_act().is_some() {
            return; // the computer's turn: it plays by itself
        }
        if key == Key::Char('H') {
            self.hints();
            return;
        }
        let manual = self.settings.manual_dice;
        let Some(game) = self.game_mut() else { return };
        match &game.phase {
            Phase::Teka { .. } | Phase::AwaitRoll if manual => self.dice_digit(key),
            Phase::Teka { .. } => {
                if matches!(key, Key::Char(' ' | 'r') | Key::Enter) {
                    let (w, b) = (self.die(), self.die());
                    self.note = Some(self.teka(w, b));
                    self.changes += 1;
                }
            }
            Phase::AwaitRoll => {
                if matches!(key, Key::Char(' ' | 'r') | Key::Enter) {
                    self.roll();
                }
            }
            Phase::Forfeit(_) => {
                if matches!(key, Key::Char(' ') | Key::Enter) {
                    let _ = game.confirm();
                    self.note = None;
                    self.changes += 1;
                }
            }
            Phase::Moving(_) => self.moving_key(key),
            Phase::GameOver { .. } => {
                if matches!(key, Key::Char(' ') | Key::Enter) {
                    game.next_game();
                    self.note = match &game.phase {
                        Phase::AwaitRoll => Some(Note::LoserStarts(game.position.turn())),
                        _ => None,
                    };
                    self.changes += 1;
                }
            }
            Phase::MatchOver => match key {
                Key::Char('n') | Key::Enter => {
                    let names = game.names.clone();
                    let mut form = Setup::new(names);
                    form.games = game.score.games();
                    // The same opponents again: the computer keeps its sides and level.
                    form.computer =
                        usize::from(self.computer[0].is_some()) + 2 * usize::from(self.computer[1].is_some());
                    if let Some(level) = self.computer.iter().flatten().next()
                        && Setup::LEVELS.contains(level)
                    {
                        form.level = *level;
                    }
                    // A computer side's name says its level: let the form make it anew.
                    for (i, side) in self.computer.iter().enumerate() {
                        if side.is_some() {
                            form.names[i] =
                                [self.lang.pick("White", "Vit"), self.lang.pick("Black", "Svart")][i]
                                    .to_string();
                        }
                    }
                    self.screen = Screen::Setup(form);
                    self.note = None;
                }
                Key::Esc => self.quit = true,
                _ => {}
            },
        }
    }

    fn teka(&mut self, white: u8, black: u8) -> Note {
        let Some(game) = self.game_mut() else {
            return Note::UnknownKey;
        };
        match game.teka(white, black) {
            Some(starter) => Note::TekaStarts {
                starter,
                white,
                black,
            },
            None => Note::TekaEqual(white),
        }
    }

    fn roll(&mut self) {
        let (a, b) = (self.die(), self.die());
        self.changes += 1;
        let Ok(roll) = Roll::new(a, b) else { return };
        self.roll_with(roll);
    }

    fn roll_with(&mut self, roll: Roll) {
        let Some(game) = self.game_mut() else { return };
        game.roll(roll);
        let mover = game.position.turn();
        let note = match &game.phase {
            Phase::Forfeit(_) => Some(Note::CannotMove(mover)),
            _ => None,
        };
        self.picked = None;
        self.note = note;
        self.tab(true);
    }

    fn moving_key(&mut self, key: Key) {
        match key {
            // With the board mirrored, the columns run the other way on screen.
            Key::Left | Key::Char('h') if self.settings.mirror => {
                self.cursor.col = (self.cursor.col + 1).min(Slot::LAST_COL);
            }
            Key::Right | Key::Char('l') if self.settings.mirror => {
                self.cursor.col = self.cursor.col.saturating_sub(1)
            }
            Key::Left | Key::Char('h') => self.cursor.col = self.cursor.col.saturating_sub(1),
            Key::Right | Key::Char('l') => self.cursor.col = (self.cursor.col + 1).min(Slot::LAST_COL),
            Key::Up | Key::Char('k') => self.cursor.top = true,
            Key::Down | Key::Char('j') => self.cursor.top = false,
            Key::Tab => self.tab(true),
            Key::BackTab => self.tab(false),
            Key::Esc => self.picked = None,
            Key::Backspace | Key::Char('u') => {
                self.picked = None;
                if let Some(turn) = self.game_mut().and_then(Match::turn_mut)
                    && let Some(step) = turn.undo()
                {
                    let mover = turn.start().turn();
                    self.cursor = Slot::of_point(mover, step.from);
                }
                self.note = None;
            }
            Key::Char(':') => self.overlay = Overlay::Prompt(String::new()),
            Key::Char(c @ '1'..='6') => self.step_with_die(c as u8 - b'0'),
            Key::Enter | Key::Char(' ') => self.act(),
            _ => self.note = Some(Note::UnknownKey),
        }
    }

    /// Moves the cursor to the next (or previous) checker that can move.
    fn tab(&mut self, forward: bool) {
        let Some(game) = self.game() else { return };
        let mover = game.position.turn();
        let mut sources: Vec<Slot> = self
            .next_steps()
            .iter()
            .map(|s| Slot::of_point(mover, s.from))
            .collect();
        sources.dedup();
        // Screen order: top row left to right, then bottom row left to right.
        sources.sort_by_key(|s| (!s.top, s.col));
        sources.dedup();
        if sources.is_empty() {
            return;
        }
        let here = (!self.cursor.top, self.cursor.col);
        let next = if forward {
            sources
                .iter()
                .find(|s| (!s.top, s.col) > here)
                .or(sources.first())
        } else {
            sources
                .iter()
                .rev()
                .find(|s| (!s.top, s.col) < here)
                .or(sources.last())
        };
        if let Some(&slot) = next {
            self.cursor = slot;
        }
    }

    /// Enter (or a click): pick the checker under the cursor, drop the picked one there,
    /// or confirm a complete play.
    fn act(&mut self) {
        let Some(game) = self.game() else { return };
        let Some(turn) = game.turn() else { return };
        let mover = game.position.turn();
        let here = self.cursor.point_for(mover);
        match self.picked {
            Some(from) if from == here => {
                self.picked = None;
                self.note = None;
            }
            Some(from) => {
                let mut turn = turn.clone();
                match turn.move_checker(from, here) {
                    Ok(_) => self.after_step(turn),
                    Err(e) => self.note = Some(Note::Refused(e)),
                }
            }
            None if turn.is_complete() && turn.next_steps().is_empty() => self.confirm(),
            None => {
                if turn.next_steps().iter().any(|s| s.from == here) {
                    self.picked = Some(here);
                    self.note = Some(Note::PickDestination);
                } else {
                    self.note = Some(self.why_not_from(here));
                }
            }
        }
    }

    /// A digit: play the picked checker (or the one under the cursor) with that die.
    fn step_with_die(&mut self, die: u8) {
        let Some(game) = self.game() else { return };
        let Some(turn) = game.turn() else { return };
        let mover = game.position.turn();
        let from = self.picked.unwrap_or_else(|| self.cursor.point_for(mover));
        let mut turn = turn.clone();
        match turn.step(from, die) {
            Ok(_) => self.after_step(turn),
            Err(e) => self.note = Some(Note::Refused(e)),
        }
    }

    fn after_step(&mut self, turn: crate::rules::Turn) {
        let mover = turn.start().turn();
        if let Some(last) = turn.taken().last() {
            self.cursor = Slot::of_point(mover, last.to);
        }
        self.picked = None;
        self.note = if turn.is_complete() {
            let unused = turn.unused_dice();
            if turn.result().is_none() && !unused.is_empty() {
                Some(Note::Forfeits {
                    who: mover,
                    dice: unused,
                })
            } else {
                Some(Note::Complete)
            }
        } else {
            None
        };
        if let Some(game) = self.game_mut() {
            game.phase = Phase::Moving(turn);
        }
    }

    /// Why the checker under the cursor cannot start a step.
    fn why_not_from(&self, from: u8) -> Note {
        let Some(turn) = self.game().and_then(Match::turn) else {
            return Note::NothingToMove;
        };
        let mut dice = turn.dice_left();
        dice.dedup();
        // The refusal for the highest die explains best (it is the one that must be
        // played when only one can).
        dice.iter()
            .filter_map(|&d| turn.clone().step(from, d).err())
            .next()
            .map_or(Note::NothingToMove, Note::Refused)
    }

    fn confirm(&mut self) {
        let Some(game) = self.game_mut() else { return };
        match game.confirm() {
            Ok(()) => {
                self.picked = None;
                self.note = None;
                self.changes += 1;
            }
            Err(e) => self.note = Some(Note::Refused(e)),
        }
    }

    fn play_typed(&mut self, text: &str) {
        let Some(turn) = self.game().and_then(Match::turn) else {
            return;
        };
        let steps = match parse_notation(text) {
            Ok(s) => s,
            Err(e) => {
                self.note = Some(Note::Refused(Refusal::Notation(e)));
                return;
            }
        };
        let mut turn = turn.clone();
        match turn.play_typed(&steps) {
            Ok(_) => self.after_step(turn),
            Err(e) => self.note = Some(Note::Refused(e)),
        }
    }
}

/// Converts a die to its Swedish ordinal noun (*femman*), as in "Svart fåtar femman".
#[must_use]
pub fn die_noun_sv(die: u8) -> &'static str {
    match die {
        1 => "ettan",
        2 => "tvåan",
        3 => "trean",
        4 => "fyran",
        5 => "femman",
        _ => "sexan",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_and_white_points_correspond_both_ways() {
        for w in 1..=24 {
            let slot = Slot::of_white_point(w);
            assert_eq!(slot.kind(), SlotKind::Point(w), "{w}");
        }
        // R3: top-left is W12, top-right W1, bottom-left W13, bottom-right W24.
        assert_eq!(Slot { top: true, col: 1 }.kind(), SlotKind::Point(12));
        assert_eq!(Slot { top: true, col: 13 }.kind(), SlotKind::Point(1));
        assert_eq!(Slot { top: false, col: 1 }.kind(), SlotKind::Point(13));
        assert_eq!(Slot { top: false, col: 13 }.kind(), SlotKind::Point(24));
        assert_eq!(Slot::of_point(Color::Black, 1), Slot::of_white_point(13));
    }
}
