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

use super::editor::EditorNote;
use super::{App, Key, Replay, Screen, Table};
use crate::ai::backgammon::analysis::DecisionKind;
use crate::ai::backgammon::review::{self, Figures};
use crate::backgammon::{XgDice, Xgid};
use crate::game::Backgammon;
use crate::rules::{Color, MatchScore};
use crate::share::backgammon::{Around, block, cube_block};
use crate::share::picture::Extras;
use crate::words::Note;
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
        let extras = Extras::default();
        let (said_now, out) = match (&mut self.screen, key) {
            (Screen::Replay(r), Key::Char('X')) => text_of_replay(r),
            (Screen::BackgammonReplay(r), Key::Char('X')) => text_of_backgammon_replay(r),
            (Screen::Replay(r), Key::Char('P')) => {
                let f = r.frame();
                let svg = crate::share::brade::picture(&f.position, None, &extras);
                (None, Some(picture("brade", &f.position.code(), svg)))
            }
            (Screen::BackgammonReplay(r), Key::Char('P')) => {
                let f = r.frame();
                let cube = (f.stake.value, f.stake.owner);
                let svg = crate::share::backgammon::picture(&f.position, cube, None, &extras);
                (None, Some(picture("backgammon", &f.position.id(), svg)))
            }
            (Screen::Editor(e), Key::Char('P')) if e.play.is_none() => {
                let dice = e.roll().map(|r| r.dice());
                let svg = crate::share::brade::picture(&e.position, dice, &extras);
                (None, Some(picture("brade", &e.code(), svg)))
            }
            (Screen::BackgammonEditor(e), Key::Char('P')) if e.play.is_none() => {
                let dice = e.roll().map(|r| r.dice());
                let svg = crate::share::backgammon::picture(&e.position, (1, None), dice, &extras);
                (None, Some(picture("backgammon", &e.position.id(), svg)))
            }
            (Screen::BackgammonEditor(e), Key::Char('X')) if e.play.is_none() => {
                let xgid = Xgid {
                    dice: e.roll().map_or(XgDice::ToRoll, |r| {
                        let (a, b) = r.dice();
                        XgDice::Rolled(a, b)
                    }),
                    ..Xgid::of_position(e.position)
                };
                e.note = Some(EditorNote::Shared(Shared::Xgid(xgid.to_string())));
                (None, Some(Outgoing::Clipboard(xgid.to_string())))
            }
            (Screen::Match(t), Key::Char('X')) if t.state().tutor_asks => t.tutor_text(),
            (Screen::Editor(e), Key::Char('X')) if e.play.as_ref().is_some_and(|t| tutor_asks(t)) => {
                e.play.as_ref().map_or((None, None), |t| Shares::tutor_text(t))
            }
            (Screen::BackgammonEditor(e), Key::Char('X'))
                if e.play.as_ref().is_some_and(|t| tutor_asks(t)) =>
            {
                e.play.as_ref().map_or((None, None), |t| Shares::tutor_text(t))
            }
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
            Screen::Replay(r) => r.shared = Some(shared),
            Screen::BackgammonReplay(r) => r.shared = Some(shared),
            Screen::Editor(e) if e.play.is_none() => e.note = Some(EditorNote::Shared(shared)),
            Screen::BackgammonEditor(e) if e.play.is_none() => e.note = Some(EditorNote::Shared(shared)),
            Screen::Match(t) => t.say(Some(Note::Info(said(lang, &shared)))),
            Screen::Editor(e) => {
                if let Some(t) = e.play.as_mut() {
                    t.note = Some(Note::Info(said(lang, &shared)));
                }
            }
            Screen::BackgammonEditor(e) => {
                if let Some(t) = e.play.as_mut() {
                    t.note = Some(Note::Info(said(lang, &shared)));
                }
            }
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

fn picture(game: &str, id: &str, svg: String) -> Outgoing {
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

/// The bräde replay's decision shown as a text block.
fn text_of_replay(r: &Replay) -> Done {
    let Some(d) = r.decision() else {
        return (Some(Shared::NoDecision), None);
    };
    let game = &r.game;
    let names = Color::BOTH.map(|side| r.names[side.index()].as_str());
    let before: Vec<_> = game.score.results().iter().take(d.game - 1).copied().collect();
    let score = MatchScore::new(game.score.games(), before);
    let plies = crate::ai::analysis::JUDGE.depth().plies();
    let text = crate::ai::review::of_decision(game, d).map(|(candidates, made)| {
        crate::share::brade::block(names, &score, &d.position, d.roll, (&candidates, made), plies)
    });
    copied(text, Shared::NoNetwork)
}

/// The backgammon replay's decision shown (its checker play, else its cube decision) as
/// a text block.
fn text_of_backgammon_replay(r: &Replay<Backgammon>) -> Done {
    let decisions = r.decisions_at(r.index);
    let Some(d) = decisions
        .iter()
        .find(|d| !d.is_cube())
        .or_else(|| decisions.first())
    else {
        return (Some(Shared::NoDecision), None);
    };
    let (place, cube, take) = (
        (d.game, d.turn),
        d.is_cube(),
        matches!(d.kind, DecisionKind::Answer { .. }),
    );
    let names = Color::BOTH.map(|side| r.names[side.index()].as_str());
    let laid = review::of_match(&r.game, |_, _| {}, |p, c| p == place && c == cube);
    let text = laid.and_then(|l| l.into_iter().next()).map(|l| match &l.figures {
        Figures::Cube {
            doubled,
            answer,
            figures,
        } if take => {
            let around = Around {
                names,
                cube: &l.cube,
                score: &l.score,
                stakes: l.stakes,
            };
            cube_block(&around, &l.position, figures, (*doubled, *answer), true)
        }
        _ => block(names, &l),
    });
    copied(text, Shared::NoNetwork)
}

/// Whether the tutor's question is on the match's message line.
fn tutor_asks<G: crate::game::Game>(table: &Table<G>) -> bool {
    matches!(table.note, Some(Note::Tutor { .. }))
}
