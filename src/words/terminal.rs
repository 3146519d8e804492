//! What the game says on the terminal itself, outside its screens (the refusals to start
//! in English: the terminal may not be one the game can draw in).

/// Said instead of a board where the terminal cannot draw one.
pub const DUMB: &str = "this terminal (TERM=dumb) cannot draw the board; 'brade play' plays a match in \
     plain text here, or run the game in a terminal that understands cursor movement and colours \
     (e.g. TERM=xterm-256color); from scripts use 'brade moves' and 'brade bot'";

/// The error the game ends with when the last save failed.
#[must_use]
pub fn not_saved(lang: super::Lang, why: &str) -> String {
    match lang {
        super::Lang::En => format!("the match could not be saved: {why}"),
        super::Lang::Sv => format!("matchen kunde inte sparas: {why}"),
    }
}

/// Said when the game is started without a terminal.
pub const NOT_A_TERMINAL: &str = "the game needs a terminal; 'brade play --plain' plays a match in plain text, and for scripts there are 'brade moves' and 'brade perft' (see 'brade --help')";

/// A file that could not be written, and why.
#[must_use]
pub fn file_failed(path: &std::path::Path, e: &std::io::Error) -> String {
    format!("{}: {e}", path.display())
}

/// Said to each player of `brade serve` when the server stops.
pub const SERVER_STOPPING: super::Phrase = super::p(
    "The server is stopping: your match is saved, and waits for you the next time you connect.",
    "Servern stängs: din match är sparad och väntar på dig nästa gång du ansluter.",
);
