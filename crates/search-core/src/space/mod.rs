//! The space vocabulary: what a user implements, and the adaptors that
//! make a space out of closures or another space.
//!
//! - `traits`: [`State`](crate::State), [`Successors`](crate::Successors)
//!   (start here), [`Ranking`](crate::Ranking) and
//!   [`Unranking`](crate::Unranking), [`Predecessors`](crate::Predecessors)
//!   and [`Reversible`](crate::Reversible).
//! - `ranked`: [`RankedSpace`](crate::RankedSpace), for the dense engines,
//!   and the optional [`RankSteps`](crate::RankSteps) a space may name.
//! - `adaptors`: [`from_fn`](crate::from_fn),
//!   [`Undirected`](crate::Undirected), [`AsRanked`](crate::AsRanked) and
//!   [`rank_by`](crate::rank_by).
//! - `weighted`: costs and estimates: [`Cost`](crate::Cost),
//!   [`Weighted`](crate::Weighted), [`Heuristic`](crate::Heuristic),
//!   [`UnitCost`](crate::UnitCost); `real`: [`Real`](crate::Real), float
//!   costs.
//!
//! It may use `error` and nothing else: every other folder builds on it.

pub(crate) mod adaptors;
pub(crate) mod ranked;
pub(crate) mod real;
pub(crate) mod traits;
pub(crate) mod weighted;
