//! The games the program plays, listed once: [`Kind`] names them (for the command line,
//! the settings, the saves and the screens), and [`with_game!`](crate::with_game) is the one
//! place where a game named at run time becomes its type, as shakmaty's `VariantPosition`
//! delegates to each variant in one place. Everything above this module that serves every
//! game is written once, generic over [`super::Game`], and reaches a game's own code
//! through these two.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A game the program plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Bräde, by the Vasamuseet rules or another rule set.
    #[default]
    Brade,
    /// Backgammon, with the doubling cube.
    Backgammon,
}

impl Kind {
    /// Every game, in the order the screens offer them.
    pub const ALL: [Kind; 2] = [Kind::Brade, Kind::Backgammon];

    /// Its name on the command line, in the settings and in a deck: `brade`, `backgammon`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Brade => "brade",
            Kind::Backgammon => "backgammon",
        }
    }

    /// Its name in a save's `kind` (bräde's saves, older than the second game, name none).
    #[must_use]
    pub fn save_name(self) -> Option<&'static str> {
        crate::with_game!(self, G => <G as super::Game>::SAVE_NAME)
    }

    /// The game a save's `kind` names (none: bräde); `None` for a kind not played here.
    #[must_use]
    pub fn of_save(kind: Option<&str>) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.save_name() == kind)
    }

    /// Its place in [`Kind::ALL`], for tables kept by game.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no game's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a game played here: brade or backgammon")]
pub struct UnknownGame(pub String);

impl FromStr for Kind {
    type Err = UnknownGame;

    /// `brade` (also `bräde`) or `backgammon`, in any case.
    fn from_str(s: &str) -> Result<Kind, UnknownGame> {
        let lower = s.trim().to_lowercase();
        match lower.as_str() {
            "bräde" => Ok(Kind::Brade),
            _ => Kind::ALL
                .into_iter()
                .find(|k| k.name() == lower)
                .ok_or_else(|| UnknownGame(s.to_string())),
        }
    }
}

/// `$body` with the type `$G` standing for the game `$kind` names: the body is compiled
/// once for every game, so that it may use whatever traits the caller's layer has for a
/// game. The one list of the games' types (with [`Kind::ALL`]).
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::game::Kind::Brade => {
                type $G = $crate::game::Brade;
                $body
            }
            $crate::game::Kind::Backgammon => {
                type $G = $crate::game::Backgammon;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Kind;

    #[test]
    fn each_game_is_read_back_from_its_names() {
        for kind in Kind::ALL {
            assert_eq!(kind.name().parse::<Kind>(), Ok(kind));
            assert_eq!(kind.to_string().to_uppercase().parse::<Kind>(), Ok(kind));
            assert_eq!(Kind::of_save(kind.save_name()), Some(kind));
            assert_eq!(Kind::ALL[kind.index()], kind);
        }
        assert_eq!("bräde".parse::<Kind>(), Ok(Kind::Brade));
        assert!("tavla".parse::<Kind>().is_err());
        assert_eq!(Kind::of_save(Some("tavla")), None);
    }
}
