//! Speed of backgammon's play generation: `cargo bench --bench backgammon_perft` (release
//! mode, one thread). Times `perft` from the start to depth 3 (the count `bkgm`'s
//! `bkgm-perft --depth 3` makes) and prints leaf plays per second, best and median.

use std::time::Instant;

use brade::backgammon::{Position, perft};
use brade::rules::Color;

const RUNS: usize = 5;

fn main() {
    let pos = Position::start(Color::White);
    let expected = 116_154_993u64;
    let mut rates = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        let count = perft(&pos, 3);
        let secs = start.elapsed().as_secs_f64();
        if count != expected {
            eprintln!("backgammon perft(start, 3) = {count}, expected {expected}");
            std::process::exit(1);
        }
        rates.push(count as f64 / secs / 1e6);
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "backgammon perft start depth 3: {expected} leaf plays, best {:.1} M/s, median {:.1} M/s",
        rates[RUNS - 1],
        rates[RUNS / 2]
    );
}
