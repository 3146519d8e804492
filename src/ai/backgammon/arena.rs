//! Backgammon games between two players: cubeless money games, dice seeded, on every core.
//!
//! Games `2k` and `2k + 1` are played with the same dice (stream `k` of the seed), the
//! players' colours swapped, so that the luck of the dice cancels out as far as it can.
//! The side whose die is higher in the opening roll starts with both dice (B4: doubles
//! are rolled again).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::backgammon::{Board, MoveGen};
use crate::rules::Roll;

pub use super::race::Start;

/// A game longer than this many turns is stopped and scored 0 (it never happens).
const MAX_TURNS: usize = 10_000;

/// How one game ended, for the first player (A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Points for A: ±1, ±2, ±3 (0 if stopped).
    pub points: i8,
    /// Turns played.
    pub turns: usize,
}

use super::die;
pub use super::roll;

/// Plays one game: `players[0]` (A) as White, who plays first when the opening roll's
/// White die is higher, the dice from stream `stream` of `seed`.
pub fn play_game(
    players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2],
    a_white: bool,
    seed: u64,
    stream: u64,
) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    let (white, black) = loop {
        let (w, b) = (die(&mut rng), die(&mut rng));
        if w != b {
            break (w, b);
        }
    };
    let first = Roll::new(white.max(black), white.min(black)).unwrap_or_else(|_| Roll::all()[0]);
    let white_starts = white > black;
    play_out(
        players,
        Board::start(),
        white_starts == a_white,
        Some(first),
        &mut rng,
    )
}

/// Plays one game from `board`, A to roll if `a_first`, the dice from stream `stream` of
/// `seed`.
pub fn play_from(
    players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2],
    board: Board,
    a_first: bool,
    seed: u64,
    stream: u64,
) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    play_out(players, board, a_first, None, &mut rng)
}

/// The game from `board`, its first roll `first` (else one from `rng`) and the others from
/// `rng`, A to roll if `a_first`.
fn play_out(
    players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2],
    mut board: Board,
    a_first: bool,
    first: Option<Roll>,
    rng: &mut ChaCha8Rng,
) -> Outcome {
    // Which of A (0) and B (1) moves now.
    let mut mover = usize::from(!a_first);
    let [a, b] = players;
    let players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2] = [a, b];
    let mut movegen = MoveGen::new();
    for turn in 0..MAX_TURNS {
        let r = match (turn, first) {
            (0, Some(r)) => r,
            _ => roll(rng),
        };
        let plays = movegen.plays(&board, r);
        let i = players[mover]
            .choose(&super::seen(board), r, plays)
            .min(plays.len() - 1);
        let chosen = plays[i];
        if let Some(win) = chosen.win {
            let pts = win.points() as i8;
            return Outcome {
                points: if mover == 0 { pts } else { -pts },
                turns: turn + 1,
            };
        }
        board = chosen.board.switched();
        mover = 1 - mover;
    }
    Outcome {
        points: 0,
        turns: MAX_TURNS,
    }
}

/// What a series of games came to, for A.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    pub games: u32,
    /// Games won by A, and of those gammons and backgammons (and the same for B).
    pub wins: [u32; 2],
    pub gammons: [u32; 2],
    pub backgammons: [u32; 2],
    pub points: i64,
    pub squares: i64,
    /// The sum of the squares of each pair's points (games `2k` and `2k + 1`, the same
    /// dice with the colours or the side to roll swapped).
    pub pair_squares: i64,
    pub turns: u64,
}

impl Series {
    fn add(&mut self, o: Outcome) {
        self.games += 1;
        self.points += i64::from(o.points);
        self.squares += i64::from(o.points) * i64::from(o.points);
        self.turns += o.turns as u64;
        if o.points != 0 {
            let side = usize::from(o.points < 0);
            self.wins[side] += 1;
            match o.points.unsigned_abs() {
                2 => self.gammons[side] += 1,
                3 => self.backgammons[side] += 1,
                _ => {}
            }
        }
    }

    /// A's points per game and its standard error.
    #[must_use]
    pub fn per_game(&self) -> (f64, f64) {
        let n = f64::from(self.games.max(1));
        let mean = self.points as f64 / n;
        let var = (self.squares as f64 / n - mean * mean).max(0.0);
        (mean, (var / n).sqrt())
    }

    /// A's points per game and its standard error measured over the pairs of games with
    /// the same dice: smaller than [`Series::per_game`]'s where the dice's luck cancels.
    #[must_use]
    pub fn per_game_paired(&self) -> (f64, f64) {
        let pairs = f64::from((self.games / 2).max(1));
        let mean = self.points as f64 / f64::from(self.games.max(1));
        // a pair's mean points: its sum over two
        let pair_mean = 2.0 * mean;
        let var = (self.pair_squares as f64 / pairs - pair_mean * pair_mean).max(0.0);
        (mean, (var / pairs).sqrt() / 2.0)
    }

    /// The series in words, one line each.
    #[must_use]
    pub fn report(&self, a: &str, b: &str) -> String {
        let (mean, se) = self.per_game();
        let (_, paired) = self.per_game_paired();
        format!(
            "{a} vs {b}: {} games\n{a}: {} wins ({} gammons, {} backgammons)\n{b}: {} wins ({} gammons, {} backgammons)\n{a}: {mean:+.3} points per game ± {se:.3} (standard error; ± {paired:.3} over the pairs of games with the same dice)\n",
            self.games,
            self.wins[0],
            self.gammons[0],
            self.backgammons[0],
            self.wins[1],
            self.gammons[1],
            self.backgammons[1],
        )
    }
}

/// `games` games between the players `make(0, seed)` (A) and `make(1, seed)` (B), colours
/// alternating, on every core. `make` builds a player for a side from a seed.
pub fn series<F>(make: F, games: u32, seed: u64) -> Series
where
    F: Fn(usize, u64) -> Box<dyn crate::ai::Player<crate::game::Backgammon>> + Sync,
{
    series_from(make, games, seed, Start::Opening)
}

/// The same from the starts of `start`: games `2k` and `2k + 1` from the same position
/// ([`super::race::start`] of the seed and `k`), A to roll in the first and B in the
/// second, with the same dice.
pub fn series_from<F>(make: F, games: u32, seed: u64, start: Start) -> Series
where
    F: Fn(usize, u64) -> Box<dyn crate::ai::Player<crate::game::Backgammon>> + Sync,
{
    let outcomes: Vec<Outcome> = (0..games)
        .into_par_iter()
        .map(|g| {
            let g = u64::from(g);
            let player_seed = seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut a = make(0, player_seed);
            let mut b = make(1, player_seed.wrapping_add(1));
            match super::race::start(start, seed, g / 2) {
                None => play_game([a.as_mut(), b.as_mut()], g % 2 == 0, seed, g / 2),
                Some(board) => play_from([a.as_mut(), b.as_mut()], board, g % 2 == 0, seed, g / 2),
            }
        })
        .collect();
    let mut s = Series::default();
    for o in &outcomes {
        s.add(*o);
    }
    for pair in outcomes.chunks_exact(2) {
        let sum = i64::from(pair[0].points) + i64::from(pair[1].points);
        s.pair_squares += sum * sum;
    }
    s
}
