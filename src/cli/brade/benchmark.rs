//! `brade benchmark make` and `brade benchmark levels`: the benchmark positions of
//! [`crate::ai::benchmark`] rolled out into a data file, and every level judged by it
//! (backgammon's are in `cli/backgammon/benchmark.rs`).

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use crate::ai::Level;
use crate::ai::benchmark::{self, Entry};
use crate::ai::rollout::Options;
use crate::brade::RuleSet;
use crate::cli::args::BenchmarkCommand;
use crate::cli::{file_error, finish, median, usage_error, with_progress};
use crate::words::{Lang, cli as words};

/// Runs a `brade benchmark` command of bräde (backgammon's is
/// `backgammon::benchmark::run`).
pub(super) fn run(lang: Lang, command: BenchmarkCommand, seed: u64) -> ExitCode {
    match command {
        BenchmarkCommand::Levels { net: Some(_), .. } => {
            usage_error(crate::words::backgammon::NET_ONLY_FOR_BACKGAMMON_BENCHMARK)
        }
        BenchmarkCommand::Make {
            positions,
            games,
            level,
            luck,
            threads,
            out,
            report_every: _,
        } => {
            let games = games.unwrap_or(144);
            let luck_adjusted = luck.adjusted(level);
            let options = Options {
                games,
                level,
                seed,
                threads,
                luck_adjusted,
                rules: RuleSet::VASAMUSEET,
            };
            make(positions as usize, options, &out)
        }
        BenchmarkCommand::Levels { file, net: None } => levels(lang, &file, seed),
    }
}

/// The standard errors reached, over the candidates that are not the best: each
/// equity's and each paired difference's, median and mean.
fn errors(entries: &[Entry]) -> [(f64, f64); 2] {
    let others = || entries.iter().flat_map(|e| e.candidates.iter().skip(1));
    let of = |values: Vec<f64>| {
        let mean = values.iter().sum::<f64>() / values.len().max(1) as f64;
        (median(values), mean)
    };
    [
        of(others().map(|c| c.error).collect()),
        of(others().map(|c| c.behind_error).collect()),
    ]
}

fn make(positions: usize, options: Options, out: &Path) -> ExitCode {
    let started = Instant::now();
    let when = crate::words::format_time(crate::store::now());
    let decisions = benchmark::draw(positions, options.seed);
    let entries: Vec<Entry> = with_progress(None, |progress| {
        decisions
            .iter()
            .enumerate()
            .map(|(k, d)| {
                let e = benchmark::roll_out(d, options);
                progress(k + 1, decisions.len());
                e
            })
            .collect()
    });
    let secs = started.elapsed().as_secs();
    let [separate, paired] = errors(&entries);
    let candidates: usize = entries.iter().map(|e| e.candidates.len()).sum();
    let luck = if options.luck_adjusted { "on" } else { "off" };
    let header = format!(
        "# Benchmark positions of brade (issue 27): {} decisions, {candidates} candidate plays.\n\
         # Made by: brade --seed {} benchmark make --positions {positions} --games {} --level {} --luck {luck} --out {}\n\
         # Seed {}, {} games a candidate played out by {} (luck adjustment {luck}), the same dice for every candidate.\n\
         # Made {when} in {secs} s (threads: {}).\n\
         # Standard error of a candidate's equity: median {:.4}, mean {:.4}; of its difference to the best (paired by the dice): median {:.4}, mean {:.4} (points).\n\
         # Columns: the position (code), the roll, a play, its rolled-out equity for the mover and the standard error,\n\
         # how far it is behind the best candidate and that difference's standard error. The best candidate first.\n",
        entries.len(),
        options.seed,
        options.games,
        options.level.label(),
        out.display(),
        options.seed,
        options.games,
        options.level.label(),
        options.threads.unwrap_or_else(rayon::current_num_threads),
        separate.0,
        separate.1,
        paired.0,
        paired.1,
    );
    let text = header + &benchmark::rows(&entries);
    if let Err(e) = std::fs::write(out, text) {
        return file_error(&format!("{}: {e}", out.display()));
    }
    let summary = format!(
        "{} decisions, {candidates} candidates, {secs} s; standard error of an equity median {:.4}, of a difference median {:.4}\n",
        entries.len(),
        separate.0,
        paired.0
    );
    finish(io::stdout().lock().write_all(summary.as_bytes()))
}

/// The levels judged, weakest first.
const JUDGED: [Level; 5] = [
    Level::Heuristic,
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Expert,
];

fn levels(lang: Lang, file: &Path, seed: u64) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return file_error(&format!("{}: {e}", file.display())),
    };
    let entries = match benchmark::parse(&text) {
        Ok(e) => e,
        Err(e) => return file_error(&format!("{}: {e}", file.display())),
    };
    let mut out = words::benchmark_heading(lang, entries.len());
    for level in JUDGED {
        let s = benchmark::judge(&entries, level, seed);
        out.push_str(&words::benchmark_level(
            lang,
            crate::words::names::level_name(lang, level.label()),
            (s.error_rate, s.error_error),
            100.0 * s.agreed as f64 / s.decisions.max(1) as f64,
            s.outside,
        ));
    }
    finish(io::stdout().lock().write_all(out.as_bytes()))
}
