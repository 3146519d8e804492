//! Backgammon's setup form: its points (or money play) and its options.

use super::{FormWords, SetupForm, choices};
use crate::app::{POINTS_CHOICES, Setup};
use crate::game::Backgammon;
use crate::words::backgammon::matchplay::{stakes_name, stakes_notes};
use crate::words::{Lang, screens};

impl SetupForm for Backgammon {
    /// The length chosen and its neighbours: the whole list is wider than the form.
    fn form_words(lang: Lang, form: &Setup) -> FormWords {
        let at = POINTS_CHOICES.iter().position(|&p| p == form.points).unwrap_or(2);
        let shown = |p: u32| {
            if p == 0 {
                lang.say(screens::MONEY).to_string()
            } else {
                p.to_string()
            }
        };
        let points = choices(
            (at.saturating_sub(2)..(at + 3).min(POINTS_CHOICES.len()))
                .map(|i| (shown(POINTS_CHOICES[i]), i == at)),
        );
        FormWords {
            title: lang.say(screens::NEW_BACKGAMMON_MATCH).to_string(),
            length: (lang.say(screens::POINTS).to_string(), points),
            rules: (
                lang.say(screens::OPTIONS).to_string(),
                stakes_name(lang, form.stakes),
            ),
            changes: stakes_notes(lang, form.stakes, form.points == 0)
                .iter()
                .map(ToString::to_string)
                .collect(),
        }
    }
}
