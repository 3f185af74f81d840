//! Kalah's solvers kept from one request to the next: a server's
//! [`KalahCache`], shared by its requests through the [`Context`].
//!
//! A solver holds an endgame table (built once for each board size and
//! capture rule, in memory) and a transposition table; kept, the table
//! still holds what earlier searches proved, so the next position of the
//! same game is answered from it. The cache plans its solvers' memory
//! before it makes one ([`solver::planned_bytes`]) and keeps the total
//! within its limit, dropping the solver used least recently that no
//! request holds; a board whose solver would not fit is solved as without
//! a cache. A solver whose endgame table would take more than half a
//! request's time to build (seconds for Kalah(6,4)) is built on a thread
//! of its own, and until it is made requests for its board solve without
//! the cache, within their time. Each solver is behind its own lock:
//! requests for one board size take turns on it (their searches share its
//! table). A request waits for it while another's search runs, but not
//! past its own budget: then it answers with each move's bounds from the
//! seeds left in the pits. The every-move values of positions solved whole
//! are kept too (at most [`MAX_SOLVED`]), and given again at once.
//!
//! A background preparer ([`KalahCache::run_preparer`]) solves the
//! positions queued for it ([`KalahCache::prepare`]: a server's openings,
//! and the positions a game reaches next from a position just solved)
//! while no request is at work: it stops within milliseconds whenever a
//! request comes ([`KalahCache::busy`]), what it proved so far kept in the
//! table, and goes on once the server is idle again.
//!
//! ```
//! use std::sync::Arc;
//! use games_app::{Context, KalahCache, Verb, kalah};
//!
//! let cache = Arc::new(KalahCache::new(64 << 20, 1));
//! let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
//! let moves = kalah::Moves { pits: Some(4), seeds: Some(3), table_bits: 16, ..Default::default() };
//! let first = moves.run(&ctx).unwrap();
//! assert!(first.solved);
//! // The same position again: from the cache, no node searched.
//! let again = moves.run(&ctx).unwrap();
//! assert_eq!((again.moves, again.nodes), (first.moves, 0));
//! assert_eq!(cache.solvers(), 1);
//! assert!(cache.planned() <= cache.limit());
//! ```

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

use mancala::endgame::Endgame;
use mancala::{CaptureRule, Position, endgame, solver};

use crate::context::{AppError, Cancel, Context};
use crate::kalah::{
    MoveValue, bounds_only, check_solvable, proven_best, table_build_seconds, table_touch_seconds,
    values_upto,
};

/// The memory a server's cache plans for its solvers: 1 GiB, two
/// Kalah(6,4) solvers (one for each capture rule: a 2^24-entry
/// transposition table of 128 MiB and the 18-seed endgame table, 123 M
/// positions of a byte, with its build's work), or one Kalah(6,6)'s.
pub const SERVER_BYTES: u64 = 1 << 30;

/// The memory a server with a cache folder plans for its solvers: 4 GiB,
/// room for the larger endgame table of Kalah(6,4) under each capture
/// rule (see [`TABLE_POSITIONS`]; 1.51 GB each with its transposition
/// table) while the second rule's first stage is still held (0.76 GB,
/// until its last stage replaces it) and both rules' solvers with the
/// 18-seed table (0.25 GB each): 4.27 GB. With 3.5 GiB the second rule's
/// last stage never had room, and stayed at 22 seeds.
pub const SERVER_TABLE_BYTES: u64 = 1 << 32;

/// The larger endgame table a cache with a folder
/// ([`KalahCache::with_tables`]) builds for a board it prepares: the most
/// seeds whose table has at most this many positions, 1.3 * 10^9 (for 6
/// pits a side, every position of at most 24 seeds: 1.25 * 10^9 bytes in
/// memory and on disk, about 30 s to build on two cores). With it every
/// move of Kalah(6,4)'s opening is exact in 6 to 8 s on two cores, against
/// 28 to 58 s with the 18-seed table a solver builds by itself
/// (docs/benchmarks.md, "Kalah move values").
pub const TABLE_POSITIONS: u64 = 1_300_000_000;

/// The first of a larger table's two stages, made when no file of the
/// larger table is there (a server's first start): the most seeds whose
/// table has at most this many positions, 6 * 10^8 (for 6 pits a side, 22
/// seeds: 0.55 * 10^9 positions, 8 to 15 s to build on two cores, as the
/// host's speed varies). Built and used first, as its build and search
/// together take the least time for Kalah(6,4)'s opening: 14.4 s in one
/// sitting, against 15.0 s with 21 seeds and 16.5 s with 23
/// (docs/notes/kalah-tables.md); the larger table is then built when the
/// preparer has nothing else to do, and replaces it.
pub const FIRST_TABLE_POSITIONS: u64 = 600_000_000;

/// What [`KalahCache::make_table_for`] passes on to each table it tries.
#[derive(Clone, Copy)]
struct Plan<'a> {
    tables: &'a Tables,
    cancel: &'a Cancel,
    /// Asked for by a waiting request: not stopped for another board.
    asked: bool,
    /// A build for no request: a last stage, made when nothing else is
    /// to do, on the preparer's threads at the lowest priority. A first
    /// stage is what a first request for its board waits on.
    idle: bool,
}

/// Which of a board's larger tables [`KalahCache::make_table`] may make.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Only those read from their files.
    Read,
    /// A file's, else the first stage built.
    First,
    /// A file's, else the next stage built.
    All,
}

/// Writes an endgame table to a file whole (a temporary file renamed over
/// it), or says why it could not: the cache's one write, given by its
/// owner (a server), as this layer does no output of its own.
pub type SaveTable = Arc<dyn Fn(&std::path::Path, &Endgame) -> Result<(), String> + Send + Sync>;

/// Where a cache keeps its larger endgame tables.
struct Tables {
    dir: std::path::PathBuf,
    save: SaveTable,
}

/// A save's key (and its table's planned bytes) in the list of saves
/// under way, taken out when dropped.
struct Listed(Arc<Mutex<Vec<(Key, u64)>>>, Key);

impl Drop for Listed {
    fn drop(&mut self) {
        let mut keys = lock(&self.0);
        if let Some(i) = keys.iter().position(|k| k.0 == self.1) {
            keys.remove(i);
        }
    }
}

/// What a save takes over when it runs (see [`KalahCache::save_later`]):
/// the save before it, to wait for, and its own key's listing, held until
/// it is done.
struct Handoff {
    before: Option<std::thread::JoinHandle<()>>,
    listed: Option<Listed>,
}

/// Run `save` once the save before it is done, its key listed meanwhile.
fn save_after(handoff: &Mutex<Handoff>, save: impl FnOnce()) {
    let (before, _listed) = {
        let mut h = lock(handoff);
        (h.before.take(), h.listed.take())
    };
    if let Some(h) = before {
        let _ = h.join();
    }
    save();
}

/// A larger table's save, as [`KalahCache::save_later`] runs it.
#[derive(Clone)]
struct SaveJob {
    save: SaveTable,
    file: std::path::PathBuf,
    /// Shares the solver's table (a clone does not copy it).
    table: Endgame,
    unread: Arc<Mutex<Vec<std::path::PathBuf>>>,
    /// The first stage's file, deleted once the last stage's is saved.
    first: Option<std::path::PathBuf>,
}

impl SaveJob {
    fn run(&self) {
        if (self.save)(&self.file, &self.table).is_ok() {
            lock(&self.unread).retain(|f| *f != self.file);
            if let Some(old) = &self.first {
                remove_if_there(old);
            }
        }
    }
}

/// Delete `file`; one already gone is no error.
fn remove_if_there(file: &std::path::Path) {
    let _ = std::fs::remove_file(file);
}

/// Give the calling thread the lowest priority (nice 19) where the system
/// allows it, so that it runs when a core is free of the searches; on
/// Linux a thread's priority is its own. Elsewhere, or when refused, it
/// runs as before.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    {
        let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 19);
    }
}

/// A pool of `threads` threads named `name-N`, each at the lowest
/// priority ([`lowest_priority`], which each sets for itself as it
/// starts); `None` when the machine refuses them.
fn low_pool(threads: usize, name: &'static str) -> Option<Arc<rayon::ThreadPool>> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("{name}-{i}"))
        .start_handler(|_| lowest_priority())
        .build()
        .ok()
        .map(Arc::new)
}

/// Positions whose every-move values the cache keeps: 16,384 (a few
/// hundred bytes each).
pub const MAX_SOLVED: usize = 1 << 14;

/// Positions waiting for the preparer at most: 64.
pub const MAX_QUEUED: usize = 64;

/// How deep the preparer looks past a position a request solved: its
/// moves' positions (and the solver's replies there), then the position
/// after the reply, or the best reply's (see [`Item`]).
const PONDER_DEPTH: u8 = 2;

/// How long a request waits for the preparer to take up the larger table
/// it asks for (see [`KalahCache::move_values`]): half a second.
const TAKE_UP: Duration = Duration::from_millis(500);

/// The longest the preparer works on one position: 5 minutes. Kalah(6,4)'s
/// take seconds each with the larger table; a position that takes longer
/// is past what the page waits for anyway (its `think` is at most 10 s).
pub const PREPARE_LIMIT: Duration = Duration::from_secs(300);

/// How long the preparer goes on with its queued positions after the
/// last request: 15 minutes. Past it the queue is dropped (a later
/// request queues its own again), so that a server left running stops
/// searching, rather than working through 64 positions of a hard board
/// for hours. The tables still missing are built all the same: each once.
pub const PREPARE_IDLE: Duration = Duration::from_secs(900);

/// The preparer's searches run this long before it checks whether every
/// value is exact and searches again those that are not.
const PREPARE_STEP: Duration = Duration::from_secs(60);

/// Whether `a` and `b` are positions of one board (pits, rule and every
/// seed, the stores' too): one solver serves both.
fn same_board(a: &Position, b: &Position) -> bool {
    a.pits() == b.pits()
        && a.rule() == b.rule()
        && a.board().iter().sum::<u32>() == b.board().iter().sum::<u32>()
}

/// The seeds in `p`'s pits, the stores' left out.
fn seeds_in_pits(p: &Position) -> usize {
    let m = p.pits();
    p.board()
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != m && i != 2 * m + 1)
        .map(|(_, &x)| x as usize)
        .sum()
}

/// Whether `(b, bits)`, a board and its table bits, is `p`'s with
/// `table_bits`: one solver serves both.
fn one_board((b, bits): &(Position, u32), p: &Position, table_bits: u32) -> bool {
    same_board(b, p) && *bits == table_bits
}

/// Make room for `bytes` more within `limit` by dropping idle solvers
/// (no request holds them) with the smaller tables, the least recently
/// used first (never another larger table's): whether there is room now.
/// None is dropped when that would still leave too little room.
fn room_for(s: &mut Slots, bytes: u64, limit: u64) -> bool {
    let total: u64 = s.slots.iter().map(|x| x.bytes).sum();
    let mut idle: Vec<usize> = (0..s.slots.len())
        .filter(|&i| Arc::strong_count(&s.slots[i].solver) == 1 && !s.slots[i].larger)
        .collect();
    idle.sort_by_key(|&i| s.slots[i].used);
    let (mut left, mut dropped) = (total, 0);
    for &i in &idle {
        if left + bytes <= limit {
            break;
        }
        left -= s.slots[i].bytes;
        dropped += 1;
    }
    if left + bytes > limit {
        return false;
    }
    let mut gone = idle[..dropped].to_vec();
    gone.sort_unstable_by(|a, b| b.cmp(a));
    for i in gone {
        s.slots.remove(i);
    }
    true
}

/// Which solver serves a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    pits: usize,
    rule: CaptureRule,
    /// Every seed on the board, the stores' too (constant through a game):
    /// the solver's table is laid out for it.
    seeds: u32,
    endgame_seeds: usize,
    table_bits: u32,
}

/// A solver slot as [`KalahCache::slot`] hands it out.
struct SlotRef {
    solver: Arc<Mutex<Option<solver::Solver>>>,
    /// Raised while a thread of its own builds the solver.
    building: Arc<AtomicBool>,
    options: solver::Options,
    /// Its endgame table is the larger one the preparer made.
    larger: bool,
}

/// A solver (made by the first request that needs it) and what it plans.
struct Slot {
    key: Key,
    /// Its endgame table is a larger one the preparer made: no request
    /// drops it to make room.
    larger: bool,
    bytes: u64,
    solver: Arc<Mutex<Option<solver::Solver>>>,
    building: Arc<AtomicBool>,
    used: u64,
}

/// The solvers, and a clock for which was used last.
#[derive(Default)]
struct Slots {
    slots: Vec<Slot>,
    clock: u64,
}

/// Every-move values of positions solved whole, the oldest dropped first.
#[derive(Default)]
struct Solved {
    values: HashMap<Position, Vec<MoveValue>>,
    order: VecDeque<Position>,
}

/// What the preparer works out of a queued position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prep {
    /// Every move's exact value.
    Every,
    /// The reply the solver plays there: the position's value and best
    /// moves (one search of the root), then the position where the other
    /// side moves again, whose every move's value is worked out next.
    Reply,
}

/// A queued position: the position, its depth (0: asked for itself, as a
/// server's openings are; 1: a move past a request, and so the solver's
/// replies there; 2: the position after them, or the best reply's
/// position past one of depth 1; none deeper, [`PONDER_DEPTH`]), its
/// solver's table bits and what to work out.
type Item = (Position, u8, u32, Prep);

/// Positions for the preparer.
#[derive(Default)]
struct Queue {
    positions: VecDeque<Item>,
}

/// Kalah's solvers and solved positions, kept across requests (see the
/// module docs).
pub struct KalahCache {
    limit: u64,
    threads: usize,
    slots: Mutex<Slots>,
    solved: Mutex<Solved>,
    busy: AtomicUsize,
    queue: Mutex<Queue>,
    wake: Condvar,
    /// Positions solved whole since the cache was made (see
    /// [`KalahCache::kept`]).
    kept: AtomicU64,
    /// Requests whose next positions replaced those queued (the game
    /// moved on): a position past an earlier request is then dropped.
    moved: AtomicU64,
    /// The folder of larger endgame tables, if any.
    tables: Option<Tables>,
    /// A position of each board given to [`KalahCache::prepare`], with
    /// its table bits: the boards the larger tables are made for.
    boards: Mutex<Vec<(Position, u32)>>,
    /// Table files that could not be read as their table: read again only
    /// to be built and replaced.
    unread: Arc<Mutex<Vec<std::path::PathBuf>>>,
    /// The tables whose saves are under way or waiting their turn (see
    /// [`KalahCache::save_later`]).
    saving_keys: Arc<Mutex<Vec<(Key, u64)>>>,
    /// The thread saving the last larger table built, if one may still
    /// be at it (see [`KalahCache::save_later`]).
    saving: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// The larger tables built since the cache was made.
    built: Mutex<Vec<Key>>,
    /// When a request last came (or a position was given to
    /// [`KalahCache::prepare`]): see [`PREPARE_IDLE`].
    asked: Mutex<Instant>,
    /// The preparer's limits: on one position, and after the last request
    /// ([`PREPARE_LIMIT`], [`PREPARE_IDLE`]).
    prepare_limits: (Duration, Duration),
    /// The positions of a larger table's two stages (see
    /// [`FIRST_TABLE_POSITIONS`] and [`TABLE_POSITIONS`]).
    sizes: (u64, u64),
    /// A board a request waits on: the preparer makes its larger table
    /// first, and stops other work for it.
    wanted: Mutex<Option<(Position, u32)>>,
    /// The board whose larger table the preparer builds now, until its
    /// solver is in its slot (not while it reads one: a read is not paused
    /// for requests, which search in the meantime), and how far the build
    /// has come (see
    /// [`KalahCache::table_progress`]).
    table_work: Mutex<Option<((Position, u32), TableProgress)>>,
    /// Whether a request for its board waited on the build in
    /// `table_work` (one the preparer started for no request, found under
    /// way): such a build is finished first, not stopped for another
    /// board's request. Set and cleared under `table_work`'s lock.
    waited_on: AtomicBool,
    /// The preparer's own threads, made at its first search or build (see
    /// [`KalahCache::background`]).
    background: std::sync::OnceLock<Option<Arc<rayon::ThreadPool>>>,
    /// The tables' saves' threads, as low (see [`KalahCache::save_later`]).
    savers: std::sync::OnceLock<Option<Arc<rayon::ThreadPool>>>,
    /// Raised while a thread of its own builds a solver for a request
    /// short of time: one such build at a time.
    aside: Arc<AtomicBool>,
}

/// How far the build of a board's larger endgame table has come: what a
/// request that waited for it and ran out of time is told (a server's
/// first start builds Kalah(6,4)'s for seconds before any value is
/// exact).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableProgress {
    /// The table holds every position with at most this many seeds in the
    /// pits.
    pub seeds: usize,
    /// Positions worked out so far...
    pub done: u64,
    /// ...of this many.
    pub positions: u64,
    /// The board whose table it is: its pits a side...
    pub pits: usize,
    /// ...the seeds in play (pits and stores)...
    pub seeds_in_play: u32,
    /// ...and whether it is played under the empty-capture rule.
    pub empty_capture: bool,
    /// Whether that is the asking request's board (with its transposition
    /// tables' size). When not, the preparer finishes that build first if
    /// a request waited on it before this one, or else stops it, and
    /// makes this board's next.
    pub this_board: bool,
}

/// The every-move values a cache holds, as a server saves them between
/// runs (`games-cli serve --cache`): each position with each legal pit's
/// exact value. Read back through [`KalahCache::load`], which checks each
/// position and value.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedValues {
    /// [`SAVED_FORMAT`]: a file of another format is not read.
    pub format: u32,
    /// The version of the solver that proved the values (this crate's):
    /// values another version proved are not read.
    pub version: String,
    /// The positions, oldest first.
    pub positions: Vec<SavedPosition>,
}

/// One position's every-move values in [`SavedValues`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedPosition {
    /// The position.
    pub position: Position,
    /// Each legal pit and its exact value (mover's store lead at the end
    /// under perfect play), in pit order.
    pub values: Vec<(usize, i32)>,
}

/// The format [`KalahCache::saved`] writes and [`KalahCache::load`] reads.
pub const SAVED_FORMAT: u32 = 1;

/// The version [`SavedValues`] names: this crate's.
const SOLVER_VERSION: &str = env!("CARGO_PKG_VERSION");

impl std::fmt::Debug for KalahCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KalahCache")
            .field("limit", &self.limit)
            .field("threads", &self.threads)
            .field("solvers", &self.solvers())
            .field("planned", &self.planned())
            .finish()
    }
}

/// A request at work (see [`KalahCache::busy`]): the preparer waits while
/// any is held.
pub struct Busy<'a>(&'a AtomicUsize);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A lock's guard even when another holder panicked: the solver inside is
/// then dropped, to be made again, as its tables may be half written.
fn relock<'a, T>(
    r: Result<MutexGuard<'a, Option<T>>, std::sync::PoisonError<MutexGuard<'a, Option<T>>>>,
) -> MutexGuard<'a, Option<T>> {
    r.unwrap_or_else(|poisoned| {
        let mut g = poisoned.into_inner();
        *g = None;
        g
    })
}

/// Rounds of the preparer that panic one after another before it ends.
const PREPARER_PANICS: u32 = 3;

/// The preparer's build of a larger table under way, marked in
/// `table_work` (requests for its board wait on it): unmarked once the
/// table's solver is in its slot, or the build ends without one, and when
/// it panics also counted as built, so that no
/// request waits on a build that is gone and the preparer does not start
/// it over and over.
struct BuildMark<'a> {
    cache: &'a KalahCache,
    key: Key,
}

impl Drop for BuildMark<'_> {
    fn drop(&mut self) {
        let mut work = lock(&self.cache.table_work);
        *work = None;
        self.cache.waited_on.store(false, Ordering::Relaxed);
        drop(work);
        if std::thread::panicking() {
            let mut built = lock(&self.cache.built);
            if !built.contains(&self.key) {
                built.push(self.key);
            }
        }
    }
}

/// A plain lock's guard, whatever a panicking holder left (the maps it
/// guards stay consistent: each change is one call).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl KalahCache {
    /// A cache planning at most `limit` bytes for its solvers, each
    /// searching on `threads` threads.
    pub fn new(limit: u64, threads: usize) -> KalahCache {
        KalahCache {
            limit,
            threads: threads.max(1),
            slots: Mutex::default(),
            solved: Mutex::default(),
            busy: AtomicUsize::new(0),
            queue: Mutex::default(),
            wake: Condvar::new(),
            kept: AtomicU64::new(0),
            moved: AtomicU64::new(0),
            tables: None,
            boards: Mutex::default(),
            unread: Arc::default(),
            saving: Mutex::default(),
            saving_keys: Arc::default(),
            built: Mutex::default(),
            sizes: (FIRST_TABLE_POSITIONS, TABLE_POSITIONS),
            wanted: Mutex::default(),
            table_work: Mutex::default(),
            waited_on: AtomicBool::new(false),
            background: std::sync::OnceLock::new(),
            savers: std::sync::OnceLock::new(),
            aside: Arc::default(),
            asked: Mutex::new(Instant::now()),
            prepare_limits: (PREPARE_LIMIT, PREPARE_IDLE),
        }
    }

    /// The cache whose preparer works at most `per_position` on one
    /// position and drops its queue `idle` after the last request (by
    /// default [`PREPARE_LIMIT`] and [`PREPARE_IDLE`]): for a test.
    pub fn with_prepare_limits(mut self, per_position: Duration, idle: Duration) -> KalahCache {
        self.prepare_limits = (per_position, idle);
        self
    }

    /// The cache with larger tables of at most `first` positions in their
    /// first stage and `last` in their second (by default
    /// [`FIRST_TABLE_POSITIONS`] and [`TABLE_POSITIONS`]): for a machine of
    /// less memory, or a test of the stages on a small board.
    pub fn with_table_positions(mut self, first: u64, last: u64) -> KalahCache {
        self.sizes = (first.min(last), last);
        self
    }

    /// The cache with a folder of larger endgame tables: before the
    /// preparer solves a position of a board given to
    /// [`KalahCache::prepare`] (a server's openings), it gives the board a
    /// solver with the larger table of
    /// [`TABLE_POSITIONS`], read from `dir` when a file of it is there and
    /// otherwise built (pausing whenever a request is at work) and written
    /// there with `save`. Requests use that solver once it is made. A
    /// table that would not fit the cache's limit or half the available
    /// memory is not made; one that cannot be saved is still used.
    pub fn with_tables(mut self, dir: std::path::PathBuf, save: SaveTable) -> KalahCache {
        self.tables = Some(Tables { dir, save });
        self
    }

    /// The file in `dir` of the larger endgame table for `pits` pits a side,
    /// `seeds` seeds and `rule`, e.g. `kalah-6-pits-24-seeds-empty.db`.
    pub fn table_file(
        dir: &std::path::Path,
        pits: usize,
        seeds: usize,
        rule: CaptureRule,
    ) -> std::path::PathBuf {
        let rule = match rule {
            CaptureRule::Handout => "handout",
            CaptureRule::Empty => "empty",
        };
        dir.join(format!("kalah-{pits}-pits-{seeds}-seeds-{rule}.db"))
    }

    /// The seeds of the larger endgame table for `p`'s board: the most
    /// whose table has at most [`TABLE_POSITIONS`] positions, up to every
    /// seed on the board; `None` when that is no more than the table a
    /// solver builds by itself.
    pub fn table_seeds(p: &Position) -> Option<usize> {
        KalahCache::table_seeds_within(p, TABLE_POSITIONS)
    }

    /// [`KalahCache::table_seeds`] for tables of at most `positions`.
    pub fn table_seeds_within(p: &Position, positions: u64) -> Option<usize> {
        let seeds = (p.board().iter().sum::<u32>() as usize).min(endgame::MAX_SEEDS);
        let auto = solver::auto_endgame_seeds(p.pits(), seeds);
        let k = (0..=seeds)
            .take_while(|&k| endgame::positions_for(p.pits(), k) <= positions)
            .last()?;
        (k > auto).then_some(k)
    }

    /// The seeds of the two stages of `p`'s board's larger table: the
    /// first's and the last's (the same when the first would hold every
    /// seed of the last or no more than a solver's own table).
    fn stages(&self, p: &Position) -> Option<(usize, usize)> {
        let last = KalahCache::table_seeds_within(p, self.sizes.1)?;
        let first = KalahCache::table_seeds_within(p, self.sizes.0).map_or(last, |k| k.min(last));
        Some((first, last))
    }

    /// The seeds of the larger table whose solver `p`'s board has, if any
    /// (the last stage's when it has both).
    fn larger_held(&self, s: &Slots, p: &Position, table_bits: u32) -> Option<usize> {
        let (first, last) = self.stages(p)?;
        [last, first].into_iter().find(|&k| {
            s.slots
                .iter()
                .any(|x| x.key == self.plan(p, k, table_bits).0)
        })
    }

    /// Whether a request waits on a board other than `p`'s, with no larger
    /// table yet: the preparer then stops what it does for it.
    fn wants_other(&self, p: &Position, table_bits: u32) -> bool {
        lock(&self.wanted)
            .as_ref()
            .is_some_and(|w| !one_board(w, p, table_bits))
    }

    /// For a request with no larger table for its board yet, where the
    /// preparer will make one: wait, not marked busy (the build would
    /// pause for it), while the preparer builds a larger table (this
    /// board's, or one another request waited on first), rather than
    /// search with a small table. The preparer is given half a second to
    /// take the board up. Returns `true` when the request's time ran out
    /// waiting; `false` when it should go on and search (the table is
    /// there, or the preparer did not take it up).
    fn wait_for_table(
        &self,
        p: &Position,
        table_bits: u32,
        end: Instant,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<bool, AppError> {
        let Some((first, _)) = self.stages(p) else {
            return Ok(false);
        };
        // A position of no more seeds in its pits than the first stage
        // holds is searched in moments with a solver's own table.
        if seeds_in_pits(p) <= first
            || self.tables.is_none()
            || !lock(&self.boards)
                .iter()
                .any(|b| one_board(b, p, table_bits))
        {
            return Ok(false);
        }
        let (key, options) = self.plan(p, first, table_bits);
        // Whether the build under way is of the table this request waits
        // for (this board's first stage).
        let this_build = |work: &Option<((Position, u32), TableProgress)>| {
            work.as_ref()
                .is_some_and(|(b, t)| one_board(b, p, table_bits) && t.seeds == first)
        };
        // Built already, and not between its build's end and its solver's
        // slot (then it is still marked under way, and comes in moments).
        let built = lock(&self.built).contains(&key);
        let coming = this_build(&lock(&self.table_work));
        if self
            .larger_held(&lock(&self.slots), p, table_bits)
            .is_some()
            || (built && !coming)
            || solver::planned_bytes(&options, p.pits(), None) > self.limit
            || solver::check_memory(&options, p.pits(), None, crate::limits::memory_limit())
                .is_err()
        {
            return Ok(false);
        }
        // (A table built and coming in moments is not asked for again: the
        // board another request waits on stays the one wanted.)
        if !coming {
            *lock(&self.wanted) = Some((p.clone(), table_bits));
            self.wake.notify_all();
        }
        let asked = Instant::now();
        let mut seen_working = false;
        loop {
            if stop() {
                return Err(AppError::Cancelled);
            }
            if self.values_of(p).is_some()
                || self
                    .larger_held(&lock(&self.slots), p, table_bits)
                    .is_some()
            {
                return Ok(false);
            }
            // The preparer makes a table: this board's, or another's a
            // request waited on first (not stopped for this one: two pages
            // asking for two boards would stop each other's builds in
            // turn); this board's comes next.
            // A build of this board's table under way (the stage waited
            // for), started for no request, is now one a request waited
            // on: finished first.
            let working = {
                let work = lock(&self.table_work);
                if this_build(&work) {
                    self.waited_on.store(true, Ordering::Relaxed);
                }
                work.is_some()
            };
            seen_working |= working;
            if !working && asked.elapsed() > TAKE_UP {
                return Ok(false);
            }
            if Instant::now() >= end {
                // Bounds only if the wait was for a table under way.
                return Ok(seen_working);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// How far the preparer's build of the larger endgame table for `p`'s
    /// board (its pits, rule and seeds, with transposition tables of
    /// `table_bits`) has come, while it builds one.
    pub fn table_progress(&self, p: &Position, table_bits: u32) -> Option<TableProgress> {
        self.build_under_way(p, table_bits).filter(|t| t.this_board)
    }

    /// How far the preparer's build of a larger endgame table has come,
    /// whichever board's it is, while it builds one; `this_board` says
    /// whether it is `p`'s (its pits, rule and seeds, with transposition
    /// tables of `table_bits`).
    pub fn build_under_way(&self, p: &Position, table_bits: u32) -> Option<TableProgress> {
        let work = lock(&self.table_work);
        let (board, progress) = work.as_ref()?;
        Some(TableProgress {
            this_board: one_board(board, p, table_bits),
            ..progress.clone()
        })
    }

    /// How many times a position was solved whole since the cache was made
    /// (a server saves the cache when this changes).
    pub fn kept(&self) -> u64 {
        self.kept.load(Ordering::Relaxed)
    }

    /// The every-move values it holds, oldest first, to save.
    pub fn saved(&self) -> SavedValues {
        let s = lock(&self.solved);
        let positions = s
            .order
            .iter()
            .filter_map(|p| {
                let moves = s.values.get(p)?;
                let values = moves
                    .iter()
                    .map(|m| Some((m.pit, m.value?)))
                    .collect::<Option<Vec<_>>>()?;
                Some(SavedPosition {
                    position: p.clone(),
                    values,
                })
            })
            .collect();
        SavedValues {
            format: SAVED_FORMAT,
            version: SOLVER_VERSION.to_string(),
            positions,
        }
    }

    /// Keep the values `saved` holds (a file [`KalahCache::saved`] wrote),
    /// after checking each: the format and version, each position within
    /// what the solver takes (the CLI's limits), every legal pit given once
    /// and in order, each value within what the seeds left allow and of
    /// their parity (the final store difference has the parity of all the
    /// seeds). Returns how many positions it kept (the newest
    /// [`MAX_SOLVED`] at most).
    ///
    /// # Errors
    /// [`AppError::BadInput`] naming the first position that fails a
    /// check; then nothing is kept.
    pub fn load(&self, saved: &SavedValues) -> Result<usize, AppError> {
        if saved.format != SAVED_FORMAT {
            return Err(AppError::BadInput(format!(
                "format {} (expected {SAVED_FORMAT})",
                saved.format
            )));
        }
        if saved.version != SOLVER_VERSION {
            return Err(AppError::BadInput(format!(
                "values of solver version {} (this is {SOLVER_VERSION})",
                saved.version
            )));
        }
        let mut checked = Vec::with_capacity(saved.positions.len().min(MAX_SOLVED));
        let from = saved.positions.len().saturating_sub(MAX_SOLVED);
        let limits = Context::new();
        for (i, sp) in saved.positions.iter().enumerate().skip(from) {
            let bad = |why: &str| AppError::BadInput(format!("position {i}: {why}"));
            check_solvable(&sp.position, &format!("position {i}"), &limits)?;
            let parity = sp
                .position
                .board()
                .iter()
                .map(|&x| i64::from(x))
                .sum::<i64>()
                % 2;
            let mut moves = bounds_only(&sp.position)?;
            if moves.len() != sp.values.len() {
                return Err(bad("not one value for each legal pit"));
            }
            for (m, &(pit, v)) in moves.iter_mut().zip(&sp.values) {
                if m.pit != pit {
                    return Err(bad(&format!("pit {pit} where pit {} was expected", m.pit)));
                }
                if (i64::from(v) - parity) % 2 != 0 {
                    return Err(bad(&format!(
                        "pit {pit}'s value {v} is not of the seeds' parity"
                    )));
                }
                if !(m.lower..=m.upper).contains(&v) {
                    return Err(bad(&format!(
                        "pit {pit}'s value {v} is outside {} ..= {}",
                        m.lower, m.upper
                    )));
                }
                *m = MoveValue {
                    solved: true,
                    value: Some(v),
                    lower: v,
                    upper: v,
                    ..*m
                };
            }
            checked.push((sp.position.clone(), moves));
        }
        let n = checked.len();
        for (p, moves) in checked {
            self.store(&p, &moves);
        }
        Ok(n)
    }

    /// The bytes its solvers may plan in all.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The bytes its solvers plan now (at most [`KalahCache::limit`]).
    pub fn planned(&self) -> u64 {
        let s = lock(&self.slots);
        s.slots.iter().map(|s| s.bytes).sum::<u64>() + self.held_by_saves(&s)
    }

    /// The solvers it holds.
    pub fn solvers(&self) -> usize {
        lock(&self.slots).slots.len()
    }

    /// The endgame table size (seeds) of each solver it holds, oldest
    /// first.
    pub fn endgame_seeds(&self) -> Vec<usize> {
        lock(&self.slots)
            .slots
            .iter()
            .map(|s| s.key.endgame_seeds)
            .collect()
    }

    /// The positions waiting for the preparer.
    pub fn queued(&self) -> usize {
        lock(&self.queue).positions.len()
    }

    /// The positions waiting for the preparer, the next first.
    pub fn queued_positions(&self) -> Vec<Position> {
        lock(&self.queue)
            .positions
            .iter()
            .map(|x| x.0.clone())
            .collect()
    }

    /// The positions whose every-move values it holds.
    pub fn solved(&self) -> usize {
        lock(&self.solved).values.len()
    }

    /// Every-move values of `p`, when the cache holds them.
    pub fn values_of(&self, p: &Position) -> Option<Vec<MoveValue>> {
        lock(&self.solved).values.get(p).cloned()
    }

    /// Whether a request is at work (holds [`KalahCache::busy`]'s guard).
    fn at_work(&self) -> bool {
        self.busy.load(Ordering::Relaxed) > 0
    }

    /// Whether a request waited on the build under way (one the preparer
    /// began for no request): such a build is not stopped for another
    /// board. For a test to know that a request now waits.
    #[doc(hidden)]
    pub fn build_waited_on(&self) -> bool {
        let _work = lock(&self.table_work);
        self.waited_on.load(Ordering::Relaxed)
    }

    /// Mark a request at work until the guard is dropped: the preparer
    /// stops its search within milliseconds and waits. A server holds one
    /// for every request, cheap or not, so that background work never
    /// takes the cores from them; [`KalahCache::move_values`] holds its
    /// own, only once it searches.
    pub fn busy(&self) -> Busy<'_> {
        self.mark_asked();
        self.busy.fetch_add(1, Ordering::Relaxed);
        Busy(&self.busy)
    }

    /// The pool the preparer works on when no request waits for the work:
    /// as many threads as a solver's, each at the lowest priority (nice
    /// 19), so that a server left running gives the machine's cores to
    /// any other program first. Its requests already stop it (see
    /// [`KalahCache::busy`]). `None` when the threads could not be made:
    /// the work then runs as a request's does.
    fn background(&self) -> Option<Arc<rayon::ThreadPool>> {
        self.background
            .get_or_init(|| low_pool(self.threads, "kalah-prepare"))
            .clone()
    }

    /// A request (or a position given to prepare) came now: see
    /// [`PREPARE_IDLE`].
    fn mark_asked(&self) {
        *lock(&self.asked) = Instant::now();
    }

    /// Queue `p` for the preparer (not when the queue is full); when the
    /// cache knows `p` already, the positions after it instead.
    pub fn prepare(&self, p: Position, table_bits: u32) {
        self.mark_asked();
        let mut boards = lock(&self.boards);
        if !boards.iter().any(|b| one_board(b, &p, table_bits)) && boards.len() < MAX_QUEUED {
            boards.push((p.clone(), table_bits));
        }
        drop(boards);
        match self.values_of(&p) {
            // Known (read from a saved file): the positions after it.
            Some(known) => self.ponder(&p, &known, 0, table_bits, false, false),
            None => self.enqueue(vec![(p, 0, table_bits, Prep::Every)], false, false),
        }
    }

    /// Queue `items` for the preparer: at the back, or (`front`) ahead of
    /// the rest; with `replace_ponder` (a request's), in place of those
    /// queued past an earlier request.
    fn enqueue(&self, items: Vec<Item>, replace_ponder: bool, front: bool) {
        let mut q = lock(&self.queue);
        if replace_ponder {
            // A new request's next positions: the old ones are of a
            // position the game has left. (A request answered from the
            // cache holds no busy guard: it counts as asked here.)
            self.mark_asked();
            q.positions.retain(|(_, depth, _, _)| *depth == 0);
            self.moved.fetch_add(1, Ordering::Relaxed);
        }
        let mut fresh = Vec::new();
        for item in items {
            let known = lock(&self.solved).values.contains_key(&item.0);
            let queued = q.positions.iter().chain(&fresh).any(|x| x.0 == item.0);
            if !known && q.positions.len() + fresh.len() < MAX_QUEUED && !queued {
                fresh.push(item);
            }
        }
        if front {
            // The game in play comes before what is queued for no request
            // (a server's openings not prepared yet).
            for item in fresh.into_iter().rev() {
                q.positions.push_front(item);
            }
        } else {
            q.positions.extend(fresh);
        }
        drop(q);
        self.wake.notify_all();
    }

    /// Solve the queued positions in turn while no request is at work,
    /// until `cancel` is raised (a server runs it on a thread of its own);
    /// a table's save still running is waited for at the end.
    pub fn run_preparer(&self, cancel: &Cancel) {
        let mut panics = 0;
        while !cancel.is_cancelled() {
            // A round that panics (a bug) loses its position, not the
            // preparer: the next round goes on, a second later. Rounds
            // that panic again and again (the same table read, say) end
            // the preparer; requests are answered without it.
            let round = std::panic::AssertUnwindSafe(|| self.prepare_round(cancel));
            if std::panic::catch_unwind(round).is_ok() {
                panics = 0;
                continue;
            }
            panics += 1;
            if panics >= PREPARER_PANICS {
                break;
            }
            for _ in 0..20 {
                if cancel.is_cancelled() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        // A table's file is whole before the preparer ends.
        self.wait_for_saves();
    }

    /// One round of [`KalahCache::run_preparer`]: a wanted board's table,
    /// or the next queued position, or the tables still missing.
    fn prepare_round(&self, cancel: &Cancel) {
        // The board a request waits on: its table first.
        let wanted = lock(&self.wanted).clone();
        if let Some((w, bits)) = wanted {
            self.make_table_for(&w, bits, cancel, Stage::First, true);
            let mut g = lock(&self.wanted);
            if g.as_ref().is_some_and(|b| one_board(b, &w, bits)) {
                *g = None;
            }
            return;
        }
        // The larger tables whose files are there (read in a second or
        // two each; at once at start, even when every position asked
        // for is known already).
        let boards = lock(&self.boards).clone();
        for (b, bits) in &boards {
            self.make_table(b, *bits, cancel, Stage::Read);
        }
        // The item, and the requests that moved the game so far (read
        // under the queue's lock, where they are counted). Long after the
        // last request, none: the queue is dropped.
        let next = {
            let mut q = lock(&self.queue);
            if lock(&self.asked).elapsed() > self.prepare_limits.1 {
                q.positions.clear();
            }
            match q.positions.pop_front() {
                Some(item) => Some((item, self.moved.load(Ordering::Relaxed))),
                None => {
                    let (mut q, _) = self
                        .wake
                        .wait_timeout(q, Duration::from_millis(200))
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    q.positions
                        .pop_front()
                        .map(|item| (item, self.moved.load(Ordering::Relaxed)))
                }
            }
        };
        let Some(((p, depth, table_bits, prep), moved)) = next else {
            // Nothing to solve: build the tables still missing, and
            // the next stage of those made, one board at a time while
            // nothing else is queued.
            if lock(&self.wanted).is_none() {
                for (b, bits) in &boards {
                    if self.queued() > 0 {
                        break;
                    }
                    self.make_table(b, *bits, cancel, Stage::All);
                }
            }
            return;
        };
        // This board's table before its search: read from its file, or
        // the first stage built (the quickest way to an opening's
        // values). The last stage is built once nothing is left to
        // prepare (above): its build takes tens of seconds, and a game
        // in play needs its next positions sooner. (The boards as they
        // are now: one given with the position just taken is among them.)
        if lock(&self.boards)
            .iter()
            .any(|b| one_board(b, &p, table_bits))
        {
            self.make_table(&p, table_bits, cancel, Stage::First);
        }
        let until = Instant::now() + self.prepare_limits.0;
        while !cancel.is_cancelled() && Instant::now() < until {
            if depth > 0 && self.moved.load(Ordering::Relaxed) != moved {
                // A request since: the game went on from elsewhere,
                // and its own next positions are queued.
                break;
            }
            if self.wants_other(&p, table_bits) {
                // A request waits on another board's table: this
                // position after it.
                let mut q = lock(&self.queue);
                if !q.positions.iter().any(|x| x.0 == p) {
                    q.positions.push_front((p.clone(), depth, table_bits, prep));
                }
                break;
            }
            if self.at_work() {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            let stop =
                || cancel.is_cancelled() || self.at_work() || self.wants_other(&p, table_bits);
            // A minute at a time: a move not exact in its share of it
            // is searched again, from the tables, until all are.
            let end = (Instant::now() + PREPARE_STEP).min(until);
            let every = prep == Prep::Every;
            let ctx = Context::new();
            match self.values(&p, table_bits, end, &stop, &ctx, depth, false, every) {
                // Stopped for a request: go on once it is done.
                Err(AppError::Cancelled) => continue,
                Ok(Some((moves, _))) if !every => {
                    match proven_best(&moves).first() {
                        Some(&pit) => {
                            // Not for a game that went on elsewhere.
                            if self.moved.load(Ordering::Relaxed) == moved {
                                self.follow(&p, pit, depth, table_bits);
                            }
                            break;
                        }
                        // The root not solved in the step: again.
                        None => continue,
                    }
                }
                Ok(Some((moves, _))) if !moves.iter().all(|m| m.solved) => continue,
                _ => break,
            }
        }
    }

    /// Every legal move's value from `p` with the cache's solver for its
    /// board (made now if needed), searching until `end`, and the nodes
    /// searched (0 when the cache held them); `None` when the board's
    /// solver would not fit the cache (the caller then solves without it).
    /// It marks the cache [busy](KalahCache::busy) while it searches. When
    /// the preparer builds a larger table and the request's board (one it
    /// prepares) has none yet, it first waits for it instead
    /// (not busy, so the build goes on; the preparer makes that board's
    /// table before any other's), and answers each move's bounds when its
    /// time runs out first, with how far the build under way has come,
    /// this board's or another's (the third part; `None` when it did not
    /// wait, or no build was under way when its time ran out).
    ///
    /// # Errors
    /// [`AppError::Cancelled`] when `stop` says so, also while waiting for
    /// the solver; the context's errors; a solver that cannot be made.
    #[allow(clippy::type_complexity)]
    pub fn move_values(
        &self,
        p: &Position,
        table_bits: u32,
        end: Instant,
        stop: &(dyn Fn() -> bool + Sync),
        ctx: &Context,
    ) -> Result<Option<(Vec<MoveValue>, u64, Option<TableProgress>)>, AppError> {
        // A request, even one answered from the cache or while a table is
        // built (which holds no busy guard): see [`PREPARE_IDLE`].
        self.mark_asked();
        if self.values_of(p).is_none() && self.wait_for_table(p, table_bits, end, stop)? {
            // The preparer builds a table (this board's, or first another
            // a request waited on): each move's bounds.
            return Ok(Some(match self.values_of(p) {
                Some(v) => (v, 0, None),
                None => (bounds_only(p)?, 0, self.build_under_way(p, table_bits)),
            }));
        }
        let _busy = self.busy();
        Ok(self
            .values(p, table_bits, end, stop, ctx, 0, true, true)?
            .map(|(v, n)| (v, n, None)))
    }

    #[allow(clippy::too_many_arguments)]
    fn values(
        &self,
        p: &Position,
        table_bits: u32,
        end: Instant,
        stop: &(dyn Fn() -> bool + Sync),
        ctx: &Context,
        depth: u8,
        request: bool,
        every: bool,
    ) -> Result<Option<(Vec<MoveValue>, u64)>, AppError> {
        if let Some(v) = self.values_of(p) {
            if request {
                // The game goes on from here: prepare what comes next.
                self.ponder(p, &v, depth, table_bits, true, true);
            }
            return Ok(Some((v, 0)));
        }
        let Some(SlotRef {
            solver: slot,
            building,
            options,
            larger,
        }) = self.slot(p, table_bits, request)
        else {
            return Ok(None);
        };
        let mut guard = loop {
            // While the solver is built, a request solves without it.
            if request && building.load(Ordering::Acquire) {
                return Ok(None);
            }
            match slot.try_lock() {
                Ok(g) => break relock(Ok(g)),
                Err(TryLockError::Poisoned(e)) => break relock(Err(e)),
                Err(TryLockError::WouldBlock) => {
                    if stop() {
                        return Err(AppError::Cancelled);
                    }
                    ctx.check()?;
                    if let Some(v) = self.values_of(p) {
                        return Ok(Some((v, 0)));
                    }
                    // Another request's search took this request's time:
                    // its bounds, at once.
                    if request && Instant::now() >= end {
                        return Ok(Some((bounds_only(p)?, 0)));
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        };
        // Solved by the request that held the solver?
        if let Some(v) = self.values_of(p) {
            return Ok(Some((v, 0)));
        }
        if guard.is_none() {
            if larger {
                // Emptied by a holder that panicked: not built here (tens
                // of seconds); the preparer reads it again from its file,
                // and this request solves without the cache.
                drop(guard);
                self.forget(&slot);
                return Ok(None);
            }
            if request && building.load(Ordering::Acquire) {
                return Ok(None);
            }
            solver::check_memory(&options, p.pits(), None, crate::limits::memory_limit())?;
            // Its endgame table's build, and its transposition table's
            // pages mapped as the search first touches them (while the
            // build runs): each within half the time.
            let build = options
                .endgame_seeds
                .map_or(0.0, |k| table_build_seconds(p.pits(), k));
            let touch = table_touch_seconds(options.table_bits);
            let left = end.saturating_duration_since(Instant::now()).as_secs_f64();
            if request && build.max(touch) > left / 2.0 {
                // The build (its endgame table: seconds for Kalah(6,4))
                // takes more of the time than a request has: a thread of
                // its own makes it, and this request, and any other until
                // it is made, solves without the cache. One such thread
                // at a time: requests for new boards in a row (each
                // answered at its short `think`) would leave a build
                // each behind them. While one runs, another board's
                // request solves without the cache, and the next asks
                // again.
                drop(guard);
                if self.aside.swap(true, Ordering::AcqRel) {
                    return Ok(None);
                }
                building.store(true, Ordering::Release);
                /// Lowers both flags however the build ends (a panic too):
                /// raised, requests for the board would never use the
                /// cache again.
                struct Built(Arc<AtomicBool>, Arc<AtomicBool>);
                impl Drop for Built {
                    fn drop(&mut self) {
                        self.0.store(false, Ordering::Release);
                        self.1.store(false, Ordering::Release);
                    }
                }
                let built = Built(building, Arc::clone(&self.aside));
                let (p, slot) = (p.clone(), Arc::clone(&slot));
                // A thread the machine refuses drops `built` with it.
                let _ = std::thread::Builder::new()
                    .name("kalah-solver-build".into())
                    .spawn(move || {
                        let _built = built;
                        let mut g = relock(slot.lock());
                        if g.is_none() {
                            // A build that fails leaves the slot empty:
                            // the next request tries again.
                            *g = solver::Solver::new(&p, &options).ok();
                        }
                    });
                return Ok(None);
            }
            *guard = Some(solver::Solver::new(p, &options)?);
        }
        let solver = guard.as_mut().expect("made above");
        let (moves, nodes) = match self.background().filter(|_| !request) {
            // The preparer's own search: on its threads, the solver's
            // own given back even if the search panics.
            Some(low) => {
                struct Lent<'a>(&'a mut solver::Solver);
                impl Drop for Lent<'_> {
                    fn drop(&mut self) {
                        self.0.search_on(None);
                    }
                }
                solver.search_on(Some(Arc::clone(&low)));
                let lent = Lent(solver);
                low.install(|| values_upto(&mut *lent.0, p, end, stop, ctx, every))?
            }
            None => values_upto(solver, p, end, stop, ctx, every)?,
        };
        drop(guard);
        if moves.iter().all(|m| m.solved) {
            self.keep(p, &moves);
            if every {
                // A reply's next position is the preparer's to follow. A
                // position asked for itself (by a request, or queued so)
                // has its next positions go first: the preparer may solve
                // a request's position in the moment between two of the
                // page's requests, and they must not wait behind another
                // board's opening queued at start.
                self.ponder(p, &moves, depth, table_bits, request, request || depth == 0);
            }
        }
        Ok(Some((moves, nodes)))
    }

    /// Queue for the preparer the positions the game reaches next from
    /// `p`, whose every-move values are `moves`: from a request's
    /// position, each move's, the best first (a person shown the values
    /// plays it likeliest): where the same side moves again, for every
    /// move's value; where the other side moves, for the reply the solver
    /// plays there and then the position after it ([`Prep::Reply`]: the
    /// one the page asks for next). From a position past a request, the
    /// best reply's (to [`PONDER_DEPTH`]). One the cache knows already is
    /// passed through to the positions after it. A request's (`replace`)
    /// take the place of those queued for an earlier request; with
    /// `front`, they go ahead of the rest.
    fn ponder(
        &self,
        p: &Position,
        moves: &[MoveValue],
        depth: u8,
        table_bits: u32,
        replace: bool,
        front: bool,
    ) {
        let mut next = Vec::new();
        self.next_of(p, moves, depth, table_bits, &mut next);
        self.enqueue(next, replace, front);
    }

    fn next_of(
        &self,
        p: &Position,
        moves: &[MoveValue],
        depth: u8,
        table_bits: u32,
        out: &mut Vec<Item>,
    ) {
        if depth >= PONDER_DEPTH {
            return;
        }
        let best = moves.iter().filter_map(|m| m.value).max();
        let mut order: Vec<&MoveValue> = moves
            .iter()
            .filter(|m| depth == 0 || m.value == best)
            .collect();
        // The best first (a stable sort: then in pit order).
        order.sort_by_key(|m| std::cmp::Reverse(m.value));
        for m in order {
            let mut c = p.clone();
            if c.play(m.pit).is_err() || c.is_over() {
                continue;
            }
            match self.values_of(&c) {
                Some(known) => self.next_of(&c, &known, depth + 1, table_bits, out),
                None if depth == 0 && c.to_move() != p.to_move() => {
                    out.push((c, depth + 1, table_bits, Prep::Reply));
                }
                None => out.push((c, depth + 1, table_bits, Prep::Every)),
            }
        }
    }

    /// After the reply at `p` (`depth` past a request) was found to be
    /// `pit`: the position it leads to, ahead of every other queued one
    /// (the same side's reply again after another turn; else the other
    /// side's position, for every move's value), and `p`'s own every-move
    /// values after the rest.
    fn follow(&self, p: &Position, pit: usize, depth: u8, table_bits: u32) {
        let mut c = p.clone();
        let next =
            (c.play(pit).is_ok() && !c.is_over() && self.values_of(&c).is_none()).then(|| {
                if c.to_move() == p.to_move() {
                    (c, depth, table_bits, Prep::Reply)
                } else {
                    (c, depth + 1, table_bits, Prep::Every)
                }
            });
        let mut q = lock(&self.queue);
        if let Some(item) = next
            && !q.positions.iter().any(|x| x.0 == item.0 && x.1 == 0)
        {
            // Ahead of the rest, even if queued already (but not in place
            // of a position queued for itself); when the queue is full, in
            // place of the last position past a request.
            q.positions.retain(|x| x.0 != item.0);
            if q.positions.len() >= MAX_QUEUED
                && let Some(last) = q.positions.iter().rposition(|x| x.1 > 0)
            {
                q.positions.remove(last);
            }
            if q.positions.len() < MAX_QUEUED {
                q.positions.push_front(item);
            }
        }
        drop(q);
        self.enqueue(
            vec![(p.clone(), depth + 1, table_bits, Prep::Every)],
            false,
            false,
        );
    }

    /// Keep `p`'s every-move values if all are exact (a request that
    /// solved them without the cache, while its solver was built).
    pub(crate) fn remember(&self, p: &Position, moves: &[MoveValue]) {
        if moves.iter().all(|m| m.solved) && self.values_of(p).is_none() {
            self.keep(p, moves);
        }
    }

    /// Keep `p`'s every-move values, dropping the oldest past
    /// [`MAX_SOLVED`].
    fn keep(&self, p: &Position, moves: &[MoveValue]) {
        self.store(p, moves);
        self.kept.fetch_add(1, Ordering::Relaxed);
    }

    fn store(&self, p: &Position, moves: &[MoveValue]) {
        let mut s = lock(&self.solved);
        if s.values.insert(p.clone(), moves.to_vec()).is_none() {
            s.order.push_back(p.clone());
        }
        while s.order.len() > MAX_SOLVED {
            if let Some(old) = s.order.pop_front() {
                s.values.remove(&old);
            }
        }
    }

    /// The slot's key and the solver's options for `p`'s board with an
    /// endgame table of `k` seeds.
    fn plan(&self, p: &Position, k: usize, table_bits: u32) -> (Key, solver::Options) {
        let key = Key {
            pits: p.pits(),
            rule: p.rule(),
            seeds: p.board().iter().sum(),
            endgame_seeds: k,
            table_bits,
        };
        let options = solver::Options {
            endgame_seeds: Some(k),
            table_bits,
            threads: self.threads,
        };
        (key, options)
    }

    /// Give `p`'s board a solver with its larger endgame table (see
    /// [`KalahCache::with_tables`]), unless the cache has no folder, the
    /// board needs none, it has the last stage's, or it would not fit.
    /// The last stage's table is read from its file whenever that is
    /// there; otherwise, with [`Stage::First`] and no table yet, the first
    /// stage's is read or built; with [`Stage::All`], the next stage's.
    /// A build waits whenever a request is at work (nothing starts while
    /// one is), and stops when a request waits on another board's table.
    fn make_table(&self, p: &Position, table_bits: u32, cancel: &Cancel, stage: Stage) {
        self.make_table_for(p, table_bits, cancel, stage, false);
    }

    /// [`KalahCache::make_table`]; a build `asked` for by a waiting request
    /// is not stopped for another board's.
    fn make_table_for(
        &self,
        p: &Position,
        table_bits: u32,
        cancel: &Cancel,
        stage: Stage,
        asked: bool,
    ) {
        let (Some(tables), Some((first, last))) = (&self.tables, self.stages(p)) else {
            return;
        };
        let held = self.larger_held(&lock(&self.slots), p, table_bits);
        if held == Some(last) {
            return;
        }
        let busy = || self.at_work();
        if stage != Stage::Read {
            // Before the position's search: wait for the requests, as the
            // search would.
            while busy() && !cancel.is_cancelled() {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        if busy() || cancel.is_cancelled() {
            return;
        }
        // The last stage's file; with no table yet, the first's.
        let plan = Plan {
            tables,
            cancel,
            asked,
            idle: false,
        };
        let mut got = self.table_of(p, table_bits, last, false, &plan);
        if !got && held.is_none() && first != last {
            got = self.table_of(p, table_bits, first, false, &plan);
        }
        if !got && stage != Stage::Read {
            let k = match (stage, held) {
                (Stage::All, Some(_)) => Some(last),
                (_, None) => Some(first),
                _ => None,
            };
            if let Some(k) = k {
                let idle = !asked && held.is_some();
                self.table_of(p, table_bits, k, true, &Plan { idle, ..plan });
            }
        }
    }

    /// Make the solver of `p`'s board with the larger table of `k` seeds:
    /// read from its file, else (with `build`) built and saved. Whether
    /// the board now has it.
    fn table_of(
        &self,
        p: &Position,
        table_bits: u32,
        k: usize,
        build: bool,
        plan: &Plan<'_>,
    ) -> bool {
        let Plan {
            tables,
            cancel,
            asked,
            idle,
        } = *plan;
        let (key, options) = self.plan(p, k, table_bits);
        let bytes = solver::planned_bytes(&options, p.pits(), None);
        if bytes > self.limit
            || solver::check_memory(&options, p.pits(), None, crate::limits::memory_limit())
                .is_err()
        {
            return false;
        }
        if lock(&self.slots).slots.iter().any(|x| x.key == key) {
            return true;
        }
        let file = KalahCache::table_file(&tables.dir, p.pits(), k, p.rule());
        // Nothing to read: no file, or not a regular one (a pipe would
        // never answer), or one found not to be this table (read again
        // only before it is built over). Then no room is made for a table
        // that will not come.
        let unread = !file.is_file()
            || ((!build || lock(&self.built).contains(&key)) && lock(&self.unread).contains(&file));
        if unread && (!build || lock(&self.built).contains(&key)) {
            return false;
        }
        // Room first, before a byte is read: idle solvers with the smaller
        // tables go for it. No request drops a larger table's solver, so
        // the preparer and the requests never take turns dropping each
        // other's.
        {
            let mut s = lock(&self.slots);
            if s.slots.iter().any(|x| x.key == key) {
                return true;
            }
            let held = self.held_by_saves(&s);
            if !room_for(&mut s, bytes + held, self.limit) {
                return false;
            }
        }
        // A build's mark (requests for this board wait on it), kept until
        // its solver is in its slot: a request that saw no build under way
        // in between would search its whole budget without the table.
        let mut mark = None;
        // A file of this table (another run's) is read; one that is not
        // this table, or not whole, is built again and replaced.
        let table = if unread {
            None
        } else {
            let read = match Endgame::read_file(&file) {
                // The machine refused its memory: the file may be whole;
                // tried again later, never replaced for it.
                Err(e) if e.is_machine_failure() => return false,
                read => read
                    .ok()
                    .filter(|t| t.pits() == p.pits() && t.seeds() == k && t.rule() == p.rule()),
            };
            if read.is_none() && file.exists() {
                let mut unread = lock(&self.unread);
                if !unread.contains(&file) && unread.len() < MAX_QUEUED {
                    unread.push(file.clone());
                }
            }
            read
        };
        if table.is_some() {
            self.drop_first_file(p, k, tables);
        }
        let table = match table {
            Some(t) => t,
            None if !build => return false,
            // Built once a run at most (a table that could not be kept
            // is not built over and over).
            None if lock(&self.built).contains(&key) => return false,
            None => {
                // Marked before the build, so that a request for this
                // board waits on it; unmarked however the build ends.
                mark = Some(BuildMark { cache: self, key });
                let mut under_way = lock(&self.table_work);
                self.waited_on.store(false, Ordering::Relaxed);
                *under_way = Some((
                    (p.clone(), table_bits),
                    TableProgress {
                        seeds: k,
                        done: 0,
                        positions: endgame::positions_for(p.pits(), k),
                        pits: p.pits(),
                        seeds_in_play: p.board().iter().sum(),
                        empty_capture: p.rule() == CaptureRule::Empty,
                        this_board: true,
                    },
                ));
                drop(under_way);
                // (Saves under way go on beside it: on a loaded machine a
                // save at nice 19 could hold a request's first stage for
                // minutes. What they hold is counted, see `held_by_saves`.)
                // Stopped for another board's request unless a request
                // asked for this build, or waited on it since it began.
                let other = || {
                    !asked
                        && !self.waited_on.load(Ordering::Relaxed)
                        && self.wants_other(p, table_bits)
                };
                let go_on = |done: u64| {
                    if let Some((_, t)) = lock(&self.table_work).as_mut() {
                        t.done = done;
                    }
                    while self.at_work() || cancel.is_cancelled() {
                        if cancel.is_cancelled() || other() {
                            return false;
                        }
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    !other()
                };
                // A last stage, built for no request, on the preparer's
                // threads; a first stage (what a first request for the
                // board waits on, asked yet or not) as a request's work.
                let build = || Endgame::build_until(p.pits(), k, p.rule(), &go_on);
                let built = match self.background().filter(|_| idle) {
                    Some(low) => low.install(build),
                    None => build(),
                };
                let t = match built {
                    Ok(Some(t)) => t,
                    // Stopped for another board: built again later.
                    Ok(None) => return false,
                    Err(_) => {
                        lock(&self.built).push(key);
                        return false;
                    }
                };
                lock(&self.built).push(key);
                if cancel.is_cancelled() {
                    return false;
                }
                // (What a save holds once its solver is gone: the table's
                // values, a byte a position.)
                let values = t.positions() as u64;
                self.save_later(p, k, (key, values), file, &t, tables);
                t
            }
        };
        // A table that gets no slot is let go of (its save, if any, holds
        // it until done, counted: see `held_by_saves`).
        let Ok(solver) = solver::Solver::with_endgame(table, &options) else {
            return false;
        };
        let (first, _) = self.stages(p).unwrap_or((k, k));
        let old = self.plan(p, first, table_bits).0;
        let mut s = lock(&self.slots);
        if s.slots.iter().any(|x| x.key == key) {
            return true;
        }
        // The board's first stage makes way for its last (kept when even
        // then there is no room; while its save is under way, its table
        // still counts).
        let replaced = (first != k)
            .then(|| s.slots.iter().position(|x| x.key == old))
            .flatten()
            .map(|i| s.slots.remove(i));
        let held = self.held_by_saves_but(&s, Some(key));
        if !room_for(&mut s, bytes + held, self.limit) {
            s.slots.extend(replaced);
            return false;
        }
        s.clock += 1;
        let now = s.clock;
        s.slots.push(Slot {
            key,
            larger: true,
            bytes,
            solver: Arc::new(Mutex::new(Some(solver))),
            building: Arc::new(AtomicBool::new(false)),
            used: now,
        });
        drop(s);
        drop(mark);
        true
    }

    /// With the last stage's table (`k` seeds) in its file: delete the
    /// first stage's file, never read again (once a save of it is done).
    fn drop_first_file(&self, p: &Position, k: usize, tables: &Tables) {
        if let Some(old) = self.first_file(p, k, tables) {
            self.wait_for_saves();
            remove_if_there(&old);
        }
    }

    /// The first stage's file of `p`'s board, when `k` seeds is its last
    /// stage (and the stages differ).
    fn first_file(&self, p: &Position, k: usize, tables: &Tables) -> Option<std::path::PathBuf> {
        let (first, last) = self.stages(p)?;
        (k == last && first != last)
            .then(|| KalahCache::table_file(&tables.dir, p.pits(), first, p.rule()))
    }

    /// Save `table` (`k` seeds, just built for `p`'s board, the solver
    /// `key`'s; `bytes`, its values') to `file` on a thread of its own at
    /// the lowest priority,
    /// once an earlier save is done (that thread waits for it, not this
    /// one); then, for the last stage, delete the first stage's file. The
    /// search waiting for the table starts at once: on a first start the
    /// 22-seed table's write had taken 3 to 7 s before the opening's
    /// search began, and now runs mostly after it, when a core is free.
    /// A table that cannot be saved (a full disk, a folder not writable)
    /// is used all the same, and built again next time.
    fn save_later(
        &self,
        p: &Position,
        k: usize,
        (key, bytes): (Key, u64),
        file: std::path::PathBuf,
        table: &Endgame,
        tables: &Tables,
    ) {
        let job = SaveJob {
            save: Arc::clone(&tables.save),
            file,
            table: table.clone(),
            unread: Arc::clone(&self.unread),
            first: self.first_file(p, k, tables),
        };
        let again = job.clone();
        // On threads of their own at the lowest priority (not the
        // preparer's: a save of seconds on one of those would hold up the
        // preparer's search): this thread only waits. Not niced itself: a
        // niced thread that is the first to use rayon's global pool (the
        // save's checksum) would start its threads at nice 19 for every
        // later build and read. Two threads at most: only the checksum
        // is shared out, and one save runs at a time.
        let low = self
            .savers
            .get_or_init(|| low_pool(self.threads.min(2), "kalah-save"))
            .clone();
        // One save at a time, in turn: this one's thread waits for the
        // one before. Its key is listed until it is done, however it ends.
        // (The lock is held until the new thread's handle is in place, so
        // that a wait for the saves never finds none meanwhile.)
        let mut saving = lock(&self.saving);
        lock(&self.saving_keys).push((key, bytes));
        // What the save takes over: the save before it, and its key's
        // listing. Its thread takes them; with no thread to be had, this
        // one does (the closure never ran).
        let handoff = Arc::new(Mutex::new(Handoff {
            before: saving.take(),
            listed: Some(Listed(Arc::clone(&self.saving_keys), key)),
        }));
        let theirs = Arc::clone(&handoff);
        let spawned = std::thread::Builder::new()
            .name("kalah-table-save".into())
            .spawn(move || {
                save_after(&theirs, || match low {
                    Some(low) => low.install(|| job.run()),
                    None => job.run(),
                });
            });
        match spawned {
            Ok(h) => *saving = Some(h),
            // Saved on this one, the lock held so that a wait for the
            // saves waits for this one too (nothing a save runs takes it).
            Err(_) => save_after(&handoff, || again.run()),
        }
    }

    /// The bytes the saves under way or waiting hold of tables no slot
    /// holds any more (a first stage its last replaced, a table that got
    /// no slot): counted as the slots are until each save is done, so the
    /// cache keeps to its limit while they run (taken under the slots'
    /// lock, then this list's: never the other way).
    fn held_by_saves(&self, s: &Slots) -> u64 {
        self.held_by_saves_but(s, None)
    }

    /// [`KalahCache::held_by_saves`] but that of `but`'s save (a table
    /// about to get its slot).
    fn held_by_saves_but(&self, s: &Slots, but: Option<Key>) -> u64 {
        lock(&self.saving_keys)
            .iter()
            .filter(|(k, _)| Some(*k) != but && !s.slots.iter().any(|x| x.key == *k))
            .map(|(_, b)| b)
            .sum()
    }

    /// Wait for the saves [`KalahCache::save_later`] started, if any (each
    /// waits for the one before, so the last's end is all of theirs):
    /// before a file is deleted, and when the preparer ends. A caller that
    /// stopped the preparer without waiting for it calls it before it
    /// looks at the files.
    pub fn wait_for_saves(&self) {
        let pending = lock(&self.saving).take();
        if let Some(h) = pending {
            let _ = h.join();
        }
    }

    /// Drop the slot of `solver` (a larger table's whose holder panicked:
    /// the preparer reads it again from its file).
    fn forget(&self, solver: &Arc<Mutex<Option<solver::Solver>>>) {
        lock(&self.slots)
            .slots
            .retain(|x| !Arc::ptr_eq(&x.solver, solver));
    }

    /// The solver slot for `p`'s board, added if missing (dropping the
    /// solvers used least recently that no request holds, to stay within
    /// the limit), with the options it is made with; `None` when it does
    /// not fit.
    fn slot(&self, p: &Position, table_bits: u32, may_drop: bool) -> Option<SlotRef> {
        // One endgame table for the whole game: sized by every seed on the
        // board, the stores' too, so later positions use the same solver.
        let seeds: u32 = p.board().iter().sum();
        let auto = solver::auto_endgame_seeds(p.pits(), (seeds as usize).min(endgame::MAX_SEEDS));
        let mut s = lock(&self.slots);
        // The larger table's solver, once the preparer has made it (under
        // the same lock as the lookup: a slot of the larger table is only
        // ever made by the preparer, never here).
        let k = self.larger_held(&s, p, table_bits).unwrap_or(auto);
        let (key, options) = self.plan(p, k, table_bits);
        s.clock += 1;
        let now = s.clock;
        if let Some(slot) = s.slots.iter_mut().find(|x| x.key == key) {
            slot.used = now;
            return Some(SlotRef {
                solver: Arc::clone(&slot.solver),
                building: Arc::clone(&slot.building),
                options,
                larger: k != auto,
            });
        }
        if !(solver::MIN_TABLE_BITS..=solver::MAX_TABLE_BITS).contains(&table_bits) {
            return None;
        }
        let bytes = solver::planned_bytes(&options, p.pits(), None);
        if bytes > self.limit {
            return None;
        }
        let held = self.held_by_saves(&s);
        let total: u64 = s.slots.iter().map(|x| x.bytes).sum::<u64>() + held;
        // The preparer never drops a solver a request made; a request
        // drops the least recently used that no request holds (not a
        // larger table's: the preparer would read it back).
        if total + bytes > self.limit && (!may_drop || !room_for(&mut s, bytes + held, self.limit))
        {
            return None;
        }
        let solver = Arc::new(Mutex::new(None));
        let building = Arc::new(AtomicBool::new(false));
        s.slots.push(Slot {
            key,
            larger: false,
            bytes,
            solver: Arc::clone(&solver),
            building: Arc::clone(&building),
            used: now,
        });
        Some(SlotRef {
            solver,
            building,
            options,
            larger: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server's plan holds, at the most, both rules' last stages for
    /// Kalah(6,4), the first stage of the rule whose last is being built,
    /// and both rules' own solvers.
    #[test]
    fn a_servers_plan_has_room_for_both_rules_last_tables() {
        let cache = KalahCache::new(SERVER_TABLE_BYTES, 2);
        let p = Position::kalah(6, 4, CaptureRule::Handout).unwrap();
        let (first, last) = cache.stages(&p).unwrap();
        assert_eq!((first, last), (22, 24));
        let bits = crate::kalah::SOLVE_TABLE_BITS;
        let bytes = |k: Option<usize>| {
            let mut options = cache.plan(&p, 0, bits).1;
            options.endgame_seeds = k;
            solver::planned_bytes(&options, 6, None)
        };
        let own = bytes(None);
        let most = 2 * bytes(Some(last)) + bytes(Some(first)) + 2 * own;
        assert!(most <= SERVER_TABLE_BYTES, "{most} > {SERVER_TABLE_BYTES}");
    }

    /// The preparer's searches run on its own threads, at nice 19; a
    /// request's on the solver's, at the caller's priority; both find the
    /// same values.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_preparer_searches_at_the_lowest_priority() {
        let nice =
            || rustix::process::getpriority_process(Some(rustix::thread::gettid())).unwrap_or(-99);
        let mine = nice();
        let p = Position::kalah(4, 4, CaptureRule::Empty).unwrap();
        for threads in [1, 2] {
            let mut found = Vec::new();
            for request in [false, true] {
                let cache = KalahCache::new(64 << 20, threads);
                let seen = Mutex::new(std::collections::BTreeSet::new());
                let stop = || {
                    let name = std::thread::current().name().unwrap_or("").to_string();
                    lock(&seen).insert((name.starts_with("kalah-prepare-"), nice()));
                    false
                };
                let end = Instant::now() + Duration::from_secs(60);
                let (v, nodes) = cache
                    .values(&p, 16, end, &stop, &Context::new(), 0, request, true)
                    .unwrap()
                    .unwrap();
                assert!(nodes > 10_000, "{nodes} nodes: the search asks its hook");
                let seen = seen.into_inner().unwrap();
                let want = if request { (false, mine) } else { (true, 19) };
                assert_eq!(
                    seen.into_iter().collect::<Vec<_>>(),
                    vec![want],
                    "{threads} threads, request {request}"
                );
                found.push(v);
            }
            assert_eq!(found[0], found[1]);
        }
        assert_eq!(nice(), mine, "the caller's own priority is as it was");
    }

    /// Room is made by dropping idle solvers of the smaller tables, the
    /// least recently used first, and only when that makes enough: none is
    /// dropped for what would not fit anyway, nor one a request holds.
    #[test]
    fn room_is_made_only_when_it_suffices() {
        let cache = KalahCache::new(64 << 20, 1);
        let p = Position::kalah(4, 3, CaptureRule::Handout).unwrap();
        let slot = |k: usize, used: u64, larger: bool| Slot {
            key: cache.plan(&p, k, 16).0,
            larger,
            bytes: 100,
            solver: Arc::default(),
            building: Arc::default(),
            used,
        };
        let slots = || Slots {
            slots: vec![slot(18, 3, false), slot(19, 1, false), slot(20, 2, true)],
            clock: 3,
        };
        let seeds =
            |s: &Slots| -> Vec<usize> { s.slots.iter().map(|x| x.key.endgame_seeds).collect() };
        // 300 held within 350: 150 more takes one, the least recently used.
        let mut s = slots();
        assert!(room_for(&mut s, 150, 350));
        assert_eq!(seeds(&s), [18, 20]);
        // 250 more takes both idle ones.
        let mut s = slots();
        assert!(room_for(&mut s, 250, 350));
        assert_eq!(seeds(&s), [20]);
        // 300 more would take the larger table's too: nothing goes.
        let mut s = slots();
        assert!(!room_for(&mut s, 300, 350));
        assert_eq!(seeds(&s), [18, 19, 20]);
        // One a request holds stays: not room enough, nothing goes.
        let mut s = slots();
        let held = Arc::clone(&s.slots[1].solver);
        assert!(!room_for(&mut s, 250, 350));
        assert_eq!(seeds(&s), [18, 19, 20]);
        drop(held);
    }

    /// With no file of a larger table to read, the preparer makes no room
    /// for it: the solvers requests made stay. With the file (or to build
    /// the table) room is made.
    #[test]
    fn no_room_is_made_for_a_table_that_will_not_come() {
        let dir = tempfile::tempdir().unwrap();
        let save: SaveTable = Arc::new(|_: &std::path::Path, _: &Endgame| Ok(()));
        let p = Position::kalah(4, 3, CaptureRule::Handout).unwrap();
        let q = Position::kalah(3, 3, CaptureRule::Handout).unwrap();
        let k = 21;
        let table = |p: &Position| {
            let (_, options) = KalahCache::new(0, 1).plan(p, k, 16);
            solver::planned_bytes(&options, p.pits(), None)
        };
        let own = {
            let c = KalahCache::new(0, 1);
            let options = c.plan(&q, 0, 16).1;
            solver::planned_bytes(&options, q.pits(), None)
        };
        // Room for the larger table only once the request's solver goes.
        let cache = KalahCache::new(table(&p) + own - 1, 1).with_tables(dir.path().into(), save);
        let ctx = Context::new();
        let end = Instant::now() + Duration::from_secs(60);
        cache
            .values(&q, 16, end, &|| false, &ctx, 0, true, true)
            .unwrap()
            .unwrap();
        assert_eq!(cache.solvers(), 1);
        let cancel = Cancel::new();
        let plan = Plan {
            tables: cache.tables.as_ref().unwrap(),
            cancel: &cancel,
            asked: false,
            idle: false,
        };
        assert!(!cache.table_of(&p, 16, k, false, &plan));
        assert_eq!(cache.solvers(), 1, "a solver dropped for no file");
        // Something else in the file's place (a folder here; a pipe
        // would never answer) is not read.
        let file = KalahCache::table_file(dir.path(), 4, k, p.rule());
        std::fs::create_dir(&file).unwrap();
        assert!(!cache.table_of(&p, 16, k, false, &plan));
        assert_eq!(cache.solvers(), 1);
        std::fs::remove_dir(&file).unwrap();
        // The file there: read, room made.
        let t = Endgame::build(4, k, p.rule()).unwrap();
        t.save(&mut std::fs::File::create(&file).unwrap()).unwrap();
        assert!(cache.table_of(&p, 16, k, false, &plan));
        assert_eq!(cache.endgame_seeds(), [k]);
    }

    /// A request short of time has its solver built on a thread of its
    /// own, one such build at a time: another board's request meanwhile
    /// solves without the cache and leaves no build behind.
    #[test]
    fn one_solver_is_built_aside_at_a_time() {
        let cache = KalahCache::new(1 << 30, 1);
        let a = Position::kalah(6, 4, CaptureRule::Handout).unwrap();
        let b = Position::kalah(6, 4, CaptureRule::Empty).unwrap();
        let ctx = Context::new();
        let ask = |p: &Position| {
            let end = Instant::now() + Duration::from_millis(1);
            cache
                .values(p, 16, end, &|| false, &ctx, 0, true, true)
                .unwrap()
        };
        let built = || {
            let start = Instant::now();
            while cache.aside.load(Ordering::Acquire) {
                assert!(start.elapsed() < Duration::from_secs(60));
                std::thread::sleep(Duration::from_millis(10));
            }
            let s = lock(&cache.slots);
            let mut rules: Vec<_> = s
                .slots
                .iter()
                .filter(|x| lock(&x.solver).is_some())
                .map(|x| x.key.rule == CaptureRule::Empty)
                .collect();
            rules.sort_unstable();
            rules
        };
        assert_eq!(ask(&a), None);
        assert_eq!(ask(&b), None);
        assert_eq!(built(), [false], "only the first board's solver");
        assert_eq!(ask(&b), None);
        assert_eq!(built(), [false, true]);
    }

    /// A request for a board whose table is built but whose solver is not
    /// in its slot yet (the build still marked) waits for it, and asks for
    /// no build; with no mark, a table built is not waited on.
    #[test]
    fn a_table_built_and_still_marked_is_waited_for() {
        let dir = tempfile::tempdir().unwrap();
        let cache = KalahCache::new(64 << 20, 1)
            .with_tables(dir.path().to_path_buf(), Arc::new(|_, _| Ok(())))
            .with_table_positions(endgame::positions_for(4, 23), endgame::positions_for(4, 23));
        let p = Position::kalah(4, 3, CaptureRule::Handout).unwrap();
        cache.prepare(p.clone(), 16);
        let (first, _) = cache.stages(&p).unwrap();
        let key = cache.plan(&p, first, 16).0;
        lock(&cache.built).push(key);
        let wait = |ms| {
            let start = Instant::now();
            let waited = cache
                .wait_for_table(&p, 16, start + Duration::from_millis(ms), &|| false)
                .unwrap();
            (waited, start.elapsed())
        };
        let (waited, took) = wait(5_000);
        assert!(!waited && took < Duration::from_secs(1), "{took:?}");
        let _mark = BuildMark { cache: &cache, key };
        *lock(&cache.table_work) = Some((
            (p.clone(), 16),
            TableProgress {
                seeds: first,
                done: 1,
                positions: 1,
                pits: 4,
                seeds_in_play: 24,
                empty_capture: false,
                this_board: true,
            },
        ));
        let (waited, took) = wait(300);
        assert!(waited && took >= Duration::from_millis(300), "{took:?}");
        assert!(lock(&cache.wanted).is_none());
    }

    /// A build that panics leaves no mark that requests would wait on,
    /// and counts as built, so the preparer does not start it again.
    #[test]
    fn a_build_that_panics_is_unmarked_and_not_started_again() {
        let cache = KalahCache::new(64 << 20, 1);
        let p = Position::kalah(4, 3, CaptureRule::Handout).unwrap();
        let key = cache.plan(&p, 20, 16).0;
        let progress = TableProgress {
            seeds: 20,
            done: 0,
            positions: 1,
            pits: 4,
            seeds_in_play: 24,
            empty_capture: false,
            this_board: true,
        };
        // One that ends: unmarked, and not counted by the mark.
        {
            let _mark = BuildMark { cache: &cache, key };
            *lock(&cache.table_work) = Some(((p.clone(), 16), progress.clone()));
            assert!(cache.table_progress(&p, 16).is_some());
        }
        assert_eq!(cache.table_progress(&p, 16), None);
        assert!(lock(&cache.built).is_empty());
        // One that panics.
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _mark = BuildMark { cache: &cache, key };
            *lock(&cache.table_work) = Some(((p.clone(), 16), progress.clone()));
            panic!("a bug inside the build");
        }));
        assert!(panicked.is_err());
        assert_eq!(cache.table_progress(&p, 16), None);
        assert_eq!(*lock(&cache.built), vec![key]);
    }
}
