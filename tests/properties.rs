//! Properties over random positions reached by legal play from the start.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::collections::BTreeSet;

use brade::brade::{MoveGen, Position, Turn};
use brade::rules::{Color, Roll};
use common::{random_position, random_setup};
use proptest::prelude::*;

fn distinct(plays: &[brade::brade::LegalPlay]) -> BTreeSet<(String, Option<String>)> {
    plays
        .iter()
        .map(|p| (format!("{:?}", p.board), p.result.map(|r| r.notation())))
        .collect()
}

/// Walks every step order the turn offers; returns the distinct plays reached.
fn walk(turn: &mut Turn, reached: &mut BTreeSet<(String, Option<String>)>, check_refusals: bool) {
    let next = turn.next_steps();
    if check_refusals {
        // Every step not offered is refused, and refusing leaves the turn as it was.
        let before = turn.taken().to_vec();
        let mut dice = turn.dice_left();
        dice.dedup();
        for from in 0..=24u8 {
            for &die in &dice {
                if !next.iter().any(|s| s.from == from && s.die == die) {
                    assert!(turn.step(from, die).is_err(), "{from} by {die} should be refused");
                    assert_eq!(turn.taken(), &before[..]);
                }
            }
        }
    }
    if next.is_empty() {
        let lp = turn
            .completed()
            .expect("a turn with no next step is a complete play");
        reached.insert((format!("{:?}", lp.board), lp.result.map(|r| r.notation())));
        return;
    }
    assert!(!turn.is_complete() || turn.taken().is_empty() && turn.is_forfeit());
    for s in next {
        turn.step(s.from, s.die).expect("an offered step is accepted");
        walk(turn, reached, check_refusals && turn.taken().len() < 2);
        assert_eq!(turn.undo(), Some(s));
    }
}

/// 160 cases a property unless `PROPTEST_CASES` asks for more (e.g. a long local run).
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(160);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn reachable_positions_keep_15_checkers_a_side_and_no_band_on_points_2_to_11(seed in any::<u64>(), turns in 0usize..120) {
        let (pos, _) = random_position(seed, turns);
        for side in Color::BOTH {
            let counts = pos.counts(side);
            let on_board: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            prop_assert_eq!(on_board + u32::from(pos.borne_off(side)), 15);
            for (p, &count) in counts.iter().enumerate().take(12).skip(2) {
                prop_assert!(count <= 1, "{} has {} on {}", side, count, p);
            }
        }
    }

    #[test]
    fn every_legal_play_gives_a_position_that_parses_back(seed in any::<u64>(), turns in 0usize..120) {
        let (pos, roll) = random_position(seed, turns);
        let mut movegen = MoveGen::new();
        for lp in movegen.plays(pos.board(), roll) {
            let after = Position::new(lp.board.switched(), pos.turn().other());
            let code = after.code();
            prop_assert_eq!(Position::from_code(&code), Ok(after), "{}", code);
        }
    }

    #[test]
    fn every_order_of_steps_gives_the_same_distinct_plays(seed in any::<u64>(), turns in 0usize..120) {
        let (pos, _) = random_position(seed, turns);
        let mut movegen = MoveGen::new();
        for roll in Roll::all() {
            let representatives = distinct(movegen.plays(pos.board(), roll));
            let sequences = distinct(movegen.sequences(pos.board(), roll));
            prop_assert_eq!(representatives, sequences, "{} {}", pos, roll);
        }
    }

    #[test]
    fn counting_plays_agrees_with_listing_them(seed in any::<u64>(), turns in 0usize..200) {
        let (pos, _) = random_position(seed, turns);
        let mut movegen = MoveGen::new();
        for roll in Roll::all() {
            let listed = movegen.plays(pos.board(), roll).len();
            prop_assert_eq!(movegen.count(pos.board(), roll), listed, "{} {}", pos, roll);
        }
    }

    #[test]
    fn fast_search_reference_search_and_counting_agree_on_placed_positions(seed in any::<u64>()) {
        let pos = random_setup(seed);
        let mut movegen = MoveGen::new();
        for roll in Roll::all() {
            let fast = distinct(movegen.plays(pos.board(), roll));
            let listed = movegen.plays(pos.board(), roll).len();
            prop_assert_eq!(fast.len(), listed, "{} {}: a play listed twice", pos, roll);
            let reference = distinct(movegen.sequences(pos.board(), roll));
            prop_assert_eq!(&fast, &reference, "{} {}", pos, roll);
            prop_assert_eq!(movegen.count(pos.board(), roll), listed, "{} {}", pos, roll);
        }
    }

    #[test]
    fn the_turn_accepts_exactly_the_legal_plays_step_by_step(seed in any::<u64>(), turns in 0usize..120) {
        let (pos, roll) = random_position(seed, turns);
        let legal = distinct(MoveGen::new().plays(pos.board(), roll));
        let mut turn = Turn::new(pos, roll);
        let mut reached = BTreeSet::new();
        walk(&mut turn, &mut reached, true);
        prop_assert_eq!(reached, legal, "{} {}", pos, roll);
        // Each representative replays as it is printed.
        for lp in MoveGen::new().plays(pos.board(), roll) {
            let mut t = Turn::new(pos, roll);
            for s in lp.play.steps() {
                prop_assert_eq!(t.step(s.from, s.die), Ok(*s));
            }
            prop_assert_eq!(t.completed(), Some(*lp));
        }
    }
}
