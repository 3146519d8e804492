//! Rollouts: the same figures for a seed whatever the number of threads, and the right
//! figures where the outcome is certain.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::ai::rollout::rollout;
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
