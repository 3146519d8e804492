//! TD self-play training of the backgammon network (`brade train --game backgammon`).
//!
//! The network plays both sides at 0 ply. After each move the position the mover rolled
//! in is pulled towards what the network now thinks of the board it chose (seen from the
//! same side), or towards the game's actual result when the move ends it: TD(0), the
//! step plain gradient descent on the cross-entropy of the five sigmoid outputs.
//!
//! Game `g` uses dice drawn from `(seed, g)` alone, so a run stopped at a checkpoint and
//! resumed gives exactly the weights of an uninterrupted run.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::arena::{Start, roll, series, series_from};
use super::features::{Features, Inputs};
use super::net::{BgNet, NetFileError, Scratch};
use super::search::Searcher;
use crate::ai::Level;
use crate::ai::train::{Every, SelfPlay, drive};
use crate::backgammon::{Board, LegalPlay, MoveGen};

/// A training game longer than this many turns is dropped (it never happens).
const MAX_TURNS: usize = 5000;
/// The step size falls as 1/√(1 + games/ALPHA_GAMES).
pub const ALPHA_GAMES: f32 = 200_000.0;

/// A training run as `brade train --game backgammon` starts it.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub out: PathBuf,
    /// Train until this many self-play games in all (a resumed run counts those done).
    pub games: u64,
    pub hidden: usize,
    /// Seed of a new network: its first weights and every game's dice.
    pub seed: u64,
    /// The step size at the start.
    pub alpha: f32,
    pub resume: bool,
    pub force: bool,
    pub report_every: u64,
    pub checkpoint_every: u64,
    /// A strength check (medium against random) every N games (0: none).
    pub check_every: u64,
    pub check_games: u32,
    /// Train the race network: a copy of the shipped network taught by TD(0) from race
    /// starts until both sides are home ([`super::race`]).
    pub race: bool,
    /// A new network reads the extended inputs ([`Inputs::Extended`]) from the start.
    pub extended: bool,
}

/// Why a training run cannot start or go on.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error(transparent)]
    Net(#[from] NetFileError),
    #[error("{} exists: pass --resume to continue its training or --force to start over", .0.display())]
    Exists(PathBuf),
    #[error("--hidden must be from 1 to 4096, not {0}")]
    Hidden(usize),
    #[error("the shipped backgammon network, which a race network starts from, cannot be read: {0}")]
    Shipped(#[from] super::net::NetError),
    #[error("--alpha must be a step size above 0 (and small), not {0}")]
    Alpha(f32),
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error("cannot write the progress log: {0}")]
    Log(#[from] std::io::Error),
    #[error(
        "--extended-inputs starts a new network that reads them (or, with --from-rollouts, teaches one): a race network is a copy of the shipped one, which reads the plain inputs"
    )]
    ExtendedRace,
    #[error("{} reads the plain inputs: leave --extended-inputs out to continue it", .0.display())]
    ResumePlain(PathBuf),
}

/// The trainer's reusable buffers.
#[derive(Debug)]
pub struct Trainer {
    movegen: MoveGen,
    searcher: Searcher,
    scratch: Scratch,
    features: Features,
    plays: Vec<LegalPlay>,
}

impl Default for Trainer {
    /// The network values every board itself, the bear-off included: the shipped
    /// network's command gives the weights it gave before the database was used in play.
    fn default() -> Trainer {
        Trainer {
            movegen: MoveGen::new(),
            searcher: Searcher::plain(),
            scratch: Scratch::default(),
            features: Features::default(),
            plays: Vec::new(),
        }
    }
}

impl Trainer {
    #[must_use]
    pub fn new() -> Trainer {
        Trainer::default()
    }

    /// Plays self-play game `g` of the run seeded `seed`, learning as it goes; the turns
    /// played and the winner's points (first mover positive; 0 if dropped).
    pub fn game(&mut self, net: &mut BgNet, alpha: f32, seed: u64, g: u64) -> (usize, i8) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(g);
        let mut board = Board::start();
        for turn in 0..MAX_TURNS {
            let r = roll(&mut rng);
            self.plays.clear();
            self.plays.extend_from_slice(self.movegen.plays(&board, r));
            let (i, target) = self.searcher.best(net, &self.plays);
            net.features_into(&board, &mut self.features);
            net.learn(&self.features, &target, alpha, &mut self.scratch);
            let chosen = self.plays[i];
            if let Some(win) = chosen.win {
                let pts = win.points() as i8;
                return (turn + 1, if turn % 2 == 0 { pts } else { -pts });
            }
            board = chosen.board.switched();
        }
        (MAX_TURNS, 0)
    }
}

/// Runs the training, writing progress lines to `log`.
pub fn run(opts: &RunOptions, log: &mut dyn std::io::Write) -> Result<BgNet, TrainError> {
    let path = &opts.out;
    if opts.extended && opts.race {
        return Err(TrainError::ExtendedRace);
    }
    let mut net = if opts.resume {
        let net = BgNet::read(path)?;
        if opts.extended && net.inputs() != Inputs::Extended {
            return Err(TrainError::ResumePlain(path.clone()));
        }
        writeln!(
            log,
            "resuming {}: {} games trained, {} hidden, seed {}, alpha {}",
            path.display(),
            net.info.games,
            net.hidden(),
            net.info.seed,
            net.info.alpha
        )?;
        net
    } else {
        if path.exists() && !opts.force {
            return Err(TrainError::Exists(path.clone()));
        }
        if opts.hidden == 0 || opts.hidden > 4096 {
            return Err(TrainError::Hidden(opts.hidden));
        }
        if !(opts.alpha > 0.0 && opts.alpha < 10.0) {
            return Err(TrainError::Alpha(opts.alpha));
        }
        let mut net = if opts.race {
            (*super::net::embedded()?).clone()
        } else {
            BgNet::new_of(Inputs::of_flag(opts.extended), opts.hidden, opts.seed)
        };
        net.info = super::net::TrainingInfo {
            games: 0,
            seed: opts.seed,
            alpha: opts.alpha,
            lambda: 0.0,
        };
        writeln!(
            log,
            "new backgammon {}network {}: {} hidden{}, seed {}, alpha {}, TD(0){}",
            if opts.race { "race " } else { "" },
            path.display(),
            net.hidden(),
            if opts.extended { ", extended inputs" } else { "" },
            opts.seed,
            opts.alpha,
            if opts.race {
                ", from the shipped network, on race starts until both sides are home"
            } else {
                ""
            }
        )?;
        net
    };
    let save = |net: &BgNet| {
        net.write(path).map_err(|source| TrainError::Write {
            path: path.clone(),
            source,
        })
    };
    if opts.race && opts.check_every > 0 && net.info.games == 0 {
        writeln!(log, "check at 0 games: {}", race_check(&net, opts.check_games))?;
    }
    let mut run = Run {
        opts,
        trainer: Trainer::new(),
        racer: super::race::RaceTrainer::default(),
        seed: net.info.seed,
        alpha0: net.info.alpha,
        alpha: net.info.alpha,
        start: Instant::now(),
        first: net.info.games,
        figures: Figures::default(),
    };
    let every = Every {
        report: opts.report_every,
        checkpoint: opts.checkpoint_every,
        check: opts.check_every,
        report_last: false,
    };
    drive(&mut run, &mut net, opts.games, every, save, log)?;
    let start = run.start;
    writeln!(
        log,
        "done: {} games in all, {:.0} s this run, written to {}",
        net.info.games,
        start.elapsed().as_secs_f64(),
        path.display()
    )?;
    Ok(net)
}

/// The figures of the progress lines, since the last one.
#[derive(Clone, Copy, Debug, Default)]
struct Figures {
    turns: u64,
    wins: u64,
    gammons: u64,
    backgammons: u64,
    since: u64,
}

/// A run: the trainers (the main network's, the race network's) and its figures.
struct Run<'a> {
    opts: &'a RunOptions,
    trainer: Trainer,
    racer: super::race::RaceTrainer,
    seed: u64,
    /// The step size at the start, and at the last game.
    alpha0: f32,
    alpha: f32,
    start: Instant,
    /// The games trained before this run.
    first: u64,
    figures: Figures,
}

impl SelfPlay for Run<'_> {
    type Net = BgNet;

    fn trained(net: &BgNet) -> u64 {
        net.info.games
    }

    fn play(&mut self, net: &mut BgNet, g: u64) {
        self.alpha = self.alpha0 / (1.0 + g as f32 / ALPHA_GAMES).sqrt();
        let (t, pts) = if self.opts.race {
            (self.racer.game(net, self.alpha, self.seed, g), 0)
        } else {
            self.trainer.game(net, self.alpha, self.seed, g)
        };
        net.info.games += 1;
        let f = &mut self.figures;
        f.turns += t as u64;
        f.since += 1;
        f.wins += u64::from(pts > 0);
        f.gammons += u64::from(pts.unsigned_abs() == 2);
        f.backgammons += u64::from(pts.unsigned_abs() == 3);
    }

    fn report(&mut self, _net: &BgNet, done: u64) -> String {
        let f = std::mem::take(&mut self.figures);
        let secs = self.start.elapsed().as_secs_f64();
        let results = if self.opts.race {
            String::new() // a race stops when both sides are home
        } else {
            format!(
                "  first mover wins {:.1}%  gammons {:.1}%  backgammons {:.1}%",
                100.0 * f.wins as f64 / f.since as f64,
                100.0 * f.gammons as f64 / f.since as f64,
                100.0 * f.backgammons as f64 / f.since as f64,
            )
        };
        format!(
            "games {done}  {:.0} games/s  alpha {:.4}  turns/game {:.1}{results}",
            (done - self.first) as f64 / secs.max(1e-9),
            self.alpha,
            f.turns as f64 / f.since as f64,
        )
    }

    fn check(&mut self, net: &BgNet, done: u64) -> String {
        let line = if self.opts.race {
            race_check(net, self.opts.check_games)
        } else {
            random_check(net, self.opts.check_games)
        };
        format!("check at {done} games: {line}")
    }
}

/// The main network's check: medium against random from the opening.
fn random_check(net: &BgNet, games: u32) -> String {
    let shared = Arc::new(net.clone());
    let s = series(
        |side, s| {
            let level = if side == 0 { Level::Medium } else { Level::Random };
            super::player_with(level, Arc::clone(&shared), s)
                .unwrap_or_else(|_| Box::new(crate::ai::RandomPlayer::new(s)))
        },
        games,
        0xC0FFEE,
    );
    let (mean, se) = s.per_game();
    format!(
        "medium vs random {mean:+.3} points per game ± {se:.3} over {} games",
        s.games
    )
}

/// The race network's check: its equity's error on 400 bear-offs against the exact
/// figures, and medium with it against medium with the shipped network alone from race
/// starts (both with the bear-off database).
fn race_check(net: &BgNet, games: u32) -> String {
    let (abs, bias) = super::race::bearoff_error(net, 400, 0xBEA2);
    let Ok(main) = super::net::embedded() else {
        return format!("bear-off equity error {abs:.4} (mean {bias:+.4})");
    };
    let race = Arc::new(net.clone());
    let s = series_from(
        |side, s| {
            let searcher = Searcher::with(true, (side == 0).then(|| Arc::clone(&race)));
            super::player_using(Level::Medium, Arc::clone(&main), searcher, s)
                .unwrap_or_else(|_| Box::new(crate::ai::RandomPlayer::new(s)))
        },
        games,
        0xC0FFEE,
        Start::Race,
        None,
    );
    let (mean, se) = s.per_game_paired();
    format!(
        "bear-off equity error {abs:.4} (mean {bias:+.4}); in races, medium with it vs without {mean:+.3} points per game ± {se:.3} (over the pairs of games with the same dice) in {} games",
        s.games
    )
}
