//! A match's analysis kept beside its record (`records/NAME.toml` → `records/NAME.analysis`),
//! so that it is computed once: the replay, `brade analyze` and the statistics read it
//! back instead of weighing every play again.
//!
//! The file is derived data: its first line names the format, the judge (the network's
//! checksum and the depth, [`analysis::judge_id`]), the checksum of the record's bytes and
//! the checksum of the rest of the file; then one line per decision: game, turn, the best
//! play in notation, the loss and in a match the chance lost (`-` otherwise), written so
//! that they read back to the same numbers. Any mismatch — another judge, a record that
//! changed, a damaged file, a line that does not fit the match — and the analysis is made
//! afresh and the file rewritten. The live save (`match.toml`) changes with every turn and gets none.
//!
//! What is here — when an analysis is read back, made, kept, and the records analysed —
//! serves both games through [`Kept`] (each game's analysis: bräde's text is below,
//! backgammon's in [`super::backgammon::analysis`]) and [`Analysable`] (which names it from the
//! match's type).

use std::io;
use std::path::{Path, PathBuf};

use super::MatchFile;
use crate::game::Game;
use crate::session::Match;
use crate::words::kept::Refusal;

/// Where the analysis of the record at `record` is kept.
#[must_use]
pub fn path_of(record: &Path) -> PathBuf {
    record.with_extension("analysis")
}

/// Whether the analysis of the file at `path` is kept: every record, not the match in
/// progress (`match.toml`), which changes with each turn.
#[must_use]
pub fn is_kept(path: &Path) -> bool {
    path.file_name().is_none_or(|n| n != "match.toml")
}

/// The first line of a kept analysis but for the record's checksum and the checksum of
/// the rest, of each game by [`Kind::index`](crate::game::Kind::index): what a listing
/// compares each analysis's with. Worked out once a run: naming the judge checksums its
/// network, which is built in.
pub(super) fn heads() -> &'static [String; 2] {
    static HEADS: std::sync::OnceLock<[String; 2]> = std::sync::OnceLock::new();
    HEADS.get_or_init(|| {
        crate::game::Kind::ALL.map(|kind| {
            let line = crate::with_game!(kind, G => <<G as super::RecordGame>::Kept as Kept>::first_line(0));
            // Each ends with the record's checksum in 16 hex digits.
            line[..line.len().saturating_sub(16)].to_string()
        })
    })
}

/// Why a kept analysis is not read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotRead {
    /// None is kept, or it was made by another judge or for another record: it is made
    /// afresh without a word.
    Outdated,
    /// It was refused: said when it is made afresh.
    Refused(Refusal),
}

/// The body of the kept analysis `text`, whose first line must be `first` and then the
/// checksum of the body.
pub(super) fn body<'a>(text: &'a str, first: &str) -> Result<&'a str, NotRead> {
    let damaged = NotRead::Refused(Refusal::Damaged);
    let (line, body) = text.split_once('\n').ok_or(damaged)?;
    let (head, body_sum) = line.rsplit_once(' ').ok_or(damaged)?;
    if head != first {
        return Err(NotRead::Outdated);
    }
    if body_sum != format!("{:016x}", crate::checksum::fnv1a(body.as_bytes())) {
        return Err(damaged);
    }
    Ok(body)
}

/// An analysis that can be kept beside its record, of any game (each game's beside its code:
/// `store/brade.rs`, `store/backgammon/analysis.rs`).
pub trait Kept: Sized {
    /// The match it is the analysis of.
    type Of;
    /// Weighs every decision of `game` (`None` if the shipped network cannot be read).
    fn analyze(game: &Self::Of, progress: impl FnMut(usize, usize)) -> Option<Self>;
    /// The text kept, for the record whose bytes have `record_sum`.
    fn to_text(&self, record_sum: u64) -> String;
    /// The analysis in `text`, if today's judge made it for that record and it fits `game`;
    /// else why not.
    fn from_text(text: &str, record_sum: u64, game: &Self::Of) -> Result<Self, NotRead>;
    /// The first line of its file, but for the checksum of the rest.
    fn first_line(record_sum: u64) -> String;
}

/// A match of a game whose analysis can be kept: what names the analysis's type, so that
/// callers need not.
pub trait Analysable: Sized {
    type Analysis: Kept<Of = Self>;
}

impl<G: super::RecordGame> Analysable for Match<G> {
    type Analysis = G::Kept;
}

/// The checksum of the bytes of the record at `record`, which its kept analysis names.
fn record_sum(record: &Path) -> io::Result<u64> {
    Ok(crate::checksum::fnv1a(&crate::files::read_regular(
        record,
        super::MAX_SAVE,
    )?))
}

/// The analysis kept beside the record at `record` (whose bytes have the checksum `sum`),
/// if there is one that fits.
pub(super) fn load_with<A: Kept>(record: &Path, sum: u64, game: &A::Of) -> Option<A> {
    read_kept(record, sum, game).ok()
}

/// [`load_with`], or why there is none.
fn read_kept<A: Kept>(record: &Path, sum: u64, game: &A::Of) -> Result<A, NotRead> {
    let bytes =
        crate::files::read_regular(&path_of(record), super::MAX_SAVE).map_err(|_| NotRead::Outdated)?;
    let text = String::from_utf8(bytes).map_err(|_| NotRead::Refused(Refusal::Damaged))?;
    A::from_text(&text, sum, game)
}

/// Keeps `analysis` beside the record at `record` (written atomically).
pub fn store<A: Kept>(record: &Path, analysis: &A) -> io::Result<()> {
    store_with(record, record_sum(record)?, analysis)
}

/// [`store`], the record's checksum known.
fn store_with<A: Kept>(record: &Path, sum: u64, analysis: &A) -> io::Result<()> {
    crate::files::write_atomic(&path_of(record), analysis.to_text(sum).as_bytes())
}

/// Where an analysis came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Read back from beside the record.
    Kept,
    /// Made now, and kept beside the record.
    Made,
    /// Made now and kept beside the record, the analysis kept there before refused (why).
    Remade(Refusal),
    /// Made now, not kept (the match in progress, or the file could not be written:
    /// the error says why).
    NotKept,
}

/// An analysis, where it came from, and why it could not be kept when it could not.
pub type Analysed<A> = (A, Source, Option<io::Error>);

/// The record beside which an analysis is kept, if any: its path, and the checksum of its
/// bytes or why they could not be read.
type Beside<'a> = Option<(&'a Path, io::Result<u64>)>;

/// The analysis of the match in `file` (a save or record, read once): read back from
/// beside the record, or made now with `progress` told of each turn and then kept beside
/// it; `None` only if the shipped network cannot be read. A failure to keep it is returned
/// beside it: the analysis itself is good.
pub fn of_file<G: Game>(
    file: &MatchFile<G>,
    progress: impl FnMut(usize, usize),
) -> Option<Analysed<<Match<G> as Analysable>::Analysis>>
where
    Match<G>: Analysable,
{
    let record = is_kept(&file.path).then_some((file.path.as_path(), Ok(file.sum)));
    kept_or_made(record, &file.game, progress)
}

/// [`of_file`] for a match held in memory (a replay's) that was read from `file` (a
/// record, or `None`): the record is read for its checksum alone.
pub fn analysis_of<M: Analysable>(
    file: Option<&Path>,
    game: &M,
    progress: impl FnMut(usize, usize),
) -> Option<Analysed<M::Analysis>> {
    // The record is read once, for its checksum, whether the analysis is read or kept.
    let record = file.filter(|f| is_kept(f)).map(|f| (f, record_sum(f)));
    kept_or_made(record, game, progress)
}

/// The analysis of `game` kept beside its record, if there is one (with its checksum, or
/// why it could not be read) and it fits; else made now and kept there.
fn kept_or_made<A: Kept>(
    record: Beside<'_>,
    game: &A::Of,
    progress: impl FnMut(usize, usize),
) -> Option<Analysed<A>> {
    let mut refused = None;
    if let Some((f, Ok(sum))) = &record {
        match read_kept(f, *sum, game) {
            Ok(kept) => return Some((kept, Source::Kept, None)),
            Err(NotRead::Refused(why)) => refused = Some(why),
            Err(NotRead::Outdated) => {}
        }
    }
    let made = made_and_kept(record, game, progress)?;
    Some(match (made, refused) {
        ((made, Source::Made, None), Some(why)) => (made, Source::Remade(why), None),
        (made, _) => made,
    })
}

/// The analysis of `game` made now and kept beside its record, if there is one (with its
/// checksum, or why it could not be read).
fn made_and_kept<A: Kept>(
    record: Beside<'_>,
    game: &A::Of,
    progress: impl FnMut(usize, usize),
) -> Option<Analysed<A>> {
    let made = A::analyze(game, progress)?;
    let (source, error) = match record.map(|(f, sum)| sum.and_then(|sum| store_with(f, sum, &made))) {
        Some(Ok(())) => (Source::Made, None),
        Some(Err(e)) => (Source::NotKept, Some(e)),
        None => (Source::NotKept, None),
    };
    Some((made, source, error))
}

/// Analyses the record in `file` and keeps the analysis beside it.
pub(super) fn analyse_file<G: super::RecordGame>(
    file: &MatchFile<G>,
    progress: &mut dyn FnMut(usize, usize),
) {
    let _ = made_and_kept::<G::Kept>(Some((&file.path, Ok(file.sum))), &file.game, progress);
}

/// Analyses every record of `records` (their files, of either game) that has no kept
/// analysis yet and keeps it; `progress` is told how many turns are done of how many in
/// all. Returns how many were analysed. A record that does not replay, or cannot be read,
/// is left out.
pub fn analyse_records(records: &[PathBuf], mut progress: impl FnMut(usize, usize)) -> usize {
    let todo: Vec<Box<dyn super::RecordFile>> = records
        .iter()
        .filter(|path| is_kept(path))
        .filter_map(|path| super::read_record(path).ok())
        .filter(|record| !record.analysed())
        .collect();
    let total: usize = todo.iter().map(|r| r.turns()).sum();
    let mut before = 0;
    for record in &todo {
        record.analyse(&mut |done, _| progress(before + done, total));
        before += record.turns();
    }
    progress(total, total);
    todo.len()
}

/// The figures of the analysis kept beside the record at `record`, when one fits (checked
/// against the record replayed); no index is read or written.
pub(super) fn analysis_figures(record: &Path) -> Option<[crate::ai::analysis::Summary; 2]> {
    let bytes = crate::files::read_regular(&path_of(record), super::MAX_SAVE).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    super::read_record(record).ok()?.figures(&text)
}
