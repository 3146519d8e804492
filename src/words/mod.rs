//! Every sentence a player reads, in English and Swedish — the one place words live.
//!
//! The engine and the app deal in typed values (a [`Refusal`](crate::brade::Refusal), a
//! [`Note`], a result); this module turns them into words. Swedish game terms (tunga, huk,
//! fåta, jan, munk…) stay in both languages. [`names`] names the players, sides and
//! levels, [`rules`] words the engine's answers, [`notes`] the message line of a match,
//! [`screens`] the labels of every screen and dialog, [`help`] the rules screen,
//! [`records`] the transcript of a saved match, [`resign`] resigning.
//!
//! The files refer to each other one way only: [`names`] uses none of the others,
//! [`rules`] and [`screens`] use `names`, and the rest ([`notes`], [`help`], [`records`],
//! [`save`], [`cli`], [`kept`], [`training`], [`config`], [`terminal`], [`verdict`], [`sharing`], and [`game`],
//! a game's own words behind the game boundary) use those three at most, never each
//! other. All of them use this file's [`Lang`] and number formatting.
//! ([`figures`], like `names`, uses no other words file.)
//!
//! Figures are handed to the words by name, one way everywhere: a words function takes
//! the language first and then at most three arguments, none of them a tuple. A sentence
//! that says more than that, or numbers that belong together, takes them in one struct of
//! named public fields, its figures, declared beside the function and named after what
//! they describe with `Figures` (`training::SeriesFigures`, `cli::RecordFigures`,
//! `screens::WindowFigures`); the caller fills it in field by field and hands it over by
//! reference (an optional one by value). Figures that several sentences say share one
//! struct in [`figures`] (an [`Estimate`](figures::Estimate) with its standard error, a
//! play's [`Loss`](figures::Loss), a player's [`PlayerFigures`](figures::PlayerFigures)).
//! Where a type of the engine already holds the figures (a
//! [`MatchScore`](crate::brade::MatchScore), a [`RuleSet`](crate::brade::RuleSet), a
//! [`Match`](crate::session::Match)), it is handed over as it is. Arrays of like values
//! (the two players' names, the two dice) and lists of labelled values (`&[(String,
//! u32)]`: a result's notation and its count) are lists, not positional figures.

pub mod backgammon;
pub mod brade;
pub mod chouette;
pub mod cli;
pub mod config;
pub mod editor;
pub mod figures;
pub mod game;
pub mod help;
pub mod help_place;
pub mod kept;
pub mod lobby;
pub mod names;
pub mod notes;
pub mod plain;
pub mod records;
pub mod replay;
pub mod resign;
pub mod rules;
pub mod save;
pub mod saving;
pub mod screens;
pub mod sharing;
pub mod terminal;
pub mod trainer;
pub mod training;
pub mod verdict;

use serde::{Deserialize, Serialize};

pub use notes::Note;

/// The name of the game `kind` in the command line's text (`bräde`, `backgammon`).
#[must_use]
pub fn game_name(kind: crate::game::Kind) -> &'static str {
    crate::with_game!(kind, G => <G as game::GameWords>::TEXT_NAME)
}

/// The name of the game `kind` on the screens (`Bräde`, `Backgammon`).
#[must_use]
pub fn game_title(kind: crate::game::Kind) -> Phrase {
    crate::with_game!(kind, G => <G as game::GameWords>::NAME)
}

/// A language of the user interface (and of `config.toml`'s `language`, and `--lang`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lang {
    #[default]
    En,
    Sv,
}

impl Lang {
    /// Both languages, in the order the settings cycle through them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Sv];

    /// The code used in files and on the command line.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Sv => "sv",
        }
    }

    /// The text of this language (for the words module only: a sentence is chosen here,
    /// not where it is shown).
    #[must_use]
    pub(crate) fn pick<'a>(self, en: &'a str, sv: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Sv => sv,
        }
    }

    /// A phrase in this language.
    #[must_use]
    pub fn say(self, phrase: Phrase) -> &'static str {
        self.pick(phrase.en, phrase.sv)
    }
}

impl std::str::FromStr for Lang {
    type Err = UnknownLanguage;

    fn from_str(text: &str) -> Result<Lang, UnknownLanguage> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownLanguage(text.to_string()))
    }
}

/// A code that is not a language of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?} (en or sv)")]
pub struct UnknownLanguage(pub String);

/// A fixed phrase in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phrase {
    pub en: &'static str,
    pub sv: &'static str,
}

/// A phrase, written `p("English", "svenska")`.
pub(crate) const fn p(en: &'static str, sv: &'static str) -> Phrase {
    Phrase { en, sv }
}

/// The checker glyph of a colour: hollow for the light checkers, solid for the dark. It
/// stands before every play shown, so that whose play it is — and so whose numbers it is
/// written in — is never in doubt.
#[must_use]
pub fn glyph(side: crate::rules::Color) -> char {
    match side {
        crate::rules::Color::White => '○',
        crate::rules::Color::Black => '●',
    }
}

/// `x` with `places` decimals, written the language's way.
#[must_use]
pub(crate) fn fixed(lang: Lang, x: f64, places: usize) -> String {
    decimal(lang, format!("{x:.places$}"))
}

/// `x` with its sign and three decimals, written the language's way.
#[must_use]
pub(crate) fn signed(lang: Lang, x: f64) -> String {
    decimal(lang, format!("{x:+.3}"))
}

/// The text with its first letter capitalised.
#[must_use]
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A number already formatted with a decimal point, written the language's way: with a
/// decimal comma in Swedish ("0,087").
#[must_use]
pub fn decimal(lang: Lang, formatted: String) -> String {
    match lang {
        Lang::En => formatted,
        Lang::Sv => formatted.replace('.', ","),
    }
}

/// `2026-11-29 15:04 UTC` for a time in seconds since 1970.
#[must_use]
pub fn format_time(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// Alternatives as a sentence lists them: "9", "9 or 7", "9, 7 or 5" ("eller" in Swedish).
#[must_use]
pub fn list(lang: Lang, items: &[String]) -> String {
    let or = lang.pick("or", "eller");
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] => format!("{} {or} {last}", first.join(", ")),
    }
}
