//! Files that long computations append to, one record a line, so that a run killed at any
//! moment can be started again and go on where it stopped (the rolled-out positions of
//! [`super::supervised`], the decisions of [`super::benchmark`]).
//!
//! The file begins with header lines (`#` first) that name the settings the records were
//! made with; a run goes on with a file only if its own header is the same, so that records
//! made with other settings are never mixed in. Each record is written with one `write`
//! call as soon as it is done; a kill in the middle of one leaves a last line without its
//! newline, which the next run cuts off and makes again.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an appended file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    #[error("cannot read or write {}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error(
        "{} was made with other settings, so this run does not continue it: it says {found:?}, this run would write {wanted:?}; give another file, or the settings it was made with",
        path.display()
    )]
    Settings {
        path: PathBuf,
        found: String,
        wanted: String,
    },
    #[error("{}, line {line}: {why}", path.display())]
    Line { path: PathBuf, line: usize, why: String },
}

/// A file open for appending records after its header.
#[derive(Debug)]
pub struct Appended {
    file: File,
    path: PathBuf,
    /// The bytes of the header, and the length of every complete record line after it.
    header: u64,
    lines: Vec<u64>,
}

impl Appended {
    /// Opens `path` to append records after `header` (lines each beginning with `#`, and
    /// maybe a line of column names, every line ending with a newline). A new or empty file
    /// gets the header; an existing one must begin with exactly that header, and a last
    /// line cut short is cut off. Returns the file and the records already in it.
    pub fn open(path: &Path, header: &str) -> Result<(Appended, Vec<String>), AppendError> {
        let io = |source| AppendError::Io {
            path: path.to_path_buf(),
            source,
        };
        let text = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(io(e)),
        };
        let file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        let mut out = Appended {
            file,
            path: path.to_path_buf(),
            header: header.len() as u64,
            lines: Vec::new(),
        };
        // A run killed while writing the header leaves a part of it.
        if header.as_bytes().starts_with(&text) {
            out.file.set_len(0).map_err(io)?;
            out.write(header)?;
            return Ok((out, Vec::new()));
        }
        let Some(rest) = text.strip_prefix(header.as_bytes()) else {
            let wanted = header.lines().next().unwrap_or_default().to_string();
            let found = String::from_utf8_lossy(&text);
            let found = found.lines().next().unwrap_or_default().to_string();
            let (found, wanted) = if found == wanted {
                // The first lines agree: name the first that does not.
                let theirs = String::from_utf8_lossy(&text).into_owned();
                let pair = theirs
                    .lines()
                    .zip(header.lines())
                    .find(|(a, b)| a != b)
                    .map(|(a, b)| (a.to_string(), b.to_string()));
                pair.unwrap_or((found, wanted))
            } else {
                (found, wanted)
            };
            return Err(AppendError::Settings {
                path: path.to_path_buf(),
                found,
                wanted,
            });
        };
        let complete = rest.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let records = std::str::from_utf8(&rest[..complete]).map_err(|_| AppendError::Line {
            path: path.to_path_buf(),
            line: 0,
            why: "not text (UTF-8)".to_string(),
        })?;
        let records: Vec<String> = records.lines().map(str::to_string).collect();
        out.lines = records.iter().map(|l| l.len() as u64 + 1).collect();
        out.keep(records.len())?;
        Ok((out, records))
    }

    /// Keeps the first `n` records and cuts off everything after them.
    pub fn keep(&mut self, n: usize) -> Result<(), AppendError> {
        self.lines.truncate(n);
        let end = self.header + self.lines.iter().sum::<u64>();
        let path = &self.path;
        let io = |source| AppendError::Io {
            path: path.clone(),
            source,
        };
        self.file.set_len(end).map_err(io)?;
        std::io::Seek::seek(&mut self.file, std::io::SeekFrom::Start(end)).map_err(io)?;
        Ok(())
    }

    /// Appends `text` (whole lines, each ending with a newline) in one write, at once.
    pub fn append(&mut self, text: &str) -> Result<(), AppendError> {
        self.write(text)?;
        self.lines.extend(text.lines().map(|l| l.len() as u64 + 1));
        Ok(())
    }

    fn write(&mut self, text: &str) -> Result<(), AppendError> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|source| AppendError::Io {
                path: self.path.clone(),
                source,
            })
    }

    /// The error for line `k` of the records (0-based), naming its line in the file.
    #[must_use]
    pub fn bad_line(&self, header: &str, k: usize, why: String) -> AppendError {
        AppendError::Line {
            path: self.path.clone(),
            line: header.lines().count() + k + 1,
            why,
        }
    }
}

/// The complete records of a file written through [`Appended`] (its `#` lines and a line
/// of column names beginning with `columns` left out), read while another process may
/// still be appending: a last line without its newline is not yet a record.
pub fn records(path: &Path, columns: &str) -> Result<Vec<(usize, String)>, AppendError> {
    let text = std::fs::read(path).map_err(|source| AppendError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let complete = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = String::from_utf8_lossy(&text[..complete]);
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.starts_with(columns) && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect())
}
