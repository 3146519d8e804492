//! A save read into typed values: the file's form ([`SavedMatch`], strings as TOML holds
//! them) checked by one validating function, [`SaveData::read`], into the form replaying
//! works on — colours, levels, the rules, rolls, results and the position as the game's
//! types — as shakmaty turns an unchecked `Setup` into a position through a validating
//! constructor. Only what needs the turns replayed is left to [`super::replay`]: whether
//! the teka, the starters, the plays and the results fit the game as it goes, and the
//! position and the dice it leads to.
//!
//! The checks keep the order they had when the replay made them all, but for reading the
//! text fields, which now comes before every check that needs the replay: a save with a
//! single fault is refused with the same error as before (one with several may now be
//! refused for another of them first).

use super::error::{GameErrors, SaveError, TurnProblem};
use super::format::{
    DiceRecord, FORMAT, GAME_FORMAT, NEWEST_FORMAT, RESIGN_FORMAT, STEPS_FORMAT, SavedGame, SavedMatch,
    side_of,
};
use crate::ai::Level;
use crate::game::{CubeAction, Game, Opening};
use crate::rules::{Color, Roll};
use crate::session::MAX_NAME;

/// More dice than any real match rolls (a 7-game match has a few thousand); a save that
/// claims more is damaged.
const MAX_DICE: u64 = 1_000_000;

/// A save read and checked as far as it can be without replaying its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveData<G: Game> {
    pub header: Header<G>,
    /// The opening rolls, White's die then Black's (replaying checks them): bräde's teka of
    /// the first game.
    pub teka: Vec<(u8, u8)>,
    /// Every game begun, the current one last.
    pub games: Vec<GameData<G>>,
    /// A roll made but not yet played.
    pub roll: Option<Roll>,
    /// The steps of it already taken, `(from, die)` in the mover's numbering (replaying
    /// takes them).
    pub steps: Vec<(u8, u8)>,
    /// The last game is over and the match summary has been shown.
    pub finished: bool,
    /// Where the turns must lead.
    pub position: SavedPosition<G::Position>,
}

/// What a save says of the match as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header<G: Game> {
    /// The format it was written in (it decides what else is checked).
    pub format: u32,
    /// Seconds since 1970 (UTC).
    pub saved_at: u64,
    /// White's name, then Black's.
    pub names: [String; 2],
    /// The match's length.
    pub length: u32,
    /// The rules it is played by.
    pub rules: G::Rules,
    /// The computer's level for each side it plays.
    pub computer: [Option<Level>; 2],
    /// Where its dice stand (`legacy`: saved before format 3).
    pub dice: DiceRecord,
}

/// One game as a save says it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameData<G: Game> {
    pub starter: Color,
    pub turns: Vec<TurnData>,
    /// The doubling cube's actions, each with the number of turns played before it, in
    /// order (replaying checks that each fits).
    pub cube: Vec<(usize, CubeAction)>,
    /// How the game ended, as saved: `None` while it is played, and when the save gives it
    /// no winner or no result (replaying then says whether it is over).
    pub result: Option<G::Record>,
}

/// One saved turn: the roll, and the play as written (in the game's notation; bräde writes
/// `-` for a forfeited roll). The play is read when it is replayed, on its turn: whether it
/// reads, and what it means, depends on the position and the roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnData {
    pub roll: Roll,
    pub play: String,
}

/// The position a save says the turns lead to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedPosition<P> {
    /// A position, its code written exactly as the game writes it.
    Position(P),
    /// Text that is no position's code as the game writes it: no replay leads there. (A save
    /// of format 1 may hold one where its position is not checked: during the teka, after a
    /// game.)
    Text(String),
}

impl<G: GameErrors> SaveData<G> {
    /// Checks a save as far as it can be checked without replaying it — the header, the
    /// rules, then every text field read in the file's order — and returns its typed form.
    pub fn read(saved: &SavedMatch) -> Result<SaveData<G>, SaveError> {
        check_header::<G>(saved)?;
        let rules = rules_of::<G>(saved)?;
        let games = saved
            .game
            .iter()
            .enumerate()
            .map(|(i, g)| read_game::<G>(i + 1, g, saved.format))
            .collect::<Result<Vec<_>, _>>()?;
        let roll = saved
            .roll
            .as_deref()
            .map(|r| r.parse().map_err(SaveError::RollInProgress))
            .transpose()?;
        if !saved.steps.is_empty() && (saved.format < STEPS_FORMAT || roll.is_none()) {
            return Err(SaveError::StepsOutOfPlace);
        }
        let level = |text: &Option<String>| -> Result<Option<Level>, SaveError> {
            text.as_deref()
                .map(|t| t.parse::<Level>().map_err(|_| SaveError::Level(t.to_string())))
                .transpose()
        };
        let computer = [level(&saved.white_computer)?, level(&saved.black_computer)?];
        let position = match G::read_position(&saved.position) {
            Some(p) if G::position_code(&p) == saved.position => SavedPosition::Position(p),
            _ => SavedPosition::Text(saved.position.clone()),
        };
        Ok(SaveData {
            header: Header {
                format: saved.format,
                saved_at: saved.saved_at,
                names: [saved.white.clone(), saved.black.clone()],
                length: saved.games,
                rules,
                computer,
                dice: DiceRecord {
                    seed: saved.seed,
                    drawn: saved.dice_drawn,
                    typed: saved.dice_typed,
                    typed_rolls: saved.typed_rolls.clone(),
                    manual: saved.manual_dice,
                    legacy: saved.format < 3,
                },
            },
            teka: saved.teka.iter().map(|&[w, b]| (w, b)).collect(),
            games,
            roll,
            steps: saved.steps.iter().map(|&[from, die]| (from, die)).collect(),
            finished: saved.finished,
            position,
        })
    }

    /// How many rolls the save holds: the teka's, every turn's and one in progress.
    #[must_use]
    pub fn rolls(&self) -> usize {
        self.teka.len()
            + self.games.iter().map(|g| g.turns.len()).sum::<usize>()
            + usize::from(self.roll.is_some())
    }
}

impl<P> SavedPosition<P> {
    /// The position's code as saved.
    pub fn text<G: Game<Position = P>>(&self) -> String {
        match self {
            SavedPosition::Position(p) => G::position_code(p),
            SavedPosition::Text(text) => text.clone(),
        }
    }
}

/// Checks what can be checked of the save as a whole: the format, the length, the names,
/// that the dice saved add up and that typed rolls are allowed.
fn check_header<G: Game>(saved: &SavedMatch) -> Result<(), SaveError> {
    if !(1..=NEWEST_FORMAT).contains(&saved.format) {
        return Err(SaveError::UnknownFormat(saved.format));
    }
    // A save names its game from format 5 on (and format 5 only for one that names it).
    let named = saved.kind.is_some();
    if saved.kind.as_deref() != G::SAVE_NAME
        || (named && saved.format < GAME_FORMAT)
        || (saved.format == GAME_FORMAT && !named)
    {
        return Err(SaveError::OtherGame {
            saved: saved.kind.clone(),
            read: G::SAVE_NAME,
        });
    }
    if !G::is_length(saved.games) {
        return Err(SaveError::Length(saved.games));
    }
    for name in [&saved.white, &saved.black] {
        if name.trim().is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
            return Err(SaveError::Name(name.clone()));
        }
    }
    // Every die drawn went to a teka or a roll: a save that lost turns (truncated, cut
    // short, edited) does not add up. (An opening roll that its starter plays, as in
    // backgammon, is his first turn's roll too: it is counted once. Bräde has none.)
    let turns: usize = saved.game.iter().map(|g| g.turns.len()).sum();
    let played_openings = saved
        .teka
        .iter()
        .filter(|&&[w, b]| matches!(G::opening(w, b), Opening::Plays { .. }))
        .count();
    // A resignation accepted on a roll ended the game with that roll unplayed.
    let resigned_on = saved
        .game
        .iter()
        .flat_map(|g| &g.cube)
        .filter(|entry| {
            entry
                .split_once(' ')
                .and_then(|(_, action)| CubeAction::read(action))
                .is_some_and(|a| matches!(a, CubeAction::Resign(r) if r.roll.is_some()))
        })
        .count();
    let rolls = (saved.teka.len() + turns + resigned_on + usize::from(saved.roll.is_some()))
        .saturating_sub(played_openings) as u64;
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
    Ok(())
}

/// The rules a save names (the game's default rules when none): only from format 4 on.
fn rules_of<G: GameErrors>(saved: &SavedMatch) -> Result<G::Rules, SaveError> {
    let Some(code) = &saved.rules else {
        return Ok(G::default_rules());
    };
    if saved.format < FORMAT {
        return Err(SaveError::RulesBeforeFormat(code.clone(), saved.format));
    }
    code.parse().map_err(|e| G::rules_error(code.clone(), e))
}

/// Game `number` (from 1) of a save of `format` read: its starter, its turns' rolls, its
/// actions, its result.
fn read_game<G: Game>(number: usize, g: &SavedGame, format: u32) -> Result<GameData<G>, SaveError> {
    let starter = side_of(&g.starter).ok_or_else(|| SaveError::Starter {
        game: number,
        starter: g.starter.clone(),
    })?;
    let turns = g
        .turns
        .iter()
        .enumerate()
        .map(|(ti, text)| {
            let bad = |problem: TurnProblem| SaveError::Turn {
                game: number,
                turn: ti + 1,
                problem,
            };
            let (dice, play) = text
                .trim()
                .split_once(' ')
                .ok_or_else(|| bad(TurnProblem::NotDicePlay(text.clone())))?;
            let roll: Roll = dice.parse().map_err(|e| bad(TurnProblem::Dice(e)))?;
            Ok(TurnData {
                roll,
                play: play.to_string(),
            })
        })
        .collect::<Result<Vec<_>, SaveError>>()?;
    // A result is a winner and a result's notation. With either missing the game is taken
    // as not over (replaying then says whether it is), but a result alone must still read;
    // a pair that does not read fits no end of a game, as replaying would find.
    let result = match (&g.winner, &g.result) {
        (Some(winner), Some(result)) => Some(
            side_of(winner)
                .and_then(|w| G::read_record(w, result))
                .ok_or(SaveError::ResultMismatch(number))?,
        ),
        (None, Some(result))
            if Color::BOTH
                .into_iter()
                .all(|w| G::read_record(w, result).is_none()) =>
        {
            return Err(SaveError::UnknownResult {
                game: number,
                result: result.clone(),
            });
        }
        _ => None,
    };
    let mut cube = Vec::with_capacity(g.cube.len());
    for entry in &g.cube {
        let bad = || SaveError::Cube {
            game: number,
            entry: entry.clone(),
        };
        let (at, action) = entry.trim().split_once(' ').ok_or_else(bad)?;
        let at: usize = at.parse().map_err(|_| bad())?;
        let action = CubeAction::read(action).ok_or_else(bad)?;
        // Resignations came with format 6.
        if matches!(action, CubeAction::Resign(_)) && format < RESIGN_FORMAT {
            return Err(SaveError::Resignation {
                game: number,
                entry: entry.clone(),
            });
        }
        // In the order played, and never after the last turn saved.
        if at > turns.len() || cube.last().is_some_and(|&(before, _)| before > at) {
            return Err(bad());
        }
        cube.push((at, action));
    }
    Ok(GameData {
        starter,
        turns,
        cube,
        result,
    })
}
