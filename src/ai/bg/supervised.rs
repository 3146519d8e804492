//! Supervised training on rollouts: positions drawn from self-play games, each rolled out
//! ([`super::rollout`]), and a copy of a network taught the rolled-out chances of the five
//! outcomes (`brade train --game backgammon --write-rollouts FILE`, then `--from-rollouts
//! FILE`).
//!
//! The positions: game `g` of the seed is played by the shipped network at 0 ply from the
//! opening, its dice from the seed and `g`, and each board on which a side is about to
//! roll is kept with probability 1/[`EVERY`] unless both sides are home (the bear-off
//! database knows those exactly). So openings, contact, races and bear-offs against a
//! checker still back come in the proportions of play.
//!
//! The file, one position a line: the position code (White to roll's view, as `brade
//! eval --game backgammon` takes it), then the five rolled-out chances of the side to roll
//! (win, win a gammon or more, a backgammon, lose a gammon or more, a backgammon), then
//! the rollout's games, tab-separated. A run stopped and started again goes on after the
//! lines already written (same seed, same positions, same figures).
//!
//! The training: held-out positions (every tenth) measure the cross-entropy and the
//! equity's mean absolute error against the rollouts before and after every epoch; the
//! others are visited in an order shuffled from the seed each epoch, one gradient step of
//! size α on the cross-entropy of the five outputs each.

use std::io::Write;
use std::path::Path;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::arena::roll;
use super::features::Features;
use super::net::{BgNet, OUTPUTS, Probs, Scratch};
use super::rollout::{Options, rollout};
use super::search::Searcher;
use crate::ai::{Level, bearoff};
use crate::backgammon::{Board, MoveGen, Position};
use crate::rules::Color;

/// A position is kept with probability 1 in this many.
pub const EVERY: u32 = 6;
/// A self-play game longer than this is cut short.
const MAX_TURNS: usize = 2000;

/// Why rollouts cannot be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SupervisedError {
    #[error("cannot read or write {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}, line {line}: not a position code and five chances")]
    Line { path: String, line: usize },
    #[error(transparent)]
    Level(#[from] super::LevelError),
    #[error(transparent)]
    Net(#[from] super::net::BgNetError),
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> SupervisedError + '_ {
    move |source| SupervisedError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// The first `n` positions drawn from self-play games of `seed` (see the module notes).
pub fn positions(n: usize, seed: u64) -> Result<Vec<Board>, SupervisedError> {
    let net = super::net::embedded()?;
    let mut searcher = Searcher::new();
    let mut movegen = MoveGen::new();
    let mut keep = ChaCha8Rng::seed_from_u64(seed ^ 0x4b45_4550);
    let mut out = Vec::with_capacity(n);
    for g in 0u64.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(g);
        let mut board = Board::start();
        for _ in 0..MAX_TURNS {
            if out.len() >= n {
                return Ok(out);
            }
            if bearoff::race(&board).is_none() && keep.random_range(0..EVERY) == 0 {
                out.push(board);
            }
            let plays = movegen.plays(&board, roll(&mut rng));
            let (i, _) = searcher.best(&net, plays);
            if plays[i].win.is_some() {
                break;
            }
            board = plays[i].board.switched();
        }
    }
    Ok(out)
}

/// Rolls out `n` positions of `seed` with `games` games each (medium on both sides, no
/// luck adjustment: medium's costs more than it gains, see the README), appending to
/// `path` after the lines it already holds; a line to `log` every `report` positions.
pub fn write_rollouts(
    path: &Path,
    n: usize,
    games: u32,
    seed: u64,
    report: usize,
    log: &mut dyn Write,
) -> Result<(), SupervisedError> {
    let done = match std::fs::read_to_string(path) {
        Ok(text) => text.lines().count(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
        Err(e) => return Err(io_error(path)(e)),
    };
    let boards = positions(n, seed)?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(io_error(path))?;
    let start = std::time::Instant::now();
    for (k, board) in boards.iter().enumerate().skip(done) {
        let options = Options {
            games,
            level: Level::Medium,
            seed: seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            threads: None,
            luck_adjusted: false,
        };
        let r = rollout(board, &options, &|| {})?;
        let mut line = Position::new(*board, Color::White).code();
        for e in r.outcomes() {
            line.push_str(&format!("\t{:.5}", e.mean));
        }
        line.push_str(&format!("\t{games}\n"));
        file.write_all(line.as_bytes()).map_err(io_error(path))?;
        if report > 0 && (k + 1) % report == 0 {
            file.flush().map_err(io_error(path))?;
            let _ = writeln!(
                log,
                "{} of {n} positions rolled out, {:.0} s",
                k + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

/// The positions and rolled-out chances of a file written by [`write_rollouts`].
pub fn read_rollouts(path: &Path) -> Result<Vec<(Board, Probs)>, SupervisedError> {
    let text = std::fs::read_to_string(path).map_err(io_error(path))?;
    let bad = |line: usize| SupervisedError::Line {
        path: path.display().to_string(),
        line,
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 1 + OUTPUTS {
            return Err(bad(i + 1));
        }
        let board = *Position::from_code(cols[0]).map_err(|_| bad(i + 1))?.board();
        let mut p = [0.0f32; OUTPUTS];
        for (v, c) in p.iter_mut().zip(&cols[1..=OUTPUTS]) {
            *v = c.parse::<f32>().map_err(|_| bad(i + 1))?.clamp(0.0, 1.0);
        }
        out.push((board, Probs(p)));
    }
    Ok(out)
}

/// The mean cross-entropy of `net`'s five outputs against the targets, and the mean
/// absolute difference of the cubeless equities.
#[must_use]
pub fn fit(net: &BgNet, data: &[(Board, Probs)]) -> (f64, f64) {
    let mut scratch = Scratch::default();
    let (mut ce, mut eq) = (0.0f64, 0.0f64);
    for (board, target) in data {
        let out = net.evaluate(board, &mut scratch);
        for (t, o) in target.0.iter().zip(out.0) {
            let o = f64::from(o).clamp(1e-6, 1.0 - 1e-6);
            let t = f64::from(*t);
            ce -= t * o.ln() + (1.0 - t) * (1.0 - o).ln();
        }
        eq += f64::from((out.equity() - target.equity()).abs());
    }
    let n = data.len().max(1) as f64;
    (ce / n, eq / n)
}

/// Teaches `net` the rollouts `data` for `epochs` epochs of step `alpha`, every tenth
/// position held out to measure the fit; a line to `log` before and after each epoch.
pub fn train(
    net: &mut BgNet,
    data: &[(Board, Probs)],
    epochs: u32,
    alpha: f32,
    seed: u64,
    log: &mut dyn Write,
) {
    let held: Vec<(Board, Probs)> = data.iter().step_by(10).copied().collect();
    let mut taught: Vec<(Board, Probs)> = data
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 10 != 0)
        .map(|(_, d)| *d)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scratch = Scratch::default();
    let mut features = Features::default();
    let report = |net: &BgNet, taught: &[(Board, Probs)], epoch: u32, log: &mut dyn Write| {
        let (ce, eq) = fit(net, &held);
        let (tce, teq) = fit(net, taught);
        let _ = writeln!(
            log,
            "epoch {epoch}: held out ({} positions) cross-entropy {ce:.4}, equity error {eq:.4}; taught ({}) {tce:.4}, {teq:.4}",
            held.len(),
            taught.len()
        );
    };
    report(net, &taught, 0, log);
    for epoch in 1..=epochs {
        taught.shuffle(&mut rng);
        for (board, target) in &taught {
            features.set(board);
            net.learn(&features, target, alpha, &mut scratch);
        }
        report(net, &taught, epoch, log);
    }
}
