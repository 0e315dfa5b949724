//! [`Cayley`], the graph of the permutations some generators reach, and
//! [`Orbit`], the graph of the arrangements they reach from one with
//! repeated items (a coset graph).

use std::ops::ControlFlow;

use smallvec::SmallVec;

use super::generators::{Generators, inverse};
use crate::error::Error;
use crate::ranking::multiset::MultisetPermutations;
use crate::ranking::permutations::{EvenPermutations, Permutations};
use crate::run::memory::heap_block;
use crate::space::traits::{Predecessors, Ranking, Successors, Unranking};

/// A state of a [`Cayley`] or [`Orbit`] space: the item at each position,
/// inline up to 32 positions.
pub type Arrangement = SmallVec<[u8; 32]>;

/// The generators and their inverses, applied to arrangements.
#[derive(Clone, Debug)]
struct Moves {
    generators: Generators,
    inverses: Vec<Vec<u8>>,
}

impl Moves {
    fn new(generators: Generators) -> Moves {
        let inverses = (0..generators.len()).map(|g| inverse(generators.image(g))).collect();
        Moves { generators, inverses }
    }

    /// `image` applied to `state`: `t[i] = state[image[i]]`.
    #[inline]
    fn apply(state: &[u8], image: &[u8]) -> Arrangement {
        image.iter().map(|&from| state[usize::from(from)]).collect()
    }

    fn check(&self, state: &[u8]) -> bool {
        state.len() == self.generators.points()
    }
}

/// The Cayley graph of the group some permutations generate: its states
/// are the permutations of `0..n` the generators reach, a move applies a
/// generator (see [`Generators`] for how), and a move's name is the
/// generator's index.
///
/// Ranked up to 20 points (`20!` is the last factorial below 2^64), so
/// the hashed searches keep their visited states in flat tables and
/// [`AsRanked`](crate::space::AsRanked) takes it to the dense engine in
/// 2 bits a state: by [`Permutations`], or by [`EvenPermutations`] in
/// half the ranks when every generator is even (then an odd permutation,
/// which no even generator reaches from the identity, ranks at the count,
/// past every table). Its predecessors apply the inverses, so searches
/// from both ends work whether or not the generators are closed under
/// inverse (a directed graph when they are not:
/// [`Generators::is_closed_under_inverse`]). A state of another length
/// than the points has no successors.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, Ranking, Run};
/// use search_core::dense::DenseEnumeration;
/// use search_core::groups::{Cayley, Generators};
/// use search_core::space::AsRanked;
///
/// // Pancake flips of 5: reverse the top 2, 3, 4 or 5.
/// let mut flips = Generators::new(5)?;
/// for k in 2..=5u8 {
///     let image: Vec<u8> = (0..5).map(|i| if i < k { k - 1 - i } else { i }).collect();
///     flips.push(&format!("flip {k}"), &image)?;
/// }
/// let pancakes = Cayley::new(flips)?;
/// let layers = enumerate(&pancakes, [pancakes.identity()])?;
/// assert_eq!(layers.layer_sizes(), [1, 4, 12, 35, 48, 20]); // A058986: 5 flips at most
/// let dense = DenseEnumeration::new().run(&AsRanked(pancakes), &[0], &mut Run::new())?;
/// assert_eq!(dense.layer_sizes(), layers.layer_sizes());
///
/// // Rotations of three (even) rank in 5!/2.
/// let mut rotations = Generators::new(5)?;
/// rotations.push_cycles("a", "(1,2,3)")?;
/// rotations.push_cycles("b", "(3,4,5)")?;
/// assert_eq!(Cayley::new(rotations)?.rank_count(), 60);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cayley {
    moves: Moves,
    ranks: CayleyRanks,
}

/// How a [`Cayley`] space numbers its states.
#[derive(Clone, Copy, Debug)]
enum CayleyRanks {
    All(Permutations),
    Even(EvenPermutations),
}

impl Cayley {
    /// The Cayley graph of `generators`' group.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) past 20 points,
    /// whose permutations' ranks pass 64 bits: an [`Orbit`] takes them,
    /// hashed.
    ///
    /// # Example
    ///
    /// See [`Cayley`].
    pub fn new(generators: Generators) -> Result<Cayley, Error> {
        let points = generators.points();
        let too_many = |_| {
            Error::invalid_shape(format!(
                "the permutations of {points} points pass 64 bits of ranks: an Orbit takes them, \
                 hashed"
            ))
        };
        let ranks = if points >= 2 && generators.are_even() {
            CayleyRanks::Even(EvenPermutations::new(points).map_err(too_many)?)
        } else {
            CayleyRanks::All(Permutations::new(points).map_err(too_many)?)
        };
        Ok(Cayley { moves: Moves::new(generators), ranks })
    }

    /// The identity permutation `0, 1, ..., n - 1`: the start of a growth
    /// function.
    ///
    /// # Example
    ///
    /// See [`Cayley`].
    pub fn identity(&self) -> Arrangement {
        (0..self.moves.generators.points()).map(|point| point as u8).collect()
    }

    /// The generators.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Cayley, Generators};
    ///
    /// let mut swap = Generators::new(2)?;
    /// swap.push("swap", &[1, 0])?;
    /// assert_eq!(Cayley::new(swap)?.generators().len(), 1);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn generators(&self) -> &Generators {
        &self.moves.generators
    }
}

/// The arrangements some permutations reach from a start whose items may
/// repeat: the graph of the cosets of the start's stabilizer (a cube's
/// coloured stickers, a binary string under shifts). As [`Cayley`], for
/// any number of points, and its states are arrangements of the start's
/// items. Ranked by [`MultisetPermutations`] when they number below 2^64,
/// so flat tables and the dense engine take it; hashed past that.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, Ranking};
/// use search_core::groups::{Generators, Orbit};
///
/// // Two black and two white beads on a ring, turned or two swapped.
/// let mut moves = Generators::new(4)?;
/// moves.push_cycles("turn", "(1,2,3,4)")?;
/// moves.push_cycles("swap", "(1,2)")?;
/// let beads = Orbit::new(moves, &[0, 0, 1, 1])?;
/// let layers = enumerate(&beads, [beads.start()])?;
/// assert_eq!(layers.states(), 6); // 4 choose 2
/// assert_eq!(beads.rank_count(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Orbit {
    moves: Moves,
    start: Arrangement,
    ranks: Option<MultisetPermutations>,
}

impl Orbit {
    /// The arrangements `generators` reach from `start`.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when `start` has
    /// another length than the generators' points.
    ///
    /// # Example
    ///
    /// See [`Orbit`].
    pub fn new(generators: Generators, start: &[u8]) -> Result<Orbit, Error> {
        if start.len() != generators.points() {
            return Err(Error::invalid_shape(format!(
                "the start has {} items, for generators of {} points",
                start.len(),
                generators.points()
            )));
        }
        let ranks = MultisetPermutations::new(start).ok();
        Ok(Orbit { moves: Moves::new(generators), start: start.iter().copied().collect(), ranks })
    }

    /// The start.
    ///
    /// # Example
    ///
    /// See [`Orbit`].
    pub fn start(&self) -> Arrangement {
        self.start.clone()
    }

    /// The generators.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, Orbit};
    ///
    /// assert!(Orbit::new(Generators::new(3)?, &[0, 0, 1])?.generators().is_empty());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn generators(&self) -> &Generators {
        &self.moves.generators
    }
}

/// The successors and predecessors of one of the two spaces, through its
/// `moves` field.
macro_rules! permutation_moves {
    ($space:ty) => {
        impl Successors for $space {
            type State = Arrangement;
            type Move = usize;

            #[inline]
            fn successors<F: FnMut(Arrangement, usize)>(&self, state: &Arrangement, mut report: F) {
                if self.moves.check(state) {
                    for g in 0..self.moves.generators.len() {
                        report(Moves::apply(state, self.moves.generators.image(g)), g);
                    }
                }
            }

            #[inline]
            fn successors_until<F>(&self, state: &Arrangement, mut report: F) -> ControlFlow<()>
            where
                F: FnMut(Arrangement, usize) -> ControlFlow<()>,
            {
                if self.moves.check(state) {
                    for g in 0..self.moves.generators.len() {
                        report(Moves::apply(state, self.moves.generators.image(g)), g)?;
                    }
                }
                ControlFlow::Continue(())
            }

            fn ranking(&self) -> Option<impl Ranking<Arrangement> + '_> {
                self.ranked()
            }

            /// An arrangement of more than 32 items keeps them on the heap.
            #[inline]
            fn heap_bytes(&self, state: &Arrangement) -> usize {
                if state.spilled() { heap_block(state.capacity()) } else { 0 }
            }
        }

        impl Predecessors for $space {
            #[inline]
            fn predecessors<F: FnMut(Arrangement)>(&self, state: &Arrangement, mut report: F) {
                if self.moves.check(state) {
                    for inverse in &self.moves.inverses {
                        report(Moves::apply(state, inverse));
                    }
                }
            }
        }
    };
}

/// The ranks of a space's states, where it has them.
trait Ranked {
    type Ranks: Ranking<Arrangement>;
    fn ranked(&self) -> Option<&Self::Ranks>;
}

impl Ranked for Cayley {
    type Ranks = Cayley;
    fn ranked(&self) -> Option<&Cayley> {
        Some(self)
    }
}

impl Ranked for Orbit {
    type Ranks = MultisetPermutations;
    fn ranked(&self) -> Option<&MultisetPermutations> {
        self.ranks.as_ref()
    }
}

permutation_moves!(Cayley);
permutation_moves!(Orbit);

impl Ranking<Arrangement> for Cayley {
    #[inline]
    fn rank_count(&self) -> u64 {
        match self.ranks {
            CayleyRanks::All(ranks) => ranks.count(),
            CayleyRanks::Even(ranks) => ranks.count(),
        }
    }

    #[inline]
    fn rank(&self, state: &Arrangement) -> u64 {
        match self.ranks {
            CayleyRanks::All(ranks) => ranks.rank(state),
            CayleyRanks::Even(ranks) if EvenPermutations::is_even(state) => ranks.rank(state),
            CayleyRanks::Even(ranks) => ranks.count(),
        }
    }
}

impl Unranking<Arrangement> for Cayley {
    #[inline]
    fn unrank(&self, rank: u64) -> Arrangement {
        let mut state: Arrangement = SmallVec::from_elem(0, self.moves.generators.points());
        match self.ranks {
            CayleyRanks::All(ranks) => ranks.unrank(rank, &mut state),
            CayleyRanks::Even(ranks) => ranks.unrank(rank, &mut state),
        }
        state
    }
}

impl Ranking<Arrangement> for Orbit {
    /// The arrangements of the start's items, or 0 past 2^64 (then the
    /// space offers no ranking).
    #[inline]
    fn rank_count(&self) -> u64 {
        self.ranks.as_ref().map_or(0, MultisetPermutations::count)
    }

    #[inline]
    fn rank(&self, state: &Arrangement) -> u64 {
        self.ranks.as_ref().map_or(u64::MAX, |ranks| ranks.rank(state))
    }
}

impl Unranking<Arrangement> for Orbit {
    #[inline]
    fn unrank(&self, rank: u64) -> Arrangement {
        let mut state = self.start.clone();
        if let Some(ranks) = &self.ranks {
            ranks.unrank(rank, &mut state);
        }
        state
    }
}

impl Ranking<Arrangement> for MultisetPermutations {
    #[inline]
    fn rank_count(&self) -> u64 {
        self.count()
    }

    #[inline]
    fn rank(&self, state: &Arrangement) -> u64 {
        MultisetPermutations::rank(self, state)
    }
}
