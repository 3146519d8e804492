//! A saved match replayed turn by turn — of either game: [`Replay`] is generic over the
//! [`Game`], and the app holds a bräde replay or a backgammon one (its own screen, as the
//! match screen is) — with its analysis, run in the background: each decision's mark and
//! loss, the errors in the order played (e/E) or worst first (w/W), an error rolled out on
//! request (v, `verdict.rs`). A backgammon replay shows the cube's actions as frames of
//! their own, and its analysis weighs them too.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::verdict::{Checked, Verdicts};
use super::{App, Key, Screen};
use crate::ai::Strategy;
use crate::ai::analysis::{Analysis, Decision, Mark};
use crate::ai::backgammon::analysis::{BgAnalysis, BgDecision, DecisionKind};
use crate::game::{Backgammon, Brade, CubeAction, Game};
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

/// A match being replayed, of bräde (the default) or backgammon.
#[derive(Clone, Debug)]
pub struct Replay<G: Strategy = Brade> {
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
pub struct AnalysisJob<G: Game = Brade> {
    pub game: Match<G>,
    pub file: Option<PathBuf>,
    pub progress: Arc<Progress>,
}

impl Replay {
    /// A replay of a saved bräde match.
    pub fn of(saved: &SavedMatch, from_records: bool) -> Result<Replay, ReplayError> {
        Replay::of_game(saved, from_records)
    }
}

impl Replay<Backgammon> {
    /// A replay of a saved backgammon match.
    pub fn backgammon(saved: &SavedMatch, from_records: bool) -> Result<Replay<Backgammon>, ReplayError> {
        Replay::of_game(saved, from_records)
    }
}

/// A saved match of either game, to replay.
#[derive(Clone, Debug)]
pub enum AnyReplay {
    Brade(Box<Replay>),
    Backgammon(Box<Replay<Backgammon>>),
}

impl AnyReplay {
    /// A replay of a saved match of the game it names.
    pub fn of(saved: &SavedMatch, from_records: bool) -> Result<AnyReplay, ReplayError> {
        Ok(match saved.kind.as_deref() {
            Some("backgammon") => AnyReplay::Backgammon(Box::new(Replay::backgammon(saved, from_records)?)),
            _ => AnyReplay::Brade(Box::new(Replay::of(saved, from_records)?)),
        })
    }

    /// The same replay, read from the record `file`.
    #[must_use]
    pub fn read_from(self, file: PathBuf) -> AnyReplay {
        match self {
            AnyReplay::Brade(r) => AnyReplay::Brade(Box::new(r.read_from(file))),
            AnyReplay::Backgammon(r) => AnyReplay::Backgammon(Box::new(r.read_from(file))),
        }
    }

    /// The screen that shows it.
    #[must_use]
    pub fn screen(self) -> Screen {
        match self {
            AnyReplay::Brade(r) => Screen::Replay(r),
            AnyReplay::Backgammon(r) => Screen::BackgammonReplay(r),
        }
    }
}

impl<G: GameErrors + Strategy> Replay<G> {
    /// A replay of a saved match of `G`.
    fn of_game(saved: &SavedMatch, from_records: bool) -> Result<Replay<G>, ReplayError> {
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
    fn checked_at(replay: &Replay<Self>, i: usize) -> Option<Checked>;
}

impl Reviewed for Brade {
    fn error_at(replay: &Replay<Brade>, i: usize) -> Option<(Color, f64)> {
        replay
            .decision_at(i)
            .filter(|d| d.mark != Mark::Fine)
            .map(|d| (d.mover, d.loss))
    }

    fn checked_at(replay: &Replay<Brade>, i: usize) -> Option<Checked> {
        replay
            .decision_at(i)
            .filter(|d| d.mark != Mark::Fine)
            .map(|d| Checked::Brade {
                decision: d.clone(),
                rules: replay.game.rules,
            })
    }
}

impl Reviewed for Backgammon {
    fn error_at(replay: &Replay<Backgammon>, i: usize) -> Option<(Color, f64)> {
        replay
            .decisions_at(i)
            .into_iter()
            .filter(|d| d.mark != Mark::Fine)
            .max_by(|a, b| a.loss.total_cmp(&b.loss))
            .map(|d| (d.mover, d.loss))
    }

    fn checked_at(replay: &Replay<Backgammon>, i: usize) -> Option<Checked> {
        replay
            .decisions_at(i)
            .into_iter()
            .find(|d| !d.is_cube() && d.mark != Mark::Fine)
            .map(|d| Checked::Backgammon(d.clone()))
    }
}

impl<G: Reviewed> Replay<G> {
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

impl Replay {
    /// The decision of frame `i` (the turn it shows), once analysed.
    #[must_use]
    pub fn decision_at(&self, i: usize) -> Option<&Decision> {
        // (A resignation's frame shows no play.)
        let f = self.frames.get(i).filter(|f| f.cube.is_none())?;
        self.analysis
            .as_ref()?
            .decisions
            .iter()
            .find(|d| d.game == f.game && d.turn == f.turn)
    }

    /// The decision of the frame shown.
    #[must_use]
    pub fn decision(&self) -> Option<&Decision> {
        self.decision_at(self.index)
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

impl App {
    pub(super) fn replay_key(&mut self, key: Key) {
        let back = match &mut self.screen {
            Screen::Replay(replay) => {
                replay.said = None;
                if replay.step(key) {
                    return;
                }
                if key == Key::Esc {
                    replay.verdicts.stop();
                    replay.back
                } else {
                    replay.analysis_key(key);
                    return;
                }
            }
            Screen::BackgammonReplay(replay) => {
                replay.said = None;
                if replay.step(key) {
                    return;
                }
                if key == Key::Esc {
                    replay.verdicts.stop();
                    replay.back
                } else {
                    replay.analysis_key(key);
                    return;
                }
            }
            _ => return,
        };
        self.replay_left(back);
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
            ReplayBack::Start => self.back_to_start(match self.screen {
                Screen::BackgammonReplay(_) => super::MenuItem::NewBackgammon,
                _ => super::MenuItem::NewMatch,
            }),
            ReplayBack::Quit => self.quit = true,
        }
    }
}

impl App {
    /// The analysis of the replay on screen, when it is to be run (in the background);
    /// [`App::analysis_ready`] brings the result.
    pub(super) fn analysis_request(&mut self) -> Option<AnalysisRequest> {
        match &mut self.screen {
            Screen::Replay(replay) => replay.analysis_job().map(AnalysisRequest::Brade),
            Screen::BackgammonReplay(replay) => replay.analysis_job().map(AnalysisRequest::Backgammon),
            _ => None,
        }
    }

    /// The analysis asked for by `job` is done: it is the replay's if that replay is still
    /// on screen (one opened since asked afresh).
    pub(super) fn analysis_ready(&mut self, job: &AnalysisJob, analysis: Analysis, refused: Option<Refusal>) {
        self.record_analysed(job.file.as_deref(), analysis.summary);
        if let Screen::Replay(replay) = &mut self.screen {
            replay.analysed(&job.progress, analysis, refused);
        }
    }

    /// The same for a backgammon replay.
    pub(super) fn backgammon_analysis_ready(
        &mut self,
        job: &AnalysisJob<Backgammon>,
        analysis: BgAnalysis,
        refused: Option<Refusal>,
    ) {
        self.record_analysed(
            job.file.as_deref(),
            Color::BOTH.map(|side| analysis.overall(side)),
        );
        if let Screen::BackgammonReplay(replay) = &mut self.screen {
            replay.analysed(&job.progress, analysis, refused);
        }
    }

    /// The record at `file` (if it is one listed) is analysed now, with each side's figures
    /// `sides`: the statistics count it without the records being listed again.
    fn record_analysed(&mut self, file: Option<&std::path::Path>, sides: [crate::ai::analysis::Summary; 2]) {
        let listed = file.and_then(|f| self.records.entries.iter_mut().find(|e| e.path == f));
        if let Some(Ok(summary)) = listed.map(|e| e.summary.as_mut()) {
            summary.analysis = Some(sides);
        }
    }
}

/// A replay's analysis to run, of either game.
#[derive(Debug)]
pub enum AnalysisRequest {
    Brade(AnalysisJob),
    Backgammon(AnalysisJob<Backgammon>),
}
