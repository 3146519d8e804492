//! What is said about saving: a save that fails (said until it succeeds), the matches in
//! progress and their list, a finished match recorded late, and the quit question.

use std::path::Path;

use super::{Lang, Phrase, format_time, p};

/// The line kept on screen while saving fails: since when nothing was written, and why.
#[must_use]
pub fn not_saved_since(lang: Lang, since: Option<u64>, why: &str) -> String {
    match (lang, since) {
        (Lang::En, Some(t)) => format!(
            "⚠ Not saved since {}: {why} — tried again at every key",
            format_time(t)
        ),
        (Lang::En, None) => format!("⚠ Not saved: {why} — tried again at every key"),
        (Lang::Sv, Some(t)) => format!(
            "⚠ Inte sparat sedan {}: {why} — försöks igen vid varje tangent",
            format_time(t)
        ),
        (Lang::Sv, None) => format!("⚠ Inte sparat: {why} — försöks igen vid varje tangent"),
    }
}

/// The end of a match whose record could not be written.
#[must_use]
pub fn not_recorded(lang: Lang, why: &str) -> String {
    match lang {
        Lang::En => format!("This match could NOT be written to the records: {why}"),
        Lang::Sv => format!("Matchen kunde INTE skrivas till de spelade matcherna: {why}"),
    }
}

/// The key that tries again, on the end of a match not recorded.
pub const TRY_AGAIN_KEY: Phrase = p("s — try saving again", "s — försök spara igen");

/// The quit question over a match or chouette that is saved as it goes.
pub const LEAVE_MATCH: Phrase = p("Leave the match?", "Lämna matchen?");
pub const LEAVE_CHOUETTE: Phrase = p("Leave the chouette?", "Lämna chouetten?");
pub const LEAVE_SAVED: Phrase = p(
    "It is saved: Resume on the start screen goes on from here.",
    "Den är sparad: Fortsätt på startskärmen går vidare härifrån.",
);
pub const LEAVE_KEYS: Phrase = p(
    "s — start screen · y — quit brade · any other key — play on",
    "s — startskärmen · j/y — avsluta brade · annan tangent — spela vidare",
);
pub const LEAVE_KEYS_UNSAVED: Phrase = p(
    "r — try again · s — start screen · y — quit anyway · other — back",
    "r — försök igen · s — startskärmen · j/y — avsluta ändå · annan — tillbaka",
);
pub const QUIT_KEYS_UNSAVED: Phrase = p(
    "r — try again · y — quit anyway · any other key — back",
    "r — försök igen · j/y — avsluta ändå · annan tangent — tillbaka",
);

/// The start screen's Resume entry with several matches in progress.
#[must_use]
pub fn resume_several(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En => format!("Resume a match ({count} in progress)"),
        Lang::Sv => format!("Fortsätt en match ({count} pågående)"),
    }
}

/// Under it: the latest of them.
#[must_use]
pub fn latest(lang: Lang, what: &str) -> String {
    match lang {
        Lang::En => format!("latest: {what}"),
        Lang::Sv => format!("senast: {what}"),
    }
}

/// The list of matches in progress.
pub const IN_PROGRESS_TITLE: Phrase = p("Matches in progress", "Pågående matcher");
pub const IN_PROGRESS_KEYS: Phrase = p(
    "↑ ↓ choose · Enter resume · x put away in the records · Esc back",
    "↑ ↓ välj · Enter fortsätt · x lägg bland de spelade · Esc tillbaka",
);
pub const SET_ASIDE_ASK: Phrase = p(
    "Put this match away in the records, unfinished? It can no longer be resumed. (y/n)",
    "Lägga matchen bland de spelade, oavslutad? Den kan då inte tas upp igen. (j/n)",
);
pub const CHOUETTE: Phrase = p("Chouette", "Chouette");

/// A chouette in the list: its players and how many games have been played.
#[must_use]
pub fn chouette_line(lang: Lang, players: &str, games: usize) -> String {
    match lang {
        Lang::En => format!("Chouette · {players} · {games} games played"),
        Lang::Sv => format!("Chouette · {players} · {games} partier spelade"),
    }
}

/// A finished match found not yet recorded at the start, and recorded then.
#[must_use]
pub fn recorded_late(lang: Lang, record: &Path) -> String {
    match lang {
        Lang::En => format!(
            "A finished match that had not been recorded is in the records now ({}).",
            record.display()
        ),
        Lang::Sv => format!(
            "En avslutad match som inte hade sparats bland de spelade finns där nu ({}).",
            record.display()
        ),
    }
}

/// A finished match found not yet recorded, which could not be recorded now either.
#[must_use]
pub fn still_not_recorded(lang: Lang, path: &Path, why: &str) -> String {
    match lang {
        Lang::En => format!(
            "The finished match {} could not be recorded ({why}); it is kept, and recorded when it is resumed.",
            path.display()
        ),
        Lang::Sv => format!(
            "Den avslutade matchen {} kunde inte sparas bland de spelade ({why}); den finns kvar och sparas när den tas upp igen.",
            path.display()
        ),
    }
}

/// `brade play --resume` with no match in progress.
#[must_use]
pub fn nothing_to_resume(path: &Path) -> String {
    format!("there is no match in progress in {}", path.display())
}

/// The settings file could not be written (the reason names it).
#[must_use]
pub fn settings_not_written(lang: Lang, why: &str) -> String {
    match lang {
        Lang::En => format!("the settings could not be saved: {why}"),
        Lang::Sv => format!("inställningarna kunde inte sparas: {why}"),
    }
}
