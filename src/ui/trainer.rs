//! The trainer's screens: its form, and a card being drilled — the board with the roll,
//! the question beside it, then the answer with the best play lit and the candidates.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{board_view, draw_board, glyph};
use super::{Geometry, RenderInto, Theme, dialog, heading, selected};
use crate::ai::analysis::Mark;
use crate::app::{App, Drill, DrillTable, Said, Table, Trainer};
use crate::practice::CubeCard;
use crate::words::Lang;
use crate::words::game::GameWords;
use crate::words::trainer as words;

/// The form's width.
const WIDTH: u16 = 76;

pub(super) fn draw_form(buf: &mut Buffer, area: Rect, lang: Lang, t: &Trainer, theme: &Theme) {
    let mut lines = vec![Line::from(heading(lang.say(words::TITLE))), Line::from("")];
    if t.loading {
        lines.push(Line::from(lang.say(words::READING)));
        dialog(buf, area, WIDTH, lines);
        return;
    }
    let field = |row: usize, label: &str, value: String| {
        Line::from(vec![
            Span::raw(format!("{label:<10}")),
            Span::styled(value, selected(theme, t.row == row)),
        ])
    };
    let whose = t
        .player
        .checked_sub(1)
        .and_then(|i| t.players.get(i))
        .map_or_else(
            || lang.say(words::EVERYONE).to_string(),
            |n| crate::words::names::display_name(lang, n),
        );
    lines.push(field(0, lang.say(words::WHOSE), format!("◀ {whose} ▶")));
    lines.push(field(
        1,
        lang.say(words::FROM),
        format!("◀ {} ▶", words::mark(lang, t.least)),
    ));
    lines.push(Line::from(""));
    let f = words::DeckFigures {
        held: t.held(),
        due: t.due().len(),
        today: t.deck.today(t.today),
        streak: t.deck.streak(t.today),
        added: t.added,
        unanalysed: t.unanalysed,
    };
    lines.extend(words::figures(lang, &f).into_iter().map(Line::from));
    lines.push(Line::from(""));
    lines.push(field(2, "", lang.say(words::START).to_string()));
    match t.said {
        Some(Said::NothingDue) => lines.push(Line::from(Span::styled(
            lang.say(words::NOTHING_DUE),
            theme.error,
        ))),
        Some(Said::Done(n)) => lines.push(Line::from(words::done(lang, n))),
        None => {}
    }
    if let Some(why) = &t.set_aside {
        lines.push(Line::from(Span::styled(words::set_aside(lang, why), theme.error)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.say(words::FORM_KEYS)));
    dialog(buf, area, WIDTH, lines);
}

pub(super) fn draw_drill(buf: &mut Buffer, geo: &Geometry, app: &App, d: &Drill, theme: &Theme) {
    match &d.table {
        DrillTable::Brade(table) => draw_card(buf, geo, app, d, table, theme),
        DrillTable::Backgammon(table) => draw_card(buf, geo, app, d, table, theme),
    }
}

/// A card of game `G` on its board, with the question or the answer beside it.
fn draw_card<G: GameWords>(
    buf: &mut Buffer,
    geo: &Geometry,
    app: &App,
    d: &Drill,
    table: &Table<G>,
    theme: &Theme,
) {
    let lang = app.lang();
    let game = table.game();
    draw_board(buf, geo, &board_view(app, game), lang, theme);
    let mut lines = vec![
        Line::from(heading(words::card_of(lang, d.at + 1, d.queue.len()))),
        Line::from(""),
    ];
    let Some(card) = d.queue.get(d.at).and_then(|&i| d.trainer.deck.cards.get(i)) else {
        return;
    };
    // Who decides: the side to move, or for a take the side doubled.
    let mover = crate::game::Checkers::to_move(&game.position);
    let decider = match card.question() {
        Some(CubeCard::Take) => mover.other(),
        _ => mover,
    };
    let player = crate::words::names::display_name(lang, &card.player);
    let question = match card.question() {
        Some(q) => words::cube_question(
            lang,
            &player,
            &card.record,
            card.game,
            card.turn,
            q == CubeCard::Take,
        ),
        None => words::question(lang, &player, &card.record, card.game, card.turn, &card.roll),
    };
    lines.extend(question.into_iter().map(Line::from));
    lines.push(Line::from(""));
    let keys = match &d.answer {
        None if card.question().is_some() => lang.say(words::CUBE_KEYS),
        None => lang.say(words::DRILL_KEYS),
        Some(a) => {
            let sign = Mark::on(a.loss, a.marks).sign();
            let style = if a.loss > 0.0 { theme.error } else { Style::new() };
            let (played, best, heading, candidates) = match &a.cube {
                Some(c) => (
                    words::cube_choice(lang, c.chosen).to_string(),
                    words::cube_choice(lang, c.right).to_string(),
                    words::CUBE_CANDIDATES,
                    c.candidates
                        .iter()
                        .map(|&(choice, v)| (words::cube_choice(lang, choice).to_string(), v))
                        .collect(),
                ),
                None => (
                    a.played.clone(),
                    a.best.clone(),
                    words::CANDIDATES,
                    a.candidates.clone(),
                ),
            };
            for text in words::answer(lang, &played, a.value, a.loss, &best, sign) {
                lines.push(Line::from(Span::styled(text, style)));
            }
            lines.push(Line::from(""));
            lines.push(Line::from(lang.say(heading)));
            for (play, value) in &candidates {
                let v = crate::words::decimal(lang, format!("{value:+.3}"));
                lines.push(Line::from(format!("{} {play} ({v})", glyph(decider))));
            }
            lang.say(words::NEXT_KEYS)
        }
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(format!(" {} ", lang.say(words::PRACTICE))))
        .render_into(buf, geo.panel);
    let note = table
        .note()
        .map(|n| crate::words::notes::note(lang, n, &game.names));
    let footer: Vec<Line> = note
        .into_iter()
        .map(Line::from)
        .chain([Line::from(keys)])
        .collect();
    Paragraph::new(footer)
        .wrap(Wrap { trim: true })
        .render_into(buf, geo.footer);
}
