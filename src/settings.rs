//! The player's settings and `config.toml`.
//!
//! The file is flat `key = value` TOML. It is read line by line, so that a bad line costs
//! only its own key: the game starts with the default for that key and says which key on
//! which line was wrong. The Settings screen writes the file back (atomically), with a
//! comment for every key.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::brade::RuleSet;
use crate::words::{self, Lang, Phrase, screens};

/// The next (or, `back`, the previous) of the choices `all` after `now`, round and round;
/// shared by the Settings screen and the setup form.
pub fn cycle<T: Copy + PartialEq>(all: &[T], now: T, back: bool) -> T {
    let n = all.len();
    let i = all.iter().position(|&x| x == now).unwrap_or(0);
    all[if back { (i + n - 1) % n } else { (i + 1) % n }]
}

/// The next (or previous) named rule set, for the Settings screen and the setup form; a
/// set of one's own (from the file or the command line) steps to the first.
#[must_use]
pub fn cycle_rules(now: RuleSet, back: bool) -> RuleSet {
    cycle(&RuleSet::NAMED.map(|n| n.rules), now, back)
}

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

/// The tutor: off, or from which mark of the analysis (doubtful, bad, very bad) a play
/// about to be confirmed is questioned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Tutor {
    #[default]
    Off,
    Doubtful,
    Bad,
    VeryBad,
}

impl Tutor {
    /// Which of the analysis's thresholds (0 doubtful, 1 bad, 2 very bad) it watches.
    #[must_use]
    pub fn threshold_index(self) -> Option<usize> {
        match self {
            Tutor::Off => None,
            Tutor::Doubtful => Some(0),
            Tutor::Bad => Some(1),
            Tutor::VeryBad => Some(2),
        }
    }
}

/// Every setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub language: Lang,
    /// Mirror the board: White's home on the left instead of the right.
    pub mirror: bool,
    /// The homes change sides after every game: the board is mirrored in every second
    /// game of a match (B3; for bräde too).
    pub switch_sides: bool,
    pub numbering: Numbering,
    pub theme: ThemeName,
    /// Roll at once when a turn begins.
    pub auto_roll: bool,
    /// Confirm a play as soon as it is complete.
    pub auto_confirm: bool,
    /// Pass a turn that cannot be played without asking.
    pub auto_pass: bool,
    pub show_pips: bool,
    /// Show the computer's moves step by step at its pace (off: at once, no delays — for
    /// screen readers and braille displays).
    pub animation: bool,
    /// Type in the dice of real dice instead of rolling.
    pub manual_dice: bool,
    /// Question a play that loses more than the tutor's threshold, before it is confirmed.
    pub tutor: Tutor,
    /// The rules of new matches.
    pub rules: RuleSet,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Lang::En,
            mirror: false,
            switch_sides: false,
            numbering: Numbering::Mover,
            theme: ThemeName::Default,
            auto_roll: false,
            auto_confirm: false,
            auto_pass: false,
            show_pips: true,
            animation: true,
            manual_dice: false,
            tutor: Tutor::Off,
            rules: RuleSet::VASAMUSEET,
        }
    }
}

/// One setting: a key of the file, a line of the Settings screen. Everything about a
/// setting — its key, its comment in the file, the values it takes, how the screen steps
/// it — is said once, here (and its label on the screen in `words::screens`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    Language,
    Mirror,
    SwitchSides,
    Numbering,
    Theme,
    AutoRoll,
    AutoConfirm,
    AutoPass,
    ShowPips,
    Animation,
    ManualDice,
    Tutor,
    Rules,
}

impl Setting {
    /// Every setting, in the order written and shown.
    pub const ALL: [Setting; 13] = [
        Setting::Language,
        Setting::Mirror,
        Setting::SwitchSides,
        Setting::Numbering,
        Setting::Theme,
        Setting::AutoRoll,
        Setting::AutoConfirm,
        Setting::AutoPass,
        Setting::ShowPips,
        Setting::Animation,
        Setting::ManualDice,
        Setting::Tutor,
        Setting::Rules,
    ];

    /// The key in `config.toml`.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.row().0
    }

    /// The values the key takes, as the file writes them.
    #[must_use]
    pub fn expected(self) -> &'static str {
        self.row().1
    }

    /// The values the key takes, as written in the file: `true / false`,
    /// `"en" / "sv"` (for the help, in either language).
    #[must_use]
    pub fn values(self) -> String {
        let expected = self.expected();
        expected.replace(", ", " / ").replace(" or ", " / ")
    }

    /// The comment above the key in the file.
    #[must_use]
    pub fn comment(self) -> &'static str {
        self.row().2
    }

    /// The setting's label on the Settings screen and in the help.
    #[must_use]
    pub fn label(self) -> Phrase {
        match self {
            Setting::Language => screens::SETTING_LANGUAGE,
            Setting::Mirror => screens::SETTING_MIRROR,
            Setting::SwitchSides => screens::SETTING_SWITCH_SIDES,
            Setting::Numbering => screens::SETTING_NUMBERING,
            Setting::Theme => screens::SETTING_THEME,
            Setting::AutoRoll => screens::SETTING_AUTO_ROLL,
            Setting::AutoConfirm => screens::SETTING_AUTO_CONFIRM,
            Setting::AutoPass => screens::SETTING_AUTO_PASS,
            Setting::ShowPips => screens::SETTING_SHOW_PIPS,
            Setting::Animation => screens::SETTING_ANIMATION,
            Setting::ManualDice => screens::SETTING_MANUAL_DICE,
            Setting::Tutor => screens::SETTING_TUTOR,
            Setting::Rules => screens::SETTING_RULES,
        }
    }

    /// The setting with this key.
    #[must_use]
    pub fn of_key(key: &str) -> Option<Setting> {
        Setting::ALL.into_iter().find(|s| s.key() == key)
    }

    fn row(self) -> (&'static str, &'static str, &'static str) {
        const YES_NO: &str = "true or false";
        match self {
            Setting::Language => ("language", "\"en\" or \"sv\"", "# en or sv"),
            Setting::Mirror => ("mirror", YES_NO, "# true: White's home on the left"),
            Setting::SwitchSides => (
                "switch_sides",
                YES_NO,
                "# true: the homes change sides after every game (every second game mirrored)",
            ),
            Setting::Numbering => (
                "numbering",
                "\"mover\" or \"white\"",
                "# mover (the player to move's numbers) or white (always White's)",
            ),
            Setting::Theme => (
                "theme",
                "\"default\", \"high-contrast\" or \"monochrome\"",
                "# default, high-contrast or monochrome (NO_COLOR forces monochrome)",
            ),
            Setting::AutoRoll => ("auto_roll", YES_NO, "# roll at once when a turn begins"),
            Setting::AutoConfirm => (
                "auto_confirm",
                YES_NO,
                "# confirm a play as soon as it is complete",
            ),
            Setting::AutoPass => (
                "auto_pass",
                YES_NO,
                "# pass a turn that cannot be played without asking",
            ),
            Setting::ShowPips => ("show_pips", YES_NO, "# show the pip counts"),
            Setting::Animation => (
                "animation",
                YES_NO,
                "# false: the computer's moves shown at once, without delays",
            ),
            Setting::ManualDice => (
                "manual_dice",
                YES_NO,
                "# type in the dice of real dice instead of rolling",
            ),
            Setting::Tutor => (
                "tutor",
                "\"off\", \"doubtful\", \"bad\" or \"very-bad\"",
                "# off, or question a play before it is confirmed when it is doubtful, bad or very-bad",
            ),
            Setting::Rules => (
                "rules",
                "\"vasamuseet\", \"wikipedia-a\", \"wikipedia-b\", \"hobby-page\" or switches such as \"entry-burst=none,bear-off=free\"",
                "# the rules of new matches: vasamuseet, wikipedia-a, wikipedia-b, hobby-page,\n# or switches such as \"entry-burst=none,bear-off=free\" (see the help: Other rules)",
            ),
        }
    }
}

/// A line of `config.toml` that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigProblem {
    pub line: usize,
    pub key: Option<String>,
    pub fault: ConfigFault,
}

/// What is wrong with a line of `config.toml`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigFault {
    /// Not TOML (the parser's reason).
    #[error("not a `key = value` line ({0})")]
    NotKeyValue(String),
    #[error("{shown} is not {expected}")]
    BadValue { shown: String, expected: &'static str },
    #[error("unknown setting (known: {})", Setting::ALL.map(Setting::key).join(", "))]
    UnknownKey,
    /// The key was set before, on this line: the later value is used.
    #[error("set twice (first on line {0}); the value on this line is used")]
    Duplicate(usize),
}

impl std::fmt::Display for ConfigProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.key {
            Some(key) => write!(f, "line {}: {key}: {}", self.line, self.fault),
            None => write!(f, "line {}: {}", self.line, self.fault),
        }
    }
}

impl ConfigFault {
    /// The fault in words, in `lang`.
    #[must_use]
    pub fn words(&self, lang: Lang) -> String {
        match self {
            ConfigFault::NotKeyValue(why) => words::config::not_key_value(lang, why),
            ConfigFault::BadValue { shown, expected } => words::config::bad_value(lang, shown, expected),
            ConfigFault::UnknownKey => {
                words::config::unknown_key(lang, &Setting::ALL.map(Setting::key).join(", "))
            }
            ConfigFault::Duplicate(first) => words::config::duplicate(lang, *first),
        }
    }
}

impl SettingsProblem {
    /// The problem in words, in `lang` (the `Display` form is English).
    #[must_use]
    pub fn words(&self, lang: Lang) -> String {
        match self {
            SettingsProblem::Line { path, problem } => words::config::line(
                lang,
                path,
                &words::config::LineFigures {
                    line: problem.line,
                    key: problem.key.as_deref(),
                    fault: &problem.fault.words(lang),
                },
            ),
            SettingsProblem::TooLarge { path, size } => words::config::too_large(lang, path, *size, MAX_FILE),
            SettingsProblem::Unreadable { path, source } => words::config::unreadable(lang, path, source),
        }
    }
}

/// A settings file that could not be read, or a line of it that could not be used.
#[derive(Clone, Debug, thiserror::Error)]
pub enum SettingsProblem {
    #[error("{}: {problem}", path.display())]
    Line { path: PathBuf, problem: ConfigProblem },
    #[error(
        "{}: {size} bytes is too large for a settings file (at most {MAX_FILE}); all settings keep their defaults",
        path.display()
    )]
    TooLarge { path: PathBuf, size: u64 },
    #[error("{}: {source}", path.display())]
    Unreadable { path: PathBuf, source: Arc<io::Error> },
}

impl Settings {
    /// Reads settings from the text of a config file: every good line applies, every bad
    /// one is reported and leaves its key at the default.
    #[must_use]
    pub fn parse(text: &str) -> (Settings, Vec<ConfigProblem>) {
        let mut s = Settings::default();
        let mut problems = Vec::new();
        // Where each key was first set: a second time is told, not taken silently.
        let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let problem = |key: Option<&str>, fault: ConfigFault| ConfigProblem {
                line,
                key: key.map(str::to_string),
                fault,
            };
            let table: toml::Table = match trimmed.parse() {
                Ok(t) => t,
                Err(e) => {
                    let key = trimmed
                        .split('=')
                        .next()
                        .map(str::trim)
                        .filter(|k| Setting::of_key(k).is_some());
                    problems.push(problem(
                        key,
                        ConfigFault::NotKeyValue(e.message().trim().to_string()),
                    ));
                    continue;
                }
            };
            for (key, value) in table {
                if let Err(fault) = s.set(&key, value) {
                    problems.push(problem(Some(&key), fault));
                } else if let Some(&first) = seen.get(&key) {
                    problems.push(problem(Some(&key), ConfigFault::Duplicate(first)));
                } else {
                    seen.insert(key, line);
                }
            }
        }
        (s, problems)
    }

    fn set(&mut self, key: &str, value: toml::Value) -> Result<(), ConfigFault> {
        fn typed<T: serde::de::DeserializeOwned>(
            value: toml::Value,
            expected: &'static str,
        ) -> Result<T, ConfigFault> {
            let shown = value.to_string();
            value
                .try_into()
                .map_err(|_| ConfigFault::BadValue { shown, expected })
        }
        let Some(setting) = Setting::of_key(key) else {
            return Err(ConfigFault::UnknownKey);
        };
        let expected = setting.expected();
        match setting {
            Setting::Language => self.language = typed(value, expected)?,
            Setting::Mirror => self.mirror = typed(value, expected)?,
            Setting::SwitchSides => self.switch_sides = typed(value, expected)?,
            Setting::Numbering => self.numbering = typed(value, expected)?,
            Setting::Theme => self.theme = typed(value, expected)?,
            Setting::AutoRoll => self.auto_roll = typed(value, expected)?,
            Setting::AutoConfirm => self.auto_confirm = typed(value, expected)?,
            Setting::AutoPass => self.auto_pass = typed(value, expected)?,
            Setting::ShowPips => self.show_pips = typed(value, expected)?,
            Setting::Animation => self.animation = typed(value, expected)?,
            Setting::ManualDice => self.manual_dice = typed(value, expected)?,
            Setting::Tutor => self.tutor = typed(value, expected)?,
            Setting::Rules => {
                let shown = value.to_string();
                let text: String = typed(value, expected)?;
                self.rules = text
                    .parse()
                    .map_err(|_| ConfigFault::BadValue { shown, expected })?;
            }
        }
        Ok(())
    }

    /// A setting's value as the file writes it.
    fn value(&self, setting: Setting) -> toml::Value {
        fn of<T: Serialize>(value: &T) -> toml::Value {
            toml::Value::try_from(value).unwrap_or_else(|_| toml::Value::String(String::new()))
        }
        match setting {
            Setting::Language => of(&self.language),
            Setting::Mirror => of(&self.mirror),
            Setting::SwitchSides => of(&self.switch_sides),
            Setting::Numbering => of(&self.numbering),
            Setting::Theme => of(&self.theme),
            Setting::AutoRoll => of(&self.auto_roll),
            Setting::AutoConfirm => of(&self.auto_confirm),
            Setting::AutoPass => of(&self.auto_pass),
            Setting::ShowPips => of(&self.show_pips),
            Setting::Animation => of(&self.animation),
            Setting::ManualDice => of(&self.manual_dice),
            Setting::Tutor => of(&self.tutor),
            Setting::Rules => toml::Value::String(self.rules.to_string()),
        }
    }

    /// Steps a setting to its next (or, `back`, its previous) value, as the Settings
    /// screen does.
    pub fn step(&mut self, setting: Setting, back: bool) {
        match setting {
            Setting::Language => self.language = cycle(&Lang::ALL, self.language, back),
            Setting::Mirror => self.mirror = !self.mirror,
            Setting::SwitchSides => self.switch_sides = !self.switch_sides,
            Setting::Numbering => {
                self.numbering = cycle(&[Numbering::Mover, Numbering::White], self.numbering, back);
            }
            Setting::Theme => {
                let all = [ThemeName::Default, ThemeName::HighContrast, ThemeName::Monochrome];
                self.theme = cycle(&all, self.theme, back);
            }
            Setting::AutoRoll => self.auto_roll = !self.auto_roll,
            Setting::AutoConfirm => self.auto_confirm = !self.auto_confirm,
            Setting::AutoPass => self.auto_pass = !self.auto_pass,
            Setting::ShowPips => self.show_pips = !self.show_pips,
            Setting::Animation => self.animation = !self.animation,
            Setting::ManualDice => self.manual_dice = !self.manual_dice,
            Setting::Tutor => {
                let all = [Tutor::Off, Tutor::Doubtful, Tutor::Bad, Tutor::VeryBad];
                self.tutor = cycle(&all, self.tutor, back);
            }
            Setting::Rules => self.rules = cycle_rules(self.rules, back),
        }
    }

    /// The file's text: every key with a comment.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out =
            String::from("# brade settings — edited by the Settings screen (s on the start screen)\n");
        for setting in Setting::ALL {
            out.push_str(&format!(
                "{}\n{} = {}\n",
                setting.comment(),
                setting.key(),
                self.value(setting)
            ));
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

/// Loads the settings; a missing file means defaults. Every problem names the file (and
/// the line and key, where it is one line's).
#[must_use]
pub fn load(path: &Path) -> (Settings, Vec<SettingsProblem>) {
    let path_buf = || path.to_path_buf();
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() > MAX_FILE => {
            let too_large = SettingsProblem::TooLarge {
                path: path_buf(),
                size: meta.len(),
            };
            return (Settings::default(), vec![too_large]);
        }
        _ => {}
    }
    match crate::files::read_regular(path, MAX_FILE) {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes);
            let (s, problems) = Settings::parse(&text);
            let problems = problems
                .into_iter()
                .map(|problem| SettingsProblem::Line {
                    path: path_buf(),
                    problem,
                })
                .collect();
            (s, problems)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => (Settings::default(), Vec::new()),
        Err(e) => {
            let unreadable = SettingsProblem::Unreadable {
                path: path_buf(),
                source: Arc::new(e),
            };
            (Settings::default(), vec![unreadable])
        }
    }
}

/// Writes the settings atomically.
pub fn store(path: &Path, settings: &Settings) -> io::Result<()> {
    crate::files::write_atomic(path, settings.to_text().as_bytes())
}
