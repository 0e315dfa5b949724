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

/// Builds [`StateHasher`]s; a `HashMap`'s `S` parameter.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BuildStateHasher;

impl BuildHasher for BuildStateHasher {
    type Hasher = StateHasher;

    fn build_hasher(&self) -> StateHasher {
        StateHasher(FxHasher::default())
    }
}

/// Fx, folded at the end; see the module's documentation.
#[derive(Default)]
pub(crate) struct StateHasher(FxHasher);

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

/// A `HashMap` keyed by states.
pub(crate) type StateMap<K, V> = std::collections::HashMap<K, V, BuildStateHasher>;

#[cfg(test)]
mod tests {
    use super::*;

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
