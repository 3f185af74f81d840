//! Deterministic parallel runs: work is cut into fixed chunks, chunk `i`
//! rolls [`SeededDice`] stream `i`, and results come back in chunk order.
//! Neither the chunk boundaries nor the streams depend on the thread count,
//! so a seed gives the same answer on 1 thread or 64.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

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
    /// The run's [`Watch`] asked it to stop (cancelled, or out of time).
    Stopped,
}

impl std::fmt::Display for ParallelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParallelError::ZeroThreads => write!(f, "the number of threads must be at least 1"),
            ParallelError::Pool(e) => write!(f, "could not start worker threads: {e}"),
            ParallelError::Stopped => write!(f, "stopped before the end"),
        }
    }
}

impl std::error::Error for ParallelError {}

impl ParallelError {
    /// Whether the machine failed (no thread pool could be started), not
    /// the caller: a run that could not start its threads.
    pub fn is_machine_failure(&self) -> bool {
        matches!(self, ParallelError::Pool(_))
    }
}

/// Whom a run tells of its progress, and whether it should stop: any
/// `Fn(u64)` is one that never stops (its argument is the running total
/// of units done); an application's meter can also stop the run, which
/// then checks before each chunk and ends with [`ParallelError::Stopped`].
/// Work whose units are long asks within its chunk through a [`Lent`],
/// and the run drops a chunk its work cut short ([`Watch::cut_short`]).
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use dice::parallel::{ParallelError, Watch, run_chunks};
///
/// struct StopAt(AtomicBool);
/// impl Watch for StopAt {
///     fn done(&self, units: u64) {
///         if units >= 50_000 {
///             self.0.store(true, Ordering::Relaxed);
///         }
///     }
///     fn stop(&self) -> bool {
///         self.0.load(Ordering::Relaxed)
///     }
/// }
/// let r = run_chunks(1 << 30, 1, 1, |_, n| n, StopAt(AtomicBool::new(false)));
/// assert_eq!(r.unwrap_err(), ParallelError::Stopped);
/// ```
pub trait Watch: Sync {
    /// `units` units are done (a running total, from any thread).
    fn done(&self, units: u64);
    /// Whether the run should stop now.
    fn stop(&self) -> bool {
        false
    }
    /// Whether a chunk's work stopped before its last unit (see [`Lent`]):
    /// the run then drops that chunk and ends with
    /// [`ParallelError::Stopped`]. A chunk's work that never asks is whole.
    fn cut_short(&self) -> bool {
        false
    }
}

impl<F: Fn(u64) + Sync> Watch for F {
    fn done(&self, units: u64) {
        self(units);
    }
}

/// A [`Watch`] shared by a run and its work, for work whose units are
/// long (a game of a hundred seats): the work asks [`Lent::stop`] between
/// its units and returns early when it says so, and the run, given
/// `&lent`, then drops that chunk, cut short, and stops. A chunk whose work
/// never heard the stop is kept, even if the stop comes as it ends.
pub struct Lent<'a, W: Watch + ?Sized> {
    watch: &'a W,
    cut: AtomicBool,
}

impl<'a, W: Watch + ?Sized> Lent<'a, W> {
    /// `watch`, lent.
    pub fn new(watch: &'a W) -> Self {
        Lent {
            watch,
            cut: AtomicBool::new(false),
        }
    }

    /// Whether the work should stop now; once it has said so, the chunks
    /// under way are dropped (even if the watch would say otherwise later).
    pub fn stop(&self) -> bool {
        let stop = self.watch.stop();
        if stop {
            self.cut.store(true, Ordering::Relaxed);
        }
        stop
    }

    /// [`Lent::stop`], asked after every [`STOP_EVERY`] units of a chunk
    /// (`unit` counts them from 0): the work's check between its units.
    pub fn stop_after(&self, unit: u64) -> bool {
        unit % STOP_EVERY == STOP_EVERY - 1 && self.stop()
    }
}

/// The units a chunk's work plays between asks of [`Lent::stop_after`]:
/// an LCR game of 100 seats x 100 coins takes 0.12 ms here (16,384 in
/// 1.98 s), so 64 of them are about 8 ms.
pub const STOP_EVERY: u64 = 64;

impl<W: Watch + ?Sized> Watch for &Lent<'_, W> {
    fn done(&self, units: u64) {
        self.watch.done(units);
    }
    fn stop(&self) -> bool {
        self.watch.stop()
    }
    fn cut_short(&self) -> bool {
        self.cut.load(Ordering::Relaxed)
    }
}

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
    P: Watch,
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
    P: Watch,
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

/// One of `count` parts of a run: the chunks `index`, `index + count`,
/// `index + 2 count`, ... of the deterministic chunking. Shards are
/// independent (each chunk's dice depend only on the seed and the chunk's
/// index), so they can run as separate processes on separate machines and
/// their sums be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u64,
    /// Shards in all (at least 1).
    pub count: u64,
}

impl Shard {
    /// The whole run: one shard of one.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// A shard `index` of `count`, `index < count`.
    ///
    /// # Errors
    /// A line saying what is wrong.
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 || index >= count {
            return Err(format!(
                "shard {index}/{count}: expected K/N with N at least 1 and K from 0 to N-1"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether chunk `i` belongs to this shard.
    pub fn has(self, i: u64) -> bool {
        i % self.count == self.index
    }

    /// How many of a run's `total` units (games) this shard's chunks hold:
    /// what its sums must count (the shards' add up to `total`).
    pub fn units(self, total: u64) -> u64 {
        let all = total.div_ceil(CHUNK);
        if self.count == 0 || self.index >= all {
            return 0;
        }
        // Chunks index, index + count, ..., each CHUNK units but the last
        // chunk of the run, which holds the remainder.
        let mine = (all - 1 - self.index) / self.count + 1;
        let last = self.index + (mine - 1) * self.count;
        (mine - 1) * CHUNK + CHUNK.min(total - last * CHUNK)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N`, e.g. `0/4`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("{s:?}: expected K/N, e.g. 0/4"))?;
        let parse = |x: &str| {
            x.trim()
                .parse::<u64>()
                .map_err(|_| format!("{s:?}: expected K/N with whole numbers, e.g. 0/4"))
        };
        Shard::new(parse(k)?, parse(n)?)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

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
    fold: F,
    progress: P,
) -> Result<A, ParallelError>
where
    T: Send,
    W: Fn(&mut SeededDice, u64, u64) -> T + Sync,
    F: FnMut(A, T) -> A,
    P: Watch,
{
    run_shard_fold(total, seed, threads, Shard::ALL, work, init, fold, progress)
}

/// [`run_chunks_fold`] over the chunks of one [`Shard`] only, in chunk
/// order. Folding every shard's chunks and adding the sums gives the whole
/// run's sums, when the fold is a sum.
///
/// # Errors
/// As [`run_chunks`].
#[allow(clippy::too_many_arguments)]
pub fn run_shard_fold<T, A, W, F, P>(
    total: u64,
    seed: u64,
    threads: usize,
    shard: Shard,
    work: W,
    init: A,
    mut fold: F,
    progress: P,
) -> Result<A, ParallelError>
where
    T: Send,
    W: Fn(&mut SeededDice, u64, u64) -> T + Sync,
    F: FnMut(A, T) -> A,
    P: Watch,
{
    if threads == 0 {
        return Err(ParallelError::ZeroThreads);
    }
    let all = total.div_ceil(CHUNK);
    // This shard's chunks are index, index + count, ...: number them 0.. here.
    let chunks = all.saturating_sub(shard.index).div_ceil(shard.count.max(1));
    let done = AtomicU64::new(0);
    let one = |j: u64| {
        if progress.stop() {
            return None;
        }
        let i = shard.index + j * shard.count;
        let units = CHUNK.min(total - i * CHUNK);
        let mut dice = SeededDice::new(seed, i);
        let out = work(&mut dice, i * CHUNK, units);
        // Work that heard the stop returned early (see `Lent`): its chunk
        // is not whole.
        if progress.cut_short() {
            return None;
        }
        progress.done(done.fetch_add(units, Ordering::Relaxed) + units);
        Some(out)
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
        let results: Vec<Option<T>> = match &pool {
            Some(p) => p.install(|| (start..end).into_par_iter().map(one).collect()),
            None => (start..end).map(one).collect(),
        };
        for r in results {
            acc = fold(acc, r.ok_or(ParallelError::Stopped)?);
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

    /// A stop heard by the work within a chunk ends the run there, and the
    /// chunk cut short is not folded in.
    #[test]
    fn a_stop_the_work_hears_ends_the_run_within_a_chunk() {
        use std::sync::atomic::AtomicU64;
        struct After(AtomicU64);
        impl Watch for After {
            fn done(&self, _: u64) {}
            fn stop(&self) -> bool {
                // Stop once asked three times (counted from 0).
                self.0.fetch_add(1, Ordering::Relaxed) >= 3
            }
        }
        impl Watch for &After {
            fn done(&self, _: u64) {}
            fn stop(&self) -> bool {
                (**self).stop()
            }
        }
        let watch = After(AtomicU64::new(0));
        let lent = Lent::new(&watch);
        let played = AtomicU64::new(0);
        let folded = AtomicU64::new(0);
        let r = run_chunks_fold(
            2 * CHUNK,
            1,
            1,
            |_, _, n| {
                for u in 0..n {
                    if u % 100 == 99 && lent.stop() {
                        break;
                    }
                    played.fetch_add(1, Ordering::Relaxed);
                }
            },
            (),
            |(), ()| {
                folded.fetch_add(1, Ordering::Relaxed);
            },
            &lent,
        );
        assert_eq!(r, Err(ParallelError::Stopped));
        // Asked once before the chunk, then by the work at its 100th and
        // 200th units, which stops it at the 300th: 299 units played.
        assert_eq!(played.load(Ordering::Relaxed), 299);
        assert_eq!(folded.load(Ordering::Relaxed), 0);
        // A stop that comes as the last chunk ends, unheard by its work,
        // keeps the whole run: a chunk is dropped only when cut short.
        // (Asked before each chunk, twice: a third ask would stop it.)
        let late = After(AtomicU64::new(1));
        let r = run_chunks_fold(2 * CHUNK, 1, 1, |_, _, n| n, 0, |a, n| a + n, &late);
        assert_eq!(r, Ok(2 * CHUNK));
        assert_eq!(late.0.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn zero_threads_is_an_error() {
        assert_eq!(
            run_chunks(10, 0, 0, |_, n| n, |_| {}),
            Err(ParallelError::ZeroThreads)
        );
    }

    #[test]
    fn shards_add_up_to_the_whole_run() {
        // Sums of each chunk's first unit index and size, over shards.
        let work = |_: &mut SeededDice, first: u64, units: u64| (first, units, 1u64);
        let add = |a: (u64, u64, u64), t: (u64, u64, u64)| (a.0 + t.0, a.1 + t.1, a.2 + t.2);
        for total in [1, CHUNK - 1, CHUNK, 5 * CHUNK + 7, 13 * CHUNK] {
            let whole = run_chunks_fold(total, 1, 2, work, (0, 0, 0), add, |_| {}).unwrap();
            assert_eq!(whole.1, total);
            for count in 1..=6 {
                let mut sum = (0, 0, 0);
                for index in 0..count {
                    let shard = Shard::new(index, count).unwrap();
                    let part =
                        run_shard_fold(total, 1, 2, shard, work, (0, 0, 0), add, |_| {}).unwrap();
                    sum = add(sum, part);
                }
                assert_eq!(sum, whole, "{total} units, {count} shards");
            }
        }
        assert!(Shard::new(4, 4).is_err() && Shard::new(0, 0).is_err());
        for total in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 5 * CHUNK + 7, 40 * CHUNK] {
            for count in 1..=7 {
                let units: Vec<u64> = (0..count)
                    .map(|k| Shard::new(k, count).unwrap().units(total))
                    .collect();
                assert_eq!(units.iter().sum::<u64>(), total, "{total} in {count}");
                let counted = (0..total.div_ceil(CHUNK))
                    .filter(|&i| i % count == 0)
                    .map(|i| CHUNK.min(total - i * CHUNK))
                    .sum::<u64>();
                assert_eq!(units[0], counted, "{total} in {count}");
            }
        }
        assert_eq!("2/5".parse::<Shard>().unwrap(), Shard::new(2, 5).unwrap());
        assert!("2-5".parse::<Shard>().is_err() && "a/5".parse::<Shard>().is_err());
    }
}
