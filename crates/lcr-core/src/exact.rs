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
//! A state is the coins of every seat read from the seat about to roll,
//! and which seat that is. Seats with no coins only pass the turn, so only
//! "rolling" states (the mover holds coins) are visited; the passed turns
//! are counted on the way. Coin counts are stored once, read from the mover
//! (rotation symmetry), with one value per seat that can be the mover. A
//! throw of `k = min(coins, 3)` dice has the distribution
//! [`crate::throw_distribution`], counted from [`crate::THROWS`], the one
//! table the simulator and the rules step ([`crate::ClassicState`]) look
//! throws up in; `tests/step.rs` checks the answers equal the generic exact
//! evaluator over the step.
//!
//! The solver follows the probability forward from the start. The total
//! number of coins only falls (a `C`) or stays, so levels are solved from the
//! top down: the expected number of visits `y` of each state of a level is
//! the solution of `y = f + P^T y`, where `f` is what flows in from the
//! levels above and `P` the throws that keep the total. It is solved by
//! Gauss-Seidel sweeps over the seats in turn order: a sweep computes the
//! visits with seat 0 to move, then seat 1, ... from the values just
//! computed, so one sweep carries the probability once round the table. From
//! `y = 0` the sweeps only rise towards the answer, and every visit leaves
//! the level with a known chance, so the mass not yet accounted for,
//! `sum f - sum y * leave`, bounds the error of everything still to come
//! from this level: it is the reported bound for the win chances, and times
//! a bound on the turns left (`n (3 (T - 1) + 1)` with `T` coins: at least
//! one `C` in six rolling turns, at least two rolling turns a round) for the
//! expected turns. Visits then flow to the lower levels and to the winners.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::{LcrError, Throw, dice_for, throw_distribution};

/// The most Gauss-Seidel sweeps of one level: past this the level stops
/// with the bound it has reached.
pub const MAX_SWEEPS: u64 = 100_000;

/// The most seats the exact solver takes (a state keys its seat in a
/// signed byte).
pub const MAX_EXACT_PLAYERS: usize = 127;

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
    /// `cum[m][s]` flattened: `cum[m * stride + s]`.
    cum: Vec<u64>,
    stride: usize,
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
            .flat_map(|row| {
                row.iter().scan(0u64, |a, &x| {
                    *a = a.saturating_add(x);
                    Some(*a)
                })
            })
            .collect();
        Counts {
            cnt,
            cum,
            stride: t + 1,
        }
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
    /// the mover last keeps the states a throw comes from (which differ
    /// from the target turned back by one seat only at the mover and its
    /// neighbours) close together in memory.
    #[inline]
    fn rank(&self, c: &[u32], total: usize) -> u64 {
        let n = c.len();
        let mut rem = total - 1;
        let mut r = 0u64;
        for (i, &x) in c.iter().enumerate().skip(1) {
            let a = x as usize;
            let row = (n - i) * self.stride;
            // sum over v < a of cnt[m][rem - v] = cum[m][rem] - cum[m][rem - a]
            r += self.cum[row + rem] - self.cum[row + rem - a];
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
fn state_of_key(k: &[u32], c: &mut [u32]) {
    let n = k.len();
    c[0] = k[n - 1] + 1;
    c[1..].copy_from_slice(&k[..n - 1]);
}

/// A throw that keeps the total, stored with the state it reaches.
#[derive(Clone, Copy)]
struct InEdge {
    /// The state it comes from (storage rank).
    source: u32,
    /// Seats the turn moves on (1..n).
    shift: u8,
    /// Index of the throw's chance in [`Context::probs`].
    prob: u8,
}

/// A throw that leaves the level, stored with the state it comes from.
#[derive(Clone, Copy)]
struct OutEdge {
    /// The state reached, in level `total - drop` (unused for a win).
    target: u32,
    /// Seats the turn moves on; for a win, the winner counted from the
    /// mover.
    shift: u8,
    /// Index of the throw's chance in [`Context::probs`].
    prob: u8,
    /// Coins put in the center (1 to 3), or 0 when the throw ends the game.
    drop: u8,
}

/// A throw that keeps the total, as set-up finds it at its source.
#[derive(Clone, Copy)]
struct Stay {
    target: u32,
    shift: u8,
    prob: u8,
}

/// The sweeps read and write values in chunks of this many states, the
/// same whatever the number of threads, so sums come out bit for bit equal.
const CHUNK: usize = 1 << 14;

/// The number of rolling states and the bytes the solver would use; both
/// saturate at `u64::MAX` (sizes far past any limit are refused, not
/// overflowed).
pub fn plan(players: usize, coins: u32) -> Result<(u64, u64), LcrError> {
    if players < 2 {
        return Err(LcrError::TooFewPlayers(players));
    }
    if coins == 0 {
        return Err(LcrError::NoStartingCoins);
    }
    let total = players as u128 * coins as u128;
    // Count with u128 arithmetic to refuse, not overflow, on huge sizes.
    // Rolling states with t coins: compositions of t - 1 into n parts,
    // C(t + n - 2, n - 1).
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
    let n = players as u128;
    let size = |t: u128| if t == 0 { 0 } else { binom(t + n - 2, n - 1) };
    let mut states = 0u128;
    let mut bytes = 0u128;
    for t in 1..=total {
        let s = size(t);
        states = states.saturating_add(s);
        // Visits and inflow of this level (two values per seat and
        // state), the inflow waiting in the three levels below, and per
        // state: up to 10 stored throws each way and set-up's copy (8
        // bytes each), order, offsets, leave and turn counts.
        let lower = size(t.saturating_sub(1))
            .saturating_add(size(t.saturating_sub(2)))
            .saturating_add(size(t.saturating_sub(3)));
        let level = n
            .saturating_mul(8)
            .saturating_mul(s.saturating_mul(2).saturating_add(lower))
            .saturating_add(s.saturating_mul(300));
        bytes = bytes.max(level);
        if s.saturating_mul(20) > u32::MAX as u128 {
            // A state has at most 20 distinct throws, stored and counted in
            // u32: refuse past that.
            bytes = u128::MAX;
        }
        if states > u64::MAX as u128 / 64 {
            break;
        }
    }
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
    solve_with_progress(config, &|_| {})
}

/// [`solve`], calling `progress` after each level with the number of
/// states of the levels done so far (of [`plan`]'s count; the top levels,
/// the largest, come first).
///
/// # Errors
/// As [`solve`].
pub fn solve_with_progress(
    config: &ExactConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ExactResult, LcrError> {
    if config.threads == 0 {
        return Err(dice::parallel::ParallelError::ZeroThreads.into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| dice::parallel::ParallelError::Pool(e.to_string()))?;
    pool.install(|| solve_on_pool(config, progress))
}

fn solve_on_pool(
    config: &ExactConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ExactResult, LcrError> {
    let n = config.players;
    let (states, bytes) = plan(n, config.coins)?;
    if bytes > config.memory_limit || n > MAX_EXACT_PLAYERS {
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
    let trace = std::env::var_os("LCR_TRACE").is_some();
    // inflow[t]: expected entries into level t, layer-major (the mover's
    // seat, then the storage rank).
    let mut inflow: Vec<Vec<f64>> = vec![Vec::new(); top + 1];
    inflow[top] = vec![0.0; n * ctx.counts.level_size(n, top) as usize];
    let start = vec![config.coins; n];
    inflow[top][ctx.counts.rank(&start, top) as usize] = 1.0;
    let mut out = Outflow {
        win: vec![Sum::default(); n],
        turns: Sum::default(),
        rolling: Sum::default(),
    };
    // The error budget: a fifth shared equally by the levels, the rest by
    // their sizes, so the big top levels (most of the work) stop sooner.
    // Each level's share is divided by how far its turn bound exceeds the
    // expected turns (known from below: the turns counted so far, or
    // players x coins before any), so both bounds meet the budget.
    let levels = (top - 1).max(1) as f64;
    let (mut lost, mut lost_turns, mut sweeps) = (0.0f64, 0.0f64, 0u64);
    let mut done = 0u64;
    for total in (2..=top).rev() {
        done += ctx.counts.level_size(n, total);
        let f = std::mem::take(&mut inflow[total]);
        if f.is_empty() {
            progress(done);
            continue;
        }
        let clock = std::time::Instant::now();
        let level = ctx.setup(total);
        let set_up = clock.elapsed();
        let turns_left = (n * (3 * (total - 1) + 1)) as f64;
        let known = out.turns.value().max((n * config.coins as usize) as f64);
        let share = ctx.counts.level_size(n, total) as f64 / states as f64;
        let stop = config.tolerance * (0.2 / levels + 0.8 * share) * (known / turns_left).min(1.0);
        let (y, deficit, level_sweeps) = level.solve(&ctx, f, stop);
        let solved = clock.elapsed();
        ctx.flow_out(total, &level, &y, &mut inflow, &mut out);
        sweeps += level_sweeps;
        progress(done);
        lost += deficit;
        lost_turns += deficit * turns_left;
        if trace {
            eprintln!(
                "level {total}: {} states, {} throws kept in level, {level_sweeps} sweeps, unaccounted {deficit:.2e}, set-up {set_up:?}, solved {solved:?}, total {:?}",
                level.order.len(),
                level.in_edges.len(),
                clock.elapsed()
            );
        }
    }
    progress(states);
    let expected_turns = out.turns.value();
    Ok(ExactResult {
        players: n,
        coins: config.coins,
        win_probability: out.win.iter().map(|w| w.value()).collect(),
        expected_turns,
        expected_rolling_turns: out.rolling.value(),
        states,
        tolerance: lost.max(lost_turns / expected_turns.max(1.0)),
        sweeps,
    })
}

/// What every level shares.
struct Context {
    n: usize,
    counts: Counts,
    throws: Vec<Vec<(Throw, f64)>>,
    /// Every throw's chance, `throws[k]` from `first_prob[k]` on.
    probs: Vec<f64>,
    first_prob: Vec<usize>,
}

/// What has left the chain so far.
struct Outflow {
    win: Vec<Sum>,
    turns: Sum,
    rolling: Sum,
}

/// A compensated sum (Neumaier): the expected turns add up hundreds of
/// millions of visits, where a plain sum would round by about 1e-12 of the
/// total, as much as the error bound.
#[derive(Clone, Copy, Default)]
struct Sum {
    sum: f64,
    carry: f64,
}

impl Sum {
    #[inline]
    fn add(&mut self, x: f64) {
        let t = self.sum + x;
        self.carry += if self.sum.abs() >= x.abs() {
            (self.sum - t) + x
        } else {
            (x - t) + self.sum
        };
        self.sum = t;
    }

    fn value(self) -> f64 {
        self.sum + self.carry
    }
}

/// One level: the throws that keep the total, stored at their targets in
/// sweep order, and those that leave it, stored at their sources.
struct Level {
    /// Sweep position to storage rank.
    order: Vec<u32>,
    /// The throws into `order[u]` are `in_edges[offsets[u]..offsets[u + 1]]`.
    offsets: Vec<u32>,
    in_edges: Vec<InEdge>,
    /// The chance of leaving the level from `order[u]`.
    leave: Vec<f64>,
    /// The throws out of storage rank `s` are
    /// `out_edges[out_offsets[s]..out_offsets[s + 1]]`.
    out_offsets: Vec<u32>,
    out_edges: Vec<OutEdge>,
    /// Turns a visit of storage rank `s` counts: its own and the empty
    /// seats passed after it.
    turns: Vec<f64>,
}

/// The set-up of the states whose storage key starts with one digit.
#[derive(Default)]
struct Part {
    kept: Vec<u32>,
    stays: Vec<Stay>,
    leave: Vec<f64>,
    outs: Vec<u32>,
    out_edges: Vec<OutEdge>,
    turns: Vec<f64>,
}

impl Part {
    /// A throw that leaves one seat (`holder`, counted from the mover)
    /// with coins: that seat wins.
    fn win(&mut self, holder: usize, prob: u8) {
        self.out_edges.push(OutEdge {
            target: 0,
            shift: holder as u8,
            prob,
            drop: 0,
        });
    }

    /// A throw to the state ranked `target` among those with `center`
    /// coins fewer, the turn moving on `shift` seats; returns its chance
    /// of keeping the level.
    fn throw(&mut self, target: u64, shift: usize, prob: u8, center: u32, p: f64) -> f64 {
        if center == 0 {
            self.stays.push(Stay {
                target: target as u32,
                shift: shift as u8,
                prob,
            });
            p
        } else {
            self.out_edges.push(OutEdge {
                target: target as u32,
                shift: shift as u8,
                prob,
                drop: center as u8,
            });
            0.0
        }
    }
}

impl Context {
    /// Set up level `total`.
    fn setup(&self, total: usize) -> Level {
        let n = self.n;
        let size = self.counts.level_size(n, total) as usize;
        // Every state's throws, in storage order, in parallel over the
        // first digit of the key (parts are joined in order).
        let parts: Vec<Part> = (0..total as u32)
            .into_par_iter()
            .map(|first| self.setup_part(total, first))
            .collect();
        let mut kept = Vec::with_capacity(size);
        let mut stays = Vec::with_capacity(parts.iter().map(|p| p.stays.len()).sum());
        let mut leave_by_rank = Vec::with_capacity(size);
        let mut out_offsets = Vec::with_capacity(size + 1);
        let mut out_edges = Vec::with_capacity(parts.iter().map(|p| p.out_edges.len()).sum());
        let mut turns = Vec::with_capacity(size);
        for p in parts {
            kept.extend_from_slice(&p.kept);
            stays.extend_from_slice(&p.stays);
            leave_by_rank.extend_from_slice(&p.leave);
            let mut at = out_edges.len() as u32;
            for &k in &p.outs {
                out_offsets.push(at);
                at += k;
            }
            out_edges.extend_from_slice(&p.out_edges);
            turns.extend_from_slice(&p.turns);
        }
        out_offsets.push(out_edges.len() as u32);
        // Sweep order: the lexicographic order of (c0 - 1, c1, ..., c_{n-1}).
        // A throw's source, turned back to the mover, reads about the same,
        // so the values a sweep reads come nearly in storage order.
        let mut order = Vec::with_capacity(size);
        let mut position = vec![0u32; size];
        let mut key = vec![0u32; n];
        key[n - 1] = total as u32 - 1;
        let mut c = vec![0u32; n];
        loop {
            c.copy_from_slice(&key);
            c[0] += 1;
            let r = self.counts.rank(&c, total) as u32;
            position[r as usize] = order.len() as u32;
            order.push(r);
            if !next_key(&mut key) {
                break;
            }
        }
        let leave: Vec<f64> = order.iter().map(|&r| leave_by_rank[r as usize]).collect();
        drop(leave_by_rank);
        // Turn the throws round: stored at their targets, sources in
        // increasing order (two halves of the targets filled in parallel).
        let mut offsets = vec![0u32; size + 1];
        for st in &stays {
            offsets[position[st.target as usize] as usize + 1] += 1;
        }
        for u in 0..size {
            offsets[u + 1] += offsets[u];
        }
        let blank = InEdge {
            source: 0,
            shift: 0,
            prob: 0,
        };
        let mut in_edges = vec![blank; stays.len()];
        let mid = size / 2;
        let (lo_edges, hi_edges) = in_edges.split_at_mut(offsets[mid] as usize);
        let fill = |edges: &mut [InEdge], range: std::ops::Range<usize>| {
            let base = offsets[range.start] as usize;
            let mut cursor: Vec<u32> = offsets[range.clone()].to_vec();
            let mut at = 0usize;
            for (s, &k) in kept.iter().enumerate() {
                for st in &stays[at..at + k as usize] {
                    let u = position[st.target as usize] as usize;
                    if range.contains(&u) {
                        let slot = &mut cursor[u - range.start];
                        edges[*slot as usize - base] = InEdge {
                            source: s as u32,
                            shift: st.shift,
                            prob: st.prob,
                        };
                        *slot += 1;
                    }
                }
                at += k as usize;
            }
        };
        rayon::join(|| fill(lo_edges, 0..mid), || fill(hi_edges, mid..size));
        Level {
            order,
            offsets,
            in_edges,
            leave,
            out_offsets,
            out_edges,
            turns,
        }
    }

    fn setup_part(&self, total: usize, first: u32) -> Part {
        let n = self.n;
        let mut key = vec![0u32; n];
        key[0] = first;
        key[n - 1] += total as u32 - 1 - first;
        let mut c = vec![0u32; n];
        let mut after = vec![0u32; n];
        let mut target = vec![0u32; n];
        let mut part = Part::default();
        loop {
            state_of_key(&key, &mut c);
            let (kept, outs) = (part.stays.len(), part.out_edges.len());
            let mut stay = 0.0;
            let mut turns = 1.0;
            // A state with one holder is over: nothing reaches it.
            if c.iter().filter(|&&x| x > 0).count() > 1 {
                let k = dice_for(c[0]) as usize;
                // With 4 seats or more a throw changes only seats 0, 1 and
                // n - 1, so when seat 1 holds coins after it (the turn moves
                // on one seat) the target's rank is the source's fixed
                // middle `c2..c_{n-2}` (ranked once per number of coins put
                // in the center) plus two terms.
                let fast = n >= 4;
                let (mut mid, mut mid_holders, mut mid_holder) = (0usize, 0u32, 0usize);
                let mut prefix = [u64::MAX; 4];
                if fast {
                    for (i, &x) in c.iter().enumerate().take(n - 1).skip(2) {
                        mid += x as usize;
                        if x > 0 {
                            mid_holders += 1;
                            mid_holder = i;
                        }
                    }
                    for (center, slot) in prefix.iter_mut().enumerate() {
                        if total < center + mid + 1 {
                            continue;
                        }
                        let mut rem = total - center - 1;
                        let mut r = 0u64;
                        for (i, &x) in c.iter().enumerate().take(n - 1).skip(2) {
                            let row = (n - i + 1) * self.counts.stride;
                            r += self.counts.cum[row + rem]
                                - self.counts.cum[row + rem - x as usize];
                            rem -= x as usize;
                        }
                        *slot = r;
                    }
                }
                for (j, &(t, p)) in self.throws[k].iter().enumerate() {
                    let prob = (self.first_prob[k] + j) as u8;
                    if fast {
                        let a0 = c[0] - t.lost();
                        let a1 = c[1] + t.right;
                        let last = c[n - 1] + t.left;
                        let holders =
                            mid_holders + (a0 > 0) as u32 + (a1 > 0) as u32 + (last > 0) as u32;
                        if holders == 1 {
                            let holder = if a0 > 0 {
                                0
                            } else if a1 > 0 {
                                1
                            } else if last > 0 {
                                n - 1
                            } else {
                                mid_holder
                            };
                            part.win(holder, prob);
                            continue;
                        }
                        if a1 > 0 {
                            let rem = total - t.center as usize - 1 - mid;
                            let row = 2 * self.counts.stride;
                            let idx = prefix[t.center as usize] + self.counts.cum[row + rem]
                                - self.counts.cum[row + rem - last as usize]
                                + a0 as u64;
                            debug_assert_eq!(idx, {
                                let mut tg = c.clone();
                                tg[0] = a0;
                                tg[1] = a1;
                                tg[n - 1] = last;
                                tg.rotate_left(1);
                                self.counts.rank(&tg, total - t.center as usize)
                            });
                            stay += part.throw(idx, 1, prob, t.center, p);
                            continue;
                        }
                    }
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
                        part.win(holder, prob);
                        continue;
                    }
                    let shift = (1..n).find(|&k| after[k] > 0).expect("two holders");
                    turns += p * (shift - 1) as f64;
                    target[..n - shift].copy_from_slice(&after[shift..]);
                    target[n - shift..].copy_from_slice(&after[..shift]);
                    let idx = self.counts.rank(&target, total - t.center as usize);
                    stay += part.throw(idx, shift, prob, t.center, p);
                }
            }
            part.kept.push((part.stays.len() - kept) as u32);
            part.outs.push((part.out_edges.len() - outs) as u32);
            part.leave.push(1.0 - stay);
            part.turns.push(turns);
            if !next_key(&mut key) || key[0] != first {
                return part;
            }
        }
    }

    /// Send a solved level's visits on: to the winners, the turn counts
    /// and the levels below. Two halves of the seats' layers are filled in
    /// parallel (each in the same order whatever the threads); the first
    /// also adds up the wins, the second the turns.
    fn flow_out(
        &self,
        total: usize,
        level: &Level,
        y: &[f64],
        inflow: &mut [Vec<f64>],
        out: &mut Outflow,
    ) {
        let n = self.n;
        let size = level.order.len();
        let half = n / 2;
        let mut lower: Vec<Vec<f64>> = Vec::new();
        let mut sizes = Vec::new();
        for drop in 1..=3 {
            let l = total.saturating_sub(drop);
            let lsize = self.counts.level_size(n, l) as usize;
            let mut v = if l >= 2 {
                std::mem::take(&mut inflow[l])
            } else {
                Vec::new()
            };
            if l >= 2 && v.is_empty() {
                v = vec![0.0; n * lsize];
            }
            lower.push(v);
            sizes.push(lsize);
        }
        let (mut first, mut second): (Vec<&mut [f64]>, Vec<&mut [f64]>) = lower
            .iter_mut()
            .zip(&sizes)
            .map(|(v, &lsize)| {
                let at = (half * lsize).min(v.len());
                v.split_at_mut(at)
            })
            .unzip();
        let pass = |layers: std::ops::Range<usize>, into: &mut [&mut [f64]], wins: bool| {
            let mut win = vec![Sum::default(); n];
            let (mut turns, mut rolling) = (Sum::default(), Sum::default());
            let mut ys = vec![0.0f64; n];
            for s in 0..size {
                let mut any = false;
                for (o, v) in ys.iter_mut().enumerate() {
                    *v = y[o * size + s];
                    any |= *v != 0.0;
                }
                if !any {
                    continue;
                }
                if !wins {
                    for &v in &ys {
                        turns.add(v * level.turns[s]);
                        rolling.add(v);
                    }
                }
                let (lo, hi) = (
                    level.out_offsets[s] as usize,
                    level.out_offsets[s + 1] as usize,
                );
                for e in &level.out_edges[lo..hi] {
                    let p = self.probs[e.prob as usize];
                    let shift = e.shift as usize;
                    if e.drop == 0 {
                        if wins {
                            for (o, &v) in ys.iter().enumerate() {
                                let seat = o + shift;
                                win[if seat >= n { seat - n } else { seat }].add(v * p);
                            }
                        }
                        continue;
                    }
                    let lv = e.drop as usize - 1;
                    let (lsize, t) = (sizes[lv], e.target as usize);
                    let dest = &mut into[lv];
                    for (o, &v) in ys.iter().enumerate() {
                        let layer = o + shift;
                        let layer = if layer >= n { layer - n } else { layer };
                        if layers.contains(&layer) {
                            dest[(layer - layers.start) * lsize + t] += v * p;
                        }
                    }
                }
            }
            (win, turns, rolling)
        };
        let ((win, _, _), (_, turns, rolling)) = rayon::join(
            || pass(0..half, &mut first, true),
            || pass(half..n, &mut second, false),
        );
        for (a, b) in out.win.iter_mut().zip(&win) {
            a.add(b.sum);
            a.add(b.carry);
        }
        for (a, b) in [(&mut out.turns, turns), (&mut out.rolling, rolling)] {
            a.add(b.sum);
            a.add(b.carry);
        }
        for (drop, v) in lower.into_iter().enumerate() {
            let l = total.saturating_sub(drop + 1);
            if l >= 2 {
                inflow[l] = v;
            }
        }
    }
}

impl Level {
    /// Solve the level's visits `y = f + P^T y` by Gauss-Seidel sweeps in
    /// turn order until the mass not yet accounted for is at most `stop`
    /// (or stops falling: rounding); returns the visits (layer-major, by
    /// storage rank), that mass and the number of sweeps.
    fn solve(&self, ctx: &Context, f: Vec<f64>, stop: f64) -> (Vec<f64>, f64, u64) {
        let n = ctx.n;
        let size = self.order.len();
        // The inflow in sweep order, so the sweeps read it in sequence.
        let fu: Vec<f64> = (0..n * size)
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|i| f[(i / size) * size + self.order[i % size] as usize])
            .collect();
        drop(f);
        let inflow: f64 = fu
            .par_chunks(CHUNK)
            .map(|c| c.iter().sum::<f64>())
            .collect::<Vec<f64>>()
            .iter()
            .sum();
        let y: Vec<AtomicU64> = (0..n * size).map(|_| AtomicU64::new(0)).collect();
        let mut sweeps = 0u64;
        let (mut lowest, mut stalled) = (f64::INFINITY, 0u32);
        let stop = stop.max(8.0 * f64::EPSILON * inflow);
        let deficit = loop {
            sweeps += 1;
            let mut left = 0.0;
            for o in 0..n {
                let parts: Vec<f64> = (0..size.div_ceil(CHUNK))
                    .into_par_iter()
                    .map(|ch| self.sweep_chunk(ctx, &fu, &y, o, ch))
                    .collect();
                left += parts.iter().sum::<f64>();
            }
            let deficit = inflow - left;
            if deficit <= stop || sweeps >= MAX_SWEEPS {
                break deficit;
            }
            // Rounding can hold the deficit above a tiny stop: when four
            // sweeps in a row bring no new low, the level stops where it
            // is and reports the bound it reached.
            if deficit < lowest * 0.999 {
                (lowest, stalled) = (deficit, 0);
            } else {
                stalled += 1;
                if stalled >= 4 {
                    break deficit;
                }
            }
        };
        let y = y
            .into_iter()
            .map(|x| f64::from_bits(x.into_inner()))
            .collect();
        (y, deficit.max(0.0), sweeps)
    }

    /// The visits with seat `o` to move for one chunk of the sweep order,
    /// from the other seats' current values; returns the chance of leaving
    /// the level summed over the chunk's visits.
    fn sweep_chunk(&self, ctx: &Context, fu: &[f64], y: &[AtomicU64], o: usize, ch: usize) -> f64 {
        let n = ctx.n;
        let size = self.order.len();
        let mut left = 0.0;
        for u in ch * CHUNK..((ch + 1) * CHUNK).min(size) {
            let mut acc = fu[o * size + u];
            let (lo, hi) = (self.offsets[u] as usize, self.offsets[u + 1] as usize);
            for e in &self.in_edges[lo..hi] {
                let sh = e.shift as usize;
                // The seat that moved before: never `o` itself.
                let from = if o >= sh { o - sh } else { o + n - sh };
                let v = f64::from_bits(y[from * size + e.source as usize].load(Relaxed));
                acc += ctx.probs[e.prob as usize] * v;
            }
            y[o * size + self.order[u] as usize].store(acc.to_bits(), Relaxed);
            left += acc * self.leave[u];
        }
        left
    }
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
        // Rolling states summed over the levels: C(T + N - 2, N - 1) summed
        // over T is C(NC + N - 1, N) (hockey stick), for sizes the solver
        // refuses too.
        let binom = |a: u128, b: u128| (0..b).fold(1u128, |r, i| r * (a - i) / (i + 1));
        for (players, coins) in [(8usize, 3u32), (9, 3), (20, 1), (12, 3)] {
            let (states, bytes) = plan(players, coins).unwrap();
            let t = players as u128 * coins as u128;
            assert_eq!(
                states as u128,
                binom(t + players as u128 - 1, players as u128)
            );
            assert!(bytes > states);
        }
    }

    #[test]
    fn same_bits_on_any_number_of_threads() {
        // 6 players: the top levels span several sweep chunks, so the
        // chunked sums and the two halves of the out-flow are exercised.
        let mut one = ExactConfig::new(6, 3);
        one.threads = 1;
        let mut three = one.clone();
        three.threads = 3;
        assert_eq!(solve(&one).unwrap(), solve(&three).unwrap());
    }

    #[test]
    fn every_bit_of_probability_is_a_win_or_in_the_bound() {
        // The chance not yet accounted for is the bound on the win
        // chances; a solver that lost or created probability would fail
        // here whatever its sweeps did.
        for (players, coins) in [(2, 4), (4, 2), (5, 3)] {
            let r = solve(&ExactConfig::new(players, coins)).unwrap();
            let total: f64 = r.win_probability.iter().sum();
            assert!((1.0 - total).abs() <= r.tolerance + 1e-14, "{r:?}");
            assert!(r.tolerance <= 1e-12, "{r:?}");
            // Every seat wins sometimes, the turns are at least the
            // rolling turns.
            assert!(r.win_probability.iter().all(|&p| p > 0.0));
            assert!(r.expected_turns >= r.expected_rolling_turns);
        }
    }

    #[test]
    fn progress_counts_up_to_every_state() {
        let seen = std::sync::Mutex::new(Vec::new());
        let r = solve_with_progress(&ExactConfig::new(4, 3), &|done| {
            seen.lock().unwrap().push(done);
        })
        .unwrap();
        let seen = seen.into_inner().unwrap();
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&r.states));
        // Once a level, from 12 coins down to 2, and once at the end.
        assert_eq!(seen.len(), 12);
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
