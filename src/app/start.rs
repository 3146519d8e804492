//! The start screen: its menu, and resuming the matches in progress it offers.

use super::{App, Key, Screen};
use crate::session::SeededDice;
use crate::store::Unfinished;

/// A saved match to resume: the match rebuilt from its save, of the game it names.
pub type ResumeOffer = crate::store::Resumable;

/// An entry of the start menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// A match or chouette in progress, resumed (with several, chosen from their list).
    Resume,
    NewMatch,
    /// A new match of backgammon.
    NewBackgammon,
    /// A new chouette: backgammon for three to eight players.
    NewChouette,
    Records,
    Statistics,
    /// The trainer: practice drawn from the records' mistakes.
    Practice,
    /// The position editor.
    Editor,
    Settings,
    Rules,
    Quit,
}

impl MenuItem {
    /// The letter that chooses the entry on the start screen (where the menu offers it).
    #[must_use]
    pub fn letter(self) -> Option<char> {
        Some(match self {
            MenuItem::NewMatch => 'n',
            MenuItem::NewBackgammon => 'b',
            MenuItem::NewChouette => 'c',
            MenuItem::Editor => 'e',
            MenuItem::Settings => 's',
            MenuItem::Practice => 'p',
            MenuItem::Rules => 'r',
            _ => return None,
        })
    }
}

impl App {
    /// Back to the start screen, the cursor on `entry` (the one the screen left was opened
    /// from), or on the first entry when the menu no longer has it.
    pub(super) fn back_to_start(&mut self, entry: MenuItem) {
        let item = self.menu().iter().position(|&e| e == entry).unwrap_or(0);
        self.screen = Screen::Start { item };
    }

    /// The entries of the start menu.
    #[must_use]
    pub fn menu(&self) -> Vec<MenuItem> {
        let mut items = vec![
            MenuItem::Editor,
            MenuItem::Settings,
            MenuItem::Rules,
            MenuItem::Quit,
        ];
        if !self.records.entries.is_empty() || self.records_reading().is_some() {
            items.insert(0, MenuItem::Records);
            items.insert(1, MenuItem::Statistics);
            if self.offer.read_only.is_none() {
                items.insert(2, MenuItem::Practice);
            }
        }
        // A match only where it can be saved.
        if self.offer.read_only.is_none() {
            items.insert(0, MenuItem::NewChouette);
            items.insert(0, MenuItem::NewBackgammon);
            items.insert(0, MenuItem::NewMatch);
            if !self.offer.kept.is_empty() {
                items.insert(0, MenuItem::Resume);
            }
        }
        items
    }

    /// Resume: the one match in progress at once, or the list of them to choose from.
    fn resume_chosen(&mut self) {
        match self.offer.kept.len() {
            0 => {}
            1 => self.resume_kept(0),
            _ => {
                self.screen = Screen::InProgress {
                    item: 0,
                    set_aside: false,
                }
            }
        }
    }

    /// Continues the match or chouette in progress at `i` of the list, from its file. It
    /// is saved again at once, as it goes on (with the seed of its dice when its save had
    /// none).
    pub(super) fn resume_kept(&mut self, i: usize) {
        if i >= self.offer.kept.len() {
            return;
        }
        let kept = self.offer.kept.remove(i);
        match kept.what {
            Unfinished::Match(offer) => self.continue_match(*offer, SeededDice::random_seed()),
            Unfinished::Chouette(chouette) => self.resume_chouette(*chouette),
        }
        self.saving.slot = Some(kept.path);
        self.saving.archived = false;
        self.note = None;
        self.offer.notice = None;
        self.saving.due = true;
    }

    /// Shows a match rebuilt from its save, its dice where they stood (a save without a
    /// seed goes on with dice from `seed_if_none`).
    pub fn continue_match(&mut self, offer: ResumeOffer, seed_if_none: u64) {
        crate::with_game!(offer.kind, G => {
            let Ok(r) = offer.into_game::<G>() else {
                return;
            };
            self.screen = Screen::Match(super::table_of(r.game.clone()));
            self.continue_dice(r, seed_if_none);
        });
        // With the dice already rolled, the cursor starts on a checker that can move.
        self.at_table(|table, desk| table.tab(desk.marks, true));
    }

    /// The dice and the computer's sides of a match resumed from its save.
    pub(super) fn continue_dice<G: crate::game::Game>(
        &mut self,
        offer: crate::store::Restored<G>,
        seed_if_none: u64,
    ) {
        self.dice.legacy = offer.legacy;
        self.dice.manual = offer.manual;
        match offer.seed {
            Some(seed) => self.seed_dice(seed, offer.dice_drawn),
            None => self.seed_dice(seed_if_none, 0),
        }
        self.dice.typed = offer.dice_typed;
        self.dice.typed_rolls = offer.typed_rolls;
        self.computer.sides = offer.computer;
    }

    pub(super) fn start_key(&mut self, key: Key) {
        let menu = self.menu();
        let Screen::Start { item } = &mut self.screen else {
            return;
        };
        let last = menu.len() - 1;
        let chosen = match key {
            Key::Up | Key::Char('k') => {
                *item = item.saturating_sub(1);
                None
            }
            Key::Down | Key::Char('j') | Key::Tab => {
                *item = (*item + 1).min(last);
                None
            }
            Key::Enter | Key::Char(' ') => menu.get(*item).copied(),
            // An entry's letter, where the menu offers the entry.
            Key::Char(c) => menu.iter().copied().find(|e| e.letter() == Some(c)),
            Key::Esc => Some(MenuItem::Quit),
            _ => None,
        };
        match chosen {
            Some(MenuItem::Resume) => self.resume_chosen(),
            // A game's entry: its setup form.
            Some(entry @ (MenuItem::NewMatch | MenuItem::NewBackgammon)) => {
                let kind = crate::game::Kind::ALL
                    .into_iter()
                    .find(|&k| crate::with_game!(k, G => <G as super::TableGame>::menu_entry()) == entry);
                if let Some(kind) = kind {
                    let form = self.offer.forms.form(kind, self.lang(), self.settings.rules);
                    self.screen = Screen::Setup(form);
                }
            }
            Some(MenuItem::NewChouette) => {
                self.screen = Screen::ChouetteForm(super::ChouetteForm::new(self.lang()));
            }
            Some(MenuItem::Settings) => self.screen = Screen::Settings { item: 0 },
            Some(MenuItem::Records) => self.screen = Screen::Records { item: 0 },
            Some(MenuItem::Statistics) => self.open_statistics(),
            Some(MenuItem::Practice) => self.open_trainer(),
            Some(MenuItem::Editor) => self.open_editor(crate::game::Kind::ALL[0], None),
            Some(MenuItem::Rules) => self.open_help(),
            Some(MenuItem::Quit) => self.quit = true,
            None => {}
        }
    }
}
