//! The Records screen: the finished (and set-aside) matches, each opened as a replay. The
//! list is read off the event loop (a [`super::Job`]): with many records not listed
//! before, replaying them to summarise them takes a while, and the screens say how far it
//! has come.

use std::sync::Arc;

use super::{AnyReplay, App, Key, Progress, Screen};
use crate::store::RecordEntry;
use crate::words::notes::unreadable;

/// Where the list of records stands.
#[derive(Clone, Debug, Default)]
pub(super) enum RecordsList {
    /// Not read yet (or to be read again).
    #[default]
    Wanted,
    /// Being read, this far.
    Reading(Arc<Progress>),
    /// Read.
    Read,
}

impl App {
    /// When the records are to be listed: where to report the progress. They are listed
    /// off the event loop and handed to [`App::records_ready`].
    pub(super) fn records_request(&mut self) -> Option<Arc<Progress>> {
        if !matches!(self.records.listing, RecordsList::Wanted) {
            return None;
        }
        let progress = Arc::new(Progress::default());
        self.records.listing = RecordsList::Reading(Arc::clone(&progress));
        Some(progress)
    }

    /// The records, listed. A record written meanwhile (a match finished here) stays.
    pub(super) fn records_ready(&mut self, mut list: Vec<RecordEntry>) {
        for e in std::mem::take(&mut self.records.entries) {
            if !list.iter().any(|l| l.path == e.path) {
                list.push(e);
            }
        }
        self.records.entries = list;
        self.records.listing = RecordsList::Read;
        self.statistics_refresh();
    }

    /// How far the listing of the records has come, while it runs.
    #[must_use]
    pub fn records_reading(&self) -> Option<&Progress> {
        match &self.records.listing {
            RecordsList::Reading(p) => Some(p),
            _ => None,
        }
    }

    pub(super) fn records_key(&mut self, key: Key) {
        let Screen::Records { item } = &mut self.screen else {
            return;
        };
        let last = self.records.entries.len().saturating_sub(1);
        match key {
            Key::Up | Key::Char('k') => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') => *item = (*item + 1).min(last),
            Key::Enter | Key::Char(' ') => {
                let Some(entry) = self.records.entries.get(*item) else {
                    return;
                };
                // The record is read now, whole (the list holds its summary only).
                let replay = match &entry.summary {
                    Ok(_) => crate::store::read_file(&entry.path)
                        .map_err(|e| e.problem.words(self.lang()))
                        .and_then(|saved| AnyReplay::of(&saved, true).map_err(|e| e.words(self.lang())))
                        .map(|r| r.read_from(entry.path.clone())),
                    Err(e) => Err(e.problem.words(self.lang())),
                };
                match replay {
                    Ok(replay) => self.screen = replay.screen(),
                    Err(why) => self.offer.notice = Some(unreadable(&entry.path, &why)),
                }
            }
            Key::Esc => self.back_to_start(super::MenuItem::Records),
            _ => {}
        }
    }
}
