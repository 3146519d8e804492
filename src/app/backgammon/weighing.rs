//! How backgammon's plays and cube decisions are weighed for the player: the hints at the
//! match's score, the tutor's verdict cubeful at the score, a trainer's cube card, the
//! editor's cube hint.

use crate::ai::analysis::JUDGE;
use crate::ai::backgammon::analysis::{CubeQuestion, weigh_cube, weigh_play};
use crate::app::hint_jobs::{Plays, Weighable, Weighed, Weighing};
use crate::backgammon::{Cube, Position, Score, Stakes};
use crate::game::Backgammon;
use crate::session::Match;

/// The `made`-th of backgammon's plays from `position` weighed against the best as the
/// analysis weighs it: cubeful, at the match's score.
#[derive(Clone, Debug)]
pub struct PlayWeighed {
    pub position: Position,
    pub plays: Plays<Backgammon>,
    pub made: usize,
    pub cube: Cube,
    pub score: Score,
}

impl Weighing for PlayWeighed {
    fn weigh(&self) -> Weighed {
        Weighed::Play(weigh_play(
            &self.position,
            &self.plays.plays,
            self.made,
            &self.cube,
            &self.score,
            self.plays.rules,
        ))
    }

    fn plays(&self) -> Option<&dyn std::any::Any> {
        Some(&self.plays)
    }
}

/// A trainer's cube card answered `yes` (double, or take): weighed as the analysis weighs
/// it, the doubler's cube before the double.
#[derive(Clone, Debug)]
pub struct CubeCardWeighed {
    pub position: Position,
    pub cube: Cube,
    pub score: Score,
    pub stakes: Stakes,
    pub question: CubeQuestion,
    pub yes: bool,
}

impl Weighing for CubeCardWeighed {
    fn weigh(&self) -> Weighed {
        Weighed::CubeCard(weigh_cube(
            &self.position,
            &self.cube,
            &self.score,
            self.stakes,
            self.question,
            self.yes,
        ))
    }
}

/// The editor's cube hint: the decision of the side to roll in money play, the cube in the
/// middle at 1.
#[derive(Clone, Debug)]
pub struct EditorCube(pub Position);

impl Weighing for EditorCube {
    fn weigh(&self) -> Weighed {
        use crate::ai::backgammon::cube::{CubeView, Owner, Session};
        let session = Session::Money(Stakes::default());
        let cube = CubeView::new(1, Owner::Centre);
        Weighed::Cube(crate::ai::backgammon::game::decision(
            &self.0, cube, &session, JUDGE,
        ))
    }
}

impl Weighable for Backgammon {
    fn for_match(plays: &Plays<Self>) -> bool {
        let chance = plays.goal.flatten().and_then(|m| m.chance(0.0));
        chance.is_some()
    }

    fn hint(lang: crate::words::Lang, plays: &Plays<Self>, p: &Self::Legal, v: f64) -> String {
        // As the computer weighs them: in a match, at the score (each play's chance to win
        // the match is shown); in money play, cubeless equity.
        match plays.goal.flatten().and_then(|m| m.chance(v)) {
            Some(c) => format!(
                "{} ({} %)",
                p.play,
                crate::words::decimal(lang, format!("{:.1}", 100.0 * c))
            ),
            None => {
                let v = if v.abs() < 0.0005 { 0.0 } else { v };
                format!("{} ({})", p.play, crate::words::decimal(lang, format!("{v:+.3}")))
            }
        }
    }

    fn made(turn: &Self::Turn, plays: &[Self::Legal]) -> Option<usize> {
        let m = turn.completed()?;
        plays.iter().position(|p| p.board == m.board && p.win == m.win)
    }

    fn tutor_weighing(game: &Match<Self>, plays: Plays<Self>, made: usize) -> Box<dyn Weighing> {
        Box::new(PlayWeighed {
            position: game.position,
            plays,
            made,
            cube: game.stake,
            score: game.score.clone(),
        })
    }
}
