//! The setup form of a new match.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Theme, board::glyph, dialog, heading, selected};
use crate::ai::Level;
use crate::app::{ComputerPlays, POINTS_CHOICES, Setup, SetupField};
use crate::game::Kind;
use crate::rules::Color;
use crate::session::GAME_CHOICES;
use crate::words::{Lang, names, screens};

/// The form's narrowest width.
pub(super) const WIDTH: u16 = 70;

pub(super) fn draw(buf: &mut Buffer, area: Rect, lang: Lang, form: &Setup, theme: &Theme) {
    dialog(buf, area, WIDTH, lines(lang, form, theme).0);
}

/// The form's lines, and the line of each field shown (in the order of `form.fields()`).
pub(super) fn lines(lang: Lang, form: &Setup, theme: &Theme) -> (Vec<Line<'static>>, Vec<u16>) {
    if form.game == Kind::Backgammon {
        return backgammon_lines(lang, form, theme);
    }
    let field = |f: SetupField, label: &str, value: String| field_line(form, theme, f, label, value);
    let games = GAME_CHOICES
        .iter()
        .map(|&g| {
            if g == form.games {
                format!("[{g}]")
            } else {
                format!(" {g} ")
            }
        })
        .collect::<String>();
    let name = |side: Color| name_line(lang, form, theme, side);
    let mut lines = vec![
        Line::from(heading(lang.say(screens::NEW_MATCH))),
        Line::from(""),
        field(SetupField::Games, lang.say(screens::GAMES), games),
        name(Color::White),
        name(Color::Black),
    ];
    lines.extend(computer_lines(lang, form, theme));
    // What the set changes, a line each, under it.
    let (rules_row, start) = rules_and_start(
        &mut lines,
        (lang, form, theme),
        (
            lang.say(screens::RULES),
            crate::words::rules::ruleset_name(lang, form.rules),
        ),
        crate::words::rules::ruleset_changes(lang, form.rules),
    );
    // Games, the names, the computer and the level (when shown) from the third line on,
    // then the rules and the button.
    let fields = form.fields();
    let rows = (2..).take(fields.len() - 2).chain([rules_row, start]).collect();
    (lines, rows)
}

/// The form of a backgammon match: its points (or money play), the names, the options.
fn backgammon_lines(lang: Lang, form: &Setup, theme: &Theme) -> (Vec<Line<'static>>, Vec<u16>) {
    let field = |f: SetupField, label: &str, value: String| field_line(form, theme, f, label, value);
    // The length chosen and its neighbours: the whole list is wider than the form.
    let at = POINTS_CHOICES.iter().position(|&p| p == form.points).unwrap_or(2);
    let shown = |p: u32| {
        if p == 0 {
            lang.say(screens::MONEY).to_string()
        } else {
            p.to_string()
        }
    };
    let points = (at.saturating_sub(2)..(at + 3).min(POINTS_CHOICES.len()))
        .map(|i| {
            let p = POINTS_CHOICES[i];
            if i == at {
                format!("[{}]", shown(p))
            } else {
                format!(" {} ", shown(p))
            }
        })
        .collect::<String>();
    let name = |side: Color| name_line(lang, form, theme, side);
    let mut lines = vec![
        Line::from(heading(lang.say(screens::NEW_BACKGAMMON_MATCH))),
        Line::from(""),
        field(SetupField::Games, lang.say(screens::POINTS), points),
        name(Color::White),
        name(Color::Black),
    ];
    lines.extend(computer_lines(lang, form, theme));
    let (options_row, start) = rules_and_start(
        &mut lines,
        (lang, form, theme),
        (
            lang.say(screens::OPTIONS),
            crate::words::backgammon::matchplay::stakes_name(lang, form.stakes),
        ),
        crate::words::backgammon::matchplay::stakes_notes(lang, form.stakes, form.points == 0),
    );
    let fields = form.fields();
    let rows = (2..).take(fields.len() - 2).chain([options_row, start]).collect();
    (lines, rows)
}

/// Who the computer plays, and its level when it plays a side.
fn computer_lines(lang: Lang, form: &Setup, theme: &Theme) -> Vec<Line<'static>> {
    let field = |f: SetupField, label: &str, value: String| field_line(form, theme, f, label, value);
    let mut lines = vec![field(
        SetupField::Computer,
        lang.say(screens::COMPUTER_PLAYS),
        lang.say(match form.computer {
            ComputerPlays::Nobody => screens::NOBODY,
            ComputerPlays::White => screens::WHITE,
            ComputerPlays::Black => screens::BLACK,
            ComputerPlays::Both => screens::BOTH,
        })
        .to_string(),
    )];
    // The level only when the computer plays.
    lines.extend(form.fields().contains(&SetupField::Level).then(|| {
        field(
            SetupField::Level,
            lang.say(screens::LEVEL),
            lang.say(match form.level {
                Level::Easy => names::EASY,
                Level::Hard => names::HARD,
                Level::Expert => names::EXPERT,
                _ => names::MEDIUM,
            })
            .to_string(),
        )
    }));
    lines
}

/// A field's line: its label, then its value, lit when the cursor is on it.
fn field_line(form: &Setup, theme: &Theme, f: SetupField, label: &str, value: String) -> Line<'static> {
    Line::from(vec![
        Span::raw(format!("{label:<16}")),
        Span::styled(value, selected(theme, form.field == f)),
    ])
}

/// A player's name field, with the typing cursor when it is on it.
fn name_line(lang: Lang, form: &Setup, theme: &Theme, side: Color) -> Line<'static> {
    let f = SetupField::Name(side);
    let cursor = if form.field == f { "▏" } else { "" };
    field_line(
        form,
        theme,
        f,
        &format!("{} {}", names::color_name(lang, side), glyph(side)),
        format!("{}{cursor}", form.shown_name(lang, side)),
    )
}

/// The field of the rules (bräde's set, backgammon's options) with what they change under
/// it, a dim line each, then the button and the keys. Returns the rows of the field and
/// of the button.
fn rules_and_start(
    lines: &mut Vec<Line<'static>>,
    (lang, form, theme): (Lang, &Setup, &Theme),
    (label, value): (&str, String),
    changes: Vec<impl std::fmt::Display>,
) -> (u16, u16) {
    let rules_row = lines.len() as u16;
    lines.push(field_line(form, theme, SetupField::Rules, label, value));
    for change in changes {
        lines.push(Line::from(Span::styled(
            format!("{:16}· {change}", ""),
            ratatui::style::Style::new().add_modifier(ratatui::style::Modifier::DIM),
        )));
    }
    lines.push(Line::from(""));
    let start = lines.len() as u16;
    lines.extend([
        field_line(
            form,
            theme,
            SetupField::Start,
            "",
            lang.say(screens::START_MATCH).to_string(),
        ),
        Line::from(""),
        Line::from(lang.say(screens::SETUP_KEYS)),
    ]);
    (rules_row, start)
}
