//! Resigning at the match screen, in either game: `g` opens the dialog in which the side
//! to move chooses what to give up (backgammon: a single game, a gammon or a backgammon;
//! bräde: the game, as a hemspel), then the other side answers — the computer at once, by
//! its evaluation ([`crate::ai::resign`]), a person at the keyboard in the same dialog.
//! The computer resigns a game it is sure to lose by itself, before its roll
//! ([`App::computer_resigns`]; not at a chouette). What is offered and answered goes into
//! the game's log ([`crate::session::Match::resign`]), and from there into its save.

use super::table::Table;
use super::{App, Key, Overlay, Screen};
use crate::ai::{Level, Strategy};
use crate::game::{Checkers as _, Resign};
use crate::rules::Color;
use crate::session::Phase;
use crate::words::Note;
use crate::words::resign::ResignRefusal;

/// The resignation dialog over the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resigning {
    /// The side offering to resign: the side to move.
    pub by: Color,
    pub stage: Stage,
    /// The highlighted line among the choices.
    pub item: usize,
}

/// Where the dialog stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The side to move chooses what to offer: the game's resignations, the smallest first.
    Choose,
    /// The other side, a person at the keyboard, accepts this offer (the first line) or
    /// declines it (the second).
    Answer(Resign),
}

impl Resigning {
    /// The dialog of `by`'s offer of `level`, waiting for the other side's answer.
    pub(super) fn answer(by: Color, level: Resign) -> Resigning {
        Resigning {
            by,
            stage: Stage::Answer(level),
            item: 0,
        }
    }
}

impl<G: Strategy> Table<G> {
    /// Who may offer to resign now from the keyboard — the side to move, a person — or why
    /// nobody may.
    pub(super) fn resigner(&self, sides: [Option<Level>; 2]) -> Result<Color, ResignRefusal> {
        let game = &self.game;
        let mover = game.position.to_move();
        match game.phase {
            Phase::Doubled { by } if sides[by.other().index()].is_none() => Err(ResignRefusal::Doubled),
            Phase::Doubled { .. } => Err(ResignRefusal::NotYourTurn),
            _ if !game.may_resign() => Err(ResignRefusal::NoGame),
            _ if sides[mover.index()].is_some() => Err(ResignRefusal::NotYourTurn),
            _ => Ok(mover),
        }
    }

    /// The side to move's resignation `level` is answered: the game ends, or goes on where
    /// it stood; the message line says which.
    pub(super) fn answer_resignation(&mut self, level: Resign, accepted: bool) {
        let answerer = self.game.position.to_move().other();
        if self.game.resign(level, accepted) {
            self.hint = None;
            self.note = Some(if accepted {
                Note::ResignAccepted(answerer)
            } else {
                Note::ResignDeclined { by: answerer, level }
            });
        }
    }

    /// The side to move offers `level` to the side `answerer` plays — the computer at
    /// `Some` level, which answers at once, or a person, whom the dialog asks.
    pub(super) fn offer(&mut self, level: Resign, answerer: Option<Level>) -> Overlay {
        if answerer.is_some() {
            let accepted = G::accepts(&self.game, level);
            self.answer_resignation(level, accepted);
            Overlay::None
        } else {
            Overlay::Resign(Resigning::answer(self.game.position.to_move(), level))
        }
    }

    /// Before the computer's roll: it resigns a game it is sure to lose (`None`: it does
    /// not). The other side answers — the computer at once, a person in the dialog, which
    /// is returned.
    pub(super) fn computer_resigns(&mut self, sides: [Option<Level>; 2]) -> Option<Overlay> {
        let mover = self.game.position.to_move();
        if !matches!(self.game.phase, Phase::AwaitRoll) || sides[mover.index()].is_none() {
            return None;
        }
        let level = G::resigns(&self.game)?;
        Some(self.offer(level, sides[mover.other().index()]))
    }
}

impl App {
    /// A beat of the computer, before its roll in a match (not at a chouette, whose
    /// games end as its own rules say): it resigns a game it is sure to lose. Returns
    /// whether it did.
    pub(super) fn computer_resigns(&mut self) -> bool {
        let sides = self.computer.sides;
        let offered = match &mut self.screen {
            Screen::Match(t) => t.computer_resigns(sides),
            _ => None,
        };
        match offered {
            Some(overlay) => {
                self.overlay = overlay;
                true
            }
            None => false,
        }
    }

    /// Whether `g` offers to resign now (for the footer).
    #[must_use]
    pub fn may_resign(&self) -> bool {
        self.resigner().is_ok()
    }

    /// Who at the keyboard may offer to resign now, or why nobody may (`None`: no match of
    /// a game with resignations on screen).
    fn resigner(&self) -> Result<Color, Option<ResignRefusal>> {
        let sides = self.computer.sides;
        let who = match &self.screen {
            Screen::Match(t) => t.resigner(sides),
            _ => return Err(None),
        };
        // A match resumed from a save before format 3 is saved in its format, which has no
        // resignations.
        match who {
            Ok(_) if self.dice.legacy => Err(Some(ResignRefusal::OldSave)),
            who => who.map_err(Some),
        }
    }

    /// `g` at the match screen: the dialog to choose what to give up, or why not.
    pub(super) fn resign_asked(&mut self) {
        match self.resigner() {
            Ok(by) => {
                self.overlay = Overlay::Resign(Resigning {
                    by,
                    stage: Stage::Choose,
                    item: 0,
                });
            }
            Err(Some(why)) => self.say(Some(crate::words::notes::ShellNote::NoResign(why))),
            Err(None) => {}
        }
    }

    /// The levels the game on screen offers, the smallest first.
    fn resign_levels(&self) -> &'static [Resign] {
        match &self.screen {
            Screen::Match(t) => t.resign_levels(),
            _ => &[],
        }
    }

    /// A key while the dialog is shown.
    pub(super) fn resign_key(&mut self, key: Key) {
        let levels = self.resign_levels().len();
        let Overlay::Resign(r) = &mut self.overlay else {
            return;
        };
        let choices = match r.stage {
            Stage::Choose => levels,
            Stage::Answer(_) => 2,
        };
        match (r.stage, key) {
            (_, Key::Up) => r.item = r.item.saturating_sub(1),
            (_, Key::Down) => r.item = (r.item + 1).min(choices - 1),
            (Stage::Choose, Key::Char('k')) => r.item = r.item.saturating_sub(1),
            (Stage::Choose, Key::Char('j')) => r.item = (r.item + 1).min(choices - 1),
            (Stage::Choose, Key::Char(c @ '1'..='3')) if usize::from(c as u8 - b'1') < choices => {
                r.item = usize::from(c as u8 - b'1');
                self.resign_chosen();
            }
            (Stage::Choose, Key::Esc | Key::Char('q')) => self.overlay = Overlay::None,
            // (j is the Swedish yes, as in the quit dialog.)
            (Stage::Answer(_), Key::Char('y' | 'Y' | 'j' | 'J')) => {
                r.item = 0;
                self.resign_chosen();
            }
            (Stage::Answer(_), Key::Char('n' | 'N') | Key::Esc) => {
                r.item = 1;
                self.resign_chosen();
            }
            (_, Key::Enter | Key::Char(' ')) => self.resign_chosen(),
            (_, Key::CtrlC) => self.ctrl_c(),
            _ => {}
        }
    }

    /// A click on line `item` of the dialog's choices: chosen, as Enter there.
    pub(super) fn resign_clicked(&mut self, item: usize) {
        if let Overlay::Resign(r) = &mut self.overlay {
            r.item = item;
            self.resign_key(Key::Enter);
        }
    }

    /// Enter in the dialog: the highlighted choice made.
    fn resign_chosen(&mut self) {
        let Overlay::Resign(r) = &self.overlay else {
            return;
        };
        let (by, item) = (r.by, r.item);
        let sides = self.computer.sides;
        // At a match a server holds, the offer and the answer go to the server (the
        // other seat answers).
        if let Some(live) = self.live() {
            let request = match r.stage {
                Stage::Choose => match self.resign_levels().get(item) {
                    Some(&level) => super::LobbyRequest::Resign(live.id, level),
                    None => return,
                },
                Stage::Answer(_) => super::LobbyRequest::AnswerResign(live.id, item == 0),
            };
            if matches!(request, super::LobbyRequest::Resign(..)) {
                self.say(Some(crate::words::notes::ShellNote::Info(
                    crate::words::lobby::offered(self.lang()).to_string(),
                )));
            }
            self.requests.push(request);
            self.overlay = Overlay::None;
            return;
        }
        self.overlay = match r.stage {
            Stage::Choose => {
                let Some(&level) = self.resign_levels().get(item) else {
                    return;
                };
                let answerer = sides[by.other().index()];
                match &mut self.screen {
                    Screen::Match(t) => t.offer(level, answerer),
                    _ => Overlay::None,
                }
            }
            Stage::Answer(level) => {
                let accepted = item == 0;
                if let Screen::Match(t) = &mut self.screen {
                    t.answer_resignation(level, accepted);
                }
                Overlay::None
            }
        };
        self.marks.picked = None;
    }
}
