//! Player statistics from the records: per player name, matches and games won and lost,
//! every kind of result for and against (with munk), points per game, and — for the
//! matches analysed — the error rate match by match. Backgammon's are counted apart
//! ([`backgammon_of_records`]): games won and lost single, gammon, backgammon or by a
//! dropped double, the cube's actions, points per game, and the error rate of the matches
//! analysed (checker play and cube together, on GNU Backgammon's scale).

use crate::game::Brade;
use std::collections::BTreeMap;

use crate::ai::analysis::{Analysis, Rating, Summary};
use crate::rules::{Color, GameRecord, MatchScore, Standing, WinKind};
use crate::session::Match;
use crate::words::figures::PlayerFigures;

use super::{CubeFigures, RecordEntry, RecordSummary};
use crate::backgammon::Win;

/// One player's figures over the records.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerStats {
    pub matches: u32,
    pub matches_won: u32,
    pub games: u32,
    pub games_won: u32,
    pub points_for: u32,
    pub points_against: u32,
    /// Results won and lost by kind (in `WinKind::ALL` order).
    pub won_by: [u32; 7],
    pub lost_by: [u32; 7],
    /// Games won and lost *med munk*.
    pub munk_for: u32,
    pub munk_against: u32,
    /// Matches counted (finished or not), and how many of them were played with manual
    /// dice.
    pub played: u32,
    pub manual: u32,
    /// The player's figures in each analysed match, oldest first.
    pub history: Vec<Judged>,
    /// The error rate over them, worked out once with the figures.
    pub rates: Rates,
}

/// A player's decisions in one analysed match.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Judged {
    /// When the match was saved (seconds since 1970).
    pub at: u64,
    /// The player's figures in it (their error rate is [`Summary::error_rate`]).
    pub summary: Summary,
    /// The match was played with manual dice.
    pub manual: bool,
}

/// A player's error rate over the matches analysed, and apart from those played with
/// manual dice: a record cannot prove what typed dice were, so the figures say how many
/// there are and what the rate is without them — counted, and never hidden among the
/// others.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rates {
    /// Over every analysed decision, with its rating; `None` before any.
    pub all: Option<(f64, Rating)>,
    /// How many of the analysed matches were played with manual dice.
    pub manual: usize,
    /// Over the decisions of the analysed matches of drawn dice alone, with its rating;
    /// `None` when there is none of them (and when no match had manual dice: it is then
    /// [`Rates::all`]).
    pub drawn: Option<(f64, Rating)>,
}

impl Rates {
    /// The rates over `history`, rated on the scale of `limits`.
    fn of(history: &[Judged], limits: [f64; 7]) -> Rates {
        let manual = history.iter().filter(|j| j.manual).count();
        let drawn: Vec<Judged> = history.iter().filter(|j| !j.manual).copied().collect();
        Rates {
            all: error_rate(history, limits),
            manual,
            drawn: if manual > 0 {
                error_rate(&drawn, limits)
            } else {
                None
            },
        }
    }
}

impl PlayerStats {
    /// Points won per game played.
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.points_for) / f64::from(self.games)
        }
    }

    /// The player's matches and games, played and won, and points per game, as `brade
    /// stats` and the Statistics screen say them.
    #[must_use]
    pub fn figures(&self) -> PlayerFigures {
        PlayerFigures {
            matches: self.matches,
            matches_won: self.matches_won,
            games: self.games,
            games_won: self.games_won,
            points_per_game: self.points_per_game(),
        }
    }

    /// The kinds of result won (or lost) that came, with how many (in `WinKind::ALL`
    /// order), and how many of those games were won (or lost) *med munk*.
    #[must_use]
    pub fn results(&self, won: bool) -> (Vec<(WinKind, u32)>, u32) {
        let (counts, munk) = if won {
            (&self.won_by, self.munk_for)
        } else {
            (&self.lost_by, self.munk_against)
        };
        let kinds = WinKind::ALL
            .iter()
            .zip(counts)
            .filter(|(_, n)| **n > 0)
            .map(|(&k, &n)| (k, n))
            .collect();
        (kinds, munk)
    }

    /// The error rate over every analysed decision (not the mean of the matches' rates:
    /// a long match weighs more), and its rating; `None` before any analysed decision.
    #[must_use]
    pub fn error_rate(&self) -> Option<(f64, Rating)> {
        self.rates.all
    }
}

/// The error rate over every decision of `history` (not the mean of the matches' rates: a
/// long match weighs more), and its rating on the scale of `limits`; `None` before any
/// analysed decision.
fn error_rate(history: &[Judged], limits: [f64; 7]) -> Option<(f64, Rating)> {
    let all = Summary {
        decisions: history.iter().map(|j| j.summary.decisions).sum(),
        total_loss: history.iter().map(|j| j.summary.total_loss).sum(),
        ..Summary::default()
    };
    all.rating_on(limits).map(|rating| (all.error_rate(), rating))
}

/// Adds a player's figures in an analysed match (`None`: not analysed) to `history`.
fn judged(history: &mut Vec<Judged>, at: u64, analysis: Option<[Summary; 2]>, side: Color, manual: bool) {
    if let Some(sides) = analysis {
        let summary = sides[side.index()];
        if summary.decisions > 0 {
            history.push(Judged { at, summary, manual });
        }
    }
}

/// The name `side` of a match between `names` is counted under: its own, or when both
/// sides bear the same name (the computer against itself) that name with the side's glyph,
/// each side apart — one name would otherwise win and lose the same match.
fn counted_as(names: &[String; 2], side: Color) -> String {
    let name = &names[side.index()];
    if names[0] == names[1] {
        crate::words::names::side_of_one_name(name, side)
    } else {
        name.clone()
    }
}

/// The index of a kind of win in `WinKind::ALL`.
fn kind_index(kind: WinKind) -> usize {
    WinKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

/// Statistics per player name over `matches` (each counted whole: its games played so
/// far, and as a match won or lost once it is over).
#[must_use]
pub fn stats<'a>(matches: impl IntoIterator<Item = &'a Match<Brade>>) -> BTreeMap<String, PlayerStats> {
    stats_with_analyses(matches.into_iter().map(|m| (m, 0, None)))
}

/// [`stats`], over matches saved at a time (seconds since 1970) with their analyses where
/// there are any: each player's figures in each analysed match go into their history,
/// in the order of time.
#[must_use]
pub fn stats_with_analyses<'a>(
    matches: impl IntoIterator<Item = (&'a Match<Brade>, u64, Option<&'a Analysis>)>,
) -> BTreeMap<String, PlayerStats> {
    let played: Vec<Played> = matches
        .into_iter()
        .map(|(game, at, analysis)| Played {
            names: game.names.clone(),
            score: game.score.clone(),
            at,
            analysis: analysis.map(|a| a.summary),
            manual: false,
        })
        .collect();
    tally(&played)
}

/// What the statistics count of one match.
struct Played {
    names: [String; 2],
    score: MatchScore,
    at: u64,
    analysis: Option<[Summary; 2]>,
    manual: bool,
}

fn tally(played: &[Played]) -> BTreeMap<String, PlayerStats> {
    let mut by_name: BTreeMap<String, PlayerStats> = BTreeMap::new();
    for p in played {
        for side in Color::BOTH {
            let s = by_name.entry(counted_as(&p.names, side)).or_default();
            judged(&mut s.history, p.at, p.analysis, side, p.manual);
            s.played += 1;
            s.manual += u32::from(p.manual);
            if p.score.is_over() {
                s.matches += 1;
                if matches!(p.score.standing(), Standing::Won { winner, .. } if winner == side) {
                    s.matches_won += 1;
                }
            }
            for &GameRecord { winner, result } in p.score.results() {
                let (points, kind) = (result.points(), kind_index(result.kind));
                s.games += 1;
                if winner == side {
                    s.games_won += 1;
                    s.points_for += points;
                    s.won_by[kind] += 1;
                    s.munk_for += u32::from(result.munk);
                } else {
                    s.points_against += points;
                    s.lost_by[kind] += 1;
                    s.munk_against += u32::from(result.munk);
                }
            }
        }
    }
    for s in by_name.values_mut() {
        s.history.sort_by_key(|j| j.at);
        s.rates = Rates::of(&s.history, Rating::LIMITS);
    }
    by_name
}

/// The statistics of the records listed (those that cannot be used are left out), and how
/// many have no analysis kept beside them.
#[must_use]
pub fn of_records(records: &[RecordEntry]) -> (BTreeMap<String, PlayerStats>, usize) {
    let played: Vec<Played> = records
        .iter()
        .filter_map(|e| e.summary.as_ref().ok())
        .filter(|s| s.backgammon.is_none())
        .map(|s| Played {
            names: s.names.clone(),
            score: s.score(),
            at: s.saved_at,
            analysis: s.analysis,
            manual: s.manual,
        })
        .collect();
    let unanalysed = records
        .iter()
        .filter(|e| e.summary.as_ref().is_ok_and(|s| s.analysis.is_none()))
        .count();
    (tally(&played), unanalysed)
}

/// One player's backgammon figures over the records.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BackgammonStats {
    /// Matches finished, and won (money sessions have no end: they count their games).
    pub matches: u32,
    pub matches_won: u32,
    pub games: u32,
    pub games_won: u32,
    pub points_for: u32,
    pub points_against: u32,
    /// Games won and lost at the board, by kind (in `Win::ALL` order: single, gammon,
    /// backgammon).
    pub won_by: [u32; 3],
    pub lost_by: [u32; 3],
    /// Games won by the other side's drop, and lost by one's own.
    pub won_by_drop: u32,
    pub lost_by_drop: u32,
    /// The player's actions of the doubling cube.
    pub cube: CubeFigures,
    /// Matches and money sessions counted, and how many of them were played with manual
    /// dice.
    pub played: u32,
    pub manual: u32,
    /// The player's figures in each analysed match (checker play and cube together),
    /// oldest first.
    pub history: Vec<Judged>,
    /// The error rate over them on GNU Backgammon's scale, worked out once.
    pub rates: Rates,
}

impl BackgammonStats {
    /// Points won per game played.
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.points_for) / f64::from(self.games)
        }
    }

    /// The player's matches and games, played and won, and points per game.
    #[must_use]
    pub fn figures(&self) -> PlayerFigures {
        PlayerFigures {
            matches: self.matches,
            matches_won: self.matches_won,
            games: self.games,
            games_won: self.games_won,
            points_per_game: self.points_per_game(),
        }
    }

    /// The error rate over every analysed decision and its rating on GNU Backgammon's
    /// scale; `None` before any analysed decision.
    #[must_use]
    pub fn error_rate(&self) -> Option<(f64, Rating)> {
        self.rates.all
    }
}

/// The index of a kind of win in `Win::ALL`.
fn win_index(win: Win) -> usize {
    Win::ALL.iter().position(|&w| w == win).unwrap_or(0)
}

/// Backgammon's statistics per player name over the backgammon records listed (those that
/// cannot be used are left out).
#[must_use]
pub fn backgammon_of_records(records: &[RecordEntry]) -> BTreeMap<String, BackgammonStats> {
    let mut by_name: BTreeMap<String, BackgammonStats> = BTreeMap::new();
    for summary in records.iter().filter_map(|e| e.summary.as_ref().ok()) {
        let (Some(bg), Some(score)) = (&summary.backgammon, summary.backgammon_score()) else {
            continue;
        };
        for side in Color::BOTH {
            let s = by_name.entry(counted_as(&summary.names, side)).or_default();
            s.played += 1;
            s.manual += u32::from(summary.manual);
            if score.is_over() {
                s.matches += 1;
                if score.points(side) >= score.length {
                    s.matches_won += 1;
                }
            }
            for end in &bg.games {
                s.games += 1;
                let won = end.winner == side;
                if won {
                    s.games_won += 1;
                    s.points_for += end.points;
                } else {
                    s.points_against += end.points;
                }
                match (end.win, won) {
                    (Some(win), true) => s.won_by[win_index(win)] += 1,
                    (Some(win), false) => s.lost_by[win_index(win)] += 1,
                    (None, true) => s.won_by_drop += 1,
                    (None, false) => s.lost_by_drop += 1,
                }
            }
            let c = bg.cube[side.index()];
            s.cube.doubles += c.doubles;
            s.cube.takes += c.takes;
            s.cube.drops += c.drops;
            judged(
                &mut s.history,
                summary.saved_at,
                summary.analysis,
                side,
                summary.manual,
            );
        }
    }
    for s in by_name.values_mut() {
        s.history.sort_by_key(|j| j.at);
        s.rates = Rates::of(&s.history, crate::ai::backgammon::analysis::LIMITS);
    }
    by_name
}

/// Every analysed record of `records`, oldest first: the whole series of error rates, a
/// row each (`brade stats --series`).
#[must_use]
pub fn series(records: &[RecordEntry]) -> Vec<(&std::path::Path, &RecordSummary)> {
    let mut rows: Vec<(&std::path::Path, &RecordSummary)> = records
        .iter()
        .filter_map(|e| e.summary.as_ref().ok().map(|s| (e.path.as_path(), s)))
        .filter(|(_, s)| s.analysis.is_some())
        .collect();
    rows.sort_by_key(|(path, s)| (s.saved_at, *path));
    rows
}

/// The rows of [`series`] as tab-separated text under a header line: when the match was
/// saved (seconds since 1970, then UTC), its game, its dice (`drawn` or `manual`), the
/// players, each side's decisions and error rate (thousandths of a point a decision), and
/// the record's file.
#[must_use]
pub fn series_tsv(rows: &[(&std::path::Path, &RecordSummary)]) -> String {
    use std::fmt::Write as _;
    let mut out = String::from(
        "saved_at\tdate\tgame\tdice\twhite\tblack\twhite_decisions\twhite_error_rate\tblack_decisions\tblack_error_rate\trecord\n",
    );
    for (path, s) in rows {
        let Some([w, b]) = s.analysis else { continue };
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\t{}\t{:.3}\t{}",
            s.saved_at,
            crate::words::format_time(s.saved_at),
            if s.backgammon.is_some() {
                "backgammon"
            } else {
                "bräde"
            },
            if s.manual { "manual" } else { "drawn" },
            s.names[0],
            s.names[1],
            w.decisions,
            w.error_rate(),
            b.decisions,
            b.error_rate(),
            path.display()
        );
    }
    out
}
