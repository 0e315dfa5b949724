//! [`AsKeyed`]: a space whose states are fixed-width values, numbered by
//! their own bits ([`FixedKey`]) where a dense rank would take work to
//! write.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::Error;
use crate::space::keys::{KeyedSpace, SortKey};
use crate::space::traits::Successors;

/// A state that is its own number: a value of at most 128 bits, read as
/// a [`SortKey`] and back.
///
/// Keys need not be dense: a space of a few million states among 2^64
/// keys is kept by [`SortedEnumeration`] as the gaps between its keys,
/// at or under the information bound of as many keys taken at random
/// (under it when the keys of nearby states cluster). Implemented for
/// `u8`, `u16`, `u32`, `u64` and `[u8; N]` up to 8 bytes, keyed by a
/// `u64`; and for `u128` and `[u8; N]` of 9 to 16 bytes, keyed by a
/// `u128`. Bytes are read big-endian, so that they sort as their keys.
///
/// [`SortedEnumeration`]: crate::sorted::SortedEnumeration
///
/// # Example
///
/// ```
/// use search_core::space::FixedKey;
///
/// assert_eq!([1u8, 2].key(), 0x0102);
/// assert_eq!(<[u8; 2]>::from_key(0x0102), [1, 2]);
/// assert_eq!(<u16 as FixedKey>::KEY_COUNT, 1 << 16);
/// assert_eq!([1u8; 12].key(), 0x0101_0101_0101_0101_0101_0101_u128);
/// ```
pub trait FixedKey: Copy {
    /// The key type: `u64` for values of up to 64 bits, `u128` past.
    type Key: SortKey;

    /// The number of keys: every key is below it. A value as wide as its
    /// key's is `Key::MAX`, so its one value of all ones has no key: a
    /// space that reaches it fails with an error that says so.
    const KEY_COUNT: Self::Key;

    /// This value's key.
    fn key(&self) -> Self::Key;

    /// The value whose key is `key`, which is below
    /// [`KEY_COUNT`](FixedKey::KEY_COUNT).
    fn from_key(key: Self::Key) -> Self;
}

macro_rules! unsigned_keys {
    ($key:ty: $($unsigned:ty),*) => {$(
        impl FixedKey for $unsigned {
            type Key = $key;

            const KEY_COUNT: $key = match (1 as $key).checked_shl(<$unsigned>::BITS) {
                Some(count) if <$unsigned>::BITS < <$key>::BITS => count,
                _ => <$key>::MAX,
            };

            #[inline]
            fn key(&self) -> $key {
                <$key>::from(*self)
            }

            #[inline]
            fn from_key(key: $key) -> Self {
                key as $unsigned
            }
        }
    )*};
}

unsigned_keys!(u64: u8, u16, u32, u64);
unsigned_keys!(u128: u128);

macro_rules! byte_keys {
    ($key:ty: $($len:literal),*) => {$(
        impl FixedKey for [u8; $len] {
            type Key = $key;

            const KEY_COUNT: $key = match (1 as $key).checked_shl(8 * $len) {
                Some(count) if 8 * $len < <$key>::BITS => count,
                _ => <$key>::MAX,
            };

            #[inline]
            fn key(&self) -> $key {
                const WIDTH: usize = size_of::<$key>();
                let mut word = [0; WIDTH];
                word[WIDTH - $len..].copy_from_slice(self);
                <$key>::from_be_bytes(word)
            }

            #[inline]
            fn from_key(key: $key) -> Self {
                const WIDTH: usize = size_of::<$key>();
                let mut bytes = [0; $len];
                bytes.copy_from_slice(&key.to_be_bytes()[WIDTH - $len..]);
                bytes
            }
        }
    )*};
}

byte_keys!(u64: 1, 2, 3, 4, 5, 6, 7, 8);
byte_keys!(u128: 9, 10, 11, 12, 13, 14, 15, 16);

/// A [`Successors`] space whose states are [`FixedKey`]s, seen as a
/// [`KeyedSpace`] numbered by their keys: no ranking to write, and the
/// sorted engine keeps it a few bytes a state. A
/// space with a dense rank does better as [`AsRanked`]: its keys are
/// closer together, and the dense 2-bit engine takes it too.
///
/// Starts are given, and deepest states returned, as keys: see
/// [`FixedKey::key`] and [`FixedKey::from_key`]. A neighbour whose key
/// is at or past [`KEY_COUNT`](FixedKey::KEY_COUNT) (only a 64-bit
/// or 128-bit value of all ones can be) fails the search with
/// [`SpaceFailed`](crate::ErrorKind::SpaceFailed), as does the space's
/// own [`failure`](Successors::failure).
///
/// [`AsRanked`]: crate::space::AsRanked
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Run};
/// use search_core::sorted::SortedEnumeration;
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

impl<G> KeyedSpace for AsKeyed<G>
where
    G: Successors + Sync,
    G::State: FixedKey,
{
    type Key = <G::State as FixedKey>::Key;

    #[inline]
    fn key_count(&self) -> Self::Key {
        G::State::KEY_COUNT
    }

    #[inline]
    fn key_neighbours<F: FnMut(Self::Key)>(&self, key: Self::Key, mut report: F) {
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
    fn key_failure(&self) -> Option<Error> {
        if self.keyless.swap(false, Ordering::Relaxed) {
            let keys = G::State::KEY_COUNT;
            return Some(Error::space_failed(format!(
                "a state's key is at or past {keys}, the keys' count: the one value of all ones has no key"
            )));
        }
        self.space.failure()
    }
}
