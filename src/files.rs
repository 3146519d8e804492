//! Files that survive crashes: atomic writes (a synced temporary file renamed over the
//! old one, the directory synced) and placing a file under a name nobody has, never
//! over another file. Used by the saves, the records, the settings and the network.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically: a synced temporary file beside it, renamed over it,
/// and the directory synced, so that a crash leaves the old file or the new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_beside(path, bytes)?;
    rename_durably(&tmp, path)
}

/// The first half of [`write_atomic`]: `bytes`, complete and synced, in `path` + `.tmp`.
pub fn write_beside(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let tmp = path.with_file_name(name);
    let mut file = File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    Ok(tmp)
}

/// The second half of [`write_atomic`]: the rename, made durable by syncing the directory.
pub fn rename_durably(tmp: &Path, path: &Path) -> io::Result<()> {
    fs::rename(tmp, path)?;
    sync_dir(path);
    Ok(())
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
