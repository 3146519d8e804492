//! The layers over a screen: the help (`help.rs`), the quit question, the prompt of a typed play, and
//! the resignation dialog (`resign.rs`).

use super::{App, Key, Overlay};

/// The longest text typed after `:`: a play (a real one is under 25 characters), or in the
/// position editor a position code.
const MAX_TYPED: usize = 120;

impl App {
    /// A key while an overlay is shown: it goes to the overlay alone.
    pub(super) fn overlay_key(&mut self, key: Key) {
        match &mut self.overlay {
            Overlay::Help(_) => self.help_key(key),
            Overlay::ConfirmQuit => self.quit_key(key),
            Overlay::Prompt(text) => match key {
                Key::Esc => self.overlay = Overlay::None,
                Key::Backspace => {
                    text.pop();
                }
                Key::Char(c) if text.chars().count() < MAX_TYPED && !c.is_control() => text.push(c),
                Key::Enter => {
                    let typed = std::mem::take(text);
                    self.overlay = Overlay::None;
                    if self.editing() {
                        self.editor_code(&typed);
                    } else {
                        self.play_typed(&typed);
                    }
                }
                Key::CtrlC => self.ctrl_c(),
                _ => {}
            },
            Overlay::Resign(_) => self.resign_key(key),
            Overlay::None => {}
        }
    }
}
