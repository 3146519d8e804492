//! The Settings screen: a line per setting of the settings table, its value in words.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Theme, dialog, heading, selected};
use crate::app::App;
use crate::settings::{Numbering, Setting, ThemeName, Tutor};
use crate::words::screens;

/// The screen's narrowest width.
pub(super) const WIDTH: u16 = 74;

pub(super) fn draw(buf: &mut Buffer, area: Rect, app: &App, item: usize) {
    let theme = Theme::of(app.theme());
    dialog(buf, area, WIDTH, lines(app, item, &theme).0);
}

/// The screen's lines, and the line of each setting.
pub(super) fn lines(app: &App, item: usize, theme: &Theme) -> (Vec<Line<'static>>, Vec<u16>) {
    let lang = app.lang();
    let mut lines = vec![Line::from(heading(lang.say(screens::SETTINGS))), Line::from("")];
    for (i, setting) in Setting::ALL.into_iter().enumerate() {
        let label = lang.say(setting.label());
        let style = selected(theme, i == item);
        lines.push(Line::from(vec![
            Span::raw(format!("{}{label:<28}", super::marker(i == item))),
            Span::styled(format!(" {} ", value(app, setting)), style),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(lang.say(screens::SETTINGS_KEYS)));
    let rows = (2..).take(Setting::ALL.len()).collect();
    (lines, rows)
}

/// A setting's value, in words.
fn value(app: &App, setting: Setting) -> String {
    let (s, lang) = (app.settings(), app.lang());
    if setting == Setting::Rules {
        return crate::words::rules::ruleset_name(lang, s.rules);
    }
    value_word(app, setting).to_string()
}

/// The value of a setting that takes a few fixed values, in words.
fn value_word(app: &App, setting: Setting) -> &'static str {
    let (s, lang) = (app.settings(), app.lang());
    let on_off = |on: bool| lang.say(if on { screens::ON } else { screens::OFF });
    match setting {
        Setting::Language => screens::language_name(s.language),
        Setting::Mirror if s.mirror => lang.say(screens::HOME_LEFT),
        Setting::Mirror => lang.say(screens::HOME_RIGHT),
        Setting::SwitchSides => on_off(s.switch_sides),
        Setting::Numbering => lang.say(match s.numbering {
            Numbering::Mover => screens::NUMBERS_MOVER,
            Numbering::White => screens::NUMBERS_WHITE,
        }),
        Setting::Theme => lang.say(match app.theme() {
            ThemeName::Default => screens::THEME_DEFAULT,
            ThemeName::HighContrast => screens::THEME_HIGH_CONTRAST,
            ThemeName::Monochrome if app.no_color() => screens::THEME_NO_COLOR,
            ThemeName::Monochrome => screens::THEME_MONOCHROME,
        }),
        Setting::AutoRoll => on_off(s.auto_roll),
        Setting::AutoConfirm => on_off(s.auto_confirm),
        Setting::AutoPass => on_off(s.auto_pass),
        Setting::ShowPips => on_off(s.show_pips),
        Setting::Animation => on_off(s.animation),
        Setting::ManualDice => on_off(s.manual_dice),
        Setting::Tutor => match s.tutor {
            Tutor::Off => on_off(false),
            Tutor::Doubtful => lang.say(screens::TUTOR_DOUBTFUL),
            Tutor::Bad => lang.say(screens::TUTOR_BAD),
            Tutor::VeryBad => lang.say(screens::TUTOR_VERY_BAD),
        },
        Setting::Rules => "",
    }
}
