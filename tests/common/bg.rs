//! Backgammon matches for the tests: random legal plays and doubles, as a player might
//! make them, with what the test saw.

use brade::backgammon::Stakes;
use brade::game::{Backgammon, Checkers as _, Game};
use brade::rules::{Color, Roll};
use brade::session::{DiceSource as _, Match, Phase, SeededDice, match_seed};
use brade::store::SavedMatch;
use brade::store::format::DiceRecord;

/// What the test saw while it played.
#[derive(Default)]
pub struct Seen {
    /// (game, turn) of each roll with more than one legal play, and who played it.
    pub choices: Vec<(usize, usize, Color)>,
    /// (game, turn, doubler) of each double; (game, turn, taker, took) of each answer.
    pub doubles: Vec<(usize, usize, Color)>,
    pub answers: Vec<(usize, usize, Color, bool)>,
}

/// A match to `length` points (0: one money game) with random legal plays and, where the
/// cube may be turned, a double one time in `double_one_in`, a third of them passed.
pub fn play(length: u32, seed: u64, double_one_in: u64) -> (Match<Backgammon>, Seen, SavedMatch) {
    let mut rng = super::TestRng(seed);
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", length).by_rules(Stakes::default());
    let mut dice = SeededDice::from_seed(match_seed(seed, length, &game.names, game.rules));
    let mut drawn = 0u64;
    let mut seen = Seen::default();
    for _ in 0..100_000 {
        let number = game.log.len();
        let turn = game.log.last().map_or(0, |g| g.turns.len()) + 1;
        match game.phase.clone() {
            Phase::Teka { .. } => {
                drawn += 2;
                let (w, b) = (dice.die(), dice.die());
                game.teka(w, b);
            }
            Phase::AwaitRoll => {
                let mover = game.position.to_move();
                if game.may_double() && rng.below(double_one_in as usize) == 0 {
                    assert!(game.double());
                    seen.doubles.push((number, turn, mover));
                    let took = rng.below(3) != 0;
                    seen.answers.push((number, turn, mover.other(), took));
                    assert!(if took {
                        game.take_double()
                    } else {
                        game.drop_double()
                    });
                    continue;
                }
                drawn += 2;
                game.roll(Roll::new(dice.die(), dice.die()).unwrap());
            }
            Phase::Doubled { .. } => unreachable!("answered at once"),
            Phase::Forfeit(_) => game.pass(),
            Phase::Moving(t) => {
                let plays = Backgammon::legal_plays(&game.position, t.roll(), game.rules);
                if plays.len() > 1 {
                    seen.choices.push((number, turn, game.position.to_move()));
                }
                let pick = *Backgammon::play_of(&plays[rng.below(plays.len())]);
                Backgammon::play_text(game.turn_mut().unwrap(), &pick.to_string()).unwrap();
                game.confirm().unwrap();
            }
            Phase::GameOver { .. } if length == 0 => break,
            Phase::GameOver { .. } => game.next_game(),
            Phase::MatchOver => break,
        }
    }
    let dice = DiceRecord {
        seed: Some(seed),
        drawn,
        ..DiceRecord::default()
    };
    let saved = SavedMatch::of(&game, dice, [None, None], 1_700_000_000);
    (game, seen, saved)
}

/// Boards met in random games, one for each seed of `seeds` (each play drawn at random
/// among the legal ones), the side to roll's view.
pub fn random_boards(seeds: std::ops::Range<u64>) -> Vec<brade::backgammon::Board> {
    use brade::backgammon::{Board, MoveGen};
    use rand::SeedableRng;
    let mut out = Vec::new();
    let mut movegen = MoveGen::new();
    for g in seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(g);
        let mut b = Board::start();
        loop {
            out.push(b);
            let plays = movegen.plays(&b, brade::ai::backgammon::arena::roll(&mut rng));
            let p = plays[rand::RngExt::random_range(&mut rng, 0..plays.len())];
            if p.win.is_some() {
                break;
            }
            b = p.board.switched();
        }
    }
    out
}
