//! The matches in progress: one file each in `matches/` of the data directory, so that any
//! number of matches and chouettes can be left unfinished and each resumed, and none is
//! ever overwritten or set aside unless the player chooses it.
//!
//! A match's file is its own from its first save to its end (the app keeps its path), and
//! is written atomically (see [`crate::files`]). A finished match leaves it for the
//! records in three steps that each leave the match whole: its file is written finished,
//! the record is written beside the others, and only then is the file removed. So a full
//! disk or a crash at any step leaves either the match in progress, or a finished match
//! not yet recorded — which the listing at the next start records ([`Store::in_progress`])
//! — or both the record and an identical file, of which the listing removes the file.
//!
//! Saves of earlier versions kept one match (`match.toml`) and one chouette
//! (`chouette.toml`) beside the records; they are moved into `matches/` when the directory
//! is taken, and read where they are if they cannot be moved.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::backgammon::chouette::{
    CHOUETTE_FILE, ChouetteSaveError, RestoredChouette, SavedChouette, restore_chouette,
};
use super::format::{SavedMatch, checked_text, to_text};
use super::replay::{Resumable, restore_any};
use super::{FileProblem, MAX_SAVE, Store, now, parse_bytes};

/// The folder of the matches in progress, in the data directory.
pub const IN_PROGRESS_DIR: &str = "matches";

/// The file of the one match in progress that versions before several were kept wrote.
pub const LEGACY_MATCH_FILE: &str = "match.toml";

/// A match or a chouette in progress, rebuilt from its file.
#[derive(Debug)]
pub enum Unfinished {
    Match(Box<Resumable>),
    Chouette(Box<RestoredChouette>),
}

/// A match or chouette in progress and the file it is kept in.
#[derive(Debug)]
pub struct InProgress {
    pub path: PathBuf,
    /// When it was last saved (seconds since 1970, UTC).
    pub saved_at: u64,
    pub what: Unfinished,
}

impl InProgress {
    /// A match kept in `path`.
    #[must_use]
    pub fn of_match(path: impl Into<PathBuf>, resumable: Resumable) -> InProgress {
        let saved_at = resumable.saved_at;
        InProgress {
            path: path.into(),
            saved_at,
            what: Unfinished::Match(Box::new(resumable)),
        }
    }

    /// A chouette kept in `path`, saved at `saved_at`.
    #[must_use]
    pub fn of_chouette(path: impl Into<PathBuf>, saved_at: u64, chouette: RestoredChouette) -> InProgress {
        InProgress {
            path: path.into(),
            saved_at,
            what: Unfinished::Chouette(Box::new(chouette)),
        }
    }
}

/// Why a file in progress could not be used.
#[derive(Clone, Debug)]
pub enum BadProblem {
    File(FileProblem),
    Chouette(Arc<ChouetteSaveError>),
}

impl BadProblem {
    /// The problem in words, in `lang`.
    #[must_use]
    pub fn words(&self, lang: crate::words::Lang) -> String {
        match self {
            BadProblem::File(p) => p.words(lang),
            BadProblem::Chouette(e) => e.to_string(),
        }
    }
}

/// A file in progress that could not be used: kept under `kept` (where it is, when it
/// could not be renamed: `not_renamed` says why).
#[derive(Clone, Debug)]
pub struct BadFile {
    pub path: PathBuf,
    pub kept: PathBuf,
    pub problem: BadProblem,
    pub not_renamed: Option<Arc<io::Error>>,
}

/// What the folder of matches in progress holds, read at the start.
#[derive(Debug, Default)]
pub struct Listing {
    /// The matches and chouettes to resume, the latest saved first.
    pub matches: Vec<InProgress>,
    /// Files that could not be used, set aside.
    pub bad: Vec<BadFile>,
    /// Finished matches found not yet recorded, and recorded now (their records).
    pub recorded: Vec<PathBuf>,
    /// Finished matches found not yet recorded that could not be recorded now either:
    /// they stay in progress (listed in `matches`), with the reason.
    pub not_recorded: Vec<(PathBuf, Arc<io::Error>)>,
}

/// A file read from the folder: a match's save or a chouette's.
enum Read {
    Match(Box<SavedMatch>, Box<Resumable>),
    Chouette(Box<SavedChouette>, Box<RestoredChouette>),
}

impl Store {
    /// The folder of the matches in progress.
    #[must_use]
    pub fn in_progress_dir(&self) -> PathBuf {
        self.dir().join(IN_PROGRESS_DIR)
    }

    /// Where versions that kept one match saved it (read, and moved into the folder).
    #[must_use]
    pub fn legacy_match_file(&self) -> PathBuf {
        self.dir().join(LEGACY_MATCH_FILE)
    }

    /// A file of its own for a new match or chouette first saved at `saved_at` between
    /// `names` (or a chouette): no file there yet, and none of `taken` (files the app has
    /// given out whose first write may have failed).
    #[must_use]
    pub fn new_slot(&self, saved_at: u64, names: &[&str], taken: &[PathBuf]) -> PathBuf {
        let clean = |s: &str| -> String {
            s.chars()
                .take(24)
                .map(|c| if c.is_alphanumeric() { c } else { '_' })
                .collect()
        };
        let mut stem = saved_at.to_string();
        for name in names {
            stem.push('-');
            stem.push_str(&clean(name));
        }
        let dir = self.in_progress_dir();
        let mut path = dir.join(format!("{stem}.toml"));
        let mut n = 1;
        while path.exists() || taken.contains(&path) {
            path = dir.join(format!("{stem}-{n}.toml"));
            n += 1;
        }
        path
    }

    /// Writes a match's save to its file, atomically.
    pub fn save_at(&self, path: &Path, saved: &SavedMatch) -> io::Result<()> {
        crate::files::write_atomic(path, to_text(saved)?.as_bytes())
    }

    /// Writes a chouette's save to its file, atomically.
    pub fn save_chouette_at(&self, path: &Path, saved: &SavedChouette) -> io::Result<()> {
        crate::files::write_atomic(path, saved.to_text()?.as_bytes())
    }

    /// A finished match leaves its file (`slot`) for the records: the file written
    /// finished, the record written, the file removed — each step leaving the match whole
    /// (see the module's notes). Returns the record's path.
    pub fn finish(&self, saved: &SavedMatch, slot: Option<&Path>) -> io::Result<PathBuf> {
        let text = to_text(saved)?;
        if let Some(slot) = slot {
            crate::files::write_atomic(slot, text.as_bytes())?;
        }
        let path = self.write_record(saved, &text)?;
        if let Some(slot) = slot {
            remove(slot)?;
        }
        Ok(path)
    }

    /// The record of a finished match, under a name nobody has: `<saved at>-<white>-<black>`.
    pub(super) fn write_record(&self, saved: &SavedMatch, text: &str) -> io::Result<PathBuf> {
        let dir = self.records();
        let stem = record_stem(saved);
        let tmp = crate::files::write_beside(&dir.join(format!("{stem}.toml")), text.as_bytes())?;
        crate::files::place_unique(&dir, &stem, &tmp).inspect_err(|_| {
            let _ = fs::remove_file(&tmp);
        })
    }

    /// The record already written of a finished match whose file is `text`, if any (a
    /// crash or a failure after the record was written, before the file was removed).
    fn recorded_already(&self, saved: &SavedMatch, text: &[u8]) -> Option<PathBuf> {
        let dir = self.records();
        let stem = record_stem(saved);
        std::iter::once(dir.join(format!("{stem}.toml")))
            .chain((1..100).map(|n| dir.join(format!("{stem}-{n}.toml"))))
            .take_while(|p| p.exists())
            .find(|p| crate::files::read_regular(p, MAX_SAVE).is_ok_and(|bytes| bytes == text))
    }

    /// A match or chouette in progress that the player chose to put away: it moves to the
    /// records, unfinished (`<seconds>-unfinished.toml`, a chouette's
    /// `<seconds>-chouette-unfinished.toml`), and is listed there.
    pub fn set_aside_file(&self, path: &Path, chouette: bool) -> io::Result<PathBuf> {
        let stem = if chouette {
            format!("{}-chouette-unfinished", now())
        } else {
            format!("{}-unfinished", now())
        };
        crate::files::place_unique(&self.records(), &stem, path)
    }

    /// Moves the saves of versions that kept one match and one chouette into the folder
    /// (a rename: it needs no room). One that cannot be moved is read where it is.
    pub(super) fn move_legacy_saves(&self) {
        for (file, stem) in [(LEGACY_MATCH_FILE, "match"), (CHOUETTE_FILE, "chouette")] {
            let from = self.dir().join(file);
            if !from.is_file() {
                continue;
            }
            let to = self.new_slot(now(), &[stem], &[]);
            if fs::create_dir_all(self.in_progress_dir()).is_ok() && fs::rename(&from, &to).is_ok() {
                crate::files::sync_dir(&to);
                crate::files::sync_dir(&from);
            }
        }
    }

    /// Every match and chouette in progress, the latest saved first: each file read and
    /// rebuilt with every check (one that cannot be used is set aside as `….bad-<seconds>`
    /// and reported); a finished match not yet recorded is recorded now.
    #[must_use]
    pub fn in_progress(&self) -> Listing {
        let mut listing = Listing::default();
        let mut files: Vec<PathBuf> = match fs::read_dir(self.in_progress_dir()) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect(),
            Err(_) => Vec::new(),
        };
        files.sort();
        for legacy in [self.legacy_match_file(), self.dir().join(CHOUETTE_FILE)] {
            if fs::symlink_metadata(&legacy).is_ok() {
                files.push(legacy);
            }
        }
        for path in files {
            let (read, bytes) = match read_in_progress(&path) {
                Ok(read) => read,
                Err(problem) => {
                    listing.bad.push(quarantine(&path, problem));
                    continue;
                }
            };
            match read {
                Read::Match(saved, resumable) => {
                    if resumable.over {
                        match self.record_found(&path, &saved, &bytes) {
                            Ok(record) => {
                                listing.recorded.push(record);
                                continue;
                            }
                            Err(e) => listing.not_recorded.push((path.clone(), Arc::new(e))),
                        }
                    }
                    listing.matches.push(InProgress::of_match(path, *resumable));
                }
                Read::Chouette(saved, restored) => {
                    listing
                        .matches
                        .push(InProgress::of_chouette(path, saved.saved_at, *restored));
                }
            }
        }
        listing
            .matches
            .sort_by_key(|kept| std::cmp::Reverse(kept.saved_at));
        listing
    }

    /// A finished match found in progress (`path`, whose bytes are `bytes`) goes to the
    /// records — unless its record was written already — and its file is removed.
    fn record_found(&self, path: &Path, saved: &SavedMatch, bytes: &[u8]) -> io::Result<PathBuf> {
        let record = match self.recorded_already(saved, bytes) {
            Some(record) => record,
            None => self.write_record(saved, &String::from_utf8_lossy(bytes))?,
        };
        remove(path)?;
        Ok(record)
    }
}

/// A record's name before any `-N`: when it was saved and who played.
fn record_stem(saved: &SavedMatch) -> String {
    let clean = |s: &str| {
        s.chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect::<String>()
    };
    format!(
        "{}-{}-{}",
        saved.saved_at,
        clean(&saved.white),
        clean(&saved.black)
    )
}

/// Removes a file and makes the removal durable; one already gone is no failure.
fn remove(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    crate::files::sync_dir(path);
    Ok(())
}

/// Reads and rebuilds a file of the folder, of the kind it names; with its bytes.
fn read_in_progress(path: &Path) -> Result<(Read, Vec<u8>), BadProblem> {
    let bytes = crate::files::read_regular(path, MAX_SAVE).map_err(|e| BadProblem::File(e.into()))?;
    // (The kind is a line of the top table, before any table of its own: the whole text
    // is not read as a generic table, where a seed above i64's range does not fit.)
    let chouette = std::str::from_utf8(&bytes)
        .ok()
        .and_then(|text| checked_text(text).ok())
        .is_some_and(|body| {
            body.lines()
                .take_while(|line| !line.trim_start().starts_with('['))
                .any(|line| line.trim() == "kind = \"chouette\"")
        });
    if chouette {
        let text = String::from_utf8_lossy(&bytes);
        let read = SavedChouette::parse(&text)
            .and_then(|saved| {
                restore_chouette(&saved).map(|restored| Read::Chouette(Box::new(saved), Box::new(restored)))
            })
            .map_err(|e| BadProblem::Chouette(Arc::new(e)))?;
        return Ok((read, bytes));
    }
    let read = parse_bytes(bytes.clone())
        .and_then(|saved| {
            restore_any(&saved).map(|resumable| Read::Match(Box::new(saved), Box::new(resumable)))
        })
        .map_err(|e| BadProblem::File(e.into()))?;
    Ok((read, bytes))
}

/// A file that cannot be used is renamed `….bad-<seconds>` beside itself, never removed.
fn quarantine(path: &Path, problem: BadProblem) -> BadFile {
    let mut kept = path.with_extension(format!("toml.bad-{}", now()));
    let mut n = 1;
    while kept.exists() {
        kept = path.with_extension(format!("toml.bad-{}-{n}", now()));
        n += 1;
    }
    match fs::rename(path, &kept) {
        Ok(()) => BadFile {
            path: path.to_path_buf(),
            kept,
            problem,
            not_renamed: None,
        },
        Err(e) => BadFile {
            path: path.to_path_buf(),
            kept: path.to_path_buf(),
            problem,
            not_renamed: Some(Arc::new(e)),
        },
    }
}
