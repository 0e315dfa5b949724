//! [`AsKeyed`]: a space whose states are fixed-width values, numbered by
//! their own bits ([`FixedKey`]) where a dense rank would take work to
//! write.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::Error;
use crate::space::ranked::RankedSpace;
use crate::space::traits::Successors;

/// A state that is its own number: a value of at most 64 bits, read as
/// a `u64` key and back.
///
/// Keys need not be dense: a space of a few million states among 2^64
/// keys is kept by [`SortedEnumeration`] as the gaps between its keys,
/// at or under the information bound of as many keys taken at random
/// (under it when the keys of nearby states cluster). Implemented for `u8`,
/// `u16`, `u32`, `u64` and `[u8; N]` up to 8 bytes (read big-endian).
///
/// [`SortedEnumeration`]: crate::breadth_first::SortedEnumeration
///
/// # Example
///
/// ```
/// use search_core::space::FixedKey;
///
/// assert_eq!([1u8, 2].key(), 0x0102);
/// assert_eq!(<[u8; 2]>::from_key(0x0102), [1, 2]);
/// assert_eq!(<u16 as FixedKey>::KEY_COUNT, 1 << 16);
/// ```
pub trait FixedKey: Copy {
    /// The number of keys: every key is below it. A 64-bit value's is
    /// `u64::MAX`, so its one value of all ones has no key: a space that
    /// reaches it fails with an error that says so.
    const KEY_COUNT: u64;

    /// This value's key.
    fn key(&self) -> u64;

    /// The value whose key is `key`, which is below
    /// [`KEY_COUNT`](FixedKey::KEY_COUNT).
    fn from_key(key: u64) -> Self;
}

macro_rules! unsigned_keys {
    ($($unsigned:ty),*) => {$(
        impl FixedKey for $unsigned {
            const KEY_COUNT: u64 = match 1u64.checked_shl(<$unsigned>::BITS) {
                Some(count) if <$unsigned>::BITS < 64 => count,
                _ => u64::MAX,
            };

            #[inline]
            fn key(&self) -> u64 {
                u64::from(*self)
            }

            #[inline]
            fn from_key(key: u64) -> Self {
                key as $unsigned
            }
        }
    )*};
}

unsigned_keys!(u8, u16, u32, u64);

macro_rules! byte_keys {
    ($($len:literal),*) => {$(
        impl FixedKey for [u8; $len] {
            const KEY_COUNT: u64 = match 1u64.checked_shl(8 * $len) {
                Some(count) if $len < 8 => count,
                _ => u64::MAX,
            };

            #[inline]
            fn key(&self) -> u64 {
                let mut word = [0; 8];
                word[8 - $len..].copy_from_slice(self);
                u64::from_be_bytes(word)
            }

            #[inline]
            fn from_key(key: u64) -> Self {
                let mut bytes = [0; $len];
                bytes.copy_from_slice(&key.to_be_bytes()[8 - $len..]);
                bytes
            }
        }
    )*};
}

byte_keys!(1, 2, 3, 4, 5, 6, 7, 8);

/// A [`Successors`] space whose states are [`FixedKey`]s, seen as a
/// [`RankedSpace`] numbered by their keys: no ranking to write, and the
/// sorted engine keeps it a few bytes a state. A
/// space with a dense rank does better as [`AsRanked`]: its keys are
/// closer together, and the dense 2-bit engine takes it too.
///
/// Starts are given, and deepest states returned, as keys: see
/// [`FixedKey::key`] and [`FixedKey::from_key`]. A neighbour whose key
/// is at or past [`KEY_COUNT`](FixedKey::KEY_COUNT) (only a 64-bit
/// value of all ones can be) fails the search with
/// [`SpaceFailed`](crate::ErrorKind::SpaceFailed), as does the space's
/// own [`failure`](Successors::failure).
///
/// [`AsRanked`]: crate::space::AsRanked
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Run};
/// use search_core::breadth_first::SortedEnumeration;
/// use search_core::space::{AsKeyed, FixedKey};
///
/// // Two counters, each 0..100, in one u64: step either, up or down.
/// let space = AsKeyed::new(from_fn(|&s: &u64| {
///     let (a, b) = (s >> 32, s & 0xffff_ffff);
///     let mut next = Vec::new();
///     if a < 99 { next.push(s + (1 << 32)); }
///     if a > 0 { next.push(s - (1 << 32)); }
///     if b < 99 { next.push(s + 1); }
///     if b > 0 { next.push(s - 1); }
///     next
/// }));
/// let layers = SortedEnumeration::new().run_reversible(&space, &[0u64.key()], &mut Run::new())?;
/// assert_eq!(layers.states(), 10_000);
/// assert_eq!(layers.deepest(), [99 << 32 | 99]);
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct AsKeyed<G> {
    space: G,
    /// Whether a neighbour had no key.
    keyless: AtomicBool,
}

impl<G> AsKeyed<G> {
    /// `space`, numbered by its states' keys.
    ///
    /// # Example
    ///
    /// See [`AsKeyed`].
    pub fn new(space: G) -> AsKeyed<G> {
        AsKeyed { space, keyless: AtomicBool::new(false) }
    }

    /// The space.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::AsKeyed;
    ///
    /// assert_eq!(*AsKeyed::new(7).space(), 7);
    /// ```
    pub fn space(&self) -> &G {
        &self.space
    }
}

impl<G> RankedSpace for AsKeyed<G>
where
    G: Successors + Sync,
    G::State: FixedKey,
{
    #[inline]
    fn rank_count(&self) -> u64 {
        G::State::KEY_COUNT
    }

    #[inline]
    fn neighbours<F: FnMut(u64)>(&self, key: u64, mut report: F) {
        let state = G::State::from_key(key);
        self.space.successors(&state, |next, _| {
            let key = next.key();
            if key < G::State::KEY_COUNT {
                report(key);
            } else {
                self.keyless.store(true, Ordering::Relaxed);
            }
        });
    }

    /// The failure of a neighbour with no key, once (the flag is reset,
    /// so that the next run starts clean), or the space's own.
    fn failure(&self) -> Option<Error> {
        if self.keyless.swap(false, Ordering::Relaxed) {
            let keys = G::State::KEY_COUNT;
            return Some(Error::space_failed(format!(
                "a state's key is at or past {keys}, the keys' count: the one value of all ones has no key"
            )));
        }
        self.space.failure()
    }
}
