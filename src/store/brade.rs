//! What the store keeps of bräde alone: its analysis beside a record, as text (a line per
//! decision: game, turn, the best play in notation, the loss and in a match the chance
//! lost), and the errors the trainer draws from it.

use crate::ai::analysis::{self, Analysis, Mark, Summary};
use crate::game::{Brade, Kind};
use crate::session::Match;
use crate::store::analysis::{Kept, NotRead, body};
use crate::store::trainer::{error_card, rules_text};
use crate::store::{MatchFile, RecordGame};
use crate::words::kept::Refusal;

/// The first word of an analysis file, with its version.
const HEADER: &str = "brade-analysis 2";

/// The text of the analysis of `game`, whose record's bytes have `record_sum`.
#[must_use]
pub fn to_text(analysis: &Analysis, record_sum: u64) -> String {
    let mut body = String::new();
    for d in &analysis.decisions {
        // `{}` of an f64 is the shortest text that reads back to the same number.
        let chance = d.match_loss.map_or("-".to_string(), |m| m.to_string());
        body.push_str(&format!(
            "{}\t{}\t{}\t{}\t{chance}\n",
            d.game, d.turn, d.best, d.loss
        ));
    }
    format!(
        "{} {:016x}\n{body}",
        first_line(record_sum),
        crate::checksum::fnv1a(body.as_bytes())
    )
}

/// The first line of an analysis file, but for the checksum of the rest.
fn first_line(record_sum: u64) -> String {
    format!("{HEADER} {} {record_sum:016x}", analysis::judge_id())
}

/// The analysis in `text`, if it was made by today's judge for the record whose bytes
/// have `record_sum` and fits `game`; else why not.
pub fn from_text(text: &str, record_sum: u64, game: &Match<Brade>) -> Result<Analysis, NotRead> {
    let body = body(text, &first_line(record_sum))?;
    let mut stored = Vec::new();
    for line in body.lines() {
        stored.push(stored_line(line).ok_or(NotRead::Refused(Refusal::Damaged))?);
    }
    analysis::rebuild(game, &stored).map_err(NotRead::Refused)
}

/// A decision's line of a kept analysis, read (not yet believed).
fn stored_line(line: &str) -> Option<analysis::Stored> {
    let fields: Vec<&str> = line.split('\t').collect();
    let &[game, turn, best, loss, chance] = fields.as_slice() else {
        return None;
    };
    Some(analysis::Stored {
        game: game.parse().ok()?,
        turn: turn.parse().ok()?,
        best: best.to_string(),
        loss: loss.parse().ok()?,
        match_loss: match chance {
            "-" => None,
            c => Some(c.parse().ok()?),
        },
    })
}

impl Kept for Analysis {
    type Of = Match<Brade>;

    fn analyze(game: &Match<Brade>, progress: impl FnMut(usize, usize)) -> Option<Analysis> {
        analysis::analyze(game, progress)
    }

    fn to_text(&self, record_sum: u64) -> String {
        to_text(self, record_sum)
    }

    fn from_text(text: &str, record_sum: u64, game: &Match<Brade>) -> Result<Analysis, NotRead> {
        from_text(text, record_sum, game)
    }

    fn first_line(record_sum: u64) -> String {
        first_line(record_sum)
    }
}

impl RecordGame for Brade {
    const KIND: crate::game::Kind = crate::game::Kind::Brade;

    type Kept = Analysis;

    fn sides(analysis: &Analysis) -> [Summary; 2] {
        analysis.summary
    }

    fn errors(file: &MatchFile<Brade>, analysis: &Analysis) -> Vec<crate::practice::Error> {
        let game = &file.game;
        let rules = rules_text(game.rules);
        analysis
            .decisions
            .iter()
            .filter(|d| d.mark != Mark::Fine)
            .map(|d| crate::practice::Error {
                game: d.game as u32,
                turn: d.turn as u32,
                loss: d.loss,
                played: d.played.to_string(),
                ..error_card(
                    Kind::Brade,
                    &file.path,
                    d.position.code(),
                    d.roll.to_string(),
                    &rules,
                    game.name(d.mover),
                )
            })
            .collect()
    }

    fn transcript(
        lang: crate::words::Lang,
        saved: &crate::store::SavedMatch,
    ) -> Result<String, crate::store::SaveError> {
        let restored = crate::store::restore::<Brade>(saved)?;
        Ok(crate::words::records::transcript(
            lang,
            &restored.game,
            saved.saved_at,
            restored.manual,
        ))
    }
}

impl crate::store::GameErrors for Brade {
    fn rules_error(code: String, why: crate::brade::RuleSetError) -> crate::store::SaveError {
        crate::store::SaveError::Rules(code, why)
    }

    fn play_problem(play: &str, why: crate::game::PlayTextError) -> crate::store::TurnProblem {
        match why {
            crate::game::PlayTextError::Notation(e) => crate::store::TurnProblem::Notation(e),
            crate::game::PlayTextError::Illegal(refused) => {
                crate::store::TurnProblem::illegal(play, |lang| crate::words::rules::refusal(lang, &refused))
            }
        }
    }

    fn unfinished(why: crate::brade::Refusal) -> crate::store::TurnProblem {
        crate::store::TurnProblem::unfinished(|lang| crate::words::rules::refusal(lang, &why))
    }
}
