//! How an engine counts into its [`Run`]: one method for each thing a
//! search counts, so that no engine writes [`Stats`]' fields itself.

use crate::run::context::Run;
use crate::run::stats::Stats;

impl Run<'_> {
    /// `states` more states had their successors generated.
    #[inline]
    pub(crate) fn count_expanded(&mut self, states: u64) {
        self.stats_mut().expanded += states;
    }

    /// `successors` more successors were generated, new or not.
    #[inline]
    pub(crate) fn count_generated(&mut self, successors: u64) {
        self.stats_mut().generated += successors;
    }

    /// `successors` more successors had been seen before.
    #[inline]
    pub(crate) fn count_duplicates(&mut self, successors: u64) {
        self.stats_mut().duplicates += successors;
    }

    /// One more successor had been seen before.
    #[inline]
    pub(crate) fn count_duplicate(&mut self) {
        self.count_duplicates(1);
    }

    /// One more state was expanded again, for a cheaper path found to it.
    #[inline]
    pub(crate) fn count_reopened(&mut self) {
        self.stats_mut().count_reopened();
    }

    /// `states` more distinct states were stored.
    #[inline]
    pub(crate) fn count_stored(&mut self, states: u64) {
        self.stats_mut().stored += states;
    }

    /// The search holds `states` distinct states now, more or fewer than
    /// counted so far (a table's length, read at a moment of its own).
    #[inline]
    pub(crate) fn set_stored(&mut self, states: u64) {
        self.stats_mut().stored = states;
    }

    /// The search held `states` states at once at least: what a depth-first
    /// search keeps, its longest path.
    #[inline]
    pub(crate) fn stored_at_least(&mut self, states: u64) {
        let counts = self.stats_mut();
        counts.stored = counts.stored.max(states);
    }

    /// A frontier of `len` states, kept when it is the largest so far.
    #[inline]
    pub(crate) fn count_frontier(&mut self, len: usize) {
        self.stats_mut().frontier(len);
    }

    /// One state expanded into `kept` successors, with `skipped` more
    /// that had been seen before.
    #[inline]
    pub(crate) fn count_expansion(&mut self, kept: usize, skipped: usize) {
        self.stats_mut().count_expansion(kept, skipped);
    }

    /// Adds the counts of `part`, a search run as a piece of this one:
    /// see [`Stats::absorb`].
    #[cfg(feature = "rayon")]
    #[inline]
    pub(crate) fn absorb(&mut self, part: &Stats) {
        self.stats_mut().absorb(part);
    }

    /// The counts are `stats` from here on: for a search made of others,
    /// whose counts it adds up itself (Yen's).
    #[inline]
    pub(crate) fn set_stats(&mut self, stats: Stats) {
        *self.stats_mut() = stats;
    }
}
