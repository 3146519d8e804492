//! The arguments of the commands that serve every game (`--game GAME` chooses which):
//! clap's, read here once; each game's half of the command line
//! ([`super::commands::GameCommands`]) takes them and refuses what is not its own.

use std::path::PathBuf;
use std::time::Duration;

use super::parse::{
    parse_count, parse_games, parse_match, parse_name, parse_points, parse_rules, parse_threads,
};
use crate::ai::Level;
use crate::brade::RuleSet;
use crate::game::Kind;
use crate::words::Lang;

/// What every game command is given.
#[derive(Clone, Debug)]
pub struct Options {
    pub lang: Option<Lang>,
    pub config: Option<PathBuf>,
    pub data_dir: Option<PathBuf>,
    pub seed: u64,
    pub pace: Duration,
    /// The match in plain text ([`crate::plain`]) instead of the full screen.
    pub plain: bool,
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
    pub fn or_default(self) -> RuleSet {
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

impl Luck {
    /// Whether a rollout by `level` takes the luck off: as asked, or (auto) where it pays
    /// ([`crate::ai::rollout::luck_pays`]).
    #[must_use]
    pub fn adjusted(self, level: Level) -> bool {
        match self {
            Luck::On => true,
            Luck::Off => false,
            Luck::Auto => crate::ai::rollout::luck_pays(level),
        }
    }
}

/// `--draw`: how `--write-rollouts` draws its positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DrawArg {
    Played,
    Decisions,
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
    /// The game asked for, bräde when none.
    #[must_use]
    pub fn kind(self) -> Kind {
        self.game.unwrap_or_default()
    }
}

/// `brade play`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct PlayArgs {
    /// Number of games: 1, 3, 5 or 7 (default 3). Bräde's: a backgammon match's length
    /// is --points.
    #[arg(long, value_parser = parse_games)]
    pub games: Option<u32>,
    /// White's name.
    #[arg(long, default_value = "White", value_parser = parse_name)]
    pub white: String,
    /// Black's name.
    #[arg(long, default_value = "Black", value_parser = parse_name)]
    pub black: String,
    /// Go straight back into the saved match.
    #[arg(long, conflicts_with_all = ["games", "white", "black"])]
    pub resume: bool,
    /// The computer's strength for a side named "computer".
    #[arg(long, value_enum, default_value_t = Level::Medium)]
    pub level: Level,
    /// Milliseconds per visible action of a computer side (roll, step, confirm);
    /// 0 plays as fast as it can.
    #[arg(long, value_name = "MS", default_value_t = 450, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub pace: u64,
    /// Plain text: one sentence per event, commands typed, no escape sequences — for a
    /// screen reader, a braille display or a pipe (also where TERM is dumb or the output
    /// is no terminal).
    #[arg(long)]
    pub plain: bool,
    /// The rules of the new match (default: the settings' rules, else vasamuseet).
    #[arg(long, value_name = "SET", value_parser = parse_rules, conflicts_with = "resume")]
    pub rules: Option<RuleSet>,
    /// The game: brade (the default) or backgammon.
    #[arg(long, value_enum, value_name = "GAME", conflicts_with = "resume")]
    pub game: Option<Kind>,
    /// Backgammon: the match's length, an odd number of points up to 25, or 0 for
    /// money play (default 5).
    #[arg(long, value_name = "N", value_parser = parse_points, conflicts_with = "resume")]
    pub points: Option<u32>,
}

/// `brade bot`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct BotArgs {
    /// How strong: easy, medium, hard or expert (also random, heuristic).
    #[arg(long, value_enum, default_value_t = Level::Medium)]
    pub level: Level,
    /// Play for a match of this many games (3, 5 or 7) instead of expected points.
    #[arg(long = "match", value_name = "GAMES", value_parser = parse_match)]
    pub match_games: Option<u32>,
    #[command(flatten)]
    pub rules: RulesArg,
    /// The game: brade (the default) or backgammon. A backgammon line is POSITION DICE
    /// (a position code or GNU Position ID, see 'brade id --help'), answered in the
    /// columns of 'brade moves --game backgammon'; a line starting with 'double' or
    /// 'take' asks the cube's decision instead, one starting with 'luck' how lucky the
    /// roll is (see the user guide: The command line).
    #[arg(long, value_enum, value_name = "GAME")]
    pub game: Option<Kind>,
    /// A network file for the level instead of the shipped one (from 'brade train'; for
    /// backgammon its checker play and its cube decisions).
    #[arg(long, value_name = "FILE")]
    pub net: Option<PathBuf>,
}

/// `brade arena`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct ArenaArgs {
    /// Player A: random, heuristic, easy, medium, hard or expert.
    #[arg(value_enum)]
    pub a: Level,
    /// Player B.
    #[arg(value_enum)]
    pub b: Level,
    /// Number of games, at least 1 (A plays White in even games, Black in odd ones; each
    /// block of 50 games has its own dice, so the figures do not depend on the cores).
    #[arg(long, default_value_t = 100, value_parser = parse_count)]
    pub games: u32,
    /// A network file for A's level instead of the shipped one (from 'brade train').
    #[arg(long, value_name = "FILE")]
    pub a_net: Option<PathBuf>,
    /// A network file for B's level.
    #[arg(long, value_name = "FILE")]
    pub b_net: Option<PathBuf>,
    /// Play whole matches of this many games (3, 5 or 7) instead of single games: the
    /// levels that use the network play for the match (see --a-points).
    #[arg(long = "match", value_name = "GAMES", value_parser = parse_match, conflicts_with = "games")]
    pub match_games: Option<u32>,
    /// How many matches, with --match (A starts the first game of every other one).
    #[arg(long, default_value_t = 100, value_parser = parse_count, requires = "match_games")]
    pub matches: u32,
    /// In matches, A plays for expected points as in a single game.
    #[arg(long, requires = "match_games")]
    pub a_points: bool,
    /// In matches, B plays for expected points as in a single game.
    #[arg(long, requires = "match_games")]
    pub b_points: bool,
    /// A looks ahead as if the Vasamuseet rules applied, whatever --rules says (its
    /// plays stay legal): what knowing the rules is worth.
    #[arg(long)]
    pub a_default_rules: bool,
    /// B looks ahead as if the Vasamuseet rules applied.
    #[arg(long)]
    pub b_default_rules: bool,
    #[command(flatten)]
    pub rules: RulesArg,
    /// The game: brade (the default) or backgammon (cubeless money games; the levels
    /// random, easy, medium, hard and expert; --games, --a-net, --b-net and --seed).
    #[arg(long, value_enum, value_name = "GAME")]
    pub game: Option<Kind>,
    #[command(flatten)]
    pub backgammon: super::backgammon::options::ArenaOptions,
}

/// `brade eval`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct EvalArgs {
    /// Position code, e.g. 1x15/1x15/w.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// A network file instead of the shipped one (from 'brade train').
    #[arg(long, value_name = "FILE")]
    pub net: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesArg,
    /// The game: brade (the default) or backgammon (the cubeless equity, then the
    /// probabilities win, win-gammon, win-backgammon, lose-gammon, lose-backgammon for
    /// the side to roll, each counting the bigger wins too, as GNU Backgammon's).
    #[arg(long, value_enum, value_name = "GAME")]
    pub game: Option<Kind>,
}

/// `brade rollout`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct RolloutArgs {
    /// Position code, e.g. 1x15/1x15/w (the side to roll about to roll).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// A roll: 53, 5-3 or "5 3" — roll out the best plays of it instead.
    #[arg(num_args = 0..=2)]
    pub dice: Vec<String>,
    /// Games per rollout (a multiple of 36 keeps the first two rolls exactly in
    /// proportion; 1 296 gives every pair of them once).
    #[arg(long, default_value_t = 1296, value_parser = parse_count)]
    pub games: u32,
    /// Who plays the games out: random, heuristic, easy, medium, hard or expert (expert is
    /// slow: a few milliseconds a decision).
    #[arg(long, value_enum, default_value_t = Level::Medium)]
    pub level: Level,
    /// Threads (default: every core), at most 256; the figures do not depend on it.
    #[arg(long, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Take each roll's luck off the results: on, off, or auto (on for the hard
    /// level, where it quarters the variance for half again the time; off for the
    /// 0-ply levels, where it would cost twenty times the time).
    #[arg(long, value_enum, default_value_t = Luck::Auto)]
    pub luck: Luck,
    #[command(flatten)]
    pub rules: RulesArg,
    #[command(flatten)]
    pub game: GameOpt,
}

/// `brade moves`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct MovesArgs {
    /// Position code, e.g. 1x15/1x15/w.
    #[arg(
        allow_hyphen_values = true,
        required_unless_present = "stdin",
        conflicts_with = "stdin"
    )]
    pub position: Option<String>,
    /// The roll: 53, 5-3, or 5 3 (in backgammon, left out after an XGID that holds it).
    #[arg(num_args = 0..=2, conflicts_with = "stdin")]
    pub dice: Vec<String>,
    /// Read lines 'POSITION DICE' from standard input until its end; answer each with
    /// its lines and one empty line ('error: …' alone for a bad line).
    #[arg(long)]
    pub stdin: bool,
    #[command(flatten)]
    pub rules: RulesArg,
    #[command(flatten)]
    pub game: GameOpt,
}

/// `brade perft`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct PerftArgs {
    /// Position code.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Depth in turns (0 gives 1), at most 8.
    pub depth: u32,
    /// Also print the elapsed time and leaf plays per second.
    #[arg(long)]
    pub time: bool,
    #[command(flatten)]
    pub rules: RulesArg,
    #[command(flatten)]
    pub game: GameOpt,
}

/// `brade train`'s options (see [`RunOptions`]).
#[derive(Clone, Debug, clap::Args)]
pub struct TrainArgs {
    /// The game: brade (the default) or backgammon (its own network, TD(0); --lambda and
    /// the heuristic check are bräde's).
    #[arg(long, value_enum, value_name = "GAME")]
    pub game: Option<crate::game::Kind>,
    /// The network file to write at every checkpoint and at the end (and to continue with
    /// --resume) [default: assets/brade.net, or assets/backgammon.net]
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Train until this many self-play games in all (a resumed run counts those done).
    #[arg(long, default_value_t = 1_000_000)]
    pub games: u64,
    /// Hidden units of a new network (bräde's a multiple of 16; with --from-net, the units
    /// it is widened to) [default: 128, or 80 for backgammon]
    #[arg(long)]
    pub hidden: Option<usize>,
    /// Step size of a new network at the start (it falls as 1/√(1 + games/100000), for
    /// backgammon 1/√(1 + games/200000)) [default: 0.01, or 0.1 for backgammon]
    #[arg(long)]
    pub alpha: Option<f32>,
    /// λ of a new network: how far back each outcome reaches (0 = TD(0), 1 = Monte Carlo).
    #[arg(long, default_value_t = 0.7)]
    pub lambda: f32,
    /// Continue training the network in FILE (its seed, alpha and lambda are kept).
    #[arg(long)]
    pub resume: bool,
    /// Start a new network even though FILE exists (it is overwritten).
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// A progress line every N games.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub report_every: u64,
    /// Write FILE every N games.
    #[arg(long, default_value_t = 5000, value_name = "N")]
    pub checkpoint_every: u64,
    /// A strength check against the heuristic player every N games (0: none).
    #[arg(long, default_value_t = 50_000, value_name = "N")]
    pub check_every: u64,
    /// Games of each strength check.
    #[arg(long, default_value_t = 400, value_name = "N")]
    pub check_games: u32,
    /// Backgammon: train the race network (a copy of the shipped network, taught on races
    /// from self-play until both sides are home) [default FILE: assets/backgammon-race.net]
    #[arg(long)]
    pub race: bool,
    /// Backgammon: roll out --positions positions drawn from self-play (--rollout-games
    /// games each) and append them to FILE, instead of training (see the user guide: Training the networks).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["race", "from_rollouts"])]
    pub write_rollouts: Option<PathBuf>,
    /// Backgammon: teach a copy of the shipped network (or of --from-net) the rollouts in
    /// FILE for --epochs epochs of step --alpha, instead of TD self-play.
    #[arg(long, value_name = "FILE", conflicts_with = "race")]
    pub from_rollouts: Option<PathBuf>,
    /// With --write-rollouts: how many positions in all (a file already begun counts
    /// those it holds).
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub positions: usize,
    /// With --write-rollouts: games a rollout.
    #[arg(long, default_value_t = 144, value_name = "N", value_parser = parse_count)]
    pub rollout_games: u32,
    /// With --write-rollouts: who plays the rollouts out.
    #[arg(long, value_enum, default_value_t = Level::Medium, value_name = "LEVEL")]
    pub rollout_level: Level,
    /// With --write-rollouts: take each roll's luck off the results (auto: for hard and
    /// expert).
    #[arg(long, value_enum, default_value_t = Luck::Auto)]
    pub luck: Luck,
    /// With --write-rollouts: threads of each rollout (default: every core); the figures
    /// do not depend on it.
    #[arg(long, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// With --write-rollouts: value each position by the shipped network searched this
    /// many rolls ahead (1 to 3) instead of rolling it out — no noise, the search's bias,
    /// seven times faster at D = 2 than 144 games of medium
    #[arg(long, value_name = "D", requires = "write_rollouts", conflicts_with_all = ["rollout_games", "rollout_level", "luck"], value_parser = clap::value_parser!(u8).range(1..=3))]
    pub search_depth: Option<u8>,
    /// With --write-rollouts: which positions — the boards met in self-play (played), or
    /// the boards left by the plays of the decisions on which hard's search and medium
    /// choose apart, rolled out with the same dice (decisions)
    #[arg(long, value_enum, default_value_t = DrawArg::Played, requires = "write_rollouts")]
    pub draw: DrawArg,
    /// With --from-rollouts: passes over the positions in all (a resumed run counts those
    /// done).
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub epochs: u32,
    /// With --from-rollouts: teach a copy of this network file instead of the shipped one,
    /// widened to --hidden units if that is more (the new units start silent: it plays as
    /// the file does until taught).
    #[arg(long, value_name = "FILE", requires = "from_rollouts")]
    pub from_net: Option<PathBuf>,
    /// Backgammon: the network reads the extended inputs (26 more, as GNU Backgammon's:
    /// escapes, containment, mobility…). TD self-play: a new network reads them from the
    /// start. With --from-rollouts: a network of plain inputs it starts from gets them with
    /// weights of 0, so it plays as before until taught.
    #[arg(long, conflicts_with = "race")]
    pub extended_inputs: bool,
}

/// `brade benchmark`'s commands.
#[derive(Debug, clap::Subcommand)]
pub enum BenchmarkCommand {
    /// Draw positions from self-play games (easy, medium and hard in turn, one from each
    /// fifth of a game), roll out the hard level's best five plays of each roll with the
    /// same dice, and write the data file.
    Make {
        /// How many decisions (a position and its roll).
        #[arg(long, default_value_t = 1000, value_parser = parse_count)]
        positions: u32,
        /// Games per candidate (a multiple of 36 keeps the first two rolls in proportion)
        /// [default: 144, or 1296 for backgammon]
        #[arg(long, value_parser = parse_count)]
        games: Option<u32>,
        /// Who plays the rollouts out.
        #[arg(long, value_enum, default_value_t = Level::Medium)]
        level: Level,
        /// Take each roll's luck off the results (auto: on for the 2-ply levels).
        #[arg(long, value_enum, default_value_t = Luck::Auto)]
        luck: Luck,
        /// Threads (default: every core); the figures do not depend on it.
        #[arg(long, value_parser = parse_threads)]
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
