//! What a state space is: the traits a user implements, the adaptors
//! that make a space out of closures or out of another space, and costs
//! and estimates.
//!
//! Start with [`Successors`]: a state reports each neighbour and the move
//! that reaches it. The other traits widen what a space can do:
//! [`Predecessors`] (or the marker [`Reversible`]) for searches from both
//! ends, [`Ranking`] and [`Unranking`] for flat tables, [`RankedSpace`]
//! for the dense engine, [`Weighted`] with a [`Cost`] for cheapest paths,
//! and [`Heuristic`] (through [`Estimated`]) for estimates kept in O(1) a
//! move. [`from_fn`] and its siblings make a space from closures;
//! [`Undirected`], [`UnitCost`], [`AsRanked`] and [`rank_by`] adapt one;
//! [`KeyedSpace`] numbers states by sortable keys of 64 or 128 bits
//! ([`SortKey`]), for the sorted engine: every [`RankedSpace`] is one,
//! and [`AsKeyed`] makes one of a space of fixed-width states
//! ([`FixedKey`]), keyed by their own bits.
//! [`BuildStateHasher`] is the hash every hashed table here gives states.
//!
//! # Example
//!
//! ```
//! use search_core::{bfs, Reversible, Successors};
//!
//! /// A ring of `n` cells, walked a cell either way.
//! struct Ring(u32);
//!
//! impl Successors for Ring {
//!     type State = u32;
//!     type Move = i8;
//!     fn successors<F: FnMut(u32, i8)>(&self, &cell: &u32, mut report: F) {
//!         report((cell + 1) % self.0, 1);
//!         report((cell + self.0 - 1) % self.0, -1);
//!     }
//! }
//! // Every move can be undone: searches from both ends may use it.
//! impl Reversible for Ring {}
//!
//! let path = bfs(&Ring(10), [0], |&cell| cell == 7)?.expect("a ring is connected");
//! assert_eq!(path.moves(), [-1, -1, -1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::adaptors::{
    AsRanked, FromFn, FromFnDirected, FromFnWeighted, FromFnWeightedDirected, RankBy, TryFromFn,
    Undirected, from_fn, from_fn_directed, from_fn_weighted, from_fn_weighted_directed, rank_by,
    try_from_fn,
};
pub use self::estimated::Estimated;
pub use self::hash::{BuildStateHasher, StateHasher};
pub use self::keyed::{AsKeyed, FixedKey};
pub use self::keys::{KeyedSpace, SortKey};
pub use self::quotient::Quotient;
pub use self::ranked::{RankSteps, RankedSpace, WordSteps};
pub use self::real::Real;
pub use self::traits::{Predecessors, Ranking, Reversible, State, Successors, Unranking};
pub use self::weighted::{Cost, Heuristic, UnitCost, Weighted};

pub(crate) mod adaptors;
pub(crate) mod delegate;
pub(crate) mod estimated;
pub(crate) mod float_crates;
pub(crate) mod hash;
pub(crate) mod keyed;
pub(crate) mod keys;
pub(crate) mod quotient;
pub(crate) mod ranked;
pub(crate) mod real;
pub(crate) mod traits;
pub(crate) mod weighted;
