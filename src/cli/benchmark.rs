//! `brade benchmark make` and `brade benchmark levels`: the benchmark positions of
//! [`crate::ai::benchmark`] rolled out into a data file, and every level judged by it
//! (backgammon's are in `cli/backgammon/benchmark.rs`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use super::{Luck, file_error, finish, usage_error, with_progress};
use crate::ai::Level;
use crate::ai::benchmark::{self, Entry};
use crate::ai::rollout::{Options, luck_pays};
use crate::rules::RuleSet;
use crate::words::{Lang, cli as words};

/// `brade benchmark`'s commands.
#[derive(Debug, clap::Subcommand)]
pub enum BenchmarkCommand {
    /// Draw positions from self-play games (easy, medium and hard in turn, one from each
    /// fifth of a game), roll out the hard level's best five plays of each roll with the
    /// same dice, and write the data file.
    Make {
        /// How many decisions (a position and its roll).
        #[arg(long, default_value_t = 1000, value_parser = super::parse_count)]
        positions: u32,
        /// Games per candidate (a multiple of 36 keeps the first two rolls in proportion)
        /// [default: 144, or 1296 for backgammon]
        #[arg(long, value_parser = super::parse_count)]
        games: Option<u32>,
        /// Who plays the rollouts out.
        #[arg(long, value_enum, default_value_t = Level::Medium)]
        level: Level,
        /// Take each roll's luck off the results (auto: on for the 2-ply levels).
        #[arg(long, value_enum, default_value_t = Luck::Auto)]
        luck: Luck,
        /// Threads (default: every core); the figures do not depend on it.
        #[arg(long, value_parser = super::parse_threads)]
        threads: Option<usize>,
        /// The data file to write (backgammon: to continue, if begun with the same
        /// settings).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Backgammon: a progress line every N decisions.
        #[arg(long, default_value_t = 10, value_name = "N")]
        report_every: usize,
    },
    /// Judge the levels by a data file: each level's mean loss per decision against the
    /// rolled-out best (in thousandths of a point) and how often it chose that best.
    Levels {
        /// A data file from 'brade benchmark make'.
        file: PathBuf,
        /// Backgammon: judge the levels with this network instead of the shipped one.
        #[arg(long, value_name = "FILE")]
        net: Option<PathBuf>,
    },
}

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
            let luck_adjusted = match luck {
                Luck::On => true,
                Luck::Off => false,
                Luck::Auto => luck_pays(level),
            };
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

/// The median of `values` (0 for none).
pub(super) fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
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
