use std::fmt;

/// The bounds a search must stay within.
///
/// A search that would pass a bound stops and returns an [`Error`] whose
/// kind is [`ErrorKind::LimitReached`], rather than growing until the process
/// runs out of memory. By default the depth is unbounded, at most
/// [`Limits::DEFAULT_MAX_STATES`] states are stored, and the search's tables
/// take at most [`Limits::DEFAULT_MAX_MEMORY`] bytes.
///
/// The memory a search holds is counted from its own tables as they grow:
/// the stored states (their inline size: heap data a state owns, such as a
/// `String`'s text, is not counted), their parents and moves, the hash
/// tables or flat arrays that index them, and the frontiers.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, ErrorKind, Limit, Limits, Search};
///
/// // The naturals never end: a goal that does not exist is never found,
/// // so the search must be bounded.
/// let naturals = from_fn(|&n: &u64| [n + 1]);
/// let limits = Limits::new().max_states(1_000);
/// let error = Search::new(&naturals).limits(limits).bfs([0], |_| false).unwrap_err();
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
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    ///
    /// assert_eq!(Limits::new().max_depth(20).get_max_depth(), Some(20));
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
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Search};
    ///
    /// let naturals = from_fn(|&n: &u64| [n + 1]);
    /// let limits = Limits::new().max_memory(1 << 20);
    /// let error = Search::new(&naturals).limits(limits).bfs([0], |_| false).unwrap_err();
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

    /// Expands at most `nodes` nodes: the bound of the informed searches
    /// ([`AStar`](crate::AStar), [`IdaStar`](crate::IdaStar)), whose time,
    /// not memory, is what runs out first. Unbounded by default.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{ErrorKind, IdaStar, Limit, Limits, UnitCost, from_fn};
    ///
    /// let naturals = UnitCost(from_fn(|&n: &u64| [n + 1, n + 2]));
    /// let mut search = IdaStar::new().limits(Limits::new().max_nodes(1_000));
    /// let error = search.run(&naturals, 0, &|_: &u64| 0, |&n| n == 1_000).unwrap_err();
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
    pub(crate) fn check_nodes(&self, expanded: u64) -> Result<(), Error> {
        match self.max_nodes {
            Some(max) if expanded >= max => Err(Error::limit(Limit::Nodes(max))),
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
    pub(crate) fn check_states(&self, stored: usize) -> Result<(), Error> {
        if stored >= self.max_states {
            Err(Error::limit(Limit::States(self.max_states)))
        } else {
            Ok(())
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::new()
    }
}

/// What a search counted while it ran.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Search};
///
/// let space = from_fn(|&n: &u8| [n.saturating_add(1)]);
/// let mut search = Search::new(&space);
/// search.bfs([0], |&n| n == 5)?;
/// let stats = search.stats();
/// assert_eq!(stats.expanded, 5);
/// assert_eq!(stats.stored, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successors generated, new or not.
    pub generated: u64,
    /// Distinct states stored.
    pub stored: u64,
    /// Successors that had been seen before.
    pub duplicates: u64,
    /// The largest number of states in one frontier.
    pub max_frontier: u64,
    /// States expanded again after a cheaper path to them was found (A*
    /// with an inconsistent heuristic).
    pub reopened: u64,
}

impl Stats {
    pub(crate) fn frontier(&mut self, len: usize) {
        self.max_frontier = self.max_frontier.max(len as u64);
    }
}

/// Which bound a search reached.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, ErrorKind, Limit, Limits, Search};
///
/// let space = from_fn(|&n: &u64| [n + 1]);
/// let error = Search::new(&space).limits(Limits::new().max_states(5)).bfs([0], |_| false).unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(5)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// The depth bound, in moves.
    Depth(usize),
    /// The bound on stored states.
    States(usize),
    /// The bound on the bytes the search's tables take.
    Memory(u64),
    /// The bound on expanded nodes.
    Nodes(u64),
}

/// The reason a search failed.
///
/// # Example
///
/// ```
/// use search_core::{DenseEnumeration, ErrorKind, RankedSpace};
///
/// struct Broken;
/// impl RankedSpace for Broken {
///     fn rank_count(&self) -> usize { 4 }
///     fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) { report(rank + 10) }
/// }
/// let error = DenseEnumeration::new().run(&Broken, &[0], |_, _| {}).unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::RankOutOfBounds { rank: 10, bound: 4 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The search stopped at a bound before it could answer.
    LimitReached(Limit),
    /// A dense table for the whole space would need more memory than allowed.
    TooLarge {
        /// The bytes the table would need.
        needed: u64,
        /// The bytes allowed.
        limit: u64,
    },
    /// The allocator could not give the memory a table needed, although
    /// the limits allowed it: the machine has less memory than the limits.
    AllocationFailed {
        /// The bytes asked for.
        bytes: u64,
    },
    /// The worker threads of a parallel search could not be started.
    ThreadPool,
    /// A move of a space searched by [`ZeroOneBfs`](crate::ZeroOneBfs)
    /// cost something other than 0 or 1.
    CostNotZeroOrOne,
    /// The space's predecessors reported an edge `a -> b` that its
    /// successors of `a` do not contain.
    InconsistentPredecessors,
    /// A state's rank was not below the space's rank bound: the space's
    /// [`rank`](crate::Successors::rank) is wrong.
    RankOutOfBounds {
        /// The rank reported.
        rank: usize,
        /// The bound the space declared.
        bound: usize,
    },
}

/// The error returned by every search.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Limits, Search};
///
/// let space = from_fn(|&n: &u32| [n + 1]);
/// let error = Search::new(&space)
///     .limits(Limits::new().max_depth(3))
///     .bfs([0], |&n| n == 10)
///     .unwrap_err();
/// assert_eq!(error.to_string(), "search reached its depth limit of 3 moves without an answer");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    /// An error of `kind`: for crates that build on search-core and meet
    /// the same conditions (a table too large, an allocation refused).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Error, ErrorKind};
    ///
    /// let error = Error::new(ErrorKind::AllocationFailed { bytes: 1 << 40 });
    /// assert_eq!(error.kind(), &ErrorKind::AllocationFailed { bytes: 1 << 40 });
    /// ```
    pub fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    pub(crate) fn limit(limit: Limit) -> Error {
        Error { kind: ErrorKind::LimitReached(limit) }
    }

    pub(crate) fn too_large(needed: u64, limit: u64) -> Error {
        Error { kind: ErrorKind::TooLarge { needed, limit } }
    }

    pub(crate) fn allocation_failed(bytes: u64) -> Error {
        Error { kind: ErrorKind::AllocationFailed { bytes } }
    }

    pub(crate) fn thread_pool() -> Error {
        Error { kind: ErrorKind::ThreadPool }
    }

    pub(crate) fn cost_not_zero_or_one() -> Error {
        Error { kind: ErrorKind::CostNotZeroOrOne }
    }

    pub(crate) fn inconsistent_predecessors() -> Error {
        Error { kind: ErrorKind::InconsistentPredecessors }
    }

    pub(crate) fn rank_out_of_bounds(rank: usize, bound: usize) -> Error {
        Error { kind: ErrorKind::RankOutOfBounds { rank, bound } }
    }

    /// What went wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Search};
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// let error = Search::new(&space)
    ///     .limits(Limits::new().max_depth(3))
    ///     .bfs([0], |_| false)
    ///     .unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::LimitReached(Limit::Depth(3))));
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::LimitReached(Limit::Depth(depth)) => {
                write!(f, "search reached its depth limit of {depth} moves without an answer")
            }
            ErrorKind::LimitReached(Limit::States(states)) => {
                write!(f, "search reached its limit of {states} stored states without an answer")
            }
            ErrorKind::LimitReached(Limit::Memory(bytes)) => write!(
                f,
                "search reached its memory limit of {} without an answer",
                HumanBytes(bytes)
            ),
            ErrorKind::LimitReached(Limit::Nodes(nodes)) => {
                write!(f, "search reached its limit of {nodes} expanded nodes without an answer")
            }
            ErrorKind::AllocationFailed { bytes } => write!(
                f,
                "could not allocate {} of memory: the machine has less than the limits allow",
                HumanBytes(bytes)
            ),
            ErrorKind::TooLarge { needed, limit } => write!(
                f,
                "the state space needs {} of memory, over the limit of {}",
                HumanBytes(needed),
                HumanBytes(limit)
            ),
            ErrorKind::ThreadPool => f.write_str("could not start the search's worker threads"),
            ErrorKind::CostNotZeroOrOne => {
                f.write_str("a move cost something other than 0 or 1, which 0-1 search cannot take")
            }
            ErrorKind::InconsistentPredecessors => {
                f.write_str("state space reported a predecessor whose successors do not lead back")
            }
            ErrorKind::RankOutOfBounds { rank, bound } => {
                write!(f, "state space reported rank {rank}, outside its rank bound {bound}")
            }
        }
    }
}

impl std::error::Error for Error {}

/// Formats a byte count with a binary unit, for error messages.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HumanBytes(pub(crate) u64);

impl fmt::Display for HumanBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
        #[expect(
            clippy::cast_precision_loss,
            reason = "an approximate size is all a message needs"
        )]
        let mut value = self.0 as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if unit == 0 { write!(f, "{} B", self.0) } else { write!(f, "{value:.1} {}", UNITS[unit]) }
    }
}
