//! The play-time form of a network: tables of precomputed hidden-layer rows, so that an
//! evaluation is a sum of about thirty rows, a rectifier and twelve dot products.
//!
//! Each row is the sum of the weight rows of the inputs that one value of one part of a
//! [`SideView`](super::SideView) switches on (three checkers on point 7, four on the bar
//! with two entry points free, …), the pip count included: it is split into sixteens and
//! units, two rows, so that no input is multiplied at play time.
//!
//! The rows are stored as `i16`, each hidden unit at its own scale (its largest entry at
//! `i16::MAX`), and summed in `i32`: half the memory of `f32` rows, which is what bounds
//! the speed (the rows live in the second-level cache), and exact sums. The output layer
//! and the softmax stay in `f32`. The sums run through `pulp`, which compiles them once
//! more for AVX2 and picks that version at run time where the processor has it; the code
//! stays safe Rust, and both versions do the same operations in the same order, so the
//! figures do not depend on the machine. The training's path
//! ([`Network::evaluate_features`], `f32` input by input) is the reference: for the
//! shipped network the rounding of the rows moves a probability by at most 0.0005 and
//! the expected points by at most 0.0036 (0.0004 on average) over the positions of the
//! test in `net`, which holds them to 0.0015, 0.01 and 0.0005.

use super::{
    Board, CHECKERS, Emit, IN_HOME, IN_PIPS, LANES, Network, OUTPUTS, SIDE_INPUTS, bar_inputs, blot_inputs,
    count_inputs, half_turn, off_inputs, opposite, pips_value, run_inputs,
};

// Rows of the tables, per side.
const ROW_POINT: usize = 0; // + (p − 1) · 16 + n
const ROW_BAR: usize = 24 * 16; // + bar · 7 + free
const ROW_OFF: usize = ROW_BAR + 16 * 7; // + off
const ROW_HOME: usize = ROW_OFF + 16;
const ROW_RUN: usize = ROW_HOME + 1; // + longest (0..=12)
const ROW_BLOTS: usize = ROW_RUN + 13; // + blots
const ROW_PIPS_HIGH: usize = ROW_BLOTS + 16; // + pips / 16
const ROW_PIPS_LOW: usize = ROW_PIPS_HIGH + PIP_SIXTEENS; // + pips % 16
const SIDE_ROWS: usize = ROW_PIPS_LOW + 16;
/// Sixteens of pips a side can have: 15 checkers on the bar count 375 (R2: 25 each).
const PIP_SIXTEENS: usize = 24;
/// The output layer's width in the tables: `OUTPUTS` and zeros up to a whole number of
/// vectors.
const OUT_LANES: usize = 16;
/// Independent sums of the output layer (the hidden units in turn).
const OUT_SETS: usize = 4;
/// The most rows one position adds up: per side every point, bar, off, home, run,
/// blots and the two pip rows.
const MOST_ROWS: usize = 2 * (24 + 7);

/// The run row of a side with `bands` (bit `p − 1` for its point `p`): the longest run
/// of its bands along the opponent's path (R12), without a branch: 15 checkers make
/// seven bands at most, so eight rounds count any run. `longest_run` of the training's
/// path counts the same with a loop.
#[inline(always)]
fn run_row(bands: u32) -> usize {
    let mut path = half_turn(bands);
    let mut longest = 0;
    for _ in 0..=CHECKERS / 2 {
        longest += usize::from(path != 0);
        path &= path << 1;
    }
    longest
}

/// For each side (the mover, the opponent) and cell value (`−15..=15`, at `+ 15`), the
/// bits it sets, to be shifted by its point `p − 1`: bit 0 for the side's checker(s)
/// there, bit 24 for its band. A blot is occupied without a band.
const CELL_BITS: [[u64; 31]; 2] = {
    let mut out = [[0; 31]; 2];
    let mut cell = 0;
    while cell < 31 {
        let c = cell as i32 - 15;
        out[0][cell] = (c > 0) as u64 | ((c > 1) as u64) << 24;
        out[1][cell] = (c < 0) as u64 | ((c < -1) as u64) << 24;
        cell += 1;
    }
    out
};

/// The tables of one network.
#[derive(Clone, Debug, Default)]
pub(super) struct Tables {
    hidden: usize,
    /// The hidden layer's biases, at each unit's scale.
    b1: Vec<i32>,
    /// `2 · SIDE_ROWS` rows of `hidden`, at each unit's scale, by blocks of `width`
    /// units: the first block of every row, then the second, …
    rows: Vec<i16>,
    /// The units of a block: 32, or 16 where `hidden` is not a multiple of 32.
    width: usize,
    /// The row number of each cell value (`−15..=15`, at `+ 15`) of each point: the mover's
    /// checkers there or the opponent's (`0` for an empty point, never read).
    point_rows: Vec<u32>,
    /// The pips of each cell value of each point, likewise: the mover's in the low 16
    /// bits, the opponent's in the high 16.
    point_pips: Vec<u32>,
    /// The output weights, each over its unit's scale: a row of `OUT_LANES` per hidden
    /// unit (the `OUTPUTS` weights, then zeros).
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// The vector instructions found at start.
    arch: pulp::Arch,
}

impl Tables {
    /// The tables of `net`'s weights.
    pub(super) fn new(net: &Network) -> Tables {
        let n = net.hidden;
        let mut rows = vec![0.0f32; 2 * SIDE_ROWS * n];
        for side in 0..2 {
            let w1 = &net.w1[side * SIDE_INPUTS * n..][..SIDE_INPUTS * n];
            let rows = &mut rows[side * SIDE_ROWS * n..][..SIDE_ROWS * n];
            let mut fill = |row: usize, inputs: &dyn Fn(Emit<'_>)| {
                let out = &mut rows[row * n..][..n];
                inputs(&mut |i, v| {
                    for (o, w) in out.iter_mut().zip(&w1[usize::from(i) * n..][..n]) {
                        *o += v * w;
                    }
                });
            };
            for p in 1..=24u16 {
                for c in 1..16u8 {
                    let row = ROW_POINT + usize::from(p - 1) * 16 + usize::from(c);
                    fill(row, &|e| count_inputs((p - 1) * 4, c, &mut |i, v| e(i, v)));
                }
            }
            for bar in 0..16u8 {
                for free in 0..7u8 {
                    let row = ROW_BAR + usize::from(bar) * 7 + usize::from(free);
                    fill(row, &|e| bar_inputs(bar, free, &mut |i, v| e(i, v)));
                }
            }
            for off in 0..16u8 {
                fill(ROW_OFF + usize::from(off), &|e| {
                    off_inputs(off, &mut |i, v| e(i, v))
                });
            }
            fill(ROW_HOME, &|e| e(IN_HOME, 1.0));
            for longest in 0..13u8 {
                fill(ROW_RUN + usize::from(longest), &|e| {
                    run_inputs(longest, &mut |i, v| e(i, v))
                });
            }
            for blots in 0..16u8 {
                fill(ROW_BLOTS + usize::from(blots), &|e| {
                    blot_inputs(blots, &mut |i, v| e(i, v))
                });
            }
            for k in 0..PIP_SIXTEENS {
                fill(ROW_PIPS_HIGH + k, &|e| e(IN_PIPS, pips_value(16 * k as u32)));
            }
            for k in 0..16 {
                fill(ROW_PIPS_LOW + k, &|e| e(IN_PIPS, pips_value(k as u32)));
            }
        }
        // Each unit's scale puts its largest entry (or bias) at the top of the i16 range.
        let scale: Vec<f32> = (0..n)
            .map(|j| {
                let most = (0..2 * SIDE_ROWS)
                    .map(|r| rows[r * n + j].abs())
                    .fold(net.b1[j].abs(), f32::max);
                f32::from(i16::MAX) / most.max(1e-6)
            })
            .collect();
        let b1 = (0..n).map(|j| (net.b1[j] * scale[j]).round() as i32).collect();
        let width = if n.is_multiple_of(32) { 32 } else { LANES };
        let mut int_rows = Vec::with_capacity(rows.len());
        for block in (0..n).step_by(width) {
            for row in rows.chunks_exact(n) {
                for j in block..block + width {
                    int_rows.push((row[j] * scale[j]).round() as i16);
                }
            }
        }
        let mut w2 = vec![0.0f32; OUT_LANES * n];
        for (j, row) in net.w2.chunks_exact(OUTPUTS).enumerate() {
            for (k, &w) in row.iter().enumerate() {
                w2[j * OUT_LANES + k] = w / scale[j];
            }
        }
        let mut point_rows = vec![0u32; 24 * 31];
        let mut point_pips = vec![0u32; 24 * 31];
        for p in 1..=24u8 {
            for c in 1..=15usize {
                let own = ROW_POINT + usize::from(p - 1) * 16 + c;
                let opp = SIDE_ROWS + ROW_POINT + usize::from(opposite(p) - 1) * 16 + c;
                point_rows[usize::from(p - 1) * 31 + 15 + c] = own as u32;
                point_rows[usize::from(p - 1) * 31 + 15 - c] = opp as u32;
                // A checker on the mover's point p has 25 − p to go; the opponent's is on
                // his point 12 further or nearer (R2).
                point_pips[usize::from(p - 1) * 31 + 15 + c] = c as u32 * u32::from(25 - p);
                point_pips[usize::from(p - 1) * 31 + 15 - c] = (c as u32 * u32::from(25 - opposite(p))) << 16;
            }
        }
        Tables {
            hidden: n,
            point_rows,
            point_pips,
            b1,
            rows: int_rows,
            width,
            w2,
            b2: net.b2,
            arch: pulp::Arch::new(),
        }
    }

    /// The numbers of the rows `board` switches on into `rows`, and how many there are:
    /// one pass over the board's cells, without the [`SideView`](super::SideView)s of
    /// the training's path.
    fn rows_of(&self, board: &Board, rows: &mut [u32; MOST_ROWS]) -> usize {
        let cells = board.cells();
        let mut count = 0;
        // The occupied points and bands of both sides as bit masks in the mover's
        // numbering (see CELL_BITS), and the pips of each side.
        let mut masks = [0u64; 2];
        let mut pips = 0u32;
        for i in 0..24 {
            let cell = (i32::from(cells[i + 1]) + 15) as usize;
            rows[count] = self.point_rows[i * 31 + cell];
            count += usize::from(cell != 15);
            masks[0] |= CELL_BITS[0][cell] << i;
            masks[1] |= CELL_BITS[1][cell] << i;
            pips += self.point_pips[i * 31 + cell];
        }
        let pips = [
            25 * u32::from(board.own_bar()) + (pips & 0xFFFF),
            25 * u32::from(board.opp_bar()) + (pips >> 16),
        ];
        let occupied = masks.map(|m| m as u32 & 0xFF_FFFF);
        let bands = masks.map(|m| (m >> 24) as u32);
        let bars = [board.own_bar(), board.opp_bar()];
        let in_play = [board.own_in_play(), board.opp_in_play()];
        for side in 0..2 {
            // The opponent's masks into his own numbering.
            let own_numbering = |m: u32| if side == 0 { m } else { half_turn(m) };
            let occupied = own_numbering(occupied[side]);
            let bands = own_numbering(bands[side]);
            let base = side * SIDE_ROWS;
            let mut push = |r: usize| {
                rows[count] = (base + r) as u32;
                count += 1;
            };
            let bar = usize::from(bars[side].min(15));
            let free = 6 - (occupied & 0x3F).count_ones() as usize;
            push(ROW_BAR + bar * 7 + free);
            push(ROW_OFF + usize::from(15 - in_play[side].min(15)));
            if bar == 0 && occupied & 0x3_FFFF == 0 {
                push(ROW_HOME);
            }
            push(ROW_RUN + run_row(bands));
            push(ROW_BLOTS + ((occupied ^ bands).count_ones() as usize).min(15));
            let pips = (pips[side] as usize).min(16 * PIP_SIXTEENS - 1);
            push(ROW_PIPS_HIGH + pips / 16);
            push(ROW_PIPS_LOW + pips % 16);
        }
        count
    }

    /// The probability of each result class for the side to roll in `board`; `h` is
    /// scratch space for the hidden layer.
    pub(super) fn probabilities(&self, board: &Board, h: &mut Vec<f32>) -> [f32; OUTPUTS] {
        // Every unit is written before it is read: the buffer only needs the length.
        if h.len() < self.hidden {
            h.resize(self.hidden, 0.0);
        }
        let mut rows = [0; MOST_ROWS];
        let count = self.rows_of(board, &mut rows);
        self.arch.dispatch(Evaluation {
            tables: self,
            rows: &rows[..count],
            h: &mut h[..self.hidden],
        })
    }

    /// The hidden layer and the output logits for the rows `rows`: plain loops over
    /// fixed-width arrays, which the compiler turns into vector instructions.
    #[inline(always)]
    fn sums(&self, rows: &[u32], h: &mut [f32]) -> [f32; OUTPUTS] {
        if self.width == 32 {
            self.hidden_layer::<32>(rows, h);
        } else {
            self.hidden_layer::<LANES>(rows, h);
        }
        // All the logits at once, unit by unit (no sums across vector lanes), in
        // `OUT_SETS` independent sums so that the additions overlap.
        let [mut a0, mut a1, mut a2, mut a3] = [[0.0f32; OUT_LANES]; OUT_SETS];
        for (u, w) in h
            .chunks_exact(OUT_SETS)
            .zip(self.w2.chunks_exact(OUT_SETS * OUT_LANES))
        {
            let (w0, w) = w.split_at(OUT_LANES);
            let (w1, w) = w.split_at(OUT_LANES);
            let (w2, w3) = w.split_at(OUT_LANES);
            for k in 0..OUT_LANES {
                a0[k] += u[0] * w0[k];
                a1[k] += u[1] * w1[k];
                a2[k] += u[2] * w2[k];
                a3[k] += u[3] * w3[k];
            }
        }
        let mut logits = self.b2;
        for (k, logit) in logits.iter_mut().enumerate() {
            *logit += (a0[k] + a1[k]) + (a2[k] + a3[k]);
        }
        logits
    }

    /// The hidden layer, `W` units at a time (so that the sums stay in registers). The
    /// sums are exact: at most `MOST_ROWS + 1` terms of at most `i16::MAX` each.
    #[inline(always)]
    fn hidden_layer<const W: usize>(&self, rows: &[u32], h: &mut [f32]) {
        let blocks = self.rows.chunks_exact(2 * SIDE_ROWS * W);
        let biases = self.b1.chunks_exact(W);
        for ((block, b1), out) in blocks.zip(biases).zip(h.chunks_exact_mut(W)) {
            let mut acc = [0i32; W];
            acc.copy_from_slice(b1);
            for &r in rows {
                let at = r as usize * W;
                let w = &block[at..at + W];
                for k in 0..W {
                    acc[k] += i32::from(w[k]);
                }
            }
            for k in 0..W {
                out[k] = acc[k].max(0) as f32;
            }
        }
    }
}

/// One evaluation for `pulp`'s dispatch (a closure would not be inlined into the
/// function compiled for the wider instructions; this is).
struct Evaluation<'a> {
    tables: &'a Tables,
    rows: &'a [u32],
    h: &'a mut [f32],
}

impl pulp::WithSimd for Evaluation<'_> {
    type Output = [f32; OUTPUTS];

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) -> [f32; OUTPUTS] {
        softmax(self.tables.sums(self.rows, self.h))
    }
}

/// The softmax of the logits, with [`exp`] (the training's path uses the standard
/// library's `exp`; the two agree to a few units in the last place).
#[inline(always)]
fn softmax(logits: [f32; OUTPUTS]) -> [f32; OUTPUTS] {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let out = logits.map(|l| exp(l - max));
    let sum: f32 = out.iter().sum();
    out.map(|o| o / sum)
}

/// `e^x` for `x ≤ 0` (below −87 it is taken as −87, about 1.6e−38), to within two units
/// in the last place: Cephes' `expf` (Cody–Waite reduction by ln 2, a degree-6
/// polynomial), in plain arithmetic that vectorises and gives the same bits on every
/// machine.
#[inline(always)]
fn exp(x: f32) -> f32 {
    // Rounding to the nearest integer by adding and taking away 1.5 · 2^23.
    const ROUND: f32 = 12_582_912.0;
    let x = x.max(-87.0);
    let n = (x * std::f32::consts::LOG2_E + ROUND) - ROUND;
    let r = x - n * 0.693_359_4 - n * -2.121_944_4e-4;
    let p = ((((1.987_569_1e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r
        + 1.666_666_5e-1)
        * r
        + 0.5;
    let e = p * r * r + r + 1.0;
    // 2^n, n in −126..=0: a normal number's exponent bits.
    e * f32::from_bits(((n as i32 + 127) as u32) << 23)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_agrees_with_the_standard_library_to_a_few_units_in_the_last_place() {
        for k in 0..=870_000 {
            let x = -(k as f32) / 10_000.0;
            let (ours, std) = (exp(x), x.exp());
            let ulp = f32::from_bits(std.to_bits() + 1) - std;
            assert!((ours - std).abs() <= 3.0 * ulp, "e^{x}: {ours} v {std}");
        }
        assert_eq!(exp(0.0), 1.0);
    }

    #[test]
    fn the_vector_version_gives_the_same_bits_as_the_plain_one() {
        let net = Network::random(96, 11);
        let mut h = Vec::new();
        super::super::tests::random_walk(3000, 12, |board| {
            let dispatched = net.play.probabilities(board, &mut h);
            let mut rows = [0; MOST_ROWS];
            let count = net.play.rows_of(board, &mut rows);
            let mut plain_h = vec![0.0; net.hidden];
            let plain = pulp::WithSimd::with_simd(
                Evaluation {
                    tables: &net.play,
                    rows: &rows[..count],
                    h: &mut plain_h,
                },
                pulp::Scalar::new(),
            );
            assert_eq!(dispatched.map(f32::to_bits), plain.map(f32::to_bits), "{board:?}");
        });
    }

    #[test]
    fn the_run_row_counts_every_run_seven_bands_can_make() {
        // Every placement of up to seven bands on the 24 points.
        fn visit(from: u32, bands: u32, left: u32) {
            assert_eq!(
                run_row(bands),
                usize::from(super::super::longest_run(bands)),
                "{bands:024b}"
            );
            if left > 0 {
                for p in from..24 {
                    visit(p + 1, bands | 1 << p, left - 1);
                }
            }
        }
        visit(0, 0, 7);
    }
}
