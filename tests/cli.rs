//! The `brade` command line, run as a real process.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn brade(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("brade runs");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.unwrap_or("").to_string();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("brade finishes");
    writer.join().expect("writer").expect("stdin written");
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn sorted_lines(text: &str) -> Vec<&str> {
    let mut v: Vec<&str> = text.lines().collect();
    v.sort_unstable();
    v
}

#[test]
fn moves_prints_play_result_and_outcome_separated_by_tabs() {
    let o = brade(&["moves", "1x15/1x15/w", "53"], None);
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(
        sorted_lines(&text),
        ["1/6 1/4\t1x13,4,6/1x15/b\t-", "1/6 6/9\t1x14,9/1x15/b\t-"],
    );
    // The same roll written other ways.
    assert_eq!(stdout(&brade(&["moves", "1x15/1x15/w", "5-3"], None)), text);
    assert_eq!(stdout(&brade(&["moves", "1x15/1x15/w", "5", "3"], None)), text);
    assert_eq!(stdout(&brade(&["moves", "1x15/1x15/w", "3 5"], None)), text);
}

#[test]
fn moves_prints_a_forfeited_roll_and_outcomes() {
    let o = brade(&["moves", "20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/w", "44"], None);
    assert_eq!(stdout(&o), "-\t20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/b\t-\n");
    let o = brade(&["moves", "19/9,13x14/w", "62"], None);
    assert_eq!(
        sorted_lines(&stdout(&o)),
        [
            "19/21* 21/off\t-/0,13x14/b\themspel+munk",
            "19/off\t-/9,13x14/b\themspel"
        ]
    );
    // A code starting with '-' is a position, not an option.
    assert!(brade(&["moves", "-/1x15/w", "11"], None).status.success());
}

#[test]
fn moves_stdin_answers_each_line_with_a_block_and_goes_on_after_errors() {
    let input =
        "1x15/1x15/w 53\n\nnonsense\n1x15/1x15/b 6-6\n1x15/1x16/w 53\n1x15/1x15/w 5 3\r\n1x15/1x15/w 57";
    let o = brade(&["moves", "--stdin"], Some(input));
    assert!(o.status.success());
    let text = stdout(&o);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 8, "{text}");
    assert_eq!(blocks[7], "");
    assert_eq!(blocks[0].lines().count(), 2);
    for i in [1, 2, 4, 6] {
        assert!(
            blocks[i].starts_with("error: ") && blocks[i].lines().count() == 1,
            "block {i}: {}",
            blocks[i]
        );
    }
    assert!(
        blocks[4].contains("15"),
        "the message names the problem: {}",
        blocks[4]
    );
    assert_eq!(blocks[3], "1/7\t1x15/1x14,7/w\t-");
    assert_eq!(blocks[5], blocks[0]);
}

#[test]
fn moves_stdin_handles_100000_queries_in_one_run() {
    let mut queries = Vec::new();
    for seed in 0..400u64 {
        let (p, _) = common::random_position(seed, (seed % 60) as usize);
        queries.push(p.code());
    }
    let rolls = brade::rules::Roll::all();
    let mut input = String::new();
    for i in 0..100_000usize {
        input.push_str(&format!(
            "{} {}\n",
            queries[i % queries.len()],
            rolls[i % rolls.len()]
        ));
    }
    let o = brade(&["moves", "--stdin"], Some(&input));
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(text.matches("\n\n").count(), 100_000);
    assert!(!text.contains("error"));
}

#[test]
fn perft_prints_the_count_on_the_last_line_and_time_on_request() {
    let o = brade(&["perft", "1x15/1x15/w", "2"], None);
    assert_eq!(stdout(&o), "1526\n");
    let o = brade(&["perft", "1x15/1x15/w", "2", "--time"], None);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "1526");
    assert!(lines[1].contains("leaf plays/s"), "{}", lines[1]);
}

#[test]
fn bad_arguments_exit_with_status_2_and_one_line_on_stderr() {
    let cases: &[&[&str]] = &[
        &["moves", "1x15/1x15/w", "70"],
        &["moves", "1x15/1x15/q", "53"],
        &["moves", "1x15/1x15/w"],
        &["moves"],
        &["moves", "1x15/1x15/w", "53", "--stdin"],
        &["perft", "1x15/1x15/w", "two"],
        &["perft", "2x15/1x15/w", "2"],
        &["perft"],
        &["frobnicate"],
        &["--no-such-flag"],
    ];
    for args in cases {
        let o = brade(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
            "{args:?}: {err}"
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_documents_every_command() {
    let o = brade(&["--help"], None);
    assert!(o.status.success());
    let text = stdout(&o);
    for word in ["moves", "perft", "WHITE/BLACK/TURN"] {
        assert!(text.contains(word), "{word} missing from --help");
    }
}
