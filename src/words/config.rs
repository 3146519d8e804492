//! What the game says about a `config.toml` it cannot fully use.

use std::path::Path;

use super::Lang;

/// A line that is not TOML (`why`: the parser's reason, in English).
#[must_use]
pub fn not_key_value(lang: Lang, why: &str) -> String {
    match lang {
        Lang::En => format!("not a `key = value` line ({why})"),
        Lang::Sv => format!("ingen `nyckel = värde`-rad ({why})"),
    }
}

/// A value of the wrong kind (`expected`: the values, as the file writes them, joined
/// with "or").
#[must_use]
pub fn bad_value(lang: Lang, shown: &str, expected: &str) -> String {
    match lang {
        Lang::En => format!("{shown} is not {expected}"),
        Lang::Sv => format!("{shown} är inte {}", expected.replace(" or ", " eller ")),
    }
}

/// A key the game does not know.
#[must_use]
pub fn unknown_key(lang: Lang, known: &str) -> String {
    match lang {
        Lang::En => format!("unknown setting (known: {known})"),
        Lang::Sv => format!("okänd inställning (kända: {known})"),
    }
}

/// Where in a settings file a problem is, and what it is: the line, the key when the line
/// names one, and the fault in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineFigures<'a> {
    pub line: usize,
    pub key: Option<&'a str>,
    pub fault: &'a str,
}

/// A line's problem, with the file, the line and the key.
#[must_use]
pub fn line(lang: Lang, path: &Path, at: &LineFigures) -> String {
    let (line, key, fault) = (at.line, at.key, at.fault);
    let at = match lang {
        Lang::En => format!("line {line}"),
        Lang::Sv => format!("rad {line}"),
    };
    match key {
        Some(key) => format!("{}: {at}: {key}: {fault}", path.display()),
        None => format!("{}: {at}: {fault}", path.display()),
    }
}

/// A file too large to be a settings file.
#[must_use]
pub fn too_large(lang: Lang, path: &Path, size: u64, max: u64) -> String {
    match lang {
        Lang::En => format!(
            "{}: {size} bytes is too large for a settings file (at most {max}); all settings keep their defaults",
            path.display()
        ),
        Lang::Sv => format!(
            "{}: {size} byte är för stort för en inställningsfil (högst {max}); alla inställningar har standardvärdet",
            path.display()
        ),
    }
}

/// A file that cannot be read.
#[must_use]
pub fn unreadable(lang: Lang, path: &Path, e: &std::io::Error) -> String {
    match lang {
        Lang::En => format!("{}: {e}", path.display()),
        Lang::Sv => format!("{}: kan inte läsas ({e})", path.display()),
    }
}

/// A key set twice.
#[must_use]
pub fn duplicate(lang: Lang, first: usize) -> String {
    match lang {
        Lang::En => format!("set twice (first on line {first}); the value on this line is used"),
        Lang::Sv => format!("satt två gånger (först på rad {first}); värdet på den här raden gäller"),
    }
}
