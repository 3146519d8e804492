//! Backgammon's computer as a player of the game boundary: checker plays by
//! [`crate::ai::backgammon`]'s players, and cube decisions from the network's cubeless chances by
//! [`crate::ai::backgammon::cube`] (exact ones from the bear-off database once both sides are home).

pub use super::weigh::{
    cube_available, cube_decision, decision, decision_by, outcomes, outcomes_at, outcomes_by, session,
    to_outcomes,
};
use crate::ai::backgammon::MatchValue;
use crate::ai::backgammon::met;
use crate::ai::{Level, Player, Strategy};
use crate::backgammon::{Cube, Score, Stakes};
use crate::game::Backgammon;
use crate::rules::Color;

impl Strategy for Backgammon {
    /// In money play cubeless equity (`None`); in a match the chance to win it at the
    /// score, with the cube's value (the checker players weigh it; the cube decisions weigh
    /// the standing by themselves).
    type Goal = Option<MatchValue>;
    type Analysis = crate::ai::backgammon::analysis::BgAnalysis;
    /// GNU Backgammon's marks and ratings.
    const THRESHOLDS: [f64; 3] = crate::ai::backgammon::analysis::THRESHOLDS;
    const LIMITS: [f64; 7] = crate::ai::backgammon::analysis::LIMITS;

    fn goal(score: &Score, cube: &Cube, stakes: Stakes, side: Color) -> Option<MatchValue> {
        met::Away::of(score, side).map(|away| MatchValue {
            away,
            cube: cube.value,
            backgammon: stakes.backgammon,
        })
    }

    /// The level's player; a level backgammon has no player of (heuristic) plays as
    /// medium, and a network that cannot be read (a test rules it out) as random.
    fn player(level: Level, seed: u64) -> Box<dyn Player<Backgammon>> {
        let level = if crate::ai::backgammon::has_player(level) {
            level
        } else {
            Level::Medium
        };
        crate::ai::backgammon::player(level, seed)
            .unwrap_or_else(|_| Box::new(crate::ai::RandomPlayer::new(seed)))
    }

    fn accepts(game: &crate::session::Match<Backgammon>, level: crate::game::Resign) -> bool {
        crate::ai::resign::backgammon_accepts(game, level)
    }

    fn resigns(game: &crate::session::Match<Backgammon>) -> Option<crate::game::Resign> {
        crate::ai::resign::backgammon_resigns(game)
    }
}
