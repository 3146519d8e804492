//! The Records screen: the finished matches, one line each.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{RenderInto, Theme, heading, selected};
use crate::app::App;
use crate::words::names::display_name;
use crate::words::{format_time, screens};

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    let lang = app.lang();
    let mut lines = vec![Line::from(heading(lang.say(screens::RECORDS))), Line::from("")];
    for (i, entry) in app.records().iter().enumerate() {
        let text = match &entry.summary {
            Ok(m) => {
                let [w, b] = m.points();
                // Other rules than the Vasamuseet ones (backgammon: than the standard
                // options) are named.
                let (game, length, rules) = match &m.backgammon {
                    None => (
                        screens::BRADE_NAME,
                        screens::games(lang, m.games),
                        (!m.rules.is_default()).then(|| crate::words::rules::ruleset_short(lang, m.rules)),
                    ),
                    Some(bg) => (
                        screens::BACKGAMMON_NAME,
                        screens::match_points(lang, m.games),
                        (bg.stakes != crate::backgammon::Stakes::default())
                            .then(|| crate::words::bg_match::stakes_name(lang, bg.stakes)),
                    ),
                };
                let rules = rules.map(|r| format!(" · {r}")).unwrap_or_default();
                format!(
                    "{} · {} · {} – {} · {} · {w}–{b}{rules}",
                    lang.say(game),
                    format_time(m.saved_at),
                    display_name(lang, &m.names[0]),
                    display_name(lang, &m.names[1]),
                    length,
                )
            }
            // (The error names the file.)
            Err(why) => why.words(lang),
        };
        lines.push(Line::from(Span::styled(text, selected(&theme, i == item))));
    }
    // While they are read: how far.
    if let Some(progress) = app.records_reading() {
        lines.push(Line::from(lang.say(screens::READING_RECORDS)));
        lines.push(super::gauge(
            progress.ratio(),
            area.width.saturating_sub(12),
            &theme,
        ));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.say(screens::RECORDS_KEYS)));
    if let Some(notice) = app.notice() {
        lines.push(Line::from(Span::styled(notice.to_string(), theme.error)));
    }
    Clear.render_into(buf, area);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render_into(buf, area);
}
