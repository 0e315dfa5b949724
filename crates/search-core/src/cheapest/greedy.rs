//! Greedy best-first search, which follows the estimate alone: fast on a
//! space too large to solve optimally, with no bound on its path's cost.

use crate::cheapest::astar::AStar;
use crate::error::Error;
use crate::path::Path;
use crate::run::context::Run;
use crate::space::traits::{State, Successors};
use crate::space::weighted::{Cost, Weighted};

/// A space whose moves cost nothing, so that A*'s `g + h` is `h` alone.
struct FreeMoves<'g, G, C>(&'g G, std::marker::PhantomData<C>);

impl<G: Successors, C> Successors for FreeMoves<'_, G, C> {
    type State = G::State;
    type Move = G::Move;

    crate::space::delegate::delegate_successors!(0);
}

impl<G: Successors, C: Cost> Weighted for FreeMoves<'_, G, C> {
    type Cost = C;

    #[inline]
    fn cost(&self, _: &G::State, _: &G::Move, _: &G::State) -> C {
        C::zero()
    }
}

/// A path from any of `starts` to the first state that satisfies
/// `is_goal`, by greedy best-first search: always expand the stored state
/// that `heuristic` says is nearest a goal, whatever its path cost.
///
/// A shortcut for [`AStar::greedy_best_first`] with a fresh cache and a
/// default [`Run`].
///
/// # Errors
///
/// As for [`AStar::greedy_best_first`].
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::cheapest::greedy_best_first;
///
/// // Towards 100 by +1 or *3, the estimate the distance left.
/// let steps = from_fn(|&n: &u32| [n + 1, n * 3]);
/// let path = greedy_best_first(&steps, [1], |&n| n.abs_diff(100), |&n| n == 100)?
///     .expect("reachable");
/// assert_eq!(path.states()[..5], [1, 3, 9, 27, 81]);
/// assert_eq!(path.len(), 23); // 4 triples, then 19 steps; 7 moves would do
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn greedy_best_first<G, I, H, C, P>(
    space: &G,
    starts: I,
    heuristic: H,
    is_goal: P,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Fn(&G::State) -> C,
    C: Cost,
    P: FnMut(&G::State) -> bool,
{
    AStar::one_shot().greedy_best_first(space, starts, heuristic, is_goal, &mut Run::new())
}

impl<S: State, M: Clone, C: Cost> AStar<S, M, C> {
    /// A path from any of `starts` to the first state that satisfies
    /// `is_goal`, by greedy best-first search: always expand the stored
    /// state that `heuristic` says is nearest a goal, whatever its path
    /// cost. Fast when the estimate is good, but the path may be far from
    /// the shortest; `None` when no goal can be reached. Each state is
    /// stored once, so a finite space ends.
    ///
    /// It is A* over the same space with every move free: `g + h` is `h`.
    /// Of equal integer estimates below 256 the state found later is
    /// expanded first; of equal larger ones, or of other cost types, the
    /// order is not specified.
    /// Its limits are A*'s: the stored states, the memory and the expanded
    /// nodes.
    ///
    /// # Errors
    ///
    /// As for [`run`](AStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::cheapest::AStar;
    ///
    /// let steps = from_fn(|&n: &u32| [n + 1, n * 3]);
    /// let mut search = AStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_nodes(10));
    /// let found = search.greedy_best_first(&steps, [1], |&n| n.abs_diff(100), |&n| n == 100, &mut run);
    /// assert_eq!(found.unwrap_err().kind(), &ErrorKind::LimitReached(Limit::Nodes(10)));
    /// ```
    pub fn greedy_best_first<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        let free = FreeMoves::<G, C>(space, std::marker::PhantomData);
        let found = self.run(&free, starts, heuristic, is_goal, run)?;
        Ok(found.map(|(path, _)| path))
    }
}
