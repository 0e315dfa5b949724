//! The one thing every search cache holds about how it runs: its limits,
//! its memory meter, its statistics, its progress observer and its cancel
//! handle, and the builder methods each cache offers on them.

use std::fmt;

use crate::error::Error;
use crate::run::cancel::CancelHandle;
use crate::run::limits::Limits;
use crate::run::memory::Meter;
use crate::run::progress::Watch;
use crate::run::stats::Stats;

/// How a cache runs: set by the caller between runs (limits, observer,
/// cancel handle), counted by the run (statistics, memory).
pub(crate) struct RunContext<'o> {
    pub(crate) limits: Limits,
    pub(crate) stats: Stats,
    /// The bytes the run's tables hold, against `limits`.
    pub(crate) meter: Meter,
    /// The observer and the cancel handle, and when to call and check
    /// them next.
    pub(crate) watch: Watch<'o>,
}

impl<'o> RunContext<'o> {
    pub(crate) fn new() -> RunContext<'o> {
        RunContext {
            limits: Limits::new(),
            stats: Stats::default(),
            meter: Meter::new(Limits::DEFAULT_MAX_MEMORY),
            watch: Watch::new(),
        }
    }

    /// Starts a run: no counts yet, the whole memory budget, and an end at
    /// once if the run was cancelled before it began.
    pub(crate) fn begin(&mut self) -> Result<(), Error> {
        self.stats = Stats::default();
        self.meter.restart(self.limits.get_max_memory());
        self.watch.restart()
    }

    /// Reports progress when it is due, and ends the run there if it was
    /// cancelled.
    #[inline]
    pub(crate) fn tick(&mut self, stored: usize, depth: usize) -> Result<(), Error> {
        self.watch.tick(&self.stats, stored, depth, self.meter.used())
    }

    /// Reports progress now, whatever the count, and ends the run here if
    /// it was cancelled: for searches that report at moments of their own
    /// (a layer's end).
    #[cfg(feature = "rayon")]
    pub(crate) fn report(&mut self, depth: usize, bytes: u64) -> Result<(), Error> {
        let progress = crate::Progress {
            stored: self.stats.stored,
            expanded: self.stats.expanded,
            depth,
            bytes,
        };
        self.watch.report_now(&progress);
        self.watch.check()
    }

    /// The same limits, counts and cancel handle, with no observer: for a
    /// worker thread, or a cache that outlives the observer's borrows.
    pub(crate) fn without_observer(&self) -> RunContext<'static> {
        let mut watch = Watch::new();
        watch.set_cancel(self.watch.cancel());
        RunContext { limits: self.limits, stats: self.stats, meter: self.meter, watch }
    }

    /// The handle that cancels this context's runs.
    pub(crate) fn cancel_handle(&self) -> CancelHandle {
        self.watch.cancel()
    }
}

impl fmt::Debug for RunContext<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RunContext")
            .field("limits", &self.limits)
            .field("stats", &self.stats)
            .field("watch", &self.watch)
            .finish_non_exhaustive()
    }
}

/// The methods every search cache offers on its [`RunContext`], held in
/// a field `run`: `limits`, `on_progress`, `cancel_with`, `cancel_handle`
/// and `stats`, documented once. `$name` is the cache's name, `$space`
/// an expression of a space it searches, `$run` a run of `search` on
/// `space` that expands `$expanded` states and at least 3 x 65,536, and
/// `$limit` a limit that run reaches, `$reached`.
macro_rules! run_context_methods {
    (
        impl<$($param:tt),*> $cache:ty;
        name: $name:literal,
        space: $space:literal,
        run: $run:literal,
        limit: $limit:literal,
        reached: $reached:literal,
        expanded: $expanded:literal $(,)?
    ) => {
        impl<$($param),*> $cache {
            #[doc = concat!(
                "Sets the limits of every later run.\n\n# Example\n\n```\n",
                "use search_core::{from_fn, ErrorKind, Limit, Limits, ", $name, ", UnitCost};\n\n",
                "let space = ", $space, ";\n",
                "let mut search = ", $name, "::new().limits(", $limit, ");\n",
                "let error = ", $run, ".unwrap_err();\n",
                "assert_eq!(error.kind(), &ErrorKind::LimitReached(", $reached, "));\n```"
            )]
            #[must_use]
            pub fn limits(mut self, limits: $crate::Limits) -> Self {
                self.run.limits = limits;
                self
            }

            #[doc = concat!(
                "Calls `observer` every 65,536 expansions with a [`Progress`](crate::Progress) ",
                "report, for a display that shows a long search is alive.\n\n# Example\n\n```\n",
                "use search_core::{from_fn, ", $name, ", UnitCost};\n\n",
                "let space = ", $space, ";\n",
                "let mut reports = 0;\n",
                "let mut search = ", $name, "::new().on_progress(|_| reports += 1);\n",
                $run, "?;\n",
                "drop(search);\n",
                "assert!(reports >= 3);\n",
                "# Ok::<(), search_core::Error>(())\n```"
            )]
            #[must_use]
            pub fn on_progress<F: FnMut(&$crate::Progress) + 'o>(mut self, observer: F) -> Self {
                self.run.watch.set(Box::new(observer));
                self
            }

            #[doc = concat!(
                "Ends every later run with [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled) ",
                "once `cancel` is cancelled, from any thread, in place of this cache's own ",
                "handle: one handle can stop several caches. See [`CancelHandle`](crate::CancelHandle).",
                "\n\n# Example\n\n```\n",
                "use search_core::{from_fn, CancelHandle, ErrorKind, ", $name, ", UnitCost};\n\n",
                "let space = ", $space, ";\n",
                "let cancel = CancelHandle::new();\n",
                "let mut search = ", $name, "::new().cancel_with(cancel.clone());\n",
                "cancel.cancel();\n",
                "let error = ", $run, ".unwrap_err();\n",
                "assert_eq!(error.kind(), &ErrorKind::Cancelled);\n```"
            )]
            #[must_use]
            pub fn cancel_with(mut self, cancel: $crate::CancelHandle) -> Self {
                self.run.watch.set_cancel(cancel);
                self
            }

            #[doc = concat!(
                "A handle that cancels this cache's runs from any thread: a clone of the one ",
                "it holds, so cancelling it ends every later run too. See ",
                "[`CancelHandle`](crate::CancelHandle).\n\n# Example\n\n```\n",
                "use search_core::{from_fn, ErrorKind, ", $name, ", UnitCost};\n\n",
                "let space = ", $space, ";\n",
                "let mut search = ", $name, "::new();\n",
                "let cancel = search.cancel_handle();\n",
                "std::thread::spawn(move || cancel.cancel()).join().unwrap();\n",
                "let error = ", $run, ".unwrap_err();\n",
                "assert_eq!(error.kind(), &ErrorKind::Cancelled);\n```"
            )]
            pub fn cancel_handle(&self) -> $crate::CancelHandle {
                self.run.cancel_handle()
            }

            #[doc = concat!(
                "What the last run counted.\n\n# Example\n\n```\n",
                "use search_core::{from_fn, ", $name, ", UnitCost};\n\n",
                "let space = ", $space, ";\n",
                "let mut search = ", $name, "::new();\n",
                $run, "?;\n",
                "assert_eq!(search.stats().expanded, ", $expanded, ");\n",
                "# Ok::<(), search_core::Error>(())\n```"
            )]
            pub fn stats(&self) -> $crate::Stats {
                self.run.stats
            }
        }
    };
}

pub(crate) use run_context_methods;
