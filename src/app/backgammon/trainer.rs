//! Backgammon's part of the trainer: a card's board at its match's score and cube, and the
//! cube cards — a double or a take asked, weighed as the analysis weighs it.

use crate::ai::backgammon::analysis::{CubeQuestion, CubeWeighed};
use crate::app::backgammon::weighing::CubeCardWeighed;
use crate::app::card::{Answer, CubeAnswer, card_table_of};
use crate::app::hint_jobs::{HintJob, HintPurpose, Moment, Weighing};
use crate::app::screens::MatchScreen;
use crate::app::table::Table;
use crate::app::{App, Screen};
use crate::game::{Backgammon, Game};
use crate::practice::{Card, CubeCard, read_cube, read_score};
use crate::session::Match;
use crate::words::backgammon::analysis::What;
use crate::words::trainer::CubeChoice;

/// A card's board: at the match's score (money play: length 0), the cube in the middle —
/// or, for a cube decision, as it was, and doubled already when the question is the
/// answer.
pub(super) fn card_table(card: &Card) -> Option<Table<Backgammon>> {
    let (length, games) = match card.score.as_str() {
        "" => (0, Vec::new()),
        score => read_score(score)?,
    };
    let mut table = card_table_of::<Backgammon>(card, length)?;
    let game = &mut table.game;
    game.score.games = games
        .into_iter()
        .map(|(winner, points)| crate::backgammon::GameEnd {
            winner,
            win: Some(crate::backgammon::Win::Single),
            cube: points,
            points,
        })
        .collect();
    // Dead in the Crawford game.
    game.stake = game.score.next_cube();
    if let Some(question) = card.question() {
        let (value, owner) = read_cube(&card.cube)?;
        game.stake = crate::backgammon::Cube {
            value,
            owner,
            ..game.stake
        };
        if question == CubeCard::Take && !game.double() {
            return None;
        }
    }
    Some(table)
}

/// The moment of a cube card on the board: the card (`at`: its index in the deck, its
/// place in the drill), its position, no roll.
fn cube_moment(game: &Match<Backgammon>, at: (usize, usize)) -> Moment {
    Moment {
        at,
        position: Backgammon::position_code(&game.position),
        roll: None,
        steps: Vec::new(),
    }
}

/// The answer to the cube card on the board `table` (`at`: the card, its place in the
/// drill), if `job` was asked for it.
pub(in crate::app) fn cube_card_done(
    table: &(dyn MatchScreen + 'static),
    job: &HintJob,
    at: (usize, usize),
    w: &CubeWeighed,
) -> Option<Answer> {
    let table = table.of::<Backgammon>()?;
    (cube_moment(&table.game, at) == job.moment)
        .then(|| cube_card_answer(job.weighing.as_ref(), w))
        .flatten()
}

/// The answer to a cube card, from the cube decision weighed (`weighing` says the
/// question and the answer given).
fn cube_card_answer(weighing: &dyn Weighing, w: &CubeWeighed) -> Option<Answer> {
    let CubeCardWeighed { question, yes, .. } = *weighing.as_any().downcast_ref()?;
    let names = match question {
        CubeQuestion::Double => [CubeChoice::NoDouble, CubeChoice::Double],
        CubeQuestion::Take => [CubeChoice::Pass, CubeChoice::Take],
    };
    let choice = |yes: bool| names[usize::from(yes)];
    let mut candidates: Vec<(CubeChoice, f64)> = names.into_iter().zip(w.values).collect();
    candidates.sort_by(|a, b| b.1.total_cmp(&a.1));
    let what = match question {
        CubeQuestion::Double => What::Double {
            doubled: yes,
            right: w.action.verdict(),
        },
        CubeQuestion::Take => What::Answer {
            took: yes,
            take: w.right,
        },
    };
    Some(Answer {
        played: String::new(),
        loss: w.loss,
        best: String::new(),
        candidates: Vec::new(),
        value: w.values[usize::from(yes)],
        marks: <Backgammon as crate::ai::Strategy>::THRESHOLDS,
        cube: Some(CubeAnswer {
            chosen: choice(yes),
            right: choice(w.right),
            what,
            match_loss: w.match_loss,
            candidates,
        }),
    })
}

impl App {
    /// The answer to a cube card (`yes`: double, or take): weighed as the analysis weighs
    /// it (a job, the message line saying the computer is thinking meanwhile).
    pub(in crate::app) fn cube_answer(&mut self, yes: bool) {
        let Screen::Drill(d) = &mut self.screen else {
            return;
        };
        let card = d.queue.get(d.at).and_then(|&i| d.trainer.deck.cards.get(i));
        let Some(question) = card.and_then(Card::question) else {
            return;
        };
        let at = (d.queue[d.at], d.at);
        let Some(table) = d.table.of_mut::<Backgammon>() else {
            return;
        };
        let game = &table.game;
        let moment = cube_moment(game, at);
        if self.computer.weighing.awaits(HintPurpose::Drill, &moment) {
            return;
        }
        // The doubler's cube: before the double (a take card's table is doubled already).
        let weighing = Box::new(CubeCardWeighed {
            position: game.position,
            cube: game.stake,
            score: game.score.clone(),
            stakes: game.rules,
            question: match question {
                CubeCard::Double => CubeQuestion::Double,
                CubeCard::Take => CubeQuestion::Take,
            },
            yes,
        });
        table.note = Some(crate::words::Note::Thinking);
        self.computer.weighing.ask(HintJob {
            purpose: HintPurpose::Drill,
            weighing,
            moment,
        });
    }
}
