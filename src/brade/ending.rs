//! When a step ends the game (rules' R15–R18, §6.1): jan and sprängjan, hemspel and the
//! pretty games, each with munk where it applies. The plain search of `movegen` asks
//! [`ending_after`] after every step; the fast path (`fast`) works the same conditions
//! out from its bit masks and asks [`pretty_game`] for the patterns.

use super::board::Board;
use super::play::{Effect, Step};
use super::result::{GameResult, WinKind};
use super::ruleset::{PrettyRule, RuleSet};

const PRETTY: [([i8; 5], WinKind); 4] = [
    ([3, 3, 3, 3, 3], WinKind::EnkeltKronspel),
    ([0, 0, 5, 5, 5], WinKind::DubbeltKronspel),
    ([0, 0, 3, 5, 7], WinKind::Trappspel),
    ([0, 0, 0, 0, 15], WinKind::Uppspel),
];

/// The result of the game if the step just applied ends it (R15–R18); when it meets
/// several conditions, the highest-valued result. Under pretty=whole-roll a pretty game
/// does not end the game at a step (see [`pretty_after_play`]).
#[inline]
pub(super) fn ending_after(board: &Board, step: Step, rules: RuleSet) -> Option<GameResult> {
    let c = board.cells();
    let opp_bar = board.opp_bar();
    if opp_bar > 0 {
        // R17: points of the opponent's Q1 (the mover's 13–18) free of his own checkers.
        let free = c[13..19].iter().filter(|&&x| x >= 0).count();
        if usize::from(opp_bar) > free {
            let spräng = step.effect == Effect::Burst && step.to <= 6;
            return Some(GameResult::new(
                if spräng { WinKind::Sprangjan } else { WinKind::Jan },
                false,
            ));
        }
    }
    let munk = opp_bar > 0;
    if board.own_in_play() == 0 {
        return Some(GameResult::new(WinKind::Hemspel, munk));
    }
    if rules.pretty == PrettyRule::AtOnce
        && (20..=24).contains(&step.to)
        && board.own_off() == 0
        && board.own_bar() == 0
    {
        return pretty_game(board).map(|kind| GameResult::new(kind, munk));
    }
    None
}

/// Pretty=whole-roll: the pretty game the position after a complete play makes, if any
/// (with munk when the opponent then has checkers on the bar).
#[must_use]
pub(super) fn pretty_after_play(board: &Board) -> Option<GameResult> {
    pretty_game(board).map(|kind| GameResult::new(kind, board.opp_bar() > 0))
}

/// R16: the pretty game the mover's checkers on 20–24 form, if any. The patterns hold
/// 15 checkers, so a match means all of them stand there. Only the mover's own checkers
/// count: opponent checkers on these points (negative cells) are nobody's pattern and
/// read as none of the mover's.
#[inline]
pub(super) fn pretty_game(board: &Board) -> Option<WinKind> {
    let c = board.cells();
    let home: [i8; 5] = [c[20], c[21], c[22], c[23], c[24]].map(|n| n.max(0));
    PRETTY
        .iter()
        .find(|(pattern, _)| *pattern == home)
        .map(|&(_, kind)| kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brade::Position;

    /// rules' R17's interpretation for a jan made by a burst outside the first quarter
    /// cannot be reached with 15 checkers a side (a wall of six takes 12 of them), so the
    /// classification is checked on the step directly: Black has three on the bar and
    /// two free points in his first quarter.
    #[test]
    fn r17_a_burst_outside_the_first_quarter_makes_plain_jan_and_inside_sprangjan() {
        let pos = Position::from_code("6,7,24x13/0x3,1x8,2,3,4,20/w").expect("valid");
        let board = *pos.board();
        let burst = |to| Step {
            from: 1,
            to,
            die: to - 1,
            effect: Effect::Burst,
        };
        let rules = RuleSet::VASAMUSEET;
        assert_eq!(
            ending_after(&board, burst(7), rules),
            Some(GameResult::new(WinKind::Jan, false))
        );
        assert_eq!(
            ending_after(&board, burst(6), rules),
            Some(GameResult::new(WinKind::Sprangjan, false))
        );
        let hit = Step {
            effect: Effect::Hit,
            ..burst(6)
        };
        assert_eq!(
            ending_after(&board, hit, rules),
            Some(GameResult::new(WinKind::Jan, false))
        );
    }
}
