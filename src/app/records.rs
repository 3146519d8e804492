//! The Records screen: the finished (and set-aside) matches, each opened as a replay.

use std::path::PathBuf;

use super::{App, Key, Replay, Screen};
use crate::store::{FileError, SavedMatch};
use crate::words::notes::unreadable;

/// A finished match kept in the records.
#[derive(Clone, Debug)]
pub struct RecordEntry {
    pub path: PathBuf,
    /// The match, or why it cannot be read.
    pub saved: Result<SavedMatch, FileError>,
}

impl App {
    pub(super) fn records_key(&mut self, key: Key) {
        let Screen::Records { item } = &mut self.screen else {
            return;
        };
        let last = self.records.len().saturating_sub(1);
        match key {
            Key::Up | Key::Char('k') => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') => *item = (*item + 1).min(last),
            Key::Enter | Key::Char(' ') => {
                let Some(entry) = self.records.get(*item) else {
                    return;
                };
                let replay = match &entry.saved {
                    Ok(saved) => Replay::of(saved, true)
                        .map(|r| r.read_from(entry.path.clone()))
                        .map_err(|e| e.words(self.lang)),
                    Err(e) => Err(e.problem.words(self.lang)),
                };
                match replay {
                    Ok(replay) => self.screen = Screen::Replay(Box::new(replay)),
                    Err(why) => self.notice = Some(unreadable(&entry.path, &why)),
                }
            }
            Key::Esc => self.screen = Screen::Start { item: 0 },
            _ => {}
        }
    }
}
