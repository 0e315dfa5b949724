//! [`iddfs`], [`IdaStar::depth_first`] and
//! [`IdaStar::iterative_deepening`]: depth-first search and iterative
//! deepening in memory of one path, IDA* with every move costing one and
//! no estimate, its bound never reached (depth first) or raised a move at
//! a time (iterative deepening).

use crate::deepening::ida_star::IdaStar;
use crate::error::Error;
use crate::path::Path;
use crate::run::context::Run;
use crate::space::traits::{State, Successors};

/// A shortest path from any of `starts` to the first state that satisfies
/// `is_goal`, by iterative deepening: depth-first searches to depth 0, 1,
/// 2, ..., in memory of one path; `None` when no goal can be reached.
///
/// A shortcut for [`IdaStar::iterative_deepening`] with a fresh cache and
/// a default [`Run`].
///
/// # Errors
///
/// As for [`IdaStar::iterative_deepening`].
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::deepening::iddfs;
///
/// let steps = from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 20));
/// let path = iddfs(&steps, [1], |&n| n == 16)?.expect("reachable");
/// assert_eq!(path.states(), [1, 2, 4, 8, 16]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn iddfs<G, I, P>(
    space: &G,
    starts: I,
    is_goal: P,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    IdaStar::new().iterative_deepening(space, starts, is_goal, &mut Run::new())
}

impl<S: State, M: Clone> IdaStar<S, M, u32> {
    /// A path from any of `starts` to the first state that satisfies
    /// `is_goal`, found depth first, with this cache's limits, observer and
    /// cancel handle: one iteration of IDA* whose bound is never reached.
    /// The starts are searched in turn, and each state's successors in the
    /// order the space gives them. It keeps only the current path: a state
    /// on it is not visited again, but one reached by many paths is walked
    /// once per path, which [`dfs`](crate::breadth_first::dfs), with a visited set, does
    /// not.
    ///
    /// # Errors
    ///
    /// When the search reaches its node limit, or its depth limit with
    /// paths going further, or is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Run};
    /// use search_core::deepening::IdaStar;
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 10, (n + 9) % 10]);
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_nodes(1_000));
    /// let path = search.depth_first(&ring, [0], |&n| n == 9, &mut run)?.expect("on the ring");
    /// assert_eq!(path.len(), 9); // the long way round: +1 comes first
    /// assert_eq!(search.depth_first(&ring, [0], |&n| n == 10, &mut run)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn depth_first<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        self.unit_cost(space, starts, is_goal, false, run)
    }

    /// A shortest path from any of `starts` to the first state that
    /// satisfies `is_goal`, by iterative deepening, with this cache's
    /// limits, observer and cancel handle: IDA* with every move costing
    /// one and no estimate. See [`iddfs`].
    ///
    /// # Errors
    ///
    /// As for [`depth_first`](IdaStar::depth_first).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::deepening::IdaStar;
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 10, (n + 9) % 10]);
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new();
    /// let path = search.iterative_deepening(&ring, [0], |&n| n == 9, &mut run)?.expect("on the ring");
    /// assert_eq!(path.states(), [0, 9]);
    /// assert_eq!(search.iterations().len(), 2); // depths 0 and 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iterative_deepening<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        self.unit_cost(space, starts, is_goal, true, run)
    }
}
