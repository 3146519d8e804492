//! The words of records: the transcript of a match (`brade export`), in either language.

use super::names::{color_name, display_name, who};
use super::rules::{result_name, standing};
use super::{Lang, Phrase, format_time, p, screens};
use crate::rules::Color;
use crate::session::Match;

/// A readable transcript of a match: players, date, every turn of every game (mover,
/// dice, play in the mover's numbers), each result with its points, and the match result.
#[must_use]
pub fn transcript(lang: Lang, game: &Match, saved_at: u64, manual: bool) -> String {
    use std::fmt::Write as _;
    let name = |side: Color| display_name(lang, game.name(side));
    let (white, black) = (name(Color::White), name(Color::Black));
    let [white_who, black_who] = Color::BOTH.map(|side| who(lang, game.name(side), side));
    let games = screens::games(lang, game.score.games());
    let mut out = String::new();
    let _ = match lang {
        Lang::En => writeln!(out, "Bräde: {white_who} v {black_who}, a match of {games}"),
        Lang::Sv => writeln!(out, "Bräde: {white_who} mot {black_who}, en match om {games}"),
    };
    let _ = writeln!(out, "{} {}", lang.pick("Saved", "Sparad"), format_time(saved_at));
    if manual {
        let _ = writeln!(out, "{}", lang.say(MANUAL_DICE_SAID));
    }
    let rules = super::rules::ruleset_name(lang, game.rules);
    let _ = match game.rules.name() {
        Some(code) => writeln!(out, "{}: {rules} ({code})", lang.pick("Rules", "Regler")),
        None => writeln!(out, "{}: {rules}", lang.pick("Rules", "Regler")),
    };
    if !game.teka_rolls.is_empty() {
        let rolls: Vec<String> = game
            .teka_rolls
            .iter()
            .map(|(w, b)| {
                format!(
                    "{} {w}, {} {b}",
                    color_name(lang, Color::White),
                    color_name(lang, Color::Black)
                )
            })
            .collect();
        let _ = match lang {
            Lang::En => writeln!(out, "Teka: {} — the lower die starts", rolls.join("; ")),
            Lang::Sv => writeln!(out, "Teka: {} — den som slår lägst börjar", rolls.join("; ")),
        };
    }
    for (gi, log) in game.log.iter().enumerate() {
        let starter = color_name(lang, log.starter);
        let _ = match lang {
            Lang::En => writeln!(out, "\nGame {} — {starter} starts", gi + 1),
            Lang::Sv => writeln!(out, "\nParti {} — {starter} börjar", gi + 1),
        };
        let mut mover = log.starter;
        for (ti, (roll, play)) in log.turns.iter().enumerate() {
            let _ = writeln!(
                out,
                "{:>4}. {:<20} {}  {} {}",
                ti + 1,
                name(mover),
                roll,
                super::glyph(mover),
                play
            );
            mover = mover.other();
        }
        let _ = match (log.result, lang) {
            (Some(r), _) => writeln!(
                out,
                "      {} {}: {} — {}",
                name(r.winner),
                lang.pick("wins", "vinner"),
                result_name(&r.result),
                screens::points(lang, r.result.points())
            ),
            (None, Lang::En) => writeln!(out, "      (not finished)"),
            (None, Lang::Sv) => writeln!(out, "      (inte avslutat)"),
        };
    }
    let _ = writeln!(
        out,
        "\n{}: {white} {} – {} {black}: {}",
        lang.pick("Match", "Matchen"),
        game.score.points(Color::White),
        game.score.points(Color::Black),
        standing(lang, &game.score, &game.names)
    );
    out
}

/// The mark of a match played with manual dice, wherever it is listed or shown: its dice
/// were typed in by the players, and no checksum can prove what they were.
pub const MANUAL_DICE: Phrase = p("manual dice", "egna tärningar");

/// The same in a sentence of its own (a transcript's header, a `.mat` file's comment).
pub const MANUAL_DICE_SAID: Phrase = p(
    "Dice: manual — typed in by the players, not drawn by brade",
    "Tärningar: egna — inskrivna av spelarna, inte dragna av brade",
);

/// A record without a turn to replay.
#[must_use]
pub fn no_turns(lang: Lang) -> &'static str {
    lang.pick("it has no turns to replay", "den har inga drag att spela upp")
}
