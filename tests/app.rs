//! The game driven like a player drives it — scripted dice and key events (and clicks)
//! only, no terminal — with the state checked after each step.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::app::{App, Input, Key, Overlay, Slot};
use brade::brade::{GameResult, MoveGen, Refusal, StepRefusal, WinKind};
use brade::game::Brade;
use brade::rules::{Color, OFF};
use brade::session::{Phase, ScriptedDice};
use brade::words::Lang;
use brade::words::Note;
use brade::words::notes as text;
use common::{game, press};
use proptest::prelude::*;

fn dice(script: &[u8]) -> Box<ScriptedDice> {
    Box::new(ScriptedDice::new(script))
}

/// A long pseudo-random script of dice (so whole games can be played).
fn long_script(seed: u64) -> Vec<u8> {
    let mut rng = common::TestRng(seed);
    (0..5000).map(|_| 1 + rng.below(6) as u8).collect()
}

/// Moves the cursor to a slot with arrow keys.
fn go_to(app: &mut App, slot: Slot) {
    press(app, &[if slot.top { Key::Up } else { Key::Down }]);
    for _ in 0..=Slot::LAST_COL {
        match app.cursor().col.cmp(&slot.col) {
            std::cmp::Ordering::Less => press(app, &[Key::Right]),
            std::cmp::Ordering::Greater => press(app, &[Key::Left]),
            std::cmp::Ordering::Equal => break,
        }
    }
    assert_eq!(app.cursor(), slot, "the cursor did not get there");
}

/// Plays one step with the cursor: pick the checker, then place it (or, bearing off,
/// press the die's digit).
fn key_step(app: &mut App, mover: Color, from: u8, to: u8, die: u8) {
    go_to(app, Slot::of_point(mover, from));
    press(app, &[Key::Enter]);
    assert_eq!(
        app.picked(),
        Some(from),
        "picking {from}: {:?}",
        app.note::<brade::game::Brade>()
    );
    if to == OFF {
        press(app, &[Key::Char(char::from(b'0' + die))]);
    } else {
        go_to(app, Slot::of_point(mover, to));
        press(app, &[Key::Enter]);
    }
    assert_eq!(
        app.picked(),
        None,
        "placing {from}/{to}: {:?}",
        app.note::<brade::game::Brade>()
    );
}

/// Plays the turn in progress with the first legal play, by keys, and confirms it.
fn play_first_legal(app: &mut App) {
    let turn = game(app).turn().expect("a turn in progress").clone();
    let mover = turn.start().turn();
    let plays = MoveGen::new().plays(turn.start().board(), turn.roll()).to_vec();
    let chosen = plays[0];
    for s in chosen.play.steps() {
        key_step(app, mover, s.from, s.to, s.die);
    }
    let done = game(app)
        .turn()
        .expect("still the turn")
        .completed()
        .expect("a complete play");
    assert_eq!((done.board, done.result), (chosen.board, chosen.result));
    press(app, &[Key::Enter]);
}

/// Presses whatever the phase needs until the match is over; returns the starter of
/// every game.
fn play_match(app: &mut App) -> Vec<Color> {
    let mut starters = Vec::new();
    let mut fresh_game = true;
    for _ in 0..5000 {
        let phase = game(app).phase.clone();
        match phase {
            Phase::Teka { .. } => press(app, &[Key::Char(' ')]),
            Phase::AwaitRoll => {
                if fresh_game {
                    starters.push(game(app).position.turn());
                    fresh_game = false;
                }
                press(app, &[Key::Char(' ')]);
            }
            Phase::Forfeit(_) => {
                assert!(matches!(
                    app.note::<brade::game::Brade>(),
                    Some(&Note::CannotMove { .. })
                ));
                press(app, &[Key::Enter]);
            }
            Phase::Moving(_) => play_first_legal(app),
            Phase::Doubled { .. } => panic!("bräde has no doubling cube"),
            Phase::GameOver { .. } => {
                fresh_game = true;
                press(app, &[Key::Enter]);
            }
            Phase::MatchOver => return starters,
        }
    }
    panic!("the match did not end");
}

#[test]
fn a_complete_game_is_played_with_keys_only() {
    let mut app = common::with_match(Lang::En, dice(&long_script(1)), "Anna", "Bo", 1);
    play_match(&mut app);
    let g = game(&app);
    assert_eq!(g.score.results().len(), 1);
    let r = g.score.results()[0];
    assert_eq!(g.score.points(r.winner), r.result.points());
    assert!(matches!(g.score.standing(), brade::brade::Standing::Won { winner, .. } if winner == r.winner));
}

#[test]
fn a_three_game_match_with_teka_where_the_lower_die_starts_and_the_loser_starts_the_next() {
    // Teka: 4–4 (again), then White 5, Black 2: Black starts.
    let mut script = vec![4, 4, 5, 2];
    script.extend(long_script(7));
    let mut app = common::with_match(Lang::En, dice(&script), "Anna", "Bo", 3);
    press(&mut app, &[Key::Char(' ')]);
    assert_eq!(app.note::<brade::game::Brade>(), Some(&Note::TekaEqual(4)));
    assert!(matches!(game(&app).phase, Phase::Teka { dice: Some((4, 4)) }));
    press(&mut app, &[Key::Char(' ')]);
    assert_eq!(
        app.note::<brade::game::Brade>(),
        Some(&Note::TekaStarts {
            starter: Color::Black,
            white: 5,
            black: 2
        })
    );
    let starters = play_match(&mut app);
    let g = game(&app);
    assert_eq!(g.score.results().len(), 3);
    assert_eq!(starters[0], Color::Black);
    for (i, record) in g.score.results().iter().take(2).enumerate() {
        assert_eq!(
            starters[i + 1],
            record.winner.other(),
            "game {} is started by its loser",
            i + 2
        );
    }
    assert!(matches!(g.phase, Phase::MatchOver));
    // n: a new match with the same players.
    press(&mut app, &[Key::Char('n')]);
    assert!(
        matches!(app.screen(), brade::app::Screen::Setup(f) if f.names == ["Anna".to_string(), "Bo".to_string()])
    );
}

#[test]
fn undo_takes_back_steps_of_the_turn() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    key_step(&mut app, Color::White, 1, 6, 5);
    assert_eq!(game(&app).turn().unwrap().taken().len(), 1);
    press(&mut app, &[Key::Char('u')]);
    let turn = game(&app).turn().unwrap();
    assert!(turn.taken().is_empty());
    assert_eq!(turn.position().code(), "1x15/1x15/w");
    // Undo with nothing taken does nothing harmful.
    press(&mut app, &[Key::Backspace, Key::Backspace]);
    assert!(game(&app).turn().unwrap().taken().is_empty());
}

#[test]
fn a_forfeited_die_is_announced_in_both_languages_and_confirmed() {
    // Only 1/7 can be played with 6-5; the 5 is forfeited (R10).
    let mut app = common::at("1,24x14/1x13,24x2/w", &[6, 5], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    key_step(&mut app, Color::White, 1, 7, 6);
    assert_eq!(
        app.note::<brade::game::Brade>(),
        Some(&Note::Forfeits {
            who: Color::White,
            dice: vec![5],
            why: vec![(5, None)],
        })
    );
    let names = game(&app).names.clone();
    let note = app.note::<brade::game::Brade>().cloned().unwrap();
    assert!(text::note(Lang::Sv, &note, &names).contains("fåtar femman"));
    let said = text::note(Lang::En, &note, &names);
    assert!(
        said.contains("forfeits the 5 (5: no checker can move a 5)"),
        "{said}"
    );
    press(&mut app, &[Key::Enter]);
    assert!(matches!(game(&app).phase, Phase::AwaitRoll));
    assert_eq!(game(&app).position.turn(), Color::Black);
    assert_eq!(
        game(&app).last.as_ref().map(|l| l.play.to_string()),
        Some("1/7".to_string())
    );
}

#[test]
fn a_roll_that_cannot_be_played_is_announced_and_passed() {
    let mut app = common::at("20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/w", &[4, 4], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    assert!(matches!(game(&app).phase, Phase::Forfeit(_)));
    // It says why: no checker can move a 4 (the 20 is blocked by Black's band on 24, and
    // the others may not bear off while it stays).
    assert_eq!(
        app.note::<brade::game::Brade>(),
        Some(&Note::CannotMove {
            who: Color::White,
            dice: vec![(4, None)]
        })
    );
    let said = text::note(
        Lang::En,
        app.note::<brade::game::Brade>().unwrap(),
        &game(&app).names,
    );
    assert!(said.contains("4: no checker can move a 4"), "{said}");
    press(&mut app, &[Key::Enter]);
    assert_eq!(
        game(&app).position.code(),
        "20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/b"
    );
}

#[test]
fn a_burst_sends_the_whole_band_to_the_bar() {
    // R12: a wall of seven; 6/7! and 7/9! burst two bands.
    let mut app = common::at(
        "6,24x14/1x3,19x2,20x2,21x2,22x2,23x2,24x2/w",
        &[1, 2],
        Lang::En,
        3,
    );
    press(&mut app, &[Key::Char(' ')]);
    key_step(&mut app, Color::White, 6, 7, 1);
    key_step(&mut app, Color::White, 7, 9, 2);
    press(&mut app, &[Key::Enter]);
    let g = game(&app);
    assert_eq!(g.position.code(), "9,24x14/0x4,1x3,20x2,22x2,23x2,24x2/b");
    assert_eq!(g.last.as_ref().unwrap().play.to_string(), "6/7! 7/9!");
}

#[test]
fn a_jan_ends_the_game_in_the_middle_of_the_roll() {
    // Hitting on 8 leaves Black two on the bar and one free point: jan; the 1 is waived.
    let mut app = common::at("1x14,5/0,1x8,2,3,4,5,20,24/w", &[3, 1], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    key_step(&mut app, Color::White, 5, 8, 3);
    let turn = game(&app).turn().unwrap();
    assert_eq!(turn.result(), Some(GameResult::new(WinKind::Jan, false)));
    assert_eq!(turn.dice_left(), vec![1]);
    // The winning play is announced before it is confirmed.
    assert_eq!(
        app.note::<brade::game::Brade>(),
        Some(&Note::Wins(GameResult::new(WinKind::Jan, false)))
    );
    let said = text::note(
        Lang::En,
        app.note::<brade::game::Brade>().unwrap(),
        &game(&app).names,
    );
    assert!(said.contains("this play wins: Jan — 4 points"), "{said}");
    press(&mut app, &[Key::Enter]);
    match &game(&app).phase {
        Phase::GameOver { record, .. } => {
            assert_eq!(record.winner, Color::White);
            assert_eq!(record.result.points(), 4);
        }
        other => panic!("expected game over, got {other:?}"),
    }
    assert_eq!(game(&app).score.points(Color::White), 4);
}

#[test]
fn an_illegal_step_is_refused_with_the_rule_in_words() {
    let mut app = common::at("1x13,3,5/1x15/w", &[2, 1], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    go_to(&mut app, Slot::of_point(Color::White, 3));
    press(&mut app, &[Key::Enter]);
    go_to(&mut app, Slot::of_point(Color::White, 5));
    press(&mut app, &[Key::Enter]);
    assert_eq!(
        app.note::<brade::game::Brade>(),
        Some(&Note::Refused(Refusal::Step(StepRefusal::BandInFirstHalf(5))))
    );
    let names = game(&app).names.clone();
    let msg = text::note(Lang::En, app.note::<brade::game::Brade>().unwrap(), &names);
    assert!(msg.contains("bands only on the huk (12) and on 13–24"), "{msg}");
    let msg = text::note(Lang::Sv, app.note::<brade::game::Brade>().unwrap(), &names);
    assert!(
        msg.contains("band får bara läggas på huken (12) och på 13–24"),
        "{msg}"
    );
    // Nothing moved, and the checker is still picked.
    assert!(game(&app).turn().unwrap().taken().is_empty());
    assert_eq!(app.picked(), Some(3));
}

#[test]
fn picking_a_checker_that_cannot_move_says_why() {
    // Black's band on White's 6: with 5-5 nothing can leave home (14 and 16 can move).
    let mut app = common::at("1x13,14,16/1x13,18x2/w", &[5, 5], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    go_to(&mut app, Slot::of_point(Color::White, 1));
    press(&mut app, &[Key::Enter]);
    assert_eq!(
        app.note::<brade::game::Brade>(),
        Some(&Note::Refused(Refusal::Step(StepRefusal::ProtectedBand(6))))
    );
}

#[test]
fn a_whole_play_can_be_typed_after_a_colon() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char(' '), Key::Char(':')]);
    for c in "1/4 4/9".chars() {
        press(&mut app, &[Key::Char(c)]);
    }
    // One Enter plays and confirms a complete play.
    press(&mut app, &[Key::Enter]);
    assert_eq!(*app.overlay(), Overlay::None);
    assert_eq!(game(&app).position.code(), "1x14,9/1x15/b");
    // Bad notation is refused with a reason, and the turn is untouched.
    press(
        &mut app,
        &[Key::Char(' '), Key::Char(':'), Key::Char('x'), Key::Enter],
    );
    assert!(matches!(
        app.note::<brade::game::Brade>(),
        Some(&Note::Refused(Refusal::Notation(_)))
    ));
}

#[test]
fn a_part_of_a_play_can_be_typed_and_the_rest_made_after() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    common::type_moves(&mut app, "1/4");
    let turn = game(&app).turn().expect("the turn goes on");
    assert_eq!(turn.taken().len(), 1, "1/4 is played");
    // The rest typed after it.
    common::type_moves(&mut app, "4/9");
    assert_eq!(game(&app).position.code(), "1x14,9/1x15/b");
    // Or, after a move, the whole play typed from the start.
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    common::type_moves(&mut app, "1/6");
    common::type_moves(&mut app, "1/4 1/6");
    assert_eq!(game(&app).position.code(), "1x13,4,6/1x15/b");
}

#[test]
fn a_refused_typed_play_says_what_is_wrong_with_the_text_and_leaves_the_board_as_it_was() {
    let names = ["Anna".to_string(), "Bo".to_string()];
    // 5-3 on a fresh turn: the first two moves already use the roll.
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    common::type_moves(&mut app, "1/6 1/4 1/2");
    let said = text::note(Lang::En, app.note::<brade::game::Brade>().unwrap(), &names);
    assert_eq!(
        said,
        "after 1/6 1/4 the play is complete: 1/2 is one move too many"
    );
    assert!(game(&app).turn().unwrap().taken().is_empty(), "nothing moved");
    let said = text::note(Lang::Sv, app.note::<brade::game::Brade>().unwrap(), &names);
    assert_eq!(said, "efter 1/6 1/4 är draget klart: 1/2 är en flytt för mycket");
    // 6-6: the second 1/7 is refused because of the first (R7), not because of the board.
    let mut app = common::at("1x15/1x15/w", &[6, 6], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    common::type_moves(&mut app, "1/7 1/7");
    let said = text::note(Lang::En, app.note::<brade::game::Brade>().unwrap(), &names);
    assert!(said.starts_with("1/7 after 1/7: "), "{said}");
    assert!(said.contains("you already have a checker on 7"), "{said}");
    assert!(game(&app).turn().unwrap().taken().is_empty(), "nothing moved");
    // The first move refused: it is named.
    common::type_moves(&mut app, "5/11");
    let said = text::note(Lang::En, app.note::<brade::game::Brade>().unwrap(), &names);
    assert_eq!(said, "5/11: you have no checker on 5");
}

#[test]
fn a_computer_that_cannot_move_is_named_and_never_called_you() {
    use brade::rules::Color;
    // Black has two on the bar and two available points, White bands on his 4, 5 and 6.
    let code = "15,16x2,17x2,18x2,20x2,22x2,23x2,24x2/0x2,1x6,13x2,14x2,15x3/b";
    let names = ["Anna".to_string(), "Computer (hard)".to_string()];
    let dice = brade::brade::Turn::new(common::pos(code), common::roll("65")).blocked_dice();
    let note: Note<Brade> = Note::CannotMove {
        who: Color::Black,
        dice,
    };
    for lang in Lang::ALL {
        let said = text::note_for(lang, &note, &names, [false, true]);
        let words: Vec<&str> = said.split(|c: char| !c.is_alphabetic()).collect();
        for you in ["you", "your", "du", "din", "dina"] {
            assert!(!words.contains(&you), "{lang:?}: {said}");
        }
        assert!(said.contains("6") && said.contains("5"), "{said}");
        // At the keyboard, the same note speaks to the player.
        let said = text::note_for(lang, &note, &names, [false, false]);
        assert!(said.contains("you") || said.contains("du"), "{said}");
    }
}

#[test]
fn mouse_clicks_pick_and_place_checkers() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    app.handle(Input::Click(Slot::of_point(Color::White, 1))); // rolls (Enter on the board)
    app.handle(Input::Click(Slot::of_point(Color::White, 1)));
    assert_eq!(app.picked(), Some(1));
    app.handle(Input::Click(Slot::of_point(Color::White, 6)));
    app.handle(Input::Click(Slot::of_point(Color::White, 6)));
    app.handle(Input::Click(Slot::of_point(Color::White, 9)));
    assert!(game(&app).turn().unwrap().is_complete());
    app.handle(Input::Click(Slot::of_point(Color::White, 20)));
    assert_eq!(game(&app).position.code(), "1x14,9/1x15/b");
}

#[test]
fn the_whole_turn_can_be_played_with_the_mouse() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    app.handle(Input::Dice); // the dice roll
    assert!(matches!(game(&app).phase, Phase::Moving(_)));
    app.handle(Input::Dice); // an incomplete play is not confirmed
    assert!(matches!(game(&app).phase, Phase::Moving(_)));
    app.handle(Input::Click(Slot::of_point(Color::White, 1)));
    app.handle(Input::Click(Slot::of_point(Color::White, 6)));
    assert_eq!(game(&app).turn().unwrap().taken().len(), 1);
    app.handle(Input::RightClick); // takes the move back
    assert!(game(&app).turn().unwrap().taken().is_empty());
    app.handle(Input::Click(Slot::of_point(Color::White, 1)));
    app.handle(Input::Click(Slot::of_point(Color::White, 6)));
    app.handle(Input::Click(Slot::of_point(Color::White, 1)));
    app.handle(Input::Click(Slot::of_point(Color::White, 4)));
    app.handle(Input::Dice); // confirms the complete play
    assert_eq!(game(&app).position.code(), "1x13,4,6/1x15/b");
    // A roll that cannot be played is passed by a click on the dice.
    let mut app = common::at("20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/w", &[4, 4], Lang::En, 3);
    app.handle(Input::Dice);
    assert!(matches!(game(&app).phase, Phase::Forfeit(_)));
    app.handle(Input::Dice);
    assert_eq!(game(&app).position.turn(), Color::Black);
    // The point under the pointer is remembered for the board to light.
    app.handle(Input::Hover(Some(Slot::of_point(Color::Black, 1))));
    assert_eq!(app.hover(), Some(Slot::of_point(Color::Black, 1)));
    app.handle(Input::Hover(None));
    assert_eq!(app.hover(), None);
}

#[test]
fn tab_cycles_through_the_checkers_that_can_move() {
    let mut app = common::at("1x13,10,14/1x15/w", &[2, 1], Lang::En, 3);
    press(&mut app, &[Key::Char(' ')]);
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push(app.cursor().point_for(Color::White));
        press(&mut app, &[Key::Tab]);
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, vec![1, 10, 14]);
}

#[test]
fn quitting_asks_first_during_a_match() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char('q')]);
    assert_eq!(*app.overlay(), Overlay::ConfirmQuit);
    press(&mut app, &[Key::Char('n')]);
    assert_eq!(*app.overlay(), Overlay::None);
    assert!(!app.quitting());
    press(&mut app, &[Key::CtrlC, Key::Char('y')]);
    assert!(app.quitting());
    // On the start screen q quits at once.
    let mut app = App::new(Lang::En, dice(&[1]));
    press(&mut app, &[Key::Char('q')]);
    assert!(app.quitting());
}

#[test]
fn the_start_screen_leads_to_a_match_with_the_names_typed() {
    let mut app = App::new(Lang::Sv, dice(&[2, 5]));
    press(&mut app, &[Key::Enter, Key::Right, Key::Right, Key::Down]);
    for _ in 0..3 {
        press(&mut app, &[Key::Backspace]);
    }
    for c in "Quinn?".chars() {
        press(&mut app, &[Key::Char(c)]);
    }
    press(
        &mut app,
        &[Key::Enter, Key::Enter, Key::Enter, Key::Enter, Key::Enter],
    );
    let g = game(&app);
    assert_eq!(g.score.games(), 7);
    assert_eq!(g.names, ["Quinn?".to_string(), "Svart".to_string()]);
    press(&mut app, &[Key::Char(' ')]);
    assert_eq!(game(&app).position.turn(), Color::White);
}

#[test]
fn help_opens_scrolls_and_closes() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char('?'), Key::Down, Key::PageDown]);
    let Overlay::Help(h) = app.overlay() else {
        panic!("the help is shown: {:?}", app.overlay())
    };
    // Eleven lines down in the default 80×24 window.
    let (text, starts) = brade::app::help::lines(&h.blocks(Lang::En), brade::app::help::Help::width(80));
    assert_eq!(h.top(&starts, text.len(), h.text_rows(24)), 11);
    press(&mut app, &[Key::Esc]);
    assert_eq!(*app.overlay(), Overlay::None);
    press(&mut app, &[Key::F1, Key::Char('q')]);
    assert_eq!(*app.overlay(), Overlay::None);
    assert!(!app.quitting());
}

fn any_input() -> impl Strategy<Value = Input> {
    let keys = prop_oneof![
        Just(Key::Enter),
        Just(Key::Esc),
        Just(Key::Backspace),
        Just(Key::Tab),
        Just(Key::BackTab),
        Just(Key::Left),
        Just(Key::Right),
        Just(Key::Up),
        Just(Key::Down),
        Just(Key::PageUp),
        Just(Key::PageDown),
        Just(Key::Home),
        Just(Key::End),
        Just(Key::F1),
        Just(Key::CtrlC),
        proptest::char::range(' ', '~').prop_map(Key::Char),
        Just(Key::Char('ö')),
    ];
    prop_oneof![
        8 => keys.prop_map(Input::Key),
        1 => (any::<bool>(), 0u8..=14).prop_map(|(top, col)| Input::Click(Slot { top, col })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// No key sequence, in any state, panics; drawing every state at 80×24 never panics.
    #[test]
    fn no_input_sequence_panics(seed in any::<u64>(), inputs in proptest::collection::vec(any_input(), 1..400)) {
        let mut app = App::new(Lang::En, dice(&long_script(seed)));
        let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
        for input in inputs {
            if app.quitting() {
                break;
            }
            app.handle(input);
            terminal.draw(|f| brade::ui::draw(f, &app)).unwrap();
        }
    }
}

#[test]
fn the_tutor_questions_a_bad_play_once_and_then_lets_it_be_played() {
    use brade::ai::Level;
    use brade::rules::Roll;
    // A position and roll where the worst play loses clearly against the best.
    let (code, roll, worst) = (0..200)
        .find_map(|seed| {
            let (pos, roll) = common::random_position(seed, 12 + (seed % 20) as usize);
            let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
            let values = Level::Hard.player(0).values(&plays);
            let (lo, hi) = values
                .iter()
                .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            let worst = values.iter().position(|&v| v == lo)?;
            (plays.len() > 1 && hi - lo > 0.3 && plays[worst].result.is_none())
                .then(|| (pos.code(), roll, plays[worst].play.to_string()))
        })
        .expect("a position with a clearly bad play");
    let (a, b) = roll.dice();
    // In a single game the loss is in points; in a match, in the chance to win it.
    for (games, unit, enhet) in [
        (1, " points;", " poäng;"),
        (
            3,
            "% of your chance to win the match",
            "% av chansen att vinna matchen",
        ),
    ] {
        let mut app = common::at(&code, &[a, b], Lang::En, games);
        app.apply_settings(brade::settings::Settings {
            tutor: brade::settings::Tutor::Doubtful,
            ..*app.settings()
        });
        press(&mut app, &[Key::Char(' ')]);
        assert_eq!(game(&app).turn().unwrap().roll(), Roll::new(a, b).unwrap());
        common::type_moves(&mut app, &worst);
        // The tutor weighs it off the event loop, the play complete and unconfirmed meanwhile.
        assert_eq!(app.note::<brade::game::Brade>(), Some(&Note::Thinking));
        assert!(game(&app).turn().unwrap().is_complete());
        common::run_jobs(&mut app);
        assert!(
            matches!(app.note::<brade::game::Brade>(), Some(&Note::Tutor { .. })),
            "{:?}",
            app.note::<brade::game::Brade>()
        );
        assert!(game(&app).turn().unwrap().is_complete(), "not confirmed yet");
        let said = text::note(
            Lang::En,
            app.note::<brade::game::Brade>().unwrap(),
            &game(&app).names,
        );
        assert!(
            said.contains("this play loses")
                && said.contains("Enter plays yours anyway")
                && said.contains(unit),
            "{said}"
        );
        let sv = text::note(
            Lang::Sv,
            app.note::<brade::game::Brade>().unwrap(),
            &game(&app).names,
        );
        assert!(
            sv.contains("draget förlorar") && sv.contains("datorn föredrar") && sv.contains(enhet),
            "{sv}"
        );
        // X copies the questioned play as XG text (bräde's block), and says so.
        press(&mut app, &[Key::Char('X')]);
        let copied = app.take_clipboard().expect("the block on the clipboard");
        assert!(copied.starts_with(&format!("{code}\n")), "{copied}");
        assert!(copied.contains(&format!(" played {worst}")), "{copied}");
        assert!(
            matches!(app.note::<brade::game::Brade>(), Some(Note::Info(_))),
            "{:?}",
            app.note::<brade::game::Brade>()
        );
        // Enter plays it anyway.
        press(&mut app, &[Key::Enter]);
        assert!(!matches!(game(&app).phase, Phase::Moving(_)));
    }
}

#[test]
fn the_tutor_questions_a_bad_play_made_on_the_board_when_enter_confirms_it() {
    use brade::ai::Level;
    // A position and roll where the worst play loses clearly against the best.
    let (code, roll, worst) = (0..200)
        .find_map(|seed| {
            let (pos, roll) = common::random_position(seed, 12 + (seed % 20) as usize);
            let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
            let values = Level::Hard.player(0).values(&plays);
            let lo = values.iter().copied().fold(f64::MAX, f64::min);
            let hi = values.iter().copied().fold(f64::MIN, f64::max);
            let worst = values.iter().position(|&v| v == lo)?;
            (plays.len() > 1 && hi - lo > 0.3 && plays[worst].result.is_none())
                .then(|| (pos.code(), roll, plays[worst].play))
        })
        .expect("a position with a clearly bad play");
    let (a, b) = roll.dice();
    let mut app = common::at(&code, &[a, b], Lang::En, 1);
    app.apply_settings(brade::settings::Settings {
        tutor: brade::settings::Tutor::Doubtful,
        auto_confirm: false,
        ..*app.settings()
    });
    press(&mut app, &[Key::Char(' ')]);
    let mover = game(&app).position.turn();
    // Each checker clicked, then its die; then Enter, as at the keyboard.
    for step in worst.steps() {
        let slot = brade::app::Slot::at(brade::game::Layout::SameWay, mover, step.from);
        app.handle(brade::app::Input::Click(slot));
        press(&mut app, &[Key::Char(char::from(b'0' + step.die))]);
    }
    assert!(game(&app).turn().unwrap().is_complete());
    press(&mut app, &[Key::Enter]);
    assert_eq!(app.note::<brade::game::Brade>(), Some(&Note::Thinking));
    common::run_jobs(&mut app);
    assert!(
        matches!(app.note::<brade::game::Brade>(), Some(&Note::Tutor { .. })),
        "{:?}",
        app.note::<brade::game::Brade>()
    );
    assert!(matches!(game(&app).phase, Phase::Moving(_)), "not played yet");
    press(&mut app, &[Key::Enter]);
    assert!(
        !matches!(game(&app).phase, Phase::Moving(_)),
        "the second Enter plays it"
    );
}

#[test]
fn a_match_resumed_with_the_dice_rolled_puts_the_cursor_on_a_checker_that_can_move() {
    // A match saved mid-turn: the starter has rolled and not moved.
    let mut app = common::with_match(Lang::En, dice(&[1]), "Anna", "Bo", 3);
    app.seed_dice(5, 0);
    while !matches!(game(&app).phase, Phase::Moving(_)) {
        common::advance(&mut app);
    }
    let saved = app.snapshot().unwrap();
    let restored = brade::store::restore::<brade::game::Brade>(&saved).unwrap();
    // The cursor away from every checker: on the bar, moved there in a match of its own.
    let mut resumed = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut resumed, &[Key::Char(' '), Key::Up]);
    while resumed.cursor().col != Slot::BAR_COL {
        let towards = if resumed.cursor().col < Slot::BAR_COL {
            Key::Right
        } else {
            Key::Left
        };
        press(&mut resumed, &[towards]);
    }
    assert_eq!(
        resumed.cursor(),
        Slot {
            top: true,
            col: Slot::BAR_COL
        }
    );
    resumed.continue_match(brade::store::Resumable::new(restored), 1);
    let mover = game(&resumed).position.turn();
    let here = resumed.cursor().point_for(mover);
    assert!(
        resumed.next_steps().iter().any(|s| s.from == here),
        "the cursor is on {here}"
    );
}

#[test]
fn typing_a_name_replaces_the_default_one_and_a_computer_side_shows_the_computers_name() {
    use brade::app::{ComputerPlays, Screen, SetupField};
    let mut app = App::new(Lang::En, dice(&[1]));
    press(&mut app, &[Key::Char('n'), Key::Down]);
    for c in "Anna".chars() {
        press(&mut app, &[Key::Char(c)]);
    }
    let Screen::Setup(form) = app.screen() else {
        panic!("the setup form")
    };
    assert_eq!(form.names[0], "Anna", "not WhiteAnna");
    // A typed name is edited, not replaced.
    press(&mut app, &[Key::Backspace, Key::Char('e')]);
    let Screen::Setup(form) = app.screen() else {
        panic!("the setup form")
    };
    assert_eq!(form.names[0], "Anne");
    // Nobody is a computer: no level to choose; the fields skip it.
    assert!(!form.fields().contains(&SetupField::Level));
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(!text.contains("Level"), "{text}");
    // The computer plays Black: the level appears, and Black's name is the computer's.
    press(&mut app, &[Key::Down, Key::Down, Key::Right, Key::Right]);
    let Screen::Setup(form) = app.screen() else {
        panic!("the setup form")
    };
    assert_eq!(form.computer, ComputerPlays::Black);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("Level"), "{text}");
    assert!(text.contains("Black ●         Computer (medium)"), "{text}");
    assert!(!text.contains("Black ●         Black"), "{text}");
}

#[test]
fn the_teka_is_rolled_at_the_keyboard_against_the_computer_as_in_hot_seat() {
    use brade::ai::Level;
    let mut app = common::with_match(Lang::En, dice(&[2, 5, 3, 1]), "Anna", "Computer (hard)", 3)
        .with_computer([None, Some(Level::Hard)]);
    assert!(matches!(game(&app).phase, Phase::Teka { .. }));
    assert_eq!(app.computer_to_act(), None, "the player rolls the teka");
    assert!(!app.tick(), "the computer does not roll it by itself");
    press(&mut app, &[Key::Char(' ')]);
    assert!(!matches!(game(&app).phase, Phase::Teka { .. }));
    // Both sides the computer's: it rolls the teka itself.
    let mut app = common::with_match(Lang::En, dice(&[2, 5]), "A", "B", 3)
        .with_computer([Some(Level::Random), Some(Level::Random)]);
    assert!(app.tick());
    assert!(!matches!(game(&app).phase, Phase::Teka { .. }));
}

#[test]
fn the_start_menu_and_the_setup_form_answer_mouse_clicks() {
    use brade::app::Screen;
    use ratatui::layout::Rect;
    let area = Rect::new(0, 0, 80, 24);
    let mut app = App::new(Lang::En, dice(&[2, 5]));
    let buf = common::draw(&app, 80, 24);
    // Click on the word "Settings" where it is drawn.
    let at = |buf: &ratatui::buffer::Buffer, word: &str| -> (u16, u16) {
        let lines = common::lines(buf);
        let y = lines.iter().position(|l| l.contains(word)).unwrap();
        let x = lines[y][..lines[y].find(word).unwrap()].chars().count();
        (x as u16 + 1, y as u16)
    };
    let (x, y) = at(&buf, "Settings");
    let i = brade::ui::item_at(&app, area, x, y).expect("an entry under the pointer");
    app.handle(Input::Choose(i));
    assert!(
        matches!(app.screen(), Screen::Settings { .. }),
        "{:?}",
        app.screen()
    );
    press(&mut app, &[Key::Esc]);
    let buf = common::draw(&app, 80, 24);
    let (x, y) = at(&buf, "New match");
    app.handle(Input::Choose(brade::ui::item_at(&app, area, x, y).unwrap()));
    assert!(matches!(app.screen(), Screen::Setup(_)));
    // The form's button starts the match.
    let buf = common::draw(&app, 80, 24);
    let (x, y) = at(&buf, "Start the match");
    app.handle(Input::Choose(brade::ui::item_at(&app, area, x, y).unwrap()));
    assert!(app.game::<brade::game::Brade>().is_some(), "{:?}", app.screen());
    // Nothing under the pointer, nothing chosen.
    let app = App::new(Lang::En, dice(&[1]));
    assert_eq!(brade::ui::item_at(&app, area, 0, 0), None);
}

#[test]
fn at_the_end_of_a_match_r_replays_it_worst_play_first_and_q_goes_to_the_start_screen() {
    use brade::app::Screen;
    let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[3, 5])), "Anna", "Bo", 1);
    app.seed_dice(31, 0);
    while common::advance(&mut app) {}
    assert!(matches!(game(&app).phase, Phase::MatchOver));
    press(&mut app, &[Key::Char('r')]);
    let Some(replay) = app.replay_of::<brade::game::Brade>() else {
        panic!("a replay: {:?}", app.screen())
    };
    assert!(replay.worst_when_analysed);
    let job = common::analysis_job(&mut app).expect("the analysis runs");
    let analysis = brade::ai::analysis::analyze(&job.game, |_, _| {}).expect("the network");
    app.job_done(brade::app::Done::analysis(*job, Some(analysis), None));
    let Some(replay) = app.replay_of::<brade::game::Brade>() else {
        panic!("a replay")
    };
    let worst = replay.worst_first();
    assert!(!worst.is_empty(), "first-legal plays make errors");
    assert_eq!(replay.index, worst[0], "the worst play is shown first");
    press(&mut app, &[Key::Esc]);
    assert!(matches!(app.screen(), Screen::Start { .. }));
    assert!(!app.quitting());
    // q on the match-over screen goes to the start screen, not out of the program.
    let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[3, 5])), "Anna", "Bo", 1);
    app.seed_dice(31, 0);
    while common::advance(&mut app) {}
    press(&mut app, &[Key::Char('q')]);
    assert!(matches!(app.screen(), Screen::Start { .. }));
    assert!(!app.quitting());
}

#[test]
fn the_quit_dialog_says_whether_the_match_can_be_resumed() {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, 3);
    press(&mut app, &[Key::Char('q')]);
    app.set_autosave(true);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(
        text.contains("It is saved: Resume on the start screen goes on from here."),
        "{text}"
    );
    app.set_autosave(false);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("it is not saved"), "{text}");
}
