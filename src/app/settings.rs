//! The Settings screen: a line per setting, changed in place and saved at once.

use super::{App, Key, Screen};
use crate::settings::{Setting, Settings};

impl App {
    pub(super) fn settings_key(&mut self, key: Key) {
        let Screen::Settings { item } = &mut self.screen else {
            return;
        };
        let last = Setting::ALL.len() - 1;
        match key {
            Key::Up | Key::Char('k') | Key::BackTab => *item = item.saturating_sub(1),
            Key::Down | Key::Char('j') | Key::Tab => *item = (*item + 1).min(last),
            Key::Left | Key::Right | Key::Enter | Key::Char(' ' | 'h' | 'l') => {
                let setting = Setting::ALL[(*item).min(last)];
                let back = matches!(key, Key::Left | Key::Char('h'));
                self.change_setting(setting, back);
            }
            Key::Esc => self.back_to_start(super::MenuItem::Settings),
            _ => {}
        }
    }

    /// Steps a setting to its next (or previous) value; the language follows at once,
    /// and the settings file is written.
    fn change_setting(&mut self, setting: Setting, back: bool) {
        self.settings.step(setting, back);
        self.settings_changed = true;
    }

    /// The settings to write, when they changed since last taken.
    pub fn settings_to_write(&mut self) -> Option<Settings> {
        std::mem::take(&mut self.settings_changed).then_some(self.settings)
    }

    /// The settings were written: a failure said before is over.
    pub fn settings_written(&mut self) {
        if matches!(
            self.note,
            Some(crate::words::notes::ShellNote::SettingsNotSaved(_))
        ) {
            self.note = None;
        }
    }

    /// The settings could not be written: the message line says why (on a match's screen
    /// its message line, on any other the screen's last row).
    pub fn settings_not_written(&mut self, why: String) {
        let said = crate::words::saving::settings_not_written(self.lang(), &why);
        self.say(Some(crate::words::notes::ShellNote::SettingsNotSaved(said)));
    }
}
