//! The breadth-first family: fewest moves, in stored layers.
//!
//! - `search`: [`Search`](crate::Search), the reusable cache that the
//!   searches below run in; start here.
//! - `bfs`: [`bfs`](crate::bfs) and the walker [`Bfs`](crate::Bfs).
//! - `bidirectional`: [`bidirectional_bfs`](crate::bidirectional_bfs),
//!   from both ends.
//! - `all_paths`: [`all_shortest_paths`](crate::all_shortest_paths).
//! - `enumerate`: [`enumerate`](crate::enumerate), every layer of a space.
//! - `disk`: `DiskEnumeration`, the same past memory, with delayed
//!   duplicate detection on disk (with the `serde` feature).
//! - `parallel`: [`ParallelEnumeration`](crate::ParallelEnumeration), the
//!   same on every core (with the `rayon` feature).
//!
//! It may use `space`, `store`, `run`, `path` and `error`; `disk` also
//! `dense::files`, the table-file format both disk tiers share.

pub(crate) mod all_paths;
pub(crate) mod bfs;
pub(crate) mod bidirectional;
pub(crate) mod dfs;
#[cfg(feature = "serde")]
pub(crate) mod disk;
pub(crate) mod enumerate;
#[cfg(feature = "rayon")]
pub(crate) mod parallel;
pub(crate) mod search;
