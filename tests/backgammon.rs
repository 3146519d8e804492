//! Backgammon's rules B1–B12, one behaviour a test, each named after the rule it proves;
//! position codes and GNU Backgammon Position IDs; perft from the start.

use brade::backgammon::{
    LegalPlay, MoveGen, Position, PositionError, Refusal, StepRefusal, Turn, TypedPlay, Win, perft,
    plain_plays,
};
use brade::rules::{Color, Roll};

fn pos(code: &str) -> Position {
    Position::from_code(code).expect("a valid position code")
}

fn roll(text: &str) -> Roll {
    text.parse().expect("a valid roll")
}

/// The plays of the fast generator, checked against the plain search's.
fn legal(code: &str, dice: &str) -> Vec<LegalPlay> {
    let p = pos(code);
    let r = roll(dice);
    let fast: Vec<LegalPlay> = MoveGen::new().plays(p.board(), r).to_vec();
    assert_eq!(
        fast,
        plain_plays(p.board(), r),
        "fast and plain differ on {code} {dice}"
    );
    assert_eq!(
        MoveGen::new().count(p.board(), r),
        fast.len() as u64,
        "count on {code} {dice}"
    );
    fast
}

/// Each play as `PLAY RESULT OUTCOME`.
fn plays(code: &str, dice: &str) -> Vec<String> {
    let p = pos(code);
    legal(code, dice)
        .iter()
        .map(|lp| {
            let after = Position::new(lp.board.switched(), p.turn().other());
            let outcome = lp.win.map_or("-", Win::notation);
            format!("{} {} {}", lp.play, after, outcome)
        })
        .collect()
}

/// Each play's notation.
fn play_texts(code: &str, dice: &str) -> Vec<String> {
    legal(code, dice).iter().map(|lp| lp.play.to_string()).collect()
}

const START: &str = "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w";

#[test]
fn b1_each_side_numbers_the_points_from_its_own_home_board() {
    // White's 24-point is Black's 1-point: both colours cannot stand there.
    assert_eq!(
        Position::from_code("24/1/w"),
        Err(PositionError::Shared {
            white_point: 24,
            black_point: 1
        })
    );
    // White moves from its 24 towards its 1; its play is written in its own numbers.
    assert_eq!(play_texts("24/-/w", "21"), vec!["24/22 22/21"]);
}

#[test]
fn b2_the_start_has_two_on_the_24_five_on_the_13_three_on_the_8_five_on_the_6() {
    let start = Position::start(Color::White);
    assert_eq!(start.code(), START);
    assert_eq!(start.id(), "4HPwATDgc/ABMA");
    assert_eq!(start.pips(Color::White), 167);
    assert_eq!(start.pips(Color::Black), 167);
}

#[test]
fn b5_one_checker_may_take_both_dice_through_an_open_point() {
    assert_eq!(play_texts("13/1x14/w", "62"), vec!["13/7 7/5"]);
}

#[test]
fn b5_a_double_is_four_moves_of_its_number() {
    assert_eq!(play_texts("13/1x14/w", "33"), vec!["13/10 10/7 7/4 4/1"]);
    assert!(legal(START, "11").iter().all(|lp| lp.play.len() == 4));
}

#[test]
fn b6_landing_on_a_blot_hits_it_and_puts_it_on_the_bar() {
    // Black's 20-point is White's 5.
    assert_eq!(plays("13/20,1x14/w", "62"), vec!["13/7 7/5* 5/1x14,25/b -"]);
}

#[test]
fn b7_hits_on_the_way_when_one_checker_takes_both_dice_through_an_open_point() {
    // Black's blot on White's 7 (Black's 18): stopping there hits it, stopping on the
    // 11 does not, so the two ways are two plays.
    let lines = plays("13/18,1x14/w", "62");
    assert_eq!(lines, vec!["13/7* 7/5 5/1x14,25/b -", "13/11 11/5 5/1x14,18/b -"]);
}

#[test]
fn b7_a_closed_point_stops_a_checker_also_in_between() {
    // White's 7 and 11 (Black's 18 and 14) are closed: the 5 is open but out of reach.
    assert_eq!(play_texts("13/1x11,14x2,18x2/w", "62"), vec!["-"]);
}

#[test]
fn b8_both_dice_must_be_played_when_any_way_plays_both() {
    // 13/7 leaves the 1 unplayable (7/6 and 20/19 closed); 20/14 plays both.
    let code = "13,20/1x11,6x2,19x2/w";
    assert_eq!(play_texts(code, "61"), vec!["20/14 14/13", "20/14 13/12"]);
    let mut turn = Turn::new(pos(code), roll("61"));
    assert_eq!(turn.step(13, 6), Err(Refusal::MoreDice(2)));
}

#[test]
fn b8_plays_the_higher_die_when_only_one_can_be_played() {
    // White's 3 (Black's 22) is closed: after either die the other cannot be played.
    let code = "4,9/1x13,22x2/w";
    assert_eq!(play_texts(code, "51"), vec!["9/4"]);
    let mut turn = Turn::new(pos(code), roll("51"));
    assert_eq!(turn.step(9, 1), Err(Refusal::HigherDie(5)));
    assert!(turn.step(9, 5).is_ok());
    assert!(turn.is_complete());
    assert_eq!(turn.dice_left(), vec![1]);
}

#[test]
fn b8_plays_the_lower_die_when_the_higher_cannot_be_played() {
    // White's 4 and 3 (Black's 21 and 22) are closed: the 5 cannot be played, the 1 can.
    let code = "9/1x11,21x2,22x2/w";
    assert_eq!(play_texts(code, "51"), vec!["9/8"]);
}

#[test]
fn b8_a_double_is_played_as_far_as_it_can_be() {
    // White's 5 (Black's 20) is closed: one 4 of the four can be played.
    let code = "13/1x13,20x2/w";
    assert_eq!(play_texts(code, "44"), vec!["13/9"]);
    let mut turn = Turn::new(pos(code), roll("44"));
    assert_eq!(turn.next_steps().len(), 1);
    turn.step(13, 4).expect("the one 4");
    assert!(turn.is_complete());
    assert_eq!(turn.dice_left(), vec![4, 4, 4]);
}

#[test]
fn b9_a_checker_on_the_bar_enters_on_the_opponents_home_board() {
    // Die d enters on the opponent's d-point, the mover's 25−d.
    let code = "6x14,25/1x15/w";
    assert_eq!(
        play_texts(code, "32"),
        vec!["bar/22 22/20", "bar/22 6/4", "bar/23 6/3"]
    );
}

#[test]
fn b9_nothing_else_moves_while_a_checker_is_on_the_bar() {
    let mut turn = Turn::new(pos("6x14,25/1x15/w"), roll("32"));
    assert_eq!(turn.step(6, 3), Err(Refusal::Step(StepRefusal::BarFirst)));
}

#[test]
fn b9_enters_with_one_die_then_plays_the_other() {
    // White's 20–24 are closed: only the 6 enters (bar/19), then the 1 is played.
    let code = "6x4,25/1x2,2x2,3x2,4x2,5x2,13x5/w";
    assert_eq!(play_texts(code, "61"), vec!["bar/19 19/18", "bar/19 6/5"]);
    let mut turn = Turn::new(pos(code), roll("61"));
    assert_eq!(turn.step(25, 1), Err(Refusal::Step(StepRefusal::Closed(24))));
}

#[test]
fn b9_a_shut_board_forfeits_the_roll_of_a_checker_on_the_bar() {
    let code = "6x14,25/1x2,2x2,3x2,4x2,5x2,6x2,13x3/w";
    for dice in ["65", "11", "66", "21"] {
        assert_eq!(play_texts(code, dice), vec!["-"], "{dice}");
        assert!(Turn::new(pos(code), roll(dice)).is_forfeit());
    }
}

#[test]
fn b9_the_dice_are_not_added_to_enter() {
    // 6 and 5 are closed; their sum, 11, would be open: still no entry.
    let code = "6x14,25/5x2,6x2,1x11/w";
    assert_eq!(play_texts(code, "65"), vec!["-"]);
}

#[test]
fn b10_no_bearing_off_until_all_fifteen_are_home() {
    let code = "6x14,7/13x15/w";
    let mut turn = Turn::new(pos(code), roll("61"));
    assert_eq!(turn.step(6, 6), Err(Refusal::Step(StepRefusal::NotAllHome)));
    // Once the 7 comes home the 6 bears off.
    turn.step(7, 1).expect("7/6");
    assert!(turn.step(6, 6).is_ok_and(|s| s.is_bear_off()));
}

#[test]
fn b10_a_checker_hit_while_bearing_off_comes_home_before_bearing_off_resumes() {
    // Four home and ten borne off; one on the bar after a hit.
    let code = "1x4,25/13x15/w";
    let texts = play_texts(code, "65");
    assert!(!texts.is_empty());
    for t in &texts {
        assert!(!t.contains("off"), "{t}");
    }
    assert!(texts.contains(&"bar/19 19/14".to_string()));
}

#[test]
fn b11_a_die_bears_off_a_checker_from_the_point_of_its_number() {
    assert_eq!(play_texts("4,6/13x15/w", "64"), vec!["6/off 4/off", "6/2 4/off"]);
}

#[test]
fn b11_higher_die_bears_off_from_the_highest_point_only() {
    // The 6 bears off from the 5 (the highest), never from the 3.
    let texts = play_texts("3,5/13x15/w", "61");
    assert_eq!(texts, vec!["5/off 3/2", "5/4 4/off"]);
    let mut turn = Turn::new(pos("3,5/13x15/w"), roll("61"));
    assert_eq!(
        turn.step(3, 6),
        Err(Refusal::Step(StepRefusal::NotHighest { highest: 5 }))
    );
}

#[test]
fn b11_a_die_is_played_at_full_value_while_a_checker_stands_above() {
    // The 4 cannot bear off from the 2 while a checker stands on the 5: it moves 5/1.
    let texts = play_texts("2,5/13x15/w", "41");
    assert!(
        texts.iter().all(|t| !t.contains("2/off") || t.contains("5/")),
        "{texts:?}"
    );
    assert!(texts.contains(&"5/1 2/1".to_string()));
}

#[test]
fn b11_the_2_3_in_90aahaulaaaaaa_is_one_play() {
    // bkgm 0.6.0 counts two plays here; GNU Backgammon lists one, as the rules have it.
    let p = Position::from_id("90AahAULAAAAAA", Color::White).expect("a valid ID");
    let r = roll("32");
    let fast = MoveGen::new().plays(p.board(), r).to_vec();
    assert_eq!(fast.len(), 1);
    assert_eq!(fast[0].play.to_string(), "2/off 1/off");
    assert_eq!(plain_plays(p.board(), r), fast);
    assert_eq!(MoveGen::new().count(p.board(), r), 1);
}

#[test]
fn b12_bearing_off_the_last_checker_wins_a_single_game_when_the_loser_has_borne_off() {
    assert_eq!(plays("1/13x14/w", "21"), vec!["1/off -/13x14/b single"]);
}

#[test]
fn b12_the_last_checker_may_go_with_either_die_and_the_play_is_one() {
    // B8 has both dice played (2/1 1/off); bearing off with the 6 alone leaves the same
    // board, so the turn takes it as that play.
    assert_eq!(plays("2/13x15/w", "61"), vec!["2/1 1/off -/13x15/b gammon"]);
    let mut turn = Turn::new(pos("2/13x15/w"), roll("61"));
    turn.step(2, 6).expect("the 6 bears off the last checker");
    assert!(turn.is_complete());
    assert_eq!(turn.win(), Some(Win::Gammon));
    assert_eq!(turn.step(2, 1), Err(Refusal::GameOver));
}

#[test]
fn b8_both_dice_are_played_even_where_one_would_end_the_game() {
    // A blot on White's 1 (Black's 24): 2/1* 1/off plays both dice and hits; 2/off with
    // the 6 alone would leave another board, and is refused (as GNU Backgammon has it).
    assert_eq!(
        plays("2/13x14,24/w", "61"),
        vec!["2/1* 1/off -/13x14,25/b backgammon"]
    );
    let mut turn = Turn::new(pos("2/13x14,24/w"), roll("61"));
    assert_eq!(turn.step(2, 6), Err(Refusal::MoreDice(2)));
}

#[test]
fn b14_a_gammon_with_a_checker_in_the_winners_home_board_is_a_backgammon() {
    assert_eq!(plays("1/20,13x14/w", "21"), vec!["1/off -/13x14,20/b backgammon"]);
    assert_eq!(plays("1/25,13x14/w", "21"), vec!["1/off -/13x14,25/b backgammon"]);
    assert_eq!(Win::Backgammon.points(), 3);
}

#[test]
fn turn_offers_the_next_steps_and_takes_them_back() {
    let mut turn = Turn::new(Position::start(Color::White), roll("31"));
    let first: Vec<String> = turn.next_steps().iter().map(ToString::to_string).collect();
    assert!(first.contains(&"8/5".to_string()) && first.contains(&"6/5".to_string()));
    turn.step(8, 3).expect("8/5");
    turn.step(6, 1).expect("6/5");
    let (played, after) = turn.finish().expect("a complete play");
    assert_eq!(played.play.to_string(), "8/5 6/5");
    assert_eq!(after.code(), "5x2,6x4,8x2,13x5,24x2/6x5,8x3,13x5,24x2/b");
    assert_eq!(after.turn(), Color::Black);
    turn.undo();
    assert!(!turn.is_complete());
    assert_eq!(turn.finish().err(), Some(Refusal::NotFinished));
}

#[test]
fn turn_reads_typed_plays_with_joined_and_repeated_moves() {
    let mut turn = Turn::new(Position::start(Color::White), roll("65"));
    let lp = turn.play_notation("24/13").expect("24/18/13 in one");
    assert_eq!(lp.play.len(), 2);
    let mut turn = Turn::new(Position::start(Color::White), roll("66"));
    let lp = turn
        .play_notation("24/18(2) 13/7(2)")
        .expect("a double written with repeats");
    assert_eq!(lp.play.len(), 4);
    let mut turn = Turn::new(Position::start(Color::White), roll("31"));
    assert!(matches!(turn.play_notation("8/5*"), Err(Refusal::Mark(_))));
    assert!(matches!(turn.play_notation("8/5"), Err(Refusal::NotFinished)));
    assert!(matches!(turn.play_notation("8/x"), Err(Refusal::Notation(_))));
    assert!(turn.taken().is_empty());
}

#[test]
fn notation_round_trips_through_typed_plays() {
    for text in ["24/18 13/11*", "bar/22", "6/off 5/off", "-", "24/18*/16"] {
        let typed: TypedPlay = text.parse().expect("readable notation");
        let again: TypedPlay = typed.to_string().parse().expect("printed notation reads back");
        assert_eq!(typed, again, "{text}");
    }
    assert!("13/7(5)".parse::<TypedPlay>().is_err());
    assert!("7/13".parse::<TypedPlay>().is_err());
    assert!("off/3".parse::<TypedPlay>().is_err());
}

#[test]
fn position_codes_are_checked_and_printed_canonically() {
    assert_eq!(pos("24x2,13x5,8x3,6x5/6x5,8x3,13x5,24x2/w").code(), START);
    assert_eq!(pos("25x2,1/-/b").code(), "1,25x2/-/b");
    assert_eq!(pos("barx2,1/bar/b").code(), "1,25x2/25/b");
    assert!(matches!(
        Position::from_code("26/-/w"),
        Err(PositionError::PointRange { .. })
    ));
    assert!(matches!(
        Position::from_code("0/-/w"),
        Err(PositionError::PointRange { .. })
    ));
    assert!(matches!(
        Position::from_code("1x16/-/w"),
        Err(PositionError::TooMany { .. })
    ));
    assert!(matches!(
        Position::from_code("-/-/w"),
        Err(PositionError::BothOff)
    ));
    assert!(matches!(
        Position::from_code("1,1/-/w"),
        Err(PositionError::Duplicate { .. })
    ));
    assert!(matches!(
        Position::from_code("1/-/x"),
        Err(PositionError::Turn(_))
    ));
}

#[test]
fn position_ids_round_trip_with_the_side_on_roll_second() {
    let p = Position::from_id("90AahAULAAAAAA", Color::White).expect("a valid ID");
    // The side on roll (White) has three checkers left; the other side thirteen.
    assert_eq!(p.code(), "1x2,2/1x3,2x4,8,10,11x2,16,20x2,21/w");
    assert_eq!(p.id(), "90AahAULAAAAAA");
    let b = Position::from_id("90AahAULAAAAAA", Color::Black).expect("a valid ID");
    assert_eq!(b.turn(), Color::Black);
    assert_eq!(b.counts(Color::Black), p.counts(Color::White));
    for code in [
        "6x14,25/1x2,2x2,3x2,4x2,5x2,6x2,13x3/w",
        "1/25,13x14/b",
        "25x15/25x15/b",
    ] {
        let q = pos(code);
        assert_eq!(Position::from_id(&q.id(), q.turn()), Ok(q), "{code}");
    }
    assert!(matches!(
        Position::from_id("short", Color::White),
        Err(PositionError::IdChars(_))
    ));
    assert!(matches!(
        Position::from_id("//////////////", Color::White),
        Err(PositionError::IdContent(_))
    ));
}

#[test]
fn perft_from_the_start_counts_447_then_202782() {
    let start = Position::start(Color::White);
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 447);
    assert_eq!(perft(&start, 2), 202_782);
}

#[test]
fn every_refusal_is_worded_in_both_languages_with_its_rule() {
    use brade::backgammon::Step;
    use brade::words::{Lang, backgammon::refusal};
    let all = [
        Refusal::Step(StepRefusal::NoChecker(7)),
        Refusal::Step(StepRefusal::NoChecker(25)),
        Refusal::Step(StepRefusal::BarFirst),
        Refusal::Step(StepRefusal::Closed(5)),
        Refusal::Step(StepRefusal::NotAllHome),
        Refusal::Step(StepRefusal::NotHighest { highest: 5 }),
        Refusal::Step(StepRefusal::OffBoard),
        Refusal::NoDie(4),
        Refusal::NoDieReaches { from: 13, to: 2 },
        Refusal::TurnComplete,
        Refusal::GameOver,
        Refusal::MoreDice(2),
        Refusal::HigherDie(5),
        Refusal::NotFinished,
        Refusal::Mark(Step {
            from: 8,
            to: 5,
            die: 3,
            hit: false,
        }),
    ];
    for why in &all {
        let (en, sv) = (refusal(Lang::En, why), refusal(Lang::Sv, why));
        assert!(!en.is_empty() && en != sv, "{why:?}: {en} / {sv}");
    }
    assert!(refusal(Lang::En, &Refusal::HigherDie(5)).contains("(B8)"));
    assert!(refusal(Lang::Sv, &Refusal::Step(StepRefusal::Closed(5))).contains("(B7)"));
}
