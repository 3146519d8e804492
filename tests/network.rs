//! The evaluation network and its training: the shipped weights, the file format,
//! expected points, TD(λ) self-play that learns, resumes exactly, and reports progress.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::process::Command;
use std::sync::Arc;

use brade::ai::matchplay::Payoff;
use brade::ai::net::{self, CLASS_POINTS, CLASSES, DEFAULT_HIDDEN, NetError, Network, OUTPUTS, Scratch};
use brade::ai::neural::{NeuralPlayer, shipped};
use brade::ai::train::{self, RunOptions};
use brade::ai::{Depth, Level, arena};
use brade::brade::{Board, MoveGen, Position};

fn options(out: std::path::PathBuf, games: u64) -> RunOptions {
    RunOptions {
        out,
        games,
        hidden: 32,
        seed: 5,
        alpha: 0.03,
        lambda: 0.7,
        resume: false,
        force: false,
        report_every: 10,
        checkpoint_every: 10,
        check_every: 0,
        check_games: 0,
        lang: brade::words::Lang::En,
    }
}

#[test]
fn the_shipped_network_is_embedded_and_trained() {
    let net = shipped().expect("assets/brade.net reads");
    assert_eq!(net.hidden(), DEFAULT_HIDDEN);
    assert!(
        net.info.games >= 100_000,
        "only {} training games",
        net.info.games
    );
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/brade.net")).unwrap();
    assert!(
        bytes.len() < 4 << 20,
        "the weights should stay compact: {} bytes",
        bytes.len()
    );
}

#[test]
fn outputs_are_a_probability_for_every_result_class_of_each_side() {
    let net = shipped().unwrap();
    let mut scratch = Scratch::new();
    for seed in 0..40 {
        let (pos, _) = common::random_position(seed, (seed * 5 % 80) as usize);
        let p = net.evaluate(pos.board(), &mut scratch);
        assert!(p.iter().all(|&x| (0.0..=1.0).contains(&x)), "{p:?}");
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        let e = net.equity(pos.board(), &mut scratch);
        assert!(e.abs() <= 6.0, "expected points {e} beyond sprängjan");
        assert!((e - net::equity(&p)).abs() < 1e-5);
    }
}

#[test]
fn r19_expected_points_weigh_each_class_by_its_points_for_both_sides() {
    let mut p = [0.0f32; OUTPUTS];
    p[4] = 0.5; // the side to roll wins by jan (4 points)…
    p[CLASSES] = 0.5; // …or loses a hemspel (1 point)
    assert_eq!(net::equity(&p), 0.5 * 4.0 - 0.5 * 1.0);
    assert_eq!(net::equity(&net::swapped(&p)), -net::equity(&p));
    assert_eq!(CLASS_POINTS, [1.0, 2.0, 2.0, 3.0, 4.0, 6.0]);
}

#[test]
fn the_shipped_network_prefers_the_side_that_is_far_ahead() {
    let net = shipped().unwrap();
    let mut scratch = Scratch::new();
    // The side to roll is bearing off with 3 checkers left; the opponent is still home.
    let ahead = Position::from_code("22,23,24/1x15/w").unwrap();
    assert!(net.equity(ahead.board(), &mut scratch) > 0.7);
    // The same from the other side.
    let behind = Position::from_code("1x15/22,23,24/w").unwrap();
    assert!(net.equity(behind.board(), &mut scratch) < -0.7);
}

#[test]
fn a_network_file_survives_a_round_trip_bit_for_bit() {
    let net = Network::random(48, 9);
    let bytes = net.to_bytes();
    let back = Network::from_bytes(&bytes).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(back.hidden(), 48);
    let mut s = Scratch::new();
    assert_eq!(
        net.evaluate(&Board::start(), &mut s),
        back.evaluate(&Board::start(), &mut s)
    );
}

#[test]
fn damaged_network_files_are_refused_with_a_reason() {
    let bytes = Network::random(16, 1).to_bytes();
    let magic = NetError::Magic {
        name: "brade",
        magic: "BRADNET1",
    };
    assert_eq!(Network::from_bytes(b"hello").unwrap_err(), magic);
    assert!(matches!(
        Network::from_bytes(&bytes[..100]).unwrap_err(),
        NetError::Short(100)
    ));
    let mut flipped = bytes.clone();
    flipped[500] ^= 1;
    assert_eq!(Network::from_bytes(&flipped).unwrap_err(), NetError::Checksum);
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Network::from_bytes(&longer).unwrap_err(), NetError::Checksum);
    let mut version = bytes.clone();
    version[8] = 99;
    assert!(matches!(
        Network::from_bytes(&version).unwrap_err(),
        NetError::Version { found: 99, .. }
    ));
    let mut shape = bytes;
    shape[16] = 17; // a hidden size that is not a multiple of 16
    assert!(matches!(
        Network::from_bytes(&shape).unwrap_err(),
        NetError::Shape { .. }
    ));
    for e in [magic, NetError::Checksum, NetError::NotFinite] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn training_resumed_from_a_checkpoint_ends_with_the_weights_of_an_unbroken_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut log = Vec::new();
    let whole = train::run(&options(dir.path().join("whole.net"), 40), &mut log).unwrap();
    let half = dir.path().join("half.net");
    train::run(&options(half.clone(), 20), &mut log).unwrap();
    let resumed = train::run(
        &RunOptions {
            resume: true,
            ..options(half.clone(), 40)
        },
        &mut log,
    )
    .unwrap();
    assert_eq!(resumed.info.games, 40);
    assert_eq!(resumed.to_bytes(), whole.to_bytes());
    assert_eq!(
        std::fs::read(&half).unwrap(),
        whole.to_bytes(),
        "the file is the network"
    );
    let log = String::from_utf8(log).unwrap();
    assert!(log.contains("resuming"), "{log}");
    assert!(log.contains("games 30"), "a progress line every 10 games: {log}");
    assert!(log.contains("games/s"), "{log}");
}

#[test]
fn training_refuses_to_overwrite_a_network_unless_told() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("n.net");
    std::fs::write(&out, b"precious").unwrap();
    let err = train::run(&options(out.clone(), 5), &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("--resume") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), b"precious");
    let err = train::run(
        &RunOptions {
            resume: true,
            ..options(out.clone(), 5)
        },
        &mut Vec::new(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("not a brade network"), "{err}");
    let err = train::run(
        &RunOptions {
            hidden: 20,
            force: true,
            ..options(out, 5)
        },
        &mut Vec::new(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("multiple of 16"), "{err}");
    let err = train::run(
        &RunOptions {
            lambda: 1.5,
            force: true,
            ..options(dir.path().join("other.net"), 5)
        },
        &mut Vec::new(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("--lambda must be from 0 to 1"), "{err}");
}

#[test]
fn td_self_play_learns_to_beat_random_play() {
    let dir = tempfile::tempdir().unwrap();
    let mut opts = options(dir.path().join("n.net"), 300);
    opts.report_every = 1000;
    opts.checkpoint_every = 1000;
    let untrained = Arc::new(Network::random(32, 5));
    let trained = Arc::new(train::run(&opts, &mut Vec::new()).unwrap());
    let against_random = |net: Arc<Network>| {
        let mut a = NeuralPlayer::new(net, Depth::ZeroPly, 0.0, 1);
        arena::series(&mut a, Level::Random.player(2).as_mut(), 200, 3).a_share()
    };
    let before = against_random(untrained);
    let after = against_random(trained);
    eprintln!("share of the points against random: before {before:.3}, after {after:.3}");
    assert!(
        after > 0.75 && after > before + 0.1,
        "before {before:.2}, after {after:.2}"
    );
}

#[test]
fn the_medium_level_takes_most_of_the_points_from_the_heuristic() {
    // The user guide's figure (docs/src/figures.md) is over 2000 games with `brade arena`; this is a smaller check.
    let s = arena::series(
        Level::Medium.player(1).as_mut(),
        Level::Heuristic.player(2).as_mut(),
        200,
        21,
    );
    assert_eq!(s.unfinished, 0);
    assert!(
        s.a_share() > 0.7,
        "medium took {:.1} % of the points",
        100.0 * s.a_share()
    );
}

#[test]
fn the_hard_level_values_each_play_by_the_opponents_best_reply_to_every_roll() {
    let net = shipped().unwrap();
    let mut hard = NeuralPlayer::new(net.clone(), Depth::TwoPly, 0.0, 1);
    let mut medium = NeuralPlayer::new(net.clone(), Depth::ZeroPly, 0.0, 1);
    let mut plain = common::plain::Plain::new(&net);
    let mut differ = 0;
    for seed in 0..30 {
        let (pos, roll) = common::random_position(seed, (seed * 3 % 60) as usize + 4);
        let plays = MoveGen::new().plays(pos.board(), roll).to_vec();
        let hv = hard.values(&plays);
        let mv = medium.values(&plays);
        // The search written out plainly: the same value for every play.
        let pv = plain.values(&plays, &Payoff::Points);
        assert_eq!(hv.len(), pv.len());
        for (i, (&h, &p)) in hv.iter().zip(&pv).enumerate() {
            assert!(
                (f64::from(h) - p).abs() < 1e-4,
                "{} {roll}: {} valued {h} by the hard level, {p} plainly",
                pos.code(),
                plays[i].play
            );
        }
        if plays.len() > 1 && hv != mv {
            differ += 1;
        }
    }
    assert!(differ > 0, "2-ply values never differed from 0-ply ones");
}

#[test]
fn the_arena_can_pit_a_network_file_against_the_shipped_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.net");
    std::fs::write(&file, Network::random(16, 2).to_bytes()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args([
            "arena", "medium", "medium", "--games", "6", "--seed", "1", "--a-net",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8(out.stdout).unwrap().contains("6 games"));
    let bad = dir.path().join("bad.net");
    std::fs::write(&bad, b"BRADNET1 but nothing else").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["arena", "medium", "medium", "--games", "2", "--b-net"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.net") && err.contains("cut short"), "{err}");
}

#[test]
fn brade_train_prints_progress_and_a_strength_check() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.net");
    let run = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args([
            "train",
            "--games",
            "20",
            "--hidden",
            "16",
            "--seed",
            "3",
            "--report-every",
            "10",
        ])
        .args(["--check-every", "20", "--check-games", "4", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let text = String::from_utf8(run.stdout).unwrap();
    for needle in [
        "new network",
        "games 10 ",
        "games 20 ",
        "check at 20 games: v heuristic",
        "done: 20 games",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert_eq!(
        Network::from_bytes(&std::fs::read(&out).unwrap())
            .unwrap()
            .info
            .games,
        20
    );
}

#[test]
fn brade_eval_prints_expected_points_and_every_class_for_both_sides() {
    let out = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["eval", "22,23,24/1x15/w"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 1 + CLASSES, "{text}");
    assert_eq!(lines[0][0], "expected-points");
    let names: Vec<&str> = lines[1..].iter().map(|l| l[0]).collect();
    assert_eq!(names, net::CLASS_NAMES);
    let p: Vec<[f32; 2]> = lines[1..]
        .iter()
        .map(|l| [l[1].parse().unwrap(), l[2].parse().unwrap()])
        .collect();
    let total: f32 = p.iter().map(|x| x[0] + x[1]).sum();
    assert!((total - 1.0).abs() < 0.002, "{text}");
    let expected: f32 = (0..CLASSES).map(|c| CLASS_POINTS[c] * (p[c][0] - p[c][1])).sum();
    let shown: f32 = lines[0][1].parse().unwrap();
    assert!((expected - shown).abs() < 0.01 && shown > 0.7, "{text}");

    let bad = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["eval", "1x15/1x15/x"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8(bad.stderr).unwrap().contains("bad position"));
}

/// A file whose checksum is right but whose numbers are not weights: NaN, infinite, or
/// so large that sums overflow, in a weight or in the training figures.
#[test]
fn a_network_file_with_non_finite_or_absurd_numbers_is_refused() {
    let bytes = Network::random(16, 1).to_bytes();
    let resum = |mut b: Vec<u8>| {
        let end = b.len() - 8;
        let sum = brade::checksum::fnv1a(&b[..end]);
        b[end..].copy_from_slice(&sum.to_le_bytes());
        b
    };
    assert!(Network::from_bytes(&resum(bytes.clone())).is_ok());
    for (offset, value) in [
        (48, f32::NAN),
        (48 + 4 * 100, f32::INFINITY),
        (bytes.len() - 12, f32::NEG_INFINITY),
        (48 + 4 * 7, 1.0e30),
        (40, f32::NAN),
        (44, f32::INFINITY),
    ] {
        let mut b = bytes.clone();
        b[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&resum(b)).unwrap_err(),
            NetError::NotFinite,
            "{value} at {offset}"
        );
    }
}
