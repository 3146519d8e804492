//! The parts of a decision's text block that do not depend on the game: the board drawn
//! in characters as eXtreme Gammon (and GNU Backgammon before it) draws it, and a
//! candidate's lines.
//!
//! The board: a frame numbered along its edges, two halves of five rows, a `BAR` row
//! between them and the bar's column in the middle. A point's checkers are its side's
//! letter (`X` or `O`), one a row from the edge; a sixth and more are written as their
//! count in the fifth row (`6`–`9`, then `A`–`F` for ten to fifteen, as GNU Backgammon
//! writes them, one character wide); the bar's stand from the middle out. The cube, once turned, is drawn beside its owner's
//! half (`+---+`, `| 2 |`, `+---+`).

use crate::rules::Color;

/// One point's (or a bar's) checkers: whose, and how many.
pub type Stack = (Option<Color>, u8);

/// A side's letter: X is White (drawn at the bottom), O Black.
#[must_use]
pub fn letter(side: Color) -> char {
    match side {
        Color::White => 'X',
        Color::Black => 'O',
    }
}

/// Where the cube is drawn, beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeAt {
    /// Beside the top half's first rows (the top player owns it).
    Top,
    /// Beside the middle (in the middle, at more than 1).
    Middle,
    /// Beside the bottom half's last rows (the bottom player owns it).
    Bottom,
}

/// A board to draw, in characters or as a picture: each row's twelve points from left to
/// right, the numbers along the edges, the bar's checkers of each half, the checkers
/// borne off, and the cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    pub top: [Stack; 12],
    pub bottom: [Stack; 12],
    pub top_numbers: [u8; 12],
    pub bottom_numbers: [u8; 12],
    /// The checkers on the bar drawn in the top half and in the bottom half.
    pub bar: [Stack; 2],
    /// White's checkers borne off and Black's; White's tray is at the bottom right,
    /// Black's at the top, on the left when `black_off_left` (bräde) else on the right.
    pub off: [u8; 2],
    pub black_off_left: bool,
    /// The cube's value and where it lies (`None`: a game without one).
    pub cube: Option<(u32, CubeAt)>,
}

/// The character of a stack in row `row` (1 at the edge, 5 nearest the middle).
fn cell((side, n): Stack, row: u8) -> char {
    match n {
        _ if side.is_none() => ' ',
        n if n > 5 && row == 5 => char::from_digit(u32::from(n), 16).map_or('*', |c| c.to_ascii_uppercase()),
        n if n >= row => side.map_or(' ', letter),
        _ => ' ',
    }
}

fn edge(numbers: &[u8; 12]) -> String {
    let half = |ns: &[u8]| {
        ns.iter()
            .map(|n| format!("{n:->2}"))
            .collect::<Vec<_>>()
            .join("-")
    };
    format!(" +{}------{}-+", half(&numbers[..6]), half(&numbers[6..]))
}

fn row(points: &[Stack; 12], bar: Stack, at: u8) -> String {
    let half = |ps: &[Stack]| {
        ps.iter()
            .map(|&s| cell(s, at).to_string())
            .collect::<Vec<_>>()
            .join("  ")
    };
    format!(
        " | {} | {} | {} |",
        half(&points[..6]),
        // The bar's checkers stand from the middle out.
        cell(bar, 6 - at),
        half(&points[6..])
    )
}

impl Drawing {
    /// The board's thirteen lines of characters and its two edges.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![edge(&self.top_numbers)];
        lines.extend((1..=5).map(|r| row(&self.top, self.bar[0], r)));
        lines.push(" |                  |BAR|                  |".to_string());
        lines.extend((1..=5).rev().map(|r| row(&self.bottom, self.bar[1], r)));
        lines.push(edge(&self.bottom_numbers));
        // (A cube in the middle at 1 is not drawn, as XG draws none.)
        if let Some((value, at)) = self.cube.filter(|&c| c != (1, CubeAt::Middle)) {
            let first = match at {
                CubeAt::Top => 1,
                CubeAt::Middle => 5,
                CubeAt::Bottom => 9,
            };
            let art = ["+---+".to_string(), format!("|{value:^3}|"), "+---+".to_string()];
            for (line, art) in lines[first..first + 3].iter_mut().zip(art) {
                line.push(' ');
                line.push_str(&art);
            }
        }
        lines
    }
}

/// A candidate as its lines show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The depth, as XG writes it (`2-ply`).
    pub level: String,
    pub play: String,
    pub equity: f64,
    /// The mover's chances and the opponent's, after `Player:` and `Opponent:`.
    pub chances: [String; 2],
}

/// The candidates, best first: the first `shown` and the play made (`made`, an index)
/// when it is ranked below them, each with its lines and an empty line; then what
/// `mover` (`X` or `O`) played and how far behind the best.
#[must_use]
pub fn listing(list: &[Listed], made: usize, shown: usize, mover: char) -> String {
    let best = list.first().map_or(0.0, |c| c.equity);
    let mut out = String::new();
    for (i, c) in list.iter().enumerate() {
        if i >= shown && i != made {
            continue;
        }
        let behind = (i > 0).then_some(c.equity - best);
        out.push_str(&candidate_line(i + 1, &c.level, &c.play, c.equity, behind));
        out.push_str(&format!(
            "\n      Player:   {}\n      Opponent: {}\n\n",
            c.chances[0], c.chances[1]
        ));
    }
    if let Some(c) = list.get(made) {
        let behind = if made == 0 {
            String::new()
        } else {
            format!(" ({})", signed(c.equity - best))
        };
        out.push_str(&format!("{mover} played {}{behind}\n\n", c.play));
    }
    out
}

/// A candidate's first line: `    1. 2-ply       13/11 13/8                   eq:+0.008`,
/// with ` (-0.012)` after the equity of any but the best.
#[must_use]
pub fn candidate_line(rank: usize, level: &str, play: &str, equity: f64, behind: Option<f64>) -> String {
    let behind = behind.map_or(String::new(), |d| format!(" ({})", signed(d)));
    format!("{rank:>5}. {level:<11} {play:<28} eq:{}{behind}", signed(equity))
}

/// A figure with its sign, three decimals (`+0.000` for nothing, never `-0.000`).
#[must_use]
pub fn signed(x: f64) -> String {
    let x = if x.abs() < 0.0005 { 0.0 } else { x };
    format!("{x:+.3}")
}

/// A chance in per cent, two decimals.
#[must_use]
pub fn percent(p: f64) -> String {
    format!("{:.2}%", 100.0 * p.clamp(0.0, 1.0))
}
