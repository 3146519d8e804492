//! Where dice come from: a seeded generator for play, a script for tests.

use std::collections::VecDeque;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::fmt::Display;

/// A source of single dice (1–6).
pub trait DiceSource: std::fmt::Debug + Send {
    /// The next die.
    fn die(&mut self) -> u8;
}

/// Dice from ChaCha8 (named and pinned, so a seed gives the same dice on every machine
/// and in every version of this program that keeps the algorithm).
#[derive(Debug, Clone)]
pub struct SeededDice(ChaCha8Rng);

impl SeededDice {
    /// Dice that repeat for the same seed.
    #[must_use]
    pub fn from_seed(seed: u64) -> SeededDice {
        SeededDice(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A seed from the operating system.
    #[must_use]
    pub fn random_seed() -> u64 {
        rand::rng().random()
    }
}

impl DiceSource for SeededDice {
    fn die(&mut self) -> u8 {
        self.0.random_range(1..=6)
    }
}

/// Dice given in advance (for tests). When the script runs out it starts over.
#[derive(Debug, Clone)]
pub struct ScriptedDice {
    script: Vec<u8>,
    next: VecDeque<u8>,
}

impl ScriptedDice {
    /// Dice in this order; values outside 1–6 are clamped into it.
    #[must_use]
    pub fn new(dice: &[u8]) -> ScriptedDice {
        let script: Vec<u8> = dice.iter().map(|&d| d.clamp(1, 6)).collect();
        ScriptedDice {
            next: script.iter().copied().collect(),
            script,
        }
    }
}

impl DiceSource for ScriptedDice {
    fn die(&mut self) -> u8 {
        if self.next.is_empty() {
            self.next = self.script.iter().copied().collect();
        }
        self.next.pop_front().unwrap_or(1)
    }
}

/// The seed the dice of a match are drawn from: its seed bound to its length, players and
/// rules (FNV-1a of them all; the Vasamuseet rules add nothing), so that a save whose
/// length, names or rules were changed no longer has the dice its seed gives — the check
/// of the dice then refuses it. (Saves before format 3 drew from the seed itself.)
#[must_use]
pub fn match_seed<R: Display + Default + PartialEq>(
    seed: u64,
    games: u32,
    names: &[String; 2],
    rules: R,
) -> u64 {
    let mut bytes = seed.to_le_bytes().to_vec();
    bytes.extend_from_slice(&games.to_le_bytes());
    for name in names {
        bytes.extend_from_slice(name.as_bytes());
        bytes.push(0);
    }
    if rules != R::default() {
        bytes.extend_from_slice(rules.to_string().as_bytes());
        bytes.push(0);
    }
    crate::checksum::fnv1a(&bytes)
}

/// The seed of the next match's dice: SplitMix64 of the last seed and how far it went.
#[must_use]
pub fn next_seed(seed: u64, drawn: u64) -> u64 {
    let mut z = seed ^ drawn.rotate_left(32) ^ 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
