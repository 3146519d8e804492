//! Backgammon's fast generator held to the plain search and the turn, on positions reached
//! by random play from the start and on placed bear-off and bar-heavy positions.

use brade::backgammon::{BAR, Counts, LegalPlay, MoveGen, Position, Turn, plain_plays};
use brade::rules::{Color, Roll};

/// SplitMix64: small, seeded, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn roll(&mut self) -> Roll {
        Roll::new(self.below(6) as u8 + 1, self.below(6) as u8 + 1).expect("dice 1–6")
    }
}

/// A position after `turns` random plays from the start (earlier if a game ends).
fn random_game(rng: &mut Rng, turns: usize) -> Position {
    let mut p = Position::start(Color::White);
    let mut movegen = MoveGen::new();
    for _ in 0..turns {
        let plays = movegen.plays(p.board(), rng.roll()).to_vec();
        let pick = plays[rng.below(plays.len() as u64) as usize];
        if pick.win.is_some() {
            break;
        }
        p = Position::new(pick.board.switched(), p.turn().other());
    }
    p
}

/// Checkers placed at random: the mover's on `own_points`, the other side's anywhere free,
/// some on each bar.
fn placed(rng: &mut Rng, own_points: std::ops::RangeInclusive<u8>, bar: u64) -> Position {
    let mut white: Counts = [0; 26];
    let mut black: Counts = [0; 26];
    let on = 1 + rng.below(15) as u8;
    for _ in 0..on {
        let p = if rng.below(10) < bar {
            BAR
        } else {
            *own_points.start() + rng.below(u64::from(own_points.end() - own_points.start() + 1)) as u8
        };
        white[usize::from(p)] += 1;
    }
    let theirs = 1 + rng.below(15) as u8;
    for _ in 0..theirs {
        let p = if rng.below(10) < bar {
            BAR
        } else {
            1 + rng.below(24) as u8
        };
        if p != BAR && white[usize::from(25 - p)] > 0 {
            continue;
        }
        black[usize::from(p)] += 1;
    }
    Position::from_counts(&white, &black, Color::White).expect("a placed position")
}

/// Fast and plain agree exactly (plays, order, boards, wins), the count agrees, and the
/// turn accepts every play step by step and calls it complete.
fn check(p: &Position, movegen: &mut MoveGen) {
    for roll in Roll::all() {
        let fast: Vec<LegalPlay> = movegen.plays(p.board(), roll).to_vec();
        let plain = plain_plays(p.board(), roll);
        assert_eq!(fast, plain, "{} {roll}", p.code());
        assert_eq!(
            movegen.count(p.board(), roll),
            fast.len() as u64,
            "{} {roll}",
            p.code()
        );
        let turn = Turn::new(*p, roll);
        assert_eq!(turn.legal_plays(), plain);
        for lp in &fast {
            let mut t = turn.clone();
            for s in lp.play.steps() {
                assert!(t.next_steps().contains(s), "{} {roll} {}", p.code(), lp.play);
                t.step(s.from, s.die).expect("a legal play's step");
            }
            assert!(t.is_complete(), "{} {roll} {}", p.code(), lp.play);
            let (done, _) = t.finish().expect("complete");
            assert_eq!(done.board, lp.board);
        }
    }
}

#[test]
fn fast_and_plain_agree_on_positions_of_random_games() {
    let mut rng = Rng(1);
    let mut movegen = MoveGen::new();
    for i in 0..300 {
        let p = random_game(&mut rng, i % 60);
        check(&p, &mut movegen);
    }
}

#[test]
fn fast_and_plain_agree_on_bear_off_positions() {
    let mut rng = Rng(2);
    let mut movegen = MoveGen::new();
    for _ in 0..300 {
        let p = placed(&mut rng, 1..=8, 1);
        check(&p, &mut movegen);
    }
}

#[test]
fn fast_and_plain_agree_on_bar_heavy_positions() {
    let mut rng = Rng(3);
    let mut movegen = MoveGen::new();
    for _ in 0..300 {
        let p = placed(&mut rng, 1..=24, 5);
        check(&p, &mut movegen);
    }
}

/// `tests/data/backgammon_bkgm.tsv`: 977 positions of random games with the `bkgm` crate's
/// (0.6.0) plays of every roll, counted once per distinct position, and its own count,
/// which lists some bear-offs twice (two dice bearing off from two points, in either
/// order: one position).
#[test]
fn perft_of_one_turn_equals_bkgm_on_977_positions_of_random_games() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/backgammon_bkgm.tsv"
    ))
    .expect("the fixture");
    let mut rows = 0;
    let mut bkgm_twice = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let p = Position::from_id(cols[0], Color::White).expect("a valid ID");
        let distinct: u64 = cols[1].parse().expect("a count");
        let bkgm: u64 = cols[2].parse().expect("a count");
        assert_eq!(brade::backgammon::perft(&p, 1), distinct, "{}", cols[0]);
        assert!(bkgm >= distinct);
        bkgm_twice += usize::from(bkgm > distinct);
        rows += 1;
    }
    assert_eq!(rows, 977);
    assert_eq!(bkgm_twice, 20);
}
