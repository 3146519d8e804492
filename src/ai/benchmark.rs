//! Benchmark positions: a yardstick for the levels that does not lean on any of them.
//! Positions with their roll are drawn from self-play games of several levels, one from
//! each fifth of every game (openings, contact, jan threats, races and bear-offs all
//! come); the hard level's best few plays of the roll are rolled out side by side with the
//! same dice ([`rollout_plays`]), and a level is judged by how many points its play of
//! each roll is behind the rolled-out best.
//!
//! The data file is tab-separated text, `#` lines a comment: one row per candidate,
//! `POSITION ROLL PLAY EQUITY ERROR BEHIND BEHIND_ERROR`, the candidates of a roll
//! together and the best (rolled out) first.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Level;
use super::rollout::{Options, rollout_plays};
use crate::brade::{LegalPlay, MoveGen, Position, RuleSet};
use crate::rules::{Color, Roll};

/// The most candidate plays of a roll rolled out: the hard level's best five.
pub const CANDIDATES: usize = 5;

/// The longest self-play game sampled (a real one is under 200 turns).
const MAX_TURNS: usize = 2000;

/// The positions taken from each game: one from each of this many equal stretches of it.
const STRETCHES: usize = 5;

/// The levels whose self-play games the positions come from, in turn: the easy level's
/// noise strays into positions the stronger levels avoid.
const SOURCES: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// A position with the roll to play, drawn from a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub position: Position,
    pub roll: Roll,
}

/// One candidate play of a benchmark decision, rolled out.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The play in play notation (as [`MoveGen`] lists it).
    pub play: String,
    /// The mover's expected points after it, and the standard error.
    pub equity: f64,
    pub error: f64,
    /// How far it is behind the best candidate, and that difference's standard error
    /// from the games paired by their dice.
    pub behind: f64,
    pub behind_error: f64,
}

/// A benchmark decision and its candidates, the best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub decision: Decision,
    pub candidates: Vec<Candidate>,
}

/// Draws `count` decisions from self-play games seeded by `seed`: game `g` is played by
/// the level `SOURCES[g mod 3]` on both sides, and one turn at random from each fifth of
/// it is kept when its roll has at least two plays and the decision is new.
#[must_use]
pub fn draw(count: usize, seed: u64) -> Vec<Decision> {
    let mut movegen = MoveGen::new();
    let mut out: Vec<Decision> = Vec::with_capacity(count);
    let mut seen = std::collections::HashSet::new();
    let mut game = 0u64;
    while out.len() < count {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let level = SOURCES[(game % SOURCES.len() as u64) as usize];
        let mut player = level.player(rng.random());
        let starter = if rng.random() { Color::White } else { Color::Black };
        let mut position = Position::start(starter);
        let mut turns: Vec<(Decision, usize)> = Vec::new();
        for _ in 0..MAX_TURNS {
            let Ok(roll) = Roll::new(rng.random_range(1..=6u8), rng.random_range(1..=6u8)) else {
                break;
            };
            let plays = movegen.plays(position.board(), roll).to_vec();
            turns.push((Decision { position, roll }, plays.len()));
            let choice = player
                .choose(&position, roll, &plays)
                .min(plays.len().saturating_sub(1));
            let Some(play) = plays.get(choice) else { break };
            if play.result.is_some() {
                break;
            }
            position = Position::new(play.board.switched(), position.turn().other());
        }
        for stretch in 0..STRETCHES {
            let (from, to) = (
                stretch * turns.len() / STRETCHES,
                (stretch + 1) * turns.len() / STRETCHES,
            );
            if from >= to {
                continue;
            }
            let (decision, plays) = turns[rng.random_range(from..to)];
            if plays >= 2 && out.len() < count && seen.insert((decision.position.code(), decision.roll)) {
                out.push(decision);
            }
        }
        game += 1;
    }
    out
}

/// The plays of `decision`'s roll, as [`MoveGen`] lists them.
#[must_use]
pub fn plays(decision: &Decision) -> Vec<LegalPlay> {
    MoveGen::new()
        .plays(decision.position.board(), decision.roll)
        .to_vec()
}

/// The `n` plays of the roll the hard level likes best, the best first.
#[must_use]
pub fn candidates(decision: &Decision, n: usize) -> Vec<LegalPlay> {
    let plays = plays(decision);
    let values = Level::Hard.player(0).values(&plays);
    let mut order: Vec<usize> = (0..plays.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    order.into_iter().take(n).map(|i| plays[i]).collect()
}

/// Rolls out the hard level's best [`CANDIDATES`] plays of `decision` with the same dice
/// as `options` say; the candidates sorted best first.
#[must_use]
pub fn roll_out(decision: &Decision, options: Options) -> Entry {
    let plays = candidates(decision, CANDIDATES);
    let mut candidates: Vec<Candidate> = rollout_plays(&decision.position, &plays, options, &|| {})
        .into_iter()
        .map(|p| Candidate {
            play: p.play.play.to_string(),
            equity: p.rollout.equity(),
            error: p.rollout.std_error(),
            behind: p.behind_best,
            behind_error: p.behind_error,
        })
        .collect();
    candidates.sort_by(|a, b| a.behind.total_cmp(&b.behind));
    Entry {
        decision: *decision,
        candidates,
    }
}

/// The rows of `entries` in the data file's format (without the comment lines).
#[must_use]
pub fn rows(entries: &[Entry]) -> String {
    let mut out = String::from("position\troll\tplay\tequity\terror\tbehind\tbehind_error\n");
    for e in entries {
        for c in &e.candidates {
            out.push_str(&format!(
                "{}\t{}\t{}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\n",
                e.decision.position.code(),
                e.decision.roll,
                c.play,
                c.equity,
                c.error,
                c.behind,
                c.behind_error
            ));
        }
    }
    out
}

/// A line of a data file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct ParseError {
    pub line: usize,
    pub why: String,
}

/// Reads a data file's text: the entries, in the order of the file.
pub fn parse(text: &str) -> Result<Vec<Entry>, ParseError> {
    let mut out: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') || line.starts_with("position\t") {
            continue;
        }
        let bad = |why: String| ParseError { line: n + 1, why };
        let fields: Vec<&str> = line.split('\t').collect();
        let [code, roll, play, numbers @ ..] = fields.as_slice() else {
            return Err(bad("too few fields".to_string()));
        };
        let position = Position::from_code(code).map_err(|e| bad(e.to_string()))?;
        let roll: Roll = roll
            .parse()
            .map_err(|e: crate::rules::RollError| bad(e.to_string()))?;
        let numbers: Vec<f64> = numbers
            .iter()
            .map(|x| x.parse::<f64>().map_err(|e| bad(format!("{x:?}: {e}"))))
            .collect::<Result<_, _>>()?;
        let [equity, error, behind, behind_error] = numbers.as_slice() else {
            return Err(bad("not seven fields".to_string()));
        };
        let candidate = Candidate {
            play: (*play).to_string(),
            equity: *equity,
            error: *error,
            behind: *behind,
            behind_error: *behind_error,
        };
        let decision = Decision { position, roll };
        match out.last_mut() {
            Some(e) if e.decision == decision => e.candidates.push(candidate),
            _ => out.push(Entry {
                decision,
                candidates: vec![candidate],
            }),
        }
    }
    Ok(out)
}

/// How a level fares on the benchmark.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    pub decisions: usize,
    /// The mean over the decisions of the points the level's play is behind the rolled-out
    /// best, in thousandths of a point, and its standard error over the decisions.
    pub error_rate: f64,
    pub error_error: f64,
    /// Decisions where it chose the rolled-out best.
    pub agreed: usize,
    /// Decisions where it chose a play that is not a candidate (counted as far behind as
    /// the worst candidate: at least that far, as the hard level liked it less).
    pub outside: usize,
}

/// Judges `level` (its player seeded by `seed`) on `entries`.
#[must_use]
pub fn judge(entries: &[Entry], level: Level, seed: u64) -> Score {
    let mut player = level.player(seed);
    player.play_by(RuleSet::VASAMUSEET);
    let mut score = Score::default();
    let (mut total, mut squares) = (0.0, 0.0);
    for e in entries {
        let plays = plays(&e.decision);
        if plays.is_empty() || e.candidates.is_empty() {
            continue;
        }
        let choice = player
            .choose(&e.decision.position, e.decision.roll, &plays)
            .min(plays.len() - 1);
        let chosen = plays[choice].play.to_string();
        let loss = match e.candidates.iter().find(|c| c.play == chosen) {
            Some(c) => c.behind,
            None => {
                score.outside += 1;
                e.candidates.iter().map(|c| c.behind).fold(0.0, f64::max)
            }
        };
        score.decisions += 1;
        score.agreed += usize::from(e.candidates.first().is_some_and(|c| c.play == chosen));
        total += loss;
        squares += loss * loss;
    }
    let (mean, error) = super::rollout::mean_and_error(score.decisions as u32, total, squares);
    score.error_rate = 1000.0 * mean;
    score.error_error = 1000.0 * error;
    score
}
