//! The position editor's words: its panel, its keys and its refusals (a position the rules
//! do not read, said in either language).

use super::{Lang, Phrase, decimal, p};
use crate::backgammon::PositionError as BgPositionError;
use crate::brade::PositionError;
use crate::rules::Color;

pub const EDITOR: Phrase = p("Set up a position", "Ställ upp en ställning");
pub const BG_EDITOR: Phrase = p("Set up backgammon", "Ställ upp backgammon");
pub const GNU_ID: Phrase = p("GNU Position ID: ", "GNU Position ID: ");
pub const NO_ROLLOUT: Phrase = p(
    "The rollout could not be made (the computer's network cannot be read)",
    "Utspelningen gick inte att göra (datorns nätverk går inte att läsa)",
);
pub const CODE: Phrase = p("Code: ", "Kod: ");
pub const PLACING: Phrase = p("Enter places: ", "Enter ställer: ");
pub const TO_MOVE: Phrase = p("To move: ", "Vid draget: ");
pub const DICE: Phrase = p("Dice: ", "Tärningar: ");
pub const NO_DICE: Phrase = p("— (type two digits)", "— (skriv två siffror)");
pub const COPIED: Phrase = p(
    "Code copied to the terminal's clipboard (OSC 52) — it is also shown above",
    "Koden kopierad till terminalens urklipp (OSC 52) — den står också ovan",
);
pub const COPIED_ID: Phrase = p(
    "GNU Position ID copied to the terminal's clipboard (OSC 52) — it is also shown above",
    "GNU Position ID kopierat till terminalens urklipp (OSC 52) — det står också ovan",
);
pub const NEEDS_ROLL: Phrase = p(
    "Type the dice first (two digits 1–6)",
    "Skriv tärningarna först (två siffror 1–6)",
);
pub const DICE_FOR_PLAYS: Phrase = p(
    "Type the dice for the best plays of a roll",
    "Skriv tärningarna för ett slags bästa drag",
);
pub const NOTHING_TO_PLAY: Phrase = p(
    "Nothing to play: the roll cannot be played here, or the game is over",
    "Inget att spela: slaget går inte att spela här, eller partiet är slut",
);
pub const ROLLING_OUT: Phrase = p("Rolling out…", "Spelar ut…");
pub const THINKING: Phrase = p("The computer is thinking…", "Datorn tänker…");
pub const KEYS: [Phrase; 3] = [
    p(
        "←→↑↓ move · Enter/+ add · x/− remove · c colour · t side to move · s start · n empty",
        "←→↑↓ flytta · Enter/+ lägg till · x/− ta bort · c färg · t vid draget · s start · n tomt",
    ),
    p(
        "1–6 dice · H best plays · R roll out · p play a friend · o play the computer",
        "1–6 tärningar · H bästa dragen · R spela ut · p spela mot en vän · o spela mot datorn",
    ),
    p(
        ": type or paste a code · y copy the code · P picture · g backgammon · Esc back",
        ": skriv eller klistra in en kod · y kopiera koden · P bild · g backgammon · Esc tillbaka",
    ),
];
pub const BG_KEYS: [Phrase; 3] = [
    p(
        "←→↑↓ move (bar, trays too) · Enter/+ add, bear off · x/− remove · c colour · t side to move · s start · n clear colour",
        "←→↑↓ flytta (baren, facken) · Enter/+ lägg till, spela hem · x/− ta bort · c färg · t vid draget · s start · n töm färgen",
    ),
    p(
        "1–6 dice · H best plays (no dice: the cube) · R roll out · p play a friend · o play the computer",
        "1–6 tärningar · H bästa dragen (utan tärningar: kuben) · R spela ut · p spela mot en vän · o spela mot datorn",
    ),
    p(
        ": paste a code · y/Y/X copy the code/ID/XGID · P picture · g bräde · Esc back",
        ": klistra in kod · y/Y/X kopiera kod/id/XGID · P bild · g bräde · Esc tillbaka",
    ),
];
pub const PLAYING_KEYS: Phrase = p(
    "Playing out the position set up (not saved) · Esc back to the editor",
    "Ställningen spelas ut (sparas inte) · Esc tillbaka till redigeraren",
);

/// A colour's name.
fn side(lang: Lang, c: Color) -> &'static str {
    match (lang, c) {
        (Lang::En, Color::White) => "White",
        (Lang::En, Color::Black) => "Black",
        (Lang::Sv, Color::White) => "Vit",
        (Lang::Sv, Color::Black) => "Svart",
    }
}

/// A side that would have more than 15 checkers (either game).
fn too_many(lang: Lang, s: Color, count: u32) -> String {
    match lang {
        Lang::En => format!(
            "{} would have {count} checkers: a side has 15 at most",
            side(lang, s)
        ),
        Lang::Sv => format!(
            "{} skulle få {count} brickor: en sida har högst 15",
            side(lang, s)
        ),
    }
}

/// Why a position is refused, in words.
#[must_use]
pub fn refusal(lang: Lang, why: &PositionError) -> String {
    match (lang, why) {
        (_, PositionError::TooMany { side: s, count }) => too_many(lang, *s, *count),
        (Lang::En, PositionError::Shared { .. }) => "Both colours cannot stand on one tunga".to_string(),
        (Lang::Sv, PositionError::Shared { .. }) => "Båda färgerna kan inte stå på samma tunga".to_string(),
        (
            Lang::En,
            PositionError::BandInFirstHalf {
                side: s,
                point,
                count,
            },
        ) => format!(
            "{} would have {count} checkers on its point {point}: no band on points 2–11 (R7)",
            side(lang, *s)
        ),
        (
            Lang::Sv,
            PositionError::BandInFirstHalf {
                side: s,
                point,
                count,
            },
        ) => format!(
            "{} skulle få {count} brickor på sin tunga {point}: inget band på tungorna 2–11 (R7)",
            side(lang, *s)
        ),
        (Lang::En, other) => format!("Not a position: {other}"),
        (Lang::Sv, other) => format!("Ingen ställning: {other}"),
    }
}

/// Why a backgammon position is refused, in words.
#[must_use]
pub fn bg_refusal(lang: Lang, why: &BgPositionError) -> String {
    match (lang, why) {
        (_, BgPositionError::TooMany { side: s, count }) => too_many(lang, *s, *count),
        (Lang::En, BgPositionError::Shared { .. }) => "Both colours cannot stand on one point".to_string(),
        (Lang::Sv, BgPositionError::Shared { .. }) => "Båda färgerna kan inte stå på samma punkt".to_string(),
        (Lang::En, BgPositionError::BothOff) => {
            "Both sides cannot have borne off every checker: only one can have won".to_string()
        }
        (Lang::Sv, BgPositionError::BothOff) => {
            "Båda sidor kan inte ha spelat hem alla brickor: bara en kan ha vunnit".to_string()
        }
        (Lang::En, other) => format!("Not a position: {other}"),
        (Lang::Sv, other) => format!("Ingen ställning: {other}"),
    }
}

/// A colour's checkers borne off (those not on the board).
#[must_use]
pub fn borne_off(lang: Lang, c: Color, n: u8) -> String {
    match lang {
        Lang::En => format!("{}: {n} borne off", side(lang, c)),
        Lang::Sv => format!("{}: {n} hemspelade", side(lang, c)),
    }
}

/// The colour Enter places, or who is to move.
#[must_use]
pub fn colour(lang: Lang, c: Color) -> &'static str {
    side(lang, c)
}

/// A rollout's result for the side to move.
#[must_use]
pub fn rollout(lang: Lang, games: u32, equity: f64, error: f64) -> String {
    let (e, se) = (
        decimal(lang, format!("{equity:+.3}")),
        decimal(lang, format!("{error:.3}")),
    );
    match lang {
        Lang::En => format!("Rollout (medium, {games} games): {e} ± {se} points for the side to move"),
        Lang::Sv => format!("Utspelning (medel, {games} partier): {e} ± {se} poäng för den vid draget"),
    }
}
