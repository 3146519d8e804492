//! The words of records: the transcript of a match (`brade export`), in English.

use super::rules::{color_name, result_name, standing};
use super::{Lang, format_time};
use crate::rules::Color;
use crate::session::Match;

/// A readable transcript of a match: players, date, every turn of every game (mover,
/// dice, play), each result with its points, and the match result.
#[must_use]
pub fn transcript(game: &Match, saved_at: u64) -> String {
    use std::fmt::Write as _;
    let [white, black] = &game.names;
    let games = game.score.games();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Bräde: {} (White) v {} (Black), a match of {} game{}",
        white,
        black,
        games,
        if games == 1 { "" } else { "s" }
    );
    let _ = writeln!(out, "Saved {}", format_time(saved_at));
    if !game.teka_rolls.is_empty() {
        let rolls: Vec<String> = game
            .teka_rolls
            .iter()
            .map(|(w, b)| format!("White {w}, Black {b}"))
            .collect();
        let _ = writeln!(out, "Teka: {} — the lower die starts", rolls.join("; "));
    }
    for (gi, log) in game.log.iter().enumerate() {
        let _ = writeln!(
            out,
            "\nGame {} — {} starts",
            gi + 1,
            color_name(Lang::En, log.starter)
        );
        let mut mover = log.starter;
        for (ti, (roll, play)) in log.turns.iter().enumerate() {
            let name = &game.names[mover.index()];
            let _ = writeln!(out, "{:>4}. {:<20} {}  {}", ti + 1, name, roll, play);
            mover = mover.other();
        }
        match log.result {
            Some(r) => {
                let points = r.result.points();
                let _ = writeln!(
                    out,
                    "      {} wins: {} — {points} point{}",
                    game.names[r.winner.index()],
                    result_name(&r.result),
                    if points == 1 { "" } else { "s" }
                );
            }
            None => {
                let _ = writeln!(out, "      (not finished)");
            }
        }
    }
    let _ = writeln!(
        out,
        "\nMatch: {} {} – {} {}: {}",
        white,
        game.score.points(Color::White),
        game.score.points(Color::Black),
        black,
        standing(Lang::En, &game.score, &game.names)
    );
    out
}
