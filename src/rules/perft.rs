//! Perft, the size of a game tree, written once for every game: `perft(pos, 0)` is 1;
//! `perft(pos, d)` sums, over the 21 distinct rolls and each roll's distinct legal plays
//! (a forfeited roll has one, the empty play), `perft(result, d-1)` with the other side to
//! move — where a play that ends the game counts 1. What differs between the games is
//! their move generator ([`Tree`]).

use super::Roll;

/// A game's move generator, as perft walks it.
pub trait Tree {
    /// The board the generator reads.
    type Board;
    /// A legal play with the board it leaves.
    type Play;

    /// The distinct legal plays of `roll` on `board` (the side to move's).
    fn plays(&mut self, board: &Self::Board, roll: Roll) -> &[Self::Play];

    /// The number of distinct legal plays summed over the 21 rolls (a forfeited roll
    /// counting its one empty play): `perft(board, 1)`, which a generator may count faster
    /// than by listing.
    fn count_all_rolls(&mut self, board: &Self::Board) -> u64;

    /// The board after `play` with the other side to move; `None` when the play ends the
    /// game.
    fn next(play: &Self::Play) -> Option<Self::Board>;
}

/// `perft(board, depth)` with a generator for each level (`gens.len() >= depth`; each
/// level keeps its own buffers), telling `progress(done, total)` after each play of the
/// first turn when `depth` is 2 or more.
pub fn perft<T: Tree>(
    board: &T::Board,
    depth: u32,
    gens: &mut [T],
    mut progress: impl FnMut(usize, usize),
) -> u64 {
    let Some((first, deeper)) = gens.split_first_mut() else {
        return 1;
    };
    match depth {
        0 => 1,
        1 => first.count_all_rolls(board),
        _ => {
            let mut nexts: Vec<Option<T::Board>> = Vec::new();
            for roll in Roll::all() {
                nexts.extend(first.plays(board, roll).iter().map(T::next));
            }
            let mut total = 0u64;
            for (i, next) in nexts.iter().enumerate() {
                total += next.as_ref().map_or(1, |b| below(b, depth - 1, deeper));
                progress(i + 1, nexts.len());
            }
            total
        }
    }
}

fn below<T: Tree>(board: &T::Board, depth: u32, gens: &mut [T]) -> u64 {
    let Some((level, deeper)) = gens.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return level.count_all_rolls(board);
    }
    let mut total = 0u64;
    for roll in Roll::all() {
        for p in level.plays(board, roll) {
            total += T::next(p).map_or(1, |b| below(&b, depth - 1, deeper));
        }
    }
    total
}
