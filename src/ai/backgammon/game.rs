//! Backgammon's computer as a player of the game boundary: checker plays by
//! [`crate::ai::bg`]'s players, and cube decisions from the network's cubeless chances by
//! [`crate::ai::backgammon::cube`] (exact ones from the bear-off database once both sides are home).

use crate::ai::backgammon::cube::{self, CubeDecision, CubeView, Outcomes, Session};
use crate::ai::backgammon::met;
use crate::ai::backgammon::{BgNet, BgPlayer, MatchValue, Probs, net, search::Searcher};
use crate::ai::{Level, Player, Strategy};
use crate::backgammon::{Board, Cube, LegalPlay, Position, Score, Stakes};
use crate::game::Backgammon;
use crate::rules::{Color, Roll};

/// What a backgammon player plays for: in money play cubeless equity; in a match the
/// chance to win it at the score, with the cube's value (the checker players weigh it,
/// [`MatchValue`]; the cube decisions weigh the standing by themselves).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub away: Option<met::Away>,
    pub cube: u32,
    pub stakes: Stakes,
}

impl Standing {
    /// What the checker players weigh at this standing (`None`: cubeless money equity).
    #[must_use]
    pub fn match_value(&self) -> Option<MatchValue> {
        self.away.map(|away| MatchValue {
            away,
            cube: self.cube,
            backgammon: self.stakes.backgammon,
        })
    }
}

impl Strategy for Backgammon {
    type Goal = Standing;
    type Analysis = crate::ai::backgammon::analysis::BgAnalysis;

    fn goal(score: &Score, cube: &Cube, stakes: Stakes, side: Color) -> Standing {
        Standing {
            away: met::Away::of(score, side),
            cube: cube.value,
            stakes,
        }
    }

    /// The level's player; a level backgammon has no player of (heuristic) plays as
    /// medium, and a network that cannot be read (a test rules it out) as random.
    fn player(level: Level, seed: u64) -> Box<dyn Player<Backgammon>> {
        let level = if crate::ai::backgammon::has_player(level) {
            level
        } else {
            Level::Medium
        };
        let inner = crate::ai::backgammon::player(level, seed)
            .unwrap_or_else(|_| Box::new(crate::ai::backgammon::RandomBgPlayer::new(seed)));
        Box::new(Checkers(inner))
    }

    fn accepts(game: &crate::session::Match<Backgammon>, level: crate::game::Resign) -> bool {
        crate::ai::resign::backgammon_accepts(game, level)
    }

    fn resigns(game: &crate::session::Match<Backgammon>) -> Option<crate::game::Resign> {
        crate::ai::resign::backgammon_resigns(game)
    }
}

/// A backgammon checker player at the game boundary.
struct Checkers(Box<dyn BgPlayer>);

impl Player<Backgammon> for Checkers {
    fn play_for(&mut self, goal: Standing) {
        self.0.play_for(goal.match_value());
    }

    fn choose(&mut self, position: &Position, roll: Roll, plays: &[LegalPlay]) -> usize {
        self.0.choose(position.board(), roll, plays)
    }

    fn values(&mut self, plays: &[LegalPlay]) -> Vec<f64> {
        self.0.values(plays)
    }

    fn name(&self) -> String {
        self.0.name()
    }
}

/// The cubeless chances of the side to roll on `board`, as `level` sees them: exact in a
/// bear-off, the network's otherwise (hard and expert looking a roll ahead).
#[must_use]
pub fn outcomes(board: &Board, level: Level) -> Outcomes {
    let Ok(net) = net::embedded() else {
        // (Never with the shipped network: a test reads it.)
        return crate::ai::backgammon::bearoff::race(board).unwrap_or_default();
    };
    let depth = u8::from(matches!(level, Level::Hard | Level::Expert));
    outcomes_at(&mut Searcher::new(), &net, board, depth)
}

/// The cubeless chances of the side to roll on `board`: exact in a bear-off, else `net`'s
/// looking `depth` rolls ahead.
pub fn outcomes_at(searcher: &mut Searcher, net: &BgNet, board: &Board, depth: u8) -> Outcomes {
    crate::ai::backgammon::bearoff::race(board)
        .unwrap_or_else(|| to_outcomes(searcher.position(net, board, depth)))
}

/// The network's five outputs as the cube reads them.
#[must_use]
pub fn to_outcomes(p: Probs) -> Outcomes {
    Outcomes {
        win: f64::from(p.0[0]),
        win_gammon: f64::from(p.0[1]),
        win_backgammon: f64::from(p.0[2]),
        lose_gammon: f64::from(p.0[3]),
        lose_backgammon: f64::from(p.0[4]),
    }
}

/// What the game is played for, for the side `side`.
#[must_use]
pub fn session(score: &Score, stakes: Stakes, side: Color) -> Session {
    match met::Away::of(score, side) {
        Some(away) => Session::Match(away, stakes),
        None => Session::Money(stakes),
    }
}

/// Whether `mover`, to roll with the cube `cube` at `score`, may usefully double: whether
/// its cube decision is anything but unavailable (B13, B15), known without weighing the
/// position.
#[must_use]
pub fn cube_available(cube: &Cube, score: &Score, stakes: Stakes, mover: Color) -> bool {
    cube::available(CubeView::of(cube, mover), &session(score, stakes, mover))
}

/// The cube decision of the side to roll in `position` (before its roll), with the
/// equity of each choice: what the computer does and what the hints show.
#[must_use]
pub fn cube_decision(
    position: &Position,
    cube: &Cube,
    score: &Score,
    stakes: Stakes,
    level: Level,
) -> CubeDecision {
    let mover = position.turn();
    decision(
        position,
        CubeView::of(cube, mover),
        &session(score, stakes, mover),
        level,
    )
}

/// The same for a cube and a standing given as they are (`brade bot`'s cube lines).
#[must_use]
pub fn decision(position: &Position, cube: CubeView, session: &Session, level: Level) -> CubeDecision {
    let board = position.board();
    cube::decide(&outcomes(board, level), cube, session, cube::efficiency(board))
}
