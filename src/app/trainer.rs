//! The trainer: practice drawn from the records' own mistakes ([`crate::practice`]).
//!
//! "Practise your mistakes" on the start menu (`p`) reads the deck and the records' kept
//! analyses (a job: [`super::Job::Trainer`]); every play of the records marked doubtful or
//! worse becomes a card. The form chooses whose mistakes and from which mark, and shows
//! what is due, what was done today and the streak; Start drills the cards due, each a
//! position and its roll on the board, played with the match's keys, mouse or typed
//! notation. Enter on a complete play weighs it by the hard level (off the event loop:
//! `hint_jobs.rs`, the computer thinking meanwhile; the analysis's judge:
//! bräde's in expected points of a single game, backgammon's at the card's match score,
//! as the computer plays): the best play lit on the board, the value of yours and of the best, the other
//! candidates; the card's SM-2 schedule moves by how much it lost (on the marks of the
//! card's game), and the deck is saved at once. Enter again goes to the next card, Esc
//! back to the form. Cards of both games share the deck, the day's count and the streak.
//! A backgammon cube decision is a card too: asked before the roll with the cube as it
//! was (`d`/`n`, or doubled already `t`/`p`) and weighed as the analysis weighed it; a
//! backgammon card is drilled at its match's score.

use super::backgammon::weighing::CubeCardWeighed;
use super::hint_jobs::{
    HintJob, HintPurpose, Moment, Plays, Valued, Weighable, Weighed, Weighing, best_first, plays_of,
};
use super::table::Table;
use super::{App, Key, MatchScreen, Screen};
use crate::ai::analysis::THRESHOLDS;
use crate::ai::backgammon::analysis::{CubeQuestion, CubeWeighed};
use crate::game::{Backgammon, Brade, Game, Kind, TurnPlay as _};
use crate::practice::{Card, CubeCard, Deck, Error, Filter, day_of, read_cube, read_score};
use crate::rules::{Color, Roll};
use crate::session::Match;
use crate::words::backgammon::analysis::What;
use crate::words::trainer::CubeChoice;

/// The analysis's marks (doubtful, bad, very bad) by game ([`Kind::index`]).
const MARKS: [[f64; 3]; 2] = [THRESHOLDS, crate::ai::backgammon::analysis::THRESHOLDS];

/// The trainer's form, and the deck it drills.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    pub deck: Deck,
    /// Today (days since 1970, UTC).
    pub today: u64,
    /// The players whose mistakes the deck holds; `player` 0 is everyone's, `i + 1`
    /// `players[i]`'s.
    pub players: Vec<String>,
    pub player: usize,
    /// From which mark: 0 doubtful, 1 bad, 2 very bad.
    pub least: usize,
    /// The highlighted row: whose, from which mark, Start.
    pub row: usize,
    /// Cards the records added this time; records with no analysis kept.
    pub added: usize,
    pub unanalysed: usize,
    /// A deck that could not be read, set aside: where, and why.
    pub set_aside: Option<String>,
    /// What the form says after a drill, or when nothing is due.
    pub said: Option<Said>,
    /// Still reading the deck and the records.
    pub loading: bool,
}

/// What the trainer's form says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    NothingDue,
    Done(usize),
}

/// The trainer's data as the job read it: the deck (or why it was set aside), the errors
/// of the records, and how many records have no analysis kept.
#[derive(Debug)]
pub struct TrainerData {
    pub deck: Result<Deck, String>,
    pub errors: Vec<Error>,
    pub unanalysed: usize,
    /// Seconds since 1970, now.
    pub now: u64,
}

/// A card being drilled.
#[derive(Clone, Debug)]
pub struct Drill {
    pub trainer: Box<Trainer>,
    /// The cards due (indices into the deck), and the one shown.
    pub queue: Vec<usize>,
    pub at: usize,
    pub table: Box<dyn super::MatchScreen>,
    /// Once a play is made: how it went.
    pub answer: Option<Answer>,
}

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

impl Trainer {
    /// The filter of the form's choices.
    #[must_use]
    pub fn filter(&self) -> Filter {
        Filter {
            player: self
                .player
                .checked_sub(1)
                .and_then(|i| self.players.get(i).cloned()),
            least: MARKS.map(|marks| marks[self.least.min(2)]),
        }
    }

    /// The cards due today by the form's choices.
    #[must_use]
    pub fn due(&self) -> Vec<usize> {
        self.deck.due(&self.filter(), self.today)
    }

    /// The cards by the form's choices, due or not.
    #[must_use]
    pub fn held(&self) -> usize {
        let filter = self.filter();
        self.deck.cards.iter().filter(|c| filter.takes(c)).count()
    }

    fn loading() -> Trainer {
        Trainer {
            deck: Deck::default(),
            today: 0,
            players: Vec::new(),
            player: 0,
            least: 0,
            row: 2,
            added: 0,
            unanalysed: 0,
            set_aside: None,
            said: None,
            loading: true,
        }
    }
}

/// The board of a card: its position with its roll, the player's name on his side.
fn card_table(trainer: &Trainer, i: usize) -> Option<Box<dyn MatchScreen>> {
    let card = trainer.deck.cards.get(i)?;
    Some(match card.kind {
        Kind::Brade => Box::new(table_of::<Brade>(card, 1)?),
        // At the match's score (money play: length 0), the cube in the middle — or, for a
        // cube decision, as it was, and doubled already when the question is the answer.
        Kind::Backgammon => {
            let (length, games) = match card.score.as_str() {
                "" => (0, Vec::new()),
                score => read_score(score)?,
            };
            let mut table = table_of::<Backgammon>(card, length)?;
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
            Box::new(table)
        }
    })
}

/// A card's position and roll on a board of game `G`, a match of `length` (bräde: a
/// single game; backgammon: the card's match, 0 for money play).
fn table_of<G: crate::words::game::GameWords>(card: &Card, length: u32) -> Option<Table<G>>
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
        marks: MARKS[1],
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
    /// "Practise your mistakes": the trainer's form, once the deck and the records are
    /// read (a job).
    pub(super) fn open_trainer(&mut self) {
        self.screen = Screen::Trainer(Box::new(Trainer::loading()));
        self.trainer_wanted = true;
    }

    /// Whether the trainer's data is to be read now (the terminal layer then runs
    /// [`super::Job::Trainer`]).
    pub(super) fn trainer_request(&mut self) -> bool {
        std::mem::take(&mut self.trainer_wanted) && matches!(self.screen, Screen::Trainer(_))
    }

    /// The deck and the records' errors are read: the form shows them, the errors not yet
    /// in the deck added (and the deck saved).
    pub fn trainer_ready(&mut self, data: TrainerData) {
        let Screen::Trainer(trainer) = &mut self.screen else {
            return;
        };
        let today = day_of(data.now);
        let (mut deck, set_aside) = match data.deck {
            Ok(deck) => (deck, None),
            Err(why) => (Deck::default(), Some(why)),
        };
        let added = deck.add(data.errors, today);
        let mut players: Vec<String> = deck.cards.iter().map(|c| c.player.clone()).collect();
        players.sort();
        players.dedup();
        **trainer = Trainer {
            deck,
            today,
            players,
            added,
            unanalysed: data.unanalysed,
            set_aside,
            loading: false,
            ..Trainer::loading()
        };
        if added > 0 {
            self.saving.deck_due = true;
        }
    }

    pub(super) fn trainer_key(&mut self, key: Key) {
        if let Screen::Drill(_) = &self.screen {
            self.drill_key(key);
            return;
        }
        let Screen::Trainer(t) = &mut self.screen else {
            return;
        };
        if key == Key::Esc {
            self.back_to_start(super::MenuItem::Practice);
            return;
        }
        if t.loading {
            return;
        }
        let choices = |n: usize, at: usize, back: bool| if back { (at + n - 1) % n } else { (at + 1) % n };
        match key {
            Key::Up | Key::BackTab => t.row = t.row.saturating_sub(1),
            Key::Down | Key::Tab => t.row = (t.row + 1).min(2),
            Key::Left | Key::Right if t.row == 0 => {
                t.player = choices(t.players.len() + 1, t.player, key == Key::Left);
            }
            Key::Left | Key::Right if t.row == 1 => t.least = choices(3, t.least, key == Key::Left),
            Key::Enter | Key::Char(' ') if t.row == 2 => self.start_drill(),
            Key::Enter => t.row = (t.row + 1).min(2),
            _ => {}
        }
    }

    /// The drill of the cards due by the form's choices.
    fn start_drill(&mut self) {
        let Screen::Trainer(t) = &mut self.screen else {
            return;
        };
        let queue = t.due();
        let Some(table) = queue.first().and_then(|&i| card_table(t, i)) else {
            t.said = Some(Said::NothingDue);
            return;
        };
        t.said = None;
        let trainer = std::mem::replace(t, Box::new(Trainer::loading()));
        // Nobody's computer plays a card.
        self.computer.sides = [None, None];
        self.screen = Screen::Drill(Drill {
            trainer,
            queue,
            at: 0,
            table,
            answer: None,
        });
        self.at_first_checker();
    }

    /// The cursor on a checker that can move.
    fn at_first_checker(&mut self) {
        self.at_table(|table, desk| table.tab(desk.marks, true));
    }

    fn drill_key(&mut self, key: Key) {
        let Screen::Drill(d) = &mut self.screen else {
            return;
        };
        if key == Key::Esc {
            self.leave_drill(None);
            return;
        }
        if d.answer.is_some() {
            if matches!(key, Key::Enter | Key::Char(' ')) {
                self.next_card();
            }
            return;
        }
        let question = d
            .queue
            .get(d.at)
            .and_then(|&i| d.trainer.deck.cards.get(i))
            .and_then(Card::question);
        match (question, key) {
            (None, _) => self.match_key(key),
            (Some(CubeCard::Double), Key::Char('d')) | (Some(CubeCard::Take), Key::Char('t')) => {
                self.cube_answer(true);
            }
            (Some(CubeCard::Double), Key::Char('n' | 'r' | ' ') | Key::Enter)
            | (Some(CubeCard::Take), Key::Char('p')) => self.cube_answer(false),
            // The cube card asks one thing: the rest of the match's keys (hints among
            // them) are not for it.
            (Some(_), _) => {}
        }
    }

    /// The answer to a cube card (`yes`: double, or take): weighed as the analysis weighs
    /// it (a job, the message line saying the computer is thinking meanwhile).
    fn cube_answer(&mut self, yes: bool) {
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

    /// Enter on a complete play: it is weighed (a job, the message line saying the
    /// computer is thinking meanwhile), and then the card's schedule moves. Returns whether
    /// the drill took the Enter (a complete play not yet weighed, or being weighed).
    pub(super) fn drill_confirm(&mut self) -> bool {
        let Screen::Drill(d) = &mut self.screen else {
            return false;
        };
        if d.answer.is_some() {
            return true;
        }
        let at = (d.queue[d.at], d.at);
        let job = d.table.drill_job(at);
        if let Some(job) = job
            && !self.computer.weighing.awaits(HintPurpose::Drill, &job.moment)
        {
            self.computer.weighing.ask(job);
        }
        true
    }

    /// The answer to the card on screen weighed: shown, and the card's schedule moved —
    /// if it is still the card and the answer on the board. Whether it was.
    pub(super) fn drill_done(&mut self, job: &HintJob, weighed: Weighed) -> bool {
        let Screen::Drill(d) = &mut self.screen else {
            return false;
        };
        if d.answer.is_some() {
            return false;
        }
        let at = (d.queue[d.at], d.at);
        let answer = match weighed {
            Weighed::CubeCard(Some(w)) => {
                let table = d.table.of::<Backgammon>();
                let answered = table.is_some_and(|t| cube_moment(&t.game, at) == job.moment);
                answered
                    .then(|| cube_card_answer(job.weighing.as_ref(), &w))
                    .flatten()
            }
            Weighed::Values(values) => d.table.drill_answer(job, at, &values),
            _ => None,
        };
        let Some(answer) = answer else {
            return false;
        };
        if let Some(table) = self.table_mut() {
            table.say(None);
        }
        let Screen::Drill(d) = &mut self.screen else {
            return false;
        };
        let today = d.trainer.today;
        d.trainer.deck.answer(at.0, answer.loss, answer.marks, today);
        d.answer = Some(answer);
        self.saving.deck_due = true;
        true
    }

    /// The next card due, or back to the form when none is left.
    fn next_card(&mut self) {
        let Screen::Drill(d) = &mut self.screen else {
            return;
        };
        d.at += 1;
        let next = d.queue.get(d.at).and_then(|&i| card_table(&d.trainer, i));
        match next {
            Some(table) => {
                d.table = table;
                d.answer = None;
                self.at_first_checker();
            }
            None => {
                let done = d.queue.len();
                self.leave_drill(Some(Said::Done(done)));
            }
        }
    }

    /// Back to the trainer's form.
    fn leave_drill(&mut self, said: Option<Said>) {
        let Screen::Drill(d) = &mut self.screen else {
            return;
        };
        let mut trainer = std::mem::replace(&mut d.trainer, Box::new(Trainer::loading()));
        trainer.said = said;
        self.screen = Screen::Trainer(trainer);
    }

    /// The deck on screen, to be saved.
    pub(super) fn deck(&self) -> Option<&Deck> {
        match &self.screen {
            Screen::Trainer(t) if !t.loading => Some(&t.deck),
            Screen::Drill(d) => Some(&d.trainer.deck),
            _ => None,
        }
    }
}
