//! `brade analyze` and the analysis behind it: every decision weighed by the hard level.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::ai::analysis::{Mark, THRESHOLDS, analyze};
use brade::rules::Color;
use common::played;

#[test]
fn the_random_level_is_found_far_worse_than_the_hard_one() {
    let game = played(Level::Random, Level::Hard, 3, 7);
    let a = analyze(&game, |_, _| {}).expect("the shipped network");
    let (random, hard) = (a.summary[0], a.summary[1]);
    assert!(
        random.decisions > 20 && hard.decisions > 20,
        "{random:?} {hard:?}"
    );
    // Every decision of the hard player is its own choice at the same depth: no loss.
    assert_eq!(hard.total_loss, 0.0, "{hard:?}");
    assert!(random.error_rate() > 50.0, "{random:?}");
    assert!(random.very_bad > 0);
    // Each loss is marked by the thresholds, and no forced play is counted.
    for d in &a.decisions {
        assert_eq!(d.mark, Mark::of(d.loss));
        assert!(d.loss >= 0.0);
        if d.loss > 0.0 {
            assert_ne!(d.played, d.best, "a play that loses is not the best");
        }
    }
    assert!(THRESHOLDS.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn an_analysis_gives_the_same_figures_every_time_and_names_the_worst_plays() {
    let game = played(Level::Medium, Level::Easy, 1, 3);
    let first = analyze(&game, |_, _| {}).unwrap();
    let second = analyze(&game, |_, _| {}).unwrap();
    assert_eq!(first, second);
    let worst = first.worst(Color::Black, 3);
    assert!(worst.len() <= 3);
    assert!(worst.windows(2).all(|w| w[0].loss >= w[1].loss));
    assert!(worst.iter().all(|d| d.mover == Color::Black));
}
