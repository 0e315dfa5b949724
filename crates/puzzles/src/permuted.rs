//! [`PermutationGraph`]: the graph some generators make from a start, with
//! the engine for its layers chosen from what its states offer.

use search_core::breadth_first::{Enumeration, Search};
use search_core::groups::{
    Arrangement, Cayley, Generators, Orbit, ReducedCayley, ReducedStates, Symmetries,
};
use search_core::layers::{Engine, Enumerator, Numbering};
use search_core::space::{AsRanked, KeyedSpace};
use search_core::{Limits, Path, Predecessors, Ranking, Run, Successors, Unranking};

use crate::error::Error;

/// The graph that generators make from a start: the [`Cayley`] graph of
/// their group when the start is one of its elements (the identity, or
/// any arrangement of `0..n` the generators reach), else the [`Orbit`]
/// of the start (a coset graph, the start's items repeating). Its
/// [`enumerate`](PermutationGraph::enumerate) picks the engine
/// ([`PermutationGraph::engine`] says which), and
/// [`solve`](PermutationGraph::solve) finds the shortest word.
///
/// # Example
///
/// ```
/// use puzzles::{Family, PermutationGraph};
/// use search_core::layers::Enumerator;
/// use search_core::Run;
///
/// let lrx = PermutationGraph::new(Family::Lrx.generators(6)?, &[0, 1, 2, 3, 4, 5])?;
/// assert!(lrx.is_permutation());
/// let layers = lrx.enumerate(&Enumerator::new(), &mut Run::new())?;
/// assert_eq!((layers.states(), layers.radius()), (720, 15));
///
/// // The same generators on three black and three white beads.
/// let beads = PermutationGraph::new(Family::Lrx.generators(6)?, &[0, 0, 0, 1, 1, 1])?;
/// let layers = beads.enumerate(&Enumerator::new(), &mut Run::new())?;
/// assert_eq!(layers.layer_sizes(), [1, 2, 3, 4, 4, 3, 2, 1]);
/// let word = beads.solve(&[0, 1, 0, 1, 0, 1], &mut Run::new())?.expect("in the orbit");
/// assert_eq!(word.len(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PermutationGraph {
    space: Space,
    /// The ranks, when the states are ranked and the start has a rank.
    ranks: Option<u64>,
    /// The order of the generators' group, below 2^128.
    order: Option<u128>,
    /// The symmetries its layers are reduced by, if any.
    symmetries: Option<Symmetries>,
}

#[derive(Clone, Debug)]
enum Space {
    Cayley(Cayley, Arrangement),
    /// An orbit, and the group whose elements move its start.
    Orbit(Orbit, Box<Cayley>),
}

impl PermutationGraph {
    /// The graph `generators` make from `start`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) with
    /// `InvalidShape` when `start` has another length than the
    /// generators' points.
    ///
    /// # Example
    ///
    /// See [`PermutationGraph`].
    pub fn new(generators: Generators, start: &[u8]) -> Result<PermutationGraph, Error> {
        let mut sorted = start.to_vec();
        sorted.sort_unstable();
        let distinct = start.len() == generators.points()
            && sorted.iter().enumerate().all(|(at, &item)| usize::from(item) == at);
        let cayley = Cayley::new(generators.clone())?;
        let order = cayley.order();
        let space = if distinct && cayley.contains(start) {
            Space::Cayley(cayley, start.iter().copied().collect())
        } else {
            Space::Orbit(Orbit::new(generators, start)?, Box::new(cayley))
        };
        let ranks = match &space {
            Space::Cayley(graph, start) => ranks_of(graph, start),
            Space::Orbit(orbit, _) => ranks_of(orbit, &orbit.start()),
        };
        Ok(PermutationGraph { space, ranks, order, symmetries: None })
    }

    /// The same graph, its layers reduced by `symmetries` (of its
    /// generators): an enumeration keeps one position a class of
    /// equivalent ones, and counts the class
    /// ([`Enumeration::layer_positions`]), on the sorted engine while the
    /// group's order is below 2^112, hashed past it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) with
    /// `InvalidShape` unless the graph is a Cayley graph from the
    /// identity, which every symmetry fixes: the layers of another start
    /// are not the symmetries' to fold.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    /// use search_core::groups::{Generators, Symmetries};
    /// use search_core::layers::Enumerator;
    /// use search_core::Run;
    ///
    /// // LRX of 7, and the reflection of the ring that swaps 0 and 1:
    /// // it maps L onto R and the swap X of 0 and 1 onto itself.
    /// let lrx = Family::Lrx.generators(7)?;
    /// let mut reflection = Generators::new(7)?;
    /// reflection.push("reflect", &[1, 0, 6, 5, 4, 3, 2])?;
    /// let symmetries = Symmetries::new(&lrx, &reflection, true)?;
    /// let identity: Vec<u8> = (0..7).collect();
    /// let graph = PermutationGraph::new(lrx, &identity)?.with_symmetries(symmetries)?;
    /// let layers = graph.enumerate(&Enumerator::new(), &mut Run::new())?;
    /// assert_eq!(layers.positions(), 5_040);
    /// assert!(layers.states() < 5_040 / 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_symmetries(mut self, symmetries: Symmetries) -> Result<PermutationGraph, Error> {
        let from_identity = match &self.space {
            Space::Cayley(graph, start) => *start == graph.identity(),
            Space::Orbit(..) => false,
        };
        if !from_identity {
            let reason = "symmetries fold the layers of a Cayley graph from the identity, and \
                          these start elsewhere"
                .to_owned();
            return Err(
                search_core::Error::new(search_core::ErrorKind::InvalidShape { reason }).into()
            );
        }
        self.symmetries = (!symmetries.is_empty()).then_some(symmetries);
        Ok(self)
    }

    /// The symmetries the layers are reduced by.
    ///
    /// # Example
    ///
    /// See [`with_symmetries`](PermutationGraph::with_symmetries).
    pub fn symmetries(&self) -> Option<&Symmetries> {
        self.symmetries.as_ref()
    }

    /// The number of elements of the group the generators generate, while
    /// it is below 2^128: the states of a Cayley graph, and the most an
    /// orbit can have. "How large is this puzzle" for a puzzle given as
    /// its moves.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    ///
    /// // Burnt pancakes of 7: 2^7 7! of the 14 sides' 14! arrangements.
    /// let burnt = Family::BurntPancake.generators(7)?;
    /// let identity: Vec<u8> = (0..14).collect();
    /// assert_eq!(PermutationGraph::new(burnt, &identity)?.order(), Some(645_120));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn order(&self) -> Option<u128> {
        self.order
    }

    /// The generators.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    ///
    /// let lx = PermutationGraph::new(Family::Lx.generators(3)?, &[0, 1, 2])?;
    /// assert_eq!(lx.generators().names().collect::<Vec<_>>(), ["L", "X"]);
    /// assert_eq!(lx.start().as_slice(), [0, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generators(&self) -> &Generators {
        match &self.space {
            Space::Cayley(graph, _) => graph.generators(),
            Space::Orbit(orbit, _) => orbit.generators(),
        }
    }

    /// The start. See [`generators`](PermutationGraph::generators).
    pub fn start(&self) -> Arrangement {
        match &self.space {
            Space::Cayley(_, start) => start.clone(),
            Space::Orbit(orbit, _) => orbit.start(),
        }
    }

    /// Whether the states are permutations of distinct items (a Cayley
    /// graph), not arrangements of repeated ones (a coset graph). See
    /// [`PermutationGraph`].
    pub fn is_permutation(&self) -> bool {
        matches!(self.space, Space::Cayley(..))
    }

    /// The start moved by the element of rank `rank` of the generators'
    /// group (below its [`order`](PermutationGraph::order)), or `None`
    /// past the order. Every position is the start moved by as many
    /// elements as any other, so a uniformly random rank below the order
    /// gives a uniformly random position: a scramble that is no random
    /// walk.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    ///
    /// let pancakes = PermutationGraph::new(Family::Pancake.generators(4)?, &[0, 1, 2, 3])?;
    /// let mut all: Vec<_> = (0..24).filter_map(|rank| pancakes.position(rank)).collect();
    /// all.sort();
    /// all.dedup();
    /// assert_eq!(all.len(), 24); // each of the 4! stacks once
    /// assert_eq!(pancakes.position(24), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, rank: u128) -> Option<Arrangement> {
        let (group, start) = match &self.space {
            Space::Cayley(graph, start) => (graph, start.clone()),
            Space::Orbit(orbit, group) => (&**group, orbit.start()),
        };
        if rank >= self.order? {
            return None;
        }
        let element = group.element(rank);
        Some(element.iter().map(|&at| start[usize::from(at)]).collect())
    }

    /// The ranks the dense engine would keep 2 bits for (and a ranked
    /// distributed engine, through [`AsRanked`]), when the states are
    /// ranked and the start has a rank: the group's order for a Cayley
    /// graph, the arrangements of the start's items for an orbit, while
    /// they number below 2^64.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    ///
    /// let lrx = PermutationGraph::new(Family::Lrx.generators(6)?, &[0, 1, 2, 3, 4, 5])?;
    /// assert_eq!(lrx.ranks(), Some(720));
    /// let beads = PermutationGraph::new(Family::Lrx.generators(6)?, &[0, 0, 0, 1, 1, 1])?;
    /// assert_eq!(beads.ranks(), Some(20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ranks(&self) -> Option<u64> {
        self.ranks
    }

    /// Whether [`enumerate`](PermutationGraph::enumerate) runs the dense
    /// engine with `layers` under `limits`: [`engine`](PermutationGraph::engine) is
    /// [`Engine::Dense`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    /// use search_core::Limits;
    /// use search_core::layers::Enumerator;
    ///
    /// let lrx = PermutationGraph::new(Family::Lrx.generators(14)?, &(0..14).collect::<Vec<u8>>())?;
    /// assert!(lrx.is_dense(&Enumerator::new(), &Limits::new())); // refused at once: 20 GiB
    /// assert!(!lrx.is_dense(&Enumerator::new(), &Limits::new().max_depth(10)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_dense(&self, layers: &Enumerator, limits: &Limits) -> bool {
        self.engine(layers, limits) == Engine::Dense
    }

    /// The engine [`enumerate`](PermutationGraph::enumerate) runs with
    /// `layers` under `limits`: for ranked states, the one
    /// [`Enumerator::engine`] picks, told that a Cayley graph's every rank is
    /// reached (so that its whole group, asked for without a depth bound,
    /// is a table, refused at once when too large); for a group past 2^64,
    /// keyed in 128 bits (the 3x3x3 cube), or reduced by symmetries below
    /// 2^112, [`Engine::Sorted`]; and [`Engine::Hashed`] for the rest: an
    /// orbit whose arrangements number past 2^64, a group past 2^128.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Engine, Family, PermutationGraph};
    /// use search_core::Limits;
    /// use search_core::layers::Enumerator;
    ///
    /// let lrx = PermutationGraph::new(Family::Lrx.generators(14)?, &(0..14).collect::<Vec<u8>>())?;
    /// assert_eq!(lrx.engine(&Enumerator::new(), &Limits::new().max_depth(10)), Engine::Sorted);
    /// let wide = PermutationGraph::new(Family::Lrx.generators(30)?, &(0..30).collect::<Vec<u8>>())?;
    /// assert_eq!(wide.engine(&Enumerator::new(), &Limits::new()), Engine::Sorted);
    /// let past = PermutationGraph::new(Family::Lrx.generators(40)?, &(0..40).collect::<Vec<u8>>())?;
    /// assert_eq!(past.engine(&Enumerator::new(), &Limits::new()), Engine::Hashed);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine(&self, layers: &Enumerator, limits: &Limits) -> Engine {
        self.shaped(layers).engine(self.numbering(), limits)
    }

    /// How the graph numbers its states, for the front door to pick an
    /// engine by: ranks below 2^64, keys of 128 bits for a group past
    /// that (a class of symmetric elements is keyed below 2^112), or none.
    fn numbering(&self) -> Numbering {
        if self.symmetries.is_some() {
            let keyed = self.order.is_some_and(|order| order < 1 << 112);
            return if keyed { Numbering::Keys } else { Numbering::States };
        }
        match (self.ranks, &self.space) {
            (Some(ranks), _) => Numbering::Ranks(u128::from(ranks)),
            (None, Space::Cayley(graph, _)) if graph.key_count() > 0 => Numbering::Keys,
            (None, _) => Numbering::States,
        }
    }

    /// `layers` told what the graph is: undone move by move when its
    /// generators are closed under inverse, and every rank reached when
    /// it is a Cayley graph.
    fn shaped(&self, layers: &Enumerator) -> Enumerator {
        let closed = self.generators().is_closed_under_inverse();
        layers.clone().reversible(closed).every_rank(self.is_permutation())
    }

    /// The layers from the start, on the engine
    /// [`engine`](PermutationGraph::engine) picks, with `layers`'
    /// settings (threads, a directory, a resume), within `run`'s limits.
    /// The deepest states come sorted.
    ///
    /// # Errors
    ///
    /// The engine's: a limit reached, a table too large for the memory
    /// limit, a file of the directory that cannot be written.
    ///
    /// # Example
    ///
    /// See [`PermutationGraph`].
    pub fn enumerate(
        &self,
        layers: &Enumerator,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Arrangement>, Error> {
        self.enumerate_from(&[self.start()], layers, run)
    }

    /// As [`enumerate`](PermutationGraph::enumerate), from each of
    /// `starts` at once (depth 0 holds them all, once each).
    ///
    /// # Errors
    ///
    /// As [`enumerate`](PermutationGraph::enumerate), and
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) with
    /// `InvalidShape`, naming it, for a start that is not an arrangement
    /// of the graph's start's items.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    /// use search_core::layers::Enumerator;
    /// use search_core::{Limits, Run};
    ///
    /// // Two opposite beads on a ring of four: the layers from both.
    /// let ring = PermutationGraph::new(Family::Lrx.generators(4)?, &[0, 0, 1, 1])?;
    /// let starts = [[0, 0, 1, 1].into_iter().collect(), [1, 1, 0, 0].into_iter().collect()];
    /// let layers = ring.enumerate_from(&starts, &Enumerator::new(), &mut Run::new())?;
    /// assert_eq!(layers.layer_sizes(), [2, 2, 2]); // 0110 and 1001, then 1010 and 0101
    ///
    /// // LRX of 30 points, past 2^64: its layers to a depth, on one thread.
    /// let wide = PermutationGraph::new(Family::Lrx.generators(30)?, &(0..30).collect::<Vec<u8>>())?;
    /// let mut run = Run::new().limits(Limits::new().max_depth(4));
    /// let layers = wide.enumerate_from(&[wide.start()], &Enumerator::new().threads(1), &mut run)?;
    /// assert_eq!(layers.layer_sizes(), [1, 3, 6, 12, 24]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_from(
        &self,
        starts: &[Arrangement],
        layers: &Enumerator,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Arrangement>, Error> {
        for start in starts {
            self.check_items(start)?;
        }
        // A start in another coset than the graph's has no rank in it.
        let members = match &self.space {
            Space::Cayley(graph, _) => starts.iter().all(|start| graph.contains(start)),
            Space::Orbit(..) => true,
        };
        let numbering = if members { self.numbering() } else { Numbering::States };
        let layers = self.shaped(layers);
        let engine = layers.engine(numbering, &run.get_limits());
        if let (Some(symmetries), Space::Cayley(graph, _)) = (&self.symmetries, &self.space) {
            return reduced(graph, symmetries, starts, (&layers, engine), run);
        }
        let found = match &self.space {
            Space::Cayley(graph, _) if engine == Engine::Sorted && self.ranks.is_none() => {
                // Past 2^64: 128-bit keys, each start an element (checked).
                let keys: Vec<u128> = starts.iter().filter_map(|s| graph.key(s)).collect();
                let found = layers.run_keyed(graph, &keys, run)?;
                let max_memory = run.get_limits().get_max_memory();
                found.map_deepest_within(
                    max_memory,
                    |&key| graph.element(key),
                    |state| graph.heap_bytes(state),
                )
            }
            Space::Cayley(graph, _) => ranked_layers(graph, starts, (&layers, engine), run)?,
            Space::Orbit(orbit, _) => ranked_layers(orbit, starts, (&layers, engine), run)?,
        };
        Ok(found.map_deepest(|mut deepest| {
            deepest.sort_unstable();
            deepest
        }))
    }

    /// An error unless `state` is an arrangement of the start's items.
    fn check_items(&self, state: &[u8]) -> Result<(), Error> {
        let start = self.start();
        let mut theirs = state.to_vec();
        let mut ours = start.to_vec();
        theirs.sort_unstable();
        ours.sort_unstable();
        if theirs == ours {
            return Ok(());
        }
        let items: Vec<String> = start.iter().map(u8::to_string).collect();
        let given: Vec<String> = state.iter().map(u8::to_string).collect();
        let reason = format!(
            "{} is not an arrangement of the start's items, {}",
            given.join(" "),
            items.join(" ")
        );
        Err(search_core::Error::new(search_core::ErrorKind::InvalidShape { reason }).into())
    }

    /// The fewest moves that take `state` to the start, found from both
    /// ends (through the generators' inverses), or `None` when no word
    /// reaches it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) with
    /// `InvalidShape` when `state` is not an arrangement of the start's
    /// items; a limit of `run`'s reached.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    /// use search_core::Run;
    ///
    /// let pancakes = PermutationGraph::new(Family::Pancake.generators(4)?, &[0, 1, 2, 3])?;
    /// let word = pancakes.solve(&[1, 2, 0, 3], &mut Run::new())?.expect("a permutation");
    /// let names: Vec<&str> = pancakes.generators().names().collect();
    /// let word: Vec<&str> = word.moves().iter().map(|&g| names[g]).collect();
    /// assert_eq!(word, ["flip 2", "flip 3"]);
    /// assert!(pancakes.solve(&[0, 0, 1, 2], &mut Run::new()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(
        &self,
        state: &[u8],
        run: &mut Run<'_>,
    ) -> Result<Option<Path<Arrangement, usize>>, Error> {
        self.check_items(state)?;
        let start = self.start();
        // No word reaches what is not an element from an element.
        if let Space::Cayley(graph, _) = &self.space
            && !graph.contains(state)
        {
            return Ok(None);
        }
        let state: Arrangement = state.iter().copied().collect();
        let mut search = Search::new();
        Ok(match &self.space {
            Space::Cayley(graph, _) => search.bidirectional(graph, [state], [start], run)?,
            Space::Orbit(orbit, _) => search.bidirectional(orbit, [state], [start], run)?,
        })
    }
}

/// The ranks of `space`, when it has them and `start` has one.
fn ranks_of<S: Ranking<Arrangement> + Successors>(space: &S, start: &Arrangement) -> Option<u64> {
    space.ranking()?;
    (space.rank(start) < space.rank_count()).then(|| space.rank_count())
}

/// The layers of `space` from `starts`: by `layers` over its ranks, or
/// in a hash table where `engine` is hashed or a start has no rank.
fn ranked_layers<S>(
    space: &S,
    starts: &[Arrangement],
    (layers, engine): (&Enumerator, Engine),
    run: &mut Run<'_>,
) -> Result<Enumeration<Arrangement>, search_core::Error>
where
    S: Successors<State = Arrangement> + Ranking<Arrangement> + Unranking<Arrangement> + Sync,
{
    let ranks: Vec<u64> = starts.iter().map(|start| space.rank(start)).collect();
    // A start outside the table's ranks (an odd permutation where the
    // generators are even) is in no layer a table could hold.
    if engine == Engine::Hashed || ranks.iter().any(|&rank| rank >= space.rank_count()) {
        return Search::new().enumerate(space, starts.iter().cloned(), run);
    }
    let found = layers.run(&AsRanked(space), &ranks, run)?;
    let max_memory = run.get_limits().get_max_memory();
    Ok(found.map_deepest_within(max_memory, |&r| space.unrank(r), |state| space.heap_bytes(state)))
}

/// The layers of `graph` reduced by `symmetries` from `starts`, by
/// `layers` on the sorted engine or hashed, the deepest layer's classes
/// by their first positions, sorted.
fn reduced(
    graph: &Cayley,
    symmetries: &Symmetries,
    starts: &[Arrangement],
    (layers, engine): (&Enumerator, Engine),
    run: &mut Run<'_>,
) -> Result<Enumeration<Arrangement>, Error> {
    let found = if engine == Engine::Sorted {
        let reduced = ReducedCayley::new(graph, symmetries)?;
        let keys: Vec<u128> = starts.iter().filter_map(|start| reduced.key(start)).collect();
        let found = layers.run_keyed(&reduced, &keys, run)?;
        let max_memory = run.get_limits().get_max_memory();
        found.map_deepest_within(
            max_memory,
            |&key| reduced.first(key),
            |state| graph.heap_bytes(state),
        )
    } else {
        let firsts = starts.iter().map(|start| symmetries.canonical(start).0);
        Search::new().enumerate(&ReducedStates::new(graph, symmetries), firsts, run)?
    };
    Ok(found.map_deepest(|mut deepest| {
        deepest.sort_unstable();
        deepest
    }))
}

/// The graph is a space of its own, its moves the generators' indexes,
/// ranked when [`ranks`](PermutationGraph::ranks) says so: for
/// engines that take one type, such as the distributed one. Each call
/// goes to the Cayley graph or the orbit within;
/// [`enumerate`](PermutationGraph::enumerate) and
/// [`solve`](PermutationGraph::solve) run on them directly.
impl Successors for PermutationGraph {
    type State = Arrangement;
    type Move = usize;

    #[inline]
    fn successors<F: FnMut(Arrangement, usize)>(&self, state: &Arrangement, report: F) {
        match &self.space {
            Space::Cayley(graph, _) => graph.successors(state, report),
            Space::Orbit(orbit, _) => orbit.successors(state, report),
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Arrangement> + '_> {
        self.ranks.map(|_| self)
    }

    #[inline]
    fn heap_bytes(&self, state: &Arrangement) -> usize {
        match &self.space {
            Space::Cayley(graph, _) => graph.heap_bytes(state),
            Space::Orbit(orbit, _) => orbit.heap_bytes(state),
        }
    }
}

impl Predecessors for PermutationGraph {
    #[inline]
    fn predecessors<F: FnMut(Arrangement)>(&self, state: &Arrangement, report: F) {
        match &self.space {
            Space::Cayley(graph, _) => graph.predecessors(state, report),
            Space::Orbit(orbit, _) => orbit.predecessors(state, report),
        }
    }
}

impl Ranking<Arrangement> for PermutationGraph {
    /// The ranks, or 0 when the states have none.
    #[inline]
    fn rank_count(&self) -> u64 {
        self.ranks.unwrap_or(0)
    }

    #[inline]
    fn rank(&self, state: &Arrangement) -> u64 {
        match &self.space {
            Space::Cayley(graph, _) => graph.rank(state),
            Space::Orbit(orbit, _) => orbit.rank(state),
        }
    }
}

impl Unranking<Arrangement> for PermutationGraph {
    #[inline]
    fn unrank(&self, rank: u64) -> Arrangement {
        match &self.space {
            Space::Cayley(graph, _) => graph.unrank(rank),
            Space::Orbit(orbit, _) => orbit.unrank(rank),
        }
    }
}
