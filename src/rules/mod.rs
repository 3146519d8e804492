//! The board's shared words, below every game's engine: the two sides ([`Color`]), the
//! dice ([`Roll`]) and a step of one checker by one die in the mover's numbering ([`Step`],
//! a turn's steps in order, [`Play`], for any game's steps;
//! what it did where it landed, [`Effect`]; the bar is [`BAR`], borne off [`OFF`]), and a
//! side's list in a position code as both games write it ([`read_list`], [`write_list`]),
//! and perft over any game's move generator ([`perft`]). Pure,
//! and referring to nothing else in the program: both games' engines and everything above
//! them speak of the board in these.

mod code;
mod color;
mod dice;
pub mod perft;
mod play;
mod step;
pub mod turn;

pub use code::{ListError, Numbering, read_list, write_list};
pub use color::Color;
pub use dice::{Roll, RollError};
pub use play::Play;
pub use step::{BAR, Effect, OFF, Step};
