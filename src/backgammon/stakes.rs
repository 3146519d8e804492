//! What a backgammon game is played for (B13–B16): the doubling cube, a game's points
//! (gammon ×2, backgammon ×3 or ×2), matches to N points with the Crawford rule, and money
//! sessions with automatic doubles and the Jacoby rule. Pure: no dice, no clock.

use std::fmt;
use std::str::FromStr;

use crate::rules::Color;

use super::result::Win;

/// The cube's highest value (B13: redoubles to 64).
pub const MAX_CUBE: u32 = 64;

/// The longest match (in points) the program plays: any odd number up to this.
pub const MAX_MATCH: u32 = 25;

/// The options agreed before a match or a money session (B14, B16). Automatic doubles
/// and the Jacoby rule are for money play only: in a match they are never applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stakes {
    /// What a backgammon counts: 3 (the rule) or 2 (the custom of some countries, B14).
    pub backgammon: u32,
    /// Money play: how many automatic doubles a game may have (B16; by custom at most
    /// one; 0 = none).
    pub automatic: u32,
    /// Money play: gammons and backgammons count as single games unless the cube has
    /// been turned (B16).
    pub jacoby: bool,
}

impl Default for Stakes {
    fn default() -> Stakes {
        Stakes {
            backgammon: 3,
            automatic: 0,
            jacoby: false,
        }
    }
}

/// Options that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StakesError {
    #[error("unknown option {0:?} (backgammon=3|2, automatic=0–3, jacoby=on|off)")]
    Unknown(String),
    #[error("{name} cannot be {value:?} (backgammon=3|2, automatic=0–3, jacoby=on|off)")]
    Value { name: String, value: String },
}

impl fmt::Display for Stakes {
    /// `standard`, or the options that differ: `backgammon=2,automatic=1,jacoby=on`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut parts = Vec::new();
        if self.backgammon != 3 {
            parts.push(format!("backgammon={}", self.backgammon));
        }
        if self.automatic != 0 {
            parts.push(format!("automatic={}", self.automatic));
        }
        if self.jacoby {
            parts.push("jacoby=on".to_string());
        }
        if parts.is_empty() {
            write!(f, "standard")
        } else {
            write!(f, "{}", parts.join(","))
        }
    }
}

impl FromStr for Stakes {
    type Err = StakesError;

    fn from_str(text: &str) -> Result<Stakes, StakesError> {
        let mut stakes = Stakes::default();
        if text.trim() == "standard" {
            return Ok(stakes);
        }
        for part in text.split(',') {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| StakesError::Unknown(part.to_string()))?;
            let bad = || StakesError::Value {
                name: name.to_string(),
                value: value.to_string(),
            };
            match name.trim() {
                "backgammon" => {
                    stakes.backgammon = match value.trim() {
                        "3" => 3,
                        "2" => 2,
                        _ => return Err(bad()),
                    }
                }
                "automatic" => {
                    stakes.automatic = value.trim().parse().ok().filter(|n| *n <= 3).ok_or_else(bad)?;
                }
                "jacoby" => {
                    stakes.jacoby = match value.trim() {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad()),
                    }
                }
                other => return Err(StakesError::Unknown(other.to_string())),
            }
        }
        Ok(stakes)
    }
}

/// The doubling cube of a game (B13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// 1 (the cube in the middle showing 64), 2, 4 … 64.
    pub value: u32,
    /// Who owns it; `None`: in the middle, either side may double.
    pub owner: Option<Color>,
    /// Whether it is in play: not in a match's Crawford game (B15).
    pub live: bool,
    /// The automatic doubles this game has had (money play, B16).
    pub automatic: u32,
}

impl Default for Cube {
    fn default() -> Cube {
        Cube {
            value: 1,
            owner: None,
            live: true,
            automatic: 0,
        }
    }
}

impl Cube {
    /// A cube out of play (the Crawford game).
    #[must_use]
    pub fn dead() -> Cube {
        Cube {
            live: false,
            ..Cube::default()
        }
    }

    /// Whether `side` may double (before his roll): the cube is in play, below 64, and
    /// in the middle or his. A player whose checkers are blocked may still double (B13).
    #[must_use]
    pub fn may_double(&self, side: Color) -> bool {
        self.live && self.value < MAX_CUBE && self.owner.is_none_or(|o| o == side)
    }

    /// The cube once `taker` has taken a double: twice the value, his.
    #[must_use]
    pub fn taken(self, taker: Color) -> Cube {
        Cube {
            value: self.value * 2,
            owner: Some(taker),
            ..self
        }
    }

    /// The cube after an opening roll of equal dice in money play: doubled in the middle,
    /// while the game has had fewer automatic doubles than agreed (B16).
    #[must_use]
    pub fn after_equal_opening(self, stakes: Stakes, money: bool) -> Cube {
        if money && self.live && self.automatic < stakes.automatic && self.value < MAX_CUBE {
            Cube {
                value: self.value * 2,
                automatic: self.automatic + 1,
                ..self
            }
        } else {
            self
        }
    }

    /// Whether a double has been taken this game (the cube "turned", for the Jacoby rule).
    #[must_use]
    pub fn turned(&self) -> bool {
        self.owner.is_some()
    }
}

/// A finished game: who won, how, at what cube, and the points it brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    pub winner: Color,
    /// How it was won at the board; `None` when a double was dropped.
    pub win: Option<Win>,
    /// The cube's value it was played for.
    pub cube: u32,
    /// The points it brings the winner.
    pub points: u32,
}

impl GameEnd {
    /// A game won at the board at `cube` (B14; in money play with the Jacoby rule, a
    /// gammon or backgammon counts single while the cube has not been turned, B16).
    #[must_use]
    pub fn won(winner: Color, win: Win, cube: &Cube, stakes: Stakes, money: bool) -> GameEnd {
        let jacoby = money && stakes.jacoby && !cube.turned();
        let times = match win {
            _ if jacoby => 1,
            Win::Single => 1,
            Win::Gammon => 2,
            Win::Backgammon => stakes.backgammon,
        };
        GameEnd {
            winner,
            win: Some(win),
            cube: cube.value,
            points: cube.value * times,
        }
    }

    /// A game won by `doubler` when his double was dropped: the stake before it (B13).
    #[must_use]
    pub fn dropped(doubler: Color, cube: &Cube) -> GameEnd {
        GameEnd {
            winner: doubler,
            win: None,
            cube: cube.value,
            points: cube.value,
        }
    }

    /// As notation writes it (without the winner): `gammon 2 4` — how, the cube, the
    /// points; `drop 4 4` for a dropped double.
    #[must_use]
    pub fn notation(&self) -> String {
        let how = self.win.map_or("drop", Win::notation);
        format!("{how} {} {}", self.cube, self.points)
    }

    /// The game end a notation names, won by `winner`; `None` when it names none (the
    /// points must be the cube times one, two or three).
    #[must_use]
    pub fn from_notation(winner: Color, text: &str) -> Option<GameEnd> {
        let mut parts = text.split(' ');
        let how = parts.next()?;
        let cube: u32 = parts.next()?.parse().ok()?;
        let points: u32 = parts.next()?.parse().ok()?;
        if parts.next().is_some() || !cube.is_power_of_two() || cube > MAX_CUBE {
            return None;
        }
        let win = match how {
            "drop" => None,
            name => Some(Win::from_notation(name)?),
        };
        let fits = match win {
            None => points == cube,
            Some(_) => [1, 2, 3].iter().any(|t| points == cube * t),
        };
        fits.then_some(GameEnd {
            winner,
            win,
            cube,
            points,
        })
    }
}

/// A match to `length` points (B15), or a money session (`length` 0: no end), and its
/// finished games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub length: u32,
    pub games: Vec<GameEnd>,
}

impl Score {
    /// A match to `length` points (0: a money session).
    #[must_use]
    pub fn new(length: u32) -> Score {
        Score {
            length,
            games: Vec::new(),
        }
    }

    /// Whether this is a money session (no match length).
    #[must_use]
    pub fn is_money(&self) -> bool {
        self.length == 0
    }

    /// Whether a match may be played to `length` points: an odd number up to
    /// [`MAX_MATCH`], or 0 for money play.
    #[must_use]
    pub fn is_length(length: u32) -> bool {
        length == 0 || (length % 2 == 1 && length <= MAX_MATCH)
    }

    /// `side`'s points.
    #[must_use]
    pub fn points(&self, side: Color) -> u32 {
        self.points_after(self.games.len(), side)
    }

    fn points_after(&self, games: usize, side: Color) -> u32 {
        self.games[..games]
            .iter()
            .filter(|g| g.winner == side)
            .map(|g| g.points)
            .sum()
    }

    /// Whether the match is decided: a side has reached or passed the length (B15).
    #[must_use]
    pub fn is_over(&self) -> bool {
        !self.is_money() && Color::BOTH.iter().any(|&s| self.points(s) >= self.length)
    }

    /// The number (from 0) of the match's Crawford game: the game after the one in which
    /// a side first reached one point short of the length (B15); `None` before then, in
    /// money play, and in a match where no side ever stood one short.
    #[must_use]
    pub fn crawford_game(&self) -> Option<usize> {
        if self.is_money() || self.length < 2 {
            return None;
        }
        (1..=self.games.len())
            .find(|&n| {
                Color::BOTH
                    .iter()
                    .any(|&s| self.points_after(n, s) >= self.length - 1)
            })
            .filter(|&n| Color::BOTH.iter().all(|&s| self.points_after(n, s) < self.length))
    }

    /// Whether the next game (the one after the games played) is the Crawford game.
    #[must_use]
    pub fn next_is_crawford(&self) -> bool {
        self.crawford_game() == Some(self.games.len())
    }

    /// Whether the Crawford game has been played (the games after it are post-Crawford).
    #[must_use]
    pub fn post_crawford(&self) -> bool {
        self.crawford_game().is_some_and(|n| n < self.games.len())
    }

    /// The cube the next game begins with: dead in the Crawford game, else in the middle.
    #[must_use]
    pub fn next_cube(&self) -> Cube {
        if self.next_is_crawford() {
            Cube::dead()
        } else {
            Cube::default()
        }
    }

    /// The most games a match of `length` can have (every game brings a point at least).
    #[must_use]
    pub fn most_games(length: u32) -> usize {
        if length == 0 {
            usize::MAX
        } else {
            2 * length as usize - 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(winner: Color, points: u32) -> GameEnd {
        GameEnd {
            winner,
            win: Some(Win::Single),
            cube: points,
            points,
        }
    }

    #[test]
    fn b15_the_game_after_a_side_first_reaches_one_short_is_the_crawford_game_and_only_that_one() {
        let mut score = Score::new(5);
        score.games.push(won(Color::White, 2));
        assert!(!score.next_is_crawford());
        score.games.push(won(Color::White, 2)); // 4–0: one short
        assert!(score.next_is_crawford());
        assert!(!score.next_cube().live);
        score.games.push(won(Color::Black, 1)); // the Crawford game
        assert!(!score.next_is_crawford());
        assert!(score.post_crawford());
        assert!(score.next_cube().live);
        score.games.push(won(Color::Black, 2)); // 4–3
        assert!(!score.next_is_crawford(), "one Crawford game a match");
        score.games.push(won(Color::Black, 2)); // 4–5
        assert!(score.is_over());
    }

    #[test]
    fn b15_a_side_that_jumps_past_one_short_to_the_length_has_no_crawford_game() {
        let mut score = Score::new(3);
        score.games.push(won(Color::Black, 4));
        assert!(score.is_over());
        assert_eq!(score.crawford_game(), None);
    }

    #[test]
    fn b14_gammons_and_backgammons_multiply_the_cube_and_a_drop_pays_the_stake_before_the_double() {
        let cube = Cube::default().taken(Color::Black);
        let standard = Stakes::default();
        assert_eq!(
            GameEnd::won(Color::White, Win::Gammon, &cube, standard, false).points,
            4
        );
        assert_eq!(
            GameEnd::won(Color::White, Win::Backgammon, &cube, standard, false).points,
            6
        );
        let two = Stakes {
            backgammon: 2,
            ..standard
        };
        assert_eq!(
            GameEnd::won(Color::White, Win::Backgammon, &cube, two, false).points,
            4
        );
        assert_eq!(GameEnd::dropped(Color::White, &cube).points, 2);
    }

    #[test]
    fn b16_jacoby_counts_a_gammon_single_in_money_play_until_the_cube_is_turned() {
        let jacoby = Stakes {
            jacoby: true,
            ..Stakes::default()
        };
        let centred = Cube::default();
        assert_eq!(
            GameEnd::won(Color::White, Win::Gammon, &centred, jacoby, true).points,
            1
        );
        assert_eq!(
            GameEnd::won(Color::White, Win::Gammon, &centred, jacoby, false).points,
            2,
            "not in a match"
        );
        let turned = centred.taken(Color::Black);
        assert_eq!(
            GameEnd::won(Color::White, Win::Backgammon, &turned, jacoby, true).points,
            6
        );
    }

    #[test]
    fn b16_automatic_doubles_only_in_money_play_and_at_most_as_many_as_agreed() {
        let one = Stakes {
            automatic: 1,
            ..Stakes::default()
        };
        let cube = Cube::default().after_equal_opening(one, true);
        assert_eq!((cube.value, cube.owner), (2, None), "doubled in the middle");
        assert_eq!(cube.after_equal_opening(one, true), cube, "at most one");
        assert_eq!(
            Cube::default().after_equal_opening(one, false),
            Cube::default(),
            "not in a match"
        );
    }

    #[test]
    fn b13_only_the_owner_redoubles_up_to_64_and_never_in_the_crawford_game() {
        let mut cube = Cube::default();
        assert!(cube.may_double(Color::White) && cube.may_double(Color::Black));
        cube = cube.taken(Color::Black);
        assert!(!cube.may_double(Color::White) && cube.may_double(Color::Black));
        for _ in 0..5 {
            cube = cube.taken(Color::White);
        }
        assert_eq!(cube.value, 64);
        assert!(!cube.may_double(Color::White), "64 is the highest");
        assert!(!Cube::dead().may_double(Color::White));
    }

    #[test]
    fn a_game_end_reads_back_from_its_notation_and_impossible_points_do_not() {
        let cube = Cube::default().taken(Color::White).taken(Color::Black);
        for end in [
            GameEnd::won(Color::Black, Win::Backgammon, &cube, Stakes::default(), false),
            GameEnd::dropped(Color::White, &cube),
        ] {
            assert_eq!(GameEnd::from_notation(end.winner, &end.notation()), Some(end));
        }
        assert_eq!(GameEnd::from_notation(Color::White, "gammon 4 5"), None);
        assert_eq!(GameEnd::from_notation(Color::White, "drop 4 8"), None);
        assert_eq!(GameEnd::from_notation(Color::White, "single 3 3"), None);
        assert_eq!(GameEnd::from_notation(Color::White, "single 128 128"), None);
    }

    #[test]
    fn options_read_back_from_their_text_and_bad_ones_are_refused() {
        for stakes in [
            Stakes::default(),
            Stakes {
                backgammon: 2,
                automatic: 1,
                jacoby: true,
            },
        ] {
            assert_eq!(stakes.to_string().parse::<Stakes>(), Ok(stakes));
        }
        assert!("jacoby=maybe".parse::<Stakes>().is_err());
        assert!("beavers=on".parse::<Stakes>().is_err());
        assert!("automatic=9".parse::<Stakes>().is_err());
    }

    #[test]
    fn a_match_is_an_odd_number_of_points_up_to_25_or_money_play() {
        assert!(Score::is_length(0) && Score::is_length(1) && Score::is_length(25));
        assert!(!Score::is_length(4) && !Score::is_length(27));
    }
}
