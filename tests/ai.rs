//! The computer players' groundwork: every choice legal, the heuristic far above random,
//! `brade bot` answering line by line, `brade arena` reporting.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use brade::ai::{Level, arena};
use brade::rules::{MoveGen, Position};

#[test]
fn every_player_chooses_a_legal_play() {
    for level in [Level::Random, Level::Easy, Level::Medium, Level::Hard] {
        let mut player = level.player(1);
        for seed in 0..25 {
            let (pos, roll) = common::random_position(seed, (seed * 7 % 90) as usize);
            let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
            let i = player.choose(&pos, roll, &plays);
            assert!(i < plays.len(), "{level:?} chose {i} of {}", plays.len());
        }
    }
}

#[test]
fn a_player_takes_the_most_points_on_the_last_stroke() {
    // 19/21* 21/off wins hemspel med munk (2); 19/off only hemspel (1).
    let pos = Position::from_code("19/9,13x14/w").unwrap();
    let roll = "62".parse().unwrap();
    let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
    for level in [Level::Medium, Level::Hard] {
        let i = level.player(3).choose(&pos, roll, &plays);
        assert_eq!(plays[i].play.to_string(), "19/21* 21/off", "{level:?}");
    }
}

#[test]
fn the_heuristic_player_beats_random_play_by_far() {
    let s = arena::series(
        Level::Heuristic.player(1).as_mut(),
        Level::Random.player(2).as_mut(),
        200,
        11,
    );
    assert_eq!(s.games, 200);
    assert_eq!(s.unfinished, 0);
    assert!(s.a_wins >= 185, "heuristic won only {} of 200", s.a_wins);
    assert!(s.a_share() > 0.9);
    let (net, se) = s.net_per_game();
    assert!(net > 1.0 && se > 0.0);
}

#[test]
fn the_bot_answers_each_line_at_once_in_the_moves_format() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["bot", "--level", "hard", "--seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    // Talk line by line: each answer must come before the next question is sent.
    for (query, legal) in [
        ("1x15/1x15/w 53", true),
        ("nonsense", false),
        ("1x15/1x15/b 6-6", true),
    ] {
        writeln!(input, "{query}").unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        if legal {
            let (code, dice) = query.split_once(' ').unwrap();
            let fields: Vec<&str> = line.trim_end().split('\t').collect();
            assert_eq!(fields.len(), 3, "{line}");
            let listed = common::legal(code, dice);
            assert!(
                listed.iter().any(|(_, r, o)| r == fields[1] && o == fields[2]),
                "{line} is not a legal play"
            );
        } else {
            assert!(line.starts_with("error: "), "{line}");
        }
    }
    drop(input);
    assert!(child.wait().unwrap().success());
}

#[test]
fn the_arena_reports_wins_points_and_results() {
    let out = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["arena", "medium", "random", "--games", "20", "--seed", "4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "20 games, seed 4",
        "wins: A ",
        "of the points",
        "net points per game",
        "± ",
        "results: ",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
}
