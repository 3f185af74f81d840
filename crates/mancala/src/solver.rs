//! The exact value of a Kalah position: the store difference at the end
//! under perfect play, from the mover's side.
//!
//! Negamax alpha-beta over the *future* store difference (the stores
//! already filled do not change what is best, so the transposition table
//! keys on the pits alone, seen from the mover), driven by MTD(f): a series
//! of null-window searches that close in on the value. Moves that end in
//! the own store (extra turns) are tried first, then captures, then the
//! table's best move of an earlier search; an extra turn keeps the same
//! side to move, so its value is added, not negated.

use crate::MancalaError;
use crate::position::{CaptureRule, Position, sow};

/// Solver settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size: 2^bits entries of 32 bytes.
    pub table_bits: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { table_bits: 22 }
    }
}

/// The solved position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// Store difference at the end under perfect play, mover's side.
    pub value: i32,
    /// Every move that reaches it.
    pub best_moves: Vec<usize>,
    /// Nodes searched.
    pub nodes: u64,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u128,
    lower: i16,
    upper: i16,
    best: u8,
    /// Seeds left in the pits: a rough measure of the work behind the
    /// entry, used to choose which entry of a bucket to replace.
    left: u8,
}

/// Below this many seeds in the pits, positions are cheaper to search than
/// to look up.
const TABLE_FROM: i32 = 7;

const MAX: usize = 16;

struct Search {
    m: usize,
    /// `wrap[x] = x % (2m + 1)`, for every pit index plus seed count.
    wrap: Vec<u8>,
    rule: CaptureRule,
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
}

fn pack(p: &[u8; MAX]) -> u128 {
    u128::from_le_bytes(*p)
}

fn hash(k: u128) -> usize {
    let x = (k as u64) ^ ((k >> 64) as u64).rotate_left(29);
    let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x ^ (x >> 29)) as usize
}

impl Search {
    /// The future store difference for the mover at `p`, fail-soft within
    /// (alpha, beta).
    fn value(&mut self, p: &[u8; MAX], mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let m = self.m;
        let left: i32 = p[..2 * m].iter().map(|&x| i32::from(x)).sum();
        if left <= alpha {
            return left;
        }
        if -left >= beta {
            return -left;
        }
        let key = pack(p);
        let bucket = hash(key) & self.mask & !1;
        let mut tt_best = u8::MAX;
        let use_table = left >= TABLE_FROM;
        let found = if !use_table {
            None
        } else if self.table[bucket].key == key {
            Some(bucket)
        } else if self.table[bucket + 1].key == key {
            Some(bucket + 1)
        } else {
            None
        };
        if let Some(slot) = found {
            let e = self.table[slot];
            let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_best = e.best;
        }
        let (alpha0, beta0) = (alpha, beta);
        // Move order: table move, extra turns, captures, the rest (nearest
        // the store first).
        let mut order = [0u8; MAX];
        let mut count = 0;
        let mut push = |i: usize| {
            order[count] = i as u8;
            count += 1;
        };
        if (tt_best as usize) < m && p[tt_best as usize] > 0 {
            push(tt_best as usize);
        }
        // Where each pit's last seed lands (its position in the cycle).
        let mut lands = [0u8; MAX];
        for i in 0..m {
            lands[i] = self.wrap[i + p[i] as usize];
        }
        for i in (0..m).rev() {
            if p[i] > 0 && i as u8 != tt_best && lands[i] as usize == m {
                push(i);
            }
        }
        let captures = |i: usize| {
            let last = lands[i] as usize;
            (p[i] as usize) + i < 2 * m + 1
                && last < m
                && last > i
                && p[last] == 0
                && p[2 * m - 1 - last] > 0
        };
        for i in (0..m).rev() {
            if p[i] > 0 && i as u8 != tt_best && lands[i] as usize != m && captures(i) {
                push(i);
            }
        }
        for i in (0..m).rev() {
            if p[i] > 0 && i as u8 != tt_best && lands[i] as usize != m && !captures(i) {
                push(i);
            }
        }
        let mut best = i32::MIN;
        let mut best_move = 0u8;
        for &i in &order[..count] {
            let mut q = *p;
            let step = sow(&mut q[..], m, i as usize, self.rule);
            let gain = step.mine as i32 - step.theirs as i32;
            let v = if step.over {
                gain
            } else if step.again {
                gain + self.value(&q, alpha - gain, beta - gain)
            } else {
                let mut r = [0u8; MAX];
                r[..m].copy_from_slice(&q[m..2 * m]);
                r[m..2 * m].copy_from_slice(&q[..m]);
                gain - self.value(&r, gain - beta, gain - alpha)
            };
            if v > best {
                best = v;
                best_move = i;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if !use_table {
            return best;
        }
        let (lower, upper) = if best <= alpha0 {
            (-left, best)
        } else if best >= beta0 {
            (best, left)
        } else {
            (best, best)
        };
        // Same position: update it; else replace the cheaper of the two.
        let slot = found.unwrap_or_else(|| {
            if self.table[bucket].left <= self.table[bucket + 1].left {
                bucket
            } else {
                bucket + 1
            }
        });
        self.table[slot] = Entry {
            key,
            lower: lower as i16,
            upper: upper as i16,
            best: best_move,
            left: left as u8,
        };
        best
    }

    /// MTD(f): the exact future value of `p`.
    fn exact(&mut self, p: &[u8; MAX], guess: i32) -> i32 {
        let left: i32 = p[..2 * self.m].iter().map(|&x| i32::from(x)).sum();
        let (mut lower, mut upper) = (-left, left);
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let before = self.nodes;
            g = self.value(p, beta - 1, beta);
            if std::env::var_os("KALAH_TRACE").is_some() {
                eprintln!("pass beta {beta}: g {g}, nodes {}", self.nodes - before);
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        g
    }
}

/// Solve `position` exactly.
///
/// # Errors
/// [`MancalaError::TooLargeToSolve`] for more than 8 pits a side or more
/// than 255 seeds in the pits; [`MancalaError::GameOver`] never (an over
/// position has value 0 and no best moves).
pub fn solve(position: &Position, options: &Options) -> Result<Solution, MancalaError> {
    let m = position.pits();
    if 2 * m > MAX {
        return Err(MancalaError::TooLargeToSolve(format!(
            "{m} pits a side; the solver takes at most 8"
        )));
    }
    let oriented = position.oriented();
    let total: u32 = oriented.iter().sum();
    if total > 255 {
        return Err(MancalaError::TooLargeToSolve(format!(
            "{total} seeds in the pits; the solver takes at most 255"
        )));
    }
    if options.table_bits > 30 {
        return Err(MancalaError::TooLargeToSolve(format!(
            "a table of 2^{} entries",
            options.table_bits
        )));
    }
    let stores = position.stores();
    let me = position.to_move();
    let banked = stores[me] as i32 - stores[1 - me] as i32;
    if position.is_over() {
        return Ok(Solution {
            value: banked,
            best_moves: Vec::new(),
            nodes: 0,
        });
    }
    let mut root = [0u8; MAX];
    for (r, &x) in root.iter_mut().zip(&oriented) {
        *r = x as u8;
    }
    let size = 1usize << options.table_bits;
    let mut s = Search {
        m,
        wrap: (0..MAX + 256).map(|x| (x % (2 * m + 1)) as u8).collect(),
        rule: position.rule(),
        table: vec![Entry::default(); size],
        mask: size - 1,
        nodes: 0,
    };
    let future = s.exact(&root, 0);
    // Every move whose value reaches the position's value is best.
    let mut best_moves = Vec::new();
    for i in 0..m {
        if root[i] == 0 {
            continue;
        }
        let mut q = root;
        let step = sow(&mut q[..], m, i, s.rule);
        let gain = step.mine as i32 - step.theirs as i32;
        // No move can beat the value, so one null-window test per move
        // tells whether it reaches it.
        let reaches = if step.over {
            gain >= future
        } else if step.again {
            gain + s.value(&q, future - gain - 1, future - gain) >= future
        } else {
            let mut r = [0u8; MAX];
            r[..m].copy_from_slice(&q[m..2 * m]);
            r[m..2 * m].copy_from_slice(&q[..m]);
            gain - s.value(&r, gain - future, gain - future + 1) >= future
        };
        if reaches {
            best_moves.push(i);
        }
    }
    Ok(Solution {
        value: banked + future,
        best_moves,
        nodes: s.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain minimax over the position type, for small boards.
    fn minimax(p: &Position) -> i32 {
        if p.is_over() {
            let s = p.stores();
            return s[p.to_move()] as i32 - s[1 - p.to_move()] as i32;
        }
        p.legal_moves()
            .into_iter()
            .map(|i| {
                let mut q = p.clone();
                q.play(i).unwrap();
                let v = minimax(&q);
                if q.to_move() == p.to_move() { v } else { -v }
            })
            .max()
            .unwrap()
    }

    #[test]
    fn solver_matches_plain_minimax_on_small_boards() {
        for rule in [CaptureRule::Seed, CaptureRule::Empty] {
            for (m, n) in [(1, 1), (2, 2), (3, 1), (3, 2), (2, 4), (3, 3)] {
                let p = Position::kalah(m, n, rule).unwrap();
                let s = solve(&p, &Options { table_bits: 12 }).unwrap();
                assert_eq!(s.value, minimax(&p), "Kalah({m},{n}) {rule:?}");
                assert!(!s.best_moves.is_empty());
                for &i in &s.best_moves {
                    let mut q = p.clone();
                    q.play(i).unwrap();
                    let v = minimax(&q);
                    let v = if q.to_move() == p.to_move() { v } else { -v };
                    assert_eq!(v, s.value);
                }
            }
        }
    }
}
