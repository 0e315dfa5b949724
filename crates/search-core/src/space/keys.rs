//! [`KeyedSpace`]: a space whose states are numbered by keys that sort,
//! 64 or 128 bits wide ([`SortKey`]), and whose edges are known key to
//! key: what the sorted engine enumerates.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::Range;

use num_traits::{PrimInt, Unsigned};

use crate::error::Error;
use crate::space::ranked::RankedSpace;

/// A key the sorted engine keeps: `u64` or `u128`.
///
/// A space's keys need not be dense. The engine keeps a layer as the
/// gaps between its sorted keys, so a few million states among 2^128
/// keys cost about as many bits a state as the information bound of as
/// many keys taken at random.
///
/// The trait is sealed: the engine's codes are written for these two
/// widths.
///
/// # Example
///
/// ```
/// use search_core::space::SortKey;
///
/// fn widest<K: SortKey>(keys: &[K]) -> Option<K> {
///     keys.iter().copied().max()
/// }
/// assert_eq!(widest(&[3u128 << 100, 7]), Some(3 << 100));
/// ```
pub trait SortKey:
    PrimInt + Unsigned + Default + Debug + Display + Hash + Send + Sync + 'static + sealed::Bits
{
}

impl SortKey for u64 {}
impl SortKey for u128 {}

pub(crate) mod sealed {
    use crate::error::Error;

    /// What the sorted engine needs of a key beyond arithmetic: its
    /// width, its bytes in a file and its low word in a bit stream.
    /// Public in a private module, so that no other crate implements
    /// [`SortKey`](super::SortKey).
    pub trait Bits: Copy {
        /// Its width in bits.
        const BITS: u32;
        /// Its width in bytes.
        const BYTES: usize;

        /// Its bytes, little-endian, in the first [`BYTES`](Bits::BYTES)
        /// of the array.
        fn le_bytes(self) -> [u8; 16];

        /// The key of [`BYTES`](Bits::BYTES) little-endian bytes.
        fn read_le(bytes: &[u8]) -> Self;

        /// Its low 64 bits.
        fn low_word(self) -> u64;

        /// The key of `word`.
        fn from_word(word: u64) -> Self;

        /// The error for this key given at or past `count`, the space's
        /// count of keys.
        fn out_of_bounds(self, count: Self) -> Error;
    }

    impl Bits for u64 {
        const BITS: u32 = 64;
        const BYTES: usize = 8;

        #[inline]
        fn le_bytes(self) -> [u8; 16] {
            let mut bytes = [0; 16];
            bytes[..8].copy_from_slice(&self.to_le_bytes());
            bytes
        }

        #[inline]
        fn read_le(bytes: &[u8]) -> u64 {
            let mut word = [0; 8];
            word.copy_from_slice(&bytes[..8]);
            u64::from_le_bytes(word)
        }

        #[inline]
        fn low_word(self) -> u64 {
            self
        }

        #[inline]
        fn from_word(word: u64) -> u64 {
            word
        }

        fn out_of_bounds(self, count: u64) -> Error {
            Error::rank_out_of_bounds(self, count)
        }
    }

    impl Bits for u128 {
        const BITS: u32 = 128;
        const BYTES: usize = 16;

        #[inline]
        fn le_bytes(self) -> [u8; 16] {
            self.to_le_bytes()
        }

        #[inline]
        fn read_le(bytes: &[u8]) -> u128 {
            let mut wide = [0; 16];
            wide.copy_from_slice(&bytes[..16]);
            u128::from_le_bytes(wide)
        }

        #[inline]
        fn low_word(self) -> u64 {
            self as u64
        }

        #[inline]
        fn from_word(word: u64) -> u128 {
            u128::from(word)
        }

        fn out_of_bounds(self, count: u128) -> Error {
            if count == u128::MAX {
                return Error::space_failed(
                    "key 2^128 - 1 (all ones) has no place among 128-bit keys: every key is below it",
                );
            }
            Error::space_failed(format!(
                "key {self} is at or past the space's count of keys, {count}"
            ))
        }
    }
}

/// A state space whose states are numbered by [`SortKey`]s below
/// [`key_count`](KeyedSpace::key_count), not necessarily densely, and
/// whose edges are known key to key: what
/// [`SortedEnumeration`](crate::sorted::SortedEnumeration) keeps
/// as sorted, compressed layers.
///
/// Every [`RankedSpace`] is one, keyed by its `u64` ranks. A space of
/// fixed-width states up to 128 bits gets one through
/// [`AsKeyed`](crate::space::AsKeyed), keyed by the states' own bits.
/// Implement it directly for a space whose keys take more than 64 bits
/// and that has no ranking. Its methods are named apart from
/// [`RankedSpace`]'s, so that both traits may be in scope at once.
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::sorted::SortedEnumeration;
/// use search_core::space::KeyedSpace;
///
/// /// Two counters, 0 to 99 each, in the two halves of a u128.
/// struct Counters;
/// impl KeyedSpace for Counters {
///     type Key = u128;
///     fn key_count(&self) -> u128 {
///         u128::MAX
///     }
///     fn key_neighbours<F: FnMut(u128)>(&self, key: u128, mut report: F) {
///         let (a, b) = (key >> 64, key & u128::from(u64::MAX));
///         if a < 99 { report(key + (1 << 64)); }
///         if b < 99 { report(key + 1); }
///     }
/// }
/// let layers = SortedEnumeration::new().run(&Counters, &[0], &mut Run::new())?;
/// assert_eq!((layers.states(), layers.radius()), (10_000, 198));
/// assert_eq!(layers.deepest(), [99 << 64 | 99]);
/// # Ok::<(), search_core::Error>(())
/// ```
pub trait KeyedSpace: Sync {
    /// The key that numbers a state.
    type Key: SortKey;

    /// The number of keys: every key is below it.
    fn key_count(&self) -> Self::Key;

    /// Calls `report` with the key of each neighbour of the state keyed
    /// `key`.
    fn key_neighbours<F: FnMut(Self::Key)>(&self, key: Self::Key, report: F);

    /// Calls `report` with the key of each neighbour of each state of
    /// `keys`, which increase: the engine asks for a batch at once, so
    /// that a space that calls out (to Python, to a GPU) pays once for
    /// many. The default calls
    /// [`key_neighbours`](KeyedSpace::key_neighbours) on each.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::KeyedSpace;
    ///
    /// struct Line;
    /// impl KeyedSpace for Line {
    ///     type Key = u64;
    ///     fn key_count(&self) -> u64 { 10 }
    ///     fn key_neighbours<F: FnMut(u64)>(&self, key: u64, mut report: F) {
    ///         report(key.saturating_sub(1));
    ///     }
    /// }
    /// let mut found = Vec::new();
    /// Line.key_neighbours_of_all(&[3, 4, 8], |key| found.push(key));
    /// assert_eq!(found, [2, 3, 7]);
    /// ```
    fn key_neighbours_of_all<F: FnMut(Self::Key)>(&self, keys: &[Self::Key], mut report: F) {
        for &key in keys {
            self.key_neighbours(key, &mut report);
        }
    }

    /// As [`key_neighbours_of_all`](KeyedSpace::key_neighbours_of_all),
    /// only the neighbours whose keys lie in `range`: what the sorted
    /// engine asks for when a layer's expansion is split into passes over
    /// ranges of keys. The default filters what
    /// `key_neighbours_of_all` reports; a space that computes a key from
    /// its most significant part first may stop early on one out of
    /// range (a Cayley graph's chain does, so that a pass pays little
    /// for the neighbours other passes keep).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::KeyedSpace;
    ///
    /// struct Line;
    /// impl KeyedSpace for Line {
    ///     type Key = u64;
    ///     fn key_count(&self) -> u64 { 10 }
    ///     fn key_neighbours<F: FnMut(u64)>(&self, key: u64, mut report: F) {
    ///         report(key.saturating_sub(1));
    ///         report((key + 1).min(9));
    ///     }
    /// }
    /// let mut found = Vec::new();
    /// Line.key_neighbours_within(&[3, 4, 8], 4..8, |key| found.push(key));
    /// assert_eq!(found, [4, 5, 7]);
    /// ```
    fn key_neighbours_within<F: FnMut(Self::Key)>(
        &self,
        keys: &[Self::Key],
        range: Range<Self::Key>,
        report: F,
    ) {
        neighbours_filtered(self, keys, range, report);
    }

    /// Why this space's neighbours failed, once they have, as
    /// [`RankedSpace::failure`] says: the engine returns it in place of
    /// its layers. `None` by default.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::KeyedSpace;
    ///
    /// struct Empty;
    /// impl KeyedSpace for Empty {
    ///     type Key = u128;
    ///     fn key_count(&self) -> u128 { 1 }
    ///     fn key_neighbours<F: FnMut(u128)>(&self, _: u128, _: F) {}
    /// }
    /// assert!(Empty.key_failure().is_none());
    /// ```
    fn key_failure(&self) -> Option<Error> {
        None
    }

    /// Whether the keys stand for classes of equivalent states of a
    /// larger space (a symmetry reduction), whose sizes
    /// [`key_class_size`](KeyedSpace::key_class_size) gives: then the
    /// engine sums them for each layer, a pass over its keys
    /// ([`Enumeration::layer_positions`](crate::breadth_first::Enumeration::layer_positions)).
    /// `false` by default.
    ///
    /// # Example
    ///
    /// See [`key_class_size`](KeyedSpace::key_class_size).
    fn has_classes(&self) -> bool {
        false
    }

    /// How many states of the larger space the key `key` stands for,
    /// when [`has_classes`](KeyedSpace::has_classes): the size of its
    /// class. 1 by default.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::sorted::SortedEnumeration;
    /// use search_core::space::KeyedSpace;
    ///
    /// /// Numbers from -9 to 9 on a line, a number and its negative one
    /// /// class: kept as their absolute value, 0 to 9.
    /// struct Folded;
    /// impl KeyedSpace for Folded {
    ///     type Key = u64;
    ///     fn key_count(&self) -> u64 { 10 }
    ///     fn key_neighbours<F: FnMut(u64)>(&self, key: u64, mut report: F) {
    ///         report(key.saturating_sub(1)); // towards 0, and past it
    ///         if key < 9 { report(key + 1) }
    ///     }
    ///     fn has_classes(&self) -> bool { true }
    ///     fn key_class_size(&self, key: u64) -> u64 { if key == 0 { 1 } else { 2 } }
    /// }
    /// let layers = SortedEnumeration::new().run_reversible(&Folded, &[0], &mut Run::new())?;
    /// assert_eq!(layers.layer_sizes(), [1; 10]);
    /// assert_eq!(layers.layer_positions(), [1, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    /// assert_eq!(layers.positions(), 19);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    fn key_class_size(&self, key: Self::Key) -> u64 {
        let _ = key;
        1
    }
}

/// The neighbours of `keys` in `range`, filtered from all that
/// [`KeyedSpace::key_neighbours_of_all`] reports: the default of
/// [`KeyedSpace::key_neighbours_within`], for a space that stops early
/// only for some of its numberings.
pub(crate) fn neighbours_filtered<S: KeyedSpace + ?Sized>(
    space: &S,
    keys: &[S::Key],
    range: Range<S::Key>,
    mut report: impl FnMut(S::Key),
) {
    space.key_neighbours_of_all(keys, |key| {
        if range.contains(&key) {
            report(key);
        }
    });
}

impl<R: RankedSpace> KeyedSpace for R {
    type Key = u64;

    #[inline]
    fn key_count(&self) -> u64 {
        self.rank_count()
    }

    #[inline]
    fn key_neighbours<F: FnMut(u64)>(&self, key: u64, report: F) {
        self.neighbours(key, report);
    }

    #[inline]
    fn key_neighbours_of_all<F: FnMut(u64)>(&self, keys: &[u64], report: F) {
        self.neighbours_of_all(keys, report);
    }

    fn key_failure(&self) -> Option<Error> {
        self.failure()
    }
}
