//! GNU Backgammon's Position ID: the 80-bit key of a position in 14 characters of base64.
//!
//! The key is a string of bits, packed little-endian (the first bit is the lowest bit of
//! the first byte): for each side, for each of its points 1 to 24 in its own numbering and
//! then its bar, as many 1s as it has checkers there and a 0; padded with 0s to 80 bits.
//! GNU Backgammon writes the side **not** on roll first and the side on roll second (its
//! manual's prose says the opposite, its code and every ID it prints do this: in
//! `90AahAULAAAAAA` the side on roll has three checkers left, the other thirteen). The ID
//! is the first 14 characters of the key's standard base64. The ID says nothing of the
//! side's colour: [`Position::from_id`] is told which colour is on roll.

use crate::rules::Color;

use super::board::{BAR, Counts};
use super::position::{Position, PositionError};

use super::match_id::ALPHABET;

/// The 10-byte key of `position`.
#[must_use]
pub fn position_key(position: &Position) -> [u8; 10] {
    let mover = position.turn();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [mover.other(), mover] {
        let counts = position.counts(side);
        for &n in &counts[1..=usize::from(BAR)] {
            for _ in 0..n {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The 14-character Position ID of `position`.
#[must_use]
pub fn position_id(position: &Position) -> String {
    let key = position_key(position);
    let mut bits = 0u32;
    let mut held = 0;
    let mut out = String::with_capacity(14);
    for &byte in &key {
        bits = (bits << 8) | u32::from(byte);
        held += 8;
        while held >= 6 {
            held -= 6;
            out.push(char::from(ALPHABET[((bits >> held) & 63) as usize]));
        }
    }
    // 80 bits leave 2: the 14th character, padded with zero bits.
    out.push(char::from(ALPHABET[((bits << (6 - held)) & 63) as usize]));
    out
}

/// Whether `text` has the shape of a Position ID (14 base64 characters), so that it is not
/// read as a position code.
#[must_use]
pub fn looks_like_id(text: &str) -> bool {
    text.len() == 14 && text.bytes().all(|b| ALPHABET.contains(&b))
}

impl Position {
    /// A position from a code, a Position ID (`ID`, `ID:w` or `ID:b`; an ID alone has
    /// `on_roll` on roll) or an XGID (its board and who is on roll).
    pub fn read(text: &str, on_roll: Color) -> Result<Position, PositionError> {
        let text = text.trim();
        if super::xgid::looks_like_xgid(text) {
            return super::xgid::Xgid::parse(text)
                .map(|x| x.position)
                .map_err(|e| PositionError::Xgid(Box::new(e)));
        }
        let (id, side) = match text.rsplit_once(':') {
            Some((id, "w")) => (id, Some(Color::White)),
            Some((id, "b")) => (id, Some(Color::Black)),
            _ => (text, None),
        };
        if looks_like_id(id) {
            return Position::from_id(id, side.unwrap_or(on_roll));
        }
        if side.is_some() || (!text.contains('/') && text.len() == 14) {
            return Err(PositionError::IdChars(id.to_string()));
        }
        Position::from_code(text)
    }

    /// Reads a Position ID, `on_roll` being the side on roll (the ID does not say).
    pub fn from_id(id: &str, on_roll: Color) -> Result<Position, PositionError> {
        let id = id.trim();
        if !looks_like_id(id) {
            return Err(PositionError::IdChars(id.to_string()));
        }
        let mut key = [0u8; 11];
        let mut bits = 0u32;
        let mut held = 0;
        let mut at = 0;
        for b in id.bytes() {
            let v = ALPHABET.iter().position(|&a| a == b).unwrap_or(0) as u32;
            bits = (bits << 6) | v;
            held += 6;
            if held >= 8 {
                held -= 8;
                key[at] = ((bits >> held) & 0xff) as u8;
                at += 1;
            }
        }
        let bad = || PositionError::IdContent(id.to_string());
        let mut sides = [[0u8; 26]; 2];
        let mut bit = 0usize;
        for side in &mut sides {
            for slot in side.iter_mut().skip(1) {
                loop {
                    let byte = key.get(bit / 8).ok_or_else(bad)?;
                    let one = byte >> (bit % 8) & 1 == 1;
                    bit += 1;
                    if !one {
                        break;
                    }
                    *slot += 1;
                    if *slot > 15 {
                        return Err(bad());
                    }
                }
            }
        }
        if bit > 80 {
            return Err(bad());
        }
        let [not_on_roll, on]: [Counts; 2] = sides;
        let (white, black) = match on_roll {
            Color::White => (on, not_on_roll),
            Color::Black => (not_on_roll, on),
        };
        Position::from_counts(&white, &black, on_roll)
    }

    /// The GNU Backgammon Position ID of this position (the side to move on roll).
    #[must_use]
    pub fn id(&self) -> String {
        position_id(self)
    }
}
