//! Perft against `tests/data/perft.txt` (copied from `shared/perft.txt`, computed with an
//! independent implementation of RULES.md).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::rules::perft;
use common::{pos, rows};

#[test]
fn perft_matches_every_row_of_the_reference() {
    let rows = rows("perft.txt");
    assert!(rows.len() >= 20, "the fixture lost rows");
    for row in rows {
        let depth: u32 = row[1].parse().expect("depth");
        let expected: u64 = row[2].parse().expect("count");
        assert_eq!(
            perft(&pos(&row[0]), depth),
            expected,
            "perft({}, {depth})",
            row[0]
        );
    }
}

#[test]
fn perft_depth_0_is_one() {
    assert_eq!(perft(&pos("1x15/1x15/w"), 0), 1);
}
