//! Rollouts: a position played out to the end many times by a level, on every core, for
//! the expected points (R19) of the side to roll and how often each result comes.
//!
//! Deterministic for a seed whatever the number of threads: game `i` draws its dice from
//! its own generator (seeded by the seed and `i`), and the games' figures are integers
//! (the luck-adjusted ones in fixed point) summed in any order.
//!
//! Variance reduction, two kinds:
//! - *Stratified first rolls*: the first two rolls of game `i` are not drawn. The first is
//!   the `(i mod 36)`-th of the 36 ordered rolls, the second the `((i / 36 + i) mod 36)`-th:
//!   in 36·k games every first roll comes k times, every second roll k times, and in
//!   1 296 games every pair of first and second rolls exactly once.
//! - *Luck adjustment* (as GNU Backgammon's rollouts do): at every turn the luck of the
//!   roll — the shipped network's 0-ply value of the best play of the roll thrown, less
//!   the mean of that value over all 36 rolls — is taken off the result (with the sign of
//!   the side it favoured). Its expectation is exactly 0 whatever the network's errors
//!   (the mean is over the dice themselves), so the adjusted mean is still an unbiased
//!   estimate of the position's expected points, with far less spread: the dice's noise
//!   is mostly cancelled. It costs an evaluation of every play of all 21 rolls per turn.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::net::{Network, Scratch};
use super::neural::{best_play, shipped};
use super::search::expected_after;
use super::{Depth, Level};
use crate::brade::{GameResult, LegalPlay, MoveGen, Position, RuleSet, WinKind};
use crate::rules::Roll;

/// The longest game played out (a real one is under 200 turns); longer ones are counted
/// as unfinished.
const MAX_TURNS: u32 = 2000;

/// Units of a point in the fixed-point sums of luck-adjusted results (2^24: exact to about
/// 6·10⁻⁸ point, and a million games of ±100 points still fit an `i64`).
pub(crate) const SCALE: f64 = 16_777_216.0;

/// How a rollout is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub games: u32,
    /// Who plays both sides.
    pub level: Level,
    pub seed: u64,
    /// Threads (all cores when `None`); the figures do not depend on it.
    pub threads: Option<usize>,
    /// Take each roll's luck off the result (see the module's notes).
    pub luck_adjusted: bool,
    /// The rules the games are played by.
    pub rules: RuleSet,
}

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
    /// The sum of the luck-adjusted results (in 1/[`SCALE`] of a point) and of their
    /// squares; without the adjustment, the plain results.
    pub adjusted: i64,
    pub adjusted_squares: i128,
}

impl Rollout {
    /// The side to roll's expected points: the mean of the (luck-adjusted) results.
    #[must_use]
    pub fn equity(&self) -> f64 {
        self.adjusted().0
    }

    /// The standard error of [`Rollout::equity`].
    #[must_use]
    pub fn std_error(&self) -> f64 {
        self.adjusted().1
    }

    /// The mean of the (luck-adjusted) results and its standard error, in points.
    fn adjusted(&self) -> (f64, f64) {
        mean_and_error(
            self.games,
            self.adjusted as f64 / SCALE,
            self.adjusted_squares as f64 / (SCALE * SCALE),
        )
    }

    /// The mean of the plain results, without the luck adjustment, and its standard error.
    #[must_use]
    pub fn plain(&self) -> (f64, f64) {
        mean_and_error(self.games, self.points as f64, self.squares as f64)
    }

    /// The same figures from the other side's point of view.
    #[must_use]
    pub fn turned(&self) -> Rollout {
        Rollout {
            wins: [self.wins[1], self.wins[0]],
            munk: [self.munk[1], self.munk[0]],
            points: -self.points,
            adjusted: -self.adjusted,
            ..*self
        }
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
        self.adjusted += other.adjusted;
        self.adjusted_squares += other.adjusted_squares;
        self
    }
}

/// The mean of `games` results summing to `sum` with squares summing to `squares`, and
/// its standard error.
pub(crate) fn mean_and_error(games: u32, sum: f64, squares: f64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 0.0);
    }
    let n = f64::from(games);
    let mean = sum / n;
    if games < 2 {
        return (mean, 0.0);
    }
    let variance = (squares / n - mean * mean).max(0.0) * n / (n - 1.0);
    (mean, (variance / n).sqrt())
}

/// Whether the luck adjustment pays for `level` unless told: it costs an evaluation of
/// every play of all 21 rolls per turn — about half again the time of a 2-ply choice (the
/// hard level's; the expert's takes longer still), for a quarter of the variance, but some
/// 20 times the time of a 0-ply level's choice, more than the variance it saves (see the
/// user guide's figures, `docs/src/figures.md`).
#[must_use]
pub fn luck_pays(level: Level) -> bool {
    level.depth() >= Depth::TwoPly
}

/// Rolls `position` out `games` times with `level` playing both sides; `threads` cores
/// (all when `None`); luck-adjusted where that pays ([`luck_pays`]).
pub fn rollout(position: &Position, games: u32, level: Level, seed: u64, threads: Option<usize>) -> Rollout {
    let options = Options {
        games,
        level,
        seed,
        threads,
        luck_adjusted: luck_pays(level),
        rules: RuleSet::VASAMUSEET,
    };
    rollout_with(position, options, &|| {})
}

/// [`rollout`] as `options` say, with `tick` called after each game (from any thread).
pub fn rollout_with(position: &Position, options: Options, tick: &(dyn Fn() + Sync)) -> Rollout {
    let net = if options.luck_adjusted { shipped() } else { None };
    in_parallel(
        options.games,
        options.threads,
        |i| {
            let out = play_out(position, &options, net.as_ref(), i);
            tick();
            out
        },
        Rollout::merge,
    )
}

/// Plays games `0..games` on `threads` cores (the current pool's when `None`) and merges
/// their figures: the same sum in any order when `merge` adds integers, which is what makes
/// a rollout's figures independent of the threads (both games' rollouts run through here).
pub(crate) fn in_parallel<T: Default + Send>(
    games: u32,
    threads: Option<usize>,
    play: impl Fn(u32) -> T + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> T {
    let run = || (0..games).into_par_iter().map(&play).reduce(T::default, &merge);
    match threads {
        Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build() {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        },
        None => run(),
    }
}

/// The seed of game `i`'s dice (and of its players' noise).
pub(crate) fn game_seed(seed: u64, i: u32) -> u64 {
    seed ^ u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Game `i`'s generator of the dice past the stratified ones.
pub(crate) fn dice_of(seed: u64, i: u32) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(game_seed(seed, i))
}

/// The dice of turn `turn` of game `i` when they are not drawn: the first two turns'
/// (see the module's notes).
#[must_use]
pub fn stratified_roll(i: u32, turn: u32) -> Option<(u8, u8)> {
    let k = match turn {
        0 => i % 36,
        1 => (i / 36 + i) % 36,
        _ => return None,
    };
    Some(((k / 6) as u8 + 1, (k % 6) as u8 + 1))
}

/// The dice of turn `turn` of game `i`: stratified, or drawn.
pub(crate) fn roll_of(i: u32, turn: u32, rng: &mut ChaCha8Rng) -> (u8, u8) {
    stratified_roll(i, turn).unwrap_or_else(|| (rng.random_range(1..=6u8), rng.random_range(1..=6u8)))
}

/// The luck of `roll` for the side to roll at `position`: the 0-ply value of its best
/// play less the mean of that over all 36 rolls (the mover's points).
fn luck(net: &Network, movegen: &mut MoveGen, scratch: &mut Scratch, position: &Position, roll: Roll) -> f64 {
    let thrown = f64::from(best_play(net, movegen.plays(position.board(), roll), scratch).1);
    // The mover's mean over the rolls, as the value the opponent leaves him.
    let mean = -expected_after(movegen, &position.board().switched(), |plays| {
        f64::from(best_play(net, plays, scratch).1)
    });
    thrown - mean
}

/// Game `i` of a rollout, to the end.
fn play_out(start: &Position, options: &Options, net: Option<&Arc<Network>>, i: u32) -> Rollout {
    let mut rng = dice_of(options.seed, i);
    let mut player = options.level.player(game_seed(options.seed, i));
    player.play_by(options.rules);
    let mut movegen = MoveGen::with_rules(options.rules);
    let mut scratch = Scratch::new();
    let us = start.turn();
    let mut position = *start;
    // The luck so far, for the side to roll at the start.
    let mut our_luck = 0.0;
    for turn in 0..MAX_TURNS {
        let (a, b) = roll_of(i, turn, &mut rng);
        let Ok(roll) = Roll::new(a, b) else { break };
        let mover = position.turn();
        if let Some(net) = net {
            let l = luck(net, &mut movegen, &mut scratch, &position, roll);
            our_luck += if mover == us { l } else { -l };
        }
        let plays = movegen.plays(position.board(), roll).to_vec();
        let choice = if plays.len() == 1 {
            0
        } else {
            player.choose(&position, roll, &plays).min(plays.len() - 1)
        };
        let play = plays[choice];
        if let Some(result) = play.result {
            return Rollout::ended(result, mover == us, our_luck);
        }
        position = Position::new(play.board.switched(), mover.other());
    }
    Rollout {
        games: 1,
        unfinished: 1,
        ..Rollout::default()
    }
}

impl Rollout {
    /// One game's figures: `result` won by the side to roll at the start when `ours`,
    /// by the other side otherwise, with `luck` (that side's) taken off.
    fn ended(result: GameResult, ours: bool, luck: f64) -> Rollout {
        let mut out = Rollout {
            games: 1,
            ..Rollout::default()
        };
        let side = usize::from(!ours);
        let kind = WinKind::ALL.iter().position(|&k| k == result.kind).unwrap_or(0);
        out.wins[side][kind] += 1;
        out.munk[side] += u32::from(result.munk);
        let points = i64::from(result.points());
        out.points = if ours { points } else { -points };
        out.squares = points * points;
        out.adjusted = ((out.points as f64 - luck) * SCALE).round() as i64;
        out.adjusted_squares = i128::from(out.adjusted) * i128::from(out.adjusted);
        out
    }
}

/// The figures of one line of a paired rollout (a candidate play, or the position
/// itself), summed over games: what [`paired`] needs of any game's rollout figures.
pub(crate) trait Line: Clone + Default + Send {
    /// Adds `other`'s games.
    fn merge(&mut self, other: &Self);
    fn games(&self) -> u32;
    /// The sum of the (luck-adjusted) equities over the games, in 1/[`SCALE`] of a point,
    /// and of their squares.
    fn equity_sums(&self) -> (i64, i128);
}

/// Lines rolled out side by side, summed over games, and for each two lines the sum over
/// the games of the products of their adjusted equities (`cross[a * lines + b]`, in
/// 1/SCALE² units), for the spread of their differences. Empty before the first game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Paired<L> {
    pub(crate) lines: Vec<L>,
    cross: Vec<i128>,
}

impl<L: Line> Paired<L> {
    /// One game of every line (each line of one game).
    fn of_game(lines: Vec<L>) -> Paired<L> {
        let equities: Vec<i128> = lines.iter().map(|l| i128::from(l.equity_sums().0)).collect();
        let cross = equities
            .iter()
            .flat_map(|a| equities.iter().map(move |b| a * b))
            .collect();
        Paired { lines, cross }
    }

    fn merge(mut self, other: Paired<L>) -> Paired<L> {
        if self.lines.is_empty() {
            return other;
        }
        for (a, b) in self.lines.iter_mut().zip(&other.lines) {
            a.merge(b);
        }
        for (a, b) in self.cross.iter_mut().zip(&other.cross) {
            *a += b;
        }
        self
    }

    /// The line with the highest equity (the first of equals), and for each line its
    /// equity less the best's — its mean and that mean's standard error, measured game by
    /// game (0 for the best).
    pub(crate) fn behind_best(&self) -> (usize, Vec<(f64, f64)>) {
        let n = self.lines.len();
        let mean = |c: usize| {
            let (sum, squares) = self.lines[c].equity_sums();
            mean_and_error(
                self.lines[c].games(),
                sum as f64 / SCALE,
                squares as f64 / (SCALE * SCALE),
            )
            .0
        };
        // The first of equals: `min_by` keeps the first of the least.
        let best = (0..n).min_by(|&a, &b| mean(b).total_cmp(&mean(a))).unwrap_or(0);
        let behind = (0..n)
            .map(|c| {
                let ((a, aa), (b, bb)) = (self.lines[c].equity_sums(), self.lines[best].equity_sums());
                // Σ(a − b)² = Σa² + Σb² − 2Σab, all in 1/SCALE² units.
                let squares = aa + bb - self.cross.get(c * n + best).map_or(0, |x| 2 * x);
                mean_and_error(
                    self.lines[c].games(),
                    (a - b) as f64 / SCALE,
                    squares as f64 / (SCALE * SCALE),
                )
            })
            .collect();
        (best, behind)
    }
}

/// Plays game `i` of every line for `i` in `0..games` — `game(i)` gives each line's
/// figures of that one game, all played with game `i`'s dice — on `threads` cores, and
/// sums them; `tick` after each game index. The games not begun once `stop` is set are
/// not played (the figures are then not to be used).
pub(crate) fn paired<L: Line>(
    games: u32,
    threads: Option<usize>,
    tick: &(dyn Fn() + Sync),
    stop: &AtomicBool,
    game: impl Fn(u32) -> Vec<L> + Sync + Send,
) -> Paired<L> {
    in_parallel(
        games,
        threads,
        |i| {
            if stop.load(Ordering::Relaxed) {
                return Paired::default();
            }
            let lines = game(i);
            tick();
            Paired::of_game(lines)
        },
        Paired::merge,
    )
}

impl Line for Rollout {
    fn merge(&mut self, other: &Rollout) {
        *self = Rollout::merge(*self, *other);
    }

    fn games(&self) -> u32 {
        self.games
    }

    fn equity_sums(&self) -> (i64, i128) {
        (self.adjusted, self.adjusted_squares)
    }
}

/// One candidate play of a roll rolled out beside the others ([`rollout_plays`]).
#[derive(Clone, Copy, Debug)]
pub struct PlayRollout {
    pub play: LegalPlay,
    /// The figures from the mover's point of view after the play (a play that ends the
    /// game scores its result every game).
    pub rollout: Rollout,
    /// Whether its equity is the best of the candidates (the first of equals).
    pub best: bool,
    /// How many points its equity is behind the best's (0 for the best), and the standard
    /// error of that difference, from the games paired by their dice.
    pub behind_best: f64,
    pub behind_error: f64,
}

/// Rolls out every play of `plays` (candidates of one roll of `position`, as
/// [`MoveGen`] lists them) with the same dice: game `i` of every candidate is game `i` of
/// [`rollout_with`] from the position after it, so that the differences between candidates
/// are paired game by game and far less noisy than each equity. In the order given, each
/// with its equity behind the best candidate's and that difference's standard error.
/// `tick` is called after each game index (every candidate's game `i` played).
pub fn rollout_plays(
    position: &Position,
    plays: &[LegalPlay],
    options: Options,
    tick: &(dyn Fn() + Sync),
) -> Vec<PlayRollout> {
    rollout_plays_until(position, plays, options, tick, &AtomicBool::new(false))
}

/// [`rollout_plays`], given up once `stop` is set: the games not begun by then are not
/// played, and the figures (of the games played) are then not to be used.
pub fn rollout_plays_until(
    position: &Position,
    plays: &[LegalPlay],
    options: Options,
    tick: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Vec<PlayRollout> {
    let net = if options.luck_adjusted { shipped() } else { None };
    let n = plays.len();
    let mut tally = paired(options.games, options.threads, tick, stop, |i| {
        plays
            .iter()
            .map(|p| match p.result {
                Some(result) => Rollout::ended(result, true, 0.0),
                None => {
                    let after = Position::new(p.board.switched(), position.turn().other());
                    play_out(&after, &options, net.as_ref(), i).turned()
                }
            })
            .collect()
    });
    if tally.lines.len() != n {
        // No games were played.
        tally = Paired {
            lines: vec![Rollout::default(); n],
            cross: vec![0; n * n],
        };
    }
    let (best, behind) = tally.behind_best();
    plays
        .iter()
        .zip(&tally.lines)
        .zip(behind)
        .enumerate()
        .map(|(c, ((&play, &rollout), (mean, error)))| PlayRollout {
            play,
            rollout,
            best: c == best,
            // 0.0 − x, not −x: the best is 0, never −0.
            behind_best: 0.0 - mean,
            behind_error: error,
        })
        .collect()
}
