use num_traits::{SaturatingAdd, Unsigned};
use smallvec::{SmallVec, smallvec};

use crate::breadth_first::search::Search;
use crate::error::Error;
use crate::path::dag::{PathDag, Paths};
use crate::run::context::Run;
use crate::run::memory::bytes_of;
use crate::space::traits::{State, Successors};
use crate::store::expand::at_depth_bound;
use crate::store::tree::{Lookup, NO_PARENT};

/// Every shortest path from the starts to the nearest goals, held as the
/// layered graph of shortest-path edges rather than as a list of paths.
///
/// There can be exponentially many shortest paths, so they are counted from
/// that graph and produced one at a time by [`paths`](ShortestPaths::paths).
/// Two edges between the same pair of states (two moves with one effect)
/// make two paths.
///
/// # Example
///
/// ```
/// use search_core::{all_shortest_paths, from_fn};
///
/// // Monotone walks across a 3x3 grid of points: C(4, 2) = 6 of them.
/// let grid = from_fn(|&(x, y): &(u8, u8)| {
///     let mut next = Vec::new();
///     if x < 2 { next.push((x + 1, y)); }
///     if y < 2 { next.push((x, y + 1)); }
///     next
/// });
/// let paths = all_shortest_paths(&grid, [(0, 0)], |&p| p == (2, 2))?;
/// assert_eq!(paths.distance(), Some(4));
/// assert_eq!(paths.count(), 6);
/// assert_eq!(paths.paths().count(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ShortestPaths<S, M> {
    /// For each state, the edges into it from the layer before.
    dag: PathDag<S, M>,
    distance: Option<usize>,
}

impl<S: Clone, M: Clone> ShortestPaths<S, M> {
    /// The length of the shortest paths, or `None` when no goal is
    /// reachable.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{all_shortest_paths, from_fn};
    ///
    /// let space = from_fn(|&n: &u8| [n.saturating_add(1)]);
    /// assert_eq!(all_shortest_paths(&space, [0], |&n| n == 3)?.distance(), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance(&self) -> Option<usize> {
        self.distance
    }

    /// The goals reached, each at [`distance`](ShortestPaths::distance).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{all_shortest_paths, from_fn};
    ///
    /// let space = from_fn(|&n: &i8| [n - 1, n + 1]);
    /// let paths = all_shortest_paths(&space, [0], |&n| n.abs() == 2)?;
    /// let mut goals: Vec<i8> = paths.goals().copied().collect();
    /// goals.sort();
    /// assert_eq!(goals, [-2, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goals(&self) -> impl Iterator<Item = &S> + '_ {
        self.dag.goals()
    }

    /// The number of shortest paths, saturating at `u128::MAX`. Computed
    /// from the graph without building the paths.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{all_shortest_paths, from_fn};
    ///
    /// // Set four of six bits, one at a time: 4! = 24 orders.
    /// let space = from_fn(|&bits: &u8| (0..6).map(move |i| bits | (1 << i)).filter(move |&b| b != bits));
    /// let paths = all_shortest_paths(&space, [0], |&bits| bits == 0b1111)?;
    /// assert_eq!(paths.count(), 24);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> u128 {
        self.count_as::<u128>()
    }

    /// The number of shortest paths in any unsigned integer type, saturating
    /// at its largest value: `count_as::<u64>()` when a `u64` is all a
    /// caller can hold.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{all_shortest_paths, from_fn};
    ///
    /// // A walk of 20 steps, each of two equal moves: 2^20 paths.
    /// let space = from_fn(|&n: &u8| if n < 20 { vec![n + 1, n + 1] } else { vec![] });
    /// let paths = all_shortest_paths(&space, [0], |&n| n == 20)?;
    /// assert_eq!(paths.count_as::<u64>(), 1 << 20);
    /// assert_eq!(paths.count_as::<u16>(), u16::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_as<T>(&self) -> T
    where
        T: Unsigned + SaturatingAdd + Copy,
    {
        self.dag.count_as()
    }

    /// The shortest paths, built one at a time as the iterator advances.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{all_shortest_paths, from_fn};
    ///
    /// let space = from_fn(|&n: &u32| [n + 1, n + 3]);
    /// let paths = all_shortest_paths(&space, [0], |&n| n == 4)?;
    /// let mut all: Vec<Vec<u32>> = paths.paths().map(|p| p.states().to_vec()).collect();
    /// all.sort();
    /// assert_eq!(all, [vec![0, 1, 4], vec![0, 3, 4]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paths(&self) -> Paths<'_, S, M> {
        self.dag.paths()
    }
}

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
/// use search_core::{all_shortest_paths, from_fn};
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
    /// use search_core::{from_fn, Run, Search};
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
        self.execute(
            space,
            run,
            |search, run| search.shortest_paths(space, starts, &mut is_goal, run),
            |search| search.forward.len(),
        )
    }

    fn shortest_paths<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        is_goal: &mut P,
        run: &mut Run<'_>,
    ) -> Result<ShortestPaths<S, M>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let tree = &mut self.forward;
        let limits = run.limits;
        tree.reset(space, Lookup::Ids, &limits, &mut run.meter)?;
        let mut parents: Vec<SmallVec<[(u32, M); 1]>> = Vec::new();
        let mut goals = Vec::new();
        for start in starts {
            if let Some(id) = tree.insert(space, &limits, &mut run.meter, start, NO_PARENT, None)? {
                run.meter.push(&mut parents, SmallVec::new())?;
                if is_goal(tree.state(id as usize)) {
                    goals.push(id);
                }
            }
        }
        let mut layer = 0..tree.len();
        let mut depth = 0;
        while goals.is_empty() && !layer.is_empty() {
            let states = tree.states_from(layer.start);
            if at_depth_bound(space, run, depth, states, &mut self.scratch, |next| {
                tree.find(space, next).is_some()
            })? {
                break;
            }
            run.stats.frontier(layer.len());
            let next_start = tree.len();
            for parent in layer.clone() {
                tree.expand_node(space, parent, &mut self.scratch, run)?;
                run.tick(tree.len(), depth)?;
                for (next, mv) in self.scratch.drain(..) {
                    if let Some(id) = tree.find(space, &next) {
                        run.stats.duplicates += 1;
                        // A second edge into the layer being built is a second
                        // way to reach that state in the fewest moves.
                        if id as usize >= next_start {
                            parents[id as usize].push((parent as u32, mv));
                        }
                    } else if let Some(id) =
                        tree.insert(space, &limits, &mut run.meter, next, parent as u32, None)?
                    {
                        run.meter.push(&mut parents, smallvec![(parent as u32, mv)])?;
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
        run.meter.charge(bytes)?;
        states.try_reserve_exact(tree.len()).map_err(|_| Error::allocation_failed(bytes))?;
        states.extend(tree.states_from(0).cloned());
        Ok(ShortestPaths { dag: PathDag { states, parents, goals }, distance })
    }
}
