//! Steps and plays, and their notation (GNU Backgammon's: `24/18 13/11*`, `bar/22`,
//! `6/off`, in the mover's numbering).
//!
//! A [`Step`] moves one checker by one die; a [`Play`] is the steps of one turn in the
//! order played. Both are small `Copy` values. Typed notation may also join steps
//! (`24/18/16`, `24/16`) and repeat them (`13/7(2)`): it reads into [`TypedMove`]s, which
//! a [`super::Turn`] turns into steps.

use std::fmt;
use std::str::FromStr;

use super::board::{BAR, OFF};

/// One checker moved by one die in the mover's numbering: `from` is `25` for the bar, `to`
/// is `0` for borne off; `hit` when it hit a blot where it landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub die: u8,
    pub hit: bool,
}

impl Step {
    /// Whether this step enters from the bar.
    #[must_use]
    pub fn is_entry(&self) -> bool {
        self.from == BAR
    }

    /// Whether this step bears a checker off.
    #[must_use]
    pub fn is_bear_off(&self) -> bool {
        self.to == OFF
    }
}

fn write_point(f: &mut fmt::Formatter<'_>, point: u8) -> fmt::Result {
    match point {
        BAR => f.write_str("bar"),
        OFF => f.write_str("off"),
        p => write!(f, "{p}"),
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_point(f, self.from)?;
        f.write_str("/")?;
        write_point(f, self.to)?;
        if self.hit {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// The steps of one turn in the order played (at most four; the shared container). The
/// empty play is a forfeited roll, written `-`.
pub type Play = crate::rules::Play<Step>;

/// One typed move: a checker from `from` to `to` (`25` bar, `0` off), maybe over several
/// dice; `hit` when the text marked a hit (`*`) where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypedMove {
    pub from: u8,
    pub to: u8,
    pub hit: bool,
}

/// A typed play: the moves in the order written. Empty for `-` (a forfeit).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TypedPlay(pub Vec<TypedMove>);

/// Why typed notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("{0:?} is not a move: write FROM/TO, e.g. 24/18, bar/22, 6/off or 13/7(2)")]
    Shape(String),
    #[error("{0:?} is not a point: write 1 to 24, bar or off")]
    Point(String),
    #[error("in {0:?} a checker must move forward, towards its 1-point")]
    Backward(String),
    #[error("in {0:?} the repeat must be (1) to (4)")]
    Repeat(String),
    #[error("{0:?} has more than four moves")]
    TooMany(String),
}

/// A point of typed notation: `bar` (or 25) where a move starts, `off` (or 0) where it ends.
fn point(text: &str, start: bool) -> Option<u8> {
    let t = text.to_ascii_lowercase();
    match t.as_str() {
        "bar" | "b" if start => return Some(BAR),
        "off" | "o" if !start => return Some(OFF),
        _ => {}
    }
    if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u8 = t.parse().ok()?;
    match n {
        1..=24 => Some(n),
        BAR if start => Some(BAR),
        OFF if !start => Some(OFF),
        _ => None,
    }
}

fn parse_token(token: &str, out: &mut Vec<TypedMove>) -> Result<(), NotationError> {
    let shape = || NotationError::Shape(token.to_string());
    let (body, repeat) = match token.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
        Some((body, n)) => {
            let n: usize = n
                .parse()
                .ok()
                .filter(|n| (1..=4).contains(n))
                .ok_or_else(|| NotationError::Repeat(token.to_string()))?;
            (body, n)
        }
        None => (token, 1),
    };
    let parts: Vec<&str> = body.split('/').collect();
    if parts.len() < 2 {
        return Err(shape());
    }
    let mut moves = Vec::new();
    let mut from = None;
    for (i, part) in parts.iter().enumerate() {
        let (name, hit) = match part.strip_suffix('*') {
            Some(p) => (p, true),
            None => (*part, false),
        };
        if hit && i == 0 {
            return Err(shape());
        }
        let p = point(name, i == 0)
            .filter(|&p| p != OFF || i + 1 == parts.len())
            .ok_or_else(|| NotationError::Point(name.to_string()))?;
        if let Some(f) = from {
            if p >= f || f == OFF {
                return Err(NotationError::Backward(token.to_string()));
            }
            moves.push(TypedMove { from: f, to: p, hit });
        }
        from = Some(p);
    }
    for _ in 0..repeat {
        out.extend_from_slice(&moves);
    }
    Ok(())
}

impl FromStr for TypedPlay {
    type Err = NotationError;

    /// Reads `24/18 13/11*`, `bar/22`, `6/off`, `24/18/16`, `13/7(2)`, or `-` (forfeit).
    fn from_str(s: &str) -> Result<TypedPlay, NotationError> {
        let text = s.trim();
        let mut out = Vec::new();
        if text == "-" {
            return Ok(TypedPlay(out));
        }
        for token in text.split_whitespace() {
            parse_token(token, &mut out)?;
        }
        if out.is_empty() {
            return Err(NotationError::Shape(text.to_string()));
        }
        if out.len() > 4 {
            return Err(NotationError::TooMany(text.to_string()));
        }
        Ok(TypedPlay(out))
    }
}

impl fmt::Display for TypedPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write_point(f, m.from)?;
            f.write_str("/")?;
            write_point(f, m.to)?;
            if m.hit {
                f.write_str("*")?;
            }
        }
        Ok(())
    }
}

impl From<&Play> for TypedPlay {
    fn from(play: &Play) -> TypedPlay {
        TypedPlay(
            play.steps()
                .iter()
                .map(|s| TypedMove {
                    from: s.from,
                    to: s.to,
                    hit: s.hit,
                })
                .collect(),
        )
    }
}
