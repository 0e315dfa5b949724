//! The dense engine: every state of a space that numbers its states
//! ([`RankedSpace`](crate::space::RankedSpace)) in a [`LayerTable`] of 2
//! bits a rank, enumerated layer by layer on every core by
//! [`DenseEnumeration`], with checkpoints to resume from, and past the
//! memory limit in part files on disk ([`DenseEnumeration::disk`]).
//!
//! At 2 bits a state it reaches spaces of billions of states (the 3x4
//! sliding puzzle's 239,500,800 boards in 60 MB) where a hashed search
//! would need tens of bytes a state. A space that ranks and unranks its
//! states ([`Unranking`](crate::Unranking)) is one through
//! [`AsRanked`](crate::space::AsRanked).
//!
//! # Example
//!
//! ```
//! use search_core::Run;
//! use search_core::dense::DenseEnumeration;
//! use search_core::space::RankedSpace;
//!
//! /// Bit strings of 20 bits, a move flipping one bit.
//! struct Cube;
//! impl RankedSpace for Cube {
//!     fn rank_count(&self) -> u64 { 1 << 20 }
//!     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
//!         (0..20).for_each(|bit| report(rank ^ (1 << bit)));
//!     }
//! }
//!
//! let layers = DenseEnumeration::new().run(&Cube, &[0], &mut Run::new())?;
//! assert_eq!(layers.radius(), 20);
//! assert_eq!(layers.layer_sizes()[10], 184_756); // 20 choose 10
//! # Ok::<(), search_core::Error>(())
//! ```

pub use self::enumeration::DenseEnumeration;
pub use self::table::LayerTable;

// Dense tables for spaces that number their states, the files they are
// kept in, and the pattern databases built with them.
//
// - `table`: [`LayerTable`](crate::dense::LayerTable), 2 bits a rank, and its
//   layer steps; start here. `marks` marks neighbours in batches and a
//   space's steps a word at a time; `checkpoint` saves and loads a table.
// - `enumeration`: [`DenseEnumeration`](crate::dense::DenseEnumeration), which
//   drives one table on every core, with checkpoints; `disk`, its disk
//   tier, which drives a table too large for memory part by part, with
//   the marks between parts waiting in `disk::pending` and what is
//   finished named by `disk::manifest`.
// - `files`: the checksummed table-file format that checkpoints, distance
//   tables and pattern databases share ([`TableReader`](crate::disk::TableReader),
//   [`write_table_file`](crate::disk::write_table_file)).
// - `distance_table`: [`DistanceTable`](crate::patterns::DistanceTable), a pattern
//   database's table, built by 0-1 BFS or by a dense enumeration;
//   `patterns`: [`Patterns`](crate::patterns::Patterns), tables combined into one
//   estimate; `piece_pattern`: [`PiecePattern`](crate::patterns::PiecePattern), the
//   abstraction of an additive database of a puzzle of pieces on places.
//
// It may use `space`, `run`, `error` and the `Enumeration` result of
// `breadth_first`.

mod checkpoint;
mod disk;
pub(crate) mod enumeration;
mod expand;
mod marks;
mod pool;
pub(crate) mod table;
