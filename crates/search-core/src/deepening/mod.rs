//! Iterative deepening, in memory that grows only with the path: IDA*
//! ([`IdaStar`], [`ida_star`]), on owned states, in place ([`InPlace`]),
//! or on every core (`IdaStar::run_parallel`, feature `rayon`); and its
//! unit-cost forms, [`iddfs`] and `IdaStar::depth_first`.
//!
//! # Example
//!
//! ```
//! use search_core::{from_fn, ida_star};
//! use search_core::deepening::iddfs;
//!
//! // A knight's distance on an unbounded board, from (0, 0) to (4, 5).
//! let knight = from_fn(|&(x, y): &(i32, i32)| {
//!     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
//!         .map(|(dx, dy)| (x + dx, y + dy))
//! });
//! let path = iddfs(&knight, [(0, 0)], |&s| s == (4, 5))?.expect("reachable");
//! assert_eq!(path.len(), 3);
//! // Each move covers at most 3 of the x and y distances together.
//! let estimate = |&(x, y): &(i32, i32)| ((4 - x).unsigned_abs() + (5 - y).unsigned_abs()).div_ceil(3);
//! let (path, cost) = ida_star(&knight, [(0, 0)], estimate, |&s| s == (4, 5))?.expect("reachable");
//! assert_eq!((path.len(), cost), (3, 3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::ida_star::{IdaStar, InPlace, Iteration, ida_star};
pub use self::iddfs::iddfs;

pub(crate) mod ida_star;
pub(crate) mod iddfs;
