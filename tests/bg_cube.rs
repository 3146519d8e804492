//! Cube decisions (B13–B16): hand-computed take points and decisions for money and match
//! play, and agreement with GNU Backgammon's own 0-ply cube decisions on the same cubeless
//! probabilities (`tests/data/backgammon/cube_fixture.tsv`, written by
//! `make_cube_fixture.py` beside it).
#![allow(clippy::panic, clippy::unwrap_used)]

use brade::ai::backgammon::cube::{
    BEAROFF_EFFICIENCY, CONTACT_EFFICIENCY, CubeView, Outcomes, Owner, ProperAction, Session, Unit, cubeful,
    decide, efficiency, race_efficiency, take_point,
};
use brade::ai::backgammon::met::{Away, Crawford, mwc};
use brade::backgammon::{Board, Stakes};

fn single(win: f64) -> Outcomes {
    Outcomes {
        win,
        ..Outcomes::default()
    }
}

fn money() -> Session {
    Session::Money(Stakes::default())
}

fn centred() -> CubeView {
    CubeView::new(1, Owner::Centre)
}

fn matched(me: u32, opp: u32, crawford: Crawford) -> Session {
    Session::Match(Away { me, opp, crawford }, Stakes::default())
}

#[test]
fn b13_money_take_point_with_a_dead_cube_is_25_percent() {
    assert!(decide(&single(0.74), centred(), &money(), 0.0).take);
    assert!(!decide(&single(0.76), centred(), &money(), 0.0).take);
    let edge = decide(&single(0.75), centred(), &money(), 0.0);
    assert!((edge.double_take.unwrap() - edge.double_pass.unwrap()).abs() < 1e-12);
}

#[test]
fn b13_money_take_point_with_a_live_cube_is_janowskis() {
    // (L − ½) / (W + L + ½x) with W = L = 1: 21.37 % at x = 0.68, 20 % with a fully
    // efficient cube
    for (x, point) in [(0.68, 0.5 / 2.34), (1.0, 0.2)] {
        assert!(
            !decide(&single(1.0 - point + 0.002), centred(), &money(), x).take,
            "x {x}"
        );
        assert!(
            decide(&single(1.0 - point - 0.002), centred(), &money(), x).take,
            "x {x}"
        );
    }
}

#[test]
fn the_take_point_for_hints_is_25_percent_dead_janowskis_live_and_the_tables_in_a_match() {
    let even = single(0.5);
    assert!((take_point(&even, centred(), &money(), 0.0) - 0.25).abs() < 1e-9);
    assert!((take_point(&even, centred(), &money(), 0.68) - 0.5 / 2.34).abs() < 1e-9);
    // gammons the doubler wins raise it: the taker's average loss L = 1.5, its win W = 1,
    // dead (L − ½)/(W + L) = 40 %
    let gammons = Outcomes {
        win: 0.5,
        win_gammon: 0.25,
        ..Outcomes::default()
    };
    assert!((take_point(&gammons, centred(), &money(), 0.0) - 0.4).abs() < 1e-9);
    // 2-away/2-away: the game for the match against 1-away/2-away Crawford
    let two = matched(2, 2, Crawford::Before);
    assert!((take_point(&even, centred(), &two, 0.68) - (1.0 - 0.67736)).abs() < 1e-9);
}

#[test]
fn b13_eighty_percent_wins_without_gammons_is_a_double_and_a_pass_for_money() {
    let d = decide(&single(0.8), centred(), &money(), CONTACT_EFFICIENCY);
    assert_eq!(d.action, ProperAction::DoublePass);
    assert_eq!(d.unit, Unit::Points);
    assert_eq!(d.value(), 1.0);
    assert!(d.doubles());
}

#[test]
fn b13_an_even_game_is_no_double_and_the_opponents_cube_cannot_be_turned() {
    let d = decide(&single(0.5), centred(), &money(), CONTACT_EFFICIENCY);
    assert_eq!(d.action, ProperAction::NoDouble);
    assert!(d.take);
    assert!(d.no_double.abs() < 1e-12, "an even game is worth nothing");
    let theirs = decide(
        &single(0.9),
        CubeView::new(2, Owner::Opponent),
        &money(),
        CONTACT_EFFICIENCY,
    );
    assert_eq!(theirs.action, ProperAction::Unavailable);
    assert_eq!(theirs.double_take, None);
    // owning the cube is worth something; the opponent's costs something
    let p = single(0.6);
    let mine = cubeful(&p, CubeView::new(2, Owner::Mover), &money(), 0.68);
    let middle = cubeful(&p, centred(), &money(), 0.68);
    let opp = cubeful(&p, CubeView::new(2, Owner::Opponent), &money(), 0.68);
    assert!(mine > middle && middle > opp, "{mine} {middle} {opp}");
}

#[test]
fn b14_playing_on_for_the_gammon_is_too_good_to_double() {
    let gammonish = Outcomes {
        win: 0.88,
        win_gammon: 0.5,
        ..Outcomes::default()
    };
    assert_eq!(
        decide(&gammonish, centred(), &money(), 0.68).action,
        ProperAction::TooGood
    );
}

#[test]
fn b16_with_the_jacoby_rule_the_same_game_is_a_double_and_a_pass() {
    let gammonish = Outcomes {
        win: 0.88,
        win_gammon: 0.5,
        ..Outcomes::default()
    };
    let jacoby = Session::Money(Stakes {
        jacoby: true,
        ..Stakes::default()
    });
    assert_eq!(
        decide(&gammonish, centred(), &jacoby, 0.68).action,
        ProperAction::DoublePass
    );
    // once turned, gammons count again: an owned cube is too good
    assert_eq!(
        decide(&gammonish, CubeView::new(2, Owner::Mover), &jacoby, 0.68).action,
        ProperAction::TooGood
    );
}

#[test]
fn b14_a_backgammon_counts_three_or_two() {
    let all = Outcomes {
        win: 1.0,
        win_gammon: 1.0,
        win_backgammon: 1.0,
        ..Outcomes::default()
    };
    assert_eq!(all.equity(3), 3.0);
    assert_eq!(all.equity(2), 2.0);
    assert_eq!(all.flipped().equity(3), -3.0);
    assert_eq!(all.flipped().flipped(), all);
}

#[test]
fn b15_the_crawford_game_has_no_cube() {
    for p in [0.3, 0.7, 0.95] {
        for (me, opp) in [(1, 4), (4, 1)] {
            let d = decide(&single(p), centred(), &matched(me, opp, Crawford::Game), 0.68);
            assert_eq!(d.action, ProperAction::Unavailable);
            // a dead cube: the cubeless match-winning chance
            let win = mwc(Away {
                me,
                opp,
                crawford: Crawford::Game,
            }
            .after(1));
            let lose = mwc(Away {
                me,
                opp,
                crawford: Crawford::Game,
            }
            .after(-1));
            assert!((d.no_double - (p * win + (1.0 - p) * lose)).abs() < 1e-12);
        }
    }
}

#[test]
fn b15_post_crawford_the_trailer_doubles_at_once_and_the_leader_never() {
    let post = |me, opp| matched(me, opp, Crawford::After);
    for me in [2, 3, 4, 5, 7] {
        for p in [0.2, 0.35, 0.5] {
            let d = decide(&single(p), centred(), &post(me, 1), 0.68);
            assert!(d.doubles(), "{me}-away, {p}: {d:?}");
        }
    }
    let leader = decide(&single(0.6), centred(), &post(1, 3), 0.68);
    assert_eq!(leader.action, ProperAction::Unavailable);
    // 2-away against 1-away: the game for the match, or the drop to 1-away/1-away
    let taken = decide(&single(0.4), centred(), &post(2, 1), 0.68);
    assert_eq!(taken.action, ProperAction::DoubleTake);
    assert!((taken.double_take.unwrap() - 0.4).abs() < 1e-12);
    assert!((taken.double_pass.unwrap() - 0.5).abs() < 1e-12);
    let dropped = decide(&single(0.6), centred(), &post(2, 1), 0.68);
    assert_eq!(dropped.action, ProperAction::DoublePass, "the leader's free drop");
}

#[test]
fn b15_the_match_take_point_comes_from_the_table() {
    // 2-away/2-away: a double kills the cube and plays the game for the match; a pass
    // leaves the doubler 1-away/2-away in the Crawford game (Kazaross-XG2: 67.736 %)
    let session = matched(2, 2, Crawford::Before);
    let d = decide(&single(0.67), centred(), &session, 0.68);
    assert!(d.take && (d.double_pass.unwrap() - 0.67736).abs() < 1e-12);
    assert_eq!(d.unit, Unit::MatchChance);
    assert!(!decide(&single(0.69), centred(), &session, 0.68).take);
    // a side that wins the match with a single game has nothing to double for
    let already = decide(&single(0.7), centred(), &matched(1, 5, Crawford::Before), 0.68);
    assert_eq!(already.action, ProperAction::Unavailable);
}

#[test]
fn the_cube_efficiency_is_gnubgs_by_kind_of_position() {
    assert_eq!(efficiency(&Board::start()), CONTACT_EFFICIENCY);
    for (pips, x) in [(20, 0.6), (40, 0.6), (100, 0.675), (150, 0.7)] {
        assert!((race_efficiency(pips) - x).abs() < 1e-12, "{pips}");
    }
    const { assert!(BEAROFF_EFFICIENCY < CONTACT_EFFICIENCY) };
}

// ---- GNU Backgammon's decisions on its own probabilities ----

struct Row {
    session: Session,
    cube: CubeView,
    x: f64,
    outcomes: Outcomes,
    gnubg: [f64; 3],
    text: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string("tests/data/backgammon/cube_fixture.tsv").unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let n = |i: usize| f[i].parse::<u32>().unwrap();
            let r = |i: usize| f[i].parse::<f64>().unwrap();
            let owner = match f[2] {
                "centre" => Owner::Centre,
                "mover" => Owner::Mover,
                _ => Owner::Opponent,
            };
            let stakes = Stakes {
                jacoby: f[3] == "1",
                ..Stakes::default()
            };
            let session = if f[0] == "money" {
                Session::Money(stakes)
            } else {
                let length = n(4);
                let (me, opp) = (length - n(5), length - n(6));
                let crawford = if f[7] == "1" {
                    Crawford::Game
                } else if me == 1 || opp == 1 {
                    Crawford::After
                } else {
                    Crawford::Before
                };
                Session::Match(Away { me, opp, crawford }, stakes)
            };
            let x = match n(8) {
                8 => race_efficiency(n(9)),
                6 | 7 => BEAROFF_EFFICIENCY,
                _ => CONTACT_EFFICIENCY,
            };
            Row {
                session,
                cube: CubeView {
                    value: n(1),
                    owner,
                    live: f[7] != "1",
                },
                x,
                outcomes: Outcomes {
                    win: r(10),
                    win_gammon: r(11),
                    win_backgammon: r(12),
                    lose_gammon: r(13),
                    lose_backgammon: r(14),
                },
                gnubg: [r(15), r(16), r(17)],
                text: f[18].to_string(),
            }
        })
        .collect()
}

/// GNU Backgammon's recommendation in our terms.
fn action_of(text: &str) -> ProperAction {
    let t = text.to_lowercase();
    if t.starts_with("too good") {
        ProperAction::TooGood
    } else if t.starts_with("no ") || t.starts_with("never") {
        ProperAction::NoDouble
    } else if t.ends_with("take") {
        ProperAction::DoubleTake
    } else if t.ends_with("pass") {
        ProperAction::DoublePass
    } else {
        ProperAction::Unavailable
    }
}

#[test]
fn cube_decisions_agree_with_gnu_backgammons_on_the_same_probabilities() {
    let rows = rows();
    assert!(rows.len() >= 300);
    let (mut agree, mut total, mut clear, mut clear_agree) = (0, 0, 0, 0);
    let mut worst = [0.0f64; 2];
    let mut by_kind = [(0, 0); 2];
    for row in &rows {
        let ours = decide(&row.outcomes, row.cube, &row.session, row.x);
        let mut theirs = action_of(&row.text);
        let mut mine = ours.action;
        // gnubg says "no double" where the cube is not to be turned at all
        if mine == ProperAction::Unavailable {
            mine = ProperAction::NoDouble;
        }
        if theirs == ProperAction::Unavailable {
            theirs = ProperAction::NoDouble;
        }
        let money = matches!(row.session, Session::Money(_));
        let scale = if money { 1.0 } else { 0.1 };
        // GNU Backgammon takes the cube as dead at 2-away/2-away (the first double is for
        // the match); we keep the right to double it at the best moment
        let two_two = matches!(row.session, Session::Match(a, _) if a.me == 2 && a.opp == 2);
        let diff = (ours.no_double - row.gnubg[0]).abs();
        if diff > 0.01 && !two_two && std::env::var("CUBE_DEBUG").is_ok() {
            eprintln!(
                "{:?} {:?} {:?} x {}: ours {ours:?} gnubg {:?} {}",
                row.session, row.cube, row.outcomes, row.x, row.gnubg, row.text
            );
        }
        if !two_two {
            let k = usize::from(!money);
            worst[k] = worst[k].max(diff);
            assert!(
                diff < 1e-3,
                "{:?} {:?}: no double {} vs gnubg {}",
                row.session,
                row.cube,
                ours.no_double,
                row.gnubg[0]
            );
            if let (Some(t), Some(p)) = (ours.double_take, ours.double_pass) {
                worst[k] = worst[k]
                    .max((t - row.gnubg[1]).abs())
                    .max((p - row.gnubg[2]).abs());
                assert!(
                    (t - row.gnubg[1]).abs() < 1e-3 && (p - row.gnubg[2]).abs() < 1e-3,
                    "{:?} {:?}: {ours:?} vs gnubg {:?}",
                    row.session,
                    row.cube,
                    row.gnubg
                );
            }
        }
        let [nd, dt, dp] = row.gnubg;
        // clear: every choice apart from the others by a margin (0.05 money, 0.5 % match)
        let margin = 0.05 * scale;
        let is_clear = (nd - dt.min(dp)).abs() > margin && (dt - dp).abs() > margin;
        let same = mine == theirs;
        total += 1;
        agree += usize::from(same);
        let k = usize::from(!money);
        by_kind[k].0 += usize::from(same);
        by_kind[k].1 += 1;
        if is_clear {
            clear += 1;
            clear_agree += usize::from(same);
            assert!(
                same,
                "{:?} {:?}: ours {:?}, gnubg {} {:?}",
                row.session, row.cube, ours, row.text, row.gnubg
            );
        }
    }
    eprintln!(
        "agreement with gnubg: {agree}/{total} in all (money {}/{}, match {}/{}), clear cases {clear_agree}/{clear}; largest difference in the equities of the three choices: money {:.1e} points, match {:.1e} (but 2-away/2-away)",
        by_kind[0].0, by_kind[0].1, by_kind[1].0, by_kind[1].1, worst[0], worst[1]
    );
    assert!(agree * 100 >= total * 90, "{agree}/{total}");
}

/// Expert decides the cube on the chances two rolls ahead (each of the mover's 21 rolls,
/// then each of the opponent's), hard one roll ahead, medium on the network's own view —
/// and on this position, where the two depths differ, hard doubles and expert holds.
#[test]
fn expert_weighs_the_cube_two_rolls_ahead_hard_one_medium_none() {
    use brade::ai::Level;
    use brade::ai::backgammon::search::Searcher;
    use brade::ai::backgammon::weigh::{decision, outcomes_at};
    use brade::backgammon::Position;
    let net = brade::ai::backgammon::net::embedded().unwrap();
    let position = Position::from_code("6x5,7x2,8x3,13x3,18x2/6x5,8x5,13x3,21,24/w").unwrap();
    let board = position.board();
    let mut searcher = Searcher::new();
    let mut actions = Vec::new();
    for (level, depth) in [(Level::Medium, 0), (Level::Hard, 1), (Level::Expert, 2)] {
        let made = decision(&position, centred(), &money(), level);
        let chances = outcomes_at(&mut searcher, &net, board, depth);
        assert_eq!(
            made,
            decide(&chances, centred(), &money(), efficiency(board)),
            "{level:?}"
        );
        actions.push(made.action);
    }
    assert_eq!(actions[1], ProperAction::DoubleTake, "hard doubles");
    assert_eq!(actions[2], ProperAction::NoDouble, "expert holds");
}
