//! One test (or a few) per rule of RULES.md, named after it. Positions are written in the
//! notation of RULES §7b; the expected plays are worked out from the rule text.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::collections::BTreeSet;

use brade::brade::{
    Decider, GameRecord, GameResult, MatchScore, Refusal, Standing, StepRefusal, Turn, WinKind, teka,
};
use brade::rules::Color;
use common::{legal, play_set, pos, result_set, roll};

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn outcomes(code: &str, dice: &str) -> BTreeSet<String> {
    legal(code, dice).into_iter().map(|(_, _, o)| o).collect()
}

fn refusal(code: &str, dice: &str, from: u8, die: u8) -> Refusal {
    let mut turn = Turn::new(pos(code), roll(dice));
    turn.step(from, die).expect_err("the step should be refused")
}

// ---- R1–R4: board and setup ----

#[test]
fn r2_a_point_is_the_opponents_point_plus_or_minus_12() {
    assert_eq!(brade::brade::opposite(1), 13);
    assert_eq!(brade::brade::opposite(12), 24);
    assert_eq!(brade::brade::opposite(13), 1);
    assert_eq!(brade::brade::opposite(24), 12);
    // White's home (W1) is Black's 13: both colours cannot stand there.
    assert!(brade::brade::Position::from_code("1x15/13/w").is_err());
}

#[test]
fn r2_black_moves_the_same_way_as_white_in_his_own_numbering() {
    assert_eq!(play_set("1x15/1x15/b", "53"), play_set("1x15/1x15/w", "53"));
}

#[test]
fn r4_both_players_start_with_fifteen_on_their_point_1() {
    assert_eq!(brade::brade::Position::start(Color::White).code(), "1x15/1x15/w");
}

// ---- R5: teka ----

#[test]
fn r5_teka_the_lower_die_starts_and_equal_dice_roll_again() {
    assert_eq!(teka(2, 5), Some(Color::White));
    assert_eq!(teka(6, 1), Some(Color::Black));
    assert_eq!(teka(4, 4), None);
}

// ---- R6: dice and steps ----

#[test]
fn r6_a_checker_moved_with_both_dice_must_land_on_the_intermediate_point() {
    // Black's band on White's 5 (Black's 17): 1/5 is closed, so 6-4 with one checker
    // can only go 1/7 7/11.
    let code = "1x15/1x13,17x2/w";
    assert_eq!(result_set(code, "64").len(), 1);
    assert_eq!(play_set(code, "64"), set(&["1/7 7/11"]));
}

#[test]
fn r6_a_checker_hits_on_its_intermediate_point() {
    // A Black blot on White's 5: 6-4 with one checker via 5 hits there; via 7 it does not.
    let results = legal("1x15/1x14,17/w", "64");
    let via5 = results
        .iter()
        .find(|(p, _, _)| p == "1/5* 5/11")
        .expect("1/5* 5/11");
    let via7 = results
        .iter()
        .find(|(p, _, _)| p == "1/7 7/11")
        .expect("1/7 7/11");
    assert_eq!(via5.1, "1x14,11/0,1x14/b");
    assert_eq!(via7.1, "1x14,11/1x14,17/b");
}

#[test]
fn r6_a_double_gives_four_steps() {
    let plays = legal("1x15/1x15/w", "22");
    assert!(!plays.is_empty());
    for (p, _, _) in &plays {
        assert_eq!(p.split(' ').count(), 4, "{p}");
    }
    assert!(
        plays
            .iter()
            .any(|(p, r, _)| p.starts_with("1/3 ") && r == "1x14,9/1x15/b")
    );
}

// ---- R7, R8: landing, bands and blots ----

#[test]
fn r7_no_band_on_points_2_to_11() {
    let code = "1x13,3,5/1x15/w";
    assert!(play_set(code, "21").iter().all(|p| !p.contains("3/5")));
    assert_eq!(
        refusal(code, "21", 3, 2),
        Refusal::Step(StepRefusal::BandInFirstHalf(5))
    );
}

#[test]
fn r7_a_band_is_allowed_on_the_huk_and_in_the_second_half() {
    assert!(
        play_set("1x13,10,12/1x15/w", "21")
            .iter()
            .any(|p| p.contains("10/12"))
    );
    assert!(
        play_set("1x13,14,16/1x15/w", "21")
            .iter()
            .any(|p| p.contains("14/16"))
    );
}

#[test]
fn r7_an_opponent_band_closes_the_point() {
    // Black's band on White's 6 (Black's 18).
    let code = "1x15/1x13,18x2/w";
    assert!(play_set(code, "51").iter().all(|p| !p.contains("/6")));
    assert_eq!(
        refusal(code, "51", 1, 5),
        Refusal::Step(StepRefusal::ProtectedBand(6))
    );
}

#[test]
fn r7_landing_on_a_blot_hits_it_and_r8_one_checker_is_a_blot() {
    let results = legal("1x15/1x14,18/w", "53");
    let hit = results
        .iter()
        .find(|(p, _, _)| p == "1/6* 1/4")
        .expect("1/6* 1/4");
    assert_eq!(hit.1, "1x13,4,6/0,1x14/b");
}

// ---- R9: the bar ----

#[test]
fn r9_checkers_on_the_bar_must_enter_first() {
    let code = "0,1x14/1x15/w";
    for p in play_set(code, "53") {
        assert!(p.starts_with("bar/"), "{p}");
    }
    assert_eq!(refusal(code, "53", 1, 5), Refusal::Step(StepRefusal::BarFirst));
}

#[test]
fn r9_an_entering_checker_lands_on_the_point_the_die_shows() {
    // Entered with a 3 it stands on 3; from home with a 3 it goes to 4.
    let results = legal("0,1x14/1x15/w", "31");
    assert!(
        results
            .iter()
            .any(|(p, r, _)| p == "bar/3 1/2" && r == "1x13,2,3/1x15/b")
    );
}

#[test]
fn r9_no_entry_on_own_checkers_nor_on_the_home_stack() {
    // The 1 would enter on the home stack, the 3 on an own blot: 3-1 is forfeited.
    let code = "0,1x13,3/1x15/w";
    assert_eq!(play_set(code, "31"), set(&["-"]));
    assert_eq!(
        refusal(code, "31", 0, 3),
        Refusal::Step(StepRefusal::EntryOnOwn(3))
    );
}

// ---- R10: use as much of the roll as possible ----

#[test]
fn r10_both_dice_must_be_used_when_they_can_be() {
    for p in play_set("1x15/1x15/w", "53") {
        assert_eq!(p.split(' ').count(), 2, "{p}");
    }
    assert_eq!(
        Turn::new(pos("1x15/1x15/w"), roll("53")).finish().unwrap_err(),
        Refusal::NotFinished
    );
}

#[test]
fn r10_when_either_die_but_not_both_can_be_used_the_higher_must_be() {
    // One checker can move (the 24s cannot bear off while 1 is out); after 1/7 the 5
    // would land on White's 12 (Black's band on his 24), after 1/6 the 6 likewise.
    let code = "1,24x14/1x13,24x2/w";
    assert_eq!(play_set(code, "65"), set(&["1/7"]));
    assert_eq!(refusal(code, "65", 1, 5), Refusal::HigherDie(6));
}

#[test]
fn r10_a_double_is_played_as_far_as_it_can_be() {
    // The fourth 3 would land on Black's home stack (White's 13).
    assert_eq!(play_set("1,24x14/1x15/w", "33"), set(&["1/4 4/7 7/10"]));
}

#[test]
fn r10_with_no_usable_die_the_whole_roll_is_forfeited() {
    let code = "20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/w";
    assert_eq!(
        legal(code, "44"),
        vec![(
            "-".into(),
            "20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/b".into(),
            "-".into()
        )]
    );
    assert!(Turn::new(pos(code), roll("44")).is_forfeit());
}

// ---- R11: bear-off ----

#[test]
fn r11_no_bear_off_until_every_checker_is_in_the_last_quarter() {
    let code = "18,24x14/13x15/w";
    assert!(play_set(code, "21").iter().all(|p| !p.contains("off")));
    assert_eq!(refusal(code, "21", 24, 1), Refusal::Step(StepRefusal::NotAllHome));
}

#[test]
fn r11_bears_off_only_from_the_rearmost_point() {
    let code = "21x3,22x2,23x4,24x6/13x15/w";
    assert_eq!(play_set(code, "32"), set(&["21/24 21/23", "21/24 22/24"]));
    assert_eq!(
        refusal(code, "32", 22, 3),
        Refusal::Step(StepRefusal::NotRearmost(21))
    );
}

#[test]
fn r11_a_die_too_small_to_bear_off_the_rearmost_moves_a_checker_inside() {
    assert_eq!(
        play_set("19,21x3,22x2,23x3,24x6/13x15/w", "53"),
        set(&["19/24 21/24"])
    );
}

#[test]
fn r11_the_play_with_the_smallest_total_reduction_is_required() {
    let code = "22,24x2/19x5,20x5,21x5/w";
    assert_eq!(play_set(code, "52"), set(&["22/off 24/off"]));
    // 2 first, 22/24: then 24/off wastes 4 pips in all.
    assert_eq!(refusal(code, "52", 22, 2), Refusal::LessReduction);
}

#[test]
fn r11_an_exact_bear_off_has_no_reduction() {
    // 23/off 24/off reduces 0; 23/24 24/off reduces 1.
    assert_eq!(play_set("23,24x3/13x15/w", "21"), set(&["23/off 24/off"]));
}

#[test]
fn r11_a_hit_checker_must_come_back_to_the_last_quarter_before_bearing_off_goes_on() {
    for p in play_set("0,24x14/13x15/w", "65") {
        assert!(!p.contains("off"), "{p}");
    }
}

// ---- R12–R14: bursting ----

const WALL_OF_SIX: &str = "6,24x14/1x3,19x2,20x2,21x2,22x2,23x2,24x2/w";
const WALL_OF_FIVE: &str = "6,24x14/1x5,19x2,20x2,21x2,22x2,23x2/w";

#[test]
fn r12_bursts_a_band_in_a_wall_of_six() {
    // Black's bands on White's 7–12 and his home stack on White's 13: a wall of seven.
    // 6/7! leaves 8–13, still six, so the 2 may burst again: both bands go to the bar.
    let plays = legal(WALL_OF_SIX, "21");
    assert_eq!(
        plays.iter().map(|(p, _, _)| p.as_str()).collect::<Vec<_>>(),
        ["6/7! 7/9!"]
    );
    assert_eq!(plays[0].1, "9,24x14/0x4,1x3,20x2,22x2,23x2,24x2/b");
}

#[test]
fn r12_a_burst_that_breaks_the_wall_ends_the_right_for_the_next_step() {
    // 6/8! leaves 7 and 9–13: no six in a row, so the 1 cannot be played after it, and
    // 6/7! 7/9! uses both dice.
    assert_eq!(refusal(WALL_OF_SIX, "21", 6, 2), Refusal::MoreDice(2));
    let mut turn = Turn::new(pos(WALL_OF_SIX), roll("21"));
    turn.step(6, 1).expect("6/7!");
    turn.step(7, 2).expect("7/9!");
    assert!(turn.is_complete());
}

#[test]
fn r12_a_wall_of_five_cannot_be_burst() {
    assert_eq!(play_set(WALL_OF_FIVE, "21"), set(&["-"]));
    assert_eq!(
        refusal(WALL_OF_FIVE, "21", 6, 1),
        Refusal::Step(StepRefusal::ProtectedBand(7))
    );
}

#[test]
fn r12_the_wall_must_be_consecutive_on_the_movers_path_without_wrapping() {
    // Black's bands on his 12 and 13–17 are White's 24 and 1–5: five in a row on White's
    // path, not six. One White checker on the bar; point 6 is open, so no overflow either.
    let code = "0,14x14/1x3,12x2,13x2,14x2,15x2,16x2,17x2/w";
    assert_eq!(play_set(code, "21"), set(&["-"]));
}

#[test]
fn r12_bursting_is_never_compulsory() {
    // Beside the wall, a checker on 14 can play the roll without bursting.
    let plays = play_set("6,14,24x13/1x3,19x2,20x2,21x2,22x2,23x2,24x2/w", "21");
    assert!(plays.iter().any(|p| p.contains('!')));
    assert!(plays.iter().any(|p| !p.contains('!')));
}

#[test]
fn r13_bursts_on_entry_when_the_bar_overflows() {
    // Three on the bar, two available points (2, and the blot on 3).
    let code = "15,16x2,17x2,18x2,20x2,22x2,23x2,24x2/0x3,1x5,13x2,14x2,15x3/b";
    assert_eq!(play_set(code, "62"), set(&["bar/6! bar/2"]));
    assert_eq!(play_set(code, "53"), set(&["bar/5! bar/3*"]));
}

#[test]
fn r13_the_right_to_burst_ends_when_the_bar_no_longer_overflows() {
    let code = "15,16x2,17x2,18x2,20x2,22x2,23x2,24x2/0x3,1x5,13x2,14x2,15x3/b";
    assert_eq!(play_set(code, "65"), set(&["bar/6!"]));
    let mut turn = Turn::new(pos(code), roll("65"));
    turn.step(0, 6).expect("bar/6!");
    // Now two on the bar and two available points: the band on 5 is protected, and the
    // refusal says so with the counts.
    assert_eq!(
        turn.step(0, 5),
        Err(Refusal::Step(StepRefusal::NoOverflow {
            point: 5,
            on_bar: 2,
            available: 2
        }))
    );
}

#[test]
fn r14_a_player_with_one_checker_left_may_never_burst() {
    // White's last checker on the bar faces six Black bands on his 1–6 (a wall and an
    // overflowing bar): he is a junker and forfeits every roll.
    let code = "0/1x3,13x2,14x2,15x2,16x2,17x2,18x2/w";
    for dice in ["61", "33", "52"] {
        assert_eq!(play_set(code, dice), set(&["-"]), "{dice}");
    }
    assert_eq!(
        refusal(code, "61", 0, 6),
        Refusal::Step(StepRefusal::LastCheckerCannotBurst(6))
    );
    // With two checkers left the same wall may be burst.
    assert!(
        play_set("0,24/1x3,13x2,14x2,15x2,16x2,17x2,18x2/w", "61")
            .iter()
            .any(|p| p.contains('!'))
    );
}

// ---- R15–R18: how a game ends ----

#[test]
fn r15_hemspel_when_the_15th_checker_is_borne_off_and_the_roll_stops() {
    assert_eq!(
        legal("24/13x15/w", "11"),
        vec![("24/off".into(), "-/13x15/b".into(), "hemspel".into())]
    );
}

#[test]
fn r16_enkelt_kronspel_stops_the_turn() {
    let code = "15x2,20,21x3,22x3,23x3,24x3/13x15/w";
    assert_eq!(
        legal(code, "55"),
        vec![(
            "15/20 15/20".into(),
            "20x3,21x3,22x3,23x3,24x3/13x15/b".into(),
            "enkelt-kronspel".into()
        )]
    );
}

#[test]
fn r16_dubbelt_kronspel_trappspel_and_uppspel() {
    let find = |code: &str, dice: &str, play: &str| {
        legal(code, dice)
            .into_iter()
            .find(|(p, _, _)| p == play)
            .map(|(_, _, o)| o)
    };
    assert_eq!(
        find("21,22x5,23x5,24x4/13x15/w", "31", "21/24").as_deref(),
        Some("dubbelt-kronspel")
    );
    assert_eq!(
        find("21,22x3,23x5,24x6/13x15/w", "31", "21/24").as_deref(),
        Some("trappspel")
    );
    assert_eq!(
        find("23,24x14/13x15/w", "16", "23/24").as_deref(),
        Some("uppspel")
    );
}

/// R16 looks at the mover's own fifteen only: opponent checkers on the mover's 20–24 (the
/// opponent's 8–12) do not spoil a pattern. Found by an outside differential check; the
/// last position arose in a real game.
#[test]
fn r16_pretty_games_ignore_opponent_checkers_on_the_movers_20_to_24() {
    let code = "1,2,4,7,8,10,14,15x2,20x2,24/21,24x14/b";
    let plays = legal(code, "13");
    assert!(
        plays.contains(&(
            "21/24".into(),
            "1,2,4,7,8,10,14,15x2,20x2,24/24x15/w".into(),
            "uppspel".into()
        )),
        "{plays:?}"
    );
    let plays = legal(code, "12");
    assert!(
        plays.contains(&(
            "21/22* 22/24".into(),
            "0,1,2,4,7,8,14,15x2,20x2,24/24x15/w".into(),
            "uppspel+munk".into()
        )),
        "{plays:?}"
    );
    // 14/19 17/22 19/24 ends the game; a fourth five is not played.
    assert_eq!(
        legal("14,17,22x2,23x5,24x6/9,16,18x2,20x2,21x2,23x2/w", "55"),
        vec![(
            "14/19 17/22 19/24".into(),
            "22x3,23x5,24x7/9,16,18x2,20x2,21x2,23x2/b".into(),
            "trappspel".into()
        )]
    );
    assert_eq!(
        legal("1x8,2,9,13x3,23x2/18x2,22x2,23x5,24x6/b", "64"),
        vec![(
            "18/24 18/22".into(),
            "1x8,2,9,13x3,23x2/22x3,23x5,24x7/w".into(),
            "trappspel".into()
        )]
    );
}

#[test]
fn r16_no_pretty_game_once_a_checker_is_borne_off() {
    // Fourteen checkers cannot make any of the patterns: 23/24 leaves 24x14, no uppspel.
    assert!(outcomes("23,24x13/13x15/w", "21").iter().all(|o| o == "-"));
}

#[test]
fn r17_jan_when_the_opponent_cannot_enter_all_his_hit_checkers() {
    // Black has one on the bar and only his 6 free in his first quarter; hitting his blot
    // on 20 (White's 8) puts a second on the bar: jan, and the 1 is not played.
    let code = "1x14,5/0,1x8,2,3,4,5,20,24/w";
    let plays = legal(code, "31");
    assert!(plays.iter().any(|(p, _, o)| p == "5/8*" && o == "jan"));
    assert!(plays.iter().any(|(p, _, o)| p == "1/2 5/8*" && o == "jan"));
}

#[test]
fn r17_points_held_by_the_movers_checkers_count_as_free() {
    // White's band on Black's 6 (White's 18) leaves that point free for Black's entry
    // count: one hit checker against one free point is no jan.
    let code = "1x12,5,18x2/1x9,2,3,4,5,20,24/w";
    assert!(legal(code, "31").iter().any(|(p, _, _)| p.contains("5/8*")));
    assert!(outcomes(code, "31").iter().all(|o| o == "-"));
}

#[test]
fn r17_sprangjan_when_the_jan_is_made_by_bursting_in_the_first_quarter() {
    let code = "0x2,1x3,3,6,14x2,16x2,19x2,21x2/1,3,5,6,14x2,16x3,17x3,20x3/w";
    assert_eq!(outcomes(code, "41"), set(&["sprangjan"]));
    assert_eq!(play_set(code, "54"), set(&["bar/4!", "bar/5!"]));
    // A burst that does not make jan is no game end: 2-1 bursts on 2 and stops there.
    assert_eq!(legal(code, "21").len(), 1);
    assert_eq!(outcomes(code, "21"), set(&["-"]));
}

#[test]
fn r18_munk_when_the_loser_has_checkers_on_the_bar() {
    let plays = legal("19/9,13x14/w", "62");
    assert_eq!(
        plays.into_iter().map(|(p, _, o)| (p, o)).collect::<BTreeSet<_>>(),
        [
            ("19/off".to_string(), "hemspel".to_string()),
            ("19/21* 21/off".into(), "hemspel+munk".into())
        ]
        .into_iter()
        .collect()
    );
    assert_eq!(
        outcomes("23,24x14/0,13x14/w", "16")
            .into_iter()
            .collect::<Vec<_>>()
            .first()
            .map(String::as_str),
        Some("-")
    );
    assert!(
        legal("23,24x14/0,13x14/w", "16")
            .iter()
            .any(|(p, _, o)| p == "23/24" && o == "uppspel+munk")
    );
}

// ---- §6: the last stroke and complete plays ----

#[test]
fn s6_a_game_ending_play_need_not_use_the_other_die() {
    // 6-2 after bar/2! could not play the 6, but bar/4! alone ends the game with 4-1.
    assert_eq!(
        play_set(
            "0x2,1x3,3,6,14x2,16x2,19x2,21x2/1,3,5,6,14x2,16x3,17x3,20x3/w",
            "41"
        ),
        set(&["bar/4!"])
    );
}

#[test]
fn s6_a_player_may_not_stop_early_to_avoid_or_delay_the_end() {
    // 5-2: bar/2! alone is not a play, since the 5 can still be played.
    let code = "0x2,1x3,3,6,14x2,16x2,19x2,21x2/1,3,5,6,14x2,16x3,17x3,20x3/w";
    assert_eq!(play_set(code, "52"), set(&["bar/5!", "bar/2! bar/5!"]));
    let mut turn = Turn::new(pos(code), roll("52"));
    turn.step(0, 2).expect("bar/2!");
    assert!(!turn.is_complete());
    assert_eq!(turn.finish().unwrap_err(), Refusal::NotFinished);
}

#[test]
fn s6_the_last_stroke_need_not_keep_the_reduction_small() {
    // 19/21* 21/off reduces 2 pips where 19/off reduces none; both are legal.
    assert!(play_set("19/9,13x14/w", "62").contains("19/21* 21/off"));
}

// ---- R19, R20: scoring and matches ----

#[test]
fn r19_points_and_rank_boxes() {
    let r = |k, m| GameResult::new(k, m);
    let table = [
        (r(WinKind::Sprangjan, false), 6, 1),
        (r(WinKind::Jan, false), 4, 2),
        (r(WinKind::EnkeltKronspel, true), 3, 3),
        (r(WinKind::DubbeltKronspel, true), 3, 3),
        (r(WinKind::Trappspel, true), 3, 3),
        (r(WinKind::Uppspel, true), 3, 3),
        (r(WinKind::EnkeltKronspel, false), 2, 4),
        (r(WinKind::Uppspel, false), 2, 4),
        (r(WinKind::Hemspel, true), 2, 5),
        (r(WinKind::Hemspel, false), 1, 6),
    ];
    for (result, points, rank) in table {
        assert_eq!(result.points(), points, "{result}");
        assert_eq!(result.rank_box(), rank, "{result}");
        assert_eq!(GameResult::from_notation(&result.notation()), Some(result));
    }
    // Jan cannot be "med munk".
    assert!(!r(WinKind::Jan, true).munk);
}

fn game(winner: Color, kind: WinKind, munk: bool) -> GameRecord {
    GameRecord {
        winner,
        result: GameResult::new(kind, munk),
    }
}

#[test]
fn r20_more_points_win_the_match() {
    let m = MatchScore::new(
        3,
        vec![
            game(Color::White, WinKind::Hemspel, false),
            game(Color::Black, WinKind::Jan, false),
            game(Color::White, WinKind::Hemspel, true),
        ],
    );
    assert_eq!((m.points(Color::White), m.points(Color::Black)), (3, 4));
    assert_eq!(
        m.standing(),
        Standing::Won {
            winner: Color::Black,
            by: Decider::Points
        }
    );
}

#[test]
fn r20_equal_points_are_decided_by_the_best_result_in_the_rank_table() {
    // 2 + 1 = 3 against 3: trappspel med munk (box 3) beats hemspel med munk (box 5).
    let m = MatchScore::new(
        3,
        vec![
            game(Color::White, WinKind::Hemspel, true),
            game(Color::Black, WinKind::Trappspel, true),
            game(Color::White, WinKind::Hemspel, false),
        ],
    );
    assert_eq!(m.points(Color::White), m.points(Color::Black));
    assert_eq!(
        m.standing(),
        Standing::Won {
            winner: Color::Black,
            by: Decider::RankBox {
                index: 0,
                winner_box: 3,
                loser_box: Some(5)
            }
        }
    );
}

#[test]
fn r20_trappspel_ranks_above_hemspel_med_munk_though_both_score_2() {
    let m = MatchScore::new(
        3,
        vec![
            game(Color::White, WinKind::Trappspel, false),
            game(Color::Black, WinKind::Hemspel, true),
            game(Color::Black, WinKind::Hemspel, false),
            game(Color::White, WinKind::Hemspel, false),
        ],
    );
    // 3–3; best results: trappspel (box 4) against hemspel med munk (box 5).
    assert!(matches!(
        m.standing(),
        Standing::Won {
            winner: Color::White,
            ..
        }
    ));
}

#[test]
fn r20_the_second_best_results_decide_when_the_best_are_equal() {
    // White: jan + hemspel (5); Black: jan + hemspel med munk... 6 — make it equal:
    // White jan (4) + hemspel med munk (2) = 6; Black jan (4) + trappspel (2) = 6.
    let m = MatchScore::new(
        5,
        vec![
            game(Color::White, WinKind::Jan, false),
            game(Color::Black, WinKind::Jan, false),
            game(Color::White, WinKind::Hemspel, true),
            game(Color::Black, WinKind::Trappspel, false),
        ],
    );
    assert_eq!(
        m.standing(),
        Standing::Leads {
            leader: Color::Black,
            by: Decider::RankBox {
                index: 1,
                winner_box: 4,
                loser_box: Some(5)
            }
        }
    );
}

#[test]
fn r20_all_games_are_played_and_level_scores_are_level() {
    let mut m = MatchScore::new(3, vec![]);
    assert_eq!(m.standing(), Standing::Level);
    m.push(game(Color::White, WinKind::Jan, false));
    m.push(game(Color::Black, WinKind::Jan, false));
    assert_eq!(m.standing(), Standing::Level);
    assert!(!m.is_over());
    m.push(game(Color::Black, WinKind::Hemspel, false));
    assert!(m.is_over());
    assert!(matches!(
        m.standing(),
        Standing::Won {
            winner: Color::Black,
            by: Decider::Points
        }
    ));
}

// ---- Refusals of typed plays and placed checkers: the first thing wrong ----

/// The refusal of typed notation from the start of the turn.
fn typed_refusal(code: &str, dice: &str, typed: &str) -> Refusal {
    let mut turn = Turn::new(pos(code), roll(dice));
    let steps = brade::brade::parse_notation(typed).expect("notation reads");
    turn.play_typed(&steps).expect_err("the play should be refused")
}

#[test]
fn a_move_from_a_point_without_a_checker_is_refused_for_that_first() {
    // 1/4 is fine; 5/9 is refused because nothing stands on 5 (not for the missing 4).
    assert_eq!(
        typed_refusal("1x15/1x15/w", "53", "1/4 5/9"),
        Refusal::Step(StepRefusal::NoChecker(5))
    );
}

#[test]
fn a_checker_moved_by_both_dice_at_once_is_shown_the_moves_one_die_each() {
    match typed_refusal("1x15/1x15/w", "53", "1/9") {
        Refusal::InSteps(play) => assert_eq!(play.to_string(), "1/4 4/9"),
        other => panic!("expected the moves one die each, got {other:?}"),
    }
    // A double: three moves of the same die.
    match typed_refusal("1x15/1x15/w", "33", "1/10") {
        Refusal::InSteps(play) => assert_eq!(play.to_string(), "1/4 4/7 7/10"),
        other => panic!("expected the moves one die each, got {other:?}"),
    }
}

#[test]
fn a_checker_cannot_be_placed_on_the_bar_or_borne_off_before_its_time() {
    let mut turn = Turn::new(pos("1x15/1x15/w"), roll("53"));
    assert_eq!(
        turn.move_checker(4, 0),
        Err(Refusal::Step(StepRefusal::NoChecker(4)))
    );
    assert_eq!(turn.move_checker(1, 0), Err(Refusal::OntoBar));
    assert_eq!(
        turn.move_checker(1, 25),
        Err(Refusal::Step(StepRefusal::NotAllHome))
    );
    // All home, the rearmost on 20: a 3 and a 2 do not reach off from 20.
    let mut turn = Turn::new(pos("20,21x14/13x15/w"), roll("32"));
    assert_eq!(
        turn.move_checker(20, 25),
        Err(Refusal::DieTooSmall { from: 20, need: 5 })
    );
    assert_eq!(
        turn.move_checker(21, 25),
        Err(Refusal::Step(StepRefusal::NotRearmost(20)))
    );
}

#[test]
fn r10_a_roll_with_no_move_says_why_each_die_is_blocked() {
    // Black has two on the bar and two available points (2 empty, 3 a White blot), White
    // bands on his 4, 5 and 6: no overflow, so 6-5 enters nowhere.
    let code = "15,16x2,17x2,18x2,20x2,22x2,23x2,24x2/0x2,1x6,13x2,14x2,15x3/b";
    let turn = Turn::new(pos(code), roll("65"));
    assert!(turn.is_forfeit());
    assert_eq!(
        turn.blocked_dice(),
        vec![
            (
                6,
                Some(StepRefusal::NoOverflow {
                    point: 6,
                    on_bar: 2,
                    available: 2
                })
            ),
            (
                5,
                Some(StepRefusal::NoOverflow {
                    point: 5,
                    on_bar: 2,
                    available: 2
                })
            ),
        ]
    );
    // Not forfeited: nothing to explain.
    assert!(
        Turn::new(pos("1x15/1x15/w"), roll("53"))
            .blocked_dice()
            .is_empty()
    );
}
