//! A match held elsewhere — by a server, between two people at two terminals — shown at
//! this app from one seat, or watched.
//!
//! The match itself stays whole and the rules engine checks every step as at one
//! keyboard; what a seat changes is that only the side it sits on acts here: rolling,
//! moving, doubling and answering a double are that side's when the match waits on it
//! ([`super::MatchScreen::actor`]), and either side may roll the opening or go on after a
//! game. A watcher acts on nothing. The computer's help is off (hints, the tutor; no
//! computer side, no typed dice), nothing is saved here (the holder saves), and `q`
//! leaves the seat for the lobby: the match waits for its player to come back.
//!
//! The holder keeps the match and its dice (a seed and how many were drawn): before a
//! seat acts it is given both ([`App::sit_down`] once, [`App::adopt`] at every change),
//! and after the input the holder takes the match back if it changed
//! ([`App::live_match`], compared by [`super::MatchScreen::fingerprint`]).

use super::lobby::LobbyRequest;
use super::{App, Input, Key, MatchScreen, Overlay, Screen};
use crate::rules::Color;
use crate::words::lobby as words;
use crate::words::notes::ShellNote;

/// A seat at a held match: the side it plays, or `None` to watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Live {
    pub seat: Option<Color>,
    /// The match's number at its holder.
    pub id: u64,
}

impl App {
    /// Sits down at the held match `id`, on `seat` (or to watch): shown as it stands, its
    /// dice those of `seed` with `drawn` drawn; the computer's help off.
    pub fn sit_down(&mut self, id: u64, screen: Box<dyn MatchScreen>, seat: Option<Color>, dice: (u64, u64)) {
        self.screen = Screen::Match(screen);
        self.overlay = Overlay::None;
        self.note = None;
        self.live = Some(Live { seat, id });
        self.computer.sides = [None, None];
        self.computer.thinking = false;
        self.dice.manual = false;
        self.dice.legacy = false;
        self.dice.entry.clear();
        self.seed_dice(dice.0, dice.1);
        self.marks.picked = None;
        self.at_table(|table, desk| table.tab(desk.marks, true));
    }

    /// The seat at a held match, when one is on screen.
    #[must_use]
    pub fn live(&self) -> Option<Live> {
        self.live.filter(|_| matches!(self.screen, Screen::Match(_)))
    }

    /// The held match on screen, as the seat left it, and its dice drawn so far.
    #[must_use]
    pub fn live_match(&self) -> Option<(&dyn MatchScreen, u64)> {
        self.live()?;
        Some((self.table()?, self.dice.drawn))
    }

    /// The held match changed (another seat acted): shown as it now stands, its dice
    /// drawn so far `drawn`; then what this seat's settings do by themselves on its own
    /// turn (roll, pass, confirm).
    pub fn adopt(&mut self, other: &(dyn MatchScreen + 'static), drawn: u64) {
        if self.live().is_none() {
            return;
        }
        let Some(seed) = self.dice.seed else { return };
        let changed = self.table_mut().is_some_and(|t| t.adopt(other));
        if self.dice.drawn != drawn {
            self.seed_dice(seed, drawn);
        }
        if changed {
            self.marks.picked = None;
            if self.overlay != Overlay::None && !matches!(self.overlay, Overlay::Help(_)) {
                self.overlay = Overlay::None;
            }
            if self.acts_here() {
                self.at_table(|table, desk| table.tab(desk.marks, true));
                self.automatic();
            }
        }
    }

    /// Whether this seat may act on the held match now (always, at one keyboard).
    pub(super) fn acts_here(&self) -> bool {
        let Some(live) = self.live() else { return true };
        let Some(seat) = live.seat else { return false };
        self.table().is_none_or(|t| t.actor().is_none_or(|c| c == seat))
    }

    /// What a seat does with an input before the match screen sees it: `true` when it is
    /// dealt with here (refused, or leaving).
    pub(super) fn live_input(&mut self, input: Input) -> bool {
        let Some(live) = self.live() else { return false };
        // Help, the pointer and the quit question are every seat's; the resignation
        // dialog is the seat's that it asks (the offerer's choice, the other's answer).
        if matches!(
            self.overlay,
            Overlay::Help(_) | Overlay::ConfirmQuit | Overlay::Resign(_)
        ) || matches!(input, Input::Hover(_))
        {
            return false;
        }
        let key = match input {
            Input::Key(key) => Some(key),
            _ => None,
        };
        let over = self.match_state().is_some_and(|m| m.over);
        match key {
            Some(Key::F1 | Key::Char('?')) => return false,
            Some(Key::Char('q') | Key::CtrlC) if self.overlay == Overlay::None => {
                self.leave_seat(live.id);
                return true;
            }
            // The match over (recorded by its holder): any key goes back to the lobby,
            // where it is listed with its dice.
            Some(_) if over && self.overlay == Overlay::None => {
                self.leave_seat(live.id);
                return true;
            }
            Some(Key::Left | Key::Right | Key::Up | Key::Down) if self.overlay == Overlay::None => {
                // The cursor is this seat's own.
                return !self.acts_here();
            }
            Some(Key::Char('H' | 'X' | 'P')) if self.overlay == Overlay::None => {
                self.say(Some(ShellNote::Info(
                    words::not_in_live_match(self.lang()).to_string(),
                )));
                return true;
            }
            _ => {}
        }
        if !self.acts_here() {
            let lang = self.lang();
            let note = match (live.seat, self.table().and_then(|t| t.actor())) {
                (None, _) => words::watching(lang).to_string(),
                (Some(_), Some(actor)) => {
                    let name = self
                        .table()
                        .map(|t| t.names()[actor.index()].clone())
                        .unwrap_or_default();
                    words::others_turn(lang, &name)
                }
                (Some(_), None) => return false,
            };
            self.say(Some(ShellNote::Info(note)));
            return true;
        }
        false
    }

    /// The side `by` at the held match offers to resign `level`: the other seat is asked
    /// (its dialog, as at one keyboard).
    pub fn resign_offered(&mut self, by: Color, level: crate::game::Resign) {
        let Some(live) = self.live() else { return };
        if live.seat == Some(by.other()) && !matches!(self.overlay, Overlay::Resign(_)) {
            self.overlay = Overlay::Resign(super::resign::Resigning::answer(by, level));
        }
    }

    /// Leaves the seat (or stops watching) for the lobby: the match waits.
    fn leave_seat(&mut self, id: u64) {
        self.live = None;
        self.overlay = Overlay::None;
        self.requests.push(LobbyRequest::Leave(id));
        self.show_lobby(None);
    }
}

/// A held match rebuilt from its save (a server restarted): its table, and its dice's
/// seed and how many were drawn; `None` for a save that cannot be resumed or has no seed.
#[must_use]
pub fn held_from_save(offer: super::ResumeOffer) -> Option<(Box<dyn MatchScreen>, u64, u64)> {
    crate::with_game!(offer.kind, G => {
        let restored = offer.into_game::<G>().ok()?;
        Some((super::table_of(restored.game), restored.seed?, restored.dice_drawn))
    })
}

/// A held match as its save holds it: its dice from `seed`, `drawn` drawn, nobody's
/// computer.
#[must_use]
pub fn held_save(screen: &dyn MatchScreen, seed: u64, drawn: u64) -> crate::store::SavedMatch {
    let dice = crate::store::format::DiceRecord {
        seed: Some(seed),
        drawn,
        ..Default::default()
    };
    screen.snapshot(dice, [None, None], crate::store::now())
}

/// The dice a held match has drawn from `seed`, in pairs as rolled (`31 64 55 …`).
#[must_use]
pub fn held_rolls(screen: &dyn MatchScreen, seed: u64, drawn: u64) -> String {
    use crate::session::DiceSource as _;
    let mut dice = crate::session::SeededDice::from_seed(screen.match_seed(seed));
    let all: Vec<u8> = (0..drawn).map(|_| dice.die()).collect();
    all.chunks(2)
        .map(|pair| pair.iter().map(u8::to_string).collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}
