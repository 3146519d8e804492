//! The board seen from the side to move: each side's checkers in its own numbering.

/// Checkers per side.
pub const CHECKERS: u8 = 15;
/// The index of the bar in a side's counts (its 25-point: the farthest from home).
pub const BAR: u8 = 25;
/// The index of the borne-off checkers in a side's counts (past its 1-point).
pub const OFF: u8 = 0;

/// One side's checkers in its own numbering: `[0]` borne off, `[1..=24]` the points, `[25]`
/// the bar. Always fifteen in all.
pub type Counts = [u8; 26];

/// A side's point `p` seen from the other side (B1: the two number the board from opposite
/// ends): `25 - p`.
#[must_use]
pub fn opposite(point: u8) -> u8 {
    BAR - point
}

/// The board from the side to move (*own*) with the other side's (*opp*) checkers kept in
/// that side's own numbering, so that passing the turn swaps the two and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    own: Counts,
    opp: Counts,
}

/// The start (B2): 2 on the 24, 5 on the 13, 3 on the 8, 5 on the 6.
const START: Counts = {
    let mut c = [0u8; 26];
    c[6] = 5;
    c[8] = 3;
    c[13] = 5;
    c[24] = 2;
    c
};

impl Board {
    /// The starting position (B2).
    #[must_use]
    pub fn start() -> Board {
        Board {
            own: START,
            opp: START,
        }
    }

    /// A board from both sides' counts; `[0]` (borne off) is set to what the others leave
    /// of fifteen. Unchecked: [`super::Position`] checks.
    #[must_use]
    pub(crate) fn from_counts(own: &Counts, opp: &Counts) -> Board {
        let fill = |c: &Counts| {
            let mut c = *c;
            let on: u8 = c[1..].iter().sum();
            c[0] = CHECKERS.saturating_sub(on);
            c
        };
        Board {
            own: fill(own),
            opp: fill(opp),
        }
    }

    /// The side to move's checkers in its numbering (`[0]` off, `[25]` bar).
    #[must_use]
    pub fn own(&self) -> &Counts {
        &self.own
    }

    /// The other side's checkers in its own numbering.
    #[must_use]
    pub fn opp(&self) -> &Counts {
        &self.opp
    }

    /// The other side's checkers on the mover's point `point` (1–24).
    #[must_use]
    pub fn opp_on(&self, point: u8) -> u8 {
        self.opp[usize::from(opposite(point))]
    }

    /// The same checkers with the other side to move.
    #[must_use]
    pub fn switched(&self) -> Board {
        Board {
            own: self.opp,
            opp: self.own,
        }
    }

    /// Pips the side to move needs to bear every checker off.
    #[must_use]
    pub fn own_pips(&self) -> u32 {
        pips(&self.own)
    }

    /// Pips the other side needs.
    #[must_use]
    pub fn opp_pips(&self) -> u32 {
        pips(&self.opp)
    }

    /// Moves one of the mover's checkers from `from` to `to` (`0` = off), hitting the
    /// blot there when `hit`. Unchecked: the step rules decide what is legal.
    pub(crate) fn apply(&mut self, from: u8, to: u8, hit: bool) {
        self.own[usize::from(from)] -= 1;
        self.own[usize::from(to)] += 1;
        if hit {
            self.opp[usize::from(opposite(to))] -= 1;
            self.opp[usize::from(BAR)] += 1;
        }
    }

    /// Both sides' counts, for the fast path.
    pub(crate) fn parts(&self) -> (&Counts, &Counts) {
        (&self.own, &self.opp)
    }

    /// A board from both sides' complete counts (`[0]` included), for the fast path.
    pub(crate) fn from_parts(own: Counts, opp: Counts) -> Board {
        Board { own, opp }
    }
}

fn pips(c: &Counts) -> u32 {
    c.iter().enumerate().map(|(p, &n)| p as u32 * u32::from(n)).sum()
}
