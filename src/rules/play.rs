//! A play: the steps of one turn in the order played, at most four — one container for
//! every game's steps (bräde's [`super::Step`], backgammon's own), written `-` when empty
//! (a forfeited roll) and otherwise as its steps joined by spaces.

use std::fmt;

/// The steps of one turn in the order played (at most four). The empty play is a
/// forfeited roll. A small `Copy` value; the slots past its length are kept at their
/// default, so that equal plays compare and hash equal however they were built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Play<S> {
    steps: [S; 4],
    len: u8,
}

impl<S: Copy + Default> Play<S> {
    /// The empty play (a forfeited roll).
    #[must_use]
    pub fn empty() -> Play<S> {
        Play::default()
    }

    /// A play of these steps (at most four; more are a bug of the caller and dropped).
    #[must_use]
    pub fn of(steps: &[S]) -> Play<S> {
        let mut play = Play::empty();
        for &s in steps.iter().take(4) {
            play.push(s);
        }
        play
    }

    /// The steps in the order played.
    #[must_use]
    pub fn steps(&self) -> &[S] {
        &self.steps[..usize::from(self.len)]
    }

    /// How many steps (dice used).
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no die is played (the roll is forfeited).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a step (ignored past four).
    #[inline]
    pub fn push(&mut self, step: S) {
        if let Some(slot) = self.steps.get_mut(usize::from(self.len)) {
            *slot = step;
            self.len += 1;
        }
    }

    /// Removes the last step, clearing its slot.
    #[inline]
    pub fn pop(&mut self) -> Option<S> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(std::mem::take(&mut self.steps[usize::from(self.len)]))
    }
}

impl<S: Copy + Default + fmt::Display> fmt::Display for Play<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, s) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}
