//! What the command line says (in English: it answers scripts and people at a shell
//! alike): its help, its listings, and its complaints about arguments.

use std::io;
use std::path::Path;

use super::{Lang, format_time, rules::standing};
use crate::session::Match;

/// Printed after `brade --help`.
pub const AFTER_HELP: &str = "\
Position codes: WHITE/BLACK/TURN, each side a list of POINT or POINTxCOUNT in that side's
own numbering (0 = the bar, unlisted checkers are borne off, '-' = none on the board),
TURN 'w' or 'b'. The start is 1x15/1x15/w. Dice: 53, 5-3 or \"5 3\".";

/// The help of a level, by its name.
#[must_use]
pub fn level_help(level: &str) -> &'static str {
    match level {
        "random" => "Uniformly random legal plays",
        "heuristic" => "The hand-written evaluation, best play at 0 ply",
        "easy" => "The network's best play with noise: makes mistakes a beginner can punish",
        "medium" => "The network's best play at 0 ply",
        "expert" => {
            "Hard's search, then its best three plays one ply deeper: each opponent reply weighed by \
             the best answer to each of the 21 rolls after it"
        }
        _ => {
            "The network's filtered 2-ply search: the best few plays, each weighed against the \
             opponent's best reply to each of the 21 rolls"
        }
    }
}

/// An error line on stderr.
#[must_use]
pub fn error(msg: &str) -> String {
    format!("error: {msg}")
}

/// An error in the arguments, with where to look.
#[must_use]
pub fn usage_error(msg: &str) -> String {
    format!("error: {msg} (see 'brade --help')")
}

pub const NO_DATA_DIR: &str = "no data directory is known here; name one with --data-dir DIR";
pub const EMPTY_NAME: &str = "a name needs at least one visible character";
pub const NO_SHIPPED_NETWORK: &str = "the shipped network cannot be read";

/// A name longer than `max` characters.
#[must_use]
pub fn long_name(max: usize) -> String {
    format!("a name has at most {max} characters")
}

/// A match length that is not 1, 3, 5 or 7.
#[must_use]
pub fn bad_games(text: &str) -> String {
    format!("a match has 1, 3, 5 or 7 games, not {text:?}")
}

/// A match length `brade arena --match` cannot play.
#[must_use]
pub fn bad_match_length(text: &str) -> String {
    format!("a match for --match has 3, 5 or 7 games, not {text:?}")
}

/// A number of games below 1.
#[must_use]
pub fn bad_count(text: &str) -> String {
    format!("the number of games must be a whole number of at least 1, not {text:?}")
}

/// `play --resume` without a saved match.
#[must_use]
pub fn no_saved_match(path: &Path) -> String {
    format!("there is no saved match in {}", path.display())
}

/// `records` in an empty data directory.
#[must_use]
pub fn no_records(dir: &Path) -> String {
    format!("no finished matches yet in {}\n", dir.display())
}

/// A line of `brade records`: file, date, players, length and how the match stands (or
/// why it cannot be replayed).
#[must_use]
pub fn record_line(
    path: &Path,
    saved_at: u64,
    names: [&str; 2],
    games: u32,
    replayed: Result<&Match, String>,
) -> String {
    let summary = match replayed {
        Ok(game) => standing(Lang::En, &game.score, &game.names),
        Err(e) => format!("cannot be replayed: {e}"),
    };
    format!(
        "{}\t{}\t{} – {}\t{games} games\t{summary}\n",
        path.display(),
        format_time(saved_at),
        names[0],
        names[1]
    )
}

/// A line of `brade records` for a file that cannot be read.
#[must_use]
pub fn unreadable_record(path: &Path, why: &str) -> String {
    format!("{}\terror: {why}\n", path.display())
}

/// A perft deeper than the command line runs.
#[must_use]
pub fn perft_too_deep(depth: u32, max: u32) -> String {
    format!("depth {depth} is too deep: at most {max} (depth 4 from the start is already 21 million plays)")
}

/// `perft --time`: how long it took and how fast it went.
#[must_use]
pub fn perft_time(secs: f64, per_second: f64) -> String {
    format!("{secs:.3} s, {:.2} million leaf plays/s\n", per_second / 1e6)
}

/// The heading of `brade analyze`.
#[must_use]
pub fn analysis_heading(
    (white, black): (&str, &str),
    thresholds: [f64; 3],
    ratings: [f64; 7],
    match_point: Option<(u32, f64)>,
) -> String {
    let say = |i: usize| Lang::En.say(super::screens::RATINGS[i]);
    let in_match = match_point.map_or(String::new(), |(games, point)| {
        format!(
            "In this {games}-game match each play is weighed by the chance to win the match; a chance lost is\n\
             counted in points of its first game for the marks and ratings (a point is worth {:.1} % there).\n",
            100.0 * point
        )
    });
    let scale: Vec<String> = ratings
        .iter()
        .enumerate()
        .map(|(i, limit)| format!("{} < {limit}", say(i)))
        .collect();
    format!(
        "Analysis: {white} v {black}, by the hard level (the network, filtered 2 ply)\n\
         Marks: ?! doubtful (loses {:.2}+ points), ? bad ({:.2}+), ?? very bad ({:.2}+)\n\
         Ratings by error rate: {}, otherwise {}\n{}\n",
        thresholds[0],
        thresholds[1],
        thresholds[2],
        scale.join(", "),
        say(ratings.len()),
        in_match
    )
}

/// One decision of `brade analyze`: where, who, the roll, the play made with its mark, and
/// — when it was not the best — the best play and the loss (in a match with the chance
/// lost).
#[must_use]
pub fn analysis_line(
    at: (usize, usize),
    who: &str,
    roll: &str,
    played: &str,
    sign: &str,
    best: &str,
    loss: (f64, Option<f64>),
) -> String {
    let (game, turn) = at;
    let made = format!("{played}{sign}");
    let (loss, chance) = loss;
    if loss > 0.0 {
        let chance = chance.map_or(String::new(), |c| format!(" ({:.2} % of the match)", 100.0 * c));
        format!(
            "game {game} turn {turn:>3}  {who:<6} {roll}  {made:<24} best {best:<24} loses {loss:.3}{chance}\n"
        )
    } else {
        format!("game {game} turn {turn:>3}  {who:<6} {roll}  {made:<24} best\n")
    }
}

/// A player's summary in `brade analyze`.
#[must_use]
pub fn analysis_summary(who: &str, figures: (u32, [u32; 3], f64, f64), rating: Option<&str>) -> String {
    let (decisions, [doubtful, bad, very_bad], total, rate) = figures;
    let rating = rating.map(|r| format!("; rating: {r}")).unwrap_or_default();
    format!(
        "{who}: {decisions} decisions; {doubtful} doubtful, {bad} bad, {very_bad} very bad; \
         {total:.3} points lost in all; error rate {rate:.1} (thousandths of a point lost per decision){rating}\n"
    )
}

/// The analysis could not be kept beside its record (it is still printed).
#[must_use]
pub fn analysis_not_kept(path: &Path, e: &io::Error) -> String {
    format!("note: the analysis could not be kept in {}: {e}", path.display())
}

/// A player's line of `brade stats`.
#[must_use]
pub fn stats_line(name: &str, figures: (u32, u32, u32, u32, f64)) -> String {
    let (matches, matches_won, games, games_won, per_game) = figures;
    format!(
        "{name}: matches {matches_won} won of {matches}; games {games_won} won of {games}; {per_game:.2} points per game\n"
    )
}

/// The results of `brade stats` by kind: "  won: hemspel 3, jan 1; lost: …".
#[must_use]
pub fn stats_results(won: &[(String, u32)], lost: &[(String, u32)]) -> String {
    let list = |v: &[(String, u32)]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    format!("  won: {}\n  lost: {}\n", list(won), list(lost))
}

/// `brade stats` with no finished match.
#[must_use]
pub fn no_stats(dir: &Path) -> String {
    format!("no matches to count yet in {}\n", dir.display())
}

/// The error rates of `brade stats`: match by match, oldest first, then over all
/// analysed decisions with the rating.
#[must_use]
pub fn stats_errors(rates: &[f64], overall: Option<(f64, &str)>) -> String {
    match overall {
        None => "  error rate: no analysed match (brade stats --analyze)\n".to_string(),
        Some((rate, rating)) => {
            let each: Vec<String> = rates.iter().map(|r| format!("{r:.1}")).collect();
            format!(
                "  error rate: {rate:.1} ({rating}); by match, oldest first: {}\n",
                each.join(", ")
            )
        }
    }
}

/// The heading of `brade rollout`.
#[must_use]
pub fn rollout_heading(position: &str, level: &str, games: u32, luck_adjusted: bool) -> String {
    let adjusted = if luck_adjusted {
        ", each roll's luck taken off"
    } else {
        ""
    };
    format!(
        "rollout of {position} by {level}, {games} games a rollout (the first two rolls in proportion{adjusted})\n"
    )
}

/// A play rolled out in `brade rollout POSITION DICE`.
#[must_use]
pub fn rollout_play(play: &str) -> String {
    format!("\n{play}\n")
}

/// A play that ends the game at once.
#[must_use]
pub fn rollout_ends(result: &str, points: u32) -> String {
    format!(
        "  ends the game: {result}, {points} point{}\n",
        if points == 1 { "" } else { "s" }
    )
}

/// A rollout's figures for the side to roll: expected points ± standard error, then the
/// share of each result won and lost (%), with munk.
#[must_use]
pub fn rollout_report(
    equity: (f64, f64),
    plain: Option<(f64, f64)>,
    won: (&[(String, f64)], f64),
    lost: (&[(String, f64)], f64),
    unfinished: u32,
) -> String {
    let list = |(v, munk): (&[(String, f64)], f64)| {
        let mut parts: Vec<String> = v.iter().map(|(k, p)| format!("{k} {p:.1} %")).collect();
        if munk > 0.0 {
            parts.push(format!("of which munk {munk:.1} %"));
        }
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(", ")
        }
    };
    let plain = plain
        .map(|(mean, error)| format!("; without it {mean:+.3} ± {error:.3}"))
        .unwrap_or_default();
    let adjusted = if plain.is_empty() { "" } else { ", luck-adjusted" };
    let mut text = format!(
        "  expected points {:+.3} ± {:.3} (standard error{adjusted}{plain})\n  won: {}\n  lost: {}\n",
        equity.0,
        equity.1,
        list(won),
        list(lost)
    );
    if unfinished > 0 {
        text.push_str(&format!("  unfinished: {unfinished}\n"));
    }
    text
}
