//! A position: the board and the side to move, with the position code of rules §7b.
//!
//! A position code is `WHITE/BLACK/TURN`; each side lists `POINT` or `POINTxCOUNT` in its
//! own numbering (`0` = the bar), checkers not listed are borne off, `-` stands for a side
//! with nothing on the board. [`Position::from_code`] is the only way from text to a
//! position and rejects, with a message naming the problem, anything that cannot occur
//! under the rules' invariants (15 checkers at most, one colour per tunga, no band on
//! points 2–11).

use std::fmt;
use std::str::FromStr;

use super::board::{Board, CHECKERS, opposite};
use crate::rules::Color;

/// A board and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
}

/// Why a position code or a set of counts was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("a position code has three parts WHITE/BLACK/TURN (e.g. 1x15/1x15/w), got {0:?}")]
    Shape(String),
    #[error("the side to move must be 'w' or 'b', got {0:?}")]
    Turn(String),
    #[error("{side}'s list is empty (write '-' for a side with no checkers on the board)")]
    EmptyList { side: Color },
    #[error("{side}'s entry {token:?} is malformed (expected POINT or POINTxCOUNT, e.g. 13 or 1x15)")]
    Token { side: Color, token: String },
    #[error("{side}'s entry {token:?}: point {point} is outside 0–24 (0 is the bar)")]
    PointRange { side: Color, token: String, point: u64 },
    #[error("{side}'s entry {token:?}: a count must be at least 1")]
    ZeroCount { side: Color, token: String },
    #[error("{side}'s point {point} is listed twice")]
    Duplicate { side: Color, point: u8 },
    #[error("{side} has {count} checkers; a side has at most 15")]
    TooMany { side: Color, count: u32 },
    #[error(
        "White's point {white_point} and Black's point {black_point} are the same tunga; \
         both colours cannot stand on it"
    )]
    Shared { white_point: u8, black_point: u8 },
    #[error("{side} has {count} checkers on point {point}; no band is possible on points 2–11 (R7)")]
    BandInFirstHalf { side: Color, point: u8, count: u8 },
}

/// Per-side counts in that side's own numbering: `[0]` the bar, `[1..=24]` the points.
pub type Counts = [u8; 25];

impl Position {
    /// The starting position of every game (R4), with `turn` to move.
    #[must_use]
    pub fn start(turn: Color) -> Position {
        Position {
            board: Board::start(),
            turn,
        }
    }

    /// A position from a board seen from `turn`'s side.
    #[must_use]
    pub fn new(board: Board, turn: Color) -> Position {
        Position { board, turn }
    }

    /// The checked constructor: per-side counts in each side's own numbering.
    pub fn from_counts(white: &Counts, black: &Counts, turn: Color) -> Result<Position, PositionError> {
        for (side, counts) in [(Color::White, white), (Color::Black, black)] {
            let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            if total > u32::from(CHECKERS) {
                return Err(PositionError::TooMany { side, count: total });
            }
            for point in 2..=11u8 {
                let count = counts[usize::from(point)];
                if count >= 2 {
                    return Err(PositionError::BandInFirstHalf { side, point, count });
                }
            }
        }
        for white_point in 1..=24u8 {
            let black_point = opposite(white_point);
            if white[usize::from(white_point)] > 0 && black[usize::from(black_point)] > 0 {
                return Err(PositionError::Shared {
                    white_point,
                    black_point,
                });
            }
        }
        let (own, opp) = match turn {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        Ok(Position {
            board: Board::from_counts(own, opp),
            turn,
        })
    }

    /// Parses a position code (rules §7b). Surrounding white space is ignored.
    pub fn from_code(code: &str) -> Result<Position, PositionError> {
        let code = code.trim();
        let parts: Vec<&str> = code.split('/').collect();
        if parts.len() != 3 {
            return Err(PositionError::Shape(code.to_string()));
        }
        let turn = Color::from_letter(parts[2]).ok_or_else(|| PositionError::Turn(parts[2].to_string()))?;
        let white = parse_side(Color::White, parts[0])?;
        let black = parse_side(Color::Black, parts[1])?;
        Position::from_counts(&white, &black, turn)
    }

    /// The canonical position code.
    #[must_use]
    pub fn code(&self) -> String {
        format!(
            "{}/{}/{}",
            side_code(&self.counts(Color::White)),
            side_code(&self.counts(Color::Black)),
            self.turn.letter()
        )
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The board seen from the side to move.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A side's checkers per point of its own numbering (`[0]` = bar).
    #[must_use]
    pub fn counts(&self, side: Color) -> Counts {
        if side == self.turn {
            self.board.own_counts()
        } else {
            self.board.opp_counts()
        }
    }

    /// A side's checkers borne off.
    #[must_use]
    pub fn borne_off(&self, side: Color) -> u8 {
        if side == self.turn {
            self.board.own_off()
        } else {
            self.board.opp_off()
        }
    }

    /// A side's pip count (pips still to go to bear off every checker).
    #[must_use]
    pub fn pips(&self, side: Color) -> u32 {
        if side == self.turn {
            self.board.own_pips()
        } else {
            self.board.opp_pips()
        }
    }

    /// The same checkers with the other side to move.
    #[must_use]
    pub fn pass_turn(&self) -> Position {
        Position {
            board: self.board.switched(),
            turn: self.turn.other(),
        }
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::from_code(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// How a side's list is numbered: the bar 0 and the points 1–24.
const NUMBERING: crate::rules::Numbering = crate::rules::Numbering {
    points: 0..=24,
    word: None,
    checkers: CHECKERS,
};

fn parse_side(side: Color, text: &str) -> Result<Counts, PositionError> {
    use crate::rules::ListError;
    crate::rules::read_list(text, &NUMBERING).map_err(|e| match e {
        ListError::Empty => PositionError::EmptyList { side },
        ListError::Token(token) => PositionError::Token { side, token },
        ListError::PointRange { token, point } => PositionError::PointRange { side, token, point },
        ListError::ZeroCount(token) => PositionError::ZeroCount { side, token },
        ListError::Duplicate(point) => PositionError::Duplicate { side, point },
        ListError::TooMany(count) => PositionError::TooMany { side, count },
    })
}

fn side_code(counts: &Counts) -> String {
    crate::rules::write_list(counts, 0)
}
