//! Speed of the computer player: `cargo bench --bench ai` (release mode).
//!
//! Collects positions from games of the medium level against itself, then measures the
//! network's evaluations per second and the time the medium, hard and expert levels take
//! to choose a play (mean, 99th percentile and worst), movegen included. Everything runs
//! on one thread but the expert's deeper look, which uses every core (rayon):
//! `RAYON_NUM_THREADS=1` gives its time on one core. The figures go in the README.
//! `BRADE_BENCH_EVAL_ONLY=1` stops after the evaluations (for instruction counts under
//! callgrind).

use std::time::Instant;

use brade::ai::net::Scratch;
use brade::ai::neural::{NeuralPlayer, shipped};
use brade::ai::{Depth, Level, Player};
use brade::brade::{Board, MoveGen, Position};
use brade::rules::Roll;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let Some(net) = shipped() else {
        eprintln!("the shipped network cannot be read");
        std::process::exit(1);
    };
    // Positions with their rolls, from 60 games of medium against itself.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut movegen = MoveGen::new();
    let mut medium = NeuralPlayer::new(net.clone(), Depth::ZeroPly, 0.0, 1);
    let mut cases: Vec<(Position, Roll)> = Vec::new();
    for _ in 0..60 {
        let mut pos = Position::start(brade::rules::Color::White);
        for _ in 0..2000 {
            let roll = match Roll::new(rng.random_range(1..=6u8), rng.random_range(1..=6u8)) {
                Ok(r) => r,
                Err(_) => break,
            };
            let plays = movegen.plays(pos.board(), roll).to_vec();
            cases.push((pos, roll));
            let chosen = plays[medium.choose(&pos, roll, &plays)];
            if chosen.result.is_some() {
                break;
            }
            pos = Position::new(chosen.board.switched(), pos.turn().other());
        }
    }
    let boards: Vec<Board> = cases.iter().map(|(p, _)| *p.board()).collect();

    // Evaluations per second: 30 rounds over the positions (the first ones also warm the
    // caches and the processor's vector units up), best and median.
    let mut scratch = Scratch::new();
    let mut rates = Vec::new();
    let mut sink = 0.0f32;
    for _ in 0..30 {
        let start = Instant::now();
        for b in &boards {
            sink += net.equity(b, &mut scratch);
        }
        rates.push(boards.len() as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "network (hidden {}): {:.2} M evaluations/s best, {:.2} M median (30 rounds over {} positions; checksum {sink:.1})",
        net.hidden(),
        rates[rates.len() - 1] / 1e6,
        rates[rates.len() / 2] / 1e6,
        boards.len()
    );

    if std::env::var_os("BRADE_BENCH_EVAL_ONLY").is_some() {
        return;
    }
    for (level, every) in [(Level::Medium, 1), (Level::Hard, 10), (Level::Expert, 20)] {
        let mut player = level.player(3);
        let mut times = Vec::new();
        for (pos, roll) in cases.iter().step_by(every) {
            let start = Instant::now();
            let plays = movegen.plays(pos.board(), *roll).to_vec();
            if plays.len() > 1 {
                let _ = player.choose(pos, *roll, &plays);
            }
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        println!(
            "{:<6} chooses in {:.3} ms mean, {:.3} ms at the 99th percentile, {:.3} ms worst ({} decisions)",
            level.label(),
            mean,
            times[times.len() * 99 / 100],
            times[times.len() - 1],
            times.len()
        );
    }
}
