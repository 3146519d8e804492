//! The words of a marked decision rolled out ("is this really an error?"): the rollout's
//! loss with its standard error and the verdict, in `brade analyze --rollout` and in the
//! replay's panel (`v`), of either game.

use super::{Lang, Phrase, decimal, p};

/// What the rollout says of a play marked as an error by the 2-ply judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The rollout's loss is at least the doubtful mark's by two standard errors or more.
    Confirmed,
    /// The rollout's loss is below the doubtful mark by two standard errors or more.
    NotAnError,
    /// The mark is within two standard errors of the rollout's loss.
    Uncertain,
}

impl Verdict {
    /// The verdict as a TSV column: notation, the same in either language.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Confirmed => "confirmed",
            Verdict::NotAnError => "not-an-error",
            Verdict::Uncertain => "uncertain",
        }
    }
}

/// The verdict in words.
#[must_use]
pub fn verdict(lang: Lang, v: Verdict) -> &'static str {
    lang.say(match v {
        Verdict::Confirmed => p("confirmed", "bekräftat"),
        Verdict::NotAnError => p("not an error", "inget misstag"),
        Verdict::Uncertain => p("uncertain", "osäkert"),
    })
}

/// A rollout of the play made against the judge's best: how much the play made loses by
/// it (negative when it did better) and that difference's standard error, the games each
/// play was rolled out, and the verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VerdictFigures {
    pub loss: f64,
    pub error: f64,
    pub games: u32,
    pub verdict: Verdict,
}

/// "loses 0.132 ± 0.040 — confirmed" ("gains" when the play made did better).
fn loss_and_verdict(lang: Lang, v: &VerdictFigures) -> String {
    let (word, size) = match (lang, v.loss < 0.0) {
        (Lang::En, false) => ("loses", v.loss),
        (Lang::En, true) => ("gains", -v.loss),
        (Lang::Sv, false) => ("förlorar", v.loss),
        (Lang::Sv, true) => ("vinner", -v.loss),
    };
    let size = decimal(lang, format!("{size:.3}"));
    let error = decimal(lang, format!("{:.3}", v.error));
    format!("{word} {size} ± {error} — {}", verdict(lang, v.verdict))
}

/// The replay panel's line under a marked decision: "rollout: loses 0.132 ± 0.040 —
/// confirmed".
#[must_use]
pub fn panel(lang: Lang, v: &VerdictFigures) -> String {
    format!(
        "{}: {}",
        lang.pick("rollout", "utspel"),
        loss_and_verdict(lang, v)
    )
}

/// The replay panel's line while a decision is rolled out (a gauge follows).
pub const ROLLING_OUT: Phrase = p("rolling the play out…", "spelar ut draget…");

/// `brade analyze --rollout`'s line under a decision rolled out.
#[must_use]
pub fn line(lang: Lang, v: &VerdictFigures) -> String {
    let games = v.games;
    match lang {
        Lang::En => format!(
            "    rollout, {games} games a play: {}\n",
            loss_and_verdict(lang, v)
        ),
        Lang::Sv => format!(
            "    utspel, {games} partier per drag: {}\n",
            loss_and_verdict(lang, v)
        ),
    }
}

/// How `brade analyze --rollout` rolls the marked decisions out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutFigures<'a> {
    /// The level playing the rollouts out.
    pub level: &'a str,
    pub games: u32,
    pub seed: u64,
    /// The doubtful mark: from this loss a play is an error.
    pub threshold: f64,
    /// How many decisions are rolled out.
    pub decisions: usize,
    /// Whether the match has cube decisions, which are not rolled out.
    pub cube: bool,
}

/// `brade analyze --rollout`'s heading, after the analysis's.
#[must_use]
pub fn heading(lang: Lang, r: &RolloutFigures) -> String {
    let (games, seed, n) = (r.games, r.seed, r.decisions);
    let level = super::names::level_name(lang, r.level);
    let mark = decimal(lang, format!("{:.3}", r.threshold));
    let mut out = match lang {
        Lang::En => format!(
            "{n} marked play{s} rolled out against the best play by {level}, {games} games a play with the same dice (seed {seed}); \
             the loss by the rollout, cubeless points with its standard error: confirmed as an error when it is at least \
             {mark} by two standard errors, not an error when it is below {mark} by two, uncertain otherwise\n",
            s = if n == 1 { "" } else { "s" },
        ),
        Lang::Sv => format!(
            "{n} markerade drag utspelade mot det bästa med nivån {level}, {games} partier per drag med samma tärningar (frö {seed}); \
             förlusten enligt utspelet, kubfria poäng med medelfel: bekräftat som misstag när den är minst {mark} med två \
             medelfel till godo, inget misstag när den är under {mark} med två, osäkert annars\n"
        ),
    };
    if r.cube {
        out.push_str(lang.pick(
            "(the cube's decisions are not rolled out: a cubeless rollout cannot settle them)\n",
            "(kubens beslut spelas inte ut: ett kubfritt utspel kan inte avgöra dem)\n",
        ));
    }
    out
}
