//! A backgammon decision as eXtreme Gammon puts it on the clipboard, so that it can be
//! pasted where backgammon players paste XG's (forums, study groups) and read by the
//! flashcard tools that read XG's:
//!
//! ```text
//! XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10
//!
//! X:Anna   O:Bo
//! Score is X:3 O:6 7 pt.(s) match.
//!  +13-14-15-16-17-18------19-20-21-22-23-24-+
//!  … the board, X (White) at the bottom …
//!  +12-11-10--9--8--7-------6--5--4--3--2--1-+
//! Pip count  X: 111  O: 52 X-O: 3-6/7
//! Cube: 2, O own cube
//! X to play 21
//!
//!     1. 2-ply       19/18 14/12                  eq:-0.491
//!       Player:   25.45% (G:0.00% B:0.00%)
//!       Opponent: 74.55% (G:31.09% B:0.09%)
//! …
//! X played 19/18 3/1 (-0.065)
//!
//! brade 0.1.0, MET: Kazaross XG2
//! ```
//!
//! A cube decision has XG's cube block instead of the candidates (the chances before the
//! roll, the cubeless and cubeful equities of no double, double/take and double/pass, the
//! best action). The layout, field by field, is eXtreme Gammon 2's (its English text);
//! the line before the last says what was done (where XG puts a note), the last names
//! brade where XG names itself. The depth is written as XG counts plies (its 1-ply is the
//! network alone). The text is notation, the same in either language of the program.
//! X is White, O is Black, as in the XGID ([`crate::backgammon::Xgid`]).

use crate::ai::backgammon::cube::{Outcomes, ProperAction};
use crate::ai::backgammon::review::{Candidate, CubeFigures, Figures, Laid};
use crate::backgammon::{BAR, Cube, MatchState, OFF, Play, Position, Score, Stakes, XgDice, Xgid};
use crate::rules::{Color, Roll};

use super::picture::{Extras, svg};
use super::text::{CubeAt, Drawing, Listed, Stack, letter, listing, percent, signed};

/// How many candidates a block lists (XG's default), besides the play made when it is
/// ranked below them.
pub const SHOWN: usize = 5;

/// The board of `position` as eXtreme Gammon draws it in text, X (White) at the bottom,
/// with the cube `cube` (value, owner) once turned.
#[must_use]
pub fn drawing(position: &Position, cube: (u32, Option<Color>)) -> Drawing {
    let (white, black) = (position.counts(Color::White), position.counts(Color::Black));
    // Point `p` of X's numbering.
    let at = |p: usize| -> Stack {
        match (white[p], black[25 - p]) {
            (0, 0) => (None, 0),
            (0, n) => (Some(Color::Black), n),
            (n, _) => (Some(Color::White), n),
        }
    };
    let top: [usize; 12] = std::array::from_fn(|i| 13 + i);
    let bottom: [usize; 12] = std::array::from_fn(|i| 12 - i);
    let bar = usize::from(BAR);
    Drawing {
        top: top.map(at),
        bottom: bottom.map(at),
        top_numbers: top.map(|p| p as u8),
        bottom_numbers: bottom.map(|p| p as u8),
        // XG draws X's bar checkers in the top half (where X enters), O's in the bottom.
        bar: [(Some(Color::White), white[bar]), (Some(Color::Black), black[bar])],
        off: [white[0], black[0]],
        black_off_left: false,
        cube: match cube {
            (v, None) => Some((v, CubeAt::Middle)),
            (v, Some(Color::White)) => Some((v, CubeAt::Bottom)),
            (v, Some(Color::Black)) => Some((v, CubeAt::Top)),
        },
    }
}

/// A play as eXtreme Gammon and GNU Backgammon write it: the moves of each checker joined
/// (`14/11`, a point passed written only where it hits: `24/18*/13`), the same move of
/// several checkers counted (`8/5(2)`), the farthest first; the bar `bar`, off `off`.
#[must_use]
pub fn notation(play: &Play) -> String {
    // Each checker's path: the points it stands on, each with whether it hit there.
    let mut paths: Vec<Vec<(u8, bool)>> = Vec::new();
    for step in play.steps() {
        let continues = paths
            .iter_mut()
            .filter(|p| p.last().is_some_and(|&(at, _)| at == step.from && at != OFF))
            .last();
        match continues {
            Some(path) => path.push((step.to, step.hit)),
            None => paths.push(vec![(step.from, false), (step.to, step.hit)]),
        }
    }
    let point = |p: u8| match p {
        BAR => "bar".to_string(),
        OFF => "off".to_string(),
        p => p.to_string(),
    };
    let moves: Vec<String> = paths
        .iter()
        .map(|path| {
            let last = path.len() - 1;
            path.iter()
                .enumerate()
                .filter(|&(i, &(_, hit))| i == 0 || i == last || hit)
                .map(|(_, &(p, hit))| format!("{}{}", point(p), if hit { "*" } else { "" }))
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    let mut counted: Vec<(u8, String, usize)> = Vec::new();
    for (path, text) in paths.iter().zip(moves) {
        match counted.iter_mut().find(|(_, t, _)| *t == text) {
            Some(c) => c.2 += 1,
            None => counted.push((path[0].0, text, 1)),
        }
    }
    counted.sort_by_key(|c| std::cmp::Reverse(c.0));
    counted
        .iter()
        .map(|(_, t, n)| if *n > 1 { format!("{t}({n})") } else { t.clone() })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The SVG picture of `position` with the cube `cube` (value, owner) and the dice rolled.
#[must_use]
pub fn picture(
    position: &Position,
    cube: (u32, Option<Color>),
    dice: Option<(u8, u8)>,
    extras: &Extras,
) -> String {
    let extras = Extras {
        on_roll: Some(position.turn()),
        dice,
        ..*extras
    };
    svg(&drawing(position, cube), &position.id(), &extras)
}

/// The match around a decision, as the block's head says it.
#[derive(Clone, Copy, Debug)]
pub struct Around<'a> {
    /// White's and Black's names.
    pub names: [&'a str; 2],
    pub cube: &'a Cube,
    pub score: &'a Score,
    pub stakes: Stakes,
}

impl Around<'_> {
    /// The XGID of `position` in this match, with `dice`.
    fn xgid(&self, position: &Position, dice: XgDice) -> Xgid {
        let score = self.score;
        let state = MatchState {
            cube: self.cube.value,
            cube_owner: self.cube.owner,
            on_roll: position.turn(),
            crawford: !score.is_money() && !self.cube.live,
            length: score.length,
            score: [score.points(Color::White), score.points(Color::Black)],
            jacoby: score.is_money() && self.stakes.jacoby,
            ..MatchState::default()
        };
        Xgid {
            dice,
            ..Xgid::of_match(*position, &state)
        }
    }

    /// The head of the block, from the XGID to the line saying who is to do what.
    fn head(&self, position: &Position, dice: XgDice, to_do: &str) -> String {
        head(&self.xgid(position, dice), self.names, to_do)
    }

    /// The last line: brade where XG names itself, and the match equity table in a match.
    fn foot(&self) -> String {
        let met = if self.score.is_money() {
            ""
        } else {
            ", MET: Kazaross XG2"
        };
        format!("brade {}{met}\n", env!("CARGO_PKG_VERSION"))
    }
}

/// The head of a block for the position and match `xgid` holds, `names` White's and
/// Black's: from the XGID to `to_do`, the line saying who is to do what (`X to play 21`).
#[must_use]
pub fn head(xgid: &Xgid, names: [&str; 2], to_do: &str) -> String {
    let [x, o] = xgid.score;
    let score = if xgid.length == 0 {
        let options = match (xgid.jacoby, xgid.beaver) {
            (true, true) => ", Jacoby Beaver",
            (true, false) => ", Jacoby",
            (false, true) => ", Beaver",
            (false, false) => "",
        };
        format!("Score is X:{x} O:{o}. Unlimited Game{options}")
    } else {
        format!("Score is X:{x} O:{o} {} pt.(s) match.", xgid.length)
    };
    let standing = match (xgid.length, xgid.crawford) {
        (0, _) => format!("{x}-{o}"),
        (n, false) => format!("{x}-{o}/{n}"),
        (n, true) => format!("{x}-{o}/{n} Crawford"),
    };
    let cube = match xgid.cube_owner {
        Some(owner) => format!("Cube: {}, {} own cube", xgid.cube, letter(owner)),
        None => format!("Cube: {}", xgid.cube),
    };
    let position = &xgid.position;
    let mut out = format!("{xgid}\n\nX:{}   O:{}\n{score}\n", names[0], names[1]);
    for line in drawing(position, (xgid.cube, xgid.cube_owner)).lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!(
        "Pip count  X: {}  O: {} X-O: {standing}\n{cube}\n{to_do}\n\n",
        position.pips(Color::White),
        position.pips(Color::Black)
    ));
    out
}

/// A side's chances, as XG writes them after `Player:` or `Opponent:`.
fn chances(win: f64, gammon: f64, backgammon: f64) -> String {
    format!(
        "{} (G:{} B:{})",
        percent(win),
        percent(gammon),
        percent(backgammon)
    )
}

fn player(o: &Outcomes) -> String {
    chances(o.win, o.win_gammon, o.win_backgammon)
}

fn opponent(o: &Outcomes) -> String {
    chances(1.0 - o.win, o.lose_gammon, o.lose_backgammon)
}

/// The block of a checker play: the position, the roll, the candidates ranked (the best
/// [`SHOWN`], and the play made where it is ranked below them; `made` its index).
#[must_use]
pub fn checker_block(
    around: &Around,
    position: &Position,
    roll: Roll,
    candidates: &[Candidate],
    made: usize,
) -> String {
    let mover = position.turn();
    let (a, b) = roll.dice();
    let mut out = around.head(
        position,
        XgDice::Rolled(a, b),
        &format!("{} to play {}{}", letter(mover), roll.high(), roll.low()),
    );
    let list: Vec<Listed> = candidates
        .iter()
        .map(|c| Listed {
            level: format!("{}-ply", c.plies + 1),
            play: notation(&c.play),
            equity: c.equity,
            chances: [player(&c.chances), opponent(&c.chances)],
        })
        .collect();
    out.push_str(&listing(&list, made, SHOWN, letter(mover)));
    out.push_str(&around.foot());
    out
}

/// What XG calls the cube's actions: doubling, or redoubling a cube one owns.
fn double_word(cube: &Cube, capital: bool) -> &'static str {
    match (cube.owner.is_some(), capital) {
        (true, true) => "Redouble",
        (true, false) => "redouble",
        (false, true) => "Double",
        (false, false) => "double",
    }
}

/// The block of a cube decision before the roll of `position`'s side to roll: whether it
/// doubled, and the answer when there was one. One block holds both decisions, as XG's
/// does; its XGID holds the double offered when `take` (the question is the answer).
#[must_use]
pub fn cube_block(
    around: &Around,
    position: &Position,
    figures: &CubeFigures,
    (doubled, answer): (bool, Option<bool>),
    take: bool,
) -> String {
    let mover = position.turn();
    let dice = if take { XgDice::Doubled } else { XgDice::ToRoll };
    let mut out = around.head(position, dice, &format!("{} on roll, cube action", letter(mover)));
    let (word, lower) = (double_word(around.cube, true), double_word(around.cube, false));
    out.push_str(&format!(
        "Analyzed in {}-ply\nPlayer Winning Chances:   {}\nOpponent Winning Chances: {}\n\n",
        figures.plies + 1,
        player(&figures.chances),
        opponent(&figures.chances)
    ));
    out.push_str(&format!(
        "Cubeless Equities: No Double={}, Double={}\n\nCubeful Equities:\n",
        signed(figures.cubeless[0]),
        signed(figures.cubeless[1])
    ));
    let decision = &figures.decision;
    let right = match decision.action {
        ProperAction::DoubleTake => 1,
        ProperAction::DoublePass => 2,
        _ => 0,
    };
    let labels = [
        format!("No {lower}:"),
        format!("{word}/Take:"),
        format!("{word}/Pass:"),
    ];
    let width = labels.iter().map(String::len).max().unwrap_or(0) + 3;
    for (i, label) in labels.iter().enumerate() {
        let behind = if i == right {
            String::new()
        } else {
            format!(" ({})", signed(figures.cubeful[i] - figures.cubeful[right]))
        };
        out.push_str(&format!(
            "       {label:<width$}{}{behind}\n",
            signed(figures.cubeful[i])
        ));
    }
    let answer_word = if decision.take { "Take" } else { "Pass" };
    let best = match decision.action {
        ProperAction::DoubleTake | ProperAction::DoublePass => format!("{word} / {answer_word}"),
        ProperAction::TooGood => format!("Too good to {lower} / {answer_word}"),
        _ => format!("No {lower} / {answer_word}"),
    };
    out.push_str(&format!("\nBest Cube action: {best}\n\n"));
    let (me, you) = (letter(mover), letter(mover.other()));
    let done = match (doubled, answer) {
        (false, _) => format!("{me} did not {lower}"),
        (true, None) => format!("{me} {lower}d"),
        (true, Some(true)) => format!("{me} {lower}d, {you} took"),
        (true, Some(false)) => format!("{me} {lower}d, {you} passed"),
    };
    out.push_str(&done);
    out.push_str("\n\n");
    out.push_str(&around.foot());
    out
}

/// The block of a decision of a match laid out, `names` White's and Black's.
#[must_use]
pub fn block(names: [&str; 2], laid: &Laid) -> String {
    let around = Around {
        names,
        cube: &laid.cube,
        score: &laid.score,
        stakes: laid.stakes,
    };
    match &laid.figures {
        Figures::Checker {
            roll,
            candidates,
            made,
        } => checker_block(&around, &laid.position, *roll, candidates, *made),
        Figures::Cube {
            doubled,
            answer,
            figures,
        } => cube_block(&around, &laid.position, figures, (*doubled, *answer), false),
    }
}
