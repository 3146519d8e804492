//! The help screen: the rules text of `words::help` and the settings of the settings
//! table, wrapped to the window and scrolled.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::{RenderInto, Theme};
use crate::settings::Setting;
use crate::words::{Lang, help, screens};

/// The help text as blocks to wrap to the window: headings (`# …`), paragraphs (the
/// source's hard-wrapped lines joined), list items (` - …` with their continuation
/// lines), table rows (other indented lines, with the lines indented to their last
/// column joined to them, so that the column wraps under itself at any width) and empty
/// lines.
#[must_use]
pub fn blocks(lang: Lang) -> Vec<String> {
    // The settings, from the settings table: the label, then the key and its values in
    // config.toml.
    let rows: String = Setting::ALL
        .iter()
        .map(|s| format!(" {:<24} {} = {}\n", lang.say(s.label()), s.key(), s.values()))
        .collect();
    let text = help::text(lang, &rows);
    #[derive(PartialEq)]
    enum Open {
        Nothing,
        Paragraph,
        Item,
        /// A table row whose last column begins at this column.
        Row(usize),
    }
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut out: Vec<String> = Vec::new();
    let mut open = Open::Nothing;
    for line in text.lines() {
        let joins = match open {
            Open::Paragraph => !line.trim().is_empty() && !line.starts_with(['#', ' ']),
            Open::Item => line.starts_with("   ") && !line.trim().is_empty(),
            Open::Row(column) => indent(line) == column && !line.trim().is_empty(),
            Open::Nothing => false,
        };
        match out.last_mut() {
            Some(last) if joins => {
                last.push(' ');
                last.push_str(line.trim());
            }
            _ => {
                out.push(line.to_string());
                open = if line.trim().is_empty() || line.starts_with('#') {
                    Open::Nothing
                } else if line.starts_with(" - ") {
                    Open::Item
                } else if line.starts_with(' ') {
                    // Where the text after the row's last gap begins (not its indent).
                    match line.trim_end().rfind("  ").filter(|&gap| gap > indent(line)) {
                        Some(gap) => Open::Row(line[..gap + 2].chars().count()),
                        None => Open::Nothing,
                    }
                } else {
                    Open::Paragraph
                };
            }
        }
    }
    out
}

pub(super) fn draw(buf: &mut Buffer, area: Rect, lang: Lang, scroll: u16, theme: &Theme) {
    let width = usize::from(area.width.saturating_sub(2)).max(20);
    let mut lines: Vec<Line> = Vec::new();
    for block in blocks(lang) {
        match block.strip_prefix("# ") {
            Some(h) => lines.push(Line::from(Span::styled(
                h.to_string(),
                theme.mark.add_modifier(Modifier::BOLD),
            ))),
            None => lines.extend(wrap(&block, width).into_iter().map(Line::from)),
        }
    }
    let visible = area.height.saturating_sub(2);
    let max_scroll = (lines.len() as u16).saturating_sub(visible);
    let scroll = scroll.min(max_scroll);
    let title = format!(
        " {} {}/{} ",
        lang.say(screens::HELP_TITLE),
        scroll + 1,
        max_scroll + 1
    );
    Clear.render_into(buf, area);
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(Block::bordered().title(title))
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
