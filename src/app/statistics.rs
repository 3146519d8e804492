//! The Statistics screen: per player name over the records, with the error rate of each
//! analysed match. The figures are counted from the records' summaries, which the records
//! list holds (read off the event loop, see [`super::Job`]; until then the screen shows
//! how far that has come) — the app reads no file. `a` analyses the records that have no
//! analysis yet, in the background too; the records are then listed again.

use std::path::PathBuf;
use std::sync::Arc;

use super::{App, Key, Progress, RecordsList, Screen};
use crate::store::stats::Table;

/// The Statistics screen: the figures once counted, how far they are scrolled, and the
/// analysis of the records not analysed yet.
#[derive(Clone, Debug, Default)]
pub struct Statistics {
    /// Each game's figures (once counted), shown in a section of their own.
    pub table: Option<Table>,
    pub scroll: u16,
    /// Readable records without a kept analysis (known with the table).
    pub unanalysed: usize,
    /// How far their analysis has come while it runs.
    pub progress: Option<Arc<Progress>>,
    /// `a` was pressed: the analysis is to start.
    asked: bool,
}

impl App {
    /// Counts the figures of the Statistics screen from the records, once they are read.
    pub(super) fn statistics_refresh(&mut self) {
        if !matches!(self.records.listing, RecordsList::Read) {
            return;
        }
        let (table, unanalysed) = crate::store::stats::of_records(&self.records.entries);
        if let Screen::Statistics(s) = &mut self.screen {
            s.table = Some(table);
            s.unanalysed = unanalysed;
        }
    }

    /// When `a` asked for the records without an analysis to be analysed: which, and
    /// where to report the progress. It runs off the event loop, and
    /// [`App::records_analysed`] follows when it is done.
    pub(super) fn records_analysis_request(&mut self) -> Option<(Vec<PathBuf>, Arc<Progress>)> {
        let Screen::Statistics(s) = &mut self.screen else {
            return None;
        };
        if !std::mem::take(&mut s.asked) {
            return None;
        }
        let progress = Arc::new(Progress::default());
        s.progress = Some(Arc::clone(&progress));
        Some((crate::store::unanalysed(&self.records.entries), progress))
    }

    /// The records are analysed: they are listed again (with their analyses), and the
    /// figures counted again.
    pub(super) fn records_analysed(&mut self) {
        if let Screen::Statistics(s) = &mut self.screen {
            s.progress = None;
            s.table = None;
        }
        self.records.listing = RecordsList::Wanted;
    }

    /// Opens the Statistics screen, its figures counted at once if the records are read.
    pub(super) fn open_statistics(&mut self) {
        self.screen = Screen::Statistics(Box::default());
        self.statistics_refresh();
    }

    pub(super) fn statistics_key(&mut self, key: Key) {
        let Screen::Statistics(s) = &mut self.screen else {
            return;
        };
        match key {
            Key::Up | Key::Char('k') => s.scroll = s.scroll.saturating_sub(1),
            Key::Down | Key::Char('j') => s.scroll = s.scroll.saturating_add(1),
            Key::PageUp => s.scroll = s.scroll.saturating_sub(10),
            Key::PageDown | Key::Char(' ') => s.scroll = s.scroll.saturating_add(10),
            Key::Home => s.scroll = 0,
            Key::Char('a') if s.unanalysed > 0 && s.progress.is_none() && s.table.is_some() => s.asked = true,
            Key::Esc | Key::Enter => self.back_to_start(super::MenuItem::Statistics),
            _ => {}
        }
    }
}
