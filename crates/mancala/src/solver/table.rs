//! The transposition table: bounds on the future value of positions met
//! before, shared by the search's threads, keyed exactly.
//!
//! The table is `2^bits` 64-bit words, laid out one of two ways
//! ([`Layout`]):
//!
//! - **compact**, one word an entry and eight entries a bucket (one 64-byte
//!   cache line). A position's *code* is its stars-and-bars rank among all
//!   positions with at most as many seeds as the root (a dense number, the
//!   endgame tables' index), put through a bijection of as many bits as
//!   the ranks need (`mix`). The code's low bits choose the bucket, and
//!   the rest, at most [`CHECK_BITS`], are kept in the entry with its
//!   bounds: bucket and check together give back the code, so an entry is
//!   never taken for another position's. One word is written and read at
//!   once, so threads never see half of an entry.
//! - **wide**, for boards whose codes do not fit (8 pits a side with many
//!   seeds): four words an entry (the pits themselves as the key, the
//!   bounds, a version that a writer makes odd while it writes), two
//!   entries a bucket.
//!
//! Four entries in the bytes of one wide entry, and eight to choose among
//! when one is replaced, hold more of the search for the same memory
//! (measured in `docs/mancala.md`).

use std::sync::atomic::{AtomicU64, Ordering, fence};

use crate::endgame::{Terms, positions_for, rank};
use crate::position::{Pits, pits_in};

/// Check bits a compact entry keeps: the code's bits above the bucket's.
pub(super) const CHECK_BITS: u32 = 34;

/// Entries in a compact bucket (one cache line).
const SLOTS: usize = 8;

/// How the table's words hold entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layout {
    /// One word an entry, keyed by the code of a position among those with
    /// at most `seeds` seeds in the pits, a number of `bits` bits.
    Compact { seeds: u32, bits: u32 },
    /// Four words an entry, keyed by the pits.
    Wide,
}

impl Layout {
    /// The compact layout for positions of `pits` pits a side with at most
    /// `seeds` seeds in the pits, in a table of `2^table_bits` words, if
    /// their codes fit ([`CHECK_BITS`] above the bucket's); else the wide
    /// one.
    pub(super) fn for_board(pits: usize, seeds: u32, table_bits: u32) -> Layout {
        let n = positions_for(pits, seeds as usize);
        if n == u64::MAX {
            // Saturated: more positions than a word counts.
            return Layout::Wide;
        }
        let bits = (u64::BITS - (n - 1).leading_zeros()).max(1);
        if bits > bucket_bits(table_bits) + CHECK_BITS {
            return Layout::Wide;
        }
        Layout::Compact { seeds, bits }
    }
}

/// The bits that choose a compact bucket in a table of `2^table_bits`
/// words.
fn bucket_bits(table_bits: u32) -> u32 {
    table_bits - SLOTS.trailing_zeros()
}

/// A bijection of the numbers below `2^bits` (`bits` from 1 to 64): two
/// rounds of a multiplication by an odd number and a shift-xor, each
/// invertible on `bits` bits, so that the low bits (the bucket) depend on
/// all of them. The search calls [`mix_in`], with the mask and the shift
/// worked out once.
#[cfg(test)]
fn mix(x: u64, bits: u32) -> u64 {
    mix_in(x, u64::MAX >> (64 - bits), bits / 2 + 1)
}

/// The bijection of `mix` for `bits` bits, given `mask` = `2^bits - 1` and
/// `shift` = `bits / 2 + 1`.
#[inline(always)]
fn mix_in(x: u64, mask: u64, shift: u32) -> u64 {
    let mut x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) & mask;
    x ^= x >> shift;
    x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93) & mask;
    x ^ (x >> shift)
}

/// The wide layout's bucket hash of a position's pits.
#[inline(always)]
fn hash(k: u128) -> usize {
    let x = (k as u64) ^ ((k >> 64) as u64).rotate_left(29);
    let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x ^ (x >> 29)) as usize
}

/// Bounds on a position's future value and the move that was best there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    pub best: u8,
}

/// Where a position's entry may be: the first slot of its bucket and what
/// identifies it there (compact: its check with the valid bit, as the
/// word's high bits; wide: its pits).
#[derive(Clone, Copy)]
pub(super) struct Loc {
    at: usize,
    tag: u128,
}

/// The table, as a search sees it.
pub(super) struct Table<'a> {
    words: &'a [AtomicU64],
    layout: Layout,
    /// The ranks' terms for the compact code.
    terms: &'a Terms,
    /// Buckets - 1.
    buckets: usize,
    /// log2 of the buckets (compact).
    bucket_bits: u32,
    /// The compact code's bits, as a mask, and `mix`'s shift for them.
    code_mask: u64,
    code_shift: u32,
    /// The only thread searching: a wide entry is written without the
    /// version's atomic exchange, which would wait for every access
    /// before it.
    alone: bool,
}

// A compact word: lower bound (9 bits, two's complement), upper bound (9),
// best move (3), seeds left (8), valid (1), check (`CHECK_BITS`).
const UPPER_AT: u32 = 9;
const BEST_AT: u32 = 18;
const LEFT_AT: u32 = 21;
const TAG_AT: u32 = 29;

/// A wide entry's words: the key's two halves, the packed data, a version.
const WORDS: usize = 4;
const KEY_LO: usize = 0;
const KEY_HI: usize = 1;
const DATA: usize = 2;
const VERSION: usize = 3;

impl<'a> Table<'a> {
    /// `words` (a power of two, at least 2^10) laid out as `layout`, one
    /// thread searching when `alone`.
    pub(super) fn new(
        words: &'a [AtomicU64],
        layout: Layout,
        terms: &'a Terms,
        alone: bool,
    ) -> Table<'a> {
        let table_bits = words.len().trailing_zeros();
        let (buckets, bucket_bits) = match layout {
            Layout::Compact { .. } => (words.len() / SLOTS, bucket_bits(table_bits)),
            Layout::Wide => (words.len() / WORDS / 2, 0),
        };
        let code_bits = match layout {
            Layout::Compact { bits, .. } => bits,
            Layout::Wide => 64,
        };
        Table {
            words,
            layout,
            terms,
            buckets: buckets - 1,
            bucket_bits,
            code_mask: u64::MAX >> (64 - code_bits),
            code_shift: code_bits / 2 + 1,
            alone,
        }
    }

    /// Where position `p` (of `M` pits a side, 0: `m`) belongs.
    #[inline(always)]
    pub(super) fn locate<const M: usize>(&self, p: Pits, m: usize) -> Loc {
        match self.layout {
            Layout::Compact { .. } => {
                let code = mix_in(
                    rank(self.terms, p, pits_in::<M>(m)) as u64,
                    self.code_mask,
                    self.code_shift,
                );
                Loc {
                    at: (code as usize & self.buckets) * SLOTS,
                    tag: u128::from((code >> self.bucket_bits) << 1 | 1),
                }
            }
            Layout::Wide => Loc {
                at: (hash(p) & self.buckets) * 2,
                tag: p,
            },
        }
    }

    /// Start bringing `loc`'s bucket into the cache.
    #[inline(always)]
    pub(super) fn prefetch(&self, loc: Loc) {
        let word = match self.layout {
            Layout::Compact { .. } => &self.words[loc.at],
            Layout::Wide => &self.wide(loc.at)[0],
        };
        crate::bytes::prefetch(word);
    }

    /// The entry for the position at `loc`, with its slot, if the table
    /// holds it.
    #[inline(always)]
    pub(super) fn read(&self, loc: Loc) -> Option<(usize, Bounds)> {
        match self.layout {
            Layout::Compact { .. } => {
                // Every word matched by a select, no branch on them. A
                // matching word has its valid bit, so it is not 0. (Two
                // threads may both have put a position in a bucket: then
                // either entry holds true bounds, and the last is taken.)
                let tag = compact_tag(loc);
                let (mut hit, mut slot) = (0u64, 0usize);
                for (s, word) in self.bucket(loc.at).iter().enumerate() {
                    let w = word.load(Ordering::Relaxed);
                    if w >> TAG_AT == tag {
                        (hit, slot) = (w, s);
                    }
                }
                (hit != 0).then(|| (loc.at + slot, compact_bounds(hit)))
            }
            Layout::Wide => (loc.at..loc.at + 2).find_map(|slot| {
                let w = self.wide(slot);
                let version = w[VERSION].load(Ordering::Acquire);
                let (key, data) = (wide_key(w), w[DATA].load(Ordering::Relaxed));
                fence(Ordering::Acquire);
                (unchanged(w, version) && key == loc.tag).then(|| (slot, wide_bounds(data)))
            }),
        }
    }

    /// The entries of several positions at once: `found(c, bounds)` for
    /// each `c` whose place `locs[c]` holds an entry (none for `None`).
    /// Every read is issued before any is used, so that their cache misses
    /// overlap.
    #[inline(always)]
    pub(super) fn read_all<const N: usize>(
        &self,
        locs: &[Option<Loc>; N],
        mut found: impl FnMut(usize, Bounds),
    ) {
        match self.layout {
            Layout::Compact { .. } => {
                // Every bucket's words matched by selects (as `read`), with
                // no branch on them, so that all the misses are under way
                // at once; then the matches.
                let mut held = [0u64; N];
                for (h, loc) in held.iter_mut().zip(locs) {
                    if let Some(loc) = loc {
                        let tag = compact_tag(*loc);
                        for word in self.bucket(loc.at) {
                            let w = word.load(Ordering::Relaxed);
                            if w >> TAG_AT == tag {
                                *h = w;
                            }
                        }
                    }
                }
                for (c, &h) in held.iter().enumerate() {
                    if h != 0 {
                        found(c, compact_bounds(h));
                    }
                }
            }
            Layout::Wide => {
                // The versions of both entries of each bucket first, with
                // no branch on them, then the entries, then the versions
                // again (as `read`).
                let mut versions = [[0u64; 2]; N];
                for (v, loc) in versions.iter_mut().zip(locs) {
                    if let Some(loc) = loc {
                        *v = [0, 1].map(|e| self.wide(loc.at + e)[VERSION].load(Ordering::Acquire));
                    }
                }
                let mut held = [(u8::MAX, 0u64); N];
                for (h, loc) in held.iter_mut().zip(locs) {
                    if let Some(loc) = loc {
                        for e in 0..2 {
                            let w = self.wide(loc.at + e);
                            if wide_key(w) == loc.tag {
                                *h = (e as u8, w[DATA].load(Ordering::Relaxed));
                                break;
                            }
                        }
                    }
                }
                fence(Ordering::Acquire);
                for c in 0..N {
                    let (e, data) = held[c];
                    if let (Some(loc), true) = (locs[c], e != u8::MAX) {
                        let e = usize::from(e);
                        if unchanged(self.wide(loc.at + e), versions[c][e]) {
                            found(c, wide_bounds(data));
                        }
                    }
                }
            }
        }
    }

    /// Keep `bounds` for the position at `loc` with `left` seeds in its
    /// pits: in its own slot `found` if it had one, else in place of the
    /// bucket's entry with the fewest seeds left (the least work behind
    /// it). A wide entry another thread is writing is left to it (the
    /// table only ever loses work).
    #[inline(always)]
    pub(super) fn write(&self, loc: Loc, found: Option<usize>, bounds: Bounds, left: u8) {
        debug_assert!(
            (-256..256).contains(&bounds.lower) && (-256..256).contains(&bounds.upper),
            "{bounds:?}"
        );
        match self.layout {
            Layout::Compact { .. } => {
                let slot = match found {
                    Some(slot) => slot,
                    None => {
                        let (mut least, mut fewest) = (0, u8::MAX);
                        for (s, word) in self.bucket(loc.at).iter().enumerate() {
                            let left = (word.load(Ordering::Relaxed) >> LEFT_AT) as u8;
                            if left < fewest {
                                (least, fewest) = (s, left);
                            }
                        }
                        loc.at + least
                    }
                };
                let w = (bounds.lower as u64 & 0x1FF)
                    | (bounds.upper as u64 & 0x1FF) << UPPER_AT
                    | u64::from(bounds.best & 7) << BEST_AT
                    | u64::from(left) << LEFT_AT
                    | (loc.tag as u64) << TAG_AT;
                self.words[slot].store(w, Ordering::Relaxed);
            }
            Layout::Wide => {
                let left_at = |slot: usize| {
                    let w = self.wide(slot);
                    (w[DATA].load(Ordering::Relaxed) >> 40) as u8
                };
                let slot = found.unwrap_or(if left_at(loc.at) <= left_at(loc.at + 1) {
                    loc.at
                } else {
                    loc.at + 1
                });
                let w = self.wide(slot);
                let data = u64::from(bounds.lower as i16 as u16)
                    | u64::from(bounds.upper as i16 as u16) << 16
                    | u64::from(bounds.best) << 32
                    | u64::from(left) << 40;
                let fill = || {
                    w[KEY_LO].store(loc.tag as u64, Ordering::Relaxed);
                    w[KEY_HI].store((loc.tag >> 64) as u64, Ordering::Relaxed);
                    w[DATA].store(data, Ordering::Relaxed);
                };
                if self.alone {
                    // Nobody reads while this thread writes.
                    fill();
                    return;
                }
                let version = w[VERSION].load(Ordering::Relaxed);
                if version & 1 == 1
                    || w[VERSION]
                        .compare_exchange(
                            version,
                            version + 1,
                            Ordering::Acquire,
                            Ordering::Relaxed,
                        )
                        .is_err()
                {
                    return;
                }
                fence(Ordering::Release);
                fill();
                w[VERSION].store(version + 2, Ordering::Release);
            }
        }
    }

    /// The words of the compact bucket starting at word `at`.
    #[inline(always)]
    fn bucket(&self, at: usize) -> &[AtomicU64; SLOTS] {
        self.words[at..at + SLOTS]
            .try_into()
            .expect("a bucket is SLOTS words")
    }

    /// The words of wide entry `slot`.
    #[inline(always)]
    fn wide(&self, slot: usize) -> &[AtomicU64] {
        &self.words[slot * WORDS..slot * WORDS + WORDS]
    }
}

/// A compact entry's tag (check and valid bit: at most `CHECK_BITS + 1`
/// bits), as the high bits of its word hold it.
#[inline(always)]
fn compact_tag(loc: Loc) -> u64 {
    loc.tag as u64
}

/// The key (pits) a wide entry `w` holds, read relaxed: valid only if the
/// entry is [`unchanged`] after.
#[inline(always)]
fn wide_key(w: &[AtomicU64]) -> u128 {
    u128::from(w[KEY_LO].load(Ordering::Relaxed))
        | u128::from(w[KEY_HI].load(Ordering::Relaxed)) << 64
}

/// Whether a wide entry `w`, read under `version` and after an acquire
/// fence, was whole: no writer was at it then, nor has been since.
#[inline(always)]
fn unchanged(w: &[AtomicU64], version: u64) -> bool {
    version & 1 == 0 && w[VERSION].load(Ordering::Relaxed) == version
}

#[inline(always)]
fn compact_bounds(w: u64) -> Bounds {
    Bounds {
        lower: ((w << (64 - UPPER_AT)) as i64 >> (64 - UPPER_AT)) as i32,
        upper: ((w << (64 - BEST_AT)) as i64 >> (64 - UPPER_AT)) as i32,
        best: (w >> BEST_AT) as u8 & 7,
    }
}

#[inline(always)]
fn wide_bounds(data: u64) -> Bounds {
    Bounds {
        lower: i32::from(data as u16 as i16),
        upper: i32::from((data >> 16) as u16 as i16),
        best: (data >> 32) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::terms;
    use crate::position::pack;

    #[test]
    fn mix_is_a_bijection() {
        for bits in 1..=16 {
            let n = 1usize << bits;
            let mut seen = vec![false; n];
            for x in 0..n as u64 {
                let y = mix(x, bits) as usize;
                assert!(y < n && !seen[y], "{bits} bits: {x} -> {y}");
                seen[y] = true;
            }
        }
    }

    /// Every position of a small board gets its own bucket and check, and
    /// an entry written for one is read back for it alone.
    #[test]
    fn compact_keys_are_exact() {
        let (pits, seeds, table_bits) = (2, 9, 10);
        let layout = Layout::for_board(pits, seeds, table_bits);
        // 715 positions: 10 bits of code, 7 of bucket, 3 of check.
        assert_eq!(layout, Layout::Compact { seeds, bits: 10 });
        let terms = terms(pits, seeds as usize);
        let mut all = Vec::new();
        for a in 0..=9u8 {
            for b in 0..=9 - a {
                for c in 0..=9 - a - b {
                    for d in 0..=9 - a - b - c {
                        all.push(pack(&[a, b, c, d]));
                    }
                }
            }
        }
        assert_eq!(all.len() as u64, positions_for(pits, 9));
        let words: Vec<AtomicU64> = (0..1 << table_bits).map(|_| AtomicU64::new(0)).collect();
        let table = Table::new(&words, layout, &terms, true);
        let mut seen = std::collections::HashSet::new();
        for &p in &all {
            let loc = table.locate::<0>(p, pits);
            assert!(seen.insert((loc.at, loc.tag)), "{p:x}");
        }
        // Write some positions, each with bounds of its own, and read every
        // position back: the written ones find their bounds, the others
        // nothing (a bucket holds eight, so write at most eight a bucket).
        let mut per_bucket = std::collections::HashMap::new();
        let mut written = std::collections::HashMap::new();
        for (i, &p) in all.iter().enumerate() {
            let loc = table.locate::<0>(p, pits);
            let n = per_bucket.entry(loc.at).or_insert(0);
            if *n == SLOTS || i % 3 != 0 {
                continue;
            }
            *n += 1;
            let b = Bounds {
                lower: -(i as i32 % 200),
                upper: i as i32 % 255,
                best: (i % 8) as u8,
            };
            table.write(loc, None, b, 1 + (i % 200) as u8);
            written.insert(p, b);
        }
        for &p in &all {
            let got = table.read(table.locate::<0>(p, pits)).map(|(_, b)| b);
            assert_eq!(got, written.get(&p).copied(), "{p:x}");
        }
    }

    /// Two threads may both have put one position in a bucket (each read
    /// it missing, then wrote it): a read gives one of the two entries
    /// whole, never a mix of their bits.
    #[test]
    fn a_position_written_twice_reads_as_one_of_its_entries() {
        let (pits, seeds, table_bits) = (2, 9, 10);
        let layout = Layout::for_board(pits, seeds, table_bits);
        let terms = terms(pits, seeds as usize);
        let words: Vec<AtomicU64> = (0..1 << table_bits).map(|_| AtomicU64::new(0)).collect();
        let table = Table::new(&words, layout, &terms, false);
        let p = pack(&[1, 2, 3, 1]);
        let loc = table.locate::<0>(p, pits);
        let a = Bounds {
            lower: -3,
            upper: 5,
            best: 1,
        };
        let b = Bounds {
            lower: 2,
            upper: 2,
            best: 6,
        };
        // Neither write knows of the other's slot: the second takes an
        // empty one (fewer seeds left than the first's).
        table.write(loc, None, a, 7);
        table.write(loc, None, b, 7);
        let tag = (loc.tag as u64) << TAG_AT;
        let copies = words
            .iter()
            .filter(|w| w.load(Ordering::Relaxed) >> TAG_AT << TAG_AT == tag)
            .count();
        assert_eq!(copies, 2);
        let read = table.read(loc).map(|(_, e)| e);
        assert!(read == Some(a) || read == Some(b), "{read:?}");
        let mut all = Vec::new();
        table.read_all(&[None, Some(loc)], |c, e| all.push((c, e)));
        assert!(all == [(1, a)] || all == [(1, b)], "{all:?}");
    }

    #[test]
    fn boards_past_the_compact_code_are_wide() {
        // Kalah(6,4) in the default 2^24 words: 41 bits of code.
        assert_eq!(
            Layout::for_board(6, 48, 24),
            Layout::Compact {
                seeds: 48,
                bits: 41
            }
        );
        // 8 pits a side, 255 seeds: about 2^85 positions.
        assert_eq!(Layout::for_board(8, 255, 30), Layout::Wide);
        // 8 pits and 72 seeds (58 bits) fit from 2^27 words on.
        assert_eq!(Layout::for_board(8, 72, 26), Layout::Wide);
        assert!(matches!(
            Layout::for_board(8, 72, 27),
            Layout::Compact { .. }
        ));
    }
}
