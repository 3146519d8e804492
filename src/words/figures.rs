//! The figures that several sentences say, each kind in one struct of named fields (the
//! convention is in the module's documentation): an estimate with its standard error,
//! what a play loses, and a player's matches and games.

/// A mean with its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub error: f64,
}

/// What a play loses against the best one: points, and in a match the chance of winning
/// the match (a share, 0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Loss {
    pub points: f64,
    pub match_chance: Option<f64>,
}

/// A player's matches and games, played and won, and the points won per game (`brade
/// stats`, the Statistics screen).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerFigures {
    pub matches: u32,
    pub matches_won: u32,
    pub games: u32,
    pub games_won: u32,
    pub points_per_game: f64,
}
