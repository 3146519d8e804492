//! A backgammon analysis read back from where it was kept, believed only if the judge
//! could have said it: every decision stated is checked against the record, walked again
//! as the analysis walks it ([`analysis::walk`]), and its figures against what a
//! decision can lose — without weighing anything again.
//!
//! What is checked, decision by decision: it is the record's (the same place, position,
//! cube, player; the play made is the record's play; a double or an answer the record
//! has), none of the record's is left out (every roll with a choice, every double where
//! the cube could usefully be turned, every answer), the best play is a legal play of the
//! roll; the loss is a number from 0 up, no more than the decision can lose (in money
//! play a play's value lies within a backgammon won or lost, a cube decision's within
//! twice that; in a match the chance lost is at most 1, and the loss is that chance on
//! the normalised scale of the score and cube); the play made named as the best loses
//! nothing and another play something; the right cube action taken loses nothing, a
//! double or take the judge would not make something; the right answer agrees with the
//! right cube action. The marks and the summaries are counted again from the losses.

use crate::ai::analysis::Mark;
use crate::ai::backgammon::analysis::{BgAnalysis, BgDecision, DecisionKind, Met, Place, Standing, walk};
use crate::ai::backgammon::cube::{ProperAction as Proper, Unit};
use crate::ai::backgammon::game::cube_available;
use crate::backgammon::{LegalPlay, Position};
use crate::game::Backgammon;
use crate::rules::{Color, Roll};
use crate::session::Match;
use crate::words::kept::{Refusal, Unbelievable};

/// A decision as a kept analysis states it, before it is believed.
#[derive(Clone, Debug, PartialEq)]
pub struct Stated {
    pub game: usize,
    pub turn: usize,
    pub mover: Color,
    pub position: Position,
    pub cube: u32,
    pub cube_owner: Option<Color>,
    pub kind: StatedKind,
    pub loss: f64,
    pub match_loss: Option<f64>,
}

/// What a stated decision was about: as [`DecisionKind`], the plays in notation.
#[derive(Clone, Debug, PartialEq)]
pub enum StatedKind {
    Checker {
        roll: Roll,
        played: String,
        best: String,
    },
    Double {
        doubled: bool,
        right: Proper,
    },
    Answer {
        took: bool,
        take: bool,
    },
}

/// The analysis of `game` that `stated` states, if the judge could have said it; else
/// where and why not.
pub fn rebuild(game: &Match<Backgammon>, stated: Vec<Stated>) -> Result<BgAnalysis, Refusal> {
    let mut stated = stated.into_iter().peekable();
    let mut decisions = Vec::new();
    let mut refused = None;
    let walked = walk(
        game,
        |_, _| {},
        |place, m, position, met| {
            let at = Standing::new(position.turn(), m.stake, &m.score, m.rules);
            let checked = match met {
                Met::Cube { doubled, answer } => {
                    let usable = cube_available(&m.stake, &m.score, m.rules, position.turn());
                    cube(
                        &mut stated,
                        place,
                        (&at, position),
                        (doubled, usable, answer),
                        &mut decisions,
                    )
                }
                Met::Checker {
                    roll,
                    plays,
                    made,
                    played,
                } => {
                    let s = next(&mut stated, place, |k| matches!(k, StatedKind::Checker { .. }));
                    s.and_then(|s| checker(s, (&at, position), (roll, plays, made, played)))
                        .map(|d| decisions.push(d))
                }
            };
            checked
                .map_err(|why| refused = Some(unbelievable(place, why)))
                .ok()
        },
    );
    if let Some(refusal) = refused {
        return Err(refusal);
    }
    if let Some(left) = stated.next() {
        return Err(unbelievable((left.game, left.turn), Unbelievable::NotTheRecords));
    }
    // (A record that does not replay cannot come from a checked save.)
    walked.ok_or(unbelievable((1, 1), Unbelievable::NotTheRecords))?;
    Ok(BgAnalysis::from_decisions(decisions))
}

fn unbelievable(place: Place, why: Unbelievable) -> Refusal {
    Refusal::Unbelievable {
        game: place.0,
        turn: place.1,
        why,
    }
}

type Statements = std::iter::Peekable<std::vec::IntoIter<Stated>>;

/// The next stated decision, if it is the one met at `place` (of a kind that `is`): a
/// stated decision before it, or in its place of another kind, is none of the record's;
/// one after it means it was left out.
fn next(
    stated: &mut Statements,
    place: Place,
    is: impl Fn(&StatedKind) -> bool,
) -> Result<Stated, Unbelievable> {
    match stated.peek() {
        Some(s) if (s.game, s.turn) == place && is(&s.kind) => stated.next().ok_or(Unbelievable::Missing),
        Some(s) if (s.game, s.turn) <= place => Err(Unbelievable::NotTheRecords),
        _ => Err(Unbelievable::Missing),
    }
}

/// The cube decisions stated at `place` before the roll, met in the record as `doubled`,
/// `usable` (whether the cube could usefully be turned) and the answer taken, if any: the
/// double stated where it was made and usable or the judge found it close, the answer
/// where one was given.
fn cube(
    stated: &mut Statements,
    place: Place,
    (at, position): (&Standing, &Position),
    (doubled, usable, answer): (bool, bool, Option<bool>),
    decisions: &mut Vec<BgDecision>,
) -> Result<(), Unbelievable> {
    let is_double = |k: &StatedKind| matches!(k, StatedKind::Double { .. });
    let double = if stated
        .peek()
        .is_some_and(|s| (s.game, s.turn) == place && is_double(&s.kind))
    {
        Some(next(stated, place, is_double)?)
    } else if doubled && usable {
        return Err(Unbelievable::Missing);
    } else {
        None
    };
    let mut right_take = None;
    if let Some(s) = double {
        let StatedKind::Double { doubled: said, right } = s.kind else {
            return Err(Unbelievable::NotTheRecords);
        };
        if said != doubled || !usable || right == Proper::Unavailable {
            return Err(Unbelievable::NotTheRecords);
        }
        let raw = figures(&s, at, position, true)?;
        let doubles = matches!(right, Proper::DoubleTake | Proper::DoublePass);
        judged(said == doubles, said && !doubles, raw)?;
        right_take = match right {
            Proper::DoubleTake | Proper::NoDouble => Some(true),
            Proper::DoublePass => Some(false),
            _ => None,
        };
        decisions.push(decision(s, DecisionKind::Double { doubled, right }));
    }
    if let Some(took) = answer {
        let s = next(stated, place, |k| matches!(k, StatedKind::Answer { .. }))?;
        let StatedKind::Answer { took: said, take } = s.kind else {
            return Err(Unbelievable::NotTheRecords);
        };
        if said != took {
            return Err(Unbelievable::NotTheRecords);
        }
        if right_take.is_some_and(|t| t != take) {
            return Err(Unbelievable::Contradicts);
        }
        let raw = figures(&s, &at.taker(), position, true)?;
        judged(took == take, took && !take, raw)?;
        decisions.push(decision(s, DecisionKind::Answer { took, take }));
    }
    Ok(())
}

/// The checker play stated where the record has `roll` played (`made`, an index into the
/// legal `plays`, as `played`).
fn checker(
    s: Stated,
    (at, position): (&Standing, &Position),
    (roll, plays, made, played): (Roll, &[LegalPlay], usize, crate::backgammon::Play),
) -> Result<BgDecision, Unbelievable> {
    let StatedKind::Checker {
        roll: said_roll,
        played: said_played,
        best,
    } = &s.kind
    else {
        return Err(Unbelievable::NotTheRecords);
    };
    let raw = figures(&s, at, position, false)?;
    if said_played == best && raw != 0.0 {
        return Err(Unbelievable::RightLoses);
    }
    // The play made as the record has it, or as the legal plays name it.
    let as_made = [played.to_string(), plays[made].play.to_string()];
    if *said_roll != roll || !as_made.contains(said_played) {
        return Err(Unbelievable::NotTheRecords);
    }
    let best = plays
        .iter()
        .position(|p| p.play.to_string() == *best)
        .ok_or(Unbelievable::NotLegal)?;
    judged(best == made, best != made, raw)?;
    let kind = DecisionKind::Checker {
        roll,
        played,
        best: plays[best].play,
    };
    Ok(decision(s, kind))
}

/// That the decision's stated place is the record's — its position, cube and player —
/// and its figures believable there: the loss lost measured as the judge measures it (in
/// money play the loss, in a match the chance lost), `cube` telling a cube decision.
fn figures(s: &Stated, at: &Standing, position: &Position, cube: bool) -> Result<f64, Unbelievable> {
    if s.position != *position
        || s.mover != at.mover
        || s.cube != at.cube.value
        || s.cube_owner != at.cube.owner
    {
        return Err(Unbelievable::NotTheRecords);
    }
    let number = |x: f64| x.is_finite() && x >= 0.0;
    if !number(s.loss) || s.match_loss.is_some_and(|c| !number(c)) {
        return Err(Unbelievable::NotALoss);
    }
    match (at.unit(), s.match_loss) {
        (Unit::Points, None) => {
            // A play's value per unit of the cube lies within a backgammon won and one
            // lost; a cube decision's within twice that (the cube doubled).
            let backgammon = f64::from(at.stakes.backgammon.max(1));
            let most = if cube { 4.0 } else { 2.0 } * backgammon;
            if s.loss > most {
                return Err(Unbelievable::TooMuch);
            }
            Ok(s.loss)
        }
        (Unit::MatchChance, Some(chance)) => {
            let scale = at.scale(Unit::MatchChance);
            if chance > 1.0 || s.loss > scale * (1.0 + 1e-9) {
                return Err(Unbelievable::TooMuch);
            }
            if (s.loss - chance * scale).abs() > 1e-9 * (1.0 + s.loss) {
                return Err(Unbelievable::ChanceContradicts);
            }
            Ok(chance)
        }
        _ => Err(Unbelievable::ChanceContradicts),
    }
}

/// That a decision that was `right` loses nothing (`raw`, as the judge measures it) and
/// one that is `wrong` — surely worse than the right one — something.
fn judged(right: bool, wrong: bool, raw: f64) -> Result<(), Unbelievable> {
    if right && raw != 0.0 {
        return Err(Unbelievable::RightLoses);
    }
    if wrong && raw == 0.0 {
        return Err(Unbelievable::WrongLosesNothing);
    }
    Ok(())
}

/// The decision `s` states, of kind `kind` (its mark is counted again with the rest).
fn decision(s: Stated, kind: DecisionKind) -> BgDecision {
    BgDecision {
        game: s.game,
        turn: s.turn,
        mover: s.mover,
        position: s.position,
        cube: s.cube,
        cube_owner: s.cube_owner,
        kind,
        loss: s.loss,
        match_loss: s.match_loss,
        mark: Mark::Fine,
    }
}
