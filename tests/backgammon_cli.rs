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
fn id_prints_the_code_and_the_position_id() {
    let o = brade(&["id", START], None);
    assert_eq!(stdout(&o), format!("{START}\n4HPwATDgc/ABMA\n"));
    let o = brade(&["id", "90AahAULAAAAAA:b"], None);
    assert_eq!(
        stdout(&o),
        "1x3,2x4,8,10,11x2,16,20x2,21/1x2,2/b\n90AahAULAAAAAA\n"
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
