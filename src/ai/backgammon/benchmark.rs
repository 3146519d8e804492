//! Backgammon's benchmark positions (`brade benchmark --game backgammon`): a yardstick for
//! the levels that does not lean on any of them. Decisions — a board and the roll thrown
//! there — are drawn from self-play games of easy, medium and hard in turn, one turn at
//! random from each fifth of every game (openings, contact, races and bear-offs all come);
//! the hard level's best few plays, and medium's and expert's choices where they are
//! others, are rolled out side by side with the same dice ([`rollout_plays`]); a level is
//! judged by how far its play of each roll is behind the rolled-out best.
//!
//! The data file ([`super::appended`], so that making it survives being killed): a header
//! naming the seed and the rollouts' level, games and luck adjustment; then one row per
//! candidate, `DECISION POSITION ROLL CANDIDATES PLAY EQUITY ERROR BEHIND BEHIND_ERROR`
//! (tab-separated; the position White to roll's code; the candidates of a decision
//! together, the best rolled out first; equities for the mover, `BEHIND` the best's less
//! this one's, each error a standard error, the difference's measured over the games
//! paired by their dice), written decision by decision as each is rolled out.

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::appended::{self, AppendError, Appended};
use super::net::BgNet;
use super::rollout::{Options, rollout_plays};
use super::{LevelError, player, player_with, selfplay};
use crate::ai::Level;
use crate::backgammon::{Board, LegalPlay, MoveGen, Position};
use crate::rules::{Color, Roll};

/// The hard level's best plays of a roll rolled out (with medium's and expert's choices).
pub const CANDIDATES: usize = 5;
/// The turns taken from each game: one from each of this many equal stretches of it.
const STRETCHES: usize = 5;
/// The levels whose self-play games the decisions come from, game by game in turn.
const SOURCES: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];
/// The levels whose choices join the hard level's best as candidates.
const CHOOSERS: [Level; 2] = [Level::Medium, Level::Expert];
/// The column names of the data file.
const COLUMNS: &str = "decision\tposition\troll\tcandidates\tplay\tequity\terror\tbehind\tbehind_error";
/// How decisions are drawn, named in the header.
const DRAW: u32 = 1;

/// A board (its side to roll's view) and the roll thrown there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    pub board: Board,
    pub roll: Roll,
}

impl Decision {
    /// The board's code, White to roll.
    #[must_use]
    pub fn code(&self) -> String {
        Position::new(self.board, Color::White).code()
    }

    /// The legal plays of the roll, as [`MoveGen`] lists them.
    #[must_use]
    pub fn plays(&self) -> Vec<LegalPlay> {
        MoveGen::new().plays(&self.board, self.roll).to_vec()
    }
}

/// One candidate play of a decision, rolled out.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The play in play notation (as [`MoveGen`] lists it).
    pub play: String,
    /// The mover's cubeless equity after it, and its standard error.
    pub equity: f64,
    pub error: f64,
    /// How far it is behind the best candidate (0 for the best), and that difference's
    /// standard error from the games paired by their dice.
    pub behind: f64,
    pub behind_error: f64,
}

/// A decision and its candidates, the best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub decision: Decision,
    pub candidates: Vec<Candidate>,
}

/// The decisions of `seed`, in order: decision `k` is the same however many are drawn.
/// Game `g` is played by `SOURCES[g mod 3]` on both sides, and one turn at random from
/// each fifth of it is kept where the roll has a choice (two plays or more leaving
/// different boards) and the decision is new.
#[derive(Debug)]
pub struct Decisions {
    seed: u64,
    net: Arc<BgNet>,
    seen: HashSet<Decision>,
    queue: std::collections::VecDeque<Decision>,
    game: u64,
}

impl Decisions {
    pub fn new(seed: u64) -> Result<Decisions, LevelError> {
        Ok(Decisions {
            seed,
            net: super::net::embedded()?,
            seen: HashSet::new(),
            queue: std::collections::VecDeque::new(),
            game: 0,
        })
    }
}

impl Iterator for Decisions {
    type Item = Decision;

    fn next(&mut self) -> Option<Decision> {
        while self.queue.is_empty() {
            let g = self.game;
            self.game += 1;
            let level = SOURCES[(g % SOURCES.len() as u64) as usize];
            let turns = selfplay::game(&self.net, level, self.seed, g).ok()?;
            let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x4245_4e43);
            rng.set_stream(g);
            for stretch in 0..STRETCHES {
                let (from, to) = (
                    stretch * turns.len() / STRETCHES,
                    (stretch + 1) * turns.len() / STRETCHES,
                );
                if from >= to {
                    continue;
                }
                let t = turns[rng.random_range(from..to)];
                let (a, b) = t.roll.dice();
                let roll = Roll::new(a.max(b), a.min(b)).unwrap_or(t.roll);
                let d = Decision { board: t.board, roll };
                if t.choices >= 2 && self.seen.insert(d) {
                    self.queue.push_back(d);
                }
            }
        }
        self.queue.pop_front()
    }
}

/// The plays of `decision` rolled out: the hard level's best [`CANDIDATES`], then
/// medium's and expert's choices where they are not among them.
pub fn candidates(decision: &Decision) -> Result<Vec<LegalPlay>, LevelError> {
    let mut out = super::rollout::candidates(&decision.board, decision.roll, CANDIDATES)?;
    let plays = decision.plays();
    for level in CHOOSERS {
        let i = player(level, 0)?.choose(&super::seen(decision.board), decision.roll, &plays);
        if let Some(p) = plays.get(i)
            && !out.contains(p)
        {
            out.push(*p);
        }
    }
    Ok(out)
}

/// How the candidates are rolled out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Draws the decisions and seeds decision `k`'s rollouts (with `k`).
    pub seed: u64,
    pub level: Level,
    /// Games a candidate.
    pub games: u32,
    pub luck_adjusted: bool,
    /// Threads (all cores when `None`); the figures do not depend on it.
    pub threads: Option<usize>,
}

impl Plan {
    /// The data file's header: what makes its figures.
    #[must_use]
    pub fn header(&self) -> String {
        let luck = if self.luck_adjusted { "on" } else { "off" };
        format!(
            "# Backgammon benchmark positions of brade (issue 44): decisions from self-play, each candidate rolled out with the same dice.\n\
             # Decisions: seed {seed}, drawn (way {DRAW}) from self-play games of easy, medium and hard in turn, one turn from each fifth of a game.\n\
             # Candidates: the hard level's best {CANDIDATES}, and medium's and expert's choices; {games} games each by {level}, luck adjustment {luck}, the first two rolls stratified.\n\
             # Made by: brade --seed {seed} benchmark --game backgammon make --level {level} --games {games} --luck {luck} --positions N --out FILE\n\
             # (run again with any N, it goes on after the decisions written). Equities are cubeless, for the mover; behind = the best's less this one's.\n\
             {COLUMNS}\n",
            seed = self.seed,
            games = self.games,
            level = self.level.label(),
        )
    }

    fn options(&self, k: usize) -> Options {
        Options {
            games: self.games,
            level: self.level,
            seed: self.seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            threads: self.threads,
            luck_adjusted: self.luck_adjusted,
        }
    }
}

/// Rolls out the candidates of decision `k`, the best first.
pub fn roll_out(decision: &Decision, k: usize, plan: &Plan) -> Result<Entry, LevelError> {
    let plays = candidates(decision)?;
    let mut candidates: Vec<Candidate> = rollout_plays(&plays, &plan.options(k), &|| {})?
        .into_iter()
        .map(|p| Candidate {
            play: p.play.play.to_string(),
            equity: p.rollout.equity().mean,
            error: p.rollout.equity().error,
            behind: 0.0 - p.behind_best.mean,
            behind_error: p.behind_best.error,
        })
        .collect();
    candidates.sort_by(|a, b| a.behind.total_cmp(&b.behind));
    Ok(Entry {
        decision: *decision,
        candidates,
    })
}

/// Decision `k`'s rows of the data file.
#[must_use]
pub fn rows(k: usize, entry: &Entry) -> String {
    let (code, roll, n) = (entry.decision.code(), entry.decision.roll, entry.candidates.len());
    entry
        .candidates
        .iter()
        .map(|c| {
            format!(
                "{k}\t{code}\t{roll}\t{n}\t{}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\n",
                c.play, c.equity, c.error, c.behind, c.behind_error
            )
        })
        .collect()
}

/// Why the data file cannot be made or read.
#[derive(Debug, thiserror::Error)]
pub enum BenchmarkError {
    #[error(transparent)]
    File(#[from] AppendError),
    #[error(transparent)]
    Level(#[from] LevelError),
}

/// Rolls out the first `n` decisions of `plan`'s seed into `path`, decision by decision
/// (a file begun with other settings is refused; the decisions it holds are checked
/// against the seed's and kept, a decision cut short is made again); a line to `log`
/// every `report` decisions.
pub fn make(
    path: &Path,
    n: usize,
    plan: &Plan,
    report: usize,
    log: &mut dyn Write,
) -> Result<(), BenchmarkError> {
    let header = plan.header();
    let (mut file, lines) = Appended::open(path, &header)?;
    let mut decisions = Decisions::new(plan.seed)?.peekable();
    // The complete decisions already written, checked against the seed's; one cut short
    // is made again.
    let (mut kept, mut done) = (0, 0);
    while kept < lines.len() {
        let Some(&d) = decisions.peek() else { break };
        let count = lines[kept]
            .split('\t')
            .nth(3)
            .and_then(|c| c.parse::<usize>().ok())
            .unwrap_or(0);
        let group = &lines[kept..lines.len().min(kept + count.max(1))];
        let ours = |l: &String| {
            let cols: Vec<&str> = l.split('\t').collect();
            cols.len() == 9
                && cols[0] == done.to_string()
                && cols[1] == d.code()
                && cols[2] == d.roll.to_string()
        };
        if !group.iter().all(ours) {
            let why = format!(
                "not decision {done} of seed {} ({} {}): the file was made by another brade",
                plan.seed,
                d.code(),
                d.roll
            );
            return Err(file.bad_line(&header, kept, why).into());
        }
        if group.len() < count {
            break;
        }
        decisions.next();
        kept += count;
        done += 1;
    }
    file.keep(kept)?;
    let start = std::time::Instant::now();
    let mut decisions = decisions.take(n.saturating_sub(done)).peekable();
    if decisions.peek().is_some() {
        let _ = writeln!(
            log,
            "rolling out decisions {} to {n} of seed {} into {} ({} games a candidate by {})",
            done + 1,
            plan.seed,
            path.display(),
            plan.games,
            plan.level.label()
        );
    }
    for (k, d) in (done..).zip(decisions) {
        let entry = roll_out(&d, k, plan)?;
        file.append(&rows(k, &entry))?;
        if report > 0 && (k + 1) % report == 0 {
            let secs = start.elapsed().as_secs_f64();
            let rate = (k + 1 - done) as f64 / secs.max(1e-9);
            let _ = writeln!(
                log,
                "{} of {n} decisions rolled out: {:.1} s a decision this run, about {:.1} h left",
                k + 1,
                1.0 / rate.max(1e-9),
                (n - k - 1) as f64 / rate.max(1e-9) / 3600.0
            );
        }
    }
    Ok(())
}

/// The entries of a data file (its complete decisions: it may still be being made).
pub fn read(path: &Path) -> Result<Vec<Entry>, AppendError> {
    let bad = |line: usize, why: String| AppendError::Line {
        path: path.to_path_buf(),
        line,
        why,
    };
    let mut out: Vec<(usize, Entry)> = Vec::new();
    for (n, line) in appended::records(path, "decision\t")? {
        let fields: Vec<&str> = line.split('\t').collect();
        let [k, code, roll, count, play, numbers @ ..] = fields.as_slice() else {
            return Err(bad(n, "too few fields".to_string()));
        };
        let number = |x: &str| x.parse::<f64>().map_err(|e| bad(n, format!("{x:?}: {e}")));
        let k: usize = k.parse().map_err(|e| bad(n, format!("{k:?}: {e}")))?;
        let count: usize = count.parse().map_err(|e| bad(n, format!("{count:?}: {e}")))?;
        let board = *Position::from_code(code)
            .map_err(|e| bad(n, e.to_string()))?
            .board();
        let roll: Roll = roll
            .parse()
            .map_err(|e: crate::rules::RollError| bad(n, e.to_string()))?;
        let [equity, error, behind, behind_error] = numbers else {
            return Err(bad(n, "not nine fields".to_string()));
        };
        let candidate = Candidate {
            play: (*play).to_string(),
            equity: number(equity)?,
            error: number(error)?,
            behind: number(behind)?,
            behind_error: number(behind_error)?,
        };
        match out.last_mut() {
            Some((c, e)) if e.decision == (Decision { board, roll }) && e.candidates.len() < *c => {
                e.candidates.push(candidate);
            }
            _ => {
                if out.last().is_some_and(|(c, e)| e.candidates.len() < *c) {
                    return Err(bad(
                        n,
                        format!("decision {k} begins before the one above has all its candidates"),
                    ));
                }
                // Decision k's dice come from k: the decisions are numbered from 0 in order.
                if k != out.len() {
                    return Err(bad(
                        n,
                        format!("decision {k} where decision {} was due", out.len()),
                    ));
                }
                out.push((
                    count,
                    Entry {
                        decision: Decision { board, roll },
                        candidates: vec![candidate],
                    },
                ));
            }
        }
    }
    // A last decision without all its rows is still being written.
    if out.last().is_some_and(|(c, e)| e.candidates.len() < *c) {
        out.pop();
    }
    Ok(out.into_iter().map(|(_, e)| e).collect())
}

/// How a level fares on the benchmark.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// How far its play of each decision is behind the rolled-out best (points).
    pub losses: Vec<f64>,
    /// Decisions where it chose the rolled-out best.
    pub agreed: usize,
    /// Decisions where it chose a play that is not a candidate (see [`Outside`]).
    pub outside: usize,
    /// Of those rolled out, the plays that came out ahead of the file's best.
    pub ahead: usize,
}

/// How a play outside a decision's candidates is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside<'a> {
    /// As far behind as the worst candidate — no rollout, a guess: at least that far when
    /// the network that chose the candidates liked it less, anything for another network.
    Worst,
    /// Rolled out beside the file's best with the file's own dice (its plan and decision
    /// `k`'s seed), and behind it by the difference of the two, game by game.
    RolledOut(&'a Plan),
}

/// The plan a data file was made with, from its header's `Made by` line.
pub fn plan_of(path: &Path) -> Result<Plan, AppendError> {
    let bad = |why: String| AppendError::Line {
        path: path.to_path_buf(),
        line: 4,
        why,
    };
    use std::io::BufRead as _;
    let io = |source| AppendError::Io {
        path: path.to_path_buf(),
        source,
    };
    // The header only: the lines before the first record.
    let file = std::io::BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut made = None;
    for line in file.lines() {
        let line = line.map_err(io)?;
        if !line.starts_with('#') {
            break;
        }
        if let Some(rest) = line.strip_prefix("# Made by: brade ") {
            made = Some(rest.to_string());
            break;
        }
    }
    let line = made.ok_or_else(|| bad("no '# Made by:' line in the header".to_string()))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |flag: &str| {
        words
            .iter()
            .position(|w| *w == flag)
            .and_then(|i| words.get(i + 1))
            .copied()
            .ok_or_else(|| bad(format!("the header names no {flag}")))
    };
    let seed = after("--seed")?
        .parse()
        .map_err(|e| bad(format!("--seed: {e}")))?;
    let games = after("--games")?
        .parse()
        .map_err(|e| bad(format!("--games: {e}")))?;
    let named = after("--level")?;
    let level = Level::ALL
        .into_iter()
        .find(|l| l.label() == named)
        .ok_or_else(|| bad(format!("the header's --level {named} is no level")))?;
    Ok(Plan {
        seed,
        level,
        games,
        luck_adjusted: after("--luck")? == "on",
        threads: None,
    })
}

/// A mean over decisions and its standard error.
#[must_use]
pub fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len();
    let total: f64 = values.iter().sum();
    let squares: f64 = values.iter().map(|v| v * v).sum();
    crate::ai::rollout::mean_and_error(u32::try_from(n).unwrap_or(u32::MAX), total, squares)
}

impl Score {
    /// The mean loss per decision and its standard error (points).
    #[must_use]
    pub fn loss(&self) -> (f64, f64) {
        mean_and_error(&self.losses)
    }

    /// This level's loss less `other`'s, decision by decision: the mean and its standard
    /// error (points).
    #[must_use]
    pub fn less(&self, other: &Score) -> (f64, f64) {
        let d: Vec<f64> = self
            .losses
            .iter()
            .zip(&other.losses)
            .map(|(a, b)| a - b)
            .collect();
        mean_and_error(&d)
    }
}

/// Judges `level` (its player seeded by `seed`, with `net`) on `entries` (a data file's, in
/// order: decision `k` is the `k`-th), a play outside the candidates counted as `outside`
/// says.
pub fn judge(
    entries: &[Entry],
    level: Level,
    net: Arc<BgNet>,
    seed: u64,
    outside: Outside,
) -> Result<Score, LevelError> {
    let mut player = player_with(level, net, seed)?;
    let mut score = Score::default();
    let mut movegen = MoveGen::new();
    for (k, e) in entries.iter().enumerate() {
        let plays = movegen.plays(&e.decision.board, e.decision.roll);
        let Some(best) = e.candidates.first() else {
            continue;
        };
        if plays.is_empty() {
            continue;
        }
        let choice = player
            .choose(&super::seen(e.decision.board), e.decision.roll, plays)
            .min(plays.len() - 1);
        let chosen = plays[choice];
        let name = chosen.play.to_string();
        let loss = match (e.candidates.iter().find(|c| c.play == name), outside) {
            (Some(c), _) => c.behind,
            (None, Outside::Worst) => {
                score.outside += 1;
                e.candidates.iter().map(|c| c.behind).fold(0.0, f64::max)
            }
            (None, Outside::RolledOut(plan)) => {
                score.outside += 1;
                let Some(&best_play) = plays.iter().find(|p| p.play.to_string() == best.play) else {
                    continue;
                };
                let rolled = rollout_plays(&[best_play, chosen], &plan.options(k), &|| {})?;
                let [b, c] = [0, 1].map(|i| rolled.get(i).map_or(0.0, |r| r.rollout.equity().mean));
                score.ahead += usize::from(c > b);
                b - c
            }
        };
        score.agreed += usize::from(best.play == name);
        score.losses.push(loss);
    }
    Ok(score)
}
