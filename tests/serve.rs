//! `brade serve` on 127.0.0.1, with an SSH client in the test (russh's): a player gets the
//! start screen in a terminal and plays, or the plain-text game without one; the first
//! key keeps a name and another key for it is refused; an exec request, a subsystem and
//! port forwarding run nothing; random bytes after login never bring the server down;
//! the host key is kept across restarts, owner-only.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // tests fail by panicking

use std::sync::{Arc, Mutex};
use std::time::Duration;

use brade::game::{Backgammon, Brade, Checkers as _};
use brade::rules::Color;
use brade::serve::club::Club;
use brade::serve::players::Players;
use brade::serve::{Shared, config, host_key, serve};
use brade::session::{Match, Phase};
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

/// A server on a free port of 127.0.0.1 in `dir`, on `runtime`: its port and its club.
fn start(runtime: &tokio::runtime::Runtime, dir: &std::path::Path) -> (u16, Arc<Mutex<Club>>) {
    let key = host_key(&dir.join("host_ed25519")).unwrap();
    let players = Players::open(dir.join("players.toml"), None).unwrap();
    let shared = Shared::new(players, dir.to_path_buf(), Duration::ZERO);
    let club = shared.club();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let port = listener.local_addr().unwrap().port();
    runtime.spawn(async move {
        let _ = serve(listener, config(key), shared).await;
    });
    (port, club)
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
    let (dir, rt, port, _) = served_club();
    (dir, rt, port)
}

/// The same, with the server's club to look into.
fn served_club() -> (tempfile::TempDir, tokio::runtime::Runtime, u16, Arc<Mutex<Club>>) {
    let dir = tempfile::tempdir().unwrap();
    let rt = runtime();
    let (port, club) = start(&rt, dir.path());
    (dir, rt, port, club)
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

/// A player at a terminal of the club: the connection, the channel and the screen the
/// bytes draw.
struct Seat {
    _handle: client::Handle<Client>,
    ch: russh::Channel<client::Msg>,
    screen: vt100::Parser,
}

impl Seat {
    /// `name` logs in with `key` on a 100×30 terminal and waits for the lobby.
    async fn at(port: u16, name: &str, key: &Arc<PrivateKey>) -> Seat {
        let (handle, ch) = shell(port, name, key, Some(("xterm-256color", 100, 30))).await;
        let mut seat = Seat {
            _handle: handle,
            ch,
            screen: terminal(30, 100),
        };
        seat.until("the club").await;
        seat
    }

    async fn keys(&mut self, bytes: &[u8]) {
        self.ch.data_bytes(bytes.to_vec()).await.unwrap();
    }

    async fn until(&mut self, text: &str) {
        until_shown(&mut self.ch, &mut self.screen, text).await;
    }

    /// Takes what has come within `wait`.
    async fn drain(&mut self, wait: Duration) {
        while let Ok(Some(msg)) = tokio::time::timeout(wait, self.ch.wait()).await {
            if let ChannelMsg::Data { data } = msg {
                self.screen.process(&data);
            }
        }
    }

    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// The lines of the panel that say each side's pips.
    fn pips(&self) -> Vec<String> {
        self.text()
            .lines()
            .filter_map(|l| {
                l.find("pips")
                    .map(|at| l[at..].trim_end_matches([' ', '│']).to_string())
            })
            .collect()
    }
}

/// The one match the club holds: its number, how it stands written out, and the match.
fn held<G: brade::app::TableGame>(club: &Arc<Mutex<Club>>) -> Option<(u64, String, Match<G>)> {
    let club = club.lock().unwrap();
    let id = *club.held().first()?;
    let (table, _) = club.table(id)?;
    Some((id, table.fingerprint(), table.game::<G>()?.clone()))
}

/// Waits (draining both seats) until the held match is no longer as `before`.
async fn moved_on<G: brade::app::TableGame>(
    club: &Arc<Mutex<Club>>,
    before: &str,
    seats: &mut [&mut Seat; 2],
) {
    for _ in 0..500 {
        if held::<G>(club).is_none_or(|(_, now, _)| now != before) {
            return;
        }
        for seat in seats.iter_mut() {
            seat.drain(Duration::from_millis(10)).await;
        }
    }
    panic!("the match never moved on");
}

/// Waits (draining both) until both seats show what `shown` finds on a screen, the same.
async fn both_show(seats: &mut [&mut Seat; 2], what: &str, shown: impl Fn(&Seat) -> Option<String>) {
    for _ in 0..500 {
        for seat in seats.iter_mut() {
            seat.drain(Duration::from_millis(10)).await;
        }
        let [a, b] = [shown(seats[0]), shown(seats[1])];
        if a.is_some() && a == b {
            return;
        }
    }
    panic!(
        "both seats never showed {what}: {:?} / {:?}",
        shown(seats[0]),
        shown(seats[1])
    );
}

/// The keys the seat to act types next in a held match — the opening roll, a roll (or,
/// where `double` says so, a double), the first legal play typed after `:`, taking a
/// double, passing a turn — and which seat types them; `None` once the match is over.
fn next_keys<G: brade::game::Game>(
    game: &Match<G>,
    first_play: impl Fn(&G::Turn) -> String,
    double: bool,
) -> Option<(Color, Vec<u8>)> {
    let mover = game.position.to_move();
    Some(match &game.phase {
        Phase::Teka { .. } | Phase::GameOver { .. } => (Color::White, b" ".to_vec()),
        Phase::AwaitRoll if double && game.may_double() => (mover, b"d".to_vec()),
        Phase::AwaitRoll | Phase::Forfeit(_) => (mover, b" ".to_vec()),
        Phase::Doubled { by } => (by.other(), b"t".to_vec()),
        Phase::Moving(turn) => (mover, format!(":{}\r", first_play(turn)).into_bytes()),
        Phase::MatchOver => return None,
    })
}

/// Plays the held match to its end from both seats (White's first), checking after each
/// roll that both show its dice and after each play that both show the same pips.
async fn play_out<G: brade::app::TableGame>(
    club: &Arc<Mutex<Club>>,
    seats: &mut [&mut Seat; 2],
    first_play: impl Fn(&G::Turn) -> String,
    roll_of: impl Fn(&G::Turn) -> (u8, u8),
    mut doubles: u32,
) {
    for _ in 0..5000 {
        let (_, before, game) = held::<G>(club).expect("a held match");
        let Some((seat, keys)) = next_keys(&game, &first_play, doubles > 0) else {
            return;
        };
        if keys == b"d" {
            doubles -= 1;
        }
        seats[seat.index()].keys(&keys).await;
        moved_on::<G>(club, &before, seats).await;
        let Some((_, _, now)) = held::<G>(club) else {
            return;
        };
        match &now.phase {
            Phase::Moving(turn) => {
                let (a, b) = roll_of(turn);
                both_show(seats, "the dice", |s| {
                    let text = s.text();
                    let line = text.lines().find(|l| l.contains("Dice:"))?;
                    (line.contains(&format!("[{a}]")) && line.contains(&format!("[{b}]")))
                        .then(|| format!("{a}{b}"))
                })
                .await;
            }
            Phase::AwaitRoll | Phase::Doubled { .. } => {
                both_show(seats, "the same pips", |s| {
                    Some(s.pips()).filter(|p| p.len() == 2).map(|p| p.join(" / "))
                })
                .await;
            }
            _ => {}
        }
    }
    panic!("the match never ended");
}

/// Alice invites Bob from the lobby to the game `g` pressed `toggles` times leads to, the
/// form's length moved `left` steps to the left; Bob accepts; both sit down.
async fn invite_and_accept(alice: &mut Seat, bob: &mut Seat, toggles: usize, left: usize) {
    alice.until("bob").await;
    for _ in 0..toggles {
        alice.keys(b"g").await;
    }
    alice.keys(b"\r").await;
    alice.until("Start the match").await;
    for _ in 0..left {
        alice.keys(b"\x1b[D").await;
    }
    // To the button (five fields) and on it.
    for _ in 0..6 {
        alice.keys(b"\r").await;
    }
    bob.until("alice invites you").await;
    bob.keys(b"\x1b[B\r").await;
    alice.until("alice (White)").await;
    bob.until("alice (White)").await;
}

/// Plays the held bräde match to its end (see [`play_out`]).
async fn brade_to_the_end(club: &Arc<Mutex<Club>>, seats: &mut [&mut Seat; 2]) {
    play_out::<Brade>(club, seats, brade_play, |t| t.roll().dice(), 0).await;
}

fn brade_play(turn: &brade::brade::Turn) -> String {
    brade::brade::MoveGen::new().plays(turn.start().board(), turn.roll())[0]
        .play
        .to_string()
}

fn backgammon_play(turn: &brade::backgammon::Turn) -> String {
    turn.legal_plays()[0].play.to_string()
}

#[test]
fn two_seats_play_a_whole_one_game_brade_match_each_step_seen_by_both() {
    let (dir, rt, port, club) = served_club();
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        let (_, _, game) = held::<Brade>(&club).unwrap();
        assert_eq!(game.names, ["alice", "bob"]);
        assert_eq!(game.length(), 1);
        // The opening roll is either side's; after it only the side to act is listened
        // to: the other's Space rolls nothing, and says whose turn it is.
        let (_, before, _) = held::<Brade>(&club).unwrap();
        bob.keys(b" ").await;
        moved_on::<Brade>(&club, &before, &mut [&mut alice, &mut bob]).await;
        let (_, before, game) = held::<Brade>(&club).unwrap();
        assert!(matches!(game.phase, Phase::AwaitRoll), "{:?}", game.phase);
        let mover = game.position.to_move();
        let waiting = if mover == Color::White {
            &mut bob
        } else {
            &mut alice
        };
        waiting.keys(b" ").await;
        waiting.until("turn: wait for them").await;
        assert_eq!(held::<Brade>(&club).unwrap().1, before, "nothing rolled");
        brade_to_the_end(&club, &mut [&mut alice, &mut bob]).await;
        // Recorded once, in the club's records and in each player's; the lobby lists it
        // with its dice.
        assert_eq!(club.lock().unwrap().finished_count(), 1);
        alice.drain(Duration::from_millis(100)).await;
        alice.keys(b"\r").await;
        alice.until("dice seed").await;
        alice.until("rolls:").await;
    });
    let records = |d: std::path::PathBuf| std::fs::read_dir(d).map_or(0, |r| r.count());
    assert_eq!(records(dir.path().join("club/records")), 1);
    assert_eq!(records(dir.path().join("players/alice/data/records")), 1);
    assert_eq!(records(dir.path().join("players/bob/data/records")), 1);
}

#[test]
fn two_seats_play_a_one_point_backgammon_match_with_a_double_and_a_take() {
    let (dir, rt, port, club) = served_club();
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        // `g` once: backgammon; its form's 5 points two steps left: 1 point.
        invite_and_accept(&mut alice, &mut bob, 1, 2).await;
        let (_, _, game) = held::<Backgammon>(&club).unwrap();
        assert_eq!(game.length(), 1);
        play_out::<Backgammon>(
            &club,
            &mut [&mut alice, &mut bob],
            backgammon_play,
            |t| t.roll().dice(),
            1,
        )
        .await;
        assert_eq!(club.lock().unwrap().finished_count(), 1);
    });
    // The double and the take are in the record.
    let records = dir.path().join("club/records");
    let record = std::fs::read_dir(&records)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(record).unwrap();
    assert!(text.contains("double") && text.contains("take"), "{text}");
}

/// Rolls the opening and the first roll of the held bräde match: the seat to move then.
async fn to_first_roll(club: &Arc<Mutex<Club>>, alice: &mut Seat, bob: &mut Seat) -> Color {
    for _ in 0..2 {
        let (_, before, game) = held::<Brade>(club).unwrap();
        let mover = match game.phase {
            Phase::Teka { .. } => Color::White,
            _ => game.position.to_move(),
        };
        let seat = if mover == Color::White {
            &mut *alice
        } else {
            &mut *bob
        };
        seat.keys(b" ").await;
        moved_on::<Brade>(club, &before, &mut [alice, bob]).await;
    }
    let (_, _, game) = held::<Brade>(club).unwrap();
    assert!(matches!(game.phase, Phase::Moving(_)), "{:?}", game.phase);
    game.position.to_move()
}

/// The roll of the held bräde match's turn in progress.
fn rolled(club: &Arc<Mutex<Club>>) -> brade::rules::Roll {
    match held::<Brade>(club).unwrap().2.phase {
        Phase::Moving(turn) => turn.roll(),
        phase => panic!("no turn in progress: {phase:?}"),
    }
}

#[test]
fn a_seat_dropped_mid_turn_rejoins_with_the_same_roll_and_finishes() {
    let (_dir, rt, port, club) = served_club();
    rt.block_on(async {
        let keys = [key(), key()];
        let mut alice = Seat::at(port, "alice", &keys[0]).await;
        let mut bob = Seat::at(port, "bob", &keys[1]).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        let mover = to_first_roll(&club, &mut alice, &mut bob).await;
        let roll = rolled(&club);
        // The mover's line drops in the middle of the turn.
        let (name, key, mut other) = if mover == Color::White {
            drop(alice);
            ("alice", &keys[0], bob)
        } else {
            drop(bob);
            ("bob", &keys[1], alice)
        };
        other.drain(Duration::from_millis(300)).await;
        assert_eq!(club.lock().unwrap().held().len(), 1, "the match is held");
        // Back with the same key: the lobby lists the match; Enter sits down at it, the
        // same roll on the board.
        let mut back = Seat::at(port, name, key).await;
        back.until("Enter goes back to it").await;
        back.keys(b"\x1b[B\r").await;
        back.until("Dice:").await;
        assert_eq!(rolled(&club), roll, "the same roll, not rolled again");
        let seats = if mover == Color::White {
            [&mut back, &mut other]
        } else {
            [&mut other, &mut back]
        };
        brade_to_the_end(&club, &mut { seats }).await;
        assert_eq!(club.lock().unwrap().finished_count(), 1);
    });
}

#[test]
fn a_server_restarted_finds_its_matches_where_they_stood() {
    let dir = tempfile::tempdir().unwrap();
    let keys = [key(), key()];
    let (before, roll) = {
        let rt = runtime();
        let (port, club) = start(&rt, dir.path());
        let seen = rt.block_on(async {
            let mut alice = Seat::at(port, "alice", &keys[0]).await;
            let mut bob = Seat::at(port, "bob", &keys[1]).await;
            invite_and_accept(&mut alice, &mut bob, 0, 1).await;
            to_first_roll(&club, &mut alice, &mut bob).await;
            (held::<Brade>(&club).unwrap().2.log.clone(), rolled(&club))
        });
        rt.shutdown_timeout(Duration::from_secs(1));
        seen
    };
    let rt = runtime();
    let (port, club) = start(&rt, dir.path());
    let (_, _, game) = held::<Brade>(&club).expect("held again after the restart");
    assert_eq!(game.log, before);
    assert!(
        matches!(&game.phase, Phase::Moving(turn) if turn.roll() == roll),
        "{:?}",
        game.phase
    );
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &keys[0]).await;
        let mut bob = Seat::at(port, "bob", &keys[1]).await;
        for seat in [&mut alice, &mut bob] {
            seat.until("Enter goes back to it").await;
            seat.keys(b"\x1b[B\r").await;
            seat.until("Dice:").await;
        }
        brade_to_the_end(&club, &mut [&mut alice, &mut bob]).await;
        assert_eq!(club.lock().unwrap().finished_count(), 1);
    });
}

#[test]
fn after_a_long_absence_the_match_may_be_claimed_and_is_recorded_as_claimed() {
    let (dir, rt, port, club) = served_club();
    club.lock().unwrap().set_claim_after(Duration::ZERO);
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        // Bob goes; Alice back in the lobby may claim the match.
        drop(bob);
        alice.drain(Duration::from_millis(200)).await;
        alice.keys(b"q").await;
        alice.until("c claims the match").await;
        alice.keys(b"c").await;
        alice.until("claimed by alice").await;
        alice.until("dice seed").await;
    });
    assert_eq!(club.lock().unwrap().finished_count(), 1);
    assert!(club.lock().unwrap().held().is_empty());
    let recorded: Vec<String> = std::fs::read_dir(dir.path().join("club/records"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        recorded.len() == 1 && recorded[0].contains("unfinished"),
        "recorded unfinished, not as a win: {recorded:?}"
    );
}
