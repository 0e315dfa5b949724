//! [`MultisetPermutations`]: the arrangements of items that repeat, ranked
//! in lexicographic order.

use smallvec::SmallVec;

use crate::error::Error;

/// The arrangements of a multiset of items (`n! / (m_1! m_2! ...)` of
/// them, for items repeated `m_1, m_2, ...` times), ranked densely in
/// lexicographic order: the states of a puzzle whose pieces look alike,
/// such as a cube's coloured stickers or a string of beads. With every
/// item distinct it ranks as [`Permutations`](crate::ranking::Permutations).
///
/// # Example
///
/// ```
/// use search_core::ranking::MultisetPermutations;
///
/// // Two black (0) and two white (1) beads: 4!/(2! 2!) arrangements.
/// let beads = MultisetPermutations::new(&[0, 0, 1, 1])?;
/// assert_eq!(beads.count(), 6);
/// assert_eq!(beads.rank(&[0, 0, 1, 1]), 0);
/// assert_eq!(beads.rank(&[1, 1, 0, 0]), 5);
/// let mut back = [0; 4];
/// beads.unrank(3, &mut back);
/// assert_eq!(back, [1, 0, 0, 1]);
/// // An arrangement of other items has no rank below the count.
/// assert_eq!(beads.rank(&[0, 0, 0, 1]), beads.count());
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultisetPermutations {
    /// The distinct items, smallest first.
    items: SmallVec<[u8; 32]>,
    /// How many times each of `items` appears.
    repeats: SmallVec<[u32; 32]>,
    /// `items`' index of each byte, or `NOT_AN_ITEM`.
    index: [u8; 256],
    /// The number of items, `n`.
    len: usize,
    count: u64,
}

/// The index of a byte that is none of the items.
const NOT_AN_ITEM: u8 = u8::MAX;

impl MultisetPermutations {
    /// The arrangements of `items`, whose order does not matter.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when
    /// `items` is empty, holds more than 255 distinct items, or has more
    /// arrangements than 2^64.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::MultisetPermutations;
    ///
    /// // A 2x2x2 cube's 24 stickers in 6 colours: 24!/(4!^6) arrangements.
    /// let colours: Vec<u8> = (0..24).map(|sticker| sticker / 4).collect();
    /// assert_eq!(MultisetPermutations::new(&colours)?.count(), 3_246_670_537_110_000);
    /// assert!(MultisetPermutations::new(&(0..21).collect::<Vec<u8>>()).is_err()); // 21!
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new(items: &[u8]) -> Result<MultisetPermutations, Error> {
        let mut seen = [0u32; 256];
        for &item in items {
            seen[usize::from(item)] += 1;
        }
        let mut distinct: SmallVec<[u8; 32]> = SmallVec::new();
        let mut repeats: SmallVec<[u32; 32]> = SmallVec::new();
        let mut index = [NOT_AN_ITEM; 256];
        for (item, &times) in seen.iter().enumerate().filter(|(_, times)| **times > 0) {
            if distinct.len() == usize::from(NOT_AN_ITEM) {
                return Err(Error::invalid_shape(
                    "arrangements of more than 255 distinct items".into(),
                ));
            }
            index[item] = distinct.len() as u8;
            distinct.push(item as u8);
            repeats.push(times);
        }
        let count = multinomial(&repeats).filter(|_| !items.is_empty()).ok_or_else(|| {
            Error::invalid_shape(format!(
                "the arrangements of {} items ({} distinct) are none or pass 2^64",
                items.len(),
                distinct.len()
            ))
        })?;
        Ok(MultisetPermutations { items: distinct, repeats, index, len: items.len(), count })
    }

    /// The number of arrangements.
    ///
    /// # Example
    ///
    /// See [`MultisetPermutations`].
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The rank of `arrangement`, below [`count`](Self::count), or the
    /// count itself when `arrangement` is not an arrangement of these
    /// items (an item too many, or one of another kind), so that a table
    /// of `count` entries refuses it rather than mistake it for another.
    ///
    /// # Example
    ///
    /// See [`MultisetPermutations`].
    #[inline]
    pub fn rank(&self, arrangement: &[u8]) -> u64 {
        if arrangement.len() != self.len {
            return self.count;
        }
        let mut left = self.repeats.clone();
        // The arrangements of what is left: `rank` counts those that begin
        // with a smaller item than the one placed at each position.
        let mut arrangements = u128::from(self.count);
        let mut rank = 0u128;
        for (position, &item) in arrangement.iter().enumerate() {
            let index = usize::from(self.index[usize::from(item)]);
            if index == usize::from(NOT_AN_ITEM) || left[index] == 0 {
                return self.count;
            }
            let total = (self.len - position) as u128;
            let smaller: u32 = left[..index].iter().sum();
            rank += arrangements * u128::from(smaller) / total;
            arrangements = arrangements * u128::from(left[index]) / total;
            left[index] -= 1;
        }
        // Below the count, which fits.
        rank as u64
    }

    /// Writes the arrangement of rank `rank` (below
    /// [`count`](Self::count)) into `arrangement[..n]`.
    ///
    /// # Example
    ///
    /// See [`MultisetPermutations`].
    pub fn unrank(&self, rank: u64, arrangement: &mut [u8]) {
        let mut left = self.repeats.clone();
        let mut arrangements = u128::from(self.count);
        let mut rank = u128::from(rank);
        for (position, slot) in arrangement.iter_mut().enumerate().take(self.len) {
            let total = (self.len - position) as u128;
            for (index, times) in left.iter_mut().enumerate() {
                if *times == 0 {
                    continue;
                }
                let starting_here = arrangements * u128::from(*times) / total;
                // The last item left takes what remains, so a rank past the
                // count still writes some arrangement.
                if rank < starting_here || index == self.items.len() - 1 {
                    *slot = self.items[index];
                    arrangements = starting_here;
                    *times -= 1;
                    break;
                }
                rank -= starting_here;
            }
        }
    }
}

/// `(sum of repeats)! / product of repeats!`, when it fits 64 bits.
fn multinomial(repeats: &[u32]) -> Option<u64> {
    let mut count = 1u64;
    let mut placed = 0u64;
    for &times in repeats {
        // Choose the places of each item among those placed so far:
        // C(placed + times, times), built up so that each step divides.
        for k in 1..=u64::from(times) {
            placed += 1;
            let product = u128::from(count) * u128::from(placed) / u128::from(k);
            count = u64::try_from(product).ok()?;
        }
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use crate::ranking::multiset::MultisetPermutations;
    use crate::ranking::permutations::Permutations;

    /// Every arrangement of `items`, in lexicographic order, by brute force.
    fn all_arrangements(items: &[u8]) -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        let mut sorted = items.to_vec();
        sorted.sort_unstable();
        loop {
            all.push(sorted.clone());
            // The next permutation in lexicographic order, skipping repeats.
            let Some(i) = (1..sorted.len()).rev().find(|&i| sorted[i - 1] < sorted[i]) else {
                return all;
            };
            let j = (i..sorted.len()).rev().find(|&j| sorted[j] > sorted[i - 1]).unwrap_or(i);
            sorted.swap(i - 1, j);
            sorted[i..].reverse();
        }
    }

    #[test]
    fn ranks_are_the_lexicographic_order() {
        for items in
            [&[0, 0, 1, 1][..], &[2, 0, 1, 0, 2, 2], &[5], &[3, 1, 4, 1, 5, 9, 2, 6], &[7; 5]]
        {
            let ranks = MultisetPermutations::new(items).unwrap();
            let all = all_arrangements(items);
            assert_eq!(ranks.count(), all.len() as u64, "{items:?}");
            let mut back = vec![0; items.len()];
            for (rank, arrangement) in all.iter().enumerate() {
                assert_eq!(ranks.rank(arrangement), rank as u64, "{arrangement:?}");
                ranks.unrank(rank as u64, &mut back);
                assert_eq!(&back, arrangement);
            }
        }
    }

    #[test]
    fn distinct_items_rank_as_permutations() {
        let ranks = MultisetPermutations::new(&[4, 2, 0, 1, 3]).unwrap();
        let permutations = Permutations::new(5).unwrap();
        let mut perm = [0; 5];
        for rank in 0..120 {
            permutations.unrank(rank, &mut perm);
            assert_eq!(ranks.rank(&perm), rank);
        }
    }

    #[test]
    fn foreign_arrangements_rank_at_the_count() {
        let ranks = MultisetPermutations::new(&[0, 0, 1]).unwrap();
        for foreign in [&[0, 0, 0][..], &[0, 1, 2], &[0, 1], &[1, 1, 0, 0]] {
            assert_eq!(ranks.rank(foreign), 3, "{foreign:?}");
        }
    }

    #[test]
    fn counts_past_64_bits_are_refused() {
        let twenty: Vec<u8> = (0..20).collect();
        assert_eq!(MultisetPermutations::new(&twenty).unwrap().count(), 2_432_902_008_176_640_000);
        let mut pairs: Vec<u8> = (0..24).map(|i| i / 2).collect();
        assert!(MultisetPermutations::new(&pairs).is_err(), "24!/2^12 passes 2^64");
        pairs.truncate(22);
        assert_eq!(MultisetPermutations::new(&pairs).unwrap().count(), 548_828_480_360_160_000);
        assert!(MultisetPermutations::new(&[]).is_err());
    }
}
