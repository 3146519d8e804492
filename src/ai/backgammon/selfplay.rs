//! Self-play games for drawing positions from real play (the rolled-out positions of
//! [`super::supervised`], the decisions of [`super::benchmark`]): a level on both sides
//! from the opening, the opening roll as in a game (B4: a double is rolled again), every
//! game's dice and the player's choices a function of the seed and the game's number.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::net::BgNet;
use super::roll;
use super::{LevelError, player_with};
use crate::ai::Level;
use crate::backgammon::{Board, MoveGen};
use crate::rules::Roll;

/// A self-play game longer than this is cut short (a real one is under 200 turns).
const MAX_TURNS: usize = 2000;

/// A turn of a game: the board the side to roll sees, the roll, and how many plays it
/// had to choose from (distinct boards left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub board: Board,
    pub roll: Roll,
    pub choices: usize,
}

/// Game `g` of `seed` played by `level` on both sides with `net`: its turns in order.
pub fn game(net: &Arc<BgNet>, level: Level, seed: u64, g: u64) -> Result<Vec<Turn>, LevelError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(g);
    let mut player = player_with(
        level,
        Arc::clone(net),
        seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )?;
    let mut movegen = MoveGen::new();
    let mut board = Board::start();
    let mut turns = Vec::new();
    for turn in 0..MAX_TURNS {
        let mut r = roll(&mut rng);
        while turn == 0 && r.is_double() {
            r = roll(&mut rng);
        }
        let plays = movegen.plays(&board, r);
        turns.push(Turn {
            board,
            roll: r,
            choices: plays.len(),
        });
        let i = player
            .choose(&super::seen(board), r, plays)
            .min(plays.len().saturating_sub(1));
        let Some(play) = plays.get(i) else { break };
        if play.win.is_some() {
            break;
        }
        board = play.board.switched();
    }
    Ok(turns)
}
