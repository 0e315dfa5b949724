use std::fmt;

use rustc_hash::FxHashMap;

use crate::error::Error;
use crate::limits::Limits;
use crate::memory::{Meter, bytes_of};
use crate::progress::{Progress, Watch};
use crate::space::Successors;
use crate::stats::Stats;
use crate::store::{Seen, Tree};

/// A configured search over one state space: its [`Limits`], the
/// [`Stats`] of the last run, and buffers that successive runs reuse.
///
/// Every algorithm is a method: [`bfs`](Search::bfs),
/// [`distance`](Search::distance), [`bidirectional`](Search::bidirectional),
/// [`enumerate`](Search::enumerate) and
/// [`all_shortest_paths`](Search::all_shortest_paths). The free functions of
/// the same names are shortcuts for a one-off search with default limits.
///
/// Reusing one `Search` for many queries on the same space saves the
/// allocation of its visited tables each time.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Limits, Search};
///
/// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
/// let mut search = Search::new(&space).limits(Limits::new().max_depth(10));
/// for goal in [5, 8, 100] {
///     let distance = search.distance([1], |&n| n == goal)?;
///     println!("{goal}: {distance:?} moves, {} states stored", search.stats().stored);
/// }
/// assert_eq!(search.distance([1], |&n| n == 8)?, Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Search<'g, G: Successors> {
    pub(crate) space: &'g G,
    pub(crate) limits: Limits,
    pub(crate) stats: Stats,
    pub(crate) forward: Tree<G::State, G::Move>,
    pub(crate) backward: Tree<G::State, G::Move>,
    pub(crate) seen: Seen<G::State>,
    pub(crate) frontier: Vec<G::State>,
    pub(crate) next_frontier: Vec<G::State>,
    pub(crate) scratch: Vec<(G::State, G::Move)>,
    /// Bidirectional search's one index for both of its trees.
    pub(crate) sides: FxHashMap<G::State, u32>,
    /// The bytes the tables hold, against `limits`.
    pub(crate) meter: Meter,
    pub(crate) watch: Watch<'g>,
}

impl<'g, G: Successors> Search<'g, G> {
    /// A search over `space` with default [`Limits`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Search};
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// assert_eq!(Search::new(&space).distance([100], |&n| n == 0)?, Some(7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(space: &'g G) -> Search<'g, G> {
        Search {
            space,
            limits: Limits::new(),
            stats: Stats::default(),
            forward: Tree::new(),
            backward: Tree::new(),
            seen: Seen::new(),
            frontier: Vec::new(),
            next_frontier: Vec::new(),
            scratch: Vec::new(),
            sides: FxHashMap::default(),
            meter: Meter::new(Limits::DEFAULT_MAX_MEMORY),
            watch: Watch::new(),
        }
    }

    /// Sets the limits of every later run.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Search};
    ///
    /// let space = from_fn(|&n: &u64| [n + 1]);
    /// let mut search = Search::new(&space).limits(Limits::new().max_states(100));
    /// assert!(search.distance([0], |&n| n == 1_000).is_err());
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Search<'g, G> {
        self.limits = limits;
        self
    }

    /// Calls `observer` every 65,536 expanded states with a [`Progress`]
    /// report, for a display that shows a long search is alive.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Search};
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// let mut reports = 0;
    /// let mut search = Search::new(&space).on_progress(|_| reports += 1);
    /// search.distance([0], |&n| n == 200_000)?;
    /// drop(search);
    /// assert_eq!(reports, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn on_progress<F: FnMut(&Progress) + 'g>(mut self, observer: F) -> Search<'g, G> {
        self.watch.set(Box::new(observer));
        self
    }

    /// What the last run counted.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Search};
    ///
    /// let space = from_fn(|&n: &u8| [n / 2, n / 3]);
    /// let mut search = Search::new(&space);
    /// search.distance([12], |&n| n == 0)?;
    /// assert!(search.stats().duplicates > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The space being searched.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Search, Successors};
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// assert!(Search::new(&space).space().ranking().is_none());
    /// ```
    pub fn space(&self) -> &'g G {
        self.space
    }

    /// Empties the visited set, and makes the distinct `starts` the
    /// frontier.
    pub(crate) fn seed_frontier<I>(&mut self, starts: I) -> Result<(), Error>
    where
        I: IntoIterator<Item = G::State>,
    {
        self.seen.reset(self.space, &self.limits, &mut self.meter)?;
        self.frontier.clear();
        for start in starts {
            if self.seen.insert(self.space, &self.limits, &mut self.meter, &start)? {
                self.meter.push(&mut self.frontier, start)?;
            }
        }
        Ok(())
    }

    /// Clears the statistics at the start of a run, and counts the memory
    /// again from the frontiers this search keeps between runs; each store
    /// adds its own when it is reset.
    pub(crate) fn begin(&mut self) {
        self.stats = Stats::default();
        self.meter.restart(self.limits.get_max_memory());
        self.watch.restart();
        let frontiers = self.frontier.capacity() + self.next_frontier.capacity();
        // Within any budget worth having; a tiny one fails at the first
        // store instead.
        let _ = self.meter.charge(bytes_of::<G::State>(frontiers));
    }
}

impl<G: Successors> fmt::Debug for Search<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("limits", &self.limits)
            .field("stats", &self.stats)
            .field("watch", &self.watch)
            .finish_non_exhaustive()
    }
}
