//! A network's weight file, the same for every game's network: an 8-byte mark naming
//! whose network it is, the feature version, the shape (inputs, hidden units, outputs),
//! what it was trained with ([`TrainingInfo`]), the weights — the hidden layer's biases
//! and weights, the output layer's — as little-endian `f32`, and an FNV-1a checksum of
//! all that. Checked on the way in: the mark, the version, the shape, the checksum, and
//! that every number is a finite weight. Each game says its [`Format`].

/// What a network file says about its training.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TrainingInfo {
    /// Self-play games trained so far.
    pub games: u64,
    pub seed: u64,
    pub alpha: f32,
    pub lambda: f32,
}

/// A game's network file: its mark, its features' version and its shape.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    /// The game's name in the errors (`brade`, `backgammon`).
    pub name: &'static str,
    /// The first eight bytes (`BRADNET1`, `BGAMNET1`).
    pub magic: &'static [u8; 8],
    pub version: u32,
    pub inputs: usize,
    pub outputs: usize,
    /// The hidden units come in multiples of this (1: any number).
    pub lanes: usize,
}

/// The numbers of a network file, in the file's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub hidden: usize,
    /// The hidden layer's biases (`hidden`) and weights (`inputs × hidden`).
    pub b1: Vec<f32>,
    pub w1: Vec<f32>,
    /// The output layer's biases (`outputs`) and weights (`hidden × outputs`).
    pub b2: Vec<f32>,
    pub w2: Vec<f32>,
    pub info: TrainingInfo,
}

/// Why a weight file was refused.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum NetError {
    /// Not the game's file: `name` is the game's network, `magic` its mark.
    #[error("not a {name} network file (it does not start with {magic})")]
    Magic { name: &'static str, magic: &'static str },
    #[error("the file is cut short ({0} bytes)")]
    Short(usize),
    #[error("the file is damaged (checksum mismatch)")]
    Checksum,
    /// `reads`: the version or versions this brade reads, in words ("1", "1 or 2").
    #[error("made for feature version {found}; this brade reads version {reads}")]
    Version { found: u32, reads: String },
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

/// Reads the network file at `path` and makes a network of its bytes with `parse`; the
/// error names the file and says what is wrong.
pub fn read_with<T>(
    path: &std::path::Path,
    parse: impl FnOnce(&[u8]) -> Result<T, NetError>,
) -> Result<T, NetFileError> {
    let bytes = crate::files::read_regular(path, 64 << 20).map_err(|source| NetFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&bytes).map_err(|source| NetFileError::Bad {
        path: path.to_path_buf(),
        source,
    })
}

/// The largest weight a network file may hold (trained weights stay far below it).
const MAX_WEIGHT: f32 = 1.0e6;

/// The most hidden units a file may declare (the largest network is well under 64 MiB).
const MAX_HIDDEN: u32 = 4096;

impl Format {
    /// A network of `hidden` units as the bytes of a file: what it was trained with, and
    /// its layers in the file's order (the hidden layer's biases and weights, the output
    /// layer's), borrowed from the network.
    #[must_use]
    pub fn to_bytes(&self, hidden: usize, info: TrainingInfo, layers: [&[f32]; 4]) -> Vec<u8> {
        let floats: usize = layers.iter().map(|l| l.len()).sum();
        let mut out = Vec::with_capacity(64 + 4 * floats);
        out.extend_from_slice(self.magic);
        for v in [
            self.version,
            self.inputs as u32,
            hidden as u32,
            self.outputs as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&info.games.to_le_bytes());
        out.extend_from_slice(&info.seed.to_le_bytes());
        out.extend_from_slice(&info.alpha.to_le_bytes());
        out.extend_from_slice(&info.lambda.to_le_bytes());
        for v in layers.into_iter().flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let sum = crate::checksum::fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads the network file at `path`; the error names the file and says what is wrong.
    pub fn read(&self, path: &std::path::Path) -> Result<Weights, NetFileError> {
        read_with(path, |bytes| self.from_bytes(bytes))
    }

    /// Reads the bytes of a file of this format, refusing anything damaged or made for
    /// other inputs.
    pub fn from_bytes(&self, bytes: &[u8]) -> Result<Weights, NetError> {
        const HEADER: usize = 8 + 16 + 16 + 8;
        if bytes.len() < 8 || &bytes[..8] != self.magic {
            return Err(NetError::Magic {
                name: self.name,
                magic: std::str::from_utf8(self.magic).unwrap_or("?"),
            });
        }
        if bytes.len() < HEADER + 8 {
            return Err(NetError::Short(bytes.len()));
        }
        let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let u64_at = |at: usize| u64::from(u32_at(at)) | u64::from(u32_at(at + 4)) << 32;
        let version = u32_at(8);
        let (inputs, hidden, outputs) = (u32_at(12), u32_at(16), u32_at(20));
        if version != self.version {
            return Err(NetError::Version {
                found: version,
                reads: self.version.to_string(),
            });
        }
        if inputs as usize != self.inputs
            || outputs as usize != self.outputs
            || hidden == 0
            || hidden > MAX_HIDDEN
            || !(hidden as usize).is_multiple_of(self.lanes)
        {
            return Err(NetError::Shape {
                inputs,
                hidden,
                outputs,
            });
        }
        let h = hidden as usize;
        let floats = h + self.inputs * h + self.outputs + h * self.outputs;
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
        let (w1, rest) = rest.split_at(self.inputs * h);
        let (b2, w2) = rest.split_at(self.outputs);
        Ok(Weights {
            hidden: h,
            b1: b1.to_vec(),
            w1: w1.to_vec(),
            b2: b2.to_vec(),
            w2: w2.to_vec(),
            info,
        })
    }
}
