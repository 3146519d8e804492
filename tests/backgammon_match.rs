//! Backgammon matches with the doubling cube through the game boundary: played by
//! `session::Match<Backgammon>` with random legal plays and random cube actions, each
//! game's points recomputed here from the final position (by the independent reference of
//! `tests/bg_reference/`) and the cube's history, the Crawford game found here from the
//! scores, and every match saved and resumed through `store` after every game and at random
//! turns between.
#![allow(clippy::panic)] // tests fail by panicking

mod bg_reference;

use brade::backgammon::{Cube, Stakes, Win};
use brade::game::{Backgammon, Checkers as _, CubeAction, Game};
use brade::rules::{Color, Roll};
use brade::session::{DiceSource as _, Match, Phase, SeededDice, match_seed};
use brade::store::format::DiceRecord;

/// A tiny seeded generator, so that the matches are the same every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// The dice of a match, drawn from a seed bound to it as the app's are (so that the save's
/// dice check holds), and counted.
struct Dice {
    seed: u64,
    source: SeededDice,
    drawn: u64,
}

impl Dice {
    fn of(seed: u64, game: &Match<Backgammon>) -> Dice {
        let bound = match_seed(seed, Backgammon::length(&game.score), &game.names, game.rules);
        Dice {
            seed,
            source: SeededDice::from_seed(bound),
            drawn: 0,
        }
    }
    fn die(&mut self) -> u8 {
        self.drawn += 1;
        self.source.die()
    }
    fn record(&self) -> DiceRecord {
        DiceRecord {
            seed: Some(self.seed),
            drawn: self.drawn,
            ..DiceRecord::default()
        }
    }
}

/// The save's text and the match resumed from it.
fn resumed(game: &Match<Backgammon>, dice: &Dice) -> (String, Match<Backgammon>) {
    let saved = brade::store::SavedMatch::of(game, dice.record(), [None, None], 0);
    let text = brade::store::to_text(&saved).expect("a save's text");
    let read = brade::store::parse(&text).expect("a save");
    let data = brade::store::SaveData::<Backgammon>::read(&read).expect("a save read");
    let back = brade::store::replay(&data, |_| {}).expect("a save replayed").game;
    (text, back)
}

/// What the test itself knows of a game: the cube's value and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Known {
    value: u32,
    owner: Option<Color>,
}

/// Plays a match of `length` (0: money play until `games` games) and checks it all the
/// way. Returns the number of doubles taken and dropped.
fn play_match(length: u32, stakes: Stakes, seed: u64, games: usize) -> (usize, usize, usize) {
    let mut rng = Lcg(seed);
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", length).by_rules(stakes);
    let mut dice = Dice::of(seed, &game);
    let (mut taken, mut dropped, mut crawfords) = (0, 0, 0);
    let mut known = Known {
        value: 1,
        owner: None,
    };
    // The test's own score and Crawford bookkeeping.
    let mut points = [0u32; 2];
    let mut crawford_played = false;
    let mut crawford_now = false;
    for _ in 0..200_000 {
        match game.phase.clone() {
            Phase::Teka { .. } => {
                let (w, b) = (dice.die(), dice.die());
                if w == b && length == 0 && stakes.automatic > 0 && known.value == 1 && !crawford_now {
                    known.value = 2; // B16: one automatic double
                }
                game.teka(w, b);
            }
            Phase::AwaitRoll => {
                let mover = game.position.to_move();
                let may = !crawford_now && known.value < 64 && known.owner.is_none_or(|o| o == mover);
                assert_eq!(
                    game.may_double(),
                    may,
                    "may {mover:?} double? cube {known:?}, Crawford {crawford_now}"
                );
                if may && rng.next(8) == 0 {
                    assert!(game.double());
                    if rng.next(3) == 0 {
                        assert!(game.drop_double());
                        dropped += 1;
                    } else {
                        assert!(game.take_double());
                        known = Known {
                            value: known.value * 2,
                            owner: Some(mover.other()),
                        };
                        taken += 1;
                    }
                    continue;
                }
                game.roll(Roll::new(dice.die(), dice.die()).expect("a roll"));
            }
            Phase::Doubled { .. } => unreachable!("answered at once"),
            Phase::Forfeit(_) => game.pass(),
            Phase::Moving(turn) => {
                let plays = Backgammon::legal_plays(&game.position, turn.roll(), game.rules);
                let pick = *Backgammon::play_of(&plays[rng.next(plays.len() as u64) as usize]);
                let turn = game.turn_mut().expect("a turn");
                Backgammon::play_text(turn, &pick.to_string()).expect("a legal play by its notation");
                game.confirm().expect("a whole play");
                if rng.next(17) == 0 {
                    let (text, back) = resumed(&game, &dice);
                    assert_eq!(back.log, game.log, "{text}");
                    assert_eq!(back.stake, game.stake, "{text}");
                    assert_eq!(back.position, game.position, "{text}");
                    assert_eq!(back.score, game.score, "{text}");
                }
            }
            Phase::GameOver { record, last } => {
                // The points, from the final position and the cube the test followed.
                let loser = record.winner.other();
                let expected = match record.win {
                    None => {
                        assert_eq!(
                            game.log.last().and_then(|g| g.cube.last()).map(|c| c.1),
                            Some(CubeAction::Drop)
                        );
                        known.value
                    }
                    Some(win) => {
                        let pos = bg_reference::parse(&Backgammon::position_code(&last)).expect("a position");
                        // The reference judges the position from the side to move (the
                        // loser now): its outcome names the win of the one who just won.
                        let judged = bg_reference::outcome(&bg_reference::passed(&pos));
                        assert_eq!(win.notation(), judged, "{}", Backgammon::position_code(&last));
                        assert_eq!(last.borne_off(record.winner), 15);
                        let jacoby = length == 0 && stakes.jacoby && known.owner.is_none();
                        let times = match win {
                            _ if jacoby => 1,
                            Win::Single => 1,
                            Win::Gammon => 2,
                            Win::Backgammon => stakes.backgammon,
                        };
                        known.value * times
                    }
                };
                assert_eq!(record.points, expected, "{record:?}");
                assert_eq!(record.cube, known.value);
                points[record.winner.index()] += expected;
                assert_eq!(game.score.points(record.winner), points[record.winner.index()]);
                assert_eq!(game.score.points(loser), points[loser.index()]);
                // B15: the game after the one in which a side first reaches length − 1;
                // only one in a match.
                crawford_now = length > 1
                    && !crawford_played
                    && points.iter().any(|&p| p == length - 1)
                    && points.iter().all(|&p| p < length);
                crawford_played |= crawford_now;
                crawfords += usize::from(crawford_now);
                let (text, back) = resumed(&game, &dice);
                assert_eq!(back.score, game.score, "{text}");
                if length == 0 && game.score.games.len() >= games {
                    return (taken, dropped, crawfords);
                }
                game.next_game();
                known = Known {
                    value: 1,
                    owner: None,
                };
                if game.in_progress() {
                    assert_eq!(game.stake == Cube::dead(), crawford_now, "{:?}", game.score);
                }
            }
            Phase::MatchOver => {
                assert!(points.iter().any(|&p| p >= length), "{points:?}");
                assert!(game.score.is_over());
                return (taken, dropped, crawfords);
            }
        }
    }
    panic!("the match did not end");
}

#[test]
fn b13_b15_matches_to_five_and_seven_points_with_the_cube_and_a_crawford_game() {
    let (mut taken, mut dropped, mut crawfords) = (0, 0, 0);
    for seed in 0..24 {
        let (t, d, c) = play_match(if seed % 2 == 0 { 5 } else { 7 }, Stakes::default(), seed, 0);
        taken += t;
        dropped += d;
        crawfords += c;
    }
    assert!(
        taken > 10 && dropped > 5,
        "the cube was used: {taken} taken, {dropped} dropped"
    );
    assert!(crawfords > 4, "{crawfords} Crawford games");
}

#[test]
fn b14_b16_money_play_with_jacoby_automatic_doubles_and_backgammons_counting_two() {
    let stakes = Stakes {
        backgammon: 2,
        automatic: 1,
        jacoby: true,
    };
    for seed in 100..106 {
        play_match(0, stakes, seed, 8);
    }
}

#[test]
fn a_backgammon_save_names_its_game_and_bräde_refuses_it_in_words() {
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", 5);
    let mut dice = Dice::of(7, &game);
    while matches!(game.phase, Phase::Teka { .. }) {
        let (w, b) = (dice.die(), dice.die());
        game.teka(w, b);
    }
    let (text, back) = resumed(&game, &dice);
    assert!(text.contains("format = 5\nkind = \"backgammon\""), "{text}");
    assert_eq!(back.turn().map(|t| t.roll()), game.turn().map(|t| t.roll()));
    let read = brade::store::parse(&text).expect("a save");
    let err = brade::store::SaveData::<brade::game::Brade>::read(&read).unwrap_err();
    assert_eq!(err.to_string(), "it is a match of backgammon, not of bräde");
}
