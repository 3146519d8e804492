//! The Statistics screen: per player name over the records, with the error rate of each
//! analysed match. The figures come from the records and the analyses kept beside them,
//! which the terminal layer reads ([`App::statistics_request`]) — the app reads no file.
//! `a` analyses the records that have no analysis yet, in the background
//! ([`App::records_analysis_request`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{App, Key, Progress, Screen};
use crate::store::stats::PlayerStats;

/// The Statistics screen: the figures once read, how far they are scrolled, and the
/// analysis of the records not analysed yet.
#[derive(Clone, Debug, Default)]
pub struct Statistics {
    pub table: Option<BTreeMap<String, PlayerStats>>,
    pub scroll: u16,
    /// Readable records without a kept analysis (known with the table).
    pub unanalysed: usize,
    /// How far their analysis has come while it runs.
    pub progress: Option<Arc<Progress>>,
    /// `a` was pressed: the analysis is to start.
    asked: bool,
}

impl App {
    /// Whether the Statistics screen waits for its figures ([`App::statistics_ready`]).
    #[must_use]
    pub fn statistics_request(&self) -> bool {
        matches!(&self.screen, Screen::Statistics(s) if s.table.is_none())
    }

    /// The figures of the Statistics screen, and how many records have no analysis yet.
    pub fn statistics_ready(&mut self, table: BTreeMap<String, PlayerStats>, unanalysed: usize) {
        if let Screen::Statistics(s) = &mut self.screen {
            s.table = Some(table);
            s.unanalysed = unanalysed;
        }
    }

    /// When `a` asked for the records without an analysis to be analysed: where to report
    /// the progress. The terminal layer runs it on a thread of its own and calls
    /// [`App::records_analysed`] when it is done.
    #[must_use]
    pub fn records_analysis_request(&mut self) -> Option<Arc<Progress>> {
        let Screen::Statistics(s) = &mut self.screen else {
            return None;
        };
        if !std::mem::take(&mut s.asked) {
            return None;
        }
        let progress = Arc::new(Progress::default());
        s.progress = Some(Arc::clone(&progress));
        Some(progress)
    }

    /// The records are analysed: the figures are read again.
    pub fn records_analysed(&mut self) {
        if let Screen::Statistics(s) = &mut self.screen {
            s.progress = None;
            s.table = None;
        }
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
            Key::Esc | Key::Enter => self.screen = Screen::Start { item: 0 },
            _ => {}
        }
    }
}
