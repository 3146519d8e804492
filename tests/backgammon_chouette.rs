//! Chouette (B17–B18) as a pure model: the line-up from the opening throws, the rotation
//! after each game, every member's own cube against the box, unanimous team doubles, the
//! box's double answered member by member, redoubles, each game's settlement and the
//! running scores. Every expected number is worked out by hand in the comments from the
//! rules, not from the code.
#![allow(clippy::panic)] // tests fail by panicking

use brade::backgammon::{
    Chouette, ChouetteError, ChouettePhase as Phase, Holder, LineUp, MemberCube, Side, Stakes, Status, Win,
    line_up,
};

fn chouette(names: &[&str], stakes: Stakes) -> Chouette {
    let players = names.iter().map(|n| n.to_string()).collect();
    match Chouette::new(players, stakes) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn four() -> Chouette {
    chouette(&["Anna", "Björn", "Cilla", "Dag"], Stakes::default())
}

fn ok<T>(result: Result<T, ChouetteError>) -> T {
    match result {
        Ok(value) => value,
        Err(e) => panic!("refused: {e}"),
    }
}

fn cube(c: &Chouette, member: &str) -> MemberCube {
    ok(c.member(member)).cube
}

fn status(c: &Chouette, member: &str) -> Status {
    ok(c.member(member)).status
}

fn sum(points: &[(String, i64)]) -> i64 {
    points.iter().map(|(_, p)| p).sum()
}

fn scores(c: &Chouette) -> Vec<i64> {
    c.scores().into_iter().map(|(_, s)| s).collect()
}

#[test]
fn b17_the_highest_throw_is_the_box_the_second_the_captain_and_the_rest_follow_by_their_throws() {
    // Anna 4, Björn 6, Cilla 2, Dag 5: Björn box, Dag captain, then Anna (4), Cilla (2).
    assert_eq!(
        line_up(&[vec![4], vec![6], vec![2], vec![5]]),
        Ok(LineUp::Order(vec![1, 3, 0, 2]))
    );
    // Equal throws below the captain keep the order they were thrown in.
    assert_eq!(
        line_up(&[vec![6], vec![5], vec![2], vec![2]]),
        Ok(LineUp::Order(vec![0, 1, 2, 3]))
    );
}

#[test]
fn b17_players_tied_for_the_box_or_the_captaincy_throw_again_and_only_they() {
    // Björn and Cilla tie for the box: they throw again; Cilla's 5 beats Björn's 2.
    assert_eq!(
        line_up(&[vec![3], vec![6], vec![6], vec![2]]),
        Ok(LineUp::Again(vec![1, 2]))
    );
    assert_eq!(
        line_up(&[vec![3], vec![6, 2], vec![6, 5], vec![2]]),
        Ok(LineUp::Order(vec![2, 1, 0, 3]))
    );
    // Three tie for the captaincy behind Anna; the rethrow ranks them.
    assert_eq!(
        line_up(&[vec![6], vec![4], vec![4], vec![4]]),
        Ok(LineUp::Again(vec![1, 2, 3]))
    );
    assert_eq!(
        line_up(&[vec![6], vec![4, 3], vec![4, 3], vec![4, 3]]),
        Ok(LineUp::Again(vec![1, 2, 3]))
    );
    assert_eq!(
        line_up(&[vec![6], vec![4, 3, 1], vec![4, 3, 6], vec![4, 3, 1]]),
        Ok(LineUp::Order(vec![0, 2, 1, 3]))
    );
    assert_eq!(line_up(&[vec![6], vec![7], vec![1]]), Err(ChouetteError::Die(7)));
    assert_eq!(line_up(&[vec![6], vec![]],), Err(ChouetteError::PlayerCount(2)));
    assert_eq!(
        line_up(&[vec![6], vec![], vec![1]]),
        Err(ChouetteError::NoThrow(1))
    );
}

#[test]
fn b17_a_chouette_has_three_to_eight_players_with_distinct_names() {
    let named =
        |names: &[&str]| Chouette::new(names.iter().map(|n| n.to_string()).collect(), Stakes::default());
    assert_eq!(named(&["A", "B"]).err(), Some(ChouetteError::PlayerCount(2)));
    let nine = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
    assert_eq!(named(&nine).err(), Some(ChouetteError::PlayerCount(9)));
    assert!(named(&nine[..8]).is_ok());
    assert_eq!(named(&["A", " ", "C"]).err(), Some(ChouetteError::EmptyName));
    assert_eq!(
        named(&["A", "B", "A"]).err(),
        Some(ChouetteError::SameName("A".to_string()))
    );
    let c = four();
    assert_eq!(c.box_player(), "Anna");
    assert_eq!(c.captain(), "Björn");
    assert_eq!(c.team(), ["Björn", "Cilla", "Dag"]);
    assert_eq!(c.line(), ["Anna", "Björn", "Cilla", "Dag"]);
    assert_eq!(c.phase(), Phase::Opening);
    for (_, state) in c.members() {
        assert_eq!(
            state.cube,
            MemberCube {
                value: 1,
                holder: Holder::Middle
            }
        );
        assert_eq!(state.status, Status::Playing);
    }
}

/// Five games of Anna, Björn, Cilla and Dag, their line-up and scores after each.
#[test]
fn b17_b18_a_chouette_of_four_turns_its_line_up_and_settles_every_cube_game_after_game() {
    let mut c = four();

    // Game 1: Anna box, Björn captain. The team opens (5 against the box's 3).
    assert_eq!(ok(c.opening(3, 5)), Some(Side::Team));
    ok(c.end_turn());
    // The box doubles every cube: Björn and Dag take (owning theirs at 2), Cilla drops.
    ok(c.box_double());
    assert_eq!(c.phase(), Phase::BoxDoubled);
    assert_eq!(c.waiting(), ["Björn", "Cilla", "Dag"]);
    assert_eq!(ok(c.answer("Björn", true)), None);
    assert_eq!(ok(c.answer("Cilla", false)), None);
    assert_eq!(ok(c.answer("Dag", true)), None);
    assert_eq!(c.phase(), Phase::ToRoll(Side::Box), "the doubler rolls");
    assert_eq!(
        cube(&c, "Björn"),
        MemberCube {
            value: 2,
            holder: Holder::Member
        }
    );
    assert_eq!(status(&c, "Cilla"), Status::Dropped { paid: 1 });
    ok(c.roll());
    ok(c.end_turn());
    // Björn redoubles his own cube alone; the box takes it (4, the box's).
    ok(c.redouble("Björn"));
    assert_eq!(c.waiting(), ["Björn"]);
    assert_eq!(ok(c.box_answer("Björn", true)), None);
    assert_eq!(
        cube(&c, "Björn"),
        MemberCube {
            value: 4,
            holder: Holder::Box
        }
    );
    assert_eq!(
        cube(&c, "Dag"),
        MemberCube {
            value: 2,
            holder: Holder::Member
        }
    );
    ok(c.roll());
    ok(c.end_turn());
    ok(c.roll());
    // The box wins a gammon: Björn 4×2 = 8, Dag 2×2 = 4, Cilla her dropped 1; the box +13.
    let game = ok(c.end_game(Side::Box, Win::Gammon));
    assert_eq!(
        game.points,
        [
            ("Anna".into(), 13),
            ("Björn".into(), -8),
            ("Cilla".into(), -1),
            ("Dag".into(), -4)
        ]
    );
    assert!(!game.team_won);
    // The team lost: Cilla becomes captain, Björn goes to the end, Anna stays.
    assert_eq!(c.line(), ["Anna", "Cilla", "Dag", "Björn"]);
    assert_eq!(scores(&c), [13, -8, -1, -4]);
    assert_eq!(c.phase(), Phase::Opening);
    assert_eq!(
        cube(&c, "Björn"),
        MemberCube {
            value: 1,
            holder: Holder::Middle
        }
    );

    // Game 2: Anna box, Cilla captain. Equal opening dice without automatic doubles
    // change nothing; the team opens 4 against 2.
    assert_eq!(ok(c.opening(6, 6)), None);
    assert_eq!(cube(&c, "Dag").value, 1);
    assert_eq!(ok(c.opening(2, 4)), Some(Side::Team));
    ok(c.end_turn());
    ok(c.roll());
    ok(c.end_turn());
    // The team doubles, unanimously; the box takes Cilla's and Björn's, drops Dag's.
    ok(c.team_double(&[("Cilla", true), ("Dag", true), ("Björn", true)]));
    assert_eq!(c.phase(), Phase::TeamDoubled);
    assert_eq!(ok(c.box_answer("Cilla", true)), None);
    assert_eq!(ok(c.box_answer("Dag", false)), None);
    assert_eq!(ok(c.box_answer("Björn", true)), None);
    assert_eq!(c.phase(), Phase::ToRoll(Side::Team));
    assert_eq!(status(&c, "Dag"), Status::BoxDropped { won: 1 });
    ok(c.roll());
    ok(c.end_turn());
    // The box redoubles the cubes he owns: Cilla, the captain, drops (pays 2), Björn takes.
    ok(c.box_double());
    assert_eq!(c.waiting(), ["Cilla", "Björn"], "Dag is out of the game");
    ok(c.answer("Cilla", false));
    ok(c.answer("Björn", true));
    assert_eq!(c.mover(), "Björn", "the first in the line still playing moves");
    assert_eq!(c.captain(), "Cilla");
    ok(c.roll());
    ok(c.end_turn());
    ok(c.roll());
    // The team (Björn) wins a single game: Björn +4, Dag +1, Cilla −2; the box −3.
    let game = ok(c.end_game(Side::Team, Win::Single));
    assert_eq!(
        game.points,
        [
            ("Anna".into(), -3),
            ("Cilla".into(), -2),
            ("Dag".into(), 1),
            ("Björn".into(), 4)
        ]
    );
    // The captain dropped, so his game is lost: Dag captain, Cilla to the end, Anna stays.
    assert!(!game.team_won);
    assert_eq!(c.line(), ["Anna", "Dag", "Björn", "Cilla"]);
    assert_eq!(scores(&c), [10, -4, -3, -3]);

    // Game 3: the team wins a backgammon with no cube turned: 3 each, the box −9.
    assert_eq!(ok(c.opening(1, 6)), Some(Side::Team));
    let game = ok(c.end_game(Side::Team, Win::Backgammon));
    assert_eq!(
        game.points,
        [
            ("Anna".into(), -9),
            ("Dag".into(), 3),
            ("Björn".into(), 3),
            ("Cilla".into(), 3)
        ]
    );
    // The team won: Dag, the captain, is the box; Björn captain; Anna to the end.
    assert!(game.team_won);
    assert_eq!(c.line(), ["Dag", "Björn", "Cilla", "Anna"]);
    assert_eq!(scores(&c), [1, -1, 0, 0]);

    // Game 4: Dag box. The box opens; the team doubles and the box drops every cube:
    // the game is over at the last answer, 1 to each member, −3 for the box.
    assert_eq!(ok(c.opening(5, 2)), Some(Side::Box));
    ok(c.end_turn());
    ok(c.team_double(&[("Björn", true), ("Cilla", true), ("Anna", true)]));
    assert_eq!(ok(c.box_answer("Björn", false)), None);
    assert_eq!(ok(c.box_answer("Cilla", false)), None);
    let Some(game) = ok(c.box_answer("Anna", false)) else {
        panic!("the last drop ends the game");
    };
    assert_eq!(game.board, None);
    assert!(game.team_won);
    assert_eq!(c.line(), ["Björn", "Cilla", "Anna", "Dag"]);
    assert_eq!(scores(&c), [2, 0, 1, -3]);

    // Game 5: Björn box. He doubles; every member drops: 1 each to the box.
    assert_eq!(ok(c.opening(4, 3)), Some(Side::Box));
    ok(c.end_turn());
    ok(c.roll());
    ok(c.end_turn());
    ok(c.box_double());
    ok(c.answer("Cilla", false));
    ok(c.answer("Anna", false));
    let Some(game) = ok(c.answer("Dag", false)) else {
        panic!("the last drop ends the game");
    };
    assert_eq!(game.points[0], ("Björn".into(), 3));
    assert!(!game.team_won);
    assert_eq!(c.line(), ["Björn", "Anna", "Dag", "Cilla"]);
    assert_eq!(scores(&c), [1, 3, 0, -4]);

    assert_eq!(c.games().len(), 5);
    for game in c.games() {
        assert_eq!(sum(&game.points), 0, "every game is zero-sum");
    }
    assert_eq!(scores(&c).iter().sum::<i64>(), 0, "and so are the running scores");
}

#[test]
fn b17_a_three_player_chouette_rotates_by_both_rules() {
    let mut c = chouette(&["A", "B", "C"], Stakes::default());
    ok(c.opening(6, 1));
    ok(c.end_game(Side::Box, Win::Single));
    assert_eq!(c.line(), ["A", "C", "B"], "the team lost: the next is captain");
    ok(c.opening(6, 1));
    ok(c.end_game(Side::Team, Win::Single));
    assert_eq!(c.line(), ["C", "B", "A"], "the team won: the captain is the box");
    assert_eq!(scores(&c), [2 - 2, -1 + 1, -1 + 1]);
}

#[test]
fn b18_the_captain_who_wins_by_the_box_dropping_his_cube_becomes_the_box() {
    let mut c = four();
    ok(c.opening(1, 2));
    ok(c.end_turn());
    ok(c.roll());
    ok(c.end_turn());
    ok(c.team_double(&[("Björn", true), ("Cilla", true), ("Dag", true)]));
    ok(c.box_answer("Björn", false)); // the captain has won 1
    ok(c.box_answer("Cilla", true));
    ok(c.box_answer("Dag", true));
    assert_eq!(c.mover(), "Cilla");
    ok(c.roll());
    // The box beats Cilla and Dag (2 each, single); the captain still won his game.
    let game = ok(c.end_game(Side::Box, Win::Single));
    assert_eq!(
        game.points,
        [
            ("Anna".into(), 3),
            ("Björn".into(), 1),
            ("Cilla".into(), -2),
            ("Dag".into(), -2)
        ]
    );
    assert!(game.team_won);
    assert_eq!(c.line(), ["Björn", "Cilla", "Dag", "Anna"]);
}

#[test]
fn b18_a_team_double_must_be_unanimous() {
    let mut c = four();
    ok(c.opening(2, 5));
    ok(c.end_turn());
    ok(c.roll());
    ok(c.end_turn());
    assert_eq!(
        c.team_double(&[("Björn", true), ("Cilla", true)]),
        Err(ChouetteError::VoteMissing("Dag".into()))
    );
    assert_eq!(
        c.team_double(&[("Björn", true), ("Cilla", false), ("Dag", true)]),
        Err(ChouetteError::VotedNo("Cilla".into()))
    );
    assert_eq!(
        c.team_double(&[("Björn", true), ("Björn", true), ("Dag", true)]),
        Err(ChouetteError::DuplicateVote("Björn".into()))
    );
    assert_eq!(
        c.team_double(&[("Anna", true)]),
        Err(ChouetteError::NotAMember("Anna".into()))
    );
    assert_eq!(
        c.redouble("Cilla"),
        Err(ChouetteError::TeamDoubleNeeded("Cilla".into()))
    );
    assert_eq!(c.phase(), Phase::ToRoll(Side::Team), "nothing was doubled");
    for (_, state) in c.members() {
        assert_eq!(state.cube.value, 1);
    }
    ok(c.team_double(&[("Dag", true), ("Cilla", true), ("Björn", true)]));
    assert_eq!(c.waiting(), ["Björn", "Cilla", "Dag"]);
}

#[test]
fn b18_the_box_doubles_on_his_own_turn_before_his_roll_and_each_member_answers_once() {
    let mut c = four();
    assert_eq!(c.box_double(), Err(ChouetteError::GameNotBegun));
    assert_eq!(
        c.end_game(Side::Box, Win::Single),
        Err(ChouetteError::GameNotBegun)
    );
    ok(c.opening(2, 5));
    assert_eq!(c.box_double(), Err(ChouetteError::NotOnRoll(Side::Box)));
    assert_eq!(c.opening(2, 5), Err(ChouetteError::NotOpening));
    ok(c.end_turn());
    assert_eq!(c.end_turn(), Err(ChouetteError::NotRolled));
    assert_eq!(c.team_double(&[]), Err(ChouetteError::NotOnRoll(Side::Team)));
    ok(c.roll());
    assert_eq!(c.box_double(), Err(ChouetteError::AlreadyRolled));
    ok(c.end_turn());
    ok(c.roll());
    ok(c.end_turn());
    assert_eq!(c.answer("Björn", true), Err(ChouetteError::NoDoubleToAnswer));
    ok(c.box_double());
    assert_eq!(c.roll(), Err(ChouetteError::DoublePending));
    assert_eq!(
        c.end_game(Side::Box, Win::Single),
        Err(ChouetteError::DoublePending)
    );
    assert_eq!(c.box_answer("Björn", true), Err(ChouetteError::NoDoubleToAnswer));
    assert_eq!(
        c.answer("Anna", true),
        Err(ChouetteError::NotAMember("Anna".into()))
    );
    assert_eq!(
        c.answer("Erik", true),
        Err(ChouetteError::UnknownPlayer("Erik".into()))
    );
    ok(c.answer("Björn", false));
    assert_eq!(
        c.answer("Björn", true),
        Err(ChouetteError::MemberOut("Björn".into()))
    );
    ok(c.answer("Cilla", true));
    assert_eq!(
        c.answer("Cilla", true),
        Err(ChouetteError::NotOffered("Cilla".into()))
    );
    ok(c.answer("Dag", true));
    // Every cube left in the game is its member's now: the box has none to double.
    ok(c.roll());
    ok(c.end_turn());
    ok(c.roll());
    ok(c.end_turn());
    assert_eq!(c.box_double(), Err(ChouetteError::NoCubeToDouble(Side::Box)));
    ok(c.roll());
    ok(c.end_turn());
    assert_eq!(c.redouble("Björn"), Err(ChouetteError::MemberOut("Björn".into())));
    assert_eq!(c.team_double(&[]), Err(ChouetteError::NoCubeToDouble(Side::Team)));
    ok(c.redouble("Cilla"));
    ok(c.box_answer("Cilla", true));
    assert_eq!(c.redouble("Cilla"), Err(ChouetteError::NotOwner("Cilla".into())));
    ok(c.redouble("Dag"));
    ok(c.box_answer("Dag", true));
    assert_eq!(
        cube(&c, "Cilla"),
        MemberCube {
            value: 4,
            holder: Holder::Box
        }
    );
    assert_eq!(
        cube(&c, "Dag"),
        MemberCube {
            value: 4,
            holder: Holder::Box
        }
    );
    assert_eq!(c.phase(), Phase::ToRoll(Side::Team));
}

#[test]
fn b13_each_members_cube_stops_at_64() {
    let mut c = chouette(&["A", "B", "C"], Stakes::default());
    ok(c.opening(6, 1));
    ok(c.end_turn());
    // B keeps redoubling, the box keeps taking and redoubling back: 2, 4 … 64.
    let mut value = 1;
    loop {
        ok(c.team_double(&[("B", true), ("C", true)])
            .or_else(|_| c.redouble("B")));
        value *= 2;
        ok(c.box_answer("B", true));
        if c.waiting() == ["C"] {
            ok(c.box_answer("C", false)); // C takes his 1 and leaves
        }
        ok(c.roll());
        ok(c.end_turn());
        if value == 64 {
            break;
        }
        ok(c.box_double());
        value *= 2;
        ok(c.answer("B", true));
        ok(c.roll());
        ok(c.end_turn());
        if value == 64 {
            break;
        }
    }
    assert_eq!(cube(&c, "B").value, 64);
    let on_roll = c.phase();
    let refused = if on_roll == Phase::ToRoll(Side::Box) {
        c.box_double()
    } else {
        c.redouble("B")
    };
    assert!(
        matches!(refused, Err(ChouetteError::NoCubeToDouble(_))),
        "{refused:?}"
    );
}

#[test]
fn b16_a_chouette_is_money_play_automatic_doubles_and_jacoby_apply_cube_by_cube() {
    let stakes = Stakes {
        backgammon: 3,
        automatic: 1,
        jacoby: true,
    };
    let mut c = chouette(&["A", "B", "C"], stakes);
    // Equal opening dice turn every cube in the middle to 2, once a game.
    assert_eq!(ok(c.opening(4, 4)), None);
    assert_eq!(ok(c.opening(3, 3)), None);
    assert_eq!(
        cube(&c, "B"),
        MemberCube {
            value: 2,
            holder: Holder::Middle
        }
    );
    assert_eq!(
        cube(&c, "C"),
        MemberCube {
            value: 2,
            holder: Holder::Middle
        }
    );
    ok(c.opening(5, 1));
    // A gammon with no cube turned is single under Jacoby: 2 each.
    let game = ok(c.end_game(Side::Box, Win::Gammon));
    assert_eq!(game.points, [("A".into(), 4), ("B".into(), -2), ("C".into(), -2)]);
    // Next game: A box, C captain. The box doubles; C takes, B drops. Only C's cube is
    // turned, so his gammon counts double: 2 × 2 = 4; B paid his 1.
    assert_eq!(c.line(), ["A", "C", "B"]);
    ok(c.opening(6, 2));
    ok(c.end_turn());
    ok(c.roll());
    ok(c.end_turn());
    ok(c.box_double());
    ok(c.answer("C", true));
    ok(c.answer("B", false));
    ok(c.roll());
    ok(c.end_turn());
    let game = ok(c.end_game(Side::Team, Win::Gammon));
    assert_eq!(game.points, [("A".into(), -3), ("C".into(), 4), ("B".into(), -1)]);
    // No Crawford game ever: a third game's cubes are live at once.
    assert_eq!(c.line(), ["C", "B", "A"]);
    ok(c.opening(1, 2));
    ok(c.end_turn());
    ok(c.box_double());
    assert_eq!(scores(&c), [4 - 3, -2 - 1, -2 + 4]);
    assert_eq!(scores(&c).iter().sum::<i64>(), 0);
}

#[test]
fn b14_a_backgammon_counts_as_the_stakes_say_for_every_member() {
    let stakes = Stakes {
        backgammon: 2,
        ..Stakes::default()
    };
    let mut c = chouette(&["A", "B", "C", "D", "E"], stakes);
    ok(c.opening(2, 1));
    let game = ok(c.end_game(Side::Box, Win::Backgammon));
    assert_eq!(game.points[0], ("A".into(), 8), "four members, 2 each");
    assert_eq!(sum(&game.points), 0);
}

#[test]
fn every_chouette_refusal_is_worded_in_both_languages() {
    use brade::words::{Lang, chouette::refusal};
    let all = [
        ChouetteError::PlayerCount(2),
        ChouetteError::EmptyName,
        ChouetteError::SameName("Anna".into()),
        ChouetteError::NoThrow(1),
        ChouetteError::Die(7),
        ChouetteError::UnknownPlayer("Erik".into()),
        ChouetteError::NotAMember("Anna".into()),
        ChouetteError::MemberOut("Dag".into()),
        ChouetteError::GameNotBegun,
        ChouetteError::NotOpening,
        ChouetteError::NotOnRoll(Side::Box),
        ChouetteError::NotOnRoll(Side::Team),
        ChouetteError::AlreadyRolled,
        ChouetteError::NotRolled,
        ChouetteError::DoublePending,
        ChouetteError::NoDoubleToAnswer,
        ChouetteError::NoCubeToDouble(Side::Box),
        ChouetteError::NoCubeToDouble(Side::Team),
        ChouetteError::VoteMissing("Dag".into()),
        ChouetteError::VotedNo("Cilla".into()),
        ChouetteError::DuplicateVote("Björn".into()),
        ChouetteError::TeamDoubleNeeded("Cilla".into()),
        ChouetteError::NotOwner("Cilla".into()),
        ChouetteError::NotOffered("Cilla".into()),
    ];
    for why in &all {
        let en = refusal(Lang::En, why);
        let sv = refusal(Lang::Sv, why);
        assert!(!en.is_empty() && !sv.is_empty() && en != sv, "{why:?}");
        if let ChouetteError::VoteMissing(name) | ChouetteError::VotedNo(name) = why {
            assert!(en.contains(name.as_str()) && en.contains("B18") && sv.contains("B18"));
        }
    }
    assert!(refusal(Lang::Sv, &ChouetteError::NotOnRoll(Side::Box)).contains("boxens"));
    assert!(refusal(Lang::En, &ChouetteError::PlayerCount(9)).contains("3 to 8"));
}
