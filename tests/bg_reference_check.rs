//! The naive backgammon reference of `tests/bg_reference/` against the fixtures from the
//! outside world (GNU Backgammon's legal plays and Position IDs, the bkgm crate's perft
//! counts, see `tests/data/backgammon/README.md`) and against worked examples of
//! BACKGAMMON.md, named after the rule.

#![allow(clippy::panic)] // tests fail by panicking

mod bg_reference;

use bg_reference::{Pos, code, parse, perft, plays, start};

fn pos(code: &str) -> Pos {
    parse(code).unwrap_or_else(|| panic!("the reference cannot read {code}"))
}

#[test]
fn perft_start_depth_1_and_2() {
    assert_eq!(code(&start(true)), "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w");
    let t = std::time::Instant::now();
    assert_eq!(perft(&start(true), 1), 447);
    eprintln!("d1 {:?}", t.elapsed());
    assert_eq!(perft(&start(true), 2), 202_782);
    eprintln!("d2 {:?}", t.elapsed());
    let _ = plays(&pos("1,2x2/-/w"), 2, 3);
}
