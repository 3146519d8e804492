//! Resuming a save by replaying it: every turn through the game's rules, with every check
//! that needs the turns replayed (the teka, who starts, every play, the results, the
//! match's end, the position reached, the dice drawn again from the seed) — and the boards
//! of a replay, turn by turn. It works on a save's typed form ([`SaveData`]), which
//! [`SaveData::read`] checked as far as it could without replaying.

use super::data::{SaveData, SavedPosition};
use super::error::{GameErrors, RollAt, SaveError, TurnProblem};
use super::format::{SavedMatch, side_name};
use crate::ai::Level;
use std::any::Any;

use crate::game::{Checkers as _, CubeAction, Game, Kind, NextGame, TurnPlay as _, TurnView as _};
use crate::rules::Color;
use crate::session::{DiceSource as _, LastPlay, Match, Phase, SeededDice, match_seed};

/// A match rebuilt from a save, with where its dice stand.
#[derive(Debug)]
pub struct Restored<G: Game> {
    pub game: Match<G>,
    /// The computer's level for each side it plays.
    pub computer: [Option<Level>; 2],
    pub seed: Option<u64>,
    pub dice_drawn: u64,
    pub dice_typed: u64,
    pub typed_rolls: Vec<u64>,
    /// Played with real dice (typed), from its start.
    pub manual: bool,
    /// Saved before format 3: its dice come from the seed itself, and it stays in its
    /// format.
    pub legacy: bool,
    pub saved_at: u64,
}

/// A saved match restored, of the game its save names: which game (as the one list names
/// it), what a listing of matches in progress needs of any game, and the match itself for
/// the code of its game ([`Resumable::of`], [`Resumable::into_game`]).
pub struct Resumable {
    pub kind: Kind,
    /// When it was last saved (seconds since 1970, UTC).
    pub saved_at: u64,
    /// Whether its match is over (finished, not yet recorded).
    pub over: bool,
    restored: Box<dyn Any + Send>,
}

impl std::fmt::Debug for Resumable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resumable")
            .field("kind", &self.kind)
            .field("saved_at", &self.saved_at)
            .field("over", &self.over)
            .finish_non_exhaustive()
    }
}

impl Resumable {
    /// The match of game `G` restored.
    #[must_use]
    pub fn new<G: Game>(restored: Restored<G>) -> Resumable {
        Resumable {
            kind: Kind::of_save(G::SAVE_NAME).unwrap_or(Kind::ALL[0]),
            saved_at: restored.saved_at,
            over: matches!(restored.game.phase, Phase::MatchOver),
            restored: Box::new(restored),
        }
    }

    /// The match restored, if it is of game `G`.
    #[must_use]
    pub fn of<G: Game>(&self) -> Option<&Restored<G>> {
        self.restored.downcast_ref()
    }

    /// The match restored, if it is of game `G` (else itself back).
    pub fn into_game<G: Game>(self) -> Result<Restored<G>, Resumable> {
        let Resumable {
            kind,
            saved_at,
            over,
            restored,
        } = self;
        restored.downcast().map(|r| *r).map_err(|restored| Resumable {
            kind,
            saved_at,
            over,
            restored,
        })
    }
}

/// Rebuilds the match of whichever game the save names (`kind`, chosen through [`Kind`]
/// here, the one place a save's game is chosen) by replaying every turn through that
/// game's rules. A kind no game has is read as the first game's save, whose reading
/// refuses it in words.
pub fn restore_any(saved: &SavedMatch) -> Result<Resumable, SaveError> {
    let kind = Kind::of_save(saved.kind.as_deref()).unwrap_or(Kind::ALL[0]);
    crate::with_game!(kind, G => Ok(Resumable::new(restore::<G>(saved)?)))
}

/// Rebuilds the match of `G` by replaying every turn through its rules.
pub fn restore<G: GameErrors>(saved: &SavedMatch) -> Result<Restored<G>, SaveError> {
    replay(&SaveData::<G>::read(saved)?, |_| {})
}

/// The match replayed turn by turn, with every check that needs the replay, and `visit`
/// called on the match after every turn played and every action of the doubling cube.
pub fn replay<G: GameErrors>(
    data: &SaveData<G>,
    mut visit: impl FnMut(&Match<G>),
) -> Result<Restored<G>, SaveError> {
    let header = &data.header;
    // Every roll in the match's order, with where it is saved, for the dice check.
    let mut rolled: Vec<((u8, u8), RollAt)> = Vec::with_capacity(data.rolls());
    let [white, black] = &header.names;
    let mut game: Match<G> = Match::new(white, black, header.length).by_rules(header.rules);
    // The opening rolls, taken while a game opens with them: in bräde the first game's
    // teka; in a game whose every game opens so, each game's in turn.
    let mut openings = data.teka.iter().copied().peekable();
    open(&mut game, &mut openings, &mut rolled)?;
    // Rolls left over after the first game's opening belong to no game, unless a later
    // game opens with them.
    let reopens = data.games.iter().any(|g| {
        g.result
            .is_some_and(|r| matches!(G::next_game(&r), NextGame::Opening))
    });
    if !reopens && let Some(&(w, b)) = openings.peek() {
        return Err(SaveError::Teka(w, b));
    }
    if data.games.len() > G::most_games(header.length) {
        return Err(SaveError::TooManyGames {
            saved: data.games.len(),
            games: header.length,
        });
    }
    for (gi, g) in data.games.iter().enumerate() {
        if gi > 0 {
            if !matches!(game.phase, Phase::GameOver { .. }) {
                return Err(SaveError::EarlyStart {
                    game: gi + 1,
                    previous: gi,
                });
            }
            game.next_game();
            open(&mut game, &mut openings, &mut rolled)?;
        }
        // An opening roll its starter plays (backgammon) has him playing it already.
        let mut opening = game.turn().map(|t| t.roll());
        if !(matches!(game.phase, Phase::AwaitRoll) || opening.is_some())
            || g.starter != game.position.to_move()
        {
            return Err(SaveError::Starter {
                game: gi + 1,
                starter: side_name(g.starter).to_string(),
            });
        }
        let mut cube = g.cube.iter().peekable();
        for (ti, t) in g.turns.iter().enumerate() {
            cube_actions(&mut game, gi + 1, ti, &mut cube, &mut rolled, &mut visit)?;
            let bad = |problem: TurnProblem| SaveError::Turn {
                game: gi + 1,
                turn: ti + 1,
                problem,
            };
            if matches!(game.phase, Phase::GameOver { .. }) {
                // (A resignation accepted on the opening roll ended the game before it.)
                return Err(bad(TurnProblem::AfterTheEnd));
            }
            if let Some(opening) = opening.take() {
                if t.roll.dice() != opening.dice() && t.roll.dice() != (opening.low(), opening.high()) {
                    return Err(bad(TurnProblem::NotTheOpening {
                        roll: t.roll,
                        opening,
                    }));
                }
            } else if !matches!(game.phase, Phase::AwaitRoll) {
                return Err(bad(TurnProblem::AfterTheEnd));
            } else {
                rolled.push((
                    t.roll.dice(),
                    RollAt::Turn {
                        game: gi + 1,
                        turn: ti + 1,
                    },
                ));
                game.roll(t.roll);
            }
            if let Some(turn) = game.turn_mut() {
                G::play_text(turn, &t.play).map_err(|e| bad(G::play_problem(&t.play, e)))?;
            } else if t.play.trim() != G::pass(&game.position).0.to_string() {
                // A forfeited roll is saved as the game writes an empty play (bräde: `-`).
                return Err(bad(TurnProblem::Unplayable {
                    roll: t.roll,
                    play: t.play.clone(),
                }));
            }
            game.confirm().map_err(|e| bad(G::unfinished(e)))?;
            visit(&game);
        }
        cube_actions(
            &mut game,
            gi + 1,
            g.turns.len(),
            &mut cube,
            &mut rolled,
            &mut visit,
        )?;
        let ended = match &game.phase {
            Phase::GameOver { record, .. } => Some(*record),
            _ => None,
        };
        if ended != g.result {
            return Err(SaveError::ResultMismatch(gi + 1));
        }
    }
    // The match length must fit the results: all games played once it is over, and a
    // finished last game ends the match only when it is the last.
    if data.finished {
        if !(matches!(game.phase, Phase::GameOver { .. }) && G::is_over(&game.score)) {
            return Err(SaveError::NotAllPlayed);
        }
        game.next_game();
    }
    // Rolls left over that no game opened with.
    if let Some((w, b)) = openings.next() {
        return Err(SaveError::Teka(w, b));
    }
    let opening = data.games.last().is_some_and(|g| g.turns.is_empty()) && game.turn().is_some();
    match data.roll {
        // The opening roll being played: saved as the roll in progress, not rolled again.
        Some(roll) if opening && game.turn().is_some_and(|t| t.roll().dice() == roll.dice()) => {}
        Some(roll) => {
            if !matches!(game.phase, Phase::AwaitRoll) {
                return Err(SaveError::RollOutOfPlace);
            }
            rolled.push((roll.dice(), RollAt::InProgress));
            game.roll(roll);
        }
        None if opening => return Err(SaveError::OpeningUnplayed),
        None => {}
    }
    // The steps of the roll already taken, as the player left them (never the computer's:
    // it plays its turn afresh).
    for (k, &(from, die)) in data.steps.iter().enumerate() {
        let turn = match game.turn_mut() {
            Some(turn) if header.computer[turn.mover().index()].is_none() => turn,
            _ => return Err(SaveError::StepsOutOfPlace),
        };
        if turn.step(from, die).is_err() {
            return Err(SaveError::StepInProgress {
                number: k + 1,
                from,
                die,
            });
        }
    }
    check_position(data, &game)?;
    // The dice drawn again from the seed must be the dice saved — from format 3 on, from
    // the seed bound to the match's length, players and rules, so that changing any shows.
    // (A match with a seed has no typed roll: `SaveData::read` saw to it.)
    let dice = &header.dice;
    if let Some(seed) = dice.seed {
        let seed = if header.format >= 3 {
            match_seed(seed, header.length, &header.names, header.rules)
        } else {
            seed
        };
        let mut drawn_again = SeededDice::from_seed(seed);
        for &(saved_dice, at) in &rolled {
            let drawn = (drawn_again.die(), drawn_again.die());
            if drawn != saved_dice {
                return Err(SaveError::NotFromSeed {
                    at,
                    saved: saved_dice,
                    drawn,
                });
            }
        }
    }
    Ok(Restored {
        game,
        computer: header.computer,
        seed: dice.seed,
        dice_drawn: dice.drawn,
        dice_typed: dice.typed,
        typed_rolls: dice.typed_rolls.clone(),
        manual: dice.manual,
        legacy: dice.legacy,
        saved_at: header.saved_at,
    })
}

/// Plays the actions saved before turn `turn` (from 0) of game `number` — the doubling
/// cube's and the resignations; each must be what the match allows there (a roll a
/// resignation was accepted on is added to `rolled`). `visit` is called after each.
fn cube_actions<'a, G: Game>(
    game: &mut Match<G>,
    number: usize,
    turn: usize,
    actions: &mut std::iter::Peekable<impl Iterator<Item = &'a (usize, CubeAction)>>,
    rolled: &mut Vec<((u8, u8), RollAt)>,
    visit: &mut impl FnMut(&Match<G>),
) -> Result<(), SaveError> {
    while let Some(&&(at, action)) = actions.peek()
        && at == turn
    {
        actions.next();
        let entry = || format!("{at} {}", action.text());
        let done = match action {
            CubeAction::Double => game.double(),
            CubeAction::Take => game.take_double(),
            CubeAction::Drop => game.drop_double(),
            CubeAction::Resign(r) => {
                let Some(roll) = game.resign_again(r) else {
                    return Err(SaveError::Resignation {
                        game: number,
                        entry: entry(),
                    });
                };
                if let Some(roll) = roll {
                    let at = RollAt::Turn {
                        game: number,
                        turn: turn + 1,
                    };
                    rolled.push((roll.dice(), at));
                }
                true
            }
        };
        if !done {
            return Err(SaveError::Cube {
                game: number,
                entry: entry(),
            });
        }
        visit(game);
    }
    Ok(())
}

/// Takes opening rolls while `game` opens with them: in bräde the first game's teka; in a
/// game whose every game opens so, each game's in turn.
fn open<G: Game>(
    game: &mut Match<G>,
    openings: &mut impl Iterator<Item = (u8, u8)>,
    rolled: &mut Vec<((u8, u8), RollAt)>,
) -> Result<(), SaveError> {
    while matches!(game.phase, Phase::Teka { .. })
        && let Some((w, b)) = openings.next()
    {
        if !(1..=6).contains(&w) || !(1..=6).contains(&b) {
            return Err(SaveError::Teka(w, b));
        }
        game.teka(w, b);
        rolled.push(((w, b), RollAt::Teka));
    }
    Ok(())
}

/// Where the turns lead must be the saved position: the board now, or the final position
/// of a finished game. Format 1 saved the position before a game's last play, and nothing
/// useful during the teka or after the match.
fn check_position<G: Game>(data: &SaveData<G>, game: &Match<G>) -> Result<(), SaveError> {
    let reached = match &game.phase {
        Phase::GameOver { last, .. } => *last,
        _ => game.position,
    };
    let checked = data.header.format >= 2
        || !matches!(
            game.phase,
            Phase::Teka { .. } | Phase::GameOver { .. } | Phase::MatchOver
        );
    if checked && !matches!(&data.position, SavedPosition::Position(p) if *p == reached) {
        return Err(SaveError::Position {
            reached: G::position_code(&reached),
            saved: data.position.text::<G>(),
        });
    }
    Ok(())
}

/// One step of a replay: the board after a turn (or at a game's start), or after an
/// action of the doubling cube (backgammon).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame<G: Game> {
    /// The game (from 1) and the turn in it (0 = before the first turn; a cube action
    /// has the number of the turn before it).
    pub game: usize,
    pub turn: usize,
    pub position: G::Position,
    pub last: Option<LastPlay<G>>,
    /// Points after this turn, White's and Black's.
    pub score: (u32, u32),
    /// The game's result, on the frame of its last turn (or of the dropped double, or the
    /// resignation accepted).
    pub result: Option<G::Record>,
    /// The action this frame shows — the cube's, or a resignation (by the side that
    /// offered it) — and who made it; `None` on a turn's frame.
    pub cube: Option<(Color, CubeAction)>,
    /// What the game is played for after this frame (backgammon: the cube).
    pub stake: G::Stake,
}

/// Every board of a saved match of `G`, turn by turn, for replaying it.
pub fn frames<G: GameErrors>(saved: &SavedMatch) -> Result<Vec<Frame<G>>, SaveError> {
    frames_of(&SaveData::<G>::read(saved)?)
}

/// Every board of a save read, turn by turn, with a frame for each action of the
/// doubling cube.
pub fn frames_of<G: GameErrors>(data: &SaveData<G>) -> Result<Vec<Frame<G>>, SaveError> {
    let mut frames = Vec::new();
    let mut turn_in_game = 0;
    let mut games_seen = 0;
    let mut cube_seen = 0;
    replay(data, |game| {
        let points = |side: Color| -> u32 {
            game.log
                .iter()
                .filter_map(|g| g.result.as_ref())
                .filter(|r| G::winner(r) == side)
                .map(G::points)
                .sum()
        };
        let score = (points(Color::White), points(Color::Black));
        let Some(log) = game.log.last() else { return };
        if game.log.len() != games_seen {
            games_seen = game.log.len();
            turn_in_game = 0;
            cube_seen = 0;
            frames.push(Frame {
                game: games_seen,
                turn: 0,
                position: G::start(log.starter),
                last: None,
                score,
                result: None,
                cube: None,
                stake: G::stake(&game.score, game.rules),
            });
        }
        let (position, result) = match &game.phase {
            Phase::GameOver { record, last } => (*last, Some(*record)),
            _ => (game.position, None),
        };
        let cube = if log.cube.len() != cube_seen {
            cube_seen = log.cube.len();
            log.cube.last().map(|&(at, action)| {
                // The side to roll doubles or resigns; the other answers a double.
                let mover = log.mover(at);
                let by = match action {
                    CubeAction::Double | CubeAction::Resign(_) => mover,
                    CubeAction::Take | CubeAction::Drop => mover.other(),
                };
                (by, action)
            })
        } else {
            turn_in_game += 1;
            None
        };
        frames.push(Frame {
            game: games_seen,
            turn: turn_in_game,
            position,
            last: game.last.clone(),
            score,
            result,
            cube,
            stake: game.stake,
        });
    })?;
    Ok(frames)
}
