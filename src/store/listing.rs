//! The records listed, and counted with their analyses, at the cost of what changed: a
//! record (or an analysis) whose stamp is the one in the index ([`super::index`]) is not
//! read again; a new or changed one is read — a record's summary from its save's fields,
//! never by replaying it ([`RecordSummary::of_saved`]); an analysis checked against its
//! record replayed, once — and the index written again when it says something else now.
//! Files to read are read on every core, a batch at a time.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use rayon::prelude::*;

use super::analysis::path_of;
use super::index::{Index, KnownAnalysis, KnownRecord, Stamp, fits_a_field};
use super::summary::{RecordEntry, RecordSummary};
use super::{FileError, MAX_SAVE, Store};

/// The name of the index in the records directory.
const INDEX: &str = "index";

/// How many files are read on every core before the progress is told.
const BATCH: usize = 64;

impl Store {
    /// Every record, in the order of their names (oldest first), summarised without its
    /// analysis: from the index where the record has not changed, read otherwise.
    /// `progress(done, total)` is told as records are done.
    pub fn list_summaries(&self, progress: impl FnMut(usize, usize)) -> Vec<RecordEntry> {
        self.list(false, progress)
    }

    /// [`Store::list_summaries`] with each record's figures in the analysis kept beside
    /// it, when one fits: what the statistics count. An analysis not seen before is
    /// checked against its record replayed (once: its figures are kept in the index).
    pub fn list_records(&self, progress: impl FnMut(usize, usize)) -> Vec<RecordEntry> {
        self.list(true, progress)
    }

    fn list(&self, analyses: bool, mut progress: impl FnMut(usize, usize)) -> Vec<RecordEntry> {
        let dir = self.records();
        let Ok(entries) = fs::read_dir(&dir) else {
            return Vec::new();
        };
        // Stamps younger than this listing's start less the settling time are not kept.
        let now = SystemTime::now();
        let mut files: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .map(|p| {
                (
                    p.file_name().unwrap_or_default().to_string_lossy().into_owned(),
                    p,
                )
            })
            .collect();
        files.sort();
        // The index is brought up to date where it stands; written again only if changed.
        let mut index = Index::read(&dir.join(INDEX));
        let mut changed = false;
        let total = files.len();
        // Twice as much to do when the analyses are looked at too.
        let steps = if analyses { 2 * total } else { total };
        let mut summaries: Vec<Option<Result<RecordSummary, FileError>>> = vec![None; total];
        let mut sums: Vec<u64> = vec![0; total];
        // How many of the index's records are files here: any more are gone.
        let mut here = 0;
        let mut todo = Vec::new();
        for (i, (name, path)) in files.iter().enumerate() {
            let stamp = fs::metadata(path).ok().and_then(|m| Stamp::of(&m));
            match index.records.get(name) {
                Some(known) if Some(known.stamp) == stamp => {
                    summaries[i] = Some(Ok(known.summary.clone()));
                    sums[i] = known.sum;
                    here += 1;
                }
                _ => todo.push(i),
            }
        }
        let mut done = total - todo.len();
        progress(done, steps);
        for batch in todo.chunks(BATCH) {
            let read: Vec<(usize, Result<_, FileError>)> = batch
                .par_iter()
                .map(|&i| (i, read_record(&files[i].1, now)))
                .collect();
            for (i, read) in read {
                let name = &files[i].0;
                let kept = match &read {
                    Ok((summary, sum, Some(stamp))) if fits_a_field(name) => Some(KnownRecord {
                        stamp: *stamp,
                        sum: *sum,
                        summary: summary.clone(),
                    }),
                    _ => None,
                };
                match kept {
                    Some(known) => {
                        index.records.insert(name.clone(), known);
                        here += 1;
                        changed = true;
                    }
                    None => changed |= index.records.remove(name).is_some(),
                }
                summaries[i] = Some(read.map(|(summary, sum, _)| {
                    sums[i] = sum;
                    summary
                }));
            }
            done += batch.len();
            progress(done, steps);
        }
        if index.records.len() > here {
            let names: HashSet<&String> = files.iter().map(|(name, _)| name).collect();
            index.records.retain(|name, _| names.contains(name));
            index.analyses.retain(|name, _| names.contains(name));
            changed = true;
        }
        let mut list: Vec<RecordEntry> = files
            .iter()
            .zip(summaries)
            .map(|((_, path), summary)| RecordEntry {
                path: path.clone(),
                summary: summary
                    .unwrap_or_else(|| Err(FileError::new(path, std::io::Error::other("not read")))),
            })
            .collect();
        if analyses {
            changed |= add_analyses(&mut list, &files, &sums, &mut index, now, |d| {
                progress(total + d, steps)
            });
        }
        progress(steps, steps);
        if changed {
            let _ = crate::files::write_atomic(&dir.join(INDEX), index.text().as_bytes());
        }
        list
    }
}

/// The record at `path` read once and summarised from its fields, with the checksum of
/// its bytes and — when it has settled — the stamp of the file it was read from.
fn read_record(path: &Path, now: SystemTime) -> Result<(RecordSummary, u64, Option<Stamp>), FileError> {
    let (bytes, meta) =
        crate::files::read_regular_with(path, MAX_SAVE).map_err(|e| FileError::new(path, e))?;
    let sum = crate::checksum::fnv1a(&bytes);
    let summary = super::parse_bytes(bytes)
        .and_then(|saved| RecordSummary::of_saved(&saved))
        .map_err(|e| FileError::new(path, e))?;
    let stamp = Stamp::of(&meta).filter(|s| s.settled(now));
    Ok((summary, sum, stamp))
}

/// The first line of an analysis kept for the record whose bytes have `sum`, but for the
/// checksum of the rest, in a record of the game `heads[kind.index()]` is of: `heads` are
/// those lines without the record's checksum.
fn expected(heads: &[String; 2], summary: &RecordSummary, sum: u64) -> String {
    let head = &heads[summary.kind.index()];
    format!("{head}{sum:016x}")
}

/// Whether `head` is [`expected`]'s (compared without making it).
fn is_expected(head: &str, heads: &[String; 2], summary: &RecordSummary, sum: u64) -> bool {
    let prefix = &heads[summary.kind.index()];
    head.strip_prefix(prefix.as_str())
        .is_some_and(|hex| hex.len() == 16 && u64::from_str_radix(hex, 16) == Ok(sum))
}

/// Adds to each record of `list` that could be read the figures of the analysis beside
/// it, when one fits: from `index` where the analysis has not changed, otherwise read and
/// checked against the record replayed (and `index` told). `progress` is told how many
/// are done. Whether `index` changed.
fn add_analyses(
    list: &mut [RecordEntry],
    files: &[(String, PathBuf)],
    sums: &[u64],
    index: &mut Index,
    now: SystemTime,
    mut progress: impl FnMut(usize),
) -> bool {
    let heads = super::analysis::heads();
    let mut changed = false;
    // How many of the index's analyses are beside a record listed: any more are gone.
    let mut here = 0;
    let mut todo = Vec::new();
    for (i, entry) in list.iter_mut().enumerate() {
        let Ok(summary) = &mut entry.summary else { continue };
        let name = &files[i].0;
        let stamp = fs::metadata(path_of(&entry.path))
            .ok()
            .and_then(|m| Stamp::of(&m));
        match (stamp, index.analyses.get(name)) {
            // No analysis beside it.
            (None, _) => {}
            (Some(stamp), Some(known)) if known.stamp == stamp => {
                if is_expected(&known.head, heads, summary, sums[i]) {
                    summary.analysis = known.figures;
                }
                here += 1;
            }
            (Some(_), _) => todo.push(i),
        }
    }
    let mut done = list.len() - todo.len();
    progress(done);
    for batch in todo.chunks(BATCH) {
        let read: Vec<(usize, Option<(KnownAnalysis, bool)>)> = batch
            .par_iter()
            .map(|&i| {
                let wanted = list[i]
                    .summary
                    .as_ref()
                    .map(|s| expected(heads, s, sums[i]))
                    .unwrap_or_default();
                (i, read_analysis(&list[i].path, &wanted, sums[i], now))
            })
            .collect();
        for (i, read) in read {
            let name = &files[i].0;
            if let (Some((known, _)), Ok(summary)) = (&read, &mut list[i].summary)
                && is_expected(&known.head, heads, summary, sums[i])
            {
                summary.analysis = known.figures;
            }
            match read {
                Some((known, true)) => {
                    index.analyses.insert(name.clone(), known);
                    here += 1;
                    changed = true;
                }
                _ => changed |= index.analyses.remove(name).is_some(),
            }
        }
        done += batch.len();
        progress(done);
    }
    if index.analyses.len() > here {
        // Those of records gone, unreadable, or without an analysis any more.
        let kept: HashSet<&String> = list
            .iter()
            .zip(files)
            .filter(|(e, _)| e.summary.as_ref().is_ok_and(|_| path_of(&e.path).exists()))
            .map(|(_, (name, _))| name)
            .collect();
        index.analyses.retain(|name, _| kept.contains(name));
        changed = true;
    }
    changed
}

/// The analysis beside the record at `record` (whose bytes had the checksum `sum` when it
/// was listed) read, and — when it names today's judge and that record (`wanted`) —
/// checked against the record replayed; whether its stamp has settled. `None` when it
/// cannot be read, or the record changed meanwhile.
fn read_analysis(record: &Path, wanted: &str, sum: u64, now: SystemTime) -> Option<(KnownAnalysis, bool)> {
    let (bytes, meta) = crate::files::read_regular_with(&path_of(record), MAX_SAVE).ok()?;
    let stamp = Stamp::of(&meta)?;
    let text = String::from_utf8(bytes).unwrap_or_default();
    let head = text
        .split_once('\n')
        .and_then(|(first, _)| first.rsplit_once(' '))
        .map(|(head, _)| head)
        .filter(|head| fits_a_field(head) && head.len() <= 200)
        .unwrap_or("?");
    let figures = if head == wanted {
        let file = super::read_record(record).ok()?;
        // Changed since it was listed: the next listing reads both again.
        (file.sum() == sum).then_some(())?;
        file.figures(&text)
    } else {
        None
    };
    let known = KnownAnalysis {
        stamp,
        head: head.to_string(),
        figures,
    };
    Some((known, stamp.settled(now)))
}
