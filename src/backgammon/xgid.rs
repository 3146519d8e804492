//! eXtreme Gammon's XGID: a position with the match around it, in one line of text, as
//! eXtreme Gammon copies it (`XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`, the
//! start with X on roll) and as the backgammon forums render it.
//!
//! After `XGID=` come ten fields joined by `:`:
//!
//! 1. **The board**, 26 characters seen from X, the player drawn at the bottom: the 1st is
//!    O's bar, the 2nd to 25th X's points 1 to 24, the 26th X's bar. `-` is an empty
//!    point, `A`–`P` one to sixteen of X's checkers, `a`–`p` of O's. Checkers not on the
//!    board are borne off.
//! 2. The cube's value as a power of two (`0` for 1, `1` for 2 …).
//! 3. Its owner: `1` X, `-1` O, `0` in the middle.
//! 4. Who is on roll: `1` X, `-1` O (when a double has been offered: who doubled).
//! 5. The dice: `00` before the roll, two digits once rolled (we write the higher first),
//!    `D` a double offered, `B` a beaver, `R` a raccoon.
//! 6. and 7. X's score and O's.
//! 8. In a match: `1` in the Crawford game, else `0`; in money play the Jacoby rule (1)
//!    plus beavers (2).
//! 9. The match length, `0` for money play.
//! 10. The largest cube of a money session as a power of two (`10` by default); some
//!     programs leave this field out, and it is then read as `10`.
//!
//! That is eXtreme Gammon's definition; GNU Backgammon 1.07 reads it the same way
//! (`set xgid`, its `set.c`).
//!
//! **Whose side is whose.** X is the side at the bottom of eXtreme Gammon's board, and
//! brade draws White at the bottom: **X is White, O is Black**. (GNU Backgammon reads X as
//! its player 1, its bottom player; brade's Match IDs number White as gnubg's player 0, so
//! gnubg's Match ID of an XGID has the players the other way round from ours: the
//! positions and their Position IDs agree.)

use std::fmt;
use std::str::FromStr;

use crate::rules::Color;

use super::board::{BAR, Counts};
use super::match_id::{GameState, MatchState};
use super::position::{Position, XgidError};

/// The largest cube of a money session XG writes when nothing else is agreed (2^10).
pub const DEFAULT_MAX_CUBE: u32 = 10;

/// What the dice field of an XGID says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XgDice {
    /// `00`: the side on roll has not rolled (a cube decision, or none).
    ToRoll,
    /// Rolled: the two dice, as written.
    Rolled(u8, u8),
    /// `D`: the side on roll has doubled; the other is to take or pass.
    Doubled,
    /// `B`: the double has been beavered.
    Beavered,
    /// `R`: the beaver has been raccooned.
    Raccooned,
}

/// What an XGID holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Xgid {
    /// The board, the side on roll (the doubler, after a double) to move.
    pub position: Position,
    /// The cube's value: a power of two, 1 to 2^15.
    pub cube: u32,
    /// Who owns the cube; `None`: in the middle.
    pub cube_owner: Option<Color>,
    pub dice: XgDice,
    /// The score, White's (X's) then Black's (O's).
    pub score: [u32; 2],
    /// The match length; 0 for money play.
    pub length: u32,
    /// In a match: whether this game is the Crawford game.
    pub crawford: bool,
    /// In money play: the Jacoby rule, and beavers.
    pub jacoby: bool,
    pub beaver: bool,
    /// The largest cube of a money session, as a power of two.
    pub max_cube: u32,
}

/// Whether `text` looks like an XGID (with or without `XGID=`), so that it is read as one
/// and its errors said as an XGID's.
#[must_use]
pub fn looks_like_xgid(text: &str) -> bool {
    let text = text.trim();
    if text.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("XGID=")) {
        return true;
    }
    text.split_once(':').is_some_and(|(board, _)| {
        board.len() == 26 && board.bytes().all(|b| b == b'-' || b.is_ascii_alphabetic())
    })
}

fn field<T: FromStr>(value: &str, name: &'static str, expected: &'static str) -> Result<T, XgidError> {
    let bad = || XgidError::Field {
        field: name,
        value: value.to_string(),
        expected,
    };
    let digits = value.strip_prefix('-').unwrap_or(value);
    if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    value.parse().map_err(|_| bad())
}

fn side_of(value: &str, name: &'static str, middle: bool) -> Result<Option<Color>, XgidError> {
    let expected = if middle {
        "1 (X), -1 (O) or 0 (in the middle)"
    } else {
        "1 (X) or -1 (O)"
    };
    match field::<i32>(value, name, expected)? {
        1 => Ok(Some(Color::White)),
        -1 => Ok(Some(Color::Black)),
        0 if middle => Ok(None),
        _ => Err(XgidError::Field {
            field: name,
            value: value.to_string(),
            expected,
        }),
    }
}

fn color_sign(side: Color) -> &'static str {
    match side {
        Color::White => "1",
        Color::Black => "-1",
    }
}

/// The board's 26 characters read into each side's counts (own numbering, `[25]` the bar).
fn read_board(board: &str) -> Result<(Counts, Counts), XgidError> {
    let chars: Vec<char> = board.chars().collect();
    if chars.len() != 26 {
        return Err(XgidError::BoardLength(chars.len()));
    }
    let (mut white, mut black) = ([0u8; 26], [0u8; 26]);
    for (at, &c) in chars.iter().enumerate() {
        let (side, count) = match c {
            '-' => continue,
            'A'..='P' => (Color::White, c as u8 - b'A' + 1),
            'a'..='p' => (Color::Black, c as u8 - b'a' + 1),
            found => return Err(XgidError::BoardChar { at: at + 1, found }),
        };
        match (at, side) {
            (0, Color::White) => return Err(XgidError::WrongBar { at: 1, side: "O" }),
            (25, Color::Black) => return Err(XgidError::WrongBar { at: 26, side: "X" }),
            (0, Color::Black) => black[usize::from(BAR)] = count,
            (25, Color::White) => white[usize::from(BAR)] = count,
            (p, Color::White) => white[p] = count,
            (p, Color::Black) => black[25 - p] = count,
        }
    }
    Ok((white, black))
}

/// The board's 26 characters of `position`.
fn write_board(position: &Position) -> String {
    let letter = |n: u8, base: u8| char::from(base + n - 1);
    let (white, black) = (position.counts(Color::White), position.counts(Color::Black));
    (0..26)
        .map(|at| {
            let (w, b) = match at {
                0 => (0, black[usize::from(BAR)]),
                25 => (white[usize::from(BAR)], 0),
                p => (white[p], black[25 - p]),
            };
            match (w, b) {
                (0, 0) => '-',
                (0, b) => letter(b, b'a'),
                (w, _) => letter(w, b'A'),
            }
        })
        .collect()
}

impl Xgid {
    /// A position alone: money play, the cube in the middle, before the roll.
    #[must_use]
    pub fn of_position(position: Position) -> Xgid {
        Xgid {
            position,
            cube: 1,
            cube_owner: None,
            dice: XgDice::ToRoll,
            score: [0, 0],
            length: 0,
            crawford: false,
            jacoby: false,
            beaver: false,
            max_cube: DEFAULT_MAX_CUBE,
        }
    }

    /// The XGID of `position` in the match `state` describes (GNU Backgammon's Match ID;
    /// its side on roll is the position's).
    #[must_use]
    pub fn of_match(position: Position, state: &MatchState) -> Xgid {
        let dice = match (state.doubled, state.dice) {
            (true, _) => XgDice::Doubled,
            (false, Some((a, b))) => XgDice::Rolled(a, b),
            (false, None) => XgDice::ToRoll,
        };
        Xgid {
            position,
            cube: state.cube,
            cube_owner: state.cube_owner,
            dice,
            score: state.score,
            length: state.length,
            crawford: state.length > 0 && state.crawford,
            jacoby: state.length == 0 && state.jacoby,
            beaver: false,
            max_cube: DEFAULT_MAX_CUBE,
        }
    }

    /// The same state as GNU Backgammon's Match ID holds it (a beaver or a raccoon is
    /// held as the double it answers).
    #[must_use]
    pub fn match_state(&self) -> MatchState {
        let on_roll = self.position.turn();
        let doubled = matches!(self.dice, XgDice::Doubled | XgDice::Beavered | XgDice::Raccooned);
        MatchState {
            cube: self.cube,
            cube_owner: self.cube_owner,
            on_roll,
            crawford: self.crawford,
            state: GameState::Playing,
            turn: if doubled { on_roll.other() } else { on_roll },
            doubled,
            resigned: None,
            dice: match self.dice {
                XgDice::Rolled(a, b) => Some((a, b)),
                _ => None,
            },
            length: self.length,
            score: self.score,
            jacoby: self.jacoby,
        }
    }

    /// The dice rolled, if they are.
    #[must_use]
    pub fn rolled(&self) -> Option<(u8, u8)> {
        match self.dice {
            XgDice::Rolled(a, b) => Some((a, b)),
            _ => None,
        }
    }

    /// Reads an XGID, with or without `XGID=` (surrounding white space ignored).
    pub fn parse(text: &str) -> Result<Xgid, XgidError> {
        let text = text.trim();
        let body = match text.get(..5) {
            Some(p) if p.eq_ignore_ascii_case("XGID=") => &text[5..],
            _ => text,
        };
        let fields: Vec<&str> = body.split(':').collect();
        if !(9..=10).contains(&fields.len()) {
            return Err(XgidError::Shape(text.chars().take(80).collect()));
        }
        let (white, black) = read_board(fields[0])?;
        let exponent: u32 = field(fields[1], "cube value", "0 to 15, the cube's power of two")?;
        if exponent > 15 {
            return Err(XgidError::Field {
                field: "cube value",
                value: fields[1].to_string(),
                expected: "0 to 15, the cube's power of two",
            });
        }
        let cube_owner = side_of(fields[2], "cube owner", true)?;
        if exponent == 0 && cube_owner.is_some() {
            return Err(XgidError::OwnedOne);
        }
        let on_roll = side_of(fields[3], "side on roll", false)?.unwrap_or(Color::White);
        let dice = match fields[4] {
            "00" => XgDice::ToRoll,
            "D" => XgDice::Doubled,
            "B" => XgDice::Beavered,
            "R" => XgDice::Raccooned,
            d if d.len() == 2 && d.bytes().all(|b| (b'1'..=b'6').contains(&b)) => {
                let b = d.as_bytes();
                XgDice::Rolled(b[0] - b'0', b[1] - b'0')
            }
            d => {
                return Err(XgidError::Field {
                    field: "dice",
                    value: d.to_string(),
                    expected: "00 (not rolled), two dice 1–6 (e.g. 52), D (doubled), B or R",
                });
            }
        };
        let score_expected = "a number of points";
        let x: u32 = field(fields[5], "X's score", score_expected)?;
        let o: u32 = field(fields[6], "O's score", score_expected)?;
        let rules: u32 = field(
            fields[7],
            "Crawford/Jacoby field",
            "0–1 in a match, 0–3 in money play",
        )?;
        let length: u32 = field(fields[8], "match length", "a number of points, 0 for money play")?;
        let max_cube = match fields.get(9) {
            Some(m) => field(m, "largest cube", "0 to 15, a power of two")?,
            None => DEFAULT_MAX_CUBE,
        };
        if max_cube > 15 {
            return Err(XgidError::Field {
                field: "largest cube",
                value: max_cube.to_string(),
                expected: "0 to 15, a power of two",
            });
        }
        if rules > if length > 0 { 1 } else { 3 } {
            return Err(XgidError::Field {
                field: "Crawford/Jacoby field",
                value: fields[7].to_string(),
                expected: "0–1 in a match, 0–3 in money play",
            });
        }
        if length > 0 && (x >= length || o >= length) {
            return Err(XgidError::Score { length, x, o });
        }
        let crawford = length > 0 && rules == 1;
        if crawford && x != length - 1 && o != length - 1 {
            return Err(XgidError::Crawford { length });
        }
        let position = Position::from_counts(&white, &black, on_roll).map_err(XgidError::Position)?;
        Ok(Xgid {
            position,
            cube: 1 << exponent,
            cube_owner,
            dice,
            score: [x, o],
            length,
            crawford,
            jacoby: length == 0 && rules & 1 == 1,
            beaver: length == 0 && rules & 2 == 2,
            max_cube,
        })
    }
}

impl FromStr for Xgid {
    type Err = XgidError;
    fn from_str(s: &str) -> Result<Xgid, XgidError> {
        Xgid::parse(s)
    }
}

impl fmt::Display for Xgid {
    /// `XGID=…`, the dice the higher first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dice = match self.dice {
            XgDice::ToRoll => "00".to_string(),
            XgDice::Rolled(a, b) => format!("{}{}", a.max(b), a.min(b)),
            XgDice::Doubled => "D".to_string(),
            XgDice::Beavered => "B".to_string(),
            XgDice::Raccooned => "R".to_string(),
        };
        let rules = if self.length > 0 {
            u32::from(self.crawford)
        } else {
            u32::from(self.jacoby) + 2 * u32::from(self.beaver)
        };
        write!(
            f,
            "XGID={}:{}:{}:{}:{dice}:{}:{}:{rules}:{}:{}",
            write_board(&self.position),
            self.cube.max(1).ilog2(),
            self.cube_owner.map_or("0", color_sign),
            color_sign(self.position.turn()),
            self.score[0],
            self.score[1],
            self.length,
            self.max_cube
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::PositionError;

    #[test]
    fn the_start_with_x_on_roll_is_xgs_own() {
        let start = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
        let xgid = Xgid::parse(start).expect("an XGID");
        assert_eq!(xgid, Xgid::of_position(Position::start(Color::White)));
        assert_eq!(xgid.to_string(), start);
    }

    #[test]
    fn bad_fields_are_refused_with_what_is_wrong() {
        let start = "-b----E-C---eE---c-e----B-";
        let with = |rest: &str| Xgid::parse(&format!("XGID={start}:{rest}"));
        assert!(matches!(with("0:0:1:00:0:0:0:0"), Ok(x) if x.max_cube == 10));
        assert!(matches!(with("0:0:1:00:0"), Err(XgidError::Shape(_))));
        assert!(matches!(
            with("0:2:1:00:0:0:0:0:10"),
            Err(XgidError::Field {
                field: "cube owner",
                ..
            })
        ));
        assert!(matches!(with("0:1:1:00:0:0:0:0:10"), Err(XgidError::OwnedOne)));
        assert!(matches!(
            with("0:0:1:71:0:0:0:0:10"),
            Err(XgidError::Field { field: "dice", .. })
        ));
        assert!(matches!(
            with("0:0:1:00:5:0:0:5:10"),
            Err(XgidError::Score { .. })
        ));
        assert!(matches!(
            with("0:0:1:00:1:0:1:5:10"),
            Err(XgidError::Crawford { .. })
        ));
        assert!(matches!(
            with("0:0:0:00:0:0:0:0:10"),
            Err(XgidError::Field {
                field: "side on roll",
                ..
            })
        ));
        assert!(matches!(
            Xgid::parse("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
            Err(XgidError::WrongBar { at: 1, .. })
        ));
        assert!(matches!(
            Xgid::parse("XGID=-b----E-C---eE---c-e----B?:0:0:1:00:0:0:0:0:10"),
            Err(XgidError::BoardChar { at: 26, found: '?' })
        ));
        assert!(matches!(
            Xgid::parse("XGID=-b----P-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
            Err(XgidError::Position(PositionError::TooMany { .. }))
        ));
    }
}
