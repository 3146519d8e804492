//! The small things over a screen: the quit question, the prompt of a typed play, the
//! resignation dialog, and the request to enlarge a window that is too small.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{Geometry, MIN_HEIGHT, MIN_WIDTH, RenderInto, Theme, centered, dialog_rect, glyph, heading};
use crate::app::resign::{Resigning, Stage};
use crate::app::{App, Screen};
use crate::session::Match;
use crate::words::game::GameWords;
use crate::words::names::who;
use crate::words::resign as words;
use crate::words::{Lang, saving, screens};

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

/// The quit question: leave for the start screen or quit, and — while saving fails — what
/// would be lost, with the key that tries again.
pub(super) fn confirm_quit(buf: &mut Buffer, area: Rect, app: &App) {
    let lang = app.lang();
    let in_match = app.in_match();
    let chouette = matches!(app.screen(), Screen::Chouette(_));
    let mut lines = Vec::new();
    match app.save_failed() {
        Some(why) => {
            lines.push(Line::from(heading(lang.say(screens::NOT_SAVED))).alignment(Alignment::Center));
            lines.push(Line::from(why.to_string()).alignment(Alignment::Center));
            lines.push(Line::from(lang.say(screens::QUIT_LOSES)).alignment(Alignment::Center));
            let keys = if in_match {
                saving::LEAVE_KEYS_UNSAVED
            } else {
                saving::QUIT_KEYS_UNSAVED
            };
            lines.push(Line::from(lang.say(keys)).alignment(Alignment::Center));
        }
        None => {
            let question = if chouette {
                saving::LEAVE_CHOUETTE
            } else {
                saving::LEAVE_MATCH
            };
            lines.push(Line::from(lang.say(question)).alignment(Alignment::Center));
            // Whether it can be taken up again.
            let kept = if app.autosaves() {
                saving::LEAVE_SAVED
            } else {
                screens::QUIT_NOT_KEPT
            };
            lines.push(Line::from(lang.say(kept)).alignment(Alignment::Center));
            lines.push(Line::from(lang.say(saving::LEAVE_KEYS)).alignment(Alignment::Center));
        }
    }
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let failed = app.save_failed().is_some();
    let width = if failed { 74 } else { 44 }.max(widest + 4).min(area.width);
    let rect = centered(area, width, lines.len() as u16 + 2 + u16::from(failed));
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

/// The resignation dialog's least width.
const RESIGN_WIDTH: u16 = 44;

/// The resignation dialog over the match on screen: its lines and where it stands, and the
/// rows of its choices (from the box's first inner line); `None` with no match on screen.
pub(super) fn resign_layout(
    area: Rect,
    app: &App,
    r: &Resigning,
    theme: &Theme,
) -> Option<(Vec<Line<'static>>, Rect, Vec<u16>)> {
    let _ = theme;
    let (lines, rows) = app.table()?.resign_lines(app, r);
    let rect = dialog_rect(area, RESIGN_WIDTH, &lines);
    Some((lines, rect, rows))
}

/// The resignation dialog: the side to move chooses what to give up, or the other side
/// answers the offer.
pub(super) fn resign(buf: &mut Buffer, area: Rect, app: &App, r: &Resigning, theme: &Theme) {
    let Some((lines, rect, _)) = resign_layout(area, app, r, theme) else {
        return;
    };
    Clear.render_into(buf, rect);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .border_type(BorderType::Rounded)
                .title(app.lang().say(words::TITLE)),
        )
        .render_into(buf, rect);
}

pub(super) fn resign_lines<G: GameWords>(
    lang: Lang,
    game: &Match<G>,
    r: &Resigning,
    theme: &Theme,
) -> (Vec<Line<'static>>, Vec<u16>) {
    let name = |side: crate::rules::Color| format!("{} {}", glyph(side), who(lang, game.name(side), side));
    let choice = |i: usize, text: String| {
        let marker = if i == r.item { "▶ " } else { "  " };
        Line::from(Span::styled(
            format!("{marker}{text}"),
            super::selected(theme, i == r.item),
        ))
    };
    let offer = |level| {
        game.resignation(level)
            .map(|record| G::resign_offer(lang, level, &record))
    };
    let mut lines = Vec::new();
    let choices: Vec<Line> = match r.stage {
        Stage::Choose => {
            lines.push(Line::from(heading(words::choose(lang, &name(r.by)))));
            let several = G::RESIGNS.len() > 1;
            G::RESIGNS
                .iter()
                .enumerate()
                .filter_map(|(i, &level)| {
                    let key = if several {
                        format!("{}  ", i + 1)
                    } else {
                        String::new()
                    };
                    offer(level).map(|text| choice(i, format!("{key}{text}")))
                })
                .collect()
        }
        Stage::Answer(level) => {
            let offered = offer(level).unwrap_or_default();
            lines.push(Line::from(heading(words::offers(lang, &name(r.by), &offered))));
            lines.push(Line::from(words::accept_question(lang, &name(r.by.other()))));
            vec![
                choice(0, lang.say(words::ACCEPT).to_string()),
                choice(1, lang.say(words::DECLINE).to_string()),
            ]
        }
    };
    lines.push(Line::from(""));
    let first = lines.len() as u16;
    let rows = (first..first + choices.len() as u16).collect();
    lines.extend(choices);
    lines.push(Line::from(""));
    let keys = match r.stage {
        Stage::Choose if G::RESIGNS.len() > 1 => words::CHOOSE_KEYS,
        Stage::Choose => words::OFFER_KEYS,
        Stage::Answer(_) => words::ANSWER_KEYS,
    };
    lines.push(Line::from(Span::styled(
        lang.say(keys),
        Style::new().add_modifier(Modifier::DIM),
    )));
    (lines, rows)
}
