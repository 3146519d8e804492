//! A turn as the keys, the mouse and typed notation play it: step by step, each step
//! asked of the game's rules, undone until the play is made final (B19, R-rules alike).
//! The match screen plays any game's turn through [`TurnPlay`]; what is legal stays the
//! game's engine's.

use std::fmt::Debug;

use super::TurnView;
use crate::rules::{Color, Step};

/// What went wrong with a play typed in notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed<P, T, R> {
    /// The text as a whole: it is not notation, or its steps do not make a play.
    Refused(R),
    /// One typed step was refused: the typed steps before it (played in the text only),
    /// the step, and why.
    StepRefused { before: P, typed: T, why: R },
}

/// A turn in progress, played one step at a time.
pub trait TurnPlay: TurnView {
    /// The game's play.
    type Play: Clone + Debug + Eq + Send + Sync;
    /// Why a step, a typed play or making the turn final is refused.
    type Refusal: Clone + Debug + Eq + Send + Sync;
    /// Why a die cannot be played at all (from the bar: the entry's refusal).
    type Blocked: Clone + Debug + Eq + Send + Sync;
    /// How a play that ends the game ends it.
    type Outcome: Copy + Debug + Eq + Send + Sync;
    /// A step as typed in notation.
    type TypedStep: Copy + Debug + Eq + Send + Sync;

    /// The side whose turn it is.
    fn mover(&self) -> Color;

    /// The steps taken so far, in the order taken (numbered as [`super::Steps`] says).
    fn taken(&self) -> Vec<Step>;

    /// The steps taken, as a play.
    fn play_so_far(&self) -> Self::Play;

    /// The play the steps make, once they make a complete legal play.
    fn completed_play(&self) -> Option<Self::Play>;

    /// The dice a complete play leaves unplayed (forfeited); empty while incomplete.
    fn unused_dice(&self) -> Vec<u8>;

    /// How the complete play ends the game, when it does.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// Takes the step of the checker on `from` (the mover's numbering) by `die`.
    fn step(&mut self, from: u8, die: u8) -> Result<Step, Self::Refusal>;

    /// Moves the checker on `from` to `to` with whichever unused die does it (or, where
    /// the game allows, several dice one after another).
    fn move_checker(&mut self, from: u8, to: u8) -> Result<(), Self::Refusal>;

    /// Takes back the last step.
    fn undo(&mut self) -> Option<Step>;

    /// Why each die of a roll that cannot be played at all is blocked (`None`: no checker
    /// can move it); empty unless the whole roll is forfeited.
    fn blocked_dice(&self) -> Vec<(u8, Option<Self::Blocked>)>;

    /// Why each die the complete play leaves unplayed could not be played.
    fn forfeit_reasons(&self) -> Vec<(u8, Option<Self::Blocked>)>;

    /// Plays moves typed in notation: on from the steps already taken, or failing that (a
    /// whole play typed after a move or two) from the start of the turn. On refusal the
    /// turn is left as it was.
    #[allow(clippy::type_complexity)]
    fn type_play(&mut self, text: &str) -> Result<(), Typed<Self::Play, Self::TypedStep, Self::Refusal>>;
}

/// Plays typed moves (`play`) on from the steps already taken or, failing that (a whole
/// play typed after a move or two, `has_steps`), from the start of the turn (`restart`).
/// On refusal the turn is left as it was and the refusal of the first try is returned:
/// the way every game's [`TurnPlay::type_play`] reads what is typed.
pub(super) fn on_or_afresh<T: Clone, E>(
    turn: &mut T,
    has_steps: bool,
    restart: impl FnOnce(&mut T),
    mut play: impl FnMut(&mut T) -> Result<(), E>,
) -> Result<(), E> {
    let mut on = turn.clone();
    let refused = match play(&mut on) {
        Ok(()) => {
            *turn = on;
            return Ok(());
        }
        Err(e) => e,
    };
    if has_steps {
        let mut fresh = turn.clone();
        restart(&mut fresh);
        if play(&mut fresh).is_ok() {
            *turn = fresh;
            return Ok(());
        }
    }
    Err(refused)
}
