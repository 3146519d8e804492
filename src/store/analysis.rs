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

use crate::game::Brade;
use std::io;
use std::path::{Path, PathBuf};

use super::{AnyMatchFile, MatchFile};
use crate::ai::analysis::{self, Analysis};
use crate::ai::backgammon::analysis::BgAnalysis;
use crate::game::{Backgammon, Game};
use crate::session::Match;
use crate::words::kept::Refusal;

/// The first word of an analysis file, with its version.
const HEADER: &str = "brade-analysis 2";

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

/// The text of the analysis of `game`, whose record's bytes have `record_sum`.
#[must_use]
pub fn to_text(analysis: &Analysis, record_sum: u64) -> String {
    let mut body = String::new();
    for d in &analysis.decisions {
        // `{}` of an f64 is the shortest text that reads back to the same number.
        let chance = d.match_loss.map_or("-".to_string(), |m| m.to_string());
        body.push_str(&format!(
            "{}\t{}\t{}\t{}\t{chance}\n",
            d.game, d.turn, d.best, d.loss
        ));
    }
    format!(
        "{} {:016x}\n{body}",
        first_line(record_sum),
        crate::checksum::fnv1a(body.as_bytes())
    )
}

/// The first line of an analysis file, but for the checksum of the rest.
fn first_line(record_sum: u64) -> String {
    format!("{HEADER} {} {record_sum:016x}", analysis::judge_id())
}

/// The first line of a kept analysis but for the record's checksum and the checksum of
/// the rest, bräde's then backgammon's: what a listing compares each analysis's with.
/// Worked out once a run: naming the judge checksums its network, which is built in.
pub(super) fn heads() -> &'static [String; 2] {
    static HEADS: std::sync::OnceLock<[String; 2]> = std::sync::OnceLock::new();
    HEADS.get_or_init(|| {
        [first_line(0), super::backgammon::analysis::first_line(0)].map(|line| {
            // Both end with the record's checksum in 16 hex digits.
            line[..line.len().saturating_sub(16)].to_string()
        })
    })
}

/// The analysis in `text`, if it was made by today's judge for the record whose bytes
/// have `record_sum` and fits `game`; else why not.
pub fn from_text(text: &str, record_sum: u64, game: &Match<Brade>) -> Result<Analysis, NotRead> {
    let body = body(text, &first_line(record_sum))?;
    let mut stored = Vec::new();
    for line in body.lines() {
        stored.push(stored_line(line).ok_or(NotRead::Refused(Refusal::Damaged))?);
    }
    analysis::rebuild(game, &stored).map_err(NotRead::Refused)
}

/// A decision's line of a kept analysis, read (not yet believed).
fn stored_line(line: &str) -> Option<analysis::Stored> {
    let fields: Vec<&str> = line.split('\t').collect();
    let &[game, turn, best, loss, chance] = fields.as_slice() else {
        return None;
    };
    Some(analysis::Stored {
        game: game.parse().ok()?,
        turn: turn.parse().ok()?,
        best: best.to_string(),
        loss: loss.parse().ok()?,
        match_loss: match chance {
            "-" => None,
            c => Some(c.parse().ok()?),
        },
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

/// An analysis that can be kept beside its record: bräde's and backgammon's.
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
}

/// A match of a game whose analysis can be kept: what names the analysis's type, so that
/// callers need not.
pub trait Analysable: Sized {
    type Analysis: Kept<Of = Self>;
}

impl Analysable for Match<Brade> {
    type Analysis = Analysis;
}

impl Analysable for Match<Backgammon> {
    type Analysis = BgAnalysis;
}

impl Kept for Analysis {
    type Of = Match<Brade>;

    fn analyze(game: &Match<Brade>, progress: impl FnMut(usize, usize)) -> Option<Analysis> {
        analysis::analyze(game, progress)
    }

    fn to_text(&self, record_sum: u64) -> String {
        to_text(self, record_sum)
    }

    fn from_text(text: &str, record_sum: u64, game: &Match<Brade>) -> Result<Analysis, NotRead> {
        from_text(text, record_sum, game)
    }
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
pub type Analysed<A = Analysis> = (A, Source, Option<io::Error>);

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

impl AnyMatchFile {
    /// Whether an analysis that fits is kept beside the record.
    fn analysed(&self) -> bool {
        match self {
            AnyMatchFile::Brade(f) => load_with::<Analysis>(&f.path, f.sum, &f.game).is_some(),
            AnyMatchFile::Backgammon(f) => load_with::<BgAnalysis>(&f.path, f.sum, &f.game).is_some(),
        }
    }

    fn turns(&self) -> usize {
        match self {
            AnyMatchFile::Brade(f) => f.game.turns_played(),
            AnyMatchFile::Backgammon(f) => f.game.turns_played(),
        }
    }

    /// Analyses the record and keeps the analysis beside it.
    fn analyse(&self, progress: impl FnMut(usize, usize)) {
        match self {
            AnyMatchFile::Brade(f) => {
                let _ = made_and_kept::<Analysis>(Some((&f.path, Ok(f.sum))), &f.game, progress);
            }
            AnyMatchFile::Backgammon(f) => {
                let _ = made_and_kept::<BgAnalysis>(Some((&f.path, Ok(f.sum))), &f.game, progress);
            }
        }
    }
}

/// Analyses every record of `records` (their files, of either game) that has no kept
/// analysis yet and keeps it; `progress` is told how many turns are done of how many in
/// all. Returns how many were analysed. A record that does not replay, or cannot be read,
/// is left out.
pub fn analyse_records(records: &[PathBuf], mut progress: impl FnMut(usize, usize)) -> usize {
    let todo: Vec<AnyMatchFile> = records
        .iter()
        .filter(|path| is_kept(path))
        .filter_map(|path| AnyMatchFile::read(path).ok())
        .filter(|record| !record.analysed())
        .collect();
    let total: usize = todo.iter().map(AnyMatchFile::turns).sum();
    let mut before = 0;
    for record in &todo {
        record.analyse(|done, _| progress(before + done, total));
        before += record.turns();
    }
    progress(total, total);
    todo.len()
}
