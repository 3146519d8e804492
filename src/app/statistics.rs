//! The Statistics screen: per player name over the records, with the error rate of each
//! analysed match. The figures come from the records and the analyses kept beside them,
//! which the terminal layer reads ([`App::statistics_request`]) — the app reads no file.

use std::collections::BTreeMap;

use super::{App, Key, Screen};
use crate::store::stats::PlayerStats;

/// The Statistics screen: the figures once read, and how far they are scrolled.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Statistics {
    pub table: Option<BTreeMap<String, PlayerStats>>,
    pub scroll: u16,
}

impl App {
    /// Whether the Statistics screen waits for its figures ([`App::statistics_ready`]).
    #[must_use]
    pub fn statistics_request(&self) -> bool {
        matches!(&self.screen, Screen::Statistics(s) if s.table.is_none())
    }

    /// The figures of the Statistics screen.
    pub fn statistics_ready(&mut self, table: BTreeMap<String, PlayerStats>) {
        if let Screen::Statistics(s) = &mut self.screen {
            s.table = Some(table);
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
            Key::Esc | Key::Enter => self.screen = Screen::Start { item: 0 },
            _ => {}
        }
    }
}
