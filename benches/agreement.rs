//! How often the analysis's best play is the rollout's: `cargo bench --bench agreement`.
//!
//! Positions from played matches (easy against medium, 3 games each, seeds from 0): every
//! fifth decision, up to `POSITIONS` (300 unless the environment says). For each, the hard
//! level's three best plays (the analysis's judge) are rolled out by the medium level,
//! `GAMES` games each (360 unless told), plainly — a play that ends the game is worth its
//! points. The rollout's best is the candidate with the highest mean. Printed: how often it
//! is the analysis's best, of the disagreements how many are clear (the two means more
//! than two standard errors of their difference apart, counting the rollouts as
//! independent — they share their dice, so this is cautious) and how many within the
//! noise, and the mean of the rollout's best less the analysis's choice (the noise makes it
//! a little larger than the true gap: the best of three noisy means is picked). The
//! figures go in the README.

use std::time::Instant;

use brade::ai::Level;
use brade::ai::analysis::analyze;
use brade::ai::rollout::{Options, rollout_with};
use brade::brade::{MoveGen, Position};

#[allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]
#[path = "../tests/common/mod.rs"]
mod common;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let wanted = env_or("POSITIONS", 300);
    let games = u32::try_from(env_or("GAMES", 360)).unwrap_or(360);
    let started = Instant::now();
    let mut movegen = MoveGen::new();
    let mut hard = Level::Hard.player(0);
    let (mut positions, mut agree, mut clear, mut noise) = (0, 0, 0, 0);
    let mut gap = 0.0;
    let mut seed = 0;
    'matches: while positions < wanted {
        let game = common::played(Level::Easy, Level::Medium, 3, seed);
        seed += 1;
        let Some(analysis) = analyze(&game, |_, _| {}) else {
            eprintln!("the shipped network cannot be read");
            std::process::exit(1);
        };
        for d in analysis.decisions.iter().step_by(5) {
            if positions == wanted {
                break 'matches;
            }
            let plays = movegen.plays(d.position.board(), d.roll).to_vec();
            let values = hard.values(&plays);
            let mut order: Vec<usize> = (0..plays.len()).collect();
            order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
            // Each candidate's rollout: mean and standard error for the side that plays it.
            let judged: Vec<(usize, f64, f64)> = order
                .iter()
                .take(3)
                .map(|&i| match plays[i].result {
                    Some(r) => (i, f64::from(r.points()), 0.0),
                    None => {
                        let after = Position::new(plays[i].board.switched(), d.position.turn().other());
                        let options = Options {
                            games,
                            level: Level::Medium,
                            seed: positions as u64,
                            threads: None,
                            luck_adjusted: false,
                            rules: brade::brade::RuleSet::VASAMUSEET,
                        };
                        let r = rollout_with(&after, options, &|| {}).turned();
                        (i, r.equity(), r.std_error())
                    }
                })
                .collect();
            let best = judged
                .iter()
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
                .copied()
                .expect("a play");
            let ours = judged[0];
            gap += best.1 - ours.1;
            if plays[best.0].play == d.best {
                agree += 1;
            } else if best.1 - ours.1 > 2.0 * (best.2.powi(2) + ours.2.powi(2)).sqrt() {
                clear += 1;
            } else {
                noise += 1;
            }
            positions += 1;
        }
    }
    let share = |n: usize| 100.0 * n as f64 / positions.max(1) as f64;
    println!(
        "{positions} positions from {seed} matches, the 3 best plays each rolled out {games} times by medium \
         ({:.0} s):\n  the analysis's best is the rollout's best: {agree} ({:.1} %)\n  \
         another is better by more than 2 standard errors: {clear} ({:.1} %)\n  \
         another is ahead within the noise: {noise} ({:.1} %)\n  \
         the rollout's best is ahead of the analysis's by {:.4} points on average",
        started.elapsed().as_secs_f64(),
        share(agree),
        share(clear),
        share(noise),
        gap / positions.max(1) as f64
    );
}
