//! The evaluation network: a position seen by the side to roll → the probability of every
//! way the game can end (who wins, and how), and from that the expected points (R19).
//!
//! One hidden layer of rectified units, a softmax over [`OUTPUTS`] result classes. The
//! inputs are sparse (most are 0/1 unit features), so a forward pass adds the weight rows
//! of the active inputs instead of multiplying a dense vector: cheap enough for millions of
//! evaluations per second on one thread without any SIMD intrinsics or ML runtime.
//!
//! The file format (`assets/brade.net`, training checkpoints) is little-endian:
//! `BRADNET1`, then `u32` feature version, inputs, hidden, outputs, `u64` games trained,
//! seed, `f32` alpha, lambda, then `b1`, `w1` (one row of `hidden` per input), `b2`, `w2`
//! (one row of `OUTPUTS` per hidden unit), and an FNV-1a checksum of everything before it.

mod file;
mod play;

pub use file::{NetError, NetFileError};

use crate::brade::{Board, CHECKERS, GameResult, WinKind, opposite};

/// The result classes of one side: hemspel, hemspel med munk, pretty game, pretty game
/// med munk, jan, sprängjan (the pretty games all score alike, R19).
pub const CLASSES: usize = 6;
/// The outputs: the side to roll wins in class `c` (`0..6`), the opponent wins in class `c`
/// (`6..12`).
pub const OUTPUTS: usize = 2 * CLASSES;
/// The points of each class (R19).
pub const CLASS_POINTS: [f32; CLASSES] = [1.0, 2.0, 2.0, 3.0, 4.0, 6.0];
/// Short names of the classes, for reports (ASCII, like the result notation of rules §7b).
pub const CLASS_NAMES: [&str; CLASSES] = [
    "hemspel",
    "hemspel+munk",
    "pretty",
    "pretty+munk",
    "jan",
    "sprangjan",
];

/// Inputs describing one side.
const SIDE_INPUTS: usize = 110;
/// All inputs: the side to roll, then the opponent.
pub const INPUTS: usize = 2 * SIDE_INPUTS;
/// Bumped whenever [`Features`] changes meaning, so old weight files are refused.
pub const FEATURE_VERSION: u32 = 1;
/// Bumped whenever the play-time evaluation changes its figures (2: `i16` tables; 3: the
/// output layer summed unit by unit), so that stored analyses made with the old figures
/// are made afresh.
pub const EVALUATOR: u32 = 3;
/// The hidden layer of the shipped network.
pub const DEFAULT_HIDDEN: usize = 128;
/// The hidden layer's size is a multiple of this (the play-time sums run this wide).
pub const LANES: usize = 16;

const MAGIC: &[u8; 8] = b"BRADNET1";

/// The class of a result.
#[must_use]
pub fn class_of(result: GameResult) -> usize {
    match (result.kind, result.munk) {
        (WinKind::Sprangjan, _) => 5,
        (WinKind::Jan, _) => 4,
        (k, munk) if k.is_pretty() => 2 + usize::from(munk),
        (_, munk) => usize::from(munk),
    }
}

/// What one side's inputs are made of: every input of the side is a function of these.
#[derive(Clone, Copy, Debug)]
struct SideView {
    /// Checkers per point of the side's own numbering (`0` = bar).
    counts: [u8; 25],
    /// Checkers borne off.
    off: u8,
    /// Points of the side's Q1 free for entering (no own checker there, R17).
    free: u8,
    /// The longest run of the side's bands along the opponent's path (R12).
    longest: u8,
    blots: u8,
    pips: u32,
    /// Bearing off (R11): everything in Q4, nothing on the bar.
    all_home: bool,
}

impl SideView {
    /// A side from its counts (`0` = bar) and its checkers in play. `occupied`, `blots`
    /// and `bands` are bit masks of its points (bit `p − 1` for point `p`), `pips` its pip
    /// count.
    fn new(counts: [u8; 25], in_play: u8, masks: [u32; 3], pips: u32) -> SideView {
        let [occupied, blots, bands] = masks;
        SideView {
            counts,
            off: 15 - in_play.min(15),
            free: 6 - (occupied & 0x3F).count_ones() as u8,
            longest: longest_run(bands),
            blots: blots.count_ones() as u8,
            pips: pips + 25 * u32::from(counts[0]),
            all_home: counts[0] == 0 && occupied & 0x3_FFFF == 0,
        }
    }
}

/// A mask of points (bit `p − 1` for point `p`) turned half the board round: the same
/// points in the other side's numbering (R2), or a side's points in the order of the
/// opponent's path (13..=24, then 1..=12).
fn half_turn(mask: u32) -> u32 {
    (mask >> 12) | ((mask & 0xFFF) << 12)
}

/// The longest run of bands along the opponent's path (R12) of a side whose bands are
/// `bands` (bit `p − 1` for its point `p`).
fn longest_run(bands: u32) -> u8 {
    let mut path = half_turn(bands);
    let mut longest = 0;
    while path != 0 {
        path &= path << 1;
        longest += 1;
    }
    longest
}

// The inputs of one side, as offsets from the side's first input.
/// `n ≥ 1`, `n ≥ 2`, `n ≥ 3`, `(n − 3) / 2` for the points 1..=24 (at `(p − 1) · 4`) and
/// the bar (at 96).
const IN_BAR: u16 = 96;
const IN_OFF: u16 = 100;
const IN_OFF_ANY: u16 = 101;
const IN_LAST_CHECKER: u16 = 102;
const IN_HOME: u16 = 103;
const IN_PIPS: u16 = 104;
const IN_FREE: u16 = 105;
const IN_JAN_DANGER: u16 = 106;
const IN_RUN: u16 = 107;
const IN_WALL: u16 = 108;
const IN_BLOTS: u16 = 109;

/// `n` checkers on the point whose thermometer starts at `at`.
fn count_inputs(at: u16, n: u8, emit: &mut impl FnMut(u16, f32)) {
    if n >= 1 {
        emit(at, 1.0);
    }
    if n >= 2 {
        emit(at + 1, 1.0);
    }
    if n >= 3 {
        emit(at + 2, 1.0);
    }
    if n > 3 {
        emit(at + 3, f32::from(n - 3) / 2.0);
    }
}

/// The bar and the side's free entry points: jan (R17) comes near when the checkers on
/// the bar catch up with the free points.
fn bar_inputs(bar: u8, free: u8, emit: &mut impl FnMut(u16, f32)) {
    count_inputs(IN_BAR, bar, emit);
    if free > 0 {
        emit(IN_FREE, f32::from(free) / 6.0);
    }
    if bar > 0 && bar + 1 >= free {
        emit(IN_JAN_DANGER, 1.0);
    }
}

/// Checkers borne off: no pretty game after the first (R16), no burst with the last
/// checker (R14).
fn off_inputs(off: u8, emit: &mut impl FnMut(u16, f32)) {
    if off > 0 {
        emit(IN_OFF, f32::from(off) / 15.0);
        emit(IN_OFF_ANY, 1.0);
    }
    if off == 14 {
        emit(IN_LAST_CHECKER, 1.0);
    }
}

/// The longest run of bands; six or more may be burst (R12).
fn run_inputs(longest: u8, emit: &mut impl FnMut(u16, f32)) {
    if longest > 0 {
        emit(IN_RUN, f32::from(longest) / 6.0);
    }
    if longest >= 6 {
        emit(IN_WALL, 1.0);
    }
}

fn blot_inputs(blots: u8, emit: &mut impl FnMut(u16, f32)) {
    if blots > 0 {
        emit(IN_BLOTS, f32::from(blots) / 8.0);
    }
}

fn pips_value(pips: u32) -> f32 {
    pips as f32 / 100.0
}

impl SideView {
    /// Every input of the side.
    fn inputs(&self, emit: &mut impl FnMut(u16, f32)) {
        for p in 1..=24u16 {
            count_inputs((p - 1) * 4, self.counts[usize::from(p)], emit);
        }
        bar_inputs(self.counts[0], self.free, emit);
        off_inputs(self.off, emit);
        if self.all_home {
            emit(IN_HOME, 1.0);
        }
        run_inputs(self.longest, emit);
        blot_inputs(self.blots, emit);
        emit(IN_PIPS, pips_value(self.pips));
    }
}

/// Something that receives inputs with their values.
type Emit<'a> = &'a mut dyn FnMut(u16, f32);

/// The two sides of a board: the side to roll, then the opponent.
fn views(board: &Board) -> [SideView; 2] {
    let mut counts = [[0u8; 25]; 2];
    let mut masks = [[0u32; 3]; 2];
    let mut pips = [0u32; 2];
    counts[0][0] = board.own_bar();
    counts[1][0] = board.opp_bar();
    for p in 1..=24u8 {
        let c = board.at(p);
        if c == 0 {
            continue;
        }
        // The side and the point in its own numbering.
        let (side, q) = if c > 0 { (0, p) } else { (1, opposite(p)) };
        let n = c.unsigned_abs();
        counts[side][usize::from(q)] = n;
        let bit = 1u32 << (q - 1);
        masks[side][0] |= bit;
        masks[side][if n == 1 { 1 } else { 2 }] |= bit;
        pips[side] += u32::from(n) * u32::from(25 - q);
    }
    [
        SideView::new(counts[0], board.own_in_play(), masks[0], pips[0]),
        SideView::new(counts[1], board.opp_in_play(), masks[1], pips[1]),
    ]
}

/// The active inputs of a position with their values (the training's view; play uses
/// the equivalent tables of [`Network`]).
#[derive(Clone, Debug, Default)]
pub struct Features {
    active: Vec<(u16, f32)>,
}

impl Features {
    /// The features of `board`, seen from the side to roll (the board's mover).
    #[must_use]
    pub fn of(board: &Board) -> Features {
        let mut f = Features::default();
        f.set(board);
        f
    }

    /// Recomputes the features for `board`, reusing the buffer.
    pub fn set(&mut self, board: &Board) {
        self.active.clear();
        for (side, view) in views(board).iter().enumerate() {
            let base = (side * SIDE_INPUTS) as u16;
            view.inputs(&mut |i, v| self.active.push((base + i, v)));
        }
    }

    /// Every active input with its value.
    pub fn iter(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.active.iter().map(|&(i, v)| (usize::from(i), v))
    }
}

pub use crate::ai::weights::TrainingInfo;

/// The network's weights.
#[derive(Clone, Debug)]
pub struct Network {
    hidden: usize,
    b1: Vec<f32>,
    /// `INPUTS` rows of `hidden`.
    w1: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// `hidden` rows of `OUTPUTS`.
    w2: Vec<f32>,
    /// The play-time tables, derived from the weights.
    play: play::Tables,
    pub info: TrainingInfo,
}

/// Scratch space for one evaluation.
#[derive(Clone, Debug)]
pub struct Scratch {
    hidden: Vec<f32>,
    back: Vec<f32>,
}

impl Scratch {
    #[must_use]
    pub fn new() -> Scratch {
        Scratch {
            hidden: Vec::new(),
            back: Vec::new(),
        }
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::new()
    }
}

/// The expected points of an output distribution for the side it describes.
#[must_use]
pub fn equity(p: &[f32; OUTPUTS]) -> f32 {
    (0..CLASSES)
        .map(|c| CLASS_POINTS[c] * (p[c] - p[CLASSES + c]))
        .sum()
}

/// The same distribution seen by the other side.
#[must_use]
pub fn swapped(p: &[f32; OUTPUTS]) -> [f32; OUTPUTS] {
    let mut out = [0.0; OUTPUTS];
    out[..CLASSES].copy_from_slice(&p[CLASSES..]);
    out[CLASSES..].copy_from_slice(&p[..CLASSES]);
    out
}

/// A deterministic generator for initial weights (SplitMix64), so that a training run
/// depends on its seed alone.
fn splitmix(state: &mut u64) -> f32 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    // Uniform in [-1, 1).
    (z >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

impl Network {
    /// A fresh network with small random weights drawn from `seed`.
    #[must_use]
    pub fn random(hidden: usize, seed: u64) -> Network {
        let mut state = seed ^ 0x5EED_B4AD_E000_0000;
        let scale1 = (3.0 / 30.0f32).sqrt(); // about 30 inputs are active at a time
        let scale2 = (3.0 / hidden as f32).sqrt() * 0.5;
        let w1 = (0..INPUTS * hidden)
            .map(|_| splitmix(&mut state) * scale1)
            .collect();
        let w2 = (0..hidden * OUTPUTS)
            .map(|_| splitmix(&mut state) * scale2)
            .collect();
        let mut net = Network {
            hidden,
            b1: vec![0.05; hidden],
            w1,
            b2: [0.0; OUTPUTS],
            w2,
            play: play::Tables::default(),
            info: TrainingInfo {
                seed,
                ..TrainingInfo::default()
            },
        };
        net.refresh();
        net
    }

    /// Rebuilds the play-time tables from the weights.
    fn refresh(&mut self) {
        self.play = play::Tables::new(self);
    }

    /// The size of the hidden layer.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The hidden layer's activations for `features` into `h` (rectified): the training's
    /// path, input by input.
    fn hidden_layer(&self, features: &Features, h: &mut Vec<f32>) {
        let n = self.hidden;
        h.clear();
        h.extend_from_slice(&self.b1);
        for (i, v) in features.iter() {
            let row = &self.w1[i * n..][..n];
            for (a, w) in h.iter_mut().zip(row) {
                *a += v * w;
            }
        }
        for a in h.iter_mut() {
            *a = a.max(0.0);
        }
    }

    /// The output logits for hidden activations `h`.
    fn logits(&self, h: &[f32]) -> [f32; OUTPUTS] {
        let mut out = self.b2;
        for (&a, row) in h.iter().zip(self.w2.chunks_exact(OUTPUTS)) {
            for (o, w) in out.iter_mut().zip(row) {
                *o += a * w;
            }
        }
        out
    }

    /// The probability of each result class for the side to roll in `board`.
    pub fn evaluate(&self, board: &Board, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.play.probabilities(board, &mut scratch.hidden)
    }

    /// The expected points (R19) for the side to roll in `board`.
    pub fn equity(&self, board: &Board, scratch: &mut Scratch) -> f32 {
        equity(&self.evaluate(board, scratch))
    }

    /// The probabilities for already computed features.
    pub fn evaluate_features(&self, features: &Features, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.hidden_layer(features, &mut scratch.hidden);
        softmax(self.logits(&scratch.hidden))
    }

    /// Gradient descent on the cross-entropy between the network's output and the target
    /// (a probability distribution over the classes), one step per pair, in order.
    pub fn learn<'a>(
        &mut self,
        pairs: impl IntoIterator<Item = (&'a Features, &'a [f32; OUTPUTS])>,
        alpha: f32,
        scratch: &mut Scratch,
    ) {
        for (features, target) in pairs {
            self.learn_one(features, target, alpha, scratch);
        }
        self.refresh();
    }

    fn learn_one(&mut self, features: &Features, target: &[f32; OUTPUTS], alpha: f32, scratch: &mut Scratch) {
        self.hidden_layer(features, &mut scratch.hidden);
        let p = softmax(self.logits(&scratch.hidden));
        let mut delta = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            delta[k] = p[k] - target[k];
        }
        let n = self.hidden;
        // Back to the hidden layer (with the output weights before this step's change).
        let mut back = std::mem::take(&mut scratch.back);
        back.clear();
        back.resize(n, 0.0);
        for (j, row) in self.w2.chunks_exact_mut(OUTPUTS).enumerate() {
            let a = scratch.hidden[j];
            if a > 0.0 {
                back[j] = row.iter().zip(&delta).map(|(w, d)| w * d).sum();
                for (w, d) in row.iter_mut().zip(&delta) {
                    *w -= alpha * a * d;
                }
            }
        }
        for (b, d) in self.b2.iter_mut().zip(&delta) {
            *b -= alpha * d;
        }
        for (b, g) in self.b1.iter_mut().zip(&back) {
            *b -= alpha * g;
        }
        for (i, v) in features.iter() {
            let row = &mut self.w1[i * n..][..n];
            let step = alpha * v;
            for (w, g) in row.iter_mut().zip(&back) {
                *w -= step * g;
            }
        }
        scratch.back = back;
    }
}

fn softmax(logits: [f32; OUTPUTS]) -> [f32; OUTPUTS] {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut out = logits.map(|l| (l - max).exp());
    let sum: f32 = out.iter().sum();
    for o in &mut out {
        *o /= sum;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_has_a_class_worth_its_points() {
        for kind in WinKind::ALL {
            for munk in [false, true] {
                let r = GameResult::new(kind, munk);
                assert_eq!(CLASS_POINTS[class_of(r)], r.points() as f32, "{r:?}");
            }
        }
    }

    #[test]
    fn the_integer_tables_stay_within_a_hair_of_the_float_reference() {
        // The shipped network, and random ones of both widths of the hidden-layer loop.
        let shipped = crate::ai::neural::shipped().expect("the shipped network reads");
        for (net, seed) in [
            ((*shipped).clone(), 9),
            (Network::random(32, 3), 4),
            (Network::random(48, 5), 7),
        ] {
            let mut scratch = Scratch::new();
            let (mut most_p, mut most_e, mut total_e, mut boards) = (0.0f32, 0.0f32, 0.0f64, 0);
            random_walk(4000, seed, |board| {
                let reference = net.evaluate_features(&Features::of(board), &mut scratch);
                let fast = net.evaluate(board, &mut scratch);
                for k in 0..OUTPUTS {
                    most_p = most_p.max((reference[k] - fast[k]).abs());
                }
                let e = (equity(&reference) - equity(&fast)).abs();
                most_e = most_e.max(e);
                total_e += f64::from(e);
                boards += 1;
                assert!((fast.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{fast:?}");
            });
            let mean_e = total_e / f64::from(boards);
            assert!(
                most_p < 1.5e-3 && most_e < 0.01 && mean_e < 5e-4,
                "hidden {}: probability {most_p}, points {most_e} (mean {mean_e})",
                net.hidden
            );
        }
    }

    /// Calls `visit` on the boards of random games, `turns` turns in all.
    pub(super) fn random_walk(turns: usize, seed: u64, mut visit: impl FnMut(&Board)) {
        let mut board = Board::start();
        let mut movegen = crate::brade::MoveGen::new();
        let mut state = seed;
        for _ in 0..turns {
            visit(&board);
            let d = |s: &mut u64| (((splitmix(s) + 1.0) * 3.0) as u8).min(5) + 1;
            let roll = crate::rules::Roll::new(d(&mut state), d(&mut state)).unwrap();
            let plays = movegen.plays(&board, roll);
            let pick =
                plays[(((splitmix(&mut state) + 1.0) / 2.0) * plays.len() as f32) as usize % plays.len()];
            board = if pick.result.is_some() {
                Board::start()
            } else {
                pick.board.switched()
            };
        }
    }

    #[test]
    fn side_views_count_what_the_board_holds() {
        random_walk(600, 4, |board| {
            let [own, opp] = views(board);
            for (view, counts, in_play) in [
                (own, board.own_counts(), board.own_in_play()),
                (opp, board.opp_counts(), board.opp_in_play()),
            ] {
                assert_eq!(view.counts, counts);
                assert_eq!(view.off, 15 - in_play);
                assert_eq!(
                    usize::from(view.free),
                    (1..=6).filter(|&p| counts[p] == 0).count()
                );
                assert_eq!(
                    usize::from(view.blots),
                    (1..=24).filter(|&p| counts[p] == 1).count()
                );
                let pips: u32 = (0..25).map(|p| u32::from(counts[p]) * (25 - p as u32)).sum();
                assert_eq!(view.pips, pips);
                assert_eq!(view.all_home, (0..=18).all(|p| counts[p] == 0));
                let path: Vec<bool> = (13..=24).chain(1..=12).map(|p| counts[p] >= 2).collect();
                let longest = path.split(|&band| !band).map(<[bool]>::len).max().unwrap_or(0);
                assert_eq!(usize::from(view.longest), longest, "{board:?}");
            }
        });
    }

    #[test]
    fn features_stay_inside_their_side() {
        let f = Features::of(&Board::start());
        for (i, v) in f.iter() {
            assert!(i < INPUTS && v.is_finite(), "{i} {v}");
        }
        // 15 on point 1 for each side: three units and an excess of 6.
        assert!(f.iter().any(|(i, v)| i == 3 && v == 6.0));
        assert!(f.iter().any(|(i, v)| i == SIDE_INPUTS + 3 && v == 6.0));
    }
}
