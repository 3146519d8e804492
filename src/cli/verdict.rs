//! `brade analyze FILE --rollout [--worst N] [--games N]`: the decisions the analysis marked
//! as errors (doubtful and worse), or the N worst of them, each rolled out — the play made
//! against the judge's best, by medium with the same dice ([`crate::ai::verdict`]) — with
//! the rollout's loss and verdict printed under the decision (and as three more TSV
//! columns), for either game.

use std::sync::atomic::AtomicBool;

use crate::ai::analysis::{Analysis, Mark};
use crate::ai::backgammon::analysis::BgAnalysis;
use crate::ai::verdict::{self, Run, Verification};
use crate::rules::RuleSet;
use crate::words::Lang;
use crate::words::verdict as words;

/// What `--rollout` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    /// Only the N worst marked decisions (all of them when `None`).
    pub worst: Option<u32>,
    /// Games a play (the game's default when `None`).
    pub games: Option<u32>,
    pub seed: u64,
}

impl Asked {
    fn run(&self, default_games: u32) -> Run {
        Run {
            games: self.games.unwrap_or(default_games),
            seed: self.seed,
            threads: None,
        }
    }
}

/// The decisions to roll out, by their losses and marks in order: those marked, the worst
/// first (of equal losses the earlier), at most `worst`.
fn chosen(marks: &[(f64, Mark)], worst: Option<u32>) -> Vec<usize> {
    let mut marked: Vec<usize> = (0..marks.len()).filter(|&i| marks[i].1 != Mark::Fine).collect();
    marked.sort_by(|&a, &b| marks[b].0.total_cmp(&marks[a].0).then(a.cmp(&b)));
    marked.truncate(worst.map_or(usize::MAX, |n| n as usize));
    marked
}

/// Rolls out the decisions `chosen` of `count` with `verify`, a progress bar on stderr
/// (where it is a terminal) over every game: the verifications, by decision.
fn roll(
    count: usize,
    chosen: &[usize],
    games: u32,
    verify: impl Fn(usize, &(dyn Fn() + Sync)) -> Option<Verification>,
) -> Vec<Option<Verification>> {
    let bar = indicatif::ProgressBar::new(chosen.len() as u64 * u64::from(games));
    let mut out = vec![None; count];
    for &i in chosen {
        out[i] = verify(i, &|| bar.inc(1));
    }
    bar.finish_and_clear();
    out
}

/// The bräde decisions asked for rolled out, by decision (`None` for those not).
pub(super) fn brade(analysis: &Analysis, rules: RuleSet, asked: &Asked) -> Vec<Option<Verification>> {
    let marks: Vec<(f64, Mark)> = analysis.decisions.iter().map(|d| (d.loss, d.mark)).collect();
    let run = asked.run(verdict::GAMES);
    let never = AtomicBool::new(false);
    roll(marks.len(), &chosen(&marks, asked.worst), run.games, |i, tick| {
        verdict::verify(&analysis.decisions[i], rules, run, tick, &never)
    })
}

/// The backgammon checker decisions asked for rolled out, by decision (`None` for those
/// not, and for every cube decision: a cubeless rollout cannot settle one).
pub(super) fn backgammon(analysis: &BgAnalysis, asked: &Asked) -> Vec<Option<Verification>> {
    let marks: Vec<(f64, Mark)> = analysis
        .decisions
        .iter()
        .map(|d| (d.loss, if d.is_cube() { Mark::Fine } else { d.mark }))
        .collect();
    let run = asked.run(verdict::BG_GAMES);
    let never = AtomicBool::new(false);
    roll(marks.len(), &chosen(&marks, asked.worst), run.games, |i, tick| {
        verdict::verify_bg(&analysis.decisions[i], run, tick, &never)
    })
}

/// The heading of the rollouts, after the analysis's, of a backgammon match's
/// (`backgammon`, `cube` when it had cube decisions) or a bräde match's.
pub(super) fn heading(
    lang: Lang,
    asked: &Asked,
    verdicts: &[Option<Verification>],
    backgammon: bool,
    cube: bool,
) -> String {
    let (games, threshold) = if backgammon {
        (verdict::BG_GAMES, crate::ai::backgammon::analysis::THRESHOLDS[0])
    } else {
        (verdict::GAMES, crate::ai::analysis::THRESHOLDS[0])
    };
    words::heading(
        lang,
        &words::RolloutFigures {
            level: verdict::LEVEL.label(),
            games: asked.run(games).games,
            seed: asked.seed,
            threshold,
            decisions: verdicts.iter().flatten().count(),
            cube,
        },
    )
}

/// The TSV columns of a decision: the rollout's loss, its standard error and the verdict,
/// or `-` for each where it was not rolled out.
pub(super) fn tsv_columns(v: Option<&Verification>) -> String {
    match v {
        Some(v) => format!("\t{:.4}\t{:.4}\t{}", v.loss, v.error, v.verdict.code()),
        None => "\t-\t-\t-".to_string(),
    }
}
