//! A saved match replayed turn by turn, with its analysis: each turn's mark and loss, the
//! errors in the order played (e/E) or worst first (w/W).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{App, Key, Screen};
use crate::ai::analysis::{Analysis, Decision, Mark};
use crate::session::Match;
use crate::store::{Frame, SaveError, SavedMatch, frames, restore};

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

/// A match being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    pub names: [String; 2],
    pub games: u32,
    pub frames: Vec<Frame>,
    pub index: usize,
    /// Where Esc goes.
    pub back: ReplayBack,
    /// Once the analysis is in, show the worst error first (a match just finished).
    pub worst_when_analysed: bool,
    /// The match itself, for its analysis.
    pub game: Match,
    /// The record file the match was read from, beside which its analysis is kept.
    pub file: Option<PathBuf>,
    /// Every decision weighed (once the analysis, run in the background, is done), and
    /// how far it has come while it runs (`None` before it starts and once it is done).
    pub analysis: Option<Analysis>,
    pub progress: Option<Arc<Progress>>,
    /// Where the visit of the errors worst first stands (an index into
    /// [`Replay::worst_first`]), once `w` or `W` was pressed.
    pub worst_at: Option<usize>,
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
pub struct AnalysisJob {
    pub game: Match,
    pub file: Option<PathBuf>,
    pub progress: Arc<Progress>,
}

impl Replay {
    /// A replay of a saved match.
    pub fn of(saved: &SavedMatch, from_records: bool) -> Result<Replay, ReplayError> {
        let frames = frames(saved)?;
        if frames.is_empty() {
            return Err(ReplayError::NoTurns);
        }
        Ok(Replay {
            names: [saved.white.clone(), saved.black.clone()],
            games: saved.games,
            frames,
            index: 0,
            back: if from_records {
                ReplayBack::Records
            } else {
                ReplayBack::Quit
            },
            worst_when_analysed: false,
            game: restore(saved)?.game,
            file: None,
            analysis: None,
            progress: None,
            worst_at: None,
        })
    }

    /// The same replay, read from the record `file` (its analysis is then kept beside it).
    #[must_use]
    pub fn read_from(self, file: PathBuf) -> Replay {
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

    /// The frames whose plays are marked as errors, the worst first (of equal losses,
    /// the earlier first).
    #[must_use]
    pub fn worst_first(&self) -> Vec<usize> {
        let mut errors: Vec<(usize, f64)> = (0..self.frames.len())
            .filter_map(|i| {
                self.decision_at(i)
                    .filter(|d| d.mark != Mark::Fine)
                    .map(|d| (i, d.loss))
            })
            .collect();
        errors.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        errors.into_iter().map(|(i, _)| i).collect()
    }

    /// The rank of the play shown among its player's errors, worst first (1 for the
    /// worst), and how many errors the player made; `None` if it is not an error.
    #[must_use]
    pub fn rank(&self) -> Option<(usize, usize)> {
        let d = self.decision().filter(|d| d.mark != Mark::Fine)?;
        let own: Vec<usize> = self
            .worst_first()
            .into_iter()
            .filter(|&i| self.decision_at(i).is_some_and(|o| o.mover == d.mover))
            .collect();
        let at = own.iter().position(|&i| i == self.index)?;
        Some((at + 1, own.len()))
    }

    /// The decision of frame `i` (the turn it shows), once analysed.
    #[must_use]
    pub fn decision_at(&self, i: usize) -> Option<&Decision> {
        let f = self.frames.get(i)?;
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

    /// The next (or previous) frame whose play is marked as an error, of either player.
    #[must_use]
    pub fn next_error(&self, forward: bool) -> Option<usize> {
        let is_error = |i: &usize| self.decision_at(*i).is_some_and(|d| d.mark != Mark::Fine);
        if forward {
            (self.index + 1..self.frames.len()).find(is_error)
        } else {
            (0..self.index).rev().find(is_error)
        }
    }

    /// The frame shown.
    #[must_use]
    pub fn frame(&self) -> &Frame {
        &self.frames[self.index.min(self.frames.len() - 1)]
    }
}

impl App {
    pub(super) fn replay_key(&mut self, key: Key) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        let last = replay.frames.len() - 1;
        let game_of = |r: &Replay, i: usize| r.frames[i].game;
        match key {
            Key::Right | Key::Char('l' | ' ') | Key::Enter => replay.index = (replay.index + 1).min(last),
            Key::Left | Key::Char('h') | Key::Backspace => replay.index = replay.index.saturating_sub(1),
            Key::Home => replay.index = 0,
            Key::End => replay.index = last,
            Key::PageDown => {
                let g = game_of(replay, replay.index);
                replay.index = (replay.index..=last)
                    .find(|&i| game_of(replay, i) > g)
                    .unwrap_or(last);
            }
            Key::PageUp => {
                let g = game_of(replay, replay.index);
                let target = if replay.frames[replay.index].turn == 0 {
                    g.saturating_sub(1).max(1)
                } else {
                    g
                };
                replay.index = (0..=last).find(|&i| game_of(replay, i) == target).unwrap_or(0);
            }
            Key::Char('e') => replay.index = replay.next_error(true).unwrap_or(replay.index),
            Key::Char('E') => replay.index = replay.next_error(false).unwrap_or(replay.index),
            Key::Char(c @ ('w' | 'W')) => {
                let order = replay.worst_first();
                let at = match (replay.worst_at, c) {
                    (None, _) => 0,
                    (Some(k), 'w') => (k + 1).min(order.len().saturating_sub(1)),
                    (Some(k), _) => k.saturating_sub(1),
                };
                if let Some(&i) = order.get(at) {
                    replay.worst_at = Some(at);
                    replay.index = i;
                }
            }
            Key::Esc => match replay.back {
                ReplayBack::Records => self.screen = Screen::Records { item: 0 },
                ReplayBack::Start => self.screen = Screen::Start { item: 0 },
                ReplayBack::Quit => self.quit = true,
            },
            _ => {}
        }
    }
}

impl App {
    /// The analysis of the replay on screen, when it is to be run (in the background);
    /// [`App::analysis_ready`] brings the result.
    pub(super) fn analysis_request(&mut self) -> Option<AnalysisJob> {
        let Screen::Replay(replay) = &mut self.screen else {
            return None;
        };
        if replay.analysis.is_some() || replay.analysing() {
            return None;
        }
        let progress = Arc::new(Progress::default());
        replay.progress = Some(Arc::clone(&progress));
        Some(AnalysisJob {
            game: replay.game.clone(),
            file: replay.file.clone(),
            progress,
        })
    }

    /// The analysis asked for by `job` is done: it is the replay's if that replay is still
    /// on screen (one opened since asked afresh).
    pub(super) fn analysis_ready(&mut self, job: &AnalysisJob, analysis: Analysis) {
        if let Screen::Replay(replay) = &mut self.screen
            && replay
                .progress
                .as_ref()
                .is_some_and(|p| Arc::ptr_eq(p, &job.progress))
        {
            replay.analysis = Some(analysis);
            replay.progress = None;
            // After a match: its worst play first (as `w` shows it).
            if std::mem::take(&mut replay.worst_when_analysed)
                && let Some(&worst) = replay.worst_first().first()
            {
                replay.worst_at = Some(0);
                replay.index = worst;
            }
        }
    }
}
