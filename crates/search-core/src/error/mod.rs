//! What can go wrong: [`Error`], its [`ErrorKind`], and the [`Limit`] a
//! search reached.
//!
//! Every search returns `Result<_, Error>`. A search that exhausts its
//! space without a goal answers `Ok(None)`; an `Err` is a bound reached, a
//! cancel, an allocation refused, a cost that is not a cost, a file that
//! cannot be read, or the space's own failure, each told apart by
//! [`Error::kind`] and printed as a sentence that names what to change.
//!
//! # Example
//!
//! ```
//! use search_core::{bfs, from_fn, ErrorKind, Limit, Limits, Run};
//! use search_core::breadth_first::Search;
//!
//! let line = from_fn(|&n: &u64| [n + 1]);
//! let mut run = Run::new().limits(Limits::new().max_states(100));
//! let error = Search::new().bfs(&line, [0], |_| false, &mut run).unwrap_err();
//! assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(100)));
//! assert!(error.to_string().contains("100 stored states"));
//! // Without a limit in the way, an unreachable goal is `Ok(None)`.
//! let ring = from_fn(|&n: &u64| [(n + 1) % 10]);
//! assert_eq!(bfs(&ring, [0], |&n| n == 10)?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::human_bytes::HumanBytes;
pub use self::limit::Limit;

mod human_bytes;
mod limit;
pub(crate) mod shortage;

use std::fmt;
use std::sync::Arc;

use self::shortage::Shortage;

/// The reason a search failed.
///
/// # Example
///
/// ```
/// use search_core::{ErrorKind, Run};
/// use search_core::dense::DenseEnumeration;
/// use search_core::space::RankedSpace;
///
/// struct Broken;
/// impl RankedSpace for Broken {
///     fn rank_count(&self) -> u64 { 4 }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) { report(rank + 10) }
/// }
/// let error = DenseEnumeration::new().run(&Broken, &[0], &mut Run::new()).unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::RankOutOfBounds { rank: 10, count: 4 });
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
    /// the limits allowed it: the process's own limit (its address space
    /// or data size) or the machine's memory is smaller than the limits.
    /// The error's message says which, where the platform tells.
    AllocationFailed {
        /// The bytes asked for.
        bytes: u64,
    },
    /// The worker threads of a parallel search could not be started.
    ThreadPool,
    /// A move of a space searched by [`ZeroOneBfs`](crate::cheapest::ZeroOneBfs)
    /// cost something other than 0 or 1.
    CostNotZeroOrOne,
    /// A [`DistanceTable`](crate::patterns::DistanceTable) distance passed 254, the
    /// most a byte holds.
    DistanceTooLarge,
    /// A table file cannot be written or read, or is not what was asked
    /// for: another description, truncated, or corrupt.
    TableFile {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The space's predecessors reported an edge `a -> b` that its
    /// successors of `a` do not contain.
    InconsistentPredecessors,
    /// The search was stopped through its
    /// [`CancelHandle`](crate::run::CancelHandle).
    Cancelled,
    /// A path's cost, or a cost and its estimate added, passed the most
    /// the cost type holds: a wider cost type answers the question.
    CostOverflow,
    /// A rank was not below the space's rank count: the space's
    /// [`Ranking`](crate::Ranking) or [`RankedSpace`](crate::space::RankedSpace)
    /// is wrong, or a rank was given outside a table's range.
    RankOutOfBounds {
        /// The rank reported.
        rank: u64,
        /// The count the space declared, or the end of the table's range.
        count: u64,
    },
    /// A move's cost was negative, or not a finite number (a NaN or an
    /// infinity of a [`Real`](crate::space::Real) cost): no cheapest path is
    /// defined.
    InvalidCost {
        /// The cost, as `{:?}` prints it.
        cost: String,
        /// The cost of the path to the state the move left.
        reached_at: String,
    },
    /// The space's successors failed (a space made by
    /// [`try_from_fn`](crate::try_from_fn)); its own error is the
    /// error's [`source`](std::error::Error::source).
    SpaceFailed {
        /// The space's error, as it displays.
        message: String,
    },
    /// A ranking building block was asked for a shape it cannot number
    /// in 64 bits, or that does not exist (more items chosen than there
    /// are).
    InvalidShape {
        /// What is wrong, in words.
        reason: String,
    },
    /// A stopped run was resumed with a depth bound below the depth it
    /// had reached: its layers to the bound are known, but not the
    /// states of the last of them.
    ResumedPastDepth {
        /// The depth the stopped run had reached.
        reached: usize,
        /// The depth bound it was resumed with.
        max_depth: usize,
    },
}

/// The error returned by every search.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Limits, Run};
/// use search_core::breadth_first::Search;
///
/// let space = from_fn(|&n: &u32| [n + 1]);
/// let error = Search::new().bfs(&space, [0], |&n| n == 10, &mut Run::new().limits(Limits::new().max_depth(3)))
///     .unwrap_err();
/// assert_eq!(error.to_string(), "search reached its depth limit of 3 moves without an answer");
/// ```
#[derive(Clone)]
pub struct Error(Box<Inner>);

/// What an [`Error`] holds, behind one pointer: a search's results travel
/// in registers (`Result<u32, Error>` is two words, `Result<(), Error>`
/// one), where an error of 64 bytes sent every result of the hot loops
/// through memory.
#[derive(Clone, Debug)]
struct Inner {
    kind: ErrorKind,
    /// The space's own error, for [`ErrorKind::SpaceFailed`].
    source: Option<Arc<dyn std::error::Error + Send + Sync>>,
    /// What ran out, for [`ErrorKind::AllocationFailed`], read when the
    /// allocator refused.
    shortage: Option<Shortage>,
    /// Whether an enumeration, not a search for an answer, reached the
    /// limit: the message says so.
    enumerating: bool,
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error").field("kind", &self.0.kind).field("source", &self.0.source).finish()
    }
}

/// Errors are equal when their kinds are: a space's own error is compared
/// by its message, which its kind holds.
impl PartialEq for Error {
    fn eq(&self, other: &Error) -> bool {
        self.0.kind == other.0.kind
    }
}

impl Eq for Error {}

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
    #[cold]
    pub fn new(kind: ErrorKind) -> Error {
        // Read now, while it is true: the process's use changes.
        let shortage = match kind {
            ErrorKind::AllocationFailed { bytes } => Some(Shortage::of(bytes)),
            _ => None,
        };
        Error(Box::new(Inner { kind, source: None, shortage, enumerating: false }))
    }

    /// The failure of a space whose successors can fail, `source` its own
    /// error: [`ErrorKind::SpaceFailed`], with `source` as
    /// [`source`](std::error::Error::source).
    ///
    /// # Example
    ///
    /// ```
    /// use std::error::Error as _;
    /// use search_core::{Error, ErrorKind};
    ///
    /// let error = Error::space_failed(std::io::Error::other("disk gone"));
    /// assert_eq!(error.kind(), &ErrorKind::SpaceFailed { message: "disk gone".into() });
    /// assert_eq!(error.source().map(|e| e.to_string()), Some("disk gone".into()));
    /// ```
    #[cold]
    pub fn space_failed(source: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Error {
        let source: Arc<dyn std::error::Error + Send + Sync> = Arc::from(source.into());
        let message = source.to_string();
        Error(Box::new(Inner {
            kind: ErrorKind::SpaceFailed { message },
            source: Some(source),
            shortage: None,
            enumerating: false,
        }))
    }

    /// This error, as an enumeration's: a limit reached is then worded as
    /// an enumeration stopped with states left, not a search without an
    /// answer.
    #[cold]
    pub(crate) fn while_enumerating(mut self) -> Error {
        self.0.enumerating = true;
        self
    }

    #[cold]
    pub(crate) fn limit(limit: Limit) -> Error {
        Error::new(ErrorKind::LimitReached(limit))
    }

    #[cold]
    pub(crate) fn too_large(needed: u64, limit: u64) -> Error {
        Error::new(ErrorKind::TooLarge { needed, limit })
    }

    #[cold]
    pub(crate) fn allocation_failed(bytes: u64) -> Error {
        Error::new(ErrorKind::AllocationFailed { bytes })
    }

    #[cfg(feature = "rayon")]
    #[cold]
    pub(crate) fn thread_pool() -> Error {
        Error::new(ErrorKind::ThreadPool)
    }

    #[cold]
    pub(crate) fn cost_not_zero_or_one() -> Error {
        Error::new(ErrorKind::CostNotZeroOrOne)
    }

    #[cold]
    pub(crate) fn table_file(path: &std::path::Path, reason: String) -> Error {
        Error::new(ErrorKind::TableFile { path: path.to_path_buf(), reason })
    }

    #[cold]
    pub(crate) fn distance_too_large() -> Error {
        Error::new(ErrorKind::DistanceTooLarge)
    }

    #[cold]
    pub(crate) fn inconsistent_predecessors() -> Error {
        Error::new(ErrorKind::InconsistentPredecessors)
    }

    #[cold]
    pub(crate) fn cancelled() -> Error {
        Error::new(ErrorKind::Cancelled)
    }

    #[cold]
    pub(crate) fn cost_overflow() -> Error {
        Error::new(ErrorKind::CostOverflow)
    }

    #[cold]
    pub(crate) fn invalid_cost(cost: &impl fmt::Debug, reached_at: &impl fmt::Debug) -> Error {
        let (cost, reached_at) = (format!("{cost:?}"), format!("{reached_at:?}"));
        Error::new(ErrorKind::InvalidCost { cost, reached_at })
    }

    #[cold]
    pub(crate) fn rank_out_of_bounds(rank: u64, count: u64) -> Error {
        Error::new(ErrorKind::RankOutOfBounds { rank, count })
    }

    #[cold]
    pub(crate) fn resumed_past_depth(reached: usize, max_depth: usize) -> Error {
        Error::new(ErrorKind::ResumedPastDepth { reached, max_depth })
    }

    #[cold]
    pub(crate) fn invalid_shape(reason: String) -> Error {
        Error::new(ErrorKind::InvalidShape { reason })
    }

    /// What went wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// let error = Search::new().bfs(&space, [0], |_| false, &mut Run::new().limits(Limits::new().max_depth(3)))
    ///     .unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::LimitReached(Limit::Depth(3))));
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.enumerating {
            let more = "with states left to visit";
            match self.0.kind {
                ErrorKind::LimitReached(Limit::States(states)) => {
                    return write!(
                        f,
                        "enumeration stopped at its limit of {states} stored states, {more}"
                    );
                }
                ErrorKind::LimitReached(Limit::Memory(bytes)) => {
                    let bytes = HumanBytes(bytes);
                    return write!(f, "enumeration stopped at its memory limit of {bytes}, {more}");
                }
                _ => {}
            }
        }
        match self.0.kind {
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
                "could not allocate {} of memory: {}",
                HumanBytes(bytes),
                self.0.shortage.unwrap_or(Shortage::Machine)
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
            ErrorKind::TableFile { ref path, ref reason } => {
                write!(f, "table file {} {reason}", path.display())
            }
            ErrorKind::DistanceTooLarge => {
                f.write_str("an abstract distance passed 254, the most a distance table holds")
            }
            ErrorKind::InconsistentPredecessors => {
                f.write_str("state space reported a predecessor whose successors do not lead back")
            }
            ErrorKind::Cancelled => f.write_str("search was cancelled"),
            ErrorKind::CostOverflow => f.write_str(
                "a path's cost passed the most its cost type holds: search with a wider cost type",
            ),
            ErrorKind::SpaceFailed { ref message } => {
                write!(f, "the state space failed: {message}")
            }
            ErrorKind::InvalidCost { ref cost, ref reached_at } => write!(
                f,
                "a move from a state reached at cost {reached_at} costs {cost}: \
                 costs must be finite and not negative"
            ),
            ErrorKind::RankOutOfBounds { rank, count } => {
                write!(f, "state space reported rank {rank}, not below its rank count {count}")
            }
            ErrorKind::InvalidShape { ref reason } => f.write_str(reason),
            ErrorKind::ResumedPastDepth { reached, max_depth } => write!(
                f,
                "the run resumed had reached depth {reached} already, past the depth limit of \
                 {max_depth} it was resumed with: resume it to depth {reached} or more, or start \
                 it again"
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source.as_deref().map(|source| source as &(dyn std::error::Error + 'static))
    }
}

impl From<Limit> for Error {
    fn from(limit: Limit) -> Error {
        Error::limit(limit)
    }
}

#[cfg(test)]
mod tests {
    use crate::error::*;

    #[test]
    fn results_of_the_hot_loops_fit_in_registers() {
        assert_eq!(size_of::<Result<(), Error>>(), size_of::<usize>());
        assert_eq!(size_of::<Result<u32, Error>>(), 2 * size_of::<usize>());
    }
}
