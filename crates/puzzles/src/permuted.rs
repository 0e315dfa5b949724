//! [`PermutationGraph`]: the graph some generators make from a start, with
//! the engine for its layers chosen from what its states offer.

use search_core::breadth_first::{Enumeration, Search};
use search_core::dense::DenseEnumeration;
use search_core::groups::{Arrangement, Cayley, Generators, Orbit};
use search_core::space::AsRanked;
use search_core::{Limits, Path, Predecessors, Ranking, Run, Successors, Unranking};

use crate::error::Error;

/// The graph that generators make from a start: the
/// [`Cayley`] graph of their group when the start's items are `0..n` in
/// some order (at most 20 of them), else the [`Orbit`] of the start (a
/// coset graph, the start's items repeating). Its
/// [`enumerate`](PermutationGraph::enumerate) picks the engine, and
/// [`solve`](PermutationGraph::solve) finds the shortest word.
///
/// # Example
///
/// ```
/// use puzzles::{Family, PermutationGraph};
/// use search_core::dense::DenseEnumeration;
/// use search_core::Run;
///
/// let lrx = PermutationGraph::new(Family::Lrx.generators(6)?, &[0, 1, 2, 3, 4, 5])?;
/// assert!(lrx.is_permutation());
/// let layers = lrx.enumerate(&DenseEnumeration::new(), false, &mut Run::new())?;
/// assert_eq!((layers.states(), layers.radius()), (720, 15));
///
/// // The same generators on three black and three white beads.
/// let beads = PermutationGraph::new(Family::Lrx.generators(6)?, &[0, 0, 0, 1, 1, 1])?;
/// let layers = beads.enumerate(&DenseEnumeration::new(), false, &mut Run::new())?;
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
}

#[derive(Clone, Debug)]
enum Space {
    Cayley(Cayley, Arrangement),
    Orbit(Orbit),
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
            && start.len() <= 20
            && sorted.iter().enumerate().all(|(at, &item)| usize::from(item) == at);
        let space = if distinct {
            Space::Cayley(Cayley::new(generators)?, start.iter().copied().collect())
        } else {
            Space::Orbit(Orbit::new(generators, start)?)
        };
        let ranks = match &space {
            Space::Cayley(graph, start) => ranks_of(graph, start),
            Space::Orbit(orbit) => ranks_of(orbit, &orbit.start()),
        };
        Ok(PermutationGraph { space, ranks })
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
            Space::Orbit(orbit) => orbit.generators(),
        }
    }

    /// The start. See [`generators`](PermutationGraph::generators).
    pub fn start(&self) -> Arrangement {
        match &self.space {
            Space::Cayley(_, start) => start.clone(),
            Space::Orbit(orbit) => orbit.start(),
        }
    }

    /// Whether the states are permutations of distinct items (a Cayley
    /// graph), not arrangements of repeated ones (a coset graph). See
    /// [`PermutationGraph`].
    pub fn is_permutation(&self) -> bool {
        matches!(self.space, Space::Cayley(..))
    }

    /// The ranks the dense engine would keep 2 bits for (and a ranked
    /// distributed engine, through [`AsRanked`]), when the states
    /// are ranked and the start has a rank: `n!` (or `n!/2` for even
    /// generators) for a Cayley graph, the arrangements of the start's
    /// items for an orbit, while they number below 2^64.
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
    /// engine under `limits`: when the states are ranked and their table
    /// fits the memory limit, or `kept` (the table is to be kept in files
    /// or checkpointed), or a Cayley graph has no depth bound (then a
    /// table too large is refused at once, naming its size, where the
    /// hashed engine would run until it met the limit). Otherwise the
    /// hashed engine stores the states it meets, within the memory limit
    /// and the state bound ([`Limits::max_states`]): an orbit is often a
    /// small part of its arrangements (the pocket cube's 3,674,160 of
    /// 24!/(4!^6)).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    /// use search_core::Limits;
    ///
    /// let lrx = PermutationGraph::new(Family::Lrx.generators(14)?, &(0..14).collect::<Vec<u8>>())?;
    /// assert!(lrx.is_dense(&Limits::new(), false)); // refused at once: 20 GiB
    /// assert!(!lrx.is_dense(&Limits::new().max_depth(10), false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_dense(&self, limits: &Limits, kept: bool) -> bool {
        let Some(ranks) = self.ranks else { return false };
        let fits = DenseEnumeration::memory_needed(ranks) <= limits.usable_memory();
        fits || kept || (self.is_permutation() && limits.get_max_depth().is_none())
    }

    /// The layers from the start, on the engine
    /// [`is_dense`](PermutationGraph::is_dense) picks (`config` for the
    /// dense one), within `run`'s limits. The deepest states come sorted.
    ///
    /// # Errors
    ///
    /// The engine's: a limit reached, a table too large for the memory
    /// limit, a file of `config`'s that cannot be written.
    ///
    /// # Example
    ///
    /// See [`PermutationGraph`].
    pub fn enumerate(
        &self,
        config: &DenseEnumeration,
        kept: bool,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Arrangement>, Error> {
        self.enumerate_from(&[self.start()], config, kept, run)
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
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::Run;
    ///
    /// // Two opposite beads on a ring of four: the layers from both.
    /// let ring = PermutationGraph::new(Family::Lrx.generators(4)?, &[0, 0, 1, 1])?;
    /// let starts = [[0, 0, 1, 1].into_iter().collect(), [1, 1, 0, 0].into_iter().collect()];
    /// let layers = ring.enumerate_from(&starts, &DenseEnumeration::new(), false, &mut Run::new())?;
    /// assert_eq!(layers.layer_sizes(), [2, 2, 2]); // 0110 and 1001, then 1010 and 0101
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_from(
        &self,
        starts: &[Arrangement],
        config: &DenseEnumeration,
        kept: bool,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Arrangement>, Error> {
        for start in starts {
            self.check_items(start)?;
        }
        let dense = self.is_dense(&run.get_limits(), kept);
        let layers = match &self.space {
            Space::Cayley(graph, _) => layers(graph, starts, (config, dense), run)?,
            Space::Orbit(orbit) => layers(orbit, starts, (config, dense), run)?,
        };
        Ok(layers.map_deepest(|mut deepest| {
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
        let state: Arrangement = state.iter().copied().collect();
        let mut search = Search::new();
        Ok(match &self.space {
            Space::Cayley(graph, _) => search.bidirectional(graph, [state], [start], run)?,
            Space::Orbit(orbit) => search.bidirectional(orbit, [state], [start], run)?,
        })
    }
}

/// The ranks of `space`, when it has them and `start` has one.
fn ranks_of<S: Ranking<Arrangement> + Successors>(space: &S, start: &Arrangement) -> Option<u64> {
    space.ranking()?;
    (space.rank(start) < space.rank_count()).then(|| space.rank_count())
}

/// The layers of `space` from `starts`, dense (by `config`) or hashed.
fn layers<S>(
    space: &S,
    starts: &[Arrangement],
    (config, dense): (&DenseEnumeration, bool),
    run: &mut Run<'_>,
) -> Result<Enumeration<Arrangement>, search_core::Error>
where
    S: Successors<State = Arrangement> + Ranking<Arrangement> + Unranking<Arrangement> + Sync,
{
    let mut ranks: Vec<u64> = starts.iter().map(|start| space.rank(start)).collect();
    // A start outside the table's ranks (an odd permutation where the
    // generators are even) is in no layer the table could hold.
    if dense && ranks.iter().all(|&rank| rank < space.rank_count()) {
        ranks.sort_unstable();
        ranks.dedup();
        let layers = config.run(&AsRanked(space), &ranks, run)?;
        let max_memory = run.get_limits().get_max_memory();
        return Ok(layers.map_deepest_within(max_memory, |&r| space.unrank(r)));
    }
    Search::new().enumerate(space, starts.iter().cloned(), run)
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
            Space::Orbit(orbit) => orbit.successors(state, report),
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Arrangement> + '_> {
        self.ranks.map(|_| self)
    }

    #[inline]
    fn heap_bytes(&self, state: &Arrangement) -> usize {
        match &self.space {
            Space::Cayley(graph, _) => graph.heap_bytes(state),
            Space::Orbit(orbit) => orbit.heap_bytes(state),
        }
    }
}

impl Predecessors for PermutationGraph {
    #[inline]
    fn predecessors<F: FnMut(Arrangement)>(&self, state: &Arrangement, report: F) {
        match &self.space {
            Space::Cayley(graph, _) => graph.predecessors(state, report),
            Space::Orbit(orbit) => orbit.predecessors(state, report),
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
            Space::Orbit(orbit) => orbit.rank(state),
        }
    }
}

impl Unranking<Arrangement> for PermutationGraph {
    #[inline]
    fn unrank(&self, rank: u64) -> Arrangement {
        match &self.space {
            Space::Cayley(graph, _) => graph.unrank(rank),
            Space::Orbit(orbit) => orbit.unrank(rank),
        }
    }
}
