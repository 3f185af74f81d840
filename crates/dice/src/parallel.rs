//! Deterministic parallel runs: work is cut into fixed chunks, chunk `i`
//! rolls [`SeededDice`] stream `i`, and results come back in chunk order.
//! Neither the chunk boundaries nor the streams depend on the thread count,
//! so a seed gives the same answer on 1 thread or 64.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::SeededDice;

/// Games (or hands, or rounds) per chunk; each chunk has its own stream.
pub const CHUNK: u64 = 1 << 14;

/// Why a parallel run could not start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParallelError {
    /// `threads` was zero.
    ZeroThreads,
    /// The thread pool could not be built.
    Pool(String),
}

impl std::fmt::Display for ParallelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParallelError::ZeroThreads => write!(f, "the number of threads must be at least 1"),
            ParallelError::Pool(e) => write!(f, "could not start worker threads: {e}"),
        }
    }
}

impl std::error::Error for ParallelError {}

/// The number of threads to use when the user does not say.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Run `total` units in chunks of [`CHUNK`] on `threads` threads.
///
/// `work(dice, units)` runs one chunk of `units` units with that chunk's
/// dice. `progress(done)` is called with the running total of units done
/// (from any thread, in any order). Results are returned in chunk order.
///
/// # Errors
/// [`ParallelError`] when `threads` is zero or no pool can be built.
pub fn run_chunks<T, W, P>(
    total: u64,
    seed: u64,
    threads: usize,
    work: W,
    progress: P,
) -> Result<Vec<T>, ParallelError>
where
    T: Send,
    W: Fn(&mut SeededDice, u64) -> T + Sync,
    P: Fn(u64) + Sync,
{
    run_chunks_at(total, seed, threads, |d, _, n| work(d, n), progress)
}

/// [`run_chunks`], telling `work(dice, first, units)` the index of the
/// chunk's first unit too, for runs whose units are not all alike. The
/// results of every chunk are kept: for long runs use
/// [`run_chunks_fold`], whose memory does not grow with `total`.
///
/// # Errors
/// As [`run_chunks`].
pub fn run_chunks_at<T, W, P>(
    total: u64,
    seed: u64,
    threads: usize,
    work: W,
    progress: P,
) -> Result<Vec<T>, ParallelError>
where
    T: Send,
    W: Fn(&mut SeededDice, u64, u64) -> T + Sync,
    P: Fn(u64) + Sync,
{
    run_chunks_fold(
        total,
        seed,
        threads,
        work,
        Vec::new(),
        |mut v, t| {
            v.push(t);
            v
        },
        progress,
    )
}

/// Chunks run together before their results are folded: memory holds at
/// most this many results, whatever the number of games.
pub const BATCH: u64 = 512;

/// Run `total` units in chunks as [`run_chunks_at`] does, folding each
/// chunk's result into `init` with `fold`, in chunk order, a batch of
/// [`BATCH`] chunks at a time: the same answer on any number of threads,
/// and memory that does not grow with `total`.
///
/// # Errors
/// As [`run_chunks`].
pub fn run_chunks_fold<T, A, W, F, P>(
    total: u64,
    seed: u64,
    threads: usize,
    work: W,
    init: A,
    mut fold: F,
    progress: P,
) -> Result<A, ParallelError>
where
    T: Send,
    W: Fn(&mut SeededDice, u64, u64) -> T + Sync,
    F: FnMut(A, T) -> A,
    P: Fn(u64) + Sync,
{
    if threads == 0 {
        return Err(ParallelError::ZeroThreads);
    }
    let chunks = total.div_ceil(CHUNK);
    let done = AtomicU64::new(0);
    let one = |i: u64| {
        let units = CHUNK.min(total - i * CHUNK);
        let mut dice = SeededDice::new(seed, i);
        let out = work(&mut dice, i * CHUNK, units);
        progress(done.fetch_add(units, Ordering::Relaxed) + units);
        out
    };
    let pool = if threads > 1 {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| ParallelError::Pool(e.to_string()))?,
        )
    } else {
        None
    };
    let mut acc = init;
    let mut start = 0;
    while start < chunks {
        let end = (start + BATCH).min(chunks);
        let results: Vec<T> = match &pool {
            Some(p) => p.install(|| (start..end).into_par_iter().map(one).collect()),
            None => (start..end).map(one).collect(),
        };
        for r in results {
            acc = fold(acc, r);
        }
        start = end;
    }
    Ok(acc)
}

/// `f` over every item on `threads` threads, results in the items' order
/// (so the output does not depend on the thread count), for exact work cut
/// into independent pieces.
///
/// # Errors
/// [`ParallelError`] when `threads` is zero or no pool can be built.
pub fn map_in_order<I, T, F>(items: &[I], threads: usize, f: F) -> Result<Vec<T>, ParallelError>
where
    I: Sync,
    T: Send,
    F: Fn(&I) -> T + Sync,
{
    if threads == 0 {
        return Err(ParallelError::ZeroThreads);
    }
    if threads == 1 || items.len() < 2 {
        return Ok(items.iter().map(f).collect());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ParallelError::Pool(e.to_string()))?;
    Ok(pool.install(|| items.par_iter().map(&f).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dice;

    #[test]
    fn same_result_at_any_thread_count() {
        let sum = |threads| {
            run_chunks(
                100_000,
                9,
                threads,
                |d, n| (0..n).map(|_| u64::from(d.roll(6).unwrap())).sum::<u64>(),
                |_| {},
            )
            .unwrap()
        };
        let one = sum(1);
        assert_eq!(one.len(), 7);
        assert_eq!(one, sum(2));
        assert_eq!(one, sum(3));
    }

    #[test]
    fn map_in_order_keeps_the_order() {
        let items: Vec<u64> = (0..1000).collect();
        let one = map_in_order(&items, 1, |x| x * x).unwrap();
        assert_eq!(one, map_in_order(&items, 3, |x| x * x).unwrap());
        assert_eq!(one[999], 998_001);
        assert_eq!(
            map_in_order(&items, 0, |x| *x),
            Err(ParallelError::ZeroThreads)
        );
    }

    #[test]
    fn folding_in_batches_is_the_same_at_any_thread_count() {
        // More than one batch of chunks.
        let total = CHUNK * (BATCH + 3) + 5;
        let fold = |threads| {
            run_chunks_fold(
                total,
                3,
                threads,
                |d, first, n| (first, d.roll(6).unwrap(), n),
                Vec::new(),
                |mut v, x| {
                    v.push(x);
                    v
                },
                |_| {},
            )
            .unwrap()
        };
        let one = fold(1);
        assert_eq!(one.len() as u64, BATCH + 4);
        assert!(one.windows(2).all(|w| w[0].0 < w[1].0), "chunk order");
        assert_eq!(one, fold(2));
        assert_eq!(one.iter().map(|x| x.2).sum::<u64>(), total);
    }

    #[test]
    fn zero_threads_is_an_error() {
        assert_eq!(
            run_chunks(10, 0, 0, |_, n| n, |_| {}),
            Err(ParallelError::ZeroThreads)
        );
    }
}
