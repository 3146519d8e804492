//! Where the parts of the match screen lie: the board, the side panel and the footer, the
//! width of a point and the rows of checkers — and, back from a screen cell, the board
//! slot under it (what a mouse click means).

use ratatui::layout::Rect;

use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::app::Slot;
use crate::rules::Color;

/// Where the parts of the match screen lie in a terminal area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub board: Rect,
    pub panel: Rect,
    pub footer: Rect,
    /// Width of a point column and checker rows per half.
    pub point_width: u16,
    pub rows: u16,
    /// White's home on the left: columns run right to left on screen.
    pub mirror: bool,
}

/// The board's width beyond its points: the frame, the bar and the two trays.
const BOARD_FRAME: u16 = 2 + 3 + 3 + 3;
/// The side panel's narrowest and widest.
const PANEL_MIN: u16 = 33;
const PANEL_MAX: u16 = 48;
/// The widest a point is drawn.
const MAX_POINT_WIDTH: u16 = 8;

impl Geometry {
    /// The layout for `area`, or `None` when it is below the minimum size.
    #[must_use]
    pub fn new(area: Rect) -> Option<Geometry> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        // The board takes what the side panel (at least PANEL_MIN wide) leaves: points up
        // to MAX_POINT_WIDTH wide, stacks up to fifteen checkers tall; the panel stops at
        // PANEL_MAX, and the whole is centred. Its height: the frame, two rows of numbers
        // on each edge (both players' numberings), the middle row and the checkers.
        let point_width = ((area.width - BOARD_FRAME - PANEL_MIN) / 12).clamp(3, MAX_POINT_WIDTH);
        let rows = ((area.height - 11) / 2).clamp(5, 15);
        let board_w = BOARD_FRAME + 12 * point_width;
        let board_h = 7 + 2 * rows;
        let panel_w = (area.width - board_w).min(PANEL_MAX);
        let left = area.x + (area.width - board_w - panel_w) / 2;
        let board = Rect::new(left, area.y, board_w, board_h);
        let panel = Rect::new(left + board_w, area.y, panel_w, board_h);
        let footer = Rect::new(left, area.y + board_h, board_w + panel_w, area.height - board_h);
        Some(Geometry {
            board,
            panel,
            footer,
            point_width,
            rows,
            mirror: false,
        })
    }

    /// The same layout with the board mirrored (or not).
    #[must_use]
    pub fn mirrored(self, mirror: bool) -> Geometry {
        Geometry { mirror, ..self }
    }

    /// The screen column of a slot column.
    pub(super) fn visual(&self, col: u8) -> u8 {
        if self.mirror { Slot::LAST_COL - col } else { col }
    }

    pub(super) fn inner(&self) -> Rect {
        self.board.inner(ratatui::layout::Margin::new(1, 1))
    }

    /// The x and width of a column.
    pub(super) fn column(&self, col: u8) -> (u16, u16) {
        let col = self.visual(col);
        let x0 = self.inner().x;
        let pw = self.point_width;
        let c = u16::from(col);
        match col {
            0 => (x0, 3),
            1..=6 => (x0 + 3 + (c - 1) * pw, pw),
            7 => (x0 + 3 + 6 * pw, 3),
            8..=13 => (x0 + 6 + 6 * pw + (c - 8) * pw, pw),
            _ => (x0 + 6 + 12 * pw, 3),
        }
    }

    /// The label row of a half: the numbers printed by the settings (the player to
    /// move's or White's), beside the checkers, with the cursor and every light.
    #[must_use]
    pub fn label_y(&self, top: bool) -> u16 {
        let inner = self.inner();
        if top {
            inner.y + 1
        } else {
            inner.y + 3 + 2 * self.rows
        }
    }

    /// The other numbering's row of a half, at the board's edge outside the label row.
    #[must_use]
    pub fn other_label_y(&self, top: bool) -> u16 {
        let inner = self.inner();
        if top { inner.y } else { inner.y + 4 + 2 * self.rows }
    }

    /// The board's middle row: the bar's name and the dice.
    #[must_use]
    pub fn middle_y(&self) -> u16 {
        self.inner().y + 2 + self.rows
    }

    /// The screen row of checker `i` (0 at the edge) of a half.
    pub(super) fn checker_y(&self, top: bool, i: u16) -> u16 {
        let inner = self.inner();
        if top {
            inner.y + 2 + i
        } else {
            inner.y + 2 + 2 * self.rows - i
        }
    }

    /// Whether a screen cell is on the board's middle row beside the bar, where the dice
    /// are shown (a click there rolls, confirms or passes).
    #[must_use]
    pub fn dice_at(&self, x: u16, y: u16) -> bool {
        let inner = self.inner();
        let middle = self.middle_y();
        let (bar_x, bar_w) = self.column(Slot::BAR_COL);
        y == middle && x >= inner.x && x < inner.x + inner.width && !(bar_x..bar_x + bar_w).contains(&x)
    }

    /// The row the doubling cube lies on: the middle row while nobody owns it, else
    /// halfway along the owner's half (White's the bottom one).
    #[must_use]
    pub fn cube_y(&self, owner: Option<Color>) -> u16 {
        match owner {
            None => self.middle_y(),
            Some(side) => self.checker_y(side == Color::Black, self.rows / 2),
        }
    }

    /// Whether a screen cell is in the tray column the doubling cube lies in (a click
    /// there offers a double, or takes one).
    #[must_use]
    pub fn cube_at(&self, x: u16, y: u16) -> bool {
        let inner = self.inner();
        let (cx, w) = self.column(Slot::FREE_TRAY_COL);
        (cx..cx + w).contains(&x) && y > inner.y + 1 && y + 2 < inner.y + inner.height
    }

    /// The board slot under a screen cell, if any (for mouse clicks).
    #[must_use]
    pub fn slot_at(&self, x: u16, y: u16) -> Option<Slot> {
        let inner = self.inner();
        if x < inner.x || x >= inner.x + inner.width || y < inner.y || y >= inner.y + inner.height {
            return None;
        }
        let col = (0..=Slot::LAST_COL).find(|&c| {
            let (cx, w) = self.column(c);
            x >= cx && x < cx + w
        })?;
        // (`column` already maps a slot to its place on screen, mirrored or not.)
        let middle = self.middle_y();
        let top = match y.cmp(&middle) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => return None,
        };
        Some(Slot { top, col })
    }
}
