//! Perft against `tests/data/perft.txt` (copied from `shared/perft.txt`, computed with an
//! independent implementation of RULES.md).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::rules::perft;
use common::{pos, rows};

fn check(max_depth: u32) -> usize {
    let mut checked = 0;
    for row in rows("perft.txt") {
        let depth: u32 = row[1].parse().expect("depth");
        let expected: u64 = row[2].parse().expect("count");
        if depth <= max_depth {
            assert_eq!(
                perft(&pos(&row[0]), depth),
                expected,
                "perft({}, {depth})",
                row[0]
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_matches_the_reference_up_to_depth_2() {
    assert!(check(2) >= 20, "the fixture lost rows");
}

#[test]
fn perft_matches_the_reference_at_depth_3() {
    assert_eq!(check(3), rows("perft.txt").len());
}

#[test]
fn perft_depth_0_is_one() {
    assert_eq!(perft(&pos("1x15/1x15/w"), 0), 1);
}
