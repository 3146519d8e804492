//! Every row of `tests/data/examples.tsv` (copied from `shared/examples.tsv`): the exact
//! set of legal plays, their resulting positions and outcomes.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::collections::BTreeSet;

use brade::brade::{Position, Turn, parse_notation};
use common::{legal, pos, roll, rows};

#[test]
fn every_example_has_exactly_the_expected_plays_results_and_outcomes() {
    let rows = rows("examples.tsv");
    assert!(rows.len() >= 20, "the fixture lost rows");
    for row in rows {
        let (code, dice) = (&row[0], &row[1]);
        let expected = common::expected_results(&row);
        let ours = legal(code, dice);
        let got: BTreeSet<(String, String)> = ours.iter().map(|(_, r, o)| (r.clone(), o.clone())).collect();
        assert_eq!(got, expected, "{code} {dice}");
        assert_eq!(ours.len(), got.len(), "{code} {dice}: a play is listed twice");
    }
}

/// The fixture's play and ours may be different step orders of one play; both must be
/// accepted step by step and lead to the same result.
#[test]
fn every_example_play_replays_step_by_step_in_a_turn() {
    for row in rows("examples.tsv") {
        let (code, dice) = (&row[0], &row[1]);
        let start = pos(code);
        let shown = row[2]
            .split(';')
            .map(|e| e.split('|').map(str::to_string).collect::<Vec<_>>());
        let ours = legal(code, dice).into_iter().map(|(p, r, o)| vec![p, r, o]);
        for entry in shown.chain(ours) {
            let mut turn = Turn::new(start, roll(dice));
            let typed = parse_notation(&entry[0]).expect("notation");
            let lp = turn
                .play_typed(&typed)
                .unwrap_or_else(|e| panic!("{code} {dice} {}: {e:?}", entry[0]));
            let after = Position::new(lp.board.switched(), start.turn().other());
            assert_eq!(after.code(), entry[1], "{code} {dice} {}", entry[0]);
            assert_eq!(lp.result.map_or("-".into(), |r| r.notation()), entry[2]);
        }
    }
}
