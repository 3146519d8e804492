//! The manual: the README and the user guide under `docs/` hold only commands the program
//! takes (each `brade …` line of a `sh` block parses with its own parser, and those of a
//! `sh,run` block run), every chapter of the book's SUMMARY exists and every link between
//! them lands on a file and a heading; the rules chapters have a heading for every rule
//! the code cites; `brade man` is a man page and `brade completions` a script for each
//! shell; the README stays short and shows the two commands of a fresh machine.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // tests fail by panicking

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use clap::error::ErrorKind;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The book's chapters as its SUMMARY lists them, relative to `docs/src`.
fn chapters() -> Vec<String> {
    let summary = std::fs::read_to_string(root().join("docs/src/SUMMARY.md")).expect("docs/src/SUMMARY.md");
    summary
        .lines()
        .filter_map(|l| l.split_once("](").and_then(|(_, rest)| rest.split_once(')')))
        .map(|(path, _)| path.to_string())
        .collect()
}

/// The README and every chapter: (its path, its text).
fn documents() -> Vec<(PathBuf, String)> {
    let mut files = vec![root().join("README.md")];
    files.extend(chapters().iter().map(|c| root().join("docs/src").join(c)));
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            (f, text)
        })
        .collect()
}

/// A command shown in a document: where, the words of its `brade` command, the whole
/// line (with what it is piped from), and whether its block is `sh,run`.
#[derive(Debug)]
struct Shown {
    at: String,
    words: Vec<String>,
    line: String,
    run: bool,
}

/// Splits a shell line into words as sh does for the quoting the documents use ('…',
/// "…", backslashes).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut open = false;
    let mut chars = line.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                open = true;
            }
            (None, '\\') => {
                if let Some(next) = chars.next() {
                    word.push(next);
                    open = true;
                }
            }
            (None, c) if c.is_whitespace() => {
                if open {
                    words.push(std::mem::take(&mut word));
                    open = false;
                }
            }
            (None, c) => {
                word.push(c);
                open = true;
            }
        }
    }
    if open {
        words.push(word);
    }
    words
}

/// Every `brade …` command of the `sh` blocks of `text`: continuation lines joined, a
/// leading `$ ` dropped, and what follows a pipe, a redirection, `&&` or a comment cut.
fn commands(path: &Path, text: &str) -> Vec<Shown> {
    let mut out = Vec::new();
    let mut block: Option<String> = None;
    let mut pending: Option<(usize, String)> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(info.trim().to_string()),
            };
            continue;
        }
        let Some(info) = block.as_deref() else { continue };
        if info != "sh" && !info.starts_with("sh,") {
            continue;
        }
        let (start, mut joined) = match pending.take() {
            Some((start, before)) => (start, before + " " + trimmed),
            None => (n + 1, trimmed.to_string()),
        };
        if joined.ends_with('\\') {
            joined.pop();
            pending = Some((start, joined));
            continue;
        }
        let line = joined.strip_prefix("$ ").unwrap_or(&joined).to_string();
        // The brade command: the line, or what a pipe feeds (`echo … | brade …`).
        let command = if line.starts_with("brade ") || line == "brade" {
            line.as_str()
        } else if let Some(at) = line.find("| brade ") {
            &line[at + 2..]
        } else {
            continue;
        };
        let mut cut = command.to_string();
        for end in [" | ", " > ", " >> ", " < ", " && ", " # ", " 2>", " &"] {
            if let Some(at) = cut.find(end) {
                cut.truncate(at);
            }
        }
        out.push(Shown {
            at: format!("{}:{start}", path.strip_prefix(root()).unwrap_or(path).display()),
            words: shell_words(&cut),
            line: line.clone(),
            run: info.split(',').any(|w| w.trim() == "run"),
        });
    }
    out
}

fn all_commands() -> Vec<Shown> {
    documents()
        .iter()
        .flat_map(|(path, text)| commands(path, text))
        .collect()
}

#[test]
fn every_brade_command_in_the_readme_and_the_book_parses() {
    let shown = all_commands();
    assert!(shown.len() >= 40, "the documents show commands: {}", shown.len());
    let bad: Vec<String> = shown
        .iter()
        .filter_map(|s| {
            // `--help` and `--version` are taken: the parser answers them.
            brade::cli::Cli::try_parse_from(&s.words)
                .err()
                .filter(|e| !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion))
                .map(|e| format!("{}: {:?}\n{}", s.at, s.words, e.render()))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "commands the program does not take:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_books_runnable_examples_run() {
    let runnable: Vec<Shown> = all_commands().into_iter().filter(|s| s.run).collect();
    assert!(
        runnable.len() >= 10,
        "the book runs its examples: {}",
        runnable.len()
    );
    let mut failed = Vec::new();
    for s in &runnable {
        // An empty home: no settings, no data of this machine's.
        let home = tempfile::tempdir().unwrap();
        // The whole line by bash (a brade failing inside a pipe fails it), with this
        // build's brade first on the PATH.
        let bin = Path::new(env!("CARGO_BIN_EXE_brade")).parent().unwrap();
        let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
        let mut child = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {}", s.line))
            .env("PATH", path)
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .current_dir(home.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let began = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if began.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        match status {
            Some(status) if status.success() => {}
            Some(status) => failed.push(format!(
                "{}: {:?} ended with {status}: {}",
                s.at,
                s.line,
                String::from_utf8_lossy(&out.stderr)
            )),
            None => failed.push(format!("{}: {:?} ran over a minute", s.at, s.line)),
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn every_chapter_in_the_summary_exists_and_every_page_is_in_it() {
    let listed: BTreeSet<String> = chapters().into_iter().collect();
    assert!(listed.len() >= 15, "{listed:?}");
    for chapter in &listed {
        let text = std::fs::read_to_string(root().join("docs/src").join(chapter)).unwrap_or_default();
        assert!(text.starts_with("# "), "{chapter} is missing or has no title");
        assert!(text.lines().count() > 5, "{chapter} is a stub");
    }
    // No page of the book is left out of its SUMMARY.
    let book = root().join("docs/src");
    let pages: BTreeSet<String> = files_under(&book)
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "md") && !path.ends_with("SUMMARY.md"))
        .map(|path| {
            path.strip_prefix(&book)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    let left_out: Vec<&String> = pages.difference(&listed).collect();
    assert!(left_out.is_empty(), "pages not in SUMMARY.md: {left_out:?}");
}

/// A heading's anchor as mdBook makes it (its `normalize_id`): letters, digits, `-` and
/// `_` kept (ASCII letters in lower case), white space to `-`, the rest dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

/// The anchors of `text`'s headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

#[test]
fn every_link_between_the_readme_and_the_books_pages_lands_on_a_page_and_heading() {
    let mut broken = Vec::new();
    for (path, text) in documents() {
        let dir = path.parent().unwrap();
        let mut fenced = false;
        for line in text.lines() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
            }
            if fenced {
                continue;
            }
            for (_, rest) in line.match_indices("](").map(|(i, _)| line.split_at(i + 2)) {
                let Some((target, _)) = rest.split_once(')') else {
                    continue;
                };
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let landed = if file.is_empty() {
                    path.clone()
                } else {
                    dir.join(file)
                };
                let Ok(page) = std::fs::read_to_string(&landed) else {
                    broken.push(format!("{}: {target} (no such file)", path.display()));
                    continue;
                };
                if !fragment.is_empty()
                    && landed.extension().is_some_and(|e| e == "md")
                    && !anchors(&page).contains(fragment)
                {
                    broken.push(format!("{}: {target} (no such heading)", path.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// Every file under `dir`, at any depth.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out
}

/// The rule numbers (`R7`, `B13`) of `prefix` that the code under `src/` cites.
fn cited(prefix: char) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    for path in files_under(&root().join("src")) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let chars: Vec<char> = text.chars().collect();
        for i in 0..chars.len() {
            let before_ok = i == 0 || !chars[i - 1].is_alphanumeric();
            if chars[i] == prefix && before_ok {
                let digits: String = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit()).collect();
                let after = chars.get(i + 1 + digits.len());
                if !digits.is_empty() && after.is_none_or(|c| !c.is_alphanumeric()) {
                    out.insert(digits.parse().unwrap());
                }
            }
        }
    }
    out
}

#[test]
fn every_rule_the_code_cites_is_a_heading_of_the_books_rules() {
    for (prefix, chapter, all) in [('R', "rules/brade.md", 20), ('B', "rules/backgammon.md", 19)] {
        let text = std::fs::read_to_string(root().join("docs/src").join(chapter)).unwrap();
        let headed: BTreeSet<u32> = text
            .lines()
            .filter_map(|l| l.strip_prefix("## "))
            .filter_map(|h| h.strip_prefix(prefix))
            .filter_map(|h| h.split(':').next()?.parse().ok())
            .collect();
        assert_eq!(
            headed,
            (1..=all).collect(),
            "{chapter}: the rules {prefix}1–{prefix}{all}, each a heading"
        );
        let cited = cited(prefix);
        assert!(cited.len() >= 10, "the code cites {prefix}-rules: {cited:?}");
        let missing: Vec<&u32> = cited.difference(&headed).collect();
        assert!(
            missing.is_empty(),
            "{chapter}: cited by the code but not there: {missing:?}"
        );
    }
}

#[test]
fn the_readme_is_short_and_shows_the_two_commands_of_a_fresh_machine() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 200,
        "README.md has {} lines",
        readme.lines().count()
    );
    assert!(readme.contains("cargo run --release"));
    assert!(readme.contains("cargo test"));
    // It leads into the book.
    assert!(readme.contains("docs/src/SUMMARY.md") || readme.contains("docs/src/introduction.md"));
}

/// The binary's standard output for `args`, which must succeed.
fn output(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn brade_man_prints_a_man_page_with_every_command() {
    let page = output(&["man"]);
    assert!(
        page.starts_with(".TH brade 1"),
        "{}",
        &page[..page.len().min(200)]
    );
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS"] {
        assert!(page.contains(section), "{section}");
    }
    // Every command of the parser has its part, with its options.
    use clap::CommandFactory as _;
    for sub in brade::cli::Cli::command().get_subcommands() {
        assert!(
            page.contains(&format!(".SS \"brade {}\"", sub.get_name())),
            "brade {}",
            sub.get_name()
        );
    }
    assert!(
        page.contains("\\-\\-max\\-per\\-address"),
        "serve's options are in it"
    );
    assert_eq!(
        page.as_bytes(),
        brade::cli::man_page(),
        "the same page as the library makes"
    );
}

#[test]
fn brade_completions_prints_a_script_for_every_shell_and_bash_reads_it() {
    for (shell, mark) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef brade"),
        ("fish", "complete -c brade"),
        ("elvish", "edit:completion:arg-completer[brade]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = output(&["completions", shell]);
        assert!(script.contains(mark), "{shell}: {mark}");
        assert!(
            script.contains("perft") && script.contains("max-connections"),
            "{shell} completes the commands and options"
        );
    }
    let bash = output(&["completions", "bash"]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("brade.bash");
    std::fs::write(&file, bash).unwrap();
    let checked = Command::new("bash")
        .arg("-n")
        .arg(&file)
        .output()
        .expect("bash is here");
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    // A shell it has no script for is refused in words, with status 2.
    let out = Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tcsh"));
}

#[test]
fn the_command_splitter_reads_the_documents_shell() {
    let shown = commands(
        Path::new("x.md"),
        "```sh\nbrade moves 1x15/1x15/w 31 | head\n$ brade --seed 3 arena hard medium \\\n    --games 10 # ten\necho brade\n```\n```text\nbrade perft\n```\n```sh,run\nbrade id 'a b'\necho \"x 1\" | brade bot --level hard\n```\n",
    );
    let words: Vec<Vec<String>> = shown.iter().map(|s| s.words.clone()).collect();
    assert_eq!(
        words,
        [
            vec!["brade", "moves", "1x15/1x15/w", "31"],
            vec!["brade", "--seed", "3", "arena", "hard", "medium", "--games", "10"],
            vec!["brade", "id", "a b"],
            vec!["brade", "bot", "--level", "hard"],
        ]
    );
    assert_eq!(
        shown.iter().map(|s| s.run).collect::<Vec<_>>(),
        [false, false, true, true]
    );
    assert_eq!(shown[3].line, "echo \"x 1\" | brade bot --level hard");
    assert_eq!(
        anchor("R11: Bearing off — from the rear"),
        "r11-bearing-off--from-the-rear"
    );
}
