//! [`Pancakes`]: the pancake puzzle, ranked by `Permutations`.

use search_core::breadth_first::Enumeration;
use search_core::layers::Enumerator;
use search_core::ranking::Permutations;
use search_core::space::RankedSpace;
use search_core::{Ranking, Run, Successors, Unranking};

use crate::error::{Error, ErrorKind};
use crate::numbered::layers::enumerate_reachable;
use crate::numbered::tokens::Tokens;

/// The pancake puzzle: a stack of `n` pancakes of sizes `0..n`, the top
/// first; a move flips the top `k` (2 <= k <= n). Every one of the `n!`
/// stacks is reachable; the most flips any needs is the pancake number
/// (1, 3, 4, 5, 7, 8, 9, 10, 11, 13, 14, 15 for 2 to 13 pancakes).
///
/// A stack is ranked by [`Permutations`] read from the bottom up, so
/// [`AsRanked`](search_core::space::AsRanked) hands it to the dense engine with
/// nothing more; [`ranks`](Pancakes::ranks) is a faster [`RankedSpace`] of
/// the same numbering. From the bottom, because a flip leaves the bottom
/// of the stack alone: the rank's leading digits, and so its range of
/// ranks, stay as they were for all but the largest flips, and an engine
/// that cuts the ranks into parts (on disk, between workers) finds most
/// neighbours in the part it holds.
///
/// # Example
///
/// ```
/// use puzzles::Pancakes;
/// use search_core::{Ranking, Run};
/// use search_core::space::AsRanked;
/// use search_core::dense::DenseEnumeration;
///
/// let pancakes = Pancakes::new(6)?;
/// let start = pancakes.rank(&pancakes.sorted());
/// let layers = DenseEnumeration::new().run(&AsRanked(pancakes), &[start], &mut Run::new())?;
/// assert_eq!((layers.states(), layers.radius()), (720, 7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Pancakes {
    n: usize,
    stacks: Permutations,
}

impl Pancakes {
    /// Stacks of `n` pancakes, 2 to 16.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Size`] for `n` outside 2 to 16.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(puzzles::Pancakes::new(17).is_err());
    /// ```
    pub fn new(n: usize) -> Result<Pancakes, Error> {
        if !(2..=16).contains(&n) {
            return Err(Error::new(ErrorKind::Size { what: "pancakes", size: n, min: 2, max: 16 }));
        }
        Ok(Pancakes { n, stacks: Permutations::new(n)? })
    }

    /// The sorted stack, smallest on top: where every enumeration starts.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::Pancakes::new(3)?.sorted().as_slice(), [0, 1, 2]);
    /// # Ok::<(), puzzles::Error>(())
    /// ```
    pub fn sorted(&self) -> Tokens {
        Tokens::ascending(self.n)
    }

    /// The stacks as ranks, for the dense engines: the same numbering
    /// and neighbours as [`AsRanked`](search_core::space::AsRanked) gives, about
    /// twice as fast.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Pancakes;
    /// use search_core::Run;
    /// use search_core::dense::DenseEnumeration;
    ///
    /// let layers = DenseEnumeration::new().run(&Pancakes::new(8)?.ranks(), &[0], &mut Run::new())?;
    /// assert_eq!((layers.states(), layers.radius()), (40_320, 9));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ranks(&self) -> PancakeRanks {
        PancakeRanks(*self)
    }

    /// Every stack reachable from [`sorted`](Pancakes::sorted), by layers, on
    /// the engine `layers` picks ([`Enumerator::run`]): the 2-bit table
    /// where it fits `run`'s memory limit (or, given a directory, on
    /// disk), else the layers to `run`'s depth limit as sorted,
    /// compressed ranks. Every rank is a stack of the layers, so a table
    /// too large for the whole space is refused at once. The deepest
    /// layer is listed where it fits the memory limit.
    ///
    /// # Errors
    ///
    /// As [`Enumerator::run`]: a limit reached, a file that cannot be
    /// written or read, a cancel.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Pancakes;
    /// use search_core::Run;
    /// use search_core::layers::Enumerator;
    ///
    /// let layers = Pancakes::new(6)?.enumerate_with(&Enumerator::new(), &mut Run::new())?;
    /// assert_eq!((layers.states(), layers.radius()), (720, 7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_with(
        &self,
        layers: &Enumerator,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Tokens>, Error> {
        enumerate_reachable((self, &self.ranks()), &self.sorted(), layers, run)
    }
}

/// The stacks of [`Pancakes`] as ranks, made by [`Pancakes::ranks`]: a
/// flip of the top `k` leaves the Lehmer digits of the places below them
/// as they were, so a neighbour's rank costs only its flipped places.
///
/// # Example
///
/// ```
/// use puzzles::Pancakes;
/// use search_core::space::{AsRanked, RankedSpace};
///
/// let pancakes = Pancakes::new(7)?;
/// let (mut fast, mut plain) = (Vec::new(), Vec::new());
/// pancakes.ranks().neighbours(1234, |rank| fast.push(rank));
/// AsRanked(pancakes).neighbours(1234, |rank| plain.push(rank));
/// assert_eq!(fast, plain);
/// # Ok::<(), puzzles::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PancakeRanks(Pancakes);

impl Successors for Pancakes {
    type State = Tokens;
    type Move = usize;

    fn successors<F: FnMut(Tokens, usize)>(&self, stack: &Tokens, mut report: F) {
        for k in 2..=self.n {
            let mut flipped = *stack;
            flipped.as_mut_slice()[..k].reverse();
            report(flipped, k);
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Tokens> + '_> {
        Some(self)
    }
}

impl Ranking<Tokens> for Pancakes {
    fn rank_count(&self) -> u64 {
        self.stacks.count()
    }

    fn rank(&self, stack: &Tokens) -> u64 {
        let mut bottom_up = *stack;
        bottom_up.as_mut_slice().reverse();
        self.stacks.rank(bottom_up.as_slice())
    }
}

impl Unranking<Tokens> for Pancakes {
    fn unrank(&self, rank: u64) -> Tokens {
        let mut stack = Tokens::zeros(self.n);
        self.stacks.unrank(rank, stack.as_mut_slice());
        stack.as_mut_slice().reverse();
        stack
    }
}

/// `i!` for `i` up to 16.
const FACTORIALS: [u64; 17] = {
    let mut table = [1; 17];
    let mut i = 1;
    while i < 17 {
        table[i] = table[i - 1] * i as u64;
        i += 1;
    }
    table
};

/// The neighbours' ranks from the rank's Lehmer digits, without a stack
/// per neighbour. The rank reads the stack from the bottom, so unranking
/// digit by digit gives, before the top `k` places, the rank of the places
/// below them: what a flip of the top `k` keeps. Flipped, the top `k` are
/// read from the top down, and the digit of the one that was at place `j`
/// (from the top) counts the values below it at places `j + 1..k`: a count
/// that grows by a comparison as `k` does, where counting afresh would
/// take a population count per place.
impl RankedSpace for PancakeRanks {
    fn rank_count(&self) -> u64 {
        self.0.stacks.count()
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        let n = self.0.n;
        // `stack[j]`: place `j` from the top. Unranked from the bottom.
        let mut stack = [0u8; 16];
        // `head_rank[m]`: the rank's part from the bottom `m` places.
        let mut head_rank = [0u64; 17];
        let mut left = rank;
        let mut unplaced = (1u32 << n) - 1;
        for i in 0..n {
            let weight = FACTORIALS[n - 1 - i];
            let digit = left / weight;
            let mut values = unplaced;
            for _ in 0..digit {
                values &= values - 1;
            }
            left %= weight;
            stack[n - 1 - i] = values.trailing_zeros() as u8;
            unplaced &= !(1 << stack[n - 1 - i]);
            head_rank[i + 1] = head_rank[i] + digit * weight;
        }
        // `below[j]`: the values below `stack[j]` at places `j + 1..k`.
        let mut below = [0u8; 16];
        for k in 2..=n {
            let newest = stack[k - 1];
            for j in 0..k - 1 {
                below[j] += u8::from(newest < stack[j]);
            }
            // Flipped, place `j` from the top is read `j`-th of the top
            // `k`, its digit's weight `(k - 1 - j)!`: products
            // independent of each other, where Horner's rule would chain
            // a multiplication per place.
            let weights = FACTORIALS[..k].iter().rev();
            let digits = below[..k].iter().map(|&b| u64::from(b));
            report(head_rank[n - k] + digits.zip(weights).map(|(d, w)| d * w).sum::<u64>());
        }
    }
}
