//! A match played with manual dice is marked wherever it is shown. Such a record cannot
//! prove its dice — a seeded record rewritten as one (the seed line removed,
//! `manual_dice = true`, every roll declared typed, the checksum made anew) is accepted —,
//! so the listing, the Records screen, the replay's header, the transcript, the `.mat`
//! export and the statistics say which matches had typed dice.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::path::{Path, PathBuf};

use brade::app::{Done, Input, Key, Launch, MenuItem};
use brade::session::ScriptedDice;
use brade::store::{self, Store};
use brade::words::Lang;
use common::advance;

/// The text of the seeded record `text` rewritten as a match of manual dice, as a forger
/// would: the seed line removed, every die drawn declared typed, every roll listed as
/// typed, `manual_dice = true`, and the checksum made anew.
fn as_manual(text: &str) -> String {
    let (_, body) = text.split_once('\n').unwrap();
    let drawn: u64 = body
        .lines()
        .find_map(|l| l.strip_prefix("dice_drawn = "))
        .unwrap()
        .parse()
        .unwrap();
    let rolls: Vec<String> = (0..drawn / 2).map(|r| r.to_string()).collect();
    let body: String = body
        .lines()
        .filter(|l| !l.starts_with("seed = "))
        .map(|l| match l {
            l if l.starts_with("dice_drawn = ") => "dice_drawn = 0".to_string(),
            "dice_typed = 0" => format!("dice_typed = {drawn}"),
            "typed_rolls = []" => format!("typed_rolls = [{}]", rolls.join(", ")),
            "manual_dice = false" => "manual_dice = true".to_string(),
            l => l.to_string(),
        })
        .map(|l| l + "\n")
        .collect();
    assert!(
        body.contains("manual_dice = true") && !body.contains("seed ="),
        "{body}"
    );
    format!(
        "# brade save, checksum fnv1a64 {:016x}\n{body}",
        brade::checksum::fnv1a(body.as_bytes())
    )
}

/// A finished seeded one-game bräde match between Anna and Bo, as the app saves it.
fn brade_match() -> store::SavedMatch {
    let mut app = common::with_match(Lang::En, Box::new(ScriptedDice::new(&[1])), "Anna", "Bo", 1);
    app.seed_dice(77, 0);
    while advance(&mut app) {}
    app.snapshot().unwrap()
}

/// A data directory with `saved` archived and, saved a minute later, its copy rewritten as
/// a match of manual dice: the two records' paths, the seeded one first.
fn with_forgery(saved: &store::SavedMatch) -> (tempfile::TempDir, [PathBuf; 2]) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let seeded = store.archive(saved).unwrap();
    let mut later = saved.clone();
    later.saved_at += 60;
    let text = as_manual(&store::to_text(&later).unwrap());
    let forged = store.records().join(format!("{}-Anna-Bo.toml", later.saved_at));
    std::fs::write(&forged, text).unwrap();
    (dir, [seeded, forged])
}

fn run(args: &[&str]) -> String {
    let out = common::brade(args, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_seeded_record_rewritten_as_manual_dice_is_accepted_and_marked_in_the_listing() {
    let bg = common::bg::play(3, 5, 4).2;
    for saved in [brade_match(), bg] {
        let (dir, [seeded, forged]) = with_forgery(&saved);
        // Accepted: nothing in it can tell.
        let read = store::read_file(&forged).unwrap();
        assert!(read.manual_dice && read.seed.is_none());
        assert!(store::restore_any(&read).is_ok());
        let data = dir.path().to_str().unwrap();
        for (lang, mark) in [("en", "manual dice"), ("sv", "egna tärningar")] {
            let text = run(&["records", "--lang", lang, "--data-dir", data]);
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 2, "{text}");
            let line_of = |path: &Path| {
                *lines
                    .iter()
                    .find(|l| l.starts_with(path.to_str().unwrap()))
                    .unwrap()
            };
            let (plain, marked) = (line_of(&seeded), line_of(&forged));
            assert!(!plain.contains(mark), "{plain}");
            assert_eq!(
                marked.split('\t').count(),
                plain.split('\t').count() + 1,
                "{marked}"
            );
            assert!(marked.ends_with(&format!("\t{mark}")), "{marked}");
        }
    }
}

#[test]
fn the_transcript_says_the_dice_were_typed_and_is_otherwise_the_same() {
    let (_dir, [seeded, forged]) = with_forgery(&brade_match());
    for (lang, said) in [
        ("en", "Dice: manual — typed in by the players, not drawn by brade"),
        (
            "sv",
            "Tärningar: egna — inskrivna av spelarna, inte dragna av brade",
        ),
    ] {
        let plain = run(&["export", "--lang", lang, seeded.to_str().unwrap()]);
        let marked = run(&["export", "--lang", lang, forged.to_str().unwrap()]);
        assert!(!plain.contains(said));
        let lines: Vec<&str> = marked.lines().collect();
        assert_eq!(lines[2], said, "{marked}");
        // But for that line and the date (saved a minute later), the same transcript.
        let without: Vec<&str> = lines.iter().copied().filter(|l| *l != said).skip(2).collect();
        let plain: Vec<&str> = plain.lines().skip(2).collect();
        assert_eq!(without, plain);
    }
}

#[test]
fn the_mat_export_carries_manual_dice_in_a_comment_line_and_is_otherwise_the_same() {
    let (_dir, [seeded, forged]) = with_forgery(&common::bg::play(3, 5, 4).2);
    let plain = run(&["export", "--mat", seeded.to_str().unwrap()]);
    let marked = run(&["export", "--mat", forged.to_str().unwrap()]);
    // A line that begins with `;` before the match's header: GNU Backgammon's import
    // takes it as a comment (and keeps it as the match's).
    assert_eq!(
        marked,
        format!("; Dice: manual — typed in by the players, not drawn by brade\n{plain}")
    );
    assert!(plain.starts_with(" 3 point match"), "{plain}");
}

#[test]
fn the_records_screen_and_the_replay_header_mark_manual_dice() {
    let (dir, [_, forged]) = with_forgery(&brade_match());
    let store = Store::at(dir.path());
    for (lang, mark) in [(Lang::En, "manual dice"), (Lang::Sv, "egna tärningar")] {
        let mut app = common::launched(lang, Launch::default());
        let _ = common::records_listing(&mut app);
        app.job_done(Done::RecordsListed(store.list_summaries(|_, _| {})));
        common::open(&mut app, MenuItem::Records);
        let text = common::screen(&common::draw(&app, 100, 24));
        let rows: Vec<&str> = text.lines().filter(|l| l.contains("Anna – Bo")).collect();
        assert_eq!(rows.len(), 2, "{text}");
        // Newest first: the forgery, saved later, on top.
        assert!(rows[0].contains(mark) && !rows[1].contains(mark), "{text}");
        // The forgery replayed: its header says so.
        app.handle(Input::Key(Key::Enter));
        assert!(
            app.replay_of::<brade::game::Brade>()
                .is_some_and(|r| r.file.as_deref() == Some(forged.as_path()))
        );
        let text = common::screen(&common::draw(&app, 100, 30));
        // (The side panel's title, on its top border.)
        assert!(text.lines().next().unwrap().contains(mark), "{text}");
        // The seeded one's does not.
        app.handle(Input::Key(Key::Esc));
        app.handle(Input::Key(Key::Down));
        app.handle(Input::Key(Key::Enter));
        assert!(
            app.replay_of::<brade::game::Brade>()
                .is_some_and(|r| r.file.as_deref() != Some(forged.as_path()))
        );
        let text = common::screen(&common::draw(&app, 100, 30));
        assert!(!text.contains(mark), "{text}");
    }
}

#[test]
fn the_statistics_count_manual_dice_matches_and_give_the_rate_without_them() {
    let saved = brade_match();
    let (dir, [seeded, forged]) = with_forgery(&saved);
    // The seeded record analysed; the forgery's analysis is the same match's, naming it.
    assert_eq!(
        store::analysis::analyse_records(std::slice::from_ref(&seeded), |_, _| {}),
        1
    );
    let analysis = std::fs::read_to_string(store::analysis::path_of(&seeded)).unwrap();
    let (first, body) = analysis.split_once('\n').unwrap();
    let (head, body_sum) = first.rsplit_once(' ').unwrap();
    let head = head.rsplit_once(' ').unwrap().0;
    let sum = brade::checksum::fnv1a(&std::fs::read(&forged).unwrap());
    std::fs::write(
        store::analysis::path_of(&forged),
        format!("{head} {sum:016x} {body_sum}\n{body}"),
    )
    .unwrap();
    let game = store::restore::<brade::game::Brade>(&saved).unwrap().game;
    let rates = brade::ai::analysis::analyze(&game, |_, _| {}).unwrap().summary;
    let data = dir.path().to_str().unwrap();
    let text = run(&["stats", "--data-dir", data]);
    for (name, side) in [("Anna", 0), ("Bo", 1)] {
        let block = text.split(&format!("{name}: ")).nth(1).unwrap();
        let line = block.lines().find(|l| l.contains("manual dice")).unwrap();
        let without = format!(
            "  manual dice: 1 of 2 matches; error rate without them {:.1} ‰ of a point a decision (",
            rates[side].error_rate()
        );
        assert!(line.starts_with(&without), "{line}");
    }
    // The series says which match had typed dice.
    let tsv = run(&["stats", "--series", "--data-dir", data]);
    let dice: Vec<&str> = tsv
        .lines()
        .skip(1)
        .map(|r| r.split('\t').nth(3).unwrap())
        .collect();
    assert_eq!(dice, ["drawn", "manual"]);
    // And the Statistics screen, in both languages.
    let store = Store::at(dir.path());
    for (lang, mark) in [
        (Lang::En, "manual dice: 1 of 2 matches"),
        (Lang::Sv, "egna tärningar: 1 av 2 matcher"),
    ] {
        let mut app = common::launched(lang, Launch::default());
        let _ = common::records_listing(&mut app);
        app.job_done(Done::Records(store.list_records(|_, _| {})));
        common::open(&mut app, MenuItem::Statistics);
        let text = common::screen(&common::draw(&app, 100, 30));
        assert_eq!(text.matches(mark).count(), 2, "{text}");
    }
}
