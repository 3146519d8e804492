//! A game's own words, beside the sentences every game shares: what the screens must ask
//! of the game on the board. Each game implements [`GameWords`] with its engine's terms.

use super::{Lang, Phrase, screens};
use crate::game::{Blocked, Brade, Game, Outcome, Resign, TypedStep};
use crate::rules::{Color, GameRecord, GameResult, MatchScore, Play, Refusal, RuleSet, StepRefusal};

/// How the board and the side panel name the bar and the checkers borne off (bräde's
/// players say *ribba* and *hemspelade*, backgammon's *baren* and *utspelade*).
#[derive(Clone, Copy, Debug)]
pub struct BoardWords {
    pub bar: Phrase,
    pub borne_off: Phrase,
}

/// How the screens name a game's opening roll.
#[derive(Clone, Copy, Debug)]
pub struct OpeningWords {
    /// The board's title while it is rolled.
    pub title: Phrase,
    /// What to press to roll it.
    pub roll: Phrase,
    /// Before its dice in the side panel's dice line.
    pub dice: Phrase,
    /// Before who rolled what, in the side panel after it.
    pub result: Phrase,
    /// Manual dice: the opening roll being typed (the digits so far).
    pub typing: fn(Lang, &str) -> String,
}

/// The words a screen needs from the game being played.
pub trait GameWords: Game {
    /// The points the board marks for the side to move, in his numbering from his entry
    /// (bräde: his home, 1, and huk, 12); none in a game without such points.
    const MARKED: &'static [u8];

    /// The rules' short name for the board's header, when they are not the game's
    /// default rules (those go unnamed).
    fn rules_title(lang: Lang, rules: Self::Rules) -> Option<String>;

    /// Why a step, a typed play or making the turn final was refused.
    fn refusal(lang: Lang, refusal: &Self::Refusal) -> String;

    /// Why a typed play's step was refused: the typed steps before it, the step, why.
    fn typed_refusal(lang: Lang, before: &Self::Play, typed: &TypedStep<Self>, why: &Self::Refusal)
    -> String;

    /// Why a die cannot be played: said to "you", or of a computer side (`of_machine`).
    fn blocked(lang: Lang, why: &Blocked<Self>, of_machine: bool) -> String;

    /// How a play ends the game (the result and its points).
    fn outcome_line(lang: Lang, outcome: &Outcome<Self>) -> String;

    /// The opening roll showed equal dice (`die`): roll again.
    fn opening_equal(lang: Lang, die: u8) -> String;

    /// The opening roll decided: `starter` (named) starts; `names` are White's and Black's
    /// as the screens show them, who threw `white` and `black`.
    fn opening_starts(lang: Lang, starter: &str, names: [&str; 2], white: u8, black: u8) -> String;

    /// The screens' names of the opening roll.
    fn opening_words() -> OpeningWords;

    /// A finished game's result, as the game-over box heads it.
    fn record_line(lang: Lang, record: &Self::Record) -> String;

    /// The side panel's title before the score: "Game 2 of 3".
    fn progress(lang: Lang, game_number: u32, score: &Self::Score) -> String;

    /// How far a match in progress has come, as the list of matches in progress says it
    /// (which game, when it is not the first of the list's games).
    fn in_progress(lang: Lang, game_number: u32, score: &Self::Score) -> String;

    /// Who leads the match, or who won it.
    fn standing(lang: Lang, score: &Self::Score, names: &[String; 2]) -> String;

    /// The lines of the box at the end of the match, above its standing: every game's
    /// result and each side's total.
    fn match_results(lang: Lang, score: &Self::Score, names: &[String; 2]) -> Vec<String>;

    /// What the board's header says at its right of the match: by default the name of
    /// rules other than the default (bräde's rule sets).
    fn header(lang: Lang, rules: Self::Rules, _score: &Self::Score) -> Option<String> {
        Self::rules_title(lang, rules)
    }

    /// The names of the bar and of the checkers borne off.
    fn board_words() -> BoardWords {
        BoardWords {
            bar: screens::BAR,
            borne_off: screens::BORNE_OFF,
        }
    }

    /// The keys at the end of a match.
    fn match_over_keys() -> Phrase {
        screens::MATCH_OVER_KEYS
    }

    /// What the game in progress is played for, for the side panel (backgammon: the cube,
    /// its value and owner); `None` in a game without a stake.
    /// The match's score in words beside a trainer's card played at it, when the game's
    /// cards keep their match's score (backgammon's do).
    fn card_score_words(_lang: Lang, _score: &Self::Score) -> Option<String> {
        None
    }

    fn stake_line(_lang: Lang, _stake: &Self::Stake) -> Option<String> {
        None
    }

    /// What a resignation of `level` gives up, with its article: "a gammon" (bräde: "the
    /// game").
    fn resign_name(lang: Lang, level: Resign) -> &'static str;

    /// A resignation as the dialog offers it, with what it brings the other side: "a
    /// gammon at a cube of 2 — 4 points" (bräde: "the game, as a hemspel — 1 point").
    fn resign_offer(lang: Lang, level: Resign, record: &Self::Record) -> String;
}

impl GameWords for Brade {
    const MARKED: &'static [u8] = &[1, 12];

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
