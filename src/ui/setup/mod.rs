//! The setup form of a new match: one form for every game, whose own words (its length,
//! its rules) each game gives ([`SetupForm`], in `brade.rs` and `backgammon.rs`).

mod backgammon;
mod brade;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Theme, board::glyph, dialog, heading, selected};
use crate::ai::Level;
use crate::app::{ComputerPlays, Setup, SetupField};
use crate::rules::Color;
use crate::words::{Lang, names, screens};

/// The form's narrowest width.
pub(super) const WIDTH: u16 = 70;

pub(super) fn draw(buf: &mut Buffer, area: Rect, lang: Lang, form: (&Setup, Option<&str>), theme: &Theme) {
    dialog(buf, area, WIDTH, lines(lang, form, theme).0);
}

/// What a game's setup form says in its own words: its title, its length field (label and
/// the choices, the one chosen in brackets), its rules field (label and name) and what the
/// rules chosen change, a line each.
pub(super) struct FormWords {
    pub title: String,
    pub length: (String, String),
    pub rules: (String, String),
    pub changes: Vec<String>,
}

/// A game whose new match the setup form sets up.
pub(super) trait SetupForm {
    /// The form's words for the game, as `form` stands.
    fn form_words(lang: Lang, form: &Setup) -> FormWords;
}

/// The choices of a field in a row, the one chosen in brackets.
pub(super) fn choices(values: impl Iterator<Item = (String, bool)>) -> String {
    values
        .map(|(v, chosen)| {
            if chosen {
                format!("[{v}]")
            } else {
                format!(" {v} ")
            }
        })
        .collect()
}

/// The form's lines, and the line of each field shown (in the order of `form.fields()`);
/// the form of an invitation (to the player named) says so in its title.
pub(super) fn lines(
    lang: Lang,
    (form, invite): (&Setup, Option<&str>),
    theme: &Theme,
) -> (Vec<Line<'static>>, Vec<u16>) {
    let mut words = crate::with_game!(form.game, G => <G as SetupForm>::form_words(lang, form));
    if let Some(guest) = invite {
        words.title = crate::words::lobby::invite_title(lang, guest, &words.title);
    }
    let field = |f: SetupField, label: &str, value: String| field_line(form, theme, f, label, value);
    let name = |side: Color| name_line(lang, form, theme, side);
    let mut lines = vec![
        Line::from(heading(words.title)),
        Line::from(""),
        field(SetupField::Games, &words.length.0, words.length.1),
        name(Color::White),
        name(Color::Black),
    ];
    lines.extend(computer_lines(lang, form, theme));
    // What the set changes, a line each, under it.
    let (rules_row, start) = rules_and_start(&mut lines, (lang, form, theme), words.rules, words.changes);
    // The length, the names, the computer and the level (when shown) from the third line
    // on, then the rules and the button.
    let fields = form.fields();
    let rows = (2..).take(fields.len() - 2).chain([rules_row, start]).collect();
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
        Span::raw(format!("{}{label:<16}", super::marker(form.field == f))),
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
    (label, value): (String, String),
    changes: Vec<String>,
) -> (u16, u16) {
    let rules_row = lines.len() as u16;
    lines.push(field_line(form, theme, SetupField::Rules, &label, value));
    for change in changes {
        lines.push(Line::from(Span::styled(
            format!("{:18}· {change}", ""),
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
