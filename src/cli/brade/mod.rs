//! Bräde's half of the command line ([`GameCommands`]): `play`, `moves`, `perft`, `bot`,
//! `eval`, `rollout`, `arena`, `train`, `benchmark`, `edit`, `picture` and `analyze` in
//! bräde's terms. Input lines are bounded and every bad one is answered with an error
//! line, never a panic; output is flushed so that a program can talk to these line by
//! line.

mod benchmark;

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::args::Options;
use super::args::{
    ArenaArgs, BenchmarkCommand, BotArgs, EvalArgs, MovesArgs, PerftArgs, PlayArgs, RolloutArgs, TrainArgs,
};
use super::commands::{Analyze, Export, GameCommands};
use super::lines::{MAX_LINE, QUOTED, answer_lines, read_bounded, short};
use super::{file_error, finish, usage_error, with_progress};
use crate::ai::Level;
use crate::ai::arena::SeriesRules;
use crate::ai::matchplay::{MatchState, Payoff, payoff};
use crate::ai::net::{NetFileError, Network};
use crate::ai::train::{RunOptions, TrainError};
use crate::brade::{CHECKERS, GameRecord, GameResult, MatchScore, MoveGen, Position, PositionError, RuleSet};
use crate::game::Brade;
use crate::rules::{Color, Roll, RollError};
use crate::session::Match;
use crate::share::picture::Extras;
use crate::store::MatchFile;
use crate::words::figures::{Estimate, Loss};
use crate::words::training::{ArenaFigures, MatchSeriesFigures, arena_title};
use crate::words::{Lang, cli as words};

impl GameCommands for Brade {
    /// A match of `--games` games by `--rules` (else the settings' rules); `--points` is
    /// backgammon's.
    fn play(opts: &Options, args: PlayArgs) -> ExitCode {
        if args.points.is_some() {
            return usage_error(crate::words::backgammon::POINTS_ONLY_BACKGAMMON);
        }
        let games = args.games.unwrap_or(3);
        super::game::play(opts, [args.white, args.black], args.level, |names, settings| {
            Match::<Brade>::new(&names[0], &names[1], games).by_rules(args.rules.unwrap_or(settings.rules))
        })
    }

    fn moves(args: MovesArgs) -> ExitCode {
        let rules = args.rules.or_default();
        if args.stdin {
            return finish(moves_loop(rules));
        }
        moves_of(args.position.unwrap_or_default(), &args.dice, rules)
    }

    fn perft(lang: Lang, args: PerftArgs) -> ExitCode {
        perft(
            lang,
            &args.position,
            args.depth,
            args.time,
            args.rules.or_default(),
        )
    }

    fn rollout(lang: Lang, args: RolloutArgs, seed: u64) -> ExitCode {
        let adjusted = args.luck.adjusted(args.level);
        let run = (seed, args.threads, adjusted, args.rules.or_default());
        rollout(lang, &args.position, &args.dice, args.games, args.level, run)
    }

    fn bot(args: BotArgs, seed: u64) -> ExitCode {
        let net = match load_net(args.net.as_deref()) {
            Ok(n) => n,
            Err(why) => return usage_error(&why.to_string()),
        };
        finish(bot_loop(
            args.level,
            seed,
            args.match_games,
            args.rules.or_default(),
            net,
        ))
    }

    /// Single games, or with `--match` whole matches; the options of backgammon's arena
    /// are refused.
    fn arena(lang: Lang, args: ArenaArgs, seed: u64) -> ExitCode {
        if args.backgammon.any() {
            return usage_error(crate::words::backgammon::ARENA_OPTIONS_ONLY_FOR_BACKGAMMON);
        }
        let rules = series_rules(args.rules, [args.a_default_rules, args.b_default_rules]);
        match args.match_games {
            Some(length) => arena_matches(
                lang,
                [args.a, args.b],
                [args.a_net, args.b_net],
                (length, args.matches),
                [!args.a_points, !args.b_points],
                rules,
                seed,
            ),
            None => arena(
                lang,
                [args.a, args.b],
                [args.a_net, args.b_net],
                args.games,
                rules,
                seed,
            ),
        }
    }

    fn eval(args: EvalArgs) -> ExitCode {
        eval(&args.position, args.net.as_deref())
    }

    fn train(lang: Lang, args: TrainArgs, seed: u64) -> ExitCode {
        train(lang, args, seed)
    }

    fn benchmark(lang: Lang, command: BenchmarkCommand, seed: u64) -> ExitCode {
        benchmark::run(lang, command, seed)
    }

    fn edit(lang: Lang, position: Option<&str>) -> Result<Option<String>, String> {
        position
            .map(|code| Position::from_code(code).map(|p| p.code()))
            .transpose()
            .map_err(|why| crate::words::editor::refusal(lang, &why))
    }

    fn picture(text: &str, dice: Option<(u8, u8)>, extras: &Extras) -> Result<String, String> {
        Position::from_code(text)
            .map(|pos| crate::share::brade::picture(&pos, dice, extras))
            .map_err(|e| e.to_string())
    }

    /// By the rules the record keeps: `--rules` naming others is refused.
    fn analyze(lang: Lang, read: &MatchFile<Brade>, how: &Analyze) -> ExitCode {
        let kept = read.game.rules;
        if let Some(asked) = how.rules.filter(|&asked| asked != kept) {
            let (asked, kept) = (asked.to_string(), kept.to_string());
            return usage_error(&words::rules_contradict_file(lang, &read.path, &asked, &kept));
        }
        if how.xg {
            return xg(lang, read);
        }
        analyze(lang, read, how.tsv, how.rollout.as_ref())
    }

    /// Neither `.mat` nor `.sgf` holds a match of bräde: refused in words.
    fn export(lang: Lang, file: &Path, _read: &MatchFile<Brade>, format: Export) -> ExitCode {
        usage_error(&match format {
            Export::Mat => words::mat_not_backgammon(lang, file),
            Export::Sgf => crate::words::sharing::sgf_not_backgammon(lang, file),
        })
    }
}

/// `brade analyze --format xg FILE`: each decision of the match's analysis as a block of
/// eXtreme Gammon's text with its position code, the blocks one after another.
fn xg(lang: Lang, read: &MatchFile<Brade>) -> ExitCode {
    let game = &read.game;
    let analysis = match super::sharing::analysed(lang, read) {
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
    finish(io::stdout().lock().write_all(blocks.join("\n").as_bytes()))
}

/// `brade train`: the network trained by self-play, its seed the global `--seed`.
fn train(lang: Lang, args: TrainArgs, seed: u64) -> ExitCode {
    let backgammons = args.race
        || args.extended_inputs
        || args.write_rollouts.is_some()
        || args.from_rollouts.is_some()
        || args.from_net.is_some()
        || args.search_depth.is_some();
    if backgammons {
        return usage_error(crate::words::backgammon::TRAIN_OPTIONS_ONLY_FOR_BACKGAMMON);
    }
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
fn arena(
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
fn arena_matches(
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

/// `brade analyze FILE [--tsv] [--rules SET] [--rollout [--worst N] [--games N]]`, a
/// record of bräde read.
fn analyze(
    lang: Lang,
    read: &MatchFile<Brade>,
    tsv: bool,
    rollout: Option<&super::verdict::Asked>,
) -> ExitCode {
    let file = &read.path;
    let game = &read.game;
    let analysis = with_progress(None, |progress| crate::store::analysis::of_file(read, progress));
    let Some((analysis, source, not_kept)) = analysis else {
        return file_error(words::NO_SHIPPED_NETWORK);
    };
    super::sharing::say_kept(lang, file, source, not_kept);
    let verdicts = rollout.map(|asked| verdicts(&analysis, game.rules, asked));
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
        if let (Some(asked), Some(v)) = (rollout, &verdicts) {
            out.push_str(&super::verdict::heading::<Brade>(
                lang,
                asked,
                v,
                crate::ai::verdict::GAMES,
                false,
            ));
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
fn rollout(
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
            crate::brade::WinKind::ALL
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
fn moves_of(position: String, dice: &[String], rules: RuleSet) -> ExitCode {
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

/// `brade perft POSITION DEPTH [--time] [--rules SET]`: from depth 5 on a count takes
/// minutes.
fn perft(lang: Lang, position: &str, depth: u32, time: bool, rules: RuleSet) -> ExitCode {
    let pos = match playable(position) {
        Ok(p) => p,
        Err(why) => return usage_error(&why.to_string()),
    };
    super::lines::perft(lang, (depth, time), 5, |progress| match progress {
        Some(progress) => crate::brade::perft_with(&pos, depth, rules, progress),
        None => crate::brade::perft_by(&pos, depth, rules),
    })
}

/// `brade eval POSITION [--net FILE]`.
fn eval(position: &str, net: Option<&Path>) -> ExitCode {
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
fn bot_loop(
    level: Level,
    seed: u64,
    games: Option<u32>,
    rules: RuleSet,
    net: Option<Arc<Network>>,
) -> io::Result<()> {
    let mut player = level.player_with(seed, net);
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

/// The rules of an arena: `--rules`, and which players look ahead by the default ones.
fn series_rules(rules: super::RulesArg, blind: [bool; 2]) -> crate::ai::arena::SeriesRules {
    crate::ai::arena::SeriesRules {
        rules: rules.or_default(),
        blind,
    }
}

/// The decisions asked for rolled out, by decision (`None` for those not).
fn verdicts(
    analysis: &crate::ai::analysis::Analysis,
    rules: RuleSet,
    asked: &super::verdict::Asked,
) -> Vec<Option<crate::ai::verdict::Verification>> {
    let marks: Vec<(f64, crate::ai::analysis::Mark)> =
        analysis.decisions.iter().map(|d| (d.loss, d.mark)).collect();
    let run = asked.run(crate::ai::verdict::GAMES);
    let never = std::sync::atomic::AtomicBool::new(false);
    super::verdict::roll(
        marks.len(),
        &super::verdict::chosen(&marks, asked.worst),
        run.games,
        |i, tick| crate::ai::verdict::verify(&analysis.decisions[i], rules, run, tick, &never),
    )
}
