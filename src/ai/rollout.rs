//! Rollouts: a position played out to the end many times by a level, on every core, for
//! the expected points (R19) of the side to roll and how often each result comes.
//!
//! Deterministic for a seed whatever the number of threads: game `i` draws its dice from
//! its own generator (seeded by the seed and `i`), and the games' figures are integers
//! summed in any order. Variance reduction: the first roll of game `i` is not drawn but
//! taken in turn from the 36 ordered rolls, so every first roll comes in exact proportion.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::Level;
use crate::rules::{MoveGen, Position, Roll, WinKind};

/// The longest game played out (a real one is under 200 turns); longer ones are counted
/// as unfinished.
const MAX_TURNS: u32 = 2000;

/// The figures of a rollout, from the side to roll's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rollout {
    pub games: u32,
    /// Games won by the side to roll ([0]) and by the other side ([1]), by kind of win
    /// (in `WinKind::ALL` order), and of those, with munk.
    pub wins: [[u32; 7]; 2],
    pub munk: [u32; 2],
    pub unfinished: u32,
    /// The sum of the side to roll's points (negative for points lost) and of their
    /// squares.
    pub points: i64,
    pub squares: i64,
}

impl Rollout {
    /// The side to roll's expected points.
    #[must_use]
    pub fn equity(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.points as f64 / f64::from(self.games)
        }
    }

    /// The standard error of [`Rollout::equity`].
    #[must_use]
    pub fn std_error(&self) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        let n = f64::from(self.games);
        let mean = self.points as f64 / n;
        let variance = (self.squares as f64 / n - mean * mean).max(0.0) * n / (n - 1.0);
        (variance / n).sqrt()
    }

    fn merge(mut self, other: Rollout) -> Rollout {
        self.games += other.games;
        for side in 0..2 {
            for k in 0..7 {
                self.wins[side][k] += other.wins[side][k];
            }
            self.munk[side] += other.munk[side];
        }
        self.unfinished += other.unfinished;
        self.points += other.points;
        self.squares += other.squares;
        self
    }
}

/// Rolls `position` out `games` times with `level` playing both sides; `threads` cores
/// (all when `None`).
pub fn rollout(position: &Position, games: u32, level: Level, seed: u64, threads: Option<usize>) -> Rollout {
    rollout_with(position, (games, level, seed, threads), &|| {})
}

/// [`rollout`], with `tick` called after each game (from any thread).
pub fn rollout_with(
    position: &Position,
    (games, level, seed, threads): (u32, Level, u64, Option<usize>),
    tick: &(dyn Fn() + Sync),
) -> Rollout {
    let run = || {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let out = play_out(position, level, seed, i);
                tick();
                out
            })
            .reduce(Rollout::default, Rollout::merge)
    };
    match threads {
        Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build() {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        },
        None => run(),
    }
}

/// Game `i` of a rollout, to the end.
fn play_out(start: &Position, level: Level, seed: u64, i: u32) -> Rollout {
    let game_seed = seed ^ u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
    let mut player = level.player(game_seed);
    let mut movegen = MoveGen::new();
    let us = start.turn();
    let mut position = *start;
    let mut out = Rollout {
        games: 1,
        ..Rollout::default()
    };
    for turn in 0..MAX_TURNS {
        let (a, b) = if turn == 0 {
            // The first roll in proportion: game i takes the (i mod 36)-th ordered roll.
            let k = (i % 36) as u8;
            (k / 6 + 1, k % 6 + 1)
        } else {
            (rng.random_range(1..=6u8), rng.random_range(1..=6u8))
        };
        let Ok(roll) = Roll::new(a, b) else { break };
        let plays = movegen.plays(position.board(), roll).to_vec();
        let choice = if plays.len() == 1 {
            0
        } else {
            player.choose(&position, roll, &plays).min(plays.len() - 1)
        };
        let play = plays[choice];
        let mover = position.turn();
        if let Some(result) = play.result {
            let side = usize::from(mover != us);
            let kind = WinKind::ALL.iter().position(|&k| k == result.kind).unwrap_or(0);
            out.wins[side][kind] += 1;
            out.munk[side] += u32::from(result.munk);
            let points = i64::from(result.points());
            out.points = if mover == us { points } else { -points };
            out.squares = points * points;
            return out;
        }
        position = Position::new(play.board.switched(), mover.other());
    }
    out.unfinished = 1;
    out
}
