//! The chouette's screens: its form (players and options), the line-up throws, and the
//! board with the line-up, every member's cube and the running scores beside it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{board_view, draw_board, glyph};
use super::{Geometry, RenderInto, Theme, dialog, heading, playing, selected};
use crate::app::{App, ChouetteForm, ChouetteStage, ChouetteTable};
use crate::backgammon::ChouettePhase;
use crate::rules::Color;
use crate::words::chouette as words;
use crate::words::names::{computer_name, level_name};
use crate::words::{Lang, screens};

/// The form's narrowest width.
pub(super) const WIDTH: u16 = 64;

pub(super) fn draw_form(buf: &mut Buffer, area: Rect, lang: Lang, form: &ChouetteForm, theme: &Theme) {
    dialog(buf, area, WIDTH, form_lines(lang, form, theme));
}

/// The form's lines: the count, a name per player, the options, the button, the keys.
pub(super) fn form_lines(lang: Lang, form: &ChouetteForm, theme: &Theme) -> Vec<Line<'static>> {
    let [title, players, start, keys, more_keys] = words::form_words(lang);
    let field = |row: usize, label: String, value: String| {
        Line::from(vec![
            Span::raw(format!("{}{label:<16}", super::marker(form.row == row))),
            Span::styled(value, selected(theme, form.row == row)),
        ])
    };
    let mut lines = vec![
        Line::from(heading(title)),
        Line::from(""),
        field(0, players.to_string(), format!("◀ {} ▶", form.names.len())),
    ];
    for (i, name) in form.names.iter().enumerate() {
        let cursor = if form.row == i + 1 { "▏" } else { "" };
        let mut line = field(i + 1, format!("  {}", i + 1), format!("{name}{cursor}"));
        if let Some(level) = form.computer.get(i).copied().flatten() {
            line.spans.push(Span::styled(
                format!("  {}", computer_name(lang, level.label())),
                theme.last,
            ));
        }
        lines.push(line);
    }
    lines.push(field(
        form.options_row(),
        lang.say(screens::OPTIONS).to_string(),
        crate::words::backgammon::matchplay::stakes_name(lang, form.stakes),
    ));
    lines.push(Line::from(""));
    lines.push(field(form.options_row() + 1, String::new(), start.to_string()));
    if let Some(why) = &form.refused {
        lines.push(Line::from(Span::styled(words::refusal(lang, why), theme.error)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(keys));
    lines.push(Line::from(more_keys));
    lines
}

pub(super) fn draw(buf: &mut Buffer, geo: &Geometry, app: &App, c: &ChouetteTable, theme: &Theme) {
    let lang = app.lang();
    if let ChouetteStage::LineUp { .. } = &c.stage {
        let mut lines = vec![Line::from(heading(words::line_up_prompt(lang))), Line::from("")];
        for (name, dice) in c.chouette.players().iter().zip(&c.throws) {
            let dice: Vec<String> = dice.iter().map(|d| format!("[{d}]")).collect();
            lines.push(Line::from(format!("  {name:<20} {}", dice.join(" "))));
        }
        lines.push(Line::from(""));
        lines.extend(
            c.note
                .as_ref()
                .map(|n| Line::from(Span::styled(words::note(lang, n), theme.error))),
        );
        lines.push(Line::from(
            lang.pick("Space — throw · Esc — back", "mellanslag — slå · Esc — tillbaka"),
        ));
        dialog(buf, geo.board.union(geo.footer), 70, lines);
        return;
    }
    let game = c.table.game();
    draw_board(buf, geo, &board_view(app, game), lang, theme);
    panel(buf, geo.panel, lang, c, theme);
    let note = c.note.as_ref().map(|n| words::note(lang, n));
    let ask = match &c.stage {
        ChouetteStage::TeamAsks { asks, said, redouble } => {
            asks.get(said.len()).map(|name| words::ask(lang, name, *redouble))
        }
        ChouetteStage::Answers => c.chouette.waiting().first().map(|member| {
            let value = c.chouette.member(member).map_or(1, |m| m.cube.value);
            words::answer_prompt(lang, c.chouette.phase(), member, c.chouette.box_player(), value)
        }),
        ChouetteStage::GameOver(outcome) => {
            let mut lines: Vec<Line> = words::outcome_lines(lang, outcome)
                .into_iter()
                .map(Line::from)
                .collect();
            lines.push(Line::from(Span::styled(
                words::next_game_keys(lang),
                Style::new().add_modifier(Modifier::BOLD),
            )));
            dialog(buf, geo.board.union(geo.panel), 60, lines);
            None
        }
        _ => None,
    };
    match ask {
        Some(ask) => {
            let lines: Vec<Line> = note.into_iter().chain([ask]).map(Line::from).collect();
            Paragraph::new(lines)
                .wrap(Wrap { trim: true })
                .render_into(buf, geo.footer);
        }
        None => playing::footer(buf, geo.footer, app, &c.table, (c.may_double(), note), theme),
    }
}

/// Beside the board: the line-up (the box, the captain, the team), each member's cube
/// against the box and where he stands, and everyone's running score.
fn panel(buf: &mut Buffer, area: Rect, lang: Lang, c: &ChouetteTable, theme: &Theme) {
    let book = &c.chouette;
    let [title, _, _] = words::panel_words(lang);
    // (With the drops of this game paid, as its members' states say them.)
    let scores = book.scores_paid();
    let score_of = |name: &str| scores.iter().find(|(n, _)| *n == name).map_or(0, |(_, s)| *s);
    let mover = book.mover();
    let members = book.members();
    let mut lines = Vec::new();
    for (place, name) in book.line().into_iter().enumerate() {
        let side = if place == 0 { Color::White } else { Color::Black };
        let on_roll = match book.phase() {
            ChouettePhase::ToRoll(s) | ChouettePhase::Moving(s) => {
                (s == crate::backgammon::Side::Box) == (place == 0) && (place == 0 || name == mover)
            }
            _ => false,
        };
        lines.push(Line::from(vec![
            Span::raw(if on_roll { "▶" } else { " " }),
            Span::styled(format!(" {} ", glyph(side)), theme.checker(side)),
            Span::styled(
                // A player the computer plays is marked with its level.
                match c.level_of(name) {
                    Some(level) => format!(" {name} ({})", level_name(lang, level.label())),
                    None => format!(" {name}"),
                },
                Style::new().add_modifier(if place < 2 {
                    Modifier::BOLD
                } else {
                    Modifier::empty()
                }),
            ),
            Span::raw(format!("  {:+}", score_of(name))),
        ]));
        // Under the name: the role, and a member's cube against the box.
        let mut second = format!("     {}", words::role(lang, place, name == mover));
        if let Some((_, state)) = members.iter().find(|(n, _)| *n == name) {
            second.push_str(&format!(" · ▣ {}", words::member_state(lang, *state)));
        }
        lines.push(Line::from(Span::styled(
            second,
            Style::new().add_modifier(Modifier::DIM),
        )));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(format!(" {title} {} ", book.games().len() + 1)))
        .render_into(buf, area);
}
