//! The records listed and counted at scale: `cargo bench --bench records` (release mode).
//!
//! Builds a data directory of 5 000 records (`RECORDS`), half seven-game bräde matches and
//! half five-point backgammon matches, each with its analysis beside it: a few distinct
//! matches (`DISTINCT` of each game, 6 by default) played by the computer at the easy
//! level from seeded dice and analysed by the judge, then copied with distinct dates (and
//! so distinct file names and checksums, each analysis naming its copy's checksum) — every
//! one a valid record that replays. Then it reports, per record: the listing from cold (no
//! index: every record read), warm (nothing changed), the statistics (the listing with
//! every analysis's figures) from cold and warm, the same of 20 of them, for the
//! comparison, and how long the Records and Statistics screens take to draw. `DIR=PATH`
//! keeps the directory there and reuses it on the next run (its matches are not played and
//! analysed again).

use std::path::{Path, PathBuf};
use std::time::Instant;

use brade::ai::{Level, Strategy};
use brade::app::{App, ComputerTurn, Done, Input, Key, Launch, MenuItem};
use brade::backgammon::Stakes;
use brade::brade::RuleSet;
use brade::game::{Backgammon, Brade, CubeAction};
use brade::rules::Roll;
use brade::session::{DiceSource as _, Match, Phase, SeededDice, match_seed};
use brade::store::format::DiceRecord;
use brade::store::{SavedMatch, Store};

/// The computer's cube action in `game` (the side to roll may double, or has doubled when
/// `doubled`): before its roll `Double` or nothing, answering `Take` or `Drop`.
type CubeChoice<G> = fn(&Match<G>, Level, bool) -> Option<CubeAction>;

/// Backgammon's cube, as the computer decides it at `level`.
fn backgammon_cube(game: &Match<Backgammon>, level: Level, doubled: bool) -> Option<CubeAction> {
    let d = brade::ai::backgammon::game::cube_decision(
        &game.position,
        &game.stake,
        &game.score,
        game.rules,
        level,
    );
    match doubled {
        true if d.take => Some(CubeAction::Take),
        true => Some(CubeAction::Drop),
        false => d.doubles().then_some(CubeAction::Double),
    }
}

/// A match of `length` played to its end by the computer at `level` on both sides, its
/// dice drawn from `seed` as the game draws them, its cube turned by `cube`; saved as a
/// record at `saved_at`.
fn played<G: Strategy>(
    (length, rules): (u32, G::Rules),
    seed: u64,
    level: Level,
    saved_at: u64,
    cube: CubeChoice<G>,
) -> SavedMatch {
    let names = ["Anna".to_string(), "Bo".to_string()];
    let mut game: Match<G> = Match::new(&names[0], &names[1], length).by_rules(rules);
    let mut dice = SeededDice::from_seed(match_seed(seed, length, &names, rules));
    let mut drawn = 0;
    let mut turns = 0u64;
    let answer = |game: &Match<G>, doubled| cube(game, level, doubled);
    loop {
        match game.phase.clone() {
            Phase::Teka { .. } => {
                drawn += 2;
                let (w, b) = (dice.die(), dice.die());
                game.teka(w, b);
            }
            Phase::AwaitRoll if game.may_double() && answer(&game, false) == Some(CubeAction::Double) => {
                game.double();
            }
            Phase::Doubled { .. } => {
                if answer(&game, true) == Some(CubeAction::Drop) {
                    game.drop_double();
                } else {
                    game.take_double();
                }
            }
            Phase::AwaitRoll => {
                drawn += 2;
                let (a, b) = (dice.die(), dice.die());
                game.roll(Roll::new(a, b).expect("dice from 1 to 6"));
            }
            Phase::Forfeit(_) => game.pass(),
            Phase::Moving(_) => {
                turns += 1;
                let turn = ComputerTurn::of(&game, level).expect("a turn in progress");
                let play = turn.choose(seed.wrapping_mul(1_000_003).wrapping_add(turns));
                let moving = game.turn_mut().expect("a turn in progress");
                G::play_text(moving, &play.to_string()).expect("the computer's play is legal");
                game.confirm().expect("a whole play");
            }
            Phase::GameOver { .. } => game.next_game(),
            Phase::MatchOver => break,
        }
    }
    let dice = DiceRecord {
        seed: Some(seed),
        drawn,
        ..DiceRecord::default()
    };
    SavedMatch::of(&game, dice, [Some(level), Some(level)], saved_at)
}

/// `count` distinct records of each game in `dir`'s records, each analysed.
fn originals(dir: &Path, count: u64) -> Vec<PathBuf> {
    let store = Store::at(dir);
    let mut paths = Vec::new();
    for i in 0..count {
        let at = 1_700_000_000 + i;
        let brade = played::<Brade>((7, RuleSet::default()), 100 + i, Level::Easy, at, |_, _, _| None);
        paths.push(store.archive(&brade).expect("the record is written"));
        let bg = played::<Backgammon>((5, Stakes::default()), 200 + i, Level::Easy, at, backgammon_cube);
        paths.push(store.archive(&bg).expect("the record is written"));
        eprintln!("played {} of {count} matches of each game", i + 1);
    }
    let started = Instant::now();
    let analysed = brade::store::analysis::analyse_records(&paths, |_, _| {});
    assert_eq!(analysed, paths.len(), "every original is analysed");
    eprintln!(
        "analysed {} records in {:.1} s",
        paths.len(),
        started.elapsed().as_secs_f64()
    );
    paths
}

/// The analysis text `text` of one record, made to name the record whose bytes have `sum`.
fn renamed_analysis(text: &str, sum: u64) -> String {
    let (first, body) = text.split_once('\n').expect("a first line");
    let mut words: Vec<&str> = first.split(' ').collect();
    let at = words.len() - 2;
    let sum = format!("{sum:016x}");
    words[at] = &sum;
    format!("{}\n{body}", words.join(" "))
}

/// Fills `dir`'s records with `total` copies of `originals` (taken in turn), each with a
/// date of its own and its analysis; the originals are removed.
fn copies(dir: &Path, originals: &[PathBuf], total: usize) {
    let records = Store::at(dir).records();
    for i in 0..total {
        let from = &originals[i % originals.len()];
        let text = std::fs::read_to_string(from).expect("the original reads");
        let mut saved = brade::store::parse(&text).expect("the original parses");
        saved.saved_at = 1_600_000_000 + 600 * i as u64;
        let body = brade::store::to_text(&saved).expect("the copy's text");
        let name = format!("{}-{}-{}.toml", saved.saved_at, saved.white, saved.black);
        let path = records.join(&name);
        std::fs::write(&path, &body).expect("the copy is written");
        let analysis = std::fs::read_to_string(from.with_extension("analysis")).expect("the analysis reads");
        let sum = brade::checksum::fnv1a(body.as_bytes());
        std::fs::write(path.with_extension("analysis"), renamed_analysis(&analysis, sum))
            .expect("the analysis is written");
    }
    for from in originals {
        std::fs::remove_file(from).expect("the original is removed");
        std::fs::remove_file(from.with_extension("analysis")).expect("its analysis is removed");
    }
}

/// Seconds a call of `f` takes, and what it returned.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = f();
    (start.elapsed().as_secs_f64(), out)
}

/// Microseconds a draw of the app's screen takes at 80×24 (the best of 20).
fn draw_time(app: &App) -> f64 {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("a test terminal");
    (0..20)
        .map(|_| timed(|| terminal.draw(|f| brade::ui::draw(f, app)).map(|_| ())).0)
        .fold(f64::INFINITY, f64::min)
        * 1e6
}

/// The Records and the Statistics screens of the app, given `dir`'s records: microseconds
/// a draw of each takes, and how long the figures take to count once the records are in.
fn screens(dir: &Path) -> [f64; 3] {
    let store = Store::at(dir);
    let mut app = App::launch(Launch::default());
    app.job_done(Done::RecordsListed(store.list_summaries(|_, _| {})));
    let choose = |app: &mut App, item: MenuItem| {
        let at = app.menu().iter().position(|&m| m == item).expect("offered");
        app.handle(Input::Choose(at));
    };
    choose(&mut app, MenuItem::Records);
    // The last page: the rows shown are the last records'.
    app.handle(Input::Key(Key::End));
    let records = draw_time(&app);
    app.handle(Input::Key(Key::Esc));
    choose(&mut app, MenuItem::Statistics);
    let list = store.list_records(|_, _| {});
    let (counting, ()) = timed(|| app.job_done(Done::Records(list)));
    let statistics = draw_time(&app);
    [records, statistics, counting * 1e6]
}

/// The listing and the statistics of `dir`'s records, cold (no index) and warm: how many
/// records, and microseconds per record of each.
fn measure(dir: &Path) -> (usize, [f64; 4]) {
    let store = Store::at(dir);
    let index = store.records().join("index");
    let _ = std::fs::remove_file(&index);
    let (cold_list, list) = timed(|| store.list_summaries(|_, _| {}));
    let n = list.len();
    assert!(list.iter().all(|e| e.summary.is_ok()), "every record is accepted");
    let (warm_list, _) = timed(|| store.list_summaries(|_, _| {}));
    let statistics = |store: &Store| {
        let records = store.list_records(|_, _| {});
        assert!(
            brade::store::unanalysed(&records).is_empty(),
            "every analysis is accepted"
        );
        let (table, _) = brade::store::stats::of_records(&records);
        table.values().map(std::collections::BTreeMap::len).sum::<usize>()
    };
    let _ = std::fs::remove_file(&index);
    let (cold_stats, _) = timed(|| statistics(&store));
    let (warm_stats, _) = timed(|| statistics(&store));
    let per = |secs: f64| secs * 1e6 / n as f64;
    (
        n,
        [per(cold_list), per(warm_list), per(cold_stats), per(warm_stats)],
    )
}

fn main() {
    let total: usize = std::env::var("RECORDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5_000);
    let distinct: u64 = std::env::var("DISTINCT")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6);
    let temp = tempfile::tempdir().expect("a temporary directory");
    let dir = std::env::var_os("DIR").map_or_else(|| temp.path().to_path_buf(), PathBuf::from);
    let small = temp.path().join("small");
    let big = dir.join("big");
    let records = Store::at(&big).records();
    let have = std::fs::read_dir(&records).map_or(0, |d| {
        d.filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
            .count()
    });
    if have != total {
        let _ = std::fs::remove_dir_all(&big);
        let made = originals(&big, distinct);
        copies(&big, &made, total);
    }
    // The first 20 records, for the comparison.
    let mut names: Vec<PathBuf> = std::fs::read_dir(&records)
        .expect("the records")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    names.sort();
    let small_records = Store::at(&small).records();
    std::fs::create_dir_all(&small_records).expect("the small directory");
    for p in names.iter().take(20) {
        let to = small_records.join(p.file_name().expect("a name"));
        std::fs::copy(p, &to).expect("copied");
        std::fs::copy(p.with_extension("analysis"), to.with_extension("analysis")).expect("copied");
    }
    if std::env::var_os("ONLY_BUILD").is_some() {
        return;
    }
    // The records' files were just written: they settle before the stamps are trusted.
    std::thread::sleep(std::time::Duration::from_secs(3));
    for dir in [&small, &big] {
        let (n, [cold_list, warm_list, cold_stats, warm_stats]) = measure(dir);
        println!(
            "{n:>5} records: listing cold {cold_list:7.1} µs, warm {warm_list:5.1} µs a record; \
             statistics cold {cold_stats:7.1} µs, warm {warm_stats:5.1} µs a record"
        );
        let [records, statistics, counting] = screens(dir);
        println!(
            "{n:>5} records: a draw of the Records screen {records:5.0} µs, of the Statistics screen \
             {statistics:5.0} µs (its figures counted once: {counting:6.0} µs)"
        );
    }
}
