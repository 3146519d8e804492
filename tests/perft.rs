//! Perft against `tests/data/perft.txt` (copied from `shared/perft.txt`, computed with an
//! independent implementation of RULES.md).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::brade::perft;
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

#[test]
fn a_long_perft_says_how_far_it_has_come_and_counts_the_same() {
    for (code, depth) in [
        ("1x15/1x15/w", 3),
        ("1x9,3,6,7,8,11,23/0,1x7,2,4,6,7,21,24x2/w", 2),
    ] {
        let pos = brade::brade::Position::from_code(code).unwrap();
        let mut told = Vec::new();
        let n = brade::brade::perft_with(&pos, depth, brade::brade::RuleSet::VASAMUSEET, |done, total| {
            told.push((done, total))
        });
        assert_eq!(n, brade::brade::perft(&pos, depth), "{code}");
        let total = told.last().unwrap().1;
        assert_eq!(told.len(), total, "told after every first play");
        assert!(
            told.iter()
                .enumerate()
                .all(|(i, &(d, t))| d == i + 1 && t == total)
        );
    }
}

#[test]
fn perft_of_every_named_rule_set_matches_the_references_counts() {
    let rows = rows("perft_sets.txt");
    assert!(rows.len() >= 80, "the fixture lost rows");
    let mut differ = 0;
    for row in rows {
        let rules: brade::brade::RuleSet = row[0].parse().unwrap();
        let depth: u32 = row[2].parse().unwrap();
        let expected: u64 = row[3].parse().unwrap();
        let position = pos(&row[1]);
        assert_eq!(
            brade::brade::perft_by(&position, depth, rules),
            expected,
            "{} perft({}, {depth})",
            row[0],
            row[1]
        );
        differ += usize::from(perft(&position, depth) != expected);
    }
    assert!(
        differ >= 10,
        "the sets' counts differ from the club's in {differ} rows only"
    );
}
