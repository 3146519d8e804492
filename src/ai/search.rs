//! How far the players look ahead ([`Depth`]), and the filtered 2-ply search they share:
//! the few plays that look best at 0 ply, each weighed by the opponent's best answer to
//! every one of the 21 rolls. The players bring their own evaluation (the heuristic, or
//! the network) and their own number type.

use std::fmt;
use std::ops::{Add, Div, Mul, Sub};

use crate::brade::{Board, LegalPlay, MoveGen};
use crate::rules::Roll;

/// How far a player looks ahead before it chooses a play; ordered from the shallowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Depth {
    /// 0 ply: each play is valued by the position it leaves (a game-ending play by its
    /// points), nothing more.
    ZeroPly,
    /// Filtered 2 ply: the plays that look best at 0 ply, each valued by the opponent's
    /// best 0-ply answer to each of the 21 rolls; the plays left out rank below them.
    TwoPly,
    /// The 2-ply search, then its best few plays one ply deeper: each of the opponent's
    /// best answers valued by the mover's best 0-ply answer to each of his 21 rolls.
    ThreePly,
}

impl Depth {
    /// The number of plies, as the players' names and a stored analysis's judge say it.
    #[must_use]
    pub fn plies(self) -> u8 {
        match self {
            Depth::ZeroPly => 0,
            Depth::TwoPly => 2,
            Depth::ThreePly => 3,
        }
    }
}

/// "0 ply", "2 ply" or "3 ply".
impl fmt::Display for Depth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ply", self.plies())
    }
}

/// A value type of an evaluation (`f32` for the network, `f64` for the heuristic).
pub trait Value:
    Copy + From<u8> + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
}

impl<T> Value for T where
    T: Copy + From<u8> + Add<Output = T> + Sub<Output = T> + Mul<Output = T> + Div<Output = T>
{
}

/// The mover's expected value after leaving `board` (seen from the mover): the opponent
/// answers each of the 21 rolls with his best play, `best` giving its value for him; a
/// double weighs 1/36, any other roll 2/36.
pub fn expected_after<T: Value>(
    movegen: &mut MoveGen,
    board: &Board,
    mut best: impl FnMut(&[LegalPlay]) -> T,
) -> T {
    let theirs = board.switched();
    let mut total = T::from(0);
    for roll in Roll::all() {
        total = total - T::from(roll.ways()) * best(movegen.plays(&theirs, roll));
    }
    total / T::from(36)
}

/// The indices of the `n` highest `values`, best first (equal values in index order).
#[must_use]
pub fn shortlist(values: &[f64], n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    order.truncate(n);
    order
}
