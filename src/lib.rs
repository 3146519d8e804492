//! bräde — the traditional Swedish tables game: rules engine, command line and game.

pub mod rules;
