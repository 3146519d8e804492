//! Files that survive crashes and cannot hang the program: atomic writes (a synced
//! temporary file renamed over the old one, the directory synced), temporary files unique
//! to their writer and removed when a write fails, reads that open only regular files (a
//! FIFO or a device where a file is expected would block), and placing a file under a name
//! nobody has, never over another file. Used by the saves, the records, the analyses, the
//! settings and the network.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What every temporary file's name ends with (after its writer's process and number).
const TMP_SUFFIX: &str = ".tmp";

/// Writes `bytes` to `path` atomically: a synced temporary file beside it, renamed over it,
/// and the directory synced, so that a crash leaves the old file or the new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_beside(path, bytes)?;
    rename_durably(&tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}

/// The first half of [`write_atomic`]: `bytes`, complete and synced, in a temporary file
/// beside `path` whose name is this writer's alone (`NAME.PID-N.tmp`), so that two
/// processes or threads writing the same file never share one. A write that fails removes
/// its temporary file.
pub fn write_beside(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(
        ".{}-{}{TMP_SUFFIX}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let tmp = path.with_file_name(name);
    let written = File::create_new(&tmp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    match written {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// The second half of [`write_atomic`]: the rename, made durable by syncing the directory.
pub fn rename_durably(tmp: &Path, path: &Path) -> io::Result<()> {
    fs::rename(tmp, path)?;
    sync_dir(path);
    Ok(())
}

/// Removes the temporary files [`write_beside`] left in `dir` by writers that did not
/// finish (killed between writing and renaming, or a disk that filled up): those of a
/// process that no longer runs, or older than ten minutes where that cannot be told.
/// Returns how many were removed.
pub fn remove_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| {
            let Some(writer) = writer_of(&e.file_name().to_string_lossy()) else {
                return false;
            };
            match writer.and_then(running) {
                Some(runs) => !runs,
                // An older version's `NAME.tmp`, or no way to know whether its writer runs.
                None => e
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_some_and(|age| age.as_secs() > 600),
            }
        })
        .filter(|e| fs::remove_file(e.path()).is_ok())
        .count()
}

/// Whether process `pid` runs, where the system says (Linux's `/proc`).
fn running(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    proc.join("self")
        .exists()
        .then(|| pid == std::process::id() || proc.join(pid.to_string()).exists())
}

/// Whether a file name is one of [`write_beside`]'s, `NAME.PID-N.tmp` — then the writing
/// process — or the single `NAME.tmp` of earlier versions (no process known).
fn writer_of(name: &str) -> Option<Option<u32>> {
    let stem = name.strip_suffix(TMP_SUFFIX)?;
    let writer = stem.rsplit('.').next().unwrap_or("");
    let pid = writer.split_once('-').and_then(|(pid, n)| {
        (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .then(|| pid.parse::<u32>().ok())
            .flatten()
    });
    match pid {
        Some(pid) => Some(Some(pid)),
        None if [".toml", ".analysis", ".net"]
            .iter()
            .any(|ext| stem.ends_with(ext)) =>
        {
            Some(None)
        }
        None => None,
    }
}

/// Makes a rename or link in the directory of `path` durable.
pub fn sync_dir(path: &Path) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Why a file that should be read is not a regular file.
#[derive(Debug, thiserror::Error)]
#[error("it is not a regular file but {0}")]
pub struct NotAFile(pub &'static str);

/// An error unless `meta` is a regular file's, saying what it is instead.
fn ensure_regular(meta: &fs::Metadata) -> io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        NotAFile(kind_of(meta)),
    ))
}

/// What a path is, in words, when it is not a regular file.
fn kind_of(meta: &fs::Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    if t.is_dir() { "a directory" } else { "not a file" }
}

/// Reads a regular file of at most `max` bytes. The type is looked at before the file is
/// opened (looking does not block; opening a FIFO would, until something writes to it),
/// and again once it is open. A larger file is an error of kind `InvalidData`.
pub fn read_regular(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    read_regular_with(path, max).map(|(bytes, _)| bytes)
}

/// [`read_regular`], with the metadata of the file the bytes were read from (taken once
/// it was open: a file renamed over the path meanwhile is not the one described).
pub fn read_regular_with(path: &Path, max: u64) -> io::Result<(Vec<u8>, fs::Metadata)> {
    ensure_regular(&fs::metadata(path)?)?;
    let file = File::open(path)?;
    let meta = file.metadata()?;
    ensure_regular(&meta)?;
    if meta.len() > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it is {} bytes, larger than the {max} bytes such a file can be",
                meta.len()
            ),
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("it is larger than {max} bytes"),
        ));
    }
    Ok((bytes, meta))
}

/// Moves the file `from` into `dir` as `STEM.toml`, or `STEM-1.toml`, `STEM-2.toml`, … —
/// never over an existing file (a hard link fails rather than replace; where links are
/// not supported, a name is used only if nothing has it).
pub fn place_unique(dir: &Path, stem: &str, from: &Path) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    for n in 0..100_000u32 {
        let path = dir.join(if n == 0 {
            format!("{stem}.toml")
        } else {
            format!("{stem}-{n}.toml")
        });
        match fs::hard_link(from, &path) {
            Ok(()) => fs::remove_file(from)?,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if path.exists() => continue,
            Err(_) => fs::rename(from, &path)?,
        }
        sync_dir(&path);
        return Ok(path);
    }
    Err(io::Error::other(format!(
        "no free name for {stem} in {}",
        dir.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::writer_of;

    #[test]
    fn temporary_names_are_told_from_the_files_they_stand_beside() {
        assert_eq!(writer_of("match.toml.4242-0.tmp"), Some(Some(4242)));
        assert_eq!(writer_of("1795-Anna-Bo.toml.17-3.tmp"), Some(Some(17)));
        assert_eq!(writer_of("x.analysis.tmp"), Some(None));
        assert_eq!(writer_of("match.toml.tmp"), Some(None));
        assert_eq!(writer_of("match.toml"), None);
        assert_eq!(writer_of("notes.tmp"), None);
        assert_eq!(writer_of("a.toml.x-1.tmp"), None);
    }
}
