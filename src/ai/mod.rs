//! Computer players. A [`Player`] picks one of the legal plays of a roll; the game, `brade
//! bot` and `brade arena` all ask players through this one trait, which takes the game as
//! a parameter (bräde unless named; [`Strategy`] adds what a game's players are told to
//! play for), so that a second game's players are players of the same trait.
//!
//! The players: random; a hand-written heuristic (pip count, blots by how exposed and how
//! far travelled, bands on the huk and on the opponent's entry quarter, walls kept below
//! six, jan threats, bear-off progress), the baseline; and the neural player ([`neural`]),
//! whose network ([`net`]) is trained by self-play ([`train`]) and shipped in `assets/`.
//! The levels easy, medium, hard and expert are the neural player with noise, at 0 ply, at
//! filtered 2 ply and one ply deeper ([`Level::depth`]).

pub mod analysis;
pub mod arena;
pub mod backgammon;
pub mod benchmark;
pub mod matchplay;
pub mod net;
pub mod neural;
pub mod resign;
pub mod review;
pub mod rollout;
pub mod search;
pub mod train;
pub mod verdict;
pub mod weights;

pub use search::Depth;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::brade::{Board, LegalPlay, MatchScore, MoveGen, Position, RuleSet, opposite};
use crate::game::{Brade, Game};
use crate::rules::{Color, Roll};
use neural::NeuralPlayer;

/// How many of the best-looking plays the heuristic's 2-ply search weighs.
const SHORTLIST: usize = 6;

/// The easy level's noise: up to ± this many points on each play's value.
const EASY_NOISE: f32 = 0.5;

/// The easy level's noise when the heuristic stands in for the network: up to ± half this
/// on each play's value, in the heuristic's units.
const EASY_FALLBACK_NOISE: f64 = 3.0;

/// What a game's computer players need beside its rules: what they can be told to play
/// for (in bräde, expected points or the match, [`matchplay::Payoff`]). A game's players
/// are [`Player`]s of that game.
pub trait Strategy: Game {
    /// What a player plays for.
    type Goal: Copy + std::fmt::Debug + Send;

    /// A played match of the game analysed ([`analysis::Analysis`],
    /// [`backgammon::analysis::BgAnalysis`]; `()` for a game that has none yet).
    type Analysis: Clone + std::fmt::Debug + Send;

    /// The losses, in the game's points, from which a decision is doubtful, bad and very
    /// bad (`?!`, `?`, `??`); by default [`analysis::THRESHOLDS`].
    const THRESHOLDS: [f64; 3] = analysis::THRESHOLDS;

    /// The scale a player's error rate (thousandths of a point a decision) is rated on:
    /// the upper limit of each rating but the last; by default [`analysis::Rating::LIMITS`].
    const LIMITS: [f64; 7] = analysis::Rating::LIMITS;

    /// What the side to move plays for in a match standing at `score`, the game played
    /// for `stake` by `rules`.
    fn goal(score: &Self::Score, stake: &Self::Stake, rules: Self::Rules, side: Color) -> Self::Goal;

    /// A player of the game at `level`, seeded by `seed`.
    fn player(level: Level, seed: u64) -> Box<dyn Player<Self>>;

    /// Whether the computer, the side not to move in `game`, accepts the side to move's
    /// resignation `level` (offered before its roll or with its roll on the board): when
    /// the offer is worth at least what it expects from playing on, judged at 0 ply — cheap
    /// enough for the screen's thread ([`resign`]). Never asked in a game without
    /// resignations.
    fn accepts(_game: &crate::session::Match<Self>, _level: crate::game::Resign) -> bool {
        false
    }

    /// The resignation the computer, the side to move in `game` before its roll, offers,
    /// if any: only what it is sure to lose ([`resign`]).
    fn resigns(_game: &crate::session::Match<Self>) -> Option<crate::game::Resign> {
        None
    }
}

impl Strategy for Brade {
    type Goal = matchplay::Payoff;
    type Analysis = analysis::Analysis;

    /// The match (R20) when it has more than one game, expected points (R19) in a single
    /// game.
    fn goal(score: &MatchScore, _stake: &(), _rules: RuleSet, side: Color) -> matchplay::Payoff {
        matchplay::payoff(&matchplay::MatchState::of(score), side)
    }

    fn player(level: Level, seed: u64) -> Box<dyn Player<Brade>> {
        level.player(seed)
    }

    /// The game given up is a hemspel: accepted when it is worth what playing on is.
    fn accepts(game: &crate::session::Match<Brade>, level: crate::game::Resign) -> bool {
        resign::brade_accepts(game, level)
    }
}

/// Something that chooses a play, in a game (bräde unless named).
pub trait Player<G: Strategy>: Send {
    /// The index in `plays` (the legal plays of `roll` in `position`, never empty) of
    /// the play to make.
    fn choose(&mut self, position: &G::Position, roll: Roll, plays: &[G::Legal]) -> usize;

    /// Every play's value for the mover as this player weighs it, without noise (higher is
    /// better): what the hints show.
    fn values(&mut self, plays: &[G::Legal]) -> Vec<f64>;

    /// What to play for from now on, for the side to move (in bräde, expected points
    /// until told): the players that use the network follow it; the others keep their own
    /// measure.
    fn play_for(&mut self, _goal: G::Goal) {}

    /// The rules the game is played by (the game's default rules until told): the players
    /// that look ahead make the opponent's replies by them.
    fn play_by(&mut self, _rules: G::Rules) {}

    /// The player's name, for listings.
    fn name(&self) -> String;
}

/// Picks uniformly among the legal plays.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

/// Random play needs nothing of a game but its list of legal plays: it plays any game.
impl<G: Strategy> Player<G> for RandomPlayer {
    fn choose(&mut self, _: &G::Position, _: Roll, plays: &[G::Legal]) -> usize {
        self.rng.random_range(0..plays.len())
    }

    fn values(&mut self, plays: &[G::Legal]) -> Vec<f64> {
        vec![0.0; plays.len()]
    }

    fn name(&self) -> String {
        "random".to_string()
    }
}

/// The value of a board for the side that has just moved (the board is still seen from
/// its side): positive is good for it. Hand-weighted; see the module documentation.
#[must_use]
pub fn heuristic(board: &Board) -> f64 {
    let own = board.own_counts();
    let opp = board.opp_counts(); // in the opponent's numbering
    let mut v = 0.0;
    // The race.
    v += (f64::from(board.opp_pips()) - f64::from(board.own_pips())) * 0.05;
    v += f64::from(board.own_off()) * 0.4 - f64::from(board.opp_off()) * 0.4;
    // Checkers on the bar, and how close each side is to a jan.
    let free_for = |counts: &[u8; 25]| (1..=6).filter(|&p| counts[p] == 0).count() as f64;
    let (own_bar, opp_bar) = (f64::from(board.own_bar()), f64::from(board.opp_bar()));
    v += opp_bar * 1.2 - own_bar * 1.5;
    v += jan_pressure(opp_bar, free_for(&opp)) * 3.0;
    v -= jan_pressure(own_bar, free_for(&own)) * 3.0;
    // Blots: exposed to the opponent's checkers behind them, costly the further they went.
    for p in 1..=24u8 {
        if own[usize::from(p)] == 1 {
            let r = opposite(p); // the blot's point in the opponent's numbering
            let shots = shots_at(&opp, r);
            v -= shots * (0.3 + f64::from(p) / 24.0) * 0.6;
        }
    }
    // Bands that block: the huk, the opponent's entry quarter (our 13–18), and walls
    // (kept below six, which the opponent could burst).
    let band = |p: usize| own[p] >= 2;
    if band(12) {
        v += 0.6;
    }
    v += (13..=18).filter(|&p| band(p)).count() as f64 * 0.35;
    let mut run = 0;
    for p in 12..=24 {
        if band(p) {
            run += 1;
            v += match run {
                2..=5 => 0.25,
                6.. => -0.8,
                _ => 0.0,
            };
        } else {
            run = 0;
        }
    }
    v
}

/// How near `bar` checkers are to outnumbering `free` entry points (1 = jan).
fn jan_pressure(bar: f64, free: f64) -> f64 {
    if bar == 0.0 {
        0.0
    } else {
        (bar / (free + 1.0)).min(1.5)
    }
}

/// Weighted shots the opponent has at point `r` of his numbering: checkers within six
/// behind it count fully, within twelve less.
fn shots_at(opp: &[u8; 25], r: u8) -> f64 {
    let mut shots = 0.0;
    for d in 1..=12u8 {
        let from = i16::from(r) - i16::from(d);
        let n = match from {
            0 => f64::from(opp[0]),
            f if f > 0 => f64::from(opp[f as usize].min(2)),
            _ => 0.0,
        };
        shots += n * if d <= 6 { 1.0 } else { 0.25 };
    }
    shots.min(4.0)
}

/// The value of a play for the side making it: a game-ending play is worth its points
/// (far above any heuristic value), otherwise the heuristic of the board it leaves.
#[must_use]
pub fn play_value(play: &LegalPlay) -> f64 {
    match play.result {
        Some(r) => 100.0 * f64::from(r.points()),
        None => heuristic(&play.board),
    }
}

/// The heuristic player: 0 ply (the best-looking play), or 2 ply (the candidates that
/// look best, each weighed by the opponent's best reply to every roll).
#[derive(Debug)]
pub struct HeuristicPlayer {
    /// [`Depth::ZeroPly`] or [`Depth::TwoPly`].
    depth: Depth,
    noise: f64,
    rng: ChaCha8Rng,
    movegen: MoveGen,
}

impl HeuristicPlayer {
    /// A player searching to `depth` with evaluation noise of this size. The heuristic has
    /// no deeper look than 2 ply: [`Depth::ThreePly`] searches (and is named) as
    /// [`Depth::TwoPly`].
    #[must_use]
    pub fn new(depth: Depth, noise: f64, seed: u64) -> HeuristicPlayer {
        HeuristicPlayer {
            depth: depth.min(Depth::TwoPly),
            noise,
            rng: ChaCha8Rng::seed_from_u64(seed),
            movegen: MoveGen::new(),
        }
    }

    fn noisy(&mut self, v: f64) -> f64 {
        if self.noise > 0.0 {
            v + self.noise * (self.rng.random::<f64>() - 0.5)
        } else {
            v
        }
    }

    /// The expected value for the mover of leaving `board` (seen from the mover), with
    /// the opponent answering every roll with his best-looking play.
    fn reply_value(&mut self, board: &Board) -> f64 {
        search::expected_after(&mut self.movegen, board, |plays| {
            plays.iter().map(play_value).fold(f64::NEG_INFINITY, f64::max)
        })
    }

    /// A play's value at 2 ply: a game-ending play is worth its points.
    fn deep_value(&mut self, play: &LegalPlay) -> f64 {
        match play.result {
            Some(r) => 100.0 * f64::from(r.points()),
            None => self.reply_value(&play.board),
        }
    }
}

impl Player<Brade> for HeuristicPlayer {
    fn play_by(&mut self, rules: RuleSet) {
        if self.movegen.rules() != rules {
            self.movegen = MoveGen::with_rules(rules);
        }
    }

    fn choose(&mut self, _: &Position, _: Roll, plays: &[LegalPlay]) -> usize {
        let noisy: Vec<f64> = plays.iter().map(|p| self.noisy(play_value(p))).collect();
        let order = search::shortlist(&noisy, SHORTLIST);
        let first = order[0];
        if self.depth == Depth::ZeroPly || plays.len() == 1 || plays[first].result.is_some() {
            return first;
        }
        let mut best = (first, f64::NEG_INFINITY);
        for i in order {
            let v = self.deep_value(&plays[i]);
            if v > best.1 {
                best = (i, v);
            }
        }
        best.0
    }

    fn values(&mut self, plays: &[LegalPlay]) -> Vec<f64> {
        let mut values: Vec<f64> = plays.iter().map(play_value).collect();
        if self.depth >= Depth::TwoPly && plays.len() > 1 {
            let order = search::shortlist(&values, SHORTLIST);
            let deep: Vec<(usize, f64)> = order.iter().map(|&i| (i, self.deep_value(&plays[i]))).collect();
            // Plays left out of the search rank below every searched one.
            let floor = deep.iter().map(|d| d.1).fold(f64::INFINITY, f64::min);
            for v in &mut values {
                *v = v.min(floor - 1e-3);
            }
            for (i, v) in deep {
                values[i] = v;
            }
        }
        values
    }

    fn name(&self) -> String {
        format!("heuristic ({})", self.depth)
    }
}

/// The players `brade bot` and `brade arena` know by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Uniformly random legal plays.
    Random,
    /// The hand-written evaluation, best play at 0 ply.
    Heuristic,
    /// The network's best play with noise: makes mistakes a beginner can punish.
    Easy,
    /// The network's best play at 0 ply.
    Medium,
    /// The network's filtered 2-ply search: the best few plays, each weighed against the
    /// opponent's best reply to each of the 21 rolls (in backgammon, then the best three
    /// of them one roll deeper still: `ai::backgammon`'s `HARD`).
    Hard,
    /// Hard's search, then the best three plays one ply deeper: each of the opponent's
    /// best replies weighed by the mover's best answer to each of his 21 rolls (in
    /// backgammon, the best five where hard weighs three: `ai::backgammon`'s `EXPERT`).
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Heuristic,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// The level's name as typed on the command line.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Heuristic => "heuristic",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// How far the level's player looks ahead: the one place that decides it, for the
    /// players and for the analysis, which judges by the hard level. Random play looks no
    /// further than the plays of the roll: 0 ply.
    #[must_use]
    pub fn depth(self) -> Depth {
        match self {
            Level::Random | Level::Heuristic | Level::Easy | Level::Medium => Depth::ZeroPly,
            Level::Hard => Depth::TwoPly,
            Level::Expert => Depth::ThreePly,
        }
    }

    /// A player of this level.
    #[must_use]
    pub fn player(self, seed: u64) -> Box<dyn Player<Brade>> {
        self.player_with(seed, neural::shipped())
    }

    /// A player of this level that uses `net` (`None`: the heuristic stands in).
    #[must_use]
    pub fn player_with(self, seed: u64, net: Option<std::sync::Arc<net::Network>>) -> Box<dyn Player<Brade>> {
        let depth = self.depth();
        match (self, net) {
            (Level::Random, _) => Box::new(RandomPlayer::new(seed)),
            (Level::Heuristic, _) => Box::new(HeuristicPlayer::new(depth, 0.0, seed)),
            (Level::Easy, Some(net)) => Box::new(NeuralPlayer::new(net, depth, EASY_NOISE, seed)),
            (Level::Medium | Level::Hard | Level::Expert, Some(net)) => {
                Box::new(NeuralPlayer::new(net, depth, 0.0, seed))
            }
            // Without a usable network (never with the shipped file, which a test reads)
            // the levels fall back on the heuristic, the expert's at 2 ply.
            (Level::Easy, None) => Box::new(HeuristicPlayer::new(depth, EASY_FALLBACK_NOISE, seed)),
            (Level::Medium | Level::Hard | Level::Expert, None) => {
                Box::new(HeuristicPlayer::new(depth, 0.0, seed))
            }
        }
    }
}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.label().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownLevel(text.to_string()))
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?} (random, heuristic, easy, medium, hard or expert)")]
pub struct UnknownLevel(pub String);
