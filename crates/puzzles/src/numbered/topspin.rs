//! [`TopSpin`]: tokens on a ring and a turntable that reverses four.

use search_core::breadth_first::Enumeration;
use search_core::layers::Enumerator;
use search_core::ranking::{EvenPermutations, Permutations};
use search_core::space::AsRanked;
use search_core::{Ranking, Run, Successors, Unranking};

use crate::error::{Error, ErrorKind};
use crate::numbered::layers::enumerate_reachable;
use crate::numbered::tokens::Tokens;

/// A move of [`TopSpin`].
///
/// # Example
///
/// ```
/// use puzzles::Spin;
///
/// assert_ne!(Spin::Left, Spin::Turn);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spin {
    /// Every token one place towards the front.
    Left,
    /// Every token one place back.
    Right,
    /// The turntable reverses the first four tokens.
    Turn,
}

/// TopSpin: `n` numbered tokens on a ring (4 to 16), a move shifts the
/// ring one place either way or reverses the four tokens in the
/// turntable.
///
/// Both moves of an odd ring are even permutations, so only the `n!/2`
/// even arrangements are reachable and the ranking is
/// [`EvenPermutations`]; an even ring is ranked by [`Permutations`].
///
/// # Example
///
/// ```
/// use puzzles::TopSpin;
/// use search_core::{Ranking, Run};
/// use search_core::space::AsRanked;
/// use search_core::dense::DenseEnumeration;
///
/// let ring = TopSpin::new(7)?;
/// assert_eq!(ring.rank_count(), 2_520); // 7!/2
/// let start = ring.rank(&ring.solved());
/// let layers = DenseEnumeration::new().run(&AsRanked(ring), &[start], &mut Run::new())?;
/// assert_eq!(layers.states(), 2_520);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TopSpin {
    n: usize,
    numbering: Numbering,
}

#[derive(Clone, Copy, Debug)]
enum Numbering {
    Even(EvenPermutations),
    All(Permutations),
}

impl TopSpin {
    /// A ring of `n` tokens, 4 to 16.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Size`] for `n` outside 4 to 16.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(puzzles::TopSpin::new(3).is_err());
    /// ```
    pub fn new(n: usize) -> Result<TopSpin, Error> {
        if !(4..=16).contains(&n) {
            return Err(Error::new(ErrorKind::Size {
                what: "TopSpin tokens",
                size: n,
                min: 4,
                max: 16,
            }));
        }
        let numbering = if n % 2 == 1 {
            Numbering::Even(EvenPermutations::new(n)?)
        } else {
            Numbering::All(Permutations::new(n)?)
        };
        Ok(TopSpin { n, numbering })
    }

    /// The tokens in order: where every enumeration starts.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::TopSpin::new(4)?.solved().as_slice(), [0, 1, 2, 3]);
    /// # Ok::<(), puzzles::Error>(())
    /// ```
    pub fn solved(&self) -> Tokens {
        Tokens::ascending(self.n)
    }

    /// Every ring reachable from [`solved`](TopSpin::solved), by layers, on
    /// the engine `layers` picks ([`Enumerator::run`]): the 2-bit table
    /// where it fits `run`'s memory limit (or, given a directory, on
    /// disk), else the layers to `run`'s depth limit as sorted,
    /// compressed ranks. Every rank is a ring of the layers, so a table
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
    /// use puzzles::TopSpin;
    /// use search_core::Run;
    /// use search_core::layers::Enumerator;
    ///
    /// let layers = TopSpin::new(6)?.enumerate_with(&Enumerator::new(), &mut Run::new())?;
    /// assert_eq!((layers.states(), layers.radius()), (720, 12));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_with(
        &self,
        layers: &Enumerator,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Tokens>, Error> {
        enumerate_reachable((self, &AsRanked(*self)), &self.solved(), layers, run)
    }
}

impl Successors for TopSpin {
    type State = Tokens;
    type Move = Spin;

    fn successors<F: FnMut(Tokens, Spin)>(&self, ring: &Tokens, mut report: F) {
        for (spin, change) in [
            (Spin::Left, <[u8]>::rotate_left as fn(&mut [u8], usize)),
            (Spin::Right, <[u8]>::rotate_right),
        ] {
            let mut next = *ring;
            change(next.as_mut_slice(), 1);
            report(next, spin);
        }
        let mut turned = *ring;
        turned.as_mut_slice()[..4].reverse();
        report(turned, Spin::Turn);
    }

    fn ranking(&self) -> Option<impl Ranking<Tokens> + '_> {
        Some(self)
    }
}

impl Ranking<Tokens> for TopSpin {
    fn rank_count(&self) -> u64 {
        match self.numbering {
            Numbering::Even(even) => even.count(),
            Numbering::All(all) => all.count(),
        }
    }

    fn rank(&self, ring: &Tokens) -> u64 {
        match self.numbering {
            Numbering::Even(even) => even.rank(ring.as_slice()),
            Numbering::All(all) => all.rank(ring.as_slice()),
        }
    }
}

impl Unranking<Tokens> for TopSpin {
    fn unrank(&self, rank: u64) -> Tokens {
        let mut ring = Tokens::zeros(self.n);
        match self.numbering {
            Numbering::Even(even) => even.unrank(rank, ring.as_mut_slice()),
            Numbering::All(all) => all.unrank(rank, ring.as_mut_slice()),
        }
        ring
    }
}
