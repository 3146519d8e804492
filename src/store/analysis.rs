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

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::ai::analysis::{self, Analysis};
use crate::session::Match;

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

/// The analysis in `text`, if it was made by today's judge for the record whose bytes
/// have `record_sum` and fits `game`.
#[must_use]
pub fn from_text(text: &str, record_sum: u64, game: &Match) -> Option<Analysis> {
    let (first, body) = text.split_once('\n')?;
    let (head, body_sum) = first.rsplit_once(' ')?;
    if head != first_line(record_sum)
        || body_sum != format!("{:016x}", crate::checksum::fnv1a(body.as_bytes()))
    {
        return None;
    }
    let mut stored = Vec::new();
    let mut places = Vec::new();
    for line in body.lines() {
        let mut fields = line.split('\t');
        let (Some(g), Some(t), Some(best), Some(loss), Some(chance), None) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
            return None;
        };
        places.push((g.parse::<usize>().ok()?, t.parse::<usize>().ok()?));
        let chance = match chance {
            "-" => None,
            c => Some(c.parse::<f64>().ok()?),
        };
        stored.push((best.to_string(), loss.parse::<f64>().ok()?, chance));
    }
    let rebuilt = analysis::rebuild(game, &stored)?;
    let fits = rebuilt
        .decisions
        .iter()
        .map(|d| (d.game, d.turn))
        .eq(places.iter().copied());
    fits.then_some(rebuilt)
}

/// The analysis kept beside the record at `record`, if there is one that fits.
#[must_use]
pub fn load(record: &Path, game: &Match) -> Option<Analysis> {
    let sum = crate::checksum::fnv1a(&fs::read(record).ok()?);
    let text = fs::read_to_string(path_of(record)).ok()?;
    from_text(&text, sum, game)
}

/// Keeps `analysis` beside the record at `record` (written atomically).
pub fn store(record: &Path, analysis: &Analysis) -> io::Result<()> {
    let sum = crate::checksum::fnv1a(&fs::read(record)?);
    crate::files::write_atomic(&path_of(record), to_text(analysis, sum).as_bytes())
}

/// Where an analysis came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Read back from beside the record.
    Kept,
    /// Made now, and kept beside the record.
    Made,
    /// Made now, not kept (the match in progress, or the file could not be written:
    /// the error says why).
    NotKept,
}

/// The analysis of `game`, read from `file` (a record, or `None`), or made now with
/// `progress` told of each turn and then kept beside the record; `None` only if the
/// shipped network cannot be read. A failure to keep it is returned beside it: the
/// analysis itself is good.
pub fn analysis_of(
    file: Option<&Path>,
    game: &Match,
    progress: impl FnMut(usize, usize),
) -> Option<(Analysis, Source, Option<io::Error>)> {
    let file = file.filter(|f| is_kept(f));
    if let Some(kept) = file.and_then(|f| load(f, game)) {
        return Some((kept, Source::Kept, None));
    }
    let made = analysis::analyze(game, progress)?;
    let (source, error) = match file.map(|f| store(f, &made)) {
        Some(Ok(())) => (Source::Made, None),
        Some(Err(e)) => (Source::NotKept, Some(e)),
        None => (Source::NotKept, None),
    };
    Some((made, source, error))
}

/// Analyses every record of `records` (a file and its match) that has no kept analysis
/// yet and keeps it; `progress` is told how many turns are done of how many in all.
/// Returns how many were analysed. A record that does not replay is left out.
pub fn analyse_records(
    records: &[(PathBuf, super::SavedMatch)],
    mut progress: impl FnMut(usize, usize),
) -> usize {
    let todo: Vec<(&PathBuf, Match)> = records
        .iter()
        .filter_map(|(path, saved)| Some((path, super::restore(saved).ok()?.game)))
        .filter(|(path, game)| is_kept(path) && load(path, game).is_none())
        .collect();
    let total: usize = todo
        .iter()
        .map(|(_, g)| g.log.iter().map(|l| l.turns.len()).sum::<usize>())
        .sum();
    let mut before = 0;
    for (path, game) in &todo {
        let _ = analysis_of(Some(path), game, |done, _| progress(before + done, total));
        before += game.log.iter().map(|l| l.turns.len()).sum::<usize>();
    }
    progress(total, total);
    todo.len()
}
