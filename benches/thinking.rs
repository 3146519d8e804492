//! What the app weighs when a player asks: `cargo bench --bench thinking` (release mode).
//!
//! The hints (`H` with a roll: the hard level values every legal play), the editor's
//! hints, the tutor's verdict on a play made, the trainer's weighing of an answer, and
//! the cube's hint (`H` before a roll: the cube decision at the judge's level, in the
//! editor as money play) — each on positions from seeded games of the medium level
//! against itself, in bräde (a single game, and a 7-game match) and backgammon (money
//! play, and a 5-point match), one thread. Each is run as the app's background job runs
//! it (off the event loop since issue 37); the figures, mean, 99th percentile and worst,
//! go in the README (*Speed*).

use std::fmt::Display;
use std::time::Instant;

use brade::ai::analysis::{JUDGE, in_points, weigh};
use brade::ai::backgammon::analysis::{CubeQuestion, weigh_cube, weigh_play};
use brade::ai::backgammon::cube::{CubeView, Owner, Session};
use brade::ai::backgammon::game::{cube_decision, decision};
use brade::ai::{Level, Strategy};
use brade::app::{ComputerTurn, goal};
use brade::game::{Backgammon, Brade, Checkers as _, Game, TurnView as _};
use brade::rules::Roll;
use brade::session::{DiceSource as _, Match, Phase, SeededDice};

/// Positions to weigh from each kind of game.
const POSITIONS: usize = 200;

/// A match of `length` played by the medium level against itself from `seed`, kept at
/// each roll with a choice (`Moving`) and, in backgammon, before each roll where the side
/// to move may double (`AwaitRoll`); at most `want` of each.
fn positions<G: Strategy>(length: u32, seed: u64, want: usize) -> (Vec<Match<G>>, Vec<Match<G>>)
where
    G::Play: Display,
{
    let mut dice = SeededDice::from_seed(seed);
    let mut game: Match<G> = Match::new("A", "B", length);
    let (mut moving, mut cube) = (Vec::new(), Vec::new());
    let mut n = 0u64;
    while moving.len() < want || (cube.len() < want && G::cube(&game.stake).is_some()) {
        n += 1;
        match game.phase.clone() {
            Phase::Teka { .. } => {
                let (w, b) = (dice.die(), dice.die());
                game.teka(w, b);
            }
            Phase::AwaitRoll => {
                if game.may_double() && cube.len() < want {
                    cube.push(game.clone());
                }
                let roll = Roll::new(dice.die(), dice.die()).expect("dice");
                game.roll(roll);
            }
            Phase::Moving(_) => {
                let Some(turn) = ComputerTurn::of(&game, Level::Medium) else {
                    break;
                };
                if turn.plays.len() > 1 && moving.len() < want {
                    moving.push(game.clone());
                }
                let play = turn.choose(n);
                let Some(t) = game.turn_mut() else { break };
                if G::play_text(t, &play.to_string()).is_err() || game.confirm().is_err() {
                    break;
                }
            }
            Phase::Forfeit(_) => game.pass(),
            Phase::Doubled { .. } => {
                game.take_double();
            }
            Phase::GameOver { .. } if length > 0 => game.next_game(),
            Phase::GameOver { .. } | Phase::MatchOver => {
                game = Match::new("A", "B", length);
            }
        }
    }
    (moving, cube)
}

/// Times `f` on each of `cases`: "mean, 99th percentile, worst" in milliseconds.
fn timed<T>(cases: &[T], mut f: impl FnMut(&T) -> f64) -> String {
    let mut sink = 0.0;
    let mut times: Vec<f64> = cases
        .iter()
        .map(|c| {
            let start = Instant::now();
            sink += f(c);
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
    let worst = times[times.len() - 1];
    format!(
        "{mean:.2} ms mean, {p99:.2} ms p99, {worst:.2} ms worst ({} positions; {sink:.0})",
        cases.len()
    )
}

/// The hints' weighing: the judge, playing for the match's goal, values every legal play.
fn hint_values<G: Strategy>(game: &Match<G>) -> f64 {
    let Some(turn) = game.turn() else { return 0.0 };
    let plays = G::legal_plays(&game.position, turn.roll(), game.rules);
    let mut hard = G::player(JUDGE, 0);
    hard.play_for(goal(game));
    hard.play_by(game.rules);
    hard.values(&plays).into_iter().fold(f64::MIN, f64::max)
}

/// The editor's: the hard level values every legal play, playing for nothing but the game.
fn editor_values<G: Strategy>(game: &Match<G>) -> f64 {
    let Some(turn) = game.turn() else { return 0.0 };
    let plays = G::legal_plays(&game.position, turn.roll(), game.rules);
    let mut hard = G::player(Level::Hard, 0);
    hard.play_by(game.rules);
    hard.values(&plays).into_iter().fold(f64::MIN, f64::max)
}

fn main() {
    // Backgammon's bear-off database, built once before anything is timed (the terminal
    // builds it as soon as backgammon is on screen).
    brade::ai::backgammon::bearoff::Database::get();
    for (label, length) in [("bräde, single game", 1), ("bräde, 7-game match", 7)] {
        let (moving, _) = positions::<Brade>(length, 3, POSITIONS);
        println!("{label}");
        println!("  hint (H with a roll):   {}", timed(&moving, hint_values));
        println!("  editor's hint:          {}", timed(&moving, editor_values));
        // The tutor and the trainer: the judge's values, and the play made's loss.
        println!(
            "  tutor / trainer:        {}",
            timed(&moving, |g| {
                let Some(turn) = g.turn() else { return 0.0 };
                let plays = Brade::legal_plays(&g.position, turn.roll(), g.rules);
                let mut hard = Brade::player(JUDGE, 0);
                let payoff = goal(g);
                hard.play_for(payoff);
                let (_, loss) = weigh(hard.as_mut(), &plays, &plays[plays.len() - 1]);
                in_points(g.score.games(), &payoff, loss.unwrap_or(0.0)).0
            })
        );
    }
    for (label, length) in [("backgammon, money play", 0), ("backgammon, 5-point match", 5)] {
        let (moving, cube) = positions::<Backgammon>(length, 4, POSITIONS);
        println!("{label}");
        println!("  hint (H with a roll):   {}", timed(&moving, hint_values));
        println!("  editor's hint:          {}", timed(&moving, editor_values));
        println!("  trainer (checker play): {}", timed(&moving, hint_values));
        println!(
            "  tutor:                  {}",
            timed(&moving, |g| {
                let Some(turn) = g.turn() else { return 0.0 };
                let plays = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
                weigh_play(&g.position, &plays, plays.len() - 1, &g.stake, &g.score, g.rules)
                    .map_or(0.0, |w| w.1)
            })
        );
        println!(
            "  cube hint (H before a roll): {}",
            timed(&cube, |g| {
                cube_decision(&g.position, &g.stake, &g.score, g.rules, JUDGE).no_double
            })
        );
        println!(
            "  editor's cube hint:     {}",
            timed(&cube, |g| {
                let session = Session::Money(g.rules);
                decision(&g.position, CubeView::new(1, Owner::Centre), &session, JUDGE).no_double
            })
        );
        println!(
            "  trainer (cube card):    {}",
            timed(&cube, |g| {
                weigh_cube(
                    &g.position,
                    &g.stake,
                    &g.score,
                    g.rules,
                    CubeQuestion::Double,
                    true,
                )
                .map_or(0.0, |w| w.loss)
            })
        );
        let _ = cube.first().map(|g| g.position.to_move());
    }
}
