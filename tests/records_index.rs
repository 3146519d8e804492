//! The records' index (`records/index`): a record or an analysis that has not changed is
//! not read again — shown by making its bytes unreadable behind an unchanged stamp (the
//! same size and time), which the listing never notices —, a new record costs its own
//! reading alone, a removed one leaves the list and the index, a new judge reads no
//! record again, an index of another version is made afresh; and `brade stats` stays short
//! with a long history, its whole series given on request.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use brade::app::App;
use brade::session::ScriptedDice;
use brade::store::{self, RecordEntry, Store};
use brade::words::Lang;
use common::advance;

/// A finished seeded one-game match between `white` and `black`, as the app saves it.
fn finished(white: &str, black: &str, seed: u64) -> store::SavedMatch {
    let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[1])), white, black, 1);
    app.seed_dice(seed, 0);
    while advance(&mut app) {}
    app.snapshot().unwrap()
}

/// `path`'s modification time set `ago` in the past: the listing trusts a file's stamp
/// only once it has settled (a file changed twice within the file system's clock tick
/// could keep its stamp).
fn age(path: &Path, ago: Duration) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - ago).unwrap();
}

/// Records archived in a fresh data directory, an hour old: one per seed.
fn archived(seeds: &[u64]) -> (tempfile::TempDir, Vec<PathBuf>) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let paths = seeds
        .iter()
        .map(|&seed| {
            let path = store.archive(&finished("Anna", "Bo", seed)).unwrap();
            age(&path, Duration::from_secs(3600));
            path
        })
        .collect();
    (dir, paths)
}

/// `path` overwritten in place by bytes that are no record, its stamp left as it was:
/// the same size, the same modification time, the same file.
fn garbled(path: &Path) {
    let meta = std::fs::metadata(path).unwrap();
    std::fs::write(path, vec![b'#'; meta.len() as usize]).unwrap();
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(meta.modified().unwrap()).unwrap();
}

/// The players of each record listed, or `error` for one that cannot be used.
fn names(list: &[RecordEntry]) -> Vec<String> {
    list.iter()
        .map(|e| e.summary.as_ref().map_or("error".into(), |s| s.names.join(" v ")))
        .collect()
}

/// The index's text with `edit` made to its lines, under a checksum that fits again.
fn forged_index(text: &str, edit: impl Fn(&str) -> String) -> String {
    let (first, body) = text.split_once('\n').unwrap();
    let head = first.rsplit_once(' ').unwrap().0;
    let body: String = body.lines().map(|l| edit(l) + "\n").collect();
    format!("{head} {:016x}\n{body}", brade::checksum::fnv1a(body.as_bytes()))
}

#[test]
fn an_unchanged_record_is_listed_from_the_index_without_being_read() {
    let (dir, paths) = archived(&[77]);
    let store = Store::at(dir.path());
    let first = store.list_summaries(|_, _| {});
    assert_eq!(names(&first), ["Anna v Bo"]);
    let index = store.records().join("index");
    assert!(std::fs::read_to_string(&index).unwrap().contains("Anna\tBo"));
    // Unreadable behind its stamp: still listed, as it was, from the index.
    garbled(&paths[0]);
    let again = store.list_summaries(|_, _| {});
    assert_eq!(
        format!("{:?}", again[0].summary),
        format!("{:?}", first[0].summary)
    );
    // Its time changed: read again, and found damaged.
    age(&paths[0], Duration::from_secs(7200));
    let list = store.list_summaries(|_, _| {});
    assert!(list[0].summary.is_err(), "{:?}", list[0].summary);
}

#[test]
fn a_changed_size_or_a_file_written_anew_is_read_again() {
    let (dir, paths) = archived(&[77, 78]);
    let store = Store::at(dir.path());
    assert_eq!(
        names(&store.list_summaries(|_, _| {})),
        ["Anna v Bo", "Anna v Bo"]
    );
    // A byte more: another size.
    let mut bytes = std::fs::read(&paths[0]).unwrap();
    bytes.push(b'#');
    std::fs::write(&paths[0], &bytes).unwrap();
    age(&paths[0], Duration::from_secs(3600));
    // Another file renamed over it (as every file here is written), of the same size and
    // time: another inode.
    let meta = std::fs::metadata(&paths[1]).unwrap();
    let tmp = paths[1].with_extension("new");
    std::fs::write(&tmp, vec![b'#'; meta.len() as usize]).unwrap();
    let file = std::fs::File::options().write(true).open(&tmp).unwrap();
    file.set_modified(meta.modified().unwrap()).unwrap();
    std::fs::rename(&tmp, &paths[1]).unwrap();
    assert_eq!(names(&store.list_summaries(|_, _| {})), ["error", "error"]);
}

#[test]
fn a_new_record_costs_its_own_reading_alone_and_a_removed_one_leaves_the_index() {
    let (dir, paths) = archived(&[77, 78, 79]);
    let store = Store::at(dir.path());
    assert_eq!(store.list_summaries(|_, _| {}).len(), 3);
    for path in &paths {
        garbled(path);
    }
    let fourth = store.archive(&finished("Cleo", "Dan", 80)).unwrap();
    let list = store.list_summaries(|_, _| {});
    // The three unreadable ones from the index, the new one read.
    assert_eq!(
        names(&list),
        ["Anna v Bo", "Anna v Bo", "Anna v Bo", "Cleo v Dan"]
    );
    // A record just written is read again until it has settled; then it is indexed too.
    let index = store.records().join("index");
    assert!(!std::fs::read_to_string(&index).unwrap().contains("Cleo"));
    age(&fourth, Duration::from_secs(3600));
    store.list_summaries(|_, _| {});
    assert!(std::fs::read_to_string(&index).unwrap().contains("Cleo\tDan"));
    // Removed: gone from the list and from the index.
    std::fs::remove_file(&paths[1]).unwrap();
    let list = store.list_summaries(|_, _| {});
    assert_eq!(list.len(), 3);
    assert!(list.iter().all(|e| e.path != paths[1]));
    let name = paths[1].file_name().unwrap().to_str().unwrap();
    assert!(!std::fs::read_to_string(&index).unwrap().contains(name));
}

#[test]
fn a_damaged_or_older_index_is_made_afresh_from_the_records() {
    let (dir, _) = archived(&[77]);
    let store = Store::at(dir.path());
    let index = store.records().join("index");
    store.list_summaries(|_, _| {});
    let today = std::fs::read_to_string(&index).unwrap();
    for bad in [
        "brade-index 1 garbage\nx\n".to_string(),
        today.replacen("brade-index 5", "brade-index 4", 1),
        today.replace("Anna", "Anne"),
    ] {
        std::fs::write(&index, bad).unwrap();
        assert_eq!(names(&store.list_summaries(|_, _| {})), ["Anna v Bo"]);
        assert_eq!(std::fs::read_to_string(&index).unwrap(), today);
    }
}

#[test]
fn an_analysis_is_checked_once_and_a_new_judge_reads_no_record_again() {
    let (dir, paths) = archived(&[77]);
    let store = Store::at(dir.path());
    assert_eq!(store::analysis::analyse_records(&paths, |_, _| {}), 1);
    age(&store::analysis::path_of(&paths[0]), Duration::from_secs(3600));
    let first = store.list_records(|_, _| {});
    let figures = first[0].summary.as_ref().unwrap().analysis.expect("analysed");
    // Figures as the analysis made now says them.
    let game = store::restore::<brade::game::Brade>(&store::read_file(&paths[0]).unwrap())
        .unwrap()
        .game;
    let made = brade::ai::analysis::analyze(&game, |_, _| {}).unwrap();
    assert_eq!(figures, made.summary);
    // The listing alone neither reads nor loses them.
    let index = store.records().join("index");
    store.list_summaries(|_, _| {});
    assert!(std::fs::read_to_string(&index).unwrap().contains("\na\t"));
    // The record and its analysis unreadable behind their stamps: the figures still come
    // from the index.
    garbled(&paths[0]);
    garbled(&store::analysis::path_of(&paths[0]));
    let again = store.list_records(|_, _| {});
    assert_eq!(again[0].summary.as_ref().unwrap().analysis, Some(figures));
    // An index written under another judge: its analyses no longer fit — and the record
    // is still listed from the index, not read (it would be found damaged).
    let text = std::fs::read_to_string(&index).unwrap();
    let other = forged_index(&text, |line| {
        if line.starts_with("a\t") {
            line.replacen("brade-analysis 2 net-", "brade-analysis 2 other-net-", 1)
        } else {
            line.to_string()
        }
    });
    std::fs::write(&index, other).unwrap();
    let judged_anew = store.list_records(|_, _| {});
    let summary = judged_anew[0].summary.as_ref().unwrap();
    assert_eq!(summary.names.join(" v "), "Anna v Bo");
    assert_eq!(summary.analysis, None, "not today's judge's");
    assert_eq!(store::unanalysed(&judged_anew), vec![paths[0].clone()]);
}

/// `count` records of one analysed match, each a copy with a date of its own (and so its
/// own file and checksum), its analysis beside it naming it: a long history, made from
/// one analysis.
fn history(count: u64) -> (tempfile::TempDir, Vec<PathBuf>) {
    let (dir, paths) = archived(&[77]);
    assert_eq!(store::analysis::analyse_records(&paths, |_, _| {}), 1);
    let original = store::read_file(&paths[0]).unwrap();
    let analysis = std::fs::read_to_string(store::analysis::path_of(&paths[0])).unwrap();
    let (first, body) = analysis.split_once('\n').unwrap();
    // The first line but for the record's checksum and the checksum of the rest.
    let (head, body_sum) = first.rsplit_once(' ').unwrap();
    let head = head.rsplit_once(' ').unwrap().0;
    let records = Store::at(dir.path()).records();
    let mut made = Vec::new();
    for i in 0..count {
        let mut copy = original.clone();
        copy.saved_at = 1_600_000_000 + 600 * i;
        let text = store::to_text(&copy).unwrap();
        let path = records.join(format!("{}-Anna-Bo.toml", copy.saved_at));
        std::fs::write(&path, &text).unwrap();
        let sum = brade::checksum::fnv1a(text.as_bytes());
        std::fs::write(
            store::analysis::path_of(&path),
            format!("{head} {sum:016x} {body_sum}\n{body}"),
        )
        .unwrap();
        age(&path, Duration::from_secs(3600));
        age(&store::analysis::path_of(&path), Duration::from_secs(3600));
        made.push(path);
    }
    std::fs::remove_file(&paths[0]).unwrap();
    std::fs::remove_file(store::analysis::path_of(&paths[0])).unwrap();
    (dir, made)
}

#[test]
fn brade_stats_stays_short_with_a_long_history_and_gives_the_whole_series_on_request() {
    let (dir, paths) = history(60);
    let data = dir.path().to_str().unwrap();
    let out = common::brade(&["stats", "--data-dir", data], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines() {
        assert!(
            line.chars().count() <= 240,
            "{} characters: {line}",
            line.chars().count()
        );
    }
    let rate = text.lines().find(|l| l.contains("error rate")).unwrap();
    assert!(
        rate.contains(" over 60 matches; the last 10, oldest first: ")
            && rate.ends_with(" (all: brade stats --series)"),
        "{rate}"
    );
    // Every analysed match, a row each, oldest first, with each side's figures as the
    // analysis beside it gives them.
    let out = common::brade(&["stats", "--series", "--data-dir", data], None);
    assert!(out.status.success());
    let tsv = String::from_utf8(out.stdout).unwrap();
    let mut rows = tsv.lines();
    assert_eq!(
        rows.next().unwrap(),
        "saved_at\tdate\tgame\tdice\twhite\tblack\twhite_decisions\twhite_error_rate\tblack_decisions\tblack_error_rate\trecord"
    );
    let rows: Vec<Vec<&str>> = rows.map(|r| r.split('\t').collect()).collect();
    assert_eq!(rows.len(), 60);
    let game = store::restore::<brade::game::Brade>(&store::read_file(&paths[0]).unwrap())
        .unwrap()
        .game;
    let made = brade::ai::analysis::analyze(&game, |_, _| {}).unwrap();
    for (row, path) in rows.iter().zip(&paths) {
        assert_eq!(
            row[0],
            path.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .split('-')
                .next()
                .unwrap()
        );
        assert_eq!(&row[2..6], ["bräde", "drawn", "Anna", "Bo"]);
        assert_eq!(row[6], made.summary[0].decisions.to_string());
        assert_eq!(row[7], format!("{:.3}", made.summary[0].error_rate()));
        assert_eq!(row[9], format!("{:.3}", made.summary[1].error_rate()));
        assert_eq!(row[10], path.to_str().unwrap());
    }
}

#[test]
fn a_record_whose_turns_do_not_replay_is_listed_from_its_fields_and_refused_where_it_is_opened() {
    let (dir, paths) = archived(&[77]);
    // A turn's play made one the dice do not allow, the checksum made anew: its fields
    // still read, its turns no longer replay.
    let mut saved = store::read_file(&paths[0]).unwrap();
    let turn = &mut saved.game[0].turns[0];
    let dice = turn.split_once(' ').unwrap().0.to_string();
    *turn = format!("{dice} 1/24");
    std::fs::write(&paths[0], store::to_text(&saved).unwrap()).unwrap();
    assert!(store::restore::<brade::game::Brade>(&saved).is_err());
    let store = Store::at(dir.path());
    let list = store.list_summaries(|_, _| {});
    assert_eq!(names(&list), ["Anna v Bo"], "listed without a replay");
    // Opened: refused, and said.
    let mut app = App::new(Lang::En, Box::new(ScriptedDice::new(&[1])));
    app.job_done(brade::app::Done::RecordsListed(list));
    common::open(&mut app, brade::app::MenuItem::Records);
    app.handle(brade::app::Input::Key(brade::app::Key::Enter));
    assert!(matches!(app.screen(), brade::app::Screen::Records { .. }));
    let notice = app.notice().expect("said");
    assert!(notice.contains("game 1, turn 1"), "{notice}");
    let out = common::brade(&["export", paths[0].to_str().unwrap()], None);
    assert!(!out.status.success());
}
