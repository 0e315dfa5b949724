//! [`fringe_search`] and its cache [`FringeSearch`]: Björnsson,
//! Enzenberger, Holte and Schaeffer's fringe search (2005), between A* and
//! IDA*.

use std::fmt;

use crate::cheapest::astar::{Best, Overflowed};
use crate::cheapest::links::{Links, NIL};
use crate::error::Error;
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::Run;
use crate::space::traits::State;
use crate::space::weighted::min_cost;
use crate::space::weighted::{Cost, Weighted, add_within, extend_within};
use crate::store::tree::{Lookup, NO_PARENT, Stored, Tree};

/// A cheapest path from any of `starts` to a state that satisfies
/// `is_goal`, and its cost, by fringe search; `None` when no goal can be
/// reached.
///
/// A shortcut for [`FringeSearch::run`] with a fresh cache and a default
/// [`Run`].
///
/// # Errors
///
/// As for [`FringeSearch::run`].
///
/// # Example
///
/// ```
/// use search_core::{astar, from_fn};
/// use search_core::cheapest::fringe_search;
/// use search_core::space::UnitCost;
///
/// // A rook that moves one square at a time on an 8x8 board with a wall.
/// let rook = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y) && !(x == 4 && y < 6))
/// }));
/// let taxicab = |&(x, y): &(i8, i8)| u32::from(x.abs_diff(7) + y.abs_diff(0));
/// let (path, cost) = fringe_search(&rook, [(0, 0)], taxicab, |&s| s == (7, 0))?
///     .expect("round the wall");
/// assert_eq!((path.len(), cost), (19, 19));
/// let (_, expected) = astar(&rook, [(0, 0)], taxicab, |&s| s == (7, 0))?.expect("round the wall");
/// assert_eq!(cost, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fringe_search<G, I, H, P>(
    space: &G,
    starts: I,
    heuristic: H,
    is_goal: P,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Fn(&G::State) -> G::Cost,
    P: FnMut(&G::State) -> bool,
{
    FringeSearch::one_shot().run(space, starts, heuristic, is_goal, &mut Run::new())
}

/// The reusable tables of fringe search: the stored states with their
/// cheapest costs, each state's estimate, and the fringe, a list of node
/// ids in the order its passes walk it.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Run};
/// use search_core::cheapest::FringeSearch;
/// use search_core::space::UnitCost;
///
/// let line = UnitCost(from_fn(|&n: &u32| [n + 1, n + 2]));
/// let mut search = FringeSearch::new();
/// for goal in [10u32, 20] {
///     let found = search.run(&line, [0], |&n| goal.saturating_sub(n) / 2, |&n| n == goal, &mut Run::new())?;
///     assert_eq!(found.map(|(_, cost)| cost), Some(goal / 2));
/// }
/// # Ok::<(), search_core::Error>(())
/// ```
pub struct FringeSearch<S, M, C> {
    tree: Tree<S, M, Best<C>>,
    estimates: Vec<C>,
    fringe: Links,
    scratch: Vec<(S, M)>,
}

impl<S, M, C> fmt::Debug for FringeSearch<S, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FringeSearch").field("stored", &self.tree.len()).finish_non_exhaustive()
    }
}

impl<S: State, M: Clone, C: Cost> Default for FringeSearch<S, M, C> {
    fn default() -> Self {
        FringeSearch::new()
    }
}

impl<S: State, M: Clone, C: Cost> FringeSearch<S, M, C> {
    /// A cache with empty tables.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::cheapest::FringeSearch;
    /// use search_core::space::UnitCost;
    ///
    /// let line = UnitCost(from_fn(|&n: &u32| [n + 1]));
    /// let found = FringeSearch::new().run(&line, [0], |_| 0, |&n| n == 3, &mut Run::new())?;
    /// assert_eq!(found.map(|(_, cost)| cost), Some(3));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new() -> FringeSearch<S, M, C> {
        FringeSearch {
            tree: Tree::new(),
            estimates: Vec::new(),
            fringe: Links::new(),
            scratch: Vec::new(),
        }
    }

    /// A cache for one search, whose tree starts from its thread's spare
    /// index (see [`bfs`](crate::bfs)).
    fn one_shot() -> FringeSearch<S, M, C> {
        FringeSearch { tree: Tree::with_spare_index(), ..FringeSearch::new() }
    }

    /// A cheapest path from any of `starts` to a state that satisfies
    /// `is_goal`, and its cost, by fringe search; `None` when no goal can
    /// be reached. With an admissible `heuristic` the path is a cheapest
    /// one.
    ///
    /// Fringe search deepens an `f = g + h` threshold as IDA* does, but
    /// keeps the states it has seen (their cost and parent) and the
    /// *fringe*, the frontier of the last pass, in a list instead of a
    /// priority queue: each pass walks the list in order, expanding the
    /// states within the threshold (their children go right after them,
    /// to be visited next) and keeping the rest for the next pass, whose
    /// threshold is the least `f` kept. It stores what A* stores, without
    /// a heap, and expands no state twice at the same cost, unlike IDA*.
    /// Its limits are A*'s: the stored states, the memory and the expanded
    /// nodes.
    ///
    /// # Errors
    ///
    /// As for [`AStar::run`](crate::cheapest::AStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::cheapest::FringeSearch;
    /// use search_core::space::UnitCost;
    ///
    /// let line = UnitCost(from_fn(|&n: &u32| [n + 1]));
    /// let mut search = FringeSearch::new();
    /// let mut run = Run::new().limits(Limits::new().max_states(50));
    /// let found = search.run(&line, [0], |&n| 40u32.saturating_sub(n), |&n| n == 40, &mut run)?;
    /// assert_eq!(found.map(|(_, cost)| cost), Some(40));
    /// let error = search.run(&line, [0], |_| 0, |&n| n == 90, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(50)));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn run<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        let search = |this: &mut Self, run: &mut Run<'_>| {
            let limits = run.get_limits();
            let (tree, estimates, fringe) = (&mut this.tree, &mut this.estimates, &mut this.fringe);
            tree.reset(space, Lookup::Ids, &limits, run.meter_mut())?;
            estimates.clear();
            fringe.clear();
            let mut threshold: Option<C> = None;
            let mut overflowed = Overflowed::default();
            for start in starts {
                let Some(id) =
                    tree.insert(space, &limits, run.meter_mut(), start, NO_PARENT, None)?
                else {
                    continue;
                };
                let h = heuristic(tree.state(id as usize));
                run.meter_mut().push(estimates, h)?;
                threshold = Some(threshold.map_or(h, |t| min_cost(t, h)));
                fringe.push_back(id, run.meter_mut())?;
            }
            while let Some(limit) = threshold.take() {
                let mut node = fringe.head();
                while node != NIL {
                    let id = node as usize;
                    let g = tree.extra(id).cost;
                    // An estimate past the cost type: no goal within reach.
                    let Some(f) = add_within(g, estimates[id]) else {
                        let next = fringe.next(id);
                        fringe.remove(node);
                        node = next;
                        continue;
                    };
                    if f > limit {
                        threshold = Some(threshold.map_or(f, |t| min_cost(t, f)));
                        node = fringe.next(id);
                        continue;
                    }
                    if is_goal(tree.state(id)) {
                        return Ok(Some((tree.path(node)?, g)));
                    }
                    limits.check_nodes(run.stats().expanded)?;
                    tree.expand_node(space, id, &mut this.scratch, run)?;
                    run.tick(tree.len(), 0)?;
                    let state = tree.state(id).clone();
                    // In reverse, so that each goes in right after `node` and
                    // the first child is visited first.
                    for (next, mv) in this.scratch.drain(..).rev() {
                        let step = space.cost(&state, &mv, &next);
                        let Some(cost) = overflowed.check(extend_within(g, step)?) else {
                            continue;
                        };
                        let meter = run.meter_mut();
                        let first = Best::reached(cost);
                        let child = match tree.find_or_insert_with(
                            space,
                            &limits,
                            meter,
                            next,
                            node,
                            Some(mv),
                            first,
                        )? {
                            Stored::New(child) => {
                                meter.push(estimates, heuristic(tree.state(child as usize)))?;
                                child
                            }
                            Stored::Old(child, mv) => {
                                run.count_duplicate();
                                let known = &mut tree.extra_mut(child as usize).cost;
                                if *known <= cost {
                                    continue;
                                }
                                *known = cost;
                                tree.reparent(child as usize, node, mv);
                                fringe.remove(child);
                                child
                            }
                        };
                        fringe.insert_after(node, child, run.meter_mut())?;
                    }
                    let next = fringe.next(id);
                    fringe.remove(node);
                    node = next;
                }
            }
            overflowed.into_answer(None)
        };
        execute(self, space, run, search, |this| this.tree.len())
    }
}
