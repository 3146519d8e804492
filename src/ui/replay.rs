//! A replay: the board of each turn, the score, the last play and a game's result — of
//! either game, drawn through the game boundary (as the match screen is), with its analysis
//! (each decision's mark, the better play lit on the board, each player's error rate);
//! backgammon's adds the doubling cube (its value and owner, each double, take and drop)
//! and weighs the cube's decisions too.

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{BoardView, draw_board, glyph, last_marks, last_origins, numbers_legend};
use super::{Geometry, RenderInto, Theme, gauge, heading};
use ratatui::style::Style;

use crate::ai::Strategy;
use crate::ai::backgammon::analysis::DecisionKind;
use crate::ai::verdict::Verdict;
use crate::app::{App, Replay, Reviewed, Slot};
use crate::game::{Backgammon, Checkers as _, Game, Steps};
use crate::rules::Color;
use crate::words::backgammon::analysis as bg_words;
use crate::words::game::GameWords;
use crate::words::names::display_name;
use crate::words::rules::game_of;
use crate::words::verdict as verdict_words;
use crate::words::{Lang, screens};

/// What a game's replay adds to the board and the side panel.
struct Extras {
    /// The board's lit better play.
    hint: Vec<Slot>,
    /// Under each player's name: bräde's error rate, once analysed.
    per_side: [Vec<Line<'static>>; 2],
    /// After the last play: bräde's analysis of it (or its gauge); backgammon's cube.
    after_play: Vec<Line<'static>>,
    /// The panel's first line.
    title: String,
    /// The keys in the footer.
    keys: String,
}

pub(super) fn draw(buf: &mut Buffer, geo: &Geometry, app: &App, replay: &Replay, theme: &Theme) {
    let lang = app.lang();
    let f = replay.frame();
    let hint = replay
        .decision()
        .filter(|d| d.loss > 0.0)
        .map(|d| {
            d.best
                .steps()
                .iter()
                .flat_map(|s| [Slot::of_point(d.mover, s.from), Slot::of_point(d.mover, s.to)])
                .collect()
        })
        .unwrap_or_default();
    // Once analysed: each player's error rate over the match.
    let per_side = Color::BOTH.map(|side| {
        replay
            .analysis
            .as_ref()
            .map(|a| {
                let s = a.summary[side.index()];
                let rating = s.rating().map(|r| lang.say(screens::RATINGS[r as usize]));
                Line::from(screens::error_rate(lang, s.error_rate(), s.decisions, rating))
            })
            .into_iter()
            .collect()
    });
    // A resignation, on a frame of its own.
    let mut after_play: Vec<Line> = f
        .cube
        .map(|(by, action)| {
            let who = display_name(lang, &replay.names[by.index()]);
            Line::from(vec![
                Span::styled(format!("{} ", glyph(by)), theme.last),
                Span::raw(crate::words::resign::action_line::<crate::game::Brade>(
                    lang, &who, action, 1,
                )),
            ])
        })
        .into_iter()
        .collect();
    // The analysis of this turn's play: its mark and loss, and the better play, which is
    // also marked on the board.
    if let Some(d) = replay.decision() {
        let best = format!("{} {}", glyph(d.mover), d.best);
        let style = if d.loss > 0.0 { theme.error } else { Style::new() };
        after_play.push(Line::from(Span::styled(
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
        after_play.extend(verdict_lines(geo, replay, theme, lang));
        if let Some((rank, of)) = replay.rank() {
            let who = display_name(lang, &replay.names[d.mover.index()]);
            after_play.push(Line::from(screens::worst_rank(lang, &who, rank, of)));
        }
    } else if let Some(progress) = &replay.progress {
        // A gauge while the analysis runs in the background.
        after_play.push(Line::from(lang.say(screens::ANALYSING)));
        after_play.push(gauge(progress.ratio(), geo.panel.width.saturating_sub(9), theme));
    }
    let extras = Extras {
        hint,
        per_side,
        after_play,
        title: format!(
            "{} · {} · {} {}",
            lang.say(screens::REPLAY),
            game_of(lang, f.game, replay.games),
            lang.say(screens::TURN),
            f.turn
        ),
        keys: crate::words::replay::keys(lang, replay.has_errors(), replay.can_roll_out()),
    };
    draw_replay(buf, geo, app, replay, theme, extras);
}

/// A backgammon replay: the cube's value and owner on every frame, and each double, take
/// and drop on a frame of its own; once analysed, each decision's mark and loss.
pub(super) fn draw_backgammon(
    buf: &mut Buffer,
    geo: &Geometry,
    app: &App,
    replay: &Replay<Backgammon>,
    theme: &Theme,
) {
    let lang = app.lang();
    let f = replay.frame();
    let mut after_play = Vec::new();
    if let Some((by, action)) = f.cube {
        let who = display_name(lang, &replay.names[by.index()]);
        after_play.push(Line::from(vec![
            Span::styled(format!("{} ", glyph(by)), theme.last),
            Span::raw(crate::words::resign::action_line::<Backgammon>(
                lang,
                &who,
                action,
                f.stake.value,
            )),
        ]));
    }
    after_play.extend(Backgammon::stake_line(lang, &f.stake).map(Line::from));
    // The analysis of this frame's decisions: the cube's before the roll, then the
    // checker play's, each with its mark and loss; the better play lit on the board.
    let decisions = replay.decisions_at(replay.index);
    let mut hint = Vec::new();
    for d in &decisions {
        let texts = d.texts();
        let line = bg_words::Line {
            game: d.game,
            turn: d.turn,
            who: "",
            what: d.what(&texts),
            sign: d.mark.sign(),
            loss: d.loss,
            match_chance: d.match_loss,
        };
        let style = if d.loss > 0.0 { theme.error } else { Style::new() };
        after_play.push(Line::from(vec![
            Span::styled(format!("{} ", glyph(d.mover)), theme.last),
            Span::styled(bg_words::panel(lang, &line), style),
        ]));
        if let DecisionKind::Checker { best, .. } = &d.kind
            && d.loss > 0.0
        {
            hint = Steps::steps(best)
                .iter()
                .flat_map(|s| {
                    [
                        Slot::at(Backgammon::LAYOUT, d.mover, s.from),
                        Slot::at(Backgammon::LAYOUT, d.mover, s.to),
                    ]
                })
                .collect();
        }
    }
    after_play.extend(verdict_lines(geo, replay, theme, lang));
    if let Some((rank, of)) = replay.rank()
        && let Some((mover, _)) = <Backgammon as crate::app::Reviewed>::error_at(replay, replay.index)
    {
        let who = display_name(lang, &replay.names[mover.index()]);
        after_play.push(Line::from(screens::worst_rank(lang, &who, rank, of)));
    }
    if decisions.is_empty()
        && let Some(progress) = &replay.progress
    {
        after_play.push(Line::from(lang.say(screens::ANALYSING)));
        after_play.push(gauge(progress.ratio(), geo.panel.width.saturating_sub(9), theme));
    }
    // Once analysed: each player's error rate over the match, checker play and cube
    // together, on GNU Backgammon's scale.
    let per_side = Color::BOTH.map(|side| {
        replay
            .analysis
            .as_ref()
            .map(|a| {
                let s = a.overall(side);
                let rating = s
                    .rating_on(crate::ai::backgammon::analysis::LIMITS)
                    .map(|r| lang.say(screens::RATINGS[r as usize]));
                Line::from(screens::error_rate(lang, s.error_rate(), s.decisions, rating))
            })
            .into_iter()
            .collect()
    });
    let extras = Extras {
        hint,
        per_side,
        after_play,
        // (A cube's action is numbered, as the analysis numbers it, by the turn whose roll
        // it comes before.)
        title: format!(
            "{} · {} · {} {}",
            lang.say(screens::REPLAY),
            Backgammon::progress(lang, f.game as u32, &score_before(replay)),
            lang.say(screens::TURN),
            f.turn + usize::from(f.cube.is_some())
        ),
        keys: crate::words::replay::keys(lang, replay.has_errors(), replay.can_roll_out()),
    };
    draw_replay(buf, geo, app, replay, theme, extras);
}

/// Under a marked decision rolled out (`v`): the rollout's loss and verdict, or a gauge
/// while it runs.
fn verdict_lines<G: Reviewed>(
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
fn score_before<G: Strategy>(replay: &Replay<G>) -> G::Score {
    super::board::score_before(&replay.game, replay.frame().game)
}
