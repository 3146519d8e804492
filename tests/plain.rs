//! Plain-text mode (`brade play --plain`): a match played from sentences and typed
//! commands alone. Golden transcripts for fixed seeds and input (a hot-seat bräde game in
//! English and in Swedish, a backgammon game with a double and a take, a computer
//! match), checked byte for byte; no escape byte in any of them; and every turn a
//! transcript tells checked against the match the program saved — the record replayed
//! by the store, apart from the sentences.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::game::{Backgammon, Brade};
use brade::store::{read_file, restore};

/// A backgammon match to 3 points between Anna and Bo, dice seeded 3.
const BACKGAMMON_TO_3: [&str; 10] = [
    "--game",
    "backgammon",
    "--points",
    "3",
    "--seed",
    "3",
    "--white",
    "Anna",
    "--black",
    "Bo",
];

/// The binary run in plain text in a fresh data directory, with `input`: its output, and
/// the data directory (kept while the output is checked).
fn plain(args: &[&str], input: &str) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let text = plain_in(dir.path(), args, input);
    (text, dir)
}

/// The binary run in plain text with the data directory and settings in `dir`.
fn plain_in(dir: &std::path::Path, args: &[&str], input: &str) -> String {
    let data = dir.join("data");
    let config = dir.join("config.toml");
    let mut all = vec![
        "--data-dir",
        data.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
        "play",
        "--plain",
    ];
    all.extend_from_slice(args);
    let out = common::brade(&all, Some(input));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// `text` against the golden transcript `name` in `tests/data/plain/` (written there when
/// `BRADE_BLESS` is set, for a change of the words made on purpose).
fn golden(name: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/plain")
        .join(name);
    if std::env::var_os("BRADE_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, expected, "{name}: the transcript changed");
    assert!(
        !text.bytes().any(|b| b == 0x1b),
        "{name}: an escape byte in plain text"
    );
}

/// The turns a transcript tells, `(roll, play)` in order ("X rolls 6-3 and plays 13/7
/// 13/10.", "X rolls 5-5 and cannot move.").
fn told_turns(text: &str) -> Vec<(String, String)> {
    text.lines()
        // (`last` says an event again, after "Last:".)
        .filter(|l| !l.starts_with("Last: ") && !l.starts_with("Senast: "))
        .filter_map(|l| {
            let (_, rest) = l.split_once(" rolls ").or_else(|| l.split_once(" slår "))?;
            let (roll, rest) = rest.split_once(' ')?;
            let b = roll.as_bytes();
            if !(b.len() == 3 && b[0].is_ascii_digit() && b[1] == b'-' && b[2].is_ascii_digit()) {
                return None;
            }
            let play = rest
                .strip_prefix("and plays ")
                .or_else(|| rest.strip_prefix("och spelar "))
                .map_or("-".to_string(), |p| p.trim_end_matches('.').to_string());
            Some((roll.replace('-', ""), play))
        })
        .collect()
}

/// The turns of the match saved in `dir` (the record, or the match in progress), as the
/// store replays them: `(roll, play)` in order, `-` for a forfeited roll.
fn saved_turns<G: brade::store::GameErrors>(dir: &std::path::Path) -> Vec<(String, String)> {
    let files: Vec<_> = ["data/records", "data/matches"]
        .iter()
        .flat_map(|d| std::fs::read_dir(dir.join(d)).into_iter().flatten())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    assert_eq!(files.len(), 1, "one match saved: {files:?}");
    let game = restore::<G>(&read_file(&files[0]).unwrap()).unwrap().game;
    game.log
        .iter()
        .flat_map(|g| g.turns.iter())
        .map(|(roll, play)| {
            let dice = roll.dice();
            let text = play.to_string();
            (
                format!("{}{}", dice.0, dice.1),
                if brade::game::Steps::steps(play).is_empty() {
                    "-".to_string()
                } else {
                    text
                },
            )
        })
        .collect()
}

#[test]
fn a_computer_match_in_plain_text_prints_the_whole_match_and_ends() {
    let (text, dir) = plain(
        &[
            "--white", "computer", "--black", "computer", "--pace", "0", "--games", "1", "--seed", "11",
        ],
        "",
    );
    assert!(text.trim_end().ends_with("The match is over."), "{text}");
    assert_eq!(told_turns(&text), saved_turns::<Brade>(dir.path()));
    // Recorded, once, and nothing left in progress.
    assert_eq!(
        std::fs::read_dir(dir.path().join("data/records"))
            .unwrap()
            .count(),
        1
    );
    golden("computer-brade.txt", &text);
    // The same seed, the same match, the same words.
    let (again, _) = plain(
        &[
            "--white", "computer", "--black", "computer", "--pace", "0", "--games", "1", "--seed", "11",
        ],
        "",
    );
    assert_eq!(again, text);
}

/// A hot-seat bräde game's input: the board, the plays listed, a play by its number, a
/// move the roll cannot make, a part of a play, a play typed whole, the score, the pips,
/// the last event, the help, a word that is no command, and the end of the input.
const HOT_SEAT: &str = "board\nmoves\n1\n1/5\n1/4\n1/4 4/7 1/4 7/10\nscore\npips\nlast\nhelp\nfly\n";

#[test]
fn a_hot_seat_brade_game_is_played_from_sentences_and_commands_in_english() {
    let (text, dir) = plain(&["--seed", "7", "--white", "Anna", "--black", "Bo"], HOT_SEAT);
    assert!(
        text.contains("\n1/5: no unused die takes a checker from 1 to 5\n"),
        "{text}"
    );
    assert!(text.contains("That is not a whole play of 3-3"), "{text}");
    assert!(
        text.contains("Anna (White) rolls 3-3 and plays 1/4 4/7 1/4 7/10."),
        "{text}"
    );
    assert!(
        text.contains("cannot read the play: \"fly\" is not a move"),
        "{text}"
    );
    assert!(text.contains("The match is saved"), "{text}");
    assert_eq!(told_turns(&text), saved_turns::<Brade>(dir.path()));
    golden("hot-seat-brade-en.txt", &text);
}

#[test]
fn a_hot_seat_brade_game_is_played_from_sentences_and_commands_in_swedish() {
    let (text, dir) = plain(
        &["--seed", "7", "--white", "Anna", "--black", "Bo", "--lang", "sv"],
        "bräde\ndrag\n1\nställning\nhjälp\n",
    );
    assert!(text.contains("Skriv hjälp för kommandona"), "{text}");
    assert_eq!(told_turns(&text), saved_turns::<Brade>(dir.path()));
    golden("hot-seat-brade-sv.txt", &text);
}

#[test]
fn a_backgammon_game_with_a_double_and_a_take_is_played_in_plain_text() {
    let (text, dir) = plain(&BACKGAMMON_TO_3, "1\ndouble\ntake\n3\nboard\nscore\n");
    assert!(text.contains("Anna (White) doubles to 2."), "{text}");
    assert!(text.contains("Bo (Black) takes — the cube at 2."), "{text}");
    assert_eq!(told_turns(&text), saved_turns::<Backgammon>(dir.path()));
    golden("backgammon-double.txt", &text);
    // Resumed where it was, in plain text too.
    let resumed = plain_in(dir.path(), &["--resume"], "score\n");
    // The match so far told again, then where it stands.
    assert!(resumed.contains("Anna (White) doubles to 2."), "{resumed}");
    assert!(resumed.contains("(match to 3)"), "{resumed}");
}

#[test]
fn with_manual_dice_the_rolls_are_typed_in_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "manual_dice = true\n").unwrap();
    let text = plain_in(
        dir.path(),
        &["--white", "Anna", "--black", "Bo"],
        "53\n31\n1/4 1/2\n64\n",
    );
    assert!(text.contains("Type the opening roll"), "{text}");
    assert!(text.contains("Bo (Black) rolls 3-1 and plays 1/4 1/2."), "{text}");
    assert!(
        text.contains("Anna (White) to play 6-4."),
        "the roll typed is played: {text}"
    );
    assert_eq!(told_turns(&text), saved_turns::<Brade>(dir.path()));
}

#[test]
fn the_hint_and_the_rules_are_read_in_plain_text() {
    let (text, _dir) = plain(
        &["--seed", "7", "--white", "Anna", "--black", "Bo"],
        "hint\nrules\nrules bear-off\nrules 4\nrules tavla\n",
    );
    // The hint: the roll's plays weighed, the best first.
    assert!(
        text.contains("best plays") && text.contains("1/7 1/3 ("),
        "{text}"
    );
    // The sections listed as the help opens in a bräde match (the keys, then bräde's
    // rules), then one by a word of its heading and one by its number.
    assert!(
        text.contains("\n1. Keys here: a match\n2. Bräde in short"),
        "{text}"
    );
    assert!(
        text.contains("\nBear-off (hemspel)\nYou may bear off only"),
        "{text}"
    );
    assert!(text.contains("\nStarting\n"), "{text}");
    assert!(text.contains("No section of the rules is \"tavla\""), "{text}");
    assert!(!text.bytes().any(|b| b == 0x1b));
    // In a backgammon match backgammon's rules come before bräde's.
    let (text, _dir) = plain(&BACKGAMMON_TO_3, "rules\n");
    assert!(text.contains("\n1. Keys here: a match\n2. Backgammon"), "{text}");
}

#[test]
fn a_resignation_is_offered_and_answered_in_plain_text() {
    // Backgammon offers three things to give up: listed, a wrong number refused, an offer
    // declined (after an answer that is neither), another accepted.
    let (text, _dir) = plain(
        &BACKGAMMON_TO_3,
        "resign\nresign 4\nresign 2\nmaybe\nno\nresign 1\nyes\nscore\n",
    );
    for line in [
        "What does Bo (Black) give up?",
        "resign 2: a gammon — 2 points",
        "There is nothing to give up numbered 4: type resign and a number from 1 to 3.",
        "Bo (Black) offers to resign a gammon — 2 points. Anna (White): accept? Type yes or no.",
        "\"maybe\" is not an answer: type yes to accept the resignation or no to play on.",
        "Bo (Black) offers to resign a gammon — declined.",
        "Bo (Black) resigns a single game — accepted.",
        "Anna (White): A single game — 1 point. Anna leads 1–0 (match to 3).",
    ] {
        assert!(text.lines().any(|l| l == line), "missing {line:?} in\n{text}");
    }
    // Bräde gives up the game only: `ge upp` offers it at once, in Swedish.
    let (text, _dir) = plain(
        &["--seed", "3", "--white", "Anna", "--black", "Bo", "--lang", "sv"],
        "ge upp\nja\n",
    );
    assert!(text.contains("Anna (vit) ger upp partiet — godtaget."), "{text}");
    assert!(text.contains("Bo leder på poäng, 1–0."), "{text}");
}

#[test]
fn the_first_line_names_rules_other_than_the_default_as_the_board_header_does() {
    let first = |args: &[&str]| {
        plain(args, "quit\ny\n")
            .0
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    assert!(first(&[]).starts_with("Bräde, 3 games:"), "{}", first(&[]));
    let named = first(&["--rules", "wikipedia-a"]);
    assert!(named.starts_with("Bräde (Wikipedia (a)), 3 games:"), "{named}");
    // Switches of one's own are said as `--rules` takes them, so that they can be read.
    let own = first(&["--lang", "sv", "--rules", "entry-burst=none"]);
    assert!(
        own.starts_with("Bräde (Egna regler: entry-burst=none), 3 partier:"),
        "{own}"
    );
}
