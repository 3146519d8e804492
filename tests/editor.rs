//! The position editor (issue 27): a position set up with the keys, every change checked
//! by the rules' own reading of its code (refused in words otherwise), a code pasted and
//! copied, the best plays of a roll as the hard level weighs them, a rollout, and a game
//! played out from it that is never saved.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::app::{App, Editor, EditorNote, Key};
use brade::brade::{MoveGen, Position};
use brade::rules::Color;
use brade::words::Lang;
use common::{press, type_keys};

fn editor(app: &App) -> &Editor<brade::game::Brade> {
    match app.editor_of() {
        Some(e) => e,
        None => panic!("the editor, not {:?}", app.screen()),
    }
}

fn opened() -> App {
    let mut app = App::new(Lang::En, Box::new(brade::session::SeededDice::from_seed(2)));
    assert!(app.menu().contains(&brade::app::MenuItem::Editor));
    press(&mut app, &[Key::Char('e')]);
    assert_eq!(editor(&app).code(), "1x15/1x15/w");
    app
}

#[test]
fn checkers_are_placed_and_removed_with_the_keys_and_the_code_follows() {
    let mut app = opened();
    // An empty board: every checker borne off.
    press(&mut app, &[Key::Char('n')]);
    assert_eq!(editor(&app).code(), "-/-/w");
    // The cursor starts bottom left: White's 13; Enter puts a White checker there.
    press(&mut app, &[Key::Enter, Key::Enter, Key::Right, Key::Char('+')]);
    assert_eq!(editor(&app).code(), "13x2,14/-/w");
    // Black's checker on the top row, by Black's own numbers.
    press(&mut app, &[Key::Char('c'), Key::Up, Key::Enter]);
    let code = editor(&app).code();
    let back = Position::from_code(&code).unwrap();
    assert_eq!(back.board().opp_in_play(), 1, "{code}");
    // Removing takes whoever stands there; the side to move switches with t.
    press(&mut app, &[Key::Char('x'), Key::Char('t')]);
    assert_eq!(editor(&app).code(), "13x2,14/-/b");
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(
        text.contains("13x2,14/-/b") && text.contains("White: 12 borne off"),
        "{text}"
    );
}

#[test]
fn a_position_the_rules_do_not_read_is_refused_in_words_and_the_board_kept() {
    let mut app = opened();
    // A sixteenth White checker.
    press(&mut app, &[Key::Enter]);
    assert_eq!(editor(&app).code(), "1x15/1x15/w");
    assert!(matches!(
        editor(&app).note,
        Some(EditorNote::Refused(brade::brade::PositionError::TooMany {
            side: Color::White,
            count: 16
        }))
    ));
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(text.contains("White would have 16 checkers"), "{text}");
    // A Black checker on a tunga White holds: White's 1, where all White's stand.
    press(&mut app, &[Key::Char('n')]);
    type_keys(&mut app, ":1/-/w");
    press(&mut app, &[Key::Enter]);
    assert_eq!(editor(&app).code(), "1/-/w");
    let white_one = brade::app::Slot::of_point(Color::White, 1);
    press(&mut app, &[Key::Char('c')]);
    app.handle(brade::app::Input::Click(white_one));
    assert_eq!(editor(&app).code(), "1/-/w");
    assert!(matches!(
        editor(&app).note,
        Some(EditorNote::Refused(brade::brade::PositionError::Shared { .. }))
    ));
    // A right click takes away a checker where the cursor is (White's, Black having none).
    app.handle(brade::app::Input::RightClick);
    assert_eq!(editor(&app).code(), "-/-/w");
    press(&mut app, &[Key::Char('c'), Key::Char('+')]);
    assert_eq!(editor(&app).code(), "1/-/w");
    let mut sv = App::new(Lang::Sv, Box::new(brade::session::SeededDice::from_seed(2)));
    press(&mut sv, &[Key::Char('e'), Key::Enter]);
    let text = common::screen(&common::draw(&sv, 100, 30));
    assert!(text.contains("Vit skulle få 16 brickor"), "{text}");
    // A code typed that is no position: said, and nothing changes.
    type_keys(&mut app, ":1x20/1/w");
    press(&mut app, &[Key::Enter]);
    assert_eq!(editor(&app).code(), "1/-/w");
    assert!(matches!(editor(&app).note, Some(EditorNote::Refused(_))));
}

#[test]
fn a_pasted_code_opens_and_y_copies_the_code_on_screen() {
    let mut app = opened();
    type_keys(&mut app, ":23x2,24/13x15/w");
    press(&mut app, &[Key::Enter]);
    assert_eq!(editor(&app).code(), "23x2,24/13x15/w");
    assert_eq!(app.take_clipboard(), None);
    press(&mut app, &[Key::Char('y')]);
    assert_eq!(app.take_clipboard().as_deref(), Some("23x2,24/13x15/w"));
    assert_eq!(app.take_clipboard(), None, "copied once");
    assert!(common::screen(&common::draw(&app, 100, 30)).contains("OSC 52"));
}

#[test]
fn h_gives_the_hard_levels_three_best_plays_of_the_roll_typed() {
    let mut app = opened();
    press(&mut app, &[Key::Char('H')]);
    assert_eq!(editor(&app).note, Some(EditorNote::NeedsRoll));
    press(&mut app, &[Key::Char('6'), Key::Char('5'), Key::Char('H')]);
    assert_eq!(editor(&app).note, Some(EditorNote::Thinking));
    common::run_jobs(&mut app);
    let Some(EditorNote::Hints(hints)) = &editor(&app).note else {
        panic!("{:?}", editor(&app).note)
    };
    let pos = Position::start(Color::White);
    let plays = MoveGen::new()
        .plays(pos.board(), brade::rules::Roll::new(6, 5).unwrap())
        .to_vec();
    let values = Level::Hard.player(0).values(&plays);
    let best = values.iter().copied().fold(f64::MIN, f64::max);
    assert_eq!(hints.len(), 3.min(plays.len()));
    assert!((hints[0].1 - best).abs() < 1e-12);
    assert!(hints.windows(2).all(|w| w[0].1 >= w[1].1));
}

#[test]
fn a_rollout_runs_as_a_job_with_a_gauge_and_reports_the_side_to_move() {
    let mut app = opened();
    press(&mut app, &[Key::Char('R')]);
    assert!(editor(&app).progress.is_some());
    assert!(common::screen(&common::draw(&app, 100, 30)).contains("Rolling out"));
    let jobs = app.jobs(None);
    assert_eq!(jobs.len(), 1);
    for job in jobs {
        app.job_done(job.run());
    }
    let e = editor(&app);
    let r = e.rollout.as_ref().expect("rolled out");
    assert_eq!(r.games, brade::app::EDITOR_ROLLOUT_GAMES);
    assert!(
        r.std_error() > 0.0 && r.equity().abs() < 1.0,
        "the start is near even"
    );
    assert!(common::screen(&common::draw(&app, 100, 30)).contains("Rollout (medium, 1296 games)"));
}

#[test]
fn a_position_played_out_from_the_editor_is_never_saved_and_esc_comes_back_to_it() {
    let mut app = opened();
    type_keys(&mut app, ":23x2,24/13x15/w");
    press(
        &mut app,
        &[Key::Enter, Key::Char('2'), Key::Char('1'), Key::Char('o')],
    );
    let e = editor(&app);
    let table = e.play.as_ref().expect("played out");
    assert!(table.game().turn().is_some(), "the roll typed is played");
    assert_eq!(app.computer_to_act(), None, "the side to move is the player's");
    let pos = Position::from_code("23x2,24/13x15/w").unwrap();
    let plays = MoveGen::new()
        .plays(pos.board(), brade::rules::Roll::new(2, 1).unwrap())
        .to_vec();
    type_keys(&mut app, &format!(":{}", plays[0].play));
    press(&mut app, &[Key::Enter]);
    // Then the computer's turn: Black's.
    assert!(app.computer_to_act().is_some());
    assert!(app.save_due().is_none(), "nothing of it is saved");
    press(&mut app, &[Key::Esc]);
    let e = editor(&app);
    assert!(e.play.is_none());
    assert_eq!(e.code(), "23x2,24/13x15/w");
    assert_eq!(app.computer_to_act(), None);
}

#[test]
fn a_click_on_a_tray_bears_a_checker_off_and_a_right_click_brings_one_back() {
    let mut app = opened();
    // White's tray: bottom right.
    let tray = brade::app::Slot::of_point(Color::White, brade::rules::OFF);
    app.handle(brade::app::Input::Click(tray));
    assert_eq!(editor(&app).code(), "1x14/1x15/w");
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(text.contains("White: 1 borne off"), "{text}");
    // Back onto the last tunga of White's way that Black does not hold.
    app.handle(brade::app::Input::RightClick);
    assert_eq!(editor(&app).code(), "1x14,24/1x15/w");
}
