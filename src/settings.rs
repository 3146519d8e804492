//! The player's settings and `config.toml`.
//!
//! The file is flat `key = value` TOML. It is read line by line, so that a bad line costs
//! only its own key: the game starts with the default for that key and says which key on
//! which line was wrong. The Settings screen writes the file back (atomically), with a
//! comment for every key.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::Lang;

/// How point numbers are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Numbering {
    /// In the numbering of the player to move (as bräde players count).
    #[default]
    Mover,
    /// Always in White's numbering.
    White,
}

/// The colour theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ThemeName {
    #[default]
    Default,
    HighContrast,
    /// No colours at all (also forced by the `NO_COLOR` environment variable).
    Monochrome,
}

/// The language setting as written in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Language {
    #[default]
    En,
    Sv,
}

impl From<Language> for Lang {
    fn from(l: Language) -> Lang {
        match l {
            Language::En => Lang::En,
            Language::Sv => Lang::Sv,
        }
    }
}

impl From<Lang> for Language {
    fn from(l: Lang) -> Language {
        match l {
            Lang::En => Language::En,
            Lang::Sv => Language::Sv,
        }
    }
}

/// Every setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub language: Language,
    /// Mirror the board: White's home on the left instead of the right.
    pub mirror: bool,
    pub numbering: Numbering,
    pub theme: ThemeName,
    /// Roll at once when a turn begins.
    pub auto_roll: bool,
    /// Confirm a play as soon as it is complete.
    pub auto_confirm: bool,
    /// Pass a turn that cannot be played without asking.
    pub auto_pass: bool,
    pub show_pips: bool,
    /// Type in the dice of real dice instead of rolling.
    pub manual_dice: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Language::En,
            mirror: false,
            numbering: Numbering::Mover,
            theme: ThemeName::Default,
            auto_roll: false,
            auto_confirm: false,
            auto_pass: false,
            show_pips: true,
            manual_dice: false,
        }
    }
}

/// The keys of the file, in the order written and shown.
pub const KEYS: [&str; 9] = [
    "language",
    "mirror",
    "numbering",
    "theme",
    "auto_roll",
    "auto_confirm",
    "auto_pass",
    "show_pips",
    "manual_dice",
];

/// A line of `config.toml` that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigProblem {
    pub line: usize,
    pub key: Option<String>,
    pub message: String,
}

impl std::fmt::Display for ConfigProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.key {
            Some(key) => write!(f, "line {}: {key}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl Settings {
    /// Reads settings from the text of a config file: every good line applies, every bad
    /// one is reported and leaves its key at the default.
    #[must_use]
    pub fn parse(text: &str) -> (Settings, Vec<ConfigProblem>) {
        let mut s = Settings::default();
        let mut problems = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let problem = |key: Option<&str>, message: String| ConfigProblem {
                line,
                key: key.map(str::to_string),
                message,
            };
            let table: toml::Table = match trimmed.parse() {
                Ok(t) => t,
                Err(e) => {
                    let key = trimmed
                        .split('=')
                        .next()
                        .map(str::trim)
                        .filter(|k| KEYS.contains(k));
                    problems.push(problem(
                        key,
                        format!("not a `key = value` line ({})", e.message().trim()),
                    ));
                    continue;
                }
            };
            for (key, value) in table {
                if let Err(message) = s.set(&key, value) {
                    problems.push(problem(Some(&key), message));
                }
            }
        }
        (s, problems)
    }

    fn set(&mut self, key: &str, value: toml::Value) -> Result<(), String> {
        fn typed<T: serde::de::DeserializeOwned>(value: toml::Value, expected: &str) -> Result<T, String> {
            let shown = value.to_string();
            value.try_into().map_err(|_| format!("{shown} is not {expected}"))
        }
        let yes_no = "true or false";
        match key {
            "language" => self.language = typed(value, "\"en\" or \"sv\"")?,
            "mirror" => self.mirror = typed(value, yes_no)?,
            "numbering" => self.numbering = typed(value, "\"mover\" or \"white\"")?,
            "theme" => self.theme = typed(value, "\"default\", \"high-contrast\" or \"monochrome\"")?,
            "auto_roll" => self.auto_roll = typed(value, yes_no)?,
            "auto_confirm" => self.auto_confirm = typed(value, yes_no)?,
            "auto_pass" => self.auto_pass = typed(value, yes_no)?,
            "show_pips" => self.show_pips = typed(value, yes_no)?,
            "manual_dice" => self.manual_dice = typed(value, yes_no)?,
            _ => return Err(format!("unknown setting (known: {})", KEYS.join(", "))),
        }
        Ok(())
    }

    /// The file's text: every key with a comment.
    #[must_use]
    pub fn to_text(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        let comment = |key: &str| match key {
            "language" => "# en or sv",
            "mirror" => "# true: White's home on the left",
            "numbering" => "# mover (the player to move's numbers) or white (always White's)",
            "theme" => "# default, high-contrast or monochrome (NO_COLOR forces monochrome)",
            "auto_roll" => "# roll at once when a turn begins",
            "auto_confirm" => "# confirm a play as soon as it is complete",
            "auto_pass" => "# pass a turn that cannot be played without asking",
            "show_pips" => "# show the pip counts",
            "manual_dice" => "# type in the dice of real dice instead of rolling",
            _ => "",
        };
        let mut out =
            String::from("# brade settings — edited by the Settings screen (s on the start screen)\n");
        for line in body.lines() {
            let key = line.split('=').next().map(str::trim).unwrap_or("");
            out.push_str(comment(key));
            out.push('\n');
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// The theme to draw with: `NO_COLOR` (any value) forces monochrome.
    #[must_use]
    pub fn effective_theme(&self, no_color: bool) -> ThemeName {
        if no_color {
            ThemeName::Monochrome
        } else {
            self.theme
        }
    }
}

/// Where `config.toml` lives (`$XDG_CONFIG_HOME/brade/config.toml` on Linux).
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "brade").map(|d| d.config_dir().join("config.toml"))
}

/// The largest settings file read (a real one is well under 1 KB).
const MAX_FILE: u64 = 64 * 1024;

/// The problems worth showing of a settings file: the first few, then how many more.
#[must_use]
pub fn summary(problems: &[String], lang: crate::rules::Lang) -> String {
    const SHOWN: usize = 3;
    let mut text = problems
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    let more = problems.len().saturating_sub(SHOWN);
    if more > 0 {
        text.push_str(&match lang {
            crate::rules::Lang::En => {
                format!("; and {more} more problem{}", if more == 1 { "" } else { "s" })
            }
            crate::rules::Lang::Sv => format!("; och {more} fel till"),
        });
    }
    text
}

/// Loads the settings; a missing file means defaults. Problems are returned as
/// `path: line N: key: what` messages.
#[must_use]
pub fn load(path: &Path) -> (Settings, Vec<String>) {
    match fs::metadata(path) {
        Ok(meta) if meta.len() > MAX_FILE => {
            return (
                Settings::default(),
                vec![format!(
                    "{}: {} bytes is too large for a settings file (at most {MAX_FILE}); all settings keep their defaults",
                    path.display(),
                    meta.len()
                )],
            );
        }
        _ => {}
    }
    match fs::read(path) {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes);
            let (s, problems) = Settings::parse(&text);
            (
                s,
                problems
                    .iter()
                    .map(|p| format!("{}: {p}", path.display()))
                    .collect(),
            )
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => (Settings::default(), Vec::new()),
        Err(e) => (Settings::default(), vec![format!("{}: {e}", path.display())]),
    }
}

/// Writes the settings atomically.
pub fn store(path: &Path, settings: &Settings) -> io::Result<()> {
    crate::files::write_atomic(path, settings.to_text().as_bytes())
}
