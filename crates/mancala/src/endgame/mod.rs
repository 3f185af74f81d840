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

use crate::MancalaError;
use crate::bytes::Bytes;
use crate::position::{CaptureRule, MAX, Pits, Position, pack};

mod build;
mod file;
mod rank;
mod rows;
mod shard;

pub use shard::{LevelShard, MAX_SHARDS};

use rank::choose;
pub(crate) use rank::{Terms, rank, terms};

const UNKNOWN: i8 = i8::MIN;

/// The largest table built or read: 2^32 positions (4 GiB).
pub const MAX_POSITIONS: u64 = 1 << 32;

/// The most seeds an endgame table holds (a position's count fits a signed
/// byte).
pub const MAX_SEEDS: usize = 127;

/// The most pits a side of an endgame table (and of the solver).
pub const MAX_TABLE_PITS: usize = MAX / 2;

/// The exact values of every position with at most [`Endgame::seeds`]
/// seeds in the pits. A clone shares the values (they never change once
/// made), so a table can be saved on one thread while a solver reads it.
#[derive(Clone)]
pub struct Endgame {
    pits: usize,
    seeds: usize,
    rule: CaptureRule,
    /// `terms[j][s]` = C(s + j, j + 1): the rank's term for
    /// bar `j` after `s` seeds.
    terms: Terms,
    /// The values, each an `i8` held as its bits.
    values: std::sync::Arc<Bytes>,
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

/// The bytes [`Endgame::build`] holds for a table of `pits` pits a side
/// and `seeds` seeds: the table's (one a position) and its work's (every
/// row of a side with its moves and parts of the ranks). Saturates rather
/// than overflows.
pub fn build_bytes(pits: usize, seeds: usize) -> u64 {
    positions_for(pits, seeds).saturating_add(rows::working_bytes(pits, seeds))
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
    if pits > MAX_TABLE_PITS {
        return Err(MancalaError::TooLargeToSolve(format!(
            "{pits} pits a side; endgame tables take at most {MAX_TABLE_PITS}"
        )));
    }
    if seeds > MAX_SEEDS {
        return Err(MancalaError::TooLargeToSolve(format!(
            "an endgame table of {seeds} seeds; at most {MAX_SEEDS}"
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

impl Endgame {
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
        self.index_in::<0>(p)
    }

    /// [`Endgame::index`] for `M` pits a side (0: the table's own; see
    /// `Sower::child_in`).
    #[inline]
    pub(crate) fn index_in<const M: usize>(&self, p: Pits) -> usize {
        debug_assert!(M == 0 || M == self.pits);
        rank(&self.terms, p, crate::position::pits_in::<M>(self.pits))
    }

    /// The value at an index.
    #[inline]
    pub(crate) fn at(&self, index: usize) -> i8 {
        self.values[index] as i8
    }

    /// Start bringing the value at `index` into the cache.
    #[inline(always)]
    pub(crate) fn prefetch(&self, index: usize) {
        crate::bytes::prefetch_in(&self.values, index);
    }
}

#[cfg(test)]
mod tests {
    use super::file::{CHECK_BLOCK, HEADER, OLD_MAGIC, check};
    use super::*;
    use crate::solver::{Options, solve};

    /// Every position of up to `k` seeds on a board of `pits` a side, as a
    /// board in the handout's layout with empty stores.
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
            threads: 1,
        };
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
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
        let db = Endgame::build(3, 6, CaptureRule::Handout).unwrap();
        let mut good = Vec::new();
        db.save(&mut good).unwrap();
        let back = Endgame::load(&mut good.as_slice()).unwrap();
        assert_eq!(
            (back.pits(), back.seeds(), back.rule()),
            (3, 6, CaptureRule::Handout)
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
            Endgame::build(9, 2, CaptureRule::Handout),
            Err(MancalaError::TooLargeToSolve(_))
        ));
        assert!(matches!(
            Endgame::build(6, 40, CaptureRule::Handout),
            Err(MancalaError::TooLargeToSolve(_))
        ));
        assert!(matches!(
            Endgame::build(0, 2, CaptureRule::Handout),
            Err(MancalaError::NoPits)
        ));
    }
}
