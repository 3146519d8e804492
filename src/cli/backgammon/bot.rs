//! The backgammon computer player's commands: `train`, `bot`, `eval` and `arena` with
//! `--game backgammon`.

use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use crate::ai::Level;
use crate::ai::backgammon::arena::{Start, series_from};
use crate::ai::backgammon::cube::{CubeView, ProperAction, Session};
use crate::ai::backgammon::game::decision_by;
use crate::ai::backgammon::met::Away;
use crate::ai::backgammon::net::{DEFAULT_HIDDEN, OUTPUT_NAMES, Scratch, embedded};
use crate::ai::backgammon::search::Searcher;
use crate::ai::backgammon::supervised;
use crate::ai::backgammon::teach::{self, TeachOptions};
use crate::ai::backgammon::train::{RunOptions, TrainError};
use crate::ai::backgammon::{BgNet, LevelError, MatchValue, has_player, player_using, player_with};
use crate::backgammon::{Cube, MoveGen, Position, Stakes, XgDice, Xgid, looks_like_xgid};
use crate::cli::args::{DrawArg, TrainArgs};
use crate::cli::backgammon::options::{ArenaOptions, StartArg};
use crate::cli::backgammon::{BgQueryError, parse_query, playable};
use crate::cli::lines::{MAX_LINE, QUOTED, read_bounded, short};
use crate::cli::{finish, usage_error};
use crate::rules::{Color, Roll};
use crate::words::cli as words;

/// `brade train --game backgammon`.
pub(in crate::cli) fn train(args: &TrainArgs, seed: u64) -> ExitCode {
    let mut out = io::stdout().lock();
    if let Some(path) = &args.write_rollouts {
        let plan = supervised::Plan {
            seed,
            level: args.rollout_level,
            games: args.rollout_games,
            luck_adjusted: args.luck.adjusted(args.rollout_level),
            threads: args.threads,
            search: args.search_depth,
            draw: match args.draw {
                DrawArg::Played => supervised::Draw::Played,
                DrawArg::Decisions => supervised::Draw::Decisions,
            },
        };
        let done =
            supervised::write_rollouts(path, args.positions, &plan, args.report_every as usize, &mut out);
        return done.map_or_else(|e| usage_error(&e.to_string()), |()| ExitCode::SUCCESS);
    }
    if let Some(path) = &args.from_rollouts {
        let opts = TeachOptions {
            rollouts: path.clone(),
            out: args
                .out
                .clone()
                .unwrap_or_else(|| PathBuf::from("assets/backgammon.net")),
            epochs: args.epochs,
            alpha: args.alpha,
            seed,
            hidden: args.hidden,
            start: args.from_net.clone(),
            extended: args.extended_inputs,
            resume: args.resume,
            force: args.force,
        };
        return teach::run(&opts, &mut out)
            .map_or_else(|e| usage_error(&e.to_string()), |_| ExitCode::SUCCESS);
    }
    let opts = RunOptions {
        out: args.out.clone().unwrap_or_else(|| {
            PathBuf::from(if args.race {
                "assets/backgammon-race.net"
            } else {
                "assets/backgammon.net"
            })
        }),
        games: args.games,
        hidden: args.hidden.unwrap_or(DEFAULT_HIDDEN),
        seed,
        alpha: args.alpha.unwrap_or(0.1),
        resume: args.resume,
        force: args.force,
        report_every: args.report_every,
        checkpoint_every: args.checkpoint_every,
        check_every: args.check_every,
        check_games: args.check_games,
        race: args.race,
        extended: args.extended_inputs,
    };
    match crate::ai::backgammon::train::run(&opts, &mut out) {
        Ok(_) => ExitCode::SUCCESS,
        Err(TrainError::Log(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            usage_error(&e.to_string())
        }
    }
}

/// What a line to `brade bot --game backgammon` asks.
#[derive(Debug)]
enum BotLine {
    /// `POSITION DICE [cube=…] [match=…] [options=…]`: the play to make (in a match,
    /// weighed at the score with the cube's value).
    Checker(Position, Roll, Option<MatchValue>),
    /// `double POSITION [cube=…] [match=…]`: whether the side on roll doubles; `take …`:
    /// whether its opponent takes that side's double.
    Cube {
        take: bool,
        position: Position,
        cube: CubeView,
        session: Session,
    },
    /// `luck POSITION DICE`: the roll's luck for the side to roll.
    Luck(Position, Roll),
}

/// Why a bot line has no answer.
#[derive(Debug, thiserror::Error)]
enum BotLineError {
    #[error(transparent)]
    Query(#[from] BgQueryError),
    #[error("line too long (over {MAX_LINE} bytes), starting {0:?}…")]
    TooLong(String),
    #[error("{0}")]
    Cube(String),
}

fn parse_bot_line(line: &str) -> Result<BotLine, BotLineError> {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    if first == "double" || first == "take" {
        return parse_cube_line(first == "take", words).map_err(BotLineError::Cube);
    }
    if first == "luck" {
        let (pos, roll) = parse_query(&words.collect::<Vec<_>>().join(" "))?;
        return Ok(BotLine::Luck(pos, roll));
    }
    // An XGID alone that holds no roll asks its cube decision: the double before the
    // roll, or the answer to the double it holds.
    if let Some(xgid) = Xgid::parse(first).ok().filter(|_| looks_like_xgid(first)) {
        let rest = line.split_whitespace().skip(1);
        let rolled = xgid.rolled().is_some() || rest.clone().any(|w| !w.contains('='));
        if !rolled {
            let take = xgid.dice != XgDice::ToRoll;
            return parse_cube_line(take, line.split_whitespace()).map_err(BotLineError::Cube);
        }
    }
    let (query, standing): (Vec<&str>, Vec<&str>) = line
        .split_whitespace()
        .partition(|w| !w.contains('=') || looks_like_xgid(w));
    let (pos, roll) = parse_query(&query.join(" "))?;
    let held = query.first().map_or_else(Terms::default, |p| Terms::of(p));
    let (cube, stakes, away) =
        parse_terms(standing.into_iter(), pos.turn(), held).map_err(BotLineError::Cube)?;
    let value = away.map(|away| MatchValue {
        away,
        cube: cube.value,
        backgammon: stakes.backgammon,
    });
    Ok(BotLine::Checker(pos, roll, value))
}

/// A line's cube, options and match standing: what its XGID holds, else money play with
/// the cube in the middle; the `cube=`, `match=` and `options=` terms change them.
#[derive(Clone, Copy, Debug, Default)]
struct Terms {
    cube: Cube,
    stakes: Stakes,
    /// The match: its length, White's and Black's points, and whether the Crawford game
    /// has been played.
    standing: Option<(u32, u32, u32, bool)>,
}

impl Terms {
    /// What the XGID `text` holds (nothing for a position of another kind).
    fn of(text: &str) -> Terms {
        let Some(x) = Xgid::parse(text).ok().filter(|_| looks_like_xgid(text)) else {
            return Terms::default();
        };
        let one_away = x.length > 0 && x.score.contains(&(x.length - 1));
        Terms {
            cube: Cube {
                value: x.cube,
                owner: x.cube_owner,
                live: !x.crawford,
                automatic: 0,
            },
            stakes: Stakes {
                jacoby: x.jacoby,
                ..Stakes::default()
            },
            standing: (x.length > 0).then_some((x.length, x.score[0], x.score[1], one_away && !x.crawford)),
        }
    }
}

/// The `cube=`, `match=` and `options=` terms of a line, for the side to roll `mover`,
/// over what its position held (`held`).
fn parse_terms<'a>(
    words: impl Iterator<Item = &'a str>,
    mover: Color,
    held: Terms,
) -> Result<(Cube, Stakes, Option<Away>), String> {
    let Terms {
        mut cube,
        mut stakes,
        standing,
    } = held;
    let mut away = match standing {
        Some((length, w, b, post)) => Some(away_of(length, w, b, post, mover)?),
        None => None,
    };
    for word in words {
        let (key, value) = word.split_once('=').ok_or(CUBE_USAGE)?;
        match key {
            "cube" => cube = parse_cube(value)?,
            "match" => away = Some(parse_standing(value, mover)?),
            "options" => stakes = value.parse().map_err(|_| format!("options {value:?}"))?,
            _ => return Err(CUBE_USAGE.to_string()),
        }
    }
    if cube.value > crate::backgammon::MAX_CUBE {
        return Err(format!("cube {}: 1, 2, 4 … 64", cube.value));
    }
    Ok((cube, stakes, away))
}

/// How a cube line is written.
const CUBE_USAGE: &str = "a cube line is double|take POSITION [cube=V[:w|b]] [match=N:W-B[:post]] [options=standard|jacoby=on|…] (a play's line POSITION DICE takes the same terms; an XGID holds them)";

/// `double|take POSITION [cube=V[:w|b]] [match=N:W-B[:post]] [options=…]`.
fn parse_cube_line<'a>(take: bool, mut words: impl Iterator<Item = &'a str>) -> Result<BotLine, String> {
    let text = words.next().ok_or(CUBE_USAGE)?;
    let position = playable(text).map_err(|e| e.to_string())?;
    let mover = position.turn();
    let (cube, stakes, standing) = parse_terms(words, mover, Terms::of(text))?;
    let session = match standing {
        Some(away) => Session::Match(away, stakes),
        None => Session::Money(stakes),
    };
    Ok(BotLine::Cube {
        take,
        position,
        cube: CubeView::of(&cube, mover),
        session,
    })
}

/// `V` (in the middle) or `V:w`, `V:b` (its owner).
fn parse_cube(value: &str) -> Result<Cube, String> {
    let (v, owner) = value.split_once(':').map_or((value, None), |(v, o)| (v, Some(o)));
    let v: u32 = v.parse().map_err(|_| format!("cube {v:?}: 1, 2, 4 … 64"))?;
    if !v.is_power_of_two() || v > crate::backgammon::MAX_CUBE {
        return Err(format!("cube {v}: 1, 2, 4 … 64"));
    }
    let owner = match owner {
        None => None,
        Some("w") => Some(Color::White),
        Some("b") => Some(Color::Black),
        Some(o) => return Err(format!("cube owner {o:?}: w or b")),
    };
    if v == 1 && owner.is_some() {
        return Err("a cube at 1 is in the middle: give no owner".to_string());
    }
    Ok(Cube {
        value: v,
        owner,
        ..Cube::default()
    })
}

/// `N:W-B[:post]`: a match to N, White's and Black's points, the Crawford game played.
fn parse_standing(text: &str, mover: Color) -> Result<Away, String> {
    let bad = || format!("match {text:?}: LENGTH:WHITE-BLACK[:post], e.g. 7:2-4");
    let mut parts = text.split(':');
    let length: u32 = parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
    let (w, b) = parts.next().and_then(|s| s.split_once('-')).ok_or_else(bad)?;
    let (w, b): (u32, u32) = (w.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    let post = match parts.next() {
        None => false,
        Some("post") => true,
        Some(_) => return Err(bad()),
    };
    away_of(length, w, b, post, mover)
}

/// The standing of `mover` in a match to `length` at White's `w` and Black's `b` points.
fn away_of(length: u32, w: u32, b: u32, post: bool, mover: Color) -> Result<Away, String> {
    if length == 0 || !crate::backgammon::Score::is_length(length) || w >= length || b >= length {
        return Err(format!(
            "match {length}:{w}-{b}: an odd length up to 25, each score below it"
        ));
    }
    let (me, opp) = match mover {
        Color::White => (length - w, length - b),
        Color::Black => (length - b, length - w),
    };
    Ok(Away::new(me, opp, post))
}

/// A level that has a backgammon player, or the exit of a refusal in words.
pub(in crate::cli) fn bg_level(level: Level) -> Result<Level, ExitCode> {
    if has_player(level) {
        Ok(level)
    } else {
        Err(usage_error(&LevelError::NoSuchLevel(level.label()).to_string()))
    }
}

/// `brade bot --game backgammon`: a play for each line `POSITION DICE`, in the columns of
/// `brade moves --game backgammon`, flushed at once.
pub(in crate::cli) fn bot(level: Level, seed: u64, net: Option<&Path>) -> ExitCode {
    let level = match bg_level(level) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let net = match load(net) {
        Ok(n) => n,
        Err(why) => return usage_error(&why),
    };
    let mut player = match player_with(level, net.clone(), seed) {
        Ok(p) => p,
        Err(e) => return usage_error(&e.to_string()),
    };
    // The bear-off database built while the first lines are read, not when the first
    // bear-off is asked.
    std::thread::spawn(|| {
        crate::ai::backgammon::bearoff::Database::get();
    });
    finish(bot_loop(player.as_mut(), &net, level))
}

fn bot_loop(
    player: &mut dyn crate::ai::Player<crate::game::Backgammon>,
    net: &BgNet,
    level: Level,
) -> io::Result<()> {
    let mut input = BufReader::new(io::stdin().lock());
    let mut out = io::stdout().lock();
    let mut movegen = MoveGen::new();
    let mut searcher = Searcher::new();
    let mut raw = Vec::new();
    while let Some(too_long) = read_bounded(&mut input, &mut raw)? {
        let line = String::from_utf8_lossy(&raw);
        let asked = if too_long {
            Err(BotLineError::TooLong(line.chars().take(QUOTED).collect()))
        } else {
            parse_bot_line(&line)
        };
        match asked {
            Ok(BotLine::Checker(pos, roll, value)) => {
                player.play_for(value);
                let plays = movegen.plays(pos.board(), roll).to_vec();
                let i = player.choose(&pos, roll, &plays).min(plays.len() - 1);
                let p = plays[i];
                let result = Position::new(p.board.switched(), pos.turn().other());
                let outcome = p.win.map_or("-", |w| w.notation());
                writeln!(out, "{}\t{}\t{}", p.play, result, outcome)?;
            }
            Ok(BotLine::Cube {
                take,
                position,
                cube,
                session,
            }) => {
                let d = decision_by(net, &position, cube, &session, level);
                let verdict = match (take, d.take, d.action) {
                    (true, true, _) => "take",
                    (true, false, _) => "drop",
                    (false, _, ProperAction::Unavailable) => "no cube",
                    (false, _, ProperAction::NoDouble) => "no double",
                    (false, _, ProperAction::DoubleTake | ProperAction::DoublePass) => "double",
                    (false, _, ProperAction::TooGood) => "too good",
                };
                let eq = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |v| format!("{v:+.4}"));
                writeln!(
                    out,
                    "{verdict}\tno-double {}\tdouble-take {}\tdouble-pass {}",
                    eq(Some(d.no_double)),
                    eq(d.double_take),
                    eq(d.double_pass)
                )?;
            }
            Ok(BotLine::Luck(pos, roll)) => {
                let plays = movegen.plays(pos.board(), roll);
                let (thrown, mean) = searcher.luck(net, pos.board(), plays);
                let (thrown, mean) = (thrown.equity(), mean.equity());
                writeln!(
                    out,
                    "luck {:+.4}\tthis roll {thrown:+.4}\tall rolls {mean:+.4}",
                    thrown - mean
                )?;
            }
            Err(e) => writeln!(out, "{}", words::error(&short(&e.to_string())))?,
        }
        out.flush()?;
    }
    Ok(())
}

/// A network file, or the shipped network.
fn load(net: Option<&Path>) -> Result<Arc<BgNet>, String> {
    match net {
        Some(path) => BgNet::read(path).map(Arc::new).map_err(|e| e.to_string()),
        None => embedded().map_err(|e| LevelError::Net(e).to_string()),
    }
}

/// `brade eval --game backgammon POSITION [--net FILE]`: the cubeless equity and the five
/// probabilities for the side to roll.
pub(in crate::cli) fn eval(position: &str, net: Option<&Path>) -> ExitCode {
    let pos = match playable(position) {
        Ok(p) => p,
        Err(why) => return usage_error(&why.to_string()),
    };
    let net = match load(net) {
        Ok(n) => n,
        Err(why) => return usage_error(&why),
    };
    let p = net.evaluate(pos.board(), &mut Scratch::default());
    let mut text = format!("cubeless-equity\t{:+.4}\n", p.equity());
    for (name, v) in OUTPUT_NAMES.iter().zip(p.0) {
        text.push_str(&format!("{name}\t{v:.4}\n"));
    }
    finish(io::stdout().lock().write_all(text.as_bytes()))
}

/// `brade arena --game backgammon A B [--games N] [--a-net FILE] [--b-net FILE] …`.
pub(in crate::cli) fn arena(
    levels: [Level; 2],
    nets: [Option<PathBuf>; 2],
    games: u32,
    seed: u64,
    bg: &ArenaOptions,
) -> ExitCode {
    let mut loaded = Vec::new();
    for (level, net) in levels.into_iter().zip(nets) {
        if let Err(code) = bg_level(level) {
            return code;
        }
        match load(net.as_deref()) {
            Ok(n) => loaded.push(n),
            Err(why) => return usage_error(&why),
        }
    }
    let mut races = Vec::new();
    for (plain, file) in [(bg.a_plain, &bg.a_race_net), (bg.b_plain, &bg.b_race_net)] {
        races.push(match (plain, file) {
            (true, _) => None,
            (false, None) => crate::ai::backgammon::net::embedded_race(),
            (false, Some(path)) => match BgNet::read(path) {
                Ok(n) => Some(Arc::new(n)),
                Err(e) => return usage_error(&e.to_string()),
            },
        });
    }
    let plain = [bg.a_plain, bg.b_plain];
    let make = |side: usize, s: u64| -> Box<dyn crate::ai::Player<crate::game::Backgammon>> {
        let searcher = Searcher::with(!plain[side], races[side].clone());
        player_using(levels[side], Arc::clone(&loaded[side]), searcher, s)
            .unwrap_or_else(|_| Box::new(crate::ai::RandomPlayer::new(s)))
    };
    let start = match bg.start {
        StartArg::Opening => Start::Opening,
        StartArg::Race => Start::Race,
        StartArg::Bearoff => Start::Bearoff,
    };
    let judge = if bg.luck_adjusted {
        match embedded() {
            Ok(net) => Some(net),
            Err(e) => return usage_error(&LevelError::Net(e).to_string()),
        }
    } else {
        None
    };
    let s = series_from(make, games, seed, start, judge);
    let from = match bg.start {
        StartArg::Opening => "",
        StartArg::Race => ", from race starts",
        StartArg::Bearoff => ", from bear-off starts",
    };
    let text = format!(
        "backgammon, cubeless money games{from}, seed {seed}\n{}",
        s.report(levels[0].label(), levels[1].label())
    );
    finish(io::stdout().lock().write_all(text.as_bytes()))
}
