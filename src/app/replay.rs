//! A saved match replayed turn by turn — of any game: [`Replay`] is generic over the
//! [`Game`], and the app holds it as a [`ReplayScreen`], one screen for every game (as the
//! match screen is) — with its analysis, run in the background: each decision's mark and
//! loss, the errors in the order played (e/E) or worst first (w/W), an error rolled out on
//! request (v, `verdict.rs`). A backgammon replay shows the cube's actions as frames of
//! their own, and its analysis weighs them too.

use std::any::Any;
use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::jobs::{Delivery, Done, Job, Work};
use super::screens::TableGame;
use super::sharing::Done as Shared;
use super::verdict::{Checked, Verdicts, VerifyJob};
use super::{App, Key, MenuItem, Screen};
use crate::ai::Strategy;
use crate::ai::analysis::Summary;
use crate::ai::verdict::Verification;
use crate::game::{Game, Kind};
use crate::rules::Color;
use crate::session::Match;
use crate::store::{Frame, GameErrors, SaveData, SaveError, SavedMatch, frames_of, replay};
use crate::words::kept::Refusal;
pub use crate::words::replay::ReplaySaid;

/// Why a saved match cannot be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Save(#[from] SaveError),
    #[error("it has no turns to replay")]
    NoTurns,
}

impl ReplayError {
    /// The reason in words, in `lang`.
    #[must_use]
    pub fn words(&self, lang: crate::words::Lang) -> String {
        match self {
            ReplayError::Save(e) => e.words(lang),
            ReplayError::NoTurns => crate::words::records::no_turns(lang).to_string(),
        }
    }
}

/// Where a replay goes back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayBack {
    /// Opened from the Records screen.
    Records,
    /// Opened at the end of a match.
    Start,
    /// Opened from the command line: Esc quits.
    Quit,
}

/// A match being replayed, of any game.
#[derive(Clone, Debug)]
pub struct Replay<G: Strategy> {
    pub names: [String; 2],
    pub games: u32,
    /// Played with manual dice (typed in, which no record can prove): its title says so.
    pub manual: bool,
    pub frames: Vec<Frame<G>>,
    pub index: usize,
    /// Where Esc goes.
    pub back: ReplayBack,
    /// Once the analysis is in, show the worst error first (a match just finished).
    pub worst_when_analysed: bool,
    /// The match itself, for its analysis.
    pub game: Match<G>,
    /// The record file the match was read from, beside which its analysis is kept.
    pub file: Option<PathBuf>,
    /// Every decision weighed (once the analysis, run in the background, is done), and
    /// how far it has come while it runs (`None` before it starts and once it is done).
    pub analysis: Option<G::Analysis>,
    pub progress: Option<Arc<Progress>>,
    /// Why the analysis kept beside the record was refused (and made afresh), when it was.
    pub refused: Option<Refusal>,
    /// Where the visit of the errors worst first stands (an index into
    /// [`Replay::worst_first`]), once `w` or `W` was pressed.
    pub worst_at: Option<usize>,
    /// The marked decisions rolled out (`v`) while the replay is open, and the one
    /// running.
    pub verdicts: Verdicts,
    /// Why the last key of the analysis did nothing (until the next key).
    pub said: Option<ReplaySaid>,
    /// What `X` or `P` shared of the frame shown (said until the next frame).
    pub shared: Option<crate::words::sharing::Shared>,
}

/// How far an analysis running on another thread has come: turns weighed of how many.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
}

impl Progress {
    /// The analysis has weighed `done` turns of `total`.
    pub fn set(&self, done: usize, total: usize) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
    }

    /// The share done, from 0 to 1.
    #[must_use]
    pub fn ratio(&self) -> f64 {
        let total = self.total.load(Ordering::Relaxed);
        if total == 0 {
            0.0
        } else {
            (self.done.load(Ordering::Relaxed) as f64 / total as f64).min(1.0)
        }
    }
}

/// An analysis to run in the background: the match, the record it was read from, and
/// where to report its progress.
#[derive(Clone, Debug)]
pub struct AnalysisJob<G: Game> {
    pub game: Match<G>,
    pub file: Option<PathBuf>,
    pub progress: Arc<Progress>,
}

/// A replay of the saved match, of the game it names, as the screen that shows it.
pub fn replay_screen(saved: &SavedMatch, from_records: bool) -> Result<Box<dyn ReplayScreen>, ReplayError> {
    let kind = Kind::of_save(saved.kind.as_deref()).unwrap_or(Kind::ALL[0]);
    crate::with_game!(kind, G => Replay::<G>::of(saved, from_records).map(Replay::boxed))
}

impl<G: GameErrors + Strategy> Replay<G> {
    /// A replay of a saved match of `G`.
    pub fn of(saved: &SavedMatch, from_records: bool) -> Result<Replay<G>, ReplayError> {
        let data = SaveData::<G>::read(saved)?;
        let frames = frames_of(&data)?;
        if frames.is_empty() {
            return Err(ReplayError::NoTurns);
        }
        Ok(Replay {
            names: [saved.white.clone(), saved.black.clone()],
            games: saved.games,
            manual: data.header.dice.manual,
            frames,
            index: 0,
            back: if from_records {
                ReplayBack::Records
            } else {
                ReplayBack::Quit
            },
            worst_when_analysed: false,
            game: replay(&data, |_| {})?.game,
            file: None,
            analysis: None,
            progress: None,
            refused: None,
            worst_at: None,
            verdicts: Verdicts::default(),
            said: None,
            shared: None,
        })
    }
}

impl<G: Strategy> Replay<G> {
    /// The same replay, read from the record `file` (its analysis is then kept beside it).
    #[must_use]
    pub fn read_from(self, file: PathBuf) -> Replay<G> {
        Replay {
            file: Some(file),
            ..self
        }
    }

    /// Whether the analysis is running.
    #[must_use]
    pub fn analysing(&self) -> bool {
        self.progress.is_some()
    }

    /// The frame shown.
    #[must_use]
    pub fn frame(&self) -> &Frame<G> {
        &self.frames[self.index.min(self.frames.len() - 1)]
    }

    /// Moves by a key of the replay's own (a turn, a game, the start or the end);
    /// `false` when the key is not one of them.
    fn step(&mut self, key: Key) -> bool {
        self.shared = None;
        let last = self.frames.len() - 1;
        let game_of = |r: &Replay<G>, i: usize| r.frames[i].game;
        match key {
            Key::Right | Key::Char('l' | ' ') | Key::Enter => self.index = (self.index + 1).min(last),
            Key::Left | Key::Char('h') | Key::Backspace => self.index = self.index.saturating_sub(1),
            Key::Home => self.index = 0,
            Key::End => self.index = last,
            Key::PageDown => {
                let g = game_of(self, self.index);
                self.index = (self.index..=last)
                    .find(|&i| game_of(self, i) > g)
                    .unwrap_or(last);
            }
            Key::PageUp => {
                let g = game_of(self, self.index);
                let target = if self.frames[self.index].turn == 0 {
                    g.saturating_sub(1).max(1)
                } else {
                    g
                };
                self.index = (0..=last).find(|&i| game_of(self, i) == target).unwrap_or(0);
            }
            _ => return false,
        }
        true
    }
}

/// A game whose replays show an analysis: where on the frames its errors are.
pub trait Reviewed: Strategy {
    /// Who made the worst decision marked as an error that frame `i` shows, and its loss.
    fn error_at(replay: &Replay<Self>, i: usize) -> Option<(Color, f64)>;

    /// The decision marked as an error that frame `i` shows and a rollout can check.
    fn checked_at(replay: &Replay<Self>, i: usize) -> Option<Box<dyn Checked>>;
}

impl<G: Reviewed> Replay<G> {
    /// `v`: the marked decision of the frame shown rolled out, unless it is already or is
    /// being; a rollout of another decision running is given up.
    pub(super) fn verify_key(&mut self) {
        if let Some(checked) = G::checked_at(self, self.index) {
            self.verdicts.ask(checked);
        }
    }

    /// The verdict on the frame shown, once its decision was rolled out.
    #[must_use]
    pub fn verification(&self) -> Option<&Verification> {
        self.verdicts.verdict_at(G::checked_at(self, self.index)?.at())
    }

    /// How far the rollout of the frame shown's decision has come, while it runs.
    #[must_use]
    pub fn verifying(&self) -> Option<&Arc<Progress>> {
        self.verdicts.progress_at(G::checked_at(self, self.index)?.at())
    }

    /// The frames whose decisions are marked as errors, the worst first (of equal losses,
    /// the earlier first).
    #[must_use]
    pub fn worst_first(&self) -> Vec<usize> {
        let mut errors: Vec<(usize, f64)> = (0..self.frames.len())
            .filter_map(|i| G::error_at(self, i).map(|(_, loss)| (i, loss)))
            .collect();
        errors.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        errors.into_iter().map(|(i, _)| i).collect()
    }

    /// The rank of the frame shown among its player's errors, worst first (1 for the
    /// worst), and how many errors the player made; `None` if it shows none.
    #[must_use]
    pub fn rank(&self) -> Option<(usize, usize)> {
        let (mover, _) = G::error_at(self, self.index)?;
        let own: Vec<usize> = self
            .worst_first()
            .into_iter()
            .filter(|&i| G::error_at(self, i).is_some_and(|(m, _)| m == mover))
            .collect();
        let at = own.iter().position(|&i| i == self.index)?;
        Some((at + 1, own.len()))
    }

    /// Whether the analysis is in and marked some decision as an error: `e`, `E`, `w` and
    /// `W` have somewhere to go.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        (0..self.frames.len()).any(|i| G::error_at(self, i).is_some())
    }

    /// Whether `v` rolls out the turn shown: it shows an error a rollout can check.
    #[must_use]
    pub fn can_roll_out(&self) -> bool {
        G::checked_at(self, self.index).is_some()
    }

    /// The analysis's keys: e / E the next / previous error, w / W the errors worst first,
    /// v the error shown rolled out. A key that cannot act says why.
    fn analysis_key(&mut self, key: Key) {
        let keys = matches!(key, Key::Char('v' | 'e' | 'E' | 'w' | 'W'));
        if keys && !self.has_errors() {
            self.said = Some(if self.analysis.is_some() {
                ReplaySaid::NoErrors
            } else {
                ReplaySaid::NotAnalysed
            });
            return;
        }
        match key {
            Key::Char('v') if self.can_roll_out() => self.verify_key(),
            Key::Char('v') => {
                self.said = Some(match G::error_at(self, self.index) {
                    Some(_) => ReplaySaid::CubeNotRolledOut,
                    None => ReplaySaid::NothingToRollOut,
                });
            }
            Key::Char(c @ ('e' | 'E')) => match self.next_error(c == 'e') {
                Some(i) => self.index = i,
                None => self.said = Some(ReplaySaid::NoErrorBeyond { forward: c == 'e' }),
            },
            Key::Char(c @ ('w' | 'W')) => {
                let order = self.worst_first();
                let at = match (self.worst_at, c) {
                    (None, _) => 0,
                    (Some(k), 'w') => (k + 1).min(order.len().saturating_sub(1)),
                    (Some(k), _) => k.saturating_sub(1),
                };
                if let Some(&i) = order.get(at) {
                    self.worst_at = Some(at);
                    self.index = i;
                }
            }
            _ => {}
        }
    }

    /// The next (or previous) frame that shows an error, of either player.
    #[must_use]
    pub fn next_error(&self, forward: bool) -> Option<usize> {
        let is_error = |i: &usize| G::error_at(self, *i).is_some();
        if forward {
            (self.index + 1..self.frames.len()).find(is_error)
        } else {
            (0..self.index).rev().find(is_error)
        }
    }

    /// Its analysis is in (if `progress` is still the one this replay waits on): after a
    /// match, the worst error is shown first (as `w` shows it).
    fn analysed(&mut self, progress: &Arc<Progress>, analysis: G::Analysis, refused: Option<Refusal>) {
        if !self.progress.as_ref().is_some_and(|p| Arc::ptr_eq(p, progress)) {
            return;
        }
        self.analysis = Some(analysis);
        self.refused = refused;
        self.progress = None;
        if std::mem::take(&mut self.worst_when_analysed)
            && let Some(&worst) = self.worst_first().first()
        {
            self.worst_at = Some(0);
            self.index = worst;
        }
    }

    /// The analysis to run for this replay, when it has none and none is running.
    fn analysis_job(&mut self) -> Option<AnalysisJob<G>> {
        if self.analysis.is_some() || self.analysing() {
            return None;
        }
        let progress = Arc::new(Progress::default());
        self.progress = Some(Arc::clone(&progress));
        Some(AnalysisJob {
            game: self.game.clone(),
            file: self.file.clone(),
            progress,
        })
    }
}

/// What a game's replay needs beyond its match: where its errors are ([`Reviewed`]), its
/// analysis made (or read from beside its record), the figures of each side that the
/// records' statistics count, and its decisions shared (`X`, `P`).
pub trait ReplayGame: TableGame + Reviewed {
    /// The analysis of `job`'s match, read from beside its record when it was made before
    /// (and why a kept one was refused), made and kept there otherwise.
    fn analyse(job: &AnalysisJob<Self>) -> (Option<Self::Analysis>, Option<Refusal>);

    /// Each side's figures over the match, as the records' statistics count them.
    fn sides(analysis: &Self::Analysis) -> [Summary; 2];

    /// `X`: the decision shown, as eXtreme Gammon's text block.
    fn replay_text(replay: &Replay<Self>) -> Shared;

    /// `P`: the picture of the position shown.
    fn replay_picture(replay: &Replay<Self>) -> Shared;
}

/// How a replay is drawn into a terminal buffer of `area`: the front end (`ui`)
/// implements it for every game's replay; the app only declares it.
pub trait DrawReplay {
    fn draw(&self, buf: &mut Buffer, area: Rect, app: &App);
}

/// A replay of any game, as the app's routing, its jobs and sharing ask of it.
pub trait ReplayScreen: DrawReplay + Debug {
    /// A copy, boxed.
    fn clone_box(&self) -> Box<dyn ReplayScreen>;
    /// The replay itself, for the code of one game (which knows its type).
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// A key of the replay: a turn, a game, the analysis's keys. `Some` where Esc leaves
    /// it, for where it goes back to.
    fn key(&mut self, key: Key) -> Option<ReplayBack>;
    /// The start menu's entry of its game (after a match, Esc goes back there).
    fn menu_entry(&self) -> MenuItem;
    /// Whether its game is played with the doubling cube.
    fn has_cube(&self) -> bool;
    /// Its game.
    fn kind(&self) -> crate::game::Kind;
    /// Whether the analysis is running.
    fn analysing(&self) -> bool;
    /// The analysis to run for it, when it has none and none is running.
    fn analysis_job(&mut self) -> Option<Job>;
    /// The rollout it asks for (`v`), once.
    fn verify_job(&mut self) -> Option<Box<VerifyJob>>;
    /// The rollout `job` is done: its verdict kept, if this replay still waits for it.
    fn verified(&mut self, job: &VerifyJob, verification: Option<Verification>);
    /// `X` or `P` on the frame shown.
    fn share(&self, key: char) -> Shared;
    /// Says what was shared, until the next frame.
    fn say_shared(&mut self, shared: crate::words::sharing::Shared);
    /// The record it was read from.
    fn file(&self) -> Option<&Path>;
    /// Read from the record `file` (its analysis is then kept beside it).
    fn set_file(&mut self, file: PathBuf);
    /// Opened at the end of a match: Esc goes to the start screen, and the worst error is
    /// shown first once analysed.
    fn after_match(&mut self);
}

impl<G: ReplayGame> Replay<G>
where
    Replay<G>: DrawReplay,
{
    /// The replay, boxed as the screen that shows it.
    #[must_use]
    pub fn boxed(self) -> Box<dyn ReplayScreen> {
        Box::new(self)
    }
}

impl<G: ReplayGame> ReplayScreen for Replay<G>
where
    Replay<G>: DrawReplay,
{
    fn clone_box(&self) -> Box<dyn ReplayScreen> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn key(&mut self, key: Key) -> Option<ReplayBack> {
        self.said = None;
        if self.step(key) {
            return None;
        }
        if key == Key::Esc {
            self.verdicts.stop();
            Some(self.back)
        } else {
            self.analysis_key(key);
            None
        }
    }

    fn menu_entry(&self) -> MenuItem {
        G::menu_entry()
    }

    fn has_cube(&self) -> bool {
        G::cube(&G::Stake::default()).is_some()
    }

    fn kind(&self) -> crate::game::Kind {
        crate::game::Kind::of_save(G::SAVE_NAME).unwrap_or_default()
    }

    fn analysing(&self) -> bool {
        Replay::analysing(self)
    }

    fn analysis_job(&mut self) -> Option<Job> {
        Replay::analysis_job(self).map(|job| Job::Analysis(Box::new(job)))
    }

    fn verify_job(&mut self) -> Option<Box<VerifyJob>> {
        self.verdicts.take_job()
    }

    fn verified(&mut self, job: &VerifyJob, verification: Option<Verification>) {
        self.verdicts.verified(job, verification);
    }

    fn share(&self, key: char) -> Shared {
        match key {
            'X' => G::replay_text(self),
            _ => G::replay_picture(self),
        }
    }

    fn say_shared(&mut self, shared: crate::words::sharing::Shared) {
        self.shared = Some(shared);
    }

    fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    fn set_file(&mut self, file: PathBuf) {
        self.file = Some(file);
    }

    fn after_match(&mut self) {
        self.back = ReplayBack::Start;
        self.worst_when_analysed = true;
    }
}

impl Clone for Box<dyn ReplayScreen> {
    fn clone(&self) -> Box<dyn ReplayScreen> {
        self.clone_box()
    }
}

impl dyn ReplayScreen {
    /// The replay, when it is of game `G`.
    #[must_use]
    pub fn of<G: ReplayGame>(&self) -> Option<&Replay<G>> {
        self.as_any().downcast_ref()
    }

    /// The replay, when it is of game `G`, to change.
    pub fn of_mut<G: ReplayGame>(&mut self) -> Option<&mut Replay<G>> {
        self.as_any_mut().downcast_mut()
    }
}

impl<G: ReplayGame> Work for AnalysisJob<G> {
    fn run(self: Box<Self>) -> Done {
        let (analysis, refused) = G::analyse(&self);
        Done::Analysis(Box::new(Analysed {
            job: *self,
            analysis,
            refused,
        }))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A replay's analysis done: the job, the analysis (none when it could not be made), and
/// why the one kept beside the record was refused, when it was.
#[derive(Debug)]
pub struct Analysed<G: ReplayGame> {
    pub job: AnalysisJob<G>,
    pub analysis: Option<G::Analysis>,
    pub refused: Option<Refusal>,
}

impl<G: ReplayGame> Delivery for Analysed<G> {
    fn deliver(self: Box<Self>, app: &mut App) {
        let Analysed {
            job,
            analysis,
            refused,
        } = *self;
        if let Some(analysis) = analysis {
            app.analysis_ready(&job, analysis, refused);
        }
    }
}

impl Done {
    /// The analysis of `job` done, as its job would bring it.
    #[must_use]
    pub fn analysis<G: ReplayGame>(
        job: AnalysisJob<G>,
        analysis: Option<G::Analysis>,
        refused: Option<Refusal>,
    ) -> Done {
        Done::Analysis(Box::new(Analysed {
            job,
            analysis,
            refused,
        }))
    }
}

impl App {
    pub(super) fn replay_key(&mut self, key: Key) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        if let Some(back) = replay.key(key) {
            self.replay_left(back);
        }
    }

    /// Esc from a replay: back where it was opened from.
    fn replay_left(&mut self, back: ReplayBack) {
        match back {
            ReplayBack::Records => {
                self.screen = Screen::Records {
                    item: self.records.opened,
                }
            }
            // After a match: on its game's entry.
            ReplayBack::Start => {
                let entry = match &self.screen {
                    Screen::Replay(r) => r.menu_entry(),
                    _ => MenuItem::NewMatch,
                };
                self.back_to_start(entry);
            }
            ReplayBack::Quit => self.quit = true,
        }
    }

    /// The replay on screen, when it is of game `G`.
    #[must_use]
    pub fn replay_of<G: ReplayGame>(&self) -> Option<&Replay<G>> {
        match &self.screen {
            Screen::Replay(r) => r.of::<G>(),
            _ => None,
        }
    }

    /// The analysis of the replay on screen, when it is to be run (in the background);
    /// [`App::analysis_ready`] brings the result.
    pub(super) fn analysis_request(&mut self) -> Option<Job> {
        match &mut self.screen {
            Screen::Replay(replay) => replay.analysis_job(),
            _ => None,
        }
    }

    /// The analysis asked for by `job` is done: it is the replay's if that replay is still
    /// on screen (one opened since asked afresh).
    fn analysis_ready<G: ReplayGame>(
        &mut self,
        job: &AnalysisJob<G>,
        analysis: G::Analysis,
        refused: Option<Refusal>,
    ) {
        self.record_analysed(job.file.as_deref(), G::sides(&analysis));
        if let Screen::Replay(replay) = &mut self.screen
            && let Some(replay) = replay.of_mut::<G>()
        {
            replay.analysed(&job.progress, analysis, refused);
        }
    }

    /// The record at `file` (if it is one listed) is analysed now, with each side's figures
    /// `sides`: the statistics count it without the records being listed again.
    fn record_analysed(&mut self, file: Option<&std::path::Path>, sides: [Summary; 2]) {
        let listed = file.and_then(|f| self.records.entries.iter_mut().find(|e| e.path == f));
        if let Some(Ok(summary)) = listed.map(|e| e.summary.as_mut()) {
            summary.analysis = Some(sides);
        }
    }
}
