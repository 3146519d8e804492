//! A naive reference implementation of RULES.md §1–§6, written from the rule text alone,
//! and of the variants the other bräde texts describe (Swedish Wikipedia's two rules of
//! bursting on entry and its general bear-off; the older hobby page's limit of five bands
//! in a row and its whole roll before a pretty game), written from those texts.
//!
//! It shares nothing with the crate: it reads and writes position codes (§7b) itself,
//! keeps each side's checkers in that side's own numbering (no mover-side board, no bit
//! masks), decides every step by the rule text, classifies the end of a game (R15–R18)
//! after every step, and enumerates every order of steps before applying §6's filters.
//! It is slow and simple on purpose: the engine is checked against it, so it must not
//! borrow the engine's helpers (that is how an error in the shared classification of
//! pretty games once went unseen by two searches that agreed with each other).
#![allow(dead_code)]

use std::collections::BTreeSet;

/// Which of the other texts' rules are played instead of the Vasamuseet ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Variants {
    /// Wikipedia's (a): a band is burst on entry only when no point of the first quarter
    /// is free (empty) or holds an opponent blot.
    pub entry_none: bool,
    /// Wikipedia's general bear-off: a die that shows exactly what a checker needs takes
    /// it off; a die showing more takes off only the rearmost.
    pub free_bear_off: bool,
    /// The hobby page: no bands on more than five points in a row of the opponent's home
    /// and outer quarters (the mover's 13–24; the huk is not counted), unless the opponent
    /// has only one checker left on the board.
    pub five_bands: bool,
    /// The hobby page: both dice must be used when they can be, even where one would have
    /// made a pretty game: the pattern counts after the whole move.
    pub whole_roll: bool,
}

/// One side's checkers in its own numbering: `pts[0]` the bar, `pts[1..=24]` the points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    pub pts: [u8; 25],
    pub off: u8,
}

/// A position: the side to move (`me`) and the other (`them`), each in its own numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub me: Side,
    pub them: Side,
    pub white_to_move: bool,
}

/// R2: the other player's number for the same tunga.
pub fn across(p: usize) -> usize {
    if p <= 12 { p + 12 } else { p - 12 }
}

fn parse_side(text: &str) -> Result<Side, String> {
    let mut pts = [0u8; 25];
    if text != "-" {
        for token in text.split(',') {
            let (p, n) = match token.split_once('x') {
                Some((p, n)) => (p, n),
                None => (token, "1"),
            };
            let p: usize = p.parse().map_err(|_| format!("bad point in {token}"))?;
            let n: u8 = n.parse().map_err(|_| format!("bad count in {token}"))?;
            if p > 24 || n == 0 || pts[p] != 0 {
                return Err(format!("bad token {token}"));
            }
            pts[p] = n;
        }
    }
    let total: u32 = pts.iter().map(|&n| u32::from(n)).sum();
    if total > 15 {
        return Err(format!("{total} checkers"));
    }
    Ok(Side {
        pts,
        off: 15 - total as u8,
    })
}

fn side_code(side: &Side) -> String {
    let parts: Vec<String> = (0..=24)
        .filter(|&p| side.pts[p] > 0)
        .map(|p| {
            if side.pts[p] == 1 {
                p.to_string()
            } else {
                format!("{p}x{}", side.pts[p])
            }
        })
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(",")
    }
}

/// Reads a position code `WHITE/BLACK/TURN`.
pub fn parse(code: &str) -> Result<Pos, String> {
    let parts: Vec<&str> = code.trim().split('/').collect();
    let [white, black, turn] = parts[..] else {
        return Err(format!("not three parts: {code}"));
    };
    let (white, black) = (parse_side(white)?, parse_side(black)?);
    match turn {
        "w" => Ok(Pos {
            me: white,
            them: black,
            white_to_move: true,
        }),
        "b" => Ok(Pos {
            me: black,
            them: white,
            white_to_move: false,
        }),
        _ => Err(format!("bad turn {turn}")),
    }
}

/// The canonical code of the position with the turn passed to the other side.
pub fn code_after(pos: &Pos) -> String {
    if pos.white_to_move {
        format!("{}/{}/b", side_code(&pos.me), side_code(&pos.them))
    } else {
        format!("{}/{}/w", side_code(&pos.them), side_code(&pos.me))
    }
}

/// The canonical code of the position as it stands (turn not passed).
pub fn code(pos: &Pos) -> String {
    if pos.white_to_move {
        format!("{}/{}/w", side_code(&pos.me), side_code(&pos.them))
    } else {
        format!("{}/{}/b", side_code(&pos.them), side_code(&pos.me))
    }
}

/// What a step did where it landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    Quiet,
    Hit,
    Burst,
}

/// A legal step and what it left.
#[derive(Clone, Copy, Debug)]
pub struct Stepped {
    pub after: Pos,
    pub to: usize,
    pub landing: Landing,
    pub reduction: u8,
}

/// R12–R14: may the mover, before this step, burst the opponent's band on his point `q`?
fn may_burst(pos: &Pos, q: usize, entering: bool, v: Variants) -> bool {
    // R14: with 14 borne off, never.
    if pos.me.off == 14 {
        return false;
    }
    let band = |p: usize| pos.them.pts[across(p)] >= 2;
    // R12: q inside a run of six or more consecutive opponent bands on 1..24 (no wrap).
    if band(q) {
        let mut lo = q;
        while lo > 1 && band(lo - 1) {
            lo -= 1;
        }
        let mut hi = q;
        while hi < 24 && band(hi + 1) {
            hi += 1;
        }
        if hi - lo + 1 >= 6 {
            return true;
        }
    }
    // R13: entering, more on the bar than available points in Q1 (empty or a blot there).
    if entering && q <= 6 {
        let available = (1..=6)
            .filter(|&p| pos.me.pts[p] == 0 && pos.them.pts[across(p)] <= 1)
            .count();
        // Variant (a): only when nothing at all is left to enter on.
        let overflowing = if v.entry_none {
            available == 0
        } else {
            usize::from(pos.me.pts[0]) > available
        };
        if overflowing {
            return true;
        }
    }
    false
}

/// The hobby page's limit: the mover's bands (two or more checkers) on his 13–24 in a run
/// of six or more, while the opponent still has more than one checker left.
fn too_many_bands_in_a_row(pos: &Pos) -> bool {
    if pos.them.off >= 14 {
        return false;
    }
    let mut run = 0;
    for p in 13..=24 {
        if pos.me.pts[p] >= 2 {
            run += 1;
            if run >= 6 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// One step of one checker from `from` (0 = the bar) by `die`, if legal (R7, R9, R11–R14).
pub fn step(pos: &Pos, from: usize, die: u8) -> Option<Stepped> {
    step_by(pos, from, die, Variants::default())
}

/// [`step`] with the variants `v`.
pub fn step_by(pos: &Pos, from: usize, die: u8, v: Variants) -> Option<Stepped> {
    let stepped = step_alone(pos, from, die, v)?;
    // The hobby page's limit is looked at in the position the step leaves.
    if v.five_bands && too_many_bands_in_a_row(&stepped.after) {
        return None;
    }
    Some(stepped)
}

fn step_alone(pos: &Pos, from: usize, die: u8, v: Variants) -> Option<Stepped> {
    let me = &pos.me;
    if from > 24 || me.pts[from] == 0 {
        return None;
    }
    // R9: while anything is on the bar, every step enters.
    if me.pts[0] > 0 && from != 0 {
        return None;
    }
    let mut after = *pos;
    let q = from + usize::from(die);
    if from == 0 {
        // R9: die d enters on point d, never onto own checkers.
        if me.pts[q] > 0 {
            return None;
        }
    } else if q >= 25 {
        // R11: all in Q4, and only from the rearmost occupied point.
        if (0..19).any(|p| me.pts[p] > 0) {
            return None;
        }
        let rearmost = (19..=24).find(|&p| me.pts[p] > 0)?;
        // Vasamuseet: only the rearmost. The general rule: any by the exact number, the
        // rearmost also by a higher one.
        let allowed = from == rearmost || (v.free_bear_off && q == 25);
        if !allowed {
            return None;
        }
        after.me.pts[from] -= 1;
        after.me.off += 1;
        return Some(Stepped {
            after,
            to: 25,
            landing: Landing::Quiet,
            reduction: (q - 25) as u8,
        });
    } else if q <= 11 && me.pts[q] > 0 {
        // R7: no band on 2..11 (the huk, 12, and beyond take any number).
        return None;
    }
    let theirs = pos.them.pts[across(q)];
    let landing = match theirs {
        0 => Landing::Quiet,
        1 => Landing::Hit,
        _ if may_burst(pos, q, from == 0, v) => Landing::Burst,
        _ => return None,
    };
    after.them.pts[across(q)] = 0;
    after.them.pts[0] += theirs;
    after.me.pts[from] -= 1;
    after.me.pts[q] += 1;
    Some(Stepped {
        after,
        to: q,
        landing,
        reduction: 0,
    })
}

/// A result: its notation name and its rank box (R19; 1 is the highest).
pub type Outcome = (&'static str, u8);

/// R15–R18 after a step (the highest when several are met), from the position it left
/// and whether it burst a band on the mover's points 1–6.
pub fn ending(after: &Pos, burst_in_q1: bool) -> Option<Outcome> {
    ending_by(after, burst_in_q1, true)
}

/// The pretty game the position after a whole move makes (the hobby page's rule).
pub fn pretty_after_move(after: &Pos) -> Option<Outcome> {
    let found = ending_by(after, false, true)?;
    (found.1 == 3 || found.1 == 4).then_some(found)
}

/// [`ending`], pretty games looked at or not (`pretty`).
pub fn ending_by(after: &Pos, burst_in_q1: bool, pretty: bool) -> Option<Outcome> {
    let mut met: Vec<Outcome> = Vec::new();
    // R17: more of them on the bar than points of their Q1 not holding their own checkers.
    let free = (1..=6).filter(|&p| after.them.pts[p] == 0).count();
    if usize::from(after.them.pts[0]) > free {
        met.push(if burst_in_q1 { ("sprangjan", 1) } else { ("jan", 2) });
    }
    let munk = after.them.pts[0] > 0; // R18
    if after.me.off == 15 {
        met.push(if munk { ("hemspel+munk", 5) } else { ("hemspel", 6) });
    }
    // R16: all fifteen on the board, none off and none on the bar, in a pattern.
    if pretty && after.me.off == 0 && after.me.pts[0] == 0 {
        let last = &after.me.pts[20..=24];
        let patterns: [(&[u8], &'static str, &'static str); 4] = [
            (&[3, 3, 3, 3, 3], "enkelt-kronspel", "enkelt-kronspel+munk"),
            (&[0, 0, 5, 5, 5], "dubbelt-kronspel", "dubbelt-kronspel+munk"),
            (&[0, 0, 3, 5, 7], "trappspel", "trappspel+munk"),
            (&[0, 0, 0, 0, 15], "uppspel", "uppspel+munk"),
        ];
        for (pattern, plain, with_munk) in patterns {
            if last == pattern {
                met.push(if munk { (with_munk, 3) } else { (plain, 4) });
            }
        }
    }
    met.into_iter().min_by_key(|&(_, rank)| rank)
}

/// A play found by the enumeration: its result code and outcome, and what §6.3 looks at.
#[derive(Clone, Debug)]
struct Found {
    code: String,
    outcome: String,
    dice_used: usize,
    used_higher: bool,
    reduction: u32,
}

/// §6: every legal play of `dice` as (resulting position code, outcome or "-"), each once.
pub fn legal_plays(pos: &Pos, dice: (u8, u8)) -> BTreeSet<(String, String)> {
    legal_plays_by(pos, dice, Variants::default())
}

/// [`legal_plays`] with the variants `v`.
pub fn legal_plays_by(pos: &Pos, dice: (u8, u8), v: Variants) -> BTreeSet<(String, String)> {
    let steps: Vec<u8> = if dice.0 == dice.1 {
        vec![dice.0; 4]
    } else {
        vec![dice.0, dice.1]
    };
    let mut ending_plays = BTreeSet::new();
    let mut complete = Vec::new();
    enumerate(
        pos,
        &steps,
        &mut Vec::new(),
        0,
        v,
        &mut ending_plays,
        &mut complete,
    );
    let most = complete.iter().map(|f| f.dice_used).max().unwrap_or(0);
    let mut kept: Vec<Found> = complete.into_iter().filter(|f| f.dice_used == most).collect();
    if most == 1 && dice.0 != dice.1 && kept.iter().any(|f| f.used_higher) {
        kept.retain(|f| f.used_higher);
    }
    let least = kept.iter().map(|f| f.reduction).min().unwrap_or(0);
    kept.retain(|f| f.reduction == least);
    let mut legal = ending_plays;
    legal.extend(kept.into_iter().map(|f| (f.code, f.outcome)));
    legal
}

fn enumerate(
    pos: &Pos,
    left: &[u8],
    used: &mut Vec<u8>,
    reduction: u32,
    v: Variants,
    ending_plays: &mut BTreeSet<(String, String)>,
    complete: &mut Vec<Found>,
) {
    let mut any = false;
    let mut tried = Vec::new();
    for (i, &die) in left.iter().enumerate() {
        if tried.contains(&die) {
            continue;
        }
        tried.push(die);
        let mut rest = left.to_vec();
        rest.remove(i);
        for from in 0..=24 {
            let Some(s) = step_by(pos, from, die, v) else {
                continue;
            };
            any = true;
            let burst_in_q1 = s.landing == Landing::Burst && s.to <= 6;
            if let Some((name, _)) = ending_by(&s.after, burst_in_q1, !v.whole_roll) {
                ending_plays.insert((code_after(&s.after), name.to_string()));
                continue;
            }
            used.push(die);
            enumerate(
                &s.after,
                &rest,
                used,
                reduction + u32::from(s.reduction),
                v,
                ending_plays,
                complete,
            );
            used.pop();
        }
    }
    if !any {
        let higher = used.iter().copied().max().unwrap_or(0);
        // The hobby page: a pretty game counts once the whole move is made (a roll that
        // moves nothing makes none).
        let outcome = if v.whole_roll && !used.is_empty() {
            pretty_after_move(pos).map_or("-", |(name, _)| name)
        } else {
            "-"
        };
        complete.push(Found {
            code: code_after(pos),
            outcome: outcome.to_string(),
            dice_used: used.len(),
            used_higher: used.len() == 1 && left.iter().all(|&d| d <= higher),
            reduction,
        });
    }
}

/// R19 from its table: (points, rank box) of a result name of §7b.
pub fn score(name: &str) -> (u32, u8) {
    let pretty = ["enkelt-kronspel", "dubbelt-kronspel", "trappspel", "uppspel"];
    match name {
        "sprangjan" => (6, 1),
        "jan" => (4, 2),
        "hemspel+munk" => (2, 5),
        "hemspel" => (1, 6),
        _ if name.strip_suffix("+munk").is_some_and(|n| pretty.contains(&n)) => (3, 3),
        _ if pretty.contains(&name) => (2, 4),
        _ => panic!("not a result: {name}"),
    }
}

/// R20: who is ahead after these games (`true` = White), or `None` when level: more
/// points, else the better rank boxes compared best first.
pub fn ahead(games: &[(bool, &str)]) -> Option<bool> {
    let total = |white: bool| -> u32 { games.iter().filter(|g| g.0 == white).map(|g| score(g.1).0).sum() };
    let (w, b) = (total(true), total(false));
    if w != b {
        return Some(w > b);
    }
    let boxes = |white: bool| -> Vec<u8> {
        let mut v: Vec<u8> = games
            .iter()
            .filter(|g| g.0 == white)
            .map(|g| score(g.1).1)
            .collect();
        v.sort_unstable();
        v
    };
    let (w, b) = (boxes(true), boxes(false));
    for i in 0..w.len().max(b.len()) {
        match (w.get(i), b.get(i)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => return Some(x < y),
            (Some(_), None) => return Some(true),
            (None, Some(_)) => return Some(false),
            (None, None) => {}
        }
    }
    None
}
