//! The engine's answers in words: refusals with the rule behind them, dice, results and
//! how a match stands (R20). Players are named by `names`.

use super::Lang;
use crate::brade::{
    Decider, GameResult, MatchScore, NotationError, Play, Refusal, Standing, StepRefusal, TypedStep, WinKind,
};
use crate::rules::{BAR, Color, Effect, OFF};

/// Why a step, a typed play or a confirmation was refused, in words a player understands:
/// the rule in a player's terms, never an internal number (the bar is "the bar", not 0).
#[must_use]
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    let en = lang == Lang::En;
    let say = |e: String, s: String| if en { e } else { s };
    match refusal {
        Refusal::Step(r) => step_refusal(lang, *r),
        Refusal::NoDie(d) => say(
            format!("no unused die shows {d}"),
            format!("ingen oanvänd tärning visar {d}"),
        ),
        Refusal::NoDieReaches { from, to } => {
            let from = point_name(lang, *from);
            say(
                format!("no unused die takes a checker from {from} to {to}"),
                format!("ingen oanvänd tärning flyttar en bricka från {from} till {to}"),
            )
        }
        Refusal::InSteps(play) => say(
            format!("a checker moves one die at a time: {play}"),
            format!("en bricka flyttas för en tärning i taget: {play}"),
        ),
        Refusal::OntoBar => lang
            .pick(
                "a checker goes to the bar only when it is hit",
                "en bricka hamnar på ribban bara när den blir slagen",
            )
            .into(),
        Refusal::DieTooSmall { from, need } => say(
            format!("to bear off from {from} you need a die of {need} or more"),
            format!("för att spela hem från {from} behövs en tärning på minst {need}"),
        ),
        Refusal::TurnComplete => lang
            .pick(
                "the play is complete — confirm it or undo",
                "draget är klart — bekräfta eller ångra",
            )
            .into(),
        Refusal::GameOver => lang.pick("the game is over", "partiet är slut").into(),
        Refusal::MoreDice(n) => say(
            format!(
                "you must use as many dice as you can — here {}",
                number_word(lang, *n)
            ),
            format!(
                "du måste flytta för så många tärningar som möjligt — här {}",
                number_word(lang, *n)
            ),
        ),
        Refusal::HigherDie(d) => say(
            format!("either die can be played but not both: play the higher, the {d}"),
            format!(
                "du kan flytta för vilken som helst av tärningarna men inte för båda: ta {} och fåta den lägre",
                die_noun_sv(*d)
            ),
        ),
        Refusal::LessReduction => lang
            .pick(
                "another play wastes fewer pips bearing off — keep the reduction as small as possible",
                "ett annat drag reducerar slaget mindre — reduktionen ska hållas så liten som möjligt",
            )
            .into(),
        Refusal::NotFinished => lang
            .pick(
                "a die can still be played — use as much of the roll as you can",
                "en tärning kan fortfarande användas — flytta för så mycket av slaget som möjligt",
            )
            .into(),
        Refusal::Notation(e) => say(
            format!("cannot read the play: {}", notation_error(lang, e)),
            format!("kan inte läsa draget: {}", notation_error(lang, e)),
        ),
        Refusal::Mark(step) => say(
            format!("the mark does not match: the move is {step}"),
            format!("markeringen stämmer inte: flytten är {step}"),
        ),
    }
}

/// Why a move of a typed play is refused, said of the typed text: "1/2: after 1/6 1/4 the
/// play is complete — 1/2 is one move too many", "1/7 after 1/7: you may make bands only…".
#[must_use]
pub fn typed_refusal(lang: Lang, before: &Play, typed: &TypedStep, why: &Refusal) -> String {
    let step = typed_step(typed);
    if before.is_empty() {
        return format!("{step}: {}", refusal(lang, why));
    }
    match (lang, why) {
        (Lang::En, Refusal::TurnComplete) => {
            format!("after {before} the play is complete: {step} is one move too many")
        }
        (Lang::Sv, Refusal::TurnComplete) => {
            format!("efter {before} är draget klart: {step} är en flytt för mycket")
        }
        (Lang::En, Refusal::GameOver) => format!("after {before} the game is over: {step} is not played"),
        (Lang::Sv, Refusal::GameOver) => format!("efter {before} är partiet slut: {step} spelas inte"),
        (Lang::En, _) => format!("{step} after {before}: {}", refusal(lang, why)),
        (Lang::Sv, _) => format!("{step} efter {before}: {}", refusal(lang, why)),
    }
}

/// A typed move as it was typed: `bar/3*`, `22/off`.
fn typed_step(t: &TypedStep) -> String {
    let point = |p: u8, bar: &str| match p {
        BAR => bar.to_string(),
        OFF => "off".to_string(),
        p => p.to_string(),
    };
    let mark = match t.mark {
        Some(Effect::Hit) => "*",
        Some(Effect::Burst) => "!",
        _ => "",
    };
    format!("{}/{}{mark}", point(t.from, "bar"), point(t.to, "bar"))
}

/// Why one move is illegal in itself.
fn step_refusal(lang: Lang, r: StepRefusal) -> String {
    let en = lang == Lang::En;
    let say = |e: String, s: String| if en { e } else { s };
    match r {
        StepRefusal::NoChecker(p) => say(
            format!("you have no checker on {p}"),
            format!("du har ingen bricka på tunga {p}"),
        ),
        StepRefusal::NothingOnBar => lang
            .pick("you have no checker on the bar", "du har ingen bricka på ribban")
            .into(),
        StepRefusal::BarFirst => lang
            .pick(
                "your checkers on the bar must be entered first",
                "brickorna på ribban måste spelas in först",
            )
            .into(),
        StepRefusal::NotAllHome => lang
            .pick(
                "you may bear off only when all your checkers are in your last quarter (19–24)",
                "du får spela hem först när alla dina brickor är i fjärde kvarteret (19–24)",
            )
            .into(),
        StepRefusal::NotRearmost(p) => say(
            format!("only your rearmost checker may be borne off — the one on {p}"),
            format!("bara den bakersta brickan får spelas hem — den på {p}"),
        ),
        StepRefusal::BandInFirstHalf(p) => say(
            format!(
                "you may make bands only on the huk (12) and on 13–24 — you already have a checker on {p}"
            ),
            format!("band får bara läggas på huken (12) och på 13–24 — du har redan en bricka på {p}"),
        ),
        StepRefusal::EntryOnOwn(p) => say(
            format!("you may not enter on your own checkers — on {p}"),
            format!("man får inte spela in på egna brickor — på {p}"),
        ),
        StepRefusal::ProtectedBand(p) => say(
            format!("the band on {p} is not part of a wall of six on your path: you may not burst it"),
            format!("bandet på {p} ingår inte i sex band i rad i din färdväg: det får inte sprängas"),
        ),
        StepRefusal::NoOverflow {
            point,
            on_bar,
            available,
        } => say(
            format!(
                "the band on {point} is protected: you have {} on the bar and {} — you may burst on entry only when the checkers are more",
                count(lang, on_bar, "checker", "checkers"),
                count(lang, available, "available point", "available points")
            ),
            format!(
                "bandet på {point} är fredat: du har {} på ribban och {} — man får spränga vid inspel bara när brickorna är fler",
                count(lang, on_bar, "bricka", "brickor"),
                count(lang, available, "tillgänglig tunga", "tillgängliga tungor")
            ),
        ),
        StepRefusal::LastCheckerCannotBurst(p) => say(
            format!("with one checker left you may never burst — the band on {p} is protected"),
            format!("med en bricka kvar får man aldrig spränga — bandet på {p} är fredat"),
        ),
        StepRefusal::PointsAvailable { point, available } => say(
            format!(
                "the band on {point} is protected: {} of your first quarter — by these rules you may burst on entry only when none is",
                count(lang, available, "point is available", "points are available")
            ),
            format!(
                "bandet på {point} är fredat: {} i ditt första kvarter — enligt de här reglerna får man spränga vid inspel bara när ingen är det",
                count(lang, available, "tunga är tillgänglig", "tungor är tillgängliga")
            ),
        ),
        StepRefusal::HigherOnlyRearmost(p) => say(
            format!(
                "only your rearmost checker, the one on {p}, may be borne off with a die higher than it needs"
            ),
            format!(
                "bara den bakersta brickan, den på {p}, får spelas hem med en högre tärning än den behöver"
            ),
        ),
        StepRefusal::BandRun(p) => say(
            format!(
                "a band on {p} would make six in a row: by these rules at most five (the huk not counted)"
            ),
            format!(
                "ett band på {p} skulle ge sex i rad: enligt de här reglerna högst fem (huken räknas inte)"
            ),
        ),
    }
}

/// Why typed notation cannot be read.
#[must_use]
pub fn notation_error(lang: Lang, e: &NotationError) -> String {
    let en = lang == Lang::En;
    match e {
        NotationError::Empty => lang
            .pick(
                "nothing typed; write moves like 13/18 18/21, bar/3* or 22/off, or - for no move",
                "inget skrevs; skriv flyttar som 13/18 18/21, bar/3* eller 22/off, eller - för inget drag",
            )
            .into(),
        NotationError::Step(t) if en => {
            format!("{t:?} is not a move; write FROM/TO such as 13/18, bar/3* or 22/off")
        }
        NotationError::Step(t) => {
            format!("{t:?} är ingen flytt; skriv FRÅN/TILL som 13/18, bar/3* eller 22/off")
        }
        NotationError::From(t) if en => format!("{t:?}: FROM is bar or a point 1–24"),
        NotationError::From(t) => format!("{t:?}: FRÅN är bar (ribban) eller en tunga 1–24"),
        NotationError::To(t) if en => format!("{t:?}: TO is a point 1–24 or off"),
        NotationError::To(t) => format!("{t:?}: TILL är en tunga 1–24 eller off (hemspelad)"),
        NotationError::Backward(t) if en => {
            format!("{t:?}: a checker moves forward, so TO must be higher than FROM")
        }
        NotationError::Backward(t) => {
            format!("{t:?}: en bricka flyttas framåt, så TILL måste vara högre än FRÅN")
        }
        NotationError::Repeat(t) if en => format!("{t:?}: the repeat must be (1) to (4)"),
        NotationError::Repeat(t) => format!("{t:?}: upprepningen ska vara (1) till (4)"),
        NotationError::TooMany => lang
            .pick("a turn has at most four moves", "ett drag har högst fyra flyttar")
            .into(),
    }
}

/// A point as a player names it: the bar by name.
fn point_name(lang: Lang, p: u8) -> String {
    if p == BAR {
        lang.pick("the bar", "ribban").to_string()
    } else {
        p.to_string()
    }
}

/// A small number in words ("two"), as a player says it.
#[must_use]
pub fn number_word(lang: Lang, n: usize) -> String {
    const EN: [&str; 5] = ["none", "one", "two", "three", "four"];
    const SV: [&str; 5] = ["ingen", "en", "två", "tre", "fyra"];
    match lang {
        Lang::En => EN.get(n).map_or_else(|| n.to_string(), |w| (*w).to_string()),
        Lang::Sv => SV.get(n).map_or_else(|| n.to_string(), |w| (*w).to_string()),
    }
}

/// "1 checker", "3 checkers".
fn count(_lang: Lang, n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A die as a Swedish ordinal noun (*femman*), as in "Svart fåtar femman".
#[must_use]
pub fn die_noun_sv(die: u8) -> &'static str {
    match die {
        1 => "ettan",
        2 => "tvåan",
        3 => "trean",
        4 => "fyran",
        5 => "femman",
        _ => "sexan",
    }
}

/// "game 2 of 5" / "parti 2 av 5".
#[must_use]
pub fn game_of(lang: Lang, number: impl std::fmt::Display, games: u32) -> String {
    format!(
        "{} {number} {} {games}",
        lang.pick("game", "parti"),
        lang.pick("of", "av")
    )
}

/// The Swedish name players use for a kind of win.
#[must_use]
pub fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Hemspel => "Hemspel",
        WinKind::EnkeltKronspel => "Enkelt kronspel",
        WinKind::DubbeltKronspel => "Dubbelt kronspel",
        WinKind::Trappspel => "Trappspel",
        WinKind::Uppspel => "Uppspel",
        WinKind::Jan => "Jan",
        WinKind::Sprangjan => "Sprängjan",
    }
}

/// A short gloss of a kind of win, for the game-over box beside its name.
#[must_use]
pub fn gloss(lang: Lang, kind: WinKind) -> &'static str {
    match kind {
        WinKind::Hemspel => lang.pick("all checkers borne off", "alla brickor hemspelade"),
        WinKind::EnkeltKronspel => lang.pick(
            "single crown: three on each of points 20–24",
            "tre brickor på var och en av tungorna 20–24",
        ),
        WinKind::DubbeltKronspel => lang.pick(
            "double crown: five on each of points 22–24",
            "fem brickor på var och en av tungorna 22–24",
        ),
        WinKind::Trappspel => lang.pick(
            "staircase: three, five and seven on points 22, 23, 24",
            "tre, fem och sju brickor på tungorna 22, 23, 24",
        ),
        WinKind::Uppspel => lang.pick("all fifteen on point 24", "alla femton brickor på tunga 24"),
        WinKind::Jan => lang.pick(
            "the opponent can never enter all his hit checkers",
            "motspelaren kan aldrig spela in alla sina slagna brickor",
        ),
        WinKind::Sprangjan => lang.pick(
            "jan made by bursting a band in the winner's own first quarter",
            "jan genom att spränga ett band i vinnarens eget första kvarter",
        ),
    }
}

/// The Swedish name of a result, with munk: "Hemspel med munk", "Sprängjan".
#[must_use]
pub fn result_name(result: &GameResult) -> String {
    if result.munk {
        format!("{} med munk", kind_name(result.kind))
    } else {
        kind_name(result.kind).to_string()
    }
}

/// "Hemspel med munk — 2 points (all checkers borne off, with munk)", "Hemspel med munk —
/// 2 poäng (alla brickor hemspelade, med munk)".
#[must_use]
pub fn result_line(lang: Lang, result: &GameResult) -> String {
    let points = result.points();
    let name = result_name(result);
    let gloss = if result.munk {
        format!(
            "{}, {}",
            gloss(lang, result.kind),
            lang.pick("with munk", "med munk")
        )
    } else {
        gloss(lang, result.kind).to_string()
    };
    match lang {
        Lang::Sv => format!("{name} — {points} poäng ({gloss})"),
        Lang::En => {
            let unit = if points == 1 { "point" } else { "points" };
            format!("{name} — {points} {unit} ({gloss})")
        }
    }
}

/// "best", "second best", "third best"… / "bästa", "näst bästa", "tredje bästa"…
fn ordinal_best(lang: Lang, index: usize) -> String {
    const EN: [&str; 7] = [
        "best",
        "second best",
        "third best",
        "fourth best",
        "fifth best",
        "sixth best",
        "seventh best",
    ];
    const SV: [&str; 7] = [
        "bästa",
        "näst bästa",
        "tredje bästa",
        "fjärde bästa",
        "femte bästa",
        "sjätte bästa",
        "sjunde bästa",
    ];
    let table = match lang {
        Lang::En => &EN,
        Lang::Sv => &SV,
    };
    table
        .get(index)
        .map_or_else(|| format!("{}.", index + 1), |w| (*w).to_string())
}

/// How the match stands or ended, spelled out (R20).
#[must_use]
pub fn standing(lang: Lang, score: &MatchScore, names: &[String; 2]) -> String {
    // Two players of the same name (two computers) are told apart by their colours.
    let same = super::names::display_name(lang, &names[0]) == super::names::display_name(lang, &names[1]);
    let name = |c: Color| {
        if same {
            super::names::who(lang, &names[c.index()], c)
        } else {
            super::names::display_name(lang, &names[c.index()])
        }
    };
    let (w, b) = (score.points(Color::White), score.points(Color::Black));
    let decided = |leader: Color, by: &Decider, won: bool| -> String {
        let verb = match (lang, won) {
            (Lang::En, true) => "wins the match",
            (Lang::En, false) => "leads",
            (Lang::Sv, true) => "vinner matchen",
            (Lang::Sv, false) => "leder",
        };
        match by {
            Decider::Points => match lang {
                Lang::En => format!("{} {verb} on points, {}–{}", name(leader), w.max(b), w.min(b)),
                Lang::Sv => format!("{} {verb} på poäng, {}–{}", name(leader), w.max(b), w.min(b)),
            },
            Decider::RankBox { index, .. } => {
                // The results compared, named (the club's table has no box numbers).
                let ord = ordinal_best(lang, *index);
                let other = leader.other();
                let result = |side: Color| {
                    score
                        .ranked(side)
                        .get(*index)
                        .map(|r| result_name(r).to_lowercase())
                };
                let (mine, theirs) = (result(leader).unwrap_or_default(), result(other));
                let (leader, other) = (name(leader), name(other));
                match (lang, theirs) {
                    (Lang::En, Some(l)) => format!(
                        "{w}–{b} on points; {leader} {verb} on the tie-break by the {ord} result: {mine} ranks above {l} ({other})"
                    ),
                    (Lang::En, None) => format!(
                        "{w}–{b} on points; {leader} {verb} on the tie-break: {leader} has a {ord} result ({mine}) and {other} has none"
                    ),
                    (Lang::Sv, Some(l)) => format!(
                        "{w}–{b} i poäng; {leader} {verb} på särskiljning med {ord} resultat: {mine} värderas högre än {l} ({other})"
                    ),
                    (Lang::Sv, None) => format!(
                        "{w}–{b} i poäng; {leader} {verb} på särskiljning: {leader} har ett {ord} resultat ({mine}), {other} inget"
                    ),
                }
            }
        }
    };
    match score.standing() {
        Standing::Level => match lang {
            Lang::En => format!("level, {w}–{b}"),
            Lang::Sv => format!("lika, {w}–{b}"),
        },
        Standing::Leads { leader, by } => decided(leader, &by, false),
        Standing::Won { winner, by } => decided(winner, &by, true),
    }
}

/// A rule set's name for players: the named sets by their source, a set of one's own by
/// the switches it changes.
#[must_use]
pub fn ruleset_name(lang: Lang, rules: crate::brade::RuleSet) -> String {
    use crate::brade::RuleSet;
    let name = match rules {
        RuleSet::VASAMUSEET => "Vasamuseet 2003",
        RuleSet::WIKIPEDIA_A => "Wikipedia (a)",
        RuleSet::WIKIPEDIA_B => "Wikipedia (b)",
        RuleSet::HOBBY_PAGE => lang.pick("Older hobby page", "Äldre hobbysidan"),
        _ => return format!("{}: {}", lang.pick("Own", "Egna"), rules.switches()),
    };
    name.to_string()
}

/// Why a rule set's code cannot be read, in `lang` (the `Display` form is English).
#[must_use]
pub fn ruleset_error(lang: Lang, e: &crate::brade::RuleSetError) -> String {
    use crate::brade::RuleSetError;
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        RuleSetError::Unknown(text) => format!(
            "{text:?} är ingen regeluppsättning: ange vasamuseet, wikipedia-a, wikipedia-b eller hobby-page, eller brytare som entry-burst=none,bear-off=free"
        ),
        RuleSetError::Value { switch, value } => {
            let values = match switch.as_str() {
                "entry-burst" => "more eller none",
                "bear-off" => "rearmost eller free",
                "band-run" => "any eller five",
                "pretty" => "at-once eller whole-roll",
                _ => "en av entry-burst, bear-off, band-run, pretty",
            };
            format!("{switch:?} kan inte vara {value:?}: den är {values}")
        }
        RuleSetError::Twice(switch) => format!("{switch:?} anges två gånger"),
    }
}

/// What a rule set changes from the Vasamuseet rules, a short line per switch (none for
/// the Vasamuseet rules).
#[must_use]
pub fn ruleset_changes(lang: Lang, rules: crate::brade::RuleSet) -> Vec<&'static str> {
    use crate::brade::{BandRun, BearOff, EntryBurst, PrettyRule};
    let mut out = Vec::new();
    if rules.entry_burst == EntryBurst::None {
        out.push(lang.pick(
            "a band is burst on entry only when no point is available",
            "band sprängs vid inspel bara när ingen tunga är tillgänglig",
        ));
    }
    if rules.bear_off == BearOff::Free {
        out.push(lang.pick(
            "any checker bears off by its exact number",
            "vilken bricka som helst spelas hem med exakt tal",
        ));
    }
    if rules.band_run == BandRun::Five {
        out.push(lang.pick(
            "bands on at most five points in a row",
            "band på högst fem tungor i rad",
        ));
    }
    if rules.pretty == PrettyRule::WholeRoll {
        out.push(lang.pick(
            "a pretty game counts only after the whole roll",
            "vackert spel räknas först efter hela slaget",
        ));
    }
    out
}

/// A rule set's name where room is short (the board's header): a set of one's own is
/// only called so.
#[must_use]
pub fn ruleset_short(lang: Lang, rules: crate::brade::RuleSet) -> String {
    if rules.name().is_some() {
        ruleset_name(lang, rules)
    } else {
        lang.pick("Own rules", "Egna regler").to_string()
    }
}
