//! The exact end of a backgammon race: a one-sided bear-off database. For every way of
//! placing up to fifteen checkers on a side's six home points (54 264 positions) it holds
//! the probability distribution of the number of rolls that side needs to bear off all its
//! checkers, and of the number it needs to bear off its *first* checker (for gammons).
//! Two such distributions, one per side, give the race's odds when both sides have all
//! their checkers home ([`race`]).
//!
//! The play is the one that minimises the *expected* number of rolls (to finish; for the
//! first-off distribution, to bear off one checker), as GNU Backgammon's one-sided
//! database chooses it. That is not always the play that maximises the chance of winning
//! a particular race — the two-sided optimum — but the difference is tiny, and it lets
//! each side's distribution be computed once, on its own.
//!
//! Built, not shipped: the table is computed at first use ([`Database::get`], a
//! `OnceLock`) by dynamic programming in order of pip count, the positions of one pip
//! count on every core. `cargo bench --bench bearoff`: about 1.0 s of processor time in
//! a release build (1.8 s on one thread of this project's shared machine under load),
//! 44 MB at the peak and 6.8 MB kept (778 073 probabilities as `f64`). Shipped, the
//! table would be those megabytes in the repository (GNU Backgammon's, compressed and in
//! 16 bits, is 1.4 MB), to be regenerated and checked against this code anyway; built,
//! it costs a second once per process, which a player hides by calling
//! [`Database::get`] on a background thread when a backgammon game begins.
//!
//! Positions are indexed by a perfect hash, the combinatorial number system: the counts
//! on points 1–6 and the borne-off checkers are fifteen balls in seven boxes, i.e. six bars
//! among 21 places; the bars' places `p1 < … < p6` give the rank `Σ C(p_k, k)`, from 0 (no
//! checker left) to 54 263.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::backgammon::{Board, CHECKERS, Counts};

use crate::ai::backgammon::cube::Outcomes;

/// The home points.
pub const POINTS: usize = 6;

/// The number of positions of up to fifteen checkers on six points: C(21, 6).
pub const POSITIONS: usize = 54_264;

/// A side's checkers on its home points 1–6 (`[0]` is the 1-point).
pub type Home = [u8; POINTS];

/// Binomial coefficients C(n, k) for n ≤ 21, k ≤ 6.
const fn binomials() -> [[u32; POINTS + 1]; 22] {
    let mut c = [[0u32; POINTS + 1]; 22];
    let mut n = 0;
    while n < 22 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= POINTS && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

const BINOMIAL: [[u32; POINTS + 1]; 22] = binomials();

/// The position's index (0 for no checker left); `None` beyond fifteen checkers.
#[must_use]
pub fn index(home: &Home) -> Option<usize> {
    let total: u32 = home.iter().map(|&c| u32::from(c)).sum();
    if total > u32::from(CHECKERS) {
        return None;
    }
    let mut rank = 0u32;
    let mut place = 0usize;
    for (k, &count) in home.iter().enumerate() {
        // the bar after point k+1 stands after the balls of points 1..=k+1 and k bars
        place += usize::from(count);
        rank += BINOMIAL[place + k][k + 1];
    }
    usize::try_from(rank).ok()
}

/// A distribution of a number of rolls: `P(n)` for `n` from `start`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rolls<'a> {
    start: usize,
    probs: &'a [f64],
}

impl Rolls<'_> {
    /// The probability of needing exactly `n` rolls.
    #[must_use]
    pub fn exactly(&self, n: usize) -> f64 {
        n.checked_sub(self.start)
            .and_then(|i| self.probs.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// The probability of needing at least `n` rolls.
    #[must_use]
    pub fn at_least(&self, n: usize) -> f64 {
        let from = n.saturating_sub(self.start);
        self.probs.iter().skip(from).sum()
    }

    /// The expected number of rolls.
    #[must_use]
    pub fn mean(&self) -> f64 {
        self.probs
            .iter()
            .enumerate()
            .map(|(i, p)| (self.start + i) as f64 * p)
            .sum()
    }

    /// The largest number of rolls with a chance.
    #[must_use]
    pub fn most(&self) -> usize {
        self.start + self.probs.len().saturating_sub(1)
    }
}

/// One distribution per position, packed: `data[offset[i]..offset[i + 1]]` from `start[i]`.
#[derive(Debug)]
struct Packed {
    offset: Vec<u32>,
    start: Vec<u8>,
    data: Vec<f64>,
}

impl Packed {
    fn new() -> Packed {
        Packed {
            offset: vec![0],
            start: Vec::with_capacity(POSITIONS),
            data: Vec::new(),
        }
    }

    /// Appends the next position's distribution (`dense[n]` = P(n rolls)), without its
    /// leading and trailing zeros.
    fn push(&mut self, dense: &[f64]) {
        let first = dense.iter().position(|&p| p != 0.0).unwrap_or(0);
        let last = dense.iter().rposition(|&p| p != 0.0).map_or(first, |l| l + 1);
        self.start.push(u8::try_from(first).unwrap_or(u8::MAX));
        self.data.extend_from_slice(&dense[first..last]);
        self.offset
            .push(u32::try_from(self.data.len()).unwrap_or(u32::MAX));
    }

    fn get(&self, i: usize) -> Rolls<'_> {
        let from = self.offset[i] as usize;
        let to = self.offset[i + 1] as usize;
        Rolls {
            start: usize::from(self.start[i]),
            probs: &self.data[from..to],
        }
    }
}

/// The one-sided bear-off database.
#[derive(Debug)]
pub struct Database {
    /// Distributions of the rolls to bear off every checker, by [`index`].
    off: Packed,
    /// Distributions of the rolls to bear off one checker (all positions have a checker
    /// but index 0, whose entry is empty).
    first: Packed,
}

/// Room for the distributions while building: the longest bear-off is 30 rolls (fifteen
/// checkers on the 6-point rolling 2-1 every time), and a position's distribution is one
/// roll longer than its successors'. `tests/bg_bearoff.rs` checks that every distribution
/// sums to one, which it would not if this cut one short.
const MOST_ROLLS: usize = 32;

/// The 21 rolls: the dice and their chance in 36.
fn rolls() -> impl Iterator<Item = (u8, u8, f64)> {
    (1..=6u8).flat_map(|a| (a..=6u8).map(move |b| (a, b, if a == b { 1.0 } else { 2.0 })))
}

/// Every play of one die `die` from `home`, the checker taken from a point no higher
/// than `from` (to list a double's plays once each): the new position and whether a
/// checker was borne off. With all checkers home a die can always be played (B11): the
/// highest checker moves or bears off.
fn steps(home: &Home, die: u8, from: usize) -> impl Iterator<Item = (Home, bool)> + '_ {
    let highest = home.iter().rposition(|&c| c > 0);
    (0..from.min(POINTS)).rev().filter_map(move |p| {
        if home[p] == 0 {
            return None;
        }
        let point = p + 1;
        let die = usize::from(die);
        let mut next = *home;
        next[p] -= 1;
        if point > die {
            next[point - die - 1] += 1;
            Some((next, false))
        } else if point == die || highest == Some(p) {
            Some((next, true))
        } else {
            None
        }
    })
}

/// Calls `leaf` with every position a roll can leave (once per order of the steps that
/// differ) and whether the play bore off a checker.
fn plays(home: &Home, a: u8, b: u8, leaf: &mut impl FnMut(&Home, bool)) {
    fn walk(
        home: &Home,
        dice: &[u8],
        from: usize,
        off: bool,
        double: bool,
        leaf: &mut impl FnMut(&Home, bool),
    ) {
        let Some((&die, rest)) = dice.split_first() else {
            leaf(home, off);
            return;
        };
        if home.iter().all(|&c| c == 0) {
            leaf(home, off);
            return;
        }
        for (next, bore) in steps(home, die, from) {
            // in a double the next checker comes from no higher point (the same plays,
            // listed once); with two dice either checker may be any
            let from = if double {
                next.iter()
                    .zip(home)
                    .rposition(|(n, h)| n < h)
                    .map_or(POINTS, |p| p + 1)
            } else {
                POINTS
            };
            walk(&next, rest, from, off || bore, double, leaf);
        }
    }
    if a == b {
        walk(home, &[a; 4], POINTS, false, true, leaf);
    } else {
        walk(home, &[a, b], POINTS, false, false, leaf);
        walk(home, &[b, a], POINTS, false, false, leaf);
    }
}

/// The expected rolls and distributions being built, by [`index`].
struct Tables {
    mean_off: Vec<f64>,
    mean_first: Vec<f64>,
    off: Vec<[f64; MOST_ROLLS]>,
    first: Vec<[f64; MOST_ROLLS]>,
}

/// One position worked out.
struct Solved {
    index: usize,
    mean_off: f64,
    mean_first: f64,
    off: [f64; MOST_ROLLS],
    first: [f64; MOST_ROLLS],
}

impl Tables {
    /// `home` from its successors (all with fewer pips, already known).
    fn solve(&self, home: &Home) -> Option<Solved> {
        let at = index(home)?;
        let mut off = [0.0f64; MOST_ROLLS];
        let mut first = [0.0f64; MOST_ROLLS];
        // sums of weights in 36ths, divided at the end (so that certainties are 1 exactly)
        let (mut e_off, mut e_first) = (36.0, 36.0);
        for (a, b, weight) in rolls() {
            let mut best_off = (f64::INFINITY, 0usize);
            // (expected rolls still needed, successor; None when the play bore off)
            let mut best_first = (f64::INFINITY, None);
            plays(home, a, b, &mut |next, bore| {
                let Some(n) = index(next) else { return };
                if self.mean_off[n] < best_off.0 {
                    best_off = (self.mean_off[n], n);
                }
                let value = if bore { 0.0 } else { self.mean_first[n] };
                if value < best_first.0 {
                    best_first = (value, (!bore).then_some(n));
                }
            });
            e_off += weight * best_off.0;
            // a roll later: n rolls from the successor are n + 1 from here
            for (slot, p) in off[1..].iter_mut().zip(&self.off[best_off.1]) {
                *slot += weight * p;
            }
            e_first += weight * best_first.0;
            match best_first.1 {
                None => first[1] += weight,
                Some(n) => {
                    for (slot, p) in first[1..].iter_mut().zip(&self.first[n]) {
                        *slot += weight * p;
                    }
                }
            }
        }
        Some(Solved {
            index: at,
            mean_off: e_off / 36.0,
            mean_first: e_first / 36.0,
            off: off.map(|p| p / 36.0),
            first: first.map(|p| p / 36.0),
        })
    }
}

impl Database {
    /// The database, built at first use.
    pub fn get() -> &'static Database {
        static DATABASE: OnceLock<Database> = OnceLock::new();
        DATABASE.get_or_init(Database::build_apart)
    }

    /// [`Database::build`] on a thread and a pool of its own. Asked for first by a task of
    /// rayon's global pool (a player in an arena or a rollout), a build on that pool could,
    /// while it waits for its own work, take up another such task, which would wait for the
    /// database being built on the same thread: a deadlock (seen in the tests).
    fn build_apart() -> Database {
        let apart = std::thread::Builder::new().spawn(|| match rayon::ThreadPoolBuilder::new().build() {
            Ok(pool) => pool.install(Database::build),
            Err(_) => Database::build(),
        });
        match apart.map(std::thread::JoinHandle::join) {
            Ok(Ok(database)) => database,
            _ => Database::build(),
        }
    }

    /// Builds the database: every position in increasing pip count, each roll played to
    /// the successor with the fewest expected rolls (to finish, and separately to bear off
    /// a first checker). The positions of one pip count depend only on those with fewer,
    /// so each pip count is solved on every core; each position's sums are taken in the
    /// same order whatever the number of threads, so the table is the same.
    #[must_use]
    pub fn build() -> Database {
        let mut all: Vec<(u32, Home)> = Vec::with_capacity(POSITIONS);
        let mut home = [0u8; POINTS];
        enumerate(&mut home, 0, u32::from(CHECKERS), &mut all);
        let most_pips = all.iter().map(|&(pips, _)| pips as usize).max().unwrap_or(0);
        let mut levels = vec![Vec::new(); most_pips + 1];
        for (pips, home) in all {
            levels[pips as usize].push(home);
        }

        let mut tables = Tables {
            mean_off: vec![0.0; POSITIONS],
            mean_first: vec![0.0; POSITIONS],
            off: vec![[0.0; MOST_ROLLS]; POSITIONS],
            first: vec![[0.0; MOST_ROLLS]; POSITIONS],
        };
        tables.off[0][0] = 1.0;
        tables.first[0][0] = 1.0;
        for level in levels.iter().skip(1) {
            let solved: Vec<Solved> = level.par_iter().filter_map(|home| tables.solve(home)).collect();
            for s in solved {
                tables.mean_off[s.index] = s.mean_off;
                tables.mean_first[s.index] = s.mean_first;
                tables.off[s.index] = s.off;
                tables.first[s.index] = s.first;
            }
        }
        let mut packed_off = Packed::new();
        let mut packed_first = Packed::new();
        for i in 0..POSITIONS {
            packed_off.push(&tables.off[i]);
            packed_first.push(if i == 0 { &[] } else { &tables.first[i] });
        }
        Database {
            off: packed_off,
            first: packed_first,
        }
    }

    /// The distribution of the rolls `home` needs to bear off every checker; `None`
    /// beyond fifteen checkers.
    #[must_use]
    pub fn rolls(&self, home: &Home) -> Option<Rolls<'_>> {
        Some(self.off.get(index(home)?))
    }

    /// The distribution of the rolls `home` needs to bear off its first checker (empty
    /// for no checker); `None` beyond fifteen checkers.
    #[must_use]
    pub fn first_off(&self, home: &Home) -> Option<Rolls<'_>> {
        Some(self.first.get(index(home)?))
    }

    /// The numbers kept, to measure the table: distributions' entries in all.
    #[must_use]
    pub fn entries(&self) -> usize {
        self.off.data.len() + self.first.data.len()
    }

    /// The odds of the race between `mover` (to roll) and `other`, each on its own home
    /// points; `None` beyond fifteen checkers a side. A side that has borne off none
    /// (fifteen on its points) loses a gammon if the other finishes before it bears one
    /// off; backgammons cannot happen with both sides home.
    #[must_use]
    pub fn odds(&self, mover: &Home, other: &Home) -> Option<Outcomes> {
        let x = self.rolls(mover)?;
        let y = self.rolls(other)?;
        let full = |h: &Home| h.iter().map(|&c| u32::from(c)).sum::<u32>() == u32::from(CHECKERS);
        // the mover finishes on his n-th roll before the other's n-th: wins when the other
        // needs n rolls or more
        let win: f64 = (x.start..=x.most()).map(|n| x.exactly(n) * y.at_least(n)).sum();
        let win_gammon = if full(other) {
            let f = self.first_off(other)?;
            (x.start..=x.most()).map(|n| x.exactly(n) * f.at_least(n)).sum()
        } else {
            0.0
        };
        // the other finishes on his n-th roll, after the mover's n+1 rolls failed
        let lose_gammon = if full(mover) {
            let f = self.first_off(mover)?;
            (y.start..=y.most())
                .map(|n| y.exactly(n) * f.at_least(n + 1))
                .sum()
        } else {
            0.0
        };
        Some(Outcomes {
            win: win.clamp(0.0, 1.0),
            win_gammon,
            win_backgammon: 0.0,
            lose_gammon,
            lose_backgammon: 0.0,
        })
    }
}

fn enumerate(home: &mut Home, point: usize, left: u32, out: &mut Vec<(u32, Home)>) {
    if point == POINTS {
        let pips = home
            .iter()
            .enumerate()
            .map(|(p, &c)| (p as u32 + 1) * u32::from(c))
            .sum();
        out.push((pips, *home));
        return;
    }
    for c in 0..=left {
        home[point] = u8::try_from(c).unwrap_or(0);
        enumerate(home, point + 1, left - c, out);
    }
    home[point] = 0;
}

/// A side's home points when all its checkers are home (or off); `None` otherwise.
#[must_use]
pub fn home_of(counts: &Counts) -> Option<Home> {
    counts[POINTS + 1..].iter().all(|&c| c == 0).then(|| {
        let mut home = [0u8; POINTS];
        home.copy_from_slice(&counts[1..=POINTS]);
        home
    })
}

/// The race's exact odds for the side to move when both sides have all their checkers in
/// their home boards (no contact is then possible); `None` otherwise.
#[must_use]
pub fn race(board: &Board) -> Option<Outcomes> {
    let mover = home_of(board.own())?;
    let other = home_of(board.opp())?;
    Database::get().odds(&mover, &other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_is_a_perfect_hash_of_the_positions() {
        let mut all = Vec::new();
        enumerate(&mut [0; POINTS], 0, 15, &mut all);
        assert_eq!(all.len(), POSITIONS);
        let mut seen = vec![false; POSITIONS];
        for (_, home) in &all {
            let i = index(home).unwrap();
            assert!(!seen[i], "{home:?}");
            seen[i] = true;
        }
        assert_eq!(index(&[0; POINTS]), Some(0));
        assert_eq!(index(&[16, 0, 0, 0, 0, 0]), None);
    }

    fn counts(home: &[(usize, u8)]) -> Counts {
        let mut c = [0u8; 26];
        for &(p, n) in home {
            c[p] = n;
        }
        c
    }

    #[test]
    fn b12_a_race_between_home_boards_has_exact_odds_and_other_positions_none() {
        // the mover's last checker on its 1-point: it wins at once, never a gammon
        let board = Board::from_counts(&counts(&[(1, 1)]), &counts(&[(6, 15)]));
        let odds = race(&board).unwrap();
        assert_eq!((odds.win, odds.win_gammon, odds.lose_gammon), (1.0, 1.0, 0.0));
        let behind = Board::from_counts(&counts(&[(6, 15)]), &counts(&[(1, 1)]));
        let odds = race(&behind).unwrap();
        assert_eq!(odds.win, 0.0);
        // the other wins on its first roll; the mover saves the gammon only if its one
        // roll bears a checker off: a 6 (11 rolls), 5-1 or 4-2 (4), 2-2 or 3-3 — not 5-2,
        // which may not bear off from the 1-point while checkers stand above it (B11):
        // 17 rolls in 36
        assert!((odds.lose_gammon - 19.0 / 36.0).abs() < 1e-12, "{odds:?}");
        let outside = Board::from_counts(&counts(&[(7, 1)]), &counts(&[(1, 1)]));
        assert_eq!(race(&outside), None);
    }
}
