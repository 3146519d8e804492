//! What the screens need from a game's positions, plays and turns: both games are played
//! on the same board — 24 points, a bar, the trays — by checkers moved one die at a
//! time, so the board can be drawn and lit for any game through these three traits (and
//! played through them with the keys and the mouse once the match screen is written
//! against them).

use crate::rules::{Color, Roll, Step};

/// How the two sides travel the board, for drawing it: where a side's point lies for the
/// other, and where Black's tray is. White sits at the bottom and bears off at the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Both the same way round, each from his own starting point (bräde, R3): a side's
    /// point `p` is the other's `p ± 12`; Black bears off at the top left.
    SameWay,
    /// In opposite directions (backgammon, B1): a side's point `t`, numbered from where he
    /// enters, is the other's `25 − t`; Black bears off at the top right.
    Opposite,
}

/// A position, as the board draws it.
pub trait Checkers {
    /// The side to move.
    fn to_move(&self) -> Color;

    /// `side`'s checkers on each point in its own numbering (1–24), and on the bar (0).
    fn counts(&self, side: Color) -> [u8; 25];

    /// `side`'s checkers borne off.
    fn borne_off(&self, side: Color) -> u8;

    /// The pips `side` still has to move to bear off all his checkers.
    fn pips(&self, side: Color) -> u32;
}

/// A play, as the board marks it: its steps, in the mover's numbering from where he
/// enters (0 the bar, 1–24 the points in the order he travels them, 25 off — bräde's own
/// numbering; a game that numbers otherwise translates).
pub trait Steps {
    fn steps(&self) -> Vec<Step>;
}

/// A turn in progress, as the board shows it and the keys play it.
pub trait TurnView {
    /// The game's position type.
    type Position;

    /// The roll being played.
    fn roll(&self) -> Roll;

    /// The position after the steps taken so far.
    fn position(&self) -> Self::Position;

    /// The dice not yet used, higher first.
    fn dice_left(&self) -> Vec<u8>;

    /// The steps taken form a play that may be made final.
    fn is_complete(&self) -> bool;

    /// The steps taken have ended the game.
    fn ends_game(&self) -> bool;

    /// The distinct steps that may come next and still lead to a legal play.
    fn next_steps(&self) -> Vec<Step>;
}
