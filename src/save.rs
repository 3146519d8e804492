//! Saving and resuming a match, so that nothing a player does is lost.
//!
//! A match in progress is kept as `match.toml` in the data directory: the players, the
//! match length, the teka, every turn of every game (dice and play in notation), a roll
//! made but not yet played, and the dice generator's seed with the number of dice drawn,
//! so that a seeded match continues with exactly the dice it would have had. Loading
//! replays every turn through the rules engine: a save that does not replay (damaged,
//! truncated, edited, or from a newer version) is never trusted and never overwritten —
//! it is renamed `match.toml.bad-<seconds>` and the player is told why. Everything that
//! can be checked is: the first line carries a checksum of the rest (accidental damage),
//! the dice drawn again from the seed must be the dice saved, the match length must fit
//! the results, and the saved position must be where the turns lead. Writes are atomic:
//! a temporary file in the same directory, flushed and synced, renamed over the old one;
//! records are never overwritten.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::app::App;
use crate::rules::{Color, GameResult, Roll, parse_notation};
use crate::session::{Match, Phase};

/// The save format this version writes. Format 1 (before checksums and typed rolls) is
/// still read, so that older records stay readable.
pub const FORMAT: u32 = 2;

/// The first line of a save of format 2 or later: this prefix, then the FNV-1a checksum
/// of everything after that line, in 16 hex digits.
const CHECKSUM_PREFIX: &str = "# brade save, checksum fnv1a64 ";

/// More dice than any real match rolls (a 7-game match has a few thousand); a save that
/// claims more is damaged.
const MAX_DICE: u64 = 1_000_000;

/// A match as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMatch {
    pub format: u32,
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
    /// The position now (a check: replaying the turns must lead here).
    pub position: String,
    /// A roll made but not yet played (the turn is replayed from its start).
    pub roll: Option<String>,
    /// The last game is over and the match summary has been shown.
    #[serde(default)]
    pub finished: bool,
    /// The computer's level for a side it plays ("easy", "medium", "hard").
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
    /// The winner and the result when the game is over.
    pub winner: Option<String>,
    pub result: Option<String>,
}

/// Why a save cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("it is empty")]
    Empty,
    #[error("it is not a brade save: {0}")]
    Syntax(String),
    #[error("it was written by a newer brade (format {0}; this version reads format {FORMAT})")]
    Newer(u32),
    #[error("it is damaged: {0}")]
    Damaged(String),
    #[error("{0}")]
    Invalid(String),
    #[error("game {game}, turn {turn}: {reason}")]
    Turn {
        game: usize,
        turn: usize,
        reason: String,
    },
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn side_of(text: &str) -> Option<Color> {
    match text {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Seconds since 1970 now.
#[must_use]
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `2026-11-29 15:04 UTC` for a time in seconds since 1970.
#[must_use]
pub fn format_time(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// The match on screen as it would be saved now, if there is one.
#[must_use]
pub fn snapshot(app: &App) -> Option<SavedMatch> {
    let game = app.game()?;
    let roll = match &game.phase {
        Phase::Moving(turn) => Some(turn.roll().to_string()),
        Phase::Forfeit(roll) => Some(roll.to_string()),
        _ => None,
    };
    // The position on the board: after a game, the one it ended in.
    let position = match &game.phase {
        Phase::GameOver { last, .. } => *last,
        _ => game.position,
    };
    Some(SavedMatch {
        format: FORMAT,
        saved_at: now(),
        white: game.names[0].clone(),
        black: game.names[1].clone(),
        games: game.score.games(),
        seed: app.dice_seed,
        dice_drawn: app.dice_drawn,
        dice_typed: app.dice_typed,
        typed_rolls: app.typed_rolls.clone(),
        position: position.code(),
        roll,
        finished: matches!(game.phase, Phase::MatchOver),
        white_computer: app.computer[0].map(|l| l.label().to_string()),
        black_computer: app.computer[1].map(|l| l.label().to_string()),
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
                winner: g.result.map(|r| side_name(r.winner).to_string()),
                result: g.result.map(|r| r.result.notation()),
            })
            .collect(),
    })
}

/// A match rebuilt from a save, with where its dice stand.
#[derive(Debug)]
pub struct Restored {
    pub game: Match,
    /// The computer's level for each side it plays.
    pub computer: [Option<crate::ai::Level>; 2],
    pub seed: Option<u64>,
    pub dice_drawn: u64,
    pub dice_typed: u64,
    pub typed_rolls: Vec<u64>,
    pub saved_at: u64,
}

/// The text of a save: the checksum line, then the TOML.
pub fn to_text(saved: &SavedMatch) -> io::Result<String> {
    let body = toml::to_string(saved).map_err(io::Error::other)?;
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
        .ok_or_else(|| SaveError::Damaged("it ends after its checksum line".to_string()))?;
    let sum = u64::from_str_radix(sum.trim_end_matches('\r'), 16)
        .map_err(|_| SaveError::Damaged(format!("its checksum {sum:?} is not a number")))?;
    if crate::checksum::fnv1a(body.as_bytes()) != sum {
        return Err(SaveError::Damaged(
            "its checksum does not match its content (the file was changed or corrupted)".to_string(),
        ));
    }
    Ok((body, true))
}

/// Parses a save's text.
pub fn parse(text: &str) -> Result<SavedMatch, SaveError> {
    if text.trim().is_empty() {
        return Err(SaveError::Empty);
    }
    // Read the format first, so that a newer save is named as such even when its
    // fields are unknown here.
    if let Ok(table) = text.parse::<toml::Table>()
        && let Some(format) = table.get("format").and_then(toml::Value::as_integer)
        && format > i64::from(FORMAT)
    {
        return Err(SaveError::Newer(u32::try_from(format).unwrap_or(u32::MAX)));
    }
    let (body, summed) = checked_body(text)?;
    let saved: SavedMatch = toml::from_str(body).map_err(|e| SaveError::Syntax(e.message().to_string()))?;
    if saved.format >= 2 && !summed {
        return Err(SaveError::Damaged("its checksum line is missing".to_string()));
    }
    Ok(saved)
}

/// Rebuilds the match by replaying every turn through the rules engine.
pub fn restore(saved: &SavedMatch) -> Result<Restored, SaveError> {
    replay(saved, |_| {})
}

/// The match replayed turn by turn: the same checks as [`restore`], with `visit` called
/// on the match after every turn played.
pub fn replay(saved: &SavedMatch, mut visit: impl FnMut(&Match)) -> Result<Restored, SaveError> {
    let invalid = |msg: String| SaveError::Invalid(msg);
    if !(1..=FORMAT).contains(&saved.format) {
        return Err(invalid(format!("unknown format {}", saved.format)));
    }
    if !crate::session::GAME_CHOICES.contains(&saved.games) {
        return Err(invalid(format!(
            "a match has 1, 3, 5 or 7 games, not {}",
            saved.games
        )));
    }
    for name in [&saved.white, &saved.black] {
        if name.trim().is_empty()
            || name.chars().count() > crate::session::MAX_NAME
            || name.chars().any(char::is_control)
        {
            return Err(invalid(format!("the name {name:?} is not a player's name")));
        }
    }
    // Every die drawn went to a teka or a roll: a save that lost turns (truncated, cut
    // short, edited) does not add up.
    let turns: usize = saved.game.iter().map(|g| g.turns.len()).sum();
    let rolls = (saved.teka.len() + turns + usize::from(saved.roll.is_some())) as u64;
    let expected = 2 * rolls;
    match saved.dice_drawn.checked_add(saved.dice_typed) {
        Some(n) if n == expected && n <= MAX_DICE => {}
        _ => {
            return Err(invalid(format!(
                "{} dice drawn and {} typed are saved, but the teka and turns saved account for {expected}",
                saved.dice_drawn, saved.dice_typed
            )));
        }
    }
    // Which rolls were typed: known from format 2 on (in format 1, only when none were).
    let typed: Option<&[u64]> = if saved.format >= 2 || saved.dice_typed == 0 {
        Some(&saved.typed_rolls)
    } else {
        None
    };
    if let Some(typed) = typed
        && (2 * typed.len() as u64 != saved.dice_typed
            || typed.windows(2).any(|w| w[0] >= w[1])
            || typed.last().is_some_and(|&t| t >= rolls))
    {
        return Err(invalid(format!(
            "the typed rolls {typed:?} do not fit the {} dice typed",
            saved.dice_typed
        )));
    }
    if saved.dice_drawn > 0 && saved.seed.is_none() {
        return Err(invalid(
            "dice were drawn, but the seed they were drawn from is missing".to_string(),
        ));
    }
    // Every roll in the match's order, with where it is saved, for the dice check.
    let mut rolled: Vec<((u8, u8), String)> = Vec::with_capacity(rolls as usize);
    let mut game = Match::new(&saved.white, &saved.black, saved.games);
    for &[w, b] in &saved.teka {
        if !matches!(game.phase, Phase::Teka { .. }) || !(1..=6).contains(&w) || !(1..=6).contains(&b) {
            return Err(invalid(format!("the teka roll {w}-{b} does not fit")));
        }
        game.teka(w, b);
        rolled.push(((w, b), "the teka".to_string()));
    }
    if saved.game.len() > saved.games as usize {
        return Err(invalid(format!(
            "{} games saved in a match of {}",
            saved.game.len(),
            saved.games
        )));
    }
    for (gi, g) in saved.game.iter().enumerate() {
        if gi > 0 {
            if !matches!(game.phase, Phase::GameOver { .. }) {
                return Err(invalid(format!("game {} starts before game {gi} ended", gi + 1)));
            }
            game.next_game();
        }
        if !matches!(game.phase, Phase::AwaitRoll) || side_of(&g.starter) != Some(game.position.turn()) {
            return Err(invalid(format!(
                "game {} cannot start with {}",
                gi + 1,
                g.starter
            )));
        }
        for (ti, text) in g.turns.iter().enumerate() {
            let bad = |reason: String| SaveError::Turn {
                game: gi + 1,
                turn: ti + 1,
                reason,
            };
            if !matches!(game.phase, Phase::AwaitRoll) {
                return Err(bad("the game was already over".to_string()));
            }
            let (dice, play) = text
                .trim()
                .split_once(' ')
                .ok_or_else(|| bad(format!("{text:?} is not DICE PLAY")))?;
            let roll: Roll = dice.parse().map_err(|e| bad(format!("{e}")))?;
            rolled.push((roll.dice(), format!("game {}, turn {}", gi + 1, ti + 1)));
            game.roll(roll);
            if let Some(turn) = game.turn_mut() {
                let steps = parse_notation(play).map_err(|e| bad(e.to_string()))?;
                turn.play_typed(&steps)
                    .map_err(|e| bad(format!("{play} is not legal: {e}")))?;
            } else if play.trim() != "-" {
                return Err(bad(format!("{roll} cannot be played, yet the play is {play}")));
            }
            game.confirm().map_err(|e| bad(e.to_string()))?;
            visit(&game);
        }
        let ended = match &game.phase {
            Phase::GameOver { record, .. } => {
                Some((side_name(record.winner).to_string(), record.result.notation()))
            }
            _ => None,
        };
        let said = g.winner.clone().zip(g.result.clone());
        if ended != said {
            return Err(invalid(format!(
                "game {}: the saved result does not match its turns",
                gi + 1
            )));
        }
        if let Some(r) = &g.result
            && GameResult::from_notation(r).is_none()
        {
            return Err(invalid(format!("game {}: unknown result {r:?}", gi + 1)));
        }
    }
    // The match length must fit the results: all games played once it is over, and a
    // finished last game ends the match only when it is the last.
    if saved.finished {
        if !(matches!(game.phase, Phase::GameOver { .. }) && game.score.is_over()) {
            return Err(invalid(
                "the match is marked finished, but its games are not all played".to_string(),
            ));
        }
        game.next_game();
    }
    if let Some(roll) = &saved.roll {
        if !matches!(game.phase, Phase::AwaitRoll) {
            return Err(invalid("a roll is saved where none can be made".to_string()));
        }
        let roll: Roll = roll
            .parse()
            .map_err(|e| invalid(format!("the roll in progress: {e}")))?;
        rolled.push((roll.dice(), "the roll in progress".to_string()));
        game.roll(roll);
    }
    // Where the turns lead: the board now, or the final position of a finished game.
    // Format 1 saved the position before a game's last play, and nothing useful during
    // the teka or after the match.
    let reached = match &game.phase {
        Phase::GameOver { last, .. } => *last,
        _ => game.position,
    };
    let checked = saved.format >= 2
        || !matches!(
            game.phase,
            Phase::Teka { .. } | Phase::GameOver { .. } | Phase::MatchOver
        );
    if checked && reached.code() != saved.position {
        return Err(invalid(format!(
            "the turns lead to {}, but the saved position is {}",
            reached.code(),
            saved.position
        )));
    }
    // The dice drawn again from the seed must be the dice saved.
    if let (Some(typed), Some(seed)) = (typed, saved.seed) {
        let mut dice = crate::session::SeededDice::from_seed(seed);
        for (i, ((a, b), where_)) in rolled.iter().enumerate() {
            if typed.contains(&(i as u64)) {
                continue;
            }
            use crate::session::DiceSource as _;
            let drawn = (dice.die(), dice.die());
            if drawn != (*a, *b) {
                return Err(invalid(format!(
                    "{where_}: the dice {a}-{b} are not the ones drawn from the seed ({}-{})",
                    drawn.0, drawn.1
                )));
            }
        }
    }
    let level = |text: &Option<String>| -> Result<Option<crate::ai::Level>, SaveError> {
        text.as_deref()
            .map(|t| {
                <crate::ai::Level as clap::ValueEnum>::from_str(t, true)
                    .map_err(|_| SaveError::Invalid(format!("unknown computer level {t:?}")))
            })
            .transpose()
    };
    let computer = [level(&saved.white_computer)?, level(&saved.black_computer)?];
    Ok(Restored {
        game,
        computer,
        seed: saved.seed,
        dice_drawn: saved.dice_drawn,
        dice_typed: saved.dice_typed,
        typed_rolls: saved.typed_rolls.clone(),
        saved_at: saved.saved_at,
    })
}

/// What is found in the data directory.
#[derive(Debug)]
pub enum Found {
    Nothing,
    Match(Box<Restored>),
    /// The save could not be used: it was kept under `kept` and the problem is said.
    Bad {
        path: PathBuf,
        kept: PathBuf,
        problem: String,
    },
}

/// The data directory of saves and finished matches.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// A store in `dir`.
    #[must_use]
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The platform's data directory (`$XDG_DATA_HOME/brade` on Linux).
    #[must_use]
    pub fn default_dir() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "brade").map(|d| d.data_dir().to_path_buf())
    }

    /// The save of the match in progress.
    #[must_use]
    pub fn current(&self) -> PathBuf {
        self.dir.join("match.toml")
    }

    /// Where finished matches are kept.
    #[must_use]
    pub fn records(&self) -> PathBuf {
        self.dir.join("records")
    }

    /// Loads the match in progress; a bad save is renamed aside and reported.
    #[must_use]
    pub fn load(&self) -> Found {
        let path = self.current();
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Found::Nothing,
            Err(e) => return self.quarantine(&path, e.to_string()),
        };
        let outcome = String::from_utf8(bytes)
            .map_err(|_| SaveError::Syntax("it is not text".to_string()))
            .and_then(|text| parse(&text))
            .and_then(|saved| restore(&saved));
        match outcome {
            Ok(restored) => Found::Match(Box::new(restored)),
            Err(e) => self.quarantine(&path, e.to_string()),
        }
    }

    fn quarantine(&self, path: &Path, problem: String) -> Found {
        let mut kept = path.with_extension(format!("toml.bad-{}", now()));
        let mut n = 1;
        while kept.exists() {
            kept = path.with_extension(format!("toml.bad-{}-{n}", now()));
            n += 1;
        }
        match fs::rename(path, &kept) {
            Ok(()) => Found::Bad {
                path: path.to_path_buf(),
                kept,
                problem,
            },
            Err(e) => Found::Bad {
                path: path.to_path_buf(),
                kept: path.to_path_buf(),
                problem: format!("{problem} (and it could not be renamed: {e})"),
            },
        }
    }

    /// Writes the save atomically.
    pub fn save(&self, saved: &SavedMatch) -> io::Result<()> {
        let tmp = self.write_temp(saved)?;
        self.commit(&tmp)
    }

    /// The first half of [`Store::save`]: the new save, complete and synced, beside the
    /// old one.
    pub fn write_temp(&self, saved: &SavedMatch) -> io::Result<PathBuf> {
        let text = to_text(saved)?;
        crate::files::write_beside(&self.current(), text.as_bytes())
    }

    /// The second half of [`Store::save`]: the rename over the old save.
    pub fn commit(&self, tmp: &Path) -> io::Result<()> {
        crate::files::rename_durably(tmp, &self.current())
    }

    /// Keeps an unfinished saved match that a new match replaces: it moves to the records
    /// as `…-unfinished.toml`.
    pub fn set_aside(&self) -> io::Result<Option<PathBuf>> {
        let current = self.current();
        if !current.exists() {
            return Ok(None);
        }
        crate::files::place_unique(&self.records(), &format!("{}-unfinished", now()), &current).map(Some)
    }

    /// A finished match leaves the save for the records.
    pub fn archive(&self, saved: &SavedMatch) -> io::Result<PathBuf> {
        let dir = self.records();
        let clean = |s: &str| {
            s.chars()
                .map(|c| if c.is_alphanumeric() { c } else { '_' })
                .collect::<String>()
        };
        let stem = format!(
            "{}-{}-{}",
            saved.saved_at,
            clean(&saved.white),
            clean(&saved.black)
        );
        let tmp = crate::files::write_beside(&dir.join(format!("{stem}.toml")), to_text(saved)?.as_bytes())?;
        let path = crate::files::place_unique(&dir, &stem, &tmp)?;
        match fs::remove_file(self.current()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        crate::files::sync_dir(&self.current());
        Ok(path)
    }
}

/// One step of a replay: the board after a turn (or at a game's start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The game (from 1) and the turn in it (0 = before the first turn).
    pub game: usize,
    pub turn: usize,
    pub position: crate::rules::Position,
    pub last: Option<crate::session::LastPlay>,
    /// Points after this turn, White's and Black's.
    pub score: (u32, u32),
    /// The game's result, on the frame of its last turn.
    pub result: Option<crate::rules::GameRecord>,
}

/// Every board of a saved match, turn by turn, for replaying it.
pub fn frames(saved: &SavedMatch) -> Result<Vec<Frame>, SaveError> {
    let mut frames = Vec::new();
    let mut turn_in_game = 0;
    let mut games_seen = 0;
    replay(saved, |game| {
        if game.log.len() != games_seen {
            games_seen = game.log.len();
            turn_in_game = 0;
            let start = crate::rules::Position::start(game.log[games_seen - 1].starter);
            frames.push(Frame {
                game: games_seen,
                turn: 0,
                position: start,
                last: None,
                score: (game.score.points(Color::White), game.score.points(Color::Black)),
                result: None,
            });
        }
        turn_in_game += 1;
        let (position, result) = match &game.phase {
            Phase::GameOver { record, last } => (*last, Some(*record)),
            _ => (game.position, None),
        };
        let score = (game.score.points(Color::White), game.score.points(Color::Black));
        frames.push(Frame {
            game: games_seen,
            turn: turn_in_game,
            position,
            last: game.last.clone(),
            score,
            result,
        });
    })?;
    Ok(frames)
}

/// A readable transcript of a match: players, date, every turn of every game (mover,
/// dice, play), each result with its points, and the match result.
pub fn transcript(saved: &SavedMatch) -> Result<String, SaveError> {
    use std::fmt::Write as _;
    let restored = restore(saved)?;
    let game = &restored.game;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Bräde: {} (White) v {} (Black), a match of {} game{}",
        saved.white,
        saved.black,
        saved.games,
        if saved.games == 1 { "" } else { "s" }
    );
    let _ = writeln!(out, "Saved {}", format_time(saved.saved_at));
    if !saved.teka.is_empty() {
        let rolls: Vec<String> = saved
            .teka
            .iter()
            .map(|[w, b]| format!("White {w}, Black {b}"))
            .collect();
        let _ = writeln!(out, "Teka: {} — the lower die starts", rolls.join("; "));
    }
    for (gi, log) in game.log.iter().enumerate() {
        let _ = writeln!(
            out,
            "\nGame {} — {} starts",
            gi + 1,
            crate::ui::text::color_name(crate::rules::Lang::En, log.starter)
        );
        let mut mover = log.starter;
        for (ti, (roll, play)) in log.turns.iter().enumerate() {
            let name = &game.names[mover.index()];
            let _ = writeln!(out, "{:>4}. {:<20} {}  {}", ti + 1, name, roll, play);
            mover = mover.other();
        }
        match log.result {
            Some(r) => {
                let points = r.result.points();
                let _ = writeln!(
                    out,
                    "      {} wins: {} — {points} point{}",
                    game.names[r.winner.index()],
                    r.result.swedish(),
                    if points == 1 { "" } else { "s" }
                );
            }
            None => {
                let _ = writeln!(out, "      (not finished)");
            }
        }
    }
    let _ = writeln!(
        out,
        "\nMatch: {} {} – {} {}: {}",
        saved.white,
        game.score.points(Color::White),
        game.score.points(Color::Black),
        saved.black,
        crate::ui::text::standing(crate::rules::Lang::En, &game.score, &game.names)
    );
    Ok(out)
}

/// Reads a save or record file.
pub fn read_file(path: &Path) -> Result<SavedMatch, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{}: it is not text", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

impl Store {
    /// The finished (and set-aside) matches, oldest first, with what could be read of each.
    #[must_use]
    pub fn list_records(&self) -> Vec<(PathBuf, Result<SavedMatch, String>)> {
        let Ok(entries) = fs::read_dir(self.records()) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|p| {
                let read = read_file(&p);
                (p, read)
            })
            .collect()
    }
}
