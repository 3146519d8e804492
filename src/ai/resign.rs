//! The computer and resignations: whether it accepts one offered to it, and when it
//! resigns itself.
//!
//! **Accepting.** The computer accepts when what is offered is worth at least what it
//! expects from playing on, in what it plays for: in bräde expected points in a single
//! game and the chance to win the match in a match (the offer is a hemspel); in backgammon
//! points in money play and the chance to win the match in a match (the offer at the
//! cube, as settled: a gammon under the Jacoby rule with the cube in the middle counts
//! single). Playing on is judged at 0 ply, cheap enough to be made on the screen's
//! thread: before the resigner's roll, the position as the network (or, in a bear-off, the
//! exact database) values it, with the cube (Janowski's model in money play, the match
//! equity table in a match, [`cube::cubeful`]); after the roll, the resigner's best
//! play of it, as GNU Backgammon weighs an offer made after a roll.
//!
//! **Resigning.** The computer resigns only a backgammon game it is sure to lose, and only
//! what it is sure to lose: before its roll, in a race (no checker can be hit again) whose
//! other side has every checker home, when the fewest rolls it could need (every roll 6-6)
//! are more than the most the other side needs to bear off as the one-sided bear-off
//! database bears off ([`bearoff`]). Sure to lose the game: it cannot bear all its checkers
//! off in time; a gammon: nor one checker (none borne off yet); a backgammon: nor bring
//! its last checker out of the winner's home board. It offers the least resignation worth
//! as much as that to the winner (a gammon that counts single — the Jacoby rule, or a
//! winner who needs fewer points — is resigned as a single game), and never again one the
//! other side has declined this game.

use super::Strategy;
use super::backgammon::BgNet;
use super::backgammon::bearoff::{Database, home_of};
use super::backgammon::cube::{self, CubeView, Outcomes, is_race};
use super::backgammon::met;
use super::backgammon::net::embedded;
use super::backgammon::search::Searcher;
use super::backgammon::weigh::{outcomes_at, session};
use super::neural::{best_play_for, shipped};
use crate::backgammon::{BAR, Board, CHECKERS, GameEnd, Win};
use crate::game::{Backgammon, Brade, Checkers as _, Game, Resign, TurnView as _};
use crate::rules::{Color, Roll};
use crate::session::{Match, Phase};

/// How much less than playing on an offer may be worth and still be accepted: rounding.
const TOLERANCE: f64 = 1e-6;

/// The roll on the board when the side to move has rolled (its turn in progress, or a
/// roll it cannot play).
fn roll_of<G: Game>(game: &Match<G>) -> Option<Roll> {
    match &game.phase {
        Phase::Moving(turn) => Some(turn.roll()),
        Phase::Forfeit(roll) => Some(*roll),
        _ => None,
    }
}

/// Bräde: whether the side not to move accepts the side to move's resignation `level`
/// (the game, as a hemspel).
#[must_use]
pub fn brade_accepts(game: &Match<Brade>, level: Resign) -> bool {
    let (Some(record), Some(net)) = (game.resignation(level), shipped()) else {
        return false;
    };
    let resigner = game.position.to_move();
    let payoff = Brade::goal(&game.score, &(), game.rules, resigner);
    let mut scratch = crate::ai::net::Scratch::new();
    // The resigner's value of playing on (the payoffs are zero-sum: the acceptor's is its
    // negation, and the acceptor's payoff is the resigner's flipped).
    let playing_on = match roll_of(game) {
        Some(roll) => {
            let plays = Brade::legal_plays(&game.position, roll, game.rules);
            best_play_for(&net, &plays, &mut scratch, &payoff).1
        }
        None => payoff.value(&net.evaluate(game.position.board(), &mut scratch)),
    };
    let offered = payoff.flipped().of_win(record.result);
    f64::from(offered) + TOLERANCE >= -f64::from(playing_on)
}

/// What a backgammon game is worth to `side`: in money play points (at the cube), in a
/// match the chance to win it.
struct Worth<'a> {
    game: &'a Match<Backgammon>,
    side: Color,
}

impl Worth<'_> {
    /// The match standing of `side`, `None` in money play.
    fn away(&self) -> Option<met::Away> {
        met::Away::of(&self.game.score, self.side)
    }

    /// `side` wins (`points` > 0) or loses this game's points.
    fn settled(&self, points: i64) -> f64 {
        match self.away() {
            Some(away) => met::mwc_after(away, points),
            None => points as f64,
        }
    }

    /// `side` to roll on `board` (its own view), the cube where it lies, valued at 0 ply
    /// with the cube.
    fn to_roll(&self, searcher: &mut Searcher, net: &BgNet, board: &Board) -> f64 {
        let game = self.game;
        let outcomes = sane(outcomes_at(searcher, net, board, 0), board);
        let value = cube::cubeful(
            &outcomes,
            CubeView::of(&game.stake, self.side),
            &session(&game.score, game.rules, self.side),
            cube::efficiency(board),
        );
        match self.away() {
            Some(_) => value,
            None => value * f64::from(game.stake.value),
        }
    }

    /// The other side to roll on `board` (seen by it).
    fn other_to_roll(&self, searcher: &mut Searcher, net: &BgNet, board: &Board) -> f64 {
        let other = Worth {
            game: self.game,
            side: self.side.other(),
        };
        let value = other.to_roll(searcher, net, board);
        match self.away() {
            Some(_) => 1.0 - value,
            None => -value,
        }
    }
}

/// The network's chances for the side to roll on `board` with what cannot happen taken
/// out (as GNU Backgammon's evaluation checks its own): no gammon against a side that has
/// borne a checker off, no backgammon against one with no checker in the winner's home
/// board or on the bar once the sides have passed each other. A resignation worth exactly
/// what is sure must not be declined for a network's stray hundredth.
fn sane(mut o: Outcomes, board: &Board) -> Outcomes {
    let (own, opp) = (board.own(), board.opp());
    let race = is_race(board);
    // A side's checkers in the other's home board (its own 19–24) or on the bar.
    let behind = |c: &[u8; 26]| c[19..=usize::from(BAR)].iter().any(|&n| n > 0);
    if own[0] > 0 {
        o.lose_gammon = 0.0;
    }
    if own[0] > 0 || (race && !behind(own)) {
        o.lose_backgammon = 0.0;
    }
    if opp[0] > 0 {
        o.win_gammon = 0.0;
    }
    if opp[0] > 0 || (race && !behind(opp)) {
        o.win_backgammon = 0.0;
    }
    o
}

/// Backgammon: whether the side not to move accepts the side to move's resignation
/// `level`.
#[must_use]
pub fn backgammon_accepts(game: &Match<Backgammon>, level: Resign) -> bool {
    let (Some(record), Ok(net)) = (game.resignation(level), embedded()) else {
        return false;
    };
    let resigner = game.position.turn();
    let acceptor = Worth {
        game,
        side: resigner.other(),
    };
    let mut searcher = Searcher::new();
    let board = game.position.board();
    let playing_on = match roll_of(game) {
        // The resigner plays the roll as well as it can for itself: the worst for the
        // acceptor.
        Some(roll) => Backgammon::legal_plays(&game.position, roll, game.rules)
            .iter()
            .map(|p| match p.win {
                Some(win) => {
                    let money = game.score.is_money();
                    let end = GameEnd::won(resigner, win, &game.stake, game.rules, money);
                    acceptor.settled(-i64::from(end.points))
                }
                None => acceptor.to_roll(&mut searcher, &net, &p.board.switched()),
            })
            .fold(f64::INFINITY, f64::min),
        None => acceptor.other_to_roll(&mut searcher, &net, board),
    };
    acceptor.settled(i64::from(record.points)) + TOLERANCE >= playing_on
}

/// What the side to roll on `board` (before its roll) is sure to lose, by the rolls it
/// and the other side need (see the module's doc): `None` when it may still win, or when
/// that cannot be known so (contact, the other side not all home).
#[must_use]
pub fn sure_loss(board: &Board) -> Option<Win> {
    if !is_race(board) {
        return None;
    }
    let other = Database::get().rolls(&home_of(board.opp())?)?.most();
    let own = board.own();
    // The fewest rolls that move `pips` (at most 24 a roll, 6-6) — and, for the rolls that
    // bear off `checkers`, at most four a roll.
    let fewest = |pips: u32, checkers: u32| (pips.div_ceil(24).max(checkers.div_ceil(4))) as usize;
    let points = || (1..=usize::from(BAR)).map(|p| (p as u32, u32::from(own[p])));
    let left = u32::from(CHECKERS) - u32::from(own[0]);
    let all_off = fewest(points().map(|(p, n)| p * n).sum(), left);
    if all_off <= other {
        return None;
    }
    // To bear one off: every checker home first, then one more pip at least.
    let home_first: u32 = points().filter(|&(p, _)| p > 6).map(|(p, n)| (p - 6) * n).sum();
    if own[0] > 0 || fewest(home_first + 1, 1) <= other {
        return Some(Win::Single);
    }
    // Out of the winner's home board (its 1–6, this side's 19–24) and off the bar.
    let escape: u32 = points().filter(|&(p, _)| p > 18).map(|(p, n)| (p - 18) * n).sum();
    if escape > 0 && fewest(escape, 0) > other {
        Some(Win::Backgammon)
    } else {
        Some(Win::Gammon)
    }
}

/// Backgammon: the resignation the computer, the side to move in `game` before its roll,
/// offers — if any (see the module's doc).
#[must_use]
pub fn backgammon_resigns(game: &Match<Backgammon>) -> Option<Resign> {
    if !matches!(game.phase, Phase::AwaitRoll) {
        return None;
    }
    let sure = match sure_loss(game.position.board())? {
        Win::Single => Resign::Single,
        Win::Gammon => Resign::Gammon,
        Win::Backgammon => Resign::Backgammon,
    };
    // What each resignation brings the winner, as far as he can use it (in a match, no
    // more than he needs).
    let winner = game.position.turn().other();
    let need = match game.score.is_money() {
        true => u32::MAX,
        false => game.score.length.saturating_sub(game.score.points(winner)),
    };
    let worth = |level: Resign| game.resignation(level).map(|end| end.points.min(need));
    let level = Resign::ALL
        .into_iter()
        .find(|&l| l <= sure && worth(l) == worth(sure))?;
    let mover = game.position.turn();
    if game.declined(mover).is_some_and(|d| d >= level) {
        return None;
    }
    Some(level)
}
