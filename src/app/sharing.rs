//! Sharing from the screens, two keys wherever there is something to share:
//!
//! - `X` copies: in a replay, the decision shown as eXtreme Gammon's text block (the
//!   analysis's figures for it, [`crate::share`]); in the backgammon editor, the
//!   position's XGID (with the dice typed); over the tutor's question, the play it
//!   questions as XG's text. The text goes to the terminal's clipboard (OSC 52, through
//!   the terminal layer, as the editor's `y`) and the screen says what was copied.
//! - `P` writes the picture (SVG) of the position shown, in a replay or the editor: the
//!   terminal layer writes it (into the data directory's `pictures/`, or the current
//!   directory without one) and the screen says where.
//!
//! The figures of a decision are weighed when asked, as the analysis weighs them (a
//! decision's worth of work: a blink, not a job).

use std::path::Path;

use super::{App, Key, Screen, Table};
use crate::words::sharing::{Shared, said};

/// What the app hands the terminal layer, once: text for the clipboard, or a picture to
/// write (its file name and its SVG).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    Clipboard(String),
    Picture { name: String, svg: String },
}

/// A file name for a picture of the position `id` names (its code or ID), safe on any
/// file system.
fn file_name(game: &str, id: &str) -> String {
    let safe: String = id
        .chars()
        .map(|c| match c {
            '/' => '-',
            '+' => '_',
            ',' => '.',
            c if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' => c,
            _ => '_',
        })
        .collect();
    format!("{game}-{safe}.svg")
}

impl App {
    /// `X` and `P` where they share (see the module); whether the key was taken.
    pub(super) fn share_key(&mut self, key: Key) -> bool {
        let lang = self.lang();
        let (said_now, out) = match (&mut self.screen, key) {
            (Screen::Replay(r), Key::Char(c @ ('X' | 'P'))) => r.share(c),
            (Screen::Match(t), Key::Char('X')) if t.state().tutor_asks => t.tutor_text(),
            (Screen::Editor(e), Key::Char('X')) if e.playing().is_some_and(|t| t.state().tutor_asks) => {
                e.playing().map_or((None, None), |t| t.tutor_text())
            }
            (Screen::Editor(e), Key::Char(c @ ('X' | 'P'))) => match e.share(c) {
                Some(done) => done,
                None => return false,
            },
            _ => return false,
        };
        if let Some(shared) = said_now {
            self.show_shared(lang, shared);
        }
        if let Some(out) = out {
            self.clipboard = Some(out);
        }
        true
    }

    /// Says `shared` where the screen on show says things.
    fn show_shared(&mut self, lang: crate::words::Lang, shared: Shared) {
        match &mut self.screen {
            Screen::Replay(r) => r.say_shared(shared),
            Screen::Match(t) => t.say(Some(crate::words::notes::ShellNote::Info(said(lang, &shared)))),
            Screen::Editor(e) => match e.playing_mut() {
                Some(t) => t.say(Some(crate::words::notes::ShellNote::Info(said(lang, &shared)))),
                None => e.say_shared(shared),
            },
            _ => {}
        }
    }

    /// The picture to write, taken once (its file name and its SVG), for the terminal
    /// layer.
    pub fn take_picture(&mut self) -> Option<(String, String)> {
        match self.clipboard.take() {
            Some(Outgoing::Picture { name, svg }) => Some((name, svg)),
            other => {
                self.clipboard = other;
                None
            }
        }
    }

    /// The picture was written to `path` (or could not be: why); the screen says so.
    pub fn picture_written(&mut self, path: &Path, result: Result<(), String>) {
        let path = path.display().to_string();
        let shared = match result {
            Ok(()) => Shared::Picture(path),
            Err(why) => Shared::PictureFailed { path, why },
        };
        self.show_shared(self.lang(), shared);
    }
}

pub(super) fn picture(game: &str, id: &str, svg: String) -> Outgoing {
    Outgoing::Picture {
        name: file_name(game, id),
        svg,
    }
}

/// What a key said (if anything) and what it hands the terminal layer.
pub type Done = (Option<Shared>, Option<Outgoing>);

/// What a game shares from its screens, each a text block as eXtreme Gammon's (see the
/// module); by default nothing (its screens say there is no decision to copy).
pub trait Shares: crate::game::Game {
    /// The play the tutor questions at `table`, as a text block.
    fn tutor_text(_table: &Table<Self>) -> Done {
        (Some(Shared::NoDecision), None)
    }
}

impl<G: Shares> Table<G> {
    /// The play the tutor questions here, as a text block.
    pub(super) fn tutor_text(&self) -> Done {
        G::tutor_text(self)
    }
}

/// The text block of `text`, said as copied.
pub(super) fn copied(text: Option<String>, missing: Shared) -> Done {
    match text {
        Some(text) => (Some(Shared::XgText), Some(Outgoing::Clipboard(text))),
        None => (Some(missing), None),
    }
}
