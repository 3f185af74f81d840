//! Table files: a header (magic, pits, seeds, rule, count), the values,
//! and a checksum taken per block, so that each thread checks the block it
//! has just read while it is in the cache.

use std::io::{Read, Write};

use rayon::prelude::*;

use super::{Endgame, check_size, terms};
use crate::MancalaError;
use crate::bytes::Bytes;
use crate::position::CaptureRule;

const MAGIC: &[u8; 8] = b"KALAHEG2";

/// The values are written this many bytes at a time (see [`Endgame::save`]).
const WRITE_PIECE: usize = 1 << 22;

/// The magic of the first format (one checksum over the whole file).
pub(super) const OLD_MAGIC: &[u8; 8] = b"KALAHEG1";

impl Endgame {
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
        // In pieces: one write of the whole table (a gigabyte) took the
        // kernel two to three times as long as pieces of 4 MiB did.
        for piece in self.values.chunks(WRITE_PIECE) {
            w.write_all(piece)?;
        }
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
        // A pipe or a device in its place would never end, or answer.
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(bad("not a regular file".into()));
        }
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
            values: std::sync::Arc::new(values),
        })
    }
}

/// Bytes before a table file's values.
pub(super) const HEADER: usize = 20;

/// The values are checksummed in blocks of this many (the last one
/// shorter), and a file is read a block at a time on each thread.
pub(super) const CHECK_BLOCK: usize = 1 << 20;

pub(super) fn bad(why: String) -> MancalaError {
    MancalaError::BadEndgame(why)
}

fn ends_early(got: u64, n: u64) -> MancalaError {
    bad(format!(
        "the file ends early: {got} of {} bytes after the header",
        n + 8
    ))
}

/// A zeroed buffer for `n` values.
pub(super) fn hold(n: u64) -> Result<Bytes, MancalaError> {
    Bytes::zeroed(n as usize)
        .map_err(|e| MancalaError::Machine(format!("no memory for {n} table values: {e}")))
}

/// The capture rule a file's header byte names.
pub(super) fn rule_from(byte: u8) -> Result<CaptureRule, MancalaError> {
    match byte {
        0 => Ok(CaptureRule::Handout),
        1 => Ok(CaptureRule::Empty),
        x => Err(bad(format!("unknown capture rule {x}"))),
    }
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
    let rule = rule_from(head[10])?;
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
pub(super) fn check(values: &[u8]) -> (u64, u8) {
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
