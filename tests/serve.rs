//! `brade serve` on 127.0.0.1, with an SSH client in the test (russh's): a player gets the
//! lobby in a terminal and plays, or the plain-text game without one; the first key keeps
//! a name and another key for it is refused; an exec request, a subsystem and port
//! forwarding run nothing; random bytes after login never bring the server down; the
//! host key is kept across restarts, owner-only.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // tests fail by panicking

mod serve_support;

use std::time::Duration;

use brade::serve::players::Players;
use serve_support::*;

#[test]
fn a_player_in_a_terminal_gets_the_start_screen_and_starts_a_match() {
    let (_dir, rt, port) = served();
    rt.block_on(async {
        let (_handle, mut ch) = shell(port, "alice", &key(), Some(("xterm-256color", 100, 30))).await;
        let mut screen = terminal(30, 100);
        until_shown(&mut ch, &mut screen, "the club").await;
        // The lobby first; `l` plays alone: the start screen.
        ch.data_bytes(&b"l"[..]).await.unwrap();
        until_shown(&mut ch, &mut screen, "New backgammon match").await;
        // `n`, then Enter through the form to its button: a bräde match, its teka.
        ch.data_bytes(&b"n"[..]).await.unwrap();
        until_shown(&mut ch, &mut screen, "Start the match").await;
        for _ in 0..8 {
            ch.data_bytes(&b"\r"[..]).await.unwrap();
        }
        until_shown(&mut ch, &mut screen, "Teka").await;
        // The window follows the player's terminal: drawn again at the new size.
        ch.window_change(80, 24, 0, 0).await.unwrap();
        let mut small = terminal(24, 80);
        until_shown(&mut ch, &mut small, "Teka").await;
        // Idle, nothing more is sent (the same frame is not sent again): once the frame
        // at the new size is through, a second of quiet.
        let _ = gather(&mut ch, Duration::from_millis(300)).await;
        let (idle, _) = gather(&mut ch, Duration::from_millis(1000)).await;
        assert!(idle.is_empty(), "{} bytes sent while idle", idle.len());
    });
}

#[test]
fn the_first_key_keeps_a_name_and_another_key_for_it_is_refused() {
    let (dir, rt, port) = served();
    rt.block_on(async {
        let (alice, mallory) = (key(), key());
        assert!(
            log_in(port, "alice", &alice).await.is_some(),
            "the first key takes the name"
        );
        assert!(
            log_in(port, "alice", &mallory).await.is_none(),
            "another key for it is refused"
        );
        assert!(
            log_in(port, "alice", &alice).await.is_some(),
            "its own key comes back in"
        );
        assert!(
            log_in(port, "mallory", &mallory).await.is_some(),
            "a free name is taken"
        );
        assert!(log_in(port, "../etc", &mallory).await.is_none(), "no such name");
    });
    // Kept on disk: the same names after a restart.
    let mut players = Players::open(dir.path().join("players.toml"), None).unwrap();
    assert!(players.log_in("alice", "SHA256:someone-else").is_err());
}

#[test]
fn an_exec_request_a_subsystem_and_forwarding_run_nothing() {
    let (_dir, rt, port) = served();
    rt.block_on(async {
        let alice = key();
        let handle = log_in(port, "alice", &alice).await.unwrap();
        let mut ch = handle.channel_open_session().await.unwrap();
        ch.exec(true, "touch /tmp/brade-serve-exec-ran").await.unwrap();
        let (data, said) = gather(&mut ch, Duration::from_millis(500)).await;
        assert!(data.is_empty(), "{data:?}");
        assert!(said.iter().any(|m| m.contains("Failure")), "{said:?}");
        assert!(!std::path::Path::new("/tmp/brade-serve-exec-ran").exists());
        assert!(
            handle
                .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 5555)
                .await
                .is_err(),
            "no port forwarding"
        );
        assert!(
            handle.tcpip_forward("127.0.0.1", 0).await.is_err(),
            "no remote forwarding"
        );
        let handle = log_in(port, "alice", &alice).await.unwrap();
        let mut ch = handle.channel_open_session().await.unwrap();
        ch.request_subsystem(true, "sftp").await.unwrap();
        let (_, said) = gather(&mut ch, Duration::from_millis(500)).await;
        assert!(said.iter().any(|m| m.contains("Failure")), "{said:?}");
    });
}

#[test]
fn a_session_without_a_terminal_plays_in_plain_text() {
    let (_dir, rt, port) = served();
    rt.block_on(async {
        let (_handle, mut ch) = shell(port, "alice", &key(), None).await;
        let mut seen = Vec::new();
        until(&mut ch, "to play", &mut seen).await;
        ch.data_bytes(&b"board\n"[..]).await.unwrap();
        until(&mut ch, "The board as", &mut seen).await;
        ch.data_bytes(&b"quit\n"[..]).await.unwrap();
        until(&mut ch, "The match is saved", &mut seen).await;
        assert!(!seen.contains(&0x1b), "no escape byte in plain text");
    });
}

#[test]
fn random_bytes_after_login_never_bring_the_server_down() {
    use rand::{RngExt, SeedableRng};
    let (_dir, rt, port) = served();
    rt.block_on(async {
        let alice = key();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for round in 0..3 {
            let terminal = (round > 0).then_some(("xterm", 80, 24));
            let (_handle, mut ch) = shell(port, "alice", &alice, terminal).await;
            for _ in 0..200 {
                let n = rng.random_range(1..64);
                let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
                if ch.data_bytes(bytes).await.is_err() {
                    break; // the session ended (a quit typed at random)
                }
            }
            let _ = gather(&mut ch, Duration::from_millis(300)).await;
        }
        // Still serving.
        let (_handle, mut ch) = shell(port, "bob", &key(), Some(("xterm", 80, 24))).await;
        let mut screen = terminal(24, 80);
        until_shown(&mut ch, &mut screen, "the club").await;
    });
}

#[test]
fn the_host_key_is_made_once_kept_owner_only_and_read_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("host_ed25519");
    let first = host_key(&path).unwrap();
    let again = host_key(&path).unwrap();
    assert_eq!(first.public_key(), again.public_key());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
    }
}

#[test]
fn a_dumb_terminal_plays_in_plain_text_with_its_typing_echoed_and_edited() {
    let (_dir, rt, port) = served();
    rt.block_on(async {
        let (_handle, mut ch) = shell(port, "alice", &key(), Some(("dumb", 80, 24))).await;
        let mut seen = Vec::new();
        until(&mut ch, "to play", &mut seen).await;
        // Typed a key at a time, a slip taken back with Backspace, then Enter.
        for b in b"boarx\x7fd\r" {
            ch.data_bytes(vec![*b]).await.unwrap();
        }
        until(&mut ch, "The board as", &mut seen).await;
        let text = String::from_utf8_lossy(&seen);
        assert!(
            text.contains("boarx\x08 \x08d\r\n"),
            "echoed and edited: {text:?}"
        );
        assert!(!seen.contains(&0x1b), "no escape byte in plain text");
        // Ctrl-D ends the input: the match is saved and the session ends.
        ch.data_bytes(vec![4u8]).await.unwrap();
        until(&mut ch, "The match is saved", &mut seen).await;
    });
}

/// What a plain TCP connection from `from` to the server hears first within a second: the
/// SSH banner's first bytes, or nothing (closed at once).
async fn hears(port: u16, from: &str) -> (tokio::net::TcpStream, Vec<u8>) {
    use tokio::io::AsyncReadExt as _;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let mut stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
    let mut got = vec![0u8; 8];
    let n = tokio::time::timeout(Duration::from_secs(1), stream.read(&mut got))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or(0);
    got.truncate(n);
    (stream, got)
}

#[test]
fn connections_over_the_limits_in_all_and_from_one_address_are_closed_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let rt = runtime();
    let (port, _) = start_with(&rt, dir.path(), |shared| shared.with_limits(3, 2));
    rt.block_on(async {
        let (_a1, first) = hears(port, "127.0.0.1").await;
        assert!(first.starts_with(b"SSH-2.0"), "{first:?}");
        let (_a2, second) = hears(port, "127.0.0.1").await;
        assert!(second.starts_with(b"SSH-2.0"));
        let (_a3, third) = hears(port, "127.0.0.1").await;
        assert!(third.is_empty(), "a third from one address is closed: {third:?}");
        let (b1, other) = hears(port, "127.0.0.2").await;
        assert!(other.starts_with(b"SSH-2.0"), "another address still comes in");
        let (_b2, fourth) = hears(port, "127.0.0.3").await;
        assert!(fourth.is_empty(), "a fourth in all is closed");
        // A place given back is free again.
        drop(b1);
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (_b3, again) = hears(port, "127.0.0.3").await;
        assert!(again.starts_with(b"SSH-2.0"), "{again:?}");
    });
}

#[test]
fn a_flood_of_input_closes_that_connection_and_the_server_goes_on() {
    let (_dir, rt, port, club) = served_club();
    rt.block_on(async {
        let (_handle, mut ch) = shell(port, "alice", &key(), Some(("xterm", 80, 24))).await;
        let mut screen = terminal(24, 80);
        until_shown(&mut ch, &mut screen, "the club").await;
        assert_eq!(club.lock().unwrap().present(), ["alice"]);
        // Far more than anyone types or pastes, as fast as it goes (the client may find
        // itself waiting on a connection the server has dropped: given up after 10 s).
        let chunk = vec![b'x'; 16 * 1024];
        let _ = tokio::time::timeout(Duration::from_secs(10), async {
            for _ in 0..200 {
                if ch.data_bytes(chunk.clone()).await.is_err() {
                    break;
                }
            }
        })
        .await;
        // The server ended that session; it serves the next.
        for _ in 0..100 {
            if club.lock().unwrap().present().is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(
            club.lock().unwrap().present().is_empty(),
            "the flooding session ended"
        );
        let (_handle, mut ch) = shell(port, "bob", &key(), Some(("xterm", 80, 24))).await;
        let mut screen = terminal(24, 80);
        until_shown(&mut ch, &mut screen, "the club").await;
    });
}

#[test]
fn a_player_logged_in_twice_is_told_his_other_session_holds_his_data() {
    let (_dir, rt, port) = served();
    rt.block_on(async {
        let alice = key();
        let mut first = serve_support::Seat::at(port, "alice", &alice).await;
        first.keys(b"l").await;
        first.until("New backgammon match").await;
        // The same name again, from another terminal: its start screen says whose lock
        // it met (the server's own process, so not "another brade (process N)").
        let mut second = serve_support::Seat::at(port, "alice", &alice).await;
        second.keys(b"l").await;
        second.until("Your other session on this server").await;
        assert!(!second.text().contains("another brade"), "{}", second.text());
    });
}
