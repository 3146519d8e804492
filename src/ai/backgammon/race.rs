//! Races: starting positions without contact, drawn from self-play, and what the race
//! network is trained and checked on (`brade train --game backgammon --race`).
//!
//! A start of a kind is the first position of that kind in a game the shipped network
//! plays against itself at 0 ply (valuing every board with itself alone) from the opening,
//! the dice from the seed and the start's number: a race is the first board on which the
//! checkers have passed each other, a bear-off the first on which both sides are home. A
//! game that ends before (a closed-out checker borne off against) gives way to the next
//! of its own dice streams, so every number has a start.
//!
//! The race network begins as a copy of the main one and learns by TD(0) self-play from
//! race starts ([`RACES_PER_START`] races from each, with dice of their own) until both
//! sides are home: there the target is the bear-off database's
//! exact figure, and the game stops.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::features::{Features, is_race};
use super::net::{self, BgNet, Scratch};
use super::roll;
use super::search::{Searcher, from_outcomes};
use crate::ai::backgammon::bearoff;
use crate::backgammon::{Board, LegalPlay, MoveGen};

/// A self-play game longer than this many turns gives way to the next stream.
const MAX_TURNS: usize = 2000;
/// The start games' dice are drawn from the seed mixed with this, not the seed itself,
/// so that they are not the games' own dice.
const START_DICE: u64 = 0x5241_4345_5354_4152;

/// Where the games of a series start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Start {
    /// The opening position, with an opening roll.
    #[default]
    Opening,
    /// The first position of a race (no contact) in a self-play game.
    Race,
    /// The first position with both sides home (the bear-off database's).
    Bearoff,
}

/// Whether `board` is a start of the kind `kind`.
fn is_start(kind: Start, board: &Board) -> bool {
    match kind {
        Start::Opening => true,
        Start::Race => is_race(board.own(), board.opp()),
        Start::Bearoff => bearoff::home_of(board.own()).is_some() && bearoff::home_of(board.opp()).is_some(),
    }
}

/// Start `k` of the kind `kind` from `seed`, for its side to roll; `None` for the opening
/// (or when the shipped network cannot be read: a test reads it).
#[must_use]
pub fn start(kind: Start, seed: u64, k: u64) -> Option<Board> {
    if kind == Start::Opening {
        return None;
    }
    let net = net::embedded().ok()?;
    let mut searcher = Searcher::plain();
    let mut movegen = MoveGen::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ START_DICE);
    for attempt in 0u64.. {
        rng.set_stream(k | attempt << 40);
        let mut board = Board::start();
        for _ in 0..MAX_TURNS {
            if is_start(kind, &board) {
                return Some(board);
            }
            let plays = movegen.plays(&board, roll(&mut rng));
            let (i, _) = searcher.best(&net, plays);
            let play = plays[i];
            if play.win.is_some() {
                break;
            }
            board = play.board.switched();
        }
    }
    None
}

/// Training races played from each start, with dice of their own: a start costs a
/// self-play game from the opening, several times what a race from it costs.
pub const RACES_PER_START: u64 = 4;

/// The TD(0) trainer of the race network.
#[derive(Debug)]
pub struct RaceTrainer {
    /// The last start drawn and its number.
    last: Option<(u64, Board)>,
    movegen: MoveGen,
    /// Exact once both sides are home, else the network being trained.
    searcher: Searcher,
    scratch: Scratch,
    features: Features,
    plays: Vec<LegalPlay>,
}

impl Default for RaceTrainer {
    fn default() -> RaceTrainer {
        RaceTrainer {
            last: None,
            movegen: MoveGen::new(),
            searcher: Searcher::with(true, None),
            scratch: Scratch::default(),
            features: Features::default(),
            plays: Vec::new(),
        }
    }
}

impl RaceTrainer {
    /// Plays race `g` of the run seeded `seed` from start `g / RACES_PER_START` until both
    /// sides are home (or the game ends), learning as it goes; the turns played.
    pub fn game(&mut self, net: &mut BgNet, alpha: f32, seed: u64, g: u64) -> usize {
        let k = g / RACES_PER_START;
        let mut board = match self.last {
            Some((n, b)) if n == k => b,
            _ => {
                let Some(b) = start(Start::Race, seed, k) else {
                    return 0;
                };
                self.last = Some((k, b));
                b
            }
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(g);
        for turn in 0..MAX_TURNS {
            if bearoff::race(&board).is_some() {
                return turn;
            }
            self.plays.clear();
            self.plays
                .extend_from_slice(self.movegen.plays(&board, roll(&mut rng)));
            let (i, target) = self.searcher.best(net, &self.plays);
            net.features_into(&board, &mut self.features);
            net.learn(&self.features, &target, alpha, &mut self.scratch);
            let chosen = self.plays[i];
            if chosen.win.is_some() {
                return turn + 1;
            }
            board = chosen.board.switched();
        }
        MAX_TURNS
    }
}

/// How far `net`'s cubeless equity is from the exact one on `n` bear-off starts of `seed`
/// (both sides home): the mean absolute error and the mean error (the network's figure
/// less the exact one).
#[must_use]
pub fn bearoff_error(net: &BgNet, n: u64, seed: u64) -> (f64, f64) {
    let mut scratch = Scratch::default();
    let (mut abs, mut sum) = (0.0f64, 0.0f64);
    for k in 0..n {
        let Some(board) = start(Start::Bearoff, seed, k) else {
            continue;
        };
        let Some(exact) = bearoff::race(&board) else {
            continue;
        };
        let d = f64::from(net.evaluate(&board, &mut scratch).equity())
            - f64::from(from_outcomes(&exact).equity());
        abs += d.abs();
        sum += d;
    }
    let n = n.max(1) as f64;
    (abs / n, sum / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_race_start_has_no_contact_and_a_bearoff_start_has_both_sides_home() {
        let race = start(Start::Race, 7, 0).unwrap();
        assert!(is_race(race.own(), race.opp()));
        let bearoff = start(Start::Bearoff, 7, 0).unwrap();
        assert!(bearoff::race(&bearoff).is_some());
        assert_eq!(start(Start::Opening, 7, 0), None);
        // the same number gives the same start
        assert_eq!(start(Start::Race, 7, 0), Some(race));
    }
}
