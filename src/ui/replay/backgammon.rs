//! A backgammon replay's additions: the cube's value and owner on every frame, each
//! double, take and drop on a frame of its own; once analysed, each decision's mark and
//! loss, the better play lit, each player's error rate on GNU Backgammon's scale.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{Extras, score_before, verdict_lines};
use crate::ai::backgammon::analysis::DecisionKind;
use crate::app::{App, Replay, Slot};
use crate::game::{Backgammon, Game, Steps};
use crate::rules::Color;
use crate::ui::board::glyph;
use crate::ui::{Geometry, Theme, gauge};
use crate::words::backgammon::analysis as bg_words;
use crate::words::game::GameWords;
use crate::words::names::display_name;
use crate::words::screens;

/// A backgammon replay: the cube's value and owner on every frame, and each double, take
/// and drop on a frame of its own; once analysed, each decision's mark and loss.
impl super::ReplayView for Backgammon {
    fn extras(geo: &Geometry, app: &App, replay: &Replay<Backgammon>, theme: &Theme) -> Extras {
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
        Extras {
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
        }
    }
}
