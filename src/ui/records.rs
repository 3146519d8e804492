//! The Records screen: the finished matches, newest first, one row each, a window of them
//! around the chosen one — only the rows shown are worded, however many records there are.
//! A row too wide for the screen is cut with `…`; under the list the chosen record is shown
//! whole then, its file otherwise.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{RenderInto, Theme, heading, selected};
use crate::app::App;
use crate::store::RecordEntry;
use crate::words::game::GameWords;
use crate::words::names::display_name;
use crate::words::{Lang, format_time, screens};

/// Rows under the list for the chosen record whole (kept whether it is cut or not, so
/// that the list does not move).
const WHOLE: usize = 2;

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    let lang = app.lang();
    let block = Block::bordered().border_type(BorderType::Rounded);
    let inner = block.inner(area);
    Clear.render_into(buf, area);
    block.render_into(buf, area);
    let width = usize::from(inner.width.max(1));
    let count = app.records().len();
    // Under the list: the chosen record whole (or its file), the gauge while the records
    // are read, the keys and the notice.
    let chosen = app.records_shown().nth(item);
    let chosen_row = chosen.map(|e| row(lang, e)).unwrap_or_default();
    let whole = match chosen {
        Some(_) if Line::from(chosen_row.as_str()).width() > width => chosen_row.clone(),
        Some(entry) => entry.path.display().to_string(),
        None => String::new(),
    };
    let mut footer = Vec::new();
    if let Some(progress) = app.records_reading() {
        footer.push(Line::from(lang.say(screens::READING_RECORDS)));
        footer.push(super::gauge(
            progress.ratio(),
            area.width.saturating_sub(12),
            &theme,
        ));
    }
    footer.push(Line::from(lang.say(screens::RECORDS_KEYS)));
    if let Some(notice) = app.notice() {
        footer.push(Line::from(Span::styled(notice.to_string(), theme.error)));
    }
    // Each footer line as many rows as it wraps to (a row more for breaking at words).
    let footer_rows: usize = footer
        .iter()
        .map(|l| match l.width() {
            w if w <= width => 1,
            w => w.div_ceil(width) + 1,
        })
        .sum();
    let height = usize::from(inner.height);
    // The heading and a blank row above the list, a blank row and the chosen one whole
    // under it; at least one row of it.
    let rows = height.saturating_sub(3 + WHOLE + footer_rows).max(1);
    // The chosen record in the middle of the window, as far as the list allows.
    let top = item.saturating_sub(rows / 2).min(count.saturating_sub(rows));
    let mut lines = vec![Line::from(heading(lang.say(screens::RECORDS))), Line::from("")];
    for (i, entry) in app.records_shown().enumerate().skip(top).take(rows) {
        let text = if i == item {
            format!("{}{chosen_row}", super::marker(true))
        } else {
            format!("{}{}", super::marker(false), row(lang, entry))
        };
        lines.push(Line::from(Span::styled(
            cut(&text, width),
            selected(&theme, i == item),
        )));
    }
    let mut y = inner.y;
    let mut put = |buf: &mut Buffer, paragraph: Paragraph, rows: usize| {
        let rows = (rows as u16).min(inner.y + inner.height - y);
        paragraph.render_into(
            buf,
            Rect {
                y,
                height: rows,
                ..inner
            },
        );
        y += rows;
    };
    put(buf, Paragraph::new(lines), 2 + rows);
    put(
        buf,
        Paragraph::new(vec![Line::from(""), Line::from(whole)]).wrap(Wrap { trim: true }),
        1 + WHOLE,
    );
    put(buf, Paragraph::new(footer).wrap(Wrap { trim: true }), footer_rows);
}

/// A record's row: its game, date, players, length, points, its rules when they are not
/// the usual ones, and `manual dice` for a match played with typed dice; or why it cannot
/// be read (the error names the file).
fn row(lang: Lang, entry: &RecordEntry) -> String {
    let m = match &entry.summary {
        Ok(m) => m,
        Err(why) => return why.words(lang),
    };
    let [w, b] = m.points();
    // Other rules than the Vasamuseet ones (backgammon: than the standard options) are
    // named.
    let (game, length, rules) = crate::with_game!(m.kind, G => (
        <G as GameWords>::NAME,
        G::length_words(lang, m.length),
        m.rules_of::<G>().and_then(|rules| G::rules_in_records(lang, rules)),
    ));
    let rules = rules.map(|r| format!(" · {r}")).unwrap_or_default();
    let manual = if m.manual {
        format!(" · {}", lang.say(crate::words::records::MANUAL_DICE))
    } else {
        String::new()
    };
    format!(
        "{} · {} · {} – {} · {} · {w}–{b}{rules}{manual}",
        lang.say(game),
        format_time(m.saved_at),
        display_name(lang, &m.names[0]),
        display_name(lang, &m.names[1]),
        length,
    )
}

/// `text` in at most `width` columns: cut with `…` when it is wider.
fn cut(text: &str, width: usize) -> String {
    if Line::from(text).width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = Span::raw(c.to_string()).width();
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}
