//! The words of sharing a position, a decision or a picture: what a key of the replay,
//! the editor or the tutor did, and the command line's refusals.

use std::path::Path;

use super::{Lang, Phrase, p};

/// What a key that shares did, for the screen's message line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shared {
    /// The decision shown, as eXtreme Gammon's text, was put on the clipboard.
    XgText,
    /// The position's XGID was put on the clipboard.
    Xgid(String),
    /// The picture of the position is to be written, or was written, to `path`.
    Picture(String),
    /// The picture could not be written to `path`: why.
    PictureFailed { path: String, why: String },
    /// There is no decision here to copy (a forced play, a frame without one, an
    /// analysis not yet done).
    NoDecision,
    /// The computer's network cannot be read: no figures to copy.
    NoNetwork,
}

/// The message line of `shared`.
#[must_use]
pub fn said(lang: Lang, shared: &Shared) -> String {
    match shared {
        Shared::XgText => lang
            .pick(
                "Decision copied as XG text (to the clipboard, OSC 52)",
                "Beslutet kopierat som XG-text (till urklipp, OSC 52)",
            )
            .to_string(),
        Shared::Xgid(xgid) => match lang {
            Lang::En => format!("XGID copied (OSC 52 clipboard): {xgid}"),
            Lang::Sv => format!("XGID kopierat (urklipp, OSC 52): {xgid}"),
        },
        Shared::Picture(path) => match lang {
            Lang::En => format!("Picture written to {path}"),
            Lang::Sv => format!("Bilden skriven till {path}"),
        },
        Shared::PictureFailed { path, why } => match lang {
            Lang::En => format!("The picture could not be written to {path}: {why}"),
            Lang::Sv => format!("Bilden gick inte att skriva till {path}: {why}"),
        },
        Shared::NoDecision => lang
            .pick(
                "Nothing to copy here: no decision weighed on this turn (yet)",
                "Inget att kopiera här: inget beslut vägt i detta drag (än)",
            )
            .to_string(),
        Shared::NoNetwork => lang
            .pick(
                "Nothing to copy: the computer's network cannot be read",
                "Inget att kopiera: datorns nätverk går inte att läsa",
            )
            .to_string(),
    }
}

/// The keys that share, in the replay's footer.
pub const REPLAY_KEYS: Phrase = p("X copy as XG text · P picture", "X kopiera som XG-text · P bild");

/// `brade export --sgf` of a match of bräde.
#[must_use]
pub fn sgf_not_backgammon(lang: Lang, file: &Path) -> String {
    let file = file.display();
    match lang {
        Lang::En => format!(
            "{file} is a match of bräde: --sgf writes backgammon matches only (leave --sgf out for its transcript)"
        ),
        Lang::Sv => format!(
            "{file} är en match i bräde: --sgf skriver bara matcher i backgammon (utelämna --sgf för dess protokoll)"
        ),
    }
}
