//! A replay: the board of each turn, the score, the last play and a game's result — of any
//! game, drawn through the game boundary (as the match screen is), with what its game adds
//! (`brade.rs`, `backgammon.rs`: its analysis, each decision's mark, the better play lit on
//! the board, each player's error rate, the cube).

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{BoardView, draw_board, glyph, last_marks, last_origins, numbers_legend};
use super::{Geometry, RenderInto, Theme, gauge, heading};
use ratatui::style::Style;

use crate::ai::Strategy;
use crate::ai::verdict::Verdict;
use crate::app::{App, Replay, Slot};
use crate::game::Checkers as _;
use crate::rules::Color;
use crate::words::game::GameWords;
use crate::words::names::display_name;
use crate::words::verdict as verdict_words;
use crate::words::{Lang, screens};

mod backgammon;
mod brade;

/// Draws a replay of `G`, with what its game adds (`extras`, given the geometry and the
/// theme), in `area`.
fn draw_in<G: GameWords + Strategy>(
    buf: &mut Buffer,
    area: ratatui::layout::Rect,
    app: &App,
    replay: &Replay<G>,
    extras: impl FnOnce(&Geometry, &Theme) -> Extras,
) {
    let Some(geo) = Geometry::new(area).map(|g| g.mirrored(app.mirrored())) else {
        return;
    };
    let theme = Theme::of(app.theme());
    let extras = extras(&geo, &theme);
    draw_replay(buf, &geo, app, replay, &theme, extras);
}

/// What a game's replay adds to the board and the side panel.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// The board's lit better play.
    pub hint: Vec<Slot>,
    /// Under each player's name: bräde's error rate, once analysed.
    pub per_side: [Vec<Line<'static>>; 2],
    /// After the last play: bräde's analysis of it (or its gauge); backgammon's cube.
    pub after_play: Vec<Line<'static>>,
    /// The panel's first line.
    pub title: String,
    /// The keys in the footer.
    pub keys: String,
}

/// A game whose replay is drawn: the board, the score and the last play as for every
/// game, with what the game adds ([`ReplayView::extras`]: by default its title and keys
/// alone, for a game without an analysis).
pub trait ReplayView: crate::app::ReplayGame {
    /// What the game adds to its replay at `replay`'s frame.
    fn extras(_geo: &Geometry, app: &App, replay: &Replay<Self>, _theme: &Theme) -> Extras {
        let lang = app.lang();
        let f = replay.frame();
        Extras {
            title: format!(
                "{} · {} · {} {}",
                lang.say(screens::REPLAY),
                Self::progress(lang, f.game as u32, &replay.game.score),
                lang.say(screens::TURN),
                f.turn
            ),
            keys: crate::words::replay::keys(lang, replay.has_errors(), replay.can_roll_out()),
            ..Extras::default()
        }
    }
}

impl<G: ReplayView> crate::app::DrawReplay for Replay<G> {
    fn draw(&self, buf: &mut Buffer, area: ratatui::layout::Rect, app: &App) {
        draw_in(buf, area, app, self, |geo, theme| {
            G::extras(geo, app, self, theme)
        });
    }
}

/// Under a marked decision rolled out (`v`): the rollout's loss and verdict, or a gauge
/// while it runs.
fn verdict_lines<G: crate::app::Reviewed>(
    geo: &Geometry,
    replay: &Replay<G>,
    theme: &Theme,
    lang: Lang,
) -> Vec<Line<'static>> {
    if let Some(v) = replay.verification() {
        let style = match v.verdict {
            Verdict::Confirmed => theme.error,
            _ => Style::new(),
        };
        vec![Line::from(Span::styled(
            verdict_words::panel(lang, &v.figures()),
            style,
        ))]
    } else if let Some(progress) = replay.verifying() {
        vec![
            Line::from(lang.say(verdict_words::ROLLING_OUT)),
            gauge(progress.ratio(), geo.panel.width.saturating_sub(9), theme),
        ]
    } else {
        Vec::new()
    }
}

fn draw_replay<G: GameWords + Strategy>(
    buf: &mut Buffer,
    geo: &Geometry,
    app: &App,
    replay: &Replay<G>,
    theme: &Theme,
    extras: Extras,
) {
    let lang: Lang = app.lang();
    let f = replay.frame();
    // The play shown (not a cube's action) is its mover's: the header names him and the
    // points are numbered as he counts them, as the play is written.
    let played = f.last.as_ref().filter(|_| f.cube.is_none()).map(|l| l.mover);
    let mover = match played {
        Some(side) => side,
        None if f.result.is_some() => f.position.to_move().other(),
        None => f.position.to_move(),
    };
    let view: BoardView<G> = BoardView {
        over: f.result.is_some(),
        rules: replay.game.rules,
        header: G::header(lang, replay.game.rules, &score_before(replay)),
        dice_right: f.last.as_ref().filter(|_| f.cube.is_none()).map(|l| {
            let (a, b) = (l.roll.high(), l.roll.low());
            format!("[{a}] [{b}]")
        }),
        last: f.last.as_ref().map(last_marks).unwrap_or_default(),
        last_from: f.last.as_ref().map(last_origins).unwrap_or_default(),
        hint: extras.hint,
        played_by: played,
        ..BoardView::of(f.position, mover, app.label_side(mover))
    };
    draw_board(buf, geo, &view, lang, theme);
    let legend = numbers_legend(lang, &view, theme);
    let (w, b) = f.score;
    let mut lines = vec![
        Line::from(extras.title),
        Line::from(format!("{} / {}", replay.index + 1, replay.frames.len())),
        Line::from(""),
    ];
    for (side, below) in Color::BOTH.into_iter().zip(extras.per_side) {
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", glyph(side)), theme.checker(side)),
            Span::raw(format!(
                " {}  {}",
                display_name(lang, &replay.names[side.index()]),
                if side == Color::White { w } else { b }
            )),
        ]));
        lines.extend(below);
    }
    if let Some(why) = replay.refused {
        lines.push(Line::from(Span::styled(
            crate::words::kept::replay_refused(lang, why),
            theme.error,
        )));
    }
    lines.push(Line::from(""));
    if let Some(last) = f.last.as_ref().filter(|_| f.cube.is_none()) {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} {}{}", glyph(last.mover), last.roll.high(), last.roll.low()),
                theme.last,
            ),
            Span::raw(format!(" {}", last.play)),
        ]));
    }
    lines.extend(extras.after_play);
    if let Some(r) = &f.result {
        let winner = G::winner(r);
        // A game given up is worth what was given up (bräde's hemspel was not borne off).
        let result = match f.cube {
            Some((_, crate::game::CubeAction::Resign(resigned))) => G::resign_offer(lang, resigned.level, r),
            _ => G::record_line(lang, r),
        };
        lines.push(Line::from(heading(format!(
            "{}: {result}",
            display_name(lang, &replay.names[winner.index()]),
        ))));
    }
    lines.push(Line::from(""));
    lines.extend(legend);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(panel_title(lang, replay.manual, theme)))
        .render_into(buf, geo.panel);
    // The footer: why the last key did nothing, the keys that act here, and what `X` or
    // `P` just shared.
    let said = replay
        .said
        .map(|s| Line::from(Span::styled(crate::words::replay::said(lang, s), theme.error)));
    let mut footer: Vec<Line> = said.into_iter().collect();
    footer.push(Line::from(extras.keys));
    footer.push(Line::from(lang.say(crate::words::sharing::REPLAY_KEYS)));
    if let Some(shared) = &replay.shared {
        footer.push(Line::from(crate::words::sharing::said(lang, shared)));
    }
    Paragraph::new(footer)
        .wrap(Wrap { trim: true })
        .render_into(buf, geo.footer);
}

/// The side panel's title: "Replay", and for a match played with manual dice "manual
/// dice" beside it, marked (a record cannot prove typed dice).
fn panel_title(lang: Lang, manual: bool, theme: &Theme) -> Line<'static> {
    let replay = lang.say(screens::REPLAY);
    if manual {
        let mark = lang.say(crate::words::records::MANUAL_DICE);
        Line::from(vec![
            Span::raw(format!(" {replay} · ")),
            Span::styled(mark, theme.mark),
            Span::raw(" "),
        ])
    } else {
        Line::from(format!(" {replay} "))
    }
}

/// The match's score before the game of the frame shown (its Crawford game, say).
pub(super) fn score_before<G: Strategy>(replay: &Replay<G>) -> G::Score {
    super::board::score_before(&replay.game, replay.frame().game)
}
