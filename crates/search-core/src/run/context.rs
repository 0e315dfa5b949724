//! [`Run`]: how a search runs (its limits, its progress observer and its
//! cancel handle) and what it counted, taken by every search.

use std::fmt;

use crate::error::Error;
use crate::run::cancel::CancelHandle;
use crate::run::limits::Limits;
use crate::run::memory::Meter;
use crate::run::progress::{Progress, Watch};
use crate::run::stats::Stats;

/// How a search runs, and what it counted: the one settings type every
/// search of this crate takes, last, as `&mut Run`.
///
/// The caller sets three things, between searches:
///
/// - the [`Limits`] the search stays within ([`limits`](Run::limits));
/// - an observer that hears how a long search is going
///   ([`on_progress`](Run::on_progress));
/// - a [`CancelHandle`] that stops it from another thread
///   ([`cancel_with`](Run::cancel_with), [`cancel_handle`](Run::cancel_handle)).
///
/// The search sets the rest: its [`Stats`] and the bytes its tables held
/// ([`stats`](Run::stats), [`memory`](Run::memory)), read once it has
/// returned, however it ended.
///
/// A `Run` is kept apart from the caches ([`Search`](crate::breadth_first::Search),
/// [`AStar`](crate::cheapest::AStar), [`IdaStar`](crate::deepening::IdaStar), ...), which hold
/// only the tables one search leaves for the next, as regex-automata keeps
/// its `Input` apart from its `Cache`: one `Run` can drive several caches
/// in turn, and one cache can serve runs with other limits.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
/// use search_core::breadth_first::Search;
///
/// let naturals = from_fn(|&n: &u64| [n + 1]);
/// let mut reports = 0;
/// let mut run = Run::new()
///     .limits(Limits::new().max_states(200_000))
///     .on_progress(|_| reports += 1);
/// let mut search = Search::new();
/// let error = search.bfs(&naturals, [0], |_| false, &mut run).unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(200_000)));
/// assert_eq!(run.stats().stored, 200_000);
/// drop(run);
/// assert!(reports >= 3);
/// ```
pub struct Run<'o> {
    limits: Limits,
    stats: Stats,
    /// The bytes the search's tables hold, against `limits`.
    meter: Meter,
    /// The observer and the cancel handle, and when to call and check
    /// them next.
    watch: Watch<'o>,
}

impl<'o> Run<'o> {
    /// Default [`Limits`], no observer, and a cancel handle of its own.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run};
    ///
    /// assert_eq!(Run::new().get_limits(), Limits::new());
    /// ```
    pub fn new() -> Run<'o> {
        Run {
            limits: Limits::new(),
            stats: Stats::default(),
            meter: Meter::new(Limits::DEFAULT_MAX_MEMORY),
            watch: Watch::new(),
        }
    }

    /// Sets the limits of every later search given this run.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{astar, from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::cheapest::AStar;
    /// use search_core::space::UnitCost;
    ///
    /// let naturals = UnitCost(from_fn(|&n: &u32| [n + 1]));
    /// let mut run = Run::new().limits(Limits::new().max_states(100));
    /// let error = AStar::new().run(&naturals, [0], |_| 0, |_| false, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(100)));
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Run<'o> {
        self.limits = limits;
        self
    }

    /// Changes the limits of a run held by reference, for the searches
    /// that follow.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run};
    ///
    /// let mut run = Run::new();
    /// run.set_limits(Limits::new().max_depth(3));
    /// assert_eq!(run.get_limits().get_max_depth(), Some(3));
    /// ```
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run};
    ///
    /// let run = Run::new().limits(Limits::new().max_states(10));
    /// assert_eq!(run.get_limits().get_max_states(), 10);
    /// ```
    pub fn get_limits(&self) -> Limits {
        self.limits
    }

    /// Calls `observer` with a [`Progress`] report about every 65,536
    /// expansions (a layered search, at the end of each layer), for a
    /// display that shows a long search is alive.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// let mut deepest = 0;
    /// let mut run = Run::new().on_progress(|progress| deepest = deepest.max(progress.depth));
    /// Search::new().distance(&space, [0], |&n| n == 200_000, &mut run)?;
    /// drop(run);
    /// assert!(deepest >= 131_072);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[must_use]
    pub fn on_progress<F: FnMut(&Progress) + 'o>(mut self, observer: F) -> Run<'o> {
        self.watch.set(Box::new(observer));
        self
    }

    /// Ends every later search given this run with
    /// [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled) once `cancel`
    /// is cancelled, from any thread, in place of the run's own handle:
    /// one handle can stop several runs. See [`CancelHandle`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{bfs, from_fn, ErrorKind, Run};
    /// use search_core::run::CancelHandle;
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// let cancel = CancelHandle::new();
    /// let mut run = Run::new().cancel_with(cancel.clone());
    /// cancel.cancel();
    /// let error = Search::new().bfs(&space, [0], |_| false, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::Cancelled);
    /// ```
    #[must_use]
    pub fn cancel_with(mut self, cancel: CancelHandle) -> Run<'o> {
        self.watch.set_cancel(cancel);
        self
    }

    /// A handle that cancels the searches given this run, from any
    /// thread: a clone of the one it holds, so cancelling it ends every
    /// later search too. See [`CancelHandle`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// let mut run = Run::new();
    /// let cancel = run.cancel_handle();
    /// std::thread::spawn(move || cancel.cancel()).join().unwrap();
    /// let error = Search::new().bfs(&space, [0], |_| false, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::Cancelled);
    /// ```
    pub fn cancel_handle(&self) -> CancelHandle {
        self.watch.cancel()
    }

    /// What the last search given this run counted, however it ended.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u8| [n.saturating_add(1)]);
    /// let mut run = Run::new();
    /// Search::new().bfs(&space, [0], |&n| n == 5, &mut run)?;
    /// assert_eq!((run.stats().expanded, run.stats().stored), (5, 6));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Forgets what the last search counted: for a caller that answers a
    /// question without a search (a sliding puzzle's board of the wrong
    /// parity, say), so that the statistics it shows are of that answer.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    /// use search_core::run::Stats;
    ///
    /// let space = from_fn(|&n: &u8| [n.saturating_add(1)]);
    /// let mut run = Run::new();
    /// Search::new().bfs(&space, [0], |&n| n == 5, &mut run)?;
    /// run.reset_stats();
    /// assert_eq!(run.stats(), Stats::default());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// The bytes the last search's tables and buffers held when it ended,
    /// as counted against [`Limits::max_memory`]: for a cache, what it
    /// keeps for the next search.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// let mut run = Run::new();
    /// Search::new().distance(&space, [0], |&n| n == 100_000, &mut run)?;
    /// assert!(run.memory() > 100_000 * 4);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn memory(&self) -> u64 {
        self.meter.used()
    }

    /// For an executor outside this crate (search-dist's, say): begins a
    /// search under this run, as every search here does, with no counts
    /// yet, the whole memory budget, and an end at once if the run was
    /// cancelled before it began. Then [`layer_done`](Run::layer_done)
    /// after each layer.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled) when the run's
    /// handle is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    ///
    /// let mut layers = Vec::new();
    /// let mut run = Run::new().on_progress(|progress| layers.push(progress.depth));
    /// run.begin_search()?;
    /// // An executor of its own finds layers of 1, 4 and 6 states.
    /// let mut stored = 0;
    /// for (depth, size) in [1, 4, 6].into_iter().enumerate() {
    ///     stored += size;
    ///     run.layer_done(depth, stored, stored - size)?;
    /// }
    /// assert_eq!(run.stats().stored, 11);
    /// drop(run);
    /// assert_eq!(layers, [0, 1, 2]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn begin_search(&mut self) -> Result<(), Error> {
        self.begin()
    }

    /// For an executor outside this crate: the layer at `depth` is done,
    /// `stored` states found in all and `expanded` expanded so far. The
    /// counts are kept, the observer told, and the search ended here if
    /// the run was cancelled.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled) when the run's
    /// handle is cancelled.
    ///
    /// # Example
    ///
    /// See [`begin_search`](Run::begin_search).
    pub fn layer_done(&mut self, depth: usize, stored: u64, expanded: u64) -> Result<(), Error> {
        self.stats.stored = stored;
        self.stats.expanded = expanded;
        self.report(depth, self.meter.used())
    }

    /// The counts of the search under way, for its engine to keep.
    #[inline]
    pub(super) fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// The meter the search's tables grow through.
    #[inline]
    pub(crate) fn meter_mut(&mut self) -> &mut Meter {
        &mut self.meter
    }

    /// The run split into what an engine's inner loop uses at once: its
    /// limits, meter, counts and watch, borrowed apart.
    #[inline]
    pub(crate) fn parts(&mut self) -> RunParts<'_, 'o> {
        RunParts {
            limits: &self.limits,
            meter: &mut self.meter,
            stats: &mut self.stats,
            watch: &mut self.watch,
        }
    }

    /// Hands the observer the counts now with `expanded` states more, and
    /// `bytes` held and `written`: for a search amid a long step, whose
    /// states are counted at its end (the sorted engine's layers).
    #[cfg(feature = "rayon")]
    pub(crate) fn report_amid(&mut self, depth: usize, bytes: u64, expanded: u64, written: u64) {
        let (stored, expanded) = (self.stats.stored, self.stats.expanded + expanded);
        let progress = Progress { stored, expanded, depth, bytes, read: 0, written };
        self.watch.report_now(&progress);
    }

    /// Hands the observer `progress` now, whatever the count.
    pub(crate) fn report_progress(&mut self, progress: &Progress) {
        self.watch.report_now(progress);
    }

    /// Whether the run has been cancelled, as an error to return.
    #[inline]
    pub(crate) fn check_cancelled(&self) -> Result<(), Error> {
        self.watch.check()
    }

    /// Starts a search: no counts yet, the whole memory budget, and an
    /// end at once if the run was cancelled before it began.
    pub(crate) fn begin(&mut self) -> Result<(), Error> {
        self.stats = Stats::default();
        self.meter.restart(self.limits.get_max_memory());
        self.watch.restart()
    }

    /// Reports progress when it is due, and ends the search there if it
    /// was cancelled.
    #[inline]
    pub(crate) fn tick(&mut self, stored: usize, depth: usize) -> Result<(), Error> {
        self.watch.tick(&self.stats, stored, depth, self.meter.used())
    }

    /// Reports progress now, whatever the count, and ends the search here
    /// if it was cancelled: for searches that report at moments of their
    /// own (a layer's end).
    pub(crate) fn report(&mut self, depth: usize, bytes: u64) -> Result<(), Error> {
        self.report_disk(depth, bytes, 0, 0)
    }

    /// As [`report`](Run::report), for a search that has `read` and
    /// `written` bytes of disk so far.
    pub(crate) fn report_disk(
        &mut self,
        depth: usize,
        bytes: u64,
        read: u64,
        written: u64,
    ) -> Result<(), Error> {
        let (stored, expanded) = (self.stats.stored, self.stats.expanded);
        let progress = Progress { stored, expanded, depth, bytes, read, written };
        self.watch.report_now(&progress);
        self.watch.check()
    }
}

/// A [`Run`] borrowed apart: see [`Run::parts`].
pub(crate) struct RunParts<'r, 'o> {
    pub(crate) limits: &'r Limits,
    pub(crate) meter: &'r mut Meter,
    pub(crate) stats: &'r mut Stats,
    pub(crate) watch: &'r mut Watch<'o>,
}

impl Default for Run<'_> {
    fn default() -> Self {
        Run::new()
    }
}

impl fmt::Debug for Run<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Run")
            .field("limits", &self.limits)
            .field("stats", &self.stats)
            .field("memory", &self.meter.used())
            .field("watch", &self.watch)
            .finish()
    }
}
