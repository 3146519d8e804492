//! The trainer's deck (`trainer.toml` in the data directory, beside the records): written
//! atomically after every answer under a checksum line, as the saves are, and read back
//! only when every card holds up — a position and a roll the rules read, figures that are
//! numbers in their range. A deck that does not is set aside as `trainer.toml.bad-…` (the
//! reason said) and a new one begun: nothing of it is trusted blindly.
//!
//! The errors that become cards come from the records' kept analyses, of either game:
//! every decision marked doubtful or worse, with who made it and where — bräde's plays,
//! backgammon's checker plays and cube decisions (a double or not, a take or a pass: the
//! card then asks the question, with the cube as it was).

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::format::{CHECKSUM_PREFIX, checked_text};
use super::{MAX_SAVE, SaveError, Store};
use crate::game::{Game, Kind};
use crate::practice::{Card, Deck, Error, MIN_EASINESS};
use crate::rules::Roll;

/// The deck's format.
pub const TRAINER_FORMAT: u32 = 1;

/// The deck's file name in the data directory.
pub const TRAINER_FILE: &str = "trainer.toml";

/// The deck as its file holds it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    format: u32,
    #[serde(default)]
    days: Vec<[u64; 2]>,
    #[serde(default, rename = "card")]
    cards: Vec<Card>,
}

/// Why a deck's file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DeckError {
    #[error("{0}")]
    File(SaveError),
    #[error("it cannot be read: {0}")]
    Read(String),
    #[error("written by a newer brade (trainer format {0})")]
    Newer(u32),
    #[error("card {0}: {1}")]
    Card(usize, String),
}

/// The deck's text.
pub fn to_text(deck: &Deck) -> io::Result<String> {
    let file = DeckFile {
        format: TRAINER_FORMAT,
        days: deck.days.clone(),
        cards: deck.cards.clone(),
    };
    let body = toml::to_string(&file).map_err(io::Error::other)?;
    Ok(format!(
        "{CHECKSUM_PREFIX}{:016x}\n{body}",
        crate::checksum::fnv1a(body.as_bytes())
    ))
}

/// A deck read from its text: checksum, syntax, format, and every card checked.
pub fn parse(text: &str) -> Result<Deck, DeckError> {
    let body = checked_text(text).map_err(DeckError::File)?;
    if let Ok(table) = body.parse::<toml::Table>()
        && let Some(format) = table.get("format").and_then(toml::Value::as_integer)
        && format > i64::from(TRAINER_FORMAT)
    {
        return Err(DeckError::Newer(u32::try_from(format).unwrap_or(u32::MAX)));
    }
    let file: DeckFile =
        toml::from_str(body).map_err(|e| DeckError::File(SaveError::Syntax(e.message().to_string())))?;
    for (i, card) in file.cards.iter().enumerate() {
        check(card).map_err(|why| DeckError::Card(i + 1, why))?;
    }
    if file.days.windows(2).any(|w| w[0][0] >= w[1][0]) {
        return Err(DeckError::Card(
            0,
            "the days practised are not in order".to_string(),
        ));
    }
    Ok(Deck {
        cards: file.cards,
        days: file.days,
    })
}

/// What a card must be to be practised.
fn check(card: &Card) -> Result<(), String> {
    // A score and a cube are a card's only in a game with a cube.
    let has_cube = crate::with_game!(card.kind, G => <G as Game>::cube(&Default::default()).is_some());
    if !card.score.is_empty() && (!has_cube || crate::practice::read_score(&card.score).is_none()) {
        return Err(format!("score {:?}", card.score));
    }
    let roll = || -> Result<(), String> {
        if has_cube && card.question().is_some() {
            return crate::practice::read_cube(&card.cube)
                .map(|_| ())
                .ok_or_else(|| format!("cube {:?}", card.cube));
        }
        if !card.cube.is_empty() {
            return Err(format!("a cube ({:?}) on a play's card", card.cube));
        }
        card.roll
            .parse::<Roll>()
            .map(|_| ())
            .map_err(|e| format!("roll {:?}: {e}", card.roll))
    };
    let rules = |e: String| format!("rules {:?}: {e}", card.rules);
    let position = |e: String| format!("position {:?}: {e}", card.position);
    crate::with_game!(card.kind, G => {
        card.position
            .parse::<<G as Game>::Position>()
            .map_err(|e| position(e.to_string()))?;
        if !card.rules.is_empty() {
            card.rules.parse::<<G as Game>::Rules>().map_err(|e| rules(e.to_string()))?;
        }
    });
    roll()?;
    let number = |x: f64| x.is_finite();
    if !(number(card.loss) && (0.0..=12.0).contains(&card.loss)) {
        return Err(format!("loss {}", card.loss));
    }
    if !(number(card.easiness) && (MIN_EASINESS..=10.0).contains(&card.easiness)) {
        return Err(format!("easiness {}", card.easiness));
    }
    if card.interval > 36_500 || card.best > card.answers {
        return Err("a schedule no answers could make".to_string());
    }
    Ok(())
}

impl Store {
    /// Where the trainer's deck is kept.
    #[must_use]
    pub fn trainer_file(&self) -> PathBuf {
        self.dir().join(TRAINER_FILE)
    }

    /// The trainer's deck: empty when there is none. One that cannot be used is set aside
    /// as `trainer.toml.bad-…` and the problem returned with where it was kept.
    pub fn load_deck(&self) -> Result<Deck, (PathBuf, DeckError)> {
        let path = self.trainer_file();
        let bytes = match crate::files::read_regular(&path, MAX_SAVE) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Deck::default()),
            Err(e) => return Err((path, DeckError::Read(e.to_string()))),
        };
        let deck = String::from_utf8(bytes)
            .map_err(|_| DeckError::File(SaveError::NotText))
            .and_then(|text| parse(&text));
        deck.map_err(|why| {
            let kept = path.with_extension(format!("toml.bad-{}", super::now()));
            let _ = std::fs::rename(&path, &kept);
            (kept, why)
        })
    }

    /// Keeps the deck (written atomically).
    pub fn save_deck(&self, deck: &Deck) -> io::Result<()> {
        crate::files::write_atomic(&self.trainer_file(), to_text(deck)?.as_bytes())
    }

    /// The errors of the records whose analysis is kept (every play marked doubtful or
    /// worse), and how many bräde records have no analysis kept yet.
    #[must_use]
    pub fn record_errors(&self) -> (Vec<Error>, usize) {
        let mut errors = Vec::new();
        let mut unanalysed = 0;
        let Ok(dir) = std::fs::read_dir(self.records()) else {
            return (errors, 0);
        };
        let mut paths: Vec<PathBuf> = dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        for path in paths {
            match errors_of(&path) {
                Some(found) => errors.extend(found),
                None => unanalysed += 1,
            }
        }
        (errors, unanalysed)
    }
}

/// The rules as a card names them: empty for the game's default ones.
pub(super) fn rules_text<R: Default + PartialEq + std::fmt::Display>(rules: R) -> String {
    if rules == R::default() {
        String::new()
    } else {
        rules.to_string()
    }
}

/// The errors of the record at `path`, if its analysis is kept (an unreadable file has
/// none: `Some(empty)`): every decision marked doubtful or worse.
fn errors_of(path: &Path) -> Option<Vec<Error>> {
    match super::read_record(path) {
        Ok(file) => file.errors(),
        Err(_) => Some(Vec::new()),
    }
}

/// A card's error at `position` with `roll` (or the cube's question), of the record at
/// `record`, its figures (game, turn, loss, the play made) to be filled in by the caller.
pub(super) fn error_card(
    kind: Kind,
    record: &Path,
    position: String,
    roll: String,
    rules: &str,
    player: &str,
) -> Error {
    Error {
        kind,
        position,
        roll,
        cube: String::new(),
        score: String::new(),
        rules: rules.to_string(),
        player: player.to_string(),
        record: record
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        game: 0,
        turn: 0,
        loss: 0.0,
        played: String::new(),
    }
}
