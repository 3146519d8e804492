//! The words of the user interface, in English and Swedish. Swedish game terms (tunga,
//! huk, fåta, jan, munk…) stay in both.

use crate::app::{Note, die_noun_sv};
use crate::rules::{Color, Decider, GameResult, Lang, MatchScore, Standing};

/// A colour's name.
#[must_use]
pub fn color_name(lang: Lang, side: Color) -> &'static str {
    match side {
        Color::White => lang.pick("White", "Vit"),
        Color::Black => lang.pick("Black", "Svart"),
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

/// The text with its first letter capitalised.
#[must_use]
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The checker glyph of a colour: hollow for the light checkers, solid for the dark.
#[must_use]
pub fn glyph(side: Color) -> char {
    match side {
        Color::White => '○',
        Color::Black => '●',
    }
}

/// "hemspel med munk — 2 poäng (all checkers borne off, with munk — 2 points)".
#[must_use]
pub fn result_line(lang: Lang, result: &GameResult) -> String {
    let points = result.points();
    let sv = result.swedish();
    match lang {
        Lang::Sv => format!("{sv} — {points} poäng"),
        Lang::En => {
            let gloss = if result.munk {
                format!("{}, with munk", result.kind.english())
            } else {
                result.kind.english().to_string()
            };
            let unit = if points == 1 { "point" } else { "points" };
            format!("{sv} — {points} {unit} ({gloss})")
        }
    }
}

/// The note of the message line.
#[must_use]
pub fn note(lang: Lang, note: &Note, names: &[String; 2]) -> String {
    let who = |c: Color| format!("{} ({})", names[c.index()], color_name(lang, c));
    match note {
        Note::Refused(r) => r.message(lang),
        Note::NothingToMove => lang
            .pick(
                "no checker of yours can move from there",
                "ingen av dina brickor kan flyttas därifrån",
            )
            .into(),
        Note::PickDestination => lang
            .pick(
                "choose where it goes (lit points) — Enter places it, a digit picks the die, Esc lets go",
                "välj vart den ska (tända tungor) — Enter flyttar, en siffra väljer tärning, Esc släpper",
            )
            .into(),
        Note::TekaEqual(d) => match lang {
            Lang::En => format!("teka: both rolled {d} — roll again (Space)"),
            Lang::Sv => format!("teka: båda slog {d} — teka igen (mellanslag)"),
        },
        Note::TekaStarts {
            starter,
            white,
            black,
        } => match lang {
            Lang::En => format!(
                "teka: White {white}, Black {black} — the lower die starts: {} rolls (Space)",
                who(*starter)
            ),
            Lang::Sv => format!(
                "teka: Vit {white}, Svart {black} — lägst börjar: {} slår (mellanslag)",
                who(*starter)
            ),
        },
        Note::CannotMove(c) => match lang {
            Lang::En => format!("{} cannot move — Enter passes the turn", who(*c)),
            Lang::Sv => format!("{} kan inte flytta — Enter lämnar över", who(*c)),
        },
        Note::Forfeits { who: c, dice } => {
            let list = |f: &dyn Fn(u8) -> String| {
                dice.iter()
                    .map(|&d| f(d))
                    .collect::<Vec<_>>()
                    .join(lang.pick(" and ", " och "))
            };
            match lang {
                Lang::En => format!(
                    "{} forfeits the {} — Enter confirms, u undoes",
                    who(*c),
                    list(&|d| d.to_string())
                ),
                Lang::Sv => format!(
                    "{} fåtar {} — Enter bekräftar, u ångrar",
                    who(*c),
                    list(&|d| die_noun_sv(d).to_string())
                ),
            }
        }
        Note::Complete => lang
            .pick(
                "play complete — Enter confirms, u undoes",
                "draget är klart — Enter bekräftar, u ångrar",
            )
            .into(),
        Note::LoserStarts(c) => match lang {
            Lang::En => format!(
                "new game — the loser of the last one starts: {} rolls (Space)",
                who(*c)
            ),
            Lang::Sv => format!("nytt parti — förloraren börjar: {} slår (mellanslag)", who(*c)),
        },
        Note::SaveFailed(why) => match lang {
            Lang::En => format!("the match could not be saved: {why}"),
            Lang::Sv => format!("matchen kunde inte sparas: {why}"),
        },
        Note::Info(text) => text.clone(),
        Note::SavedMatchKept => lang
            .pick(
                "your saved match stays resumable (brade play --resume) until this match's first roll; then it moves to the records as unfinished",
                "din sparade match kan återupptas (brade play --resume) tills den här matchen slår första gången; sedan flyttas den till arkivet som oavslutad",
            )
            .into(),
        Note::Thinking => lang.pick("the computer is thinking…", "datorn tänker…").into(),
        Note::Hints(list) => format!(
            "{} {}",
            lang.pick("Best plays (expected points):", "Bästa dragen (väntade poäng):"),
            list.join(" · ")
        ),
        Note::UnknownKey => lang
            .pick(
                "that key does nothing here — ? shows the keys",
                "den tangenten gör inget här — ? visar tangenterna",
            )
            .into(),
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
