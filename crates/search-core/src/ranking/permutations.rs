//! Permutations ranked by their Lehmer codes, in O(n) with a bit mask of
//! the values not yet placed.

use crate::error::Error;

/// The most items ordered choices take, as bits of a `u32` mask (the 25
/// cells of a 5x5 puzzle fit), when their number fits a `u64`: for whole
/// permutations, 20, as 20! is the largest factorial below 2^64.
const MAX_CHOICE_ITEMS: usize = 32;

/// `n!/(n-k)!`, the number of ordered choices of `k` of `n` items, or
/// `None` past `u64::MAX`.
fn falling_factorial(n: usize, k: usize) -> Option<u64> {
    (n - k + 1..=n).try_fold(1u64, |product, i| product.checked_mul(i as u64))
}

/// The mask of the values `0..n`, for `n` up to 32.
#[inline]
fn values_below(n: usize) -> u32 {
    u32::MAX.checked_shr(32 - n as u32).unwrap_or(0)
}

/// The bit of `value` in a mask. A value past the mask's width wraps
/// round it: input that is not a permutation gives some rank, never a
/// panic.
#[inline]
fn bit(value: u8) -> u32 {
    1u32.wrapping_shl(u32::from(value))
}

/// How many values below `value` are still unplaced in `unused`.
#[inline]
fn smaller_unused(unused: u32, value: u8) -> u64 {
    u64::from((unused & bit(value).wrapping_sub(1)).count_ones())
}

/// The `index`-th (from 0) set bit of `mask`.
#[inline]
pub(crate) fn nth_set_bit(mut mask: u32, index: u64) -> u8 {
    for _ in 0..index {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros() as u8
}

/// The rank of the first `k` of `values` among the choices of `k` of `n`:
/// Horner's rule over the Lehmer digits, `(n - i)` digit `i`'s radix.
#[inline]
fn horner_rank(n: usize, k: usize, values: &[u8]) -> u64 {
    let mut unused = values_below(n);
    let mut rank = 0;
    for (i, &value) in values.iter().enumerate().take(k) {
        rank = rank * (n - i) as u64 + smaller_unused(unused, value);
        unused &= !bit(value);
    }
    rank
}

/// [`horner_rank`] of a whole permutation of `n` (at least `n` values),
/// with `n` a constant in each arm so that the loop unrolls: a rank of 12
/// took 0.6x the time of a plain unrolled Lehmer rank with `n` read at run
/// time.
#[inline]
fn rank_whole(n: usize, values: &[u8]) -> u64 {
    macro_rules! unrolled {
        ($($size:literal)*) => {
            match n {
                $($size => match values.first_chunk::<$size>() {
                    Some(values) => rank_array(values),
                    None => horner_rank(n, n, values),
                },)*
                _ => horner_rank(n, n, values),
            }
        };
    }
    unrolled!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)
}

/// [`horner_rank`] of an array of `N`, every index known to fit.
#[inline]
fn rank_array<const N: usize>(values: &[u8; N]) -> u64 {
    let mut unused = (1u32 << N) - 1;
    let mut rank = 0;
    for (i, &value) in values.iter().enumerate() {
        rank = rank * (N - i) as u64 + smaller_unused(unused, value);
        unused &= !bit(value);
    }
    rank
}

/// The ordered choices of `k` distinct values from `0..n`, ranked densely
/// in `0..n!/(n-k)!` in lexicographic order: the placements of `k`
/// labelled pieces in `n` cells, what a pattern database of `k` tiles
/// numbers. `n` is at most 32, and `n!/(n-k)!` below 2^64: seven pieces
/// of the 24-puzzle's 25 cells are 2.4 G placements.
///
/// # Example
///
/// ```
/// use search_core::ranking::KPermutations;
///
/// // Two pieces in four cells: 4 x 3 placements.
/// let placements = KPermutations::new(4, 2)?;
/// assert_eq!(placements.count(), 12);
/// assert_eq!(placements.rank(&[0, 1]), 0);
/// assert_eq!(placements.rank(&[3, 2]), 11);
/// let mut cells = [0; 2];
/// placements.unrank(5, &mut cells);
/// assert_eq!((cells, placements.rank(&cells)), ([1, 3], 5));
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KPermutations {
    n: usize,
    k: usize,
    /// `(n-1-i)!/(n-k)!` for each position `i`: the weight of its digit.
    weights: [u64; MAX_CHOICE_ITEMS],
}

impl KPermutations {
    /// The choices of `k` of `n` values.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when `n` passes 32,
    /// `k` passes `n`, or the number of choices passes `u64::MAX`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::KPermutations;
    ///
    /// assert_eq!(KPermutations::new(16, 8)?.count(), 518_918_400);
    /// assert_eq!(KPermutations::new(25, 7)?.count(), 2_422_728_000);
    /// assert!(KPermutations::new(33, 2).is_err());
    /// assert!(KPermutations::new(25, 16).is_err()); // 25!/9! passes 2^64
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new(n: usize, k: usize) -> Result<KPermutations, Error> {
        let count = (n <= MAX_CHOICE_ITEMS && k <= n).then(|| falling_factorial(n, k)).flatten();
        if count.is_none() {
            return Err(Error::invalid_shape(format!(
                "choices of {k} of {n} items: at most 32 items, k at most n, and n!/(n-k)! \
                 below 2^64"
            )));
        }
        let mut weights = [0; MAX_CHOICE_ITEMS];
        for (i, weight) in weights.iter_mut().enumerate().take(k) {
            // A factor of the count, so it fits too.
            *weight = falling_factorial(n - 1 - i, k - 1 - i).unwrap_or(u64::MAX);
        }
        Ok(KPermutations { n, k, weights })
    }

    /// The number of choices: `n!/(n-k)!`.
    ///
    /// # Example
    ///
    /// See [`KPermutations`].
    pub fn count(&self) -> u64 {
        // `new` checked that it fits.
        falling_factorial(self.n, self.k).unwrap_or(u64::MAX)
    }

    /// The rank of `values`, `k` distinct values below `n` (not checked:
    /// other input gives some rank).
    ///
    /// # Example
    ///
    /// See [`KPermutations`].
    #[inline]
    pub fn rank(&self, values: &[u8]) -> u64 {
        if self.k == self.n && values.len() >= self.n {
            return rank_whole(self.n, values);
        }
        horner_rank(self.n, self.k, values)
    }

    /// [`rank`](KPermutations::rank) for a choice of fewer than `n`
    /// values, without the check for whole permutations: for the hot
    /// loops of pattern databases, where `k < n`.
    #[inline]
    pub(crate) fn rank_partial(&self, values: &[u8]) -> u64 {
        horner_rank(self.n, self.k, values)
    }

    /// The choice whose Lehmer digits are `digits` (digit `i` below
    /// `n - i`), written into `values[..k]`: the second half of
    /// [`unrank`](KPermutations::unrank), for callers that find the digits
    /// faster themselves.
    #[inline]
    pub(crate) fn place_digits(&self, digits: &[u32], values: &mut [u8]) {
        let mut unused = values_below(self.n);
        for (value, &digit) in values.iter_mut().zip(&digits[..self.k]) {
            *value = nth_set_bit(unused, u64::from(digit));
            unused &= !bit(*value);
        }
    }

    /// Writes the choice of rank `rank` (below [`count`](KPermutations::count))
    /// into `values[..k]`.
    ///
    /// # Example
    ///
    /// See [`KPermutations`].
    #[inline]
    pub fn unrank(&self, rank: u64, values: &mut [u8]) {
        self.unrank_counting(rank, values);
    }

    /// As [`unrank`](KPermutations::unrank), returning the sum of the
    /// Lehmer digits: the inversions among the values placed and against
    /// those left, whose parity is the permutation's.
    #[inline]
    fn unrank_counting(&self, mut rank: u64, values: &mut [u8]) -> u64 {
        let mut unused = values_below(self.n);
        let mut inversions = 0;
        for (i, value) in values.iter_mut().enumerate().take(self.k) {
            let digit = rank / self.weights[i];
            rank %= self.weights[i];
            inversions += digit;
            *value = nth_set_bit(unused, digit);
            unused &= !bit(*value);
        }
        inversions
    }
}

/// Permutations of `0..n`, ranked densely in `0..n!` in lexicographic
/// order. `n` is at most 20.
///
/// # Example
///
/// ```
/// use search_core::ranking::Permutations;
///
/// let perms = Permutations::new(4)?;
/// assert_eq!(perms.count(), 24);
/// assert_eq!(perms.rank(&[0, 1, 2, 3]), 0);
/// assert_eq!(perms.rank(&[3, 2, 1, 0]), 23);
/// let mut perm = [0; 4];
/// perms.unrank(9, &mut perm);
/// assert_eq!(perm, [1, 2, 3, 0]);
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Permutations(KPermutations);

impl Permutations {
    /// The permutations of `n` items.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when `n` passes 20.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::Permutations;
    ///
    /// assert_eq!(Permutations::new(12)?.count(), 479_001_600);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Permutations, Error> {
        KPermutations::new(n, n).map(Permutations)
    }

    /// `n!`.
    ///
    /// # Example
    ///
    /// See [`Permutations`].
    pub fn count(&self) -> u64 {
        self.0.count()
    }

    /// The rank of `perm`, a permutation of `0..n` (not checked).
    ///
    /// # Example
    ///
    /// See [`Permutations`].
    #[inline]
    pub fn rank(&self, perm: &[u8]) -> u64 {
        self.0.rank(perm)
    }

    /// Writes the permutation of rank `rank` into `perm[..n]`.
    ///
    /// # Example
    ///
    /// See [`Permutations`].
    #[inline]
    pub fn unrank(&self, rank: u64, perm: &mut [u8]) {
        self.0.unrank(rank, perm);
    }
}

/// The even permutations of `0..n` (n ≥ 2), ranked densely in `0..n!/2`:
/// for spaces whose moves keep a permutation's parity (a sliding puzzle's
/// tiles with the blank's row, `TopSpin`'s turntable of 4). The first
/// `n - 2` values rank as a [`KPermutations`]; the last two follow from
/// the parity.
///
/// # Example
///
/// ```
/// use search_core::ranking::EvenPermutations;
///
/// let even = EvenPermutations::new(4)?;
/// assert_eq!(even.count(), 12);
/// let mut perm = [0; 4];
/// even.unrank(0, &mut perm);
/// assert_eq!(perm, [0, 1, 2, 3]);
/// even.unrank(1, &mut perm);
/// assert_eq!(perm, [0, 2, 3, 1]); // [0, 2, 1, 3] is odd
/// assert_eq!(even.rank(&perm), 1);
/// assert!(EvenPermutations::is_even(&perm));
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvenPermutations {
    n: usize,
    head: KPermutations,
}

impl EvenPermutations {
    /// The even permutations of `n` items.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when `n` is below 2
    /// or passes 20.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::EvenPermutations;
    ///
    /// assert_eq!(EvenPermutations::new(12)?.count(), 239_500_800);
    /// assert!(EvenPermutations::new(1).is_err());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<EvenPermutations, Error> {
        if n < 2 {
            return Err(Error::invalid_shape(format!(
                "even permutations of {n} items: at least 2"
            )));
        }
        Ok(EvenPermutations { n, head: KPermutations::new(n, n - 2)? })
    }

    /// `n!/2`.
    ///
    /// # Example
    ///
    /// See [`EvenPermutations`].
    pub fn count(&self) -> u64 {
        self.head.count()
    }

    /// Whether `perm`, a permutation of `0..perm.len()`, is even: its
    /// length minus its number of cycles is even.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::EvenPermutations;
    ///
    /// assert!(EvenPermutations::is_even(&[1, 2, 0]));
    /// assert!(!EvenPermutations::is_even(&[1, 0, 2]));
    /// ```
    #[inline]
    pub fn is_even(perm: &[u8]) -> bool {
        // A mask for the points seen while a permutation fits one: this
        // runs for every rank of an even-permutation space.
        if perm.len() <= 64 {
            let mut seen = 0u64;
            count_cycles(perm, |at| {
                let was = seen & (1 << at) != 0;
                seen |= 1 << at;
                was
            })
        } else {
            let mut seen = vec![false; perm.len()];
            count_cycles(perm, |at| std::mem::replace(&mut seen[at], true))
        }
    }

    /// The rank of `perm`, an even permutation of `0..n` (not checked).
    ///
    /// # Example
    ///
    /// See [`EvenPermutations`].
    #[inline]
    pub fn rank(&self, perm: &[u8]) -> u64 {
        self.head.rank(perm)
    }

    /// Writes the even permutation of rank `rank` into `perm[..n]`.
    ///
    /// # Example
    ///
    /// See [`EvenPermutations`].
    pub fn unrank(&self, rank: u64, perm: &mut [u8]) {
        let n = self.n;
        // The two values left, smaller first, add no inversions: the
        // permutation's parity is that of the head's Lehmer digits.
        let inversions = self.head.unrank_counting(rank, perm);
        let placed = perm[..n - 2].iter().fold(0u32, |mask, &value| mask | bit(value));
        let free = ((1u32 << n) - 1) & !placed;
        let low = free.trailing_zeros() as u8;
        let high = 31u8.saturating_sub(free.leading_zeros() as u8);
        (perm[n - 2], perm[n - 1]) =
            if inversions.is_multiple_of(2) { (low, high) } else { (high, low) };
    }
}

/// Whether `perm` (of `0..perm.len()`) is even, by counting its cycles;
/// `visit(at)` marks point `at` seen and says whether it was already.
#[inline]
fn count_cycles(perm: &[u8], mut visit: impl FnMut(usize) -> bool) -> bool {
    let mut cycles = 0;
    for start in 0..perm.len() {
        if visit(start) {
            continue;
        }
        cycles += 1;
        let mut at = usize::from(perm[start]);
        // A value out of range ends its cycle: input that is not a
        // permutation gets some answer, never a panic.
        while at < perm.len() && !visit(at) {
            at = usize::from(perm[at]);
        }
    }
    (perm.len() - cycles).is_multiple_of(2)
}
