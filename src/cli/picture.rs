//! `brade picture POSITION`: a position of either game as an SVG picture
//! ([`crate::share::picture`]), to standard output or a file.
//!
//! The position is bräde's code, or backgammon's (with `--game backgammon`); a GNU
//! Backgammon Position ID (`ID`, `ID:b`, `ID:MATCHID`) or an XGID is backgammon's whatever
//! the game, and brings its cube and dice.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use clap::builder::PossibleValue;

use super::{file_error, finish, usage_error};
use crate::game::Kind;
use crate::rules::Roll;
use crate::share::picture::{Extras, Theme};

impl ValueEnum for Theme {
    fn value_variants<'a>() -> &'a [Self] {
        &[Theme::Light, Theme::Dark]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }))
    }
}

/// `brade picture`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct PictureArgs {
    /// A position: bräde's code, backgammon's (with --game backgammon), a GNU Backgammon
    /// Position ID (ID, ID:b or ID:MATCHID) or an XGID.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Write the picture to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The colours: light (the default) or dark.
    #[arg(long, value_enum, default_value_t)]
    pub theme: Theme,
    /// Mirror the board: the home boards on the left.
    #[arg(long)]
    pub flip: bool,
    /// The dice the side to move has rolled (e.g. 53), drawn beside the board.
    #[arg(long, value_name = "DICE")]
    pub dice: Option<String>,
    /// The game of a position code: brade (the default) or backgammon.
    #[arg(long, value_enum, value_name = "GAME")]
    pub game: Option<Kind>,
}

/// `brade picture POSITION [--out FILE] [--theme light|dark] [--flip] [--dice D] [--game G]`.
pub(super) fn picture(args: &PictureArgs) -> ExitCode {
    let text = args.position.trim();
    let dice = match args.dice.as_deref().map(str::parse::<Roll>).transpose() {
        Ok(roll) => roll.map(|r| r.dice()),
        Err(e) => return usage_error(&format!("bad dice: {e}")),
    };
    let extras = Extras {
        theme: args.theme,
        flip: args.flip,
        ..Extras::default()
    };
    let kind = super::commands::chosen(args.game, Some(text));
    let svg =
        crate::with_game!(kind, G => <G as super::commands::GameCommands>::picture(text, dice, &extras));
    let svg = match svg {
        Ok(svg) => svg,
        Err(why) => return usage_error(&format!("bad position: {why}")),
    };
    match &args.out {
        Some(path) => match std::fs::write(path, svg) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => file_error(&format!("{}: {e}", path.display())),
        },
        None => finish(io::stdout().lock().write_all(svg.as_bytes())),
    }
}
