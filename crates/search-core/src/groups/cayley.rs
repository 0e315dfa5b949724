//! [`Cayley`], the graph of the permutations some generators reach, and
//! [`Orbit`], the graph of the arrangements they reach from one with
//! repeated items (a coset graph).

use std::ops::{ControlFlow, Range};

use smallvec::SmallVec;

use std::sync::Arc;

use super::chain::StabilizerChain;
use super::generators::{Generators, inverse, moved};
use crate::error::Error;
use crate::ranking::multiset::MultisetPermutations;
use crate::ranking::permutations::{EvenPermutations, Permutations};
use crate::run::memory::heap_block;
use crate::space::keys::{KeyedSpace, neighbours_filtered};
use crate::space::traits::{Predecessors, Ranking, Successors, Unranking};

/// A state of a [`Cayley`] or [`Orbit`] space: the item at each position,
/// inline up to 32 positions.
pub type Arrangement = SmallVec<[u8; 32]>;

/// The bytes of an element's partial sifts kept on the stack: the 3x3x3
/// cube's 18 levels of 48 points, and more.
const PARTIALS_ON_STACK: usize = 4096;

/// The generators and their inverses, applied to arrangements.
#[derive(Clone, Debug)]
struct Moves {
    generators: Generators,
    inverses: Vec<Vec<u8>>,
    /// For each generator, the first level of the group's chain whose
    /// base point it moves.
    first_moved: Vec<usize>,
}

impl Moves {
    fn new(generators: Generators) -> Moves {
        let inverses = (0..generators.len()).map(|g| inverse(generators.image(g))).collect();
        Moves { generators, inverses, first_moved: Vec::new() }
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
/// It is numbered by the group its generators generate
/// ([`StabilizerChain`], by the Schreier-Sims algorithm), densely, from
/// 0 to the group's [`order`](Cayley::order): by [`Permutations`] when
/// the group is every permutation of at most 20 points, by
/// [`EvenPermutations`] when it is every even one, else by the chain's
/// ranks. While the order is below 2^64 the hashed searches keep their
/// visited states in flat tables, and
/// [`AsRanked`](crate::space::AsRanked) takes it to the dense engine in
/// 2 bits a state; below 2^128 it is a
/// [`KeyedSpace`] of 128-bit keys, which the sorted engine keeps a few
/// bytes a state (the 3x3x3 cube's 4.3 * 10^19 positions are past 2^64).
/// A permutation the generators do not reach ranks as some element, not
/// its own: [`contains`](Cayley::contains) tells which it is. Its
/// predecessors apply the inverses, so searches from both ends work
/// whether or not the generators are closed under inverse (a directed
/// graph when they are not: [`Generators::is_closed_under_inverse`]). A
/// state of another length than the points has no successors.
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
/// // Rotations of three (even) rank in 5!/2; two disjoint swaps of
/// // six points in the four elements they generate.
/// let mut rotations = Generators::new(5)?;
/// rotations.push_cycles("a", "(1,2,3)")?;
/// rotations.push_cycles("b", "(3,4,5)")?;
/// assert_eq!(Cayley::new(rotations)?.rank_count(), 60);
/// let mut swaps = Generators::new(6)?;
/// swaps.push_cycles("a", "(1,2)")?;
/// swaps.push_cycles("b", "(5,6)")?;
/// assert_eq!(Cayley::new(swaps)?.rank_count(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cayley {
    moves: Moves,
    ranks: CayleyRanks,
}

/// How a [`Cayley`] space numbers its states.
#[derive(Clone, Debug)]
enum CayleyRanks {
    /// Every permutation of the points, at most 20 of them.
    All(Permutations),
    /// Every even one.
    Even(EvenPermutations),
    /// A group of another order below 2^128, by its chain: ranks of 64
    /// bits while the order is below 2^64, keys of 128 past it.
    Chain(Arc<StabilizerChain>),
    /// A group of 2^128 elements or more: hashed.
    None,
}

impl Cayley {
    /// The Cayley graph of `generators`' group, numbered as [`Cayley`]
    /// says.
    ///
    /// # Errors
    ///
    /// None at present: every set of generators has a Cayley graph. A
    /// group of 2^128 elements or more is not numbered, and is hashed.
    ///
    /// # Example
    ///
    /// See [`Cayley`].
    pub fn new(generators: Generators) -> Result<Cayley, Error> {
        let points = generators.points();
        let ranks = match StabilizerChain::new(&generators) {
            Err(_) => CayleyRanks::None,
            Ok(chain) => {
                let order = chain.order();
                let all =
                    Permutations::new(points).ok().filter(|all| u128::from(all.count()) == order);
                let even = EvenPermutations::new(points)
                    .ok()
                    .filter(|even| points >= 2 && u128::from(even.count()) == order);
                match (all, even) {
                    (Some(all), _) => CayleyRanks::All(all),
                    (None, Some(even)) => CayleyRanks::Even(even),
                    (None, None) => CayleyRanks::Chain(Arc::new(chain)),
                }
            }
        };
        let mut moves = Moves::new(generators);
        if let CayleyRanks::Chain(chain) = &ranks {
            moves.first_moved = (0..moves.generators.len())
                .map(|g| chain.first_moved_level(moves.generators.image(g)))
                .collect();
        }
        Ok(Cayley { moves, ranks })
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

    /// The number of elements of the group, the graph's states: `None`
    /// from 2^128 on.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Cayley, Generators};
    ///
    /// // Every permutation of 30 points, past 2^64 but not 2^128.
    /// let mut lx = Generators::new(30)?;
    /// lx.push("L", &(0..30).map(|i| (i + 1) % 30).collect::<Vec<u8>>())?;
    /// lx.push_cycles("X", "(1,2)")?;
    /// assert_eq!(Cayley::new(lx)?.order(), Some((1..=30u128).product()));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn order(&self) -> Option<u128> {
        match &self.ranks {
            CayleyRanks::All(ranks) => Some(u128::from(ranks.count())),
            CayleyRanks::Even(ranks) => Some(u128::from(ranks.count())),
            CayleyRanks::Chain(chain) => Some(chain.order()),
            CayleyRanks::None => None,
        }
    }

    /// Whether `state` is an element of the group: a state of this graph
    /// from the identity (for a group of 2^128 elements or more, which no
    /// chain numbers, whether it is a permutation of the points).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Cayley, Generators};
    ///
    /// let mut rotations = Generators::new(3)?;
    /// rotations.push_cycles("turn", "(1,2,3)")?;
    /// let turns = Cayley::new(rotations)?;
    /// assert!(turns.contains(&[1, 2, 0]));
    /// assert!(!turns.contains(&[1, 0, 2]));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn contains(&self, state: &[u8]) -> bool {
        let points = self.moves.generators.points();
        let is_permutation = state.len() == points && {
            let mut seen = [false; 256];
            state.iter().all(|&item| !std::mem::replace(&mut seen[usize::from(item)], true))
                && state.iter().all(|&item| usize::from(item) < points)
        };
        match &self.ranks {
            CayleyRanks::Even(_) => is_permutation && EvenPermutations::is_even(state),
            CayleyRanks::Chain(chain) => chain.contains(state),
            // Every permutation; or, past 2^128, no chain says, and a
            // search from both ends will.
            CayleyRanks::All(_) | CayleyRanks::None => is_permutation,
        }
    }

    /// The key of `state` among the graph's 128-bit keys
    /// ([`KeyedSpace`]): its rank, or `None` when it is no element of the
    /// group (or the group is past 2^128).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Cayley, Generators};
    ///
    /// let mut rotations = Generators::new(3)?;
    /// rotations.push_cycles("turn", "(1,2,3)")?;
    /// let turns = Cayley::new(rotations)?;
    /// let key = turns.key(&[1, 2, 0]).expect("an element");
    /// assert_eq!(turns.element(key).as_slice(), [1, 2, 0]);
    /// assert_eq!(turns.key(&[1, 0, 2]), None);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn key(&self, state: &[u8]) -> Option<u128> {
        if !self.contains(state) {
            return None;
        }
        let state: Arrangement = state.iter().copied().collect();
        match &self.ranks {
            CayleyRanks::Chain(chain) => Some(chain.rank_of_element(&state)),
            CayleyRanks::None => None,
            _ => Some(u128::from(self.rank(&state))),
        }
    }

    /// The element whose [`key`](Cayley::key) is `key`.
    ///
    /// # Panics
    ///
    /// When `key` is not below the group's order.
    ///
    /// # Example
    ///
    /// See [`key`](Cayley::key).
    pub fn element(&self, key: u128) -> Arrangement {
        let mut state: Arrangement = SmallVec::from_elem(0, self.moves.generators.points());
        if let CayleyRanks::Chain(chain) = &self.ranks {
            chain.unrank_into(key, &mut state);
        } else {
            let rank = u64::try_from(key).expect("a key below the group's order");
            state = self.unrank(rank);
        }
        state
    }

    /// The key of `state`, an element of the group, without a check that
    /// it is one: the fast path of the keyed engines.
    #[inline]
    pub(crate) fn key_of_element(&self, state: &[u8]) -> u128 {
        match &self.ranks {
            CayleyRanks::All(ranks) => u128::from(ranks.rank(state)),
            CayleyRanks::Even(ranks) => u128::from(ranks.rank(state)),
            CayleyRanks::Chain(chain) => chain.rank_of_element(state),
            CayleyRanks::None => 0,
        }
    }

    /// The element of key `key` into `state`, of the points' length.
    #[inline]
    pub(crate) fn element_into(&self, key: u128, state: &mut [u8]) {
        match &self.ranks {
            CayleyRanks::All(ranks) => ranks.unrank(key as u64, state),
            CayleyRanks::Even(ranks) => ranks.unrank(key as u64, state),
            CayleyRanks::Chain(chain) => chain.unrank_into(key, state),
            CayleyRanks::None => {}
        }
    }

    /// Whether the graph is numbered in 64 bits (its order is below 2^64).
    fn has_ranks(&self) -> bool {
        match &self.ranks {
            CayleyRanks::All(_) | CayleyRanks::Even(_) => true,
            CayleyRanks::Chain(chain) => chain.order() <= u128::from(u64::MAX),
            CayleyRanks::None => false,
        }
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
                        report(self.moves.generators.apply(g, state), g);
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
                        report(self.moves.generators.apply(g, state), g)?;
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
                        report(moved(state, inverse));
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
        self.has_ranks().then_some(self)
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
    /// The group's order, or 0 from 2^64 on (then the graph offers no
    /// ranking, and [`KeyedSpace`] numbers it).
    #[inline]
    fn rank_count(&self) -> u64 {
        match &self.ranks {
            CayleyRanks::All(ranks) => ranks.count(),
            CayleyRanks::Even(ranks) => ranks.count(),
            CayleyRanks::Chain(chain) => u64::try_from(chain.order()).unwrap_or(0),
            CayleyRanks::None => 0,
        }
    }

    #[inline]
    fn rank(&self, state: &Arrangement) -> u64 {
        match &self.ranks {
            CayleyRanks::All(ranks) => ranks.rank(state),
            CayleyRanks::Even(ranks) if EvenPermutations::is_even(state) => ranks.rank(state),
            CayleyRanks::Even(ranks) => ranks.count(),
            CayleyRanks::Chain(chain) => chain.rank_of_element(state) as u64,
            CayleyRanks::None => u64::MAX,
        }
    }
}

impl Unranking<Arrangement> for Cayley {
    #[inline]
    fn unrank(&self, rank: u64) -> Arrangement {
        let mut state: Arrangement = SmallVec::from_elem(0, self.moves.generators.points());
        match &self.ranks {
            CayleyRanks::All(ranks) => ranks.unrank(rank, &mut state),
            CayleyRanks::Even(ranks) => ranks.unrank(rank, &mut state),
            CayleyRanks::Chain(chain) => chain.unrank_into(u128::from(rank), &mut state),
            CayleyRanks::None => state = self.identity(),
        }
        state
    }
}

/// The graph as keys of 128 bits, its states' ranks: what the sorted
/// engine keeps of a group past 2^64 (and of any other it is given).
/// Every key below the group's order is a state; a group of 2^128
/// elements or more has no keys (a count of 0).
impl KeyedSpace for Cayley {
    type Key = u128;

    fn key_count(&self) -> u128 {
        self.order().unwrap_or(0)
    }

    #[inline]
    fn key_neighbours<F: FnMut(u128)>(&self, key: u128, mut report: F) {
        match &self.ranks {
            CayleyRanks::Chain(chain) => {
                self.chain_neighbours(chain, key, 0..u128::MAX, &mut report);
            }
            CayleyRanks::None => {}
            _ => {
                let state: Arrangement = self.unrank(key as u64);
                self.successors(&state, |next, _| report(u128::from(self.rank(&next))));
            }
        }
    }

    fn key_neighbours_within<F: FnMut(u128)>(
        &self,
        keys: &[u128],
        range: Range<u128>,
        mut report: F,
    ) {
        let CayleyRanks::Chain(chain) = &self.ranks else {
            return neighbours_filtered(self, keys, range, report);
        };
        for &key in keys {
            self.chain_neighbours(chain, key, range.clone(), &mut report);
        }
    }
}

impl Cayley {
    /// The keys in `range` of the neighbours of the element keyed `key`,
    /// ranked by `chain`.
    #[inline]
    fn chain_neighbours(
        &self,
        chain: &StabilizerChain,
        key: u128,
        range: Range<u128>,
        report: &mut impl FnMut(u128),
    ) {
        // The state as its sift leaves it at each level; a neighbour's
        // rank goes on from where its generator first moves a base point,
        // the digits before it the state's.
        let points = self.moves.generators.points();
        let base = chain.base().len();
        let mut digits = [0u8; 256];
        let mut small = [0u8; PARTIALS_ON_STACK];
        let mut large = Vec::new();
        let partials = if base * points <= PARTIALS_ON_STACK {
            &mut small[..base * points]
        } else {
            large.resize(base * points, 0);
            &mut large[..]
        };
        chain.unrank_partials(key, &mut digits, partials);
        let mut prefix = [0u128; 257];
        chain.prefixes(&digits[..base], &mut prefix);
        for (g, &first) in self.moves.first_moved.iter().enumerate() {
            let image = self.moves.generators.image(g);
            let within = (image, first);
            if let Some(rank) =
                chain.rank_of_product_within(partials, &prefix, within, range.clone())
            {
                report(rank);
            }
        }
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
