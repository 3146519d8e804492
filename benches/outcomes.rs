//! How games end, for the side that starts them: `cargo bench --bench outcomes`.
//!
//! Plays `GAMES` games (200 000 unless the environment says) of the medium level against
//! itself from the start position, on every core, each with its own dice (ChaCha8 seeded
//! by its number), and prints the share of each of the twelve outcomes — the starter
//! winning in each class, then the other side — as the `OUTCOMES` table of
//! `src/ai/matchplay.rs` that the match-winning chances are built on.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use brade::ai::Level;
use brade::ai::net::{CLASS_NAMES, CLASSES, OUTPUTS, class_of};
use brade::brade::{MoveGen, Position};
use brade::rules::{Color, Roll};

/// The outcome of game `i` for its starter (an index into the table), or `None` if it
/// did not end.
fn game(i: u64) -> Option<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(i);
    let starter = if i.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let mut players = [Level::Medium.player(i), Level::Medium.player(i + 1)];
    let mut movegen = MoveGen::new();
    let mut position = Position::start(starter);
    for _ in 0..5000 {
        let roll = Roll::new(rng.random_range(1..=6), rng.random_range(1..=6)).ok()?;
        let plays = movegen.plays(position.board(), roll).to_vec();
        let mover = position.turn();
        let k = if plays.len() == 1 {
            0
        } else {
            players[mover.index()].choose(&position, roll, &plays)
        };
        let chosen = plays[k.min(plays.len() - 1)];
        if let Some(result) = chosen.result {
            let class = class_of(result);
            return Some(if mover == starter { class } else { CLASSES + class });
        }
        position = Position::new(chosen.board.switched(), mover.other());
    }
    None
}

fn main() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    let counts = (0..games)
        .into_par_iter()
        .filter_map(game)
        .fold(
            || [0u64; OUTPUTS],
            |mut c, o| {
                c[o] += 1;
                c
            },
        )
        .reduce(
            || [0u64; OUTPUTS],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        );
    let ended: u64 = counts.iter().sum();
    println!("{ended} of {games} games ended; for the starter (then for the other side):");
    for (o, &n) in counts.iter().enumerate() {
        let who = if o < CLASSES { "starter" } else { "other" };
        println!(
            "  {who:<8} {:<13} {:.5}",
            CLASS_NAMES[o % CLASSES],
            n as f64 / ended as f64
        );
    }
    let table: Vec<String> = counts
        .iter()
        .map(|&n| format!("{:.5}", n as f64 / ended as f64))
        .collect();
    println!("pub const OUTCOMES: [f64; OUTPUTS] = [{}];", table.join(", "));
}
