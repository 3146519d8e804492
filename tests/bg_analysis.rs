//! The analysis of a played backgammon match (`ai::backgammon::analysis`, `brade analyze` of a
//! backgammon record): every decision found where the test itself saw one — each checker
//! roll with a choice (counted here from the legal plays of the rolls the test made), each
//! double, take and pass it made — the summaries the sums of the decisions, the marks on
//! GNU Backgammon's scale; and cube errors every backgammon player knows judged as such
//! (passing a double at the start is a blunder).
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::analysis::Mark;
use brade::ai::backgammon::analysis::{self, DecisionKind, THRESHOLDS};
use brade::ai::backgammon::cube::ProperAction as Proper;
use brade::backgammon::Stakes;
use brade::game::{Backgammon, Game};
use brade::rules::Color;
use brade::session::Match;
use common::bg::play;

#[test]
fn every_checker_choice_and_every_double_take_and_pass_of_a_match_is_weighed_where_it_was_made() {
    let (game, seen, _) = play(5, 11, 5);
    assert!(
        !seen.doubles.is_empty() && seen.answers.iter().any(|a| a.3) && seen.answers.iter().any(|a| !a.3)
    );
    let mut progress = Vec::new();
    let analysis = analysis::analyze(&game, |done, total| progress.push((done, total))).unwrap();
    // The progress counts every turn once.
    assert_eq!(progress.last().map(|p| p.0), Some(game.turns_played()));
    assert!(progress.iter().all(|p| p.1 == game.turns_played()));
    let checkers: Vec<(usize, usize, Color)> = analysis
        .decisions
        .iter()
        .filter(|d| matches!(d.kind, DecisionKind::Checker { .. }))
        .map(|d| (d.game, d.turn, d.mover))
        .collect();
    assert_eq!(checkers, seen.choices);
    let doubles: Vec<(usize, usize, Color)> = analysis
        .decisions
        .iter()
        .filter(|d| matches!(d.kind, DecisionKind::Double { doubled: true, .. }))
        .map(|d| (d.game, d.turn, d.mover))
        .collect();
    // A double the cube's model calls useless (a cube that cannot gain) is no decision.
    assert!(doubles.iter().all(|d| seen.doubles.contains(d)));
    assert!(
        doubles.len() * 2 >= seen.doubles.len(),
        "{doubles:?} of {:?}",
        seen.doubles
    );
    let answers: Vec<(usize, usize, Color, bool)> = analysis
        .decisions
        .iter()
        .filter_map(|d| match d.kind {
            DecisionKind::Answer { took, .. } => Some((d.game, d.turn, d.mover, took)),
            _ => None,
        })
        .collect();
    assert_eq!(answers, seen.answers);
    // Figures: losses from 0 up, marked on GNU Backgammon's scale, the match chance lost
    // beside each (a match), and the summaries their sums.
    for d in &analysis.decisions {
        assert!(d.loss >= 0.0 && d.loss.is_finite(), "{d:?}");
        assert!(d.match_loss.is_some_and(|m| (0.0..=1.0).contains(&m)), "{d:?}");
        let mark = match d.loss {
            l if l >= THRESHOLDS[2] => Mark::VeryBad,
            l if l >= THRESHOLDS[1] => Mark::Bad,
            l if l >= THRESHOLDS[0] => Mark::Doubtful,
            _ => Mark::Fine,
        };
        assert_eq!(d.mark, mark);
    }
    for side in Color::BOTH {
        for (cube, summary) in [
            (false, analysis.checker[side.index()]),
            (true, analysis.cube[side.index()]),
        ] {
            let own: Vec<_> = analysis
                .decisions
                .iter()
                .filter(|d| d.mover == side && d.is_cube() == cube)
                .collect();
            assert_eq!(summary.decisions as usize, own.len());
            let total: f64 = own.iter().map(|d| d.loss).sum();
            assert!((summary.total_loss - total).abs() < 1e-9);
            let marked = |m: Mark| own.iter().filter(|d| d.mark == m).count() as u32;
            assert_eq!(
                (summary.doubtful, summary.bad, summary.very_bad),
                (marked(Mark::Doubtful), marked(Mark::Bad), marked(Mark::VeryBad))
            );
        }
    }
    // Random plays are errors, many of them blunders.
    assert!(analysis.overall(Color::White).error_rate() > 35.0);
    assert!(analysis.decisions.iter().any(|d| d.mark == Mark::VeryBad));
    // The same match weighed again gives the same figures.
    assert_eq!(analysis::analyze(&game, |_, _| {}).unwrap(), analysis);
}

#[test]
fn b13_a_double_at_the_start_is_wrong_and_passing_it_is_a_blunder() {
    // A money game: the side to roll after the opening play doubles at once, and the
    // other passes. Even positions are no double and a clear take.
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", 0).by_rules(Stakes::default());
    game.teka(3, 1);
    let turn = game.turn().unwrap();
    let plays = Backgammon::legal_plays(&game.position, turn.roll(), game.rules);
    let eight_five = plays
        .iter()
        .find(|p| p.play.to_string() == "8/5 6/5")
        .unwrap()
        .play;
    Backgammon::play_text(game.turn_mut().unwrap(), &eight_five.to_string()).unwrap();
    game.confirm().unwrap();
    assert!(game.double());
    assert!(game.drop_double());
    let analysis = analysis::analyze(&game, |_, _| {}).unwrap();
    let [opening, double, pass] = &analysis.decisions[..] else {
        panic!("{:?}", analysis.decisions)
    };
    assert!(
        matches!(opening.kind, DecisionKind::Checker { .. }) && opening.mark == Mark::Fine,
        "{opening:?}"
    );
    assert_eq!((double.game, double.turn, double.mover), (1, 2, Color::Black));
    assert!(
        matches!(
            double.kind,
            DecisionKind::Double {
                doubled: true,
                right: Proper::NoDouble
            }
        ),
        "{double:?}"
    );
    assert!(double.loss > 0.0 && double.match_loss.is_none(), "{double:?}");
    assert_eq!(
        (pass.mover, &pass.kind),
        (
            Color::White,
            &DecisionKind::Answer {
                took: false,
                take: true
            }
        )
    );
    assert_eq!(pass.mark, Mark::VeryBad, "{pass:?}");
    // Passing gives up the point for a position worth about nothing: most of a point.
    assert!(pass.loss > 0.5, "{pass:?}");
}

#[test]
fn brade_analyze_weighs_a_backgammon_record_in_words_and_as_tsv() {
    let dir = std::env::temp_dir().join(format!("brade-bg-analysis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (game, seen, saved) = play(3, 5, 4);
    let file = dir.join("match.toml");
    std::fs::write(&file, brade::store::to_text(&saved).unwrap()).unwrap();
    let path = file.to_str().unwrap();
    let tsv = common::brade(&["analyze", path, "--tsv"], None);
    assert!(tsv.status.success(), "{}", String::from_utf8_lossy(&tsv.stderr));
    let tsv = String::from_utf8(tsv.stdout).unwrap();
    let rows: Vec<Vec<&str>> = tsv.lines().map(|l| l.split('\t').collect()).collect();
    assert!(rows.iter().all(|r| r.len() == 9), "{tsv}");
    let checker_rows = rows.iter().filter(|r| r[3] != "cube").count();
    assert_eq!(checker_rows, seen.choices.len());
    let answers: Vec<(usize, bool)> = rows
        .iter()
        .filter(|r| r[4] == "take" || r[4] == "pass")
        .map(|r| (r[0].parse().unwrap(), r[4] == "take"))
        .collect();
    let expected: Vec<(usize, bool)> = seen.answers.iter().map(|a| (a.0, a.3)).collect();
    assert_eq!(answers, expected);
    // Each row names the mover in notation and a loss that is a number.
    assert!(
        rows.iter()
            .all(|r| (r[2] == "white" || r[2] == "black") && r[6].parse::<f64>().is_ok())
    );
    let words = common::brade(&["analyze", path], None);
    let text = String::from_utf8(words.stdout).unwrap();
    assert!(text.contains("A 3-point match"), "{text}");
    assert!(
        text.contains("checkers") && text.contains("cube") && text.contains("rating:"),
        "{text}"
    );
    let sv = common::brade(&["--lang", "sv", "analyze", path], None);
    let text = String::from_utf8(sv.stdout).unwrap();
    assert!(
        text.contains("En match till 3 poäng") && text.contains("brickor"),
        "{text}"
    );
    // Bräde's rule sets do not apply to a backgammon record: said in words.
    let rules = common::brade(&["analyze", path, "--rules", "vasamuseet"], None);
    assert!(!rules.status.success());
    assert!(String::from_utf8_lossy(&rules.stderr).contains("backgammon"));
    assert!(game.turns_played() > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}
