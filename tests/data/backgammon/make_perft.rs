// Makes perft.tsv from the bkgm crate 0.6.0's legal positions, and compares each count
// with the naive reference of tests/bg_reference/ (included by path). Not built by
// `cargo test`: copy it into a throwaway project outside the repository:
//
//   cargo new /tmp/bkgm-fix && cp tests/data/backgammon/make_perft.rs /tmp/bkgm-fix/src/main.rs
//   (edit the `#[path]` below to this checkout's tests/bg_reference/mod.rs)
//   cd /tmp/bkgm-fix && cargo add bkgm@=0.6.0 && cargo build --release
//   ./target/release/bkgm-fix --positions tests/data/backgammon/gnubg_plays.tsv > /tmp/perft_in.txt
//   ./target/release/bkgm-fix < /tmp/perft_in.txt > tests/data/backgammon/perft.tsv
//
// `--positions` lists what is counted: the start to depth 3; 1 000 of the distinct
// positions of gnubg_plays.tsv (random games, bar, primes, bear-offs; evenly spaced
// through the file, the fixed ones at its head left out) to depth 1, every other one to
// depth 2 as well; 400 bear-offs
// from the reference's seeded generator (seed 2024) to depth 1; the two positions of the
// ID 90AahAULAAAAAA (either side on roll) to depths 1 and 2.
//
// The input is CODE<TAB>DEPTH lines (comments pass through); the output is the fixture:
// CODE<TAB>DEPTH<TAB>COUNT with the rules-correct count, which is bkgm's wherever bkgm
// agrees with the reference; where it does not, a comment `# bkgm says N: …` above the
// line gives bkgm-perft's own count and why it differs, and a difference that is not of
// the two known kinds is written `UNEXPLAINED` (none was).
//
// bkgm-perft (the crate's binary) counts: perft(p, 0) = 1; perft(p, d) = the sum over the
// 21 distinct rolls (each once, unweighted) and over the positions
// `ClassicRules::legal_positions` returns, of perft(next, d − 1), a finished game
// included (its recursion goes on past the end of the game, the loser moving against no
// one). The fixture's count ends a game instead: a play that ends it counts 1.
#[path = "/work/wt-bgref/tests/bg_reference/mod.rs"]
#[allow(dead_code)]
mod bg_reference;

use std::collections::BTreeSet;
use std::io::BufRead;

use bg_reference::{BAR, Pos, Side, code, parse};
use bkgm::dice::ALL_21;
use bkgm::{ClassicRules, GameState, Position, PositionRules, State};

type P = Position<15>;

/// bkgm's position: x (positive) is the side to move, index i its point i, 25 its bar;
/// o (negative) at index 25 − q for its point q, 0 its bar.
fn to_bkgm(pos: &Pos) -> P {
    let mut pips = [0i8; 26];
    for p in 1..=24 {
        pips[p] += pos.me.pts[p] as i8;
        pips[25 - p] -= pos.them.pts[p] as i8;
    }
    pips[25] = pos.me.pts[BAR] as i8;
    pips[0] = -(pos.them.pts[BAR] as i8);
    P::try_from(pips).expect("a valid position")
}

/// A position bkgm returns after a play (already turned: x moves next).
fn from_bkgm(p: &P, white_to_move: bool) -> Pos {
    let pips: [i8; 26] = (*p).into();
    let (mut me, mut them) = (Side::EMPTY, Side::EMPTY);
    for i in 1..=24 {
        if pips[i] > 0 {
            me.pts[i] = pips[i] as u8;
        }
        if pips[i] < 0 {
            them.pts[25 - i] = (-pips[i]) as u8;
        }
    }
    me.pts[BAR] = pips[25] as u8;
    them.pts[BAR] = (-pips[0]) as u8;
    Pos { me, them, white_to_move }
}

/// bkgm's perft: `leaf` ends finished games (a play that ends one counts 1), `dedup`
/// counts each resulting position of a roll once.
fn perft(p: &P, depth: u32, leaf: bool, dedup: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for (dice, _) in ALL_21 {
        let mut next = <ClassicRules as PositionRules<15>>::legal_positions(*p, &dice);
        if dedup {
            let mut seen = std::collections::HashSet::new();
            next.retain(|n| seen.insert(*n));
        }
        for n in next {
            total += if leaf && n.game_state() != GameState::Ongoing {
                1
            } else {
                perft(&n, depth - 1, leaf, dedup)
            };
        }
    }
    total
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 && args[1] == "--positions" {
        let text = std::fs::read_to_string(&args[2]).expect("gnubg_plays.tsv");
        let mut codes: Vec<&str> = Vec::new();
        // Up to the rows gnubg_plays.tsv takes from perft.tsv itself.
        let own = text.split("# Every roll of the positions where bkgm").next().expect("text");
        for line in own.lines().filter(|l| !l.starts_with('#')) {
            let c = line.split('\t').next().expect("a code");
            if !codes.contains(&c) {
                codes.push(c);
            }
        }
        let start = bg_reference::code(&bg_reference::start(true));
        println!("# The start (depth 3: checked by `cargo test` in optimised builds only)");
        for depth in 1..=3 {
            println!("{start}\t{depth}");
        }
        // The file begins with the start and 90AahAULAAAAAA, either side on roll.
        let (fixed, rest) = codes.split_at(4);
        println!("# 1 000 positions of gnubg_plays.tsv (every other one to depth 2 as well)");
        for i in 0..1000 {
            let c = rest[i * rest.len() / 1000];
            println!("{c}\t1");
            if i % 2 == 0 {
                println!("{c}\t2");
            }
        }
        println!("# 400 bear-offs from the reference's generator, seed 2024");
        let mut rng = bg_reference::Lcg(2024);
        let mut seen = BTreeSet::new();
        while seen.len() < 400 {
            let p = bg_reference::bear_off_position(&mut rng);
            if !bg_reference::finished(&p) && seen.insert(code(&p)) {
                println!("{}\t1", code(&p));
            }
        }
        println!("# 90AahAULAAAAAA, either side on roll");
        for c in &fixed[2..] {
            println!("{c}\t1\n{c}\t2");
        }
        return;
    }
    println!("# bkgm perft counts: CODE<TAB>DEPTH<TAB>COUNT. Made by make_perft.rs with bkgm 0.6.0 (see README.md).");
    println!("# COUNT: 21 distinct rolls each once, distinct resulting positions, a play that ends the game counts 1.");
    println!("# `# bkgm says N: …` above a line: bkgm-perft's own count differs, and why; COUNT is the rules-correct one.");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line");
        if line.starts_with('#') || line.trim().is_empty() {
            println!("{line}");
            continue;
        }
        let mut parts = line.split('\t');
        let c = parts.next().expect("a code");
        let depth: u32 = parts.next().expect("a depth").parse().expect("a depth");
        let pos = parse(c).expect("the reference reads the code");
        assert_eq!(code(&pos), c, "canonical codes only");
        let b = to_bkgm(&pos);
        assert_eq!(code(&from_bkgm(&b, pos.white_to_move)), c, "the conversion goes both ways");
        let says = perft(&b, depth, false, false);
        let leaf = perft(&b, depth, true, false);
        let leaf_dedup = perft(&b, depth, true, true);
        // The reference is too slow for depth 3 here; there bkgm's count with finished games
        // as leaves and each position once stands (the tests check it with the reference in
        // optimised builds).
        let reference = if depth >= 3 {
            leaf_dedup
        } else {
            bg_reference::perft(&pos, depth)
        };
        let mut why = Vec::new();
        if says != leaf {
            why.push(format!("it goes on past the end of the game ({leaf} when a finished game counts 1)"));
        }
        if leaf != leaf_dedup {
            why.push(format!(
                "it lists one resulting position twice in some bear-offs ({leaf_dedup} counting each once)"
            ));
        }
        if leaf_dedup != reference {
            why.push(format!("UNEXPLAINED: the reference counts {reference}"));
        }
        if !why.is_empty() {
            println!("# bkgm says {says}: {}", why.join("; "));
        }
        println!("{c}\t{depth}\t{reference}");
    }
}
