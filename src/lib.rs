//! bräde — the traditional Swedish tables game: rules engine, command line and game.
//!
//! [`rules`] is the pure rules engine that every other part asks; [`cli`] is the command
//! line beside the game.

pub mod cli;
pub mod rules;
