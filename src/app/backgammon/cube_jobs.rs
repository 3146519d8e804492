//! The computer's cube decisions, weighed off the event loop as its checker plays are
//! ([`crate::app::jobs`]): at a backgammon table whether it doubles before its roll and whether
//! it takes a double, at a chouette each computer player's (`chouette_computer.rs`), and
//! the cube's hint (`H` before a roll, or when doubled). The app asks ([`App::jobs`] hands
//! out a [`CubeJob`]), shows the computer thinking, and acts on the answer at the
//! computer's next beat — only while the same decision is to be made: a job is what the
//! app would ask now exactly when the screen, the decider, the position, the cube and the
//! score are the same, and an answer to another one is dropped. (The answer to a job is
//! the same whenever it is weighed: no randomness.)

use crate::ai::Level;
use crate::ai::backgammon::cube::{CubeDecision, Unit};
use crate::ai::backgammon::game::cube_decision;
use crate::app::{App, Screen, Table};
use crate::backgammon::{Cube, Position, Score, Stakes};
use crate::game::Backgammon;
use crate::session::{Match, Phase};
use crate::words::Note;
use crate::words::backgammon::matchplay::CubeHint;

/// Cube decisions for the computer to weigh, and what they are for.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeJob {
    pub purpose: CubePurpose,
    /// Each decision: the side to roll (the doubler) with the cube before its double.
    pub asks: Vec<CubeAsk>,
}

/// What a [`CubeJob`]'s answer is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CubePurpose {
    /// At a backgammon table, before the computer's roll: whether it doubles.
    Double,
    /// At a backgammon table, the computer doubled: whether it takes.
    Take,
    /// The cube's hint, before a roll or when doubled (`answering`).
    Hint { answering: bool },
    /// At a chouette, before his roll: whether the box (any of the cubes he may turn) or
    /// the team's mover (his own) doubles.
    ChouetteTurn(String),
    /// At a chouette, a team member's vote on the team's double (by his own cube).
    ChouetteVote(String),
    /// At a chouette, `decider`'s answer to the double of `member`'s cube.
    ChouetteAnswer { decider: String, member: String },
}

/// One cube decision to weigh: the position (the doubler's, on roll), the cube before the
/// double, the match's score, the stakes, and the level that weighs it.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeAsk {
    pub position: Position,
    pub cube: Cube,
    pub score: Score,
    pub stakes: Stakes,
    pub level: Level,
}

impl CubeAsk {
    /// The decision of the side to roll in `game` (or doubled there), at `level`.
    #[must_use]
    pub fn of(game: &Match<Backgammon>, level: Level) -> CubeAsk {
        CubeAsk {
            position: game.position,
            cube: game.stake,
            score: game.score.clone(),
            stakes: game.rules,
            level,
        }
    }
}

impl CubeJob {
    /// Weighs each decision (on a thread of its own: at a deep level it takes a while).
    #[must_use]
    pub fn weigh(&self) -> Vec<CubeDecision> {
        self.asks
            .iter()
            .map(|a| cube_decision(&a.position, &a.cube, &a.score, a.stakes, a.level))
            .collect()
    }
}

/// The cube's hint: the right action and the value of each choice (the editor's too).
pub(in crate::app) fn cube_hint(d: &CubeDecision, answering: bool) -> CubeHint {
    CubeHint {
        verdict: d.action.verdict(),
        no_double: d.no_double,
        double_take: d.double_take,
        double_pass: d.double_pass,
        match_chance: d.unit == Unit::MatchChance,
        answering,
        take: d.take,
    }
}

impl App {
    /// The backgammon table on screen that has a cube in play (a match, or a position
    /// played out from the editor).
    fn cube_table(&self) -> Option<&Table<Backgammon>> {
        match &self.screen {
            Screen::Match(_) | Screen::Editor(_) => self.table_of::<Backgammon>(),
            _ => None,
        }
    }

    fn cube_table_mut(&mut self) -> Option<&mut Table<Backgammon>> {
        match &self.screen {
            Screen::Match(_) | Screen::Editor(_) => self.table_of_mut::<Backgammon>(),
            _ => None,
        }
    }

    /// The cube decision the computer is to make now, if one is: a computer player's at a
    /// chouette; at a backgammon table, before its roll where it may double, or doubled.
    fn cube_due(&self) -> Option<CubeJob> {
        let level = self.computer_to_act()?;
        if let Screen::Chouette(c) = &self.screen {
            return c.cube_job();
        }
        let game = &self.cube_table()?.game;
        let purpose = match game.phase {
            Phase::AwaitRoll if game.may_double() => CubePurpose::Double,
            Phase::Doubled { .. } => CubePurpose::Take,
            _ => return None,
        };
        Some(CubeJob {
            purpose,
            asks: vec![CubeAsk::of(game, level)],
        })
    }

    /// The computer's cube decision to weigh now: one due, not being weighed, and not
    /// answered yet.
    pub(in crate::app) fn cube_request(&self) -> Option<CubeJob> {
        if self.computer.thinking {
            return None;
        }
        let job = self.cube_due()?;
        let answered = self.computer.cube.as_ref().is_some_and(|(done, _)| *done == job);
        (!answered).then_some(job)
    }

    /// H before a roll or when doubled: the cube's hint is weighed ([`App::hint_request`]),
    /// the message line saying so meanwhile. Whether it is the cube's turn to be hinted.
    pub(in crate::app) fn ask_cube_hint(&mut self) -> bool {
        if self.cube_hint_due().is_none() {
            return false;
        }
        self.computer.hint_asked = true;
        if let Some(table) = self.cube_table_mut() {
            table.note = Some(Note::Thinking);
        }
        true
    }

    /// The cube's hint on the table on screen, as it would be asked now.
    fn cube_hint_due(&self) -> Option<CubeJob> {
        let game = &self.cube_table()?.game;
        let answering = matches!(game.phase, Phase::Doubled { .. });
        (answering || matches!(game.phase, Phase::AwaitRoll)).then(|| CubeJob {
            purpose: CubePurpose::Hint { answering },
            asks: vec![CubeAsk::of(game, crate::ai::analysis::JUDGE)],
        })
    }

    /// The cube's hint to weigh now, once asked for.
    pub(in crate::app) fn hint_request(&mut self) -> Option<CubeJob> {
        std::mem::take(&mut self.computer.hint_asked)
            .then(|| self.cube_hint_due())
            .flatten()
    }

    /// A cube job's answer: the hint shown, or the computer's decision kept for its next
    /// beat — if the same is still asked; else dropped.
    pub(in crate::app) fn cube_done(&mut self, job: CubeJob, decisions: Vec<CubeDecision>) {
        if let CubePurpose::Hint { answering } = job.purpose {
            let fits = self.cube_hint_due().as_ref() == Some(&job);
            if let (true, Some(d), Some(table)) = (fits, decisions.first(), self.cube_table_mut()) {
                table.note = Some(Note::CubeHint(cube_hint(d, answering)));
            }
            return;
        }
        self.computer.thinking = false;
        self.say(None);
        if self.cube_due().as_ref() == Some(&job) {
            self.computer.cube = Some((job, decisions));
        }
    }

    /// The computer's cube decision at its beat: `None` when none is due (or it does not
    /// double: its roll follows in the same beat), else whether it acted — `false` while
    /// its answer is awaited.
    pub(in crate::app) fn cube_beat(&mut self) -> Option<bool> {
        if let Screen::Chouette(c) = &mut self.screen {
            return c.cube_beat(self.computer.cube.as_ref());
        }
        let job = self.cube_due()?;
        let Some((_, decisions)) = self.computer.cube.as_ref().filter(|(done, _)| *done == job) else {
            return Some(false);
        };
        let d = *decisions.first()?;
        let table = self.cube_table_mut()?;
        match job.purpose {
            CubePurpose::Double if d.doubles() => table.double(),
            CubePurpose::Double => return None,
            _ if d.take => table.take_double(),
            _ => table.drop_double(),
        }
        Some(true)
    }
}
