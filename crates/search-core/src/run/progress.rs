//! Progress reports from a running search, for a display that shows a long
//! search is alive.

use std::fmt;

use crate::error::Error;
use crate::run::cancel::CancelHandle;
use crate::run::stats::Stats;

/// A snapshot of a running search, handed to the observer that a cache's
/// `on_progress` sets ([`Search::on_progress`](crate::Search::on_progress),
/// [`AStar::on_progress`](crate::AStar::on_progress),
/// [`ZeroOneBfs::on_progress`](crate::ZeroOneBfs::on_progress),
/// [`IdaStar::on_progress`](crate::IdaStar::on_progress)).
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
    /// both sides' depths added; for IDA*, the moves of the path held; 0 for
    /// A* and 0-1 BFS, which expand in order of cost).
    pub depth: usize,
    /// The bytes the search's tables hold (0 for IDA*, whose only table is
    /// its path).
    pub bytes: u64,
}

/// How many expansions pass between two reports.
pub(crate) const EVERY: u64 = 1 << 16;

/// Calls the observer, if any, every [`EVERY`] expansions, and there checks
/// the cancel handle.
pub(crate) struct Watch<'o> {
    observer: Option<Box<dyn FnMut(&Progress) + 'o>>,
    cancel: CancelHandle,
    next: u64,
}

impl<'o> Watch<'o> {
    pub(crate) fn new() -> Watch<'o> {
        Watch { observer: None, cancel: CancelHandle::new(), next: EVERY }
    }

    pub(crate) fn set(&mut self, observer: Box<dyn FnMut(&Progress) + 'o>) {
        self.observer = Some(observer);
    }

    pub(crate) fn set_cancel(&mut self, cancel: CancelHandle) {
        self.cancel = cancel;
    }

    /// The cancel handle, for a copy of this watch without its observer.
    pub(crate) fn cancel(&self) -> CancelHandle {
        self.cancel.clone()
    }

    /// Starts counting again, for a new run, which a cancelled handle
    /// refuses.
    pub(crate) fn restart(&mut self) -> Result<(), Error> {
        self.next = EVERY;
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

    /// Ends the run if it was cancelled.
    pub(crate) fn check(&self) -> Result<(), Error> {
        if self.cancel.is_cancelled() { Err(Error::cancelled()) } else { Ok(()) }
    }

    /// Calls the observer, if any, with `progress`, whether or not a
    /// report is due: for searches that report at moments of their own.
    pub(crate) fn report_now(&mut self, progress: &Progress) {
        if let Some(observer) = &mut self.observer {
            observer(progress);
        }
    }
}

impl fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Watch").field("observed", &self.observer.is_some()).finish()
    }
}
