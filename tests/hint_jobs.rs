//! What a player asks the computer to weigh is weighed off the event loop (issue 37, item
//! 5): the hints at a table of either game and in a game played out from the editor, the
//! editor's hints and cube hint, the trainer's verdict on a checker play and on a cube
//! card, and the tutor's verdict before a play is confirmed. After the key the app hands
//! out a job and says the computer is thinking; nothing is shown or marked until the job
//! is done; its answer is shown then — and dropped when the board has moved on.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::ai::Strategy as _;
use brade::app::{
    App, Done, Drill, Editor, EditorNote, HintJob, HintPurpose, Job, Key, Launch, Opening, Screen,
    TrainerData,
};
use brade::brade::MoveGen;
use brade::game::Kind;
use brade::game::{Backgammon, Game};
use brade::practice::{Deck, Error};
use brade::rules::Color;
use brade::session::{Match, Phase};
use brade::words::{Lang, Note};
use common::{press, type_moves};

/// The jobs the app hands out now: those that weigh for the player, the others run at
/// once.
fn hint_jobs(app: &mut App) -> Vec<HintJob> {
    let mut hints = Vec::new();
    for job in app.jobs(None) {
        match job {
            Job::Hint(job) => hints.push(*job),
            other => app.job_done(other.run()),
        }
    }
    hints
}

/// The one job handed out now, for `purpose`.
fn one_job(app: &mut App, purpose: HintPurpose) -> HintJob {
    let mut jobs = hint_jobs(app);
    assert_eq!(jobs.len(), 1, "one job: {jobs:?}");
    let job = jobs.remove(0);
    assert_eq!(job.purpose, purpose);
    job
}

/// The job's answer handed back, as the terminal's worker thread does.
fn answer(app: &mut App, job: HintJob) {
    let weighed = job.weigh();
    app.job_done(Done::Hint {
        job: Box::new(job),
        weighed,
    });
}

/// A bräde match at the start, Anna (White) to roll 5-3.
fn brade_match(games: u32) -> App {
    let mut app = common::at("1x15/1x15/w", &[5, 3], Lang::En, games);
    press(&mut app, &[Key::Char(' ')]);
    assert!(common::game(&app).turn().is_some());
    app
}

#[test]
fn h_at_a_brade_table_is_weighed_as_a_job_and_shown_when_it_comes_back() {
    for games in [1, 3] {
        let mut app = brade_match(games);
        press(&mut app, &[Key::Char('H')]);
        assert_eq!(app.note::<brade::game::Brade>(), Some(&Note::Thinking));
        let job = one_job(&mut app, HintPurpose::Table);
        assert!(
            job.weighing
                .as_any()
                .is::<brade::app::Valued<brade::game::Brade>>(),
            "{job:?}"
        );
        assert_eq!(common::hint(&app), None, "nothing marked before the answer");
        assert_eq!(app.note::<brade::game::Brade>(), Some(&Note::Thinking));
        answer(&mut app, job);
        let Some(Note::Hints { plays, for_match, .. }) = app.note::<brade::game::Brade>() else {
            panic!("{:?}", app.note::<brade::game::Brade>())
        };
        assert_eq!(*for_match, games > 1);
        // The best of the legal plays by the hard level's own values, marked on the board.
        let g = common::game(&app);
        let legal = MoveGen::new()
            .plays(g.position.board(), g.turn().unwrap().roll())
            .to_vec();
        let mut hard = Level::Hard.player(0);
        hard.play_for(brade::app::goal(g));
        let values = hard.values(&legal);
        let best = (0..legal.len())
            .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
            .unwrap();
        assert_eq!(common::hint(&app), Some(legal[best].play));
        assert!(plays[0].starts_with(&legal[best].play.to_string()), "{plays:?}");
    }
}

#[test]
fn a_brade_hint_that_comes_back_after_a_step_or_the_turn_is_dropped() {
    // A step taken while it was weighed.
    let mut app = brade_match(1);
    press(&mut app, &[Key::Char('H')]);
    let job = one_job(&mut app, HintPurpose::Table);
    press(&mut app, &[Key::Char('5')]);
    assert_eq!(common::game(&app).turn().unwrap().taken().len(), 1, "a step");
    answer(&mut app, job);
    assert_eq!(common::hint(&app), None);
    assert!(
        !matches!(app.note::<brade::game::Brade>(), Some(Note::Hints { .. })),
        "{:?}",
        app.note::<brade::game::Brade>()
    );
    // The turn played and confirmed while it was weighed.
    let mut app = brade_match(1);
    press(&mut app, &[Key::Char('H')]);
    let job = one_job(&mut app, HintPurpose::Table);
    common::play_first(&mut app);
    let turns = common::game(&app).turns_played();
    assert_eq!(turns, 1);
    answer(&mut app, job);
    assert_eq!(common::hint(&app), None);
    assert!(
        !matches!(
            app.note::<brade::game::Brade>(),
            Some(Note::Hints { .. } | Note::Thinking)
        ),
        "{:?}",
        app.note::<brade::game::Brade>()
    );
    assert_eq!(common::game(&app).turns_played(), turns);
}

/// A 3-point backgammon match, its opening throw on the board for its starter to play.
fn backgammon_match() -> App {
    let mut app = common::launched(
        Lang::En,
        Launch {
            seed: 7,
            opening: Opening::NewMatch {
                table: brade::app::table_of(Match::<brade::game::Backgammon>::new("Anna", "Bo", 3)),
                computer: [None, None],
            },
            ..Launch::default()
        },
    );
    while app
        .game::<brade::game::Backgammon>()
        .is_some_and(|g| g.turn().is_none())
    {
        press(&mut app, &[Key::Char(' ')]);
    }
    app
}

#[test]
fn h_at_a_backgammon_table_is_weighed_as_a_job_and_a_late_answer_is_dropped() {
    let mut app = backgammon_match();
    press(&mut app, &[Key::Char('H')]);
    assert_eq!(app.note::<brade::game::Backgammon>(), Some(&Note::Thinking));
    let job = one_job(&mut app, HintPurpose::Table);
    assert!(
        job.weighing
            .as_any()
            .is::<brade::app::Valued<brade::game::Backgammon>>(),
        "{job:?}"
    );
    assert_eq!(app.hint_steps(), None, "nothing marked before the answer");
    answer(&mut app, job.clone());
    let Some(Note::Hints { plays, for_match, .. }) = app.note::<brade::game::Backgammon>() else {
        panic!("{:?}", app.note::<brade::game::Backgammon>())
    };
    assert!(*for_match && plays[0].ends_with(" %)"), "{plays:?}");
    let steps = app.hint_steps().expect("the best play marked");
    assert!(!steps.is_empty());
    // The same answer once the turn is played: dropped.
    let g = app.game::<brade::game::Backgammon>().unwrap();
    let turn = g.turn().unwrap();
    let first = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
    type_moves(&mut app, &Backgammon::play_of(&first[0]).to_string());
    assert!(
        app.game::<brade::game::Backgammon>().unwrap().turn().is_none(),
        "played"
    );
    let note = app.note::<brade::game::Backgammon>().cloned();
    answer(&mut app, job);
    assert_eq!(app.note::<brade::game::Backgammon>().cloned(), note);
    assert_eq!(app.hint_steps(), None);
}

/// The bräde editor, opened from the start menu.
fn brade_editor() -> App {
    let mut app = App::new(Lang::En, Box::new(brade::session::SeededDice::from_seed(2)));
    press(&mut app, &[Key::Char('e')]);
    app
}

fn editor(app: &App) -> &Editor<brade::game::Brade> {
    match app.editor_of() {
        Some(e) => e,
        None => panic!("the editor, not {:?}", app.screen()),
    }
}

#[test]
fn h_in_a_game_played_out_from_the_editor_is_a_job_too() {
    let mut app = brade_editor();
    press(&mut app, &[Key::Char('6'), Key::Char('5'), Key::Char('p')]);
    assert!(editor(&app).play.is_some());
    press(&mut app, &[Key::Char('H')]);
    let table = editor(&app).play.as_ref().unwrap();
    assert_eq!(table.note(), Some(&Note::Thinking));
    assert_eq!(table.hint(), None);
    let job = one_job(&mut app, HintPurpose::Table);
    answer(&mut app, job);
    let table = editor(&app).play.as_ref().unwrap();
    assert!(
        matches!(table.note(), Some(Note::Hints { .. })),
        "{:?}",
        table.note()
    );
    assert!(table.hint().is_some());
}

#[test]
fn h_in_the_editor_is_weighed_as_a_job_for_the_position_and_dice_on_screen() {
    let mut app = brade_editor();
    press(&mut app, &[Key::Char('6'), Key::Char('5'), Key::Char('H')]);
    assert_eq!(editor(&app).note, Some(EditorNote::Thinking));
    let shown = common::screen(&common::draw(&app, 80, 24));
    assert!(shown.contains("The computer is thinking…"), "{shown}");
    let job = one_job(&mut app, HintPurpose::Editor);
    assert_eq!(editor(&app).note, Some(EditorNote::Thinking), "nothing shown yet");
    answer(&mut app, job);
    let Some(EditorNote::Hints(hints)) = &editor(&app).note else {
        panic!("{:?}", editor(&app).note)
    };
    // The hard level's best value of the roll first (its own values, asked directly).
    let plays = MoveGen::new()
        .plays(
            brade::brade::Position::start(Color::White).board(),
            brade::rules::Roll::new(6, 5).unwrap(),
        )
        .to_vec();
    let values = Level::Hard.player(0).values(&plays);
    let best = values.iter().copied().fold(f64::MIN, f64::max);
    assert!((hints[0].1 - best).abs() < 1e-12, "{hints:?}");
    // Other dice typed while it was weighed: the answer is dropped.
    press(&mut app, &[Key::Char('H')]);
    let job = one_job(&mut app, HintPurpose::Editor);
    press(&mut app, &[Key::Char('4'), Key::Char('2')]);
    answer(&mut app, job);
    assert_eq!(editor(&app).note, None);
    // The position changed while it was weighed (the other side to move): dropped too,
    // and the line says nothing of it.
    press(&mut app, &[Key::Char('H')]);
    let job = one_job(&mut app, HintPurpose::Editor);
    press(&mut app, &[Key::Char('t')]);
    assert_eq!(editor(&app).code(), "1x15/1x15/b");
    answer(&mut app, job);
    assert!(
        !matches!(
            editor(&app).note,
            Some(EditorNote::Hints(_) | EditorNote::Thinking)
        ),
        "{:?}",
        editor(&app).note
    );
}

#[test]
fn the_backgammon_editors_cube_hint_is_a_job_and_dropped_when_the_position_changed() {
    let mut app = brade_editor();
    press(&mut app, &[Key::Char('g')]);
    let note = |app: &App| match app.editor_of::<brade::game::Backgammon>() {
        Some(e) => e.note.clone(),
        None => panic!("backgammon's editor, not {:?}", app.screen()),
    };
    press(&mut app, &[Key::Char('H')]);
    assert_eq!(note(&app), Some(EditorNote::Thinking));
    let job = one_job(&mut app, HintPurpose::Editor);
    assert!(
        job.weighing
            .as_any()
            .is::<brade::app::backgammon::weighing::EditorCube>(),
        "{job:?}"
    );
    answer(&mut app, job);
    let Some(EditorNote::Cube(cube)) = note(&app) else {
        panic!("{:?}", note(&app))
    };
    assert!(cube.contains("no double"), "{cube}");
    press(&mut app, &[Key::Char('H')]);
    let job = one_job(&mut app, HintPurpose::Editor);
    press(&mut app, &[Key::Char('t')]);
    answer(&mut app, job);
    assert!(
        !matches!(note(&app), Some(EditorNote::Cube(_) | EditorNote::Thinking)),
        "{:?}",
        note(&app)
    );
}

/// The trainer drilling one card made from `error`.
fn drilling(error: Error) -> App {
    let mut app = common::launched(
        Lang::En,
        Launch {
            opening: Opening::Practice,
            ..Launch::default()
        },
    );
    let now = 20_000 * 86_400;
    app.job_done(Done::Trainer(Box::new(TrainerData {
        deck: Ok(Deck::default()),
        errors: vec![error],
        unanalysed: 0,
        now,
    })));
    // (The deck with its new card is due to be saved: taken, as the terminal takes it.)
    assert!(app.save_due().is_some());
    press(&mut app, &[Key::Enter]);
    assert!(matches!(app.screen(), Screen::Drill(_)), "{:?}", app.screen());
    app
}

fn drill(app: &App) -> &Drill {
    match app.screen() {
        Screen::Drill(d) => d,
        other => panic!("a drill, not {other:?}"),
    }
}

/// A bräde card: the start, 3-1, which Anna played badly.
fn brade_card() -> Error {
    Error {
        kind: Kind::Brade,
        position: "1x15/1x15/w".to_string(),
        roll: "31".to_string(),
        cube: String::new(),
        score: String::new(),
        rules: String::new(),
        player: "Anna".to_string(),
        record: "r.toml".to_string(),
        game: 1,
        turn: 1,
        loss: 0.3,
        played: "1-4 1-2".to_string(),
    }
}

#[test]
fn the_trainer_weighs_a_checker_play_as_a_job_and_drops_it_when_the_play_was_taken_back() {
    let mut app = drilling(brade_card());
    let Some(table) = drill(&app).table.of::<brade::game::Brade>() else {
        panic!()
    };
    let g = table.game();
    let plays = MoveGen::new()
        .plays(g.position.board(), g.turn().unwrap().roll())
        .to_vec();
    let worst = {
        let values = Level::Hard.player(0).values(&plays);
        (0..plays.len())
            .min_by(|&a, &b| values[a].total_cmp(&values[b]))
            .unwrap()
    };
    // Played and taken back while it was weighed: dropped, nothing scheduled.
    type_moves(&mut app, &plays[worst].play.to_string());
    let job = one_job(&mut app, HintPurpose::Drill);
    press(&mut app, &[Key::Char('u')]);
    answer(&mut app, job);
    assert!(drill(&app).answer.is_none());
    assert_eq!(drill(&app).trainer.deck.cards[0].answers, 0);
    // Played again: weighed, the computer thinking meanwhile, and nothing said or kept
    // until the answer comes.
    press(&mut app, &[Key::Char('u')]);
    type_moves(&mut app, &plays[worst].play.to_string());
    let job = one_job(&mut app, HintPurpose::Drill);
    let Some(table) = drill(&app).table.of::<brade::game::Brade>() else {
        panic!()
    };
    assert_eq!(table.note(), Some(&Note::Thinking));
    let shown = common::screen(&common::draw(&app, 80, 24));
    assert!(shown.contains("the computer is thinking…"), "{shown}");
    assert!(drill(&app).answer.is_none() && common::hint(&app).is_none());
    assert!(app.save_due().is_none(), "the deck not changed yet");
    press(&mut app, &[Key::Enter]);
    assert!(hint_jobs(&mut app).is_empty(), "Enter again asks nothing more");
    answer(&mut app, job);
    let answer = drill(&app).answer.as_ref().expect("weighed");
    assert!(answer.loss > 0.0, "{answer:?}");
    assert_eq!(answer.played, plays[worst].play.to_string());
    assert!(common::hint(&app).is_some(), "the best play lit");
    assert_eq!(drill(&app).trainer.deck.cards[0].answers, 1);
    assert!(app.save_due().is_some(), "the deck is saved");
}

#[test]
fn the_trainer_weighs_a_cube_card_as_a_job_and_drops_it_when_the_drill_was_left() {
    let position = Backgammon::start(Color::White).code();
    let card = Error {
        kind: Kind::Backgammon,
        position,
        roll: brade::practice::DOUBLE.to_string(),
        cube: "1".to_string(),
        played: "double".to_string(),
        loss: 0.3,
        ..brade_card()
    };
    let mut app = drilling(card.clone());
    press(&mut app, &[Key::Char('d')]);
    let job = one_job(&mut app, HintPurpose::Drill);
    assert!(
        job.weighing
            .as_any()
            .downcast_ref::<brade::app::backgammon::weighing::CubeCardWeighed>()
            .is_some_and(|w| w.yes),
        "{job:?}"
    );
    let Some(table) = drill(&app).table.of::<brade::game::Backgammon>() else {
        panic!()
    };
    assert_eq!(table.note(), Some(&Note::Thinking));
    // The other answer while it is weighed asks nothing.
    press(&mut app, &[Key::Char('n')]);
    assert!(hint_jobs(&mut app).is_empty());
    assert!(drill(&app).answer.is_none());
    answer(&mut app, job);
    let cube = drill(&app).answer.as_ref().and_then(|a| a.cube.as_ref());
    let cube = cube.expect("a cube card's answer");
    assert_eq!(cube.chosen, brade::words::trainer::CubeChoice::Double);
    assert_eq!(
        cube.right,
        brade::words::trainer::CubeChoice::NoDouble,
        "not at the start"
    );
    // Asked, then the drill left: the answer is dropped.
    let mut app = drilling(card);
    press(&mut app, &[Key::Char('d')]);
    let job = one_job(&mut app, HintPurpose::Drill);
    press(&mut app, &[Key::Esc]);
    answer(&mut app, job);
    let Screen::Trainer(t) = app.screen() else {
        panic!("{:?}", app.screen())
    };
    assert_eq!(t.deck.cards[0].answers, 0);
}

/// A bräde position, its roll and its worst and best plays (the worst losing clearly).
fn bad_play() -> (String, [u8; 2], String, String) {
    (0..200)
        .find_map(|seed| {
            let (pos, roll) = common::random_position(seed, 12 + (seed % 20) as usize);
            let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
            let values = Level::Hard.player(0).values(&plays);
            let by = |better: bool| {
                (0..plays.len())
                    .reduce(|a, b| if (values[b] > values[a]) == better { b } else { a })
                    .unwrap()
            };
            let (worst, best) = (by(false), by(true));
            (plays.len() > 1 && values[best] - values[worst] > 0.3 && plays[worst].result.is_none()).then(
                || {
                    let (a, b) = roll.dice();
                    (
                        pos.code(),
                        [a, b],
                        plays[worst].play.to_string(),
                        plays[best].play.to_string(),
                    )
                },
            )
        })
        .expect("a position with a clearly bad play")
}

fn tutored(code: &str, dice: [u8; 2]) -> App {
    let mut app = common::at(code, &dice, Lang::En, 1);
    app.apply_settings(brade::settings::Settings {
        tutor: brade::settings::Tutor::Doubtful,
        ..*app.settings()
    });
    press(&mut app, &[Key::Char(' ')]);
    app
}

fn moving(app: &App) -> bool {
    matches!(common::game(app).phase, Phase::Moving(_))
}

#[test]
fn the_tutor_weighs_a_play_as_a_job_and_the_turn_waits_for_its_verdict() {
    let (code, dice, worst, best) = bad_play();
    // A bad play: Enter asks, the play stays complete and unconfirmed, then the question.
    let mut app = tutored(&code, dice);
    type_moves(&mut app, &worst);
    assert_eq!(app.note::<brade::game::Brade>(), Some(&Note::Thinking));
    let job = one_job(&mut app, HintPurpose::Tutor);
    assert!(
        job.weighing.as_any().is::<brade::app::brade::PlayWeighed>(),
        "{job:?}"
    );
    assert!(moving(&app) && common::game(&app).turn().unwrap().is_complete());
    press(&mut app, &[Key::Enter]);
    assert!(
        hint_jobs(&mut app).is_empty(),
        "Enter again waits, asking nothing more"
    );
    assert!(moving(&app), "still not confirmed");
    answer(&mut app, job);
    assert!(
        matches!(app.note::<brade::game::Brade>(), Some(Note::Tutor { .. })),
        "{:?}",
        app.note::<brade::game::Brade>()
    );
    assert!(moving(&app));
    press(&mut app, &[Key::Enter]);
    assert!(hint_jobs(&mut app).is_empty(), "questioned once");
    assert!(!moving(&app), "then Enter plays it");
    // The best play: weighed, then confirmed when the verdict comes back.
    let mut app = tutored(&code, dice);
    type_moves(&mut app, &best);
    let job = one_job(&mut app, HintPurpose::Tutor);
    assert!(moving(&app), "not before the verdict");
    answer(&mut app, job);
    assert!(!moving(&app), "confirmed");
    assert_eq!(common::game(&app).turns_played(), 1);
    assert!(app.save_due().is_some(), "and saved");
    // A bad play taken back while it was weighed: the verdict is dropped.
    let mut app = tutored(&code, dice);
    type_moves(&mut app, &worst);
    let job = one_job(&mut app, HintPurpose::Tutor);
    press(&mut app, &[Key::Char('u')]);
    answer(&mut app, job);
    assert!(moving(&app) && !common::game(&app).turn().unwrap().is_complete());
    assert!(
        !matches!(
            app.note::<brade::game::Brade>(),
            Some(Note::Tutor { .. } | Note::Thinking)
        ),
        "{:?}",
        app.note::<brade::game::Brade>()
    );
}

#[test]
fn the_backgammon_tutor_weighs_as_a_job_too() {
    let mut app = backgammon_match();
    app.apply_settings(brade::settings::Settings {
        tutor: brade::settings::Tutor::Doubtful,
        ..*app.settings()
    });
    let g = app.game::<brade::game::Backgammon>().unwrap();
    let turn = g.turn().unwrap();
    let plays = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
    let values = Backgammon::player(Level::Hard, 0).values(&plays);
    let worst = (0..plays.len())
        .min_by(|&a, &b| values[a].total_cmp(&values[b]))
        .unwrap();
    type_moves(&mut app, &Backgammon::play_of(&plays[worst]).to_string());
    assert_eq!(app.note::<brade::game::Backgammon>(), Some(&Note::Thinking));
    let job = one_job(&mut app, HintPurpose::Tutor);
    assert!(
        job.weighing
            .as_any()
            .is::<brade::app::backgammon::weighing::PlayWeighed>(),
        "{job:?}"
    );
    assert!(
        app.game::<brade::game::Backgammon>().unwrap().turn().is_some(),
        "not confirmed yet"
    );
    answer(&mut app, job);
    assert!(
        matches!(app.note::<brade::game::Backgammon>(), Some(Note::Tutor { .. })),
        "{:?}",
        app.note::<brade::game::Backgammon>()
    );
}
