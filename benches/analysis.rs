//! The analysis measured: `cargo bench --bench analysis` (release mode, one thread).
//!
//! Plays 10 matches of 3 games between each of random, easy and medium (White) and hard
//! (Black), analyses them with the hard level, and prints each side's error rate
//! (thousandths of a point lost per decision) and the time the analysis took. The figures
//! go in the README.

use std::time::Instant;

use brade::ai::Level;
use brade::ai::analysis::{Summary, analyze};

// The test helpers play the matches; like the tests, they fail by panicking.
#[allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]
#[path = "../tests/common/mod.rs"]
mod common;

fn rate(summaries: &[Summary]) -> f64 {
    let decisions: u32 = summaries.iter().map(|s| s.decisions).sum();
    1000.0 * summaries.iter().map(|s| s.total_loss).sum::<f64>() / f64::from(decisions.max(1))
}

fn main() {
    for weaker in [Level::Random, Level::Easy, Level::Medium] {
        let (mut white, mut black) = (Vec::new(), Vec::new());
        let mut decisions = 0;
        let mut secs = 0.0;
        for seed in 0..10 {
            let game = common::played(weaker, Level::Hard, 3, seed);
            let start = Instant::now();
            let Some(analysis) = analyze(&game, |_, _| {}) else {
                eprintln!("the shipped network cannot be read");
                std::process::exit(1);
            };
            secs += start.elapsed().as_secs_f64();
            decisions += analysis.decisions.len();
            white.push(analysis.summary[0]);
            black.push(analysis.summary[1]);
        }
        println!(
            "{:<7} {:6.1}  v  hard {:4.1}  (10 matches of 3 games, {decisions} decisions analysed in {secs:.2} s)",
            weaker.label(),
            rate(&white),
            rate(&black)
        );
    }
}
