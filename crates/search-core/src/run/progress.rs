//! Progress reports from a running search, for a display that shows a long
//! search is alive.

use std::fmt;

use crate::error::Error;
use crate::run::cancel::CancelHandle;
use crate::run::stats::Stats;

/// A snapshot of a running search, handed to the observer that
/// [`Run::on_progress`](crate::Run::on_progress) sets.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Run};
/// use search_core::run::Progress;
/// use search_core::breadth_first::Search;
///
/// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
/// let mut reports: Vec<Progress> = Vec::new();
/// let mut run = Run::new().on_progress(|progress| reports.push(*progress));
/// Search::new().distance(&space, [1], |&n| n == 1_000_000, &mut run)?;
/// drop(run);
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
    /// The bytes read from disk so far: 0 but for a
    /// [`DenseEnumeration`](crate::dense::DenseEnumeration) whose table lives on
    /// [disk](crate::dense::DenseEnumeration::disk), and for `DiskEnumeration`
    /// (feature `serde`), whose layers do.
    pub read: u64,
    /// The bytes written to disk so far, as [`read`](Progress::read).
    pub written: u64,
}

/// How many expansions pass between two reports.
pub(crate) const EVERY: u64 = 1 << 16;

/// How many expansions pass between two looks at the cancel handle: half
/// of the 1,024 within which a cancelled search ends, the other half for
/// the run of states a search expands before it counts them
/// ([`RUN_STATES`](crate::store::batch::RUN_STATES)).
pub(crate) const CHECK_EVERY: u64 = 1 << 9;

/// Checks the cancel handle every [`CHECK_EVERY`] expansions, and calls
/// the observer, if any, every [`EVERY`].
pub(crate) struct Watch<'o> {
    observer: Option<Box<dyn FnMut(&Progress) + 'o>>,
    cancel: CancelHandle,
    /// The expansions at which the cancel handle is next looked at.
    next: u64,
    /// The expansions at which the observer is next called.
    next_report: u64,
}

impl<'o> Watch<'o> {
    pub(crate) fn new() -> Watch<'o> {
        Watch { observer: None, cancel: CancelHandle::new(), next: CHECK_EVERY, next_report: EVERY }
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
        self.next = CHECK_EVERY;
        self.next_report = EVERY;
        self.check()
    }

    /// Stops the search if it was cancelled, and reports, when enough
    /// expansions have passed since the last look.
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
        self.next = stats.expanded + CHECK_EVERY;
        if stats.expanded >= self.next_report {
            self.next_report = stats.expanded + EVERY;
            if let Some(observer) = &mut self.observer {
                observer(&Progress {
                    stored: stored as u64,
                    expanded: stats.expanded,
                    depth,
                    bytes,
                    ..Progress::default()
                });
            }
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
