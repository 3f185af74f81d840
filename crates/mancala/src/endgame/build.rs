//! Filling a table level by level (seeds left), each level shared among
//! rayon's threads.

use std::sync::atomic::{AtomicI8, Ordering};

use rayon::prelude::*;

use super::{Endgame, Terms, UNKNOWN, check_size, choose, rank, terms};
use crate::MancalaError;
use crate::bytes::Bytes;
use crate::position::{CaptureRule, MAX, Pits, SPECIALISED, Sower, byte_sum, pack};

pub(super) struct Builder<'a> {
    pub(super) pits: usize,
    pub(super) sower: Sower,
    pub(super) terms: &'a Terms,
    pub(super) values: &'a [AtomicI8],
    /// Whether a board of [`SPECIALISED`] pits a side takes the build
    /// compiled for it (tests compare it with the general one).
    pub(super) specialised: bool,
}

impl Builder<'_> {
    /// The value of `p`, from the table or computed and kept, for `M` pits
    /// a side (0: `self.pits`; see [`Sower::child_in`]).
    fn value<const M: usize>(&self, p: Pits) -> i32 {
        self.value_of::<M>(p, rank(self.terms, p, self.sower.pits_in::<M>()))
    }

    /// [`Builder::value_of`], not inlined: the recursion.
    #[inline(never)]
    fn deeper<const M: usize>(&self, p: Pits, idx: usize) -> i32 {
        self.value_of::<M>(p, idx)
    }

    /// [`Builder::value`] of `p`, whose rank is `idx`.
    #[inline(always)]
    fn value_of<const M: usize>(&self, p: Pits, idx: usize) -> i32 {
        debug_assert_eq!(idx, rank(self.terms, p, self.sower.pits_in::<M>()));
        let m = self.sower.pits_in::<M>();
        let v = self.values[idx].load(Ordering::Relaxed);
        if v != UNKNOWN {
            return i32::from(v);
        }
        if self.sower.over_in::<M>(p) {
            let own = self.sower.own_in::<M>();
            // An over position (never asked for in play): each side banks
            // its own row.
            let v = byte_sum(p & own) as i32 - byte_sum(p & !own) as i32;
            self.values[idx].store(v as i8, Ordering::Relaxed);
            return v;
        }
        // The children first, then all their reads at once (so the cache
        // misses overlap), then the ones not yet known, by recursion.
        const H: usize = MAX / 2;
        let mut kids = [0u128; H];
        let mut gains = [0i32; H];
        let mut sign = [0i32; H]; // 0 over, 1 again, -1 the other side
        let mut at = [0usize; H];
        let mut count = 0;
        for i in 0..m.min(H) {
            let Some(child) = self.sower.child_in::<M>(p, i) else {
                continue;
            };
            // At most one child a pit: `count` stays below `H`.
            gains[count] = child.gain;
            sign[count] = child.kind.sign();
            if sign[count] != 0 {
                kids[count] = child.pits;
                at[count] = rank(self.terms, kids[count], m);
                crate::bytes::prefetch_in(self.values, at[count]);
            }
            count += 1;
        }
        let mut known = [0i8; H];
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
                        self.deeper::<M>(kids[c], at[c])
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
    pub(super) fn fill(&self, level: usize, a: usize, b: usize) {
        if self.pits == SPECIALISED && self.specialised {
            self.fill_in::<SPECIALISED>(level, a, b);
        } else {
            self.fill_in::<0>(level, a, b);
        }
    }

    /// [`Builder::fill`] for `M` pits a side (0: `self.pits`).
    fn fill_in<const M: usize>(&self, level: usize, a: usize, b: usize) {
        let cells = 2 * self.sower.pits_in::<M>();
        let mut p = [0u8; MAX];
        p[cells - 1] = a as u8;
        p[cells - 2] = b as u8;
        let rest = level - a - b;
        let inner = cells - 2;
        if inner == 0 {
            if rest == 0 {
                self.value::<M>(pack(&p[..cells]));
            }
            return;
        }
        // The compositions of `rest` into cells 0..inner, from all in the
        // highest cell to all in cell 0: rank order, so the ranks count up.
        p[inner - 1] = rest as u8;
        let mut idx = rank(self.terms, pack(&p[..cells]), cells / 2);
        loop {
            self.value_of::<M>(pack(&p[..cells]), idx);
            idx += 1;
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

/// The level's units (positions with the same last two cells `a`, `b`) in
/// rank order, with their sizes.
pub(super) fn units(pits: usize, level: usize) -> Vec<(usize, usize, u64)> {
    let inner = 2 * pits - 2;
    let mut out = Vec::new();
    for a in (0..=level).rev() {
        for b in (0..=level - a).rev() {
            let rest = (level - a - b) as u64;
            let size = if inner == 0 {
                u64::from(rest == 0)
            } else {
                choose(rest + inner as u64 - 1, inner as u64 - 1)
            };
            out.push((a, b, size));
        }
    }
    out
}

/// The values of a table of `n` positions being built: those of `below`
/// (a smaller table's) first, the rest unknown. In huge pages where the
/// system gives them ([`Bytes::zeroed`]): the build reads the table at
/// random, and with 4 KiB pages nearly every read would miss the TLB too
/// (measured in `docs/mancala.md`).
pub(super) fn values_buffer(n: usize, below: &[u8]) -> Result<Bytes, MancalaError> {
    let mut bytes = Bytes::zeroed(n).map_err(|e| {
        MancalaError::Machine(format!("no memory for an endgame table of {n} bytes: {e}"))
    })?;
    let known = below.len().min(n);
    bytes[..known].copy_from_slice(&below[..known]);
    // On every thread: the first touch of fresh pages (the kernel zeroing
    // them) is most of it.
    bytes[known..]
        .par_chunks_mut(1 << 21)
        .for_each(|c| c.fill(UNKNOWN as u8));
    Ok(bytes)
}

/// The bytes of a table being built, as values its threads share.
pub(super) fn atomics(bytes: &mut Bytes) -> &[AtomicI8] {
    <[AtomicI8] as zerocopy::FromBytes>::mut_from_bytes(&mut bytes[..])
        .expect("bytes are AtomicI8s: same size, alignment 1")
}

impl Endgame {
    /// Build the table for `pits` pits a side, every position with at most
    /// `seeds` seeds in the pits, under `rule`. It uses rayon's threads;
    /// the result does not depend on their number.
    ///
    /// # Errors
    /// [`MancalaError::NoPits`]; [`MancalaError::TooLargeToSolve`] for more
    /// than 8 pits a side, more than 127 seeds or more than
    /// [`MAX_POSITIONS`](super::MAX_POSITIONS) positions.
    pub fn build(pits: usize, seeds: usize, rule: CaptureRule) -> Result<Endgame, MancalaError> {
        Endgame::build_with_progress(pits, seeds, rule, &|_| {})
    }

    /// [`Endgame::build`], calling `progress` with the positions done so
    /// far between a level's (seeds left) parts and after each level is
    /// complete: a count that never falls and ends at every position. A
    /// caller may pause the build by waiting in it (a server's cache does,
    /// while a request is at work).
    ///
    /// # Errors
    /// As [`Endgame::build`].
    pub fn build_with_progress(
        pits: usize,
        seeds: usize,
        rule: CaptureRule,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Endgame, MancalaError> {
        let built = Endgame::build_until(pits, seeds, rule, &|done| {
            progress(done);
            true
        })?;
        Ok(built.expect("a build that is never stopped ends with its table"))
    }

    /// [`Endgame::build_with_progress`], stopped between a level's parts
    /// when `progress` returns `false` (a server's cache stops the build
    /// of one table when a request wants another's): then `None`, the
    /// work done so far dropped.
    ///
    /// # Errors
    /// As [`Endgame::build`], before any work.
    pub fn build_until(
        pits: usize,
        seeds: usize,
        rule: CaptureRule,
        progress: &(dyn Fn(u64) -> bool + Sync),
    ) -> Result<Option<Endgame>, MancalaError> {
        // Row by row (see `rows`): each move of a mover's row worked out
        // once for all the other's rows.
        let mut whole = true;
        let table = Endgame::filled(pits, seeds, rule, |sower, terms, values| {
            whole = if pits == SPECIALISED {
                super::rows::fill::<SPECIALISED>(sower, terms, values, seeds, progress)
            } else {
                super::rows::fill::<0>(sower, terms, values, seeds, progress)
            };
        })?;
        Ok(whole.then_some(table))
    }

    /// The table of `pits` pits a side, `seeds` seeds and `rule` that
    /// `fill` fills (its values all unknown at first).
    fn filled(
        pits: usize,
        seeds: usize,
        rule: CaptureRule,
        fill: impl FnOnce(&Sower, &Terms, &[AtomicI8]),
    ) -> Result<Endgame, MancalaError> {
        let n = check_size(pits, seeds)? as usize;
        let terms = terms(pits, seeds);
        let mut bytes = values_buffer(n, &[])?;
        fill(&Sower::new(pits, rule), &terms, atomics(&mut bytes));
        Ok(Endgame {
            pits,
            seeds,
            rule,
            terms,
            values: std::sync::Arc::new(bytes),
        })
    }

    /// The table [`Endgame::build`] makes, built position by position in
    /// rank order with every child ranked in full (the way a level's
    /// shards are built), compiled for 6 pits a side when `specialised`
    /// and the board has 6: the reference the tests hold the build to.
    #[cfg(test)]
    fn build_by_ranks(pits: usize, seeds: usize, rule: CaptureRule, specialised: bool) -> Endgame {
        Endgame::filled(pits, seeds, rule, |_, terms, values| {
            // Rank 0 is the empty board; it is never asked for (the game
            // is over), and holds 0.
            values[0].store(0, Ordering::Relaxed);
            let builder = Builder {
                pits,
                sower: Sower::new(pits, rule),
                terms,
                values,
                specialised,
            };
            for level in 1..=seeds {
                units(pits, level)
                    .par_iter()
                    .with_max_len(1)
                    .for_each(|&(a, b, _)| builder.fill(level, a, b));
            }
        })
        .unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build stopped between parts gives no table, however far it got;
    /// one asked to go on to the end gives [`Endgame::build`]'s, and the
    /// last count it reports is every position.
    #[test]
    fn a_stopped_build_gives_no_table() {
        use std::sync::atomic::AtomicU64;
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            let whole = Endgame::build(4, 10, rule).unwrap();
            let counts = std::sync::Mutex::new(Vec::new());
            let again = Endgame::build_until(4, 10, rule, &|done| {
                counts.lock().unwrap().push(done);
                true
            })
            .unwrap()
            .expect("never stopped");
            assert!(again.values[..] == whole.values[..], "{rule:?}");
            // The count never falls, reaches each level's positions, ends
            // at every position, and moves between levels too.
            let counts = counts.into_inner().unwrap();
            let level = |k| super::super::positions_for(4, k);
            assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
            assert!((1..=10).all(|k| counts.contains(&level(k))), "{counts:?}");
            assert_eq!(counts.last(), Some(&level(10)));
            assert!(
                counts.iter().any(|&c| (0..=10).all(|k| c != level(k))),
                "{counts:?}"
            );
            let n = counts.len() as u64;
            // Stopped at the first call, halfway, and at the very last.
            for stop_at in [1, n / 2, n] {
                let seen = AtomicU64::new(0);
                let built = Endgame::build_until(4, 10, rule, &|_| {
                    seen.fetch_add(1, Ordering::Relaxed) + 1 < stop_at
                })
                .unwrap();
                assert_eq!(seen.load(Ordering::Relaxed), stop_at, "{rule:?}");
                // Stopped at the last call the table is whole already.
                assert_eq!(built.is_some(), stop_at == n, "{rule:?} at {stop_at}");
            }
        }
    }

    /// The build compiled for 6 pits and the general one fill the same
    /// table, byte for byte, under both rules; so does the build by rows,
    /// for boards of 1 to 6 pits a side (laps included: a pit of 2m + 1
    /// seeds or more).
    #[test]
    fn the_six_pit_build_is_the_general_build() {
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            let six = Endgame::build_by_ranks(6, 9, rule, true).values;
            assert!(!six.contains(&(UNKNOWN as u8)));
            let general = Endgame::build_by_ranks(6, 9, rule, false).values;
            assert_eq!(&six[..], &general[..], "{rule:?}");
            for (pits, seeds) in [(1, 12), (2, 14), (3, 14), (4, 13), (5, 12), (6, 14)] {
                let plain = Endgame::build_by_ranks(pits, seeds, rule, false).values;
                assert!(!plain.contains(&(UNKNOWN as u8)));
                let rows = Endgame::build(pits, seeds, rule).unwrap().values;
                assert!(
                    rows[..] == plain[..],
                    "{pits} pits, {seeds} seeds, {rule:?}"
                );
            }
        }
    }
}
