//! The neural player: plays by the expected points (R19) the network gives each play, at
//! 0 ply (the best play now) or as a filtered 2-ply search (the best few plays, each
//! weighed against the opponent's best reply to every one of the 21 rolls).

use crate::game::Brade;
use std::sync::{Arc, OnceLock};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Player;
use super::matchplay::Payoff;
use super::net::{Network, Scratch};
use super::search::{self, Depth};
use crate::brade::{Board, LegalPlay, MoveGen, Position, RuleSet};
use crate::rules::Roll;

/// The weights shipped with brade (trained by `brade train`, see docs/src/training.md).
const SHIPPED: &[u8] = include_bytes!("../../assets/brade.net");

/// The shipped network, read once. `None` only if the embedded file were damaged, which a
/// test rules out.
#[must_use]
pub fn shipped() -> Option<Arc<Network>> {
    static NET: OnceLock<Option<Arc<Network>>> = OnceLock::new();
    NET.get_or_init(|| Network::from_bytes(SHIPPED).ok().map(Arc::new))
        .clone()
}

/// The checksum of the shipped weights: what a stored analysis names its judge by.
#[must_use]
pub fn shipped_checksum() -> u64 {
    crate::checksum::fnv1a(SHIPPED)
}

/// The value of a play for the side making it, in expected points: a game-ending play is
/// worth its points, any other the opponent's expected points after it, negated.
pub fn play_value(net: &Network, play: &LegalPlay, scratch: &mut Scratch) -> f32 {
    play_value_for(net, play, scratch, &Payoff::Points)
}

/// The value of a play for the side making it under `payoff` (that side's): a game-ending
/// play is worth its outcome, any other the opponent's value after it (by his payoff),
/// negated.
pub fn play_value_for(net: &Network, play: &LegalPlay, scratch: &mut Scratch, payoff: &Payoff) -> f32 {
    match play.result {
        Some(r) => payoff.of_win(r),
        None => -payoff
            .flipped()
            .value(&net.evaluate(&play.board.switched(), scratch)),
    }
}

/// The index and value of the best play at 0 ply in expected points (the first of
/// equals).
pub fn best_play(net: &Network, plays: &[LegalPlay], scratch: &mut Scratch) -> (usize, f32) {
    best_play_for(net, plays, scratch, &Payoff::Points)
}

/// The index and value of the best play at 0 ply under `payoff` (the first of equals).
pub fn best_play_for(
    net: &Network,
    plays: &[LegalPlay],
    scratch: &mut Scratch,
    payoff: &Payoff,
) -> (usize, f32) {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, play) in plays.iter().enumerate() {
        let v = play_value_for(net, play, scratch, payoff);
        if v > best.1 {
            best = (i, v);
        }
    }
    best
}

/// How many of the best 0-ply plays the 2-ply search looks at.
const FILTER: usize = 8;
/// Plays further than this (in points) behind the best at 0 ply are not searched.
const FILTER_MARGIN: f32 = 0.6;
/// How many of the best 2-ply plays the expert level looks at one ply deeper.
const DEEP_FILTER: usize = 3;

/// A player that uses the network.
#[derive(Debug)]
pub struct NeuralPlayer {
    net: Arc<Network>,
    depth: Depth,
    noise: f32,
    rng: ChaCha8Rng,
    movegen: MoveGen,
    scratch: Scratch,
    /// What it plays for (expected points unless told otherwise).
    payoff: Payoff,
}

impl NeuralPlayer {
    /// A player searching to `depth`, adding uniform noise of up to ±`noise` points to
    /// each play's value.
    #[must_use]
    pub fn new(net: Arc<Network>, depth: Depth, noise: f32, seed: u64) -> NeuralPlayer {
        NeuralPlayer {
            net,
            depth,
            noise,
            rng: ChaCha8Rng::seed_from_u64(seed),
            movegen: MoveGen::new(),
            scratch: Scratch::new(),
            payoff: Payoff::Points,
        }
    }

    /// Every play's value for the mover, at this player's depth (without noise).
    pub fn values(&mut self, plays: &[LegalPlay]) -> Vec<f32> {
        let mut values: Vec<f32> = plays
            .iter()
            .map(|p| play_value_for(&self.net, p, &mut self.scratch, &self.payoff))
            .collect();
        if self.depth >= Depth::TwoPly && plays.len() > 1 {
            let wide: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
            let order = search::shortlist(&wide, FILTER);
            let top = values[order[0]];
            // Chosen once, by the 0-ply values (the best play always among them).
            let searched: Vec<usize> = order
                .into_iter()
                .filter(|&i| values[i] >= top - FILTER_MARGIN)
                .collect();
            for &i in &searched {
                if plays[i].result.is_none() {
                    values[i] = self.reply_value(&plays[i].board);
                }
            }
            // Plays left out of the search rank below every searched one; a game-ending
            // play keeps its exact points wherever it ranked.
            let floor = searched.iter().map(|&i| values[i]).fold(f32::INFINITY, f32::min);
            for (i, v) in values.iter_mut().enumerate() {
                if !searched.contains(&i) && plays[i].result.is_none() {
                    *v = v.min(floor - 1e-3);
                }
            }
            if self.depth >= Depth::ThreePly {
                // The few best by 2 ply are looked at one ply deeper; the others rank
                // below them.
                let wide: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
                let deep: Vec<usize> = search::shortlist(&wide, DEEP_FILTER)
                    .into_iter()
                    .filter(|&i| plays[i].result.is_none())
                    .collect();
                let before = deep.iter().map(|&i| values[i]).fold(f32::INFINITY, f32::min);
                let boards: Vec<Board> = deep.iter().map(|&i| plays[i].board).collect();
                for (&i, value) in deep.iter().zip(self.deep_values(&boards)) {
                    values[i] = value;
                }
                let floor = deep.iter().map(|&i| values[i]).fold(before, f32::min);
                for (i, v) in values.iter_mut().enumerate() {
                    if !deep.contains(&i) && plays[i].result.is_none() {
                        *v = v.min(floor - 1e-3);
                    }
                }
            }
        }
        values
    }

    /// The mover's value after leaving each of `boards` (seen from the mover), one ply
    /// deeper than [`NeuralPlayer::reply_value`]: the opponent answers each of the 21
    /// rolls with his best play at 0 ply, and the position he leaves is valued by the
    /// mover's best answer to each of his own 21 rolls at 0 ply.
    ///
    /// The boards' 21 rolls each are weighed on every core (rayon), each task with its own
    /// play generator and scratch space; the sums are then taken in the order of the rolls,
    /// so the values do not depend on the number of threads.
    fn deep_values(&self, boards: &[Board]) -> Vec<f32> {
        use rayon::prelude::*;
        let rolls = Roll::all();
        let opponents: Vec<Board> = boards.iter().map(Board::switched).collect();
        let tasks: Vec<(usize, Roll)> = (0..boards.len())
            .flat_map(|b| rolls.iter().map(move |&r| (b, r)))
            .collect();
        let (net, ours, rules) = (&self.net, self.payoff, self.movegen.rules());
        let parts: Vec<f32> = tasks
            .par_iter()
            .map_init(
                || (MoveGen::with_rules(rules), Scratch::new()),
                |(movegen, scratch), &(b, roll)| deep_roll(net, &opponents[b], roll, &ours, movegen, scratch),
            )
            .collect();
        parts
            .chunks_exact(rolls.len())
            .map(|per_roll| {
                let total = per_roll
                    .iter()
                    .zip(&rolls)
                    .fold(0.0, |total, (v, roll)| total + f32::from(roll.ways()) * v);
                total / 36.0
            })
            .collect()
    }

    /// The mover's value after leaving `board` (seen from the mover): the opponent
    /// answers each of the 21 rolls with his best play at 0 ply, by his payoff.
    fn reply_value(&mut self, board: &Board) -> f32 {
        let (net, scratch) = (&self.net, &mut self.scratch);
        let theirs = self.payoff.flipped();
        search::expected_after(&mut self.movegen, board, |plays| {
            best_play_for(net, plays, scratch, &theirs).1
        })
    }
}

/// The mover's value when the opponent, to roll `roll` in `opponent` (his view), answers
/// with his best play at 0 ply by his payoff (`ours` flipped), and the mover then answers
/// each of his own 21 rolls with his best at 0 ply by `ours`.
fn deep_roll(
    net: &Network,
    opponent: &Board,
    roll: Roll,
    ours: &Payoff,
    movegen: &mut MoveGen,
    scratch: &mut Scratch,
) -> f32 {
    let theirs = ours.flipped();
    let replies = movegen.plays(opponent, roll).to_vec();
    let (i, reply_value) = best_play_for(net, &replies, scratch, &theirs);
    match replies[i].result {
        // He ends the game: its value for him, turned.
        Some(_) => -reply_value,
        // The mover to roll in the position he leaves: the mean of his best.
        None => -search::expected_after(movegen, &replies[i].board, |plays| {
            best_play_for(net, plays, scratch, ours).1
        }),
    }
}

impl Player<Brade> for NeuralPlayer {
    fn play_by(&mut self, rules: RuleSet) {
        if self.movegen.rules() != rules {
            self.movegen = MoveGen::with_rules(rules);
        }
    }

    fn choose(&mut self, _: &Position, _: Roll, plays: &[LegalPlay]) -> usize {
        let values = self.values(plays);
        let mut best = (0, f32::NEG_INFINITY);
        for (i, v) in values.into_iter().enumerate() {
            let v = if self.noise > 0.0 {
                v + self.noise * (self.rng.random::<f32>() * 2.0 - 1.0)
            } else {
                v
            };
            if v > best.1 {
                best = (i, v);
            }
        }
        best.0
    }

    /// The easy level (the one with noise) keeps to expected points: its noise is
    /// measured in points, and a beginner's level need not play for the match.
    fn play_for(&mut self, payoff: Payoff) {
        if self.noise == 0.0 {
            self.payoff = payoff;
        }
    }

    fn values(&mut self, plays: &[LegalPlay]) -> Vec<f64> {
        NeuralPlayer::values(self, plays)
            .into_iter()
            .map(f64::from)
            .collect()
    }

    fn name(&self) -> String {
        format!("network ({})", self.depth)
    }
}
