//! A replay's own words: the keys its footer offers (only those that act on the turn
//! shown), and why a key of the analysis did nothing.

use super::{Lang, Phrase, p};

/// Why a key of a replay's analysis did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaySaid {
    /// e, E, w, W or v before the analysis is in.
    NotAnalysed,
    /// w or W: the analysis marked no decision of the match.
    NoErrors,
    /// e (`forward`) or E: no error after (before) the turn shown.
    NoErrorBeyond { forward: bool },
    /// v on a turn that shows no error.
    NothingToRollOut,
    /// v on a cube decision: only checker plays are rolled out.
    CubeNotRolledOut,
}

/// What a replay says of a key that did nothing.
#[must_use]
pub fn said(lang: Lang, said: ReplaySaid) -> &'static str {
    match said {
        ReplaySaid::NotAnalysed => lang.pick(
            "the analysis is not in yet: e, w and v wait for it",
            "analysen är inte klar än: e, w och v väntar på den",
        ),
        ReplaySaid::NoErrors => lang.pick(
            "the analysis marked no error in this match",
            "analysen fann inget misstag i den här matchen",
        ),
        ReplaySaid::NoErrorBeyond { forward: true } => lang.pick(
            "no error after this turn (E goes back, w worst first)",
            "inget misstag efter det här draget (E går bakåt, w sämsta först)",
        ),
        ReplaySaid::NoErrorBeyond { forward: false } => lang.pick(
            "no error before this turn (e goes on, w worst first)",
            "inget misstag före det här draget (e går framåt, w sämsta först)",
        ),
        ReplaySaid::NothingToRollOut => lang.pick(
            "v rolls out an error: this turn shows none (e goes to the next)",
            "v spelar ut ett misstag: det här draget visar inget (e går till nästa)",
        ),
        ReplaySaid::CubeNotRolledOut => lang.pick(
            "v rolls out checker plays only: a cube decision is weighed by the analysis",
            "v spelar bara ut drag: ett kubbeslut vägs av analysen",
        ),
    }
}

const MOVE_KEYS: Phrase = p("← → turn · PgUp PgDn game", "← → drag · PgUp PgDn parti");
const ERROR_KEYS: Phrase = p("e E errors · w W worst first", "e E misstag · w W sämsta");
const ROLL_OUT_KEY: Phrase = p("v roll out", "v utspel");
const BACK_KEY: Phrase = p("Esc back", "Esc tillbaka");

/// The replay's footer: the keys that act here — the errors' once the analysis marked
/// some, `v` on a turn whose error can be rolled out.
#[must_use]
pub fn keys(lang: Lang, errors: bool, roll_out: bool) -> String {
    let mut keys = vec![lang.say(MOVE_KEYS)];
    if errors {
        keys.push(lang.say(ERROR_KEYS));
    }
    if roll_out {
        keys.push(lang.say(ROLL_OUT_KEY));
    }
    keys.push(lang.say(BACK_KEY));
    keys.join(" · ")
}
