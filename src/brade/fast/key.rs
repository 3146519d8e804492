//! Exact keys of what a play leaves: the board and result it makes from its root, packed
//! into a `u64` so that equal keys mean equal boards and results. The counting path
//! (`count.rs`) reduces every sequence to such a key, the listing search (`fast.rs`)
//! keys the double positions it has expanded, and `movegen` makes the listed plays
//! distinct (§6.5) by [`play_key`].

use crate::brade::play::{Effect, Play};
use crate::brade::result::GameResult;

/// Powers of 5: a multiset of at most four points `s` is the base-5 number with digit
/// `s` = its count, and fits in 59 bits (5^25 < 2^59).
pub(super) const POW5: [u64; 25] = {
    let mut p = [1u64; 25];
    let mut i = 1;
    while i < 25 {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

/// No point: an empty slot in a packed list of points.
const NONE: u64 = 31;
pub(super) const NO_POINT: u8 = NONE as u8;

/// The change of the mover's checkers as the multiset difference of step sources and
/// destinations, sorted and packed 5 bits a point (`NONE` for an empty slot).
#[inline]
pub(super) fn mixed_delta(s1: u8, t1: u8, s2: u8, t2: u8) -> u64 {
    let (src, dst) = if t1 == s2 {
        ((u64::from(s1), NONE), (u64::from(t2), NONE))
    } else if t2 == s1 {
        ((u64::from(s2), NONE), (u64::from(t1), NONE))
    } else {
        let (a, b) = (u64::from(s1.min(s2)), u64::from(s1.max(s2)));
        let (c, d) = (u64::from(t1.min(t2)), u64::from(t1.max(t2)));
        ((a, b), (c, d))
    };
    src.0 | src.1 << 5 | dst.0 << 10 | dst.1 << 15
}

/// Packs a key: the change of the mover's checkers (20 bits), the points where opponent
/// checkers were taken (25 bits) and the result code (4 bits).
#[inline]
pub(super) fn tally_key(delta: u64, taken: u32, result: Option<GameResult>) -> u64 {
    delta | u64::from(taken) << 20 | u64::from(result.map_or(0, |r| r.code())) << 45
}

/// The exact key of a play's resulting board and result relative to its root, as the
/// counting path computes it (see `Counter::count_all_rolls` in `count.rs`).
#[inline(always)]
pub(in crate::brade) fn play_key(play: &Play, double: bool, result: Option<GameResult>) -> u64 {
    let code = u64::from(result.map_or(0, |r| r.code()));
    if double {
        return play
            .steps()
            .iter()
            .map(|s| POW5[usize::from(s.from)])
            .sum::<u64>()
            | code << 59;
    }
    let taken = play
        .steps()
        .iter()
        .filter(|s| s.effect != Effect::Quiet)
        .fold(0, |m, s| m | 1 << s.to);
    let (s1, s2) = match play.steps() {
        [a, b] => ((a.from, a.to), (b.from, b.to)),
        [a] => ((a.from, a.to), (NO_POINT, NO_POINT)),
        _ => ((NO_POINT, NO_POINT), (NO_POINT, NO_POINT)),
    };
    tally_key(mixed_delta(s1.0, s1.1, s2.0, s2.1), taken, result)
}
