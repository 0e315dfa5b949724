//! What a search counted.

/// What a search counted while it ran.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Search};
///
/// let space = from_fn(|&n: &u8| [n.saturating_add(1)]);
/// let mut search = Search::new();
/// search.bfs(&space, [0], |&n| n == 5)?;
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
    #[inline]
    pub(crate) fn frontier(&mut self, len: usize) {
        self.max_frontier = self.max_frontier.max(len as u64);
    }
}
