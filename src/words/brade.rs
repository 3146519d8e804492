//! Bräde's own words for the screens every game shares ([`GameWords`]): its refusals,
//! results and blocked dice, teka, the match's progress and standing, a hemspel given up.

use super::game::{GameWords, OpeningWords};
use super::{Lang, screens};
use crate::brade::{GameRecord, GameResult, MatchScore, Play, Refusal, RuleSet, StepRefusal};
use crate::game::{Brade, Resign};
use crate::rules::Color;

impl GameWords for Brade {
    const MARKED: &'static [u8] = &[1, 12];
    const NAME: super::Phrase = screens::BRADE_NAME;
    const TEXT_NAME: &'static str = "bräde";

    fn length_words(lang: Lang, length: u32) -> String {
        screens::games(lang, length)
    }

    fn results_words(_lang: Lang, counts: &[u32], marked: u32) -> String {
        let mut parts: Vec<String> = crate::brade::WinKind::ALL
            .iter()
            .zip(counts)
            .filter(|(_, n)| **n > 0)
            .map(|(&k, n)| format!("{} {n}", super::rules::kind_name(k)))
            .collect();
        if marked > 0 {
            parts.push(format!("munk {marked}"));
        }
        if parts.is_empty() {
            "–".to_string()
        } else {
            parts.join(" · ")
        }
    }

    fn rules_title(lang: Lang, rules: RuleSet) -> Option<String> {
        (!rules.is_default()).then(|| super::rules::ruleset_short(lang, rules))
    }

    /// A named set by its name, others by their switches as `--rules` takes them.
    fn rules_said(lang: Lang, rules: RuleSet) -> Option<String> {
        let title = Self::rules_title(lang, rules)?;
        Some(match rules.name() {
            Some(_) => title,
            None => format!("{title}: {rules}"),
        })
    }

    fn refusal(lang: Lang, refusal: &Refusal) -> String {
        super::rules::refusal(lang, refusal)
    }

    fn typed_refusal(lang: Lang, before: &Play, typed: &crate::brade::TypedStep, why: &Refusal) -> String {
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
    fn opening_starts(lang: Lang, starter: &str, [w, b]: [&str; 2], white: u8, black: u8) -> String {
        match lang {
            Lang::En => format!(
                "teka: {w} [{white}], {b} [{black}] — the player with the lower die starts: {starter}, with both dice"
            ),
            Lang::Sv => format!(
                "teka: {w} [{white}], {b} [{black}] — den som slår lägst börjar: {starter}, med båda tärningarna"
            ),
        }
    }

    fn opening_words() -> OpeningWords {
        OpeningWords {
            title: screens::TEKA_TITLE,
            roll: screens::TEKA_ROLL,
            dice: screens::TEKA,
            result: screens::TEKA_RESULT,
            typing: screens::type_teka,
        }
    }

    fn record_line(lang: Lang, record: &GameRecord) -> String {
        super::rules::result_line(lang, &record.result)
    }

    fn resign_name(lang: Lang, _level: Resign) -> &'static str {
        lang.pick("the game", "partiet")
    }

    /// A game given up counts as a hemspel (see [`Game::resigned`]).
    fn resign_offer(lang: Lang, level: Resign, record: &GameRecord) -> String {
        let points = screens::points(lang, record.result.points());
        let name = super::rules::result_name(&record.result).to_lowercase();
        match lang {
            Lang::En => format!("{}, as a {name} — {points}", Self::resign_name(lang, level)),
            Lang::Sv => format!("{}, som {name} — {points}", Self::resign_name(lang, level)),
        }
    }

    fn progress(lang: Lang, game_number: u32, score: &MatchScore) -> String {
        super::capitalised(&super::rules::game_of(lang, game_number, score.games()))
    }

    fn in_progress(lang: Lang, game_number: u32, score: &MatchScore) -> String {
        super::rules::game_of(lang, game_number, score.games())
    }

    fn standing(lang: Lang, score: &MatchScore, names: &[String; 2]) -> String {
        super::rules::standing(lang, score, names)
    }

    /// R20: every game's result and points, then each side's total with its results
    /// ranked best first (the tie-break).
    fn match_results(lang: Lang, score: &MatchScore, names: &[String; 2]) -> Vec<String> {
        use super::names::display_name;
        use super::rules::result_name;
        let mut lines = Vec::new();
        for (i, r) in score.results().iter().enumerate() {
            let points = r.result.points();
            lines.push(format!(
                "{:>2}. {} {:<20} {} — {points}",
                i + 1,
                super::glyph(r.winner),
                display_name(lang, &names[r.winner.index()]),
                result_name(&r.result),
            ));
        }
        lines.push(String::new());
        for side in Color::BOTH {
            let ranked: Vec<String> = score
                .ranked(side)
                .iter()
                .map(|r| result_name(r).to_lowercase())
                .collect();
            let ranked = if ranked.is_empty() {
                "—".to_string()
            } else {
                ranked.join(", ")
            };
            lines.push(format!(
                "{} {:<20} {} · {} {ranked}",
                super::glyph(side),
                display_name(lang, &names[side.index()]),
                screens::points(lang, score.points(side)),
                lang.say(screens::RESULTS_BEST_FIRST),
            ));
        }
        lines
    }
}
