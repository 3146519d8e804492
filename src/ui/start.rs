//! The start screen: the menu, the saved match it offers to resume, and any notice.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{RenderInto, Theme, centered, heading, selected};
use crate::app::{App, MenuItem};
use crate::words::rules::ruleset_short;
use crate::words::{Lang, saving, screens};

/// The box's width.
const WIDTH: u16 = 76;

/// An entry's label.
fn label(lang: Lang, entry: MenuItem, kept: usize) -> String {
    if entry == MenuItem::Resume && kept > 1 {
        return saving::resume_several(lang, kept);
    }
    lang.say(match entry {
        MenuItem::Resume => screens::RESUME,
        MenuItem::NewMatch => screens::NEW_MATCH,
        MenuItem::NewBackgammon => screens::NEW_BACKGAMMON,
        MenuItem::NewChouette => screens::NEW_CHOUETTE,
        MenuItem::Settings => screens::SETTINGS,
        MenuItem::Records => screens::RECORDS,
        MenuItem::Statistics => screens::STATISTICS,
        MenuItem::Practice => crate::words::trainer::PRACTICE,
        MenuItem::Editor => crate::words::editor::EDITOR,
        MenuItem::Rules => screens::RULES,
        MenuItem::Quit => screens::QUIT,
    })
    .to_string()
}

/// An entry's short name after its letter in the footer (the Rules have `?` there).
fn letter_label(entry: MenuItem) -> Option<crate::words::Phrase> {
    Some(match entry {
        MenuItem::NewMatch => screens::LETTER_BRADE,
        MenuItem::NewBackgammon => screens::LETTER_BACKGAMMON,
        MenuItem::NewChouette => screens::LETTER_CHOUETTE,
        MenuItem::Editor => screens::LETTER_EDITOR,
        MenuItem::Settings => screens::LETTER_SETTINGS,
        MenuItem::Practice => screens::LETTER_PRACTICE,
        _ => return None,
    })
}

/// The lines above the notice, and the line of each menu entry.
fn lines(app: &App, item: usize, theme: &Theme) -> (Vec<Line<'static>>, Vec<u16>) {
    let lang = app.lang();
    let mut lines = vec![
        Line::from(heading(lang.say(screens::TITLE))).alignment(Alignment::Center),
        Line::from(screens::tagline(
            lang,
            &ruleset_short(lang, app.settings().rules),
            app.settings().rules.is_default(),
        ))
        .alignment(Alignment::Center),
        Line::from(""),
    ];
    // The entries as one block, centred as a whole: each padded to the widest.
    let menu = app.menu();
    let widest = menu
        .iter()
        .map(|&e| label(lang, e, app.in_progress().len()).chars().count())
        .max()
        .unwrap_or(0);
    let mut rows = Vec::new();
    for (i, entry) in menu.into_iter().enumerate() {
        let style = selected(theme, i == item);
        let marker = if i == item { "▶ " } else { "  " };
        rows.push(lines.len() as u16);
        lines.push(
            Line::from(Span::styled(
                format!(
                    "{marker}{:<widest$}  ",
                    label(lang, entry, app.in_progress().len())
                ),
                style,
            ))
            .alignment(Alignment::Center),
        );
        if entry == MenuItem::Resume
            && let Some(latest) = app.in_progress().first()
        {
            let dim = Style::new().add_modifier(Modifier::DIM);
            let mut parts = super::in_progress::parts(lang, latest);
            if app.in_progress().len() > 1 {
                parts[0] = saving::latest(lang, &parts[0]);
            }
            // Long names or a rule set may need a second line: it breaks between parts.
            for line in super::in_progress::wrapped(parts, usize::from(WIDTH - 2)) {
                lines.push(Line::from(Span::styled(line, dim)).alignment(Alignment::Center));
            }
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.say(screens::START_KEYS)).alignment(Alignment::Center));
    // The letters that choose an entry, of the entries the menu has.
    let letters: Vec<String> = app
        .menu()
        .into_iter()
        .filter_map(|e| Some(format!("{} {}", e.letter()?, lang.say(letter_label(e)?))))
        .collect();
    lines.push(Line::from(letters.join(" · ")).alignment(Alignment::Center));
    (lines, rows)
}

/// Where the box lies, and the row (counted inside its border) of each menu entry.
pub(super) fn layout(area: Rect, app: &App, item: usize) -> (Rect, Vec<u16>) {
    let theme = Theme::of(app.theme());
    let (lines, rows) = lines(app, item, &theme);
    (centered(area, WIDTH, height(&lines, app)), rows)
}

/// What the start screen has to say below the menu: that the data directory is another's,
/// and any notice (a bad save set aside, settings that could not be read).
fn notice(app: &App) -> Option<String> {
    let parts: Vec<&str> = [app.read_only(), app.notice()].into_iter().flatten().collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The box's height: its lines, and the notice wrapped below them.
fn height(lines: &[Line], app: &App) -> u16 {
    let notice = notice(app).map_or(0, |n| {
        1 + crate::app::help::wrap(&n, usize::from(WIDTH - 2)).len() as u16
    });
    lines.len() as u16 + 2 + notice
}

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    let (lines, _) = lines(app, item, &theme);
    let rect = centered(area, WIDTH, height(&lines, app));
    let top = lines.len() as u16;
    Clear.render_into(buf, rect);
    Block::bordered()
        .border_type(BorderType::Rounded)
        .render_into(buf, rect);
    let inner = rect.inner(ratatui::layout::Margin::new(1, 1));
    Paragraph::new(lines).render_into(
        buf,
        Rect {
            height: top.min(inner.height),
            ..inner
        },
    );
    if let Some(notice) = notice(app) {
        let below = Rect {
            y: inner.y + top + 1,
            height: inner.height.saturating_sub(top + 1),
            ..inner
        };
        Paragraph::new(Line::from(Span::styled(notice, theme.error)))
            .wrap(Wrap { trim: true })
            .render_into(buf, below);
    }
}
