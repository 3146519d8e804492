//! GNU Backgammon's Match ID: the state of a match around a position (the cube, who is on
//! roll, the dice, the score) in 12 characters of base64.
//!
//! The key is a string of bits packed as the Position ID's (the first bit is the lowest
//! bit of the first byte), each field written from its lowest bit: the cube's value as a
//! power of two (4 bits), its owner (2: 0, 1, or 3 for the middle), the player on roll
//! (1), the Crawford flag (1), the game's state (3), the player to decide (1), a double
//! offered (1), a resignation offered (2: none, single, gammon, backgammon), the two dice
//! (3 each, 0 for none), the match length (15, 0 for money play), player 0's score (15)
//! and player 1's (15): 66 bits, as gnubg's manual describes. GNU Backgammon 1.07 writes a
//! 67th, set when the Jacoby rule is **not** in use (so in every match); the remaining five
//! bits of the 9 bytes are 0. The ID is the key's standard base64 (12 characters).
//!
//! The dice are written the higher first, as GNU Backgammon 1.07 writes them whatever the
//! order rolled; an ID is read as it holds them.
//!
//! gnubg's players 0 and 1 are White and Black here (player 0 is the one gnubg's own
//! export lists first).

use std::fmt;

use crate::rules::Color;

use super::result::Win;

/// The base-64 alphabet of GNU Backgammon's Position and Match IDs.
pub(super) const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// How far the game has gone (the Match ID's game state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// No game started.
    NoGame,
    /// A game is being played.
    Playing,
    /// The game is over.
    Over,
    /// The game ended by a resignation.
    Resigned,
    /// The game ended by a dropped double.
    Dropped,
}

impl GameState {
    const ALL: [GameState; 5] = [
        GameState::NoGame,
        GameState::Playing,
        GameState::Over,
        GameState::Resigned,
        GameState::Dropped,
    ];

    /// The word for it in `brade id`'s output.
    #[must_use]
    pub fn notation(self) -> &'static str {
        match self {
            GameState::NoGame => "none",
            GameState::Playing => "playing",
            GameState::Over => "over",
            GameState::Resigned => "resigned",
            GameState::Dropped => "dropped",
        }
    }
}

/// What a Match ID holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchState {
    /// The cube's value: a power of two, 1 to 2^15.
    pub cube: u32,
    /// Who owns the cube; `None`: in the middle.
    pub cube_owner: Option<Color>,
    /// The player on roll (or who has rolled).
    pub on_roll: Color,
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    pub state: GameState,
    /// The player to make the next decision (the other one when a double or a
    /// resignation has been offered).
    pub turn: Color,
    /// Whether a double has been offered.
    pub doubled: bool,
    /// The resignation offered, if any.
    pub resigned: Option<Win>,
    /// The dice rolled (1–6 each; an ID holds the higher first); `None` before the roll.
    pub dice: Option<(u8, u8)>,
    /// The match length; 0 for money play.
    pub length: u32,
    /// The score, White's (gnubg's player 0) then Black's.
    pub score: [u32; 2],
    /// Whether the Jacoby rule is in use (money play only).
    pub jacoby: bool,
}

impl Default for MatchState {
    /// A game being played, White on roll, the cube in the middle, no dice, money play.
    fn default() -> MatchState {
        MatchState {
            cube: 1,
            cube_owner: None,
            on_roll: Color::White,
            crawford: false,
            state: GameState::Playing,
            turn: Color::White,
            doubled: false,
            resigned: None,
            dice: None,
            length: 0,
            score: [0, 0],
            jacoby: false,
        }
    }
}

/// Why a text is not a Match ID.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchIdError {
    #[error("{0:?} is not a Match ID: 12 characters of A–Z, a–z, 0–9, + and /")]
    Chars(String),
    #[error("the Match ID {0:?} gives the cube an owner that does not exist")]
    CubeOwner(String),
    #[error("the Match ID {id:?} gives the game the state {state}, which does not exist (0–4)")]
    GameState { id: String, state: u8 },
    #[error("the Match ID {id:?} holds the dice {first} and {second}, which no roll shows")]
    Dice { id: String, first: u8, second: u8 },
    #[error("the Match ID {0:?} has bits set past its end")]
    Padding(String),
}

/// Whether `text` has the shape of a Match ID (12 base64 characters).
#[must_use]
pub fn looks_like_match_id(text: &str) -> bool {
    text.len() == 12 && text.bytes().all(|b| ALPHABET.contains(&b))
}

/// The key's bits, written and read from a field's lowest bit.
struct Bits {
    key: [u8; 9],
    at: usize,
}

impl Bits {
    fn put(&mut self, width: usize, value: u32) {
        for i in 0..width {
            if value >> i & 1 == 1 {
                self.key[self.at / 8] |= 1 << (self.at % 8);
            }
            self.at += 1;
        }
    }

    fn take(&mut self, width: usize) -> u32 {
        let mut value = 0;
        for i in 0..width {
            value |= u32::from(self.key[self.at / 8] >> (self.at % 8) & 1) << i;
            self.at += 1;
        }
        value
    }
}

fn player(color: Color) -> u32 {
    color.index() as u32
}

fn color(player: u32) -> Color {
    if player == 0 { Color::White } else { Color::Black }
}

impl MatchState {
    /// The 12-character Match ID, as gnubg writes it: the higher die first. Each field
    /// keeps as many bits as the ID has for it: the cube's value is written as its power
    /// of two (rounded down), the length and the scores below 2^15.
    #[must_use]
    pub fn id(&self) -> String {
        let mut bits = Bits { key: [0; 9], at: 0 };
        bits.put(4, self.cube.max(1).ilog2());
        bits.put(2, self.cube_owner.map_or(3, player));
        bits.put(1, player(self.on_roll));
        bits.put(1, u32::from(self.crawford));
        let state = GameState::ALL.iter().position(|&s| s == self.state).unwrap_or(1);
        bits.put(3, state as u32);
        bits.put(1, player(self.turn));
        bits.put(1, u32::from(self.doubled));
        bits.put(2, self.resigned.map_or(0, |w| u32::from(w.points())));
        let (a, b) = self.dice.unwrap_or((0, 0));
        bits.put(3, u32::from(a.max(b)));
        bits.put(3, u32::from(a.min(b)));
        bits.put(15, self.length);
        bits.put(15, self.score[0]);
        bits.put(15, self.score[1]);
        bits.put(1, u32::from(!self.jacoby));
        let mut out = String::with_capacity(12);
        for chunk in bits.key.chunks(3) {
            let word = u32::from(chunk[0]) << 16 | u32::from(chunk[1]) << 8 | u32::from(chunk[2]);
            for shift in [18, 12, 6, 0] {
                out.push(char::from(ALPHABET[(word >> shift & 63) as usize]));
            }
        }
        out
    }

    /// Reads a Match ID (surrounding white space ignored).
    pub fn from_id(id: &str) -> Result<MatchState, MatchIdError> {
        let id = id.trim();
        if !looks_like_match_id(id) {
            return Err(MatchIdError::Chars(id.to_string()));
        }
        let mut key = [0u8; 9];
        let values: Vec<u32> = id
            .bytes()
            .map(|b| ALPHABET.iter().position(|&a| a == b).unwrap_or(0) as u32)
            .collect();
        for (group, chunk) in values.chunks(4).enumerate() {
            let word = chunk.iter().fold(0, |w, &v| w << 6 | v);
            for (i, slot) in key[group * 3..group * 3 + 3].iter_mut().enumerate() {
                *slot = (word >> (16 - 8 * i) & 0xff) as u8;
            }
        }
        let mut bits = Bits { key, at: 0 };
        let cube = 1 << bits.take(4);
        let cube_owner = match bits.take(2) {
            3 => None,
            2 => return Err(MatchIdError::CubeOwner(id.to_string())),
            p => Some(color(p)),
        };
        let on_roll = color(bits.take(1));
        let crawford = bits.take(1) == 1;
        let state_bits = bits.take(3);
        let state = *GameState::ALL
            .get(state_bits as usize)
            .ok_or(MatchIdError::GameState {
                id: id.to_string(),
                state: state_bits as u8,
            })?;
        let turn = color(bits.take(1));
        let doubled = bits.take(1) == 1;
        let resigned = match bits.take(2) {
            0 => None,
            n => Win::ALL.get(n as usize - 1).copied(),
        };
        let (first, second) = (bits.take(3) as u8, bits.take(3) as u8);
        let dice = match (first, second) {
            (0, 0) => None,
            (1..=6, 1..=6) => Some((first, second)),
            _ => {
                return Err(MatchIdError::Dice {
                    id: id.to_string(),
                    first,
                    second,
                });
            }
        };
        let length = bits.take(15);
        let score = [bits.take(15), bits.take(15)];
        let jacoby = bits.take(1) == 0;
        if bits.take(5) != 0 {
            return Err(MatchIdError::Padding(id.to_string()));
        }
        Ok(MatchState {
            cube,
            cube_owner,
            on_roll,
            crawford,
            state,
            turn,
            doubled,
            resigned,
            dice,
            length,
            score,
            jacoby,
        })
    }
}

impl fmt::Display for MatchState {
    /// One `NAME VALUE` a line, in the words of `brade id`'s options: `match 5`,
    /// `score 2-1` (White's first), `cube 2:b` (`2` in the middle), `on-roll w`,
    /// `dice 53` (`-` for none), `crawford on|off`, `state playing`, `turn w`,
    /// `doubled on|off`, `resigned single|gammon|backgammon|-`, `jacoby on|off`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flag = |b: bool| if b { "on" } else { "off" };
        writeln!(f, "match {}", self.length)?;
        writeln!(f, "score {}-{}", self.score[0], self.score[1])?;
        match self.cube_owner {
            Some(owner) => writeln!(f, "cube {}:{}", self.cube, owner.letter())?,
            None => writeln!(f, "cube {}", self.cube)?,
        }
        writeln!(f, "on-roll {}", self.on_roll.letter())?;
        match self.dice {
            Some((a, b)) => writeln!(f, "dice {a}{b}")?,
            None => writeln!(f, "dice -")?,
        }
        writeln!(f, "crawford {}", flag(self.crawford))?;
        writeln!(f, "state {}", self.state.notation())?;
        writeln!(f, "turn {}", self.turn.letter())?;
        writeln!(f, "doubled {}", flag(self.doubled))?;
        writeln!(f, "resigned {}", self.resigned.map_or("-", Win::notation))?;
        writeln!(f, "jacoby {}", flag(self.jacoby))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manuals_fields_land_where_gnubg_puts_them() {
        // gnubg 1.07 after `new match 5`, `set score 3 4`, `set crawford on`, `set turn 1`.
        let state = MatchState {
            on_roll: Color::Black,
            turn: Color::Black,
            crawford: true,
            length: 5,
            score: [3, 4],
            ..MatchState::default()
        };
        assert_eq!(state.id(), "8AmgADAAIAAE");
        assert_eq!(MatchState::from_id("8AmgADAAIAAE"), Ok(state));
    }

    #[test]
    fn ids_that_hold_no_state_are_refused_with_the_reason() {
        assert!(matches!(
            MatchState::from_id("8AmgADAAIAA"),
            Err(MatchIdError::Chars(_))
        ));
        assert!(matches!(
            MatchState::from_id("8AmgADAAIAA!"),
            Err(MatchIdError::Chars(_))
        ));
        // Owner bits 10 (the 6th and 5th bits of the first byte).
        assert!(matches!(
            MatchState::from_id("IAmgADAAIAAE"),
            Err(MatchIdError::CubeOwner(_))
        ));
        assert!(matches!(
            MatchState::from_id("8A+gADAAIAAE"),
            Err(MatchIdError::GameState { .. })
        ));
        assert!(matches!(
            MatchState::from_id("8AmgADAAIAA/"),
            Err(MatchIdError::Padding(_))
        ));
    }
}
