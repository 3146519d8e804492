//! The rules of bräde as the user guide's `docs/src/rules/brade.md` defines them (Vasamuseet rules, R1–R20).
//!
//! Pure: no terminal, files, clock or global randomness. Everything that decides what is
//! legal lives here, and the game, the computer player and the command line all ask it.
//! Positions are stored from the side to move ([`Board`]); a [`Position`] adds whose turn
//! it is and the text code of rules §7b.
//!
//! The files, each using only those on the lines below it (and none in a circle):
//!
//! - `perft.rs` (plays counted to a depth); `turn.rs` (a turn in progress, step by step,
//!   and why a step is refused)
//! - `movegen.rs`: [`MoveGen`], the plays of a roll (§6) — listed and counted by the fast
//!   path, or found by its own plain search of every step order — and their §6.5
//!   distinctness
//! - `fast.rs`: the fast path's listing search and its state; below it `fast/count.rs`
//!   (counting plays without building them), and below both `fast/node.rs` (the board as
//!   bit masks) and `fast/key.rs` (exact keys of what a play leaves)
//! - `steps.rs` (single steps, R7–R14, applied and refused), `ending.rs` (a step that ends
//!   the game, R15–R18), `leaf.rs` (a search's sequences and the §6.3 filter), `keyset.rs`
//!   (the set of keys the searches tell plays and positions apart by)
//! - `position.rs` (whose turn, and the text code), `standing.rs` (teka, the match, R20)
//! - `board.rs`, `play.rs`, `result.rs`, `ruleset.rs`: the values (the sides, the dice and
//!   a step are the board's shared words, [`crate::rules`])

mod board;
mod ending;
mod fast;
mod keyset;
mod leaf;
mod movegen;
mod perft;
mod play;
mod position;
mod result;
mod ruleset;
mod standing;
mod steps;
mod turn;

pub use board::{Board, CHECKERS, opposite};
pub use movegen::{LegalPlay, MoveGen};
pub use perft::{perft, perft_by, perft_with};
pub use play::{NotationError, Play, TypedStep, parse_notation};
pub use position::{Counts, Position, PositionError};
pub use result::{GameResult, WinKind};
pub use ruleset::{BandRun, BearOff, EntryBurst, NamedSet, PrettyRule, RuleSet, RuleSetError};
pub use standing::{Decider, GAME_CHOICES, GameRecord, MatchScore, Standing, teka};
pub use steps::StepRefusal;
pub use turn::{Refusal, Turn};
