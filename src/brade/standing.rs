//! Teka (R5) and match standings with the tie-break of R20.

use super::result::GameResult;
use crate::rules::Color;

/// The match lengths a match may have (R20 scores matches of 1, 3, 5 or 7 games).
pub const GAME_CHOICES: [u32; 4] = [1, 3, 5, 7];

/// R5: each player rolls one die, the **lower** starts; `None` means equal — roll again.
#[must_use]
pub fn teka(white_die: u8, black_die: u8) -> Option<Color> {
    match white_die.cmp(&black_die) {
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// One finished game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub winner: Color,
    pub result: GameResult,
}

/// What decides who is ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// More points.
    Points,
    /// Equal points; the players' results sorted best first differ first at `index`
    /// (0 = best result). `loser_box` is `None` when the other player has no result there.
    RankBox {
        index: usize,
        winner_box: u8,
        loser_box: Option<u8>,
    },
}

/// The state of a match of a fixed odd number of games (R20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Points and results equal so far (only possible before the end).
    Level,
    /// `leader` is ahead after the games played so far.
    Leads { leader: Color, by: Decider },
    /// All games are played and `winner` won the match.
    Won { winner: Color, by: Decider },
}

/// A match: its length and the games finished so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchScore {
    games: u32,
    results: Vec<GameRecord>,
}

impl MatchScore {
    /// A match of `games` games (R20: an odd number, usually 3, 5 or 7).
    #[must_use]
    pub fn new(games: u32, results: Vec<GameRecord>) -> MatchScore {
        MatchScore { games, results }
    }

    /// The number of games in the match.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The games finished so far.
    #[must_use]
    pub fn results(&self) -> &[GameRecord] {
        &self.results
    }

    /// Records a finished game.
    pub fn push(&mut self, record: GameRecord) {
        self.results.push(record);
    }

    /// Whether all games have been played.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.results.len() >= self.games as usize
    }

    /// A player's points.
    #[must_use]
    pub fn points(&self, side: Color) -> u32 {
        self.results
            .iter()
            .filter(|r| r.winner == side)
            .map(|r| r.result.points())
            .sum()
    }

    /// The results `side` has won, the highest ranked first (R20's order of comparison;
    /// results of one box in the order won).
    #[must_use]
    pub fn ranked(&self, side: Color) -> Vec<GameResult> {
        let mut r: Vec<GameResult> = self
            .results
            .iter()
            .filter(|r| r.winner == side)
            .map(|r| r.result)
            .collect();
        r.sort_by_key(|r| r.rank_box());
        r
    }

    /// A player's rank boxes, best first: those of [`MatchScore::ranked`].
    #[must_use]
    pub fn boxes(&self, side: Color) -> Vec<u8> {
        self.ranked(side).iter().map(GameResult::rank_box).collect()
    }

    /// Who leads or won, and why (R20).
    #[must_use]
    pub fn standing(&self) -> Standing {
        let (w, b) = (self.points(Color::White), self.points(Color::Black));
        let ahead = if w != b {
            Some((if w > b { Color::White } else { Color::Black }, Decider::Points))
        } else {
            let (wb, bb) = (self.boxes(Color::White), self.boxes(Color::Black));
            (0..wb.len().max(bb.len())).find_map(|i| match (wb.get(i), bb.get(i)) {
                (Some(&x), Some(&y)) if x != y => {
                    let (leader, win, lose) = if x < y {
                        (Color::White, x, y)
                    } else {
                        (Color::Black, y, x)
                    };
                    Some((
                        leader,
                        Decider::RankBox {
                            index: i,
                            winner_box: win,
                            loser_box: Some(lose),
                        },
                    ))
                }
                (Some(&x), None) => Some((
                    Color::White,
                    Decider::RankBox {
                        index: i,
                        winner_box: x,
                        loser_box: None,
                    },
                )),
                (None, Some(&y)) => Some((
                    Color::Black,
                    Decider::RankBox {
                        index: i,
                        winner_box: y,
                        loser_box: None,
                    },
                )),
                _ => None,
            })
        };
        match ahead {
            None => Standing::Level,
            Some((winner, by)) if self.is_over() => Standing::Won { winner, by },
            Some((leader, by)) => Standing::Leads { leader, by },
        }
    }
}
