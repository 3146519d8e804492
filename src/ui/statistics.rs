//! The Statistics screen: each player's matches, games, results for and against, points
//! per game, and the error rate match by match as a sparkline (oldest first).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph};

use super::{RenderInto, Theme, gauge, heading};
use crate::ai::analysis::Rating;
use crate::app::{App, Statistics};
use crate::store::stats::{Judged, PlayerStats, Rates};
use crate::words::game::GameWords;
use crate::words::names::display_name;
use crate::words::{Lang, screens};

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, view: &Statistics) {
    let theme = Theme::of(app.theme());
    let lang = app.lang();
    let mut lines = vec![Line::from(heading(lang.say(screens::STATISTICS))), Line::from("")];
    match &view.table {
        None => {
            lines.push(Line::from(lang.say(screens::READING_RECORDS)));
            if let Some(progress) = app.statistics_reading() {
                lines.push(gauge(progress.ratio(), area.width.saturating_sub(12), &theme));
            }
        }
        Some(table) if table.is_empty() => {
            lines.push(Line::from(lang.say(screens::NO_STATISTICS)));
        }
        Some(table) => {
            // Each game's figures, the first game's under its name when others follow,
            // every other game's under its name; the records not analysed yet (or the
            // gauge of their analysis) before the first game's players — and before any
            // heading when the first game has none.
            let several = table.len() > 1;
            let first = crate::game::Kind::ALL[0];
            let mut progress_said = false;
            let mut progress = |lines: &mut Vec<Line<'static>>| {
                if std::mem::replace(&mut progress_said, true) {
                    return;
                }
                if let Some(progress) = &view.progress {
                    lines.push(Line::from(lang.say(screens::ANALYSING_RECORDS)));
                    lines.push(gauge(progress.ratio(), area.width.saturating_sub(12), &theme));
                    lines.push(Line::from(""));
                } else if view.unanalysed > 0 {
                    lines.push(Line::from(screens::unanalysed(lang, view.unanalysed)));
                    lines.push(Line::from(""));
                }
            };
            for (&kind, players) in table {
                if kind != first {
                    progress(&mut lines);
                }
                if several || kind != first {
                    lines.push(Line::from(heading(
                        lang.say(crate::words::game_title(kind)).to_uppercase(),
                    )));
                    lines.push(Line::from(""));
                }
                progress(&mut lines);
                for (name, s) in players {
                    lines.extend(
                        crate::with_game!(kind, G => player::<G>(lang, &theme, &display_name(lang, name), s)),
                    );
                    lines.push(Line::from(""));
                }
            }
        }
    }
    let visible = area.height.saturating_sub(3);
    let max_scroll = (lines.len() as u16).saturating_sub(visible);
    Clear.render_into(buf, area);
    let keys = format!(" {} ", lang.say(screens::STATISTICS_KEYS));
    Paragraph::new(lines)
        .scroll((view.scroll.min(max_scroll), 0))
        .block(
            Block::bordered()
                .border_type(BorderType::Rounded)
                .title_bottom(keys),
        )
        .render_into(buf, area);
}

/// A player's lines: matches, games and points per game; the games won and lost by kind
/// of result; the cube's actions in a game with a cube; the error rate.
fn player<G: GameWords>(lang: Lang, theme: &Theme, name: &str, s: &PlayerStats) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::from(heading(name.to_string())),
        Line::from(format!("  {}", screens::statistics_figures(lang, &s.figures()))),
        Line::from(format!(
            "  {} {}",
            lang.say(screens::WON),
            G::results_words(lang, &s.won_by, s.marked_for)
        )),
        Line::from(format!(
            "  {} {}",
            lang.say(screens::LOST),
            G::results_words(lang, &s.lost_by, s.marked_against)
        )),
    ];
    if let Some(cube) = s.cube {
        lines.push(Line::from(format!(
            "  {}",
            screens::cube_figures(lang, cube.counts())
        )));
    }
    lines.extend(errors_lines(lang, theme, &s.history, s.error_rate()));
    lines.extend(manual_line(lang, [s.manual, s.played], &s.rates));
    lines
}

/// How many of a player's matches were played with manual dice, and the error rate
/// without them; nothing when none was.
fn manual_line(lang: Lang, [manual, played]: [u32; 2], rates: &Rates) -> Option<Line<'static>> {
    (manual > 0).then(|| {
        let without = rates
            .drawn
            .map(|(rate, rating)| (rate, lang.say(screens::RATINGS[rating as usize])));
        Line::from(format!(
            "  {}",
            screens::manual_dice_figures(lang, manual, played, without)
        ))
    })
}

/// A player's error rate over the matches analysed (`history`), with its rating; below it
/// the rate match by match as a sparkline and the latest (two lines, so that both fit at
/// 80 columns); or that none is analysed. (Only the matches the sparkline shows are looked
/// at: the rate over all was worked out with the figures.)
fn errors_lines(
    lang: Lang,
    theme: &Theme,
    history: &[Judged],
    rate: Option<(f64, Rating)>,
) -> Vec<Line<'static>> {
    let Some((rate, rating)) = rate else {
        return vec![Line::from(format!("  {}", lang.say(screens::NOT_ANALYSED)))];
    };
    let rates: Vec<f64> = history[history.len().saturating_sub(SPARKS)..]
        .iter()
        .map(|j| j.summary.error_rate())
        .collect();
    let latest = rates.last().copied().unwrap_or(rate);
    vec![
        Line::from(format!(
            "  {}",
            screens::statistics_error_rate(lang, rate, lang.say(screens::RATINGS[rating as usize]))
        )),
        Line::from(vec![
            Span::raw(format!("  {} ", lang.say(screens::STATISTICS_BY_MATCH))),
            Span::styled(sparkline(&rates), theme.last),
            Span::raw(format!(
                " {}",
                screens::statistics_latest(lang, latest, history.len())
            )),
        ]),
    ]
}

/// How many matches the sparkline shows: the latest.
const SPARKS: usize = 24;

/// The rates as a line of bars, each as high as its share of the highest (at most the
/// last [`SPARKS`]).
#[must_use]
pub fn sparkline(rates: &[f64]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let shown = &rates[rates.len().saturating_sub(SPARKS)..];
    let top = shown.iter().copied().fold(0.0_f64, f64::max);
    shown
        .iter()
        .map(|&r| {
            if top <= 0.0 {
                BARS[0]
            } else {
                BARS[((r / top * 7.0).round() as usize).min(7)]
            }
        })
        .collect()
}
