//! [`Hanoi4`]: the Tower of Hanoi with four pegs, ranked by `MixedRadix`.

use search_core::breadth_first::Enumeration;
use search_core::layers::Enumerator;
use search_core::ranking::MixedRadix;
use search_core::space::RankedSpace;
use search_core::{Ranking, Run, Successors, Unranking};

use crate::error::{Error, ErrorKind};
use crate::numbered::layers::enumerate_reachable;
use crate::numbered::tokens::Tokens;

/// The Tower of Hanoi with four pegs and `discs` discs (1 to 16): a state
/// is each disc's peg, the smallest disc first; a move takes a peg's top
/// disc onto a peg whose discs are all larger. All `4^discs` states are
/// reachable from the standard start, every disc on the first peg.
///
/// A state is ranked by [`MixedRadix`], its pegs the digits;
/// [`ranks`](Hanoi4::ranks) is a faster [`RankedSpace`] of the same
/// numbering.
///
/// # Example
///
/// ```
/// use puzzles::Hanoi4;
/// use search_core::{Ranking, Run};
/// use search_core::space::AsRanked;
/// use search_core::dense::DenseEnumeration;
///
/// let hanoi = Hanoi4::new(3)?;
/// let start = hanoi.rank(&hanoi.start());
/// let layers = DenseEnumeration::new().run(&AsRanked(hanoi), &[start], &mut Run::new())?;
/// assert_eq!((layers.states(), layers.radius()), (64, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Hanoi4 {
    discs: usize,
    digits: MixedRadix,
}

impl Hanoi4 {
    /// The tower of `discs` discs, 1 to 16.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Size`] for `discs` outside 1 to 16.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(puzzles::Hanoi4::new(0).is_err());
    /// ```
    pub fn new(discs: usize) -> Result<Hanoi4, Error> {
        if !(1..=16).contains(&discs) {
            return Err(Error::new(ErrorKind::Size {
                what: "discs",
                size: discs,
                min: 1,
                max: 16,
            }));
        }
        Ok(Hanoi4 { discs, digits: MixedRadix::uniform(4, discs)? })
    }

    /// Every disc on the first peg.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::Hanoi4::new(2)?.start().as_slice(), [0, 0]);
    /// # Ok::<(), puzzles::Error>(())
    /// ```
    pub fn start(&self) -> Tokens {
        Tokens::zeros(self.discs)
    }

    /// The states as ranks, for the dense engines: the same numbering
    /// and neighbours as [`AsRanked`](search_core::space::AsRanked) gives,
    /// several times as fast.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Hanoi4;
    /// use search_core::Run;
    /// use search_core::dense::DenseEnumeration;
    ///
    /// let layers = DenseEnumeration::new().run(&Hanoi4::new(6)?.ranks(), &[0], &mut Run::new())?;
    /// assert_eq!((layers.states(), layers.radius()), (4_096, 17));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ranks(&self) -> HanoiRanks {
        HanoiRanks { discs: self.discs }
    }

    /// Every state reachable from [`start`](Hanoi4::start), by layers, on
    /// the engine `layers` picks ([`Enumerator::run`]): the 2-bit table
    /// where it fits `run`'s memory limit (or, given a directory, on
    /// disk), else the layers to `run`'s depth limit as sorted,
    /// compressed ranks. Every rank is a state of the layers, so a table
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
    /// use puzzles::Hanoi4;
    /// use search_core::Run;
    /// use search_core::layers::Enumerator;
    ///
    /// let layers = Hanoi4::new(6)?.enumerate_with(&Enumerator::new(), &mut Run::new())?;
    /// assert_eq!((layers.states(), layers.radius()), (4_096, 17));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_with(
        &self,
        layers: &Enumerator,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Tokens>, Error> {
        enumerate_reachable((self, &self.ranks()), &self.start(), layers, run)
    }
}

/// The states of [`Hanoi4`] as ranks, made by [`Hanoi4::ranks`]: disc `d`
/// is the rank's bits `2d` and `2d + 1`, so a move of it from peg `a` to
/// peg `b` adds `(b - a) * 4^d` to the rank, and no state is built.
///
/// # Example
///
/// ```
/// use puzzles::Hanoi4;
/// use search_core::space::{AsRanked, RankedSpace};
///
/// let hanoi = Hanoi4::new(5)?;
/// let (mut fast, mut plain) = (Vec::new(), Vec::new());
/// hanoi.ranks().neighbours(777, |rank| fast.push(rank));
/// AsRanked(hanoi).neighbours(777, |rank| plain.push(rank));
/// assert_eq!(fast, plain);
/// # Ok::<(), puzzles::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct HanoiRanks {
    discs: usize,
}

impl RankedSpace for HanoiRanks {
    fn rank_count(&self) -> u64 {
        1 << (2 * self.discs)
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        // Each peg's top disc: the smallest on it.
        let mut top = [usize::MAX; 4];
        for disc in (0..self.discs).rev() {
            top[((rank >> (2 * disc)) & 3) as usize] = disc;
        }
        for from in 0..4u64 {
            let disc = top[from as usize];
            if disc == usize::MAX {
                continue;
            }
            let without = rank & !(3 << (2 * disc));
            for to in (0..4u64).filter(|&to| disc < top[to as usize]) {
                report(without | (to << (2 * disc)));
            }
        }
    }
}

impl Successors for Hanoi4 {
    type State = Tokens;
    type Move = (u8, u8);

    fn successors<F: FnMut(Tokens, (u8, u8))>(&self, pegs: &Tokens, mut report: F) {
        // Each peg's top disc: the smallest on it.
        let mut top = [usize::MAX; 4];
        for (disc, &peg) in pegs.as_slice().iter().enumerate().rev() {
            top[usize::from(peg)] = disc;
        }
        for from in 0..4u8 {
            let disc = top[usize::from(from)];
            if disc == usize::MAX {
                continue;
            }
            for to in (0..4u8).filter(|&to| disc < top[usize::from(to)]) {
                let mut next = *pegs;
                next.as_mut_slice()[disc] = to;
                report(next, (from, to));
            }
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Tokens> + '_> {
        Some(self)
    }
}

impl Ranking<Tokens> for Hanoi4 {
    fn rank_count(&self) -> u64 {
        self.digits.count()
    }

    fn rank(&self, pegs: &Tokens) -> u64 {
        self.digits.rank(pegs.as_slice())
    }
}

impl Unranking<Tokens> for Hanoi4 {
    fn unrank(&self, rank: u64) -> Tokens {
        let mut pegs = Tokens::zeros(self.discs);
        self.digits.unrank(rank, pegs.as_mut_slice());
        pegs
    }
}
