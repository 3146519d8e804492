//! Single steps (rules' R7, R9, R11–R14): whether one checker may move by one die on a
//! board, why not when it may not ([`StepRefusal`]), and what a step does to the board.
//!
//! [`StepRules`] is worked out once per board and then asked step by step; the plain
//! search of `movegen` and the turn in progress (`turn`) decide every step with it. The
//! fast path (`fast`) decides the same with bit masks, and asks it only under band-run
//! five. Both apply their steps with [`apply_step`].

use super::board::{BAR, Board, OFF};
use super::play::{Effect, Step};
use super::ruleset::{BandRun, BearOff, EntryBurst, RuleSet};

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
    pub(super) on_bar: bool,
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
