//! The command line: `brade` (the game's start screen), `brade play`, and the commands
//! for scripts (`moves`, `perft`, `bot`, `eval`, `arena`, `benchmark`, `train`, `records`,
//! `export`, `replay`). Parsing is clap's; every answer is computed by the games' engines
//! and the layers above them; the words are [`crate::words::cli`]'s. Bad arguments end
//! with exit status 2 and one line on stderr; a file that cannot be used, with status 1.
//!
//! `run` chooses the game a command plays and hands it the arguments ([`commands`]: each
//! game's half, in `brade/` and `backgammon/`); `game.rs` runs the commands that open the
//! game or read its files, `sharing.rs` those on a record of any game.

mod args;
mod backgammon;
mod brade;
mod commands;
mod game;
mod lines;
mod manual;
mod parse;
mod picture;
mod sharing;
mod verdict;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::PossibleValue;
use clap::{Parser, Subcommand, ValueEnum};

use crate::ai::Level;
use crate::game::Kind;
use crate::session::SeededDice;
use crate::words::{Lang, cli as words};
use parse::parse_count;

pub use args::{
    ArenaArgs, BenchmarkCommand, BotArgs, EvalArgs, GameOpt, Luck, MovesArgs, PerftArgs, PlayArgs,
    RolloutArgs, RulesArg, TrainArgs,
};
pub use backgammon::read_position;
use commands::GameCommands as _;
pub use lines::{MAX_LINE, MAX_PERFT_DEPTH};
pub use manual::{page as man_page, script as completion_script};

/// Bräde — the traditional Swedish tables game (Vasamuseet rules).
#[derive(Debug, Parser)]
#[command(name = "brade", version, about, long_about = None, after_help = words::AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Language of the game: en (English) or sv (Swedish); overrides the settings.
    #[arg(long, global = true, value_enum)]
    pub lang: Option<Lang>,
    /// Seed for the dice: the same seed gives the same dice.
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// Where saved matches are kept (default: the platform's data directory,
    /// e.g. ~/.local/share/brade).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// The settings file (default: the platform's config directory,
    /// e.g. ~/.config/brade/config.toml).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

// The language and the levels are the program's own types; clap is told their names here,
// so that nothing below the command line depends on it.
impl ValueEnum for Lang {
    fn value_variants<'a>() -> &'a [Self] {
        &Lang::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.code()))
    }
}

impl ValueEnum for Level {
    fn value_variants<'a>() -> &'a [Self] {
        &Level::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.label()).help(words::level_help(self.label())))
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a match at once (without arguments, brade opens its start screen).
    Play(PlayArgs),
    /// Answer lines 'POSITION DICE' with the chosen play, one line each, in the format
    /// of 'brade moves' (flushed after every line).
    ///
    /// With --match GAMES it plays for the match: a line may end with the score so far,
    /// WHITE/BLACK, each side's results won in the match separated by commas ('-' for
    /// none), e.g. '1x15/1x15/w 53 jan,hemspel/-'.
    Bot(BotArgs),
    /// Play games between two players on every core and report wins, points and results.
    Arena(ArenaArgs),
    /// Benchmark positions: make the data file of rolled-out decisions, or judge the
    /// levels by it (see the user guide: Figures).
    Benchmark {
        /// The game: brade (the default) or backgammon (its own decisions and levels).
        #[arg(long, value_enum, value_name = "GAME", global = true)]
        game: Option<Kind>,
        #[command(subcommand)]
        command: BenchmarkCommand,
    },
    /// Train the computer's network by TD(λ) self-play (see the user guide: Training the networks).
    ///
    /// Writes FILE at every checkpoint and at the end; --resume continues it. The dice of
    /// game g depend only on the seed and g, so a resumed run ends with exactly the weights
    /// of an uninterrupted one.
    Train(TrainArgs),
    /// The network's estimate for a position, the side to roll about to roll: expected
    /// points, then the probability of each result for the side to roll and for the
    /// other side, one line each: NAME<TAB>P_TO_ROLL<TAB>P_OTHER.
    ///
    /// The estimate looks at the position alone, before the roll, so it is the same under
    /// every rule set: --rules is taken, as by every command that reads a position, and
    /// changes nothing here.
    Eval(EvalArgs),
    /// Play a position out to the end many times, on every core: the side to roll's
    /// expected points with its standard error and how often each result comes; with
    /// DICE, the same for each of the three best plays of that roll.
    ///
    /// With --game backgammon: the cubeless equity and the five chances (win, gammon and
    /// backgammon for each side), each with its standard error; with DICE, the hard
    /// level's five best plays of the roll, all rolled out with the same dice, each with
    /// how far it is behind the best and that difference's own standard error.
    Rollout(RolloutArgs),
    /// List the finished matches kept in the data directory.
    Records,
    /// Per player name over the records: matches and games won, every kind of result won
    /// and lost (with munk), points per game, the error rate over the analysed matches and
    /// the last 10 of them one by one, and how many had manual dice.
    Stats {
        /// Analyse the records not analysed yet (kept beside each record) first.
        #[arg(long)]
        analyze: bool,
        /// Instead of the figures per player, every analysed match, oldest first: a
        /// tab-separated row each under a header line — its time, game, dice (drawn or
        /// manual), players, each side's decisions and error rate, and its file.
        #[arg(long)]
        series: bool,
    },
    /// Print a readable transcript of a saved or finished match.
    Export {
        /// A record (see 'brade records') or a save file.
        file: PathBuf,
        /// Write a backgammon match in the .mat text format that GNU Backgammon imports
        /// (File > Import > Jellyfish match), instead of the transcript.
        #[arg(long)]
        mat: bool,
        /// Write a backgammon match with its analysis as GNU Backgammon's .sgf (File >
        /// Open), instead of the transcript.
        #[arg(long, conflicts_with = "mat")]
        sgf: bool,
    },
    /// Weigh every decision of a saved or finished match by the hard level: the play made,
    /// the best play, the expected points lost (marked ?! ? ??), and each player's summary.
    ///
    /// The match is weighed by the rules it was played by, which its file keeps; --rules
    /// is only a check (a set other than the file's is refused).
    Analyze {
        /// A record (see 'brade records') or a save file.
        file: PathBuf,
        /// One line per decision, tab-separated: GAME TURN MOVER ROLL PLAYED BEST LOSS MARK
        /// (with --rollout three more: the rollout's loss, its standard error, the verdict).
        #[arg(long)]
        tsv: bool,
        /// xg: one block per decision as eXtreme Gammon copies it (XGID, board, candidates
        /// with equities and chances; bräde's with its position code).
        #[arg(long, value_enum, value_name = "FORMAT", conflicts_with_all = ["tsv", "rollout"])]
        format: Option<sharing::Format>,
        #[command(flatten)]
        rules: RulesArg,
        /// Roll out every play marked as an error (?! and worse) against the best play, by
        /// medium with the same dice, and print the rollout's loss ± its standard error
        /// and a verdict: confirmed, not an error, or uncertain (the mark within two
        /// standard errors). --seed sets the dice (1 by default). Not the cube's decisions.
        #[arg(long)]
        rollout: bool,
        /// With --rollout: only the N worst marked plays.
        #[arg(long, value_name = "N", requires = "rollout", value_parser = parse_count)]
        worst: Option<u32>,
        /// With --rollout: games each play is rolled out [default: 2592, backgammon 1296]
        #[arg(long, value_name = "N", requires = "rollout", value_parser = parse_count)]
        games: Option<u32>,
    },
    /// Practise your own mistakes: the errors of the analysed records, drilled on a
    /// spaced-repetition schedule (the start screen's "Practise your mistakes").
    Practice,
    /// Set up a position on the board (the start screen's "Set up a position"): its code
    /// checked as it changes, the best plays of a roll, a rollout, play it out.
    Edit {
        /// A position code to open (the start position without it); a GNU Backgammon
        /// Position ID or an XGID opens backgammon's editor without --game.
        position: Option<String>,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Step through a saved or finished match turn by turn, drawing the board.
    Replay {
        /// A record (see 'brade records') or a save file.
        file: PathBuf,
    },
    /// List every legal play of a roll: PLAY<TAB>RESULT<TAB>OUTCOME per line.
    ///
    /// PLAY is play notation (one legal step order, '-' for a forfeited roll), RESULT the
    /// position code after the play with the turn passed, OUTCOME the game's result
    /// (hemspel, enkelt-kronspel, dubbelt-kronspel, trappspel, uppspel, each maybe +munk;
    /// jan; sprangjan) or '-'.
    Moves(MovesArgs),
    /// Count the leaf plays of the game tree to DEPTH turns (see the user guide: The command line, perft).
    Perft(PerftArgs),
    /// Draw a position of either game as an SVG picture: every checker, the bar, the
    /// trays, the points numbered from the side to move, the cube and the dice.
    Picture(picture::PictureArgs),
    /// Serve brade over SSH: players connect with 'ssh -p PORT NAME@HOST' from any
    /// terminal and play in their own terminal's size, each with their own records and
    /// settings on the server (see the user guide: Playing across terminals).
    ///
    /// Public keys only: the first key that logs in with a name keeps it. The server keeps
    /// its host key, its players and their data in the data directory's 'serve' folder.
    Serve {
        /// The address and port to listen on (this machine only unless told).
        #[arg(long, value_name = "ADDR:PORT", default_value = crate::serve::DEFAULT_LISTEN)]
        listen: std::net::SocketAddr,
        /// Only the names in FILE may log in (one a line; # starts a comment).
        #[arg(long, value_name = "FILE")]
        allow: Option<PathBuf>,
        /// Minutes a player may be away from a match the server holds before the other
        /// may claim it (it is then recorded as claimed, unfinished).
        #[arg(long, value_name = "MINUTES", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=10_080))]
        claim_after: u64,
        /// Connections at once, in all (more are closed at once).
        #[arg(long, value_name = "N", default_value_t = crate::serve::bounds::MAX_CONNECTIONS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
        max_connections: usize,
        /// Connections at once from one address.
        #[arg(long, value_name = "N", default_value_t = crate::serve::bounds::MAX_PER_ADDRESS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
        max_per_address: usize,
    },
    /// Print a backgammon position in its forms: its position code, its GNU Backgammon
    /// Position ID, its XGID.
    #[command(after_help = crate::words::backgammon::POSITION_HELP)]
    ///
    /// With --match it prints the GNU Backgammon Match ID of the match around it too; a
    /// Match ID alone (12 characters) is read back into those options, one a line.
    Id {
        /// A backgammon position code or Position ID (with ':b' when Black is on roll, or
        /// ':MATCHID', gnubg's POSITIONID:MATCHID), an XGID (XGID=…); or a Match ID.
        #[arg(allow_hyphen_values = true)]
        position: String,
        #[command(flatten)]
        state: backgammon::MatchArgs,
    },
    /// Print brade's manual page (roff) on standard output:
    /// 'brade man > ~/.local/share/man/man1/brade.1', then 'man brade'.
    Man,
    /// Print the completions of brade's commands and options for a shell on standard
    /// output (see the user guide, Settings and files, for where each shell reads them).
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Parses the arguments and runs the command.
#[must_use]
pub fn run() -> ExitCode {
    // A write past a file size limit fails and is reported, as any failed write is,
    // instead of ending the program (SIGXFSZ's default) with nothing said.
    #[cfg(unix)]
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e),
    };
    let seed = cli.seed.unwrap_or_else(SeededDice::random_seed);
    // The language of what the commands for scripts say to people: --lang, else the
    // settings' (read here only for them: the game's commands read the settings whole).
    let config = cli.config.clone();
    let lang = || {
        cli.lang.unwrap_or_else(|| {
            config
                .clone()
                .or_else(crate::settings::default_path)
                .map_or(Lang::En, |path| crate::settings::load(&path).0.language)
        })
    };
    let opts = args::Options {
        lang: cli.lang,
        config: cli.config,
        data_dir: cli.data_dir,
        seed,
        pace: crate::front::DEFAULT_PACE,
        plain: false,
    };
    // A match in plain text when asked, or where the full screen cannot be drawn.
    let plain_wanted = |asked: bool| {
        use std::io::IsTerminal as _;
        asked || std::env::var("TERM").is_ok_and(|t| t == "dumb") || !std::io::stdout().is_terminal()
    };
    let play = |ms: u64, plain: bool| args::Options {
        pace: std::time::Duration::from_millis(ms),
        plain: plain_wanted(plain),
        ..opts.clone()
    };
    match cli.command {
        None => game::start(&opts),
        Some(Command::Play(args)) if args.resume => game::resume(&play(args.pace, args.plain)),
        Some(Command::Play(args)) => {
            let opts = play(args.pace, args.plain);
            crate::with_game!(args.game.unwrap_or_default(), G => G::play(&opts, args))
        }
        Some(Command::Records) => game::records(&opts),
        Some(Command::Stats { analyze, series }) => game::stats(&opts, analyze, series),
        Some(Command::Replay { file }) => game::replay(&opts, &file),
        Some(Command::Practice) => game::practice(&opts),
        Some(Command::Edit { position, game }) => game::edit(&opts, position.as_deref(), game),
        Some(Command::Export { file, mat, sgf }) => match (mat, sgf) {
            (true, _) => sharing::export(lang(), &file, commands::Export::Mat),
            (_, true) => sharing::export(lang(), &file, commands::Export::Sgf),
            _ => game::export(lang(), &file),
        },
        Some(Command::Picture(args)) => picture::picture(&args),
        Some(Command::Analyze {
            file,
            tsv,
            format,
            rules,
            rollout,
            worst,
            games,
        }) => {
            let how = commands::Analyze {
                tsv: tsv || format == Some(sharing::Format::Tsv),
                xg: format == Some(sharing::Format::Xg),
                rules: rules.rules,
                rollout: rollout.then_some(verdict::Asked {
                    worst,
                    games,
                    seed: cli.seed.unwrap_or(crate::ai::verdict::SEED),
                }),
            };
            sharing::analyze(lang(), &file, &how)
        }
        Some(Command::Rollout(args)) => {
            crate::with_game!(args.game.kind(), G => G::rollout(lang(), args, seed))
        }
        Some(Command::Bot(args)) => crate::with_game!(args.game.unwrap_or_default(), G => G::bot(args, seed)),
        Some(Command::Arena(args)) => {
            crate::with_game!(args.game.unwrap_or_default(), G => G::arena(lang(), args, seed))
        }
        Some(Command::Benchmark { game, command }) => {
            crate::with_game!(game.unwrap_or_default(), G => G::benchmark(lang(), command, seed))
        }
        Some(Command::Train(args)) => {
            crate::with_game!(args.game.unwrap_or_default(), G => G::train(lang(), args, seed))
        }
        Some(Command::Moves(args)) => crate::with_game!(args.game.kind(), G => G::moves(args)),
        Some(Command::Perft(args)) => crate::with_game!(args.game.kind(), G => G::perft(lang(), args)),
        Some(Command::Id { position, state }) => backgammon::id(&position, &state),
        Some(Command::Serve {
            listen,
            allow,
            claim_after,
            max_connections,
            max_per_address,
        }) => serve(
            opts.data_dir.clone(),
            listen,
            allow.as_deref(),
            claim_after,
            (max_connections, max_per_address),
        ),
        Some(Command::Eval(args)) => crate::with_game!(args.game.unwrap_or_default(), G => G::eval(args)),
        Some(Command::Man) => manual::man(),
        Some(Command::Completions { shell }) => manual::completions(shell),
    }
}

/// `brade serve`: the server run until it is stopped.
fn serve(
    data_dir: Option<PathBuf>,
    listen: std::net::SocketAddr,
    allow: Option<&std::path::Path>,
    claim_after: u64,
    (max_connections, max_per_address): (usize, usize),
) -> ExitCode {
    let Some(dir) = data_dir.or_else(crate::store::Store::default_dir) else {
        return usage_error(crate::words::cli::NO_DATA_DIR);
    };
    let allowed = match allow.map(crate::serve::players::read_allowed).transpose() {
        Ok(allowed) => allowed,
        Err(why) => return file_error(&why),
    };
    let options = crate::serve::Options {
        listen,
        dir: dir.join("serve"),
        allowed,
        pace: crate::front::DEFAULT_PACE,
        claim_after: std::time::Duration::from_secs(claim_after * 60),
        max_connections,
        max_per_address,
    };
    match crate::serve::run(&options, &mut std::io::stderr()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => file_error(&e.to_string()),
    }
}

/// Runs `work` with a progress bar on stderr that it moves by `(done, total)` (indicatif
/// hides the bar where stderr is not a terminal); `template`, when given, styles it.
fn with_progress<T>(template: Option<&str>, work: impl FnOnce(&dyn Fn(usize, usize)) -> T) -> T {
    let bar = indicatif::ProgressBar::new(0);
    if let Some(style) = template.and_then(|t| indicatif::ProgressStyle::with_template(t).ok()) {
        bar.set_style(style);
    }
    let out = work(&|done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    out
}

/// The median of `values` (0 for none).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// One line for a clap error (help and version print as usual).
fn clap_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = e.print();
        return ExitCode::from(2);
    }
    let rendered = e.render().to_string();
    let first = rendered.lines().next().unwrap_or("error: bad arguments");
    usage_error(first.trim_start_matches("error: "))
}

/// Bad arguments: one line on stderr, exit status 2.
fn usage_error(msg: &str) -> ExitCode {
    eprintln!("{}", words::usage_error(msg));
    ExitCode::from(2)
}

/// A file that cannot be read or used: the message names it; the arguments were fine.
fn file_error(msg: &str) -> ExitCode {
    eprintln!("{}", words::error(msg));
    ExitCode::FAILURE
}

/// Ends a command that wrote to stdout: a closed pipe is a normal end, other I/O errors
/// are reported.
fn finish(result: io::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => file_error(&e.to_string()),
    }
}

/// `--game`: the games by their names (`brade`, also `bräde`; `backgammon`).
impl ValueEnum for Kind {
    fn value_variants<'a>() -> &'a [Self] {
        &Kind::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let value = PossibleValue::new(self.name());
        Some(if *self == Kind::default() {
            value.alias("bräde")
        } else {
            value
        })
    }
}
