//! The commands that open the game or read its files: the start screen, `play` (new or
//! `--resume`), `records` and `replay`. Each reads the settings and the saved matches,
//! then hands the app to the terminal.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use super::args::Options;
use super::{file_error, finish, usage_error, with_progress};
use crate::ai::Level;
use crate::app::{App, Launch, Opening};
use crate::rules::Color;
use crate::session::Match;
use crate::settings::{self, Settings};
use crate::store::RecordSummary;
use crate::store::stats::{PlayerStats, Rates};
use crate::store::{BadFile, DirLock, InProgress, LockError, RecordEntry, Store, read_file};
use crate::words::game::GameWords;
use crate::words::notes::{BadSaveFigures, bad_save, problem_summary, settings_problems};
use crate::words::{Lang, cli as words, screens};

/// The settings and the data directory, read once for a game command.
struct Context {
    settings: Settings,
    /// The settings file's problems, worded for the player (empty when none).
    problems: Option<String>,
    lang: Lang,
    config: Option<PathBuf>,
    store: Option<Store>,
    seed: u64,
    pace: Duration,
    plain: bool,
}

impl Context {
    fn new(opts: &Options) -> Context {
        let config = opts.config.clone().or_else(settings::default_path);
        let (mut settings, problems) = match &config {
            Some(path) => settings::load(path),
            None => (Settings::default(), Vec::new()),
        };
        if let Some(lang) = opts.lang {
            settings.language = lang;
        }
        let lang = settings.language;
        let problems = (!problems.is_empty()).then(|| {
            let worded: Vec<String> = problems.iter().map(|p| p.words(lang)).collect();
            settings_problems(lang, &problem_summary(&worded, lang))
        });
        Context {
            settings,
            problems,
            lang,
            config,
            store: opts.data_dir.clone().or_else(Store::default_dir).map(Store::at),
            seed: opts.seed,
            pace: opts.pace,
            plain: opts.plain,
        }
    }

    /// How the app opens on `opening`: with the settings (and their problems told), dice
    /// from the seed.
    fn launch(&self, opening: Opening) -> Launch {
        Launch {
            settings: self.settings,
            no_color: std::env::var_os("NO_COLOR").is_some(),
            seed: self.seed,
            notice: self.problems.clone(),
            note: self.problems.clone().map(crate::words::notes::ShellNote::Info),
            opening,
            ..Launch::default()
        }
    }

    /// The data directory, which the command cannot do without.
    fn needed_store(&self) -> Result<&Store, ExitCode> {
        self.store.as_ref().ok_or_else(|| usage_error(words::NO_DATA_DIR))
    }

    /// Takes the data directory for this process (see [`Store::lock`]): `Ok(None)` when
    /// there is none, an error when it is held by another process or cannot be used.
    fn lock(&self) -> Result<Option<(Store, DirLock)>, LockError> {
        let Some(store) = &self.store else {
            return Ok(None);
        };
        store.lock().map(|lock| Some((store.clone(), lock)))
    }

    /// Runs the app in the terminal, saving into `store`.
    fn run(&self, app: App, store: Option<Store>) -> ExitCode {
        let options = crate::front::Options {
            store,
            records: self.store.clone(),
            config: self.config.clone(),
            pace: self.pace,
        };
        if self.plain {
            return plain(app, options);
        }
        match crate::tui::run(app, options) {
            Ok(crate::tui::Ended::Quit) => ExitCode::SUCCESS,
            // Saved and restored: the program ends by the signal, as its sender expects
            // (a shell then reports 128 + the signal's number).
            Ok(crate::tui::Ended::Signal(sig)) => end_by_signal(sig),
            Err(e) => file_error(&e.to_string()),
        }
    }
}

/// The app's match played in plain text on standard input and output; the exit status
/// says whether the last save failed.
fn plain(app: App, options: crate::front::Options) -> ExitCode {
    let lang = app.lang();
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut front = crate::front::Front::new(app, options, area, std::sync::Arc::new(|| {}));
    let played = crate::plain::run(&mut front, &mut io::stdin().lock(), &mut io::stdout().lock());
    let app = front.into_app();
    match (played, app.save_failed()) {
        (Err(e), _) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        (Err(e), _) => file_error(&e.to_string()),
        (Ok(()), Some(why)) => file_error(&crate::words::terminal::not_saved(lang, why)),
        (Ok(()), None) => ExitCode::SUCCESS,
    }
}

/// Why a match cannot be played with this data directory.
fn refused(lang: Lang, e: &LockError) -> String {
    words::cannot_play(lang, &e.words(lang), matches!(e, LockError::Held { .. }))
}

/// Ends the process by `sig`'s default action; if that cannot be done, with status 128 +
/// the signal's number, which is what a shell reports for it.
fn end_by_signal(sig: i32) -> ExitCode {
    #[cfg(unix)]
    let _ = signal_hook::low_level::emulate_default_handler(sig);
    ExitCode::from(u8::try_from(128 + sig).unwrap_or(1))
}

/// The records of a store, with a progress bar on stderr while records not listed before
/// are replayed (indicatif hides it where stderr is not a terminal).
fn entries(store: &Store) -> Vec<RecordEntry> {
    with_progress(None, |progress| store.list_records(progress))
}

/// The notice about a file in progress that could not be used.
fn bad(lang: Lang, bad: &BadFile) -> String {
    bad_save(
        lang,
        &BadSaveFigures {
            path: &bad.path,
            kept: &bad.kept,
            problem: &bad.problem.words(lang),
            not_renamed: bad.not_renamed.as_deref(),
        },
    )
}

/// The matches and chouettes in progress, the latest saved first, and what the start
/// screen is to say of the listing: files set aside, finished matches recorded late.
fn in_progress(lang: Lang, store: &Store) -> (Vec<InProgress>, Option<String>) {
    let listing = store.in_progress();
    let mut said: Vec<String> = listing.bad.iter().map(|b| bad(lang, b)).collect();
    said.extend(
        listing
            .recorded
            .iter()
            .map(|record| crate::words::saving::recorded_late(lang, record)),
    );
    said.extend(
        listing
            .not_recorded
            .iter()
            .map(|(path, why)| crate::words::saving::still_not_recorded(lang, path, &why.to_string())),
    );
    (listing.matches, (!said.is_empty()).then(|| said.join("\n")))
}

/// Adds `said` to the start screen's notice.
fn tell(launch: &mut Launch, said: Option<String>) {
    if let Some(said) = said {
        launch.notice = Some(
            launch
                .notice
                .take()
                .map_or(said.clone(), |n| format!("{n}\n{said}")),
        );
    }
}

/// `brade`: the start screen, offering the matches in progress. With the data directory
/// held by another brade, what is safe: the rules, the settings, the records and their
/// replays — no match, which could not be saved.
pub(super) fn start(opts: &Options) -> ExitCode {
    let cx = Context::new(opts);
    let mut launch = cx.launch(Opening::Start);
    let locked = match cx.lock() {
        Ok(locked) => locked,
        Err(e @ LockError::NotADirectory { .. }) => return file_error(&e.words(cx.lang)),
        Err(e) => {
            launch.read_only = Some(words::read_only(cx.lang, &e.words(cx.lang)));
            None
        }
    };
    let Some((store, _lock)) = locked else {
        return cx.run(App::launch(launch), None);
    };
    let (kept, said) = in_progress(cx.lang, &store);
    launch.in_progress = kept;
    tell(&mut launch, said);
    cx.run(App::launch(launch), Some(store))
}

/// `brade play --resume`: straight back into the match in progress saved last (the others
/// wait on the start screen).
pub(super) fn resume(opts: &Options) -> ExitCode {
    let cx = Context::new(opts);
    if let Err(code) = cx.needed_store() {
        return code;
    }
    let (store, _lock) = match cx.lock() {
        Ok(Some(locked)) => locked,
        Ok(None) => return usage_error(words::NO_DATA_DIR),
        Err(e) => return file_error(&refused(cx.lang, &e)),
    };
    let (mut kept, said) = in_progress(cx.lang, &store);
    if kept.is_empty() {
        return match said {
            Some(said) => file_error(&said),
            None => usage_error(&crate::words::saving::nothing_to_resume(&store.in_progress_dir())),
        };
    }
    let latest = kept.remove(0);
    let mut launch = cx.launch(Opening::Resumed(Box::new(latest)));
    launch.in_progress = kept;
    tell(&mut launch, said);
    cx.run(App::launch(launch), Some(store))
}

/// `brade play`: a new match at once, made by `new` from the players' names and the
/// settings; a side named "computer" is the computer's, at `level`.
pub(super) fn play<G: crate::app::TableGame>(
    opts: &Options,
    names: [String; 2],
    level: Level,
    new: impl FnOnce(&[String; 2], &Settings) -> Match<G>,
) -> ExitCode {
    let cx = Context::new(opts);
    let (sides, names) = players(cx.lang, &names, level);
    let game = new(&names, &cx.settings);
    open_new(
        &cx,
        Opening::NewMatch {
            table: crate::app::table_of(game),
            computer: sides,
        },
    )
}

/// The sides the computer plays at `level` (those named "computer") and the players'
/// names: a computer side's by its level, the default names (the colours') in the
/// language of the game.
fn players(lang: Lang, names: &[String; 2], level: Level) -> ([Option<Level>; 2], [String; 2]) {
    let sides = names
        .each_ref()
        .map(|name| name.eq_ignore_ascii_case("computer").then_some(level));
    let names = Color::BOTH.map(|side| {
        let i = side.index();
        match sides[i] {
            Some(level) => crate::words::names::computer_name(lang, level.label()),
            None if names[i] == screens::WHITE.en && side == Color::White => {
                lang.say(screens::WHITE).to_string()
            }
            None if names[i] == screens::BLACK.en && side == Color::Black => {
                lang.say(screens::BLACK).to_string()
            }
            None => names[i].clone(),
        }
    });
    (sides, names)
}

/// A new match on screen at once, saved as it goes in a file of its own; the matches in
/// progress wait on the start screen, untouched.
fn open_new(cx: &Context, opening: Opening) -> ExitCode {
    let lang = cx.lang;
    let locked = match cx.lock() {
        Ok(locked) => locked,
        Err(e) => return file_error(&refused(lang, &e)),
    };
    let Some((store, _lock)) = locked else {
        return cx.run(App::launch(cx.launch(opening)), None);
    };
    let (kept, said) = in_progress(lang, &store);
    let mut launch = cx.launch(opening);
    if !kept.is_empty() {
        launch.note = Some(crate::words::notes::ShellNote::SavedMatchKept);
    }
    if let Some(said) = &said {
        launch.note = Some(crate::words::notes::ShellNote::Info(said.clone()));
    }
    launch.in_progress = kept;
    tell(&mut launch, said);
    cx.run(App::launch(launch), Some(store))
}

/// `brade records`: the finished matches, a line each.
pub(super) fn records(opts: &Options) -> ExitCode {
    let cx = Context::new(opts);
    let store = match cx.needed_store() {
        Ok(store) => store,
        Err(code) => return code,
    };
    let mut out = String::new();
    // The listing needs no analysis: none is read.
    let listed = with_progress(None, |progress| store.list_summaries(progress));
    for entry in listed {
        let line = match &entry.summary {
            Ok(m) => crate::with_game!(m.kind, G => record_line::<G>(cx.lang, &entry.path, m)),
            Err(why) => words::unreadable_record(cx.lang, &entry.path, &why.problem.words(cx.lang)),
        };
        out.push_str(&line);
    }
    if out.is_empty() {
        out = words::no_records(cx.lang, &store.records());
    }
    finish(io::stdout().lock().write_all(out.as_bytes()))
}

/// A record's line of `brade records`, in its game's words.
fn record_line<G: crate::store::RecordGame + GameWords>(
    lang: Lang,
    path: &Path,
    m: &RecordSummary,
) -> String {
    let score = m.score::<G>().unwrap_or_else(|| G::score(m.length));
    words::record_line(
        lang,
        path,
        &words::RecordFigures {
            saved_at: m.saved_at,
            names: &m.names,
            game: G::TEXT_NAME,
            length: G::length_words(lang, m.length),
            standing: G::standing(lang, &score, &m.names),
            rules: &m.rules,
            manual: m.manual,
        },
    )
}

/// `brade replay FILE`: a saved match, turn by turn.
pub(super) fn replay(opts: &Options, file: &Path) -> ExitCode {
    let cx = Context::new(opts);
    let replay = read_file(file)
        .map_err(|e| e.words(cx.lang))
        .and_then(|m| {
            crate::app::replay_screen(&m, false)
                .map_err(|e| format!("{}: {}", file.display(), e.words(cx.lang)))
        })
        .map(|mut r| {
            r.set_file(file.to_path_buf());
            r
        });
    let opening = replay.map(Opening::Replay);
    match opening {
        Ok(opening) => cx.run(App::launch(cx.launch(opening)), None),
        Err(why) => file_error(&why),
    }
}

/// `brade practice`: the trainer, in the data directory's records and deck.
pub(super) fn practice(opts: &Options) -> ExitCode {
    let cx = Context::new(opts);
    if let Err(code) = cx.needed_store() {
        return code;
    }
    // The deck is written as it goes: the data directory is this window's alone.
    match cx.lock() {
        Ok(Some((store, _lock))) => cx.run(App::launch(cx.launch(Opening::Practice)), Some(store)),
        Ok(None) => usage_error(words::NO_DATA_DIR),
        Err(e) => file_error(&refused(cx.lang, &e)),
    }
}

/// `brade edit [--game GAME] [POSITION]`: the position editor of the game asked, or of
/// the one whose own kind of position (an XGID, a Position ID) is given (nothing it does
/// is saved: no lock).
pub(super) fn edit(opts: &Options, position: Option<&str>, game: super::GameOpt) -> ExitCode {
    let cx = Context::new(opts);
    let kind = super::commands::chosen(game.game, position);
    let code = crate::with_game!(kind, G => <G as super::commands::GameCommands>::edit(cx.lang, position));
    match code {
        Ok(code) => cx.run(App::launch(cx.launch(Opening::Editor { kind, code })), None),
        Err(why) => usage_error(&why),
    }
}

/// A player's error rate over all analysed matches and the latest match by match, and
/// how many of his `played` matches had manual dice (with the rate without them), as
/// `brade stats` prints them.
fn errors(
    lang: Lang,
    history: &[crate::store::stats::Judged],
    rates: &Rates,
    [manual, played]: [u32; 2],
) -> String {
    let rating = |(rate, r): (f64, crate::ai::analysis::Rating)| {
        (rate, lang.say(crate::words::screens::RATINGS[r as usize]))
    };
    let each: Vec<f64> = history.iter().map(|j| j.summary.error_rate()).collect();
    let mut out = words::stats_errors(
        lang,
        &each,
        rates
            .all
            .map(rating)
            .map(|(rate, rating)| words::ErrorFigures { rate, rating }),
    );
    if manual > 0 {
        let without = rates.drawn.map(rating);
        out.push_str(&format!(
            "  {}\n",
            crate::words::screens::manual_dice_figures(lang, manual, played, without)
        ));
    }
    out
}

/// A player's lines of `brade stats`: matches and games, results by kind (their names in
/// notation, with the game's mark), the cube's actions in a game with a cube, the error
/// rate.
fn player_stats<G: GameWords>(lang: Lang, name: &str, s: &PlayerStats) -> String {
    let mut out = words::stats_line(lang, name, &s.figures());
    let by = |won: bool| {
        let (kinds, marked) = s.results(won);
        let mut v: Vec<(String, u32)> = kinds
            .iter()
            .map(|&(k, n)| (G::RESULT_KINDS.get(k).copied().unwrap_or("?").to_string(), n))
            .collect();
        if let (Some(mark), true) = (G::RESULT_MARK, marked > 0) {
            v.push((mark.to_string(), marked));
        }
        v
    };
    out.push_str(&words::stats_results(lang, &by(true), &by(false)));
    if let Some(cube) = s.cube {
        out.push_str(&format!(
            "  {}\n",
            crate::words::screens::cube_figures(lang, cube.counts())
        ));
    }
    out.push_str(&errors(lang, &s.history, &s.rates, [s.manual, s.played]));
    out
}

/// `brade stats --series`: every analysed match's figures, a tab-separated row each,
/// oldest first.
fn series(records: &[RecordEntry]) -> ExitCode {
    let text = crate::store::stats::series_tsv(&crate::store::stats::series(records));
    finish(io::stdout().lock().write_all(text.as_bytes()))
}

/// `brade stats [--analyze] [--series]`: per player name over the readable records, or
/// (`--series`) every analysed match's figures.
pub(super) fn stats(opts: &Options, analyze: bool, every: bool) -> ExitCode {
    let cx = Context::new(opts);
    let store = match cx.needed_store() {
        Ok(store) => store,
        Err(code) => return code,
    };
    let mut records = entries(store);
    // With --analyze, the records without a kept analysis analysed (and kept) first, under
    // one progress bar over all their turns; then listed again, with their analyses.
    if analyze {
        let todo = crate::store::unanalysed(&records);
        with_progress(None, |progress| {
            crate::store::analysis::analyse_records(&todo, progress)
        });
        records = entries(store);
    }
    if every {
        return series(&records);
    }
    let (table, _) = crate::store::stats::of_records(&records);
    let mut out = String::new();
    for (&kind, players) in &table {
        // Each game's players after the first game's under its name.
        if kind != crate::game::Kind::ALL[0] {
            out.push_str(&words::stats_game_heading(
                crate::words::game_title(kind),
                cx.lang,
                !out.is_empty(),
            ));
        }
        for (name, s) in players {
            out.push_str(&crate::with_game!(kind, G => player_stats::<G>(cx.lang, name, s)));
        }
    }
    if out.is_empty() {
        out = words::no_stats(cx.lang, &store.records());
    }
    finish(io::stdout().lock().write_all(out.as_bytes()))
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
