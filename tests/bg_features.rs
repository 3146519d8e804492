//! The backgammon network's extended inputs (GNU Backgammon's kind: escapes, containment,
//! mobility…), checked against a naive walk of every roll written here, and a network of
//! plain inputs given them playing exactly as before.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::backgammon::features::{EXTRA_NAMES, Features, INPUTS, Inputs, escapes, is_race};
use brade::ai::backgammon::net::{BgNet, Scratch, embedded};
use brade::backgammon::{Board, Counts};
use common::bg::random_boards;

/// The rolls of 36 (each order of two different dice counted) with which a checker on
/// point `p` of its side's numbering can move both dice, or two steps of a double, never
/// stopping on or landing on a point the other side (`them`, in its own numbering) holds.
fn naive_escapes(them: &Counts, p: i32) -> u32 {
    let open = |q: i32| q <= 0 || them[(25 - q) as usize] < 2;
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            let lands = open(p - a - b);
            let through = if a == b {
                open(p - a)
            } else {
                open(p - a) || open(p - b)
            };
            if lands && through {
                n += 1;
            }
        }
    }
    n
}

fn at(name: &str) -> usize {
    INPUTS + EXTRA_NAMES.iter().position(|n| *n == name).unwrap()
}

#[test]
fn at_the_start_a_back_checker_moves_its_whole_roll_with_24_rolls_of_36() {
    // Blocked 5, 7 and 12 pips ahead (the other side's 6-, 8- and 13-points): 1-4, 2-3,
    // 1-6, 2-5, 3-4 (ten rolls), 5-5 and 6-6 do not get through.
    let b = Board::start();
    assert_eq!(escapes(b.opp(), 24), 24);
    let f = Features::extended(&b).dense();
    assert!((f[at("escape")] - 24.0 / 36.0).abs() < 1e-6);
    assert!((f[at("back checker")] - 1.0).abs() < 1e-6);
    // Its anchor on the other side's 1-point.
    assert!((f[at("forward anchor")] - 1.0 / 6.0).abs() < 1e-6);
}

#[test]
fn escapes_agree_with_a_naive_walk_of_every_roll() {
    for b in random_boards(100..140) {
        for p in 1..=25usize {
            if b.own()[p] > 0 {
                assert_eq!(
                    u32::from(escapes(b.opp(), p)),
                    naive_escapes(b.opp(), p as i32),
                    "point {p} of {b:?}"
                );
            }
        }
    }
}

#[test]
fn containment_and_mobility_are_the_naive_walks_summed() {
    let mut seen = 0;
    for b in random_boards(100..140) {
        let (own, opp) = (b.own(), b.opp());
        if is_race(own, opp) {
            continue;
        }
        seen += 1;
        let f = Features::extended(&b).dense();
        // The side to roll's points against a checker of the other side on its 16- to
        // 24-point: the fewest rolls that get it through.
        let fewest = (16..=24).map(|q| naive_escapes(own, q)).min().unwrap();
        let contain = (36 - fewest) as f32 / 36.0;
        assert!((f[at("containment")] - contain).abs() < 1e-6, "{b:?}");
        assert!((f[at("containment squared")] - contain * contain).abs() < 1e-6);
        let mobility: u32 = (7..=25)
            .map(|p| (p as u32 - 6) * u32::from(own[p]) * naive_escapes(opp, p as i32))
            .sum();
        assert!(
            (f[at("mobility")] - mobility as f32 / 3600.0).abs() < 1e-5,
            "{b:?}"
        );
    }
    assert!(seen > 500, "{seen}");
}

#[test]
fn plain_inputs_are_the_first_of_the_extended_ones() {
    for b in random_boards(100..110) {
        let plain = Features::of(&b).dense();
        let extended = Features::extended(&b).dense();
        assert_eq!(extended.len(), Inputs::Extended.count());
        assert_eq!(plain[..], extended[..INPUTS]);
    }
}

#[test]
fn the_shipped_network_given_the_extended_inputs_plays_exactly_as_before() {
    let plain = embedded().unwrap();
    let extended = plain.extended();
    assert_eq!(extended.inputs(), Inputs::Extended);
    let mut scratch = Scratch::default();
    for b in random_boards(100..110) {
        assert_eq!(
            plain.evaluate(&b, &mut scratch),
            extended.evaluate(&b, &mut scratch)
        );
    }
    // Its file says so and reads back as the same network.
    let bytes = extended.to_bytes();
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 2);
    assert_eq!(BgNet::from_bytes(&bytes).unwrap(), extended);
    assert_eq!(BgNet::from_bytes(&plain.to_bytes()).unwrap(), *plain);
}
