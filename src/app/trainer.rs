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

use super::card::Answer;
use super::hint_jobs::{HintJob, HintPurpose, Weighed};
use super::screens::TableGame;
use super::{App, Key, MatchScreen, Screen};
use crate::game::Kind;
use crate::practice::{Card, CubeCard, Deck, Error, Filter, day_of};

/// The analysis's marks (doubtful, bad, very bad) by game ([`Kind::index`]), each game's
/// [`Weighable::THRESHOLDS`].
fn marks() -> [[f64; 3]; 2] {
    Kind::ALL.map(|kind| crate::with_game!(kind, G => <G as crate::ai::Strategy>::THRESHOLDS))
}

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

impl Trainer {
    /// The filter of the form's choices.
    #[must_use]
    pub fn filter(&self) -> Filter {
        Filter {
            player: self
                .player
                .checked_sub(1)
                .and_then(|i| self.players.get(i).cloned()),
            least: marks().map(|marks| marks[self.least.min(2)]),
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

/// The board of a card: its position with its roll, the player's name on his side, as its
/// game sets it up ([`TableGame::card_table`]).
fn card_table(trainer: &Trainer, i: usize) -> Option<Box<dyn MatchScreen>> {
    let card = trainer.deck.cards.get(i)?;
    crate::with_game!(card.kind, G => G::card_table(card).map(|t| Box::new(t) as Box<dyn MatchScreen>))
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
                super::backgammon::trainer::cube_card_done(d.table.as_ref(), job, at, &w)
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
