//! Subsets of a fixed size, ranked by the combinatorial number system.

use crate::error::Error;

/// The `k`-element subsets of `0..n` (n at most 64), as bit masks, ranked
/// densely in `0..C(n, k)` by the combinatorial number system: a subset
/// `c_1 < c_2 < ... < c_k` ranks as `C(c_1, 1) + C(c_2, 2) + ... + C(c_k, k)`.
/// Which cells a pattern's pieces occupy, when the pieces are alike.
///
/// # Example
///
/// ```
/// use search_core::ranking::Combinations;
///
/// let pairs = Combinations::new(4, 2)?;
/// assert_eq!(pairs.count(), 6);
/// assert_eq!(pairs.rank(0b0011), 0);
/// assert_eq!(pairs.rank(0b1100), 5);
/// assert_eq!(pairs.unrank(3), 0b1001);
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combinations {
    n: usize,
    k: usize,
    /// `binomials[m][j]` is `C(m, j)`, for `m` up to `n` and `j` up to `k`.
    binomials: Vec<Vec<u64>>,
}

impl Combinations {
    /// The subsets of `k` of `n` items.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when
    /// `n` passes 64 or `k` passes `n`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::Combinations;
    ///
    /// assert_eq!(Combinations::new(64, 32)?.count(), 1_832_624_140_942_590_534);
    /// assert!(Combinations::new(3, 4).is_err());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new(n: usize, k: usize) -> Result<Combinations, Error> {
        if n > 64 || k > n {
            return Err(Error::invalid_shape(format!(
                "subsets of {k} of {n} items: at most 64 items, and k at most n"
            )));
        }
        let mut binomials = vec![vec![0u64; k + 1]; n + 1];
        for m in 0..=n {
            binomials[m][0] = 1;
            for j in 1..=k.min(m) {
                // C(64, 32) is the largest and fits: no sum overflows.
                binomials[m][j] =
                    binomials[m - 1][j - 1] + if j < m { binomials[m - 1][j] } else { 0 };
            }
        }
        Ok(Combinations { n, k, binomials })
    }

    /// `C(n, k)`.
    ///
    /// # Example
    ///
    /// See [`Combinations`].
    pub fn count(&self) -> u64 {
        self.binomials[self.n][self.k]
    }

    /// The rank of `mask`, a set of `k` bits below bit `n` (not checked:
    /// other masks give some rank).
    ///
    /// # Example
    ///
    /// See [`Combinations`].
    pub fn rank(&self, mut mask: u64) -> u64 {
        let mut rank = 0;
        let mut j = 1;
        while mask != 0 && j <= self.k {
            let cell = mask.trailing_zeros() as usize;
            rank += self.binomials.get(cell).map_or(0, |row| row[j]);
            mask &= mask - 1;
            j += 1;
        }
        rank
    }

    /// The mask of rank `rank` (below [`count`](Combinations::count)).
    ///
    /// # Example
    ///
    /// See [`Combinations`].
    pub fn unrank(&self, mut rank: u64) -> u64 {
        let mut mask = 0;
        let mut cell = self.n;
        for j in (1..=self.k).rev() {
            // The largest cell with C(cell, j) <= rank.
            cell -= 1;
            while cell > 0 && self.binomials[cell][j] > rank {
                cell -= 1;
            }
            rank -= self.binomials[cell][j].min(rank);
            mask |= 1 << cell;
        }
        mask
    }
}
