//! Play generation: every legal play of a roll, exactly as RULES §6 defines it.
//!
//! A depth-first search tries every step order ([`StepRules`] decides each single step
//! anew, so bursting rights are re-evaluated before every step, R12–R14). A branch stops
//! at a step that ends the game (R15–R17, §6.1) or when no die left can be played
//! (§6.2). The leaves are then filtered (most dice, the higher die, the smallest
//! reduction, §6.3) and made distinct by resulting position and result (§6.5).
//!
//! [`MoveGen`] owns its buffers and reuses them, so generating plays allocates nothing
//! once it is warm. For doubles, intermediate positions reached by several step orders
//! are expanded once: what can follow depends only on the board and the dice left.

use super::board::{BAR, Board, OFF};
use super::dice::Roll;
use super::fast::{FastGen, play_key};
use super::play::{Effect, Play, Step};
use super::result::{GameResult, WinKind};
use super::ruleset::{BandRun, BearOff, EntryBurst, PrettyRule, RuleSet};

/// The points of a tunga range as a bit mask (bit `p` for point `p`).
const fn span(from: u8, to: u8) -> u32 {
    let mut m = 0u32;
    let mut p = from;
    while p <= to {
        m |= 1 << p;
        p += 1;
    }
    m
}

/// What decides single steps in one board: computed once per node of the search.
#[derive(Clone, Copy, Debug)]
pub(super) struct StepRules {
    /// The mover has checkers on the bar: every step must enter (R9).
    on_bar: bool,
    /// The mover's rearmost occupied point (0 when on the bar, 25 when none).
    rearmost: u8,
    /// Every checker in play is in Q4 and none on the bar (R11).
    bearing_off: bool,
    /// Points whose opponent band any step may burst (R12 walls of six or more).
    wall: u32,
    /// Points whose opponent band an entering step may burst (R13 overflowing bar).
    overflow: u32,
    /// R14: the mover has one checker left and may not burst at all.
    last_checker: bool,
    /// The variants in force (see [`RuleSet`]).
    rules: RuleSet,
    /// Band-run five in force (the opponent has more than one checker left): the mover's
    /// bands on 13–24, and those of exactly two checkers (a step from one breaks it).
    five: Option<(u32, u32)>,
}

/// The points 13–24, where the mover's bands are counted for band-run five.
const BAND_RUN_POINTS: u32 = span(13, 24);

/// The bits of a mask that start a run of six or more set bits (0: no such run).
#[inline]
pub(super) fn run_of_six_starts(m: u32) -> u32 {
    m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4) & (m >> 5)
}

/// The points of the mover's first quarter available for entering (R13): empty, or
/// holding an opponent blot.
fn available_entry_points(board: &Board) -> u8 {
    (1..=6u8).filter(|&p| matches!(board.at(p), 0 | -1)).count() as u8
}

impl StepRules {
    pub(super) fn new(board: &Board, rules: RuleSet) -> StepRules {
        let c = board.cells();
        let on_bar = c[0] > 0;
        let rearmost = if on_bar {
            0
        } else {
            (1..=24u8).find(|&p| c[usize::from(p)] > 0).unwrap_or(OFF)
        };
        let last_checker = board.own_in_play() == 1;
        let mut wall = 0u32;
        let mut overflow = 0u32;
        if !last_checker {
            let mut run = 0u8;
            for p in 1..=25u8 {
                if p <= 24 && c[usize::from(p)] <= -2 {
                    run += 1;
                } else {
                    if run >= 6 {
                        wall |= span(p - run, p - 1);
                    }
                    run = 0;
                }
            }
            if on_bar {
                let available = available_entry_points(board);
                let may = match rules.entry_burst {
                    EntryBurst::More => board.own_bar() > available,
                    EntryBurst::None => available == 0,
                };
                if may {
                    overflow = (1..=6u8)
                        .filter(|&p| c[usize::from(p)] <= -2)
                        .fold(0, |m, p| m | (1 << p));
                }
            }
        }
        let five = (rules.band_run == BandRun::Five && board.opp_in_play() > 1).then(|| {
            let (mut bands, mut twos) = (0u32, 0u32);
            for p in 13..=24u8 {
                bands |= u32::from(c[usize::from(p)] >= 2) << p;
                twos |= u32::from(c[usize::from(p)] == 2) << p;
            }
            (bands, twos)
        });
        StepRules {
            on_bar,
            rearmost,
            bearing_off: !on_bar && (19..=24).contains(&rearmost),
            wall,
            overflow,
            last_checker,
            rules,
            five,
        }
    }

    /// Band-run five: whether the step from `from` to `to` (a landing with `effect`)
    /// leaves the mover with bands on more than five consecutive points of 13–24.
    #[inline]
    fn breaks_band_run(&self, board: &Board, from: u8, to: u8, effect: Effect) -> bool {
        let Some((bands, twos)) = self.five else {
            return false;
        };
        let mut after = bands & !(twos & (1 << from));
        if to < OFF && effect == Effect::Quiet && board.at(to) >= 1 {
            after |= 1 << to;
        }
        run_of_six_starts(after & BAND_RUN_POINTS) != 0
    }

    /// The step of the checker on `from` (`0` = bar) by `die`, if it is legal by itself
    /// (R7, R9, R11–R14). Whether it leads to a legal play is for the search to say.
    #[inline]
    pub(super) fn step(&self, board: &Board, from: u8, die: u8) -> Option<Step> {
        let step = self.landing(board, from, die)?;
        (!self.breaks_band_run(board, from, step.to, step.effect)).then_some(step)
    }

    /// [`StepRules::step`] but for band-run five: the step by the rules of landing and
    /// bearing off alone.
    #[inline]
    fn landing(&self, board: &Board, from: u8, die: u8) -> Option<Step> {
        if board.at(from) <= 0 || (self.on_bar && from != BAR) {
            return None;
        }
        let to = from + die;
        if to >= OFF {
            let allowed = match self.rules.bear_off {
                BearOff::Rearmost => from == self.rearmost,
                // Any checker by the exact number; a higher one only for the rearmost.
                BearOff::Free => to == OFF || from == self.rearmost,
            };
            return (self.bearing_off && allowed).then_some(Step {
                from,
                to: OFF,
                die,
                effect: Effect::Quiet,
            });
        }
        let effect = match board.at(to) {
            0 => Effect::Quiet,
            t if t > 0 => {
                if to <= 11 {
                    return None;
                }
                Effect::Quiet
            }
            -1 => Effect::Hit,
            _ => {
                let allowed = self.wall | if from == BAR { self.overflow } else { 0 };
                if allowed & (1 << to) == 0 {
                    return None;
                }
                Effect::Burst
            }
        };
        Some(Step {
            from,
            to,
            die,
            effect,
        })
    }

    /// Why the checker on `from` may not move by `die` (`None` when it may).
    pub(super) fn refusal(&self, board: &Board, from: u8, die: u8) -> Option<StepRefusal> {
        if self.step(board, from, die).is_some() {
            return None;
        }
        if board.at(from) <= 0 {
            return Some(if from == BAR {
                StepRefusal::NothingOnBar
            } else {
                StepRefusal::NoChecker(from)
            });
        }
        if self.on_bar && from != BAR {
            return Some(StepRefusal::BarFirst);
        }
        let to = from + die;
        if to >= OFF {
            return Some(if !self.bearing_off {
                StepRefusal::NotAllHome
            } else if self.rules.bear_off == BearOff::Free {
                StepRefusal::HigherOnlyRearmost(self.rearmost)
            } else {
                StepRefusal::NotRearmost(self.rearmost)
            });
        }
        if let Some(landing) = self.landing(board, from, die)
            && self.breaks_band_run(board, from, to, landing.effect)
        {
            return Some(StepRefusal::BandRun(to));
        }
        let t = board.at(to);
        if t > 0 {
            return Some(if from == BAR {
                StepRefusal::EntryOnOwn(to)
            } else {
                StepRefusal::BandInFirstHalf(to)
            });
        }
        if self.last_checker {
            return Some(StepRefusal::LastCheckerCannotBurst(to));
        }
        if from == BAR {
            let available = available_entry_points(board);
            return Some(match self.rules.entry_burst {
                // R13: bursting on entry needs more checkers on the bar than available
                // points.
                EntryBurst::More => StepRefusal::NoOverflow {
                    point: to,
                    on_bar: board.own_bar(),
                    available,
                },
                // Variant (a): only when no point is available.
                EntryBurst::None => StepRefusal::PointsAvailable { point: to, available },
            });
        }
        Some(StepRefusal::ProtectedBand(to))
    }
}

/// Why a single step is illegal in itself (see `StepRules::refusal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRefusal {
    /// No checker of the mover on that point.
    NoChecker(u8),
    /// Nothing on the bar to enter.
    NothingOnBar,
    /// R9: checkers on the bar must enter first.
    BarFirst,
    /// R11: bearing off needs every checker in the last quarter.
    NotAllHome,
    /// R11: only the rearmost checker (on this point) may bear off.
    NotRearmost(u8),
    /// R7: no band on points 2–11 except the huk.
    BandInFirstHalf(u8),
    /// R9: no entry on the mover's own checkers.
    EntryOnOwn(u8),
    /// R12: the band is protected: it is not part of a wall of six on the mover's path.
    ProtectedBand(u8),
    /// R13: entering, the band is protected: the checkers on the bar are not more than
    /// the available points of the first quarter (empty, or holding an opponent blot).
    NoOverflow { point: u8, on_bar: u8, available: u8 },
    /// R14: one checker left, no bursting.
    LastCheckerCannotBurst(u8),
    /// Entry-burst none: entering, the band is protected while any point of the first
    /// quarter is available (this many).
    PointsAvailable { point: u8, available: u8 },
    /// Bear-off free: only the rearmost checker (on this point) may bear off with a die
    /// higher than it needs.
    HigherOnlyRearmost(u8),
    /// Band-run five: a band on this point would make six in a row.
    BandRun(u8),
}

/// Applies a legal step to the board.
#[inline]
pub(super) fn apply_step(board: &mut Board, step: Step) {
    *board.cell_mut(step.from) -= 1;
    if step.to == OFF {
        board.bear_off_one();
        return;
    }
    let cell = board.cell_mut(step.to);
    match step.effect {
        Effect::Quiet => *cell += 1,
        Effect::Hit | Effect::Burst => {
            let hit = -*cell;
            *cell = 1;
            board.add_opp_bar(hit);
        }
    }
}

const PRETTY: [([i8; 5], WinKind); 4] = [
    ([3, 3, 3, 3, 3], WinKind::EnkeltKronspel),
    ([0, 0, 5, 5, 5], WinKind::DubbeltKronspel),
    ([0, 0, 3, 5, 7], WinKind::Trappspel),
    ([0, 0, 0, 0, 15], WinKind::Uppspel),
];

/// The result of the game if the step just applied ends it (R15–R18); when it meets
/// several conditions, the highest-valued result. Under pretty=whole-roll a pretty game
/// does not end the game at a step (see [`pretty_after_play`]).
#[inline]
pub(super) fn ending_after(board: &Board, step: Step, rules: RuleSet) -> Option<GameResult> {
    let c = board.cells();
    let opp_bar = board.opp_bar();
    if opp_bar > 0 {
        // R17: points of the opponent's Q1 (the mover's 13–18) free of his own checkers.
        let free = c[13..19].iter().filter(|&&x| x >= 0).count();
        if usize::from(opp_bar) > free {
            let spräng = step.effect == Effect::Burst && step.to <= 6;
            return Some(GameResult::new(
                if spräng { WinKind::Sprangjan } else { WinKind::Jan },
                false,
            ));
        }
    }
    let munk = opp_bar > 0;
    if board.own_in_play() == 0 {
        return Some(GameResult::new(WinKind::Hemspel, munk));
    }
    if rules.pretty == PrettyRule::AtOnce
        && (20..=24).contains(&step.to)
        && board.own_off() == 0
        && board.own_bar() == 0
    {
        return pretty_game(board).map(|kind| GameResult::new(kind, munk));
    }
    None
}

/// Pretty=whole-roll: the pretty game the position after a complete play makes, if any
/// (with munk when the opponent then has checkers on the bar).
#[must_use]
pub(super) fn pretty_after_play(board: &Board) -> Option<GameResult> {
    pretty_game(board).map(|kind| GameResult::new(kind, board.opp_bar() > 0))
}

/// R16: the pretty game the mover's checkers on 20–24 form, if any. The patterns hold
/// 15 checkers, so a match means all of them stand there. Only the mover's own checkers
/// count: opponent checkers on these points (negative cells) are nobody's pattern and
/// read as none of the mover's.
#[inline]
pub(super) fn pretty_game(board: &Board) -> Option<WinKind> {
    let c = board.cells();
    let home: [i8; 5] = [c[20], c[21], c[22], c[23], c[24]].map(|n| n.max(0));
    PRETTY
        .iter()
        .find(|(pattern, _)| *pattern == home)
        .map(|&(_, kind)| kind)
}

/// One legal play with the board it leaves (still seen from the mover's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalPlay {
    /// The steps, in one legal order.
    pub play: Play,
    /// The board after the play, seen from the mover's side.
    pub board: Board,
    /// The game's result when the play ends it.
    pub result: Option<GameResult>,
}

/// A sequence found by the search, legal or filtered out by §6.3.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    pub(super) play: LegalPlay,
    pub(super) legal: bool,
}

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

/// The dice still to play in a search node.
#[derive(Clone, Copy, Debug)]
struct Dice {
    values: [u8; 4],
    len: u8,
}

impl Dice {
    fn of(roll: Roll) -> Dice {
        if roll.is_double() {
            Dice {
                values: [roll.high(); 4],
                len: 4,
            }
        } else {
            Dice {
                values: [roll.high(), roll.low(), 0, 0],
                len: 2,
            }
        }
    }

    fn without(&self, index: usize) -> Dice {
        let mut d = *self;
        d.len -= 1;
        d.values[index] = d.values[usize::from(d.len)];
        d
    }
}

/// Open-addressing set of `u64` keys. Each slot carries the generation that wrote it, so
/// that clearing is one increment: a slot of an older generation is empty.
#[derive(Debug)]
pub(super) struct U64Set {
    slots: Vec<(u32, u64)>,
    generation: u32,
    len: usize,
    shift: u32,
}

impl U64Set {
    pub(super) fn new() -> U64Set {
        let bits = 10;
        U64Set {
            slots: vec![(0, 0); 1 << bits],
            generation: 1,
            len: 0,
            shift: 64 - bits,
        }
    }

    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Once in four billion clears: forget every generation for real.
            self.slots.fill((0, 0));
            self.generation = 1;
        }
    }

    /// Inserts `key`; false when it was already there.
    #[inline]
    pub(super) fn insert(&mut self, key: u64) -> bool {
        // At most half the slots are ever used, so the probe ends.
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            let (generation, k) = self.slots[i];
            if generation != self.generation {
                self.slots[i] = (self.generation, key);
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return true;
            }
            if k == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let generation = self.generation;
        let live: Vec<u64> = self
            .slots
            .iter()
            .filter(|&&(g, _)| g == generation)
            .map(|&(_, k)| k)
            .collect();
        self.slots = vec![(0, 0); self.slots.len() * 2];
        self.generation = 1;
        self.len = 0;
        self.shift -= 1;
        for k in live {
            self.insert(k);
        }
    }
}

/// The play generator. Keep one and reuse it: its buffers are then never reallocated.
#[derive(Debug)]
pub struct MoveGen {
    /// The sequences of the last search, before §6.3 filters them.
    leaves: Vec<Leaf>,
    /// The board and roll searched (the root is the board of a forfeited roll; a double
    /// keys its plays differently).
    root: Board,
    double: bool,
    seen_plays: U64Set,
    plays: Vec<LegalPlay>,
    /// The fast path (see `fast.rs`): searching and counting with bit masks.
    fast: FastGen,
    /// The rules the plays are made by.
    rules: RuleSet,
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new()
    }
}

impl std::fmt::Debug for Leaf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({:?})", self.play, self.result)
    }
}

impl MoveGen {
    /// A generator of the Vasamuseet rules.
    #[must_use]
    pub fn new() -> MoveGen {
        MoveGen::with_rules(RuleSet::VASAMUSEET)
    }

    /// A generator of the rules `rules`.
    #[must_use]
    pub fn with_rules(rules: RuleSet) -> MoveGen {
        MoveGen {
            leaves: Vec::with_capacity(1024),
            root: Board::start(),
            double: false,
            seen_plays: U64Set::new(),
            plays: Vec::with_capacity(256),
            fast: FastGen::new(),
            rules,
        }
    }

    /// The rules it makes plays by.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The distinct legal plays of `roll` on `board` (§6.5): one representative step
    /// order each. A forfeited roll gives the empty play alone.
    pub fn plays(&mut self, board: &Board, roll: Roll) -> &[LegalPlay] {
        self.root = *board;
        self.double = roll.is_double();
        self.fast.search(&mut self.leaves, board, roll, self.rules);
        self.filter(true);
        &self.plays
    }

    /// §6.3–6.5 over `self.leaves` into `self.plays` (with only the distinct plays).
    fn filter(&mut self, distinct: bool) {
        if self.rules.pretty == PrettyRule::WholeRoll {
            self.filter_by::<true>(distinct);
        } else {
            self.filter_by::<false>(distinct);
        }
    }

    /// The number of distinct legal plays (1 for a forfeited roll): `plays(..).len()`
    /// without building the list (under the variants, by building it).
    pub fn count(&mut self, board: &Board, roll: Roll) -> usize {
        if self.rules.is_default() {
            self.fast.count_one_roll(board, roll)
        } else {
            self.plays(board, roll).len()
        }
    }

    /// `perft(board, 1)`: the distinct legal plays summed over the 21 rolls.
    pub(super) fn count_all_rolls(&mut self, board: &Board) -> u64 {
        if self.rules.is_default() {
            self.fast.count_all_rolls(board)
        } else {
            Roll::all()
                .into_iter()
                .map(|roll| self.count(board, roll) as u64)
                .sum()
        }
    }

    /// Every legal step order of every legal play of `roll` on `board`; the same play
    /// appears once for each order in which its steps may legally be taken. This uses
    /// the plain search, step by step with `StepRules`, independent of the fast path.
    pub fn sequences(&mut self, board: &Board, roll: Roll) -> &[LegalPlay] {
        self.search(board, roll);
        self.filter(false);
        &self.plays
    }

    /// Every sequence the search reaches before §6.3 filters (complete or game-ending),
    /// with whether it is a legal play; for explaining why a step leads nowhere.
    pub(super) fn candidates(&mut self, board: &Board, roll: Roll) -> (Vec<Candidate>, Thresholds) {
        self.search(board, roll);
        let th = Thresholds::of(&self.leaves);
        let whole_roll = self.rules.pretty == PrettyRule::WholeRoll;
        let out = self
            .leaves
            .iter()
            .map(|l| {
                let legal = th.keeps(l);
                Candidate {
                    legal,
                    play: LegalPlay {
                        play: l.play,
                        board: l.board,
                        result: l.result.or_else(|| {
                            (whole_roll && legal)
                                .then(|| pretty_after_play(&l.board))
                                .flatten()
                        }),
                    },
                }
            })
            .collect();
        (out, th)
    }

    /// Runs the plain search (every step order) into `self.leaves`.
    fn search(&mut self, board: &Board, roll: Roll) {
        self.leaves.clear();
        self.root = *board;
        self.double = roll.is_double();
        self.dfs(board, Dice::of(roll), &mut Play::empty());
    }

    fn dfs(&mut self, board: &Board, dice: Dice, play: &mut Play) {
        let rules = StepRules::new(board, self.rules);
        let mut any = false;
        let mut tried = 0u8;
        for i in 0..usize::from(dice.len) {
            let die = dice.values[i];
            if tried & (1 << die) != 0 {
                continue;
            }
            tried |= 1 << die;
            let rest = dice.without(i);
            let sources = if rules.on_bar { BAR..=BAR } else { 1..=24 };
            for from in sources {
                let Some(step) = rules.step(board, from, die) else {
                    continue;
                };
                any = true;
                let mut next = *board;
                apply_step(&mut next, step);
                play.push(step);
                if let Some(result) = ending_after(&next, step, self.rules) {
                    self.leaves.push(Leaf::new(&next, *play, Some(result)));
                } else if rest.len == 0 {
                    self.leaves.push(Leaf::new(&next, *play, None));
                } else {
                    self.dfs(&next, rest, play);
                }
                play.pop();
            }
        }
        if !any && !play.is_empty() {
            self.leaves.push(Leaf::new(board, *play, None));
        }
    }

    /// [`MoveGen::filter`]; `WHOLE_ROLL`: pretty games are looked at once a play is
    /// complete.
    fn filter_by<const WHOLE_ROLL: bool>(&mut self, distinct: bool) {
        self.plays.clear();
        if self.leaves.is_empty() {
            self.plays.push(LegalPlay {
                play: Play::empty(),
                board: self.root,
                result: None,
            });
            return;
        }
        let th = Thresholds::of(&self.leaves);
        self.seen_plays.clear();
        for leaf in &self.leaves {
            if !th.keeps(leaf) {
                continue;
            }
            // Pretty=whole-roll: the pattern is looked at once the play is complete.
            let result = if WHOLE_ROLL && leaf.result.is_none() {
                pretty_after_play(&leaf.board)
            } else {
                leaf.result
            };
            if !distinct || self.seen_plays.insert(play_key(&leaf.play, self.double, result)) {
                self.plays.push(LegalPlay {
                    play: leaf.play,
                    board: leaf.board,
                    result,
                });
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn the_key_set_forgets_everything_at_each_clear_and_keeps_everything_when_it_grows() {
        let mut set = U64Set::new();
        let mut reference = std::collections::HashSet::new();
        let mut state = 7u64;
        for round in 0..300u32 {
            if round == 150 {
                // The generation counter wraps: every slot is then emptied for real.
                set.generation = u32::MAX;
            }
            set.clear();
            reference.clear();
            // Up to 2 000 keys a round (the table grows past its first 1 024 slots),
            // often repeated, 0 and u64::MAX among them.
            for _ in 0..(round * 37) % 2000 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let key = match state % 7 {
                    0 => 0,
                    1 => u64::MAX,
                    _ => (state >> 33) % 3000,
                };
                assert_eq!(set.insert(key), reference.insert(key), "round {round}, key {key}");
            }
        }
    }

    /// RULES R17's interpretation for a jan made by a burst outside the first quarter
    /// cannot be reached with 15 checkers a side (a wall of six takes 12 of them), so the
    /// classification is checked on the step directly: Black has three on the bar and
    /// two free points in his first quarter.
    #[test]
    fn r17_a_burst_outside_the_first_quarter_makes_plain_jan_and_inside_sprangjan() {
        let pos = Position::from_code("6,7,24x13/0x3,1x8,2,3,4,20/w").expect("valid");
        let board = *pos.board();
        let burst = |to| Step {
            from: 1,
            to,
            die: to - 1,
            effect: Effect::Burst,
        };
        let rules = RuleSet::VASAMUSEET;
        assert_eq!(
            ending_after(&board, burst(7), rules),
            Some(GameResult::new(WinKind::Jan, false))
        );
        assert_eq!(
            ending_after(&board, burst(6), rules),
            Some(GameResult::new(WinKind::Sprangjan, false))
        );
        let hit = Step {
            effect: Effect::Hit,
            ..burst(6)
        };
        assert_eq!(
            ending_after(&board, hit, rules),
            Some(GameResult::new(WinKind::Jan, false))
        );
    }
}
