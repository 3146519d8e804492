//! Backgammon at the keyboard, as two players at one keyboard meet it: the start menu,
//! the setup form, the opening throw, typed plays and plays by the cursor, the cube (`d`,
//! `t`, `p`), the Crawford game in the header, the end of the match — the app driven by
//! key events, saved and resumed through the store, drawn at 80×24 and 120×40.
#![allow(clippy::panic, clippy::unwrap_used)] // tests (and the shared helpers) fail by panicking

mod common;

use brade::ai::Level;
use brade::ai::Strategy as _;
use brade::ai::backgammon::cube::{CubeDecision, ProperAction, Unit};
use brade::app::{App, CubeAsk, CubeJob, CubePurpose, Done, Job, Key, MenuItem, Screen, SetupField};
use brade::backgammon::Cube;
use brade::game::{Backgammon, Game};
use brade::rules::Color;
use brade::session::{Match, Phase, SeededDice};
use brade::words::{Lang, Note};
use common::{computer_acts, press, type_keys as brade_type, type_moves};

fn game(app: &App) -> &Match<Backgammon> {
    app.game::<brade::game::Backgammon>()
        .expect("a backgammon match on screen")
}

/// The screen drawn at `w`×`h`, as text.
fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("a terminal");
    t.draw(|f| brade::ui::draw(f, app)).expect("drawn");
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// A backgammon match of `points` set up from the start menu (the form starts at 5).
fn set_up(lang: Lang, seed: u64, points_left: usize) -> App {
    let mut app = App::new(lang, Box::new(SeededDice::from_seed(seed)));
    // Dice from a seed, as the program's are: a save can be checked against it.
    app.seed_dice(seed, 0);
    assert!(app.menu().contains(&MenuItem::NewBackgammon));
    press(&mut app, &[Key::Char('b')]);
    let Screen::Setup(form) = app.screen() else {
        panic!("the setup form")
    };
    assert_eq!(
        form.fields(),
        [
            SetupField::Games,
            SetupField::Name(Color::White),
            SetupField::Name(Color::Black),
            SetupField::Computer,
            SetupField::Rules,
            SetupField::Start
        ],
        "the computer's level shows once it plays a side"
    );
    for _ in 0..points_left {
        press(&mut app, &[Key::Left]);
    }
    press(
        &mut app,
        &[
            Key::Down,
            Key::Char('A'),
            Key::Char('n'),
            Key::Char('n'),
            Key::Char('a'),
        ],
    );
    press(
        &mut app,
        &[
            Key::Down,
            Key::Char('B'),
            Key::Char('o'),
            Key::Down,
            Key::Down,
            Key::Down,
            Key::Enter,
        ],
    );
    assert_eq!(game(&app).names, ["Anna", "Bo"]);
    app
}

/// A three-point match set up from the start menu: Anna at the keyboard, the computer
/// Black at the medium level.
fn versus_computer() -> App {
    let mut app = App::new(Lang::En, Box::new(SeededDice::from_seed(21)));
    app.seed_dice(21, 0);
    press(&mut app, &[Key::Char('b')]);
    // Three points; Anna at the keyboard, the computer Black at the medium level.
    press(&mut app, &[Key::Left, Key::Down]);
    brade_type(&mut app, "Anna");
    press(&mut app, &[Key::Down, Key::Down, Key::Right, Key::Right]);
    let Screen::Setup(form) = app.screen() else {
        panic!("the setup form")
    };
    assert_eq!(
        form.fields(),
        [
            SetupField::Games,
            SetupField::Name(Color::White),
            SetupField::Name(Color::Black),
            SetupField::Computer,
            SetupField::Level,
            SetupField::Rules,
            SetupField::Start
        ]
    );
    press(&mut app, &[Key::Down, Key::Down, Key::Down, Key::Enter]);
    assert_eq!(game(&app).names, ["Anna", "Computer (medium)"]);
    assert!(game(&app).score.length > 0, "a match, not money play");
    app
}

#[test]
fn a_backgammon_match_against_the_computer_with_its_cube_and_the_hints() {
    let mut app = versus_computer();
    let (mut doubles, mut hints, mut cube_hints, mut answered) = (0, 0, 0, 0);
    for _ in 0..4000 {
        computer_acts(&mut app, 200);
        let g = game(&app);
        match &g.phase {
            Phase::MatchOver => break,
            Phase::Teka { .. } => press(&mut app, &[Key::Char(' ')]),
            Phase::AwaitRoll => {
                // H before the roll: the cube's decision, with the value of each choice
                // (weighed off the event loop, the computer thinking meanwhile).
                if cube_hints < 3 {
                    press(&mut app, &[Key::Char('H')]);
                    assert_eq!(app.note::<brade::game::Backgammon>(), Some(&Note::Thinking));
                    common::run_jobs(&mut app);
                    let text = screen(&app, 80, 24);
                    assert!(text.contains("cube:") && text.contains("no double"), "{text}");
                    cube_hints += 1;
                }
                press(&mut app, &[Key::Char(' ')]);
            }
            Phase::Doubled { by } => {
                // The computer doubled: Anna takes (and the computer redoubles later, or not).
                assert_eq!(*by, Color::Black);
                doubles += 1;
                answered += 1;
                press(&mut app, &[Key::Char('t')]);
            }
            Phase::Moving(_) => {
                if hints < 3 {
                    press(&mut app, &[Key::Char('H')]);
                    assert_eq!(app.note::<brade::game::Backgammon>(), Some(&Note::Thinking));
                    common::run_jobs(&mut app);
                    let text = screen(&app, 120, 40);
                    assert!(text.contains("best plays"), "{text}");
                    // In a match, each play's chance to win it, as the computer weighs it.
                    if game(&app).score.length > 0 {
                        assert!(
                            text.contains("chance to win the match") && text.contains(" %)"),
                            "{text}"
                        );
                    }
                    assert!(app.game::<brade::game::Backgammon>().is_some());
                    hints += 1;
                }
                play_first(&mut app);
            }
            Phase::Forfeit(_) => press(&mut app, &[Key::Enter]),
            Phase::GameOver { .. } => press(&mut app, &[Key::Enter]),
        }
    }
    assert!(
        matches!(game(&app).phase, Phase::MatchOver),
        "{:?}",
        game(&app).phase
    );
    assert!(hints == 3 && cube_hints == 3);
    // Playing the first legal play every time, Anna gives the computer doubles to make.
    assert!(
        doubles >= 1 && answered == doubles,
        "the computer doubled {doubles} times"
    );
}

/// The cube job the app hands out now (the computer then thinking), if any.
fn cube_job(app: &mut App) -> Option<CubeJob> {
    let jobs = app.jobs(None);
    assert!(jobs.len() <= 1, "{jobs:?}");
    jobs.into_iter().find_map(|job| match job {
        Job::Cube(job) => Some(*job),
        _ => None,
    })
}

/// A cube decision as the computer's answer might have it: doubling right, or not, and
/// taking right, or not.
fn answer(double: bool, take: bool) -> CubeDecision {
    CubeDecision {
        action: match (double, take) {
            (true, true) => ProperAction::DoubleTake,
            (true, false) => ProperAction::DoublePass,
            (false, _) => ProperAction::NoDouble,
        },
        take,
        no_double: 0.5,
        double_take: Some(0.6),
        double_pass: Some(1.0),
        unit: Unit::MatchChance,
    }
}

#[test]
fn the_computers_cube_decisions_and_the_cube_hint_are_jobs_and_the_cube_waits_for_their_answer() {
    let mut app = versus_computer();
    // Anna plays on until the computer is to roll with the cube in the middle.
    for _ in 0..50 {
        let g = game(&app);
        if app.computer_to_act().is_some() && g.may_double() {
            break;
        }
        match &g.phase {
            Phase::Teka { .. } | Phase::AwaitRoll => press(&mut app, &[Key::Char(' ')]),
            Phase::Moving(_) if app.computer_to_act().is_none() => play_first(&mut app),
            _ => computer_acts(&mut app, 1),
        }
    }
    let before = game(&app).clone();
    assert!(before.may_double() && matches!(before.phase, Phase::AwaitRoll));
    let state = |app: &App| format!("{:?}", game(app));
    let unchanged = state(&app);
    // Its turn begins: nothing happens at the table until its cube decision is weighed,
    // which is a job handed out, not done on the spot.
    assert!(!app.tick(), "nothing done before the cube is decided");
    let job = cube_job(&mut app).expect("the computer's cube decision, as a job");
    assert_eq!(job.purpose, CubePurpose::Double);
    assert_eq!(job.asks, [CubeAsk::of(&before, Level::Medium)]);
    assert!(app.thinking());
    assert_eq!(app.note::<brade::game::Backgammon>(), Some(&Note::Thinking));
    assert!(cube_job(&mut app).is_none(), "asked once");
    for _ in 0..3 {
        assert!(!app.tick());
    }
    assert_eq!(state(&app), unchanged, "the cube waits for the answer");
    // An answer to another question (the position since changed, say) is dropped.
    let mut stale = job.clone();
    stale.asks[0].cube.value = 2;
    app.job_done(Done::Cube {
        job: Box::new(stale),
        decisions: vec![answer(true, true)],
    });
    assert!(!app.tick());
    assert_eq!(state(&app), unchanged, "a stale answer is not acted on");
    // The answer is what the computer does: here, double (whatever the cube model says of
    // this position).
    assert!(cube_job(&mut app).is_some(), "asked again");
    app.job_done(Done::Cube {
        job: Box::new(job.clone()),
        decisions: vec![answer(true, true)],
    });
    assert!(!app.thinking());
    assert!(app.tick());
    assert!(matches!(game(&app).phase, Phase::Doubled { by: Color::Black }));
    // Anna takes, and the game goes on to the next time the computer must answer a double
    // of hers: its take or drop is a job too — this answer drops.
    press(&mut app, &[Key::Char('t')]);
    assert!(matches!(game(&app).phase, Phase::AwaitRoll));
    computer_acts(&mut app, 200);
    for _ in 0..400 {
        let g = game(&app);
        if matches!(g.phase, Phase::AwaitRoll) && g.may_double() && app.computer_to_act().is_none() {
            break;
        }
        match &g.phase {
            Phase::Teka { .. } | Phase::AwaitRoll => press(&mut app, &[Key::Char(' ')]),
            Phase::Moving(_) => play_first(&mut app),
            Phase::Doubled { .. } => press(&mut app, &[Key::Char('t')]),
            _ => press(&mut app, &[Key::Enter]),
        }
        computer_acts(&mut app, 200);
    }
    assert!(game(&app).may_double(), "Anna may redouble");
    // First H: the cube's hint is a job too, the computer thinking meanwhile.
    press(&mut app, &[Key::Char('H')]);
    assert_eq!(app.note::<brade::game::Backgammon>(), Some(&Note::Thinking));
    let hint = cube_job(&mut app).expect("the hint, as a job");
    assert_eq!(hint.purpose, CubePurpose::Hint { answering: false });
    assert!(!app.thinking(), "the computer is not to act");
    let decisions = hint.weigh();
    app.job_done(Done::Cube {
        job: Box::new(hint),
        decisions,
    });
    assert!(matches!(
        app.note::<brade::game::Backgammon>(),
        Some(Note::CubeHint(_))
    ));
    press(&mut app, &[Key::Char('d')]);
    assert!(matches!(game(&app).phase, Phase::Doubled { by: Color::White }));
    let doubled = state(&app);
    let job = cube_job(&mut app).expect("the computer's answer, as a job");
    assert_eq!(job.purpose, CubePurpose::Take);
    assert!(!app.tick());
    assert_eq!(state(&app), doubled, "the double waits for the answer");
    app.job_done(Done::Cube {
        job: Box::new(job),
        decisions: vec![answer(true, false)],
    });
    assert!(app.tick());
    assert!(
        matches!(game(&app).phase, Phase::GameOver { .. } | Phase::MatchOver),
        "dropped: {:?}",
        game(&app).phase
    );
}

/// Throws the opening until someone starts.
fn open(app: &mut App) {
    while matches!(game(app).phase, Phase::Teka { .. }) {
        press(app, &[Key::Char(' ')]);
    }
    assert!(game(app).turn().is_some(), "the starter plays the opening throw");
}

/// Plays the first legal play of the turn, typed.
fn play_first(app: &mut App) {
    let g = game(app);
    let turn = g.turn().expect("a turn");
    let plays = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
    let play = Backgammon::play_of(&plays[0]).to_string();
    type_moves(app, &play);
    assert!(
        !matches!(game(app).phase, Phase::Moving(_)),
        "{play} played and confirmed: {:?}",
        app.game::<brade::game::Backgammon>().map(|g| &g.phase)
    );
}

/// The match as a save holds it, resumed through the store.
fn resumed(app: &App) -> Match<Backgammon> {
    let saved = app.snapshot().expect("a match to save");
    let text = brade::store::to_text(&saved).expect("a save's text");
    let read = brade::store::parse(&text).expect("a save");
    match brade::store::restore_any(&read)
        .expect("a backgammon save restored")
        .into_game::<Backgammon>()
    {
        Ok(r) => r.game,
        Err(_) => panic!("a backgammon save read as bräde"),
    }
}

#[test]
fn b13_b15_a_three_point_match_with_the_cube_a_drop_and_the_crawford_game() {
    let mut app = set_up(Lang::En, 11, 1);
    assert_eq!(game(&app).score.length, 3);
    open(&mut app);
    play_first(&mut app);
    // The other side doubles before rolling, and the doubler's opponent takes.
    let doubler = game(&app).position.turn();
    assert!(screen(&app, 80, 24).contains("d doubles"));
    press(&mut app, &[Key::Char('d')]);
    assert_eq!(
        app.note::<brade::game::Brade>(),
        None,
        "the bräde note line is not this match's"
    );
    assert!(matches!(game(&app).phase, Phase::Doubled { by } if by == doubler));
    assert!(screen(&app, 80, 24).contains("t takes the double"));
    press(&mut app, &[Key::Char('x')]);
    assert!(
        matches!(game(&app).phase, Phase::Doubled { .. }),
        "only t or p answer"
    );
    press(&mut app, &[Key::Char('t')]);
    assert_eq!(game(&app).stake, Cube::default().taken(doubler.other()));
    assert!(screen(&app, 80, 24).contains(&format!(
        "Cube: 2 {}'s",
        if doubler == Color::White { "Black" } else { "White" }
    )));
    // Killed here and resumed: the cube stands as it was.
    let back = resumed(&app);
    assert_eq!(back.stake, game(&app).stake);
    assert_eq!(back.log, game(&app).log);
    // The doubler rolls; later the owner redoubles and the other drops: 2 points.
    press(&mut app, &[Key::Char(' ')]);
    if game(&app).turn().is_some() {
        play_first(&mut app);
    }
    let owner = doubler.other();
    while game(&app).position.turn() != owner || !matches!(game(&app).phase, Phase::AwaitRoll) {
        match game(&app).phase {
            Phase::AwaitRoll => {
                assert!(!game(&app).may_double(), "the cube is not the roller's");
                press(&mut app, &[Key::Char(' ')]);
            }
            Phase::Moving(_) => play_first(&mut app),
            Phase::Forfeit(_) => press(&mut app, &[Key::Enter]),
            ref other => panic!("{other:?}"),
        }
    }
    press(&mut app, &[Key::Char('d'), Key::Char('p')]);
    let Phase::GameOver { record, .. } = game(&app).phase else {
        panic!("dropped: {:?}", game(&app).phase)
    };
    assert_eq!((record.winner, record.points, record.win), (owner, 2, None));
    assert!(screen(&app, 80, 24).contains("The double dropped — 2 points"));
    // 2–0 in a match to 3: the next game is the Crawford game, without the cube.
    press(&mut app, &[Key::Enter]);
    open(&mut app);
    let wide = screen(&app, 120, 40);
    assert!(wide.contains("Match to 3 · Crawford game"), "{wide}");
    assert!(screen(&app, 80, 24).contains("Cube: dead (Crawford)"));
    let mut games = 2;
    for _ in 0..5000 {
        match game(&app).phase {
            Phase::Teka { .. } => open(&mut app),
            Phase::AwaitRoll => {
                let crawford = game(&app).score.next_is_crawford();
                assert_eq!(game(&app).may_double(), !crawford);
                press(&mut app, &[Key::Char(' ')]);
            }
            Phase::Moving(_) => play_first(&mut app),
            Phase::Forfeit(_) => press(&mut app, &[Key::Enter]),
            Phase::GameOver { .. } => {
                games += 1;
                press(&mut app, &[Key::Enter]);
            }
            Phase::Doubled { .. } => panic!("nobody doubled"),
            Phase::MatchOver => break,
        }
    }
    assert!(matches!(game(&app).phase, Phase::MatchOver));
    assert!(game(&app).score.is_over());
    let over = screen(&app, 80, 24);
    assert!(over.contains("wins the match"), "{over}");
    assert!(over.contains("n — new match · Esc — start screen"), "{over}");
    assert!(games >= 3);
    // n: the same players again, the same length.
    press(&mut app, &[Key::Char('n')]);
    let Screen::Setup(form) = app.screen() else {
        panic!("the setup form again")
    };
    assert_eq!(
        (form.points, form.names.clone()),
        (3, ["Anna".to_string(), "Bo".to_string()])
    );
}

#[test]
fn a_backgammon_turn_is_played_by_the_cursor_and_refused_in_words() {
    let mut app = set_up(Lang::Sv, 3, 0);
    open(&mut app);
    // Enter picks the checker under the cursor (Tab put it on one that can move), a
    // digit then plays it by that die.
    let turn = game(&app).turn().expect("a turn").clone();
    let die = turn.dice_left()[0];
    press(&mut app, &[Key::Enter]);
    assert!(app.picked().is_some());
    press(&mut app, &[Key::Char(char::from(b'0' + die))]);
    let taken = game(&app)
        .turn()
        .map_or(1, |t| brade::game::TurnPlay::taken(t).len());
    assert_eq!(taken, 1, "one step by the die");
    press(&mut app, &[Key::Char('u')]);
    assert_eq!(
        game(&app).turn().map(|t| brade::game::TurnPlay::taken(t).len()),
        Some(0)
    );
    // A typed move no die makes is refused in Swedish, naming the rule.
    type_moves(&mut app, "24/1");
    let text = screen(&app, 80, 24);
    assert!(text.contains("ingen oanvänd tärning"), "{text}");
    // H: the best plays for the roll, in Swedish, the best marked on the board.
    press(&mut app, &[Key::Char('H')]);
    common::run_jobs(&mut app);
    let text = screen(&app, 120, 40);
    assert!(text.contains("bästa dragen"), "{text}");
    assert!(
        app.game::<brade::game::Backgammon>()
            .is_some_and(|g| g.turn().is_some())
    );
    // The best play's steps are what the board lights (it knew only bräde's once).
    let steps = app.hint_steps().expect("the best play marked on the board");
    assert!(!steps.is_empty());
    // A step of the board clears it.
    play_first(&mut app);
    assert_eq!(app.hint_steps(), None);
}

#[test]
fn b16_money_play_runs_on_game_after_game_and_is_saved_as_it_goes() {
    let mut app = App::new(Lang::En, Box::new(SeededDice::from_seed(5)));
    app.seed_dice(5, 0);
    // The terminal builds the bear-off database once backgammon is on screen, not for
    // the start screen or the form.
    assert!(!app.shows_backgammon());
    press(&mut app, &[Key::Char('b')]);
    assert!(!app.shows_backgammon());
    let start = brade::brade::Position::start(Color::White).code();
    assert!(
        !common::at(&start, &[3, 1], Lang::En, 1).shows_backgammon(),
        "bräde's match"
    );
    // Left of the shortest match is money play (from 5: three steps); the options: Jacoby.
    press(&mut app, &[Key::Left, Key::Left, Key::Left]);
    press(
        &mut app,
        &[
            Key::Down,
            Key::Down,
            Key::Down,
            Key::Down,
            Key::Right,
            Key::Down,
            Key::Enter,
        ],
    );
    assert_eq!(game(&app).score.length, 0, "money play");
    assert!(app.shows_backgammon());
    assert!(game(&app).rules.jacoby);
    let money = screen(&app, 80, 24);
    assert!(money.contains("Money play · Jacoby"), "{money}");
    for _ in 0..3000 {
        match game(&app).phase {
            Phase::Teka { .. } => open(&mut app),
            Phase::AwaitRoll => press(&mut app, &[Key::Char(' ')]),
            Phase::Moving(_) => play_first(&mut app),
            Phase::Forfeit(_) => press(&mut app, &[Key::Enter]),
            Phase::GameOver { .. } if game(&app).score.games.len() >= 3 => break,
            Phase::GameOver { .. } => press(&mut app, &[Key::Enter]),
            ref other => panic!("{other:?}"),
        }
    }
    assert_eq!(game(&app).score.games.len(), 3);
    let back = resumed(&app);
    assert_eq!(back.score, game(&app).score);
    assert!(app.in_match());
}

#[test]
fn a_finished_backgammon_match_goes_to_the_records_and_is_listed_there_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = brade::store::Store::at(dir.path());
    let mut app = set_up(Lang::En, 21, 2);
    assert_eq!(game(&app).score.length, 1);
    let save = |app: &mut App| {
        if let Some(due) = app.save_due() {
            app.saved(due.write(&store));
            assert_eq!(app.save_failed(), None);
        }
    };
    for _ in 0..5000 {
        match game(&app).phase {
            Phase::Teka { .. } => open(&mut app),
            Phase::AwaitRoll => press(&mut app, &[Key::Char(' ')]),
            Phase::Moving(_) => play_first(&mut app),
            Phase::Forfeit(_) | Phase::GameOver { .. } => press(&mut app, &[Key::Enter]),
            Phase::Doubled { .. } => panic!("nobody doubled"),
            Phase::MatchOver => break,
        }
        save(&mut app);
        // Kill -9 at any point: the save on disk is the match as it stands (nothing
        // before the first roll; the finished match goes to the records).
        let mut listing = store.in_progress();
        assert!(listing.bad.is_empty(), "{:?}", listing.bad);
        match listing.matches.pop().map(|kept| kept.what) {
            Some(brade::store::Unfinished::Match(found)) => match found.of::<Backgammon>() {
                Some(r) => assert_eq!(r.game.log, game(&app).log),
                None => panic!("a backgammon match saved as bräde"),
            },
            Some(brade::store::Unfinished::Chouette(_)) => panic!("a chouette"),
            None => {
                assert!(game(&app).turns_played() == 0 || !game(&app).in_progress());
            }
        }
    }
    assert!(matches!(game(&app).phase, Phase::MatchOver));
    save(&mut app);
    let records: Vec<_> = std::fs::read_dir(store.records())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .collect();
    assert_eq!(records.len(), 1, "the finished match is in the records");
    let text = std::fs::read_to_string(records[0].path()).unwrap();
    assert!(
        text.contains("kind = \"backgammon\"") && text.contains("finished = true"),
        "{text}"
    );
    assert!(store.in_progress().matches.is_empty(), "no match left to resume");
    // Listed, from the file and at once in the app, as a backgammon record with its game.
    let listed = store.list_records(|_, _| {});
    assert_eq!(listed.len(), 1);
    let summary = listed[0].summary.as_ref().expect("readable");
    assert_eq!(summary.kind, brade::game::Kind::Backgammon, "a backgammon record");
    assert_eq!(
        summary.score::<Backgammon>().unwrap().games,
        game(&app).score.games
    );
    assert_eq!(app.records().len(), 1);
    assert_eq!(
        app.records()[0].summary.as_ref().unwrap(),
        summary,
        "the summary listed at once is the file's"
    );
}

/// The screen cell (x, y) where `text` begins on the board's rows, scanning the 80×24
/// screen; `None` if it is not there.
fn find(app: &App, text: &str) -> Option<(u16, u16)> {
    screen(app, 80, 24).lines().enumerate().find_map(|(y, line)| {
        let at = line.find(text)?;
        Some((line[..at].chars().count() as u16, y as u16))
    })
}

#[test]
fn b13_the_cube_lies_beside_the_board_and_a_click_on_it_doubles_then_takes() {
    let mut app = set_up(Lang::En, 11, 0);
    open(&mut app);
    play_first(&mut app);
    let doubler = game(&app).position.turn();
    // In the middle, showing 64, on the board's middle row (the bar's), in the tray
    // nobody bears off into.
    let (_, bar_row) = find(&app, " bar ").expect("the bar's row");
    let (x, y) = find(&app, "│64 ")
        .map(|(x, y)| (x + 1, y))
        .expect("the cube on the board");
    assert_eq!(y, bar_row);
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let click = brade::ui::click_at(&app, area, x, y).expect("the cube is clickable");
    assert_eq!(click, brade::app::Input::Cube);
    app.handle(click);
    assert!(matches!(game(&app).phase, Phase::Doubled { by } if by == doubler));
    // The doubled side's click takes: the cube, now 2, lies on the taker's half (Black's
    // the upper one).
    app.handle(brade::ui::click_at(&app, area, x, y).expect("the cube is clickable"));
    assert_eq!(game(&app).stake, Cube::default().taken(doubler.other()));
    assert!(find(&app, "│64 ").is_none(), "the cube has left the middle");
    let (_, owned) = find(&app, "│ 2 ").expect("the cube on its owner's side");
    assert_eq!(owned < bar_row, doubler.other() == Color::Black, "row {owned}");
    // A click on the cube of a player who may not double (it is the taker's) does nothing.
    app.handle(brade::ui::click_at(&app, area, x, owned).expect("the cube is clickable"));
    assert!(matches!(game(&app).phase, Phase::AwaitRoll));
    assert_eq!(game(&app).position.turn(), doubler);
}

#[test]
fn i_shows_the_position_and_match_ids_that_gnubg_reads_back() {
    let mut app = set_up(Lang::Sv, 12, 0);
    open(&mut app);
    play_first(&mut app);
    press(&mut app, &[Key::Char('d'), Key::Char('t'), Key::Char(' ')]);
    let on_roll = game(&app).position.turn();
    let roll = game(&app).turn().map(|t| t.roll());
    let start = *game(&app).turn().expect("a turn").start();
    press(&mut app, &[Key::Char('i')]);
    let text = screen(&app, 80, 24);
    let line = text
        .lines()
        .find(|l| l.contains("GNU Backgammon"))
        .unwrap_or_else(|| panic!("the IDs shown: {text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let pos_id = words[words.iter().position(|w| *w == "positions-id").unwrap() + 1];
    let match_id = words[words.iter().position(|w| *w == "match-id").unwrap() + 1];
    // The position as the turn began (an ID holds the dice, not the moves made).
    assert_eq!(pos_id, brade::backgammon::position_id(&start));
    let state = brade::backgammon::MatchState::from_id(match_id).unwrap();
    let dice = roll.map(|r| (r.high(), r.low()));
    assert_eq!(
        (
            state.length,
            state.score,
            state.cube,
            state.cube_owner,
            state.on_roll,
            state.dice
        ),
        (5, [0, 0], 2, Some(on_roll.other()), on_roll, dice)
    );
}

#[test]
fn the_tutor_questions_a_bad_backgammon_play_once_and_then_lets_it_be_played() {
    let mut app = set_up(Lang::En, 7, 0);
    app.apply_settings(brade::settings::Settings {
        tutor: brade::settings::Tutor::Doubtful,
        ..*app.settings()
    });
    open(&mut app);
    let g = game(&app);
    let turn = g.turn().expect("the opening throw to play");
    let plays = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
    let values = Backgammon::player(brade::ai::Level::Hard, 0).values(&plays);
    let at = |pick: fn(f64, f64) -> bool| {
        (0..plays.len())
            .reduce(|a, b| if pick(values[b], values[a]) { b } else { a })
            .unwrap()
    };
    let (worst, best) = (at(|x, y| x < y), at(|x, y| x > y));
    assert!(values[best] - values[worst] > 0.15, "{values:?}");
    let worst = Backgammon::play_of(&plays[worst]).to_string();
    type_moves(&mut app, &worst);
    // The tutor weighs it off the event loop, the play complete and unconfirmed meanwhile.
    assert_eq!(app.note::<brade::game::Backgammon>(), Some(&Note::Thinking));
    assert!(game(&app).turn().is_some_and(|t| t.is_complete()));
    common::run_jobs(&mut app);
    assert!(
        matches!(app.note::<brade::game::Backgammon>(), Some(Note::Tutor { .. })),
        "{:?}",
        app.note::<brade::game::Backgammon>()
    );
    assert!(
        game(&app).turn().is_some_and(|t| t.is_complete()),
        "not confirmed yet"
    );
    let said = brade::words::notes::note(
        Lang::En,
        app.note::<brade::game::Backgammon>().unwrap(),
        &game(&app).names,
    );
    assert!(
        said.contains("this play loses") && said.contains("Enter plays yours anyway"),
        "{said}"
    );
    // X copies the questioned play as eXtreme Gammon's text, and says so.
    press(&mut app, &[Key::Char('X')]);
    let copied = app.take_clipboard().expect("the block on the clipboard");
    assert!(
        copied.starts_with("XGID=") && copied.contains(" played "),
        "{copied}"
    );
    assert!(matches!(
        app.note::<brade::game::Backgammon>(),
        Some(Note::Info(_))
    ));
    // Enter plays it anyway.
    press(&mut app, &[Key::Enter]);
    assert!(!matches!(game(&app).phase, Phase::Moving(_)));
}

#[test]
fn an_opening_roll_half_played_is_saved_with_its_step_and_resumed_as_it_was_left() {
    let mut app = set_up(Lang::En, 3, 0);
    open(&mut app);
    // One step of the opening roll, by the cursor and a die.
    let die = game(&app).turn().expect("a turn").dice_left()[0];
    press(&mut app, &[Key::Enter, Key::Char(char::from(b'0' + die))]);
    let taken = brade::game::TurnPlay::taken(game(&app).turn().expect("a turn"));
    assert_eq!(taken.len(), 1);
    let saved = app.snapshot().expect("a save");
    assert_eq!(saved.steps, [[taken[0].from, taken[0].die]]);
    let back = resumed(&app);
    let turn = back.turn().expect("the opening roll still being played");
    assert_eq!(turn.roll(), game(&app).turn().unwrap().roll());
    assert_eq!(brade::game::TurnPlay::taken(turn), taken);
    assert_eq!(back.position, game(&app).position);
}
