//! What the records list and the statistics need of a record ([`RecordSummary`]), read
//! straight from the save's fields — players, date, length, results, rules, the cube's
//! actions, whether the dice were typed — without replaying its turns: listing 5 000
//! records must not cost 5 000 replays. The checks that need no replay are made
//! ([`SaveData::read`]: the checksum, the header, every field read); a record whose turns do
//! not replay is still refused when it is opened (the replay, the transcript, the
//! analysis all replay it).

use std::path::{Path, PathBuf};

use crate::ai::analysis::Summary;
use crate::game::{CubeAction, Game, Kind};
use crate::rules::Color;
use crate::session::{GameLog, Match};

use super::data::{GameData, SaveData};
use super::error::{GameErrors, SaveError};
use super::{FileError, RecordGame, SavedMatch};

/// What the records list and the statistics need of a record, of whichever game.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordSummary {
    /// The game the match was played at.
    pub kind: Kind,
    pub saved_at: u64,
    /// White's name, then Black's.
    pub names: [String; 2],
    /// The match's length in its game's terms (bräde: games; backgammon: points, 0 for
    /// money play).
    pub length: u32,
    /// Every game finished, in order.
    pub results: Vec<Ended>,
    /// Each side's figures in the analysis kept beside the record, when one fits (and
    /// was looked for: see [`super::Store::list_records`]).
    pub analysis: Option<[Summary; 2]>,
    /// The rules the match was played by, as its game writes them (bräde: the rule set's
    /// code; backgammon: its options).
    pub rules: String,
    /// Each side's actions of the doubling cube, White's then Black's; `None` in a game
    /// without a cube.
    pub cube: Option<[CubeFigures; 2]>,
    /// Played with manual dice: every roll typed in by the players, none drawn by the
    /// program — which no checksum can prove, so every screen says so.
    pub manual: bool,
}

/// A finished game as the records and the statistics count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    pub winner: Color,
    /// Its result in its game's notation, without the winner (`hemspel+munk`,
    /// `gammon 2 4`).
    pub result: String,
    /// The points it brought its winner.
    pub points: u32,
    /// The place of its kind of result in its game's [`Game::RESULT_KINDS`].
    pub kind: usize,
    /// Its result carries its game's [`Game::RESULT_MARK`].
    pub marked: bool,
}

impl Ended {
    /// A finished game of `G`, as counted.
    #[must_use]
    pub fn of<G: Game>(record: &G::Record) -> Ended {
        Ended {
            winner: G::winner(record),
            result: G::result_notation(record),
            points: G::points(record),
            kind: G::result_kind(record),
            marked: G::result_marked(record),
        }
    }

    /// The finished game a notation names, won by `winner`; `None` when it names none.
    #[must_use]
    pub fn read<G: Game>(winner: Color, notation: &str) -> Option<Ended> {
        G::read_record(winner, notation).map(|r| Ended::of::<G>(&r))
    }
}

/// A player's actions of the doubling cube in a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CubeFigures {
    /// Doubles offered.
    pub doubles: u32,
    /// Doubles of the other side taken.
    pub takes: u32,
    /// Doubles of the other side dropped.
    pub drops: u32,
}

impl CubeFigures {
    /// Doubles offered, taken and dropped, in that order (as the screens say them).
    #[must_use]
    pub fn counts(&self) -> [u32; 3] {
        [self.doubles, self.takes, self.drops]
    }

    /// Each side's cube actions over the games of `log`: the side to roll doubles (the
    /// starter before turns 0, 2, 4 …, the other before 1, 3 …), the other answers.
    #[must_use]
    pub fn of<G: crate::game::Game>(log: &[GameLog<G>]) -> [CubeFigures; 2] {
        Self::count(log.iter().map(|g| (g.starter, g.cube.as_slice())))
    }

    /// The same over each game's starter and cube actions (turns played before each).
    fn count<'a>(games: impl Iterator<Item = (Color, &'a [(usize, CubeAction)])>) -> [CubeFigures; 2] {
        let mut sides = [CubeFigures::default(); 2];
        for (starter, cube) in games {
            for &(at, action) in cube {
                let doubler = if at % 2 == 0 { starter } else { starter.other() };
                match action {
                    CubeAction::Double => sides[doubler.index()].doubles += 1,
                    CubeAction::Take => sides[doubler.other().index()].takes += 1,
                    CubeAction::Drop => sides[doubler.other().index()].drops += 1,
                    CubeAction::Resign(_) => {}
                }
            }
        }
        sides
    }

    /// One side's figures added to these.
    pub fn add(&mut self, other: CubeFigures) {
        self.doubles += other.doubles;
        self.takes += other.takes;
        self.drops += other.drops;
    }
}

impl RecordSummary {
    /// The summary of a match saved at `saved_at`, with its analysis if there is one.
    #[must_use]
    pub fn of<G: RecordGame>(game: &Match<G>, saved_at: u64, analysis: Option<&G::Kept>) -> RecordSummary {
        RecordSummary {
            kind: G::KIND,
            saved_at,
            names: game.names.clone(),
            length: G::length(&game.score),
            results: game
                .log
                .iter()
                .filter_map(|g| g.result.as_ref())
                .map(Ended::of::<G>)
                .collect(),
            analysis: analysis.map(G::sides),
            rules: game.rules.to_string(),
            cube: G::CUBE.then(|| CubeFigures::of(&game.log)),
            manual: false,
        }
    }

    /// The summary of a saved match of any game, read from its fields with every check
    /// that needs no replay (the results as saved: a replay checks them against the turns),
    /// without an analysis.
    pub fn of_saved(saved: &SavedMatch) -> Result<RecordSummary, SaveError> {
        let kind = Kind::of_save(saved.kind.as_deref()).unwrap_or(Kind::ALL[0]);
        crate::with_game!(kind, G => Self::read::<G>(saved))
    }

    fn read<G: RecordGame>(saved: &SavedMatch) -> Result<RecordSummary, SaveError> {
        let data = SaveData::<G>::read(saved)?;
        Ok(RecordSummary {
            kind: G::KIND,
            saved_at: data.header.saved_at,
            length: data.header.length,
            results: results(&data.games)?.iter().map(Ended::of::<G>).collect(),
            analysis: None,
            rules: data.header.rules.to_string(),
            cube: G::CUBE
                .then(|| CubeFigures::count(data.games.iter().map(|g| (g.starter, g.cube.as_slice())))),
            manual: data.header.dice.manual,
            names: data.header.names,
        })
    }

    /// The match's score in its game's terms, from the results; `None` when `G` is not its
    /// game (or a result does not read as one of `G`'s).
    #[must_use]
    pub fn score<G: RecordGame>(&self) -> Option<G::Score> {
        if self.kind != G::KIND {
            return None;
        }
        let mut score = G::score(self.length);
        for end in &self.results {
            G::record(&mut score, G::read_record(end.winner, &end.result)?);
        }
        Some(score)
    }

    /// The rules it was played by, in its game's terms; `None` when `G` is not its game.
    #[must_use]
    pub fn rules_of<G: RecordGame>(&self) -> Option<G::Rules> {
        (self.kind == G::KIND).then(|| self.rules.parse().ok()).flatten()
    }

    /// The points each side won, White's then Black's.
    #[must_use]
    pub fn points(&self) -> [u32; 2] {
        Color::BOTH.map(|side| {
            self.results
                .iter()
                .filter(|e| e.winner == side)
                .map(|e| e.points)
                .sum()
        })
    }
}

/// The results of the games saved, in order: every game but the last must have one (as
/// the replay insists: a game starts only after the one before ended).
fn results<G: GameErrors>(games: &[GameData<G>]) -> Result<Vec<G::Record>, SaveError> {
    let mut out = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        match g.result {
            Some(r) => out.push(r),
            None if i + 1 < games.len() => {
                return Err(SaveError::EarlyStart {
                    game: i + 2,
                    previous: i + 1,
                });
            }
            None => {}
        }
    }
    Ok(out)
}

/// A record file and its summary, or why it cannot be used.
#[derive(Clone, Debug)]
pub struct RecordEntry {
    pub path: PathBuf,
    pub summary: Result<RecordSummary, FileError>,
}

impl RecordEntry {
    /// A record read and summarised now, with the figures of the analysis kept beside it
    /// if one fits (checked against the record replayed).
    #[must_use]
    pub fn read(path: &Path) -> RecordEntry {
        let summary = super::read_file(path)
            .and_then(|saved| RecordSummary::of_saved(&saved).map_err(|e| FileError::new(path, e)))
            .map(|mut summary| {
                summary.analysis = super::analysis::analysis_figures(path);
                summary
            });
        RecordEntry {
            path: path.to_path_buf(),
            summary,
        }
    }
}

/// The records (of any game) that could be read and have no analysis kept beside them.
#[must_use]
pub fn unanalysed(records: &[RecordEntry]) -> Vec<PathBuf> {
    records
        .iter()
        .filter(|e| e.summary.as_ref().is_ok_and(|s| s.analysis.is_none()))
        .map(|e| e.path.clone())
        .collect()
}
