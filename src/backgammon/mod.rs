//! The rules of backgammon as the user guide's `docs/src/rules/backgammon.md` numbers them (B1–B12; the cube, matches and
//! chouette are the layers above).
//!
//! Pure, as bräde's engine: no terminal, files, clock or global randomness, and no words
//! — refusals are typed values naming the rule. It shares only the board's words with
//! bräde ([`crate::rules`]: the sides, the dice, a step). Positions are stored from the side to
//! move ([`Board`], each side in its own numbering: 1–24, the bar 25, borne off 0); a
//! [`Position`] adds whose turn it is, the text code and GNU Backgammon's Position ID.
//!
//! The files, each using only those on the lines below it:
//!
//! - `chouette_log.rs` (a chouette's book as the list of what was done to it, for saves)
//! - `chouette.rs` (a chouette's line-up, its members' cubes against the box and its
//!   scores, B17–B18)
//! - `perft.rs` (plays counted to a depth); `turn.rs` (a turn in progress, step by step,
//!   and why a step is refused)
//! - `fast.rs`: [`MoveGen`], the distinct plays of a roll listed or counted fast;
//!   `search.rs`: the plain search of every step order and B8's filter
//! - `steps.rs` (single steps, B5–B11: legal or refused, and applied)
//! - `xgid.rs` (eXtreme Gammon's XGIDs, which hold a Match ID's state too)
//! - `gnubg.rs` (Position IDs), `match_id.rs` (Match IDs), `position.rs` (whose turn, and the text code)
//! - `board.rs`, `play.rs` (steps, plays and their notation), `result.rs`: the values;
//!   `stakes.rs` (the cube, a game's points, matches and money sessions, B13–B16)

mod board;
mod chouette;
mod chouette_log;
mod fast;
mod gnubg;
mod match_id;
mod perft;
mod play;
mod position;
mod result;
mod search;
mod stakes;
mod steps;
mod turn;
mod xgid;

pub use board::{BAR, Board, CHECKERS, Counts, OFF, opposite};
pub use chouette::{
    Chouette, ChouetteError, GameOutcome, Holder, LineUp, MAX_PLAYERS, MIN_PLAYERS, MemberCube, MemberState,
    Phase as ChouettePhase, Side, Status, line_up,
};
pub use chouette_log::Event as ChouetteEvent;
pub use fast::MoveGen;
pub use gnubg::{looks_like_id, position_id, position_key};
pub use match_id::{GameState, MatchIdError, MatchState, looks_like_match_id};
pub use perft::{perft, perft_with};
pub use play::{NotationError, Play, Step, TypedMove, TypedPlay};
pub use position::XgidError;
pub use position::{Position, PositionError};
pub use result::{GameResult, Win};
pub use search::{LegalPlay, plain_plays};
pub use stakes::{Cube, GameEnd, MAX_CUBE, MAX_MATCH, Score, Stakes, StakesError};
pub use steps::{StepRefusal, highest, step};
pub use turn::{Refusal, Turn};
pub use xgid::{DEFAULT_MAX_CUBE, XgDice, Xgid, looks_like_xgid};
