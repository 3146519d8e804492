//! The setup form of a new match.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Theme, board::glyph, dialog, heading, selected};
use crate::ai::Level;
use crate::app::{ComputerPlays, Setup, SetupField};
use crate::rules::Color;
use crate::session::GAME_CHOICES;
use crate::words::{Lang, rules::color_name, screens};

pub(super) fn draw(buf: &mut Buffer, area: Rect, lang: Lang, form: &Setup, theme: &Theme) {
    let field = |f: SetupField, label: &str, value: String| {
        Line::from(vec![
            Span::raw(format!("{label:<16}")),
            Span::styled(value, selected(theme, form.field == f)),
        ])
    };
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
    let name = |side: Color| {
        let f = SetupField::Name(side);
        let cursor = if form.field == f { "▏" } else { "" };
        field(
            f,
            &format!("{} {}", color_name(lang, side), glyph(side)),
            format!("{}{cursor}", form.names[side.index()]),
        )
    };
    let lines = vec![
        Line::from(heading(lang.say(screens::NEW_MATCH))),
        Line::from(""),
        field(SetupField::Games, lang.say(screens::GAMES), games),
        name(Color::White),
        name(Color::Black),
        field(
            SetupField::Computer,
            lang.say(screens::COMPUTER_PLAYS),
            lang.say(match form.computer {
                ComputerPlays::Nobody => screens::NOBODY,
                ComputerPlays::White => screens::WHITE,
                ComputerPlays::Black => screens::BLACK,
                ComputerPlays::Both => screens::BOTH,
            })
            .to_string(),
        ),
        field(
            SetupField::Level,
            lang.say(screens::LEVEL),
            lang.say(match form.level {
                Level::Easy => screens::EASY,
                Level::Hard => screens::HARD,
                Level::Expert => screens::EXPERT,
                _ => screens::MEDIUM,
            })
            .to_string(),
        ),
        Line::from(""),
        field(SetupField::Start, "", lang.say(screens::START_MATCH).to_string()),
        Line::from(""),
        Line::from(lang.say(screens::SETUP_KEYS)),
    ];
    dialog(buf, area, 70, lines);
}
