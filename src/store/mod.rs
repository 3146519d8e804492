//! Saving and resuming matches, so that nothing a player does is lost: the save format
//! ([`format`](mod@format)), resuming with every check — a save read into typed values
//! ([`data`](mod@data)), then replayed ([`replay`](mod@replay)) —, the data directory of
//! the match in progress and the finished ones ([`Store`]), a save or record read once for
//! its match and its analysis ([`MatchFile`]), and readable transcripts ([`transcript()`]).
//! It knows matches ([`crate::session`]) and a game through [`crate::game::Game`], not
//! screens.
//!
//! A match in progress is kept as `match.toml` in the data directory: the players, the
//! match length, the teka, every turn of every game (dice and play in notation), a roll
//! made but not yet played, and the dice generator's seed with the number of dice drawn,
//! so that a seeded match continues with exactly the dice it would have had. Loading
//! replays every turn through the rules engine: a save that does not replay (damaged,
//! truncated, edited, or from a newer version) is never trusted and never overwritten —
//! it is renamed `match.toml.bad-<seconds>` and the player is told why. Everything that
//! can be checked is: the first line carries a checksum of the rest (accidental damage),
//! the dice drawn again from the seed must be the dice saved, the match length must fit
//! the results, and the saved position must be where the turns lead. Writes are atomic
//! (see [`crate::files`]); records are never overwritten.

pub mod analysis;
pub mod bg_analysis;
pub mod chouette;
pub mod data;
mod error;
pub mod format;
mod index;
mod listing;
mod lock;
pub mod mat;
pub mod replay;
pub mod stats;
mod summary;
pub mod trainer;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::session::Match;

pub use data::{GameData, Header, SaveData, SavedPosition, TurnData};
pub use error::{Damage, GameErrors, RollAt, SaveError, TurnProblem};
pub use format::{FORMAT, SavedGame, SavedMatch, parse, to_text};
pub use lock::{DirLock, LockError};
pub use replay::{Frame, Restored, Resumable, frames, frames_of, replay, restore, restore_any};
pub use summary::{BackgammonSummary, CubeFigures, RecordEntry, RecordSummary, unanalysed};

/// Seconds since 1970 now.
#[must_use]
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A readable transcript of a saved match in `lang` (see
/// [`crate::words::records::transcript`]).
pub fn transcript(lang: crate::words::Lang, saved: &SavedMatch) -> Result<String, SaveError> {
    let restored = restore(saved)?;
    Ok(crate::words::records::transcript(
        lang,
        &restored.game,
        saved.saved_at,
        restored.manual,
    ))
}

/// A save or record file that cannot be used, and why.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}: {problem}", path.display())]
pub struct FileError {
    pub path: PathBuf,
    pub problem: FileProblem,
}

/// What is wrong with a file.
#[derive(Clone, Debug, thiserror::Error)]
pub enum FileProblem {
    #[error("{0}")]
    Io(Arc<io::Error>),
    #[error(transparent)]
    Save(Arc<SaveError>),
}

impl FileProblem {
    /// The problem in words, in `lang` (the `Display` form is English; an error of the
    /// operating system is said as the system says it).
    #[must_use]
    pub fn words(&self, lang: crate::words::Lang) -> String {
        match self {
            FileProblem::Io(e) => e.to_string(),
            FileProblem::Save(e) => e.words(lang),
        }
    }
}

impl FileError {
    /// The error in words, in `lang`: the file, then what is wrong with it.
    #[must_use]
    pub fn words(&self, lang: crate::words::Lang) -> String {
        format!("{}: {}", self.path.display(), self.problem.words(lang))
    }

    fn new(path: &Path, problem: impl Into<FileProblem>) -> FileError {
        FileError {
            path: path.to_path_buf(),
            problem: problem.into(),
        }
    }
}

impl From<io::Error> for FileProblem {
    fn from(e: io::Error) -> FileProblem {
        FileProblem::Io(Arc::new(e))
    }
}

impl From<SaveError> for FileProblem {
    fn from(e: SaveError) -> FileProblem {
        FileProblem::Save(Arc::new(e))
    }
}

/// The largest save, record or analysis read (a 7-game match's is well under 100 KB).
pub const MAX_SAVE: u64 = 8 << 20;

/// Reads a save or record file.
pub fn read_file(path: &Path) -> Result<SavedMatch, FileError> {
    let bytes = crate::files::read_regular(path, MAX_SAVE).map_err(|e| FileError::new(path, e))?;
    parse_bytes(bytes).map_err(|e| FileError::new(path, e))
}

/// A save or record file read once and replayed with every check: the match it holds, and
/// the checksum of the bytes it came from, which an analysis kept beside it names (see
/// [`analysis::of_file`]).
#[derive(Debug)]
pub struct MatchFile<G: crate::game::Game = crate::game::Brade> {
    pub path: PathBuf,
    pub game: Match<G>,
    /// The checksum of the file's bytes as read.
    sum: u64,
}

impl MatchFile {
    /// Reads the file at `path` (once) and replays its match; the error names the file.
    pub fn read(path: &Path) -> Result<MatchFile, FileError> {
        let bytes = crate::files::read_regular(path, MAX_SAVE).map_err(|e| FileError::new(path, e))?;
        let sum = crate::checksum::fnv1a(&bytes);
        let restored = parse_bytes(bytes)
            .and_then(|saved| restore(&saved))
            .map_err(|e| FileError::new(path, e))?;
        Ok(MatchFile {
            path: path.to_path_buf(),
            game: restored.game,
            sum,
        })
    }
}

/// A record of either game, read once, with its checksum (for its kept analysis).
#[derive(Debug)]
pub enum AnyMatchFile {
    Brade(Box<MatchFile>),
    Backgammon(Box<MatchFile<crate::game::Backgammon>>),
}

impl AnyMatchFile {
    /// Reads the file at `path` (once) and replays its match, of the game the file names;
    /// the error names the file.
    pub fn read(path: &Path) -> Result<AnyMatchFile, FileError> {
        let bytes = crate::files::read_regular(path, MAX_SAVE).map_err(|e| FileError::new(path, e))?;
        let sum = crate::checksum::fnv1a(&bytes);
        let restored = parse_bytes(bytes)
            .and_then(|saved| restore_any(&saved))
            .map_err(|e| FileError::new(path, e))?;
        Ok(match restored {
            Resumable::Brade(r) => AnyMatchFile::Brade(Box::new(MatchFile {
                path: path.to_path_buf(),
                game: r.game,
                sum,
            })),
            Resumable::Backgammon(r) => AnyMatchFile::Backgammon(Box::new(MatchFile {
                path: path.to_path_buf(),
                game: r.game,
                sum,
            })),
        })
    }

    /// The checksum of the file's bytes as read.
    fn sum(&self) -> u64 {
        match self {
            AnyMatchFile::Brade(f) => f.sum,
            AnyMatchFile::Backgammon(f) => f.sum,
        }
    }
}

fn parse_bytes(bytes: Vec<u8>) -> Result<SavedMatch, SaveError> {
    let text = String::from_utf8(bytes).map_err(|_| SaveError::NotText)?;
    parse(&text)
}

/// What is found in the data directory.
#[derive(Debug)]
pub enum Found {
    Nothing,
    Match(Box<Resumable>),
    /// The save could not be used: it was kept under `kept` (where it is, if it could not
    /// be renamed: `not_renamed` says why) and the problem is said.
    Bad {
        path: PathBuf,
        kept: PathBuf,
        problem: FileProblem,
        not_renamed: Option<Arc<io::Error>>,
    },
}

/// The data directory of saves and finished matches.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// A store in `dir`.
    #[must_use]
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The platform's data directory (`$XDG_DATA_HOME/brade` on Linux).
    #[must_use]
    pub fn default_dir() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "brade").map(|d| d.data_dir().to_path_buf())
    }

    /// Takes the directory for this process alone (see [`DirLock`]), and clears what
    /// writers that did not finish left in it.
    pub fn lock(&self) -> Result<DirLock, LockError> {
        let held = lock::lock(&self.dir)?;
        crate::files::remove_stale_temporaries(&self.dir);
        crate::files::remove_stale_temporaries(&self.records());
        Ok(held)
    }

    /// The directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The save of the match in progress.
    #[must_use]
    pub fn current(&self) -> PathBuf {
        self.dir.join("match.toml")
    }

    /// Where finished matches are kept.
    #[must_use]
    pub fn records(&self) -> PathBuf {
        self.dir.join("records")
    }

    /// Loads the match in progress; a bad save is renamed aside and reported.
    #[must_use]
    pub fn load(&self) -> Found {
        let path = self.current();
        let bytes = match crate::files::read_regular(&path, MAX_SAVE) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Found::Nothing,
            Err(e) => return self.quarantine(&path, e.into()),
        };
        match parse_bytes(bytes).and_then(|saved| restore_any(&saved)) {
            Ok(restored) => Found::Match(Box::new(restored)),
            Err(e) => self.quarantine(&path, e.into()),
        }
    }

    fn quarantine(&self, path: &Path, problem: FileProblem) -> Found {
        let mut kept = path.with_extension(format!("toml.bad-{}", now()));
        let mut n = 1;
        while kept.exists() {
            kept = path.with_extension(format!("toml.bad-{}-{n}", now()));
            n += 1;
        }
        match fs::rename(path, &kept) {
            Ok(()) => Found::Bad {
                path: path.to_path_buf(),
                kept,
                problem,
                not_renamed: None,
            },
            Err(e) => Found::Bad {
                path: path.to_path_buf(),
                kept: path.to_path_buf(),
                problem,
                not_renamed: Some(Arc::new(e)),
            },
        }
    }

    /// Writes the save atomically (a temporary file that cannot be renamed is removed).
    pub fn save(&self, saved: &SavedMatch) -> io::Result<()> {
        let tmp = self.write_temp(saved)?;
        self.commit(&tmp).inspect_err(|_| {
            let _ = fs::remove_file(&tmp);
        })
    }

    /// The first half of [`Store::save`]: the new save, complete and synced, beside the
    /// old one.
    pub fn write_temp(&self, saved: &SavedMatch) -> io::Result<PathBuf> {
        let text = to_text(saved)?;
        crate::files::write_beside(&self.current(), text.as_bytes())
    }

    /// The second half of [`Store::save`]: the rename over the old save.
    pub fn commit(&self, tmp: &Path) -> io::Result<()> {
        crate::files::rename_durably(tmp, &self.current())
    }

    /// Keeps an unfinished saved match that a new match replaces: it moves to the records
    /// as `…-unfinished.toml`.
    pub fn set_aside(&self) -> io::Result<Option<PathBuf>> {
        let current = self.current();
        if !current.exists() {
            return Ok(None);
        }
        crate::files::place_unique(&self.records(), &format!("{}-unfinished", now()), &current).map(Some)
    }

    /// A finished match leaves the save for the records.
    pub fn archive(&self, saved: &SavedMatch) -> io::Result<PathBuf> {
        let dir = self.records();
        let clean = |s: &str| {
            s.chars()
                .map(|c| if c.is_alphanumeric() { c } else { '_' })
                .collect::<String>()
        };
        let stem = format!(
            "{}-{}-{}",
            saved.saved_at,
            clean(&saved.white),
            clean(&saved.black)
        );
        let tmp = crate::files::write_beside(&dir.join(format!("{stem}.toml")), to_text(saved)?.as_bytes())?;
        let path = crate::files::place_unique(&dir, &stem, &tmp).inspect_err(|_| {
            let _ = fs::remove_file(&tmp);
        })?;
        match fs::remove_file(self.current()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        crate::files::sync_dir(&self.current());
        Ok(path)
    }
}
