//! A board as an SVG picture, for a page, a forum post or print: every checker drawn (a
//! point of more than five packs them closer and writes the count on the last), the bar,
//! both trays with the checkers borne off, the points numbered from the side to move, and
//! the cube and the dice where they are known. Drawn from a [`Drawing`] (the same layout
//! the text block draws), so any game that lays its board out so can be pictured.
//!
//! **Readable in black and white.** White's checkers are white with a dark rim, Black's
//! dark with a light ring inside the rim, so that they differ by their marks and not by
//! colour alone; the points alternate a filled and a hatched triangle. Two themes (light
//! and dark) change only the colours. `flip` mirrors the board left to right (the home
//! board on the left), its numbers and words still upright.
//!
//! Written as text by hand (no library): the elements are few and their attributes
//! numbers, so the only escaping needed is of the title.

use std::fmt::Write as _;

use crate::rules::Color;

use super::text::{CubeAt, Drawing, Stack};

/// The colours of a picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

struct Palette {
    page: &'static str,
    board: &'static str,
    ink: &'static str,
    point: [&'static str; 2],
    white: &'static str,
    black: &'static str,
}

impl Theme {
    fn palette(self) -> Palette {
        match self {
            Theme::Light => Palette {
                page: "#ffffff",
                board: "#efe6d2",
                ink: "#202020",
                point: ["#8c7a5e", "#d8c7a4"],
                white: "#fbfbf7",
                black: "#262626",
            },
            Theme::Dark => Palette {
                page: "#141414",
                board: "#2a2622",
                ink: "#e6e6e6",
                point: ["#6d5d47", "#4a4036"],
                white: "#f2f2ee",
                black: "#0c0c0c",
            },
        }
    }
}

/// What is drawn besides the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The side to move (its dice are drawn in its colours).
    pub on_roll: Option<Color>,
    /// The dice rolled.
    pub dice: Option<(u8, u8)>,
    pub theme: Theme,
    /// The home boards on the left.
    pub flip: bool,
}

// The geometry, in the picture's units: columns of a point's width.
const POINT: f64 = 40.0;
const R: f64 = 17.0;
const TRAY: f64 = 52.0;
const BAR: f64 = 48.0;
const MARGIN: f64 = 12.0;
const NUMBERS: f64 = 22.0;
const HALF: f64 = 5.0 * 2.0 * R + 12.0;
const MIDDLE: f64 = 64.0;
const WIDTH: f64 = 2.0 * MARGIN + 2.0 * TRAY + BAR + 12.0 * POINT;
const HEIGHT: f64 = 2.0 * (MARGIN + NUMBERS + HALF) + MIDDLE;
const TOP: f64 = MARGIN + NUMBERS;
const BOTTOM: f64 = TOP + 2.0 * HALF + MIDDLE;

/// Where the picture's columns start: 0 the left tray, 1–6 the left points, 7 the bar,
/// 8–13 the right points, 14 the right tray; mirrored when flipped.
fn column(col: usize, flip: bool) -> (f64, f64) {
    let col = if flip { 14 - col } else { col };
    let x = match col {
        0 => MARGIN,
        1..=6 => MARGIN + TRAY + (col - 1) as f64 * POINT,
        7 => MARGIN + TRAY + 6.0 * POINT,
        8..=13 => MARGIN + TRAY + 6.0 * POINT + BAR + (col - 8) as f64 * POINT,
        _ => MARGIN + TRAY + 12.0 * POINT + BAR,
    };
    let width = match col {
        0 | 14 => TRAY,
        7 => BAR,
        _ => POINT,
    };
    (x, width)
}

/// The picture's column of the `i`th point of a row (0–11, from the left).
fn point_column(i: usize) -> usize {
    if i < 6 { i + 1 } else { i + 2 }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The SVG picture of `drawing`, titled `title` (the position's code or ID).
#[must_use]
pub fn svg(drawing: &Drawing, title: &str, extras: &Extras) -> String {
    let p = extras.theme.palette();
    let flip = extras.flip;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif">"#
    );
    let _ = write!(out, "\n<title>{}</title>\n", escape(title));
    let _ = writeln!(
        out,
        r##"<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="{}"/><line x1="0" y1="0" x2="0" y2="6" stroke="{}" stroke-width="2"/></pattern></defs>"##,
        p.point[1], p.ink
    );
    let _ = writeln!(
        out,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="{}"/>"#,
        p.page
    );
    let _ = writeln!(
        out,
        r#"<rect class="board" x="{MARGIN}" y="{TOP}" width="{}" height="{}" fill="{}" stroke="{}" stroke-width="3"/>"#,
        WIDTH - 2.0 * MARGIN,
        BOTTOM - TOP,
        p.board,
        p.ink
    );
    for col in [0, 7, 14] {
        let (x, w) = column(col, flip);
        let _ = writeln!(
            out,
            r#"<rect class="{}" x="{x}" y="{TOP}" width="{w}" height="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
            if col == 7 { "bar" } else { "tray" },
            BOTTOM - TOP,
            p.ink
        );
    }
    for (row, top) in [(&drawing.top, true), (&drawing.bottom, false)] {
        let numbers = if top {
            &drawing.top_numbers
        } else {
            &drawing.bottom_numbers
        };
        for (i, &stack) in row.iter().enumerate() {
            let (x, w) = column(point_column(i), flip);
            triangle(&mut out, &p, (x, w), top, i % 2 == 0);
            let y = if top { TOP - 6.0 } else { BOTTOM + 17.0 };
            let _ = writeln!(
                out,
                r#"<text class="number" x="{}" y="{y}" font-size="13" text-anchor="middle" fill="{}">{}</text>"#,
                x + w / 2.0,
                p.ink,
                numbers[i]
            );
            stack_of(&mut out, &p, stack, x + w / 2.0, top, false);
        }
    }
    let (bar_x, bar_w) = column(7, flip);
    stack_of(&mut out, &p, drawing.bar[0], bar_x + bar_w / 2.0, true, true);
    stack_of(&mut out, &p, drawing.bar[1], bar_x + bar_w / 2.0, false, true);
    trays(&mut out, &p, drawing, flip);
    if let Some((value, at)) = drawing.cube {
        cube(&mut out, &p, value, at, flip);
    }
    if let (Some((a, b)), Some(side)) = (extras.dice, extras.on_roll) {
        dice(&mut out, &p, [a, b], side, flip);
    }
    out.push_str("</svg>\n");
    out
}

/// A point's triangle, from its edge to near the middle: filled, or hatched.
fn triangle(out: &mut String, p: &Palette, (x, w): (f64, f64), top: bool, filled: bool) {
    let (base, tip) = if top {
        (TOP, TOP + HALF - 6.0)
    } else {
        (BOTTOM, BOTTOM - HALF + 6.0)
    };
    let fill = if filled { p.point[0] } else { "url(#hatch)" };
    let _ = writeln!(
        out,
        r#"<polygon class="point" points="{},{base} {},{base} {},{tip}" fill="{fill}" stroke="{}" stroke-width="1"/>"#,
        x + 1.0,
        x + w - 1.0,
        x + w / 2.0,
        p.ink
    );
}

/// The checkers of a point or a bar half, from the edge (a bar's from the middle) in.
fn stack_of(out: &mut String, p: &Palette, (side, n): Stack, cx: f64, top: bool, bar: bool) {
    let Some(side) = side else { return };
    if n == 0 {
        return;
    }
    let room = HALF - 2.0 * R - 4.0;
    let step = if n <= 5 { 2.0 * R } else { room / f64::from(n - 1) };
    let edge = if top { TOP + R + 2.0 } else { BOTTOM - R - 2.0 };
    let middle = if top {
        TOP + HALF - R - 2.0
    } else {
        BOTTOM - HALF + R + 2.0
    };
    for k in 0..n {
        let d = f64::from(k) * step;
        let cy = match (bar, top) {
            (false, true) => edge + d,
            (false, false) => edge - d,
            (true, true) => middle - d,
            (true, false) => middle + d,
        };
        checker(out, p, side, cx, cy);
        if n > 5 && k == n - 1 {
            let ink = if side == Color::White { p.black } else { p.white };
            let _ = writeln!(
                out,
                r#"<text class="count" x="{cx}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="{ink}">{n}</text>"#,
                cy + 5.0
            );
        }
    }
}

fn checker(out: &mut String, p: &Palette, side: Color, cx: f64, cy: f64) {
    match side {
        Color::White => {
            let _ = writeln!(
                out,
                r##"<circle class="checker white" cx="{cx}" cy="{cy}" r="{R}" fill="{}" stroke="#101010" stroke-width="2"/>"##,
                p.white
            );
        }
        Color::Black => {
            let _ = writeln!(
                out,
                r##"<circle class="checker black" cx="{cx}" cy="{cy}" r="{R}" fill="{}" stroke="#101010" stroke-width="2"/>"##,
                p.black
            );
            let _ = writeln!(
                out,
                r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#f0f0f0" stroke-width="1.5"/>"##,
                R - 5.0
            );
        }
    }
}

/// The checkers borne off, as thin slabs in their trays, with their number.
fn trays(out: &mut String, p: &Palette, drawing: &Drawing, flip: bool) {
    for side in Color::BOTH {
        let n = drawing.off[side.index()];
        let (col, top) = match side {
            Color::White => (14, false),
            Color::Black => (if drawing.black_off_left { 0 } else { 14 }, true),
        };
        let (x, w) = column(col, flip);
        let (fill, stroke) = match side {
            Color::White => (p.white, "#101010"),
            Color::Black => (p.black, "#f0f0f0"),
        };
        for k in 0..n {
            let y = if top {
                TOP + 4.0 + f64::from(k) * 9.0
            } else {
                BOTTOM - 12.0 - f64::from(k) * 9.0
            };
            let _ = writeln!(
                out,
                r#"<rect class="off {}" x="{}" y="{y}" width="{}" height="8" rx="2" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
                if side == Color::White { "white" } else { "black" },
                x + 6.0,
                w - 12.0
            );
        }
        if n > 0 {
            let y = if top {
                TOP + 4.0 + f64::from(n) * 9.0 + 14.0
            } else {
                BOTTOM - 12.0 - f64::from(n) * 9.0 - 4.0
            };
            let _ = writeln!(
                out,
                r#"<text class="off-count" x="{}" y="{y}" font-size="13" text-anchor="middle" fill="{}">{n}</text>"#,
                x + w / 2.0,
                p.ink
            );
        }
    }
}

/// The cube in the tray without a side's checkers (the left, unflipped): at the top for
/// the top player's, the bottom for the bottom player's, in the middle when no one's.
fn cube(out: &mut String, p: &Palette, value: u32, at: CubeAt, flip: bool) {
    let (x, w) = column(0, flip);
    let size = 34.0;
    let y = match at {
        CubeAt::Top => TOP + HALF - size - 4.0,
        CubeAt::Middle => TOP + HALF + (MIDDLE - size) / 2.0,
        CubeAt::Bottom => BOTTOM - HALF + 4.0,
    };
    // In the middle at 1 the cube shows 64, as on a board.
    let shown = if value == 1 { 64 } else { value };
    let _ = writeln!(
        out,
        r#"<rect class="cube" x="{}" y="{y}" width="{size}" height="{size}" rx="4" fill="{}" stroke="{}" stroke-width="2"/>"#,
        x + (w - size) / 2.0,
        p.page,
        p.ink
    );
    let _ = writeln!(
        out,
        r#"<text class="cube-value" x="{}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" fill="{}">{shown}</text>"#,
        x + w / 2.0,
        y + size / 2.0 + 6.0,
        p.ink
    );
}

/// The dice, in the colours of the side that rolled them, in the right half's middle.
fn dice(out: &mut String, p: &Palette, dice: [u8; 2], side: Color, flip: bool) {
    let size = 36.0;
    let (fill, pip) = match side {
        Color::White => (p.white, "#101010"),
        Color::Black => (p.black, "#f0f0f0"),
    };
    let (x0, _) = column(10, flip);
    let y = TOP + HALF + (MIDDLE - size) / 2.0;
    for (k, &d) in dice.iter().enumerate() {
        let x = x0 - size + k as f64 * (size + 12.0);
        let _ = writeln!(
            out,
            r#"<rect class="die" x="{x}" y="{y}" width="{size}" height="{size}" rx="6" fill="{fill}" stroke="{}" stroke-width="2"/>"#,
            p.ink
        );
        let spots: &[(f64, f64)] = match d {
            1 => &[(0.5, 0.5)],
            2 => &[(0.25, 0.25), (0.75, 0.75)],
            3 => &[(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
            4 => &[(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
            5 => &[(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
            _ => &[
                (0.25, 0.25),
                (0.75, 0.25),
                (0.25, 0.5),
                (0.75, 0.5),
                (0.25, 0.75),
                (0.75, 0.75),
            ],
        };
        for (sx, sy) in spots {
            let _ = writeln!(
                out,
                r#"<circle class="pip" cx="{}" cy="{}" r="3.5" fill="{pip}"/>"#,
                x + sx * size,
                y + sy * size
            );
        }
    }
}
