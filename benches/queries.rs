//! Throughput of `brade moves --stdin`: `cargo bench --bench queries` (release mode).
//!
//! Sends 100 000 `POSITION DICE` lines (positions from random games, every roll in turn)
//! to the release binary in one run, checks that every one is answered, and prints the
//! time and queries per second (best and median of a few runs). The figure goes in the
//! README.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use brade::rules::Roll;

// The random positions of the tests; like the tests, the helpers fail by panicking.
#[allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]
#[path = "../tests/common/mod.rs"]
mod common;

const QUERIES: usize = 100_000;
const RUNS: usize = 5;

fn main() {
    // 400 positions from random games of up to 60 turns.
    let positions: Vec<String> = (0..400u64)
        .map(|g| common::random_position(g, (g % 60) as usize).0.code())
        .collect();
    let rolls = Roll::all();
    let input: String = (0..QUERIES)
        .map(|i| format!("{} {}\n", positions[i % positions.len()], rolls[i % rolls.len()]))
        .collect();
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        let mut child = match Command::new(env!("CARGO_BIN_EXE_brade"))
            .args(["moves", "--stdin"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(e) => {
                eprintln!("cannot run brade: {e}");
                std::process::exit(1);
            }
        };
        let Some(mut stdin) = child.stdin.take() else {
            eprintln!("no stdin");
            std::process::exit(1);
        };
        let text = input.clone();
        let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
        let out = match child.wait_with_output() {
            Ok(out) => out,
            Err(e) => {
                eprintln!("brade failed: {e}");
                std::process::exit(1);
            }
        };
        let secs = start.elapsed().as_secs_f64();
        if !matches!(writer.join(), Ok(Ok(()))) {
            eprintln!("the queries could not be written");
            std::process::exit(1);
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let answered = text.matches("\n\n").count();
        if answered != QUERIES || text.contains("error") {
            eprintln!("{answered} of {QUERIES} queries answered");
            std::process::exit(1);
        }
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "moves --stdin: {QUERIES} queries, best {:.2} s ({:.0} queries/s), median {:.2} s",
        times[0],
        QUERIES as f64 / times[0],
        times[RUNS / 2]
    );
}
