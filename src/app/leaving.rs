//! Leaving: the quit question, quitting, and leaving a match or chouette in progress for
//! the start screen, where it waits among the others to be resumed.
//!
//! Nothing unsaved is left without asking: with a save that failed, `q` and Ctrl-C first
//! try the writes again, and the question says what would be lost; the program then ends
//! with a failure status (see `tui`).

use super::{App, Key, Overlay, Screen};
use crate::store::{InProgress, restore_any};

/// What the quit question offers, for the screen to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuitChoice {
    /// Leave for the start screen (a match or chouette stays in progress there).
    Start,
    /// Quit the program.
    Quit,
    /// Try the failed saves again.
    Retry,
    /// Back to where the player was.
    Back,
}

impl App {
    /// Ctrl-C quits at once (every change is already saved), unless a save failed: then
    /// the writes are tried again and the quit question says what is not saved.
    pub(super) fn ctrl_c(&mut self) {
        if self.saving_failed() {
            self.retry_saving();
            self.overlay = Overlay::ConfirmQuit;
        } else {
            self.quit = true;
        }
    }

    /// `q`: quit, asking first when a match is in progress (it can also be left for the
    /// start screen) or a save failed (tried again first).
    pub(super) fn ask_quit(&mut self) {
        if self.saving_failed() {
            self.retry_saving();
            self.overlay = Overlay::ConfirmQuit;
        } else if self.match_state().is_some_and(|m| m.in_progress) {
            self.overlay = Overlay::ConfirmQuit;
        } else {
            self.quit = true;
        }
    }

    fn saving_failed(&self) -> bool {
        self.save_failure().is_some()
    }

    /// What a key does to the quit question.
    pub(super) fn quit_key(&mut self, key: Key) {
        match self.quit_choice(key) {
            QuitChoice::Quit => self.quit = true,
            QuitChoice::Start => {
                self.overlay = Overlay::None;
                self.leave_for_start();
            }
            QuitChoice::Retry => self.retry_saving(),
            QuitChoice::Back => self.overlay = Overlay::None,
        }
    }

    /// The choice a key makes in the quit question: `y` (`j` in Swedish) quits, `s`
    /// leaves for the start screen when a match is on screen, `r` tries the saves again
    /// when they failed; any other key goes back.
    #[must_use]
    pub fn quit_choice(&self, key: Key) -> QuitChoice {
        match key {
            Key::Char('y' | 'Y' | 'j' | 'J') | Key::CtrlC => QuitChoice::Quit,
            Key::Char('s' | 'S') if self.in_match() => QuitChoice::Start,
            Key::Char('r' | 'R') if self.saving_failed() => QuitChoice::Retry,
            _ => QuitChoice::Back,
        }
    }

    /// Leaves the match or chouette on screen for the start screen. One that has been
    /// saved (or whose save failed and is kept to be tried again) is offered there among
    /// the matches in progress, as it stands now.
    pub(super) fn leave_for_start(&mut self) {
        if let Some(kept) = self.screen_in_progress() {
            self.offer.kept.insert(0, kept);
        }
        self.saving.slot = None;
        self.saving.archived = false;
        self.screen = Screen::Start { item: 0 };
        self.note = None;
    }

    /// The match or chouette on screen as the start screen offers it, if it has a file
    /// (it has been saved, or its save was tried) and is not finished.
    fn screen_in_progress(&self) -> Option<InProgress> {
        let path = self.saving.slot.clone()?;
        let now = crate::store::now();
        if let Some(saved) = self.chouette_snapshot_at(now) {
            let restored = crate::store::backgammon::chouette::restore_chouette(&saved).ok()?;
            return Some(InProgress::of_chouette(path, now, restored));
        }
        if self.match_state().is_some_and(|m| m.over) {
            return None;
        }
        let saved = self.snapshot_at(now)?;
        restore_any(&saved).ok().map(|r| InProgress::of_match(path, r))
    }
}
