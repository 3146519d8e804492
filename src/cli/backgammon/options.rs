//! Backgammon's own options of the commands every game shares (`brade arena`'s), read
//! with the shared ones ([`crate::cli::args`]).

use std::path::PathBuf;

/// Where `brade arena --game backgammon`'s games start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum StartArg {
    /// The opening position.
    #[default]
    Opening,
    /// The first race (no contact) of a self-play game of the shipped network.
    Race,
    /// The first position of such a game with both sides home.
    Bearoff,
}

/// `brade arena --game backgammon`'s own options.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ArenaOptions {
    /// Backgammon: where the games start; games 2k and 2k+1 start from the same position
    /// with the same dice, A to roll in the first and B in the second.
    #[arg(long, value_enum, default_value_t)]
    pub start: StartArg,
    /// Backgammon: A values every board with its network alone (no bear-off database, no
    /// race network).
    #[arg(long)]
    pub a_plain: bool,
    /// Backgammon: B values every board with its network alone.
    #[arg(long)]
    pub b_plain: bool,
    /// Backgammon: A values races with this network (from 'brade train --race').
    #[arg(long, value_name = "FILE")]
    pub a_race_net: Option<PathBuf>,
    /// Backgammon: B values races with this network.
    #[arg(long, value_name = "FILE")]
    pub b_race_net: Option<PathBuf>,
    /// Backgammon: also report A's points with each roll's luck taken off, as the shipped
    /// networks judge it (a 1-ply look at every turn): about a tenth of the variance, so a
    /// tenth of the games for the same standard error.
    #[arg(long)]
    pub luck_adjusted: bool,
}

impl ArenaOptions {
    /// Whether any of these options was given (bräde's arena has none of them).
    #[must_use]
    pub fn any(&self) -> bool {
        self.start != StartArg::Opening
            || self.a_plain
            || self.b_plain
            || self.a_race_net.is_some()
            || self.b_race_net.is_some()
            || self.luck_adjusted
    }
}
