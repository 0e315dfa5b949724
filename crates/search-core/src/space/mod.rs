//! The space vocabulary: what a user implements, and the adaptors that
//! make a space out of closures or another space.
//!
//! - `traits`: [`State`](crate::State), [`Successors`](crate::Successors)
//!   (start here), [`Ranking`](crate::Ranking) and
//!   [`Unranking`](crate::Unranking), [`Predecessors`](crate::Predecessors)
//!   and [`Reversible`](crate::Reversible), [`RankedSpace`](crate::RankedSpace),
//!   and the adaptors [`from_fn`](crate::from_fn),
//!   [`Undirected`](crate::Undirected) and [`AsRanked`](crate::AsRanked).
//! - `weighted`: costs and estimates: [`Cost`](crate::Cost),
//!   [`Weighted`](crate::Weighted), [`Heuristic`](crate::Heuristic),
//!   [`UnitCost`](crate::UnitCost).
//!
//! It may use `error` and nothing else: every other folder builds on it.

pub(crate) mod traits;
pub(crate) mod weighted;
