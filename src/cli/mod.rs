//! The command line: `brade` (the game's start screen), `brade play`, and the commands
//! for scripts (`moves`, `perft`, `bot`, `eval`, `arena`, `benchmark`, `train`, `records`, `export`,
//! `replay`). Parsing is clap's; every answer is computed by [`crate::rules`] and the
//! layers above it; the words are [`crate::words::cli`]'s. Bad arguments end with exit
//! status 2 and one line on stderr; a file that cannot be used, with status 1.
//!
//! `game.rs` runs the commands that open the game or read its files; `query.rs` the
//! commands that answer scripts.

mod backgammon;
mod benchmark;
mod game;
mod parse;
mod picture;
mod query;
mod sharing;
mod verdict;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::PossibleValue;
use clap::{Parser, Subcommand, ValueEnum};

use crate::ai::Level;
use crate::game::Kind;
use crate::rules::RuleSet;
use crate::session::SeededDice;
use crate::words::{Lang, cli as words};

pub use backgammon::read_position;
use parse::{parse_count, parse_games, parse_match, parse_name, parse_points, parse_rules, parse_threads};
pub use query::{MAX_LINE, MAX_PERFT_DEPTH};

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

/// `--rules SET`: the rules a command plays by.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct RulesArg {
    /// The rules: vasamuseet (the default), wikipedia-a, wikipedia-b or hobby-page, or
    /// switches SWITCH=VALUE joined by commas, those not named keeping the Vasamuseet
    /// rule: entry-burst=more|none, bear-off=rearmost|free, band-run=any|five,
    /// pretty=at-once|whole-roll (e.g. entry-burst=none,bear-off=free; see the help's
    /// page "Other rules").
    #[arg(long, value_name = "SET", value_parser = parse_rules)]
    pub rules: Option<RuleSet>,
}

impl RulesArg {
    /// The set given, else the Vasamuseet rules.
    fn or_default(self) -> RuleSet {
        self.rules.unwrap_or_default()
    }
}

/// Whether a rollout takes each roll's luck off its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Luck {
    Auto,
    On,
    Off,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a match at once (without arguments, brade opens its start screen).
    Play {
        /// Number of games: 1, 3, 5 or 7 (default 3). Bräde's: a backgammon match's length
        /// is --points.
        #[arg(long, value_parser = parse_games)]
        games: Option<u32>,
        /// White's name.
        #[arg(long, default_value = "White", value_parser = parse_name)]
        white: String,
        /// Black's name.
        #[arg(long, default_value = "Black", value_parser = parse_name)]
        black: String,
        /// Go straight back into the saved match.
        #[arg(long, conflicts_with_all = ["games", "white", "black"])]
        resume: bool,
        /// The computer's strength for a side named "computer".
        #[arg(long, value_enum, default_value_t = Level::Medium)]
        level: Level,
        /// Milliseconds per visible action of a computer side (roll, step, confirm);
        /// 0 plays as fast as it can.
        #[arg(long, value_name = "MS", default_value_t = 450, value_parser = clap::value_parser!(u64).range(0..=60_000))]
        pace: u64,
        /// The rules of the new match (default: the settings' rules, else vasamuseet).
        #[arg(long, value_name = "SET", value_parser = parse_rules, conflicts_with = "resume")]
        rules: Option<RuleSet>,
        /// The game: brade (the default) or backgammon.
        #[arg(long, value_enum, value_name = "GAME", conflicts_with = "resume")]
        game: Option<Kind>,
        /// Backgammon: the match's length, an odd number of points up to 25, or 0 for
        /// money play (default 5).
        #[arg(long, value_name = "N", value_parser = parse_points, conflicts_with = "resume")]
        points: Option<u32>,
    },
    /// Answer lines 'POSITION DICE' with the chosen play, one line each, in the format
    /// of 'brade moves' (flushed after every line).
    ///
    /// With --match GAMES it plays for the match: a line may end with the score so far,
    /// WHITE/BLACK, each side's results won in the match separated by commas ('-' for
    /// none), e.g. '1x15/1x15/w 53 jan,hemspel/-'.
    Bot {
        /// How strong: easy, medium, hard or expert (also random, heuristic).
        #[arg(long, value_enum, default_value_t = Level::Medium)]
        level: Level,
        /// Play for a match of this many games (3, 5 or 7) instead of expected points.
        #[arg(long = "match", value_name = "GAMES", value_parser = parse_match)]
        match_games: Option<u32>,
        #[command(flatten)]
        rules: RulesArg,
        /// The game: brade (the default) or backgammon. A backgammon line is POSITION DICE
        /// (a position code or GNU Position ID, see 'brade id --help'), answered in the
        /// columns of 'brade moves --game backgammon'; lines starting with a word (cube,
        /// double, take, drop) are kept for the cube and refused for now.
        #[arg(long, value_enum, value_name = "GAME")]
        game: Option<Kind>,
    },
    /// Play games between two players on every core and report wins, points and results.
    Arena {
        /// Player A: random, heuristic, easy, medium, hard or expert.
        #[arg(value_enum)]
        a: Level,
        /// Player B.
        #[arg(value_enum)]
        b: Level,
        /// Number of games, at least 1 (A plays White in even games, Black in odd ones; each
        /// block of 50 games has its own dice, so the figures do not depend on the cores).
        #[arg(long, default_value_t = 100, value_parser = parse_count)]
        games: u32,
        /// A network file for A's level instead of the shipped one (from 'brade train').
        #[arg(long, value_name = "FILE")]
        a_net: Option<PathBuf>,
        /// A network file for B's level.
        #[arg(long, value_name = "FILE")]
        b_net: Option<PathBuf>,
        /// Play whole matches of this many games (3, 5 or 7) instead of single games: the
        /// levels that use the network play for the match (see --a-points).
        #[arg(long = "match", value_name = "GAMES", value_parser = parse_match, conflicts_with = "games")]
        match_games: Option<u32>,
        /// How many matches, with --match (A starts the first game of every other one).
        #[arg(long, default_value_t = 100, value_parser = parse_count, requires = "match_games")]
        matches: u32,
        /// In matches, A plays for expected points as in a single game.
        #[arg(long, requires = "match_games")]
        a_points: bool,
        /// In matches, B plays for expected points as in a single game.
        #[arg(long, requires = "match_games")]
        b_points: bool,
        /// A looks ahead as if the Vasamuseet rules applied, whatever --rules says (its
        /// plays stay legal): what knowing the rules is worth.
        #[arg(long)]
        a_default_rules: bool,
        /// B looks ahead as if the Vasamuseet rules applied.
        #[arg(long)]
        b_default_rules: bool,
        #[command(flatten)]
        rules: RulesArg,
        /// The game: brade (the default) or backgammon (cubeless money games; the levels
        /// random, easy, medium, hard and expert; --games, --a-net, --b-net and --seed).
        #[arg(long, value_enum, value_name = "GAME")]
        game: Option<Kind>,
        #[command(flatten)]
        bg: backgammon::bot::BgArenaArgs,
    },
    /// Benchmark positions: make the data file of rolled-out decisions, or judge the
    /// levels by it (see the README: Benchmark positions).
    Benchmark {
        /// The game: brade (the default) or backgammon (its own decisions and levels).
        #[arg(long, value_enum, value_name = "GAME", global = true)]
        game: Option<Kind>,
        #[command(subcommand)]
        command: benchmark::BenchmarkCommand,
    },
    /// Train the computer's network by TD(λ) self-play (see the README: Training).
    ///
    /// Writes FILE at every checkpoint and at the end; --resume continues it. The dice of
    /// game g depend only on the seed and g, so a resumed run ends with exactly the weights
    /// of an uninterrupted one.
    Train(query::TrainArgs),
    /// The network's estimate for a position, the side to roll about to roll: expected
    /// points, then the probability of each result for the side to roll and for the
    /// other side, one line each: NAME<TAB>P_TO_ROLL<TAB>P_OTHER.
    ///
    /// The estimate looks at the position alone, before the roll, so it is the same under
    /// every rule set: --rules is taken, as by every command that reads a position, and
    /// changes nothing here.
    Eval {
        /// Position code, e.g. 1x15/1x15/w.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// A network file instead of the shipped one (from 'brade train').
        #[arg(long, value_name = "FILE")]
        net: Option<PathBuf>,
        #[command(flatten)]
        rules: RulesArg,
        /// The game: brade (the default) or backgammon (the cubeless equity, then the
        /// probabilities win, win-gammon, win-backgammon, lose-gammon, lose-backgammon for
        /// the side to roll, each counting the bigger wins too, as GNU Backgammon's).
        #[arg(long, value_enum, value_name = "GAME")]
        game: Option<Kind>,
    },
    /// Play a position out to the end many times, on every core: the side to roll's
    /// expected points with its standard error and how often each result comes; with
    /// DICE, the same for each of the three best plays of that roll.
    ///
    /// With --game backgammon: the cubeless equity and the five chances (win, gammon and
    /// backgammon for each side), each with its standard error; with DICE, the hard
    /// level's five best plays of the roll, all rolled out with the same dice, each with
    /// how far it is behind the best and that difference's own standard error.
    Rollout {
        /// Position code, e.g. 1x15/1x15/w (the side to roll about to roll).
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// A roll: 53, 5-3 or "5 3" — roll out the best plays of it instead.
        #[arg(num_args = 0..=2)]
        dice: Vec<String>,
        /// Games per rollout (a multiple of 36 keeps the first two rolls exactly in
        /// proportion; 1 296 gives every pair of them once).
        #[arg(long, default_value_t = 1296, value_parser = parse_count)]
        games: u32,
        /// Who plays the games out: random, heuristic, easy, medium, hard or expert (expert is
        /// slow: a few milliseconds a decision).
        #[arg(long, value_enum, default_value_t = Level::Medium)]
        level: Level,
        /// Threads (default: every core), at most 256; the figures do not depend on it.
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Take each roll's luck off the results: on, off, or auto (on for the hard
        /// level, where it quarters the variance for half again the time; off for the
        /// 0-ply levels, where it would cost twenty times the time).
        #[arg(long, value_enum, default_value_t = Luck::Auto)]
        luck: Luck,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        game: GameOpt,
    },
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
        /// A position code to open (the start position without it); in backgammon also a
        /// GNU Backgammon Position ID or an XGID (which opens backgammon's editor).
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
    Moves {
        /// Position code, e.g. 1x15/1x15/w.
        #[arg(
            allow_hyphen_values = true,
            required_unless_present = "stdin",
            conflicts_with = "stdin"
        )]
        position: Option<String>,
        /// The roll: 53, 5-3, or 5 3 (in backgammon, left out after an XGID that holds it).
        #[arg(num_args = 0..=2, conflicts_with = "stdin")]
        dice: Vec<String>,
        /// Read lines 'POSITION DICE' from standard input until its end; answer each with
        /// its lines and one empty line ('error: …' alone for a bad line).
        #[arg(long)]
        stdin: bool,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Count the leaf plays of the game tree to DEPTH turns (see RULES.md, Perft).
    Perft {
        /// Position code.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// Depth in turns (0 gives 1), at most 8.
        depth: u32,
        /// Also print the elapsed time and leaf plays per second.
        #[arg(long)]
        time: bool,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Draw a position of either game as an SVG picture: every checker, the bar, the
    /// trays, the points numbered from the side to move, the cube and the dice.
    Picture(picture::PictureArgs),
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
}

/// `--game GAME`: the game a command plays.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct GameOpt {
    /// The game: brade (the default) or backgammon. A backgammon position is a code in
    /// each side's own numbering with the bar as 25, or a GNU Backgammon Position ID
    /// (White on roll, ':b' after it for Black): see 'brade id --help'.
    #[arg(long, value_enum, value_name = "GAME")]
    pub game: Option<Kind>,
}

impl GameOpt {
    fn of(game: Kind) -> GameOpt {
        GameOpt { game: Some(game) }
    }

    /// Whether the game is backgammon; bräde's `--rules` refused with it.
    fn backgammon(self, rules: RulesArg) -> Result<bool, ExitCode> {
        match self.game.unwrap_or_default() {
            Kind::Brade => Ok(false),
            Kind::Backgammon if rules.rules.is_some() => {
                Err(usage_error(crate::words::backgammon::RULES_NOT_FOR_BACKGAMMON))
            }
            Kind::Backgammon => Ok(true),
        }
    }
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
    let opts = game::Options {
        lang: cli.lang,
        config: cli.config,
        data_dir: cli.data_dir,
        seed,
        pace: crate::front::DEFAULT_PACE,
    };
    let pace = |ms: u64| game::Options {
        pace: std::time::Duration::from_millis(ms),
        ..opts.clone()
    };
    match cli.command {
        None => game::start(&opts),
        Some(Command::Play {
            resume: true,
            pace: ms,
            ..
        }) => game::resume(&pace(ms)),
        Some(Command::Play {
            game: Some(Kind::Backgammon),
            white,
            black,
            pace: ms,
            rules,
            points,
            level,
            games,
            ..
        }) => match (rules, games) {
            (Some(_), _) => usage_error(crate::words::backgammon::RULES_NOT_FOR_BACKGAMMON),
            (None, Some(_)) => usage_error(crate::words::backgammon::GAMES_NOT_FOR_BACKGAMMON),
            (None, None) => game::play_backgammon(&pace(ms), points.unwrap_or(5), [white, black], level),
        },
        Some(Command::Play { points: Some(_), .. }) => {
            usage_error(crate::words::backgammon::POINTS_ONLY_BACKGAMMON)
        }
        Some(Command::Play {
            games,
            white,
            black,
            level,
            pace: ms,
            rules,
            ..
        }) => game::play(&pace(ms), games.unwrap_or(3), [white, black], level, rules),
        Some(Command::Records) => game::records(&opts),
        Some(Command::Stats { analyze, series }) => game::stats(&opts, analyze, series),
        Some(Command::Replay { file }) => game::replay(&opts, &file),
        Some(Command::Practice) => game::practice(&opts),
        Some(Command::Edit { position, game }) => game::edit(&opts, position.as_deref(), game),
        Some(Command::Export { file, mat: true, .. }) => backgammon::export_mat(lang(), &file),
        Some(Command::Export { file, sgf: true, .. }) => sharing::export_sgf(lang(), &file),
        Some(Command::Export { file, .. }) => query::export(lang(), &file),
        Some(Command::Picture(args)) => picture::picture(&args),
        Some(Command::Analyze {
            file,
            format: Some(sharing::Format::Xg),
            rules,
            ..
        }) => sharing::analyze_xg(lang(), &file, rules.rules),
        Some(Command::Analyze {
            file,
            tsv,
            format,
            rules,
            rollout,
            worst,
            games,
        }) => {
            let tsv = tsv || format == Some(sharing::Format::Tsv);
            let asked = rollout.then_some(verdict::Asked {
                worst,
                games,
                seed: cli.seed.unwrap_or(crate::ai::verdict::SEED),
            });
            query::analyze(lang(), &file, tsv, rules.rules, asked)
        }
        Some(Command::Rollout {
            position,
            dice,
            games,
            level,
            threads,
            luck,
            rules,
            game,
        }) => {
            let adjusted = match luck {
                Luck::On => true,
                Luck::Off => false,
                Luck::Auto => crate::ai::rollout::luck_pays(level),
            };
            match game.backgammon(rules) {
                Err(code) => code,
                Ok(true) => {
                    let options = crate::ai::backgammon::rollout::Options {
                        games,
                        level,
                        seed,
                        threads,
                        luck_adjusted: adjusted,
                    };
                    backgammon::rollout::rollout(lang(), &position, &dice, &options)
                }
                Ok(false) => {
                    let run = (seed, threads, adjusted, rules.or_default());
                    query::rollout(lang(), &position, &dice, games, level, run)
                }
            }
        }
        Some(Command::Bot {
            level,
            match_games,
            rules,
            game: Some(Kind::Backgammon),
        }) => match (GameOpt::of(Kind::Backgammon).backgammon(rules), match_games) {
            (Err(code), _) => code,
            (Ok(_), Some(_)) => usage_error(crate::words::backgammon::MATCH_NOT_FOR_BACKGAMMON_BOT),
            (Ok(_), None) => backgammon::bot::bot(level, seed),
        },
        Some(Command::Bot {
            level,
            match_games,
            rules,
            ..
        }) => query::bot(level, seed, match_games, rules.or_default()),
        Some(Command::Arena {
            a,
            b,
            games,
            a_net,
            b_net,
            match_games,
            a_default_rules,
            b_default_rules,
            rules,
            game: Some(Kind::Backgammon),
            bg,
            ..
        }) => match GameOpt::of(Kind::Backgammon).backgammon(rules) {
            Err(code) => code,
            Ok(_) if match_games.is_some() || a_default_rules || b_default_rules => {
                usage_error(crate::words::backgammon::ARENA_OPTIONS_NOT_FOR_BACKGAMMON)
            }
            Ok(_) => backgammon::bot::arena([a, b], [a_net, b_net], games, seed, &bg),
        },
        Some(Command::Arena { bg, .. }) if bg.any() => {
            usage_error(crate::words::backgammon::ARENA_OPTIONS_ONLY_FOR_BACKGAMMON)
        }
        Some(Command::Arena {
            a,
            b,
            a_net,
            b_net,
            match_games: Some(length),
            matches,
            a_points,
            b_points,
            a_default_rules,
            b_default_rules,
            rules,
            ..
        }) => query::arena_matches(
            lang(),
            [a, b],
            [a_net, b_net],
            (length, matches),
            [!a_points, !b_points],
            series_rules(rules, [a_default_rules, b_default_rules]),
            seed,
        ),
        Some(Command::Arena {
            a,
            b,
            games,
            a_net,
            b_net,
            a_default_rules,
            b_default_rules,
            rules,
            ..
        }) => query::arena(
            lang(),
            [a, b],
            [a_net, b_net],
            games,
            series_rules(rules, [a_default_rules, b_default_rules]),
            seed,
        ),
        Some(Command::Benchmark { game, command }) => match game {
            Some(Kind::Backgammon) => backgammon::benchmark::run(lang(), command, seed),
            _ => benchmark::run(lang(), command, seed),
        },
        Some(Command::Train(args)) => match args.game {
            Some(Kind::Backgammon) => backgammon::bot::train(&args, seed),
            _ => query::train(lang(), args, seed),
        },
        Some(Command::Moves {
            stdin,
            position,
            dice,
            rules,
            game,
        }) => match (game.backgammon(rules), stdin) {
            (Err(code), _) => code,
            (Ok(true), true) => backgammon::moves_stdin(),
            (Ok(true), false) => backgammon::moves(&position.unwrap_or_default(), &dice),
            (Ok(false), true) => query::moves_stdin(rules.or_default()),
            (Ok(false), false) => query::moves(position.unwrap_or_default(), &dice, rules.or_default()),
        },
        Some(Command::Perft {
            position,
            depth,
            time,
            rules,
            game,
        }) => match game.backgammon(rules) {
            Err(code) => code,
            Ok(true) => backgammon::perft(lang(), &position, depth, time),
            Ok(false) => query::perft(lang(), &position, depth, time, rules.or_default()),
        },
        Some(Command::Id { position, state }) => backgammon::id(&position, &state),
        Some(Command::Eval {
            position,
            net,
            rules,
            game: Some(Kind::Backgammon),
        }) => match GameOpt::of(Kind::Backgammon).backgammon(rules) {
            Err(code) => code,
            Ok(_) => backgammon::bot::eval(&position, net.as_deref()),
        },
        Some(Command::Eval { position, net, .. }) => query::eval(&position, net.as_deref()),
    }
}

/// The rules of an arena: `--rules`, and which players look ahead by the default ones.
fn series_rules(rules: RulesArg, blind: [bool; 2]) -> crate::ai::arena::SeriesRules {
    crate::ai::arena::SeriesRules {
        rules: rules.or_default(),
        blind,
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
