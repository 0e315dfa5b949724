//! What every search runs within and reports: its bounds, its memory
//! budget, its statistics and its progress.
//!
//! - `limits`: [`Limits`](crate::Limits) and the [`Limit`](crate::Limit)
//!   a search reached.
//! - `memory`: the `Meter` that counts a search's tables against its
//!   memory budget and allocates fallibly.
//! - `stats`: [`Stats`](crate::Stats).
//! - `progress`: [`Progress`](crate::Progress) reports, and the `Watch`
//!   that makes them and checks for cancellation.
//! - `cancel`: [`CancelHandle`](crate::CancelHandle), which stops a search
//!   from another thread.
//! - `context`: the `RunContext` every cache holds (all of the above), and
//!   the builder methods every cache offers on it.
//!
//! It may use `error` and nothing else.

pub(crate) mod cancel;
pub(crate) mod context;
pub(crate) mod limits;
pub(crate) mod memory;
pub(crate) mod progress;
pub(crate) mod stats;
