//! The real binary in a pseudo-terminal of 80×24: started with a seed, played by
//! keystrokes, quit; the screen is read through a terminal emulator.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

struct Session {
    /// Data and config in a directory of the test's own: the player's files are never
    /// touched.
    _home: Option<tempfile::TempDir>,
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::start_with(args, "xterm-256color")
    }

    fn start_with(args: &[&str], term: &str) -> Session {
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_brade"));
        cmd.args(args);
        let home = if args.contains(&"--data-dir") {
            None
        } else {
            let home = tempfile::tempdir().unwrap();
            cmd.arg("--data-dir");
            cmd.arg(home.path().join("data"));
            Some(home)
        };
        if !args.contains(&"--config") {
            let dir = home
                .as_ref()
                .map_or_else(std::env::temp_dir, |h| h.path().to_path_buf());
            cmd.arg("--config");
            cmd.arg(dir.join(format!("config-{}.toml", std::process::id())));
        }
        cmd.env("TERM", term);
        Session::spawn(cmd, home)
    }

    /// A shell in the pseudo-terminal running `script` (`$BRADE` names the binary), so
    /// that what follows brade — `stty` reading the terminal's modes — runs in the same
    /// terminal after it.
    fn shell(script: &str) -> Session {
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", script]);
        cmd.env("BRADE", env!("CARGO_BIN_EXE_brade"));
        cmd.env("TERM", "xterm-256color");
        Session::spawn(cmd, None)
    }

    fn spawn(cmd: CommandBuilder, home: Option<tempfile::TempDir>) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let child = pty.slave.spawn_command(cmd).expect("brade starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("reader");
        let writer = pty.master.take_writer().expect("writer");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZero::new(24).unwrap(),
            std::num::NonZero::new(80).unwrap(),
            0,
        )));
        let feed = Arc::clone(&screen);
        std::thread::spawn(move || {
            let _master = pty.master; // keep the pty open while reading
            let mut chunk = [0u8; 4096];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                feed.lock().unwrap().process(&chunk[..n]);
            }
        });
        Session {
            _home: home,
            screen,
            writer,
            child,
        }
    }

    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `what` (a whole computer match of the debug build can
    /// take a while on a busy machine: the wait is generous, it measures nothing).
    fn expect(&self, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let text = self.text();
            if text.contains(what) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what:?}; the screen:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn keys(&mut self, keys: &str) {
        for b in keys.bytes() {
            self.writer.write_all(&[b]).unwrap();
            self.writer.flush().unwrap();
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Teka until someone starts, roll, and play the whole first turn by keys: the first
    /// legal play of the roll shown, typed after ':' (one Enter plays and confirms it).
    /// Each key waits for the screen to answer the one before it, so that a slow machine
    /// cannot make a key land in the wrong phase (a second Space rolling the dice).
    fn play_first_turn(&mut self) {
        for _ in 0..20 {
            let before = self.text();
            if !before.contains("Teka —") {
                break;
            }
            self.keys(" ");
            self.changed_from(&before);
        }
        self.expect("to roll");
        self.keys(" ");
        let text = self.expect("Tab next checker");
        let roll = dice_on(&text);
        let start = brade::brade::Position::from_code("1x15/1x15/w").unwrap();
        let play = brade::brade::MoveGen::new().plays(start.board(), roll)[0].play;
        self.keys(&format!(":{play}\r"));
    }

    /// Waits until the screen differs from `before`.
    fn changed_from(&self, before: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let text = self.text();
            if text != before {
                return text;
            }
            assert!(Instant::now() < deadline, "the screen did not change:\n{text}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The screen once it has stopped changing (a frame can be read half drawn on a busy
    /// machine): the same for 300 ms.
    fn settled(&self) -> String {
        let deadline = Instant::now() + Duration::from_secs(90);
        let mut last = self.text();
        let mut since = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(20));
            let now = self.text();
            if now != last {
                last = now;
                since = Instant::now();
            } else if since.elapsed() >= Duration::from_millis(300) {
                return last;
            }
            assert!(Instant::now() < deadline, "the screen never settled:\n{last}");
        }
    }

    /// Waits until the emulated terminal's state satisfies `ok` (the reader may not have
    /// handled the last bytes when the program has already ended).
    fn until(&self, what: &str, ok: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if ok(self.screen.lock().unwrap().screen()) {
                return;
            }
            assert!(Instant::now() < deadline, "{what}; the screen:\n{}", self.text());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Writes bytes at once (an escape sequence must arrive whole).
    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    fn wait(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "brade did not exit; the screen:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The file of the one match in progress in the data directory `data`.
fn in_progress(data: &std::path::Path) -> std::path::PathBuf {
    let files: Vec<_> = std::fs::read_dir(data.join("matches"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files[0].clone()
}

/// The roll shown in the side panel ("Dice: [5] [3]").
fn dice_on(screen: &str) -> brade::rules::Roll {
    let line = screen
        .lines()
        .find(|l| l.contains("Dice: ["))
        .unwrap_or_else(|| panic!("no dice on the screen:\n{screen}"));
    let dice: Vec<u8> = line
        .split('[')
        .skip(1)
        .filter_map(|part| part.chars().next()?.to_digit(10))
        .map(|d| d as u8)
        .collect();
    brade::rules::Roll::new(dice[0], dice[1]).unwrap()
}

impl Drop for Session {
    fn drop(&mut self) {
        // A session a test leaves running is ended, not leaked.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn a_backgammon_match_opens_from_the_command_line_and_plays_by_keystrokes() {
    let mut s = Session::start(&[
        "play",
        "--game",
        "backgammon",
        "--points",
        "3",
        "--seed",
        "9",
        "--white",
        "Anna",
        "--black",
        "Bo",
    ]);
    let first = s.expect("Opening throw");
    assert!(
        first.contains("Match to 3") && first.contains("Cube: 64 in the middle"),
        "{first}"
    );
    s.keys(" ");
    let opened = s.expect("the higher die starts");
    assert!(opened.contains("Tab next checker"), "{opened}");
    s.keys("q");
    s.expect("Leave the match?");
    s.keys("y");
}

#[test]
fn a_seeded_match_is_played_by_keystrokes_and_quit_in_a_pseudo_terminal() {
    let mut s = Session::start(&["play", "--seed", "42", "--white", "Anna", "--black", "Bo"]);
    let first = s.expect("Teka");
    assert!(
        first.contains("Game 1 of 3") && first.contains("Anna") && first.contains("Bo"),
        "{first}"
    );
    assert!(
        first.contains("12 11 10  9  8  7     6  5  4  3  2  1"),
        "{first}"
    );
    s.play_first_turn();
    let after = s.expect("Last:");
    assert!(after.contains("to roll"), "{after}");
    // A mouse click on the board (SGR report: press and release at column 6, row 4)
    // rolls for the next player, as Enter would.
    s.send("\x1b[<0;6;4M");
    s.send("\x1b[<0;6;4m");
    s.expect("Tab next checker");
    // Help, then back, then quit with confirmation.
    s.keys("?");
    s.expect("Rules & keys");
    s.keys("q");
    s.expect("Tab next checker");
    s.keys("q");
    s.expect("Leave the match?");
    s.keys("y");
    let status = s.wait();
    assert!(status.success(), "exit status {status:?}");
    let parser = s.screen.lock().unwrap();
    assert!(
        !parser.screen().alternate_screen(),
        "the terminal is back on the main screen"
    );
    assert!(!parser.screen().hide_cursor(), "the cursor is visible again");
}

#[test]
fn without_a_terminal_the_start_screen_is_refused_and_a_match_is_played_in_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_brade"))
            .arg("--data-dir")
            .arg(dir.path().join("data"))
            .arg("--config")
            .arg(dir.path().join("config.toml"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    // The start screen needs a terminal: refused in one line.
    let out = run(&[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("needs a terminal") && err.contains("--plain") && err.lines().count() == 1,
        "{err}"
    );
    // A match is played in plain text: told, then saved at the end of the input.
    let out = run(&["play", "--seed", "3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Type help for the commands.") && text.contains("The match is saved"),
        "{text}"
    );
    assert!(!text.contains('\x1b'), "{text}");
}

#[test]
fn a_match_killed_with_sigkill_resumes_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let mut s = Session::start(&[
        "play",
        "--seed",
        "8",
        "--white",
        "Anna",
        "--black",
        "Bo",
        "--data-dir",
        data,
    ]);
    s.expect("Teka");
    s.play_first_turn();
    s.expect("Last:");
    let before = s.settled();
    kill9(&mut s);
    let board = |screen: &str| screen.lines().take(19).map(str::to_string).collect::<Vec<_>>();
    let r = Session::start(&["play", "--resume", "--data-dir", data]);
    r.expect("Last:");
    let after = r.settled();
    assert_eq!(board(&after), board(&before), "the board comes back as it was");
}

fn kill9(s: &mut Session) {
    let pid = s.child.process_id().expect("a pid");
    let killed = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    s.wait();
}

/// Finish a match, begin the next from the match-over screen, play, SIGKILL, resume,
/// finish, leave with q twice: the records hold each match exactly once, and each exports.
#[test]
fn the_whole_life_of_the_data_each_match_recorded_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let mut s = Session::start(&[
        "play",
        "--games",
        "1",
        "--white",
        "computer",
        "--black",
        "computer",
        "--level",
        "random",
        "--pace",
        "0",
        "--seed",
        "9",
        "--data-dir",
        data,
    ]);
    s.expect("The match is over");
    s.keys("n");
    s.expect("New match");
    for _ in 0..3 {
        s.send("\x1b[C"); // → : 3, 5, 7 games
        std::thread::sleep(Duration::from_millis(60));
    }
    // Enter to the next field (games, names, computer, level, rules), then on the button.
    s.keys("\r\r\r\r\r\r\r");
    s.expect("Game 2 of 7");
    kill9(&mut s);
    let mut r = Session::start(&["play", "--resume", "--pace", "0", "--data-dir", data]);
    r.expect("The match is over");
    // q leaves the match-over screen for the start screen, and quits from there.
    r.keys("q");
    r.expect("New match");
    r.keys("q");
    assert!(r.wait().success());
    let out = common::brade(&["--data-dir", data, "records"], None);
    assert!(out.status.success());
    let list = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 2, "{list}");
    assert!(lines.iter().any(|l| l.contains("\t1 game\t")), "{list}");
    assert!(lines.iter().any(|l| l.contains("\t7 games\t")), "{list}");
    assert!(
        !list.contains("error") && !list.contains("cannot be replayed"),
        "{list}"
    );
    for line in lines {
        let path = line.split('\t').next().unwrap();
        let export = common::brade(&["export", path], None);
        assert!(
            export.status.success(),
            "{}",
            String::from_utf8_lossy(&export.stderr)
        );
        assert!(String::from_utf8_lossy(&export.stdout).contains("Match:"));
    }
    let left = std::fs::read_dir(dir.path().join("matches")).map_or(0, Iterator::count);
    assert_eq!(left, 0, "nothing left to resume");
    let stray: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".bad-"))
        .collect();
    assert!(stray.is_empty(), "a save was refused: {stray:?}");
}

#[test]
fn a_failed_save_is_said_in_the_quit_dialog_and_in_the_exit_status() {
    // Files may not grow at all (ulimit -f 0): every write of a save passes the limit,
    // which would end the program by SIGXFSZ were it not caught; the write fails instead.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let script = format!(
        "ulimit -f 0; \"$BRADE\" --data-dir '{d}' --config '{d}/config.toml' play --seed 3; \
         echo exit status $?; sleep 30",
        d = data.display()
    );
    let mut s = Session::shell(&script);
    s.expect("Teka");
    s.keys(" ");
    s.expect("could not be saved");
    // Said on the bottom row too, where it stays until a save succeeds.
    s.expect("⚠ Not saved");
    s.keys("q");
    s.expect("could NOT be saved");
    s.keys("y");
    // (The shell cannot write a file either: it says the status on the screen.)
    let text = s.expect("exit status");
    assert!(
        text.contains("exit status 1\n") || text.trim_end().ends_with("exit status 1"),
        "a failed save ends with status 1, not by SIGXFSZ:\n{text}"
    );
    // Nothing half-written is left behind.
    let left: Vec<String> = std::fs::read_dir(&data)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_new_match_leaves_the_match_in_progress_untouched_and_both_are_resumable() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let mut s = Session::start(&["play", "--seed", "8", "--white", "Anna", "--data-dir", data]);
    s.expect("Teka");
    s.play_first_turn();
    s.expect("Last:");
    kill9(&mut s);
    let anna = std::fs::read(in_progress(dir.path())).unwrap();
    let mut n = Session::start(&["play", "--seed", "4", "--white", "Cleo", "--data-dir", data]);
    n.expect("other matches in progress are kept");
    n.play_first_turn();
    n.expect("Last:");
    // q, then s: the start screen, with both matches in progress on offer.
    n.keys("q");
    n.expect("Leave the match?");
    n.keys("s");
    let start = n.expect("Resume a match (2 in progress)");
    assert!(start.contains("Cleo"), "the latest is named: {start}");
    n.keys("q");
    assert!(n.wait().success());
    assert!(!dir.path().join("records").exists(), "nothing was set aside");
    let files: Vec<_> = std::fs::read_dir(dir.path().join("matches")).unwrap().collect();
    assert_eq!(files.len(), 2);
    let still = files
        .iter()
        .any(|f| std::fs::read(f.as_ref().unwrap().path()).unwrap() == anna);
    assert!(still, "Anna's match is as it was");
}

/// The issue's reproduction: a file-size limit (set on the real binary, as a full disk
/// would) while the computer plays a backgammon match to its end. The end screen says the
/// record could not be written, and so does the bottom row; the limit lifted, `s` writes
/// it; the match is in the records exactly once and nothing is left in progress.
#[test]
fn a_match_played_to_its_end_against_a_file_size_limit_is_recorded_once_the_limit_is_lifted() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    // A soft limit of 2 KiB: a save passes it as the match grows.
    let script = format!(
        "ulimit -S -f 2; exec \"$BRADE\" --data-dir '{d}' --config '{d}/config.toml' play \
         --game backgammon --points 3 --white computer --black computer --pace 0 --seed 5",
        d = data.display()
    );
    let mut s = Session::shell(&script);
    let end = s.expect("could NOT be written to the records");
    assert!(
        end.contains("The match is over") && end.contains("s — try saving again"),
        "{end}"
    );
    assert!(
        end.lines()
            .any(|l| l.contains("Not saved") && l.contains("File too large")),
        "{end}"
    );
    let pid = s.child.process_id().expect("a pid");
    let lifted = std::process::Command::new("prlimit")
        .args([&format!("--pid={pid}"), "--fsize=unlimited:unlimited"])
        .status()
        .expect("prlimit (util-linux) runs");
    assert!(lifted.success());
    s.keys("s");
    // Written: the end screen no longer says it could not be (waited for, not the first
    // change: the bottom row's clock may change first on a busy machine).
    s.until("the record written once the limit is lifted", |screen| {
        !screen.contents().contains("could NOT")
    });
    s.keys("q");
    s.expect("New match");
    s.keys("q");
    assert!(s.wait().success(), "saved: the exit status is 0");
    let records: Vec<_> = std::fs::read_dir(data.join("records")).unwrap().collect();
    assert_eq!(records.len(), 1, "{records:?}");
    let left = std::fs::read_dir(data.join("matches")).map_or(0, Iterator::count);
    assert_eq!(left, 0, "nothing left in progress");
    let out = common::brade(&["--data-dir", data.to_str().unwrap(), "records"], None);
    let list = String::from_utf8_lossy(&out.stdout);
    assert_eq!(list.lines().count(), 1, "{list}");
    assert!(list.contains("Computer"), "{list}");
}

#[test]
fn a_dumb_terminal_gets_the_match_in_plain_text_instead_of_escape_codes() {
    let mut s = Session::start_with(&["play", "--seed", "7"], "dumb");
    // Plain text (one sentence per event, commands typed), not the full screen.
    let text = s.expect(" to play ");
    assert!(text.contains("Type help for the commands."), "{text}");
    assert!(!text.contains("Teka"), "no board drawn: {text}");
    s.send("quit\n");
    let status = s.wait();
    assert!(status.success(), "{status:?}");
    s.expect("The match is saved");
}

#[test]
fn bytes_that_once_froze_the_input_leave_ctrl_c_quitting_at_once() {
    for noise in ["\x1b[?", "\x1b[<", "\x1b[200~", "\u{ff}"] {
        let mut s = Session::start(&["play", "--seed", "5"]);
        s.expect("Teka");
        s.send(noise);
        s.send("\x03");
        let status = s.wait();
        assert!(status.success(), "{noise:?}: exit status {status:?}");
    }
}

/// Waits for a file to be written (by a process the test does not wait on).
fn wait_for_file(path: &std::path::Path) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && text.ends_with('\n')
        {
            return text;
        }
        assert!(Instant::now() < deadline, "{} was not written", path.display());
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The process holding a data directory, as its lock file names it.
fn holder(data: &std::path::Path) -> u32 {
    wait_for_file(&data.join("lock")).trim().parse().unwrap()
}

fn send_signal(pid: u32, sig: &str) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{sig}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{sig} {pid}");
}

#[test]
fn sigterm_sighup_and_an_outside_sigint_save_restore_the_terminal_and_end_by_the_signal() {
    for (sig, number) in [("TERM", 15), ("HUP", 1), ("INT", 2)] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let script = format!(
            "\"$BRADE\" --data-dir '{d}' --config '{d}/config.toml' play --seed 6 --white Anna; \
             echo $? > '{d}/status'; stty -a > '{d}/modes'; sleep 30",
            d = data.display()
        );
        std::fs::create_dir_all(&data).unwrap();
        let mut s = Session::shell(&script);
        s.expect("Teka");
        s.play_first_turn();
        s.expect("Last:");
        send_signal(holder(&data), sig);
        let status = wait_for_file(&data.join("status"));
        assert_eq!(
            status.trim(),
            (128 + number).to_string(),
            "SIG{sig}: ended by the signal"
        );
        let modes = wait_for_file(&data.join("modes"));
        for mode in ["icanon", "echo", "icrnl", "opost"] {
            assert!(
                modes.split_whitespace().any(|m| m == mode),
                "SIG{sig}: the terminal is left without {mode}: {modes}"
            );
        }
        s.until(&format!("SIG{sig}: back on the main screen"), |screen| {
            !screen.alternate_screen()
        });
        s.until(&format!("SIG{sig}: the cursor is visible"), |screen| {
            !screen.hide_cursor()
        });
        s.until(&format!("SIG{sig}: mouse reporting is off"), |screen| {
            screen.mouse_protocol_mode() == vt100::MouseProtocolMode::None
        });
        // The turn played is saved, and the directory is free again.
        let out = common::brade(
            &[
                "--data-dir",
                data.to_str().unwrap(),
                "export",
                in_progress(&data).to_str().unwrap(),
            ],
            None,
        );
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("\n   1. "),
            "SIG{sig}: the first turn is saved: {text}"
        );
        let mut r = Session::start(&["play", "--resume", "--data-dir", data.to_str().unwrap()]);
        r.expect("Last:");
        r.keys("q");
        r.expect("Leave the match?");
        r.keys("y");
        assert!(r.wait().success());
    }
}

#[test]
fn a_second_brade_on_the_same_data_directory_writes_nothing_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let d = data.to_str().unwrap();
    let mut first = Session::start(&["play", "--seed", "8", "--white", "Anna", "--data-dir", d]);
    first.expect("Teka");
    first.play_first_turn();
    first.expect("Last:");
    let pid = holder(&data);
    let saved = std::fs::read(in_progress(&data)).unwrap();
    // A second match, or the first one resumed, in another window: refused, in words.
    for args in [vec!["play", "--white", "Bo"], vec!["play", "--resume"]] {
        let mut all = vec!["--data-dir", d];
        all.extend(args.iter().copied());
        let out = common::brade(&all, None);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "another brade (process {pid}) is using the data directory"
            )),
            "{args:?}: {err}"
        );
    }
    // The start screen in another window offers only what needs no saving.
    let mut second = Session::start(&["--data-dir", d]);
    let text = second.expect("Another brade");
    assert!(!text.contains("New match") && !text.contains("Resume"), "{text}");
    assert!(text.contains("Rules") && text.contains("Quit"), "{text}");
    second.keys("n");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!second.text().contains("Computer plays"), "no new match here");
    second.keys("q");
    assert!(second.wait().success());
    // Nothing of the first was touched: its save, no record set aside.
    assert_eq!(std::fs::read(in_progress(&data)).unwrap(), saved);
    assert!(!data.join("records").exists());
    // The first one killed, the system lets the directory go: the match goes on here.
    kill9(&mut first);
    let r = Session::start(&["play", "--resume", "--data-dir", d]);
    let back = r.expect("Last:");
    assert!(back.contains("Anna"), "{back}");
}
