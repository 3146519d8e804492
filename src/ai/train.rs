//! TD(λ) self-play training of the evaluation network (`brade train`).
//!
//! The network plays both sides at 0 ply. After each game every position is pulled
//! towards its λ-return: the outcome blended with the network's own later estimates,
//! `G_t = (1 − λ)·V(s_{t+1}) + λ·G_{t+1}` (each seen by the side to roll at `t`), ending
//! with the game's actual result class. The step is plain gradient descent on the
//! cross-entropy between the softmax output and that target.
//!
//! Game `g` uses dice drawn from `(seed, g)` alone, so a run stopped at a checkpoint and
//! resumed gives exactly the weights of an uninterrupted run.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::path::PathBuf;

use super::Depth;
use super::net::{CLASSES, Features, LANES, NetFileError, Network, OUTPUTS, Scratch, class_of, swapped};
use super::neural::best_play;
use crate::brade::{Board, MoveGen};
use crate::rules::Roll;
use crate::words::training::{self as words, NetFigures};

/// A training game longer than this is dropped (it never happens in practice).
const MAX_TURNS: usize = 2000;

/// What one self-play game did.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameStats {
    pub turns: usize,
    /// The winner's class (`None` if the game was dropped).
    pub class: Option<usize>,
}

/// The training settings.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    /// The step size at the start.
    pub alpha: f32,
    /// The step size halves after this many games (it falls as 1/√(1 + g/this)).
    pub alpha_games: f32,
    pub lambda: f32,
}

impl Schedule {
    /// The step size for game `g`.
    #[must_use]
    pub fn alpha_at(&self, g: u64) -> f32 {
        self.alpha / (1.0 + g as f32 / self.alpha_games).sqrt()
    }
}

/// The trainer's reusable state.
#[derive(Debug, Default)]
pub struct Trainer {
    movegen: MoveGen,
    scratch: Scratch,
    states: Vec<Features>,
}

impl Trainer {
    #[must_use]
    pub fn new() -> Trainer {
        Trainer::default()
    }

    /// Plays self-play game number `g` of the run seeded `seed` and learns from it.
    pub fn game(&mut self, net: &mut Network, schedule: &Schedule, seed: u64, g: u64) -> GameStats {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(g);
        let mut board = Board::start();
        let mut used = 0;
        let mut class = None;
        while used < MAX_TURNS {
            if self.states.len() <= used {
                self.states.push(Features::default());
            }
            self.states[used].set(&board);
            used += 1;
            let roll = match Roll::new(rng.random_range(1..=6u8), rng.random_range(1..=6u8)) {
                Ok(r) => r,
                Err(_) => break, // dice in 1..=6 always make a roll
            };
            let plays = self.movegen.plays(&board, roll);
            let (i, _) = best_play(net, plays, &mut self.scratch);
            let chosen = plays[i];
            if let Some(result) = chosen.result {
                class = Some(class_of(result));
                break;
            }
            board = chosen.board.switched();
        }
        let stats = GameStats { turns: used, class };
        let Some(class) = class else {
            return stats;
        };
        // λ-returns, from the end backwards, with the weights as they were during the game.
        let lambda = schedule.lambda;
        let mut targets = vec![[0.0f32; OUTPUTS]; used];
        targets[used - 1][class] = 1.0;
        for t in (0..used - 1).rev() {
            let next = swapped(&net.evaluate_features(&self.states[t + 1], &mut self.scratch));
            let later = swapped(&targets[t + 1]);
            for k in 0..OUTPUTS {
                targets[t][k] = (1.0 - lambda) * next[k] + lambda * later[k];
            }
        }
        let alpha = schedule.alpha_at(g);
        net.learn(self.states[..used].iter().zip(&targets), alpha, &mut self.scratch);
        stats
    }
}

/// Running totals for progress lines.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub turns: u64,
    pub dropped: u64,
    pub classes: [u64; CLASSES],
}

impl Tally {
    pub fn add(&mut self, s: GameStats) {
        self.games += 1;
        self.turns += s.turns as u64;
        match s.class {
            Some(c) => self.classes[c] += 1,
            None => self.dropped += 1,
        }
    }
}

/// A training run as `brade train` starts it (its options are the command's).
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The network file to write at every checkpoint and at the end (and to continue with
    /// --resume).
    pub out: std::path::PathBuf,
    /// Train until this many self-play games in all (a resumed run counts those done).
    pub games: u64,
    /// Hidden units of a new network (a multiple of 16).
    pub hidden: usize,
    /// Seed of a new network: its first weights and every game's dice (the global --seed).
    pub seed: u64,
    /// Step size of a new network at the start (it falls as 1/√(1 + games/100000)).
    pub alpha: f32,
    /// λ of a new network: how far back each outcome reaches (0 = TD(0), 1 = Monte Carlo).
    pub lambda: f32,
    /// Continue training the network in FILE (its seed, alpha and lambda are kept).
    pub resume: bool,
    /// Start a new network even though FILE exists (it is overwritten).
    pub force: bool,
    /// A progress line every N games.
    pub report_every: u64,
    /// Write FILE every N games.
    pub checkpoint_every: u64,
    /// A strength check against the heuristic player every N games (0: none).
    pub check_every: u64,
    /// Games of each strength check.
    pub check_games: u32,
    /// The language of the progress lines.
    pub lang: crate::words::Lang,
}

/// The step size falls as 1/√(1 + games/ALPHA_GAMES).
pub const ALPHA_GAMES: f32 = 100_000.0;

/// Why a training run cannot start or go on.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error(transparent)]
    Net(#[from] NetFileError),
    #[error("{} exists: pass --resume to continue its training or --force to start over", .0.display())]
    Exists(PathBuf),
    #[error("--hidden must be a multiple of {LANES} from {LANES} to 4096, not {0}")]
    Hidden(usize),
    #[error("--alpha must be a step size above 0 (and small), not {0}")]
    Alpha(f32),
    #[error("--lambda must be from 0 to 1, not {0}")]
    Lambda(f32),
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error("cannot write the progress log: {0}")]
    Log(#[from] std::io::Error),
}

/// When a training run writes a progress line, a checkpoint and a strength check: every
/// so many games (0: never), and the progress line also after the last game when
/// `report_last`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Every {
    pub report: u64,
    pub checkpoint: u64,
    pub check: u64,
    pub report_last: bool,
}

/// A self-play run as [`drive`] plays it, for any game's network: what a game is and what
/// its lines say are the run's own.
pub(crate) trait SelfPlay {
    type Net;
    /// The games `net` has been trained on.
    fn trained(net: &Self::Net) -> u64;
    /// Plays game `g`, learns from it and counts it in `net`.
    fn play(&mut self, net: &mut Self::Net, g: u64);
    /// The progress line after `done` games (its figures then start again).
    fn report(&mut self, net: &Self::Net, done: u64) -> String;
    /// The strength check's line after `done` games.
    fn check(&mut self, net: &Self::Net, done: u64) -> String;
}

/// Trains `net` until it has `until` games, as `every` says: progress lines to `log`, the
/// network written by `save` at each checkpoint and at the end. A run stopped at a
/// checkpoint and started again goes on where the network is, with the same games.
pub(crate) fn drive<T: SelfPlay, E: From<std::io::Error>>(
    run: &mut T,
    net: &mut T::Net,
    until: u64,
    every: Every,
    save: impl Fn(&T::Net) -> Result<(), E>,
    log: &mut dyn std::io::Write,
) -> Result<(), E> {
    let due = |n: u64, done: u64| n > 0 && done.is_multiple_of(n);
    while T::trained(net) < until {
        run.play(net, T::trained(net));
        let done = T::trained(net);
        if due(every.report, done) || (every.report_last && done == until) {
            writeln!(log, "{}", run.report(net, done))?;
        }
        if due(every.checkpoint, done) {
            save(net)?;
        }
        if due(every.check, done) {
            writeln!(log, "{}", run.check(net, done))?;
        }
    }
    save(net)
}

/// Bräde's run: the trainer, the schedule and the figures of its progress lines.
struct Run<'a> {
    opts: &'a RunOptions,
    trainer: Trainer,
    schedule: Schedule,
    seed: u64,
    tally: Tally,
    started: std::time::Instant,
    last: (std::time::Instant, u64),
}

impl SelfPlay for Run<'_> {
    type Net = Network;

    fn trained(net: &Network) -> u64 {
        net.info.games
    }

    fn play(&mut self, net: &mut Network, g: u64) {
        self.tally
            .add(self.trainer.game(net, &self.schedule, self.seed, g));
        net.info.games += 1;
    }

    fn report(&mut self, _net: &Network, done: u64) -> String {
        let tally = &self.tally;
        let secs = self.last.0.elapsed().as_secs_f64().max(1e-9);
        let rate = (tally.games - self.last.1) as f64 / secs;
        self.last = (std::time::Instant::now(), tally.games);
        let turns = tally.turns as f64 / tally.games.max(1) as f64;
        let elapsed = self.started.elapsed().as_secs_f64();
        // The time left at this run's average pace.
        let left = (self.opts.games - done) as f64 * elapsed / tally.games.max(1) as f64;
        words::progress(
            self.opts.lang,
            &words::ProgressFigures {
                done,
                rate,
                turns,
                alpha: self.schedule.alpha_at(done),
                elapsed,
                left_secs: left,
            },
        )
    }

    fn check(&mut self, net: &Network, _done: u64) -> String {
        strength_check(self.opts.lang, net, self.opts.check_games)
    }
}

/// Runs the training, writing progress lines to `log`.
pub fn run(opts: &RunOptions, log: &mut dyn std::io::Write) -> Result<Network, TrainError> {
    let path = &opts.out;
    let shown = path.display().to_string();
    let mut net = if opts.resume {
        let net = Network::read(path)?;
        let i = net.info;
        let figures = NetFigures {
            games: i.games,
            hidden: net.hidden(),
            seed: i.seed,
            alpha: i.alpha,
            lambda: i.lambda,
        };
        writeln!(log, "{}", words::resuming(opts.lang, &shown, &figures))?;
        net
    } else {
        if path.exists() && !opts.force {
            return Err(TrainError::Exists(path.clone()));
        }
        if opts.hidden == 0 || opts.hidden > 4096 || !opts.hidden.is_multiple_of(LANES) {
            return Err(TrainError::Hidden(opts.hidden));
        }
        if !(opts.alpha > 0.0 && opts.alpha < 10.0) {
            return Err(TrainError::Alpha(opts.alpha));
        }
        if !(0.0..=1.0).contains(&opts.lambda) {
            return Err(TrainError::Lambda(opts.lambda));
        }
        let mut net = Network::random(opts.hidden, opts.seed);
        net.info.alpha = opts.alpha;
        net.info.lambda = opts.lambda;
        let figures = NetFigures {
            games: 0,
            hidden: opts.hidden,
            seed: opts.seed,
            alpha: opts.alpha,
            lambda: opts.lambda,
        };
        writeln!(log, "{}", words::new_network(opts.lang, &shown, &figures))?;
        net
    };
    let schedule = Schedule {
        alpha: net.info.alpha,
        alpha_games: ALPHA_GAMES,
        lambda: net.info.lambda,
    };
    let mut run = Run {
        opts,
        trainer: Trainer::new(),
        schedule,
        seed: net.info.seed,
        tally: Tally::default(),
        started: std::time::Instant::now(),
        last: (std::time::Instant::now(), 0),
    };
    let save = |net: &Network| {
        crate::files::write_atomic(path, &net.to_bytes()).map_err(|source| TrainError::Write {
            path: path.clone(),
            source,
        })
    };
    let every = Every {
        report: opts.report_every.max(1),
        checkpoint: opts.checkpoint_every.max(1),
        check: opts.check_every,
        report_last: true,
    };
    drive(&mut run, &mut net, opts.games, every, save, log)?;
    let (tally, started) = (run.tally, run.started);
    let classes: Vec<String> = tally
        .classes
        .iter()
        .zip(super::net::CLASS_NAMES)
        .map(|(n, name)| format!("{name} {n}"))
        .collect();
    let secs = started.elapsed().as_secs_f64();
    let line = words::done(
        opts.lang,
        &words::RunFigures {
            games: tally.games,
            secs,
            dropped: tally.dropped,
            results: &classes.join(", "),
            file: &shown,
        },
    );
    writeln!(log, "{line}")?;
    Ok(net)
}

/// One line: the network at 0 ply against the heuristic player over `games` games (a
/// fixed seed, so that checks along a run are comparable).
#[must_use]
pub fn strength_check(lang: crate::words::Lang, net: &Network, games: u32) -> String {
    let mut a = super::neural::NeuralPlayer::new(std::sync::Arc::new(net.clone()), Depth::ZeroPly, 0.0, 1);
    let mut b = super::HeuristicPlayer::new(Depth::ZeroPly, 0.0, 2);
    let s = super::arena::series(&mut a, &mut b, games, 7);
    let (mean, error) = s.net_per_game();
    words::strength_check(
        lang,
        &words::CheckFigures {
            at: net.info.games,
            games: s.games,
            share: s.a_share(),
            net: crate::words::figures::Estimate { mean, error },
        },
    )
}
