//! bräde — the traditional Swedish tables game: rules engine, command line and game.
//!
//! The modules are layers, each referring only to those below it (the user guide's
//! `docs/src/dev/architecture.md` draws them): [`rules`] holds the board's words every game shares (the
//! sides, the dice, a step); [`brade`] and [`backgammon`] are the two pure rules engines
//! above it; [`game`] is the boundary where a game kind meets the rest (the
//! [`game::Game`] trait that each engine's game implements); [`session`] is a match of any game being played; [`ai`] the computer players; [`words`] every
//! sentence a player reads; [`share`] positions, decisions and pictures as players share
//! them; [`store`] and [`settings`] the files; [`app`] the game's
//! screens as state machines (testable without a terminal); [`ui`] draws them; [`tui`]
//! runs them in a terminal, and [`cli`] is the command line that starts it or answers
//! scripts. [`files`] and [`checksum`] are small utilities at the bottom.

pub mod ai;
pub mod app;
pub mod backgammon;
pub mod brade;
pub mod checksum;
pub mod cli;
pub mod files;
pub mod front;
pub mod game;
pub mod plain;
pub mod practice;
pub mod rules;
pub mod serve;
pub mod session;
pub mod settings;
pub mod share;
pub mod store;
pub mod tui;
pub mod ui;
pub mod words;
