//! What bounds a server: connections in all and from one address, the time to log in,
//! the bytes a session may have waiting and the rate a connection may send them.
//!
//! The accept loop is ours (around russh's [`russh::server::run_stream`]) so that a
//! connection over a limit is closed before its first byte is read — russh's own loop
//! cannot refuse one. Every connection holds a [`Slot`] until it ends. A connection that
//! has not logged in within [`LOGIN_GRACE`] is closed. What a connection sends waits for
//! its session in an unbounded queue whose bytes are counted ([`Outbox`], [`Inbox`]): a
//! client that sends more than [`MAX_PENDING`] ahead of its session, or faster than
//! [`RATE`] bytes a second beyond a burst of [`BURST`], is disconnected — a person typing
//! or pasting comes nowhere near either.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvError, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::session::Input;

/// Connections at once, unless the server is told otherwise.
pub const MAX_CONNECTIONS: usize = 200;
/// Connections at once from one address, unless the server is told otherwise.
pub const MAX_PER_ADDRESS: usize = 16;
/// The time a connection has to log in.
pub const LOGIN_GRACE: Duration = Duration::from_secs(30);
/// The bytes a connection may have sent that its session has not read yet.
pub const MAX_PENDING: usize = 1 << 20;
/// The bytes a second a connection may send, on average…
pub const RATE: f64 = 64.0 * 1024.0;
/// …and all at once.
pub const BURST: f64 = 256.0 * 1024.0;

/// The connections open, in all and by address.
#[derive(Debug)]
pub struct Limits {
    total: usize,
    per_address: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// A connection's place among those open: given back when dropped.
#[derive(Debug)]
pub struct Slot {
    limits: Arc<Limits>,
    address: IpAddr,
}

impl Limits {
    #[must_use]
    pub fn new(total: usize, per_address: usize) -> Arc<Limits> {
        Arc::new(Limits {
            total,
            per_address,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A place for a connection from `address`, if both limits allow one.
    #[must_use]
    pub fn admit(self: &Arc<Limits>, address: IpAddr) -> Option<Slot> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let total: usize = open.values().sum();
        let here = open.get(&address).copied().unwrap_or(0);
        if total >= self.total || here >= self.per_address {
            return None;
        }
        open.insert(address, here + 1);
        Some(Slot {
            limits: Arc::clone(self),
            address,
        })
    }

    /// The connections open now.
    #[must_use]
    pub fn open(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .values()
            .sum()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self
            .limits
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// Whether a connection has logged in (set by its handler, read by its grace timer).
pub type LoggedIn = Arc<AtomicBool>;

/// The bytes a connection sends to its session, counted.
#[derive(Debug)]
pub struct Outbox {
    tx: Sender<Input>,
    pending: Arc<AtomicUsize>,
    bucket: Bucket,
}

/// A session's input, the bytes counted off as they are read.
#[derive(Debug)]
pub struct Inbox {
    rx: Receiver<Input>,
    pending: Arc<AtomicUsize>,
}

/// Too much sent: the connection is to be closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flood;

/// A session's queue: the connection's end, the session's end, and a plain sender for
/// what the server tells the session (its end, the club's news).
#[must_use]
pub fn queue() -> (Outbox, Inbox, Sender<Input>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let pending = Arc::new(AtomicUsize::new(0));
    (
        Outbox {
            tx: tx.clone(),
            pending: Arc::clone(&pending),
            bucket: Bucket::new(),
        },
        Inbox { rx, pending },
        tx,
    )
}

impl Outbox {
    /// Bytes from the network for the session, unless they are too many.
    pub fn bytes(&mut self, data: &[u8]) -> Result<(), Flood> {
        if !self.bucket.take(data.len()) {
            return Err(Flood);
        }
        let before = self.pending.fetch_add(data.len(), Ordering::SeqCst);
        if before + data.len() > MAX_PENDING {
            return Err(Flood);
        }
        let _ = self.tx.send(Input::Bytes(data.to_vec()));
        Ok(())
    }

    /// Anything else for the session.
    pub fn send(&self, input: Input) {
        let _ = self.tx.send(input);
    }
}

impl Inbox {
    fn took(&self, input: &Input) {
        if let Input::Bytes(bytes) = input {
            self.pending.fetch_sub(bytes.len(), Ordering::SeqCst);
        }
    }

    /// The next input, waiting for it.
    pub fn recv(&self) -> Result<Input, RecvError> {
        let input = self.rx.recv()?;
        self.took(&input);
        Ok(input)
    }

    /// The next input within `wait`.
    pub fn recv_timeout(&self, wait: Duration) -> Result<Input, RecvTimeoutError> {
        let input = self.rx.recv_timeout(wait)?;
        self.took(&input);
        Ok(input)
    }
}

/// A token bucket of bytes: [`RATE`] a second, [`BURST`] at most.
#[derive(Debug)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            last: Instant::now(),
        }
    }

    fn take(&mut self, n: usize) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * RATE).min(BURST);
        self.last = now;
        let n = n as f64;
        if n > self.tokens {
            return false;
        }
        self.tokens -= n;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_admitted_up_to_each_limit_and_given_back() {
        let limits = Limits::new(3, 2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let first = limits.admit(a).unwrap();
        let _second = limits.admit(a).unwrap();
        assert!(limits.admit(a).is_none(), "two from one address");
        let _third = limits.admit(b).unwrap();
        assert!(limits.admit(b).is_none(), "three in all");
        drop(first);
        assert!(limits.admit(a).is_some(), "a place given back is free again");
    }

    #[test]
    fn a_flood_of_bytes_is_refused_and_what_is_read_is_counted_off() {
        let (mut out, inbox, _tx) = queue();
        let chunk = vec![b'x'; 32 * 1024];
        // The burst passes; then the rate holds it back.
        let mut sent = 0;
        while out.bytes(&chunk).is_ok() {
            sent += chunk.len();
            assert!(sent <= 2 * BURST as usize, "never refused");
        }
        assert!(sent as f64 >= BURST - chunk.len() as f64);
        while let Ok(input) = inbox.recv_timeout(Duration::from_millis(1)) {
            assert!(matches!(input, Input::Bytes(_)));
        }
        assert_eq!(inbox.pending.load(Ordering::SeqCst), 0);
    }
}
