//! Playing for the match (R19, R20): the match-winning chance (MWC) of any state of a
//! match, and the payoff a player maximises — expected points in a single game, the MWC
//! in a match.
//!
//! The model. A match of N games is won on points, ties broken by the results' rank boxes
//! (R20); every game is played. Its state between games is what each side has won so far
//! (six classes of result: hemspel, hemspel med munk, pretty game, pretty game med munk,
//! jan, sprängjan — the pretty games share their points and their box) and who starts the
//! next game: the loser of the last one. Each future game is assumed to end in one of the
//! twelve outcomes (either side winning in each class) with the frequencies measured from
//! the network's self-play, which depend on who starts ([`OUTCOMES`]) but on nothing else —
//! not on the score, though a player who plays for the match changes them a little. The
//! MWC of a state is then exact by dynamic programming over the games left, the last game
//! scored by the engine's own R20 ([`MatchScore::standing`]). The game in progress enters
//! through the network's probability of each of its twelve outcomes: a position's MWC is
//! Σ p(outcome) · MWC(the state that outcome leaves).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::net::{CLASS_POINTS, CLASSES, OUTPUTS, class_of, equity};
use crate::brade::{GameRecord, GameResult, MatchScore, Standing, WinKind};
use crate::rules::Color;

/// How each game ends, for the side that starts it: the starter wins in class `c`
/// (`0..6`), the other side wins in class `c` (`6..12`). From 200 000 games of the medium
/// level against itself (`cargo bench --bench outcomes`).
pub const OUTCOMES: [f64; OUTPUTS] = [
    0.24094, 0.00481, 0.09145, 0.02658, 0.15077, 0.01709, 0.21951, 0.00392, 0.08998, 0.02398, 0.11295,
    0.01800,
];

/// What a player maximises, for the side to move: the value of each outcome of the game
/// in progress, in a zero-sum form — the other side's payoff is this one negated and
/// swapped ([`Payoff::flipped`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Payoff {
    /// Expected points (R19).
    Points,
    /// 2·MWC − 1 after each outcome: the side to move winning in class `c` (`0..6`), the
    /// other side winning in class `c` (`6..12`).
    Match([f32; OUTPUTS]),
}

impl Payoff {
    /// The same payoff seen by the other side.
    #[must_use]
    pub fn flipped(&self) -> Payoff {
        match self {
            Payoff::Points => Payoff::Points,
            Payoff::Match(w) => {
                let mut v = [0.0; OUTPUTS];
                for c in 0..CLASSES {
                    v[c] = -w[CLASSES + c];
                    v[CLASSES + c] = -w[c];
                }
                Payoff::Match(v)
            }
        }
    }

    /// The value of a distribution of outcomes (as the network gives it, for the side to
    /// move).
    #[must_use]
    pub fn value(&self, p: &[f32; OUTPUTS]) -> f32 {
        match self {
            Payoff::Points => equity(p),
            Payoff::Match(w) => w.iter().zip(p).map(|(w, p)| w * p).sum(),
        }
    }

    /// The value of winning the game with `result`.
    #[must_use]
    pub fn of_win(&self, result: GameResult) -> f32 {
        match self {
            Payoff::Points => result.points() as f32,
            Payoff::Match(w) => w[class_of(result)],
        }
    }
}

/// A match between games: its length and how many games of each class each side has won
/// (by `Color::index`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchState {
    pub games: u32,
    pub won: [[u8; CLASSES]; 2],
}

impl MatchState {
    /// A match of `games` games before its first.
    #[must_use]
    pub fn new(games: u32) -> MatchState {
        MatchState {
            games,
            won: [[0; CLASSES]; 2],
        }
    }

    /// The state of a match score.
    #[must_use]
    pub fn of(score: &MatchScore) -> MatchState {
        let mut state = MatchState::new(score.games());
        for r in score.results() {
            state = state.after(r.winner, class_of(r.result));
        }
        state
    }

    /// The games played.
    #[must_use]
    pub fn played(&self) -> u32 {
        self.won.iter().flatten().map(|&n| u32::from(n)).sum()
    }

    /// Whether every game is played.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.played() >= self.games
    }

    /// The state after `winner` wins a game in `class`.
    #[must_use]
    pub fn after(&self, winner: Color, class: usize) -> MatchState {
        let mut next = *self;
        next.won[winner.index()][class] += 1;
        next
    }

    /// The match score of this state (a representative result for each class; the
    /// classes share points and rank box, R19), for R20.
    fn score(&self) -> MatchScore {
        let mut results = Vec::new();
        for side in Color::BOTH {
            for (class, &n) in self.won[side.index()].iter().enumerate() {
                for _ in 0..n {
                    results.push(GameRecord {
                        winner: side,
                        result: representative(class),
                    });
                }
            }
        }
        MatchScore::new(self.games, results)
    }

    /// A key for the table: each count in three bits, the starter, the length.
    fn key(&self, starter: Color) -> u64 {
        let mut k = u64::from(self.games);
        for side in self.won {
            for n in side {
                k = (k << 3) | u64::from(n);
            }
        }
        (k << 1) | starter.index() as u64
    }
}

/// A result of `class` (they score alike and share a rank box).
fn representative(class: usize) -> GameResult {
    let (kind, munk) = match class {
        0 => (WinKind::Hemspel, false),
        1 => (WinKind::Hemspel, true),
        2 => (WinKind::Uppspel, false),
        3 => (WinKind::Uppspel, true),
        4 => (WinKind::Jan, false),
        _ => (WinKind::Sprangjan, false),
    };
    GameResult { kind, munk }
}

/// The longest match the table covers (R20's usual lengths are 3, 5 and 7).
pub const MAX_GAMES: u32 = 7;

/// White's MWC at every state of every match up to [`MAX_GAMES`] games, before a game with
/// a given starter; made once, on first use.
fn table() -> &'static HashMap<u64, f64> {
    static TABLE: OnceLock<HashMap<u64, f64>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut memo = HashMap::new();
        for games in (1..=MAX_GAMES).step_by(2) {
            for starter in Color::BOTH {
                white_mwc(&MatchState::new(games), starter, &mut memo);
            }
        }
        memo
    })
}

/// White's MWC before a game that `starter` starts, filling `memo`.
fn white_mwc(state: &MatchState, starter: Color, memo: &mut HashMap<u64, f64>) -> f64 {
    if state.is_over() {
        return match state.score().standing() {
            Standing::Won { winner, .. } => f64::from(u8::from(winner == Color::White)),
            // R20 cannot leave an odd match level (see docs/src/rules/brade.md); even lengths are never
            // asked for.
            _ => 0.5,
        };
    }
    let key = state.key(starter);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut total = 0.0;
    for (o, &p) in OUTCOMES.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        let winner = if o < CLASSES { starter } else { starter.other() };
        let next = state.after(winner, o % CLASSES);
        // The loser starts the next game.
        total += p * white_mwc(&next, winner.other(), memo);
    }
    memo.insert(key, total);
    total
}

/// `side`'s MWC before a game that `starter` starts (1 or 0 once the match is over).
/// Matches longer than [`MAX_GAMES`] are not covered: `None`.
#[must_use]
pub fn mwc(state: &MatchState, starter: Color, side: Color) -> Option<f64> {
    if state.games > MAX_GAMES || state.games.is_multiple_of(2) {
        return None;
    }
    // The table holds every state a match can reach; another (a winner of the last game
    // who starts the next, say) is worked out on its own.
    let white = match table().get(&state.key(starter)) {
        Some(&w) => w,
        None => white_mwc(state, starter, &mut HashMap::new()),
    };
    Some(if side == Color::White { white } else { 1.0 - white })
}

/// How much a point of this game weighs beside the match (in units of 2·MWC − 1): enough
/// to play on for points once the match is decided — or between plays whose chances
/// differ by less than a few hundredths of a percent — never enough to give up more.
pub const POINT_WEIGHT: f32 = 0.000_5;

/// What `mover` plays for in the game in progress of a match in `state`: expected points
/// in a single game (or a match the table does not cover), otherwise 2·MWC − 1 after each
/// outcome of this game, plus [`POINT_WEIGHT`] for each point won or lost.
#[must_use]
pub fn payoff(state: &MatchState, mover: Color) -> Payoff {
    if state.games <= 1 || state.is_over() {
        return Payoff::Points;
    }
    let mut v = [0.0; OUTPUTS];
    for (o, slot) in v.iter_mut().enumerate() {
        let winner = if o < CLASSES { mover } else { mover.other() };
        let next = state.after(winner, o % CLASSES);
        let points = CLASS_POINTS[o % CLASSES] * if winner == mover { 1.0 } else { -1.0 };
        match mwc(&next, winner.other(), mover) {
            Some(m) => *slot = (2.0 * m - 1.0) as f32 + POINT_WEIGHT * points,
            None => return Payoff::Points,
        }
    }
    Payoff::Match(v)
}

/// A value of a play or position under a match payoff, as the MWC it stands for (to
/// within the points' small weight).
#[must_use]
pub fn as_mwc(value: f64) -> f64 {
    ((value + 1.0) / 2.0).clamp(0.0, 1.0)
}

/// What a point is worth at the start of a match of `games` games, in match-winning
/// chance: half the difference between winning and losing its first game by a hemspel,
/// averaged over who starts it. It turns a chance lost into points, so that one scale of
/// marks and ratings serves single games and matches. `None` for a single game.
#[must_use]
pub fn point_value(games: u32) -> Option<f64> {
    if games <= 1 {
        return None;
    }
    let start = MatchState::new(games);
    let mut total = 0.0;
    for starter in Color::BOTH {
        // The starter wins the first game by a hemspel (the other side starts the next),
        // or loses it so (and starts the next).
        let won = mwc(&start.after(starter, 0), starter.other(), starter)?;
        let lost = mwc(&start.after(starter.other(), 0), starter, starter)?;
        total += (won - lost) / 2.0;
    }
    Some(total / 2.0)
}

/// What `side` plays for in game `game` (from 0) of `score`'s match: the state after the
/// games before it.
#[must_use]
pub fn payoff_in_game(score: &MatchScore, game: usize, side: Color) -> Payoff {
    let before = MatchScore::new(
        score.games(),
        score.results().iter().take(game).copied().collect(),
    );
    payoff(&MatchState::of(&before), side)
}
