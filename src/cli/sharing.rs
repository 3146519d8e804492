//! The commands on a saved or finished match, whichever its game: `brade analyze FILE`
//! (as text, TSV, or every decision as eXtreme Gammon's text block, [`crate::share`]) and
//! `brade export --mat|--sgf FILE` (a match as GNU Backgammon reads it). The file chooses
//! the game; its game's half of the command line answers
//! ([`super::commands::GameCommands`]).

use std::io;
use std::path::Path;
use std::process::ExitCode;

use super::commands::{Analyze, Export, GameCommands as _};
use super::{file_error, with_progress};
use crate::store::analysis::Source;
use crate::store::{MatchFile, RecordFile, read_record};
use crate::words::{Lang, cli as words};

/// `brade analyze --format FORMAT`: how the decisions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Lines of text (the default).
    Text,
    /// Tab-separated columns (as --tsv).
    Tsv,
    /// One block per decision as eXtreme Gammon copies it.
    Xg,
}

/// The analysis of `file`, kept beside it or made now (said on stderr as `analyze` says
/// it), or the exit of a failure.
pub(super) fn analysed<G: crate::store::RecordGame>(
    lang: Lang,
    file: &MatchFile<G>,
) -> Result<<crate::session::Match<G> as crate::store::analysis::Analysable>::Analysis, ExitCode>
where
    crate::session::Match<G>: crate::store::analysis::Analysable,
{
    let analysis = with_progress(None, |progress| crate::store::analysis::of_file(file, progress));
    let Some((analysis, source, not_kept)) = analysis else {
        return Err(file_error(words::NO_SHIPPED_NETWORK));
    };
    say_kept(lang, &file.path, source, not_kept);
    Ok(analysis)
}

/// Says on stderr what came of the analysis kept beside the record at `record`: that it
/// was refused (and why), or that the one made could not be kept there.
pub(super) fn say_kept(lang: Lang, record: &Path, source: Source, not_kept: Option<io::Error>) {
    let kept = crate::store::analysis::path_of(record);
    if let Source::Remade(why) = source {
        eprintln!("{}", crate::words::kept::refused(lang, &kept, why));
    }
    if let Some(e) = not_kept {
        eprintln!("{}", crate::words::cli::analysis_not_kept(lang, &kept, &e));
    }
}

/// The record at `file` read (its turns replayed), handed to its game's `command`.
fn with_record(
    lang: Lang,
    file: &Path,
    command: impl FnOnce(&dyn RecordFile) -> Option<ExitCode>,
) -> ExitCode {
    let record = match read_record(file) {
        Ok(record) => record,
        Err(e) => return file_error(&e.words(lang)),
    };
    command(record.as_ref()).unwrap_or_else(|| file_error(&file.display().to_string()))
}

/// `brade analyze FILE`: the record's analysis written as `how` asks, by its game.
pub(super) fn analyze(lang: Lang, file: &Path, how: &Analyze) -> ExitCode {
    with_record(lang, file, |record| {
        crate::with_game!(record.kind(), G => {
            let read = record.as_any().downcast_ref::<MatchFile<G>>()?;
            Some(G::analyze(lang, read, how))
        })
    })
}

/// `brade export --mat|--sgf FILE`: the match as GNU Backgammon reads it, by its game.
pub(super) fn export(lang: Lang, file: &Path, format: Export) -> ExitCode {
    with_record(lang, file, |record| {
        crate::with_game!(record.kind(), G => {
            let read = record.as_any().downcast_ref::<MatchFile<G>>()?;
            Some(G::export(lang, file, read, format))
        })
    })
}
