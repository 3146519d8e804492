//! The matches in progress: a line for each (players, game, how far, score, when saved),
//! as the start screen's Resume entry and the list it opens show them.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{RenderInto, Theme, centered, heading, selected};
use crate::app::App;
use crate::rules::Color;
use crate::store::{InProgress, Restored, Unfinished};
use crate::words::game::GameWords;
use crate::words::names::display_name;
use crate::words::{Lang, format_time, saving};

/// The list's width.
const WIDTH: u16 = 78;

/// The parts of a match's line: the players, how far it is (as `progress` says), the
/// score, when it was saved, and its rules when not the default.
fn match_parts<G: GameWords>(lang: Lang, r: &Restored<G>, progress: String, saved_at: u64) -> Vec<String> {
    let g = &r.game;
    let (w, b) = (
        G::match_points(&g.score, Color::White),
        G::match_points(&g.score, Color::Black),
    );
    let mut parts = vec![
        format!(
            "{} – {}",
            display_name(lang, &g.names[0]),
            display_name(lang, &g.names[1])
        ),
        progress,
        format!("{w}–{b}"),
        format_time(saved_at),
    ];
    parts.extend(G::rules_title(lang, g.rules));
    parts
}

/// What is said of a match or chouette in progress, in parts (joined with " · "), the
/// date it was saved last among them.
#[must_use]
pub(super) fn parts(lang: Lang, kept: &InProgress) -> Vec<String> {
    match &kept.what {
        Unfinished::Match(m) => crate::with_game!(m.kind, G => m
            .of::<G>()
            .map(|r| {
                let progress = G::in_progress(lang, r.game.game_number(), &r.game.score);
                match_parts(lang, r, progress, kept.saved_at)
            })
            .unwrap_or_default()),
        Unfinished::Chouette(c) => {
            let players: Vec<String> = c.players.iter().map(|p| display_name(lang, p)).collect();
            vec![
                saving::chouette_line(lang, &players.join(", "), c.book.games().len()),
                format_time(kept.saved_at),
            ]
        }
    }
}

/// `parts` joined into lines of at most `width` characters, breaking between parts.
#[must_use]
pub(super) fn wrapped(parts: Vec<String>, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for part in parts {
        if !line.is_empty() && line.chars().count() + 3 + part.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(&part);
    }
    lines.push(line);
    lines
}

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, item: usize, set_aside: bool) {
    let theme = Theme::of(app.theme());
    let lang = app.lang();
    let mut lines = vec![
        Line::from(heading(lang.say(saving::IN_PROGRESS_TITLE))).alignment(Alignment::Center),
        Line::from(""),
    ];
    let kept = app.in_progress();
    // As many entries as fit, the chosen one among them.
    let room = usize::from(area.height.saturating_sub(10)).max(1);
    let first = item.saturating_sub(room - 1);
    for (i, entry) in kept.iter().enumerate().skip(first).take(room) {
        let marker = if i == item { "▶ " } else { "  " };
        // One line each, cut to the box.
        let text = parts(lang, entry).join(" · ");
        let inner = usize::from(WIDTH.min(area.width)).saturating_sub(4);
        let text: String = if text.chars().count() > inner {
            text.chars().take(inner.saturating_sub(1)).chain(['…']).collect()
        } else {
            text
        };
        lines.push(Line::from(Span::styled(
            format!("{marker}{text}"),
            selected(&theme, i == item),
        )));
    }
    lines.push(Line::from(""));
    if set_aside {
        lines.push(Line::from(Span::styled(
            lang.say(saving::SET_ASIDE_ASK),
            theme.error,
        )));
    } else {
        lines.push(
            Line::from(Span::styled(
                lang.say(saving::IN_PROGRESS_KEYS),
                Style::new().add_modifier(Modifier::DIM),
            ))
            .alignment(Alignment::Center),
        );
    }
    let width = WIDTH.min(area.width);
    let height = (lines.len() as u16 + 2 + 2 * u16::from(set_aside)).min(area.height);
    let rect = centered(area, width, height);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render_into(buf, rect);
}
