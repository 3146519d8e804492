//! A bräde decision laid out for showing and sharing: every play of the roll ranked by the
//! analysis's judge ([`super::analysis::JUDGE`]) with its value and the chances of each
//! kind of result after it — bräde's counterpart of eXtreme Gammon's candidate list.
//!
//! Values are the analysis's: expected points (R19); in a match the match-winning chance
//! counted in points of the match's first game ([`super::analysis::in_points`]), so that
//! the loss of a play is the difference of two values shown here. The chances are the
//! network's own look at the position after the play (the side to move winning in each
//! class of result, then the other side), the judge's search aside.

use super::analysis::{Decision, JUDGE, in_points};
use super::matchplay::{Payoff, payoff_in_game};
use super::net::{CLASSES, OUTPUTS, Scratch, class_of, swapped};
use crate::brade::{GameResult, LegalPlay, MoveGen, Play, Position, RuleSet, Turn};
use crate::game::Brade;
use crate::rules::Roll;
use crate::session::Match;

/// A play weighed for showing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub play: Play,
    /// Its value for the mover (expected points, or a match's chance in points).
    pub value: f64,
    /// The mover's chances after it: winning in each class (`0..6`), losing in each
    /// (`6..12`), as the network's outputs are laid out.
    pub chances: [f32; OUTPUTS],
    /// The game's result, when the play ends it.
    pub result: Option<GameResult>,
}

/// The plays of `roll` in `position` ranked by the judge playing for `payoff` (in a match
/// of `games` games; 1 for a single game), best first, and where the play `made` is among
/// them. `None` if the shipped network cannot be read, the roll has no play, or `made` is
/// none of them.
#[must_use]
pub fn candidates(
    position: &Position,
    roll: Roll,
    rules: RuleSet,
    (payoff, games): (&Payoff, u32),
    made: &Play,
) -> Option<(Vec<Candidate>, usize)> {
    let net = super::neural::shipped()?;
    let plays: Vec<LegalPlay> = MoveGen::with_rules(rules).plays(position.board(), roll).to_vec();
    let made = made_play(position, roll, rules, made)?;
    let mut judge = JUDGE.player_with(0, Some(net.clone()));
    judge.play_by(rules);
    judge.play_for(*payoff);
    let values = judge.values(&plays);
    let mut scratch = Scratch::new();
    let mut ranked: Vec<(Candidate, bool)> = plays
        .iter()
        .zip(&values)
        .map(|(p, &v)| {
            let chances = match p.result {
                Some(r) => {
                    let mut c = [0.0; OUTPUTS];
                    c[class_of(r)] = 1.0;
                    c
                }
                None => swapped(&net.evaluate(&p.board.switched(), &mut scratch)),
            };
            let candidate = Candidate {
                play: p.play,
                value: in_points(games, payoff, v).0,
                chances,
                result: p.result,
            };
            (candidate, p.board == made.board && p.result == made.result)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.value.total_cmp(&a.0.value));
    let at = ranked.iter().position(|(_, m)| *m)?;
    Some((ranked.into_iter().map(|(c, _)| c).collect(), at))
}

/// The play `play` of `roll` in `position` as the move generator gives it (its board and
/// result), whatever the order of its steps; `None` if it is not legal.
fn made_play(position: &Position, roll: Roll, rules: RuleSet, play: &Play) -> Option<LegalPlay> {
    let mut turn = Turn::with_rules(*position, roll, rules);
    for step in play.steps() {
        turn.step(step.from, step.die).ok()?;
    }
    turn.finish().ok().map(|(made, _)| made)
}

/// The candidates of a decision of `game`'s analysis.
#[must_use]
pub fn of_decision(game: &Match<Brade>, d: &Decision) -> Option<(Vec<Candidate>, usize)> {
    let payoff = payoff_in_game(&game.score, d.game.saturating_sub(1), d.mover);
    candidates(
        &d.position,
        d.roll,
        game.rules,
        (&payoff, game.score.games()),
        &d.played,
    )
}

/// The chance of winning in all, of `chances`' side (`0`) or the other (`1`).
#[must_use]
pub fn wins(chances: &[f32; OUTPUTS], side: usize) -> f32 {
    chances[side * CLASSES..(side + 1) * CLASSES].iter().sum()
}
