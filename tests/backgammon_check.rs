//! The backgammon engine checked against what it did not write: the naive reference of
//! `tests/bg_reference/` (written from BACKGAMMON.md alone), GNU Backgammon's legal plays
//! and Position IDs, and perft counts from the bkgm crate corrected where gnubg and the
//! rules decide (`tests/data/backgammon/`, see its README).

mod bg_reference;

use std::collections::{BTreeMap, BTreeSet};

use bg_reference as reference;
use brade::backgammon::{MoveGen, Position, perft, position_id};
use brade::rules::{Color, Roll};

/// The engine's legal plays of a roll: each resulting code (turn passed) with the play
/// leading there in notation and the result it makes (`-` for none).
fn engine_plays(code: &str, d1: u8, d2: u8) -> BTreeMap<String, (String, String)> {
    let position = Position::from_code(code).expect("a position code");
    let roll = Roll::new(d1, d2).expect("a roll");
    let mut movegen = MoveGen::new();
    movegen
        .plays(position.board(), roll)
        .iter()
        .map(|lp| {
            let next = Position::new(lp.board.switched(), position.turn().other());
            let outcome = lp.win.map_or("-".to_string(), |w| w.notation().to_string());
            (next.code(), (lp.play.to_string(), outcome))
        })
        .collect()
}

/// The position the engine's play (in notation) leads to, stepped by the reference.
fn stepped_by_reference(code: &str, play: &str) -> Option<String> {
    let mut pos = reference::parse(code)?;
    if play == "-" {
        return Some(reference::code(&reference::passed(&pos)));
    }
    for step in play.split(' ') {
        let step = step.trim_end_matches('*');
        let (from, to) = step.split_once('/')?;
        let from: usize = if from == "bar" {
            reference::BAR
        } else {
            from.parse().ok()?
        };
        let to: usize = if to == "off" { 0 } else { to.parse().ok()? };
        // The die the step takes: its full length, or on bearing off any higher die
        // that the reference allows.
        let stepped = (1..=6u8)
            .filter(|&d| {
                from >= usize::from(d) && from - usize::from(d) == to || to == 0 && usize::from(d) >= from
            })
            .find_map(|d| reference::step(&pos, from, d).filter(|s| s.to == to))?;
        pos = stepped.after;
    }
    Some(reference::code(&reference::passed(&pos)))
}

fn rows(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/backgammon/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .expect("a fixture")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn dice(text: &str) -> (u8, u8) {
    let b = text.as_bytes();
    (b[0] - b'0', b[1] - b'0')
}

#[test]
fn the_engine_lists_the_same_plays_as_the_reference_with_the_same_results_on_random_positions() {
    // The reference is slow in a debug build: fewer positions there, more in release.
    let n = if cfg!(debug_assertions) { 150 } else { 2000 };
    let positions = reference::random_positions(20_261_201, n);
    let mut compared = 0;
    for pos in &positions {
        let code = reference::code(pos);
        for (d1, d2) in reference::rolls() {
            let want = reference::plays(pos, d1, d2);
            let got = engine_plays(&code, d1, d2);
            let want_keys: BTreeSet<&String> = want.keys().collect();
            let got_keys: BTreeSet<&String> = got.keys().collect();
            assert_eq!(got_keys, want_keys, "{code} {d1}{d2}");
            for (after, (play, outcome)) in &got {
                assert_eq!(outcome, want[after].1, "{code} {d1}{d2}: {play}");
                assert_eq!(
                    stepped_by_reference(&code, play).as_deref(),
                    Some(after.as_str()),
                    "{code} {d1}{d2}: the play {play} as written"
                );
            }
            compared += 1;
        }
    }
    assert_eq!(compared, n * 21);
}

#[test]
fn gnubg_the_engine_lists_the_same_legal_plays_as_gnubg_for_every_fixture_row() {
    let rows = rows("gnubg_plays.tsv");
    assert!(rows.len() > 6000, "{} rows", rows.len());
    for row in rows {
        let (d1, d2) = dice(&row[2]);
        let want: BTreeSet<&str> = row[3].split(' ').collect();
        let got = engine_plays(&row[0], d1, d2);
        let got: BTreeSet<&str> = got.keys().map(String::as_str).collect();
        assert_eq!(got, want, "{} {}", row[0], row[2]);
    }
}

#[test]
fn gnubg_position_id_the_engine_writes_and_reads_gnubgs_ids_for_every_fixture_row() {
    for row in rows("gnubg_plays.tsv") {
        let position = Position::from_code(&row[0]).expect("a position code");
        assert_eq!(position_id(&position), row[1], "{}", row[0]);
        let back = Position::from_id(&row[1], position.turn()).expect("an ID");
        assert_eq!(back.code(), row[0], "{}", row[1]);
    }
}

#[test]
fn perft_depth_one_equals_the_fixture_everywhere_and_depth_two_on_a_sample() {
    let rows = rows("perft.tsv");
    let mut checked = [0usize; 3];
    for (i, row) in rows.iter().enumerate() {
        let depth: u32 = row[1].parse().expect("a depth");
        let count: u64 = row[2].parse().expect("a count");
        // Debug builds check every depth-1 line and one in forty of depth 2; release
        // builds check every line but depth 3 (the start's, in the perft benchmark).
        let sample = cfg!(debug_assertions) && depth == 2 && i % 40 != 0;
        if depth > 2 || sample {
            continue;
        }
        let position = Position::from_code(&row[0]).expect("a position code");
        assert_eq!(perft(&position, depth), count, "{} depth {depth}", row[0]);
        checked[depth as usize] += 1;
    }
    assert!(checked[1] > 1000 && checked[2] > 5, "{checked:?}");
}

#[test]
fn perft_of_the_start_is_447_and_202_782_as_bkgm_counts() {
    let start = Position::start(Color::White);
    assert_eq!(perft(&start, 1), 447);
    assert_eq!(perft(&start, 2), 202_782);
}
