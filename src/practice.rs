//! Practice drawn from a player's own mistakes: a deck of positions where a play of the
//! records was marked as an error, shown again on a spaced-repetition schedule.
//!
//! **The schedule is SM-2** (Piotr Woźniak's SuperMemo 2, 1987), chosen over FSRS because
//! it needs no parameters fitted to a user's history (FSRS's defaults are fitted to
//! flashcards of words, not positions), fits in a few lines anyone can check against the
//! published formula, and is deterministic: the same answers give the same due dates.
//! Each card keeps its repetitions `n`, its interval `I` (days) and its easiness `EF`
//! (from 2.5, never below 1.3). An answer of quality `q` (0–5): below 3 the card starts
//! again (`n = 0`, `I = 1`); otherwise `I` is 1, then 6, then `round(I · EF)`, and `n`
//! grows; either way `EF += 0.1 − (5 − q)(0.08 + 0.02 (5 − q))`. The quality of a play is
//! read from what it lost ([`quality`]): the best play 5, a loss below the analysis's first
//! mark 4, doubtful 3, bad 2, very bad 1.
//!
//! Days are whole days since 1970 (UTC), given by the caller: nothing here reads a clock.

use serde::{Deserialize, Serialize};

use crate::game::Kind;

use crate::rules::Color;

/// Whether a card is of bräde, whose cards name no game (they came first).
fn is_brade(kind: &Kind) -> bool {
    *kind == Kind::default()
}

/// A practice card: a position and roll where `player` made an error, with its schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// The game it is of (bräde unless said; `game` is the game of the match).
    #[serde(default, skip_serializing_if = "is_brade")]
    pub kind: Kind,
    /// The position (its code, the side to move's turn) and the roll — or, for a
    /// backgammon cube decision, the question: `double` (the side to roll's) or `take`
    /// (its opponent's answer).
    pub position: String,
    pub roll: String,
    /// A cube decision's cube ([`cube_text`]); empty for a play.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cube: String,
    /// A backgammon match's score before the game ([`score_text`]): the card is weighed at
    /// that score; empty for money play (and for bräde, drilled as a single game).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub score: String,
    /// The rules it is played by (bräde: the rule set's notation, empty for the Vasamuseet
    /// rules; backgammon: the options, empty for the standard ones).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    /// Whose error it was, and where: the record's file name, the game and the turn.
    pub player: String,
    pub record: String,
    pub game: u32,
    pub turn: u32,
    /// What the play made there lost (points), and that play.
    pub loss: f64,
    pub played: String,
    /// SM-2: repetitions in a row answered well, the interval (days), the easiness.
    pub repetitions: u32,
    pub interval: u32,
    pub easiness: f64,
    /// The day it is next due (days since 1970); the day it was last answered (0: never).
    pub due: u64,
    #[serde(default)]
    pub last: u64,
    /// Answers given, and how many of them were the best play.
    #[serde(default)]
    pub answers: u32,
    #[serde(default)]
    pub best: u32,
}

/// The easiness a card starts with.
pub const START_EASINESS: f64 = 2.5;
/// The least easiness.
pub const MIN_EASINESS: f64 = 1.3;

impl Card {
    /// A new card, due on `today`.
    #[must_use]
    pub fn new(error: Error, today: u64) -> Card {
        Card {
            kind: error.kind,
            position: error.position,
            roll: error.roll,
            cube: error.cube,
            score: error.score,
            rules: error.rules,
            player: error.player,
            record: error.record,
            game: error.game,
            turn: error.turn,
            loss: error.loss,
            played: error.played,
            repetitions: 0,
            interval: 0,
            easiness: START_EASINESS,
            due: today,
            last: 0,
            answers: 0,
            best: 0,
        }
    }

    /// The card's identity: the same game, position, rules, roll (or question), cube and
    /// score are one card.
    #[must_use]
    pub fn key(&self) -> [&str; 6] {
        let kind = self.kind.save_name().unwrap_or("");
        [
            kind,
            &self.position,
            &self.roll,
            &self.rules,
            &self.cube,
            &self.score,
        ]
    }

    /// The cube decision the card asks, if it is one.
    #[must_use]
    pub fn question(&self) -> Option<CubeCard> {
        match self.roll.as_str() {
            DOUBLE => Some(CubeCard::Double),
            TAKE => Some(CubeCard::Take),
            _ => None,
        }
    }

    /// SM-2 after an answer of quality `q` (0–5) on `today`.
    pub fn answer(&mut self, q: u8, today: u64) {
        let q = q.min(5);
        if q < 3 {
            self.repetitions = 0;
            self.interval = 1;
        } else {
            self.interval = match self.repetitions {
                0 => 1,
                1 => 6,
                _ => (f64::from(self.interval) * self.easiness).round() as u32,
            };
            self.repetitions += 1;
        }
        let d = f64::from(5 - q);
        self.easiness = (self.easiness + 0.1 - d * (0.08 + 0.02 * d)).max(MIN_EASINESS);
        self.due = today + u64::from(self.interval.max(1));
        self.last = today;
        self.answers += 1;
        if q == 5 {
            self.best += 1;
        }
    }
}

/// A cube card's `roll`: the question it asks.
pub const DOUBLE: &str = "double";
pub const TAKE: &str = "take";

/// The question of a cube card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeCard {
    /// Double or not? (the side to roll's).
    Double,
    /// Take or pass? (the doubled side's).
    Take,
}

/// An error found in the records, to become a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    /// The game it is of (the card's `kind`).
    pub kind: Kind,
    pub position: String,
    pub roll: String,
    pub cube: String,
    pub score: String,
    pub rules: String,
    pub player: String,
    pub record: String,
    pub game: u32,
    pub turn: u32,
    pub loss: f64,
    pub played: String,
}

/// The quality (0–5) of a play that lost `loss`, on the scale of `thresholds` (the
/// analysis's doubtful, bad and very bad marks).
#[must_use]
pub fn quality(loss: f64, thresholds: [f64; 3]) -> u8 {
    match loss {
        l if l <= 0.0 => 5,
        l if l < thresholds[0] => 4,
        l if l < thresholds[1] => 3,
        l if l < thresholds[2] => 2,
        _ => 1,
    }
}

/// The deck: its cards, and how many answers were given each day.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    #[serde(default, rename = "card")]
    pub cards: Vec<Card>,
    /// `[day, answers]`, one entry a day practised, in order.
    #[serde(default)]
    pub days: Vec<[u64; 2]>,
}

/// Which cards to practise: whose, and from which mark of the analysis up.
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    /// `None`: everyone's.
    pub player: Option<String>,
    /// The least loss of the play made, by game ([`Kind::index`]: each game's
    /// analysis has its own marks).
    pub least: [f64; 2],
}

impl Filter {
    /// Whether `card` is one of these.
    #[must_use]
    pub fn takes(&self, card: &Card) -> bool {
        self.player.as_ref().is_none_or(|p| *p == card.player) && card.loss >= self.least[card.kind.index()]
    }
}

impl Deck {
    /// Adds the errors not yet in the deck, due today; returns how many were new.
    pub fn add(&mut self, errors: impl IntoIterator<Item = Error>, today: u64) -> usize {
        let mut added = 0;
        for e in errors {
            let card = Card::new(e, today);
            if !self.cards.iter().any(|c| c.key() == card.key()) {
                self.cards.push(card);
                added += 1;
            }
        }
        added
    }

    /// The cards of `filter` due on `today` (overdue first, then in the deck's order).
    #[must_use]
    pub fn due(&self, filter: &Filter, today: u64) -> Vec<usize> {
        let mut due: Vec<usize> = (0..self.cards.len())
            .filter(|&i| self.cards[i].due <= today && filter.takes(&self.cards[i]))
            .collect();
        due.sort_by_key(|&i| (self.cards[i].due, i));
        due
    }

    /// Card `i` answered on `today` with a play that lost `loss` (thresholds: the
    /// analysis's marks).
    pub fn answer(&mut self, i: usize, loss: f64, thresholds: [f64; 3], today: u64) {
        let Some(card) = self.cards.get_mut(i) else {
            return;
        };
        card.answer(quality(loss, thresholds), today);
        match self.days.last_mut() {
            Some([day, count]) if *day == today => *count += 1,
            _ => self.days.push([today, 1]),
        }
    }

    /// Answers given on `today`.
    #[must_use]
    pub fn today(&self, today: u64) -> u64 {
        self.days
            .iter()
            .rev()
            .find(|[day, _]| *day == today)
            .map_or(0, |[_, n]| *n)
    }

    /// The streak: days in a row practised, up to today (or up to yesterday, when today
    /// has had no answer yet).
    #[must_use]
    pub fn streak(&self, today: u64) -> u64 {
        let mut days = self.days.iter().rev().map(|[day, _]| *day).peekable();
        let mut expected = match days.peek() {
            Some(&d) if d == today => today,
            Some(&d) if d + 1 == today => d,
            _ => return 0,
        };
        let mut streak = 0;
        for day in days {
            if day != expected {
                break;
            }
            streak += 1;
            expected = expected.saturating_sub(1);
        }
        streak
    }
}

/// A backgammon cube as a card and a kept analysis write it: its value, then its owner's
/// letter when it has one (`1`, `2w`, `4b`).
#[must_use]
pub fn cube_text(value: u32, owner: Option<Color>) -> String {
    format!(
        "{value}{}",
        owner.map_or(String::new(), |o| o.letter().to_string())
    )
}

/// The cube written by [`cube_text`]: a value of 1 to 64, a power of two, and its owner.
#[must_use]
pub fn read_cube(text: &str) -> Option<(u32, Option<Color>)> {
    let (value, owner) = match text.char_indices().last()? {
        (i, 'w') => (&text[..i], Some(Color::White)),
        (i, 'b') => (&text[..i], Some(Color::Black)),
        _ => (text, None),
    };
    let value: u32 = value.parse().ok()?;
    (value.is_power_of_two() && value <= 64).then_some((value, owner))
}

/// A backgammon match's score as a card writes it: the length, then each game played
/// before, its winner's letter and the points it brought (`5 w2 b1`): the games, not
/// just the points, so that the Crawford game is known too.
#[must_use]
pub fn score_text(length: u32, games: &[(Color, u32)]) -> String {
    let mut text = length.to_string();
    for (winner, points) in games {
        text.push_str(&format!(" {}{points}", winner.letter()));
    }
    text
}

/// The score written by [`score_text`], if it is one: an odd length up to 25, games that
/// each brought points, and nobody at the length yet.
#[must_use]
pub fn read_score(text: &str) -> Option<(u32, Vec<(Color, u32)>)> {
    let mut words = text.split(' ');
    let length: u32 = words.next()?.parse().ok()?;
    let games = words
        .map(|w| {
            let winner = match w.chars().next()? {
                'w' => Color::White,
                'b' => Color::Black,
                _ => return None,
            };
            let points: u32 = w.get(1..)?.parse().ok()?;
            (points > 0).then_some((winner, points))
        })
        .collect::<Option<Vec<_>>>()?;
    let points = |side: Color| -> u32 { games.iter().filter(|g| g.0 == side).map(|g| g.1).sum() };
    (length % 2 == 1 && length <= 25 && Color::BOTH.iter().all(|&s| points(s) < length))
        .then_some((length, games))
}

/// The day (since 1970, UTC) of a time in seconds since 1970.
#[must_use]
pub fn day_of(seconds: u64) -> u64 {
    seconds / 86_400
}
