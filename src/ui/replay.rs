//! A replay: the board of each turn, the score, the last play and a game's result.

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{BoardView, draw_board, glyph, last_marks, last_origins, numbers_legend};
use super::{Geometry, RenderInto, Theme, gauge, heading};
use ratatui::style::Style;

use crate::app::{App, Replay, Slot};
use crate::rules::Color;
use crate::words::names::display_name;
use crate::words::rules::{game_of, result_line};
use crate::words::screens;

pub(super) fn draw(buf: &mut Buffer, geo: &Geometry, app: &App, replay: &Replay, theme: &Theme) {
    let lang = app.lang();
    let f = replay.frame();
    let mover = if f.result.is_some() {
        f.position.turn().other()
    } else {
        f.position.turn()
    };
    let view: BoardView = BoardView {
        over: f.result.is_some(),
        rules: replay.game.rules,
        dice_right: f.last.as_ref().map(|l| {
            let (a, b) = (l.roll.high(), l.roll.low());
            format!("[{a}] [{b}]")
        }),
        last: f.last.as_ref().map(last_marks).unwrap_or_default(),
        last_from: f.last.as_ref().map(last_origins).unwrap_or_default(),
        hint: replay
            .decision()
            .filter(|d| d.loss > 0.0)
            .map(|d| {
                d.best
                    .steps()
                    .iter()
                    .flat_map(|s| [Slot::of_point(d.mover, s.from), Slot::of_point(d.mover, s.to)])
                    .collect()
            })
            .unwrap_or_default(),
        ..BoardView::of(f.position, mover, app.label_side(mover))
    };
    draw_board(buf, geo, &view, lang, theme);
    let legend = numbers_legend(lang, &view, theme);
    let (w, b) = f.score;
    let mut lines = vec![
        Line::from(format!(
            "{} · {} · {} {}",
            lang.say(screens::REPLAY),
            game_of(lang, f.game, replay.games),
            lang.say(screens::TURN),
            f.turn
        )),
        Line::from(format!("{} / {}", replay.index + 1, replay.frames.len())),
        Line::from(""),
    ];
    for side in Color::BOTH {
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", glyph(side)), theme.checker(side)),
            Span::raw(format!(
                " {}  {}",
                display_name(lang, &replay.names[side.index()]),
                if side == Color::White { w } else { b }
            )),
        ]));
        // Once analysed: the player's error rate over the match.
        if let Some(a) = &replay.analysis {
            let s = a.summary[side.index()];
            let rating = s.rating().map(|r| lang.say(screens::RATINGS[r as usize]));
            lines.push(Line::from(screens::error_rate(
                lang,
                s.error_rate(),
                s.decisions,
                rating,
            )));
        }
    }
    lines.push(Line::from(""));
    if let Some(last) = &f.last {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} {}{}", glyph(last.mover), last.roll.high(), last.roll.low()),
                theme.last,
            ),
            Span::raw(format!(" {}", last.play)),
        ]));
    }
    // The analysis of this turn's play: its mark and loss, and the better play, which is
    // also marked on the board.
    if let Some(d) = replay.decision() {
        let best = format!("{} {}", glyph(d.mover), d.best);
        let style = if d.loss > 0.0 { theme.error } else { Style::new() };
        lines.push(Line::from(Span::styled(
            screens::replay_decision(
                lang,
                d.mark.sign(),
                crate::words::figures::Loss {
                    points: d.loss,
                    match_chance: d.match_loss,
                },
                &best,
            ),
            style,
        )));
        if let Some((rank, of)) = replay.rank() {
            let who = display_name(lang, &replay.names[d.mover.index()]);
            lines.push(Line::from(screens::worst_rank(lang, &who, rank, of)));
        }
    } else if let Some(progress) = &replay.progress {
        // A gauge while the analysis runs in the background.
        lines.push(Line::from(lang.say(screens::ANALYSING)));
        lines.push(gauge(progress.ratio(), geo.panel.width.saturating_sub(9), theme));
    }
    if let Some(r) = &f.result {
        lines.push(Line::from(heading(format!(
            "{}: {}",
            display_name(lang, &replay.names[r.winner.index()]),
            result_line(lang, &r.result)
        ))));
    }
    lines.push(Line::from(""));
    lines.extend(legend);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(format!(" {} ", lang.say(screens::REPLAY))))
        .render_into(buf, geo.panel);
    Paragraph::new(vec![Line::from(lang.say(screens::REPLAY_KEYS))]).render_into(buf, geo.footer);
}
