//! The command line: `brade` (the game's start screen), `brade play`, `brade moves`,
//! `brade perft`. Parsing is clap's; every answer is computed by [`crate::rules`]. Bad
//! arguments end with exit status 2 and one line on stderr.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::ai::Level;
use crate::app::{App, Note};
use crate::rules::{Lang, MoveGen, Position, Roll, perft};
use crate::save::{Found, Store};
use crate::session::SeededDice;
use crate::settings::Settings;

/// Bräde — the traditional Swedish tables game (Vasamuseet rules).
#[derive(Debug, Parser)]
#[command(name = "brade", version, about, long_about = None, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Language of the game: en (English) or sv (Swedish); overrides the settings.
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
    /// Seed for the dice: the same seed gives the same dice.
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// Where saved matches are kept (default: the platform's data directory,
    /// e.g. ~/.local/share/brade).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// The settings file (default: the platform's config directory,
    /// e.g. ~/.config/brade/config.toml).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<std::path::PathBuf>,
}

/// `--lang` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    En,
    Sv,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::En => Lang::En,
            LangArg::Sv => Lang::Sv,
        }
    }
}

const AFTER_HELP: &str = "\
Position codes: WHITE/BLACK/TURN, each side a list of POINT or POINTxCOUNT in that side's
own numbering (0 = the bar, unlisted checkers are borne off, '-' = none on the board),
TURN 'w' or 'b'. The start is 1x15/1x15/w. Dice: 53, 5-3 or \"5 3\".";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a match at once (without arguments, brade opens its start screen).
    Play {
        /// Number of games: 1, 3, 5 or 7.
        #[arg(long, default_value_t = 3, value_parser = parse_games)]
        games: u32,
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
    },
    /// Answer lines 'POSITION DICE' with the chosen play, one line each, in the format
    /// of 'brade moves' (flushed after every line).
    Bot {
        /// How strong: easy, medium or hard (also random, heuristic).
        #[arg(long, value_enum, default_value_t = Level::Medium)]
        level: Level,
    },
    /// Play games between two players and report wins, points and results.
    Arena {
        /// Player A: random, heuristic, easy, medium or hard.
        #[arg(value_enum)]
        a: Level,
        /// Player B.
        #[arg(value_enum)]
        b: Level,
        /// Number of games, at least 1 (A plays White in even games, Black in odd ones).
        #[arg(long, default_value_t = 100, value_parser = parse_count)]
        games: u32,
        /// A network file for A's level instead of the shipped one (from 'brade train').
        #[arg(long, value_name = "FILE")]
        a_net: Option<std::path::PathBuf>,
        /// A network file for B's level.
        #[arg(long, value_name = "FILE")]
        b_net: Option<std::path::PathBuf>,
    },
    /// Train the computer's network by TD(λ) self-play (see the README: Training).
    ///
    /// Writes FILE at every checkpoint and at the end; --resume continues it. The dice of
    /// game g depend only on the seed and g, so a resumed run ends with exactly the weights
    /// of an uninterrupted one.
    Train(crate::ai::train::RunOptions),
    /// The network's estimate for a position, the side to roll about to roll: expected
    /// points, then the probability of each result for the side to roll and for the
    /// other side, one line each: NAME<TAB>P_TO_ROLL<TAB>P_OTHER.
    Eval {
        /// Position code, e.g. 1x15/1x15/w.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// A network file instead of the shipped one (from 'brade train').
        #[arg(long, value_name = "FILE")]
        net: Option<std::path::PathBuf>,
    },
    /// List the finished matches kept in the data directory.
    Records,
    /// Print a readable transcript of a saved or finished match.
    Export {
        /// A record (see 'brade records') or a save file.
        file: std::path::PathBuf,
    },
    /// Step through a saved or finished match turn by turn, drawing the board.
    Replay {
        /// A record (see 'brade records') or a save file.
        file: std::path::PathBuf,
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
        /// The roll: 53, 5-3, or 5 3.
        #[arg(num_args = 1..=2, required_unless_present = "stdin", conflicts_with = "stdin")]
        dice: Vec<String>,
        /// Read lines 'POSITION DICE' from standard input until its end; answer each with
        /// its lines and one empty line ('error: …' alone for a bad line).
        #[arg(long)]
        stdin: bool,
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
    },
}

/// Parses the arguments and runs the command.
#[must_use]
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e),
    };
    let Cli {
        command,
        lang,
        seed,
        data_dir,
        config,
    } = cli;
    let seed = seed.unwrap_or_else(SeededDice::random_seed);
    // Commands for scripts answer at once; only the game reads settings and saves.
    let game_command = match command {
        Some(Command::Bot { level }) => return finish(bot(level, seed)),
        Some(Command::Arena {
            a,
            b,
            games,
            a_net,
            b_net,
        }) => {
            return {
                let (net_a, net_b) = match (load_net(a_net.as_deref()), load_net(b_net.as_deref())) {
                    (Ok(x), Ok(y)) => (x, y),
                    (Err(why), _) | (_, Err(why)) => return usage_error(&why),
                };
                let s = crate::ai::arena::series(
                    a.player_with(seed, net_a).as_mut(),
                    b.player_with(seed ^ 0x9E37, net_b).as_mut(),
                    games,
                    seed,
                );
                let text = format!("A {} v B {}: {}", a.label(), b.label(), s.report(seed));
                finish(io::stdout().lock().write_all(text.as_bytes()))
            };
        }
        Some(Command::Train(opts)) => {
            let opts = crate::ai::train::RunOptions { seed, ..opts };
            return match crate::ai::train::run(&opts, &mut io::stdout().lock()) {
                Ok(_) => ExitCode::SUCCESS,
                Err(why) => usage_error(&why),
            };
        }
        Some(Command::Export { file }) => {
            return match crate::save::read_file(&file)
                .and_then(|m| crate::save::transcript(&m).map_err(|e| format!("{}: {e}", file.display())))
            {
                Ok(text) => finish(io::stdout().lock().write_all(text.as_bytes())),
                Err(why) => file_error(&why),
            };
        }
        Some(Command::Moves { stdin: true, .. }) => return finish(moves_stdin()),
        Some(Command::Moves { position, dice, .. }) => {
            return {
                let query = format!("{} {}", position.unwrap_or_default(), dice.join(" "));
                match parse_query(&query) {
                    Ok((pos, roll)) => {
                        let mut out = BufWriter::new(io::stdout().lock());
                        let mut movegen = MoveGen::new();
                        finish(write_moves(&mut out, &mut movegen, &pos, roll).and_then(|()| out.flush()))
                    }
                    Err(msg) => usage_error(&msg),
                }
            };
        }
        Some(Command::Perft {
            position,
            depth,
            time,
        }) => {
            return {
                let pos = match playable(&position) {
                    Ok(p) => p,
                    Err(why) => return usage_error(&why),
                };
                if depth > MAX_PERFT_DEPTH {
                    return usage_error(&format!(
                        "depth {depth} is too deep: at most {MAX_PERFT_DEPTH} (depth 4 from the start is already 21 million plays)"
                    ));
                }
                let start = Instant::now();
                let count = perft(&pos, depth);
                let secs = start.elapsed().as_secs_f64();
                let mut text = format!("{count}\n");
                if time {
                    let rate = if secs > 0.0 { count as f64 / secs } else { 0.0 };
                    text.push_str(&format!("{secs:.3} s, {:.2} million leaf plays/s\n", rate / 1e6));
                }
                finish(io::stdout().lock().write_all(text.as_bytes()))
            };
        }
        Some(Command::Eval { position, net }) => {
            return {
                let pos = match playable(&position) {
                    Ok(p) => p,
                    Err(why) => return usage_error(&why),
                };
                let net = match load_net(net.as_deref()) {
                    Ok(Some(net)) => net,
                    Ok(None) => return usage_error("the shipped network cannot be read"),
                    Err(why) => return usage_error(&why),
                };
                finish(io::stdout().lock().write_all(eval_text(&net, &pos).as_bytes()))
            };
        }
        Some(Command::Records) => GameCommand::Records,
        Some(Command::Replay { file }) => GameCommand::Replay(file),
        None => GameCommand::Start,
        Some(Command::Play {
            resume: true, pace, ..
        }) => {
            return game(
                GameCommand::Resume,
                lang,
                config,
                data_dir,
                seed,
                std::time::Duration::from_millis(pace),
            );
        }
        Some(Command::Play {
            games,
            white,
            black,
            level,
            pace,
            ..
        }) => {
            return game(
                GameCommand::Play {
                    games,
                    white,
                    black,
                    level,
                },
                lang,
                config,
                data_dir,
                seed,
                std::time::Duration::from_millis(pace),
            );
        }
    };
    game(
        game_command,
        lang,
        config,
        data_dir,
        seed,
        crate::tui::DEFAULT_PACE,
    )
}

/// The commands that open the game or read its files.
#[derive(Debug)]
enum GameCommand {
    Start,
    Play {
        games: u32,
        white: String,
        black: String,
        level: Level,
    },
    Resume,
    Records,
    Replay(std::path::PathBuf),
}

/// Runs a game command: reads the settings and the saved matches, then the terminal.
fn game(
    command: GameCommand,
    lang_arg: Option<LangArg>,
    config: Option<std::path::PathBuf>,
    data_dir: Option<std::path::PathBuf>,
    seed: u64,
    pace: std::time::Duration,
) -> ExitCode {
    let config = config.or_else(crate::settings::default_path);
    let (mut settings, problems) = match &config {
        Some(path) => crate::settings::load(path),
        None => (Settings::default(), Vec::new()),
    };
    if let Some(l) = lang_arg {
        settings.language = Lang::from(l).into();
    }
    let lang = Lang::from(settings.language);
    let configured = |mut app: App| {
        app.apply_settings(settings);
        app.no_color = std::env::var_os("NO_COLOR").is_some();
        if !problems.is_empty() {
            let listed = crate::settings::summary(&problems, lang);
            let text = match lang {
                Lang::En => format!("Settings that could not be read keep their defaults: {listed}"),
                Lang::Sv => format!("Inställningar som inte gick att läsa har standardvärdet: {listed}"),
            };
            app.notice = Some(text.clone());
            app.note = Some(Note::Info(text));
        }
        app
    };
    let files = |store: Option<Store>| crate::tui::Options {
        store,
        config: config.clone(),
        pace,
    };
    let store = data_dir.or_else(Store::default_dir).map(Store::at);
    let mut app = configured(App::new(lang, Box::new(SeededDice::from_seed(seed))));
    app.dice_seed = Some(seed);
    // The finished matches, for the two places that list them.
    let records = |store: &Store| -> Vec<crate::app::RecordEntry> {
        store
            .list_records()
            .into_iter()
            .map(|(path, saved)| crate::app::RecordEntry { path, saved })
            .collect()
    };
    match command {
        GameCommand::Records => {
            let Some(store) = store else {
                return usage_error("no data directory is known here; name one with --data-dir DIR");
            };
            app.records = records(&store);
            let mut out = String::new();
            for entry in &app.records {
                match &entry.saved {
                    Ok(m) => {
                        let summary = crate::save::restore(m).map_or_else(
                            |e| format!("cannot be replayed: {e}"),
                            |r| crate::ui::text::standing(Lang::En, &r.game.score, &r.game.names),
                        );
                        out.push_str(&format!(
                            "{}\t{}\t{} – {}\t{} games\t{summary}\n",
                            entry.path.display(),
                            crate::save::format_time(m.saved_at),
                            m.white,
                            m.black,
                            m.games
                        ));
                    }
                    Err(why) => out.push_str(&format!("{}\terror: {why}\n", entry.path.display())),
                }
            }
            if out.is_empty() {
                out = format!("no finished matches yet in {}\n", store.records().display());
            }
            finish(io::stdout().lock().write_all(out.as_bytes()))
        }
        GameCommand::Replay(file) => {
            match crate::save::read_file(&file).and_then(|m| crate::app::Replay::of(&m, false)) {
                Ok(replay) => {
                    app.screen = crate::app::Screen::Replay(Box::new(replay));
                    run_game(app, files(None))
                }
                Err(why) => file_error(&why),
            }
        }
        GameCommand::Start => {
            if let Some(store) = &store {
                app.records = records(store);
                match store.load() {
                    Found::Match(r) => {
                        app.resume = Some(r);
                    }
                    Found::Bad { path, kept, problem } => {
                        app.notice = Some(bad_save(lang, &path, &kept, &problem))
                    }
                    Found::Nothing => {}
                }
            }
            run_game(app, files(store))
        }
        GameCommand::Resume => {
            let Some(store) = store else {
                return usage_error("no data directory is known here; name one with --data-dir DIR");
            };
            match store.load() {
                Found::Match(r) => {
                    let mut app =
                        configured(App::playing(lang, Box::new(SeededDice::from_seed(seed)), r.game));
                    app.seed_dice(
                        r.seed.unwrap_or(seed),
                        if r.seed.is_some() { r.dice_drawn } else { 0 },
                    );
                    app.dice_typed = r.dice_typed;
                    app.typed_rolls = r.typed_rolls;
                    app.computer = r.computer;
                    run_game(app, files(Some(store)))
                }
                Found::Nothing => usage_error(&format!(
                    "there is no saved match in {}",
                    store.current().display()
                )),
                Found::Bad { path, kept, problem } => {
                    eprintln!("error: {}", bad_save(lang, &path, &kept, &problem));
                    ExitCode::FAILURE
                }
            }
        }
        GameCommand::Play {
            games,
            white,
            black,
            level,
        } => {
            let computer = |name: &str| name.eq_ignore_ascii_case("computer").then_some(level);
            let sides = [computer(&white), computer(&black)];
            let computer_name = |side: Option<Level>, name: String| match side {
                Some(l) => format!("{} ({})", lang.pick("Computer", "Datorn"), l.label()),
                None => name,
            };
            let (white, black) = (computer_name(sides[0], white), computer_name(sides[1], black));
            let (white, black) = match lang {
                Lang::Sv => (
                    if white == "White" { "Vit".into() } else { white },
                    if black == "Black" { "Svart".into() } else { black },
                ),
                Lang::En => (white, black),
            };
            let mut app = configured(App::with_match(
                lang,
                Box::new(SeededDice::from_seed(seed)),
                &white,
                &black,
                games,
            ));
            app.dice_seed = Some(seed);
            app.computer = sides;
            if let Some(store) = &store {
                match store.load() {
                    Found::Match(_) => {
                        // It stays resumable until this match's first roll.
                        app.replaces_saved = true;
                        app.note = Some(Note::SavedMatchKept);
                    }
                    Found::Bad { path, kept, problem } => {
                        app.note = Some(Note::Info(bad_save(lang, &path, &kept, &problem)));
                    }
                    Found::Nothing => {}
                }
            }
            run_game(app, files(store))
        }
    }
}

/// The message for a save that could not be used.
fn bad_save(lang: Lang, path: &std::path::Path, kept: &std::path::Path, problem: &str) -> String {
    match lang {
        Lang::En => format!(
            "The saved match {} could not be used ({problem}). It was kept as {}; a new match can start.",
            path.display(),
            kept.display()
        ),
        Lang::Sv => format!(
            "Den sparade matchen {} gick inte att använda ({problem}). Den sparades som {}; en ny match kan börja.",
            path.display(),
            kept.display()
        ),
    }
}

fn run_game(app: App, files: crate::tui::Options) -> ExitCode {
    match crate::tui::run(app, files) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn parse_games(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if crate::session::GAME_CHOICES.contains(&n) => Ok(n),
        _ => Err(format!("a match has 1, 3, 5 or 7 games, not {text:?}")),
    }
}

fn parse_count(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "the number of games must be a whole number of at least 1, not {text:?}"
        )),
    }
}

fn parse_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err("a name needs at least one visible character".to_string());
    }
    if name.chars().count() > crate::session::MAX_NAME {
        return Err(format!(
            "a name has at most {} characters",
            crate::session::MAX_NAME
        ));
    }
    Ok(name.to_string())
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

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("error: {msg} (see 'brade --help')");
    ExitCode::from(2)
}

/// A file that cannot be read or used: the message names it; the arguments were fine.
fn file_error(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::FAILURE
}

/// The deepest perft the command line runs (each turn multiplies the count by ~40–700).
pub const MAX_PERFT_DEPTH: u32 = 8;

/// The longest input line of `moves --stdin` and `bot` (a real one is under 100 bytes).
pub const MAX_LINE: usize = 4096;

/// At most this many characters of a bad line are quoted back.
const QUOTED: usize = 60;

/// A position to play on: valid, and its game not already over.
fn playable(code: &str) -> Result<Position, String> {
    let pos = Position::from_code(code).map_err(|e| format!("bad position: {}", short(&e.to_string())))?;
    for side in crate::rules::Color::BOTH {
        if pos.borne_off(side) == crate::rules::CHECKERS {
            return Err(format!(
                "the game is already over in this position: {side} has borne off all fifteen checkers"
            ));
        }
    }
    Ok(pos)
}

/// A message cut to a readable length.
fn short(text: &str) -> String {
    if text.chars().count() <= 2 * QUOTED + 40 {
        return text.to_string();
    }
    let head: String = text.chars().take(2 * QUOTED).collect();
    format!("{head}… ({} characters in all)", text.chars().count())
}

/// Reads one line of at most [`MAX_LINE`] bytes into `line` (the newline dropped);
/// the rest of a longer line is skipped. `None` at the end of the input, otherwise
/// whether the line was too long.
fn read_bounded(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
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

/// One query line of `moves --stdin` or `bot`, read and checked.
fn next_query(
    input: &mut impl BufRead,
    raw: &mut Vec<u8>,
) -> io::Result<Option<Result<(Position, Roll), String>>> {
    let Some(too_long) = read_bounded(input, raw)? else {
        return Ok(None);
    };
    let line = String::from_utf8_lossy(raw);
    if too_long {
        let head: String = line.chars().take(QUOTED).collect();
        return Ok(Some(Err(format!(
            "line too long (over {MAX_LINE} bytes), starting {head:?}…"
        ))));
    }
    Ok(Some(parse_query(&line).map_err(|e| short(&e))))
}

/// `brade eval`'s answer.
fn eval_text(net: &crate::ai::net::Network, pos: &Position) -> String {
    use crate::ai::net::{CLASS_NAMES, CLASSES, equity};
    let p = net.evaluate(pos.board(), &mut crate::ai::net::Scratch::new());
    let mut text = format!("expected-points\t{:+.4}\n", equity(&p));
    for (c, name) in CLASS_NAMES.iter().enumerate() {
        text.push_str(&format!("{name}\t{:.4}\t{:.4}\n", p[c], p[CLASSES + c]));
    }
    text
}

/// The network in `path`, or the shipped one.
fn load_net(
    path: Option<&std::path::Path>,
) -> Result<Option<std::sync::Arc<crate::ai::net::Network>>, String> {
    let Some(path) = path else {
        return Ok(crate::ai::neural::shipped());
    };
    crate::ai::net::Network::read(path).map(|n| Some(std::sync::Arc::new(n)))
}

/// Ends a command that wrote to stdout: a closed pipe is a normal end, other I/O errors
/// are reported.
fn finish(result: io::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Splits `POSITION DICE` (the dice may contain one space: `5 3`).
fn parse_query(line: &str) -> Result<(Position, Roll), String> {
    let line = line.trim();
    let Some((pos_text, dice_text)) = line.split_once(char::is_whitespace) else {
        return Err(if line.is_empty() {
            "empty line: expected POSITION DICE, e.g. 1x15/1x15/w 53".to_string()
        } else {
            format!(
                "no dice after the position in {:?}: expected POSITION DICE, e.g. 1x15/1x15/w 53",
                line.chars().take(QUOTED).collect::<String>()
            )
        });
    };
    let pos = playable(pos_text)?;
    let roll: Roll = dice_text.trim().parse().map_err(|e| format!("bad dice: {e}"))?;
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

/// `brade bot`: one chosen play a line, flushed at once.
fn bot(level: Level, seed: u64) -> io::Result<()> {
    let mut player = level.player(seed);
    let mut input = BufReader::new(io::stdin().lock());
    let mut out = io::stdout().lock();
    let mut movegen = MoveGen::new();
    let mut raw = Vec::new();
    while let Some(query) = next_query(&mut input, &mut raw)? {
        match query {
            Ok((pos, roll)) => {
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
            Err(msg) => writeln!(out, "error: {msg}")?,
        }
        out.flush()?;
    }
    Ok(())
}

fn moves_stdin() -> io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut movegen = MoveGen::new();
    let mut raw = Vec::new();
    while let Some(query) = next_query(&mut input, &mut raw)? {
        match query {
            Ok((pos, roll)) => write_moves(&mut out, &mut movegen, &pos, roll)?,
            Err(msg) => writeln!(out, "error: {msg}")?,
        }
        writeln!(out)?;
        // Answer at once when no more input is waiting, so that a program can talk to
        // this one line by line; otherwise keep buffering for throughput.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()
}
