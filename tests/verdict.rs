//! "Is this really an error?" (issue 27): a marked decision's play rolled out against the
//! judge's best with the same dice — a real error confirmed, the best play against itself
//! no loss, the same verdict for a seed on any number of threads, a backgammon cube
//! decision not rolled out — in `brade analyze --rollout` (its flags refused when bad)
//! and in the replay (`v`: a job with a gauge, then the verdict beside the 2-ply figure,
//! kept per decision; Esc gives a running rollout up).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::sync::atomic::AtomicBool;

use brade::ai::Level;
use brade::ai::analysis::{Decision, Mark};
use brade::ai::backgammon::analysis::{BgDecision, DecisionKind};
use brade::ai::verdict::{Run, Verdict, Verification, verify, verify_bg};
use brade::app::{Job, Key, Replay};
use brade::brade::{MoveGen, RuleSet};
use brade::rules::Color;
use brade::words::Lang;
use common::press;

fn run(games: u32, seed: u64, threads: usize) -> Run {
    Run {
        games,
        seed,
        threads: Some(threads),
    }
}

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

/// White bears its last two checkers off with 2-1 and wins — or plays 23/24 first and
/// leaves one, for Black to bear its last one off: a play that ends the game against one
/// that gives it away.
fn thrown_away() -> Decision {
    let position = common::pos("23,24/24/w");
    let roll = common::roll("21");
    let plays = MoveGen::new().plays(position.board(), roll).to_vec();
    let best = plays
        .iter()
        .find(|p| p.result.is_some())
        .expect("a play that wins");
    let made = plays
        .iter()
        .find(|p| p.result.is_none())
        .expect("a play that does not");
    Decision {
        game: 1,
        turn: 9,
        mover: Color::White,
        position,
        roll,
        played: made.play,
        best: best.play,
        loss: 1.0,
        match_loss: None,
        mark: Mark::VeryBad,
    }
}

#[test]
fn a_play_that_gives_the_game_away_is_confirmed_as_an_error_by_the_rollout() {
    let v = verify(
        &thrown_away(),
        RuleSet::VASAMUSEET,
        run(72, 1, 2),
        &|| {},
        &never(),
    )
    .unwrap();
    assert_eq!(v.games, 72);
    assert!(v.loss > 0.5, "{v:?}");
    assert_eq!(v.verdict, Verdict::Confirmed, "{v:?}");
}

#[test]
fn the_best_play_rolled_out_against_itself_loses_nothing_and_is_not_an_error() {
    let mut d = thrown_away();
    d.played = d.best;
    let v = verify(&d, RuleSet::VASAMUSEET, run(36, 1, 2), &|| {}, &never()).unwrap();
    assert_eq!((v.loss, v.error, v.verdict), (0.0, 0.0, Verdict::NotAnError));
    // In a contact position too: the same dice play the same games.
    let position = common::pos("1x15/1x15/w");
    let roll = common::roll("65");
    let play = MoveGen::new().plays(position.board(), roll)[0].play;
    let d = Decision {
        position,
        roll,
        played: play,
        best: play,
        ..thrown_away()
    };
    let v = verify(&d, RuleSet::VASAMUSEET, run(36, 1, 2), &|| {}, &never()).unwrap();
    assert_eq!((v.loss, v.error, v.verdict), (0.0, 0.0, Verdict::NotAnError));
}

#[test]
fn a_verdict_depends_on_the_seed_alone_not_on_the_threads() {
    let position = common::pos("1x15/1x15/w");
    let roll = common::roll("31");
    let plays = MoveGen::new().plays(position.board(), roll).to_vec();
    let d = Decision {
        position,
        roll,
        played: plays[plays.len() - 1].play,
        best: plays[0].play,
        ..thrown_away()
    };
    let one = verify(&d, RuleSet::VASAMUSEET, run(36, 7, 1), &|| {}, &never()).unwrap();
    let two = verify(&d, RuleSet::VASAMUSEET, run(36, 7, 2), &|| {}, &never()).unwrap();
    assert_eq!(one, two);
    assert!(one.error > 0.0, "contact: the games differ: {one:?}");
    let other = verify(&d, RuleSet::VASAMUSEET, run(36, 8, 2), &|| {}, &never()).unwrap();
    assert_ne!(one, other, "another seed, other dice");
}

#[test]
fn the_verdict_weighs_the_loss_against_the_doubtful_mark_by_two_standard_errors() {
    let verdict = |loss, error| Verification::of(loss, error, 100, 0.05).verdict;
    assert_eq!(verdict(0.3, 0.1), Verdict::Confirmed);
    assert_eq!(verdict(0.16, 0.05), Verdict::Confirmed);
    assert_eq!(verdict(0.14, 0.05), Verdict::Uncertain);
    assert_eq!(verdict(0.0, 0.03), Verdict::Uncertain);
    assert_eq!(verdict(-0.02, 0.03), Verdict::NotAnError);
    assert_eq!(verdict(0.04, 0.0), Verdict::NotAnError);
}

#[test]
fn a_given_up_rollout_has_no_verdict() {
    let stop = AtomicBool::new(true);
    assert_eq!(
        verify(&thrown_away(), RuleSet::VASAMUSEET, run(36, 1, 2), &|| {}, &stop),
        None
    );
}

/// White bears its last two checkers off with 2-1 — or plays 2/1 first and leaves one on
/// the 1-point, for Black to bear its last one off: the backgammon of [`thrown_away`].
fn bg_thrown_away() -> BgDecision {
    use brade::backgammon::{MoveGen, Position};
    let position = Position::from_code("2,1/1/w").unwrap();
    let roll = common::roll("21");
    let plays = MoveGen::new().plays(position.board(), roll).to_vec();
    let best = plays.iter().find(|p| p.win.is_some()).expect("a play that wins");
    let made = plays
        .iter()
        .find(|p| p.win.is_none())
        .expect("a play that does not");
    BgDecision {
        game: 1,
        turn: 20,
        mover: Color::White,
        position,
        cube: 1,
        cube_owner: None,
        kind: DecisionKind::Checker {
            roll,
            played: made.play,
            best: best.play,
        },
        loss: 2.0,
        match_loss: None,
        mark: Mark::VeryBad,
    }
}

#[test]
fn a_backgammon_checker_play_is_rolled_out_and_a_cube_decision_is_not() {
    let d = bg_thrown_away();
    let v = verify_bg(&d, run(36, 1, 2), &|| {}, &never()).unwrap();
    // The best play wins a point every game; the play made loses one every game.
    assert!((v.loss - 2.0).abs() < 1e-6 && v.error < 1e-6, "{v:?}");
    assert_eq!(v.verdict, Verdict::Confirmed);
    let again = verify_bg(&d, run(36, 1, 1), &|| {}, &never()).unwrap();
    assert_eq!(v, again, "the same on one thread");
    let DecisionKind::Checker { roll, best, .. } = d.kind.clone() else {
        unreachable!()
    };
    let itself = BgDecision {
        kind: DecisionKind::Checker {
            roll,
            played: best,
            best,
        },
        ..d.clone()
    };
    let v = verify_bg(&itself, run(36, 1, 2), &|| {}, &never()).unwrap();
    assert_eq!((v.loss, v.error, v.verdict), (0.0, 0.0, Verdict::NotAnError));
    let cube = BgDecision {
        kind: DecisionKind::Answer {
            took: false,
            take: true,
        },
        ..d
    };
    assert_eq!(verify_bg(&cube, run(36, 1, 2), &|| {}, &never()), None);
}

/// A one-game match between the random level and medium, saved as played with typed dice.
fn random_match(seed: u64) -> brade::store::SavedMatch {
    let game = common::played(Level::Random, Level::Medium, 1, seed);
    common::typed_save(&game)
}

/// The replay of `saved` on screen, its analysis run, at its worst error.
fn replay_at_worst(saved: &brade::store::SavedMatch, lang: Lang) -> brade::app::App {
    let mut app = common::replaying(lang, Replay::of(saved, false).unwrap());
    let job = common::analysis_job(&mut app).expect("the analysis runs");
    app.job_done(Job::Analysis(job).run());
    press(&mut app, &[Key::Char('w')]);
    app
}

fn replay(app: &brade::app::App) -> &Replay<brade::game::Brade> {
    match app.replay_of() {
        Some(r) => r,
        None => panic!("a replay, not {:?}", app.screen()),
    }
}

/// The rollout the replay asked for, made small.
fn verify_job(app: &mut brade::app::App, games: u32) -> Option<Box<brade::app::VerifyJob>> {
    app.jobs(None).into_iter().find_map(|job| match job {
        Job::Verify(mut job) => {
            job.run.games = games;
            Some(job)
        }
        _ => None,
    })
}

#[test]
fn v_in_a_replay_rolls_the_error_shown_out_with_a_gauge_and_shows_the_verdict_beside_the_mark() {
    let saved = random_match(3);
    for lang in [Lang::En, Lang::Sv] {
        let mut app = replay_at_worst(&saved, lang);
        let worst = replay(&app).index;
        assert!(replay(&app).decision().is_some_and(|d| d.mark != Mark::Fine));
        press(&mut app, &[Key::Char('v')]);
        let text = common::screen(&common::draw(&app, 80, 24));
        let rolling = lang.say(brade::words::verdict::ROLLING_OUT);
        assert!(text.contains(rolling), "{text}");
        let job = verify_job(&mut app, 36).expect("a rollout job");
        // Stepping away while it runs, and back: its verdict is kept all the same.
        press(&mut app, &[Key::Home]);
        app.job_done(Job::Verify(job).run());
        press(&mut app, &[Key::Char('W')]);
        assert_eq!(replay(&app).index, worst);
        let v = *replay(&app).verification().expect("the verdict");
        assert_eq!(v.games, 36);
        let text = common::screen(&common::draw(&app, 80, 24));
        let said = brade::words::verdict::panel(lang, &v.figures());
        let start = &said[..said.find(' ').unwrap()];
        assert!(text.contains(start), "{text}");
        assert!(
            text.contains(brade::words::verdict::verdict(lang, v.verdict)),
            "the verdict fits the panel at 80×24:\n{text}"
        );
        // Kept: `v` again rolls nothing out.
        press(&mut app, &[Key::Char('v')]);
        assert!(verify_job(&mut app, 36).is_none());
    }
}

#[test]
fn v_on_a_frame_without_a_marked_error_does_nothing_and_esc_gives_a_running_rollout_up() {
    let saved = random_match(3);
    let mut app = replay_at_worst(&saved, Lang::En);
    // The first frame, the game's start, has no decision.
    press(&mut app, &[Key::Home, Key::Char('v')]);
    assert!(verify_job(&mut app, 36).is_none());
    press(&mut app, &[Key::Char('e'), Key::Char('v')]);
    let job = verify_job(&mut app, 36).expect("a rollout job");
    // Another error's `v` gives this one up for it.
    press(&mut app, &[Key::Char('e'), Key::Char('v')]);
    assert!(job.stop.load(std::sync::atomic::Ordering::Relaxed));
    let next = verify_job(&mut app, 36).expect("the next one's job");
    assert!(!next.stop.load(std::sync::atomic::Ordering::Relaxed));
    // The given-up one's end changes nothing.
    app.job_done(Job::Verify(job).run());
    assert!(replay(&app).verifying().is_some());
    press(&mut app, &[Key::Esc]);
    assert!(next.stop.load(std::sync::atomic::Ordering::Relaxed));
    assert!(next.verify().is_none(), "given up");
}

#[test]
fn analyze_rollout_prints_the_verdict_under_the_worst_plays_and_as_three_tsv_columns() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("match.toml");
    std::fs::write(&file, brade::store::to_text(&random_match(3)).unwrap()).unwrap();
    let path = file.to_str().unwrap();
    let args = [
        "analyze",
        path,
        "--rollout",
        "--worst",
        "2",
        "--games",
        "36",
        "--seed",
        "5",
    ];
    let out = common::brade(&args, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("2 marked plays rolled out against the best play by medium, 36 games"),
        "{text}"
    );
    assert_eq!(
        text.matches("    rollout, 36 games a play: ").count(),
        2,
        "{text}"
    );
    let again = common::brade(&args, None);
    assert_eq!(
        text.as_bytes(),
        &again.stdout[..],
        "the same seed, the same verdicts"
    );
    let sv = common::brade(&[&["--lang", "sv"][..], &args].concat(), None);
    let sv = String::from_utf8(sv.stdout).unwrap();
    assert_eq!(sv.matches("    utspel, 36 partier per drag: ").count(), 2, "{sv}");

    let tsv = common::brade(&[&args[..], &["--tsv"]].concat(), None);
    let tsv = String::from_utf8(tsv.stdout).unwrap();
    let rows: Vec<Vec<&str>> = tsv.lines().map(|l| l.split('\t').collect()).collect();
    assert!(rows.iter().all(|r| r.len() == 12), "{tsv}");
    let rolled: Vec<&Vec<&str>> = rows.iter().filter(|r| r[11] != "-").collect();
    assert_eq!(rolled.len(), 2, "{tsv}");
    for r in &rolled {
        assert!(!r[7].is_empty(), "only marked plays are rolled out: {r:?}");
        r[9].parse::<f64>().unwrap();
        assert!(r[10].parse::<f64>().unwrap() >= 0.0);
        assert!(
            ["confirmed", "not-an-error", "uncertain"].contains(&r[11]),
            "{r:?}"
        );
    }
    // The two rolled out are the two worst.
    let mut losses: Vec<f64> = rows.iter().map(|r| r[6].parse().unwrap()).collect();
    losses.sort_by(|a, b| b.total_cmp(a));
    for r in &rolled {
        assert!(r[6].parse::<f64>().unwrap() >= losses[1], "{r:?}");
    }
}

#[test]
fn analyze_refuses_bad_rollout_flags_with_a_line_and_status_2() {
    for args in [
        &["analyze", "x.toml", "--worst", "3"][..],
        &["analyze", "x.toml", "--games", "100"],
        &["analyze", "x.toml", "--rollout", "--games", "0"],
        &["analyze", "x.toml", "--rollout", "--games", "many"],
        &["analyze", "x.toml", "--rollout", "--worst", "-1"],
    ] {
        let out = common::brade(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// A one-point backgammon match of the first legal play against the last, its dice from
/// `seed`, saved as the app saves it.
fn backgammon_match(seed: u64) -> brade::store::SavedMatch {
    use brade::game::{Backgammon, Game};
    use brade::session::{DiceSource as _, Match, Phase, SeededDice, match_seed};
    let mut game: Match<Backgammon> =
        Match::new("Anna", "Bo", 1).by_rules(brade::backgammon::Stakes::default());
    let mut dice = SeededDice::from_seed(match_seed(seed, 1, &game.names, game.rules));
    let mut drawn = 0;
    for _ in 0..10_000 {
        match game.phase.clone() {
            Phase::Teka { .. } => {
                drawn += 2;
                game.teka(dice.die(), dice.die());
            }
            Phase::AwaitRoll => {
                drawn += 2;
                game.roll(brade::rules::Roll::new(dice.die(), dice.die()).unwrap());
            }
            Phase::Forfeit(_) => game.pass(),
            Phase::Moving(turn) => {
                let plays = Backgammon::legal_plays(&game.position, turn.roll(), game.rules);
                let pick = match game.position.turn() {
                    Color::White => plays.first(),
                    Color::Black => plays.last(),
                };
                let text = Backgammon::play_of(pick.unwrap()).to_string();
                Backgammon::play_text(game.turn_mut().unwrap(), &text).unwrap();
                game.confirm().unwrap();
            }
            Phase::GameOver { .. } | Phase::Doubled { .. } => game.next_game(),
            Phase::MatchOver => {
                let dice = brade::store::format::DiceRecord {
                    seed: Some(seed),
                    drawn,
                    ..Default::default()
                };
                return brade::store::SavedMatch::of(&game, dice, [None, None], 1_700_000_000);
            }
        }
    }
    panic!("the match did not end");
}

#[test]
fn v_in_a_backgammon_replay_rolls_out_the_marked_checker_play_shown() {
    let saved = backgammon_match(4);
    let replay = brade::app::replay_screen(&saved, false).unwrap();
    assert!(
        replay.of::<brade::game::Backgammon>().is_some(),
        "a backgammon replay"
    );
    let mut app = common::launched(
        Lang::En,
        brade::app::Launch {
            opening: brade::app::Opening::Replay(replay),
            ..Default::default()
        },
    );
    for job in app.jobs(None) {
        app.job_done(job.run());
    }
    press(&mut app, &[Key::Char('w'), Key::Char('v')]);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("rolling the play out"), "{text}");
    let job = verify_job(&mut app, 36).expect("a rollout job");
    assert!(
        job.checked
            .as_any()
            .is::<brade::ai::backgammon::analysis::BgDecision>()
    );
    app.job_done(Job::Verify(job).run());
    let Some(replay) = app.replay_of::<brade::game::Backgammon>() else {
        panic!("the replay")
    };
    let v = replay.verification().expect("the verdict");
    assert_eq!(v.games, 36);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(
        text.contains(brade::words::verdict::verdict(Lang::En, v.verdict)),
        "{text}"
    );
}
