//! Backgammon's benchmark: the decisions drawn, the candidates rolled out, the data file
//! made decision by decision (a run killed and started again ends with an unbroken run's
//! file, other settings are refused), and the levels judged by it.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::path::Path;

use brade::ai::Level;
use brade::ai::backgammon::benchmark::{
    Candidate, Decision, Decisions, Entry, Outside, Plan, candidates, judge, make, plan_of, read,
};
use brade::ai::backgammon::net::embedded;
use brade::ai::backgammon::player;
use brade::backgammon::{MoveGen, Position};
use brade::rules::Roll;
use common::brade;

fn plan(seed: u64) -> Plan {
    Plan {
        seed,
        level: Level::Medium,
        games: 4,
        luck_adjusted: false,
        threads: Some(1),
    }
}

fn made(path: &Path, n: usize, plan: &Plan) -> Result<(), String> {
    make(path, n, plan, 0, &mut std::io::sink()).map_err(|e| e.to_string())
}

#[test]
fn decision_k_of_a_seed_is_the_same_however_many_are_drawn_and_each_roll_has_a_choice() {
    let ten: Vec<Decision> = Decisions::new(5).unwrap().take(10).collect();
    let four: Vec<Decision> = Decisions::new(5).unwrap().take(4).collect();
    assert_eq!(ten[..4], four[..]);
    let mut movegen = MoveGen::new();
    for d in &ten {
        assert!(
            movegen.plays(&d.board, d.roll).len() >= 2,
            "{} {}",
            d.code(),
            d.roll
        );
    }
    let distinct: std::collections::HashSet<&Decision> = ten.iter().collect();
    assert_eq!(distinct.len(), ten.len());
}

#[test]
fn the_candidates_are_the_hard_levels_best_five_and_medium_and_experts_choices() {
    let d = Decisions::new(5).unwrap().next().unwrap();
    let cands = candidates(&d).unwrap();
    let plays = d.plays();
    let hard = brade::ai::backgammon::rollout::candidates(&d.board, d.roll, 5).unwrap();
    assert_eq!(cands[..hard.len()], hard[..]);
    for level in [Level::Medium, Level::Expert] {
        let choice =
            plays[player(level, 0)
                .unwrap()
                .choose(&brade::ai::backgammon::seen(d.board), d.roll, &plays)];
        assert!(cands.contains(&choice), "{level:?}");
    }
    assert!(cands.len() <= 7 && cands.iter().all(|c| plays.contains(c)));
}

#[test]
fn a_benchmark_file_cut_short_anywhere_is_completed_to_the_content_of_an_unbroken_run() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.tsv");
    made(&whole, 2, &plan(7)).unwrap();
    let text = std::fs::read(&whole).unwrap();
    let header = plan(7).header().len();
    let newlines: Vec<usize> = (header..text.len()).filter(|&i| text[i] == b'\n').collect();
    assert!(newlines.len() >= 4, "two decisions of two candidates or more");
    // In the header, in the first row, after the first row (a decision cut short), in
    // the last row.
    for cut in [20, header + 5, newlines[0] + 1, newlines[1] + 1, text.len() - 3] {
        let path = dir.path().join(format!("cut{cut}.tsv"));
        std::fs::write(&path, &text[..cut]).unwrap();
        made(&path, 2, &plan(7)).unwrap();
        assert!(std::fs::read(&path).unwrap() == text, "cut at byte {cut}");
    }
    // Read while cut short, the decision cut short is left out.
    let path = dir.path().join("reading.tsv");
    std::fs::write(&path, &text[..newlines[0] + 1]).unwrap();
    assert!(read(&path).unwrap().is_empty());
    let entries = read(&whole).unwrap();
    assert_eq!(entries.len(), 2);
    let drawn: Vec<Decision> = Decisions::new(7).unwrap().take(2).collect();
    assert_eq!(entries.iter().map(|e| e.decision).collect::<Vec<_>>(), drawn);
    for e in &entries {
        assert_eq!(e.candidates[0].behind, 0.0);
        assert!(e.candidates.windows(2).all(|w| w[0].behind <= w[1].behind));
        let plays: Vec<String> = e.decision.plays().iter().map(|p| p.play.to_string()).collect();
        assert!(e.candidates.iter().all(|c| plays.contains(&c.play)));
    }
}

#[test]
fn a_benchmark_file_is_not_continued_with_other_settings_and_the_refusal_says_which() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.tsv");
    made(&path, 1, &plan(7)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let err = made(&path, 2, &Plan { games: 8, ..plan(7) }).unwrap_err();
    assert!(
        err.contains("other settings") && err.contains("4 games each") && err.contains("8 games each"),
        "{err}"
    );
    let err = made(&path, 2, &plan(8)).unwrap_err();
    assert!(err.contains("seed 7") && err.contains("seed 8"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// An entry of the first decision of seed 5 with made-up figures: every play of the roll
/// but the last a candidate, each 0.01 further behind than the one before.
fn entry() -> (Entry, Vec<String>) {
    let d = Decisions::new(5).unwrap().next().unwrap();
    let plays: Vec<String> = d.plays().iter().map(|p| p.play.to_string()).collect();
    let candidates = plays[..plays.len() - 1]
        .iter()
        .enumerate()
        .map(|(i, p)| Candidate {
            play: p.clone(),
            equity: -0.01 * i as f64,
            error: 0.01,
            behind: 0.01 * i as f64,
            behind_error: 0.01,
        })
        .collect();
    (
        Entry {
            decision: d,
            candidates,
        },
        plays,
    )
}

#[test]
fn a_level_loses_what_its_play_is_behind_the_best_and_a_play_outside_counts_as_the_worst() {
    let (e, plays) = entry();
    let net = embedded().unwrap();
    let medium = judge(
        std::slice::from_ref(&e),
        Level::Medium,
        net.clone(),
        1,
        Outside::Worst,
    )
    .unwrap();
    let all = e.decision.plays();
    let choice = player(Level::Medium, 1).unwrap().choose(
        &brade::ai::backgammon::seen(e.decision.board),
        e.decision.roll,
        &all,
    );
    let index = plays
        .iter()
        .position(|p| *p == all[choice].play.to_string())
        .unwrap();
    let worst = 0.01 * (plays.len() - 2) as f64;
    let expected = if index == plays.len() - 1 {
        worst
    } else {
        0.01 * index as f64
    };
    assert_eq!(medium.losses, vec![expected]);
    assert_eq!(medium.outside, usize::from(index == plays.len() - 1));
    assert_eq!(medium.agreed, usize::from(index == 0));
    // The same decision twice, with the chosen play made the best: no loss.
    let mut best = e.clone();
    best.candidates.retain(|c| c.play == plays[index]);
    best.candidates[0].behind = 0.0;
    let s = judge(&[best.clone(), best], Level::Medium, net, 1, Outside::Worst).unwrap();
    assert_eq!(s.losses, vec![0.0, 0.0]);
    assert_eq!((s.agreed, s.outside), (2, 0));
    assert_eq!(s.loss(), (0.0, 0.0));
    assert_eq!(medium.less(&medium), (0.0, 0.0));
}

#[test]
fn benchmark_levels_for_backgammon_says_each_levels_loss_pr_and_differences() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.tsv");
    made(&path, 2, &plan(7)).unwrap();
    let file = path.to_str().unwrap();
    let out = brade(&["benchmark", "--game", "backgammon", "levels", file], None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("2 backgammon benchmark decisions"), "{text}");
    for level in ["easy", "medium", "hard", "expert"] {
        assert!(
            text.lines().any(|l| l.starts_with(level) && l.contains('±')),
            "{level}: {text}"
        );
    }
    assert!(
        text.contains("PR") && text.contains("expert less hard, decision by decision"),
        "{text}"
    );
    assert!(
        text.contains("standard error of a candidate's difference"),
        "{text}"
    );
    // The --game may come after the subcommand too, and Swedish has its own words.
    let out = brade(
        &[
            "benchmark",
            "levels",
            file,
            "--game",
            "backgammon",
            "--lang",
            "sv",
        ],
        None,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("provbeslut i backgammon") && text.contains("beslut för beslut"),
        "{text}"
    );
    // A network file that cannot be read: status 2, as in every other command.
    let missing = dir.path().join("missing.net");
    let out = brade(
        &[
            "benchmark",
            "--game",
            "backgammon",
            "levels",
            file,
            "--net",
            missing.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("missing.net"), "{said}");
    let out = brade(&["benchmark", "levels", file, "--net", file], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("--net is for backgammon")
    );
    let refused = brade(
        &[
            "--seed",
            "8",
            "benchmark",
            "--game",
            "backgammon",
            "make",
            "--games",
            "4",
            "--positions",
            "3",
            "--out",
            file,
        ],
        None,
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8(refused.stderr)
            .unwrap()
            .contains("other settings")
    );
}

#[test]
fn a_decision_is_written_with_its_roll_higher_die_first() {
    for d in Decisions::new(3).unwrap().take(20) {
        let (a, b) = d.roll.dice();
        assert!(a >= b, "{}", d.roll);
        assert_eq!(d.roll.to_string().parse::<Roll>().unwrap(), d.roll);
        assert_eq!(*Position::from_code(&d.code()).unwrap().board(), d.board);
    }
}

/// The shipped data file (`tests/data/bg-benchmark.tsv`), read here without the crate's
/// reader: its rows split by tabs.
const SHIPPED: &str = include_str!("data/bg-benchmark.tsv");

#[test]
fn the_shipped_benchmark_says_how_it_was_made_and_holds_legal_candidates_the_best_first() {
    let made = Plan {
        seed: 44,
        level: Level::Medium,
        games: 1296,
        luck_adjusted: false,
        threads: None,
    };
    assert!(
        SHIPPED.starts_with(&made.header()),
        "the header of seed 44, medium, 1296 games"
    );
    let rows: Vec<Vec<&str>> = SHIPPED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("decision\t"))
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.iter().all(|r| r.len() == 9));
    let mut k = 0;
    let mut i = 0;
    let mut errors = Vec::new();
    while i < rows.len() {
        let count: usize = rows[i][3].parse().unwrap();
        let group = &rows[i..i + count];
        assert!(
            group
                .iter()
                .all(|r| r[0] == k.to_string() && r[1] == group[0][1] && r[2] == group[0][2])
        );
        let board = *Position::from_code(group[0][1]).unwrap().board();
        let roll: Roll = group[0][2].parse().unwrap();
        let plays: Vec<String> = MoveGen::new()
            .plays(&board, roll)
            .iter()
            .map(|p| p.play.to_string())
            .collect();
        assert!(plays.len() >= 2 && count >= 2, "decision {k}");
        let behind: Vec<f64> = group.iter().map(|r| r[7].parse().unwrap()).collect();
        assert_eq!(behind[0], 0.0, "decision {k}: the best first");
        assert!(
            behind.windows(2).all(|w| w[0] <= w[1]),
            "decision {k}: best first"
        );
        for r in group {
            assert!(plays.iter().any(|p| p == r[4]), "decision {k}: {} is legal", r[4]);
        }
        errors.extend(group[1..].iter().map(|r| r[8].parse::<f64>().unwrap()));
        k += 1;
        i += count;
    }
    assert!(k >= 50, "{k} decisions");
    errors.sort_by(f64::total_cmp);
    let median = errors[errors.len() / 2];
    assert!(
        median > 0.0 && median < 0.05,
        "the precision the user guide states: {median}"
    );
}

#[test]
fn a_play_outside_the_candidates_is_rolled_out_beside_the_best_with_the_files_own_dice() {
    // A file of a few decisions; the header gives back the plan that made it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.tsv");
    let p = Plan { games: 8, ..plan(11) };
    made(&path, 8, &p).unwrap();
    assert_eq!(plan_of(&path).unwrap(), Plan { threads: None, ..p });
    let entries = read(&path).unwrap();
    let net = embedded().unwrap();
    // Where medium chose a candidate other than the best, that candidate taken out of the
    // file: medium's play is then outside, and rolled out beside the best with decision
    // k's dice it is behind by what the file says (both rounded to 4 decimals).
    let mut tried = 0;
    for k in 0..entries.len() {
        let score = judge(&entries[..=k], Level::Medium, net.clone(), 1, Outside::Worst).unwrap();
        let Some(&loss) = score.losses.last() else {
            continue;
        };
        let Some(at) = entries[k].candidates.iter().position(|c| c.behind == loss) else {
            continue;
        };
        if at == 0 || score.outside > 0 {
            continue;
        }
        let mut cut = entries[..=k].to_vec();
        cut[k].candidates.remove(at);
        let fair = judge(&cut, Level::Medium, net.clone(), 1, Outside::RolledOut(&p)).unwrap();
        assert_eq!(fair.outside, 1);
        let rolled = *fair.losses.last().unwrap();
        assert!(
            (rolled - loss).abs() < 2.5e-4,
            "decision {k}: rolled out {rolled}, the file {loss}"
        );
        assert_eq!(
            fair.losses[..k],
            score.losses[..k],
            "the other decisions as before"
        );
        tried += 1;
    }
    assert!(tried > 0, "a decision where medium chose other than the best");
    // A file whose decisions are out of order is refused: decision k's dice come from k.
    let text = std::fs::read_to_string(&path).unwrap();
    let swapped = text.replacen("\n0\t", "\n9\t", 1);
    let bad = dir.path().join("bad.tsv");
    std::fs::write(&bad, swapped).unwrap();
    assert!(
        read(&bad)
            .unwrap_err()
            .to_string()
            .contains("decision 9 where decision 0 was due")
    );
}
