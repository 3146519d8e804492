//! How a game ends (B12) and what it is worth without the cube (B14).

use std::fmt;

use crate::rules::Color;

use super::board::{BAR, Board, CHECKERS};

/// What a win is worth, cubeless (B14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Win {
    /// The loser has borne off at least one checker: one point.
    Single,
    /// The loser has borne off none: two points.
    Gammon,
    /// A gammon where the loser still has a checker on the bar or in the winner's home
    /// board: three points.
    Backgammon,
}

impl Win {
    /// Every kind of win, the smallest first.
    pub const ALL: [Win; 3] = [Win::Single, Win::Gammon, Win::Backgammon];

    /// The name in the command line's notation: `single`, `gammon`, `backgammon`.
    #[must_use]
    pub fn notation(self) -> &'static str {
        match self {
            Win::Single => "single",
            Win::Gammon => "gammon",
            Win::Backgammon => "backgammon",
        }
    }

    /// Reads [`Win::notation`].
    #[must_use]
    pub fn from_notation(text: &str) -> Option<Win> {
        Win::ALL.into_iter().find(|w| w.notation() == text)
    }

    /// Points with the cube at 1 (B14).
    #[must_use]
    pub fn points(self) -> u8 {
        match self {
            Win::Single => 1,
            Win::Gammon => 2,
            Win::Backgammon => 3,
        }
    }

    /// The win of the side to move on `board` if it has borne off all fifteen (B12), by
    /// what the other side has left (B14). `None` while the game goes on.
    #[must_use]
    pub fn of_mover(board: &Board) -> Option<Win> {
        let (own, opp) = board.parts();
        if own[0] != CHECKERS {
            return None;
        }
        Some(if opp[0] > 0 {
            Win::Single
        } else if opp[19..=usize::from(BAR)].iter().any(|&n| n > 0) {
            // The winner's home board is the loser's 19–24.
            Win::Backgammon
        } else {
            Win::Gammon
        })
    }
}

impl fmt::Display for Win {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// A finished game: who won, and how (cubeless).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub winner: Color,
    pub win: Win,
}
