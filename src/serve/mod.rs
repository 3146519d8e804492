//! `brade serve`: brade over SSH. A player types `ssh -p PORT NAME@HOST` in any terminal
//! and gets brade's screens in that terminal's size — the start screen, matches against a
//! friend at the same keyboard or against the computer, the records — with a data
//! directory and settings of their own on the server. A session without a terminal gets
//! the plain-text game.
//!
//! The server ([`russh`], with the `ring` backend: nothing but Rust and a C compiler to
//! build) speaks public-key authentication only: the first key that logs in with a name
//! keeps it ([`players`]), another key for that name is refused, and an allow-list may
//! name the only players let in. The host key is made on the first start and kept
//! (owner-only) so that clients' `known_hosts` stay valid. Nothing but the game: no exec
//! requests, no subsystems, no port or agent forwarding, one session a connection.
//!
//! Each session runs on a thread of its own ([`session`]): the bytes the connection
//! sends go through the terminal-input parser that no byte sequence can stall
//! ([`crate::front::Parser`]) into the same [`crate::front::Front`] the terminal uses.

pub mod bounds;
pub mod club;
pub mod players;
mod saver;
pub mod session;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::keys::{Algorithm, HashAlg, PrivateKey};
use russh::server::{Auth, ChannelOpenHandle, Config, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};

use crate::app::{App, Launch, Opening};
use crate::front::Front;
use crate::store::Store;

use players::Players;
use session::Input;

/// The address a server listens on unless told: this machine only.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7722";

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Options {
    pub listen: SocketAddr,
    /// The server's directory: its host key, its players and each player's data.
    pub dir: PathBuf,
    /// Only these names are let in (all when `None`).
    pub allowed: Option<Vec<String>>,
    /// The computer's pace in the players' matches.
    pub pace: Duration,
    /// How long a player may be away from a held match before the other may claim it.
    pub claim_after: Duration,
    /// Connections at once, in all and from one address.
    pub max_connections: usize,
    pub max_per_address: usize,
}

/// Why a server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot use {}: {source}", path.display())]
    Dir { path: PathBuf, source: std::io::Error },
    #[error("the host key {}: {why}", path.display())]
    HostKey { path: PathBuf, why: String },
    #[error("the list of players: {0}")]
    Players(String),
    #[error("cannot listen on {listen}: {source}")]
    Listen {
        listen: SocketAddr,
        source: std::io::Error,
    },
    #[error("the server stopped: {0}")]
    Stopped(String),
}

/// The host key at `path`, made (Ed25519, owner-only) when there is none yet.
pub fn host_key(path: &Path) -> Result<PrivateKey, ServeError> {
    let failed = |why: String| ServeError::HostKey {
        path: path.to_path_buf(),
        why,
    };
    if path.exists() {
        return PrivateKey::read_openssh_file(path).map_err(|e| failed(e.to_string()));
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(|e| failed(e.to_string()))?;
    // Written beside and renamed, owner-only from the start.
    let fresh = path.with_extension("new");
    let _ = std::fs::remove_file(&fresh);
    key.write_openssh_file(&fresh, russh::keys::ssh_key::LineEnding::LF)
        .map_err(|e| failed(e.to_string()))?;
    std::fs::rename(&fresh, path).map_err(|e| failed(e.to_string()))?;
    Ok(key)
}

/// The server's configuration: public keys only, keepalive and an inactivity limit.
#[must_use]
pub fn config(key: PrivateKey) -> Config {
    Config {
        methods: MethodSet::from(&[MethodKind::PublicKey][..]),
        keys: vec![key],
        auth_rejection_time: Duration::from_secs(1),
        // OpenSSH asks with no method first: answered at once.
        auth_rejection_time_initial: Some(Duration::ZERO),
        inactivity_timeout: Some(Duration::from_secs(3600)),
        keepalive_interval: Some(Duration::from_secs(30)),
        max_auth_attempts: 6,
        nodelay: true,
        ..Default::default()
    }
}

/// Makes `dir` (owner-only on Unix).
fn make_dir(dir: &Path) -> Result<(), ServeError> {
    let failed = |source| ServeError::Dir {
        path: dir.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(failed)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(failed)?;
    }
    Ok(())
}

/// A running session: its number and its input.
type Running = (u64, mpsc::Sender<Input>);

/// What every connection shares.
#[derive(Clone, Debug)]
pub struct Shared {
    players: Arc<Mutex<Players>>,
    dir: PathBuf,
    pace: Duration,
    /// The sessions whose thread runs (a server stopping waits for them to save).
    sessions: Arc<std::sync::atomic::AtomicUsize>,
    /// Each running session's input by its number, to tell it the server is stopping.
    inputs: Arc<Mutex<Vec<Running>>>,
    /// The next session's number.
    next: Arc<std::sync::atomic::AtomicU64>,
    /// The lobby, the invitations and the matches the server holds.
    club: Arc<Mutex<club::Club>>,
    /// The connections open, and how many may be.
    limits: Arc<bounds::Limits>,
}

impl Shared {
    /// What the connections of a server in `dir` share, with the matches it held when it
    /// last stopped.
    #[must_use]
    pub fn new(players: Players, dir: PathBuf, pace: Duration) -> Shared {
        let club = club::Club::open(&dir, club::CLAIM_AFTER);
        Shared {
            players: Arc::new(Mutex::new(players)),
            dir,
            pace,
            sessions: Arc::default(),
            inputs: Arc::default(),
            next: Arc::default(),
            club: Arc::new(Mutex::new(club)),
            limits: bounds::Limits::new(bounds::MAX_CONNECTIONS, bounds::MAX_PER_ADDRESS),
        }
    }

    /// The same, with at most `total` connections at once and `per_address` from one
    /// address.
    #[must_use]
    pub fn with_limits(mut self, total: usize, per_address: usize) -> Shared {
        self.limits = bounds::Limits::new(total, per_address);
        self
    }

    /// The club (for tests: the matches held, how many finished).
    #[must_use]
    pub fn club(&self) -> Arc<Mutex<club::Club>> {
        Arc::clone(&self.club)
    }
}

/// Runs a server as `options` say until it is stopped (SIGTERM or Ctrl-C), printing its
/// address and host key's fingerprint to `log`.
pub fn run(options: &Options, log: &mut dyn std::io::Write) -> Result<(), ServeError> {
    make_dir(&options.dir)?;
    let key = host_key(&options.dir.join("host_ed25519"))?;
    let fingerprint = key.public_key().fingerprint(HashAlg::Sha256).to_string();
    let players = Players::open(options.dir.join("players.toml"), options.allowed.clone())
        .map_err(ServeError::Players)?;
    let shared = Shared::new(players, options.dir.clone(), options.pace)
        .with_limits(options.max_connections, options.max_per_address);
    if let Ok(mut club) = shared.club.lock() {
        club.set_claim_after(options.claim_after);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::Stopped(e.to_string()))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .map_err(|source| ServeError::Listen {
                listen: options.listen,
                source,
            })?;
        let at = listener.local_addr().unwrap_or(options.listen);
        let _ = writeln!(log, "brade serve: listening on {at}, host key {fingerprint}");
        let _ = writeln!(log, "players connect with: ssh -p {} NAME@{}", at.port(), at.ip());
        let _ = log.flush();
        let sessions = Arc::clone(&shared.sessions);
        let served = serve(listener, config(key), shared).await;
        // Every connection closed: each session saves its match as a dropped line does;
        // waited for, three seconds at most.
        let deadline = std::time::Instant::now() + Duration::from_secs(3);
        while sessions.load(std::sync::atomic::Ordering::SeqCst) > 0 && std::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = writeln!(log, "brade serve: stopped");
        served
    })
}

/// Serves on `listener` until SIGTERM or Ctrl-C.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shared: Shared,
) -> Result<(), ServeError> {
    let config = Arc::new(config);
    let (shutdown, _) = tokio::sync::broadcast::channel::<()>(1);
    let stop = stopped();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((socket, peer)) => {
                    // Over a limit: closed before a byte is read.
                    if let Some(slot) = shared.limits.admit(peer.ip()) {
                        tokio::spawn(connection(socket, slot, Arc::clone(&config), shared.clone(), shutdown.subscribe()));
                    }
                }
                // (Out of file descriptors, say: a moment, then on.)
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
        }
    }
    // Each session told first: it saves, says so to its player and ends (waited for, two
    // and a half seconds at most); then every connection is closed.
    if let Ok(inputs) = shared.inputs.lock() {
        for (_, input) in inputs.iter() {
            let _ = input.send(Input::Stop);
        }
    }
    let deadline = std::time::Instant::now() + Duration::from_millis(2500);
    while shared.sessions.load(std::sync::atomic::Ordering::SeqCst) > 0
        && std::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Everything the club asked to be written, written.
    if let Ok(club) = shared.club.lock() {
        club.flush(Duration::from_millis(400));
    }
    let _ = shutdown.send(());
    Ok(())
}

/// One connection, holding its `slot` until it ends: closed when it has not logged in
/// within the grace time, and when the server stops.
async fn connection(
    socket: tokio::net::TcpStream,
    slot: bounds::Slot,
    config: Arc<Config>,
    shared: Shared,
    mut shutdown: tokio::sync::broadcast::Receiver<()>,
) {
    let _slot = slot;
    let _ = socket.set_nodelay(true);
    let logged_in = bounds::LoggedIn::default();
    let handler = Connection::new(shared, Arc::clone(&logged_in));
    let Ok(Ok(session)) = tokio::time::timeout(
        bounds::LOGIN_GRACE,
        russh::server::run_stream(config, socket, handler),
    )
    .await
    else {
        return;
    };
    let handle = session.handle();
    let grace = async {
        tokio::time::sleep(bounds::LOGIN_GRACE).await;
        if logged_in.load(std::sync::atomic::Ordering::SeqCst) {
            std::future::pending::<()>().await;
        }
    };
    let bye = |why: &str| {
        let (handle, why) = (handle.clone(), why.to_string());
        async move {
            let _ = handle
                .disconnect(russh::Disconnect::ByApplication, why, String::new())
                .await;
        }
    };
    tokio::select! {
        _ = session => {}
        () = grace => bye("no login in time").await,
        _ = shutdown.recv() => bye("the server is stopping").await,
    }
}

/// When the process is told to stop.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// One connection: who logged in, its one session channel and the terminal it asked for.
pub struct Connection {
    shared: Shared,
    name: Option<String>,
    channel: Option<ChannelId>,
    /// The terminal's type and size.
    terminal: Option<(String, u16, u16)>,
    /// The session's thread's input, once it runs.
    input: Option<bounds::Outbox>,
    /// Set once it has logged in.
    logged_in: bounds::LoggedIn,
}

impl Connection {
    fn new(shared: Shared, logged_in: bounds::LoggedIn) -> Connection {
        Connection {
            shared,
            name: None,
            channel: None,
            terminal: None,
            input: None,
            logged_in,
        }
    }
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(tx) = &self.input {
            tx.send(Input::Closed);
        }
    }
}

impl russh::server::Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::reject())
    }

    async fn auth_password(&mut self, _user: &str, _password: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::reject())
    }

    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        _offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(if players::valid_name(user) {
            Auth::Accept
        } else {
            Auth::reject()
        })
    }

    async fn auth_publickey(&mut self, user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth, Self::Error> {
        let fingerprint = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        let let_in = self
            .shared
            .players
            .lock()
            .map(|mut players| players.log_in(user, &fingerprint).is_ok())
            .unwrap_or(false);
        if let_in {
            self.name = Some(user.to_string());
            self.logged_in.store(true, std::sync::atomic::Ordering::SeqCst);
            Ok(Auth::Accept)
        } else {
            Ok(Auth::reject())
        }
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        } else {
            self.channel = Some(channel.id());
            reply.accept().await;
        }
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host: &str,
        _port: u32,
        _from: &str,
        _from_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        _value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.terminal = Some((
            term.chars().take(64).collect(),
            session::side(cols),
            session::side(rows),
        ));
        session.channel_success(channel)
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        if self.input.is_some() || self.channel != Some(channel) {
            return session.channel_failure(channel);
        }
        let Some(name) = self.name.clone() else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        let (outbox, rx, tx) = bounds::queue();
        let id = self.shared.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if let Ok(mut inputs) = self.shared.inputs.lock() {
            inputs.push((id, tx.clone()));
        }
        self.input = Some(outbox);
        let start = Start {
            id,
            name,
            terminal: self.terminal.clone(),
            shared: self.shared.clone(),
            wake: Some(tx),
        };
        let handle = session.handle();
        let runtime = tokio::runtime::Handle::current();
        let spawned = std::thread::Builder::new()
            .name("brade-session".into())
            .spawn(move || play(start, &runtime, &handle, channel, &rx));
        if spawned.is_err() {
            session.close(channel)?;
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        session.close(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        session.close(channel)
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(tx) = &self.input {
            tx.send(Input::Resize(session::side(cols), session::side(rows)));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(outbox) = &mut self.input
            && outbox.bytes(data).is_err()
        {
            // More than a person types or pastes: the connection is closed.
            return Err(russh::Error::Disconnect);
        }
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<(), Self::Error> {
        if let Some(tx) = &self.input {
            tx.send(Input::Closed);
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(tx) = &self.input {
            tx.send(Input::Closed);
        }
        Ok(())
    }
}

/// What a session's thread starts from.
struct Start {
    /// The session's number among those running.
    id: u64,
    name: String,
    terminal: Option<(String, u16, u16)>,
    shared: Shared,
    /// Its input, for the club to wake it.
    wake: Option<mpsc::Sender<Input>>,
}

/// A session's thread: the player's brade, full screen on a terminal or plain text
/// without one (or on a `dumb` one), then the channel closed.
fn play(
    start: Start,
    runtime: &tokio::runtime::Handle,
    handle: &russh::server::Handle,
    channel: ChannelId,
    input: &bounds::Inbox,
) {
    let shared = start.shared.clone();
    let id = start.id;
    shared.sessions.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    session_thread(start, runtime, handle, channel, input);
    if let Ok(mut inputs) = shared.inputs.lock() {
        inputs.retain(|(i, _)| *i != id);
    }
    shared.sessions.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
}

fn session_thread(
    start: Start,
    runtime: &tokio::runtime::Handle,
    handle: &russh::server::Handle,
    channel: ChannelId,
    input: &bounds::Inbox,
) {
    let dir = start.shared.dir.join("players").join(&start.name);
    let store = Store::at(dir.join("data"));
    let lock = store.lock();
    let config = dir.join("config.toml");
    let (settings, _problems) = crate::settings::load(&config);
    let mut launch = Launch {
        settings,
        seed: rand::random(),
        opening: Opening::Start,
        ..Launch::default()
    };
    let saving = match &lock {
        Ok(_) => {
            launch.in_progress = store.in_progress().matches;
            Some(store.clone())
        }
        Err(e) => {
            // Every session is this process: a lock held by it is the player's other one.
            let why = match e {
                crate::store::LockError::Held { dir, pid } if *pid == Some(std::process::id()) => {
                    crate::words::save::held_by_own_session(settings.language, dir)
                }
                e => e.words(settings.language),
            };
            launch.read_only = Some(crate::words::cli::read_only(settings.language, &why));
            None
        }
    };
    let options = crate::front::Options {
        store: saving,
        records: Some(store),
        config: Some(config),
        pace: start.shared.pace,
    };
    let (wake, woken) = mpsc::channel();
    let plain = start.terminal.as_ref().is_none_or(|(term, ..)| term == "dumb");
    let status = match start.terminal {
        Some((_, width, height)) if !plain => {
            let mut app = App::launch(launch);
            let member = start.wake.map(|tx| {
                let member = session::Member {
                    club: start.shared.club(),
                    id: start.id,
                };
                if let Ok(mut club) = member.club.lock() {
                    club.join(start.id, &start.name, app.lang(), tx);
                    app.join_club(club.roster(start.id));
                }
                member
            });
            let front = Front::new(app, options, session::area(width, height), session::waker(wake));
            let writer = session::ChannelWriter::new(runtime.clone(), handle.clone(), channel, false);
            let played = session::full_screen(front, writer, (width, height), input, &woken, member.as_ref());
            if let Ok(mut club) = start.shared.club.lock() {
                club.leave(start.id);
            }
            played
        }
        _ => {
            let front = Front::new(
                App::launch(launch),
                options,
                session::area(80, 24),
                session::waker(wake),
            );
            plain_session(front, runtime, handle, channel, input, start.terminal.is_some())
        }
    };
    drop(lock);
    let code = u32::from(status.is_err());
    let _ = runtime.block_on(async {
        handle.exit_status_request(channel, code).await?;
        handle.eof(channel).await?;
        handle.close(channel).await
    });
}

/// The plain-text game for a session without a terminal (or a `dumb` one): a new bräde
/// match at the keyboard with the setup form's defaults, played in sentences.
fn plain_session(
    mut front: Front,
    runtime: &tokio::runtime::Handle,
    handle: &russh::server::Handle,
    channel: ChannelId,
    input: &bounds::Inbox,
    on_terminal: bool,
) -> std::io::Result<()> {
    let writer = || session::ChannelWriter::new(runtime.clone(), handle.clone(), channel, true);
    let mut out = writer();
    open_first_match(&mut front);
    let mut lines = session::Lines::new(input, on_terminal.then(writer));
    crate::plain::run(&mut front, &mut lines, &mut out)?;
    if lines.stopped {
        let lang = front.app().lang();
        std::io::Write::write_fmt(
            &mut out,
            format_args!("{}\n", lang.say(crate::words::terminal::SERVER_STOPPING)),
        )?;
    }
    std::io::Write::flush(&mut out)
}

/// From the start screen, the first new match (bräde's) with the form's defaults: `n`
/// opens its form, each Enter goes to the next field and on the button starts it.
fn open_first_match(front: &mut Front) {
    use crate::app::{Input as AppInput, Key};
    let app = front.app_mut();
    app.handle(AppInput::Key(Key::Char('n')));
    for _ in 0..16 {
        if app.in_match() {
            return;
        }
        app.handle(AppInput::Key(Key::Enter));
    }
}
