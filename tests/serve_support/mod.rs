//! What the tests of `brade serve` share: a server on 127.0.0.1 in a fresh directory, an
//! SSH client (russh's) logging in with a key and opening a shell, the screen its bytes
//! draw (vt100), and seats of the club that play a held match to its end.
#![allow(dead_code, clippy::panic, clippy::unwrap_used, clippy::expect_used)] // tests fail by panicking

use std::sync::{Arc, Mutex};
use std::time::Duration;

use brade::game::{Brade, Checkers as _};
use brade::rules::Color;
use brade::serve::club::Club;
pub use brade::serve::host_key;
use brade::serve::players::Players;
use brade::serve::{Shared, config, serve};
use brade::session::{Match, Phase};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client};

pub struct Client;

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
pub fn start(runtime: &tokio::runtime::Runtime, dir: &std::path::Path) -> (u16, Arc<Mutex<Club>>) {
    start_with(runtime, dir, |shared| shared)
}

/// The same, its shared state made by `made` (its limits, say).
pub fn start_with(
    runtime: &tokio::runtime::Runtime,
    dir: &std::path::Path,
    made: impl FnOnce(Shared) -> Shared,
) -> (u16, Arc<Mutex<Club>>) {
    let key = host_key(&dir.join("host_ed25519")).unwrap();
    let players = Players::open(dir.join("players.toml"), None).unwrap();
    let shared = made(Shared::new(players, dir.to_path_buf(), Duration::ZERO));
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

pub fn key() -> Arc<PrivateKey> {
    Arc::new(PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap())
}

/// Logs in as `name` with `key`: the connection, or `None` when refused.
pub async fn log_in(port: u16, name: &str, key: &Arc<PrivateKey>) -> Option<client::Handle<Client>> {
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
pub async fn shell(
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
pub async fn gather(channel: &mut russh::Channel<client::Msg>, wait: Duration) -> (Vec<u8>, Vec<String>) {
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
pub async fn until(channel: &mut russh::Channel<client::Msg>, text: &str, seen: &mut Vec<u8>) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !String::from_utf8_lossy(seen).contains(text) {
        seen.extend(next_data(channel, deadline, text).await);
    }
}

/// Reads until the screen the bytes draw on a `cols`×`rows` terminal shows `text`, or
/// panics after 20 s.
pub async fn until_shown(channel: &mut russh::Channel<client::Msg>, screen: &mut vt100::Parser, text: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !screen.screen().contents().contains(text) {
        let shown = screen.screen().contents();
        let data = next_data(channel, deadline, &format!("{text} (the screen:\n{shown})")).await;
        screen.process(&data);
    }
}

pub async fn next_data(
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
pub fn terminal(rows: u16, cols: u16) -> vt100::Parser {
    vt100::Parser::new(
        std::num::NonZero::new(rows).unwrap(),
        std::num::NonZero::new(cols).unwrap(),
        0,
    )
}

/// A server in a fresh directory: the directory, the runtime it runs on and its port.
pub fn served() -> (tempfile::TempDir, tokio::runtime::Runtime, u16) {
    let (dir, rt, port, _) = served_club();
    (dir, rt, port)
}

/// The same, with the server's club to look into.
pub fn served_club() -> (tempfile::TempDir, tokio::runtime::Runtime, u16, Arc<Mutex<Club>>) {
    let dir = tempfile::tempdir().unwrap();
    let rt = runtime();
    let (port, club) = start(&rt, dir.path());
    (dir, rt, port, club)
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A player at a terminal of the club: the connection, the channel and the screen the
/// bytes draw.
pub struct Seat {
    pub name: String,
    pub _handle: client::Handle<Client>,
    pub ch: russh::Channel<client::Msg>,
    pub screen: vt100::Parser,
}

impl Seat {
    /// `name` logs in with `key` on a 100×30 terminal and waits for the lobby.
    pub async fn at(port: u16, name: &str, key: &Arc<PrivateKey>) -> Seat {
        let (handle, ch) = shell(port, name, key, Some(("xterm-256color", 100, 30))).await;
        let mut seat = Seat {
            name: name.to_string(),
            _handle: handle,
            ch,
            screen: terminal(30, 100),
        };
        seat.until("the club").await;
        seat
    }

    pub async fn keys(&mut self, bytes: &[u8]) {
        self.ch.data_bytes(bytes.to_vec()).await.unwrap();
    }

    pub async fn until(&mut self, text: &str) {
        until_shown(&mut self.ch, &mut self.screen, text).await;
    }

    /// Reads until the screen no longer shows `text` (within 20 s), so that a later
    /// `until` of the same text waits for it to be drawn afresh.
    pub async fn until_gone(&mut self, text: &str) {
        let shown = |s: &Seat| Some(s.text().contains(text).to_string());
        if shown(self) == Some("true".into())
            && !self
                .changed_within(shown, Some("true".into()), Duration::from_secs(20))
                .await
        {
            panic!("{text:?} never went:\n{}", self.text());
        }
    }

    /// Rolls the teka with Space until it decides — equal dice roll again (R5, B4), and the
    /// server's dice are the OS's — and waits for its result in the panel ("Teka: …").
    pub async fn roll_teka(&mut self) {
        for _ in 0..30 {
            let before = Some(self.text());
            self.keys(b" ").await;
            self.until_changed(|s| Some(s.text()), before).await;
            // A frame may come in pieces: what the roll changed, whole.
            self.drain(Duration::from_millis(200)).await;
            if self.text().contains("Teka: ") {
                return;
            }
        }
        panic!("the teka never decided:\n{}", self.text());
    }

    /// Takes what has come within `wait`.
    pub async fn drain(&mut self, wait: Duration) {
        while let Ok(Some(msg)) = tokio::time::timeout(wait, self.ch.wait()).await {
            if let ChannelMsg::Data { data } = msg {
                self.screen.process(&data);
            }
        }
    }

    /// Reads as the bytes come until what `probe` finds on the screen is no longer
    /// `before` (within 10 s): whether it changed.
    pub async fn until_changed(
        &mut self,
        probe: impl Fn(&Seat) -> Option<String>,
        before: Option<String>,
    ) -> bool {
        self.changed_within(probe, before, Duration::from_secs(10)).await
    }

    /// The same, within `wait`.
    pub async fn changed_within(
        &mut self,
        probe: impl Fn(&Seat) -> Option<String>,
        before: Option<String>,
        wait: Duration,
    ) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match tokio::time::timeout(left, self.ch.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    self.screen.process(&data);
                    if probe(self) != before {
                        return true;
                    }
                }
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => return false,
            }
        }
    }

    /// Moves the lobby's cursor to the line that says `text` (from the top), a line at a
    /// time, each move waited for on the screen (it may lag behind the keys).
    pub async fn choose(&mut self, text: &str) {
        // Where the cursor stands (a line's own text may change under it).
        fn row(seat: &Seat) -> Option<String> {
            seat.text()
                .lines()
                .position(|l| l.contains('▶'))
                .map(|r| r.to_string())
        }
        fn marked(seat: &Seat) -> Option<String> {
            seat.text().lines().find(|l| l.contains('▶')).map(str::to_string)
        }
        self.until(text).await;
        self.keys(b"\x1b[H").await;
        self.drain(Duration::from_millis(50)).await;
        for _ in 0..300 {
            if marked(self).is_some_and(|l| l.contains(text)) {
                return;
            }
            let now = row(self);
            self.keys(b"\x1b[B").await;
            if !self.changed_within(row, now, Duration::from_secs(2)).await {
                // The last line: from the top again (the list may have changed).
                self.keys(b"\x1b[H").await;
                self.drain(Duration::from_millis(50)).await;
            }
        }
        panic!("no line says {text:?}:\n{}", self.text());
    }

    pub fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// The lines of the panel that say each side's pips.
    pub fn pips(&self) -> Vec<String> {
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
pub fn held<G: brade::app::TableGame>(club: &Arc<Mutex<Club>>) -> Option<(u64, String, Match<G>)> {
    held_of(club, None)
}

/// The same, of the match whose White is `white` (the first held, for `None`).
pub fn held_of<G: brade::app::TableGame>(
    club: &Arc<Mutex<Club>>,
    white: Option<&str>,
) -> Option<(u64, String, Match<G>)> {
    let club = club.lock().unwrap();
    club.held().into_iter().find_map(|id| {
        let (table, _) = club.table(id)?;
        if white.is_some_and(|w| table.names()[0] != w) {
            return None;
        }
        Some((id, table.fingerprint(), table.game::<G>()?.clone()))
    })
}

/// Waits (draining both seats) until the held match is no longer as `before`.
pub async fn moved_on<G: brade::app::TableGame>(
    club: &Arc<Mutex<Club>>,
    before: &str,
    seats: &mut [&mut Seat; 2],
) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        if held_of::<G>(club, Some(&seats[0].name)).is_none_or(|(_, now, _)| now != before) {
            return;
        }
        for seat in seats.iter_mut() {
            seat.drain(Duration::from_millis(10)).await;
        }
    }
    panic!("the match never moved on");
}

/// Waits (draining both) until both seats show what `shown` finds on a screen, the same.
pub async fn both_show(seats: &mut [&mut Seat; 2], what: &str, shown: impl Fn(&Seat) -> Option<String>) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
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
pub fn next_keys<G: brade::game::Game>(
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
pub async fn play_out<G: brade::app::TableGame>(
    club: &Arc<Mutex<Club>>,
    seats: &mut [&mut Seat; 2],
    first_play: impl Fn(&G::Turn) -> String,
    roll_of: impl Fn(&G::Turn) -> (u8, u8),
    doubles: u32,
) {
    play_out_timed::<G>(club, seats, (first_play, roll_of), doubles, None).await;
}

/// The dice line of a seat's screen.
fn dice_line(seat: &Seat) -> Option<String> {
    seat.text()
        .lines()
        .find(|l| l.contains("Dice:"))
        .map(str::to_string)
}

/// [`play_out`], the seats White and Black, timing each roll from its key to the other
/// seat's screen showing the dice (into `rolls`, when given).
pub async fn play_out_timed<G: brade::app::TableGame>(
    club: &Arc<Mutex<Club>>,
    seats: &mut [&mut Seat; 2],
    (first_play, roll_of): (impl Fn(&G::Turn) -> String, impl Fn(&G::Turn) -> (u8, u8)),
    mut doubles: u32,
    rolls: Option<&Mutex<Vec<Duration>>>,
) {
    let white = seats[0].name.clone();
    for _ in 0..5000 {
        let (_, before, game) = held_of::<G>(club, Some(&white)).expect("a held match");
        let Some((seat, keys)) = next_keys(&game, &first_play, doubles > 0) else {
            return;
        };
        if keys == b"d" {
            doubles -= 1;
        }
        let other = seat.other().index();
        let rolling = matches!(game.phase, Phase::AwaitRoll) && keys == b" ";
        let shown = dice_line(seats[other]);
        let sent = std::time::Instant::now();
        seats[seat.index()].keys(&keys).await;
        if rolling && let Some(rolls) = rolls {
            // Read as the bytes come: the moment the other screen shows dice.
            if seats[other].until_changed(dice_line, shown).await {
                rolls.lock().unwrap().push(sent.elapsed());
            }
        }
        moved_on::<G>(club, &before, seats).await;
        let Some((_, _, now)) = held_of::<G>(club, Some(&white)) else {
            return;
        };
        match &now.phase {
            Phase::Moving(turn) => {
                let (a, b) = roll_of(turn);
                both_show(seats, "the dice", |s| {
                    let line = dice_line(s)?;
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
pub async fn invite_and_accept(inviter: &mut Seat, guest: &mut Seat, toggles: usize, left: usize) {
    inviter.choose(&format!("{} ", guest.name)).await;
    for _ in 0..toggles {
        inviter.keys(b"g").await;
    }
    inviter.keys(b"\r").await;
    inviter.until("Start the match").await;
    inviter.until(&format!("an invitation to {}", guest.name)).await;
    for _ in 0..left {
        inviter.keys(b"\x1b[D").await;
    }
    // To the button (five fields) and on it.
    for _ in 0..6 {
        inviter.keys(b"\r").await;
    }
    let invited = format!("{} invites you", inviter.name);
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !guest.text().contains(&invited) {
        assert!(
            std::time::Instant::now() < deadline,
            "no invitation came:\n{}\n{}",
            inviter.text(),
            guest.text()
        );
        inviter.drain(Duration::from_millis(20)).await;
        guest.drain(Duration::from_millis(20)).await;
    }
    guest.choose(&invited).await;
    guest.keys(b"\r").await;
    let white = format!("{} (White)", inviter.name);
    inviter.until(&white).await;
    guest.until(&white).await;
}

/// Plays the held bräde match to its end (see [`play_out`]).
pub async fn brade_to_the_end(club: &Arc<Mutex<Club>>, seats: &mut [&mut Seat; 2]) {
    play_out::<Brade>(club, seats, brade_play, |t| t.roll().dice(), 0).await;
}

pub fn brade_play(turn: &brade::brade::Turn) -> String {
    brade::brade::MoveGen::new().plays(turn.start().board(), turn.roll())[0]
        .play
        .to_string()
}

pub fn backgammon_play(turn: &brade::backgammon::Turn) -> String {
    turn.legal_plays()[0].play.to_string()
}

/// Rolls the opening and the first roll of the held bräde match: the seat to move then.
pub async fn to_first_roll(club: &Arc<Mutex<Club>>, alice: &mut Seat, bob: &mut Seat) -> Color {
    // (An opening of equal dice is rolled again.)
    while !matches!(held::<Brade>(club).unwrap().2.phase, Phase::Moving(_)) {
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
pub fn rolled(club: &Arc<Mutex<Club>>) -> brade::rules::Roll {
    match held::<Brade>(club).unwrap().2.phase {
        Phase::Moving(turn) => turn.roll(),
        phase => panic!("no turn in progress: {phase:?}"),
    }
}

/// The records in a records folder (their `.toml` files; an analysis kept beside one is
/// not a record).
pub fn records_in(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir).map_or_else(
        |_| Vec::new(),
        |r| {
            r.filter_map(|e| Some(e.ok()?.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        },
    )
}

/// A `brade serve` process that is killed when dropped: a test that fails (panics) half-way
/// leaves no server behind.
pub struct ServeProcess(std::process::Child);

impl std::ops::Deref for ServeProcess {
    type Target = std::process::Child;
    fn deref(&self) -> &std::process::Child {
        &self.0
    }
}

impl std::ops::DerefMut for ServeProcess {
    fn deref_mut(&mut self) -> &mut std::process::Child {
        &mut self.0
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// `brade serve` as a process of its own in `dir` (with `args` besides), on a free port of
/// 127.0.0.1, once it listens: the process (killed when dropped) and its port.
pub fn serve_process(dir: &std::path::Path, args: &[&str]) -> (ServeProcess, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_brade"))
        .args(["--data-dir", dir.to_str().unwrap(), "serve"])
        .args(args)
        .arg("--listen")
        .arg(format!("127.0.0.1:{port}"))
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let child = ServeProcess(child);
    for _ in 0..400 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, port)
}
