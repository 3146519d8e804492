//! Backgammon rollouts: the exact bear-off odds found again, the same figures on any
//! number of threads, the luck adjustment narrowing the error without moving the mean,
//! common dice narrowing the error of a difference, and the command refusing bad input.
#![allow(clippy::panic, clippy::unwrap_used)] // tests fail by panicking

mod common;

use brade::ai::Level;
use brade::ai::backgammon::bearoff::race;
use brade::ai::backgammon::rollout::{BgRollout, Estimate, Options, candidates, rollout, rollout_plays};
use brade::backgammon::{Board, Position};
use common::{brade, pool};

/// A close race, every checker home: each side's play hardly matters, so the one-sided
/// database's odds are the odds of the games played.
const RACE: &str = "6,5,4x2/6,5x2,3/w";
/// White, to roll, has fifteen checkers on its 6-point; Black bears off its last two on
/// its first roll: White is gammoned unless it bears one off now.
const GAMMON: &str = "6x15/1x2/w";
/// Contact: each side has a back checker or two behind the other's home board.
const CONTACT: &str = "6x5,5x3,4x3,3x2,22x2/6x5,5x4,4x3,2x2,23/w";
/// A race past contact, some checkers still outside the home boards: two plays of a roll
/// lead to much the same games, and the same dice do alike for both.
const LONG_RACE: &str = "9x2,8x3,6x4,5x3,4x3/10x2,7x3,6x4,5x3,3x3/w";

fn board(code: &str) -> Board {
    *Position::from_code(code)
        .unwrap_or_else(|e| panic!("bad test position {code}: {e}"))
        .board()
}

fn options(games: u32, seed: u64, luck_adjusted: bool) -> Options {
    Options {
        games,
        level: Level::Medium,
        seed,
        threads: None,
        luck_adjusted,
    }
}

fn roll_out(code: &str, options: &Options) -> BgRollout {
    rollout(&board(code), options, &|| {}).unwrap()
}

/// Whether `e` is within `k` standard errors (and a rounding's width) of `exact`. The
/// rounding is `f32`'s: in a bear-off the luck adjustment subtracts the database's exact
/// chances as the players see them (in `f32`), so its estimate has no error left but that.
fn near(e: Estimate, exact: f64, k: f64) -> bool {
    (e.mean - exact).abs() <= k * e.error + 1e-6
}

#[test]
fn a_bear_off_rolls_out_to_the_exact_odds_of_the_bear_off_database() {
    for code in [RACE, GAMMON] {
        let exact = race(&board(code)).unwrap();
        let want = [
            exact.win,
            exact.win_gammon,
            exact.win_backgammon,
            exact.lose_gammon,
            exact.lose_backgammon,
        ];
        for luck in [false, true] {
            let r = roll_out(code, &options(1296, 11, luck));
            let got = r.outcomes();
            for (k, (&g, &w)) in got.iter().zip(&want).enumerate() {
                assert!(
                    near(g, w, 4.0),
                    "{code} luck {luck}, output {k}: {g:?} v exact {w}"
                );
            }
            assert!(
                near(r.equity(), exact.equity(3), 4.0),
                "{code}: {:?} v {exact:?}",
                r.equity()
            );
            assert_eq!(r.games, 1296);
            assert_eq!(
                r.results.iter().sum::<u32>(),
                1296,
                "every game ended and is counted once"
            );
        }
    }
}

#[test]
fn a_rollout_gives_the_same_figures_on_one_thread_and_on_three() {
    for (luck, games) in [(false, 72), (true, 36)] {
        let o = options(games, 5, luck);
        let one = pool(1).install(|| roll_out(CONTACT, &o));
        let three = pool(3).install(|| roll_out(CONTACT, &o));
        assert_eq!(one, three);
        let told = roll_out(
            CONTACT,
            &Options {
                threads: Some(2),
                ..o
            },
        );
        assert_eq!(one, told, "threads given in the options");
        assert_ne!(
            roll_out(CONTACT, &options(72, 6, luck)),
            one,
            "another seed, other games"
        );
    }
    let plays = candidates(&board(CONTACT), "43".parse().unwrap(), 3).unwrap();
    let o = options(36, 7, true);
    let one = pool(1).install(|| rollout_plays(&plays, &o, &|| {}).unwrap());
    let three = pool(3).install(|| rollout_plays(&plays, &o, &|| {}).unwrap());
    assert_eq!(one, three);
}

#[test]
fn the_luck_adjustment_narrows_the_error_and_keeps_the_mean() {
    let r = roll_out(CONTACT, &options(144, 3, true));
    let (adjusted, plain) = (r.equity(), r.plain_equity());
    assert!(adjusted.error < plain.error / 2.0, "{adjusted:?} v {plain:?}");
    // Both estimate the same equity: the adjusted mean, far the surer, lies within two of
    // the plain mean's standard errors of it.
    let apart = (adjusted.mean - plain.mean).abs();
    assert!(
        apart < 2.0 * plain.error,
        "{adjusted:?} v {plain:?}: {apart} apart"
    );
    // So for each chance the games measured at all (one never seen has a plain error of 0).
    // A chance seen in a game or two of 144 has a plain error measured from those alone,
    // far too small: the plain mean is a count of games, whose error is binomial — taken
    // at the adjusted mean, the surer one.
    let games = f64::from(r.games);
    for (a, p) in r
        .outcomes()
        .iter()
        .zip(r.plain_outcomes())
        .filter(|(_, p)| p.error > 0.0)
    {
        let binomial = (a.mean * (1.0 - a.mean) / games).sqrt();
        assert!(
            a.error <= p.error && (a.mean - p.mean).abs() < 2.0 * p.error.max(binomial) + 1e-9,
            "{a:?} v {p:?}"
        );
    }
    // The same games are played: the adjustment changes the sums, not the play.
    let unadjusted = roll_out(CONTACT, &options(144, 3, false));
    assert_eq!(unadjusted.results, r.results);
    assert_eq!(unadjusted.equity(), plain);
}

#[test]
fn the_same_dice_for_every_play_narrow_the_error_of_their_difference() {
    let plays = candidates(&board(LONG_RACE), "43".parse().unwrap(), 2).unwrap();
    assert_eq!(plays.len(), 2);
    let rolled = rollout_plays(&plays, &options(144, 9, false), &|| {}).unwrap();
    let best = rolled.iter().position(|p| p.best).unwrap();
    let other = &rolled[1 - best];
    assert_eq!(rolled[best].behind_best, Estimate::default());
    let each = [rolled[0].rollout.equity().error, rolled[1].rollout.equity().error];
    assert!(
        other.behind_best.error < each[0].min(each[1]),
        "{:?} v {each:?}",
        other.behind_best
    );
    let gap = other.rollout.equity().mean - rolled[best].rollout.equity().mean;
    assert!((other.behind_best.mean - gap).abs() < 1e-9);
    assert!(other.behind_best.mean <= 0.0);
}

#[test]
fn a_play_that_ends_the_game_scores_its_win_every_game() {
    // White's last two checkers on its 1-point: 2-1 bears both off, a gammon.
    let code = "1x2/6x15/w";
    let plays = candidates(&board(code), "21".parse().unwrap(), 5).unwrap();
    let rolled = rollout_plays(&plays, &options(36, 1, true), &|| {}).unwrap();
    assert_eq!(rolled.len(), 1);
    let r = rolled[0].rollout;
    assert_eq!(
        r.equity(),
        Estimate {
            mean: 2.0,
            error: 0.0
        }
    );
    assert_eq!(r.results, [0, 36, 0, 0, 0, 0]);
    assert!(rolled[0].best);
}

fn stderr(args: &[&str]) -> (bool, String) {
    let out = brade(args, None);
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn brade_rollout_game_backgammon_refuses_bad_input_in_words() {
    let base = ["rollout", "--game", "backgammon"];
    for (extra, words) in [
        (&["6x15/1x2"][..], "bad position"),
        (&["6x16/1x2/w"], "bad position"),
        (&["-/1x2/w"], "already over"),
        (&[RACE, "73"], "bad dice"),
        (
            &[RACE, "--level", "heuristic"],
            "backgammon has no heuristic player",
        ),
        (
            &[RACE, "--rules", "hobby-page"],
            "backgammon is played by one set of rules",
        ),
        (&[RACE, "--games", "0"], "--games"),
        (&[RACE, "--luck", "maybe"], "--luck"),
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let (ok, text) = stderr(&args);
        assert!(!ok, "{args:?} is refused");
        assert!(text.contains(words), "{args:?}: {text}");
        assert_eq!(text.lines().count(), 1, "one line: {text}");
    }
}

#[test]
fn brade_rollout_game_backgammon_tells_the_figures_in_english_and_swedish() {
    let run = |lang: &str, extra: &[&str]| {
        let mut args = vec![
            "rollout",
            "--game",
            "backgammon",
            RACE,
            "--games",
            "36",
            "--seed",
            "2",
        ];
        args.extend_from_slice(&["--lang", lang]);
        args.extend_from_slice(extra);
        let out = brade(&args, None);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let en = run("en", &[]);
    assert!(
        en.contains("cubeless equity") && en.contains("wins") && en.contains(" ± "),
        "{en}"
    );
    let sv = run("sv", &[]);
    assert!(sv.contains("kubfritt värde") && sv.contains("vinner"), "{sv}");
    let plays = run("en", &["63", "--luck", "on"]);
    assert!(plays.contains("the best of these"), "{plays}");
    assert!(plays.contains("behind the best:"), "{plays}");
    assert!(plays.contains("luck-adjusted"), "{plays}");
}
