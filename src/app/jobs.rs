//! The work that takes a while, run off the event loop so that the screen never freezes:
//! the computer's choice (its play, its cube decisions: `cube_jobs.rs`) and the cube's
//! hint, what the player asks it to weigh (the hints, the editor's, the trainer's and the
//! tutor's verdicts: `hint_jobs.rs`), a replay's analysis, the records listed, the records
//! analysed,
//! rollouts (the editor's, a replay's marked decision).
//! The app says what is to be done ([`App::jobs`], each job with everything it needs); the
//! terminal layer runs each on a thread of its own ([`Job::run`]) and hands the result
//! back ([`App::job_done`]).

use std::path::PathBuf;
use std::sync::Arc;

use super::computer::ComputerChoice;
pub use super::hint_jobs::{HintJob, HintPurpose, Moment, Valued, Weighed, Weighing};
use super::{AnalysisJob, App, CubeJob, Progress, RecordEntry};
use crate::game::Game;
use crate::session::Match;
use crate::store::Store;
use crate::store::analysis::{Analysable, Source, analyse_records, analysis_of};
use crate::words::kept::Refusal;

/// Work of any game that runs off the event loop (a replay's analysis, the editor's
/// rollout): what runs on the thread, and what it comes to ([`Delivery`]).
pub trait Work: std::fmt::Debug + Send {
    /// Does the work.
    fn run(self: Box<Self>) -> Done;
    /// The work itself, for the code of its game.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// What a [`Work`] came to, of any game: it does to the app what its game's code says.
pub trait Delivery: std::fmt::Debug + Send {
    fn deliver(self: Box<Self>, app: &mut App);
}

/// A piece of work to run off the event loop.
#[derive(Debug)]
pub enum Job {
    /// The computer chooses its play, as a player of its level seeded by `seed`, in any
    /// game.
    Computer {
        turn: Box<dyn ComputerChoice>,
        seed: u64,
    },
    /// The computer's cube decisions (at a table, at a chouette), or the cube's hint.
    Cube(Box<CubeJob>),
    /// What the player asked the computer to weigh: the best plays of a roll (at a table,
    /// in the editor), the editor's cube hint, the trainer's and the tutor's verdicts.
    Hint(Box<HintJob>),
    /// A replay's analysis: read from beside its record when it was made before, made
    /// and kept there otherwise (a record that cannot be written to is analysed all the
    /// same).
    Analysis(Box<dyn Work>),
    /// The records of `store` listed (those not listed before are read), and with
    /// `analyses` the figures of the analyses beside them (an analysis not seen before is
    /// checked against its record replayed, which takes a while).
    Records {
        store: Store,
        progress: Arc<Progress>,
        analyses: bool,
    },
    /// The trainer's deck read, and the errors of the records' kept analyses.
    Trainer { store: Store },
    /// The editor's position rolled out.
    EditorRollout(Box<dyn Work>),
    /// A replay's marked decision rolled out (`v`).
    Verify(Box<super::VerifyJob>),
    /// The records without an analysis analysed, and the analyses kept beside them.
    AnalyseRecords {
        records: Vec<PathBuf>,
        progress: Arc<Progress>,
    },
}

/// What a [`Job`] came to.
#[derive(Debug)]
pub enum Done {
    /// The computer's choice: the steps of its play.
    Computer(Vec<crate::rules::Step>),
    /// The cube decisions of `job`, weighed (one for each of its asks).
    Cube {
        job: Box<CubeJob>,
        decisions: Vec<crate::ai::backgammon::cube::CubeDecision>,
    },
    /// What `job` weighed for the player.
    Hint { job: Box<HintJob>, weighed: Weighed },
    /// A replay's analysis done (see [`Done::analysis`]).
    Analysis(Box<dyn Delivery>),
    /// The records, listed with their analyses.
    Records(Vec<RecordEntry>),
    /// The records, listed without their analyses.
    RecordsListed(Vec<RecordEntry>),
    /// The records are analysed.
    RecordsAnalysed,
    /// The trainer's deck and errors, read.
    Trainer(Box<super::TrainerData>),
    /// The editor's rollout done.
    EditorRollout(Box<dyn Delivery>),
    /// A replay's decision rolled out (none when it was given up).
    Verified {
        job: Box<super::VerifyJob>,
        verification: Option<crate::ai::verdict::Verification>,
    },
}

impl Job {
    /// Does the work (on a thread of its own: it takes a while), reporting its progress
    /// where the screens read it.
    #[must_use]
    pub fn run(self) -> Done {
        match self {
            Job::Computer { turn, seed } => Done::Computer(turn.choose_steps(seed)),
            Job::Cube(job) => Done::Cube {
                decisions: job.weigh(),
                job,
            },
            Job::Hint(job) => Done::Hint {
                weighed: job.weigh(),
                job,
            },
            Job::Analysis(job) => job.run(),
            Job::Records {
                store,
                progress,
                analyses,
            } => {
                let progress = |done, total| progress.set(done, total);
                if analyses {
                    Done::Records(store.list_records(progress))
                } else {
                    Done::RecordsListed(store.list_summaries(progress))
                }
            }
            Job::Trainer { store } => {
                let deck = store
                    .load_deck()
                    .map_err(|(kept, why)| format!("{}: {why}", kept.display()));
                let (errors, unanalysed) = store.record_errors();
                Done::Trainer(Box::new(super::TrainerData {
                    deck,
                    errors,
                    unanalysed,
                    now: crate::store::now(),
                }))
            }
            Job::Verify(job) => {
                let verification = job.verify();
                Done::Verified { job, verification }
            }
            Job::EditorRollout(job) => job.run(),
            Job::AnalyseRecords { records, progress } => {
                analyse_records(&records, |done, total| progress.set(done, total));
                Done::RecordsAnalysed
            }
        }
    }
}

/// A replay's analysis (none when it could not be made), and why the one kept beside its
/// record was refused, when it was: what each game's [`super::ReplayGame::analyse`] does.
pub fn analyse_match<G: Game>(
    job: &AnalysisJob<G>,
) -> (Option<<Match<G> as Analysable>::Analysis>, Option<Refusal>)
where
    Match<G>: Analysable,
{
    let progress = |done, total| job.progress.set(done, total);
    match analysis_of(job.file.as_deref(), &job.game, progress) {
        Some((analysis, Source::Remade(why), _)) => (Some(analysis), Some(why)),
        Some((analysis, ..)) => (Some(analysis), None),
        None => (None, None),
    }
}

impl App {
    /// The jobs to start now, each marked as running as it is taken: the records listed
    /// (from `records`, when there is a data directory to list them from), the records
    /// analysed (`a` on the Statistics screen), the analysis of the replay on screen, the
    /// computer's choice — a play or a cube decision (the message line then says it is
    /// thinking) — the cube's hint asked for, and what else the player asked the computer
    /// to weigh (hints, the trainer's and the tutor's verdicts: `hint_jobs.rs`).
    pub fn jobs(&mut self, records: Option<&Store>) -> Vec<Job> {
        let mut jobs = Vec::new();
        if let Some(store) = records
            && let Some((progress, analyses)) = self.records_request()
        {
            jobs.push(Job::Records {
                store: store.clone(),
                progress,
                analyses,
            });
        }
        if let Some(store) = records
            && self.trainer_request()
        {
            jobs.push(Job::Trainer { store: store.clone() });
        }
        jobs.extend(self.editor_rollout_request());
        if let Some(job) = self.verify_request() {
            jobs.push(Job::Verify(job));
        }
        if let Some((records, progress)) = self.records_analysis_request() {
            jobs.push(Job::AnalyseRecords { records, progress });
        }
        jobs.extend(self.analysis_request());
        let seed = self.dice.seed.unwrap_or(0) ^ self.dice.drawn;
        if let Some(turn) = self.computer_request() {
            self.computer_thinking();
            jobs.push(Job::Computer { turn, seed });
        } else if let Some(job) = self.cube_request() {
            self.computer_thinking();
            jobs.push(Job::Cube(Box::new(job)));
        }
        if let Some(job) = self.hint_request() {
            jobs.push(Job::Cube(Box::new(job)));
        }
        let asked = self.computer.weighing.take();
        jobs.extend(asked.into_iter().map(|job| Job::Hint(Box::new(job))));
        jobs
    }

    /// A job is done: its result is taken where it belongs.
    pub fn job_done(&mut self, done: Done) {
        match done {
            Done::Computer(steps) => self.computer_chose(steps.into_iter().collect()),
            Done::Cube { job, decisions } => self.cube_done(*job, decisions),
            Done::Hint { job, weighed } => self.hint_done(*job, weighed),
            Done::Analysis(done) => done.deliver(self),
            Done::Records(list) => self.records_ready(list),
            Done::RecordsListed(list) => self.records_listed(list),
            Done::RecordsAnalysed => self.records_analysed(),
            Done::Trainer(data) => self.trainer_ready(*data),
            Done::EditorRollout(done) => done.deliver(self),
            Done::Verified { job, verification } => self.verify_ready(&job, verification),
        }
    }
}
