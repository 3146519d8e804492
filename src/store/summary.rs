//! What the records list and the statistics need of a record ([`RecordSummary`]), read
//! straight from the save's fields — players, date, length, results, rules, the cube's
//! actions, whether the dice were typed — without replaying its turns: listing 5 000
//! records must not cost 5 000 replays. The checks that need no replay are made
//! ([`SaveData::read`]: the checksum, the header, every field read); a record whose turns do
//! not replay is still refused when it is opened (the replay, the transcript, the
//! analysis all replay it).

use std::path::{Path, PathBuf};

use crate::ai::analysis::{Analysis, Summary};
use crate::ai::backgammon::analysis::BgAnalysis;
use crate::backgammon::{GameEnd, Stakes};
use crate::game::{Backgammon, Brade, CubeAction};
use crate::rules::{Color, GameRecord, MatchScore, RuleSet};
use crate::session::{GameLog, Match};

use super::data::{GameData, SaveData};
use super::error::{GameErrors, SaveError};
use super::{FileError, SavedMatch};

/// What the records list and the statistics need of a record.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordSummary {
    pub saved_at: u64,
    /// White's name, then Black's.
    pub names: [String; 2],
    /// The match's length (bräde: games; backgammon: points, 0 for money play).
    pub games: u32,
    /// Every game finished, in order (bräde's; empty in a backgammon record).
    pub results: Vec<GameRecord>,
    /// Each side's figures in the analysis kept beside the record, when one fits (and
    /// was looked for: see [`super::Store::list_records`]).
    pub analysis: Option<[Summary; 2]>,
    /// The rules the match was played by (bräde's; the default in a backgammon record).
    pub rules: RuleSet,
    /// A backgammon record's games, options and cube; `None` in a bräde record.
    pub backgammon: Option<BackgammonSummary>,
    /// Played with manual dice: every roll typed in by the players, none drawn by the
    /// program — which no checksum can prove, so every screen says so.
    pub manual: bool,
}

/// What the records list and the statistics need of a backgammon record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackgammonSummary {
    /// Every game finished, in order, with its cube and points.
    pub games: Vec<GameEnd>,
    /// The options it was played by.
    pub stakes: Stakes,
    /// Each side's actions of the doubling cube, White's then Black's.
    pub cube: [CubeFigures; 2],
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
}

impl RecordSummary {
    /// The summary of a match saved at `saved_at`, with its analysis if there is one.
    #[must_use]
    pub fn of(game: &Match<Brade>, saved_at: u64, analysis: Option<&Analysis>) -> RecordSummary {
        RecordSummary {
            saved_at,
            names: game.names.clone(),
            games: game.score.games(),
            results: game.score.results().to_vec(),
            analysis: analysis.map(|a| a.summary),
            rules: game.rules,
            backgammon: None,
            manual: false,
        }
    }

    /// The summary of a backgammon match saved at `saved_at`.
    #[must_use]
    pub fn of_backgammon(
        game: &Match<Backgammon>,
        saved_at: u64,
        analysis: Option<&BgAnalysis>,
    ) -> RecordSummary {
        RecordSummary {
            saved_at,
            names: game.names.clone(),
            games: game.score.length,
            results: Vec::new(),
            analysis: analysis.map(|a| Color::BOTH.map(|side| a.overall(side))),
            rules: RuleSet::default(),
            backgammon: Some(BackgammonSummary {
                games: game.score.games.clone(),
                stakes: game.rules,
                cube: CubeFigures::of(&game.log),
            }),
            manual: false,
        }
    }

    /// The summary of a saved match of either game, read from its fields with every check
    /// that needs no replay (the results as saved: a replay checks them against the turns),
    /// without an analysis.
    pub fn of_saved(saved: &SavedMatch) -> Result<RecordSummary, SaveError> {
        match saved.kind.as_deref() {
            Some("backgammon") => {
                let data = SaveData::<Backgammon>::read(saved)?;
                let games = results(&data.games)?;
                Ok(RecordSummary {
                    saved_at: data.header.saved_at,
                    games: data.header.length,
                    results: Vec::new(),
                    analysis: None,
                    rules: RuleSet::default(),
                    backgammon: Some(BackgammonSummary {
                        games,
                        stakes: data.header.rules,
                        cube: CubeFigures::count(data.games.iter().map(|g| (g.starter, g.cube.as_slice()))),
                    }),
                    manual: data.header.dice.manual,
                    names: data.header.names,
                })
            }
            _ => {
                let data = SaveData::<Brade>::read(saved)?;
                Ok(RecordSummary {
                    saved_at: data.header.saved_at,
                    games: data.header.length,
                    results: results(&data.games)?,
                    analysis: None,
                    rules: data.header.rules,
                    backgammon: None,
                    manual: data.header.dice.manual,
                    names: data.header.names,
                })
            }
        }
    }

    /// The score the results make (bräde's).
    #[must_use]
    pub fn score(&self) -> MatchScore {
        MatchScore::new(self.games, self.results.clone())
    }

    /// The score a backgammon record's games make; `None` in a bräde record.
    #[must_use]
    pub fn backgammon_score(&self) -> Option<crate::backgammon::Score> {
        let bg = self.backgammon.as_ref()?;
        let mut score = crate::backgammon::Score::new(self.games);
        score.games.clone_from(&bg.games);
        Some(score)
    }

    /// The points each side won, White's then Black's.
    #[must_use]
    pub fn points(&self) -> [u32; 2] {
        if let Some(score) = self.backgammon_score() {
            return Color::BOTH.map(|side| score.points(side));
        }
        let score = self.score();
        Color::BOTH.map(|side| score.points(side))
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

/// The records (of either game) that could be read and have no analysis kept beside them.
#[must_use]
pub fn unanalysed(records: &[RecordEntry]) -> Vec<PathBuf> {
    records
        .iter()
        .filter(|e| e.summary.as_ref().is_ok_and(|s| s.analysis.is_none()))
        .map(|e| e.path.clone())
        .collect()
}
