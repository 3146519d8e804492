//! Backgammon's long computations and what survives their being killed: the rolled-out
//! positions appended to a file that a run started again completes to the content of an
//! unbroken run (and refuses, in words, to mix with other settings), supervised training
//! and TD self-play resumed from their checkpoints ending with the weights of unbroken
//! runs.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::path::{Path, PathBuf};

use brade::ai::Level;
use brade::ai::backgammon::features::is_race;
use brade::ai::backgammon::net::{Probs, Scratch, embedded};
use brade::ai::backgammon::supervised::{
    DECISION_PLAYS, Draw, Plan, drawn, positions, read_rollouts, state_path, write_rollouts,
};
use brade::ai::backgammon::teach::{TeachOptions, fit, record_path, run, train};
use brade::backgammon::{Board, Position};
use common::brade;

fn plan(seed: u64) -> Plan {
    Plan {
        seed,
        level: Level::Medium,
        games: 4,
        luck_adjusted: false,
        threads: Some(1),
        search: None,
        draw: Draw::Played,
    }
}

/// The plan of [`plan`], drawing decisions, with 2 games a rollout.
fn decisions(seed: u64) -> Plan {
    Plan {
        draw: Draw::Decisions,
        games: 2,
        ..plan(seed)
    }
}

fn write(path: &Path, n: usize, plan: &Plan) -> Result<(), String> {
    write_rollouts(path, n, plan, 0, &mut std::io::sink()).map_err(|e| e.to_string())
}

#[test]
fn position_k_of_a_seed_is_the_same_however_many_are_drawn_and_each_has_contact() {
    let five = positions(5, 3).unwrap();
    let three = positions(3, 3).unwrap();
    assert_eq!(five[..3], three[..]);
    assert_ne!(positions(5, 4).unwrap(), five);
    let all = positions(60, 3).unwrap();
    assert_eq!(all[..5], five[..]);
    let distinct: std::collections::HashSet<&Board> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "a board is drawn once");
    assert!(
        all.iter().all(|b| !is_race(b.own(), b.opp())),
        "races are the race network's"
    );
}

#[test]
fn a_rollout_file_cut_short_anywhere_is_completed_to_the_content_of_an_unbroken_run() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.tsv");
    write(&whole, 3, &plan(9)).unwrap();
    let text = std::fs::read(&whole).unwrap();
    let header = plan(9).header().len();
    assert_eq!(
        String::from_utf8_lossy(&text)
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count(),
        4
    );
    let second_line = header + text[header..].iter().position(|&b| b == b'\n').unwrap() + 1;
    // In the header, at the end of it, in a line, at a line's end, before its newline.
    for cut in [
        0,
        30,
        header,
        header + 7,
        second_line,
        second_line - 1,
        text.len() - 1,
    ] {
        let path = dir.path().join(format!("cut{cut}.tsv"));
        std::fs::write(&path, &text[..cut]).unwrap();
        write(&path, 3, &plan(9)).unwrap();
        assert!(std::fs::read(&path).unwrap() == text, "cut at byte {cut}");
    }
    // In two steps, as a run stopped after its first position and started again.
    let steps = dir.path().join("steps.tsv");
    write(&steps, 1, &plan(9)).unwrap();
    write(&steps, 3, &plan(9)).unwrap();
    assert!(std::fs::read(&steps).unwrap() == text);
    let read = read_rollouts(&whole).unwrap();
    assert_eq!(read.len(), 3);
    assert_eq!(
        read.iter().map(|r| r.0).collect::<Vec<_>>(),
        positions(3, 9).unwrap()
    );
    for (_, p) in &read {
        assert!(p.0.iter().all(|v| (0.0..=1.0).contains(v)), "{p:?}");
    }
}

#[test]
fn a_rollout_file_is_not_continued_with_other_settings_and_the_refusal_says_which() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.tsv");
    write(&path, 1, &plan(9)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let err = write(&path, 2, &plan(10)).unwrap_err();
    assert!(
        err.contains("other settings") && err.contains("seed 9") && err.contains("seed 10"),
        "{err}"
    );
    let more_games = Plan { games: 8, ..plan(9) };
    let err = write(&path, 2, &more_games).unwrap_err();
    assert!(
        err.contains("4 games a position") && err.contains("8 games a position"),
        "{err}"
    );
    let luck = Plan {
        luck_adjusted: true,
        ..plan(9)
    };
    assert!(write(&path, 2, &luck).unwrap_err().contains("luck adjustment on"));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "a refused run leaves the file as it was"
    );
    // The threads change nothing in the figures, so they are no setting of the file.
    write(
        &path,
        1,
        &Plan {
            threads: None,
            ..plan(9)
        },
    )
    .unwrap();
    // A file without this header (an older brade's) is not continued either.
    let old = dir.path().join("old.tsv");
    std::fs::write(
        &old,
        "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w\t0.5\t0.1\t0\t0.1\t0\t144\n",
    )
    .unwrap();
    assert!(write(&old, 2, &plan(9)).unwrap_err().contains("other settings"));
}

#[test]
fn a_rollout_file_whose_positions_are_not_the_seeds_is_refused_at_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.tsv");
    write(&path, 2, &plan(9)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let second = positions(2, 9).unwrap()[1];
    let code = Position::new(second, brade::rules::Color::White).code();
    let forged = text.replace(
        &format!("1\t{code}\t"),
        "1\t6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w\t",
    );
    assert_ne!(forged, text);
    std::fs::write(&path, &forged).unwrap();
    let err = write(&path, 3, &plan(9)).unwrap_err();
    let line = plan(9).header().lines().count() + 2;
    assert!(
        err.contains(&format!("line {line}")) && err.contains("not position 1 of seed 9"),
        "{err}"
    );
}

#[test]
fn writing_rollouts_again_with_another_seed_is_refused_in_words_by_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.tsv");
    let file = path.to_str().unwrap();
    let run_with = |seed: &str| {
        brade(
            &[
                "--seed",
                seed,
                "train",
                "--game",
                "backgammon",
                "--write-rollouts",
                file,
                "--positions",
                "1",
                "--rollout-games",
                "2",
                "--threads",
                "1",
            ],
            None,
        )
    };
    let ok = run_with("5");
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let refused = run_with("6");
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8(refused.stderr).unwrap();
    assert!(err.contains("other settings") && err.contains("seed 5"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// The boards left by each play of `roll` on `board` (its side having moved: the
/// opponent's to roll), `None` for a play that ends the game.
fn left(board: &Board, roll: brade::rules::Roll) -> Vec<Option<Board>> {
    let mut movegen = brade::backgammon::MoveGen::new();
    movegen
        .plays(board, roll)
        .iter()
        .map(|p| p.win.is_none().then(|| p.board.switched()))
        .collect()
}

#[test]
fn drawn_by_decision_the_boards_are_those_of_plays_that_hard_and_medium_choose_apart() {
    use brade::ai::backgammon::{player, seen, selfplay};
    let seed = 5;
    let kept = drawn(12, seed, Draw::Decisions).unwrap();
    assert_eq!(kept.len(), 12);
    let mut groups: Vec<Vec<Board>> = Vec::new();
    for w in kept.windows(2) {
        assert!(w[0].1 <= w[1].1, "the decisions come in order: {:?}", w);
    }
    for (i, (b, d)) in kept.iter().enumerate() {
        if i == 0 || kept[i - 1].1 != *d {
            groups.push(Vec::new());
        }
        groups.last_mut().unwrap().push(*b);
        assert!(!is_race(b.own(), b.opp()), "races are the race network's");
    }
    let distinct: std::collections::HashSet<&Board> = kept.iter().map(|(b, _)| b).collect();
    assert_eq!(distinct.len(), kept.len(), "a board is kept once");
    // Each group found among the seed's games (played here by the self-play module, its
    // levels in the documented turn), at the first turn whose plays leave all its boards;
    // there the real players choose apart, and their two boards are kept unless kept before.
    let net = embedded().unwrap();
    let levels = [Level::Medium, Level::Medium, Level::Easy];
    let turns: Vec<_> = (0..6u64)
        .flat_map(|g| selfplay::game(&net, levels[(g % 3) as usize], seed, g).unwrap())
        .collect();
    let mut medium = player(Level::Medium, 1).unwrap();
    let mut hard = player(Level::Hard, 1).unwrap();
    let mut before: std::collections::HashSet<Board> = std::collections::HashSet::new();
    let mut from = 0;
    for (n, group) in groups.iter().enumerate() {
        let at = (from..turns.len())
            .find(|&t| {
                let boards = left(&turns[t].board, turns[t].roll);
                group.iter().all(|b| boards.contains(&Some(*b)))
            })
            .unwrap_or_else(|| panic!("decision {n} ({} boards) is not in the first games", group.len()));
        from = at + 1;
        let turn = turns[at];
        let mut movegen = brade::backgammon::MoveGen::new();
        let plays = movegen.plays(&turn.board, turn.roll).to_vec();
        let position = seen(turn.board);
        let m = medium.choose(&position, turn.roll, &plays);
        let h = hard.choose(&position, turn.roll, &plays);
        assert_ne!(m, h, "decision {n}: hard and medium agree, and it was kept");
        assert!(
            group.len() <= DECISION_PLAYS + 1,
            "decision {n}: {} boards",
            group.len()
        );
        for i in [m, h] {
            let b = plays[i].board.switched();
            if plays[i].win.is_none() && !is_race(b.own(), b.opp()) && !before.contains(&b) {
                assert!(group.contains(&b), "decision {n}: play {i}'s board is not kept");
            }
        }
        // The last group may be cut short by the count asked for.
        before.extend(group.iter().copied());
    }
    assert!(groups.len() >= 3, "{} decisions", groups.len());
    // Drawn by way 2, the same seed gives other boards, each its own dice.
    let played = drawn(12, seed, Draw::Played).unwrap();
    assert_ne!(
        played.iter().map(|p| p.0).collect::<Vec<_>>(),
        kept.iter().map(|p| p.0).collect::<Vec<_>>()
    );
    assert_eq!(
        played.iter().map(|p| p.1).collect::<Vec<_>>(),
        (0..12).collect::<Vec<u64>>()
    );
}

#[test]
fn a_rollout_file_of_decisions_is_completed_as_an_unbroken_run_and_not_mixed_with_boards_met() {
    let dir = tempfile::tempdir().unwrap();
    let decisions = decisions(5);
    let whole = dir.path().join("whole.tsv");
    write(&whole, 5, &decisions).unwrap();
    let text = std::fs::read_to_string(&whole).unwrap();
    assert!(
        text.contains("(way 3)") && text.contains("--draw decisions") && text.contains("same dice"),
        "{text}"
    );
    let read = read_rollouts(&whole).unwrap();
    let boards: Vec<Board> = drawn(5, 5, Draw::Decisions)
        .unwrap()
        .into_iter()
        .map(|p| p.0)
        .collect();
    assert_eq!(read.iter().map(|r| r.0).collect::<Vec<_>>(), boards);
    let steps = dir.path().join("steps.tsv");
    write(&steps, 2, &decisions).unwrap();
    write(&steps, 5, &decisions).unwrap();
    assert_eq!(std::fs::read_to_string(&steps).unwrap(), text);
    let err = write(&whole, 6, &Plan { games: 2, ..plan(5) }).unwrap_err();
    assert!(err.contains("other settings") && err.contains("way 3"), "{err}");
    let out = brade(
        &[
            "--seed",
            "5",
            "train",
            "--game",
            "backgammon",
            "--write-rollouts",
            steps.to_str().unwrap(),
            "--positions",
            "6",
            "--rollout-games",
            "2",
            "--luck",
            "off",
            "--threads",
            "1",
            "--draw",
            "decisions",
        ],
        None,
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    write(&whole, 6, &decisions).unwrap();
    assert_eq!(
        std::fs::read_to_string(&steps).unwrap(),
        std::fs::read_to_string(&whole).unwrap(),
        "the command draws and rolls out as the library does"
    );
}

/// Writes `n` positions and returns what the run logged.
fn write_logged(path: &Path, n: usize, plan: &Plan) -> String {
    let mut log = Vec::new();
    write_rollouts(path, n, plan, 0, &mut log).unwrap();
    String::from_utf8(log).unwrap()
}

#[test]
fn a_rollout_file_goes_on_from_its_drawing_state_to_the_content_of_an_unbroken_run() {
    let dir = tempfile::tempdir().unwrap();
    for plan in [plan(9), decisions(5)] {
        let whole = dir.path().join(format!("whole-{}.tsv", plan.seed));
        write(&whole, 7, &plan).unwrap();
        let text = std::fs::read_to_string(&whole).unwrap();
        // Stopped after each of its first positions, then started again: the drawing goes
        // on from the state (positions drawn and not yet written among it), not from game 0.
        for stop in 1..7 {
            let steps = dir.path().join(format!("steps-{}-{stop}.tsv", plan.seed));
            write(&steps, stop, &plan).unwrap();
            let state = std::fs::read_to_string(state_path(&steps)).unwrap();
            assert!(state.contains(&format!("lines = {stop}")), "{state}");
            let log = write_logged(&steps, 7, &plan);
            assert!(
                log.contains(&format!("going on after the {stop} positions drawn")),
                "{log}"
            );
            assert_eq!(
                std::fs::read_to_string(&steps).unwrap(),
                text,
                "stopped after {stop}"
            );
        }
    }
}

#[test]
fn a_drawing_state_that_does_not_fit_its_file_is_not_used_and_the_run_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let plan = decisions(5);
    let whole = dir.path().join("whole.tsv");
    write(&whole, 6, &plan).unwrap();
    let text = std::fs::read_to_string(&whole).unwrap();
    // A file of the same settings, its state then lost, taken from another file, damaged.
    let other = dir.path().join("other.tsv");
    write(&other, 4, &plan).unwrap();
    let other_seed = dir.path().join("seed6.tsv");
    write(&other_seed, 3, &Plan { seed: 6, ..plan }).unwrap();
    type Spoil<'a> = Box<dyn Fn(&Path) + 'a>;
    let cases: [(&str, Spoil); 4] = [
        (
            "is not there",
            Box::new(|state: &Path| std::fs::remove_file(state).unwrap()),
        ),
        (
            "it follows 4 positions and the file holds 3",
            Box::new(|state: &Path| std::fs::copy(state_path(&other), state).map(|_| ()).unwrap()),
        ),
        (
            "the positions it follows are not the file's",
            Box::new(|state: &Path| {
                std::fs::copy(state_path(&other_seed), state).map(|_| ()).unwrap();
            }),
        ),
        (
            "cannot be read",
            Box::new(|state: &Path| std::fs::write(state, "lines = \"three\"").unwrap()),
        ),
    ];
    for (i, (why, spoil)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("spoilt{i}.tsv"));
        write(&path, 3, &plan).unwrap();
        spoil(&state_path(&path));
        let log = write_logged(&path, 6, &plan);
        assert!(
            log.contains("drawing the 3 positions") && log.contains(why),
            "{why}: {log}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{why}");
    }
    // A file cut back by hand behind its state is drawn again too, and goes on alike.
    let cut = dir.path().join("cut.tsv");
    write(&cut, 4, &plan).unwrap();
    let full = std::fs::read_to_string(&cut).unwrap();
    let kept = full.lines().count() - 2;
    let short: String = full.lines().take(kept).map(|l| format!("{l}\n")).collect();
    std::fs::write(&cut, short).unwrap();
    let log = write_logged(&cut, 6, &plan);
    assert!(
        log.contains("it follows 4 positions and the file holds 2"),
        "{log}"
    );
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);
}

/// A small rollout file for the training tests.
fn rollouts(dir: &Path) -> PathBuf {
    let path = dir.join("r.tsv");
    write(&path, 12, &plan(21)).unwrap();
    path
}

fn teach(rollouts: &Path, out: &Path, epochs: u32) -> TeachOptions {
    TeachOptions {
        rollouts: rollouts.to_path_buf(),
        out: out.to_path_buf(),
        epochs,
        alpha: Some(0.05),
        seed: 4,
        hidden: None,
        start: None,
        extended: false,
        resume: false,
        force: false,
    }
}

#[test]
fn supervised_training_resumed_from_its_checkpoint_ends_with_the_weights_of_an_unbroken_run() {
    let dir = tempfile::tempdir().unwrap();
    let data = rollouts(dir.path());
    let whole = run(
        &teach(&data, &dir.path().join("whole.net"), 3),
        &mut std::io::sink(),
    )
    .unwrap();
    let out = dir.path().join("part.net");
    run(&teach(&data, &out, 1), &mut std::io::sink()).unwrap();
    assert!(record_path(&out).exists());
    // The rollout file has grown since (another run still appends to it): the same
    // first positions are taught.
    let mut text = std::fs::read_to_string(&data).unwrap();
    text.push_str("12\t6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w\t0.5\t0.1\t0\t0.1\t0\t0\t0.1\t4\n");
    std::fs::write(&data, &text).unwrap();
    let resumed = run(
        &TeachOptions {
            resume: true,
            alpha: None,
            ..teach(&data, &out, 3)
        },
        &mut std::io::sink(),
    )
    .unwrap();
    assert_eq!(resumed.info.games, 3);
    assert_eq!(resumed.to_bytes(), whole.to_bytes());
    let written = brade::ai::backgammon::BgNet::read(&out).unwrap();
    assert_eq!(written.to_bytes(), whole.to_bytes());
    assert_ne!(whole.to_bytes(), embedded().unwrap().to_bytes());
}

#[test]
fn supervised_training_is_not_resumed_on_other_positions_or_another_step_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let data = rollouts(dir.path());
    let out = dir.path().join("part.net");
    run(&teach(&data, &out, 1), &mut std::io::sink()).unwrap();
    let resume = |o: TeachOptions| {
        run(&TeachOptions { resume: true, ..o }, &mut std::io::sink())
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let err = resume(TeachOptions {
        alpha: Some(0.02),
        ..teach(&data, &out, 2)
    });
    assert!(err.contains("--alpha 0.05, not 0.02"), "{err}");
    let other = dir.path().join("other.tsv");
    write(&other, 12, &plan(22)).unwrap();
    let err = resume(teach(&other, &out, 2));
    assert!(err.contains("not the ones it was taught"), "{err}");
    let short = dir.path().join("short.tsv");
    write(&short, 3, &plan(21)).unwrap();
    let err = resume(teach(&short, &out, 2));
    assert!(
        err.contains("taught 12 positions") && err.contains("holds 3"),
        "{err}"
    );
    let err = resume(teach(&data, &dir.path().join("none.net"), 2));
    assert!(
        err.contains("cannot be continued") && err.contains("teach.toml"),
        "{err}"
    );
    let err = run(&teach(&data, &out, 2), &mut std::io::sink())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(err.contains("--resume") && err.contains("--force"), "{err}");
}

#[test]
fn backgammon_td_training_resumed_from_a_checkpoint_ends_with_the_weights_of_an_unbroken_run() {
    use brade::ai::backgammon::train::{RunOptions, run as td};
    let dir = tempfile::tempdir().unwrap();
    let opts = |out: PathBuf, games: u64, resume: bool| RunOptions {
        out,
        games,
        hidden: 8,
        seed: 3,
        alpha: 0.1,
        resume,
        force: false,
        report_every: 0,
        checkpoint_every: 2,
        check_every: 0,
        check_games: 0,
        race: false,
        extended: false,
    };
    let whole = td(&opts(dir.path().join("w.net"), 6, false), &mut std::io::sink()).unwrap();
    let out = dir.path().join("p.net");
    td(&opts(out.clone(), 4, false), &mut std::io::sink()).unwrap();
    let resumed = td(&opts(out, 6, true), &mut std::io::sink()).unwrap();
    assert_eq!(resumed.info.games, 6);
    assert_eq!(resumed.to_bytes(), whole.to_bytes());
}

#[test]
fn teaching_rollouts_brings_the_network_closer_to_them() {
    let boards = [
        "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w",
        "6x5,8x5,10x5/6x5,9x5,11x5/w",
        "6x4,8x3,13x6,24x2/6x5,8x3,13x5,24x2/b",
    ];
    let target = brade::ai::backgammon::Probs([0.9, 0.5, 0.1, 0.02, 0.0]);
    let data: Vec<_> = boards
        .iter()
        .map(|c| (*Position::from_code(c).unwrap().board(), target))
        .collect();
    let mut net = (*embedded().unwrap()).clone();
    let before = fit(&net, &data[1..]);
    train(&mut net, &data, 20, 0.05, 1, &mut std::io::sink());
    let after = fit(&net, &data[1..]);
    assert!(after.0 < before.0 && after.1 < before.1, "{before:?} → {after:?}");
}

#[test]
fn a_widened_network_gives_exactly_the_outputs_of_the_one_it_grew_from() {
    let net = embedded().unwrap();
    let wide = net.widened(net.hidden() + 48, 7);
    assert_eq!(wide.hidden(), net.hidden() + 48);
    assert_eq!(net.widened(net.hidden(), 7).to_bytes(), net.to_bytes());
    let (mut a, mut b) = Default::default();
    for code in [
        "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w",
        "2x2,4x2,6x2,8x3,9x2,13x4/2x2,5x3,6x4,8x2,13x2,20x2/w",
        "6x5,8x4,13x3,24x2,25/6x5,7x2,8x2,13x4,18,23/w",
    ] {
        let board = *Position::from_code(code).unwrap().board();
        assert_eq!(
            wide.evaluate(&board, &mut a),
            net.evaluate(&board, &mut b),
            "{code}"
        );
    }
    let back = brade::ai::backgammon::BgNet::from_bytes(&wide.to_bytes()).unwrap();
    assert_eq!(back, wide);
}

#[test]
fn teaching_from_a_network_file_widens_it_and_refuses_to_narrow_it_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let data = rollouts(dir.path());
    let start = dir.path().join("start.net");
    brade::ai::backgammon::BgNet::new(8, 1).write(&start).unwrap();
    let from = |hidden: usize, out: &str| TeachOptions {
        hidden: Some(hidden),
        start: Some(start.clone()),
        ..teach(&data, &dir.path().join(out), 2)
    };
    let wide = run(&from(12, "wide.net"), &mut std::io::sink()).unwrap();
    assert_eq!(wide.hidden(), 12);
    let record = std::fs::read_to_string(record_path(&dir.path().join("wide.net"))).unwrap();
    assert!(record.contains("start.net widened"), "{record}");
    // Resumed, it goes on as an unbroken run does.
    let part = dir.path().join("part.net");
    run(
        &TeachOptions {
            epochs: 1,
            ..from(12, "part.net")
        },
        &mut std::io::sink(),
    )
    .unwrap();
    let resumed = run(
        &TeachOptions {
            resume: true,
            alpha: None,
            ..teach(&data, &part, 2)
        },
        &mut std::io::sink(),
    )
    .unwrap();
    assert_eq!(resumed.to_bytes(), wide.to_bytes());
    let err = run(&from(4, "narrow.net"), &mut std::io::sink())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("8 hidden units") && err.contains("not narrow it to 4"),
        "{err}"
    );
}

/// A board valued for its side to roll as the players value it, written plainly here: the
/// bear-off database once both sides are home, the race network once the checkers have
/// passed, else the main network.
fn valued(board: &Board) -> Probs {
    let mut scratch = Scratch::default();
    if let Some(o) = brade::ai::backgammon::bearoff::race(board) {
        return Probs(
            [
                o.win,
                o.win_gammon,
                o.win_backgammon,
                o.lose_gammon,
                o.lose_backgammon,
            ]
            .map(|v| v as f32),
        );
    }
    match brade::ai::backgammon::net::embedded_race() {
        Some(race) if is_race(board.own(), board.opp()) => race.evaluate(board, &mut scratch),
        _ => embedded().unwrap().evaluate(board, &mut scratch),
    }
}

/// The side to roll's chances one roll ahead, plainly: each of the 36 rolls answered by
/// the legal play whose board the mover values best.
fn one_roll_ahead(board: &Board) -> [f32; 5] {
    let mut movegen = brade::backgammon::MoveGen::new();
    let mut sum = [0.0f32; 5];
    for roll in brade::rules::Roll::all() {
        let mut best: Option<Probs> = None;
        for play in movegen.plays(board, roll) {
            let p = match play.win {
                Some(w) => Probs::won(w),
                None => valued(&play.board.switched()).flipped(),
            };
            if best.is_none_or(|b| p.equity() > b.equity()) {
                best = Some(p);
            }
        }
        let times = if roll.is_double() { 1.0 } else { 2.0 };
        for (s, v) in sum.iter_mut().zip(best.unwrap().0) {
            *s += times * v / 36.0;
        }
    }
    sum
}

#[test]
fn positions_valued_by_the_search_instead_of_rolled_out_hold_the_search_one_roll_ahead() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.tsv");
    let searched = Plan {
        search: Some(1),
        ..plan(9)
    };
    write(&path, 3, &searched).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("valued 1 rolls ahead") && text.contains("--search-depth 1"),
        "{text}"
    );
    let read = read_rollouts(&path).unwrap();
    let boards = positions(3, 9).unwrap();
    assert_eq!(read.len(), 3);
    for ((board, p), drawn) in read.iter().zip(&boards) {
        assert_eq!(board, drawn, "the seed's positions, as rollouts have them");
        let plain = one_roll_ahead(board);
        for (a, b) in p.0.iter().zip(plain) {
            assert!((a - b).abs() < 2e-5, "{:?} against {plain:?}", p.0);
        }
    }
    // Continued to 4, and not continued as rollouts (nor rollouts as searched).
    write(&path, 4, &searched).unwrap();
    assert_eq!(read_rollouts(&path).unwrap().len(), 4);
    assert!(write(&path, 5, &plan(9)).unwrap_err().contains("other settings"));
    let rolled = dir.path().join("r.tsv");
    write(&rolled, 1, &plan(9)).unwrap();
    assert!(
        write(&rolled, 2, &searched)
            .unwrap_err()
            .contains("other settings")
    );
    // The command takes it, and refuses it with a rollout's settings.
    let file = dir.path().join("c.tsv");
    let out = brade(
        &[
            "--seed",
            "9",
            "train",
            "--game",
            "backgammon",
            "--write-rollouts",
            file.to_str().unwrap(),
            "--positions",
            "1",
            "--search-depth",
            "1",
        ],
        None,
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap().lines().last(),
        text.lines().nth(plan(9).header().lines().count())
    );
    let out = brade(
        &[
            "train",
            "--game",
            "backgammon",
            "--write-rollouts",
            file.to_str().unwrap(),
            "--search-depth",
            "1",
            "--rollout-games",
            "36",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}
