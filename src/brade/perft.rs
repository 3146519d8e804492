//! Perft: the size of the game tree, for tests and benchmarks (end of rules §8), walked by
//! the shared [`crate::rules::perft`] over bräde's move generator.

use super::board::Board;
use super::movegen::{LegalPlay, MoveGen};
use super::position::Position;
use super::ruleset::RuleSet;
use crate::rules::Roll;
use crate::rules::perft::{Tree, perft as walk};

impl Tree for MoveGen {
    type Board = Board;
    type Play = LegalPlay;

    fn plays(&mut self, board: &Board, roll: Roll) -> &[LegalPlay] {
        MoveGen::plays(self, board, roll)
    }

    fn count_all_rolls(&mut self, board: &Board) -> u64 {
        MoveGen::count_all_rolls(self, board)
    }

    fn next(play: &LegalPlay) -> Option<Board> {
        play.result.is_none().then(|| play.board.switched())
    }
}

/// `perft(pos, 1)` is the number of legal plays summed over the 21 distinct rolls (a
/// forfeited roll counts its one empty play); `perft(pos, d)` sums `perft(result, d-1)`
/// over the same rolls and plays, a game-ending play counting 1. `perft(pos, 0)` is 1.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_by(position, depth, RuleSet::VASAMUSEET)
}

/// [`perft`] by the rules `rules`.
#[must_use]
pub fn perft_by(position: &Position, depth: u32, rules: RuleSet) -> u64 {
    perft_with(position, depth, rules, |_, _| {})
}

/// [`perft_by`], telling `progress(done, total)` after each play of the first turn (of
/// all the plays of its 21 rolls), so that a long count can say how far it has come.
pub fn perft_with(
    position: &Position,
    depth: u32,
    rules: RuleSet,
    progress: impl FnMut(usize, usize),
) -> u64 {
    let mut gens: Vec<MoveGen> = (0..depth).map(|_| MoveGen::with_rules(rules)).collect();
    walk(position.board(), depth, &mut gens, progress)
}
