//! The fast path of play generation, for the engine's heavy users (perft, the computer
//! player, `brade moves`): the same rules as [`StepRules`](super::movegen::StepRules),
//! decided with bit masks of the board that each step updates, and mixed rolls searched
//! by two explicit loops. The straightforward search in `movegen` (used for the turn in
//! progress) and this one are checked against each other by the property tests.

use super::board::{Board, OFF};
use super::dice::Roll;
use super::movegen::{Leaf, MoveGen, TAG_NODE};
use super::play::{Effect, Play, Step};
use super::result::{GameResult, WinKind};

const fn span(from: u32, to: u32) -> u32 {
    ((1u64 << (to + 1)) - (1u64 << from)) as u32
}

const POINTS: u32 = span(1, 24);
const FIRST_HALF_NO_HUK: u32 = span(1, 11);
const Q1: u32 = span(1, 6);
const OPP_Q1: u32 = span(13, 18);
const BELOW_Q4: u32 = span(0, 18);
const BELOW_20: u32 = span(0, 19);

/// Bits `p` that start a run of six or more set bits, spread over the whole runs.
#[inline]
fn runs_of_six(bands: u32) -> u32 {
    let starts = bands & (bands >> 1) & (bands >> 2) & (bands >> 3) & (bands >> 4) & (bands >> 5);
    starts | (starts << 1) | (starts << 2) | (starts << 3) | (starts << 4) | (starts << 5)
}

/// A board with occupancy masks kept in step with it.
#[derive(Clone, Copy)]
struct Node {
    board: Board,
    /// Bit `p`: the mover has a checker on `p` (bit 0: on the bar).
    own: u32,
    /// Bit `p`: the opponent has a checker on the mover's point `p`.
    opp: u32,
    /// Bit `p`: the opponent has a band on the mover's point `p`.
    bands: u32,
}

impl Node {
    fn new(board: &Board) -> Node {
        let c = board.cells();
        let (mut own, mut opp, mut bands) = (0u32, 0u32, 0u32);
        for (p, &x) in c.iter().enumerate().take(25) {
            own |= u32::from(x > 0) << p;
            opp |= u32::from(x < 0) << p;
            bands |= u32::from(x <= -2) << p;
        }
        Node {
            board: *board,
            own,
            opp,
            bands,
        }
    }

    /// Per die: the points whose checker may move by `die`, as a mask. Implements R7,
    /// R9, R11 and R12–R14 exactly as `StepRules::step` does.
    #[inline]
    fn movable(&self, die: u32) -> u32 {
        let on_bar = self.own & 1 != 0;
        let burstable = if self.board.own_in_play() == 1 {
            0 // R14
        } else {
            let mut b = runs_of_six(self.bands); // R12
            if on_bar {
                let available = 6 - ((self.own | self.bands) & Q1).count_ones();
                if u32::from(self.board.own_bar()) > available {
                    b |= self.bands & Q1; // R13
                }
            }
            b
        };
        let blocked = (self.bands & !burstable) | (self.own & FIRST_HALF_NO_HUK);
        let open = POINTS & !blocked;
        let sources = if on_bar { 1 } else { self.own };
        let mut moves = sources & (open >> die);
        if !on_bar && self.own & BELOW_Q4 == 0 && self.own != 0 {
            let rearmost = self.own.trailing_zeros();
            if rearmost + die >= OFF as u32 {
                moves |= 1 << rearmost;
            }
        }
        moves
    }

    /// Applies the step of the checker on `from` by `die`; returns the step taken.
    #[inline]
    fn apply(&mut self, from: u8, die: u8) -> Step {
        let (step, own, opp, bands) = apply_to(&mut self.board, (self.own, self.opp, self.bands), from, die);
        (self.own, self.opp, self.bands) = (own, opp, bands);
        step
    }

    #[inline]
    fn ending(&self, step: Step) -> Option<GameResult> {
        ending(&self.board, self.own, self.opp, step)
    }
}

/// Applies a step to a board and its masks `(own, opp, bands)`, in place: the board may
/// live in the leaf buffer, so that a leaf is never copied right after being written.
#[inline]
fn apply_to(
    board: &mut Board,
    (mut own, mut opp, mut bands): (u32, u32, u32),
    from: u8,
    die: u8,
) -> (Step, u32, u32, u32) {
    let to = (from + die).min(OFF);
    *board.cell_mut(from) -= 1;
    if board.at(from) == 0 {
        own &= !(1 << from);
    }
    if to == OFF {
        board.bear_off_one();
        return (
            Step {
                from,
                to,
                die,
                effect: Effect::Quiet,
            },
            own,
            opp,
            bands,
        );
    }
    let t = board.at(to);
    own |= 1 << to;
    if t >= 0 {
        *board.cell_mut(to) = t + 1;
        return (
            Step {
                from,
                to,
                die,
                effect: Effect::Quiet,
            },
            own,
            opp,
            bands,
        );
    }
    *board.cell_mut(to) = 1;
    board.add_opp_bar(-t);
    opp &= !(1 << to);
    bands &= !(1 << to);
    (
        Step {
            from,
            to,
            die,
            effect: if t == -1 { Effect::Hit } else { Effect::Burst },
        },
        own,
        opp,
        bands,
    )
}

/// As `movegen::ending_after`, with the masks.
#[inline]
fn ending(board: &Board, own: u32, opp: u32, step: Step) -> Option<GameResult> {
    {
        let opp_bar = u32::from(board.opp_bar());
        if opp_bar > 0 {
            let free = 6 - (opp & OPP_Q1).count_ones();
            if opp_bar > free {
                let spräng = step.effect == Effect::Burst && step.to <= 6;
                return Some(GameResult::new(
                    if spräng { WinKind::Sprangjan } else { WinKind::Jan },
                    false,
                ));
            }
        }
        let munk = opp_bar > 0;
        if step.to == OFF {
            return (board.own_in_play() == 0).then(|| GameResult::new(WinKind::Hemspel, munk));
        }
        if step.to >= 20 && own & BELOW_20 == 0 && board.own_off() == 0 {
            return super::movegen::pretty_game(board).map(|k| GameResult::new(k, munk));
        }
        None
    }
}

/// Iterates the set bits of a mask, lowest first.
#[inline]
fn bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let p = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            p
        })
    })
}

impl MoveGen {
    /// Fills `self.leaves` with the complete and game-ending sequences of the fast search.
    pub(crate) fn fast_search(&mut self, board: &Board, roll: Roll) {
        self.search_node(&Node::new(board), roll);
    }

    /// `perft(board, 1)`: the distinct legal plays summed over the 21 rolls.
    pub(crate) fn count_all_rolls(&mut self, board: &Board) -> u64 {
        let node = Node::new(board);
        let mut total = 0;
        for roll in Roll::all() {
            self.search_node(&node, roll);
            total += self.count_leaves() as u64;
        }
        total
    }

    fn search_node(&mut self, root: &Node, roll: Roll) {
        self.leaves.clear();
        self.root = root.board;
        if roll.is_double() {
            self.seen.clear();
            self.doubles(root, roll.high(), &mut Play::empty());
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
        leaf.result = ending(&leaf.board, own, opp, step);
        leaf.add_step(step);
    }

    /// Mixed roll, `first` die first.
    fn mixed(&mut self, root: &Node, first: u8, second: u8) {
        for from in bits(root.movable(u32::from(first))) {
            let mut one = *root;
            let s1 = one.apply(from, first);
            let p1 = Play::from_steps(&[s1]);
            if let Some(r) = one.ending(s1) {
                self.leaf(&one.board, p1, Some(r));
                continue;
            }
            let next = one.movable(u32::from(second));
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
    /// expanded once.
    fn doubles(&mut self, node: &Node, die: u8, play: &mut Play) {
        let moves = node.movable(u32::from(die));
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
            let mut next = *node;
            let step = next.apply(from, die);
            play.push(step);
            if let Some(r) = next.ending(step) {
                self.leaf(&next.board, *play, Some(r));
            } else if self.seen.insert(next.board.key(TAG_NODE + play.len() as u8)) {
                self.doubles(&next, die, play);
            }
            play.pop();
        }
    }
}
