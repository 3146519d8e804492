//! GNU Backgammon's Match IDs: every row of `tests/data/backgammon/gnubg_match_ids.tsv`
//! (made by gnubg 1.07, see that directory's README) read into a `MatchState` that is the
//! row's state, and written back to gnubg's ID. The rows give the dice in the order gnubg
//! was given them; its IDs hold the higher first.
#![allow(clippy::panic)] // tests fail by panicking

use brade::backgammon::{GameState, MatchState, Win};
use brade::rules::Color;

const FIXTURE: &str = include_str!("data/backgammon/gnubg_match_ids.tsv");

fn player(text: &str) -> Color {
    match text {
        "0" => Color::White,
        "1" => Color::Black,
        other => panic!("not a player: {other}"),
    }
}

fn flag(text: &str) -> bool {
    match text {
        "0" => false,
        "1" => true,
        other => panic!("not a flag: {other}"),
    }
}

fn number(text: &str) -> u32 {
    text.parse().unwrap_or_else(|_| panic!("not a number: {text}"))
}

/// A row's ID and the state its columns describe (gnubg's numbering: player 0 is White).
fn row(line: &str) -> (&str, MatchState) {
    let f: Vec<&str> = line.split('\t').collect();
    assert_eq!(f.len(), 14, "{line}");
    let dice = f[9].as_bytes();
    let state = MatchState {
        cube: number(f[1]),
        cube_owner: (f[2] != "-").then(|| player(f[2])),
        on_roll: player(f[3]),
        crawford: flag(f[4]),
        state: [
            GameState::NoGame,
            GameState::Playing,
            GameState::Over,
            GameState::Resigned,
            GameState::Dropped,
        ][number(f[5]) as usize],
        turn: player(f[6]),
        doubled: flag(f[7]),
        resigned: match number(f[8]) {
            0 => None,
            n => Some(Win::ALL[n as usize - 1]),
        },
        dice: (f[9] != "00").then(|| (dice[0] - b'0', dice[1] - b'0')),
        length: number(f[10]),
        score: [number(f[11]), number(f[12])],
        jacoby: flag(f[13]),
    };
    (f[0], state)
}

fn rows() -> impl Iterator<Item = (&'static str, MatchState)> {
    FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(row)
}

#[test]
fn every_gnubg_match_id_reads_as_the_state_gnubg_was_given() {
    let mut n = 0;
    for (id, state) in rows() {
        let held = MatchState {
            dice: state.dice.map(|(a, b)| (a.max(b), a.min(b))),
            ..state
        };
        assert_eq!(MatchState::from_id(id), Ok(held), "{id}");
        n += 1;
    }
    assert!(n >= 400, "{n} rows");
}

#[test]
fn every_state_of_the_fixture_writes_gnubgs_match_id() {
    for (id, state) in rows() {
        assert_eq!(state.id(), id, "{state:?}");
    }
}

#[test]
fn the_fixture_covers_every_field_value() {
    let states: Vec<MatchState> = rows().map(|(_, s)| s).collect();
    let any = |f: &dyn Fn(&MatchState) -> bool| states.iter().any(f);
    assert!(any(&|s| s.cube == 1 << 15) && any(&|s| s.cube_owner.is_none()));
    assert!(any(&|s| s.cube_owner == Some(Color::Black)) && any(&|s| s.cube_owner == Some(Color::White)));
    assert!(any(&|s| s.crawford) && any(&|s| s.doubled) && any(&|s| s.jacoby));
    assert!(any(&|s| s.on_roll != s.turn));
    assert!(any(&|s| s.length == 0) && any(&|s| s.length == 64));
    for state in [
        GameState::NoGame,
        GameState::Playing,
        GameState::Over,
        GameState::Resigned,
        GameState::Dropped,
    ] {
        assert!(any(&|s| s.state == state), "{state:?}");
    }
    for win in Win::ALL {
        assert!(any(&|s| s.resigned == Some(win)), "{win:?}");
    }
    assert!(
        any(&|s| s.dice.is_some_and(|(a, b)| a < b)),
        "dice given the lower first"
    );
}
