//! Backgammon's records: a match played through `session::Match<Backgammon>` with random
//! legal plays and random cube actions, saved to the records as the app archives it, is
//! then listed (the store's index, the Records screen, `brade records`), replayed frame by
//! frame to the same final position and score with every cube action on a frame of its
//! own, and counted in the statistics — every expected figure kept here as the test
//! plays: who doubled, took and dropped, each game's winner, its kind (judged from the
//! final position by the independent reference of `tests/bg_reference/`) and its points
//! (the cube the test followed times the kind).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod bg_reference;
mod common;

use brade::app::{App, Key, Launch, MenuItem, Opening};
use brade::backgammon::{Position, Stakes};
use brade::game::{Backgammon, Checkers as _, CubeAction, Game};
use brade::rules::{Color, Roll};
use brade::session::{DiceSource as _, Match, Phase, SeededDice, match_seed};
use brade::store::format::DiceRecord;
use brade::store::{SavedMatch, Store};
use brade::words::Lang;

/// A tiny seeded generator, so that the match is the same every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// What the test itself counted of one player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Counted {
    games_won: u32,
    points: u32,
    /// Games won single, gammon, backgammon; by the other's drop.
    by_kind: [u32; 3],
    by_drop: u32,
    doubles: u32,
    takes: u32,
    drops: u32,
}

/// The match as played, with what the test counted and saw.
struct Played {
    game: Match<Backgammon>,
    saved: SavedMatch,
    counted: [Counted; 2],
    /// Frames a replay must have: each game's start, each turn, each cube action.
    frames: usize,
    /// The board when the last game ended.
    last: Position,
}

/// A match to `length` points between Anna and Bo: random legal plays, a double at one in
/// six of the rolls where one may double, a third of them dropped.
fn play(length: u32, seed: u64) -> Played {
    let mut rng = Lcg(seed);
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", length).by_rules(Stakes::default());
    let bound = match_seed(seed, length, &game.names, game.rules);
    let mut dice = SeededDice::from_seed(bound);
    let mut drawn = 0u64;
    let mut die = |drawn: &mut u64| {
        *drawn += 1;
        dice.die()
    };
    let mut counted = [Counted::default(), Counted::default()];
    let mut cube = 1u32;
    let mut frames = 0;
    let mut last = None;
    for _ in 0..200_000 {
        match game.phase.clone() {
            Phase::Teka { .. } => {
                let (w, b) = (die(&mut drawn), die(&mut drawn));
                game.teka(w, b);
                if !matches!(game.phase, Phase::Teka { .. }) {
                    frames += 1; // the game's start
                }
            }
            Phase::AwaitRoll => {
                let mover = game.position.to_move();
                if game.may_double() && rng.next(6) == 0 {
                    assert!(game.double());
                    counted[mover.index()].doubles += 1;
                    frames += 2;
                    if rng.next(3) == 0 {
                        assert!(game.drop_double());
                        counted[mover.other().index()].drops += 1;
                    } else {
                        assert!(game.take_double());
                        counted[mover.other().index()].takes += 1;
                        cube *= 2;
                    }
                    continue;
                }
                game.roll(Roll::new(die(&mut drawn), die(&mut drawn)).unwrap());
            }
            Phase::Doubled { .. } => unreachable!("answered at once"),
            Phase::Forfeit(_) => {
                game.pass();
                frames += 1;
            }
            Phase::Moving(turn) => {
                let plays = Backgammon::legal_plays(&game.position, turn.roll(), game.rules);
                let pick = *Backgammon::play_of(&plays[rng.next(plays.len() as u64) as usize]);
                Backgammon::play_text(game.turn_mut().unwrap(), &pick.to_string()).unwrap();
                game.confirm().unwrap();
                frames += 1;
            }
            Phase::GameOver { record, last: board } => {
                let winner = record.winner;
                let dropped = game.log.last().unwrap().cube.last().map(|c| c.1) == Some(CubeAction::Drop);
                let c = &mut counted[winner.index()];
                c.games_won += 1;
                if dropped {
                    c.by_drop += 1;
                    c.points += cube;
                } else {
                    let pos = bg_reference::parse(&Backgammon::position_code(&board)).unwrap();
                    let kind = match bg_reference::outcome(&bg_reference::passed(&pos)) {
                        "single" => 0,
                        "gammon" => 1,
                        "backgammon" => 2,
                        other => panic!("{other}"),
                    };
                    c.by_kind[kind] += 1;
                    c.points += cube * (kind as u32 + 1);
                }
                last = Some(board);
                cube = 1;
                game.next_game();
            }
            Phase::MatchOver => {
                let dice = DiceRecord {
                    seed: Some(seed),
                    drawn,
                    ..DiceRecord::default()
                };
                let saved = SavedMatch::of(&game, dice, [None, None], 1_700_000_000);
                return Played {
                    game,
                    saved,
                    counted,
                    frames,
                    last: last.unwrap(),
                };
            }
        }
    }
    panic!("the match did not end")
}

/// A seed whose match uses the cube every way: a take, a drop, a gammon.
fn eventful(length: u32) -> Played {
    for seed in 0..200 {
        let p = play(length, seed);
        let both = |f: fn(&Counted) -> u32| p.counted.iter().map(f).sum::<u32>();
        if both(|c| c.takes) > 0 && both(|c| c.drops) > 0 && both(|c| c.by_kind[1] + c.by_kind[2]) > 0 {
            return p;
        }
    }
    panic!("no seed played a take, a drop and a gammon")
}

/// The app with the records of `store` listed, as the event loop lists them.
fn with_records(lang: Lang, store: &Store) -> App {
    let mut app = common::launched(lang, Launch::default());
    let _ = common::records_listing(&mut app);
    app.job_done(brade::app::Done::Records(store.list_records(|_, _| {})));
    app
}

#[test]
fn a_backgammon_record_is_listed_replayed_to_its_end_and_counted_in_the_statistics() {
    let p = eventful(5);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let path = store.archive(&p.saved).unwrap();
    // An hour old: the index keeps a record once its file has settled.
    let file = std::fs::File::options().write(true).open(&path).unwrap();
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    file.set_modified(hour_ago).unwrap();

    // Listed by the store (from the index the second time), with its game, names and score.
    for _ in 0..2 {
        let listed = store.list_records(|_, _| {});
        assert_eq!(listed.len(), 1);
        let summary = listed[0].summary.as_ref().unwrap();
        assert_eq!(summary.kind, brade::game::Kind::Backgammon, "a backgammon record");
        let cube = summary.cube.expect("its cube's actions");
        assert_eq!(summary.names, ["Anna".to_string(), "Bo".to_string()]);
        assert_eq!(summary.length, 5);
        assert_eq!(
            summary.score::<brade::game::Backgammon>().unwrap().games,
            p.game.score.games
        );
        assert_eq!(summary.points(), [p.counted[0].points, p.counted[1].points]);
        for side in Color::BOTH {
            let c = &p.counted[side.index()];
            let cube = cube[side.index()];
            assert_eq!(
                (cube.doubles, cube.takes, cube.drops),
                (c.doubles, c.takes, c.drops)
            );
        }
    }
    assert!(
        std::fs::read_to_string(dir.path().join("records/index"))
            .unwrap()
            .contains("\tbackgammon\t")
    );

    // The statistics, against the test's own counts.
    let stats = brade::store::stats::of_game(&store.list_records(|_, _| {}), brade::game::Kind::Backgammon);
    let (table, unanalysed) = brade::store::stats::of_records(&store.list_records(|_, _| {}));
    let brade_table = table.get(&brade::game::Kind::Brade).cloned().unwrap_or_default();
    assert!(
        brade_table.is_empty() && unanalysed == 1,
        "none of bräde's; the backgammon record waits for its analysis"
    );
    let games: u32 = p.counted.iter().map(|c| c.games_won).sum();
    for (side, name) in Color::BOTH.into_iter().zip(["Anna", "Bo"]) {
        let (c, o) = (&p.counted[side.index()], &p.counted[side.other().index()]);
        let s = &stats[name];
        assert_eq!(
            (s.matches, s.matches_won),
            (1, u32::from(c.points >= 5)),
            "{name}"
        );
        assert_eq!((s.games, s.games_won), (games, c.games_won), "{name}");
        assert_eq!((s.points_for, s.points_against), (c.points, o.points), "{name}");
        // Single, gammon, backgammon, then by a drop.
        let by = |c: &Counted| [c.by_kind.as_slice(), &[c.by_drop]].concat();
        assert_eq!(s.won_by, by(c), "{name}");
        assert_eq!(s.lost_by, by(o), "{name}");
        let cube = s.cube.expect("backgammon's cube");
        assert_eq!(
            (cube.doubles, cube.takes, cube.drops),
            (c.doubles, c.takes, c.drops),
            "{name}"
        );
        let per_game = f64::from(c.points) / f64::from(games);
        assert!((s.points_per_game() - per_game).abs() < 1e-12);
    }

    // The Records screen names the game; Enter opens its replay.
    for lang in [Lang::En, Lang::Sv] {
        let mut app = with_records(lang, &store);
        common::open(&mut app, MenuItem::Records);
        let text = common::screen(&common::draw(&app, 80, 24));
        let to_five = if lang == Lang::En {
            "to 5 points"
        } else {
            "till 5 poäng"
        };
        assert!(text.contains("Backgammon ·") && text.contains(to_five), "{text}");
        press(&mut app, &[Key::Enter]);
        let Some(replay) = app.replay_of::<brade::game::Backgammon>() else {
            panic!("a backgammon replay: {:?}", app.screen())
        };
        assert_eq!(replay.file.as_ref(), Some(&path));
        // The statistics screen: backgammon's section with the cube.
        press(&mut app, &[Key::Esc, Key::Esc]);
        common::open(&mut app, MenuItem::Statistics);
        let text = common::screen(&common::draw(&app, 100, 60));
        let cube = match lang {
            Lang::En => format!("cube: doubles {}", p.counted[0].doubles),
            Lang::Sv => format!("kub: dubblar {}", p.counted[0].doubles),
        };
        assert!(text.contains("BACKGAMMON") && text.contains(&cube), "{text}");
    }

    // The replay, frame by frame: a frame per game start, turn and cube action, to the
    // final position and score.
    let replay = brade::app::replay_screen(&p.saved, false).unwrap();
    let Some(frames) = replay.of::<brade::game::Backgammon>().map(|r| r.frames.len()) else {
        panic!("a backgammon replay")
    };
    assert_eq!(frames, p.frames);
    let mut app = common::launched(
        Lang::En,
        Launch {
            opening: Opening::Replay(replay),
            ..Launch::default()
        },
    );
    let (mut doubles, mut takes, mut drops, mut steps) = (0, 0, 0, 0);
    loop {
        let Some(replay) = app.replay_of::<brade::game::Backgammon>() else {
            panic!("the replay")
        };
        let (frame, index) = (replay.frame().clone(), replay.index);
        let text = common::screen(&common::draw(&app, 80, 24));
        match frame.cube {
            Some((by, CubeAction::Double)) => {
                doubles += 1;
                assert_eq!(by, frame.position.to_move(), "the side to roll doubles");
                assert!(text.contains("doubles to"), "{text}");
            }
            Some((_, CubeAction::Take)) => {
                takes += 1;
                assert!(text.contains("takes — the cube at"), "{text}");
                assert!(text.contains("Cube: "), "{text}");
            }
            Some((_, CubeAction::Drop)) => {
                drops += 1;
                assert!(text.contains("drops") && frame.result.is_some(), "{text}");
            }
            Some((_, CubeAction::Resign(r))) => panic!("no resignation was played: {r:?}"),
            None => {}
        }
        press(&mut app, &[Key::Right]);
        steps += 1;
        let Some(replay) = app.replay_of::<brade::game::Backgammon>() else {
            panic!("the replay")
        };
        if replay.index == index {
            assert_eq!(frame.position, p.last, "the final position");
            assert_eq!(frame.score, (p.counted[0].points, p.counted[1].points));
            assert!(frame.result.is_some());
            break;
        }
    }
    assert_eq!(steps, p.frames);
    let both = |f: fn(&Counted) -> u32| p.counted.iter().map(f).sum::<u32>();
    assert_eq!(
        (doubles, takes, drops),
        (both(|c| c.doubles), both(|c| c.takes), both(|c| c.drops))
    );
    // Its analysis runs as a job while the replay is on screen; then `w` goes to the
    // worst error (random plays make plenty), which the panel marks.
    for job in app.jobs(None) {
        let done = job.run();
        app.job_done(done);
    }
    press(&mut app, &[Key::Char('w')]);
    let Some(replay) = app.replay_of::<brade::game::Backgammon>() else {
        panic!("the replay")
    };
    let worst = replay.worst_first();
    assert!(!worst.is_empty(), "random plays are marked as errors");
    assert_eq!(replay.index, worst[0]);
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(text.contains("??"), "{text}");
    press(&mut app, &[Key::Home]);
    assert!(
        app.replay_of::<brade::game::Backgammon>()
            .is_some_and(|r| r.index == 0)
    );
    press(&mut app, &[Key::Esc]);
    assert!(app.quitting(), "Esc leaves a replay opened from the command line");
}

#[test]
fn brade_records_and_stats_list_a_backgammon_record_with_its_game() {
    let p = eventful(3);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    store.archive(&p.saved).unwrap();
    let data = dir.path().to_str().unwrap();
    let out = common::brade(&["--data-dir", data, "records"], None);
    assert!(out.status.success());
    let list = String::from_utf8_lossy(&out.stdout).to_string();
    let line = list.lines().next().unwrap();
    let columns: Vec<&str> = line.split('\t').collect();
    assert_eq!(columns.len(), 7, "{line}");
    assert_eq!(columns[3], "backgammon");
    assert_eq!(columns[4], "to 3 points");
    assert_eq!(columns[6], "standard");
    let out = common::brade(&["--data-dir", data, "--lang", "sv", "stats"], None);
    let stats = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(stats.starts_with("Backgammon:\n"), "{stats}");
    assert!(
        stats.contains(&format!("kub: dubblar {}", p.counted[1].doubles)),
        "{stats}"
    );
    // And `brade replay FILE` opens it (a file that does not replay is refused in words).
    let mut bad = p.saved.clone();
    bad.games = 4;
    let bad_path = dir.path().join("bad.toml");
    std::fs::write(&bad_path, brade::store::to_text(&bad).unwrap()).unwrap();
    let out = common::brade(&["replay", bad_path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

fn press(app: &mut App, keys: &[Key]) {
    common::press(app, keys);
}

#[test]
fn bräde_and_backgammon_records_are_listed_together_each_named_and_counted_apart() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    // A bräde match between Cleo and Dan, played to its end at the keyboard.
    let mut app = common::with_match(
        Lang::En,
        Box::new(brade::session::ScriptedDice::new(&[1])),
        "Cleo",
        "Dan",
        1,
    );
    app.seed_dice(4, 0);
    while common::advance(&mut app) {}
    store.archive(&app.snapshot().unwrap()).unwrap();
    let p = eventful(3);
    store.archive(&p.saved).unwrap();
    let listed = store.list_records(|_, _| {});
    assert_eq!(listed.len(), 2);
    // Counted apart: bräde's players in bräde's table, backgammon's in theirs.
    let (table, unanalysed) = brade::store::stats::of_records(&listed);
    let brade_table = &table[&brade::game::Kind::Brade];
    let names: Vec<&String> = brade_table.keys().collect();
    assert_eq!(names, ["Cleo", "Dan"]);
    assert_eq!(
        unanalysed, 2,
        "each record, of either game, waits for its analysis"
    );
    let bg: Vec<String> = table[&brade::game::Kind::Backgammon].keys().cloned().collect();
    assert_eq!(bg, ["Anna", "Bo"]);
    for lang in [Lang::En, Lang::Sv] {
        let mut app = with_records(lang, &store);
        common::open(&mut app, MenuItem::Records);
        let text = common::screen(&common::draw(&app, 80, 24));
        assert!(text.contains("Bräde ·") && text.contains("Cleo – Dan"), "{text}");
        assert!(
            text.contains("Backgammon ·") && text.contains("Anna – Bo"),
            "{text}"
        );
        press(&mut app, &[Key::Esc]);
        common::open(&mut app, MenuItem::Statistics);
        let text = common::screen(&common::draw(&app, 100, 60));
        // (The games' names are the same in both languages.)
        let (b, g) = (text.find("BRÄDE"), text.find("BACKGAMMON"));
        assert!(
            b.is_some() && g.is_some() && b < g,
            "bräde's section first:\n{text}"
        );
        let (cleo, anna) = (text.find("Cleo"), text.find("Anna"));
        assert!(cleo < g && g < anna, "each player in his game's section:\n{text}");
    }
}
