//! The exact value of a Kalah position: the store difference at the end
//! under perfect play, from the mover's side.
//!
//! Negamax alpha-beta over the *future* store difference (the stores
//! already filled do not change what is best, so the transposition table
//! keys on the pits alone, seen from the mover), driven by MTD(f): a series
//! of null-window searches that close in on the value. Positions with few
//! seeds left are not searched: their exact values come from an
//! [`Endgame`] table. Before a node's moves are searched, each child is
//! looked up in the endgame table, then (if no exact value there already
//! decides the node) in the transposition table, and a known bound that
//! decides the node ends it (enhanced transposition cutoff). Moves are
//! then tried best first: the table's move of an earlier search, extra
//! turns (the move nearest the store first), then by the seeds the move
//! banks and what is known of the child. An extra turn keeps the same side
//! to move, so its value is added, not negated.
//!
//! On more than one thread ([`Options::threads`]) the search splits where
//! every move is likely to be searched: at a node with many seeds expected
//! to fail low (an eager one) once its first move did not cut, and at one
//! expected to cut (a lazy one) once its first two did not, the other moves
//! are searched at once on the pool's threads, sharing the transposition
//! table, and the first that cuts stops its siblings. The window is always
//! a null window, so the moves searched together are independent; values
//! and best moves are the same on any number of threads (tested), the nodes
//! searched are not. The transposition table's entries are keyed exactly
//! and never read half written (see the `table` module: one word an entry,
//! or a version on four-word entries for boards too large for the one-word
//! key).
//!
//! ```
//! use mancala::{CaptureRule, Position, solver};
//!
//! // Kalah(4, 3) under empty capture: +8 for the first player.
//! let p = Position::kalah(4, 3, CaptureRule::Empty).unwrap();
//! let s = solver::solve(&p, &solver::Options::default()).unwrap();
//! assert_eq!(s.value, 8);
//! assert_eq!(s.best_moves, [1]);
//! ```

use crate::MancalaError;
use crate::bytes::Bytes;
use crate::endgame::{self, Endgame, Terms};
use crate::position::{CaptureRule, Kind, MAX, Pits, Position, SPECIALISED, Sower, byte_sum, pack};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

mod table;
use table::{Bounds, Layout, Loc, Table};

/// Solver settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size: 2^bits words of 8 bytes, an entry each
    /// (four an entry on boards too large for the one-word key: see
    /// `docs/mancala.md`).
    pub table_bits: u32,
    /// The endgame table to build: every position with at most this many
    /// seeds in the pits. `None` picks a size that is quick to build (see
    /// [`auto_endgame_seeds`]); `Some(0)` builds none.
    pub endgame_seeds: Option<usize>,
    /// Threads that search together, sharing the transposition table, and
    /// that build the endgame table (at least 1). The value and the best moves do not depend on it; the
    /// nodes searched do, and vary from run to run with more than one.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            table_bits: 24,
            endgame_seeds: None,
            threads: 1,
        }
    }
}

/// The memory a solver with `options` plans to use for `pits` pits a
/// side, in bytes: its transposition table and its endgame table (one byte
/// a position, and the build's work: [`endgame::build_bytes`];
/// `endgame_file` is the size of a table file to be read instead of
/// built). Saturates rather than overflows.
pub fn planned_bytes(options: &Options, pits: usize, endgame_file: Option<u64>) -> u64 {
    let table = if options.table_bits <= 40 {
        8u64.saturating_mul(1u64 << options.table_bits)
    } else {
        u64::MAX
    };
    let endgame = match (endgame_file, options.endgame_seeds) {
        (Some(bytes), _) => bytes,
        (None, Some(k)) => crate::endgame::build_bytes(pits, k),
        (None, None) => crate::endgame::build_bytes(pits, auto_endgame_seeds(pits, 255)),
    };
    table.saturating_add(endgame)
}

/// Refuse a solver that would plan more than `limit` bytes (see
/// [`planned_bytes`]) before anything is allocated.
///
/// # Errors
/// [`MancalaError::TooLargeToSolve`] naming both sizes.
pub fn check_memory(
    options: &Options,
    pits: usize,
    endgame_file: Option<u64>,
    limit: u64,
) -> Result<(), MancalaError> {
    let bytes = planned_bytes(options, pits, endgame_file);
    if bytes > limit {
        return Err(MancalaError::TooLargeToSolve(format!(
            "the transposition table with the endgame table needs {bytes} bytes; the limit is {limit} (half the available memory)"
        )));
    }
    Ok(())
}

/// The endgame table a solve builds when none is given holds at most
/// 2^21 positions for a game of up to 24 seeds in the pits, twice as many
/// for every 8 seeds more up to 40 (2^23), then for every 2 seeds more, and
/// at most 2^27 (Kalah(6,4): every position of at most 18 seeds): building
/// it takes a small part of the search it saves (measured in
/// `docs/mancala.md`).
pub fn auto_endgame_positions(seeds: usize) -> u64 {
    let bits = if seeds <= 40 {
        21 + seeds.saturating_sub(24) / 8
    } else {
        23 + ((seeds - 40) / 2).min(4)
    };
    1u64 << bits
}

/// The endgame size [`Options::endgame_seeds`]` = None` picks for a
/// position of `pits` pits a side and `seeds` seeds in the pits: the most
/// seeds, up to `seeds`, whose table holds at most
/// [`auto_endgame_positions`] positions.
pub fn auto_endgame_seeds(pits: usize, seeds: usize) -> usize {
    let budget = auto_endgame_positions(seeds);
    let mut k = 0;
    while k < seeds.min(endgame::MAX_SEEDS) && endgame::positions_for(pits, k + 1) <= budget {
        k += 1;
    }
    k
}

/// The solved position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// Store difference at the end under perfect play, mover's side.
    pub value: i32,
    /// Every move that reaches it.
    pub best_moves: Vec<usize>,
    /// Nodes searched (positions found in the endgame table not counted).
    pub nodes: u64,
    /// The endgame table used: positions with at most this many seeds in
    /// the pits (0: none).
    pub endgame_seeds: usize,
}

/// Below this many seeds in the pits, positions are cheaper to search than
/// to look up.
const TABLE_FROM: i32 = 7;

/// From this many seeds in the pits, a node looks its children up before
/// searching them.
const ETC_FROM: i32 = 12;

/// A solver for one board size and capture rule: its endgame table and
/// transposition table are kept from one solve to the next (a game against
/// the solver, a series of positions).
pub struct Solver {
    pits: usize,
    rule: CaptureRule,
    sower: Sower,
    endgame: Option<Endgame>,
    /// The transposition table, a power of two of words.
    table: Bytes,
    /// How its words hold entries, chosen at the first solve (and again
    /// when a position has more seeds than the layout's code counts).
    layout: Option<Layout>,
    /// The ranks' terms for the compact layout's code.
    terms: Terms,
    /// Whether the compact layout may be used (tests compare the wide one).
    compact: bool,
    /// Their pool, with more than one.
    pool: Option<rayon::ThreadPool>,
    /// A caller's pool the searches run on instead, while lent (see
    /// [`Solver::search_on`]).
    lent: Option<std::sync::Arc<rayon::ThreadPool>>,
    /// From this many seeds in the pits a node may split ([`SPLIT_FROM`];
    /// tests split everywhere).
    split_from: i32,
    /// Whether a board of [`SPECIALISED`] pits a side takes the search
    /// compiled for it (tests compare it with the general one).
    specialised: bool,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("pits", &self.pits)
            .field("rule", &self.rule)
            .field("endgame", &self.endgame)
            .field("table_words", &(self.table.len() / 8))
            .field("layout", &self.layout)
            .finish()
    }
}

/// A zeroed transposition table of `2^bits` words.
fn transposition_table(bits: u32) -> Result<Bytes, MancalaError> {
    Bytes::zeroed_words(8 << bits)
        .map_err(|e| MancalaError::Machine(format!("no memory for a table of 2^{bits} words: {e}")))
}

/// `work()`, while another thread writes (zeros to) each 4 KiB page of
/// `bytes` in turn, so that the system maps them now, until it is done or
/// `work` is: the first touch of fresh memory is dear on a virtual machine
/// (measured in `docs/mancala.md`), and the search would otherwise pay it
/// at its start, both threads waiting. A short `work` (a small board's
/// table) leaves the rest to be mapped as the search reaches it.
fn touching<T>(bytes: &mut [u8], work: impl FnOnce() -> T) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            for page in bytes.chunks_mut(1 << 12) {
                if done.load(Ordering::Relaxed) {
                    return;
                }
                page[0] = std::hint::black_box(0);
            }
        });
        let out = work();
        done.store(true, Ordering::Relaxed);
        out
    })
}

/// A pool of `threads` threads for the search's parallel moves (none for
/// one thread).
fn pool(threads: usize) -> Result<Option<rayon::ThreadPool>, MancalaError> {
    if threads <= 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map(Some)
        .map_err(|e| MancalaError::Machine(format!("could not start {threads} threads: {e}")))
}

/// A pool of one thread: a one-thread solver's endgame table is built on
/// it, not on rayon's global pool.
fn one_thread() -> Result<rayon::ThreadPool, MancalaError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| MancalaError::Machine(format!("could not start a thread: {e}")))
}

/// The smallest transposition table: 2^10 words.
pub const MIN_TABLE_BITS: u32 = 10;

/// The largest transposition table: 2^30 words (8 GiB).
pub const MAX_TABLE_BITS: u32 = 30;

/// The most pits a side the solver takes.
pub const MAX_SOLVER_PITS: usize = MAX / 2;

fn check_table(options: &Options) -> Result<(), MancalaError> {
    if !(MIN_TABLE_BITS..=MAX_TABLE_BITS).contains(&options.table_bits) {
        return Err(MancalaError::TooLargeToSolve(format!(
            "a table of 2^{} words; it takes 2^{MIN_TABLE_BITS} to 2^{MAX_TABLE_BITS}",
            options.table_bits
        )));
    }
    Ok(())
}

impl Solver {
    /// A solver for positions like `position` (its size and rule), with
    /// the endgame table `options` asks for, sized by the seeds `position`
    /// holds when it asks for none in particular.
    ///
    /// # Errors
    /// [`MancalaError::TooLargeToSolve`] for more than 8 pits a side, more
    /// than 255 seeds in the pits, a table of fewer than 2^10 or more than
    /// 2^30 words or an endgame table too large.
    pub fn new(position: &Position, options: &Options) -> Result<Solver, MancalaError> {
        check_table(options)?;
        let pits = position.pits();
        if pits > MAX_SOLVER_PITS {
            return Err(MancalaError::TooLargeToSolve(format!(
                "{pits} pits a side; the solver takes at most {MAX_SOLVER_PITS}"
            )));
        }
        let in_pits: u64 = position.oriented().iter().map(|&x| u64::from(x)).sum();
        if in_pits > 255 {
            return Err(MancalaError::TooLargeToSolve(format!(
                "{in_pits} seeds in the pits; the solver takes at most 255"
            )));
        }
        let k = match options.endgame_seeds {
            Some(k) => k,
            None => auto_endgame_seeds(pits, in_pits.min(endgame::MAX_SEEDS as u64) as usize),
        };
        let mut table = transposition_table(options.table_bits)?;
        let pool = pool(options.threads)?;
        // The table's pages are touched while the endgame table is built,
        // on the solver's own threads: on rayon's global pool it would
        // queue behind any other build there (a server's larger table),
        // 20 ms becoming 150 ms.
        let endgame = if k == 0 {
            None
        } else {
            let build = || Endgame::build(pits, k, position.rule());
            Some(touching(&mut table, || match &pool {
                Some(own) => own.install(build),
                None => one_thread()?.install(build),
            })?)
        };
        Solver::assemble(pits, position.rule(), endgame, table, pool)
    }

    /// A solver that uses `endgame` (read from a file, say) for positions
    /// of its size and rule.
    ///
    /// # Errors
    /// [`MancalaError::TooLargeToSolve`] for a table of fewer than 2^10
    /// or more than 2^30 words.
    pub fn with_endgame(endgame: Endgame, options: &Options) -> Result<Solver, MancalaError> {
        check_table(options)?;
        let table = transposition_table(options.table_bits)?;
        Solver::assemble(
            endgame.pits(),
            endgame.rule(),
            Some(endgame),
            table,
            pool(options.threads)?,
        )
    }

    /// [`Solver::with_endgame`] with the endgame table `load` gives (read
    /// from a file, say), the transposition table's pages touched on a
    /// thread of their own while it loads.
    ///
    /// # Errors
    /// As [`Solver::with_endgame`], and whatever `load` returns.
    pub fn loading<E: From<MancalaError>>(
        options: &Options,
        load: impl FnOnce() -> Result<Endgame, E>,
    ) -> Result<Solver, E> {
        check_table(options)?;
        let mut table = transposition_table(options.table_bits)?;
        let endgame = touching(&mut table, load)?;
        let (pits, rule) = (endgame.pits(), endgame.rule());
        let pool = pool(options.threads)?;
        Ok(Solver::assemble(pits, rule, Some(endgame), table, pool)?)
    }

    /// A solver for `pits` pits a side under `rule`, with its endgame
    /// table (if any) and transposition table made: what [`Solver::new`],
    /// [`Solver::with_endgame`] and [`Solver::loading`] share.
    fn assemble(
        pits: usize,
        rule: CaptureRule,
        endgame: Option<Endgame>,
        table: Bytes,
        pool: Option<rayon::ThreadPool>,
    ) -> Result<Solver, MancalaError> {
        Ok(Solver {
            pits,
            rule,
            sower: Sower::new(pits, rule),
            endgame,
            table,
            layout: None,
            terms: endgame::terms(pits, 0),
            compact: true,
            pool,
            lent: None,
            split_from: SPLIT_FROM,
            specialised: true,
        })
    }

    /// Run the searches of a solver of more than one thread on `pool`'s
    /// threads instead of its own, until lent another or `None` (its own
    /// again): a caller's pool whose threads run at a lower priority, say.
    /// A solver of one thread searches on the caller's thread, whatever it
    /// is lent: its caller runs it on such a thread itself.
    pub fn search_on(&mut self, pool: Option<std::sync::Arc<rayon::ThreadPool>>) {
        self.lent = pool;
    }

    /// The endgame table in use.
    pub fn endgame(&self) -> Option<&Endgame> {
        self.endgame.as_ref()
    }

    /// Whether this solver (its endgame table) fits `position`: the same
    /// pits a side and capture rule.
    ///
    /// # Errors
    /// [`MancalaError::BadEndgame`] naming both.
    pub fn check_position(&self, position: &Position) -> Result<(), MancalaError> {
        if position.pits() != self.pits || position.rule() != self.rule {
            let name = |r: CaptureRule| match r {
                CaptureRule::Handout => "the handout's",
                CaptureRule::Empty => "empty",
            };
            return Err(MancalaError::BadEndgame(format!(
                "it is for {} pits a side under {} capture; the position has {} pits a side under {} capture",
                self.pits,
                name(self.rule),
                position.pits(),
                name(position.rule())
            )));
        }
        Ok(())
    }

    /// The table's layout for a root of `seeds` seeds in the pits: the
    /// one in use if it serves them, else the compact one for them if
    /// their codes fit, else the wide one.
    fn layout_for(&self, seeds: u32) -> Layout {
        match self.layout {
            Some(layout @ Layout::Compact { seeds: held, .. }) if held >= seeds => layout,
            Some(Layout::Wide) => Layout::Wide,
            _ if !self.compact => Layout::Wide,
            _ => Layout::for_board(self.pits, seeds, (self.table.len() / 8).trailing_zeros()),
        }
    }

    /// Solve `position` exactly.
    ///
    /// # Errors
    /// [`MancalaError::BadEndgame`] when the position's size or rule is not
    /// the solver's; [`MancalaError::TooLargeToSolve`] for more than 255
    /// seeds in the pits. An over position has its stores' difference as
    /// value and no best moves.
    pub fn solve(&mut self, position: &Position) -> Result<Solution, MancalaError> {
        self.solve_with_progress(position, &|_| {})
    }

    /// [`Solver::solve`], calling `progress` after every MTD(f) pass and
    /// every [`PROGRESS_NODES`] nodes with what is known so far.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_progress(
        &mut self,
        position: &Position,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Result<Solution, MancalaError> {
        match self.solve_until(position, None, progress)? {
            Answer::Solved(s) => Ok(s),
            Answer::Unfinished { .. } => Err(MancalaError::TooLargeToSolve(
                "the search stopped without a deadline".into(),
            )),
        }
    }

    /// [`Solver::solve_with_progress`], stopping at `deadline` (when
    /// given) with the bounds reached and the move the search holds best
    /// so far. Tables keep only what was proven, so a later solve (the next
    /// move of a game) starts from it.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_until(
        &mut self,
        position: &Position,
        deadline: Option<std::time::Instant>,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Result<Answer, MancalaError> {
        self.solve_until_stopped(position, deadline, &|| false, progress)
    }

    /// [`Solver::solve_until`], stopping also when `stop` says so (asked
    /// as often as the deadline: a cancelled request ends within
    /// milliseconds), with the bounds reached.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_until_stopped(
        &mut self,
        position: &Position,
        deadline: Option<std::time::Instant>,
        stop: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Result<Answer, MancalaError> {
        self.solve_near(position, None, deadline, stop, progress)
    }

    /// [`Solver::solve_until_stopped`], its MTD(f) passes starting from a
    /// bound the transposition table holds of the position (an earlier
    /// search's: its parent's, or its own stopped at a deadline), else
    /// from `guess` (the value expected, from the mover's side), else from
    /// an even future. A good start saves passes: a move's value once its
    /// parent's is known is at most the parent's. The answer does not
    /// depend on it, only the nodes searched.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_near(
        &mut self,
        position: &Position,
        guess: Option<i32>,
        deadline: Option<std::time::Instant>,
        stop: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Result<Answer, MancalaError> {
        self.search(position, guess, deadline, stop, progress, true)
    }

    /// [`Solver::solve_near`] for the value alone: a solved answer's list
    /// of best moves is empty, as finding them takes a test of each move
    /// at the value found (a stopped one still names the move the table
    /// holds best, as its guess). A caller that wants every move's value
    /// searches each move's position for its value, and the position's own
    /// best moves are those that reach it: every move's value of
    /// Kalah(6,4)'s opening took 11 to 15 % fewer nodes so
    /// (`docs/benchmarks.md`, "Kalah move values").
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn value_near(
        &mut self,
        position: &Position,
        guess: Option<i32>,
        deadline: Option<std::time::Instant>,
        stop: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Result<Answer, MancalaError> {
        self.search(position, guess, deadline, stop, progress, false)
    }

    /// [`Solver::solve_near`], with the best moves found when `best_moves`.
    fn search(
        &mut self,
        position: &Position,
        guess: Option<i32>,
        deadline: Option<std::time::Instant>,
        stop: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(&Progress) + Sync),
        best_moves: bool,
    ) -> Result<Answer, MancalaError> {
        let m = self.pits;
        self.check_position(position)?;
        let oriented = position.oriented();
        let total: u32 = oriented.iter().sum();
        if total > 255 {
            return Err(MancalaError::TooLargeToSolve(format!(
                "{total} seeds in the pits; the solver takes at most 255"
            )));
        }
        let stores = position.stores();
        let me = position.to_move();
        let banked = i64::from(stores[me]) - i64::from(stores[1 - me]);
        if banked.unsigned_abs() + u64::from(total) > i32::MAX as u64 {
            return Err(MancalaError::TooLargeToSolve(format!(
                "stores of {} and {}: values reach past 2^31",
                stores[0], stores[1]
            )));
        }
        let banked = banked as i32;
        let endgame_seeds = self.endgame.as_ref().map_or(0, Endgame::seeds);
        if position.is_over() {
            return Ok(Answer::Solved(Solution {
                value: banked,
                best_moves: Vec::new(),
                nodes: 0,
                endgame_seeds,
            }));
        }
        let counts: Vec<u8> = oriented.iter().map(|&x| x as u8).collect();
        let root = pack(&counts);
        let db = self.endgame.as_ref();
        let layout = self.layout_for(total);
        if self.layout != Some(layout) {
            // The codes change: what the table holds no longer fits them.
            if self.layout.is_some() {
                self.table.fill(0);
            }
            if let Layout::Compact { seeds, .. } = layout {
                self.terms = endgame::terms(m, seeds as usize);
            }
            self.layout = Some(layout);
        }
        let words: &[AtomicU64] = <[AtomicU64] as zerocopy::FromBytes>::mut_from_bytes(
            &mut self.table[..],
        )
        .map_err(|_| {
            MancalaError::TooLargeToSolve("the transposition table is not 8-byte aligned".into())
        })?;
        let shared = Shared {
            m,
            sower: &self.sower,
            db,
            db_seeds: endgame_seeds as i32,
            table: Table::new(words, layout, &self.terms, self.pool.is_none()),
            banked,
            deadline,
            stop,
            abort: AtomicBool::new(false),
            split_from: if self.pool.is_some() {
                self.split_from
            } else {
                i32::MAX
            },
            // A lent pool only in place of the solver's own: a solver of
            // one thread has its table set for one.
            pool: self
                .pool
                .as_ref()
                .map(|own| self.lent.as_deref().unwrap_or(own)),
            progress,
            counted: AtomicU64::new(0),
            bounds: AtomicU64::new(0),
        };
        shared.set_bounds((i32::MIN, i32::MAX));
        // The usual board's own build (see `Sower::child_in`).
        // The guess as a future value (the stores' difference taken off).
        let guess = guess.map(|g| (i64::from(g) - i64::from(banked)).clamp(-255, 255) as i32);
        let run = if m == SPECIALISED && self.specialised {
            Search::<SPECIALISED>::run(&shared, root, guess, best_moves)
        } else {
            Search::<0>::run(&shared, root, guess, best_moves)
        };
        if run.stopped {
            let (lower, upper) = shared.bounds();
            let legal: Vec<usize> = (0..m).filter(|&i| counts[i] > 0).collect();
            let held = run.held.filter(|b| legal.contains(b));
            let best_guess = run.best_moves.first().copied().or(held).unwrap_or(legal[0]);
            return Ok(Answer::Unfinished {
                lower: banked.saturating_add(lower),
                upper: banked.saturating_add(upper),
                best_guess,
                nodes: run.nodes,
            });
        }
        Ok(Answer::Solved(Solution {
            value: banked + run.future,
            best_moves: run.best_moves,
            nodes: run.nodes,
            endgame_seeds,
        }))
    }
}

/// What a search from the root found (see [`Search::run`]).
struct Run {
    future: i32,
    best_moves: Vec<usize>,
    /// Stopped by the deadline.
    stopped: bool,
    nodes: u64,
    /// The root's best move in the transposition table, if it holds one.
    held: Option<usize>,
}

/// Solve `position` exactly, with a new [`Solver`].
///
/// # Errors
/// As [`Solver::new`] and [`Solver::solve`].
pub fn solve(position: &Position, options: &Options) -> Result<Solution, MancalaError> {
    Solver::new(position, options)?.solve(position)
}

/// One thread's search, for `M` pits a side (0: `Shared::m`; see
/// `Sower::child_in`).
struct Search<'a, const M: usize> {
    sh: &'a Shared<'a>,
    /// Nodes this search (this thread's part) searched.
    nodes: u64,
    /// The deadline passed, or a split above cut: values from here on
    /// mean nothing and are not stored.
    stopped: bool,
    /// The splits this search runs under: when a move of one of them cuts,
    /// the search stops.
    cut: Option<&'a Cut<'a>>,
}

/// What all the threads of a search share.
struct Shared<'a> {
    m: usize,
    sower: &'a Sower,
    db: Option<&'a Endgame>,
    /// The endgame table's seeds (0: none).
    db_seeds: i32,
    table: Table<'a>,
    /// The root's stores' difference, from its mover's side.
    banked: i32,
    /// Stop searching at this time.
    deadline: Option<std::time::Instant>,
    /// Stop searching when this says so (a cancelled request).
    stop: &'a (dyn Fn() -> bool + Sync),
    /// Set when the deadline has passed: every thread stops.
    abort: AtomicBool,
    /// From this many seeds in the pits a node may split (see
    /// [`Search::split`]); `i32::MAX` for one thread.
    split_from: i32,
    pool: Option<&'a rayon::ThreadPool>,
    progress: &'a (dyn Fn(&Progress) + Sync),
    /// Nodes counted by all threads so far, in steps of [`COUNT_STEP`].
    counted: AtomicU64,
    /// What is known of the root's future value: at least the low half, at
    /// most the high half (as `i32`s).
    bounds: AtomicU64,
}

/// Each thread adds its nodes to the shared count in steps of this many.
const COUNT_STEP: u64 = 1 << 12;

thread_local! {
    /// Nodes searched on this thread (by any search): the checks made every
    /// so many nodes (the deadline, a cut above, the progress) count them,
    /// as the tasks of a split are short.
    static TICK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A split (see [`Search::split`]): set when one of its moves cuts, so the
/// others stop; and the split it runs under.
struct Cut<'a> {
    flag: AtomicBool,
    parent: Option<&'a Cut<'a>>,
}

impl Cut<'_> {
    /// Whether this split or one it runs under has cut.
    fn any(&self) -> bool {
        let mut at = Some(self);
        while let Some(c) = at {
            if c.flag.load(Ordering::Relaxed) {
                return true;
            }
            at = c.parent;
        }
        false
    }
}

impl Shared<'_> {
    fn bounds(&self) -> (i32, i32) {
        let b = self.bounds.load(Ordering::Relaxed);
        (b as u32 as i32, (b >> 32) as u32 as i32)
    }

    fn set_bounds(&self, (lower, upper): (i32, i32)) {
        self.bounds.store(
            u64::from(lower as u32) | u64::from(upper as u32) << 32,
            Ordering::Relaxed,
        );
    }
}

/// From this many seeds in the pits, with more than one thread, a node
/// searches its moves in parallel: an eager node those after its first, a
/// lazy one those after its first two (measured in `docs/mancala.md`).
const SPLIT_FROM: i32 = 30;

/// What a solve within a deadline found (see [`Solver::solve_until`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Solved: the value and every best move.
    Solved(Solution),
    /// Stopped at the deadline.
    Unfinished {
        /// The value is at least this...
        lower: i32,
        /// ...and at most this (from the mover's side).
        upper: i32,
        /// The move the search holds best so far (not proven).
        best_guess: usize,
        /// Nodes searched.
        nodes: u64,
    },
}

/// How far a solve has come (see [`Solver::solve_with_progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The position's value is at least this...
    pub lower: i32,
    /// ...and at most this.
    pub upper: i32,
    /// Nodes searched so far.
    pub nodes: u64,
}

/// A solve reports its progress every this many nodes (and after every
/// MTD(f) pass).
pub const PROGRESS_NODES: u64 = 1 << 22;

/// Children a node has at most.
const H: usize = MAX / 2;

/// A node's children (see [`Search::expand`]).
struct Kids {
    count: usize,
    /// Each child's pits, seen from its mover.
    kids: [u128; H],
    /// The mover's store gain minus the other's.
    gains: [i32; H],
    kinds: [Kind; H],
    /// The pit moved.
    pits: [u8; H],
    /// Seeds left in the pits.
    lefts: [i32; H],
    /// Where each child searched belongs in the transposition table, when
    /// [`Search::bounds`] looked it up: its own search need not find it
    /// again.
    locs: [Option<Loc>; H],
}

impl Kids {
    /// The children held, at most [`H`] (so that indexing by them needs
    /// no bounds check).
    #[inline(always)]
    fn n(&self) -> usize {
        self.count.min(H)
    }
}

/// Bounds `(l, h)` on a child's value from its own mover's side, seen from
/// its parent's mover: plus the move's gain, negated when the turn passes.
#[inline(always)]
fn from_parent(kind: Kind, gain: i32, (l, h): (i32, i32)) -> (i32, i32) {
    match kind {
        Kind::Other => (gain - h, gain - l),
        _ => (gain + l, gain + h),
    }
}

/// Whether move `c` of `k` needs no search: its value is known, or it
/// cannot raise `alpha` (then its upper bound is all it adds to `best`).
#[inline(always)]
fn settled(
    k: &Kids,
    c: usize,
    los: &[i32; H],
    his: &[i32; H],
    alpha: i32,
    best: &mut i32,
    best_move: &mut u8,
) -> bool {
    if his[c] <= alpha {
        if his[c] > *best {
            *best = his[c];
            *best_move = k.pits[c];
        }
        return true;
    }
    los[c] == his[c]
}

/// Raise `best` (and its pit `best_move`) to the highest of the children's
/// lower bounds `los`.
#[inline(always)]
fn raise(k: &Kids, los: &[i32; H], best: &mut i32, best_move: &mut u8) {
    for (&lo, &pit) in los.iter().zip(&k.pits).take(k.n()) {
        if lo > *best {
            *best = lo;
            *best_move = pit;
        }
    }
}

/// Sort `order` (children's numbers) into the order to search them:
/// highest score first, the lower number first among equal scores
/// (insertion sort: there are at most six).
#[inline(always)]
fn by_score(scores: &[i32; H], order: &mut [u8]) {
    let key = |c: u8| (std::cmp::Reverse(scores[usize::from(c)]), c);
    for a in 1..order.len() {
        let mut b = a;
        while b > 0 && key(order[b - 1]) > key(order[b]) {
            order.swap(b - 1, b);
            b -= 1;
        }
    }
}

impl<'a, const M: usize> Search<'a, M> {
    /// Search from the root `root`. With a pool, the search runs on its
    /// threads (the caller's waits), so that every split is shared among
    /// them.
    fn run(sh: &'a Shared<'a>, root: Pits, guess: Option<i32>, best_moves: bool) -> Run {
        let mut s = Search::<M> {
            sh,
            nodes: 0,
            stopped: false,
            cut: None,
        };
        let (future, best_moves) = match sh.pool {
            Some(pool) => pool.install(|| s.root(root, guess, best_moves)),
            None => s.root(root, guess, best_moves),
        };
        let held = if s.stopped {
            sh.table
                .read(sh.table.locate::<M>(root, sh.m))
                .map(|(_, e)| usize::from(e.best))
        } else {
            None
        };
        Run {
            future,
            best_moves,
            stopped: s.stopped,
            nodes: s.nodes,
            held,
        }
    }

    /// The future store difference for the mover at `p`, fail-soft within
    /// (alpha, beta).
    fn value(&mut self, p: Pits, alpha: i32, beta: i32) -> i32 {
        self.value_at(p, byte_sum(p) as i32, None, alpha, beta, true)
    }

    /// [`Search::value`], with `p`'s place in the transposition table when
    /// the parent has it, and the node's kind (`eager`): the kinds
    /// alternate with the turn (the root is eager; an extra turn keeps its
    /// parent's kind, a move that passes the turn gives the other). An
    /// eager node reads its children's entries before its first search, a
    /// lazy one after it (see the comment where they are read).
    #[inline(always)]
    fn value_at(
        &mut self,
        p: Pits,
        left: i32,
        at: Option<Loc>,
        mut alpha: i32,
        mut beta: i32,
        eager: bool,
    ) -> i32 {
        if self.stopped {
            return 0;
        }
        debug_assert_eq!(left, byte_sum(p) as i32);
        if left <= self.sh.db_seeds {
            return i32::from(self.sh.db.expect("endgame table").get(p));
        }
        self.nodes += 1;
        let tick = TICK.with(|t| {
            let n = t.get().wrapping_add(1);
            t.set(n);
            n
        });
        if tick.is_multiple_of(COUNT_STEP) {
            let counted = self.sh.counted.fetch_add(COUNT_STEP, Ordering::Relaxed) + COUNT_STEP;
            if counted.is_multiple_of(PROGRESS_NODES) {
                self.report();
            }
        }
        if tick & 0x3F == 0 && self.cut.is_some_and(Cut::any) {
            // A sibling of a split above cut: nothing here matters.
            self.stopped = true;
            return 0;
        }
        // Every 1,024 nodes (a fifth of a millisecond at the usual rate;
        // at 16,384 a search on a fresh table, each node a page fault, ran
        // 0.35 s past a deadline of 0.1 s).
        if tick & 0x3FF == 0
            && (self.sh.abort.load(Ordering::Relaxed)
                || self
                    .sh
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
                || (self.sh.stop)())
        {
            self.stopped = true;
            self.sh.abort.store(true, Ordering::Relaxed);
            return 0;
        }
        if left <= alpha {
            return left;
        }
        if -left >= beta {
            return -left;
        }
        // Where the parent did not find this node's place, its entry is
        // asked of the cache now, to arrive while the children are sown.
        let loc = (left >= TABLE_FROM).then(|| at.unwrap_or_else(|| self.asked(p)));
        // The children are sown, each one's reads issued as soon as it is
        // (so the first misses start early), before this node's own entry
        // is read, so that the miss on it overlaps that work.
        let etc = left >= ETC_FROM;
        let mut addr = [usize::MAX; H];
        let mut k = self.expand(p, left, etc, eager, &mut addr);
        let mut tt_best = u8::MAX;
        let found = loc.and_then(|loc| self.sh.table.read(loc));
        if let Some((_, e)) = found {
            let (lo, hi) = (e.lower, e.upper);
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_best = e.best;
            if etc && !eager {
                // A lazy node searches the table's move first (unless a
                // child known exactly cuts): its entry is on its way while
                // the order is worked out.
                for c in 0..k.n() {
                    if k.pits[c] == tt_best {
                        self.place_kid(&mut k, c);
                    }
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let (mut los, mut his) = ([0i32; H], [0i32; H]);
        if let Some((lo, i)) = self.known(&k, &addr, &mut los, &mut his, beta) {
            // Enhanced transposition cutoff by a child known exactly.
            return self.store(found, loc, left, alpha0, beta0, lo, i);
        }
        // Counted on Kalah(6,4) (one thread, the 16-seed table; a
        // temporary counter): the first move an eager node searches does
        // not cut at 87 % of them, and the first a lazy node searches cuts
        // at 94 %, so the kinds predict which nodes fail low (the kinds
        // alternate, and the root of the last, failing-low pass fails low).
        // A node that fails low must show every move below alpha: it reads
        // its children's entries first, because their bounds settle moves
        // without a search (and one may still cut at once). A node that
        // cuts mostly does so with its first move: it searches that move
        // with what the endgame table and its own entry say, and reads the
        // others' entries only when that search did not cut, so that their
        // misses overlap the search.
        if etc
            && eager
            && let Some((lo, i)) = self.held(&k, &mut los, &mut his, beta)
        {
            return self.store(found, loc, left, alpha0, beta0, lo, i);
        }
        let mut best = i32::MIN;
        let mut best_move = 0u8;
        raise(&k, &los, &mut best, &mut best_move);
        if best > alpha {
            alpha = best;
        }
        let mut order: [u8; H] = std::array::from_fn(|c| c as u8);
        by_score(&self.scores(&k, &los, &his, tt_best), &mut order[..k.n()]);
        // Whether the children's entries are still to be read (a lazy node).
        let mut unread = etc && !eager;
        let mut searched = 0;
        let mut n = 0;
        while n < k.n() {
            if searched > 0 && unread {
                unread = false;
                for c in 0..k.n() {
                    self.place_kid(&mut k, c);
                }
                if let Some((lo, i)) = self.held(&k, &mut los, &mut his, beta) {
                    // The searched child did not cut: `lo` is above it.
                    return self.store(found, loc, left, alpha0, beta0, lo, i);
                }
                raise(&k, &los, &mut best, &mut best_move);
                if best > alpha {
                    alpha = best;
                }
                // The rest in the order the entries give.
                by_score(&self.scores(&k, &los, &his, tt_best), &mut order[n..k.n()]);
            }
            let c = order[n] as usize;
            // A lazy node cuts with its first move 94 % of the time: its
            // moves are searched together only once two did not (an eager
            // node's once one did not: splitting it at once cost Kalah(6,5)
            // 38 % more nodes).
            if searched > 0 && (eager || searched > 1) && left >= self.sh.split_from {
                let (v, i) = self.split(&k, &order[n..k.n()], &los, &his, alpha, beta, eager);
                if v > best {
                    best = v;
                    best_move = i;
                }
                break;
            }
            n += 1;
            if settled(&k, c, &los, &his, alpha, &mut best, &mut best_move) {
                continue;
            }
            searched += 1;
            let v = self.child(&k, c, alpha, beta, eager);
            if v > best {
                best = v;
                best_move = k.pits[c];
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.store(found, loc, left, alpha0, beta0, best, best_move)
    }

    /// The value of move `c` of `k` for the node's mover, within (alpha,
    /// beta).
    #[inline(always)]
    fn child(&mut self, k: &Kids, c: usize, alpha: i32, beta: i32, eager: bool) -> i32 {
        let gain = k.gains[c];
        match k.kinds[c] {
            Kind::Again => {
                gain + self.value_at(
                    k.kids[c],
                    k.lefts[c],
                    k.locs[c],
                    alpha - gain,
                    beta - gain,
                    eager,
                )
            }
            _ => {
                gain - self.value_at(
                    k.kids[c],
                    k.lefts[c],
                    k.locs[c],
                    gain - beta,
                    gain - alpha,
                    !eager,
                )
            }
        }
    }

    /// A node's moves `order` (those after the first of an eager node,
    /// after the first two of a lazy one) searched in parallel: the window
    /// is a null window, so a move that does not cut leaves it as it is,
    /// and the moves are independent (the transposition table is shared).
    /// Returns the best value found among them (fail-soft, as the serial
    /// loop) and its move.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn split(
        &mut self,
        k: &Kids,
        order: &[u8],
        los: &[i32; H],
        his: &[i32; H],
        alpha: i32,
        beta: i32,
        eager: bool,
    ) -> (i32, u8) {
        let cut = Cut {
            flag: AtomicBool::new(false),
            parent: self.cut,
        };
        let sh = self.sh;
        let mut jobs = [0u8; H];
        let mut n = 0;
        let (mut best, mut best_move) = (i32::MIN, 0u8);
        for &c in order {
            if !settled(
                k,
                usize::from(c),
                los,
                his,
                alpha,
                &mut best,
                &mut best_move,
            ) {
                jobs[n] = c;
                n += 1;
            }
        }
        // Called on a thread of the pool (the search runs there): the
        // moves go to whichever thread is free.
        let results: Vec<(i32, u64, bool)> = jobs[..n]
            .par_iter()
            .with_max_len(1)
            .map(|&c| {
                if cut.any() || sh.abort.load(Ordering::Relaxed) {
                    return (i32::MIN, 0, true);
                }
                let mut s = Search::<M> {
                    sh,
                    nodes: 0,
                    stopped: false,
                    cut: Some(&cut),
                };
                // Of the node's kind, as on one thread: the children's
                // kinds are those of the serial search.
                let v = s.child(k, usize::from(c), alpha, beta, eager);
                if !s.stopped && v >= beta {
                    cut.flag.store(true, Ordering::Relaxed);
                }
                (v, s.nodes, s.stopped)
            })
            .collect();
        // A move stopped by the deadline stops this search; one stopped
        // because a sibling cut, or because a split above cut, adds
        // nothing (and above, this node's value is not used either).
        if self.sh.abort.load(Ordering::Relaxed) || self.cut.is_some_and(Cut::any) {
            self.stopped = true;
        }
        for (&c, &(v, nodes, stopped)) in jobs[..n].iter().zip(&results) {
            self.nodes += nodes;
            if stopped {
                continue;
            }
            if v > best {
                best = v;
                best_move = k.pits[usize::from(c)];
            }
        }
        (best, best_move)
    }

    /// The children of `p` (`left` seeds in its pits), each seen from its
    /// mover, and the reads of what the tables know of them issued as each
    /// is sown: its endgame value (its place in `addr`, for
    /// [`Search::known`]; `usize::MAX` for none) or, when `etc` (enhanced
    /// transposition cutoff), its bucket in the transposition table (its
    /// place kept in the children). A lazy node (not `eager`) locates only
    /// its extra turns, the moves it searches first when its entry names
    /// none; the others' places are found when needed (see
    /// [`Search::place_kid`]): it mostly cuts with its first move, and finding
    /// them all cost more than it saved (measured in `docs/mancala.md`).
    #[inline(always)]
    fn expand(&self, p: Pits, left: i32, etc: bool, eager: bool, addr: &mut [usize; H]) -> Kids {
        let mut k = Kids {
            count: 0,
            kids: [0u128; H],
            gains: [0i32; H],
            kinds: [Kind::Over; H],
            pits: [0u8; H],
            lefts: [0i32; H],
            locs: [None; H],
        };
        let mut c = 0;
        for i in (0..self.sh.sower.pits_in::<M>().min(H)).rev() {
            let Some(child) = self.sh.sower.child_in::<M>(p, i) else {
                continue;
            };
            // At most one child a pit: `c` stays below `H`.
            k.gains[c] = child.gain;
            k.lefts[c] = left - child.banked;
            k.pits[c] = i as u8;
            k.kinds[c] = child.kind;
            k.kids[c] = child.pits;
            if !matches!(child.kind, Kind::Over) {
                if k.lefts[c] <= self.sh.db_seeds {
                    let db = self.sh.db.expect("endgame table");
                    addr[c] = db.index_in::<M>(child.pits);
                    db.prefetch(addr[c]);
                } else if etc
                    && (eager || matches!(child.kind, Kind::Again))
                    && k.lefts[c] >= TABLE_FROM
                {
                    // Not `place_kid`: handing it `&mut k` here made the
                    // compiler copy `k` out with `memcpy` (12 % more
                    // instructions, counted with cachegrind).
                    k.locs[c] = Some(self.asked(child.pits));
                }
            }
            c += 1;
        }
        k.count = c;
        k
    }

    /// Find child `c`'s place in the transposition table, if it belongs
    /// there and has none yet, and ask the cache for its bucket.
    #[inline(always)]
    fn place_kid(&self, k: &mut Kids, c: usize) {
        if k.locs[c].is_none()
            && !matches!(k.kinds[c], Kind::Over)
            && k.lefts[c] > self.sh.db_seeds
            && k.lefts[c] >= TABLE_FROM
        {
            k.locs[c] = Some(self.asked(k.kids[c]));
        }
    }

    /// Where `q` belongs in the transposition table, its bucket asked of
    /// the cache.
    #[inline(always)]
    fn asked(&self, q: Pits) -> Loc {
        let loc = self.sh.table.locate::<M>(q, self.sh.m);
        self.sh.table.prefetch(loc);
        loc
    }

    /// Bounds `(lower, upper)` on each child's value from this node's
    /// mover's side, into `los` and `his`: exact for a child known exactly
    /// (the game over, or in the endgame table at `addr`, from
    /// [`Search::expand`]), else from the seeds left. A child known exactly
    /// whose value reaches `beta` decides the node: then its value and pit.
    #[inline(always)]
    fn known(
        &self,
        k: &Kids,
        addr: &[usize; H],
        los: &mut [i32; H],
        his: &mut [i32; H],
        beta: i32,
    ) -> Option<(i32, u8)> {
        for c in 0..k.n() {
            let gain = k.gains[c];
            (los[c], his[c]) = if matches!(k.kinds[c], Kind::Over) {
                (gain, gain)
            } else if addr[c] != usize::MAX {
                let v = i32::from(self.sh.db.expect("endgame table").at(addr[c]));
                from_parent(k.kinds[c], gain, (v, v))
            } else {
                (gain - k.lefts[c], gain + k.lefts[c])
            };
            if los[c] >= beta {
                return Some((los[c], k.pits[c]));
            }
        }
        None
    }

    /// The transposition table's bounds on the children not known exactly,
    /// into `los` and `his`; a child whose lower bound reaches `beta`
    /// decides the node (its value and pit).
    #[inline(always)]
    fn held(
        &self,
        k: &Kids,
        los: &mut [i32; H],
        his: &mut [i32; H],
        beta: i32,
    ) -> Option<(i32, u8)> {
        let mut cut = None;
        // A child known exactly has no place in `locs`.
        self.sh.table.read_all(&k.locs, |c, b| {
            (los[c], his[c]) = from_parent(k.kinds[c], k.gains[c], (b.lower, b.upper));
            if los[c] >= beta && cut.is_none() {
                cut = Some((los[c], k.pits[c]));
            }
        });
        cut
    }

    /// The children's scores for [`by_score`]: the table's best move, then
    /// extra turns (nearest the store first), then by the seeds the move
    /// banks and what is known of the child.
    #[inline(always)]
    fn scores(&self, k: &Kids, los: &[i32; H], his: &[i32; H], tt_best: u8) -> [i32; H] {
        let mut scores = [0i32; H];
        for c in 0..k.n() {
            let i = k.pits[c];
            scores[c] = if i == tt_best {
                1000
            } else if matches!(k.kinds[c], Kind::Again) {
                500 + i32::from(i)
            } else {
                k.gains[c] * 4 + los[c] + his[c]
            };
        }
        scores
    }

    /// Tell the caller what is known so far.
    #[cold]
    fn report(&self) {
        (self.sh.progress)(&Progress {
            lower: self.sh.banked.saturating_add(self.sh.bounds().0),
            upper: self.sh.banked.saturating_add(self.sh.bounds().1),
            nodes: self.sh.counted.load(Ordering::Relaxed),
        });
    }

    /// Record a result in the table (for positions with enough seeds) and
    /// return it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn store(
        &mut self,
        found: Option<(usize, Bounds)>,
        loc: Option<Loc>,
        left: i32,
        alpha0: i32,
        beta0: i32,
        best: i32,
        best_move: u8,
    ) -> i32 {
        let Some(loc) = loc else {
            return best;
        };
        if self.stopped {
            return best;
        }
        let (mut lower, mut upper) = if best <= alpha0 {
            (-left, best)
        } else if best >= beta0 {
            (best, left)
        } else {
            (best, best)
        };
        // What the entry knew before still holds (values are exact).
        if let Some((_, old)) = found {
            lower = lower.max(old.lower);
            upper = upper.min(old.upper);
        }
        let bounds = Bounds {
            lower,
            upper,
            best: best_move,
        };
        // Same position: update it; else replace the bucket's cheapest.
        self.sh
            .table
            .write(loc, found.map(|(slot, _)| slot), bounds, left as u8);
        best
    }

    /// The root's future value and, when `best`, the moves that reach it.
    fn root(&mut self, root: Pits, guess: Option<i32>, best: bool) -> (i32, Vec<usize>) {
        let m = self.sh.m;
        // A bound the table holds from an earlier search (a parent's, or
        // this position's own stopped at a deadline) is where the value is
        // likeliest to be: the nearest fail-soft bound to it.
        let left = byte_sum(root) as i32;
        let held = (left >= TABLE_FROM)
            .then(|| {
                let loc = self.sh.table.locate::<M>(root, self.sh.m);
                self.sh.table.read(loc)
            })
            .flatten()
            .and_then(|(_, e)| {
                if e.lower > -left {
                    Some(e.lower)
                } else {
                    (e.upper < left).then_some(e.upper)
                }
            });
        let future = self.exact(root, held.or(guess).unwrap_or(0));
        // Every move whose value reaches the position's value is best.
        let mut best_moves = Vec::new();
        if !best {
            return (future, best_moves);
        }
        for i in 0..m {
            let Some(child) = self.sh.sower.child(root, i) else {
                continue;
            };
            let (gain, q) = (child.gain, child.pits);
            // No move can beat the value, so one null-window test per move
            // tells whether it reaches it.
            if self.stopped {
                break;
            }
            let reaches = match child.kind {
                Kind::Over => gain >= future,
                Kind::Again => gain + self.value(q, future - gain - 1, future - gain) >= future,
                Kind::Other => gain - self.value(q, gain - future, gain - future + 1) >= future,
            };
            if reaches && !self.stopped {
                best_moves.push(i);
            }
        }
        (future, best_moves)
    }

    /// MTD(f): the exact future value of `p`.
    fn exact(&mut self, p: Pits, guess: i32) -> i32 {
        let left = byte_sum(p) as i32;
        let (mut lower, mut upper) = (-left, left);
        let mut g = guess.clamp(lower, upper);
        // Falling passes in a row take longer strides (1, 2, 4, ... values
        // below the bound just found), so a value far below the guess is
        // reached in a few passes; a rising pass, and the pass after a turn,
        // step by one. A pass that fails low must show every move of the
        // mover below beta, and one above the value costs as much as the
        // pass that proves the value: rising in strides overshot. Every
        // move's value of Kalah(6,4)'s opening with the 22-seed table took
        // a fifth fewer nodes with single steps up, and twelve positions
        // 2 to 7 plies in 4 to 7 % fewer (docs/notes/kalah-tables.md).
        let (mut stride, mut rising) = (1i32, None::<bool>);
        loop {
            self.sh.set_bounds((lower, upper));
            self.report();
            if lower >= upper {
                break;
            }
            // A future value has the parity of the seeds left (they all end
            // in the stores), so a stride steps two at a time.
            let beta = match rising {
                Some(true) => lower.saturating_add(2 * stride - 1).min(upper),
                Some(false) => upper.saturating_sub(2 * stride - 2).max(lower + 1),
                None if g == lower => g + 1,
                None => g,
            };
            // Each pass starts only within the time and unstopped: one
            // started past it would run until its first check, thousands
            // of nodes on (for each move of a `moves` request whose time is
            // out). (A position the endgame table holds is looked up at
            // once.)
            if left > self.sh.db_seeds
                && (self.sh.abort.load(Ordering::Relaxed)
                    || self
                        .sh
                        .deadline
                        .is_some_and(|d| std::time::Instant::now() >= d)
                    || (self.sh.stop)())
            {
                self.stopped = true;
                self.sh.abort.store(true, Ordering::Relaxed);
                return g;
            }
            let before = self.nodes;
            g = self.value(p, beta - 1, beta);
            if self.stopped {
                return g;
            }
            if std::env::var_os("KALAH_TRACE").is_some() {
                eprintln!("pass beta {beta}: g {g}, nodes {}", self.nodes - before);
            }
            let up = g >= beta;
            if up {
                lower = g;
            } else {
                upper = g;
            }
            stride = if rising == Some(up) && !up {
                stride.saturating_mul(2).min(64)
            } else {
                1
            };
            rising = Some(up);
        }
        g
    }
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
    fn any_guess_gives_the_same_value_and_best_moves() {
        // Also with the value alone asked for (`value_near`).
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            let p = Position::kalah(4, 3, rule).unwrap();
            let options = Options {
                endgame_seeds: Some(0),
                table_bits: 16,
                threads: 1,
            };
            let want = solve(&p, &options).unwrap();
            for guess in [-40, -9, -1, 0, 3, 7, 8, 9, 40] {
                // A new table (the guess decides the passes) and a used one
                // (the table's bound decides them).
                let mut fresh = Solver::new(&p, &options).unwrap();
                let mut used = Solver::new(&p, &options).unwrap();
                used.solve(&p).unwrap();
                for s in [&mut fresh, &mut used] {
                    match s.solve_near(&p, Some(guess), None, &|| false, &|_| {}) {
                        Ok(Answer::Solved(x)) => {
                            assert_eq!((x.value, &x.best_moves), (want.value, &want.best_moves));
                        }
                        other => panic!("{other:?}"),
                    }
                    // The value alone: the same value, no best move named.
                    match s.value_near(&p, Some(guess), None, &|| false, &|_| {}) {
                        Ok(Answer::Solved(x)) => {
                            assert_eq!((x.value, x.best_moves.len()), (want.value, 0));
                        }
                        other => panic!("{other:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn progress_narrows_to_the_value() {
        let p = Position::new(&[3, 0, 2, 4, 1, 3, 2, 0, 3, 2], 0, CaptureRule::Empty).unwrap();
        let seen = std::sync::Mutex::new(Vec::new());
        let options = Options {
            endgame_seeds: Some(0),
            ..Options::default()
        };
        let s = Solver::new(&p, &options)
            .unwrap()
            .solve_with_progress(&p, &|x| seen.lock().unwrap().push(*x))
            .unwrap();
        let seen = seen.into_inner().unwrap();
        assert!(seen.len() >= 2, "{seen:?}");
        // Stores 1 and 2, 17 seeds in the pits: the value starts in
        // -1 - 17 ..= -1 + 17 and each report knows at least as much.
        assert_eq!((seen[0].lower, seen[0].upper), (-18, 16));
        for w in seen.windows(2) {
            assert!(
                w[0].lower <= w[1].lower && w[1].upper <= w[0].upper,
                "{w:?}"
            );
            assert!(w[0].nodes <= w[1].nodes);
        }
        let last = seen.last().unwrap();
        assert_eq!((last.lower, last.upper), (s.value, s.value));
        assert!(last.nodes <= s.nodes);
    }

    #[test]
    fn solver_matches_plain_minimax_on_small_boards() {
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            for (m, n) in [(1, 1), (2, 2), (3, 1), (3, 2), (2, 4), (3, 3)] {
                let p = Position::kalah(m, n, rule).unwrap();
                let (want, best) = minimax_best(&p);
                // No endgame table, one that holds the whole game, one
                // that holds part of it.
                for endgame_seeds in [Some(0), None, Some(3)] {
                    let options = Options {
                        table_bits: 12,
                        endgame_seeds,
                        threads: 1,
                    };
                    let s = solve(&p, &options).unwrap();
                    assert_eq!(s.value, want, "Kalah({m},{n}) {rule:?}");
                    assert_eq!(s.best_moves, best, "Kalah({m},{n}) {rule:?}");
                }
            }
        }
    }

    /// The moves of `p` whose minimax value is `p`'s.
    fn minimax_best(p: &Position) -> (i32, Vec<usize>) {
        let want = minimax(p);
        let best = p
            .legal_moves()
            .into_iter()
            .filter(|&i| {
                let mut q = p.clone();
                q.play(i).unwrap();
                let v = minimax(&q);
                (if q.to_move() == p.to_move() { v } else { -v }) == want
            })
            .collect();
        (want, best)
    }

    #[test]
    fn values_and_best_moves_match_minimax_on_random_positions() {
        // Random positions of 3 and 4 pits a side, up to 11 seeds in the
        // pits and up to 6 in each store, either side to move, both rules:
        // values of either sign, moves that end the game, ties for best,
        // so that every way the root's moves are settled is taken (its best
        // moves by one null window each at the value).
        let mut next = crate::position::test_rng(0x9E37_79B9_7F4A_7C15);
        let (mut negative, mut ties, mut over) = (0, 0, 0);
        for case in 0..160 {
            let m = 3 + (case % 2);
            let rule = if case % 4 < 2 {
                CaptureRule::Handout
            } else {
                CaptureRule::Empty
            };
            let mut board = vec![0i64; 2 * m + 2];
            for _ in 0..1 + next(11) {
                let mut slot = next(2 * m as u64) as usize;
                if slot >= m {
                    slot += 1;
                }
                board[slot] += 1;
            }
            board[m] = next(7) as i64;
            board[2 * m + 1] = next(7) as i64;
            let Ok(p) = Position::new(&board, (case / 4) % 2, rule) else {
                continue;
            };
            if p.is_over() {
                continue;
            }
            let (want, best) = minimax_best(&p);
            let stores = p.stores();
            let banked = stores[p.to_move()] as i32 - stores[1 - p.to_move()] as i32;
            negative += usize::from(want < banked);
            ties += usize::from(best.len() > 1);
            over += usize::from(p.legal_moves().into_iter().any(|i| {
                let mut q = p.clone();
                q.play(i).unwrap();
                q.is_over()
            }));
            for endgame_seeds in [Some(0), Some(4)] {
                let one = solve(
                    &p,
                    &Options {
                        table_bits: 12,
                        endgame_seeds,
                        threads: 1,
                    },
                )
                .unwrap();
                assert_eq!((one.value, &one.best_moves), (want, &best), "{board:?}");
                let two = splitting(&p, 2, endgame_seeds).solve(&p).unwrap();
                assert_eq!((two.value, &two.best_moves), (want, &best), "{board:?}");
            }
            // The value alone, first on a fresh solver (no bound of an
            // earlier search to start from): the value, no best move
            // named. Then each move's position for its value alone and
            // again in full on the same solver, as `kalah moves` and the
            // request after it search them: what the value-only searches
            // left in the table changes no value and no best move.
            let options = Options {
                table_bits: 12,
                endgame_seeds: Some(0),
                threads: 1,
            };
            let mut solver = Solver::new(&p, &options).unwrap();
            match solver.value_near(&p, None, None, &|| false, &|_| {}) {
                Ok(Answer::Solved(x)) => {
                    assert_eq!((x.value, x.best_moves.len()), (want, 0), "{board:?}");
                }
                other => panic!("{board:?}: {other:?}"),
            }
            for i in p.legal_moves() {
                let mut q = p.clone();
                q.play(i).unwrap();
                let (v, b) = minimax_best(&q);
                match solver.value_near(&q, None, None, &|| false, &|_| {}) {
                    Ok(Answer::Solved(x)) => assert_eq!(x.value, v, "{board:?} pit {i}"),
                    other => panic!("{board:?} pit {i}: {other:?}"),
                }
                let full = solver.solve(&q).unwrap();
                assert_eq!((full.value, &full.best_moves), (v, &b), "{board:?} pit {i}");
            }
        }
        // The cases the positions were drawn to cover.
        assert!(
            negative > 10 && ties > 10 && over > 10,
            "{negative} {ties} {over}"
        );
    }

    /// A position of 6 pits a side with 14 to 13 + `span` seeds in the
    /// pits and up to 4 in each store, drawn by `next`: the handout's rule for
    /// even cases, empty capture for odd ones, player 0 or 1 to move in
    /// turn every two cases.
    fn random_position(
        next: &mut impl FnMut(u64) -> u64,
        case: usize,
        span: u64,
    ) -> (Vec<i64>, Position) {
        let rule = if case.is_multiple_of(2) {
            CaptureRule::Handout
        } else {
            CaptureRule::Empty
        };
        let seeds = 14 + next(span);
        let mut board = vec![0i64; 14];
        for _ in 0..seeds {
            let mut slot = next(12) as usize;
            if slot >= 6 {
                slot += 1;
            }
            board[slot] += 1;
        }
        board[6] = next(5) as i64;
        board[13] = next(5) as i64;
        let p = Position::new(&board, (case / 2) % 2, rule).unwrap();
        (board, p)
    }

    #[test]
    fn endgame_tables_do_not_change_values_or_best_moves() {
        // Positions of 6 pits a side with 14 to 22 seeds, drawn by a fixed
        // generator, under both rules.
        let mut next = crate::position::test_rng(0x2545_F491_4F6C_DD1D);
        let tables: Vec<_> = [CaptureRule::Handout, CaptureRule::Empty]
            .into_iter()
            .map(|rule| Endgame::build(6, 10, rule).unwrap())
            .collect();
        for case in 0..24 {
            let (board, p) = random_position(&mut next, case, 9);
            let plain = solve(
                &p,
                &Options {
                    table_bits: 16,
                    endgame_seeds: Some(0),
                    threads: 1,
                },
            )
            .unwrap();
            let auto = solve(
                &p,
                &Options {
                    table_bits: 16,
                    endgame_seeds: None,
                    threads: 1,
                },
            )
            .unwrap();
            let db = tables[case % 2].clone();
            let mut with = Solver::with_endgame(
                db,
                &Options {
                    table_bits: 16,
                    endgame_seeds: None,
                    threads: 1,
                },
            )
            .unwrap();
            let given = with.solve(&p).unwrap();
            assert_eq!(
                (auto.value, &auto.best_moves),
                (plain.value, &plain.best_moves),
                "{board:?}"
            );
            assert_eq!(
                (given.value, &given.best_moves),
                (plain.value, &plain.best_moves),
                "{board:?}"
            );
            assert!(auto.endgame_seeds > 0 && given.endgame_seeds == 10);
            assert!(given.nodes < plain.nodes, "{board:?}");
        }
    }

    /// A solver that splits at every node whose first move does not cut,
    /// on `threads` threads.
    fn splitting(p: &Position, threads: usize, endgame_seeds: Option<usize>) -> Solver {
        let mut solver = Solver::new(
            p,
            &Options {
                table_bits: 14,
                endgame_seeds,
                threads,
            },
        )
        .unwrap();
        solver.split_from = 0;
        solver
    }

    #[test]
    fn threads_change_neither_values_nor_best_moves() {
        // Splitting everywhere, on 2 and 3 threads, against one thread:
        // random positions of 6 pits with 14 to 30 seeds, both rules, with
        // and without an endgame table.
        let mut next = crate::position::test_rng(0x9E37_79B9_7F4A_7C15);
        for case in 0..16 {
            let (board, p) = random_position(&mut next, case, 17);
            let endgame = if case % 4 < 2 { Some(0) } else { Some(8) };
            let one = Solver::new(
                &p,
                &Options {
                    table_bits: 14,
                    endgame_seeds: endgame,
                    threads: 1,
                },
            )
            .unwrap()
            .solve(&p)
            .unwrap();
            for threads in [2, 3] {
                let many = splitting(&p, threads, endgame).solve(&p).unwrap();
                assert_eq!(
                    (many.value, &many.best_moves),
                    (one.value, &one.best_moves),
                    "{board:?} on {threads} threads"
                );
                assert!(many.nodes > 0);
            }
        }
    }

    #[test]
    fn the_six_pit_search_is_the_general_search() {
        // The search compiled for 6 pits and the general one, on random
        // positions of 6 pits with 14 to 26 seeds, both rules, with and
        // without an endgame table (built by the 6-pit build): the same
        // value, best moves and nodes, node for node.
        let mut next = crate::position::test_rng(0x0DDB_1A5E_5BAD_5EED);
        for case in 0..12 {
            let (board, p) = random_position(&mut next, case, 13);
            let options = Options {
                table_bits: 14,
                endgame_seeds: Some(if case % 4 < 2 { 0 } else { 8 }),
                threads: 1,
            };
            let six = Solver::new(&p, &options).unwrap().solve(&p).unwrap();
            let mut general = Solver::new(&p, &options).unwrap();
            general.specialised = false;
            let general = general.solve(&p).unwrap();
            assert_eq!(six, general, "{board:?}");
        }
    }

    #[test]
    fn the_wide_table_finds_what_the_compact_one_finds() {
        // The two layouts of the transposition table, on one thread and
        // splitting everywhere on two (the wide entries' versions), on
        // random positions of 6 pits with 14 to 26 seeds, both rules: the
        // same values and best moves.
        let mut next = crate::position::test_rng(0x5DEE_CE66_D1CE_4E5B);
        for case in 0..12 {
            let (board, p) = random_position(&mut next, case, 13);
            let endgame = Some(if case % 4 < 2 { 0 } else { 8 });
            let compact = splitting(&p, 1, endgame).solve(&p).unwrap();
            for threads in [1, 2] {
                let mut wide = splitting(&p, threads, endgame);
                wide.compact = false;
                let got = wide.solve(&p).unwrap();
                assert_eq!(wide.layout, Some(Layout::Wide));
                assert_eq!(
                    (got.value, &got.best_moves),
                    (compact.value, &compact.best_moves),
                    "{board:?} on {threads} threads"
                );
            }
        }
    }

    #[test]
    fn the_table_grows_its_code_for_a_larger_position() {
        // One solver for a series of positions (as `--solve --jsonl`): a
        // position with more seeds than the code counts gets a new code
        // and an empty table, one with fewer keeps them; every answer is a
        // fresh solver's.
        let mut next = crate::position::test_rng(0x1234_5678_9ABC_DEF1);
        let (_, small) = random_position(&mut next, 1, 1);
        let (_, large) = random_position(&mut next, 3, 13);
        let seeds = |p: &Position| p.oriented().iter().sum::<u32>();
        let (s, l) = (seeds(&small), seeds(&large));
        assert!(s < l, "{s} {l}");
        let options = Options {
            table_bits: 14,
            endgame_seeds: Some(0),
            threads: 1,
        };
        let mut solver = Solver::new(&small, &options).unwrap();
        for (p, seeds) in [(&small, s), (&large, l), (&small, l)] {
            let got = solver.solve(p).unwrap();
            let fresh = solve(p, &options).unwrap();
            assert_eq!(
                (got.value, &got.best_moves),
                (fresh.value, &fresh.best_moves)
            );
            assert!(
                matches!(solver.layout, Some(Layout::Compact { seeds: held, .. }) if held == seeds),
                "{:?}",
                solver.layout
            );
        }
    }

    #[test]
    fn a_parallel_search_stops_at_its_deadline_with_sound_bounds() {
        // Kalah(6,4) takes seconds: a deadline 20 ms away stops every
        // thread, and the bounds reached hold the value (+10 under empty
        // capture, docs/mancala.md).
        let p = Position::kalah(6, 4, CaptureRule::Empty).unwrap();
        let mut solver = splitting(&p, 2, Some(8));
        let deadline = std::time::Instant::now() + std::time::Duration::from_millis(20);
        let start = std::time::Instant::now();
        match solver.solve_until(&p, Some(deadline), &|_| {}).unwrap() {
            Answer::Unfinished { lower, upper, .. } => {
                assert!(lower <= 10 && 10 <= upper, "{lower} ..= {upper}");
            }
            Answer::Solved(s) => panic!("solved in 20 ms: {s:?}"),
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        // And a game small enough is solved, splitting at every node.
        let small = Position::kalah(4, 3, CaptureRule::Empty).unwrap();
        let s = splitting(&small, 2, None).solve(&small).unwrap();
        assert_eq!((s.value, s.best_moves), (8, vec![1]));
    }

    #[test]
    fn a_search_stops_when_its_stop_hook_says_so() {
        // No deadline: only the hook, raised after 50 ms, stops a search
        // of seconds, on one thread and on two, with sound bounds.
        // The value alone (`value_near`) stops the same way, its guess a
        // legal move.
        let p = Position::kalah(6, 4, CaptureRule::Empty).unwrap();
        for (threads, alone) in [(1, false), (2, false), (1, true), (2, true)] {
            let mut solver = splitting(&p, threads, Some(8));
            let start = std::time::Instant::now();
            let stop = || start.elapsed() > std::time::Duration::from_millis(50);
            let answer = if alone {
                solver.value_near(&p, None, None, &stop, &|_| {})
            } else {
                solver.solve_until_stopped(&p, None, &stop, &|_| {})
            };
            match answer.unwrap() {
                Answer::Unfinished {
                    lower,
                    upper,
                    best_guess,
                    ..
                } => {
                    assert!(lower <= 10 && 10 <= upper, "{lower} ..= {upper}");
                    assert!(p.legal_moves().contains(&best_guess), "{best_guess}");
                }
                Answer::Solved(s) => panic!("solved in 50 ms: {s:?}"),
            }
            assert!(start.elapsed() < std::time::Duration::from_secs(5));
        }
        // A hook raised before the search starts no pass: not a node.
        let mut solver = splitting(&p, 1, Some(8));
        match solver
            .solve_until_stopped(&p, None, &|| true, &|_| {})
            .unwrap()
        {
            Answer::Unfinished { nodes, .. } => assert_eq!(nodes, 0),
            Answer::Solved(s) => panic!("solved, stopped: {s:?}"),
        }
    }

    #[test]
    fn a_lent_pool_runs_the_search() {
        // The stop hook is asked on the threads that search: on the lent
        // pool's while it is lent, on the solver's own after.
        let p = Position::kalah(6, 4, CaptureRule::Empty).unwrap();
        let lent = std::sync::Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(2)
                .thread_name(|i| format!("lent-{i}"))
                .build()
                .unwrap(),
        );
        let mut solver = splitting(&p, 2, Some(8));
        let names = |solver: &mut Solver| {
            let seen = std::sync::Mutex::new(std::collections::BTreeSet::new());
            let start = std::time::Instant::now();
            let stop = || {
                let name = std::thread::current().name().unwrap_or("").to_string();
                seen.lock().unwrap().insert(name);
                start.elapsed() > std::time::Duration::from_millis(100)
            };
            solver
                .solve_until_stopped(&p, None, &stop, &|_| {})
                .unwrap();
            seen.into_inner().unwrap()
        };
        solver.search_on(Some(std::sync::Arc::clone(&lent)));
        let on_lent = names(&mut solver);
        assert!(!on_lent.is_empty());
        assert!(
            on_lent.iter().all(|n| n.starts_with("lent-")),
            "{on_lent:?}"
        );
        solver.search_on(None);
        let own = names(&mut solver);
        assert!(!own.is_empty());
        assert!(own.iter().all(|n| !n.starts_with("lent-")), "{own:?}");
    }
}
