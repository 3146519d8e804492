//! Sharing as backgammon players do (`brade::share`, `brade::backgammon::Xgid`): XGIDs
//! read and written, a decision as eXtreme Gammon's text, SVG pictures, and a match's
//! `.sgf` for GNU Backgammon.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

use brade::backgammon::{Position, Xgid};
use brade::rules::Color;
use brade::share::backgammon::head;

/// Each published head of `tests/data/xg/` (see its README for where each came from).
fn published() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xg");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect()
}

#[test]
fn published_xgids_read_to_the_positions_xg_drew_for_them() {
    let examples = published();
    assert_eq!(examples.len(), 6);
    for (name, text) in examples {
        let mut lines = text.lines();
        let xgid: Xgid = lines
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let to_do = text.lines().last().unwrap();
        // The head drawn again from the XGID alone: the board, pips, score and cube as XG
        // wrote them; and the XGID written back as it was.
        let ours = head(&xgid, ["Player 1", "Player 2"], to_do);
        assert_eq!(ours.trim_end(), text.trim_end(), "{name}");
    }
}

#[test]
fn the_start_with_x_on_roll_is_white_at_the_start_on_roll() {
    let xgid: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
        .parse()
        .unwrap();
    assert_eq!(xgid.position, Position::start(Color::White));
    assert_eq!(xgid.position.id(), "4HPwATDgc/ABMA");
}
