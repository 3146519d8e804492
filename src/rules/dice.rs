//! Dice: a roll of two dice (R6) and its text forms.

use std::fmt;
use std::str::FromStr;

/// A roll of two dice, kept in the order rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    first: u8,
    second: u8,
}

/// Why a roll was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    #[error("a die shows 1 to 6, got {0}")]
    Range(u8),
    #[error("dice are two digits 1–6 written as 53, 5-3 or \"5 3\", got {0:?}")]
    Syntax(String),
}

impl Roll {
    /// A roll of two dice, each 1–6.
    pub fn new(first: u8, second: u8) -> Result<Roll, RollError> {
        for d in [first, second] {
            if !(1..=6).contains(&d) {
                return Err(RollError::Range(d));
            }
        }
        Ok(Roll { first, second })
    }

    /// All 21 distinct rolls: the 15 mixed ones (higher die first) and the 6 doubles.
    #[must_use]
    pub fn all() -> [Roll; 21] {
        let mut out = [Roll { first: 1, second: 1 }; 21];
        let mut i = 0;
        for high in 1..=6u8 {
            for low in 1..=high {
                out[i] = Roll {
                    first: high,
                    second: low,
                };
                i += 1;
            }
        }
        out
    }

    /// The dice in the order rolled.
    #[must_use]
    pub fn dice(&self) -> (u8, u8) {
        (self.first, self.second)
    }

    /// The higher die.
    #[must_use]
    pub fn high(&self) -> u8 {
        self.first.max(self.second)
    }

    /// The lower die.
    #[must_use]
    pub fn low(&self) -> u8 {
        self.first.min(self.second)
    }

    /// Both dice equal (*alla*): four steps of that number.
    #[must_use]
    pub fn is_double(&self) -> bool {
        self.first == self.second
    }

    /// How many of the 36 equally likely ordered throws of two dice give this roll: 1 for
    /// a double, 2 otherwise (5-3 and 3-5). The weight of a roll among [`Roll::all`].
    #[must_use]
    pub fn ways(&self) -> u8 {
        if self.is_double() { 1 } else { 2 }
    }

    /// The steps this roll gives: four for a double, else the higher die then the lower.
    #[must_use]
    pub fn steps(&self) -> Vec<u8> {
        if self.is_double() {
            vec![self.first; 4]
        } else {
            vec![self.high(), self.low()]
        }
    }
}

impl FromStr for Roll {
    type Err = RollError;

    /// Accepts `53`, `5-3` and `5 3` (surrounding white space ignored).
    fn from_str(s: &str) -> Result<Roll, RollError> {
        let t = s.trim();
        let bytes = t.as_bytes();
        let digits: Option<(u8, u8)> = match bytes {
            [a, b] => Some((*a, *b)),
            [a, b'-' | b' ', b] => Some((*a, *b)),
            _ => None,
        };
        let syntax = || RollError::Syntax(s.to_string());
        let (a, b) = digits.ok_or_else(syntax)?;
        if !a.is_ascii_digit() || !b.is_ascii_digit() {
            return Err(syntax());
        }
        Roll::new(a - b'0', b - b'0')
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.first, self.second)
    }
}
