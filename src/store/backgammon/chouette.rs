//! A chouette saved as it goes (a file of its own among the matches in progress), and rebuilt from
//! its save by doing everything again: the line-up from the players' throws, every double,
//! answer, turn and result through [`Chouette`] (which refuses what the rules would not
//! have allowed), the board of the game in progress through the match replay. Nothing is
//! taken on trust: the scores are what the replay makes them, and the board must agree
//! with the book.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::backgammon::{
    Chouette, ChouetteError, ChouetteEvent, ChouettePhase, Cube, GameOutcome, LineUp, Side, Stakes, line_up,
};
use crate::game::Backgammon;
use crate::rules::Color;
use crate::session::Phase;
use crate::store::SaveError;
use crate::store::format::{SavedMatch, checked_text};
use crate::store::replay::{Restored, restore_any};

/// The format of a chouette's save (2: the computer's players named; a save of format 1
/// has none and reads as such).
pub const CHOUETTE_FORMAT: u32 = 2;

/// The file of the one chouette that versions before several were kept wrote (read, and
/// moved among the matches in progress: see [`crate::store::progress`]).
pub const CHOUETTE_FILE: &str = "chouette.toml";

/// A chouette as its save holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedChouette {
    pub format: u32,
    /// Always `chouette`.
    pub kind: String,
    /// Seconds since 1970 (UTC).
    pub saved_at: u64,
    /// The players as the form named them.
    pub players: Vec<String>,
    /// The money options (B16), as a backgammon save writes them.
    pub options: String,
    /// Each player's line-up throws, in the order of `players`.
    pub throws: Vec<Vec<u8>>,
    /// In the order of `players`: the computer's level for a player it plays (`easy` …
    /// `expert`), empty for a person at the keyboard; none at all when every player is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computer: Vec<String>,
    /// Where the chouette stands: `line-up`, `board` (a game being played) or `game-over`
    /// (a game just finished, its result on screen).
    pub stage: String,
    /// Everything done to the book since the line-up, a line each
    /// ([`ChouetteEvent::text`]).
    pub events: Vec<String>,
    /// The board of the game in progress (or just finished): a backgammon match save.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<SavedMatch>,
}

/// Why a chouette's save cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ChouetteSaveError {
    #[error("{0}")]
    File(SaveError),
    #[error("it cannot be read: {0}")]
    Read(String),
    #[error("not a chouette's save (kind {0:?})")]
    Kind(String),
    #[error("written by a newer brade (chouette format {0})")]
    Newer(u32),
    #[error("unknown options {0:?}")]
    Options(String),
    #[error("unknown stage {0:?}")]
    Stage(String),
    #[error("the line-up: {0}")]
    LineUp(ChouetteError),
    #[error("the line-up throws leave a tie for the box or the captaincy")]
    Tied,
    #[error("event {0} is not one: {1:?}")]
    Event(usize, String),
    #[error("event {0} ({1:?}) was not allowed: {2}")]
    Refused(usize, String, ChouetteError),
    #[error("the board: {0}")]
    Board(SaveError),
    #[error("the board does not agree with the book: {0}")]
    Disagree(&'static str),
    #[error("the computer's players: {0}")]
    Computer(String),
}

/// A chouette rebuilt from its save.
#[derive(Debug)]
pub struct RestoredChouette {
    pub players: Vec<String>,
    pub stakes: Stakes,
    pub throws: Vec<Vec<u8>>,
    /// The computer's level for each player it plays, in the order of `players`.
    pub computer: Vec<Option<Level>>,
    /// The book after every event, and the events.
    pub book: Chouette,
    pub events: Vec<ChouetteEvent>,
    /// The players tied in the line-up who throw again (before the line-up is known).
    pub again: Option<Vec<usize>>,
    /// The game just finished, while its result is on screen.
    pub finished: Option<GameOutcome>,
    /// The board, its dice where they stood.
    pub board: Option<Restored<Backgammon>>,
    /// How many of the board's opening throws and turns the book has been told.
    pub openings: usize,
    pub turns: usize,
}

impl SavedChouette {
    /// The save's text: TOML under a checksum line, as a match save.
    pub fn to_text(&self) -> std::io::Result<String> {
        let body = toml::to_string(self).map_err(std::io::Error::other)?;
        Ok(format!(
            "{}{:016x}\n{body}",
            crate::store::format::CHECKSUM_PREFIX,
            crate::checksum::fnv1a(body.as_bytes())
        ))
    }

    /// A save read from its text (checksum, syntax, format and kind checked).
    pub fn parse(text: &str) -> Result<SavedChouette, ChouetteSaveError> {
        let body = checked_text(text).map_err(ChouetteSaveError::File)?;
        if let Ok(table) = body.parse::<toml::Table>()
            && let Some(format) = table.get("format").and_then(toml::Value::as_integer)
            && format > i64::from(CHOUETTE_FORMAT)
        {
            return Err(ChouetteSaveError::Newer(
                u32::try_from(format).unwrap_or(u32::MAX),
            ));
        }
        let saved: SavedChouette = toml::from_str(body)
            .map_err(|e| ChouetteSaveError::File(SaveError::Syntax(e.message().to_string())))?;
        if saved.kind != "chouette" {
            return Err(ChouetteSaveError::Kind(saved.kind));
        }
        Ok(saved)
    }
}

/// Rebuilds a chouette from its save, doing everything again.
pub fn restore_chouette(saved: &SavedChouette) -> Result<RestoredChouette, ChouetteSaveError> {
    let stakes: Stakes = saved
        .options
        .parse()
        .map_err(|_| ChouetteSaveError::Options(saved.options.clone()))?;
    let stage = saved.stage.as_str();
    if !["line-up", "board", "game-over"].contains(&stage) {
        return Err(ChouetteSaveError::Stage(saved.stage.clone()));
    }
    // The names are checked by the book itself.
    Chouette::new(saved.players.clone(), stakes).map_err(ChouetteSaveError::LineUp)?;
    let computer = computer_levels(&saved.computer, saved.players.len())?;
    let lined = if saved.throws.iter().all(Vec::is_empty) {
        LineUp::Again((0..saved.players.len()).collect())
    } else {
        line_up(&saved.throws).map_err(ChouetteSaveError::LineUp)?
    };
    let order = match (lined, stage) {
        (LineUp::Again(tied), "line-up") if saved.events.is_empty() && saved.board.is_none() => {
            let book = Chouette::new(saved.players.clone(), stakes).map_err(ChouetteSaveError::LineUp)?;
            return Ok(RestoredChouette {
                players: saved.players.clone(),
                stakes,
                throws: saved.throws.clone(),
                computer,
                book,
                events: Vec::new(),
                again: Some(tied),
                finished: None,
                board: None,
                openings: 0,
                turns: 0,
            });
        }
        (LineUp::Order(order), "board" | "game-over") => order,
        (LineUp::Again(_), _) => return Err(ChouetteSaveError::Tied),
        (LineUp::Order(_), _) => return Err(ChouetteSaveError::Disagree("a line-up thrown but not begun")),
    };
    let ordered = order.iter().map(|&i| saved.players[i].clone()).collect();
    let mut book = Chouette::new(ordered, stakes).map_err(ChouetteSaveError::LineUp)?;
    // Every event done again; the last game's own events are those after the one that
    // finished the game before it.
    let mut events = Vec::with_capacity(saved.events.len());
    let (mut finished, mut segment) = (None, 0);
    for (n, text) in saved.events.iter().enumerate() {
        let event =
            ChouetteEvent::parse(text).ok_or_else(|| ChouetteSaveError::Event(n + 1, text.clone()))?;
        let done = book
            .apply(&event)
            .map_err(|why| ChouetteSaveError::Refused(n + 1, text.clone(), why))?;
        events.push(event);
        if let Some(outcome) = done {
            finished = Some(outcome);
            if n + 1 < saved.events.len() || stage == "board" {
                segment = n + 1;
            }
        } else if n + 1 < saved.events.len() {
            finished = None;
        }
    }
    let finished = finished.filter(|_| stage == "game-over");
    if stage == "game-over" && finished.is_none() {
        return Err(ChouetteSaveError::Disagree("no game has just finished"));
    }
    let own = &events[segment..];
    let openings = own
        .iter()
        .filter(|e| matches!(e, ChouetteEvent::Opening(..)))
        .count();
    let turns = own.iter().filter(|e| matches!(e, ChouetteEvent::EndTurn)).count();
    let board = match &saved.board {
        None => return Err(ChouetteSaveError::Disagree("no board")),
        Some(board) => match restore_any(board)
            .map_err(ChouetteSaveError::Board)?
            .into_game::<Backgammon>()
        {
            Ok(mut r) => {
                check_board(&r, &book, finished.as_ref(), (openings, turns))?;
                r.game.stake = Cube::dead();
                r
            }
            Err(_) => return Err(ChouetteSaveError::Disagree("a bräde board")),
        },
    };
    Ok(RestoredChouette {
        players: saved.players.clone(),
        stakes,
        throws: saved.throws.clone(),
        computer,
        book,
        events,
        again: None,
        finished,
        board: Some(board),
        openings,
        turns,
    })
}

/// The computer's levels as a save names them (one a player, or none at all).
fn computer_levels(saved: &[String], players: usize) -> Result<Vec<Option<Level>>, ChouetteSaveError> {
    if saved.is_empty() {
        return Ok(vec![None; players]);
    }
    if saved.len() != players {
        return Err(ChouetteSaveError::Computer(format!(
            "{} named for {players} players",
            saved.len()
        )));
    }
    saved
        .iter()
        .map(|level| match level.as_str() {
            "" => Ok(None),
            text => match text.parse::<Level>() {
                Ok(l) if crate::ai::backgammon::has_player(l) && l != Level::Random => Ok(Some(l)),
                _ => Err(ChouetteSaveError::Computer(format!("no level {text:?}"))),
            },
        })
        .collect()
}

/// The board agrees with the book: money play, the box White, the opening throws and the
/// turns the book was told, a roll being played where the book says so, the same result.
fn check_board(
    board: &Restored<Backgammon>,
    book: &Chouette,
    finished: Option<&GameOutcome>,
    (openings, turns): (usize, usize),
) -> Result<(), ChouetteSaveError> {
    let game = &board.game;
    if game.score.length != 0 || game.rules != book.stakes() {
        return Err(ChouetteSaveError::Disagree(
            "not a money game by the chouette's options",
        ));
    }
    if game.teka_rolls.len() != openings || game.log.last().map_or(0, |g| g.turns.len()) != turns {
        return Err(ChouetteSaveError::Disagree("the opening throws or the turns"));
    }
    let rolling = matches!(game.phase, Phase::Moving(_) | Phase::Forfeit(_));
    match (finished, &game.phase) {
        (Some(outcome), Phase::GameOver { record, .. }) => {
            let side = if record.winner == Color::White {
                Side::Box
            } else {
                Side::Team
            };
            if outcome.board != record.win.map(|w| (side, w)) {
                return Err(ChouetteSaveError::Disagree("the game's result"));
            }
        }
        // Drops ended it for everyone, wherever the board stood.
        (Some(outcome), _) if outcome.board.is_none() => {}
        (Some(_), _) => return Err(ChouetteSaveError::Disagree("the game's result")),
        (None, Phase::GameOver { .. }) => return Err(ChouetteSaveError::Disagree("the game's result")),
        (None, _) => {
            let book_rolling = matches!(book.phase(), ChouettePhase::Moving(_));
            let doubling = matches!(
                book.phase(),
                ChouettePhase::BoxDoubled | ChouettePhase::TeamDoubled
            );
            if book_rolling != rolling || (doubling && !matches!(game.phase, Phase::AwaitRoll)) {
                return Err(ChouetteSaveError::Disagree("who is rolling"));
            }
        }
    }
    if game.names[Color::White.index()] != book.box_player() && finished.is_none() {
        return Err(ChouetteSaveError::Disagree("the box's name"));
    }
    Ok(())
}
