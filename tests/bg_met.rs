//! The match equity table (Kazaross-XG2): known entries, symmetry, the Crawford rule, and
//! the standing after a game.
#![allow(clippy::panic, clippy::unwrap_used)]

use brade::ai::backgammon::met::{Away, Crawford, mwc, mwc_after, mwc_after_game};
use brade::backgammon::{Cube, GameEnd, Score, Stakes, Win};
use brade::rules::Color;

fn away(me: u32, opp: u32, crawford: Crawford) -> Away {
    Away { me, opp, crawford }
}

#[test]
fn one_away_against_one_away_is_an_even_match_and_the_known_entries_are_kazaross_xg2s() {
    assert_eq!(mwc(away(1, 1, Crawford::After)), 0.5);
    assert_eq!(mwc(away(1, 1, Crawford::Before)), 0.5);
    // the Crawford game at 2-away/1-away, and after it
    assert_eq!(mwc(away(2, 1, Crawford::Game)), 0.32264);
    assert_eq!(mwc(away(2, 1, Crawford::After)), 0.48803);
    assert_eq!(mwc(away(1, 2, Crawford::After)), 1.0 - 0.48803);
    assert_eq!(mwc(away(2, 2, Crawford::Before)), 0.5);
    assert_eq!(mwc(away(2, 3, Crawford::Before)), 0.59947);
    assert_eq!(mwc(away(5, 7, Crawford::Before)), 0.62638);
}

#[test]
fn the_table_is_symmetric_and_the_side_needing_fewer_points_is_the_favourite() {
    for me in 1..=25 {
        for opp in 1..=25 {
            for crawford in [Crawford::Before, Crawford::After] {
                let a = away(me, opp, crawford);
                assert!((mwc(a) + mwc(a.flipped()) - 1.0).abs() < 1e-12, "{a:?}");
            }
            let a = away(me, opp, Crawford::Before);
            if me < opp {
                assert!(mwc(a) > 0.5, "{a:?}");
            }
            if opp > 1 {
                // the opponent nearer the end: our chances no better
                assert!(
                    mwc(away(me, opp, Crawford::Before)) >= mwc(away(me, opp - 1, Crawford::Before)) - 1e-12
                );
            }
        }
    }
    assert_eq!(mwc(away(0, 3, Crawford::Before)), 1.0);
    assert_eq!(mwc(away(3, 0, Crawford::Before)), 0.0);
}

#[test]
fn b15_reaching_one_away_makes_the_next_game_the_crawford_game_and_the_one_after_post_crawford() {
    let start = away(3, 3, Crawford::Before);
    let crawford = start.after(2);
    assert_eq!(crawford, away(1, 3, Crawford::Game));
    assert_eq!(mwc_after(start, 2), mwc(away(1, 3, Crawford::Game)));
    let post = crawford.after(-1);
    assert_eq!(post, away(1, 2, Crawford::After));
    assert_eq!(post.after(-1).crawford, Crawford::After);
    // a gammon with the cube at 2 brings four points: the match is won
    assert_eq!(mwc_after(away(3, 4, Crawford::Before), 4), 1.0);
    assert_eq!(mwc_after(away(3, 4, Crawford::Before), -4), 0.0);
}

#[test]
fn b14_a_game_won_at_a_cube_counts_its_gammon_and_backgammon_by_the_stakes() {
    let a = away(7, 7, Crawford::Before);
    let standard = Stakes::default();
    let two = Stakes {
        backgammon: 2,
        ..standard
    };
    assert_eq!(
        mwc_after_game(a, true, 2, Win::Gammon, &standard),
        mwc(away(3, 7, Crawford::Before))
    );
    assert_eq!(
        mwc_after_game(a, true, 2, Win::Backgammon, &standard),
        mwc(away(1, 7, Crawford::Game))
    );
    assert_eq!(
        mwc_after_game(a, true, 2, Win::Backgammon, &two),
        mwc(away(3, 7, Crawford::Before))
    );
    assert_eq!(
        mwc_after_game(a, false, 1, Win::Single, &standard),
        mwc(away(7, 6, Crawford::Before))
    );
}

#[test]
fn a_standing_is_read_from_a_match_score() {
    let mut score = Score::new(5);
    let cube = Cube::default();
    score.games.push(GameEnd::won(
        Color::White,
        Win::Gammon,
        &cube,
        Stakes::default(),
        false,
    ));
    score.games.push(GameEnd::won(
        Color::White,
        Win::Gammon,
        &cube,
        Stakes::default(),
        false,
    ));
    assert_eq!(Away::of(&score, Color::White), Some(away(1, 5, Crawford::Game)));
    assert_eq!(Away::of(&score, Color::Black), Some(away(5, 1, Crawford::Game)));
    score.games.push(GameEnd::won(
        Color::Black,
        Win::Single,
        &cube,
        Stakes::default(),
        false,
    ));
    assert_eq!(Away::of(&score, Color::Black), Some(away(4, 1, Crawford::After)));
    assert_eq!(Away::of(&Score::new(0), Color::Black), None);
    assert_eq!(Away::new(1, 4, false), away(1, 4, Crawford::Game));
    assert_eq!(Away::new(1, 4, true), away(1, 4, Crawford::After));
}
