//! The naive backgammon reference of `tests/bg_reference/` against the fixtures from the
//! outside world (GNU Backgammon's legal plays and Position IDs, the bkgm crate's perft
//! counts, see `tests/data/backgammon/README.md`) and against worked examples of
//! BACKGAMMON.md, named after the rule.
#![allow(clippy::panic)] // tests fail by panicking

mod bg_reference;

use std::collections::BTreeSet;

use bg_reference::{Pos, code, from_position_id, parse, perft, plays, position_id, result_codes, start};

fn pos(code: &str) -> Pos {
    parse(code).unwrap_or_else(|| panic!("the reference cannot read {code}"))
}

/// The non-comment, non-empty lines of a fixture under `tests/data/backgammon/`, split at
/// tabs.
fn rows(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/backgammon/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn dice(text: &str) -> (u8, u8) {
    let b = text.as_bytes();
    assert_eq!(b.len(), 2, "dice {text}");
    (b[0] - b'0', b[1] - b'0')
}

#[test]
fn gnubg_the_reference_lists_the_same_legal_plays_as_gnubg_for_every_fixture_row() {
    let rows = rows("gnubg_plays.tsv");
    assert!(rows.len() >= 3000, "{} rows", rows.len());
    let mut doubles = 0;
    for row in &rows {
        let [c, _, d, results] = &row[..] else {
            panic!("not four columns: {row:?}");
        };
        let p = pos(c);
        let (a, b) = dice(d);
        doubles += usize::from(a == b);
        let expected: BTreeSet<String> = results.split(' ').map(str::to_string).collect();
        assert_eq!(result_codes(&p, a, b), expected, "{c} {d}");
    }
    assert!(doubles >= 300, "{doubles} doubles");
}

#[test]
fn gnubg_position_id_the_reference_writes_and_reads_gnubgs_ids_for_every_fixture_row() {
    for row in rows("gnubg_plays.tsv") {
        let p = pos(&row[0]);
        assert_eq!(code(&p), row[0], "the fixture's codes are canonical");
        assert_eq!(position_id(&p), row[1], "{}", row[0]);
        assert_eq!(from_position_id(&row[1], p.white_to_move), Some(p), "{}", row[1]);
    }
}

#[test]
fn perft_start_depth_1_and_2() {
    assert_eq!(code(&start(true)), "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w");
    assert_eq!(perft(&start(true), 1), 447);
    assert_eq!(perft(&start(true), 2), 202_782);
    let _ = plays(&pos("1,2x2/-/w"), 2, 3);
}
