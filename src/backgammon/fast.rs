//! The fast generator: the distinct plays of a roll, listed or only counted, for perft and
//! the computer players.
//!
//! What makes it fast: the side to move's checkers in a fixed array with a bit mask of
//! the occupied points beside it, and the other side reduced to two masks (its closed
//! points, which no step changes, and its blots, which hits clear) — no allocation in the
//! search, no colour, no look at the other side's array until a play is finished. Doubles
//! move checkers in non-increasing order of the point they leave: every play is found in
//! exactly one order, and two such orders never leave the same board (the number of
//! steps leaving each point can be read back from what changed, from the highest point
//! down), so a double's plays need no duplicate check at all. The two orders of a mixed
//! roll do meet: their results are told apart by an exact 128-bit key (the mover's
//! counts in nibbles and the points it hit) in a set cleared by a generation stamp.

use crate::rules::Roll;

use super::board::{BAR, Board, Counts, OFF, opposite};
use super::play::{Play, Step};
use super::result::Win;
use super::search::LegalPlay;

/// The search's view of the side to move after some steps.
#[derive(Clone, Copy, Debug)]
struct Node {
    own: Counts,
    /// Bit `p` set when the mover has a checker on `p` (1–24, 25 = bar).
    occ: u32,
    /// Bit `p` set when one opposing checker stands on the mover's point `p`, not yet hit.
    blots: u32,
    /// The mover's counts in nibbles (`4p`) and the points hit (bit `103 + p`).
    key: u128,
}

const HIT_BIT: u32 = 103;

impl Node {
    /// The node of `board`, and the mover's points the other side holds with two or more.
    fn of(board: &Board) -> (Node, u32) {
        let (own, opp) = board.parts();
        let mut occ = 0u32;
        let mut key = 0u128;
        for (p, &n) in own.iter().enumerate() {
            if n > 0 && p > 0 {
                occ |= 1 << p;
            }
            key |= u128::from(n) << (4 * p);
        }
        let mut blots = 0u32;
        let mut closed = 0u32;
        for q in 1..=24u8 {
            match opp[usize::from(opposite(q))] {
                0 => {}
                1 => blots |= 1 << q,
                _ => closed |= 1 << q,
            }
        }
        (
            Node {
                own: *own,
                occ,
                blots,
                key,
            },
            closed,
        )
    }

    /// Where the checker on `from` lands with `die`, and whether it hits; `None` if the
    /// step is not legal (the checker is there and nothing on the bar waits: the caller's).
    #[inline(always)]
    fn target(&self, closed: u32, from: u8, die: u8) -> Option<(u8, bool)> {
        if from > die {
            let to = from - die;
            if closed >> to & 1 != 0 {
                return None;
            }
            return Some((to, self.blots >> to & 1 != 0));
        }
        // Bearing off: all home (B10), and a higher die only from the highest point (B11).
        if self.occ >> 7 != 0 || (from != die && self.occ >> (from + 1) != 0) {
            return None;
        }
        Some((OFF, false))
    }

    #[inline(always)]
    fn moved(&self, from: u8, to: u8, hit: bool) -> Node {
        let mut n = *self;
        let f = usize::from(from);
        n.own[f] -= 1;
        if n.own[f] == 0 {
            n.occ &= !(1 << from);
        }
        n.own[usize::from(to)] += 1;
        if to != OFF {
            n.occ |= 1 << to;
        }
        n.key = n
            .key
            .wrapping_add(1 << (4 * u32::from(to)))
            .wrapping_sub(1 << (4 * u32::from(from)));
        if hit {
            n.blots &= !(1 << to);
            n.key |= 1 << (HIT_BIT + u32::from(to));
        }
        n
    }

    /// The points a checker may leave, as a mask: the bar alone while it holds any.
    #[inline(always)]
    fn sources(&self) -> u32 {
        if self.own[usize::from(BAR)] > 0 {
            1 << BAR
        } else {
            self.occ
        }
    }

    fn board(&self, start: &Board) -> Board {
        let mut opp = *start.opp();
        let hits = (self.key >> (HIT_BIT + 1)) as u32;
        let mut h = hits;
        while h != 0 {
            let q = h.trailing_zeros() as u8 + 1;
            h &= h - 1;
            opp[usize::from(opposite(q))] -= 1;
            opp[usize::from(BAR)] += 1;
        }
        Board::from_parts(self.own, opp)
    }
}

/// The set of keys of a mixed roll's plays, cleared in O(1) by a generation stamp.
#[derive(Clone, Debug)]
struct KeySet {
    keys: Vec<u128>,
    stamps: Vec<u32>,
    generation: u32,
    len: u32,
}

const SLOTS: usize = 1024;

impl KeySet {
    fn new() -> KeySet {
        KeySet {
            keys: vec![0; SLOTS],
            stamps: vec![0; SLOTS],
            generation: 1,
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.len = 0;
    }

    /// Adds `key`; whether it was new.
    #[inline(always)]
    fn insert(&mut self, key: u128) -> bool {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let mut i = (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize;
        loop {
            if self.stamps[i] != self.generation {
                self.stamps[i] = self.generation;
                self.keys[i] = key;
                self.len += 1;
                return true;
            }
            if self.keys[i] == key {
                return false;
            }
            i = (i + 1) & (SLOTS - 1);
        }
    }
}

/// A finished sequence of the listing search.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    node: Node,
    play: Play,
}

/// The fast generator, with its buffers (reuse one for many positions).
#[derive(Clone, Debug)]
pub struct MoveGen {
    keys: KeySet,
    leaves: Vec<Leaf>,
    plays: Vec<LegalPlay>,
}

impl Default for MoveGen {
    fn default() -> MoveGen {
        MoveGen::new()
    }
}

/// What a search does with each sequence it finishes.
trait Sink {
    /// A sequence of `len` steps that cannot go on; `steps` holds them (listing only).
    fn leaf(&mut self, node: &Node, steps: &[Step; 4], len: usize);
}

/// Counts a double's sequences by length (no two leave the same board): the plays are
/// those of the greatest length (B8).
#[derive(Default)]
struct DoubleCount {
    by_len: [u32; 5],
}

impl DoubleCount {
    fn total(&self) -> u64 {
        let most = (0..5).rev().find(|&k| self.by_len[k] > 0).unwrap_or(0);
        u64::from(self.by_len[most])
    }
}

struct Collect<'a>(&'a mut Vec<Leaf>);

impl Sink for Collect<'_> {
    #[inline(always)]
    fn leaf(&mut self, node: &Node, steps: &[Step; 4], len: usize) {
        self.0.push(Leaf {
            node: *node,
            play: Play::of(&steps[..len]),
        });
    }
}

/// The double `die`'s sequences from `node`, leaving points no higher than `top`.
fn double<S: Sink, const LIST: bool>(
    node: &Node,
    closed: u32,
    die: u8,
    top: u8,
    steps: &mut [Step; 4],
    len: usize,
    sink: &mut S,
) {
    let mut moved = false;
    let mut froms = node.sources() & (u32::MAX >> (31 - top));
    while froms != 0 {
        let from = 31 - froms.leading_zeros() as u8;
        froms &= !(1 << from);
        let Some((to, hit)) = node.target(closed, from, die) else {
            continue;
        };
        moved = true;
        let next = node.moved(from, to, hit);
        if LIST {
            steps[len] = Step { from, to, die, hit };
        }
        if len == 3 {
            sink.leaf(&next, steps, 4);
        } else {
            double::<S, LIST>(&next, closed, die, from, steps, len + 1, sink);
        }
    }
    if !moved {
        sink.leaf(node, steps, len);
    }
}

/// Every one-die step of `die` from `node`: `(from, to, hit)` into `out`; how many.
#[inline(always)]
fn steps_of(node: &Node, closed: u32, die: u8, out: &mut [(u8, u8, bool); 25]) -> usize {
    let mut n = 0;
    let mut froms = node.sources();
    while froms != 0 {
        let from = 31 - froms.leading_zeros() as u8;
        froms &= !(1 << from);
        if let Some((to, hit)) = node.target(closed, from, die) {
            out[n] = (from, to, hit);
            n += 1;
        }
    }
    n
}

/// How many steps of `die` the mover can take from points no higher than `top` (the
/// bar alone while it holds any): a double's last step, counted by masks alone.
#[inline(always)]
fn last_steps(own: &Counts, occ: u32, closed: u32, die: u8, top: u8) -> u32 {
    let blocked = closed << die;
    if own[usize::from(BAR)] > 0 {
        return (occ & !blocked) >> BAR & 1;
    }
    let below_top = u32::MAX >> (31 - top);
    let moving = occ & below_top & !(u32::MAX >> (31 - die)) & !blocked;
    let mut n = moving.count_ones();
    // Bearing off (B10, B11): from the die's point, or from the highest below it.
    if occ >> 7 == 0 && occ != 0 {
        let highest = 31 - occ.leading_zeros() as u8;
        if (die <= top && occ >> die & 1 != 0) || (highest < die && highest <= top) {
            n += 1;
        }
    }
    n
}

/// A double's sequences counted by length, the mover's checkers changed in place: no
/// hits or keys are needed to count (a hit opens no point and closes none).
fn double_count(
    own: &mut Counts,
    occ: u32,
    closed: u32,
    die: u8,
    top: u8,
    len: usize,
    sink: &mut DoubleCount,
) {
    if len == 3 {
        match last_steps(own, occ, closed, die, top) {
            0 => sink.by_len[3] += 1,
            n => sink.by_len[4] += n,
        }
        return;
    }
    let mut moved = false;
    let mut froms = if own[usize::from(BAR)] > 0 { 1 << BAR } else { occ } & (u32::MAX >> (31 - top));
    while froms != 0 {
        let from = 31 - froms.leading_zeros() as u8;
        froms &= !(1 << from);
        let to = if from > die {
            let to = from - die;
            if closed >> to & 1 != 0 {
                continue;
            }
            to
        } else {
            if occ >> 7 != 0 || (from != die && occ >> (from + 1) != 0) {
                continue;
            }
            OFF
        };
        moved = true;
        let (f, t) = (usize::from(from), usize::from(to));
        own[f] -= 1;
        own[t] += 1;
        let mut next = occ | (u32::from(to != OFF) << to);
        if own[f] == 0 {
            next &= !(1 << from);
        }
        double_count(own, next, closed, die, from, len + 1, sink);
        own[f] += 1;
        own[t] -= 1;
    }
    if !moved {
        sink.by_len[len] += 1;
    }
}

impl MoveGen {
    /// A generator with empty buffers.
    #[must_use]
    pub fn new() -> MoveGen {
        MoveGen {
            keys: KeySet::new(),
            leaves: Vec::with_capacity(512),
            plays: Vec::with_capacity(512),
        }
    }

    /// The distinct legal plays of `roll` on `board` (B5–B11): one per board left, in the
    /// order found (dice higher first, checkers from the highest point first). A forfeited
    /// roll has the one empty play. Undefined (but safe) on a board whose game is over.
    pub fn plays(&mut self, board: &Board, roll: Roll) -> &[LegalPlay] {
        let (node, closed) = Node::of(board);
        self.leaves.clear();
        self.plays.clear();
        let (a, b) = roll.dice();
        let mut steps = [Step::default(); 4];
        if a == b {
            double::<_, true>(
                &node,
                closed,
                a,
                BAR,
                &mut steps,
                0,
                &mut Collect(&mut self.leaves),
            );
            let most = self.leaves.iter().map(|l| l.play.len()).max().unwrap_or(0);
            for l in &self.leaves {
                if l.play.len() == most {
                    self.plays.push(finish(l, board));
                }
            }
            return &self.plays;
        }
        let (hi, lo) = (roll.high(), roll.low());
        self.mixed_leaves(&node, closed, hi, lo);
        let most = self.leaves.iter().map(|l| l.play.len()).max().unwrap_or(0);
        let high_one = most == 1
            && self
                .leaves
                .iter()
                .any(|l| l.play.steps().first().is_some_and(|s| s.die == hi));
        self.keys.clear();
        for l in &self.leaves {
            let len = l.play.len();
            let ok = len == most && (!high_one || l.play.steps().first().is_some_and(|s| s.die == hi));
            if ok && self.keys.insert(l.node.key) {
                self.plays.push(finish(l, board));
            }
        }
        &self.plays
    }

    fn mixed_leaves(&mut self, node: &Node, closed: u32, hi: u8, lo: u8) {
        let mut firsts = [(0u8, 0u8, false); 25];
        let mut seconds = [(0u8, 0u8, false); 25];
        let mut any = false;
        for (d1, d2) in [(hi, lo), (lo, hi)] {
            let n1 = steps_of(node, closed, d1, &mut firsts);
            for &(f1, t1, h1) in &firsts[..n1] {
                any = true;
                let s1 = Step {
                    from: f1,
                    to: t1,
                    die: d1,
                    hit: h1,
                };
                let child = node.moved(f1, t1, h1);
                let n2 = steps_of(&child, closed, d2, &mut seconds);
                for &(f2, t2, h2) in &seconds[..n2] {
                    let s2 = Step {
                        from: f2,
                        to: t2,
                        die: d2,
                        hit: h2,
                    };
                    self.leaves.push(Leaf {
                        node: child.moved(f2, t2, h2),
                        play: Play::of(&[s1, s2]),
                    });
                }
                if n2 == 0 {
                    self.leaves.push(Leaf {
                        node: child,
                        play: Play::of(&[s1]),
                    });
                }
            }
        }
        if !any {
            self.leaves.push(Leaf {
                node: *node,
                play: Play::empty(),
            });
        }
    }

    /// How many distinct plays [`MoveGen::plays`] would list, without listing them.
    pub fn count(&mut self, board: &Board, roll: Roll) -> u64 {
        let (node, closed) = Node::of(board);
        self.count_node(&node, closed, roll)
    }

    /// [`MoveGen::count`] summed over the 21 distinct rolls (perft's last turn).
    pub fn count_all_rolls(&mut self, board: &Board) -> u64 {
        let (node, closed) = Node::of(board);
        Roll::all()
            .iter()
            .map(|&r| self.count_node(&node, closed, r))
            .sum()
    }

    fn count_node(&mut self, node: &Node, closed: u32, roll: Roll) -> u64 {
        let (a, b) = roll.dice();
        if a == b {
            let mut sink = DoubleCount::default();
            let mut own = node.own;
            double_count(&mut own, node.occ, closed, a, BAR, 0, &mut sink);
            return sink.total();
        }
        let (hi, lo) = (roll.high(), roll.low());
        self.keys.clear();
        let mut firsts = [(0u8, 0u8, false); 25];
        let mut seconds = [(0u8, 0u8, false); 25];
        let mut two = false;
        let mut single = [0u32; 2];
        for (k, (d1, d2)) in [(hi, lo), (lo, hi)].into_iter().enumerate() {
            let n1 = steps_of(node, closed, d1, &mut firsts);
            for &(f1, t1, h1) in &firsts[..n1] {
                let child = node.moved(f1, t1, h1);
                let n2 = steps_of(&child, closed, d2, &mut seconds);
                for &(f2, t2, h2) in &seconds[..n2] {
                    two = true;
                    self.keys.insert(child.moved(f2, t2, h2).key);
                }
                if n2 == 0 {
                    single[k] += 1;
                }
            }
        }
        u64::from(if two {
            self.keys.len
        } else if single[0] > 0 {
            single[0]
        } else {
            single[1].max(1)
        })
    }
}

fn finish(leaf: &Leaf, start: &Board) -> LegalPlay {
    let board = leaf.node.board(start);
    LegalPlay {
        play: leaf.play,
        board,
        win: Win::of_mover(&board),
    }
}
