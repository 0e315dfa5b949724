//! The bound a search reached, named in `ErrorKind::LimitReached`.

/// Which bound a search reached.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
/// use search_core::breadth_first::Search;
///
/// let space = from_fn(|&n: &u64| [n + 1]);
/// let error = Search::new().bfs(&space, [0], |_| false, &mut Run::new().limits(Limits::new().max_states(5))).unwrap_err();
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
