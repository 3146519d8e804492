//! Rolled-out positions for supervised training ([`super::teach`]): positions drawn from
//! self-play games, each rolled out ([`super::rollout`]) into a file that a run killed at
//! any moment continues (`brade train --game backgammon --write-rollouts FILE`).
//!
//! The positions: game `g` of the seed is played from the opening by the shipped network
//! at 0 ply (medium; one game in three by easy, whose noise reaches boards medium does
//! not), its dice from the seed and `g`, and each board with contact on which a side is
//! about to roll is kept with probability 1/[`EVERY`], the first time it is met. Races are
//! left to the race network and the bear-off database, which value them for every level.
//! Position `k` of a seed is the same however many were asked for.
//!
//! The file ([`super::appended`]): a header naming the seed, the way of drawing and the
//! rollouts' level, games and luck adjustment; then one position a line — its number, its
//! code (White to roll's view, as `brade eval --game backgammon` takes it), the five
//! rolled-out chances of the side to roll (win, win a gammon or more, a backgammon, lose a
//! gammon or more, a backgammon), the equity and its standard error, the games —
//! tab-separated, each written and flushed as soon as it is rolled out. A run started
//! again with the same settings checks the positions written against the seed's and goes
//! on after them, so the file ends as an unbroken run's; other settings are refused.

use std::collections::{HashSet, VecDeque};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::appended::{self, AppendError, Appended};
use super::features::is_race;
use super::net::{BgNet, OUTPUTS, Probs};
use super::rollout::{Options, rollout};
use super::search::Searcher;
use super::selfplay;
use crate::ai::Level;
use crate::backgammon::{Board, Position};
use crate::rules::Color;

/// A position is kept with probability 1 in this many.
pub const EVERY: u32 = 6;
/// The levels whose self-play games the positions come from, game by game in turn:
/// easy's noise strays where medium does not go, and the network must know those boards
/// too (it values the boards every candidate play leaves, good or bad).
const SOURCES: [Level; 3] = [Level::Medium, Level::Medium, Level::Easy];
/// The way positions are drawn, named in a rollout file's header: a file made by another
/// way of drawing is not continued.
const DRAW: u32 = 2;
/// The column names of a rollout file.
const COLUMNS: &str =
    "index\tposition\twin\twin-gammon\twin-backgammon\tlose-gammon\tlose-backgammon\tequity\terror\tgames";

/// Why rollouts cannot be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SupervisedError {
    #[error(transparent)]
    File(#[from] AppendError),
    #[error(transparent)]
    Level(#[from] super::LevelError),
    #[error(transparent)]
    Net(#[from] super::net::NetError),
}

/// The positions of a seed, in order: position `k` is the same whatever was asked before.
/// Game `g` is played by `SOURCES[g mod 3]` on both sides (see the module notes); each
/// board with contact on which a side is about to roll is kept with probability
/// 1/[`EVERY`], once (a board met again is not kept again).
#[derive(Debug)]
pub struct Positions {
    seed: u64,
    net: Arc<BgNet>,
    keep: ChaCha8Rng,
    seen: HashSet<Board>,
    queue: VecDeque<Board>,
    game: u64,
}

impl Positions {
    pub fn new(seed: u64) -> Result<Positions, SupervisedError> {
        Ok(Positions {
            seed,
            net: super::net::embedded()?,
            keep: ChaCha8Rng::seed_from_u64(seed ^ 0x4b45_4550),
            seen: HashSet::new(),
            queue: VecDeque::new(),
            game: 0,
        })
    }
}

impl Iterator for Positions {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        while self.queue.is_empty() {
            let g = self.game;
            self.game += 1;
            let level = SOURCES[(g % SOURCES.len() as u64) as usize];
            for turn in selfplay::game(&self.net, level, self.seed, g).ok()? {
                let b = turn.board;
                if !is_race(b.own(), b.opp()) && self.keep.random_range(0..EVERY) == 0 && self.seen.insert(b)
                {
                    self.queue.push_back(b);
                }
            }
        }
        self.queue.pop_front()
    }
}

/// The first `n` positions of `seed` ([`Positions`]).
pub fn positions(n: usize, seed: u64) -> Result<Vec<Board>, SupervisedError> {
    Ok(Positions::new(seed)?.take(n).collect())
}

/// How positions are rolled out for a rollout file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Draws the positions and seeds position `k`'s rollout (with `k`).
    pub seed: u64,
    pub level: Level,
    /// Games a position.
    pub games: u32,
    pub luck_adjusted: bool,
    /// Threads of each rollout (all cores when `None`); the figures do not depend on it.
    pub threads: Option<usize>,
    /// Value each position by the shipped network's search this many rolls ahead
    /// ([`Searcher::position`]) instead of rolling it out: no noise, the search's bias, and
    /// about seven times faster at two rolls than 144 games of medium (`level`, `games`
    /// and luck are then not used).
    pub search: Option<u8>,
}

impl Plan {
    /// The header of the file: what makes its figures, so that a run with other settings
    /// does not continue it.
    #[must_use]
    pub fn header(&self) -> String {
        let seed = self.seed;
        let sources: Vec<&str> = SOURCES.iter().map(|l| l.label()).collect();
        let sources = sources.join(", ");
        // What the chances are, how each position got them, and the options that say so.
        let (what, how, options) = match self.search {
            Some(depth) => (
                "as the search gives them",
                format!(
                    "# Searched: each position valued {depth} rolls ahead by the shipped network (the race network and the bear-off database where they apply), no rollout: error 0, games 0."
                ),
                format!("--search-depth {depth}"),
            ),
            None => {
                let luck = if self.luck_adjusted { "on" } else { "off" };
                let (games, level) = (self.games, self.level.label());
                (
                    "rolled out",
                    format!(
                        "# Rollouts: {games} games a position by {level} on both sides, luck adjustment {luck}, position k's dice from the seed and k."
                    ),
                    format!("--rollout-level {level} --rollout-games {games} --luck {luck}"),
                )
            }
        };
        format!(
            "# brade backgammon rollouts (issue 44, format 2): one position a line, the side to roll's five chances and equity {what}.\n\
             # Positions: seed {seed}, drawn (way {DRAW}) from self-play games of {sources} in turn, boards with contact, one in {EVERY}, each once.\n\
             {how}\n\
             # Made by: brade --seed {seed} train --game backgammon --write-rollouts FILE {options} --positions N\n\
             # (run again with any N, it goes on after the positions written; see the user guide, docs/src/training.md).\n\
             {COLUMNS}\n"
        )
    }

    /// The rollout options of position `k`.
    fn options(&self, k: usize) -> Options {
        Options {
            games: self.games,
            level: self.level,
            seed: self.seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            threads: self.threads,
            luck_adjusted: self.luck_adjusted,
        }
    }
}

/// Rolls out the first `n` positions of `plan`'s seed, appending each to `path` as soon as
/// it is done (a file begun with other settings is refused; the positions it holds are
/// checked against the seed's and skipped); a line to `log` every `report` positions.
pub fn write_rollouts(
    path: &Path,
    n: usize,
    plan: &Plan,
    report: usize,
    log: &mut dyn Write,
) -> Result<(), SupervisedError> {
    let header = plan.header();
    let (mut file, done) = Appended::open(path, &header)?;
    let mut boards = Positions::new(plan.seed)?;
    for (k, line) in done.iter().enumerate() {
        let board = boards.next();
        let code = board.map(|b| Position::new(b, Color::White).code());
        let mut cols = line.split('\t');
        let (index, position) = (cols.next(), cols.next());
        if index != Some(k.to_string().as_str()) || position != code.as_deref() {
            return Err(file
                .bad_line(
                    &header,
                    k,
                    format!(
                        "not position {k} of seed {} ({}): the file was made by another brade (another network or way of drawing)",
                        plan.seed,
                        code.unwrap_or_default()
                    ),
                )
                .into());
        }
    }
    if done.len() >= n {
        let _ = writeln!(
            log,
            "{} positions rolled out already in {}",
            done.len(),
            path.display()
        );
        return Ok(());
    }
    let how = match plan.search {
        Some(depth) => format!("searched {depth} rolls ahead"),
        None => format!("{} games each by {}", plan.games, plan.level.label()),
    };
    let _ = writeln!(
        log,
        "rolling out positions {} to {n} of seed {} into {} ({how})",
        done.len() + 1,
        plan.seed,
        path.display(),
    );
    let start = std::time::Instant::now();
    let mut searched = match plan.search {
        Some(depth) => Some((super::net::embedded()?, Searcher::new(), depth)),
        None => None,
    };
    for (k, board) in (done.len()..n).zip(boards) {
        let mut line = format!("{k}\t{}", Position::new(board, Color::White).code());
        if let Some((net, searcher, depth)) = &mut searched {
            let p = searcher.position(net, &board, *depth);
            for v in p.0 {
                line.push_str(&format!("\t{v:.5}"));
            }
            line.push_str(&format!("\t{:.5}\t0\t0\n", p.equity()));
        } else {
            let r = rollout(&board, &plan.options(k), &|| {})?;
            for e in r.outcomes() {
                line.push_str(&format!("\t{:.5}", e.mean));
            }
            let eq = r.equity();
            line.push_str(&format!("\t{:.5}\t{:.5}\t{}\n", eq.mean, eq.error, plan.games));
        }
        file.append(&line)?;
        let made = k + 1 - done.len();
        if report > 0 && (k + 1) % report == 0 {
            let secs = start.elapsed().as_secs_f64();
            let rate = made as f64 / secs.max(1e-9);
            let _ = writeln!(
                log,
                "{} of {n} positions rolled out: {rate:.2} a second this run, {:.0} s, about {:.1} h left",
                k + 1,
                secs,
                (n - k - 1) as f64 / rate.max(1e-9) / 3600.0
            );
        }
    }
    Ok(())
}

/// The positions and rolled-out chances of a file written by [`write_rollouts`] (its
/// complete lines: it may still be being written).
pub fn read_rollouts(path: &Path) -> Result<Vec<(Board, Probs)>, SupervisedError> {
    let bad = |line: usize, why: &str| AppendError::Line {
        path: path.to_path_buf(),
        line,
        why: why.to_string(),
    };
    let mut out = Vec::new();
    for (n, line) in appended::records(path, "index\t")? {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 2 + OUTPUTS {
            return Err(bad(n, "not an index, a position code and five chances").into());
        }
        let board = *Position::from_code(cols[1])
            .map_err(|e| bad(n, &e.to_string()))?
            .board();
        let mut p = [0.0f32; OUTPUTS];
        for (v, c) in p.iter_mut().zip(&cols[2..2 + OUTPUTS]) {
            *v = c
                .parse::<f32>()
                .map_err(|_| bad(n, &format!("{c:?} is not a chance")))?
                .clamp(0.0, 1.0);
        }
        out.push((board, Probs(p)));
    }
    Ok(out)
}
