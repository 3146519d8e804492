//! A trainer's card as the drill shows and answers it, of any game: its board
//! ([`card_table_of`], each game's through [`super::TableGame::card_table`]) and the answer
//! weighed ([`Answer`], a cube card's [`CubeAnswer`]).

use super::hint_jobs::{HintJob, HintPurpose, Moment, Plays, Valued, Weighable, best_first, plays_of};
use super::table::Table;
use crate::game::{Game, TurnPlay as _};
use crate::practice::{Card, CubeCard};
use crate::rules::{Color, Roll};
use crate::session::Match;
use crate::words::backgammon::analysis::What;
use crate::words::trainer::CubeChoice;

/// A play weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The play made, in notation.
    pub played: String,
    pub loss: f64,
    /// The best play, in notation.
    pub best: String,
    /// The best plays in notation with their values (bräde: expected points; backgammon:
    /// cubeless equity), the best first.
    pub candidates: Vec<(String, f64)>,
    /// The value of the play made.
    pub value: f64,
    /// The marks the loss is judged by (the analysis's of the card's game).
    pub marks: [f64; 3],
    /// A cube card's answer (the plays' fields are then empty).
    pub cube: Option<CubeAnswer>,
}

/// A cube card answered: the choice made, the right one, the decision as the analysis (and
/// the replay) words it, and each choice's value for the side answering, the best first.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeAnswer {
    pub chosen: CubeChoice,
    pub right: CubeChoice,
    /// The double made or not with the proper cube action, or the take or pass with
    /// whether taking was right.
    pub what: What<'static>,
    /// In a match, the chance to win it the answer lost: the replay's measure of it.
    pub match_loss: Option<f64>,
    /// Each choice's value: in a match its chance to win the match (0 to 1), in money
    /// play cubeful points per unit of the cube.
    pub candidates: Vec<(CubeChoice, f64)>,
}

/// A card's position and roll on a board of game `G`, a match of `length` (bräde: a
/// single game; backgammon: the card's match, 0 for money play).
pub fn card_table_of<G: crate::words::game::GameWords>(card: &Card, length: u32) -> Option<Table<G>>
where
    G::Position: std::str::FromStr,
{
    let position: G::Position = card.position.parse().ok()?;
    // (A cube card's is a question, not a roll: it is asked before the roll.)
    let roll: Option<Roll> = match card.question() {
        Some(_) => None,
        None => Some(card.roll.parse().ok()?),
    };
    let rules = if card.rules.is_empty() {
        G::default_rules()
    } else {
        card.rules.parse().ok()?
    };
    // The player's name on the side that decides (the taker's, for a take).
    let mover = crate::game::Checkers::to_move(&position);
    let decider = if card.question() == Some(CubeCard::Take) {
        mover.other()
    } else {
        mover
    };
    let names = match decider {
        Color::White => [card.player.as_str(), "—"],
        Color::Black => ["—", card.player.as_str()],
    };
    let mut game = Match::from_position(names[0], names[1], length, position).by_rules(rules);
    if let Some(roll) = roll {
        game.roll(roll);
    }
    Some(Table::new(game))
}

/// A play weighed against the others: the legal plays, each one's value (for the mover,
/// by the hard level), the best first, and which was made.
struct Ranked<'a, G: Game> {
    plays: &'a [G::Legal],
    values: &'a [f64],
    /// The plays' indices, the best first.
    order: Vec<usize>,
    made: usize,
}

impl<G: Game> Ranked<'_, G> {
    /// The answer, and the best play (the play made, when nothing is better).
    fn answer(&self, marks: [f64; 3]) -> (Answer, G::Play) {
        let play = |i: usize| G::play_of(&self.plays[i]).clone();
        let best = self.order[0];
        let loss = (self.values[best] - self.values[self.made]).max(0.0);
        let best = if loss <= 0.0 { self.made } else { best };
        let answer = Answer {
            played: play(self.made).to_string(),
            loss,
            best: play(best).to_string(),
            candidates: self
                .order
                .iter()
                .take(5)
                .map(|&i| (play(i).to_string(), self.values[i]))
                .collect(),
            value: self.values[self.made],
            marks,
            cube: None,
        };
        (answer, play(best))
    }
}

/// The job to weigh the complete play on a card's board (`at`: the card, its place in the
/// drill), the message line saying the computer is thinking.
pub(super) fn drill_job<G: Weighable>(table: &mut Table<G>, at: (usize, usize)) -> Option<HintJob> {
    let game = &table.game;
    game.turn()?.completed_play()?;
    let plays = Plays::of_turn(game)?;
    let moment = Moment {
        at,
        ..Moment::of_turn(game)?
    };
    table.note = Some(crate::words::Note::Thinking);
    Some(HintJob {
        purpose: HintPurpose::Drill,
        weighing: Box::new(Valued(plays)),
        moment,
    })
}

/// The answer to a card's checker play, from the values `job` weighed, if the card and
/// the play are still on the board: the best play lit there.
pub(super) fn drill_answer<G: Weighable>(
    table: &mut Table<G>,
    job: &HintJob,
    at: (usize, usize),
    values: &[f64],
    marks: [f64; 3],
) -> Option<Answer> {
    let moment = Moment {
        at,
        ..Moment::of_turn(&table.game)?
    };
    let plays = plays_of::<G>(job.weighing.as_ref())?;
    if moment != job.moment || values.len() != plays.plays.len() {
        return None;
    }
    let order = best_first(values);
    let made = G::made(table.game.turn()?, &plays.plays).unwrap_or(order[0]);
    let ranked = Ranked::<G> {
        plays: &plays.plays,
        values,
        order,
        made,
    };
    let (answer, best) = ranked.answer(marks);
    table.hint = Some(best);
    Some(answer)
}
