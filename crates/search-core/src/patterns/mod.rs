//! Pattern databases: exact distances in an abstraction of a space,
//! stored a byte an abstract state, read back as an admissible estimate
//! for A* and IDA*.
//!
//! Describe the abstraction as a [`ZeroOneRankedSpace`] (moves of what
//! it forgets cost 0), build its [`DistanceTable`] (by 0-1 BFS, or for
//! hundreds of millions of entries by
//! [`DenseEnumeration::distance_table`](crate::dense::DenseEnumeration::distance_table)),
//! and add or max tables with [`Patterns`]. For a puzzle of pieces on
//! places with one place empty, [`PiecePattern`] does all of it.
//!
//! # Example
//!
//! ```
//! use search_core::Run;
//! use search_core::patterns::{DistanceTable, ZeroOneRankedSpace};
//!
//! /// Two counters of 0..10 each, as `10 * a + b`; the pattern keeps `a`,
//! /// so moves of `b` are free.
//! struct KeepFirst;
//! impl ZeroOneRankedSpace for KeepFirst {
//!     fn rank_count(&self) -> u64 { 100 }
//!     fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
//!         let (a, b) = (rank / 10, rank % 10);
//!         if a > 0 { report(rank - 10, true) }
//!         if a < 9 { report(rank + 10, true) }
//!         if b > 0 { report(rank - 1, false) }
//!         if b < 9 { report(rank + 1, false) }
//!     }
//! }
//!
//! // Distances to the goal (0, 0) count the moves of `a` alone.
//! let table = DistanceTable::build(&KeepFirst, &[0], &mut Run::new())?;
//! assert_eq!(table.distance(79), Some(7));
//! assert_eq!(table.distance(9), Some(0));
//! # Ok::<(), search_core::Error>(())
//! ```

pub use self::combine::{Combine, Patterns};
pub use self::distance_table::{DistanceTable, ZeroOneRankedSpace};
pub use self::piece_pattern::PiecePattern;

pub(crate) mod combine;
pub(crate) mod distance_table;
pub(crate) mod piece_pattern;
