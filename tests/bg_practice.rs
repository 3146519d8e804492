//! Backgammon's analysis kept beside its record (made once, read back the same, made again
//! when the file is damaged or forged), counted in the statistics, and its checker errors
//! drilled by the trainer on a backgammon board (issues 26 and 27).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::path::{Path, PathBuf};

use brade::ai::analysis::Mark;
use brade::ai::backgammon::analysis::{BgAnalysis, DecisionKind, THRESHOLDS};
use brade::ai::{Level, Strategy as _};
use brade::app::{App, Key, Screen};
use brade::game::{Backgammon, Game};
use brade::practice::CubeCard;
use brade::session::Match;
use brade::store::Store;
use brade::store::analysis::{Source, analyse_records, analysis_of, path_of};
use brade::words::Lang;
use brade::words::kept::{Refusal, Unbelievable};
use common::press;

/// A 3-point match of random plays and doubles, kept as a record in `dir`'s store.
fn recorded(dir: &Path) -> (Store, PathBuf, Match<Backgammon>) {
    let store = Store::at(dir);
    let (game, _, saved) = common::bg::play(3, 5, 4);
    let record = store.archive(&saved).unwrap();
    (store, record, game)
}

/// The analysis of `game` kept beside `record`, and where it came from.
fn analysed(record: &Path, game: &Match<Backgammon>) -> (BgAnalysis, Source) {
    let (analysis, source, error) = analysis_of(Some(record), game, |_, _| {}).unwrap();
    assert!(error.is_none(), "{error:?}");
    (analysis, source)
}

/// `text`'s body with a new checksum line, as a forger would write it.
fn forged(text: &str, body: &str) -> String {
    let first = text.lines().next().unwrap();
    let (head, _) = first.rsplit_once(' ').unwrap();
    format!("{head} {:016x}\n{body}", brade::checksum::fnv1a(body.as_bytes()))
}

#[test]
fn a_backgammon_analysis_is_kept_beside_its_record_read_back_the_same_and_remade_when_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let (_, record, game) = recorded(dir.path());
    let (made, source) = analysed(&record, &game);
    assert_eq!(source, Source::Made);
    assert!(!made.decisions.is_empty());
    let kept = path_of(&record);
    let text = std::fs::read_to_string(&kept).unwrap();
    assert!(text.starts_with("brade-bg-analysis 1 "), "{text}");
    assert_eq!(text.lines().count(), 1 + made.decisions.len());
    // Read back: the same decisions, marks and summaries, not weighed again.
    let (again, source) = analysed(&record, &game);
    assert_eq!(source, Source::Kept);
    assert_eq!(again, made);
    // A byte changed breaks the checksum: made again, and the file mended.
    std::fs::write(&kept, text.replacen("checker", "chequer", 1)).unwrap();
    assert_eq!(analysed(&record, &game).1, Source::Remade(Refusal::Damaged));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), text);
    // A forged line under a checksum made to fit — a play that is not a legal play of the
    // roll there — is not believed either.
    let body = text.split_once('\n').unwrap().1;
    let line = body.lines().find(|l| l.contains("\tchecker\t")).unwrap();
    let fields: Vec<&str> = line.split('\t').collect();
    let mut wrong = fields.clone();
    wrong[7] = "24/1";
    let body = body.replacen(line, &wrong.join("\t"), 1);
    std::fs::write(&kept, forged(&text, &body)).unwrap();
    assert!(matches!(
        analysis_of(Some(&record), &game, |_, _| {}).unwrap().1,
        Source::Remade(Refusal::Unbelievable {
            why: Unbelievable::NotTheRecords,
            ..
        })
    ));
    // Nor is a decision of a game the match never had.
    let mut beyond = fields.clone();
    let games = game.log.len().to_string();
    let past = (game.log.len() + 1).to_string();
    beyond[0] = &past;
    assert_ne!(beyond[0], games);
    let body = text
        .split_once('\n')
        .unwrap()
        .1
        .replacen(line, &beyond.join("\t"), 1);
    std::fs::write(&kept, forged(&text, &body)).unwrap();
    assert!(matches!(
        analysis_of(Some(&record), &game, |_, _| {}).unwrap().1,
        Source::Remade(Refusal::Unbelievable { .. })
    ));
    // The record changed (another match under its name): its old analysis does not fit.
    let (other, _, saved) = common::bg::play(3, 6, 4);
    std::fs::write(&record, brade::store::to_text(&saved).unwrap()).unwrap();
    let (remade, source) = analysed(&record, &other);
    assert_eq!(source, Source::Made);
    assert_ne!(remade, made);
}

/// `text` (a kept analysis) with each decision line's tab-separated fields (game, turn,
/// who, position, cube, kind, three fields of the kind, loss, chance) changed by `edit`,
/// under a checksum made to fit — as a forger would write it.
fn edited(text: &str, mut edit: impl FnMut(&mut Vec<String>)) -> String {
    let body: String = text
        .split_once('\n')
        .unwrap()
        .1
        .lines()
        .map(|line| {
            let mut fields: Vec<String> = line.split('\t').map(str::to_string).collect();
            edit(&mut fields);
            fields.join("\t") + "\n"
        })
        .collect();
    forged(text, &body)
}

#[test]
fn a_forged_backgammon_analysis_is_refused_with_its_reason_and_made_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let (store, record, game) = recorded(dir.path());
    let (made, _) = analysed(&record, &game);
    let kept = path_of(&record);
    let text = std::fs::read_to_string(&kept).unwrap();
    // The genuine analysis under a checksum written as the forger writes it: believed.
    assert_eq!(edited(&text, |_| {}), text);
    assert_eq!(analysed(&record, &game), (made.clone(), Source::Kept));
    let errors: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| l.contains("\tchecker\t") && l.split('\t').nth(9) != Some("0"))
        .collect();
    assert!(errors.len() > 3, "a random player errs: {text}");
    let refused = |bad: String, what: &str, why: Unbelievable| {
        std::fs::write(&kept, &bad).unwrap();
        // Until it is made again the statistics and the trainer do not believe it either:
        // the record is one not analysed yet, with no error rate and nothing to drill.
        let listed = store.list_records(|_, _| {});
        assert_eq!(brade::store::unanalysed(&listed), vec![record.clone()], "{what}");
        let stats = brade::store::stats::of_game(&listed, brade::game::Kind::Backgammon);
        assert_eq!(stats["Anna"].error_rate(), None, "{what}");
        assert_eq!(store.record_errors(), (Vec::new(), 1), "{what}");
        let (again, source) = analysed(&record, &game);
        let Source::Remade(Refusal::Unbelievable { why: said, .. }) = source else {
            panic!("{what} was believed: {source:?}")
        };
        assert_eq!(said, why, "{what}: the reason");
        assert_eq!(again, made, "{what}: made afresh");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), text, "{what}: rewritten");
    };
    // Every loss 0, with every chance of the match lost (a random player made
    // supernatural): the better plays named still differ from those made.
    refused(
        edited(&text, |f| {
            f[9] = "0".into();
            f[10] = "0".into();
        }),
        "every loss 0",
        Unbelievable::WrongLosesNothing,
    );
    // Every loss 0, the chances lost left: the losses contradict them.
    refused(
        edited(&text, |f| f[9] = "0".into()),
        "every loss 0 but the chances",
        Unbelievable::ChanceContradicts,
    );
    // Every loss 1e300: more than any decision can lose (the chance of the match lost is
    // at most all of it).
    let huge = edited(&text, |f| f[9] = "1e300".into());
    refused(huge.clone(), "every loss 1e300", Unbelievable::TooMuch);
    // The play made replaced by the best, its loss kept.
    let first = errors[0];
    refused(
        edited(&text, |f| {
            if f.join("\t") == first {
                f[7] = f[8].clone();
            }
        }),
        "the best play made, with a loss",
        Unbelievable::RightLoses,
    );
    // `brade analyze` says why, and prints the analysis made afresh.
    std::fs::write(&kept, &huge).unwrap();
    let out = common::brade(&["analyze", record.to_str().unwrap()], None);
    let (said, printed) = (
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout),
    );
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("was refused (game 1, turn ") && said.contains("greater than the decision can lose"),
        "{said}"
    );
    assert!(
        !printed.contains("000000000000") && printed.contains("rating:"),
        "{printed}"
    );
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), text);
    let (_, source) = analysed(&record, &game);
    assert_eq!(source, Source::Kept);
    // So does the replay, under the players, once its analysis is made afresh.
    std::fs::write(&kept, &huge).unwrap();
    let mut app = App::new(Lang::En, Box::new(brade::session::SeededDice::from_seed(1)));
    app.job_done(brade::app::Done::Records(store.list_records(|_, _| {})));
    common::open(&mut app, brade::app::MenuItem::Records);
    press(&mut app, &[Key::Enter]);
    common::run_jobs(&mut app);
    let Some(replay) = app.replay_of::<brade::game::Backgammon>() else {
        panic!("the replay")
    };
    assert!(
        matches!(
            replay.refused,
            Some(Refusal::Unbelievable {
                why: Unbelievable::TooMuch,
                ..
            })
        ),
        "{:?}",
        replay.refused
    );
    let shown = common::screen(&common::draw(&app, 160, 50));
    assert!(
        shown.contains("The kept analysis was refused (game 1, turn") && shown.contains("made afresh."),
        "{shown}"
    );
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), text);
}

#[test]
fn analysing_the_records_covers_backgammon_and_each_players_error_rate_reaches_the_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let (store, record, game) = recorded(dir.path());
    let listed = store.list_records(|_, _| {});
    assert_eq!(brade::store::unanalysed(&listed), vec![record.clone()]);
    let stats = brade::store::stats::of_game(&listed, brade::game::Kind::Backgammon);
    assert_eq!(stats["Anna"].error_rate(), None);
    assert_eq!(analyse_records(std::slice::from_ref(&record), |_, _| {}), 1);
    assert_eq!(
        analyse_records(std::slice::from_ref(&record), |_, _| {}),
        0,
        "kept"
    );
    let listed = store.list_records(|_, _| {});
    assert!(brade::store::unanalysed(&listed).is_empty());
    let (analysis, source) = analysed(&record, &game);
    assert_eq!(source, Source::Kept);
    let stats = brade::store::stats::of_game(&listed, brade::game::Kind::Backgammon);
    for (name, side) in [
        ("Anna", brade::rules::Color::White),
        ("Bo", brade::rules::Color::Black),
    ] {
        let s = &stats[name];
        let own = analysis.overall(side);
        assert_eq!(s.history.len(), 1);
        assert_eq!(
            s.history[0].summary, own,
            "{name}: checker play and cube together"
        );
        let (rate, rating) = s.error_rate().unwrap();
        assert!((rate - own.error_rate()).abs() < 1e-9);
        assert_eq!(
            Some(rating),
            own.rating_on(brade::ai::backgammon::analysis::LIMITS)
        );
    }
    // The index remembers it: listed again from the index, the same figures.
    assert_eq!(
        brade::store::stats::of_game(&store.list_records(|_, _| {}), brade::game::Kind::Backgammon),
        stats
    );
    // `brade stats` says it under backgammon's heading.
    let data = dir.path().to_str().unwrap();
    let out = common::brade(&["--data-dir", data, "stats"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    let bg = text
        .split_once("Backgammon")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    assert!(
        bg.contains("error rate:") && !bg.contains("no analysed match"),
        "{text}"
    );
}

/// A match to `length` points (0: a money game) of random plays and frequent doubles
/// whose analysis has cube errors of both kinds, recorded in `dir`'s store and analysed.
fn record_with_cube_errors(dir: &Path, length: u32) -> (Store, BgAnalysis) {
    let store = Store::at(dir);
    for seed in 1..40 {
        let (game, _, saved) = common::bg::play(length, seed, 2);
        let (analysis, ..) = brade::store::analysis::analysis_of(None, &game, |_, _| {}).unwrap();
        let error = |double: bool| {
            analysis.decisions.iter().any(|d| {
                d.mark != Mark::Fine
                    && match d.kind {
                        DecisionKind::Double { .. } => double,
                        DecisionKind::Answer { .. } => !double,
                        DecisionKind::Checker { .. } => false,
                    }
            })
        };
        if error(true) && error(false) {
            let record = store.archive(&saved).unwrap();
            assert_eq!(analyse_records(std::slice::from_ref(&record), |_, _| {}), 1);
            return (store, analysis);
        }
    }
    panic!("no money game with both kinds of cube error");
}

#[test]
fn every_backgammon_error_of_a_money_game_is_drilled_and_weighed_as_the_analysis_did() {
    drill_every_error(0);
}

#[test]
fn every_backgammon_error_of_a_match_is_drilled_at_its_score_and_weighed_as_the_analysis_did() {
    drill_every_error(3);
}

/// Every error of a match to `length` (0: money) drilled: checker plays answered with the
/// hard level's best (no loss), cube decisions answered as in the record — the loss the
/// analysis found, at the match's score with the cube as it was.
fn drill_every_error(length: u32) {
    let dir = tempfile::tempdir().unwrap();
    let (store, analysis) = record_with_cube_errors(dir.path(), length);
    let (errors, unanalysed) = store.record_errors();
    assert_eq!(unanalysed, 0);
    // Every decision marked doubtful or worse: checker plays and cube decisions.
    let marked: Vec<_> = analysis
        .decisions
        .iter()
        .filter(|d| d.mark != Mark::Fine)
        .collect();
    assert_eq!(errors.len(), marked.len());
    assert!(errors.iter().all(|e| e.kind == brade::game::Kind::Backgammon));
    for (e, d) in errors.iter().zip(&marked) {
        assert_eq!(e.cube.is_empty(), !d.is_cube(), "{e:?}");
        assert_eq!((e.loss, e.turn as usize), (d.loss, d.turn));
    }
    let mut app = App::new(Lang::En, Box::new(brade::session::SeededDice::from_seed(1)));
    app.job_done(brade::app::Done::Records(store.list_records(|_, _| {})));
    press(&mut app, &[Key::Char('p')]);
    for job in app.jobs(Some(&store)) {
        app.job_done(job.run());
    }
    let save = app.save_due().expect("the new cards saved");
    app.saved(save.write(&store));
    let deck = store.load_deck().unwrap();
    assert_eq!(deck.cards.len(), marked.len());
    // The deck's file names the game of each card, and a cube card's cube.
    let text = std::fs::read_to_string(store.trainer_file()).unwrap();
    assert_eq!(text.matches("kind = \"backgammon\"").count(), marked.len());
    assert!(text.contains("roll = \"double\"") && text.contains("roll = \"take\""));
    press(&mut app, &[Key::Enter]);
    let mut answered = [0; 3];
    for _ in 0..deck.cards.len() {
        let Screen::Drill(d) = app.screen() else {
            panic!("a card drilled: {:?}", app.screen())
        };
        let card = deck.cards[d.queue[d.at]].clone();
        let Some(table) = d.table.of::<brade::game::Backgammon>() else {
            panic!("a backgammon card on a backgammon board")
        };
        assert_eq!(table.game().position.code(), card.position);
        assert_eq!(table.game().score.length, length);
        assert_eq!(card.score.is_empty(), length == 0);
        let screen = common::screen(&common::draw(&app, 80, 24));
        match card.question() {
            None => {
                assert!(
                    screen.contains(&format!("best play for {}", card.roll)),
                    "{screen}"
                );
                // The hard level's best play, typed in notation (the prompt's Enter
                // confirms it): weighed, not played on.
                let turn = table.game().turn().unwrap();
                let plays = Backgammon::legal_plays(turn.start(), turn.roll(), table.game().rules);
                let values = Backgammon::player(Level::Hard, 0).values(&plays);
                let best = (0..plays.len())
                    .max_by(|&x, &y| values[x].total_cmp(&values[y]).then(y.cmp(&x)))
                    .unwrap();
                common::type_moves(&mut app, &plays[best].play.to_string());
                // (Weighed off the event loop.)
                common::run_jobs(&mut app);
                let Screen::Drill(d) = app.screen() else { panic!() };
                let answer = d.answer.as_ref().expect("weighed");
                assert_eq!((answer.loss, answer.marks), (0.0, THRESHOLDS));
                assert_eq!(answer.candidates[0].0, answer.best);
                assert!(app.hint_steps().is_some_and(|s| !s.is_empty()), "the best lit");
                answered[0] += 1;
            }
            Some(question) => {
                let take = question == CubeCard::Take;
                assert!(
                    screen.contains(if take {
                        "take or pass"
                    } else {
                        "Double, or play on"
                    }),
                    "{screen}"
                );
                assert!(table.game().turn().is_none(), "asked before the roll");
                // The other keys of the match do nothing here: no roll, no hint.
                press(&mut app, &[Key::Char('H'), Key::Char('x')]);
                let Screen::Drill(d) = app.screen() else { panic!() };
                assert!(d.answer.is_none());
                // Answered as in the record: the same loss as the analysis found (at the
                // match's score, the cube as it was).
                let key = match card.played.as_str() {
                    "double" => 'd',
                    "no double" => 'n',
                    "take" => 't',
                    "pass" => 'p',
                    other => panic!("{other}"),
                };
                press(&mut app, &[Key::Char(key)]);
                common::run_jobs(&mut app);
                let Screen::Drill(d) = app.screen() else { panic!() };
                let answer = d.answer.as_ref().expect("weighed");
                assert!((answer.loss - card.loss).abs() < 1e-9, "{answer:?} / {card:?}");
                let cube = answer.cube.as_ref().unwrap();
                assert_ne!(cube.chosen, cube.right, "it was an error");
                let screen = common::screen(&common::draw(&app, 100, 30));
                assert!(screen.contains("The choices"), "{screen}");
                answered[1 + usize::from(take)] += 1;
            }
        }
        press(&mut app, &[Key::Enter]);
    }
    assert!(answered.iter().all(|&n| n > 0), "{answered:?}");
    assert!(
        matches!(app.screen(), Screen::Trainer(_)),
        "back on the form when done"
    );
    let save = app.save_due().expect("the answers saved");
    app.saved(save.write(&store));
    let kept = store.load_deck().unwrap();
    assert!(kept.cards.iter().all(|c| c.answers == 1));
}

#[test]
fn a_backgammon_replay_analysed_is_kept_and_counts_in_the_statistics_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (store, record, _) = recorded(dir.path());
    let mut app = App::new(Lang::En, Box::new(brade::session::SeededDice::from_seed(1)));
    app.job_done(brade::app::Done::Records(store.list_records(|_, _| {})));
    common::open(&mut app, brade::app::MenuItem::Records);
    press(&mut app, &[Key::Enter]);
    assert!(
        app.replay_of::<brade::game::Backgammon>().is_some(),
        "{:?}",
        app.screen()
    );
    let jobs = app.jobs(None);
    assert!(
        jobs.iter()
            .any(|j| matches!(j, brade::app::Job::Analysis(job) if job.as_any().is::<brade::app::AnalysisJob<brade::game::Backgammon>>()))
    );
    for job in jobs {
        app.job_done(job.run());
    }
    assert!(path_of(&record).exists(), "kept beside the record");
    // Back to the start and on to the statistics: the match counts, without a new listing.
    press(&mut app, &[Key::Esc, Key::Esc]);
    common::open(&mut app, brade::app::MenuItem::Statistics);
    let text = common::screen(&common::draw(&app, 80, 40));
    assert!(
        text.contains("error rate") && !text.contains("not analysed yet"),
        "{text}"
    );
}
