//! Positional numberings: a digit per position, and two rankings side by
//! side.

use crate::error::Error;

/// Digits with a radix per position, ranked as a number whose first digit
/// is the least significant: the discs of a Tower of Hanoi (`pegs^discs`,
/// [`uniform`](MixedRadix::uniform)), a cube's corner twists, a lock's
/// wheels.
///
/// # Example
///
/// ```
/// use search_core::ranking::MixedRadix;
///
/// // Four discs on three pegs: the peg of each disc.
/// let hanoi = MixedRadix::uniform(3, 4)?;
/// assert_eq!(hanoi.count(), 81);
/// assert_eq!(hanoi.rank(&[2, 0, 0, 1]), 2 + 27);
/// let mut pegs = [0; 4];
/// hanoi.unrank(29, &mut pegs);
/// assert_eq!(pegs, [2, 0, 0, 1]);
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MixedRadix {
    radices: Vec<u64>,
    count: u64,
    /// `b` when every radix is `2^b`: digits are then bit fields, read
    /// and written by shifts instead of divisions.
    bits: Option<u32>,
}

impl MixedRadix {
    /// Digits whose radices are `radices`, the first the least
    /// significant.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when a
    /// radix is 0 or the count passes `u64::MAX`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::MixedRadix;
    ///
    /// // Seven corners twisted 0-2, and a clock of 12.
    /// let digits = MixedRadix::new(vec![3, 3, 3, 3, 3, 3, 3, 12])?;
    /// assert_eq!(digits.count(), 3u64.pow(7) * 12);
    /// assert!(MixedRadix::new(vec![2, 0]).is_err());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new(radices: Vec<u64>) -> Result<MixedRadix, Error> {
        let mut count = 1u64;
        for &radix in &radices {
            if radix == 0 {
                return Err(Error::invalid_shape("a radix of 0 has no digits".to_string()));
            }
            count = count.checked_mul(radix).ok_or_else(|| {
                Error::invalid_shape(format!(
                    "digits of radices {radices:?}: more than 2^64 numbers"
                ))
            })?;
        }
        let bits = radices
            .first()
            .filter(|&&radix| radix.is_power_of_two() && radices.iter().all(|&r| r == radix))
            .map(|radix| radix.trailing_zeros());
        Ok(MixedRadix { radices, count, bits })
    }

    /// `len` digits of radix `radix`: `radix^len` numbers.
    ///
    /// # Errors
    ///
    /// As for [`new`](MixedRadix::new).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ranking::MixedRadix;
    ///
    /// assert_eq!(MixedRadix::uniform(4, 15)?.count(), 1 << 30);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn uniform(radix: u64, len: usize) -> Result<MixedRadix, Error> {
        MixedRadix::new(vec![radix; len])
    }

    /// The product of the radices.
    ///
    /// # Example
    ///
    /// See [`MixedRadix`].
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The number whose digits are `digits` (each below its radix, not
    /// checked).
    ///
    /// # Example
    ///
    /// See [`MixedRadix`].
    #[inline]
    pub fn rank(&self, digits: &[u8]) -> u64 {
        if let Some(bits) = self.bits {
            let digits = digits.iter().take(self.radices.len()).rev();
            return digits.fold(0u64, |rank, &digit| rank.wrapping_shl(bits) | u64::from(digit));
        }
        self.radices.iter().zip(digits).rev().fold(0u64, |rank, (&radix, &digit)| {
            rank.wrapping_mul(radix).wrapping_add(u64::from(digit))
        })
    }

    /// Writes the digits of `rank` (below [`count`](MixedRadix::count))
    /// into `digits`.
    ///
    /// # Example
    ///
    /// See [`MixedRadix`].
    #[inline]
    pub fn unrank(&self, mut rank: u64, digits: &mut [u8]) {
        if let Some(bits) = self.bits {
            let mask = (1u64 << bits) - 1;
            for digit in digits.iter_mut().take(self.radices.len()) {
                *digit = (rank & mask) as u8;
                rank = rank.wrapping_shr(bits);
            }
            return;
        }
        for (digit, &radix) in digits.iter_mut().zip(&self.radices) {
            *digit = (rank % radix) as u8;
            rank /= radix;
        }
    }
}

/// Two rankings side by side: `(a, b)` ranks as `a * count_b + b`, so a
/// state made of two parts (a cube's permutation of corners and their
/// twists) ranks densely in `0..count_a * count_b`.
///
/// # Example
///
/// ```
/// use search_core::ranking::{MixedRadix, Permutations, Product};
///
/// // The pocket cube's 8 corners, one fixed: 7! places, 3^6 twists.
/// let places = Permutations::new(7)?;
/// let twists = MixedRadix::uniform(3, 6)?;
/// let cube = Product::new(places.count(), twists.count())?;
/// assert_eq!(cube.count(), 3_674_160);
/// let rank = cube.rank(places.rank(&[6, 5, 4, 3, 2, 1, 0]), twists.rank(&[1, 0, 0, 0, 0, 2]));
/// assert_eq!(cube.unrank(rank), (5_039, 1 + 2 * 243));
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Product {
    first: u64,
    second: u64,
}

impl Product {
    /// Pairs of a rank below `first` and one below `second`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when
    /// the product passes `u64::MAX`.
    ///
    /// # Example
    ///
    /// See [`Product`].
    pub fn new(first: u64, second: u64) -> Result<Product, Error> {
        first.checked_mul(second).ok_or_else(|| {
            Error::invalid_shape(format!("{first} x {second} ranks: more than 2^64"))
        })?;
        Ok(Product { first, second })
    }

    /// `first * second`.
    ///
    /// # Example
    ///
    /// See [`Product`].
    pub fn count(&self) -> u64 {
        self.first * self.second
    }

    /// The rank of the pair `(a, b)`.
    ///
    /// # Example
    ///
    /// See [`Product`].
    #[inline]
    pub fn rank(&self, a: u64, b: u64) -> u64 {
        a.wrapping_mul(self.second).wrapping_add(b)
    }

    /// The pair of rank `rank`.
    ///
    /// # Example
    ///
    /// See [`Product`].
    #[inline]
    pub fn unrank(&self, rank: u64) -> (u64, u64) {
        rank.checked_div(self.second).map_or((0, 0), |first| (first, rank % self.second))
    }
}
