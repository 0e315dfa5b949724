//! How a search runs: its [`Limits`], its [`Progress`] reports, a
//! [`CancelHandle`], and the [`Stats`] it leaves, all carried by one
//! [`Run`] that every search takes last.
//!
//! # Example
//!
//! ```
//! use search_core::{from_fn, Limits, Run};
//! use search_core::breadth_first::Search;
//! use search_core::run::CancelHandle;
//!
//! let cancel = CancelHandle::new();
//! let mut layers = Vec::new();
//! let mut run = Run::new()
//!     .limits(Limits::new().max_states(1_000_000))
//!     .cancel_with(cancel.clone())
//!     .on_progress(|progress| layers.push(progress.depth));
//! let grid = from_fn(|&(x, y): &(u8, u8)| [(x.saturating_add(1), y), (x, y.saturating_add(1))]);
//! let enumeration = Search::new().enumerate(&grid, [(0, 0)], &mut run)?;
//! assert_eq!(enumeration.radius(), 510);
//! assert_eq!(run.stats().stored, 256 * 256);
//! drop(run);
//! assert!(!layers.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::cancel::CancelHandle;
pub use self::context::Run;
pub use self::limits::Limits;
pub use self::progress::Progress;
pub use self::stats::Stats;

// What every search runs within and reports: its bounds, its memory
// budget, its statistics and its progress.
//
// - `limits`: [`Limits`](crate::Limits) and the [`Limit`](crate::Limit)
//   a search reached.
// - `memory`: the `Meter` that counts a search's tables against its
//   memory budget and allocates fallibly.
// - `shortage`: why the allocator refused, when it does: the process's
//   own limit or the machine's memory.
// - `stats`: [`Stats`](crate::run::Stats).
// - `progress`: [`Progress`](crate::run::Progress) reports, and the `Watch`
//   that makes them and checks for cancellation.
// - `cancel`: [`CancelHandle`](crate::run::CancelHandle), which stops a search
//   from another thread.
// - `context`: [`Run`](crate::Run), all of the above for one search:
//   limits, observer and cancel handle going in, statistics and meter
//   coming out; every search takes one last.
// - `directory`: the lock on a disk run's directory, and the check of
//   its free space, for both disk tiers.
//
// It may use `error` and nothing else.

pub(crate) mod cancel;
pub(crate) mod context;
pub(crate) mod limits;
pub(crate) mod memory;
pub(crate) mod progress;
pub(crate) mod stats;
