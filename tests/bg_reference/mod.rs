//! A naive reference implementation of backgammon's legal plays (BACKGAMMON.md B1–B12),
//! of the shared position code and play notation, of the perft count and of GNU
//! Backgammon's Position ID, written from the rule text and from gnubg's documentation
//! alone.
//!
//! It shares nothing with the crate (nor with its backgammon engine): it reads and writes
//! position codes itself, keeps each side's checkers in that side's own numbering (B1: 1
//! next to where it bears off, 24 the farthest, 25 the bar), decides every step by the
//! rule text, and enumerates every order of the dice and every checker before applying
//! B8. It is slow and simple on purpose: the engine is checked against it, and so it must
//! stay obviously right rather than fast.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

/// The bar, in a side's own numbering (the spec: "The bar is point 25").
pub const BAR: usize = 25;

/// One side's checkers in its own numbering: `pts[1..=24]` the points, `pts[25]` the bar
/// (`pts[0]` is never used: checkers borne off are the ones missing from fifteen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side {
    pub pts: [u8; 26],
}

impl Side {
    pub const EMPTY: Side = Side { pts: [0; 26] };

    /// Checkers still on the board or on the bar.
    pub fn on_board(&self) -> u8 {
        self.pts.iter().sum()
    }

    /// Checkers borne off (B10: "Borne-off checkers stay off").
    pub fn off(&self) -> u8 {
        15 - self.on_board()
    }
}

/// A position: the side to move (`me`) and the other (`them`), each in its own numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub me: Side,
    pub them: Side,
    pub white_to_move: bool,
}

/// B1: "Black's point p is White's point 25−p" (and the other way round).
pub fn across(p: usize) -> usize {
    25 - p
}

/// The start (B2): "each side has 2 checkers on his 24, 5 on his 13, 3 on his 8 and 5 on
/// his 6"; White moves first in the code `…/w`.
pub fn start(white_to_move: bool) -> Pos {
    let mut side = Side::EMPTY;
    side.pts[24] = 2;
    side.pts[13] = 5;
    side.pts[8] = 3;
    side.pts[6] = 5;
    Pos {
        me: side,
        them: side,
        white_to_move,
    }
}

fn parse_side(text: &str) -> Option<Side> {
    let mut side = Side::EMPTY;
    if text != "-" {
        for token in text.split(',') {
            let (p, n) = match token.split_once('x') {
                Some((p, n)) => (p, n.parse::<u8>().ok()?),
                None => (token, 1),
            };
            // The spec: `25` is the bar, and input also accepts `bar`.
            let p: usize = if p == "bar" { BAR } else { p.parse().ok()? };
            if !(1..=BAR).contains(&p) || n == 0 || side.pts[p] != 0 {
                return None;
            }
            side.pts[p] = n;
        }
    }
    // "at most 15 checkers a side"
    (side.pts.iter().map(|&n| u32::from(n)).sum::<u32>() <= 15).then_some(side)
}

fn side_code(side: &Side) -> String {
    let parts: Vec<String> = (1..=BAR)
        .filter(|&p| side.pts[p] > 0)
        .map(|p| match side.pts[p] {
            1 => p.to_string(),
            n => format!("{p}x{n}"),
        })
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(",")
    }
}

/// "never both colours on one board point (White's p and Black's 25−p)"
pub fn valid(white: &Side, black: &Side) -> bool {
    (1..=24).all(|p| white.pts[p] == 0 || black.pts[across(p)] == 0)
}

/// Reads a position code `WHITE/BLACK/TURN`; `None` when it is not a valid position.
pub fn parse(code: &str) -> Option<Pos> {
    let parts: Vec<&str> = code.trim().split('/').collect();
    let [white, black, turn] = parts[..] else {
        return None;
    };
    let (white, black) = (parse_side(white)?, parse_side(black)?);
    if !valid(&white, &black) {
        return None;
    }
    match turn {
        "w" => Some(Pos {
            me: white,
            them: black,
            white_to_move: true,
        }),
        "b" => Some(Pos {
            me: black,
            them: white,
            white_to_move: false,
        }),
        _ => None,
    }
}

/// The canonical code of the position as it stands: ascending points, `xCOUNT` only
/// above 1, `-` for a side with nothing on the board.
pub fn code(pos: &Pos) -> String {
    let (white, black) = if pos.white_to_move {
        (&pos.me, &pos.them)
    } else {
        (&pos.them, &pos.me)
    };
    let turn = if pos.white_to_move { "w" } else { "b" };
    format!("{}/{}/{turn}", side_code(white), side_code(black))
}

/// The same position with the turn passed to the other side.
pub fn passed(pos: &Pos) -> Pos {
    Pos {
        me: pos.them,
        them: pos.me,
        white_to_move: !pos.white_to_move,
    }
}

/// A legal step and what it left.
#[derive(Clone, Copy, Debug)]
pub struct Stepped {
    pub after: Pos,
    /// Where the checker went, in the mover's numbering; 0 is off.
    pub to: usize,
    pub hit: bool,
}

/// One step of one checker of the side to move from `from` (25 = the bar) by `die`, if
/// legal by B6, B7, B9, B10 and B11.
pub fn step(pos: &Pos, from: usize, die: u8) -> Option<Stepped> {
    let me = &pos.me;
    if !(1..=BAR).contains(&from) || me.pts[from] == 0 {
        return None;
    }
    // B9: "A player with checkers on the bar must enter them all before any other move."
    if me.pts[BAR] > 0 && from != BAR {
        return None;
    }
    let die = usize::from(die);
    let mut after = *pos;
    after.me.pts[from] -= 1;
    if from > die {
        // B9: "die d enters on the opponent's d-point, which is the mover's 25−d"; from the
        // bar (25) that is 25 − d like any other step.
        let to = from - die;
        // B7: "A point held by two or more opposing checkers is closed: no move may end
        // there." B6: "a point held by exactly one opposing checker (a blot), which is hit
        // and put on the bar."
        let theirs = pos.them.pts[across(to)];
        if theirs >= 2 {
            return None;
        }
        after.me.pts[to] += 1;
        if theirs == 1 {
            after.them.pts[across(to)] = 0;
            after.them.pts[BAR] += 1;
        }
        return Some(Stepped {
            after,
            to,
            hit: theirs == 1,
        });
    }
    // B10: "Only when all fifteen checkers are in his home board may a player bear off" —
    // none on 7–24 nor on the bar (those borne off are home already).
    if (7..=BAR).any(|p| me.pts[p] > 0) {
        return None;
    }
    // B11: "A die may bear off a checker from the point of its number. A die higher than
    // the highest occupied point must bear off from the highest occupied point (if no
    // checker can move the full number)." — a higher die only from the highest point.
    if die > from && (from + 1..=6).any(|p| me.pts[p] > 0) {
        return None;
    }
    Some(Stepped {
        after,
        to: 0,
        hit: false,
    })
}

/// A step in GNU Backgammon's notation: `FROM/TO`, `bar` and `off`, `*` after a hit.
pub fn step_text(from: usize, to: usize, hit: bool) -> String {
    let from = if from == BAR {
        "bar".to_string()
    } else {
        from.to_string()
    };
    let to = if to == 0 {
        "off".to_string()
    } else {
        to.to_string()
    };
    format!("{from}/{to}{}", if hit { "*" } else { "" })
}

/// A whole play in notation: the steps separated by spaces, `-` for the empty play.
pub fn play_text(steps: &[String]) -> String {
    if steps.is_empty() {
        "-".to_string()
    } else {
        steps.join(" ")
    }
}

/// The result of a game the side that just moved has won (B12, B14), cubeless: `-` while
/// it has a checker left.
pub fn outcome(after: &Pos) -> &'static str {
    if after.me.off() < 15 {
        return "-";
    }
    // B14: "a gammon (the loser has borne off no checker)"
    if after.them.off() > 0 {
        return "single";
    }
    // B14: "a backgammon (a gammon where the loser still has a checker on the bar or in
    // the winner's home board)" — the winner's 1–6 are the loser's 19–24.
    if after.them.pts[BAR] > 0 || (19..=24).any(|p| after.them.pts[p] > 0) {
        "backgammon"
    } else {
        "gammon"
    }
}

/// One step of a play: from, to (0 = off) and whether it hit.
pub type StepMade = (usize, usize, bool);

/// A complete play found by the enumeration: its steps and the dice it used, in order.
struct Found {
    after: Pos,
    steps: Vec<StepMade>,
    used: Vec<u8>,
}

/// Every way to play the dice `left` from `pos`, one die after another in every order and
/// with every checker, each continued until no die left can be played.
/// `seen` keeps the (position, dice left) pairs already continued: reaching one again by
/// another order of steps can only repeat what was found from it.
fn enumerate(
    pos: &Pos,
    left: &[u8],
    steps: &mut Vec<StepMade>,
    used: &mut Vec<u8>,
    seen: &mut BTreeSet<(Pos, Vec<u8>)>,
    out: &mut Vec<Found>,
) {
    let mut sorted = left.to_vec();
    sorted.sort_unstable();
    if !seen.insert((*pos, sorted)) {
        return;
    }
    let mut any = false;
    for i in 0..left.len() {
        // Two equal dice left are the same choice; trying the second again would only
        // repeat the first.
        if left[..i].contains(&left[i]) {
            continue;
        }
        let mut rest = left.to_vec();
        let die = rest.remove(i);
        for from in 1..=BAR {
            let Some(s) = step(pos, from, die) else {
                continue;
            };
            any = true;
            steps.push((from, s.to, s.hit));
            used.push(die);
            enumerate(&s.after, &rest, steps, used, seen, out);
            steps.pop();
            used.pop();
        }
    }
    if !any {
        out.push(Found {
            after: *pos,
            steps: steps.clone(),
            used: used.clone(),
        });
    }
}

/// The legal plays of the roll `d1`-`d2` as positions: each distinct position a legal
/// play leaves (the mover still `me`, turn not passed) with the steps of one play leading
/// there.
pub fn legal(pos: &Pos, d1: u8, d2: u8) -> BTreeMap<Pos, Vec<StepMade>> {
    // B5: "A double gives four moves of that number."
    let dice: Vec<u8> = if d1 == d2 { vec![d1; 4] } else { vec![d1, d2] };
    let mut found = Vec::new();
    enumerate(
        pos,
        &dice,
        &mut Vec::new(),
        &mut Vec::new(),
        &mut BTreeSet::new(),
        &mut found,
    );
    // B8: "As much of the roll as possible must be played: both dice when any legal way
    // exists" (for a double, as many of the four as possible).
    let most = found.iter().map(|f| f.used.len()).max().unwrap_or(0);
    found.retain(|f| f.used.len() == most);
    // B8: "when only one die can be played, the higher if possible."
    let higher = d1.max(d2);
    if d1 != d2 && most == 1 && found.iter().any(|f| f.used[0] == higher) {
        found.retain(|f| f.used[0] == higher);
    }
    let mut out = BTreeMap::new();
    for f in found {
        out.entry(f.after).or_insert(f.steps);
    }
    out
}

/// The legal plays of the roll `d1`-`d2`: each distinct resulting position's code (turn
/// passed) with one play leading there in notation (its steps; none for the empty play)
/// and the result it makes (`-` when none). A roll that cannot be played gives the one
/// empty play (B8: "Dice that cannot be played are lost"; B9: "If no entry is possible
/// the turn is lost").
pub fn plays(pos: &Pos, d1: u8, d2: u8) -> BTreeMap<String, (Vec<String>, &'static str)> {
    legal(pos, d1, d2)
        .into_iter()
        .map(|(after, steps)| {
            let text = steps
                .iter()
                .map(|&(from, to, hit)| step_text(from, to, hit))
                .collect();
            (code(&passed(&after)), (text, outcome(&after)))
        })
        .collect()
}

/// Whether the game is over (one side has borne off all fifteen, B12).
pub fn finished(pos: &Pos) -> bool {
    pos.me.off() == 15 || pos.them.off() == 15
}

/// The 21 distinct rolls: 15 mixed and 6 doubles, each once.
pub fn rolls() -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for a in 1..=6 {
        for b in a..=6 {
            out.push((a, b));
        }
    }
    out
}

/// Perft as the bkgm crate counts it: `perft(pos, 0)` = 1; `perft(pos, d)` sums, over the
/// 21 distinct rolls each counted once and over the distinct resulting positions of each
/// (a roll that cannot be played counts its one empty play), `perft(result, d − 1)`,
/// where a play that ends the game counts 1 (it is not expanded further).
pub fn perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for (a, b) in rolls() {
        for after in legal(pos, a, b).into_keys() {
            total += if outcome(&after) != "-" {
                1
            } else {
                perft(&passed(&after), depth - 1)
            };
        }
    }
    total
}

// ---------------------------------------------------------------------------------------
// GNU Backgammon Position ID (gnubg manual, "A technical description of the Position ID").
// ---------------------------------------------------------------------------------------

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The manual: "For every point around the board (starting at the ace point …, continuing
/// around to the 24 point and ending at the bar): append as many 1s as the player has on
/// that point (if any); append a 0", once for each player, then "Pad out the string to 80
/// bits with 0s". The manual names the player on roll first; gnubg 1.07 itself writes
/// the player *not* on roll first (its `show board` prints `AABA/P8BAAAAAA` for the side
/// on roll with fifteen on its ace point against one checker on the opponent's 23), and
/// the ID is checked against what gnubg prints, so that order is taken here.
fn key_bits(pos: &Pos) -> Vec<bool> {
    let mut bits = Vec::new();
    for side in [&pos.them, &pos.me] {
        for p in 1..=BAR {
            bits.extend(std::iter::repeat_n(true, usize::from(side.pts[p])));
            bits.push(false);
        }
    }
    bits.resize(80, false);
    bits
}

/// The 14-character Position ID of the position (the side to move is the player on roll).
/// The key's bit i is bit `i % 8` of byte `i / 8`, counted from the least significant;
/// the ten bytes are written in Base64 (the usual alphabet) without the trailing `==`.
pub fn position_id(pos: &Pos) -> String {
    let bits = key_bits(pos);
    let bytes: Vec<u8> = bits
        .chunks(8)
        .map(|c| c.iter().enumerate().map(|(i, &b)| u8::from(b) << i).sum())
        .collect();
    // Base64: each group of three bytes (the last one short) makes four 6-bit letters,
    // the most significant bits first.
    let mut stream: Vec<bool> = Vec::new();
    for byte in &bytes {
        for i in (0..8).rev() {
            stream.push(byte >> i & 1 == 1);
        }
    }
    stream.resize(84, false);
    stream
        .chunks(6)
        .map(|c| {
            let v = c.iter().fold(0usize, |acc, &b| acc << 1 | usize::from(b));
            char::from(BASE64[v])
        })
        .collect()
}

/// The position a Position ID gives, with `white_to_move` telling which colour the player
/// on roll is. `None` for a malformed ID or one that is not a valid position.
pub fn from_position_id(id: &str, white_to_move: bool) -> Option<Pos> {
    if id.len() != 14 {
        return None;
    }
    let mut stream: Vec<bool> = Vec::new();
    for c in id.bytes() {
        let v = BASE64.iter().position(|&x| x == c)?;
        for i in (0..6).rev() {
            stream.push(v >> i & 1 == 1);
        }
    }
    // 84 bits carry 80: the last four must be the padding zeros.
    if stream[80..].iter().any(|&b| b) {
        return None;
    }
    let bits: Vec<bool> = stream[..80]
        .chunks(8)
        .flat_map(|c| (0..8).map(move |i| c[7 - i]))
        .collect();
    let mut sides = [Side::EMPTY; 2];
    let mut at = bits.iter();
    for side in &mut sides {
        for p in 1..=BAR {
            let mut n = 0u8;
            while *at.next()? {
                n += 1;
                if n > 15 {
                    return None;
                }
            }
            side.pts[p] = n;
        }
        if side.on_board() > 15 {
            return None;
        }
    }
    // What is left after the two sides is padding.
    if at.any(|&b| b) {
        return None;
    }
    let [them, me] = sides;
    let (white, black) = if white_to_move { (&me, &them) } else { (&them, &me) };
    valid(white, black).then_some(Pos {
        me,
        them,
        white_to_move,
    })
}

// ---------------------------------------------------------------------------------------
// Seeded positions for differential tests.
// ---------------------------------------------------------------------------------------

/// A tiny linear congruential generator (Knuth's MMIX constants), the high bits used.
#[derive(Clone, Debug)]
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn die(&mut self) -> u8 {
        1 + self.below(6) as u8
    }
}

/// Positions met in random games from the start (a random roll, a random legal play,
/// until the game ends, then a new game), `n` of them, the game-ending ones left out.
pub fn random_game_positions(seed: u64, n: usize) -> Vec<Pos> {
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    let mut pos = start(rng.below(2) == 0);
    while out.len() < n {
        out.push(pos);
        let (a, b) = (rng.die(), rng.die());
        let all = plays(&pos, a, b);
        let (after, (_, result)) = all
            .iter()
            .nth(rng.below(all.len()))
            .expect("a roll has at least the empty play");
        pos = if *result == "-" {
            parse(after).expect("a resulting code reads back")
        } else {
            start(rng.below(2) == 0)
        };
    }
    out
}

/// Puts `n` checkers of `me` (or of `them`) on their point `p` when no opposing checker
/// stands there; whether it did.
fn place(pos: &mut Pos, mine: bool, p: usize, n: u8) -> bool {
    let (side, other) = if mine {
        (&mut pos.me, &pos.them)
    } else {
        (&mut pos.them, &pos.me)
    };
    if p != BAR && other.pts[across(p)] > 0 {
        return false;
    }
    if side.on_board() + n > 15 {
        return false;
    }
    side.pts[p] += n;
    true
}

/// Spreads up to `n` checkers of one side at random over the points `lo..=hi`.
fn scatter(pos: &mut Pos, rng: &mut Lcg, mine: bool, n: usize, lo: usize, hi: usize) {
    for _ in 0..n {
        let p = lo + rng.below(hi - lo + 1);
        place(pos, mine, p, 1);
    }
}

/// A bear-off: the side to move has all its checkers home (some borne off), the other
/// side anywhere behind, on the bar now and then, or also bearing off.
pub fn bear_off_position(rng: &mut Lcg) -> Pos {
    let mut pos = Pos {
        me: Side::EMPTY,
        them: Side::EMPTY,
        white_to_move: rng.below(2) == 0,
    };
    let mine = 1 + rng.below(15);
    // Gaps on purpose: mostly on a few points, so that higher dice meet empty points.
    let top = 1 + rng.below(6);
    scatter(&mut pos, rng, true, mine, 1, top);
    let theirs = 1 + rng.below(15);
    match rng.below(3) {
        0 => scatter(&mut pos, rng, false, theirs, 1, 6),
        1 => {
            scatter(&mut pos, rng, false, theirs, 1, 24);
            if rng.below(2) == 0 {
                let n = 1 + rng.below(2) as u8;
                place(&mut pos, false, BAR, n);
            }
        }
        _ => scatter(&mut pos, rng, false, 15, 13, 24),
    }
    pos
}

/// Checkers of the side to move on the bar against a home board being closed (often
/// shut), some of the opponent's points with blots, the rest anywhere.
pub fn bar_position(rng: &mut Lcg) -> Pos {
    let mut pos = Pos {
        me: Side::EMPTY,
        them: Side::EMPTY,
        white_to_move: rng.below(2) == 0,
    };
    // The opponent's home board: its points 1–6, the mover's 19–24.
    for p in 1..=6 {
        match rng.below(6) {
            0 => {}
            1 => {
                place(&mut pos, false, p, 1);
            }
            _ => {
                place(&mut pos, false, p, 2);
            }
        }
    }
    let n = 1 + rng.below(4) as u8;
    place(&mut pos, true, BAR, n);
    let n = rng.below(12);
    scatter(&mut pos, rng, true, n, 1, 24);
    let left = 15 - usize::from(pos.them.on_board());
    let n = rng.below(left + 1);
    scatter(&mut pos, rng, false, n, 7, 24);
    if rng.below(3) == 0 {
        place(&mut pos, false, BAR, 1);
    }
    pos
}

/// A deterministic mix for differential tests: positions from random games, bear-offs
/// and bar positions, `n` in all.
pub fn random_positions(seed: u64, n: usize) -> Vec<Pos> {
    let games = random_game_positions(seed, n / 2);
    let mut rng = Lcg(seed ^ 0x5EED);
    let mut out = games;
    while out.len() < n {
        let pos = if out.len().is_multiple_of(2) {
            bear_off_position(&mut rng)
        } else {
            bar_position(&mut rng)
        };
        if pos.me.off() < 15 && pos.them.off() < 15 {
            out.push(pos);
        }
    }
    out
}

/// The distinct resulting codes of a roll as a sorted set (for comparisons).
pub fn result_codes(pos: &Pos, d1: u8, d2: u8) -> BTreeSet<String> {
    plays(pos, d1, d2).into_keys().collect()
}
