//! What the store keeps of backgammon alone: its kept analyses, GNU Backgammon's `.mat`
//! export, the chouette's save, its refusals said as a save's errors, its transcript.

pub mod analysis;
pub mod chouette;
pub mod mat;
pub mod sgf;

use crate::game::Backgammon;
use crate::store::{GameErrors, SaveData, SaveError, SavedMatch, TurnProblem, frames_of, replay};
use crate::words::records::{BgLine, backgammon_transcript};

impl GameErrors for Backgammon {
    fn rules_error(code: String, why: crate::backgammon::StakesError) -> SaveError {
        SaveError::Stakes(code, why)
    }

    fn play_problem(play: &str, why: crate::backgammon::Refusal) -> TurnProblem {
        TurnProblem::illegal(play, |lang| crate::words::backgammon::refusal(lang, &why))
    }

    /// Said as a play refused, without the play.
    fn unfinished(why: crate::backgammon::Refusal) -> TurnProblem {
        TurnProblem::illegal("", |lang| crate::words::backgammon::refusal(lang, &why))
    }
}

/// A readable transcript of `saved`, a backgammon match, in `lang`: a line per game start,
/// turn and action of the cube, as the replay's frames show them.
pub(super) fn transcript(lang: crate::words::Lang, saved: &SavedMatch) -> Result<String, SaveError> {
    let data = SaveData::<Backgammon>::read(saved)?;
    let restored = replay(&data, |_| {})?;
    // The lines as the replay's frames show them, in order.
    let mut lines = Vec::new();
    for f in frames_of(&data)? {
        lines.push(match (f.cube, f.last) {
            (Some((by, action)), _) => BgLine::Action {
                by,
                action,
                value: f.stake.value,
            },
            (None, Some(last)) => BgLine::Turn { turn: f.turn, last },
            (None, None) => BgLine::Game {
                game: f.game,
                starter: f.position.turn(),
            },
        });
        lines.extend(f.result.map(BgLine::End));
    }
    Ok(backgammon_transcript(
        lang,
        &restored.game,
        &lines,
        saved.saved_at,
    ))
}
