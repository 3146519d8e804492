//! The fast path of play generation, for the engine's heavy users (perft, the computer
//! player, `brade moves`): the same rules as [`StepRules`](super::movegen::StepRules),
//! decided with bit masks of the board that each step updates, and mixed rolls searched
//! by two explicit loops. The straightforward search in `movegen` (used for the turn in
//! progress) and this one are checked against each other by the property tests.

use super::board::{Board, OFF};
use super::dice::Roll;
use super::movegen::{Leaf, U64Set, apply_step};
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

/// [`runs_of_six`] out of line: a burst is rare, and the step that applies it is hot.
#[inline(never)]
fn walls_after_burst(bands: u32) -> u32 {
    runs_of_six(bands)
}

/// Bits `p` that start a run of six or more set bits, spread over the whole runs.
#[inline]
fn runs_of_six(bands: u32) -> u32 {
    let starts = bands & (bands >> 1) & (bands >> 2) & (bands >> 3) & (bands >> 4) & (bands >> 5);
    if starts == 0 {
        return 0; // the usual case: no wall at all
    }
    starts | (starts << 1) | (starts << 2) | (starts << 3) | (starts << 4) | (starts << 5)
}

/// The checkers a node may move, for any die: the sources, the points open to them, and
/// the rearmost checker when bearing off (0 otherwise: no die bears off from the bar).
#[derive(Clone, Copy, Debug)]
struct Movers {
    sources: u32,
    open: u32,
    rearmost: u32,
}

impl Movers {
    /// The points whose checker may move by `die`.
    #[inline]
    fn by(self, die: u32) -> u32 {
        let moves = self.sources & (self.open >> die);
        if self.rearmost + die >= OFF as u32 {
            moves | 1 << self.rearmost
        } else {
            moves
        }
    }
}

/// A board with occupancy masks kept in step with it.
#[derive(Clone, Copy, Debug)]
struct Node {
    board: Board,
    /// Bit `p`: the mover has a checker on `p` (bit 0: on the bar).
    own: u32,
    /// Bit `p`: the opponent has a checker on the mover's point `p`.
    opp: u32,
    /// Bit `p`: the opponent has a band on the mover's point `p`.
    bands: u32,
    /// `runs_of_six(bands)`, kept with them (the mover's steps only ever remove bands).
    walls: u32,
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
            walls: runs_of_six(bands),
        }
    }

    /// Per die: the points whose checker may move by `die`, as a mask. Implements R7,
    /// R9, R11 and R12–R14 exactly as `StepRules::step` does.
    #[inline]
    fn movable(&self, die: u32) -> u32 {
        self.movers().by(die)
    }

    /// What [`Node::movable`] needs of the node for any die.
    #[inline]
    fn movers(&self) -> Movers {
        let on_bar = self.own & 1 != 0;
        let burstable = if self.board.own_in_play() == 1 {
            0 // R14
        } else {
            let mut b = self.walls; // R12
            if on_bar {
                let available = 6 - ((self.own | self.bands) & Q1).count_ones();
                if u32::from(self.board.own_bar()) > available {
                    b |= self.bands & Q1; // R13
                }
            }
            b
        };
        let blocked = (self.bands & !burstable) | (self.own & FIRST_HALF_NO_HUK);
        let bearing_off = !on_bar && self.own & BELOW_Q4 == 0 && self.own != 0;
        Movers {
            sources: if on_bar { 1 } else { self.own },
            open: POINTS & !blocked,
            rearmost: if bearing_off { self.own.trailing_zeros() } else { 0 },
        }
    }

    /// Applies the step of the checker on `from` by `die`; returns the step taken.
    #[inline]
    fn apply(&mut self, from: u8, die: u8) -> Step {
        let (step, own, opp, bands) = apply_to(&mut self.board, (self.own, self.opp, self.bands), from, die);
        if self.walls != 0 && bands != self.bands {
            // A band of a wall was burst (taking bands never makes a wall).
            self.walls = walls_after_burst(bands);
        }
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
    (own, opp, bands): (u32, u32, u32),
    from: u8,
    die: u8,
) -> (Step, u32, u32, u32) {
    let to = (from + die).min(OFF);
    let t = if to < OFF { board.at(to) } else { 0 };
    let effect = match t {
        0.. => Effect::Quiet,
        -1 => Effect::Hit,
        _ => Effect::Burst,
    };
    let step = Step {
        from,
        to,
        die,
        effect,
    };
    apply_step(board, step);
    let left = if board.at(from) == 0 {
        own & !(1 << from)
    } else {
        own
    };
    if to == OFF {
        return (step, left, opp, bands);
    }
    let taken = if t < 0 { 1 << to } else { 0 };
    (step, left | 1 << to, opp & !taken, bands & !taken)
}

/// As `movegen::ending_after`, with the masks.
#[inline]
fn ending(board: &Board, own: u32, opp: u32, step: Step) -> Option<GameResult> {
    ending_core(
        u32::from(board.opp_bar()),
        opp,
        step.effect == Effect::Burst && step.to <= 6,
        step.to == OFF && board.own_in_play() == 0,
        || {
            let may_be_pretty = step.to >= 20 && own & BELOW_20 == 0 && board.own_off() == 0;
            if may_be_pretty {
                super::movegen::pretty_game(board)
            } else {
                None
            }
        },
    )
}

/// R15–R18 from what the step left: the opponent's bar and occupancy, whether the step
/// burst in the mover's first quarter, whether it bore off the last checker, and the
/// pretty game the mover's checkers form (asked last, as it may be costly).
#[inline]
fn ending_core(
    opp_bar: u32,
    opp: u32,
    burst_in_q1: bool,
    hemspel: bool,
    pretty: impl FnOnce() -> Option<WinKind>,
) -> Option<GameResult> {
    if opp_bar > 6 - (opp & OPP_Q1).count_ones() {
        return Some(GameResult::new(
            if burst_in_q1 {
                WinKind::Sprangjan
            } else {
                WinKind::Jan
            },
            false,
        ));
    }
    let munk = opp_bar > 0;
    if hemspel {
        return Some(GameResult::new(WinKind::Hemspel, munk));
    }
    pretty().map(|k| GameResult::new(k, munk))
}

/// A sequence of steps reduced to what counting needs: an exact key of the resulting
/// board and result (see [`FastGen::count_all_rolls`]) and the §6.3 fields.
#[derive(Clone, Copy, Debug)]
struct Tally {
    key: u64,
    dice: u8,
    single: u8,
    reduction: u8,
    ends: bool,
}

/// No point: an empty slot in a packed list of points.
const NONE: u64 = 31;
const NO_POINT: u8 = NONE as u8;

/// Powers of 5: a multiset of at most four points `s` is the base-5 number with digit
/// `s` = its count, and fits in 59 bits (5^25 < 2^59).
const POW5: [u64; 25] = {
    let mut p = [1u64; 25];
    let mut i = 1;
    while i < 25 {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

/// The change of the mover's checkers as the multiset difference of step sources and
/// destinations, sorted and packed 5 bits a point (`NONE` for an empty slot).
#[inline]
fn mixed_delta(s1: u8, t1: u8, s2: u8, t2: u8) -> u64 {
    let (src, dst) = if t1 == s2 {
        ((u64::from(s1), NONE), (u64::from(t2), NONE))
    } else if t2 == s1 {
        ((u64::from(s2), NONE), (u64::from(t1), NONE))
    } else {
        let (a, b) = (u64::from(s1.min(s2)), u64::from(s1.max(s2)));
        let (c, d) = (u64::from(t1.min(t2)), u64::from(t1.max(t2)));
        ((a, b), (c, d))
    };
    src.0 | src.1 << 5 | dst.0 << 10 | dst.1 << 15
}

/// Packs a key: the change of the mover's checkers (20 bits), the points where opponent
/// checkers were taken (25 bits) and the result code (4 bits).
#[inline]
fn tally_key(delta: u64, taken: u32, result: Option<GameResult>) -> u64 {
    delta | u64::from(taken) << 20 | u64::from(result.map_or(0, |r| r.code())) << 45
}

/// The exact key of a play's resulting board and result relative to its root, as the
/// counting path computes it (see [`FastGen::count_all_rolls`]).
pub(super) fn play_key(play: &Play, double: bool, result: Option<GameResult>) -> u64 {
    let code = u64::from(result.map_or(0, |r| r.code()));
    if double {
        return play
            .steps()
            .iter()
            .map(|s| POW5[usize::from(s.from)])
            .sum::<u64>()
            | code << 59;
    }
    let taken = play
        .steps()
        .iter()
        .filter(|s| s.effect != Effect::Quiet)
        .fold(0, |m, s| m | 1 << s.to);
    let (s1, s2) = match play.steps() {
        [a, b] => ((a.from, a.to), (b.from, b.to)),
        [a] => ((a.from, a.to), (NO_POINT, NO_POINT)),
        _ => ((NO_POINT, NO_POINT), (NO_POINT, NO_POINT)),
    };
    tally_key(mixed_delta(s1.0, s1.1, s2.0, s2.1), taken, result)
}

impl Node {
    /// Whether a step that takes nothing could end the game here: the opponent already
    /// cannot enter (R17), one checker is left to bear off (R15), or a pretty game is one
    /// step away (R16: nothing borne off and at most one checker outside 20–24).
    #[inline]
    fn quiet_step_may_end(&self) -> bool {
        u32::from(self.board.opp_bar()) > 6 - (self.opp & OPP_Q1).count_ones()
            || self.board.own_in_play() == 1
            || (self.board.own_off() == 0 && (self.own & BELOW_20).count_ones() <= 1)
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
            let jan = bar > 6 - (opp & OPP_Q1).count_ones();
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
                    super::movegen::pretty_game(&board)
                } else {
                    None
                }
            },
        );
        (result, taken, to)
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

/// The fast path's own working state, reused from call to call so that its buffers are
/// never reallocated.
#[derive(Debug)]
pub(super) struct FastGen {
    tallies: Vec<Tally>,
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

/// One search of a roll: where its sequences go and the double positions already
/// expanded.
struct Search<'a> {
    leaves: &'a mut Vec<Leaf>,
    seen_nodes: &'a mut U64Set,
}

impl FastGen {
    pub(super) fn new() -> FastGen {
        FastGen {
            tallies: Vec::with_capacity(1024),
            seen_nodes: U64Set::new(),
            seen_plays: U64Set::new(),
            sure: 0,
            full_play: false,
            firsts: Vec::with_capacity(6 * 16),
            first_at: [0; 8],
        }
    }

    /// Fills `leaves` with the complete and game-ending sequences of `roll` on `board`
    /// (§6.1–6.2; the §6.3 filter is the caller's).
    pub(super) fn search(&mut self, leaves: &mut Vec<Leaf>, board: &Board, roll: Roll) {
        leaves.clear();
        let root = Node::new(board);
        let mut search = Search {
            leaves,
            seen_nodes: &mut self.seen_nodes,
        };
        if roll.is_double() {
            search.seen_nodes.clear();
            search.doubles(&root, roll.high(), &mut Play::empty(), 0);
        } else {
            let (high, low) = (roll.high(), roll.low());
            search.mixed(&root, high, low);
            search.mixed(&root, low, high);
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
        let calm = self.prepare_firsts(&node);
        Roll::all()
            .into_iter()
            .map(|roll| self.count_roll(&node, calm, roll) as u64)
            .sum()
    }

    /// The number of distinct legal plays of one roll.
    pub(super) fn count_one_roll(&mut self, board: &Board, roll: Roll) -> usize {
        let node = Node::new(board);
        let calm = self.prepare_firsts(&node);
        self.count_roll(&node, calm, roll)
    }

    /// Works out the first steps of every die on `root`; returns whether the root is calm
    /// (`!root.quiet_step_may_end()`).
    fn prepare_firsts(&mut self, root: &Node) -> bool {
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
        calm
    }

    fn count_roll(&mut self, node: &Node, calm: bool, roll: Roll) -> usize {
        self.tallies.clear();
        self.seen_plays.clear();
        self.sure = 0;
        self.full_play = false;
        let firsts = std::mem::take(&mut self.firsts);
        if roll.is_double() {
            self.seen_nodes.clear();
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
    /// `calm` is the root's, as [`FastGen::prepare_firsts`] found it.
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
            let one = &step.one;
            let next = step.next.by(u32::from(second));
            if next == 0 {
                self.tally(single(None), 2);
                continue;
            }
            let calm = step.calm;
            for from2 in bits(next) {
                if skip_swapped && from2 != to1 {
                    let to2 = from2 + second;
                    if to2 < OFF && to2 != from && one.board.at(to2) >= 0 {
                        continue;
                    }
                }
                let (result, taken2, to2) = one.peek(from2, second, calm);
                // The twin (`from2` by the lower die, then `from`) is skipped in the second
                // pass exactly when it lands on `to2 ≥ −1` and then on `to1 ≥ 0`.
                if unique
                    && result.is_none()
                    && from2 != to1
                    && to2 != from
                    && to1 < OFF
                    && to2 < OFF
                    && root.board.at(to1) >= 0
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
        let moves = node.movable(u32::from(die));
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
        for from in bits(moves) {
            let key = sources + POW5[usize::from(from)];
            let red = reduction + (from + die).saturating_sub(OFF);
            let (result, _, _) = node.peek(from, die, calm);
            if result.is_some() || depth == 3 {
                let key = key | u64::from(result.map_or(0, |r| r.code())) << 59;
                let t = Tally {
                    key,
                    dice: depth + 1,
                    single: die,
                    reduction: red,
                    ends: result.is_some(),
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

impl Search<'_> {
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
    /// expanded once (`sources`, the base-5 sum of the step sources, identifies them).
    fn doubles(&mut self, node: &Node, die: u8, play: &mut Play, sources: u64) {
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
            let key = sources + POW5[usize::from(from)];
            let mut next = *node;
            let step = next.apply(from, die);
            play.push(step);
            if let Some(r) = next.ending(step) {
                self.leaf(&next.board, *play, Some(r));
            } else if self.seen_nodes.insert(key) {
                self.doubles(&next, die, play, key);
            }
            play.pop();
        }
    }
}
