//! The words of a backgammon match's analysis: `brade analyze` of a backgammon record and
//! the replay's panel — checker plays and cube decisions, each player's error rates on GNU
//! Backgammon's scale.

use crate::words::backgammon::matchplay::CubeVerdict;
use crate::words::cli::SummaryFigures;
use crate::words::{Lang, decimal, fixed};

/// What the heading of a backgammon analysis says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BgHeading<'a> {
    pub white: &'a str,
    pub black: &'a str,
    /// The match's length in points (0: money play).
    pub length: u32,
    /// The losses (normalised points) from which a decision is doubtful, bad, very bad.
    pub thresholds: [f64; 3],
    /// The error rates (‰) below which each rating is given, best first.
    pub ratings: [f64; 7],
}

/// The heading of `brade analyze` for a backgammon match.
#[must_use]
pub fn heading(lang: Lang, h: &BgHeading) -> String {
    let say = |i: usize| lang.say(crate::words::screens::RATINGS[i]);
    let scale: Vec<String> = h
        .ratings
        .iter()
        .enumerate()
        .map(|(i, limit)| format!("{} < {}", say(i), decimal(lang, limit.to_string())))
        .collect();
    let [doubtful, bad, very_bad] = h.thresholds.map(|t| fixed(lang, t, 2));
    let (white, black) = (h.white, h.black);
    let unit = match (lang, h.length) {
        (Lang::En, 0) => {
            "Money play: losses in points per unit of the cube (normalised, as GNU Backgammon's EMG)."
                .to_string()
        }
        (Lang::Sv, 0) => {
            "Spel om pengar: förluster i poäng per kubens enhet (normaliserade, som GNU Backgammons EMG)."
                .to_string()
        }
        (Lang::En, n) => format!(
            "A {n}-point match: each decision weighed by the chance to win the match at the score; the chance lost\n\
             is converted to points of a cube of 1 (as GNU Backgammon's EMG) for the marks and ratings."
        ),
        (Lang::Sv, n) => format!(
            "En match till {n} poäng: varje beslut vägs efter chansen att vinna matchen vid ställningen; den förlorade\n\
             chansen räknas om till poäng med kuben på 1 (som GNU Backgammons EMG) för markeringarna och betygen."
        ),
    };
    match lang {
        Lang::En => format!(
            "Analysis: {white} v {black}, by the network searched 1 ply, filtered and cubeful (the cube by the hard level's cube decisions)\n\
             {unit}\n\
             Marks: ?! doubtful (loses {doubtful}+), ? bad ({bad}+), ?? very bad ({very_bad}+)\n\
             Ratings by error rate (‰ lost a decision, GNU Backgammon's scale): {}, otherwise {}\n\n",
            scale.join(", "),
            say(h.ratings.len()),
        ),
        Lang::Sv => format!(
            "Analys: {white} mot {black}, av nätverket 1 drag framåt, filtrerat och med kuben (kuben efter nivån svårs kubbeslut)\n\
             {unit}\n\
             Markeringar: ?! tveksamt (förlorar minst {doubtful}), ? dåligt (minst {bad}), ?? mycket dåligt (minst {very_bad})\n\
             Betyg efter förlust per beslut (‰, GNU Backgammons skala): {}, annars {}\n\n",
            scale.join(", "),
            say(h.ratings.len()),
        ),
    }
}

/// What a decision was, in words' terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum What<'a> {
    /// A checker play: the roll, the play made and the best.
    Checker {
        roll: &'a str,
        played: &'a str,
        best: &'a str,
    },
    /// Whether to double: done or not, and the proper action.
    Double { doubled: bool, right: CubeVerdict },
    /// Doubled: taken or passed, and whether taking was right.
    Answer { took: bool, take: bool },
}

/// The cube decision made, in a word: "double", "no double", "take", "pass".
#[must_use]
pub fn made(lang: Lang, what: &What) -> String {
    match *what {
        What::Checker { played, .. } => played.to_string(),
        What::Double { doubled: true, .. } => lang.pick("double", "dubbla").to_string(),
        What::Double { doubled: false, .. } => lang.pick("no double", "ingen dubblering").to_string(),
        What::Answer { took: true, .. } => lang.pick("take", "ta").to_string(),
        What::Answer { took: false, .. } => lang.pick("pass", "passa").to_string(),
    }
}

/// The right choice, in words: the best play, or the proper cube action.
#[must_use]
pub fn right(lang: Lang, what: &What) -> String {
    match *what {
        What::Checker { best, .. } => best.to_string(),
        What::Double { right, .. } => verdict(lang, right).to_string(),
        What::Answer { take, .. } => lang
            .pick(
                if take { "take" } else { "pass" },
                if take { "ta" } else { "passa" },
            )
            .to_string(),
    }
}

/// A proper cube action in words.
#[must_use]
pub fn verdict(lang: Lang, v: CubeVerdict) -> &'static str {
    match v {
        CubeVerdict::Unavailable => lang.pick("no cube to turn", "ingen kub att vända"),
        CubeVerdict::NoDouble => lang.pick("no double", "ingen dubblering"),
        CubeVerdict::DoubleTake => lang.pick("double, take", "dubbla, ta"),
        CubeVerdict::DoublePass => lang.pick("double, pass", "dubbla, passa"),
        CubeVerdict::TooGood => lang.pick("too good to double", "för bra för att dubbla"),
    }
}

/// One decision as a line of `brade analyze`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line<'a> {
    pub game: usize,
    pub turn: usize,
    pub who: &'a str,
    pub what: What<'a>,
    pub sign: &'a str,
    /// Normalised points lost, and in a match the chance lost.
    pub loss: f64,
    pub match_chance: Option<f64>,
}

/// One decision of `brade analyze` for backgammon: where, who, the roll (or "cube"), the
/// choice made with its mark, and the right one with the loss when it was not made.
#[must_use]
pub fn line(lang: Lang, l: &Line) -> String {
    let (game, turn, who) = (l.game, l.turn, l.who);
    let (game_w, turn_w, best_w, right_w, loses_w) = match lang {
        Lang::En => ("game", "turn", "best", "right", "loses"),
        Lang::Sv => ("parti", "drag", "bäst", "rätt", "förlorar"),
    };
    let roll = match l.what {
        What::Checker { roll, .. } => roll.to_string(),
        _ => lang.pick("cube", "kub").to_string(),
    };
    let made = format!("{}{}", made(lang, &l.what), l.sign);
    let start = format!("{game_w} {game} {turn_w} {turn:>3}  {who:<6} {roll:<4} {made:<24}");
    if l.loss > 0.0 {
        let chance = l.match_chance.map_or(String::new(), |c| {
            let c = decimal(lang, format!("{:.2}", 100.0 * c));
            match lang {
                Lang::En => format!(" ({c} % of the match)"),
                Lang::Sv => format!(" ({c} % av matchen)"),
            }
        });
        let loss = decimal(lang, format!("{:.3}", l.loss));
        let label = if matches!(l.what, What::Checker { .. }) {
            best_w
        } else {
            right_w
        };
        format!(
            "{start} {label} {:<24} {loses_w} {loss}{chance}\n",
            right(lang, &l.what)
        )
    } else {
        let label = if matches!(l.what, What::Checker { .. }) {
            best_w
        } else {
            right_w
        };
        format!("{start} {label}\n")
    }
}

/// The replay's panel line for a decision: its mark and loss, and the right choice.
#[must_use]
pub fn panel(lang: Lang, l: &Line) -> String {
    let cube = !matches!(l.what, What::Checker { .. });
    if l.loss <= 0.0 {
        let right = if cube {
            format!("{}: {}", lang.pick("cube", "kub"), made(lang, &l.what))
        } else {
            lang.pick("the best play", "bästa draget").to_string()
        };
        return format!("{right} ✓");
    }
    let lost = match l.match_chance {
        None => decimal(lang, format!("{:.3}", l.loss)),
        Some(c) => {
            let c = decimal(lang, format!("{:.2}", 100.0 * c));
            match lang {
                Lang::En => format!("{c} % of the match"),
                Lang::Sv => format!("{c} % av matchen"),
            }
        }
    };
    let made = made(lang, &l.what);
    let right = right(lang, &l.what);
    let text = match (lang, cube) {
        (Lang::En, false) => format!("{} loses {lost} — better: {right}", l.sign),
        (Lang::Sv, false) => format!("{} förlorar {lost} — bättre: {right}", l.sign),
        (Lang::En, true) => format!("cube: {made}{} loses {lost} — right: {right}", l.sign),
        (Lang::Sv, true) => format!("kub: {made}{} förlorar {lost} — rätt: {right}", l.sign),
    };
    text.trim_start().to_string()
}

/// A player's summary in a backgammon analysis: checker play, cube, and overall with the
/// rating.
#[must_use]
pub fn summary(
    lang: Lang,
    who: &str,
    checker: &SummaryFigures,
    cube: &SummaryFigures,
    overall: &SummaryFigures,
    rating: Option<&str>,
) -> String {
    let part = |name: &str, s: &SummaryFigures| {
        let rate = decimal(lang, format!("{:.1}", s.error_rate));
        let total = decimal(lang, format!("{:.3}", s.total_loss));
        match lang {
            Lang::En => format!(
                "  {name:<8} {} decisions; {} doubtful, {} bad, {} very bad; {total} lost; error rate {rate} ‰\n",
                s.decisions, s.doubtful, s.bad, s.very_bad
            ),
            Lang::Sv => format!(
                "  {name:<8} {} beslut; tveksamma {}, dåliga {}, mycket dåliga {}; {total} förlorat; förlust {rate} ‰\n",
                s.decisions, s.doubtful, s.bad, s.very_bad
            ),
        }
    };
    let rating = rating.map_or(String::new(), |r| match lang {
        Lang::En => format!("  rating: {r}\n"),
        Lang::Sv => format!("  betyg: {r}\n"),
    });
    format!(
        "{who}:\n{}{}{}{rating}",
        part(lang.pick("checkers", "brickor"), checker),
        part(lang.pick("cube", "kub"), cube),
        part(lang.pick("overall", "allt"), overall),
    )
}
