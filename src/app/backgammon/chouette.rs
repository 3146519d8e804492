//! A chouette at one keyboard (B17–B18): three to eight players name themselves, throw
//! for the line-up, and play game after game — the box alone against the team, whose
//! captain moves — with every member's own cube against the box, the team's unanimous
//! double, each member's take or drop, and everyone's running score.
//!
//! The board is an ordinary backgammon game on a [`Table`] (the box White, the team
//! Black), played with the same keys and mouse as a match; its own cube stays out of play.
//! The cubes, the answers and the line-up are [`Chouette`]'s: this screen feeds it the
//! board's opening throws, rolls, turns and result as they happen ([`ChouetteTable::sync`]),
//! and takes the cube's keys (`d`, `y`/`n`, `t`/`p`) itself.

use crate::ai::Level;
use crate::app::table::Table;
use crate::app::{App, Key, Screen};
use crate::backgammon::{
    Chouette, ChouetteError, ChouetteEvent as Event, ChouettePhase, Cube, GameOutcome, Holder, LineUp,
    MAX_PLAYERS, MIN_PLAYERS, Side, Stakes, line_up,
};
use crate::game::Backgammon;
use crate::rules::Color;
use crate::session::{Match, Phase};
use crate::store::SavedMatch;
use crate::store::backgammon::chouette::{CHOUETTE_FORMAT, RestoredChouette, SavedChouette};
use crate::words::Lang;
pub use crate::words::chouette::ChouetteNote;

/// A chouette on screen: the players and their book, the board of the game being played,
/// and what the keys answer now.
#[derive(Clone, Debug)]
pub struct ChouetteTable {
    pub chouette: Box<Chouette>,
    /// The board: the box White, the team Black, its cube out of play.
    pub table: Box<Table<Backgammon>>,
    pub stage: Stage,
    /// The chouette's own message line (a refusal, a vote, an answer).
    pub note: Option<ChouetteNote>,
    /// The players as the form named them, and their line-up throws (by that order).
    pub given: Vec<String>,
    pub throws: Vec<Vec<u8>>,
    /// Everything done to the book since the line-up, in order: what a save holds.
    pub events: Vec<Event>,
    /// The computer's level for each player it plays (by the order of `given`).
    pub computer: Vec<Option<Level>>,
    /// How many of the board's opening throws and turns the book has been told.
    seen_openings: usize,
    pub(in crate::app) seen_turns: usize,
    /// The turn (of `seen_turns`) at whose roll a computer player last weighed turning
    /// the cube: it weighs once a turn, so that a "no" from the team ends it.
    pub(in crate::app) cube_weighed: Option<usize>,
}

/// What the chouette waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Each player throws one die for the line-up (B17) (the dice thrown so far are
    /// [`ChouetteTable::throws`]); `again` names those who throw next: everyone at first,
    /// then those tied for the box or the captaincy.
    LineUp { again: Vec<usize> },
    /// The game at the board.
    Board,
    /// The team doubles: each member asked says yes or no, in the team's order — from
    /// the middle a unanimous vote (B18), with cubes of their own each for himself.
    TeamAsks {
        asks: Vec<String>,
        said: Vec<(String, bool)>,
        redouble: bool,
    },
    /// Answers to a double: the members the box doubled, or the box for each cube the
    /// team doubled, one after the other ([`Chouette::waiting`]).
    Answers,
    /// The game is over: what everyone won or lost.
    GameOver(GameOutcome),
}

/// What ←→ on a name cycles through: a person at the keyboard, or the computer at a level.
const COMPUTER_CHOICES: [Option<Level>; 5] = [
    None,
    Some(Level::Easy),
    Some(Level::Medium),
    Some(Level::Hard),
    Some(Level::Expert),
];

/// The chouette's form: the players name themselves and agree on the options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChouetteForm {
    pub names: Vec<String>,
    /// The computer's level for each player it plays (←→ on a name), by `names`.
    pub computer: Vec<Option<Level>>,
    pub stakes: Stakes,
    /// The highlighted row: 0 how many players, then one per name, then the options,
    /// then Start.
    pub row: usize,
    /// Why Start was refused (a name missing or repeated).
    pub refused: Option<ChouetteError>,
}

impl ChouetteForm {
    /// The game a chouette plays (B17–B18).
    pub const GAME: crate::game::Kind = crate::game::Kind::Backgammon;

    /// Four players with numbered names, the standard options.
    #[must_use]
    pub fn new(lang: Lang) -> ChouetteForm {
        ChouetteForm {
            names: (1..=4).map(|i| crate::words::chouette::player(lang, i)).collect(),
            computer: vec![None; 4],
            stakes: Stakes::default(),
            row: 1,
            refused: None,
        }
    }

    /// The row of the options; Start is the one after it.
    #[must_use]
    pub fn options_row(&self) -> usize {
        self.names.len() + 1
    }

    /// Whether a player's name is being typed (letters are then letters, not keys).
    #[must_use]
    pub fn typing(&self) -> bool {
        (1..=self.names.len()).contains(&self.row)
    }

    /// A key on the form; the chouette when Start is chosen with good names.
    fn key(&mut self, lang: Lang, key: Key) -> Option<ChouetteTable> {
        let last = self.options_row() + 1;
        let row = self.row;
        match key {
            Key::Up | Key::BackTab => self.row = row.saturating_sub(1),
            Key::Down | Key::Tab => self.row = (row + 1).min(last),
            Key::Left | Key::Right if row == 0 => {
                let count = if key == Key::Left {
                    self.names.len() - 1
                } else {
                    self.names.len() + 1
                };
                if (MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
                    self.names
                        .resize_with(count, || crate::words::chouette::player(lang, count));
                    self.computer.resize(count, None);
                }
            }
            Key::Left | Key::Right if self.typing() => {
                let at = &mut self.computer[row - 1];
                *at = crate::settings::cycle(&COMPUTER_CHOICES, *at, key == Key::Left);
            }
            Key::Left | Key::Right if row == last - 1 => {
                self.stakes =
                    crate::settings::cycle(&crate::app::STAKES_CHOICES, self.stakes, key == Key::Left);
            }
            Key::Backspace if self.typing() => {
                self.names[row - 1].pop();
            }
            Key::Char(c) if self.typing() && !c.is_control() => {
                let name = &mut self.names[row - 1];
                // A numbered name gives way to the first letter typed.
                if *name == crate::words::chouette::player(lang, row) {
                    name.clear();
                }
                if name.chars().count() < crate::session::MAX_NAME {
                    name.push(c);
                }
            }
            Key::Enter | Key::Char(' ') if row == last => {
                // A numbered player the computer plays is named so ("Computer 2").
                let players: Vec<String> = (self.names.iter().zip(&self.computer).enumerate())
                    .map(|(i, (name, level))| match level {
                        Some(_) if *name == crate::words::chouette::player(lang, i + 1) => {
                            crate::words::chouette::computer_seat(lang, i + 1)
                        }
                        _ => name.trim().to_string(),
                    })
                    .collect();
                match ChouetteTable::new(players, self.stakes) {
                    Ok(table) => return Some(table.played_by(self.computer.clone())),
                    Err(why) => self.refused = Some(why),
                }
            }
            Key::Enter => self.row = (row + 1).min(last),
            _ => {}
        }
        None
    }
}

impl ChouetteTable {
    /// A chouette of these players, who throw for the line-up first (`brade play
    /// --chouette`).
    pub fn new(players: Vec<String>, stakes: Stakes) -> Result<ChouetteTable, ChouetteError> {
        let count = players.len();
        let book = Chouette::new(players, stakes)?;
        let table = Table::new(board(&book));
        let given = book.players().to_vec();
        Ok(ChouetteTable {
            chouette: Box::new(book),
            table: Box::new(table),
            stage: Stage::LineUp {
                again: (0..count).collect(),
            },
            note: None,
            given,
            throws: vec![Vec::new(); count],
            events: Vec::new(),
            computer: vec![None; count],
            seen_openings: 0,
            seen_turns: 0,
            cube_weighed: None,
        })
    }

    /// The same chouette with the computer playing the players given a level (by the
    /// order they were named in).
    #[must_use]
    pub fn played_by(self, mut computer: Vec<Option<Level>>) -> ChouetteTable {
        computer.resize(self.given.len(), None);
        ChouetteTable { computer, ..self }
    }

    /// Whether the side on roll may double before rolling (the board's own cube is out of
    /// play; the chouette's cubes decide).
    #[must_use]
    pub fn may_double(&self) -> bool {
        self.stage == Stage::Board
            && matches!(self.table.game.phase, Phase::AwaitRoll)
            && [Side::Box, Side::Team]
                .into_iter()
                .any(|s| self.chouette.may_double(s))
    }

    /// Tells the book what happened at the board since it was last told: opening throws,
    /// rolls, turns played, the game's end. (The board names the team by its captain for
    /// the whole game — its dice are bound to its names — and the panel says who moves.)
    pub fn sync(&mut self) {
        if self.stage != Stage::Board {
            return;
        }
        let game = &self.table.game;
        let openings = game.teka_rolls[self.seen_openings.min(game.teka_rolls.len())..].to_vec();
        self.seen_openings = game.teka_rolls.len();
        for (box_die, team_die) in openings {
            // (Told in order, each once: nothing to refuse.)
            let _ = self.act(Event::Opening(box_die, team_die));
        }
        let played = self.table.game.log.last().map_or(0, |g| g.turns.len());
        while self.seen_turns < played {
            self.seen_turns += 1;
            if matches!(self.chouette.phase(), ChouettePhase::ToRoll(_)) {
                let _ = self.act(Event::Roll);
            }
            let _ = self.act(Event::EndTurn);
        }
        if matches!(self.table.game.phase, Phase::Moving(_) | Phase::Forfeit(_))
            && matches!(self.chouette.phase(), ChouettePhase::ToRoll(_))
        {
            let _ = self.act(Event::Roll);
        }
        if let Phase::GameOver { record, .. } = &self.table.game.phase
            && let Some(win) = record.win
        {
            let record = *record;
            let winner = if record.winner == Color::White {
                Side::Box
            } else {
                Side::Team
            };
            if let Ok(Some(outcome)) = self.act(Event::EndGame(winner, win)) {
                self.stage = Stage::GameOver(outcome);
            }
        }
    }

    /// Does `event` to the book, and logs it when done (a save is the log).
    fn act(&mut self, event: Event) -> Result<Option<GameOutcome>, ChouetteError> {
        let done = self.chouette.apply(&event)?;
        self.events.push(event);
        Ok(done)
    }

    /// A key for the chouette itself; `false` when it is the board's (a key of the game
    /// at the board).
    pub(in crate::app) fn key(&mut self, key: Key) -> bool {
        match &mut self.stage {
            Stage::LineUp { .. } => {
                if matches!(key, Key::Char(' ' | 'r') | Key::Enter) {
                    // (The dice are the app's: it throws them through `throw_line_up`.)
                    return false;
                }
            }
            Stage::Board => {
                if key == Key::Char('d') && self.may_double() {
                    self.double();
                } else {
                    return false;
                }
            }
            Stage::TeamAsks { .. } => self.team_key(key),
            Stage::Answers => match key {
                Key::Char('t') => self.answer(true),
                Key::Char('p') => self.answer(false),
                _ => {}
            },
            Stage::GameOver(_) => {
                if matches!(key, Key::Char(' ') | Key::Enter) {
                    // A fresh board for the new box and captain (the line-up has turned).
                    self.start_game();
                }
            }
        }
        true
    }

    /// The line-up throws: every player named throws one die (from `die`).
    pub(in crate::app) fn throw_line_up(&mut self, mut die: impl FnMut() -> u8) {
        let Stage::LineUp { again } = &mut self.stage else {
            return;
        };
        let throws = &mut self.throws;
        for &i in again.iter() {
            throws[i].push(die());
        }
        let players = self.chouette.players().to_vec();
        match line_up(throws) {
            Ok(LineUp::Again(tied)) => {
                self.note = Some(ChouetteNote::ThrowAgain(
                    tied.iter().map(|&i| players[i].clone()).collect(),
                ));
                *again = tied;
            }
            Ok(LineUp::Order(order)) => {
                let ordered = order.iter().map(|&i| players[i].clone()).collect();
                let thrown = order
                    .iter()
                    .map(|&i| (players[i].clone(), throws[i].clone()))
                    .collect();
                match Chouette::new(ordered, self.chouette.stakes()) {
                    Ok(book) => {
                        *self.chouette = book;
                        self.start_game();
                        self.note = Some(ChouetteNote::LinedUp(thrown));
                    }
                    Err(why) => self.note = Some(ChouetteNote::Refused(why)),
                }
            }
            Err(why) => self.note = Some(ChouetteNote::Refused(why)),
        }
    }

    /// `d` before a roll: the box doubles every cube he may turn; the team asks its
    /// members (B18).
    pub(in crate::app) fn double(&mut self) {
        if self.chouette.may_double(Side::Box) {
            match self.act(Event::BoxDouble) {
                Ok(_) => {
                    self.stage = Stage::Answers;
                    self.note = Some(ChouetteNote::Doubled(Side::Box));
                }
                Err(why) => self.note = Some(ChouetteNote::Refused(why)),
            }
            return;
        }
        let members = self.chouette.members();
        let playing = members.iter().filter(|(_, m)| !m.status.is_out());
        let middle: Vec<String> = playing
            .clone()
            .filter(|(_, m)| m.cube.holder == Holder::Middle)
            .map(|(n, _)| (*n).to_string())
            .collect();
        let (asks, redouble) = if middle.is_empty() {
            let own = playing
                .filter(|(_, m)| {
                    m.cube.holder == Holder::Member && m.cube.value < crate::backgammon::MAX_CUBE
                })
                .map(|(n, _)| (*n).to_string())
                .collect();
            (own, true)
        } else {
            (middle, false)
        };
        self.stage = Stage::TeamAsks {
            asks,
            said: Vec::new(),
            redouble,
        };
        self.note = None;
    }

    pub(in crate::app) fn team_key(&mut self, key: Key) {
        let Stage::TeamAsks { asks, said, redouble } = &mut self.stage else {
            return;
        };
        let yes = match key {
            Key::Char('y' | 'j') => true,
            Key::Char('n') => false,
            Key::Esc => {
                self.stage = Stage::Board;
                return;
            }
            _ => return,
        };
        let Some(name) = asks.get(said.len()).cloned() else {
            return;
        };
        said.push((name.clone(), yes));
        if !yes && !*redouble {
            self.stage = Stage::Board;
            self.note = Some(ChouetteNote::VotedNo(name));
            return;
        }
        if said.len() < asks.len() {
            return;
        }
        let (said, redouble) = (std::mem::take(said), *redouble);
        let done = if redouble {
            let mut any = false;
            for (member, _) in said.iter().filter(|(_, yes)| *yes) {
                if let Err(why) = self.act(Event::Redouble(member.clone())) {
                    self.note = Some(ChouetteNote::Refused(why));
                    break;
                }
                any = true;
            }
            if !any && self.note.is_none() {
                self.note = Some(ChouetteNote::NoRedouble);
            }
            any
        } else {
            let votes = said.iter().map(|(n, _)| n.clone()).collect();
            match self.act(Event::TeamDouble(votes)) {
                Ok(_) => true,
                Err(why) => {
                    self.note = Some(ChouetteNote::Refused(why));
                    false
                }
            }
        };
        if done {
            self.stage = Stage::Answers;
            self.note = Some(ChouetteNote::Doubled(Side::Team));
        } else {
            self.stage = Stage::Board;
        }
    }

    /// `t` or `p`: the answer of whoever is asked first ([`Chouette::waiting`]).
    pub(in crate::app) fn answer(&mut self, take: bool) {
        let Some(member) = self.chouette.waiting().first().map(|m| (*m).to_string()) else {
            return;
        };
        let answered = match self.chouette.phase() {
            ChouettePhase::BoxDoubled => self.act(Event::Answer { member, take }),
            _ => self.act(Event::BoxAnswer { member, take }),
        };
        match answered {
            Ok(Some(outcome)) => self.stage = Stage::GameOver(outcome),
            Ok(None) if self.chouette.waiting().is_empty() => self.stage = Stage::Board,
            Ok(None) => {}
            Err(why) => self.note = Some(ChouetteNote::Refused(why)),
        }
        if self.stage != Stage::Answers {
            self.note = None;
        }
    }

    fn start_game(&mut self) {
        *self.table = Table::new(board(&self.chouette));
        self.seen_openings = 0;
        self.seen_turns = 0;
        self.cube_weighed = None;
        self.stage = Stage::Board;
        self.note = None;
    }
}

impl ChouetteTable {
    /// The chouette as its save holds it; `board`: the save of the board on screen (the
    /// app's, which knows the dice), none before the line-up is known.
    #[must_use]
    pub fn to_save(&self, board: Option<SavedMatch>, saved_at: u64) -> SavedChouette {
        let stage = match self.stage {
            Stage::LineUp { .. } => "line-up",
            Stage::GameOver(_) => "game-over",
            Stage::Board | Stage::TeamAsks { .. } | Stage::Answers => "board",
        };
        SavedChouette {
            format: CHOUETTE_FORMAT,
            kind: "chouette".to_string(),
            saved_at,
            players: self.given.clone(),
            options: self.chouette.stakes().to_string(),
            throws: self.throws.clone(),
            computer: if self.computer.iter().all(Option::is_none) {
                Vec::new()
            } else {
                self.computer
                    .iter()
                    .map(|l| l.map_or(String::new(), |l| l.label().to_string()))
                    .collect()
            },
            stage: stage.to_string(),
            events: self.events.iter().map(Event::text).collect(),
            board: board.filter(|_| stage != "line-up"),
        }
    }

    /// A chouette rebuilt from its save (its board's dice are the app's to restore).
    #[must_use]
    pub fn restored(r: &RestoredChouette) -> ChouetteTable {
        let stage = match (&r.again, &r.finished) {
            (Some(again), _) => Stage::LineUp { again: again.clone() },
            (None, Some(outcome)) => Stage::GameOver(outcome.clone()),
            (None, None) => match r.book.phase() {
                ChouettePhase::BoxDoubled | ChouettePhase::TeamDoubled => Stage::Answers,
                _ => Stage::Board,
            },
        };
        let game = r
            .board
            .as_ref()
            .map_or_else(|| board(&r.book), |b| b.game.clone());
        ChouetteTable {
            chouette: Box::new(r.book.clone()),
            table: Box::new(Table::new(game)),
            stage,
            note: None,
            given: r.players.clone(),
            throws: r.throws.clone(),
            events: r.events.clone(),
            computer: r.computer.clone(),
            seen_openings: r.openings,
            seen_turns: r.turns,
            cube_weighed: None,
        }
    }
}

/// The board of a chouette's game: money play between the box (White) and the team
/// (Black, named by its captain), the board's own cube out of play.
fn board(book: &Chouette) -> Match<Backgammon> {
    let mut game: Match<Backgammon> = Match::new(book.box_player(), book.mover(), 0).by_rules(book.stakes());
    game.stake = Cube::dead();
    game
}

impl App {
    /// A key on the chouette screen: the chouette's own, or the board's.
    pub(in crate::app) fn chouette_key(&mut self, key: Key) {
        let lang = self.lang();
        if let Screen::ChouetteForm(form) = &mut self.screen {
            if key == Key::Esc {
                self.back_to_start(crate::app::MenuItem::NewChouette);
            } else if let Some(table) = form.key(lang, key) {
                self.screen = Screen::Chouette(table);
                // The computer sits in for the players it was given (a computer side of
                // an earlier match does not).
                self.chouette_sides();
                // (A file of its own at its first save: no other chouette is touched.)
                self.saving.slot = None;
                self.saving.due = true;
            }
            return;
        }
        let Screen::Chouette(c) = &mut self.screen else {
            return;
        };
        let new_board = matches!(c.stage, Stage::LineUp { .. } | Stage::GameOver(_));
        if key == Key::Esc && new_board {
            self.back_to_start(crate::app::MenuItem::NewChouette);
            return;
        }
        if c.key(key) {
            if new_board && c.stage == Stage::Board {
                // Each game's board has dice of its own, so that its save checks them.
                self.fresh_dice();
            }
            self.chouette_sides();
            return;
        }
        if matches!(c.stage, Stage::LineUp { .. }) {
            let dice = &mut self.dice;
            c.throw_line_up(|| dice.die());
            if c.stage == Stage::Board {
                self.fresh_dice();
            }
            self.chouette_sides();
            return;
        }
        c.note = None;
        self.match_key(key);
        self.chouette_sync();
    }

    /// The chouette on screen as its save would hold it at `saved_at`.
    pub(in crate::app) fn chouette_snapshot_at(&self, saved_at: u64) -> Option<SavedChouette> {
        let Screen::Chouette(c) = &self.screen else {
            return None;
        };
        // The steps of a turn half made are kept for a player, never for the computer (it
        // plays its turn afresh); the board's save names no computer: the seats say who
        // plays.
        let mut board = SavedMatch::of(c.table.game(), self.dice_record(), self.computer.sides, saved_at);
        board.white_computer = None;
        board.black_computer = None;
        Some(c.to_save(Some(board), saved_at))
    }

    /// A saved chouette, where it stood, its board's dice too.
    pub(in crate::app) fn resume_chouette(
        &mut self,
        restored: crate::store::backgammon::chouette::RestoredChouette,
    ) {
        self.screen = Screen::Chouette(ChouetteTable::restored(&restored));
        self.chouette_sides();
        match restored.board {
            Some(board) => self.continue_dice(board, crate::session::SeededDice::random_seed()),
            None => self.seed_dice(crate::session::SeededDice::random_seed(), 0),
        }
    }

    /// Whether a chouette's side on roll may double first.
    pub(in crate::app) fn chouette_may_double(&self) -> bool {
        matches!(&self.screen, Screen::Chouette(c) if c.may_double())
    }

    /// The chouette's book told what happened at the board (and the board's computer
    /// sides set from the line-up).
    pub(in crate::app) fn chouette_sync(&mut self) {
        if let Screen::Chouette(c) = &mut self.screen {
            c.sync();
        }
        self.chouette_sides();
    }
}
