//! `records/index`: what the listing knows of each record and of the analysis beside it, so
//! that a file that has not changed is not read again — 5 000 records are listed from it
//! in a few milliseconds (see [`super::listing`] for how it is used and kept).
//!
//! A file is known by its stamp ([`Stamp`]: its size, modification time and inode), taken
//! from the open file it was read from: a record whose stamp is the one indexed is listed
//! from the index, anything else is read. Two kinds of line, tab-separated under a first
//! line naming the format and the checksum of the rest:
//! - `r`, a record: its name, stamp and checksum (which its analysis names), then its
//!   summary — date, length, players, results, rules, game, each side's cube actions and
//!   whether the dice were typed ([`RecordSummary`], read from the save's fields);
//! - `a`, the analysis beside a record: its stamp, its first line but for its own checksum
//!   (the format, the judge, the record's checksum it was made for) and each side's figures
//!   once checked against the record replayed (`-`: it does not fit).
//!
//! The analysis's figures are kept apart from the record's summary: a new judge makes every
//! analysis stale — they no longer name today's judge — without a record read again.
//! The index is derived data, written atomically ([`crate::files::write_atomic`]); one that
//! is damaged, foreign or of another version is not read, and is made afresh from the
//! records (silently: a failure to write it only costs time the next time).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::ai::analysis::Summary;
use crate::rules::Color;

use super::MAX_SAVE;
use super::RecordGame;
use super::format::{side_name, side_of};
use super::summary::{CubeFigures, Ended, RecordSummary};
use crate::game::Kind;

/// The first word of the index, with its version (3: backgammon's records too; 4: their
/// analyses, and both games' judges named; 5: files known by their stamps, summaries read
/// without a replay, manual dice, the analyses' figures on lines of their own). Raise it
/// when what an index line means changes — a check of the analyses made stricter too —,
/// so that an older index is made afresh once.
const HEADER: &str = "brade-index 5";

/// How long after its last change a file's stamp is trusted: a file changed again within
/// the file system's clock tick could keep its size and time, so a stamp younger than this
/// is not kept, and the file is read again the next time.
const SETTLING: Duration = Duration::from_secs(3);

/// Where a file stands: its size, its modification time and its inode. A file written
/// anew (by rename, as every file here is) gets another inode; one changed in place gets
/// another time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stamp {
    len: u64,
    secs: u64,
    nanos: u32,
    ino: u64,
}

impl Stamp {
    /// The stamp of a regular file as `meta` describes it; `None` for anything else, or
    /// where the system keeps no modification time.
    pub(super) fn of(meta: &fs::Metadata) -> Option<Stamp> {
        if !meta.is_file() {
            return None;
        }
        let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
        #[cfg(unix)]
        let ino = std::os::unix::fs::MetadataExt::ino(meta);
        #[cfg(not(unix))]
        let ino = 0;
        Some(Stamp {
            len: meta.len(),
            secs: modified.as_secs(),
            nanos: modified.subsec_nanos(),
            ino,
        })
    }

    /// Whether the file last changed [`SETTLING`] or more before `now`: its stamp can be
    /// trusted to change with its bytes.
    pub(super) fn settled(&self, now: SystemTime) -> bool {
        let modified = UNIX_EPOCH + Duration::new(self.secs, self.nanos);
        now.duration_since(modified).is_ok_and(|age| age >= SETTLING)
    }

    fn text(&self) -> String {
        format!("{}:{}.{:09}:{}", self.len, self.secs, self.nanos, self.ino)
    }

    fn parse(text: &str) -> Option<Stamp> {
        let (len, rest) = text.split_once(':')?;
        let (time, ino) = rest.split_once(':')?;
        let (secs, nanos) = time.split_once('.')?;
        let nanos: u32 = nanos.parse().ok()?;
        (nanos < 1_000_000_000).then_some(())?;
        Some(Stamp {
            len: len.parse().ok()?,
            secs: secs.parse().ok()?,
            nanos,
            ino: ino.parse().ok()?,
        })
    }
}

/// A record as the index knows it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct KnownRecord {
    pub stamp: Stamp,
    /// The checksum of its bytes (which the analysis beside it names).
    pub sum: u64,
    /// Its summary, without analysis.
    pub summary: RecordSummary,
}

/// The analysis beside a record as the index knows it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct KnownAnalysis {
    pub stamp: Stamp,
    /// Its first line but for the checksum of the rest (`?` when that is not text that
    /// fits on an index line: it is no analysis's).
    pub head: String,
    /// Each side's figures, when it was checked against the record it names and fits.
    pub figures: Option<[Summary; 2]>,
}

/// What the index knows, by record file name.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Index {
    pub records: HashMap<String, KnownRecord>,
    pub analyses: HashMap<String, KnownAnalysis>,
}

/// Whether `text` can stand in a field of an index line.
pub(super) fn fits_a_field(text: &str) -> bool {
    !text.is_empty() && !text.chars().any(char::is_control)
}

impl Index {
    /// The index in `path`: empty if there is none, or it is not today's, or any of it
    /// does not read.
    pub(super) fn read(path: &Path) -> Index {
        crate::files::read_regular(path, 64 * MAX_SAVE)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .and_then(|text| parse(&text))
            .unwrap_or_default()
    }

    /// The index's text, its records in the order of their names.
    pub(super) fn text(&self) -> String {
        let mut names: Vec<&String> = self.records.keys().collect();
        names.sort();
        let mut body = String::with_capacity(200 * names.len());
        for name in names {
            let k = &self.records[name];
            let _ = writeln!(
                body,
                "r\t{name}\t{}\t{:016x}\t{}",
                k.stamp.text(),
                k.sum,
                summary_fields(&k.summary)
            );
            if let Some(a) = self.analyses.get(name) {
                let figures = a.figures.map_or("-".to_string(), |sides| {
                    sides.iter().map(figures_text).collect::<Vec<_>>().join(";")
                });
                let _ = writeln!(body, "a\t{name}\t{}\t{}\t{figures}", a.stamp.text(), a.head);
            }
        }
        format!(
            "{HEADER} {:016x}\n{body}",
            crate::checksum::fnv1a(body.as_bytes())
        )
    }
}

/// A side's figures on an index line. (`{}` of an f64 is the shortest text that reads
/// back to the same number.)
fn figures_text(a: &Summary) -> String {
    format!(
        "{},{},{},{},{}",
        a.decisions, a.doubtful, a.bad, a.very_bad, a.total_loss
    )
}

fn read_figures(text: &str) -> Option<Summary> {
    let v: Vec<&str> = text.split(',').collect();
    let [d, doubtful, bad, very_bad, loss] = v[..] else {
        return None;
    };
    let total_loss: f64 = loss.parse().ok()?;
    (total_loss.is_finite() && total_loss >= 0.0).then_some(())?;
    Some(Summary {
        decisions: d.parse().ok()?,
        doubtful: doubtful.parse().ok()?,
        bad: bad.parse().ok()?,
        very_bad: very_bad.parse().ok()?,
        total_loss,
    })
}

/// A record's summary as the fields of its index line: date, length, White, Black, the
/// games finished (`W:result,…`, `-`: none), the rules (backgammon: its options), the game
/// (its save's name, `-`: bräde), each side's cube actions (`-` in a game without a cube)
/// and the dice (`drawn`, `manual`).
fn summary_fields(s: &RecordSummary) -> String {
    let results: Vec<String> = s
        .results
        .iter()
        .map(|end| format!("{}:{}", side_name(end.winner), end.result))
        .collect();
    let kind = s.kind.save_name().unwrap_or("-");
    let cube = s.cube.map_or_else(
        || "-".to_string(),
        |sides| {
            sides
                .iter()
                .map(|c| format!("{},{},{}", c.doubles, c.takes, c.drops))
                .collect::<Vec<_>>()
                .join(";")
        },
    );
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{kind}\t{cube}\t{}",
        s.saved_at,
        s.length,
        s.names[0],
        s.names[1],
        if results.is_empty() {
            "-".to_string()
        } else {
            results.join(",")
        },
        s.rules,
        if s.manual { "manual" } else { "drawn" }
    )
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

fn read_cube(text: &str) -> Option<CubeFigures> {
    let v: Vec<&str> = text.split(',').collect();
    let [doubles, takes, drops] = v[..] else {
        return None;
    };
    Some(CubeFigures {
        doubles: doubles.parse().ok()?,
        takes: takes.parse().ok()?,
        drops: drops.parse().ok()?,
    })
}

/// A record's summary from the fields [`summary_fields`] wrote.
fn read_summary(f: &[&str]) -> Option<RecordSummary> {
    let &[at, length, white, black, results, rules, kind, cube, dice] = f else {
        return None;
    };
    let kind = Kind::of_save((kind != "-").then_some(kind))?;
    crate::with_game!(kind, G => read_fields::<G>([at, length, white, black, results, rules, cube, dice]))
}

/// [`read_summary`] for a record of `G`.
fn read_fields<G: RecordGame>(
    [at, length, white, black, results, rules, cube, dice]: [&str; 8],
) -> Option<RecordSummary> {
    let cube = match (G::CUBE, cube) {
        (false, "-") => None,
        (true, cube) => {
            let (w, b) = cube.split_once(';')?;
            Some([read_cube(w)?, read_cube(b)?])
        }
        (false, _) => return None,
    };
    Some(RecordSummary {
        kind: G::KIND,
        saved_at: at.parse().ok()?,
        names: [white.to_string(), black.to_string()],
        length: length.parse().ok()?,
        results: finished(results)?
            .into_iter()
            .map(|(winner, result)| Ended::read::<G>(winner, result))
            .collect::<Option<Vec<_>>>()?,
        analysis: None,
        rules: rules.parse::<G::Rules>().ok()?.to_string(),
        cube,
        manual: match dice {
            "manual" => true,
            "drawn" => false,
            _ => return None,
        },
    })
}

fn parse(text: &str) -> Option<Index> {
    let (first, body) = text.split_once('\n')?;
    let (head, sum) = first.rsplit_once(' ')?;
    if head != HEADER || sum != format!("{:016x}", crate::checksum::fnv1a(body.as_bytes())) {
        return None;
    }
    let mut index = Index::default();
    for line in body.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[..] {
            ["r", name, stamp, sum, ..] => {
                let known = KnownRecord {
                    stamp: Stamp::parse(stamp)?,
                    sum: u64::from_str_radix(sum, 16).ok()?,
                    summary: read_summary(&f[4..])?,
                };
                index.records.insert(name.to_string(), known);
            }
            ["a", name, stamp, head, figures] => {
                let figures = match figures {
                    "-" => None,
                    sides => {
                        let (w, b) = sides.split_once(';')?;
                        Some([read_figures(w)?, read_figures(b)?])
                    }
                };
                let known = KnownAnalysis {
                    stamp: Stamp::parse(stamp)?,
                    head: head.to_string(),
                    figures,
                };
                index.analyses.insert(name.to_string(), known);
            }
            _ => return None,
        }
    }
    Some(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_reads_back_as_it_was_written_and_not_once_changed() {
        let stamp = Stamp {
            len: 20_000,
            secs: 1_700_000_000,
            nanos: 5,
            ino: 77,
        };
        let summary = RecordSummary {
            kind: Kind::Brade,
            saved_at: 1_700_000_000,
            names: ["Anna".into(), "Bo".into()],
            length: 3,
            results: vec![Ended::read::<crate::game::Brade>(Color::Black, "hemspel").expect("a result")],
            analysis: None,
            rules: crate::brade::RuleSet::default().to_string(),
            cube: None,
            manual: true,
        };
        let mut index = Index::default();
        index.records.insert(
            "1-Anna-Bo.toml".into(),
            KnownRecord {
                stamp,
                sum: 0xabc,
                summary,
            },
        );
        let sides = Summary {
            decisions: 10,
            doubtful: 1,
            bad: 1,
            very_bad: 0,
            total_loss: 0.1 + 0.2,
        };
        index.analyses.insert(
            "1-Anna-Bo.toml".into(),
            KnownAnalysis {
                stamp,
                head: "brade-analysis 2 judge 0000000000000abc".into(),
                figures: Some([sides, Summary::default()]),
            },
        );
        let text = index.text();
        assert_eq!(parse(&text), Some(index));
        let changed = text.replace("Anna", "Anne");
        assert_eq!(parse(&changed), None, "the checksum no longer fits");
        let older = text.replacen("brade-index 5", "brade-index 4", 1);
        assert_eq!(parse(&older), None, "another version is made afresh");
    }

    #[test]
    fn a_stamp_is_trusted_once_the_file_has_settled() {
        let stamp = Stamp {
            len: 1,
            secs: 1_000,
            nanos: 0,
            ino: 1,
        };
        let at = |secs| UNIX_EPOCH + Duration::from_secs(secs);
        assert!(!stamp.settled(at(1_001)));
        assert!(stamp.settled(at(1_003)));
        assert!(!stamp.settled(at(999)), "a file from the future is not");
    }
}
