//! Finished matches: kept, listed, exported as a transcript, replayed turn by turn.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::app::{App, Done, Input, Key, MenuItem, RecordEntry, Replay, Screen};
use brade::game::Brade;
use brade::session::ScriptedDice;
use brade::store::{self, Store};
use brade::words::Lang;
use common::{advance, press};

/// A finished seeded match of `games` games, archived in a fresh data directory.
fn finished(games: u32) -> (tempfile::TempDir, std::path::PathBuf, store::SavedMatch) {
    let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[1])), "Anna", "Bo", games);
    app.seed_dice(77, 0);
    while advance(&mut app) {}
    let saved = app.snapshot().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let record = Store::at(dir.path()).archive(&saved).unwrap();
    (dir, record, saved)
}

#[test]
fn records_lists_the_finished_matches() {
    let (dir, record, _) = finished(1);
    let out = common::brade(&["records", "--data-dir", dir.path().to_str().unwrap()], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains(record.to_str().unwrap())
            && text.contains("Anna – Bo")
            && text.contains("wins the match")
    );
    let empty = tempfile::tempdir().unwrap();
    let out = common::brade(&["records", "--data-dir", empty.path().to_str().unwrap()], None);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("no finished matches yet")
    );
}

#[test]
fn export_prints_players_every_turn_the_results_and_the_match() {
    let (_dir, record, saved) = finished(3);
    let out = common::brade(&["export", record.to_str().unwrap()], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Bräde: Anna (White) v Bo (Black), a match of 3 games");
    assert!(lines[1].starts_with("Saved 20"), "{}", lines[1]);
    assert_eq!(lines[2], "Rules: Vasamuseet 2003 (vasamuseet)");
    assert!(lines[3].starts_with("Teka: White "), "{}", lines[3]);
    let turns: usize = saved.game.iter().map(|g| g.turns.len()).sum();
    let turn_lines = lines
        .iter()
        .filter(|l| {
            l.trim_start()
                .split('.')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .count();
    assert_eq!(turn_lines, turns, "one line per turn:\n{text}");
    // Each turn line: number, mover, dice, play — and it matches the save.
    let first_game = &saved.game[0];
    let first_turn = lines.iter().find(|l| l.trim_start().starts_with("1. ")).unwrap();
    let starter = if first_game.starter == "white" {
        "Anna"
    } else {
        "Bo"
    };
    assert!(first_turn.contains(starter), "{first_turn}");
    assert!(
        first_turn.ends_with(&first_game.turns[0][3..]),
        "{first_turn} vs {}",
        first_game.turns[0]
    );
    assert_eq!(
        lines.iter().filter(|l| l.contains(" wins: ")).count(),
        3,
        "{text}"
    );
    assert!(lines.last().unwrap().starts_with("Match: Anna "), "{text}");
}

#[test]
fn export_of_a_missing_or_bad_file_says_so() {
    let out = common::brade(&["export", "/no/such/record.toml"], None);
    assert_eq!(out.status.code(), Some(1), "a file error, not a usage error");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: /no/such/record.toml") && err.lines().count() == 1,
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "format = 1\n").unwrap();
    let out = common::brade(&["export", bad.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(!String::from_utf8(out.stderr).unwrap().contains("--help"));
}

#[test]
fn a_replay_steps_through_every_turn_forward_and_back() {
    let (_dir, _, saved) = finished(3);
    let replay = Replay::of(&saved, false).unwrap();
    let turns: usize = saved.game.iter().map(|g| g.turns.len()).sum();
    assert_eq!(
        replay.frames.len(),
        turns + 3,
        "a frame per turn and one per game start"
    );
    let mut app = common::replaying(Lang::En, replay);
    let index = |app: &App| match app.replay_of::<brade::game::Brade>() {
        Some(r) => r.index,
        None => panic!("not replaying"),
    };
    for k in [Key::Right, Key::Right, Key::Left] {
        app.handle(Input::Key(k));
    }
    assert_eq!(index(&app), 1);
    app.handle(Input::Key(Key::PageDown));
    let Some(r) = app.replay_of::<brade::game::Brade>() else {
        panic!()
    };
    assert_eq!(
        (r.frame().game, r.frame().turn),
        (2, 0),
        "PgDn goes to the next game's start"
    );
    app.handle(Input::Key(Key::End));
    let Some(r) = app.replay_of::<brade::game::Brade>() else {
        panic!()
    };
    assert!(r.frame().result.is_some(), "the last frame shows the last result");
    assert_eq!(
        r.frame().score.0 + r.frame().score.1,
        saved
            .game
            .iter()
            .filter_map(|g| g.result.as_deref())
            .map(|n| brade::brade::GameResult::from_notation(n).unwrap().points())
            .sum::<u32>()
    );
    // Drawn at 80×24 without trouble, at every frame.
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    app.handle(Input::Key(Key::Home));
    for _ in 0..turns + 3 {
        t.draw(|f| brade::ui::draw(f, &app)).unwrap();
        app.handle(Input::Key(Key::Right));
    }
    app.handle(Input::Key(Key::Esc));
    assert!(
        app.quitting(),
        "opened from the command line, Esc ends the replay"
    );
}

#[test]
fn the_records_screen_opens_a_replay_and_goes_back() {
    let (_dir, record, saved) = finished(1);
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    let _ = saved;
    app.job_done(Done::Records(vec![RecordEntry::read(&record)]));
    let at = app.menu().iter().position(|&m| m == MenuItem::Records).unwrap();
    assert_eq!(
        app.menu()[..at],
        [MenuItem::NewMatch, MenuItem::NewBackgammon, MenuItem::NewChouette]
    );
    for _ in 0..at {
        app.handle(Input::Key(Key::Down));
    }
    for k in [Key::Enter, Key::Enter] {
        app.handle(Input::Key(k));
    }
    // The replay knows its record: its analysis is kept beside it.
    assert!(
        app.replay_of::<brade::game::Brade>()
            .is_some_and(|r| r.file.as_ref() == Some(&record))
    );
    let job = common::analysis_job(&mut app).unwrap();
    assert_eq!(job.file, Some(record));
    app.handle(Input::Key(Key::Char('q')));
    assert!(matches!(app.screen(), Screen::Records { .. }));
    assert!(!app.quitting());
    app.handle(Input::Key(Key::Esc));
    assert!(matches!(app.screen(), Screen::Start { .. }));
}

#[test]
fn analyze_weighs_every_decision_of_a_record_the_same_way_twice() {
    let (_dir, record, _) = finished(1);
    let path = record.to_str().unwrap();
    let first = common::brade(&["analyze", path], None);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = String::from_utf8(first.stdout.clone()).unwrap();
    assert!(text.starts_with("Analysis: Anna (White) v Bo (Black)"), "{text}");
    assert_eq!(
        text.matches(" decisions; ").count(),
        2,
        "a summary per player:\n{text}"
    );
    let again = common::brade(&["analyze", path], None);
    assert_eq!(first.stdout, again.stdout, "the same figures every time");
    // The TSV form: a line per decision, nine fields, the loss a number and 0 for the best,
    // the chance lost '-' in a single game.
    let tsv = common::brade(&["analyze", "--tsv", path], None);
    let tsv = String::from_utf8(tsv.stdout).unwrap();
    let decisions = text.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(tsv.lines().count(), decisions);
    for line in tsv.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 9, "{line}");
        let loss: f64 = fields[6].parse().unwrap();
        assert!(loss >= 0.0 && (loss > 0.0 || fields[7].is_empty()), "{line}");
        assert_eq!(fields[8], "-", "{line}");
    }
    // A file that is not there is named, with exit status 1.
    let missing = common::brade(&["analyze", "no-such-file.toml"], None);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-file.toml"));
}

#[test]
fn stats_count_every_game_and_result_once_for_the_winner_and_once_against_the_loser() {
    use brade::ai::Level;
    let matches: Vec<brade::session::Match<Brade>> = (0..4)
        .map(|seed| common::played(Level::Medium, Level::Easy, 3, seed))
        .collect();
    let table = brade::store::stats::stats(&matches);
    let (a, b) = (&table["A"], &table["B"]);
    let games: u32 = matches.iter().map(|m| m.score.results().len() as u32).sum();
    assert_eq!((a.matches, b.matches), (4, 4));
    assert_eq!(a.matches_won + b.matches_won, 4);
    assert_eq!((a.games, b.games), (games, games));
    assert_eq!(a.games_won + b.games_won, games);
    assert_eq!(a.points_for, b.points_against);
    assert_eq!(a.won_by, b.lost_by);
    assert_eq!(a.won_by.iter().sum::<u32>(), a.games_won);
    assert_eq!(a.marked_for, b.marked_against, "munk");
    // The points as the matches' own scores have them.
    let points: u32 = matches
        .iter()
        .map(|m| m.score.points(brade::rules::Color::White))
        .sum();
    assert_eq!(a.points_for, points);
}

#[test]
fn brade_stats_lists_each_player_of_the_records() {
    let (dir, _, _) = finished(1);
    let out = common::brade(&["stats", "--data-dir", dir.path().to_str().unwrap()], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Anna: matches ") && text.contains("Bo: matches "),
        "{text}"
    );
    assert!(text.contains("won of 1"), "{text}");
    let empty = tempfile::tempdir().unwrap();
    let out = common::brade(&["stats", "--data-dir", empty.path().to_str().unwrap()], None);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("no matches to count yet")
    );
}

#[test]
fn a_replay_is_analysed_in_the_background_and_e_jumps_to_the_errors() {
    use brade::ai::Level;
    use brade::ai::analysis::{Mark, analyze};
    let game = common::played(Level::Random, Level::Hard, 1, 3);
    let saved = common::typed_save(&game);
    let mut app = common::replaying(Lang::En, Replay::of(&saved, true).unwrap());
    let to_analyse = common::analysis_job(&mut app).expect("the analysis is asked for");
    assert!(common::analysis_job(&mut app).is_none(), "once");
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("analysing the match"), "{text}");
    let analysis = analyze(&to_analyse.game, |_, _| {}).unwrap();
    app.job_done(Done::analysis(*to_analyse, Some(analysis), None));
    // e: the first error, of the random player; E back; its mark and the better play.
    press(&mut app, &[Key::Char('e')]);
    let Some(replay) = app.replay_of::<brade::game::Brade>() else {
        panic!("the replay")
    };
    let first = replay.index;
    let d = replay.decision().expect("a decision there");
    assert_ne!(d.mark, Mark::Fine);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("better:"), "{text}");
    assert_eq!(text.matches("error rate").count(), 2, "each player's: {text}");
    press(&mut app, &[Key::Char('e'), Key::Char('E')]);
    let Some(replay) = app.replay_of::<brade::game::Brade>() else {
        panic!("the replay")
    };
    assert_eq!(replay.index, first);
}

#[test]
fn w_visits_every_error_worst_first_and_the_gauge_shows_the_analysis_running() {
    use brade::ai::Level;
    use brade::ai::analysis::{Mark, analyze};
    let game = common::played(Level::Random, Level::Medium, 1, 4);
    let saved = common::typed_save(&game);
    let mut app = common::replaying(Lang::En, Replay::of(&saved, true).unwrap());
    let job = common::analysis_job(&mut app).expect("the analysis is asked for");
    // Half way: the gauge says so.
    job.progress.set(40, 80);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(
        text.contains("analysing the match") && text.contains(" 50 %"),
        "{text}"
    );
    // A result for another replay (one left since) is not taken for this one's.
    let stale = Box::new(brade::app::AnalysisJob {
        progress: std::sync::Arc::default(),
        ..(*job).clone()
    });
    let analysis = analyze(&game, |_, _| {}).unwrap();
    app.job_done(Done::analysis(*stale, Some(analysis.clone()), None));
    let Some(replay) = app.replay_of::<brade::game::Brade>() else {
        panic!("the replay")
    };
    assert!(replay.analysis.is_none() && replay.analysing());
    app.job_done(Done::analysis(*job, Some(analysis.clone()), None));
    // The errors, as the analysis lists them, from the worst down.
    let mut losses: Vec<f64> = analysis
        .decisions
        .iter()
        .filter(|d| d.mark != Mark::Fine)
        .map(|d| d.loss)
        .collect();
    losses.sort_by(|a, b| b.total_cmp(a));
    assert!(losses.len() >= 3, "the random player errs: {losses:?}");
    let mut seen = Vec::new();
    for _ in 0..losses.len() + 2 {
        press(&mut app, &[Key::Char('w')]);
        let Some(replay) = app.replay_of::<brade::game::Brade>() else {
            panic!("the replay")
        };
        seen.push(replay.decision().expect("an error is shown").loss);
    }
    // Each once, worst first, and it stays on the last.
    assert_eq!(&seen[..losses.len()], &losses[..]);
    assert_eq!(seen[losses.len()], losses[losses.len() - 1]);
    // W goes back up to the worst, which is named so.
    for _ in 0..losses.len() + 2 {
        press(&mut app, &[Key::Char('W')]);
    }
    let Some(replay) = app.replay_of::<brade::game::Brade>() else {
        panic!("the replay")
    };
    assert_eq!(replay.decision().unwrap().loss, losses[0]);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("the worst play of"), "{text}");
    assert!(
        text.contains("(awful)") || text.contains("(beginner)"),
        "the random player's rating: {text}"
    );
}

/// Each player's error rate in the match at `record`, analysed afresh here (not read
/// back), as the statistics print it.
fn fresh_rates(saved: &store::SavedMatch) -> [String; 2] {
    let game = store::restore::<brade::game::Brade>(saved).unwrap().game;
    let a = brade::ai::analysis::analyze(&game, |_, _| {}).unwrap();
    a.summary.map(|s| format!("{:.1}", s.error_rate()))
}

#[test]
fn brade_stats_analyze_keeps_each_analysis_and_gives_the_error_rate_by_match() {
    let (dir, record, saved) = finished(1);
    let data = dir.path().to_str().unwrap();
    let stats = |args: &[&str]| {
        let out = common::brade(&[&["stats", "--data-dir", data], args].concat(), None);
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let before = stats(&[]);
    assert_eq!(
        before.matches("error rate: no analysed match").count(),
        2,
        "{before}"
    );
    let analysed = stats(&["--analyze"]);
    assert!(
        brade::store::analysis::path_of(&record).exists(),
        "kept beside the record"
    );
    let [anna, bo] = fresh_rates(&saved);
    for (name, rate) in [("Anna", anna), ("Bo", bo)] {
        let block = analysed.split(&format!("{name}: ")).nth(1).unwrap();
        let line = block.lines().find(|l| l.contains("error rate")).unwrap();
        assert!(
            line.starts_with(&format!("  error rate: {rate} ‰ of a point a decision ("))
                && line.ends_with(&format!("oldest first: {rate}")),
            "{name}: {line}"
        );
    }
    // Read back the next time, the same.
    assert_eq!(stats(&[]), analysed);
}

#[test]
fn the_statistics_screen_shows_every_player_and_their_error_rate_once_analysed() {
    let (dir, _record, saved) = finished(1);
    let store = Store::at(dir.path());
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    // The records are listed off the event loop, as the terminal layer does it; the
    // screens show how far it has come.
    let reading = common::records_listing(&mut app).expect("listed once");
    assert!(common::records_listing(&mut app).is_none());
    assert!(app.menu().contains(&MenuItem::Statistics), "offered with records");
    common::open(&mut app, MenuItem::Statistics);
    assert!(matches!(app.screen(), Screen::Statistics(_)));
    reading.set(0, 1);
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(
        text.contains("reading the records") && text.contains("0 %"),
        "{text}"
    );
    app.job_done(Done::Records(store.list_records(|d, t| reading.set(d, t))));
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(text.contains("Anna") && text.contains("Bo"), "{text}");
    assert_eq!(
        text.matches("no match of this player analysed yet").count(),
        2,
        "{text}"
    );
    assert!(
        text.contains("1 match is not analysed yet — press a to analyse it"),
        "{text}"
    );
    // `a` analyses it in the background (as the terminal layer runs it), once; then the
    // figures are read again and show each player's rate.
    assert!(
        common::records_analysis(&mut app).is_none(),
        "not before a is pressed"
    );
    press(&mut app, &[Key::Char('a')]);
    let (records, progress) = common::records_analysis(&mut app).expect("asked for");
    assert!(common::records_analysis(&mut app).is_none(), "once");
    assert_eq!(
        store::analysis::analyse_records(&records, |d, t| progress.set(d, t)),
        1
    );
    assert_eq!(progress.ratio(), 1.0);
    assert_eq!(
        store::analysis::analyse_records(&records, |_, _| {}),
        0,
        "kept: nothing to do again"
    );
    app.job_done(Done::RecordsAnalysed);
    let again = common::records_listing(&mut app).expect("listed again");
    app.job_done(Done::Records(store.list_records(|d, t| again.set(d, t))));
    let text = common::screen(&common::draw(&app, 80, 24));
    assert!(!text.contains("not analysed yet"), "{text}");
    for rate in fresh_rates(&saved) {
        assert!(
            text.contains(&format!("error rate {rate} ‰ of a point a decision (")),
            "{rate}: {text}"
        );
    }
    press(&mut app, &[Key::Char('q')]);
    assert!(matches!(app.screen(), Screen::Start { .. }));
}

#[test]
fn the_records_screen_lists_the_newest_first_and_among_thousands_goes_back_to_the_one_replayed() {
    let (_dir, record, saved) = finished(1);
    // The real one listed first (as the oldest name is), then 3 000 others (never read:
    // only those shown are worded).
    let summary = store::RecordSummary::of_saved(&saved).unwrap();
    let mut list = vec![RecordEntry::read(&record)];
    list.extend((0..3000u64).map(|i| {
        let mut s = summary.clone();
        s.saved_at = 1_600_000_000 + 60 * i;
        RecordEntry {
            path: format!("/nowhere/{i}.toml").into(),
            summary: Ok(s),
        }
    }));
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    app.job_done(Done::RecordsListed(list));
    common::open(&mut app, MenuItem::Records);
    let shown = |app: &App| common::screen(&common::draw(app, 80, 24));
    let date = |i: u64| brade::words::format_time(1_600_000_000 + 60 * i);
    // Newest first: the screen opens on the match listed last, whose file is said under
    // the list.
    let text = shown(&app);
    assert!(
        text.contains("/nowhere/2999.toml") && text.contains(&date(2999)),
        "{text}"
    );
    for (key, file, date) in [
        (Key::PageDown, "/nowhere/2989.toml".to_string(), date(2989)),
        (
            Key::End,
            record.display().to_string(),
            brade::words::format_time(saved.saved_at),
        ),
        (Key::PageUp, "/nowhere/9.toml".to_string(), date(9)),
        (Key::Home, "/nowhere/2999.toml".to_string(), date(2999)),
    ] {
        app.handle(Input::Key(key));
        let text = shown(&app);
        assert!(text.contains(&file) && text.contains(&date), "{key:?}: {text}");
    }
    // The oldest one replayed; Esc comes back to it, not to the first row.
    app.handle(Input::Key(Key::End));
    app.handle(Input::Key(Key::Enter));
    assert!(app.replay_of::<brade::game::Brade>().is_some());
    app.handle(Input::Key(Key::Esc));
    assert!(matches!(app.screen(), Screen::Records { item: 3000 }));
    assert!(shown(&app).contains(record.to_str().unwrap()));
}
