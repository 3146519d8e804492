//! Analysis of a played match: every decision (a roll with more than one legal play)
//! weighed by the hard level — the network's filtered 2-ply search — against the best play
//! it finds, the loss in expected points (R19) marked by size, and each player's summary.
//!
//! Deterministic: the evaluation uses no randomness, so the same match gives the same
//! figures every time.

use super::matchplay::{Payoff, payoff_in_game, point_value};
use super::{Level, Player};
use crate::brade::{LegalPlay, MoveGen, Play, Position, Turn};
use crate::game::Brade;
use crate::rules::{Color, Roll};
use crate::session::Match;
use crate::words::kept::{Refusal, Unbelievable};

/// Losses from which a play is marked, in expected points: doubtful (`?!`), bad (`?`) and
/// very bad (`??`). A bräde point is worth about what a backgammon game is, so these are
/// the thresholds backgammon players know (0.04, 0.08, 0.16) scaled by the wider spread of
/// bräde results (1–6 points): ×1.25.
pub const THRESHOLDS: [f64; 3] = [0.05, 0.10, 0.20];

/// How bad a play was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Within the first threshold of the best play.
    Fine,
    Doubtful,
    Bad,
    VeryBad,
}

impl Mark {
    /// The mark of a loss (expected points).
    #[must_use]
    pub fn of(loss: f64) -> Mark {
        Mark::on(loss, THRESHOLDS)
    }

    /// The mark of a loss on a scale of three thresholds (doubtful, bad, very bad).
    #[must_use]
    pub fn on(loss: f64, thresholds: [f64; 3]) -> Mark {
        match loss {
            l if l >= thresholds[2] => Mark::VeryBad,
            l if l >= thresholds[1] => Mark::Bad,
            l if l >= thresholds[0] => Mark::Doubtful,
            _ => Mark::Fine,
        }
    }

    /// The sign players write after a move: `?!`, `?`, `??`, or nothing.
    #[must_use]
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Fine => "",
            Mark::Doubtful => "?!",
            Mark::Bad => "?",
            Mark::VeryBad => "??",
        }
    }
}

/// One decision of a match, weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The game (from 1) and the turn in it (from 1).
    pub game: usize,
    pub turn: usize,
    pub mover: Color,
    pub position: Position,
    pub roll: Roll,
    pub played: Play,
    pub best: Play,
    /// Expected points the play made gives up against the best play (0 for the best); in a
    /// match, the match-winning chance it gives up counted in points of the match's first
    /// game ([`point_value`]), so that the marks and ratings mean the same everywhere.
    pub loss: f64,
    /// In a match, the match-winning chance the play gives up (0 to 1).
    pub match_loss: Option<f64>,
    pub mark: Mark,
}

/// A player's figures over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Turns with more than one legal play (forced plays and forfeits are not decisions).
    pub decisions: u32,
    pub doubtful: u32,
    pub bad: u32,
    pub very_bad: u32,
    /// Expected points lost in all.
    pub total_loss: f64,
}

impl Summary {
    /// Expected points lost per decision.
    #[must_use]
    pub fn mean_loss(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.total_loss / f64::from(self.decisions)
        }
    }

    /// The error rate: mean loss per decision in thousandths of a point (the scale of
    /// backgammon's "mEMG per move": lower is better).
    #[must_use]
    pub fn error_rate(&self) -> f64 {
        1000.0 * self.mean_loss()
    }

    /// The rating of the error rate; `None` without a decision to judge.
    #[must_use]
    pub fn rating(&self) -> Option<Rating> {
        self.rating_on(Rating::LIMITS)
    }

    /// The rating of the error rate on a scale of seven limits; `None` without a decision.
    #[must_use]
    pub fn rating_on(&self, limits: [f64; 7]) -> Option<Rating> {
        (self.decisions > 0).then(|| Rating::on(self.error_rate(), limits))
    }

    /// The figures as the words say them.
    #[must_use]
    pub fn figures(&self) -> crate::words::cli::SummaryFigures {
        crate::words::cli::SummaryFigures {
            decisions: self.decisions,
            doubtful: self.doubtful,
            bad: self.bad,
            very_bad: self.very_bad,
            total_loss: self.total_loss,
            error_rate: self.error_rate(),
        }
    }

    /// One more decision, which lost `loss` and was marked `mark`.
    pub fn count(&mut self, loss: f64, mark: Mark) {
        self.decisions += 1;
        self.total_loss += loss;
        match mark {
            Mark::Doubtful => self.doubtful += 1,
            Mark::Bad => self.bad += 1,
            Mark::VeryBad => self.very_bad += 1,
            Mark::Fine => {}
        }
    }

    /// The figures of two summaries together.
    #[must_use]
    pub fn plus(&self, other: &Summary) -> Summary {
        Summary {
            decisions: self.decisions + other.decisions,
            doubtful: self.doubtful + other.doubtful,
            bad: self.bad + other.bad,
            very_bad: self.very_bad + other.very_bad,
            total_loss: self.total_loss + other.total_loss,
        }
    }
}

/// A rating from the error rate (thousandths of a point lost per decision), from the
/// best to the worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rating {
    Supernatural,
    WorldClass,
    Expert,
    Advanced,
    Intermediate,
    Casual,
    Beginner,
    Awful,
}

impl Rating {
    /// Every rating, the best first.
    pub const ALL: [Rating; 8] = [
        Rating::Supernatural,
        Rating::WorldClass,
        Rating::Expert,
        Rating::Advanced,
        Rating::Intermediate,
        Rating::Casual,
        Rating::Beginner,
        Rating::Awful,
    ];

    /// The error rates below which each rating but the last is given: GNU Backgammon's
    /// scale (2, 5, 8, 12, 18, 26 and 35 thousandths per decision) scaled like the marks,
    /// ×1.25.
    pub const LIMITS: [f64; 7] = [2.5, 6.25, 10.0, 15.0, 22.5, 32.5, 43.75];

    /// The rating of an error rate.
    #[must_use]
    pub fn of(error_rate: f64) -> Rating {
        Rating::on(error_rate, Rating::LIMITS)
    }

    /// The rating of an error rate on a scale of seven limits.
    #[must_use]
    pub fn on(error_rate: f64, limits: [f64; 7]) -> Rating {
        limits
            .iter()
            .position(|&limit| error_rate < limit)
            .map_or(Rating::Awful, |i| Rating::ALL[i])
    }
}

/// A match analysed: every decision in order, and each side's summary (by
/// `Color::index`).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub decisions: Vec<Decision>,
    pub summary: [Summary; 2],
}

impl Analysis {
    /// The `n` worst decisions of `side`, worst first.
    #[must_use]
    pub fn worst(&self, side: Color, n: usize) -> Vec<&Decision> {
        let mut own: Vec<&Decision> = self.decisions.iter().filter(|d| d.mover == side).collect();
        own.sort_by(|a, b| b.loss.total_cmp(&a.loss));
        own.truncate(n);
        own
    }
}

/// Weighs a play made against the others of its roll by `player`: the index of the best
/// of `plays` (the first of equals), and the expected points `made` gives up against it —
/// `None` when `made` is none of `plays`.
pub fn weigh(player: &mut dyn Player<Brade>, plays: &[LegalPlay], made: &LegalPlay) -> (usize, Option<f64>) {
    let values = player.values(plays);
    let best = (0..plays.len())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
        .unwrap_or(0);
    let made_at = plays
        .iter()
        .position(|p| p.board == made.board && p.result == made.result);
    let loss = made_at.map(|i| (values[best] - values[i]).max(0.0));
    // A play as good as the best is the best: then it is named, and no loss means
    // exactly that the play made was the best.
    match (made_at, loss) {
        (Some(i), Some(0.0)) => (i, loss),
        _ => (best, loss),
    }
}

/// Analyses every turn of `game` with `player`'s weighing (the hard level's, as
/// [`analyze`] uses); `progress` is told after each turn how many are done of how many.
pub fn analyze_with(
    game: &Match<Brade>,
    player: &mut dyn Player<Brade>,
    mut progress: impl FnMut(usize, usize),
) -> Analysis {
    player.play_by(game.rules);
    walk(game, &mut progress, |at, plays, made| {
        let payoff = payoff_in_game(&game.score, at.game, at.mover);
        player.play_for(payoff);
        let (best, loss) = weigh(player, plays, made);
        let (loss, match_loss) = in_points(game.score.games(), &payoff, loss.unwrap_or(0.0));
        Some((best, loss, match_loss))
    })
    .unwrap_or_else(|| Analysis {
        decisions: Vec::new(),
        summary: [Summary::default(); 2],
    })
}

/// A loss under `payoff` (in its units: points, or 2·MWC − 1) as [`Decision::loss`] and
/// [`Decision::match_loss`] count it, in a match of `games` games.
#[must_use]
pub fn in_points(games: u32, payoff: &Payoff, loss: f64) -> (f64, Option<f64>) {
    match (payoff, point_value(games)) {
        (Payoff::Match(_), Some(point)) => {
            let chance = loss / 2.0;
            (chance / point, Some(chance))
        }
        _ => (loss, None),
    }
}

/// A decision as stored: its place (game and turn, from 1), the best play (in notation),
/// the loss, and in a match the chance lost.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub game: usize,
    pub turn: usize,
    pub best: String,
    pub loss: f64,
    pub match_loss: Option<f64>,
}

/// An analysis rebuilt from what was stored of it, decision by decision in order; where
/// and why not if the entries do not fit the match (another match, or plays the engine no
/// longer lists alike) or cannot be what the judge said — it is then to be analysed
/// afresh.
pub fn rebuild(game: &Match<Brade>, stored: &[Stored]) -> Result<Analysis, Refusal> {
    let mut entries = stored.iter();
    let games = game.score.games();
    let mut refused = None;
    let analysis = walk(game, &mut |_, _| {}, |at, plays, made| {
        let place = (at.game + 1, at.turn + 1);
        let judged = (|| {
            let s = entries.next().ok_or(Unbelievable::Missing)?;
            if (s.game, s.turn) != place {
                let why = if (s.game, s.turn) < place {
                    Unbelievable::NotTheRecords
                } else {
                    Unbelievable::Missing
                };
                return Err(why);
            }
            let best = plays
                .iter()
                .position(|p| p.play.to_string() == s.best)
                .ok_or(Unbelievable::NotLegal)?;
            let made = plays
                .iter()
                .position(|p| p.board == made.board && p.result == made.result)
                .ok_or(Unbelievable::NotTheRecords)?;
            let in_match = matches!(payoff_in_game(&game.score, at.game, at.mover), Payoff::Match(_));
            believable(games, in_match, best == made, s.loss, s.match_loss)?;
            Ok((best, s.loss, s.match_loss))
        })();
        judged
            .map_err(|why| {
                refused = Some(Refusal::Unbelievable {
                    game: place.0,
                    turn: place.1,
                    why,
                });
            })
            .ok()
    });
    let left = entries.next().map(|s| Refusal::Unbelievable {
        game: s.game,
        turn: s.turn,
        why: Unbelievable::NotTheRecords,
    });
    // (A record that does not replay cannot come from a checked save.)
    let unreplayed = Refusal::Unbelievable {
        game: 1,
        turn: 1,
        why: Unbelievable::NotTheRecords,
    };
    match (refused.or(left), analysis) {
        (Some(refusal), _) => Err(refusal),
        (None, analysis) => analysis.ok_or(unreplayed),
    }
}

/// That a decision's stored figures can be what the judge said: a loss that is a number
/// within what a play can lose — 12 points in a single game (from a sprängjan won to one
/// lost), the whole match in a match (then its chance lost, counted in points of the first
/// game) — and no loss exactly when the play made is the best.
fn believable(
    games: u32,
    in_match: bool,
    made_is_best: bool,
    loss: f64,
    match_loss: Option<f64>,
) -> Result<(), Unbelievable> {
    let fine = |x: f64| x.is_finite() && x >= 0.0;
    if !fine(loss) || match_loss.is_some_and(|c| !fine(c)) {
        return Err(Unbelievable::NotALoss);
    }
    match (match_loss, in_match.then(|| point_value(games)).flatten()) {
        (None, None) if loss > 12.0 => return Err(Unbelievable::TooMuch),
        (None, None) => {}
        (Some(chance), Some(_)) if chance > 1.01 => return Err(Unbelievable::TooMuch),
        (Some(chance), Some(point)) if (loss - chance / point).abs() > 1e-9 * (1.0 + loss) => {
            return Err(Unbelievable::ChanceContradicts);
        }
        (Some(_), Some(_)) => {}
        _ => return Err(Unbelievable::ChanceContradicts),
    }
    match (made_is_best, loss == 0.0) {
        (true, false) => Err(Unbelievable::RightLoses),
        (false, true) => Err(Unbelievable::WrongLosesNothing),
        _ => Ok(()),
    }
}

/// Where a decision is: the game and the turn (from 0) and who moves.
#[derive(Clone, Copy, Debug)]
struct At {
    game: usize,
    turn: usize,
    mover: Color,
}

/// Walks every turn of `game`, telling `progress` after each how many are done of how
/// many; for each decision (more than one legal play) `judge` is given where it is, the
/// plays and the play made, and answers the index of the best play, the loss of the play
/// made and in a match the chance lost. `None` when the judge has no answer.
fn walk(
    game: &Match<Brade>,
    progress: &mut dyn FnMut(usize, usize),
    mut judge: impl FnMut(At, &[LegalPlay], &LegalPlay) -> Option<(usize, f64, Option<f64>)>,
) -> Option<Analysis> {
    let total = game.turns_played();
    let mut done = 0;
    let mut movegen = MoveGen::with_rules(game.rules);
    let mut decisions = Vec::new();
    let mut summary = [Summary::default(); 2];
    for (gi, log) in game.log.iter().enumerate() {
        let mut position = Position::start(log.starter);
        for (ti, &(roll, play)) in log.turns.iter().enumerate() {
            done += 1;
            progress(done, total);
            let mut turn = Turn::with_rules(position, roll, game.rules);
            if turn.is_forfeit() {
                position = position.pass_turn();
                continue;
            }
            for step in play.steps() {
                if turn.step(step.from, step.die).is_err() {
                    break;
                }
            }
            let Ok((made, next)) = turn.finish() else {
                // A log that does not replay (it cannot come from a checked save).
                break;
            };
            let plays: Vec<LegalPlay> = movegen.plays(position.board(), roll).to_vec();
            if plays.len() > 1 {
                let at = At {
                    game: gi,
                    turn: ti,
                    mover: position.turn(),
                };
                let (best, loss, match_loss) = judge(at, &plays, &made)?;
                let mark = Mark::of(loss);
                summary[position.turn().index()].count(loss, mark);
                decisions.push(Decision {
                    game: gi + 1,
                    turn: ti + 1,
                    mover: position.turn(),
                    position,
                    roll,
                    played: made.play,
                    best: plays[best].play,
                    loss,
                    match_loss,
                    mark,
                });
            }
            position = next;
        }
    }
    Some(Analysis { decisions, summary })
}

/// The level that judges the plays, with the shipped network: whatever the hard level is
/// (its depth, its search), the analysis is.
pub const JUDGE: Level = Level::Hard;

/// What judges the plays: the shipped network (by its checksum), evaluated the way this
/// brade evaluates it, at the judging level's depth. A stored analysis made by another
/// judge is not used.
#[must_use]
pub fn judge_id() -> String {
    format!(
        "net-{:016x}-eval-{}-ply-{}",
        super::neural::shipped_checksum(),
        super::net::EVALUATOR,
        JUDGE.depth().plies()
    )
}

/// Analyses `game` with the hard level's weighing (the shipped network at the hard level's
/// depth); `None` only if the shipped network could not be read.
#[must_use]
pub fn analyze(game: &Match<Brade>, progress: impl FnMut(usize, usize)) -> Option<Analysis> {
    let net = super::neural::shipped()?;
    // No noise at this level, so the seed changes nothing.
    let mut judge = JUDGE.player_with(0, Some(net));
    Some(analyze_with(game, judge.as_mut(), progress))
}
