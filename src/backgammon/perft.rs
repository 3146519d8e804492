//! Perft: the size of the game tree, for tests and benchmarks, walked by the shared
//! [`crate::rules::perft`] over backgammon's move generator.

use crate::rules::Roll;
use crate::rules::perft::{Tree, perft as walk};

use super::board::Board;
use super::fast::MoveGen;
use super::position::Position;
use super::search::LegalPlay;

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
        play.win.is_none().then(|| play.board.switched())
    }
}

/// `perft(pos, 0)` is 1; `perft(pos, d)` sums, over the 21 distinct rolls and each roll's
/// distinct legal plays (a forfeited roll has one, the empty play), `perft(result, d-1)`
/// with the other side to move — where a play that ends the game counts 1 (B12: the game
/// is over; bräde's perft counts it so too). This is the `bkgm` crate's count (0.6.0's
/// `bkgm-perft`, unweighted) but for two faults of bkgm's: it goes on past a play that
/// ends the game, counting the other side's plays as if the game went on, and in some
/// bear-offs it lists one resulting position twice (see `tests/data/backgammon/`).
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_with(position, depth, |_, _| {})
}

/// [`perft`], telling `progress(done, total)` after each play of the first turn.
pub fn perft_with(position: &Position, depth: u32, progress: impl FnMut(usize, usize)) -> u64 {
    let mut gens: Vec<MoveGen> = (0..depth).map(|_| MoveGen::new()).collect();
    walk(position.board(), depth, &mut gens, progress)
}
