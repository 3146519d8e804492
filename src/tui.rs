//! The terminal: raw mode, the alternate screen and the mouse, one event loop (draw, read
//! one event, update), and a terminal restored on every way out — normal exit, error,
//! Ctrl-C (a key in raw mode) and panic.

use std::io::{self, IsTerminal};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;

use crate::app::{App, Input, Key, Note, Phase};
use crate::rules::Play;
use crate::save::{self, Store};
use crate::ui::{self, Geometry};

/// Where the terminal layer keeps things: the match saves and the settings file.
#[derive(Clone, Debug, Default)]
pub struct Files {
    pub store: Option<Store>,
    pub config: Option<std::path::PathBuf>,
}

/// Runs the app in the terminal until it quits, saving the match after every change and
/// the settings whenever they change.
pub fn run(mut app: App, files: Files) -> io::Result<()> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(io::Error::other(
            "the game needs a terminal; for scripts use 'brade moves' or 'brade perft' (see 'brade --help')",
        ));
    }
    let mut terminal = ratatui::try_init()?;
    // ratatui's panic hook restores the screen; ours also turns the mouse off first.
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        restore_hook(info);
    }));
    let outcome =
        execute!(io::stdout(), EnableMouseCapture).and_then(|()| event_loop(&mut terminal, &mut app, &files));
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::try_restore()?;
    outcome
}

/// The pause between the computer's visible actions (a roll, each step, confirming).
const PACE: Duration = Duration::from_millis(450);

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App, files: &Files) -> io::Result<()> {
    let store = files.store.as_ref();
    let mut saved = app.changes;
    let (tx, rx) = mpsc::channel::<Play>();
    let mut last_beat = Instant::now();
    loop {
        // The computer: its choice arrives from a worker thread, so the screen never
        // freezes while it thinks.
        if let Ok(play) = rx.try_recv() {
            app.computer_chose(play);
        }
        if let Some((level, position, roll, plays)) = app.computer_request() {
            app.computer_thinking();
            let tx = tx.clone();
            let seed = app.dice_seed.unwrap_or(0) ^ app.dice_drawn;
            std::thread::spawn(move || {
                let mut player = level.player(seed);
                let i = if plays.len() == 1 {
                    0
                } else {
                    player.choose(&position, roll, &plays)
                };
                let _ = tx.send(plays[i.min(plays.len() - 1)].play);
            });
        }
        if std::mem::take(&mut app.settings_dirty)
            && let Some(path) = &files.config
            && let Err(e) = crate::settings::store(path, &app.settings)
        {
            app.note = Some(Note::SaveFailed(format!("{}: {e}", path.display())));
        }
        if app.changes != saved {
            saved = app.changes;
            if let Some(store) = store {
                autosave(app, store);
            }
        }
        terminal.draw(|frame| ui::draw(frame, app))?;
        if app.quit {
            if let Some(store) = store {
                autosave(app, store);
            }
            return Ok(());
        }
        let computer = app.computer_to_act().is_some();
        let wait = if !computer {
            Duration::from_secs(60)
        } else if app.thinking {
            Duration::from_millis(30)
        } else {
            PACE.saturating_sub(last_beat.elapsed())
        };
        if !event::poll(wait)? {
            if computer && !app.thinking && last_beat.elapsed() >= PACE {
                app.tick();
                last_beat = Instant::now();
            }
            continue;
        }
        match event::read()? {
            Event::Key(k) if k.kind == KeyEventKind::Press => {
                if let Some(key) = key_of(k) {
                    app.handle(Input::Key(key));
                }
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let size = terminal.size()?;
                let area = Rect::new(0, 0, size.width, size.height);
                let geometry = Geometry::new(area).map(|g| g.mirrored(app.settings.mirror));
                if let Some(slot) = geometry.and_then(|g| g.slot_at(m.column, m.row)) {
                    app.handle(Input::Click(slot));
                }
            }
            // A resize (or anything else) simply leads to the next draw.
            _ => {}
        }
    }
}

/// Saves the match on screen (a finished one goes to the records); a failure is shown
/// to the player, never hidden.
pub fn autosave(app: &mut App, store: &Store) {
    if std::mem::take(&mut app.replaces_saved)
        && let Err(e) = store.set_aside()
    {
        app.note = Some(Note::SaveFailed(e.to_string()));
        return;
    }
    let Some(saved) = save::snapshot(app) else { return };
    let over = app.game().is_some_and(|g| matches!(g.phase, Phase::MatchOver));
    let outcome = if over {
        store.archive(&saved).map(|_| ())
    } else {
        store.save(&saved)
    };
    if let Err(e) = outcome {
        app.note = Some(Note::SaveFailed(e.to_string()));
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
