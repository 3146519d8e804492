//! A bräde decision in the shape of eXtreme Gammon's text block (`backgammon.rs`), so that
//! it can be shared, and read by the same eyes and tools: our position code where XG puts
//! its XGID, the board drawn in the same characters (White, X, at the bottom; both sides
//! travel the same way round, R3, White from the top right), the pip counts and the
//! score, the roll, and the plays ranked by the analysis's judge with their values in
//! points and each side's chances — of winning, and of bräde's big results (pretty games,
//! jan, sprängjan) where XG writes gammons and backgammons.
//!
//! ```text
//! 1x15/1x15/w
//!
//! X:Anna   O:Bo
//! Score is X:0 O:0, 3-game match.
//!  +12-11-10--9--8--7-------6--5--4--3--2--1-+
//!  … the board …
//!  +13-14-15-16-17-18------19-20-21-22-23-24-+
//! Pip count  X: 360  O: 360 X-O: 0-0/3
//! X to play 53
//!
//!     1. 2-ply       1/6 1/4                      eq:+0.012
//!       Player:   50.61% (pretty:4.10% jan:0.20% sprängjan:0.00%)
//!       Opponent: 49.39% (pretty:3.90% jan:0.20% sprängjan:0.00%)
//! …
//! ```

use crate::ai::net::CLASSES;
use crate::ai::review::{Candidate, wins};
use crate::brade::{MatchScore, Position, opposite};
use crate::rules::{BAR, Color, Roll};

use super::picture::{Extras, svg};
use super::text::{Drawing, Listed, Stack, letter, listing, percent};

/// How many plays a block lists, besides the play made when it is ranked below them.
pub const SHOWN: usize = 5;

/// The board of `position` in characters, White (X) at the bottom, numbered from the
/// side to move.
#[must_use]
pub fn drawing(position: &Position) -> Drawing {
    let (white, black) = (position.counts(Color::White), position.counts(Color::Black));
    // White's point `w`, and who stands there.
    let at = |w: u8| -> Stack {
        match (white[usize::from(w)], black[usize::from(opposite(w))]) {
            (0, 0) => (None, 0),
            (0, n) => (Some(Color::Black), n),
            (n, _) => (Some(Color::White), n),
        }
    };
    let number = |w: u8| match position.turn() {
        Color::White => w,
        Color::Black => opposite(w),
    };
    // White travels the top from the right, then the bottom from the left (R3).
    let top: [u8; 12] = std::array::from_fn(|i| 12 - i as u8);
    let bottom: [u8; 12] = std::array::from_fn(|i| 13 + i as u8);
    let bar = usize::from(BAR);
    Drawing {
        top: top.map(at),
        bottom: bottom.map(at),
        top_numbers: top.map(number),
        bottom_numbers: bottom.map(number),
        bar: [(Some(Color::Black), black[bar]), (Some(Color::White), white[bar])],
        off: [position.borne_off(Color::White), position.borne_off(Color::Black)],
        black_off_left: true,
        cube: None,
    }
}

/// The SVG picture of `position`, with the dice rolled.
#[must_use]
pub fn picture(position: &Position, dice: Option<(u8, u8)>, extras: &Extras) -> String {
    let extras = Extras {
        on_roll: Some(position.turn()),
        dice,
        ..*extras
    };
    svg(&drawing(position), &position.code(), &extras)
}

/// A side's chances (`0` the mover's, `1` the other's): of winning, and of each big result.
fn chances(c: &[f32; 2 * CLASSES], side: usize) -> String {
    let p = |class: usize| f64::from(c[side * CLASSES + class]);
    format!(
        "{} (pretty:{} jan:{} sprängjan:{})",
        percent(f64::from(wins(c, side))),
        percent(p(2) + p(3)),
        percent(p(4)),
        percent(p(5))
    )
}

/// The block of a play of `roll` in `position`, `names` White's and Black's, at `score`
/// (before the game): the plays ranked (the best [`SHOWN`], and the play made where it is
/// ranked below them; `made` its index), `plies` the judge's depth.
#[must_use]
pub fn block(
    names: [&str; 2],
    score: &MatchScore,
    position: &Position,
    roll: Roll,
    (candidates, made): (&[Candidate], usize),
    plies: u8,
) -> String {
    let (x, o) = (score.points(Color::White), score.points(Color::Black));
    let games = score.games();
    let (head, standing) = if games <= 1 {
        (format!("Score is X:{x} O:{o}. Single game"), format!("{x}-{o}"))
    } else {
        (
            format!("Score is X:{x} O:{o}, {games}-game match."),
            format!("{x}-{o}/{games}"),
        )
    };
    let mover = position.turn();
    let mut out = format!("{}\n\nX:{}   O:{}\n{head}\n", position.code(), names[0], names[1]);
    for line in drawing(position).lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!(
        "Pip count  X: {}  O: {} X-O: {standing}\n{} to play {}{}\n\n",
        position.pips(Color::White),
        position.pips(Color::Black),
        letter(mover),
        roll.high(),
        roll.low()
    ));
    let list: Vec<Listed> = candidates
        .iter()
        .map(|c| Listed {
            level: format!("{plies}-ply"),
            play: c.play.to_string(),
            equity: c.value,
            chances: [chances(&c.chances, 0), chances(&c.chances, 1)],
        })
        .collect();
    out.push_str(&listing(&list, made, SHOWN, letter(mover)));
    out.push_str(&format!("brade {}\n", env!("CARGO_PKG_VERSION")));
    out
}
