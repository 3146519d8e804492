//! The commands that answer scripts: `moves`, `perft`, `bot`, `eval`, `arena`, `train`
//! and `export`. Input lines are bounded and every bad one is answered with an error line,
//! never a panic; output is flushed so that a program can talk to these line by line.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use super::{file_error, finish, usage_error, with_progress};
use crate::ai::Level;
use crate::ai::arena::SeriesRules;
use crate::ai::matchplay::{MatchState, Payoff, payoff};
use crate::ai::net::{NetFileError, Network};
use crate::ai::train::{RunOptions, TrainError};
use crate::game::{Backgammon, Brade};
use crate::rules::{
    CHECKERS, Color, GameRecord, GameResult, MatchScore, MoveGen, Position, PositionError, Roll, RollError,
    RuleSet,
};
use crate::store::MatchFile;
use crate::words::figures::{Estimate, Loss};
use crate::words::training::{ArenaFigures, MatchSeriesFigures, arena_title};
use crate::words::{Lang, cli as words};

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
    /// Hidden units of a new network (bräde's a multiple of 16) [default: 128, or 80 for
    /// backgammon]
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
    /// games each) and append them to FILE, instead of training (see the README).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["race", "from_rollouts"])]
    pub write_rollouts: Option<PathBuf>,
    /// Backgammon: teach a copy of the shipped network the rollouts in FILE for --epochs
    /// epochs of step --alpha, instead of TD self-play.
    #[arg(long, value_name = "FILE", conflicts_with = "race")]
    pub from_rollouts: Option<PathBuf>,
    /// With --write-rollouts: how many positions in all (a file already begun counts
    /// those it holds).
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub positions: usize,
    /// With --write-rollouts: games a rollout.
    #[arg(long, default_value_t = 144, value_name = "N", value_parser = super::parse_count)]
    pub rollout_games: u32,
    /// With --write-rollouts: who plays the rollouts out.
    #[arg(long, value_enum, default_value_t = Level::Medium, value_name = "LEVEL")]
    pub rollout_level: Level,
    /// With --write-rollouts: take each roll's luck off the results (auto: for hard and
    /// expert).
    #[arg(long, value_enum, default_value_t = super::Luck::Auto)]
    pub luck: super::Luck,
    /// With --write-rollouts: threads of each rollout (default: every core); the figures
    /// do not depend on it.
    #[arg(long, value_parser = super::parse_threads)]
    pub threads: Option<usize>,
    /// With --from-rollouts: passes over the positions in all (a resumed run counts those
    /// done).
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub epochs: u32,
}

/// `brade train`: the network trained by self-play, its seed the global `--seed`.
pub(super) fn train(lang: Lang, args: TrainArgs, seed: u64) -> ExitCode {
    let opts = RunOptions {
        out: args.out.unwrap_or_else(|| PathBuf::from("assets/brade.net")),
        games: args.games,
        hidden: args.hidden.unwrap_or(crate::ai::net::DEFAULT_HIDDEN),
        seed,
        alpha: args.alpha.unwrap_or(0.01),
        lambda: args.lambda,
        resume: args.resume,
        force: args.force,
        report_every: args.report_every,
        checkpoint_every: args.checkpoint_every,
        check_every: args.check_every,
        check_games: args.check_games,
        lang,
    };
    match crate::ai::train::run(&opts, &mut io::stdout().lock()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(TrainError::Log(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => usage_error(&e.to_string()),
    }
}

/// `brade arena`: games between two levels, each maybe with a network of its own.
pub(super) fn arena(
    lang: Lang,
    levels: [Level; 2],
    nets: [Option<PathBuf>; 2],
    games: u32,
    rules: SeriesRules,
    seed: u64,
) -> ExitCode {
    let [a, b] = levels;
    let (net_a, net_b) = match (load_net(nets[0].as_deref()), load_net(nets[1].as_deref())) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(why), _) | (_, Err(why)) => return usage_error(&why.to_string()),
    };
    let s = crate::ai::arena::level_series([a, b], [net_a, net_b], rules, games, seed);
    let title = ArenaFigures {
        a: a.label(),
        b: b.label(),
        rules: rules.rules,
        blind: rules.blind,
    };
    let text = arena_title(lang, &title) + &s.report(lang, seed);
    finish(io::stdout().lock().write_all(text.as_bytes()))
}

/// `brade arena A B --match N --matches M`: whole matches, on every core.
pub(super) fn arena_matches(
    lang: Lang,
    levels: [Level; 2],
    nets: [Option<PathBuf>; 2],
    (length, matches): (u32, u32),
    aware: [bool; 2],
    rules: SeriesRules,
    seed: u64,
) -> ExitCode {
    let (net_a, net_b) = match (load_net(nets[0].as_deref()), load_net(nets[1].as_deref())) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(why), _) | (_, Err(why)) => return usage_error(&why.to_string()),
    };
    let players = crate::ai::arena::MatchPlayers {
        levels,
        nets: [net_a, net_b],
        aware,
        rules,
    };
    let s = crate::ai::arena::match_series(&players, length, matches, seed);
    let title = ArenaFigures {
        a: levels[0].label(),
        b: levels[1].label(),
        rules: rules.rules,
        blind: rules.blind,
    };
    let (mean, error) = s.a_share();
    let head = MatchSeriesFigures {
        length,
        matches: s.matches,
        a_matches: s.a_matches,
        unfinished: s.unfinished,
        a_share: Estimate { mean, error },
        aware,
    };
    let text = arena_title(lang, &title)
        + &crate::words::training::match_report(lang, &head)
        + &s.games.report(lang, seed);
    finish(io::stdout().lock().write_all(text.as_bytes()))
}

/// `brade export FILE`: a readable transcript.
pub(super) fn export(lang: Lang, file: &Path) -> ExitCode {
    let text = crate::store::read_file(file)
        .map_err(|e| e.words(lang))
        .and_then(|m| {
            crate::store::transcript(lang, &m).map_err(|e| format!("{}: {}", file.display(), e.words(lang)))
        });
    match text {
        Ok(text) => finish(io::stdout().lock().write_all(text.as_bytes())),
        Err(why) => file_error(&why),
    }
}

/// `brade analyze FILE [--tsv] [--rules SET] [--rollout [--worst N] [--games N]]`.
pub(super) fn analyze(
    lang: Lang,
    file: &Path,
    tsv: bool,
    rules: Option<RuleSet>,
    rollout: Option<super::verdict::Asked>,
) -> ExitCode {
    // The file is read once: its match, and the checksum that its kept analysis names.
    let record = match crate::store::read_record(file) {
        Ok(record) => record,
        Err(e) => return file_error(&e.words(lang)),
    };
    if let Some(game) = record.as_any().downcast_ref::<MatchFile<Backgammon>>() {
        if let Some(asked) = rules {
            let asked = asked.to_string();
            return usage_error(&words::rules_contradict_file(lang, file, &asked, "backgammon"));
        }
        return super::backgammon::analyze::analyze(lang, game, tsv, rollout);
    }
    // (A record of a game this command does not analyse is refused by bräde's reading,
    // in words.)
    let reread;
    let read = match record.as_any().downcast_ref::<MatchFile<Brade>>() {
        Some(read) => read,
        None => match MatchFile::<Brade>::read(file) {
            Ok(read) => {
                reread = read;
                &reread
            }
            Err(e) => return file_error(&e.words(lang)),
        },
    };
    let game = &read.game;
    if let Some(asked) = rules
        && asked != game.rules
    {
        let (asked, kept) = (asked.to_string(), game.rules.to_string());
        return usage_error(&words::rules_contradict_file(lang, file, &asked, &kept));
    }
    let analysis = with_progress(None, |progress| crate::store::analysis::of_file(read, progress));
    let Some((analysis, source, not_kept)) = analysis else {
        return file_error(words::NO_SHIPPED_NETWORK);
    };
    super::backgammon::analyze::say_kept(lang, file, source, not_kept);
    let verdicts = rollout.map(|asked| super::verdict::brade(&analysis, game.rules, &asked));
    let verdict = |i: usize| verdicts.as_ref().and_then(|v| v.get(i).copied().flatten());
    let colour = |c: Color| crate::words::names::color_name(lang, c);
    let mut out = String::new();
    if tsv {
        for (i, d) in analysis.decisions.iter().enumerate() {
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{:.4}\t{}\t{}{}\n",
                d.game,
                d.turn,
                // The column is notation, the same in either language.
                match d.mover {
                    Color::White => "white",
                    Color::Black => "black",
                },
                d.roll,
                d.played,
                d.best,
                d.loss,
                d.mark.sign(),
                d.match_loss.map_or("-".to_string(), |m| format!("{:.5}", m)),
                verdicts
                    .as_ref()
                    .map_or(String::new(), |_| super::verdict::tsv_columns(
                        verdict(i).as_ref()
                    ))
            ));
        }
    } else {
        let who = |side: Color| crate::words::names::who(lang, game.name(side), side);
        let games = game.score.games();
        out.push_str(&words::analysis_heading(
            lang,
            &words::AnalysisFigures {
                white: &who(Color::White),
                black: &who(Color::Black),
                thresholds: crate::ai::analysis::THRESHOLDS,
                ratings: crate::ai::analysis::Rating::LIMITS,
                games,
                point_value: crate::ai::matchplay::point_value(games),
                judge_plies: crate::ai::analysis::JUDGE.depth().plies(),
            },
        ));
        if let (Some(asked), Some(v)) = (&rollout, &verdicts) {
            out.push_str(&super::verdict::heading(lang, asked, v, false, false));
        }
        for (i, d) in analysis.decisions.iter().enumerate() {
            out.push_str(&words::analysis_line(
                lang,
                &words::DecisionFigures {
                    game: d.game,
                    turn: d.turn,
                    who: colour(d.mover),
                    roll: &d.roll.to_string(),
                    played: &d.played.to_string(),
                    sign: d.mark.sign(),
                    best: &d.best.to_string(),
                    loss: Loss {
                        points: d.loss,
                        match_chance: d.match_loss,
                    },
                },
            ));
            if let Some(v) = verdict(i) {
                out.push_str(&crate::words::verdict::line(lang, &v.figures()));
            }
        }
        out.push('\n');
        for side in Color::BOTH {
            let s = analysis.summary[side.index()];
            out.push_str(&words::analysis_summary(
                lang,
                &who(side),
                &s.figures(),
                s.rating()
                    .map(|r| lang.say(crate::words::screens::RATINGS[r as usize])),
            ));
        }
    }
    finish(io::stdout().lock().write_all(out.as_bytes()))
}

/// `brade rollout POSITION [DICE]`.
pub(super) fn rollout(
    lang: Lang,
    position: &str,
    dice: &[String],
    games: u32,
    level: Level,
    run: (u64, Option<usize>, bool, RuleSet),
) -> ExitCode {
    use crate::ai::rollout::{Options, Rollout, rollout_with};
    let (seed, threads, luck_adjusted, rules) = run;
    let options = Options {
        games,
        level,
        seed,
        threads,
        luck_adjusted,
        rules,
    };
    let pos = match playable(position) {
        Ok(p) => p,
        Err(why) => return usage_error(&why.to_string()),
    };
    let report = |r: &Rollout| {
        let share = |n: u32| 100.0 * f64::from(n) / f64::from(r.games.max(1));
        let kinds = |side: usize| -> Vec<(String, f64)> {
            crate::rules::WinKind::ALL
                .iter()
                .zip(r.wins[side])
                .filter(|(_, n)| *n > 0)
                .map(|(k, n)| (k.notation().to_string(), share(n)))
                .collect()
        };
        let (won, lost) = (kinds(0), kinds(1));
        words::rollout_report(
            lang,
            &words::OutcomeFigures {
                equity: Estimate {
                    mean: r.equity(),
                    error: r.std_error(),
                },
                plain: luck_adjusted.then(|| {
                    let (mean, error) = r.plain();
                    Estimate { mean, error }
                }),
                won: words::ResultShares {
                    kinds: &won,
                    munk: share(r.munk[0]),
                },
                lost: words::ResultShares {
                    kinds: &lost,
                    munk: share(r.munk[1]),
                },
                unfinished: r.unfinished,
            },
        )
    };
    // A progress bar on stderr when it is a terminal (indicatif hides it otherwise).
    let rollout = |position: &Position| {
        let bar = indicatif::ProgressBar::new(u64::from(games));
        let r = rollout_with(position, options, &|| bar.inc(1));
        bar.finish_and_clear();
        r
    };
    let mut out = words::rollout_heading(
        lang,
        &words::RolloutFigures {
            position: &pos.code(),
            level: level.label(),
            games,
            luck_adjusted,
        },
    );
    if !rules.is_default() {
        out.push_str(&words::rules_line(lang, &rules.to_string()));
    }
    if dice.is_empty() {
        out.push_str(&report(&rollout(&pos)));
    } else {
        let roll: Roll = match dice.join(" ").trim().parse() {
            Ok(r) => r,
            Err(e) => return usage_error(&QueryError::Dice(e).to_string()),
        };
        let plays = MoveGen::with_rules(rules).plays(pos.board(), roll).to_vec();
        let mut hard = Level::Hard.player(0);
        hard.play_by(rules);
        let values = hard.values(&plays);
        let mut order: Vec<usize> = (0..plays.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
        for &i in order.iter().take(3) {
            let p = plays[i];
            out.push_str(&words::rollout_play(&p.play.to_string()));
            match p.result {
                // A play that ends the game needs no rollout.
                Some(r) => out.push_str(&words::rollout_ends(lang, &r.notation(), r.points())),
                None => {
                    // After the play the other side is to roll: its figures, turned round.
                    let after = Position::new(p.board.switched(), pos.turn().other());
                    out.push_str(&report(&rollout(&after).turned()));
                }
            }
        }
    }
    finish(io::stdout().lock().write_all(out.as_bytes()))
}

/// `brade moves POSITION DICE`.
pub(super) fn moves(position: String, dice: &[String], rules: RuleSet) -> ExitCode {
    let query = format!("{position} {}", dice.join(" "));
    match parse_query(&query) {
        Ok((pos, roll)) => {
            let mut out = BufWriter::new(io::stdout().lock());
            let mut movegen = MoveGen::with_rules(rules);
            finish(write_moves(&mut out, &mut movegen, &pos, roll).and_then(|()| out.flush()))
        }
        Err(e) => usage_error(&short(&e.to_string())),
    }
}

/// `brade moves --stdin`.
pub(super) fn moves_stdin(rules: RuleSet) -> ExitCode {
    finish(moves_loop(rules))
}

/// `brade bot`.
pub(super) fn bot(level: Level, seed: u64, games: Option<u32>, rules: RuleSet) -> ExitCode {
    finish(bot_loop(level, seed, games, rules))
}

/// `brade perft POSITION DEPTH [--time] [--rules SET]`.
pub(super) fn perft(lang: Lang, position: &str, depth: u32, time: bool, rules: RuleSet) -> ExitCode {
    let pos = match playable(position) {
        Ok(p) => p,
        Err(why) => return usage_error(&why.to_string()),
    };
    if depth > MAX_PERFT_DEPTH {
        return usage_error(&words::perft_too_deep(depth, MAX_PERFT_DEPTH));
    }
    let start = Instant::now();
    // From depth 5 on a count takes minutes: a bar on stderr (where it is a terminal)
    // with the time left, as the plays of the first turn are counted.
    let count = if depth >= 5 {
        with_progress(Some(&words::perft_progress(lang)), |progress| {
            crate::rules::perft_with(&pos, depth, rules, progress)
        })
    } else {
        crate::rules::perft_by(&pos, depth, rules)
    };
    let secs = start.elapsed().as_secs_f64();
    let mut text = format!("{count}\n");
    if time {
        let rate = if secs > 0.0 { count as f64 / secs } else { 0.0 };
        text.push_str(&words::perft_time(lang, secs, rate));
    }
    finish(io::stdout().lock().write_all(text.as_bytes()))
}

/// `brade eval POSITION [--net FILE]`.
pub(super) fn eval(position: &str, net: Option<&Path>) -> ExitCode {
    let pos = match playable(position) {
        Ok(p) => p,
        Err(why) => return usage_error(&why.to_string()),
    };
    let net = match load_net(net) {
        Ok(Some(net)) => net,
        Ok(None) => return usage_error(words::NO_SHIPPED_NETWORK),
        Err(why) => return usage_error(&why.to_string()),
    };
    finish(io::stdout().lock().write_all(eval_text(&net, &pos).as_bytes()))
}

/// The deepest perft the command line runs (each turn multiplies the count by ~40–700).
pub const MAX_PERFT_DEPTH: u32 = 8;

/// The longest input line of `moves --stdin` and `bot` (a real one is under 100 bytes).
pub const MAX_LINE: usize = 4096;

/// At most this many characters of a bad line are quoted back.
pub(super) const QUOTED: usize = 60;

/// A query line or argument that cannot be answered.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("bad position: {}", short(&.0.to_string()))]
    Position(PositionError),
    #[error("the game is already over in this position: {0} has borne off all fifteen checkers")]
    GameOver(Color),
    #[error("empty line: expected POSITION DICE, e.g. 1x15/1x15/w 53")]
    Empty,
    #[error("no dice after the position in {0:?}: expected POSITION DICE, e.g. 1x15/1x15/w 53")]
    NoDice(String),
    #[error("bad dice: {0}")]
    Dice(RollError),
    #[error("line too long (over {MAX_LINE} bytes), starting {0:?}…")]
    TooLong(String),
    #[error(
        "bad match score {0:?}: expected WHITE/BLACK, each the results won so far separated by commas or '-' for none, e.g. jan,hemspel/-"
    )]
    Score(String),
    #[error(
        "bräde has no XGID: an XGID is eXtreme Gammon's way of writing a backgammon position (add --game backgammon)"
    )]
    Xgid,
    #[error("a match score needs --match GAMES")]
    ScoreWithoutMatch,
    #[error("the score {0:?} already ends a match of {1} games")]
    MatchOver(String, u32),
}

/// A position to play on: valid, and its game not already over.
fn playable(code: &str) -> Result<Position, QueryError> {
    if crate::backgammon::looks_like_xgid(code) {
        return Err(QueryError::Xgid);
    }
    let pos = Position::from_code(code).map_err(QueryError::Position)?;
    for side in Color::BOTH {
        if pos.borne_off(side) == CHECKERS {
            return Err(QueryError::GameOver(side));
        }
    }
    Ok(pos)
}

/// A message cut to a readable length.
pub(super) fn short(text: &str) -> String {
    if text.chars().count() <= 2 * QUOTED + 40 {
        return text.to_string();
    }
    let head: String = text.chars().take(2 * QUOTED).collect();
    format!("{head}… ({} characters in all)", text.chars().count())
}

/// Reads one line of at most [`MAX_LINE`] bytes into `line` (the newline dropped);
/// the rest of a longer line is skipped. `None` at the end of the input, otherwise
/// whether the line was too long.
pub(super) fn read_bounded(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        if chunk.len() > room {
            too_long = true;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let newline = done > chunk.len();
        input.consume(done);
        if newline {
            return Ok(Some(too_long));
        }
    }
}

/// The next line of input (`None` at the end), or that it is too long.
fn next_line(input: &mut impl BufRead, raw: &mut Vec<u8>) -> io::Result<Option<Result<String, QueryError>>> {
    let Some(too_long) = read_bounded(input, raw)? else {
        return Ok(None);
    };
    let line = String::from_utf8_lossy(raw);
    if too_long {
        let head: String = line.chars().take(QUOTED).collect();
        return Ok(Some(Err(QueryError::TooLong(head))));
    }
    Ok(Some(Ok(line.into_owned())))
}

/// `brade eval`'s answer.
fn eval_text(net: &Network, pos: &Position) -> String {
    use crate::ai::net::{CLASS_NAMES, CLASSES, equity};
    let p = net.evaluate(pos.board(), &mut crate::ai::net::Scratch::new());
    let mut text = format!("expected-points\t{:+.4}\n", equity(&p));
    for (c, name) in CLASS_NAMES.iter().enumerate() {
        text.push_str(&format!("{name}\t{:.4}\t{:.4}\n", p[c], p[CLASSES + c]));
    }
    text
}

/// The network in `path`, or the shipped one.
fn load_net(path: Option<&Path>) -> Result<Option<Arc<Network>>, NetFileError> {
    let Some(path) = path else {
        return Ok(crate::ai::neural::shipped());
    };
    Network::read(path).map(|n| Some(Arc::new(n)))
}

/// Splits `POSITION DICE` (the dice may contain one space: `5 3`).
fn parse_query(line: &str) -> Result<(Position, Roll), QueryError> {
    let line = line.trim();
    if line
        .split_whitespace()
        .next()
        .is_some_and(crate::backgammon::looks_like_xgid)
    {
        return Err(QueryError::Xgid);
    }
    let Some((pos_text, dice_text)) = line.split_once(char::is_whitespace) else {
        return Err(if line.is_empty() {
            QueryError::Empty
        } else {
            QueryError::NoDice(line.chars().take(QUOTED).collect())
        });
    };
    let pos = playable(pos_text)?;
    let roll: Roll = dice_text.trim().parse().map_err(QueryError::Dice)?;
    Ok((pos, roll))
}

fn write_moves(out: &mut impl Write, movegen: &mut MoveGen, pos: &Position, roll: Roll) -> io::Result<()> {
    let next = pos.turn().other();
    for p in movegen.plays(pos.board(), roll) {
        let result = Position::new(p.board.switched(), next);
        match p.result {
            Some(r) => writeln!(out, "{}\t{}\t{}", p.play, result, r)?,
            None => writeln!(out, "{}\t{}\t-", p.play, result)?,
        }
    }
    Ok(())
}

/// A match score of `brade bot --match`: `WHITE/BLACK`, each side's results so far.
fn parse_score(text: &str, games: u32) -> Result<MatchState, QueryError> {
    let bad = || QueryError::Score(text.chars().take(QUOTED).collect());
    let (white, black) = text.split_once('/').ok_or_else(bad)?;
    let mut score = MatchScore::new(games, Vec::new());
    for (side, list) in [(Color::White, white), (Color::Black, black)] {
        if list == "-" {
            continue;
        }
        for name in list.split(',') {
            let result = GameResult::from_notation(name.trim()).ok_or_else(bad)?;
            score.push(GameRecord { winner: side, result });
        }
    }
    if score.is_over() {
        return Err(QueryError::MatchOver(text.to_string(), games));
    }
    Ok(MatchState::of(&score))
}

/// A line of `brade bot`: `POSITION DICE`, and with `--match` an optional `SCORE` (none
/// played yet when left out); what the mover plays for.
fn parse_bot_line(line: &str, games: Option<u32>) -> Result<(Position, Roll, Payoff), QueryError> {
    let line = line.trim();
    let (query, score) = match line.rsplit_once(char::is_whitespace) {
        Some((rest, last)) if last.contains('/') && rest.contains(char::is_whitespace) => (rest, Some(last)),
        _ => (line, None),
    };
    let (pos, roll) = parse_query(query)?;
    let payoff = match (games, score) {
        (None, None) => Payoff::Points,
        (None, Some(_)) => return Err(QueryError::ScoreWithoutMatch),
        (Some(n), None) => payoff(&MatchState::new(n), pos.turn()),
        (Some(n), Some(text)) => payoff(&parse_score(text, n)?, pos.turn()),
    };
    Ok((pos, roll, payoff))
}

/// `brade bot`: one chosen play a line, flushed at once.
fn bot_loop(level: Level, seed: u64, games: Option<u32>, rules: RuleSet) -> io::Result<()> {
    let mut player = level.player(seed);
    player.play_by(rules);
    let mut input = BufReader::new(io::stdin().lock());
    let mut out = io::stdout().lock();
    let mut movegen = MoveGen::with_rules(rules);
    let mut raw = Vec::new();
    while let Some(line) = next_line(&mut input, &mut raw)? {
        match line.and_then(|l| parse_bot_line(&l, games)) {
            Ok((pos, roll, goal)) => {
                player.play_for(goal);
                let plays = movegen.plays(pos.board(), roll).to_vec();
                let i = if plays.len() == 1 {
                    0
                } else {
                    player.choose(&pos, roll, &plays).min(plays.len() - 1)
                };
                let p = plays[i];
                let result = Position::new(p.board.switched(), pos.turn().other());
                let outcome = p.result.map_or("-".to_string(), |r| r.notation());
                writeln!(out, "{}\t{}\t{}", p.play, result, outcome)?;
            }
            Err(e) => writeln!(out, "{}", words::error(&short(&e.to_string())))?,
        }
        out.flush()?;
    }
    Ok(())
}

fn moves_loop(rules: RuleSet) -> io::Result<()> {
    let mut movegen = MoveGen::with_rules(rules);
    answer_lines(
        |out, line| match line.map_err(QueryError::TooLong).and_then(parse_query) {
            Ok((pos, roll)) => write_moves(out, &mut movegen, &pos, roll),
            Err(e) => writeln!(out, "{}", words::error(&short(&e.to_string()))),
        },
    )
}

/// The output of [`answer_lines`].
pub(super) type Answers = BufWriter<io::StdoutLock<'static>>;

/// Answers every line of standard input (`moves --stdin`, in either game): `answer`
/// writes what a line read calls for — the line, or the head of one too long to read
/// ([`MAX_LINE`]) to be quoted in the error — and an empty line follows.
pub(super) fn answer_lines(
    mut answer: impl FnMut(&mut Answers, Result<&str, String>) -> io::Result<()>,
) -> io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut raw = Vec::new();
    while let Some(too_long) = read_bounded(&mut input, &mut raw)? {
        let line = String::from_utf8_lossy(&raw);
        let line = if too_long {
            Err(line.chars().take(QUOTED).collect())
        } else {
            Ok(line.as_ref())
        };
        answer(&mut out, line)?;
        writeln!(out)?;
        // Answer at once when no more input is waiting, so that a program can talk to
        // this one line by line; otherwise keep buffering for throughput.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()
}
