//! Exact classic LCR: each seat's chance to win and the expected game
//! length, by a Markov chain over the coin counts.
//!
//! ```
//! let r = lcr_core::exact::solve(&lcr_core::exact::ExactConfig::new(3, 3)).unwrap();
//! let total: f64 = r.win_probability.iter().sum();
//! assert!((total - 1.0).abs() < 1e-12);
//! assert!(r.tolerance < 1e-12);
//! ```
//!
//! # Method
//!
//! A state is the coins of every seat, read from the seat about to roll
//! (rotation symmetry: one turn position is stored, not `N`). Seats with no
//! coins only pass the turn, so only "rolling" states (the mover holds
//! coins) are stored; the passed turns are counted on the way. A throw of
//! `k = min(coins, 3)` dice has the distribution [`crate::throw_distribution`],
//! counted from [`crate::THROWS`], the one table the simulator and the rules
//! step ([`crate::ClassicState`]) look throws up in. This solver applies
//! throws in its own rotated layout; `tests/step.rs` checks its answers
//! equal the generic exact evaluator over the step. The total number of coins only
//! falls (a `C`) or stays, so the chain is solved level by level by total:
//! throws that put a coin in the center lead to an already solved level and
//! become constants, and the throws that keep the total are solved by
//! Gauss-Seidel sweeps. With `rho` the largest chance of staying in the level
//! (at most 5/6), a sweep whose largest change is `delta` leaves an error of
//! at most `delta * rho / (1 - rho)`; errors from lower levels pass up
//! without growing, so the reported tolerance is the sum of the per-level
//! bounds.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::{LcrError, Throw, dice_for, throw_distribution};

/// The most Gauss-Seidel sweeps of one level: past this the level stops
/// with the bound it has reached.
pub const MAX_SWEEPS: u64 = 200_000;

/// What to solve.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactConfig {
    /// Seats (at least 2).
    pub players: usize,
    /// Coins each seat starts with (at least 1).
    pub coins: u32,
    /// The error bound to reach on every probability and expectation.
    pub tolerance: f64,
    /// The most memory, in bytes, the solver may plan to use.
    pub memory_limit: u64,
    /// Worker threads (at least 1; the result does not depend on it).
    pub threads: usize,
}

impl ExactConfig {
    /// `players` seats with `coins` each, to 1e-12, with an 8 GiB limit,
    /// on every core.
    pub fn new(players: usize, coins: u32) -> Self {
        ExactConfig {
            players,
            coins,
            tolerance: 1e-12,
            memory_limit: 8 << 30,
            threads: dice::parallel::default_threads(),
        }
    }
}

/// The exact answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ExactResult {
    /// Seats.
    pub players: usize,
    /// Coins each seat started with.
    pub coins: u32,
    /// The chance that each seat wins (seat 0 moves first).
    pub win_probability: Vec<f64>,
    /// Expected turns, every seat's turn counted.
    pub expected_turns: f64,
    /// Expected turns in which the mover holds coins and rolls.
    pub expected_rolling_turns: f64,
    /// Rolling states stored.
    pub states: u64,
    /// The error bound reached (the sum of the per-level bounds): absolute
    /// for the probabilities, relative for the expected turns.
    pub tolerance: f64,
    /// Gauss-Seidel sweeps over all levels.
    pub sweeps: u64,
}

/// Compositions of `s` into `m` ordered parts, as a table, with prefix sums.
struct Counts {
    cnt: Vec<Vec<u64>>,
    cum: Vec<Vec<u64>>,
}

impl Counts {
    fn new(n: usize, t: usize) -> Counts {
        let mut cnt = vec![vec![0u64; t + 1]; n + 1];
        cnt[0][0] = 1;
        for m in 1..=n {
            for s in 0..=t {
                cnt[m][s] = (0..=s).fold(0u64, |a, v| a.saturating_add(cnt[m - 1][s - v]));
            }
        }
        let cum = cnt
            .iter()
            .map(|row| {
                row.iter()
                    .scan(0u64, |a, &x| {
                        *a = a.saturating_add(x);
                        Some(*a)
                    })
                    .collect()
            })
            .collect();
        Counts { cnt, cum }
    }

    /// Rolling states (mover holds at least one coin) with `total` coins.
    fn level_size(&self, n: usize, total: usize) -> u64 {
        if total == 0 {
            0
        } else {
            self.cnt[n][total - 1]
        }
    }

    /// Index of a rolling state among those with the same total: the
    /// lexicographic rank of the key `(c1, ..., c_{n-1}, c0 - 1)`. Putting
    /// the mover last keeps the states a throw leads to (which differ from
    /// the source turned by one seat only at the mover and its neighbours)
    /// close together in memory.
    fn rank(&self, c: &[u32], total: usize) -> u64 {
        let n = c.len();
        let mut rem = total - 1;
        let mut r = 0u64;
        for (i, &x) in c.iter().enumerate().skip(1) {
            let a = x as usize;
            let m = n - i;
            // sum over v < a of cnt[m][rem - v] = cum[m][rem] - cum[m][rem - a]
            r += self.cum[m][rem] - self.cum[m][rem - a];
            rem -= a;
        }
        r
    }
}

/// Step a key (a composition, see [`Counts::rank`]) to the next one in
/// lexicographic order; false after the last one.
fn next_key(k: &mut [u32]) -> bool {
    let n = k.len();
    let Some(last) = (1..n).rev().find(|&i| k[i] > 0) else {
        return false;
    };
    let i = last - 1;
    let suffix: u32 = k[i + 1..].iter().sum();
    k[i] += 1;
    for x in &mut k[i + 1..] {
        *x = 0;
    }
    k[n - 1] = suffix - 1;
    true
}

/// The state a storage key stands for: `c0 = last + 1`, `c_i = k[i - 1]`.
#[cfg(test)]
fn state_of_key(k: &[u32], c: &mut [u32]) {
    let n = k.len();
    c[0] = k[n - 1] + 1;
    c[1..].copy_from_slice(&k[..n - 1]);
}

/// The state a sweep key stands for. Sweeps visit states in the order of
/// the key `(c2, ..., c_{n-1}, c0 - 1, c1)`: the order of the state each one
/// most often leads to (the next seat's view), so the values a sweep reads
/// come nearly in storage order.
fn state_of_sweep_key(k: &[u32], c: &mut [u32]) {
    let n = k.len();
    c[2..].copy_from_slice(&k[..n - 2]);
    c[0] = k[n - 2] + 1;
    c[1] = k[n - 1];
}

#[derive(Clone, Copy)]
struct Stay {
    /// The state reached, in storage order.
    target: u32,
    /// Seats the turn moves on (1..n), with [`FRESH`] as its high bit.
    shift: u8,
    /// Index of the throw's chance in [`Context::probs`]. Eight bytes a
    /// throw: the sweeps stream these, so size is time.
    prob: u8,
}

/// The number of rolling states and the bytes the solver would use.
pub fn plan(players: usize, coins: u32) -> Result<(u64, u64), LcrError> {
    if players < 2 {
        return Err(LcrError::TooFewPlayers(players));
    }
    if coins == 0 {
        return Err(LcrError::NoStartingCoins);
    }
    let total = players as u128 * coins as u128;
    // Count with u128 arithmetic to refuse, not overflow, on huge sizes.
    let mut states = 0u128;
    let mut biggest = 0u128;
    // number of compositions of s into m parts = C(s + m - 1, m - 1)
    let binom = |a: u128, b: u128| -> u128 {
        let mut r = 1u128;
        for i in 0..b {
            r = r.saturating_mul(a - i) / (i + 1);
            if r > u64::MAX as u128 {
                return u128::MAX;
            }
        }
        r
    };
    for t in 1..=total {
        let size = binom(t - 1 + players as u128 - 1, players as u128 - 1);
        states = states.saturating_add(size);
        biggest = biggest.max(size);
        if states > u64::MAX as u128 / 64 {
            break;
        }
    }
    let values = (players as u128 + 2) * 8;
    let bytes = states
        .saturating_mul(values)
        .saturating_add(biggest.saturating_mul(10 * 16 + values));
    Ok((
        states.min(u64::MAX as u128) as u64,
        bytes.min(u64::MAX as u128) as u64,
    ))
}

/// Solve classic LCR exactly for `config.players` seats with
/// `config.coins` each, on `config.threads` threads; the result does not
/// depend on how many there are.
///
/// # Errors
/// Bad sizes, [`LcrError::TooLarge`] when the state space would not fit in
/// `config.memory_limit`, [`LcrError::Parallel`] for zero threads or a pool
/// that cannot start.
pub fn solve(config: &ExactConfig) -> Result<ExactResult, LcrError> {
    if config.threads == 0 {
        return Err(dice::parallel::ParallelError::ZeroThreads.into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| dice::parallel::ParallelError::Pool(e.to_string()))?;
    pool.install(|| solve_on_pool(config))
}

fn solve_on_pool(config: &ExactConfig) -> Result<ExactResult, LcrError> {
    let n = config.players;
    let (states, bytes) = plan(n, config.coins)?;
    if bytes > config.memory_limit || n > 127 {
        return Err(LcrError::TooLarge {
            states,
            bytes,
            limit: config.memory_limit,
        });
    }
    let top = n * config.coins as usize;
    let throws: Vec<Vec<(Throw, f64)>> = (0..=3).map(throw_distribution).collect();
    let ctx = Context {
        n,
        width: n + 2, // win chance per relative seat, turns, rolling turns
        counts: Counts::new(n, top),
        first_prob: throws
            .iter()
            .scan(0usize, |at, t| {
                let first = *at;
                *at += t.len();
                Some(first)
            })
            .collect(),
        probs: throws.iter().flatten().map(|&(_, p)| p).collect(),
        throws,
    };
    // The error budget: a fifth shared equally by the levels, the rest by
    // their sizes, so the big top levels (most of the work) stop sooner.
    // The shares add up to the whole budget, so the bound still holds.
    let levels = (top - 1).max(1) as f64;
    let level_tol = |total: usize| {
        let share = ctx.counts.level_size(n, total) as f64 / states as f64;
        config.tolerance * (0.2 / levels + 0.8 * share)
    };
    let trace = std::env::var_os("LCR_TRACE").is_some();

    let mut values: Vec<Vec<f64>> = vec![Vec::new(); top + 1];
    let mut tolerance = 0.0f64;
    let mut sweeps = 0u64;
    for total in 1..=top {
        let clock = std::time::Instant::now();
        let level = ctx.setup(total, &values);
        let set_up = clock.elapsed();
        let (v, delta, level_sweeps) = level.solve(&ctx, level_tol(total));
        sweeps += level_sweeps;
        if trace {
            eprintln!(
                "level {total}: {} states, {} throws kept in level, rho {:.3}, {level_sweeps} sweeps, set-up {set_up:?}, total {:?}",
                level.order.len(),
                level.stay.len(),
                level.rho,
                clock.elapsed()
            );
        }
        if level.rho > 0.0 {
            tolerance += delta * level.rho / (1.0 - level.rho);
        }
        // Throws put at most 3 coins in the center, so lower levels are
        // needed only three below the one being solved.
        if total > 3 {
            values[total - 4] = Vec::new();
        }
        values[total] = v;
    }
    let start = vec![config.coins; n];
    let idx = ctx.counts.rank(&start, top) as usize;
    let v = &values[top][idx * ctx.width..(idx + 1) * ctx.width];
    Ok(ExactResult {
        players: n,
        coins: config.coins,
        win_probability: v[..n].to_vec(),
        expected_turns: v[n],
        expected_rolling_turns: v[n + 1],
        states,
        tolerance,
        sweeps,
    })
}

/// What every level shares.
struct Context {
    n: usize,
    width: usize,
    counts: Counts,
    throws: Vec<Vec<(Throw, f64)>>,
    /// Every throw's chance, `throws[k]` from `first_prob[k]` on.
    probs: Vec<f64>,
    first_prob: Vec<usize>,
}

/// The high bit of [`Stay::shift`]: the target is in the same half of the
/// sweep and comes before the source, so a sweep reads the value it has
/// just written; every other target is read from the previous sweep's.
const FRESH: u8 = 1 << 7;

/// One level: the throws that keep the total, in sweep order, and the
/// constants from the throws that end the game or lower the total.
struct Level {
    order: Vec<u32>,
    offsets: Vec<u32>,
    stay: Vec<Stay>,
    base: Vec<f64>,
    rho: f64,
}

/// The set-up of the states whose sweep key starts with one digit.
struct Part {
    order: Vec<u32>,
    kept: Vec<u32>,
    stay: Vec<Stay>,
    base: Vec<f64>,
    rho: f64,
}

impl Context {
    /// Set up level `total` from the solved lower levels, in parallel over
    /// the first digit of the sweep key (parts are joined in order).
    fn setup(&self, total: usize, values: &[Vec<f64>]) -> Level {
        use rayon::prelude::*;
        let parts: Vec<Part> = (0..total as u32)
            .into_par_iter()
            .map(|first| self.setup_part(total, first, values))
            .collect();
        let size: usize = parts.iter().map(|p| p.order.len()).sum();
        let mut level = Level {
            order: Vec::with_capacity(size),
            offsets: Vec::with_capacity(size + 1),
            stay: Vec::with_capacity(parts.iter().map(|p| p.stay.len()).sum()),
            base: Vec::with_capacity(size * self.width),
            rho: 0.0,
        };
        for p in parts {
            let mut at = level.stay.len() as u32;
            for &k in &p.kept {
                level.offsets.push(at);
                at += k;
            }
            level.order.extend_from_slice(&p.order);
            level.stay.extend_from_slice(&p.stay);
            level.base.extend_from_slice(&p.base);
            level.rho = level.rho.max(p.rho);
        }
        level.offsets.push(level.stay.len() as u32);
        // Mark the throws whose target the same half sweeps earlier.
        let mid = size / 2;
        let mut position = vec![0u32; size];
        for (u, &s) in level.order.iter().enumerate() {
            position[s as usize] = u as u32;
        }
        for u in 0..size {
            let (lo, hi) = (level.offsets[u] as usize, level.offsets[u + 1] as usize);
            for st in &mut level.stay[lo..hi] {
                let t = position[st.target as usize] as usize;
                if (t >= mid) == (u >= mid) && t < u {
                    st.shift |= FRESH;
                }
            }
        }
        level
    }

    fn setup_part(&self, total: usize, first: u32, values: &[Vec<f64>]) -> Part {
        let (n, width) = (self.n, self.width);
        let mut key = vec![0u32; n];
        key[0] = first;
        key[n - 1] += total as u32 - 1 - first;
        let mut c = vec![0u32; n];
        let mut after = vec![0u32; n];
        let mut target = vec![0u32; n];
        let mut part = Part {
            order: Vec::new(),
            kept: Vec::new(),
            stay: Vec::new(),
            base: Vec::new(),
            rho: 0.0,
        };
        loop {
            state_of_sweep_key(&key, &mut c);
            part.order.push(self.counts.rank(&c, total) as u32);
            let before = part.stay.len();
            let at = part.base.len();
            part.base.resize(at + width, 0.0);
            let b = &mut part.base[at..];
            if c.iter().filter(|&&x| x > 0).count() == 1 {
                // Over before this turn: the mover (seat 0 here) has won.
                b[0] = 1.0;
            } else {
                b[n] = 1.0;
                b[n + 1] = 1.0;
                let mut in_level = 0.0;
                let k = dice_for(c[0]) as usize;
                for (j, &(t, p)) in self.throws[k].iter().enumerate() {
                    after.copy_from_slice(&c);
                    after[0] -= t.lost();
                    after[n - 1] += t.left;
                    after[1] += t.right;
                    let mut holder = 0;
                    let mut holders = 0;
                    for (j, &x) in after.iter().enumerate() {
                        if x > 0 {
                            holders += 1;
                            holder = j;
                        }
                    }
                    if holders == 1 {
                        b[holder] += p;
                        continue;
                    }
                    let shift = (1..n).find(|&k| after[k] > 0).expect("two holders");
                    for (i, x) in target.iter_mut().enumerate() {
                        *x = after[(i + shift) % n];
                    }
                    b[n] += p * (shift - 1) as f64;
                    let left_total = total - t.center as usize;
                    let idx = self.counts.rank(&target, left_total) as usize;
                    if t.center == 0 {
                        in_level += p;
                        part.stay.push(Stay {
                            target: idx as u32,
                            shift: shift as u8,
                            prob: (self.first_prob[k] + j) as u8,
                        });
                    } else {
                        let v = &values[left_total][idx * width..(idx + 1) * width];
                        add_rotated(b, v, p, shift, n);
                    }
                }
                part.rho = part.rho.max(in_level);
            }
            part.kept.push((part.stay.len() - before) as u32);
            if !next_key(&mut key) || key[0] != first {
                return part;
            }
        }
    }
}

impl Level {
    /// Solve the level by Gauss-Seidel sweeps to `level_tol`; returns the
    /// values in storage order, the last sweep's largest change and the
    /// number of sweeps.
    ///
    /// Each sweep runs as two halves (in parallel when rayon has two
    /// threads). A half reads its own states' values as they are (so within
    /// a half this is plain Gauss-Seidel) and the other half's from a
    /// snapshot taken at the start of the sweep, so the result is the same
    /// on one thread or many.
    fn solve(&self, ctx: &Context, level_tol: f64) -> (Vec<f64>, f64, u64) {
        let width = ctx.width;
        let size = self.order.len();
        // Start from what the values would be if every throw that keeps the
        // total led to a state worth the same as this one: x = b / (1 - q),
        // with q the chance of keeping the total. Any start converges; this
        // one is close, and saves sweeps.
        let mut start = self.base.clone();
        for u in 0..size {
            let (lo, hi) = (self.offsets[u] as usize, self.offsets[u + 1] as usize);
            let q: f64 = self.stay[lo..hi]
                .iter()
                .map(|st| ctx.probs[st.prob as usize])
                .sum();
            for x in &mut start[u * width..(u + 1) * width] {
                *x /= 1.0 - q;
            }
        }
        let mut read: Vec<AtomicU64> = (0..size * width).map(|_| AtomicU64::new(0)).collect();
        for (u, &s) in self.order.iter().enumerate() {
            let s = s as usize;
            for j in 0..width {
                read[s * width + j].store(start[u * width + j].to_bits(), Relaxed);
            }
        }
        let to_vec = |v: Vec<AtomicU64>| -> Vec<f64> {
            v.into_iter()
                .map(|x| f64::from_bits(x.into_inner()))
                .collect()
        };
        if self.stay.is_empty() {
            return (to_vec(read), 0.0, 0);
        }
        // Every state is written once a sweep, so `write` needs no copy of
        // `read`: the sweeps swap the two.
        let mut write: Vec<AtomicU64> = (0..size * width).map(|_| AtomicU64::new(0)).collect();
        let stop = level_tol * (1.0 - self.rho) / self.rho;
        let mid = size / 2;
        drop(start);
        let mut sweeps = 0;
        let mut last_delta = f64::INFINITY;
        // Rounding can keep the change above a very small stop for ever:
        // when 12 checks in a row bring no new low, or after MAX_SWEEPS
        // sweeps, the level stops where it is and reports the bound it
        // reached (the result's tolerance says so).
        let (mut lowest, mut stalled) = (f64::INFINITY, 0u32);
        loop {
            sweeps += 1;
            // Measuring the change costs a scattered read per state, so it
            // is measured every fourth sweep until it is near the stop, and
            // then every sweep. A sweep without it proves nothing.
            let check = sweeps % 4 == 0 || last_delta < 16.0 * stop;
            let half = |range: std::ops::Range<usize>| -> f64 {
                let h = Half {
                    level: self,
                    probs: &ctx.probs,
                    read: &read,
                    write: &write,
                    range,
                    check,
                };
                match ctx.n {
                    2 => h.sweep::<2>(2),
                    3 => h.sweep::<3>(3),
                    4 => h.sweep::<4>(4),
                    5 => h.sweep::<5>(5),
                    6 => h.sweep::<6>(6),
                    7 => h.sweep::<7>(7),
                    8 => h.sweep::<8>(8),
                    9 => h.sweep::<9>(9),
                    10 => h.sweep::<10>(10),
                    n => h.sweep::<0>(n),
                }
            };
            let (d0, d1) = rayon::join(|| half(0..mid), || half(mid..size));
            std::mem::swap(&mut read, &mut write);
            if check {
                let delta = d0.max(d1);
                if delta <= stop {
                    return (to_vec(read), delta, sweeps);
                }
                if delta < lowest * 0.999 {
                    (lowest, stalled) = (delta, 0);
                } else {
                    stalled += 1;
                }
                if stalled >= 12 || sweeps >= MAX_SWEEPS {
                    return (to_vec(read), delta, sweeps);
                }
                last_delta = delta;
            }
        }
    }
}

/// Half of a level's sweep.
struct Half<'a> {
    level: &'a Level,
    probs: &'a [f64],
    read: &'a [AtomicU64],
    write: &'a [AtomicU64],
    range: std::ops::Range<usize>,
    /// Whether to measure the change from the previous sweep.
    check: bool,
}

impl Half<'_> {
    /// One Gauss-Seidel pass over the half; returns the largest change
    /// (absolute for probabilities, relative for expected turns). `N` is the
    /// number of seats when known at compile time (so the rotation
    /// unrolls), else 0.
    ///
    /// The change is measured only when `check` is set: it needs a scattered
    /// read of the state's previous value.
    fn sweep<const N: usize>(&self, n_runtime: usize) -> f64 {
        let n = if N == 0 { n_runtime } else { N };
        let width = n + 2;
        let lv = self.level;
        let mut acc_fixed = [0.0f64; 12];
        let mut acc_dyn = vec![0.0f64; if N == 0 { width } else { 0 }];
        let mut row_fixed = [0.0f64; 12];
        let mut row_dyn = vec![0.0f64; if N == 0 { width } else { 0 }];
        let mut delta = 0.0f64;
        for u in self.range.clone() {
            let s = lv.order[u] as usize;
            let (lo, hi) = (lv.offsets[u] as usize, lv.offsets[u + 1] as usize);
            let acc: &mut [f64] = if N == 0 {
                &mut acc_dyn
            } else {
                &mut acc_fixed[..width]
            };
            acc.copy_from_slice(&lv.base[u * width..(u + 1) * width]);
            for st in &lv.stay[lo..hi] {
                let t = st.target as usize;
                let from = if st.shift & FRESH != 0 {
                    self.write
                } else {
                    self.read
                };
                let row: &mut [f64] = if N == 0 {
                    &mut row_dyn
                } else {
                    &mut row_fixed[..width]
                };
                for (x, a) in row.iter_mut().zip(&from[t * width..(t + 1) * width]) {
                    *x = f64::from_bits(a.load(Relaxed));
                }
                let shift = (st.shift & !FRESH) as usize;
                let p = self.probs[st.prob as usize];
                for (j, a) in acc[..n].iter_mut().enumerate() {
                    let from = if j >= shift { j - shift } else { j + n - shift };
                    *a += p * row[from];
                }
                acc[n] += p * row[n];
                acc[n + 1] += p * row[n + 1];
            }
            if self.check {
                // The previous sweep's value of this state is in `read`.
                let last = &self.read[s * width..(s + 1) * width];
                for (x, &a) in last[..n].iter().zip(&acc[..n]) {
                    delta = f64::max(delta, (a - f64::from_bits(x.load(Relaxed))).abs());
                }
                // Expected turns: relative change (they run to ~100).
                for (x, &a) in last[n..].iter().zip(&acc[n..]) {
                    let change = (a - f64::from_bits(x.load(Relaxed))).abs();
                    delta = f64::max(delta, change / a.abs().max(1.0));
                }
            }
            for (x, &a) in self.write[s * width..(s + 1) * width]
                .iter()
                .zip(acc.iter())
            {
                x.store(a.to_bits(), Relaxed);
            }
        }
        delta
    }
}

/// `acc += p * value of the state reached`, where the reached state is read
/// from the seat `shift` places to the right of the current mover.
#[inline]
fn add_rotated(acc: &mut [f64], v: &[f64], p: f64, shift: usize, n: usize) {
    // acc[j] += p * v[(j - shift) mod n]
    let (a_lo, a_hi) = acc[..n].split_at_mut(shift);
    for (a, &x) in a_lo.iter_mut().zip(&v[n - shift..n]) {
        *a += p * x;
    }
    for (a, &x) in a_hi.iter_mut().zip(&v[..n - shift]) {
        *a += p * x;
    }
    acc[n] += p * v[n];
    acc[n + 1] += p * v[n + 1];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_enumeration_order() {
        let n = 4;
        let counts = Counts::new(n, 7);
        let mut c = vec![0u32; n];
        for total in 1..=7 {
            let mut k = vec![0u32; n];
            k[n - 1] = total as u32 - 1;
            let mut s = 0;
            loop {
                state_of_key(&k, &mut c);
                assert!(c[0] >= 1);
                assert_eq!(c.iter().sum::<u32>() as usize, total);
                assert_eq!(counts.rank(&c, total), s);
                s += 1;
                if !next_key(&mut k) {
                    break;
                }
            }
            assert_eq!(s, counts.level_size(n, total));
        }
    }

    #[test]
    fn refuses_huge_sizes() {
        let mut cfg = ExactConfig::new(12, 3);
        cfg.memory_limit = 1 << 30;
        assert!(matches!(solve(&cfg), Err(LcrError::TooLarge { .. })));
        assert!(plan(200, 100).is_ok());
    }

    #[test]
    fn two_players_one_coin_by_hand() {
        // Seat 0 rolls one die: L or R passes the coin to seat 1 (seat 1
        // wins), C leaves both empty... impossible here: with one coin each,
        // a C leaves seat 1 the only holder, so seat 1 wins unless seat 0
        // rolls a dot; then seat 1 rolls and the same holds with roles
        // swapped. P(seat 0 wins) = sum over k of (1/2)^(2k+1) * (1/2) ... =
        // (1/2)(1/2) / (1 - 1/4) = 1/3.
        let r = solve(&ExactConfig::new(2, 1)).unwrap();
        assert!((r.win_probability[1] - 2.0 / 3.0).abs() < 1e-12);
        assert!((r.win_probability[0] - 1.0 / 3.0).abs() < 1e-12);
        // Turns: geometric with success 1/2 per turn: mean 2.
        assert!((r.expected_turns - 2.0).abs() <= 2.0 * r.tolerance, "{r:?}");
    }
}
