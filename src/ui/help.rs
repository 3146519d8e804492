//! The help over any screen: the blocks of [`crate::app::help`] wrapped to the window and
//! scrolled from the block last jumped to; its table of contents; the word being typed
//! to find, and the word found lit wherever it is shown.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::{RenderInto, Theme};
use crate::app::help::{Help, Mode, headings, lines};
use crate::words::{Lang, screens};

pub(super) fn draw(buf: &mut Buffer, area: Rect, lang: Lang, help: &Help, theme: &Theme) {
    Clear.render_into(buf, area);
    let blocks = help.blocks(lang);
    if let Mode::Contents { item } = help.mode {
        contents(buf, area, lang, &blocks, item, theme);
        return;
    }
    let (text, starts) = lines(&blocks, Help::width(area.width));
    let visible = help.text_rows(area.height);
    let max_scroll = text.len().saturating_sub(usize::from(visible));
    let top = help.top(&starts, text.len(), visible);
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
    let visible = help.text_rows(area.height);
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
