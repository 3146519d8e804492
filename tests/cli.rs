//! The `brade` command line, run as a real process.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use common::brade;

use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn sorted_lines(text: &str) -> Vec<&str> {
    let mut v: Vec<&str> = text.lines().collect();
    v.sort_unstable();
    v
}

#[test]
fn moves_prints_play_result_and_outcome_separated_by_tabs() {
    let o = brade(&["moves", "1x15/1x15/w", "53"], None);
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(
        sorted_lines(&text),
        ["1/6 1/4\t1x13,4,6/1x15/b\t-", "1/6 6/9\t1x14,9/1x15/b\t-"],
    );
    // The same roll written other ways.
    assert_eq!(stdout(&brade(&["moves", "1x15/1x15/w", "5-3"], None)), text);
    assert_eq!(stdout(&brade(&["moves", "1x15/1x15/w", "5", "3"], None)), text);
    assert_eq!(stdout(&brade(&["moves", "1x15/1x15/w", "3 5"], None)), text);
}

#[test]
fn moves_prints_a_forfeited_roll_and_outcomes() {
    let o = brade(&["moves", "20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/w", "44"], None);
    assert_eq!(stdout(&o), "-\t20,21x4,22x5,23x5/12x2,19x5,20x4,21x4/b\t-\n");
    let o = brade(&["moves", "19/9,13x14/w", "62"], None);
    assert_eq!(
        sorted_lines(&stdout(&o)),
        [
            "19/21* 21/off\t-/0,13x14/b\themspel+munk",
            "19/off\t-/9,13x14/b\themspel"
        ]
    );
    // A code starting with '-' is a position, not an option (and this one's game is over).
    let o = brade(&["moves", "-/1x15/w", "11"], None);
    assert!(stderr(&o).contains("game is already over"), "{}", stderr(&o));
}

#[test]
fn moves_stdin_answers_each_line_with_a_block_and_goes_on_after_errors() {
    let input =
        "1x15/1x15/w 53\n\nnonsense\n1x15/1x15/b 6-6\n1x15/1x16/w 53\n1x15/1x15/w 5 3\r\n1x15/1x15/w 57";
    let o = brade(&["moves", "--stdin"], Some(input));
    assert!(o.status.success());
    let text = stdout(&o);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 8, "{text}");
    assert_eq!(blocks[7], "");
    assert_eq!(blocks[0].lines().count(), 2);
    for i in [1, 2, 4, 6] {
        assert!(
            blocks[i].starts_with("error: ") && blocks[i].lines().count() == 1,
            "block {i}: {}",
            blocks[i]
        );
    }
    assert!(
        blocks[4].contains("15"),
        "the message names the problem: {}",
        blocks[4]
    );
    assert_eq!(blocks[3], "1/7\t1x15/1x14,7/w\t-");
    assert_eq!(blocks[5], blocks[0]);
}

#[test]
fn moves_stdin_answers_every_one_of_thousands_of_queries_in_one_run() {
    // (Its speed on 100 000 queries is measured by `cargo bench --bench queries`.)
    const QUERIES: usize = 5_000;
    let mut queries = Vec::new();
    for seed in 0..400u64 {
        let (p, _) = common::random_position(seed, (seed % 60) as usize);
        queries.push(p.code());
    }
    let rolls = brade::rules::Roll::all();
    let mut input = String::new();
    for i in 0..QUERIES {
        input.push_str(&format!(
            "{} {}\n",
            queries[i % queries.len()],
            rolls[i % rolls.len()]
        ));
    }
    let o = brade(&["moves", "--stdin"], Some(&input));
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(text.matches("\n\n").count(), QUERIES);
    assert!(!text.contains("error"));
}

#[test]
fn perft_prints_the_count_on_the_last_line_and_time_on_request() {
    let o = brade(&["perft", "1x15/1x15/w", "2"], None);
    assert_eq!(stdout(&o), "1526\n");
    let o = brade(&["perft", "1x15/1x15/w", "2", "--time"], None);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "1526");
    assert!(lines[1].contains("leaf plays/s"), "{}", lines[1]);
}

#[test]
fn bad_arguments_exit_with_status_2_and_one_line_on_stderr() {
    let cases: &[&[&str]] = &[
        &["moves", "1x15/1x15/w", "70"],
        &["moves", "1x15/1x15/q", "53"],
        &["moves", "1x15/1x15/w"],
        &["moves"],
        &["moves", "1x15/1x15/w", "53", "--stdin"],
        &["perft", "1x15/1x15/w", "two"],
        &["perft", "2x15/1x15/w", "2"],
        &["perft"],
        &["frobnicate"],
        &["--no-such-flag"],
    ];
    for args in cases {
        let o = brade(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
            "{args:?}: {err}"
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_documents_every_command() {
    let o = brade(&["--help"], None);
    assert!(o.status.success());
    let text = stdout(&o);
    for word in ["moves", "perft", "WHITE/BLACK/TURN"] {
        assert!(text.contains(word), "{word} missing from --help");
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

#[test]
fn perft_refuses_a_depth_beyond_its_maximum_with_a_clear_error() {
    for depth in ["9", "60000", "4294967295"] {
        let o = brade(&["perft", "1x15/1x15/w", depth], None);
        assert_eq!(o.status.code(), Some(2), "{depth}");
        assert!(stderr(&o).contains("too deep: at most 8"), "{}", stderr(&o));
    }
}

#[test]
fn a_position_whose_game_is_over_is_reported_as_over_by_every_command() {
    for (args, stdin) in [
        (vec!["moves", "1x15/-/w", "53"], None),
        (vec!["moves", "-/1x15/b", "53"], None),
        (vec!["perft", "-/13x15/w", "2"], None),
        (vec!["eval", "1x15/-/b"], None),
    ] {
        let o = brade(&args, stdin);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains("game is already over"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    for command in ["--stdin", ""] {
        let args: Vec<&str> = if command.is_empty() {
            vec!["bot"]
        } else {
            vec!["moves", command]
        };
        let o = brade(&args, Some("1x15/-/w 53\n1x15/1x15/w 53\n"));
        assert!(o.status.success());
        let text = stdout(&o);
        assert!(
            text.lines()
                .next()
                .unwrap()
                .starts_with("error: the game is already over"),
            "{text}"
        );
        assert!(
            text.contains("1x13,4,6/1x15/b") || text.contains("1x14,9/1x15/b"),
            "{text}"
        );
    }
}

#[test]
fn overlong_input_lines_are_bounded_and_quoted_briefly() {
    let long = format!("1x15/{} 53\n1x15/1x15/w 66\n", "1".repeat(1_000_000));
    for args in [vec!["moves", "--stdin"], vec!["bot"]] {
        let o = brade(&args, Some(&long));
        assert!(o.status.success());
        let text = stdout(&o);
        let first = text.lines().next().unwrap();
        assert!(first.starts_with("error: line too long"), "{first}");
        assert!(first.len() < 200, "{} bytes", first.len());
        assert!(
            text.contains("1/7\t1x14,7/1x15/b"),
            "the next line is answered: {text}"
        );
    }
    // A bad line of ordinary length is quoted, but not at length.
    let bad = format!("{} 53\n", "9".repeat(3000));
    let o = brade(&["moves", "--stdin"], Some(&bad));
    assert!(stdout(&o).lines().next().unwrap().len() < 300);
}

#[test]
fn arena_needs_at_least_one_game_and_file_errors_do_not_point_at_help() {
    let o = brade(&["arena", "random", "random", "--games", "0"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("from 1 to"), "{}", stderr(&o));
    let o = brade(&["export", "/nonexistent/match.toml"], None);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("/nonexistent/match.toml") && !err.contains("--help"),
        "{err}"
    );
}

#[test]
fn a_config_file_with_thousands_of_bad_lines_names_a_few_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut text = String::from("theme = \"plaid\"\nmirror = true\n");
    for i in 0..5000 {
        text.push_str(&format!("bad{i} = 1\n"));
    }
    std::fs::write(&path, &text).unwrap();
    let (settings, problems) = brade::settings::load(&path);
    assert!(settings.mirror, "the good line applies");
    assert_eq!(problems.len(), 5001);
    let summary = brade::words::notes::problem_summary(&problems, brade::words::Lang::En);
    assert!(
        summary.contains("theme") && summary.contains("and 4998 more problems"),
        "{summary}"
    );
    assert!(summary.len() < 600);
    // A file far too big to be settings is not read at all.
    std::fs::write(&path, "x".repeat(200_000)).unwrap();
    let (_, problems) = brade::settings::load(&path);
    assert_eq!(problems.len(), 1);
    assert!(problems[0].to_string().contains("too large"), "{problems:?}");
}

/// The binary run with `args`, which must end within 20 seconds (a read that blocks would
/// not): its output.
fn brade_ending(args: &[&str]) -> Output {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("brade {args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

#[test]
fn a_fifo_where_a_file_is_expected_is_refused_in_words_and_never_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("records")).unwrap();
    let d = data.to_str().unwrap();
    let config = dir.path().join("config.toml");
    let c = config.to_str().unwrap();
    // The saved match: set aside, and said so.
    mkfifo(&data.join("match.toml"));
    let out = brade_ending(&["--data-dir", d, "--config", c, "play", "--resume"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("named pipe"), "{err}");
    // A record: listed as one that cannot be read.
    let record = data.join("records/1-Anna-Bo.toml");
    mkfifo(&record);
    let out = brade_ending(&["--data-dir", d, "--config", c, "records"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("named pipe"), "{}", stdout(&out));
    let out = brade_ending(&["export", record.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("named pipe"));
    std::fs::remove_file(&record).unwrap();
    // An analysis kept beside a real record: made afresh.
    let mut app = common::with_match(
        brade::words::Lang::En,
        Box::new(brade::session::ScriptedDice::new(&[1])),
        "Anna",
        "Bo",
        1,
    );
    app.seed_dice(4, 0);
    while common::advance(&mut app) {}
    let store = brade::store::Store::at(&data);
    let kept = store.archive(&app.snapshot().unwrap()).unwrap();
    mkfifo(&brade::store::analysis::path_of(&kept));
    let out = brade_ending(&["--config", c, "analyze", kept.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("Analysis"));
    // The settings file: its problem is told, the defaults used.
    std::fs::remove_file(&config).ok();
    mkfifo(&config);
    let out = brade_ending(&["--data-dir", d, "--config", c, "records"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // A network file.
    let net = dir.path().join("brade.net");
    mkfifo(&net);
    let out = brade_ending(&["eval", "1x15/1x15/w", "--net", net.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("named pipe"));
}

#[test]
fn a_data_directory_that_is_a_file_is_said_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain");
    std::fs::write(&file, "").unwrap();
    let out = brade(&["--data-dir", file.to_str().unwrap(), "play"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is a file, not a directory"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}

#[test]
fn counts_that_make_threads_or_take_days_are_bounded_with_a_clear_message() {
    let o = brade(&["rollout", "1x15/1x15/w", "--threads", "1000000"], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("from 1 to 256") && err.lines().count() == 1, "{err}");
    let o = brade(&["arena", "random", "random", "--games", "4000000000"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("from 1 to 100000000"));
    // Within the bounds, a rollout on 3 threads gives the figures of any other number.
    let run = |threads: &str| {
        stdout(&brade(
            &[
                "rollout",
                "1x15/1x15/w",
                "--games",
                "36",
                "--level",
                "random",
                "--seed",
                "2",
                "--threads",
                threads,
            ],
            None,
        ))
    };
    assert_eq!(run("3"), run("1"));
}
