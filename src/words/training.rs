//! What `brade arena` and `brade train` print (in English, for the people who train and
//! compare players).

use std::collections::BTreeMap;
use std::fmt::Write as _;

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
    /// A's net points per game and its standard error.
    pub net: (f64, f64),
    /// How often each result came, by its notation.
    pub results: &'a BTreeMap<String, u32>,
}

/// The report of `brade arena`: games, wins, points, net points per game with its
/// standard error, and the count of each result.
#[must_use]
pub fn series_report(f: &SeriesFigures) -> String {
    let pct = |n: u32| {
        if f.games == 0 {
            0.0
        } else {
            100.0 * f64::from(n) / f64::from(f.games)
        }
    };
    let unfinished = if f.unfinished > 0 {
        format!(", unfinished {}", f.unfinished)
    } else {
        String::new()
    };
    let mut text = format!("{} games, seed {}\n", f.games, f.seed);
    let _ = writeln!(
        text,
        "wins: A {} ({:.1} %), B {} ({:.1} %){unfinished}",
        f.a_wins,
        pct(f.a_wins),
        f.b_wins,
        pct(f.b_wins)
    );
    let _ = writeln!(
        text,
        "points: A {}, B {} — A takes {:.1} % of the points",
        f.a_points,
        f.b_points,
        100.0 * f.a_share
    );
    let (net, se) = f.net;
    let _ = writeln!(
        text,
        "A's net points per game: {net:+.3} ± {se:.3} (standard error)"
    );
    let results: Vec<String> = f.results.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(text, "results: {}", results.join(", "));
    text
}

/// The head of `brade arena --match`: the matches won by each side, A's share with its
/// standard error, and what each side plays for; the games' report follows.
#[must_use]
pub fn match_report(length: u32, matches: (u32, u32, u32), share: (f64, f64), aware: [bool; 2]) -> String {
    let (played, a, unfinished) = matches;
    let b = played.saturating_sub(a + unfinished);
    let goal = |aware: bool| if aware { "the match" } else { "expected points" };
    let unfinished = if unfinished > 0 {
        format!(", unfinished {unfinished}")
    } else {
        String::new()
    };
    format!(
        "{played} matches of {length} games (A plays for {}, B for {})\n\
         matches: A {a}, B {b}{unfinished} — A wins {:.1} % ± {:.1} (standard error)\n",
        goal(aware[0]),
        goal(aware[1]),
        100.0 * share.0,
        100.0 * share.1
    )
}

/// The first line of `brade arena`: who plays whom.
#[must_use]
pub fn arena_title(a: &str, b: &str) -> String {
    format!("A {a} v B {b}: ")
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
pub fn resuming(file: &str, n: &NetFigures) -> String {
    format!(
        "resuming {file}: {} games done, hidden {}, seed {}, alpha {}, lambda {}",
        n.games, n.hidden, n.seed, n.alpha, n.lambda
    )
}

/// Training starts a new network.
#[must_use]
pub fn new_network(file: &str, n: &NetFigures) -> String {
    format!(
        "new network {file}: hidden {}, seed {}, alpha {}, lambda {}",
        n.hidden, n.seed, n.alpha, n.lambda
    )
}

/// A progress line: games done, speed, game length, step size, time spent and left.
#[must_use]
pub fn progress(done: u64, rate: f64, turns: f64, alpha: f32, elapsed: f64, left_secs: f64) -> String {
    format!(
        "games {done}  {rate:.0} games/s  {turns:.1} turns/game  alpha {alpha:.4}  elapsed {elapsed:.0} s  left ~{:.0} min",
        left_secs / 60.0
    )
}

/// A strength check along a run: the network at 0 ply against the heuristic player.
#[must_use]
pub fn strength_check(at: u64, games: u32, share: f64, net: (f64, f64)) -> String {
    let (mean, se) = net;
    format!(
        "check at {at} games: v heuristic over {games} games: {:.1} % of the points, {mean:+.3} ± {se:.3} points/game",
        100.0 * share
    )
}

/// The end of a run.
#[must_use]
pub fn done(games: u64, secs: f64, dropped: u64, results: &str, file: &str) -> String {
    format!(
        "done: {games} games in {secs:.0} s this run ({dropped} dropped); results: {results}; wrote {file}"
    )
}
