//! The end of a match: every game's result, the totals and each side's results ranked, and
//! the winner with the tie-break spelled out (R20).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{RenderInto, centered, heading};
use crate::session::Match;
use crate::words::game::GameWords;
use crate::words::{Lang, saving, screens};

/// `not_recorded`: why the match could not be written to the records (the screen says so,
/// and how to try again).
pub(super) fn draw<G: GameWords>(
    buf: &mut Buffer,
    area: Rect,
    lang: Lang,
    game: &Match<G>,
    not_recorded: Option<&str>,
) {
    let mut lines = vec![Line::from(heading(lang.say(screens::MATCH_OVER))), Line::from("")];
    lines.extend(
        G::match_results(lang, &game.score, &game.names)
            .into_iter()
            .map(Line::from),
    );
    lines.push(Line::from(""));
    lines.push(Line::from(heading(G::standing(lang, &game.score, &game.names))));
    lines.push(Line::from(""));
    if let Some(why) = not_recorded {
        let error = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
        lines.push(Line::from(Span::styled(saving::not_recorded(lang, why), error)));
        lines.push(Line::from(Span::styled(lang.say(saving::TRY_AGAIN_KEY), error)));
    }
    lines.push(Line::from(lang.say(G::match_over_keys())));
    let rect = centered(area, area.width.min(78), lines.len() as u16 + 4);
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_type(BorderType::Double))
        .render_into(buf, rect);
}
