//! How a game ends (R15–R18) and what it is worth (R19).

use std::fmt;

/// The kind of win. Declaration order implies no ranking; see [`GameResult::rank_box`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// R15: all 15 checkers borne off.
    Hemspel,
    /// R16: 3 on each of points 20–24.
    EnkeltKronspel,
    /// R16: 5 on each of points 22–24.
    DubbeltKronspel,
    /// R16: 3 on 22, 5 on 23, 7 on 24.
    Trappspel,
    /// R16: all 15 on 24.
    Uppspel,
    /// R17: the opponent cannot enter all his hit checkers.
    Jan,
    /// R17: a jan made by bursting a band on a point of the mover's first quarter.
    Sprangjan,
}

impl WinKind {
    /// Every kind of win.
    pub const ALL: [WinKind; 7] = [
        WinKind::Hemspel,
        WinKind::EnkeltKronspel,
        WinKind::DubbeltKronspel,
        WinKind::Trappspel,
        WinKind::Uppspel,
        WinKind::Jan,
        WinKind::Sprangjan,
    ];

    /// Whether this is one of the four pretty games (R16).
    #[must_use]
    pub fn is_pretty(self) -> bool {
        matches!(
            self,
            WinKind::EnkeltKronspel | WinKind::DubbeltKronspel | WinKind::Trappspel | WinKind::Uppspel
        )
    }

    /// Whether this kind can be won *med munk* (R18).
    #[must_use]
    pub fn can_have_munk(self) -> bool {
        self == WinKind::Hemspel || self.is_pretty()
    }

    /// The name in the engine's notation (rules §7b).
    #[must_use]
    pub const fn notation(self) -> &'static str {
        match self {
            WinKind::Hemspel => "hemspel",
            WinKind::EnkeltKronspel => "enkelt-kronspel",
            WinKind::DubbeltKronspel => "dubbelt-kronspel",
            WinKind::Trappspel => "trappspel",
            WinKind::Uppspel => "uppspel",
            WinKind::Jan => "jan",
            WinKind::Sprangjan => "sprangjan",
        }
    }
}

/// A game's result from the winner's side: the kind of win and whether *med munk*.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub kind: WinKind,
    /// R18: the loser had checkers on the bar (only for hemspel and pretty games).
    pub munk: bool,
}

impl GameResult {
    /// A result; `munk` is ignored for kinds that cannot have it.
    #[must_use]
    pub fn new(kind: WinKind, munk: bool) -> GameResult {
        GameResult {
            kind,
            munk: munk && kind.can_have_munk(),
        }
    }

    /// Points for the winner (R19).
    #[must_use]
    pub fn points(&self) -> u32 {
        match (self.kind, self.munk) {
            (WinKind::Sprangjan, _) => 6,
            (WinKind::Jan, _) => 4,
            (k, true) if k.is_pretty() => 3,
            (k, false) if k.is_pretty() => 2,
            (_, true) => 2,
            (_, false) => 1,
        }
    }

    /// The rank box of R19: 1 (sprängjan, highest) to 6 (hemspel). Results in one box
    /// rank equal in the match tie-break (R20).
    #[must_use]
    pub fn rank_box(&self) -> u8 {
        match (self.kind, self.munk) {
            (WinKind::Sprangjan, _) => 1,
            (WinKind::Jan, _) => 2,
            (k, true) if k.is_pretty() => 3,
            (k, false) if k.is_pretty() => 4,
            (_, true) => 5,
            (_, false) => 6,
        }
    }

    /// The name in the engine's notation: `hemspel+munk`, `jan`, `sprangjan`, …
    #[must_use]
    pub fn notation(&self) -> String {
        if self.munk {
            format!("{}+munk", self.kind.notation())
        } else {
            self.kind.notation().to_string()
        }
    }

    /// Parses a result name of the notation.
    #[must_use]
    pub fn from_notation(text: &str) -> Option<GameResult> {
        let (name, munk) = match text.strip_suffix("+munk") {
            Some(n) => (n, true),
            None => (text, false),
        };
        let kind = WinKind::ALL.into_iter().find(|k| k.notation() == name)?;
        if munk && !kind.can_have_munk() {
            return None;
        }
        Some(GameResult { kind, munk })
    }

    /// A compact code for hash keys: 0 is reserved for "no result".
    pub(crate) fn code(&self) -> u8 {
        let k = match self.kind {
            WinKind::Hemspel => 0,
            WinKind::EnkeltKronspel => 1,
            WinKind::DubbeltKronspel => 2,
            WinKind::Trappspel => 3,
            WinKind::Uppspel => 4,
            WinKind::Jan => 5,
            WinKind::Sprangjan => 6,
        };
        1 + 2 * k + u8::from(self.munk)
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}
