//! Numbering positions: the stars-and-bars rank of a position's pit counts
//! among all positions with at most `K` seeds, so a table is a dense array.

use crate::position::{MAX, Pits};

/// C(n, r), saturating at `u64::MAX`.
pub(super) fn choose(n: u64, r: u64) -> u64 {
    if r > n {
        return 0;
    }
    let r = r.min(n - r);
    let mut c: u128 = 1;
    for i in 0..r {
        c = c * u128::from(n - i) / u128::from(i + 1);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// The rank's terms: row `j` (a cell), column `s` (seeds up to and in it).
/// Rows and columns are as wide as a cell index and a byte go, so indexing
/// needs no bounds checks.
pub(crate) type Terms = Box<[[u64; 256]; MAX]>;

pub(crate) fn terms(pits: usize, seeds: usize) -> Terms {
    let mut t: Terms = Box::new([[0u64; 256]; MAX]);
    for (j, row) in t.iter_mut().enumerate().take(2 * pits) {
        for (s, term) in row.iter_mut().enumerate().take(seeds + 1) {
            *term = choose((s + j) as u64, (j + 1) as u64);
        }
    }
    t
}

/// The rank of `p` among all positions with at most `seeds` seeds in the
/// pits (its total must not exceed `seeds`), for `m` pits a side.
#[inline(always)]
pub(crate) fn rank(terms: &Terms, p: Pits, m: usize) -> usize {
    // Every byte of `prefix` is the sum of the bytes up to it (no byte of
    // a position the table holds reaches 256): the mover's cells' sums are
    // bytes `0..m`, the other's bytes `8..8 + m` (the bytes between hold
    // nothing).
    let prefix = p.wrapping_mul(u128::from_le_bytes([1; 16])).to_le_bytes();
    let mut r = 0u64;
    for j in 0..m {
        r += terms[j & (MAX - 1)][prefix[j & 15] as usize];
    }
    for j in 0..m {
        r += terms[(m + j) & (MAX - 1)][prefix[(8 + j) & 15] as usize];
    }
    r as usize
}
