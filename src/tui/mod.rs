//! The terminal: raw mode, the alternate screen and the mouse, one event loop (draw, read
//! one event, update), and a terminal restored on every way out — normal exit, error,
//! Ctrl-C (a key in raw mode), panic, and the signals that end a program (SIGTERM, SIGHUP,
//! SIGINT and SIGQUIT sent from outside: the match is saved, the terminal restored, and
//! the program then ends by the signal, as the one who sent it expects).

use std::io::{self, IsTerminal};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[cfg(not(unix))]
use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, KeyCode, KeyEvent, KeyModifiers};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;

use crate::app::{App, Input, Key};
use crate::store::Store;
use crate::ui::{self, Geometry};
use crate::words::terminal;

mod input;

pub use input::{Event as InputEvent, Parser as InputParser};

/// What the terminal layer needs beside the app: where the match saves (`None` when it is
/// not saved: no data directory, or another process's), whose records are listed, where
/// the settings file lives, and the pace of the computer's moves.
#[derive(Clone, Debug)]
pub struct Options {
    pub store: Option<Store>,
    pub records: Option<Store>,
    pub config: Option<std::path::PathBuf>,
    /// The pause between the computer's visible actions (a roll, each step, confirming);
    /// zero plays as fast as it can.
    pub pace: Duration,
}

/// The computer's pace unless `--pace` says otherwise.
pub const DEFAULT_PACE: Duration = Duration::from_millis(450);

impl Default for Options {
    fn default() -> Options {
        Options {
            store: None,
            records: None,
            config: None,
            pace: DEFAULT_PACE,
        }
    }
}

/// How a run of the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The player quit.
    Quit,
    /// A signal asked the program to end (its number): everything is saved and the
    /// terminal restored; the caller ends the process by that signal.
    Signal(i32),
}

/// The signals that end the game in an orderly way.
#[cfg(unix)]
const ENDING: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// What wakes the event loop: input, a signal, or a job done (its result is taken at
/// once: a hint weighed in a few milliseconds is shown as soon as it is, not at the next
/// redraw).
enum Wake {
    Input(Vec<InputEvent>),
    Signal(i32),
    JobDone,
}

/// Runs the app in the terminal until it quits (or a signal ends it), saving the match
/// after every change and the settings whenever they change. Ends with an error when the
/// match could not be saved, so that the exit status says so.
pub fn run(mut app: App, options: Options) -> io::Result<Ended> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(io::Error::other(terminal::NOT_A_TERMINAL));
    }
    if std::env::var("TERM").is_ok_and(|t| t == "dumb") {
        return Err(io::Error::other(terminal::DUMB));
    }
    let mut terminal = ratatui::try_init()?;
    // ratatui's panic hook restores the screen; ours also turns the mouse off first.
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        restore_hook(info);
    }));
    let (wake, woken) = mpsc::channel();
    watch_signals(&wake)?;
    let outcome = execute!(io::stdout(), EnableMouseCapture)
        .and_then(|()| event_loop(&mut terminal, &mut app, &options, (wake, woken)));
    let _ = execute!(io::stdout(), DisableMouseCapture);
    // A terminal that hung up cannot be restored; a signal's end is still its own.
    let restored = ratatui::try_restore();
    if let Ok(Ended::Signal(sig)) = outcome {
        return Ok(Ended::Signal(sig));
    }
    restored?;
    let ended = outcome?;
    match app.save_failed() {
        Some(why) => Err(io::Error::other(terminal::not_saved(app.lang(), why))),
        None => Ok(ended),
    }
}

/// Sends the signals that end the program to the event loop (SIGXFSZ is caught from the
/// program's start, see `cli::run`).
#[cfg(unix)]
fn watch_signals(wake: &mpsc::Sender<Wake>) -> io::Result<()> {
    let mut signals = signal_hook::iterator::Signals::new(ENDING)?;
    let wake = wake.clone();
    std::thread::spawn(move || {
        for sig in signals.forever() {
            if wake.send(Wake::Signal(sig)).is_err() {
                return;
            }
        }
    });
    Ok(())
}

#[cfg(not(unix))]
fn watch_signals(_wake: &mpsc::Sender<Wake>) -> io::Result<()> {
    Ok(())
}

/// How often the screen is drawn while nothing happens (it follows a resized window).
const IDLE_REDRAW: Duration = Duration::from_millis(250);
/// How often the screen is drawn while a replay's analysis gauge moves.
const GAUGE_REDRAW: Duration = Duration::from_millis(80);

/// Whether a gauge is moving on screen: a replay or the records being analysed, the
/// records being listed.
fn analysing(app: &App) -> bool {
    app.records_reading().is_some()
        || match app.screen() {
            crate::app::Screen::Replay(r) => r.analysing(),
            crate::app::Screen::Statistics(s) => s.progress.is_some(),
            _ => false,
        }
}

/// Reads the terminal's input on a thread of its own: raw bytes where the terminal is
/// a Unix tty (parsed by [`input::Parser`], which nothing can stall), crossterm's events
/// elsewhere.
fn spawn_reader(wake: &mpsc::Sender<Wake>) {
    let wake = wake.clone();
    std::thread::spawn(move || {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || read_input(&tx));
        // Forwarded as they come; the channel closes when the input does (a hang-up).
        while let Ok(events) = rx.recv() {
            if wake.send(Wake::Input(events)).is_err() {
                return;
            }
        }
        let _ = wake.send(Wake::Input(Vec::new()));
    });
}

#[cfg(unix)]
fn read_input(tx: &mpsc::Sender<Vec<InputEvent>>) {
    use std::io::Read;
    // The parser lives here, so that a sequence cut by the wait is still handled on
    // time: the bytes come in chunks, and a pause of ESCAPE_WAIT flushes it.
    let (bytes_tx, bytes_rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        let mut buf = [0u8; 1024];
        while let Ok(n) = stdin.read(&mut buf) {
            if n == 0 || bytes_tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut parser = InputParser::new();
    loop {
        let mut out = Vec::new();
        let got = if parser.waiting() {
            bytes_rx.recv_timeout(input::ESCAPE_WAIT)
        } else {
            bytes_rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected)
        };
        match got {
            Ok(bytes) => parser.feed(&bytes, &mut out),
            Err(mpsc::RecvTimeoutError::Timeout) => parser.flush(&mut out),
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
        if !out.is_empty() && tx.send(out).is_err() {
            return;
        }
    }
}

#[cfg(not(unix))]
fn read_input(tx: &mpsc::Sender<Vec<InputEvent>>) {
    while let Ok(event) = event::read() {
        let out = match event {
            Event::Key(k) if k.kind == KeyEventKind::Press => key_of(k).map(InputEvent::Key),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => Some(InputEvent::Click {
                column: m.column,
                row: m.row,
            }),
            _ => None,
        };
        if let Some(e) = out
            && tx.send(vec![e]).is_err()
        {
            return;
        }
    }
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    options: &Options,
    (wake, woken): (mpsc::Sender<Wake>, mpsc::Receiver<Wake>),
) -> io::Result<Ended> {
    app.set_autosave(options.store.is_some());
    let pace = options.pace;
    let (done_tx, done_rx) = mpsc::channel();
    spawn_reader(&wake);
    let mut input_open = true;
    let mut last_beat = Instant::now();
    let mut bearoff_asked = false;
    loop {
        // Backgammon's bear-off database (a second of building, once per process) is
        // built off the event loop as soon as backgammon is on screen, so that neither
        // the first bear-off the computer weighs nor the first hint there waits for it; a
        // session of bräde alone never builds it.
        if !bearoff_asked && app.shows_backgammon() {
            bearoff_asked = true;
            std::thread::spawn(|| {
                crate::ai::backgammon::bearoff::Database::get();
            });
        }
        // What takes a while (the computer's choice, an analysis, the records listed or
        // analysed) runs on a thread of its own, so that the screen never freezes.
        for done in done_rx.try_iter() {
            app.job_done(done);
        }
        for job in app.jobs(options.records.as_ref()) {
            let (done_tx, wake) = (done_tx.clone(), wake.clone());
            std::thread::spawn(move || {
                let _ = done_tx.send(job.run());
                let _ = wake.send(Wake::JobDone);
            });
        }
        save_changes(app, options);
        terminal.draw(|frame| ui::draw(frame, app))?;
        // The editor's `y`: the code to the terminal's clipboard (OSC 52; a terminal
        // without it ignores the sequence, and the code stays shown on screen).
        if let Some(text) = app.take_clipboard() {
            let _ = crossterm::execute!(
                terminal.backend_mut(),
                crossterm::clipboard::CopyToClipboard::to_clipboard_from(text)
            );
        }
        // `P`: the picture into the data directory's `pictures/` (the current directory
        // without one), and the screen told where, or why not.
        if let Some((name, svg)) = app.take_picture() {
            let dir = (options.records.as_ref().or(options.store.as_ref()))
                .map_or_else(|| std::path::PathBuf::from("."), |s| s.dir().join("pictures"));
            let path = dir.join(name);
            let written = std::fs::create_dir_all(&dir)
                .and_then(|()| crate::files::write_atomic(&path, svg.as_bytes()));
            app.picture_written(&path, written.map_err(|e| e.to_string()));
            terminal.draw(|frame| ui::draw(frame, app))?;
        }
        if app.quitting() {
            return Ok(Ended::Quit);
        }
        let computer = app.computer_to_act().is_some();
        let wait = if !computer {
            if analysing(app) { GAUGE_REDRAW } else { IDLE_REDRAW }
        } else if app.thinking() {
            Duration::from_millis(5)
        } else {
            pace.saturating_sub(last_beat.elapsed())
        };
        let events = match woken.recv_timeout(wait) {
            Ok(Wake::Input(events)) if !events.is_empty() || !input_open => events,
            // The input has ended (the terminal is gone): end as a quit would, saved.
            Ok(Wake::Input(_)) => {
                input_open = false;
                app.input_ended();
                continue;
            }
            #[cfg(unix)]
            Ok(Wake::Signal(sig)) if ENDING.contains(&sig) => {
                // Saved as a quit saves (what failed before tried again), before anything
                // is drawn (the terminal may be gone), then the signal ends the program.
                app.input_ended();
                save_changes(app, options);
                return Ok(Ended::Signal(sig));
            }
            Ok(Wake::Signal(_) | Wake::JobDone) => continue,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if computer && !app.thinking() && last_beat.elapsed() >= pace {
                    app.tick();
                    last_beat = Instant::now();
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                app.input_ended();
                continue;
            }
        };
        let size = terminal.size()?;
        dispatch(app, Rect::new(0, 0, size.width, size.height), events);
    }
}

/// Hands the terminal's events to the app, a click as what lies under it in a window of
/// `area`. Below the smallest size only the request to enlarge is drawn: keys would act
/// on screens nobody sees, so only Ctrl-C is taken.
fn dispatch(app: &mut App, area: Rect, events: Vec<InputEvent>) {
    let too_small = Geometry::new(area).is_none();
    for event in events {
        match event {
            InputEvent::Key(key) if too_small && key != Key::CtrlC => {}
            InputEvent::Key(key) => app.handle(Input::Key(key)),
            InputEvent::Click { column, row } => {
                if let Some(input) = ui::click_at(app, area, column, row) {
                    app.handle(input);
                }
            }
            InputEvent::RightClick if !too_small => app.handle(Input::RightClick),
            InputEvent::Hover { column, row } => app.handle(ui::hover_at(app, area, column, row)),
            InputEvent::RightClick => {}
        }
    }
}

/// Writes the settings if they changed, and the match if it changed since the last save;
/// a failure is shown to the player.
fn save_changes(app: &mut App, options: &Options) {
    if let Some(settings) = app.settings_to_write()
        && let Some(path) = &options.config
        && let Err(e) = crate::settings::store(path, &settings)
    {
        app.settings_not_written(terminal::file_failed(path, &e));
    }
    if let Some(save) = app.save_due()
        && let Some(store) = &options.store
    {
        app.saved(save.write(store));
    }
}

/// The app's key for a terminal key event.
#[must_use]
pub fn key_of(k: KeyEvent) -> Option<Key> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    Some(match k.code {
        KeyCode::Char('c' | 'C') if ctrl => Key::CtrlC,
        KeyCode::Char(_) if ctrl => return None,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace | KeyCode::Delete => Key::Backspace,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::F(1) => Key::F1,
        _ => return None,
    })
}
