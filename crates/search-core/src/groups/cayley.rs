//! [`Cayley`], the graph of the permutations some generators reach, and
//! [`Orbit`], the graph of the arrangements they reach from one with
//! repeated items (a coset graph).

use std::ops::ControlFlow;

use smallvec::SmallVec;

use super::generators::{Generators, inverse};
use crate::error::Error;
use crate::ranking::permutations::Permutations;
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
/// Ranked by [`Permutations`] (up to 20 points, as `20!` is the last
/// factorial below 2^64), so the hashed searches keep their visited
/// states in flat tables and [`AsRanked`](crate::space::AsRanked) takes
/// it to the dense engine in 2 bits a state. Its predecessors apply the
/// inverses, so searches from both ends work whether or not the
/// generators are closed under inverse (a directed graph when they are
/// not: [`Generators::is_closed_under_inverse`]). A state of another
/// length than the points has no successors.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, Run};
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cayley {
    moves: Moves,
    ranks: Permutations,
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
        let ranks = Permutations::new(generators.points()).map_err(|_| {
            Error::invalid_shape(format!(
                "the permutations of {} points pass 64 bits of ranks: an Orbit takes them, hashed",
                generators.points()
            ))
        })?;
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

/// The arrangements some permutations reach from one whose items may
/// repeat: the graph of the cosets of a stabilizer (a cube's coloured
/// stickers, a binary string under shifts). As [`Cayley`], but hashed,
/// for any number of points, and the states are whatever items the
/// start holds.
///
/// # Example
///
/// ```
/// use search_core::enumerate;
/// use search_core::groups::{Generators, Orbit};
///
/// // Two black and two white beads on a ring, turned or two swapped.
/// let mut moves = Generators::new(4)?;
/// moves.push_cycles("turn", "(1,2,3,4)")?;
/// moves.push_cycles("swap", "(1,2)")?;
/// let beads = Orbit::new(moves);
/// let layers = enumerate(&beads, [[0, 0, 1, 1].into_iter().collect()])?;
/// assert_eq!(layers.states(), 6); // 4 choose 2
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Orbit {
    moves: Moves,
}

impl Orbit {
    /// The orbits of `generators`.
    ///
    /// # Example
    ///
    /// See [`Orbit`].
    pub fn new(generators: Generators) -> Orbit {
        Orbit { moves: Moves::new(generators) }
    }

    /// The generators.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, Orbit};
    ///
    /// assert!(Orbit::new(Generators::new(3)?).generators().is_empty());
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
    fn ranked(&self) -> Option<&Cayley>;
}

impl Ranked for Cayley {
    fn ranked(&self) -> Option<&Cayley> {
        Some(self)
    }
}

impl Ranked for Orbit {
    fn ranked(&self) -> Option<&Cayley> {
        None
    }
}

permutation_moves!(Cayley);
permutation_moves!(Orbit);

impl Ranking<Arrangement> for Cayley {
    #[inline]
    fn rank_count(&self) -> u64 {
        self.ranks.count()
    }

    #[inline]
    fn rank(&self, state: &Arrangement) -> u64 {
        self.ranks.rank(state)
    }
}

impl Unranking<Arrangement> for Cayley {
    #[inline]
    fn unrank(&self, rank: u64) -> Arrangement {
        let mut state: Arrangement = SmallVec::from_elem(0, self.moves.generators.points());
        self.ranks.unrank(rank, &mut state);
        state
    }
}
