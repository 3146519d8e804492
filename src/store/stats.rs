//! Player statistics from the records, per game and per player name: matches and games
//! won and lost, every kind of result for and against (with the game's mark: bräde's
//! munk), points per game, the cube's actions in a game with a cube, and — for the matches
//! analysed — the error rate match by match, rated on the game's own scale.

use std::collections::BTreeMap;

use crate::ai::Strategy;
use crate::ai::analysis::{Rating, Summary};
use crate::game::Kind;
use crate::rules::Color;
use crate::session::Match;
use crate::words::figures::PlayerFigures;

use super::{CubeFigures, RecordEntry, RecordGame, RecordSummary};

/// Each game's statistics per player name (games without a record left out).
pub type Table = BTreeMap<Kind, BTreeMap<String, PlayerStats>>;

/// One player's figures over the records of one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerStats {
    /// Matches finished, and won (money sessions have no end: they count their games).
    pub matches: u32,
    pub matches_won: u32,
    pub games: u32,
    pub games_won: u32,
    pub points_for: u32,
    pub points_against: u32,
    /// Games won and lost by kind of result (in the order of the game's
    /// [`Game::RESULT_KINDS`](crate::game::Game::RESULT_KINDS)).
    pub won_by: Vec<u32>,
    pub lost_by: Vec<u32>,
    /// Games won and lost with the game's [`Game::RESULT_MARK`](crate::game::Game::RESULT_MARK) (*med munk*).
    pub marked_for: u32,
    pub marked_against: u32,
    /// The player's actions of the doubling cube; `None` in a game without one.
    pub cube: Option<CubeFigures>,
    /// Matches counted (finished or not), and how many of them were played with manual
    /// dice.
    pub played: u32,
    pub manual: u32,
    /// The player's figures in each analysed match, oldest first.
    pub history: Vec<Judged>,
    /// The error rate over them, on the game's scale, worked out once with the figures.
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

    /// The kinds of result won (or lost) that came — their places in the game's
    /// [`Game::RESULT_KINDS`](crate::game::Game::RESULT_KINDS), with how many — and how many of those games were won (or
    /// lost) with the game's mark.
    #[must_use]
    pub fn results(&self, won: bool) -> (Vec<(usize, u32)>, u32) {
        let (counts, marked) = if won {
            (&self.won_by, self.marked_for)
        } else {
            (&self.lost_by, self.marked_against)
        };
        let kinds = counts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(k, &n)| (k, n))
            .collect();
        (kinds, marked)
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

/// Statistics per player name over `matches` of one game (each counted whole: its games
/// played so far, and as a match won or lost once it is over).
#[must_use]
pub fn stats<'a, G: RecordGame>(
    matches: impl IntoIterator<Item = &'a Match<G>>,
) -> BTreeMap<String, PlayerStats> {
    stats_with_analyses(matches.into_iter().map(|m| (m, 0, None)))
}

/// [`stats`], over matches saved at a time (seconds since 1970) with their analyses where
/// there are any: each player's figures in each analysed match go into their history,
/// in the order of time.
#[must_use]
pub fn stats_with_analyses<'a, G: RecordGame>(
    matches: impl IntoIterator<Item = (&'a Match<G>, u64, Option<&'a G::Kept>)>,
) -> BTreeMap<String, PlayerStats> {
    let summaries: Vec<RecordSummary> = matches
        .into_iter()
        .map(|(game, at, analysis)| RecordSummary::of(game, at, analysis))
        .collect();
    tally::<G>(summaries.iter())
}

/// The statistics of `G`'s records among `summaries`.
fn tally<'a, G: RecordGame>(
    summaries: impl Iterator<Item = &'a RecordSummary>,
) -> BTreeMap<String, PlayerStats> {
    let kinds = G::RESULT_KINDS.len();
    let mut by_name: BTreeMap<String, PlayerStats> = BTreeMap::new();
    for summary in summaries.filter(|s| s.kind == G::KIND) {
        let Some(score) = summary.score::<G>() else {
            continue;
        };
        let winner = G::match_winner(&score);
        for side in Color::BOTH {
            let s = by_name
                .entry(counted_as(&summary.names, side))
                .or_insert_with(|| PlayerStats {
                    won_by: vec![0; kinds],
                    lost_by: vec![0; kinds],
                    cube: G::CUBE.then(CubeFigures::default),
                    ..PlayerStats::default()
                });
            judged(
                &mut s.history,
                summary.saved_at,
                summary.analysis,
                side,
                summary.manual,
            );
            s.played += 1;
            s.manual += u32::from(summary.manual);
            if G::is_over(&score) {
                s.matches += 1;
                s.matches_won += u32::from(winner == Some(side));
            }
            for end in &summary.results {
                let kind = end.kind.min(kinds - 1);
                s.games += 1;
                if end.winner == side {
                    s.games_won += 1;
                    s.points_for += end.points;
                    s.won_by[kind] += 1;
                    s.marked_for += u32::from(end.marked);
                } else {
                    s.points_against += end.points;
                    s.lost_by[kind] += 1;
                    s.marked_against += u32::from(end.marked);
                }
            }
            if let (Some(mine), Some(sides)) = (&mut s.cube, summary.cube) {
                mine.add(sides[side.index()]);
            }
        }
    }
    for s in by_name.values_mut() {
        s.history.sort_by_key(|j| j.at);
        s.rates = Rates::of(&s.history, <G as Strategy>::LIMITS);
    }
    by_name
}

/// The statistics of the records listed, each game's apart (those that cannot be used are
/// left out, and the games without a record), and how many have no analysis kept beside
/// them.
#[must_use]
pub fn of_records(records: &[RecordEntry]) -> (Table, usize) {
    let table = Kind::ALL
        .into_iter()
        .map(|kind| (kind, of_game(records, kind)))
        .filter(|(_, players)| !players.is_empty())
        .collect();
    let unanalysed = records
        .iter()
        .filter(|e| e.summary.as_ref().is_ok_and(|s| s.analysis.is_none()))
        .count();
    (table, unanalysed)
}

/// The statistics of the records of the game `kind` among those listed.
#[must_use]
pub fn of_game(records: &[RecordEntry], kind: Kind) -> BTreeMap<String, PlayerStats> {
    let summaries = records.iter().filter_map(|e| e.summary.as_ref().ok());
    crate::with_game!(kind, G => tally::<G>(summaries))
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
            crate::words::game_name(s.kind),
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
