//! A saved match replayed turn by turn.

use super::{App, Key, Screen};
use crate::store::{Frame, SaveError, SavedMatch, frames};

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
        })
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
            Key::Esc if replay.from_records => self.screen = Screen::Records { item: 0 },
            Key::Esc => self.quit = true,
            _ => {}
        }
    }
}
