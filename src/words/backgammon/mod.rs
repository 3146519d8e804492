//! Backgammon's words: what the command line says of a backgammon position (its
//! complaints in English, as clap's are), the rules behind a refused step or play in
//! English and Swedish, and a rollout's figures in both.

pub mod analysis;
pub mod benchmark;
pub mod help;
pub mod matchplay;

use super::figures::Estimate;
use super::{Lang, fixed, signed};
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

/// `brade benchmark levels --net` without `--game backgammon`: refused.
pub const NET_ONLY_FOR_BACKGAMMON_BENCHMARK: &str = "--net is for backgammon's benchmark (give --game backgammon); bräde's levels are judged with the shipped network";

/// `brade play --game backgammon --games N`: refused (a match's length is in points).
pub const GAMES_NOT_FOR_BACKGAMMON: &str = "--games is bräde's (1, 3, 5 or 7 games): give a backgammon match its length with --points N (odd, up to 25; 0 for money play)";

/// `brade bot --game backgammon --match`: refused.
pub const MATCH_NOT_FOR_BACKGAMMON_BOT: &str =
    "--match is for bräde's bot: give a backgammon line the term match=N:W-B[:post] (and cube=V[:w|b])";

/// `brade arena --game backgammon` with bräde's match or rules options: refused.
pub const ARENA_OPTIONS_NOT_FOR_BACKGAMMON: &str = "--match, --matches, --a-points, --b-points, --a-default-rules and --b-default-rules are bräde's: a backgammon arena takes --games, --a-net, --b-net, --seed, --start, --a-plain, --b-plain, --a-race-net, --b-race-net and --luck-adjusted";

/// `brade arena` refuses backgammon's own options for bräde.
pub const ARENA_OPTIONS_ONLY_FOR_BACKGAMMON: &str = "--start, --a-plain, --b-plain, --a-race-net, --b-race-net and --luck-adjusted are backgammon's: add --game backgammon";

/// `brade train` refuses backgammon's own options for bräde.
pub const TRAIN_OPTIONS_ONLY_FOR_BACKGAMMON: &str = "--race, --write-rollouts, --from-rollouts, --from-net, --search-depth and --extended-inputs are backgammon's: add --game backgammon";

/// What a backgammon rollout found for the side to roll (for a play, the side making it):
/// the cubeless equity (luck-adjusted when `plain`, the plain mean, is given), the five
/// chances — win, win a gammon or more, win a backgammon, lose a gammon or more, lose a
/// backgammon, as shares from 0 to 1 — and the games that did not end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BgRolloutFigures {
    pub equity: Estimate,
    pub plain: Option<Estimate>,
    pub chances: [Estimate; 5],
    pub unfinished: u32,
}

/// A share with its standard error, in per cent: `55.1 ± 1.2 %`.
fn per_cent(lang: Lang, e: Estimate) -> String {
    format!(
        "{} ± {} %",
        fixed(lang, 100.0 * e.mean, 1),
        fixed(lang, 100.0 * e.error, 1)
    )
}

/// A backgammon rollout's figures: the equity ± its standard error, then the chances.
#[must_use]
pub fn rollout_report(lang: Lang, f: &BgRolloutFigures) -> String {
    let [win, win_gammon, win_backgammon, lose_gammon, lose_backgammon] =
        f.chances.map(|e| per_cent(lang, e));
    let plain = f
        .plain
        .map(|e| {
            format!(
                "{}; {} {} ± {}",
                lang.pick(", luck-adjusted", ", turjusterat"),
                lang.pick("without it", "utan det"),
                signed(lang, e.mean),
                fixed(lang, e.error, 3)
            )
        })
        .unwrap_or_default();
    let equity = format!(
        "{} ± {}",
        signed(lang, f.equity.mean),
        fixed(lang, f.equity.error, 3)
    );
    let mut text = match lang {
        Lang::En => format!(
            "  cubeless equity {equity} (standard error{plain})\n  wins {win}: a gammon or more {win_gammon}, a backgammon {win_backgammon}\n  loses a gammon or more {lose_gammon}, a backgammon {lose_backgammon}\n"
        ),
        Lang::Sv => format!(
            "  kubfritt värde {equity} (medelfel{plain})\n  vinner {win}: gammon eller mer {win_gammon}, backgammon {win_backgammon}\n  förlorar gammon eller mer {lose_gammon}, backgammon {lose_backgammon}\n"
        ),
    };
    if f.unfinished > 0 {
        text.push_str(&format!(
            "  {} {}\n",
            lang.pick(
                "unfinished (scored by the network):",
                "oavslutade (värderade av nätet):"
            ),
            f.unfinished
        ));
    }
    text
}

/// The line above a backgammon rollout of plays: how many of the hard level's best plays
/// of the roll are rolled out, all with the same dice.
#[must_use]
pub fn rollout_candidates(lang: Lang, plays: usize, roll: &str) -> String {
    match lang {
        Lang::En => {
            format!("the hard level's {plays} best plays of {roll}, each rolled out with the same dice\n")
        }
        Lang::Sv => format!(
            "de {plays} bästa dragen med {roll} enligt nivån svår, vart och ett utspelat med samma tärningar\n"
        ),
    }
}

/// How far a play's equity is behind the best play's, with the standard error of the
/// difference (measured game by game, the dice being the same); `None` for the best.
#[must_use]
pub fn behind_best(lang: Lang, behind: Option<Estimate>) -> String {
    match behind {
        None => format!("  {}\n", lang.pick("the best of these", "bäst av dessa")),
        Some(e) => format!(
            "  {} {} ± {} ({})\n",
            lang.pick("behind the best:", "efter det bästa:"),
            signed(lang, e.mean),
            fixed(lang, e.error, 3),
            lang.pick("standard error of the difference", "medelfel för skillnaden")
        ),
    }
}
