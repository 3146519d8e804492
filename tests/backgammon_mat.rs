//! `.mat` export of backgammon matches (`brade::store::backgammon::mat`): a scripted match's text as
//! written by hand, and seeded random matches (random plays, random cube actions) whose
//! text is kept under `tests/data/backgammon/mat/`, where `check_mat_import.py` imports
//! each into GNU Backgammon and compares the final score (see that directory's README).
//! `BRADE_WRITE_MAT=1 cargo test --test backgammon_mat` writes those files anew. Two of
//! them have resignations, which a `.mat` writes as gnubg does: ` Wins N points`.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::backgammon::{Position, Stakes};
use brade::game::Brade;
use brade::game::{Backgammon, Game};
use brade::rules::{Color, Roll};
use brade::session::{DiceSource as _, Match, Phase, SeededDice};
use brade::store::backgammon::mat::mat;

fn roll(a: u8, b: u8) -> Roll {
    Roll::new(a, b).expect("a roll")
}

fn play(game: &mut Match<Backgammon>, dice: (u8, u8), text: &str) {
    if !matches!(game.phase, Phase::Moving(_)) {
        game.roll(roll(dice.0, dice.1));
    }
    let turn = game.turn_mut().expect("a turn");
    Backgammon::play_text(turn, text).expect("a legal play");
    game.confirm().expect("a whole play");
}

#[test]
fn a_scripted_match_with_a_take_a_redouble_dropped_and_an_unfinished_game_writes_gnubgs_columns() {
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", 3);
    game.teka(3, 1);
    play(&mut game, (3, 1), "8/5 6/5");
    assert!(game.double() && game.take_double());
    play(&mut game, (6, 5), "24/18 18/13");
    assert!(game.double() && game.drop_double());
    game.next_game();
    game.teka(1, 4);
    play(&mut game, (1, 4), "24/23 13/9");
    play(&mut game, (5, 2), "13/8 13/11");
    // Columns as gnubg 1.07's own export: the right one at the 34th character.
    let expected = r#"
 3 point match

 Game 1
 Anna : 0                       Bo : 0
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Takes                      65: 24/18 18/13
  3)  Doubles => 4                Drops
      Wins 2 points

 Game 2
 Anna : 2                       Bo : 0
  1)                             41: 24/23 13/9
  2) 52: 13/8 13/11

"#;
    assert_eq!(mat(&game), expected.trim_start_matches('\n'));
}

/// A save of `game` in a fresh file of the temporary directory.
/// (The dice are saved as real dice, typed in: every roll's two.)
fn saved<G: Game>(game: &Match<G>, rolls: u64, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("brade-mat-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let dice = brade::store::format::DiceRecord {
        typed: 2 * rolls,
        typed_rolls: (0..rolls).collect(),
        manual: true,
        ..Default::default()
    };
    let saved = brade::store::SavedMatch::of(game, dice, [None, None], 0);
    let path = dir.join("match.toml");
    std::fs::write(&path, brade::store::to_text(&saved).expect("a save's text")).expect("written");
    path
}

#[test]
fn export_mat_writes_a_backgammon_save_and_refuses_a_match_of_bräde() {
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", 3);
    game.teka(3, 1);
    play(&mut game, (3, 1), "8/5 6/5");
    let path = saved(&game, 1, "bg");
    let o = common::brade(&["export", "--mat", path.to_str().unwrap()], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Saved as a match of manual dice: a comment line says so before the match.
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        format!(
            "; Dice: manual — typed in by the players, not drawn by brade\n{}",
            mat(&game)
        )
    );
    let brade_match: Match<Brade> = Match::new("Anna", "Bo", 3);
    let path = saved(&brade_match, 0, "brade");
    let o = common::brade(&["export", "--mat", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--mat writes backgammon matches only"));
}

#[test]
fn a_gammon_borne_off_by_black_is_won_in_blacks_column_with_its_points() {
    let start = Position::from_code("6x5,8x3,13x7/1x2/b").expect("a position");
    let mut game: Match<Backgammon> = Match::from_position("Anna", "Bo", 5, start);
    play(&mut game, (2, 1), "1/off 1/off");
    let expected = r#"
 5 point match

 Game 1
 Anna : 0                       Bo : 0
  1)                             21: 1/0 1/0
                                  Wins 2 points

"#;
    assert_eq!(mat(&game), expected.trim_start_matches('\n'));
}

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

/// A whole match of `length` played with random plays and cube actions (money play,
/// length 0: [`MONEY_GAMES`] games, by the Jacoby rule as gnubg's money play).
fn random_match(length: u32, seed: u64) -> Match<Backgammon> {
    played(length, seed, false)
}

/// The same with resignations too, when `resigning`: now and then the side to move offers
/// a random one, before or after its roll, accepted or declined at random.
fn played(length: u32, seed: u64, resigning: bool) -> Match<Backgammon> {
    let mut rng = Lcg(seed);
    let resigns = |game: &mut Match<Backgammon>, rng: &mut Lcg| {
        if resigning && rng.next(25) == 0 {
            let level = brade::game::Resign::ALL[rng.next(3) as usize];
            assert!(game.resign(level, rng.next(2) == 0));
            return true;
        }
        false
    };
    let mut dice = SeededDice::from_seed(seed);
    let stakes = Stakes {
        jacoby: length == 0,
        ..Stakes::default()
    };
    let mut game: Match<Backgammon> = Match::new("Anna", "Bo", length).by_rules(stakes);
    for _ in 0..100_000 {
        match game.phase.clone() {
            Phase::Teka { .. } => {
                let (w, b) = (dice.die(), dice.die());
                game.teka(w, b);
            }
            Phase::AwaitRoll => {
                if resigns(&mut game, &mut rng) {
                    continue;
                }
                if game.may_double() && rng.next(8) == 0 {
                    game.double();
                    if rng.next(3) == 0 {
                        game.drop_double();
                    } else {
                        game.take_double();
                    }
                    continue;
                }
                game.roll(roll(dice.die(), dice.die()));
            }
            Phase::Doubled { .. } => unreachable!("answered at once"),
            Phase::Forfeit(_) => game.pass(),
            Phase::Moving(turn) => {
                if game.turn().is_some_and(|t| t.taken().is_empty()) && resigns(&mut game, &mut rng) {
                    continue;
                }
                let plays = Backgammon::legal_plays(&game.position, turn.roll(), game.rules);
                let pick = *Backgammon::play_of(&plays[rng.next(plays.len() as u64) as usize]);
                let turn = game.turn_mut().expect("a turn");
                Backgammon::play_text(turn, &pick.to_string()).expect("a legal play");
                game.confirm().expect("a whole play");
            }
            Phase::GameOver { .. } if length == 0 && game.score.games.len() == MONEY_GAMES => return game,
            Phase::GameOver { .. } => game.next_game(),
            Phase::MatchOver => return game,
        }
    }
    panic!("the match did not end");
}

/// How many games a kept money session has.
const MONEY_GAMES: usize = 6;

/// The matches kept under `tests/data/backgammon/mat/`: (file, length, seed, with
/// resignations).
const KEPT: [(&str, u32, u64, bool); 9] = [
    ("match-3-seed-1.mat", 3, 1, false),
    ("match-5-seed-2.mat", 5, 2, false),
    ("match-7-seed-3.mat", 7, 3, false),
    ("match-5-seed-4.mat", 5, 4, false),
    // With a Crawford game and post-Crawford games after it.
    ("match-7-seed-44.mat", 7, 44, false),
    ("match-5-seed-24.mat", 5, 24, false),
    ("money-seed-5.mat", 0, 5, false),
    // Resignations of every kind, before and after the roll, some declined; in money play
    // by the Jacoby rule.
    ("resign-match-9-seed-6.mat", 9, 6, true),
    ("resign-money-seed-7.mat", 0, 7, true),
];

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/backgammon/mat");

#[test]
fn seeded_random_matches_export_the_text_kept_for_gnubgs_import_check() {
    let write = std::env::var_os("BRADE_WRITE_MAT").is_some();
    let mut scores = String::from(
        "# FILE\tLENGTH\tWHITE\tBLACK\tCRAWFORD (brade's final score and Crawford game, - for none; check_mat_import.py)\n",
    );
    for (file, length, seed, resigning) in KEPT {
        let game = played(length, seed, resigning);
        let text = mat(&game);
        let (white, black) = (game.score.points(Color::White), game.score.points(Color::Black));
        // The Crawford game, from 1, as brade's score finds it.
        let crawford = game
            .score
            .crawford_game()
            .filter(|&n| n < game.score.games.len())
            .map_or("-".to_string(), |n| (n + 1).to_string());
        scores.push_str(&format!("{file}\t{length}\t{white}\t{black}\t{crawford}\n"));
        let path = format!("{DIR}/{file}");
        if write {
            std::fs::create_dir_all(DIR).expect("the directory");
            std::fs::write(&path, &text).expect("written");
        }
        let kept = std::fs::read_to_string(&path).expect("the kept file");
        assert_eq!(kept, text, "{file}");
        // What the text says agrees with the match: one game header and one end per game.
        assert_eq!(text.matches(" Game ").count(), game.log.len());
        assert_eq!(text.matches(" Wins ").count(), game.score.games.len());
    }
    let path = format!("{DIR}/scores.tsv");
    if write {
        std::fs::write(&path, &scores).expect("written");
    }
    assert_eq!(std::fs::read_to_string(&path).expect("the scores"), scores);
}

#[test]
fn the_kept_matches_have_crawford_games_and_a_money_session() {
    let crawford = KEPT
        .iter()
        .map(|&(_, l, s, r)| played(l, s, r))
        .filter(|g| g.score.crawford_game().is_some_and(|n| n < g.score.games.len()))
        .count();
    assert!(crawford >= 3, "only {crawford} kept matches play a Crawford game");
    let money = random_match(0, 5);
    assert!(money.score.is_money());
    assert!(
        mat(&money).starts_with(" 0 point match\n"),
        "as gnubg exports money play"
    );
    assert_eq!(brade::store::backgammon::mat::not_in_mat(&money), None);
}

#[test]
fn what_a_mat_cannot_say_is_refused_in_words() {
    use brade::store::backgammon::mat::{NotInMat, not_in_mat};
    // A money gammon at a cube never turned, without the Jacoby rule: 2 points here, 1 in
    // gnubg's money play.
    let start = Position::from_code("6x5,8x3,13x7/1x2/b").expect("a position");
    let mut game: Match<Backgammon> = Match::from_position("Anna", "Bo", 0, start);
    play(&mut game, (2, 1), "1/off 1/off");
    assert_eq!(game.score.games[0].points, 2);
    assert_eq!(not_in_mat(&game), Some(NotInMat::NoJacoby { game: 1 }));
    // Said with the game and the reason, in both languages.
    let why = NotInMat::NoJacoby { game: 1 };
    let file = std::path::Path::new("s.toml");
    let en = brade::words::cli::mat_refused(brade::words::Lang::En, file, why);
    assert!(
        en.contains("not written as .mat: game 1") && en.contains("Jacoby"),
        "{en}"
    );
    let sv = brade::words::cli::mat_refused(brade::words::Lang::Sv, file, why);
    assert!(
        sv.contains("skrivs inte som .mat: parti 1") && sv.contains("Jacoby"),
        "{sv}"
    );
    // With the Jacoby rule: single, as gnubg counts it, and written.
    let jacoby = Stakes {
        jacoby: true,
        ..Stakes::default()
    };
    let mut game: Match<Backgammon> = Match::from_position("Anna", "Bo", 0, start).by_rules(jacoby);
    play(&mut game, (2, 1), "1/off 1/off");
    assert_eq!(game.score.games[0].points, 1);
    assert_eq!(not_in_mat(&game), None);
    // A backgammon counted ×2, in a match.
    let start = Position::from_code("20,6x4,8x3,13x7/1x2/b").expect("a position");
    let twice = Stakes {
        backgammon: 2,
        ..Stakes::default()
    };
    let mut game: Match<Backgammon> = Match::from_position("Anna", "Bo", 5, start).by_rules(twice);
    play(&mut game, (2, 1), "1/off 1/off");
    assert_eq!(not_in_mat(&game), Some(NotInMat::BackgammonTwice { game: 1 }));
}

#[test]
fn the_kept_matches_use_the_cube_and_end_every_way() {
    let texts: Vec<String> = KEPT.iter().map(|&(_, l, s, r)| mat(&played(l, s, r))).collect();
    let all = texts.concat();
    for word in [
        " Doubles => 2",
        " Doubles => 4",
        " Takes",
        " Drops",
        "Wins 1 point\n",
        "Wins 2 points",
        "25/",
        "/0",
    ] {
        assert!(all.contains(word), "{word}");
    }
}
