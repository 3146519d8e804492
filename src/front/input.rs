//! A terminal's input, read as bytes and turned into keys and clicks here, so that no byte
//! sequence can stall the game: an unfinished escape sequence is dropped after a short
//! wait (a lone ESC is the Esc key), one that runs too long or meets a byte that cannot
//! belong to it is dropped at once, invalid UTF-8 is skipped, and Ctrl-C (byte 3) is
//! Ctrl-C wherever it arrives. The bytes come from a thread of their own, so the screen,
//! the clock and the computer's moves go on whatever arrives on stdin.

use std::time::Duration;

use crate::app::Key;

/// How long an unfinished escape sequence waits for its next byte.
pub const ESCAPE_WAIT: Duration = Duration::from_millis(40);

/// The longest escape sequence kept; anything longer is noise.
const MAX_SEQUENCE: usize = 32;

/// What the player did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Key(Key),
    /// A left click at this column and row (from 0).
    Click {
        column: u16,
        row: u16,
    },
    /// A right click (takes back a move).
    RightClick,
    /// The pointer moved here with no button down.
    Hover {
        column: u16,
        row: u16,
    },
    /// The window is now this size.
    Resize {
        width: u16,
        height: u16,
    },
    /// Text pasted at once (a front end that tells pasting from typing): typed as keys.
    Paste(String),
}

/// Turns bytes into [`Event`]s; keeps the unfinished end of a sequence between calls.
#[derive(Debug, Default)]
pub struct Parser {
    pending: Vec<u8>,
}

impl Parser {
    #[must_use]
    pub fn new() -> Parser {
        Parser::default()
    }

    /// Whether an unfinished sequence waits for more bytes (see [`Parser::flush`]).
    #[must_use]
    pub fn waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Feeds bytes that arrived; complete events are appended to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<Event>) {
        for &b in bytes {
            if b == 3 {
                self.pending.clear();
                out.push(Event::Key(Key::CtrlC));
                continue;
            }
            self.pending.push(b);
            self.parse(out);
        }
    }

    /// No more bytes came within `ESCAPE_WAIT`: a lone ESC is the Esc key, anything
    /// else unfinished is dropped.
    pub fn flush(&mut self, out: &mut Vec<Event>) {
        if self.pending == [0x1b] {
            out.push(Event::Key(Key::Esc));
        }
        self.pending.clear();
    }

    /// Tries to complete an event from the pending bytes.
    fn parse(&mut self, out: &mut Vec<Event>) {
        match parse(&self.pending) {
            Parsed::More if self.pending.len() < MAX_SEQUENCE => {}
            Parsed::More | Parsed::Nothing => self.pending.clear(),
            Parsed::Done(event) => {
                self.pending.clear();
                out.extend(event);
            }
            Parsed::Broken => {
                // The last byte cannot continue the sequence: drop the sequence (an ESC
                // alone was the Esc key) and read that byte afresh.
                let last = self.pending.pop();
                if self.pending == [0x1b] {
                    out.push(Event::Key(Key::Esc));
                }
                self.pending.clear();
                if let Some(b) = last {
                    self.pending.push(b);
                    self.parse(out);
                }
            }
        }
    }
}

enum Parsed {
    /// The bytes so far begin a sequence that needs more.
    More,
    /// A complete sequence, meaning this (or nothing we use).
    Done(Option<Event>),
    /// Bytes that mean nothing: drop them.
    Nothing,
    /// The last byte does not fit the sequence before it.
    Broken,
}

fn key(k: Key) -> Parsed {
    Parsed::Done(Some(Event::Key(k)))
}

fn parse(bytes: &[u8]) -> Parsed {
    match bytes {
        [] => Parsed::More,
        [0x1b, rest @ ..] => escape(rest),
        [b'\r' | b'\n'] => key(Key::Enter),
        [0x7f | 0x08] => key(Key::Backspace),
        [b'\t'] => key(Key::Tab),
        [b] if *b < 0x20 => Parsed::Nothing,
        _ => utf8(bytes),
    }
}

fn utf8(bytes: &[u8]) -> Parsed {
    let need = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Parsed::Nothing,
    };
    if bytes.len() > 1 && bytes[bytes.len() - 1] & 0xc0 != 0x80 {
        return Parsed::Broken;
    }
    if bytes.len() < need {
        return Parsed::More;
    }
    match std::str::from_utf8(bytes).ok().and_then(|s| s.chars().next()) {
        Some(c) if !c.is_control() => key(Key::Char(c)),
        _ => Parsed::Nothing,
    }
}

/// After ESC.
fn escape(rest: &[u8]) -> Parsed {
    match rest {
        [] => Parsed::More,
        [b'[', csi_bytes @ ..] => csi(csi_bytes),
        [b'O'] => Parsed::More,
        [b'O', b'P'] => key(Key::F1),
        [b'O', b] => Parsed::Done(cursor_key(*b).map(Event::Key)),
        // ESC then anything else: Esc, and that byte on its own.
        _ => Parsed::Broken,
    }
}

/// The arrows, Home and End: the same final byte after `ESC [` (with any parameters)
/// and after `ESC O`.
fn cursor_key(last: u8) -> Option<Key> {
    Some(match last {
        b'A' => Key::Up,
        b'B' => Key::Down,
        b'C' => Key::Right,
        b'D' => Key::Left,
        b'H' => Key::Home,
        b'F' => Key::End,
        _ => return None,
    })
}

/// After ESC [: parameters (0x30–0x3f), intermediates (0x20–0x2f), one final byte
/// (0x40–0x7e). The X10 mouse report `ESC [ M` takes three raw bytes more.
fn csi(bytes: &[u8]) -> Parsed {
    if let [b'M', report @ ..] = bytes {
        return match report {
            [b, x, y] => Parsed::Done((b.wrapping_sub(32) & 3 == 0).then(|| Event::Click {
                column: u16::from(x.saturating_sub(33)),
                row: u16::from(y.saturating_sub(33)),
            })),
            _ => Parsed::More,
        };
    }
    let Some((&last, body)) = bytes.split_last() else {
        return Parsed::More;
    };
    match last {
        0x20..=0x3f => return Parsed::More,
        0x40..=0x7e => {}
        _ => return Parsed::Broken,
    }
    if body.iter().any(|b| !(0x20..=0x3f).contains(b)) {
        return Parsed::Nothing;
    }
    let text = std::str::from_utf8(body).unwrap_or("");
    if let Some(sgr) = text.strip_prefix('<') {
        return Parsed::Done(sgr_mouse(sgr, last));
    }
    let first: u32 = text.split(';').next().and_then(|p| p.parse().ok()).unwrap_or(0);
    if let Some(k) = cursor_key(last) {
        return key(k);
    }
    match last {
        b'Z' => key(Key::BackTab),
        b'P' if first <= 1 => key(Key::F1),
        b'~' => match first {
            1 | 7 => key(Key::Home),
            4 | 8 => key(Key::End),
            3 => key(Key::Backspace),
            5 => key(Key::PageUp),
            6 => key(Key::PageDown),
            11 => key(Key::F1),
            _ => Parsed::Done(None),
        },
        _ => Parsed::Done(None),
    }
}

/// `ESC [ < b ; x ; y M` (press) or `m` (release): a left press is a click, a right press
/// a right click, a motion with no button (35) a hover; the rest is ignored.
fn sgr_mouse(params: &str, last: u8) -> Option<Event> {
    let mut parts = params.split(';').map(|p| p.parse::<u16>().ok());
    let (Some(Some(button)), Some(Some(x)), Some(Some(y))) = (parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    if last != b'M' || x == 0 || y == 0 {
        return None;
    }
    let (column, row) = (x - 1, y - 1);
    match button {
        0 => Some(Event::Click { column, row }),
        2 => Some(Event::RightClick),
        35 => Some(Event::Hover { column, row }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(chunks: &[&[u8]]) -> Vec<Event> {
        let mut p = Parser::new();
        let mut out = Vec::new();
        for c in chunks {
            p.feed(c, &mut out);
        }
        p.flush(&mut out);
        out
    }

    fn keys(chunks: &[&[u8]]) -> Vec<Key> {
        events(chunks)
            .into_iter()
            .filter_map(|e| match e {
                Event::Click { .. }
                | Event::RightClick
                | Event::Hover { .. }
                | Event::Resize { .. }
                | Event::Paste(_) => None,
                Event::Key(k) => Some(k),
            })
            .collect()
    }

    #[test]
    fn plain_keys_arrows_and_function_keys_are_read() {
        assert_eq!(
            keys(&[
                b"a\r\t\x7f",
                b"\x1b[A\x1b[B\x1b[C\x1b[D\x1bOP\x1b[Z\x1b[5~\x1b[6~\x1b[H\x1b[4~"
            ]),
            vec![
                Key::Char('a'),
                Key::Enter,
                Key::Tab,
                Key::Backspace,
                Key::Up,
                Key::Down,
                Key::Right,
                Key::Left,
                Key::F1,
                Key::BackTab,
                Key::PageUp,
                Key::PageDown,
                Key::Home,
                Key::End
            ]
        );
        // Modified arrows are arrows; Swedish letters arrive whole even when split.
        assert_eq!(
            keys(&[
                b"\x1b[1;5A",
                "å".as_bytes(),
                &"ö".as_bytes()[..1],
                &"ö".as_bytes()[1..]
            ]),
            vec![Key::Up, Key::Char('å'), Key::Char('ö')]
        );
    }

    #[test]
    fn a_lone_escape_is_the_esc_key_and_escape_then_a_letter_is_both() {
        assert_eq!(keys(&[b"\x1b"]), vec![Key::Esc]);
        assert_eq!(keys(&[b"\x1bq"]), vec![Key::Esc, Key::Char('q')]);
        assert_eq!(keys(&[b"\x1b\x1b"]), vec![Key::Esc, Key::Esc]);
    }

    #[test]
    fn mouse_left_presses_are_clicks_and_other_reports_are_ignored() {
        assert_eq!(
            events(&[b"\x1b[<0;10;5M"]),
            vec![Event::Click { column: 9, row: 4 }]
        );
        // Releases, the middle button and drags are nothing; a right press and a motion
        // without a button are.
        assert_eq!(events(&[b"\x1b[<0;10;5m\x1b[<1;3;3M\x1b[<32;3;3M"]), vec![]);
        assert_eq!(
            events(&[b"\x1b[<2;1;1M\x1b[<35;3;4M"]),
            vec![Event::RightClick, Event::Hover { column: 2, row: 3 }]
        );
        assert_eq!(events(&[b"\x1b[M *%"]), vec![Event::Click { column: 9, row: 4 }]);
    }

    #[test]
    fn sequences_that_used_to_freeze_input_let_the_next_keys_through() {
        // ESC [ ?, ESC [ <, a paste start without its end, a lone 0xFF: each followed by
        // Ctrl-C or by a plain key after the wait.
        for noise in [&b"\x1b[?"[..], b"\x1b[<", b"\x1b[200~", b"\xff", b"\x1b[<0;1"] {
            assert_eq!(keys(&[noise, b"\x03"]), vec![Key::CtrlC], "{noise:?}");
            let mut p = Parser::new();
            let mut out = Vec::new();
            p.feed(noise, &mut out);
            p.flush(&mut out); // the wait passes
            p.feed(b"r", &mut out);
            assert_eq!(out.last(), Some(&Event::Key(Key::Char('r'))), "{noise:?}");
        }
    }

    #[test]
    fn ctrl_c_is_ctrl_c_inside_any_sequence_and_after_any_bytes() {
        let mut seed: u64 = 7;
        for _ in 0..5000 {
            let mut p = Parser::new();
            let mut out = Vec::new();
            let len = (seed % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    // Mostly escape-sequence material.
                    [0x1b, b'[', b'<', b'?', b';', b'1', b'M', b'~', 0xff, 0xc3, b'O']
                        [(seed >> 33) as usize % 11]
                })
                .collect();
            p.feed(&bytes, &mut out);
            out.clear();
            p.feed(b"\x03", &mut out);
            assert_eq!(out, vec![Event::Key(Key::CtrlC)], "{bytes:?}");
            assert!(!p.waiting());
        }
    }

    #[test]
    fn an_endless_sequence_is_cut_and_the_parser_stays_small() {
        let mut p = Parser::new();
        let mut out = Vec::new();
        let long = [b'1'; 10_000];
        p.feed(b"\x1b[", &mut out);
        p.feed(&long, &mut out);
        assert!(p.pending.len() <= MAX_SEQUENCE);
        p.flush(&mut out);
        p.feed(b"x", &mut out);
        assert_eq!(out.last(), Some(&Event::Key(Key::Char('x'))));
    }
}
