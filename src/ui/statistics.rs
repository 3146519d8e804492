//! The Statistics screen: each player's matches, games, results for and against, points
//! per game, and the error rate match by match as a sparkline (oldest first).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph};

use super::{RenderInto, Theme, gauge, heading};
use crate::ai::analysis::Rating;
use crate::app::{App, Statistics};
use crate::store::stats::{BackgammonStats, Judged, PlayerStats, Rates};
use crate::words::names::display_name;
use crate::words::rules::kind_name;
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
        Some(table) if table.is_empty() && view.backgammon.is_empty() => {
            lines.push(Line::from(lang.say(screens::NO_STATISTICS)));
        }
        Some(table) => {
            // Bräde's figures, then backgammon's, each under its game's name when both
            // are there.
            let both = !table.is_empty() && !view.backgammon.is_empty();
            if both {
                lines.push(Line::from(heading(lang.say(screens::BRADE_NAME).to_uppercase())));
                lines.push(Line::from(""));
            }
            // The records not analysed yet, or the gauge of their analysis.
            if let Some(progress) = &view.progress {
                lines.push(Line::from(lang.say(screens::ANALYSING_RECORDS)));
                lines.push(gauge(progress.ratio(), area.width.saturating_sub(12), &theme));
                lines.push(Line::from(""));
            } else if view.unanalysed > 0 {
                lines.push(Line::from(screens::unanalysed(lang, view.unanalysed)));
                lines.push(Line::from(""));
            }
            for (name, s) in table {
                lines.extend(player(lang, &theme, &display_name(lang, name), s));
                lines.push(Line::from(""));
            }
            if !view.backgammon.is_empty() {
                lines.push(Line::from(heading(
                    lang.say(screens::BACKGAMMON_NAME).to_uppercase(),
                )));
                lines.push(Line::from(""));
                for (name, s) in &view.backgammon {
                    lines.extend(backgammon_player(lang, &theme, &display_name(lang, name), s));
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

/// A player's lines.
fn player(lang: Lang, theme: &Theme, name: &str, s: &PlayerStats) -> Vec<Line<'static>> {
    let by = |won: bool| {
        let (kinds, munk) = s.results(won);
        let mut parts: Vec<String> = kinds
            .iter()
            .map(|&(k, n)| format!("{} {n}", kind_name(k)))
            .collect();
        if munk > 0 {
            parts.push(format!("munk {munk}"));
        }
        if parts.is_empty() {
            "–".to_string()
        } else {
            parts.join(" · ")
        }
    };
    let mut lines = vec![
        Line::from(heading(name.to_string())),
        Line::from(format!("  {}", screens::statistics_figures(lang, &s.figures()))),
        Line::from(format!("  {} {}", lang.say(screens::WON), by(true))),
        Line::from(format!("  {} {}", lang.say(screens::LOST), by(false))),
    ];
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

/// A player's backgammon lines: matches, games and points per game; the games won and
/// lost by kind; the cube.
fn backgammon_player(lang: Lang, theme: &Theme, name: &str, s: &BackgammonStats) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::from(heading(name.to_string())),
        Line::from(format!("  {}", screens::statistics_figures(lang, &s.figures()))),
        Line::from(format!(
            "  {} {}",
            lang.say(screens::WON),
            screens::backgammon_results(lang, &s.won_by, s.won_by_drop)
        )),
        Line::from(format!(
            "  {} {}",
            lang.say(screens::LOST),
            screens::backgammon_results(lang, &s.lost_by, s.lost_by_drop)
        )),
        Line::from(format!("  {}", screens::cube_figures(lang, s.cube.counts()))),
    ];
    lines.extend(errors_lines(lang, theme, &s.history, s.error_rate()));
    lines.extend(manual_line(lang, [s.manual, s.played], &s.rates));
    lines
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
