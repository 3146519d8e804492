//! A game's own words, beside the sentences every game shares: what the screens must ask
//! of the game on the board. Each game implements [`GameWords`] with its engine's terms.

use super::Lang;
use crate::game::{Blocked, Brade, Game, Outcome, TypedStep};
use crate::rules::{GameResult, Play, Refusal, RuleSet, StepRefusal};

/// The words a screen needs from the game being played.
pub trait GameWords: Game {
    /// The rules' short name for the board's header, when they are not the game's
    /// default rules (those go unnamed).
    fn rules_title(lang: Lang, rules: Self::Rules) -> Option<String>;

    /// Why a step, a typed play or making the turn final was refused.
    fn refusal(lang: Lang, refusal: &Self::Refusal) -> String;

    /// Why a typed play's step was refused: the typed steps before it, the step, why.
    fn typed_refusal(lang: Lang, before: &Self::Play, typed: &TypedStep<Self>, why: &Self::Refusal) -> String;

    /// Why a die cannot be played: said to "you", or of a computer side (`of_machine`).
    fn blocked(lang: Lang, why: &Blocked<Self>, of_machine: bool) -> String;

    /// How a play ends the game (the result and its points).
    fn outcome_line(lang: Lang, outcome: &Outcome<Self>) -> String;

    /// The opening roll showed equal dice (`die`): roll again.
    fn opening_equal(lang: Lang, die: u8) -> String;

    /// The opening roll decided: `starter` (named) starts.
    fn opening_starts(lang: Lang, starter: &str, white: u8, black: u8) -> String;
}

impl GameWords for Brade {
    fn rules_title(lang: Lang, rules: RuleSet) -> Option<String> {
        (!rules.is_default()).then(|| super::rules::ruleset_short(lang, rules))
    }

    fn refusal(lang: Lang, refusal: &Refusal) -> String {
        super::rules::refusal(lang, refusal)
    }

    fn typed_refusal(lang: Lang, before: &Play, typed: &crate::rules::TypedStep, why: &Refusal) -> String {
        super::rules::typed_refusal(lang, before, typed, why)
    }

    fn blocked(lang: Lang, why: &StepRefusal, of_machine: bool) -> String {
        super::notes::brade_blocked(lang, why, of_machine)
    }

    fn outcome_line(lang: Lang, outcome: &GameResult) -> String {
        super::rules::result_line(lang, outcome)
    }

    /// R5: teka, equal dice are thrown again.
    fn opening_equal(lang: Lang, die: u8) -> String {
        match lang {
            Lang::En => format!("teka: both rolled {die} — teka again"),
            Lang::Sv => format!("teka: båda slog {die} — teka igen"),
        }
    }

    /// R5: the lower die starts, and rolls both dice.
    fn opening_starts(lang: Lang, starter: &str, white: u8, black: u8) -> String {
        match lang {
            Lang::En => format!(
                "teka: White {white}, Black {black} — the player with the lower die starts: {starter}, with both dice"
            ),
            Lang::Sv => format!(
                "teka: Vit {white}, Svart {black} — den som slår lägst börjar: {starter}, med båda tärningarna"
            ),
        }
    }
}
