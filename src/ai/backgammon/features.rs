//! What the backgammon network sees of a board: the inputs, computed from the side to roll.
//!
//! Each side, in its own numbering, gets Tesauro's raw encoding of its points (four units
//! a point: one or more, two or more, three or more, and half of what stands above three),
//! its bar and borne-off checkers, and what strong programs add because a small network
//! finds it hard to compute: the pip count, the share of the 36 rolls that hit one of its
//! blots, its longest prime, its home-board points and its anchors in the other side's
//! home board. One unit more says whether the checkers have passed each other (a race).
//! The inputs are sparse: only those that are not zero are listed, and the network adds
//! the weight rows of those alone.

use crate::backgammon::{BAR, Board, Counts};

/// Inputs of one side.
const SIDE: usize = 24 * 4 + 2 + 2 + 5;
/// All inputs: the side to roll, the other side, and the race flag.
pub const INPUTS: usize = 2 * SIDE + 1;
/// Bumped whenever the inputs change meaning, so that older weight files are refused.
pub const FEATURE_VERSION: u32 = 1;
/// At most this many inputs are not zero (15 checkers fill at most 15 points).
const MAX_ACTIVE: usize = 2 * (15 * 4 + 2 + 2 + 5) + 1;

/// The inputs that are not zero: index and value.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    pub(crate) index: [u16; MAX_ACTIVE],
    pub(crate) value: [f32; MAX_ACTIVE],
    pub(crate) len: usize,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            index: [0; MAX_ACTIVE],
            value: [0.0; MAX_ACTIVE],
            len: 0,
        }
    }
}

impl Features {
    /// The inputs of `board`, seen by its side to move (the side to roll).
    #[must_use]
    pub fn of(board: &Board) -> Features {
        let mut f = Features::default();
        f.set(board);
        f
    }

    /// Sets the inputs to those of `board`.
    pub fn set(&mut self, board: &Board) {
        self.len = 0;
        let (own, opp) = (board.own(), board.opp());
        let race = is_race(own, opp);
        self.side(own, opp, race, 0);
        self.side(opp, own, race, SIDE);
        if race {
            self.push(2 * SIDE, 1.0);
        }
    }

    /// The inputs as a dense vector (for tests and reports).
    #[must_use]
    pub fn dense(&self) -> Vec<f32> {
        let mut v = vec![0.0; INPUTS];
        for k in 0..self.len {
            v[usize::from(self.index[k])] = self.value[k];
        }
        v
    }

    #[inline]
    fn push(&mut self, index: usize, value: f32) {
        if value != 0.0 && self.len < MAX_ACTIVE {
            self.index[self.len] = index as u16;
            self.value[self.len] = value;
            self.len += 1;
        }
    }

    /// One side's inputs from `base`: `me` in its numbering, `them` in theirs.
    fn side(&mut self, me: &Counts, them: &Counts, race: bool, base: usize) {
        for (p, &n) in me.iter().enumerate().take(25).skip(1) {
            if n == 0 {
                continue;
            }
            let at = base + 4 * (p - 1);
            self.push(at, 1.0);
            if n >= 2 {
                self.push(at + 1, 1.0);
            }
            if n >= 3 {
                self.push(at + 2, 1.0);
            }
            if n > 3 {
                self.push(at + 3, f32::from(n - 3) / 2.0);
            }
        }
        let mut at = base + 96;
        let bar = me[usize::from(BAR)];
        self.push(at, f32::from(u8::from(bar > 0)));
        self.push(at + 1, f32::from(bar.saturating_sub(1)) / 2.0);
        at += 2;
        let off = me[0];
        self.push(at, f32::from(off) / 15.0);
        self.push(at + 1, f32::from(u8::from(off > 0)));
        at += 2;
        let pips: u32 = me.iter().enumerate().map(|(p, &n)| p as u32 * u32::from(n)).sum();
        self.push(at, pips as f32 / 100.0);
        if !race {
            self.push(at + 1, f32::from(shots(me, them)) / 36.0);
        }
        let made = |p: usize| me[p] >= 2;
        let mut longest = 0u8;
        let mut run = 0u8;
        for p in 1..=24 {
            run = if made(p) { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        self.push(at + 2, f32::from(longest) / 6.0);
        self.push(at + 3, (1..=6).filter(|&p| made(p)).count() as f32 / 6.0);
        self.push(at + 4, (19..=24).filter(|&p| made(p)).count() as f32 / 2.0);
    }
}

/// Whether the two sides have passed each other: no checker of either can hit again.
#[must_use]
pub fn is_race(own: &Counts, opp: &Counts) -> bool {
    let back = |c: &Counts| (1..=usize::from(BAR)).rev().find(|&p| c[p] > 0).unwrap_or(0);
    back(own) + back(opp) <= 25
}

/// How many of the 36 rolls let the other side hit at least one of `me`'s blots: each
/// checker by one die, or by both (or a double's steps) through points `me` does not hold.
/// Only the checkers on the bar move while any are there, and those only onto the board.
#[must_use]
pub fn shots(me: &Counts, them: &Counts) -> u8 {
    // The other side's checkers in `me`'s numbering: at `a` (0 = its bar), moving up.
    let mut pairs = [(0u8, 0u8); 64];
    let mut n = 0;
    let from_bar = them[usize::from(BAR)] > 0;
    for p in 1..=24u8 {
        if me[usize::from(p)] != 1 {
            continue;
        }
        for a in 0..p {
            let theirs = if a == 0 {
                them[usize::from(BAR)]
            } else if from_bar {
                0
            } else {
                them[usize::from(BAR - a)]
            };
            let dist = p - a;
            if theirs > 0 && dist <= 24 && n < pairs.len() {
                pairs[n] = (a, dist);
                n += 1;
            }
        }
    }
    if n == 0 {
        return 0;
    }
    let open = |q: u8| q >= 25 || me[usize::from(q)] < 2;
    let mut count = 0u8;
    for d1 in 1..=6u8 {
        for d2 in d1..=6u8 {
            let hit = pairs[..n].iter().any(|&(a, dist)| {
                if d1 == d2 {
                    (1..=4u8).any(|k| dist == k * d1 && (1..k).all(|j| open(a + j * d1)))
                } else {
                    dist == d1 || dist == d2 || (dist == d1 + d2 && (open(a + d1) || open(a + d2)))
                }
            });
            if hit {
                count += if d1 == d2 { 1 } else { 2 };
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_no_race_and_has_no_blots_to_hit() {
        let b = Board::start();
        assert!(!is_race(b.own(), b.opp()));
        assert_eq!(shots(b.own(), b.opp()), 0);
        let f = Features::of(&b);
        assert_eq!(f.dense().len(), INPUTS);
    }

    #[test]
    fn a_blot_six_pips_in_front_of_a_checker_is_hit_by_17_rolls_of_36() {
        let mut me = [0u8; 26];
        me[10] = 1;
        me[1] = 14;
        let mut them = [0u8; 26];
        them[21] = 1; // the mover's 4-point
        them[1] = 14;
        assert_eq!(shots(&me, &them), 17);
        // A point made on the way (the mover's 7) blocks 3-3 alone: 2-2 passes by 6 and 8.
        me[1] = 12;
        me[7] = 2;
        assert_eq!(shots(&me, &them), 16);
    }
}
