//! The commands that share an analysed match as other programs read it: `brade analyze
//! --format xg FILE` (every decision as eXtreme Gammon's text block, [`crate::share`]) and
//! `brade export --sgf FILE` (a backgammon match with its analysis as GNU Backgammon's
//! `.sgf`, [`crate::store::backgammon::sgf`]).

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use super::backgammon::analyze::say_kept;
use super::{file_error, finish, usage_error, with_progress};
use crate::ai::backgammon::review;
use crate::game::{Backgammon, Brade};
use crate::rules::{Color, MatchScore, RuleSet};
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
fn analysed<G: crate::game::Game>(
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

/// `brade analyze --format xg FILE`: each decision of the match's analysis as a block of
/// eXtreme Gammon's text (bräde's with its position code), the blocks one after another.
pub(super) fn analyze_xg(lang: Lang, file: &Path, rules: Option<RuleSet>) -> ExitCode {
    let record = match read_record(file) {
        Ok(record) => record,
        Err(e) => return file_error(&e.words(lang)),
    };
    let blocks = match as_game(record.as_ref()) {
        Ok(read) => {
            if let Some(asked) = rules {
                return usage_error(&words::rules_contradict_file(
                    lang,
                    file,
                    &asked.to_string(),
                    "backgammon",
                ));
            }
            let (_, laid) = match laid_out(lang, read) {
                Ok(both) => both,
                Err(code) => return code,
            };
            let names = Color::BOTH.map(|side| read.game.name(side));
            laid.iter()
                .map(|l| crate::share::backgammon::block(names, l))
                .collect::<Vec<_>>()
        }
        Err(read) => {
            let read = match read {
                Some(read) => read,
                None => return file_error(&not_of_these(lang, file)),
            };
            let game = &read.game;
            if let Some(asked) = rules
                && asked != game.rules
            {
                let (asked, kept) = (asked.to_string(), game.rules.to_string());
                return usage_error(&words::rules_contradict_file(lang, file, &asked, &kept));
            }
            let analysis = match analysed(lang, read) {
                Ok(a) => a,
                Err(code) => return code,
            };
            let names = Color::BOTH.map(|side| game.name(side));
            let plies = crate::ai::analysis::JUDGE.depth().plies();
            let mut blocks = Vec::new();
            for d in &analysis.decisions {
                let Some((candidates, made)) = crate::ai::review::of_decision(game, d) else {
                    return file_error(words::NO_SHIPPED_NETWORK);
                };
                let before: Vec<_> = game.score.results().iter().take(d.game - 1).copied().collect();
                let score = MatchScore::new(game.score.games(), before);
                blocks.push(crate::share::brade::block(
                    names,
                    &score,
                    &d.position,
                    d.roll,
                    (&candidates, made),
                    plies,
                ));
            }
            blocks
        }
    };
    finish(io::stdout().lock().write_all(blocks.join("\n").as_bytes()))
}

/// `brade export --sgf FILE`: a backgammon save or record with its analysis (kept beside
/// the record, or made now) as GNU Backgammon's `.sgf`; a match of bräde is refused in
/// words (exit status 2).
pub(super) fn export_sgf(lang: Lang, file: &Path) -> ExitCode {
    let record = match read_record(file) {
        Ok(record) => record,
        Err(e) => return file_error(&e.words(lang)),
    };
    let Ok(read) = as_game(record.as_ref()) else {
        return usage_error(&crate::words::sharing::sgf_not_backgammon(lang, file));
    };
    let (analysis, laid) = match laid_out(lang, read) {
        Ok(both) => both,
        Err(code) => return code,
    };
    let text = crate::store::backgammon::sgf::sgf(&read.game, &analysis, &laid);
    finish(io::stdout().lock().write_all(text.as_bytes()))
}

/// A backgammon match's analysis (kept or made, as [`analysed`]) and each of its decisions
/// laid out with its figures (checker plays and cube decisions alike), or the exit of a
/// failure.
fn laid_out(
    lang: Lang,
    read: &MatchFile<Backgammon>,
) -> Result<(crate::ai::backgammon::analysis::BgAnalysis, Vec<review::Laid>), ExitCode> {
    let analysis = analysed(lang, read)?;
    let wanted = |place: (usize, usize), cube: bool| {
        analysis
            .decisions
            .iter()
            .any(|d| (d.game, d.turn) == place && d.is_cube() == cube)
    };
    let laid = with_progress(None, |progress| review::of_match(&read.game, progress, wanted));
    let laid = laid.ok_or_else(|| file_error(words::NO_SHIPPED_NETWORK))?;
    Ok((analysis, laid))
}

/// A record read as backgammon's (`Ok`), else as bräde's (`Err(Some)`); `Err(None)` for a
/// game neither command path knows.
fn as_game(record: &dyn RecordFile) -> Result<&MatchFile<Backgammon>, Option<&MatchFile<Brade>>> {
    let any = record.as_any();
    any.downcast_ref().ok_or_else(|| any.downcast_ref())
}

/// A record of a game these commands do not read: said as its reading as bräde's would.
fn not_of_these(lang: Lang, file: &Path) -> String {
    match MatchFile::<Brade>::read(file) {
        Err(e) => e.words(lang),
        Ok(_) => file.display().to_string(),
    }
}
