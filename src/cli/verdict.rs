//! `brade analyze FILE --rollout [--worst N] [--games N]`: the decisions the analysis marked
//! as errors (doubtful and worse), or the N worst of them, each rolled out — the play made
//! against the judge's best, by medium with the same dice ([`crate::ai::verdict`]) — with
//! the rollout's loss and verdict printed under the decision (and as three more TSV
//! columns), for either game.

use crate::ai::analysis::Mark;
use crate::ai::verdict::{self, Run, Verification};
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
    pub(in crate::cli) fn run(&self, default_games: u32) -> Run {
        Run {
            games: self.games.unwrap_or(default_games),
            seed: self.seed,
            threads: None,
        }
    }
}

/// The decisions to roll out, by their losses and marks in order: those marked, the worst
/// first (of equal losses the earlier), at most `worst`.
pub(in crate::cli) fn chosen(marks: &[(f64, Mark)], worst: Option<u32>) -> Vec<usize> {
    let mut marked: Vec<usize> = (0..marks.len()).filter(|&i| marks[i].1 != Mark::Fine).collect();
    marked.sort_by(|&a, &b| marks[b].0.total_cmp(&marks[a].0).then(a.cmp(&b)));
    marked.truncate(worst.map_or(usize::MAX, |n| n as usize));
    marked
}

/// Rolls out the decisions `chosen` of `count` with `verify`, a progress bar on stderr
/// (where it is a terminal) over every game: the verifications, by decision.
pub(in crate::cli) fn roll(
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

/// The heading of the rollouts, after the analysis's, of a match of `G` whose rollouts
/// play `games` games a play unless asked otherwise (`cube` when it had cube decisions).
pub(super) fn heading<G: crate::ai::Strategy>(
    lang: Lang,
    asked: &Asked,
    verdicts: &[Option<Verification>],
    games: u32,
    cube: bool,
) -> String {
    let threshold = G::THRESHOLDS[0];
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
