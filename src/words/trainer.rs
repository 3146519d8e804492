//! The trainer's words: its form (whose mistakes, from which mark, what is due, the
//! streak) and a card's question and answer.

use super::{Lang, Phrase, decimal, p};

pub const PRACTICE: Phrase = p("Practise your mistakes", "Öva på dina misstag");
pub const TITLE: Phrase = p(
    "Practise your mistakes (the records' errors, SM-2)",
    "Öva på dina misstag (matchernas misstag, SM-2)",
);
pub const WHOSE: Phrase = p("Whose", "Vems");
pub const EVERYONE: Phrase = p("everyone's", "allas");
pub const FROM: Phrase = p("From", "Från");
pub const START: Phrase = p("[ Start ]", "[ Börja ]");
pub const READING: Phrase = p("Reading the records…", "Läser matcherna…");
pub const FORM_KEYS: Phrase = p(
    "↑↓ field · ←→ change · Enter start · Esc back",
    "↑↓ fält · ←→ ändra · Enter börja · Esc tillbaka",
);
pub const DRILL_KEYS: Phrase = p(
    "Play the roll (keys, mouse or : notation) · Enter weighs it · Esc back to the form",
    "Spela slaget (tangenter, mus eller : notation) · Enter väger det · Esc tillbaka",
);
pub const NEXT_KEYS: Phrase = p(
    "Enter next card · Esc back to the form",
    "Enter nästa kort · Esc tillbaka",
);
pub const NOTHING_DUE: Phrase = p(
    "Nothing due today by these choices.",
    "Inget att öva i dag med de här valen.",
);

/// The marks to choose from, by the trainer's `least`.
#[must_use]
pub fn mark(lang: Lang, least: usize) -> &'static str {
    match least {
        0 => lang.pick("doubtful (?!) and worse", "tveksamma (?!) och sämre"),
        1 => lang.pick("bad (?) and worse", "dåliga (?) och sämre"),
        _ => lang.pick("very bad (??)", "mycket dåliga (??)"),
    }
}

/// The deck's figures by the form's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeckFigures {
    pub held: usize,
    pub due: usize,
    pub today: u64,
    pub streak: u64,
    pub added: usize,
    pub unanalysed: usize,
}

/// What the form says of the deck.
#[must_use]
pub fn figures(lang: Lang, f: &DeckFigures) -> Vec<String> {
    let mut lines = vec![match lang {
        Lang::En => format!(
            "{} card{} · {} due today · {} answered today · streak {} day{}",
            f.held,
            if f.held == 1 { "" } else { "s" },
            f.due,
            f.today,
            f.streak,
            if f.streak == 1 { "" } else { "s" }
        ),
        Lang::Sv => format!(
            "{} kort · {} att öva i dag · {} besvarade i dag · {} dagar i rad",
            f.held, f.due, f.today, f.streak
        ),
    }];
    if f.added > 0 {
        lines.push(match lang {
            Lang::En => format!("{} new from the records", f.added),
            Lang::Sv => format!("{} nya från matcherna", f.added),
        });
    }
    if f.unanalysed > 0 {
        lines.push(match lang {
            Lang::En => format!(
                "{} records not analysed yet: analyse them on the Statistics screen (a) for their cards",
                f.unanalysed
            ),
            Lang::Sv => format!(
                "{} matcher är inte analyserade än: analysera dem på statistikskärmen (a) för deras kort",
                f.unanalysed
            ),
        });
    }
    lines
}

/// After a drill.
#[must_use]
pub fn done(lang: Lang, cards: usize) -> String {
    match lang {
        Lang::En => format!(
            "Done: {cards} card{} practised.",
            if cards == 1 { "" } else { "s" }
        ),
        Lang::Sv => format!("Klart: {cards} kort övade."),
    }
}

/// A deck that could not be read was set aside.
#[must_use]
pub fn set_aside(lang: Lang, why: &str) -> String {
    match lang {
        Lang::En => {
            format!("The trainer's deck could not be read and was set aside ({why}); a new one is begun.")
        }
        Lang::Sv => format!("Övningskortleken kunde inte läsas och lades undan ({why}); en ny påbörjas."),
    }
}

/// A card's question: whose error, where, the match's score when it has one (see
/// [`card_score`]), and the roll.
#[must_use]
pub fn question(
    lang: Lang,
    player: &str,
    game: u32,
    turn: u32,
    score: Option<String>,
    roll: &str,
) -> Vec<String> {
    let (whose, find) = match lang {
        Lang::En => (
            format!("{player}'s play, game {game} turn {turn}"),
            format!("Find the best play for {roll}."),
        ),
        Lang::Sv => (
            format!("{player}s drag, parti {game} drag {turn}"),
            format!("Hitta bästa draget för {roll}."),
        ),
    };
    std::iter::once(whose).chain(score).chain([find]).collect()
}

/// The score a backgammon card is played at: the player's points and the opponent's,
/// and the match (`match_words`: "match to 5 · Crawford game", or money play).
#[must_use]
pub fn card_score(lang: Lang, player: &str, own: u32, theirs: u32, match_words: &str) -> String {
    match lang {
        Lang::En => format!("Score: {player} {own}, the opponent {theirs} ({match_words})"),
        Lang::Sv => format!("Ställning: {player} {own}, motspelaren {theirs} ({match_words})"),
    }
}

/// The card's place in the drill.
#[must_use]
pub fn card_of(lang: Lang, at: usize, of: usize) -> String {
    match lang {
        Lang::En => format!("Card {at} of {of}"),
        Lang::Sv => format!("Kort {at} av {of}"),
    }
}

/// The answer: the play made and its value, the best, and whether it was.
#[must_use]
pub fn answer(lang: Lang, played: &str, value: f64, loss: f64, best: &str, sign: &str) -> Vec<String> {
    let v = |x: f64| decimal(lang, format!("{x:+.3}"));
    if loss <= 0.0 {
        return vec![match lang {
            Lang::En => format!("✓ {played} ({}) — the best play", v(value)),
            Lang::Sv => format!("✓ {played} ({}) — bästa draget", v(value)),
        }];
    }
    let lost = decimal(lang, format!("{loss:.3}"));
    match lang {
        Lang::En => vec![
            format!("Yours: {played}{sign} ({}) loses {lost}", v(value)),
            format!("Best: {best} ({})", v(value + loss)),
        ],
        Lang::Sv => vec![
            format!("Ditt: {played}{sign} ({}) förlorar {lost}", v(value)),
            format!("Bäst: {best} ({})", v(value + loss)),
        ],
    }
}

/// The heading of the candidates' list.
pub const CANDIDATES: Phrase = p(
    "The best plays (expected points):",
    "Bästa dragen (förväntade poäng):",
);

/// An answer to a cube card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeChoice {
    NoDouble,
    Double,
    Take,
    Pass,
}

/// A cube choice in words.
#[must_use]
pub fn cube_choice(lang: Lang, c: CubeChoice) -> &'static str {
    match c {
        CubeChoice::NoDouble => lang.pick("no double", "ingen dubblering"),
        CubeChoice::Double => lang.pick("double", "dubbla"),
        CubeChoice::Take => lang.pick("take", "ta"),
        CubeChoice::Pass => lang.pick("pass", "passa"),
    }
}

/// A cube card's question: whose decision, where (the turn whose roll it comes before, as
/// the analysis and the replay number it), the match's score, and what to decide.
#[must_use]
pub fn cube_question(
    lang: Lang,
    player: &str,
    (game, turn): (u32, u32),
    score: Option<String>,
    take: bool,
) -> Vec<String> {
    let ask = match (lang, take) {
        (Lang::En, false) => "Double, or play on? (d double · n no double)",
        (Lang::En, true) => "You are doubled: take or pass? (t take · p pass)",
        (Lang::Sv, false) => "Dubbla, eller spela vidare? (d dubbla · n ingen dubblering)",
        (Lang::Sv, true) => "Du är dubblad: ta eller passa? (t ta · p passa)",
    };
    let whose = match lang {
        Lang::En => format!("{player}'s cube decision, game {game} turn {turn}"),
        Lang::Sv => format!("{player}s kubbeslut, parti {game} drag {turn}"),
    };
    std::iter::once(whose)
        .chain(score)
        .chain([ask.to_string()])
        .collect()
}

/// The keys of a cube card before its answer.
pub const CUBE_KEYS: Phrase = p(
    "Answer with the keys named · Esc back to the form",
    "Svara med tangenterna ovan · Esc tillbaka",
);

/// The heading of a cube card's choices, by their measure: each one's chance to win the
/// match (`chances`), or cubeful points per unit of the cube (money play).
#[must_use]
pub fn cube_candidates(lang: Lang, chances: bool) -> &'static str {
    match (lang, chances) {
        (Lang::En, true) => "The choices (each one's chance to win the match):",
        (Lang::En, false) => "The choices (cubeful points per unit of the cube):",
        (Lang::Sv, true) => "Valen (chansen att vinna matchen med vart och ett):",
        (Lang::Sv, false) => "Valen (poäng med kuben, per kubens enhet):",
    }
}
