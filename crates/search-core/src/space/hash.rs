//! The hash of states in every hashed table of this crate: Fx, the fast
//! multiplicative hash, with one more multiply that folds its high half
//! into its low half.
//!
//! Why the fold: Fx's entropy is in its high bits, and hashbrown picks a
//! bucket from the low bits. rustc-hash rotates its result by 26 bits to
//! bring some high bits down, which serves tables of up to 2^26 buckets;
//! past that, states that differ only in their high bits (a 4x4 board
//! packed in a `u64` differs from its neighbours in a few nibbles) share
//! buckets. A bidirectional search of the 15-puzzle slowed from 190 ns to
//! 1,850 ns per state between 64 M and 100 M states that way. A 64 x 64 to
//! 128-bit multiply, its halves xored, spreads every input bit over every
//! output bit, for one instruction more than Fx.

use std::hash::{BuildHasher, Hasher};

use rustc_hash::FxHasher;

/// Builds [`StateHasher`]s: the hash of every hashed table in this crate,
/// for a `HashMap`'s or `HashSet`'s `S` parameter.
///
/// It has no random seed: a state hashes to the same value in every run
/// and every process of one build, so an executor can shard states
/// between workers by it (as `ParallelEnumeration` does, and the
/// distributed engine of `search-dist`). Do not feed it keys an adversary
/// chooses; use the standard library's `RandomState` for those.
///
/// # Example
///
/// ```
/// use std::collections::HashSet;
/// use std::hash::BuildHasher;
/// use search_core::space::BuildStateHasher;
///
/// let mut seen: HashSet<u64, BuildStateHasher> = HashSet::default();
/// assert!(seen.insert(0x1234_5678_9abc_def0));
/// assert!(!seen.insert(0x1234_5678_9abc_def0));
/// assert_eq!(BuildStateHasher.hash_one(42u64), BuildStateHasher.hash_one(42u64));
/// ```

#[derive(Clone, Copy, Debug, Default)]
pub struct BuildStateHasher;

impl BuildHasher for BuildStateHasher {
    type Hasher = StateHasher;

    fn build_hasher(&self) -> StateHasher {
        StateHasher(FxHasher::default())
    }
}

/// The hasher [`BuildStateHasher`] builds: Fx, with a final multiply that
/// folds its high half into its low half, so that every bit of a state
/// reaches the bits hash tables use.
///
/// # Example
///
/// ```
/// use std::hash::Hasher;
/// use search_core::space::StateHasher;
///
/// let mut hasher = StateHasher::default();
/// hasher.write_u64(7);
/// assert_ne!(hasher.finish(), 7);
/// ```
#[derive(Default)]
pub struct StateHasher(FxHasher);

impl std::fmt::Debug for StateHasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("StateHasher").field(&self.finish()).finish()
    }
}

impl Hasher for StateHasher {
    #[inline]
    fn finish(&self) -> u64 {
        fold(self.0.finish())
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    #[inline]
    fn write_u8(&mut self, value: u8) {
        self.0.write_u8(value);
    }

    #[inline]
    fn write_u16(&mut self, value: u16) {
        self.0.write_u16(value);
    }

    #[inline]
    fn write_u32(&mut self, value: u32) {
        self.0.write_u32(value);
    }

    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.0.write_u64(value);
    }

    #[inline]
    fn write_usize(&mut self, value: usize) {
        self.0.write_usize(value);
    }
}

/// The high and low halves of `hash` times an odd constant, xored.
#[inline]
fn fold(hash: u64) -> u64 {
    // The 64-bit golden ratio, as in Fibonacci hashing.
    let product = u128::from(hash) * 0x9E37_79B9_7F4A_7C15;
    (product as u64) ^ ((product >> 64) as u64)
}

/// The hash of `value` in this crate's tables.
#[inline]
pub(crate) fn hash_of<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    BuildStateHasher.hash_one(value)
}

#[cfg(test)]
mod tests {
    use crate::space::hash::*;

    /// hashbrown tags each entry with the top 7 bits of its hash and
    /// compares whole keys only where tags match. Keys that differ only
    /// above bit 38 (a board packed in a `u64` whose first ten cells agree)
    /// all get one tag from Fx alone, so every probe compares keys; folded,
    /// they spread over all 128 tags.
    #[test]
    fn keys_that_differ_in_high_bits_get_different_tags() {
        let tags = |hash: &dyn Fn(u64) -> u64| {
            (0u64..1 << 16)
                .map(|high| hash(high << 40) >> 57)
                .collect::<std::collections::HashSet<u64>>()
                .len()
        };
        let fx_alone = |key: u64| {
            let mut fx = FxHasher::default();
            fx.write_u64(key);
            fx.finish()
        };
        assert_eq!(tags(&fx_alone), 1);
        assert_eq!(tags(&|key| hash_of(&key)), 128);
    }
}
