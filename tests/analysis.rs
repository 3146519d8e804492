//! `brade analyze` and the analysis behind it: every decision weighed by the hard level,
//! checked against the same weighing written out plainly in `common::plain`, and against
//! worked examples whose answer the rules give.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::game::Brade;
use std::path::PathBuf;

use brade::ai::Level;
use brade::ai::analysis::{Mark, Rating, THRESHOLDS, analyze, weigh};
use brade::ai::matchplay::{Payoff, payoff_in_game, point_value};
use brade::ai::neural::shipped;
use brade::brade::{MoveGen, Position, Turn};
use brade::rules::Color;
use brade::session::Match;
use brade::store::analysis::{self, Source, analysis_of};
use brade::store::{MatchFile, Store};
use brade::words::kept::{Refusal, Unbelievable};
use common::plain::Plain;
use common::played;

/// What the analysis of `game` was checked against, decision by decision.
#[derive(Debug, Default)]
struct Checked {
    /// Turns with one legal play or none: no decision.
    no_choice: usize,
    decisions: usize,
    /// Decisions where the play made was not the best.
    errors: usize,
}

/// Checks every decision of `game`'s analysis against the hard level's weighing written
/// out plainly (`common::plain`): the turns are walked here through the rules engine, each
/// roll's legal plays listed and weighed under what the mover plays for in that game, and
/// the loss converted as documented (a match's loss in 2·MWC − 1 is twice the chance lost,
/// counted in points of its first game).
fn check_against_plain(game: &Match<Brade>) -> Checked {
    let analysis = analyze(game, |_, _| {}).expect("the shipped network");
    let net = shipped().unwrap();
    let mut plain = Plain::new(&net);
    let mut movegen = MoveGen::new();
    let mut decisions = analysis.decisions.iter();
    let mut checked = Checked::default();
    for (g, log) in game.log.iter().enumerate() {
        let mut position = Position::start(log.starter);
        for (t, &(roll, play)) in log.turns.iter().enumerate() {
            let mut turn = Turn::with_rules(position, roll, game.rules);
            for step in play.steps() {
                turn.step(step.from, step.die).unwrap();
            }
            let (made, next) = turn.finish().unwrap();
            let plays = movegen.plays(position.board(), roll).to_vec();
            if plays.len() < 2 {
                checked.no_choice += 1;
                position = next;
                continue;
            }
            let d = decisions.next().expect("a decision for every turn with a choice");
            assert_eq!(
                (d.game, d.turn, d.mover, d.roll),
                (g + 1, t + 1, position.turn(), roll)
            );
            let payoff = payoff_in_game(&game.score, g, position.turn());
            let values = plain.values(&plays, &payoff);
            let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let at = plays
                .iter()
                .position(|p| p.board == made.board && p.result == made.result)
                .unwrap();
            let loss = top - values[at];
            let (loss, chance) = match (&payoff, point_value(game.score.games())) {
                (Payoff::Match(_), Some(point)) => (loss / 2.0 / point, Some(loss / 2.0)),
                _ => (loss, None),
            };
            let near = |a: f64, b: f64| (a - b).abs() < 1e-4 * (1.0 + b.abs());
            assert!(near(d.loss, loss), "{d:?}: plainly {loss}");
            match (d.match_loss, chance) {
                (Some(a), Some(b)) => assert!(near(a, b), "{d:?}: plainly {b}"),
                (None, None) => {}
                other => panic!("{d:?}: chance lost {other:?}"),
            }
            let best = plays.iter().position(|p| p.play == d.best).unwrap();
            assert!(
                near(values[best], top),
                "{d:?}: the best plainly {top}, the one named {}",
                values[best]
            );
            if d.loss > 0.0 {
                checked.errors += 1;
                assert_ne!(d.played, d.best, "a play that loses is not the best");
            }
            checked.decisions += 1;
            position = next;
        }
    }
    assert!(
        decisions.next().is_none(),
        "a decision for a turn without a choice"
    );
    checked
}

#[test]
fn every_decision_of_a_game_is_weighed_as_the_hard_search_written_out_plainly() {
    let game = played(Level::Random, Level::Medium, 1, 7);
    let checked = check_against_plain(&game);
    assert!(checked.decisions > 20 && checked.errors > 10, "{checked:?}");
    assert!(
        checked.no_choice > 0,
        "a turn without a choice to leave out: {checked:?}"
    );
}

#[test]
fn in_a_match_every_decision_is_weighed_by_the_chance_to_win_it_written_out_plainly() {
    let game = played(Level::Random, Level::Hard, 3, 7);
    let checked = check_against_plain(&game);
    assert!(checked.decisions > 40 && checked.errors > 10, "{checked:?}");
    // Random play is rated the worst there is, with very bad plays among its errors.
    let random = analyze(&game, |_, _| {}).unwrap().summary[Color::White.index()];
    assert!(random.error_rate() > 50.0, "{random:?}");
    assert_eq!(random.rating(), Some(Rating::Awful));
    assert!(random.very_bad > 0, "{random:?}");
}

/// The judge's figures for the play `made` (in notation) of `dice` in `code`: the best
/// play named, and the loss.
fn judged(code: &str, dice: &str, made: &str) -> (String, f64) {
    let position = common::pos(code);
    let plays = MoveGen::new()
        .plays(position.board(), common::roll(dice))
        .to_vec();
    let made = plays.iter().find(|p| p.play.to_string() == made).unwrap();
    let (best, loss) = weigh(Level::Hard.player(0).as_mut(), &plays, made);
    (plays[best].play.to_string(), loss.unwrap())
}

#[test]
fn a_play_that_ends_the_game_for_fewer_points_loses_exactly_the_points_given_up() {
    // 19/21* 21/off wins a hemspel med munk (2 points), 19/off a hemspel (1).
    let best = "19/21* 21/off".to_string();
    assert_eq!(judged("19/9,13x14/w", "62", "19/off"), (best.clone(), 1.0));
    assert_eq!(judged("19/9,13x14/w", "62", &best), (best, 0.0));
    assert_eq!(Mark::of(1.0), Mark::VeryBad);
}

#[test]
fn not_bearing_off_the_last_checkers_when_the_opponent_bears_off_next_loses_two_points() {
    // 19/off 24/off wins a hemspel now; 19/24 24/off leaves a checker against one that
    // any roll bears off: a point won becomes a point lost.
    let (best, loss) = judged("19,24/24/w", "65", "19/24 24/off");
    assert_eq!(best, "19/off 24/off");
    assert!((loss - 2.0).abs() < 0.01, "{loss}");
}

#[test]
fn marks_begin_exactly_at_the_stated_thresholds() {
    // Backgammon's 0.04, 0.08 and 0.16 points ×1.25, typed here by hand.
    for (limit, below, at) in [
        (0.05, Mark::Fine, Mark::Doubtful),
        (0.10, Mark::Doubtful, Mark::Bad),
        (0.20, Mark::Bad, Mark::VeryBad),
    ] {
        assert_eq!(Mark::of(limit - 1e-9), below, "just under {limit}");
        assert_eq!(Mark::of(limit), at, "at {limit}");
    }
    assert_eq!(Mark::of(0.0), Mark::Fine);
    assert_eq!(THRESHOLDS, [0.05, 0.10, 0.20]);
    let signs = [Mark::Fine, Mark::Doubtful, Mark::Bad, Mark::VeryBad].map(Mark::sign);
    assert_eq!(signs, ["", "?!", "?", "??"]);
}

#[test]
fn an_analysis_gives_the_same_figures_every_time_and_names_the_worst_plays() {
    let game = played(Level::Medium, Level::Easy, 1, 3);
    let first = analyze(&game, |_, _| {}).unwrap();
    let second = analyze(&game, |_, _| {}).unwrap();
    assert_eq!(first, second);
    let worst = first.worst(Color::Black, 3);
    assert!(worst.len() <= 3);
    assert!(worst.windows(2).all(|w| w[0].loss >= w[1].loss));
    assert!(worst.iter().all(|d| d.mover == Color::Black));
}

/// A finished match of `white` against `black`, archived as a record in a fresh data
/// directory (saved as if every roll had been typed: the check then needs no seed).
fn recorded(white: Level, black: Level, seed: u64) -> (tempfile::TempDir, PathBuf, Match<Brade>) {
    let game = played(white, black, 1, seed);
    let saved = common::typed_save(&game);
    let dir = tempfile::tempdir().unwrap();
    let path = Store::at(dir.path()).archive(&saved).unwrap();
    (dir, path, game)
}

#[test]
fn an_analysis_is_kept_beside_its_record_and_read_back_instead_of_made_again() {
    let (_dir, record, game) = recorded(Level::Random, Level::Medium, 11);
    let mut turns = 0;
    let (made, source, error) = analysis_of(Some(&record), &game, |_, _| turns += 1).unwrap();
    assert_eq!((source, error.is_none()), (Source::Made, true));
    let all: usize = game.log.iter().map(|g| g.turns.len()).sum();
    assert_eq!(turns, all, "told of every turn, forced ones and forfeits too");
    let kept = analysis::path_of(&record);
    assert!(kept.exists(), "kept at {}", kept.display());
    // Read back: the same figures to the last bit, and no turn weighed again.
    let mut again = 0;
    let (read, source, _) = analysis_of(Some(&record), &game, |_, _| again += 1).unwrap();
    assert_eq!((source, again), (Source::Kept, 0));
    assert_eq!(read, made);
    assert_eq!(
        read,
        analyze(&game, |_, _| {}).unwrap(),
        "what a fresh analysis gives"
    );
}

#[test]
fn a_file_is_read_once_and_its_analysis_names_the_bytes_its_match_came_from() {
    let (_dir, record, game) = recorded(Level::Random, Level::Medium, 17);
    let bytes = std::fs::read(&record).unwrap();
    let file = MatchFile::<Brade>::read(&record).unwrap();
    assert_eq!(file.game.log.len(), game.log.len());
    // The record changes on disk after it was read: the analysis is of the match read,
    // and names the bytes it came from, not the ones there now.
    std::fs::write(&record, b"changed since").unwrap();
    let (made, source, error) = analysis::of_file(&file, |_, _| {}).unwrap();
    assert_eq!((source, error.is_none()), (Source::Made, true));
    assert_eq!(made, analyze(&game, |_, _| {}).unwrap());
    let kept = std::fs::read_to_string(analysis::path_of(&record)).unwrap();
    let first = kept.lines().next().unwrap();
    let sum = format!("{:016x}", brade::checksum::fnv1a(&bytes));
    assert!(first.contains(&format!(" {sum} ")), "{first} names {sum}");
    // Read back from the same read, the kept analysis fits.
    let (again, source, _) = analysis::of_file(&file, |_, _| {}).unwrap();
    assert_eq!((source, again), (Source::Kept, made));
}

#[test]
fn a_kept_analysis_is_not_trusted_when_it_is_damaged_stale_or_by_another_judge() {
    let (_dir, record, game) = recorded(Level::Random, Level::Medium, 12);
    let (made, ..) = analysis_of(Some(&record), &game, |_, _| {}).unwrap();
    let kept = analysis::path_of(&record);
    let text = std::fs::read_to_string(&kept).unwrap();
    let remade = |bad: &str| {
        std::fs::write(&kept, bad).unwrap();
        let (again, source, _) = analysis_of(Some(&record), &game, |_, _| {}).unwrap();
        assert!(
            matches!(source, Source::Made | Source::Remade(_)),
            "not trusted: {:?}",
            &bad[..bad.len().min(120)]
        );
        assert_eq!(again, made);
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), text, "rewritten");
    };
    // A loss changed (the body's checksum), a line lost, the file cut, another judge,
    // another format version, nothing but garbage.
    let line = text.lines().nth(1).unwrap().to_string();
    let mut fields: Vec<&str> = line.split('\t').collect();
    fields[3] = "0.5";
    remade(&text.replacen(&line, &fields.join("\t"), 1));
    remade(&text.replacen(&format!("{line}\n"), "", 1));
    remade(&text[..text.len() / 2]);
    remade(&text.replacen("-ply-2", "-ply-3", 1));
    remade(&text.replacen("brade-analysis 2", "brade-analysis 3", 1));
    remade("\u{0}\u{1}garbage");
    // The record itself changed (its checksum no longer the one named).
    let mut bytes = std::fs::read(&record).unwrap();
    bytes.extend_from_slice(b"\n");
    std::fs::write(&record, bytes).unwrap();
    let (_, source, _) = analysis_of(Some(&record), &game, |_, _| {}).unwrap();
    assert_eq!(source, Source::Made);
    // A kept analysis of one match does not pass for another's.
    let (_dir2, other_record, other) = recorded(Level::Random, Level::Medium, 13);
    std::fs::copy(&kept, analysis::path_of(&other_record)).unwrap();
    let (_, source, _) = analysis_of(Some(&other_record), &other, |_, _| {}).unwrap();
    assert_eq!(source, Source::Made);
}

#[test]
fn the_match_in_progress_gets_no_kept_analysis() {
    let (dir, record, game) = recorded(Level::Random, Level::Medium, 14);
    let live = dir.path().join("match.toml");
    std::fs::copy(&record, &live).unwrap();
    let (_, source, error) = analysis_of(Some(&live), &game, |_, _| {}).unwrap();
    assert_eq!((source, error.is_none()), (Source::NotKept, true));
    assert!(!analysis::path_of(&live).exists());
}

#[test]
fn a_record_that_cannot_be_written_beside_is_analysed_all_the_same() {
    let (_dir, record, game) = recorded(Level::Random, Level::Medium, 15);
    // A directory where the analysis file would go: it cannot be written.
    std::fs::create_dir(analysis::path_of(&record)).unwrap();
    let (a, source, error) = analysis_of(Some(&record), &game, |_, _| {}).unwrap();
    assert_eq!(source, Source::NotKept);
    assert!(error.is_some());
    assert_eq!(a, analyze(&game, |_, _| {}).unwrap());
}

#[test]
fn a_kept_analysis_names_the_hard_levels_depth_as_its_judges() {
    let id = brade::ai::analysis::judge_id();
    assert!(
        id.ends_with(&format!("-ply-{}", Level::Hard.depth().plies())),
        "{id}"
    );
    assert!(id.ends_with("-ply-2"), "the files kept so far say 2 ply: {id}");
}

#[test]
fn ratings_follow_the_stated_scale_of_error_rates() {
    // GNU Backgammon's limits (2, 5, 8, 12, 18, 26, 35) ×1.25, typed here by hand.
    let limits = [2.5, 6.25, 10.0, 15.0, 22.5, 32.5, 43.75];
    for (i, &limit) in limits.iter().enumerate() {
        assert_eq!(Rating::of(limit - 0.001), Rating::ALL[i], "just under {limit}");
        assert_eq!(Rating::of(limit), Rating::ALL[i + 1], "at {limit}");
    }
    assert_eq!(Rating::of(0.0), Rating::Supernatural);
    assert_eq!(Rating::of(265.0), Rating::Awful);
    let none = brade::ai::analysis::Summary::default();
    assert_eq!(none.rating(), None, "no decision, no rating");
}

/// `text` (a kept analysis) with its body lines changed by `edit` and the checksum on its
/// first line made to fit again — as a forger would, not as damage does.
fn forged(text: &str, mut edit: impl FnMut(usize, &mut Vec<String>)) -> String {
    let (first, body) = text.split_once('\n').unwrap();
    let body: String = body
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let mut fields: Vec<String> = line.split('\t').map(str::to_string).collect();
            edit(i, &mut fields);
            fields.join("\t") + "\n"
        })
        .collect();
    let head = first.rsplit_once(' ').unwrap().0;
    format!("{head} {:016x}\n{body}", brade::checksum::fnv1a(body.as_bytes()))
}

#[test]
fn a_forged_analysis_that_contradicts_itself_or_loses_the_impossible_is_made_afresh() {
    let (_dir, record, game) = recorded(Level::Random, Level::Medium, 16);
    let (made, ..) = analysis_of(Some(&record), &game, |_, _| {}).unwrap();
    let kept = analysis::path_of(&record);
    let text = std::fs::read_to_string(&kept).unwrap();
    // The checksum recomputed by the forger is accepted as such: the same text reads back.
    assert_eq!(forged(&text, |_, _| {}), text);
    let errors: Vec<usize> = (0..made.decisions.len())
        .filter(|&i| made.decisions[i].loss > 0.0)
        .collect();
    assert!(errors.len() > 3, "a random player errs");
    let refused = |bad: String, what: &str, why: Unbelievable| {
        std::fs::write(&kept, &bad).unwrap();
        let (again, source, _) = analysis_of(Some(&record), &game, |_, _| {}).unwrap();
        let Source::Remade(Refusal::Unbelievable { why: said, .. }) = source else {
            panic!("{what} was trusted: {source:?}")
        };
        assert_eq!(said, why, "{what}: the reason said");
        assert_eq!(again, made, "{what}: made afresh");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), text, "{what}: rewritten");
    };
    // Every loss made 0 (a random player made supernatural): the better plays named
    // still differ from those made.
    refused(
        forged(&text, |_, f| f[3] = "0".into()),
        "losses set to 0",
        Unbelievable::WrongLosesNothing,
    );
    // A loss no play can lose, and losses that are not numbers.
    let first = errors[0];
    for (loss, why) in [
        ("1e308", Unbelievable::TooMuch),
        ("12.5", Unbelievable::TooMuch),
        ("inf", Unbelievable::NotALoss),
        ("NaN", Unbelievable::NotALoss),
        ("-0.1", Unbelievable::NotALoss),
    ] {
        refused(
            forged(&text, |i, f| {
                if i == first {
                    f[3] = loss.into();
                }
            }),
            &format!("a loss of {loss}"),
            why,
        );
    }
    // The play made named as the best, yet with a loss.
    let d = &made.decisions[first];
    refused(
        forged(&text, |i, f| {
            if i == first {
                f[2] = d.played.to_string();
            }
        }),
        "the best play with a loss",
        Unbelievable::RightLoses,
    );
    // A chance of the match lost, in a single game.
    refused(
        forged(&text, |i, f| {
            if i == first {
                f[4] = "0.01".into();
            }
        }),
        "a match's chance in a single game",
        Unbelievable::ChanceContradicts,
    );
    // Through it all, the figures never showed an impossible rating: the one kept now is
    // the judge's.
    let (read, source, _) = analysis_of(Some(&record), &game, |_, _| {}).unwrap();
    assert_eq!((source, read), (Source::Kept, made));
}
