//! A bräde replay's additions: each player's error rate, the analysis of the play shown
//! with the better play lit on the board, a resignation's frame.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{Extras, verdict_lines};
use crate::app::{App, Replay, Slot};
use crate::game::Brade;
use crate::rules::Color;
use crate::ui::board::glyph;
use crate::ui::{Geometry, Theme, gauge};
use crate::words::names::display_name;
use crate::words::rules::game_of;
use crate::words::screens;

impl super::ReplayView for Brade {
    fn extras(geo: &Geometry, app: &App, replay: &Replay<Brade>, theme: &Theme) -> Extras {
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
        Extras {
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
        }
    }
}
