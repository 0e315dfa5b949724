//! Progress reports from a running search, for a display that shows a long
//! search is alive.

use std::fmt;

use crate::error::Error;
use crate::run::cancel::{self, CancelHandle};
use crate::run::stats::Stats;

/// A snapshot of a running search, handed to the observer set with
/// [`Search::on_progress`](crate::Search::on_progress),
/// [`AStar::on_progress`](crate::AStar::on_progress) or
/// [`IdaStar::run_with_progress`](crate::IdaStar::run_with_progress).
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Progress, Search};
///
/// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
/// let mut reports: Vec<Progress> = Vec::new();
/// let mut search = Search::new().on_progress(|progress| reports.push(*progress));
/// search.distance(&space, [1], |&n| n == 1_000_000)?;
/// drop(search);
/// assert!(reports.iter().all(|p| p.stored > 0 && p.depth <= 39));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// States stored so far.
    pub stored: u64,
    /// States expanded so far.
    pub expanded: u64,
    /// The depth of the layer being expanded (for a bidirectional search,
    /// both sides' depths added; for IDA*, the deepest path of the current
    /// iteration; 0 for A*, which expands in order of cost).
    pub depth: usize,
    /// The bytes the search's tables hold (0 for IDA*, whose only table is
    /// its path).
    pub bytes: u64,
}

/// How many expansions pass between two reports.
pub(crate) const EVERY: u64 = 1 << 16;

/// Calls the observer, if any, every [`EVERY`] expansions, and there checks
/// the cancel handle, if any.
pub(crate) struct Watch<'o> {
    observer: Option<Box<dyn FnMut(&Progress) + 'o>>,
    cancel: Option<CancelHandle>,
    next: u64,
}

impl<'o> Watch<'o> {
    pub(crate) fn new() -> Watch<'o> {
        Watch { observer: None, cancel: None, next: u64::MAX }
    }

    pub(crate) fn set(&mut self, observer: Box<dyn FnMut(&Progress) + 'o>) {
        self.observer = Some(observer);
        self.next = EVERY;
    }

    pub(crate) fn set_cancel(&mut self, cancel: CancelHandle) {
        self.cancel = Some(cancel);
        self.next = EVERY;
    }

    /// The cancel handle, for a copy of this watch without its observer.
    pub(crate) fn cancel(&self) -> Option<CancelHandle> {
        self.cancel.clone()
    }

    /// Starts counting again, for a new run, which a cancelled handle
    /// refuses.
    pub(crate) fn restart(&mut self) -> Result<(), Error> {
        if self.observer.is_some() || self.cancel.is_some() {
            self.next = EVERY;
        }
        self.check()
    }

    /// Reports when enough expansions have passed since the last report,
    /// and stops the search there if it was cancelled.
    #[inline]
    pub(crate) fn tick(
        &mut self,
        stats: &Stats,
        stored: usize,
        depth: usize,
        bytes: u64,
    ) -> Result<(), Error> {
        if stats.expanded >= self.next { self.report(stats, stored, depth, bytes) } else { Ok(()) }
    }

    #[cold]
    fn report(
        &mut self,
        stats: &Stats,
        stored: usize,
        depth: usize,
        bytes: u64,
    ) -> Result<(), Error> {
        self.next = stats.expanded + EVERY;
        if let Some(observer) = &mut self.observer {
            observer(&Progress { stored: stored as u64, expanded: stats.expanded, depth, bytes });
        }
        self.check()
    }

    fn check(&self) -> Result<(), Error> {
        cancel::check(self.cancel.as_ref())
    }
}

impl fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Watch").field("observed", &self.observer.is_some()).finish()
    }
}
