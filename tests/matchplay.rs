//! Playing for the match: the match-winning chances against a brute-force enumeration with
//! its own R20 written here, and the payoffs at scores where the match decides.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::matchplay::{MatchState, OUTCOMES, Payoff, mwc, payoff};
use brade::rules::Color;

/// Points and rank box of each class (hemspel, hemspel+munk, pretty, pretty+munk, jan,
/// sprängjan), from R19's table.
const POINTS: [u32; 6] = [1, 2, 2, 3, 4, 6];
const BOX: [u8; 6] = [6, 5, 4, 3, 2, 1];

/// R20 from RULES.md: more points wins; with equal points, the results by rank box, best
/// first, the first difference decides (a result against none wins).
fn white_wins(white: &[usize], black: &[usize]) -> bool {
    let points = |v: &[usize]| v.iter().map(|&c| POINTS[c]).sum::<u32>();
    let (w, b) = (points(white), points(black));
    if w != b {
        return w > b;
    }
    let boxes = |v: &[usize]| {
        let mut b: Vec<u8> = v.iter().map(|&c| BOX[c]).collect();
        b.sort_unstable();
        b
    };
    let (wb, bb) = (boxes(white), boxes(black));
    for i in 0..wb.len().max(bb.len()) {
        match (wb.get(i), bb.get(i)) {
            (Some(x), Some(y)) if x != y => return x < y,
            (Some(_), None) => return true,
            (None, Some(_)) => return false,
            _ => {}
        }
    }
    panic!("R20 leaves no odd match level: {white:?} {black:?}")
}

/// White's chance by enumerating every sequence of outcomes of the games left, the loser
/// of each starting the next.
fn brute(games: u32, white: &mut Vec<usize>, black: &mut Vec<usize>, starter: Color) -> f64 {
    if (white.len() + black.len()) as u32 == games {
        return if white_wins(white, black) { 1.0 } else { 0.0 };
    }
    let mut total = 0.0;
    for (o, &p) in OUTCOMES.iter().enumerate() {
        let winner = if o < 6 { starter } else { starter.other() };
        let list = if winner == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        list.push(o % 6);
        total += p * brute(games, white, black, winner.other());
        let list = if winner == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        list.pop();
    }
    total
}

fn state(games: u32, white: &[usize], black: &[usize]) -> MatchState {
    let mut s = MatchState::new(games);
    for &c in white {
        s = s.after(Color::White, c);
    }
    for &c in black {
        s = s.after(Color::Black, c);
    }
    s
}

#[test]
fn the_outcome_table_is_a_distribution() {
    assert!(OUTCOMES.iter().all(|&p| p > 0.0 && p < 1.0), "{OUTCOMES:?}");
    assert!((OUTCOMES.iter().sum::<f64>() - 1.0).abs() < 1e-4);
}

#[test]
fn r20_match_winning_chances_agree_with_brute_force_enumeration() {
    let cases: [(u32, &[usize], &[usize]); 9] = [
        (3, &[], &[]),
        (3, &[0], &[]),
        (3, &[4], &[0]),
        (3, &[], &[5, 0]),
        (5, &[], &[]),
        (5, &[1, 2], &[3]),
        (5, &[0], &[0]),
        (7, &[0, 4], &[1, 2]),
        (7, &[5], &[0, 0, 3]),
    ];
    for (games, white, black) in cases {
        for starter in Color::BOTH {
            let expected = brute(games, &mut white.to_vec(), &mut black.to_vec(), starter);
            let s = state(games, white, black);
            let got = mwc(&s, starter, Color::White).unwrap();
            assert!(
                (got - expected).abs() < 1e-9,
                "{games} games, {white:?} v {black:?}, {starter:?} starts: {got} v {expected}"
            );
        }
    }
}

#[test]
fn trailing_by_five_in_the_last_game_only_a_sprangjan_wins_the_match() {
    // 3 games: Black has won a jan and a hemspel (5 points); White needs 6 in one game.
    let s = state(3, &[], &[4, 0]);
    let Payoff::Match(w) = payoff(&s, Color::White) else {
        panic!("a match payoff")
    };
    let mwc_of = |v: f32| brade::ai::matchplay::as_mwc(f64::from(v));
    assert_eq!(mwc_of(w[5]), 1.0, "sprängjan wins the match");
    for (c, &v) in w[..5].iter().enumerate() {
        assert!(mwc_of(v) < 0.01, "own class {c} still loses the match: {v}");
    }
    assert!(w[6..].iter().all(|&v| mwc_of(v) < 0.01));
    // Among the ways to lose the match, fewer points lost is still better.
    assert!(w[4] > w[0] && w[0] > w[6] && w[6] > w[10]);
}

#[test]
fn leading_a_safe_hemspel_is_worth_as_much_as_a_jan() {
    // 3 games: White won a jan (4), Black a hemspel (1). White wins the match with any
    // win, and with any loss but a jan or sprängjan (R20's rank box breaks 4–4 for the jan).
    let s = state(3, &[4], &[0]);
    let Payoff::Match(w) = payoff(&s, Color::White) else {
        panic!("a match payoff")
    };
    let won = |v: f32| (v - 1.0).abs() < 0.01;
    let lost = |v: f32| (v + 1.0).abs() < 0.01;
    assert!(w[..10].iter().all(|&v| won(v)), "{w:?}");
    assert!(w[10..].iter().all(|&v| lost(v)), "{w:?}");
    // The points only break ties: a jan's 4 points do not outweigh a hemspel by more
    // than a sliver of the match.
    assert!(w[4] > w[0] && w[4] - w[0] < 0.01);
    // And Black's payoff is White's seen from the other side.
    assert_eq!(payoff(&s, Color::Black), payoff(&s, Color::White).flipped());
}

#[test]
fn a_single_game_is_played_for_expected_points() {
    assert_eq!(payoff(&MatchState::new(1), Color::White), Payoff::Points);
    assert!(matches!(
        payoff(&MatchState::new(3), Color::Black),
        Payoff::Match(_)
    ));
    assert_eq!(
        mwc(&MatchState::new(9), Color::White, Color::White),
        None,
        "beyond the table"
    );
}

/// Black to roll 4-6 can win a jan at once (11/17* 17/21*): four points.
const JAN_NOW: &str = "0x2,1x9,2,4,5,9/1x8,4,5,7,8,11,12,15/b";

#[test]
fn trailing_by_five_in_the_last_game_the_computer_declines_a_jan_that_loses_the_match() {
    let lines = format!("{JAN_NOW} 46\n{JAN_NOW} 46 jan,hemspel/-\n{JAN_NOW} 46 -/jan\n");
    let out = common::brade(&["bot", "--level", "hard", "--match", "3"], Some(&lines));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.lines().map(|l| l.rsplit('\t').next().unwrap()).collect();
    // At the start of the match, and leading, the jan; trailing 0–5 with one game left
    // a jan's four points lose the match, so the game goes on.
    assert_eq!(answers, ["jan", "-", "jan"], "{text}");
    // In a single game (no --match) the jan.
    let out = common::brade(&["bot", "--level", "hard"], Some(&format!("{JAN_NOW} 46\n")));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .trim_end()
            .ends_with("\tjan")
    );
}

#[test]
fn brade_bot_says_what_is_wrong_with_a_match_score() {
    let lines = format!("{JAN_NOW} 46 x/y\n{JAN_NOW} 46 jan,hemspel,jan/-\n");
    let out = common::brade(&["bot", "--match", "3"], Some(&lines));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("error: bad match score \"x/y\""), "{text}");
    assert!(lines[1].contains("already ends a match of 3 games"), "{text}");
    let out = common::brade(&["bot"], Some(&format!("{JAN_NOW} 46 -/jan\n")));
    assert!(String::from_utf8(out.stdout).unwrap().contains("needs --match"));
    let out = common::brade(&["bot", "--match", "4"], Some(""));
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("3, 5 or 7 games"));
}

#[test]
fn a_match_series_is_the_same_on_one_thread_and_on_two_and_counts_every_match() {
    use brade::ai::Level;
    use brade::ai::arena::{MatchPlayers, match_series};
    let players = MatchPlayers {
        levels: [Level::Medium, Level::Random],
        nets: [None, None],
        aware: [true, false],
        rules: Default::default(),
    };
    let run = |threads: usize| common::pool(threads).install(|| match_series(&players, 3, 12, 5));
    let (one, two) = (run(1), run(2));
    assert_eq!(
        (one.a_matches, one.games.a_wins, one.games.a_points),
        (two.a_matches, two.games.a_wins, two.games.a_points)
    );
    assert_eq!(one.matches, 12);
    assert_eq!(one.games.games, 36, "every game of every match is played (R20)");
    assert!(one.a_matches >= 11, "medium against random: {}", one.a_matches);
}

#[test]
fn brade_arena_plays_whole_matches_and_reports_the_matches_won() {
    let out = common::brade(
        &[
            "arena",
            "medium",
            "random",
            "--match",
            "3",
            "--matches",
            "6",
            "--seed",
            "2",
        ],
        None,
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("6 matches of 3 games (A plays for the match, B for the match)"),
        "{text}"
    );
    assert!(text.contains("18 games"), "{text}");
    assert!(text.contains("matches: A "), "{text}");
    let out = common::brade(&["arena", "medium", "random", "--matches", "6"], None);
    assert!(!out.status.success(), "--matches needs --match");
}

#[test]
fn a_point_at_the_start_of_a_match_is_worth_the_chance_a_hemspel_swings() {
    use brade::ai::matchplay::point_value;
    assert_eq!(point_value(1), None, "a single game counts points");
    let mut last = 1.0;
    for games in [3, 5, 7] {
        let mut expected = 0.0;
        for starter in Color::BOTH {
            // Brute force from White's side, turned to the starter's.
            let for_starter = |w: f64| if starter == Color::White { w } else { 1.0 - w };
            let (mut won_w, mut won_b) = (vec![], vec![]);
            let (mut lost_w, mut lost_b) = (vec![], vec![]);
            if starter == Color::White {
                won_w.push(0);
                lost_b.push(0);
            } else {
                won_b.push(0);
                lost_w.push(0);
            }
            let won = for_starter(brute(games, &mut won_w, &mut won_b, starter.other()));
            let lost = for_starter(brute(games, &mut lost_w, &mut lost_b, starter));
            expected += (won - lost) / 4.0;
        }
        let got = point_value(games).unwrap();
        assert!((got - expected).abs() < 1e-9, "{games}: {got} v {expected}");
        assert!(got > 0.0 && got < last, "a point weighs less in a longer match");
        last = got;
    }
}
