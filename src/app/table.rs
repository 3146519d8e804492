//! The match on screen, in any game: the match itself, its message line and the plays
//! marked on its board, and what the keys, the dice and the computer's beats do to it.
//!
//! Everything here is written against the game boundary ([`crate::game`]): a turn is
//! played through [`TurnPlay`], its refusals and results are the game's own, worded by
//! [`GameWords`]. What the app around it lends (the board's mirroring, the dice, the cursor, the
//! computer's sides) comes in a [`Desk`]; what only the app can do (another screen, the
//! hints of a computer player) goes back as a [`Leave`].

use super::dice::Dice;
use super::{Computer, Key, Marks, Overlay, Slot};
use crate::game::{Checkers as _, Game, TurnPlay as _, TurnView as _, Typed};
use crate::rules::Roll;
use crate::session::{Match, Phase};
use crate::words::Note;
use crate::words::game::GameWords;

/// A match on screen: the match, the message line, and the plays its board marks.
#[derive(Clone, Debug)]
pub struct Table<G: Game> {
    pub(super) game: Match<G>,
    /// The message line.
    pub(super) note: Option<Note<G>>,
    /// The best play `H` found for the roll on the board, marked there until a move.
    pub(super) hint: Option<G::Play>,
    /// The play the tutor has questioned this turn (Enter then plays it).
    pub(super) tutor_asked: Option<G::Play>,
}

/// What the match screen borrows from the app around it.
#[derive(Debug)]
pub struct Desk<'a> {
    /// The board is drawn mirrored now ([`super::App::mirrored`]).
    pub(super) mirrored: bool,
    pub(super) dice: &'a mut Dice,
    pub(super) marks: &'a mut Marks,
    pub(super) computer: &'a mut Computer,
    pub(super) overlay: &'a mut Overlay,
}

/// What a key asks of the app beyond the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// Nothing: the match screen handled it.
    Stay,
    /// The hints (H) for the roll on the board.
    Hints,
    /// The match is over: set up another like it.
    Again,
    /// The match is over: replay it.
    Replay,
    /// The match is over: back to the start screen.
    Start,
    /// A complete play: end the turn ([`super::App::confirm`]).
    Confirm,
}

impl<G: GameWords> Table<G> {
    /// A match coming on screen, with nothing said yet.
    #[must_use]
    pub fn new(game: Match<G>) -> Table<G> {
        Table {
            game,
            note: None,
            hint: None,
            tutor_asked: None,
        }
    }

    /// The match.
    #[must_use]
    pub fn game(&self) -> &Match<G> {
        &self.game
    }

    /// The message line.
    #[must_use]
    pub fn note(&self) -> Option<&Note<G>> {
        self.note.as_ref()
    }

    /// The best play `H` found for the roll on the board, marked there until a move.
    #[must_use]
    pub fn hint(&self) -> Option<&G::Play> {
        self.hint.as_ref()
    }

    /// The computer's level if it is to act now (its turn, nothing over the screen).
    pub(super) fn computer_to_act(
        &self,
        sides: [Option<crate::ai::Level>; 2],
        overlay: &Overlay,
    ) -> Option<crate::ai::Level> {
        let game = &self.game;
        if *overlay != Overlay::None || matches!(game.phase, Phase::MatchOver) {
            return None;
        }
        // Nobody to read the result when the computer plays both sides: it goes on; the
        // opening roll is rolled as in hot-seat, by the player at the keyboard, unless the
        // computer plays both sides.
        match game.phase {
            Phase::GameOver { .. } | Phase::Teka { .. } => match sides {
                [Some(level), Some(_)] => Some(level),
                _ => None,
            },
            // A double is answered by the side doubled.
            Phase::Doubled { by } => sides[by.other().index()],
            _ => sides[game.position.to_move().index()],
        }
    }

    /// A key on the match screen, the computer not being to act.
    pub(super) fn key(&mut self, desk: &mut Desk, key: Key) -> Leave {
        if key == Key::Char('H') {
            return Leave::Hints;
        }
        let manual = desk.dice.manual;
        match &self.game.phase {
            // The doubling cube (B13), in a game that has one: before the roll.
            Phase::AwaitRoll if key == Key::Char('d') && self.game.may_double() => self.double(),
            Phase::Teka { .. } | Phase::AwaitRoll if manual => self.dice_digit(desk, key),
            Phase::Teka { .. } => {
                if matches!(key, Key::Char(' ' | 'r') | Key::Enter) {
                    let (w, b) = (desk.dice.die(), desk.dice.die());
                    self.note = Some(self.opening(desk, w, b));
                }
            }
            Phase::AwaitRoll => {
                if matches!(key, Key::Char(' ' | 'r') | Key::Enter) {
                    self.roll(desk);
                }
            }
            Phase::Forfeit(_) => {
                if matches!(key, Key::Char(' ') | Key::Enter) {
                    self.game.pass();
                    self.note = None;
                }
            }
            Phase::Doubled { .. } => match key {
                Key::Char('t') => self.take_double(),
                Key::Char('p') => self.drop_double(),
                _ => self.note = Some(Note::UnknownKey),
            },
            Phase::Moving(_) => return self.moving_key(desk, key),
            Phase::GameOver { .. } => {
                if matches!(key, Key::Char(' ') | Key::Enter) {
                    self.game.next_game();
                    self.note = match &self.game.phase {
                        Phase::AwaitRoll => Some(Note::LoserStarts(self.game.position.to_move())),
                        _ => None,
                    };
                }
            }
            Phase::MatchOver => {
                return match key {
                    Key::Char('n') | Key::Enter => Leave::Again,
                    Key::Char('r') => Leave::Replay,
                    Key::Esc => Leave::Start,
                    _ => Leave::Stay,
                };
            }
        }
        Leave::Stay
    }

    /// The side to move doubles.
    pub(super) fn double(&mut self) {
        let by = self.game.position.to_move();
        if self.game.double() {
            self.note = Some(Note::Doubles(by));
        }
    }

    /// The side doubled takes: the doubler rolls on.
    pub(super) fn take_double(&mut self) {
        if let Phase::Doubled { by } = self.game.phase
            && self.game.take_double()
        {
            self.note = Some(Note::Takes(by.other()));
        }
    }

    /// The side doubled drops: the game is over.
    pub(super) fn drop_double(&mut self) {
        if self.game.drop_double() {
            self.note = None;
        }
    }

    /// A click on the dice does what the dice are waiting for: roll (the opening roll
    /// too), confirm a complete play, pass a turn that cannot be played, go on after a
    /// game. Returns the key it stands for, or whether it confirmed.
    pub(super) fn dice_key(&self, manual: bool) -> DiceClick {
        match &self.game.phase {
            Phase::Teka { .. } | Phase::AwaitRoll if !manual => DiceClick::Key(Key::Char(' ')),
            Phase::Forfeit(_) | Phase::GameOver { .. } => DiceClick::Key(Key::Enter),
            Phase::Moving(turn) if turn.is_complete() => DiceClick::Confirm,
            _ => DiceClick::Nothing,
        }
    }

    /// Manual dice: a digit typed; two make a roll (or the opening roll).
    fn dice_digit(&mut self, desk: &mut Desk, key: Key) {
        match key {
            Key::Char(c @ '1'..='6') => desk.dice.entry.push(c),
            Key::Backspace => {
                desk.dice.entry.pop();
            }
            _ => {}
        }
        if desk.dice.entry.len() < 2 {
            return;
        }
        let digits: Vec<u8> = std::mem::take(&mut desk.dice.entry)
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let rolled = self.game.teka_rolls.len() + self.game.turns_played();
        let opening = matches!(self.game.phase, Phase::Teka { .. });
        desk.dice.typed_rolls.push(rolled as u64);
        desk.dice.typed += 2;
        if opening {
            self.note = Some(self.opening(desk, digits[0], digits[1]));
        } else if let Ok(roll) = Roll::new(digits[0], digits[1]) {
            self.roll_with(desk, roll);
        }
    }

    /// The opening roll, White's die and Black's. When the starter plays it (backgammon),
    /// the cursor goes to a checker that can move, as after any roll.
    pub(super) fn opening(&mut self, desk: &mut Desk, white: u8, black: u8) -> Note<G> {
        match self.game.teka(white, black) {
            Some(starter) => {
                if self.game.turn().is_some() {
                    desk.marks.picked = None;
                    self.tab(desk.marks, true);
                }
                Note::TekaStarts {
                    starter,
                    white,
                    black,
                }
            }
            None => Note::TekaEqual(white),
        }
    }

    pub(super) fn roll(&mut self, desk: &mut Desk) {
        let (a, b) = (desk.dice.die(), desk.dice.die());
        let Ok(roll) = Roll::new(a, b) else { return };
        self.roll_with(desk, roll);
    }

    fn roll_with(&mut self, desk: &mut Desk, roll: Roll) {
        self.hint = None;
        self.tutor_asked = None;
        let game = &mut self.game;
        game.roll(roll);
        let mover = game.position.to_move();
        self.note = match &game.phase {
            Phase::Forfeit(roll) => Some(Note::CannotMove {
                who: mover,
                dice: G::turn(game.position, *roll, game.rules).blocked_dice(),
            }),
            _ => None,
        };
        desk.marks.picked = None;
        self.tab(desk.marks, true);
    }

    fn moving_key(&mut self, desk: &mut Desk, key: Key) -> Leave {
        let cursor = &mut desk.marks.cursor;
        match key {
            // With the board mirrored, the columns run the other way on screen.
            Key::Left | Key::Char('h') if desk.mirrored => {
                cursor.col = (cursor.col + 1).min(Slot::LAST_COL);
            }
            Key::Right | Key::Char('l') if desk.mirrored => cursor.col = cursor.col.saturating_sub(1),
            Key::Left | Key::Char('h') => cursor.col = cursor.col.saturating_sub(1),
            Key::Right | Key::Char('l') => cursor.col = (cursor.col + 1).min(Slot::LAST_COL),
            Key::Up | Key::Char('k') => cursor.top = true,
            Key::Down | Key::Char('j') => cursor.top = false,
            Key::Tab => self.tab(desk.marks, true),
            Key::BackTab => self.tab(desk.marks, false),
            Key::Esc => desk.marks.picked = None,
            Key::Backspace | Key::Char('u') => {
                desk.marks.picked = None;
                if let Some(turn) = self.game.turn_mut()
                    && let Some(step) = turn.undo()
                {
                    desk.marks.cursor = Slot::at(G::LAYOUT, turn.mover(), step.from);
                }
                self.note = None;
            }
            Key::Char(':') => *desk.overlay = Overlay::Prompt(String::new()),
            Key::Char(c @ '1'..='6') => self.step_with_die(desk, c as u8 - b'0'),
            Key::Enter | Key::Char(' ') => return self.act(desk),
            _ => self.note = Some(Note::UnknownKey),
        }
        Leave::Stay
    }

    /// Moves the cursor to the next (or previous) checker that can move.
    pub(super) fn tab(&self, marks: &mut Marks, forward: bool) {
        let Some(turn) = self.game.turn() else { return };
        let mover = turn.mover();
        let mut sources: Vec<Slot> = turn
            .next_steps()
            .iter()
            .map(|s| Slot::at(G::LAYOUT, mover, s.from))
            .collect();
        sources.dedup();
        // Screen order: top row left to right, then bottom row left to right.
        sources.sort_by_key(|s| (!s.top, s.col));
        sources.dedup();
        if sources.is_empty() {
            return;
        }
        let here = (!marks.cursor.top, marks.cursor.col);
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
            marks.cursor = slot;
        }
    }

    /// Enter (or a click): pick the checker under the cursor, drop the picked one there,
    /// or confirm a complete play.
    fn act(&mut self, desk: &mut Desk) -> Leave {
        let Some(turn) = self.game.turn() else {
            return Leave::Stay;
        };
        let here = desk.marks.cursor.point_in(G::LAYOUT, turn.mover());
        match desk.marks.picked {
            Some(from) if from == here => {
                desk.marks.picked = None;
                self.note = None;
            }
            Some(from) => {
                let mut turn = turn.clone();
                match turn.move_checker(from, here) {
                    Ok(_) => self.after_step(desk, turn),
                    Err(e) => self.note = Some(Note::Refused(e)),
                }
            }
            // The app ends the turn (the tutor and the trainer may take the Enter).
            None if turn.is_complete() && turn.next_steps().is_empty() => return Leave::Confirm,
            None => {
                let next = turn.next_steps();
                if next.iter().any(|s| s.from == here) {
                    desk.marks.picked = Some(here);
                    let mut to: Vec<u8> = next.iter().filter(|s| s.from == here).map(|s| s.to).collect();
                    to.dedup();
                    self.note = Some(Note::PickDestination { from: here, to });
                } else {
                    self.note = Some(self.why_not_from(here));
                }
            }
        }
        Leave::Stay
    }

    /// A digit: play the picked checker (or the one under the cursor) with that die.
    fn step_with_die(&mut self, desk: &mut Desk, die: u8) {
        let Some(turn) = self.game.turn() else { return };
        let from = desk
            .marks
            .picked
            .unwrap_or_else(|| desk.marks.cursor.point_in(G::LAYOUT, turn.mover()));
        let mut turn = turn.clone();
        match turn.step(from, die) {
            Ok(_) => self.after_step(desk, turn),
            Err(e) => self.note = Some(Note::Refused(e)),
        }
    }

    /// The turn goes on with the step just taken: the cursor follows the checker, and the
    /// message line says where the play stands.
    pub(super) fn after_step(&mut self, desk: &mut Desk, turn: G::Turn) {
        let mover = turn.mover();
        self.hint = None;
        if let Some(last) = turn.taken().last() {
            desk.marks.cursor = Slot::at(G::LAYOUT, mover, last.to);
        }
        desk.marks.picked = None;
        let unused = turn.unused_dice();
        self.note = if desk.computer.sides[mover.index()].is_some() {
            // The computer's play, shown as it goes; nobody is to confirm it.
            Some(Note::Plays {
                who: mover,
                play: turn.play_so_far(),
                forfeits: if turn.outcome().is_none() {
                    unused
                } else {
                    Vec::new()
                },
            })
        } else if let Some(outcome) = turn.outcome() {
            Some(Note::Wins(outcome))
        } else if turn.is_complete() && !unused.is_empty() {
            Some(Note::Forfeits {
                who: mover,
                dice: unused,
                why: turn.forfeit_reasons(),
            })
        } else if turn.is_complete() {
            Some(Note::Complete)
        } else {
            None
        };
        self.game.phase = Phase::Moving(turn);
    }

    /// Why the checker under the cursor cannot start a step.
    fn why_not_from(&self, from: u8) -> Note<G> {
        let Some(turn) = self.game.turn() else {
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

    /// Ends the turn with the play made (unless the tutor questions it first: the app
    /// asks it before, see [`super::App::confirm`]).
    pub(super) fn confirm(&mut self, desk: &mut Desk) {
        match self.game.confirm() {
            Ok(()) => {
                desk.marks.picked = None;
                self.note = None;
            }
            Err(e) => self.note = Some(Note::Refused(e)),
        }
    }

    /// Moves typed after `:` (see the match screen's keys). Returns whether they made a
    /// complete play, which the same Enter confirms.
    pub(super) fn play_typed(&mut self, desk: &mut Desk, text: &str) -> bool {
        let Some(turn) = self.game.turn() else {
            return false;
        };
        let mut turn = turn.clone();
        match turn.type_play(text) {
            Ok(()) => {
                let complete = turn.is_complete();
                self.after_step(desk, turn);
                complete
            }
            Err(Typed::Refused(why)) => {
                self.note = Some(Note::Refused(why));
                false
            }
            Err(Typed::StepRefused { before, typed, why }) => {
                self.note = Some(Note::TypedRefused { before, typed, why });
                false
            }
        }
    }

    /// One beat of the computer's turn: the opening roll, a roll, one chosen step shown,
    /// or the end of the turn. Returns whether anything happened.
    pub(super) fn beat(&mut self, desk: &mut Desk) -> Beat
    where
        G: crate::ai::Strategy,
    {
        // (The computer's cube decisions, before its roll and when doubled, are weighed
        // off the event loop and made before this beat: `cube_jobs.rs`.)
        match &self.game.phase {
            Phase::Teka { .. } => {
                let (w, b) = (desk.dice.die(), desk.dice.die());
                self.note = Some(self.opening(desk, w, b));
            }
            Phase::AwaitRoll => self.roll(desk),
            Phase::Forfeit(_) => self.game.pass(),
            Phase::Moving(turn) => {
                if let Some(step) = desk.computer.pending.pop_front() {
                    let mut turn = turn.clone();
                    if turn.step(step.from, step.die).is_ok() {
                        self.after_step(desk, turn);
                    } else {
                        desk.computer.pending.clear();
                    }
                } else if turn.is_complete() && !desk.computer.thinking {
                    return Beat::Confirm;
                } else {
                    return Beat::Nothing;
                }
            }
            Phase::Doubled { .. } => return Beat::Nothing,
            Phase::GameOver { .. } => self.game.next_game(),
            Phase::MatchOver => return Beat::Nothing,
        }
        Beat::Done
    }
}

/// What a click on the dice stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceClick {
    Nothing,
    Key(Key),
    Confirm,
}

/// What a beat of the computer came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beat {
    Nothing,
    Done,
    /// The play is shown whole: it is to be confirmed.
    Confirm,
}
