//! When the match on screen is saved, and how a save went.
//!
//! A save follows every change to the match as a save holds it — a roll, a completed turn,
//! a game begun, a match finished — found by comparing the match's save before and after
//! each input ([`App::handle`]) and each of the computer's beats ([`App::tick`]); no step
//! has to remember to ask for it. A match coming on screen is not a change: a new one is
//! saved from its first roll (a saved match it replaces stays resumable until then), and one
//! given by the command line is as it was saved. Only a match resumed from the start screen
//! asks for a save at once (see `start.rs`). The terminal layer takes the save due
//! ([`App::save_due`]), writes it ([`Save::write`]) and tells the app how it went
//! ([`App::saved`]).

use super::{App, RecordEntry};
use crate::store::chouette::SavedChouette;
use crate::store::{RecordSummary, SavedMatch, Store};
use crate::words::Note;

/// The saving bookkeeping.
#[derive(Debug, Default)]
pub(super) struct Saving {
    /// The match is saved as it goes (there is a data directory): the quit dialog says it
    /// can be resumed.
    on: bool,
    /// Why the last save failed, until a save succeeds again: the quit dialog says it,
    /// and the program ends with a failure status.
    pub(super) failed: Option<String>,
    /// A new match replaces an unfinished saved one, which must be kept: it is set aside
    /// by the new match's first save.
    pub(super) replaces_saved: bool,
    /// The match on screen is over and already in the records.
    pub(super) archived: bool,
    /// The match on screen changed since the last save was taken (or was resumed).
    pub(super) due: bool,
    /// A new chouette replaces a saved one, which is set aside by its first save.
    pub(super) replaces_chouette: bool,
    /// The trainer's deck changed (an answer, cards added) and is to be written.
    pub(super) deck_due: bool,
}

/// A save of the match on screen, for the terminal layer to write ([`Save::write`]).
#[derive(Debug)]
pub struct Save {
    /// The unfinished saved match that a new one replaces is set aside first.
    set_aside: bool,
    /// The match as it is now, if there is one to write.
    write: Option<Write>,
    /// The saved chouette that a new one replaces is set aside first.
    set_aside_chouette: bool,
}

/// Where the match goes.
#[derive(Debug)]
enum Write {
    /// To the save, to be resumed.
    Save(SavedMatch),
    /// Finished: to the records (once), and listed there at once with this summary (when
    /// the records list shows its game).
    Record(SavedMatch, Option<Box<RecordSummary>>),
    /// A chouette, to its own save.
    Chouette(Box<SavedChouette>),
    /// The trainer's deck, to its file.
    Deck(Box<crate::practice::Deck>),
}

/// How a save went, for [`App::saved`].
#[derive(Debug)]
pub struct Saved {
    /// The saved match that a new one replaces was set aside.
    pub set_aside: bool,
    /// Written (with the record's entry when a finished match went to the records and is
    /// listed), or why not.
    pub written: Result<Option<RecordEntry>, String>,
    /// A finished match went to the records.
    pub archived: bool,
}

impl Save {
    /// Writes it into `store`: the replaced match set aside, then the match saved (a
    /// finished one to the records). Stops at the first failure.
    #[must_use]
    pub fn write(self, store: &Store) -> Saved {
        if self.set_aside
            && let Err(e) = store.set_aside()
        {
            return Saved {
                set_aside: false,
                written: Err(e.to_string()),
                archived: false,
            };
        }
        if self.set_aside_chouette
            && let Err(e) = store.set_aside_chouette()
        {
            return Saved {
                set_aside: false,
                written: Err(e.to_string()),
                archived: false,
            };
        }
        let archiving = matches!(self.write, Some(Write::Record(..)));
        let written = match self.write {
            None => Ok(None),
            Some(Write::Save(saved)) => store.save(&saved).map(|()| None),
            Some(Write::Chouette(saved)) => store.save_chouette(&saved).map(|()| None),
            Some(Write::Deck(deck)) => store.save_deck(&deck).map(|()| None),
            Some(Write::Record(saved, summary)) => store.archive(&saved).map(|path| {
                summary.map(|summary| RecordEntry {
                    path,
                    summary: Ok(*summary),
                })
            }),
        };
        Saved {
            set_aside: self.set_aside,
            archived: archiving && written.is_ok(),
            written: written.map_err(|e| e.to_string()),
        }
    }
}

/// Whether something on screen both before and after a step changed.
fn changed<T: PartialEq>(before: &Option<T>, after: &Option<T>) -> bool {
    matches!((before, after), (Some(b), Some(a)) if b != a)
}

impl App {
    /// Runs `step` (an input, a beat), and makes a save due if it changed the match on
    /// screen as a save would hold it (a match coming on screen or leaving it is no
    /// change).
    pub(super) fn watching<T>(&mut self, step: impl FnOnce(&mut App) -> T) -> T {
        let before = (self.snapshot_at(0), self.chouette_snapshot_at(0));
        let out = step(self);
        let after = (self.snapshot_at(0), self.chouette_snapshot_at(0));
        if changed(&before.0, &after.0) || changed(&before.1, &after.1) {
            self.saving.due = true;
        }
        out
    }

    /// The save to write now, when the match changed since the last one was taken (taking
    /// it: the next is due at the next change, whether this one is written or not).
    pub fn save_due(&mut self) -> Option<Save> {
        if std::mem::take(&mut self.saving.deck_due)
            && let Some(deck) = self.deck()
        {
            return Some(Save {
                set_aside: false,
                write: Some(Write::Deck(Box::new(deck.clone()))),
                set_aside_chouette: false,
            });
        }
        if !std::mem::take(&mut self.saving.due) {
            return None;
        }
        if let Some(chouette) = self.chouette_snapshot_at(crate::store::now()) {
            return Some(Save {
                set_aside: false,
                write: Some(Write::Chouette(Box::new(chouette))),
                set_aside_chouette: std::mem::take(&mut self.saving.replaces_chouette),
            });
        }
        let over = self.match_state().is_some_and(|m| m.over);
        let write = self.snapshot().and_then(|saved| {
            if !over {
                return Some(Write::Save(saved));
            }
            // A finished match goes to the records once, listed there at once.
            let summary = RecordSummary::of_saved(&saved).ok().map(Box::new);
            (!self.saving.archived).then_some(Write::Record(saved, summary))
        });
        Some(Save {
            set_aside: self.saving.replaces_saved,
            write,
            set_aside_chouette: false,
        })
    }

    /// How the last save went: a failure is shown to the player, never hidden, and
    /// remembered until a save succeeds; a finished match written to the records is
    /// listed there at once.
    pub fn saved(&mut self, saved: Saved) {
        if saved.set_aside {
            self.saving.replaces_saved = false;
        }
        match saved.written {
            Ok(record) => {
                // (A record listed has been archived: `saved.archived` says so.)
                self.saving.archived |= saved.archived;
                if let Some(entry) = record {
                    self.records.entries.push(entry);
                }
                self.saving.failed = None;
            }
            Err(why) => {
                self.say(Some(Note::SaveFailed(why.clone())));
                self.saving.failed = Some(why);
            }
        }
    }

    /// Whether the match is saved as it goes (the terminal layer has a data directory to
    /// save it in): the quit dialog then says it can be resumed.
    pub fn set_autosave(&mut self, on: bool) {
        self.saving.on = on;
    }

    /// Whether the match is saved as it goes.
    #[must_use]
    pub fn autosaves(&self) -> bool {
        self.saving.on
    }

    /// Why the last save failed, until a save succeeds again.
    #[must_use]
    pub fn save_failed(&self) -> Option<&str> {
        self.saving.failed.as_deref()
    }
}
