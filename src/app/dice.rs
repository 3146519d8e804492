//! The dice of the match on screen: where they come from (a seed bound to the match, or
//! real dice typed in) and how many have been given, as a save records them.

use super::App;
use crate::session::{DiceSource, SeededDice, next_seed};
use crate::store::format::DiceRecord;

/// The dice and their bookkeeping.
#[derive(Debug)]
pub(super) struct Dice {
    source: Box<dyn DiceSource>,
    /// The generator's seed (when known) and how many dice it has given.
    pub(super) seed: Option<u64>,
    pub(super) drawn: u64,
    /// Dice typed in (manual dice), counted apart from those drawn, and which of the
    /// match's rolls they were (numbered from 0 in the order rolled, teka first).
    pub(super) typed: u64,
    pub(super) typed_rolls: Vec<u64>,
    /// The match on screen is played with real dice ([`App::manual_dice`]), and whether
    /// it was resumed from a save whose dice come from its seed itself (before format 3).
    pub(super) manual: bool,
    pub(super) legacy: bool,
    /// The digits of manual dice typed so far.
    pub(super) entry: String,
}

impl Dice {
    /// Dice from `source`, none given yet.
    pub(super) fn new(source: Box<dyn DiceSource>) -> Dice {
        Dice {
            source,
            seed: None,
            drawn: 0,
            typed: 0,
            typed_rolls: Vec::new(),
            manual: false,
            legacy: false,
            entry: String::new(),
        }
    }
}

impl Dice {
    /// The next die of the source, counted.
    pub(super) fn die(&mut self) -> u8 {
        self.drawn += 1;
        self.source.die()
    }
}

impl App {
    /// Whether the match on screen is played with real dice, typed in: chosen when it
    /// began (the setting then), and kept with it (its save says so).
    #[must_use]
    pub fn manual_dice(&self) -> bool {
        self.dice.manual
    }

    /// The dice generator's seed, when known.
    #[must_use]
    pub fn dice_seed(&self) -> Option<u64> {
        self.dice.seed
    }

    /// How many dice the generator has given the match on screen.
    #[must_use]
    pub fn dice_drawn(&self) -> u64 {
        self.dice.drawn
    }

    /// How many dice were typed in (manual dice) in the match on screen.
    #[must_use]
    pub fn dice_typed(&self) -> u64 {
        self.dice.typed
    }

    /// The digits of manual dice typed so far.
    #[must_use]
    pub fn dice_entry(&self) -> &str {
        &self.dice.entry
    }

    /// Uses seeded dice that have already given `drawn` dice (to continue a match with
    /// the dice it would have had): for the match on screen, drawn from `seed` bound to its
    /// length and players ([`match_seed`]; from `seed` itself for a match resumed from a
    /// save before that).
    pub fn seed_dice(&mut self, seed: u64, drawn: u64) {
        let legacy = self.dice.legacy;
        let bound = self
            .table()
            .map_or(seed, |t| if legacy { seed } else { t.match_seed(seed) });
        let mut dice = SeededDice::from_seed(bound);
        for _ in 0..drawn {
            dice.die();
        }
        self.dice.source = Box::new(dice);
        self.dice.seed = Some(seed);
        self.dice.drawn = drawn;
    }

    /// A new match (on screen) begins: its dice are counted from zero, drawn from a seed of
    /// their own (derived from the last one when that gave dice, so that a seeded session
    /// stays reproducible) bound to the match, or typed if the settings say so. A save then
    /// accounts for its own match's dice only.
    pub(super) fn fresh_dice(&mut self) {
        match self.dice.seed {
            Some(seed) if self.dice.drawn > 0 => self.begin_match(next_seed(seed, self.dice.drawn)),
            Some(seed) => self.begin_match(seed),
            // Dice given by the caller (a script), not from a seed: they go on.
            None => {
                self.begin_counting();
                self.dice.drawn = 0;
            }
        }
    }

    /// The match on screen begins with dice from `seed` (or typed, as the settings say).
    pub fn begin_match(&mut self, seed: u64) {
        self.begin_counting();
        self.seed_dice(seed, 0);
    }

    /// The dice of the match on screen counted from its beginning, of the kind the settings
    /// choose.
    fn begin_counting(&mut self) {
        self.dice.legacy = false;
        self.dice.manual = self.settings.manual_dice;
        self.dice.typed = 0;
        self.dice.typed_rolls.clear();
    }

    /// The dice as a save of the match on screen records them.
    pub(super) fn dice_record(&self) -> DiceRecord {
        DiceRecord {
            // A match with real dice draws none: its seed says nothing.
            seed: self.dice.seed.filter(|_| !self.dice.manual),
            drawn: self.dice.drawn,
            typed: self.dice.typed,
            typed_rolls: self.dice.typed_rolls.clone(),
            manual: self.dice.manual,
            legacy: self.dice.legacy,
        }
    }
}
