//! The plain search: every order of every step of a roll, one die at a time, by the
//! single-step rules, then B8's filter. Slow and simple on purpose: the turn asks it what
//! a person may do next, and the tests hold the fast generator to it.

use crate::rules::Roll;

use super::board::{BAR, Board};
use super::play::Play;
use super::result::Win;
use super::steps::{apply_step, step};

/// A legal play: its steps, the board it leaves (the same side still to move) and the
/// win if it ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LegalPlay {
    pub play: Play,
    pub board: Board,
    pub win: Option<Win>,
}

/// A sequence of steps that cannot be continued (every die used, none playable, or the
/// game over), and whether B8 lets it stand as a play: it uses as many dice as any
/// sequence does (as GNU Backgammon has it, also when fewer would end the game), the
/// higher die when only one can be used — or it leaves the very board such a play leaves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub play: LegalPlay,
    pub legal: bool,
    /// Legal by B8's counts themselves, not only by the board it leaves: the plays listed
    /// are written in these steps.
    pub full: bool,
}

/// What B8 asks of a complete play of a roll: the most dice that can be played, and the
/// die that must be played when only one can (the higher, if it can be).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Thresholds {
    pub most: usize,
    pub need_high: Option<u8>,
}

fn walk(board: &Board, left: &mut Vec<u8>, play: &mut Play, out: &mut Vec<Candidate>) {
    let win = Win::of_mover(board);
    let mut moved = false;
    if win.is_none() {
        let mut dice = left.clone();
        dice.sort_unstable_by(|a, b| b.cmp(a));
        dice.dedup();
        for d in dice {
            for from in (1..=BAR).rev() {
                let Ok(s) = step(board, from, d) else {
                    continue;
                };
                moved = true;
                let mut next = *board;
                apply_step(&mut next, s);
                if let Some(i) = left.iter().position(|&x| x == d) {
                    left.remove(i);
                }
                play.push(s);
                walk(&next, left, play, out);
                play.pop();
                left.push(d);
            }
        }
    }
    if !moved {
        out.push(Candidate {
            play: LegalPlay {
                play: *play,
                board: *board,
                win,
            },
            legal: false,
            full: false,
        });
    }
}

/// Every step sequence of `roll` on `board` that cannot be continued, each marked legal
/// or not by B8, and B8's thresholds.
pub(crate) fn candidates(board: &Board, roll: Roll) -> (Vec<Candidate>, Thresholds) {
    let mut out = Vec::new();
    walk(board, &mut roll_dice(roll), &mut Play::empty(), &mut out);
    let most = out.iter().map(|c| c.play.play.len()).max().unwrap_or(0);
    let high = roll.high();
    let need_high = (most == 1
        && !roll.is_double()
        && out
            .iter()
            .any(|c| c.play.play.steps().first().is_some_and(|s| s.die == high)))
    .then_some(high);
    for c in &mut out {
        let len = c.play.play.len();
        let first_die = c.play.play.steps().first().map(|s| s.die);
        c.legal = len == most && need_high.is_none_or(|h| first_die == Some(h));
        c.full = c.legal;
    }
    // A sequence that leaves the board of a legal play is that play, in other steps: the
    // last checker borne off with one die where the rules have both dice played leaves
    // the same board (unless the longer way hits on the way, and then it is another play).
    let boards: Vec<Board> = out.iter().filter(|c| c.legal).map(|c| c.play.board).collect();
    for c in &mut out {
        if !c.legal && c.play.win.is_some() && boards.contains(&c.play.board) {
            c.legal = true;
        }
    }
    (out, Thresholds { most, need_high })
}

/// The dice of a roll as steps to play: four for a double, else the two.
pub(crate) fn roll_dice(roll: Roll) -> Vec<u8> {
    let (a, b) = roll.dice();
    if roll.is_double() { vec![a; 4] } else { vec![a, b] }
}

/// The legal plays of `roll` on `board` by the plain search: one per distinct result
/// (the board left and the win), the first step order found for each (dice higher first,
/// checkers from the highest point first). A forfeited roll has the one empty play.
#[must_use]
pub fn plain_plays(board: &Board, roll: Roll) -> Vec<LegalPlay> {
    let (all, _) = candidates(board, roll);
    let mut out: Vec<LegalPlay> = Vec::new();
    for c in all.into_iter().filter(|c| c.full) {
        if !out.iter().any(|p| p.board == c.play.board) {
            out.push(c.play);
        }
    }
    out
}
