//! Backgammon rollouts: a position played out to the end many times by a level, on every
//! core, for the cubeless chances of the side to roll (win, win a gammon, win a
//! backgammon, lose a gammon, lose a backgammon, each counting the bigger results too, as
//! [`Probs`]) and its cubeless money equity, each with its standard error; and the
//! candidate plays of a roll rolled out side by side, for the differences between them.
//!
//! The dice, the threads and the sums are bräde's rollouts' ([`crate::ai::rollout`]):
//! game `i` draws its dice from its own generator seeded by the seed and `i`, its first
//! two rolls stratified (every pair of them once in 1 296 games), and every game's figures
//! are added in fixed point, so a seed gives the same figures on any number of threads.
//!
//! *Luck adjustment*, output by output: at every turn the shipped network's 0-ply
//! probabilities after the best play of the roll thrown, less their mean over all 36
//! rolls, are taken off the game's result (turned round when the roll was the other
//! side's). The mean is over the dice themselves, so each correction's expectation is 0
//! whatever the network's errors and the adjusted means stay unbiased; what the dice
//! gave and the network saw coming is cancelled, and with it most of the spread. It costs
//! an evaluation of every play of all 21 rolls per turn.
//!
//! *Common random numbers*: the candidates of [`rollout_plays`] play their game `i` with
//! the same dice (and the same players' seeds). Their difference is measured game by game,
//! and its standard error — from the games' own differences — is smaller than either
//! candidate's wherever the same dice do alike for both.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::net::{BgNet, OUTPUTS, Probs, Scratch, embedded};
use super::search::Searcher;
use super::{LevelError, player_with};
use crate::ai::Level;
use crate::ai::backgammon::cube::Outcomes;
use crate::ai::rollout::{Line, Paired, SCALE, dice_of, game_seed, mean_and_error, paired, roll_of};
use crate::backgammon::{Board, LegalPlay, MoveGen, Win};
use crate::rules::Roll;

/// The longest game played out (a real one is under 200 turns); a longer one is counted
/// as unfinished and scored by the network's view of where it stopped.
const MAX_TURNS: u32 = 2000;

/// How a rollout is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub games: u32,
    /// Who plays both sides: random, easy, medium, hard or expert.
    pub level: Level,
    pub seed: u64,
    /// Threads (the current rayon pool's, all cores by default, when `None`); the figures
    /// do not depend on it.
    pub threads: Option<usize>,
    /// Take each roll's luck off the results (see the module's notes).
    pub luck_adjusted: bool,
}

/// A figure measured by a rollout: the mean over its games and the mean's standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub error: f64,
}

/// The figures kept of every game: the five outputs, then the equity.
const FIGURES: usize = OUTPUTS + 1;

/// The ways a game ends for the side the figures are for: it wins a single game, a gammon,
/// a backgammon, or loses one of those.
pub const RESULTS: usize = 6;

/// A figure's sum over games and the sum of its squares, in 1/[`SCALE`] units: integers,
/// so that they add up the same in any order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sum {
    total: i64,
    squares: i128,
}

impl Sum {
    fn add(&mut self, x: i64) {
        self.total += x;
        self.squares += i128::from(x) * i128::from(x);
    }

    fn merge(&mut self, other: Sum) {
        self.total += other.total;
        self.squares += other.squares;
    }

    fn estimate(self, games: u32) -> Estimate {
        let (mean, error) = mean_and_error(
            games,
            self.total as f64 / SCALE,
            self.squares as f64 / (SCALE * SCALE),
        );
        Estimate { mean, error }
    }
}

/// A value in the sums' fixed point.
fn fixed(x: f64) -> i64 {
    (x * SCALE).round() as i64
}

/// The figures of a rollout, for the side to roll at the position rolled out (for a
/// candidate play, the side that made it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BgRollout {
    pub games: u32,
    /// Games that ended, by result in [`RESULTS`] order: won single, gammon, backgammon,
    /// lost single, gammon, backgammon.
    pub results: [u32; RESULTS],
    /// Games stopped after the longest game (never seen): scored by the network.
    pub unfinished: u32,
    /// The luck-adjusted figures (the plain ones when not adjusted).
    adjusted: [Sum; FIGURES],
    plain: [Sum; FIGURES],
}

impl BgRollout {
    /// The five chances ([`Probs`]' order), luck-adjusted when the rollout was. An
    /// adjusted chance near 0 or 1 may stray past it by about its standard error.
    #[must_use]
    pub fn outcomes(&self) -> [Estimate; OUTPUTS] {
        std::array::from_fn(|k| self.adjusted[k].estimate(self.games))
    }

    /// The cubeless money equity (points a game), luck-adjusted when the rollout was.
    #[must_use]
    pub fn equity(&self) -> Estimate {
        self.adjusted[OUTPUTS].estimate(self.games)
    }

    /// The five chances without the luck adjustment: the shares of the games.
    #[must_use]
    pub fn plain_outcomes(&self) -> [Estimate; OUTPUTS] {
        std::array::from_fn(|k| self.plain[k].estimate(self.games))
    }

    /// The mean points won without the luck adjustment.
    #[must_use]
    pub fn plain_equity(&self) -> Estimate {
        self.plain[OUTPUTS].estimate(self.games)
    }

    /// The chances as the cube's model takes them (each kept between 0 and the one above).
    #[must_use]
    pub fn chances(&self) -> Outcomes {
        let [w, wg, wbg, lg, lbg] = self.outcomes().map(|e| e.mean.clamp(0.0, 1.0));
        Outcomes {
            win: w,
            win_gammon: wg.min(w),
            win_backgammon: wbg.min(wg).min(w),
            lose_gammon: lg.min(1.0 - w),
            lose_backgammon: lbg.min(lg).min(1.0 - w),
        }
    }

    fn add(&mut self, game: &GameFigures) {
        self.games += 1;
        match game.result {
            Some(r) => self.results[r] += 1,
            None => self.unfinished += 1,
        }
        let (plain, adjusted) = game.figures();
        for k in 0..FIGURES {
            self.plain[k].add(plain[k]);
            self.adjusted[k].add(adjusted[k]);
        }
    }

    fn merge(&mut self, other: &BgRollout) {
        self.games += other.games;
        self.unfinished += other.unfinished;
        for (a, b) in self.results.iter_mut().zip(other.results) {
            *a += b;
        }
        for k in 0..FIGURES {
            self.plain[k].merge(other.plain[k]);
            self.adjusted[k].merge(other.adjusted[k]);
        }
    }
}

/// A candidate play rolled out beside the others of its roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayRollout {
    pub play: LegalPlay,
    /// Its figures, for the side that makes it.
    pub rollout: BgRollout,
    /// Whether its equity is the highest of the candidates' (the first of equals).
    pub best: bool,
    /// Its equity less the best candidate's (0 for the best), with the standard error of
    /// that difference measured game by game.
    pub behind_best: Estimate,
}

/// One game's figures, for the side they are for: its result (`None` if unfinished), the
/// five outputs it scored (0 or 1, or the network's chances where it stopped) and the luck
/// it had, output by output.
#[derive(Clone, Copy, Debug)]
struct GameFigures {
    result: Option<usize>,
    scored: [f64; OUTPUTS],
    luck: [f64; OUTPUTS],
}

impl GameFigures {
    /// The game as the side that won `win` sees it.
    fn won(win: Win) -> GameFigures {
        let kind = Win::ALL.iter().position(|&w| w == win).unwrap_or(0);
        GameFigures {
            result: Some(kind),
            scored: Probs::won(win).0.map(f64::from),
            luck: [0.0; OUTPUTS],
        }
    }

    /// The same game seen by the other side.
    fn turned(self) -> GameFigures {
        let [w, wg, wbg, lg, lbg] = self.scored;
        GameFigures {
            result: self.result.map(|r| (r + RESULTS / 2) % RESULTS),
            scored: [1.0 - w, lg, lbg, wg, wbg],
            luck: turned_change(self.luck),
        }
    }

    /// The game as the side `ours` says sees it: as it is, or turned.
    fn seen(self, ours: bool) -> GameFigures {
        if ours { self } else { self.turned() }
    }

    /// The plain and the luck-adjusted figures, in fixed point: the five outputs and the
    /// equity.
    fn figures(&self) -> ([i64; FIGURES], [i64; FIGURES]) {
        let adjusted: [f64; OUTPUTS] = std::array::from_fn(|k| self.scored[k] - self.luck[k]);
        let with_equity = |p: [f64; OUTPUTS]| -> [i64; FIGURES] {
            let [w, wg, wbg, lg, lbg] = p;
            let equity = 2.0 * w - 1.0 + wg + wbg - lg - lbg;
            std::array::from_fn(|k| fixed(if k < OUTPUTS { p[k] } else { equity }))
        };
        (with_equity(self.scored), with_equity(adjusted))
    }
}

/// A change in the five chances seen by the other side: its win is our loss, its gammons
/// ours lost.
fn turned_change(d: [f64; OUTPUTS]) -> [f64; OUTPUTS] {
    let [dw, dwg, dwbg, dlg, dlbg] = d;
    [-dw, dlg, dlbg, dwg, dwbg]
}

/// Where a line of a rollout starts: a board to play out (its side to roll being the
/// one the figures are for, or its opponent), or a game already won.
#[derive(Clone, Copy, Debug)]
enum Start {
    PlayOut { board: Board, ours: bool },
    Won(Win),
}

impl Line for BgRollout {
    fn merge(&mut self, other: &BgRollout) {
        BgRollout::merge(self, other);
    }

    fn games(&self) -> u32 {
        self.games
    }

    fn equity_sums(&self) -> (i64, i128) {
        let equity = self.adjusted[OUTPUTS];
        (equity.total, equity.squares)
    }
}

/// What every game of a rollout shares: the network, who plays, and how.
struct Table<'a> {
    net: Arc<BgNet>,
    options: &'a Options,
}

impl Table<'_> {
    fn new(options: &Options) -> Result<Table<'_>, LevelError> {
        let net = embedded()?;
        // Refused here once, so that every game can have its player.
        player_with(options.level, Arc::clone(&net), 0)?;
        Ok(Table { net, options })
    }

    fn player(&self, seed: u64) -> Box<dyn crate::ai::Player<crate::game::Backgammon>> {
        player_with(self.options.level, Arc::clone(&self.net), seed)
            .unwrap_or_else(|_| Box::new(crate::ai::RandomPlayer::new(seed)))
    }

    /// Game `i` of every line, with the same dice for each.
    fn game(&self, starts: &[Start], i: u32) -> Vec<BgRollout> {
        starts
            .iter()
            .map(|start| {
                let game = match *start {
                    Start::Won(win) => GameFigures::won(win),
                    Start::PlayOut { board, ours } => self.play_out(board, i).seen(ours),
                };
                let mut line = BgRollout::default();
                line.add(&game);
                line
            })
            .collect()
    }

    /// Game `i` played out from `start`, for its side to roll.
    fn play_out(&self, start: Board, i: u32) -> GameFigures {
        let net = &*self.net;
        let mut rng = dice_of(self.options.seed, i);
        let mut player = self.player(game_seed(self.options.seed, i));
        let mut movegen = MoveGen::new();
        let mut searcher = Searcher::new();
        let mut board = start;
        // Whether the side to roll is the one the figures are for.
        let mut ours = true;
        let mut luck = [0.0f64; OUTPUTS];
        for turn in 0..MAX_TURNS {
            let (a, b) = roll_of(i, turn, &mut rng);
            let Ok(roll) = Roll::new(a, b) else { break };
            let plays = movegen.plays(&board, roll).to_vec();
            if self.options.luck_adjusted {
                let (thrown, mean) = searcher.luck(net, &board, &plays);
                let l = std::array::from_fn(|k| f64::from(thrown.0[k]) - f64::from(mean.0[k]));
                let l = if ours { l } else { turned_change(l) };
                for (sum, x) in luck.iter_mut().zip(l) {
                    *sum += x;
                }
            }
            let choice = if plays.len() == 1 {
                0
            } else {
                player
                    .choose(&super::seen(board), roll, &plays)
                    .min(plays.len() - 1)
            };
            let play = plays[choice];
            if let Some(win) = play.win {
                let game = GameFigures::won(win).seen(ours);
                return GameFigures { luck, ..game };
            }
            board = play.board.switched();
            ours = !ours;
        }
        let seen = net.evaluate(&board, &mut Scratch::default());
        let game = GameFigures {
            result: None,
            scored: seen.0.map(f64::from),
            luck: [0.0; OUTPUTS],
        }
        .seen(ours);
        GameFigures { luck, ..game }
    }
}

/// Rolls out `starts` side by side as `options` say, `tick` called after each game index;
/// the games not begun once `stop` is set are not played.
fn roll_lines(
    starts: &[Start],
    options: &Options,
    tick: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Result<Paired<BgRollout>, LevelError> {
    let table = Table::new(options)?;
    Ok(paired(options.games, options.threads, tick, stop, |i| {
        table.game(starts, i)
    }))
}

/// Rolls out `board` (the side to roll's view, about to roll) as `options` say, with
/// `tick` called after each game (from any thread). Refused for a level without a
/// backgammon player (heuristic) or if the shipped network cannot be read.
pub fn rollout(board: &Board, options: &Options, tick: &(dyn Fn() + Sync)) -> Result<BgRollout, LevelError> {
    let start = Start::PlayOut {
        board: *board,
        ours: true,
    };
    let tally = roll_lines(&[start], options, tick, &AtomicBool::new(false))?;
    Ok(tally.lines.first().copied().unwrap_or_default())
}

/// Rolls out every play of `plays` (candidates of one roll, as
/// [`MoveGen`](crate::backgammon::MoveGen) lists them) with the same dice for each, each
/// for the side that makes it; a play that ends the game scores its win every game. In
/// the order given, each with its equity behind the best candidate's and the standard
/// error of that difference. `tick` is called after each game index (every candidate's
/// game `i` played).
pub fn rollout_plays(
    plays: &[LegalPlay],
    options: &Options,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<PlayRollout>, LevelError> {
    rollout_plays_until(plays, options, tick, &AtomicBool::new(false))
}

/// [`rollout_plays`], given up once `stop` is set: the games not begun by then are not
/// played, and the figures (of the games played) are then not to be used.
pub fn rollout_plays_until(
    plays: &[LegalPlay],
    options: &Options,
    tick: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Result<Vec<PlayRollout>, LevelError> {
    let starts: Vec<Start> = plays
        .iter()
        .map(|p| match p.win {
            Some(win) => Start::Won(win),
            None => Start::PlayOut {
                board: p.board.switched(),
                ours: false,
            },
        })
        .collect();
    let tally = roll_lines(&starts, options, tick, stop)?;
    let n = plays.len();
    if tally.lines.len() != n {
        // No games were played.
        return Ok(plays
            .iter()
            .map(|&play| PlayRollout {
                play,
                rollout: BgRollout::default(),
                best: false,
                behind_best: Estimate::default(),
            })
            .collect());
    }
    let (best, behind) = tally.behind_best();
    Ok(plays
        .iter()
        .zip(&tally.lines)
        .zip(behind)
        .enumerate()
        .map(|(c, ((&play, &rollout), (mean, error)))| PlayRollout {
            play,
            rollout,
            best: c == best,
            behind_best: Estimate { mean, error },
        })
        .collect())
}

/// The `n` plays of `roll` on `board` that the hard level likes best, the best first: the
/// candidates worth rolling out.
pub fn candidates(board: &Board, roll: Roll, n: usize) -> Result<Vec<LegalPlay>, LevelError> {
    let plays = MoveGen::new().plays(board, roll).to_vec();
    let values = player_with(Level::Hard, embedded()?, 0)?.values(&plays);
    let mut order: Vec<usize> = (0..plays.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    Ok(order.into_iter().take(n).map(|i| plays[i]).collect())
}
