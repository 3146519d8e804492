//! Who is who on a server: a player's name is the SSH user name, kept by the first public
//! key that logs in with it (`players.toml` in the server's directory, written whole
//! each time a name is taken); another key for a taken name is refused. An optional
//! allow-list (a file of names, one a line, `#` comments) lets in only a club's members.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The longest name, in characters.
pub const NAME_MAX: usize = 32;

/// Why a login is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("{0:?} is not a player's name: 1 to 32 letters, digits, '-', '_' or '.', not starting with '.'")]
    BadName(String),
    #[error("the name {0:?} is kept by another key")]
    Taken(String),
    #[error("{0:?} is not on this server's list of players")]
    NotAllowed(String),
    #[error("the list of players cannot be written: {0}")]
    NotWritten(String),
}

/// The names and the key each is kept by (its SHA-256 fingerprint, as `ssh-keygen -l`
/// prints it).
#[derive(Debug, Default)]
pub struct Players {
    path: Option<PathBuf>,
    keys: BTreeMap<String, String>,
    allowed: Option<Vec<String>>,
}

#[derive(serde::Serialize, serde::Deserialize, Default)]
struct File {
    #[serde(default)]
    players: BTreeMap<String, String>,
}

/// Whether `name` may be a player's name (and a folder's, safely).
#[must_use]
pub fn valid_name(name: &str) -> bool {
    let count = name.chars().count();
    (1..=NAME_MAX).contains(&count)
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

impl Players {
    /// The players kept at `path` (none yet when it does not exist), let in as `allowed`
    /// says (everyone when `None`).
    pub fn open(path: PathBuf, allowed: Option<Vec<String>>) -> Result<Players, String> {
        let keys = match std::fs::read_to_string(&path) {
            Ok(text) => {
                toml::from_str::<File>(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?
                    .players
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        Ok(Players {
            path: Some(path),
            keys,
            allowed,
        })
    }

    /// Players kept in memory only (for tests).
    #[must_use]
    pub fn in_memory(allowed: Option<Vec<String>>) -> Players {
        Players {
            allowed,
            ..Players::default()
        }
    }

    /// `name` logs in with the key of `fingerprint`: let in when the key keeps the name,
    /// or the name is free (it is then the key's, and written down); refused otherwise.
    pub fn log_in(&mut self, name: &str, fingerprint: &str) -> Result<(), Refused> {
        if !valid_name(name) {
            return Err(Refused::BadName(name.to_string()));
        }
        if let Some(allowed) = &self.allowed
            && !allowed.iter().any(|a| a == name)
        {
            return Err(Refused::NotAllowed(name.to_string()));
        }
        match self.keys.get(name) {
            Some(kept) if kept == fingerprint => Ok(()),
            Some(_) => Err(Refused::Taken(name.to_string())),
            None => {
                self.keys.insert(name.to_string(), fingerprint.to_string());
                if let Err(e) = self.write() {
                    self.keys.remove(name);
                    return Err(Refused::NotWritten(e));
                }
                Ok(())
            }
        }
    }

    fn write(&self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let file = File {
            players: self.keys.clone(),
        };
        let text = toml::to_string(&file).map_err(|e| e.to_string())?;
        crate::files::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
    }
}

/// Reads an allow-list: a name a line, blank lines and `#` comments skipped.
pub fn read_allowed(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut names = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let name = line.split('#').next().unwrap_or("").trim();
        if name.is_empty() {
            continue;
        }
        if !valid_name(name) {
            return Err(format!(
                "{} line {}: {name:?} is not a player's name",
                path.display(),
                i + 1
            ));
        }
        names.push(name.to_string());
    }
    Ok(names)
}
