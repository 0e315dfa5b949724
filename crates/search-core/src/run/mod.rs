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

pub(crate) mod cancel;
pub(crate) mod context;
pub(crate) mod counting;
pub(crate) mod limits;
pub(crate) mod machine;
pub(crate) mod memory;
pub(crate) mod progress;
pub(crate) mod stats;
