//! The sequences a search finds ([`Leaf`]: complete, or ending the game) and the §6.3
//! filter that tells the legal plays among them ([`Thresholds`]: the most dice, the
//! higher die, then the smallest reduction). Both searches (the plain one of `movegen`
//! and the fast one of `fast`) fill a buffer of leaves; `movegen` filters it, and the
//! turn in progress (`turn`) asks the same thresholds why a step leads nowhere.

use super::board::Board;
use super::play::{Play, Step};
use super::result::GameResult;

/// A sequence found by a search, with what the §6.3 filter looks at.
#[derive(Clone, Copy)]
pub(super) struct Leaf {
    pub(super) board: Board,
    pub(super) play: Play,
    pub(super) result: Option<GameResult>,
    /// Dice used, the die of a one-die play (else 0), and the total reduction: what the
    /// §6.3 filters look at.
    dice: u8,
    single: u8,
    reduction: u8,
}

impl Leaf {
    #[inline]
    pub(super) fn new(board: &Board, play: Play, result: Option<GameResult>) -> Leaf {
        let mut leaf = Leaf {
            board: *board,
            play,
            result,
            dice: 0,
            single: 0,
            reduction: 0,
        };
        leaf.refresh();
        leaf
    }

    /// Updates the §6.3 fields for one more step, already pushed onto the play.
    #[inline]
    pub(super) fn add_step(&mut self, step: Step) {
        self.reduction += step.reduction();
        self.single = if self.dice == 0 { step.die } else { 0 };
        self.dice += 1;
    }

    /// Recomputes the §6.3 fields from the play.
    #[inline]
    pub(super) fn refresh(&mut self) {
        let steps = self.play.steps();
        self.reduction = steps.iter().map(|s| s.reduction()).sum();
        self.single = if steps.len() == 1 { steps[0].die } else { 0 };
        self.dice = steps.len() as u8;
    }
}

impl std::fmt::Debug for Leaf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({:?})", self.play, self.result)
    }
}

/// §6.3 over the complete plays that do not end the game: the most dice used; when that
/// is one die, the die such plays must use (the higher one if any uses it); then the
/// smallest total reduction among those.
#[derive(Clone, Copy, Debug)]
pub(super) struct Thresholds {
    pub(super) most: u8,
    pub(super) need_high: Option<u8>,
    least: u8,
}

impl Thresholds {
    pub(super) fn of(leaves: &[Leaf]) -> Thresholds {
        let (mut most, mut single, mut max_reduction) = (0u8, 0u8, 0u8);
        for l in leaves.iter().filter(|l| l.result.is_none()) {
            most = most.max(l.dice);
            single = single.max(l.single);
            max_reduction = max_reduction.max(l.reduction);
        }
        let need_high = (most == 1).then_some(single);
        let mut th = Thresholds {
            most,
            need_high,
            least: 0,
        };
        if max_reduction > 0 {
            th.least = leaves
                .iter()
                .filter(|l| l.result.is_none() && th.ranks(l))
                .map(|l| l.reduction)
                .min()
                .unwrap_or(0);
        }
        th
    }

    #[inline]
    fn ranks(&self, leaf: &Leaf) -> bool {
        leaf.dice == self.most && self.need_high.is_none_or(|h| leaf.single == h)
    }

    /// Whether the sequence is a legal play (§6.1, §6.3).
    #[inline]
    pub(super) fn keeps(&self, leaf: &Leaf) -> bool {
        leaf.result.is_some() || (self.ranks(leaf) && leaf.reduction == self.least)
    }
}
