//! The position editor (bräde): set up any position — from a book, a club evening — with
//! the keys or the mouse, its code shown and checked as it changes, then ask for the best
//! plays of a roll, roll it out, or play it out against the computer or a friend.
//!
//! Every change is made on the position's code and kept only if the rules read it back
//! (at most 15 checkers a side, the rest borne off; no tunga shared; no band where R7
//! allows none): otherwise the board stays as it was and the refusal says why, in words.
//! A code can be typed or pasted (`:`) and the code on screen copied (`y`: to the
//! terminal's clipboard through OSC 52, and shown so that it can be copied by hand). A
//! game played out from the editor is practice: it is not saved, and Esc goes back to the
//! editor with the position as it was set up.

use std::sync::Arc;

use super::table::Table;
use super::{App, Key, Overlay, Progress, Screen, Slot, SlotKind};
use crate::ai::Level;
use crate::ai::rollout::Rollout;
use crate::game::{Brade, Game as _};
use crate::rules::{BAR, Color, Position, PositionError, Roll, RuleSet};
use crate::session::Match;

/// What the editor says on its message line.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorNote {
    /// An edit or a code refused: why.
    Refused(PositionError),
    /// The code was copied (OSC 52).
    Copied,
    /// The best plays of the roll: each in notation with its value (expected points).
    Hints(Vec<(String, f64)>),
    /// H without a roll: digits set one.
    NeedsRoll,
    /// A position whose game is over, or with no legal play for the roll.
    NothingToPlay,
}

/// The position editor.
#[derive(Clone, Debug)]
pub struct Editor {
    pub position: Position,
    pub rules: RuleSet,
    /// The roll to weigh or play (two dice typed as digits).
    pub dice: Vec<u8>,
    /// Whose checker Enter (or a click) adds.
    pub placing: Color,
    pub cursor: Slot,
    pub note: Option<EditorNote>,
    /// A rollout of the position (the side to move), running or done.
    pub progress: Option<Arc<Progress>>,
    pub rollout: Option<Rollout>,
    /// The position being played out, when it is.
    pub play: Option<Box<Table<Brade>>>,
}

/// A rollout the editor asks for.
#[derive(Clone, Debug)]
pub struct EditorRollout {
    pub position: Position,
    pub rules: RuleSet,
    pub progress: Arc<Progress>,
}

/// Games a rollout from the editor plays (36 × 36: every first and second roll once).
pub const EDITOR_ROLLOUT_GAMES: u32 = 1296;

/// Each colour's checkers, in its own numbering (`[0]` its bar).
fn counts(position: &Position) -> [[u8; 25]; 2] {
    let board = position.board();
    let (own, opp) = (board.own_counts(), board.opp_counts());
    match position.turn() {
        Color::White => [own, opp],
        Color::Black => [opp, own],
    }
}

/// The code of these counts with `turn` to move.
fn code_of(counts: &[[u8; 25]; 2], turn: Color) -> String {
    let side = |c: &[u8; 25]| {
        let list: Vec<String> = (0..25u8)
            .filter(|&p| c[usize::from(p)] > 0)
            .map(|p| match c[usize::from(p)] {
                1 => p.to_string(),
                n => format!("{p}x{n}"),
            })
            .collect();
        if list.is_empty() {
            "-".to_string()
        } else {
            list.join(",")
        }
    };
    format!(
        "{}/{}/{}",
        side(&counts[0]),
        side(&counts[1]),
        if turn == Color::White { 'w' } else { 'b' }
    )
}

impl Editor {
    /// The editor at the starting position, White to move.
    #[must_use]
    pub fn new(rules: RuleSet) -> Editor {
        Editor::at(Position::start(Color::White), rules)
    }

    /// The editor at `position`.
    #[must_use]
    pub fn at(position: Position, rules: RuleSet) -> Editor {
        Editor {
            position,
            rules,
            dice: Vec::new(),
            placing: position.turn(),
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
        self.position.code()
    }

    /// The roll typed, when both dice are.
    #[must_use]
    pub fn roll(&self) -> Option<Roll> {
        match self.dice[..] {
            [a, b] => Roll::new(a, b).ok(),
            _ => None,
        }
    }

    /// Takes the position of `code` if the rules read it; otherwise says why.
    fn take(&mut self, code: &str) {
        match Position::from_code(code) {
            Ok(position) => {
                if position != self.position {
                    self.rollout = None;
                }
                self.position = position;
                self.note = None;
            }
            Err(why) => self.note = Some(EditorNote::Refused(why)),
        }
    }

    /// One checker more (`add`) or fewer at the cursor: of the colour placed, or when
    /// removing, of whichever colour stands there.
    fn edit(&mut self, add: bool) {
        let mut c = counts(&self.position);
        let slot = self.cursor;
        if slot.kind() == SlotKind::Tray {
            return;
        }
        let side = if add {
            self.placing
        } else {
            // Removing: whoever stands there (the colour placed first).
            let at = |s: Color| c[s.index()][usize::from(slot.point_for(s))];
            if at(self.placing) > 0 {
                self.placing
            } else {
                self.placing.other()
            }
        };
        let point = usize::from(if slot.kind() == SlotKind::Bar {
            BAR
        } else {
            slot.point_for(side)
        });
        let n = &mut c[side.index()][point];
        if add {
            *n += 1;
        } else if *n == 0 {
            return;
        } else {
            *n -= 1;
        }
        let code = code_of(&c, self.position.turn());
        self.take(&code);
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
                let c = counts(&self.position);
                let code = code_of(&c, self.position.turn().other());
                self.take(&code);
            }
            Key::Char('s') => self.take(&Position::start(self.position.turn()).code()),
            Key::Char('n') => self.take(&code_of(&[[0; 25]; 2], self.position.turn())),
            Key::Char(d @ '1'..='6') => {
                if self.dice.len() == 2 {
                    self.dice.clear();
                }
                self.dice.push(d as u8 - b'0');
                self.note = None;
            }
            Key::Char('0') => self.dice.clear(),
            Key::Char('y') => {
                self.note = Some(EditorNote::Copied);
                return Some(EditorAct::Copy(self.code()));
            }
            Key::Char('H') => self.hints(),
            Key::Char('R') => return Some(EditorAct::Rollout),
            Key::Char('p') => return Some(EditorAct::Play(None)),
            Key::Char('o') => return Some(EditorAct::Play(Some(Level::Hard))),
            Key::Char(':') => return Some(EditorAct::Prompt),
            Key::Esc => return Some(EditorAct::Leave),
            _ => {}
        }
        None
    }

    /// H: the hard level's three best plays of the roll typed, with their values.
    fn hints(&mut self) {
        let Some(roll) = self.roll() else {
            self.note = Some(EditorNote::NeedsRoll);
            return;
        };
        let plays = Brade::legal_plays(&self.position, roll, self.rules);
        if plays.is_empty() || self.position.board().own_in_play() == 0 {
            self.note = Some(EditorNote::NothingToPlay);
            return;
        }
        let mut hard = Level::Hard.player(0);
        hard.play_by(self.rules);
        let values = hard.values(&plays);
        let mut order: Vec<usize> = (0..plays.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
        self.note = Some(EditorNote::Hints(
            order
                .iter()
                .take(3)
                .map(|&i| (plays[i].play.to_string(), values[i]))
                .collect(),
        ));
    }
}

/// What an editor key asks of the app.
enum EditorAct {
    Copy(String),
    Rollout,
    Play(Option<Level>),
    Prompt,
    Leave,
}

impl App {
    /// The position editor, at the start position (or at `position`).
    pub(super) fn open_editor(&mut self, position: Option<Position>) {
        let rules = self.settings.rules;
        self.screen = Screen::Editor(match position {
            Some(p) => Editor::at(p, rules),
            None => Editor::new(rules),
        });
    }

    pub(super) fn editor_key(&mut self, key: Key) {
        let lang = self.lang();
        let Screen::Editor(e) = &mut self.screen else {
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
            Some(EditorAct::Copy(code)) => self.clipboard = Some(code),
            // (One rollout at a time.)
            Some(EditorAct::Rollout) if e.progress.is_none() => {
                e.rollout = None;
                e.progress = Some(Arc::new(Progress::default()));
                self.editor_rollout_wanted = true;
            }
            Some(EditorAct::Rollout) => {}
            Some(EditorAct::Play(computer)) => {
                let names = Color::BOTH.map(|side| match computer {
                    Some(level) if side != e.position.turn() => {
                        crate::words::names::computer_name(lang, level.label())
                    }
                    _ => crate::words::names::color_name(lang, side).to_string(),
                });
                let mut game: Match =
                    Match::from_position(&names[0], &names[1], 1, e.position).by_rules(e.rules);
                if let Some(roll) = e.roll() {
                    game.roll(roll);
                }
                e.play = Some(Box::new(Table::new(game)));
                let mut sides = [None, None];
                if let Some(level) = computer {
                    sides[e.position.turn().other().index()] = Some(level);
                }
                self.computer.sides = sides;
                self.fresh_dice();
            }
            Some(EditorAct::Prompt) => self.overlay = Overlay::Prompt(String::new()),
            Some(EditorAct::Leave) => self.screen = Screen::Start { item: 0 },
        }
    }

    /// A click on the board of the editor: the cursor there, and a checker placed.
    pub(super) fn editor_click(&mut self, slot: Slot) {
        if let Screen::Editor(e) = &mut self.screen {
            e.cursor = slot;
            e.edit(true);
        }
    }

    /// A code typed or pasted after `:` in the editor.
    pub(super) fn editor_code(&mut self, text: &str) {
        if let Screen::Editor(e) = &mut self.screen {
            e.take(text.trim());
        }
    }

    /// Whether the editor (not a game played out from it) is on screen.
    pub(super) fn editing(&self) -> bool {
        matches!(&self.screen, Screen::Editor(e) if e.play.is_none())
    }

    /// The rollout the editor asks for, once.
    pub(super) fn editor_rollout_request(&mut self) -> Option<EditorRollout> {
        if !std::mem::take(&mut self.editor_rollout_wanted) {
            return None;
        }
        let Screen::Editor(e) = &self.screen else {
            return None;
        };
        Some(EditorRollout {
            position: e.position,
            rules: e.rules,
            progress: Arc::clone(e.progress.as_ref()?),
        })
    }

    /// A rollout is done: the editor's, if it still waits for this one.
    pub(super) fn editor_rollout_ready(&mut self, job: &EditorRollout, rollout: Rollout) {
        if let Screen::Editor(e) = &mut self.screen
            && e.progress.as_ref().is_some_and(|p| Arc::ptr_eq(p, &job.progress))
        {
            e.progress = None;
            if e.position == job.position {
                e.rollout = Some(rollout);
            }
        }
    }

    /// The text to copy to the terminal's clipboard (OSC 52), taken once.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }
}
