//! bräde — the traditional Swedish tables game: rules engine, command line and game.
//!
//! [`rules`] is the pure rules engine that every other part asks; [`app`] is the game's
//! state machine (testable without a terminal), [`ui`] draws it, [`tui`] runs it in a
//! terminal, and [`cli`] is the command line that starts it or answers scripts.

pub mod ai;
pub mod app;
pub mod checksum;
pub mod cli;
pub mod files;
pub mod rules;
pub mod session;
pub mod settings;
pub mod store;
pub mod tui;
pub mod ui;
pub mod words;
