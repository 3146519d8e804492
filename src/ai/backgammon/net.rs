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
//! `hidden` per output), and an FNV-1a checksum of everything before it. Feature version
//! 1 is the plain inputs, 2 the extended ones ([`Inputs`]).

use std::sync::{Arc, OnceLock};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::features::{EXTENDED_INPUTS, EXTENDED_VERSION, FEATURE_VERSION, Features, INPUTS, Inputs};
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

pub use crate::ai::weights::{NetError, NetFileError, TrainingInfo};

/// Backgammon's network file: the weight file every game's network has
/// ([`crate::ai::weights`]), its mark `BGAMNET1`, any number of hidden units.
pub const FORMAT: crate::ai::weights::Format = crate::ai::weights::Format {
    name: "backgammon",
    magic: MAGIC,
    version: FEATURE_VERSION,
    inputs: INPUTS,
    outputs: OUTPUTS,
    lanes: 1,
};

/// The file of a network of extended inputs: the same, feature version 2.
pub const FORMAT_EXTENDED: crate::ai::weights::Format = crate::ai::weights::Format {
    version: EXTENDED_VERSION,
    inputs: EXTENDED_INPUTS,
    ..FORMAT
};

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct BgNet {
    inputs: Inputs,
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
    /// A new network of plain inputs and `hidden` units with small random weights from
    /// `seed`.
    #[must_use]
    pub fn new(hidden: usize, seed: u64) -> BgNet {
        BgNet::new_of(Inputs::Plain, hidden, seed)
    }

    /// A new network of `inputs` and `hidden` units with small random weights from `seed`.
    #[must_use]
    pub fn new_of(inputs: Inputs, hidden: usize, seed: u64) -> BgNet {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut draw = |scale: f32| (rng.random::<f32>() * 2.0 - 1.0) * scale;
        let w1 = (0..inputs.count() * hidden).map(|_| draw(0.1)).collect();
        let w2 = (0..OUTPUTS * hidden).map(|_| draw(0.1)).collect();
        BgNet {
            inputs,
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

    /// This network widened to `hidden` units (at least its own): the units it has are
    /// kept, the new ones get small random input weights from `seed` and output weights
    /// of 0, so that the wider network gives exactly the same outputs until it is taught.
    #[must_use]
    pub fn widened(&self, hidden: usize, seed: u64) -> BgNet {
        let (old, hidden) = (self.hidden, hidden.max(self.hidden));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut w1 = Vec::with_capacity(self.inputs.count() * hidden);
        for row in self.w1.chunks_exact(old) {
            w1.extend_from_slice(row);
            w1.extend((old..hidden).map(|_| (rng.random::<f32>() * 2.0 - 1.0) * 0.1));
        }
        let mut w2 = Vec::with_capacity(OUTPUTS * hidden);
        for row in self.w2.chunks_exact(old) {
            w2.extend_from_slice(row);
            w2.resize(w2.len() + hidden - old, 0.0);
        }
        let mut b1 = self.b1.clone();
        b1.resize(hidden, 0.0);
        BgNet {
            inputs: self.inputs,
            hidden,
            b1,
            w1,
            b2: self.b2,
            w2,
            info: self.info,
        }
    }

    /// This network reading the extended inputs: the rows of the inputs it adds are zero,
    /// so that it gives exactly the same outputs until it is taught. (A network of
    /// extended inputs is returned as it is.)
    #[must_use]
    pub fn extended(&self) -> BgNet {
        let mut net = self.clone();
        net.w1.resize(EXTENDED_INPUTS * self.hidden, 0.0);
        net.inputs = Inputs::Extended;
        net
    }

    /// The inputs it reads.
    #[must_use]
    pub fn inputs(&self) -> Inputs {
        self.inputs
    }

    /// Sets `f` to the inputs of `board` this network reads.
    pub fn features_into(&self, board: &Board, f: &mut Features) {
        f.set_as(board, self.inputs);
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
        let mut f = Features::default();
        f.set_as(board, self.inputs);
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
        self.format()
            .to_bytes(self.hidden, self.info, [&self.b1, &self.w1, &self.b2, &self.w2])
    }

    fn format(&self) -> crate::ai::weights::Format {
        match self.inputs {
            Inputs::Plain => FORMAT,
            Inputs::Extended => FORMAT_EXTENDED,
        }
    }

    /// Reads a network written by [`BgNet::to_bytes`], refusing anything damaged or made
    /// for other inputs.
    pub fn from_bytes(bytes: &[u8]) -> Result<BgNet, NetError> {
        match FORMAT.from_bytes(bytes) {
            Ok(w) => Ok(BgNet::of_weights(Inputs::Plain, w)),
            Err(NetError::Version { found, .. }) if found == EXTENDED_VERSION => FORMAT_EXTENDED
                .from_bytes(bytes)
                .map(|w| BgNet::of_weights(Inputs::Extended, w)),
            Err(NetError::Version { found, .. }) => Err(NetError::Version {
                found,
                reads: format!("{FEATURE_VERSION} or {EXTENDED_VERSION}"),
            }),
            Err(e) => Err(e),
        }
    }

    /// The network of weights read (of `inputs`' shape).
    fn of_weights(inputs: Inputs, w: crate::ai::weights::Weights) -> BgNet {
        let mut b2 = [0.0; OUTPUTS];
        b2.copy_from_slice(&w.b2);
        BgNet {
            inputs,
            hidden: w.hidden,
            b1: w.b1,
            w1: w.w1,
            b2,
            w2: w.w2,
            info: w.info,
        }
    }

    /// Reads a network file; the error names the file and says what is wrong.
    pub fn read(path: &std::path::Path) -> Result<BgNet, NetFileError> {
        crate::ai::weights::read_with(path, BgNet::from_bytes)
    }

    /// Writes the network to `path` (through a temporary file, so that a checkpoint is
    /// never left half written).
    pub fn write(&self, path: &std::path::Path) -> std::io::Result<()> {
        let tmp = path.with_extension("net.tmp");
        std::fs::write(&tmp, self.to_bytes())?;
        std::fs::rename(&tmp, path)
    }
}

/// The shipped network's bytes.
pub const EMBEDDED: &[u8] = include_bytes!("../../../assets/backgammon.net");

/// The shipped race network's bytes (`assets/backgammon-race.net`; see the user guide,
/// `docs/src/training.md`). An `Option` so that a build may ship none.
pub const EMBEDDED_RACE: Option<&[u8]> = Some(include_bytes!("../../../assets/backgammon-race.net"));

/// The shipped race network, read once; `None` when none is shipped (or it cannot be
/// read: a test reads it).
#[must_use]
pub fn embedded_race() -> Option<Arc<BgNet>> {
    static NET: OnceLock<Option<Arc<BgNet>>> = OnceLock::new();
    NET.get_or_init(|| EMBEDDED_RACE.and_then(|b| BgNet::from_bytes(b).ok().map(Arc::new)))
        .clone()
}

/// What names the shipped networks: the main one's checksum and the race network's (0
/// when none is shipped). Hashed once: a rollout run names them after every line.
#[must_use]
pub fn embedded_id() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        let race = EMBEDDED_RACE.map_or(0, crate::checksum::fnv1a);
        format!("bgnet-{:016x}-race-{race:016x}", crate::checksum::fnv1a(EMBEDDED))
    })
}

/// The shipped network, read once.
pub fn embedded() -> Result<Arc<BgNet>, NetError> {
    static NET: OnceLock<Result<Arc<BgNet>, NetError>> = OnceLock::new();
    NET.get_or_init(|| BgNet::from_bytes(EMBEDDED).map(Arc::new))
        .clone()
}
