//! [`Estimated`]: a space whose states carry their estimate, updated
//! from the parent's by [`Heuristic::estimate_child`], so that an
//! estimate that updates in O(1) guides every informed search at that
//! cost.

use std::fmt;
use std::hash::Hash;
use std::ops::ControlFlow;

use crate::error::Error;
use crate::space::traits::{Ranking, Successors};
use crate::space::weighted::{Cost, Heuristic, Weighted};

/// A space whose states are pairs `(state, estimate)`: each successor's
/// estimate is computed from its parent's by the heuristic's
/// [`estimate_child`](Heuristic::estimate_child), once, as it is
/// generated. The informed searches then read the estimate off the state
/// with [`Estimated::estimates`], and pay nothing more for it.
///
/// This is how a [`Heuristic`] that updates in O(1) (the Manhattan
/// distance of a sliding puzzle, a pattern database whose lookups change
/// only for the moved piece) keeps that speed: every informed search takes
/// its estimate as a plain `Fn(&S) -> C`, and here the closure is the
/// field access. The estimate is part of the state, so equal states carry
/// equal estimates and hashing or ranking them is unchanged in effect.
/// Moves and their costs are the space's.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, ida_star, Heuristic};
/// use search_core::space::{Estimated, UnitCost};
///
/// /// The distance to 100 on a line, updated from the parent's.
/// struct ToHundred;
/// impl Heuristic<i64> for ToHundred {
///     type Cost = u32;
///     fn estimate(&self, &n: &i64) -> u32 {
///         (100 - n).unsigned_abs() as u32
///     }
///     fn estimate_child(&self, &parent: &i64, estimate: u32, &child: &i64) -> u32 {
///         // One step nearer or one farther.
///         if (child - parent).signum() == (100 - parent).signum() { estimate - 1 } else { estimate + 1 }
///     }
/// }
///
/// let line = UnitCost(from_fn(|&n: &i64| [n - 1, n + 1]));
/// let space = Estimated::new(&line, ToHundred);
/// let (path, cost) = ida_star(&space, [space.start(40)], space.estimates(), |&(n, _)| n == 100)?
///     .expect("reachable");
/// assert_eq!((cost, path.end()), (60, &(100, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Estimated<G, H> {
    space: G,
    heuristic: H,
}

impl<G: Successors, H: Heuristic<G::State>> Estimated<G, H> {
    /// `space`, its states carrying `heuristic`'s estimates.
    ///
    /// # Example
    ///
    /// See [`Estimated`].
    pub fn new(space: G, heuristic: H) -> Estimated<G, H> {
        Estimated { space, heuristic }
    }

    /// `state` with its estimate: a start for a search of this space.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::space::Estimated;
    ///
    /// let space = Estimated::new(from_fn(|&n: &u8| [n + 1]), |&n: &u8| u32::from(10 - n));
    /// assert_eq!(space.start(4), (4, 6));
    /// ```
    pub fn start(&self, state: G::State) -> (G::State, H::Cost) {
        let estimate = self.heuristic.estimate(&state);
        (state, estimate)
    }

    /// The estimate to give a search of this space: the one each state
    /// carries.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::space::Estimated;
    ///
    /// let space = Estimated::new(from_fn(|&n: &u8| [n + 1]), |&n: &u8| u32::from(10 - n));
    /// let estimate = space.estimates();
    /// assert_eq!(estimate(&space.start(4)), 6);
    /// ```
    pub fn estimates(&self) -> impl Fn(&(G::State, H::Cost)) -> H::Cost + Copy + 'static
    where
        H::Cost: Copy,
    {
        |state: &(G::State, H::Cost)| state.1
    }

    /// The space inside.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Successors};
    /// use search_core::space::Estimated;
    ///
    /// let space = Estimated::new(from_fn(|&n: &u8| [n + 1]), |_: &u8| 0u32);
    /// assert!(space.inner().ranking().is_none());
    /// ```
    pub fn inner(&self) -> &G {
        &self.space
    }
}

impl<G, H> Successors for Estimated<G, H>
where
    G: Successors,
    H: Heuristic<G::State>,
    H::Cost: Clone + Eq + Hash,
{
    type State = (G::State, H::Cost);
    type Move = G::Move;

    #[inline]
    fn successors<F>(&self, state: &Self::State, mut report: F)
    where
        F: FnMut(Self::State, Self::Move),
    {
        let _ = self.successors_until(state, |next, mv| {
            report(next, mv);
            ControlFlow::Continue(())
        });
    }

    #[inline]
    fn successors_until<F>(&self, (state, estimate): &Self::State, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(Self::State, Self::Move) -> ControlFlow<()>,
    {
        self.space.successors_until(state, |next, mv| {
            let next_estimate = self.heuristic.estimate_child(state, estimate.clone(), &next);
            report((next, next_estimate), mv)
        })
    }

    fn ranking(&self) -> Option<impl Ranking<Self::State> + '_> {
        self.space.ranking().map(ByState)
    }

    fn failure(&self) -> Option<Error> {
        self.space.failure()
    }

    #[inline]
    fn heap_bytes(&self, (state, _): &Self::State) -> usize {
        self.space.heap_bytes(state)
    }

    #[inline]
    fn class_size(&self, (state, _): &Self::State) -> u64 {
        self.space.class_size(state)
    }
}

impl<G, H> Weighted for Estimated<G, H>
where
    G: Weighted,
    H: Heuristic<G::State, Cost = G::Cost>,
    G::Cost: Cost + Eq + Hash,
{
    type Cost = G::Cost;

    #[inline]
    fn cost(&self, (from, _): &Self::State, mv: &G::Move, (to, _): &Self::State) -> G::Cost {
        self.space.cost(from, mv, to)
    }
}

/// A ranking of states that ranks `(state, estimate)` pairs by the state.
struct ByState<R>(R);

impl<S, C, R: Ranking<S>> Ranking<(S, C)> for ByState<R> {
    fn rank_count(&self) -> u64 {
        self.0.rank_count()
    }

    #[inline]
    fn rank(&self, (state, _): &(S, C)) -> u64 {
        self.0.rank(state)
    }
}

impl<G: fmt::Debug, H> fmt::Debug for Estimated<G, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Estimated").field("space", &self.space).finish_non_exhaustive()
    }
}
