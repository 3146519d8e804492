//! Benchmark positions: the shipped data file reads and is what it says (legal candidates,
//! differences paired by their dice less noisy than the equities), the candidates' paired
//! rollout behaves, and the generator and the judge run end to end.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::process::Command;

use brade::ai::Level;
use brade::ai::rollout::{Options, rollout_plays};
use brade::brade::{MoveGen, Position, RuleSet};
use brade::rules::Roll;
use common::pos;

const DATA: &str = include_str!("data/benchmark.tsv");

/// The data rows, split by tabs, read here without the crate's reader.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("position\t"))
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn number(field: &str) -> f64 {
    field.parse().unwrap_or_else(|e| panic!("{field:?}: {e}"))
}

#[test]
fn the_data_file_says_how_it_was_made() {
    assert!(DATA.lines().any(|l| l.starts_with("# Made by: brade --seed")));
    assert!(DATA.contains(" s ("), "the wall time");
    assert_eq!(brade::ai::benchmark::parse(DATA).unwrap().len(), {
        let mut decisions: Vec<(String, String)> = rows(DATA)
            .into_iter()
            .map(|r| (r[0].clone(), r[1].clone()))
            .collect();
        decisions.dedup();
        decisions.len()
    });
}

#[test]
fn every_row_is_a_legal_candidate_of_its_position_and_roll() {
    let rows = rows(DATA);
    assert!(rows.len() >= 100, "{} rows", rows.len());
    let mut movegen = MoveGen::new();
    for row in &rows {
        assert_eq!(row.len(), 7, "{row:?}");
        let position = Position::from_code(&row[0]).unwrap();
        let roll: Roll = row[1].parse().unwrap();
        let plays: Vec<String> = movegen
            .plays(position.board(), roll)
            .iter()
            .map(|p| p.play.to_string())
            .collect();
        assert!(plays.len() >= 2, "a decision has a choice: {row:?}");
        assert!(plays.contains(&row[2]), "{row:?} is not among {plays:?}");
        for field in &row[3..] {
            assert!(number(field).is_finite());
        }
    }
}

#[test]
fn the_best_candidate_comes_first_and_the_others_are_behind_it() {
    let mut last = String::new();
    for row in rows(DATA) {
        let key = format!("{} {}", row[0], row[1]);
        let behind = number(&row[5]);
        if key == last {
            assert!(behind >= 0.0, "{row:?}");
        } else {
            assert_eq!(behind, 0.0, "the first of a decision is the best: {row:?}");
            assert_eq!(number(&row[6]), 0.0);
        }
        last = key;
    }
}

#[test]
fn paired_differences_are_less_noisy_than_unpaired_ones_on_most_rows() {
    // Var(a − b) = Var a + Var b − 2 Cov(a, b): with the same dice the covariance is
    // positive, so a difference's error is below √(error_a² + error_best²), what two
    // rollouts with their own dice would give. (Below each equity's own error it is not:
    // in bräde the paired games part ways within a few turns; see docs/src/figures.md.)
    let mut best = 0.0;
    let (mut rows_compared, mut smaller) = (0, 0);
    for row in rows(DATA) {
        let error = number(&row[4]);
        if number(&row[5]) == 0.0 && number(&row[6]) == 0.0 {
            best = error;
            continue;
        }
        let unpaired = (error * error + best * best).sqrt();
        if unpaired > 0.0 {
            rows_compared += 1;
            smaller += usize::from(number(&row[6]) < unpaired);
        }
    }
    assert!(rows_compared > 0);
    assert!(
        smaller * 3 > rows_compared * 2,
        "{smaller} of {rows_compared} paired differences less noisy than unpaired ones"
    );
}

fn options(games: u32, threads: usize) -> Options {
    Options {
        games,
        level: Level::Medium,
        seed: 11,
        threads: Some(threads),
        luck_adjusted: false,
        rules: RuleSet::VASAMUSEET,
    }
}

#[test]
fn a_play_rolled_out_beside_itself_is_never_behind() {
    let start = pos("1x15/1x15/w");
    let roll: Roll = "53".parse().unwrap();
    let plays = MoveGen::new().plays(start.board(), roll).to_vec();
    let twice = [plays[0], plays[0]];
    let rolled = rollout_plays(&start, &twice, options(72, 2), &|| {});
    assert_eq!(rolled[0].rollout, rolled[1].rollout, "the same dice");
    for r in &rolled {
        assert_eq!(r.behind_best, 0.0);
        assert_eq!(r.behind_error, 0.0);
    }
}

#[test]
fn candidates_rolled_out_side_by_side_do_not_depend_on_the_threads() {
    let start = pos("1x15/1x15/w");
    let roll: Roll = "61".parse().unwrap();
    let plays = MoveGen::new().plays(start.board(), roll).to_vec();
    assert!(plays.len() >= 2);
    let some = &plays[..plays.len().min(3)];
    let one = rollout_plays(&start, some, options(72, 1), &|| {});
    let three = rollout_plays(&start, some, options(72, 3), &|| {});
    for (a, b) in one.iter().zip(&three) {
        assert_eq!(a.rollout, b.rollout);
        assert_eq!(a.behind_error, b.behind_error);
    }
    assert_eq!(one.iter().filter(|r| r.best).count(), 1);
    for r in &one {
        assert!(r.behind_best >= 0.0);
        assert_eq!(r.rollout.games, 72);
    }
}

#[test]
fn the_generator_and_the_judge_run_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.tsv");
    let made = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args([
            "--seed",
            "3",
            "benchmark",
            "make",
            "--positions",
            "3",
            "--games",
            "36",
            "--out",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let text = std::fs::read_to_string(&file).unwrap();
    let rows = rows(&text);
    let mut decisions: Vec<(&str, &str)> = rows.iter().map(|r| (r[0].as_str(), r[1].as_str())).collect();
    decisions.dedup();
    assert_eq!(decisions.len(), 3);
    assert!(text.contains("--positions 3 --games 36 --level medium"));
    let judged = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["--lang", "en", "--seed", "1", "benchmark", "levels"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        judged.status.success(),
        "{}",
        String::from_utf8_lossy(&judged.stderr)
    );
    let out = String::from_utf8(judged.stdout).unwrap();
    assert!(out.starts_with("3 benchmark decisions"), "{out}");
    for level in ["easy", "medium", "hard", "expert"] {
        assert!(out.lines().any(|l| l.starts_with(level)), "{level} in {out}");
    }
}
