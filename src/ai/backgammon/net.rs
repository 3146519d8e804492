//! The backgammon evaluation network: a board seen by the side to roll → the cubeless
//! probabilities of the five outcomes, as GNU Backgammon gives them — the side to roll
//! wins, wins a gammon or better, wins a backgammon, loses a gammon or worse, loses a
//! backgammon — and from them the cubeless money equity.
//!
//! One hidden layer of sigmoid units, five sigmoid outputs. The outputs are made
//! consistent after the fact (a backgammon is a gammon is a win; neither side can win a
//! gammon once the other has borne off a checker), so every figure read from the network
//! is a coherent distribution over the six results.
//!
//! The file (`assets/backgammon.net`, training checkpoints) is little-endian: `BGAMNET1`,
//! `u32` feature version, inputs, hidden, outputs, `u64` games trained, seed, `f32`
//! alpha, lambda, then `b1`, `w1` (one row of `hidden` per input), `b2`, `w2` (one row of
//! `hidden` per output), and an FNV-1a checksum of everything before it.

use std::sync::{Arc, OnceLock};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::features::{FEATURE_VERSION, Features, INPUTS};
use crate::backgammon::{Board, Win};

/// The outputs: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const OUTPUTS: usize = 5;
/// Short names of the outputs, for reports.
pub const OUTPUT_NAMES: [&str; OUTPUTS] = [
    "win",
    "win-gammon",
    "win-backgammon",
    "lose-gammon",
    "lose-backgammon",
];
/// The hidden layer of the shipped network.
pub const DEFAULT_HIDDEN: usize = 80;
const MAGIC: &[u8; 8] = b"BGAMNET1";
/// The largest weight a file may hold (trained weights stay far below it).
const MAX_WEIGHT: f32 = 1.0e6;

/// The five cubeless probabilities for the side to roll (cumulative, as GNU Backgammon's).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Probs(pub [f32; OUTPUTS]);

impl Probs {
    /// The probabilities of a finished game, for its winner.
    #[must_use]
    pub fn won(win: Win) -> Probs {
        match win {
            Win::Single => Probs([1.0, 0.0, 0.0, 0.0, 0.0]),
            Win::Gammon => Probs([1.0, 1.0, 0.0, 0.0, 0.0]),
            Win::Backgammon => Probs([1.0, 1.0, 1.0, 0.0, 0.0]),
        }
    }

    /// The same game seen by the other side.
    #[must_use]
    pub fn flipped(&self) -> Probs {
        let [w, wg, wbg, lg, lbg] = self.0;
        Probs([1.0 - w, lg, lbg, wg, wbg])
    }

    /// The cubeless money equity: expected points for the side to roll, −3 to 3.
    #[must_use]
    pub fn equity(&self) -> f32 {
        let [w, wg, wbg, lg, lbg] = self.0;
        2.0 * w - 1.0 + wg + wbg - lg - lbg
    }

    /// Enforces what must hold: P(backgammon) ≤ P(gammon) ≤ P(win) for both sides, and no
    /// gammon for a side whose opponent (on `board`, the side to roll first) has borne off.
    fn consistent(mut self, board: &Board) -> Probs {
        let p = &mut self.0;
        for v in p.iter_mut() {
            *v = v.clamp(0.0, 1.0);
        }
        if board.opp()[0] > 0 {
            p[1] = 0.0;
            p[2] = 0.0;
        }
        if board.own()[0] > 0 {
            p[3] = 0.0;
            p[4] = 0.0;
        }
        p[1] = p[1].min(p[0]);
        p[2] = p[2].min(p[1]);
        p[3] = p[3].min(1.0 - p[0]);
        p[4] = p[4].min(p[3]);
        self
    }
}

/// What the network was trained with, kept in its file.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TrainingInfo {
    pub games: u64,
    pub seed: u64,
    pub alpha: f32,
    pub lambda: f32,
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct BgNet {
    hidden: usize,
    b1: Vec<f32>,
    /// One row of `hidden` per input.
    w1: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// One row of `hidden` per output.
    w2: Vec<f32>,
    pub info: TrainingInfo,
}

/// The hidden activations of one forward pass (kept for learning).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    hidden: Vec<f32>,
    grad: Vec<f32>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl BgNet {
    /// A new network of `hidden` units with small random weights from `seed`.
    #[must_use]
    pub fn new(hidden: usize, seed: u64) -> BgNet {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut draw = |scale: f32| (rng.random::<f32>() * 2.0 - 1.0) * scale;
        let w1 = (0..INPUTS * hidden).map(|_| draw(0.1)).collect();
        let w2 = (0..OUTPUTS * hidden).map(|_| draw(0.1)).collect();
        BgNet {
            hidden,
            b1: vec![0.0; hidden],
            w1,
            b2: [0.0; OUTPUTS],
            w2,
            info: TrainingInfo {
                seed,
                ..TrainingInfo::default()
            },
        }
    }

    /// Hidden units.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The raw outputs for `features`, the hidden activations left in `scratch`.
    fn forward(&self, f: &Features, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        let h = self.hidden;
        scratch.hidden.clear();
        scratch.hidden.extend_from_slice(&self.b1);
        let acc = &mut scratch.hidden[..h];
        for k in 0..f.len {
            let i = usize::from(f.index[k]);
            let x = f.value[k];
            let row = &self.w1[i * h..(i + 1) * h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += x * w;
            }
        }
        for a in acc.iter_mut() {
            *a = sigmoid(*a);
        }
        let mut out = self.b2;
        for (o, row) in out.iter_mut().zip(self.w2.chunks_exact(h)) {
            *o += row.iter().zip(acc.iter()).map(|(w, a)| w * a).sum::<f32>();
            *o = sigmoid(*o);
        }
        out
    }

    /// The probabilities for the side to roll on `board`.
    #[must_use]
    pub fn evaluate(&self, board: &Board, scratch: &mut Scratch) -> Probs {
        let f = Features::of(board);
        Probs(self.forward(&f, scratch)).consistent(board)
    }

    /// One step of gradient descent on the cross-entropy between the outputs for `f` and
    /// `target`, of size `alpha`.
    pub fn learn(&mut self, f: &Features, target: &Probs, alpha: f32, scratch: &mut Scratch) {
        let out = self.forward(f, scratch);
        let h = self.hidden;
        scratch.grad.clear();
        scratch.grad.resize(h, 0.0);
        for (k, (t, o)) in target.0.iter().zip(out).enumerate() {
            let delta = t - o;
            if delta == 0.0 {
                continue;
            }
            let row = &mut self.w2[k * h..(k + 1) * h];
            for ((w, a), g) in row.iter_mut().zip(&scratch.hidden).zip(scratch.grad.iter_mut()) {
                *g += delta * *w;
                *w += alpha * delta * a;
            }
            self.b2[k] += alpha * delta;
        }
        for (g, a) in scratch.grad.iter_mut().zip(&scratch.hidden) {
            *g *= a * (1.0 - a) * alpha;
        }
        for (b, g) in self.b1.iter_mut().zip(&scratch.grad) {
            *b += g;
        }
        for k in 0..f.len {
            let i = usize::from(f.index[k]);
            let x = f.value[k];
            let row = &mut self.w1[i * h..(i + 1) * h];
            for (w, g) in row.iter_mut().zip(&scratch.grad) {
                *w += x * g;
            }
        }
    }

    /// The network as bytes (see the module documentation for the layout).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 4 * (self.w1.len() + self.w2.len() + self.hidden + OUTPUTS));
        out.extend_from_slice(MAGIC);
        for v in [FEATURE_VERSION, INPUTS as u32, self.hidden as u32, OUTPUTS as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.info.games.to_le_bytes());
        out.extend_from_slice(&self.info.seed.to_le_bytes());
        out.extend_from_slice(&self.info.alpha.to_le_bytes());
        out.extend_from_slice(&self.info.lambda.to_le_bytes());
        for v in self.b1.iter().chain(&self.w1).chain(&self.b2).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let sum = crate::checksum::fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network written by [`BgNet::to_bytes`], refusing anything damaged or made
    /// for other inputs.
    pub fn from_bytes(bytes: &[u8]) -> Result<BgNet, BgNetError> {
        const HEADER: usize = 8 + 16 + 16 + 8;
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(BgNetError::Magic);
        }
        if bytes.len() < HEADER + 8 {
            return Err(BgNetError::Short(bytes.len()));
        }
        let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let u64_at = |at: usize| u64::from(u32_at(at)) | u64::from(u32_at(at + 4)) << 32;
        let version = u32_at(8);
        let (inputs, hidden, outputs) = (u32_at(12), u32_at(16), u32_at(20));
        if version != FEATURE_VERSION {
            return Err(BgNetError::Version { found: version });
        }
        if inputs as usize != INPUTS || outputs as usize != OUTPUTS || hidden == 0 || hidden > 4096 {
            return Err(BgNetError::Shape {
                inputs,
                hidden,
                outputs,
            });
        }
        let h = hidden as usize;
        let floats = h + INPUTS * h + OUTPUTS + OUTPUTS * h;
        let end = HEADER + 4 * floats;
        if bytes.len() < end + 8 {
            return Err(BgNetError::Short(bytes.len()));
        }
        if bytes.len() != end + 8 || crate::checksum::fnv1a(&bytes[..end]) != u64_at(end) {
            return Err(BgNetError::Checksum);
        }
        let info = TrainingInfo {
            games: u64_at(24),
            seed: u64_at(32),
            alpha: f32::from_bits(u32_at(40)),
            lambda: f32::from_bits(u32_at(44)),
        };
        let values: Vec<f32> = (0..floats)
            .map(|k| f32::from_bits(u32_at(HEADER + 4 * k)))
            .collect();
        if values.iter().any(|v| !v.is_finite() || v.abs() > MAX_WEIGHT)
            || !info.alpha.is_finite()
            || !info.lambda.is_finite()
        {
            return Err(BgNetError::NotFinite);
        }
        let (b1, rest) = values.split_at(h);
        let (w1, rest) = rest.split_at(INPUTS * h);
        let (b2, w2) = rest.split_at(OUTPUTS);
        let mut b2_arr = [0.0; OUTPUTS];
        b2_arr.copy_from_slice(b2);
        Ok(BgNet {
            hidden: h,
            b1: b1.to_vec(),
            w1: w1.to_vec(),
            b2: b2_arr,
            w2: w2.to_vec(),
            info,
        })
    }

    /// Reads a network file; the error names the file and says what is wrong.
    pub fn read(path: &std::path::Path) -> Result<BgNet, BgNetFileError> {
        let bytes = crate::files::read_regular(path, 64 << 20).map_err(|source| BgNetFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        BgNet::from_bytes(&bytes).map_err(|source| BgNetFileError::Bad {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Writes the network to `path` (through a temporary file, so that a checkpoint is
    /// never left half written).
    pub fn write(&self, path: &std::path::Path) -> std::io::Result<()> {
        let tmp = path.with_extension("net.tmp");
        std::fs::write(&tmp, self.to_bytes())?;
        std::fs::rename(&tmp, path)
    }
}

/// Why a backgammon weight file was refused.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum BgNetError {
    #[error("not a backgammon network file (it does not start with BGAMNET1)")]
    Magic,
    #[error("the file is cut short ({0} bytes)")]
    Short(usize),
    #[error("the file is damaged (checksum mismatch)")]
    Checksum,
    #[error("made for feature version {found}; this brade uses version {FEATURE_VERSION}")]
    Version { found: u32 },
    #[error("unexpected shape: {inputs} inputs, {hidden} hidden, {outputs} outputs")]
    Shape { inputs: u32, hidden: u32, outputs: u32 },
    #[error("the weights contain a value that is not a finite number, or one too large to be a weight")]
    NotFinite,
}

/// A backgammon network file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BgNetFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Bad {
        path: std::path::PathBuf,
        source: BgNetError,
    },
}

/// The shipped network's bytes.
pub const EMBEDDED: &[u8] = include_bytes!("../../../assets/backgammon.net");

/// The shipped race network's bytes (`assets/backgammon-race.net`; see the README:
/// Training the backgammon network). An `Option` so that a build may ship none.
pub const EMBEDDED_RACE: Option<&[u8]> = Some(include_bytes!("../../../assets/backgammon-race.net"));

/// The shipped race network, read once; `None` when none is shipped (or it cannot be
/// read: a test reads it).
#[must_use]
pub fn embedded_race() -> Option<Arc<BgNet>> {
    static NET: OnceLock<Option<Arc<BgNet>>> = OnceLock::new();
    NET.get_or_init(|| EMBEDDED_RACE.and_then(|b| BgNet::from_bytes(b).ok().map(Arc::new)))
        .clone()
}

/// The shipped network, read once.
pub fn embedded() -> Result<Arc<BgNet>, BgNetError> {
    static NET: OnceLock<Result<Arc<BgNet>, BgNetError>> = OnceLock::new();
    NET.get_or_init(|| BgNet::from_bytes(EMBEDDED).map(Arc::new))
        .clone()
}
