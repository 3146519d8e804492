//! A backgammon match's analysis kept beside its record (`records/NAME.toml` →
//! `records/NAME.analysis`, as bräde's: see [`super::analysis`] for when it is read, made
//! and kept), so that the replay, `brade analyze`, the statistics and the trainer read it
//! back instead of weighing every decision again.
//!
//! The first line names the format, the judge ([`bg_analysis::judge_id`]: the network's
//! checksum and the judge's version), the checksum of the record's bytes and the checksum
//! of the rest of the file. Then one line per decision, tab-separated: game, turn, who
//! decided (`w`/`b`), the position's code, the cube (its value, and its owner's letter
//! when it has one: `1`, `2w`), the kind and its three fields
//! (`checker ROLL PLAYED BEST`, `double yes|no ACTION -`, `answer take|pass take|pass -`),
//! the normalised loss and in a match the chance lost (`-` otherwise). Read back, every
//! line is checked against the rules — the position reads, the plays are legal plays of
//! the roll there, the decider is the side the position says — and must fall within the
//! match's games and turns; the marks and the summaries are counted again from the losses.
//! Any mismatch and the analysis is made afresh.

use super::analysis::Kept;
use crate::ai::analysis::Mark;
use crate::ai::bg_analysis::{self, BgAnalysis, BgDecision, Kind};
use crate::ai::bg_cube::CubeAction;
use crate::backgammon::{MoveGen, Position};
use crate::game::Backgammon;
use crate::rules::{Color, Roll};
use crate::session::Match;

/// The first word of a backgammon analysis file, with its version.
const HEADER: &str = "brade-bg-analysis 1";

/// The cube actions as the file names them.
const ACTIONS: [(CubeAction, &str); 5] = [
    (CubeAction::Unavailable, "unavailable"),
    (CubeAction::NoDouble, "no-double"),
    (CubeAction::DoubleTake, "double-take"),
    (CubeAction::DoublePass, "double-pass"),
    (CubeAction::TooGood, "too-good"),
];

/// The first line of a file, but for the checksum of the rest.
pub(super) fn first_line(record_sum: u64) -> String {
    format!("{HEADER} {} {record_sum:016x}", bg_analysis::judge_id())
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
        Kind::Checker { roll, played, best } => [
            "checker".to_string(),
            roll.to_string(),
            played.to_string(),
            best.to_string(),
        ],
        Kind::Double { doubled, right } => [
            "double".to_string(),
            yes(*doubled, ["yes", "no"]).to_string(),
            ACTIONS
                .iter()
                .find(|(a, _)| a == right)
                .map_or("unavailable", |(_, name)| name)
                .to_string(),
            "-".to_string(),
        ],
        Kind::Answer { took, take } => [
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

/// The decision on `line`, checked against the rules; `None` if it does not hold.
fn read_line(line: &str, movegen: &mut MoveGen) -> Option<BgDecision> {
    let fields: Vec<&str> = line.split('\t').collect();
    let &[game, turn, mover, position, cube, kind, a, b, c, loss, chance] = fields.as_slice() else {
        return None;
    };
    let position = Position::from_code(position).ok()?;
    let mover = Color::BOTH
        .into_iter()
        .find(|side| side.letter().to_string() == mover)?;
    let kind = match kind {
        "checker" => {
            let roll: Roll = a.parse().ok()?;
            let plays = movegen.plays(position.board(), roll);
            let find = |text: &str| plays.iter().find(|p| p.play.to_string() == text).map(|p| p.play);
            Kind::Checker {
                roll,
                played: find(b)?,
                best: find(c)?,
            }
        }
        "double" if c == "-" => Kind::Double {
            doubled: read_yes(a, ["yes", "no"])?,
            right: ACTIONS.iter().find(|(_, name)| *name == b)?.0,
        },
        "answer" if c == "-" => Kind::Answer {
            took: read_yes(a, ["take", "pass"])?,
            take: read_yes(b, ["take", "pass"])?,
        },
        _ => return None,
    };
    let decider = match kind {
        Kind::Answer { .. } => position.turn().other(),
        _ => position.turn(),
    };
    let loss: f64 = loss.parse().ok()?;
    let match_loss = match chance {
        "-" => None,
        c => Some(c.parse::<f64>().ok().filter(|m| (0.0..=1.0).contains(m))?),
    };
    let (cube, cube_owner) = crate::practice::read_cube(cube)?;
    (decider == mover && loss.is_finite() && loss >= 0.0 && cube.is_power_of_two()).then_some(BgDecision {
        game: game.parse().ok()?,
        turn: turn.parse().ok()?,
        mover,
        position,
        cube,
        cube_owner,
        kind,
        loss,
        match_loss,
        mark: Mark::Fine,
    })
}

/// Whether decision `d` falls within the match's games and turns (a cube decision may come
/// after a game's last roll).
fn fits(d: &BgDecision, game: &Match<Backgammon>) -> bool {
    d.game >= 1
        && d.turn >= 1
        && game
            .log
            .get(d.game - 1)
            .is_some_and(|log| d.turn <= log.turns.len() + 1)
}

impl Kept for BgAnalysis {
    type Of = Match<Backgammon>;

    fn analyze(game: &Match<Backgammon>, progress: impl FnMut(usize, usize)) -> Option<BgAnalysis> {
        bg_analysis::analyze(game, progress)
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

    fn from_text(text: &str, record_sum: u64, game: &Match<Backgammon>) -> Option<BgAnalysis> {
        let (first, body) = text.split_once('\n')?;
        let (head, body_sum) = first.rsplit_once(' ')?;
        if head != first_line(record_sum)
            || body_sum != format!("{:016x}", crate::checksum::fnv1a(body.as_bytes()))
        {
            return None;
        }
        let mut movegen = MoveGen::new();
        let decisions = body
            .lines()
            .map(|l| read_line(l, &mut movegen).filter(|d| fits(d, game)))
            .collect::<Option<Vec<BgDecision>>>()?;
        Some(BgAnalysis::from_decisions(decisions))
    }
}
