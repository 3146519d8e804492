//! The position editor: the board with its cursor, and beside it the position's code, who
//! is placed and who is to move, the dice, what was borne off, the best plays or the
//! rollout asked for, and the keys. A game played out from it is drawn as a match.

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{BoardView, draw_board, glyph};
use super::{Geometry, RenderInto, Theme, gauge, playing};
use crate::app::{App, DrawEditor, Editable, Editor, EditorNote};
use crate::game::Checkers as _;
use crate::rules::Color;
use crate::words::editor as words;

impl<G: Editable> DrawEditor for Editor<G> {
    fn draw(&self, buf: &mut Buffer, area: ratatui::layout::Rect, app: &App) {
        let Some(geo) = Geometry::new(area).map(|g| g.mirrored(app.mirrored())) else {
            return;
        };
        draw(buf, &geo, app, self, &Theme::of(app.theme()));
    }
}

fn draw<G: Editable>(buf: &mut Buffer, geo: &Geometry, app: &App, e: &Editor<G>, theme: &Theme) {
    let lang = app.lang();
    if let Some(table) = &e.play {
        playing::draw(buf, geo, app, table, theme);
        // Under the match's own lines: that it is practice, and how to go back.
        let f = geo.footer;
        if f.height >= 4 {
            let last = ratatui::layout::Rect::new(f.x, f.y + f.height - 1, f.width, 1);
            Paragraph::new(Line::from(Span::styled(
                lang.say(words::PLAYING_KEYS),
                theme.last,
            )))
            .render_into(buf, last);
        }
        return;
    }
    let turn = e.position.to_move();
    let view: BoardView<G> = BoardView {
        cursor: Some(e.cursor),
        rules: e.rules,
        ..BoardView::of(e.position, turn, app.label_side(turn))
    };
    draw_board(buf, geo, &view, lang, theme);
    let mut lines = vec![
        Line::from(lang.say(words::CODE)),
        Line::from(Span::styled(e.code(), theme.last)),
    ];
    if let Some(id) = e.other_code() {
        lines.push(Line::from(vec![
            Span::raw(lang.say(words::GNU_ID)),
            Span::styled(id, theme.last),
        ]));
    }
    lines.extend([
        Line::from(""),
        Line::from(vec![
            Span::raw(lang.say(words::PLACING)),
            Span::styled(format!("{} ", glyph(e.placing)), theme.checker(e.placing)),
            Span::raw(words::colour(lang, e.placing)),
        ]),
        Line::from(vec![
            Span::raw(lang.say(words::TO_MOVE)),
            Span::styled(format!("{} ", glyph(turn)), theme.checker(turn)),
            Span::raw(words::colour(lang, turn)),
        ]),
        Line::from(format!(
            "{}{}",
            lang.say(words::DICE),
            match e.dice[..] {
                [] => lang.say(words::NO_DICE).to_string(),
                [a] => format!("[{a}] [ ]"),
                [a, b, ..] => format!("[{a}] [{b}]"),
            }
        )),
    ]);
    for side in Color::BOTH {
        lines.push(Line::from(words::borne_off(
            lang,
            side,
            e.position.borne_off(side),
        )));
    }
    lines.push(Line::from(""));
    match &e.note {
        Some(EditorNote::Refused(why)) => {
            lines.push(Line::from(Span::styled(G::code_refusal(lang, why), theme.error)));
        }
        Some(EditorNote::Copied { other }) => {
            let copied = if *other { words::COPIED_ID } else { words::COPIED };
            lines.push(Line::from(lang.say(copied)));
        }
        Some(EditorNote::NeedsRoll) => lines.push(Line::from(lang.say(words::NEEDS_ROLL))),
        Some(EditorNote::NothingToPlay) => lines.push(Line::from(lang.say(words::NOTHING_TO_PLAY))),
        Some(EditorNote::NoRollout) => lines.push(Line::from(lang.say(words::NO_ROLLOUT))),
        Some(EditorNote::Thinking) => lines.push(Line::from(lang.say(words::THINKING))),
        Some(EditorNote::Cube(cube)) => {
            lines.push(Line::from(cube.clone()));
            lines.push(Line::from(lang.say(words::DICE_FOR_PLAYS)));
        }
        Some(EditorNote::Shared(shared)) => {
            lines.push(Line::from(crate::words::sharing::said(lang, shared)));
        }
        Some(EditorNote::Hints(plays)) => {
            for (play, value) in plays {
                let v = crate::words::decimal(lang, format!("{value:+.3}"));
                lines.push(Line::from(format!("{} {play} ({v})", glyph(turn))));
            }
        }
        None => {}
    }
    if let Some(progress) = &e.progress {
        lines.push(Line::from(lang.say(words::ROLLING_OUT)));
        lines.push(gauge(progress.ratio(), geo.panel.width.saturating_sub(9), theme));
    } else if let Some(r) = &e.rollout {
        lines.push(Line::from(G::rollout_line(lang, r)));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(format!(" {} ", lang.say(G::TITLE))))
        .render_into(buf, geo.panel);
    let keys: Vec<Line> = G::KEYS.iter().map(|k| Line::from(lang.say(*k))).collect();
    Paragraph::new(keys)
        .wrap(Wrap { trim: true })
        .render_into(buf, geo.footer);
}
