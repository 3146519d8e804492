//! A load test of `brade serve` on 127.0.0.1: 30 sessions at once, 15 matches — bräde and
//! one-point backgammon in turn — played to their end by scripted seats over SSH (russh's
//! client, the screens drawn by vt100). Nothing is lost: every match is recorded once, in
//! the club's records and in each of its players'. It prints what the user guide (docs/src/figures.md) states: the
//! time from a roll's key to the other seat's screen showing the dice (median and 99th
//! percentile, over every roll of the 15 matches), and — with the server as a process of
//! its own, the 30 sessions logged in and seated — its memory per session. No figure is
//! asserted: they are measured here and written down there.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)] // tests fail by panicking

mod serve_support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use brade::game::{Backgammon, Brade};
use serve_support::*;

const PAIRS: usize = 15;

/// Logs in 15 pairs, each on its own terminal, and seats each pair at a match of its own
/// (even pairs bräde, odd ones backgammon to one point).
async fn seated_pairs(port: u16) -> Vec<(Seat, Seat)> {
    let mut pairs = Vec::new();
    for i in 0..PAIRS {
        let white = Seat::at(port, &format!("w{i:02}"), &key()).await;
        let black = Seat::at(port, &format!("b{i:02}"), &key()).await;
        pairs.push((white, black));
    }
    let tasks: Vec<_> = pairs
        .into_iter()
        .enumerate()
        .map(|(i, (mut w, mut b))| {
            tokio::spawn(async move {
                let backgammon = i % 2 == 1;
                invite_and_accept(
                    &mut w,
                    &mut b,
                    usize::from(backgammon),
                    if backgammon { 2 } else { 1 },
                )
                .await;
                (w, b)
            })
        })
        .collect();
    let mut seated = Vec::new();
    for task in tasks {
        seated.push(task.await.unwrap());
    }
    seated
}

/// The resident memory of process `pid` in KiB (Linux), if it can be read.
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The server's memory per session: `brade serve` as a process of its own, its resident
/// memory once listening and again with 30 sessions in 15 seated matches.
fn memory_per_session() -> Option<f64> {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, port) = serve_process(dir.path(), &["--max-per-address", "64"]);
    let rt = runtime();
    let figure = rt.block_on(async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let idle = resident_kib(server.id())?;
        let mut pairs = seated_pairs(port).await;
        for (w, b) in &mut pairs {
            w.drain(Duration::from_millis(20)).await;
            b.drain(Duration::from_millis(20)).await;
        }
        let busy = resident_kib(server.id())?;
        Some((busy.saturating_sub(idle)) as f64 / (2 * PAIRS) as f64)
    });
    let _ = server.kill();
    let _ = server.wait();
    figure
}

#[test]
fn thirty_sessions_play_fifteen_matches_to_their_end_and_each_is_recorded_once() {
    let dir = tempfile::tempdir().unwrap();
    let rt = runtime();
    // (Every session comes from 127.0.0.1: more than the default allows one address.)
    let (port, club) = start_with(&rt, dir.path(), |shared| shared.with_limits(200, 64));
    let rolls = Arc::new(Mutex::new(Vec::new()));
    let started = std::time::Instant::now();
    rt.block_on(async {
        let pairs = seated_pairs(port).await;
        let tasks: Vec<_> = pairs
            .into_iter()
            .enumerate()
            .map(|(i, (mut w, mut b))| {
                let (club, rolls) = (Arc::clone(&club), Arc::clone(&rolls));
                tokio::spawn(async move {
                    let seats = &mut [&mut w, &mut b];
                    if i % 2 == 1 {
                        let plays = (backgammon_play, |t: &brade::backgammon::Turn| t.roll().dice());
                        play_out_timed::<Backgammon>(&club, seats, plays, 1, Some(&rolls)).await;
                    } else {
                        let plays = (brade_play, |t: &brade::brade::Turn| t.roll().dice());
                        play_out_timed::<Brade>(&club, seats, plays, 0, Some(&rolls)).await;
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
    });
    let took = started.elapsed();
    // Nothing lost, everything once.
    let club = club.lock().unwrap();
    club.flush(Duration::from_secs(30));
    assert!(club.held().is_empty(), "every match ended");
    assert_eq!(club.finished_count(), PAIRS);
    let count = |d: std::path::PathBuf| records_in(&d).len();
    assert_eq!(count(dir.path().join("club/records")), PAIRS);
    for i in 0..PAIRS {
        for side in ["w", "b"] {
            let records = dir.path().join(format!("players/{side}{i:02}/data/records"));
            assert_eq!(count(records), 1, "{side}{i:02}'s record");
        }
    }
    let mut rolls = rolls.lock().unwrap().clone();
    rolls.sort();
    assert!(rolls.len() > 100, "{} rolls timed", rolls.len());
    let at = |q: f64| rolls[((rolls.len() - 1) as f64 * q).round() as usize];
    println!(
        "load: {} sessions, {PAIRS} matches played out in {:.1} s; a roll's key to the other screen: median {:.1} ms, 99th percentile {:.1} ms over {} rolls",
        2 * PAIRS,
        took.as_secs_f64(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        rolls.len()
    );
    match memory_per_session() {
        Some(kib) => println!("load: the server's memory per session, seated: {kib:.0} KiB"),
        None => println!("load: the server's memory was not readable here (no /proc)"),
    }
}
