//! `brade moves`, `brade perft` and `brade id` with `--game backgammon`, run as a process.
#![allow(clippy::panic, clippy::unwrap_used)] // the shared helpers fail by panicking

mod common;

use common::brade;

use std::process::Output;

const START: &str = "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w";

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

#[test]
fn moves_lists_backgammon_plays_in_three_columns_for_a_code_or_an_id() {
    let by_code = brade(&["moves", "--game", "backgammon", START, "31"], None);
    let by_id = brade(&["moves", "--game", "backgammon", "4HPwATDgc/ABMA", "3-1"], None);
    assert!(by_code.status.success());
    assert_eq!(stdout(&by_code), stdout(&by_id));
    let text = stdout(&by_code);
    assert_eq!(text.lines().count(), 16);
    assert!(text.contains("8/5 6/5\t5x2,6x4,8x2,13x5,24x2/6x5,8x3,13x5,24x2/b\t-\n"));
    assert!(text.lines().all(|l| l.split('\t').count() == 3));
}

#[test]
fn moves_bears_off_2_3_in_90aahaulaaaaaa_in_one_play() {
    let o = brade(&["moves", "--game", "backgammon", "90AahAULAAAAAA", "23"], None);
    assert_eq!(stdout(&o), "2/off 1/off\t1/1x3,2x4,8,10,11x2,16,20x2,21/b\t-\n");
}

#[test]
fn moves_names_the_win_single_gammon_or_backgammon() {
    for (black, outcome) in [
        ("13x14", "single"),
        ("13x15", "gammon"),
        ("20,13x14", "backgammon"),
    ] {
        let o = brade(
            &["moves", "--game", "backgammon", &format!("1/{black}/w"), "21"],
            None,
        );
        let text = stdout(&o);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.ends_with(&format!("\t{outcome}\n")), "{text}");
    }
}

#[test]
fn moves_writes_a_dash_for_a_forfeited_roll() {
    let code = "6x14,25/1x2,2x2,3x2,4x2,5x2,6x2,13x3/w";
    let o = brade(&["moves", "--game", "backgammon", code, "65"], None);
    assert_eq!(stdout(&o), "-\t6x14,25/1x2,2x2,3x2,4x2,5x2,6x2,13x3/b\t-\n");
}

#[test]
fn moves_stdin_answers_each_line_and_goes_on_after_a_bad_one() {
    let input = "4HPwATDgc/ABMA:b 21\nbad 21\n4HPwATDgc/ABMA 7\n\n";
    let o = brade(&["moves", "--game", "backgammon", "--stdin"], Some(input));
    assert!(o.status.success());
    let text = stdout(&o);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 5, "{text}");
    assert!(
        blocks[0].lines().all(|l| l.ends_with("/w\t-")),
        "Black moved, White to move"
    );
    assert!(blocks[1].starts_with("error: bad position"));
    assert!(blocks[2].starts_with("error: bad dice"));
    assert!(blocks[3].starts_with("error: empty line"));
}

#[test]
fn perft_counts_the_backgammon_tree_from_the_start() {
    let o = brade(&["perft", "--game", "backgammon", "4HPwATDgc/ABMA", "2"], None);
    assert_eq!(stdout(&o), "202782\n");
    let o = brade(&["perft", "--game", "backgammon", START, "1"], None);
    assert_eq!(stdout(&o), "447\n");
}

#[test]
fn id_prints_the_code_the_position_id_and_the_xgid() {
    let o = brade(&["id", START], None);
    // The XGID of the start with X (White) on roll, as eXtreme Gammon writes it.
    assert_eq!(
        stdout(&o),
        format!("{START}\n4HPwATDgc/ABMA\nXGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10\n")
    );
    let o = brade(&["id", "90AahAULAAAAAA:b"], None);
    assert_eq!(
        stdout(&o),
        "1x3,2x4,8,10,11x2,16,20x2,21/1x2,2/b\n90AahAULAAAAAA\nXGID=-CD-----A-AB----A---BA-ab-:0:0:-1:00:0:0:0:0:10\n"
    );
}

#[test]
fn rules_are_refused_with_backgammon() {
    for args in [
        vec![
            "moves",
            "--game",
            "backgammon",
            START,
            "31",
            "--rules",
            "wikipedia-a",
        ],
        vec![
            "perft",
            "--game",
            "backgammon",
            START,
            "1",
            "--rules",
            "bear-off=free",
        ],
    ] {
        let o = brade(&args, None);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("backgammon is played by one set of rules"),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn bad_backgammon_input_is_a_clear_usage_error() {
    for (args, says) in [
        (vec!["moves", "--game", "backgammon", "bad", "31"], "bad position"),
        (
            vec!["moves", "--game", "backgammon", "1/24/w", "31"],
            "same point",
        ),
        (
            vec!["moves", "--game", "backgammon", "1/-/w", "31"],
            "already over",
        ),
        (vec!["moves", "--game", "backgammon", START, "71"], "bad dice"),
        (vec!["perft", "--game", "backgammon", START, "9"], "too deep"),
        (vec!["id", "//////////////"], "does not describe a position"),
        (vec!["id", "4HPwATDgc/ABMA:x"], "bad position"),
        (vec!["moves", "--game", "chess", START, "31"], "invalid value"),
    ] {
        let o = brade(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn brade_is_still_the_default_game() {
    let plain = brade(&["moves", "1x15/1x15/w", "53"], None);
    let named = brade(&["moves", "--game", "brade", "1x15/1x15/w", "53"], None);
    assert_eq!(
        stdout(&plain),
        "1/6 1/4\t1x13,4,6/1x15/b\t-\n1/6 6/9\t1x14,9/1x15/b\t-\n"
    );
    assert_eq!(stdout(&plain), stdout(&named));
}

#[test]
fn id_with_match_options_prints_the_match_id_gnubg_prints() {
    // Each ID as GNU Backgammon 1.07 printed it for the same commands (`new match`,
    // `set score`, `set turn`, `set cube value|owner`, `set dice`, `set crawford on`,
    // `double`); gnubg's player 0 is White.
    // The XGID after it: the same state as eXtreme Gammon writes it (X is White).
    for (args, match_id, xgid) in [
        (
            vec![
                "4HPwATDgc/ABMA",
                "--match",
                "5",
                "--score",
                "2-1",
                "--cube",
                "2:b",
                "--dice",
                "53",
            ],
            "EYGuACAACAAE",
            "XGID=-b----E-C---eE---c-e----B-:1:-1:1:53:2:1:0:5:10",
        ),
        (
            vec!["4HPwATDgc/ABMA:b", "--match", "7", "--score", "6-3", "--crawford"],
            "8AngAGAAGAAE",
            "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:6:3:1:7:10",
        ),
        (
            vec![
                "4HPwATDgc/ABMA:b",
                "--match",
                "9",
                "--score",
                "4-2",
                "--cube",
                "4:b",
                "--doubled",
            ],
            "UhEgAUAAEAAE",
            "XGID=-b----E-C---eE---c-e----B-:2:-1:-1:D:4:2:0:9:10",
        ),
    ] {
        let o = brade(&[&["id"], args.as_slice()].concat(), None);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(lines[1], "4HPwATDgc/ABMA");
        assert_eq!(lines[2], match_id, "{args:?}");
        assert_eq!(lines[3], xgid, "{args:?}");
        // And read back: the same four lines.
        let back = brade(&["id", xgid], None);
        assert_eq!(stdout(&back), text, "{xgid}");
    }
}

#[test]
fn id_reads_a_match_id_back_into_its_state_and_a_gnubg_id_into_both() {
    let o = brade(&["id", "EYGuACAACAAE"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for line in [
        "match 5",
        "score 2-1",
        "cube 2:b",
        "on-roll w",
        "dice 53",
        "crawford off",
        "doubled off",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in {text}");
    }
    // gnubg's POSITIONID:MATCHID: the Match ID says Black is on roll.
    let o = brade(&["id", "4HPwATDgc/ABMA:8AngAGAAGAAE"], None);
    assert_eq!(
        stdout(&o),
        "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/b\n4HPwATDgc/ABMA\n8AngAGAAGAAE\nXGID=-b----E-C---eE---c-e----B-:0:0:-1:00:6:3:1:7:10\n"
    );
}

#[test]
fn id_refuses_match_options_that_make_no_match_state() {
    for (args, why) in [
        (vec!["--match", "5", "--score", "5-1"], "each score is below 5"),
        (vec!["--match", "5", "--score", "two-one"], "--score is W-B"),
        (vec!["--match", "5", "--cube", "3"], "--cube is VALUE"),
        (vec!["--match", "5", "--cube", "2:x"], "--cube is VALUE"),
        (vec!["--match", "5", "--crawford"], "--crawford"),
        (
            vec!["--match", "5", "--cube", "2:b", "--doubled"],
            "cannot double",
        ),
        (vec!["--match", "5", "--jacoby"], "money play"),
        (vec!["--match", "65"], "--match"),
        (vec!["--score", "1-0"], "required"),
    ] {
        let o = brade(&[&["id", START], args.as_slice()].concat(), None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
    }
    let o = brade(&["id", "IAmgADAAIAAE"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("owner"), "{}", stderr(&o));
    let o = brade(&["id", "4HPwATDgc/ABMA:8AngAGAAGAAE", "--match", "5"], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn play_game_backgammon_refuses_what_backgammon_does_not_have_before_opening_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for (args, said) in [
        (
            vec!["play", "--game", "backgammon", "--points", "4"],
            "an odd number of points from 1 to 25, or 0 for money play",
        ),
        (vec!["play", "--points", "3"], "give --game backgammon with it"),
        (
            vec!["play", "--game", "backgammon", "--rules", "hobby-page"],
            "leave --rules out",
        ),
        // A length in games is bräde's: silently playing to 5 points would surprise.
        (
            vec!["play", "--game", "backgammon", "--games", "7"],
            "give a backgammon match its length with --points N",
        ),
    ] {
        let mut all = vec!["--data-dir", d];
        all.extend(args.iter().copied());
        let out = brade(&all, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_backgammon_match_refuses_the_heuristic_level_which_backgammon_has_no_player_of() {
    // It was taken and the side played as medium while named "heuristic".
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_string_lossy().to_string();
    let args = [
        "--data-dir",
        &data,
        "play",
        "--game",
        "backgammon",
        "--black",
        "computer",
        "--level",
        "heuristic",
        "--plain",
    ];
    let out = brade(&args, Some(""));
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("backgammon has no heuristic player"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty(), "no match began: {}", stdout(&out));
}
