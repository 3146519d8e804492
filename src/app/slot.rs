//! The board as seen on screen: slots (a point, the bar or a tray, top or bottom row)
//! and how they map to each side's point numbers.

use crate::brade::opposite;
use crate::game::Layout;
use crate::rules::{BAR, Color, OFF};

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
    /// The tray column at the far end from the trays backgammon bears off into: where
    /// its doubling cube lies (in bräde, Black's tray).
    pub const FREE_TRAY_COL: u8 = 0;

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

    /// The slot of a point in `side`'s numbering (`0` its bar half, `25` its tray), on
    /// bräde's board.
    #[must_use]
    pub fn of_point(side: Color, p: u8) -> Slot {
        Slot::at(Layout::SameWay, side, p)
    }

    /// The slot of a point in `side`'s numbering from his entry (`0` his bar half, `25`
    /// his tray), on a board of `layout`.
    #[must_use]
    pub fn at(layout: Layout, side: Color, p: u8) -> Slot {
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
            (OFF, Color::Black) => match layout {
                Layout::SameWay => Slot { top: true, col: 0 },
                Layout::Opposite => Slot {
                    top: true,
                    col: Self::LAST_COL,
                },
            },
            (p, Color::White) => Slot::of_white_point(p),
            (p, Color::Black) => Slot::of_white_point(other_side(layout, p)),
        }
    }

    /// The point this slot is in `side`'s numbering (`0` bar, `25` off), on bräde's board.
    #[must_use]
    pub fn point_for(self, side: Color) -> u8 {
        self.point_in(Layout::SameWay, side)
    }

    /// The point this slot is in `side`'s numbering from his entry (`0` bar, `25` off),
    /// on a board of `layout`.
    #[must_use]
    pub fn point_in(self, layout: Layout, side: Color) -> u8 {
        match self.kind() {
            SlotKind::Bar => BAR,
            SlotKind::Tray => OFF,
            SlotKind::Point(w) if side == Color::White => w,
            SlotKind::Point(w) => other_side(layout, w),
        }
    }
}

/// A point of one side, numbered from his entry, in the other side's numbers.
fn other_side(layout: Layout, p: u8) -> u8 {
    match layout {
        Layout::SameWay => opposite(p),
        Layout::Opposite => 25 - p,
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

    #[test]
    fn b1_in_backgammon_the_sides_travel_opposite_ways_and_bear_off_on_the_same_side() {
        let opposite = Layout::Opposite;
        // Black enters where White bears off, and bears off where White enters.
        assert_eq!(Slot::at(opposite, Color::Black, 1), Slot::of_white_point(24));
        assert_eq!(Slot::at(opposite, Color::Black, 24), Slot::of_white_point(1));
        assert_eq!(
            Slot::at(opposite, Color::Black, OFF),
            Slot {
                top: true,
                col: Slot::LAST_COL
            }
        );
        assert_eq!(
            Slot::at(opposite, Color::White, OFF),
            Slot {
                top: false,
                col: Slot::LAST_COL
            }
        );
        for p in 0..=25 {
            for side in Color::BOTH {
                assert_eq!(
                    Slot::at(opposite, side, p).point_in(opposite, side),
                    p,
                    "{side:?} {p}"
                );
            }
        }
    }
}
