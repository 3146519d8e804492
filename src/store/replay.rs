//! Resuming a save by replaying it: every turn through the rules engine, with every check
//! a save allows (dice counts, the dice drawn again from the seed, results, the position
//! reached) — and the boards of a replay, turn by turn.

use super::error::{RollAt, SaveError, TurnProblem};
use super::format::{FORMAT, SavedMatch, side_name, side_of};
use crate::ai::Level;
use crate::rules::{Color, GameRecord, GameResult, Position, Roll, RuleSet, parse_notation};
use crate::session::{
    DiceSource as _, GAME_CHOICES, LastPlay, MAX_NAME, Match, Phase, SeededDice, match_seed,
};

/// More dice than any real match rolls (a 7-game match has a few thousand); a save that
/// claims more is damaged.
const MAX_DICE: u64 = 1_000_000;

/// A match rebuilt from a save, with where its dice stand.
#[derive(Debug)]
pub struct Restored {
    pub game: Match,
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

/// Rebuilds the match by replaying every turn through the rules engine.
pub fn restore(saved: &SavedMatch) -> Result<Restored, SaveError> {
    replay(saved, |_| {})
}

/// The rules a save names (the Vasamuseet rules when none): only from format 4 on.
fn rules_of(saved: &SavedMatch) -> Result<RuleSet, SaveError> {
    let Some(code) = &saved.rules else {
        return Ok(RuleSet::VASAMUSEET);
    };
    if saved.format < FORMAT {
        return Err(SaveError::RulesBeforeFormat(code.clone(), saved.format));
    }
    code.parse().map_err(|e| SaveError::Rules(code.clone(), e))
}

/// Checks what can be checked before replaying: the format, the length, the names, that
/// the dice saved add up and that typed rolls are allowed. Returns the number of rolls.
fn check_header(saved: &SavedMatch) -> Result<u64, SaveError> {
    if !(1..=FORMAT).contains(&saved.format) {
        return Err(SaveError::UnknownFormat(saved.format));
    }
    if !GAME_CHOICES.contains(&saved.games) {
        return Err(SaveError::Length(saved.games));
    }
    for name in [&saved.white, &saved.black] {
        if name.trim().is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
            return Err(SaveError::Name(name.clone()));
        }
    }
    // Every die drawn went to a teka or a roll: a save that lost turns (truncated, cut
    // short, edited) does not add up.
    let turns: usize = saved.game.iter().map(|g| g.turns.len()).sum();
    let rolls = (saved.teka.len() + turns + usize::from(saved.roll.is_some())) as u64;
    let expected = 2 * rolls;
    match saved.dice_drawn.checked_add(saved.dice_typed) {
        Some(n) if n == expected && n <= MAX_DICE => {}
        _ => {
            return Err(SaveError::DiceCount {
                drawn: saved.dice_drawn,
                typed: saved.dice_typed,
                expected,
            });
        }
    }
    // Typed rolls only in a match started with manual dice, which types every roll and
    // draws none (format 3 records it); a save before it has drawn dice only. So declaring
    // rolls typed cannot switch off the check of the dice drawn from the seed.
    let all_typed: Vec<u64> = (0..rolls).collect();
    let typed_allowed = match (saved.format >= 3, saved.manual_dice) {
        (true, true) => saved.dice_drawn == 0 && saved.seed.is_none() && saved.typed_rolls == all_typed,
        _ => saved.dice_typed == 0 && saved.typed_rolls.is_empty() && !saved.manual_dice,
    };
    if !typed_allowed {
        return Err(SaveError::TypedWithoutManual {
            manual: saved.manual_dice,
            typed: saved.typed_rolls.len(),
            rolls,
        });
    }
    if 2 * saved.typed_rolls.len() as u64 != saved.dice_typed {
        return Err(SaveError::TypedRolls {
            rolls: saved.typed_rolls.clone(),
            typed: saved.dice_typed,
        });
    }
    if saved.dice_drawn > 0 && saved.seed.is_none() {
        return Err(SaveError::SeedMissing);
    }
    Ok(rolls)
}

/// The match replayed turn by turn: the same checks as [`restore`], with `visit` called
/// on the match after every turn played.
pub fn replay(saved: &SavedMatch, mut visit: impl FnMut(&Match)) -> Result<Restored, SaveError> {
    let rolls = check_header(saved)?;
    let rules = rules_of(saved)?;
    // Every roll in the match's order, with where it is saved, for the dice check.
    let mut rolled: Vec<((u8, u8), RollAt)> = Vec::with_capacity(rolls as usize);
    let mut game: Match = Match::new(&saved.white, &saved.black, saved.games).by_rules(rules);
    for &[w, b] in &saved.teka {
        if !matches!(game.phase, Phase::Teka { .. }) || !(1..=6).contains(&w) || !(1..=6).contains(&b) {
            return Err(SaveError::Teka(w, b));
        }
        game.teka(w, b);
        rolled.push(((w, b), RollAt::Teka));
    }
    if saved.game.len() > saved.games as usize {
        return Err(SaveError::TooManyGames {
            saved: saved.game.len(),
            games: saved.games,
        });
    }
    for (gi, g) in saved.game.iter().enumerate() {
        if gi > 0 {
            if !matches!(game.phase, Phase::GameOver { .. }) {
                return Err(SaveError::EarlyStart {
                    game: gi + 1,
                    previous: gi,
                });
            }
            game.next_game();
        }
        if !matches!(game.phase, Phase::AwaitRoll) || side_of(&g.starter) != Some(game.position.turn()) {
            return Err(SaveError::Starter {
                game: gi + 1,
                starter: g.starter.clone(),
            });
        }
        for (ti, text) in g.turns.iter().enumerate() {
            let bad = |problem: TurnProblem| SaveError::Turn {
                game: gi + 1,
                turn: ti + 1,
                problem,
            };
            if !matches!(game.phase, Phase::AwaitRoll) {
                return Err(bad(TurnProblem::AfterTheEnd));
            }
            let (dice, play) = text
                .trim()
                .split_once(' ')
                .ok_or_else(|| bad(TurnProblem::NotDicePlay(text.clone())))?;
            let roll: Roll = dice.parse().map_err(|e| bad(TurnProblem::Dice(e)))?;
            rolled.push((
                roll.dice(),
                RollAt::Turn {
                    game: gi + 1,
                    turn: ti + 1,
                },
            ));
            game.roll(roll);
            if let Some(turn) = game.turn_mut() {
                let steps = parse_notation(play).map_err(|e| bad(TurnProblem::Notation(e)))?;
                turn.play_typed(&steps).map_err(|refused| {
                    bad(TurnProblem::Illegal {
                        play: play.to_string(),
                        refused,
                    })
                })?;
            } else if play.trim() != "-" {
                return Err(bad(TurnProblem::Unplayable {
                    roll,
                    play: play.to_string(),
                }));
            }
            game.confirm().map_err(|e| bad(TurnProblem::Unfinished(e)))?;
            visit(&game);
        }
        let ended = match &game.phase {
            Phase::GameOver { record, .. } => {
                Some((side_name(record.winner).to_string(), record.result.notation()))
            }
            _ => None,
        };
        if ended != g.winner.clone().zip(g.result.clone()) {
            return Err(SaveError::ResultMismatch(gi + 1));
        }
        if let Some(r) = &g.result
            && GameResult::from_notation(r).is_none()
        {
            return Err(SaveError::UnknownResult {
                game: gi + 1,
                result: r.clone(),
            });
        }
    }
    // The match length must fit the results: all games played once it is over, and a
    // finished last game ends the match only when it is the last.
    if saved.finished {
        if !(matches!(game.phase, Phase::GameOver { .. }) && game.score.is_over()) {
            return Err(SaveError::NotAllPlayed);
        }
        game.next_game();
    }
    if let Some(roll) = &saved.roll {
        if !matches!(game.phase, Phase::AwaitRoll) {
            return Err(SaveError::RollOutOfPlace);
        }
        let roll: Roll = roll.parse().map_err(SaveError::RollInProgress)?;
        rolled.push((roll.dice(), RollAt::InProgress));
        game.roll(roll);
    }
    check_position(saved, &game)?;
    // The dice drawn again from the seed must be the dice saved — from format 3 on, from
    // the seed bound to the match's length, players and rules, so that changing any shows.
    // (A match with a seed has no typed roll: `check_header` saw to it.)
    if let Some(seed) = saved.seed {
        let names = [saved.white.clone(), saved.black.clone()];
        let seed = if saved.format >= 3 {
            match_seed(seed, saved.games, &names, rules)
        } else {
            seed
        };
        let mut dice = SeededDice::from_seed(seed);
        for &(saved_dice, at) in &rolled {
            let drawn = (dice.die(), dice.die());
            if drawn != saved_dice {
                return Err(SaveError::NotFromSeed {
                    at,
                    saved: saved_dice,
                    drawn,
                });
            }
        }
    }
    let level = |text: &Option<String>| -> Result<Option<Level>, SaveError> {
        text.as_deref()
            .map(|t| t.parse::<Level>().map_err(|_| SaveError::Level(t.to_string())))
            .transpose()
    };
    let computer = [level(&saved.white_computer)?, level(&saved.black_computer)?];
    Ok(Restored {
        game,
        computer,
        seed: saved.seed,
        dice_drawn: saved.dice_drawn,
        dice_typed: saved.dice_typed,
        typed_rolls: saved.typed_rolls.clone(),
        manual: saved.manual_dice,
        legacy: saved.format < 3,
        saved_at: saved.saved_at,
    })
}

/// Where the turns lead must be the saved position: the board now, or the final position
/// of a finished game. Format 1 saved the position before a game's last play, and nothing
/// useful during the teka or after the match.
fn check_position(saved: &SavedMatch, game: &Match) -> Result<(), SaveError> {
    let reached = match &game.phase {
        Phase::GameOver { last, .. } => *last,
        _ => game.position,
    };
    let checked = saved.format >= 2
        || !matches!(
            game.phase,
            Phase::Teka { .. } | Phase::GameOver { .. } | Phase::MatchOver
        );
    if checked && reached.code() != saved.position {
        return Err(SaveError::Position {
            reached: reached.code(),
            saved: saved.position.clone(),
        });
    }
    Ok(())
}

/// One step of a replay: the board after a turn (or at a game's start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The game (from 1) and the turn in it (0 = before the first turn).
    pub game: usize,
    pub turn: usize,
    pub position: Position,
    pub last: Option<LastPlay>,
    /// Points after this turn, White's and Black's.
    pub score: (u32, u32),
    /// The game's result, on the frame of its last turn.
    pub result: Option<GameRecord>,
}

/// Every board of a saved match, turn by turn, for replaying it.
pub fn frames(saved: &SavedMatch) -> Result<Vec<Frame>, SaveError> {
    let mut frames = Vec::new();
    let mut turn_in_game = 0;
    let mut games_seen = 0;
    replay(saved, |game| {
        let score = (game.score.points(Color::White), game.score.points(Color::Black));
        if game.log.len() != games_seen {
            games_seen = game.log.len();
            turn_in_game = 0;
            frames.push(Frame {
                game: games_seen,
                turn: 0,
                position: Position::start(game.log[games_seen - 1].starter),
                last: None,
                score,
                result: None,
            });
        }
        turn_in_game += 1;
        let (position, result) = match &game.phase {
            Phase::GameOver { record, last } => (*last, Some(*record)),
            _ => (game.position, None),
        };
        frames.push(Frame {
            game: games_seen,
            turn: turn_in_game,
            position,
            last: game.last.clone(),
            score,
            result,
        });
    })?;
    Ok(frames)
}
