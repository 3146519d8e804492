//! Supervised training on rolled-out positions (`brade train --game backgammon
//! --from-rollouts FILE`): a network — a copy of the shipped one, or a new one of
//! `--hidden` units, or a copy of a network file (`--from-net`, widened to `--hidden` units if
//! that is more) — taught the rolled-out chances of the five outcomes
//! ([`super::supervised`]'s file), epoch by epoch, and written after every epoch so that a
//! run killed at any moment continues with `--resume` and ends with the weights of an
//! unbroken run.
//!
//! Every tenth position is held out: the cross-entropy and the equity's mean absolute
//! error against the rollouts are measured on it (and on the positions taught) before
//! the first epoch and after each. Epoch `e` visits the others in an order shuffled from
//! the seed and `e` alone, one gradient step of size α on the cross-entropy of the five
//! outputs each.
//!
//! What a network was taught is recorded beside it (`NAME.teach.toml`: the rollout file,
//! how many of its positions and their checksum, the seed, α, how it started); the epochs
//! done are the network file's count of games. `--resume` keeps the seed and α, takes the
//! same first positions of the file (which may have grown since) and refuses, in words, a
//! file whose first positions are not the same, another α or another size.

use std::io::Write;
use std::path::{Path, PathBuf};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::features::Features;
use super::features::Inputs;
use super::net::{BgNet, Probs, Scratch, TrainingInfo};
use super::supervised::{SupervisedError, read_rollouts};
use crate::backgammon::{Board, Position};
use crate::rules::Color;

/// The step size when none is given.
pub const ALPHA: f32 = 0.01;

/// A supervised training run as `brade train --game backgammon --from-rollouts` starts it.
#[derive(Clone, Debug)]
pub struct TeachOptions {
    pub rollouts: PathBuf,
    pub out: PathBuf,
    /// Teach until this many epochs in all (a resumed run counts those done).
    pub epochs: u32,
    /// The step size (default [`ALPHA`]; a resumed run keeps its own).
    pub alpha: Option<f32>,
    /// Seed of the epochs' orders (and of a new network's first weights); a resumed run
    /// keeps its own.
    pub seed: u64,
    /// A new network of this many hidden units instead of a copy of the shipped one (with
    /// `start`: that network widened to this many).
    pub hidden: Option<usize>,
    /// Start from a copy of this network file instead of the shipped network.
    pub start: Option<PathBuf>,
    /// The network reads the extended inputs (one of plain inputs it starts from gets
    /// them with weights of 0).
    pub extended: bool,
    pub resume: bool,
    pub force: bool,
}

/// What a network was taught, kept beside it for `--resume`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Record {
    rollouts: String,
    positions: usize,
    checksum: String,
    seed: u64,
    alpha: f32,
    /// "shipped" (a copy of the shipped network), "new", or "file PATH" (a copy of that
    /// network, "widened" added when it was).
    start: String,
    hidden: usize,
    /// "plain" or "extended" (a record from before extended inputs existed: plain).
    #[serde(default = "plain")]
    inputs: String,
}

fn plain() -> String {
    Inputs::Plain.name().to_string()
}

/// Why a supervised run cannot start or go on.
#[derive(Debug, thiserror::Error)]
pub enum TeachError {
    #[error(transparent)]
    Rollouts(#[from] SupervisedError),
    #[error(transparent)]
    Net(#[from] super::net::NetFileError),
    #[error("the shipped backgammon network, which the training starts from, cannot be read: {0}")]
    Shipped(#[from] super::net::NetError),
    #[error("{} exists: pass --resume to continue its training or --force to start over", .0.display())]
    Exists(PathBuf),
    #[error("{} holds no rolled-out positions", .0.display())]
    Empty(PathBuf),
    #[error("--hidden must be from 1 to 4096, not {0}")]
    Hidden(usize),
    #[error("{} has {have} hidden units: --hidden may widen it, not narrow it to {want}", path.display())]
    Narrower { path: PathBuf, have: usize, want: usize },
    #[error("--alpha must be a step size above 0 (and small), not {0}")]
    Alpha(f32),
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error("{} cannot be continued: {why}", out.display())]
    Resume { out: PathBuf, why: String },
}

/// Rolled-out positions: each board and its chances.
type Rollouts = Vec<(Board, Probs)>;
/// A run ready to teach: the network, its record and the positions it is taught.
type Begun = (BgNet, Record, Rollouts);

/// The file beside `out` that records what it was taught.
#[must_use]
pub fn record_path(out: &Path) -> PathBuf {
    out.with_extension("teach.toml")
}

/// A checksum of rolled-out positions: their codes and chances.
fn checksum(data: &[(Board, Probs)]) -> String {
    let mut bytes = Vec::new();
    for (board, p) in data {
        bytes.extend_from_slice(Position::new(*board, Color::White).code().as_bytes());
        for v in p.0 {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
    }
    format!("{:016x}", crate::checksum::fnv1a(&bytes))
}

/// The mean cross-entropy of `net`'s five outputs against the targets, and the mean
/// absolute difference of the cubeless equities.
#[must_use]
pub fn fit(net: &BgNet, data: &[(Board, Probs)]) -> (f64, f64) {
    let mut scratch = Scratch::default();
    let (mut ce, mut eq) = (0.0f64, 0.0f64);
    for (board, target) in data {
        let out = net.evaluate(board, &mut scratch);
        for (t, o) in target.0.iter().zip(out.0) {
            let o = f64::from(o).clamp(1e-6, 1.0 - 1e-6);
            let t = f64::from(*t);
            ce -= t * o.ln() + (1.0 - t) * (1.0 - o).ln();
        }
        eq += f64::from((out.equity() - target.equity()).abs());
    }
    let n = data.len().max(1) as f64;
    (ce / n, eq / n)
}

/// Teaches `net` the rollouts `data` from epoch `from + 1` to `epochs` with step `alpha`,
/// every tenth position held out to measure the fit; a line to `log` before the first
/// epoch and after each, and `done(net, epoch)` after each.
pub fn train_epochs<E>(
    net: &mut BgNet,
    data: &[(Board, Probs)],
    (from, epochs): (u32, u32),
    alpha: f32,
    seed: u64,
    log: &mut dyn Write,
    done: &mut dyn FnMut(&BgNet, u32) -> Result<(), E>,
) -> Result<(), E> {
    let held: Vec<(Board, Probs)> = data.iter().step_by(10).copied().collect();
    let taught: Vec<(Board, Probs)> = data
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 10 != 0)
        .map(|(_, d)| *d)
        .collect();
    let mut scratch = Scratch::default();
    let mut features = Features::default();
    let report = |net: &BgNet, epoch: u32, log: &mut dyn Write| {
        let (ce, eq) = fit(net, &held);
        let (tce, teq) = fit(net, &taught);
        let _ = writeln!(
            log,
            "epoch {epoch}: held out ({} positions) cross-entropy {ce:.4}, equity error {eq:.4}; taught ({}) {tce:.4}, {teq:.4}",
            held.len(),
            taught.len()
        );
    };
    report(net, from, log);
    let mut order: Vec<usize> = (0..taught.len()).collect();
    for epoch in from + 1..=epochs {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(u64::from(epoch));
        order.sort_unstable();
        order.shuffle(&mut rng);
        for &i in &order {
            let (board, target) = &taught[i];
            net.features_into(board, &mut features);
            net.learn(&features, target, alpha, &mut scratch);
        }
        report(net, epoch, log);
        done(net, epoch)?;
    }
    Ok(())
}

/// Teaches `net` the rollouts `data` for `epochs` epochs of step `alpha` (see
/// [`train_epochs`]).
pub fn train(
    net: &mut BgNet,
    data: &[(Board, Probs)],
    epochs: u32,
    alpha: f32,
    seed: u64,
    log: &mut dyn Write,
) {
    let _ = train_epochs::<()>(net, data, (0, epochs), alpha, seed, log, &mut |_, _| Ok(()));
}

/// Runs a supervised training as `opts` say, writing `opts.out` after every epoch and a
/// progress line to `log` before the first and after each.
pub fn run(opts: &TeachOptions, log: &mut dyn Write) -> Result<BgNet, TeachError> {
    let out = &opts.out;
    let all = read_rollouts(&opts.rollouts)?;
    let (mut net, record, data) = if opts.resume {
        resumed(opts, all)?
    } else {
        started(opts, all)?
    };
    let written = |source| TeachError::Write {
        path: out.clone(),
        source,
    };
    let _ = writeln!(
        log,
        "teaching {} ({}, {} hidden, {} inputs) {} rolled-out positions of {}: epochs {} to {}, alpha {}, seed {}",
        out.display(),
        match record.start.as_str() {
            "new" => "a new network".to_string(),
            "shipped" => "from the shipped network".to_string(),
            other => format!("from {other}"),
        },
        net.hidden(),
        net.inputs().name(),
        data.len(),
        opts.rollouts.display(),
        net.info.games + 1,
        opts.epochs,
        record.alpha,
        record.seed
    );
    let from = u32::try_from(net.info.games).unwrap_or(u32::MAX);
    train_epochs(
        &mut net,
        &data,
        (from, opts.epochs),
        record.alpha,
        record.seed,
        log,
        &mut |net: &BgNet, epoch| {
            let mut net = net.clone();
            net.info.games = u64::from(epoch);
            net.write(out).map_err(written)
        },
    )?;
    net.info.games = net.info.games.max(u64::from(opts.epochs));
    let _ = writeln!(
        log,
        "done: {} epochs, written to {}",
        net.info.games,
        out.display()
    );
    Ok(net)
}

/// A new run: the network to start from and its record, written before the first epoch.
fn started(opts: &TeachOptions, data: Vec<(Board, Probs)>) -> Result<Begun, TeachError> {
    let out = &opts.out;
    if out.exists() && !opts.force {
        return Err(TeachError::Exists(out.clone()));
    }
    if data.is_empty() {
        return Err(TeachError::Empty(opts.rollouts.clone()));
    }
    let alpha = opts.alpha.unwrap_or(ALPHA);
    if !(alpha > 0.0 && alpha < 10.0) {
        return Err(TeachError::Alpha(alpha));
    }
    let inputs = Inputs::of_flag(opts.extended);
    let (mut net, start) = match (opts.hidden, &opts.start) {
        (Some(h), _) if h == 0 || h > 4096 => return Err(TeachError::Hidden(h)),
        (Some(h), None) => (BgNet::new_of(inputs, h, opts.seed), "new".to_string()),
        (None, None) => ((*super::net::embedded()?).clone(), "shipped".to_string()),
        (h, Some(path)) => {
            let from = BgNet::read(path)?;
            let want = h.unwrap_or(from.hidden());
            if want < from.hidden() {
                return Err(TeachError::Narrower {
                    path: path.clone(),
                    have: from.hidden(),
                    want,
                });
            }
            let widened = if want > from.hidden() { " widened" } else { "" };
            (
                from.widened(want, opts.seed),
                format!("file {}{widened}", path.display()),
            )
        }
    };
    if opts.extended {
        net = net.extended();
    }
    net.info = TrainingInfo {
        games: 0,
        seed: opts.seed,
        alpha,
        lambda: 0.0,
    };
    let record = Record {
        rollouts: opts.rollouts.display().to_string(),
        positions: data.len(),
        checksum: checksum(&data),
        seed: opts.seed,
        alpha,
        start,
        hidden: net.hidden(),
        inputs: net.inputs().name().to_string(),
    };
    let path = record_path(out);
    let written = |source| TeachError::Write {
        path: path.clone(),
        source,
    };
    let text = toml::to_string(&record).map_err(|e| written(std::io::Error::other(e)))?;
    let tmp = path.with_extension("toml.tmp");
    let head = "# What the network beside this file was taught (brade train --game backgammon --from-rollouts), for --resume.\n";
    std::fs::write(&tmp, format!("{head}{text}"))
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(written)?;
    net.write(out).map_err(|source| TeachError::Write {
        path: out.clone(),
        source,
    })?;
    Ok((net, record, data))
}

/// A resumed run: the network as last written, its record, and the same positions.
fn resumed(opts: &TeachOptions, mut data: Rollouts) -> Result<Begun, TeachError> {
    let out = &opts.out;
    let refuse = |why: String| TeachError::Resume {
        out: out.clone(),
        why,
    };
    let path = record_path(out);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        refuse(format!(
            "{} cannot be read ({e}): --resume continues only a network taught by --from-rollouts, beside its record",
            path.display()
        ))
    })?;
    let record: Record = toml::from_str(&text)
        .map_err(|e| refuse(format!("{} is not a training record: {e}", path.display())))?;
    let net = BgNet::read(out)?;
    if data.len() < record.positions {
        return Err(refuse(format!(
            "it was taught {} positions, and {} holds {}",
            record.positions,
            opts.rollouts.display(),
            data.len()
        )));
    }
    data.truncate(record.positions);
    if checksum(&data) != record.checksum {
        return Err(refuse(format!(
            "the first {} positions of {} are not the ones it was taught (from {}): continue with that file",
            record.positions,
            opts.rollouts.display(),
            record.rollouts
        )));
    }
    if let Some(a) = opts.alpha
        && a != record.alpha
    {
        return Err(refuse(format!(
            "it was taught with --alpha {}, not {a}: leave --alpha out to continue",
            record.alpha
        )));
    }
    if let Some(h) = opts.hidden
        && h != net.hidden()
    {
        return Err(refuse(format!("it has {} hidden units, not {h}", net.hidden())));
    }
    if opts.extended && net.inputs() != Inputs::Extended {
        return Err(refuse(
            "it reads the plain inputs: leave --extended-inputs out to continue".to_string(),
        ));
    }
    Ok((net, record, data))
}
