//! Steps and plays, and their notation (rules §7b).
//!
//! A [`Step`] moves one checker by one die; a [`Play`] is the steps of one turn in the
//! order played. Both are small `Copy` values in the mover's numbering.

use crate::rules::{BAR, OFF};
pub use crate::rules::{Effect, Step};

/// The steps of one turn in the order played (at most four; the shared container).
pub type Play = crate::rules::Play<Step>;

impl crate::rules::Play<Step> {
    /// Sum of the reductions of its bear-off steps (R11).
    #[must_use]
    pub fn reduction(&self) -> u32 {
        self.steps().iter().map(|s| u32::from(s.reduction())).sum()
    }
}

/// A step as typed by a person: `FROM/TO` with optional `*` or `!` (which, when present,
/// must agree with what the step does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypedStep {
    pub from: u8,
    pub to: u8,
    pub mark: Option<Effect>,
}

/// Why typed play notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("nothing typed; write steps like 13/18 18/21, bar/3* or 22/off, or - for no move")]
    Empty,
    #[error("{0:?} is not a step; write FROM/TO such as 13/18, bar/3* or 22/off")]
    Step(String),
    #[error("{0:?}: FROM is bar or a point 1–24")]
    From(String),
    #[error("{0:?}: TO is a point 1–24 or off")]
    To(String),
    #[error("{0:?}: a checker moves forward, so TO must be higher than FROM")]
    Backward(String),
    #[error("{0:?}: the repeat must be (1) to (4)")]
    Repeat(String),
    #[error("a turn has at most four steps")]
    TooMany,
}

/// Reads play notation (`13/18 18/21`, `bar/6! bar/2`, `22/off`, `-`). Steps may be
/// separated by spaces or commas, and a step followed by `(N)` is that step N times
/// (`13/19(2)` is `13/19 13/19`, as backgammon notation repeats a move): a shorthand of
/// the input only, plays are written step by step. This only reads the text; legality is
/// the engine's.
pub fn parse_notation(text: &str) -> Result<Vec<TypedStep>, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let (token, repeat) = match token.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
            Some((step, n)) => (
                step,
                n.parse::<usize>()
                    .ok()
                    .filter(|n| (1..=4).contains(n))
                    .ok_or_else(|| NotationError::Repeat(token.to_string()))?,
            ),
            None => (token, 1),
        };
        let (body, mark) = if let Some(b) = token.strip_suffix('*') {
            (b, Some(Effect::Hit))
        } else if let Some(b) = token.strip_suffix('!') {
            (b, Some(Effect::Burst))
        } else {
            (token, None)
        };
        let (from_text, to_text) = body
            .split_once('/')
            .ok_or_else(|| NotationError::Step(token.to_string()))?;
        let from = match from_text.to_ascii_lowercase().as_str() {
            "bar" | "b" | "0" => BAR,
            t => t
                .parse::<u8>()
                .ok()
                .filter(|p| (1..=24).contains(p))
                .ok_or_else(|| NotationError::From(token.to_string()))?,
        };
        let to = match to_text.to_ascii_lowercase().as_str() {
            "off" | "o" | "25" => OFF,
            t => t
                .parse::<u8>()
                .ok()
                .filter(|p| (1..=24).contains(p))
                .ok_or_else(|| NotationError::To(token.to_string()))?,
        };
        if to <= from {
            return Err(NotationError::Backward(token.to_string()));
        }
        for _ in 0..repeat {
            if out.len() == 4 {
                return Err(NotationError::TooMany);
            }
            out.push(TypedStep { from, to, mark });
        }
    }
    if out.is_empty() {
        return Err(NotationError::Empty);
    }
    Ok(out)
}
