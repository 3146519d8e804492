//! Sharing a position, a decision and a picture the way players share them: a decision
//! as the text block eXtreme Gammon puts on the clipboard (`backgammon.rs`; bräde's in the
//! same shape, `brade.rs`), drawn on a board of characters (`text.rs`), and a position as
//! an SVG picture (`picture.rs`). Pure: positions and figures in, text out; the XGID is
//! the engine's ([`crate::backgammon::Xgid`]), a match's `.sgf` the store's.

pub mod backgammon;
pub mod brade;
pub mod picture;
pub mod text;
