//! A game's own words, beside the sentences every game shares: what the screens must ask
//! of the game on the board. Each game implements [`GameWords`] with its engine's terms.

use super::Lang;
use crate::game::{Brade, Game};

/// The words a screen needs from the game being played.
pub trait GameWords: Game {
    /// The rules' short name for the board's header, when they are not the game's
    /// default rules (those go unnamed).
    fn rules_title(lang: Lang, rules: Self::Rules) -> Option<String>;
}

impl GameWords for Brade {
    fn rules_title(lang: Lang, rules: crate::rules::RuleSet) -> Option<String> {
        (!rules.is_default()).then(|| super::rules::ruleset_short(lang, rules))
    }
}
