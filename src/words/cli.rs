//! What the command line says: its help and its complaints about arguments (in English,
//! as clap's own are), and its listings and reports for people, in the language of the run
//! (`--lang`, else the settings'). Machine columns — plays, position codes, result names,
//! numbers in `--tsv` — are notation, the same in both.

use std::io;
use std::path::Path;

use super::figures::{Estimate, Loss, PlayerFigures};
use super::{Lang, Phrase, decimal, fixed, format_time, signed};

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
             the best answer to each of the 21 rolls after it (backgammon: its best five, where hard \
             weighs three)"
        }
        _ => {
            "The network's filtered 2-ply search: the best few plays, each weighed against the \
             opponent's best reply to each of the 21 rolls (backgammon: then its best three one roll \
             deeper still)"
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

/// A number of games below 1 or above `max`.
#[must_use]
pub fn bad_count(text: &str, max: u32) -> String {
    format!("the number must be a whole number from 1 to {max}, not {text:?}")
}

/// A number of threads out of bounds.
#[must_use]
pub fn bad_threads(text: &str, max: usize) -> String {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    format!(
        "the threads must be a whole number from 1 to {max} (this machine has {cores} cores), not {text:?}"
    )
}

/// A match cannot be played here: the data directory is another process's (`held`) or
/// cannot be used (`why` says which and why).
#[must_use]
pub fn cannot_play(lang: Lang, why: &str, held: bool) -> String {
    match (lang, held) {
        (Lang::En, true) => format!(
            "{why}; a match played here could not be saved. Finish or quit the other one first; meanwhile \
             'brade' alone shows the rules, the records and their replays"
        ),
        (Lang::Sv, true) => format!(
            "{why}; en match här skulle inte kunna sparas. Avsluta den andra först; under tiden visar \
             'brade' ensamt reglerna, de spelade matcherna och deras uppspelning"
        ),
        (Lang::En, false) => format!("{why}; name another with --data-dir DIR"),
        (Lang::Sv, false) => format!("{why}; ange en annan med --data-dir KATALOG"),
    }
}

/// The start screen's notice when the data directory is another's or unusable (`why`).
#[must_use]
pub fn read_only(lang: Lang, why: &str) -> String {
    match lang {
        Lang::En => format!(
            "{}. Here you can read the rules, change the settings and replay the records; to play, \
             quit the other one and start brade again (on a server: log in again).",
            super::capitalised(why)
        ),
        Lang::Sv => format!(
            "{}. Här kan du läsa reglerna, ändra inställningarna och spela upp de spelade matcherna; för \
             att spela, avsluta den andra och starta brade igen (på en server: logga in igen).",
            super::capitalised(why)
        ),
    }
}

/// `records` in an empty data directory.
#[must_use]
pub fn no_records(lang: Lang, dir: &Path) -> String {
    match lang {
        Lang::En => format!("no finished matches yet in {}\n", dir.display()),
        Lang::Sv => format!("inga avslutade matcher än i {}\n", dir.display()),
    }
}

/// What a line of `brade records` says of a record, in its game's words.
#[derive(Clone, Debug)]
pub struct RecordFigures<'a> {
    /// Seconds since 1970.
    pub saved_at: u64,
    pub names: &'a [String; 2],
    /// The game's name (`bräde`, `backgammon`).
    pub game: &'static str,
    /// The match's length ("3 games", "to 5 points", "money play").
    pub length: String,
    /// How the match stands.
    pub standing: String,
    /// The rules, as the game writes them (bräde: the rule set's code; backgammon:
    /// `standard` or the options that differ).
    pub rules: &'a str,
    /// Played with manual dice.
    pub manual: bool,
}

/// The last column of a line of `brade records`: the mark of a match played with manual
/// dice (a column more), nothing for one of drawn dice.
fn manual_column(lang: Lang, manual: bool) -> String {
    if manual {
        format!("\t{}", lang.say(super::records::MANUAL_DICE))
    } else {
        String::new()
    }
}

/// A line of `brade records`: file, date, players, the game, the match's length, how it
/// stands, its rules, and `manual dice` after them for a match played so.
#[must_use]
pub fn record_line(lang: Lang, path: &Path, record: &RecordFigures) -> String {
    let name = |n: &str| super::names::display_name(lang, n);
    format!(
        "{}\t{}\t{} – {}\t{}\t{}\t{}\t{}{}\n",
        path.display(),
        format_time(record.saved_at),
        name(&record.names[0]),
        name(&record.names[1]),
        record.game,
        record.length,
        record.standing,
        record.rules,
        manual_column(lang, record.manual)
    )
}

/// A line of `brade records` for a file that cannot be read.
#[must_use]
pub fn unreadable_record(lang: Lang, path: &Path, why: &str) -> String {
    let error = lang.pick("error", "fel");
    format!("{}\t{error}: {why}\n", path.display())
}

/// A perft deeper than the command line runs.
#[must_use]
pub fn perft_too_deep(depth: u32, max: u32) -> String {
    format!("depth {depth} is too deep: at most {max} (depth 4 from the start is already 21 million plays)")
}

/// The progress bar of a long perft (an indicatif template): first-turn plays counted, of
/// how many, and the time left.
#[must_use]
pub fn perft_progress(lang: Lang) -> String {
    match lang {
        Lang::En => "{bar:40} {pos}/{len} first plays counted, about {eta} left".to_string(),
        Lang::Sv => "{bar:40} {pos}/{len} första drag räknade, ungefär {eta} kvar".to_string(),
    }
}

/// `perft --time`: how long it took and how fast it went.
#[must_use]
pub fn perft_time(lang: Lang, secs: f64, per_second: f64) -> String {
    let secs = decimal(lang, format!("{secs:.3}"));
    let rate = decimal(lang, format!("{:.2}", per_second / 1e6));
    match lang {
        Lang::En => format!("{secs} s, {rate} million leaf plays/s\n"),
        Lang::Sv => format!("{secs} s, {rate} miljoner slutdrag/s\n"),
    }
}

/// What the heading of `brade analyze` says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisFigures<'a> {
    /// The players, as the message line names them.
    pub white: &'a str,
    pub black: &'a str,
    /// The losses (points) from which a play is doubtful, bad and very bad.
    pub thresholds: [f64; 3],
    /// The error rates below which each rating is given, best first.
    pub ratings: [f64; 7],
    /// The games of the match.
    pub games: u32,
    /// What a point of the match's first game is worth in match chance, when each play is
    /// weighed by the chance to win the match (none: by points).
    pub point_value: Option<f64>,
    /// How many plies the judge (the hard level) searches, filtered.
    pub judge_plies: u8,
}

/// The heading of `brade analyze`.
#[must_use]
pub fn analysis_heading(lang: Lang, f: &AnalysisFigures) -> String {
    let (white, black, thresholds, ratings, games) = (f.white, f.black, f.thresholds, f.ratings, f.games);
    let plies = f.judge_plies;
    let say = |i: usize| lang.say(super::screens::RATINGS[i]);
    let in_match = f.point_value.map_or(String::new(), |point| match lang {
        Lang::En => format!(
            "In this {games}-game match each play is weighed by the chance to win the match; a chance lost is\n\
             counted in points of its first game for the marks and ratings (a point is worth {} % there).\n",
            fixed(lang, 100.0 * point, 1)
        ),
        Lang::Sv => format!(
            "I den här matchen om {games} partier vägs varje drag efter chansen att vinna matchen; en förlorad chans\n\
             räknas i poäng i dess första parti för markeringarna och betygen (en poäng är värd {} % där).\n",
            fixed(lang, 100.0 * point, 1)
        ),
    });
    let scale: Vec<String> = ratings
        .iter()
        .enumerate()
        .map(|(i, limit)| format!("{} < {}", say(i), decimal(lang, limit.to_string())))
        .collect();
    let [doubtful, bad, very_bad] = thresholds.map(|t| fixed(lang, t, 2));
    match lang {
        Lang::En => format!(
            "Analysis: {white} v {black}, by the hard level (the network, filtered {plies} ply)\n\
             Marks: ?! doubtful (loses {doubtful}+ points), ? bad ({bad}+), ?? very bad ({very_bad}+)\n\
             Ratings by error rate (‰ of a point lost a decision): {}, otherwise {}\n{in_match}\n",
            scale.join(", "),
            say(ratings.len()),
        ),
        Lang::Sv => format!(
            "Analys: {white} mot {black}, av nivån svår (nätverket, filtrerat {plies} drag framåt)\n\
             Markeringar: ?! tveksamt (förlorar minst {doubtful} poäng), ? dåligt (minst {bad}), ?? mycket dåligt (minst {very_bad})\n\
             Betyg efter förlust per beslut (‰ poäng): {}, annars {}\n{in_match}\n",
            scale.join(", "),
            say(ratings.len()),
        ),
    }
}

/// One decision as a line of `brade analyze` says it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecisionFigures<'a> {
    /// Where: the game and the turn.
    pub game: usize,
    pub turn: usize,
    /// The mover, the roll, the play made with its mark, and the best play.
    pub who: &'a str,
    pub roll: &'a str,
    pub played: &'a str,
    pub sign: &'a str,
    pub best: &'a str,
    pub loss: Loss,
}

/// One decision of `brade analyze`: where, who, the roll, the play made with its mark, and
/// — when it was not the best — the best play and the loss (in a match with the chance
/// lost).
#[must_use]
pub fn analysis_line(lang: Lang, d: &DecisionFigures) -> String {
    let (game, turn, who, roll, best) = (d.game, d.turn, d.who, d.roll, d.best);
    let made = format!("{}{}", d.played, d.sign);
    let (loss, chance) = (d.loss.points, d.loss.match_chance);
    let (game_w, turn_w, best_w, loses_w) = match lang {
        Lang::En => ("game", "turn", "best", "loses"),
        Lang::Sv => ("parti", "drag", "bäst", "förlorar"),
    };
    if loss > 0.0 {
        let chance = chance.map_or(String::new(), |c| {
            let c = decimal(lang, format!("{:.2}", 100.0 * c));
            match lang {
                Lang::En => format!(" ({c} % of the match)"),
                Lang::Sv => format!(" ({c} % av matchen)"),
            }
        });
        let loss = decimal(lang, format!("{loss:.3}"));
        format!(
            "{game_w} {game} {turn_w} {turn:>3}  {who:<6} {roll}  {made:<24} {best_w} {best:<24} {loses_w} {loss}{chance}\n"
        )
    } else {
        format!("{game_w} {game} {turn_w} {turn:>3}  {who:<6} {roll}  {made:<24} {best_w}\n")
    }
}

/// A player's figures in the summary of `brade analyze`: the decisions, those marked
/// doubtful, bad and very bad, the points lost in all and the error rate (thousandths of
/// a point a decision).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SummaryFigures {
    pub decisions: u32,
    pub doubtful: u32,
    pub bad: u32,
    pub very_bad: u32,
    pub total_loss: f64,
    pub error_rate: f64,
}

/// A player's summary in `brade analyze`.
#[must_use]
pub fn analysis_summary(lang: Lang, who: &str, s: &SummaryFigures, rating: Option<&str>) -> String {
    let (decisions, doubtful, bad, very_bad) = (s.decisions, s.doubtful, s.bad, s.very_bad);
    let total = decimal(lang, format!("{:.3}", s.total_loss));
    let rate = decimal(lang, format!("{:.1}", s.error_rate));
    match lang {
        Lang::En => {
            let rating = rating.map(|r| format!("; rating: {r}")).unwrap_or_default();
            format!(
                "{who}: {decisions} decisions; {doubtful} doubtful, {bad} bad, {very_bad} very bad; \
                 {total} points lost in all; error rate {rate} ‰ of a point a decision{rating}\n"
            )
        }
        Lang::Sv => {
            let rating = rating.map(|r| format!("; betyg: {r}")).unwrap_or_default();
            format!(
                "{who}: {decisions} beslut; tveksamma {doubtful}, dåliga {bad}, mycket dåliga {very_bad}; \
                 {total} poäng förlorade i allt; förlust {rate} ‰ poäng per beslut{rating}\n"
            )
        }
    }
}

/// The analysis could not be kept beside its record (it is still printed).
#[must_use]
pub fn analysis_not_kept(lang: Lang, path: &Path, e: &io::Error) -> String {
    match lang {
        Lang::En => format!("note: the analysis could not be kept in {}: {e}", path.display()),
        Lang::Sv => format!("obs: analysen kunde inte sparas i {}: {e}", path.display()),
    }
}

/// A player's line of `brade stats`.
#[must_use]
pub fn stats_line(lang: Lang, name: &str, f: &PlayerFigures) -> String {
    let (matches, matches_won, games, games_won) = (f.matches, f.matches_won, f.games, f.games_won);
    let per_game = decimal(lang, format!("{:.2}", f.points_per_game));
    let name = super::names::display_name(lang, name);
    match lang {
        Lang::En => format!(
            "{name}: matches {matches_won} won of {matches}; games {games_won} won of {games}; {per_game} points per game\n"
        ),
        Lang::Sv => format!(
            "{name}: matcher {matches_won} vunna av {matches}; partier {games_won} vunna av {games}; {per_game} poäng per parti\n"
        ),
    }
}

/// The results of `brade stats` by kind: "  won: hemspel 3, jan 1; lost: …".
#[must_use]
pub fn stats_results(lang: Lang, won: &[(String, u32)], lost: &[(String, u32)]) -> String {
    let list = |v: &[(String, u32)]| {
        if v.is_empty() {
            lang.pick("none", "inga").to_string()
        } else {
            v.iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    match lang {
        Lang::En => format!("  won: {}\n  lost: {}\n", list(won), list(lost)),
        Lang::Sv => format!("  vann: {}\n  förlorade: {}\n", list(won), list(lost)),
    }
}

/// `brade stats`: the heading of a game's players after the first game's (after a blank
/// line when players came before).
#[must_use]
pub fn stats_game_heading(name: Phrase, lang: Lang, after_others: bool) -> String {
    let gap = if after_others { "\n" } else { "" };
    format!("{gap}{}:\n", lang.say(name))
}

/// `brade stats` with no finished match.
#[must_use]
pub fn no_stats(lang: Lang, dir: &Path) -> String {
    match lang {
        Lang::En => format!("no matches to count yet in {}\n", dir.display()),
        Lang::Sv => format!("inga matcher att räkna än i {}\n", dir.display()),
    }
}

/// A player's error rate over all analysed decisions (thousandths of a point a decision),
/// with the rating it earns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ErrorFigures<'a> {
    pub rate: f64,
    pub rating: &'a str,
}

/// How many matches `brade stats` gives one by one: the latest; `--series` gives all.
pub const STATS_SHOWN: usize = 10;

/// The error rates of `brade stats`: over all analysed decisions with the rating, then
/// match by match, oldest first — the last [`STATS_SHOWN`] of them when there are more
/// (`brade stats --series` gives every one), so that the line stays short however long
/// the history.
#[must_use]
pub fn stats_errors(lang: Lang, rates: &[f64], overall: Option<ErrorFigures>) -> String {
    let Some(ErrorFigures { rate, rating }) = overall else {
        return match lang {
            Lang::En => "  error rate: no analysed match (brade stats --analyze)\n".to_string(),
            Lang::Sv => "  förlust per beslut: ingen analyserad match (brade stats --analyze)\n".to_string(),
        };
    };
    let shown = &rates[rates.len().saturating_sub(STATS_SHOWN)..];
    let each: Vec<String> = shown.iter().map(|r| decimal(lang, format!("{r:.1}"))).collect();
    let rate = super::screens::per_decision(lang, rate);
    let n = rates.len();
    match (lang, n > shown.len()) {
        (Lang::En, false) => format!(
            "  error rate: {rate} ({rating}); by match, oldest first: {}\n",
            each.join(", ")
        ),
        (Lang::Sv, false) => format!(
            "  förlust: {rate} ({rating}); per match, äldst först: {}\n",
            each.join("; ")
        ),
        (Lang::En, true) => format!(
            "  error rate: {rate} ({rating}) over {n} matches; the last {}, oldest first: {} (all: brade stats --series)\n",
            shown.len(),
            each.join(", ")
        ),
        (Lang::Sv, true) => format!(
            "  förlust: {rate} ({rating}) över {n} matcher; de senaste {}, äldst först: {} (alla: brade stats --series)\n",
            shown.len(),
            each.join("; ")
        ),
    }
}

/// The rules a rollout is played by, under its heading (when not the Vasamuseet rules).
#[must_use]
pub fn rules_line(lang: Lang, set: &str) -> String {
    match lang {
        Lang::En => format!("rules: {set}\n"),
        Lang::Sv => format!("regler: {set}\n"),
    }
}

/// `--rules` names another set than the one a match was played by.
#[must_use]
pub fn rules_contradict_file(lang: Lang, file: &Path, asked: &str, kept: &str) -> String {
    let file = file.display();
    match lang {
        Lang::En => format!(
            "{file} was played by the rules {kept}, not {asked}: a match is analysed by its own rules (leave --rules out)"
        ),
        Lang::Sv => format!(
            "{file} spelades med reglerna {kept}, inte {asked}: en match analyseras med sina egna regler (utelämna --rules)"
        ),
    }
}

/// Why a match cannot be written as `.mat` text without GNU Backgammon scoring it
/// otherwise on import.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotInMat {
    /// A money game's cube was doubled automatically (equal opening dice): the text has
    /// no line for it.
    AutomaticDouble { game: usize },
    /// A backgammon counted twice the cube: gnubg counts three times.
    BackgammonTwice { game: usize },
    /// A money gammon counted double with the cube never turned: gnubg's money play uses
    /// the Jacoby rule, and would count it single.
    NoJacoby { game: usize },
}

/// `brade export --mat` given a backgammon match whose points GNU Backgammon would count
/// otherwise from a `.mat` file: which game, and why.
#[must_use]
pub fn mat_refused(lang: Lang, file: &Path, why: NotInMat) -> String {
    let file = file.display();
    let reason = match (lang, why) {
        (Lang::En, NotInMat::AutomaticDouble { game }) => {
            format!("game {game} had an automatic double, which a .mat file has no line for")
        }
        (Lang::Sv, NotInMat::AutomaticDouble { game }) => {
            format!("parti {game} fick en automatisk dubblering, som en .mat-fil saknar rad för")
        }
        (Lang::En, NotInMat::BackgammonTwice { game }) => {
            format!("game {game} was a backgammon counted ×2, and GNU Backgammon counts a backgammon ×3")
        }
        (Lang::Sv, NotInMat::BackgammonTwice { game }) => format!(
            "parti {game} var ett backgammon som räknades ×2, och GNU Backgammon räknar backgammon ×3"
        ),
        (Lang::En, NotInMat::NoJacoby { game }) => format!(
            "game {game} was a gammon counted double without the Jacoby rule, and GNU Backgammon reads money play with its Jacoby rule (a single game)"
        ),
        (Lang::Sv, NotInMat::NoJacoby { game }) => format!(
            "parti {game} var ett gammon som räknades dubbelt utan Jacobyregeln, och GNU Backgammon läser penningspel med sin Jacobyregel (ett enkelt parti)"
        ),
    };
    match lang {
        Lang::En => format!("{file}: not written as .mat: {reason}"),
        Lang::Sv => format!("{file}: skrivs inte som .mat: {reason}"),
    }
}

/// `brade export --mat` given a match of bräde.
#[must_use]
pub fn mat_not_backgammon(lang: Lang, file: &Path) -> String {
    let file = file.display();
    match lang {
        Lang::En => format!(
            "{file} is a match of bräde: --mat writes backgammon matches only (leave --mat out for its transcript)"
        ),
        Lang::Sv => format!(
            "{file} är en match i bräde: --mat skriver bara matcher i backgammon (utelämna --mat för dess protokoll)"
        ),
    }
}

/// How a rollout is played: the position's code, the level that plays it out (as typed on
/// the command line), the games of each rollout, and whether each roll's luck is taken off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutFigures<'a> {
    pub position: &'a str,
    pub level: &'a str,
    pub games: u32,
    pub luck_adjusted: bool,
}

/// The heading of `brade rollout`.
#[must_use]
pub fn rollout_heading(lang: Lang, r: &RolloutFigures) -> String {
    let (position, games, luck_adjusted) = (r.position, r.games, r.luck_adjusted);
    let level = super::names::level_name(lang, r.level);
    match lang {
        Lang::En => {
            let adjusted = if luck_adjusted {
                ", each roll's luck taken off"
            } else {
                ""
            };
            format!(
                "rollout of {position} by {level}, {games} games a rollout (the first two rolls in proportion{adjusted})\n"
            )
        }
        Lang::Sv => {
            let adjusted = if luck_adjusted {
                ", varje slags tur borträknad"
            } else {
                ""
            };
            format!(
                "utspel av {position} med nivån {level}, {games} partier per utspel (de två första slagen i proportion{adjusted})\n"
            )
        }
    }
}

/// A play rolled out in `brade rollout POSITION DICE`.
#[must_use]
pub fn rollout_play(play: &str) -> String {
    format!("\n{play}\n")
}

/// A play that ends the game at once.
#[must_use]
pub fn rollout_ends(lang: Lang, result: &str, points: u32) -> String {
    match lang {
        Lang::En => format!(
            "  ends the game: {result}, {points} point{}\n",
            if points == 1 { "" } else { "s" }
        ),
        Lang::Sv => format!("  avslutar partiet: {result}, {points} poäng\n"),
    }
}

/// The results of one side in a rollout: the share (%) of each result by its notation,
/// and of munk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResultShares<'a> {
    pub kinds: &'a [(String, f64)],
    pub munk: f64,
}

/// What a rollout found for the side to roll: the expected points (luck-adjusted when
/// `plain`, the plain mean, is given), the results won and lost, and the games that did
/// not end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutcomeFigures<'a> {
    pub equity: Estimate,
    pub plain: Option<Estimate>,
    pub won: ResultShares<'a>,
    pub lost: ResultShares<'a>,
    pub unfinished: u32,
}

/// A rollout's figures for the side to roll: expected points ± standard error, then the
/// share of each result won and lost (%), with munk.
#[must_use]
pub fn rollout_report(lang: Lang, f: &OutcomeFigures) -> String {
    let (equity, plain, won, lost, unfinished) = (f.equity, f.plain, f.won, f.lost, f.unfinished);
    let list = |ResultShares { kinds: v, munk }: ResultShares| {
        let mut parts: Vec<String> = v
            .iter()
            .map(|(k, p)| format!("{k} {} %", fixed(lang, *p, 1)))
            .collect();
        if munk > 0.0 {
            parts.push(format!(
                "{} {} %",
                lang.pick("of which munk", "varav munk"),
                fixed(lang, munk, 1)
            ));
        }
        if parts.is_empty() {
            lang.pick("none", "inga").to_string()
        } else {
            parts.join(", ")
        }
    };
    let plain = plain
        .map(|Estimate { mean, error }| {
            format!(
                "; {} {} ± {}",
                lang.pick("without it", "utan den"),
                signed(lang, mean),
                fixed(lang, error, 3)
            )
        })
        .unwrap_or_default();
    let adjusted = match (plain.is_empty(), lang) {
        (true, _) => "",
        (false, Lang::En) => ", luck-adjusted",
        (false, Lang::Sv) => ", turjusterat",
    };
    let mut text = match lang {
        Lang::En => format!(
            "  expected points {} ± {} (standard error{adjusted}{plain})\n  won: {}\n  lost: {}\n",
            signed(lang, equity.mean),
            fixed(lang, equity.error, 3),
            list(won),
            list(lost)
        ),
        Lang::Sv => format!(
            "  förväntade poäng {} ± {} (medelfel{adjusted}{plain})\n  vann: {}\n  förlorade: {}\n",
            signed(lang, equity.mean),
            fixed(lang, equity.error, 3),
            list(won),
            list(lost)
        ),
    };
    if unfinished > 0 {
        text.push_str(&format!(
            "  {} {unfinished}\n",
            lang.pick("unfinished:", "oavslutade:")
        ));
    }
    text
}

/// The heading of `brade benchmark levels`.
#[must_use]
pub fn benchmark_heading(lang: Lang, decisions: usize) -> String {
    match lang {
        Lang::En => format!(
            "{decisions} benchmark decisions; loss per decision against the rolled-out best, in thousandths of a point\n{:<10} {:>16} {:>8} {:>8}\n",
            "level", "loss", "best %", "outside"
        ),
        Lang::Sv => format!(
            "{decisions} provbeslut; förlust per beslut mot det utspelade bästa draget, i tusendels poäng\n{:<10} {:>16} {:>8} {:>8}\n",
            "nivå", "förlust", "bästa %", "utanför"
        ),
    }
}

/// One level's line of `brade benchmark levels`: its loss per decision, how often it chose
/// the rolled-out best, and how many of its plays were not among the candidates.
#[must_use]
pub fn benchmark_level(lang: Lang, level: &str, loss: (f64, f64), agreed: f64, outside: usize) -> String {
    let line = format!(
        "{level:<10} {:>8.1} ± {:<5.1} {agreed:>8.1} {outside:>8}\n",
        loss.0, loss.1
    );
    match lang {
        Lang::En => line,
        Lang::Sv => line.replace('.', ","),
    }
}
