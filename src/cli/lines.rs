//! The lines of the commands that talk to scripts, in every game: bounded input lines
//! (no line can stall or swamp a command), answers flushed as soon as nothing more waits,
//! bad lines quoted back short.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use super::{finish, usage_error, with_progress};
use crate::words::{Lang, cli as words};

/// The deepest perft the command line runs (each turn multiplies the count by ~40–700).
pub const MAX_PERFT_DEPTH: u32 = 8;

/// The longest input line of `moves --stdin` and `bot` (a real one is under 100 bytes).
pub const MAX_LINE: usize = 4096;

/// At most this many characters of a bad line are quoted back.
pub(in crate::cli) const QUOTED: usize = 60;

/// A message cut to a readable length.
pub(in crate::cli) fn short(text: &str) -> String {
    if text.chars().count() <= 2 * QUOTED + 40 {
        return text.to_string();
    }
    let head: String = text.chars().take(2 * QUOTED).collect();
    format!("{head}… ({} characters in all)", text.chars().count())
}

/// Reads one line of at most [`MAX_LINE`] bytes into `line` (the newline dropped);
/// the rest of a longer line is skipped. `None` at the end of the input, otherwise
/// whether the line was too long.
pub(in crate::cli) fn read_bounded(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
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

/// The output of [`answer_lines`].
pub(in crate::cli) type Answers = BufWriter<io::StdoutLock<'static>>;

/// Answers every line of standard input (`moves --stdin`, in either game): `answer`
/// writes what a line read calls for — the line, or the head of one too long to read
/// ([`MAX_LINE`]) to be quoted in the error — and an empty line follows.
pub(in crate::cli) fn answer_lines(
    mut answer: impl FnMut(&mut Answers, Result<&str, String>) -> io::Result<()>,
) -> io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut raw = Vec::new();
    while let Some(too_long) = read_bounded(&mut input, &mut raw)? {
        let line = String::from_utf8_lossy(&raw);
        let line = if too_long {
            Err(line.chars().take(QUOTED).collect())
        } else {
            Ok(line.as_ref())
        };
        answer(&mut out, line)?;
        writeln!(out)?;
        // Answer at once when no more input is waiting, so that a program can talk to
        // this one line by line; otherwise keep buffering for throughput.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()
}

/// `brade perft`'s answer in any game: the leaf plays `count` finds to `depth` turns (with
/// a bar on stderr, where it is a terminal, from depth `slow` on, when a count takes
/// minutes), and with `time` the time it took and the rate.
pub(in crate::cli) fn perft(
    lang: Lang,
    (depth, time): (u32, bool),
    slow: u32,
    count: impl FnOnce(Option<&dyn Fn(usize, usize)>) -> u64,
) -> ExitCode {
    if depth > MAX_PERFT_DEPTH {
        return usage_error(&words::perft_too_deep(depth, MAX_PERFT_DEPTH));
    }
    let start = Instant::now();
    let count = if depth >= slow {
        with_progress(Some(&words::perft_progress(lang)), |progress| {
            count(Some(progress))
        })
    } else {
        count(None)
    };
    let secs = start.elapsed().as_secs_f64();
    let mut text = format!("{count}\n");
    if time {
        let rate = if secs > 0.0 { count as f64 / secs } else { 0.0 };
        text.push_str(&words::perft_time(lang, secs, rate));
    }
    finish(io::stdout().lock().write_all(text.as_bytes()))
}
