//! The match screen: teka, rolling (or typing real dice), picking and placing checkers,
//! undo, typed plays, confirming, and the way from game to game.

use super::computer::judge;
use super::{App, Key, Overlay, Replay, ReplayBack, Screen, Setup, Slot};
use crate::ai::analysis::{THRESHOLDS, in_points, weigh};
use crate::game::{Brade, Game as _};
use crate::rules::{Play, Refusal, Roll, Turn, parse_notation};
use crate::session::{Match, Phase};
use crate::words::Note;

impl App {
    pub(super) fn match_key(&mut self, key: Key) {
        if self.computer_to_act().is_some() {
            return; // the computer's turn: it plays by itself
        }
        if key == Key::Char('H') {
            self.hints();
            return;
        }
        let (manual, lang, computer) = (self.dice.manual, self.lang(), self.computer.sides);
        let Some(game) = self.game_mut() else { return };
        match &game.phase {
            Phase::Teka { .. } | Phase::AwaitRoll if manual => self.dice_digit(key),
            Phase::Teka { .. } => {
                if matches!(key, Key::Char(' ' | 'r') | Key::Enter) {
                    let (w, b) = (self.die(), self.die());
                    self.note = Some(self.teka(w, b));
                }
            }
            Phase::AwaitRoll => {
                if matches!(key, Key::Char(' ' | 'r') | Key::Enter) {
                    self.roll();
                }
            }
            Phase::Forfeit(_) => {
                if matches!(key, Key::Char(' ') | Key::Enter) {
                    self.pass_turn();
                    self.note = None;
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
                }
            }
            Phase::MatchOver => match key {
                Key::Char('n') | Key::Enter => {
                    let form = Setup::again(lang, game, computer);
                    self.screen = Screen::Setup(form);
                    self.note = None;
                }
                Key::Char('r') => self.replay_finished(),
                Key::Esc => {
                    self.screen = Screen::Start { item: 0 };
                    self.note = None;
                }
                _ => {}
            },
        }
    }

    /// The match just finished, replayed and analysed (in the background), its worst play
    /// shown first; Esc then goes to the start screen. Its analysis is kept beside its
    /// record, once the record is written.
    fn replay_finished(&mut self) {
        let Some(saved) = self.snapshot() else { return };
        let Ok(replay) = Replay::of(&saved, false) else {
            return;
        };
        let mut replay = match self.records.entries.last().filter(|_| self.saving.archived) {
            Some(entry) => replay.read_from(entry.path.clone()),
            None => replay,
        };
        replay.back = ReplayBack::Start;
        replay.worst_when_analysed = true;
        self.screen = Screen::Replay(Box::new(replay));
        self.note = None;
    }

    /// A click on the dice does what the dice are waiting for: roll (teka too), confirm a
    /// complete play, pass a turn that cannot be played, go on after a game.
    pub(super) fn dice_clicked(&mut self) {
        if self.overlay != Overlay::None || self.computer_to_act().is_some() {
            return;
        }
        let Some(game) = self.game() else { return };
        match &game.phase {
            Phase::Teka { .. } | Phase::AwaitRoll if !self.dice.manual => {
                self.key(Key::Char(' '));
            }
            Phase::Forfeit(_) | Phase::GameOver { .. } => self.key(Key::Enter),
            Phase::Moving(turn) if turn.is_complete() => {
                self.confirm();
            }
            _ => {}
        }
    }

    /// Passes a turn whose roll cannot be played.
    pub(super) fn pass_turn(&mut self) {
        if let Some(game) = self.game_mut() {
            game.pass();
        }
    }

    /// Manual dice: a digit typed; two make a roll (or the teka).
    pub(super) fn dice_digit(&mut self, key: Key) {
        match key {
            Key::Char(c @ '1'..='6') => self.dice.entry.push(c),
            Key::Backspace => {
                self.dice.entry.pop();
            }
            _ => {}
        }
        if self.dice.entry.len() < 2 {
            return;
        }
        let digits: Vec<u8> = std::mem::take(&mut self.dice.entry)
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let Some(game) = self.game() else { return };
        let rolled = game.teka_rolls.len() + game.turns_played();
        let teka = matches!(game.phase, Phase::Teka { .. });
        self.dice.typed_rolls.push(rolled as u64);
        self.dice.typed += 2;
        if teka {
            self.note = Some(self.teka(digits[0], digits[1]));
        } else if let Ok(roll) = Roll::new(digits[0], digits[1]) {
            self.roll_with(roll);
        }
    }

    pub(super) fn teka(&mut self, white: u8, black: u8) -> Note {
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

    pub(super) fn roll(&mut self) {
        let (a, b) = (self.die(), self.die());
        let Ok(roll) = Roll::new(a, b) else { return };
        self.roll_with(roll);
    }

    pub(super) fn roll_with(&mut self, roll: Roll) {
        self.marks.hint = None;
        self.marks.tutor_asked = None;
        let Some(game) = self.game_mut() else { return };
        game.roll(roll);
        let mover = game.position.turn();
        let note = match &game.phase {
            Phase::Forfeit(roll) => Some(Note::CannotMove {
                who: mover,
                dice: Turn::with_rules(game.position, *roll, game.rules).blocked_dice(),
            }),
            _ => None,
        };
        self.marks.picked = None;
        self.note = note;
        self.tab(true);
    }

    pub(super) fn moving_key(&mut self, key: Key) {
        match key {
            // With the board mirrored, the columns run the other way on screen.
            Key::Left | Key::Char('h') if self.settings.mirror => {
                self.marks.cursor.col = (self.marks.cursor.col + 1).min(Slot::LAST_COL);
            }
            Key::Right | Key::Char('l') if self.settings.mirror => {
                self.marks.cursor.col = self.marks.cursor.col.saturating_sub(1)
            }
            Key::Left | Key::Char('h') => self.marks.cursor.col = self.marks.cursor.col.saturating_sub(1),
            Key::Right | Key::Char('l') => {
                self.marks.cursor.col = (self.marks.cursor.col + 1).min(Slot::LAST_COL)
            }
            Key::Up | Key::Char('k') => self.marks.cursor.top = true,
            Key::Down | Key::Char('j') => self.marks.cursor.top = false,
            Key::Tab => self.tab(true),
            Key::BackTab => self.tab(false),
            Key::Esc => self.marks.picked = None,
            Key::Backspace | Key::Char('u') => {
                self.marks.picked = None;
                if let Some(turn) = self.game_mut().and_then(Match::turn_mut)
                    && let Some(step) = turn.undo()
                {
                    let mover = turn.start().turn();
                    self.marks.cursor = Slot::of_point(mover, step.from);
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
    pub(super) fn tab(&mut self, forward: bool) {
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
        let here = (!self.marks.cursor.top, self.marks.cursor.col);
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
            self.marks.cursor = slot;
        }
    }

    /// Enter (or a click): pick the checker under the cursor, drop the picked one there,
    /// or confirm a complete play.
    pub(super) fn act(&mut self) {
        let Some(game) = self.game() else { return };
        let Some(turn) = game.turn() else { return };
        let mover = game.position.turn();
        let here = self.marks.cursor.point_for(mover);
        match self.marks.picked {
            Some(from) if from == here => {
                self.marks.picked = None;
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
                    self.marks.picked = Some(here);
                    self.note = Some(Note::PickDestination);
                } else {
                    self.note = Some(self.why_not_from(here));
                }
            }
        }
    }

    /// A digit: play the picked checker (or the one under the cursor) with that die.
    pub(super) fn step_with_die(&mut self, die: u8) {
        let Some(game) = self.game() else { return };
        let Some(turn) = game.turn() else { return };
        let mover = game.position.turn();
        let from = self
            .marks
            .picked
            .unwrap_or_else(|| self.marks.cursor.point_for(mover));
        let mut turn = turn.clone();
        match turn.step(from, die) {
            Ok(_) => self.after_step(turn),
            Err(e) => self.note = Some(Note::Refused(e)),
        }
    }

    pub(super) fn after_step(&mut self, turn: Turn) {
        let mover = turn.start().turn();
        self.marks.hint = None;
        if let Some(last) = turn.taken().last() {
            self.marks.cursor = Slot::of_point(mover, last.to);
        }
        self.marks.picked = None;
        let unused = turn.unused_dice();
        self.note = if self.computer.sides[mover.index()].is_some() {
            // The computer's play, shown as it goes; nobody is to confirm it.
            Some(Note::Plays {
                who: mover,
                play: Play::from_steps(turn.taken()),
                forfeits: if turn.result().is_none() {
                    unused
                } else {
                    Vec::new()
                },
            })
        } else if let Some(result) = turn.result() {
            Some(Note::Wins(result))
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
        if let Some(game) = self.game_mut() {
            game.phase = Phase::Moving(turn);
        }
    }

    /// Why the checker under the cursor cannot start a step.
    pub(super) fn why_not_from(&self, from: u8) -> Note {
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

    /// Ends the turn with the play made (unless the tutor questions it first).
    pub(super) fn confirm(&mut self) {
        if self.tutor_objects() {
            return;
        }
        let Some(game) = self.game_mut() else { return };
        match game.confirm() {
            Ok(()) => {
                self.marks.picked = None;
                self.note = None;
            }
            Err(e) => self.note = Some(Note::Refused(e)),
        }
    }

    /// The tutor (when on): a player's complete play that loses at least its threshold
    /// against the hard level's best is questioned once before it is confirmed. Returns
    /// whether it was.
    fn tutor_objects(&mut self) -> bool {
        let Some(at) = self.settings.tutor.threshold_index() else {
            return false;
        };
        let Some(turn) = self.game().and_then(Match::turn) else {
            return false;
        };
        let mover = turn.start().turn();
        let Some(made) = turn.completed() else {
            return false;
        };
        if self.computer.sides[mover.index()].is_some() || self.marks.tutor_asked == Some(made.play) {
            return false;
        }
        let plays = Brade::legal_plays(turn.start(), turn.roll(), turn.rules());
        if plays.len() < 2 {
            return false;
        }
        // In a match the hard level weighs the chance to win it, and the loss is judged
        // in points of the match's first game, as the analysis judges it.
        let Some(game) = self.game() else {
            return false;
        };
        let (mut hard, payoff) = judge(game);
        let (best, loss) = weigh(hard.as_mut(), &plays, &made);
        let (loss, chance) = in_points(game.score.games(), &payoff, loss.unwrap_or(0.0));
        if loss < THRESHOLDS[at] {
            return false;
        }
        self.marks.tutor_asked = Some(made.play);
        self.note = Some(Note::Tutor {
            who: mover,
            loss_milli: (loss * 1000.0).round() as u32,
            match_basis_points: chance.map(|c| (c * 10_000.0).round() as u32),
            best: plays[best].play,
        });
        true
    }

    /// Moves typed after `:` (see the match screen's keys).
    pub(super) fn play_typed(&mut self, text: &str) {
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
        // The typed moves go on from the moves already made; failing that (a whole play
        // typed after a move or two), from the start of the turn.
        let mut turn = turn.clone();
        let mut outcome = turn.step_typed(&steps);
        if outcome.is_err() && !turn.taken().is_empty() {
            let mut fresh = turn.clone();
            fresh.undo_all();
            if fresh.step_typed(&steps).is_ok() {
                (turn, outcome) = (fresh, Ok(()));
            }
        }
        match outcome {
            Ok(()) => {
                let complete = turn.is_complete();
                self.after_step(turn);
                // A complete play is confirmed by the same Enter.
                if complete {
                    self.confirm();
                }
            }
            Err((at, why)) => {
                // What is wrong with the text itself: which typed move, after which
                // typed moves (played in the text only, not on the board).
                let mut before = turn.clone();
                let taken = before.taken().len();
                let before = match before.step_typed(&steps[..at]) {
                    Ok(()) => Play::from_steps(&before.taken()[taken..]),
                    Err(_) => Play::empty(),
                };
                self.note = Some(Note::TypedRefused {
                    before,
                    typed: steps[at],
                    why,
                });
            }
        }
    }
}
