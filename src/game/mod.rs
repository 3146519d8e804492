//! Where a game kind meets the rest of the program.
//!
//! The program plays more than one game on the same board: bräde and backgammon. Each is
//! a pure rules engine of its own, side by side below this module (`crate::brade`,
//! `crate::backgammon`), over the board's shared words (`crate::rules`). This module is the one boundary between them and the rest: the
//! [`Game`] trait says what a match needs from a game's rules — how a game opens, a turn
//! rolled and played step by step and made final, how a game ends and how the match
//! counts it, what a save needs. `session` drives a match of any [`Game`], `store` saves
//! and resumes it, the computer players choose among its legal plays, and the board is
//! drawn through the views of `view.rs` ([`Checkers`], [`Steps`], [`TurnView`]); a
//! second game implements [`Game`] and those views for its types, and [`TurnPlay`] for
//! its turn, which the match screen of `app` (`app::Table`) plays by keys and typed
//! notation.
//!
//! Why a trait with associated types: each game keeps its own types (a bräde play has no
//! cube, a backgammon position has no band), checked by the compiler and with no cost at
//! run time, as shakmaty's variants each implement one `Position` trait. The few places
//! that must choose a game from data (a save naming its game) will get an enum of the
//! games with the second game, and call the generic code for the one named, as
//! shakmaty's `VariantPosition` does.

mod backgammon;
mod brade;
mod kind;
mod turn;
mod view;

pub use backgammon::Backgammon;
pub use brade::{Brade, PlayTextError};
pub use kind::{Kind, UnknownGame};
pub use turn::{TurnPlay, Typed};

/// Why a die of `G`'s roll cannot be played at all.
pub type Blocked<G> = <<G as Game>::Turn as TurnPlay>::Blocked;
/// How a play of `G` ends its game.
pub type Outcome<G> = <<G as Game>::Turn as TurnPlay>::Outcome;
/// A step of `G` as typed in notation.
pub type TypedStep<G> = <<G as Game>::Turn as TurnPlay>::TypedStep;
pub use view::{Checkers, Layout, Steps, TurnView};

use std::fmt::{Debug, Display};
use std::str::FromStr;

use crate::rules::{Color, Roll};

/// How a game opens: each player rolls one die (white's, black's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Equal dice: both roll again.
    Again,
    /// `starter` moves first and rolls for his first turn (bräde's teka, R5).
    Rolls { starter: Color },
    /// `starter` moves first with the opening dice as his first roll (backgammon).
    Plays { starter: Color, roll: Roll },
}

/// The doubling cube as the board shows it: the face up and where it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeView {
    /// The face up: 64 while in the middle untouched, then the stake.
    pub face: u32,
    /// Who owns it (it lies on his side); `None`: in the middle.
    pub owner: Option<Color>,
}

/// What the doubling cube does before a roll (backgammon, B13): the side to move
/// doubles, the other side takes (owning the cube at twice the stake) or drops (losing the
/// game at the stake before the double). A game's log keeps them in order among its
/// turns, with its resignations, which are actions between the turns too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeAction {
    Double,
    Take,
    Drop,
    /// The side to move offered to resign, and the other side answered.
    Resign(Resignation),
}

/// What a resignation offers: the game as a single game, a gammon or a backgammon (in
/// backgammon one, two or three times the cube, as GNU Backgammon offers them); bräde's
/// concession is the game alone, [`Resign::Single`] (see [`Game::RESIGNS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resign {
    Single,
    Gammon,
    Backgammon,
}

impl Resign {
    /// Every level, the smallest first.
    pub const ALL: [Resign; 3] = [Resign::Single, Resign::Gammon, Resign::Backgammon];

    /// Its word in saves: `single`, `gammon`, `backgammon`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Resign::Single => "single",
            Resign::Gammon => "gammon",
            Resign::Backgammon => "backgammon",
        }
    }
}

/// A resignation offered by the side to move and answered by the other: what was offered,
/// the roll it was made on when it came after the roll and ended the game (the roll was
/// drawn, so a record keeps it), and whether it was accepted. A declined one leaves the
/// game as it was: its roll, if any, is the next turn's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resignation {
    pub level: Resign,
    pub roll: Option<Roll>,
    pub accepted: bool,
}

impl CubeAction {
    /// How saves and transcripts write it: `double`, `take`, `drop`; `resign gammon
    /// accepted`, `resign single 53 accepted` (made on the roll 5-3), `resign gammon
    /// declined`.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            CubeAction::Double => "double".to_string(),
            CubeAction::Take => "take".to_string(),
            CubeAction::Drop => "drop".to_string(),
            CubeAction::Resign(r) => {
                let answer = if r.accepted { "accepted" } else { "declined" };
                match r.roll {
                    Some(roll) => format!("resign {} {roll} {answer}", r.level.word()),
                    None => format!("resign {} {answer}", r.level.word()),
                }
            }
        }
    }

    /// The action a text names ([`CubeAction::text`]); `None` when it names none (a
    /// declined resignation carries no roll).
    #[must_use]
    pub fn read(text: &str) -> Option<CubeAction> {
        let words: Vec<&str> = text.split(' ').collect();
        match words.as_slice() {
            ["double"] => Some(CubeAction::Double),
            ["take"] => Some(CubeAction::Take),
            ["drop"] => Some(CubeAction::Drop),
            ["resign", level, rest @ ..] => {
                let level = Resign::ALL.into_iter().find(|l| l.word() == *level)?;
                let (roll, accepted) = match rest {
                    ["accepted"] => (None, true),
                    ["declined"] => (None, false),
                    [roll, "accepted"] => (Some(roll.parse().ok()?), true),
                    _ => return None,
                };
                Some(CubeAction::Resign(Resignation {
                    level,
                    roll,
                    accepted,
                }))
            }
            _ => None,
        }
    }
}

/// How a match's next game begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextGame<P> {
    /// From this position, its side to move rolling first (bräde: the loser starts, R5).
    Starts(P),
    /// With the opening roll again, as the first game did (backgammon).
    Opening,
}

/// A game's rules, as a match needs them: the types of its positions, plays, turns and
/// results, and the few operations that move a match along. Everything that decides what
/// is legal stays in the game's engine; a `Game` only hands it on.
pub trait Game: Copy + Debug + Default + Send + Sync + 'static {
    /// The options of its rules (bräde's rule sets), written in saves by their text.
    type Rules: Copy + Eq + Debug + Default + Display + FromStr + Send + Sync;
    /// A position with the side to move.
    type Position: Copy + Eq + Debug + Send + Sync + Checkers;
    /// A whole turn's play, as notation writes it.
    type Play: Clone + Eq + Debug + Display + Send + Sync + Steps;
    /// A turn in progress: a position, a roll and the steps taken so far.
    type Turn: Clone
        + Debug
        + Send
        + Sync
        + TurnView<Position = Self::Position>
        + TurnPlay<Play = Self::Play, Refusal = Self::Refusal>;
    /// A legal play of a roll with what it leads to, as the engine lists them for the
    /// computer players.
    type Legal: Clone + Debug + Send + Sync;
    /// Why a turn cannot be made final yet.
    type Refusal: Clone + Debug + Eq + Send + Sync;
    /// Why a play written in the game's notation cannot be played on a turn.
    type PlayError: Clone + Debug + Send + Sync;
    /// How a game ended, with its winner.
    type Record: Copy + Eq + Debug + Send + Sync;
    /// A match's length and its finished games.
    type Score: Clone + Debug + Send + Sync;
    /// What a game in progress is played for beyond its result: backgammon's doubling
    /// cube (its value, its owner, whether it is in play). `()` in a game without a cube
    /// (bräde), whose default methods below then offer no double.
    type Stake: Copy + Eq + Debug + Default + Send + Sync;

    /// How the two sides travel the board.
    const LAYOUT: Layout;

    /// The game's name in saves (`kind`); `None` for bräde, whose saves name no game.
    const SAVE_NAME: Option<&'static str>;

    /// The rules every match is played by unless another set is chosen.
    fn default_rules() -> Self::Rules {
        Self::Rules::default()
    }

    /// The position a game starts from, `starter` to move.
    fn start(starter: Color) -> Self::Position;

    /// How the opening dice decide who starts.
    fn opening(white: u8, black: u8) -> Opening;

    /// The turn of `position`'s side to move, who rolled `roll`.
    fn turn(position: Self::Position, roll: Roll, rules: Self::Rules) -> Self::Turn;

    /// The distinct legal plays of `roll` in `position` (a forfeited roll: the empty play
    /// alone), for a computer player to choose from.
    fn legal_plays(position: &Self::Position, roll: Roll, rules: Self::Rules) -> Vec<Self::Legal>;

    /// The play a legal play makes.
    fn play_of(legal: &Self::Legal) -> &Self::Play;

    /// Whether no play of the roll is legal at all (the turn can only be passed).
    fn is_forfeit(turn: &Self::Turn) -> bool;

    /// Makes the turn final: the play made, the next position, and the record of the
    /// game when the play ended it. Refused while the steps are not a complete legal play.
    #[allow(clippy::type_complexity)]
    fn finish(turn: &Self::Turn)
    -> Result<(Self::Play, Self::Position, Option<Self::Record>), Self::Refusal>;

    /// The empty play of a forfeited roll, and the position after it.
    fn pass(position: &Self::Position) -> (Self::Play, Self::Position);

    /// Who won a finished game.
    fn winner(record: &Self::Record) -> Color;

    /// A new match of `length` (games or points, as the game counts).
    fn score(length: u32) -> Self::Score;

    /// The match's length, as it was begun.
    fn length(score: &Self::Score) -> u32;

    /// Whether a match may have this length (bräde: 1, 3, 5 or 7 games).
    fn is_length(length: u32) -> bool;

    /// The most games a match of `length` can have.
    fn most_games(length: u32) -> usize;

    /// The number of finished games.
    fn games_played(score: &Self::Score) -> usize;

    /// Adds a finished game to the match.
    fn record(score: &mut Self::Score, record: Self::Record);

    /// Whether the match is decided.
    fn is_over(score: &Self::Score) -> bool;

    /// How the next game begins after `record`.
    fn next_game(record: &Self::Record) -> NextGame<Self::Position>;

    /// The position's code, as saves write it.
    fn position_code(position: &Self::Position) -> String;

    /// The position a code stands for; `None` when the text is not one's code.
    fn read_position(code: &str) -> Option<Self::Position>;

    /// Plays a whole play written in the game's notation (as saved, or typed) on a turn in
    /// progress, which it then stands at; refused when the text does not read as a play or
    /// is not legal on the turn.
    fn play_text(turn: &mut Self::Turn, text: &str) -> Result<(), Self::PlayError>;

    /// A finished game's result as notation writes it, without its winner (bräde:
    /// `hemspel+munk`).
    fn result_notation(record: &Self::Record) -> String;

    /// A finished game won by `winner` with the result a notation names; `None` when it
    /// names none.
    fn read_record(winner: Color, notation: &str) -> Option<Self::Record>;

    /// The points a finished game brings its winner.
    fn points(record: &Self::Record) -> u32;

    /// The points `side` has in the match so far.
    fn match_points(score: &Self::Score, side: Color) -> u32;

    /// The winner of the match standing at `score`: `None` while it is played (and when
    /// it ended even). By default the side with more points once it is over.
    fn match_winner(score: &Self::Score) -> Option<Color> {
        if !Self::is_over(score) {
            return None;
        }
        let [white, black] = Color::BOTH.map(|side| Self::match_points(score, side));
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::BOTH[0]),
            std::cmp::Ordering::Less => Some(Color::BOTH[1]),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The kinds of result the statistics count apart, by their names in notation, in the
    /// order the screens list them; [`Game::result_kind`] says which one a result is.
    const RESULT_KINDS: &'static [&'static str] = &["win"];

    /// The place of a finished game's result in [`Game::RESULT_KINDS`].
    fn result_kind(_record: &Self::Record) -> usize {
        0
    }

    /// A mark a result may carry beside its kind, counted apart by the statistics, by its
    /// name in notation (bräde's `munk`); `None` in a game without one.
    const RESULT_MARK: Option<&'static str> = None;

    /// Whether a finished game's result carries [`Game::RESULT_MARK`].
    fn result_marked(_record: &Self::Record) -> bool {
        false
    }

    /// Whether the game is played with a doubling cube (its actions are counted).
    const CUBE: bool = false;

    /// The stake a game begins with, after the games of `score` (backgammon: the cube in
    /// the middle, or dead in the Crawford game).
    fn stake(_score: &Self::Score, _rules: Self::Rules) -> Self::Stake {
        Self::Stake::default()
    }

    /// The stake after an opening roll of equal dice (backgammon's automatic doubles).
    fn opening_again(stake: Self::Stake, _score: &Self::Score, _rules: Self::Rules) -> Self::Stake {
        stake
    }

    /// Whether `side`, to roll, may double now.
    fn may_double(_stake: &Self::Stake, _score: &Self::Score, _side: Color, _rules: Self::Rules) -> bool {
        false
    }

    /// The doubling cube as the board shows it: `None` in a game without one, and while
    /// it is out of play (backgammon's Crawford game).
    fn cube(_stake: &Self::Stake) -> Option<CubeView> {
        None
    }

    /// The stake once `taker` has taken a double.
    fn taken(stake: Self::Stake, _taker: Color) -> Self::Stake {
        stake
    }

    /// How the game ends when `doubler`'s double is dropped: he wins it at the stake
    /// before the double. `None` in a game without doubles.
    fn dropped(_stake: &Self::Stake, _doubler: Color, _rules: Self::Rules) -> Option<Self::Record> {
        None
    }

    /// The record of a game a play ended, at the stake it was played for (backgammon: the
    /// cube's value times the result's, B14, B16).
    fn settle(
        record: Self::Record,
        _stake: &Self::Stake,
        _score: &Self::Score,
        _rules: Self::Rules,
    ) -> Self::Record {
        record
    }

    /// The resignations the side to move may offer, the smallest first (backgammon: a
    /// single game, a gammon, a backgammon; bräde: the game); none in a game without.
    const RESIGNS: &'static [Resign] = &[];

    /// The record of the game `winner` wins when the other side's resignation `level` is
    /// accepted, at the stake it is played for; `None` where the game has no such
    /// resignation.
    fn resigned(
        _winner: Color,
        _level: Resign,
        _stake: &Self::Stake,
        _score: &Self::Score,
        _rules: Self::Rules,
    ) -> Option<Self::Record> {
        None
    }
}
