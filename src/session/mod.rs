//! A match being played: teka, turns, game ends and the match score (R5, R15–R20),
//! around the rules engine, which decides everything about legality; and where its dice
//! come from. No terminal, no files: the app, the saves and the tests all drive a
//! [`Match`] through the same few calls.

mod backgammon;
mod dice;

pub use dice::{DiceSource, ScriptedDice, SeededDice, match_seed, next_seed};

use crate::game::{Checkers as _, CubeAction, Game, NextGame, Opening, Resign, Resignation, TurnView as _};
use crate::rules::{Color, Roll};

/// The last play made, shown to the next player with its checkers marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastPlay<G: Game> {
    pub mover: Color,
    pub roll: Roll,
    pub play: G::Play,
}

/// One game of a match as played: who started, every turn, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLog<G: Game> {
    pub starter: Color,
    /// Each completed turn: the roll and the play (empty when forfeited).
    pub turns: Vec<(Roll, G::Play)>,
    /// The actions between the turns, each with the number of turns played before it: the
    /// doubling cube's (a double and its answer come before the doubler's roll; none in
    /// bräde) and the resignations offered.
    pub cube: Vec<(usize, CubeAction)>,
    pub result: Option<G::Record>,
}

impl<G: Game> GameLog<G> {
    /// The side to roll after `turns` turns of the game: the starter, then each in turn.
    #[must_use]
    pub fn mover(&self, turns: usize) -> Color {
        if turns.is_multiple_of(2) {
            self.starter
        } else {
            self.starter.other()
        }
    }

    /// The resignation that ended the game, if one did: who resigned, and what.
    #[must_use]
    pub fn resigned(&self) -> Option<(Color, Resign)> {
        self.cube.iter().find_map(|&(at, action)| match action {
            CubeAction::Resign(r) if r.accepted => Some((self.mover(at), r.level)),
            _ => None,
        })
    }
}

/// Where a match stands.
#[derive(Clone, Debug)]
pub enum Phase<G: Game> {
    /// The opening roll (bräde's teka, R5): each player rolls one die; `dice` are the last
    /// ones rolled (White's, Black's), equal ones mean rolling again.
    Teka { dice: Option<(u8, u8)> },
    /// The side to move rolls (or, in a game with a doubling cube, may double first).
    AwaitRoll,
    /// `by` has doubled; the other side takes or drops (B13).
    Doubled { by: Color },
    /// The side to move is playing its roll.
    Moving(G::Turn),
    /// The roll cannot be played at all; the turn passes when the player says so.
    Forfeit(Roll),
    /// The game is over: the finished game and the final position.
    GameOver { record: G::Record, last: G::Position },
    /// All games are played.
    MatchOver,
}

/// The match lengths a bräde match may have (R20).
pub use crate::brade::GAME_CHOICES;

/// The longest player's name, in characters.
pub const MAX_NAME: usize = 20;

/// A match between two named players, of any game.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    /// Names by colour (`Color::index`).
    pub names: [String; 2],
    pub score: G::Score,
    /// The position, with the side to move.
    pub position: G::Position,
    pub phase: Phase<G>,
    pub last: Option<LastPlay<G>>,
    /// The opening rolls (White's die, Black's die), in order: in bräde the teka of the
    /// first game; in a game whose every game opens so, those of every game.
    pub teka_rolls: Vec<(u8, u8)>,
    /// Every game begun, the current one last.
    pub log: Vec<GameLog<G>>,
    /// The rules it is played by (the game's default rules unless chosen otherwise: for
    /// bräde, the Vasamuseet rules).
    pub rules: G::Rules,
    /// What the game in progress (or about to open) is played for: backgammon's cube.
    pub stake: G::Stake,
}

impl<G: Game> Match<G> {
    /// How many turns have been played in all its games (a forfeited roll is a turn).
    #[must_use]
    pub fn turns_played(&self) -> usize {
        self.log.iter().map(|g| g.turns.len()).sum()
    }

    /// A new match of `games` games; it starts with teka.
    #[must_use]
    pub fn new(white: &str, black: &str, games: u32) -> Match<G> {
        Match {
            names: [white.to_string(), black.to_string()],
            score: G::score(games),
            position: G::start(Color::White),
            phase: Phase::Teka { dice: None },
            last: None,
            teka_rolls: Vec::new(),
            log: Vec::new(),
            rules: G::default_rules(),
            stake: G::stake(&G::score(games), G::default_rules()),
        }
    }

    /// The same match, played by the rules `rules` (before its first roll).
    #[must_use]
    pub fn by_rules(self, rules: G::Rules) -> Match<G> {
        let stake = G::stake(&self.score, rules);
        Match { rules, stake, ..self }
    }

    /// A match whose current game stands at `position`, its side to move about to roll
    /// (teka already done): for tests, and for continuing from a saved position.
    #[must_use]
    pub fn from_position(white: &str, black: &str, games: u32, position: G::Position) -> Match<G> {
        let mut game = Match::new(white, black, games);
        game.begin_game(position);
        game
    }

    /// A game begins at `position` (logged from now on), its side to move to roll.
    fn begin_game(&mut self, position: G::Position) {
        self.position = position;
        self.phase = Phase::AwaitRoll;
        self.log.push(GameLog {
            starter: position.to_move(),
            turns: Vec::new(),
            cube: Vec::new(),
            result: None,
        });
    }

    /// The match's length (games or points, as the game counts).
    #[must_use]
    pub fn length(&self) -> u32 {
        G::length(&self.score)
    }

    /// A player's name.
    #[must_use]
    pub fn name(&self, side: Color) -> &str {
        &self.names[side.index()]
    }

    /// The number of the game being played (or just finished), from 1.
    #[must_use]
    pub fn game_number(&self) -> u32 {
        let done = G::games_played(&self.score) as u32;
        match self.phase {
            Phase::GameOver { .. } | Phase::MatchOver => done.max(1),
            _ => (done + 1).min(G::length(&self.score)),
        }
    }

    /// The opening dice (R5: teka); returns the starter, or `None` when they are equal.
    pub fn teka(&mut self, white: u8, black: u8) -> Option<Color> {
        self.teka_rolls.push((white, black));
        self.phase = Phase::Teka {
            dice: Some((white, black)),
        };
        let (starter, roll) = match G::opening(white, black) {
            Opening::Again => {
                self.stake = G::opening_again(self.stake, &self.score, self.rules);
                return None;
            }
            Opening::Rolls { starter } => (starter, None),
            Opening::Plays { starter, roll } => (starter, Some(roll)),
        };
        self.begin_game(G::start(starter));
        if let Some(roll) = roll {
            self.roll(roll);
        }
        Some(starter)
    }

    /// The side to move has rolled.
    pub fn roll(&mut self, roll: Roll) {
        let turn = G::turn(self.position, roll, self.rules);
        self.phase = if G::is_forfeit(&turn) {
            Phase::Forfeit(roll)
        } else {
            Phase::Moving(turn)
        };
    }

    /// Ends the turn: the play made (or the forfeited roll) is final. Refused while the
    /// steps taken are not a complete legal play.
    pub fn confirm(&mut self) -> Result<(), G::Refusal> {
        match &self.phase {
            Phase::Moving(turn) => {
                let roll = turn.roll();
                let (play, next, record) = G::finish(turn)?;
                self.end_turn(roll, play, next, record);
            }
            Phase::Forfeit(_) => self.pass(),
            _ => {}
        }
        Ok(())
    }

    /// Passes a turn whose roll cannot be played at all (R10); does nothing otherwise.
    pub fn pass(&mut self) {
        if let Phase::Forfeit(roll) = self.phase {
            let (play, next) = G::pass(&self.position);
            self.end_turn(roll, play, next, None);
        }
    }

    fn end_turn(&mut self, roll: Roll, play: G::Play, next: G::Position, record: Option<G::Record>) {
        let mover = self.position.to_move();
        if let Some(log) = self.log.last_mut() {
            log.turns.push((roll, play.clone()));
        }
        self.last = Some(LastPlay { mover, roll, play });
        match record {
            Some(record) => self.finish_game(record, next),
            None => {
                self.position = next;
                self.phase = Phase::AwaitRoll;
            }
        }
    }

    fn finish_game(&mut self, record: G::Record, last: G::Position) {
        let record = G::settle(record, &self.stake, &self.score, self.rules);
        G::record(&mut self.score, record);
        if let Some(log) = self.log.last_mut() {
            log.result = Some(record);
        }
        self.phase = Phase::GameOver { record, last };
    }

    /// After a game: the next game (the loser starts, R5) or the end of the match.
    pub fn next_game(&mut self) {
        let Phase::GameOver { record, last } = self.phase else {
            return;
        };
        if G::is_over(&self.score) {
            // The board keeps the final position of the last game.
            self.position = last;
            self.phase = Phase::MatchOver;
            return;
        }
        self.last = None;
        self.stake = G::stake(&self.score, self.rules);
        match G::next_game(&record) {
            NextGame::Starts(position) => self.begin_game(position),
            // The game is begun (and logged) by its opening roll.
            NextGame::Opening => {
                self.position = G::start(Color::White);
                self.phase = Phase::Teka { dice: None };
            }
        }
    }

    /// Whether the side to move may double now (before his roll, B13).
    #[must_use]
    pub fn may_double(&self) -> bool {
        matches!(self.phase, Phase::AwaitRoll)
            && G::may_double(&self.stake, &self.score, self.position.to_move(), self.rules)
    }

    /// The side to move doubles; returns whether he may.
    pub fn double(&mut self) -> bool {
        if !self.may_double() {
            return false;
        }
        let by = self.position.to_move();
        self.log_cube(CubeAction::Double);
        self.phase = Phase::Doubled { by };
        true
    }

    /// The double is taken: the taker owns the cube at the doubled stake, and the doubler
    /// rolls. Returns whether a double was waiting.
    pub fn take_double(&mut self) -> bool {
        let Phase::Doubled { by } = self.phase else {
            return false;
        };
        self.stake = G::taken(self.stake, by.other());
        self.log_cube(CubeAction::Take);
        self.phase = Phase::AwaitRoll;
        true
    }

    /// The double is dropped: the doubler wins the game at the stake before it. Returns
    /// whether a double was waiting (and the game has doubles).
    pub fn drop_double(&mut self) -> bool {
        let Phase::Doubled { by } = self.phase else {
            return false;
        };
        let Some(record) = G::dropped(&self.stake, by, self.rules) else {
            return false;
        };
        self.log_cube(CubeAction::Drop);
        self.end_by(record);
        true
    }

    /// The game ends by a decision, not by a play: the board stays as it is.
    fn end_by(&mut self, record: G::Record) {
        G::record(&mut self.score, record);
        if let Some(log) = self.log.last_mut() {
            log.result = Some(record);
        }
        self.phase = Phase::GameOver {
            record,
            last: self.position,
        };
    }

    /// Whether the side to move may offer to resign now: in a game that has resignations,
    /// on his turn — before his roll or with it on the board — and not while a double
    /// waits for its answer.
    #[must_use]
    pub fn may_resign(&self) -> bool {
        !G::RESIGNS.is_empty()
            && matches!(
                self.phase,
                Phase::AwaitRoll | Phase::Moving(_) | Phase::Forfeit(_)
            )
    }

    /// The record the side to move's resignation `level`, accepted now, would give the
    /// other side; `None` when it may not be offered.
    #[must_use]
    pub fn resignation(&self, level: Resign) -> Option<G::Record> {
        if !self.may_resign() || !G::RESIGNS.contains(&level) {
            return None;
        }
        G::resigned(
            self.position.to_move().other(),
            level,
            &self.stake,
            &self.score,
            self.rules,
        )
    }

    /// The side to move offers to resign `level`, and the other side answers: accepted,
    /// the game ends with that result (a roll on the board is not played); declined, play
    /// goes on where it stood. Either way it is logged among the game's actions. Returns
    /// whether it could be offered.
    pub fn resign(&mut self, level: Resign, accepted: bool) -> bool {
        let Some(record) = self.resignation(level) else {
            return false;
        };
        let roll = match &self.phase {
            Phase::Moving(turn) if accepted => Some(turn.roll()),
            Phase::Forfeit(roll) if accepted => Some(*roll),
            _ => None,
        };
        self.log_cube(CubeAction::Resign(Resignation {
            level,
            roll,
            accepted,
        }));
        if accepted {
            self.end_by(record);
        }
        true
    }

    /// A resignation as a record keeps it, made again: one accepted on a roll rolls that
    /// roll first when the turn has not been rolled. Returns the roll so made (for the
    /// record's dice to be checked), or `None` when the resignation does not fit here.
    pub fn resign_again(&mut self, r: Resignation) -> Option<Option<Roll>> {
        let rolled = match (r.roll, &self.phase) {
            (None, Phase::Moving(_) | Phase::Forfeit(_)) if r.accepted => return None,
            (None, _) => None,
            (Some(roll), Phase::AwaitRoll) if r.accepted => {
                self.roll(roll);
                Some(roll)
            }
            (Some(roll), Phase::Moving(turn)) if r.accepted && turn.roll() == roll => None,
            (Some(roll), Phase::Forfeit(on)) if r.accepted && *on == roll => None,
            (Some(_), _) => return None,
        };
        self.resign(r.level, r.accepted).then_some(rolled)
    }

    /// The most `side` has offered to resign in the game in progress and seen declined.
    #[must_use]
    pub fn declined(&self, side: Color) -> Option<Resign> {
        let log = self.log.last()?;
        log.cube
            .iter()
            .filter_map(|&(at, action)| match action {
                CubeAction::Resign(r) if !r.accepted && log.mover(at) == side => Some(r.level),
                _ => None,
            })
            .max()
    }

    fn log_cube(&mut self, action: CubeAction) {
        if let Some(log) = self.log.last_mut() {
            log.cube.push((log.turns.len(), action));
        }
    }

    /// Whether the match still has games to play.
    #[must_use]
    pub fn in_progress(&self) -> bool {
        !matches!(self.phase, Phase::MatchOver)
    }

    /// The turn in progress, if a roll is being played.
    #[must_use]
    pub fn turn(&self) -> Option<&G::Turn> {
        match &self.phase {
            Phase::Moving(t) => Some(t),
            _ => None,
        }
    }

    /// The turn in progress, mutably.
    pub fn turn_mut(&mut self) -> Option<&mut G::Turn> {
        match &mut self.phase {
            Phase::Moving(t) => Some(t),
            _ => None,
        }
    }
}
