//! The commands for scripts with `--game backgammon` (`moves`, `moves --stdin`, `perft`)
//! and `brade id`. A position is read as a position code or as a GNU Backgammon Position
//! ID (White on roll, or the side after a `:`: `4HPwATDgc/ABMA:b`); answers are computed
//! by [`crate::backgammon`] in the same columns as bräde's.

pub(super) mod analyze;
pub(super) mod benchmark;
pub(super) mod bot;
pub(super) mod options;
pub(super) mod rollout;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use super::args::Options;
use super::args::{
    ArenaArgs, BenchmarkCommand, BotArgs, EvalArgs, MovesArgs, PerftArgs, PlayArgs, RolloutArgs, TrainArgs,
};
use super::commands::{Analyze, Export, GameCommands};
use super::lines::{MAX_LINE, QUOTED, answer_lines, short};
use super::{file_error, finish, usage_error, with_progress};
use crate::backgammon::{
    CHECKERS, GameState, MAX_CUBE, MatchState, MoveGen, Position, PositionError, XgDice, Xgid, looks_like_id,
    looks_like_match_id, looks_like_xgid,
};
use crate::game::{Backgammon, Game as _};
use crate::rules::{Color, Roll, RollError};
use crate::share::picture::Extras;
use crate::store::MatchFile;
use crate::words::{Lang, cli as words};
use std::path::Path;

/// A backgammon query line or argument that cannot be answered.
#[derive(Debug, thiserror::Error)]
pub enum BgQueryError {
    #[error("bad position: {}", short(&.0.to_string()))]
    Position(PositionError),
    #[error("the game is already over in this position: {0} has borne off all fifteen checkers")]
    GameOver(Color),
    #[error("empty line: expected POSITION DICE, e.g. 4HPwATDgc/ABMA 31")]
    Empty,
    #[error("no dice after the position in {0:?}: expected POSITION DICE, e.g. 4HPwATDgc/ABMA 31")]
    NoDice(String),
    #[error("bad dice: {0}")]
    Dice(RollError),
    #[error("line too long (over {MAX_LINE} bytes), starting {0:?}…")]
    TooLong(String),
    #[error("the dice {given} contradict the XGID's, {held}")]
    DiceDisagree { given: Roll, held: Roll },
    #[error(
        "the XGID has a double offered: the answer comes before any roll (ask 'take XGID=…' of brade bot)"
    )]
    XgidDoubled,
}

/// Backgammon refuses bräde's `--rules` in words.
fn no_rules(rules: super::RulesArg) -> Result<(), ExitCode> {
    match rules.rules {
        Some(_) => Err(usage_error(crate::words::backgammon::RULES_NOT_FOR_BACKGAMMON)),
        None => Ok(()),
    }
}

impl GameCommands for Backgammon {
    /// A match of `--points` points (5 by default; 0: money play); bräde's `--rules` and
    /// `--games` are refused.
    fn play(opts: &Options, args: PlayArgs) -> ExitCode {
        match (args.rules, args.games) {
            (Some(_), _) => usage_error(crate::words::backgammon::RULES_NOT_FOR_BACKGAMMON),
            (None, Some(_)) => usage_error(crate::words::backgammon::GAMES_NOT_FOR_BACKGAMMON),
            // A level backgammon has no player of is refused, not played as another.
            (None, None) if !crate::ai::backgammon::has_player(args.level) => {
                usage_error(&crate::ai::backgammon::LevelError::NoSuchLevel(args.level.label()).to_string())
            }
            (None, None) => {
                let points = args.points.unwrap_or(5);
                super::game::play(opts, [args.white, args.black], args.level, |names, _| {
                    crate::session::Match::<Backgammon>::new(&names[0], &names[1], points)
                })
            }
        }
    }

    fn moves(args: MovesArgs) -> ExitCode {
        if let Err(code) = no_rules(args.rules) {
            return code;
        }
        if args.stdin {
            return moves_stdin();
        }
        moves(&args.position.unwrap_or_default(), &args.dice)
    }

    fn perft(lang: Lang, args: PerftArgs) -> ExitCode {
        match no_rules(args.rules) {
            Err(code) => code,
            Ok(()) => perft(lang, &args.position, args.depth, args.time),
        }
    }

    fn rollout(lang: Lang, args: RolloutArgs, seed: u64) -> ExitCode {
        if let Err(code) = no_rules(args.rules) {
            return code;
        }
        let options = crate::ai::backgammon::rollout::Options {
            games: args.games,
            level: args.level,
            seed,
            threads: args.threads,
            luck_adjusted: args.luck.adjusted(args.level),
        };
        rollout::rollout(lang, &args.position, &args.dice, &options)
    }

    /// Money play alone: `--match` is refused.
    fn bot(args: BotArgs, seed: u64) -> ExitCode {
        match (no_rules(args.rules), args.match_games) {
            (Err(code), _) => code,
            (Ok(()), Some(_)) => usage_error(crate::words::backgammon::MATCH_NOT_FOR_BACKGAMMON_BOT),
            (Ok(()), None) => bot::bot(args.level, seed, args.net.as_deref()),
        }
    }

    /// Cubeless money games; bräde's match and rules options are refused.
    fn arena(_lang: Lang, args: ArenaArgs, seed: u64) -> ExitCode {
        match no_rules(args.rules) {
            Err(code) => code,
            Ok(()) if args.match_games.is_some() || args.a_default_rules || args.b_default_rules => {
                usage_error(crate::words::backgammon::ARENA_OPTIONS_NOT_FOR_BACKGAMMON)
            }
            Ok(()) => bot::arena(
                [args.a, args.b],
                [args.a_net, args.b_net],
                args.games,
                seed,
                &args.backgammon,
            ),
        }
    }

    fn eval(args: EvalArgs) -> ExitCode {
        match no_rules(args.rules) {
            Err(code) => code,
            Ok(()) => bot::eval(&args.position, args.net.as_deref()),
        }
    }

    fn train(_lang: Lang, args: TrainArgs, seed: u64) -> ExitCode {
        bot::train(&args, seed)
    }

    fn benchmark(lang: Lang, command: BenchmarkCommand, seed: u64) -> ExitCode {
        benchmark::run(lang, command, seed)
    }

    fn edit(lang: Lang, position: Option<&str>) -> Result<Option<String>, String> {
        position
            .map(read_position)
            .transpose()
            .map(|p| p.map(|p| p.code()))
            .map_err(|why| crate::words::editor::bg_refusal(lang, &why))
    }

    fn picture(text: &str, dice: Option<(u8, u8)>, extras: &Extras) -> Result<String, String> {
        picture_position(text)
            .map(|(pos, cube, held)| crate::share::backgammon::picture(&pos, cube, dice.or(held), extras))
    }

    /// An XGID, or a GNU Backgammon Position ID (`ID`, `ID:b`, `ID:MATCHID`), is
    /// backgammon's whatever the game asked: bräde has neither (its codes hold `x` and
    /// `,` and are never 14 letters of the ID's alphabet).
    fn claims(text: &str) -> bool {
        looks_like_xgid(text) || looks_like_id(text.split(':').next().unwrap_or(text))
    }

    /// Bräde's `--rules` contradicts a backgammon record.
    fn analyze(lang: Lang, read: &MatchFile<Backgammon>, how: &Analyze) -> ExitCode {
        if let Some(asked) = how.rules {
            return usage_error(&words::rules_contradict_file(
                lang,
                &read.path,
                &asked.to_string(),
                "backgammon",
            ));
        }
        if !how.xg {
            return analyze::analyze(lang, read, how.tsv, how.rollout);
        }
        let (_, laid) = match laid_out(lang, read) {
            Ok(both) => both,
            Err(code) => return code,
        };
        let names = Color::BOTH.map(|side| read.game.name(side));
        let blocks: Vec<String> = laid
            .iter()
            .map(|l| crate::share::backgammon::block(names, l))
            .collect();
        finish(io::stdout().lock().write_all(blocks.join("\n").as_bytes()))
    }

    fn export(lang: Lang, file: &Path, read: &MatchFile<Backgammon>, format: Export) -> ExitCode {
        match format {
            Export::Mat => export_mat(lang, file),
            Export::Sgf => {
                let (analysis, laid) = match laid_out(lang, read) {
                    Ok(both) => both,
                    Err(code) => return code,
                };
                let text = crate::store::backgammon::sgf::sgf(&read.game, &analysis, &laid);
                finish(io::stdout().lock().write_all(text.as_bytes()))
            }
        }
    }
}

/// A backgammon match's analysis (kept or made, as [`analysed`]) and each of its decisions
/// laid out with its figures (checker plays and cube decisions alike), or the exit of a
/// failure.
fn laid_out(
    lang: Lang,
    read: &MatchFile<Backgammon>,
) -> Result<
    (
        crate::ai::backgammon::analysis::BgAnalysis,
        Vec<crate::ai::backgammon::review::Laid>,
    ),
    ExitCode,
> {
    let analysis = super::sharing::analysed(lang, read)?;
    let wanted = |place: (usize, usize), cube: bool| {
        analysis
            .decisions
            .iter()
            .any(|d| (d.game, d.turn) == place && d.is_cube() == cube)
    };
    let laid = with_progress(None, |progress| {
        crate::ai::backgammon::review::of_match(&read.game, progress, wanted)
    });
    let laid = laid.ok_or_else(|| file_error(words::NO_SHIPPED_NETWORK))?;
    Ok((analysis, laid))
}

/// A backgammon position with what it says of the cube (value, owner) and the dice.
type Held = (Position, (u32, Option<crate::rules::Color>), Option<(u8, u8)>);

/// A backgammon position as the command reads one.
fn picture_position(text: &str) -> Result<Held, String> {
    if looks_like_xgid(text) {
        let x = Xgid::parse(text).map_err(|e| e.to_string())?;
        return Ok((x.position, (x.cube, x.cube_owner), x.rolled()));
    }
    if let Some((id, m)) = text.rsplit_once(':').filter(|(_, m)| looks_like_match_id(m)) {
        let state = MatchState::from_id(m).map_err(|e| e.to_string())?;
        let pos = Position::from_id(id, state.on_roll).map_err(|e| e.to_string())?;
        return Ok((pos, (state.cube, state.cube_owner), state.dice));
    }
    let pos = read_position(text).map_err(|e| e.to_string())?;
    Ok((pos, (1, None), None))
}

/// A backgammon position from a code, a Position ID (`ID`, `ID:w` or `ID:b`; White on
/// roll when the ID alone is given) or an XGID.
pub fn read_position(text: &str) -> Result<Position, PositionError> {
    Position::read(text, Color::White)
}

/// A position to play on: valid, and its game not already over.
pub(super) fn playable(text: &str) -> Result<Position, BgQueryError> {
    let pos = read_position(text).map_err(BgQueryError::Position)?;
    for side in Color::BOTH {
        if pos.borne_off(side) == CHECKERS {
            return Err(BgQueryError::GameOver(side));
        }
    }
    Ok(pos)
}

/// Splits `POSITION DICE` (the dice may contain one space: `5 3`); the dice may be left
/// out after an XGID that holds them.
pub(super) fn parse_query(line: &str) -> Result<(Position, Roll), BgQueryError> {
    let line = line.trim();
    if line.is_empty() {
        return Err(BgQueryError::Empty);
    }
    let (pos_text, dice_text) = match line.split_once(char::is_whitespace) {
        Some((p, d)) => (p, Some(d.trim())),
        None => (line, None),
    };
    let pos = playable(pos_text)?;
    let roll = query_roll(pos_text, dice_text)?
        .ok_or_else(|| BgQueryError::NoDice(line.chars().take(QUOTED).collect()))?;
    Ok((pos, roll))
}

/// The roll of a query: the dice given, or those of its XGID (which must agree with the
/// dice given); `None` when there are none.
pub(super) fn query_roll(pos_text: &str, dice_text: Option<&str>) -> Result<Option<Roll>, BgQueryError> {
    let xgid = looks_like_xgid(pos_text)
        .then(|| Xgid::parse(pos_text).ok())
        .flatten();
    let held = match xgid.map(|x| x.dice) {
        Some(XgDice::Rolled(a, b)) => Some(Roll::new(a, b).map_err(BgQueryError::Dice)?),
        Some(XgDice::Doubled | XgDice::Beavered | XgDice::Raccooned) => {
            return Err(BgQueryError::XgidDoubled);
        }
        _ => None,
    };
    let given = match dice_text.filter(|d| !d.is_empty()) {
        Some(d) => Some(d.parse::<Roll>().map_err(BgQueryError::Dice)?),
        None => None,
    };
    match (given, held) {
        (Some(g), Some(h)) if (g.high(), g.low()) != (h.high(), h.low()) => {
            Err(BgQueryError::DiceDisagree { given: g, held: h })
        }
        (Some(roll), _) | (None, Some(roll)) => Ok(Some(roll)),
        (None, None) => Ok(None),
    }
}

pub(super) fn write_moves(
    out: &mut impl Write,
    movegen: &mut MoveGen,
    pos: &Position,
    roll: Roll,
) -> io::Result<()> {
    let next = pos.turn().other();
    for p in movegen.plays(pos.board(), roll) {
        let result = Position::new(p.board.switched(), next);
        let outcome = p.win.map_or("-", |w| w.notation());
        writeln!(out, "{}\t{}\t{}", p.play, result, outcome)?;
    }
    Ok(())
}

/// `brade moves --game backgammon POSITION DICE`.
pub(super) fn moves(position: &str, dice: &[String]) -> ExitCode {
    let query = format!("{position} {}", dice.join(" "));
    match parse_query(&query) {
        Ok((pos, roll)) => {
            let mut out = BufWriter::new(io::stdout().lock());
            let mut movegen = MoveGen::new();
            finish(write_moves(&mut out, &mut movegen, &pos, roll).and_then(|()| out.flush()))
        }
        Err(e) => usage_error(&short(&e.to_string())),
    }
}

/// `brade moves --game backgammon --stdin`: as bräde's, a block of lines per query.
pub(super) fn moves_stdin() -> ExitCode {
    finish(moves_loop())
}

fn moves_loop() -> io::Result<()> {
    let mut movegen = MoveGen::new();
    answer_lines(
        |out, line| match line.map_err(BgQueryError::TooLong).and_then(parse_query) {
            Ok((pos, roll)) => write_moves(out, &mut movegen, &pos, roll),
            Err(e) => writeln!(out, "{}", words::error(&short(&e.to_string()))),
        },
    )
}

/// `brade perft --game backgammon POSITION DEPTH [--time]`: backgammon's tree is wider
/// than bräde's, from depth 4 a count takes many minutes.
pub(super) fn perft(lang: Lang, position: &str, depth: u32, time: bool) -> ExitCode {
    let pos = match playable(position) {
        Ok(p) => p,
        Err(why) => return usage_error(&why.to_string()),
    };
    super::lines::perft(lang, (depth, time), 4, |progress| match progress {
        Some(progress) => crate::backgammon::perft_with(&pos, depth, progress),
        None => crate::backgammon::perft(&pos, depth),
    })
}

/// `brade id`'s match around the position, for its Match ID.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct MatchArgs {
    /// The match length, for a Match ID: 1 to 64 (gnubg's longest), 0 for money play.
    #[arg(long = "match", value_name = "LENGTH", value_parser = clap::value_parser!(u32).range(0..=64))]
    pub length: Option<u32>,
    /// The score, White's first (default 0-0).
    #[arg(long, value_name = "W-B", requires = "length")]
    pub score: Option<String>,
    /// The cube: its value, and ':w' or ':b' for its owner (default 1, in the middle).
    #[arg(long, value_name = "VALUE[:w|b]", requires = "length")]
    pub cube: Option<String>,
    /// The dice the side on roll has rolled (e.g. 53); left out before the roll.
    #[arg(long, value_name = "DICE", requires = "length")]
    pub dice: Option<String>,
    /// This game is the Crawford game (a side is one point short).
    #[arg(long, requires = "length")]
    pub crawford: bool,
    /// The side on roll has doubled (before rolling); the other is to take or drop.
    #[arg(long, requires = "length", conflicts_with = "dice")]
    pub doubled: bool,
    /// Money play by the Jacoby rule (with --match 0).
    #[arg(long, requires = "length")]
    pub jacoby: bool,
}

/// The Match ID's state of the options around `pos`, or why they do not make one.
fn match_state(pos: &Position, args: &MatchArgs, length: u32) -> Result<MatchState, String> {
    let score = match args.score.as_deref() {
        None => [0, 0],
        Some(text) => {
            let bad = || format!("--score is W-B (White's points first, e.g. 2-1), not {text:?}");
            let (w, b) = text.split_once('-').ok_or_else(bad)?;
            [
                w.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            ]
        }
    };
    if length > 0 && score.iter().any(|&s| s >= length) {
        return Err(format!(
            "--score {}-{}: in a match to {length} each score is below {length} (the match is not over)",
            score[0], score[1]
        ));
    }
    let (cube, owner) = match args.cube.as_deref() {
        None => (1, None),
        Some(text) => {
            let bad = || {
                format!("--cube is VALUE or VALUE:w or VALUE:b, the value 1, 2, 4 … {MAX_CUBE}, not {text:?}")
            };
            let (value, owner) = match text.split_once(':') {
                Some((v, side)) => (v, Some(Color::from_letter(side).ok_or_else(bad)?)),
                None => (text, None),
            };
            let value: u32 = value.trim().parse().map_err(|_| bad())?;
            if !value.is_power_of_two() || value > MAX_CUBE {
                return Err(bad());
            }
            (value, owner)
        }
    };
    let dice = match args.dice.as_deref() {
        None => None,
        Some(text) => {
            let roll: Roll = text.parse().map_err(|e: RollError| format!("bad dice: {e}"))?;
            Some(roll.dice())
        }
    };
    let on_roll = pos.turn();
    if args.crawford && (length < 2 || !score.contains(&(length - 1)) || cube != 1 || owner.is_some()) {
        return Err(
            "--crawford: the Crawford game is a match's game where a side is one point short, its cube 1 in the middle"
                .to_string(),
        );
    }
    if args.doubled && (args.crawford || owner.is_some_and(|o| o != on_roll) || cube >= MAX_CUBE) {
        return Err(format!(
            "--doubled: {on_roll} cannot double with the cube at {cube}{}",
            owner.map_or(String::new(), |o| format!(" owned by {o}"))
        ));
    }
    if args.jacoby && length > 0 {
        return Err("--jacoby is for money play (--match 0)".to_string());
    }
    Ok(MatchState {
        cube,
        cube_owner: owner,
        on_roll,
        crawford: args.crawford,
        state: GameState::Playing,
        turn: if args.doubled { on_roll.other() } else { on_roll },
        doubled: args.doubled,
        resigned: None,
        dice,
        length,
        score,
        jacoby: args.jacoby,
    })
}

/// `brade id POSITION [--match N …]`: the position's code and its Position ID, one a line,
/// its Match ID with `--match`, and its XGID; `brade id POSITIONID:MATCHID` and `brade id
/// XGID=…` the four; `brade id MATCHID` the match state, one `NAME VALUE` a line.
pub(super) fn id(position: &str, args: &MatchArgs) -> ExitCode {
    let text = position.trim();
    let alone = looks_like_match_id(text);
    let xgid = looks_like_xgid(text);
    let with_id = text
        .rsplit_once(':')
        .filter(|(_, m)| !xgid && looks_like_match_id(m))
        .map(|(p, m)| (p, MatchState::from_id(m)));
    if (alone || with_id.is_some() || xgid) && args.length.is_some() {
        return usage_error("give either a Match ID or an XGID, or --match, not both");
    }
    let four = |pos: &Position, state: &MatchState| {
        let xgid = Xgid::of_match(*pos, state);
        format!("{}\n{}\n{}\n{xgid}\n", pos.code(), pos.id(), state.id())
    };
    let answer = if alone {
        MatchState::from_id(text)
            .map(|state| state.to_string())
            .map_err(|e| e.to_string())
    } else if xgid {
        Xgid::parse(text)
            .map(|x| {
                let pos = x.position;
                format!("{}\n{}\n{}\n{x}\n", pos.code(), pos.id(), x.match_state().id())
            })
            .map_err(|e| short(&e.to_string()))
    } else if let Some((pos_text, state)) = with_id {
        state.map_err(|e| e.to_string()).and_then(|state| {
            Position::from_id(pos_text, state.on_roll)
                .map(|pos| four(&pos, &state))
                .map_err(|e| short(&BgQueryError::Position(e).to_string()))
        })
    } else {
        read_position(text)
            .map_err(|e| short(&BgQueryError::Position(e).to_string()))
            .and_then(|pos| match args.length {
                None => Ok(format!(
                    "{}\n{}\n{}\n",
                    pos.code(),
                    pos.id(),
                    Xgid::of_position(pos)
                )),
                Some(length) => match_state(&pos, args, length).map(|state| four(&pos, &state)),
            })
    };
    match answer {
        Ok(text) => finish(io::stdout().lock().write_all(text.as_bytes())),
        Err(why) => usage_error(&why),
    }
}

/// `brade export --mat FILE`: a backgammon save or record as `.mat` text; a match of
/// bräde, or one whose points GNU Backgammon would count otherwise, is refused in words
/// (exit status 2).
pub(super) fn export_mat(lang: Lang, file: &std::path::Path) -> ExitCode {
    let saved = match crate::store::read_file(file) {
        Ok(saved) => saved,
        Err(e) => return file_error(&e.words(lang)),
    };
    if saved.kind.as_deref() != crate::game::Backgammon::SAVE_NAME {
        return usage_error(&words::mat_not_backgammon(lang, file));
    }
    let game = crate::store::SaveData::<crate::game::Backgammon>::read(&saved)
        .and_then(|data| crate::store::replay(&data, |_| {}));
    if let Ok(restored) = &game
        && let Some(why) = crate::store::backgammon::mat::not_in_mat(&restored.game)
    {
        return usage_error(&words::mat_refused(lang, file, why));
    }
    match game {
        Ok(restored) => {
            // Manual dice are said in a comment, which gnubg keeps as the match's.
            let mut text = String::new();
            if restored.manual {
                text =
                    crate::store::backgammon::mat::comment(lang.say(crate::words::records::MANUAL_DICE_SAID));
            }
            text.push_str(&crate::store::backgammon::mat::mat(&restored.game));
            finish(io::stdout().lock().write_all(text.as_bytes()))
        }
        Err(e) => file_error(&format!("{}: {}", file.display(), e.words(lang))),
    }
}
