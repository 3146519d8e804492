//! What `brade arena` and `brade train` print, for the people who train and compare
//! players, in the language of the run.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::figures::Estimate;
use super::{Lang, decimal, fixed, signed};
use crate::brade::RuleSet;

/// The figures of a series of games between players A and B.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesFigures<'a> {
    pub games: u32,
    pub seed: u64,
    pub a_wins: u32,
    pub b_wins: u32,
    pub unfinished: u32,
    pub a_points: u32,
    pub b_points: u32,
    /// A's share of all points won.
    pub a_share: f64,
    /// A's net points per game.
    pub net: Estimate,
    /// How often each result came, by its notation.
    pub results: &'a BTreeMap<String, u32>,
}

/// The report of `brade arena`: games, wins, points, net points per game with its
/// standard error, and the count of each result.
#[must_use]
pub fn series_report(lang: Lang, f: &SeriesFigures) -> String {
    let pct = |n: u32| {
        let p = if f.games == 0 {
            0.0
        } else {
            100.0 * f64::from(n) / f64::from(f.games)
        };
        fixed(lang, p, 1)
    };
    let unfinished = if f.unfinished > 0 {
        format!(", {} {}", lang.pick("unfinished", "oavslutade"), f.unfinished)
    } else {
        String::new()
    };
    let (net, se) = (signed(lang, f.net.mean), fixed(lang, f.net.error, 3));
    let share = fixed(lang, 100.0 * f.a_share, 1);
    let results: Vec<String> = f.results.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let mut text = String::new();
    let (a_wins, b_wins, a_points, b_points) = (f.a_wins, f.b_wins, f.a_points, f.b_points);
    let _ = match lang {
        Lang::En => write!(
            text,
            "{} games, seed {}\n\
             wins: A {a_wins} ({} %), B {b_wins} ({} %){unfinished}\n\
             points: A {a_points}, B {b_points} — A takes {share} % of the points\n\
             A's net points per game: {net} ± {se} (standard error)\n\
             results: {}\n",
            f.games,
            f.seed,
            pct(a_wins),
            pct(b_wins),
            results.join(", ")
        ),
        Lang::Sv => write!(
            text,
            "{} partier, frö {}\n\
             vinster: A {a_wins} ({} %), B {b_wins} ({} %){unfinished}\n\
             poäng: A {a_points}, B {b_points} — A tar {share} % av poängen\n\
             A:s nettopoäng per parti: {net} ± {se} (medelfel)\n\
             resultat: {}\n",
            f.games,
            f.seed,
            pct(a_wins),
            pct(b_wins),
            results.join(", ")
        ),
    };
    text
}

/// The figures of a series of matches between players A and B.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchSeriesFigures {
    /// The games of each match.
    pub length: u32,
    /// The matches played, those A won, and those that did not end.
    pub matches: u32,
    pub a_matches: u32,
    pub unfinished: u32,
    /// A's share of the matches.
    pub a_share: Estimate,
    /// Whether each side plays for the match (else for expected points).
    pub aware: [bool; 2],
}

/// The head of `brade arena --match`: the matches won by each side, A's share with its
/// standard error, and what each side plays for; the games' report follows.
#[must_use]
pub fn match_report(lang: Lang, f: &MatchSeriesFigures) -> String {
    let (played, a, unfinished, length, aware) = (f.matches, f.a_matches, f.unfinished, f.length, f.aware);
    let b = played.saturating_sub(a + unfinished);
    let goal = |aware: bool| match (aware, lang) {
        (true, Lang::En) => "the match",
        (false, Lang::En) => "expected points",
        (true, Lang::Sv) => "matchen",
        (false, Lang::Sv) => "förväntade poäng",
    };
    let unfinished = if unfinished > 0 {
        format!(", {} {unfinished}", lang.pick("unfinished", "oavslutade"))
    } else {
        String::new()
    };
    let (pct, se) = (
        fixed(lang, 100.0 * f.a_share.mean, 1),
        fixed(lang, 100.0 * f.a_share.error, 1),
    );
    match lang {
        Lang::En => format!(
            "{played} matches of {length} games (A plays for {}, B for {})\n\
             matches: A {a}, B {b}{unfinished} — A wins {pct} % ± {se} (standard error)\n",
            goal(aware[0]),
            goal(aware[1]),
        ),
        Lang::Sv => format!(
            "{played} matcher om {length} partier (A spelar för {}, B för {})\n\
             matcher: A {a}, B {b}{unfinished} — A vinner {pct} % ± {se} (medelfel)\n",
            goal(aware[0]),
            goal(aware[1]),
        ),
    }
}

/// The rules of an arena, after its title: nothing for the Vasamuseet rules known to both
/// players, else the set and which player looks ahead as if the Vasamuseet rules applied.
fn arena_rules(lang: Lang, set: RuleSet, blind: [bool; 2]) -> String {
    if set.is_default() && blind == [false; 2] {
        return String::new();
    }
    let default = RuleSet::VASAMUSEET;
    let who = match blind {
        [true, true] => Some("A, B"),
        [true, false] => Some("A"),
        [false, true] => Some("B"),
        [false, false] => None,
    };
    match (lang, who) {
        (Lang::En, None) => format!("rules {set}, "),
        (Lang::En, Some(who)) => format!("rules {set} ({who} looking ahead by {default}), "),
        (Lang::Sv, None) => format!("regler {set}, "),
        (Lang::Sv, Some(who)) => format!("regler {set} ({who} räknar framåt med {default}), "),
    }
}

/// Who plays whom in `brade arena`, and by which rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArenaFigures<'a> {
    /// The levels of players A and B, as typed on the command line.
    pub a: &'a str,
    pub b: &'a str,
    pub rules: RuleSet,
    /// Whether each player looks ahead as if the Vasamuseet rules applied.
    pub blind: [bool; 2],
}

/// The first line of `brade arena`: who plays whom, and by which rules (when not the
/// Vasamuseet rules known to both: see [`arena_rules`]).
#[must_use]
pub fn arena_title(lang: Lang, f: &ArenaFigures) -> String {
    let (a, b) = (
        super::names::level_name(lang, f.a),
        super::names::level_name(lang, f.b),
    );
    let rules = arena_rules(lang, f.rules, f.blind);
    match lang {
        Lang::En => format!("A {a} v B {b}: {rules}"),
        Lang::Sv => format!("A {a} mot B {b}: {rules}"),
    }
}

/// A network's training figures, as a training run starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetFigures {
    pub games: u64,
    pub hidden: usize,
    pub seed: u64,
    pub alpha: f32,
    pub lambda: f32,
}

/// Training goes on with a network file.
#[must_use]
pub fn resuming(lang: Lang, file: &str, n: &NetFigures) -> String {
    let (alpha, lambda) = (
        decimal(lang, n.alpha.to_string()),
        decimal(lang, n.lambda.to_string()),
    );
    match lang {
        Lang::En => format!(
            "resuming {file}: {} games done, hidden {}, seed {}, alpha {alpha}, lambda {lambda}",
            n.games, n.hidden, n.seed
        ),
        Lang::Sv => format!(
            "fortsätter {file}: {} partier spelade, dolda {}, frö {}, alfa {alpha}, lambda {lambda}",
            n.games, n.hidden, n.seed
        ),
    }
}

/// Training starts a new network.
#[must_use]
pub fn new_network(lang: Lang, file: &str, n: &NetFigures) -> String {
    let (alpha, lambda) = (
        decimal(lang, n.alpha.to_string()),
        decimal(lang, n.lambda.to_string()),
    );
    match lang {
        Lang::En => format!(
            "new network {file}: hidden {}, seed {}, alpha {alpha}, lambda {lambda}",
            n.hidden, n.seed
        ),
        Lang::Sv => format!(
            "nytt nätverk {file}: dolda {}, frö {}, alfa {alpha}, lambda {lambda}",
            n.hidden, n.seed
        ),
    }
}

/// How far a training run has come.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProgressFigures {
    /// Games played.
    pub done: u64,
    /// Games a second, lately.
    pub rate: f64,
    /// Turns a game, on average.
    pub turns: f64,
    /// The step size now.
    pub alpha: f32,
    /// Seconds spent, and left at the run's average pace.
    pub elapsed: f64,
    pub left_secs: f64,
}

/// A progress line: games done, speed, game length, step size, time spent and left.
#[must_use]
pub fn progress(lang: Lang, f: &ProgressFigures) -> String {
    let done = f.done;
    let (rate, turns) = (fixed(lang, f.rate, 0), fixed(lang, f.turns, 1));
    let (alpha, elapsed, left) = (
        fixed(lang, f64::from(f.alpha), 4),
        fixed(lang, f.elapsed, 0),
        fixed(lang, f.left_secs / 60.0, 0),
    );
    match lang {
        Lang::En => format!(
            "games {done}  {rate} games/s  {turns} turns/game  alpha {alpha}  elapsed {elapsed} s  left ~{left} min"
        ),
        Lang::Sv => format!(
            "partier {done}  {rate} partier/s  {turns} drag/parti  alfa {alpha}  gått {elapsed} s  kvar ~{left} min"
        ),
    }
}

/// A strength check's figures: the games trained when it was made, the games it played,
/// the network's share of the points and its net points per game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CheckFigures {
    pub at: u64,
    pub games: u32,
    pub share: f64,
    pub net: Estimate,
}

/// A strength check along a run: the network at 0 ply against the heuristic player.
#[must_use]
pub fn strength_check(lang: Lang, f: &CheckFigures) -> String {
    let (at, games) = (f.at, f.games);
    let (mean, se) = (signed(lang, f.net.mean), fixed(lang, f.net.error, 3));
    let share = fixed(lang, 100.0 * f.share, 1);
    match lang {
        Lang::En => format!(
            "check at {at} games: v heuristic over {games} games: {share} % of the points, {mean} ± {se} points/game"
        ),
        Lang::Sv => format!(
            "kontroll vid {at} partier: mot heuristisk över {games} partier: {share} % av poängen, {mean} ± {se} poäng/parti"
        ),
    }
}

/// The figures of a finished run: games played and seconds spent by this run, games
/// dropped, the results by class, and the network file written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunFigures<'a> {
    pub games: u64,
    pub secs: f64,
    pub dropped: u64,
    pub results: &'a str,
    pub file: &'a str,
}

/// The end of a run.
#[must_use]
pub fn done(lang: Lang, f: &RunFigures) -> String {
    let (games, dropped, results, file) = (f.games, f.dropped, f.results, f.file);
    let secs = fixed(lang, f.secs, 0);
    match lang {
        Lang::En => format!(
            "done: {games} games in {secs} s this run ({dropped} dropped); results: {results}; wrote {file}"
        ),
        Lang::Sv => format!(
            "klart: {games} partier på {secs} s den här körningen ({dropped} avbrutna); resultat: {results}; skrev {file}"
        ),
    }
}
