//! Resigning, as players meet it at the keyboard: `g` opens the dialog, the side to move
//! offers a single game, a gammon or a backgammon (bräde: the game), the other side — a
//! person at the same keyboard, or the computer — accepts or declines; the computer
//! resigns a lost bear-off by itself. The app driven by key events and clicks, drawn at
//! 80×24, saved, read back and replayed.
#![allow(clippy::panic, clippy::unwrap_used)] // tests (and the shared helpers) fail by panicking

mod common;

use brade::ai::backgammon::bearoff;
use brade::ai::{Level, Strategy as _};
use brade::app::resign::{Resigning, Stage};
use brade::app::{App, Input, Key, Launch, Opening, Overlay};
use brade::backgammon::{Position, Win};
use brade::game::{Backgammon, CubeAction, Game as _, Resign, Resignation};
use brade::rules::Color;
use brade::session::{Match, Phase};
use brade::words::{Lang, Note};
use common::{press, type_moves};

/// A backgammon match of `points` (0: money play) at `code`, its side to move about to
/// roll, the computer playing the sides given a level.
fn at(code: &str, points: u32, computer: [Option<Level>; 2]) -> App {
    let position = Position::from_code(code).expect("a position");
    let game: Match<Backgammon> = Match::from_position("Anna", "Bo", points, position);
    app_of(game, computer)
}

fn app_of(game: Match<Backgammon>, computer: [Option<Level>; 2]) -> App {
    common::launched(
        Lang::En,
        Launch {
            opening: Opening::NewMatch {
                table: brade::app::table_of(game),
                computer,
            },
            seed: 7,
            ..Launch::default()
        },
    )
}

fn game(app: &App) -> &Match<Backgammon> {
    app.game::<brade::game::Backgammon>()
        .expect("a backgammon match on screen")
}

fn screen(app: &App) -> String {
    common::screen(&common::draw(app, 80, 24))
}

fn resigning(app: &App) -> &Resigning {
    match app.overlay() {
        Overlay::Resign(r) => r,
        other => panic!("the resignation dialog, not {other:?}"),
    }
}

/// A race: Anna (White) has two checkers left on her 1-point and bears them off with any
/// roll; Bo (Black) has fifteen on his 13-point and can bear none off first: a gammon
/// whatever happens.
const GAMMONED: &str = "1x2/13x15/b";

#[test]
fn a_player_resigns_at_each_level_and_the_other_player_at_the_keyboard_accepts() {
    for (i, level, times) in [
        (0, Resign::Single, 1),
        (1, Resign::Gammon, 2),
        (2, Resign::Backgammon, 3),
    ] {
        let mut app = at(GAMMONED, 7, [None, None]);
        press(&mut app, &[Key::Char('g')]);
        assert_eq!(
            *resigning(&app),
            Resigning {
                by: Color::Black,
                stage: Stage::Choose,
                item: 0
            }
        );
        for _ in 0..i {
            press(&mut app, &[Key::Down]);
        }
        press(&mut app, &[Key::Enter]);
        assert_eq!(resigning(&app).stage, Stage::Answer(level), "Anna is asked");
        let text = screen(&app);
        let offer = [
            "a single game — 1 point",
            "a gammon — 2 points",
            "a backgammon — 3 points",
        ][i];
        assert!(
            text.contains(&format!("Bo (Black) offers to resign {offer}.")),
            "{text}"
        );
        assert!(text.contains("Anna (White): accept?"), "{text}");
        press(&mut app, &[Key::Char('y')]);
        assert_eq!(*app.overlay(), Overlay::None);
        let g = game(&app);
        let Phase::GameOver { record, .. } = g.phase else {
            panic!("the game is over: {:?}", g.phase)
        };
        assert_eq!((record.winner, record.points), (Color::White, times));
        assert_eq!(g.score.points(Color::White), times, "counted in the match");
        assert_eq!(g.log[0].resigned(), Some((Color::Black, level)));
        // (The game-over box wraps its heading.)
        let text = screen(&app);
        assert!(text.contains("● Bo (Black) resigns a"), "{text}");
        assert!(text.contains(&format!("{times} point")), "{text}");
        assert!(text.contains("Anna (White) accepts the resignation"), "{text}");
    }
}

#[test]
fn a_resignation_declined_leaves_the_game_where_it_stood_and_is_logged() {
    let mut app = at(GAMMONED, 7, [None, None]);
    press(&mut app, &[Key::Char('g'), Key::Char('2')]);
    press(&mut app, &[Key::Char('n')]);
    let g = game(&app);
    assert!(matches!(g.phase, Phase::AwaitRoll), "{:?}", g.phase);
    assert_eq!(g.score.points(Color::White), 0);
    assert_eq!(
        g.log[0].cube,
        [(
            0,
            CubeAction::Resign(Resignation {
                level: Resign::Gammon,
                roll: None,
                accepted: false
            })
        )]
    );
    assert_eq!(
        app.note::<brade::game::Backgammon>(),
        Some(&Note::ResignDeclined {
            by: Color::White,
            level: Resign::Gammon
        })
    );
    assert!(screen(&app).contains("Anna (White) declines the resignation of a gammon — play on"));
    // Esc in the first dialog offers nothing.
    press(&mut app, &[Key::Char('g'), Key::Esc]);
    assert_eq!(*app.overlay(), Overlay::None);
    assert_eq!(game(&app).log[0].cube.len(), 1);
}

#[test]
fn the_resignation_dialogs_at_80_by_24() {
    let mut app = at(GAMMONED, 7, [None, None]);
    let text = screen(&app);
    assert!(
        text.contains("g resign · ? help · q quit"),
        "the footer offers it:\n{text}"
    );
    press(&mut app, &[Key::Char('g')]);
    let text = screen(&app);
    for line in [
        "Resign",
        "What does ● Bo (Black) give up?",
        "▶ 1  a single game — 1 point",
        "  2  a gammon — 2 points",
        "  3  a backgammon — 3 points",
        "↑↓ or 1–3 choose · Enter offers it · Esc cancels",
    ] {
        assert!(text.contains(line), "{line:?} in\n{text}");
    }
    press(&mut app, &[Key::Char('3')]);
    let text = screen(&app);
    for line in [
        "● Bo (Black) offers to resign a backgammon — 3 points.",
        "○ Anna (White): accept?",
        "▶ y  accept: the game ends",
        "  n  decline: play on",
        "↑↓ choose · Enter answers",
    ] {
        assert!(text.contains(line), "{line:?} in\n{text}");
    }
    // In Swedish.
    let mut app = at(GAMMONED, 7, [None, None]);
    let mut settings = *app.settings();
    settings.language = Lang::Sv;
    app.apply_settings(settings);
    assert!(screen(&app).contains("g ge upp"));
    press(&mut app, &[Key::Char('g')]);
    let text = screen(&app);
    assert!(text.contains("Vad ger ● Bo (svart) upp?"), "{text}");
    assert!(text.contains("2  ett gammon — 2 poäng"), "{text}");
    press(&mut app, &[Key::Char('2')]);
    let text = screen(&app);
    assert!(
        text.contains("Bo (svart) erbjuder sig att ge upp ett gammon — 2 poäng."),
        "{text}"
    );
    assert!(text.contains("j  godta: partiet är slut"), "{text}");
    press(&mut app, &[Key::Char('j')]);
    let text = screen(&app);
    assert!(text.contains("● Bo (svart) ger upp ett gammon"), "{text}");
    assert!(text.contains("Anna (vit) godtar uppgivandet"), "{text}");
}

#[test]
fn the_dialogs_choices_are_clicked() {
    let mut app = at(GAMMONED, 7, [None, None]);
    press(&mut app, &[Key::Char('g')]);
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let text = screen(&app);
    // The gammon's line, clicked where it is drawn.
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("a gammon — 2 points"))
        .unwrap();
    let x = line.chars().position(|c| c == 'a').unwrap() as u16;
    let click = brade::ui::click_at(&app, area, x, y as u16).expect("a choice");
    assert_eq!(click, Input::Choose(1));
    app.handle(click);
    assert_eq!(resigning(&app).stage, Stage::Answer(Resign::Gammon));
    let text = screen(&app);
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("n  decline"))
        .unwrap();
    let x = line.chars().position(|c| c == 'n').unwrap() as u16;
    app.handle(brade::ui::click_at(&app, area, x, y as u16).expect("a choice"));
    assert!(matches!(game(&app).phase, Phase::AwaitRoll), "declined");
}

#[test]
fn the_computer_accepts_a_resignation_worth_what_it_expects_and_declines_less() {
    // Anna, the computer, is sure of the gammon: a single game is declined, a gammon and a
    // backgammon accepted.
    for (key, accepted) in [('1', false), ('2', true), ('3', true)] {
        let mut app = at(GAMMONED, 0, [Some(Level::Hard), None]);
        press(&mut app, &[Key::Char('g'), Key::Char(key)]);
        assert_eq!(*app.overlay(), Overlay::None, "answered at once");
        let over = matches!(game(&app).phase, Phase::GameOver { .. });
        assert_eq!(over, accepted, "{key}");
        let note = app.note::<brade::game::Backgammon>().cloned();
        if accepted {
            assert_eq!(note, Some(Note::ResignAccepted(Color::White)));
        } else {
            assert!(matches!(note, Some(Note::ResignDeclined { .. })), "{note:?}");
        }
    }
    // At the start of a game the computer takes a single game gladly.
    let start = Position::start(Color::Black);
    let game: Match<Backgammon> = Match::from_position("Anna", "Bo", 0, start);
    assert!(Backgammon::accepts(&game, Resign::Single));
}

#[test]
fn the_computer_resigns_a_bear_off_it_cannot_win_and_the_player_answers() {
    // Bo, the computer, has fifteen checkers on his 6-point; Anna's last checker is on her
    // 1-point and comes off with any roll. The database says Bo cannot win, but he saves
    // the gammon with a 6-6 (or any roll bearing one off).
    let code = "1x1/6x15/b";
    let position = Position::from_code(code).unwrap();
    let odds = bearoff::race(position.board()).expect("both sides home");
    assert_eq!(odds.win, 0.0, "the database: no chance");
    assert!(odds.lose_gammon < 1.0, "the gammon can be saved");
    let mut app = at(code, 5, [None, Some(Level::Medium)]);
    app.tick();
    assert_eq!(
        *resigning(&app),
        Resigning {
            by: Color::Black,
            stage: Stage::Answer(Resign::Single),
            item: 0
        },
        "Bo offers a single game"
    );
    assert!(screen(&app).contains("● Bo (Black) offers to resign a single game — 1 point."));
    press(&mut app, &[Key::Enter]);
    let g = game(&app);
    assert!(matches!(g.phase, Phase::GameOver { .. }));
    assert_eq!(g.score.points(Color::White), 1);
}

#[test]
fn the_computer_resigns_only_what_it_is_sure_to_lose_and_never_what_was_declined() {
    // Far from home: the gammon is sure; inside Anna's home board: the backgammon too.
    for (code, sure) in [
        ("1x1/6x15/b", Some(Win::Single)),
        ("1x2/13x15/b", Some(Win::Gammon)),
        ("1x1/20x15/b", Some(Win::Backgammon)),
        // Anna needs two rolls at most, Bo four at least; but with more left for Anna he
        // may win.
        ("6x15/6x15/b", None),
        // Contact: anything may happen.
        ("1x1,24x1/13x14/b", None),
    ] {
        let position = Position::from_code(code).unwrap();
        assert_eq!(brade::ai::resign::sure_loss(position.board()), sure, "{code}");
    }
    let resigns = |code: &str, points: u32, rules: Option<&str>| {
        let position = Position::from_code(code).unwrap();
        let mut game: Match<Backgammon> = Match::from_position("Anna", "Bo", points, position);
        if let Some(rules) = rules {
            game = game.by_rules(rules.parse().unwrap());
            game.stake = Backgammon::stake(&game.score, game.rules);
        }
        Backgammon::resigns(&game)
    };
    assert_eq!(resigns("1x2/13x15/b", 5, None), Some(Resign::Gammon));
    assert_eq!(resigns("1x1/20x15/b", 5, None), Some(Resign::Backgammon));
    // A backgammon counting as a gammon is resigned as a gammon; under the Jacoby rule,
    // with the cube in the middle, a gammon counts single and is resigned as one.
    assert_eq!(
        resigns("1x1/20x15/b", 0, Some("backgammon=2")),
        Some(Resign::Gammon)
    );
    assert_eq!(resigns("1x2/13x15/b", 0, Some("jacoby=on")), Some(Resign::Single));
    // A winner one point from the match gains nothing by a gammon.
    assert_eq!(resigns("1x2/13x15/b", 1, None), Some(Resign::Single));
    // Declined, it is not offered again this game.
    let mut app = at("1x2/13x15/b", 5, [None, Some(Level::Hard)]);
    app.tick();
    assert_eq!(resigning(&app).stage, Stage::Answer(Resign::Gammon));
    press(&mut app, &[Key::Char('n')]);
    // (Its cube decision weighed off the event loop first, as a job.)
    for _ in 0..3 {
        common::run_jobs(&mut app);
        app.tick();
    }
    assert_eq!(*app.overlay(), Overlay::None, "not asked again");
    assert!(!matches!(game(&app).phase, Phase::AwaitRoll), "Bo rolled instead");
}

#[test]
fn resigning_is_refused_where_it_cannot_be_offered_and_says_why() {
    // The computer's turn.
    let mut app = at("1x1/6x15/b", 5, [None, Some(Level::Medium)]);
    press(&mut app, &[Key::Char('g')]);
    assert_eq!(*app.overlay(), Overlay::None);
    assert_eq!(
        app.note::<brade::game::Backgammon>(),
        Some(&Note::NoResign(brade::words::resign::ResignRefusal::NotYourTurn))
    );
    // With the roll on the board a player may resign.
    let mut app = at("1x1/6x15/w", 5, [None, Some(Level::Medium)]);
    press(&mut app, &[Key::Char(' ')]);
    assert!(game(&app).turn().is_some(), "Anna has rolled");
    assert!(app.may_resign());
    // Doubled: the answer comes first.
    let mut app = at(GAMMONED, 7, [None, None]);
    press(&mut app, &[Key::Char('d')]);
    assert!(!app.may_resign());
    press(&mut app, &[Key::Char('g')]);
    assert_eq!(*app.overlay(), Overlay::None);
    assert!(
        screen(&app).contains("answer the double first"),
        "{}",
        screen(&app)
    );
    // The opening throw: no game in play yet.
    let mut app = app_of(Match::new("Anna", "Bo", 3), [None, None]);
    press(&mut app, &[Key::Char('g')]);
    assert_eq!(*app.overlay(), Overlay::None);
    assert!(!screen(&app).contains("g resign"));
}

#[test]
fn a_resignation_after_the_roll_keeps_the_roll_and_the_save_replays_to_the_same_result() {
    let mut app = app_of(Match::new("Anna", "Bo", 5), [None, None]);
    press(&mut app, &[Key::Char(' ')]);
    // A few turns, then the side to move rolls and resigns a gammon.
    for _ in 0..4 {
        let turn = game(&app).turn().cloned();
        match turn {
            Some(turn) => {
                let plays = Backgammon::legal_plays(turn.start(), turn.roll(), game(&app).rules);
                type_moves(&mut app, &plays[0].play.to_string());
            }
            None => press(&mut app, &[Key::Enter]),
        }
        if matches!(game(&app).phase, Phase::AwaitRoll) {
            press(&mut app, &[Key::Char(' ')]);
        }
    }
    let roll = match &game(&app).phase {
        Phase::Moving(turn) => turn.roll(),
        Phase::Forfeit(roll) => *roll,
        other => panic!("a roll on the board, not {other:?}"),
    };
    press(&mut app, &[Key::Char('g'), Key::Char('2'), Key::Char('y')]);
    let g = game(&app);
    let Phase::GameOver { record, .. } = g.phase else {
        panic!("over")
    };
    assert_eq!(record.points, 2);
    let saved = app.snapshot().expect("a save");
    assert_eq!(saved.format, brade::store::format::RESIGN_FORMAT);
    let entry = format!("4 resign gammon {roll} accepted");
    assert_eq!(saved.game[0].cube, [entry]);
    let text = brade::store::to_text(&saved).unwrap();
    let read = brade::store::parse(&text).unwrap();
    let Ok(restored) = brade::store::restore_any(&read)
        .unwrap()
        .into_game::<brade::game::Backgammon>()
    else {
        panic!("backgammon")
    };
    assert_eq!(
        restored.game.log,
        game(&app).log,
        "the same game, resignation and all"
    );
    assert_eq!(restored.game.score, game(&app).score);
    assert_eq!(
        restored.dice_drawn,
        app.dice_drawn(),
        "the roll resigned on was drawn"
    );
    // Contradictions are refused like any damage: a resignation that is not the one
    // accepted, one without its roll, one in an older format.
    for to in [
        format!("4 resign backgammon {roll} accepted"),
        "4 resign gammon accepted".to_string(),
        "4 resign gammon declined".to_string(),
        "5 resign gammon declined".to_string(),
    ] {
        let mut bad = read.clone();
        bad.game[0].cube = vec![to.clone()];
        assert!(brade::store::restore_any(&bad).is_err(), "{to}");
    }
    let mut older = read.clone();
    older.format = 5;
    let err = brade::store::restore_any(&older).unwrap_err();
    assert!(err.to_string().contains("the resignation"), "{err}");
}

#[test]
fn a_resigned_game_shows_in_the_replay_the_transcript_and_the_mat_file() {
    let mut app = app_of(Match::new("Anna", "Bo", 5), [None, None]);
    press(&mut app, &[Key::Char(' ')]);
    // Declined once before the roll, then accepted.
    press(&mut app, &[Key::Char('g'), Key::Char('1'), Key::Char('n')]);
    let mover = game(&app).position.turn();
    press(&mut app, &[Key::Char('g'), Key::Char('1'), Key::Char('y')]);
    let saved = app.snapshot().unwrap();
    let frames =
        brade::store::frames_of(&brade::store::SaveData::<Backgammon>::read(&saved).unwrap()).unwrap();
    let resigned: Vec<_> = frames.iter().filter_map(|f| f.cube).collect();
    assert_eq!(resigned.len(), 2);
    assert!(resigned.iter().all(|&(by, _)| by == mover));
    let transcript = brade::store::transcript(Lang::En, &saved).unwrap();
    assert!(
        transcript.contains("offers to resign a single game — declined"),
        "{transcript}"
    );
    assert!(
        transcript.contains("resigns a single game — accepted"),
        "{transcript}"
    );
    assert!(
        transcript.contains("wins: A single game — 1 point"),
        "{transcript}"
    );
    let mat = brade::store::backgammon::mat::mat(game(&app));
    assert!(mat.contains("Wins 1 point"), "{mat}");
}

#[test]
fn a_backgammon_resignation_is_analysed_around_and_shown_on_its_own_replay_frame() {
    let mut app = app_of(Match::new("Anna", "Bo", 3), [None, None]);
    press(&mut app, &[Key::Char(' ')]);
    let opening = game(&app).turn().map(|t| t.start().turn());
    press(&mut app, &[Key::Char('g'), Key::Char('3'), Key::Char('n')]);
    press(&mut app, &[Key::Char('g'), Key::Char('2'), Key::Char('y')]);
    assert_eq!(
        game(&app).log[0].resigned(),
        opening.map(|by| (by, Resign::Gammon))
    );
    // The analysis weighs around it (here nothing: no play was made) and does not fail.
    let analysis = brade::ai::backgammon::analysis::analyze(game(&app), |_, _| {}).expect("analysed");
    assert!(analysis.decisions.is_empty(), "{:?}", analysis.decisions);
    let saved = app.snapshot().unwrap();
    let replay = brade::app::replay_screen(&saved, false).unwrap();
    assert!(replay.of::<brade::game::Backgammon>().is_some(), "backgammon");
    let mut replay_app = common::launched(
        Lang::En,
        Launch {
            opening: Opening::Replay(replay),
            ..Launch::default()
        },
    );
    press(&mut replay_app, &[Key::Home]);
    let mut seen = String::new();
    for _ in 0..4 {
        seen += &screen(&replay_app);
        press(&mut replay_app, &[Key::Right]);
    }
    // (The side panel wraps its lines.)
    assert!(
        seen.contains("offers to resign a") && seen.contains("declined"),
        "{seen}"
    );
    assert!(
        seen.contains("resigns a gammon") && seen.contains("accepted"),
        "{seen}"
    );
}

#[test]
fn crawford_and_jacoby_apply_to_a_resigned_game_as_to_any_game() {
    // Two gammons resigned in a match to 5: 4–0, and the next game is the Crawford game.
    let mut m: Match<Backgammon> = Match::new("Anna", "Bo", 5);
    for _ in 0..2 {
        assert!(m.teka(3, 1).is_some());
        assert!(m.resign(Resign::Gammon, true));
        m.next_game();
    }
    assert_eq!(
        m.score.points(Color::Black),
        4,
        "White started and resigned twice"
    );
    assert!(m.score.next_is_crawford() && !m.stake.live, "the cube is dead");
    assert!(m.teka(1, 3).is_some());
    assert!(m.resign(Resign::Single, true));
    m.next_game();
    assert!(m.score.post_crawford() && m.stake.live, "post-Crawford");
    // Money play with the Jacoby rule: a gammon resigned with the cube in the middle
    // counts single, as it would at the board.
    let mut money: Match<Backgammon> = Match::new("Anna", "Bo", 0).by_rules("jacoby=on".parse().unwrap());
    money.teka(3, 1);
    assert_eq!(money.resignation(Resign::Gammon).map(|e| e.points), Some(1));
    assert!(money.resign(Resign::Gammon, true));
    assert_eq!(money.score.points(Color::Black), 1);
}

#[test]
fn a_brade_game_is_given_up_as_a_hemspel_saved_replayed_and_the_loser_starts_the_next() {
    let mut app = App::playing(
        Lang::En,
        Box::new(brade::session::SeededDice::from_seed(5)),
        Match::<brade::game::Brade>::new("Anna", "Bo", 3),
    );
    app.seed_dice(5, 0);
    while matches!(common::game(&app).phase, Phase::Teka { .. }) {
        press(&mut app, &[Key::Char(' ')]);
    }
    let g = common::game(&app);
    assert!(matches!(g.phase, Phase::AwaitRoll), "{:?}", g.phase);
    let loser = g.position.turn();
    let name = ["Anna (White)", "Bo (Black)"][loser.index()];
    press(&mut app, &[Key::Char('g')]);
    let text = screen(&app);
    assert!(text.contains("▶ the game, as a hemspel — 1 point"), "{text}");
    assert!(text.contains("Enter offers it · Esc cancels"), "{text}");
    press(&mut app, &[Key::Enter]);
    let text = screen(&app);
    assert!(
        text.contains(&format!(
            "{name} offers to resign the game, as a hemspel — 1 point."
        )),
        "{text}"
    );
    press(&mut app, &[Key::Char('y')]);
    let g = common::game(&app);
    let Phase::GameOver { record, .. } = g.phase else {
        panic!("over: {:?}", g.phase)
    };
    assert_eq!(
        (record.winner, record.result.notation()),
        (loser.other(), "hemspel".to_string())
    );
    assert_eq!(
        g.score.points(loser.other()),
        1,
        "one point, the least a win counts (R19)"
    );
    assert!(
        screen(&app).contains(&format!("{name} resigns the")),
        "{}",
        screen(&app)
    );
    // The save holds it (format 6) and replays to the same game.
    let saved = app.snapshot().unwrap();
    assert_eq!(saved.format, brade::store::format::RESIGN_FORMAT);
    assert_eq!(saved.game[0].cube, ["0 resign single accepted"]);
    let restored = brade::store::restore::<brade::game::Brade>(
        &brade::store::parse(&brade::store::to_text(&saved).unwrap()).unwrap(),
    )
    .expect("it replays");
    assert_eq!(restored.game.log, g.log);
    let transcript = brade::store::transcript(Lang::En, &saved).unwrap();
    assert!(transcript.contains("resigns the game — accepted"), "{transcript}");
    let mut replay = common::replaying(Lang::Sv, brade::app::Replay::of(&saved, false).unwrap());
    press(&mut replay, &[Key::End]);
    let text = screen(&replay);
    assert!(
        text.contains("○ Anna ger upp partiet —") || text.contains("● Bo ger upp partiet —"),
        "{text}"
    );
    assert!(
        text.contains("partiet, som hemspel") && !text.contains("hemspelade)"),
        "not borne off:\n{text}"
    );
    // R5: the loser of the game starts the next.
    press(&mut app, &[Key::Enter]);
    assert_eq!(common::game(&app).position.turn(), loser);
}

#[test]
fn the_computer_takes_a_brade_game_given_up_when_it_expects_no_more() {
    use brade::game::Brade;
    let start = brade::brade::Position::start(Color::White);
    let game: Match<Brade> = Match::from_position("Anna", "Bo", 1, start);
    // At the start White expects about nothing: a sure point is more.
    assert!(Brade::accepts(&game, Resign::Single));
    assert!(!Brade::accepts(&game, Resign::Gammon), "bräde has the game alone");
}
