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
//! step's rows, and no position is ever computed twice or read unknown
//! (a debug assertion checks every read).
//!
//! What is worked out when: every row's moves (its *plan*) and every
//! other row's parts of the ranks once a level ([`Level`]); `ra` of each
//! row with a seed more in its first `k` pits once for all ([`Rows`]);
//! then, for one mover's row, each move is one loop over a piece of the
//! other rows, asking the cache for a child some rows ahead, and the best
//! of the moves is written for each position.

use std::sync::atomic::{AtomicI8, Ordering};

use rayon::prelude::*;

use super::{Terms, UNKNOWN, choose, positions_for, rank};
use crate::bytes::prefetch_in;
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

/// A seed in each of the first `k` pits of a row.
#[inline(always)]
fn ones(k: usize) -> u64 {
    K8.checked_shr(8 * (8 - k.min(8)) as u32).unwrap_or(0)
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
/// `m - j` from it), with what the ranks need of each.
struct Rows {
    m: usize,
    rows: Vec<u64>,
    /// Group `(s, d)` is `rows[start[s * span + d]..start[s * span + d + 1]]`.
    start: Vec<usize>,
    span: usize,
    /// `ra(row + ones(k))` for `k` in `0..=m` (row `r`'s at `r * (m + 1) +
    /// k`): the children where the turn passes after `k` seeds went into
    /// the other's row (`u32`s: a table holds at most 2^32 positions).
    plus: Vec<u32>,
    /// Where each row's moves start in a level's plans (a move a pit that
    /// holds seeds), and where the last's end.
    moves: Vec<usize>,
}

impl Rows {
    fn new<const M: usize>(m: usize, most: usize, terms: &Terms) -> Rows {
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
        'all: loop {
            all.push(u64::from_le_bytes(row));
            // Odometer, each pit up to what the total allows.
            let mut j = 0;
            loop {
                if j == m {
                    break 'all;
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
        let plus = rows
            .iter()
            .flat_map(|&r| (0..=m).map(move |k| ra::<M>(terms, r + ones(k), m) as u32))
            .collect();
        let mut moves = Vec::with_capacity(rows.len() + 1);
        moves.push(0);
        for &r in &rows {
            let held = (0..m).filter(|&j| pit(r, j) > 0).count();
            moves.push(moves.last().copied().unwrap_or(0) + held);
        }
        Rows {
            m,
            rows,
            start,
            span,
            plus,
            moves,
        }
    }

    /// The rows of `s` seeds at distance `d`: their places.
    fn group(&self, s: usize, d: usize) -> std::ops::Range<usize> {
        let g = s * self.span + d;
        self.start[g]..self.start[g + 1]
    }

    /// `ra(row r + ones(k))`.
    #[inline(always)]
    fn plus(&self, r: usize, k: usize) -> usize {
        self.plus[r * (self.m + 1) + k] as usize
    }
}

/// The bytes the build by rows holds beside the table, for `m` pits a
/// side and at most `most` seeds: every row (twice while they are sorted),
/// its parts of the ranks and its moves, and the groups' starts.
pub(super) fn working_bytes(m: usize, most: usize) -> u64 {
    let rows = choose((most + m) as u64, m as u64);
    let m = m as u64;
    let per_row = 2 * 8 + (m + 1) * 4 + 2 * 4 + 8 + m * std::mem::size_of::<Move>() as u64;
    let groups = (most as u64 + 1) * (m * most as u64 + 1) + 1;
    rows.saturating_mul(per_row)
        .saturating_add(groups.saturating_mul(8))
}

/// What one move of a mover's row `X` does, for every other row of `y`
/// seeds.
#[derive(Clone, Copy, Debug)]
enum Move {
    /// The game ends (the mover's row is empty after it): this value.
    Fixed(i32),
    /// An extra turn: the child `(X', Y)`, at `ra(X') + rb(x - 1, Y)`
    /// (the seeds of `X` but the one banked), worth one seed more.
    Again { ra_x: u32 },
    /// The turn passes: the child `(Y + ones(k), X')` at `hi + ra(Y +
    /// ones(k))` (`hi = rb(y + k, X')`), the store having gained `gain`.
    Other { hi: u32, k: u8, gain: i8 },
    /// The last seed lands in an empty pit of the mover's (its row `X'`
    /// with it): it and the other's pit `opp` go to the store (under the
    /// handout's rule, only when that pit holds seeds; else as `Other`, at
    /// `hi`). `taken` is `X'` without the landing seed, `y` the other's
    /// seeds after the sowing (`k` of them added).
    Capture {
        taken: u64,
        hi: u32,
        k: u8,
        gain: i8,
        opp: u8,
        y: u8,
    },
    /// A pit of at least a whole lap: the sowing worked out in full.
    Lap(u8),
}

/// What a level's positions need of their rows: each mover's row's
/// moves against the other's rows of the level's other seeds, and each
/// other row's part of the ranks of the positions and of the extra turns'
/// children.
struct Level {
    /// The rows' moves, at [`Rows::moves`].
    plans: Vec<Move>,
    /// `rb(level - y, Y)` for each row `Y` (`y` seeds).
    parent: Vec<u32>,
    /// `rb(level - y - 1, Y)`.
    again: Vec<u32>,
}

/// What the build shares among its threads.
struct Fill<'a> {
    m: usize,
    sower: &'a Sower,
    terms: &'a Terms,
    values: &'a [AtomicI8],
    rows: &'a Rows,
    handout_rule: bool,
}

impl Fill<'_> {
    #[inline(always)]
    fn value(&self, at: usize) -> i32 {
        let v = self.values[at].load(Ordering::Relaxed);
        debug_assert_ne!(v, UNKNOWN, "a child's value is not known yet");
        i32::from(v)
    }

    /// The moves of the mover's row `row` against any other row of `y`
    /// seeds, into `out` (one a pit that holds seeds).
    #[inline(always)]
    fn plan<const M: usize>(&self, row: u64, y: u32, out: &mut [Move]) {
        let m = pits_in::<M>(self.m);
        let mut n = 0;
        for i in 0..m.min(8) {
            let s = pit(row, i) as usize;
            if s == 0 {
                continue;
            }
            if s > 2 * m {
                out[n] = Move::Lap(i as u8);
                n += 1;
                continue;
            }
            let (inc, store, last) = self.sower.sowing(i, s);
            let after = (row & !(0xFF << (8 * i))) + inc as u64;
            let add = (inc >> 64) as u64;
            let k = seeds(add);
            debug_assert_eq!(add, ones(k as usize));
            let gain = store as i8;
            let (x1, y1) = (seeds(after), y + k);
            out[n] = if after == 0 {
                // The mover's row is empty: each side banks its own.
                Move::Fixed(i32::from(gain) - y1 as i32)
            } else if last == m {
                debug_assert_eq!(x1 + 1, seeds(row));
                Move::Again {
                    ra_x: ra::<M>(self.terms, after, m) as u32,
                }
            } else if last < m && pit(after, last) == 1 {
                Move::Capture {
                    taken: after & !(0xFF << (8 * last)),
                    hi: rb::<M>(self.terms, y1, after, m) as u32,
                    k: k as u8,
                    gain,
                    opp: (m - 1 - last) as u8,
                    y: y1 as u8,
                }
            } else {
                Move::Other {
                    hi: rb::<M>(self.terms, y1, after, m) as u32,
                    k: k as u8,
                    gain,
                }
            };
            n += 1;
        }
        debug_assert_eq!(n, out.len());
    }

    /// What `level`'s positions need of their rows (see [`Level`]), into
    /// `lv`.
    fn level<const M: usize>(&self, level: usize, lv: &mut Level) {
        let (m, rows) = (pits_in::<M>(self.m), self.rows);
        let n = rows.start[(level + 1) * rows.span];
        // Rows past the level's seeds are never asked for.
        let (parent, again) = (&mut lv.parent[..n], &mut lv.again[..n]);
        parent
            .par_chunks_mut(1 << 12)
            .zip(again.par_chunks_mut(1 << 12))
            .enumerate()
            .for_each(|(c, (ps, gs))| {
                for (j, (p, g)) in ps.iter_mut().zip(gs).enumerate() {
                    let r = rows.rows[(c << 12) + j];
                    let x = level as u32 - seeds(r);
                    *p = rb::<M>(self.terms, x, r, m) as u32;
                    *g = rb::<M>(self.terms, x.saturating_sub(1), r, m) as u32;
                }
            });
        // Each row's moves into its own part of the plans.
        let mut parts = Vec::new();
        let mut rest = &mut lv.plans[..rows.moves[n]];
        let mut at = 0;
        while at < n {
            let end = (at + (1 << 10)).min(n);
            let (here, after) = rest.split_at_mut(rows.moves[end] - rows.moves[at]);
            parts.push((at..end, here));
            rest = after;
            at = end;
        }
        parts.into_par_iter().for_each(|(range, out)| {
            let base = rows.moves[range.start];
            for r in range {
                let row = rows.rows[r];
                let x = seeds(row) as usize;
                if x > 0 && x < level {
                    let mine = &mut out[rows.moves[r] - base..rows.moves[r + 1] - base];
                    self.plan::<M>(row, (level - x) as u32, mine);
                }
            }
        });
    }

    /// Every position whose mover's row is at `xs` (`x` seeds) and whose
    /// other row is at `ys` (`y` seeds): for each mover's row, each move
    /// in turn against a piece of the other rows (one loop a move, so that
    /// a move's reads of its children are all under way at once), the
    /// best kept for each.
    fn unit<const M: usize>(
        &self,
        lv: &Level,
        x: u32,
        y: u32,
        xs: std::ops::Range<usize>,
        ys: std::ops::Range<usize>,
    ) {
        let (m, rows) = (pits_in::<M>(self.m), self.rows);
        if x == 0 || y == 0 {
            // Over: each side banks its own row (never asked for in play).
            for r in xs {
                let ra_x = rows.plus(r, 0);
                for o in ys.clone() {
                    let at = ra_x + lv.parent[o] as usize;
                    self.values[at].store((x as i32 - y as i32) as i8, Ordering::Relaxed);
                }
            }
            return;
        }
        let mut best = [0i32; PIECE];
        let mut found = [(0i32, 0i32, 0usize); PIECE];
        let mut at = ys.start;
        while at < ys.end {
            let piece = at..(at + PIECE).min(ys.end);
            let others = &rows.rows[piece.clone()];
            let best = &mut best[..others.len()];
            for r in xs.clone() {
                let (row, ra_x) = (rows.rows[r], rows.plus(r, 0));
                best.fill(i32::MIN);
                for &part in &lv.parent[piece.clone()] {
                    prefetch_in(self.values, ra_x + part as usize);
                }
                for mv in &lv.plans[rows.moves[r]..rows.moves[r + 1]] {
                    match *mv {
                        Move::Fixed(v) => {
                            for b in best.iter_mut() {
                                *b = (*b).max(v);
                            }
                        }
                        Move::Again { ra_x } => {
                            let parts = &lv.again[piece.clone()];
                            for (j, b) in best.iter_mut().enumerate() {
                                if let Some(&ahead) = parts.get(j + AHEAD) {
                                    prefetch_in(self.values, ra_x as usize + ahead as usize);
                                }
                                let v = 1 + self.value(ra_x as usize + parts[j] as usize);
                                *b = (*b).max(v);
                            }
                        }
                        Move::Other { hi, k, gain } => {
                            let k = usize::from(k);
                            let plus = &rows.plus[piece.start * (m + 1)..piece.end * (m + 1)];
                            let gain = i32::from(gain);
                            for (j, b) in best.iter_mut().enumerate() {
                                if let Some(&ahead) = plus.get((j + AHEAD) * (m + 1) + k) {
                                    prefetch_in(self.values, hi as usize + ahead as usize);
                                }
                                let part = plus[j * (m + 1) + k];
                                let v = gain - self.value(hi as usize + part as usize);
                                *b = (*b).max(v);
                            }
                        }
                        Move::Capture {
                            taken,
                            hi,
                            k,
                            gain,
                            opp,
                            y,
                        } => {
                            // Where each child is (or its value, with
                            // sign 0) first, each asked of the cache, then
                            // the values.
                            let add = ones(usize::from(k));
                            let x2 = seeds(taken);
                            let found = &mut found[..others.len()];
                            for (j, (f, &other)) in found.iter_mut().zip(others).enumerate() {
                                let sown = other + add;
                                let across = pit(sown, usize::from(opp));
                                *f = if self.handout_rule && across == 0 {
                                    let part = rows.plus(piece.start + j, usize::from(k));
                                    (i32::from(gain), -1, hi as usize + part)
                                } else {
                                    let left = sown & !(0xFF << (8 * opp));
                                    let y2 = u32::from(y) - across;
                                    let gain = i32::from(gain) + 1 + across as i32;
                                    if x2 == 0 || y2 == 0 {
                                        (gain + x2 as i32 - y2 as i32, 0, 0)
                                    } else {
                                        // The turn passes: `left` moves.
                                        let child = u128::from(left) | u128::from(taken) << 64;
                                        (gain, -1, rank(self.terms, child, m))
                                    }
                                };
                                prefetch_in(self.values, f.2);
                            }
                            for (b, &(base, sign, at)) in best.iter_mut().zip(found.iter()) {
                                *b = (*b).max(base + sign * self.value(at));
                            }
                        }
                        Move::Lap(i) => {
                            for (b, &other) in best.iter_mut().zip(others) {
                                let p = u128::from(row) | u128::from(other) << 64;
                                let child = self
                                    .sower
                                    .child_in::<M>(p, usize::from(i))
                                    .expect("a pit of seeds");
                                let v = match child.kind {
                                    Kind::Over => child.gain,
                                    kind => {
                                        let at = rank(self.terms, child.pits, m);
                                        child.gain + kind.sign() * self.value(at)
                                    }
                                };
                                *b = (*b).max(v);
                            }
                        }
                    }
                }
                for (&b, &part) in best.iter().zip(&lv.parent[piece.clone()]) {
                    self.values[ra_x + part as usize].store(b as i8, Ordering::Relaxed);
                }
            }
            at = piece.end;
        }
    }
}

/// How far ahead a move's loop asks the cache for a child.
const AHEAD: usize = 16;

/// Other rows a mover's row's moves are taken against at once.
const PIECE: usize = 256;

/// Positions a work item of a step holds at least (unless its rows run
/// out): a step's rows of the mover are cut into items of about this many
/// positions, shared among the threads.
const ITEM: usize = 1 << 13;

/// Fill `values` (every position of `m` pits a side with at most `most`
/// seeds, all unknown) by rows, for `M` pits a side (0: the sower's own),
/// calling `progress` with the positions done after each level, and with
/// the count before it between the level's parts (tens of milliseconds
/// apart for the largest tables). It stops there, the table left unfinished,
/// when `progress` returns `false`: whether the table was filled.
pub(super) fn fill<const M: usize>(
    sower: &Sower,
    terms: &Terms,
    values: &[AtomicI8],
    most: usize,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> bool {
    let m = sower.pits_in::<M>();
    let rows = Rows::new::<M>(m, most, terms);
    let fill = Fill {
        m,
        sower,
        terms,
        values,
        rows: &rows,
        handout_rule: sower.rule() == CaptureRule::Handout,
    };
    let mut lv = Level {
        plans: vec![Move::Fixed(0); rows.moves[rows.rows.len()]],
        parent: vec![0; rows.rows.len()],
        again: vec![0; rows.rows.len()],
    };
    values[0].store(0, Ordering::Relaxed);
    // The distances of rows of `s` seeds: `s` (all in the last pit) to
    // `m s` (all in the first).
    let span = |s: usize| if s == 0 { 0..=0 } else { s..=m * s };
    let mut items = Vec::new();
    for level in 1..=most {
        fill.level::<M>(level, &mut lv);
        // The level's positions filled so far: each is in one item of one
        // step (see the module's doc).
        let mut filled = 0u64;
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
                    let mut at = xs.start;
                    while at < xs.end {
                        let end = (at + per).min(xs.end);
                        items.push((x as u32, y as u32, at..end, ys.clone()));
                        at = end;
                    }
                }
            }
            items
                .par_iter()
                .with_max_len(1)
                .for_each(|(x, y, xs, ys)| fill.unit::<M>(&lv, *x, *y, xs.clone(), ys.clone()));
            filled += items
                .iter()
                .map(|(_, _, xs, ys)| (xs.len() * ys.len()) as u64)
                .sum::<u64>();
            // Between a level's parts too, with the count so far: a
            // caller may wait in it to pause the build, or stop it.
            if !progress(positions_for(m, level - 1) + filled) {
                return false;
            }
        }
        debug_assert_eq!(
            positions_for(m, level - 1) + filled,
            positions_for(m, level),
            "every position of level {level} filled once"
        );
        if !progress(positions_for(m, level)) {
            return level == most;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::terms;

    /// Every row of at most `most` seeds comes once, in the group of its
    /// seeds and distance, and what the build holds for them is within
    /// [`working_bytes`] (which the memory checks count).
    #[test]
    fn rows_are_grouped_and_their_work_is_counted() {
        for (m, most) in [(1, 20), (3, 9), (6, 12)] {
            let rows = Rows::new::<0>(m, most, &terms(m, most));
            assert_eq!(rows.rows.len() as u64, choose((most + m) as u64, m as u64));
            let mut seen = std::collections::HashSet::new();
            for s in 0..=most {
                let spread = if s == 0 { 0..=0 } else { s..=m * s };
                for d in spread {
                    for &row in &rows.rows[rows.group(s, d)] {
                        let dist: usize = (0..m).map(|j| pit(row, j) as usize * (m - j)).sum();
                        assert_eq!((seeds(row) as usize, dist), (s, d));
                        assert!(seen.insert(row), "{row:x} twice");
                    }
                }
            }
            assert_eq!(seen.len(), rows.rows.len());
            let held = 8 * 2 * rows.rows.len()
                + 4 * rows.plus.len()
                + 8 * rows.moves.len()
                + 8 * rows.start.len()
                + 2 * 4 * rows.rows.len()
                + std::mem::size_of::<Move>() * rows.moves[rows.rows.len()];
            assert!(
                held as u64 <= working_bytes(m, most),
                "{m} pits, {most} seeds"
            );
        }
    }
}
