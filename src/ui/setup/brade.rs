//! Bräde's setup form: its games and its rule set.

use super::{FormWords, SetupForm, choices};
use crate::app::Setup;
use crate::game::Brade;
use crate::session::GAME_CHOICES;
use crate::words::{Lang, rules, screens};

impl SetupForm for Brade {
    fn form_words(lang: Lang, form: &Setup) -> FormWords {
        FormWords {
            title: lang.say(screens::NEW_MATCH).to_string(),
            length: (
                lang.say(screens::GAMES).to_string(),
                choices(GAME_CHOICES.iter().map(|&g| (g.to_string(), g == form.games))),
            ),
            rules: (
                lang.say(screens::RULES).to_string(),
                rules::ruleset_name(lang, form.rules),
            ),
            changes: rules::ruleset_changes(lang, form.rules)
                .iter()
                .map(ToString::to_string)
                .collect(),
        }
    }
}
