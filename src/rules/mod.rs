//! The rules of bräde as `RULES.md` defines them (Vasamuseet rules, R1–R20).
//!
//! Pure: no terminal, files, clock or global randomness. Everything that decides what is
//! legal lives here, and the game, the computer player and the command line all ask it.
//! Positions are stored from the side to move ([`Board`]); a [`Position`] adds whose turn
//! it is and the text code of RULES §7b.

mod board;
mod color;
mod dice;
mod fast;
mod movegen;
mod perft;
mod play;
mod position;
mod result;
mod ruleset;
mod standing;
mod turn;

pub use board::{BAR, Board, CHECKERS, OFF, opposite};
pub use color::Color;
pub use dice::{Roll, RollError};
pub use movegen::{LegalPlay, MoveGen, StepRefusal};
pub use perft::{perft, perft_by, perft_with};
pub use play::{Effect, NotationError, Play, Step, TypedStep, parse_notation};
pub use position::{Counts, Position, PositionError};
pub use result::{GameResult, WinKind};
pub use ruleset::{BandRun, BearOff, EntryBurst, NamedSet, PrettyRule, RuleSet, RuleSetError};
pub use standing::{Decider, GameRecord, MatchScore, Standing, teka};
pub use turn::{Refusal, Turn};
