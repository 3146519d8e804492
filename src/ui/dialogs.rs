//! The small things over a screen: the quit question, the prompt of a typed play, and
//! the request to enlarge a window that is too small.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{Geometry, MIN_HEIGHT, MIN_WIDTH, RenderInto, centered, heading};
use crate::words::{Lang, screens};

pub(super) fn too_small(buf: &mut Buffer, area: Rect, lang: Lang) {
    let [ask, why] = screens::too_small(
        lang,
        &screens::WindowFigures {
            min_width: MIN_WIDTH,
            min_height: MIN_HEIGHT,
            width: area.width,
            height: area.height,
        },
    );
    let y = area.y + area.height / 2;
    let rect = Rect::new(
        area.x,
        y.saturating_sub(1).max(area.y),
        area.width,
        area.height.min(4),
    );
    Paragraph::new(vec![Line::from(ask), Line::from(why)])
        .wrap(Wrap { trim: true })
        .alignment(Alignment::Center)
        .render_into(buf, rect);
}

/// The quit question; `chouette`: of a chouette, not a match.
pub(super) fn confirm_quit(
    buf: &mut Buffer,
    area: Rect,
    lang: Lang,
    save_failed: Option<&str>,
    (saving, chouette): (bool, bool),
) {
    let mut lines = Vec::new();
    match save_failed {
        Some(why) => {
            lines.push(Line::from(heading(lang.say(screens::NOT_SAVED))).alignment(Alignment::Center));
            lines.push(Line::from(why.to_string()).alignment(Alignment::Center));
            lines.push(Line::from(lang.say(screens::QUIT_LOSES)).alignment(Alignment::Center));
        }
        None => {
            let (question, saved) = if chouette {
                (screens::QUIT_CHOUETTE, screens::QUIT_SAVED_CHOUETTE)
            } else {
                (screens::QUIT_MATCH, screens::QUIT_SAVED)
            };
            lines.push(Line::from(lang.say(question)).alignment(Alignment::Center));
            // Whether it can be taken up again.
            let kept = if saving { saved } else { screens::QUIT_NOT_KEPT };
            lines.push(Line::from(lang.say(kept)).alignment(Alignment::Center));
        }
    }
    lines.push(Line::from(lang.say(screens::QUIT_KEYS)).alignment(Alignment::Center));
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let width = if save_failed.is_some() { 74 } else { 44 }.max(widest + 4);
    let rect = centered(
        area,
        width,
        lines.len() as u16 + 2 + u16::from(save_failed.is_some()),
    );
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Double))
        .render_into(buf, rect);
}

pub(super) fn prompt_line(buf: &mut Buffer, geo: &Geometry, lang: Lang, text: &str) {
    let area = Rect::new(geo.footer.x, geo.footer.y, geo.footer.width, 1);
    Clear.render_into(buf, area);
    let hint = lang.say(screens::PROMPT_KEYS);
    Paragraph::new(Line::from(vec![
        Span::styled(format!(": {text}▏"), Style::new().add_modifier(Modifier::BOLD)),
        Span::styled(hint, Style::new().add_modifier(Modifier::DIM)),
    ]))
    .render_into(buf, area);
}
