//! Backgammon's computer as a player of the game boundary: checker plays by
//! [`crate::ai::bg`]'s players, and cube decisions from the network's cubeless chances by
//! [`crate::ai::backgammon::cube`] (exact ones from the bear-off database once both sides are home).

pub use super::weigh::{
    cube_available, cube_decision, decision, outcomes, outcomes_at, session, to_outcomes,
};
use crate::ai::backgammon::met;
use crate::ai::backgammon::{BgPlayer, MatchValue};
use crate::ai::{Level, Player, Strategy};
use crate::backgammon::{Cube, LegalPlay, Position, Score, Stakes};
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
    /// GNU Backgammon's marks and ratings.
    const THRESHOLDS: [f64; 3] = crate::ai::backgammon::analysis::THRESHOLDS;
    const LIMITS: [f64; 7] = crate::ai::backgammon::analysis::LIMITS;

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
