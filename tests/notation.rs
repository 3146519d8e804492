//! Position codes, dice and play notation: round trips, and clear errors for bad input.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::brade::{Position, PositionError, parse_notation};
use brade::rules::{Color, Roll};
use proptest::prelude::*;

#[test]
fn position_codes_print_in_canonical_form() {
    let p = Position::from_code("  6,1x5,24x8,2x1/-/b ").expect("valid");
    assert_eq!(p.code(), "1x5,2,6,24x8/-/b");
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(p.pass_turn().code(), "1x5,2,6,24x8/-/w");
}

#[test]
fn bad_position_codes_name_the_problem() {
    let err = |code: &str| Position::from_code(code).expect_err(code);
    assert!(matches!(err("1x15/1x15"), PositionError::Shape(_)));
    assert!(matches!(err("1x15/1x15/x"), PositionError::Turn(_)));
    assert!(matches!(
        err("1x15//w"),
        PositionError::EmptyList { side: Color::Black }
    ));
    assert!(matches!(err("1y15/1x15/w"), PositionError::Token { .. }));
    assert!(matches!(err("1x15,/1x15/w"), PositionError::Token { .. }));
    assert!(matches!(err("+1/1x15/w"), PositionError::Token { .. }));
    assert!(matches!(
        err("25/1x15/w"),
        PositionError::PointRange { point: 25, .. }
    ));
    assert!(matches!(err("1x0/1x15/w"), PositionError::ZeroCount { .. }));
    assert!(matches!(
        err("1x10,1x5/1x15/w"),
        PositionError::Duplicate { point: 1, .. }
    ));
    assert!(matches!(
        err("1x15,2/1x15/w"),
        PositionError::TooMany {
            side: Color::White,
            count: 16
        }
    ));
    assert!(matches!(
        err("1x15/1x99/w"),
        PositionError::TooMany {
            side: Color::Black,
            count: 99
        }
    ));
    assert!(matches!(
        err("1x15/13,1x14/w"),
        PositionError::Shared {
            white_point: 1,
            black_point: 13
        }
    ));
    assert!(matches!(
        err("1x13,5x2/1x15/w"),
        PositionError::BandInFirstHalf {
            point: 5,
            count: 2,
            ..
        }
    ));
    assert!(matches!(
        err("1x15/1x13,11x2/b"),
        PositionError::BandInFirstHalf {
            side: Color::Black,
            ..
        }
    ));
    let msg = err("1x13,5x2/1x15/w").to_string();
    assert!(msg.contains("point 5") && msg.contains("2–11"), "{msg}");
}

#[test]
fn dice_read_as_53_5_3_or_5_space_3() {
    for text in ["53", "5-3", "5 3", " 53\n"] {
        assert_eq!(text.parse::<Roll>().map(|r| r.dice()), Ok((5, 3)), "{text}");
    }
    for text in ["", "5", "533", "07", "5-7", "a3", "5--3", "5  3", "5,3", "٣٥"] {
        assert!(text.parse::<Roll>().is_err(), "{text:?} should be rejected");
    }
    assert_eq!(Roll::all().len(), 21);
    assert_eq!(Roll::all().iter().filter(|r| r.is_double()).count(), 6);
}

#[test]
fn each_of_the_21_rolls_weighs_the_ordered_throws_that_give_it() {
    for roll in Roll::all() {
        let throws = (1..=6u8)
            .flat_map(|a| (1..=6u8).map(move |b| (a, b)))
            .filter(|&(a, b)| (a.max(b), a.min(b)) == (roll.high(), roll.low()))
            .count();
        assert_eq!(usize::from(roll.ways()), throws, "{roll}");
    }
}

#[test]
fn play_notation_reads_steps_marks_and_the_empty_play() {
    let steps = parse_notation("bar/6! 13/18, 22/off 3/5*").expect("valid");
    let pairs: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
    assert_eq!(pairs, [(0, 6), (13, 18), (22, 25), (3, 5)]);
    assert_eq!(parse_notation("-"), Ok(vec![]));
    for bad in [
        "",
        "13-18",
        "13/12",
        "0x/4",
        "25/off",
        "1/2 2/3 3/4 4/5 5/6",
        "bar/off/3",
    ] {
        assert!(parse_notation(bad).is_err(), "{bad:?} should be rejected");
    }
}

proptest! {
    #[test]
    fn any_text_is_a_position_or_an_error_and_valid_codes_round_trip(text in "[-0-9x,/wb ]{0,40}") {
        if let Ok(p) = Position::from_code(&text) {
            prop_assert_eq!(Position::from_code(&p.code()), Ok(p));
        }
    }

    #[test]
    fn arbitrary_text_never_panics_the_parsers(text in ".{0,60}") {
        let _ = Position::from_code(&text);
        let _ = text.parse::<Roll>();
        let _ = parse_notation(&text);
    }

    #[test]
    fn reachable_positions_round_trip_through_their_code(seed in any::<u64>(), turns in 0usize..100) {
        let (p, roll) = common::random_position(seed, turns);
        prop_assert_eq!(Position::from_code(&p.code()), Ok(p));
        prop_assert_eq!(roll.to_string().parse::<Roll>(), Ok(roll));
    }
}
