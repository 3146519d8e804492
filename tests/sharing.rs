//! Sharing as backgammon players do (`brade::share`, `brade::backgammon::Xgid`): XGIDs
//! read and written, a decision as eXtreme Gammon's text, SVG pictures, and a match's
//! `.sgf` for GNU Backgammon.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::backgammon_review::Candidate;
use brade::ai::bg_cube::Outcomes;
use brade::backgammon::{Cube, MatchState, MoveGen, Position, Score, Stakes, XgDice, Xgid, XgidError};
use brade::rules::{Color, Roll};
use brade::share::backgammon::{Around, checker_block, head, notation};

/// Each published head of `tests/data/xg/` (see its README for where each came from).
fn published() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xg");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect()
}

#[test]
fn published_xgids_read_to_the_positions_xg_drew_for_them() {
    let examples = published();
    assert_eq!(examples.len(), 6);
    for (name, text) in examples {
        let mut lines = text.lines();
        let xgid: Xgid = lines
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let to_do = text.lines().last().unwrap();
        // The head drawn again from the XGID alone: the board, pips, score and cube as XG
        // wrote them; and the XGID written back as it was.
        let ours = head(&xgid, ["Player 1", "Player 2"], to_do);
        assert_eq!(ours.trim_end(), text.trim_end(), "{name}");
    }
}

#[test]
fn the_start_with_x_on_roll_is_white_at_the_start_on_roll() {
    let xgid: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
        .parse()
        .unwrap();
    assert_eq!(xgid.position, Position::start(Color::White));
    assert_eq!(xgid.position.id(), "4HPwATDgc/ABMA");
}

/// A backgammon position `turns` random plays from the start, and who is on roll then.
fn random_position(rng: &mut common::TestRng, turns: usize) -> Position {
    let mut movegen = MoveGen::new();
    let mut pos = Position::start(if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    });
    for _ in 0..turns {
        let plays = movegen.plays(pos.board(), rng.roll()).to_vec();
        let p = plays[rng.below(plays.len())];
        if p.win.is_some() {
            break;
        }
        pos = Position::new(p.board.switched(), pos.turn().other());
    }
    pos
}

/// A random XGID state around a random position: money or a match, its score, the cube
/// (in the middle at 1, else someone's or, in money play, in the middle doubled), the
/// Crawford game where a side is one short, and the dice: none, rolled, or a double.
fn random_xgid(rng: &mut common::TestRng) -> Xgid {
    let turns = rng.below(60);
    let position = random_position(rng, turns);
    let length = [0, 0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 25][rng.below(12)];
    let score = if length == 0 {
        [rng.below(40) as u32, rng.below(40) as u32]
    } else {
        [
            rng.below(length as usize) as u32,
            rng.below(length as usize) as u32,
        ]
    };
    let one_short = length > 1 && score.contains(&(length - 1));
    let crawford = one_short && rng.below(2) == 0;
    let (cube, cube_owner) = match (crawford, rng.below(4)) {
        (true, _) | (_, 0) => (1, None),
        (false, 1) if length == 0 => (2, None),
        (false, _) => (
            1 << (1 + rng.below(6)),
            Some(if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            }),
        ),
    };
    let dice = match rng.below(4) {
        0 => XgDice::ToRoll,
        1 if !crawford => XgDice::Doubled,
        _ => {
            let r = rng.roll();
            XgDice::Rolled(r.high(), r.low())
        }
    };
    Xgid {
        position,
        cube,
        cube_owner,
        dice,
        score,
        length,
        crawford,
        jacoby: length == 0 && rng.below(2) == 0,
        beaver: length == 0 && rng.below(2) == 0,
        max_cube: 10,
    }
}

/// The board field of an XGID worked out from the position's code alone (its text, not
/// its counts): X (White) upper case on its own points, O lower case on 25 − p.
fn board_from_code(code: &str) -> String {
    let parts: Vec<&str> = code.split('/').collect();
    let mut cells = [('-', 0u8); 26];
    for (side, list) in [('X', parts[0]), ('O', parts[1])] {
        if list == "-" {
            continue;
        }
        for token in list.split(',') {
            let (p, n) = token.split_once('x').unwrap_or((token, "1"));
            let (p, n): (usize, u8) = (p.parse().unwrap(), n.parse().unwrap());
            let at = match (side, p) {
                ('X', 25) => 25,
                ('X', p) => p,
                (_, 25) => 0,
                (_, p) => 25 - p,
            };
            cells[at] = (side, n);
        }
    }
    cells
        .iter()
        .map(|&(side, n)| match side {
            'X' => char::from(b'A' + n - 1),
            'O' => char::from(b'a' + n - 1),
            _ => '-',
        })
        .collect()
}

#[test]
fn xgids_round_trip_for_thousands_of_random_positions_cubes_and_scores() {
    let mut rng = common::TestRng(42);
    let mut on_roll = [0; 2];
    for _ in 0..3000 {
        let x = random_xgid(&mut rng);
        on_roll[x.position.turn().index()] += 1;
        let text = x.to_string();
        assert_eq!(Xgid::parse(&text), Ok(x), "{text}");
        // The board as the position's code says it, worked out apart from the codec.
        let board = &text["XGID=".len()..text.find(':').unwrap()];
        assert_eq!(board, board_from_code(&x.position.code()), "{text}");
        // Without the prefix and the largest cube, as some programs write it.
        let bare = text
            .trim_start_matches("XGID=")
            .rsplit_once(':')
            .unwrap()
            .0
            .to_string();
        assert_eq!(Xgid::parse(&bare), Ok(x), "{bare}");
        // The same state through GNU Backgammon's IDs (a beaver aside: gnubg has none).
        let state = x.match_state();
        let back = Xgid::of_match(x.position, &MatchState::from_id(&state.id()).unwrap());
        assert_eq!(back, Xgid { beaver: false, ..x }, "{text}");
        assert_eq!(
            Position::from_id(&x.position.id(), x.position.turn()),
            Ok(x.position)
        );
    }
    assert!(on_roll.iter().all(|&n| n > 1000), "{on_roll:?}");
}

#[test]
fn an_xgid_that_says_nothing_possible_is_refused_with_its_reason() {
    let start = "-b----E-C---eE---c-e----B-";
    let bad = [
        (
            "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",
            "has 26 characters",
        ),
        (
            "XGID=-b----E-C---eE---c-e----Bq:0:0:1:00:0:0:0:0:10",
            "character 26 is 'q'",
        ),
        (&format!("XGID={start}:0:0:1:7:0:0:0:0:10"), "dice"),
        (&format!("XGID={start}:0:0:1:00:9:0:0:7:10"), "below 7"),
        (&format!("XGID={start}:1:1:2:00:0:0:0:0:10"), "side on roll"),
    ];
    for (text, says) in bad {
        let e: XgidError = Xgid::parse(text).unwrap_err();
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
    // Sixteen of X's checkers: read as a position, refused by the position's own rule.
    let e = Xgid::parse("XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").unwrap_err();
    assert!(e.to_string().contains("at most 15"), "{e}");
}

/// The block of a decision with figures given by hand: the layout alone.
#[test]
fn a_checker_play_is_written_as_xg_writes_it_to_the_clipboard() {
    let xgid: Xgid = "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10"
        .parse()
        .unwrap();
    let play = |text: &str| -> brade::backgammon::Play {
        let pos = xgid.position;
        let plays = MoveGen::new()
            .plays(pos.board(), Roll::new(2, 1).unwrap())
            .to_vec();
        let found = plays.iter().map(|p| p.play).find(|p| notation(p) == text);
        found.unwrap_or_else(|| {
            panic!(
                "{text} among {:?}",
                plays.iter().map(|p| notation(&p.play)).collect::<Vec<_>>()
            )
        })
    };
    let chances = |win: f64, wg: f64, lg: f64| Outcomes {
        win,
        win_gammon: wg,
        win_backgammon: 0.0,
        lose_gammon: lg,
        lose_backgammon: 0.0009,
    };
    let candidates = [
        ("19/18 14/12", -0.491, chances(0.2545, 0.0, 0.3109), 1),
        ("19/18 3/1", -0.556, chances(0.2219, 0.0, 0.3524), 1),
        ("19/17 18/17", -0.576, chances(0.2119, 0.0, 0.3342), 1),
        ("14/11", -0.568, chances(0.2162, 0.0, 0.3807), 0),
        ("14/12 3/2", -0.572, chances(0.2141, 0.0, 0.4101), 0),
        ("6/5 3/1", -0.601, chances(0.2, 0.0, 0.42), 0),
        ("6/4 6/5", -0.9, chances(0.1, 0.0, 0.5), 0),
    ]
    .map(|(text, equity, chances, plies)| Candidate {
        play: play(text),
        equity,
        chances,
        plies,
    });
    let dropped = |doubler: Color, value: u32| {
        brade::backgammon::GameEnd::dropped(
            doubler,
            &Cube {
                value,
                ..Cube::default()
            },
        )
    };
    let score = Score {
        length: 7,
        games: vec![
            dropped(Color::White, 2),
            dropped(Color::White, 1),
            dropped(Color::Black, 4),
            dropped(Color::Black, 2),
        ],
    };
    assert_eq!([score.points(Color::White), score.points(Color::Black)], [3, 6]);
    let cube = Cube {
        value: 2,
        owner: Some(Color::Black),
        ..Cube::default()
    };
    let around = Around {
        names: ["Player 1", "Player 2"],
        cube: &cube,
        score: &score,
        stakes: Stakes::default(),
    };
    let text = checker_block(&around, &xgid.position, Roll::new(1, 2).unwrap(), &candidates, 6);
    // The published export (tests/data/xg/checker-7pt-o-owns-cube.txt) down to its fifth
    // candidate, the levels ours (XG counts the network alone as 1-ply), then the play
    // made, ranked 7th, and brade where XG names itself.
    let golden = r"XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10

X:Player 1   O:Player 2
Score is X:3 O:6 7 pt.(s) match.
 +13-14-15-16-17-18------19-20-21-22-23-24-+
 |    X           X |   | X  O  O  O  O  O | +---+
 |                  |   | X  O  O  O  O  O | | 2 |
 |                  |   |    O           O | +---+
 |                  |   |                O |
 |                  |   |                  |
 |                  |BAR|                  |
 |                  |   |                  |
 |                  |   |                  |
 |                  |   |          X       |
 |                  |   | X  X  X  X     X |
 |       O          |   | X  X  X  X     X |
 +12-11-10--9--8--7-------6--5--4--3--2--1-+
Pip count  X: 111  O: 52 X-O: 3-6/7
Cube: 2, O own cube
X to play 21

    1. 2-ply       19/18 14/12                  eq:-0.491
      Player:   25.45% (G:0.00% B:0.00%)
      Opponent: 74.55% (G:31.09% B:0.09%)

    2. 2-ply       19/18 3/1                    eq:-0.556 (-0.065)
      Player:   22.19% (G:0.00% B:0.00%)
      Opponent: 77.81% (G:35.24% B:0.09%)

    3. 2-ply       19/17 18/17                  eq:-0.576 (-0.085)
      Player:   21.19% (G:0.00% B:0.00%)
      Opponent: 78.81% (G:33.42% B:0.09%)

    4. 1-ply       14/11                        eq:-0.568 (-0.077)
      Player:   21.62% (G:0.00% B:0.00%)
      Opponent: 78.38% (G:38.07% B:0.09%)

    5. 1-ply       14/12 3/2                    eq:-0.572 (-0.081)
      Player:   21.41% (G:0.00% B:0.00%)
      Opponent: 78.59% (G:41.01% B:0.09%)

    7. 1-ply       6/4 6/5                      eq:-0.900 (-0.409)
      Player:   10.00% (G:0.00% B:0.00%)
      Opponent: 90.00% (G:50.00% B:0.09%)

X played 6/4 6/5 (-0.409)

brade VERSION, MET: Kazaross XG2
";
    assert_eq!(text, golden.replace("VERSION", env!("CARGO_PKG_VERSION")));
}

#[test]
fn plays_are_written_in_xgs_notation_each_checker_once_the_same_moves_counted() {
    let written = |code: &str, roll: (u8, u8)| -> Vec<String> {
        let pos = Position::from_code(code).unwrap();
        let plays = MoveGen::new()
            .plays(pos.board(), Roll::new(roll.0, roll.1).unwrap())
            .to_vec();
        plays.iter().map(|p| notation(&p.play)).collect()
    };
    let start = "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w";
    assert!(written(start, (6, 5)).contains(&"24/13".to_string()));
    assert!(written(start, (6, 6)).contains(&"24/18(2) 13/7(2)".to_string()));
    assert!(written(start, (3, 1)).contains(&"8/5 6/5".to_string()));
    // A blot hit on the way: the point passed is written, with its mark.
    let blot = "6x5,8x3,13x5,24x2/7,6x4,8x3,13x5,24x2/w";
    assert!(written(blot, (6, 5)).contains(&"24/18*/13".to_string()));
    let home = "1x2,2x3/6x5,8x3,13x7/w";
    assert!(written(home, (2, 1)).contains(&"2/off 1/off".to_string()));
    let bar = "6x5,8x3,13x5,24,25/6x5,8x3,13x5,24x2/w";
    assert!(written(bar, (3, 1)).contains(&"bar/21".to_string()));
    assert!(written(bar, (3, 1)).contains(&"bar/22 24/23".to_string()));
}
