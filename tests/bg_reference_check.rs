//! The naive backgammon reference of `tests/bg_reference/` against the fixtures from the
//! outside world (GNU Backgammon's legal plays and Position IDs, the bkgm crate's perft
//! counts, see `tests/data/backgammon/README.md`) and against worked examples of
//! BACKGAMMON.md, named after the rule.
#![allow(clippy::panic)] // tests fail by panicking

mod bg_reference;

use std::collections::BTreeSet;

use bg_reference::{
    Pos, code, finished, from_position_id, parse, perft, play_text, plays, position_id, random_positions,
    result_codes, rolls, start,
};

fn pos(code: &str) -> Pos {
    parse(code).unwrap_or_else(|| panic!("the reference cannot read {code}"))
}

/// The non-comment, non-empty lines of a fixture under `tests/data/backgammon/`, split at
/// tabs.
fn rows(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/backgammon/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn dice(text: &str) -> (u8, u8) {
    let b = text.as_bytes();
    assert_eq!(b.len(), 2, "dice {text}");
    (b[0] - b'0', b[1] - b'0')
}

#[test]
fn gnubg_the_reference_lists_the_same_legal_plays_as_gnubg_for_every_fixture_row() {
    let rows = rows("gnubg_plays.tsv");
    assert!(rows.len() >= 3000, "{} rows", rows.len());
    let mut doubles = 0;
    for row in &rows {
        let [c, _, d, results] = &row[..] else {
            panic!("not four columns: {row:?}");
        };
        let p = pos(c);
        let (a, b) = dice(d);
        doubles += usize::from(a == b);
        let expected: BTreeSet<String> = results.split(' ').map(str::to_string).collect();
        assert_eq!(result_codes(&p, a, b), expected, "{c} {d}");
    }
    assert!(doubles >= 300, "{doubles} doubles");
}

#[test]
fn gnubg_position_id_the_reference_writes_and_reads_gnubgs_ids_for_every_fixture_row() {
    for row in rows("gnubg_plays.tsv") {
        let p = pos(&row[0]);
        assert_eq!(code(&p), row[0], "the fixture's codes are canonical");
        assert_eq!(position_id(&p), row[1], "{}", row[0]);
        assert_eq!(from_position_id(&row[1], p.white_to_move), Some(p), "{}", row[1]);
    }
}

/// The set of resulting codes of a roll, from the reference, for the examples below.
fn results(code: &str, d1: u8, d2: u8) -> BTreeSet<String> {
    result_codes(&pos(code), d1, d2)
}

fn set(codes: &[&str]) -> BTreeSet<String> {
    codes.iter().map(|c| (*c).to_string()).collect()
}

/// The one play of a roll that has a single result: its steps in notation and outcome.
fn only_play(code: &str, d1: u8, d2: u8) -> (String, &'static str) {
    let all = plays(&pos(code), d1, d2);
    assert_eq!(all.len(), 1, "{code} {d1}{d2}: {all:?}");
    let (steps, outcome) = all.into_values().next().expect("one play");
    (play_text(&steps), outcome)
}

#[test]
fn b2_the_start_and_its_code() {
    let s = start(true);
    assert_eq!(code(&s), "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w");
    assert_eq!(pos("6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w"), s);
    assert_eq!(code(&start(false)), "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/b");
}

#[test]
fn position_code_reads_bar_and_any_order_writes_canonically_and_refuses_invalid_positions() {
    let p = pos("barx2,13x3,6/bar/w");
    assert_eq!(code(&p), "6,13x3,25x2/25/w");
    assert_eq!(p.me.pts[25], 2);
    assert_eq!(p.me.off(), 9);
    assert_eq!(code(&pos("-/1/b")), "-/1/b");
    // Both colours on one point: White's 1 is Black's 24.
    assert_eq!(parse("1/24/w"), None);
    assert_eq!(parse("1x16/-/w"), None, "16 checkers");
    assert_eq!(parse("1x8,2x8/-/w"), None, "16 checkers");
    assert_eq!(parse("0/-/w"), None);
    assert_eq!(parse("26/-/w"), None);
    assert_eq!(parse("1,1/-/w"), None);
    assert_eq!(parse("1x0/-/w"), None);
    assert_eq!(parse("1/-/x"), None);
    assert_eq!(parse("1/-"), None);
}

#[test]
fn b5_a_double_gives_four_moves_and_from_the_start_66_has_eleven_plays() {
    // One checker alone takes all four (24/20/16/12/8 with nothing in the way).
    assert_eq!(only_play("24/12/w", 4, 4).0, "24/20 20/16 16/12 12/8");
    assert_eq!(results("24/12/w", 4, 4), set(&["8/12/b"]));
    // The start with 6-6: 24/18 up to twice, 13/7 and 8/2 (18/12 and 7/1 are closed).
    assert_eq!(plays(&start(true), 6, 6).len(), 11);
    assert_eq!(plays(&start(true), 2, 1).len(), 15);
}

#[test]
fn b6_a_blot_is_hit_and_put_on_the_bar_and_hitting_is_not_compulsory() {
    // White's 10 is Black's 15: a black blot. 13/10* hits it; 13/11 13/12 does not.
    let all = plays(&pos("13x2/15/w"), 2, 1);
    let hit = all
        .get("10,13/25/b")
        .expect("a play that hits leaves Black on the bar");
    assert_eq!(play_text(&hit.0), "13/11 11/10*");
    assert!(all.contains_key("11,12/15/b"), "hitting is never compulsory");
}

#[test]
fn b7_a_closed_point_may_be_neither_landed_on_nor_stopped_on_in_between() {
    // Black holds White's 17 and 18 (its 8 and 7): 24/18 and 24/23/17 are both closed, so
    // of 6-1 only the 1 can be played.
    assert_eq!(results("24/7x2,8x2/w", 6, 1), set(&["23/7x2,8x2/b"]));
    // It may be jumped over: 24/16 with 4-4 passes 18 and 17 … but it stops on 20 and 16.
    assert_eq!(only_play("24/7x2,8x2/w", 4, 4).0, "24/20 20/16 16/12 12/8");
}

#[test]
fn b8_both_dice_must_be_played_when_any_way_allows_it() {
    // 6-5 with checkers on 7 and 2 against Black's point on White's 1: the 6 cannot be
    // played first (7/1 is closed, and 2 may not bear off while 7 is out), but 7/2 with
    // the 5 brings all home and the 6 then bears off from the 2-point.
    let (play, outcome) = only_play("2,7/24x2/w", 6, 5);
    assert_eq!(play, "7/2 2/off");
    assert_eq!(outcome, "-");
    assert_eq!(results("2,7/24x2/w", 6, 5), set(&["2/24x2/b"]));
}

#[test]
fn b8_when_only_one_die_can_be_played_it_is_the_higher() {
    // Black holds White's 13 (its 12): 24/18 and 24/19 can each be played, neither can
    // go on; the 6 must be played.
    assert_eq!(results("24/12x2/w", 6, 5), set(&["18/12x2/b"]));
    assert_eq!(only_play("24/12x2/w", 6, 5).0, "24/18");
}

#[test]
fn b9_a_checker_on_the_bar_enters_before_any_other_move() {
    // The 1 cannot enter (White's 24 is Black's closed 1-point): bar/19 with the 6 first,
    // and only then the 1, anywhere.
    let all = plays(&pos("6,25/1x2/w"), 6, 1);
    assert_eq!(
        all.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["5,19/1x2/b", "6,18/1x2/b"])
    );
    for (steps, _) in all.values() {
        assert_eq!(steps[0], "bar/19");
    }
}

#[test]
fn b9_die_d_enters_on_the_opponents_d_point_the_movers_25_minus_d() {
    for d in 1..=6u8 {
        let all = plays(&pos("25/13/w"), d, d);
        for (steps, _) in all.values() {
            assert_eq!(steps[0], format!("bar/{}", 25 - d), "with {d}-{d}");
        }
    }
    // Entering on a black blot hits it: Black's 3 is White's 22.
    let (play, _) = only_play("25/3,13x2/w", 3, 3);
    assert!(play.starts_with("bar/22*"), "{play}");
}

#[test]
fn b9_the_two_dice_may_not_be_added_to_enter() {
    // 4-2 against Black's 2- and 4-points (White's 23 and 21): White's 19 is open, but 2 + 4
    // does not enter there; the turn is lost.
    let (play, outcome) = only_play("25/2x2,4x2/w", 4, 2);
    assert_eq!(play, "-");
    assert_eq!(outcome, "-");
    assert_eq!(results("25/2x2,4x2/w", 4, 2), set(&["25/2x2,4x2/b"]));
    // With 6-2 the 6 enters on White's 19 and the 2 goes on from there.
    assert_eq!(results("25/2x2,4x2/w", 6, 2), set(&["17/2x2,4x2/b"]));
}

#[test]
fn b9_against_a_shut_board_every_roll_is_lost() {
    let shut = "13x14,25/1x2,2x2,3x2,4x2,5x2,6x2/w";
    for (a, b) in rolls() {
        assert_eq!(only_play(shut, a, b), ("-".to_string(), "-"), "{a}{b}");
        assert_eq!(results(shut, a, b), set(&["13x14,25/1x2,2x2,3x2,4x2,5x2,6x2/b"]));
    }
}

#[test]
fn b10_no_bearing_off_until_all_fifteen_are_home() {
    // 6-5 from 5 and 7: 5/off may not come first; 7/1 5/off and 7/2 5/off may.
    let all = plays(&pos("5,7/12/w"), 6, 5);
    assert_eq!(
        all.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["1/12/b", "2/12/b"])
    );
    for (steps, _) in all.values() {
        assert!(steps[0].starts_with("7/"), "{steps:?}");
    }
}

#[test]
fn b10_a_checker_hit_after_bearing_off_began_comes_home_before_more_bear_off() {
    // Three on the 1-point, one on the bar: 1-1 enters and walks on; nothing is borne off.
    assert_eq!(results("1x3,25/12/w", 1, 1), set(&["1x3,21/12/b"]));
    assert_eq!(only_play("1x3,25/12/w", 1, 1).0, "bar/24 24/23 23/22 22/21");
}

#[test]
fn b11_a_die_bears_off_from_its_own_point() {
    let all = plays(&pos("3,5/12/w"), 5, 3);
    let (steps, outcome) = all.get("-/12/b").expect("both borne off");
    assert_eq!(play_text(steps), "5/off 3/off");
    assert_eq!(*outcome, "single");
}

#[test]
fn b11_a_higher_die_bears_off_only_from_the_highest_point() {
    // 5-1 from 2 and 4: the 5 bears off the 4 (the highest), never the 2 while the 4 is
    // there; 4/3 then 3/off is fine.
    assert_eq!(results("2,4/12/w", 5, 1), set(&["1/12/b", "2/12/b"]));
    // 6-6 from 2 and 4: both off, 4 first.
    assert_eq!(only_play("2,4/12/w", 6, 6).0, "4/off 2/off");
}

#[test]
fn b11_a_die_is_played_at_full_value_when_a_checker_can_move_it() {
    // 5 with checkers on 6 and 1: 6/1 is a full move, so 1/off by the 5 is not allowed
    // (and 6/off by the 5 never was).
    assert_eq!(results("1,6x2/12/w", 5, 5), set(&["1/12/b"]));
    assert_eq!(only_play("1,6x2/12/w", 5, 5).0, "6/1 6/1 1/off 1/off");
}

#[test]
fn b12_b14_the_results_single_gammon_and_backgammon() {
    assert_eq!(only_play("1/13x14/w", 2, 1).1, "single");
    assert_eq!(only_play("1/13x15/w", 2, 1).1, "gammon");
    // A checker on the bar, or in the winner's home board (Black's 19–24), makes it a
    // backgammon.
    assert_eq!(only_play("1/13x14,25/w", 2, 1).1, "backgammon");
    assert_eq!(only_play("1/13x14,19/w", 2, 1).1, "backgammon");
    assert_eq!(only_play("1/13x14,18/w", 2, 1).1, "gammon");
    // Black's turn: the same numbers in Black's own numbering.
    assert_eq!(only_play("13x14,25/1/b", 2, 1).1, "backgammon");
}

#[test]
fn position_id_the_start_is_the_manuals_4hpwatdgc_abma() {
    assert_eq!(position_id(&start(true)), "4HPwATDgc/ABMA");
    assert_eq!(position_id(&start(false)), "4HPwATDgc/ABMA");
    assert_eq!(from_position_id("4HPwATDgc/ABMA", false), Some(start(false)));
}

#[test]
fn position_id_gnubg_writes_the_player_not_on_roll_first() {
    // What gnubg 1.07's `show board` prints for the side on roll with fifteen on its ace
    // point against one checker on the opponent's 23-point.
    assert_eq!(position_id(&pos("1x15/23/w")), "AABA/P8BAAAAAA");
    assert_eq!(from_position_id("AABA/P8BAAAAAA", true), Some(pos("1x15/23/w")));
    assert_eq!(from_position_id("AABA/P8BAAAAAA", false), Some(pos("23/1x15/b")));
    // The brief's bear-off: Black has 3 on its 1 and 4 on its 2 …, White on roll 2 on its 1.
    let p = from_position_id("90AahAULAAAAAA", true).expect("a valid ID");
    assert_eq!(code(&p), "1x2,2/1x3,2x4,8,10,11x2,16,20x2,21/w");
}

#[test]
fn position_id_malformed_ids_are_refused() {
    assert_eq!(from_position_id("4HPwATDgc/ABM", true), None, "13 characters");
    assert_eq!(from_position_id("4HPwATDgc/AB!A", true), None, "not Base64");
    // Sixteen checkers for one side: 16 ones then zeros.
    assert_eq!(from_position_id("//8AAAAAAAAAAA", true), None);
    // Two sides' checkers on one point (White's 1 and Black's 24).
    let clash = Pos {
        me: pos("1/-/w").me,
        them: pos("-/24/w").them,
        white_to_move: true,
    };
    assert_eq!(from_position_id(&position_id(&clash), true), None);
}

#[test]
fn perft_start_depth_1_and_2() {
    assert_eq!(perft(&start(true), 1), 447);
    assert_eq!(perft(&start(true), 2), 202_782);
}

/// perft.tsv's lines as (code, depth, count), with what the comment above says bkgm
/// counts where it differs.
fn perft_rows() -> Vec<(String, u32, u64, Option<String>)> {
    let path = format!("{}/tests/data/backgammon/perft.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut out = Vec::new();
    let mut said = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# bkgm says ") {
            said = Some(rest.to_string());
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            let [c, d, n] = line.split('\t').collect::<Vec<_>>()[..] else {
                panic!("not three columns: {line}");
            };
            let d = d.parse().unwrap_or_else(|_| panic!("depth in {line}"));
            let n = n.parse().unwrap_or_else(|_| panic!("count in {line}"));
            out.push((c.to_string(), d, n, said.take()));
        }
    }
    out
}

#[test]
fn perft_bkgm_the_reference_gives_every_depth_1_count_of_the_fixture() {
    let rows = perft_rows();
    let depth_1: Vec<_> = rows.iter().filter(|r| r.1 == 1).collect();
    assert!(depth_1.len() >= 1400, "{} depth-1 lines", depth_1.len());
    for (c, _, n, _) in depth_1 {
        assert_eq!(perft(&pos(c), 1), *n, "{c}");
    }
}

#[test]
fn perft_bkgm_the_reference_gives_the_deeper_counts_of_the_fixture() {
    // In debug builds a spaced sample of the depth-2 lines (the reference takes about a
    // second each there); in optimised builds (`cargo test --release`) every line, the
    // start's depth 3 (116 154 993) included.
    let optimised = !cfg!(debug_assertions);
    let rows = perft_rows();
    let deeper: Vec<_> = rows.iter().filter(|r| r.1 >= 2).collect();
    assert!(deeper.len() >= 500, "{} deeper lines", deeper.len());
    for (i, (c, d, n, _)) in deeper.iter().enumerate() {
        if optimised || (*d == 2 && i % 60 == 0) {
            assert_eq!(perft(&pos(c), *d), *n, "{c} at depth {d}");
        }
    }
    let start_code = code(&start(true));
    assert!(
        rows.iter()
            .any(|r| r.0 == start_code && r.1 == 3 && r.2 == 116_154_993),
        "the start's depth 3"
    );
}

#[test]
fn perft_bkgm_its_two_kinds_of_difference_are_written_down() {
    let rows = perft_rows();
    // B12/B11: 90AahAULAAAAAA with White on roll: bkgm lists the one result of 2-3 (and of
    // nine other rolls) twice.
    let p = code(&from_position_id("90AahAULAAAAAA", true).expect("a valid ID"));
    let row = rows.iter().find(|r| r.0 == p && r.1 == 1).expect("the line");
    assert_eq!(row.2, 26);
    let said = row.3.as_deref().expect("a `# bkgm says` comment");
    assert!(said.starts_with("36: ") && said.contains("twice"), "{said}");
    assert_eq!(results(&p, 3, 2), set(&["1/1x3,2x4,8,10,11x2,16,20x2,21/b"]));
    // B12: a finished game is not played on.
    let finishing = rows
        .iter()
        .find(|r| {
            r.3.as_deref()
                .is_some_and(|s| s.contains("past the end of the game"))
        })
        .expect("a line where bkgm-perft goes on past the end");
    assert!(finishing.1 >= 2);
    for (_, _, _, said) in &rows {
        if let Some(s) = said {
            assert!(!s.contains("UNEXPLAINED"), "{s}");
        }
    }
}

#[test]
fn perft_bkgm_gnubg_lists_each_position_once_where_bkgm_lists_it_twice() {
    let rows = rows("gnubg_plays.tsv");
    let flagged: BTreeSet<String> = perft_rows()
        .into_iter()
        .filter(|r| r.1 == 1 && r.3.as_deref().is_some_and(|s| s.contains("twice")))
        .map(|r| r.0)
        .collect();
    assert!(!flagged.is_empty());
    for c in &flagged {
        let listed = rows.iter().filter(|r| &r[0] == c).count();
        assert_eq!(listed, 21, "gnubg_plays.tsv has every roll of {c}");
    }
}

#[test]
fn the_random_positions_are_deterministic_and_valid() {
    let a = random_positions(7, 300);
    assert_eq!(a, random_positions(7, 300));
    assert_ne!(a, random_positions(8, 300));
    for p in &a {
        assert_eq!(parse(&code(p)), Some(*p));
        assert!(!finished(p));
    }
    let on_bar = a.iter().filter(|p| p.me.pts[25] > 0).count();
    let bearing_off = a.iter().filter(|p| (7..=25).all(|q| p.me.pts[q] == 0)).count();
    assert!(
        on_bar >= 50 && bearing_off >= 50,
        "{on_bar} on the bar, {bearing_off} bearing off"
    );
}
