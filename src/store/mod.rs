//! Saving and resuming matches, so that nothing a player does is lost: the save format
//! ([`format`](mod@format)), resuming with every check — a save read into typed values
//! ([`data`](mod@data)), then replayed ([`replay`](mod@replay)) —, the data directory of
//! the match in progress and the finished ones ([`Store`]), a save or record read once for
//! its match and its analysis ([`MatchFile`]), and readable transcripts ([`transcript()`]).
//! It knows matches ([`crate::session`]) and a game through [`crate::game::Game`], not
//! screens.
//!
//! Each match in progress is kept in a file of its own in `matches/` of the data directory
//! (see [`progress`]): the players, the match length, the teka, every turn of every game (dice and play in notation), a roll
//! made but not yet played, and the dice generator's seed with the number of dice drawn,
//! so that a seeded match continues with exactly the dice it would have had. Loading
//! replays every turn through the rules engine: a save that does not replay (damaged,
//! truncated, edited, or from a newer version) is never trusted and never overwritten —
//! it is renamed `….toml.bad-<seconds>` and the player is told why. Everything that
//! can be checked is: the first line carries a checksum of the rest (accidental damage),
//! the dice drawn again from the seed must be the dice saved, the match length must fit
//! the results, and the saved position must be where the turns lead. Writes are atomic
//! (see [`crate::files`]); records are never overwritten.

pub mod analysis;
pub mod backgammon;
pub mod brade;
pub mod data;
mod error;
pub mod format;
mod index;
mod listing;
mod lock;
pub mod progress;
pub mod replay;
pub mod stats;
mod summary;
pub mod trainer;

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::session::Match;

pub use data::{GameData, Header, SaveData, SavedPosition, TurnData};
pub use error::{Damage, GameErrors, RollAt, SaveError, TurnProblem};
pub use format::{FORMAT, SavedGame, SavedMatch, parse, to_text};
pub use lock::{DirLock, LockError};
pub use progress::{BadFile, BadProblem, InProgress, Listing, Unfinished};
pub use replay::{Frame, Restored, Resumable, frames, frames_of, replay, restore, restore_any};
pub use summary::{CubeFigures, Ended, RecordEntry, RecordSummary, unanalysed};

/// Seconds since 1970 now.
#[must_use]
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A readable transcript of a saved match in `lang`, in the words of its game (see
/// [`crate::words::records::transcript`]).
pub fn transcript(lang: crate::words::Lang, saved: &SavedMatch) -> Result<String, SaveError> {
    let kind = crate::game::Kind::of_save(saved.kind.as_deref()).unwrap_or(crate::game::Kind::ALL[0]);
    crate::with_game!(kind, G => <G as RecordGame>::transcript(lang, saved))
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
pub struct MatchFile<G: crate::game::Game> {
    pub path: PathBuf,
    pub game: Match<G>,
    /// The checksum of the file's bytes as read.
    sum: u64,
}

impl<G: GameErrors> MatchFile<G> {
    /// Reads the file at `path` (once) and replays its match of `G` (a save of another
    /// game is refused in words); the error names the file.
    pub fn read(path: &Path) -> Result<MatchFile<G>, FileError> {
        let bytes = crate::files::read_regular(path, MAX_SAVE).map_err(|e| FileError::new(path, e))?;
        let sum = crate::checksum::fnv1a(&bytes);
        let restored = parse_bytes(bytes)
            .and_then(|saved| replay(&SaveData::<G>::read(&saved)?, |_| {}))
            .map_err(|e| FileError::new(path, e))?;
        Ok(MatchFile {
            path: path.to_path_buf(),
            game: restored.game,
            sum,
        })
    }
}

/// A record (or save) of any game, read once, with its checksum (for its kept analysis):
/// what the records' analyses, statistics and the trainer ask of it. Each game's part is
/// [`RecordGame`], implemented beside its code.
pub trait RecordFile: std::fmt::Debug + Send + Sync {
    /// The game its match was played at.
    fn kind(&self) -> crate::game::Kind;
    /// The checksum of the file's bytes as read.
    fn sum(&self) -> u64;
    /// The turns its match played.
    fn turns(&self) -> usize;
    /// Whether an analysis that fits is kept beside the record.
    fn analysed(&self) -> bool;
    /// Analyses the record and keeps the analysis beside it.
    fn analyse(&self, progress: &mut dyn FnMut(usize, usize));
    /// Each side's figures in the analysis `text`, if today's judge made it for this
    /// record (by its checksum) and it fits the match replayed.
    fn figures(&self, text: &str) -> Option<[crate::ai::analysis::Summary; 2]>;
    /// The decisions of its kept analysis marked doubtful or worse, as the trainer's
    /// errors; `None` when no analysis that fits is kept.
    fn errors(&self) -> Option<Vec<crate::practice::Error>>;
    /// The file itself, for the code of its game.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// What the store asks of a game to keep its records' analyses and read them back.
pub trait RecordGame: GameErrors + crate::ai::Strategy {
    /// The game in the one list.
    const KIND: crate::game::Kind;
    /// Its analysis, as kept beside a record.
    type Kept: analysis::Kept<Of = Match<Self>>;
    /// Each side's figures over the match.
    fn sides(analysis: &Self::Kept) -> [crate::ai::analysis::Summary; 2];
    /// The decisions of `analysis` marked doubtful or worse, as the trainer's errors.
    fn errors(file: &MatchFile<Self>, analysis: &Self::Kept) -> Vec<crate::practice::Error>;
    /// A readable transcript of `saved`, a match of this game, in `lang`.
    fn transcript(lang: crate::words::Lang, saved: &SavedMatch) -> Result<String, SaveError>;
}

impl<G: RecordGame> RecordFile for MatchFile<G> {
    fn kind(&self) -> crate::game::Kind {
        G::KIND
    }

    fn sum(&self) -> u64 {
        self.sum
    }

    fn turns(&self) -> usize {
        self.game.turns_played()
    }

    fn analysed(&self) -> bool {
        analysis::load_with::<G::Kept>(&self.path, self.sum, &self.game).is_some()
    }

    fn analyse(&self, progress: &mut dyn FnMut(usize, usize)) {
        analysis::analyse_file::<G>(self, progress);
    }

    fn figures(&self, text: &str) -> Option<[crate::ai::analysis::Summary; 2]> {
        use analysis::Kept as _;
        G::Kept::from_text(text, self.sum, &self.game)
            .ok()
            .map(|a| G::sides(&a))
    }

    fn errors(&self) -> Option<Vec<crate::practice::Error>> {
        let analysis = analysis::load_with::<G::Kept>(&self.path, self.sum, &self.game)?;
        Some(G::errors(self, &analysis))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Reads the record or save at `path` (once) and replays its match, of the game the file
/// names (chosen through [`crate::game::Kind`]); the error names the file.
pub fn read_record(path: &Path) -> Result<Box<dyn RecordFile>, FileError> {
    let bytes = crate::files::read_regular(path, MAX_SAVE).map_err(|e| FileError::new(path, e))?;
    let sum = crate::checksum::fnv1a(&bytes);
    let saved = parse_bytes(bytes).map_err(|e| FileError::new(path, e))?;
    let kind = crate::game::Kind::of_save(saved.kind.as_deref()).unwrap_or(crate::game::Kind::ALL[0]);
    crate::with_game!(kind, G => {
        let restored = SaveData::<G>::read(&saved)
            .and_then(|data| replay(&data, |_| {}))
            .map_err(|e| FileError::new(path, e))?;
        Ok(Box::new(MatchFile::<G> {
            path: path.to_path_buf(),
            game: restored.game,
            sum,
        }) as Box<dyn RecordFile>)
    })
}

fn parse_bytes(bytes: Vec<u8>) -> Result<SavedMatch, SaveError> {
    let text = String::from_utf8(bytes).map_err(|_| SaveError::NotText)?;
    parse(&text)
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
        crate::files::remove_stale_temporaries(&self.in_progress_dir());
        self.move_legacy_saves();
        Ok(held)
    }

    /// The directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where finished matches are kept.
    #[must_use]
    pub fn records(&self) -> PathBuf {
        self.dir.join("records")
    }

    /// A finished match written to the records, under a name nobody has
    /// (`<saved at>-<white>-<black>`, then `-1`, `-2`, …); the match's own file, if it has
    /// one, is left alone (see [`Store::finish`] for a match leaving its file).
    pub fn archive(&self, saved: &SavedMatch) -> io::Result<PathBuf> {
        self.write_record(saved, &to_text(saved)?)
    }
}
