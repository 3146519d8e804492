//! When the match on screen is saved, where, and how a save went.
//!
//! A save follows every change to the match as a save holds it — a roll, a completed turn,
//! a game begun, a match finished — found by comparing the match's save before and after
//! each input ([`App::handle`]) and each of the computer's beats ([`App::tick`]); no step
//! has to remember to ask for it. A match coming on screen is not a change: a new one is
//! saved from its first roll, and one given by the command line is as it was saved. Only a
//! match resumed from the start screen asks for a save at once (see `start.rs`). The
//! terminal layer takes the save due ([`App::save_due`]), writes it ([`Save::write`]) and
//! tells the app how it went ([`App::saved`]).
//!
//! Every match and chouette has a file of its own among the matches in progress (see
//! [`crate::store::progress`]), given at its first save and kept to its end, so a new match
//! never replaces another. A save that fails is never dropped: the match's state is kept
//! here ([`Saving::pending`]) and written again at each later input and when the player
//! leaves, and the failure is on screen until everything is written.

use std::path::PathBuf;

use super::{App, RecordEntry};
use crate::store::backgammon::chouette::SavedChouette;
use crate::store::{RecordSummary, SavedMatch, Store};

/// The saving bookkeeping.
#[derive(Debug, Default)]
pub(super) struct Saving {
    /// The match is saved as it goes (there is a data directory): the quit dialog says it
    /// can be resumed.
    on: bool,
    /// The file of the match or chouette on screen, once its first save has given it one.
    pub(super) slot: Option<PathBuf>,
    /// The match on screen is over and already in the records.
    pub(super) archived: bool,
    /// The match on screen changed since the last save was taken (or was resumed).
    pub(super) due: bool,
    /// The trainer's deck changed (an answer, cards added) and is to be written.
    pub(super) deck_due: bool,
    /// Writes that failed, the latest of each file: tried again until they succeed.
    pending: Vec<Item>,
    /// The pending writes are to be tried now (an input came, the player asked, or the
    /// program is ending).
    pub(super) retry: bool,
    /// Why saving fails, while anything is pending.
    failed: Option<Failure>,
    /// When a save last succeeded (seconds since 1970), this run.
    last_saved: Option<u64>,
}

/// Saving fails: why, and since when nothing has been written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The reason, as the system gave it.
    pub why: String,
    /// When a save last succeeded (seconds since 1970), if one did since the program
    /// started.
    pub since: Option<u64>,
    /// A finished match is among what could not be written: it is not in the records.
    pub record: bool,
}

/// One write: what, and whether it is of the match on screen.
#[derive(Debug, Clone)]
struct Item {
    write: Write,
    on_screen: bool,
}

/// What is written where.
#[derive(Debug, Clone)]
enum Write {
    /// A match in progress, to its file (`None`: its first save gives it one).
    Match {
        slot: Option<PathBuf>,
        saved: SavedMatch,
    },
    /// A finished match: from its file (if it has one) to the records (once), and listed
    /// there at once with this summary (when the records list shows its game).
    Record {
        slot: Option<PathBuf>,
        saved: SavedMatch,
        summary: Option<Box<RecordSummary>>,
    },
    /// A chouette, to its file.
    Chouette {
        slot: Option<PathBuf>,
        saved: Box<SavedChouette>,
    },
    /// The trainer's deck, to its file.
    Deck(Box<crate::practice::Deck>),
    /// A match or chouette in progress the player put away: from its file to the records,
    /// unfinished.
    SetAside { slot: Option<PathBuf>, chouette: bool },
}

impl Write {
    /// The file written, for a match or chouette that has one.
    fn slot(&self) -> Option<&PathBuf> {
        match self {
            Write::Match { slot, .. }
            | Write::Record { slot, .. }
            | Write::Chouette { slot, .. }
            | Write::SetAside { slot, .. } => slot.as_ref(),
            Write::Deck(_) => None,
        }
    }

    /// Whether `other` writes the same file (a later state of the same match, or the
    /// deck again).
    fn same_target(&self, other: &Write) -> bool {
        match (self, other) {
            (Write::Deck(_), Write::Deck(_)) => true,
            _ => self.slot().is_some() && self.slot() == other.slot(),
        }
    }
}

/// The saves to write now, for the terminal layer ([`Save::write`]).
#[derive(Debug)]
pub struct Save {
    items: Vec<Item>,
    /// Files given out whose first write may have failed: no new match is given one.
    taken: Vec<PathBuf>,
}

/// How a save went, for [`App::saved`].
#[derive(Debug)]
pub struct Saved {
    done: Vec<(Item, Result<Option<RecordEntry>, String>)>,
}

impl Saved {
    /// Whether every write succeeded, or the first failure's reason.
    pub fn result(&self) -> Result<(), &str> {
        match self.done.iter().find_map(|(_, r)| r.as_ref().err()) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }
}

impl Save {
    /// Writes each into `store`: a match or chouette without a file is given one first
    /// (kept even when the write fails, so that it is tried again there).
    #[must_use]
    pub fn write(self, store: &Store) -> Saved {
        let mut taken = self.taken;
        let mut done = Vec::with_capacity(self.items.len());
        for mut item in self.items {
            let mut slot_for = |slot: &mut Option<PathBuf>, names: &[&str], saved_at: u64| -> PathBuf {
                let path = slot
                    .get_or_insert_with(|| store.new_slot(saved_at, names, &taken))
                    .clone();
                taken.push(path.clone());
                path
            };
            let result = match &mut item.write {
                Write::Match { slot, saved } => {
                    let path = slot_for(slot, &[&saved.white, &saved.black], saved.saved_at);
                    store.save_at(&path, saved).map(|()| None)
                }
                Write::Chouette { slot, saved } => {
                    let path = slot_for(slot, &["chouette"], saved.saved_at);
                    store.save_chouette_at(&path, saved).map(|()| None)
                }
                Write::Deck(deck) => store.save_deck(deck).map(|()| None),
                Write::SetAside { slot, chouette } => match slot {
                    Some(path) => store.set_aside_file(path, *chouette).map(|_| None),
                    None => Ok(None),
                },
                Write::Record { slot, saved, summary } => store.finish(saved, slot.as_deref()).map(|path| {
                    summary.clone().map(|summary| RecordEntry {
                        path,
                        summary: Ok(*summary),
                    })
                }),
            };
            done.push((item, result.map_err(|e| e.to_string())));
        }
        Saved { done }
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

    /// The saves to write now: the match on screen when it changed since the last one was
    /// taken (taking it: the next is due at the next change, whether this one is written
    /// or not), the deck when it changed, and every write that failed before when a retry
    /// is due (any input, the player's asking, the program ending).
    pub fn save_due(&mut self) -> Option<Save> {
        let mut items = Vec::new();
        if std::mem::take(&mut self.saving.deck_due)
            && let Some(deck) = self.deck()
        {
            items.push(Item {
                write: Write::Deck(Box::new(deck.clone())),
                on_screen: false,
            });
        }
        if std::mem::take(&mut self.saving.due)
            && let Some(write) = self.screen_write()
        {
            items.push(Item {
                write,
                on_screen: true,
            });
        }
        if std::mem::take(&mut self.saving.retry) || self.quit {
            // (A later state of the same file, just taken, goes instead.)
            for old in &self.saving.pending {
                if !items.iter().any(|new| new.write.same_target(&old.write)) {
                    items.push(Item {
                        write: old.write.clone(),
                        on_screen: old.on_screen && self.saving.slot.as_ref() == old.write.slot(),
                    });
                }
            }
        }
        let taken = self
            .saving
            .pending
            .iter()
            .filter_map(|item| item.write.slot().cloned())
            .chain(self.saving.slot.clone())
            .chain(self.offer.kept.iter().map(|k| k.path.clone()))
            .collect();
        (!items.is_empty()).then_some(Save { items, taken })
    }

    /// What the match or chouette on screen writes now, if there is one.
    fn screen_write(&self) -> Option<Write> {
        // A match a server holds is saved by the server.
        if self.live.is_some() {
            return None;
        }
        let now = crate::store::now();
        let slot = self.saving.slot.clone();
        if let Some(chouette) = self.chouette_snapshot_at(now) {
            return Some(Write::Chouette {
                slot,
                saved: Box::new(chouette),
            });
        }
        let saved = self.snapshot_at(now)?;
        if !self.match_state().is_some_and(|m| m.over) {
            return Some(Write::Match { slot, saved });
        }
        if self.saving.archived {
            return None;
        }
        // A finished match goes to the records once, listed there at once.
        let summary = RecordSummary::of_saved(&saved).ok().map(Box::new);
        Some(Write::Record { slot, saved, summary })
    }

    /// How the saves went: a failure is shown to the player, never hidden, and the write
    /// kept to be tried again until it succeeds; a finished match written to the records
    /// is listed there at once.
    pub fn saved(&mut self, saved: Saved) {
        for (item, result) in saved.done {
            // The file its first save gave the match on screen is its own from now on.
            if item.on_screen && self.saving.slot.is_none() {
                self.saving.slot = item.write.slot().cloned();
            }
            self.saving
                .pending
                .retain(|old| !old.write.same_target(&item.write));
            match result {
                Ok(record) => {
                    if matches!(item.write, Write::Record { .. }) && item.on_screen {
                        self.saving.archived = true;
                        self.saving.slot = None;
                    }
                    if let Some(entry) = record {
                        self.records.entries.push(entry);
                    }
                    if matches!(item.write, Write::SetAside { .. }) {
                        // (Listed again, with the match put away among the records.)
                        self.records.listing = super::records::RecordsList::Wanted;
                    }
                    self.saving.last_saved = Some(crate::store::now());
                }
                Err(why) => {
                    self.say(Some(crate::words::notes::ShellNote::SaveFailed(why.clone())));
                    self.saving.failed = Some(Failure {
                        why,
                        since: self.saving.last_saved,
                        record: false,
                    });
                    self.saving.pending.push(item);
                }
            }
        }
        match &mut self.saving.failed {
            Some(_) if self.saving.pending.is_empty() => self.saving.failed = None,
            Some(failure) => {
                failure.record = self
                    .saving
                    .pending
                    .iter()
                    .any(|item| matches!(item.write, Write::Record { .. }));
            }
            None => {}
        }
    }

    /// The match or chouette in progress kept in `path` is to be put away in the records,
    /// unfinished (the player chose it): written by the next save.
    pub(super) fn set_aside_file(&mut self, path: PathBuf, chouette: bool) {
        let write = Write::SetAside {
            slot: Some(path),
            chouette,
        };
        self.saving.pending.retain(|old| !old.write.same_target(&write));
        self.saving.pending.push(Item {
            write,
            on_screen: false,
        });
        self.saving.retry = true;
    }

    /// The player (or the program ending) asks for the writes that failed to be tried
    /// again now.
    pub(super) fn retry_saving(&mut self) {
        if !self.saving.pending.is_empty() {
            self.saving.retry = true;
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

    /// Why the last save failed, while anything is still not written.
    #[must_use]
    pub fn save_failed(&self) -> Option<&str> {
        self.saving.failed.as_ref().map(|f| f.why.as_str())
    }

    /// Saving fails, while anything is still not written: why, and since when.
    #[must_use]
    pub fn save_failure(&self) -> Option<&Failure> {
        self.saving.failed.as_ref()
    }

    /// The file of the match or chouette on screen, once its first save gave it one.
    #[must_use]
    pub fn save_file(&self) -> Option<&std::path::Path> {
        self.saving.slot.as_deref()
    }
}
