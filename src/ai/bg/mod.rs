//! The backgammon computer player (checker play; the cube is decided elsewhere).
//!
//! A network ([`net`]) reads a board seen by the side to roll ([`features`]) and gives the
//! cubeless probabilities of the five outcomes; [`train`] teaches it by TD self-play and
//! `assets/backgammon.net` is the shipped result. The players, by [`Level`]: random;
//! easy, the network's 0-ply choice with noise; medium, its 0-ply choice; hard, the best
//! few plays at 0 ply each weighed against the opponent's best reply to every roll (1 ply,
//! [`search`]); expert, hard's best plays weighed one roll deeper again. A player answers
//! with the index of its play among [`MoveGen`](crate::backgammon::MoveGen)'s plays;
//! every choice is a function of the board, the roll and the player's seed. [`rollout`]
//! plays positions out to the end with them, for figures measured rather than estimated.

pub mod arena;
pub mod features;
pub mod net;
pub mod rollout;
pub mod search;
pub mod train;

use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::backgammon::{Board, LegalPlay};
use crate::rules::Roll;

pub use net::{BgNet, BgNetError, BgNetFileError, Probs};
use search::Searcher;

use super::Level;

/// The easy level's noise: up to ± this much equity on each play's value.
const EASY_NOISE: f32 = 0.25;

/// Hard's search: at most 5 plays within 0.16 of the best at 0 ply, weighed 1 ply deep.
const HARD: &[(usize, f32, u8)] = &[(5, 0.16, 1)];
/// Expert's: at most 8 within 0.24 at 1 ply, then the best 3 within 0.08 at 2 ply.
const EXPERT: &[(usize, f32, u8)] = &[(8, 0.24, 1), (3, 0.08, 2)];

/// Something that chooses a backgammon play.
pub trait BgPlayer: Send {
    /// The index in `plays` (the legal plays of `roll` on `board`, the side to move's
    /// view, as [`MoveGen`](crate::backgammon::MoveGen) lists them; never empty) of the play to make.
    fn choose(&mut self, board: &Board, roll: Roll, plays: &[LegalPlay]) -> usize;

    /// Every play's cubeless equity for the mover as this player weighs it, without
    /// noise (higher is better): what hints show.
    fn values(&mut self, plays: &[LegalPlay]) -> Vec<f64>;

    /// The player's name, for listings.
    fn name(&self) -> String;
}

/// Why a level has no backgammon player.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum LevelError {
    #[error("backgammon has no {0} player: choose random, easy, medium, hard or expert")]
    NoSuchLevel(&'static str),
    #[error("the shipped backgammon network cannot be read: {0}")]
    Net(#[from] BgNetError),
}

/// The backgammon player of `level` with the shipped network, seeded by `seed`.
pub fn player(level: Level, seed: u64) -> Result<Box<dyn BgPlayer>, LevelError> {
    if level == Level::Random {
        return Ok(Box::new(RandomBgPlayer::new(seed)));
    }
    player_with(level, net::embedded()?, seed)
}

/// The backgammon player of `level` with the network `net`.
pub fn player_with(level: Level, net: Arc<BgNet>, seed: u64) -> Result<Box<dyn BgPlayer>, LevelError> {
    let rounds = match level {
        Level::Random => return Ok(Box::new(RandomBgPlayer::new(seed))),
        Level::Heuristic => return Err(LevelError::NoSuchLevel(level.label())),
        Level::Easy | Level::Medium => &[][..],
        Level::Hard => HARD,
        Level::Expert => EXPERT,
    };
    Ok(Box::new(NeuralBgPlayer {
        net,
        level,
        rounds,
        noise: if level == Level::Easy { EASY_NOISE } else { 0.0 },
        rng: ChaCha8Rng::seed_from_u64(seed),
        searcher: Searcher::new(),
    }))
}

/// Whether `level` has a backgammon player.
#[must_use]
pub fn has_player(level: Level) -> bool {
    level != Level::Heuristic
}

/// Picks uniformly among the legal plays.
#[derive(Debug)]
pub struct RandomBgPlayer {
    rng: ChaCha8Rng,
}

impl RandomBgPlayer {
    #[must_use]
    pub fn new(seed: u64) -> RandomBgPlayer {
        RandomBgPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl BgPlayer for RandomBgPlayer {
    fn choose(&mut self, _: &Board, _: Roll, plays: &[LegalPlay]) -> usize {
        self.rng.random_range(0..plays.len())
    }

    fn values(&mut self, plays: &[LegalPlay]) -> Vec<f64> {
        vec![0.0; plays.len()]
    }

    fn name(&self) -> String {
        "random".to_string()
    }
}

/// The network's player: 0 ply, with noise, or a filtered search deeper.
#[derive(Debug)]
pub struct NeuralBgPlayer {
    net: Arc<BgNet>,
    level: Level,
    rounds: &'static [(usize, f32, u8)],
    noise: f32,
    rng: ChaCha8Rng,
    searcher: Searcher,
}

impl BgPlayer for NeuralBgPlayer {
    fn choose(&mut self, _: &Board, _: Roll, plays: &[LegalPlay]) -> usize {
        if plays.len() <= 1 {
            return 0;
        }
        let mut eq = self.searcher.weigh(&self.net, plays, self.rounds);
        if self.noise > 0.0 {
            for e in &mut eq {
                *e += (self.rng.random::<f32>() * 2.0 - 1.0) * self.noise;
            }
        }
        let mut best = 0;
        for (i, e) in eq.iter().enumerate() {
            if *e > eq[best] {
                best = i;
            }
        }
        best
    }

    fn values(&mut self, plays: &[LegalPlay]) -> Vec<f64> {
        self.searcher
            .weigh(&self.net, plays, self.rounds)
            .into_iter()
            .map(f64::from)
            .collect()
    }

    fn name(&self) -> String {
        self.level.label().to_string()
    }
}
