//! Why an analysis kept beside its record was refused — said when it is made afresh
//! (`brade analyze`, the replay).

use std::path::Path;

use super::Lang;

/// Why a kept decision cannot be what the judge said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unbelievable {
    /// A loss (or chance of the match lost) that is not a number of points from 0 up.
    NotALoss,
    /// A loss greater than the decision can lose.
    TooMuch,
    /// A loss that does not agree with the chance of the match lost beside it (or a
    /// chance of a match in a single game or in money play, or none in a match).
    ChanceContradicts,
    /// The play made named as the best, or the right cube action taken, yet a loss.
    RightLoses,
    /// A play or cube action other than the right one that loses nothing.
    WrongLosesNothing,
    /// The right answer to a double that contradicts the right cube action named.
    Contradicts,
    /// A decision the record does not have there, or not as the record has it (another
    /// position, play, cube or player).
    NotTheRecords,
    /// A decision of the record left out.
    Missing,
    /// A play that is not a legal play of its roll there.
    NotLegal,
}

/// Why a kept analysis is not read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The file does not read as an analysis: its checksum does not fit, or a line is not
    /// a decision.
    Damaged,
    /// A decision (game and turn, from 1) whose figures the judge cannot have given.
    Unbelievable {
        game: usize,
        turn: usize,
        why: Unbelievable,
    },
}

/// Why, in words.
#[must_use]
pub fn reason(lang: Lang, refusal: Refusal) -> String {
    let Refusal::Unbelievable { game, turn, why } = refusal else {
        return lang.pick("the file is damaged", "filen är skadad").to_string();
    };
    let why = match why {
        Unbelievable::NotALoss => lang.pick(
            "a loss that is not a number of points",
            "en förlust som inte är ett antal poäng",
        ),
        Unbelievable::TooMuch => lang.pick(
            "a loss greater than the decision can lose",
            "en förlust större än beslutet kan förlora",
        ),
        Unbelievable::ChanceContradicts => lang.pick(
            "a loss that does not agree with the chance of the match lost",
            "en förlust som inte stämmer med den förlorade chansen att vinna matchen",
        ),
        Unbelievable::RightLoses => lang.pick(
            "the best play or the right cube action, yet a loss",
            "det bästa draget eller rätt kubbeslut, ändå en förlust",
        ),
        Unbelievable::WrongLosesNothing => lang.pick(
            "a worse choice than the best that loses nothing",
            "ett sämre val än det bästa som inte förlorar något",
        ),
        Unbelievable::Contradicts => lang.pick(
            "a right answer to the double that contradicts the right cube action",
            "ett rätt svar på dubblingen som motsäger rätt kubbeslut",
        ),
        Unbelievable::NotTheRecords => lang.pick(
            "a decision that is not the record's",
            "ett beslut som inte är matchens",
        ),
        Unbelievable::Missing => lang.pick(
            "a decision of the match left out",
            "ett beslut i matchen utelämnat",
        ),
        Unbelievable::NotLegal => lang.pick(
            "a play that is not legal there",
            "ett drag som inte är tillåtet där",
        ),
    };
    match lang {
        Lang::En => format!("game {game}, turn {turn}: {why}"),
        Lang::Sv => format!("parti {game}, drag {turn}: {why}"),
    }
}

/// The analysis kept at `path` was refused, and is made afresh.
#[must_use]
pub fn refused(lang: Lang, path: &Path, refusal: Refusal) -> String {
    let why = reason(lang, refusal);
    match lang {
        Lang::En => format!(
            "note: the analysis kept in {} was refused ({why}); it is made afresh",
            path.display()
        ),
        Lang::Sv => format!(
            "obs: analysen sparad i {} godtogs inte ({why}); den görs om",
            path.display()
        ),
    }
}

/// Under the players on a replay's panel: the analysis kept beside its record was refused
/// and made afresh.
#[must_use]
pub fn replay_refused(lang: Lang, refusal: Refusal) -> String {
    let why = reason(lang, refusal);
    match lang {
        Lang::En => format!("The kept analysis was refused ({why}) and made afresh."),
        Lang::Sv => format!("Den sparade analysen godtogs inte ({why}) och gjordes om."),
    }
}
