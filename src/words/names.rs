//! How players, sides and levels are named: a colour's name, a level's, the computer's,
//! and a player's name as every screen and line shows it, in either language. The other
//! words files name players through this one; it uses none of them.

use super::{Lang, Phrase, p};
use crate::rules::Color;

// The computer's levels (`level_name`; the setup form shows them too).
pub const EASY: Phrase = p("easy", "lätt");
pub const MEDIUM: Phrase = p("medium", "medel");
pub const HARD: Phrase = p("hard", "svår");
pub const EXPERT: Phrase = p("expert", "expert");

/// A colour's name.
#[must_use]
pub fn color_name(lang: Lang, side: Color) -> &'static str {
    match side {
        Color::White => lang.pick("White", "Vit"),
        Color::Black => lang.pick("Black", "Svart"),
    }
}

/// A level's name in `lang`; `level` as typed on the command line.
#[must_use]
pub fn level_name(lang: Lang, level: &str) -> &str {
    match level {
        "easy" => lang.say(EASY),
        "medium" => lang.say(MEDIUM),
        "hard" => lang.say(HARD),
        "expert" => lang.say(EXPERT),
        "random" => lang.pick("random", "slump"),
        "heuristic" => lang.pick("heuristic", "heuristisk"),
        other => other,
    }
}

/// A computer side's name: "Computer (hard)", "Datorn (svår)"; `level` as typed on the
/// command line.
#[must_use]
pub fn computer_name(lang: Lang, level: &str) -> String {
    format!(
        "{} ({})",
        lang.pick("Computer", "Datorn"),
        level_name(lang, level)
    )
}

/// The name one side of a match is counted under when both sides bear the same name (the
/// computer against itself): the name and the side's glyph, "Computer (medium) ○" — one
/// name would otherwise win and lose the same match.
#[must_use]
pub fn side_of_one_name(name: &str, side: Color) -> String {
    format!("{name} {}", super::glyph(side))
}

/// A player's name as shown in `lang`: the default names (a colour's, or the computer's
/// with its level) in this language, whatever language the match was started in (also
/// with a side's glyph after it, see [`side_of_one_name`]).
#[must_use]
pub fn display_name(lang: Lang, name: &str) -> String {
    for side in Color::BOTH {
        if let Some(one) = name
            .strip_suffix(super::glyph(side))
            .and_then(|n| n.strip_suffix(' '))
        {
            return side_of_one_name(&display_name(lang, one), side);
        }
    }
    for side in Color::BOTH {
        if Lang::ALL.iter().any(|&l| color_name(l, side) == name) {
            return color_name(lang, side).to_string();
        }
    }
    for l in Lang::ALL {
        for level in ["random", "heuristic", "easy", "medium", "hard", "expert"] {
            if computer_name(l, level) == name {
                return computer_name(lang, level);
            }
        }
    }
    name.to_string()
}

/// A player as the message line names him: "Anna (White)", just "White" when the name is
/// the colour's, "Computer (hard, Black)" for a name that already says something; in
/// Swedish "Anna (vit)", "Datorn (svår, svart)".
#[must_use]
pub fn who(lang: Lang, name: &str, side: Color) -> String {
    let name = display_name(lang, name);
    let colour = color_name(lang, side);
    if name == colour {
        return name;
    }
    // Inside the brackets a colour is a word of the sentence: "Anna (White)", "Computer
    // (hard, Black)", "Anna (vit)", "Datorn (svår, svart)".
    let colour = match lang {
        Lang::En => colour.to_string(),
        Lang::Sv => colour.to_lowercase(),
    };
    match name.strip_suffix(')') {
        Some(inner) => format!("{inner}, {colour})"),
        None => format!("{name} ({colour})"),
    }
}
