//! The hard level's weighing written out plainly, apart from the player that does it: from
//! the network's public evaluation and the rules engine's legal plays, in `f64`, without
//! the player's shortcuts. The tests check the hard player and the analysis against it.

use brade::ai::matchplay::Payoff;
use brade::ai::net::{Network, Scratch};
use brade::brade::{Board, LegalPlay, MoveGen};
use brade::rules::Roll;

/// How many of the best 0-ply plays the hard level searches, and how far (in its payoff's
/// units) behind the best a play may be and still be searched — the figures
/// `ai::neural` documents.
pub const SEARCHED: usize = 8;
pub const MARGIN: f32 = 0.6;

/// How far below the lowest searched play a play left out of the search is put.
pub const BELOW: f64 = 1e-3;

/// A judge that weighs plays by the network at filtered 2 ply.
#[derive(Debug)]
pub struct Plain<'a> {
    pub net: &'a Network,
    scratch: Scratch,
    movegen: MoveGen,
}

impl Plain<'_> {
    pub fn new(net: &Network) -> Plain<'_> {
        Plain {
            net,
            scratch: Scratch::new(),
            movegen: MoveGen::new(),
        }
    }

    /// A play's value at 0 ply for the side making it, under its `payoff`: a game-ending
    /// play is worth its outcome, any other the opponent's value of the board it leaves
    /// (his payoff is the mover's flipped), negated. In `f32`, as the network gives it.
    pub fn now(&mut self, play: &LegalPlay, payoff: &Payoff) -> f32 {
        match play.result {
            Some(result) => payoff.of_win(result),
            None => {
                let theirs = self.net.evaluate(&play.board.switched(), &mut self.scratch);
                -payoff.flipped().value(&theirs)
            }
        }
    }

    /// The mover's value after leaving `board` (seen from the mover): for each of the 21
    /// rolls the opponent makes his best play at 0 ply; a double weighs 1/36, any other
    /// roll 2/36, and his value is the mover's negated.
    pub fn after(&mut self, board: &Board, payoff: &Payoff) -> f64 {
        let theirs = payoff.flipped();
        let mut total = 0.0;
        for roll in Roll::all() {
            let replies = self.movegen.plays(&board.switched(), roll).to_vec();
            let best = replies
                .iter()
                .map(|reply| f64::from(self.now(reply, &theirs)))
                .fold(f64::NEG_INFINITY, f64::max);
            let weight = if roll.is_double() { 1.0 } else { 2.0 };
            total -= weight * best;
        }
        total / 36.0
    }

    /// Every play's value as the hard level weighs it: the plays searched (the best
    /// [`SEARCHED`] at 0 ply, those within [`MARGIN`] of the best) valued by
    /// [`Plain::after`] unless they end the game, which keep their outcome; every other
    /// play that does not end the game put below the lowest searched one.
    pub fn values(&mut self, plays: &[LegalPlay], payoff: &Payoff) -> Vec<f64> {
        let now: Vec<f32> = plays.iter().map(|p| self.now(p, payoff)).collect();
        let mut values: Vec<f64> = now.iter().map(|&v| f64::from(v)).collect();
        if plays.len() < 2 {
            return values;
        }
        let mut order: Vec<usize> = (0..plays.len()).collect();
        // Stable: equal values in the order the plays are listed.
        order.sort_by(|&a, &b| now[b].total_cmp(&now[a]));
        let top = now[order[0]];
        let searched: Vec<usize> = order
            .into_iter()
            .take(SEARCHED)
            .filter(|&i| now[i] >= top - MARGIN)
            .collect();
        for &i in &searched {
            if plays[i].result.is_none() {
                values[i] = self.after(&plays[i].board, payoff);
            }
        }
        let floor = searched.iter().map(|&i| values[i]).fold(f64::INFINITY, f64::min);
        for (i, value) in values.iter_mut().enumerate() {
            if !searched.contains(&i) && plays[i].result.is_none() {
                *value = value.min(floor - BELOW);
            }
        }
        values
    }
}
