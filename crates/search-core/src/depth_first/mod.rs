//! The depth-first family: a path, not always a short one, found going
//! deep first.
//!
//! - `dfs`: [`dfs`](crate::dfs) and [`Search::dfs`](crate::Search::dfs),
//!   with a visited set in [`Search`](crate::Search)'s tree: each state
//!   visited once.
//! - `iddfs`: [`iddfs`](crate::iddfs),
//!   [`IdaStar::depth_first`](crate::IdaStar::depth_first) and
//!   [`IdaStar::iterative_deepening`](crate::IdaStar::iterative_deepening),
//!   in memory of one path: IDA*'s engine with every move costing one.
//!
//! It may use `breadth_first`'s `Search`, `informed`'s `IdaStar`, and
//! `space`, `store`, `run`, `path` and `error`.

pub(crate) mod dfs;
pub(crate) mod iddfs;
