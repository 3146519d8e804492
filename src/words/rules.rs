//! The engine's answers in words: refusals with the rule behind them, colours, dice,
//! results and how a match stands (R20).

use super::Lang;
use crate::rules::{
    BAR, Color, Decider, GameResult, MatchScore, OFF, Refusal, Standing, StepRefusal, WinKind,
};

/// Why a step, a typed play or a confirmation was refused, in words a player understands
/// (with the number of the rule that refuses it).
#[must_use]
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    let sv = lang == Lang::Sv;
    let pt = |p: u8| {
        if p == BAR {
            if sv {
                "ribban".to_string()
            } else {
                "the bar".to_string()
            }
        } else {
            p.to_string()
        }
    };
    match refusal {
        Refusal::Step(r) => match *r {
            StepRefusal::NoChecker(p) => {
                if sv {
                    format!("du har ingen bricka på tunga {p}")
                } else {
                    format!("you have no checker on point {p}")
                }
            }
            StepRefusal::NothingOnBar => lang
                .pick("you have no checker on the bar", "du har ingen bricka på ribban")
                .into(),
            StepRefusal::BarFirst => lang
                .pick(
                    "checkers on the bar must enter first (R9)",
                    "brickor på ribban måste spelas in först (R9)",
                )
                .into(),
            StepRefusal::NotAllHome => lang
                .pick(
                    "bear-off only when all your checkers are in the last quarter, 19–24 (R11)",
                    "hemspel först när alla dina brickor är i sista kvarteret, 19–24 (R11)",
                )
                .into(),
            StepRefusal::NotRearmost(p) => {
                if sv {
                    format!("bara den bakersta brickan får spelas hem – den på {p} (R11)")
                } else {
                    format!("only the rearmost checker may bear off – the one on {p} (R11)")
                }
            }
            StepRefusal::BandInFirstHalf(p) => {
                if sv {
                    format!("inga band på tungorna 2–11 utom huken – du har redan en bricka på {p} (R7)")
                } else {
                    format!("no band on points 2–11 except the huk – you already have a checker on {p} (R7)")
                }
            }
            StepRefusal::EntryOnOwn(p) => {
                if sv {
                    format!("man får inte spela in på egna brickor – tunga {p} (R9)")
                } else {
                    format!("you may not enter on your own checkers – point {p} (R9)")
                }
            }
            StepRefusal::ProtectedBand(p) => {
                if sv {
                    format!(
                        "bandet på {p} är fredat – inget hinder av sex band och ingen full ribba (R12, R13)"
                    )
                } else {
                    format!(
                        "that band on {p} is protected — no wall of six and no overflowing bar (R12, R13)"
                    )
                }
            }
            StepRefusal::LastCheckerCannotBurst(p) => {
                if sv {
                    format!("med en bricka kvar får man aldrig spränga – bandet på {p} är fredat (R14)")
                } else {
                    format!("with one checker left you may never burst – the band on {p} is safe (R14)")
                }
            }
        },
        Refusal::NoDie(d) => {
            if sv {
                format!("ingen oanvänd tärning visar {d}")
            } else {
                format!("no unused die shows {d}")
            }
        }
        Refusal::NoDieReaches { from, to } => {
            let to = if *to == OFF {
                lang.pick("off", "ut").to_string()
            } else {
                to.to_string()
            };
            if sv {
                format!("ingen oanvänd tärning för brickan från {} till {to}", pt(*from))
            } else {
                format!("no unused die takes a checker from {} to {to}", pt(*from))
            }
        }
        Refusal::TurnComplete => lang
            .pick(
                "the play is complete — confirm it or undo",
                "draget är klart — bekräfta eller ångra",
            )
            .into(),
        Refusal::GameOver => lang.pick("the game is over", "partiet är slut").into(),
        Refusal::MoreDice(n) => {
            if sv {
                format!("du måste använda så många tärningar som möjligt – här {n} (R10)")
            } else {
                format!("you must use as many dice as possible — here {n} (R10)")
            }
        }
        Refusal::HigherDie(d) => {
            if sv {
                format!("den högre tärningen måste användas – {d}:an (R10)")
            } else {
                format!("the higher die must be used — the {d} (R10)")
            }
        }
        Refusal::LessReduction => lang
            .pick(
                "a play with less reduction exists (R11)",
                "det finns ett drag med mindre reduktion (R11)",
            )
            .into(),
        Refusal::NotFinished => lang
            .pick(
                "a die can still be played — use as much of the roll as possible (R10)",
                "en tärning kan fortfarande spelas – använd så mycket av slaget som möjligt (R10)",
            )
            .into(),
        Refusal::Notation(e) => {
            if sv {
                format!("kan inte läsa draget: {e}")
            } else {
                format!("cannot read the play: {e}")
            }
        }
        Refusal::Mark(step) => {
            if sv {
                format!("markeringen stämmer inte: steget är {step}")
            } else {
                format!("the mark does not match: the step is {step}")
            }
        }
    }
}

/// A colour's name.
#[must_use]
pub fn color_name(lang: Lang, side: Color) -> &'static str {
    match side {
        Color::White => lang.pick("White", "Vit"),
        Color::Black => lang.pick("Black", "Svart"),
    }
}

/// A die as a Swedish ordinal noun (*femman*), as in "Svart fåtar femman".
#[must_use]
pub fn die_noun_sv(die: u8) -> &'static str {
    match die {
        1 => "ettan",
        2 => "tvåan",
        3 => "trean",
        4 => "fyran",
        5 => "femman",
        _ => "sexan",
    }
}

/// "game 2 of 5" / "parti 2 av 5".
#[must_use]
pub fn game_of(lang: Lang, number: impl std::fmt::Display, games: u32) -> String {
    format!(
        "{} {number} {} {games}",
        lang.pick("game", "parti"),
        lang.pick("of", "av")
    )
}

/// The Swedish name players use for a kind of win.
#[must_use]
pub fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Hemspel => "Hemspel",
        WinKind::EnkeltKronspel => "Enkelt kronspel",
        WinKind::DubbeltKronspel => "Dubbelt kronspel",
        WinKind::Trappspel => "Trappspel",
        WinKind::Uppspel => "Uppspel",
        WinKind::Jan => "Jan",
        WinKind::Sprangjan => "Sprängjan",
    }
}

/// A short English gloss of a kind of win.
#[must_use]
pub fn gloss(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Hemspel => "all checkers borne off",
        WinKind::EnkeltKronspel => "single crown: 3 on each of points 20–24",
        WinKind::DubbeltKronspel => "double crown: 5 on each of points 22–24",
        WinKind::Trappspel => "staircase: 3, 5 and 7 on points 22, 23, 24",
        WinKind::Uppspel => "all 15 on point 24",
        WinKind::Jan => "the opponent cannot enter his hit checkers",
        WinKind::Sprangjan => "jan made by bursting a band in the first quarter",
    }
}

/// The Swedish name of a result, with munk: "Hemspel med munk", "Sprängjan".
#[must_use]
pub fn result_name(result: &GameResult) -> String {
    if result.munk {
        format!("{} med munk", kind_name(result.kind))
    } else {
        kind_name(result.kind).to_string()
    }
}

/// "hemspel med munk — 2 poäng (all checkers borne off, with munk — 2 points)".
#[must_use]
pub fn result_line(lang: Lang, result: &GameResult) -> String {
    let points = result.points();
    let sv = result_name(result);
    match lang {
        Lang::Sv => format!("{sv} — {points} poäng"),
        Lang::En => {
            let gloss = if result.munk {
                format!("{}, with munk", gloss(result.kind))
            } else {
                gloss(result.kind).to_string()
            };
            let unit = if points == 1 { "point" } else { "points" };
            format!("{sv} — {points} {unit} ({gloss})")
        }
    }
}

/// How the match stands or ended, spelled out (R20).
#[must_use]
pub fn standing(lang: Lang, score: &MatchScore, names: &[String; 2]) -> String {
    let name = |c: Color| names[c.index()].as_str();
    let (w, b) = (score.points(Color::White), score.points(Color::Black));
    let decided = |leader: Color, by: &Decider, won: bool| -> String {
        let verb = match (lang, won) {
            (Lang::En, true) => "wins the match",
            (Lang::En, false) => "leads",
            (Lang::Sv, true) => "vinner matchen",
            (Lang::Sv, false) => "leder",
        };
        match by {
            Decider::Points => match lang {
                Lang::En => format!("{} {verb} on points, {}–{}", name(leader), w.max(b), w.min(b)),
                Lang::Sv => format!("{} {verb} på poäng, {}–{}", name(leader), w.max(b), w.min(b)),
            },
            Decider::RankBox {
                index,
                winner_box,
                loser_box,
            } => {
                let nth = index + 1;
                let other = name(leader.other());
                let theirs = match (lang, loser_box) {
                    (Lang::En, Some(l)) => format!("{other}'s is in box {l}"),
                    (Lang::En, None) => format!("{other} has no {nth}. result"),
                    (Lang::Sv, Some(l)) => format!("{other}s ligger i ruta {l}"),
                    (Lang::Sv, None) => format!("{other} har inget {nth}:e resultat"),
                };
                match lang {
                    Lang::En => format!(
                        "{w}–{b} on points; {} {verb} on the tie-break: the {nth}. best result is in rank box {winner_box}, {theirs} (R20)",
                        name(leader)
                    ),
                    Lang::Sv => format!(
                        "{w}–{b} i poäng; {} {verb} på särskiljning: {nth}:a bästa resultatet ligger i ruta {winner_box}, {theirs} (R20)",
                        name(leader)
                    ),
                }
            }
        }
    };
    match score.standing() {
        Standing::Level => match lang {
            Lang::En => format!("level, {w}–{b}"),
            Lang::Sv => format!("lika, {w}–{b}"),
        },
        Standing::Leads { leader, by } => decided(leader, &by, false),
        Standing::Won { winner, by } => decided(winner, &by, true),
    }
}
