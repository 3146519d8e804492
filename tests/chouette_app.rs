//! A chouette of four at one keyboard (B17–B18), driven by keys as the players would: the
//! form, the line-up throws, games at the board with the box's double answered member by
//! member, the team's unanimous double (and a vote that fails), the scores and the
//! line-up's turn after each game, drawn at 80×24 in both languages.
#![allow(clippy::panic, clippy::unwrap_used)] // tests (and the shared helpers) fail by panicking

mod common;

use brade::app::{App, ChouetteStage, ChouetteTable, Key, Screen};
use brade::backgammon::{ChouettePhase, Holder, Status};
use brade::game::{Backgammon, Game};
use brade::session::{Phase, SeededDice};
use brade::words::Lang;
use common::{computer_acts, press, type_keys, type_moves};

fn chouette(app: &App) -> &ChouetteTable {
    match app.screen() {
        Screen::Chouette(c) => c,
        other => panic!("a chouette on screen, not {other:?}"),
    }
}

fn screen(app: &App) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    t.draw(|f| brade::ui::draw(f, app)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..24)
        .map(|y| {
            (0..80)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// Four players named on the form, lined up by their throws.
fn four(lang: Lang, seed: u64) -> App {
    let mut app = App::new(lang, Box::new(SeededDice::from_seed(seed)));
    app.seed_dice(seed, 0);
    press(&mut app, &[Key::Char('c')]);
    assert!(
        matches!(app.screen(), Screen::ChouetteForm(_)),
        "{:?}",
        app.screen()
    );
    for (i, name) in ["Anna", "Bo", "Cia", "Dan"].iter().enumerate() {
        if i > 0 {
            press(&mut app, &[Key::Down]);
        }
        // q and ? are letters while a name is typed.
        type_keys(&mut app, name);
    }
    press(&mut app, &[Key::Down, Key::Down, Key::Enter]);
    assert!(screen(&app).contains("line-up") || screen(&app).contains("Ordningen"));
    while matches!(chouette(&app).stage, ChouetteStage::LineUp { .. }) {
        press(&mut app, &[Key::Char(' ')]);
    }
    app
}

/// Plays the first legal play of the board's turn, typed.
fn play_first(app: &mut App) {
    let g = chouette(app).table.game();
    let turn = g.turn().expect("a turn");
    let plays = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
    let play = Backgammon::play_of(&plays[0]).to_string();
    type_moves(app, &play);
}

/// The line after a game, computed here from the rule (B17): the captain who won becomes
/// the box and the old box goes last; a captain who lost goes last.
fn turned(line: &[String], team_won: bool) -> Vec<String> {
    let (boxed, captain, rest) = (&line[0], &line[1], &line[2..]);
    if team_won {
        std::iter::once(captain)
            .chain(rest)
            .chain([boxed])
            .cloned()
            .collect()
    } else {
        std::iter::once(boxed)
            .chain(rest)
            .chain([captain])
            .cloned()
            .collect()
    }
}

#[test]
fn b17_b18_a_chouette_of_four_is_played_at_one_keyboard() {
    let mut app = four(Lang::En, 5);
    let names: Vec<String> = chouette(&app)
        .chouette
        .line()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["Anna", "Bo", "Cia", "Dan"]);
    // Beside the board: each player under his name his role, a member his cube.
    let text = screen(&app);
    let line = names.iter().map(|n| n.as_str()).collect::<Vec<_>>();
    let role_under = |name: &str, role: &str| {
        let rows: Vec<&str> = text.lines().collect();
        rows.iter()
            .position(|r| r.contains(&format!(" {name}  +0")))
            .is_some_and(|i| rows[i + 1].contains(role))
    };
    assert!(role_under(line[0], "box"), "{text}");
    assert!(role_under(line[1], "captain · ▣ 64 middle"), "{text}");
    assert!(role_under(line[2], "team · ▣ 64 middle"), "{text}");
    let mut games = 0;
    let (mut box_doubled, mut team_doubled, mut vote_failed) = (false, false, false);
    let mut box_answered = false;
    let mut totals = std::collections::HashMap::<String, i64>::new();
    for _ in 0..20_000 {
        let c = chouette(&app);
        match (&c.stage, &c.table.game().phase) {
            (ChouetteStage::GameOver(outcome), _) => {
                // Zero-sum, and the line turned as B17 says.
                assert_eq!(outcome.points.iter().map(|(_, p)| p).sum::<i64>(), 0);
                for (name, p) in &outcome.points {
                    *totals.entry(name.clone()).or_default() += p;
                }
                let before: Vec<String> = outcome.points.iter().map(|(n, _)| n.clone()).collect();
                let after: Vec<String> = c.chouette.line().iter().map(|s| s.to_string()).collect();
                assert_eq!(after, turned(&before, outcome.team_won));
                assert!(screen(&app).contains("Enter — next game"));
                games += 1;
                if games == 3 {
                    break;
                }
                press(&mut app, &[Key::Enter]);
            }
            (ChouetteStage::Answers, _) => {
                // The box's double: the first member asked takes, the others drop; the
                // team's: the box takes every cube.
                let first = c
                    .chouette
                    .members()
                    .iter()
                    .all(|(_, m)| m.status != Status::Playing || m.cube.holder != Holder::Member);
                let key = if c.chouette.phase() == ChouettePhase::BoxDoubled && !first {
                    'p'
                } else {
                    't'
                };
                box_answered |= c.chouette.phase() == ChouettePhase::TeamDoubled;
                assert!(screen(&app).contains("t takes · p drops"), "{}", screen(&app));
                press(&mut app, &[Key::Char(key)]);
            }
            (ChouetteStage::TeamAsks { asks, said, .. }, _) => {
                // The first vote fails on its last member; later ones pass.
                let no = !vote_failed && said.len() + 1 == asks.len();
                vote_failed |= no;
                press(&mut app, &[Key::Char(if no { 'n' } else { 'y' })]);
            }
            (ChouetteStage::Board, Phase::Teka { .. }) => press(&mut app, &[Key::Char(' ')]),
            (ChouetteStage::Board, Phase::AwaitRoll) => {
                let on_roll = c.chouette.phase();
                if c.may_double()
                    && (!box_doubled && on_roll == ChouettePhase::ToRoll(brade::backgammon::Side::Box))
                {
                    box_doubled = true;
                    press(&mut app, &[Key::Char('d')]);
                    assert_eq!(chouette(&app).chouette.phase(), ChouettePhase::BoxDoubled);
                    assert!(matches!(chouette(&app).stage, ChouetteStage::Answers));
                } else if c.may_double() && box_doubled && !team_doubled {
                    team_doubled = vote_failed;
                    press(&mut app, &[Key::Char('d')]);
                    assert!(matches!(chouette(&app).stage, ChouetteStage::TeamAsks { .. }));
                } else {
                    press(&mut app, &[Key::Char(' ')]);
                }
            }
            (ChouetteStage::Board, Phase::Moving(_)) => play_first(&mut app),
            (ChouetteStage::Board, Phase::Forfeit(_)) => press(&mut app, &[Key::Enter]),
            (stage, phase) => panic!("stuck at {stage:?} / {phase:?}"),
        }
    }
    assert_eq!(games, 3, "three games played");
    assert!(box_doubled && vote_failed && box_answered, "the cubes were used");
    // The running scores are the sum of the games', and zero-sum.
    let book = &chouette(&app).chouette;
    for (name, score) in book.scores() {
        assert_eq!(score, totals.get(name).copied().unwrap_or(0), "{name}");
    }
    assert_eq!(book.scores().iter().map(|(_, s)| s).sum::<i64>(), 0);
    // Nothing of a chouette is offered as a match to resume.
    assert!(app.snapshot().is_none());
}

#[test]
fn b17_a_chouette_needs_distinct_names_and_says_so_in_swedish() {
    let mut app = App::new(Lang::Sv, Box::new(SeededDice::from_seed(1)));
    press(&mut app, &[Key::Char('c')]);
    type_keys(&mut app, "Anna");
    press(&mut app, &[Key::Down]);
    type_keys(&mut app, "Anna");
    press(
        &mut app,
        &[Key::Down, Key::Down, Key::Down, Key::Down, Key::Enter],
    );
    assert!(matches!(app.screen(), Screen::ChouetteForm(_)));
    assert!(
        screen(&app).contains("två spelare heter Anna"),
        "{}",
        screen(&app)
    );
    // Fewer than three players cannot be chosen.
    press(
        &mut app,
        &[
            Key::Up,
            Key::Up,
            Key::Up,
            Key::Up,
            Key::Up,
            Key::Up,
            Key::Left,
            Key::Left,
        ],
    );
    let Screen::ChouetteForm(form) = app.screen() else {
        panic!()
    };
    assert_eq!(form.names.len(), 3);
}

/// The chouette on screen, as its save read back rebuilds it: the book, and the board.
fn through_the_store(
    app: &mut App,
    store: &brade::store::Store,
) -> brade::store::backgammon::chouette::RestoredChouette {
    if let Some(save) = app.save_due() {
        let saved = save.write(store);
        assert!(saved.result().is_ok(), "{:?}", saved.result());
        app.saved(saved);
    }
    let mut listing = store.in_progress();
    if let Some(bad) = listing.bad.pop() {
        panic!(
            "{}: {}",
            bad.problem.words(Lang::En),
            std::fs::read_to_string(bad.kept).unwrap()
        );
    }
    assert_eq!(listing.matches.len(), 1, "one chouette, in one file");
    match listing.matches.pop().map(|kept| kept.what) {
        Some(brade::store::Unfinished::Chouette(c)) => *c,
        other => panic!("a chouette saved, not {other:?}"),
    }
}

#[test]
fn a_chouette_is_saved_after_every_step_and_resumed_where_it_stood() {
    let dir = tempfile::tempdir().unwrap();
    let store = brade::store::Store::at(dir.path());
    let mut app = four(Lang::En, 9);
    let mut checked = 0;
    let mut doubled = false;
    for _ in 0..3000 {
        let back = through_the_store(&mut app, &store);
        let c = chouette(&app);
        // The book rebuilt from the events is the book on screen; the board too.
        assert_eq!(&back.book, &*c.chouette);
        let board = back.board.as_ref().expect("a board");
        assert_eq!(board.game.position, c.table.game().position);
        assert_eq!(board.game.log, c.table.game().log);
        checked += 1;
        match (&c.stage, &c.table.game().phase) {
            (ChouetteStage::GameOver(_), _) => {
                assert!(back.finished.is_some());
                break;
            }
            (ChouetteStage::Answers, _) => press(&mut app, &[Key::Char('t')]),
            (ChouetteStage::TeamAsks { .. }, _) => press(&mut app, &[Key::Char('y')]),
            (ChouetteStage::Board, Phase::Teka { .. }) => press(&mut app, &[Key::Char(' ')]),
            (ChouetteStage::Board, Phase::AwaitRoll) if c.may_double() && !doubled => {
                doubled = true;
                press(&mut app, &[Key::Char('d')]);
            }
            (ChouetteStage::Board, Phase::AwaitRoll) => press(&mut app, &[Key::Char(' ')]),
            (ChouetteStage::Board, Phase::Moving(_)) => play_first(&mut app),
            (ChouetteStage::Board, Phase::Forfeit(_)) => press(&mut app, &[Key::Enter]),
            (stage, phase) => panic!("stuck at {stage:?} / {phase:?}"),
        }
    }
    assert!(checked > 20 && doubled);
    // Killed at the end of the game and started again: the start screen offers the
    // chouette, which comes back with its result on screen, then plays on.
    let restored = through_the_store(&mut app, &store);
    let scores: Vec<(String, i64)> = chouette(&app)
        .chouette
        .scores()
        .iter()
        .map(|(n, s)| (n.to_string(), *s))
        .collect();
    let mut again = App::launch(brade::app::Launch {
        in_progress: vec![brade::store::InProgress::of_chouette(
            app.save_file().unwrap(),
            0,
            restored,
        )],
        ..Default::default()
    });
    assert_eq!(
        again.menu()[0],
        brade::app::MenuItem::Resume,
        "{:?}",
        again.menu()
    );
    press(&mut again, &[Key::Enter]);
    let c = chouette(&again);
    assert!(matches!(c.stage, ChouetteStage::GameOver(_)));
    let back: Vec<(String, i64)> = c
        .chouette
        .scores()
        .iter()
        .map(|(n, s)| (n.to_string(), *s))
        .collect();
    assert_eq!(back, scores);
    press(&mut again, &[Key::Enter, Key::Char(' ')]);
    assert!(matches!(chouette(&again).stage, ChouetteStage::Board));
}

#[test]
fn a_chouette_turn_left_half_made_comes_back_with_its_step() {
    let dir = tempfile::tempdir().unwrap();
    let store = brade::store::Store::at(dir.path());
    let mut app = four(Lang::En, 9);
    while !matches!(chouette(&app).table.game().phase, Phase::Moving(_)) {
        press(&mut app, &[Key::Char(' ')]);
    }
    // One step by the cursor and a die.
    let die = chouette(&app).table.game().turn().unwrap().dice_left()[0];
    press(&mut app, &[Key::Enter, Key::Char(char::from(b'0' + die))]);
    let taken = brade::game::TurnPlay::taken(chouette(&app).table.game().turn().unwrap());
    assert_eq!(taken.len(), 1);
    let back = through_the_store(&mut app, &store);
    let board = back.board.as_ref().expect("a board");
    let turn = board.game.turn().expect("the roll in progress");
    assert_eq!(brade::game::TurnPlay::taken(turn), taken);
}

#[test]
fn a_damaged_or_forged_chouette_save_is_refused_and_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = brade::store::Store::at(dir.path());
    let mut app = four(Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    let good = through_the_store(&mut app, &store);
    assert!(good.board.is_some());
    let file = app.save_file().unwrap().to_path_buf();
    let text = std::fs::read_to_string(&file).unwrap();
    // A score cannot be forged: an event the rules refuse (a double after the roll, say)
    // is named, and the save kept aside.
    let mut saved = brade::store::backgammon::chouette::SavedChouette::parse(&text).unwrap();
    saved.events.push("box-double".to_string());
    saved.events.push("answer\tNobody\tdrop".to_string());
    std::fs::write(&file, saved.to_text().unwrap()).unwrap();
    let bad = store.in_progress().bad.pop().expect("refused");
    assert!(bad.kept.exists() && !file.exists());
    let why = bad.problem.words(Lang::En);
    assert!(why.contains("event"), "{why}");
    // A byte changed: the checksum says so.
    std::fs::write(&file, text.replacen("Anna", "Anne", 1)).unwrap();
    let why = store
        .in_progress()
        .bad
        .pop()
        .expect("refused")
        .problem
        .words(Lang::En);
    assert!(why.contains("checksum"), "{why}");
}

#[test]
fn b18_the_computer_sits_in_as_box_and_team_rolls_plays_doubles_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let store = brade::store::Store::at(dir.path());
    let mut app = App::new(Lang::En, Box::new(SeededDice::from_seed(4)));
    app.seed_dice(4, 0);
    press(&mut app, &[Key::Char('c'), Key::Up, Key::Left]);
    // Three players, each the computer's: ←→ on a name goes person, easy, medium.
    for (i, name) in ["Anna", "Bo", "Cia"].iter().enumerate() {
        press(&mut app, &[Key::Down]);
        type_keys(&mut app, name);
        press(&mut app, &[Key::Right, Key::Right]);
        let Screen::ChouetteForm(form) = app.screen() else {
            panic!("the form")
        };
        assert_eq!(form.computer[i], Some(brade::ai::Level::Medium));
    }
    assert!(screen(&app).contains("Bo  Computer (medium)"), "{}", screen(&app));
    press(&mut app, &[Key::Down, Key::Down, Key::Enter]);
    // The line-up is thrown at the keyboard; then the computer plays the whole game.
    while matches!(chouette(&app).stage, ChouetteStage::LineUp { .. }) {
        press(&mut app, &[Key::Char(' ')]);
    }
    // The panel says which players the computer plays, and at which level.
    let shown = screen(&app);
    for name in ["Anna (medium)", "Bo (medium)", "Cia (medium)"] {
        assert!(shown.contains(name), "{name}: {shown}");
    }
    let mut games = 0;
    let mut answered = 0;
    for _ in 0..4 {
        computer_acts(&mut app, 5000);
        let c = chouette(&app);
        answered += c
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    brade::backgammon::ChouetteEvent::Answer { .. }
                        | brade::backgammon::ChouetteEvent::BoxAnswer { .. }
                )
            })
            .count();
        let ChouetteStage::GameOver(outcome) = &c.stage else {
            panic!(
                "the computer finished the game: {:?} {:?}",
                c.stage,
                c.table.game().phase
            )
        };
        assert_eq!(outcome.points.iter().map(|(_, p)| p).sum::<i64>(), 0, "zero-sum");
        games += 1;
        // Saved with its computer players, and resumed so.
        let back = through_the_store(&mut app, &store);
        assert_eq!(back.computer, vec![Some(brade::ai::Level::Medium); 3]);
        assert_eq!(&back.book, &*chouette(&app).chouette);
        press(&mut app, &[Key::Char(' ')]);
    }
    assert_eq!(games, 4);
    assert!(
        answered > 0,
        "the computer doubled and answered at least once in four games"
    );
}

#[test]
fn a_numbered_player_the_computer_plays_is_named_computer_and_marked_with_its_level() {
    let mut app = App::new(Lang::En, Box::new(SeededDice::from_seed(4)));
    // The form opens on the first name; the second player is given to the computer.
    press(&mut app, &[Key::Char('c'), Key::Down, Key::Right]);
    let Screen::ChouetteForm(form) = app.screen() else {
        panic!("the form")
    };
    assert_eq!(form.computer[1], Some(brade::ai::Level::Easy));
    press(
        &mut app,
        &[Key::Down, Key::Down, Key::Down, Key::Down, Key::Enter],
    );
    let c = chouette(&app);
    assert_eq!(c.given, ["Player 1", "Computer 2", "Player 3", "Player 4"]);
    while matches!(chouette(&app).stage, ChouetteStage::LineUp { .. }) {
        press(&mut app, &[Key::Char(' ')]);
        computer_acts(&mut app, 50);
    }
    let shown = screen(&app);
    assert!(shown.contains("Computer 2 (easy)"), "{shown}");
    assert!(!shown.contains("Player 1 ("), "{shown}");
}
