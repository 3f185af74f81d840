//! Endgame databases: the exact value of every position with at most `K`
//! seeds left in the pits, for one board size and capture rule.
//!
//! The value of a position depends only on the pits and on who moves (the
//! stores only add a constant), so one table seen from the mover covers
//! both players. Positions are numbered by the stars-and-bars rank of their
//! pit counts among all with at most `K` seeds, so the table is a dense
//! array of one signed byte per position: the mover's future store
//! difference under perfect play.
//!
//! The table is filled level by level (seeds left, 1 to `K`). A move either
//! banks at least one seed (a sowing into the store, a capture, the end of
//! the game: a lower level, already filled) or sows only along the mover's
//! own row, which moves every seed it touches closer to that store: the
//! seeds' total distance to their owners' stores falls, so moves within a
//! level never come back to a position, and a recursion with memory over
//! them ends. Within a level the work is shared among threads; two threads
//! that meet the same position compute the same value, so the order of the
//! writes does not matter and the table is the same on every run.
//!
//! ```
//! use mancala::{CaptureRule, Position, endgame::Endgame, solver};
//!
//! // Every position of 3 pits a side with at most 6 seeds in the pits:
//! // C(6 + 6, 6) = 924 of them.
//! let db = Endgame::build(3, 6, CaptureRule::Empty).unwrap();
//! assert_eq!(db.positions(), 924);
//! // Kalah(3, 1) holds 6 seeds in the pits: the table knows its value,
//! // the one a search without the table finds; Kalah(3, 2) holds 12, too
//! // many.
//! let p = Position::kalah(3, 1, CaptureRule::Empty).unwrap();
//! let plain = solver::Options { endgame_seeds: Some(0), ..Default::default() };
//! assert_eq!(db.value(&p), Some(solver::solve(&p, &plain).unwrap().value));
//! let q = Position::kalah(3, 2, CaptureRule::Empty).unwrap();
//! assert_eq!(db.value(&q), None);
//! ```

use std::io::{Read, Write};
use std::sync::atomic::{AtomicI8, Ordering};

use rayon::prelude::*;

use crate::MancalaError;
use crate::bytes::Bytes;
use crate::position::{CaptureRule, Kind, Position, Sower, byte_sum};

/// Cells a position of the search holds: up to 8 pits a side.
pub(crate) const MAX: usize = 16;

/// A position as the search holds it: the mover's pits, then the other's,
/// one a byte (see [`Sower`]).
pub(crate) type Pits = u128;

const UNKNOWN: i8 = i8::MIN;

/// The largest table built or read: 2^32 positions (4 GiB).
pub const MAX_POSITIONS: u64 = 1 << 32;

const MAGIC: &[u8; 8] = b"KALAHEG2";

/// The magic of the first format (one checksum over the whole file).
const OLD_MAGIC: &[u8; 8] = b"KALAHEG1";

/// The exact values of every position with at most [`Endgame::seeds`]
/// seeds in the pits.
#[derive(Clone)]
pub struct Endgame {
    pits: usize,
    seeds: usize,
    rule: CaptureRule,
    /// `terms[j][s]` = C(s + j, j + 1): the rank's term for
    /// bar `j` after `s` seeds.
    terms: Terms,
    /// The values, each an `i8` held as its bits.
    values: Bytes,
}

impl std::fmt::Debug for Endgame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endgame")
            .field("pits", &self.pits)
            .field("seeds", &self.seeds)
            .field("rule", &self.rule)
            .field("positions", &self.values.len())
            .finish()
    }
}

/// C(n, r), saturating at `u64::MAX`.
fn choose(n: u64, r: u64) -> u64 {
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

/// How many positions of `pits` pits a side hold at most `seeds` seeds in
/// the pits: C(seeds + 2 pits, 2 pits).
pub fn positions_for(pits: usize, seeds: usize) -> u64 {
    choose((seeds + 2 * pits) as u64, (2 * pits) as u64)
}

fn check_size(pits: usize, seeds: usize) -> Result<u64, MancalaError> {
    if pits == 0 {
        return Err(MancalaError::NoPits);
    }
    if 2 * pits > MAX {
        return Err(MancalaError::TooLargeToSolve(format!(
            "{pits} pits a side; endgame tables take at most 8"
        )));
    }
    if seeds > 127 {
        return Err(MancalaError::TooLargeToSolve(format!(
            "an endgame table of {seeds} seeds; at most 127"
        )));
    }
    let n = positions_for(pits, seeds);
    if n > MAX_POSITIONS {
        return Err(MancalaError::TooLargeToSolve(format!(
            "an endgame table of {seeds} seeds for {pits} pits a side has {n} positions; at most {MAX_POSITIONS}"
        )));
    }
    Ok(n)
}

/// The rank's terms: row `j` (a cell), column `s` (seeds up to and in it).
/// Rows and columns are as wide as a cell index and a byte go, so indexing
/// needs no bounds checks.
type Terms = Box<[[u64; 256]; MAX]>;

fn terms(pits: usize, seeds: usize) -> Terms {
    let mut t: Terms = Box::new([[0u64; 256]; MAX]);
    for (j, row) in t.iter_mut().enumerate().take(2 * pits) {
        for (s, term) in row.iter_mut().enumerate().take(seeds + 1) {
            *term = choose((s + j) as u64, (j + 1) as u64);
        }
    }
    t
}

/// The other side to move: swap the halves.
#[inline(always)]
pub(crate) fn flip(q: Pits, m: usize) -> Pits {
    let half = 8 * m as u32;
    let mask = if 2 * m == MAX {
        u128::MAX
    } else {
        (1u128 << (2 * half)) - 1
    };
    ((q >> half) | (q << half)) & mask
}

/// A position from its pit counts, the mover's first.
pub(crate) fn pack(counts: &[u8]) -> Pits {
    let mut b = [0u8; MAX];
    b[..counts.len()].copy_from_slice(counts);
    u128::from_le_bytes(b)
}

struct Builder<'a> {
    pits: usize,
    sower: Sower,
    terms: &'a Terms,
    values: &'a [AtomicI8],
}

impl Builder<'_> {
    fn value(&self, p: Pits) -> i32 {
        let m = self.pits;
        let idx = rank(self.terms, p, m);
        let v = self.values[idx].load(Ordering::Relaxed);
        if v != UNKNOWN {
            return i32::from(v);
        }
        let own = (1u128 << (8 * m)) - 1;
        let mine = byte_sum(p & own) as i32;
        let theirs = byte_sum(p & !own) as i32;
        if mine == 0 || theirs == 0 {
            // An over position (never asked for in play): each side banks
            // its own row.
            let v = mine - theirs;
            self.values[idx].store(v as i8, Ordering::Relaxed);
            return v;
        }
        // The children first, then all their reads at once (so the cache
        // misses overlap), then the ones not yet known, by recursion.
        let mut kids = [0u128; MAX / 2];
        let mut gains = [0i32; MAX / 2];
        let mut sign = [0i32; MAX / 2]; // 0 over, 1 again, -1 the other side
        let mut at = [0usize; MAX / 2];
        let mut count = 0;
        for i in 0..m {
            let Some(child) = self.sower.child(p, i) else {
                continue;
            };
            gains[count] = child.gain;
            sign[count] = match child.kind {
                Kind::Over => 0,
                Kind::Again => 1,
                Kind::Other => -1,
            };
            if sign[count] != 0 {
                kids[count] = child.pits;
                at[count] = rank(self.terms, kids[count], m);
            }
            count += 1;
        }
        let mut known = [0i8; MAX / 2];
        for c in 0..count {
            if sign[c] != 0 {
                known[c] = self.values[at[c]].load(Ordering::Relaxed);
            }
        }
        let mut best = i32::MIN;
        for c in 0..count {
            let v = match sign[c] {
                0 => gains[c],
                s => {
                    let child = if known[c] == UNKNOWN {
                        self.value(kids[c])
                    } else {
                        i32::from(known[c])
                    };
                    gains[c] + s * child
                }
            };
            best = best.max(v);
        }
        self.values[idx].store(best as i8, Ordering::Relaxed);
        best
    }

    /// Every position of `level` seeds whose last two cells hold `a` and
    /// `b`, in the table's order (so the writes run forward).
    fn fill(&self, level: usize, a: usize, b: usize) {
        let cells = 2 * self.pits;
        let mut p = [0u8; MAX];
        p[cells - 1] = a as u8;
        p[cells - 2] = b as u8;
        let rest = level - a - b;
        let inner = cells - 2;
        if inner == 0 {
            if rest == 0 {
                self.value(pack(&p[..cells]));
            }
            return;
        }
        // The compositions of `rest` into cells 0..inner, from all in the
        // highest cell to all in cell 0: rank order.
        p[inner - 1] = rest as u8;
        loop {
            self.value(pack(&p[..cells]));
            let mut c = 1;
            while c < inner && p[c] == 0 {
                c += 1;
            }
            if c == inner {
                break;
            }
            p[c] -= 1;
            let t = p[0];
            p[0] = 0;
            p[c - 1] += t + 1;
        }
    }
}

/// The rank of `p` among all positions with at most `seeds` seeds in the
/// pits (its total must not exceed `seeds`).
#[inline]
pub(crate) fn rank(terms: &Terms, p: Pits, m: usize) -> usize {
    // Every byte of `prefix` is the sum of the bytes up to it (no byte of
    // a position the table holds reaches 256).
    let prefix = p.wrapping_mul(u128::from_le_bytes([1; 16])).to_le_bytes();
    let mut r = 0u64;
    for j in 0..2 * m {
        r += terms[j & (MAX - 1)][prefix[j] as usize];
    }
    r as usize
}

impl Endgame {
    /// Build the table for `pits` pits a side, every position with at most
    /// `seeds` seeds in the pits, under `rule`. It uses rayon's threads;
    /// the result does not depend on their number.
    ///
    /// # Errors
    /// [`MancalaError::NoPits`]; [`MancalaError::TooLargeToSolve`] for more
    /// than 8 pits a side, more than 127 seeds or more than
    /// [`MAX_POSITIONS`] positions.
    pub fn build(pits: usize, seeds: usize, rule: CaptureRule) -> Result<Endgame, MancalaError> {
        Endgame::build_with_progress(pits, seeds, rule, &|_| {})
    }

    /// [`Endgame::build`], calling `progress` with the positions done so
    /// far after each level (seeds left) is complete.
    ///
    /// # Errors
    /// As [`Endgame::build`].
    pub fn build_with_progress(
        pits: usize,
        seeds: usize,
        rule: CaptureRule,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Endgame, MancalaError> {
        let n = check_size(pits, seeds)? as usize;
        let terms = terms(pits, seeds);
        let values: Vec<AtomicI8> = (0..n).map(|_| AtomicI8::new(UNKNOWN)).collect();
        // Rank 0 is the empty board; it is never asked for (the game is
        // over), and holds 0.
        values[0].store(0, Ordering::Relaxed);
        let builder = Builder {
            pits,
            sower: Sower::new(pits, rule),
            terms: &terms,
            values: &values,
        };
        for level in 1..=seeds {
            // In rank order: the last cell, then the one before, from most
            // seeds to fewest.
            let starts: Vec<(usize, usize)> = (0..=level)
                .rev()
                .flat_map(|a| (0..=level - a).rev().map(move |b| (a, b)))
                .collect();
            starts
                .par_iter()
                .with_max_len(1)
                .for_each(|&(a, b)| builder.fill(level, a, b));
            progress(positions_for(pits, level));
        }
        let values = Bytes::from_vec(values.into_iter().map(|v| v.into_inner() as u8).collect());
        Ok(Endgame {
            pits,
            seeds,
            rule,
            terms,
            values,
        })
    }

    /// Pits a side.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// The most seeds in the pits of a position the table holds.
    pub fn seeds(&self) -> usize {
        self.seeds
    }

    /// The capture rule.
    pub fn rule(&self) -> CaptureRule {
        self.rule
    }

    /// Positions held (one byte each).
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// The final store difference, from the mover's side, of `position`
    /// under perfect play: `None` when the table does not hold it (another
    /// size or rule, or more seeds in the pits).
    pub fn value(&self, position: &Position) -> Option<i32> {
        if position.pits() != self.pits || position.rule() != self.rule {
            return None;
        }
        let stores = position.stores();
        let me = position.to_move();
        let banked = stores[me] as i64 - stores[1 - me] as i64;
        if position.is_over() {
            return i32::try_from(banked).ok();
        }
        let oriented = position.oriented();
        let total: u64 = oriented.iter().map(|&x| u64::from(x)).sum();
        if total > self.seeds as u64 {
            return None;
        }
        let counts: Vec<u8> = oriented.iter().map(|&x| x as u8).collect();
        i32::try_from(banked + i64::from(self.get(pack(&counts)))).ok()
    }

    /// The future value of a search position holding at most `seeds`
    /// seeds.
    #[inline]
    pub(crate) fn get(&self, p: Pits) -> i8 {
        self.at(self.index(p))
    }

    /// Where a search position (at most `seeds` seeds) sits in the table.
    #[inline]
    pub(crate) fn index(&self, p: Pits) -> usize {
        rank(&self.terms, p, self.pits)
    }

    /// The value at an index.
    #[inline]
    pub(crate) fn at(&self, index: usize) -> i8 {
        self.values[index] as i8
    }

    /// Write the table: a header (magic, pits, seeds, rule, count), the
    /// values, a checksum.
    ///
    /// # Errors
    /// The writer's.
    pub fn save<W: Write + ?Sized>(&self, w: &mut W) -> std::io::Result<()> {
        w.write_all(MAGIC)?;
        w.write_all(&[
            self.pits as u8,
            self.seeds as u8,
            u8::from(self.rule == CaptureRule::Empty),
            0,
        ])?;
        w.write_all(&(self.values.len() as u64).to_le_bytes())?;
        w.write_all(&self.values)?;
        w.write_all(&check(&self.values).0.to_le_bytes())?;
        w.flush()
    }

    /// Read a table written by [`Endgame::save`].
    ///
    /// # Errors
    /// [`MancalaError::BadEndgame`] naming what is wrong: not such a file,
    /// a size that does not match its header, a bad checksum, a value out
    /// of range.
    pub fn load(r: &mut impl Read) -> Result<Endgame, MancalaError> {
        let mut head = [0u8; HEADER];
        r.read_exact(&mut head)
            .map_err(|e| bad(format!("cannot read the header: {e}")))?;
        let (pits, seeds, rule, n) = parse_header(&head)?;
        let mut values = hold(n)?;
        let mut got = 0;
        while got < values.len() {
            match r.read(&mut values[got..]) {
                Ok(0) => return Err(ends_early(got as u64, n)),
                Ok(k) => got += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(bad(format!("cannot read the values: {e}"))),
            }
        }
        let mut tail = Vec::with_capacity(9);
        r.take(9)
            .read_to_end(&mut tail)
            .map_err(|e| bad(format!("cannot read the values: {e}")))?;
        if tail.len() < 8 {
            return Err(ends_early(n + tail.len() as u64, n));
        }
        if tail.len() > 8 {
            return Err(bad("bytes after the checksum".into()));
        }
        let sum = u64::from_le_bytes(tail[..8].try_into().expect("8 bytes"));
        let (ours, widest) = check(&values);
        Endgame::checked(pits, seeds, rule, values, sum, ours, widest)
    }

    /// Read the table file at `path` (written by [`Endgame::save`]): as
    /// [`Endgame::load`], but where the system allows reads at an offset
    /// (Unix) the blocks of values are read on all of rayon's threads at
    /// once, each checked (checksum, range) as soon as it is read, while it
    /// is still in the cache; the values go to huge pages where the system
    /// has them.
    ///
    /// # Errors
    /// As [`Endgame::load`], and when the file cannot be read.
    pub fn read_file(path: &std::path::Path) -> Result<Endgame, MancalaError> {
        let mut file =
            std::fs::File::open(path).map_err(|e| bad(format!("cannot read the file: {e}")))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileExt;
            let mut head = [0u8; HEADER];
            file.read_exact(&mut head)
                .map_err(|e| bad(format!("cannot read the header: {e}")))?;
            let (pits, seeds, rule, n) = parse_header(&head)?;
            let len = file
                .metadata()
                .map_err(|e| bad(format!("cannot read the file's size: {e}")))?
                .len();
            let after = len.saturating_sub(HEADER as u64);
            if after < n + 8 {
                return Err(ends_early(after, n));
            }
            if after > n + 8 {
                return Err(bad("bytes after the checksum".into()));
            }
            let mut values = hold(n)?;
            let blocks: Vec<(u64, u8)> = values
                .par_chunks_mut(CHECK_BLOCK)
                .enumerate()
                .map(|(i, block)| {
                    file.read_exact_at(block, (HEADER + i * CHECK_BLOCK) as u64)
                        .map(|()| check_block(block))
                })
                .collect::<std::io::Result<_>>()
                .map_err(|e| bad(format!("cannot read the values: {e}")))?;
            let mut sum = [0u8; 8];
            file.read_exact_at(&mut sum, HEADER as u64 + n)
                .map_err(|e| bad(format!("cannot read the checksum: {e}")))?;
            let (ours, widest) = combine(n, &blocks);
            Endgame::checked(
                pits,
                seeds,
                rule,
                values,
                u64::from_le_bytes(sum),
                ours,
                widest,
            )
        }
        #[cfg(not(unix))]
        {
            Endgame::load(&mut std::io::BufReader::new(&mut file))
        }
    }

    /// A table read from a file, if its checksum (`sum` read, `ours`
    /// computed) matches and its widest value is in range.
    fn checked(
        pits: usize,
        seeds: usize,
        rule: CaptureRule,
        values: Bytes,
        sum: u64,
        ours: u64,
        widest: u8,
    ) -> Result<Endgame, MancalaError> {
        if sum != ours {
            return Err(bad("the checksum does not match".into()));
        }
        if usize::from(widest) > seeds {
            return Err(bad(format!("a value outside -{seeds}..={seeds}")));
        }
        Ok(Endgame {
            pits,
            seeds,
            rule,
            terms: terms(pits, seeds),
            values,
        })
    }
}

/// Bytes before a table file's values.
const HEADER: usize = 20;

/// The values are checksummed in blocks of this many (the last one
/// shorter), and a file is read a block at a time on each thread.
const CHECK_BLOCK: usize = 1 << 20;

fn bad(why: String) -> MancalaError {
    MancalaError::BadEndgame(why)
}

fn ends_early(got: u64, n: u64) -> MancalaError {
    bad(format!(
        "the file ends early: {got} of {} bytes after the header",
        n + 8
    ))
}

/// A zeroed buffer for `n` values.
fn hold(n: u64) -> Result<Bytes, MancalaError> {
    Bytes::zeroed(n as usize)
        .map_err(|e| MancalaError::TooLargeToSolve(format!("{n} table values in memory: {e}")))
}

/// A table file's header: pits, seeds, rule and the positions it holds.
fn parse_header(head: &[u8; HEADER]) -> Result<(usize, usize, CaptureRule, u64), MancalaError> {
    if &head[..8] == OLD_MAGIC {
        return Err(bad(
            "a table in an older format (its checksum is read differently): build it again (games-cli mancala endgame build)".into(),
        ));
    }
    if &head[..8] != MAGIC {
        return Err(bad("not an endgame table (wrong magic)".into()));
    }
    let (pits, seeds) = (head[8] as usize, head[9] as usize);
    let rule = match head[10] {
        0 => CaptureRule::Seed,
        1 => CaptureRule::Empty,
        x => return Err(bad(format!("unknown capture rule {x}"))),
    };
    let n = check_size(pits, seeds).map_err(|e| bad(e.to_string()))?;
    let count = u64::from_le_bytes(head[12..20].try_into().expect("8 bytes"));
    if count != n {
        return Err(bad(format!(
            "the header says {count} positions; {pits} pits and {seeds} seeds make {n}"
        )));
    }
    Ok((pits, seeds, rule, n))
}

/// A table's checksum and the largest |value| (the values read as `i8`):
/// each block of [`CHECK_BLOCK`] values is checked on rayon's threads, then
/// the blocks' checksums are combined in order.
fn check(values: &[u8]) -> (u64, u8) {
    let blocks: Vec<(u64, u8)> = values.par_chunks(CHECK_BLOCK).map(check_block).collect();
    combine(values.len() as u64, &blocks)
}

/// The checksums of a table's blocks, in order, made one; and the largest
/// of their widest values.
fn combine(len: u64, blocks: &[(u64, u8)]) -> (u64, u8) {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    blocks.iter().fold((len, 0), |(h, w), &(b, bw)| {
        ((h ^ b).wrapping_mul(K).rotate_left(31), w.max(bw))
    })
}

/// A fast 64-bit checksum of one block, over 8-byte words in four lanes
/// (and the tail), and its largest |value|, in one pass over memory: each
/// 4 KiB is hashed, then folded while it is still in the cache.
fn check_block(bytes: &[u8]) -> (u64, u8) {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    const PIECE: usize = 4096;
    let mut lanes = [1u64, 2, 3, 4];
    let mut widest = 0u8;
    let whole = bytes.len() / 32 * 32;
    for piece in bytes[..whole].chunks(PIECE) {
        for c in piece.chunks_exact(32) {
            for (l, w) in lanes.iter_mut().zip(c.chunks_exact(8)) {
                let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
                *l = (*l ^ w).wrapping_mul(K).rotate_left(29);
            }
        }
        // A plain fold, which vectorises.
        widest = piece
            .iter()
            .fold(widest, |w, &v| w.max((v as i8).unsigned_abs()));
    }
    let mut h = lanes.iter().fold(bytes.len() as u64, |h, &l| {
        (h ^ l).wrapping_mul(K).rotate_left(31)
    });
    for &b in &bytes[whole..] {
        h = (h ^ u64::from(b)).wrapping_mul(K).rotate_left(31);
        widest = widest.max((b as i8).unsigned_abs());
    }
    (h, widest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Options, solve};

    /// Every position of up to `k` seeds on a board of `pits` a side, as a
    /// seed-layout board with empty stores.
    fn boards(pits: usize, k: usize) -> Vec<Vec<i64>> {
        let cells = 2 * pits;
        let mut out = Vec::new();
        let mut p = vec![0i64; cells];
        loop {
            let total: i64 = p.iter().sum();
            if total as usize <= k {
                let mut b = p[..pits].to_vec();
                b.push(0);
                b.extend_from_slice(&p[pits..]);
                b.push(0);
                out.push(b);
            }
            // Odometer over 0..=k in every cell.
            let mut j = 0;
            while j < cells && p[j] == k as i64 {
                p[j] = 0;
                j += 1;
            }
            if j == cells {
                return out;
            }
            p[j] += 1;
        }
    }

    #[test]
    fn every_value_is_the_searched_one() {
        let plain = Options {
            table_bits: 10,
            endgame_seeds: Some(0),
        };
        for rule in [CaptureRule::Seed, CaptureRule::Empty] {
            for (pits, k) in [(1, 9), (2, 8), (3, 7)] {
                let db = Endgame::build(pits, k, rule).unwrap();
                let all = boards(pits, k);
                assert_eq!(all.len() as u64, positions_for(pits, k));
                for b in &all {
                    for to_move in 0..2 {
                        let p = Position::new(b, to_move, rule).unwrap();
                        let want = solve(&p, &plain).unwrap().value;
                        assert_eq!(db.value(&p), Some(want), "{b:?} {to_move} {rule:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_table_does_not_depend_on_the_threads() {
        let bytes = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let db = pool
                .install(|| Endgame::build(4, 10, CaptureRule::Empty))
                .unwrap();
            let mut out = Vec::new();
            db.save(&mut out).unwrap();
            out
        };
        assert_eq!(bytes(1), bytes(3));
    }

    #[test]
    fn save_and_load_round_trip_and_damage_is_caught() {
        let db = Endgame::build(3, 6, CaptureRule::Seed).unwrap();
        let mut good = Vec::new();
        db.save(&mut good).unwrap();
        let back = Endgame::load(&mut good.as_slice()).unwrap();
        assert_eq!(
            (back.pits(), back.seeds(), back.rule()),
            (3, 6, CaptureRule::Seed)
        );
        assert_eq!(&back.values[..], &db.values[..]);
        let err = |bytes: &[u8]| match Endgame::load(&mut &bytes[..]) {
            Err(MancalaError::BadEndgame(why)) => why,
            other => panic!("expected an error, got {other:?}"),
        };
        let mut flipped = good.clone();
        flipped[100] ^= 1;
        assert!(err(&flipped).contains("checksum"));
        assert!(err(&good[..good.len() - 3]).contains("ends early"));
        let mut magic = good.clone();
        magic[0] = b'X';
        assert!(err(&magic).contains("magic"));
        let mut longer = good.clone();
        longer.push(0);
        assert!(err(&longer).contains("after the checksum"));
        assert!(err(&good[..5]).contains("header"));
    }

    #[test]
    fn table_files_are_read_in_parallel_and_damage_is_caught() {
        // Large enough that the values come in several blocks, mapped.
        let db = Endgame::build(4, 19, CaptureRule::Empty).unwrap();
        assert!(db.positions() > 2 * CHECK_BLOCK);
        let mut good = Vec::new();
        db.save(&mut good).unwrap();
        let dir = std::env::temp_dir().join(format!("mancala-read-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let read = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            Endgame::read_file(&path)
        };
        let back = read("good.db", &good).unwrap();
        assert_eq!(
            (back.pits(), back.seeds(), back.rule()),
            (4, 19, CaptureRule::Empty)
        );
        assert!(back.values[..] == db.values[..]);
        let p = Position::new(&[1, 0, 0, 0, 0, 0, 0, 0, 1, 0], 0, CaptureRule::Empty).unwrap();
        let plain = Options {
            endgame_seeds: Some(0),
            ..Options::default()
        };
        assert_eq!(back.value(&p), Some(solve(&p, &plain).unwrap().value));
        let err = |name: &str, bytes: &[u8]| match read(name, bytes) {
            Err(MancalaError::BadEndgame(why)) => why,
            other => panic!("expected an error, got {other:?}"),
        };
        // A flipped bit in the first block, in the last one, in the sum.
        for at in [HEADER + 7, good.len() - 100, good.len() - 3] {
            let mut flipped = good.clone();
            flipped[at] ^= 1;
            assert!(err("flipped.db", &flipped).contains("checksum"), "{at}");
            assert!(matches!(
                Endgame::load(&mut flipped.as_slice()),
                Err(MancalaError::BadEndgame(why)) if why.contains("checksum")
            ));
        }
        // A value out of range under a checksum that matches.
        let mut wide = good.clone();
        wide[HEADER + 12345] = 100;
        let n = wide.len() - 8;
        let sum = check(&wide[HEADER..n]).0;
        wide[n..].copy_from_slice(&sum.to_le_bytes());
        assert!(err("wide.db", &wide).contains("a value outside -19..=19"));
        assert!(err("short.db", &good[..good.len() - 3]).contains("ends early"));
        let mut longer = good.clone();
        longer.push(0);
        assert!(err("long.db", &longer).contains("after the checksum"));
        assert!(err("head.db", &good[..5]).contains("header"));
        let mut old = good.clone();
        old[..8].copy_from_slice(OLD_MAGIC);
        assert!(err("old.db", &old).contains("older format"));
        let missing = dir.join("missing.db");
        assert!(matches!(
            Endgame::read_file(&missing),
            Err(MancalaError::BadEndgame(why)) if why.contains("cannot read")
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(positions_for(6, 20), 225_792_840);
        assert!(matches!(
            Endgame::build(9, 2, CaptureRule::Seed),
            Err(MancalaError::TooLargeToSolve(_))
        ));
        assert!(matches!(
            Endgame::build(6, 40, CaptureRule::Seed),
            Err(MancalaError::TooLargeToSolve(_))
        ));
        assert!(matches!(
            Endgame::build(0, 2, CaptureRule::Seed),
            Err(MancalaError::NoPits)
        ));
    }
}
