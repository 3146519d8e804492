//! A club's lobby (`brade serve`): the players here, the invitations, the player's
//! matches held by the server, the matches to watch and those finished, one line each
//! under its heading, the chosen one marked; the keys below.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::{RenderInto, Theme, heading, marker, selected};
use crate::app::{App, Doing, Entry, Roster};
use crate::words::lobby as words;
use crate::words::{Lang, Phrase, game_title};

/// The section an entry is listed under.
fn section(entry: &Entry) -> Phrase {
    match entry {
        Entry::Player { .. } => words::PLAYERS,
        Entry::Invited { .. } | Entry::Inviting { .. } => words::INVITATIONS,
        Entry::Held { .. } => words::MATCHES,
        Entry::Watchable { .. } => words::WATCH,
        Entry::Finished { .. } => words::FINISHED,
    }
}

/// An entry's line (and, for a finished match, its rolls below).
fn text(lang: Lang, entry: &Entry) -> (String, Option<String>) {
    let line = match entry {
        Entry::Player { name, doing } => {
            let doing = match doing {
                Doing::InLobby => lang.say(words::IN_LOBBY).to_string(),
                Doing::Playing(with) => words::playing_with(lang, with),
                Doing::Watching => lang.say(words::WATCHING_MATCH).to_string(),
                Doing::Alone => lang.say(words::ALONE).to_string(),
            };
            format!("{name:<16} {doing}")
        }
        Entry::Invited { from, what, .. } => words::invited(lang, from, what),
        Entry::Inviting { to, what, .. } => words::inviting(lang, to, what),
        Entry::Held {
            with,
            what,
            away,
            claimable,
            ..
        } => words::held(lang, with, what, *away, *claimable),
        Entry::Watchable { players, what, .. } => words::watchable(lang, players, what),
        Entry::Finished {
            players,
            what,
            result,
            seed,
            rolls,
        } => {
            return (
                words::finished(lang, players, what, result, *seed),
                Some(words::rolls(lang, rolls)),
            );
        }
    };
    (line, None)
}

/// The lobby's lines, and the row of each entry among them.
fn lines(
    app: &App,
    roster: &Roster,
    game: crate::game::Kind,
    item: usize,
    theme: &Theme,
) -> (Vec<Line<'static>>, Vec<u16>) {
    let lang = app.lang();
    let mut lines = vec![
        Line::from(heading(lang.say(words::TITLE))),
        Line::from(words::heading(lang, &roster.me, lang.say(game_title(game)))),
    ];
    if let Some(notice) = &roster.notice {
        lines.push(Line::from(Span::styled(notice.clone(), theme.error)));
    }
    let mut rows = Vec::new();
    let mut last = None;
    if !roster.entries.iter().any(|e| matches!(e, Entry::Player { .. })) {
        lines.push(Line::from(""));
        lines.push(Line::from(heading(lang.say(words::PLAYERS))));
        lines.push(Line::from(format!("  {}", lang.say(words::NOBODY))));
        last = Some(words::PLAYERS);
    }
    let dim = Style::new().add_modifier(Modifier::DIM);
    for (i, entry) in roster.entries.iter().enumerate() {
        let title = section(entry);
        if last != Some(title) {
            lines.push(Line::from(""));
            lines.push(Line::from(heading(lang.say(title))));
            last = Some(title);
        }
        let (line, below) = text(lang, entry);
        rows.push(lines.len() as u16);
        lines.push(Line::from(Span::styled(
            format!("{}{line}", marker(i == item)),
            selected(theme, i == item),
        )));
        if let Some(below) = below {
            lines.push(Line::from(Span::styled(format!("    {below}"), dim)));
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.say(words::KEYS)));
    (lines, rows)
}

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let Some((roster, game)) = app.roster() else {
        return;
    };
    let theme = Theme::of(app.theme());
    let (lines, rows) = lines(app, roster, game, item, &theme);
    Clear.render_into(buf, area);
    Block::bordered()
        .border_type(BorderType::Rounded)
        .render_into(buf, area);
    let inner = area.inner(ratatui::layout::Margin::new(1, 1));
    // The chosen entry kept in view: the lines scrolled so that it is on screen.
    let at = rows.get(item).copied().unwrap_or(0);
    let scroll = at.saturating_sub(inner.height.saturating_sub(3));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render_into(buf, inner);
}
