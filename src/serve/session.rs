//! One player's session on the server, on a thread of its own: the app of a front end
//! ([`Front`]) fed the bytes the connection sends (through the terminal-input parser that
//! no byte sequence can stall), drawn to the player's own terminal size and sent back as
//! bytes; or, for a session without a terminal, the plain-text game.

use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::layout::{Position, Rect, Size};
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::ChannelId;
use russh::server::Handle;

use std::sync::Mutex;

use super::bounds::Inbox;
use super::club::Club;
use crate::app::Screen;
use crate::front::{Event, Front, Parser};

/// What the connection hands a session.
#[derive(Debug)]
pub enum Input {
    Bytes(Vec<u8>),
    Resize(u16, u16),
    Closed,
    /// The server is stopping: save, say so, end.
    Stop,
    /// Something the session shows changed in the club (a lobby, a held match).
    Club,
}

/// A session's place in the club: the club, and the session's number there.
#[derive(Clone, Debug)]
pub struct Member {
    pub club: Arc<Mutex<Club>>,
    pub id: u64,
}

impl Member {
    fn club(&self) -> std::sync::MutexGuard<'_, Club> {
        // (A session that panicked while holding it left the club as it was: go on.)
        self.club
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// An input event: at a held match, the match taken as it stands first and handed
    /// back after, in one turn of the club's lock.
    fn handle(&self, front: &mut Front, event: Event) {
        if front.app().live().is_none() {
            front.handle(event);
            return;
        }
        let mut club = self.club();
        club.sync(self.id, front.app_mut());
        front.handle(event);
        club.act(self.id, front.app());
    }

    /// The club changed: the held match on screen taken as it now stands (and what this
    /// seat's settings then do by themselves handed back), a match to sit down at, the
    /// lobby told anew.
    fn refresh(&self, front: &mut Front) {
        let mut club = self.club();
        let app = front.app_mut();
        if let Some(live) = app.live() {
            club.sync(self.id, app);
            club.act(self.id, app);
            if let Some((by, level)) = club.resign_offer(live.id) {
                app.resign_offered(by, level);
            }
        }
        if let Some(sit) = club.seat_order(self.id) {
            app.sit_down(sit.id, sit.screen, sit.seat, sit.dice);
        }
        let roster = club.roster(self.id);
        app.tell_roster(roster);
        club.place(self.id, app);
    }

    /// After the inputs: what the player asked of the club, done; where the session is
    /// now, told.
    fn after(&self, front: &mut Front) {
        let requests = front.app_mut().take_requests();
        let mut club = self.club();
        let app = front.app_mut();
        for request in requests {
            if let Some(sit) = club.request(self.id, request) {
                app.sit_down(sit.id, sit.screen, sit.seat, sit.dice);
            }
        }
        club.place(self.id, app);
    }

    /// The player quit a screen of their own (not the lobby): back to the lobby.
    fn back_to_lobby(&self, front: &mut Front) {
        let mut club = self.club();
        let roster = club.roster(self.id);
        front.app_mut().show_lobby(Some(roster));
        club.place(self.id, front.app());
    }
}

/// The largest terminal a session draws (a client may claim any size).
const MAX_SIDE: u16 = 500;

/// A terminal side as the client gave it, kept within what is drawn.
#[must_use]
pub fn side(n: u32) -> u16 {
    u16::try_from(n).unwrap_or(MAX_SIDE).clamp(1, MAX_SIDE)
}

/// Bytes to the player: kept until a flush, then sent on the channel (waiting while the
/// client is slow: only this session's thread waits).
pub struct ChannelWriter {
    runtime: tokio::runtime::Handle,
    handle: Handle,
    channel: ChannelId,
    buf: Vec<u8>,
    /// Plain text: each line ended `\r\n` for a terminal that does not add the `\r`.
    crlf: bool,
}

impl ChannelWriter {
    #[must_use]
    pub fn new(
        runtime: tokio::runtime::Handle,
        handle: Handle,
        channel: ChannelId,
        crlf: bool,
    ) -> ChannelWriter {
        ChannelWriter {
            runtime,
            handle,
            channel,
            buf: Vec::new(),
            crlf,
        }
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.crlf {
            for &b in bytes {
                if b == b'\n' {
                    self.buf.push(b'\r');
                }
                self.buf.push(b);
            }
        } else {
            self.buf.extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut self.buf);
        self.send(data)
    }
}

impl ChannelWriter {
    /// Sends `data` at once.
    fn send(&mut self, data: Vec<u8>) -> io::Result<()> {
        self.runtime
            .block_on(self.handle.data(self.channel, data))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the connection is closed"))
    }
}

/// Where a frame's bytes gather while it is drawn, to be sent whole.
#[derive(Clone, Debug, Default)]
struct FrameBytes(Rc<RefCell<Vec<u8>>>);

impl Write for FrameBytes {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Sends what the frames drawn since the last call wrote — unless it is the very bytes
/// sent last: a frame draws absolutely (positions, then what is there), so the same bytes
/// again change nothing on the player's screen (an idle redraw only puts the cursor back).
fn send_frame(frame: &FrameBytes, writer: &mut ChannelWriter, last: &mut Vec<u8>) -> io::Result<()> {
    let bytes = std::mem::take(&mut *frame.0.borrow_mut());
    if bytes.is_empty() || bytes == *last {
        return Ok(());
    }
    last.clone_from(&bytes);
    writer.send(bytes)
}

/// A ratatui backend writing to a connection: its size is the player's terminal's, as the
/// client said, never the server's own terminal (which it never reads nor asks).
pub struct RemoteBackend<W: Write> {
    inner: CrosstermBackend<W>,
    size: Size,
    cursor: Position,
}

impl<W: Write> RemoteBackend<W> {
    pub fn new(writer: W, width: u16, height: u16) -> RemoteBackend<W> {
        RemoteBackend {
            inner: CrosstermBackend::new(writer),
            size: Size::new(width, height),
            cursor: Position::ORIGIN,
        }
    }

    pub fn set_size(&mut self, width: u16, height: u16) {
        self.size = Size::new(width, height);
    }
}

impl<W: Write> Write for RemoteBackend<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.inner.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl<W: Write> Backend for RemoteBackend<W> {
    type Error = io::Error;

    fn draw<'a, I: Iterator<Item = (u16, u16, &'a Cell)>>(&mut self, content: I) -> io::Result<()> {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, at: P) -> io::Result<()> {
        self.cursor = at.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, region: ClearType) -> io::Result<()> {
        self.inner.clear_region(region)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::new(0, 0),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// Plays `front` on a terminal of `width`×`height` at the other end of `writer`, with what
/// the connection sends on `input`, until the player quits or the connection closes
/// (the match then saved as a quit saves it).
pub fn full_screen(
    mut front: Front,
    mut writer: ChannelWriter,
    (width, height): (u16, u16),
    input: &Inbox,
    woken: &Receiver<()>,
    member: Option<&Member>,
) -> io::Result<()> {
    let frame = FrameBytes::default();
    let mut last = Vec::new();
    let mut stopping = false;
    let lang = front.app().lang();
    let backend = RemoteBackend::new(frame.clone(), width, height);
    let mut term = Terminal::with_options(
        backend,
        TerminalOptions {
            viewport: Viewport::Fullscreen,
        },
    )?;
    execute!(
        term.backend_mut(),
        terminal::EnterAlternateScreen,
        cursor::Hide,
        terminal::Clear(terminal::ClearType::All)
    )?;
    front.handle(Event::Resize { width, height });
    let mut parser = Parser::new();
    let outcome = (|| -> io::Result<()> {
        loop {
            front.step();
            term.draw(|f| front.draw(f))?;
            send_frame(&frame, &mut writer, &mut last)?;
            if front.quitting() {
                // In a club, leaving a screen of one's own goes back to the lobby; leaving
                // the lobby ends the session.
                match member {
                    Some(m) if !matches!(front.app().screen(), Screen::Lobby { .. }) => {
                        m.back_to_lobby(&mut front);
                        continue;
                    }
                    _ => return Ok(()),
                }
            }
            let wait = if parser.waiting() {
                crate::front::ESCAPE_WAIT.min(front.wait())
            } else {
                front.wait()
            };
            let mut events = Vec::new();
            match receive(input, woken, wait) {
                Some(Input::Bytes(bytes)) => parser.feed(&bytes, &mut events),
                Some(Input::Resize(w, h)) => {
                    term.backend_mut().set_size(w, h);
                    events.push(Event::Resize { width: w, height: h });
                }
                Some(Input::Closed) => {
                    front.input_ended();
                    return Ok(());
                }
                Some(Input::Stop) => {
                    front.input_ended();
                    stopping = true;
                    return Ok(());
                }
                Some(Input::Club) => {
                    if let Some(m) = member {
                        m.refresh(&mut front);
                    }
                }
                None => parser.flush(&mut events),
            }
            for event in events {
                match member {
                    Some(m) => m.handle(&mut front, event),
                    None => front.handle(event),
                }
            }
            if let Some(m) = member {
                m.after(&mut front);
            }
        }
    })();
    if outcome.is_err() {
        // The connection is gone: saved as a quit saves.
        front.input_ended();
    }
    let _ = execute!(term.backend_mut(), cursor::Show, terminal::LeaveAlternateScreen);
    if stopping {
        let _ = write!(
            term.backend_mut(),
            "{}\r\n",
            lang.say(crate::words::terminal::SERVER_STOPPING)
        );
    }
    let _ = send_frame(&frame, &mut writer, &mut last);
    outcome
}

/// The next input within `wait` (a job done wakes the loop early, as no input); `None`
/// when none came.
fn receive(input: &Inbox, woken: &Receiver<()>, wait: Duration) -> Option<Input> {
    // Short slices: a job's result is taken within one of them.
    let deadline = std::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let slice = left.min(Duration::from_millis(20));
        match input.recv_timeout(slice) {
            Ok(got) => return Some(got),
            Err(RecvTimeoutError::Disconnected) => return Some(Input::Closed),
            Err(RecvTimeoutError::Timeout) => {}
        }
        if woken.try_recv().is_ok() || left.is_zero() {
            return None;
        }
    }
}

/// What the connection sends, read as a stream of lines (for the plain-text game). On a
/// terminal (a `dumb` one: the client sends each key as it is typed and shows nothing
/// itself) the line is edited here as a terminal's own line discipline would: each
/// character echoed, Backspace taking back the last, Enter ending the line, Ctrl-C or
/// Ctrl-D ending the input.
pub struct Lines<'a> {
    input: &'a Inbox,
    buf: Vec<u8>,
    at: usize,
    /// On a terminal: where the echo goes, and the line typed so far.
    echo: Option<(ChannelWriter, Vec<u8>)>,
    ended: bool,
    /// The input ended because the server is stopping.
    pub stopped: bool,
}

impl<'a> Lines<'a> {
    #[must_use]
    pub fn new(input: &'a Inbox, echo: Option<ChannelWriter>) -> Lines<'a> {
        Lines {
            input,
            buf: Vec::new(),
            at: 0,
            echo: echo.map(|w| (w, Vec::new())),
            ended: false,
            stopped: false,
        }
    }

    /// Bytes typed on a terminal: echoed and edited; the lines they end, if any.
    fn edit(&mut self, bytes: &[u8]) -> Vec<u8> {
        let Some((echo, line)) = &mut self.echo else {
            return bytes
                .iter()
                .map(|&b| if b == b'\r' { b'\n' } else { b })
                .collect();
        };
        let mut done = Vec::new();
        let mut shown = Vec::new();
        for &b in bytes {
            match b {
                b'\r' | b'\n' => {
                    shown.extend_from_slice(b"\r\n");
                    done.append(line);
                    done.push(b'\n');
                }
                0x7f | 0x08 => {
                    // A whole character taken back (UTF-8: its continuation bytes too).
                    while let Some(last) = line.pop() {
                        if last & 0xC0 != 0x80 {
                            break;
                        }
                    }
                    shown.extend_from_slice(b"\x08 \x08");
                }
                0x03 | 0x04 => self.ended = true,
                b if b < 0x20 => {}
                b => {
                    line.push(b);
                    shown.push(b);
                }
            }
        }
        let _ = echo.send(shown);
        done
    }
}

impl Read for Lines<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let got = self.fill_buf()?;
        let n = got.len().min(out.len());
        out[..n].copy_from_slice(&got[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Lines<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.at >= self.buf.len() {
            if self.ended {
                return Ok(&[]);
            }
            match self.input.recv() {
                // A terminal's Enter is `\r`: read as the end of a line.
                Ok(Input::Bytes(bytes)) => {
                    self.buf = self.edit(&bytes);
                    self.at = 0;
                }
                Ok(Input::Resize(..) | Input::Club) => {}
                Ok(Input::Stop) => {
                    self.stopped = true;
                    return Ok(&[]);
                }
                Ok(Input::Closed) | Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.buf[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.buf.len());
    }
}

/// The area a front starts with before the first resize.
#[must_use]
pub fn area(width: u16, height: u16) -> Rect {
    Rect::new(0, 0, width, height)
}

/// A waker for a session's jobs: each result wakes its loop.
#[must_use]
pub fn waker(tx: std::sync::mpsc::Sender<()>) -> crate::front::Waker {
    Arc::new(move || {
        let _ = tx.send(());
    })
}

impl std::fmt::Debug for ChannelWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChannelWriter")
            .field("buffered", &self.buf.len())
            .finish_non_exhaustive()
    }
}

impl<W: Write> std::fmt::Debug for RemoteBackend<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteBackend")
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field("buffered", &(self.buf.len() - self.at))
            .finish()
    }
}
