//! Colour themes. Every distinction also has a non-colour form (glyphs, bold, underline,
//! reverse), which the monochrome theme uses alone.

use ratatui::style::{Color as Tint, Modifier, Style};

use super::palette;
use crate::rules::Color;
use crate::settings::ThemeName;

/// The styles the board and panels are drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub point_dark: Style,
    pub point_light: Style,
    pub bar: Style,
    pub tray: Style,
    pub light_checker: Style,
    pub dark_checker: Style,
    pub cursor: Style,
    pub picked: Style,
    pub target: Style,
    pub last: Style,
    pub mark: Style,
    pub error: Style,
    /// A glyph marking the tip of each point where colour cannot (monochrome).
    pub tip: Option<char>,
}

impl Theme {
    /// The theme of a name.
    #[must_use]
    pub fn of(name: ThemeName) -> Theme {
        let bold = Modifier::BOLD;
        match name {
            ThemeName::Default => Theme {
                point_dark: Style::new().bg(palette::DARK_POINT),
                point_light: Style::new().bg(palette::LIGHT_POINT),
                bar: Style::new().bg(palette::BAR),
                tray: Style::new().bg(palette::TRAY),
                light_checker: Style::new()
                    .bg(palette::LIGHT_CHECKER)
                    .fg(palette::DARK_CHECKER)
                    .add_modifier(bold),
                dark_checker: Style::new()
                    .bg(palette::DARK_CHECKER)
                    .fg(palette::LIGHT_CHECKER)
                    .add_modifier(bold),
                cursor: Style::new()
                    .bg(palette::CURSOR)
                    .fg(Tint::Black)
                    .add_modifier(bold),
                picked: Style::new().bg(palette::PICKED).fg(Tint::Black),
                target: Style::new().bg(palette::TARGET).fg(Tint::Black),
                last: Style::new().bg(palette::LAST_PLAY).fg(Tint::Black),
                mark: Style::new()
                    .fg(palette::MARK)
                    .add_modifier(bold | Modifier::UNDERLINED),
                error: Style::new().fg(Tint::LightRed).add_modifier(bold),
                tip: None,
            },
            ThemeName::HighContrast => Theme {
                point_dark: Style::new().bg(Tint::Indexed(124)),
                point_light: Style::new().bg(Tint::Indexed(229)),
                bar: Style::new().bg(Tint::Indexed(236)),
                tray: Style::new().bg(Tint::Indexed(236)),
                light_checker: Style::new()
                    .bg(Tint::Indexed(231))
                    .fg(Tint::Indexed(16))
                    .add_modifier(bold),
                dark_checker: Style::new()
                    .bg(Tint::Indexed(16))
                    .fg(Tint::Indexed(231))
                    .add_modifier(bold),
                cursor: Style::new()
                    .bg(Tint::Indexed(21))
                    .fg(Tint::Indexed(231))
                    .add_modifier(bold),
                picked: Style::new()
                    .bg(Tint::Indexed(51))
                    .fg(Tint::Indexed(16))
                    .add_modifier(bold),
                target: Style::new()
                    .bg(Tint::Indexed(46))
                    .fg(Tint::Indexed(16))
                    .add_modifier(bold),
                last: Style::new()
                    .bg(Tint::Indexed(201))
                    .fg(Tint::Indexed(16))
                    .add_modifier(bold),
                mark: Style::new()
                    .fg(Tint::Indexed(226))
                    .add_modifier(bold | Modifier::UNDERLINED),
                error: Style::new().fg(Tint::Indexed(196)).add_modifier(bold),
                tip: None,
            },
            ThemeName::Monochrome => Theme {
                point_dark: Style::new(),
                point_light: Style::new(),
                bar: Style::new(),
                tray: Style::new(),
                light_checker: Style::new(),
                dark_checker: Style::new().add_modifier(bold),
                cursor: Style::new().add_modifier(Modifier::REVERSED | bold),
                picked: Style::new().add_modifier(Modifier::REVERSED),
                target: Style::new().add_modifier(bold | Modifier::UNDERLINED),
                last: Style::new().add_modifier(Modifier::ITALIC | Modifier::UNDERLINED),
                mark: Style::new().add_modifier(bold | Modifier::UNDERLINED),
                error: Style::new().add_modifier(bold),
                tip: Some('·'),
            },
        }
    }

    /// A checker's tile.
    #[must_use]
    pub fn checker(&self, side: Color) -> Style {
        match side {
            Color::White => self.light_checker,
            Color::Black => self.dark_checker,
        }
    }
}
