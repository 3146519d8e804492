//! A turn in progress, step by step, for a person at the board.
//!
//! [`Turn`] knows every legal step order of every legal play of the roll (§6), so it can
//! say which steps may come next, whether the steps taken already form a legal play, and,
//! for a step that is refused, the rule that refuses it (a typed [`Refusal`]; the words
//! are the `words` module's).

use super::board::{Board, OFF};
use super::leaf::Thresholds;
use super::movegen::{Candidate, LegalPlay, MoveGen};
use super::play::{NotationError, Play, Step, TypedStep};
use super::position::Position;
use super::result::GameResult;
use super::ruleset::RuleSet;
use super::steps::{StepRefusal, StepRules, apply_step};
use crate::rules::Roll;
use crate::rules::turn::{Candidate as TurnCandidate, StepBoard, Taken, TurnStep};

/// Why a step, a typed play or a confirmation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The step breaks a rule by itself (R7, R9, R11–R14).
    Step(StepRefusal),
    /// No unused die shows this number.
    NoDie(u8),
    /// No unused die takes the checker from `from` to `to`.
    NoDieReaches { from: u8, to: u8 },
    /// A checker moves one die at a time: this is the way from `from` to where it was
    /// asked to go, one step per die.
    InSteps(Play),
    /// No checker may be moved onto the bar (only a hit sends one there).
    OntoBar,
    /// Bearing off from `from` needs a die of `need` or more, and none is left.
    DieTooSmall { from: u8, need: u8 },
    /// The steps taken already form a complete play.
    TurnComplete,
    /// The last step ended the game.
    GameOver,
    /// R10: a play using this many dice exists.
    MoreDice(usize),
    /// R10: only one die can be used, and it must be the higher one.
    HigherDie(u8),
    /// R11: a play with less total reduction exists.
    LessReduction,
    /// The steps taken are not yet a complete play: a die can still be played.
    NotFinished,
    /// Typed notation could not be read.
    Notation(NotationError),
    /// A typed `*` or `!` does not match what the step does.
    Mark(Step),
}

/// Why each of `dice` cannot be played on `board`: the entry's refusal while checkers are
/// on the bar, `None` (no checker can move it) otherwise.
fn blocked(board: &Board, dice: &[u8], rules: RuleSet) -> Vec<(u8, Option<StepRefusal>)> {
    let rules = StepRules::new(board, rules);
    dice.iter()
        .map(|&d| {
            let why = (board.own_bar() > 0)
                .then(|| rules.refusal(board, super::board::BAR, d))
                .flatten();
            (d, why)
        })
        .collect()
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
    rules: RuleSet,
    thresholds: Thresholds,
    steps: Taken<Board, Candidate>,
}

impl Turn {
    /// Starts a turn: `position`'s side to move has rolled `roll` (the Vasamuseet rules).
    #[must_use]
    pub fn new(position: Position, roll: Roll) -> Turn {
        Turn::with_rules(position, roll, RuleSet::VASAMUSEET)
    }

    /// Starts a turn by the rules `rules`.
    #[must_use]
    pub fn with_rules(position: Position, roll: Roll, rules: RuleSet) -> Turn {
        let (candidates, thresholds) = MoveGen::with_rules(rules).candidates(position.board(), roll);
        Turn {
            start: position,
            rules,
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

    /// The rules the turn is played by.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
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

    /// The dice not yet used, higher first (four entries for a double before any step).
    #[must_use]
    pub fn dice_left(&self) -> Vec<u8> {
        self.steps.dice_left()
    }

    /// The roll cannot be played at all: the only legal play is the empty play.
    #[must_use]
    pub fn is_forfeit(&self) -> bool {
        self.steps.candidates().is_empty()
    }

    /// The distinct steps that may come next and still lead to a legal play.
    #[must_use]
    pub fn next_steps(&self) -> Vec<Step> {
        self.steps.next_steps()
    }

    /// The legal play the steps taken form, if they form one (complete or game-ending).
    #[must_use]
    pub fn completed(&self) -> Option<LegalPlay> {
        if self.is_forfeit() {
            return Some(LegalPlay {
                play: Play::empty(),
                board: *self.steps.board(),
                result: None,
            });
        }
        self.steps.completed()
    }

    /// Whether the steps taken form a legal play that may be confirmed.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.completed().is_some()
    }

    /// The game's result if the steps taken have ended it.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.completed().and_then(|p| p.result)
    }

    /// The dice the completed play leaves unplayed (forfeited, *fåtade*), or that the
    /// game's end waived. Empty while the play is not complete.
    #[must_use]
    pub fn unused_dice(&self) -> Vec<u8> {
        if self.is_complete() {
            self.dice_left()
        } else {
            Vec::new()
        }
    }

    /// Takes the step of the checker on `from` (`0` = bar) by `die`.
    pub fn step(&mut self, from: u8, die: u8) -> Result<Step, Refusal> {
        if self.completed().is_some_and(|p| p.result.is_some()) {
            return Err(Refusal::GameOver);
        }
        let left = self.dice_left();
        if left.is_empty() {
            return Err(Refusal::TurnComplete);
        }
        if !left.contains(&die) {
            return Err(Refusal::NoDie(die));
        }
        let board = self.steps.board();
        let rules = StepRules::new(board, self.rules);
        let Some(step) = rules.step(board, from, die) else {
            let why = rules
                .refusal(board, from, die)
                .unwrap_or(StepRefusal::NoChecker(from));
            return Err(Refusal::Step(why));
        };
        if !self.steps.leads_on(step) {
            let mut prefix = self.steps.play();
            prefix.push(step);
            return Err(self.explain(&prefix));
        }
        self.steps.push(step);
        Ok(step)
    }

    /// Moves the checker on `from` to `to` (`25` = off) with whichever unused die does it;
    /// when several dice can (bearing off), the smallest that leads to a legal play.
    pub fn move_checker(&mut self, from: u8, to: u8) -> Result<Step, Refusal> {
        let mut dice = self.dice_left();
        dice.sort_unstable();
        dice.dedup();
        let fitting: Vec<u8> = dice
            .into_iter()
            .filter(|&d| {
                if to == OFF {
                    from + d >= OFF
                } else {
                    from + d == to
                }
            })
            .collect();
        if fitting.is_empty() {
            if self.is_complete() {
                return Err(if self.result().is_some() {
                    Refusal::GameOver
                } else {
                    Refusal::TurnComplete
                });
            }
            return Err(self.why_unreachable(from, to));
        }
        let mut first_err = None;
        for d in fitting {
            match self.step(from, d) {
                Ok(s) => return Ok(s),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        Err(first_err.unwrap_or(Refusal::NoDieReaches { from, to }))
    }

    /// Why each die of a roll that cannot be played at all is blocked, highest first: the
    /// refusal of the entry while checkers are on the bar, `None` (no checker can move it)
    /// otherwise. Empty unless the roll is forfeited whole.
    #[must_use]
    pub fn blocked_dice(&self) -> Vec<(u8, Option<StepRefusal>)> {
        if !self.is_forfeit() {
            return Vec::new();
        }
        let mut dice = self.steps.roll().steps();
        dice.dedup();
        blocked(self.start.board(), &dice, self.rules)
    }

    /// Why each die the completed play leaves unplayed could not be played (as
    /// [`Turn::blocked_dice`], on the board the moves made leave). Empty when the play is
    /// not complete or ended the game.
    #[must_use]
    pub fn forfeit_reasons(&self) -> Vec<(u8, Option<StepRefusal>)> {
        if self.result().is_some() {
            return Vec::new();
        }
        let mut dice = self.unused_dice();
        dice.dedup();
        blocked(self.steps.board(), &dice, self.rules)
    }

    /// Why no single unused die takes the checker on `from` to `to`: the first thing wrong,
    /// as a player would put it.
    fn why_unreachable(&self, from: u8, to: u8) -> Refusal {
        let board = self.steps.board();
        let rules = StepRules::new(board, self.rules);
        let mut dice = self.dice_left();
        dice.sort_unstable();
        let highest = dice.last().copied().unwrap_or(1);
        // Nothing to move, or something else must move first.
        if let Some(why @ (StepRefusal::NoChecker(_) | StepRefusal::NothingOnBar | StepRefusal::BarFirst)) =
            rules.refusal(board, from, highest)
        {
            return Refusal::Step(why);
        }
        if to == super::board::BAR {
            return Refusal::OntoBar;
        }
        if to == OFF {
            // The bear-off rule that applies, else the dice are too small.
            if from + 6 < OFF {
                return Refusal::Step(StepRefusal::NotAllHome);
            }
            return match rules.refusal(board, from, 6) {
                Some(why @ (StepRefusal::NotAllHome | StepRefusal::NotRearmost(_))) => Refusal::Step(why),
                _ => Refusal::DieTooSmall {
                    from,
                    need: OFF - from,
                },
            };
        }
        if to > from
            && let Some(play) = self.steps_between(from, to)
        {
            return Refusal::InSteps(play);
        }
        Refusal::NoDieReaches { from, to }
    }

    /// The legal steps, one die each, that take the checker on `from` to `to` (a point on
    /// the board) with the unused dice, if there are such.
    fn steps_between(&self, from: u8, to: u8) -> Option<Play> {
        let mut dice = self.dice_left();
        dice.sort_unstable();
        // The lower die first, as a player counts; then the other order.
        let orders: Vec<Vec<u8>> = match dice.as_slice() {
            [a, b] if a != b => vec![vec![*a, *b], vec![*b, *a]],
            _ => vec![dice.clone()],
        };
        for order in orders {
            let mut turn = self.clone();
            let mut at = from;
            let mut play = Play::empty();
            for d in order {
                if at >= to {
                    break;
                }
                match turn.step(at, d) {
                    Ok(step) => {
                        play.push(step);
                        at = step.to;
                    }
                    Err(_) => break,
                }
            }
            if at == to && play.len() > 1 {
                return Some(play);
            }
        }
        None
    }

    /// Takes back the last step.
    pub fn undo(&mut self) -> Option<Step> {
        self.steps.undo()
    }

    /// Takes back every step.
    pub fn undo_all(&mut self) {
        self.steps.undo_all();
    }

    /// Plays typed notation from the start of the turn: the steps must form a complete
    /// legal play. On refusal the turn is left as it was.
    pub fn play_typed(&mut self, typed: &[TypedStep]) -> Result<LegalPlay, Refusal> {
        let saved = self.steps.mark();
        self.undo_all();
        let outcome = self.apply_typed(typed);
        if outcome.is_err() {
            self.steps.restore(saved);
        }
        outcome
    }

    /// Plays typed steps after those already taken (a part of a play, or the rest of it);
    /// each must be legal. On refusal the turn is left as it was, and the error says which
    /// typed step was refused (its index) and why.
    pub fn step_typed(&mut self, typed: &[TypedStep]) -> Result<(), (usize, Refusal)> {
        let saved = self.steps.mark();
        let outcome = typed.iter().enumerate().try_for_each(|(i, t)| {
            let step = self.move_checker(t.from, t.to).map_err(|e| (i, e))?;
            match t.mark {
                Some(mark) if mark != step.effect => Err((i, Refusal::Mark(step))),
                _ => Ok(()),
            }
        });
        if outcome.is_err() {
            self.steps.restore(saved);
        }
        outcome
    }

    fn apply_typed(&mut self, typed: &[TypedStep]) -> Result<LegalPlay, Refusal> {
        for t in typed {
            let step = self.move_checker(t.from, t.to)?;
            if let Some(mark) = t.mark
                && mark != step.effect
            {
                return Err(Refusal::Mark(step));
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
        let tails: Vec<&LegalPlay> = self.steps.with_prefix(prefix.steps()).map(|c| &c.play).collect();
        let most = tails.iter().map(|p| p.play.len()).max().unwrap_or(0);
        if most < usize::from(th.most) {
            return Refusal::MoreDice(usize::from(th.most));
        }
        if let Some(h) = th.need_high
            && tails
                .iter()
                .all(|p| p.play.steps().first().is_some_and(|s| s.die != h))
        {
            return Refusal::HigherDie(h);
        }
        Refusal::LessReduction
    }
}
