//! A backgammon match's analysis kept beside its record (`records/NAME.toml` →
//! `records/NAME.analysis`, as bräde's: see [`crate::store::analysis`] for when it is read, made
//! and kept), so that the replay, `brade analyze`, the statistics and the trainer read it
//! back instead of weighing every decision again.
//!
//! The first line names the format, the judge ([`analysis::judge_id`]: the network's
//! checksum and the judge's version), the checksum of the record's bytes and the checksum
//! of the rest of the file. Then one line per decision, tab-separated: game, turn, who
//! decided (`w`/`b`), the position's code, the cube (its value, and its owner's letter
//! when it has one: `1`, `2w`), the kind and its three fields
//! (`checker ROLL PLAYED BEST`, `double yes|no ACTION -`, `answer take|pass take|pass -`),
//! the normalised loss and in a match the chance lost (`-` otherwise). Read back, every
//! line is believed only if the judge could have written it: checked against the record,
//! walked again, and its figures against what the decision can lose ([`crate::ai::backgammon::kept`]); the
//! marks and the summaries are counted again from the losses. Any mismatch and the
//! analysis is made afresh, the reason said.

use crate::ai::analysis::{Mark, Summary};
use crate::ai::backgammon::analysis::{self, BgAnalysis, BgDecision, DecisionKind};
use crate::ai::backgammon::cube::ProperAction;
use crate::ai::backgammon::kept::{self, Stated, StatedKind};
use crate::backgammon::Position;
use crate::game::Backgammon;
use crate::game::Kind;
use crate::practice::{DOUBLE, Error, TAKE, cube_text, score_text};
use crate::rules::Color;
use crate::session::Match;
use crate::store::analysis::{Kept, NotRead, body};
use crate::store::trainer::{error_card, rules_text};
use crate::store::{MatchFile, RecordGame};
use crate::words::kept::Refusal;

/// The first word of a backgammon analysis file, with its version.
const HEADER: &str = "brade-bg-analysis 1";

/// The cube actions as the file names them.
const ACTIONS: [(ProperAction, &str); 5] = [
    (ProperAction::Unavailable, "unavailable"),
    (ProperAction::NoDouble, "no-double"),
    (ProperAction::DoubleTake, "double-take"),
    (ProperAction::DoublePass, "double-pass"),
    (ProperAction::TooGood, "too-good"),
];

/// The first line of a file, but for the checksum of the rest.
pub(in crate::store) fn first_line(record_sum: u64) -> String {
    format!("{HEADER} {} {record_sum:016x}", analysis::judge_id())
}

fn yes(b: bool, words: [&'static str; 2]) -> &'static str {
    if b { words[0] } else { words[1] }
}

fn read_yes(text: &str, words: [&str; 2]) -> Option<bool> {
    match text {
        t if t == words[0] => Some(true),
        t if t == words[1] => Some(false),
        _ => None,
    }
}

/// A decision's line (without its newline).
fn line(d: &BgDecision) -> String {
    let [kind, a, b, c] = match &d.kind {
        DecisionKind::Checker { roll, played, best } => [
            "checker".to_string(),
            roll.to_string(),
            played.to_string(),
            best.to_string(),
        ],
        DecisionKind::Double { doubled, right } => [
            "double".to_string(),
            yes(*doubled, ["yes", "no"]).to_string(),
            ACTIONS
                .iter()
                .find(|(a, _)| a == right)
                .map_or("unavailable", |(_, name)| name)
                .to_string(),
            "-".to_string(),
        ],
        DecisionKind::Answer { took, take } => [
            "answer".to_string(),
            yes(*took, ["take", "pass"]).to_string(),
            yes(*take, ["take", "pass"]).to_string(),
            "-".to_string(),
        ],
    };
    let chance = d.match_loss.map_or("-".to_string(), |m| m.to_string());
    // `{}` of an f64 is the shortest text that reads back to the same number.
    let owner = d.cube_owner.map_or(String::new(), |o| o.letter().to_string());
    format!(
        "{}\t{}\t{}\t{}\t{}{owner}\t{kind}\t{a}\t{b}\t{c}\t{}\t{chance}",
        d.game,
        d.turn,
        d.mover.letter(),
        d.position.code(),
        d.cube,
        d.loss
    )
}

/// The decision stated on `line` (not yet believed: [`kept::rebuild`] checks it against
/// the record); `None` if it does not read.
fn read_line(line: &str) -> Option<Stated> {
    let fields: Vec<&str> = line.split('\t').collect();
    let &[game, turn, mover, position, cube, kind, a, b, c, loss, chance] = fields.as_slice() else {
        return None;
    };
    let kind = match kind {
        "checker" => StatedKind::Checker {
            roll: a.parse().ok()?,
            played: b.to_string(),
            best: c.to_string(),
        },
        "double" if c == "-" => StatedKind::Double {
            doubled: read_yes(a, ["yes", "no"])?,
            right: ACTIONS.iter().find(|(_, name)| *name == b)?.0,
        },
        "answer" if c == "-" => StatedKind::Answer {
            took: read_yes(a, ["take", "pass"])?,
            take: read_yes(b, ["take", "pass"])?,
        },
        _ => return None,
    };
    let (cube, cube_owner) = crate::practice::read_cube(cube)?;
    Some(Stated {
        game: game.parse().ok()?,
        turn: turn.parse().ok()?,
        mover: Color::BOTH
            .into_iter()
            .find(|side| side.letter().to_string() == mover)?,
        position: Position::from_code(position).ok()?,
        cube,
        cube_owner,
        kind,
        loss: loss.parse().ok()?,
        match_loss: match chance {
            "-" => None,
            c => Some(c.parse().ok()?),
        },
    })
}

impl Kept for BgAnalysis {
    type Of = Match<Backgammon>;

    fn first_line(record_sum: u64) -> String {
        first_line(record_sum)
    }

    fn analyze(game: &Match<Backgammon>, progress: impl FnMut(usize, usize)) -> Option<BgAnalysis> {
        analysis::analyze(game, progress)
    }

    fn to_text(&self, record_sum: u64) -> String {
        let mut body = String::new();
        for d in &self.decisions {
            body.push_str(&line(d));
            body.push('\n');
        }
        format!(
            "{} {:016x}\n{body}",
            first_line(record_sum),
            crate::checksum::fnv1a(body.as_bytes())
        )
    }

    fn from_text(text: &str, record_sum: u64, game: &Match<Backgammon>) -> Result<BgAnalysis, NotRead> {
        let body = body(text, &first_line(record_sum))?;
        let stated = body
            .lines()
            .map(read_line)
            .collect::<Option<Vec<Stated>>>()
            .ok_or(NotRead::Refused(Refusal::Damaged))?;
        kept::rebuild(game, stated).map_err(NotRead::Refused)
    }
}

impl RecordGame for Backgammon {
    const KIND: crate::game::Kind = crate::game::Kind::Backgammon;

    type Kept = BgAnalysis;

    fn transcript(
        lang: crate::words::Lang,
        saved: &crate::store::SavedMatch,
    ) -> Result<String, crate::store::SaveError> {
        super::transcript(lang, saved)
    }

    fn sides(analysis: &BgAnalysis) -> [Summary; 2] {
        Color::BOTH.map(|side| analysis.overall(side))
    }

    fn errors(file: &MatchFile<Backgammon>, analysis: &BgAnalysis) -> Vec<Error> {
        let game = &file.game;
        let rules = rules_text(game.rules);
        analysis
            .decisions
            .iter()
            .filter(|d| d.mark != Mark::Fine)
            .map(|d| {
                let (question, played) = match &d.kind {
                    DecisionKind::Checker { roll, played, .. } => (roll.to_string(), played.to_string()),
                    DecisionKind::Double { doubled, .. } => {
                        let played = if *doubled { "double" } else { "no double" };
                        (DOUBLE.to_string(), played.to_string())
                    }
                    DecisionKind::Answer { took, .. } => {
                        let played = if *took { "take" } else { "pass" };
                        (TAKE.to_string(), played.to_string())
                    }
                };
                let card = error_card(
                    Kind::Backgammon,
                    &file.path,
                    d.position.code(),
                    question,
                    &rules,
                    &game.names[d.mover.index()],
                );
                let before: Vec<(Color, u32)> = game
                    .score
                    .games
                    .iter()
                    .take(d.game.saturating_sub(1))
                    .map(|end| (end.winner, end.points))
                    .collect();
                Error {
                    game: d.game as u32,
                    turn: d.turn as u32,
                    loss: d.loss,
                    played,
                    score: if game.score.is_money() {
                        String::new()
                    } else {
                        score_text(game.score.length, &before)
                    },
                    cube: if d.is_cube() {
                        cube_text(d.cube, d.cube_owner)
                    } else {
                        String::new()
                    },
                    ..card
                }
            })
            .collect()
    }
}
