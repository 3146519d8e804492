//! The backgammon computer player (checker play; the cube is decided elsewhere).
//!
//! A network ([`net`]) reads a board seen by the side to roll ([`features`]) and gives the
//! cubeless probabilities of the five outcomes; [`train`] teaches it by TD self-play and
//! `assets/backgammon.net` is the shipped result. The players, by [`Level`]: random;
//! easy, the network's 0-ply choice with noise; medium, its 0-ply choice; hard, the best
//! few plays at 0 ply each weighed against the opponent's best reply to every roll (1 ply,
//! [`search`]), and the best three of those one roll deeper again (2 ply); expert, the
//! same with its best five at 2 ply. A player answers
//! with the index of its play among [`MoveGen`](crate::backgammon::MoveGen)'s plays;
//! every choice is a function of the board, the roll, the player's seed and — in a match —
//! the standing it was told ([`crate::ai::Player::play_for`], [`MatchValue`]). [`rollout`] plays
//! positions out to the end with them, for figures measured rather than estimated.
//! Boards with both sides home are valued exactly by the bear-off database and races by
//! a race network of their own ([`race`], `assets/backgammon-race.net`);
//! [`supervised`] rolls out positions drawn from self-play into a file that a killed run
//! continues, and [`teach`] teaches a network those rollouts (tried, not shipped yet).

pub mod analysis;
pub mod appended;
pub mod arena;
pub mod bearoff;
pub mod benchmark;
pub mod cube;
pub mod features;
pub mod game;
pub mod kept;
pub mod met;
pub mod net;
pub mod race;
pub mod review;
pub mod rollout;
pub mod search;
pub mod selfplay;
pub mod supervised;
pub mod teach;
pub mod train;
pub mod weigh;

use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::backgammon::{Board, LegalPlay, Position};
use crate::rules::Roll;

pub use net::{BgNet, NetError, NetFileError, Probs};
use search::Searcher;

use super::Level;

/// A die from `rng`.
fn die(rng: &mut ChaCha8Rng) -> u8 {
    rng.random_range(1..=6u8)
}

/// A roll from `rng` (the arena's, the race network's and self-play's dice).
pub fn roll(rng: &mut ChaCha8Rng) -> Roll {
    let (a, b) = (die(rng), die(rng));
    Roll::new(a, b).unwrap_or_else(|_| Roll::all()[0])
}

/// The easy level's noise: up to ± this much equity on each play's value.
const EASY_NOISE: f32 = 0.25;

/// Hard's search: at most 8 plays within 0.24 of the best at 0 ply weighed 1 ply deep,
/// then the best 3 of them within 0.08 at 2 ply — expert's search until December 2026,
/// when hard's 1-ply search alone (5 plays within 0.16) stayed 0.04 a game behind GNU
/// Backgammon at 0 ply, and the best 2 at 2 ply did little better.
const HARD: &[(usize, f32, u8)] = &[(8, 0.24, 1), (3, 0.08, 2)];
/// Expert's: the same with the best 5 within 0.12 at 2 ply, as GNU Backgammon's wider
/// filters weigh more plays at its deepest ply (measured: level with hard's search, within
/// the noise).
const EXPERT: &[(usize, f32, u8)] = &[(8, 0.24, 1), (5, 0.12, 2)];

/// A board as the checker players take it, seen from its side to move: they weigh the
/// plays of a roll alone, so the side's colour is nothing to them.
#[must_use]
pub fn seen(board: Board) -> Position {
    Position::new(board, crate::rules::Color::White)
}

/// A match's standing for the side to move as its checker players weigh a play: the
/// chance to win the match after each outcome at this cube (a gammon's and a backgammon's
/// points as the score makes them worth), put on the money scale for a cube of 1 as GNU
/// Backgammon's `mwc2eq` does — so that the search's thresholds mean the same in money
/// and match play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchValue {
    pub away: met::Away,
    pub cube: u32,
    /// What a backgammon counts (3, or 2 under that option).
    pub backgammon: u32,
}

impl MatchValue {
    /// The value of `p` (the side to value's cumulative outcomes) at this standing.
    #[must_use]
    pub fn value(&self, p: &Probs) -> f32 {
        let [w, wg, wbg, lg, lbg] = p.0.map(f64::from);
        let v = i64::from(self.cube);
        let at = |points: i64| met::mwc_after(self.away, points);
        let bg = i64::from(self.backgammon);
        let (win, lose) = (at(v), at(-v));
        if win - lose < 1e-9 {
            // Nothing this game can do changes the match: money equity orders the plays.
            return p.equity();
        }
        let mwc = (w - wg) * win
            + (wg - wbg) * at(2 * v)
            + wbg * at(bg * v)
            + (1.0 - w - lg) * lose
            + (lg - lbg) * at(-2 * v)
            + lbg * at(-bg * v);
        ((2.0 * mwc - (win + lose)) / (win - lose)) as f32
    }

    /// The chance to win the match that a value of [`MatchValue::value`] stands for
    /// (`None` where nothing this game can do changes the match: the value is then money
    /// equity).
    #[must_use]
    pub fn chance(&self, value: f64) -> Option<f64> {
        let v = i64::from(self.cube);
        let (win, lose) = (met::mwc_after(self.away, v), met::mwc_after(self.away, -v));
        (win - lose >= 1e-9).then(|| ((value * (win - lose) + win + lose) / 2.0).clamp(0.0, 1.0))
    }
}

/// Why a level has no backgammon player.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum LevelError {
    #[error("backgammon has no {0} player: choose random, easy, medium, hard or expert")]
    NoSuchLevel(&'static str),
    #[error("the shipped backgammon network cannot be read: {0}")]
    Net(#[from] NetError),
}

/// The backgammon player of `level` with the shipped network, seeded by `seed`.
pub fn player(
    level: Level,
    seed: u64,
) -> Result<Box<dyn crate::ai::Player<crate::game::Backgammon>>, LevelError> {
    if level == Level::Random {
        return Ok(Box::new(crate::ai::RandomPlayer::new(seed)));
    }
    player_with(level, net::embedded()?, seed)
}

/// The backgammon player of `level` with the network `net` (and the bear-off database and
/// the shipped race network).
pub fn player_with(
    level: Level,
    net: Arc<BgNet>,
    seed: u64,
) -> Result<Box<dyn crate::ai::Player<crate::game::Backgammon>>, LevelError> {
    player_using(level, net, Searcher::new(), seed)
}

/// The backgammon player of `level` with the network `net`, valuing boards as `searcher`
/// does (with or without the bear-off database, with this race network or none).
pub fn player_using(
    level: Level,
    net: Arc<BgNet>,
    searcher: Searcher,
    seed: u64,
) -> Result<Box<dyn crate::ai::Player<crate::game::Backgammon>>, LevelError> {
    let rounds = match level {
        Level::Random => return Ok(Box::new(crate::ai::RandomPlayer::new(seed))),
        Level::Heuristic => return Err(LevelError::NoSuchLevel(level.label())),
        Level::Easy | Level::Medium => &[][..],
        Level::Hard => HARD,
        Level::Expert => EXPERT,
    };
    Ok(Box::new(NeuralPlayer {
        net,
        level,
        rounds,
        noise: if level == Level::Easy { EASY_NOISE } else { 0.0 },
        rng: ChaCha8Rng::seed_from_u64(seed),
        searcher,
        value: None,
    }))
}

/// Whether `level` has a backgammon player.
#[must_use]
pub fn has_player(level: Level) -> bool {
    level != Level::Heuristic
}

/// The index of the first of the highest of `values`: the play a player chooses from its
/// values (the first where several tie).
pub(crate) fn first_best(values: &[f32]) -> usize {
    let mut best = 0;
    for (i, v) in values.iter().enumerate() {
        if *v > values[best] {
            best = i;
        }
    }
    best
}

/// The network's player: 0 ply, with noise, or a filtered search deeper.
#[derive(Debug)]
pub struct NeuralPlayer {
    net: Arc<BgNet>,
    level: Level,
    rounds: &'static [(usize, f32, u8)],
    noise: f32,
    rng: ChaCha8Rng,
    searcher: Searcher,
    /// In a match, what a play is worth at the score; `None`: cubeless money equity.
    value: Option<MatchValue>,
}

impl NeuralPlayer {
    /// Every play's value for the mover: cubeless equity, or the match's.
    fn weigh(&mut self, plays: &[LegalPlay]) -> Vec<f32> {
        match self.value {
            Some(m) => self
                .searcher
                .weigh_by(&self.net, plays, self.rounds, &|p| m.value(p)),
            None => self.searcher.weigh(&self.net, plays, self.rounds),
        }
    }
}

/// In money play cubeless equity, in a match the chance to win it at the score
/// ([`MatchValue`], the backgammon game's goal).
impl crate::ai::Player<crate::game::Backgammon> for NeuralPlayer {
    fn play_for(&mut self, value: Option<MatchValue>) {
        self.value = value;
    }

    fn choose(&mut self, _: &Position, _: Roll, plays: &[LegalPlay]) -> usize {
        if plays.len() <= 1 {
            return 0;
        }
        let mut eq = self.weigh(plays);
        if self.noise > 0.0 {
            for e in &mut eq {
                *e += (self.rng.random::<f32>() * 2.0 - 1.0) * self.noise;
            }
        }
        first_best(&eq)
    }

    fn values(&mut self, plays: &[LegalPlay]) -> Vec<f64> {
        self.weigh(plays).into_iter().map(f64::from).collect()
    }

    fn name(&self) -> String {
        self.level.label().to_string()
    }
}
