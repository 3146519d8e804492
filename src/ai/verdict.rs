//! "Is this really an error?" A decision the analysis marked, checked by a rollout: the
//! play made and the judge's best play rolled out side by side with the same dice
//! (`rollout_plays`, common random numbers: the difference is measured game by game), by
//! the medium level, for how much the play made loses by the rollout and that
//! difference's standard error — and the verdict beside the 2-ply one:
//!
//! - **confirmed** when the rollout's loss is at least the doubtful mark (bräde 0.05,
//!   backgammon 0.04) by two standard errors or more,
//! - **not an error** when it is below the mark by two standard errors or more,
//! - **uncertain** otherwise: the mark is within two standard errors.
//!
//! The rollouts play for points, cubeless, as in a single game: at a match score the
//! 2-ply figure counts the match's chances (and in backgammon the cube), the rollout does
//! not. A backgammon cube decision is not rolled out — a cubeless rollout cannot settle
//! it honestly.
//!
//! Deterministic for a seed, whatever the number of threads (the rollouts' own promise).

use std::sync::atomic::AtomicBool;

use super::Level;
use super::analysis::{Decision, THRESHOLDS};
use super::backgammon::analysis::{self, BgDecision, DecisionKind};
use crate::brade::{LegalPlay, Position, RuleSet, Turn};
use crate::rules::Roll;
use crate::words::verdict::VerdictFigures;

pub use crate::words::verdict::Verdict;

/// Who plays the rollouts out: the medium level (a bräde game takes about 0.7 ms of a
/// core, a backgammon one about 1.5 ms — measured, see docs/src/figures.md; the hard level is a
/// hundred times slower).
pub const LEVEL: Level = Level::Medium;

/// Games each of the two plays of a bräde decision is rolled out by default: 36 × 36 × 2,
/// every pair of first and second rolls twice. About 3.5 s of one core a decision; the
/// standard error of the difference comes to 0.06–0.07 points.
pub const GAMES: u32 = 2592;

/// The same for backgammon: 36 × 36, every pair of first and second rolls once. About
/// 3.8 s of one core a decision; the standard error of the difference comes to 0.04–0.05
/// in contact, far less in a race.
pub const BG_GAMES: u32 = 1296;

/// The seed of the dice when none is given: the same verdicts every time.
pub const SEED: u64 = 1;

/// How a decision is rolled out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Games a play.
    pub games: u32,
    pub seed: u64,
    /// Threads (all cores when `None`); the figures do not depend on it.
    pub threads: Option<usize>,
}

impl Run {
    /// `games` a play with the default seed, on every core.
    #[must_use]
    pub fn of(games: u32) -> Run {
        Run {
            games,
            seed: SEED,
            threads: None,
        }
    }
}

/// A marked decision rolled out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verification {
    /// Points the play made loses against the judge's best by the rollout (negative when
    /// it did better), and that difference's standard error.
    pub loss: f64,
    pub error: f64,
    /// Games each play was rolled out.
    pub games: u32,
    pub verdict: Verdict,
}

impl Verification {
    /// The rollout's loss `loss` ± `error` over `games` games judged against the doubtful
    /// mark `threshold`.
    #[must_use]
    pub fn of(loss: f64, error: f64, games: u32, threshold: f64) -> Verification {
        let verdict = if loss - 2.0 * error >= threshold {
            Verdict::Confirmed
        } else if loss + 2.0 * error < threshold {
            Verdict::NotAnError
        } else {
            Verdict::Uncertain
        };
        Verification {
            loss,
            error,
            games,
            verdict,
        }
    }

    /// The figures as the words say them.
    #[must_use]
    pub fn figures(&self) -> VerdictFigures {
        VerdictFigures {
            loss: self.loss,
            error: self.error,
            games: self.games,
            verdict: self.verdict,
        }
    }
}

/// The legal play `play` of `roll` at `position`, replayed step by step.
fn replayed(position: &Position, roll: Roll, play: &crate::brade::Play, rules: RuleSet) -> Option<LegalPlay> {
    let mut turn = Turn::with_rules(*position, roll, rules);
    for step in play.steps() {
        turn.step(step.from, step.die).ok()?;
    }
    turn.finish().ok().map(|(legal, _)| legal)
}

/// Rolls out a bräde decision of a match played by `rules`: the play made against the
/// judge's best, `tick` called after each game index (from any thread). `None` if the
/// plays do not replay at the decision's position, or once `stop` is set (the rollout is
/// then given up).
pub fn verify(
    d: &Decision,
    rules: RuleSet,
    run: Run,
    tick: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Option<Verification> {
    let best = replayed(&d.position, d.roll, &d.best, rules)?;
    let made = replayed(&d.position, d.roll, &d.played, rules)?;
    let options = super::rollout::Options {
        games: run.games,
        level: LEVEL,
        seed: run.seed,
        threads: run.threads,
        luck_adjusted: false,
        rules,
    };
    let rolled = super::rollout::rollout_plays_until(&d.position, &[best, made], options, tick, stop);
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let (Some(best), Some(made)) = (rolled.first(), rolled.get(1)) else {
        return None;
    };
    // Each is behind the rollout's better of the two (0 for that one).
    let loss = made.behind_best - best.behind_best;
    let error = made.behind_error.max(best.behind_error);
    Some(Verification::of(loss, error, run.games, THRESHOLDS[0]))
}

/// Rolls out a backgammon checker decision: the play made against the judge's best,
/// cubeless, `tick` called after each game index (from any thread). `None` for a cube
/// decision, if the plays do not replay or the shipped network cannot be read, or once
/// `stop` is set (the rollout is then given up).
pub fn verify_bg(
    d: &BgDecision,
    run: Run,
    tick: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Option<Verification> {
    let DecisionKind::Checker { roll, played, best } = &d.kind else {
        return None;
    };
    let legal = |play: &crate::backgammon::Play| {
        crate::backgammon::Turn::new(d.position, *roll)
            .play_notation(&play.to_string())
            .ok()
    };
    let (best, made) = (legal(best)?, legal(played)?);
    let options = super::backgammon::rollout::Options {
        games: run.games,
        level: LEVEL,
        seed: run.seed,
        threads: run.threads,
        luck_adjusted: false,
    };
    let rolled = super::backgammon::rollout::rollout_plays_until(&[best, made], &options, tick, stop).ok()?;
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let [best, made] = [&rolled.first()?.behind_best, &rolled.get(1)?.behind_best];
    // Each is its equity less the rollout's better of the two's (0 for that one).
    let loss = best.mean - made.mean;
    let error = made.error.max(best.error);
    Some(Verification::of(loss, error, run.games, analysis::THRESHOLDS[0]))
}
