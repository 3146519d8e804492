//! What every front end shares, whatever it draws on and reads from: the app, fed its
//! own input events ([`Event`]: keys, clicks, the pointer, a resize, pasted text) and
//! drawn from its state to any ratatui buffer, with the work around it — the computer's
//! moves at their pace, the jobs run on threads of their own, the match and the settings
//! saved, the pictures written. No terminal, no stdin and no global state: the terminal
//! front end (`tui`) feeds one [`Front`] from its own keyboard, a server can feed one per
//! connection, and a test can run two side by side, each drawn to its own
//! `TestBackend`.

use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::{App, Done, Input, Key, Screen};
use crate::store::Store;
use crate::ui::{self, Geometry};
use crate::words::terminal;

mod input;

pub use input::{ESCAPE_WAIT, Event, Parser};

/// What a front end needs beside the app: where the match saves (`None` when it is not
/// saved: no data directory, or another process's), whose records are listed, where the
/// settings file lives, and the pace of the computer's moves.
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

/// How often the screen is redrawn when nothing happens (the clock of "not saved since").
const IDLE_REDRAW: Duration = Duration::from_millis(250);

/// How often a moving gauge is redrawn.
const GAUGE_REDRAW: Duration = Duration::from_millis(80);

/// Called from a job's thread when its result is ready, so that the front end's loop
/// wakes and takes it at once (a hint weighed in a few milliseconds is shown as soon as
/// it is, not at the next redraw).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// One app and the work around it, driven by a front end: [`Front::handle`] what the
/// player did, [`Front::step`] before each drawing, [`Front::draw`], then wait at most
/// [`Front::wait`] for the next event.
pub struct Front {
    app: App,
    options: Options,
    area: Rect,
    waker: Waker,
    done: (mpsc::Sender<Done>, mpsc::Receiver<Done>),
    last_beat: Instant,
    bearoff_asked: bool,
}

impl std::fmt::Debug for Front {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Front")
            .field("options", &self.options)
            .field("area", &self.area)
            .finish_non_exhaustive()
    }
}

impl Front {
    /// The app in a window of `area`, saving where `options` say (autosave is on exactly
    /// when there is a store), `waker` called whenever a job's result is ready.
    #[must_use]
    pub fn new(mut app: App, options: Options, area: Rect, waker: Waker) -> Front {
        app.set_autosave(options.store.is_some());
        app.set_window(area.width, area.height);
        Front {
            app,
            options,
            area,
            waker,
            done: mpsc::channel(),
            last_beat: Instant::now(),
            bearoff_asked: false,
        }
    }

    #[must_use]
    pub fn app(&self) -> &App {
        &self.app
    }

    pub fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }

    /// The app, when the front end is done with it.
    #[must_use]
    pub fn into_app(self) -> App {
        self.app
    }

    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The window the app is drawn in.
    #[must_use]
    pub fn area(&self) -> Rect {
        self.area
    }

    /// Hands what the player did to the app: a click as what lies under it in the window.
    /// Below the smallest size only the request to enlarge is drawn: keys would act on
    /// screens nobody sees, so only Ctrl-C is taken.
    pub fn handle(&mut self, event: Event) {
        let too_small = Geometry::new(self.area).is_none();
        let app = &mut self.app;
        match event {
            Event::Resize { width, height } => {
                self.area = Rect::new(0, 0, width, height);
                app.set_window(width, height);
            }
            Event::Key(key) if too_small && key != Key::CtrlC => {}
            Event::Key(key) => app.handle(Input::Key(key)),
            Event::Paste(_) if too_small => {}
            // Pasted text is typed: a move, a position code, a name.
            Event::Paste(text) => {
                for c in text.chars().filter(|c| !c.is_control()) {
                    app.handle(Input::Key(Key::Char(c)));
                }
            }
            Event::Click { column, row } => {
                if let Some(input) = ui::click_at(app, self.area, column, row) {
                    app.handle(input);
                }
            }
            Event::RightClick if !too_small => app.handle(Input::RightClick),
            Event::RightClick => {}
            Event::Hover { column, row } => {
                let input = ui::hover_at(app, self.area, column, row);
                app.handle(input);
            }
        }
    }

    /// The input has ended (the connection or the terminal is gone): the app ends as a
    /// quit would, with everything saved.
    pub fn input_ended(&mut self) {
        self.app.input_ended();
        self.save_changes();
    }

    /// Brings the app up to date before it is drawn: the results of the jobs done taken,
    /// the new jobs started on threads of their own, the computer's next visible action
    /// when its pace has passed, the changes saved and the picture asked for written.
    pub fn step(&mut self) {
        // Backgammon's bear-off database (a second of building, once per process) is
        // built off the event loop as soon as backgammon is on screen, so that neither
        // the first bear-off the computer weighs nor the first hint there waits for it; a
        // session of bräde alone never builds it.
        if !self.bearoff_asked && self.app.shows_backgammon() {
            self.bearoff_asked = true;
            std::thread::spawn(|| {
                crate::ai::backgammon::bearoff::Database::get();
            });
        }
        for done in self.done.1.try_iter() {
            self.app.job_done(done);
        }
        if self.app.computer_to_act().is_some()
            && !self.app.thinking()
            && self.last_beat.elapsed() >= self.pace()
        {
            self.app.tick();
            self.last_beat = Instant::now();
        }
        for job in self.app.jobs(self.options.records.as_ref()) {
            let (done, waker) = (self.done.0.clone(), Arc::clone(&self.waker));
            std::thread::spawn(move || {
                let _ = done.send(job.run());
                waker();
            });
        }
        self.save_changes();
        // `P`: the picture into the data directory's `pictures/` (the current directory
        // without one), and the screen told where, or why not.
        if let Some((name, svg)) = self.app.take_picture() {
            let dir = (self.options.records.as_ref().or(self.options.store.as_ref()))
                .map_or_else(|| std::path::PathBuf::from("."), |s| s.dir().join("pictures"));
            let path = dir.join(name);
            let written = std::fs::create_dir_all(&dir)
                .and_then(|()| crate::files::write_atomic(&path, svg.as_bytes()));
            self.app
                .picture_written(&path, written.map_err(|e| e.to_string()));
        }
    }

    /// Draws the app in the frame (which the front end has sized to its window).
    pub fn draw(&self, frame: &mut Frame) {
        ui::draw(frame, &self.app);
    }

    /// Text the player copied (the editor's `y`), for the front end to put on its
    /// clipboard (a terminal: OSC 52); the text stays shown on screen besides.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.app.take_clipboard()
    }

    /// The pause between the computer's visible actions: the front end's pace, none when
    /// the settings turn animation and delays off.
    fn pace(&self) -> Duration {
        if self.app.settings().animation {
            self.options.pace
        } else {
            Duration::ZERO
        }
    }

    /// Whether the app has ended (the player quit, or the input ended).
    #[must_use]
    pub fn quitting(&self) -> bool {
        self.app.quitting()
    }

    /// How long the front end may wait for an event before the next [`Front::step`]: the
    /// rest of the computer's pace when it acts, a moment while it thinks (its answer also
    /// wakes the loop), often while a gauge moves, else now and then (a clock on screen).
    #[must_use]
    pub fn wait(&self) -> Duration {
        if self.app.computer_to_act().is_none() {
            if self.analysing() {
                GAUGE_REDRAW
            } else {
                IDLE_REDRAW
            }
        } else if self.app.thinking() {
            Duration::from_millis(5)
        } else {
            self.pace().saturating_sub(self.last_beat.elapsed())
        }
    }

    /// Whether a gauge is moving on screen: a replay or the records being analysed, the
    /// records being listed.
    fn analysing(&self) -> bool {
        self.app.records_reading().is_some()
            || match self.app.screen() {
                Screen::Replay(r) => r.analysing(),
                Screen::Statistics(s) => s.progress.is_some(),
                _ => false,
            }
    }

    /// Writes the settings if they changed, and the match if it changed since the last
    /// save; a failure is shown to the player.
    fn save_changes(&mut self) {
        let app = &mut self.app;
        if let Some(settings) = app.settings_to_write()
            && let Some(path) = &self.options.config
        {
            match crate::settings::store(path, &settings) {
                Ok(()) => app.settings_written(),
                Err(e) => app.settings_not_written(terminal::file_failed(path, &e)),
            }
        }
        if let Some(save) = app.save_due()
            && let Some(store) = &self.options.store
        {
            app.saved(save.write(store));
        }
    }
}
