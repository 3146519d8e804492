//! Games between two players, for measuring strength (`brade arena`).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Player;
use crate::rules::{Color, GameResult, MoveGen, Position, Roll, teka};
use crate::words::training::SeriesFigures;

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Whether player A won.
    pub a_won: bool,
    pub result: GameResult,
    pub turns: u32,
}

/// Plays one game: A has `a_color`; the starter is decided by teka (R5) with `rng`.
/// `None` when it has not ended after `max_turns` turns.
pub fn play_game(
    a: &mut dyn Player,
    b: &mut dyn Player,
    a_color: Color,
    rng: &mut ChaCha8Rng,
    max_turns: u32,
) -> Option<Outcome> {
    let mut die = || rng.random_range(1..=6u8);
    let starter = loop {
        if let Some(s) = teka(die(), die()) {
            break s;
        }
    };
    let mut position = Position::start(starter);
    let mut movegen = MoveGen::new();
    for turn in 1..=max_turns {
        let roll = Roll::new(die(), die()).ok()?;
        let plays = movegen.plays(position.board(), roll).to_vec();
        let mover_is_a = position.turn() == a_color;
        let i = if plays.len() == 1 {
            0
        } else if mover_is_a {
            a.choose(&position, roll, &plays)
        } else {
            b.choose(&position, roll, &plays)
        };
        let chosen = plays[i.min(plays.len() - 1)];
        if let Some(result) = chosen.result {
            return Some(Outcome {
                a_won: mover_is_a,
                result,
                turns: turn,
            });
        }
        position = Position::new(chosen.board.switched(), position.turn().other());
    }
    None
}

/// The tally of a series of games.
#[derive(Clone, Debug, Default)]
pub struct Series {
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub unfinished: u32,
    pub a_points: u32,
    pub b_points: u32,
    /// A's net points per game (won minus lost), for the mean and its standard error.
    net: Vec<f64>,
    /// Count of each result, by its notation.
    pub results: std::collections::BTreeMap<String, u32>,
}

impl Series {
    /// Mean net points per game for A and its standard error.
    #[must_use]
    pub fn net_per_game(&self) -> (f64, f64) {
        let n = self.net.len() as f64;
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let mean = self.net.iter().sum::<f64>() / n;
        let var = self.net.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        (mean, (var / n).sqrt())
    }

    /// The report `brade arena` prints: games, wins, points, net points per game with its
    /// standard error, and the count of each result.
    #[must_use]
    pub fn report(&self, seed: u64) -> String {
        crate::words::training::series_report(&SeriesFigures {
            games: self.games,
            seed,
            a_wins: self.a_wins,
            b_wins: self.b_wins,
            unfinished: self.unfinished,
            a_points: self.a_points,
            b_points: self.b_points,
            a_share: self.a_share(),
            net: self.net_per_game(),
            results: &self.results,
        })
    }

    /// A's share of all points won.
    #[must_use]
    pub fn a_share(&self) -> f64 {
        let total = self.a_points + self.b_points;
        if total == 0 {
            0.5
        } else {
            f64::from(self.a_points) / f64::from(total)
        }
    }
}

/// Plays `games` games, A taking White in even games and Black in odd ones.
pub fn series(a: &mut dyn Player, b: &mut dyn Player, games: u32, seed: u64) -> Series {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = Series::default();
    for g in 0..games {
        let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
        s.games += 1;
        match play_game(a, b, a_color, &mut rng, 5000) {
            Some(o) => {
                let points = o.result.points();
                *s.results.entry(o.result.notation()).or_insert(0) += 1;
                if o.a_won {
                    s.a_wins += 1;
                    s.a_points += points;
                    s.net.push(f64::from(points));
                } else {
                    s.b_wins += 1;
                    s.b_points += points;
                    s.net.push(-f64::from(points));
                }
            }
            None => {
                s.unfinished += 1;
                s.net.push(0.0);
            }
        }
    }
    s
}
