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

use std::sync::Arc;

pub use super::edit_game::{EDITOR_ROLLOUT_GAMES, Editable};
use super::hint_jobs::{HintJob, HintPurpose, Moment, Plays, Valued, Weighed, best_first, plays_of};
use super::table::Table;
use super::{App, Key, Overlay, Progress, Screen, Slot, SlotKind};
use crate::ai::Level;
use crate::game::{Backgammon, Brade, Checkers as _, Game as _};
use crate::rules::{Color, OFF, Roll};
use crate::session::Match;

/// What the editor says on its message line (`E`: why the game's rules refuse a code).
#[derive(Clone, Debug, PartialEq)]
pub enum EditorNote<E = crate::rules::PositionError> {
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

/// The position editor, of bräde or of backgammon.
#[derive(Clone, Debug)]
pub struct Editor<G: Editable = Brade> {
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
pub struct EditorRollout<G: Editable = Brade> {
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

    fn key(&mut self, key: Key) -> Option<EditorAct> {
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

    /// The message line, if it still says the computer is thinking, cleared.
    pub(super) fn forget_thinking(&mut self) {
        if matches!(self.note, Some(EditorNote::Thinking)) {
            self.note = None;
        }
    }

    /// The match that plays the position out, `computer` playing the side not to move.
    fn play_out(&self, lang: crate::words::Lang, computer: Option<Level>) -> Match<G> {
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
enum EditorAct {
    Copy(String),
    Weigh(Box<HintJob>),
    Rollout,
    Play(Option<Level>),
    Prompt,
    OtherGame,
    Leave,
}

impl App {
    /// The position editor of bräde, at the start position (or at `position`).
    pub(super) fn open_editor(&mut self, position: Option<crate::rules::Position>) {
        self.open_editor_of::<Brade>(position, self.settings.rules);
    }

    /// The position editor of backgammon, at the start position (or at `position`).
    pub(super) fn open_backgammon_editor(&mut self, position: Option<crate::backgammon::Position>) {
        self.open_editor_of::<Backgammon>(position, Backgammon::default_rules());
    }

    fn open_editor_of<G: Editable>(&mut self, position: Option<G::Position>, rules: G::Rules) {
        self.screen = G::screen(match position {
            Some(p) => Editor::at(p, rules),
            None => Editor::new(rules),
        });
    }

    pub(super) fn editor_key(&mut self, key: Key) {
        match self.screen {
            Screen::Editor(_) => self.editor_key_of::<Brade>(key),
            Screen::BackgammonEditor(_) => self.editor_key_of::<Backgammon>(key),
            _ => {}
        }
    }

    fn editor_key_of<G: Editable>(&mut self, key: Key) {
        let lang = self.lang();
        let Some(e) = G::editor_mut(&mut self.screen) else {
            return;
        };
        if e.play.is_some() {
            if key == Key::Esc {
                e.play = None;
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
            // (One rollout at a time.)
            Some(EditorAct::Rollout) if e.progress.is_none() => {
                e.rollout = None;
                e.progress = Some(Arc::new(Progress::default()));
                self.editor_rollout_wanted = true;
            }
            Some(EditorAct::Rollout) => {}
            Some(EditorAct::Play(computer)) => {
                e.play = Some(Box::new(Table::new(e.play_out(lang, computer))));
                let mut sides = [None, None];
                if let Some(level) = computer {
                    sides[e.position.to_move().other().index()] = Some(level);
                }
                self.computer.sides = sides;
                self.fresh_dice();
            }
            Some(EditorAct::Prompt) => self.overlay = Overlay::Prompt(String::new()),
            Some(EditorAct::OtherGame) => match self.screen {
                Screen::Editor(_) => self.open_backgammon_editor(None),
                _ => self.open_editor(None),
            },
            Some(EditorAct::Leave) => self.back_to_start(super::MenuItem::Editor),
        }
    }

    /// A click on the board of the editor: the cursor there, and a checker placed.
    pub(super) fn editor_click(&mut self, slot: Slot) {
        if let Some(e) = Brade::editor_mut(&mut self.screen) {
            e.cursor = slot;
            e.edit(true);
        } else if let Some(e) = Backgammon::editor_mut(&mut self.screen) {
            e.cursor = slot;
            e.edit(true);
        }
    }

    /// A code typed or pasted after `:` in the editor: taken if the game's rules read it;
    /// one that only the other game's rules read opens that game's editor.
    pub(super) fn editor_code(&mut self, text: &str) {
        let text = text.trim();
        if let Some(e) = Brade::editor_mut(&mut self.screen) {
            if !e.take(text)
                && let Ok(p) = Backgammon::read(text, e.position.to_move())
            {
                self.open_backgammon_editor(Some(p));
            }
        } else if let Some(e) = Backgammon::editor_mut(&mut self.screen)
            && !e.take(text)
            && let Ok(p) = Brade::read(text, e.position.to_move())
        {
            self.open_editor(Some(p));
        }
        // An XGID's dice are the editor's.
        let rolled = crate::backgammon::looks_like_xgid(text)
            .then(|| crate::backgammon::Xgid::parse(text).ok()?.rolled())
            .flatten();
        if let (Some((a, b)), Some(e)) = (rolled, Backgammon::editor_mut(&mut self.screen)) {
            e.dice = vec![a, b];
        }
    }

    /// Whether an editor (not a game played out from it) is on screen.
    pub(super) fn editing(&self) -> bool {
        match &self.screen {
            Screen::Editor(e) => e.play.is_none(),
            Screen::BackgammonEditor(e) => e.play.is_none(),
            _ => false,
        }
    }

    /// The rollout the editor of `G` asks for, once.
    pub(super) fn editor_rollout_request<G: Editable>(&mut self) -> Option<EditorRollout<G>> {
        let e = G::editor(&self.screen)?;
        if !std::mem::take(&mut self.editor_rollout_wanted) {
            return None;
        }
        Some(EditorRollout {
            position: e.position,
            rules: e.rules,
            progress: Arc::clone(e.progress.as_ref()?),
        })
    }

    /// A rollout is done: the editor's, if it still waits for this one.
    pub(super) fn editor_rollout_ready<G: Editable>(
        &mut self,
        job: &EditorRollout<G>,
        rollout: Option<Box<G::Rollout>>,
    ) {
        if let Some(e) = G::editor_mut(&mut self.screen)
            && e.progress.as_ref().is_some_and(|p| Arc::ptr_eq(p, &job.progress))
        {
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
        match weighed {
            Weighed::Values(values) => {
                self.editor_hints_done::<Brade>(job, &values)
                    || self.editor_hints_done::<Backgammon>(job, &values)
            }
            Weighed::Cube(d) => match Backgammon::editor_mut(&mut self.screen) {
                Some(e) if e.play.is_none() && e.moment() == job.moment => {
                    let hint = super::cube_jobs::cube_hint(&d, false);
                    e.note = Some(EditorNote::Cube(crate::words::backgammon::matchplay::cube_hint(
                        lang, &hint,
                    )));
                    true
                }
                _ => false,
            },
            Weighed::Play(_) | Weighed::CubeCard(_) => false,
        }
    }

    /// The best three of the plays `job` valued, in the editor of `G` if it is for it.
    fn editor_hints_done<G: Editable>(&mut self, job: &HintJob, values: &[f64]) -> bool {
        let Some(plays) = plays_of::<G>(job.weighing.as_ref()) else {
            return false;
        };
        let Some(e) = G::editor_mut(&mut self.screen) else {
            return false;
        };
        if e.play.is_some() || e.moment() != job.moment || values.len() != plays.plays.len() {
            return false;
        }
        let best = best_first(values).into_iter().take(3);
        let shown = best.map(|i| (G::play_of(&plays.plays[i]).to_string(), values[i]));
        e.note = Some(EditorNote::Hints(shown.collect()));
        true
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
