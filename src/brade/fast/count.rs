//! Counting the legal plays without building them (perft, `MoveGen::count`): each
//! sequence is reduced to an exact key of the board and result it leaves, a position's
//! first steps are worked out once for all the rolls that start with their die, and the
//! §6.3 filter runs on the keys. Where no step of a double can burst, bear off or end the
//! game, the double is counted lane by lane instead (points a multiple of the die apart;
//! see [`Counter::count_double_by_lanes`]). The listing path of the parent module and the
//! straightforward search in `movegen` are independent of this one; the property tests
//! and the perft counts check them against each other.

use super::key::{NO_POINT, POW5, mixed_delta, tally_key};
use super::node::{
    BELOW_20, FIRST_HALF_NO_HUK, Movers, Node, OPP_Q1_FIRST, POINTS, apply_to, bits, ending_core,
    quarter_count,
};
use crate::brade::board::{Board, OFF};
use crate::brade::ending::pretty_game;
use crate::brade::keyset::U64Set;
use crate::brade::result::{GameResult, WinKind};
use crate::brade::ruleset::RuleSet;
use crate::rules::Roll;

/// A sequence of steps reduced to what counting needs: an exact key of the resulting
/// board and result (see [`Counter::count_all_rolls`]) and the §6.3 fields.
#[derive(Clone, Copy, Debug)]
struct Tally {
    key: u64,
    dice: u8,
    single: u8,
    reduction: u8,
    ends: bool,
}

/// Whether at most one bit of `mask` is set.
#[inline(always)]
fn at_most_one(mask: u32) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

impl Node {
    /// Whether a step that takes nothing could end the game here: the opponent already
    /// cannot enter (R17), one checker is left to bear off (R15), or a pretty game is one
    /// step away (R16: nothing borne off and at most one checker outside 20–24).
    #[inline]
    fn quiet_step_may_end(&self) -> bool {
        u32::from(self.board.opp_bar()) > 6 - quarter_count(self.opp, OPP_Q1_FIRST)
            || self.board.own_in_play() == 1
            || (self.board.own_off() == 0 && at_most_one(self.own & BELOW_20))
    }

    /// The dice (bit `d`) whose doubles' steps on this node fall apart into independent
    /// lanes (see [`Counter::count_double_by_lanes`]): no checker on the bar, no wall (so
    /// no band can be burst, R12–R13), at least five checkers outside the fourth quarter
    /// (so no checker is borne off and no pretty game made within four steps, R11,
    /// R15–R16), and too few opponent blots within four steps of the die for a jan (R17:
    /// each take puts one checker on his bar, and taking in his first quarter only frees
    /// a point for him).
    fn lane_dice(&self) -> u8 {
        let outside_q4: i32 = (1..19u8).map(|p| i32::from(self.board.at(p).max(0))).sum();
        if self.own & 1 != 0 || self.walls != 0 || outside_q4 < 5 {
            return 0;
        }
        let room = 6 - quarter_count(self.opp, OPP_Q1_FIRST);
        let opp_bar = u32::from(self.board.opp_bar());
        if opp_bar > room {
            return 0;
        }
        let blots = self.opp & !self.bands & POINTS;
        let mut dice = 0;
        for die in 1..=6 {
            // The blots a checker can reach in at most four steps of `die`.
            let own = self.own;
            let reach = own << die | own << (2 * die) | own << (3 * die) | own << (4 * die);
            if opp_bar + (reach & blots).count_ones().min(4) <= room {
                dice |= 1 << die;
            }
        }
        dice
    }

    /// The result if the step of `from` by `die` ended the game, and the points where it
    /// took opponent checkers, computed without applying the step to the board. `calm`
    /// is `!self.quiet_step_may_end()`.
    ///
    /// On a calm node only a jan can end the game, and only by taking: no checker is left
    /// to bear off alone, and no pretty game is one step away (something is borne off, or
    /// two points below 20 are held and one step empties at most one of them).
    #[inline(always)]
    fn peek(&self, from: u8, die: u8, calm: bool) -> (Option<GameResult>, u32, u8) {
        let to = (from + die).min(OFF);
        let t = if to < OFF { self.board.at(to) } else { 0 };
        if calm {
            if t >= 0 {
                return (None, 0, to);
            }
            let opp = self.opp & !(1 << to);
            let bar = u32::from(self.board.opp_bar()) + (-t) as u32;
            let jan = bar > 6 - quarter_count(opp, OPP_Q1_FIRST);
            let kind = if t <= -2 && to <= 6 {
                WinKind::Sprangjan
            } else {
                WinKind::Jan
            };
            return (jan.then(|| GameResult::new(kind, false)), 1 << to, to);
        }
        self.peek_taking(from, die, to, t)
    }

    /// [`Node::peek`] on a node that is not calm: the rarer case, kept out of line so
    /// that the common one stays small.
    #[inline(never)]
    fn peek_taking(&self, from: u8, die: u8, to: u8, t: i8) -> (Option<GameResult>, u32, u8) {
        let (taken, opp, captured) = if t < 0 {
            (1u32 << to, self.opp & !(1 << to), (-t) as u32)
        } else {
            (0, self.opp, 0)
        };
        let result = ending_core(
            u32::from(self.board.opp_bar()) + captured,
            opp,
            t <= -2 && to <= 6,
            to == OFF && self.board.own_in_play() == 1,
            || {
                let left = if self.board.at(from) == 1 {
                    self.own & !(1 << from)
                } else {
                    self.own
                };
                let own = left | if to < OFF { 1 << to } else { 0 };
                if (20..OFF).contains(&to) && own & BELOW_20 == 0 && self.board.own_off() == 0 {
                    let mut board = self.board;
                    apply_to(&mut board, (self.own, self.opp, self.bands), from, die);
                    pretty_game(&board)
                } else {
                    None
                }
            },
        );
        (result, taken, to)
    }
}

/// What counting needs to know of a root, found once for its 21 rolls.
#[derive(Clone, Copy, Debug)]
struct RootFacts {
    /// `!root.quiet_step_may_end()`.
    calm: bool,
    /// `root.lane_dice()` (0 on a root that is not calm): the doubles counted lane by
    /// lane.
    lane_dice: u8,
}

/// The points `1..=24` of each residue class modulo each die: `LANES[die][p % die]`.
const LANES: [[u32; 6]; 7] = {
    let mut lanes = [[0u32; 6]; 7];
    let mut die = 1;
    while die <= 6 {
        let mut p = 1;
        while p <= 24 {
            lanes[die][p % die] |= 1 << p;
            p += 1;
        }
        die += 1;
    }
    lanes
};

/// The mover's checkers while a double is counted lane by lane (see
/// [`Counter::count_double_by_lanes`]): nothing else changes there, since no band can be
/// burst and a taken blot's point simply becomes the mover's.
#[derive(Clone, Copy, Debug)]
struct Lanes {
    /// The mover's checkers per point (bit `p` of `own`: at least one).
    counts: [u8; 25],
    own: u32,
    /// The opponent's bands, where no step may land.
    bands: u32,
}

impl Lanes {
    fn new(node: &Node) -> Lanes {
        let mut counts = [0u8; 25];
        for (p, c) in (0u8..).zip(&mut counts) {
            *c = node.board.own(p);
        }
        Lanes {
            counts,
            own: node.own,
            bands: node.bands,
        }
    }

    /// The points whose checker may step by `die` where the lanes apply (R7): the landing
    /// point on the board, no opponent band on it, and below 12 none of the mover's own —
    /// what [`Node::movable`] gives there.
    #[inline]
    fn movable(&self, die: u8) -> u32 {
        self.own & !((self.bands | self.own & FIRST_HALF_NO_HUK) >> die) & (POINTS >> die)
    }

    #[inline]
    fn step(&mut self, from: u8, die: u8) {
        let (from, to) = (usize::from(from), usize::from(from + die));
        self.counts[from] -= 1;
        if self.counts[from] == 0 {
            self.own &= !(1 << from);
        }
        self.counts[to] += 1;
        self.own |= 1 << to;
    }
}

/// A first step of a mixed roll, worked out once for all five rolls that start with its
/// die.
#[derive(Clone, Copy, Debug)]
struct First {
    from: u8,
    to: u8,
    taken: u32,
    result: Option<GameResult>,
    /// The node after the step (the root when the step ends the game).
    one: Node,
    /// `!one.quiet_step_may_end()`.
    calm: bool,
    /// `one.movers()`.
    next: Movers,
}

/// The counting path's own working state, reused from call to call so that its buffers
/// are never reallocated.
#[derive(Debug)]
pub(super) struct Counter {
    tallies: Vec<Tally>,
    /// The double positions already expanded, and the lanes' step multisets already
    /// counted.
    seen_nodes: U64Set,
    seen_plays: U64Set,
    /// While counting: plays counted at once, and whether one of them is a complete play
    /// using every die.
    sure: usize,
    full_play: bool,
    /// The first steps of the position being counted, by die: those of die `d` are
    /// `firsts[first_at[d]..first_at[d + 1]]`.
    firsts: Vec<First>,
    first_at: [usize; 8],
}

impl Counter {
    pub(super) fn new() -> Counter {
        Counter {
            tallies: Vec::with_capacity(1024),
            seen_nodes: U64Set::new(),
            seen_plays: U64Set::new(),
            sure: 0,
            full_play: false,
            firsts: Vec::with_capacity(6 * 16),
            first_at: [0; 8],
        }
    }

    /// `perft(board, 1)`: the distinct legal plays summed over the 21 rolls.
    ///
    /// Counting needs no leaf board: the board a play leaves is the root plus the net
    /// change of the mover's checkers plus the opponent checkers taken, and the key of a
    /// [`Tally`] holds exactly that. For a mixed roll the net change is the multiset
    /// difference of sources and destinations; for a double (every step the same die)
    /// the multiset of sources alone determines it. Equal keys therefore mean equal
    /// boards and results, with no hashing collisions.
    pub(super) fn count_all_rolls(&mut self, board: &Board) -> u64 {
        let node = Node::new(board);
        let facts = self.prepare_firsts(&node);
        Roll::all()
            .into_iter()
            .map(|roll| self.count_roll(&node, facts, roll) as u64)
            .sum()
    }

    /// The number of distinct legal plays of one roll.
    pub(super) fn count_one_roll(&mut self, board: &Board, roll: Roll) -> usize {
        let node = Node::new(board);
        let facts = self.prepare_firsts(&node);
        self.count_roll(&node, facts, roll)
    }

    /// Works out the first steps of every die on `root`, and what counting needs to know
    /// of the root. (Inlined into the callers, as it was before the rule sets' branch in
    /// front of them made the compiler stop doing it: 0.4 % of perft's instructions.)
    #[inline(always)]
    fn prepare_firsts(&mut self, root: &Node) -> RootFacts {
        self.firsts.clear();
        let calm = !root.quiet_step_may_end();
        let movers = root.movers();
        for die in 1..=6u8 {
            self.first_at[usize::from(die)] = self.firsts.len();
            for from in bits(movers.by(u32::from(die))) {
                let (result, taken, to) = root.peek(from, die, calm);
                let mut one = *root;
                if result.is_none() {
                    one.apply(from, die);
                }
                self.firsts.push(First {
                    from,
                    to,
                    taken,
                    result,
                    calm: result.is_none() && !one.quiet_step_may_end(),
                    next: one.movers(),
                    one,
                });
            }
        }
        self.first_at[7] = self.firsts.len();
        RootFacts {
            calm,
            lane_dice: if calm { root.lane_dice() } else { 0 },
        }
    }

    fn count_roll(&mut self, node: &Node, facts: RootFacts, roll: Roll) -> usize {
        let calm = facts.calm;
        self.tallies.clear();
        self.seen_plays.clear();
        self.sure = 0;
        self.full_play = false;
        let firsts = std::mem::take(&mut self.firsts);
        if roll.is_double() {
            self.seen_nodes.clear();
            let die = roll.high();
            let lanes = if facts.lane_dice & 1 << die != 0 {
                Some(self.count_double_by_lanes::<4>(node, die))
            } else {
                self.count_double_after_entry(node, &firsts, die)
            };
            if let Some(n) = lanes {
                self.firsts = firsts;
                return n;
            }
            self.tally_double_firsts(&firsts, roll.high());
        } else {
            let (high, low) = (roll.high(), roll.low());
            self.tally_mixed(node, calm, &firsts, high, low);
            self.tally_mixed(node, calm, &firsts, low, high);
        }
        self.firsts = firsts;
        self.count_tallies()
    }

    /// Counts at once a play that surely survives §6.3 (it ends the game, or uses every
    /// die without reduction); keeps the others for the filter.
    #[inline(always)]
    fn tally(&mut self, t: Tally, all_dice: u8) {
        if t.ends || (t.dice == all_dice && t.reduction == 0) {
            self.full_play |= !t.ends;
            self.sure += usize::from(self.seen_plays.insert(t.key));
        } else {
            self.tallies.push(t);
        }
    }

    /// Mixed roll, `first` die first. In the second pass (`first` the lower die) a
    /// sequence already counted by the first pass in the other order is skipped: when the
    /// mover is not on the bar, no quiet step can end the game at the root, neither step
    /// bursts or bears off, the higher die takes nothing, and neither step lands where
    /// the other starts, the higher die played first is legal too (same landings, same
    /// burst-free legality, no game end after it) and leaves the same board and result.
    ///
    /// Conversely, in the first pass (`first` the higher die) a full play under the same
    /// conditions whose twin in the other order the second pass skips is counted without
    /// its key: no other sequence of either pass leaves the same board (two checkers,
    /// neither moving twice nor landing where the other starts, change the board in a
    /// way only the other order repeats).
    /// `calm` is the root's, as [`Counter::prepare_firsts`] found it.
    fn tally_mixed(&mut self, root: &Node, calm: bool, firsts: &[First], first: u8, second: u8) {
        let twins_skipped = calm && root.own & 1 == 0;
        let may_skip = first < second && twins_skipped;
        let unique = first > second && twins_skipped;
        let at = usize::from(first);
        for step in &firsts[self.first_at[at]..self.first_at[at + 1]] {
            let (from, to1, taken1) = (step.from, step.to, step.taken);
            let red1 = (from + first).saturating_sub(OFF);
            let single = |result: Option<GameResult>| Tally {
                key: tally_key(mixed_delta(from, to1, NO_POINT, NO_POINT), taken1, result),
                dice: 1,
                single: first,
                reduction: red1,
                ends: result.is_some(),
            };
            if step.result.is_some() {
                self.tally(single(step.result), 2);
                continue;
            }
            let skip_swapped = may_skip && to1 < OFF && root.board.at(to1) >= -1;
            // The part of the `unique` test below that depends on the first step alone.
            let unique_first = unique && to1 < OFF && root.board.at(to1) >= 0;
            let one = &step.one;
            let next = step.next.by(u32::from(second));
            if next == 0 {
                self.tally(single(None), 2);
                continue;
            }
            let calm = step.calm;
            // The second steps that neither start where the first landed nor land where
            // it started, and that land on the board on no opponent checker: those the
            // second pass skips, and those the first pass counts without their keys when
            // they cannot end the game (always so for a quiet step on a calm node).
            let twins = if skip_swapped || (unique_first && calm) {
                let mut m = next & (!one.opp >> second) & ((1 << (OFF - second)) - 1);
                m &= !(1 << to1);
                if from >= second {
                    m &= !(1 << (from - second));
                }
                m
            } else {
                0
            };
            if unique_first && calm {
                self.sure += twins.count_ones() as usize;
                self.full_play |= twins != 0;
            }
            for from2 in bits(next & !twins) {
                let (result, taken2, to2) = one.peek(from2, second, calm);
                // The twin (`from2` by the lower die, then `from`) is skipped in the second
                // pass exactly when it lands on `to2 ≥ −1` and then on `to1 ≥ 0`.
                if unique_first
                    && result.is_none()
                    && from2 != to1
                    && to2 != from
                    && to2 < OFF
                    && root.board.at(to2) >= -1
                {
                    self.sure += 1;
                    self.full_play = true;
                    continue;
                }
                let key = tally_key(mixed_delta(from, to1, from2, to2), taken1 | taken2, result);
                let reduction = red1 + (from2 + second).saturating_sub(OFF);
                self.tally(
                    Tally {
                        key,
                        dice: 2,
                        single: 0,
                        reduction,
                        ends: result.is_some(),
                    },
                    2,
                );
            }
        }
    }

    /// The distinct plays of a double of `die` on a root whose [`Node::lane_dice`] has it.
    ///
    /// There a step from `p` to `p + die` is legal or not by what stands on those two
    /// points alone (R7: the landing point's bands and, below 12, the mover's own
    /// checkers; no burst, bearing off or end of the game can occur), and it changes
    /// nothing else that legality reads. The points of one residue class modulo the die
    /// (a lane) therefore never affect another lane's steps: a play is a set of steps of
    /// each lane, legal in any interleaving, and distinct source multisets leave distinct
    /// boards. With `ways[l][j]` the distinct `j`-step source multisets that lane `l` can
    /// play (a search of that lane alone), the plays of `k` steps number the coefficient
    /// of `x^k` in the product of the lanes' polynomials, and R10 keeps the largest `k`.
    /// `LIMIT` is the number of steps left to play: 4, or 3 after an entry.
    fn count_double_by_lanes<const LIMIT: usize>(&mut self, root: &Node, die: u8) -> usize {
        let at = usize::from(die);
        let base = Lanes::new(root);
        let movable = base.movable(die);
        debug_assert_eq!(
            movable,
            root.movable::<false>(u32::from(die), RuleSet::VASAMUSEET),
            "lanes and nodes disagree"
        );
        let mut ways = [[0u64; 5]; 6];
        for from in bits(movable) {
            let lane = usize::from(from % die);
            ways[lane][1] += 1;
            let mut next = base;
            next.step(from, die);
            let (mask, sources) = (LANES[at][lane], POW5[usize::from(from)]);
            if LIMIT > 1 {
                self.lane_search::<LIMIT>(&next, die, mask, sources, 2, &mut ways[lane]);
            }
        }
        let mut plays = [1u64, 0, 0, 0, 0];
        for w in ways.iter().filter(|w| w[1] > 0) {
            let mut product = [0u64; 5];
            for (i, &a) in plays.iter().enumerate().take(LIMIT + 1) {
                product[i] += a; // the lane plays nothing
                for j in 1..=LIMIT - i {
                    product[i + j] += a * w[j];
                }
            }
            plays = product;
        }
        // `plays[0]` is 1: with no step at all, the one empty play.
        plays.iter().rev().find(|&&n| n > 0).map_or(1, |&n| n as usize)
    }

    /// A double of `die` when the mover has one checker on the bar: R9 makes the entry
    /// the first step (the only one [`Counter::prepare_firsts`] found), and when the node
    /// it leaves lets the lanes count that die ([`Node::lane_dice`]), the plays are the
    /// entry followed by each play of at most three steps there. `None` when that does
    /// not hold (the caller then searches in full).
    fn count_double_after_entry(&mut self, root: &Node, firsts: &[First], die: u8) -> Option<usize> {
        let at = usize::from(die);
        let [entry] = &firsts[self.first_at[at]..self.first_at[at + 1]] else {
            return None;
        };
        let lanes_apply = root.board.own_bar() == 1
            && entry.result.is_none()
            && entry.calm
            && entry.one.lane_dice() & 1 << die != 0;
        lanes_apply.then(|| self.count_double_by_lanes::<3>(&entry.one, die))
    }

    /// The step multisets of one lane after `steps - 1` steps (sources `sources`), by
    /// number of steps up to `LIMIT`, each counted once (the keys of all lanes and
    /// lengths differ).
    fn lane_search<const LIMIT: usize>(
        &mut self,
        lanes: &Lanes,
        die: u8,
        lane: u32,
        sources: u64,
        steps: usize,
        ways: &mut [u64; 5],
    ) {
        for from in bits(lanes.movable(die) & lane) {
            let key = sources + POW5[usize::from(from)];
            if self.seen_nodes.insert(key) {
                ways[steps] += 1;
                if steps < LIMIT {
                    let mut next = *lanes;
                    next.step(from, die);
                    self.lane_search::<LIMIT>(&next, die, lane, key, steps + 1, ways);
                }
            }
        }
    }

    /// A double's first steps, from the prepared ones: each leaves a node of its own (one
    /// source each), so none needs the check for a node already expanded.
    fn tally_double_firsts(&mut self, firsts: &[First], die: u8) {
        let at = usize::from(die);
        for step in &firsts[self.first_at[at]..self.first_at[at + 1]] {
            let key = POW5[usize::from(step.from)];
            let red = (step.from + die).saturating_sub(OFF);
            if let Some(result) = step.result {
                let t = Tally {
                    key: key | u64::from(result.code()) << 59,
                    dice: 1,
                    single: die,
                    reduction: red,
                    ends: true,
                };
                self.tally(t, 4);
            } else {
                self.tally_doubles(&step.one, die, key, 1, red);
            }
        }
    }

    /// A double after `depth` steps whose sources sum to `sources` in base 5 (see
    /// [`POW5`]): that sum alone determines the board, since every step moves by the same
    /// die and every landing on an opponent's point takes his checkers.
    fn tally_doubles(&mut self, node: &Node, die: u8, sources: u64, depth: u8, reduction: u8) {
        let moves = node.movable::<false>(u32::from(die), RuleSet::VASAMUSEET);
        if moves == 0 {
            if depth > 0 {
                self.tally(
                    Tally {
                        key: sources,
                        dice: depth,
                        single: die,
                        reduction,
                        ends: false,
                    },
                    4,
                );
            }
            return;
        }
        let calm = !node.quiet_step_may_end();
        if depth == 3 {
            // The last step: its own loop, so that no branch is shared with the others.
            for from in bits(moves) {
                let (result, _, _) = node.peek(from, die, calm);
                let t = Tally {
                    key: (sources + POW5[usize::from(from)])
                        | u64::from(result.map_or(0, |r| r.code())) << 59,
                    dice: 4,
                    single: die,
                    reduction: reduction + (from + die).saturating_sub(OFF),
                    ends: result.is_some(),
                };
                self.tally(t, 4);
            }
            return;
        }
        for from in bits(moves) {
            let key = sources + POW5[usize::from(from)];
            let red = reduction + (from + die).saturating_sub(OFF);
            let (result, _, _) = node.peek(from, die, calm);
            if let Some(result) = result {
                let t = Tally {
                    key: key | u64::from(result.code()) << 59,
                    dice: depth + 1,
                    single: die,
                    reduction: red,
                    ends: true,
                };
                self.tally(t, 4);
            } else if self.seen_nodes.insert(key) {
                let mut next = *node;
                next.apply(from, die);
                self.tally_doubles(&next, die, key, depth + 1, red);
            }
        }
    }

    /// The distinct legal plays: those counted at once plus the kept ones that survive
    /// §6.3–6.5 (1 when nothing can be played: the empty play).
    fn count_tallies(&mut self) -> usize {
        if self.full_play || self.tallies.is_empty() {
            // A full play without reduction makes every kept (lesser) play illegal.
            return if self.sure == 0 && self.tallies.is_empty() {
                1
            } else {
                self.sure
            };
        }
        let (mut most, mut single, mut max_red) = (0u8, 0u8, 0u8);
        for t in &self.tallies {
            most = most.max(t.dice);
            if t.dice == 1 {
                single = single.max(t.single);
            }
            max_red = max_red.max(t.reduction);
        }
        let ranks = |t: &Tally| t.dice == most && (most != 1 || t.single == single);
        let least = if max_red == 0 {
            0
        } else {
            self.tallies
                .iter()
                .filter(|t| ranks(t))
                .map(|t| t.reduction)
                .min()
                .unwrap_or(0)
        };
        let mut n = self.sure;
        for t in &self.tallies {
            if ranks(t) && t.reduction == least && self.seen_plays.insert(t.key) {
                n += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brade::movegen::MoveGen;
    use std::collections::HashSet;

    /// The lane count is checked against the plain search of `movegen` (every legal step
    /// order, step by step), which shares nothing with the fast path, on every position
    /// of random games where it applies.
    #[test]
    fn r9_r10_doubles_counted_lane_by_lane_agree_with_the_plain_search_of_every_step_order() {
        let mut movegen = MoveGen::new();
        let mut counter = Counter::new();
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut random = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let (mut checked, mut entering) = (0, 0);
        for _game in 0..120 {
            let mut board = Board::start();
            for _turn in 0..200 {
                let node = Node::new(&board);
                let lanes = if board.own_bar() == 1 {
                    entering += 1;
                    0b111_1110 // every die: the entry, then lanes where they apply
                } else if node.quiet_step_may_end() {
                    0
                } else {
                    node.lane_dice()
                };
                for die in (1..=6u8).filter(|&d| lanes & 1 << d != 0) {
                    checked += 1;
                    let roll = Roll::new(die, die).expect("a die");
                    let plain: HashSet<_> = movegen
                        .sequences(&board, roll)
                        .iter()
                        .map(|p| (p.board, p.result))
                        .collect();
                    assert_eq!(
                        counter.count_one_roll(&board, roll),
                        plain.len(),
                        "{board:?} {roll}"
                    );
                }
                let roll = Roll::new(1 + random(6) as u8, 1 + random(6) as u8).expect("dice");
                let plays = movegen.plays(&board, roll);
                let play = plays[random(plays.len())];
                if play.result.is_some() {
                    break;
                }
                board = play.board.switched();
            }
        }
        assert!(checked >= 6000, "only {checked} doubles where lanes apply");
        assert!(
            entering >= 300,
            "only {entering} positions with one checker to enter"
        );
    }
}
