//! Backgammon's words on the match screen ([`GameWords`] for [`Backgammon`]): its
//! refusals (from `words::backgammon`), the opening throw, a game's end at the cube's
//! stake, the match to N points with its Crawford game, money play.

use crate::backgammon::{Cube, GameEnd, Play, Refusal, Score, Stakes, StepRefusal, TypedMove, Win};
use crate::game::{Backgammon, Resign};
use crate::rules::Color;
use crate::words::backgammon::{refusal, step_refusal};
use crate::words::game::{BoardWords, GameWords, OpeningWords};
use crate::words::names::{display_name, who};
use crate::words::{Lang, Phrase, glyph, p, screens};

const OPENING_TITLE: Phrase = p("Opening throw — who starts?", "Öppningsslag — vem börjar?");
const OPENING_ROLL: Phrase = p(
    "Opening throw — Space throws one die each; the higher starts",
    "Öppningsslag — mellanslag slår en tärning var; högst börjar",
);
const OPENING_DICE: Phrase = p("opening ", "öppning ");
const OPENING_RESULT: Phrase = p("Opening: ", "Öppning: ");

fn typing(lang: Lang, typed: &str) -> String {
    match lang {
        Lang::En => format!("Opening throw — type White's die, then Black's: {typed}"),
        Lang::Sv => format!("Öppningsslag — skriv Vits tärning, sedan Svarts: {typed}"),
    }
}

/// How a game was won, with the article: "a gammon" / "ett gammon".
pub(crate) fn win_name(lang: Lang, win: Win) -> &'static str {
    match (lang, win) {
        (Lang::En, Win::Single) => "a single game",
        (Lang::En, Win::Gammon) => "a gammon",
        (Lang::En, Win::Backgammon) => "a backgammon",
        (Lang::Sv, Win::Single) => "ett enkelt parti",
        (Lang::Sv, Win::Gammon) => "ett gammon",
        (Lang::Sv, Win::Backgammon) => "ett backgammon",
    }
}

/// A game's end: "a gammon at a cube of 2 — 4 points", "the double dropped — 2 points".
fn end_line(lang: Lang, end: &GameEnd) -> String {
    let points = screens::points(lang, end.points);
    match (lang, end.win) {
        (Lang::En, None) => format!("the double dropped — {points}"),
        (Lang::Sv, None) => format!("dubbleringen passad — {points}"),
        (Lang::En, Some(w)) if end.cube > 1 => {
            format!("{} at a cube of {} — {points}", win_name(lang, w), end.cube)
        }
        (Lang::Sv, Some(w)) if end.cube > 1 => {
            format!("{} med kuben på {} — {points}", win_name(lang, w), end.cube)
        }
        (_, Some(w)) => format!("{} — {points}", win_name(lang, w)),
    }
}

/// The options that differ from the standard ones, short: "Jacoby · 1 automatic double".
fn stakes_short(lang: Lang, stakes: Stakes) -> Vec<String> {
    let mut parts = Vec::new();
    if stakes.backgammon == 2 {
        parts.push(lang.pick("backgammon ×2", "backgammon ×2").to_string());
    }
    if stakes.automatic > 0 {
        parts.push(match lang {
            Lang::En => format!(
                "{} automatic double{}",
                stakes.automatic,
                if stakes.automatic == 1 { "" } else { "s" }
            ),
            Lang::Sv => format!("{} automatisk dubblering", stakes.automatic),
        });
    }
    if stakes.jacoby {
        parts.push("Jacoby".to_string());
    }
    parts
}

/// Backgammon's options as the setup form names them.
#[must_use]
pub fn stakes_name(lang: Lang, stakes: Stakes) -> String {
    let parts = stakes_short(lang, stakes);
    if parts.is_empty() {
        lang.pick("standard", "standard").to_string()
    } else {
        parts.join(" · ")
    }
}

/// What the options do, a line each, under them in the setup form (B14, B16).
#[must_use]
pub fn stakes_notes(lang: Lang, stakes: Stakes, money: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if (stakes.jacoby || stakes.automatic > 0) && !money {
        lines.push(
            lang.pick(
                "Jacoby, automatic doubles: money play only",
                "Jacoby, automatiska dubbleringar: bara penningspel",
            )
            .to_string(),
        );
    } else {
        if stakes.jacoby {
            lines.push(
                lang.pick(
                    "Jacoby: gammons count single until a double",
                    "Jacoby: gammon räknas enkelt tills någon dubblat",
                )
                .to_string(),
            );
        }
        if stakes.automatic > 0 {
            lines.push(
                lang.pick(
                    "equal opening dice double the cube (once a game)",
                    "lika öppningstärningar dubblar kuben (en gång per parti)",
                )
                .to_string(),
            );
        }
    }
    if stakes.backgammon == 2 {
        lines.push(
            lang.pick(
                "a backgammon counts as a gammon (×2)",
                "ett backgammon räknas som ett gammon (×2)",
            )
            .to_string(),
        );
    }
    if lines.is_empty() {
        lines.push(
            lang.pick(
                "gammon ×2, backgammon ×3, the cube up to 64",
                "gammon ×2, backgammon ×3, kuben upp till 64",
            )
            .to_string(),
        );
    }
    lines
}

/// The match: "match to 5" / "money play"; with the Crawford game or after it.
#[must_use]
pub fn match_words(lang: Lang, score: &Score) -> String {
    if score.is_money() {
        return lang.pick("money play", "penningspel").to_string();
    }
    let length = match lang {
        Lang::En => format!("match to {}", score.length),
        Lang::Sv => format!("match till {}", score.length),
    };
    if score.next_is_crawford() && !score.is_over() {
        format!("{length} · {}", lang.pick("Crawford game", "Crawfordparti"))
    } else if score.post_crawford() {
        format!("{length} · {}", lang.pick("post-Crawford", "efter Crawford"))
    } else {
        length
    }
}

impl GameWords for Backgammon {
    const NAME: crate::words::Phrase = screens::BACKGAMMON_NAME;
    const TEXT_NAME: &'static str = "backgammon";

    fn length_words(lang: Lang, length: u32) -> String {
        screens::match_points(lang, length)
    }

    /// The options' name in full ("standard" goes unnamed).
    fn rules_in_records(lang: Lang, stakes: Stakes) -> Option<String> {
        (stakes != Stakes::default()).then(|| stakes_name(lang, stakes))
    }

    /// Single, gammon and backgammon, then by a drop (the last of
    /// [`Game::RESULT_KINDS`](crate::game::Game::RESULT_KINDS)).
    fn results_words(lang: Lang, counts: &[u32], _marked: u32) -> String {
        let kinds: [u32; 3] = std::array::from_fn(|i| counts.get(i).copied().unwrap_or(0));
        screens::backgammon_results(lang, &kinds, counts.get(3).copied().unwrap_or(0))
    }

    fn card_score_words(lang: Lang, score: &Score) -> Option<String> {
        Some(match_words(lang, score))
    }

    const MARKED: &'static [u8] = &[];

    fn rules_title(lang: Lang, rules: Stakes) -> Option<String> {
        let parts = stakes_short(lang, rules);
        (!parts.is_empty()).then(|| parts.join(" · "))
    }

    fn refusal(lang: Lang, why: &Refusal) -> String {
        refusal(lang, why)
    }

    fn typed_refusal(lang: Lang, before: &Play, typed: &TypedMove, why: &Refusal) -> String {
        let point = |p: u8, bar: &str| match p {
            25 => bar.to_string(),
            0 => "off".to_string(),
            p => p.to_string(),
        };
        let step = format!(
            "{}/{}{}",
            point(typed.from, "bar"),
            point(typed.to, "bar"),
            if typed.hit { "*" } else { "" }
        );
        match (lang, before.is_empty()) {
            (_, true) => format!("{step}: {}", refusal(lang, why)),
            (Lang::En, false) => format!("{step} after {before}: {}", refusal(lang, why)),
            (Lang::Sv, false) => format!("{step} efter {before}: {}", refusal(lang, why)),
        }
    }

    fn blocked(lang: Lang, why: &StepRefusal, _of_machine: bool) -> String {
        step_refusal(lang, *why)
    }

    fn outcome_line(lang: Lang, win: &Win) -> String {
        win_name(lang, *win).to_string()
    }

    fn opening_equal(lang: Lang, die: u8) -> String {
        match lang {
            Lang::En => format!("opening throw: both threw {die} — throw again"),
            Lang::Sv => format!("öppningsslag: båda slog {die} — slå igen"),
        }
    }

    /// B4: the higher die starts and plays both dice.
    fn opening_starts(lang: Lang, starter: &str, [w, b]: [&str; 2], white: u8, black: u8) -> String {
        match lang {
            Lang::En => format!(
                "opening throw: {w} [{white}], {b} [{black}] — the higher die starts and plays both: {starter}"
            ),
            Lang::Sv => format!(
                "öppningsslag: {w} [{white}], {b} [{black}] — högst börjar och spelar båda tärningarna: {starter}"
            ),
        }
    }

    fn opening_words() -> OpeningWords {
        OpeningWords {
            title: OPENING_TITLE,
            roll: OPENING_ROLL,
            dice: OPENING_DICE,
            result: OPENING_RESULT,
            typing,
        }
    }

    fn record_line(lang: Lang, end: &GameEnd) -> String {
        crate::words::capitalised(&end_line(lang, end))
    }

    fn resign_name(lang: Lang, level: Resign) -> &'static str {
        win_name(
            lang,
            match level {
                Resign::Single => Win::Single,
                Resign::Gammon => Win::Gammon,
                Resign::Backgammon => Win::Backgammon,
            },
        )
    }

    /// The win resigned at the cube, with the points it brings (under the Jacoby rule a
    /// gammon's single point shows).
    fn resign_offer(lang: Lang, _level: Resign, end: &GameEnd) -> String {
        end_line(lang, end)
    }

    fn in_progress(lang: Lang, game_number: u32, score: &Score) -> String {
        format!(
            "{} · {}",
            lang.say(crate::words::screens::BACKGAMMON),
            Self::progress(lang, game_number, score)
        )
    }

    fn progress(lang: Lang, game_number: u32, score: &Score) -> String {
        let _ = score;
        match lang {
            Lang::En => format!("Game {game_number}"),
            Lang::Sv => format!("Parti {game_number}"),
        }
    }

    fn standing(lang: Lang, score: &Score, names: &[String; 2]) -> String {
        let same = display_name(lang, &names[0]) == display_name(lang, &names[1]);
        let name = |c: Color| {
            if same {
                who(lang, &names[c.index()], c)
            } else {
                display_name(lang, &names[c.index()])
            }
        };
        let (w, b) = (score.points(Color::White), score.points(Color::Black));
        let leader = if w >= b { Color::White } else { Color::Black };
        let (high, low) = (w.max(b), w.min(b));
        match (lang, score.is_over(), w == b) {
            (Lang::En, true, _) => format!("{} wins the match {high}–{low}", name(leader)),
            (Lang::Sv, true, _) => format!("{} vinner matchen {high}–{low}", name(leader)),
            (Lang::En, false, true) => format!("{w}–{b}, level ({})", match_words(lang, score)),
            (Lang::Sv, false, true) => format!("{w}–{b}, lika ({})", match_words(lang, score)),
            (Lang::En, false, false) => format!(
                "{} leads {high}–{low} ({})",
                name(leader),
                match_words(lang, score)
            ),
            (Lang::Sv, false, false) => format!(
                "{} leder {high}–{low} ({})",
                name(leader),
                match_words(lang, score)
            ),
        }
    }

    /// B15: the match's length and its Crawford game (or money play), and the options.
    fn header(lang: Lang, rules: Stakes, score: &Score) -> Option<String> {
        let mut parts = vec![crate::words::capitalised(&match_words(lang, score))];
        parts.extend(stakes_short(lang, rules));
        Some(parts.join(" · "))
    }

    /// Backgammon players' words: *baren*, *utspelade*.
    fn board_words() -> BoardWords {
        BoardWords {
            bar: p("bar", "baren"),
            borne_off: p("borne off", "utspelade"),
            on_bar: p("on the bar", "på baren"),
        }
    }

    /// B13: the cube's value and owner ("64" in the middle at the start), or out of play
    /// in the Crawford game (B15).
    fn stake_line(lang: Lang, cube: &Cube) -> Option<String> {
        Some(match (lang, cube.live, cube.owner) {
            (Lang::En, false, _) => "Cube: dead (Crawford)".to_string(),
            (Lang::Sv, false, _) => "Kub: ur spel (Crawford)".to_string(),
            (Lang::En, true, None) => {
                let shown = if cube.value == 1 { 64 } else { cube.value };
                format!("Cube: {shown} in the middle")
            }
            (Lang::Sv, true, None) => {
                let shown = if cube.value == 1 { 64 } else { cube.value };
                format!("Kub: {shown} i mitten")
            }
            (Lang::En, true, Some(owner)) => {
                format!(
                    "Cube: {} {}'s",
                    cube.value,
                    crate::words::names::color_name(lang, owner)
                )
            }
            (Lang::Sv, true, Some(owner)) => format!(
                "Kub: {} hos {}",
                cube.value,
                crate::words::names::color_name(lang, owner)
            ),
        })
    }

    fn match_results(lang: Lang, score: &Score, names: &[String; 2]) -> Vec<String> {
        let mut lines: Vec<String> = score
            .games
            .iter()
            .enumerate()
            .map(|(i, end)| {
                format!(
                    "{:>2}. {} {:<20} {}",
                    i + 1,
                    glyph(end.winner),
                    display_name(lang, &names[end.winner.index()]),
                    end_line(lang, end),
                )
            })
            .collect();
        lines.push(String::new());
        for side in Color::BOTH {
            lines.push(format!(
                "{} {:<20} {}",
                glyph(side),
                display_name(lang, &names[side.index()]),
                screens::points(lang, score.points(side)),
            ));
        }
        lines
    }
}

/// The right cube action, as the hints name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeVerdict {
    Unavailable,
    NoDouble,
    DoubleTake,
    DoublePass,
    TooGood,
}

/// The cube's hint (`H` before a roll, or when doubled): the verdict and the value of
/// each choice for the side to roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeHint {
    pub verdict: CubeVerdict,
    pub no_double: f64,
    pub double_take: Option<f64>,
    pub double_pass: Option<f64>,
    /// The values are chances to win the match (else points per unit of the cube).
    pub match_chance: bool,
    /// The hint is for the side doubled: take or pass.
    pub answering: bool,
    pub take: bool,
}

// (The values are finite figures of the cube's model, never NaN: equal to themselves.)
impl Eq for CubeHint {}

/// "cube: no double (no double +0.41 · double/take +0.33 · double/pass +1.00)", or for
/// the side doubled "cube: take (…)".
#[must_use]
pub fn cube_hint(lang: Lang, h: &CubeHint) -> String {
    let value = |v: f64| {
        if h.match_chance {
            crate::words::decimal(lang, format!("{:.1} %", 100.0 * v))
        } else {
            crate::words::decimal(lang, format!("{v:+.3}"))
        }
    };
    let verdict = match (lang, h.answering, h.take, h.verdict) {
        (Lang::En, true, true, _) => "take",
        (Lang::En, true, false, _) => "pass",
        (Lang::Sv, true, true, _) => "ta",
        (Lang::Sv, true, false, _) => "passa",
        (Lang::En, false, _, CubeVerdict::Unavailable) => "no cube to turn",
        (Lang::Sv, false, _, CubeVerdict::Unavailable) => "ingen kub att vända",
        (Lang::En, false, _, CubeVerdict::NoDouble) => "no double",
        (Lang::Sv, false, _, CubeVerdict::NoDouble) => "dubbla inte",
        (Lang::En, false, _, CubeVerdict::DoubleTake) => "double, take",
        (Lang::Sv, false, _, CubeVerdict::DoubleTake) => "dubbla, ta",
        (Lang::En, false, _, CubeVerdict::DoublePass) => "double, pass",
        (Lang::Sv, false, _, CubeVerdict::DoublePass) => "dubbla, passa",
        (Lang::En, false, _, CubeVerdict::TooGood) => "too good to double: play on for the gammon",
        (Lang::Sv, false, _, CubeVerdict::TooGood) => "för bra för att dubbla: spela på gammon",
    };
    let mut parts = vec![format!(
        "{} {}",
        lang.pick("no double", "ingen dubblering"),
        value(h.no_double)
    )];
    if let (Some(t), Some(p)) = (h.double_take, h.double_pass) {
        parts.push(format!("{} {}", lang.pick("double/take", "dubbla/ta"), value(t)));
        parts.push(format!(
            "{} {}",
            lang.pick("double/pass", "dubbla/passa"),
            value(p)
        ));
    }
    format!("{} {verdict} ({})", lang.pick("cube:", "kub:"), parts.join(" · "))
}
