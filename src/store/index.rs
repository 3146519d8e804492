//! The records listed without replaying them: a summary of each record (its players, date,
//! length and results, and its players' figures in the analysis kept beside it; for a
//! backgammon record its games with their cube and points, its options and each side's
//! doubles, takes and drops — [`BackgammonSummary`]), kept in
//! `records/index` so that a record is replayed once, not every time the records are
//! listed or counted — 5 000 seven-game records replay in about 20 seconds, and are listed
//! from the index in a tenth of one.
//!
//! The index is derived data and trusted only as far as it is checked: it is used for a
//! record only while the record's bytes have the checksum it was summarised from (and for
//! its analysis while the analysis file's bytes do), under a first line with today's
//! analysis judge and the checksum of the rest. Anything else — a new or changed record, a
//! new analysis, a damaged or foreign index — is replayed, and the index written again
//! (atomically; a failure to write it only costs time the next time).

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::ai::analysis::{Analysis, Summary};
use crate::ai::bg_analysis::BgAnalysis;
use crate::backgammon::{GameEnd, Stakes};
use crate::game::{Backgammon, CubeAction};
use crate::rules::{Color, GameRecord, GameResult, MatchScore, RuleSet};
use crate::session::{GameLog, Match};

use super::format::{side_name, side_of};
use super::{FileError, MAX_SAVE, Store};

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
    /// Each side's figures in the analysis kept beside the record, when one fits.
    pub analysis: Option<[Summary; 2]>,
    /// The rules the match was played by (bräde's; the default in a backgammon record).
    pub rules: RuleSet,
    /// A backgammon record's games, options and cube; `None` in a bräde record.
    pub backgammon: Option<BackgammonSummary>,
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
}

impl CubeFigures {
    /// Each side's cube actions over the games of `log`: the side to roll doubles (the
    /// starter before turns 0, 2, 4 …, the other before 1, 3 …), the other answers.
    #[must_use]
    pub fn of<G: crate::game::Game>(log: &[GameLog<G>]) -> [CubeFigures; 2] {
        let mut sides = [CubeFigures::default(); 2];
        for game in log {
            for &(at, action) in &game.cube {
                let doubler = game.mover(at);
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
    pub fn of(game: &Match, saved_at: u64, analysis: Option<&Analysis>) -> RecordSummary {
        RecordSummary {
            saved_at,
            names: game.names.clone(),
            games: game.score.games(),
            results: game.score.results().to_vec(),
            analysis: analysis.map(|a| a.summary),
            rules: game.rules,
            backgammon: None,
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

/// A record file and its summary, or why it cannot be used.
#[derive(Clone, Debug)]
pub struct RecordEntry {
    pub path: PathBuf,
    pub summary: Result<RecordSummary, FileError>,
}

impl RecordEntry {
    /// A record read, replayed and summarised now (with the analysis kept beside it, if
    /// one fits).
    #[must_use]
    pub fn read(path: &Path) -> RecordEntry {
        let summary =
            read_summary(path, crate::files::read_regular(path, MAX_SAVE)).and_then(|read| match read {
                Some((summary, _)) => Ok(summary),
                None => Err(FileError::new(
                    path,
                    super::SaveError::OtherGame {
                        saved: Some("backgammon".to_string()),
                        read: None,
                    },
                )),
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

/// The name of the index in the records directory.
const INDEX: &str = "index";

/// The first word of the index, with its version (3: backgammon's records too; 4: their
/// analyses, and both games' judges named).
const HEADER: &str = "brade-index 4";

/// One record as the index remembers it.
#[derive(Clone, Debug, PartialEq)]
struct Indexed {
    record_sum: u64,
    /// The checksum of the analysis file's bytes (`None`: there was none).
    analysis_sum: Option<u64>,
    summary: RecordSummary,
}

/// The checksum of a file's bytes, `None` if there is no such file (or it cannot be read).
fn sum_of(path: &Path) -> Option<u64> {
    crate::files::read_regular(path, MAX_SAVE)
        .ok()
        .map(|b| crate::checksum::fnv1a(&b))
}

/// The record at `path`, its bytes `read` once, replayed and summarised with its kept
/// analysis; the analysis file's checksum with it when one fits.
/// `Ok(None)` for a record of a game this program does not know.
fn read_summary(
    path: &Path,
    read: io::Result<Vec<u8>>,
) -> Result<Option<(RecordSummary, Option<u64>)>, FileError> {
    let bytes = read.map_err(|e| FileError::new(path, e))?;
    let sum = crate::checksum::fnv1a(&bytes);
    let saved = super::parse_bytes(bytes).map_err(|e| FileError::new(path, e))?;
    let (summary, analysed) = match super::restore_any(&saved).map_err(|e| FileError::new(path, e))? {
        super::Resumable::Brade(restored) => {
            let analysis = super::analysis::load_with::<Analysis>(path, sum, &restored.game);
            let summary = RecordSummary::of(&restored.game, saved.saved_at, analysis.as_ref());
            (summary, analysis.is_some())
        }
        super::Resumable::Backgammon(restored) => {
            let analysis = super::analysis::load_with::<BgAnalysis>(path, sum, &restored.game);
            let summary = RecordSummary::of_backgammon(&restored.game, saved.saved_at, analysis.as_ref());
            (summary, analysis.is_some())
        }
    };
    let analysis_sum = if analysed {
        sum_of(&super::analysis::path_of(path))
    } else {
        None
    };
    Ok(Some((summary, analysis_sum)))
}

impl Store {
    /// Every record, oldest first, summarised: from the index where a record (and its
    /// analysis) is what was summarised there, otherwise replayed. `progress(done, total)`
    /// is told of each record.
    pub fn list_records(&self, mut progress: impl FnMut(usize, usize)) -> Vec<RecordEntry> {
        let dir = self.records();
        let Ok(entries) = fs::read_dir(&dir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        let known = read_index(&dir.join(INDEX));
        let mut kept: Vec<(String, Indexed)> = Vec::new();
        let mut list = Vec::with_capacity(paths.len());
        let total = paths.len();
        for (i, path) in paths.into_iter().enumerate() {
            progress(i, total);
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let read = crate::files::read_regular(&path, MAX_SAVE);
            let record_sum = read.as_ref().ok().map(|b| crate::checksum::fnv1a(b));
            let analysis_sum = sum_of(&super::analysis::path_of(&path));
            let summary = match (record_sum, known.get(&name)) {
                (Some(sum), Some(k)) if k.record_sum == sum && k.analysis_sum == analysis_sum => {
                    Ok((k.summary.clone(), analysis_sum))
                }
                _ => match read_summary(&path, read) {
                    Ok(Some(summary)) => Ok(summary),
                    // A game this program does not know: kept, not listed.
                    Ok(None) => continue,
                    Err(e) => Err(e),
                },
            };
            let summary = summary.map(|(summary, analysis_sum)| {
                if let Some(record_sum) = record_sum {
                    kept.push((
                        name.clone(),
                        Indexed {
                            record_sum,
                            analysis_sum,
                            summary: summary.clone(),
                        },
                    ));
                }
                summary
            });
            list.push(RecordEntry { path, summary });
        }
        progress(total, total);
        // Written again only when it says something else now.
        let changed = kept.len() != known.len() || kept.iter().any(|(n, k)| known.get(n) != Some(k));
        if changed {
            let _ = crate::files::write_atomic(&dir.join(INDEX), index_text(&kept).as_bytes());
        }
        list
    }
}

/// The first line of the index, but for the checksum of the rest.
fn first_line() -> String {
    format!(
        "{HEADER} {} {}",
        crate::ai::analysis::judge_id(),
        crate::ai::bg_analysis::judge_id()
    )
}

/// The index's text.
fn index_text(kept: &[(String, Indexed)]) -> String {
    let mut body = String::new();
    for (name, k) in kept {
        let s = &k.summary;
        let results: Vec<String> = match &s.backgammon {
            None => s
                .results
                .iter()
                .map(|r| format!("{}:{}", side_name(r.winner), r.result.notation()))
                .collect(),
            Some(bg) => bg
                .games
                .iter()
                .map(|end| format!("{}:{}", side_name(end.winner), end.notation()))
                .collect(),
        };
        // Backgammon's: the game, its options for the rules, each side's cube actions.
        let (rules, kind, cube) = match &s.backgammon {
            None => (s.rules.to_string(), "-".to_string(), "-".to_string()),
            Some(bg) => (
                bg.stakes.to_string(),
                "backgammon".to_string(),
                bg.cube
                    .iter()
                    .map(|c| format!("{},{},{}", c.doubles, c.takes, c.drops))
                    .collect::<Vec<_>>()
                    .join(";"),
            ),
        };
        let analysis = s.analysis.map_or("-".to_string(), |sides| {
            sides
                .iter()
                .map(|a| {
                    // `{}` of an f64 is the shortest text that reads back to the same number.
                    format!(
                        "{},{},{},{},{}",
                        a.decisions, a.doubtful, a.bad, a.very_bad, a.total_loss
                    )
                })
                .collect::<Vec<_>>()
                .join(";")
        });
        body.push_str(&format!(
            "{name}\t{:016x}\t{}\t{}\t{}\t{}\t{}\t{}\t{analysis}\t{rules}\t{kind}\t{cube}\n",
            k.record_sum,
            k.analysis_sum.map_or("-".to_string(), |a| format!("{a:016x}")),
            s.saved_at,
            s.games,
            s.names[0],
            s.names[1],
            if results.is_empty() {
                "-".to_string()
            } else {
                results.join(",")
            },
        ));
    }
    format!(
        "{} {:016x}\n{body}",
        first_line(),
        crate::checksum::fnv1a(body.as_bytes())
    )
}

/// The index in `path`, by record name: empty if there is none, or it is not today's, or
/// any of it does not read.
fn read_index(path: &Path) -> HashMap<String, Indexed> {
    crate::files::read_regular(path, 64 * MAX_SAVE)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|text| parse_index(&text))
        .unwrap_or_default()
}

/// The games of an index line, `W:result,B:result` (`-`: none), each winner with his
/// result's notation.
fn finished(list: &str) -> Option<Vec<(Color, &str)>> {
    match list {
        "-" => Some(Vec::new()),
        list => list
            .split(',')
            .map(|r| {
                let (side, result) = r.split_once(':')?;
                Some((side_of(side)?, result))
            })
            .collect(),
    }
}

fn parse_index(text: &str) -> Option<HashMap<String, Indexed>> {
    let (first, body) = text.split_once('\n')?;
    let (head, sum) = first.rsplit_once(' ')?;
    if head != first_line() || sum != format!("{:016x}", crate::checksum::fnv1a(body.as_bytes())) {
        return None;
    }
    let hex = |t: &str| u64::from_str_radix(t, 16).ok();
    body.lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let [
                name,
                record,
                analysis_sum,
                at,
                games,
                white,
                black,
                results,
                analysis,
                rules,
                kind,
                cube,
            ] = f[..]
            else {
                return None;
            };
            let (results, backgammon) = match kind {
                "-" => (
                    finished(results)?
                        .into_iter()
                        .map(|(winner, result)| {
                            Some(GameRecord {
                                winner,
                                result: GameResult::from_notation(result)?,
                            })
                        })
                        .collect::<Option<Vec<_>>>()?,
                    None,
                ),
                "backgammon" => {
                    let read = |text: &str| -> Option<CubeFigures> {
                        let v: Vec<&str> = text.split(',').collect();
                        let [doubles, takes, drops] = v[..] else {
                            return None;
                        };
                        Some(CubeFigures {
                            doubles: doubles.parse().ok()?,
                            takes: takes.parse().ok()?,
                            drops: drops.parse().ok()?,
                        })
                    };
                    let (w, b) = cube.split_once(';')?;
                    let bg = BackgammonSummary {
                        games: finished(results)?
                            .into_iter()
                            .map(|(winner, end)| GameEnd::from_notation(winner, end))
                            .collect::<Option<Vec<_>>>()?,
                        stakes: rules.parse().ok()?,
                        cube: [read(w)?, read(b)?],
                    };
                    (Vec::new(), Some(bg))
                }
                _ => return None,
            };
            let analysis = match analysis {
                "-" => None,
                sides => {
                    let read = |text: &str| -> Option<Summary> {
                        let v: Vec<&str> = text.split(',').collect();
                        let [d, doubtful, bad, very_bad, loss] = v[..] else {
                            return None;
                        };
                        let total_loss: f64 = loss.parse().ok()?;
                        total_loss.is_finite().then_some(())?;
                        Some(Summary {
                            decisions: d.parse().ok()?,
                            doubtful: doubtful.parse().ok()?,
                            bad: bad.parse().ok()?,
                            very_bad: very_bad.parse().ok()?,
                            total_loss,
                        })
                    };
                    let (w, b) = sides.split_once(';')?;
                    Some([read(w)?, read(b)?])
                }
            };
            let indexed = Indexed {
                record_sum: hex(record)?,
                analysis_sum: match analysis_sum {
                    "-" => None,
                    a => Some(hex(a)?),
                },
                summary: RecordSummary {
                    saved_at: at.parse().ok()?,
                    names: [white.to_string(), black.to_string()],
                    games: games.parse().ok()?,
                    results,
                    analysis,
                    rules: if backgammon.is_some() {
                        RuleSet::default()
                    } else {
                        rules.parse().ok()?
                    },
                    backgammon,
                },
            };
            Some((name.to_string(), indexed))
        })
        .collect()
}
