//! "Is this really an error?" in a replay: `v` on a frame whose decision the analysis
//! marked rolls the play made and the best out side by side in the background
//! ([`crate::ai::verdict`]), with a gauge in the panel, and then shows the rollout's loss
//! and verdict beside the 2-ply figure. One rollout at a time: `v` on another marked
//! decision gives the running one up and starts that one; stepping elsewhere lets it run
//! on (its verdict is kept when it comes), Esc gives it up. Verdicts are kept per decision
//! while the replay is open.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use std::any::Any;
use std::fmt::Debug;

use super::{App, Progress, Screen};
use crate::ai::verdict::{Run, Verification};

/// A marked decision that a rollout can check, of any game (each game's beside its code:
/// `brade.rs`, `backgammon/`).
pub trait Checked: Debug + Send + Sync {
    /// Where it is: its game and turn.
    fn at(&self) -> (usize, usize);
    /// Games a play by default.
    fn games(&self) -> u32;
    /// Rolls the play made and the best out side by side, `tick` after each game; `None`
    /// when `stop` gave it up (or it cannot be rolled out).
    fn verify(&self, run: Run, tick: &(dyn Fn() + Sync), stop: &AtomicBool) -> Option<Verification>;
    /// The decision itself, for the code of its game.
    fn as_any(&self) -> &dyn Any;
}

/// A marked decision to roll out in the background.
#[derive(Clone, Debug)]
pub struct VerifyJob {
    pub checked: Arc<dyn Checked>,
    /// Games a play, the seed, the threads.
    pub run: Run,
    pub progress: Arc<Progress>,
    /// Set when the replay gives the rollout up.
    pub stop: Arc<AtomicBool>,
}

impl VerifyJob {
    /// Rolls the decision out, reporting the games played to `progress`; `None` when it
    /// was given up (or cannot be rolled out).
    #[must_use]
    pub fn verify(&self) -> Option<Verification> {
        let games = self.run.games as usize;
        let done = AtomicUsize::new(0);
        let tick = || {
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            self.progress.set(n, games);
        };
        self.checked.verify(self.run, &tick, &self.stop)
    }
}

/// A rollout running: of which decision (game and turn), how far it has come, and the
/// flag that gives it up.
#[derive(Clone, Debug)]
pub struct Running {
    pub at: (usize, usize),
    pub progress: Arc<Progress>,
    stop: Arc<AtomicBool>,
}

/// What a replay has of its rollouts: the verdicts by decision (game and turn), and the
/// one running.
#[derive(Clone, Debug, Default)]
pub struct Verdicts {
    pub done: HashMap<(usize, usize), Verification>,
    pub running: Option<Running>,
    /// The running one's job, until the terminal loop takes it.
    job: Option<Box<VerifyJob>>,
}

impl Verdicts {
    /// The rollout to start, once.
    pub fn take_job(&mut self) -> Option<Box<VerifyJob>> {
        self.job.take()
    }

    /// Gives up the rollout running, if one is.
    pub fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.job = None;
    }
}

impl Verdicts {
    /// `v` on the marked decision `checked`: rolled out, unless it is already or is being;
    /// a rollout of another decision running is given up.
    pub fn ask(&mut self, checked: Box<dyn Checked>) {
        let at = checked.at();
        let running = self.running.as_ref().is_some_and(|r| r.at == at);
        if running || self.done.contains_key(&at) {
            return;
        }
        self.stop();
        let (progress, stop) = (Arc::new(Progress::default()), Arc::new(AtomicBool::new(false)));
        self.running = Some(Running {
            at,
            progress: Arc::clone(&progress),
            stop: Arc::clone(&stop),
        });
        self.job = Some(Box::new(VerifyJob {
            run: Run::of(checked.games()),
            checked: Arc::from(checked),
            progress,
            stop,
        }));
    }

    /// The verdict on the decision at `at` (its game and turn), once rolled out.
    #[must_use]
    pub fn verdict_at(&self, at: (usize, usize)) -> Option<&Verification> {
        self.done.get(&at)
    }

    /// How far the rollout of the decision at `at` has come, while it runs.
    #[must_use]
    pub fn progress_at(&self, at: (usize, usize)) -> Option<&Arc<Progress>> {
        self.running.as_ref().filter(|r| r.at == at).map(|r| &r.progress)
    }

    /// The rollout `job` is done: its verdict kept, if it is the one waited for.
    pub fn verified(&mut self, job: &VerifyJob, verification: Option<Verification>) {
        let waited = self
            .running
            .as_ref()
            .is_some_and(|r| Arc::ptr_eq(&r.progress, &job.progress));
        if !waited {
            return;
        }
        self.running = None;
        if let Some(v) = verification {
            self.done.insert(job.checked.at(), v);
        }
    }
}

impl App {
    /// The rollout the replay on screen asks for, once.
    pub(super) fn verify_request(&mut self) -> Option<Box<VerifyJob>> {
        match &mut self.screen {
            Screen::Replay(r) => r.verify_job(),
            _ => None,
        }
    }

    /// A rollout is done: the replay's, if it still waits for this one.
    pub(super) fn verify_ready(&mut self, job: &VerifyJob, verification: Option<Verification>) {
        if let Screen::Replay(r) = &mut self.screen {
            r.verified(job, verification);
        }
    }
}
