//! What the computer's weighing says of a backgammon position: its cubeless chances at a
//! depth, and the cube's decision at a score — below the game boundary (`game.rs`), the
//! analysis and the resignations, which all ask it.

use crate::ai::Level;
use crate::ai::backgammon::cube::{self, CubeDecision, CubeView, Outcomes, Session};
use crate::ai::backgammon::met;
use crate::ai::backgammon::{BgNet, Probs, net, search::Searcher};
use crate::backgammon::{Board, Cube, Position, Score, Stakes};
use crate::rules::Color;

/// The cubeless chances of the side to roll on `board`, as `level` sees them: exact in a
/// bear-off, the network's otherwise — hard looking a roll ahead, expert two (as GNU
/// Backgammon's 2-ply cube does: on gnubg's 300 close decisions expert's cube agreed more
/// often and lost less than hard's, at about 20 ms a decision).
#[must_use]
pub fn outcomes(board: &Board, level: Level) -> Outcomes {
    let Ok(net) = net::embedded() else {
        // (Never with the shipped network: a test reads it.)
        return crate::ai::backgammon::bearoff::race(board).unwrap_or_default();
    };
    outcomes_by(&net, board, level)
}

/// The same with the network `net` in place of the shipped one.
#[must_use]
pub fn outcomes_by(net: &BgNet, board: &Board, level: Level) -> Outcomes {
    let depth = match level {
        Level::Hard => 1,
        Level::Expert => 2,
        _ => 0,
    };
    outcomes_at(&mut Searcher::new(), net, board, depth)
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
    decide(position, &outcomes(position.board(), level), cube, session)
}

/// The same with the network `net` in place of the shipped one (`brade bot --net`).
#[must_use]
pub fn decision_by(
    net: &BgNet,
    position: &Position,
    cube: CubeView,
    session: &Session,
    level: Level,
) -> CubeDecision {
    decide(
        position,
        &outcomes_by(net, position.board(), level),
        cube,
        session,
    )
}

/// The cube's decision on `position` from its cubeless chances `o`.
fn decide(position: &Position, o: &Outcomes, cube: CubeView, session: &Session) -> CubeDecision {
    cube::decide(o, cube, session, cube::efficiency(position.board()))
}
