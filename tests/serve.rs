//! `brade serve` on 127.0.0.1, with an SSH client in the test (russh's): a player gets the
//! start screen in a terminal and plays, or the plain-text game without one; the first
//! key keeps a name and another key for it is refused; an exec request, a subsystem and
//! port forwarding run nothing; random bytes after login never bring the server down;
//! the host key is kept across restarts, owner-only.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // tests fail by panicking

use std::sync::Arc;
use std::time::Duration;

use brade::serve::players::Players;
use brade::serve::{Shared, config, host_key, serve};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client};

struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A server on a free port of 127.0.0.1 in `dir`, on `runtime`: its port.
fn start(runtime: &tokio::runtime::Runtime, dir: &std::path::Path) -> u16 {
    let key = host_key(&dir.join("host_ed25519")).unwrap();
    let players = Players::open(dir.join("players.toml"), None).unwrap();
    let shared = Shared::new(players, dir.to_path_buf(), Duration::ZERO);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let port = listener.local_addr().unwrap().port();
    runtime.spawn(async move {
        let _ = serve(listener, config(key), shared).await;
    });
    port
}

fn key() -> Arc<PrivateKey> {
    Arc::new(PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap())
}

/// Logs in as `name` with `key`: the connection, or `None` when refused.
async fn log_in(port: u16, name: &str, key: &Arc<PrivateKey>) -> Option<client::Handle<Client>> {
    let config = Arc::new(client::Config {
        inactivity_timeout: Some(Duration::from_secs(30)),
        ..Default::default()
    });
    let mut handle = client::connect(config, ("127.0.0.1", port), Client)
        .await
        .unwrap();
    let auth = handle
        .authenticate_publickey(name, PrivateKeyWithHashAlg::new(Arc::clone(key), None))
        .await
        .unwrap();
    auth.success().then_some(handle)
}

/// A shell session of `name` with `key`, on a terminal (its type, columns and rows) when
/// one is given: the connection (kept while the session is used) and its channel.
async fn shell(
    port: u16,
    name: &str,
    key: &Arc<PrivateKey>,
    terminal: Option<(&str, u32, u32)>,
) -> (client::Handle<Client>, russh::Channel<client::Msg>) {
    let handle = log_in(port, name, key).await.expect("let in");
    let ch = handle.channel_open_session().await.unwrap();
    if let Some((term, cols, rows)) = terminal {
        ch.request_pty(true, term, cols, rows, 0, 0, &[]).await.unwrap();
    }
    ch.request_shell(true).await.unwrap();
    (handle, ch)
}

/// What the channel says within `wait` of quiet: the data, and the other messages.
async fn gather(channel: &mut russh::Channel<client::Msg>, wait: Duration) -> (Vec<u8>, Vec<String>) {
    let (mut data, mut other) = (Vec::new(), Vec::new());
    while let Ok(Some(msg)) = tokio::time::timeout(wait, channel.wait()).await {
        match msg {
            ChannelMsg::Data { data: d } => data.extend_from_slice(&d),
            msg => other.push(format!("{msg:?}")),
        }
    }
    (data, other)
}

/// Reads until `text` is among the data (plain text), or panics after 20 s.
async fn until(channel: &mut russh::Channel<client::Msg>, text: &str, seen: &mut Vec<u8>) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !String::from_utf8_lossy(seen).contains(text) {
        seen.extend(next_data(channel, deadline, text).await);
    }
}

/// Reads until the screen the bytes draw on a `cols`×`rows` terminal shows `text`, or
/// panics after 20 s.
async fn until_shown(channel: &mut russh::Channel<client::Msg>, screen: &mut vt100::Parser, text: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !screen.screen().contents().contains(text) {
        let data = next_data(channel, deadline, text).await;
        screen.process(&data);
    }
}

async fn next_data(
    channel: &mut russh::Channel<client::Msg>,
    deadline: tokio::time::Instant,
    text: &str,
) -> Vec<u8> {
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match tokio::time::timeout(left, channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => return data.to_vec(),
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => panic!("{text:?} never came"),
        }
    }
}

/// A terminal of `rows`×`cols` the client's screen is drawn on.
fn terminal(rows: u16, cols: u16) -> vt100::Parser {
    vt100::Parser::new(
        std::num::NonZero::new(rows).unwrap(),
        std::num::NonZero::new(cols).unwrap(),
        0,
    )
}

/// A server in a fresh directory: the directory, the runtime it runs on and its port.
fn served() -> (tempfile::TempDir, tokio::runtime::Runtime, u16) {
    let dir = tempfile::tempdir().unwrap();
    let rt = runtime();
    let port = start(&rt, dir.path());
    (dir, rt, port)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn a_player_in_a_terminal_gets_the_start_screen_and_starts_a_match() {
    let (_dir, rt, port) = served();
    rt.block_on(async {
        let (_handle, mut ch) = shell(port, "alice", &key(), Some(("xterm-256color", 100, 30))).await;
        let mut screen = terminal(30, 100);
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
        until_shown(&mut ch, &mut screen, "New match").await;
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
