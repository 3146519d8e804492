//! A saved match replayed turn by turn.

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

/// A match being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    pub names: [String; 2],
    pub games: u32,
    pub frames: Vec<Frame>,
    pub index: usize,
    /// Opened from the Records screen (Esc goes back there) or from the command line
    /// (Esc quits).
    pub from_records: bool,
    /// The match itself, for its analysis.
    pub game: Match,
    /// Every decision weighed (once the analysis, run in the background, is done), and
    /// whether it is running.
    pub analysis: Option<Analysis>,
    pub analysing: bool,
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
            from_records,
            game: restore(saved)?.game,
            analysis: None,
            analysing: false,
        })
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
            Key::Esc if replay.from_records => self.screen = Screen::Records { item: 0 },
            Key::Esc => self.quit = true,
            _ => {}
        }
    }
}

impl App {
    /// The match of the replay on screen, when its analysis is to be run (in the
    /// background); [`App::analysis_ready`] brings the result.
    #[must_use]
    pub fn analysis_request(&mut self) -> Option<Match> {
        let Screen::Replay(replay) = &mut self.screen else {
            return None;
        };
        if replay.analysis.is_some() || replay.analysing {
            return None;
        }
        replay.analysing = true;
        Some(replay.game.clone())
    }

    /// The analysis of the replay on screen is done.
    pub fn analysis_ready(&mut self, analysis: Analysis) {
        if let Screen::Replay(replay) = &mut self.screen {
            replay.analysis = Some(analysis);
            replay.analysing = false;
        }
    }
}
