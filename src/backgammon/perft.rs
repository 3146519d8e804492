//! Perft: the size of the game tree, for tests and benchmarks.

use crate::rules::Roll;

use super::board::Board;
use super::fast::MoveGen;
use super::position::Position;

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
pub fn perft_with(position: &Position, depth: u32, mut progress: impl FnMut(usize, usize)) -> u64 {
    let mut gens: Vec<MoveGen> = (0..depth).map(|_| MoveGen::new()).collect();
    let Some((first, deeper)) = gens.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return first.count_all_rolls(position.board());
    }
    let mut plays = Vec::new();
    for roll in Roll::all() {
        plays.extend_from_slice(first.plays(position.board(), roll));
    }
    let mut total = 0u64;
    for (i, p) in plays.iter().enumerate() {
        total += match p.win {
            Some(_) => 1,
            None => perft_board(&p.board.switched(), depth - 1, deeper),
        };
        progress(i + 1, plays.len());
    }
    total
}

fn perft_board(board: &Board, depth: u32, gens: &mut [MoveGen]) -> u64 {
    let Some((movegen, deeper)) = gens.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return movegen.count_all_rolls(board);
    }
    let mut total = 0u64;
    for roll in Roll::all() {
        for p in movegen.plays(board, roll) {
            total += match p.win {
                Some(_) => 1,
                None => perft_board(&p.board.switched(), depth - 1, deeper),
            };
        }
    }
    total
}
