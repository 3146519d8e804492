//! The rules of a single step (B5–B7, B9–B11): one checker moved by one die, legal or
//! refused with the rule that refuses it, and applied. The plain search and the turn
//! build on these; the fast generator has the same rules in bit masks.

use super::board::{BAR, Board, OFF};
use super::play::Step;

/// Why one checker cannot be moved by one die (whatever the rest of the roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepRefusal {
    /// The mover has no checker on `from` (`25` = the bar).
    NoChecker(u8),
    /// B9: checkers on the bar enter before any other moves.
    BarFirst,
    /// B7/B9: the point `to` is held by two or more of the other side's checkers.
    Closed(u8),
    /// B10: bearing off waits until all fifteen are in the home board.
    NotAllHome,
    /// B11: a die higher than the point bears off only from the highest occupied point,
    /// and a checker stands on `highest`.
    NotHighest { highest: u8 },
    /// No point 1–25 is `from`, or no die 1–6 is `die`.
    OffBoard,
}

/// The highest point of the mover's checkers (25 = the bar), 0 when all are off.
#[must_use]
pub fn highest(board: &Board) -> u8 {
    let own = board.own();
    (1..=BAR).rev().find(|&p| own[usize::from(p)] > 0).unwrap_or(OFF)
}

/// The step of the mover's checker on `from` by `die`, or why it is refused.
pub fn step(board: &Board, from: u8, die: u8) -> Result<Step, StepRefusal> {
    if !(1..=BAR).contains(&from) || !(1..=6).contains(&die) {
        return Err(StepRefusal::OffBoard);
    }
    let own = board.own();
    if own[usize::from(from)] == 0 {
        return Err(StepRefusal::NoChecker(from));
    }
    if from != BAR && own[usize::from(BAR)] > 0 {
        return Err(StepRefusal::BarFirst);
    }
    if from > die {
        let to = from - die;
        let opp = board.opp_on(to);
        if opp >= 2 {
            return Err(StepRefusal::Closed(to));
        }
        return Ok(Step {
            from,
            to,
            die,
            hit: opp == 1,
        });
    }
    let top = highest(board);
    if top > 6 {
        return Err(StepRefusal::NotAllHome);
    }
    if from < die && top > from {
        return Err(StepRefusal::NotHighest { highest: top });
    }
    Ok(Step {
        from,
        to: OFF,
        die,
        hit: false,
    })
}

/// Applies a legal step.
pub fn apply_step(board: &mut Board, step: Step) {
    board.apply(step.from, step.to, step.hit);
}
