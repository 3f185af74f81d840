//! Large zeroed byte buffers for the solver's tables, in huge pages where
//! the system offers them.
//!
//! The endgame table (up to gigabytes) and the transposition table are read
//! at random, one miss after another; with 4 KiB pages nearly every read
//! also misses the TLB, and filling a freshly allocated gigabyte costs a
//! page fault every 4 KiB. On Linux a large buffer is an anonymous mapping
//! advised `MADV_HUGEPAGE` (through `memmap2`'s safe API), so the kernel
//! backs it with 2 MiB pages when it can; elsewhere, and for small buffers,
//! it is a plain `Vec`. The advice is a hint: if the kernel declines, the
//! buffer works the same, only slower.

use std::ops::{Deref, DerefMut};

/// From this size on, a buffer is mapped rather than allocated.
#[cfg(unix)]
const MAP_FROM: usize = 1 << 21;

/// A zero-initialised byte buffer.
pub(crate) enum Bytes {
    Heap(Vec<u8>),
    /// Small buffers that must be 8-byte aligned.
    Words(Vec<u64>),
    #[cfg(unix)]
    Map(memmap2::MmapMut),
}

impl Bytes {
    /// `n` zero bytes.
    ///
    /// # Errors
    /// When the system cannot provide the memory.
    pub(crate) fn zeroed(n: usize) -> std::io::Result<Bytes> {
        #[cfg(unix)]
        if n >= MAP_FROM {
            let map = memmap2::MmapMut::map_anon(n)?;
            #[cfg(target_os = "linux")]
            {
                // Only a hint; a kernel without transparent huge pages says
                // no and the buffer stays in small pages.
                let _ = map.advise(memmap2::Advice::HugePage);
            }
            return Ok(Bytes::Map(map));
        }
        Ok(Bytes::Heap(vec![0; n]))
    }

    /// `n` zero bytes (a multiple of 8), aligned to 8 bytes at least, so
    /// that they can be viewed as 64-bit words.
    ///
    /// # Errors
    /// When the system cannot provide the memory.
    pub(crate) fn zeroed_words(n: usize) -> std::io::Result<Bytes> {
        #[cfg(unix)]
        if n >= MAP_FROM {
            // A mapping starts on a page boundary.
            return Bytes::zeroed(n);
        }
        Ok(Bytes::Words(vec![0; n.div_ceil(8)]))
    }
}

impl Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Heap(v) => v,
            Bytes::Words(v) => zerocopy::IntoBytes::as_bytes(&v[..]),
            #[cfg(unix)]
            Bytes::Map(m) => m,
        }
    }
}

impl DerefMut for Bytes {
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            Bytes::Heap(v) => v,
            Bytes::Words(v) => zerocopy::IntoBytes::as_mut_bytes(&mut v[..]),
            #[cfg(unix)]
            Bytes::Map(m) => m,
        }
    }
}

impl Clone for Bytes {
    fn clone(&self) -> Bytes {
        if let Bytes::Words(v) = self {
            return Bytes::Words(v.clone());
        }
        match Bytes::zeroed(self.len()) {
            Ok(mut b) => {
                b.copy_from_slice(self);
                b
            }
            Err(_) => Bytes::Heap(self.to_vec()),
        }
    }
}

/// Ask the cache for the line holding `r`, without waiting for it: a hint
/// (the `prefetcht0` instruction through `safe_arch`'s safe wrapper) that
/// lets a read's miss start while other work goes on; nothing elsewhere.
#[inline(always)]
pub(crate) fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    safe_arch::prefetch_t0(r);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}

/// [`prefetch`] of `s[i]`, nothing when `i` is past the end.
#[inline(always)]
pub(crate) fn prefetch_in<T>(s: &[T], i: usize) {
    if let Some(r) = s.get(i) {
        prefetch(r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_buffers_start_zeroed_and_clone_their_bytes() {
        for n in [0, 10, 3 << 20] {
            let mut b = Bytes::zeroed(n).unwrap();
            assert_eq!(b.len(), n);
            assert!(b.iter().all(|&x| x == 0));
            if n > 0 {
                b[n - 1] = 7;
                let c = b.clone();
                assert_eq!(c[n - 1], 7);
                assert_eq!(&c[..], &b[..]);
            }
        }
    }
}
