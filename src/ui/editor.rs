//! The position editor: the board with its cursor, and beside it the position's code, who
//! is placed and who is to move, the dice, what was borne off, the best plays or the
//! rollout asked for, and the keys. A game played out from it is drawn as a match.

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{BoardView, draw_board, glyph};
use super::{Geometry, RenderInto, Theme, gauge, playing};
use crate::app::{App, Editor, EditorNote};
use crate::game::Brade;
use crate::rules::Color;
use crate::words::editor as words;

pub(super) fn draw(buf: &mut Buffer, geo: &Geometry, app: &App, e: &Editor, theme: &Theme) {
    let lang = app.lang();
    if let Some(table) = &e.play {
        playing::draw(buf, geo, app, table, theme);
        return;
    }
    let turn = e.position.turn();
    let view: BoardView<Brade> = BoardView {
        cursor: Some(e.cursor),
        rules: e.rules,
        ..BoardView::of(e.position, turn, app.label_side(turn))
    };
    draw_board(buf, geo, &view, lang, theme);
    let mut lines = vec![
        Line::from(lang.say(words::CODE)),
        Line::from(Span::styled(e.code(), theme.last)),
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
    ];
    let board = e.position.board();
    let (own_off, opp_off) = (board.own_off(), board.opp_off());
    for side in Color::BOTH {
        let off = if side == turn { own_off } else { opp_off };
        lines.push(Line::from(words::borne_off(lang, side, off)));
    }
    lines.push(Line::from(""));
    match &e.note {
        Some(EditorNote::Refused(why)) => {
            lines.push(Line::from(Span::styled(words::refusal(lang, why), theme.error)));
        }
        Some(EditorNote::Copied) => lines.push(Line::from(lang.say(words::COPIED))),
        Some(EditorNote::NeedsRoll) => lines.push(Line::from(lang.say(words::NEEDS_ROLL))),
        Some(EditorNote::NothingToPlay) => lines.push(Line::from(lang.say(words::NOTHING_TO_PLAY))),
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
        lines.push(Line::from(words::rollout(
            lang,
            r.games,
            r.equity(),
            r.std_error(),
        )));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(format!(" {} ", lang.say(words::EDITOR))))
        .render_into(buf, geo.panel);
    let keys: Vec<Line> = words::KEYS.iter().map(|k| Line::from(lang.say(*k))).collect();
    Paragraph::new(keys)
        .wrap(Wrap { trim: true })
        .render_into(buf, geo.footer);
}
