//! Sharing as backgammon players do (`brade::share`, `brade::backgammon::Xgid`): XGIDs
//! read and written, a decision as eXtreme Gammon's text, SVG pictures, and a match's
//! `.sgf` for GNU Backgammon.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::backgammon::cube::Outcomes;
use brade::ai::backgammon::review::Candidate;
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

/// Where the files for GNU Backgammon's check (`benches/gnubg_sharing.py`) are kept;
/// `BRADE_WRITE_SHARING=1 cargo test --test sharing` writes them anew.
const SHARING_DATA: &str = "tests/data/backgammon/sharing";

#[test]
fn xgids_round_trip_for_thousands_of_random_positions_cubes_and_scores() {
    let mut rng = common::TestRng(42);
    let mut on_roll = [0; 2];
    let mut kept = String::from(
        "# XGID\tPOSITION_ID\tMATCH_ID (brade's; benches/gnubg_sharing.py reads each XGID into gnubg)\n",
    );
    for i in 0..3000 {
        let x = random_xgid(&mut rng);
        if i < 500 {
            kept.push_str(&format!("{x}\t{}\t{}\n", x.position.id(), x.match_state().id()));
        }
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
    if std::env::var_os("BRADE_WRITE_SHARING").is_some() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SHARING_DATA);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("xgids.tsv"), kept).unwrap();
        // A five-point match played out (random plays, a double now and then), its
        // record for `brade export --sgf`.
        let (game, _, saved) = common::bg::play(5, 21, 30);
        assert!(
            game.score.is_over() && game.log.len() >= 3,
            "{} games",
            game.log.len()
        );
        std::fs::write(dir.join("match-5.toml"), brade::store::to_text(&saved).unwrap()).unwrap();
    }
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

#[test]
fn a_cube_decision_is_written_as_xgs_cube_block() {
    use brade::ai::backgammon::cube::{CubeDecision, ProperAction, Unit};
    use brade::ai::backgammon::review::CubeFigures;
    let xgid: Xgid = "XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10"
        .parse()
        .unwrap();
    let figures = CubeFigures {
        chances: Outcomes {
            win: 0.6138,
            win_gammon: 0.2455,
            win_backgammon: 0.0188,
            lose_gammon: 0.1314,
            lose_backgammon: 0.0046,
        },
        cubeless: [0.365, 0.791],
        cubeful: [0.580, 0.689, 1.0],
        decision: CubeDecision {
            action: ProperAction::DoubleTake,
            take: true,
            no_double: 0.5,
            double_take: Some(0.6),
            double_pass: Some(0.7),
            unit: Unit::MatchChance,
        },
        plies: 1,
    };
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
        length: 9,
        games: vec![dropped(Color::White, 2), dropped(Color::Black, 4)],
    };
    let around = Around {
        names: ["Player 1", "Player 2"],
        cube: &Cube::default(),
        score: &score,
        stakes: Stakes::default(),
    };
    let text =
        brade::share::backgammon::cube_block(&around, &xgid.position, &figures, (true, Some(true)), false);
    // eXtreme Gammon's export (tests/data/xg/cube-9pt-double-take.txt, whose analysis
    // reads so), XG's level "XG Roller++" ours, what was done, and brade.
    let published = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xg/cube-9pt-double-take.txt"),
    )
    .unwrap();
    let golden = published
        + "
Analyzed in 2-ply
Player Winning Chances:   61.38% (G:24.55% B:1.88%)
Opponent Winning Chances: 38.62% (G:13.14% B:0.46%)

Cubeless Equities: No Double=+0.365, Double=+0.791

Cubeful Equities:
       No double:     +0.580 (-0.109)
       Double/Take:   +0.689
       Double/Pass:   +1.000 (+0.311)

Best Cube action: Double / Take

X doubled, O took

brade VERSION, MET: Kazaross XG2
";
    assert_eq!(text, golden.replace("VERSION", env!("CARGO_PKG_VERSION")));
}

#[test]
fn a_bräde_decision_has_the_same_shape_with_its_code_and_its_own_results() {
    use brade::ai::matchplay::Payoff;
    let pos = brade::brade::Position::from_code("1x15/1x15/w").unwrap();
    let roll = Roll::new(5, 3).unwrap();
    let plays = brade::brade::MoveGen::new().plays(pos.board(), roll).to_vec();
    let made = plays[1].play;
    let Some((candidates, at)) = brade::ai::review::candidates(
        &pos,
        roll,
        brade::brade::RuleSet::default(),
        (&Payoff::Points, 1),
        &made,
    ) else {
        panic!("the shipped network")
    };
    assert_eq!(candidates.len(), plays.len());
    assert!(candidates.windows(2).all(|w| w[0].value >= w[1].value));
    assert_eq!(candidates[at].play, made);
    let score = brade::brade::MatchScore::new(3, Vec::new());
    let text = brade::share::brade::block(["Anna", "Bo"], &score, &pos, roll, (&candidates, at), 2);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1x15/1x15/w");
    assert_eq!(lines[2], "X:Anna   O:Bo");
    assert_eq!(lines[3], "Score is X:0 O:0, 3-game match.");
    // White travels the top from the right: its fifteen on its point 1, top right.
    assert_eq!(lines[4], " +12-11-10--9--8--7-------6--5--4--3--2--1-+");
    assert_eq!(lines[5], " |                  |   |                X |");
    assert_eq!(lines[9], " |                  |   |                F |");
    assert_eq!(lines[16], " +13-14-15-16-17-18------19-20-21-22-23-24-+");
    assert_eq!(lines[17], "Pip count  X: 360  O: 360 X-O: 0-0/3");
    assert_eq!(lines[18], "X to play 53");
    assert!(
        lines[20].starts_with("    1. 2-ply       ") && lines[20].contains(" eq:"),
        "{}",
        lines[20]
    );
    assert!(
        lines[21].starts_with("      Player:   ") && lines[21].contains("(pretty:"),
        "{}",
        lines[21]
    );
    assert!(
        lines[22].contains(" jan:") && lines[22].contains(" sprängjan:"),
        "{}",
        lines[22]
    );
    assert!(text.contains(&format!("X played {made}")), "{text}");
}

/// A small XML well-formedness check (written here, so that no library is needed): one
/// root element, tags that nest and close, attribute values quoted, `<` and `&` in text
/// only as markup and entities. Returns the elements' names with their attributes.
fn xml_elements(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut open: Vec<String> = Vec::new();
    let mut elements = Vec::new();
    let mut rest = text.trim();
    let mut roots = 0;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('<') {
            let end = after.find('>').expect("a tag ends");
            let tag = &after[..end];
            rest = &after[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop().as_deref(), Some(name.trim()), "closing {name}");
                continue;
            }
            let closed = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let (name, mut attrs_text) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "{name}"
            );
            let mut attrs = Vec::new();
            loop {
                attrs_text = attrs_text.trim_start();
                if attrs_text.is_empty() {
                    break;
                }
                let (key, value) = attrs_text
                    .split_once("=\"")
                    .expect("an attribute is KEY=\"VALUE\"");
                let (value, after) = value.split_once('"').expect("a quoted value");
                assert!(!value.contains('<') && !key.contains(' '), "{key}={value}");
                attrs.push((key.to_string(), value.to_string()));
                attrs_text = after;
            }
            if open.is_empty() {
                roots += 1;
            }
            elements.push((name.to_string(), attrs));
            if !closed {
                open.push(name.to_string());
            }
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let content = &rest[..end];
            assert!(
                !open.is_empty() || content.trim().is_empty(),
                "text outside the root"
            );
            for (i, _) in content.match_indices('&') {
                let entity = &content[i..];
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;"]
                        .iter()
                        .any(|e| entity.starts_with(e)),
                    "{entity}"
                );
            }
            rest = &rest[end..];
        }
    }
    assert!(open.is_empty(), "unclosed {open:?}");
    assert_eq!(roots, 1, "one root element");
    elements
}

fn count(elements: &[(String, Vec<(String, String)>)], class: &str) -> usize {
    elements
        .iter()
        .filter(|(_, attrs)| attrs.iter().any(|(k, v)| k == "class" && v == class))
        .count()
}

#[test]
fn a_picture_is_well_formed_svg_with_every_checker_of_the_start() {
    use brade::share::picture::{Extras, Theme};
    for (theme, flip) in [(Theme::Light, false), (Theme::Dark, true)] {
        let extras = Extras {
            theme,
            flip,
            ..Extras::default()
        };
        // Backgammon's start, White to roll 5-3; bräde's start, every checker on point 1.
        let backgammon = brade::share::backgammon::picture(
            &Position::start(Color::White),
            (1, None),
            Some((5, 3)),
            &extras,
        );
        let bräde = brade::share::brade::picture(
            &brade::brade::Position::from_code("1x15/1x15/w").unwrap(),
            None,
            &extras,
        );
        for svg in [&backgammon, &bräde] {
            let elements = xml_elements(svg);
            assert_eq!(elements[0].0, "svg");
            assert_eq!(count(&elements, "checker white"), 15, "{svg}");
            assert_eq!(count(&elements, "checker black"), 15, "{svg}");
            // Numbered along both edges, from the side to move.
            assert_eq!(count(&elements, "number"), 24);
            assert!(elements.iter().any(|(n, _)| n == "title"));
        }
        assert_eq!(count(&xml_elements(&backgammon), "die"), 2);
        assert_eq!(count(&xml_elements(&backgammon), "cube"), 1);
        assert_eq!(count(&xml_elements(&bräde), "cube"), 0, "bräde has no cube");
    }
    // Borne off: in the trays; on the bar: on the bar.
    let pos = Position::from_code("1x3,25/6x5,8x3,13x5/w").unwrap();
    let elements = xml_elements(&brade::share::backgammon::picture(
        &pos,
        (4, Some(Color::Black)),
        None,
        &Extras::default(),
    ));
    assert_eq!(count(&elements, "checker white"), 4);
    assert_eq!(count(&elements, "off white"), 11);
    assert_eq!(count(&elements, "off black"), 2);
    assert_eq!(count(&elements, "checker black"), 13);
    // A title that needs escaping is escaped.
    let drawing = brade::share::brade::drawing(&brade::brade::Position::from_code("1x15/1x15/w").unwrap());
    xml_elements(&brade::share::picture::svg(
        &drawing,
        "<a & b>",
        &Extras::default(),
    ));
}

/// A node of an SGF game tree: its properties with their values.
type Node = Vec<(String, Vec<String>)>;

/// The game trees of an SGF text, each a list of nodes (a small reader written here: `(`,
/// `;`, `ID[value]…`, `\]` escapes).
fn sgf_trees(text: &str) -> Vec<Vec<Node>> {
    let mut trees = Vec::new();
    let mut chars = text.chars().peekable();
    let mut tree: Option<Vec<Node>> = None;
    let mut id = String::new();
    while let Some(c) = chars.next() {
        match c {
            '(' => tree = Some(Vec::new()),
            ')' => trees.push(tree.take().expect("a tree closes after it opens")),
            ';' => tree.as_mut().expect("a node inside a tree").push(Vec::new()),
            '[' => {
                let mut value = String::new();
                loop {
                    match chars.next().expect("a value ends") {
                        '\\' => value.push(chars.next().expect("an escaped character")),
                        ']' => break,
                        c => value.push(c),
                    }
                }
                let node = tree
                    .as_mut()
                    .and_then(|t| t.last_mut())
                    .expect("a value in a node");
                if id.is_empty() {
                    node.last_mut()
                        .expect("a property before its value")
                        .1
                        .push(value);
                } else {
                    node.push((std::mem::take(&mut id), vec![value]));
                }
            }
            c if c.is_ascii_uppercase() => id.push(c),
            c => assert!(c.is_whitespace(), "{c:?} between properties"),
        }
    }
    assert!(tree.is_none(), "every tree closed");
    trees
}

/// A point of SGF's board back into `side`'s numbering (25 the bar, 0 off).
fn sgf_point(side: Color, c: char) -> u8 {
    match (c, side) {
        ('y', _) => 25,
        ('z', _) => 0,
        (c, Color::White) => c as u8 - b'a' + 1,
        (c, Color::Black) => b'x' - c as u8 + 1,
    }
}

/// Each game's moves and cube actions as the SGF holds them: `W 52 13/8 13/11` (each
/// step from/to), `B double`; and how many moves carry an analysis (`A`) and cube
/// decisions a `DA`.
fn sgf_moves(text: &str) -> (Vec<Vec<String>>, usize, usize) {
    let (mut analysed, mut cubes) = (0, 0);
    let games = sgf_trees(text)
        .iter()
        .map(|tree| {
            let root = &tree[0];
            assert!(root.iter().any(|(k, v)| k == "GM" && v == &["6"]), "{root:?}");
            tree[1..]
                .iter()
                .map(|node| {
                    analysed += usize::from(node.iter().any(|(k, _)| k == "A"));
                    cubes += usize::from(node.iter().any(|(k, _)| k == "DA"));
                    let (who, value) = node
                        .iter()
                        .find(|(k, _)| k == "W" || k == "B")
                        .map(|(k, v)| (k.as_str(), v[0].as_str()))
                        .expect("a move node");
                    let side = if who == "W" { Color::White } else { Color::Black };
                    if ["double", "take", "drop"].contains(&value) {
                        return format!("{who} {value}");
                    }
                    let points: Vec<u8> = value[2..].chars().map(|c| sgf_point(side, c)).collect();
                    let steps: Vec<String> = points.chunks(2).map(|s| format!("{}/{}", s[0], s[1])).collect();
                    format!("{who} {} {}", &value[..2], steps.join(" "))
                        .trim_end()
                        .to_string()
                })
                .collect()
        })
        .collect();
    (games, analysed, cubes)
}

/// The same from the record itself.
fn record_moves(game: &brade::session::Match<brade::game::Backgammon>) -> Vec<Vec<String>> {
    use brade::game::CubeAction;
    game.log
        .iter()
        .map(|log| {
            let mover = |n: usize| {
                if n.is_multiple_of(2) {
                    log.starter
                } else {
                    log.starter.other()
                }
            };
            let letter = |side: Color| if side == Color::White { "W" } else { "B" };
            let mut out = Vec::new();
            let mut cube = log.cube.iter().peekable();
            for at in 0..=log.turns.len() {
                while let Some(&&(_, action)) = cube.peek().filter(|(n, _)| *n == at) {
                    cube.next();
                    let (side, word) = match action {
                        CubeAction::Double => (mover(at), "double"),
                        CubeAction::Take => (mover(at).other(), "take"),
                        CubeAction::Drop => (mover(at).other(), "drop"),
                        // (A resignation is no node of the .sgf.)
                        CubeAction::Resign(_) => continue,
                    };
                    out.push(format!("{} {word}", letter(side)));
                }
                if let Some((roll, play)) = log.turns.get(at) {
                    let (a, b) = roll.dice();
                    let steps: Vec<String> = play
                        .steps()
                        .iter()
                        .map(|s| format!("{}/{}", s.from, s.to))
                        .collect();
                    out.push(
                        format!("{} {a}{b} {}", letter(mover(at)), steps.join(" "))
                            .trim_end()
                            .to_string(),
                    );
                }
            }
            out
        })
        .collect()
}

#[test]
fn the_sgf_of_a_recorded_match_reads_back_to_its_moves_and_cube_actions() {
    for seed in [3, 7, 11] {
        let (game, _) = recorded(5, seed, &format!("sgf-{seed}"));
        let none = brade::ai::backgammon::analysis::BgAnalysis::from_decisions(Vec::new());
        let text = brade::store::backgammon::sgf::sgf(&game, &none, &[]);
        let (games, analysed, cubes) = sgf_moves(&text);
        assert_eq!(games, record_moves(&game), "seed {seed}");
        assert_eq!((analysed, cubes), (0, 0));
        // Each game's header: the match, the game, the score before it, the names.
        let trees = sgf_trees(&text);
        for (i, tree) in trees.iter().enumerate() {
            let mi = tree[0].iter().find(|(k, _)| k == "MI").unwrap();
            assert_eq!(mi.1[0], "length:5");
            assert_eq!(mi.1[1], format!("game:{i}"));
        }
    }
}

#[test]
fn the_sgf_holds_the_analysis_of_every_decision_weighed() {
    let (game, _) = recorded(3, 5, "sgf-analysed");
    let analysis = brade::ai::backgammon::analysis::analyze(&game, |_, _| {}).unwrap();
    let wanted = |place: (usize, usize), cube: bool| {
        analysis
            .decisions
            .iter()
            .any(|d| (d.game, d.turn) == place && d.is_cube() == cube)
    };
    let laid = brade::ai::backgammon::review::of_match(&game, |_, _| {}, wanted).unwrap();
    let text = brade::store::backgammon::sgf::sgf(&game, &analysis, &laid);
    let (games, analysed, cubes) = sgf_moves(&text);
    assert_eq!(games, record_moves(&game));
    let checker = analysis.decisions.iter().filter(|d| !d.is_cube()).count();
    assert_eq!(analysed, checker, "{text}");
    // A cube decision's DA stands on its double and its answer, or on the roll not doubled
    // (a cube the judge finds dead, as in a 1-point match, has none).
    let weighed = laid
        .iter()
        .filter(|l| matches!(l.figures, brade::ai::backgammon::review::Figures::Cube { .. }))
        .count();
    assert!(weighed > 0 && cubes >= weighed, "{cubes} of {weighed}");
    // The play made is among the candidates, where A's first value says.
    for tree in sgf_trees(&text) {
        for node in &tree[1..] {
            let Some((_, values)) = node.iter().find(|(k, _)| k == "A") else {
                continue;
            };
            let (_, made) = node.iter().find(|(k, _)| k == "W" || k == "B").unwrap();
            let at: usize = values[0].parse().unwrap();
            let listed = values[1 + at].split(' ').next().unwrap();
            assert_eq!(listed, &made[0][2..], "{node:?}");
            for v in &values[1..] {
                let fields: Vec<&str> = v.split(' ').collect();
                assert_eq!(&fields[1..4], ["E", "ver", "3"], "{v}");
                assert!(fields[4..10].iter().all(|f| f.parse::<f64>().is_ok()), "{v}");
            }
        }
    }
}

/// A backgammon match to `length` points of random plays and doubles (seeded), saved in
/// a fresh file of the temporary directory.
fn recorded(
    length: u32,
    seed: u64,
    name: &str,
) -> (brade::session::Match<brade::game::Backgammon>, std::path::PathBuf) {
    let (game, _, saved) = common::bg::play(length, seed, 8);
    let dir = std::env::temp_dir().join(format!("brade-share-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("match.toml");
    std::fs::write(&path, brade::store::to_text(&saved).unwrap()).unwrap();
    (game, path)
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn brade_picture_draws_a_code_an_id_or_an_xgid_to_stdout_or_a_file() {
    let o = common::brade(&["picture", "1x15/1x15/w", "--dice", "53"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let elements = xml_elements(&stdout(&o));
    assert_eq!(
        count(&elements, "checker white") + count(&elements, "checker black"),
        30
    );
    assert_eq!(count(&elements, "die"), 2);
    let xgid = "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.svg");
    let o = common::brade(
        &[
            "picture",
            xgid,
            "--out",
            file.to_str().unwrap(),
            "--theme",
            "dark",
            "--flip",
        ],
        None,
    );
    assert!(o.status.success() && stdout(&o).is_empty(), "{}", stderr(&o));
    let elements = xml_elements(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(count(&elements, "die"), 2, "the XGID's dice");
    assert_eq!(count(&elements, "cube"), 1);
    let o = common::brade(&["picture", "4HPwATDgc/ABMA:b"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = common::brade(
        &[
            "picture",
            "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w",
            "--game",
            "backgammon",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = common::brade(&["picture", "1x16/1x15/w"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bad position") && stderr(&o).contains("15"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn moves_bot_and_rollout_read_an_xgid_with_its_dice_and_bräde_says_it_has_none() {
    let xgid = "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10";
    let with = common::brade(&["moves", "--game", "backgammon", xgid], None);
    let given = common::brade(&["moves", "--game", "backgammon", xgid, "12"], None);
    assert!(with.status.success(), "{}", stderr(&with));
    assert_eq!(stdout(&with), stdout(&given));
    assert!(stdout(&with).lines().count() > 10);
    let o = common::brade(&["moves", "--game", "backgammon", xgid, "31"], None);
    assert!(stderr(&o).contains("contradict"), "{}", stderr(&o));
    let o = common::brade(&["moves", xgid, "21"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bräde has no XGID"), "{}", stderr(&o));
    let o = common::brade(&["eval", xgid], None);
    assert!(stderr(&o).contains("bräde has no XGID"), "{}", stderr(&o));
    // rollout: the best plays of the XGID's roll.
    let o = common::brade(
        &[
            "rollout",
            "--game",
            "backgammon",
            xgid,
            "--games",
            "36",
            "--level",
            "random",
        ],
        None,
    );
    assert!(
        stdout(&o).contains("best plays of 21"),
        "{}{}",
        stdout(&o),
        stderr(&o)
    );
    // bot: the XGID's play; its cube decision without dice; the answer to its double.
    let lines = format!(
        "{xgid}\nXGID=---c--CCB---dB-B---c-BcAb-:1:1:1:00:0:1:0:7:10\nXGID=---c--CCB---dB-B---c-BcAb-:1:1:1:D:0:1:0:7:10\n"
    );
    // (Seeded: the easy level's play has noise, and a play onto point 1 would make its
    // result start "1x3".)
    let o = common::brade(
        &["--seed", "1", "bot", "--game", "backgammon", "--level", "easy"],
        Some(&lines),
    );
    let answers: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(answers.len(), 3, "{answers:?} {}", stderr(&o));
    assert!(answers[0].contains("\t1x2,"), "{}", answers[0]);
    assert!(
        answers[1].starts_with("no double") || answers[1].starts_with("double"),
        "{}",
        answers[1]
    );
    assert!(
        answers[2].starts_with("take") || answers[2].starts_with("drop"),
        "{}",
        answers[2]
    );
    // The same standing written out in the bot's terms: the same answer.
    let id = common::brade(
        &["id", "XGID=---c--CCB---dB-B---c-BcAb-:1:1:1:00:0:1:0:7:10"],
        None,
    );
    let code = stdout(&id).lines().next().unwrap().to_string();
    let o = common::brade(
        &["--seed", "1", "bot", "--game", "backgammon", "--level", "easy"],
        Some(&format!("double {code} cube=2:w match=7:0-1\n")),
    );
    assert_eq!(
        stdout(&o).lines().next(),
        Some(answers[1].as_str()),
        "{}",
        stderr(&o)
    );
}

#[test]
fn analyze_writes_xg_blocks_and_export_writes_sgf_of_a_backgammon_record() {
    let (game, path) = recorded(3, 9, "cli");
    let file = path.to_str().unwrap();
    let o = common::brade(&["analyze", "--format", "xg", file], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let blocks: Vec<&str> = text.split("\n\nXGID=").collect();
    assert!(text.starts_with("XGID=") && blocks.len() > 5, "{text}");
    // One block a checker play weighed, one a cube decision (double and answer together).
    let tsv = common::brade(&["analyze", "--tsv", file], None);
    let rows: Vec<String> = stdout(&tsv).lines().map(str::to_string).collect();
    let checker = rows
        .iter()
        .filter(|r| r.split('\t').nth(3) != Some("cube"))
        .count();
    let cube_turns: std::collections::BTreeSet<(String, String)> = rows
        .iter()
        .filter(|r| r.split('\t').nth(3) == Some("cube"))
        .map(|r| {
            let f: Vec<&str> = r.split('\t').collect();
            (f[0].to_string(), f[1].to_string())
        })
        .collect();
    assert!(
        blocks.len() <= checker + cube_turns.len() && blocks.len() >= checker,
        "{} {checker}",
        blocks.len()
    );
    assert_eq!(text.matches(" played ").count(), checker);
    let o = common::brade(&["export", "--sgf", file], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let (games, analysed, _) = sgf_moves(&stdout(&o));
    assert_eq!(games, record_moves(&game));
    assert_eq!(analysed, checker);
    let o = common::brade(&["export", "--sgf", "--mat", file], None);
    assert_eq!(o.status.code(), Some(2), "one or the other");
}

#[test]
fn a_bräde_record_gets_its_own_blocks_and_no_sgf() {
    let game = common::played(brade::ai::Level::Medium, brade::ai::Level::Medium, 1, 4);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.toml");
    std::fs::write(&path, brade::store::to_text(&common::typed_save(&game)).unwrap()).unwrap();
    let file = path.to_str().unwrap();
    let o = common::brade(&["analyze", "--format", "xg", file], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("1x15/1x15/"), "{text}");
    assert!(text.contains("(pretty:") && !text.contains("XGID"), "{text}");
    let o = common::brade(&["export", "--sgf", file], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--sgf writes backgammon matches only"),
        "{}",
        stderr(&o)
    );
}

/// The app's screen drawn at 100×30, as text.
fn screen_text(app: &brade::app::App) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|f| brade::ui::draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_backgammon_editor_copies_its_xgid_with_the_dice_and_writes_its_picture() {
    use brade::app::{App, Key};
    let mut app = App::new(
        brade::words::Lang::En,
        Box::new(brade::session::SeededDice::from_seed(2)),
    );
    common::press(
        &mut app,
        &[
            Key::Char('e'),
            Key::Char('g'),
            Key::Char('5'),
            Key::Char('2'),
            Key::Char('X'),
        ],
    );
    let copied = app.take_clipboard().expect("the XGID on the clipboard");
    assert_eq!(copied, "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10");
    assert!(screen_text(&app).contains("XGID copied"), "{}", screen_text(&app));
    common::press(&mut app, &[Key::Char('P')]);
    let (name, svg) = app.take_picture().expect("a picture to write");
    assert_eq!(name, "backgammon-4HPwATDgc-ABMA.svg");
    assert_eq!(count(&xml_elements(&svg), "die"), 2);
    app.picture_written(std::path::Path::new("/p/x.svg"), Ok(()));
    assert!(
        screen_text(&app).contains("Picture written to /p/x.svg"),
        "{}",
        screen_text(&app)
    );
    app.picture_written(std::path::Path::new("/ro/x.svg"), Err("read-only".into()));
    assert!(
        screen_text(&app).contains("/ro/x.svg: read-only"),
        "{}",
        screen_text(&app)
    );
    // An XGID pasted: its position and its dice.
    common::type_keys(&mut app, ":XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10");
    common::press(&mut app, &[Key::Enter]);
    let Some(e) = app.editor_of::<brade::game::Backgammon>() else {
        panic!("the editor")
    };
    assert_eq!(e.position.id(), "b9sBCIC5bYDQAA");
    assert_eq!(e.dice, vec![2, 1]);
    // Bräde's editor: the picture, and a pasted XGID opens backgammon's.
    common::press(&mut app, &[Key::Char('g'), Key::Char('P')]);
    let (name, _) = app.take_picture().expect("bräde's picture");
    assert_eq!(name, "brade-1x15-1x15-w.svg");
}

#[test]
fn the_replay_copies_the_decision_shown_as_xg_text_and_writes_its_picture() {
    use brade::app::{Key, Launch, Opening, Replay};
    let (game, _, saved) = common::bg::play(3, 5, 8);
    let mut replay = Replay::<brade::game::Backgammon>::of(&saved, false).unwrap();
    replay.analysis = brade::ai::backgammon::analysis::analyze(&game, |_, _| {});
    let launch = Launch {
        opening: Opening::Replay(replay.boxed()),
        ..Default::default()
    };
    let mut app = common::launched(brade::words::Lang::Sv, launch);
    // The first frame is before any turn: nothing to copy, said so.
    common::press(&mut app, &[Key::Char('X')]);
    assert!(app.take_clipboard().is_none());
    assert!(
        screen_text(&app).contains("Inget att kopiera"),
        "{}",
        screen_text(&app)
    );
    common::press(&mut app, &[Key::Right, Key::Char('X')]);
    let text = app.take_clipboard().expect("the first decision's block");
    assert!(text.starts_with("XGID=-b----E-C---eE---c-e----B-:0:0:"), "{text}");
    assert!(
        text.contains(" to play ") && text.contains("    1. 2-ply"),
        "{text}"
    );
    assert!(
        screen_text(&app).contains("kopierat som XG-text"),
        "{}",
        screen_text(&app)
    );
    common::press(&mut app, &[Key::Char('P')]);
    let (_, svg) = app.take_picture().expect("the frame's picture");
    assert_eq!(count(&xml_elements(&svg), "checker white"), 15);
}
