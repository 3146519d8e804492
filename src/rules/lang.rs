//! The two languages the game speaks. Rules messages are written in both.

/// A language of the user interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Sv,
}

impl Lang {
    /// Picks the text of this language.
    #[must_use]
    pub fn pick<'a>(self, en: &'a str, sv: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Sv => sv,
        }
    }
}
