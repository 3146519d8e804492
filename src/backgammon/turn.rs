//! A turn in progress, step by step, for a person at the board.
//!
//! [`Turn`] knows every step order of every legal play of the roll (by the plain search),
//! so it can say which steps may come next, whether the steps taken form a legal play,
//! and, for a step that is refused, the rule that refuses it (a typed [`Refusal`]; the
//! words are the `words` module's).

use crate::rules::Roll;

use super::board::{Board, OFF};
use super::play::{NotationError, Play, Step, TypedMove, TypedPlay};
use super::position::Position;
use super::result::Win;
use super::search::{Candidate, LegalPlay, Thresholds, candidates};
use super::steps::{StepRefusal, apply_step, step};
use crate::rules::turn::{Candidate as TurnCandidate, StepBoard, Taken, TurnStep};

/// Why a step, a typed play or a confirmation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The step breaks a rule by itself (B7, B9–B11).
    Step(StepRefusal),
    /// No unused die shows this number.
    NoDie(u8),
    /// No unused die, nor several of them one after another, takes the checker from
    /// `from` to `to`.
    NoDieReaches { from: u8, to: u8 },
    /// The steps taken already form a complete play.
    TurnComplete,
    /// The last step ended the game.
    GameOver,
    /// B8: a play using this many dice exists, and every play must use as many.
    MoreDice(usize),
    /// B8: only one die can be played, and it must be the higher one, this.
    HigherDie(u8),
    /// The steps taken are not yet a complete play: a die can still be played.
    NotFinished,
    /// Typed notation could not be read.
    Notation(NotationError),
    /// A typed `*` where the step hits nothing.
    Mark(Step),
}

impl TurnStep for Step {
    fn die(&self) -> u8 {
        self.die
    }
}

impl StepBoard for Board {
    type Step = Step;
    fn apply(&mut self, step: Step) {
        apply_step(self, step);
    }
}

impl TurnCandidate for Candidate {
    type Step = Step;
    type Legal = LegalPlay;
    fn is_legal(&self) -> bool {
        self.legal
    }
    fn legal(&self) -> &LegalPlay {
        &self.play
    }
    fn steps(&self) -> &[Step] {
        self.play.play.steps()
    }
}

/// A turn in progress: a position, a roll and the steps taken so far (the bookkeeping
/// every game shares, [`Taken`]).
#[derive(Clone, Debug)]
pub struct Turn {
    start: Position,
    thresholds: Thresholds,
    steps: Taken<Board, Candidate>,
}

impl Turn {
    /// Starts a turn: `position`'s side to move has rolled `roll`.
    #[must_use]
    pub fn new(position: Position, roll: Roll) -> Turn {
        let (candidates, thresholds) = candidates(position.board(), roll);
        Turn {
            start: position,
            thresholds,
            steps: Taken::new(roll, *position.board(), candidates),
        }
    }

    /// The position the turn started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The roll.
    #[must_use]
    pub fn roll(&self) -> Roll {
        self.steps.roll()
    }

    /// The position after the steps taken so far (the same side still to move).
    #[must_use]
    pub fn position(&self) -> Position {
        Position::new(*self.steps.board(), self.start.turn())
    }

    /// The steps taken so far.
    #[must_use]
    pub fn taken(&self) -> &[Step] {
        self.steps.steps()
    }

    /// The dice not yet used, higher first (four for a double before any step).
    #[must_use]
    pub fn dice_left(&self) -> Vec<u8> {
        self.steps.dice_left()
    }

    /// The roll cannot be played at all (B8, B9: a shut board): the only play is empty.
    #[must_use]
    pub fn is_forfeit(&self) -> bool {
        self.thresholds.most == 0
    }

    /// The distinct steps that may come next and still lead to a legal play.
    #[must_use]
    pub fn next_steps(&self) -> Vec<Step> {
        self.steps.next_steps()
    }

    /// The legal play the steps taken form, if they form one.
    #[must_use]
    pub fn completed(&self) -> Option<LegalPlay> {
        self.steps.completed()
    }

    /// Whether the steps taken form a legal play that may be made final.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.completed().is_some()
    }

    /// The win, if the steps taken have ended the game.
    #[must_use]
    pub fn win(&self) -> Option<Win> {
        self.completed().and_then(|p| p.win)
    }

    /// The distinct legal plays of the roll (by the board they leave), as the plain search
    /// finds them.
    #[must_use]
    pub fn legal_plays(&self) -> Vec<LegalPlay> {
        let mut out: Vec<LegalPlay> = Vec::new();
        for c in self.steps.candidates().iter().filter(|c| c.full) {
            if !out.iter().any(|p| p.board == c.play.board) {
                out.push(c.play);
            }
        }
        out
    }

    /// Takes the step of the checker on `from` (`25` = the bar) by `die`.
    pub fn step(&mut self, from: u8, die: u8) -> Result<Step, Refusal> {
        if Win::of_mover(self.steps.board()).is_some() {
            return Err(Refusal::GameOver);
        }
        let left = self.dice_left();
        if left.is_empty() {
            return Err(Refusal::TurnComplete);
        }
        if !left.contains(&die) {
            return Err(Refusal::NoDie(die));
        }
        let s = step(self.steps.board(), from, die).map_err(Refusal::Step)?;
        if !self.steps.leads_on(s) {
            return Err(if self.is_complete() {
                Refusal::TurnComplete
            } else {
                let mut prefix = self.steps.play();
                prefix.push(s);
                self.explain(&prefix)
            });
        }
        self.steps.push(s);
        Ok(s)
    }

    /// Moves the checker on `from` to `to` (`0` = off): with one unused die if one does it
    /// (the smallest that leads to a legal play, bearing off), else with several one after
    /// another (as `24/16` with 5-3), by the first order that is legal. On refusal nothing
    /// is taken.
    pub fn move_checker(&mut self, from: u8, to: u8) -> Result<Vec<Step>, Refusal> {
        let mut first_err = None;
        for n in 1..=self.dice_left().len() {
            let mut steps = Vec::new();
            match self.reach(from, to, n, &mut steps) {
                Ok(()) => return Ok(steps),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        if self.is_complete() && self.dice_left().is_empty() || self.win().is_some() {
            return Err(if self.win().is_some() {
                Refusal::GameOver
            } else {
                Refusal::TurnComplete
            });
        }
        Err(first_err.unwrap_or(Refusal::NoDieReaches { from, to }))
    }

    /// Takes `n` steps of one checker from `from` to `to`, or nothing and why not.
    fn reach(&mut self, from: u8, to: u8, n: usize, steps: &mut Vec<Step>) -> Result<(), Refusal> {
        let mut dice = self.dice_left();
        dice.sort_unstable();
        dice.dedup();
        let mut why = Refusal::NoDieReaches { from, to };
        for d in dice {
            let lands = if from > d { from - d } else { OFF };
            let arrives = lands == to;
            if (n == 1) != arrives || lands < to || (lands == OFF && to != OFF) {
                continue;
            }
            match self.step(from, d) {
                Ok(s) => {
                    steps.push(s);
                    if n == 1 {
                        return Ok(());
                    }
                    match self.reach(lands, to, n - 1, steps) {
                        Ok(()) => return Ok(()),
                        Err(e) => why = e,
                    }
                    steps.pop();
                    self.undo();
                }
                Err(e) => why = e,
            }
        }
        Err(why)
    }

    /// Takes back the last step.
    pub fn undo(&mut self) -> Option<Step> {
        self.steps.undo()
    }

    /// Takes back every step.
    pub fn undo_all(&mut self) {
        self.steps.undo_all();
    }

    /// Plays typed notation from the start of the turn: the moves must form a complete
    /// legal play. On refusal the turn is left as it was.
    pub fn play_typed(&mut self, typed: &TypedPlay) -> Result<LegalPlay, Refusal> {
        let saved = self.steps.mark();
        self.undo_all();
        let outcome = self.apply_typed(&typed.0);
        if outcome.is_err() {
            self.steps.restore(saved);
        }
        outcome
    }

    /// Reads and plays notation from the start of the turn (see [`Turn::play_typed`]).
    pub fn play_notation(&mut self, text: &str) -> Result<LegalPlay, Refusal> {
        let typed: TypedPlay = text.parse().map_err(Refusal::Notation)?;
        self.play_typed(&typed)
    }

    fn apply_typed(&mut self, typed: &[TypedMove]) -> Result<LegalPlay, Refusal> {
        for t in typed {
            let steps = self.move_checker(t.from, t.to)?;
            if let Some(last) = steps.last()
                && t.hit
                && !last.hit
            {
                return Err(Refusal::Mark(*last));
            }
        }
        self.completed().ok_or(Refusal::NotFinished)
    }

    /// Ends the turn: the completed play and the position with the turn passed.
    pub fn finish(&self) -> Result<(LegalPlay, Position), Refusal> {
        let play = self.completed().ok_or(Refusal::NotFinished)?;
        Ok((
            play,
            Position::new(play.board.switched(), self.start.turn().other()),
        ))
    }

    /// Why no legal play starts with `prefix`, though each of its steps is legal alone.
    fn explain(&self, prefix: &Play) -> Refusal {
        let th = self.thresholds;
        let tails = || self.steps.with_prefix(prefix.steps());
        if let Some(h) = th.need_high
            && tails().all(|c| c.play.play.steps().first().is_some_and(|s| s.die != h))
        {
            return Refusal::HigherDie(h);
        }
        Refusal::MoreDice(th.most)
    }
}
