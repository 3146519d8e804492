//! A backgammon replay: its decisions on each frame (the cube's on frames of their own),
//! where its errors are, a checker play rolled out (`v`), its decisions shared.

use std::sync::atomic::AtomicBool;

use crate::ai::analysis::{Mark, Summary};
use crate::ai::backgammon::analysis::{BgAnalysis, BgDecision, DecisionKind};
use crate::ai::backgammon::review::{self, Figures};
use crate::ai::verdict::{self, Run, Verification};
use crate::app::jobs::analyse_match;
use crate::app::replay::{AnalysisJob, Replay, ReplayGame, Reviewed};
use crate::app::sharing::{Done, copied, picture};
use crate::app::verdict::Checked;
use crate::game::{Backgammon, CubeAction};
use crate::rules::Color;
use crate::share::backgammon::{Around, block, cube_block};
use crate::share::picture::Extras;
use crate::words::kept::Refusal;
use crate::words::sharing::Shared;

impl Reviewed for Backgammon {
    fn error_at(replay: &Replay<Backgammon>, i: usize) -> Option<(Color, f64)> {
        replay
            .decisions_at(i)
            .into_iter()
            .filter(|d| d.mark != Mark::Fine)
            .max_by(|a, b| a.loss.total_cmp(&b.loss))
            .map(|d| (d.mover, d.loss))
    }

    fn checked_at(replay: &Replay<Backgammon>, i: usize) -> Option<Box<dyn Checked>> {
        replay
            .decisions_at(i)
            .into_iter()
            .find(|d| !d.is_cube() && d.mark != Mark::Fine)
            .map(|d| Box::new(d.clone()) as Box<dyn Checked>)
    }
}

impl ReplayGame for Backgammon {
    fn analyse(job: &AnalysisJob<Backgammon>) -> (Option<BgAnalysis>, Option<Refusal>) {
        analyse_match(job)
    }

    fn sides(analysis: &BgAnalysis) -> [Summary; 2] {
        Color::BOTH.map(|side| analysis.overall(side))
    }

    fn replay_text(replay: &Replay<Backgammon>) -> Done {
        text_of_replay(replay)
    }

    fn replay_picture(replay: &Replay<Backgammon>) -> Done {
        let f = replay.frame();
        let cube = (f.stake.value, f.stake.owner);
        let svg = crate::share::backgammon::picture(&f.position, cube, None, &Extras::default());
        (None, Some(picture("backgammon", &f.position.id(), svg)))
    }
}

impl Replay<Backgammon> {
    /// The decisions frame `i` shows, once analysed: a double, take or pass on its own
    /// frame; on a turn's frame the checker play and, before it, a roll not doubled.
    #[must_use]
    pub fn decisions_at(&self, i: usize) -> Vec<&BgDecision> {
        let (Some(f), Some(analysis)) = (self.frames.get(i), self.analysis.as_ref()) else {
            return Vec::new();
        };
        analysis
            .decisions
            .iter()
            .filter(|d| d.game == f.game)
            .filter(|d| match (f.cube, &d.kind) {
                (Some((_, CubeAction::Double)), DecisionKind::Double { doubled: true, .. }) => {
                    d.turn == f.turn + 1
                }
                (Some((_, CubeAction::Take | CubeAction::Drop)), DecisionKind::Answer { .. }) => {
                    d.turn == f.turn + 1
                }
                (None, DecisionKind::Checker { .. } | DecisionKind::Double { doubled: false, .. }) => {
                    d.turn == f.turn && f.turn > 0
                }
                _ => false,
            })
            .collect()
    }
}

/// A checker play marked as an error is rolled out against the best (a cube decision is
/// not: a cubeless rollout cannot settle it).
impl Checked for BgDecision {
    fn at(&self) -> (usize, usize) {
        (self.game, self.turn)
    }

    fn games(&self) -> u32 {
        verdict::BG_GAMES
    }

    fn verify(&self, run: Run, tick: &(dyn Fn() + Sync), stop: &AtomicBool) -> Option<Verification> {
        verdict::verify_bg(self, run, tick, stop)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The backgammon replay's decision shown (its checker play, else its cube decision) as
/// a text block.
fn text_of_replay(r: &Replay<Backgammon>) -> Done {
    let decisions = r.decisions_at(r.index);
    let Some(d) = decisions
        .iter()
        .find(|d| !d.is_cube())
        .or_else(|| decisions.first())
    else {
        return (Some(Shared::NoDecision), None);
    };
    let (place, cube, take) = (
        (d.game, d.turn),
        d.is_cube(),
        matches!(d.kind, DecisionKind::Answer { .. }),
    );
    let names = Color::BOTH.map(|side| r.names[side.index()].as_str());
    let laid = review::of_match(&r.game, |_, _| {}, |p, c| p == place && c == cube);
    let text = laid.and_then(|l| l.into_iter().next()).map(|l| match &l.figures {
        Figures::Cube {
            doubled,
            answer,
            figures,
        } if take => {
            let around = Around {
                names,
                cube: &l.cube,
                score: &l.score,
                stakes: l.stakes,
            };
            cube_block(&around, &l.position, figures, (*doubled, *answer), true)
        }
        _ => block(names, &l),
    });
    copied(text, Shared::NoNetwork)
}
