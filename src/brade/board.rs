//! The checkers on the board, always seen from the side to move.
//!
//! A [`Board`] stores the 24 tungor in the mover's own numbering (R1): positive counts
//! are the mover's checkers, negative counts the opponent's. Because both players move in
//! the same direction (R2), the opponent's point `p` is the mover's point [`opposite`]`(p)`,
//! and passing the turn is a rotation by 12 points plus a change of sign
//! ([`Board::switched`]). No colour appears in the hot path of play generation.

pub use crate::rules::{BAR, OFF};

/// Checkers per side.
pub const CHECKERS: u8 = 15;

const OPP_BAR: usize = 25;
const OWN_LEFT: usize = 26;
const OPP_LEFT: usize = 27;

/// The point of the other player's numbering that is the same physical tunga (R2).
/// It is its own inverse.
#[must_use]
pub const fn opposite(point: u8) -> u8 {
    if point <= 12 { point + 12 } else { point - 12 }
}

/// A board seen from the side to move.
///
/// Cells: `0` the mover's bar (count), `1..=24` the points in the mover's numbering
/// (`> 0` mover, `< 0` opponent), `25` the opponent's bar (count), `26`/`27` the mover's
/// and the opponent's checkers still in play (bar + board). The rest is zero, so that two
/// boards are equal exactly when their 32 bytes are.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(32))]
pub struct Board {
    cells: [i8; 32],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("own", &self.own_counts())
            .field("opp", &self.opp_counts())
            .finish()
    }
}

impl Board {
    /// The starting position (R4): 15 checkers on each player's point 1.
    #[must_use]
    pub fn start() -> Board {
        let mut own = [0u8; 25];
        own[1] = CHECKERS;
        Board::from_counts(&own, &own)
    }

    /// Builds a board from per-side counts, each indexed in that side's own numbering
    /// (`0` = bar, `1..=24` points). The caller guarantees the counts are consistent
    /// (see `Position::from_counts` for the checked constructor).
    #[must_use]
    pub(crate) fn from_counts(own: &[u8; 25], opp: &[u8; 25]) -> Board {
        let mut cells = [0i8; 32];
        let mut own_left = 0u32;
        let mut opp_left = 0u32;
        for p in 0..25 {
            own_left += u32::from(own[p]);
            opp_left += u32::from(opp[p]);
        }
        for p in 1..=24u8 {
            let o = own[usize::from(p)];
            let x = opp[usize::from(opposite(p))];
            cells[usize::from(p)] = o as i8 - x as i8;
        }
        cells[0] = own[0] as i8;
        cells[OPP_BAR] = opp[0] as i8;
        cells[OWN_LEFT] = own_left as i8;
        cells[OPP_LEFT] = opp_left as i8;
        Board { cells }
    }

    /// The mover's checkers per point of his numbering (`0` = bar).
    #[must_use]
    pub fn own_counts(&self) -> [u8; 25] {
        let mut out = [0u8; 25];
        for (o, &c) in out.iter_mut().zip(&self.cells[..25]) {
            *o = c.max(0) as u8;
        }
        out
    }

    /// The opponent's checkers per point of **his** numbering (`0` = bar).
    #[must_use]
    pub fn opp_counts(&self) -> [u8; 25] {
        let mut out = [0u8; 25];
        out[0] = self.cells[OPP_BAR] as u8;
        for p in 1..=24u8 {
            out[usize::from(opposite(p))] = (-self.cells[usize::from(p)]).max(0) as u8;
        }
        out
    }

    /// Raw cell at a mover's point (`1..=24`): `> 0` mover's checkers, `< 0` opponent's.
    #[inline]
    #[must_use]
    pub fn at(&self, point: u8) -> i8 {
        self.cells[usize::from(point)]
    }

    /// The mover's checkers on a point of his numbering (`0` = bar).
    #[inline]
    #[must_use]
    pub fn own(&self, point: u8) -> u8 {
        self.cells[usize::from(point)].max(0) as u8
    }

    /// The opponent's checkers on a point of the **mover's** numbering.
    #[inline]
    #[must_use]
    pub fn opp(&self, point: u8) -> u8 {
        if point == BAR {
            return self.opp_bar();
        }
        (-self.cells[usize::from(point)]).max(0) as u8
    }

    /// The mover's checkers on the bar.
    #[inline]
    #[must_use]
    pub fn own_bar(&self) -> u8 {
        self.cells[0] as u8
    }

    /// The opponent's checkers on the bar.
    #[inline]
    #[must_use]
    pub fn opp_bar(&self) -> u8 {
        self.cells[OPP_BAR] as u8
    }

    /// The mover's checkers still in play (on the board or the bar).
    #[inline]
    #[must_use]
    pub fn own_in_play(&self) -> u8 {
        self.cells[OWN_LEFT] as u8
    }

    /// The opponent's checkers still in play.
    #[inline]
    #[must_use]
    pub fn opp_in_play(&self) -> u8 {
        self.cells[OPP_LEFT] as u8
    }

    /// The mover's checkers borne off.
    #[inline]
    #[must_use]
    pub fn own_off(&self) -> u8 {
        CHECKERS - self.own_in_play()
    }

    /// The opponent's checkers borne off.
    #[inline]
    #[must_use]
    pub fn opp_off(&self) -> u8 {
        CHECKERS - self.opp_in_play()
    }

    /// The same board seen from the other side: the turn passes.
    #[must_use]
    pub fn switched(&self) -> Board {
        let mut cells = [0i8; 32];
        let (low, high) = self.cells[1..25].split_at(12);
        for i in 0..12 {
            cells[1 + i] = -high[i];
            cells[13 + i] = -low[i];
        }
        cells[0] = self.cells[OPP_BAR];
        cells[OPP_BAR] = self.cells[0];
        cells[OWN_LEFT] = self.cells[OPP_LEFT];
        cells[OPP_LEFT] = self.cells[OWN_LEFT];
        Board { cells }
    }

    /// The mover's pip count: the pips still to go to bear every checker off
    /// (a checker on point `p` needs `25 - p`, one on the bar 25).
    #[must_use]
    pub fn own_pips(&self) -> u32 {
        (0..25u8)
            .map(|p| u32::from(self.own(p)) * u32::from(25 - p))
            .sum()
    }

    /// The opponent's pip count.
    #[must_use]
    pub fn opp_pips(&self) -> u32 {
        self.switched().own_pips()
    }

    // ---- mutation, for play generation only ----

    #[inline]
    pub(crate) fn cell_mut(&mut self, index: u8) -> &mut i8 {
        &mut self.cells[usize::from(index)]
    }

    #[inline]
    pub(crate) fn add_opp_bar(&mut self, n: i8) {
        self.cells[OPP_BAR] += n;
    }

    #[inline]
    pub(crate) fn bear_off_one(&mut self) {
        self.cells[OWN_LEFT] -= 1;
    }

    #[inline]
    pub(crate) fn cells(&self) -> &[i8; 32] {
        &self.cells
    }
}
