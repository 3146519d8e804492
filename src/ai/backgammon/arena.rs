//! Backgammon games between two players: cubeless money games, dice seeded, on every core.
//!
//! Games `2k` and `2k + 1` are played with the same dice (stream `k` of the seed), the
//! players' colours swapped, so that the luck of the dice cancels out as far as it can.
//! The side whose die is higher in the opening roll starts with both dice (B4: doubles
//! are rolled again).
//!
//! *Luck adjustment* (with a judge): before every roll but the opening one, the roll's
//! luck for the side to roll — the judge's 0-ply equity after the roll's best play, less
//! its mean over all 36 rolls ([`Searcher::luck`]) — is added up for A, and the game's
//! points less that sum are reported beside the plain ones. Each correction's expectation
//! over the dice is 0 whatever the judge's errors, so the adjusted mean is unbiased; what
//! the dice gave and the judge saw coming is cancelled, and with it most of the spread
//! (a game's standard deviation falls from about 1.4 points to about 0.4). The opening
//! roll is left out: never a double, its luck against the 36 rolls is not mean-zero, and
//! the pairs' duplicate dice cancel it. It costs a 1-ply look at every turn.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use std::sync::Arc;

use super::net::BgNet;
use super::search::Searcher;
use crate::backgammon::{Board, MoveGen};
use crate::rules::Roll;

pub use super::race::Start;

/// A game longer than this many turns is stopped and scored 0 (it never happens).
const MAX_TURNS: usize = 10_000;

/// How one game ended, for the first player (A).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Points for A: ±1, ±2, ±3 (0 if stopped).
    pub points: i8,
    /// Turns played.
    pub turns: usize,
    /// The dice's luck for A in points, by the judge (0 without one).
    pub luck: f64,
}

impl Outcome {
    /// A's points less the dice's luck for A.
    #[must_use]
    pub fn adjusted(&self) -> f64 {
        f64::from(self.points) - self.luck
    }
}

/// What judges each roll's luck: the network and a searcher with the bear-off database
/// and race network the players use.
pub(crate) struct Judge<'a> {
    net: &'a BgNet,
    searcher: Searcher,
}

impl<'a> Judge<'a> {
    /// A judge by `net` (the shipped network, for every candidate alike), with the shipped
    /// race network and the bear-off database.
    #[must_use]
    pub(crate) fn new(net: &'a BgNet) -> Judge<'a> {
        Judge {
            net,
            searcher: Searcher::new(),
        }
    }

    /// The luck, in points for the side to roll on `board`, of the roll whose legal plays
    /// are `plays`.
    fn luck(&mut self, board: &Board, plays: &[crate::backgammon::LegalPlay]) -> f64 {
        let (thrown, mean) = self.searcher.luck(self.net, board, plays);
        f64::from(thrown.equity()) - f64::from(mean.equity())
    }
}

use super::die;
pub use super::roll;

/// Plays one game: `players[0]` (A) as White, who plays first when the opening roll's
/// White die is higher, the dice from stream `stream` of `seed`.
pub(crate) fn play_game(
    players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2],
    a_white: bool,
    seed: u64,
    stream: u64,
    judge: Option<&mut Judge>,
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
        judge,
    )
}

/// Plays one game from `board`, A to roll if `a_first`, the dice from stream `stream` of
/// `seed`.
pub(crate) fn play_from(
    players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2],
    board: Board,
    a_first: bool,
    seed: u64,
    stream: u64,
    judge: Option<&mut Judge>,
) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    play_out(players, board, a_first, None, &mut rng, judge)
}

/// The game from `board`, its first roll `first` (else one from `rng`) and the others from
/// `rng`, A to roll if `a_first`; the luck of every roll but `first` by `judge`, if any.
fn play_out(
    players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2],
    mut board: Board,
    a_first: bool,
    first: Option<Roll>,
    rng: &mut ChaCha8Rng,
    mut judge: Option<&mut Judge>,
) -> Outcome {
    let mut luck = 0.0;
    // Which of A (0) and B (1) moves now.
    let mut mover = usize::from(!a_first);
    let [a, b] = players;
    let players: [&mut dyn crate::ai::Player<crate::game::Backgammon>; 2] = [a, b];
    let mut movegen = MoveGen::new();
    for turn in 0..MAX_TURNS {
        let (r, opening) = match (turn, first) {
            (0, Some(r)) => (r, true),
            _ => (roll(rng), false),
        };
        let plays = movegen.plays(&board, r);
        if let Some(judge) = judge.as_deref_mut().filter(|_| !opening) {
            let l = judge.luck(&board, plays);
            luck += if mover == 0 { l } else { -l };
        }
        let i = players[mover]
            .choose(&super::seen(board), r, plays)
            .min(plays.len() - 1);
        let chosen = plays[i];
        if let Some(win) = chosen.win {
            let pts = win.points() as i8;
            return Outcome {
                points: if mover == 0 { pts } else { -pts },
                turns: turn + 1,
                luck,
            };
        }
        board = chosen.board.switched();
        mover = 1 - mover;
    }
    Outcome {
        points: 0,
        turns: MAX_TURNS,
        luck,
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
    /// Whether the dice's luck was judged, and A's luck-adjusted points (points less luck):
    /// their sum, the sum of their squares, and of the squares of each pair's sums.
    pub judged: bool,
    pub adjusted: f64,
    pub adjusted_squares: f64,
    pub adjusted_pair_squares: f64,
}

impl Series {
    fn add(&mut self, o: Outcome) {
        self.games += 1;
        self.points += i64::from(o.points);
        self.squares += i64::from(o.points) * i64::from(o.points);
        self.turns += o.turns as u64;
        let adjusted = o.adjusted();
        self.adjusted += adjusted;
        self.adjusted_squares += adjusted * adjusted;
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

    /// A's luck-adjusted points per game, its standard error and that over the pairs of
    /// games with the same dice; `None` when the luck was not judged.
    #[must_use]
    pub fn per_game_adjusted(&self) -> Option<(f64, f64, f64)> {
        if !self.judged {
            return None;
        }
        let n = f64::from(self.games.max(1));
        let mean = self.adjusted / n;
        let se = ((self.adjusted_squares / n - mean * mean).max(0.0) / n).sqrt();
        let pairs = f64::from((self.games / 2).max(1));
        let pair_var = (self.adjusted_pair_squares / pairs - 4.0 * mean * mean).max(0.0);
        Some((mean, se, (pair_var / pairs).sqrt() / 2.0))
    }

    /// The series in words, one line each.
    #[must_use]
    pub fn report(&self, a: &str, b: &str) -> String {
        let (mean, se) = self.per_game();
        let (_, paired) = self.per_game_paired();
        let adjusted = match self.per_game_adjusted() {
            Some((mean, se, paired)) => format!(
                "{a}: {mean:+.3} points per game ± {se:.3} luck-adjusted (± {paired:.3} over the pairs)\n"
            ),
            None => String::new(),
        };
        format!(
            "{a} vs {b}: {} games\n{a}: {} wins ({} gammons, {} backgammons)\n{b}: {} wins ({} gammons, {} backgammons)\n{a}: {mean:+.3} points per game ± {se:.3} (standard error; ± {paired:.3} over the pairs of games with the same dice)\n{adjusted}",
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
    series_from(make, games, seed, Start::Opening, None)
}

/// The same from the starts of `start`: games `2k` and `2k + 1` from the same position
/// ([`super::race::start`] of the seed and `k`), A to roll in the first and B in the
/// second, with the same dice; each roll's luck judged by `judge`'s network if given.
pub fn series_from<F>(make: F, games: u32, seed: u64, start: Start, judge: Option<Arc<BgNet>>) -> Series
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
            let mut judge = judge.as_deref().map(Judge::new);
            let (a_first, stream) = (g % 2 == 0, g / 2);
            match super::race::start(start, seed, stream) {
                None => play_game([a.as_mut(), b.as_mut()], a_first, seed, stream, judge.as_mut()),
                Some(board) => play_from(
                    [a.as_mut(), b.as_mut()],
                    board,
                    a_first,
                    seed,
                    stream,
                    judge.as_mut(),
                ),
            }
        })
        .collect();
    let mut s = Series {
        judged: judge.is_some(),
        ..Series::default()
    };
    for o in &outcomes {
        s.add(*o);
    }
    for pair in outcomes.chunks_exact(2) {
        let sum = i64::from(pair[0].points) + i64::from(pair[1].points);
        s.pair_squares += sum * sum;
        let adjusted = pair[0].adjusted() + pair[1].adjusted();
        s.adjusted_pair_squares += adjusted * adjusted;
    }
    s
}
