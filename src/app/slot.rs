//! The board as seen on screen: slots (a point, the bar or a tray, top or bottom row)
//! and how they map to each side's point numbers.

use crate::rules::{BAR, Color, OFF, opposite};

/// A place on the board as seen on screen: the top or bottom row and a column — 0 the
/// left tray, 1–6 the left quarter, 7 the bar, 8–13 the right quarter, 14 the right tray.
/// White sits at the bottom (R3): the top row reads W12…W7 | W6…W1, the bottom row
/// W13…W18 | W19…W24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    pub top: bool,
    pub col: u8,
}

/// What a slot holds, independent of whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    /// A tunga, by White's number.
    Point(u8),
    Bar,
    Tray,
}

impl Slot {
    pub const BAR_COL: u8 = 7;
    pub const LAST_COL: u8 = 14;

    /// What the slot holds.
    #[must_use]
    pub fn kind(self) -> SlotKind {
        match (self.col, self.top) {
            (0, _) | (14, _) => SlotKind::Tray,
            (7, _) => SlotKind::Bar,
            (c @ 1..=6, true) => SlotKind::Point(13 - c),
            (c @ 1..=6, false) => SlotKind::Point(12 + c),
            (c, true) => SlotKind::Point(14 - c),
            (c, false) => SlotKind::Point(11 + c),
        }
    }

    /// The slot of a tunga given by White's number.
    #[must_use]
    pub fn of_white_point(w: u8) -> Slot {
        match w {
            1..=6 => Slot {
                top: true,
                col: 14 - w,
            },
            7..=12 => Slot {
                top: true,
                col: 13 - w,
            },
            13..=18 => Slot {
                top: false,
                col: w - 12,
            },
            _ => Slot {
                top: false,
                col: w - 11,
            },
        }
    }

    /// The slot of a point in `side`'s numbering (`0` its bar half, `25` its tray).
    #[must_use]
    pub fn of_point(side: Color, p: u8) -> Slot {
        match (p, side) {
            (BAR, Color::White) => Slot {
                top: false,
                col: Self::BAR_COL,
            },
            (BAR, Color::Black) => Slot {
                top: true,
                col: Self::BAR_COL,
            },
            (OFF, Color::White) => Slot {
                top: false,
                col: Self::LAST_COL,
            },
            (OFF, Color::Black) => Slot { top: true, col: 0 },
            (p, Color::White) => Slot::of_white_point(p),
            (p, Color::Black) => Slot::of_white_point(opposite(p)),
        }
    }

    /// The point this slot is in `side`'s numbering (`0` bar, `25` off).
    #[must_use]
    pub fn point_for(self, side: Color) -> u8 {
        match self.kind() {
            SlotKind::Bar => BAR,
            SlotKind::Tray => OFF,
            SlotKind::Point(w) if side == Color::White => w,
            SlotKind::Point(w) => opposite(w),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_and_white_points_correspond_both_ways() {
        for w in 1..=24 {
            let slot = Slot::of_white_point(w);
            assert_eq!(slot.kind(), SlotKind::Point(w), "{w}");
        }
        // R3: top-left is W12, top-right W1, bottom-left W13, bottom-right W24.
        assert_eq!(Slot { top: true, col: 1 }.kind(), SlotKind::Point(12));
        assert_eq!(Slot { top: true, col: 13 }.kind(), SlotKind::Point(1));
        assert_eq!(Slot { top: false, col: 1 }.kind(), SlotKind::Point(13));
        assert_eq!(Slot { top: false, col: 13 }.kind(), SlotKind::Point(24));
        assert_eq!(Slot::of_point(Color::Black, 1), Slot::of_white_point(13));
    }
}
