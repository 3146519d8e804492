//! The club's writer: every file the club writes — a held match at each change, a match
//! over to the records (the club's and each player's), the list of finished matches — is
//! written by one thread of its own, in the order asked, so that a save's wait for the
//! disk never holds the club (and every other table) still.
//!
//! What is asked in a burst is written once: a match saved twice before the writer comes
//! to it is written as it stands last. A write that fails is kept and tried again with
//! the next and every few seconds (the latest state of each file wins), and why it fails
//! is said in every lobby until it succeeds ([`Saver::failing`]). [`Saver::flush`] waits
//! until everything asked is written: a stopping server calls it before it exits.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::store::{SavedMatch, Store};

/// How often writes that failed are tried again while nothing new comes.
const RETRY: Duration = Duration::from_secs(5);

/// One write.
#[derive(Debug)]
pub enum Write {
    /// A held match, to its file among the club's matches in progress.
    Held { slot: PathBuf, saved: Box<SavedMatch> },
    /// Held match `id` over: from its file to the club's records (`claimed`: unfinished,
    /// as a match put away); then analysed, the analysis kept beside the record.
    Record {
        id: u64,
        slot: PathBuf,
        saved: Box<SavedMatch>,
        claimed: bool,
    },
    /// A copy of held match `id`, over, in a player's own records (their data directory's
    /// store), its analysis with it once made.
    Archive {
        id: u64,
        store: Store,
        saved: Box<SavedMatch>,
    },
    /// A whole small file (the list of finished matches).
    File { path: PathBuf, text: String },
}

impl Write {
    /// The file this write decides, for writes that replace one another.
    fn target(&self) -> Option<&PathBuf> {
        match self {
            Write::Held { slot, .. } | Write::Record { slot, .. } => Some(slot),
            Write::File { path, .. } => Some(path),
            Write::Archive { .. } => None,
        }
    }
}

enum Job {
    Write(Write),
    /// Answered once everything before it is written (or has failed).
    Flush(Sender<()>),
}

/// The club's writer thread.
#[derive(Debug)]
pub struct Saver {
    tx: Sender<Job>,
    failing: Arc<Mutex<Option<String>>>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Write(w) => write!(f, "Write({:?})", w.target()),
            Job::Flush(_) => f.write_str("Flush"),
        }
    }
}

impl Saver {
    /// The writer of the club whose store is `store`.
    #[must_use]
    pub fn start(store: Store) -> Saver {
        let (tx, rx) = std::sync::mpsc::channel();
        let failing = Arc::new(Mutex::new(None));
        let said = Arc::clone(&failing);
        let _ = std::thread::Builder::new()
            .name("brade-club-saver".into())
            .spawn(move || run(&store, &rx, &said));
        Saver { tx, failing }
    }

    /// Writes `write`, after everything asked before.
    pub fn write(&self, write: Write) {
        let _ = self.tx.send(Job::Write(write));
    }

    /// Waits until everything asked is written (or has failed), `wait` at most.
    pub fn flush(&self, wait: Duration) {
        let (tx, rx) = std::sync::mpsc::channel();
        if self.tx.send(Job::Flush(tx)).is_ok() {
            let _ = rx.recv_timeout(wait);
        }
    }

    /// Why writing fails, while it does.
    #[must_use]
    pub fn failing(&self) -> Option<String> {
        self.failing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

/// The writer's loop: each burst taken whole, writes replaced by later ones of the same
/// file dropped, the rest written in order; failures kept for the next round.
fn run(store: &Store, rx: &Receiver<Job>, failing: &Mutex<Option<String>>) {
    let mut kept: Vec<Write> = Vec::new();
    let mut analyst = Analyst::start();
    loop {
        let wait = if kept.is_empty() {
            Duration::from_secs(3600)
        } else {
            RETRY
        };
        let first = match rx.recv_timeout(wait) {
            Ok(job) => Some(job),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                write_all(store, &mut kept, failing, &mut analyst);
                return;
            }
        };
        let mut flushes = Vec::new();
        for job in first.into_iter().chain(rx.try_iter()) {
            match job {
                Job::Write(w) => kept.push(w),
                Job::Flush(done) => flushes.push(done),
            }
        }
        write_all(store, &mut kept, failing, &mut analyst);
        for done in flushes {
            let _ = done.send(());
        }
    }
}

/// Writes what is kept, the latest of each file only (a match's record replaces its last
/// save); what fails stays kept.
fn write_all(store: &Store, kept: &mut Vec<Write>, failing: &Mutex<Option<String>>, analyst: &mut Analyst) {
    let writes = std::mem::take(kept);
    let mut failed = Vec::new();
    let mut error = None;
    for (i, write) in writes.iter().enumerate() {
        let replaced = write
            .target()
            .is_some_and(|t| writes[i + 1..].iter().any(|later| later.target() == Some(t)));
        if replaced {
            continue;
        }
        match write_one(store, write) {
            Ok(written) => analyst.written(write, written),
            Err(e) => {
                error = Some(e.to_string());
                failed.push(i);
            }
        }
    }
    *kept = writes
        .into_iter()
        .enumerate()
        .filter_map(|(i, w)| failed.contains(&i).then_some(w))
        .collect();
    *failing.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
        error.map(|e| format!("The server cannot save the matches: {e}"));
}

/// Writes `write`: the record's path, for a record.
fn write_one(store: &Store, write: &Write) -> std::io::Result<Option<PathBuf>> {
    match write {
        Write::Held { slot, saved } => {
            std::fs::create_dir_all(store.in_progress_dir())?;
            store.save_at(slot, saved).map(|()| None)
        }
        Write::Record {
            slot,
            saved,
            claimed: false,
            ..
        } => store.finish(saved, Some(slot)).map(Some),
        Write::Record {
            slot,
            saved,
            claimed: true,
            ..
        } => {
            store.save_at(slot, saved)?;
            store.set_aside_file(slot, false).map(Some)
        }
        Write::Archive { store, saved, .. } => store.archive(saved).map(Some),
        Write::File { path, text } => crate::files::write_atomic(path, text.as_bytes()).map(|()| None),
    }
}

/// What the analyst is asked.
enum Analyse {
    /// Analyse the record at this path, the analysis kept beside it.
    Record(PathBuf),
    /// Keep beside the second record the analysis of the first (the same match).
    Copy(PathBuf, PathBuf),
}

/// The thread that analyses the club's records as they are written, one after another
/// (at most one core), and keeps each analysis beside its record and its players' copies.
struct Analyst {
    tx: Sender<Analyse>,
    /// The club's record of each match over, by its number.
    records: std::collections::HashMap<u64, PathBuf>,
}

impl Analyst {
    fn start() -> Analyst {
        let (tx, rx) = std::sync::mpsc::channel::<Analyse>();
        let _ = std::thread::Builder::new()
            .name("brade-club-analyst".into())
            .spawn(move || {
                for job in rx {
                    match job {
                        Analyse::Record(path) => {
                            crate::store::analysis::analyse_records(&[path], |_, _| {});
                        }
                        Analyse::Copy(from, to) => {
                            let (from, to) = (
                                crate::store::analysis::path_of(&from),
                                crate::store::analysis::path_of(&to),
                            );
                            if let Ok(text) = std::fs::read(&from) {
                                let _ = crate::files::write_atomic(&to, &text);
                            }
                        }
                    }
                }
            });
        Analyst {
            tx,
            records: std::collections::HashMap::new(),
        }
    }

    /// `write` is written (at `path`, a record's): a record analysed, a player's copy
    /// given its analysis.
    fn written(&mut self, write: &Write, path: Option<PathBuf>) {
        let Some(path) = path else { return };
        match write {
            Write::Record { id, .. } => {
                self.records.insert(*id, path.clone());
                let _ = self.tx.send(Analyse::Record(path));
            }
            Write::Archive { id, .. } => {
                if let Some(record) = self.records.get(id) {
                    let _ = self.tx.send(Analyse::Copy(record.clone(), path));
                }
            }
            _ => {}
        }
    }
}
