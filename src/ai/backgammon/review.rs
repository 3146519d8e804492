//! A backgammon decision laid out for showing and sharing: the checker plays of a roll
//! ranked with their equities and chances, or a cube decision with the cubeless chances
//! and the equity of each choice — what eXtreme Gammon's text block and GNU Backgammon's
//! `.sgf` analysis hold.
//!
//! The figures are the analysis's own ([`crate::ai::backgammon::analysis`]): the same judge, the same
//! search (every play at 0 ply, the best five within 0.16 and the play made one roll
//! deeper), the same cube decision, so that the loss of a play is the difference of two
//! equities shown here. **Equities are normalised** as GNU Backgammon's and eXtreme
//! Gammon's: money play in points per unit of the cube; a match in *EMG* — the
//! match-winning chance mapped onto the money scale at this cube, −1 where the game is
//! lost at the cube, +1 where it is won (GNU Backgammon's `mwc2eq`). Chances are the
//! mover's, cubeless, gammons including backgammons.

use crate::ai::backgammon::analysis::{self, JUDGE, Judge, KEEP, Met, Place, Standing, WITHIN};
use crate::ai::backgammon::cube::{CubeDecision, Outcomes, ProperAction, Unit};
use crate::ai::backgammon::game::{cube_decision, outcomes};
use crate::ai::backgammon::met::{Away, mwc_after, mwc_after_game};
use crate::ai::backgammon::net;
use crate::backgammon::{Cube, LegalPlay, Play, Position, Score, Stakes, Win};
use crate::game::Backgammon;
use crate::rules::Roll;
use crate::session::Match;

/// A checker play weighed for showing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub play: Play,
    /// The mover's cubeful equity after it, normalised.
    pub equity: f64,
    /// The mover's cubeless chances after it.
    pub chances: Outcomes,
    /// Rolls looked ahead beyond the network's own look at the position (GNU
    /// Backgammon's plies: 0 or 1; eXtreme Gammon counts one more).
    pub plies: u8,
}

/// A cube decision weighed for showing, from the side to roll's (the doubler's) view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeFigures {
    /// The cubeless chances before the roll.
    pub chances: Outcomes,
    /// The cubeless equity without doubling and doubled (and taken), normalised.
    pub cubeless: [f64; 2],
    /// The cubeful equity of no double, double/take and double/pass, normalised.
    pub cubeful: [f64; 3],
    /// The decision in its own unit (money: points per cube; match: the chance of winning
    /// the match), as GNU Backgammon's `.sgf` keeps it.
    pub decision: CubeDecision,
    /// The plies of the chances (as [`Candidate::plies`]).
    pub plies: u8,
}

impl CubeFigures {
    /// The right action.
    #[must_use]
    pub fn action(&self) -> ProperAction {
        self.decision.action
    }
}

/// What a decision was, with its figures.
#[derive(Clone, Debug, PartialEq)]
pub enum Figures {
    /// A checker play: the roll, the candidates ranked (those looked at deeper first, each
    /// group best first) and where the play made is among them.
    Checker {
        roll: Roll,
        candidates: Vec<Candidate>,
        made: usize,
    },
    /// A cube decision before the roll: whether the side to roll doubled, and the answer.
    Cube {
        doubled: bool,
        answer: Option<bool>,
        figures: CubeFigures,
    },
}

/// A decision of a match laid out: where it was, the position and the match around it.
#[derive(Clone, Debug, PartialEq)]
pub struct Laid {
    /// The game and the turn, from 1 (a cube decision belongs to the turn it comes before).
    pub game: usize,
    pub turn: usize,
    /// The position, its side to roll deciding (the doubler, for a cube decision).
    pub position: Position,
    pub cube: Cube,
    /// The score before the game, and the options of the match.
    pub score: Score,
    pub stakes: Stakes,
    pub figures: Figures,
}

/// The normalised value of `raw`, in `unit`, for the side deciding at `at`.
fn normalised(at: &Standing, unit: Unit, raw: f64) -> f64 {
    match (unit, at.away(at.mover)) {
        (Unit::MatchChance, Some(away)) => emg(away, at.cube.value, raw),
        _ => raw,
    }
}

/// A match-winning chance as EMG at a cube of `cube`.
fn emg(away: Away, cube: u32, mwc: f64) -> f64 {
    let v = i64::from(cube);
    let (hi, lo) = (mwc_after(away, v), mwc_after(away, -v));
    if hi - lo > 1e-12 {
        2.0 * (mwc - lo) / (hi - lo) - 1.0
    } else {
        0.0
    }
}

/// The mover's cubeless value of `chances` played out at a cube of `cube`: money points
/// per cube of `base`, or in a match its chance of winning the match.
fn cubeless(at: &Standing, chances: &Outcomes, cube: u32) -> f64 {
    let o = chances;
    let shares = [
        (true, Win::Single, o.win - o.win_gammon),
        (true, Win::Gammon, o.win_gammon - o.win_backgammon),
        (true, Win::Backgammon, o.win_backgammon),
        (false, Win::Single, 1.0 - o.win - o.lose_gammon),
        (false, Win::Gammon, o.lose_gammon - o.lose_backgammon),
        (false, Win::Backgammon, o.lose_backgammon),
    ];
    match at.away(at.mover) {
        Some(away) => shares
            .iter()
            .map(|&(mine, win, p)| p * mwc_after_game(away, mine, cube, win, &at.stakes))
            .sum(),
        None => o.equity(at.stakes.backgammon) * f64::from(cube) / f64::from(at.cube.value.max(1)),
    }
}

/// The plays of a roll ranked as the analysis weighs them, in `position` with the cube
/// `cube` at `score`: the candidates and where the play `made` (an index into `plays`) is
/// among them. `None` if the shipped network cannot be read, or `plays` is empty.
#[must_use]
pub fn checker(
    position: &Position,
    plays: &[LegalPlay],
    made: usize,
    cube: &Cube,
    score: &Score,
    stakes: Stakes,
) -> Option<(Vec<Candidate>, usize)> {
    let mut judge = Judge::new()?;
    let at = Standing::new(position.turn(), *cube, score, stakes);
    Some(rank(&mut judge, &at, plays, made))
}

/// Ranks `plays` as [`Judge::checker`] weighs them.
fn rank(judge: &mut Judge, at: &Standing, plays: &[LegalPlay], made: usize) -> (Vec<Candidate>, usize) {
    let unit = at.unit();
    let scale = at.scale(unit);
    let shallow: Vec<(f64, Outcomes)> = plays.iter().map(|p| judge.weigh(p, at, 0)).collect();
    let mut order: Vec<usize> = (0..plays.len()).collect();
    order.sort_by(|&a, &b| shallow[b].0.total_cmp(&shallow[a].0).then(a.cmp(&b)));
    let Some(&top) = order.first() else {
        return (Vec::new(), 0);
    };
    let top = shallow[top].0;
    let mut deep: Vec<usize> = order
        .iter()
        .copied()
        .take(KEEP)
        .take_while(|&i| (top - shallow[i].0) * scale <= WITHIN)
        .collect();
    if !deep.contains(&made) {
        deep.push(made);
    }
    let candidate = |i: usize, (value, chances): (f64, Outcomes), plies: u8| Candidate {
        play: plays[i].play,
        equity: normalised(at, unit, value),
        chances,
        plies,
    };
    let mut ranked: Vec<(usize, Candidate)> = deep
        .iter()
        .map(|&i| (i, candidate(i, judge.weigh(&plays[i], at, 1), 1)))
        .collect();
    // The analysis takes the first of equal values (in the order of the 0-ply ranking).
    ranked.sort_by(|a, b| b.1.equity.total_cmp(&a.1.equity));
    ranked.extend(
        order
            .iter()
            .filter(|i| !deep.contains(i))
            .map(|&i| (i, candidate(i, shallow[i], 0))),
    );
    let at_made = ranked.iter().position(|(i, _)| *i == made).unwrap_or(0);
    (ranked.into_iter().map(|(_, c)| c).collect(), at_made)
}

/// The cube decision of the side to roll in `position`, with the cube `cube` at `score`,
/// weighed as the analysis weighs it; `None` when the cube cannot be turned there.
#[must_use]
pub fn cube(position: &Position, cube: &Cube, score: &Score, stakes: Stakes) -> Option<CubeFigures> {
    let decision = cube_decision(position, cube, score, stakes, JUDGE);
    if decision.action == ProperAction::Unavailable {
        return None;
    }
    let at = Standing::new(position.turn(), *cube, score, stakes);
    let chances = outcomes(position.board(), JUDGE);
    let norm = |raw: f64| normalised(&at, decision.unit, raw);
    let v = cube.value;
    Some(CubeFigures {
        chances,
        cubeless: [
            norm(cubeless(&at, &chances, v)),
            norm(cubeless(&at, &chances, 2 * v)),
        ],
        cubeful: [
            norm(decision.no_double),
            norm(decision.double_take.unwrap_or(decision.no_double)),
            norm(decision.double_pass.unwrap_or(decision.no_double)),
        ],
        decision,
        plies: u8::from(matches!(JUDGE, crate::ai::Level::Hard | crate::ai::Level::Expert)),
    })
}

/// Every decision of `game` that `wanted` asks for (by its place, and whether it is the
/// cube's), laid out; `progress` is told how many turns are done of how many. `None` if
/// the shipped network cannot be read or the match does not replay.
pub fn of_match(
    game: &Match<Backgammon>,
    progress: impl FnMut(usize, usize),
    mut wanted: impl FnMut(Place, bool) -> bool,
) -> Option<Vec<Laid>> {
    net::embedded().ok()?;
    let mut judge = Judge::new()?;
    let mut laid = Vec::new();
    analysis::walk(game, progress, |place, m, position, met| {
        let at = Standing::new(position.turn(), m.stake, &m.score, m.rules);
        let figures = match met {
            Met::Cube { doubled, answer } if wanted(place, true) => {
                // (A cube the judge finds dead has nothing to show.)
                let Some(figures) = cube(position, &m.stake, &m.score, m.rules) else {
                    return Some(());
                };
                Figures::Cube {
                    doubled,
                    answer,
                    figures,
                }
            }
            Met::Checker {
                roll, plays, made, ..
            } if wanted(place, false) => {
                let (candidates, made) = rank(&mut judge, &at, plays, made);
                Figures::Checker {
                    roll,
                    candidates,
                    made,
                }
            }
            _ => return Some(()),
        };
        laid.push(Laid {
            game: place.0,
            turn: place.1,
            position: *position,
            cube: m.stake,
            score: m.score.clone(),
            stakes: m.rules,
            figures,
        });
        Some(())
    })?;
    Some(laid)
}
