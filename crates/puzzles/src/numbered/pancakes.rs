//! [`Pancakes`]: the pancake puzzle, ranked by `Permutations`.

use search_core::{Permutations, Ranking, Successors, Unranking};

use crate::error::{Error, ErrorKind};
use crate::numbered::tokens::Tokens;

/// The pancake puzzle: a stack of `n` pancakes of sizes `0..n`, the top
/// first; a move flips the top `k` (2 <= k <= n). Every one of the `n!`
/// stacks is reachable; the most flips any needs is the pancake number
/// (1, 3, 4, 5, 7, 8, 9, 10, 11, 13, 14, 15 for 2 to 13 pancakes).
///
/// A stack is ranked by [`Permutations`], so [`AsRanked`](search_core::AsRanked)
/// hands it to the dense engine with nothing more.
///
/// # Example
///
/// ```
/// use puzzles::Pancakes;
/// use search_core::{AsRanked, DenseEnumeration, Ranking};
///
/// let pancakes = Pancakes::new(6)?;
/// let start = pancakes.rank(&pancakes.sorted());
/// let layers = DenseEnumeration::new().run(&AsRanked(pancakes), &[start], |_, _| {})?;
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
}

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
        self.stacks.rank(stack.as_slice())
    }
}

impl Unranking<Tokens> for Pancakes {
    fn unrank(&self, rank: u64) -> Tokens {
        let mut stack = Tokens::zeros(self.n);
        self.stacks.unrank(rank, stack.as_mut_slice());
        stack
    }
}
