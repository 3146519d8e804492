//! Backgammon's words: what the command line says of a backgammon position (its
//! complaints in English, as clap's are), and the rules behind a refused step or play in
//! English and Swedish.

use super::Lang;
use crate::backgammon::{Refusal, StepRefusal};

/// `--rules` names bräde's rule sets: backgammon has one set of rules.
pub const RULES_NOT_FOR_BACKGAMMON: &str =
    "--rules chooses among bräde's rule sets; backgammon is played by one set of rules, leave --rules out";

/// `--points` names a backgammon match's length.
pub const POINTS_ONLY_BACKGAMMON: &str = "--points is the length of a backgammon match: give --game backgammon with it (a bräde match takes --games)";

/// Printed after `brade id --help` and in the help of `--game`.
pub const POSITION_HELP: &str = "\
A backgammon position is a code WHITE/BLACK/TURN, each side a list of POINT or POINTxCOUNT in
that side's own numbering (1 next to where it bears off, 24 the farthest, 25 = the bar;
unlisted checkers are borne off, '-' = none on the board), TURN 'w' or 'b'; or a GNU
Backgammon Position ID (14 characters), White on roll unless followed by ':b'
(4HPwATDgc/ABMA:b). The start is 6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w.";

/// Why a single step is refused, the rule named.
#[must_use]
pub fn step_refusal(lang: Lang, why: StepRefusal) -> String {
    match (lang, why) {
        (Lang::En, StepRefusal::NoChecker(25)) => "you have no checker on the bar".to_string(),
        (Lang::Sv, StepRefusal::NoChecker(25)) => "du har ingen bricka på baren".to_string(),
        (Lang::En, StepRefusal::NoChecker(p)) => format!("you have no checker on point {p}"),
        (Lang::Sv, StepRefusal::NoChecker(p)) => format!("du har ingen bricka på punkt {p}"),
        (Lang::En, StepRefusal::BarFirst) => "a checker on the bar must enter first (B9)".to_string(),
        (Lang::Sv, StepRefusal::BarFirst) => "en bricka på baren måste gå in först (B9)".to_string(),
        (Lang::En, StepRefusal::Closed(p)) => {
            format!("point {p} is closed: two or more of the opponent's stand there (B7)")
        }
        (Lang::Sv, StepRefusal::Closed(p)) => {
            format!("punkt {p} är stängd: två eller fler av motståndarens står där (B7)")
        }
        (Lang::En, StepRefusal::NotAllHome) => {
            "bearing off waits until all fifteen are in the home board (B10)".to_string()
        }
        (Lang::Sv, StepRefusal::NotAllHome) => {
            "utspel väntar tills alla femton är i hembordet (B10)".to_string()
        }
        (Lang::En, StepRefusal::NotHighest { highest }) => {
            format!(
                "a higher die bears off only from the highest point, and a checker stands on {highest} (B11)"
            )
        }
        (Lang::Sv, StepRefusal::NotHighest { highest }) => {
            format!(
                "en högre tärning spelar bara ut från den högsta punkten, och en bricka står på {highest} (B11)"
            )
        }
        (Lang::En, StepRefusal::OffBoard) => "there is no such point or die".to_string(),
        (Lang::Sv, StepRefusal::OffBoard) => "den punkten eller tärningen finns inte".to_string(),
    }
}

/// Why a step, a typed play or a confirmation is refused, the rule named.
#[must_use]
pub fn refusal(lang: Lang, why: &Refusal) -> String {
    match (lang, why) {
        (_, Refusal::Step(s)) => step_refusal(lang, *s),
        (Lang::En, Refusal::NoDie(d)) => format!("no unused die shows {d}"),
        (Lang::Sv, Refusal::NoDie(d)) => format!("ingen oanvänd tärning visar {d}"),
        (Lang::En, Refusal::NoDieReaches { from, to }) => {
            format!("no unused die takes a checker from {from} to {to}")
        }
        (Lang::Sv, Refusal::NoDieReaches { from, to }) => {
            format!("ingen oanvänd tärning för en bricka från {from} till {to}")
        }
        (Lang::En, Refusal::TurnComplete) => {
            "the play is complete: confirm it or take a step back".to_string()
        }
        (Lang::Sv, Refusal::TurnComplete) => {
            "draget är klart: bekräfta det eller ta tillbaka ett steg".to_string()
        }
        (Lang::En, Refusal::GameOver) => "the game is over".to_string(),
        (Lang::Sv, Refusal::GameOver) => "partiet är slut".to_string(),
        (Lang::En, Refusal::MoreDice(n)) => format!("{n} dice can be played, and as many must be (B8)"),
        (Lang::Sv, Refusal::MoreDice(n)) => {
            format!("{n} tärningar kan spelas, och så många måste spelas (B8)")
        }
        (Lang::En, Refusal::HigherDie(d)) => {
            format!("only one die can be played, and it must be the higher, the {d} (B8)")
        }
        (Lang::Sv, Refusal::HigherDie(d)) => {
            format!("bara en tärning kan spelas, och det måste vara den högre, {d}:an (B8)")
        }
        (Lang::En, Refusal::NotFinished) => "a die can still be played".to_string(),
        (Lang::Sv, Refusal::NotFinished) => "en tärning kan fortfarande spelas".to_string(),
        (_, Refusal::Notation(e)) => e.to_string(),
        (Lang::En, Refusal::Mark(s)) => format!("{s} hits nothing: leave out the '*'"),
        (Lang::Sv, Refusal::Mark(s)) => format!("{s} slår ingen bricka: stryk '*'"),
    }
}

/// `brade bot --game backgammon --match`: refused.
pub const MATCH_NOT_FOR_BACKGAMMON_BOT: &str =
    "--match is for bräde's bot: give a backgammon line the term match=N:W-B[:post] (and cube=V[:w|b])";

/// `brade arena --game backgammon` with bräde's match or rules options: refused.
pub const ARENA_OPTIONS_NOT_FOR_BACKGAMMON: &str = "--match, --matches, --a-points, --b-points, --a-default-rules and --b-default-rules are bräde's: a backgammon arena takes --games, --a-net, --b-net and --seed";
