//! What a search counted.

/// What a search counted while it ran.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Run};
/// use search_core::breadth_first::Search;
///
/// let space = from_fn(|&n: &u8| [n.saturating_add(1)]);
/// let mut search = Search::new();
/// let mut run = Run::new();
/// search.bfs(&space, [0], |&n| n == 5, &mut run)?;
/// let stats = run.stats();
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

    /// One state expanded into `kept` successors, with `skipped` more
    /// that had been seen before.
    #[inline]
    pub(crate) fn count_expansion(&mut self, kept: usize, skipped: usize) {
        self.expanded += 1;
        self.generated += (kept + skipped) as u64;
        self.duplicates += skipped as u64;
    }

    /// One more successor had been seen before.
    #[inline]
    pub(crate) fn count_duplicate(&mut self) {
        self.duplicates += 1;
    }

    /// One more state was expanded again, for a cheaper path found to it.
    #[inline]
    pub(crate) fn count_reopened(&mut self) {
        self.reopened += 1;
    }

    /// Adds the counts of `part`, a search run as a piece of this one (a
    /// parallel worker's subtree, one of Yen's searches): the states it
    /// held at once are not added, but kept when they are more.
    pub(crate) fn absorb(&mut self, part: &Stats) {
        self.expanded += part.expanded;
        self.generated += part.generated;
        self.duplicates += part.duplicates;
        self.reopened += part.reopened;
        self.stored = self.stored.max(part.stored);
        self.max_frontier = self.max_frontier.max(part.max_frontier);
    }
}
