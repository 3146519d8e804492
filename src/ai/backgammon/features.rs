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
//!
//! The extended inputs ([`Inputs::Extended`]) add, after those, what GNU Backgammon's
//! contact network is given beyond them (Berliner's and its authors' measures, computed
//! here in our own way): for each side where its rearmost checker and rearmost anchor
//! stand, its most advanced anchor in the other side's home board, the rolls that let
//! its rearmost checker get away, how well its points contain a checker of the other side
//! (anywhere in its outfield and home board, and where the other side's checkers still
//! are), its checkers' mobility, how far its checkers lag behind their average, the pips
//! it can play freely and the pips it needs to break contact, and its chance of staying
//! on the bar. Plain inputs are a prefix of the extended ones: a network of plain inputs
//! given extra rows of zero weights plays exactly as before.

use crate::backgammon::{BAR, Board, Counts};

/// Inputs of one side.
const SIDE: usize = 24 * 4 + 2 + 2 + 5;
/// All plain inputs: the side to roll, the other side, and the race flag.
pub const INPUTS: usize = 2 * SIDE + 1;
/// Bumped whenever the inputs change meaning, so that older weight files are refused.
pub const FEATURE_VERSION: u32 = 1;
/// Extended inputs of one side, after the plain ones.
const EXTRA: usize = 13;
/// The extended inputs of a side, in their order: the side to roll's from [`INPUTS`],
/// the other side's after them.
pub const EXTRA_NAMES: [&str; EXTRA] = [
    "back checker",
    "back anchor",
    "forward anchor",
    "escape",
    "containment",
    "containment squared",
    "containment where they are",
    "containment where they are, squared",
    "mobility",
    "moment",
    "free pips",
    "pips to break contact",
    "staying on the bar",
];
/// All extended inputs: the plain ones, then the extra ones of each side.
pub const EXTENDED_INPUTS: usize = INPUTS + 2 * EXTRA;
/// The feature version of the extended inputs.
pub const EXTENDED_VERSION: u32 = 2;
/// At most this many inputs are not zero (15 checkers fill at most 15 points).
const MAX_ACTIVE: usize = 2 * (15 * 4 + 2 + 2 + 5 + EXTRA) + 1;

/// Which inputs a network reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Inputs {
    /// The 211 inputs of feature version 1 (the shipped networks').
    #[default]
    Plain,
    /// Those and 26 more (feature version 2): see the module documentation.
    Extended,
}

impl Inputs {
    /// The extended inputs if `extended` (the `--extended-inputs` flag), else the plain.
    #[must_use]
    pub fn of_flag(extended: bool) -> Inputs {
        if extended { Inputs::Extended } else { Inputs::Plain }
    }

    /// How many inputs.
    #[must_use]
    pub fn count(self) -> usize {
        match self {
            Inputs::Plain => INPUTS,
            Inputs::Extended => EXTENDED_INPUTS,
        }
    }

    /// The word for them on the command line and in reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Inputs::Plain => "plain",
            Inputs::Extended => "extended",
        }
    }
}

/// The inputs that are not zero: index and value.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    pub(crate) index: [u16; MAX_ACTIVE],
    pub(crate) value: [f32; MAX_ACTIVE],
    pub(crate) len: usize,
    /// Which inputs they are.
    inputs: Inputs,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            index: [0; MAX_ACTIVE],
            value: [0.0; MAX_ACTIVE],
            len: 0,
            inputs: Inputs::Plain,
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

    /// Sets the inputs to the plain ones of `board`.
    pub fn set(&mut self, board: &Board) {
        self.set_as(board, Inputs::Plain);
    }

    /// Sets the inputs to those of `board` that `inputs` names.
    pub fn set_as(&mut self, board: &Board, inputs: Inputs) {
        self.len = 0;
        self.inputs = inputs;
        let (own, opp) = (board.own(), board.opp());
        let race = is_race(own, opp);
        self.side(own, opp, race, 0);
        self.side(opp, own, race, SIDE);
        if race {
            self.push(2 * SIDE, 1.0);
        }
        if inputs == Inputs::Extended {
            let sides = [Seen::of(own), Seen::of(opp)];
            self.extra((own, opp), (&sides[0], &sides[1]), race, INPUTS);
            self.extra((opp, own), (&sides[1], &sides[0]), race, INPUTS + EXTRA);
        }
    }

    /// The extended inputs of `board`.
    #[must_use]
    pub fn extended(board: &Board) -> Features {
        let mut f = Features::default();
        f.set_as(board, Inputs::Extended);
        f
    }

    /// The inputs as a dense vector (for tests and reports).
    #[must_use]
    pub fn dense(&self) -> Vec<f32> {
        let mut v = vec![0.0; self.inputs.count()];
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

impl Features {
    /// One side's extra inputs from `base`: `me` in its numbering, `them` in theirs, with
    /// what was seen of each.
    fn extra(
        &mut self,
        (me, them): (&Counts, &Counts),
        (mine, theirs): (&Seen, &Seen),
        race: bool,
        base: usize,
    ) {
        let back = mine.back;
        self.push(base, back as f32 / 24.0);
        let anchor = (1..=back.min(24)).rev().find(|&p| me[p] >= 2).unwrap_or(0);
        self.push(base + 1, anchor as f32 / 24.0);
        // The most advanced anchor in the other side's home board, else in its outfield,
        // as the other side numbers it, in sixths; 2 for none (not 0: that would read
        // as an anchor beyond its 1-point).
        let forward = (19..=24)
            .chain((13..=18).rev())
            .find(|&p| me[p] >= 2)
            .map_or(2.0, |p| (25 - p) as f32 / 6.0);
        self.push(base + 2, forward);
        let their_back = theirs.back;
        // The point of `me`'s numbering the other side's rearmost checker stands on.
        let contact = 25usize.saturating_sub(their_back).max(1);
        if !race {
            self.push(base + 3, f32::from(escapes_past(theirs.held, back)) / 36.0);
            // Containment: the fewest rolls that let a checker of the other side get
            // away from its 16- to 24-point (our 9- to 1-point), and the same from its
            // 16-point back to its rearmost checker.
            let (mut all, mut where_they_are) = (36u8, 36u8);
            for q in 16..=24 {
                let n = escapes_past(mine.held, q);
                all = all.min(n);
                if q <= their_back {
                    where_they_are = where_they_are.min(n);
                }
            }
            let contain = f32::from(36 - all) / 36.0;
            self.push(base + 4, contain);
            self.push(base + 5, contain * contain);
            let acontain = f32::from(36 - where_they_are) / 36.0;
            self.push(base + 6, acontain);
            self.push(base + 7, acontain * acontain);
            let mobility: u32 = (7..=usize::from(BAR))
                .filter(|&p| me[p] > 0)
                .map(|p| (p as u32 - 6) * u32::from(me[p]) * u32::from(escapes_past(theirs.held, p)))
                .sum();
            self.push(base + 8, mobility as f32 / 3600.0);
        }
        let (count, sum) = (0..=usize::from(BAR)).fold((0u32, 0u32), |(c, s), p| {
            (c + u32::from(me[p]), s + p as u32 * u32::from(me[p]))
        });
        if count > 0 {
            let mean = sum.div_ceil(count) as usize;
            let (n, sq) = (mean + 1..=usize::from(BAR)).fold((0u32, 0u32), |(n, sq), p| {
                let d = (p - mean) as u32;
                (n + u32::from(me[p]), sq + u32::from(me[p]) * d * d)
            });
            if n > 0 {
                self.push(base + 9, sq.div_ceil(n) as f32 / 400.0);
            }
        }
        let free: u32 = (1..contact.min(26)).map(|p| p as u32 * u32::from(me[p])).sum();
        self.push(base + 10, free as f32 / 100.0);
        if !race {
            let behind: u32 = (contact..=usize::from(BAR))
                .map(|p| (p + 1 - contact) as u32 * u32::from(me[p]))
                .sum();
            self.push(base + 11, behind as f32 / 167.0);
            if me[usize::from(BAR)] > 0 {
                let closed = (19..=24).filter(|&q| them[q] >= 2).count() as f32;
                self.push(base + 12, (closed / 6.0) * (closed / 6.0));
            }
        }
    }
}

/// What the extended inputs of both sides read of one side: worked out once a board.
struct Seen {
    /// The point of its rearmost checker in its own numbering (25 the bar), 0 for none.
    back: usize,
    /// The points it holds (of [`held`]).
    held: u32,
}

impl Seen {
    fn of(c: &Counts) -> Seen {
        Seen {
            back: (1..=usize::from(BAR)).rev().find(|&p| c[p] > 0).unwrap_or(0),
            held: held(c),
        }
    }
}

/// For each pattern of the 12 points in front of a checker (bit k: the point k + 1 pips
/// ahead is held by the other side), how many of the 36 rolls let it move its whole roll
/// (both dice, or two steps of a double) through points not held.
const ESCAPES: [u8; 1 << 12] = {
    let mut table = [0u8; 1 << 12];
    let mut mask = 0;
    while mask < table.len() {
        let mut count = 0;
        let mut d1 = 1;
        while d1 <= 6 {
            let mut d2 = d1;
            while d2 <= 6 {
                if open(mask, d1 + d2) && (open(mask, d1) || open(mask, d2)) {
                    count += if d1 == d2 { 1 } else { 2 };
                }
                d2 += 1;
            }
            d1 += 1;
        }
        table[mask] = count;
        mask += 1;
    }
    table
};

/// Whether the point `pips` ahead is free in the pattern `mask` (see [`ESCAPES`]).
const fn open(mask: usize, pips: usize) -> bool {
    mask & (1 << (pips - 1)) == 0
}

/// How many of the 36 rolls let a checker standing on point `p` of its own side's
/// numbering (25 the bar) move its whole roll past the points that `holder`, the other
/// side (in its own numbering), holds: the 12 points in front of it looked at, any beyond
/// its 1-point open.
#[must_use]
pub fn escapes(holder: &Counts, p: usize) -> u8 {
    escapes_past(held(holder), p)
}

/// The points `c` holds (two or more checkers) as bits: bit q for its point q, 1 to 24.
fn held(c: &Counts) -> u32 {
    (1..=24).filter(|&q| c[q] >= 2).fold(0, |bits, q| bits | 1 << q)
}

/// [`escapes`] of a checker on point `p` (1 to 25) past the points `held` (of [`held`]):
/// the point k pips ahead of it is the holder's point 25 − p + k, held points past the
/// holder's 24-point (the checker's 1-point) never are.
fn escapes_past(held: u32, p: usize) -> u8 {
    ESCAPES[(held >> (26 - p.clamp(1, 25))) as usize & 0xFFF]
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
