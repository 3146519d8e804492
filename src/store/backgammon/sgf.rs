//! A backgammon match with its analysis as GNU Backgammon writes a match in SGF, so that
//! GNU Backgammon opens it (File > Open, or `load match`) with the analysis in place.
//! Pure: a match, its analysis and its decisions laid out in, text out.
//!
//! As GNU Backgammon 1.07's `sgf.c` writes (its `SaveGame`, read back by its
//! `RestoreNode`): one game tree a game, `(;FF[4]GM[6]CA[UTF-8]AP[…]MI[length:5][game:0]
//! [ws:0][bs:0]PW[White's name]PB[Black's name]RU[Crawford]RE[W+2]` and a node a move or
//! cube action: `;W[52lgjg]` (the dice, then each step's from and to), `;B[double]`,
//! `;W[take]`, `;W[drop]`. White is gnubg's player 0, `W`, as in brade's Match IDs. A
//! point is a letter of the board seen from White: White's point `p` (1–24) is `a` + p − 1,
//! Black's `x` − (p − 1); the bar is `y`, off `z`.
//!
//! **The analysis**, as gnubg keeps its own: on a move node `A[i][play E ver 3 w wg wbg lg
//! lbg equity plies …]…` lists the candidates (GNU Backgammon's plies, `C` cubeful), `i`
//! the one played (the plays the judge looked at deepest, as gnubg's list holds those it
//! evaluated at its chosen depth); a cube decision's `DA[E ver 3 plies… 7 figures, 7
//! figures]` holds the chances and the cubeless and cubeful equity of no double and of
//! double/take (money: per cube; match: the chance of winning the match), on the double's
//! node and its answer's, or, a double not made, on the roll's node. The marks are gnubg's:
//! `BM[2]` very bad, `BM[1]` bad, `DO[]` doubtful; the cube's on a roll's node `BC`, `DC`,
//! and on a double's or an answer's `BM`, `DO`, as gnubg writes and reads them.

use crate::ai::analysis::Mark;
use crate::ai::backgammon::analysis::BgAnalysis;
use crate::ai::backgammon::cube::Outcomes;
use crate::ai::backgammon::review::{Candidate, CubeFigures, Figures, Laid};
use crate::backgammon::{BAR, OFF, Play};
use crate::game::{Backgammon, CubeAction};
use crate::rules::{Color, Roll};
use crate::session::{GameLog, Match};

/// GNU Backgammon's version of its SGF figures (`SGF_FORMAT_VER`).
const VERSION: u32 = 3;

fn player(side: Color) -> char {
    match side {
        Color::White => 'W',
        Color::Black => 'B',
    }
}

/// A name or text as SGF writes it.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The letter of `side`'s point `p` (its own numbering; the bar 25, off 0).
fn point(side: Color, p: u8) -> char {
    match (p, side) {
        (BAR, _) => 'y',
        (OFF, _) => 'z',
        (p, Color::White) => char::from(b'a' + p - 1),
        (p, Color::Black) => char::from(b'x' - (p - 1)),
    }
}

/// A play's steps as SGF writes them: from and to, a letter each.
fn steps(side: Color, play: &Play) -> String {
    play.steps()
        .iter()
        .flat_map(|s| [point(side, s.from), point(side, s.to)])
        .collect()
}

/// The five chances and then the figures, six decimals each, as gnubg writes them.
fn figures(o: &Outcomes, rest: &[f64]) -> String {
    [
        o.win,
        o.win_gammon,
        o.win_backgammon,
        o.lose_gammon,
        o.lose_backgammon,
    ]
    .iter()
    .chain(rest)
    .map(|x| format!("{x:.6}"))
    .collect::<Vec<_>>()
    .join(" ")
}

/// A move's analysis: `A[i][…]…MR[]`, the candidates the judge looked at deepest (the
/// play made among them), best first — as gnubg's own list, whose first it takes for the
/// best when it marks the play made.
fn move_analysis(side: Color, candidates: &[Candidate], made: usize) -> String {
    let deepest = candidates.first().map_or(0, |c| c.plies);
    let listed: Vec<&Candidate> = candidates.iter().take_while(|c| c.plies == deepest).collect();
    let at = made.min(listed.len().saturating_sub(1));
    let mut out = format!("A[{at}]");
    for c in listed {
        out.push_str(&format!(
            "[{} E ver {VERSION} {} {}C 0 1 0.000000 0]",
            steps(side, &c.play),
            figures(&c.chances, &[c.equity]),
            c.plies
        ));
    }
    out.push_str("MR[]");
    out
}

/// A cube decision's analysis: `DA[…]`.
fn double_analysis(f: &CubeFigures) -> String {
    let d = &f.decision;
    format!(
        "DA[E ver {VERSION} {}C 1 0.000000 0 {} {}]",
        f.plies,
        figures(&f.chances, &[f.cubeless[0], d.no_double]),
        figures(&f.chances, &[f.cubeless[1], d.double_take.unwrap_or(d.no_double)])
    )
}

/// gnubg's mark of a play (`cube`: of the cube decision before a roll, on the roll's node).
fn skill(mark: Mark, cube: bool) -> &'static str {
    match (mark, cube) {
        (Mark::VeryBad, false) => "BM[2]",
        (Mark::Bad, false) => "BM[1]",
        (Mark::Doubtful, false) => "DO[]",
        (Mark::VeryBad, true) => "BC[2]",
        (Mark::Bad, true) => "BC[1]",
        (Mark::Doubtful, true) => "DC[]",
        (Mark::Fine, _) => "",
    }
}

/// The match in SGF: every game begun (the last as far as it has gone), with the figures
/// of the decisions `laid` out and the marks of `analysis`.
#[must_use]
pub fn sgf(game: &Match<Backgammon>, analysis: &BgAnalysis, laid: &[Laid]) -> String {
    let mut out = String::new();
    let mut score = [0u32; 2];
    let crawford = game.score.crawford_game();
    for (i, log) in game.log.iter().enumerate() {
        out.push_str(&format!(
            "(;FF[4]GM[6]CA[UTF-8]AP[brade:{}]MI[length:{}][game:{i}][ws:{}][bs:{}]PW[{}]PB[{}]",
            env!("CARGO_PKG_VERSION"),
            game.score.length,
            score[0],
            score[1],
            escape(game.name(Color::White)),
            escape(game.name(Color::Black))
        ));
        let mut rules = Vec::new();
        if game.score.is_money() {
            if game.rules.jacoby {
                rules.push("Jacoby");
            }
        } else {
            rules.push("Crawford");
            if crawford == Some(i) {
                rules.push("CrawfordGame");
            }
        }
        if !rules.is_empty() {
            out.push_str(&format!("RU[{}]", rules.join(":")));
        }
        if let Some(end) = log.result {
            // (A game ended by a resignation is marked `R`, as gnubg writes it; the
            // resignation itself is no node of its own.)
            let resigned = log
                .cube
                .iter()
                .any(|(_, a)| matches!(a, CubeAction::Resign(r) if r.accepted));
            let r = if resigned { "R" } else { "" };
            out.push_str(&format!("RE[{}+{}{r}]", player(end.winner), end.points));
            score[end.winner.index()] += end.points;
        }
        out.push_str(&nodes(i + 1, log, analysis, laid));
        out.push_str(")\n");
    }
    out
}

/// The nodes of game `number` (from 1).
fn nodes(number: usize, log: &GameLog<Backgammon>, analysis: &BgAnalysis, laid: &[Laid]) -> String {
    let mover = |turns: usize| {
        if turns.is_multiple_of(2) {
            log.starter
        } else {
            log.starter.other()
        }
    };
    let find = |turn: usize, cube: bool| {
        laid.iter()
            .find(|l| (l.game, l.turn) == (number, turn) && matches!(l.figures, Figures::Cube { .. }) == cube)
    };
    let mark = |turn: usize, cube: bool, answer: bool| {
        analysis
            .decisions
            .iter()
            .find(|d| {
                (d.game, d.turn) == (number, turn)
                    && d.is_cube() == cube
                    && matches!(
                        d.kind,
                        crate::ai::backgammon::analysis::DecisionKind::Answer { .. }
                    ) == answer
            })
            .map_or(Mark::Fine, |d| d.mark)
    };
    let cube_of = |turn: usize| match find(turn, true).map(|l| &l.figures) {
        Some(Figures::Cube { figures, .. }) => Some(figures),
        _ => None,
    };
    let mut out = String::new();
    let mut actions = log.cube.iter().peekable();
    for at in 0..=log.turns.len() {
        let place = at + 1;
        let mut doubled = false;
        while let Some(&&(_, action)) = actions.peek().filter(|(before, _)| *before == at) {
            actions.next();
            let doubler = mover(at);
            let (side, word, answer) = match action {
                CubeAction::Double => (doubler, "double", false),
                CubeAction::Take => (doubler.other(), "take", true),
                CubeAction::Drop => (doubler.other(), "drop", true),
                CubeAction::Resign(_) => continue,
            };
            doubled = true;
            out.push_str(&format!("\n;{}[{word}]", player(side)));
            if let Some(f) = cube_of(place) {
                out.push_str(&double_analysis(f));
            }
            // (On a cube action's own node gnubg reads the cube's mark as BM, DO.)
            out.push_str(skill(mark(place, true, answer), false));
        }
        let Some((roll, play)) = log.turns.get(at) else {
            continue;
        };
        let side = mover(at);
        out.push_str(&format!(
            "\n;{}[{}{}]",
            player(side),
            roll_text(*roll),
            steps(side, play)
        ));
        if !doubled && let Some(f) = cube_of(place) {
            out.push_str(&double_analysis(f));
            out.push_str(skill(mark(place, true, false), true));
        }
        if let Some(Figures::Checker { candidates, made, .. }) = find(place, false).map(|l| &l.figures) {
            out.push_str(&move_analysis(side, candidates, *made));
            out.push_str(skill(mark(place, false, false), false));
        }
    }
    out
}

/// The dice as gnubg writes them: as rolled.
fn roll_text(roll: Roll) -> String {
    let (a, b) = roll.dice();
    format!("{a}{b}")
}
