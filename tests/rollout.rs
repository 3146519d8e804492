//! Rollouts: the same figures for a seed whatever the number of threads, and the right
//! figures where the outcome is certain.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::ai::rollout::{Options, rollout, rollout_with};
use common::pos;

#[test]
fn a_rollout_gives_the_same_figures_on_one_thread_and_on_four() {
    let start = pos("1x15/1x15/w");
    let one = rollout(&start, 72, Level::Heuristic, 5, Some(1));
    let four = rollout(&start, 72, Level::Heuristic, 5, Some(4));
    assert_eq!(one, four);
    assert_eq!(one.games, 72);
    let won: u32 = one.wins.iter().flatten().sum();
    assert_eq!(won + one.unfinished, 72, "every game is counted once");
    // Another seed, other games.
    assert_ne!(rollout(&start, 72, Level::Heuristic, 6, Some(2)), one);
}

#[test]
fn a_certain_hemspel_rolls_out_at_one_point_with_no_error() {
    // White's last checker is on 24: every roll bears it off (R15), no munk.
    let r = rollout(&pos("24/13x15/w"), 36, Level::Medium, 1, None);
    assert_eq!(r.equity(), 1.0);
    assert_eq!(r.std_error(), 0.0);
    assert_eq!(r.wins[0][0], 36, "hemspel every time");
    // Black to roll there: he loses it every time, unless he wins first — he cannot.
    let r = rollout(&pos("24/13x15/b"), 36, Level::Medium, 1, None);
    assert!(r.equity() < 0.0, "{r:?}");
}

#[test]
fn brade_rollout_reports_the_best_plays_of_a_roll() {
    let out = common::brade(
        &[
            "rollout",
            "1x15/1x15/w",
            "53",
            "--games",
            "36",
            "--level",
            "heuristic",
            "--seed",
            "3",
        ],
        None,
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("1/6 1/4") && text.contains("1/6 6/9"), "{text}");
    assert_eq!(text.matches("expected points").count(), 2, "{text}");
}

#[test]
fn the_first_two_rolls_are_stratified_every_pair_once_in_1296_games() {
    use brade::ai::rollout::stratified_roll;
    use std::collections::BTreeMap;
    type Dice = (u8, u8);
    let mut pairs: BTreeMap<(Dice, Dice), u32> = BTreeMap::new();
    for i in 0..1296 {
        let first = stratified_roll(i, 0).unwrap();
        let second = stratified_roll(i, 1).unwrap();
        *pairs.entry((first, second)).or_default() += 1;
        assert_eq!(stratified_roll(i, 2), None, "the third roll is drawn");
    }
    assert_eq!(pairs.len(), 1296, "every pair of ordered rolls");
    assert!(pairs.values().all(|&n| n == 1));
    // In 36·k games, each first and each second roll comes k times.
    for k in [1, 2, 5] {
        let mut first = BTreeMap::new();
        let mut second = BTreeMap::new();
        for i in 0..36 * k {
            *first.entry(stratified_roll(i, 0).unwrap()).or_insert(0) += 1;
            *second.entry(stratified_roll(i, 1).unwrap()).or_insert(0) += 1;
        }
        for counts in [&first, &second] {
            assert_eq!(counts.len(), 36);
            assert!(counts.values().all(|&n| n == k), "{k}: {counts:?}");
        }
    }
}

fn options(games: u32, seed: u64, threads: usize, luck_adjusted: bool) -> Options {
    Options {
        games,
        level: Level::Medium,
        seed,
        threads: Some(threads),
        luck_adjusted,
        rules: brade::brade::RuleSet::VASAMUSEET,
    }
}

#[test]
fn a_luck_adjusted_rollout_gives_the_same_figures_on_one_thread_and_on_three() {
    let (p, _) = common::random_position(3, 16);
    let one = rollout_with(&p, options(72, 9, 1, true), &|| {});
    let three = rollout_with(&p, options(72, 9, 3, true), &|| {});
    assert_eq!(one, three);
    // The same games as without the adjustment (the adjustment plays nothing).
    let plain = rollout_with(&p, options(72, 9, 2, false), &|| {});
    assert_eq!(
        (one.wins, one.points, one.squares),
        (plain.wins, plain.points, plain.squares)
    );
}

#[test]
fn the_luck_adjustment_keeps_the_mean_and_narrows_the_error() {
    let (p, _) = common::random_position(3, 16);
    let r = rollout_with(&p, options(216, 4, 2, true), &|| {});
    let (plain, plain_error) = r.plain();
    assert!(r.std_error() < plain_error, "{} v {plain_error}", r.std_error());
    let apart = (r.equity() - plain).abs();
    let allowed = 4.0 * (r.std_error().powi(2) + plain_error.powi(2)).sqrt();
    assert!(apart < allowed, "{} v {plain}: {apart} apart", r.equity());
}

#[test]
fn where_every_roll_is_as_good_there_is_no_luck_to_take_off() {
    // White's last checker on 24: every roll bears it off, so no roll is luckier.
    let r = rollout_with(&pos("24/13x15/w"), options(36, 1, 1, true), &|| {});
    assert_eq!((r.equity(), r.std_error()), (1.0, 0.0));
    assert_eq!(r.plain(), (1.0, 0.0));
}
