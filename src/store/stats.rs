//! Player statistics from the records: per player name, matches and games won and lost,
//! every kind of result for and against (with munk), and points per game.

use std::collections::BTreeMap;

use crate::rules::{Color, GameRecord, Standing, WinKind};
use crate::session::Match;

/// One player's figures over the records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub matches: u32,
    pub matches_won: u32,
    pub games: u32,
    pub games_won: u32,
    pub points_for: u32,
    pub points_against: u32,
    /// Results won and lost by kind (in `WinKind::ALL` order).
    pub won_by: [u32; 7],
    pub lost_by: [u32; 7],
    /// Games won and lost *med munk*.
    pub munk_for: u32,
    pub munk_against: u32,
}

impl PlayerStats {
    /// Points won per game played.
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.points_for) / f64::from(self.games)
        }
    }
}

/// The index of a kind of win in `WinKind::ALL`.
fn kind_index(kind: WinKind) -> usize {
    WinKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

/// Statistics per player name over `matches` (each counted whole: its games played so
/// far, and as a match won or lost once it is over).
#[must_use]
pub fn stats<'a>(matches: impl IntoIterator<Item = &'a Match>) -> BTreeMap<String, PlayerStats> {
    let mut by_name: BTreeMap<String, PlayerStats> = BTreeMap::new();
    for game in matches {
        for side in Color::BOTH {
            let s = by_name.entry(game.name(side).to_string()).or_default();
            if game.score.is_over() {
                s.matches += 1;
                if matches!(game.score.standing(), Standing::Won { winner, .. } if winner == side) {
                    s.matches_won += 1;
                }
            }
            for &GameRecord { winner, result } in game.score.results() {
                let (points, kind) = (result.points(), kind_index(result.kind));
                s.games += 1;
                if winner == side {
                    s.games_won += 1;
                    s.points_for += points;
                    s.won_by[kind] += 1;
                    s.munk_for += u32::from(result.munk);
                } else {
                    s.points_against += points;
                    s.lost_by[kind] += 1;
                    s.munk_against += u32::from(result.munk);
                }
            }
        }
    }
    by_name
}
