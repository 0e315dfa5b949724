//! The bounds every search stays within.

use crate::error::Limit;

/// The bounds a search must stay within.
///
/// A search that would pass a bound stops and returns an [`Error`](crate::Error) whose
/// kind is [`ErrorKind::LimitReached`](crate::ErrorKind::LimitReached), rather than growing until the process
/// runs out of memory. By default the depth is unbounded, at most
/// [`Limits::DEFAULT_MAX_STATES`] states are stored, and the search's tables
/// take at most [`Limits::DEFAULT_MAX_MEMORY`] bytes.
///
/// The memory a search holds is counted from its own tables as they grow:
/// the stored states (their inline size, and the heap memory they own as
/// their space reports it: [`Successors::heap_bytes`](crate::Successors::heap_bytes)),
/// their parents and moves, the hash tables or flat arrays that index
/// them, and the frontiers.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
/// use search_core::breadth_first::Search;
///
/// // The naturals never end: a goal that does not exist is never found,
/// // so the search must be bounded.
/// let naturals = from_fn(|&n: &u64| [n + 1]);
/// let limits = Limits::new().max_states(1_000);
/// let error = Search::new().bfs(&naturals, [0], |_| false, &mut Run::new().limits(limits)).unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(1_000)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[expect(clippy::struct_field_names, reason = "each field is the maximum of one quantity")]
pub struct Limits {
    pub(crate) max_depth: Option<usize>,
    pub(crate) max_states: usize,
    pub(crate) max_memory: u64,
    pub(crate) max_nodes: Option<u64>,
}

impl Limits {
    /// The number of stored states a search may hold unless told otherwise:
    /// 2^27, about 134 million. A few gigabytes for small states.
    pub const DEFAULT_MAX_STATES: usize = 1 << 27;

    /// The bytes a search's tables may take unless told otherwise: 4 GiB.
    pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

    /// The default limits: no depth bound,
    /// [`DEFAULT_MAX_STATES`](Limits::DEFAULT_MAX_STATES) stored states and
    /// [`DEFAULT_MAX_MEMORY`](Limits::DEFAULT_MAX_MEMORY) bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// assert_eq!(Limits::new().get_max_depth(), None);
    /// ```
    pub const fn new() -> Limits {
        Limits {
            max_depth: None,
            max_states: Limits::DEFAULT_MAX_STATES,
            max_memory: Limits::DEFAULT_MAX_MEMORY,
            max_nodes: None,
        }
    }

    /// Searches no deeper than `depth` moves from a start.
    ///
    /// One policy holds for every breadth-first search of
    /// [`Search`](crate::breadth_first::Search): states up to `depth` moves away are
    /// searched. If the space ends within the bound (no state at `depth`
    /// has a successor not yet seen), the search is complete and answers as
    /// without a bound: a goal it did not find is `Ok(None)`. If states lie
    /// past the bound, the answer is unknown, and the search returns
    /// [`Limit::Depth`] as an error rather than a `None` that would claim
    /// more than it knows. An enumeration, which asks for layers, not a
    /// goal, returns the layers up to the bound instead, and says whether
    /// the space goes on past it
    /// ([`Enumeration::is_complete`](crate::breadth_first::Enumeration::is_complete)).
    /// Bidirectional search bounds the whole path's
    /// length, and fails when both sides still have states to expand.
    /// [`Bfs`](crate::breadth_first::Bfs), the traversal the caller drives, prunes at the
    /// bound instead, as a walker does.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// assert_eq!(Limits::new().max_depth(20).get_max_depth(), Some(20));
    /// // A line 0 -> 1 -> 2: within a bound of 2 it is searched whole.
    /// let line = from_fn(|&n: &u8| (n < 2).then_some(n + 1));
    /// let mut search = Search::new();
    /// let mut run = Run::new().limits(Limits::new().max_depth(2));
    /// assert_eq!(search.distance(&line, [0], |&n| n == 5, &mut run)?, None);
    /// let mut search = Search::new();
    /// let mut run = Run::new().limits(Limits::new().max_depth(1));
    /// assert!(search.distance(&line, [0], |&n| n == 5, &mut run).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn max_depth(mut self, depth: usize) -> Limits {
        self.max_depth = Some(depth);
        self
    }

    /// Stores at most `states` states (visited states, on every side of the
    /// search).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// assert_eq!(Limits::new().max_states(10).get_max_states(), 10);
    /// ```
    #[must_use]
    pub const fn max_states(mut self, states: usize) -> Limits {
        self.max_states = states;
        self
    }

    /// Lets the search's tables take at most `bytes`.
    ///
    /// A space that numbers its states gets a flat table indexed by rank
    /// when that table takes at most half of this budget, and a hash table
    /// otherwise.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let naturals = from_fn(|&n: &u64| [n + 1]);
    /// let limits = Limits::new().max_memory(1 << 20);
    /// let error = Search::new().bfs(&naturals, [0], |_| false, &mut Run::new().limits(limits)).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Memory(1 << 20)));
    /// assert_eq!(error.to_string(), "search reached its memory limit of 1.0 MiB without an answer");
    /// ```
    #[must_use]
    pub const fn max_memory(mut self, bytes: u64) -> Limits {
        self.max_memory = bytes;
        self
    }

    /// The memory bound, in bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// assert_eq!(Limits::default().get_max_memory(), Limits::DEFAULT_MAX_MEMORY);
    /// ```
    pub const fn get_max_memory(&self) -> u64 {
        self.max_memory
    }

    /// The memory a table sized before a run starts may take here: the
    /// memory limit, or what this machine has where that is less (its
    /// memory, and the process's address-space and control-group limits,
    /// read on Linux). An engine chooses a table by this, not by the limit
    /// alone: a limit stated past the machine's memory would choose a
    /// table that cannot be allocated, where a smaller one runs.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// let small = Limits::new().max_memory(1 << 20);
    /// assert_eq!(small.usable_memory(), 1 << 20);
    /// // No machine here has an exbibyte.
    /// assert!(Limits::new().max_memory(1 << 60).usable_memory() < 1 << 60);
    /// ```
    pub fn usable_memory(&self) -> u64 {
        self.max_memory.min(crate::run::machine::machine_memory())
    }

    /// Expands at most `nodes` nodes: the bound of the informed searches
    /// ([`AStar`](crate::cheapest::AStar), [`IdaStar`](crate::deepening::IdaStar)), whose time,
    /// not memory, is what runs out first. Unbounded by default.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{ErrorKind, Limit, Limits, from_fn, Run};
    /// use search_core::deepening::IdaStar;
    /// use search_core::space::UnitCost;
    ///
    /// let naturals = UnitCost(from_fn(|&n: &u64| [n + 1, n + 2]));
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_nodes(1_000));
    /// let error = search.run(&naturals, [0], |_: &u64| 0, |&n| n == 1_000, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(1_000)));
    /// ```
    #[must_use]
    pub const fn max_nodes(mut self, nodes: u64) -> Limits {
        self.max_nodes = Some(nodes);
        self
    }

    /// The bound on expanded nodes, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// assert_eq!(Limits::new().get_max_nodes(), None);
    /// ```
    pub const fn get_max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// Fails when one more expansion would pass the node bound.
    pub(crate) fn check_nodes(&self, expanded: u64) -> Result<(), Limit> {
        match self.max_nodes {
            Some(max) if expanded >= max => Err(Limit::Nodes(max)),
            _ => Ok(()),
        }
    }

    /// The depth bound, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// assert_eq!(Limits::default().get_max_depth(), None);
    /// ```
    pub const fn get_max_depth(&self) -> Option<usize> {
        self.max_depth
    }

    /// The bound on stored states.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// assert_eq!(Limits::default().get_max_states(), Limits::DEFAULT_MAX_STATES);
    /// ```
    pub const fn get_max_states(&self) -> usize {
        self.max_states
    }

    /// Whether a search may explore states at `depth`.
    pub(crate) fn allows_depth(&self, depth: usize) -> bool {
        self.max_depth.is_none_or(|max| depth <= max)
    }

    /// Fails when storing one more state would pass the state bound.
    pub(crate) fn check_states(&self, stored: usize) -> Result<(), Limit> {
        if stored >= self.max_states { Err(Limit::States(self.max_states)) } else { Ok(()) }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::new()
    }
}
