//! The computer players: every choice legal, the most points on the last stroke, the
//! heuristic far above random, `brade bot` answering line by line, `brade arena`
//! reporting, and the computer's turns in the game. The network itself: `network.rs`.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use brade::ai::{Level, arena};
use brade::brade::{MoveGen, Position};

#[test]
fn every_player_chooses_a_legal_play() {
    for level in [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ] {
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
fn each_level_names_its_player_by_how_far_it_looks_ahead() {
    use brade::ai::Depth;
    let depths: Vec<u8> = Level::ALL.iter().map(|l| l.depth().plies()).collect();
    assert_eq!(
        depths,
        [0, 0, 0, 0, 2, 3],
        "random, heuristic, easy, medium, hard, expert"
    );
    let names: Vec<String> = Level::ALL.iter().map(|l| l.player(1).name()).collect();
    assert_eq!(
        names,
        [
            "random",
            "heuristic (0 ply)",
            "network (0 ply)",
            "network (0 ply)",
            "network (2 ply)",
            "network (3 ply)"
        ]
    );
    // Without a network the heuristic stands in; it has no deeper look than 2 ply.
    let fallback: Vec<String> = Level::ALL.iter().map(|l| l.player_with(1, None).name()).collect();
    assert_eq!(
        fallback,
        [
            "random",
            "heuristic (0 ply)",
            "heuristic (0 ply)",
            "heuristic (0 ply)",
            "heuristic (2 ply)",
            "heuristic (2 ply)"
        ]
    );
    assert!(Depth::ZeroPly < Depth::TwoPly && Depth::TwoPly < Depth::ThreePly);
    assert_eq!(Depth::TwoPly.to_string(), "2 ply");
}

#[test]
fn a_player_takes_the_most_points_on_the_last_stroke() {
    // 19/21* 21/off wins hemspel med munk (2); 19/off only hemspel (1).
    let pos = Position::from_code("19/9,13x14/w").unwrap();
    let roll = "62".parse().unwrap();
    let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        let i = level.player(3).choose(&pos, roll, &plays);
        assert_eq!(plays[i].play.to_string(), "19/21* 21/off", "{level:?}");
    }
}

/// The expert's look one ply deeper, written plainly from the network's expected points:
/// the opponent answers each of the 21 rolls with his best play at 0 ply, and the mover
/// then answers each of his 21 rolls with his best at 0 ply; the mean for the mover.
fn naive_deep(board: &brade::brade::Board) -> f64 {
    use brade::ai::net::Scratch;
    use brade::brade::LegalPlay;
    use brade::rules::Roll;
    let net = brade::ai::neural::shipped().unwrap();
    let mut scratch = Scratch::new();
    let mut value = |p: &LegalPlay| match p.result {
        Some(r) => f64::from(r.points()),
        None => -f64::from(net.equity(&p.board.switched(), &mut scratch)),
    };
    let weight = |r: Roll| if r.is_double() { 1.0 } else { 2.0 };
    let mut movegen = MoveGen::new();
    let opponent = board.switched();
    let mut total = 0.0;
    for roll in Roll::all() {
        let replies = movegen.plays(&opponent, roll).to_vec();
        let values: Vec<f64> = replies.iter().map(&mut value).collect();
        let best = (0..replies.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
        let ours = if replies[best].result.is_some() {
            -values[best]
        } else {
            let mine = replies[best].board.switched();
            let mut mean = 0.0;
            for answer in Roll::all() {
                let plays = movegen.plays(&mine, answer).to_vec();
                let top = plays.iter().map(&mut value).fold(f64::NEG_INFINITY, f64::max);
                mean += weight(answer) * top;
            }
            mean / 36.0
        };
        total += weight(roll) * ours;
    }
    total / 36.0
}

#[test]
fn the_experts_choice_is_valued_one_ply_deeper_as_written_plainly() {
    let mut checked = 0;
    for seed in 0..40 {
        let (pos, roll) = common::random_position(seed, 10 + (seed * 7 % 60) as usize);
        let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
        if plays.len() < 2 {
            continue;
        }
        let mut expert = Level::Expert.player(0);
        let values = expert.values(&plays);
        let best = (0..plays.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
        if plays[best].result.is_some() {
            continue;
        }
        let plain = naive_deep(&plays[best].board);
        assert!(
            (values[best] - plain).abs() < 1e-4,
            "{} {roll}: {} valued {} by the expert, {plain} plainly",
            pos.code(),
            plays[best].play,
            values[best]
        );
        checked += 1;
        if checked == 6 {
            return;
        }
    }
    panic!("only {checked} positions checked");
}

#[test]
fn the_experts_values_are_the_same_on_one_thread_and_on_three() {
    let (one, three) = (common::pool(1), common::pool(3));
    let mut compared = 0;
    for seed in 0..12 {
        let (pos, roll) = common::random_position(seed, 20 + (seed * 11 % 50) as usize);
        let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
        if plays.len() < 4 {
            continue;
        }
        let values = |pool: &rayon::ThreadPool| pool.install(|| Level::Expert.player(0).values(&plays));
        let (a, b) = (values(&one), values(&three));
        assert_eq!(
            a.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            b.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            "{} {roll}",
            pos.code()
        );
        compared += 1;
    }
    assert!(compared >= 4, "only {compared} positions compared");
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
fn the_bot_plays_with_the_network_it_is_given() {
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("random.net");
    let net = brade::ai::net::Network::random(16, 5);
    std::fs::write(&path, net.to_bytes()).unwrap();
    let net = Arc::new(net);
    let (mut lines, mut want, mut shipped) = (String::new(), Vec::new(), Vec::new());
    let mut ours = Level::Medium.player_with(1, Some(Arc::clone(&net)));
    let mut theirs = Level::Medium.player(1);
    for seed in 0..12 {
        let (pos, roll) = common::random_position(seed, (seed * 7 % 60) as usize);
        let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
        lines += &format!("{} {roll}\n", pos.code());
        want.push(plays[ours.choose(&pos, roll, &plays)].play.to_string());
        shipped.push(plays[theirs.choose(&pos, roll, &plays)].play.to_string());
    }
    assert_ne!(
        want, shipped,
        "the two networks play alike: the test shows nothing"
    );
    let p = path.to_str().unwrap();
    let ask = |args: &[&str]| {
        let out = common::brade(args, Some(&lines));
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ask(&["bot", "--level", "medium", "--seed", "1", "--net", p]),
        want
    );
    assert_eq!(ask(&["bot", "--level", "medium", "--seed", "1"]), shipped);
    // A backgammon network is not bräde's: refused in words.
    let bg = dir.path().join("bg.net");
    brade::ai::backgammon::net::BgNet::new(8, 1).write(&bg).unwrap();
    // (No input: it stops before reading any.)
    let out = common::brade(&["bot", "--net", bg.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().starts_with("error: "));
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

#[test]
fn a_series_of_games_is_the_same_on_one_thread_and_on_three_and_plays_every_game() {
    // 130 games: two whole blocks and a part one, alternating colours.
    let run = |threads: usize| {
        common::pool(threads).install(|| {
            arena::level_series(
                [Level::Heuristic, Level::Random],
                [None, None],
                Default::default(),
                130,
                8,
            )
        })
    };
    let (one, three) = (run(1), run(3));
    assert_eq!(one.games, 130);
    assert_eq!(one.a_wins + one.b_wins + one.unfinished, 130);
    assert_eq!(
        (one.a_wins, one.a_points, one.b_points, &one.results),
        (three.a_wins, three.a_points, three.b_points, &three.results)
    );
    assert_eq!(one.net_per_game(), three.net_per_game());
    assert!(one.a_wins >= 110, "the heuristic against random: {}", one.a_wins);
}

mod in_the_game {
    use brade::ai::Level;
    use brade::app::{App, Done, Input, Key};
    use brade::rules::Color;
    use brade::session::{Match, Phase, ScriptedDice};
    use brade::words::Lang;
    use brade::words::Note;

    /// Lets the computer act as the terminal loop would, choosing synchronously.
    fn computer_turns(app: &mut App) {
        for _ in 0..200 {
            if let Some(turn) = crate::common::computer_turn(app) {
                app.job_done(Done::Computer(turn.choose(9).steps().to_vec()));
            }
            if !app.tick() {
                return;
            }
        }
    }

    #[test]
    fn the_computer_plays_its_side_step_by_step_and_ignores_the_humans_keys() {
        let mut app = App::playing(
            Lang::En,
            Box::new(ScriptedDice::new(&[5, 3, 6, 4, 2, 1])),
            Match::<brade::game::Brade>::from_position(
                "Anna",
                "Computer",
                3,
                crate::common::pos("1x15/1x15/b"),
            ),
        )
        .with_computer([None, Some(Level::Hard)]);
        assert_eq!(app.computer_to_act(), Some(Level::Hard));
        app.handle(Input::Key(Key::Char(' '))); // not Anna's turn: ignored
        assert!(matches!(
            app.game::<brade::game::Brade>().unwrap().phase,
            Phase::AwaitRoll
        ));
        assert!(app.tick(), "the computer rolls");
        let turn = crate::common::computer_turn(&mut app).expect("it must choose");
        assert_eq!(turn.level, Level::Hard);
        assert_eq!(app.note::<brade::game::Brade>(), Some(&Note::Thinking));
        let play = turn.choose(1);
        let chosen = *turn.plays.iter().find(|p| p.play == play).unwrap();
        app.job_done(Done::Computer(chosen.play.steps().to_vec()));
        // One step per beat, then the confirmation; the message line says what the
        // computer plays and tells nobody to confirm or undo.
        for k in 0..chosen.play.len() {
            assert!(app.tick());
            assert_eq!(
                app.game::<brade::game::Brade>()
                    .unwrap()
                    .turn()
                    .unwrap()
                    .taken()
                    .len(),
                k + 1
            );
            let names = app.game::<brade::game::Brade>().unwrap().names.clone();
            let sides = app.computer().map(|c| c.is_some());
            for lang in [Lang::En, Lang::Sv] {
                let said = brade::words::notes::note_for(
                    lang,
                    app.note::<brade::game::Brade>().unwrap(),
                    &names,
                    sides,
                );
                assert!(said.contains(&chosen.play.steps()[0].to_string()), "{said}");
                assert!(!said.contains("Enter") && !said.contains(" u "), "{said}");
            }
        }
        assert!(app.tick());
        let g = app.game::<brade::game::Brade>().unwrap();
        assert_eq!(g.position.turn(), Color::White);
        assert_eq!(g.last.as_ref().unwrap().play, chosen.play);
        assert_eq!(app.computer_to_act(), None, "Anna's turn now");
    }

    #[test]
    fn a_match_between_two_computers_plays_itself_to_the_end() {
        let mut app = crate::common::with_match(Lang::En, Box::new(ScriptedDice::new(&[1])), "A", "B", 1)
            .with_computer([Some(Level::Medium), Some(Level::Easy)]);
        app.seed_dice(5, 0);
        for _ in 0..100 {
            computer_turns(&mut app);
            if matches!(app.game::<brade::game::Brade>().unwrap().phase, Phase::MatchOver) {
                break;
            }
        }
        // Nobody has to press a key between the last game and the match's end.
        assert!(matches!(
            app.game::<brade::game::Brade>().unwrap().phase,
            Phase::MatchOver
        ));
        assert_eq!(app.game::<brade::game::Brade>().unwrap().score.results().len(), 1);
        // The save remembers who the computer plays.
        let saved = app.snapshot().unwrap();
        assert_eq!(saved.white_computer.as_deref(), Some("medium"));
        let back = brade::store::restore::<brade::game::Brade>(&saved).unwrap();
        assert_eq!(back.computer, [Some(Level::Medium), Some(Level::Easy)]);
    }

    #[test]
    fn h_shows_the_best_plays_with_their_values() {
        let mut app = App::playing(
            Lang::En,
            Box::new(ScriptedDice::new(&[5, 3])),
            Match::<brade::game::Brade>::from_position("Anna", "Bo", 3, crate::common::pos("1x15/1x15/w")),
        );
        app.handle(Input::Key(Key::Char(' ')));
        app.handle(Input::Key(Key::Char('H')));
        // (Weighed off the event loop.)
        crate::common::run_jobs(&mut app);
        match app.note::<brade::game::Brade>() {
            Some(Note::Hints { plays: list, .. }) => {
                assert_eq!(list.len(), 2, "two plays exist: {list:?}");
                assert!(list[0].contains('(') && list[0].contains(')'));
                // The best one is marked on the board until a move is made.
                let best = crate::common::hint(&app).expect("the best hint is kept for the board");
                assert!(list[0].starts_with(&best.to_string()), "{list:?} / {best}");
            }
            other => panic!("{other:?}"),
        }
        app.handle(Input::Key(Key::Char('5')));
        assert_eq!(crate::common::hint(&app), None, "a move clears the hint");
    }

    #[test]
    fn in_a_match_the_computer_plays_and_hints_for_the_match_in_a_single_game_for_points() {
        use brade::ai::matchplay::Payoff;
        for (games, in_match) in [(1, false), (3, true)] {
            let mut app = App::playing(
                Lang::En,
                Box::new(ScriptedDice::new(&[5, 3])),
                Match::<brade::game::Brade>::from_position(
                    "Anna",
                    "Bo",
                    games,
                    crate::common::pos("1x15/1x15/w"),
                ),
            );
            app.handle(Input::Key(Key::Char(' ')));
            app.handle(Input::Key(Key::Char('H')));
            crate::common::run_jobs(&mut app);
            let Some(Note::Hints {
                plays: list,
                for_match,
                ..
            }) = app.note::<brade::game::Brade>()
            else {
                panic!("{:?}", app.note::<brade::game::Brade>())
            };
            assert_eq!(*for_match, in_match);
            let names = ["A".to_string(), "B".to_string()];
            let said = brade::words::notes::note(Lang::En, app.note::<brade::game::Brade>().unwrap(), &names);
            assert_eq!(said.contains("(chance to win the match)"), in_match, "{said}");
            assert_eq!(list[0].ends_with(" %)"), in_match, "{games}: {list:?}");
            if in_match {
                // Before anything is decided, near an even chance.
                let pct: f64 = list[0]
                    .split('(')
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!((40.0..65.0).contains(&pct), "{list:?}");
            }
            // The computer, in Anna's place, is told the same.
            let mut app = app.with_computer([Some(Level::Hard), None]);
            let turn = crate::common::computer_turn(&mut app).expect("it must choose");
            assert_eq!(matches!(turn.payoff, Payoff::Match(_)), in_match);
            assert_eq!(turn.payoff == Payoff::Points, !in_match);
        }
    }

    #[test]
    fn the_setup_screen_lets_the_computer_take_a_side() {
        let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[2, 5])));
        for k in [
            Key::Enter,
            Key::Down,
            Key::Down,
            Key::Down,
            Key::Right,
            Key::Right,
            Key::Down,
            Key::Right,
        ] {
            app.handle(Input::Key(k));
        }
        // Past the rules (the Vasamuseet rules kept) to the button.
        app.handle(Input::Key(Key::Down));
        app.handle(Input::Key(Key::Down));
        app.handle(Input::Key(Key::Enter));
        assert_eq!(app.computer(), [None, Some(Level::Hard)]);
        assert!(app.game::<brade::game::Brade>().unwrap().rules.is_default());
        assert_eq!(
            app.game::<brade::game::Brade>().unwrap().names[1],
            "Computer (hard)"
        );
    }
}
