//! The end of a match: every game's result, the totals and each side's results ranked, and
//! the winner with the tie-break spelled out (R20).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::board::glyph;
use super::{RenderInto, centered, heading};
use crate::rules::Color;
use crate::session::Match;
use crate::words::names::display_name;
use crate::words::rules::{result_name, standing};
use crate::words::{Lang, screens};

pub(super) fn draw(buf: &mut Buffer, area: Rect, lang: Lang, game: &Match) {
    let mut lines = vec![Line::from(heading(lang.say(screens::MATCH_OVER))), Line::from("")];
    for (i, r) in game.score.results().iter().enumerate() {
        let points = r.result.points();
        lines.push(Line::from(format!(
            "{:>2}. {} {:<20} {} — {points}",
            i + 1,
            glyph(r.winner),
            display_name(lang, game.name(r.winner)),
            result_name(&r.result),
        )));
    }
    lines.push(Line::from(""));
    for side in Color::BOTH {
        let ranked: Vec<String> = game
            .score
            .ranked(side)
            .iter()
            .map(|r| result_name(r).to_lowercase())
            .collect();
        let ranked = if ranked.is_empty() {
            "—".to_string()
        } else {
            ranked.join(", ")
        };
        lines.push(Line::from(format!(
            "{} {:<20} {} · {} {ranked}",
            glyph(side),
            display_name(lang, game.name(side)),
            screens::points(lang, game.score.points(side)),
            lang.say(screens::RESULTS_BEST_FIRST),
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(heading(standing(lang, &game.score, &game.names))));
    lines.push(Line::from(""));
    lines.push(Line::from(lang.say(screens::MATCH_OVER_KEYS)));
    let rect = centered(area, area.width.min(78), lines.len() as u16 + 4);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Double))
        .render_into(buf, rect);
}
