//! The bookkeeping of a turn in progress, written once for every game: the roll's
//! candidate plays (every step order the game's search found, legal or not), the steps
//! taken so far and the board they leave. Which steps may come next, whether the steps
//! taken form a legal play, the dice left, undoing — the same for every game; what a step
//! is, what the rules refuse and why, stay the game's (its `Turn` holds a [`Taken`]).

use super::{Play, Roll};

/// A step as the bookkeeping reads it: the die it used.
pub trait TurnStep: Copy + Default + PartialEq + std::fmt::Debug {
    fn die(&self) -> u8;
}

/// A board a step is played on.
pub trait StepBoard: Copy {
    type Step;
    fn apply(&mut self, step: Self::Step);
}

/// A candidate play of the roll, as the game's search lists it.
pub trait Candidate {
    type Step: TurnStep;
    /// The play with what it leaves (its board, its result).
    type Legal: Copy;
    /// Whether the rules let it stand as a play (not only as a step order the search
    /// walked).
    fn is_legal(&self) -> bool;
    fn legal(&self) -> &Self::Legal;
    /// Its steps, in order.
    fn steps(&self) -> &[Self::Step];
}

/// The steps taken so far of a turn, among the roll's candidates.
#[derive(Clone, Debug)]
pub struct Taken<B, C: Candidate> {
    roll: Roll,
    start: B,
    candidates: Vec<C>,
    taken: Play<C::Step>,
    board: B,
}

impl<B: StepBoard<Step = C::Step>, C: Candidate> Taken<B, C> {
    /// Nothing taken yet of `roll` on `start`, whose candidates are `candidates`.
    #[must_use]
    pub fn new(roll: Roll, start: B, candidates: Vec<C>) -> Taken<B, C> {
        Taken {
            roll,
            start,
            candidates,
            taken: Play::empty(),
            board: start,
        }
    }

    /// The roll being played.
    #[must_use]
    pub fn roll(&self) -> Roll {
        self.roll
    }

    /// The board the turn started from.
    #[must_use]
    pub fn start(&self) -> &B {
        &self.start
    }

    /// The board after the steps taken.
    #[must_use]
    pub fn board(&self) -> &B {
        &self.board
    }

    /// The steps taken so far.
    #[must_use]
    pub fn steps(&self) -> &[C::Step] {
        self.taken.steps()
    }

    /// The steps taken so far, as a play.
    #[must_use]
    pub fn play(&self) -> Play<C::Step> {
        self.taken
    }

    /// Every candidate the search found.
    #[must_use]
    pub fn candidates(&self) -> &[C] {
        &self.candidates
    }

    /// The dice not yet used, higher first (four for a double before any step).
    #[must_use]
    pub fn dice_left(&self) -> Vec<u8> {
        let mut left = self.roll.steps();
        for s in self.taken.steps() {
            if let Some(i) = left.iter().position(|&d| d == s.die()) {
                left.remove(i);
            }
        }
        left
    }

    /// The legal plays that begin with `prefix`.
    pub fn legal_with_prefix<'a>(&'a self, prefix: &'a [C::Step]) -> impl Iterator<Item = &'a C::Legal> + 'a {
        self.candidates
            .iter()
            .filter(move |c| c.is_legal() && c.steps().starts_with(prefix))
            .map(Candidate::legal)
    }

    /// The candidates, legal or not, that begin with `prefix`.
    pub fn with_prefix<'a>(&'a self, prefix: &'a [C::Step]) -> impl Iterator<Item = &'a C> + 'a {
        self.candidates
            .iter()
            .filter(move |c| c.steps().starts_with(prefix))
    }

    /// Whether some legal play begins with the steps taken and then `step`.
    #[must_use]
    pub fn leads_on(&self, step: C::Step) -> bool {
        let mut prefix = self.taken;
        prefix.push(step);
        self.legal_with_prefix(prefix.steps()).next().is_some()
    }

    /// The distinct steps that may come next and still lead to a legal play.
    #[must_use]
    pub fn next_steps(&self) -> Vec<C::Step> {
        let k = self.taken.len();
        let mut out: Vec<C::Step> = Vec::new();
        for c in self.candidates.iter().filter(|c| c.is_legal()) {
            if c.steps().starts_with(self.taken.steps())
                && let Some(&s) = c.steps().get(k)
                && !out.contains(&s)
            {
                out.push(s);
            }
        }
        out
    }

    /// The legal play the steps taken form, if they form one.
    #[must_use]
    pub fn completed(&self) -> Option<C::Legal> {
        self.candidates
            .iter()
            .find(|c| c.is_legal() && c.steps() == self.taken.steps())
            .map(|c| *c.legal())
    }

    /// Takes `step` (the caller has checked it).
    pub fn push(&mut self, step: C::Step) {
        self.board.apply(step);
        self.taken.push(step);
    }

    /// Takes back the last step.
    pub fn undo(&mut self) -> Option<C::Step> {
        let s = self.taken.pop()?;
        let mut board = self.start;
        for &t in self.taken.steps() {
            board.apply(t);
        }
        self.board = board;
        Some(s)
    }

    /// Takes back every step.
    pub fn undo_all(&mut self) {
        self.taken = Play::empty();
        self.board = self.start;
    }

    /// Where the steps stand, to go back to with [`Taken::restore`].
    #[must_use]
    pub fn mark(&self) -> (Play<C::Step>, B) {
        (self.taken, self.board)
    }

    /// Back to where [`Taken::mark`] found the steps.
    pub fn restore(&mut self, mark: (Play<C::Step>, B)) {
        (self.taken, self.board) = mark;
    }
}
