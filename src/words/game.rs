//! A game's own words, beside the sentences every game shares: what the screens must ask
//! of the game on the board. Each game implements [`GameWords`] with its engine's terms
//! (bräde's in `brade.rs`, backgammon's in `backgammon/matchplay.rs`).

use super::{Lang, Phrase, screens};
use crate::game::{Blocked, Game, Outcome, Resign, TypedStep};

/// How the board and the side panel name the bar and the checkers borne off (bräde's
/// players say *ribba* and *hemspelade*, backgammon's *baren* and *utspelade*).
#[derive(Clone, Copy, Debug)]
pub struct BoardWords {
    pub bar: Phrase,
    pub borne_off: Phrase,
    /// Checkers there, in a sentence: "on the bar", "på ribban".
    pub on_bar: Phrase,
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
    /// The game's name on the screens (`Bräde`, `Backgammon`).
    const NAME: Phrase;

    /// Its name in the command line's text (`bräde`, `backgammon`).
    const TEXT_NAME: &'static str;

    /// A match's length in the records (`3 games`, `to 5 points`, `money play`).
    fn length_words(lang: Lang, length: u32) -> String;

    /// The rules a record's line names, when they are not the game's default rules; by
    /// default the board's [`GameWords::rules_title`].
    fn rules_in_records(lang: Lang, rules: Self::Rules) -> Option<String> {
        Self::rules_title(lang, rules)
    }

    /// The games a player won (or lost) by kind of result, as the Statistics screen says
    /// them: `counts` in the order of [`Game::RESULT_KINDS`], `marked` of them with
    /// [`Game::RESULT_MARK`] (`hemspel 3 · jan 1 · munk 1`; `–` for none).
    fn results_words(lang: Lang, counts: &[u32], marked: u32) -> String;

    /// The points the board marks for the side to move, in his numbering from his entry
    /// (bräde: his home, 1, and huk, 12); none in a game without such points.
    const MARKED: &'static [u8];

    /// The rules' short name for the board's header, when they are not the game's
    /// default rules (those go unnamed).
    fn rules_title(lang: Lang, rules: Self::Rules) -> Option<String>;

    /// The rules named in full where a match is announced in words (plain text's first
    /// line), when they are not the game's default rules; by default
    /// [`GameWords::rules_title`].
    fn rules_said(lang: Lang, rules: Self::Rules) -> Option<String> {
        Self::rules_title(lang, rules)
    }

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
            on_bar: super::p("on the bar", "på ribban"),
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
