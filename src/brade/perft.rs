//! Perft: the size of the game tree, for tests and benchmarks (end of RULES §8).

use super::board::Board;
use super::movegen::MoveGen;
use super::position::Position;
use super::ruleset::RuleSet;
use crate::rules::Roll;

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
    let mut gens: Vec<MoveGen> = (0..depth).map(|_| MoveGen::with_rules(rules)).collect();
    perft_board(position.board(), depth, &mut gens)
}

/// [`perft_by`], telling `progress(done, total)` after each play of the first turn (of
/// all the plays of its 21 rolls), so that a long count can say how far it has come.
pub fn perft_with(
    position: &Position,
    depth: u32,
    rules: RuleSet,
    mut progress: impl FnMut(usize, usize),
) -> u64 {
    if depth < 2 {
        return perft_by(position, depth, rules);
    }
    let mut gens: Vec<MoveGen> = (0..depth).map(|_| MoveGen::with_rules(rules)).collect();
    let Some((first, deeper)) = gens.split_first_mut() else {
        return 1;
    };
    let plays: Vec<_> = Roll::all()
        .into_iter()
        .flat_map(|roll| first.plays(position.board(), roll).to_vec())
        .collect();
    let mut total = 0u64;
    for (i, p) in plays.iter().enumerate() {
        total += if p.result.is_some() {
            1
        } else {
            perft_board(&p.board.switched(), depth - 1, deeper)
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
            total += if p.result.is_some() {
                1
            } else {
                perft_board(&p.board.switched(), depth - 1, deeper)
            };
        }
    }
    total
}
