//! The help over any screen: the blocks of [`crate::app::help`] wrapped to the window and
//! scrolled from the block last jumped to; its table of contents; the word being typed
//! to find, and the word found lit wherever it is shown.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::{RenderInto, Theme};
use crate::app::help::{Help, Mode, headings};
use crate::words::{Lang, screens};

/// The help's lines at `width` columns, and the line each block begins at.
fn lines(blocks: &[String], width: usize) -> (Vec<String>, Vec<usize>) {
    let mut out = Vec::new();
    let mut starts = Vec::with_capacity(blocks.len());
    for block in blocks {
        starts.push(out.len());
        match block.strip_prefix("# ") {
            Some(h) => out.push(format!("# {h}")),
            None => out.extend(wrap(block, width)),
        }
    }
    (out, starts)
}

/// The area of the help's box that shows text: inside the border, less the bottom line
/// when it asks for or tells about a word to find.
fn text_rows(area: Rect, help: &Help) -> u16 {
    let bottom = matches!(help.mode, Mode::Finding(_)) || help.found.is_some();
    area.height.saturating_sub(2 + u16::from(bottom))
}

pub(super) fn draw(buf: &mut Buffer, area: Rect, lang: Lang, help: &Help, theme: &Theme) {
    Clear.render_into(buf, area);
    let blocks = help.blocks(lang);
    if let Mode::Contents { item } = help.mode {
        contents(buf, area, lang, &blocks, item, theme);
        return;
    }
    let width = usize::from(area.width.saturating_sub(2)).max(20);
    let (text, starts) = lines(&blocks, width);
    let visible = text_rows(area, help);
    let max_scroll = text.len().saturating_sub(usize::from(visible));
    let top =
        i64::try_from(starts.get(help.anchor).copied().unwrap_or(0)).unwrap_or(0) + i64::from(help.scroll);
    let top = usize::try_from(top.max(0)).unwrap_or(0).min(max_scroll);
    let word = help
        .found
        .as_ref()
        .filter(|f| !f.missing)
        .map(|f| f.word.as_str());
    let lit = theme.cursor.add_modifier(Modifier::REVERSED);
    let shown: Vec<Line> = text
        .iter()
        .skip(top)
        .take(usize::from(visible))
        .map(|line| match line.strip_prefix("# ") {
            Some(h) => Line::from(Span::styled(
                h.to_string(),
                theme.mark.add_modifier(Modifier::BOLD),
            )),
            None => lit_line(line, word, lit),
        })
        .collect();
    let title = format!(
        " {} {}/{} ",
        lang.say(screens::HELP_TITLE),
        top + 1,
        max_scroll + 1
    );
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    block.render_into(buf, area);
    Paragraph::new(shown).render_into(
        buf,
        Rect {
            height: visible,
            ..inner
        },
    );
    // The bottom line: the word being typed, or what was found.
    let bottom = Rect::new(inner.x, inner.y + visible, inner.width, 1);
    let said = match (&help.mode, &help.found) {
        (Mode::Finding(typed), _) => Some(Line::from(format!(
            "{} {typed}▏ {}",
            lang.say(screens::HELP_FIND),
            lang.say(screens::HELP_FIND_KEYS)
        ))),
        (_, Some(found)) if found.missing => Some(Line::from(Span::styled(
            screens::help_missing(lang, &found.word),
            theme.error,
        ))),
        (_, Some(found)) => Some(Line::from(format!(
            "{} {} · {}",
            lang.say(screens::HELP_FIND),
            found.word,
            lang.say(screens::HELP_FOUND_KEYS)
        ))),
        _ => None,
    };
    if let Some(said) = said.filter(|_| inner.height > visible) {
        Paragraph::new(said).render_into(buf, bottom);
    }
}

/// Where the terminal's cursor stands in the help: after the word being typed.
#[must_use]
pub(super) fn cursor(area: Rect, lang: Lang, help: &Help) -> Option<ratatui::layout::Position> {
    let Mode::Finding(typed) = &help.mode else {
        return None;
    };
    let inner = Block::bordered().inner(area);
    let visible = text_rows(area, help);
    (inner.height > visible).then(|| {
        let at = lang.say(screens::HELP_FIND).chars().count() + 1 + typed.chars().count();
        ratatui::layout::Position::new(
            inner.x
                + u16::try_from(at)
                    .unwrap_or(u16::MAX)
                    .min(inner.width.saturating_sub(1)),
            inner.y + visible,
        )
    })
}

/// `line` with every occurrence of `word` (in any case) in `lit`.
fn lit_line(line: &str, word: Option<&str>, lit: Style) -> Line<'static> {
    let Some(word) = word.filter(|w| !w.is_empty()) else {
        return Line::from(line.to_string());
    };
    // Compared a character at a time, each in lower case, so that the indices are the
    // line's own characters'.
    let low = |c: char| c.to_lowercase().next().unwrap_or(c);
    let chars: Vec<char> = line.chars().collect();
    let wanted: Vec<char> = word.chars().map(low).collect();
    let mut spans = Vec::new();
    let (mut i, mut plain) = (0, 0);
    while i + wanted.len() <= chars.len() {
        if chars[i..i + wanted.len()]
            .iter()
            .map(|&c| low(c))
            .eq(wanted.iter().copied())
        {
            if plain < i {
                spans.push(Span::raw(chars[plain..i].iter().collect::<String>()));
            }
            spans.push(Span::styled(
                chars[i..i + wanted.len()].iter().collect::<String>(),
                lit,
            ));
            i += wanted.len();
            plain = i;
        } else {
            i += 1;
        }
    }
    if plain < chars.len() {
        spans.push(Span::raw(chars[plain..].iter().collect::<String>()));
    }
    Line::from(spans)
}

/// The table of contents: every heading, the chosen one marked and in view.
fn contents(buf: &mut Buffer, area: Rect, lang: Lang, blocks: &[String], item: usize, theme: &Theme) {
    let rows = usize::from(area.height.saturating_sub(2));
    let heads = headings(blocks);
    let first = (item + 1).saturating_sub(rows);
    let shown: Vec<Line> = heads
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .map(|(i, &b)| {
            let heading = blocks[b].trim_start_matches("# ");
            Line::from(Span::styled(
                format!("{}{heading}", super::marker(i == item)),
                super::selected(theme, i == item),
            ))
        })
        .collect();
    Paragraph::new(shown)
        .block(Block::bordered().title(format!(" {} ", lang.say(screens::HELP_CONTENTS_TITLE))))
        .render_into(buf, area);
}

/// Word-wraps a line to `width` columns; continuation lines keep its indentation. A
/// table row (an indented line with a gap of two spaces or more) keeps its columns: the
/// text after its last gap wraps under itself.
pub(super) fn wrap(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let item = line.trim_start().starts_with("- ");
    // Where the last column of a table row begins (a byte index), if it leaves room.
    let column = (!item && indent > 0)
        .then(|| line.trim_end().rfind("  ").map(|gap| gap + 2))
        .flatten()
        .filter(|&at| line[..at].chars().count() <= width * 2 / 3);
    let (head, rest) = match column {
        Some(at) => (&line[..at], &line[at..]),
        None => (&line[..indent], &line[indent..]),
    };
    // List items (" - …") continue under their text, other lines under their indent or
    // their last column.
    let hang = match column {
        Some(_) => head.chars().count(),
        None if item => indent + 2,
        None => indent,
    };
    let pad = " ".repeat(hang.min(width * 2 / 3));
    let mut out = Vec::new();
    let mut current = head.to_string();
    // Whether `current` holds only its prefix yet.
    let mut fresh = true;
    for word in rest.split_whitespace() {
        if !fresh && current.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::replace(&mut current, pad.clone()));
            fresh = true;
        }
        if !fresh {
            current.push(' ');
        }
        current.push_str(word);
        fresh = false;
    }
    out.push(current);
    out
}
