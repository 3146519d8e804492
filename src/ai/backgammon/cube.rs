//! Doubling-cube decisions for backgammon (B13–B16): from the *cubeless* chances of the
//! side to roll ([`Outcomes`]) to its cubeful equity with the cube where it is, and the
//! choice between no double, double/take and double/pass ([`decide`]).
//!
//! **The model.** A cubeless evaluation says nothing of the cube's value: the right to
//! double later, or the opponent's. Rick Janowski's *cube-life* interpolation supplies it
//! ("Take-points in money games", 1993): the cubeful equity is
//! `(1 − x) · dead + x · live`, where *dead* is the cubeless equity (the cube never turned
//! again) and *live* is the equity with a perfectly efficient cube — a player doubles
//! exactly at the opponent's take point and cashes exactly there, so that between the
//! points where each side cashes the equity is linear in the chance of winning. The
//! *cube efficiency* `x` says how much of that ideal is reached: positions move in jumps,
//! so a player is often past the cash point before he can double ("market losers").
//!
//! **The efficiency** ([`efficiency`]) follows GNU Backgammon's calibration (its
//! `EvalEfficiency`): 0.68 with contact; in a race 0.55 + 0.00125 × the mover's pip count,
//! kept within 0.6–0.7; 0.6 once both sides are in their home boards. Races get the
//! *lower* figure although the race's equity moves smoothly: a race's last rolls decide in
//! large jumps (one roll takes a side from a take to a pass), and this is what the low
//! end measures. Our figures are taken from GNU Backgammon so that our decisions can be
//! checked against its own on the same probabilities (the user guide's Figures, docs/src/figures.md, give the agreement).
//!
//! **Money play** (length 0): the average value of a win `W` and of a loss `L` (gammons
//! and backgammons counted, a backgammon ×2 under that option) give the live cube's
//! take point `(L − ½)/(W + L + ½)` and cash point `(L + 1)/(W + L + ½)`; the centred,
//! owned and the opponent's cube each have their piecewise-linear live equity. Under the
//! Jacoby rule, while the cube is in the middle gammons count single (the dead part is
//! `2p − 1`, and the live line is flat beyond the cash and take points); once doubled they
//! count again. Automatic doubles only change the cube's starting value: there is nothing
//! to decide. Equities are per unit of the current cube.
//!
//! **Match play**: the same interpolation in match-winning chances ([`crate::ai::backgammon::met`]).
//! *Dead:* each outcome's match equity after the game at this cube (gammons by score).
//! *Live:* linear between the points where each side cashes, which come from the
//! take points worked out from the highest useful cube down: at a cube whose double
//! would leave the cube dead, the take point is the dead-cube one from the match equities
//! of a double taken and won, taken and lost, or passed (gammon rates included); below
//! that, the taker's own cash point one level up makes the take livelier (the
//! recurrence `1 − CP_opp(2v) · (DP − DTW)/(RDP − DTW)`, as GNU Backgammon computes it).
//! The Crawford game has no cube. A side already winning the match with a single game at
//! this cube gains nothing by doubling (its cube is dead); post-Crawford the leader's
//! cube is worthless and the trailer's double costs nothing, so the model has the trailer
//! double at once; a 1-away leader's free drop follows from the table (at 2-away the
//! drop leaves 1-away/1-away, 50 %). Too good to double: when the gammons won by playing
//! on are worth more than the point cashed.

use crate::backgammon::{BAR, Board, Cube, MAX_CUBE, Stakes};
use crate::rules::Color;

use crate::ai::backgammon::met::{Away, Crawford, mwc_after};

/// The cubeless chances of a game for the side to roll, as GNU Backgammon gives them:
/// the gammon chances include the backgammons.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcomes {
    /// P(the side to roll wins), any way.
    pub win: f64,
    /// P(it wins a gammon or a backgammon).
    pub win_gammon: f64,
    /// P(it wins a backgammon).
    pub win_backgammon: f64,
    /// P(it loses a gammon or a backgammon).
    pub lose_gammon: f64,
    /// P(it loses a backgammon).
    pub lose_backgammon: f64,
}

impl Outcomes {
    /// The same chances seen by the other side.
    #[must_use]
    pub fn flipped(&self) -> Outcomes {
        Outcomes {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// The cubeless equity in points per unit of cube, a backgammon counting
    /// `backgammon` (3, or 2 under that option).
    #[must_use]
    pub fn equity(&self, backgammon: u32) -> f64 {
        let extra = f64::from(backgammon) - 2.0;
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon
            + extra * (self.win_backgammon - self.lose_backgammon)
    }

    /// Of the wins, the shares that are plain gammons and backgammons; of the losses, the
    /// same (zero when there are no wins or no losses).
    fn rates(&self) -> [f64; 4] {
        let share = |part: f64, of: f64| if of > 0.0 { part / of } else { 0.0 };
        let lose = 1.0 - self.win;
        [
            share(self.win_gammon - self.win_backgammon, self.win),
            share(self.win_backgammon, self.win),
            share(self.lose_gammon - self.lose_backgammon, lose),
            share(self.lose_backgammon, lose),
        ]
    }
}

/// Who holds the cube, seen from the side to roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    /// In the middle: either side may double.
    Centre,
    /// The side to roll owns it: only it may double.
    Mover,
    /// The opponent owns it: the side to roll may not double.
    Opponent,
}

/// The cube as the side to roll sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeView {
    /// 1, 2, 4 … 64.
    pub value: u32,
    pub owner: Owner,
    /// False in a match's Crawford game.
    pub live: bool,
}

impl CubeView {
    /// The game's cube seen by `mover`.
    #[must_use]
    pub fn of(cube: &Cube, mover: Color) -> CubeView {
        let owner = match cube.owner {
            None => Owner::Centre,
            Some(o) if o == mover => Owner::Mover,
            Some(_) => Owner::Opponent,
        };
        CubeView {
            value: cube.value,
            owner,
            live: cube.live,
        }
    }

    /// A cube of `value` held as `owner`, in play.
    #[must_use]
    pub fn new(value: u32, owner: Owner) -> CubeView {
        CubeView {
            value,
            owner,
            live: true,
        }
    }
}

/// What the game is played for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Session {
    /// Money play with its options (backgammon ×3 or ×2, Jacoby; automatic doubles only
    /// set the cube's starting value).
    Money(Stakes),
    /// A match game at this standing (for the side to roll); only the backgammon option
    /// of the stakes applies.
    Match(Away, Stakes),
}

/// GNU Backgammon's cube efficiency with contact (and for crashed positions).
pub const CONTACT_EFFICIENCY: f64 = 0.68;
/// … once both sides are in their home boards (a bear-off).
pub const BEAROFF_EFFICIENCY: f64 = 0.6;

/// The cube efficiency of a race, by the pip count of the side to roll: 0.55 + 0.00125
/// a pip, kept within 0.6–0.7.
#[must_use]
pub fn race_efficiency(mover_pips: u32) -> f64 {
    (0.55 + 0.00125 * f64::from(mover_pips)).clamp(0.6, 0.7)
}

/// Whether the sides have passed each other (no checker can hit or be hit again).
#[must_use]
pub fn is_race(board: &Board) -> bool {
    let farthest = |c: &[u8; 26]| c.iter().rposition(|&n| n > 0).unwrap_or(0);
    // own's farthest point p (own numbering) meets an opposing checker at q (its
    // numbering) only when p > 25 − q
    farthest(board.own()) + farthest(board.opp()) < usize::from(BAR)
}

/// The cube efficiency for a position (from the side to roll): see the module doc.
#[must_use]
pub fn efficiency(board: &Board) -> f64 {
    let home = |c: &[u8; 26]| c[7..].iter().all(|&n| n == 0);
    if home(board.own()) && home(board.opp()) {
        BEAROFF_EFFICIENCY
    } else if is_race(board) {
        let pips = board
            .own()
            .iter()
            .enumerate()
            .map(|(p, &n)| p as u32 * u32::from(n))
            .sum();
        race_efficiency(pips)
    } else {
        CONTACT_EFFICIENCY
    }
}

/// What the side to roll should do with the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProperAction {
    /// It may not double: the opponent owns the cube, the Crawford game, a cube at 64, or
    /// a cube that can no longer gain it anything (it wins the match with a single game).
    Unavailable,
    /// Not yet: playing on is worth more than doubling.
    NoDouble,
    /// Double; the opponent should take.
    DoubleTake,
    /// Double; the opponent should pass.
    DoublePass,
    /// Too good to double: the opponent would pass, but playing on for the gammon is
    /// worth more than the point.
    TooGood,
}

impl ProperAction {
    /// The action as the hints and the analysis name it.
    #[must_use]
    pub fn verdict(self) -> crate::words::backgammon::matchplay::CubeVerdict {
        use crate::words::backgammon::matchplay::CubeVerdict;
        match self {
            ProperAction::Unavailable => CubeVerdict::Unavailable,
            ProperAction::NoDouble => CubeVerdict::NoDouble,
            ProperAction::DoubleTake => CubeVerdict::DoubleTake,
            ProperAction::DoublePass => CubeVerdict::DoublePass,
            ProperAction::TooGood => CubeVerdict::TooGood,
        }
    }
}

/// In what the equities of a [`CubeDecision`] are measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Money: points per unit of the current cube.
    Points,
    /// Match: the chance of winning the match.
    MatchChance,
}

/// A cube decision with the value of each choice for the side to roll, for hints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeDecision {
    /// The right action.
    pub action: ProperAction,
    /// Whether the opponent should take if doubled (meaningful when the cube is
    /// available).
    pub take: bool,
    /// The cubeful value of playing on without doubling.
    pub no_double: f64,
    /// The value of doubling and being taken (`None` when the cube is unavailable).
    pub double_take: Option<f64>,
    /// The value of doubling and being passed (`None` when the cube is unavailable).
    pub double_pass: Option<f64>,
    pub unit: Unit,
}

impl CubeDecision {
    /// The value of the position with the cube handled right: no double, or the worse
    /// for the doubler of the take and the pass.
    #[must_use]
    pub fn value(&self) -> f64 {
        match (self.action, self.double_take, self.double_pass) {
            (ProperAction::DoubleTake | ProperAction::DoublePass, Some(t), Some(p)) => t.min(p),
            _ => self.no_double,
        }
    }

    /// Whether the side to roll should double.
    #[must_use]
    pub fn doubles(&self) -> bool {
        matches!(self.action, ProperAction::DoubleTake | ProperAction::DoublePass)
    }
}

/// The cubeful value (money: points per unit of this cube; match: match-winning chance)
/// of the position for the side to roll, before it decides on the cube, with the cube
/// `cube`, efficiency `x` ([`efficiency`]).
#[must_use]
pub fn cubeful(outcomes: &Outcomes, cube: CubeView, session: &Session, x: f64) -> f64 {
    match session {
        Session::Money(stakes) => money(outcomes, cube.owner, stakes, x),
        Session::Match(away, stakes) => matched(outcomes, *away, cube, stakes.backgammon, x),
    }
}

/// The cube decision of the side to roll, from its cubeless chances.
#[must_use]
pub fn decide(outcomes: &Outcomes, cube: CubeView, session: &Session, x: f64) -> CubeDecision {
    let no_double = cubeful(outcomes, cube, session, x);
    let doubled = CubeView {
        value: cube.value * 2,
        owner: Owner::Opponent,
        live: cube.live,
    };
    let (unit, double_take, double_pass) = match session {
        Session::Money(_) => (Unit::Points, 2.0 * cubeful(outcomes, doubled, session, x), 1.0),
        Session::Match(away, _) => (
            Unit::MatchChance,
            cubeful(outcomes, doubled, session, x),
            mwc_after(*away, i64::from(cube.value)),
        ),
    };
    let take = double_take <= double_pass;
    if !available(cube, session) {
        return CubeDecision {
            action: ProperAction::Unavailable,
            take,
            no_double,
            double_take: None,
            double_pass: None,
            unit,
        };
    }
    let gammons = outcomes.win_gammon > 0.0;
    let action = if double_take >= no_double && double_pass >= no_double {
        if take {
            ProperAction::DoubleTake
        } else {
            ProperAction::DoublePass
        }
    } else if no_double > double_pass && gammons {
        // the point the opponent would give up is worth less than playing on
        ProperAction::TooGood
    } else if !take {
        ProperAction::DoublePass
    } else {
        ProperAction::NoDouble
    };
    CubeDecision {
        action,
        take,
        no_double,
        double_take: Some(double_take),
        double_pass: Some(double_pass),
        unit,
    }
}

/// Whether the side doubled should take: `outcomes`, `cube` (before the double) and
/// `session` are the *doubler's*, who is to roll. The same answer as
/// [`CubeDecision::take`].
#[must_use]
pub fn should_take(outcomes: &Outcomes, cube: CubeView, session: &Session, x: f64) -> bool {
    decide(outcomes, cube, session, x).take
}

/// The opponent's take point: the least chance of winning (its own) with which it should
/// take a double from the side to roll, the gammon and backgammon *rates* of `outcomes`
/// (their shares of the wins and of the losses) held fixed while the chance of winning
/// moves — what a hint shows beside the decision. Money: 25 % with a dead cube and no
/// gammons, `(L − ½)/(W + L + ½x)` live; match: from the table at the score.
#[must_use]
pub fn take_point(outcomes: &Outcomes, cube: CubeView, session: &Session, x: f64) -> f64 {
    let [g0, b0, g1, b1] = outcomes.rates();
    let at = |p: f64| Outcomes {
        win: p,
        win_gammon: p * (g0 + b0),
        win_backgammon: p * b0,
        lose_gammon: (1.0 - p) * (g1 + b1),
        lose_backgammon: (1.0 - p) * b1,
    };
    // the doubler's double/take rises with its chance; the pass is fixed: the doubler's
    // chance where they meet, by bisection
    let passes = |p: f64| !decide(&at(p), cube, session, x).take;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    if !passes(hi) {
        return 0.0;
    }
    if passes(lo) {
        return 1.0;
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if passes(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    1.0 - 0.5 * (lo + hi)
}

/// Whether the side to roll may usefully double (B13, B15).
pub(crate) fn available(cube: CubeView, session: &Session) -> bool {
    if !cube.live || cube.value >= MAX_CUBE || cube.owner == Owner::Opponent {
        return false;
    }
    match session {
        Session::Money(_) => true,
        Session::Match(away, _) => {
            away.crawford != Crawford::Game
                && away.me > cube.value
                && !(away.crawford == Crawford::After && away.me == 1)
        }
    }
}

/// Money play: Janowski's interpolation, per unit of cube.
fn money(o: &Outcomes, owner: Owner, stakes: &Stakes, x: f64) -> f64 {
    let jacoby = stakes.jacoby && owner == Owner::Centre;
    let full = o.equity(stakes.backgammon);
    let dead = if jacoby { 2.0 * o.win - 1.0 } else { full };
    let p = o.win;
    if p <= 1e-7 || p >= 1.0 - 1e-7 {
        return dead;
    }
    let extra = f64::from(stakes.backgammon) - 2.0;
    let w = 1.0 + (o.win_gammon + extra * o.win_backgammon) / p;
    let l = 1.0 + (o.lose_gammon + extra * o.lose_backgammon) / (1.0 - p);
    let take = (l - 0.5) / (w + l + 0.5);
    let cash = (l + 1.0) / (w + l + 0.5);
    let live = match owner {
        Owner::Centre if p < take => {
            if jacoby {
                -1.0
            } else {
                -l + (l - 1.0) * p / take
            }
        }
        Owner::Centre if p < cash => -1.0 + 2.0 * (p - take) / (cash - take),
        Owner::Centre => {
            if jacoby {
                1.0
            } else {
                1.0 + (w - 1.0) * (p - cash) / (1.0 - cash)
            }
        }
        Owner::Mover if p < cash => -l + (1.0 + l) * p / cash,
        Owner::Mover => 1.0 + (w - 1.0) * (p - cash) / (1.0 - cash),
        Owner::Opponent if p < take => -l + (l - 1.0) * p / take,
        Owner::Opponent => -1.0 + (w + 1.0) * (p - take) / (1.0 - take),
    };
    (1.0 - x) * dead + x * live
}

/// The match equities for the side to roll of the game's ends at cube `value`.
struct Ends {
    /// Win single, win with the gammon rates weighed in; lose single, lose weighed.
    win: f64,
    win_all: f64,
    lose: f64,
    lose_all: f64,
}

fn ends(away: Away, value: u32, rates: [f64; 4], backgammon: u32) -> Ends {
    let v = i64::from(value);
    let bg = i64::from(backgammon);
    let at = |points: i64| mwc_after(away, points);
    let [g0, b0, g1, b1] = rates;
    Ends {
        win: at(v),
        win_all: (1.0 - g0 - b0) * at(v) + g0 * at(2 * v) + b0 * at(bg * v),
        lose: at(-v),
        lose_all: (1.0 - g1 - b1) * at(-v) + g1 * at(-2 * v) + b1 * at(-bg * v),
    }
}

/// The chance of winning above which `away.me`, holding access to a cube of `value`,
/// cashes (the opponent's take point with a live cube), `rates` its own gammon and
/// backgammon rates then the opponent's.
fn cash_point(away: Away, value: u32, rates: [f64; 4], backgammon: u32) -> f64 {
    let doubled = ends(away, 2 * value, rates, backgammon);
    let pass = mwc_after(away, i64::from(value));
    let dead_after = away.me <= 2 * value || away.opp <= 2 * value || 2 * value >= MAX_CUBE;
    if dead_after {
        // a taker whom the doubled cube leaves losing the match on any loss, and not
        // winning it on a win, redoubles at once for nothing: its wins count twice
        let free = away.me <= 2 * value && away.opp > 2 * value && 4 * value <= MAX_CUBE;
        let l = if free {
            ends(away, 4 * value, rates, backgammon).lose_all
        } else {
            doubled.lose_all
        };
        let w = doubled.win_all;
        if (l - w).abs() < 1e-12 {
            return 1.0;
        }
        return ((l - pass) / (l - w)).clamp(0.0, 1.0);
    }
    let [g0, b0, g1, b1] = rates;
    let taker = cash_point(away.flipped(), 2 * value, [g1, b1, g0, b0], backgammon);
    // the taker cashes at its cash point: the doubler's equity there is a redouble passed
    let redouble_pass = doubled.lose;
    let span = redouble_pass - doubled.win_all;
    if span.abs() < 1e-12 {
        return 1.0;
    }
    (1.0 - taker * (pass - doubled.win_all) / span).clamp(0.0, 1.0)
}

/// Match play: the interpolation in match-winning chances.
fn matched(o: &Outcomes, away: Away, cube: CubeView, backgammon: u32, x: f64) -> f64 {
    let rates = o.rates();
    let here = ends(away, cube.value, rates, backgammon);
    let p = o.win;
    let dead = p * here.win_all + (1.0 - p) * here.lose_all;
    let cube_dead =
        !cube.live || away.crawford == Crawford::Game || (away.me <= cube.value && away.opp <= cube.value);
    if cube_dead {
        return dead;
    }
    let [g0, b0, g1, b1] = rates;
    let mine = cash_point(away, cube.value, rates, backgammon);
    let theirs = cash_point(away.flipped(), cube.value, [g1, b1, g0, b0], backgammon);
    let too_good = mine;
    let opp_too_good = 1.0 - theirs;
    let line = |p0: f64, e0: f64, p1: f64, e1: f64| {
        if p1 - p0 > 1e-12 {
            e0 + (e1 - e0) * (p - p0) / (p1 - p0)
        } else {
            e1
        }
    };
    let live = match cube.owner {
        Owner::Centre if p <= opp_too_good => line(0.0, here.lose_all, opp_too_good, here.lose),
        Owner::Centre if p < too_good => line(opp_too_good, here.lose, too_good, here.win),
        Owner::Centre => line(too_good, here.win, 1.0, here.win_all),
        Owner::Mover if p <= too_good => line(0.0, here.lose_all, too_good, here.win),
        Owner::Mover => line(too_good, here.win, 1.0, here.win_all),
        Owner::Opponent if p <= opp_too_good => line(0.0, here.lose_all, opp_too_good, here.lose),
        Owner::Opponent => line(opp_too_good, here.lose, 1.0, here.win_all),
    };
    (1.0 - x) * dead + x * live
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(points: &[(usize, u8)]) -> [u8; 26] {
        let mut c = [0u8; 26];
        for &(p, n) in points {
            c[p] = n;
        }
        c
    }

    #[test]
    fn a_race_is_when_the_sides_have_passed_each_other_and_its_efficiency_follows_the_pips() {
        // own's farthest on its 12, the other's on its 12 (own's 13): passed
        let race = Board::from_counts(&counts(&[(12, 5), (6, 10)]), &counts(&[(12, 15)]));
        assert!(is_race(&race));
        let pips = 12 * 5 + 6 * 10;
        assert!((efficiency(&race) - race_efficiency(pips)).abs() < 1e-12);
        // the other's checkers on its 13, own's 12: own's checker on its 13 must pass them
        let contact = Board::from_counts(&counts(&[(13, 1), (6, 14)]), &counts(&[(13, 15)]));
        assert!(!is_race(&contact));
        assert_eq!(efficiency(&contact), CONTACT_EFFICIENCY);
        let on_bar = Board::from_counts(&counts(&[(25, 1), (6, 14)]), &counts(&[(1, 15)]));
        assert!(!is_race(&on_bar));
        let home = Board::from_counts(&counts(&[(6, 15)]), &counts(&[(1, 3)]));
        assert_eq!(efficiency(&home), BEAROFF_EFFICIENCY);
    }
}
