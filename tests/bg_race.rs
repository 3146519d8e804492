//! The backgammon computer's handling of the race: the bear-off database in its checker
//! play, the race network (its training, its use, the arena's race and bear-off starts)
//! (supervised training on rollouts: tests/bg_supervised.rs).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::sync::Arc;

use brade::ai::backgammon::bearoff;
use brade::ai::backgammon::net::{BgNet, Scratch, embedded};
use brade::ai::backgammon::race::{RaceTrainer, Start, start};
use brade::ai::backgammon::search::{Searcher, from_outcomes};
use brade::backgammon::{Board, MoveGen, Position};
use brade::rules::Roll;
use common::brade;

fn board(code: &str) -> Board {
    *Position::from_code(code).unwrap().board()
}

#[test]
fn after_a_play_into_a_bear_off_the_mover_is_valued_exactly_from_the_other_sides_roll() {
    let net = embedded().unwrap();
    let mut searcher = Searcher::new();
    let mut movegen = MoveGen::new();
    // White (to roll) has two checkers on its 6-point and cannot finish with 2-1; Black's
    // last checker is on its 1-point: whatever White plays, Black wins on his roll.
    let lost = board("6x2/1x1/w");
    for play in movegen.plays(&lost, Roll::new(2, 1).unwrap()) {
        let p = searcher.after(&net, play);
        assert_eq!(p.0[0], 0.0, "{p:?}");
    }
    // White bears off all but one checker, left on its 1-point, against Black's fifteen on
    // his 6-point: White wins for sure, a gammon unless Black's one roll bears a checker
    // off (17 rolls of 36).
    let won = board("1x1,2x1/6x15/w");
    let plays = movegen.plays(&won, Roll::new(2, 1).unwrap()).to_vec();
    let leaves_one = plays.iter().find(|p| p.win.is_none()).unwrap();
    let p = searcher.after(&net, leaves_one);
    assert_eq!(p.0[0], 1.0, "{p:?}");
    assert!((f64::from(p.0[1]) - 19.0 / 36.0).abs() < 1e-6, "{p:?}");
    // The same figure at any depth, and the plain searcher gives the network's own.
    let exact = from_outcomes(&bearoff::race(&leaves_one.board.switched()).unwrap());
    assert_eq!(searcher.position(&net, &leaves_one.board.switched(), 2), exact);
    let seen = Searcher::plain().value(&net, &leaves_one.board.switched());
    assert_eq!(
        seen,
        net.evaluate(&leaves_one.board.switched(), &mut Scratch::default())
    );
}

#[test]
fn a_race_network_values_races_short_of_a_bear_off_and_nothing_else() {
    let main = embedded().unwrap();
    let race = Arc::new(BgNet::new(8, 3));
    let mut searcher = Searcher::with(true, Some(Arc::clone(&race)));
    let mut scratch = Scratch::default();
    let in_race = board("6x5,8x5,10x5/6x5,9x5,11x5/w");
    assert_eq!(
        searcher.value(&main, &in_race),
        race.evaluate(&in_race, &mut scratch)
    );
    let contact = *Position::start(brade::rules::Color::White).board();
    assert_eq!(
        searcher.value(&main, &contact),
        main.evaluate(&contact, &mut scratch)
    );
    let home = board("1x3,2x3,3x3/4x4,5x4/w");
    let exact = from_outcomes(&bearoff::race(&home).unwrap());
    assert_eq!(searcher.value(&main, &home), exact);
}

#[test]
fn a_race_game_of_training_starts_without_contact_and_moves_the_weights() {
    let shipped = embedded().unwrap();
    let mut net = (*shipped).clone();
    let first = start(Start::Race, 5, 0).unwrap();
    assert!(brade::ai::backgammon::features::is_race(first.own(), first.opp()));
    let turns = RaceTrainer::default().game(&mut net, 0.1, 5, 0);
    assert!(turns > 0);
    assert_ne!(net, *shipped);
}

#[test]
fn race_training_writes_a_network_of_the_shipped_shape_that_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("race.net");
    let p = path.to_str().unwrap();
    let args = [
        "--seed",
        "4",
        "train",
        "--game",
        "backgammon",
        "--race",
        "--games",
        "2",
        "--check-every",
        "0",
        "--out",
        p,
    ];
    let out = brade(&args, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let net = BgNet::read(&path).unwrap();
    assert_eq!((net.info.games, net.hidden()), (2, embedded().unwrap().hidden()));
}

#[test]
fn the_arena_plays_from_bear_off_starts_and_refuses_backgammons_options_for_brade() {
    let out = brade(
        &[
            "arena",
            "--game",
            "backgammon",
            "medium",
            "medium",
            "--start",
            "bearoff",
            "--a-plain",
            "--games",
            "4",
            "--seed",
            "1",
        ],
        None,
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("from bear-off starts"), "{text}");
    assert!(text.contains("points per game ±"), "{text}");
    let out = brade(&["arena", "medium", "random", "--a-plain"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("backgammon"));
}

#[test]
fn the_shipped_race_network_reads_and_was_trained_on_races() {
    let race = brade::ai::backgammon::net::embedded_race().unwrap();
    assert!(race.info.games > 0);
    // a network of its own (grown from the TD network, which the main one outgrew)
    assert_ne!(race.to_bytes(), embedded().unwrap().to_bytes());
    // it is what the players' searcher values a race with
    let main = embedded().unwrap();
    let in_race = board("6x5,8x5,10x5/6x5,9x5,11x5/w");
    assert_eq!(
        Searcher::new().value(&main, &in_race),
        race.evaluate(&in_race, &mut Scratch::default())
    );
}
