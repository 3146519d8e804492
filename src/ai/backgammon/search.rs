//! Looking ahead with the network: a play weighed at 0 ply (the network's view of the
//! board it leaves), at 1 ply (each of the opponent's 21 rolls answered by the reply the
//! network likes best for him, the board after it valued by the network) and at 2 ply (the
//! same, the board after the reply valued by the mover's best answer to each of his own 21
//! rolls). Every figure is for the side that made the play.
//!
//! A board is valued ([`Searcher::value`]) exactly by the bear-off database once both
//! sides have all their checkers home, by the race network (when there is one) once the
//! checkers have passed each other, and by the main network otherwise.

use std::sync::Arc;

use crate::ai::backgammon::bearoff;
use crate::ai::backgammon::cube::Outcomes;
use crate::backgammon::{Board, LegalPlay, MoveGen};
use crate::rules::Roll;

use super::features::is_race;
use super::net::{BgNet, Probs, Scratch};

/// The network and the buffers of a search.
#[derive(Debug)]
pub struct Searcher {
    scratch: Scratch,
    movegen: MoveGen,
    /// Whether a bear-off (both sides home) is valued exactly by the database.
    exact: bool,
    /// The network that values a race (no contact) short of a bear-off; `None`: the main one.
    race: Option<Arc<BgNet>>,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

/// The database's chances as the network's outputs (the same side to roll).
#[must_use]
pub fn from_outcomes(o: &Outcomes) -> Probs {
    Probs(
        [
            o.win,
            o.win_gammon,
            o.win_backgammon,
            o.lose_gammon,
            o.lose_backgammon,
        ]
        .map(|v| v as f32),
    )
}

/// The weight of a roll among 36: 1 for a double, 2 for the others.
fn weight(roll: Roll) -> f32 {
    if roll.is_double() { 1.0 } else { 2.0 }
}

impl Searcher {
    /// The searcher the players use: the bear-off database and the shipped race network.
    #[must_use]
    pub fn new() -> Searcher {
        Searcher::with(true, super::net::embedded_race())
    }

    /// A searcher that values every board with the network it is given, as the main
    /// network's TD training does.
    #[must_use]
    pub fn plain() -> Searcher {
        Searcher::with(false, None)
    }

    /// A searcher with the bear-off database or not, and this race network or none.
    #[must_use]
    pub fn with(exact: bool, race: Option<Arc<BgNet>>) -> Searcher {
        Searcher {
            scratch: Scratch::default(),
            movegen: MoveGen::new(),
            exact,
            race,
        }
    }

    /// The probabilities of `board` for its side to roll, at 0 ply: exact in a bear-off,
    /// the race network's in a race, else `net`'s.
    pub fn value(&mut self, net: &BgNet, board: &Board) -> Probs {
        if self.exact
            && let Some(o) = bearoff::race(board)
        {
            return from_outcomes(&o);
        }
        match &self.race {
            Some(r) if is_race(board.own(), board.opp()) => r.evaluate(board, &mut self.scratch),
            _ => net.evaluate(board, &mut self.scratch),
        }
    }

    /// The probabilities for the side that made `play`, at 0 ply.
    pub fn after(&mut self, net: &BgNet, play: &LegalPlay) -> Probs {
        match play.win {
            Some(w) => Probs::won(w),
            None => self.value(net, &play.board.switched()).flipped(),
        }
    }

    /// The index and 0-ply probabilities of the best of `plays` for the side making them.
    pub fn best(&mut self, net: &BgNet, plays: &[LegalPlay]) -> (usize, Probs) {
        let mut best = (0, Probs::default());
        let mut best_eq = f32::NEG_INFINITY;
        for (i, p) in plays.iter().enumerate() {
            let probs = self.after(net, p);
            let eq = probs.equity();
            if eq > best_eq {
                best_eq = eq;
                best = (i, probs);
            }
        }
        best
    }

    /// The probabilities of `board` for its side to roll, looking `depth` rolls ahead
    /// (0: [`Searcher::value`]; a bear-off is exact at any depth): each of the 21 rolls answered by the play the network
    /// likes best, the board it leaves valued `depth − 1` rolls ahead.
    pub fn position(&mut self, net: &BgNet, board: &Board, depth: u8) -> Probs {
        if self.exact
            && let Some(o) = bearoff::race(board)
        {
            return from_outcomes(&o);
        }
        if depth == 0 {
            return self.value(net, board);
        }
        let mut sum = [0.0f32; 5];
        for roll in Roll::all() {
            let plays: Vec<LegalPlay> = self.movegen.plays(board, roll).to_vec();
            let (i, probs) = self.best(net, &plays);
            let probs = match (depth, plays[i].win) {
                (1, _) | (_, Some(_)) => probs,
                _ => self
                    .position(net, &plays[i].board.switched(), depth - 1)
                    .flipped(),
            };
            let w = weight(roll);
            for (s, v) in sum.iter_mut().zip(probs.0) {
                *s += w * v;
            }
        }
        Probs(sum.map(|s| s / 36.0))
    }

    /// A roll's luck for the side to roll at `board`, whose plays with that roll are
    /// `plays`: the 0-ply probabilities of the best of them, and the mean of that over the
    /// 36 rolls (the board valued at 1 ply), both for the side to roll. The luck is the
    /// first less the second: its mean over the rolls is nothing, whatever the network.
    pub fn luck(&mut self, net: &BgNet, board: &Board, plays: &[LegalPlay]) -> (Probs, Probs) {
        let thrown = self.best(net, plays).1;
        (thrown, self.position(net, board, 1))
    }

    /// The probabilities for the side that made `play`, with the opponent's rolls looked at
    /// `depth` deep (0: the network's view of the board left).
    pub fn play_at(&mut self, net: &BgNet, play: &LegalPlay, depth: u8) -> Probs {
        match play.win {
            Some(w) => Probs::won(w),
            None => self.position(net, &play.board.switched(), depth).flipped(),
        }
    }

    /// The plays' equities at 0 ply, then a search of widening depth over the best of
    /// them: `rounds[k] = (keep, within, depth)` keeps at most `keep` plays within `within`
    /// of the best so far and weighs them `depth` deep. The equities of every play, the
    /// deepest figure each reached (the ones dropped keep their shallower figure, lowered
    /// so that they stay below the kept ones).
    pub fn weigh(&mut self, net: &BgNet, plays: &[LegalPlay], rounds: &[(usize, f32, u8)]) -> Vec<f32> {
        self.weigh_by(net, plays, rounds, &Probs::equity)
    }

    /// The same, each play's probabilities (for the side making it) valued by `value`
    /// rather than cubeless money equity: in a match, the chance to win it at the score
    /// ([`super::MatchValue`]). The opponent's replies inside the search are still chosen
    /// by cubeless equity.
    pub fn weigh_by(
        &mut self,
        net: &BgNet,
        plays: &[LegalPlay],
        rounds: &[(usize, f32, u8)],
        value: &dyn Fn(&Probs) -> f32,
    ) -> Vec<f32> {
        let mut eq: Vec<f32> = plays.iter().map(|p| value(&self.after(net, p))).collect();
        let mut alive: Vec<usize> = (0..plays.len()).collect();
        for &(keep, within, depth) in rounds {
            if alive.len() <= 1 {
                break;
            }
            alive.sort_by(|&a, &b| eq[b].total_cmp(&eq[a]));
            let top = eq[alive[0]];
            let cut = alive
                .iter()
                .take(keep)
                .take_while(|&&i| eq[i] >= top - within)
                .count()
                .max(1);
            if cut == 1 {
                break; // the best play is the only one left, and already the highest
            }
            alive.truncate(cut);
            let mut low = f32::INFINITY;
            for &i in &alive {
                eq[i] = value(&self.play_at(net, &plays[i], depth));
                low = low.min(eq[i]);
            }
            for (i, e) in eq.iter_mut().enumerate() {
                if !alive.contains(&i) {
                    *e = e.min(low - 1.0e-3);
                }
            }
        }
        eq
    }
}
