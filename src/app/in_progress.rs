//! The matches in progress: the list the start screen's Resume opens when more than one
//! match or chouette is unfinished. Each is resumed from here, or — only when the player
//! chooses it, and says yes — put away in the records as unfinished.

use super::{App, Key, Screen};

impl App {
    pub(super) fn in_progress_key(&mut self, key: Key) {
        let count = self.offer.kept.len();
        let Screen::InProgress { item, set_aside } = &mut self.screen else {
            return;
        };
        if *set_aside {
            // "Put it away in the records, unfinished? (y/n)"
            let chosen = *item;
            *set_aside = false;
            if matches!(key, Key::Char('y' | 'Y' | 'j' | 'J')) {
                self.set_aside_kept(chosen);
            }
            return;
        }
        match key {
            Key::Up | Key::Char('k') => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') | Key::Tab => *item = (*item + 1).min(count.saturating_sub(1)),
            Key::Home => *item = 0,
            Key::End => *item = count.saturating_sub(1),
            Key::Enter | Key::Char(' ') => {
                let chosen = *item;
                self.resume_kept(chosen);
            }
            Key::Char('x' | 'X') | Key::Backspace if count > 0 => *set_aside = true,
            Key::Esc => self.screen = Screen::Start { item: 0 },
            _ => {}
        }
    }

    /// Puts the match or chouette in progress at `i` away in the records, unfinished (the
    /// player chose it): written by the next save, tried again if it fails.
    fn set_aside_kept(&mut self, i: usize) {
        if i >= self.offer.kept.len() {
            return;
        }
        let kept = self.offer.kept.remove(i);
        let chouette = matches!(kept.what, crate::store::Unfinished::Chouette(_));
        self.set_aside_file(kept.path, chouette);
        let left = self.offer.kept.len();
        self.screen = if left == 0 {
            Screen::Start { item: 0 }
        } else {
            Screen::InProgress {
                item: i.min(left - 1),
                set_aside: false,
            }
        };
    }
}
