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
use crate::app::{App, Drill, Said, Table, Trainer};
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
            Span::raw(format!("{}{label:<10}", super::marker(t.row == row))),
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

/// The score a backgammon card is played at, from the side of the player deciding: its
/// line beside the card.
pub(super) fn card_score<G: GameWords>(
    app: &App,
    d: &Drill,
    game: &crate::session::Match<G>,
) -> Option<String> {
    let lang = app.lang();
    let card = d.queue.get(d.at).and_then(|&i| d.trainer.deck.cards.get(i))?;
    let side = decider(card, &game.position);
    let words = G::card_score_words(lang, &game.score)?;
    Some(words::card_score(
        lang,
        &crate::words::names::display_name(lang, &card.player),
        G::match_points(&game.score, side),
        G::match_points(&game.score, side.other()),
        &words,
    ))
}

/// Who decides a card in `position`: the side to move, or for a take the side doubled.
fn decider<P: crate::game::Checkers>(card: &crate::practice::Card, position: &P) -> crate::rules::Color {
    let mover = position.to_move();
    match card.question() {
        Some(CubeCard::Take) => mover.other(),
        _ => mover,
    }
}

/// A card of game `G` on its board, with the question or the answer beside it; `score`:
/// the match's score the card is played at, when it has one.
pub(super) fn draw_card<G: GameWords>(
    buf: &mut Buffer,
    geo: &Geometry,
    app: &App,
    d: &Drill,
    table: &Table<G>,
    theme: &Theme,
    score: Option<String>,
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
    let decider = decider(card, &game.position);
    let player = crate::words::names::display_name(lang, &card.player);
    let question = match card.question() {
        Some(q) => words::cube_question(lang, &player, (card.game, card.turn), score, q == CubeCard::Take),
        None => words::question(lang, &player, card.game, card.turn, score, &card.roll),
    };
    lines.extend(question.into_iter().map(Line::from));
    lines.push(Line::from(""));
    let keys = match &d.answer {
        None if card.question().is_some() => lang.say(words::CUBE_KEYS),
        None => lang.say(words::DRILL_KEYS),
        Some(a) => {
            let sign = Mark::on(a.loss, a.marks).sign();
            let style = if a.loss > 0.0 { theme.error } else { Style::new() };
            match &a.cube {
                // A cube decision in the replay's words and measure: the decision, its
                // mark and loss (in a match the chance of the match lost), the right one.
                Some(c) => {
                    let decision = crate::words::backgammon::analysis::Line {
                        game: card.game as usize,
                        turn: card.turn as usize,
                        who: "",
                        what: c.what,
                        sign,
                        loss: a.loss,
                        match_chance: c.match_loss,
                    };
                    let text = crate::words::backgammon::analysis::panel(lang, &decision);
                    lines.push(Line::from(Span::styled(text, style)));
                    lines.push(Line::from(""));
                    let chances = c.match_loss.is_some();
                    lines.push(Line::from(words::cube_candidates(lang, chances)));
                    for &(choice, value) in &c.candidates {
                        let v = if chances {
                            crate::words::decimal(lang, format!("{:.1} %", 100.0 * value))
                        } else {
                            crate::words::decimal(lang, format!("{value:+.3}"))
                        };
                        let choice = words::cube_choice(lang, choice);
                        lines.push(Line::from(format!("{} {choice} ({v})", glyph(decider))));
                    }
                }
                None => {
                    for text in words::answer(lang, &a.played, a.value, a.loss, &a.best, sign) {
                        lines.push(Line::from(Span::styled(text, style)));
                    }
                    lines.push(Line::from(""));
                    lines.push(Line::from(lang.say(words::CANDIDATES)));
                    for (play, value) in &a.candidates {
                        let v = crate::words::decimal(lang, format!("{value:+.3}"));
                        lines.push(Line::from(format!("{} {play} ({v})", glyph(decider))));
                    }
                }
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
