//! The data directory held by one process at a time: two windows on one directory would
//! otherwise write the same save and records over each other. The lock is an advisory
//! lock on `DIR/lock` (the operating system's `flock`, through the standard library),
//! held for as long as the process runs and released by the system however it ends — a
//! kill included; the file names the process that holds it, for the message of the next.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The data directory, held by this process until this value is dropped.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// Why the data directory could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it (its process number, when the lock file names one).
    #[error("another brade{} is using the data directory {}", pid.map(|p| format!(" (process {p})")).unwrap_or_default(), dir.display())]
    Held { dir: PathBuf, pid: Option<u32> },
    /// The path is not a directory.
    #[error("the data directory {} is a file, not a directory", dir.display())]
    NotADirectory { dir: PathBuf },
    /// It could not be made or opened.
    #[error("the data directory {} cannot be used: {source}", dir.display())]
    Io { dir: PathBuf, source: io::Error },
}

impl LockError {
    /// The error in words, in `lang`.
    #[must_use]
    pub fn words(&self, lang: crate::words::Lang) -> String {
        match self {
            LockError::Held { dir, pid } => crate::words::save::held(lang, dir, *pid),
            LockError::NotADirectory { dir } => crate::words::save::not_a_directory(lang, dir),
            LockError::Io { dir, source } => crate::words::save::unusable_dir(lang, dir, source),
        }
    }
}

/// Takes the data directory `dir` (made if missing) for this process, without waiting.
pub fn lock(dir: &Path) -> Result<DirLock, LockError> {
    let io = |source: io::Error| LockError::Io {
        dir: dir.to_path_buf(),
        source,
    };
    match fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => {
            return Err(LockError::NotADirectory {
                dir: dir.to_path_buf(),
            });
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir_all(dir).map_err(io)?,
        Err(e) => return Err(io(e)),
    }
    let path = dir.join("lock");
    if fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
        return Err(io(io::Error::other(format!(
            "{} is not a regular file",
            path.display()
        ))));
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            let mut text = String::new();
            let _ = file.take(32).read_to_string(&mut text);
            return Err(LockError::Held {
                dir: dir.to_path_buf(),
                pid: text.trim().parse().ok(),
            });
        }
        Err(fs::TryLockError::Error(e)) => return Err(io(e)),
    }
    // Ours: say whose it is (only a message depends on it).
    let _ = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| writeln!(file, "{}", std::process::id()));
    Ok(DirLock { _file: file })
}
