//! Rolled-out positions for supervised training ([`super::teach`]): positions drawn from
//! self-play games, each rolled out ([`super::rollout`]) into a file that a run killed at
//! any moment continues (`brade train --game backgammon --write-rollouts FILE`).
//!
//! The positions: game `g` of the seed is played from the opening by the shipped network
//! at 0 ply (medium; one game in three by easy, whose noise reaches boards medium does
//! not), its dice from the seed and `g`, and each board with contact on which a side is
//! about to roll is kept with probability 1/[`EVERY`], the first time it is met. Races are
//! left to the race network and the bear-off database, which value them for every level.
//! Position `k` of a seed is the same however many were asked for.
//!
//! Or ([`Draw::Decisions`]) the same games' decisions rather than their boards: a decision
//! drawn the same way (1 in [`EVERY`], with contact) is kept where hard's search chooses
//! another play than medium's 0-ply choice, and the boards left by hard's best
//! [`DECISION_PLAYS`] plays and by medium's are the positions, rolled out with the same
//! dice, so that the rollouts tell the network which of the plays it misjudged is the
//! better, with the noise of their difference rather than of each.
//!
//! The file ([`super::appended`]): a header naming the seed, the way of drawing and the
//! rollouts' level, games and luck adjustment; then one position a line — its number, its
//! code (White to roll's view, as `brade eval --game backgammon` takes it), the five
//! rolled-out chances of the side to roll (win, win a gammon or more, a backgammon, lose a
//! gammon or more, a backgammon), the equity and its standard error, the games —
//! tab-separated, each written and flushed as soon as it is rolled out. A run started
//! again with the same settings checks the positions written against the seed's and goes
//! on after them, so the file ends as an unbroken run's; other settings are refused.
//!
//! Beside the file, `FILE.draw.toml` ([`state_path`], rewritten after every line): where
//! the drawing stood after the file's last line — the game, the generator's place, the
//! positions drawn and not yet written, a checksum of the codes written and of the
//! shipped networks that drew them. A run that finds it matching the file goes on from
//! there instead of drawing every position written again (which way 3, weighing each
//! drawn decision by hard's search, takes most of an hour for 20 000 positions); one that
//! finds none, or one that does not match, draws them again and says why.

use std::collections::{HashSet, VecDeque};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::appended::{self, AppendError, Appended};
use super::features::is_race;
use super::net::{BgNet, OUTPUTS, Probs};
use super::rollout::{Options, rollout};
use super::search::Searcher;
use super::selfplay::{self, Turn};
use crate::ai::Level;
use crate::backgammon::{Board, LegalPlay, MoveGen, Position};
use crate::checksum::{FNV1A_EMPTY, fnv1a_more};
use crate::rules::Color;

/// A position is kept with probability 1 in this many.
pub const EVERY: u32 = 6;
/// The levels whose self-play games the positions come from, game by game in turn:
/// easy's noise strays where medium does not go, and the network must know those boards
/// too (it values the boards every candidate play leaves, good or bad).
const SOURCES: [Level; 3] = [Level::Medium, Level::Medium, Level::Easy];
/// Of a decision drawn by [`Draw::Decisions`], the boards of hard's best this many plays
/// are kept (and medium's).
pub const DECISION_PLAYS: usize = 3;

/// How the positions of a rollout file are drawn from the self-play games, named in its
/// header (a file made by another way of drawing is not continued).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Draw {
    /// Way 2: the boards met (see the module notes); position `k`'s dice from the seed
    /// and `k`.
    #[default]
    Played,
    /// Way 3: the boards left by the plays of the decisions that hard's search and medium
    /// judge apart; the boards of one decision share their dice.
    Decisions,
}

impl Draw {
    /// The number the file's header gives this way of drawing.
    #[must_use]
    pub fn way(self) -> u32 {
        match self {
            Draw::Played => 2,
            Draw::Decisions => 3,
        }
    }
}
/// The column names of a rollout file.
const COLUMNS: &str =
    "index\tposition\twin\twin-gammon\twin-backgammon\tlose-gammon\tlose-backgammon\tequity\terror\tgames";

/// Why rollouts cannot be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SupervisedError {
    #[error(transparent)]
    File(#[from] AppendError),
    #[error(transparent)]
    Level(#[from] super::LevelError),
    #[error(transparent)]
    Net(#[from] super::net::NetError),
    #[error("cannot write {}, where the drawing stands: {source}", path.display())]
    State {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}

/// The positions of a seed, in order, each with the number its rollout's dice come from:
/// position `k` is the same whatever was asked before. Game `g` is played by
/// `SOURCES[g mod 3]` on both sides (see the module notes); each board with contact on
/// which a side is about to roll is drawn with probability 1/[`EVERY`] and, by
/// [`Draw::Played`], kept once (a board met again is not kept again; its dice: its own
/// number), by [`Draw::Decisions`], its decision weighed (the boards it keeps share the
/// decision's number).
#[derive(Debug)]
pub struct Positions {
    seed: u64,
    draw: Draw,
    net: Arc<BgNet>,
    keep: ChaCha8Rng,
    seen: HashSet<Board>,
    queue: VecDeque<(Board, u64)>,
    game: u64,
    /// Positions (way 2) or decisions (way 3) kept so far: the next one's dice.
    kept: u64,
    searcher: Searcher,
    movegen: MoveGen,
}

impl Positions {
    pub fn drawn(seed: u64, draw: Draw) -> Result<Positions, SupervisedError> {
        Ok(Positions {
            seed,
            draw,
            net: super::net::embedded()?,
            keep: ChaCha8Rng::seed_from_u64(seed ^ 0x4b45_4550),
            seen: HashSet::new(),
            queue: VecDeque::new(),
            game: 0,
            kept: 0,
            searcher: Searcher::new(),
            movegen: MoveGen::new(),
        })
    }

    /// Where the drawing stands, the file holding `lines` positions whose codes hash to
    /// `codes` ([`codes_hash`]).
    fn state(&self, lines: usize, codes: u64) -> DrawState {
        DrawState {
            version: DRAW_VERSION,
            nets: super::net::embedded_id().to_string(),
            lines,
            codes: format!("{codes:016x}"),
            game: self.game,
            kept: self.kept,
            keep: self.keep.get_word_pos().to_string(),
            queue: self
                .queue
                .iter()
                .map(|&(b, dice)| Queued {
                    position: Position::new(b, Color::White).code(),
                    dice,
                })
                .collect(),
        }
    }

    /// The drawing as `state` left it after the first `state.lines` of `done` (the file's
    /// records) and the hash of their codes ([`codes_hash`]), or why it cannot go on from
    /// there.
    fn restore(
        seed: u64,
        draw: Draw,
        state: &DrawState,
        done: &[String],
    ) -> Result<(Positions, u64), String> {
        if state.version != DRAW_VERSION || state.nets != super::net::embedded_id() {
            return Err("it was written by another brade (another network or way of drawing)".into());
        }
        let Some(written) = done.get(..state.lines) else {
            return Err(format!(
                "it follows {} positions and the file holds {}",
                state.lines,
                done.len()
            ));
        };
        let codes = codes_hash(FNV1A_EMPTY, written);
        if format!("{codes:016x}") != state.codes {
            return Err("the positions it follows are not the file's".into());
        }
        let board = |code: &str| {
            Position::from_code(code)
                .map(|p| *p.board())
                .map_err(|e| format!("a position in it or the file cannot be read: {e}"))
        };
        let mut positions = Positions::drawn(seed, draw).map_err(|e| e.to_string())?;
        for line in written {
            positions.seen.insert(board(code_of(line))?);
        }
        for q in &state.queue {
            let b = board(&q.position)?;
            positions.seen.insert(b);
            positions.queue.push_back((b, q.dice));
        }
        let word: u128 = state
            .keep
            .parse()
            .map_err(|_| format!("{:?} is not a place in a stream of random numbers", state.keep))?;
        positions.keep.set_word_pos(word);
        positions.game = state.game;
        positions.kept = state.kept;
        Ok((positions, codes))
    }

    /// Way 3: if hard and medium choose apart on `turn`, the boards left by hard's best
    /// plays and medium's, not met before, with contact, queued with the decision's dice.
    fn decide(&mut self, turn: &Turn) {
        let plays: Vec<LegalPlay> = self.movegen.plays(&turn.board, turn.roll).to_vec();
        if plays.len() < 2 {
            return;
        }
        let flat = self.searcher.weigh(&self.net, &plays, &[]);
        let deep = self.searcher.weigh(&self.net, &plays, super::HARD);
        let medium = super::first_best(&flat);
        if super::first_best(&deep) == medium {
            return;
        }
        let mut order: Vec<usize> = (0..plays.len()).collect();
        order.sort_by(|&a, &b| deep[b].total_cmp(&deep[a]));
        order.truncate(DECISION_PLAYS);
        if !order.contains(&medium) {
            order.push(medium);
        }
        let dice = self.kept;
        self.kept += 1;
        for i in order {
            let board = plays[i].board.switched();
            if plays[i].win.is_none() && !is_race(board.own(), board.opp()) && self.seen.insert(board) {
                self.queue.push_back((board, dice));
            }
        }
    }
}

impl Iterator for Positions {
    type Item = (Board, u64);

    fn next(&mut self) -> Option<(Board, u64)> {
        while self.queue.is_empty() {
            let g = self.game;
            self.game += 1;
            let level = SOURCES[(g % SOURCES.len() as u64) as usize];
            for turn in selfplay::game(&self.net, level, self.seed, g).ok()? {
                let b = turn.board;
                if is_race(b.own(), b.opp()) || self.keep.random_range(0..EVERY) != 0 {
                    continue;
                }
                match self.draw {
                    Draw::Played => {
                        if self.seen.insert(b) {
                            self.queue.push_back((b, self.kept));
                            self.kept += 1;
                        }
                    }
                    Draw::Decisions => self.decide(&turn),
                }
            }
        }
        self.queue.pop_front()
    }
}

/// Raised whenever the drawing draws differently with the same networks, so that a
/// state written before is not gone on from.
const DRAW_VERSION: u32 = 1;

/// Where the drawing of a rollout file stood after its last line (see the module notes).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct DrawState {
    version: u32,
    /// The shipped networks that drew the positions ([`super::net::embedded_id`]).
    nets: String,
    /// The positions written to the file, and the checksum of their codes.
    lines: usize,
    codes: String,
    /// The next game to draw from, and the next position's (way 2) or decision's (way 3)
    /// number.
    game: u64,
    kept: u64,
    /// The place of the generator that draws one board in [`EVERY`] in its stream, in
    /// 32-bit words (decimal: TOML has no 128-bit integers).
    keep: String,
    /// Drawn and not yet written, in order.
    queue: Vec<Queued>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Queued {
    position: String,
    dice: u64,
}

/// The file beside the rollout file `path` that says where its drawing stands.
#[must_use]
pub fn state_path(path: &Path) -> std::path::PathBuf {
    path.with_extension("draw.toml")
}

/// The position code of a record of a rollout file (its second column).
fn code_of(line: &str) -> &str {
    line.split('\t').nth(1).unwrap_or_default()
}

/// `h` followed by the codes of `lines` (records of a rollout file), each with a newline.
fn codes_hash(h: u64, lines: &[String]) -> u64 {
    lines
        .iter()
        .fold(h, |h, l| fnv1a_more(fnv1a_more(h, code_of(l).as_bytes()), b"\n"))
}

/// Writes `state` to `path` whole or not at all (a new file renamed over the old).
fn write_state(path: &Path, state: &DrawState) -> Result<(), SupervisedError> {
    let text = format!(
        "# Where the drawing of the rollout file beside this one stands, so that a run goes on\n\
         # without drawing its positions again (brade train --game backgammon --write-rollouts).\n{}",
        toml::to_string(state).unwrap_or_default()
    );
    let tmp = path.with_extension("toml.new");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|source| SupervisedError::State {
            path: path.to_path_buf(),
            source,
        })
}

/// The drawing after the records `done` of a rollout file as its state file has it, how
/// many of them it follows and the hash of their codes; or why not (`None`: there is none).
fn resumed(plan: &Plan, path: &Path, done: &[String]) -> Result<(Positions, usize, u64), Option<String>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(None),
        Err(e) => return Err(Some(format!("{} cannot be read: {e}", path.display()))),
    };
    let state: DrawState = toml::from_str(&text)
        .map_err(|e| Some(format!("{} cannot be read: {}", path.display(), e.message())))?;
    let (positions, codes) = Positions::restore(plan.seed, plan.draw, &state, done)
        .map_err(|why| Some(format!("{} does not fit: {why}", path.display())))?;
    Ok((positions, state.lines, codes))
}

/// The first `n` positions of `seed` drawn by [`Draw::Played`] ([`Positions`]).
pub fn positions(n: usize, seed: u64) -> Result<Vec<Board>, SupervisedError> {
    Ok(drawn(n, seed, Draw::Played)?
        .into_iter()
        .map(|(b, _)| b)
        .collect())
}

/// The first `n` positions of `seed` drawn by `draw`, each with the number its rollout's
/// dice come from (position `k`'s own by [`Draw::Played`], its decision's by
/// [`Draw::Decisions`]).
pub fn drawn(n: usize, seed: u64, draw: Draw) -> Result<Vec<(Board, u64)>, SupervisedError> {
    Ok(Positions::drawn(seed, draw)?.take(n).collect())
}

/// How positions are rolled out for a rollout file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Draws the positions and seeds position `k`'s rollout (with `k`).
    pub seed: u64,
    pub level: Level,
    /// Games a position.
    pub games: u32,
    pub luck_adjusted: bool,
    /// Threads of each rollout (all cores when `None`); the figures do not depend on it.
    pub threads: Option<usize>,
    /// Value each position by the shipped network's search this many rolls ahead
    /// ([`Searcher::position`]) instead of rolling it out: no noise, the search's bias, and
    /// about seven times faster at two rolls than 144 games of medium (`level`, `games`
    /// and luck are then not used).
    pub search: Option<u8>,
    /// How the positions are drawn.
    pub draw: Draw,
}

impl Plan {
    /// The header of the file: what makes its figures, so that a run with other settings
    /// does not continue it.
    #[must_use]
    pub fn header(&self) -> String {
        let seed = self.seed;
        let sources: Vec<&str> = SOURCES.iter().map(|l| l.label()).collect();
        let sources = sources.join(", ");
        // What the chances are, how each position got them, and the options that say so.
        let (what, how, mut options) = match self.search {
            Some(depth) => (
                "as the search gives them",
                format!(
                    "# Searched: each position valued {depth} rolls ahead by the shipped network (the race network and the bear-off database where they apply), no rollout: error 0, games 0."
                ),
                format!("--search-depth {depth}"),
            ),
            None => {
                let luck = if self.luck_adjusted { "on" } else { "off" };
                let (games, level) = (self.games, self.level.label());
                let dice = match self.draw {
                    Draw::Played => "position k's dice from the seed and k",
                    Draw::Decisions => {
                        "a position's dice from the seed and its decision's number (the boards of a decision rolled out with the same dice)"
                    }
                };
                (
                    "rolled out",
                    format!(
                        "# Rollouts: {games} games a position by {level} on both sides, luck adjustment {luck}, {dice}."
                    ),
                    format!("--rollout-level {level} --rollout-games {games} --luck {luck}"),
                )
            }
        };
        let way = self.draw.way();
        let drawn = match self.draw {
            Draw::Played => format!(
                "drawn (way {way}) from self-play games of {sources} in turn, boards with contact, one in {EVERY}, each once"
            ),
            Draw::Decisions => {
                options.push_str(" --draw decisions");
                format!(
                    "drawn (way {way}) from the decisions of self-play games of {sources} in turn, with contact, one in {EVERY}: where hard's choice is not medium's, the boards left by hard's best {DECISION_PLAYS} plays and medium's, with contact, each once"
                )
            }
        };
        format!(
            "# brade backgammon rollouts (issue 44, format 2): one position a line, the side to roll's five chances and equity {what}.\n\
             # Positions: seed {seed}, {drawn}.\n\
             {how}\n\
             # Made by: brade --seed {seed} train --game backgammon --write-rollouts FILE {options} --positions N\n\
             # (run again with any N, it goes on after the positions written; see the user guide, docs/src/training.md).\n\
             {COLUMNS}\n"
        )
    }

    /// The rollout options of a position whose dice come from `dice` ([`Positions`]).
    fn options(&self, dice: u64) -> Options {
        Options {
            games: self.games,
            level: self.level,
            seed: self.seed ^ dice.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            threads: self.threads,
            luck_adjusted: self.luck_adjusted,
        }
    }
}

/// Rolls out the first `n` positions of `plan`'s seed, appending each to `path` as soon as
/// it is done (a file begun with other settings is refused; the positions it holds are
/// checked against the seed's and skipped); a line to `log` every `report` positions.
pub fn write_rollouts(
    path: &Path,
    n: usize,
    plan: &Plan,
    report: usize,
    log: &mut dyn Write,
) -> Result<(), SupervisedError> {
    let header = plan.header();
    let (mut file, done) = Appended::open(path, &header)?;
    let state = state_path(path);
    let (mut boards, from, mut codes) = match resumed(plan, &state, &done) {
        Ok((boards, from, codes)) => {
            if from > 0 {
                let _ = writeln!(
                    log,
                    "going on after the {from} positions drawn into {} (from {}, game {})",
                    path.display(),
                    state.display(),
                    boards.game
                );
            }
            (boards, from, codes)
        }
        Err(why) => {
            if !done.is_empty() {
                let why = why.unwrap_or_else(|| format!("{} is not there", state.display()));
                let _ = writeln!(
                    log,
                    "drawing the {} positions of {} again to go on after them ({why})",
                    done.len(),
                    path.display()
                );
            }
            (Positions::drawn(plan.seed, plan.draw)?, 0, FNV1A_EMPTY)
        }
    };
    for (k, line) in done.iter().enumerate().skip(from) {
        let board = boards.next().map(|(b, _)| b);
        let code = board.map(|b| Position::new(b, Color::White).code());
        let mut cols = line.split('\t');
        let (index, position) = (cols.next(), cols.next());
        if index != Some(k.to_string().as_str()) || position != code.as_deref() {
            return Err(file
                .bad_line(
                    &header,
                    k,
                    format!(
                        "not position {k} of seed {} ({}): the file was made by another brade (another network or way of drawing)",
                        plan.seed,
                        code.unwrap_or_default()
                    ),
                )
                .into());
        }
        codes = codes_hash(codes, std::slice::from_ref(line));
    }
    if !done.is_empty() && from < done.len() {
        write_state(&state, &boards.state(done.len(), codes))?;
    }
    if done.len() >= n {
        let _ = writeln!(
            log,
            "{} positions rolled out already in {}",
            done.len(),
            path.display()
        );
        return Ok(());
    }
    let how = match plan.search {
        Some(depth) => format!("searched {depth} rolls ahead"),
        None => format!("{} games each by {}", plan.games, plan.level.label()),
    };
    let _ = writeln!(
        log,
        "rolling out positions {} to {n} of seed {} into {} ({how})",
        done.len() + 1,
        plan.seed,
        path.display(),
    );
    let start = std::time::Instant::now();
    let mut searched = match plan.search {
        Some(depth) => Some((super::net::embedded()?, Searcher::new(), depth)),
        None => None,
    };
    for k in done.len()..n {
        let Some((board, dice)) = boards.next() else {
            break;
        };
        let mut line = format!("{k}\t{}", Position::new(board, Color::White).code());
        if let Some((net, searcher, depth)) = &mut searched {
            let p = searcher.position(net, &board, *depth);
            for v in p.0 {
                line.push_str(&format!("\t{v:.5}"));
            }
            line.push_str(&format!("\t{:.5}\t0\t0\n", p.equity()));
        } else {
            let r = rollout(&board, &plan.options(dice), &|| {})?;
            for e in r.outcomes() {
                line.push_str(&format!("\t{:.5}", e.mean));
            }
            let eq = r.equity();
            line.push_str(&format!("\t{:.5}\t{:.5}\t{}\n", eq.mean, eq.error, plan.games));
        }
        file.append(&line)?;
        codes = codes_hash(codes, std::slice::from_ref(&line));
        write_state(&state, &boards.state(k + 1, codes))?;
        let made = k + 1 - done.len();
        if report > 0 && (k + 1) % report == 0 {
            let secs = start.elapsed().as_secs_f64();
            let rate = made as f64 / secs.max(1e-9);
            let _ = writeln!(
                log,
                "{} of {n} positions rolled out: {rate:.2} a second this run, {:.0} s, about {:.1} h left",
                k + 1,
                secs,
                (n - k - 1) as f64 / rate.max(1e-9) / 3600.0
            );
        }
    }
    Ok(())
}

/// The positions and rolled-out chances of a file written by [`write_rollouts`] (its
/// complete lines: it may still be being written).
pub fn read_rollouts(path: &Path) -> Result<Vec<(Board, Probs)>, SupervisedError> {
    let bad = |line: usize, why: &str| AppendError::Line {
        path: path.to_path_buf(),
        line,
        why: why.to_string(),
    };
    let mut out = Vec::new();
    for (n, line) in appended::records(path, "index\t")? {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 2 + OUTPUTS {
            return Err(bad(n, "not an index, a position code and five chances").into());
        }
        let board = *Position::from_code(cols[1])
            .map_err(|e| bad(n, &e.to_string()))?
            .board();
        let mut p = [0.0f32; OUTPUTS];
        for (v, c) in p.iter_mut().zip(&cols[2..2 + OUTPUTS]) {
            *v = c
                .parse::<f32>()
                .map_err(|_| bad(n, &format!("{c:?} is not a chance")))?
                .clamp(0.0, 1.0);
        }
        out.push((board, Probs(p)));
    }
    Ok(out)
}
