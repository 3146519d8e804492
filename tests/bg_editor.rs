//! The position editor for backgammon (issue 27): checkers set up on the points, the bar
//! and the trays with the keys and the mouse, every change checked by backgammon's own
//! reading of the code (refused in words otherwise), our code and GNU Backgammon's
//! Position ID pasted and copied, the hard level's best plays and the cube, a rollout,
//! and a game played out from it that is never saved.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::app::{App, Editor, EditorNote, Input, Key, Launch, Opening, Slot};
use brade::backgammon::{MoveGen, Position, PositionError};
use brade::game::{Backgammon, Layout};
use brade::rules::{Color, OFF, Roll};
use brade::words::Lang;
use common::{press, type_keys};

const START: &str = "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w";

fn editor(app: &App) -> &Editor<Backgammon> {
    match app.editor_of() {
        Some(e) => e,
        None => panic!("the backgammon editor, not {:?}", app.screen()),
    }
}

fn opened_in(lang: Lang) -> App {
    let mut app = App::new(lang, Box::new(brade::session::SeededDice::from_seed(2)));
    // The start menu's editor opens bräde's; g turns it to backgammon's.
    press(&mut app, &[Key::Char('e'), Key::Char('g')]);
    assert_eq!(editor(&app).code(), START);
    app
}

fn opened() -> App {
    opened_in(Lang::En)
}

/// Types a code after ':' and Enter.
fn paste(app: &mut App, code: &str) {
    type_keys(app, &format!(":{code}"));
    press(app, &[Key::Enter]);
}

/// The slot of `side`'s point `p` in its own numbering (25 the bar, 0 its tray).
fn slot(side: Color, p: u8) -> Slot {
    let travelled = match p {
        0 => OFF,
        25 => 0,
        p => 25 - p,
    };
    Slot::at(Layout::Opposite, side, travelled)
}

fn click(app: &mut App, slot: Slot) {
    app.handle(Input::Click(slot));
}

#[test]
fn checkers_are_placed_and_taken_on_the_points_the_bar_and_the_trays_and_the_code_follows() {
    let mut app = opened();
    // n clears the colour placed: White.
    press(&mut app, &[Key::Char('n')]);
    assert_eq!(editor(&app).code(), "-/6x5,8x3,13x5,24x2/w");
    // The cursor starts bottom left, on White's 12 (Black's 13); White's 11 and 10 are
    // to its right. Enter puts a White checker there.
    press(
        &mut app,
        &[Key::Right, Key::Enter, Key::Enter, Key::Right, Key::Char('+')],
    );
    assert_eq!(editor(&app).code(), "10,11x2/6x5,8x3,13x5,24x2/w");
    // The bar, by keys (its column) and by a click.
    for _ in 0..4 {
        press(&mut app, &[Key::Right]);
    }
    assert_eq!(editor(&app).cursor, Slot { top: false, col: 7 });
    press(&mut app, &[Key::Enter]);
    click(&mut app, slot(Color::White, 25));
    assert_eq!(editor(&app).code(), "10,11x2,25x2/6x5,8x3,13x5,24x2/w");
    // Black's: one from its 6 (top, right of the bar) onto its bar.
    press(&mut app, &[Key::Char('c'), Key::Up, Key::Right]);
    assert_eq!(editor(&app).cursor, slot(Color::Black, 6));
    press(&mut app, &[Key::Char('x'), Key::Left, Key::Enter]);
    assert_eq!(editor(&app).code(), "10,11x2,25x2/6x4,8x3,13x5,24x2,25/w");
    // White's tray: a click bears off the White checker nearest home, a right click
    // brings one back onto the lowest point Black does not hold (its 1 is Black's 24).
    press(&mut app, &[Key::Char('c')]);
    click(&mut app, slot(Color::White, 0));
    assert_eq!(editor(&app).code(), "11x2,25x2/6x4,8x3,13x5,24x2,25/w");
    app.handle(Input::RightClick);
    assert_eq!(editor(&app).code(), "2,11x2,25x2/6x4,8x3,13x5,24x2,25/w");
    // Removing takes whoever stands there; t switches the side to move.
    click(&mut app, slot(Color::White, 2));
    press(
        &mut app,
        &[Key::Char('c'), Key::Char('x'), Key::Char('x'), Key::Char('t')],
    );
    assert_eq!(editor(&app).code(), "11x2,25x2/6x4,8x3,13x5,24x2,25/b");
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(
        text.contains("11x2,25x2/6x4,8x3,13x5,24x2,25/b")
            && text.contains("White: 11 borne off")
            && text.contains("Black: 0 borne off")
            && text.contains("GNU Position ID"),
        "{text}"
    );
}

#[test]
fn a_sixteenth_checker_and_both_colours_on_one_point_are_refused_in_words() {
    let mut app = opened();
    click(&mut app, slot(Color::White, 6));
    assert_eq!(editor(&app).code(), START, "the board is kept");
    assert!(matches!(
        editor(&app).note,
        Some(EditorNote::Refused(PositionError::TooMany {
            side: Color::White,
            count: 16
        }))
    ));
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(text.contains("White would have 16 checkers"), "{text}");
    // A White checker on Black's 13 (White's 12).
    paste(&mut app, "6/6x5,8x3,13x5,24x2/w");
    click(&mut app, slot(Color::White, 12));
    assert_eq!(editor(&app).code(), "6/6x5,8x3,13x5,24x2/w");
    assert!(matches!(
        editor(&app).note,
        Some(EditorNote::Refused(PositionError::Shared { .. }))
    ));
    assert!(common::screen(&common::draw(&app, 100, 30)).contains("Both colours cannot stand on one point"));
    // Both sides with nothing left on the board: refused too.
    paste(&mut app, "-/1/w");
    press(&mut app, &[Key::Char('c')]);
    click(&mut app, slot(Color::Black, 1));
    app.handle(Input::RightClick);
    app.handle(Input::RightClick);
    assert_eq!(editor(&app).code(), "-/1/w");
    assert_eq!(
        editor(&app).note,
        Some(EditorNote::Refused(PositionError::BothOff))
    );
    // In Swedish.
    let mut sv = opened_in(Lang::Sv);
    click(&mut sv, slot(Color::White, 6));
    let text = common::screen(&common::draw(&sv, 100, 30));
    assert!(text.contains("Vit skulle få 16 brickor"), "{text}");
    // A code that is no position: said, and nothing changes.
    paste(&mut app, "1x20/1/w");
    assert_eq!(editor(&app).code(), "-/1/w");
    assert!(matches!(editor(&app).note, Some(EditorNote::Refused(_))));
}

#[test]
fn our_code_and_a_gnu_position_id_paste_and_y_and_capital_y_copy_them() {
    let mut app = opened();
    paste(&mut app, "1,2/bar,20x3/b");
    assert_eq!(editor(&app).code(), "1,2/20x3,25/b");
    // GNU Backgammon's ID of the start, the side to move staying Black's; ':w' says White.
    paste(&mut app, "4HPwATDgc/ABMA");
    assert_eq!(editor(&app).code(), START.replace("/w", "/b"));
    paste(&mut app, "4HPwATDgc/ABMA:w");
    assert_eq!(editor(&app).code(), START);
    press(&mut app, &[Key::Char('y')]);
    assert_eq!(app.take_clipboard().as_deref(), Some(START));
    assert_eq!(app.take_clipboard(), None, "copied once");
    press(&mut app, &[Key::Char('Y')]);
    assert_eq!(app.take_clipboard().as_deref(), Some("4HPwATDgc/ABMA"));
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(
        text.contains("4HPwATDgc/ABMA") && text.contains("OSC 52"),
        "{text}"
    );
}

#[test]
fn a_code_only_the_other_game_reads_opens_that_games_editor() {
    let mut app = App::new(Lang::En, Box::new(brade::session::SeededDice::from_seed(2)));
    press(&mut app, &[Key::Char('e')]);
    assert!(app.editor_of::<brade::game::Brade>().is_some());
    // A GNU ID is backgammon's alone.
    paste(&mut app, "4HPwATDgc/ABMA");
    assert_eq!(editor(&app).code(), START);
    // White's 13 and Black's 12 are one point in backgammon, not in bräde.
    paste(&mut app, "13/12/w");
    let Some(e) = app.editor_of::<brade::game::Brade>() else {
        panic!("bräde's editor, not {:?}", app.screen())
    };
    assert_eq!(e.code(), "13/12/w");
    // And g goes back to backgammon's start.
    press(&mut app, &[Key::Char('g')]);
    assert_eq!(editor(&app).code(), START);
}

#[test]
fn h_lists_the_hard_levels_best_legal_plays_of_the_roll_best_first_and_without_dice_the_cube() {
    let mut app = opened();
    press(&mut app, &[Key::Char('H')]);
    // (Weighed off the event loop, the computer thinking meanwhile.)
    assert_eq!(editor(&app).note, Some(EditorNote::Thinking));
    common::run_jobs(&mut app);
    let Some(EditorNote::Cube(cube)) = &editor(&app).note else {
        panic!("{:?}", editor(&app).note)
    };
    assert!(cube.contains("no double"), "{cube}");
    press(&mut app, &[Key::Char('3'), Key::Char('1'), Key::Char('H')]);
    assert_eq!(editor(&app).note, Some(EditorNote::Thinking));
    common::run_jobs(&mut app);
    let Some(EditorNote::Hints(hints)) = &editor(&app).note else {
        panic!("{:?}", editor(&app).note)
    };
    let pos = Position::from_code(START).unwrap();
    let plays = MoveGen::new()
        .plays(pos.board(), Roll::new(3, 1).unwrap())
        .to_vec();
    let legal: Vec<String> = plays.iter().map(|p| p.play.to_string()).collect();
    assert_eq!(hints.len(), 3);
    assert!(hints.iter().all(|(h, _)| legal.contains(h)), "{hints:?}");
    assert!(hints.windows(2).all(|w| w[0].1 >= w[1].1), "{hints:?}");
    let values = brade::ai::backgammon::player(Level::Hard, 0)
        .unwrap()
        .values(&plays);
    let best = values.iter().copied().fold(f64::MIN, f64::max);
    assert!((hints[0].1 - best).abs() < 1e-9);
    assert_eq!(hints[0].0, "8/5 6/5", "the opening 31 makes the 5-point");
    let text = common::screen(&common::draw(&app, 100, 30));
    assert!(text.contains("8/5 6/5"), "{text}");
}

#[test]
fn a_rollout_runs_as_a_job_with_a_gauge_and_a_finished_game_has_none() {
    let mut app = opened();
    // One checker each on the ace point: White to move wins every game.
    paste(&mut app, "1/1/w");
    press(&mut app, &[Key::Char('R')]);
    assert!(editor(&app).progress.is_some());
    assert!(common::screen(&common::draw(&app, 100, 30)).contains("Rolling out"));
    let jobs = app.jobs(None);
    assert_eq!(jobs.len(), 1);
    for job in jobs {
        app.job_done(job.run());
    }
    let e = editor(&app);
    assert!(e.progress.is_none());
    let r = e.rollout.as_ref().expect("rolled out");
    assert_eq!(r.games, brade::app::EDITOR_ROLLOUT_GAMES);
    assert!((r.equity().mean - 1.0).abs() < 1e-9, "{:?}", r.equity());
    assert!(common::screen(&common::draw(&app, 100, 30)).contains("Rollout (medium, 1296 games): +1.000"));
    // White has borne off everything: nothing to roll out or weigh.
    paste(&mut app, "-/1/b");
    press(&mut app, &[Key::Char('R')]);
    assert_eq!(editor(&app).note, Some(EditorNote::NothingToPlay));
    assert!(app.jobs(None).is_empty());
}

#[test]
fn a_position_played_out_against_the_computer_starts_there_is_never_saved_and_esc_returns() {
    let mut app = opened();
    let code = "6x4,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w";
    paste(&mut app, code);
    press(&mut app, &[Key::Char('2'), Key::Char('1'), Key::Char('o')]);
    let table = editor(&app).play.as_ref().expect("played out");
    let turn = table.game().turn().expect("the roll typed is played");
    assert_eq!(turn.start().code(), code);
    assert_eq!(app.computer_to_act(), None, "the side to move is the player's");
    assert_eq!(app.computer(), [None, Some(Level::Hard)]);
    let pos = Position::from_code(code).unwrap();
    let plays = MoveGen::new()
        .plays(pos.board(), Roll::new(2, 1).unwrap())
        .to_vec();
    paste(&mut app, &plays[0].play.to_string());
    // Then the computer's turn, Black's, which it plays.
    assert!(app.computer_to_act().is_some());
    common::computer_acts(&mut app, 200);
    let game = editor(&app).play.as_ref().unwrap().game();
    assert!(
        game.log[0].turns.len() >= 2,
        "the computer played: {:?}",
        game.log
    );
    assert!(app.save_due().is_none(), "nothing of it is saved");
    assert!(app.snapshot().is_none());
    press(&mut app, &[Key::Esc]);
    let e = editor(&app);
    assert!(e.play.is_none());
    assert_eq!(e.code(), code);
    assert_eq!(app.computer_to_act(), None);
    // With a friend: nobody's computer; without dice typed, White may double first, as
    // in any backgammon game, a click on the cube too.
    press(&mut app, &[Key::Char('0'), Key::Char('p')]);
    assert!(editor(&app).play.is_some());
    assert_eq!(app.computer(), [None, None]);
    app.handle(Input::Cube);
    let game = app
        .game::<brade::game::Backgammon>()
        .expect("the game played out");
    assert!(
        matches!(game.phase, brade::session::Phase::Doubled { .. }),
        "{:?}",
        game.phase
    );
    // i: the game as GNU Backgammon names it.
    press(&mut app, &[Key::Char('i')]);
    let note = editor(&app).play.as_ref().unwrap().note();
    assert!(
        matches!(note, Some(brade::words::Note::GnubgIds { .. })),
        "{note:?}"
    );
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(
        text.contains("White") && text.contains("Playing out the position set up (not saved)"),
        "{text}"
    );
}

#[test]
fn brade_edit_game_backgammon_opens_the_editor_at_the_position_and_fits_80_by_24() {
    let position = Position::from_code("1,2/20x3,25/b").unwrap();
    let app = common::launched(
        Lang::Sv,
        Launch {
            opening: Opening::Editor {
                kind: brade::game::Kind::Backgammon,
                code: Some(position.code()),
            },
            ..Launch::default()
        },
    );
    assert_eq!(editor(&app).code(), "1,2/20x3,25/b");
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(
        text.contains("1,2/20x3,25/b") && text.contains("Ställ upp backgammon"),
        "{text}"
    );
    // A position the command line cannot read: said in words, nothing opened.
    let out = common::brade(&["edit", "--game", "backgammon", "1x16/-/w"], None);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("16 checkers"), "{said}");
}
