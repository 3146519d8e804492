//! The club of `brade serve` on 127.0.0.1, two players at two terminals (russh's client,
//! the screens drawn by vt100): a whole bräde match and a one-point backgammon match with
//! a double and a take, each step seen by both; a seat dropped mid-turn rejoins with the
//! same roll; a server restarted finds its matches; a long absence may be claimed.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // tests fail by panicking

mod serve_support;

use std::time::Duration;

use brade::game::{Backgammon, Brade, Checkers as _};
use brade::rules::Color;
use brade::session::{Match, Phase};
use serve_support::*;

#[test]
fn two_seats_play_a_whole_one_game_brade_match_each_step_seen_by_both() {
    let (dir, rt, port, club) = served_club();
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        let (_, _, game) = held::<Brade>(&club).unwrap();
        assert_eq!(game.names, ["alice", "bob"]);
        assert_eq!(game.length(), 1);
        // The opening roll is either side's; after it only the side to act is listened
        // to: the other's Space rolls nothing, and says whose turn it is.
        // (Black rolls it; equal dice are rolled again.)
        while let (
            _,
            before,
            Match {
                phase: Phase::Teka { .. },
                ..
            },
        ) = held::<Brade>(&club).unwrap()
        {
            bob.keys(b" ").await;
            moved_on::<Brade>(&club, &before, &mut [&mut alice, &mut bob]).await;
        }
        let (_, before, game) = held::<Brade>(&club).unwrap();
        assert!(matches!(game.phase, Phase::AwaitRoll), "{:?}", game.phase);
        let mover = game.position.to_move();
        let waiting = if mover == Color::White {
            &mut bob
        } else {
            &mut alice
        };
        waiting.keys(b" ").await;
        waiting.until("turn: wait for them").await;
        assert_eq!(held::<Brade>(&club).unwrap().1, before, "nothing rolled");
        brade_to_the_end(&club, &mut [&mut alice, &mut bob]).await;
        // Recorded once, in the club's records and in each player's; the lobby lists it
        // with its dice.
        assert_eq!(club.lock().unwrap().finished_count(), 1);
        club.lock().unwrap().flush(Duration::from_secs(10));
        alice.drain(Duration::from_millis(100)).await;
        alice.keys(b"\r").await;
        alice.until("dice seed").await;
        alice.until("rolls:").await;
    });
    let records = |d: std::path::PathBuf| records_in(&d).len();
    assert_eq!(records(dir.path().join("club/records")), 1);
    assert_eq!(records(dir.path().join("players/alice/data/records")), 1);
    assert_eq!(records(dir.path().join("players/bob/data/records")), 1);
}

#[test]
fn two_seats_play_a_one_point_backgammon_match_with_a_double_and_a_take() {
    let (dir, rt, port, club) = served_club();
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        // `g` once: backgammon; its form's 5 points two steps left: 1 point.
        invite_and_accept(&mut alice, &mut bob, 1, 2).await;
        let (_, _, game) = held::<Backgammon>(&club).unwrap();
        assert_eq!(game.length(), 1);
        play_out::<Backgammon>(
            &club,
            &mut [&mut alice, &mut bob],
            backgammon_play,
            |t| t.roll().dice(),
            1,
        )
        .await;
        assert_eq!(club.lock().unwrap().finished_count(), 1);
        club.lock().unwrap().flush(Duration::from_secs(10));
    });
    // The double and the take are in the record.
    let record = records_in(&dir.path().join("club/records")).remove(0);
    let text = std::fs::read_to_string(record).unwrap();
    assert!(text.contains("double") && text.contains("take"), "{text}");
}

#[test]
fn a_seat_dropped_mid_turn_rejoins_with_the_same_roll_and_finishes() {
    let (_dir, rt, port, club) = served_club();
    rt.block_on(async {
        let keys = [key(), key()];
        let mut alice = Seat::at(port, "alice", &keys[0]).await;
        let mut bob = Seat::at(port, "bob", &keys[1]).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        let mover = to_first_roll(&club, &mut alice, &mut bob).await;
        let roll = rolled(&club);
        // The mover's line drops in the middle of the turn.
        let (name, key, mut other) = if mover == Color::White {
            drop(alice);
            ("alice", &keys[0], bob)
        } else {
            drop(bob);
            ("bob", &keys[1], alice)
        };
        other.drain(Duration::from_millis(300)).await;
        assert_eq!(club.lock().unwrap().held().len(), 1, "the match is held");
        // Back with the same key: the lobby lists the match; Enter sits down at it, the
        // same roll on the board.
        let mut back = Seat::at(port, name, key).await;
        back.until("Enter goes back to it").await;
        back.choose("Enter goes back to it").await;
        back.keys(b"\r").await;
        back.until("Dice:").await;
        assert_eq!(rolled(&club), roll, "the same roll, not rolled again");
        let seats = if mover == Color::White {
            [&mut back, &mut other]
        } else {
            [&mut other, &mut back]
        };
        brade_to_the_end(&club, &mut { seats }).await;
        assert_eq!(club.lock().unwrap().finished_count(), 1);
        club.lock().unwrap().flush(Duration::from_secs(10));
    });
}

#[test]
fn a_server_restarted_finds_its_matches_where_they_stood() {
    let dir = tempfile::tempdir().unwrap();
    let keys = [key(), key()];
    let (before, roll) = {
        let rt = runtime();
        let (port, club) = start(&rt, dir.path());
        let seen = rt.block_on(async {
            let mut alice = Seat::at(port, "alice", &keys[0]).await;
            let mut bob = Seat::at(port, "bob", &keys[1]).await;
            invite_and_accept(&mut alice, &mut bob, 0, 1).await;
            to_first_roll(&club, &mut alice, &mut bob).await;
            (held::<Brade>(&club).unwrap().2.log.clone(), rolled(&club))
        });
        club.lock().unwrap().flush(Duration::from_secs(10));
        rt.shutdown_timeout(Duration::from_secs(1));
        seen
    };
    let rt = runtime();
    let (port, club) = start(&rt, dir.path());
    let (_, _, game) = held::<Brade>(&club).expect("held again after the restart");
    assert_eq!(game.log, before);
    assert!(
        matches!(&game.phase, Phase::Moving(turn) if turn.roll() == roll),
        "{:?}",
        game.phase
    );
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &keys[0]).await;
        let mut bob = Seat::at(port, "bob", &keys[1]).await;
        for seat in [&mut alice, &mut bob] {
            seat.until("Enter goes back to it").await;
            seat.choose("Enter goes back to it").await;
            seat.keys(b"\r").await;
            seat.until("Dice:").await;
        }
        brade_to_the_end(&club, &mut [&mut alice, &mut bob]).await;
        assert_eq!(club.lock().unwrap().finished_count(), 1);
        club.lock().unwrap().flush(Duration::from_secs(10));
    });
}

#[test]
fn after_a_long_absence_the_match_may_be_claimed_and_is_recorded_as_claimed() {
    let (dir, rt, port, club) = served_club();
    club.lock().unwrap().set_claim_after(Duration::ZERO);
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        // Bob goes; Alice back in the lobby may claim the match.
        drop(bob);
        alice.drain(Duration::from_millis(200)).await;
        alice.keys(b"q").await;
        alice.until("c claims the match").await;
        alice.choose("c claims the match").await;
        alice.keys(b"c").await;
        alice.until("claimed by alice").await;
        alice.until("dice seed").await;
    });
    assert_eq!(club.lock().unwrap().finished_count(), 1);
    club.lock().unwrap().flush(Duration::from_secs(10));
    assert!(club.lock().unwrap().held().is_empty());
    let recorded: Vec<String> = records_in(&dir.path().join("club/records"))
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(
        recorded.len() == 1 && recorded[0].contains("unfinished"),
        "recorded unfinished, not as a win: {recorded:?}"
    );
}

#[test]
fn a_resignation_offered_at_one_seat_is_answered_at_the_other() {
    let (dir, rt, port, club) = served_club();
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        let mover = to_first_roll(&club, &mut alice, &mut bob).await;
        let (offerer, answerer) = if mover == Color::White {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        // The side to move offers the game; the other seat is asked, and declines.
        offerer.keys(b"g").await;
        offerer.until("Enter offers it").await;
        offerer.keys(b"\r").await;
        offerer.until("waiting for the other player's answer").await;
        answerer.until("accept: the game ends").await;
        let (_, before, _) = held::<Brade>(&club).unwrap();
        answerer.keys(b"n").await;
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while std::time::Instant::now() < deadline {
            if held::<Brade>(&club).unwrap().1 != before {
                break;
            }
            offerer.drain(Duration::from_millis(10)).await;
            answerer.drain(Duration::from_millis(10)).await;
        }
        assert_ne!(
            held::<Brade>(&club).unwrap().1,
            before,
            "declined, logged:\n{}\n{}",
            offerer.text(),
            answerer.text()
        );
        offerer.until("declin").await;
        // The answer's question leaves the answerer's screen before it is asked again: a
        // key pressed at the stale one would come before the second offer and be lost.
        answerer.until_gone("accept: the game ends").await;
        assert_eq!(club.lock().unwrap().finished_count(), 0, "declined: play on");
        // Offered again and accepted: the game, and the one-game match, are over.
        offerer.keys(b"g").await;
        offerer.until("Enter offers it").await;
        offerer.keys(b"\r").await;
        offerer.until("waiting for the other player's answer").await;
        answerer.until("accept: the game ends").await;
        answerer.keys(b"y").await;
        // The game is over (a key goes on to the end of the match).
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while std::time::Instant::now() < deadline {
            if club.lock().unwrap().finished_count() == 1 {
                break;
            }
            if let Some((
                _,
                _,
                Match {
                    phase: Phase::GameOver { .. },
                    ..
                },
            )) = held::<Brade>(&club)
            {
                offerer.keys(b" ").await;
            }
            offerer.drain(Duration::from_millis(20)).await;
            answerer.drain(Duration::from_millis(20)).await;
        }
        assert_eq!(club.lock().unwrap().finished_count(), 1);
        club.lock().unwrap().flush(Duration::from_secs(10));
    });
    // Analysed by the server, the analysis kept beside the club's record and each
    // player's copy.
    let analysed = |dir: std::path::PathBuf| {
        std::fs::read_dir(dir)
            .map(|r| {
                r.filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "analysis"))
                })
                .count()
            })
            .unwrap_or(0)
    };
    let places = [
        "club/records",
        "players/alice/data/records",
        "players/bob/data/records",
    ];
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while places.iter().any(|p| analysed(dir.path().join(p)) == 0) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    for place in places {
        assert_eq!(analysed(dir.path().join(place)), 1, "{place}");
    }
}

#[test]
fn a_third_player_watches_a_match_and_can_change_nothing() {
    let (_dir, rt, port, club) = served_club();
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &key()).await;
        let mut bob = Seat::at(port, "bob", &key()).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        let mut carol = Seat::at(port, "carol", &key()).await;
        carol.choose("Enter watches").await;
        carol.keys(b"\r").await;
        carol.until("alice (White)").await;
        // The watcher's keys act on nothing.
        let (_, before, _) = held::<Brade>(&club).unwrap();
        carol.keys(b" r:1/7\r").await;
        carol.until("You are watching").await;
        assert_eq!(held::<Brade>(&club).unwrap().1, before);
        // What the players do, the watcher sees.
        to_first_roll(&club, &mut alice, &mut bob).await;
        let (a, b) = rolled(&club).dice();
        carol.until(&format!("[{a}]")).await;
        carol.until(&format!("[{b}]")).await;
        // q: back to the lobby; the match goes on without the watcher.
        carol.keys(b"q").await;
        carol.until("the club").await;
        assert_eq!(club.lock().unwrap().held().len(), 1);
    });
}

#[test]
fn sigterm_tells_the_players_keeps_their_match_and_ends_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let keys = [key(), key()];
    let (mut server, port) = serve_process(dir.path(), &[]);
    let rt = runtime();
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &keys[0]).await;
        let mut bob = Seat::at(port, "bob", &keys[1]).await;
        invite_and_accept(&mut alice, &mut bob, 0, 1).await;
        alice.roll_teka().await;
        let stopped = std::process::Command::new("kill")
            .args(["-TERM", &server.id().to_string()])
            .status()
            .unwrap();
        assert!(stopped.success());
        for seat in [&mut alice, &mut bob] {
            seat.until("The server is stopping").await;
        }
    });
    // It ends by itself (within its three seconds by design; not timed here).
    let mut ended = None;
    for _ in 0..400 {
        ended = server.try_wait().unwrap();
        if ended.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(ended.is_some(), "the server ended");
    // Started again: the match waits for its players.
    let (mut again, port) = serve_process(dir.path(), &[]);
    rt.block_on(async {
        let mut alice = Seat::at(port, "alice", &keys[0]).await;
        alice.choose("Enter goes back to it").await;
        alice.keys(b"\r").await;
        alice.until("Teka: ").await;
    });
    let _ = again.kill();
    let _ = again.wait();
}
