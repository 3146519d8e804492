//! The board as the fast path sees it: a [`Node`] keeps bit masks of who stands where
//! in step with the board, and answers from them which checkers may move by a die (the
//! rules of `steps`, decided for all checkers at once), what a step does to the masks,
//! and whether it ends the game (the rules of `ending`). The listing search (`fast.rs`)
//! and the counting path (`count.rs`) both build on it.

use crate::brade::board::{Board, OFF};
use crate::brade::ending::pretty_game;
use crate::brade::result::{GameResult, WinKind};
use crate::brade::ruleset::{BandRun, BearOff, EntryBurst, PrettyRule, RuleSet};
use crate::brade::steps::{StepRules, apply_step, run_of_six_starts};
use crate::rules::{Effect, Step};

const fn span(from: u32, to: u32) -> u32 {
    ((1u64 << (to + 1)) - (1u64 << from)) as u32
}

pub(super) const POINTS: u32 = span(1, 24);
pub(super) const FIRST_HALF_NO_HUK: u32 = span(1, 11);
/// The first points of the mover's first quarter and of the opponent's (R3).
const Q1_FIRST: u32 = 1;
pub(super) const OPP_Q1_FIRST: u32 = 13;
const Q1: u32 = span(Q1_FIRST, Q1_FIRST + 5);
const BELOW_Q4: u32 = span(0, 18);
pub(super) const BELOW_20: u32 = span(0, 19);

/// Set bits per 6-bit value: the compiler's baseline target (x86-64 without POPCNT) counts
/// bits with a dozen instructions, and the hot path counts the points of one quarter.
const SIX_BITS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The points `first..first + 6` (one quarter) set in `mask`, counted.
#[inline(always)]
pub(super) fn quarter_count(mask: u32, first: u32) -> u32 {
    u32::from(SIX_BITS[((mask >> first) & 63) as usize])
}

/// [`runs_of_six`] out of line: a burst is rare, and the step that applies it is hot.
#[inline(never)]
fn walls_after_burst(bands: u32) -> u32 {
    runs_of_six(bands)
}

/// Bits `p` that start a run of six or more set bits, spread over the whole runs.
#[inline]
fn runs_of_six(bands: u32) -> u32 {
    let starts = run_of_six_starts(bands);
    if starts == 0 {
        return 0; // the usual case: no wall at all
    }
    starts | (starts << 1) | (starts << 2) | (starts << 3) | (starts << 4) | (starts << 5)
}

/// The checkers a node may move, for any die: the sources, the points open to them, and
/// the rearmost checker when bearing off (0 otherwise: no die bears off from the bar).
#[derive(Clone, Copy, Debug)]
pub(super) struct Movers {
    sources: u32,
    open: u32,
    rearmost: u32,
}

impl Movers {
    /// The points whose checker may move by `die`.
    #[inline]
    pub(super) fn by(self, die: u32) -> u32 {
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
pub(super) struct Node {
    pub(super) board: Board,
    /// Bit `p`: the mover has a checker on `p` (bit 0: on the bar).
    pub(super) own: u32,
    /// Bit `p`: the opponent has a checker on the mover's point `p`.
    pub(super) opp: u32,
    /// Bit `p`: the opponent has a band on the mover's point `p`.
    pub(super) bands: u32,
    /// `runs_of_six(bands)`, kept with them (the mover's steps only ever remove bands).
    pub(super) walls: u32,
}

impl Node {
    pub(super) fn new(board: &Board) -> Node {
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
    /// R9, R11 and R12–R14 exactly as `StepRules::step` does — and with `VARIANTS`, the
    /// variants of `rules` (without, `rules` is the default and not looked at: the
    /// default's search is the one it always was).
    #[inline]
    pub(super) fn movable<const VARIANTS: bool>(&self, die: u32, rules: RuleSet) -> u32 {
        if !VARIANTS {
            return self.movers().by(die);
        }
        let movers = self.movers_by(rules);
        let mut moves = movers.by(die);
        if rules.bear_off == BearOff::Free && movers.rearmost != 0 {
            // Bearing off (the rearmost is on 19–24): also the checker that the die takes
            // off by its exact number.
            moves |= self.own & (1 << (OFF as u32 - die));
        }
        if rules.band_run == BandRun::Five && moves != 0 && self.board.opp_in_play() > 1 {
            // Band-run five looks at the bands a step leaves: each step asked alone.
            let step_rules = StepRules::new(&self.board, rules);
            return bits(moves)
                .filter(|&from| step_rules.step(&self.board, from, die as u8).is_some())
                .fold(0, |m, from| m | 1 << from);
        }
        moves
    }

    /// What [`Node::movable`] needs of the node for any die, by the Vasamuseet rules.
    #[inline]
    pub(super) fn movers(&self) -> Movers {
        self.movers_by(RuleSet::VASAMUSEET)
    }

    /// [`Node::movers`] by the rules `rules` (but for band-run five, which looks at each
    /// step).
    #[inline]
    fn movers_by(&self, rules: RuleSet) -> Movers {
        let on_bar = self.own & 1 != 0;
        let burstable = if self.board.own_in_play() == 1 {
            0 // R14
        } else {
            let mut b = self.walls; // R12
            if on_bar {
                let available = 6 - quarter_count(self.own | self.bands, Q1_FIRST);
                let may = match rules.entry_burst {
                    EntryBurst::More => u32::from(self.board.own_bar()) > available,
                    EntryBurst::None => available == 0,
                };
                if may {
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
    pub(super) fn apply(&mut self, from: u8, die: u8) -> Step {
        let (step, own, opp, bands) = apply_to(&mut self.board, (self.own, self.opp, self.bands), from, die);
        if self.walls != 0 && bands != self.bands {
            // A band of a wall was burst (taking bands never makes a wall).
            self.walls = walls_after_burst(bands);
        }
        (self.own, self.opp, self.bands) = (own, opp, bands);
        step
    }

    #[inline]
    pub(super) fn ending<const VARIANTS: bool>(&self, step: Step, rules: RuleSet) -> Option<GameResult> {
        ending::<VARIANTS>(&self.board, self.own, self.opp, step, rules)
    }
}

/// Applies a step to a board and its masks `(own, opp, bands)`, in place: the board may
/// live in the leaf buffer, so that a leaf is never copied right after being written.
#[inline]
pub(super) fn apply_to(
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

/// As `ending::ending_after`, with the masks (the variants' only when `VARIANTS`).
#[inline]
pub(super) fn ending<const VARIANTS: bool>(
    board: &Board,
    own: u32,
    opp: u32,
    step: Step,
    rules: RuleSet,
) -> Option<GameResult> {
    ending_core(
        u32::from(board.opp_bar()),
        opp,
        step.effect == Effect::Burst && step.to <= 6,
        step.to == OFF && board.own_in_play() == 0,
        || {
            let may_be_pretty = (!VARIANTS || rules.pretty == PrettyRule::AtOnce)
                && step.to >= 20
                && own & BELOW_20 == 0
                && board.own_off() == 0;
            if may_be_pretty { pretty_game(board) } else { None }
        },
    )
}

/// R15–R18 from what the step left: the opponent's bar and occupancy, whether the step
/// burst in the mover's first quarter, whether it bore off the last checker, and the
/// pretty game the mover's checkers form (asked last, as it may be costly).
#[inline]
pub(super) fn ending_core(
    opp_bar: u32,
    opp: u32,
    burst_in_q1: bool,
    hemspel: bool,
    pretty: impl FnOnce() -> Option<WinKind>,
) -> Option<GameResult> {
    if opp_bar > 6 - quarter_count(opp, OPP_Q1_FIRST) {
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

/// Iterates the set bits of a mask, lowest first.
#[inline]
pub(super) fn bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let p = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            p
        })
    })
}
