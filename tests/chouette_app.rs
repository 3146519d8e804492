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
use common::{press, type_keys, type_moves};

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
    let text = screen(&app);
    assert!(
        text.contains("(box)") && text.contains("(captain, moves)"),
        "{text}"
    );
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
