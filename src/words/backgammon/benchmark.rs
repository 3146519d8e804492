//! The words of `brade benchmark --game backgammon levels`: each level's loss per decision
//! against the rolled-out best (thousandths of a point) and its PR (500 × the loss in
//! points, as GNU Backgammon and eXtreme Gammon rate a player), each level less the one
//! above it decision by decision, and the precision of the rollouts.

use crate::words::figures::Estimate;
use crate::words::{Lang, decimal};

/// The heading of the table: how many decisions, what the columns say.
#[must_use]
pub fn heading(lang: Lang, decisions: usize) -> String {
    match lang {
        Lang::En => format!(
            "{decisions} backgammon benchmark decisions; loss per decision against the rolled-out best, in thousandths of a point, and PR = 500 × the loss in points; a play outside the candidates is rolled out beside the best with the file's own dice (ahead: it came out better)\n{:<8} {:>15} {:>13} {:>7} {:>8} {:>6}\n",
            "level", "loss", "PR", "best %", "outside", "ahead"
        ),
        Lang::Sv => format!(
            "{decisions} provbeslut i backgammon; förlust per beslut mot det utspelade bästa draget, i tusendels poäng, och PR = 500 × förlusten i poäng; ett drag utanför kandidaterna spelas ut bredvid det bästa med filens egna tärningar (före: det blev bättre)\n{:<8} {:>15} {:>13} {:>7} {:>8} {:>6}\n",
            "nivå", "förlust", "PR", "bästa %", "utanför", "före"
        ),
    }
}

/// One level's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelFigures<'a> {
    /// The level's name, in the language.
    pub level: &'a str,
    /// The mean loss per decision in points.
    pub loss: Estimate,
    /// Decisions where it chose the rolled-out best, a percentage.
    pub agreed: f64,
    /// Its plays outside the candidates.
    pub outside: usize,
    /// Of those, the plays rolled out ahead of the best.
    pub ahead: usize,
}

/// One level's line of the table.
#[must_use]
pub fn level(lang: Lang, f: &LevelFigures) -> String {
    let line = format!(
        "{:<8} {:>6.1} ± {:<6.1} {:>5.2} ± {:<5.2} {:>7.1} {:>8} {:>6}\n",
        f.level,
        1000.0 * f.loss.mean,
        1000.0 * f.loss.error,
        500.0 * f.loss.mean,
        500.0 * f.loss.error,
        f.agreed,
        f.outside,
        f.ahead
    );
    decimal(lang, line)
}

/// A level's loss less another's, decision by decision (points).
#[must_use]
pub fn paired(lang: Lang, levels: [&str; 2], difference: Estimate) -> String {
    let [a, b] = levels;
    let figure = decimal(
        lang,
        format!(
            "{:+.1} ± {:.1}",
            1000.0 * difference.mean,
            1000.0 * difference.error
        ),
    );
    match lang {
        Lang::En => format!("{a} less {b}, decision by decision: {figure}\n"),
        Lang::Sv => format!("{a} minus {b}, beslut för beslut: {figure}\n"),
    }
}

/// The precision of the file's rollouts: the median standard error of a candidate's
/// difference to the best, and of its equity (points).
#[must_use]
pub fn precision(lang: Lang, difference: f64, equity: f64) -> String {
    let figures = decimal(lang, format!("{difference:.3}"));
    let each = decimal(lang, format!("{equity:.3}"));
    match lang {
        Lang::En => format!(
            "the rollouts' standard error of a candidate's difference to the best: median {figures} points (of its equity: {each})\n"
        ),
        Lang::Sv => format!(
            "utspelningarnas medelfel för ett dragförslags skillnad mot det bästa: median {figures} poäng (för dess värde: {each})\n"
        ),
    }
}
