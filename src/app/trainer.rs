//! The trainer: practice drawn from the records' own mistakes ([`crate::practice`]).
//!
//! "Practise your mistakes" on the start menu (`p`) reads the deck and the records' kept
//! analyses (a job: [`super::Job::Trainer`]); every play of the records marked doubtful or
//! worse becomes a card. The form chooses whose mistakes and from which mark, and shows
//! what is due, what was done today and the streak; Start drills the cards due, each a
//! position and its roll on the board, played with the match's keys, mouse or typed
//! notation. Enter on a complete play weighs it by the hard level (the analysis's judge,
//! in points of a single game): the best play lit on the board, the value of yours and of
//! the best, the other candidates; the card's SM-2 schedule moves by how much it lost, and
//! the deck is saved at once. Enter again goes to the next card, Esc back to the form.

use super::table::Table;
use super::{App, Key, Screen};
use crate::ai::analysis::THRESHOLDS;
use crate::game::{Brade, Game as _};
use crate::practice::{Deck, Error, Filter, day_of};
use crate::rules::{Play, Position, Roll, RuleSet};
use crate::session::Match;

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
    pub table: Box<Table<Brade>>,
    /// Once a play is made: how it went.
    pub answer: Option<Answer>,
}

/// A play weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub played: Play,
    pub loss: f64,
    pub best: Play,
    /// The best plays with their values (expected points), the best first.
    pub candidates: Vec<(Play, f64)>,
    /// The value of the play made.
    pub value: f64,
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
            least: THRESHOLDS[self.least.min(2)],
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
fn card_table(trainer: &Trainer, i: usize) -> Option<Table<Brade>> {
    let card = trainer.deck.cards.get(i)?;
    let position = Position::from_code(&card.position).ok()?;
    let roll: Roll = card.roll.parse().ok()?;
    let rules = if card.rules.is_empty() {
        RuleSet::default()
    } else {
        card.rules.parse().ok()?
    };
    let mover = position.turn();
    let names = match mover {
        crate::rules::Color::White => [card.player.as_str(), "—"],
        crate::rules::Color::Black => ["—", card.player.as_str()],
    };
    let mut game = Match::from_position(names[0], names[1], 1, position).by_rules(rules);
    game.roll(roll);
    Some(Table::new(game))
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
            self.screen = Screen::Start { item: 0 };
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
            table: Box::new(table),
            answer: None,
        });
        self.at_first_checker();
    }

    /// The cursor on a checker that can move.
    fn at_first_checker(&mut self) {
        at_table!(self, |table, desk| table.tab(desk.marks, true));
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
        self.match_key(key);
    }

    /// Enter on a complete play: it is weighed and the card's schedule moves. Returns
    /// whether the drill took the Enter (a complete play not yet weighed).
    pub(super) fn drill_confirm(&mut self) -> bool {
        let Screen::Drill(d) = &mut self.screen else {
            return false;
        };
        if d.answer.is_some() {
            return true;
        }
        let game = &d.table.game;
        let Some(turn) = game.turn() else {
            return true;
        };
        let Some(made) = turn.completed() else {
            return true;
        };
        let plays = Brade::legal_plays(turn.start(), turn.roll(), game.rules);
        let (mut hard, _) = super::computer::judge(game);
        let values = hard.values(&plays);
        let mut order: Vec<usize> = (0..plays.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
        let made_at = plays
            .iter()
            .position(|p| p.board == made.board && p.result == made.result)
            .unwrap_or(order[0]);
        let best = order[0];
        let loss = (values[best] - values[made_at]).max(0.0);
        let best = if loss <= 0.0 { made_at } else { best };
        let card = d.queue[d.at];
        let today = d.trainer.today;
        d.trainer.deck.answer(card, loss, THRESHOLDS, today);
        d.table.hint = Some(plays[best].play);
        d.answer = Some(Answer {
            played: made.play,
            loss,
            best: plays[best].play,
            candidates: order
                .iter()
                .take(5)
                .map(|&i| (plays[i].play, values[i]))
                .collect(),
            value: values[made_at],
        });
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
                *d.table = table;
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
