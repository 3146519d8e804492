//! Why a save cannot be used: every check of the format and of the replay has its own
//! error, saying what does not fit (in English: saves are files for people who look into
//! them, and the same words reach the player inside the notice about a set-aside save).

use std::fmt;
use std::str::FromStr;

use super::format::NEWEST_FORMAT;
use crate::brade::{NotationError, RuleSetError};
use crate::game::Game;
use crate::rules::{Roll, RollError};
use crate::words::{Lang, save as sv};

/// Why a save cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("it is empty")]
    Empty,
    #[error("it is not a brade save: it is not text")]
    NotText,
    /// Not the TOML of a save (the parser's reason).
    #[error("it is not a brade save: {0}")]
    Syntax(String),
    #[error("it was written by a newer brade (format {0}; this version reads format {NEWEST_FORMAT})")]
    Newer(u32),
    #[error("it is damaged: {0}")]
    Damaged(Damage),
    #[error("unknown format {0}")]
    UnknownFormat(u32),
    #[error("a match has 1, 3, 5 or 7 games, not {0}")]
    Length(u32),
    #[error("the name {0:?} is not a player's name")]
    Name(String),
    /// The rules named are not a rule set (the reason).
    #[error("the rules {0:?} are not a rule set: {1}")]
    Rules(String, RuleSetError),
    /// The save is of another game than the one it is read as (`None`: bräde's).
    #[error("it is a match of {}, not of {}", .saved.as_deref().unwrap_or("bräde"), .read.unwrap_or("bräde"))]
    OtherGame {
        saved: Option<String>,
        read: Option<&'static str>,
    },
    /// Backgammon's options named do not read (the reason).
    #[error("the options {0:?} are not backgammon's: {1}")]
    Stakes(String, crate::backgammon::StakesError),
    /// Rules named in a format before 4.
    #[error("the rules {0:?} are named in format {1}, which always played the Vasamuseet rules")]
    RulesBeforeFormat(String, u32),
    #[error(
        "{drawn} dice drawn and {typed} typed are saved, but the teka and turns saved account for {expected}"
    )]
    DiceCount { drawn: u64, typed: u64, expected: u64 },
    #[error("the typed rolls {rolls:?} do not fit the {typed} dice typed")]
    TypedRolls { rolls: Vec<u64>, typed: u64 },
    #[error("dice were drawn, but the seed they were drawn from is missing")]
    SeedMissing,
    #[error(
        "{typed} of its {rolls} rolls are said to be typed, but {}",
        if *manual { "a match with manual dice types every roll and draws none" } else { "only a match started with manual dice (format 3) may have typed rolls" }
    )]
    TypedWithoutManual { manual: bool, typed: usize, rolls: u64 },
    #[error("the teka roll {0}-{1} does not fit")]
    Teka(u8, u8),
    #[error("{saved} games saved in a match of {games}")]
    TooManyGames { saved: usize, games: u32 },
    #[error("game {game} starts before game {previous} ended")]
    EarlyStart { game: usize, previous: usize },
    #[error("game {game} cannot start with {starter}")]
    Starter { game: usize, starter: String },
    #[error("game {0}: the saved result does not match its turns")]
    ResultMismatch(usize),
    #[error("game {game}: unknown result {result:?}")]
    UnknownResult { game: usize, result: String },
    /// A doubling cube action that does not read, or does not fit where it stands (a
    /// double only when the side to roll may double, a take or a drop only after one).
    #[error("game {game}: the doubling cube's {entry:?} does not fit the game")]
    Cube { game: usize, entry: String },
    /// A resignation in a format before 6, or one that does not fit where it stands (the
    /// side to move offers it on his turn; accepted, it ends the game, with the roll it
    /// was made on).
    #[error("game {game}: the resignation {entry:?} does not fit the game")]
    Resignation { game: usize, entry: String },
    #[error("the match is marked finished, but its games are not all played")]
    NotAllPlayed,
    #[error("a roll is saved where none can be made")]
    RollOutOfPlace,
    #[error("the opening roll is saved, but neither its play nor the roll in progress")]
    OpeningUnplayed,
    #[error("the roll in progress: {0}")]
    RollInProgress(RollError),
    /// Steps of a roll in progress saved in a format before 7, without a roll in progress,
    /// or for a side the computer plays.
    #[error("steps of a turn in progress are saved where none can be taken")]
    StepsOutOfPlace,
    /// A saved step of the roll in progress that the rules refuse there (numbered from 1).
    #[error("the roll in progress: its step {number} (from {from} by {die}) cannot be taken")]
    StepInProgress { number: usize, from: u8, die: u8 },
    #[error("the turns lead to {reached}, but the saved position is {saved}")]
    Position { reached: String, saved: String },
    #[error("{at}: the dice {}-{} are not the ones drawn from the seed ({}-{})", saved.0, saved.1, drawn.0, drawn.1)]
    NotFromSeed {
        at: RollAt,
        saved: (u8, u8),
        drawn: (u8, u8),
    },
    #[error("unknown computer level {0:?}")]
    Level(String),
    #[error("game {game}, turn {turn}: {problem}")]
    Turn {
        game: usize,
        turn: usize,
        problem: TurnProblem,
    },
}

/// How a save's checksum line shows damage.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    #[error("it ends after its checksum line")]
    EndsAfterChecksum,
    #[error("its checksum {0:?} is not a number")]
    ChecksumNotANumber(String),
    #[error("its checksum does not match its content (the file was changed or corrupted)")]
    ChecksumMismatch,
    #[error("its checksum line is missing")]
    ChecksumMissing,
}

/// What is wrong with one saved turn.
#[derive(Debug, thiserror::Error)]
pub enum TurnProblem {
    #[error("the game was already over")]
    AfterTheEnd,
    #[error("{0:?} is not DICE PLAY")]
    NotDicePlay(String),
    #[error("{0}")]
    Dice(RollError),
    #[error("{0}")]
    Notation(NotationError),
    /// A play that cannot be played on its turn (or, without a play, is not a whole
    /// turn): the play, and why in the game's words, in each language (`Lang::ALL`).
    #[error("{play} is not legal: {}", .why[0])]
    Illegal { play: String, why: [String; 2] },
    #[error("{roll} cannot be played, yet the play is {play}")]
    Unplayable { roll: Roll, play: String },
    #[error("the first turn plays the opening roll {opening}, not {roll}")]
    NotTheOpening { roll: Roll, opening: Roll },
    /// The plays of a turn are not a whole turn: why in the game's words, in each
    /// language (`Lang::ALL`).
    #[error("{}", .0[0])]
    Unfinished([String; 2]),
}

/// Where a roll of a saved match is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollAt {
    Teka,
    Turn { game: usize, turn: usize },
    InProgress,
}

impl fmt::Display for RollAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollAt::Teka => f.write_str("the teka"),
            RollAt::Turn { game, turn } => write!(f, "game {game}, turn {turn}"),
            RollAt::InProgress => f.write_str("the roll in progress"),
        }
    }
}

impl SaveError {
    /// The problem in words, in `lang` (the `Display` form is English).
    #[must_use]
    pub fn words(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            SaveError::Empty => sv::empty(),
            SaveError::NotText => sv::not_text(),
            SaveError::Syntax(why) => sv::syntax(why),
            SaveError::Newer(f) => sv::newer(*f, NEWEST_FORMAT),
            SaveError::Damaged(d) => sv::damaged(&match d {
                Damage::EndsAfterChecksum => sv::ends_after_checksum(),
                Damage::ChecksumNotANumber(sum) => sv::checksum_not_a_number(sum),
                Damage::ChecksumMismatch => sv::checksum_mismatch(),
                Damage::ChecksumMissing => sv::checksum_missing(),
            }),
            SaveError::UnknownFormat(f) => sv::unknown_format(*f),
            SaveError::Length(n) => sv::length(*n),
            SaveError::Name(n) => sv::name(n),
            SaveError::Rules(code, why) => {
                sv::rules(code, &crate::words::rules::ruleset_error(Lang::Sv, why))
            }
            SaveError::Stakes(code, _) => sv::stakes(code),
            SaveError::OtherGame { saved, read } => {
                sv::other_game(saved.as_deref().unwrap_or("bräde"), read.unwrap_or("bräde"))
            }
            SaveError::RulesBeforeFormat(code, format) => sv::rules_before_format(code, *format),
            SaveError::DiceCount {
                drawn,
                typed,
                expected,
            } => sv::dice_count(*drawn, *typed, *expected),
            SaveError::TypedRolls { rolls, typed } => sv::typed_rolls(rolls, *typed),
            SaveError::SeedMissing => sv::seed_missing(),
            SaveError::TypedWithoutManual { manual, typed, rolls } => {
                sv::typed_without_manual(*manual, *typed, *rolls)
            }
            SaveError::Teka(w, b) => sv::teka(*w, *b),
            SaveError::TooManyGames { saved, games } => sv::too_many_games(*saved, *games),
            SaveError::EarlyStart { game, previous } => sv::early_start(*game, *previous),
            SaveError::Starter { game, starter } => sv::starter(*game, starter),
            SaveError::ResultMismatch(g) => sv::result_mismatch(*g),
            SaveError::UnknownResult { game, result } => sv::unknown_result(*game, result),
            SaveError::Cube { game, entry } => sv::cube(*game, entry),
            SaveError::Resignation { game, entry } => sv::resignation(*game, entry),
            SaveError::NotAllPlayed => sv::not_all_played(),
            SaveError::RollOutOfPlace => sv::roll_out_of_place(),
            SaveError::OpeningUnplayed => sv::opening_unplayed(),
            SaveError::RollInProgress(e) => sv::roll_in_progress(&e.to_string()),
            SaveError::StepsOutOfPlace => sv::steps_out_of_place(),
            SaveError::StepInProgress { number, from, die } => sv::step_in_progress(*number, *from, *die),
            SaveError::Position { reached, saved } => sv::position(reached, saved),
            SaveError::NotFromSeed { at, saved, drawn } => {
                let at = match at {
                    RollAt::Teka => sv::roll_at_teka(),
                    RollAt::Turn { game, turn } => sv::roll_at_turn(*game, *turn),
                    RollAt::InProgress => sv::roll_at_in_progress(),
                };
                let dice = sv::SeedFigures {
                    saved: [saved.0, saved.1],
                    drawn: [drawn.0, drawn.1],
                };
                sv::not_from_seed(&at, &dice)
            }
            SaveError::Level(l) => sv::level(l),
            SaveError::Turn { game, turn, problem } => sv::turn(*game, *turn, &problem.words_sv()),
        }
    }
}

impl TurnProblem {
    /// A play refused by the game's rules, said by `words` in each language.
    #[must_use]
    pub fn illegal(play: &str, words: impl Fn(Lang) -> String) -> TurnProblem {
        TurnProblem::Illegal {
            play: play.to_string(),
            why: Lang::ALL.map(words),
        }
    }

    /// Plays that are not a whole turn, said by `words` in each language.
    #[must_use]
    pub fn unfinished(words: impl Fn(Lang) -> String) -> TurnProblem {
        TurnProblem::Unfinished(Lang::ALL.map(words))
    }

    fn words_sv(&self) -> String {
        match self {
            TurnProblem::AfterTheEnd => sv::after_the_end(),
            TurnProblem::NotDicePlay(t) => sv::not_dice_play(t),
            TurnProblem::Dice(e) => e.to_string(),
            TurnProblem::Notation(e) => sv::notation(e),
            TurnProblem::Illegal { play, why } => sv::illegal_words(play, &why[1]),
            TurnProblem::Unplayable { roll, play } => sv::unplayable(&roll.to_string(), play),
            TurnProblem::NotTheOpening { roll, opening } => {
                sv::not_the_opening(&roll.to_string(), &opening.to_string())
            }
            TurnProblem::Unfinished(why) => why[1].clone(),
        }
    }
}

/// What the store needs of a game beyond [`Game`]: its own refusals said as a save's errors.
/// [`SaveError`] carries bräde's (its rule sets', notation's and rules engine's errors), so
/// that their words — English and Swedish — stay the engine's; a second game adds variants
/// for its own and implements this.
pub trait GameErrors: Game {
    /// The rules a save names do not read as the game's rules.
    fn rules_error(code: String, why: <Self::Rules as FromStr>::Err) -> SaveError;
    /// A saved play cannot be played on its turn.
    fn play_problem(play: &str, why: Self::PlayError) -> TurnProblem;
    /// A saved play is not a whole turn.
    fn unfinished(why: Self::Refusal) -> TurnProblem;
}
