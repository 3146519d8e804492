//! A match being played: teka, turns, game ends and the match score (R5, R15–R20),
//! around the rules engine, which decides everything about legality; and where its dice
//! come from. No terminal, no files: the app, the saves and the tests all drive a
//! [`Match`] through the same few calls.

mod dice;

pub use dice::{DiceSource, ScriptedDice, SeededDice, match_seed, next_seed};

use crate::rules::{
    Color, GameRecord, GameResult, MatchScore, Play, Position, Refusal, Roll, RuleSet, Turn, teka,
};

/// The last play made, shown to the next player with its checkers marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastPlay {
    pub mover: Color,
    pub roll: Roll,
    pub play: Play,
}

/// One game of a match as played: who started, every turn, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLog {
    pub starter: Color,
    /// Each completed turn: the roll and the play (empty when forfeited).
    pub turns: Vec<(Roll, Play)>,
    pub result: Option<GameRecord>,
}

/// Where a match stands.
#[derive(Clone, Debug)]
pub enum Phase {
    /// R5: each player rolls one die, the lower starts; `dice` are the last ones rolled
    /// (White's, Black's), equal ones mean rolling again.
    Teka { dice: Option<(u8, u8)> },
    /// The side to move rolls.
    AwaitRoll,
    /// The side to move is playing its roll.
    Moving(Turn),
    /// The roll cannot be played at all; the turn passes when the player says so.
    Forfeit(Roll),
    /// The game is over: the finished game and the final position.
    GameOver { record: GameRecord, last: Position },
    /// All games are played.
    MatchOver,
}

/// The match lengths a match may have (R20 scores matches of 1, 3, 5 or 7 games).
pub const GAME_CHOICES: [u32; 4] = [1, 3, 5, 7];

/// The longest player's name, in characters.
pub const MAX_NAME: usize = 20;

/// A match between two named players.
#[derive(Clone, Debug)]
pub struct Match {
    /// Names by colour (`Color::index`).
    pub names: [String; 2],
    pub score: MatchScore,
    /// The position, with the side to move.
    pub position: Position,
    pub phase: Phase,
    pub last: Option<LastPlay>,
    /// The teka rolls of the first game (White's die, Black's die), in order.
    pub teka_rolls: Vec<(u8, u8)>,
    /// Every game begun, the current one last.
    pub log: Vec<GameLog>,
    /// The rules it is played by (the Vasamuseet rules unless chosen otherwise).
    pub rules: RuleSet,
}

impl Match {
    /// How many turns have been played in all its games (a forfeited roll is a turn).
    #[must_use]
    pub fn turns_played(&self) -> usize {
        self.log.iter().map(|g| g.turns.len()).sum()
    }

    /// A new match of `games` games; it starts with teka.
    #[must_use]
    pub fn new(white: &str, black: &str, games: u32) -> Match {
        Match {
            names: [white.to_string(), black.to_string()],
            score: MatchScore::new(games, Vec::new()),
            position: Position::start(Color::White),
            phase: Phase::Teka { dice: None },
            last: None,
            teka_rolls: Vec::new(),
            log: Vec::new(),
            rules: RuleSet::VASAMUSEET,
        }
    }

    /// The same match, played by the rules `rules` (before its first roll).
    #[must_use]
    pub fn by_rules(self, rules: RuleSet) -> Match {
        Match { rules, ..self }
    }

    /// A match whose current game stands at `position`, its side to move about to roll
    /// (teka already done): for tests, and for continuing from a saved position.
    #[must_use]
    pub fn from_position(white: &str, black: &str, games: u32, position: Position) -> Match {
        let mut game = Match::new(white, black, games);
        game.position = position;
        game.phase = Phase::AwaitRoll;
        game.log.push(GameLog {
            starter: position.turn(),
            turns: Vec::new(),
            result: None,
        });
        game
    }

    /// A player's name.
    #[must_use]
    pub fn name(&self, side: Color) -> &str {
        &self.names[side.index()]
    }

    /// The number of the game being played (or just finished), from 1.
    #[must_use]
    pub fn game_number(&self) -> u32 {
        let done = self.score.results().len() as u32;
        match self.phase {
            Phase::GameOver { .. } | Phase::MatchOver => done.max(1),
            _ => (done + 1).min(self.score.games()),
        }
    }

    /// R5: the teka dice; returns the starter, or `None` when they are equal.
    pub fn teka(&mut self, white: u8, black: u8) -> Option<Color> {
        let starter = teka(white, black);
        self.teka_rolls.push((white, black));
        self.phase = Phase::Teka {
            dice: Some((white, black)),
        };
        if let Some(s) = starter {
            self.position = Position::start(s);
            self.phase = Phase::AwaitRoll;
            self.log.push(GameLog {
                starter: s,
                turns: Vec::new(),
                result: None,
            });
        }
        starter
    }

    /// The side to move has rolled.
    pub fn roll(&mut self, roll: Roll) {
        let turn = Turn::with_rules(self.position, roll, self.rules);
        self.phase = if turn.is_forfeit() {
            Phase::Forfeit(roll)
        } else {
            Phase::Moving(turn)
        };
    }

    /// Ends the turn: the play made (or the forfeited roll) is final. Refused while the
    /// steps taken are not a complete legal play.
    pub fn confirm(&mut self) -> Result<(), Refusal> {
        match &self.phase {
            Phase::Moving(turn) => {
                let (lp, next) = turn.finish()?;
                self.end_turn(turn.roll(), lp.play, next, lp.result);
            }
            Phase::Forfeit(_) => self.pass(),
            _ => {}
        }
        Ok(())
    }

    /// Passes a turn whose roll cannot be played at all (R10); does nothing otherwise.
    pub fn pass(&mut self) {
        if let Phase::Forfeit(roll) = self.phase {
            self.end_turn(roll, Play::empty(), self.position.pass_turn(), None);
        }
    }

    fn end_turn(&mut self, roll: Roll, play: Play, next: Position, result: Option<GameResult>) {
        let mover = self.position.turn();
        self.last = Some(LastPlay { mover, roll, play });
        if let Some(log) = self.log.last_mut() {
            log.turns.push((roll, play));
        }
        match result {
            Some(result) => self.finish_game(mover, result, next),
            None => {
                self.position = next;
                self.phase = Phase::AwaitRoll;
            }
        }
    }

    fn finish_game(&mut self, winner: Color, result: GameResult, last: Position) {
        let record = GameRecord { winner, result };
        self.score.push(record);
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
        if self.score.is_over() {
            // The board keeps the final position of the last game.
            self.position = last;
            self.phase = Phase::MatchOver;
            return;
        }
        self.position = Position::start(record.winner.other());
        self.last = None;
        self.phase = Phase::AwaitRoll;
        self.log.push(GameLog {
            starter: self.position.turn(),
            turns: Vec::new(),
            result: None,
        });
    }

    /// Whether the match still has games to play.
    #[must_use]
    pub fn in_progress(&self) -> bool {
        !matches!(self.phase, Phase::MatchOver)
    }

    /// The turn in progress, if a roll is being played.
    #[must_use]
    pub fn turn(&self) -> Option<&Turn> {
        match &self.phase {
            Phase::Moving(t) => Some(t),
            _ => None,
        }
    }

    /// The turn in progress, mutably.
    pub fn turn_mut(&mut self) -> Option<&mut Turn> {
        match &mut self.phase {
            Phase::Moving(t) => Some(t),
            _ => None,
        }
    }
}
