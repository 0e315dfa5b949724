//! [`dfs`] and [`Search::dfs`]: depth-first search with a visited set,
//! which finds a path, not always a short one, visiting each state once.

use crate::breadth_first::search::Search;
use crate::error::Error;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::memory::filled_vec;
use crate::space::traits::{State, Successors};
use crate::store::tree::{Lookup, NO_PARENT, Stored};

/// A path from any of `starts` to the first state that satisfies
/// `is_goal`, found depth first: the first successor of each state is
/// followed before the second. Not always a shortest path; `None` when no
/// goal can be reached.
///
/// A shortcut for [`Search::dfs`] with a fresh cache and a default
/// [`Run`].
///
/// # Errors
///
/// As for [`Search::dfs`].
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::dfs;
///
/// // Counting by +1 and *2 below 20: depth first takes +1 all the way.
/// let steps = from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 20));
/// let path = dfs(&steps, [1], |&n| n == 16)?.expect("reachable");
/// assert_eq!(path.len(), 15);
/// assert_eq!(dfs(&steps, [1], |&n| n == 20)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dfs<G, I, P>(
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
    Search::one_shot().dfs(space, starts, is_goal, &mut Run::new())
}

impl<S: State, M: Clone> Search<S, M> {
    /// A path in `space` from any of `starts` to the first state that
    /// satisfies `is_goal`, found depth first, or `None` when no goal can
    /// be reached.
    ///
    /// The first start is searched first, and of each state the first
    /// successor is followed first; a state is visited once, by the last
    /// path that reached it before it was visited (the one depth first
    /// follows). Time and memory are at most the reachable space's, as for
    /// [`bfs`](Search::bfs) (and as `pathfinding`'s `dfs`). For a space too
    /// large to store, [`IdaStar::depth_first`](crate::deepening::IdaStar::depth_first)
    /// walks depth first in memory of one path, at the price of walking
    /// every path to a state.
    ///
    /// The limits that apply are the stored states, the memory and the
    /// expanded nodes; a depth bound does not (the depth at which depth
    /// first finds a state says nothing about its distance). Progress
    /// reports the states on the stack as the depth.
    ///
    /// # Errors
    ///
    /// When the search reaches its state, memory or node limit, the space
    /// reports a rank outside its bound, the space fails
    /// ([`ErrorKind::SpaceFailed`](crate::ErrorKind::SpaceFailed)), or the
    /// search is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let steps = from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 20));
    /// let mut run = Run::new().limits(Limits::new().max_states(10));
    /// let path = Search::new().dfs(&steps, [1], |&n| n == 5, &mut run)?.expect("reachable");
    /// assert_eq!(path.states(), [1, 2, 3, 4, 5]);
    /// assert!(Search::new().dfs(&steps, [1], |&n| n == 16, &mut run).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dfs<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let depth_first = |search: &mut Self, run: &mut Run<'_>| {
            let limits = run.get_limits();
            let tree = &mut search.forward;
            tree.reset(space, Lookup::Ids, &limits, run.meter_mut())?;
            // Node ids to visit, the next on top; an id may be on the stack
            // more than once, and is visited the first time it comes off.
            let mut stack: Vec<u32> = Vec::new();
            for start in starts {
                if let Some(root) =
                    tree.insert(space, &limits, run.meter_mut(), start, NO_PARENT, None)?
                {
                    run.meter_mut().push(&mut stack, root)?;
                }
            }
            // The first start is searched first.
            stack.reverse();
            let mut visited: Vec<bool> = filled_vec(run.meter_mut(), tree.len(), false)?;
            while let Some(node) = stack.pop() {
                let id = node as usize;
                if visited[id] {
                    continue;
                }
                visited[id] = true;
                if is_goal(tree.state(id)) {
                    return Ok(Some(tree.path(node)?));
                }
                limits.check_nodes(run.stats().expanded)?;
                tree.expand_node(space, id, &mut search.scratch, run)?;
                run.tick(tree.len(), stack.len())?;
                // Pushed last first, so that the first successor comes off first.
                for (next, mv) in search.scratch.drain(..).rev() {
                    let child = match tree.find_or_insert_with(
                        space,
                        &limits,
                        run.meter_mut(),
                        next,
                        node,
                        Some(mv),
                        (),
                    )? {
                        Stored::New(child) => {
                            run.meter_mut().push(&mut visited, false)?;
                            child
                        }
                        Stored::Old(child, _) if visited[child as usize] => {
                            run.count_duplicate();
                            continue;
                        }
                        // Reached again before it was visited: this later path
                        // is the one depth first follows.
                        Stored::Old(child, mv) => {
                            run.count_duplicate();
                            tree.reparent(child as usize, node, mv);
                            child
                        }
                    };
                    run.meter_mut().push(&mut stack, child)?;
                }
            }
            Ok(None)
        };
        self.execute(space, run, depth_first, |search| search.forward.len())
    }
}
