//! What a newcomer tripped over (issue 38, items 3–11), each drawn at 80×24 where it is on
//! screen: the trainer's cube card in the replay's words and measure, the help on closed
//! points, the repeat typed in bräde, headers that spoke of another game or side, the
//! players' names, the copy message, the chouette's quit box and dropped doubles, keys
//! that did nothing without a word, the start menu's memory, and lines cut at 80 columns.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::path::Path;

use brade::ai::analysis::Mark;
use brade::ai::backgammon::analysis::{BgDecision, DecisionKind};
use brade::app::{App, ChouetteStage, Key, Launch, MenuItem, Opening, Screen, Setup, SetupField};
use brade::game::{Backgammon, Game};
use brade::practice::CubeCard;
use brade::rules::Color;
use brade::session::{Match, Phase, ScriptedDice, SeededDice};
use brade::store::Store;
use brade::ui::Geometry;
use brade::words::Lang;
use common::{draw, lines, press, screen, type_keys, type_moves};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The words drawn inside `rect`, row after row, every run of blanks one space: a
/// sentence wrapped over several rows reads as one.
fn words_in(buf: &Buffer, rect: Rect) -> String {
    let rows: Vec<String> = (rect.y..rect.bottom())
        .map(|y| {
            (rect.x..rect.right())
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect();
    // (A frame's lines are not words.)
    rows.join(" ")
        .replace(['│', '─', '┌', '┐', '└', '┘', '╭', '╮', '╰', '╯'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of the whole screen at `w`×`h`.
fn words(app: &App, w: u16, h: u16) -> String {
    words_in(&draw(app, w, h), Rect::new(0, 0, w, h))
}

/// The board's frame and side panel at 80×24.
fn geometry() -> Geometry {
    Geometry::new(Rect::new(0, 0, 80, 24)).unwrap()
}

/// The app as the command line opens it with `opening`.
fn opened(lang: Lang, opening: Opening) -> App {
    common::launched(
        lang,
        Launch {
            opening,
            ..Default::default()
        },
    )
}

// ---- 3: the trainer's cube card --------------------------------------------------------

/// A 3-point match of random plays and doubles with a double marked as an error, kept as
/// a record in `dir`'s store with its analysis: the record, the match, the analysis and
/// that double.
fn a_wrong_double(
    dir: &Path,
) -> (
    Store,
    brade::store::SavedMatch,
    brade::ai::backgammon::analysis::BgAnalysis,
    BgDecision,
) {
    let store = Store::at(dir);
    for seed in 1..60 {
        let (game, _, saved) = common::bg::play(3, seed, 2);
        let (analysis, ..) = brade::store::analysis::analysis_of(None, &game, |_, _| {}).unwrap();
        let wrong = analysis
            .decisions
            .iter()
            .find(|d| d.mark != Mark::Fine && matches!(d.kind, DecisionKind::Double { doubled: true, .. }));
        if let Some(d) = wrong.cloned() {
            let record = store.archive(&saved).unwrap();
            brade::store::analysis::analyse_records(std::slice::from_ref(&record), |_, _| {});
            return (store, saved, analysis, d);
        }
    }
    panic!("no match with a wrong double");
}

/// What the replay says of a wrong double in a match: "cube: double?? loses 4.62 % of the
/// match — right: no double".
fn replay_line(d: &BgDecision) -> String {
    let DecisionKind::Double { right, .. } = d.kind else {
        panic!("a double")
    };
    format!(
        "cube: double{} loses {:.2} % of the match — right: {}",
        d.mark.sign(),
        100.0 * d.match_loss.expect("in a match"),
        brade::words::backgammon::analysis::verdict(Lang::En, right.verdict())
    )
}

#[test]
fn a_cube_card_is_weighed_in_the_replays_words_and_measure_at_its_match_score() {
    let dir = tempfile::tempdir().unwrap();
    let (store, saved, analysis, wrong) = a_wrong_double(dir.path());
    let (errors, _) = store.record_errors();
    let error = errors
        .into_iter()
        .find(|e| {
            e.kind == brade::game::Kind::Backgammon
                && (e.game as usize, e.turn as usize) == (wrong.game, wrong.turn)
                && e.played == "double"
        })
        .expect("the double is a card");
    let mut app = opened(Lang::En, Opening::Practice);
    app.trainer_ready(brade::app::TrainerData {
        deck: Ok(brade::practice::Deck::default()),
        errors: vec![error],
        unanalysed: 0,
        now: 1_800_000_000,
    });
    // One card, said so.
    let form = words(&app, 80, 24);
    assert!(form.contains("1 card · 1 due today"), "{form}");
    press(&mut app, &[Key::Enter]);
    let Screen::Drill(d) = app.screen() else {
        panic!("the card drilled: {:?}", app.screen())
    };
    let card = d.trainer.deck.cards[d.queue[0]].clone();
    assert_eq!(card.question(), Some(CubeCard::Double));
    let panel = words_in(&draw(&app, 80, 24), geometry().panel);
    // Where it was, as the replay numbers it, and the score it was decided at — not the
    // record's file name.
    assert!(
        panel.contains(&format!("game {} turn {}", wrong.game, wrong.turn)),
        "{panel}"
    );
    assert!(!panel.contains(".toml"), "{panel}");
    let before: Vec<_> = saved_games_before(&saved, wrong.game);
    let points = |side: Color| -> u32 { before.iter().filter(|g| g.0 == side).map(|g| g.1).sum() };
    assert!(
        panel.contains(&format!(
            "Score: {} {}, the opponent {}",
            card.player,
            points(wrong.mover),
            points(wrong.mover.other())
        )),
        "{panel}"
    );
    assert!(panel.contains("match to 3"), "{panel}");
    // Answered as in the record: the replay's own line, its measure the match's chance
    // (weighed off the event loop).
    press(&mut app, &[Key::Char('d')]);
    common::run_jobs(&mut app);
    let panel = words_in(&draw(&app, 80, 24), geometry().panel);
    let line = replay_line(&wrong);
    assert!(line.contains("% of the match"), "{line}");
    assert!(panel.contains(&line), "{line} missing:\n{panel}");
    assert!(
        !panel.contains("the best play"),
        "a decision, not a play: {panel}"
    );
    assert!(panel.contains("chance to win the match"), "{panel}");
    // Each choice's chance, in per cent, and the two differ by what the loss says.
    let chances: Vec<f64> = panel
        .split(['(', ')'])
        .filter_map(|t| t.strip_suffix(" %")?.parse().ok())
        .collect();
    assert_eq!(chances.len(), 2, "{panel}");
    assert!(chances.iter().all(|c| (0.0..=100.0).contains(c)), "{chances:?}");
    let lost = 100.0 * wrong.match_loss.unwrap();
    assert!(
        ((chances[0] - chances[1]) - lost).abs() < 0.11,
        "{chances:?} / {lost}"
    );
    // The replay shows the same double at the same turn, with the same line.
    let replay = brade::app::Replay::<brade::game::Backgammon>::of(&saved, true).unwrap();
    let mut app = opened(Lang::En, Opening::Replay(replay.boxed()));
    deliver_analysis(&mut app, analysis);
    let at = {
        let Some(r) = app.replay_of::<brade::game::Backgammon>() else {
            panic!()
        };
        (0..r.frames.len())
            .find(|&i| r.decisions_at(i).iter().any(|d| **d == wrong))
            .unwrap()
    };
    for _ in 0..at {
        press(&mut app, &[Key::Right]);
    }
    let panel = words_in(&draw(&app, 80, 24), geometry().panel);
    assert!(panel.contains(&format!("turn {}", wrong.turn)), "{panel}");
    assert!(panel.contains(&line), "{panel}");
}

/// The (winner, points) of the saved match's games before game `number`.
fn saved_games_before(saved: &brade::store::SavedMatch, number: usize) -> Vec<(Color, u32)> {
    let Ok(Ok(r)) = brade::store::restore_any(saved).map(|r| r.into_game::<brade::game::Backgammon>()) else {
        panic!("a backgammon record")
    };
    r.game
        .score
        .games
        .iter()
        .take(number - 1)
        .map(|g| (g.winner, g.points))
        .collect()
}

/// Hands the replay on screen its analysis, as the background job would.
fn deliver_analysis(app: &mut App, analysis: brade::ai::backgammon::analysis::BgAnalysis) {
    let job = app
        .jobs(None)
        .into_iter()
        .find_map(|job| match job {
            brade::app::Job::Analysis(job) => job
                .as_any()
                .downcast_ref::<brade::app::AnalysisJob<brade::game::Backgammon>>()
                .cloned(),
            _ => None,
        })
        .expect("the analysis asked for");
    app.job_done(brade::app::Done::analysis(job, Some(analysis), None));
}

// ---- 4: the help on closed points ------------------------------------------------------

/// The help scrolled until `heading` is its top line, at 80×24: the words below it.
fn help_from(lang: Lang, heading: &str) -> (App, Vec<String>) {
    let mut app = App::new(lang, Box::new(ScriptedDice::new(&[1])));
    press(&mut app, &[Key::Char('?')]);
    for _ in 0..2000 {
        let l = lines(&draw(&app, 80, 24));
        if l[1].trim_start_matches('│').starts_with(heading) {
            return (app, l);
        }
        press(&mut app, &[Key::Down]);
    }
    panic!("{heading} not in the help");
}

#[test]
fn the_help_says_two_or_more_checkers_close_a_point_in_both_games() {
    for (lang, heading, two, bands) in [
        (
            Lang::En,
            "How backgammon differs from bräde",
            "Two or more checkers close a point in both games",
            "band (two or more checkers)",
        ),
        (
            Lang::Sv,
            "Så skiljer sig backgammon från bräde",
            "Två eller fler brickor stänger en punkt i båda spelen",
            "band (två eller fler brickor)",
        ),
    ] {
        let (app, _) = help_from(lang, heading);
        let section = words(&app, 80, 24);
        assert!(
            !section.contains("not three") && !section.contains("inte tre"),
            "{section}"
        );
        assert!(section.contains(two), "{lang:?}: {section}");
        // The bräde part says the same of a band.
        assert!(brade::words::help::text(lang, "").contains(bands), "{lang:?}");
    }
}

// ---- 5: the repeat typed in bräde ------------------------------------------------------

#[test]
fn a_brade_play_typed_with_a_repeat_is_that_step_again_and_written_step_by_step() {
    // White has four on 13; 3-3: 13/16(4) is 13/16 four times.
    let mut app = common::at("1x11,13x4/19x15/w", &[3, 3], Lang::En, 1);
    press(&mut app, &[Key::Char(' ')]);
    type_moves(&mut app, "13/16(4)");
    let last = common::game(&app).last.as_ref().expect("played").play.to_string();
    assert_eq!(last, "13/16 13/16 13/16 13/16", "written step by step");
    let text = screen(&draw(&app, 80, 24));
    assert!(text.contains("13/16 13/16"), "{text}");
    assert!(!text.contains("(4)"), "{text}");
    // 13/19(2) with 3-3 is refused for what it is: a checker moves one die at a time.
    let mut app = common::at("1x11,13x4/19x15/w", &[3, 3], Lang::En, 1);
    press(&mut app, &[Key::Char(' ')]);
    type_moves(&mut app, "13/19(2)");
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("one die at a time: 13/16 16/19"), "{footer}");
    // At the start with 6-6, 1/13(2) is refused for what it is: no die takes a checker
    // from 1 to 13 (the way through 7 ends on Black's home stack) — 13 is a point.
    let dice = ScriptedDice::new(&[2, 1, 6, 6]);
    let mut app = common::with_match(Lang::En, Box::new(dice), "Anna", "Bo", 1);
    press(&mut app, &[Key::Char(' '), Key::Char(' ')]);
    assert!(common::game(&app).turn().is_some_and(|t| t.roll().is_double()));
    type_moves(&mut app, "1/13(2)");
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(!footer.contains("TO is a point"), "{footer}");
    assert!(
        footer.contains("no unused die takes a checker from 1 to 13"),
        "{footer}"
    );
    // A repeat past four is named.
    type_moves(&mut app, "1/7(5)");
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("the repeat must be (1) to (4)"), "{footer}");
}

// ---- 6: headers ------------------------------------------------------------------------

/// Plays `game` on with the first legal plays, no doubles, until `stop` says so.
fn play_on(game: &mut Match<Backgammon>, seed: u64, stop: impl Fn(&Match<Backgammon>) -> bool) {
    let mut dice = SeededDice::from_seed(seed);
    use brade::session::DiceSource as _;
    for _ in 0..20_000 {
        if stop(game) {
            return;
        }
        match game.phase.clone() {
            Phase::Teka { .. } => {
                let (w, b) = (dice.die(), dice.die());
                game.teka(w, b);
            }
            Phase::AwaitRoll => game.roll(brade::rules::Roll::new(dice.die(), dice.die()).unwrap()),
            Phase::Forfeit(_) => game.pass(),
            Phase::Moving(t) => {
                let plays = Backgammon::legal_plays(&game.position, t.roll(), game.rules);
                let play = Backgammon::play_of(&plays[0]).to_string();
                Backgammon::play_text(game.turn_mut().unwrap(), &play).unwrap();
                game.confirm().unwrap();
            }
            Phase::GameOver { .. } => game.next_game(),
            Phase::Doubled { .. } | Phase::MatchOver => return,
        }
    }
}

/// The backgammon board's header at 80×24 (its top line).
fn header(game: &Match<Backgammon>) -> String {
    let app = opened(
        Lang::En,
        Opening::NewMatch {
            table: brade::app::table_of(game.clone()),
            computer: [None, None],
        },
    );
    lines(&draw(&app, 80, 24))[0].clone()
}

#[test]
fn the_header_at_the_end_of_a_game_speaks_of_that_game_not_the_next() {
    // A match to 3 whose last game is the Crawford game.
    for seed in 1..200 {
        let mut game: Match<Backgammon> = Match::new("Anna", "Bo", 3);
        let before_crawford =
            |g: &Match<Backgammon>| matches!(g.phase, Phase::GameOver { .. }) && g.score.next_is_crawford();
        play_on(&mut game, seed, before_crawford);
        if !before_crawford(&game) {
            continue;
        }
        // The game that brought the Crawford game is over: it was not the Crawford game.
        let top = header(&game);
        assert!(top.contains("Game over") && top.contains("Match to 3"), "{top}");
        assert!(!top.contains("Crawford"), "{top}");
        game.next_game();
        play_on(&mut game, seed + 1000, |g| {
            matches!(g.phase, Phase::GameOver { .. } | Phase::MatchOver)
        });
        if !game.score.is_over() {
            continue;
        }
        // Won in the Crawford game: the header over its last position says so, not
        // post-Crawford.
        assert!(matches!(game.phase, Phase::GameOver { .. }));
        let top = header(&game);
        assert!(top.contains("Match to 3 · Crawford game"), "{top}");
        assert!(!top.contains("post-Crawford"), "{top}");
        return;
    }
    panic!("no match won in its Crawford game");
}

#[test]
fn the_replay_header_names_the_side_whose_play_it_shows() {
    let (_, _, saved) = common::bg::play(3, 7, 1000);
    let replay = brade::app::Replay::<brade::game::Backgammon>::of(&saved, true).unwrap();
    let mut app = opened(Lang::En, Opening::Replay(replay.boxed()));
    let mut seen = [false; 2];
    for _ in 0..60 {
        press(&mut app, &[Key::Right]);
        let Some(r) = app.replay_of::<brade::game::Backgammon>() else {
            panic!()
        };
        let f = r.frame();
        let (Some(last), None, None) = (&f.last, f.cube, f.result) else {
            continue;
        };
        let top = lines(&draw(&app, 80, 24))[0].clone();
        let (glyph, name, other) = match last.mover {
            Color::White => ("○", "White", "Black"),
            Color::Black => ("●", "Black", "White"),
        };
        assert!(top.contains(&format!("{glyph} {name}'s play")), "{top}");
        assert!(!top.contains(&format!("{other} to move")), "{top}");
        seen[last.mover.index()] = true;
    }
    assert_eq!(seen, [true, true]);
}

// ---- 7: the players' names -------------------------------------------------------------

#[test]
fn the_opening_throws_name_the_players() {
    let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[3, 1])), "Anna", "Bo", 3);
    press(&mut app, &[Key::Char(' ')]);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("teka: Anna [3], Bo [1]"), "{footer}");
    let mut app = common::with_match(Lang::Sv, Box::new(ScriptedDice::new(&[3, 1])), "Anna", "Bo", 3);
    press(&mut app, &[Key::Char(' ')]);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("teka: Anna [3], Bo [1]"), "{footer}");
    // Backgammon's opening throw.
    let game: Match<Backgammon> = Match::new("Anna", "Bo", 3);
    let mut app = opened(
        Lang::En,
        Opening::NewMatch {
            table: brade::app::table_of(game),
            computer: [None, None],
        },
    );
    loop {
        press(&mut app, &[Key::Char(' ')]);
        let g = app.game::<brade::game::Backgammon>().unwrap();
        if !matches!(g.phase, Phase::Teka { .. }) {
            let (w, b) = *g.teka_rolls.last().unwrap();
            let footer = words_in(&draw(&app, 80, 24), geometry().footer);
            assert!(
                footer.contains(&format!("opening throw: Anna [{w}], Bo [{b}]")),
                "{footer}"
            );
            break;
        }
    }
}

#[test]
fn a_match_a_name_plays_against_itself_is_counted_for_each_side_apart() {
    use brade::ai::Level;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let name = "Computer (medium)";
    for (seed, names) in [(3, [name, name]), (4, ["Anna", name])] {
        let mut game = common::played(Level::Random, Level::Random, 1, seed);
        game.names = names.map(str::to_string);
        let mut saved = common::typed_save(&game);
        saved.saved_at = seed;
        store.archive(&saved).unwrap();
    }
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    app.job_done(brade::app::Done::Records(store.list_records(|_, _| {})));
    common::open(&mut app, MenuItem::Statistics);
    // The name's own match (against Anna) once; nobody's "of 2".
    let mut text = screen(&draw(&app, 80, 24));
    let l: Vec<&str> = text.lines().collect();
    let at = l
        .iter()
        .position(|r| r.contains(&format!("│{name} ")))
        .expect("listed");
    assert!(
        l[at + 1].contains("matches") && l[at + 1].contains(" of 1 "),
        "{text}"
    );
    // The match against itself: each side apart, under the name with its side's glyph,
    // one having won it and the other lost it.
    for _ in 0..3 {
        press(&mut app, &[Key::PageDown]);
        text.push_str(&screen(&draw(&app, 80, 24)));
    }
    let figures = |glyph: char| -> String {
        let l: Vec<&str> = text.lines().collect();
        let at = l
            .iter()
            .position(|r| r.contains(&format!("{name} {glyph}")))
            .unwrap_or_else(|| panic!("{glyph} listed:\n{text}"));
        l[at + 1].to_string()
    };
    let (white, black) = (figures('○'), figures('●'));
    assert!(
        white.contains(" of 1 ") && black.contains(" of 1 "),
        "{white}\n{black}"
    );
    let won = |f: &str| f.contains("matches 1 won");
    assert!(won(&white) != won(&black), "{white}\n{black}");
    assert!(!text.contains("of 2"), "{text}");
}

// ---- 8: the copy message, the chouette's quit box and its drops -------------------------

#[test]
fn the_editor_says_which_of_its_codes_was_copied() {
    let mut app = opened(
        Lang::En,
        Opening::Editor {
            kind: brade::game::Kind::Backgammon,
            code: None,
        },
    );
    press(&mut app, &[Key::Char('Y')]);
    let panel = words_in(&draw(&app, 80, 24), geometry().panel);
    assert!(panel.contains("GNU Position ID copied"), "{panel}");
    assert!(!panel.contains("Code copied"), "{panel}");
    press(&mut app, &[Key::Char('y')]);
    let panel = words_in(&draw(&app, 80, 24), geometry().panel);
    assert!(panel.contains("Code copied"), "{panel}");
}

/// Three players named on the chouette's form, lined up by their throws.
fn three(lang: Lang, seed: u64) -> App {
    let mut app = named_three(lang, seed);
    press(&mut app, &[Key::Down, Key::Down, Key::Enter]);
    while matches!(chouette(&app).stage, ChouetteStage::LineUp { .. }) {
        press(&mut app, &[Key::Char(' ')]);
    }
    app
}

/// The chouette's form with three players named.
fn named_three(lang: Lang, seed: u64) -> App {
    let mut app = App::new(lang, Box::new(SeededDice::from_seed(seed)));
    app.seed_dice(seed, 0);
    // Three players (the count is the row above the first name).
    press(&mut app, &[Key::Char('c'), Key::Up, Key::Left, Key::Down]);
    for (i, name) in ["Anna", "Bo", "Cia"].iter().enumerate() {
        if i > 0 {
            press(&mut app, &[Key::Down]);
        }
        type_keys(&mut app, name);
    }
    app
}

#[test]
fn the_chouette_forms_keys_fit_it_at_80_columns() {
    for lang in Lang::ALL {
        let app = named_three(lang, 3);
        // The form's keys fit the form at 80 columns.
        let text = screen(&draw(&app, 80, 24));
        let keys = match lang {
            Lang::En => [
                "(on a name: a person or the computer)",
                "type a name · Enter next field, or start · Esc back",
            ],
            Lang::Sv => [
                "(på ett namn: en person eller datorn)",
                "skriv ett namn · Enter nästa fält, eller starta · Esc tillbaka",
            ],
        };
        for keys in keys {
            assert!(text.contains(keys), "{keys} cut:\n{text}");
        }
    }
}

fn chouette(app: &App) -> &brade::app::ChouetteTable {
    match app.screen() {
        Screen::Chouette(c) => c,
        other => panic!("a chouette on screen, not {other:?}"),
    }
}

#[test]
fn the_chouette_quit_box_asks_about_the_chouette() {
    for (lang, ask) in [(Lang::En, "Leave the chouette?"), (Lang::Sv, "Lämna chouetten?")] {
        let mut app = three(lang, 3);
        press(&mut app, &[Key::Char(' ')]);
        press(&mut app, &[Key::Char('q')]);
        let text = screen(&draw(&app, 80, 24));
        assert!(text.contains(ask), "{text}");
        assert!(!text.contains("the match"), "{text}");
    }
}

#[test]
fn a_member_whose_double_the_box_dropped_has_the_point_in_his_score_at_once() {
    let mut app = three(Lang::En, 3);
    // The opening throw, then the team to roll: it doubles from the middle, each member
    // says yes, and the box drops the first cube and takes the second.
    for _ in 0..200 {
        let c = chouette(&app);
        let g = c.table.game();
        let team_to_roll =
            matches!(g.phase, Phase::AwaitRoll) && g.position.turn() == Color::Black && c.may_double();
        if team_to_roll {
            break;
        }
        match g.phase {
            Phase::Teka { .. } | Phase::AwaitRoll => press(&mut app, &[Key::Char(' ')]),
            Phase::Moving(_) => {
                let turn = g.turn().unwrap();
                let plays = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
                type_moves(&mut app, &Backgammon::play_of(&plays[0]).to_string());
            }
            Phase::Forfeit(_) => press(&mut app, &[Key::Enter]),
            ref other => panic!("{other:?}"),
        }
    }
    press(&mut app, &[Key::Char('d'), Key::Char('y'), Key::Char('y')]);
    assert_eq!(chouette(&app).stage, ChouetteStage::Answers);
    press(&mut app, &[Key::Char('p')]);
    let dropped = chouette(&app)
        .chouette
        .members()
        .iter()
        .find(|(_, m)| matches!(m.status, brade::backgammon::Status::BoxDropped { .. }))
        .map(|(n, _)| n.to_string())
        .expect("a cube dropped by the box");
    // His score says what his cube says; the box paid it.
    let panel = words_in(&draw(&app, 80, 24), geometry().panel);
    let cube = "▣ 64 middle · box dropped +1";
    assert!(
        panel.contains(&format!("{dropped} +1 captain · {cube}"))
            || panel.contains(&format!("{dropped} +1 team · {cube}")),
        "{panel}"
    );
    let box_player = chouette(&app).chouette.box_player().to_string();
    assert!(panel.contains(&format!("{box_player} -1 box")), "{panel}");
}

// ---- 9: keys that did nothing ----------------------------------------------------------

#[test]
fn h_in_a_chouette_gives_the_best_plays_or_says_when_it_will() {
    let mut app = three(Lang::En, 3);
    // The opening throw is played by its starter: with the dice, H gives the best plays.
    while chouette(&app).table.game().turn().is_none() {
        press(&mut app, &[Key::Char(' ')]);
    }
    assert!(chouette(&app).table.game().turn().is_some());
    press(&mut app, &[Key::Char('H')]);
    // Weighed off the event loop: the computer thinking, nothing lit until it is done.
    assert_eq!(app.hint_steps(), None);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("thinking"), "{footer}");
    common::run_jobs(&mut app);
    assert!(
        app.hint_steps().is_some_and(|s| !s.is_empty()),
        "the best play lit"
    );
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("best plays"), "{footer}");
    // Before a roll: said when it gives them.
    let turn = chouette(&app).table.game().turn().unwrap();
    let g = chouette(&app).table.game();
    let plays = Backgammon::legal_plays(&g.position, turn.roll(), g.rules);
    type_moves(&mut app, &Backgammon::play_of(&plays[0]).to_string());
    assert!(matches!(chouette(&app).table.game().phase, Phase::AwaitRoll));
    press(&mut app, &[Key::Char('H')]);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("once the dice are rolled"), "{footer}");
}

#[test]
fn a_replay_says_why_a_key_of_its_analysis_did_nothing_and_offers_only_what_acts() {
    let dir = tempfile::tempdir().unwrap();
    let (_, saved, analysis, wrong) = a_wrong_double(dir.path());
    let replay = brade::app::Replay::<brade::game::Backgammon>::of(&saved, true).unwrap();
    let mut app = opened(Lang::En, Opening::Replay(replay.boxed()));
    // Before the analysis: no error keys offered, and e says why it waits.
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(
        !footer.contains("e E errors") && !footer.contains("v roll out"),
        "{footer}"
    );
    press(&mut app, &[Key::Char('e')]);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("analysis is not in yet"), "{footer}");
    deliver_analysis(&mut app, analysis);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("e E errors"), "{footer}");
    // On the wrong double: v is not offered, and says why.
    let at = {
        let Some(r) = app.replay_of::<brade::game::Backgammon>() else {
            panic!()
        };
        (0..r.frames.len())
            .find(|&i| r.decisions_at(i).iter().any(|d| **d == wrong) && r.decisions_at(i).len() == 1)
            .unwrap()
    };
    press(&mut app, &[Key::Home]);
    for _ in 0..at {
        press(&mut app, &[Key::Right]);
    }
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(!footer.contains("v roll out"), "{footer}");
    press(&mut app, &[Key::Char('v')]);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(footer.contains("v rolls out checker plays only"), "{footer}");
    // Past the last error, e says there is none further and stays.
    press(&mut app, &[Key::End]);
    let Some(r) = app.replay_of::<brade::game::Backgammon>() else {
        panic!()
    };
    let end = r.index;
    let last_is_error = <Backgammon as brade::app::Reviewed>::error_at(r, end).is_some();
    press(&mut app, &[Key::Char('e')]);
    let Some(r) = app.replay_of::<brade::game::Backgammon>() else {
        panic!()
    };
    assert_eq!(r.index, end);
    let footer = words_in(&draw(&app, 80, 24), geometry().footer);
    assert!(
        footer.contains("no error after this turn"),
        "{last_is_error} {footer}"
    );
    // Where a checker play is marked, v is offered.
    let Some(r) = app.replay_of::<brade::game::Backgammon>() else {
        panic!()
    };
    let checker = (0..r.frames.len()).find(|&i| {
        r.decisions_at(i)
            .iter()
            .any(|d| !d.is_cube() && d.mark != Mark::Fine)
    });
    if let Some(i) = checker {
        press(&mut app, &[Key::Home]);
        for _ in 0..i {
            press(&mut app, &[Key::Right]);
        }
        let footer = words_in(&draw(&app, 80, 24), geometry().footer);
        assert!(footer.contains("v roll out"), "{footer}");
    }
}

// ---- 10: the start menu's memory -------------------------------------------------------

#[test]
fn esc_brings_the_start_menu_back_to_the_entry_it_left() {
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    for (letter, entry) in [
        ('b', MenuItem::NewBackgammon),
        ('c', MenuItem::NewChouette),
        ('s', MenuItem::Settings),
        ('e', MenuItem::Editor),
        ('n', MenuItem::NewMatch),
    ] {
        press(&mut app, &[Key::Char(letter), Key::Esc]);
        let Screen::Start { item } = app.screen() else {
            panic!("back on the start screen: {:?}", app.screen())
        };
        assert_eq!(app.menu()[*item], entry);
        let l = lines(&draw(&app, 80, 24));
        let marked = l.iter().find(|r| r.contains('▶')).unwrap();
        let label = match entry {
            MenuItem::NewBackgammon => "New backgammon match",
            MenuItem::NewChouette => "New chouette",
            MenuItem::Settings => "Settings",
            MenuItem::Editor => "Set up a position",
            _ => "New match",
        };
        assert!(marked.contains(label), "{marked}");
    }
}

#[test]
fn the_backgammon_form_opens_as_it_was_last_left() {
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    // One point, White named Anna, the computer Black at hard.
    press(&mut app, &[Key::Char('b'), Key::Left, Key::Left]);
    press(&mut app, &[Key::Down, Key::Backspace]);
    type_keys(&mut app, "Anna");
    press(&mut app, &[Key::Down, Key::Down, Key::Right, Key::Right]);
    press(&mut app, &[Key::Down, Key::Right]);
    let Screen::Setup(left) = app.screen().clone() else {
        panic!()
    };
    assert_eq!((left.points, left.level), (1, brade::ai::Level::Hard));
    press(&mut app, &[Key::Esc, Key::Char('b')]);
    let Screen::Setup(form) = app.screen() else {
        panic!()
    };
    assert_eq!(
        (form.points, &form.names, form.computer, form.level),
        (left.points, &left.names, left.computer, left.level)
    );
    assert_eq!(form.field, SetupField::Games);
    let text = screen(&draw(&app, 80, 24));
    assert!(text.contains("Anna") && text.contains("[1]"), "{text}");
    // The bräde form keeps its own.
    press(&mut app, &[Key::Esc, Key::Char('n')]);
    let Screen::Setup(form) = app.screen() else {
        panic!()
    };
    assert_eq!(*form, Setup::new(Lang::En, brade::brade::RuleSet::default()));
    // A match started from a form: the next form opens as it was.
    press(&mut app, &[Key::Esc, Key::Char('b')]);
    for _ in 0..6 {
        press(&mut app, &[Key::Down]);
    }
    press(&mut app, &[Key::Enter]);
    assert!(
        app.game::<brade::game::Backgammon>()
            .is_some_and(|g| g.names[0] == "Anna")
    );
}

#[test]
fn the_start_screen_shows_the_letters_of_its_entries() {
    for (lang, letters) in [
        (
            Lang::En,
            "n bräde · b backgammon · c chouette · e set up · s settings",
        ),
        (
            Lang::Sv,
            "n bräde · b backgammon · c chouette · e ställning · s inställningar",
        ),
    ] {
        let app = App::new(lang, Box::new(ScriptedDice::new(&[1])));
        let text = screen(&draw(&app, 80, 24));
        assert!(text.contains(letters), "{text}");
    }
}

// ---- 11: cut off at 80 columns ---------------------------------------------------------

#[test]
fn the_statistics_error_rate_and_its_latest_value_fit_80_columns() {
    use brade::ai::Level;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let game = common::played(Level::Random, Level::Random, 1, 3);
    let record = store.archive(&common::typed_save(&game)).unwrap();
    brade::store::analysis::analyse_records(std::slice::from_ref(&record), |_, _| {});
    for lang in Lang::ALL {
        let mut app = App::new(lang, Box::new(ScriptedDice::new(&[1])));
        app.job_done(brade::app::Done::Records(store.list_records(|_, _| {})));
        common::open(&mut app, MenuItem::Statistics);
        let text = screen(&draw(&app, 80, 24));
        let (rate, latest) = match lang {
            Lang::En => ("error rate", "latest"),
            Lang::Sv => ("förlust", "senast"),
        };
        let rows: Vec<&str> = text.lines().filter(|r| r.contains(latest)).collect();
        assert_eq!(rows.len(), 2, "{text}");
        for row in rows {
            // The latest value with its unit and the count, inside the frame.
            assert!(row.contains("‰ (1 match"), "{row}");
            assert!(row.trim_end().ends_with('│'), "{row}");
        }
        assert_eq!(text.lines().filter(|r| r.contains(rate)).count(), 2, "{text}");
    }
}

#[test]
fn the_helps_practice_table_wraps_in_its_columns_at_80_columns() {
    for (lang, heading, next) in [
        (Lang::En, "Practice", "The computer"),
        (Lang::Sv, "Öva", "Datorn"),
    ] {
        let (_, l) = help_from(lang, heading);
        let rows: Vec<String> = l[2..23]
            .iter()
            .map(|r| {
                r.trim_start_matches('│')
                    .trim_end_matches('│')
                    .trim_end()
                    .to_string()
            })
            .take_while(|r| !r.is_empty() && !r.starts_with(next))
            .collect();
        assert!(rows.len() > 8, "{rows:#?}");
        // Each entry's text stands in one column, and a line is as full as the next
        // line's first word allows.
        let text_at = |row: &str| -> usize {
            let from = if row.starts_with("  ") {
                0
            } else {
                row.find("  ").unwrap()
            };
            row[..from].chars().count() + row[from..].chars().take_while(|&c| c == ' ').count()
        };
        let column = text_at(&rows[0]);
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(text_at(row), column, "{lang:?}: {row:?} not in the column");
            if let Some(next) = rows.get(i + 1).filter(|n| n.starts_with("  ")) {
                let word = next.split_whitespace().next().unwrap();
                assert!(
                    row.chars().count() + 1 + word.chars().count() > 78,
                    "{lang:?}: ragged after {row:?}"
                );
            }
        }
    }
}
