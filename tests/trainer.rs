//! The trainer (issue 27): the SM-2 schedule against the published formula worked by hand,
//! the deck kept in the data directory and refused when damaged, and a player's own errors
//! from a record's kept analysis drilled at the keyboard — weighed, scheduled, saved and
//! read back.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::ai::analysis::{Mark, THRESHOLDS};
use brade::app::{App, Key, Screen};
use brade::game::Kind;
use brade::practice::{Card, Deck, Error, Filter, quality};
use brade::store::Store;
use brade::words::Lang;
use common::press;

fn error(position: &str, roll: &str, player: &str, loss: f64) -> Error {
    Error {
        kind: Kind::Brade,
        position: position.to_string(),
        roll: roll.to_string(),
        cube: String::new(),
        score: String::new(),
        rules: String::new(),
        player: player.to_string(),
        record: "r.toml".to_string(),
        game: 1,
        turn: 3,
        loss,
        played: "1-4 1-5".to_string(),
    }
}

#[test]
fn sm2_moves_a_card_by_the_published_formula() {
    let mut card = Card::new(error("x", "31", "Anna", 0.3), 100);
    assert_eq!((card.due, card.easiness), (100, 2.5));
    // Worked by hand from SM-2: q = 5 adds 0.1 to EF; intervals 1, 6, then I·EF.
    card.answer(5, 100);
    assert_eq!((card.repetitions, card.interval, card.due), (1, 1, 101));
    assert!((card.easiness - 2.6).abs() < 1e-12);
    card.answer(5, 101);
    assert_eq!((card.interval, card.due), (6, 107));
    assert!((card.easiness - 2.7).abs() < 1e-12);
    card.answer(4, 107);
    // round(6 × 2.7) = 16; q = 4 leaves EF as it is (0.1 − 1 × 0.1 = 0).
    assert_eq!((card.repetitions, card.interval, card.due), (3, 16, 123));
    assert!((card.easiness - 2.7).abs() < 1e-12);
    // A failure (q < 3) starts again; q = 1 takes 0.1 − 4 × (0.08 + 0.08) = −0.54.
    card.answer(1, 123);
    assert_eq!((card.repetitions, card.interval, card.due), (0, 1, 124));
    assert!((card.easiness - 2.16).abs() < 1e-12);
    // Never below 1.3.
    for day in 124..130 {
        card.answer(0, day);
    }
    assert!((card.easiness - 1.3).abs() < 1e-12);
    assert_eq!((card.answers, card.best), (10, 2));
}

#[test]
fn a_play_is_graded_by_the_analysis_marks_it_would_get() {
    assert_eq!(quality(0.0, THRESHOLDS), 5);
    assert_eq!(quality(THRESHOLDS[0] / 2.0, THRESHOLDS), 4);
    for (loss, q) in [(THRESHOLDS[0], 3), (THRESHOLDS[1], 2), (THRESHOLDS[2], 1)] {
        assert_eq!(quality(loss, THRESHOLDS), q);
        assert_ne!(Mark::of(loss), Mark::Fine);
    }
}

#[test]
fn the_deck_counts_days_streaks_and_filters_by_player_and_mark() {
    let mut deck = Deck::default();
    let pos = brade::brade::Position::start(brade::rules::Color::White).code();
    let added = deck.add(
        [
            error(&pos, "31", "Anna", 0.30),
            error(&pos, "31", "Anna", 0.30),
            error(&pos, "42", "Bo", 0.06),
        ],
        10,
    );
    assert_eq!(added, 2, "the same position and roll is one card");
    let anna_bad = Filter {
        player: Some("Anna".to_string()),
        least: [THRESHOLDS[1], 1.0],
    };
    assert_eq!(deck.due(&anna_bad, 10), vec![0]);
    let everyone = Filter {
        player: None,
        least: [THRESHOLDS[0], 1.0],
    };
    assert_eq!(
        deck.due(&everyone, 9),
        Vec::<usize>::new(),
        "not due before the day it was added"
    );
    assert_eq!(deck.due(&everyone, 10), vec![0, 1]);
    assert_eq!(deck.streak(10), 0);
    deck.answer(0, 0.0, THRESHOLDS, 10);
    deck.answer(1, 0.5, THRESHOLDS, 10);
    assert_eq!((deck.today(10), deck.streak(10)), (2, 1));
    deck.answer(1, 0.0, THRESHOLDS, 11);
    assert_eq!((deck.today(11), deck.streak(11), deck.streak(12)), (1, 2, 2));
    assert_eq!(deck.streak(13), 0, "a day missed ends the streak");
}

#[test]
fn the_deck_is_kept_beside_the_records_and_a_damaged_one_is_set_aside_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    assert_eq!(store.load_deck().unwrap(), Deck::default());
    let mut deck = Deck::default();
    let pos = brade::brade::Position::start(brade::rules::Color::White).code();
    deck.add([error(&pos, "31", "Anna", 0.3)], 5);
    deck.answer(0, 0.2, THRESHOLDS, 5);
    store.save_deck(&deck).unwrap();
    assert_eq!(store.load_deck().unwrap(), deck);
    // A forged easiness (with a checksum made to fit) is refused all the same.
    let text = brade::store::trainer::to_text(&deck).unwrap();
    let body = text
        .split_once('\n')
        .unwrap()
        .1
        .replace("easiness = 1.96", "easiness = 0.5");
    assert_ne!(
        body,
        text.split_once('\n').unwrap().1,
        "the easiness was in the file"
    );
    let forged = format!(
        "# brade save, checksum fnv1a64 {:016x}\n{body}",
        brade::checksum::fnv1a(body.as_bytes())
    );
    std::fs::write(store.trainer_file(), forged).unwrap();
    let (kept, why) = store.load_deck().unwrap_err();
    assert!(why.to_string().contains("easiness"), "{why}");
    assert!(kept.exists() && !store.trainer_file().exists());
    // A damaged byte breaks the checksum.
    std::fs::write(store.trainer_file(), text.replace("Anna", "Anne")).unwrap();
    assert!(store.load_deck().is_err());
}

#[test]
fn a_players_own_errors_are_drilled_weighed_scheduled_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    // A match of random plays, recorded and analysed: plenty of errors of A's.
    let game = common::played(Level::Random, Level::Random, 1, 3);
    let record = store.archive(&common::typed_save(&game)).unwrap();
    assert_eq!(
        brade::store::analysis::analyse_records(std::slice::from_ref(&record), |_, _| {}),
        1
    );
    let (errors, unanalysed) = store.record_errors();
    assert_eq!(unanalysed, 0);
    assert!(errors.iter().any(|e| e.player == "A"));
    let mut app = App::new(Lang::En, Box::new(brade::session::SeededDice::from_seed(1)));
    app.job_done(brade::app::Done::Records(store.list_records(|_, _| {})));
    assert!(app.menu().contains(&brade::app::MenuItem::Practice));
    press(&mut app, &[Key::Char('p')]);
    for job in app.jobs(Some(&store)) {
        app.job_done(job.run());
    }
    let Screen::Trainer(t) = app.screen() else {
        panic!("the trainer's form: {:?}", app.screen())
    };
    assert_eq!(t.deck.cards.len(), errors.len());
    // The deck with its new cards is saved at once.
    let save = app.save_due().expect("the deck to save");
    app.saved(save.write(&store));
    assert_eq!(store.load_deck().unwrap().cards.len(), errors.len());
    // A's errors, from bad up.
    press(&mut app, &[Key::Up, Key::Up]);
    let Screen::Trainer(t) = app.screen() else {
        panic!()
    };
    let a = 1 + t.players.iter().position(|p| p == "A").unwrap();
    for _ in 0..a {
        press(&mut app, &[Key::Right]);
    }
    press(&mut app, &[Key::Down, Key::Right]);
    let Screen::Trainer(t) = app.screen() else {
        panic!()
    };
    let due = t.due();
    assert!(!due.is_empty());
    assert!(
        due.iter()
            .all(|&i| t.deck.cards[i].player == "A" && t.deck.cards[i].loss >= THRESHOLDS[1])
    );
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("due today"), "{text}");
    press(&mut app, &[Key::Down, Key::Enter]);
    let Screen::Drill(d) = app.screen() else {
        panic!("a card drilled: {:?}", app.screen())
    };
    let first = d.queue[0];
    // The best play, as the hard level weighs it here, is found.
    let Some(table) = d.table.of::<brade::game::Brade>() else {
        panic!("a bräde card on a bräde board")
    };
    let game = table.game();
    let turn = game.turn().unwrap();
    let plays = brade::brade::MoveGen::new()
        .plays(turn.start().board(), turn.roll())
        .to_vec();
    let values = Level::Hard.player(0).values(&plays);
    let best = (0..plays.len())
        .max_by(|&x, &y| values[x].total_cmp(&values[y]))
        .unwrap();
    // Played on the board as a player would — each checker clicked, then its die — and
    // Enter: the drill weighs it rather than playing the turn on.
    let mover = turn.start().turn();
    for step in plays[best].play.steps() {
        let slot = brade::app::Slot::at(brade::game::Layout::SameWay, mover, step.from);
        app.handle(brade::app::Input::Click(slot));
        press(&mut app, &[Key::Char(char::from(b'0' + step.die))]);
    }
    let Screen::Drill(d) = app.screen() else { panic!() };
    let Some(table) = d.table.of::<brade::game::Brade>() else {
        panic!()
    };
    assert!(d.answer.is_none() && table.game().turn().is_some_and(|t| t.is_complete()));
    press(&mut app, &[Key::Enter]);
    // Weighed off the event loop: nothing answered until the job is done.
    let Screen::Drill(d) = app.screen() else { panic!() };
    assert!(d.answer.is_none());
    common::run_jobs(&mut app);
    let Screen::Drill(d) = app.screen() else { panic!() };
    let answer = d.answer.as_ref().expect("weighed");
    assert_eq!(answer.loss, 0.0);
    assert!(answer.candidates.len() >= 2.min(plays.len()));
    assert!(common::screen(&common::draw(&app, 100, 30)).contains("the best play"));
    let save = app.save_due().expect("the answer saved");
    app.saved(save.write(&store));
    let kept = store.load_deck().unwrap();
    let card = &kept.cards[first];
    assert_eq!(
        (card.answers, card.best, card.repetitions, card.interval),
        (1, 1, 1, 1)
    );
    assert_eq!(card.due, card.last + 1);
    assert_eq!(kept.today(card.last), 1);
    // Esc: back to the form, where the answer counts today.
    press(&mut app, &[Key::Esc]);
    assert!(matches!(app.screen(), Screen::Trainer(t) if t.deck.today(t.today) == 1));
}
