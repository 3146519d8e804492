//! The engine against the naive reference of `tests/reference/` (written from RULES.md
//! alone, sharing no code with the crate): first the reference against the shared
//! fixtures computed by a third implementation, then the engine's outcome of every play
//! on well over 100 000 positions, then the whole list of legal plays on thousands.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;
mod reference;

use std::collections::BTreeSet;

use brade::brade::{MoveGen, Position};
use brade::rules::{Effect, OFF, Roll};
use common::{TestRng, random_setup, rows};
use reference::{Landing, Pos, Side, across};

fn reference_pos(code: &str) -> Pos {
    reference::parse(code).unwrap_or_else(|e| panic!("reference cannot read {code}: {e}"))
}

/// The engine's plays as (resulting code, outcome), through its public API.
fn engine_set(movegen: &mut MoveGen, pos: &Position, roll: Roll) -> BTreeSet<(String, String)> {
    movegen
        .plays(pos.board(), roll)
        .iter()
        .map(|lp| {
            (
                Position::new(lp.board.switched(), pos.turn().other()).code(),
                lp.result.map_or("-".to_string(), |r| r.notation()),
            )
        })
        .collect()
}

/// Replays each of the engine's plays of `roll` step by step in the reference: every step
/// must be legal there with the same landing, no step but the last may end the game, and
/// the last step's outcome and the resulting position must be the engine's. Returns how
/// many plays ended the game, and how many of those by a pretty game.
fn check_outcomes(movegen: &mut MoveGen, pos: &Position, roll: Roll) -> (usize, usize) {
    let code = pos.code();
    let start = reference_pos(&code);
    let mut endings = (0, 0);
    for lp in movegen.plays(pos.board(), roll) {
        let mut at = start;
        let steps = lp.play.steps();
        let mut outcome = None;
        for (i, s) in steps.iter().enumerate() {
            let stepped = reference::step(&at, usize::from(s.from), s.die)
                .unwrap_or_else(|| panic!("{code} {roll}: the reference refuses step {s} of {}", lp.play));
            let landing = match s.effect {
                Effect::Quiet => Landing::Quiet,
                Effect::Hit => Landing::Hit,
                Effect::Burst => Landing::Burst,
            };
            assert_eq!(stepped.landing, landing, "{code} {roll}: {s} of {}", lp.play);
            let to = if s.to == OFF { 25 } else { usize::from(s.to) };
            assert_eq!(stepped.to, to, "{code} {roll}: {s} of {}", lp.play);
            at = stepped.after;
            outcome = reference::ending(&at, stepped.landing == Landing::Burst && stepped.to <= 6);
            if i + 1 < steps.len() {
                assert_eq!(
                    outcome, None,
                    "{code} {roll}: the game ended at step {s} of {}",
                    lp.play
                );
            }
        }
        let theirs = outcome.map_or("-", |(name, _)| name);
        let ours = lp.result.map_or("-".to_string(), |r| r.notation());
        assert_eq!(ours, theirs, "{code} {roll}: outcome of {}", lp.play);
        let after = Position::new(lp.board.switched(), pos.turn().other()).code();
        assert_eq!(
            after,
            reference::code_after(&at),
            "{code} {roll}: position after {}",
            lp.play
        );
        if outcome.is_some() {
            endings.0 += 1;
            if outcome.is_some_and(|(_, rank)| rank == 3 || rank == 4) {
                endings.1 += 1;
            }
        }
    }
    endings
}

/// A placed position one or a few steps from a pretty game (R16) of the side to move,
/// with opponent checkers on the mover's points 20–24 and on the bar, now and then a
/// checker of the mover's on the bar or borne off (no pretty game then).
fn near_pretty(rng: &mut TestRng) -> Position {
    const PATTERNS: [[u8; 5]; 4] = [
        [3, 3, 3, 3, 3],
        [0, 0, 5, 5, 5],
        [0, 0, 3, 5, 7],
        [0, 0, 0, 0, 15],
    ];
    let empty = Side { pts: [0; 25], off: 0 };
    let mut pos = Pos {
        me: empty,
        them: empty,
        white_to_move: rng.below(2) == 0,
    };
    let pattern = PATTERNS[rng.below(4)];
    pos.me.pts[20..=24].copy_from_slice(&pattern);
    // Take one to three checkers back, mostly by up to 6 pips (to points where they may
    // stand), so that the roll often completes the pattern.
    for _ in 0..1 + rng.below(2) + rng.below(2) {
        let from = 20 + rng.below(5);
        if pos.me.pts[from] == 0 {
            continue;
        }
        let reach = if rng.below(4) == 0 { 12 } else { 6 };
        let back = 1 + rng.below(reach);
        let to = from - back;
        if (2..=11).contains(&to) && pos.me.pts[to] > 0 {
            continue;
        }
        pos.me.pts[from] -= 1;
        pos.me.pts[to] += 1;
    }
    match rng.below(8) {
        0 => {
            // One of the mover's checkers hit: it must enter first.
            let p = (12..=24).find(|&p| pos.me.pts[p] > 0).unwrap();
            pos.me.pts[p] -= 1;
            pos.me.pts[0] += 1;
        }
        1 => {
            let p = (12..=24).find(|&p| pos.me.pts[p] > 0).unwrap();
            pos.me.pts[p] -= 1;
            pos.me.off += 1;
        }
        _ => {}
    }
    // The opponent: some on the bar, blots on the mover's 20–23 where free, the rest
    // spread where they may stand; some borne off.
    let mut left = 15u8;
    let bar = match rng.below(3) {
        0 => 1 + rng.below(3) as u8,
        _ => 0,
    };
    pos.them.pts[0] = bar;
    left -= bar;
    for mine in 20..=23 {
        if pos.me.pts[mine] == 0 && left > 0 && rng.below(2) == 0 {
            pos.them.pts[across(mine)] += 1;
            left -= 1;
        }
    }
    let off = rng.below(usize::from(left) / 2 + 1) as u8;
    left -= off;
    pos.them.off = off;
    let mut tries = 0;
    while left > 0 && tries < 500 {
        tries += 1;
        let theirs = 1 + rng.below(24);
        if pos.me.pts[across(theirs)] > 0 || ((2..=11).contains(&theirs) && pos.them.pts[theirs] > 0) {
            continue;
        }
        pos.them.pts[theirs] += 1;
        left -= 1;
    }
    pos.them.off += left;
    let code = reference::code(&pos);
    Position::from_code(&code).unwrap_or_else(|e| panic!("generated {code}: {e}"))
}

/// Positions along random games played by the engine's legal plays, each with its roll;
/// `each` sees every position.
fn playouts(seed: u64, positions: usize, each: impl FnMut(&mut MoveGen, &Position, Roll)) {
    playouts_by(RuleSet::VASAMUSEET, seed, positions, each);
}

#[test]
fn the_reference_reproduces_every_row_of_the_shared_examples() {
    let rows = rows("examples.tsv");
    assert!(rows.len() >= 20, "the fixture lost rows");
    for row in rows {
        let (code, dice) = (&row[0], &row[1]);
        let roll: Roll = dice.parse().unwrap();
        let expected = common::expected_results(&row);
        assert_eq!(
            reference::legal_plays(&reference_pos(code), roll.dice()),
            expected,
            "{code} {dice}"
        );
    }
}

fn reference_perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for roll in Roll::all() {
        for (code, outcome) in reference::legal_plays(pos, roll.dice()) {
            total += if outcome == "-" {
                reference_perft(&reference_pos(&code), depth - 1)
            } else {
                1
            };
        }
    }
    total
}

#[test]
fn the_reference_reproduces_the_shared_perft_counts_at_depth_1() {
    let mut checked = 0;
    for row in rows("perft.txt") {
        if row[1] == "1" {
            let expected: u64 = row[2].parse().unwrap();
            assert_eq!(
                reference_perft(&reference_pos(&row[0]), 1),
                expected,
                "perft({}, 1)",
                row[0]
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "the fixture lost rows");
}

#[test]
fn r15_to_r18_the_engines_outcome_of_every_play_agrees_with_the_reference_on_150000_positions() {
    let mut positions = 0;
    let mut endings = (0, 0);
    let mut add = |e: (usize, usize)| {
        endings.0 += e.0;
        endings.1 += e.1;
    };
    playouts(1, 100_000, |movegen, pos, roll| {
        add(check_outcomes(movegen, pos, roll));
        positions += 1;
    });
    let mut rng = TestRng(2);
    let mut movegen = MoveGen::new();
    for i in 0..50_000u64 {
        if i % 2 == 0 {
            let pos = near_pretty(&mut rng);
            for _ in 0..3 {
                add(check_outcomes(&mut movegen, &pos, rng.roll()));
            }
        } else {
            add(check_outcomes(
                &mut movegen,
                &random_setup(1_000_000 + i),
                rng.roll(),
            ));
        }
        positions += 1;
    }
    assert!(positions >= 150_000);
    // The positions must really exercise the endings, pretty games above all.
    assert!(endings.0 > 20_000, "only {} game-ending plays", endings.0);
    assert!(endings.1 > 5_000, "only {} pretty games", endings.1);
}

#[test]
fn section_6_the_engines_legal_plays_equal_the_references_on_random_and_placed_positions() {
    let mut movegen = MoveGen::new();
    let compare = |movegen: &mut MoveGen, pos: &Position| {
        let start = reference_pos(&pos.code());
        for roll in Roll::all() {
            let ours = engine_set(movegen, pos, roll);
            let theirs = reference::legal_plays(&start, roll.dice());
            assert_eq!(ours, theirs, "{} {roll}", pos.code());
            assert_eq!(
                movegen.plays(pos.board(), roll).len(),
                ours.len(),
                "{} {roll}: listed twice",
                pos.code()
            );
        }
    };
    let mut along = Vec::new();
    playouts(3, 400, |_, pos, _| along.push(*pos));
    for pos in &along {
        compare(&mut movegen, pos);
    }
    let mut rng = TestRng(4);
    for i in 0..400u64 {
        compare(&mut movegen, &near_pretty(&mut rng));
        compare(&mut movegen, &random_setup(2_000_000 + i));
    }
}

#[test]
fn r19_r20_the_match_standing_agrees_with_the_reference_for_random_results() {
    use brade::brade::{GameRecord, GameResult, MatchScore, Standing};
    use brade::rules::Color;
    const NAMES: [&str; 12] = [
        "hemspel",
        "hemspel+munk",
        "enkelt-kronspel",
        "enkelt-kronspel+munk",
        "dubbelt-kronspel",
        "dubbelt-kronspel+munk",
        "trappspel",
        "trappspel+munk",
        "uppspel",
        "uppspel+munk",
        "jan",
        "sprangjan",
    ];
    let mut rng = TestRng(5);
    for _ in 0..20_000 {
        let length = [1u32, 3, 5, 7][rng.below(4)];
        let played = rng.below(length as usize + 1);
        let games: Vec<(bool, &str)> = (0..played)
            // Few kinds make equal points (and so the tie-break) common.
            .map(|_| {
                let kinds = if rng.below(2) == 0 { 4 } else { 12 };
                (rng.below(2) == 0, NAMES[rng.below(kinds)])
            })
            .collect();
        let records = games
            .iter()
            .map(|&(white, name)| GameRecord {
                winner: if white { Color::White } else { Color::Black },
                result: GameResult::from_notation(name).unwrap(),
            })
            .collect();
        let score = MatchScore::new(length, records);
        let ours = match score.standing() {
            Standing::Won { winner, .. } => Some(winner == Color::White),
            Standing::Leads { leader, .. } => Some(leader == Color::White),
            Standing::Level => None,
        };
        assert_eq!(ours, reference::ahead(&games), "{games:?}");
        assert_eq!(score.is_over(), played == length as usize, "{games:?}");
        for white in [true, false] {
            let side = if white { Color::White } else { Color::Black };
            let points: u32 = games
                .iter()
                .filter(|g| g.0 == white)
                .map(|g| reference::score(g.1).0)
                .sum();
            assert_eq!(score.points(side), points, "{games:?}");
        }
    }
}

// ---- The variants of the other texts (rule sets) against the reference ----

use brade::brade::{BandRun, BearOff, EntryBurst, PrettyRule, RuleSet};
use reference::Variants;

/// The engine's rule set for the reference's variants (two descriptions written apart).
fn rules_of(v: Variants) -> RuleSet {
    RuleSet {
        entry_burst: if v.entry_none {
            EntryBurst::None
        } else {
            EntryBurst::More
        },
        bear_off: if v.free_bear_off {
            BearOff::Free
        } else {
            BearOff::Rearmost
        },
        band_run: if v.five_bands { BandRun::Five } else { BandRun::Any },
        pretty: if v.whole_roll {
            PrettyRule::WholeRoll
        } else {
            PrettyRule::AtOnce
        },
    }
}

/// A generator of positions built to meet a switch.
type Built = fn(&mut TestRng) -> Position;

/// Each switch alone, at its other value, with a generator of positions built to meet it.
fn switches() -> [(&'static str, Variants, Built); 4] {
    let none = Variants::default();
    [
        (
            "entry-burst=none",
            Variants {
                entry_none: true,
                ..none
            },
            bar_against_a_closing_quarter,
        ),
        (
            "bear-off=free",
            Variants {
                free_bear_off: true,
                ..none
            },
            bear_off_with_gaps,
        ),
        (
            "band-run=five",
            Variants {
                five_bands: true,
                ..none
            },
            runs_of_bands,
        ),
        (
            "pretty=whole-roll",
            Variants {
                whole_roll: true,
                ..none
            },
            near_pretty,
        ),
    ]
}

/// Fills in the checkers not placed yet, each where it may stand: no point shared, no
/// band of either side on its own 2–11; what finds no place counts as borne off.
fn fill(pos: &mut Pos, rng: &mut TestRng, them_off: u8) {
    let placed = |s: &Side| s.pts.iter().map(|&n| u32::from(n)).sum::<u32>() as u8 + s.off;
    assert!(
        placed(&pos.me) <= 15 && placed(&pos.them) <= 15,
        "a generator placed too many"
    );
    pos.them.off += them_off.min(15 - placed(&pos.them));
    for mine in [true, false] {
        let mut left = 15 - if mine { placed(&pos.me) } else { placed(&pos.them) };
        let mut tries = 0;
        while left > 0 && tries < 400 {
            tries += 1;
            let p = 1 + rng.below(24);
            let (own, other) = if mine {
                (pos.me.pts[p], pos.them.pts[across(p)])
            } else {
                (pos.them.pts[p], pos.me.pts[across(p)])
            };
            if other > 0 || ((2..=11).contains(&p) && own > 0) {
                continue;
            }
            if mine {
                pos.me.pts[p] += 1;
            } else {
                pos.them.pts[p] += 1;
            }
            left -= 1;
        }
        if mine {
            pos.me.off += left;
        } else {
            pos.them.off += left;
        }
    }
}

fn empty_pos(rng: &mut TestRng) -> Pos {
    let empty = Side { pts: [0; 25], off: 0 };
    Pos {
        me: empty,
        them: empty,
        white_to_move: rng.below(2) == 0,
    }
}

fn checked(pos: &Pos) -> Position {
    let code = reference::code(pos);
    Position::from_code(&code).unwrap_or_else(|e| panic!("generated {code}: {e}"))
}

/// The mover with checkers on the bar against a first quarter nearly or wholly closed:
/// opponent bands on most of its points, the mover's own checkers and opponent blots on
/// some of the rest.
fn bar_against_a_closing_quarter(rng: &mut TestRng) -> Position {
    let mut pos = empty_pos(rng);
    pos.me.pts[0] = 1 + rng.below(4) as u8;
    let mut theirs = 0u8;
    for p in 1..=6 {
        match rng.below(10) {
            0..=5 if theirs <= 12 => {
                let n = 2 + rng.below(2) as u8;
                pos.them.pts[across(p)] = n;
                theirs += n;
            }
            6 => pos.me.pts[p] = 1 + u8::from(p == 1) * rng.below(4) as u8,
            7 if theirs < 15 => {
                pos.them.pts[across(p)] = 1;
                theirs += 1;
            }
            _ => {}
        }
    }
    let off = rng.below(3) as u8;
    fill(&mut pos, rng, off);
    checked(&pos)
}

/// The mover bearing off (or one checker short of it), with points of the last quarter
/// left empty between his checkers.
fn bear_off_with_gaps(rng: &mut TestRng) -> Position {
    let mut pos = empty_pos(rng);
    let mut left = 15u8;
    let off = rng.below(12) as u8;
    pos.me.off = off;
    left -= off;
    while left > 0 {
        let p = 19 + rng.below(6);
        if rng.below(3) == 0 && pos.me.pts[p] == 0 {
            continue; // gaps: fewer points taken
        }
        let n = (1 + rng.below(3) as u8).min(left);
        pos.me.pts[p] += n;
        left -= n;
    }
    match rng.below(6) {
        0 => {
            let p = (19..=24).find(|&p| pos.me.pts[p] > 0).unwrap();
            pos.me.pts[p] -= 1;
            pos.me.pts[13 + rng.below(6)] += 1;
        }
        1 => {
            let p = (19..=24).rev().find(|&p| pos.me.pts[p] > 0).unwrap();
            pos.me.pts[p] -= 1;
            pos.me.pts[0] += 1;
        }
        _ => {}
    }
    // Opponent blots and bands on the mover's last quarter now and then.
    for p in 19..=24 {
        if pos.me.pts[p] == 0 && rng.below(4) == 0 {
            // A band only where he may make one (his huk, his 12: the mover's 24).
            pos.them.pts[across(p)] = if p == 24 { 1 + rng.below(2) as u8 } else { 1 };
        }
    }
    let off = rng.below(6) as u8;
    fill(&mut pos, rng, off);
    checked(&pos)
}

/// Runs of three to five of the mover's bands on his 13–24, with lone checkers beside
/// them and behind them (a step can make six in a row); now and then the opponent has
/// only one checker left, or a run of six already stands.
fn runs_of_bands(rng: &mut TestRng) -> Position {
    let mut pos = empty_pos(rng);
    let longest = if rng.below(8) == 0 { 4 } else { 3 };
    let length = 3 + rng.below(longest);
    let start = 13 + rng.below(24 - 13 - length + 2);
    let mut mine = 0u8;
    for p in start..(start + length).min(25) {
        let n = 2 + u8::from(rng.below(4) == 0);
        if mine + n <= 13 {
            pos.me.pts[p] = n;
            mine += n;
        }
    }
    for p in [start.saturating_sub(1), start + length, start + length + 1] {
        if (13..=24).contains(&p) && pos.me.pts[p] == 0 && rng.below(2) == 0 && mine < 15 {
            pos.me.pts[p] = 1;
            mine += 1;
        }
    }
    // Checkers behind, within a die of the run.
    for _ in 0..3 {
        let p = start.saturating_sub(1 + rng.below(6)).max(1);
        if mine < 15 && (!(2..=11).contains(&p) || pos.me.pts[p] == 0) {
            pos.me.pts[p] += 1;
            mine += 1;
        }
    }
    let them_off = if rng.below(6) == 0 { 14 } else { rng.below(4) as u8 };
    if them_off == 14 {
        pos.them.off = 14;
        let free = (1..=24)
            .filter(|&p| pos.me.pts[across(p)] == 0)
            .collect::<Vec<_>>();
        pos.them.pts[free[rng.below(free.len())]] = 1;
        fill(&mut pos, rng, 0);
    } else {
        fill(&mut pos, rng, them_off);
    }
    checked(&pos)
}

/// [`check_outcomes`] under the variants `v`: every step of every engine play legal in
/// the reference with the same landing, no step but the last ending the game, and the
/// outcome (the pattern after the whole play, under whole-roll) and the position the
/// engine's. Returns how many plays ended the game.
fn check_outcomes_by(movegen: &mut MoveGen, pos: &Position, roll: Roll, v: Variants) -> usize {
    let code = pos.code();
    let start = reference_pos(&code);
    let mut endings = 0;
    for lp in movegen.plays(pos.board(), roll) {
        let mut at = start;
        let steps = lp.play.steps();
        let mut outcome = None;
        for (i, s) in steps.iter().enumerate() {
            let stepped = reference::step_by(&at, usize::from(s.from), s.die, v).unwrap_or_else(|| {
                panic!(
                    "{v:?} {code} {roll}: the reference refuses step {s} of {}",
                    lp.play
                )
            });
            let landing = match s.effect {
                Effect::Quiet => Landing::Quiet,
                Effect::Hit => Landing::Hit,
                Effect::Burst => Landing::Burst,
            };
            assert_eq!(
                stepped.landing, landing,
                "{v:?} {code} {roll}: {s} of {}",
                lp.play
            );
            at = stepped.after;
            let burst_in_q1 = stepped.landing == Landing::Burst && stepped.to <= 6;
            outcome = reference::ending_by(&at, burst_in_q1, !v.whole_roll);
            if i + 1 < steps.len() {
                assert_eq!(outcome, None, "{v:?} {code} {roll}: ended at {s} of {}", lp.play);
            }
        }
        if outcome.is_none() && v.whole_roll && !steps.is_empty() {
            outcome = reference::pretty_after_move(&at);
        }
        let theirs = outcome.map_or("-", |(name, _)| name);
        let ours = lp.result.map_or("-".to_string(), |r| r.notation());
        assert_eq!(ours, theirs, "{v:?} {code} {roll}: outcome of {}", lp.play);
        let after = Position::new(lp.board.switched(), pos.turn().other()).code();
        assert_eq!(
            after,
            reference::code_after(&at),
            "{v:?} {code} {roll}: position after {}",
            lp.play
        );
        endings += usize::from(outcome.is_some());
    }
    endings
}

/// Positions along random games played by the engine's legal plays under `rules`.
fn playouts_by(
    rules: RuleSet,
    seed: u64,
    positions: usize,
    mut each: impl FnMut(&mut MoveGen, &Position, Roll),
) {
    let mut rng = TestRng(seed);
    let mut movegen = MoveGen::with_rules(rules);
    let mut seen = 0;
    while seen < positions {
        let mut pos = Position::start(if rng.below(2) == 0 {
            brade::rules::Color::White
        } else {
            brade::rules::Color::Black
        });
        loop {
            let roll = rng.roll();
            each(&mut movegen, &pos, roll);
            seen += 1;
            let plays = movegen.plays(pos.board(), roll);
            let lp = plays[rng.below(plays.len())];
            if lp.result.is_some() || seen >= positions {
                break;
            }
            pos = Position::new(lp.board.switched(), pos.turn().other());
        }
    }
}

#[test]
fn every_switch_the_engines_plays_agree_with_the_reference_on_100000_positions_each() {
    for (i, (name, v, built)) in switches().into_iter().enumerate() {
        let rules = rules_of(v);
        let mut positions = 0;
        let mut endings = 0;
        playouts_by(rules, 10 + i as u64, 60_000, |movegen, pos, roll| {
            endings += check_outcomes_by(movegen, pos, roll, v);
            positions += 1;
        });
        let mut rng = TestRng(20 + i as u64);
        let mut movegen = MoveGen::with_rules(rules);
        for _ in 0..40_000 {
            let pos = built(&mut rng);
            endings += check_outcomes_by(&mut movegen, &pos, rng.roll(), v);
            positions += 1;
        }
        assert!(positions >= 100_000, "{name}");
        assert!(endings > 1_000, "{name}: only {endings} game-ending plays");
    }
}

#[test]
fn every_switch_and_named_set_the_engines_legal_plays_equal_the_references() {
    let mut sets: Vec<(String, Variants, Built)> = switches()
        .into_iter()
        .map(|(name, v, built)| (name.to_string(), v, built))
        .collect();
    sets.push((
        "hobby-page".into(),
        Variants {
            entry_none: true,
            free_bear_off: true,
            five_bands: true,
            whole_roll: true,
        },
        runs_of_bands,
    ));
    for (i, (name, v, built)) in sets.into_iter().enumerate() {
        let rules = rules_of(v);
        let mut movegen = MoveGen::with_rules(rules);
        let mut vasamuseet = MoveGen::new();
        let (mut compared, mut differing) = (0, 0);
        let mut compare = |movegen: &mut MoveGen, pos: &Position| {
            let start = reference_pos(&pos.code());
            for roll in Roll::all() {
                let ours = engine_set(movegen, pos, roll);
                let theirs = reference::legal_plays_by(&start, roll.dice(), v);
                assert_eq!(ours, theirs, "{name}: {} {roll}", pos.code());
                assert_eq!(
                    movegen.count(pos.board(), roll),
                    ours.len(),
                    "{name}: {} {roll} counted",
                    pos.code()
                );
                compared += 1;
                differing += usize::from(engine_set(&mut vasamuseet, pos, roll) != ours);
            }
        };
        let mut along = Vec::new();
        playouts_by(rules, 30 + i as u64, 150, |_, pos, _| along.push(*pos));
        for pos in &along {
            compare(&mut movegen, pos);
        }
        let mut rng = TestRng(40 + i as u64);
        for _ in 0..150 {
            compare(&mut movegen, &built(&mut rng));
        }
        assert!(compared >= 6_000, "{name}: {compared}");
        // The positions must meet the variant: its plays differ from the club's in more
        // than one roll in fifty.
        assert!(
            differing * 50 >= compared,
            "{name}: only {differing} rolls of {compared} play otherwise"
        );
    }
}
