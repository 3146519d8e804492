//! How long the one-sided bear-off database takes to build, and its size:
//! `cargo bench --bench bearoff`. Builds it five times (it is built once per process in
//! play, at first use) and prints the best time and the numbers it keeps.

use std::time::Instant;

use brade::ai::backgammon::bearoff::{Database, POSITIONS};

fn main() {
    let mut best = f64::INFINITY;
    let mut entries = 0;
    for _ in 0..5 {
        let start = Instant::now();
        let db = Database::build();
        best = best.min(start.elapsed().as_secs_f64());
        entries = db.entries();
    }
    let bytes = entries * 8 + POSITIONS * 2 * (4 + 1);
    println!(
        "bear-off database: {POSITIONS} positions, best build {best:.3} s, {entries} probabilities kept, about {:.1} MB",
        bytes as f64 / 1e6
    );
}
