//! The words of resigning, in either game: the dialog that offers a resignation and the
//! one that answers it, the message line after the answer or when one cannot be offered,
//! the heading of a game given up, and a resignation in a replay or a transcript.

use super::game::GameWords;
use super::{Lang, Phrase, p};
use crate::game::CubeAction;

/// Why the player at the keyboard cannot offer to resign now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResignRefusal {
    /// It is the computer's turn.
    NotYourTurn,
    /// A double waits for its answer.
    Doubled,
    /// No game is in play: the opening roll, or a game over.
    NoGame,
    /// The match was resumed from a save of a format before checksums were bound to the
    /// match, which cannot keep a resignation.
    OldSave,
}

/// Why a resignation cannot be offered now.
#[must_use]
pub fn refusal(lang: Lang, why: ResignRefusal) -> &'static str {
    match why {
        ResignRefusal::NotYourTurn => lang.pick(
            "you may resign on your own turn, before or after your roll",
            "du kan ge upp när det är din tur, före eller efter ditt slag",
        ),
        ResignRefusal::Doubled => lang.pick(
            "answer the double first — dropping it gives up a single game",
            "svara på dubbleringen först — att passa ger upp ett enkelt parti",
        ),
        ResignRefusal::NoGame => lang.pick("there is no game in play to give up", "inget parti pågår att ge upp"),
        ResignRefusal::OldSave => lang.pick(
            "this match was saved by an older brade, whose saves cannot keep a resignation: play it out",
            "matchen sparades av en äldre brade, vars sparfiler inte kan hålla ett uppgivande: spela klart den",
        ),
    }
}

/// The footer's key while the side at the keyboard may resign.
pub const KEY: Phrase = p("g resign", "g ge upp");

/// The dialogs' title.
pub const TITLE: Phrase = p(" Resign ", " Ge upp ");

/// The keys of the dialog choosing what to offer, with several choices.
pub const CHOOSE_KEYS: Phrase = p(
    "↑↓ or 1–3 choose · Enter offers it · Esc cancels",
    "↑↓ eller 1–3 välj · Enter erbjuder · Esc avbryter",
);

/// The keys of the dialog with one thing to offer (bräde's game).
pub const OFFER_KEYS: Phrase = p("Enter offers it · Esc cancels", "Enter erbjuder · Esc avbryter");

/// The keys of the dialog answering an offer.
pub const ANSWER_KEYS: Phrase = p("↑↓ choose · Enter answers", "↑↓ välj · Enter svarar");

/// The answers, as the dialog lists them (the key first).
pub const ACCEPT: Phrase = p("y  accept: the game ends", "j  godta: partiet är slut");
pub const DECLINE: Phrase = p("n  decline: play on", "n  avböj: spela vidare");

/// The question of the dialog choosing what to offer: "What does Bo give up?".
#[must_use]
pub fn choose(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("What does {who} give up?"),
        Lang::Sv => format!("Vad ger {who} upp?"),
    }
}

/// The offer to answer: "Bo offers to resign a gammon — 2 points.".
#[must_use]
pub fn offers(lang: Lang, who: &str, offer: &str) -> String {
    match lang {
        Lang::En => format!("{who} offers to resign {offer}."),
        Lang::Sv => format!("{who} erbjuder sig att ge upp {offer}."),
    }
}

/// Who answers: "Anna: accept?".
#[must_use]
pub fn accept_question(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who}: accept?"),
        Lang::Sv => format!("{who}: godta?"),
    }
}

/// The message line after an offer accepted: "Anna accepts the resignation".
#[must_use]
pub fn accepted(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} accepts the resignation"),
        Lang::Sv => format!("{who} godtar uppgivandet"),
    }
}

/// The message line after an offer declined: "Anna declines the resignation of a gammon
/// — play on".
#[must_use]
pub fn declined(lang: Lang, who: &str, what: &str) -> String {
    match lang {
        Lang::En => format!("{who} declines the resignation of {what} — play on"),
        Lang::Sv => format!("{who} avböjer uppgivandet av {what} — spelet fortsätter"),
    }
}

/// The heading of a game given up: "Bo resigns a gammon — 2 points".
#[must_use]
pub fn heading(lang: Lang, who: &str, offer: &str) -> String {
    match lang {
        Lang::En => format!("{who} resigns {offer}"),
        Lang::Sv => format!("{who} ger upp {offer}"),
    }
}

/// An action between the turns of a replay or a transcript, by `who`: the doubling cube's
/// ("Anna doubles to 4", "Bo takes — the cube at 4", "Bo drops"; `value` is the cube's
/// value after it, before a double is answered the value it was) or a resignation ("Bo
/// resigns a gammon — accepted", "Bo offers to resign a gammon — declined").
#[must_use]
pub fn action_line<G: GameWords>(lang: Lang, who: &str, action: CubeAction, value: u32) -> String {
    match (lang, action) {
        (Lang::En, CubeAction::Double) => format!("{who} doubles to {}", value * 2),
        (Lang::Sv, CubeAction::Double) => format!("{who} dubblar till {}", value * 2),
        (Lang::En, CubeAction::Take) => format!("{who} takes — the cube at {value}"),
        (Lang::Sv, CubeAction::Take) => format!("{who} tar — kuben på {value}"),
        (Lang::En, CubeAction::Drop) => format!("{who} drops"),
        (Lang::Sv, CubeAction::Drop) => format!("{who} passar"),
        (_, CubeAction::Resign(r)) => {
            let what = G::resign_name(lang, r.level);
            match (lang, r.accepted) {
                (Lang::En, true) => format!("{who} resigns {what} — accepted"),
                (Lang::Sv, true) => format!("{who} ger upp {what} — godtaget"),
                (Lang::En, false) => format!("{who} offers to resign {what} — declined"),
                (Lang::Sv, false) => format!("{who} erbjuder sig att ge upp {what} — avböjt"),
            }
        }
    }
}
