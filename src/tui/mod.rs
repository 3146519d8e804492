//! The terminal front end: raw mode, the alternate screen and the mouse, the keyboard's
//! bytes turned into the app's events, one event loop driving a [`Front`] (step, draw,
//! wait for an event, hand it over), and a terminal restored on every way out — normal exit, error,
//! Ctrl-C (a key in raw mode), panic, and the signals that end a program (SIGTERM, SIGHUP,
//! SIGINT and SIGQUIT sent from outside: the match is saved, the terminal restored, and
//! the program then ends by the signal, as the one who sent it expects).

use std::io::{self, IsTerminal};
use std::sync::{Arc, mpsc};

#[cfg(not(unix))]
use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, KeyCode, KeyEvent, KeyModifiers};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;

use crate::app::{App, Key};
use crate::front::{Front, Waker};
use crate::words::terminal;

pub use crate::front::{Event as InputEvent, Parser as InputParser};

use crate::front::Options;

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
pub fn run(app: App, options: Options) -> io::Result<Ended> {
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
    let (app, outcome) = match execute!(io::stdout(), EnableMouseCapture) {
        Ok(()) => event_loop(&mut terminal, app, options, (wake, woken)),
        Err(e) => (app, Err(e)),
    };
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

/// Reads the terminal's input on a thread of its own: raw bytes where the terminal is
/// a Unix tty (parsed by [`InputParser`], which nothing can stall), crossterm's events
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
            bytes_rx.recv_timeout(crate::front::ESCAPE_WAIT)
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
    app: App,
    options: Options,
    (wake, woken): (mpsc::Sender<Wake>, mpsc::Receiver<Wake>),
) -> (App, io::Result<Ended>) {
    let size = terminal.size().unwrap_or_default();
    let job_wake = wake.clone();
    let waker: Waker = Arc::new(move || {
        let _ = job_wake.send(Wake::JobDone);
    });
    let mut front = Front::new(app, options, Rect::new(0, 0, size.width, size.height), waker);
    let ended = run_front(terminal, &mut front, &wake, &woken);
    (front.into_app(), ended)
}

fn run_front(
    terminal: &mut ratatui::DefaultTerminal,
    front: &mut Front,
    wake: &mpsc::Sender<Wake>,
    woken: &mpsc::Receiver<Wake>,
) -> io::Result<Ended> {
    spawn_reader(wake);
    let mut input_open = true;
    loop {
        front.step();
        terminal.draw(|frame| front.draw(frame))?;
        // The editor's `y`: the code to the terminal's clipboard (OSC 52; a terminal
        // without it ignores the sequence, and the code stays shown on screen).
        if let Some(text) = front.take_clipboard() {
            let _ = crossterm::execute!(
                terminal.backend_mut(),
                crossterm::clipboard::CopyToClipboard::to_clipboard_from(text)
            );
        }
        if front.quitting() {
            return Ok(Ended::Quit);
        }
        let events = match woken.recv_timeout(front.wait()) {
            Ok(Wake::Input(events)) if !events.is_empty() || !input_open => events,
            // The input has ended (the terminal is gone): end as a quit would, saved.
            Ok(Wake::Input(_)) => {
                input_open = false;
                front.input_ended();
                continue;
            }
            #[cfg(unix)]
            Ok(Wake::Signal(sig)) if ENDING.contains(&sig) => {
                // Saved as a quit saves (what failed before tried again), before anything
                // is drawn (the terminal may be gone), then the signal ends the program.
                front.input_ended();
                return Ok(Ended::Signal(sig));
            }
            Ok(Wake::Signal(_) | Wake::JobDone) | Err(mpsc::RecvTimeoutError::Timeout) => {
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                front.input_ended();
                continue;
            }
        };
        // The window follows the terminal's size (a resize comes as no event of its own).
        let size = terminal.size()?;
        if (size.width, size.height) != (front.area().width, front.area().height) {
            front.handle(InputEvent::Resize {
                width: size.width,
                height: size.height,
            });
        }
        for event in events {
            front.handle(event);
        }
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
