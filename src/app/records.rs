//! The Records screen: the finished (and set-aside) matches, newest first, each opened as a
//! replay. The list is read off the event loop (a [`super::Job`]), in two steps: the records'
//! summaries — from the index, a record not listed before read from its save's fields —,
//! all the Records screen needs; then, only for the Statistics screen, the figures of the
//! analyses beside them (an analysis not seen before is checked against its record
//! replayed, which takes a while). The screens say how far each has come.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use super::{App, Key, Progress, Screen, replay_screen};
use crate::store::RecordEntry;
use crate::words::notes::unreadable;

/// How many records PgUp and PgDn move by.
const PAGE: usize = 10;

/// The finished matches, for the Records and Statistics screens, where their listing
/// stands, and the one last opened (the Records screen comes back to it).
#[derive(Debug, Default)]
pub(super) struct Records {
    pub(super) entries: Vec<RecordEntry>,
    pub(super) listing: RecordsList,
    pub(super) opened: usize,
}

/// Where the list of records stands.
#[derive(Clone, Debug, Default)]
pub(super) enum RecordsList {
    /// Not read yet (or to be read again).
    #[default]
    Wanted,
    /// Being read, this far.
    Reading(Arc<Progress>),
    /// Read, without their analyses.
    Listed,
    /// Their analyses being read, this far.
    Analysing(Arc<Progress>),
    /// Read, with their analyses.
    Read,
}

impl App {
    /// When the records are to be listed: where to report the progress. They are listed
    /// off the event loop and handed to [`App::records_ready`].
    /// Whether with their analyses: those are read once the records are listed and the
    /// Statistics screen is open.
    pub(super) fn records_request(&mut self) -> Option<(Arc<Progress>, bool)> {
        let analyses = match self.records.listing {
            RecordsList::Wanted => false,
            RecordsList::Listed if matches!(self.screen, Screen::Statistics(_)) => true,
            _ => return None,
        };
        let progress = Arc::new(Progress::default());
        self.records.listing = if analyses {
            RecordsList::Analysing(Arc::clone(&progress))
        } else {
            RecordsList::Reading(Arc::clone(&progress))
        };
        Some((progress, analyses))
    }

    /// The records, listed without their analyses.
    pub(super) fn records_listed(&mut self, list: Vec<RecordEntry>) {
        self.take_records(list);
        self.records.listing = RecordsList::Listed;
    }

    /// The records, listed with their analyses.
    pub(super) fn records_ready(&mut self, list: Vec<RecordEntry>) {
        self.take_records(list);
        self.records.listing = RecordsList::Read;
        self.statistics_refresh();
    }

    /// `list` becomes the records; one written meanwhile (a match finished here) stays.
    fn take_records(&mut self, mut list: Vec<RecordEntry>) {
        let before = std::mem::take(&mut self.records.entries);
        if !before.is_empty() {
            let listed: HashSet<&Path> = list.iter().map(|l| l.path.as_path()).collect();
            let meanwhile: Vec<RecordEntry> = before
                .into_iter()
                .filter(|e| !listed.contains(e.path.as_path()))
                .collect();
            list.extend(meanwhile);
        }
        self.records.entries = list;
    }

    /// How far the listing of the records has come, while it runs.
    #[must_use]
    pub fn records_reading(&self) -> Option<&Progress> {
        match &self.records.listing {
            RecordsList::Reading(p) => Some(p),
            _ => None,
        }
    }

    /// How far the reading of the records and their analyses, which the statistics count,
    /// has come, while it runs.
    #[must_use]
    pub fn statistics_reading(&self) -> Option<&Progress> {
        match &self.records.listing {
            RecordsList::Reading(p) | RecordsList::Analysing(p) => Some(p),
            _ => None,
        }
    }

    /// The records as the Records screen lists them, newest first: item `i` of the screen
    /// is the `i`-th of these.
    pub fn records_shown(&self) -> impl Iterator<Item = &RecordEntry> {
        newest_first(&self.records.entries)
    }

    pub(super) fn records_key(&mut self, key: Key) {
        let Screen::Records { item } = &mut self.screen else {
            return;
        };
        let last = self.records.entries.len().saturating_sub(1);
        match key {
            Key::Up | Key::Char('k') => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') => *item = (*item + 1).min(last),
            Key::PageUp => *item = item.saturating_sub(PAGE),
            Key::PageDown => *item = (*item + PAGE).min(last),
            Key::Home => *item = 0,
            Key::End => *item = last,
            Key::Enter | Key::Char(' ') => {
                let opened = *item;
                let Some(entry) = newest_first(&self.records.entries).nth(opened) else {
                    return;
                };
                // The record is read now, whole (the list holds its summary only).
                let replay = match &entry.summary {
                    Ok(_) => crate::store::read_file(&entry.path)
                        .map_err(|e| e.problem.words(self.lang()))
                        .and_then(|saved| replay_screen(&saved, true).map_err(|e| e.words(self.lang())))
                        .map(|mut r| {
                            r.set_file(entry.path.clone());
                            r
                        }),
                    Err(e) => Err(e.problem.words(self.lang())),
                };
                match replay {
                    Ok(replay) => {
                        self.records.opened = opened;
                        self.screen = Screen::Replay(replay);
                    }
                    Err(why) => self.offer.notice = Some(unreadable(&entry.path, &why)),
                }
            }
            Key::Esc => self.back_to_start(super::MenuItem::Records),
            _ => {}
        }
    }
}

/// The records newest first: they are kept oldest first, in the order of their names (a
/// record's name begins with the time it was saved), a record written meanwhile last.
fn newest_first(entries: &[RecordEntry]) -> impl Iterator<Item = &RecordEntry> {
    entries.iter().rev()
}
