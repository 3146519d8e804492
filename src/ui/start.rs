//! The start screen: the menu, the saved match it offers to resume, and any notice.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{RenderInto, Theme, centered, heading, selected};
use crate::app::{App, MenuItem};
use crate::rules::Color;
use crate::words::notes::display_name;
use crate::words::{format_time, rules::game_of, screens};

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    let lang = app.lang;
    let mut lines = vec![
        Line::from(heading(lang.say(screens::TITLE))).alignment(Alignment::Center),
        Line::from(lang.say(screens::TAGLINE)).alignment(Alignment::Center),
        Line::from(""),
    ];
    for (i, entry) in app.menu().into_iter().enumerate() {
        let label = lang.say(match entry {
            MenuItem::Resume => screens::RESUME,
            MenuItem::NewMatch => screens::NEW_MATCH,
            MenuItem::Settings => screens::SETTINGS,
            MenuItem::Records => screens::RECORDS,
            MenuItem::Statistics => screens::STATISTICS,
            MenuItem::Rules => screens::RULES,
            MenuItem::Quit => screens::QUIT,
        });
        let style = selected(&theme, i == item);
        let marker = if i == item { "▶ " } else { "  " };
        lines.push(
            Line::from(Span::styled(format!("{marker}{label:<12}"), style)).alignment(Alignment::Center),
        );
        if entry == MenuItem::Resume
            && let Some(offer) = &app.resume
        {
            let g = &offer.game;
            let (w, b) = (g.score.points(Color::White), g.score.points(Color::Black));
            let summary = format!(
                "{} – {} · {} · {w}–{b} · {}",
                display_name(lang, &g.names[0]),
                display_name(lang, &g.names[1]),
                game_of(lang, g.game_number(), g.score.games()),
                format_time(offer.saved_at)
            );
            let dim = Style::new().add_modifier(Modifier::DIM);
            lines.push(Line::from(Span::styled(summary, dim)).alignment(Alignment::Center));
            lines.push(
                Line::from(Span::styled(lang.say(screens::RESUME_KEPT_UNTIL), dim))
                    .alignment(Alignment::Center),
            );
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.say(screens::START_KEYS)).alignment(Alignment::Center));
    let mut height = lines.len() as u16 + 2;
    if let Some(notice) = &app.notice {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(notice.clone(), theme.error)));
        height += 2 + (notice.chars().count() as u16 / 70) + 1;
    }
    let rect = centered(area, 76, height);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render_into(buf, rect);
}
