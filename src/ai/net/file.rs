//! Bräde's network file: the weight file every game's network has
//! ([`crate::ai::weights`]) in bräde's [`FORMAT`] — its mark `BRADNET1`, its features'
//! version and shape, the hidden units in multiples of [`LANES`].

use super::{FEATURE_VERSION, INPUTS, LANES, MAGIC, Network, OUTPUTS};
use crate::ai::weights::{Format, Weights};
pub use crate::ai::weights::{NetError, NetFileError};

/// Bräde's network file.
pub const FORMAT: Format = Format {
    name: "brade",
    magic: MAGIC,
    version: FEATURE_VERSION,
    inputs: INPUTS,
    outputs: OUTPUTS,
    lanes: LANES,
};

impl Network {
    /// The network as bytes (see the module documentation for the layout).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        FORMAT.to_bytes(self.hidden, self.info, [&self.b1, &self.w1, &self.b2, &self.w2])
    }

    /// Reads a network file; the error names the file and says what is wrong.
    pub fn read(path: &std::path::Path) -> Result<Network, NetFileError> {
        FORMAT.read(path).map(Network::of_weights)
    }

    /// Reads a network written by [`Network::to_bytes`], refusing anything damaged or
    /// made for other inputs.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        FORMAT.from_bytes(bytes).map(Network::of_weights)
    }

    /// The network of weights read (of [`FORMAT`]'s shape).
    fn of_weights(w: Weights) -> Network {
        let mut b2 = [0.0; OUTPUTS];
        b2.copy_from_slice(&w.b2);
        let mut net = Network {
            hidden: w.hidden,
            b1: w.b1,
            w1: w.w1,
            b2,
            w2: w.w2,
            play: super::play::Tables::default(),
            info: w.info,
        };
        net.refresh();
        net
    }
}
