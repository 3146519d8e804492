//! A backgammon match as GNU Backgammon names it: the Position ID and the Match ID of the
//! match as it stands, what the `i` key shows and `brade id` decodes.

use super::{Match, Phase};
use crate::backgammon::{GameState, MatchState, Position, position_id};
use crate::game::Backgammon;
use crate::rules::Color;

impl Match<Backgammon> {
    /// The position GNU Backgammon would show now: a turn being played is shown as it
    /// began (an ID carries the dice, not the steps taken), a finished game as it ended.
    #[must_use]
    pub fn gnubg_position(&self) -> Position {
        match &self.phase {
            Phase::Moving(turn) => *turn.start(),
            Phase::GameOver { last, .. } => *last,
            _ => self.position,
        }
    }

    /// What the Match ID holds of the match as it stands: score, length, cube, Crawford,
    /// who is on roll and who decides, the dice, a double offered.
    #[must_use]
    pub fn gnubg_state(&self) -> MatchState {
        let on_roll = self.gnubg_position().turn();
        let (state, dice, doubled) = match &self.phase {
            Phase::Teka { .. } => (GameState::NoGame, None, false),
            Phase::AwaitRoll => (GameState::Playing, None, false),
            Phase::Doubled { .. } => (GameState::Playing, None, true),
            Phase::Moving(turn) => (GameState::Playing, Some(turn.roll()), false),
            Phase::Forfeit(roll) => (GameState::Playing, Some(*roll), false),
            Phase::GameOver { record, .. } if record.win.is_none() => (GameState::Dropped, None, false),
            Phase::GameOver { .. } | Phase::MatchOver => (GameState::Over, None, false),
        };
        let score = &self.score;
        MatchState {
            cube: self.stake.value,
            cube_owner: self.stake.owner,
            on_roll,
            crawford: !score.is_money() && !self.stake.live,
            state,
            turn: if doubled { on_roll.other() } else { on_roll },
            doubled,
            resigned: None,
            dice: dice.map(|r| (r.high(), r.low())),
            length: score.length,
            score: [score.points(Color::White), score.points(Color::Black)],
            jacoby: score.is_money() && self.rules.jacoby,
        }
    }

    /// GNU Backgammon's Position ID and Match ID of the match as it stands.
    #[must_use]
    pub fn gnubg_ids(&self) -> (String, String) {
        (position_id(&self.gnubg_position()), self.gnubg_state().id())
    }
}
