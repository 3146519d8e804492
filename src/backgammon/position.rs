//! A position: the board and the side to move, with its text code.
//!
//! A position code is `WHITE/BLACK/TURN`, as bräde's: each side lists `POINT` or
//! `POINTxCOUNT` in its **own** numbering (B1: 1 is the point next to where it bears off,
//! 24 the farthest, **25 the bar**, which input may also write `bar`, `barxN`); checkers
//! not listed are borne off; `-` stands for a
//! side with nothing on the board; `TURN` is `w` or `b`. The start is
//! `6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w`. [`Position::from_code`] rejects, with a message
//! naming the problem, anything that cannot occur: more than fifteen checkers a side,
//! both colours on one point, both sides with everything borne off.

use std::fmt;
use std::str::FromStr;

use crate::rules::Color;

use super::board::{BAR, Board, CHECKERS, Counts, opposite};
use super::result::{GameResult, Win};

/// A board and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
}

/// Why a position code, a Position ID or a set of counts was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("expected a code WHITE/BLACK/TURN, a 14-character GNU Position ID or an XGID, got {0:?}")]
    Shape(String),
    #[error("the side to move must be 'w' or 'b', got {0:?}")]
    Turn(String),
    #[error("{side}'s list is empty (write '-' for a side with no checkers on the board)")]
    EmptyList { side: Color },
    #[error("{side}'s entry {token:?} is malformed (expected POINT or POINTxCOUNT, e.g. 13 or 6x5)")]
    Token { side: Color, token: String },
    #[error("{side}'s entry {token:?}: point {point} is outside 1–25 (25 is the bar)")]
    PointRange { side: Color, token: String, point: u64 },
    #[error("{side}'s entry {token:?}: a count must be at least 1")]
    ZeroCount { side: Color, token: String },
    #[error("{side}'s point {point} is listed twice")]
    Duplicate { side: Color, point: u8 },
    #[error("{side} has {count} checkers; a side has at most 15")]
    TooMany { side: Color, count: u32 },
    #[error(
        "White's point {white_point} and Black's point {black_point} are the same point; \
         both colours cannot stand on it"
    )]
    Shared { white_point: u8, black_point: u8 },
    #[error("both sides have borne off all fifteen checkers; only one can have won")]
    BothOff,
    #[error("{0:?} is not a Position ID: 14 characters of A–Z, a–z, 0–9, + and /")]
    IdChars(String),
    #[error(
        "the Position ID {0:?} does not describe a position (more than 15 checkers a side, or bits past the end)"
    )]
    IdContent(String),
    #[error("{0}")]
    Xgid(Box<XgidError>),
}

/// Why a text is not an XGID, or not one that describes a position (beside
/// [`PositionError`], which carries it for a position read from an XGID).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XgidError {
    #[error(
        "{0:?} is not an XGID: expected XGID=BOARD:CUBE:OWNER:TURN:DICE:SCORE:SCORE:RULES:LENGTH:MAXCUBE (ten fields joined by ':')"
    )]
    Shape(String),
    #[error("an XGID's board has 26 characters, this one {0}")]
    BoardLength(usize),
    #[error(
        "the XGID's board character {at} is {found:?}: each is '-' (empty), A–P (X's checkers) or a–p (O's)"
    )]
    BoardChar { at: usize, found: char },
    #[error("the XGID's board character {at} is a bar: only {side}'s checkers stand there")]
    WrongBar { at: usize, side: &'static str },
    #[error("the XGID's board is not a position: {0}")]
    Position(PositionError),
    #[error("the XGID's {field} is {value:?}: {expected}")]
    Field {
        field: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("the XGID gives a cube of 1 an owner: a cube is owned once doubled")]
    OwnedOne,
    #[error("in a match to {length} each score is below {length}, the XGID's are {x} and {o}")]
    Score { length: u32, x: u32, o: u32 },
    #[error("the XGID marks the Crawford game of a match to {length} where neither side is one point short")]
    Crawford { length: u32 },
}

impl Position {
    /// The starting position (B2), `turn` to move.
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

    /// The checked constructor: each side's counts in its own numbering (`[25]` the bar;
    /// `[0]` is ignored: what is not on the board is borne off).
    pub fn from_counts(white: &Counts, black: &Counts, turn: Color) -> Result<Position, PositionError> {
        for (side, counts) in [(Color::White, white), (Color::Black, black)] {
            let total: u32 = counts[1..].iter().map(|&c| u32::from(c)).sum();
            if total > u32::from(CHECKERS) {
                return Err(PositionError::TooMany { side, count: total });
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
        if white[1..].iter().all(|&c| c == 0) && black[1..].iter().all(|&c| c == 0) {
            return Err(PositionError::BothOff);
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

    /// Parses a position code. Surrounding white space is ignored.
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

    /// The canonical position code (points in ascending order, the bar last as 25).
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

    /// A side's checkers in its own numbering (`[0]` off, `[25]` bar).
    #[must_use]
    pub fn counts(&self, side: Color) -> Counts {
        if side == self.turn {
            *self.board.own()
        } else {
            *self.board.opp()
        }
    }

    /// A side's checkers borne off.
    #[must_use]
    pub fn borne_off(&self, side: Color) -> u8 {
        self.counts(side)[0]
    }

    /// A side's checkers on the bar.
    #[must_use]
    pub fn on_bar(&self, side: Color) -> u8 {
        self.counts(side)[usize::from(BAR)]
    }

    /// A side's pip count.
    #[must_use]
    pub fn pips(&self, side: Color) -> u32 {
        if side == self.turn {
            self.board.own_pips()
        } else {
            self.board.opp_pips()
        }
    }

    /// The game's result if a side has borne off all fifteen (B12, B14).
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        let mine = Win::of_mover(&self.board).map(|win| GameResult {
            winner: self.turn,
            win,
        });
        mine.or_else(|| {
            Win::of_mover(&self.board.switched()).map(|win| GameResult {
                winner: self.turn.other(),
                win,
            })
        })
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

/// How a side's list is numbered: the points 1–24 and the bar 25, also written `bar`.
const NUMBERING: crate::rules::Numbering = crate::rules::Numbering {
    points: 1..=(BAR as u64),
    word: Some(("bar", BAR)),
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
    crate::rules::write_list(counts, 1)
}
