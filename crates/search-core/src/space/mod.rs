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
//!   [`UnitCost`](crate::UnitCost); `real`: [`Real`](crate::Real), a
//!   float in a total order; `estimated`: [`Estimated`](crate::Estimated), states that
//!   carry an estimate updated from the parent's.
//!
//! It may use `error` and nothing else: every other folder builds on it.
//! `delegate_successors!`, below, is how an adaptor passes a space's
//! successors, ranking and failure on.

/// The body of an `impl Successors` for an adaptor that keeps the space's
/// states and moves: `successors`, `successors_until`, `ranking` and
/// `failure`, each handed to the space in the field `$field`, as petgraph's adaptors forward theirs. Written once,
/// so that a method added to [`Successors`](crate::Successors) is passed
/// on by every adaptor.
macro_rules! delegate_successors {
    ($field:tt) => {
        #[inline]
        fn successors<F>(&self, state: &Self::State, report: F)
        where
            F: FnMut(Self::State, Self::Move),
        {
            self.$field.successors(state, report);
        }

        #[inline]
        fn successors_until<F>(&self, state: &Self::State, report: F) -> std::ops::ControlFlow<()>
        where
            F: FnMut(Self::State, Self::Move) -> std::ops::ControlFlow<()>,
        {
            self.$field.successors_until(state, report)
        }

        fn ranking(&self) -> Option<impl $crate::Ranking<Self::State> + '_> {
            self.$field.ranking()
        }

        fn failure(&self) -> Option<$crate::Error> {
            self.$field.failure()
        }
    };
}

pub(crate) use delegate_successors;

pub(crate) mod adaptors;
pub(crate) mod estimated;
pub(crate) mod float_crates;
pub(crate) mod hash;
pub(crate) mod ranked;
pub(crate) mod real;
pub(crate) mod traits;
pub(crate) mod weighted;
