use smallvec::{SmallVec, smallvec};

use crate::breadth_first::search::Search;
use crate::error::Error;
use crate::path::dag::ShortestPaths;
use crate::run::context::Run;
use crate::run::memory::bytes_of;
use crate::space::traits::{State, Successors};
use crate::store::expand::at_depth_bound;
use crate::store::tree::{Lookup, NO_PARENT};

/// Every shortest path from any of `starts` to the nearest states that
/// satisfy `is_goal`.
///
/// A shortcut for [`Search::all_shortest_paths`] with default limits.
/// Like [`bfs`](crate::bfs), it starts from the node index that the last
/// search dropped on its thread left behind, and leaves its own.
///
/// # Errors
///
/// When the search reaches a limit before it finds a goal.
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::all_shortest_paths;
///
/// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
/// assert_eq!(all_shortest_paths(&space, [1], |&n| n == 12)?.count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn all_shortest_paths<G, I, P>(
    space: &G,
    starts: I,
    is_goal: P,
) -> Result<ShortestPaths<G::State, G::Move>, Error>
where
    G: Successors,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    Search::one_shot().all_shortest_paths(space, starts, is_goal, &mut Run::new())
}

impl<S: State, M: Clone> Search<S, M> {
    /// Every shortest path from any of `starts` to the nearest states that
    /// satisfy `is_goal`.
    ///
    /// The search keeps, for each state, every edge into it from the layer
    /// before, and stops when the layer holding the first goal is complete.
    /// When no goal is reachable, the result has no paths and no distance.
    ///
    /// # Errors
    ///
    /// When the search reaches its depth or state limit before it finds a
    /// goal while states remain unexplored (a space that ends within the
    /// depth bound gives no paths, as [`bfs`](Search::bfs) gives `None`),
    /// or when it is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
    /// let paths = Search::new().all_shortest_paths(&space, [1], |&n| n == 100, &mut Run::new())?;
    /// assert_eq!(paths.distance(), Some(8));
    /// assert!(paths.paths().all(|p| p.len() == 8 && *p.end() == 100));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_shortest_paths<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<ShortestPaths<S, M>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let shortest_paths = |search: &mut Self, run: &mut Run<'_>| {
            let tree = &mut search.forward;
            let limits = run.get_limits();
            tree.reset(space, Lookup::Ids, &limits, run.meter_mut())?;
            let mut parents: Vec<SmallVec<[(u32, M); 1]>> = Vec::new();
            let mut goals = Vec::new();
            for start in starts {
                if let Some(id) =
                    tree.insert(space, &limits, run.meter_mut(), start, NO_PARENT, None)?
                {
                    run.meter_mut().push(&mut parents, SmallVec::new())?;
                    if is_goal(tree.state(id as usize)) {
                        goals.push(id);
                    }
                }
            }
            let mut layer = 0..tree.len();
            let mut depth = 0;
            while goals.is_empty() && !layer.is_empty() {
                let states = tree.states_from(layer.start);
                let bound =
                    at_depth_bound(space, run, depth, states, &mut search.scratch, |next| {
                        tree.find(space, next).is_some()
                    })?;
                if bound.for_search(depth)? {
                    break;
                }
                run.count_frontier(layer.len());
                let next_start = tree.len();
                for parent in layer.clone() {
                    tree.expand_node(space, parent, &mut search.scratch, run)?;
                    run.tick(tree.len(), depth)?;
                    for (next, mv) in search.scratch.drain(..) {
                        if let Some(id) = tree.find(space, &next) {
                            run.count_duplicate();
                            // A second edge into the layer being built is a second
                            // way to reach that state in the fewest moves.
                            if id as usize >= next_start {
                                parents[id as usize].push((parent as u32, mv));
                            }
                        } else if let Some(id) =
                            tree.insert(space, &limits, run.meter_mut(), next, parent as u32, None)?
                        {
                            run.meter_mut().push(&mut parents, smallvec![(parent as u32, mv)])?;
                            if is_goal(tree.state(id as usize)) {
                                goals.push(id);
                            }
                        }
                    }
                }
                layer = next_start..tree.len();
                depth += 1;
            }
            let distance = (!goals.is_empty()).then_some(depth);
            let mut states = Vec::new();
            let bytes = bytes_of::<S>(tree.len());
            run.meter_mut().charge(bytes)?;
            states.try_reserve_exact(tree.len()).map_err(|_| Error::allocation_failed(bytes))?;
            states.extend(tree.states_from(0).cloned());
            Ok(ShortestPaths { states, parents, goals, cost: distance })
        };
        self.execute(space, run, shortest_paths, |search| search.forward.len())
    }
}
