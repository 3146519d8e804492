//! Saving and resuming: nothing a player does is lost, and a bad file is never trusted
//! nor overwritten.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::app::{App, Input, Key, Slot};
use brade::session::Phase;
use brade::store::{self, InProgress, SaveError, Store, Unfinished};
use brade::words::Lang;
use common::{advance, game, press};

/// A seeded app in a new match.
fn seeded_match(seed: u64, games: u32) -> App {
    let mut app = common::with_match(
        Lang::En,
        Box::new(brade::session::ScriptedDice::new(&[1])),
        "Anna",
        "Bo",
        games,
    );
    app.seed_dice(seed, 0);
    app
}

/// The app a player gets back from this save.
fn resumed(saved: &store::SavedMatch) -> App {
    let text = store::to_text(saved).unwrap();
    let restored = store::restore::<brade::game::Brade>(&store::parse(&text).unwrap()).unwrap();
    let mut app = App::playing(
        Lang::En,
        Box::new(brade::session::ScriptedDice::new(&[1])),
        restored.game,
    );
    app.seed_dice(restored.seed.unwrap(), restored.dice_drawn);
    app
}

fn same_state(a: &App, b: &App) {
    let (ga, gb) = (game(a), game(b));
    assert_eq!(ga.position, gb.position);
    assert_eq!(ga.score, gb.score);
    assert_eq!(ga.log, gb.log);
    assert_eq!(ga.last, gb.last);
    assert_eq!(
        std::mem::discriminant(&ga.phase),
        std::mem::discriminant(&gb.phase)
    );
    assert_eq!(ga.turn().map(|t| t.roll()), gb.turn().map(|t| t.roll()));
}

#[test]
fn a_whole_match_saves_and_resumes_at_every_turn_with_the_same_dice_after() {
    let mut app = seeded_match(2026, 3);
    let mut checked = 0;
    loop {
        let saved = app.snapshot().unwrap();
        let mut back = resumed(&saved);
        same_state(&app, &back);
        // Continue both the same way: the same dice come, the same states follow.
        let mut ahead = App::playing(
            Lang::En,
            Box::new(brade::session::ScriptedDice::new(&[1])),
            game(&app).clone(),
        );
        ahead.seed_dice(app.dice_seed().unwrap(), app.dice_drawn());
        for _ in 0..2 {
            if advance(&mut ahead) {
                advance(&mut back);
                same_state(&ahead, &back);
            }
        }
        checked += 1;
        if !advance(&mut app) {
            break;
        }
    }
    assert!(checked > 50, "only {checked} states checked");
    assert_eq!(game(&app).score.results().len(), 3);
}

#[test]
fn a_roll_in_progress_is_saved_and_replayed_from_the_start_of_the_turn() {
    let mut app = seeded_match(5, 3);
    while !matches!(game(&app).phase, Phase::Moving(_)) {
        advance(&mut app);
    }
    let roll = game(&app).turn().unwrap().roll();
    let saved = app.snapshot().unwrap();
    assert_eq!(saved.roll, Some(roll.to_string()));
    let back = resumed(&saved);
    assert_eq!(game(&back).turn().unwrap().roll(), roll);
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    (dir, store)
}

/// The file of a match in progress these tests write and read.
fn current(store: &Store) -> std::path::PathBuf {
    store.in_progress_dir().join("1000-Anna-Bo.toml")
}

/// What the folder of matches in progress holds, for a test that writes one file there:
/// nothing, a match, or a bad file set aside.
#[derive(Debug)]
enum Found {
    Nothing,
    Match(Box<store::Resumable>),
    Bad(store::BadFile),
}

fn load(store: &Store) -> Found {
    let mut listing = store.in_progress();
    if let Some(bad) = listing.bad.pop() {
        return Found::Bad(bad);
    }
    match listing.matches.pop().map(|kept| kept.what) {
        Some(Unfinished::Match(m)) => Found::Match(m),
        Some(Unfinished::Chouette(_)) => panic!("a chouette"),
        None => Found::Nothing,
    }
}

fn save(store: &Store, saved: &store::SavedMatch) {
    std::fs::create_dir_all(store.in_progress_dir()).unwrap();
    store.save_at(&current(store), saved).unwrap();
}

fn saved_after(turns: usize) -> store::SavedMatch {
    let mut app = seeded_match(99, 3);
    for _ in 0..turns {
        advance(&mut app);
    }
    app.snapshot().unwrap()
}

#[test]
fn the_store_writes_and_reads_back_a_match() {
    let (_dir, store) = store();
    assert!(matches!(load(&store), Found::Nothing));
    let saved = saved_after(12);
    save(&store, &saved);
    match load(&store) {
        Found::Match(r) => assert_eq!(
            r.of::<brade::game::Brade>()
                .expect("a bräde match")
                .game
                .position
                .code(),
            saved.position
        ),
        other => panic!("{other:?}"),
    }
    let text = std::fs::read_to_string(current(&store)).unwrap();
    assert!(text.starts_with("# brade save, checksum fnv1a64 "), "{text}");
    assert!(text.lines().nth(1) == Some("format = 3"), "{text}");
}

fn expect_bad(store: &Store, content: &[u8], problem: &str) {
    std::fs::create_dir_all(store.in_progress_dir()).unwrap();
    std::fs::write(current(store), content).unwrap();
    match load(store) {
        Found::Bad(store::BadFile {
            path,
            kept,
            problem: said,
            not_renamed,
        }) => {
            let said = said.words(Lang::En);
            assert_eq!(path, current(store));
            assert!(not_renamed.is_none());
            assert!(said.contains(problem), "{said:?} should mention {problem:?}");
            assert!(!current(store).exists(), "the bad file is moved aside");
            assert_eq!(std::fs::read(&kept).unwrap(), content, "and kept as it was");
            assert!(kept.to_string_lossy().contains(".bad-"), "{}", kept.display());
        }
        other => panic!("expected a bad save, got {other:?}"),
    }
}

#[test]
fn bad_saves_are_kept_aside_with_the_problem_named() {
    let (_dir, store) = store();
    let good = store::to_text(&saved_after(10)).unwrap();
    expect_bad(&store, b"", "empty");
    expect_bad(
        &store,
        &good.as_bytes()[..good.len() / 2],
        "checksum does not match",
    );
    expect_bad(&store, b"\xff\xfe\x00garbage", "not text");
    expect_bad(
        &store,
        good.replace("format = 3", "format = 8").as_bytes(),
        "newer brade (format 8",
    );
    expect_bad(&store, b"format = 1\nwhat = 3\n", "not a brade save");
    // A turn that is not legal is caught by replaying it.
    let mut tampered = saved_after(10);
    let turns = &mut tampered.game[0].turns;
    let (dice, _) = turns[1].split_once(' ').unwrap();
    turns[1] = format!("{dice} 1/2 2/3 3/4");
    expect_bad(
        &store,
        store::to_text(&tampered).unwrap().as_bytes(),
        "game 1, turn 2",
    );
    // Several bad files are all kept.
    let kept = std::fs::read_dir(store.in_progress_dir()).unwrap().count();
    assert_eq!(kept, 6);
}

#[test]
fn a_save_cut_short_anywhere_is_never_taken_for_a_match() {
    let (_dir, store) = store();
    let good = store::to_text(&saved_after(30)).unwrap();
    let mut cuts = 0;
    for cut in (0..good.len()).step_by(5) {
        if !good.is_char_boundary(cut) || good[..cut].trim_end() == good.trim_end() {
            continue;
        }
        std::fs::create_dir_all(store.in_progress_dir()).unwrap();
        std::fs::write(current(&store), &good[..cut]).unwrap();
        assert!(
            matches!(load(&store), Found::Bad(_)),
            "cut at {cut} was accepted:\n{}",
            &good[..cut]
        );
        cuts += 1;
    }
    assert!(cuts > 50);
}

#[test]
fn the_old_save_survives_a_crash_between_writing_and_renaming() {
    let (_dir, store) = store();
    let old = saved_after(8);
    save(&store, &old);
    let new = saved_after(14);
    // … and the power fails here:
    brade::files::write_beside(&current(&store), store::to_text(&new).unwrap().as_bytes()).unwrap();
    match load(&store) {
        Found::Match(r) => assert_eq!(
            r.of::<brade::game::Brade>()
                .expect("a bräde match")
                .game
                .position
                .code(),
            old.position
        ),
        other => panic!("{other:?}"),
    }
    // The next save goes through, leftover temporary file or not.
    save(&store, &new);
    match load(&store) {
        Found::Match(r) => assert_eq!(
            r.of::<brade::game::Brade>()
                .expect("a bräde match")
                .game
                .position
                .code(),
            new.position
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_finished_match_goes_to_the_records_and_one_put_away_is_kept() {
    let (_dir, store) = store();
    let mut app = seeded_match(3, 1);
    while advance(&mut app) {}
    let saved = app.snapshot().unwrap();
    save(&store, &saved);
    let record = store.finish(&saved, Some(&current(&store))).unwrap();
    assert!(record.starts_with(store.records()));
    assert!(
        !current(&store).exists(),
        "a finished match is not offered for resuming"
    );
    assert!(
        store::restore::<brade::game::Brade>(
            &store::parse(&std::fs::read_to_string(&record).unwrap()).unwrap()
        )
        .is_ok()
    );
    save(&store, &saved_after(6));
    let aside = store.set_aside_file(&current(&store), false).unwrap();
    assert!(aside.to_string_lossy().ends_with("-unfinished.toml"));
    assert!(matches!(load(&store), Found::Nothing));
}

#[test]
fn the_start_screen_offers_to_resume_a_saved_match() {
    let saved = saved_after(9);
    let restored = store::restore::<brade::game::Brade>(&saved).unwrap();
    let mut app = App::launch(brade::app::Launch {
        in_progress: vec![InProgress::of_match(
            "1000-Anna-Bo.toml",
            brade::store::Resumable::new(restored),
        )],
        ..Default::default()
    });
    assert_eq!(app.menu()[0], brade::app::MenuItem::Resume);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| brade::ui::draw(f, &app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let text: String = (0..24)
        .map(|y| {
            (0..80)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                + "\n"
        })
        .collect();
    assert!(
        text.contains("Resume") && text.contains("Anna – Bo · game 1 of 3"),
        "{text}"
    );
    press(&mut app, &[Key::Enter]);
    assert_eq!(game(&app).position.code(), saved.position);
    assert_eq!(app.dice_drawn(), saved.dice_drawn);
}

#[test]
fn save_errors_say_what_is_wrong() {
    assert!(matches!(store::parse(""), Err(SaveError::Empty)));
    // Format 7 has the steps of a turn half made: the newest this version reads.
    assert!(matches!(
        store::parse("format = 8\nfuture = true"),
        Err(SaveError::Newer(8))
    ));
    let newer = store::parse("format = 8\nfuture = true").unwrap_err();
    assert!(
        newer.to_string().contains("this version reads format 7"),
        "{newer}"
    );
    assert_eq!(brade::words::format_time(0), "1970-01-01 00:00 UTC");
    assert_eq!(brade::words::format_time(1_795_963_440), "2026-11-29 14:44 UTC");
}

/// A save of a match in its second game with a roll in progress (drawn dice only).
fn midgame() -> store::SavedMatch {
    let mut app = seeded_match(31, 3);
    while game(&app).score.results().is_empty() || !matches!(game(&app).phase, Phase::Moving(_)) {
        advance(&mut app);
    }
    for _ in 0..6 {
        advance(&mut app);
    }
    while !matches!(game(&app).phase, Phase::Moving(_)) {
        advance(&mut app);
    }
    app.snapshot().unwrap()
}

fn refused(saved: &store::SavedMatch, problem: &str) {
    match store::restore::<brade::game::Brade>(saved) {
        Err(e) => assert!(e.to_string().contains(problem), "{e} should mention {problem:?}"),
        Ok(_) => panic!("accepted; expected {problem:?}"),
    }
}

#[test]
fn every_single_bit_flip_of_a_save_is_refused_or_changes_nothing() {
    let saved = midgame();
    let text = store::to_text(&saved).unwrap();
    let mut refused_count = 0;
    for i in 0..text.len() {
        for bit in 0..8 {
            let mut bytes = text.clone().into_bytes();
            bytes[i] ^= 1 << bit;
            let Ok(flipped) = String::from_utf8(bytes) else {
                refused_count += 1;
                continue;
            };
            match store::parse(&flipped).and_then(|m| store::restore::<brade::game::Brade>(&m).map(|_| m)) {
                Err(_) => refused_count += 1,
                // Only a flip that means the same (e.g. the checksum's hex digit in
                // upper case) may be accepted.
                Ok(m) => assert_eq!(m, saved, "byte {i} bit {bit} changed the match"),
            }
        }
    }
    assert!(
        refused_count > 7 * text.len(),
        "{refused_count} of {}",
        8 * text.len()
    );
}

#[test]
fn the_dice_must_be_those_drawn_from_the_seed() {
    let saved = midgame();
    assert!(store::restore::<brade::game::Brade>(&saved).is_ok());
    let mut seed = saved.clone();
    seed.seed = seed.seed.map(|s| s ^ 1 << 17);
    refused(&seed, "drawn from the seed");
    let mut roll = saved.clone();
    let r = roll.roll.clone().unwrap();
    let (a, b) = (r.as_bytes()[0] - b'0', r.as_bytes()[1] - b'0');
    roll.roll = Some(format!("{}{}", b, a % 6 + 1));
    refused(&roll, "the roll in progress");
    let mut teka = saved.clone();
    teka.teka[0] = [teka.teka[0][1], teka.teka[0][0]];
    assert!(store::restore::<brade::game::Brade>(&teka).is_err());
}

#[test]
fn a_save_without_the_seed_of_its_drawn_dice_is_refused() {
    let mut saved = midgame();
    saved.seed = None;
    refused(&saved, "seed they were drawn from is missing");
}

#[test]
fn a_dice_count_near_the_top_of_u64_is_refused_at_once() {
    let mut saved = midgame();
    saved.dice_typed = 12;
    saved.dice_drawn = u64::MAX - 5;
    refused(&saved, "dice drawn");
    saved.dice_typed = 0;
    saved.dice_drawn = u64::MAX;
    refused(&saved, "dice drawn");
}

#[test]
fn the_match_length_must_fit_the_results_and_a_finished_match_its_real_end() {
    let mut app = seeded_match(3, 1);
    while advance(&mut app) {}
    let finished = app.snapshot().unwrap();
    assert!(finished.finished);
    assert!(store::restore::<brade::game::Brade>(&finished).is_ok());
    let mut longer = finished.clone();
    longer.games = 3;
    refused(&longer, "not all played");
    let mut moved = finished.clone();
    moved.position = "1x15/1x15/w".to_string();
    refused(&moved, "the turns lead to");
    let mut shorter = midgame();
    shorter.games = 1;
    refused(&shorter, "games saved in a match of 1");
}

#[test]
fn a_match_started_with_manual_dice_types_every_roll_and_its_save_says_so() {
    let mut app = seeded_match(8, 3);
    let manual = brade::settings::Settings {
        manual_dice: true,
        ..brade::settings::Settings::default()
    };
    app.apply_settings(manual);
    assert!(app.manual_dice());
    // Teka typed (2 then 5: White starts), the first roll typed.
    press(
        &mut app,
        &[Key::Char('2'), Key::Char('5'), Key::Char('5'), Key::Char('3')],
    );
    assert!(matches!(game(&app).phase, Phase::Moving(_)));
    common::play_first(&mut app);
    // The setting changed later does not change the match: its rolls stay typed.
    app.apply_settings(brade::settings::Settings {
        manual_dice: false,
        ..*app.settings()
    });
    assert!(app.manual_dice());
    press(&mut app, &[Key::Char('6'), Key::Char('1')]);
    assert!(matches!(game(&app).phase, Phase::Moving(_) | Phase::Forfeit(_)));
    let saved = app.snapshot().unwrap();
    assert!(saved.manual_dice);
    assert_eq!(saved.seed, None, "no dice drawn, no seed");
    assert_eq!(saved.typed_rolls, vec![0, 1, 2]);
    assert_eq!(saved.dice_typed, 6);
    let back = store::restore::<brade::game::Brade>(&saved).unwrap();
    assert!(back.manual);
    let mut wrong = saved.clone();
    wrong.typed_rolls = vec![0, 2];
    assert!(store::restore::<brade::game::Brade>(&wrong).is_err());
}

#[test]
fn rolls_declared_typed_in_a_match_of_drawn_dice_are_refused() {
    // A forger's way round the dice check: every roll "typed", the checksum made anew.
    let saved = midgame();
    let rolls = (saved.dice_drawn + saved.dice_typed) / 2;
    let mut forged = saved.clone();
    forged.dice_drawn = 0;
    forged.dice_typed = 2 * rolls;
    forged.typed_rolls = (0..rolls).collect();
    let text = store::to_text(&forged).unwrap();
    let parsed = store::parse(&text).expect("the checksum fits: only the checks can tell");
    refused(&parsed, "only a match started with manual dice");
    // Declared a match of manual dice too, the seed kept: still refused.
    forged.manual_dice = true;
    refused(&forged, "types every roll and draws none");
    // Some rolls typed among drawn ones.
    let mut mixed = saved.clone();
    mixed.dice_drawn -= 2;
    mixed.dice_typed = 2;
    mixed.typed_rolls = vec![3];
    refused(&mixed, "only a match started with manual dice");
}

#[test]
fn the_match_length_and_the_players_are_bound_into_the_dice_check() {
    let saved = midgame();
    assert!(store::restore::<brade::game::Brade>(&saved).is_ok());
    // 3 games made 5 mid-match, checksum and all: the dice no longer come from the seed.
    let mut longer = saved.clone();
    longer.games = 5;
    refused(&longer, "not the ones drawn from the seed");
    let mut swapped = saved.clone();
    std::mem::swap(&mut swapped.white, &mut swapped.black);
    refused(&swapped, "not the ones drawn from the seed");
}

#[test]
fn a_save_of_the_first_format_has_its_dice_checked_too() {
    // A format-1 save (no checksum line, dice drawn from the seed itself): a one-game match
    // between A and B whose dice come from seed 6.
    let game = common::played(brade::ai::Level::Random, brade::ai::Level::Random, 1, 6);
    let rolls = (game.teka_rolls.len() + game.log.iter().map(|g| g.turns.len()).sum::<usize>()) as u64;
    let dice = store::format::DiceRecord {
        seed: Some(6),
        drawn: 2 * rolls,
        legacy: true,
        ..store::format::DiceRecord::default()
    };
    let saved = store::SavedMatch::of(&game, dice, [None, None], 0);
    assert_eq!(saved.format, 2, "a legacy match keeps its format");
    let text = store::to_text(&saved).unwrap();
    let body = text
        .split_once('\n')
        .unwrap()
        .1
        .replacen("format = 2", "format = 1", 1);
    let old = store::parse(&body).unwrap();
    assert_eq!(old.format, 1);
    assert!(
        store::restore::<brade::game::Brade>(&old).unwrap().legacy,
        "read, with its dice from the seed"
    );
    // A roll changed: refused, though no checksum guards it.
    let first = old.game[0].turns[0].clone();
    let (roll, play) = first.split_once(' ').unwrap();
    let changed = format!(
        "{}{} {play}",
        roll.as_bytes()[1] as char,
        roll.as_bytes()[0] as char
    );
    let mut edited = old.clone();
    edited.game[0].turns[0] = changed;
    assert!(
        store::restore::<brade::game::Brade>(&edited).is_err(),
        "{:?} accepted",
        edited.game[0].turns[0]
    );
    // Typed rolls cannot be claimed in it.
    let mut typed = old.clone();
    typed.dice_drawn -= 2;
    typed.dice_typed = 2;
    refused(&typed, "only a match started with manual dice");
}

#[test]
fn records_are_never_overwritten_even_within_one_second() {
    let (_dir, store) = store();
    let mut kept = std::collections::BTreeSet::new();
    for turns in [4, 6, 8] {
        save(&store, &saved_after(turns));
        kept.insert(store.set_aside_file(&current(&store), false).unwrap());
    }
    let mut app = seeded_match(3, 1);
    while advance(&mut app) {}
    let finished = app.snapshot().unwrap();
    for _ in 0..3 {
        kept.insert(store.archive(&finished).unwrap());
    }
    assert_eq!(kept.len(), 6, "{kept:?}");
    assert_eq!(store.list_records(|_, _| {}).len(), 6);
    for entry in store.list_records(|_, _| {}) {
        assert!(entry.summary.is_ok(), "{}", entry.path.display());
    }
}

#[test]
fn a_new_match_begun_from_the_match_over_screen_saves_and_resumes() {
    let mut app = seeded_match(9, 1);
    while advance(&mut app) {}
    assert!(app.dice_drawn() > 6);
    // n: the setup form with the same players; Enter through it to Start (no computer:
    // no level to pass; the rules kept).
    press(&mut app, &[Key::Char('n')]);
    press(&mut app, &[Key::Enter; 6]);
    assert!(matches!(game(&app).phase, Phase::Teka { .. }));
    for _ in 0..6 {
        advance(&mut app);
    }
    let saved = app.snapshot().unwrap();
    let back = resumed(&saved);
    same_state(&app, &back);
    assert_eq!(back.dice_drawn(), app.dice_drawn());
}

#[test]
fn a_match_finished_in_the_game_is_listed_in_the_records_without_a_restart() {
    let (_dir, store) = store();
    let mut app = seeded_match(5, 1);
    let save = |app: &mut App| {
        if let Some(due) = app.save_due() {
            app.saved(due.write(&store));
        }
    };
    while advance(&mut app) {
        save(&mut app);
    }
    save(&mut app);
    assert_eq!(app.records().len(), 1, "the record is listed once");
    assert_eq!(store.list_records(|_, _| {}).len(), 1, "and written once");
    assert!(app.menu().contains(&brade::app::MenuItem::Records));
}

#[test]
fn every_writer_has_its_own_temporary_file_and_a_failed_write_leaves_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.toml");
    let a = brade::files::write_beside(&path, b"a").unwrap();
    let b = brade::files::write_beside(&path, b"b").unwrap();
    assert_ne!(a, b, "two writers never share a temporary file");
    assert_eq!(std::fs::read(&a).unwrap(), b"a");
    std::fs::remove_file(a).unwrap();
    std::fs::remove_file(b).unwrap();
    // The target is a directory: the rename fails, and its temporary file goes with it.
    let taken = dir.path().join("x.analysis");
    std::fs::create_dir(&taken).unwrap();
    std::fs::write(taken.join("inside"), "").unwrap();
    assert!(brade::files::write_atomic(&taken, b"text").is_err());
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("x.analysis")], "{left:?}");
}

#[test]
fn the_data_directory_is_held_by_one_process_and_its_stale_temporaries_are_cleared() {
    use brade::store::LockError;
    let (dir, store) = store();
    // What writers that did not finish left: a process that no longer runs, and an older
    // version's single name, hours old.
    let dead = dir.path().join("match.toml.4000000000-0.tmp");
    std::fs::write(&dead, "").unwrap();
    std::fs::create_dir_all(store.records()).unwrap();
    let old = store.records().join("1-Anna-Bo.toml.tmp");
    let file = std::fs::File::create(&old).unwrap();
    file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(7200))
        .unwrap();
    // A temporary file of a writer still at work stays.
    let live = store
        .records()
        .join(format!("1-Anna-Bo.analysis.{}-7.tmp", std::process::id()));
    std::fs::write(&live, "").unwrap();
    let held = store.lock().expect("the directory is free");
    assert!(!dead.exists() && !old.exists(), "stale temporaries are removed");
    assert!(live.exists(), "a running writer's file is left alone");
    // A second taker (another open of the lock file, as another process makes) is refused
    // and told who holds it.
    match store.lock() {
        Err(LockError::Held { pid, .. }) => assert_eq!(pid, Some(std::process::id())),
        other => panic!("expected the directory to be held: {other:?}"),
    }
    let words = store.lock().unwrap_err().words(Lang::Sv);
    assert!(words.contains("en annan brade"), "{words}");
    drop(held);
    assert!(store.lock().is_ok(), "free again once let go");
    // A file where the directory should be is named as such.
    let file = dir.path().join("plain");
    std::fs::write(&file, "").unwrap();
    match Store::at(&file).lock() {
        Err(e @ LockError::NotADirectory { .. }) => {
            assert!(e.to_string().contains("is a file, not a directory"), "{e}");
        }
        other => panic!("{other:?}"),
    }
}

/// What the terminal loop does after every input and beat: the save due, if any, written
/// and told how it went. Returns whether there was one.
fn save_if_due(app: &mut App, store: &Store) -> bool {
    let Some(due) = app.save_due() else {
        return false;
    };
    app.saved(due.write(store));
    assert_eq!(app.save_failed(), None);
    true
}

/// The save on disk of the match on screen, but for its time.
fn on_disk(app: &App) -> store::SavedMatch {
    let text = std::fs::read_to_string(app.save_file().expect("a file of its own")).unwrap();
    store::SavedMatch {
        saved_at: 0,
        ..store::parse(&text).unwrap()
    }
}

/// A save follows from what changed, with nothing counting the changes: a roll, each
/// step taken or taken back within a turn, a completed turn, a pass, the next game each
/// make one due; the cursor, the hints and the help do not, nor a key refused.
#[test]
fn a_save_is_due_after_each_change_to_the_match_and_after_nothing_else() {
    let (_dir, store) = store();
    let mut app = seeded_match(41, 3);
    let now = |app: &App| store::SavedMatch {
        saved_at: 0,
        ..app.snapshot().unwrap()
    };
    assert!(!save_if_due(&mut app, &store), "a match not begun is not saved");
    let mut rolls = 0;
    while !matches!(game(&app).phase, Phase::MatchOver) && rolls < 12 {
        match game(&app).phase.clone() {
            Phase::Teka { .. } | Phase::AwaitRoll => {
                press(&mut app, &[Key::Char(' ')]);
                rolls += 1;
            }
            Phase::Moving(turn) => {
                // Within the turn: a step, taken back; the cursor; hints; the help.
                let (step, mover) = (turn.next_steps()[0], turn.start().turn());
                app.handle(Input::Click(Slot::of_point(mover, step.from)));
                app.handle(Input::Click(Slot::of_point(mover, step.to)));
                assert_eq!(game(&app).turn().unwrap().taken(), [step], "a step made");
                assert!(save_if_due(&mut app, &store), "a step is saved");
                assert_eq!(on_disk(&app).steps, [[step.from, step.die]]);
                press(&mut app, &[Key::Backspace]);
                assert!(save_if_due(&mut app, &store), "and taken back");
                assert!(on_disk(&app).steps.is_empty());
                press(&mut app, &[Key::Tab, Key::Left, Key::Char('H')]);
                common::run_jobs(&mut app);
                press(&mut app, &[Key::Char('?'), Key::Esc, Key::Char('x')]);
                assert!(!save_if_due(&mut app, &store), "nothing saved changed");
                assert_eq!(on_disk(&app).roll, now(&app).roll, "the roll is saved");
                common::play_first(&mut app);
            }
            Phase::Forfeit(_) | Phase::GameOver { .. } => press(&mut app, &[Key::Enter]),
            Phase::Doubled { .. } | Phase::MatchOver => unreachable!(),
        }
        assert!(save_if_due(&mut app, &store), "{:?}", game(&app).phase);
        assert!(!save_if_due(&mut app, &store), "once");
        assert_eq!(on_disk(&app), now(&app));
    }
    assert_eq!(rolls, 12);
}

/// A new match from the start screen is not saved until its first roll, and then into a
/// file of its own: the match in progress it was started beside is never touched, nor set
/// aside. A match resumed from the start screen is saved again at once, in its own file.
#[test]
fn a_new_match_is_saved_from_its_first_roll_in_its_own_file_and_a_resumed_one_at_once() {
    let (_dir, store) = store();
    let saved = saved_after(9);
    save(&store, &saved);
    let before = std::fs::read(current(&store)).unwrap();
    let offer = || {
        vec![InProgress::of_match(
            current(&store),
            brade::store::Resumable::new(store::restore::<brade::game::Brade>(&saved).unwrap()),
        )]
    };
    let mut app = App::launch(brade::app::Launch {
        in_progress: offer(),
        ..Default::default()
    });
    press(&mut app, &[Key::Down, Key::Enter]);
    press(&mut app, &[Key::Enter; 6]);
    assert!(matches!(game(&app).phase, Phase::Teka { .. }));
    assert!(!save_if_due(&mut app, &store), "not before its first roll");
    press(&mut app, &[Key::Char(' ')]);
    assert!(save_if_due(&mut app, &store));
    assert_ne!(on_disk(&app).white, "Anna", "the new match is saved");
    assert_ne!(
        app.save_file(),
        Some(current(&store).as_path()),
        "in a file of its own"
    );
    assert_eq!(
        std::fs::read(current(&store)).unwrap(),
        before,
        "the other is untouched"
    );
    assert!(!store.records().exists(), "and nothing is set aside");
    assert_eq!(store.in_progress().matches.len(), 2);
    // Resumed from the start screen: written again at once, in its file, as it goes on.
    let mut app = App::launch(brade::app::Launch {
        in_progress: offer(),
        ..Default::default()
    });
    assert!(!save_if_due(&mut app, &store));
    press(&mut app, &[Key::Enter]);
    assert!(save_if_due(&mut app, &store));
    assert_eq!(app.save_file(), Some(current(&store).as_path()));
    assert_eq!(
        on_disk(&app),
        store::SavedMatch {
            saved_at: 0,
            ..saved.clone()
        }
    );
}

/// Takes the first step of the turn in progress by typing it (its notation, then Enter):
/// the steps typed are taken and the turn waits for the rest.
fn take_first_step(app: &mut App) -> brade::rules::Step {
    let step = app.next_steps()[0];
    common::type_moves(app, &step.to_string());
    step
}

/// A save of a match with one step of its roll in progress taken.
fn half_made() -> (App, store::SavedMatch) {
    let mut app = seeded_match(31, 3);
    loop {
        while !matches!(game(&app).phase, Phase::Moving(_)) {
            advance(&mut app);
        }
        if game(&app).turn().unwrap().dice_left().len() >= 2 {
            break;
        }
        advance(&mut app);
    }
    take_first_step(&mut app);
    let saved = app.snapshot().unwrap();
    (app, saved)
}

#[test]
fn a_turn_left_half_made_is_saved_step_by_step_and_resumed_as_it_was_left() {
    let (mut app, saved) = half_made();
    let taken = game(&app).turn().unwrap().taken();
    assert_eq!(taken.len(), 1, "{:?}", game(&app).phase);
    assert_eq!(saved.steps, vec![[taken[0].from, taken[0].die]]);
    assert_eq!(saved.format, store::format::STEPS_FORMAT);
    // Back from the file: the same step taken, the same steps next, the same dice after.
    let mut back = resumed(&saved);
    same_state(&app, &back);
    assert_eq!(game(&back).turn().unwrap().taken(), taken);
    assert_eq!(back.next_steps(), app.next_steps());
    for _ in 0..12 {
        advance(&mut app);
        advance(&mut back);
        same_state(&app, &back);
    }
}

#[test]
fn a_step_taken_back_leaves_the_save_as_it_was_before_it() {
    let (mut app, saved) = half_made();
    assert_eq!(saved.steps.len(), 1);
    press(&mut app, &[Key::Backspace]);
    assert!(game(&app).turn().unwrap().taken().is_empty(), "undone");
    let again = app.snapshot().unwrap();
    assert!(again.steps.is_empty());
    assert!(
        again.format < store::format::STEPS_FORMAT,
        "older versions read it"
    );
    assert_eq!(again.roll, saved.roll);
}

#[test]
fn saved_steps_that_do_not_fit_the_roll_in_progress_are_refused_in_words() {
    let (_, saved) = half_made();
    let [from, die] = saved.steps[0];
    // A die the roll does not have, a step from a point of none of the mover's checkers.
    let mut other_die = saved.clone();
    other_die.steps[0] = [from, 7];
    refused(&other_die, "its step 1 (from");
    let mut twice = saved.clone();
    twice.steps = vec![[from, die]; 5];
    refused(&twice, "cannot be taken");
    // Steps in a format before 7, without a roll, or for a side the computer plays.
    let mut old = saved.clone();
    old.format = 6;
    refused(
        &old,
        "steps of a turn in progress are saved where none can be taken",
    );
    let mut no_roll = saved.clone();
    no_roll.roll = None;
    assert!(store::restore::<brade::game::Brade>(&no_roll).is_err());
    let mut computer = saved.clone();
    let mover = game(&resumed(&saved)).position.turn();
    let level = Some("medium".to_string());
    match mover {
        brade::rules::Color::White => computer.white_computer = level,
        brade::rules::Color::Black => computer.black_computer = level,
    }
    refused(&computer, "where none can be taken");
    // Said in Swedish too.
    let why = store::restore::<brade::game::Brade>(&old).unwrap_err();
    assert!(
        why.words(Lang::Sv).contains("steg av ett pågående drag"),
        "{}",
        why.words(Lang::Sv)
    );
}

#[test]
fn a_computer_sides_half_made_turn_is_not_saved_it_plays_afresh() {
    let (app, _) = half_made();
    let m = game(&app).clone();
    let mover = m.position.turn();
    let mut computer = [None, None];
    computer[mover.index()] = Some(brade::ai::Level::Medium);
    let dice = store::format::DiceRecord {
        seed: Some(31),
        drawn: app.dice_drawn(),
        ..Default::default()
    };
    let saved = store::SavedMatch::of(&m, dice.clone(), computer, 0);
    assert!(saved.steps.is_empty() && saved.roll.is_some());
    let hot_seat = store::SavedMatch::of(&m, dice, [None, None], 0);
    assert_eq!(hot_seat.steps.len(), 1);
}

/// Plays `game` on with dice from `dice` (first-format dice, drawn from the seed itself)
/// to its next roll on the board, counting the dice drawn.
fn to_the_next_roll(
    game: &mut brade::session::Match<brade::game::Brade>,
    dice: &mut brade::session::SeededDice,
    drawn: &mut u64,
) {
    use brade::session::DiceSource as _;
    loop {
        match game.phase.clone() {
            Phase::Teka { .. } => {
                let (w, b) = (dice.die(), dice.die());
                game.teka(w, b);
            }
            Phase::AwaitRoll => {
                let roll = brade::rules::Roll::new(dice.die(), dice.die()).unwrap();
                game.roll(roll);
            }
            Phase::Forfeit(_) => {
                game.pass();
                continue;
            }
            Phase::GameOver { .. } => {
                game.next_game();
                continue;
            }
            Phase::Moving(_) => return,
            other => panic!("{other:?}"),
        }
        *drawn += 2;
    }
}

#[test]
fn a_match_resumed_from_the_first_formats_keeps_its_format_and_its_dice_with_a_half_made_turn() {
    let mut dice = brade::session::SeededDice::from_seed(6);
    let mut drawn = 0;
    let mut game: brade::session::Match<brade::game::Brade> = brade::session::Match::new("A", "B", 3);
    to_the_next_roll(&mut game, &mut dice, &mut drawn);
    let turn = game.turn_mut().unwrap();
    let step = turn.next_steps()[0];
    brade::game::TurnPlay::step(turn, step.from, step.die).unwrap();
    let record = store::format::DiceRecord {
        seed: Some(6),
        drawn,
        legacy: true,
        ..Default::default()
    };
    let saved = store::SavedMatch::of(&game, record, [None, None], 0);
    assert_eq!(saved.format, 2, "its format has no steps");
    assert!(saved.steps.is_empty());
    let text = store::to_text(&saved).unwrap();
    let restored = store::restore::<brade::game::Brade>(&store::parse(&text).unwrap())
        .unwrap_or_else(|e| panic!("format {}: {e}", saved.format));
    assert!(restored.legacy, "its dice still drawn from the seed itself");
    let turn = restored.game.turn().expect("the roll in progress");
    assert_eq!(turn.roll(), game.turn().unwrap().roll());
    assert!(
        brade::game::TurnPlay::taken(turn).is_empty(),
        "the turn from its start"
    );
}
