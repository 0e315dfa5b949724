//! The dense engine: every state of a space that numbers its states
//! ([`RankedSpace`](crate::space::RankedSpace)) in a [`LayerTable`] of 2
//! bits a rank, enumerated layer by layer on every core by
//! [`DenseEnumeration`]. Given a directory ([`DenseEnumeration::disk`]),
//! a run saves its table there to resume from, whole while it fits the
//! memory limit and in part files past it.
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

mod checkpoint;
mod disk;
pub(crate) mod enumeration;
mod expand;
mod marks;
mod pool;
pub(crate) mod table;
