//! Building a table one level further in shards: independent processes
//! (on one machine or many), each given the table below, fill contiguous
//! shares of the next level; the shares joined to the table below make the
//! larger table, byte for byte the one [`Endgame::build`] makes.
//!
//! Positions are ranked so that every table is the first part of every
//! larger one (the rank's last term depends only on the seeds in the
//! pits), so one more level is one more block at the end of the array.
//! Within that block, positions with the same last two cells are
//! contiguous; a shard takes the units whose first position falls in its
//! share of the block, `[K/N, (K+1)/N)`. A move within the level can reach
//! a position of another shard's share: the shard computes it too (it has
//! everything below), but writes only its own.
//!
//! ```
//! use mancala::CaptureRule;
//! use mancala::endgame::Endgame;
//!
//! // Every position of 2 pits a side with at most 5 seeds, then the
//! // sixth level in three shards, joined.
//! let below = Endgame::build(2, 5, CaptureRule::Empty).unwrap();
//! let shards: Vec<_> = (0..3).map(|k| below.build_shard(k, 3).unwrap()).collect();
//! let joined = below.extend(&shards).unwrap();
//! let whole = Endgame::build(2, 6, CaptureRule::Empty).unwrap();
//! let (mut a, mut b) = (Vec::new(), Vec::new());
//! joined.save(&mut a).unwrap();
//! whole.save(&mut b).unwrap();
//! assert_eq!(a, b);
//! ```

use std::io::{Read, Write};
use std::sync::atomic::Ordering;

use rayon::prelude::*;

use super::build::{Builder, atomics, units, values_buffer};
use super::file::{bad, check, hold, rule_from};
use super::{Endgame, check_size, positions_for, terms};
use crate::MancalaError;
use crate::position::{CaptureRule, Sower};

const MAGIC: &[u8; 8] = b"KALAHES1";

/// Bytes before a shard file's values: magic; pits, level, rule, 0; shard;
/// shards; first position; positions.
const HEADER: usize = 8 + 4 + 8 + 8 + 8 + 8;

/// The most shards a level is cut into: 65,536. The shares are kept in a
/// list of that many entries, and a shard computes every position its own
/// reach, so far more shards would only repeat work (and a count near
/// 2^64 would not fit memory at all).
pub const MAX_SHARDS: u64 = 1 << 16;

/// One shard's share of the level a table lacks (see the module's text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelShard {
    pits: usize,
    level: usize,
    rule: CaptureRule,
    index: u64,
    count: u64,
    /// Its first position, counted from the level's first.
    first: u64,
    values: Vec<u8>,
}

impl LevelShard {
    /// The level (seeds in the pits) it fills.
    pub fn level(&self) -> usize {
        self.level
    }

    /// Which shard, from 0, of [`LevelShard::count`].
    pub fn index(&self) -> u64 {
        self.index
    }

    /// Shards in all.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Positions it holds.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// Write it: a header (magic, pits, level, rule, shard, shards, first
    /// position, positions), the values, a checksum.
    ///
    /// # Errors
    /// The writer's.
    pub fn save<W: Write + ?Sized>(&self, w: &mut W) -> std::io::Result<()> {
        w.write_all(MAGIC)?;
        w.write_all(&[
            self.pits as u8,
            self.level as u8,
            u8::from(self.rule == CaptureRule::Empty),
            0,
        ])?;
        for x in [self.index, self.count, self.first, self.values.len() as u64] {
            w.write_all(&x.to_le_bytes())?;
        }
        w.write_all(&self.values)?;
        w.write_all(&check(&self.values).0.to_le_bytes())?;
        w.flush()
    }

    /// Read a shard written by [`LevelShard::save`].
    ///
    /// # Errors
    /// [`MancalaError::BadEndgame`] naming what is wrong: not a shard file,
    /// a header that does not add up, a file that ends early or runs on, a
    /// bad checksum, a value out of range.
    pub fn load(r: &mut impl Read) -> Result<LevelShard, MancalaError> {
        let mut head = [0u8; HEADER];
        r.read_exact(&mut head)
            .map_err(|e| bad(format!("cannot read the shard's header: {e}")))?;
        if &head[..8] != MAGIC {
            return Err(bad("not a table shard (wrong magic)".into()));
        }
        let (pits, level) = (head[8] as usize, head[9] as usize);
        let rule = rule_from(head[10])?;
        if level == 0 {
            return Err(bad("a shard of level 0".into()));
        }
        check_size(pits, level).map_err(|e| bad(e.to_string()))?;
        let word = |i: usize| u64::from_le_bytes(head[i..i + 8].try_into().expect("8 bytes"));
        let (index, count, first, len) = (word(12), word(20), word(28), word(36));
        if count == 0 || index >= count {
            return Err(bad(format!("shard {index} of {count}")));
        }
        if count > MAX_SHARDS {
            return Err(bad(format!("{count} shards; at most {MAX_SHARDS}")));
        }
        let size = level_size(pits, level);
        if first > size || len > size - first {
            return Err(bad(format!(
                "positions {first}..{} past the level's {size}",
                first.saturating_add(len)
            )));
        }
        let mut values = vec![0u8; len as usize];
        r.read_exact(&mut values)
            .map_err(|e| bad(format!("the file ends early: {e}")))?;
        let mut tail = Vec::with_capacity(9);
        r.take(9)
            .read_to_end(&mut tail)
            .map_err(|e| bad(format!("cannot read the checksum: {e}")))?;
        if tail.len() != 8 {
            return Err(bad(if tail.len() < 8 {
                "the file ends early".into()
            } else {
                "bytes after the checksum".into()
            }));
        }
        let (ours, widest) = check(&values);
        if u64::from_le_bytes(tail[..8].try_into().expect("8 bytes")) != ours {
            return Err(bad("the checksum does not match".into()));
        }
        if usize::from(widest) > level {
            return Err(bad(format!("a value outside -{level}..={level}")));
        }
        Ok(LevelShard {
            pits,
            level,
            rule,
            index,
            count,
            first,
            values,
        })
    }
}

/// Positions with exactly `level` seeds in the pits.
fn level_size(pits: usize, level: usize) -> u64 {
    positions_for(pits, level) - positions_for(pits, level - 1)
}

/// Where each shard's share starts, counted from the level's first
/// position, and (last) the level's size: a unit belongs to the shard whose
/// share `[K/N, (K+1)/N)` of the level holds its first position.
fn bounds(units: &[(usize, usize, u64)], count: u64) -> Vec<u64> {
    let size: u64 = units.iter().map(|u| u.2).sum();
    let mut starts = vec![size; count as usize + 1];
    let mut at = 0u64;
    for &(_, _, n) in units {
        let owner = (u128::from(at) * u128::from(count) / u128::from(size.max(1))) as usize;
        for s in &mut starts[..=owner] {
            *s = (*s).min(at);
        }
        at += n;
    }
    starts
}

impl Endgame {
    /// Fill shard `index` of `count` of the next level (one more seed than
    /// this table holds), on rayon's threads.
    ///
    /// # Errors
    /// [`MancalaError::BadShard`] for `index >= count` or no shards;
    /// [`MancalaError::TooManyShards`] past [`MAX_SHARDS`] (checked before
    /// any work);
    /// [`MancalaError::TooLargeToSolve`] when the larger table would be too
    /// large (see [`Endgame::build`]).
    pub fn build_shard(&self, index: u64, count: u64) -> Result<LevelShard, MancalaError> {
        if count == 0 || index >= count {
            return Err(MancalaError::BadShard { index, count });
        }
        if count > MAX_SHARDS {
            return Err(MancalaError::TooManyShards {
                count,
                most: MAX_SHARDS,
            });
        }
        let (pits, level) = (self.pits, self.seeds + 1);
        let n = check_size(pits, level)?;
        let below = self.values.len();
        let mut bytes = values_buffer(n as usize, &self.values)?;
        let values = atomics(&mut bytes);
        let terms = terms(pits, level);
        let builder = Builder {
            pits,
            sower: Sower::new(pits, self.rule),
            terms: &terms,
            values,
            specialised: true,
        };
        let units = units(pits, level);
        let starts = bounds(&units, count);
        let (first, end) = (starts[index as usize], starts[index as usize + 1]);
        let mut at = 0u64;
        let mine: Vec<(usize, usize)> = units
            .iter()
            .filter_map(|&(a, b, size)| {
                let start = at;
                at += size;
                (first..end).contains(&start).then_some((a, b))
            })
            .collect();
        mine.par_iter()
            .with_max_len(1)
            .for_each(|&(a, b)| builder.fill(level, a, b));
        let from = below + first as usize;
        let values = values[from..below + end as usize]
            .iter()
            .map(|v| v.load(Ordering::Relaxed) as u8)
            .collect();
        Ok(LevelShard {
            pits,
            level,
            rule: self.rule,
            index,
            count,
            first,
            values,
        })
    }

    /// This table with the next level added from its shards: every shard
    /// of one count, each once, in any order.
    ///
    /// # Errors
    /// [`MancalaError::BadEndgame`] naming the first shard that does not
    /// fit: another board, rule or level, another count, one missing or
    /// given twice, a share that is not its own.
    pub fn extend(&self, shards: &[LevelShard]) -> Result<Endgame, MancalaError> {
        let (pits, level) = (self.pits, self.seeds + 1);
        let Some(count) = shards.first().map(|s| s.count) else {
            return Err(bad("no shards to add".into()));
        };
        if count > MAX_SHARDS {
            return Err(MancalaError::TooManyShards {
                count,
                most: MAX_SHARDS,
            });
        }
        let n = check_size(pits, level)?;
        let starts = bounds(&units(pits, level), count);
        let mut by_index: Vec<Option<&LevelShard>> = vec![None; count as usize];
        for s in shards {
            let name = format!("shard {}/{}", s.index, s.count);
            if s.pits != pits || s.rule != self.rule || s.level != level {
                return Err(bad(format!(
                    "{name} fills level {} of {} pits a side ({:?} capture); this table needs level {level} of {pits} pits ({:?} capture)",
                    s.level, s.pits, s.rule, self.rule
                )));
            }
            if s.count != count {
                return Err(bad(format!("{name} is not one of {count} shards")));
            }
            let slot = &mut by_index[s.index as usize];
            if slot.is_some() {
                return Err(bad(format!("{name} is given twice")));
            }
            let (first, end) = (starts[s.index as usize], starts[s.index as usize + 1]);
            if s.first != first || s.values.len() as u64 != end - first {
                return Err(bad(format!("{name} does not hold its own share")));
            }
            *slot = Some(s);
        }
        let mut values = hold(n)?;
        let below = self.values.len();
        values[..below].copy_from_slice(&self.values);
        let mut at = below;
        for (k, s) in by_index.iter().enumerate() {
            let s = s.ok_or_else(|| bad(format!("shard {k}/{count} is missing")))?;
            values[at..at + s.values.len()].copy_from_slice(&s.values);
            at += s.values.len();
        }
        Ok(Endgame {
            pits,
            seeds: level,
            rule: self.rule,
            terms: terms(pits, level),
            values: std::sync::Arc::new(values),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saved(e: &Endgame) -> Vec<u8> {
        let mut v = Vec::new();
        e.save(&mut v).unwrap();
        v
    }

    #[test]
    fn units_tile_the_level() {
        for pits in 1..=4 {
            for level in 1..=9 {
                let total: u64 = units(pits, level).iter().map(|u| u.2).sum();
                assert_eq!(total, level_size(pits, level), "{pits} pits, {level}");
            }
        }
    }

    #[test]
    fn shards_joined_are_the_whole_table_for_any_count() {
        for rule in [CaptureRule::Empty, CaptureRule::Handout] {
            for (pits, seeds) in [(1, 6), (2, 7), (3, 6)] {
                let below = Endgame::build(pits, seeds, rule).unwrap();
                let whole = saved(&Endgame::build(pits, seeds + 1, rule).unwrap());
                for count in [1u64, 2, 3, 7, 40] {
                    let mut shards: Vec<LevelShard> = (0..count)
                        .map(|k| below.build_shard(k, count).unwrap())
                        .collect();
                    // Any order; through the file format.
                    shards.reverse();
                    let shards: Vec<LevelShard> = shards
                        .iter()
                        .map(|s| {
                            let mut f = Vec::new();
                            s.save(&mut f).unwrap();
                            LevelShard::load(&mut f.as_slice()).unwrap()
                        })
                        .collect();
                    let joined = below.extend(&shards).unwrap();
                    assert_eq!(saved(&joined), whole, "{pits} pits, {seeds} + 1, {count}");
                }
            }
        }
    }

    #[test]
    fn wrong_sets_of_shards_are_refused() {
        let below = Endgame::build(2, 5, CaptureRule::Empty).unwrap();
        let three: Vec<LevelShard> = (0..3).map(|k| below.build_shard(k, 3).unwrap()).collect();
        let msg = |r: Result<Endgame, MancalaError>| r.unwrap_err().to_string();
        assert!(msg(below.extend(&three[..2])).contains("shard 2/3 is missing"));
        assert!(msg(below.extend(&[three[0].clone(), three[0].clone()])).contains("given twice"));
        let other = below.build_shard(0, 2).unwrap();
        assert!(msg(below.extend(&[three[0].clone(), other])).contains("not one of 3"));
        let higher = below.extend(&three).unwrap();
        assert!(msg(higher.extend(&three)).contains("needs level 7"));
        assert!(msg(below.extend(&[])).contains("no shards"));
        assert!(matches!(
            below.build_shard(3, 3),
            Err(MancalaError::BadShard { index: 3, count: 3 })
        ));
        // Huge counts are refused before any work or allocation (u64::MAX
        // once overflowed a length, 2^32 - 1 asked for 32 GiB).
        for count in [MAX_SHARDS + 1, 1 << 32, u64::MAX >> 1, u64::MAX] {
            assert!(matches!(
                below.build_shard(0, count),
                Err(MancalaError::TooManyShards {
                    most: MAX_SHARDS,
                    ..
                })
            ));
        }
        assert!(below.build_shard(MAX_SHARDS - 1, MAX_SHARDS).is_ok());
        // A damaged shard file.
        let mut f = Vec::new();
        three[1].save(&mut f).unwrap();
        let last = f.len() - 9;
        f[last] ^= 1;
        assert!(
            LevelShard::load(&mut f.as_slice())
                .unwrap_err()
                .to_string()
                .contains("checksum")
        );
    }
}
