//! The save format: a match as TOML, under a first line carrying a checksum of the rest.
//! Format 3 records whether the match is played with real dice (typed) or drawn ones, and
//! draws them from the seed bound to the match's length and players; formats 1 (before
//! checksums) and 2 are still read — with drawn dice only, since they cannot say whether
//! typed rolls were allowed — so that older records stay readable, and a match resumed
//! from one is saved in its format. Format 4 is format 3 with the rules the match is
//! played by, written only for a match by other rules than the Vasamuseet ones. Format 5
//! is format 4 naming the game (`kind`), written only for a game other than bräde
//! (backgammon), which a version that knows bräde alone refuses as newer. Format 6 is
//! format 5 (or 4 or 3, for bräde) with resignations among a game's actions (`resign
//! gammon accepted`), written only for a match that has one, which a version without
//! resignations refuses as newer.

use serde::{Deserialize, Serialize};

use super::{Damage, SaveError};
use crate::ai::Level;
use crate::game::{CubeAction, Game, TurnPlay as _, TurnView as _};
use crate::rules::Color;
use crate::session::{Match, Phase};

/// The newest save format, which this version writes for a match played by other rules
/// than the Vasamuseet ones (naming them); such a match is refused by a version that
/// cannot play it, as a newer format.
pub const FORMAT: u32 = 4;

/// The format of a save naming its game (other than bräde).
pub const GAME_FORMAT: u32 = 5;

/// The format of a save whose games hold a resignation.
pub const RESIGN_FORMAT: u32 = 6;

/// The format of a save that holds the steps already taken of the roll in progress.
pub const STEPS_FORMAT: u32 = 7;

/// The newest format this version reads.
pub const NEWEST_FORMAT: u32 = STEPS_FORMAT;

/// The format this version writes for a match by the Vasamuseet rules: the same as
/// [`FORMAT`] without the rules, so that the versions before rule sets read it.
pub const PLAIN_FORMAT: u32 = 3;

/// The format a match resumed from an older save keeps (its dice come from the seed
/// itself).
pub const LEGACY_FORMAT: u32 = 2;

/// The first line of a save of format 2 or later: this prefix, then the FNV-1a checksum
/// of everything after that line, in 16 hex digits.
pub(crate) const CHECKSUM_PREFIX: &str = "# brade save, checksum fnv1a64 ";

/// A match as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMatch {
    pub format: u32,
    /// The game (format 5): `backgammon`; none for bräde.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Seconds since 1970 (UTC).
    pub saved_at: u64,
    pub white: String,
    pub black: String,
    pub games: u32,
    /// The dice generator's seed, and how many dice it has given.
    pub seed: Option<u64>,
    pub dice_drawn: u64,
    /// Dice typed in from real dice (manual dice), not drawn.
    #[serde(default)]
    pub dice_typed: u64,
    /// Which rolls were typed (manual dice), by their number in the match's order of
    /// rolls: the teka rolls first, then every turn, then a roll in progress. The other
    /// rolls were drawn, in order, from the seed.
    #[serde(default)]
    pub typed_rolls: Vec<u64>,
    /// The match was started with manual dice (format 3): every roll is typed, none drawn.
    /// Without it, no roll may be typed.
    #[serde(default)]
    pub manual_dice: bool,
    /// The position now (a check: replaying the turns must lead here).
    pub position: String,
    /// A roll made but not yet played (the turn is replayed from its start, then `steps`).
    pub roll: Option<String>,
    /// The steps of the roll in progress already taken (format 7), each `[from, die]` in
    /// the mover's numbering, in the order taken: a player who leaves half-way through a
    /// turn finds it as he left it. Not written when there are none, nor for a side the
    /// computer plays (it plays its turn afresh), nor in a match resumed from a save
    /// before format 3 (kept in its format).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<[u8; 2]>,
    /// The last game is over and the match summary has been shown.
    #[serde(default)]
    pub finished: bool,
    /// The rules it is played by (format 4): a named set or switches, see
    /// [`crate::brade::RuleSet`]; none for the Vasamuseet rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The computer's level for a side it plays ("easy", "medium", "hard", "expert").
    #[serde(default)]
    pub white_computer: Option<String>,
    #[serde(default)]
    pub black_computer: Option<String>,
    /// The teka of the first game, White's die then Black's.
    pub teka: Vec<[u8; 2]>,
    /// Every game begun, the current one last.
    pub game: Vec<SavedGame>,
}

/// One game as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// "white" or "black".
    pub starter: String,
    /// Each turn as `DICE PLAY`, e.g. `53 1/6 6/9`, or `44 -` for a forfeited roll.
    pub turns: Vec<String>,
    /// The actions between the turns, each as `TURNS ACTION` (the turns played before it,
    /// then the action): the doubling cube's (`double`, `take`, `drop`; backgammon's) and,
    /// from format 6, the resignations (`resign gammon declined`, `resign single 53
    /// accepted`, see [`CubeAction::text`]). Not written when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cube: Vec<String>,
    /// The winner and the result when the game is over.
    pub winner: Option<String>,
    pub result: Option<String>,
}

/// Where a match's dice stand, as its save records them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiceRecord {
    /// The generator's seed, and how many dice it has given this match.
    pub seed: Option<u64>,
    pub drawn: u64,
    /// Dice typed in (manual dice), and which of the match's rolls they were.
    pub typed: u64,
    pub typed_rolls: Vec<u64>,
    /// The match is played with real dice (manual dice, chosen when it began).
    pub manual: bool,
    /// The match was resumed from a save before format 3: its dice come from the seed
    /// itself, and it is saved in its format.
    pub legacy: bool,
}

impl SavedMatch {
    /// The save of a match as it stands, its dice where they are, the computer's level
    /// for the sides it plays. (Saves name no game: every save is bräde's so far; a second
    /// game's will name it, in a field bräde's do not have.)
    #[must_use]
    pub fn of<G: Game>(
        game: &Match<G>,
        dice: DiceRecord,
        computer: [Option<Level>; 2],
        saved_at: u64,
    ) -> SavedMatch {
        let roll = match &game.phase {
            Phase::Moving(turn) => Some(turn.roll().to_string()),
            Phase::Forfeit(roll) => Some(roll.to_string()),
            _ => None,
        };
        // (A match resumed from a save before format 3 is saved in its format, which has
        // no steps: its dice are checked as that format draws them.)
        let steps = match &game.phase {
            Phase::Moving(turn) if !dice.legacy && computer[turn.mover().index()].is_none() => {
                turn.taken().iter().map(|s| [s.from, s.die]).collect()
            }
            _ => Vec::new(),
        };
        // The position on the board: after a game, the one it ended in.
        let position = match &game.phase {
            Phase::GameOver { last, .. } => *last,
            _ => game.position,
        };
        let rules = (game.rules != G::default_rules()).then(|| game.rules.to_string());
        SavedMatch {
            format: match (dice.legacy, &rules, G::SAVE_NAME) {
                _ if !steps.is_empty() => STEPS_FORMAT,
                _ if resigned(game) => RESIGN_FORMAT,
                (_, _, Some(_)) => GAME_FORMAT,
                (true, _, None) => LEGACY_FORMAT,
                (false, Some(_), None) => FORMAT,
                (false, None, None) => PLAIN_FORMAT,
            },
            kind: G::SAVE_NAME.map(str::to_string),
            saved_at,
            white: game.names[0].clone(),
            black: game.names[1].clone(),
            games: G::length(&game.score),
            seed: dice.seed,
            dice_drawn: dice.drawn,
            dice_typed: dice.typed,
            typed_rolls: dice.typed_rolls,
            manual_dice: dice.manual,
            position: G::position_code(&position),
            roll,
            steps,
            finished: matches!(game.phase, Phase::MatchOver),
            rules,
            white_computer: computer[0].map(|l| l.label().to_string()),
            black_computer: computer[1].map(|l| l.label().to_string()),
            teka: game.teka_rolls.iter().map(|&(w, b)| [w, b]).collect(),
            game: game
                .log
                .iter()
                .map(|g| SavedGame {
                    starter: side_name(g.starter).to_string(),
                    turns: g
                        .turns
                        .iter()
                        .map(|(roll, play)| format!("{roll} {play}"))
                        .collect(),
                    cube: g
                        .cube
                        .iter()
                        .map(|(at, action)| format!("{at} {}", action.text()))
                        .collect(),
                    winner: g.result.map(|r| side_name(G::winner(&r)).to_string()),
                    result: g.result.map(|r| G::result_notation(&r)),
                })
                .collect(),
        }
    }
}

/// Whether a game of the match holds a resignation (its save is of format 6).
fn resigned<G: Game>(game: &Match<G>) -> bool {
    game.log
        .iter()
        .flat_map(|g| &g.cube)
        .any(|(_, action)| matches!(action, CubeAction::Resign(_)))
}

/// A colour as saves write it.
pub(super) fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A colour as saves write it, read back.
pub(super) fn side_of(text: &str) -> Option<Color> {
    Color::BOTH.into_iter().find(|&c| side_name(c) == text)
}

/// The text of a save: the checksum line, then the TOML.
pub fn to_text(saved: &SavedMatch) -> std::io::Result<String> {
    let body = toml::to_string(saved).map_err(std::io::Error::other)?;
    Ok(format!(
        "{CHECKSUM_PREFIX}{:016x}\n{body}",
        crate::checksum::fnv1a(body.as_bytes())
    ))
}

/// Checks the checksum line of a save's text and returns what it covers; a text without
/// one is returned whole (format 1 had none; later formats insist, see [`parse`]).
fn checked_body(text: &str) -> Result<(&str, bool), SaveError> {
    let Some(rest) = text.strip_prefix(CHECKSUM_PREFIX) else {
        return Ok((text, false));
    };
    let (sum, body) = rest
        .split_once('\n')
        .ok_or(SaveError::Damaged(Damage::EndsAfterChecksum))?;
    let sum = u64::from_str_radix(sum.trim_end_matches('\r'), 16)
        .map_err(|_| SaveError::Damaged(Damage::ChecksumNotANumber(sum.to_string())))?;
    if crate::checksum::fnv1a(body.as_bytes()) != sum {
        return Err(SaveError::Damaged(Damage::ChecksumMismatch));
    }
    Ok((body, true))
}

/// The body of a text under a checksum line, which must be there and agree.
pub(super) fn checked_text(text: &str) -> Result<&str, SaveError> {
    if text.trim().is_empty() {
        return Err(SaveError::Empty);
    }
    match checked_body(text)? {
        (body, true) => Ok(body),
        (_, false) => Err(SaveError::Damaged(Damage::ChecksumMissing)),
    }
}

/// Parses a save's text.
pub fn parse(text: &str) -> Result<SavedMatch, SaveError> {
    if text.trim().is_empty() {
        return Err(SaveError::Empty);
    }
    let read = checked_body(text).and_then(|(body, summed)| {
        toml::from_str::<SavedMatch>(body)
            .map(|saved| (saved, summed))
            .map_err(|e| SaveError::Syntax(e.message().to_string()))
    });
    // A newer save is named as such, whatever else is wrong with it here (its fields may
    // be unknown, its checksum another kind); the text is read a second time, as a table,
    // only when it did not read as a save (a listing of 5 000 records reads each once).
    let format = match &read {
        Ok((saved, _)) => Some(i64::from(saved.format)),
        Err(_) => text
            .parse::<toml::Table>()
            .ok()
            .and_then(|table| table.get("format").and_then(toml::Value::as_integer)),
    };
    if let Some(format) = format.filter(|&f| f > i64::from(NEWEST_FORMAT)) {
        return Err(SaveError::Newer(u32::try_from(format).unwrap_or(u32::MAX)));
    }
    let (saved, summed) = read?;
    if saved.format >= 2 && !summed {
        return Err(SaveError::Damaged(Damage::ChecksumMissing));
    }
    Ok(saved)
}
