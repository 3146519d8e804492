//! The fast path of play generation, for the engine's heavy users (perft, the computer
//! player, `brade moves`): the same rules as [`StepRules`](super::steps::StepRules),
//! decided with bit masks of the board that each step updates, and mixed rolls searched
//! by two explicit loops. The straightforward search in `movegen` (used for the turn in
//! progress) and this one are checked against each other by the property tests.
//!
//! This file holds the listing search and [`FastGen`], the fast path's working state.
//! Below it: `node.rs` (the board as bit masks, and what a step does to them), `key.rs`
//! (exact keys of what a play leaves) and `count.rs` (counting the plays without building
//! them, on `node.rs` and `key.rs`). References point down only: none of the three uses
//! this file.

use super::board::Board;
use super::keyset::U64Set;
use super::leaf::Leaf;
use super::play::Play;
use super::result::GameResult;
use super::ruleset::RuleSet;
use crate::rules::Roll;

mod count;
mod key;
mod node;

use count::Counter;
use key::POW5;
pub(super) use key::play_key;
use node::{Node, apply_to, bits, ending};

/// The fast path's own working state, reused from call to call so that its buffers are
/// never reallocated.
#[derive(Debug)]
pub(super) struct FastGen {
    /// The double positions already expanded by the listing search.
    seen_nodes: U64Set,
    /// The counting path's state.
    count: Counter,
}

/// One search of a roll: where its sequences go, the double positions already expanded,
/// and the rules (looked at only with `VARIANTS`: the default's search is the one it
/// always was).
struct Search<'a, const VARIANTS: bool> {
    leaves: &'a mut Vec<Leaf>,
    seen_nodes: &'a mut U64Set,
    rules: RuleSet,
}

impl FastGen {
    pub(super) fn new() -> FastGen {
        FastGen {
            seen_nodes: U64Set::new(),
            count: Counter::new(),
        }
    }

    /// Fills `leaves` with the complete and game-ending sequences of `roll` on `board`
    /// (§6.1–6.2; the §6.3 filter is the caller's).
    pub(super) fn search(&mut self, leaves: &mut Vec<Leaf>, board: &Board, roll: Roll, rules: RuleSet) {
        leaves.clear();
        let root = Node::new(board);
        if rules.is_default() {
            Search::<false> {
                leaves,
                seen_nodes: &mut self.seen_nodes,
                rules,
            }
            .roll(&root, roll);
        } else {
            Search::<true> {
                leaves,
                seen_nodes: &mut self.seen_nodes,
                rules,
            }
            .roll(&root, roll);
        }
    }

    /// `perft(board, 1)`: the distinct legal plays summed over the 21 rolls (see
    /// `count.rs`).
    pub(super) fn count_all_rolls(&mut self, board: &Board) -> u64 {
        self.count.count_all_rolls(board)
    }

    /// The number of distinct legal plays of one roll (see `count.rs`).
    pub(super) fn count_one_roll(&mut self, board: &Board, roll: Roll) -> usize {
        self.count.count_one_roll(board, roll)
    }
}

impl<const VARIANTS: bool> Search<'_, VARIANTS> {
    /// Every sequence of `roll` from `root`.
    fn roll(&mut self, root: &Node, roll: Roll) {
        if roll.is_double() {
            self.seen_nodes.clear();
            self.doubles(root, roll.high(), &mut Play::empty(), 0);
        } else {
            let (high, low) = (roll.high(), roll.low());
            self.mixed(root, high, low);
            self.mixed(root, low, high);
        }
    }

    #[inline]
    fn leaf(&mut self, board: &Board, play: Play, result: Option<GameResult>) {
        self.leaves.push(Leaf::new(board, play, result));
    }

    /// Records the leaf that the step of `from` by `die` makes from `parent` after the
    /// steps `play`. The leaf is built in place in the buffer and never copied after
    /// being written piecewise (that stalls store-to-load forwarding).
    #[inline]
    fn step_leaf(&mut self, parent: &Node, play: &Play, from: u8, die: u8) {
        self.leaves.push(Leaf::new(&parent.board, *play, None));
        let Some(leaf) = self.leaves.last_mut() else {
            return;
        };
        let (step, own, opp, _) =
            apply_to(&mut leaf.board, (parent.own, parent.opp, parent.bands), from, die);
        leaf.play.push(step);
        leaf.result = ending::<VARIANTS>(&leaf.board, own, opp, step, self.rules);
        leaf.add_step(step);
    }

    /// Mixed roll, `first` die first.
    fn mixed(&mut self, root: &Node, first: u8, second: u8) {
        for from in bits(root.movable::<VARIANTS>(u32::from(first), self.rules)) {
            let mut one = *root;
            let s1 = one.apply(from, first);
            let p1 = Play::of(&[s1]);
            if let Some(r) = one.ending::<VARIANTS>(s1, self.rules) {
                self.leaf(&one.board, p1, Some(r));
                continue;
            }
            let next = one.movable::<VARIANTS>(u32::from(second), self.rules);
            if next == 0 {
                self.leaf(&one.board, p1, None);
                continue;
            }
            for from2 in bits(next) {
                self.step_leaf(&one, &p1, from2, second);
            }
        }
    }

    /// A double: up to four steps of `die`; positions reached by several orders are
    /// expanded once (`sources`, the base-5 sum of the step sources, identifies them).
    fn doubles(&mut self, node: &Node, die: u8, play: &mut Play, sources: u64) {
        let moves = node.movable::<VARIANTS>(u32::from(die), self.rules);
        if moves == 0 {
            if !play.is_empty() {
                self.leaf(&node.board, *play, None);
            }
            return;
        }
        if play.len() == 3 {
            for from in bits(moves) {
                self.step_leaf(node, play, from, die);
            }
            return;
        }
        for from in bits(moves) {
            let key = sources + POW5[usize::from(from)];
            let mut next = *node;
            let step = next.apply(from, die);
            play.push(step);
            if let Some(r) = next.ending::<VARIANTS>(step, self.rules) {
                self.leaf(&next.board, *play, Some(r));
            } else if self.seen_nodes.insert(key) {
                self.doubles(&next, die, play, key);
            }
            play.pop();
        }
    }
}
