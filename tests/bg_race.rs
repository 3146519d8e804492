//! The backgammon computer's handling of the race: the bear-off database in its checker
//! play, the race network (its training, its use, the arena's race and bear-off starts)
//! (supervised training on rollouts: tests/bg_supervised.rs).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::sync::Arc;

use brade::ai::Level;
use brade::ai::backgammon::arena::series_from;
use brade::ai::backgammon::bearoff;
use brade::ai::backgammon::net::{BgNet, Scratch, embedded};
use brade::ai::backgammon::player_using;
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

#[test]
fn luck_adjusted_bear_offs_played_by_the_database_come_to_their_starts_exact_equity() {
    // Judge and players value every bear-off exactly and make the best play (medium: 0 ply,
    // no noise), so each roll's luck is just the change it makes to the exact equity and a
    // game's points less its luck telescope to the database's equity of its start for the
    // side to roll there: games 2k (A to roll) and 2k + 1 (B to roll, the same start)
    // cancel exactly, while their plain points do not.
    let net = embedded().unwrap();
    let games = 24;
    let s = series_from(
        |_, seed| player_using(Level::Medium, Arc::clone(&net), Searcher::new(), seed).unwrap(),
        games,
        3,
        Start::Bearoff,
        Some(Arc::clone(&net)),
    );
    assert!(s.judged && s.games == games);
    let starts_squared: f64 = (0..u64::from(games / 2))
        .map(|k| {
            let board = start(Start::Bearoff, 3, k).unwrap();
            let e = f64::from(from_outcomes(&bearoff::race(&board).unwrap()).equity());
            2.0 * e * e
        })
        .sum();
    assert!(
        (s.adjusted_squares - starts_squared).abs() < 1e-4,
        "{} vs {starts_squared}",
        s.adjusted_squares
    );
    // the dice did matter: the plain points are not the starts' equities
    assert!((s.squares as f64 - starts_squared).abs() > 1.0, "{s:?}");
    let (mean, se, paired) = s.per_game_adjusted().unwrap();
    assert!(
        mean.abs() < 1e-6 && paired < 1e-4 && se > 0.0,
        "{mean} {se} {paired}"
    );
    // unjudged, there is no adjusted figure
    let plain = series_from(
        |_, seed| player_using(Level::Medium, Arc::clone(&net), Searcher::new(), seed).unwrap(),
        2,
        3,
        Start::Bearoff,
        None,
    );
    assert_eq!(plain.per_game_adjusted(), None);
}

/// The last `±` figure (the standard error over the pairs of games with the same dice) of
/// the arena report's line that contains `what`.
fn spread(report: &str, what: &str) -> f64 {
    let line = report
        .lines()
        .find(|l| l.contains(what))
        .unwrap_or_else(|| panic!("{what}: {report}"));
    let last = line.rsplit("± ").next().unwrap();
    last.split(' ')
        .next()
        .unwrap()
        .trim_end_matches(')')
        .parse()
        .unwrap()
}

/// `brade arena --game backgammon medium easy --start race --seed 2` with `extra`, its report.
fn race_arena(extra: &[&str]) -> String {
    let mut args = vec![
        "arena",
        "--game",
        "backgammon",
        "medium",
        "easy",
        "--start",
        "race",
        "--seed",
        "2",
    ];
    args.extend_from_slice(extra);
    let out = brade(&args, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_arenas_luck_adjusted_figure_has_a_fraction_of_the_plain_spread() {
    let text = race_arena(&["--luck-adjusted", "--games", "40"]);
    let plain = spread(&text, "(standard error;");
    let adjusted = spread(&text, "luck-adjusted");
    // over the pairs: a race start's own equity, which the luck does not take off, cancels
    // between the two games from it
    assert!(adjusted < plain / 2.0, "{text}");
    // without the option, no such line
    assert!(!race_arena(&["--games", "2"]).contains("luck-adjusted"));
    // bräde's arena refuses it, naming it
    let out = brade(&["arena", "medium", "random", "--luck-adjusted"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--luck-adjusted") && err.contains("--game backgammon"),
        "{err}"
    );
}
