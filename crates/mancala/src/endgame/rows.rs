//! The build by rows: a position is a pair of rows, the mover's `X` and
//! the other's `Y`, and its rank splits into a part of `X` alone and a part
//! of `Y` and the seeds in `X`: `rank(X, Y) = ra(X) + rb(x, Y)` (see
//! [`rank`]). For one `X` every move sows the same way whatever `Y` holds:
//! the same pits of `X` gain or empty, the same first pits of `Y` gain a
//! seed, the store gains the same, the last seed lands in the same place.
//! So the build works out each move's effect on `X` once, and for each `Y`
//! only adds a few seeds to it and ranks it: the child's rank, where the
//! turn passes, is a part fixed by `X` plus `ra` of the new `Y`, and those
//! children lie close together in the table, in the caches.
//!
//! A move that neither banks a seed nor leaves the mover's row gives a
//! position of the same level, whose value must be known first. It moves
//! seeds of the mover's row closer to its store and leaves the other row
//! as it was: with `d(row)` the seeds' total distance to their store, the
//! child `(Y, X')` has `d(Y) + d(X') < d(X) + d(Y)`. So each level is
//! filled in steps of that sum, `t`, one after the other, and within a
//! step every position is independent of the others: the threads share a
//! step's rows, and no position is ever computed twice or read unknown.

use std::sync::atomic::{AtomicI8, Ordering};

use rayon::prelude::*;

use super::{Terms, UNKNOWN, positions_for, rank};
use crate::position::{CaptureRule, Kind, Sower, pits_in};

const K8: u64 = 0x0101_0101_0101_0101;

/// `ra(X)`: the rank's part of the mover's row (its `m` pits in the low
/// bytes): the sum of `terms[j][X_0 + ... + X_j]`.
#[inline(always)]
fn ra<const M: usize>(terms: &Terms, row: u64, m: usize) -> usize {
    let p = row.wrapping_mul(K8).to_le_bytes();
    let mut r = 0u64;
    for (j, &s) in p.iter().enumerate().take(pits_in::<M>(m)) {
        r += terms[j & 15][s as usize];
    }
    r as usize
}

/// `rb(x, Y)`: the rank's part of the other row, after `x` seeds in the
/// mover's: the sum of `terms[m + j][x + Y_0 + ... + Y_j]`.
#[inline(always)]
fn rb<const M: usize>(terms: &Terms, x: u32, row: u64, m: usize) -> usize {
    let m = pits_in::<M>(m);
    let p = row
        .wrapping_mul(K8)
        .wrapping_add(u64::from(x).wrapping_mul(K8))
        .to_le_bytes();
    let mut r = 0u64;
    for (j, &s) in p.iter().enumerate().take(m) {
        r += terms[(m + j) & 15][s as usize];
    }
    r as usize
}

/// The seeds of a row.
#[inline(always)]
fn seeds(row: u64) -> u32 {
    (row.wrapping_mul(K8) >> 56) as u32
}

/// Pit `j` of a row.
#[inline(always)]
fn pit(row: u64, j: usize) -> u32 {
    (row >> (8 * (j & 7)) & 0xFF) as u32
}

/// Every row of `m` pits with at most `most` seeds, grouped by their
/// seeds and their distance to the store (`d`: a seed in pit `j` is
/// `m - j` from it).
struct Rows {
    rows: Vec<u64>,
    /// Group `(s, d)` is `rows[start[s * span + d]..start[s * span + d + 1]]`.
    start: Vec<usize>,
    span: usize,
}

impl Rows {
    fn new(m: usize, most: usize) -> Rows {
        let span = m * most + 1;
        let groups = (most + 1) * span;
        let key = |row: u64| {
            let d: u32 = (0..m).map(|j| pit(row, j) * (m - j) as u32).sum();
            seeds(row) as usize * span + d as usize
        };
        // Every composition of at most `most` seeds into `m` pits.
        let mut all = Vec::new();
        let mut row = [0u8; 8];
        let mut total = 0usize;
        loop {
            all.push(u64::from_le_bytes(row));
            // Odometer, each pit up to what the total allows.
            let mut j = 0;
            loop {
                if j == m {
                    let mut count = vec![0usize; groups + 1];
                    for &r in &all {
                        count[key(r) + 1] += 1;
                    }
                    for g in 0..groups {
                        count[g + 1] += count[g];
                    }
                    let start = count.clone();
                    let mut rows = vec![0u64; all.len()];
                    for &r in &all {
                        let k = key(r);
                        rows[count[k]] = r;
                        count[k] += 1;
                    }
                    return Rows { rows, start, span };
                }
                if total < most {
                    row[j] += 1;
                    total += 1;
                    break;
                }
                total -= usize::from(row[j]);
                row[j] = 0;
                j += 1;
            }
        }
    }

    /// The rows of `s` seeds at distance `d`.
    fn group(&self, s: usize, d: usize) -> &[u64] {
        let g = s * self.span + d;
        &self.rows[self.start[g]..self.start[g + 1]]
    }
}

/// What one move of a mover's row `X` does, for every other row of `y`
/// seeds.
#[derive(Clone, Copy)]
enum Move {
    /// The game ends (the mover's row is empty after it): this value.
    Fixed(i32),
    /// An extra turn: the child `(X', Y)`, at `ra(X') + rb(x', Y)`, worth
    /// one seed more.
    Again { ra_x: usize, x: u32 },
    /// The turn passes: the child `(Y + add, X')` at `hi + ra(Y + add)`
    /// (`hi = rb(y + |add|, X')`), the store having gained `gain`.
    Other { hi: usize, add: u64, gain: i32 },
    /// The last seed lands in an empty pit of the mover's (its row `X'`
    /// with it, `x` seeds): it and the other's pit `opp` go to the store
    /// (under the seed's rule, only when that pit holds seeds; else as
    /// `Other`, at `hi`). `taken` is `X'` without the landing seed.
    Capture {
        hi: usize,
        add: u64,
        gain: i32,
        opp: usize,
        taken: u64,
        y: u32,
        seed_rule: bool,
    },
    /// A pit of at least a whole lap: the sowing worked out in full.
    Lap(usize),
}

/// What the build shares among its threads.
struct Fill<'a> {
    m: usize,
    sower: &'a Sower,
    terms: &'a Terms,
    values: &'a [AtomicI8],
}

impl Fill<'_> {
    #[inline(always)]
    fn value(&self, at: usize) -> i32 {
        let v = self.values[at].load(Ordering::Relaxed);
        debug_assert_ne!(v, UNKNOWN, "a child's value is not known yet");
        i32::from(v)
    }

    /// The moves of the mover's row `row` (`x` seeds) against any other
    /// row of `y` seeds, into `out`; how many.
    #[inline(always)]
    fn plan<const M: usize>(&self, row: u64, y: u32, out: &mut [Move; 8]) -> usize {
        let m = pits_in::<M>(self.m);
        let mut n = 0;
        for i in 0..m.min(8) {
            let s = pit(row, i) as usize;
            if s == 0 {
                continue;
            }
            if s > 2 * m {
                out[n] = Move::Lap(i);
                n += 1;
                continue;
            }
            let (inc, store, last) = self.sower.sowing(i, s);
            let after = (row & !(0xFF << (8 * i))) + inc as u64;
            let add = (inc >> 64) as u64;
            let gain = i32::from(store);
            let (x1, y1) = (seeds(after), y + seeds(add));
            out[n] = if after == 0 {
                // The mover's row is empty: each side banks its own.
                Move::Fixed(gain - y1 as i32)
            } else if last == m {
                Move::Again {
                    ra_x: ra::<M>(self.terms, after, m),
                    x: x1,
                }
            } else if last < m && pit(after, last) == 1 {
                Move::Capture {
                    hi: rb::<M>(self.terms, y1, after, m),
                    add,
                    gain,
                    opp: m - 1 - last,
                    taken: after & !(0xFF << (8 * last)),
                    y: y1,
                    seed_rule: self.sower.rule() == CaptureRule::Seed,
                }
            } else {
                Move::Other {
                    hi: rb::<M>(self.terms, y1, after, m),
                    add,
                    gain,
                }
            };
            n += 1;
        }
        n
    }

    /// What move `mv` is worth against the other row `other`: `(base,
    /// sign, at)`, the value being `base + sign * value(at)` (sign 0 and
    /// `at` 0, the empty board, when no child is read).
    #[inline(always)]
    fn locate<const M: usize>(&self, mv: &Move, row: u64, other: u64) -> (i32, i32, usize) {
        let m = pits_in::<M>(self.m);
        match *mv {
            Move::Fixed(v) => (v, 0, 0),
            Move::Again { ra_x, x } => (1, 1, ra_x + rb::<M>(self.terms, x, other, m)),
            Move::Other { hi, add, gain } => (gain, -1, hi + ra::<M>(self.terms, other + add, m)),
            Move::Capture {
                hi,
                add,
                gain,
                opp,
                taken,
                y,
                seed_rule,
            } => {
                let sown = other + add;
                let across = pit(sown, opp);
                if seed_rule && across == 0 {
                    return (gain, -1, hi + ra::<M>(self.terms, sown, m));
                }
                let left = sown & !(0xFF << (8 * opp));
                let (x, y) = (seeds(taken), y - across);
                let gain = gain + 1 + across as i32;
                if x == 0 || y == 0 {
                    (gain + x as i32 - y as i32, 0, 0)
                } else {
                    let at = ra::<M>(self.terms, left, m) + rb::<M>(self.terms, y, taken, m);
                    (gain, -1, at)
                }
            }
            Move::Lap(i) => {
                let p = u128::from(row) | u128::from(other) << 64;
                let child = self.sower.child_in::<M>(p, i).expect("a pit of seeds");
                match child.kind {
                    Kind::Over => (child.gain, 0, 0),
                    kind => (child.gain, kind.sign(), rank(self.terms, child.pits, m)),
                }
            }
        }
    }

    /// Every position whose mover's row is one of `xs` (`x` seeds) and
    /// whose other row is one of `ys` (`y` seeds).
    fn unit<const M: usize>(&self, x: u32, y: u32, xs: &[u64], ys: &[u64]) {
        let m = pits_in::<M>(self.m);
        if x == 0 || y == 0 {
            // Over: each side banks its own row (never asked for in play).
            for &row in xs {
                let ra_x = ra::<M>(self.terms, row, m);
                for &other in ys {
                    let at = ra_x + rb::<M>(self.terms, x, other, m);
                    self.values[at].store((x as i32 - y as i32) as i8, Ordering::Relaxed);
                }
            }
            return;
        }
        let mut moves = [Move::Fixed(0); 8];
        // The children of a block of other rows are located (and asked of
        // the cache) a block before their values are read.
        let mut found = [[[(0i32, 0i32, 0usize); 8]; BLOCK]; 2];
        let mut parents = [[0usize; BLOCK]; 2];
        for &row in xs {
            let n = self.plan::<M>(row, y, &mut moves).min(8);
            let ra_x = ra::<M>(self.terms, row, m);
            let blocks = ys.chunks(BLOCK);
            let mut held = 0;
            for (b, block) in blocks.enumerate() {
                let now = b & 1;
                for (o, &other) in block.iter().enumerate() {
                    for (f, mv) in found[now][o].iter_mut().zip(&moves[..n]) {
                        *f = self.locate::<M>(mv, row, other);
                        crate::bytes::prefetch_in(self.values, f.2);
                    }
                    parents[now][o] = ra_x + rb::<M>(self.terms, x, other, m);
                    crate::bytes::prefetch_in(self.values, parents[now][o]);
                }
                if b > 0 {
                    self.settle(&found[now ^ 1], &parents[now ^ 1], held, n);
                }
                held = block.len();
            }
            let last = ys.len().div_ceil(BLOCK).wrapping_sub(1) & 1;
            self.settle(&found[last], &parents[last], held, n);
        }
    }

    /// The values of a located block: the best of each position's `n`
    /// moves, written at its place in `parents`.
    #[inline(always)]
    fn settle(
        &self,
        found: &[[(i32, i32, usize); 8]; BLOCK],
        parents: &[usize; BLOCK],
        count: usize,
        n: usize,
    ) {
        for (moves, &at) in found.iter().zip(parents).take(count) {
            let mut best = i32::MIN;
            for &(base, sign, child) in &moves[..n] {
                best = best.max(base + sign * self.value(child));
            }
            self.values[at].store(best as i8, Ordering::Relaxed);
        }
    }
}

/// Other rows located a block ahead of their values' reads.
const BLOCK: usize = 8;

/// Positions a work item of a step holds at least (unless its rows run
/// out): a step's rows of the mover are cut into items of about this many
/// positions, shared among the threads.
const ITEM: usize = 1 << 13;

/// Fill `values` (every position of `m` pits a side with at most `most`
/// seeds, all unknown but rank 0) by rows, for `M` pits a side (0: the
/// sower's own), calling `progress` after each level.
pub(super) fn fill<const M: usize>(
    sower: &Sower,
    terms: &Terms,
    values: &[AtomicI8],
    most: usize,
    progress: &(dyn Fn(u64) + Sync),
) {
    let m = sower.pits_in::<M>();
    let rows = Rows::new(m, most);
    let fill = Fill {
        m,
        sower,
        terms,
        values,
    };
    values[0].store(0, Ordering::Relaxed);
    // The distances of rows of `s` seeds: `s` (all in the last pit) to
    // `m s` (all in the first).
    let span = |s: usize| if s == 0 { 0..=0 } else { s..=m * s };
    let mut items: Vec<(u32, u32, &[u64], &[u64])> = Vec::new();
    for level in 1..=most {
        for t in level..=m * level {
            items.clear();
            for x in 0..=level {
                let y = level - x;
                for d in span(x) {
                    let Some(e) = t.checked_sub(d) else { break };
                    if !span(y).contains(&e) {
                        continue;
                    }
                    let (xs, ys) = (rows.group(x, d), rows.group(y, e));
                    if xs.is_empty() || ys.is_empty() {
                        continue;
                    }
                    let per = ITEM.div_ceil(ys.len());
                    for chunk in xs.chunks(per) {
                        items.push((x as u32, y as u32, chunk, ys));
                    }
                }
            }
            items
                .par_iter()
                .with_max_len(1)
                .for_each(|&(x, y, xs, ys)| fill.unit::<M>(x, y, xs, ys));
        }
        progress(positions_for(m, level));
    }
}
