//! What every search runs within and reports: its bounds, its memory
//! budget, its statistics and its progress.
//!
//! - `limits`: [`Limits`](crate::Limits) and the [`Limit`](crate::Limit)
//!   a search reached.
//! - `memory`: the `Meter` that counts a search's tables against its
//!   memory budget and allocates fallibly.
//! - `shortage`: why the allocator refused, when it does: the process's
//!   own limit or the machine's memory.
//! - `stats`: [`Stats`](crate::Stats).
//! - `progress`: [`Progress`](crate::Progress) reports, and the `Watch`
//!   that makes them and checks for cancellation.
//! - `cancel`: [`CancelHandle`](crate::CancelHandle), which stops a search
//!   from another thread.
//! - `context`: [`Run`](crate::Run), all of the above for one search:
//!   limits, observer and cancel handle going in, statistics and meter
//!   coming out; every search takes one last.
//! - `directory`: the lock on a disk run's directory, and the check of
//!   its free space, for both disk tiers.
//!
//! It may use `error` and nothing else.

pub(crate) mod cancel;
pub(crate) mod context;
pub(crate) mod limits;
pub(crate) mod memory;
pub(crate) mod progress;
pub(crate) mod stats;
