use std::fmt;

use crate::breadth_first::both_ends::BothEnds;
use crate::error::Error;
use crate::execute::execute;
use crate::run::context::Run;
use crate::run::memory::bytes_of;
use crate::space::traits::{State, Successors};
use crate::store::batch::{Keyed, run_length};
use crate::store::expand::{DepthBound, Expansion, at_depth_bound};
use crate::store::seen::Seen;
use crate::store::tree::Tree;

/// A breadth-first search cache: the tables and buffers that successive
/// searches reuse.
///
/// Every algorithm is a method that takes the space, and the [`Run`]
/// that bounds, observes and counts it, with each search:
/// [`bfs`](Search::bfs), [`distance`](Search::distance),
/// [`bidirectional`](Search::bidirectional),
/// [`enumerate`](Search::enumerate),
/// [`all_shortest_paths`](Search::all_shortest_paths) and
/// [`dfs`](Search::dfs). The cache holds no
/// borrow of a space, so one `Search` can outlive the spaces it searches
/// and serve many of them (a batch of puzzles of one size, say), as
/// regex-automata's `Cache` serves many searches of one regex. The free
/// functions of the same names are shortcuts for a one-off search with
/// default limits.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Limits, Run};
/// use search_core::breadth_first::Search;
///
/// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
/// let mut search = Search::new();
/// let mut run = Run::new().limits(Limits::new().max_depth(10));
/// for goal in [5, 8, 100] {
///     let distance = search.distance(&space, [1], |&n| n == goal, &mut run)?;
///     println!("{goal}: {distance:?} moves, {} states stored", run.stats().stored);
/// }
/// assert_eq!(search.distance(&space, [1], |&n| n == 8, &mut run)?, Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Search<S, M> {
    pub(super) forward: Tree<S, M>,
    pub(super) seen: Seen<S>,
    pub(super) frontier: Vec<S>,
    pub(super) next_frontier: Vec<S>,
    /// The heap bytes the states of each frontier own
    /// ([`Successors::heap_bytes`]), counted against the budget while the
    /// frontier holds them: a frontier's states are copies of the visited
    /// set's.
    pub(super) frontier_heap: u64,
    pub(super) next_frontier_heap: u64,
    pub(super) scratch: Vec<(S, M)>,
    /// A run of the frontier's successors with their keys in the visited
    /// store and their moves, and what each state of the run gave
    /// ([`Seen::collect_keyed`], [`Tree::collect_keyed`]).
    pub(super) keyed: Vec<Keyed<S, M>>,
    pub(super) expansions: Vec<Expansion>,
    /// What only [`bidirectional`](Search::bidirectional) keeps.
    pub(super) ends: BothEnds<S, M>,
}

impl<S: State, M: Clone> Search<S, M> {
    /// A cache with empty tables.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// assert_eq!(Search::new().distance(&space, [100], |&n| n == 0, &mut Run::new())?, Some(7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new() -> Search<S, M> {
        Search {
            forward: Tree::new(),
            seen: Seen::new(),
            frontier: Vec::new(),
            next_frontier: Vec::new(),
            frontier_heap: 0,
            next_frontier_heap: 0,
            scratch: Vec::new(),
            keyed: Vec::new(),
            expansions: Vec::new(),
            ends: BothEnds::new(),
        }
    }

    /// A cache for one search: its tree starts from the hashed index that
    /// an earlier one-shot search on this thread left behind, rather than
    /// growing one from nothing.
    pub(crate) fn one_shot() -> Search<S, M> {
        Search { forward: Tree::with_spare_index(), ..Search::new() }
    }

    /// Runs one search through the crate's [`execute`], counting the
    /// memory again from the frontiers this cache keeps between runs.
    /// Every algorithm of `Search` runs through here.
    pub(crate) fn execute<G: Successors + ?Sized, T>(
        &mut self,
        space: &G,
        run: &mut Run<'_>,
        search: impl FnOnce(&mut Self, &mut Run<'_>) -> Result<T, Error>,
        stored: impl FnOnce(&Self) -> usize,
    ) -> Result<T, Error> {
        let counted = |this: &mut Self, run: &mut Run<'_>| {
            let frontiers = this.frontier.capacity() + this.next_frontier.capacity();
            // Within any budget worth having; a tiny one fails at the
            // first store instead.
            let _ = run.meter_mut().charge(bytes_of::<S>(frontiers));
            search(this, run)
        };
        execute(self, space, run, counted, stored)
    }

    /// [`at_depth_bound`] for the frontier at `depth`, against the
    /// visited set: the depth policy of the searches that keep a frontier.
    pub(crate) fn frontier_at_depth_bound<G>(
        &mut self,
        space: &G,
        depth: usize,
        run: &mut Run<'_>,
    ) -> Result<DepthBound, Error>
    where
        G: Successors<State = S, Move = M>,
    {
        let seen = &self.seen;
        at_depth_bound(space, run, depth, &self.frontier, &mut self.scratch, |next| {
            seen.contains(space, next)
        })
    }

    /// Expands the frontier into `next_frontier`, which is emptied first,
    /// storing each successor not seen before; `stop` is asked of each
    /// such state in turn, and true ends the layer there (a goal found):
    /// then `Ok(true)`.
    ///
    /// The frontier is expanded a run of states at a time, and the run's
    /// successors then stored in order ([`Seen::collect_keyed`] says
    /// why). Each state's expansion is counted when its successors are
    /// stored, so the statistics of a layer cut short are those of
    /// expanding state by state.
    pub(crate) fn expand_frontier<G>(
        &mut self,
        space: &G,
        depth: usize,
        mut stop: impl FnMut(&S) -> bool,
        run: &mut Run<'_>,
    ) -> Result<bool, Error>
    where
        G: Successors<State = S, Move = M>,
    {
        self.next_frontier.clear();
        run.meter_mut().release(std::mem::take(&mut self.next_frontier_heap));
        let mut done = 0;
        while done < self.frontier.len() {
            let batch = &self.frontier[done..];
            let longest = run_length(run.stats().expanded);
            let (keyed, expansions) = (&mut self.keyed, &mut self.expansions);
            self.seen.collect_keyed(space, batch, longest, keyed, expansions, run)?;
            done += self.expansions.len();
            let mut keyed = self.keyed.drain(..);
            for expansion in &self.expansions {
                expansion.count(run);
                run.tick(self.seen.len(), depth)?;
                for Keyed { key, state: next, .. } in keyed.by_ref().take(expansion.kept) {
                    if !self.seen.insert_keyed(
                        space,
                        &run.get_limits(),
                        run.meter_mut(),
                        key,
                        &next,
                    )? {
                        run.count_duplicate();
                    } else if stop(&next) {
                        return Ok(true);
                    } else {
                        let heap = space.heap_bytes(&next);
                        run.meter_mut().charge_heap(heap)?;
                        self.next_frontier_heap += heap as u64;
                        run.meter_mut().push(&mut self.next_frontier, next)?;
                    }
                }
            }
        }
        Ok(false)
    }

    /// Makes the layer [`expand_frontier`](Search::expand_frontier) found
    /// the frontier.
    pub(crate) fn advance_frontier(&mut self) {
        std::mem::swap(&mut self.frontier, &mut self.next_frontier);
        std::mem::swap(&mut self.frontier_heap, &mut self.next_frontier_heap);
    }

    /// Empties the visited set, and makes the distinct `starts` the
    /// frontier.
    pub(crate) fn seed_frontier<G, I>(
        &mut self,
        space: &G,
        starts: I,
        run: &mut Run<'_>,
    ) -> Result<(), Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
    {
        self.seen.reset(space, &run.get_limits(), run.meter_mut())?;
        self.frontier.clear();
        self.next_frontier.clear();
        // The run's meter began at nothing: what the frontiers held before
        // is no longer counted.
        (self.frontier_heap, self.next_frontier_heap) = (0, 0);
        for start in starts {
            if self.seen.insert(space, &run.get_limits(), run.meter_mut(), &start)? {
                let heap = space.heap_bytes(&start);
                run.meter_mut().charge_heap(heap)?;
                self.frontier_heap += heap as u64;
                run.meter_mut().push(&mut self.frontier, start)?;
            }
        }
        Ok(())
    }
}

impl<S: State, M: Clone> Default for Search<S, M> {
    fn default() -> Self {
        Search::new()
    }
}

impl<S, M> fmt::Debug for Search<S, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search").finish_non_exhaustive()
    }
}
