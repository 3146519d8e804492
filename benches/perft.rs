//! Speed of play generation: `cargo bench` (release mode, one thread).
//!
//! Times `perft` on the start position to depth 4 and on a mid-game position of
//! `tests/data/perft.txt` to depth 3, several runs each, and prints leaf plays per second
//! (best and median). The figures go in the README.

use std::time::Instant;

use brade::brade::{Position, perft};

const RUNS: usize = 7;

fn main() {
    let cases = [
        ("start", "1x15/1x15/w", 4, 21_358_569u64),
        (
            "mid-game",
            "1x9,3,6,7,8,11,23/0,1x7,2,4,6,7,21,24x2/w",
            3,
            2_839_511,
        ),
    ];
    for (name, code, depth, expected) in cases {
        let pos = match Position::from_code(code) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bad benchmark position {code}: {e}");
                std::process::exit(1);
            }
        };
        let mut rates = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let start = Instant::now();
            let count = perft(&pos, depth);
            let secs = start.elapsed().as_secs_f64();
            if count != expected {
                eprintln!("perft({code}, {depth}) = {count}, expected {expected}");
                std::process::exit(1);
            }
            rates.push(count as f64 / secs / 1e6);
        }
        rates.sort_by(f64::total_cmp);
        println!(
            "perft {name:<8} depth {depth}: {expected:>10} leaf plays, best {:.1} M/s, median {:.1} M/s",
            rates[RUNS - 1],
            rates[RUNS / 2]
        );
    }
}
