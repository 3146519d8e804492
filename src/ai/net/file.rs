//! The network's weight file: the bytes of a [`Network`] (see the module documentation of
//! `net` for the layout), checked on the way in: the magic, the feature version, the
//! shape, the checksum, and that every number is a finite weight.

use super::{FEATURE_VERSION, INPUTS, LANES, MAGIC, Network, OUTPUTS, TrainingInfo};

/// Why a weight file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NetError {
    #[error("not a brade network file (it does not start with BRADNET1)")]
    Magic,
    #[error("the file is cut short ({0} bytes)")]
    Short(usize),
    #[error("the file is damaged (checksum mismatch)")]
    Checksum,
    #[error("made for feature version {found}; this brade uses version {FEATURE_VERSION}")]
    Version { found: u32 },
    #[error("unexpected shape: {inputs} inputs, {hidden} hidden, {outputs} outputs")]
    Shape { inputs: u32, hidden: u32, outputs: u32 },
    #[error(
        "the weights or training figures contain a value that is not a finite number, or one too large to be a weight (over {MAX_WEIGHT})"
    )]
    NotFinite,
}

/// A network file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum NetFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Bad {
        path: std::path::PathBuf,
        source: NetError,
    },
}

/// The largest weight a network file may hold (trained weights stay far below it).
const MAX_WEIGHT: f32 = 1.0e6;

impl Network {
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

    /// Reads a network file; the error names the file and says what is wrong.
    pub fn read(path: &std::path::Path) -> Result<Network, NetFileError> {
        // The largest network (4 096 hidden units) is well under 64 MiB.
        let bytes = crate::files::read_regular(path, 64 << 20).map_err(|source| NetFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Network::from_bytes(&bytes).map_err(|source| NetFileError::Bad {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Reads a network written by [`Network::to_bytes`], refusing anything damaged or
    /// made for other inputs.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        const HEADER: usize = 8 + 16 + 16 + 8;
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(NetError::Magic);
        }
        if bytes.len() < HEADER + 8 {
            return Err(NetError::Short(bytes.len()));
        }
        let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let u64_at = |at: usize| u64::from(u32_at(at)) | u64::from(u32_at(at + 4)) << 32;
        let version = u32_at(8);
        let (inputs, hidden, outputs) = (u32_at(12), u32_at(16), u32_at(20));
        if version != FEATURE_VERSION {
            return Err(NetError::Version { found: version });
        }
        if inputs as usize != INPUTS
            || outputs as usize != OUTPUTS
            || hidden == 0
            || hidden > 4096
            || !(hidden as usize).is_multiple_of(LANES)
        {
            return Err(NetError::Shape {
                inputs,
                hidden,
                outputs,
            });
        }
        let h = hidden as usize;
        let floats = h + INPUTS * h + OUTPUTS + h * OUTPUTS;
        let end = HEADER + 4 * floats;
        if bytes.len() < end + 8 {
            return Err(NetError::Short(bytes.len()));
        }
        if bytes.len() != end + 8 || crate::checksum::fnv1a(&bytes[..end]) != u64_at(end) {
            return Err(NetError::Checksum);
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
        // A weight beyond MAX_WEIGHT is no trained value, and sums of such overflow to
        // infinity: refused like a non-finite one.
        if values.iter().any(|v| !v.is_finite() || v.abs() > MAX_WEIGHT)
            || !info.alpha.is_finite()
            || !info.lambda.is_finite()
        {
            return Err(NetError::NotFinite);
        }
        let (b1, rest) = values.split_at(h);
        let (w1, rest) = rest.split_at(INPUTS * h);
        let (b2, w2) = rest.split_at(OUTPUTS);
        let mut b2_arr = [0.0; OUTPUTS];
        b2_arr.copy_from_slice(b2);
        let mut net = Network {
            hidden: h,
            b1: b1.to_vec(),
            w1: w1.to_vec(),
            b2: b2_arr,
            w2: w2.to_vec(),
            play: super::play::Tables::default(),
            info,
        };
        net.refresh();
        Ok(net)
    }
}
