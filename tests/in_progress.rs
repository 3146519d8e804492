//! Several matches in progress, and nothing lost when saving fails: each match in a file
//! of its own, never overwritten nor set aside unless the player chooses it; a save that
//! fails said on screen until it succeeds, and tried again; a finished match not yet
//! recorded recorded at the next start, exactly once.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::app::{App, Key, Overlay, Screen};
use brade::session::{Phase, SeededDice};
use brade::store::{self, Store, Unfinished};
use brade::words::Lang;
use common::{advance, game, press, type_keys};

fn data() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().join("data"));
    (dir, store)
}

/// The saves due written into `store`, as the terminal loop writes them.
fn save(app: &mut App, store: &Store) {
    if let Some(due) = app.save_due() {
        app.saved(due.write(store));
    }
}

/// The start screen as a fresh start of the program opens it on `store`.
fn started(store: &Store) -> App {
    let listing = store.in_progress();
    assert!(listing.bad.is_empty(), "{:?}", listing.bad);
    let mut app = App::launch(brade::app::Launch {
        in_progress: listing.matches,
        ..Default::default()
    });
    app.seed_dice(7, 0);
    app
}

/// A bräde match between `white` and `black` set up from the start screen and begun
/// (teka rolled until someone starts, one turn played), saved into `store`.
fn new_match(app: &mut App, store: &Store, white: &str, black: &str) {
    // (The form remembers the names last typed: they are cleared first.)
    press(app, &[Key::Char('n'), Key::Enter]);
    press(app, &[Key::Backspace; 12]);
    type_keys(app, white);
    press(app, &[Key::Enter]);
    press(app, &[Key::Backspace; 12]);
    type_keys(app, black);
    press(app, &[Key::Enter, Key::Enter, Key::Enter, Key::Enter]);
    assert_eq!(game(app).names, [white, black], "{:?}", app.screen());
    while !matches!(game(app).phase, Phase::Moving(_)) {
        advance(app);
        save(app, store);
    }
    advance(app);
    save(app, store);
    assert!(app.save_failed().is_none(), "{:?}", app.save_failed());
}

/// The names of the matches in progress, as offered.
fn offered(app: &App) -> Vec<[String; 2]> {
    app.in_progress()
        .iter()
        .map(|kept| match &kept.what {
            Unfinished::Match(m) => match m.of::<brade::game::Brade>() {
                Some(r) => r.game.names.clone(),
                None => m
                    .of::<brade::game::Backgammon>()
                    .expect("a match of a game")
                    .game
                    .names
                    .clone(),
            },
            Unfinished::Chouette(_) => panic!("no chouette here"),
        })
        .collect()
}

#[test]
fn three_matches_are_left_in_progress_and_each_is_resumed_where_it_stood() {
    let (_dir, store) = data();
    let mut app = started(&store);
    let pairs = [("Anna", "Bo"), ("Cleo", "Dan"), ("Eva", "Finn")];
    let mut left = Vec::new();
    for (white, black) in pairs {
        new_match(&mut app, &store, white, black);
        left.push(game(&app).clone());
        // q asks, s leaves for the start screen: the match waits there.
        press(&mut app, &[Key::Char('q')]);
        assert_eq!(*app.overlay(), Overlay::ConfirmQuit);
        press(&mut app, &[Key::Char('s')]);
        assert!(matches!(app.screen(), Screen::Start { .. }));
        assert!(!app.quitting());
    }
    // The start screen offers all three, the latest first; so does the next start.
    let names = |w: &str, b: &str| [w.to_string(), b.to_string()];
    let expected = vec![names("Eva", "Finn"), names("Cleo", "Dan"), names("Anna", "Bo")];
    assert_eq!(offered(&app), expected);
    let files: Vec<_> = std::fs::read_dir(store.in_progress_dir()).unwrap().collect();
    assert_eq!(files.len(), 3, "a file each");
    assert!(!store.records().exists(), "none set aside");
    let mut again = started(&store);
    let mut restarted = offered(&again);
    restarted.sort();
    let mut sorted = expected.clone();
    sorted.sort();
    assert_eq!(restarted, sorted);
    // Each is resumed from the list Resume opens, where it stood.
    let screen = common::screen(&common::draw(&again, 80, 24));
    assert!(screen.contains("Resume a match (3 in progress)"), "{screen}");
    for played in &left {
        press(&mut again, &[Key::Enter]);
        let at = offered(&again).iter().position(|n| *n == played.names).unwrap();
        assert!(matches!(again.screen(), Screen::InProgress { .. }));
        press(&mut again, &vec![Key::Down; at]);
        press(&mut again, &[Key::Enter]);
        let back = game(&again);
        assert_eq!(back.names, played.names);
        assert_eq!(back.log, played.log);
        assert_eq!(back.position, played.position);
        save(&mut again, &store);
        // Left again, it waits at the top of the list.
        press(&mut again, &[Key::Char('q'), Key::Char('s')]);
        assert_eq!(offered(&again).len(), 3);
        assert_eq!(offered(&again)[0], played.names);
    }
}

#[test]
fn a_match_is_put_away_in_the_records_only_when_the_player_says_so() {
    let (_dir, store) = data();
    let mut app = started(&store);
    for (white, black) in [("Anna", "Bo"), ("Cleo", "Dan")] {
        new_match(&mut app, &store, white, black);
        press(&mut app, &[Key::Char('q'), Key::Char('s')]);
    }
    press(&mut app, &[Key::Enter]);
    assert!(matches!(
        app.screen(),
        Screen::InProgress { set_aside: false, .. }
    ));
    // x asks; anything but yes keeps it.
    press(&mut app, &[Key::Char('x')]);
    let screen = common::screen(&common::draw(&app, 80, 24));
    assert!(screen.contains("Put this match away"), "{screen}");
    press(&mut app, &[Key::Char('n')]);
    save(&mut app, &store);
    assert_eq!(offered(&app).len(), 2);
    assert!(!store.records().exists());
    press(&mut app, &[Key::Char('x'), Key::Char('y')]);
    save(&mut app, &store);
    assert_eq!(offered(&app), vec![["Anna".to_string(), "Bo".to_string()]]);
    let records: Vec<String> = std::fs::read_dir(store.records())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(records.len(), 1);
    assert!(records[0].ends_with("-unfinished.toml"), "{records:?}");
    assert_eq!(store.in_progress().matches.len(), 1);
}

/// A data directory whose folder of matches cannot be made while a file stands in its
/// place; removing the file makes room again.
fn blocked(store: &Store) -> std::path::PathBuf {
    std::fs::create_dir_all(store.dir()).unwrap();
    let block = store.in_progress_dir();
    std::fs::write(&block, "in the way").unwrap();
    block
}

#[test]
fn a_failed_save_is_said_until_one_succeeds_and_is_tried_again_at_the_next_key() {
    let (_dir, store) = data();
    let block = blocked(&store);
    let mut app = common::at("1x15/1x15/w", &[5, 3, 6, 2], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    save(&mut app, &store);
    let failure = app.save_failure().expect("the save failed").clone();
    assert_eq!(failure.since, None, "nothing was ever saved");
    // Said on the bottom row, and still said after other notes come and go.
    common::play_first(&mut app);
    press(&mut app, &[Key::Char('?'), Key::Esc]);
    let screen = common::screen(&common::draw(&app, 80, 24));
    let bottom = screen.lines().last().unwrap();
    assert!(
        bottom.contains("Not saved") && bottom.contains(&failure.why),
        "{screen}"
    );
    // q asks first, and says what would be lost.
    press(&mut app, &[Key::Char('q')]);
    assert_eq!(*app.overlay(), Overlay::ConfirmQuit);
    let screen = common::screen(&common::draw(&app, 80, 24));
    assert!(screen.contains("could NOT be saved"), "{screen}");
    assert!(screen.contains("r — try again"), "{screen}");
    // Room again: r tries now; the match as it stands is written, and nothing is said.
    std::fs::remove_file(&block).unwrap();
    press(&mut app, &[Key::Char('r')]);
    save(&mut app, &store);
    assert_eq!(app.save_failure(), None);
    let text = std::fs::read_to_string(app.save_file().unwrap()).unwrap();
    let on_disk = store::parse(&text).unwrap();
    assert_eq!(on_disk.position, app.snapshot().unwrap().position);
    let screen = common::screen(&common::draw(&app, 80, 24));
    assert!(!screen.contains("Not saved"), "{screen}");
}

#[test]
fn a_key_that_changes_nothing_still_tries_a_failed_save_again() {
    let (_dir, store) = data();
    let block = blocked(&store);
    let mut app = common::at("1x15/1x15/w", &[5, 3, 6, 2], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    save(&mut app, &store);
    assert!(app.save_failure().is_some());
    std::fs::remove_file(&block).unwrap();
    press(&mut app, &[Key::Tab]);
    save(&mut app, &store);
    assert_eq!(app.save_failure(), None);
    assert!(app.save_file().unwrap().exists());
}

#[test]
fn a_match_left_for_the_start_screen_with_its_save_failing_is_still_written_later() {
    let (_dir, store) = data();
    let block = blocked(&store);
    let mut app = started(&store);
    press(&mut app, &[Key::Char('n'), Key::Enter, Key::Enter, Key::Enter]);
    press(&mut app, &[Key::Enter, Key::Enter, Key::Enter]);
    while !matches!(game(&app).phase, Phase::Moving(_)) {
        advance(&mut app);
        save(&mut app, &store);
    }
    assert!(app.save_failure().is_some());
    let position = game(&app).position;
    press(&mut app, &[Key::Char('q'), Key::Char('s')]);
    assert!(matches!(app.screen(), Screen::Start { .. }));
    let screen = common::screen(&common::draw(&app, 80, 24));
    assert!(screen.lines().last().unwrap().contains("Not saved"), "{screen}");
    std::fs::remove_file(&block).unwrap();
    press(&mut app, &[Key::Down]);
    save(&mut app, &store);
    assert_eq!(app.save_failure(), None);
    let kept = store.in_progress().matches;
    assert_eq!(kept.len(), 1);
    match &kept[0].what {
        Unfinished::Match(m) => assert_eq!(m.of::<brade::game::Brade>().unwrap().game.position, position),
        Unfinished::Chouette(_) => panic!("a match"),
    }
}

#[test]
fn ctrl_c_with_a_failed_save_asks_first() {
    let (_dir, store) = data();
    let _block = blocked(&store);
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    save(&mut app, &store);
    press(&mut app, &[Key::CtrlC]);
    assert!(!app.quitting());
    assert_eq!(*app.overlay(), Overlay::ConfirmQuit);
    press(&mut app, &[Key::Char('y')]);
    assert!(app.quitting());
}

/// A finished match of one game between Anna and Bo, as its save holds it.
fn finished() -> store::SavedMatch {
    let mut app = common::with_match(Lang::En, Box::new(SeededDice::from_seed(3)), "Anna", "Bo", 1);
    app.seed_dice(3, 0);
    while advance(&mut app) {}
    app.snapshot().unwrap()
}

fn records(store: &Store) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(store.records())
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

#[test]
fn a_finished_match_found_not_recorded_is_recorded_at_the_next_start_exactly_once() {
    let (_dir, store) = data();
    let saved = finished();
    assert!(saved.finished);
    let file = store.new_slot(saved.saved_at, &["Anna", "Bo"], &[]);
    std::fs::create_dir_all(store.in_progress_dir()).unwrap();
    store.save_at(&file, &saved).unwrap();
    let listing = store.in_progress();
    assert_eq!(listing.recorded.len(), 1);
    assert!(listing.matches.is_empty(), "not offered to resume");
    assert!(!file.exists());
    assert_eq!(records(&store), listing.recorded);
    let record = store::parse(&std::fs::read_to_string(&listing.recorded[0]).unwrap()).unwrap();
    assert_eq!(record, saved);
    // The next start finds nothing more to do.
    let again = store.in_progress();
    assert!(again.recorded.is_empty() && again.matches.is_empty());
    assert_eq!(records(&store).len(), 1);
}

#[test]
fn a_match_whose_record_was_written_before_a_crash_is_not_recorded_twice() {
    let (_dir, store) = data();
    let saved = finished();
    // The record written, the match's file not yet removed: a crash in between.
    let record = store.archive(&saved).unwrap();
    let file = store.new_slot(saved.saved_at, &["Anna", "Bo"], &[]);
    std::fs::create_dir_all(store.in_progress_dir()).unwrap();
    store.save_at(&file, &saved).unwrap();
    let listing = store.in_progress();
    assert_eq!(listing.recorded, vec![record]);
    assert!(!file.exists());
    assert_eq!(records(&store).len(), 1);
}

#[test]
fn a_finished_match_leaves_its_file_for_the_records_in_steps_that_each_keep_it() {
    let (_dir, store) = data();
    let saved = finished();
    let file = store.new_slot(saved.saved_at, &["Anna", "Bo"], &[]);
    // No room for the records (a file in their place): the match's file is written
    // finished, and the next start records it.
    std::fs::create_dir_all(store.dir()).unwrap();
    std::fs::write(store.records(), "in the way").unwrap();
    assert!(store.finish(&saved, Some(&file)).is_err());
    assert_eq!(
        store::parse(&std::fs::read_to_string(&file).unwrap()).unwrap(),
        saved
    );
    std::fs::remove_file(store.records()).unwrap();
    assert_eq!(store.in_progress().recorded.len(), 1);
    assert_eq!(records(&store).len(), 1);
}

#[test]
fn the_saves_of_earlier_versions_are_moved_among_the_matches_in_progress() {
    let (_dir, store) = data();
    std::fs::create_dir_all(store.dir()).unwrap();
    let mut app = common::with_match(Lang::En, Box::new(SeededDice::from_seed(3)), "Anna", "Bo", 3);
    app.seed_dice(3, 0);
    for _ in 0..6 {
        advance(&mut app);
    }
    let saved = app.snapshot().unwrap();
    std::fs::write(store.legacy_match_file(), store::to_text(&saved).unwrap()).unwrap();
    let _lock = store.lock().unwrap();
    assert!(!store.legacy_match_file().exists());
    let kept = store.in_progress().matches;
    assert_eq!(kept.len(), 1);
    assert!(kept[0].path.starts_with(store.in_progress_dir()));
}
