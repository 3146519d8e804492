//! `brade benchmark --game backgammon make` and `… levels`: backgammon's benchmark
//! decisions ([`crate::ai::backgammon::benchmark`]) rolled out into a data file that a killed run
//! continues, and every level judged by it — its loss per decision and PR with standard
//! errors, and each level less the one above it decision by decision.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use crate::ai::Level;
use crate::ai::backgammon::BgNet;
use crate::ai::backgammon::benchmark::{self, Entry, Outside, Plan};
use crate::cli::args::BenchmarkCommand;
use crate::cli::median;
use crate::cli::{file_error, finish, usage_error};
use crate::words::backgammon::benchmark as words;
use crate::words::figures::Estimate;
use crate::words::{Lang, names};

/// The levels judged, weakest first.
const JUDGED: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

/// Runs `brade benchmark --game backgammon …`.
pub(in crate::cli) fn run(lang: Lang, command: BenchmarkCommand, seed: u64) -> ExitCode {
    match command {
        BenchmarkCommand::Make {
            positions,
            games,
            level,
            luck,
            threads,
            out,
            report_every,
        } => {
            if !crate::ai::backgammon::has_player(level) {
                return usage_error(
                    &crate::ai::backgammon::LevelError::NoSuchLevel(level.label()).to_string(),
                );
            }
            let plan = Plan {
                seed,
                level,
                games: games.unwrap_or(1296),
                luck_adjusted: luck.adjusted(level),
                threads,
            };
            let mut log = io::stdout().lock();
            match benchmark::make(&out, positions as usize, &plan, report_every, &mut log) {
                Ok(()) => summary(&out, &mut log),
                Err(e) => usage_error(&e.to_string()),
            }
        }
        BenchmarkCommand::Levels { file, net } => levels(lang, &file, net.as_deref(), seed),
    }
}

/// The standard errors reached over the candidates that are not the best: the median of
/// each difference's to the best and of each equity's.
fn precision(entries: &[Entry]) -> (f64, f64) {
    let others = || entries.iter().flat_map(|e| e.candidates.iter().skip(1));
    (
        median(others().map(|c| c.behind_error).collect()),
        median(others().map(|c| c.error).collect()),
    )
}

/// The line `make` ends with: what the file holds.
fn summary(out: &Path, log: &mut dyn Write) -> ExitCode {
    match benchmark::read(out) {
        Ok(entries) => {
            let candidates: usize = entries.iter().map(|e| e.candidates.len()).sum();
            let text = format!(
                "{} decisions, {candidates} candidates in {}\n",
                entries.len(),
                out.display()
            ) + &words::precision(Lang::En, precision(&entries).0, precision(&entries).1);
            finish(log.write_all(text.as_bytes()))
        }
        Err(e) => file_error(&e.to_string()),
    }
}

fn levels(lang: Lang, file: &Path, net: Option<&Path>, seed: u64) -> ExitCode {
    let (entries, plan) = match benchmark::read(file).and_then(|e| Ok((e, benchmark::plan_of(file)?))) {
        Ok(read) => read,
        Err(e) => return file_error(&e.to_string()),
    };
    // A network file that cannot be read is a bad argument, as in every other command.
    let net: Arc<BgNet> = match net.map(BgNet::read) {
        Some(Ok(n)) => Arc::new(n),
        Some(Err(e)) => return usage_error(&e.to_string()),
        None => match crate::ai::backgammon::net::embedded() {
            Ok(n) => n,
            Err(e) => return file_error(&e.to_string()),
        },
    };
    let mut out = words::heading(lang, entries.len());
    let mut scores = Vec::new();
    for level in JUDGED {
        let s = match benchmark::judge(&entries, level, Arc::clone(&net), seed, Outside::RolledOut(&plan)) {
            Ok(s) => s,
            Err(e) => return file_error(&e.to_string()),
        };
        let (mean, error) = s.loss();
        out.push_str(&words::level(
            lang,
            &words::LevelFigures {
                level: names::level_name(lang, level.label()),
                loss: Estimate { mean, error },
                agreed: 100.0 * s.agreed as f64 / s.losses.len().max(1) as f64,
                outside: s.outside,
                ahead: s.ahead,
            },
        ));
        scores.push((level, s));
    }
    for pair in scores.windows(2) {
        let [(weaker, a), (stronger, b)] = pair else {
            continue;
        };
        let (mean, error) = b.less(a);
        let names = [stronger, weaker].map(|l| names::level_name(lang, l.label()));
        out.push_str(&words::paired(lang, names, Estimate { mean, error }));
    }
    let (difference, equity) = precision(&entries);
    out.push_str(&words::precision(lang, difference, equity));
    finish(io::stdout().lock().write_all(out.as_bytes()))
}
