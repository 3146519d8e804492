//! The one-sided bear-off database against hand-computed cases, a naive recursive
//! reference written here from the rules (B10–B12), and GNU Backgammon's one-sided
//! database on 200 random positions (`tests/data/backgammon/bearoff_fixture.tsv`, written
//! by `make_bearoff_fixture.py` beside it).
#![allow(clippy::panic, clippy::unwrap_used)]

use std::collections::HashMap;

use brade::ai::backgammon::bearoff::{Database, Home, POSITIONS, index};

fn db() -> &'static Database {
    Database::get()
}

/// The 36 throws of two dice.
fn throws() -> impl Iterator<Item = (u8, u8)> {
    (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| (a, b)))
}

#[test]
fn one_checker_on_the_1_point_is_off_in_one_roll() {
    let rolls = db().rolls(&[1, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(rolls.exactly(1), 1.0);
    assert_eq!(rolls.mean(), 1.0);
}

#[test]
fn one_checker_on_the_6_point_is_off_in_one_roll_unless_the_dice_make_less_than_six_without_a_six() {
    // by hand: a 6, or two dice adding to six or more, or a double of 2 or more (four
    // moves); 1-1 moves only four pips
    let fail = throws()
        .filter(|&(a, b)| {
            let pips = if a == b { 4 * a } else { a + b };
            pips < 6
        })
        .count();
    assert_eq!(fail, 9, "1-2, 1-3, 1-4, 2-3 both ways and 1-1");
    let rolls = db().rolls(&[0, 0, 0, 0, 0, 1]).unwrap();
    assert!((rolls.exactly(1) - 27.0 / 36.0).abs() < 1e-12);
    assert!((rolls.exactly(2) - 9.0 / 36.0).abs() < 1e-12);
    let first = db().first_off(&[0, 0, 0, 0, 0, 1]).unwrap();
    assert!((first.exactly(1) - 27.0 / 36.0).abs() < 1e-12);
}

#[test]
fn two_checkers_on_the_1_point_need_one_roll_and_a_full_side_at_least_four() {
    assert_eq!(db().rolls(&[2, 0, 0, 0, 0, 0]).unwrap().exactly(1), 1.0);
    let full = db().rolls(&[15, 0, 0, 0, 0, 0]).unwrap();
    // fifteen checkers: four a double, two otherwise — eight rolls with no double
    assert!(full.exactly(4) > 0.0 && full.exactly(3) == 0.0);
    assert!(full.most() <= 8);
}

/// Every position of up to fifteen checkers on the six points.
fn all_positions() -> Vec<Home> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::<u8>::new(), 15u8)];
    while let Some((done, left)) = stack.pop() {
        if done.len() == 6 {
            out.push(done.try_into().unwrap());
            continue;
        }
        for c in 0..=left {
            let mut next = done.clone();
            next.push(c);
            stack.push((next, left - c));
        }
    }
    out
}

#[test]
fn every_distribution_sums_to_one_and_the_longest_bear_off_is_fifteen_on_the_6_point() {
    let all = all_positions();
    assert_eq!(all.len(), POSITIONS);
    let mut longest = 0;
    for home in &all {
        for rolls in [db().rolls(home).unwrap(), db().first_off(home).unwrap()] {
            let total: f64 = (0..=rolls.most()).map(|n| rolls.exactly(n)).sum();
            let empty = home.iter().all(|&c| c == 0);
            assert!((total - 1.0).abs() < 1e-9 || empty, "{home:?}: {total}");
            longest = longest.max(rolls.most());
        }
    }
    // fifteen on the 6-point rolling 2-1 every time: no bear-off can take longer
    assert_eq!(longest, db().rolls(&[0, 0, 0, 0, 0, 15]).unwrap().most());
    assert_eq!(longest, 30, "90 pips, three a roll");
    assert!(db().entries() > POSITIONS);
}

// ---- a naive reference: checkers one by one, every order of the dice, memoised ----

type Checkers = Vec<u8>; // points 1–6, sorted

/// Every position (sorted checkers) one die can leave: each checker tried, B11 applied.
fn naive_steps(checkers: &Checkers, die: u8) -> Vec<(Checkers, bool)> {
    let highest = checkers.iter().copied().max().unwrap_or(0);
    let mut out = Vec::new();
    for i in 0..checkers.len() {
        let p = checkers[i];
        let mut next = checkers.clone();
        let bore = if p > die {
            next[i] = p - die;
            false
        } else if p == die || p == highest {
            next.remove(i);
            true
        } else {
            continue;
        };
        next.sort_unstable();
        out.push((next, bore));
    }
    out
}

fn naive_plays(checkers: &Checkers, a: u8, b: u8) -> Vec<(Checkers, bool)> {
    let orders: Vec<Vec<u8>> = if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    };
    let mut out = Vec::new();
    for dice in orders {
        let mut layer = vec![(checkers.clone(), false)];
        for &die in &dice {
            let mut next = Vec::new();
            for (c, bore) in &layer {
                if c.is_empty() {
                    next.push((c.clone(), *bore));
                } else {
                    for (n, b2) in naive_steps(c, die) {
                        next.push((n, *bore || b2));
                    }
                }
            }
            layer = next;
        }
        out.extend(layer);
    }
    out
}

/// Expected rolls to bear off all (`first` false) or one checker, and the distribution.
fn naive(
    checkers: &Checkers,
    first: bool,
    memo: &mut HashMap<(Checkers, bool), (f64, Vec<f64>)>,
) -> (f64, Vec<f64>) {
    if checkers.is_empty() {
        return (0.0, vec![1.0]);
    }
    if let Some(known) = memo.get(&(checkers.clone(), first)) {
        return known.clone();
    }
    let mut mean = 1.0;
    let mut dist = vec![0.0; 40];
    for (a, b) in throws() {
        let chance = 1.0 / 36.0;
        let mut best: Option<(f64, Vec<f64>)> = None;
        for (next, bore) in naive_plays(checkers, a, b) {
            let value = if first && bore {
                (0.0, vec![1.0])
            } else {
                naive(&next, first, memo)
            };
            if best.as_ref().is_none_or(|(m, _)| value.0 < *m) {
                best = Some(value);
            }
        }
        let (m, d) = best.unwrap();
        mean += chance * m;
        for (k, p) in d.iter().enumerate().take(39) {
            dist[k + 1] += chance * p;
        }
    }
    memo.insert((checkers.clone(), first), (mean, dist.clone()));
    (mean, dist)
}

#[test]
fn positions_of_up_to_three_checkers_match_a_naive_recursive_reference() {
    let mut memo = HashMap::new();
    let mut compared = 0;
    for n in 1..=3usize {
        // every multiset of n points
        let mut stack = vec![Vec::<u8>::new()];
        while let Some(c) = stack.pop() {
            if c.len() < n {
                let from = c.last().copied().unwrap_or(1);
                for p in from..=6 {
                    let mut d = c.clone();
                    d.push(p);
                    stack.push(d);
                }
                continue;
            }
            let mut home: Home = [0; 6];
            for &p in &c {
                home[usize::from(p) - 1] += 1;
            }
            for first in [false, true] {
                let (mean, dist) = naive(&c, first, &mut memo);
                let rolls = if first {
                    db().first_off(&home)
                } else {
                    db().rolls(&home)
                }
                .unwrap();
                assert!(
                    (rolls.mean() - mean).abs() < 1e-12,
                    "{c:?} first={first}: {} vs {mean}",
                    rolls.mean()
                );
                for (k, p) in dist.iter().enumerate() {
                    assert!(
                        (rolls.exactly(k) - p).abs() < 1e-12,
                        "{c:?} first={first}, {k} rolls"
                    );
                }
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 6 + 21 + 56);
}

#[test]
fn the_odds_of_a_race_agree_with_gnu_backgammon_on_its_one_sided_database() {
    let text = std::fs::read_to_string("tests/data/backgammon/bearoff_fixture.tsv").unwrap();
    let mut worst = [0.0f64; 3];
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let counts: Vec<u8> = f[..12].iter().map(|s| s.parse().unwrap()).collect();
        let mover: Home = counts[..6].try_into().unwrap();
        let other: Home = counts[6..12].try_into().unwrap();
        let gnubg: Vec<f64> = f[13..18].iter().map(|s| s.parse().unwrap()).collect();
        let odds = db().odds(&mover, &other).unwrap();
        for (w, (ours, theirs)) in worst.iter_mut().zip([
            (odds.win, gnubg[0]),
            (odds.win_gammon, gnubg[1]),
            (odds.lose_gammon, gnubg[3]),
        ]) {
            *w = w.max((ours - theirs).abs());
        }
        assert!(
            (odds.win - gnubg[0]).abs() < 1e-4,
            "{mover:?} vs {other:?}: {} vs gnubg {}",
            odds.win,
            gnubg[0]
        );
        assert!(
            (odds.win_gammon - gnubg[1]).abs() < 1e-4,
            "{mover:?} vs {other:?}: win gammon"
        );
        assert!(
            (odds.lose_gammon - gnubg[3]).abs() < 1e-4,
            "{mover:?} vs {other:?}: lose gammon"
        );
        assert!(index(&mover).is_some());
        rows += 1;
    }
    assert_eq!(rows, 200);
    eprintln!(
        "largest differences from gnubg: win {:.2e}, win gammon {:.2e}, lose gammon {:.2e}",
        worst[0], worst[1], worst[2]
    );
}

#[test]
fn the_table_is_the_same_built_on_one_thread() {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let single = pool.install(Database::build);
    for home in all_positions() {
        assert_eq!(single.rolls(&home), db().rolls(&home), "{home:?}");
        assert_eq!(single.first_off(&home), db().first_off(&home), "{home:?}");
    }
}
