//! Games between two players, for measuring strength (`brade arena`).

use crate::game::Brade;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::sync::Arc;

use super::net::Network;
use super::{Level, Player};
use crate::brade::{GameResult, MoveGen, Position, RuleSet, teka};
use crate::rules::{Color, Roll};
use crate::words::training::SeriesFigures;

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Whether player A won.
    pub a_won: bool,
    pub result: GameResult,
    pub turns: u32,
}

/// The rules of a series: those its games are played by, and for each player (A, B)
/// whether it looks ahead as if the Vasamuseet rules applied (it still makes only plays
/// legal by `rules`): what knowing the set is worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeriesRules {
    pub rules: RuleSet,
    pub blind: [bool; 2],
}

impl SeriesRules {
    /// The rules player `i` (0: A, 1: B) looks ahead by.
    #[must_use]
    pub fn believed(&self, i: usize) -> RuleSet {
        if self.blind[i] {
            RuleSet::VASAMUSEET
        } else {
            self.rules
        }
    }
}

/// Plays one game by `rules`: A has `a_color`; the starter is decided by teka (R5) with
/// `rng`. `None` when it has not ended after `max_turns` turns.
pub fn play_game(
    a: &mut dyn Player<Brade>,
    b: &mut dyn Player<Brade>,
    a_color: Color,
    rules: RuleSet,
    rng: &mut ChaCha8Rng,
    max_turns: u32,
) -> Option<Outcome> {
    let starter = loop {
        if let Some(s) = teka(rng.random_range(1..=6u8), rng.random_range(1..=6u8)) {
            break s;
        }
    };
    play_game_from(a, b, (a_color, starter), rules, rng, max_turns)
}

/// Plays one game by `rules` that `starter` starts, A having `a_color`.
pub fn play_game_from(
    a: &mut dyn Player<Brade>,
    b: &mut dyn Player<Brade>,
    (a_color, starter): (Color, Color),
    rules: RuleSet,
    rng: &mut ChaCha8Rng,
    max_turns: u32,
) -> Option<Outcome> {
    let mut die = || rng.random_range(1..=6u8);
    let mut position = Position::start(starter);
    let mut movegen = MoveGen::with_rules(rules);
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
    /// A's net points per game (won minus lost), summed and summed squared, for the mean
    /// and its standard error: integers, so exact whatever the order of the games, and a
    /// series of any length takes no more memory than one game.
    net: i64,
    net_squared: i64,
    /// Count of each result, by its notation.
    pub results: std::collections::BTreeMap<String, u32>,
}

impl Series {
    /// Mean net points per game for A and its standard error.
    #[must_use]
    pub fn net_per_game(&self) -> (f64, f64) {
        let n = f64::from(self.games);
        if self.games == 0 {
            return (0.0, 0.0);
        }
        let (sum, squares) = (self.net as f64, self.net_squared as f64);
        let mean = sum / n;
        let var = ((squares - sum * mean) / (n - 1.0).max(1.0)).max(0.0);
        (mean, (var / n).sqrt())
    }

    /// The report `brade arena` prints: games, wins, points, net points per game with its
    /// standard error, and the count of each result.
    #[must_use]
    pub fn report(&self, lang: crate::words::Lang, seed: u64) -> String {
        let (mean, error) = self.net_per_game();
        crate::words::training::series_report(
            lang,
            &SeriesFigures {
                games: self.games,
                seed,
                a_wins: self.a_wins,
                b_wins: self.b_wins,
                unfinished: self.unfinished,
                a_points: self.a_points,
                b_points: self.b_points,
                a_share: self.a_share(),
                net: crate::words::figures::Estimate { mean, error },
                results: &self.results,
            },
        )
    }

    /// Counts one game more: its outcome, or `None` if it did not end (a draw for the
    /// net points).
    fn record(&mut self, outcome: Option<&Outcome>) {
        self.games += 1;
        let Some(o) = outcome else {
            self.unfinished += 1;
            return;
        };
        let points = o.result.points();
        *self.results.entry(o.result.notation()).or_insert(0) += 1;
        if o.a_won {
            self.a_wins += 1;
            self.a_points += points;
            self.net += i64::from(points);
        } else {
            self.b_wins += 1;
            self.b_points += points;
            self.net -= i64::from(points);
        }
        self.net_squared += i64::from(points * points);
    }

    /// Two tallies as one.
    fn merge(&mut self, other: Series) {
        self.games += other.games;
        self.a_wins += other.a_wins;
        self.b_wins += other.b_wins;
        self.unfinished += other.unfinished;
        self.a_points += other.a_points;
        self.b_points += other.b_points;
        self.net += other.net;
        self.net_squared += other.net_squared;
        for (k, n) in other.results {
            *self.results.entry(k).or_insert(0) += n;
        }
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

/// Plays `games` games by the Vasamuseet rules, A taking White in even games and Black in
/// odd ones.
pub fn series(a: &mut dyn Player<Brade>, b: &mut dyn Player<Brade>, games: u32, seed: u64) -> Series {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = Series::default();
    for g in 0..games {
        let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
        s.record(play_game(a, b, a_color, RuleSet::VASAMUSEET, &mut rng, 5000).as_ref());
    }
    s
}

/// Games a block of [`level_series`] plays with one pair of players and one stream of dice.
const BLOCK: u32 = 50;

/// The seed of part `n` (a block of games, a match) of a series seeded by `seed`.
fn part_seed(seed: u64, n: u32) -> u64 {
    seed ^ u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Players A and B of a part seeded by `seed`: each level with its network (`None`: the
/// shipped one) and the rules it looks ahead by, B's seed apart from A's.
fn pair(
    levels: [Level; 2],
    nets: &[Option<Arc<Network>>; 2],
    rules: SeriesRules,
    seed: u64,
) -> [Box<dyn Player<Brade>>; 2] {
    let make = |i: usize, seed: u64| {
        let net = nets[i].clone().or_else(super::neural::shipped);
        let mut player = levels[i].player_with(seed, net);
        player.play_by(rules.believed(i));
        player
    };
    [make(0, seed), make(1, seed ^ 0x9E37)]
}

/// Plays `games` games by `rules` between two levels (each with its network, `None`: the
/// shipped one) on every core, A taking White in even games and Black in odd ones. The
/// games go in blocks of `BLOCK` games, each with its own players and dice (seeded by `seed`
/// and the block's number), so the figures do not depend on the number of threads.
pub fn level_series(
    levels: [Level; 2],
    nets: [Option<Arc<Network>>; 2],
    rules: SeriesRules,
    games: u32,
    seed: u64,
) -> Series {
    use rayon::prelude::*;
    (0..games.div_ceil(BLOCK))
        .into_par_iter()
        .map(|block| {
            let block_seed = part_seed(seed, block);
            let [mut a, mut b] = pair(levels, &nets, rules, block_seed);
            let mut rng = ChaCha8Rng::seed_from_u64(block_seed);
            let mut s = Series::default();
            for g in block * BLOCK..games.min((block + 1) * BLOCK) {
                let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
                let outcome = play_game(a.as_mut(), b.as_mut(), a_color, rules.rules, &mut rng, 5000);
                s.record(outcome.as_ref());
            }
            s
        })
        .reduce(Series::default, |mut all, s| {
            all.merge(s);
            all
        })
}

/// The tally of a series of matches, beside the games they were made of.
#[derive(Clone, Debug, Default)]
pub struct MatchSeries {
    /// Games per match.
    pub length: u32,
    pub matches: u32,
    pub a_matches: u32,
    /// Matches with a game that did not end (counted as lost by both).
    pub unfinished: u32,
    /// Every game of every match.
    pub games: Series,
}

impl MatchSeries {
    /// A's share of the matches and its standard error.
    #[must_use]
    pub fn a_share(&self) -> (f64, f64) {
        let n = f64::from(self.matches.max(1));
        let p = f64::from(self.a_matches) / n;
        (p, (p * (1.0 - p) / n).sqrt())
    }

    fn merge(mut self, other: MatchSeries) -> MatchSeries {
        self.length = self.length.max(other.length);
        self.matches += other.matches;
        self.a_matches += other.a_matches;
        self.unfinished += other.unfinished;
        self.games.merge(other.games);
        self
    }
}

/// The two players of a match series (A, then B): their levels, their networks (`None`:
/// the shipped one), and whether each plays for the match (otherwise for expected points,
/// as in a single game), and the rules of the matches.
#[derive(Clone, Debug)]
pub struct MatchPlayers {
    pub levels: [Level; 2],
    pub nets: [Option<Arc<Network>>; 2],
    pub aware: [bool; 2],
    pub rules: SeriesRules,
}

/// Plays `matches` matches of `length` games on every core. A is White; A starts the first
/// game of the even matches and B of the odd ones, the loser of each game the next (R20
/// plays every game). Match `m` has its own dice (seeded by `seed` and `m`), so the figures
/// do not depend on the number of threads.
pub fn match_series(players: &MatchPlayers, length: u32, matches: u32, seed: u64) -> MatchSeries {
    use rayon::prelude::*;
    (0..matches)
        .into_par_iter()
        .map(|m| one_match(players, length, m, seed))
        .reduce(MatchSeries::default, MatchSeries::merge)
}

/// Match `m` of a series.
fn one_match(players: &MatchPlayers, length: u32, m: u32, seed: u64) -> MatchSeries {
    use super::matchplay::{MatchState, Payoff, payoff};
    use crate::brade::{GameRecord, MatchScore, Standing};
    let match_seed = part_seed(seed, m);
    let mut rng = ChaCha8Rng::seed_from_u64(match_seed);
    let [mut a, mut b] = pair(players.levels, &players.nets, players.rules, match_seed);
    let mut out = MatchSeries {
        length,
        matches: 1,
        ..MatchSeries::default()
    };
    let mut score = MatchScore::new(length, Vec::new());
    let mut starter = if m.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    while !score.is_over() {
        let state = MatchState::of(&score);
        let goal = |aware: bool, side: Color| {
            if aware {
                payoff(&state, side)
            } else {
                Payoff::Points
            }
        };
        a.play_for(goal(players.aware[0], Color::White));
        b.play_for(goal(players.aware[1], Color::Black));
        let sides = (Color::White, starter);
        let outcome = play_game_from(a.as_mut(), b.as_mut(), sides, players.rules.rules, &mut rng, 5000);
        out.games.record(outcome.as_ref());
        let Some(o) = outcome else {
            out.unfinished += 1;
            return out;
        };
        let winner = if o.a_won { Color::White } else { Color::Black };
        score.push(GameRecord {
            winner,
            result: o.result,
        });
        starter = winner.other();
    }
    if matches!(
        score.standing(),
        Standing::Won {
            winner: Color::White,
            ..
        }
    ) {
        out.a_matches = 1;
    }
    out
}
