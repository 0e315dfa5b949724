//! A* and Dijkstra's uniform-cost search: cheapest paths in spaces whose
//! moves have costs.

use std::fmt;

use num_traits::Zero;

use crate::error::Error;
use crate::informed::open_list::{Open, OpenList};
use crate::path::Path;
use crate::run::context::{RunContext, run_context_methods};
use crate::run::limits::Limits;
use crate::run::memory::Meter;
use crate::run::stats::Stats;
use crate::space::traits::State;
use crate::space::traits::unless_failed;
use crate::space::weighted::{Heuristic, Weighted, add_costs, extend_cost};
use crate::store::tree::{Lookup, NO_PARENT, Stored, Tree};

/// A cheapest path from any of `starts` to the first state that satisfies
/// `is_goal`, and its cost, guided by `heuristic`; `None` when no goal can
/// be reached.
///
/// A shortcut for [`AStar::run`] with default [`Limits`](crate::Limits).
/// Like [`bfs`](crate::bfs), it starts from the node index that the last
/// search dropped on its thread left behind, and leaves its own.
///
/// # Errors
///
/// When the search reaches a [`Limits`](crate::Limits) bound before it can answer, or a
/// sum of costs passes the most the cost type holds
/// ([`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow)).
///
/// # Example
///
/// A knight's fewest moves, guided by half the larger coordinate distance
/// (a knight covers at most 2 squares of it a move, so this underestimates:
/// it is admissible). The estimate is a plain closure, its argument's type
/// inferred from the space.
///
/// ```
/// use search_core::{astar, from_fn};
///
/// let space = from_fn(|&(x, y): &(i32, i32)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .map(|(dx, dy)| (x + dx, y + dy))
/// });
/// let estimate = |(x, y): (i32, i32), (tx, ty): (i32, i32)| {
///     ((tx - x).abs().max((ty - y).abs()) as u32).div_ceil(2)
/// };
/// let target = (50, 50);
/// let goal = |&s: &(i32, i32)| s == target;
/// let (path, moves) = astar(&space, [(0, 0)], |&s| estimate(s, target), goal)?.expect("reachable");
/// assert_eq!((path.len(), moves), (34, 34));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn astar<G, I, H, P>(
    space: &G,
    starts: I,
    heuristic: H,
    is_goal: P,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    I: IntoIterator<Item = G::State>,
    H: Fn(&G::State) -> G::Cost,
    P: FnMut(&G::State) -> bool,
{
    AStar::one_shot().run(space, starts, heuristic, is_goal)
}

/// A cheapest path from any of `starts` to the first state that satisfies
/// `is_goal`, and its cost: Dijkstra's uniform-cost search, which is A*
/// with an estimate of zero.
///
/// # Errors
///
/// When the search reaches a [`Limits`](crate::Limits) bound before it can answer, or a
/// sum of costs passes the most the cost type holds
/// ([`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow)).
///
/// # Example
///
/// ```
/// use search_core::{dijkstra, from_fn, Successors, Weighted};
///
/// // Doubling costs 3, adding one costs 1: the cheapest way from 1 to 17.
/// struct Counter;
/// impl Successors for Counter {
///     type State = u64;
///     type Move = char;
///     fn successors<F: FnMut(u64, char)>(&self, &n: &u64, mut report: F) {
///         report(n + 1, '+');
///         report(n * 2, '*');
///     }
/// }
/// impl Weighted for Counter {
///     type Cost = u64;
///     fn cost(&self, _: &u64, &mv: &char, _: &u64) -> u64 {
///         if mv == '*' { 3 } else { 1 }
///     }
/// }
/// let (path, cost) = dijkstra(&Counter, [1], |&n| n == 17)?.expect("reachable");
/// // Up to 4 by adding (3), to 16 by doubling twice (6), then one more.
/// assert_eq!(cost, 10);
/// assert_eq!(path.moves(), ['+', '+', '+', '*', '*', '+']);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dijkstra<G, I, P>(
    space: &G,
    starts: I,
    is_goal: P,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    AStar::one_shot().run(space, starts, |_: &G::State| G::Cost::zero(), is_goal)
}

/// A* search, as a cache the caller keeps: its [`Limits`](crate::Limits), the [`Stats`](crate::Stats)
/// of the last run, and tables that later runs reuse, for any space of the
/// same state, move and cost types.
///
/// - Goals are tested when a state is expanded, which is what makes the
///   first goal a cheapest one.
/// - Among states of equal `f = g + h`, the one with the larger `g` (the
///   deeper one) is expanded first: with an admissible heuristic it is the
///   nearer to a goal, and ties are many in unit-cost spaces.
/// - Reopening: when a cheaper path to a stored state is found, the state
///   takes it, and if it was already expanded it is expanded again
///   ([`Stats::reopened`](crate::Stats::reopened)). With a consistent heuristic this never
///   happens; with an admissible but inconsistent one it keeps the answer
///   optimal.
/// - States are indexed by rank when the space has ranks and the table
///   fits half the memory budget, and hashed otherwise. The limits that
///   apply are the stored states, the memory and the expanded nodes.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, AStar, Limits, UnitCost};
///
/// let grid = UnitCost(from_fn(|&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..20).contains(&x) && (0..20).contains(&y) && !(x == 10 && y < 15))
/// }));
/// let taxicab = |&(x, y): &(i32, i32)| (19 - x).unsigned_abs() + (0 - y).unsigned_abs();
/// let mut search = AStar::new().limits(Limits::new().max_states(10_000));
/// let (path, cost) = search.run(&grid, [(0, 0)], &taxicab, |&s| s == (19, 0))?.expect("reachable");
/// assert_eq!((path.len(), cost), (49, 49)); // round the wall at x = 10
/// assert!(search.stats().expanded < 400);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AStar<'o, S, M, C> {
    run: RunContext<'o>,
    tree: Tree<S, M>,
    /// The cheapest cost found to each node, by node id, and whether the
    /// node has been expanded at that cost.
    costs: Vec<(C, bool)>,
    open: OpenList<C>,
    scratch: Vec<(S, M)>,
}

run_context_methods! {
    impl<'o, S, M, C> AStar<'o, S, M, C>;
    name: "AStar",
    space: "UnitCost(from_fn(|&n: &u32| [n + 1]))",
    run: "search.run(&space, [0], |_: &u32| 0, |&n| n == 200_000)",
    limit: "Limits::new().max_states(100)",
    reached: "Limit::States(100)",
    expanded: "200_000",
}

impl<'o, S: State, M: Clone, C: crate::space::weighted::Cost> AStar<'o, S, M, C> {
    /// A search with default [`Limits`](crate::Limits).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::AStar;
    ///
    /// let search: AStar<u32, (), u32> = AStar::new();
    /// assert_eq!(search.stats().expanded, 0);
    /// ```
    pub fn new() -> AStar<'o, S, M, C> {
        AStar {
            run: RunContext::new(),
            tree: Tree::new(),
            costs: Vec::new(),
            open: OpenList::new(),
            scratch: Vec::new(),
        }
    }

    /// A search with default [`Limits`](crate::Limits) for one run, whose tree starts
    /// from its thread's spare index (see [`bfs`](crate::bfs)).
    fn one_shot() -> AStar<'o, S, M, C> {
        AStar { tree: Tree::with_spare_index(), ..AStar::new() }
    }

    /// A cheapest path from any of `starts` to the first state that satisfies
    /// `is_goal`, and its cost, or `None` when no goal can be reached.
    ///
    /// # Errors
    ///
    /// When the search reaches its state, memory or node limit, the space
    /// reports a rank outside its bound, a sum of costs overflows
    /// ([`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow)), or the search is
    /// cancelled ([`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled)).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, AStar, UnitCost};
    ///
    /// let space = UnitCost(from_fn(|&n: &u32| [n + 1, n * 2]));
    /// let mut search = AStar::new();
    /// let (path, cost) = search.run(&space, [1], |_: &u32| 0, |&n| n == 10)?.expect("reachable");
    /// assert_eq!((path.states(), cost), (&[1, 2, 4, 5, 10][..], 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[expect(clippy::needless_pass_by_value, reason = "estimates are taken as closures are")]
    pub fn run<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        mut is_goal: P,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        H: Heuristic<S, Cost = C>,
        P: FnMut(&S) -> bool,
    {
        let result = self.search(space, starts, &heuristic, &mut is_goal);
        self.run.stats.stored = self.tree.len() as u64;
        unless_failed(space, result)
    }

    fn search<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: &H,
        is_goal: &mut P,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        H: Heuristic<S, Cost = C>,
        P: FnMut(&S) -> bool,
    {
        self.restart(space, starts, |start| heuristic.estimate(start))?;
        while let Some(Open { g, node, .. }) = self.open.pop() {
            let state = match take(
                (&self.tree, &mut self.costs),
                space,
                (node, g),
                (&self.run.limits, &mut self.run.stats),
                &mut self.scratch,
                is_goal,
            )? {
                Taken::Stale => continue,
                Taken::Goal => return Ok(Some((self.tree.path(node), g))),
                Taken::Expanded(state) => state,
            };
            self.run.tick(self.tree.len(), 0)?;
            for (next, mv) in self.scratch.drain(..) {
                let cost = extend_cost(g, space.cost(&state, &mv, &next))?;
                let meter = &mut self.run.meter;
                let reached = Reached { parent: node, mv, cost };
                let Some(child) = relax(
                    (&mut self.tree, &mut self.costs),
                    space,
                    (&self.run.limits, &mut *meter),
                    &mut self.run.stats,
                    next.clone(),
                    reached,
                )?
                else {
                    continue;
                };
                // Estimated only for entries that go on the open list.
                let f = add_costs(cost, heuristic.estimate(&next))?;
                self.open.push(meter, Open { f, g: cost, node: child })?;
            }
            self.run.stats.frontier(self.open.len());
        }
        Ok(None)
    }
}

impl<S: State, M: Clone, C: crate::space::weighted::Cost> AStar<'_, S, M, C> {
    /// Begins a run from `starts`: the run context restarted, the tree,
    /// costs and open list emptied, and each start stored and queued at
    /// cost zero with the key `first_key` gives it.
    fn restart<G, I>(
        &mut self,
        space: &G,
        starts: I,
        first_key: impl Fn(&S) -> C,
    ) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
    {
        self.run.begin()?;
        let meter = &mut self.run.meter;
        self.tree.reset(space, Lookup::Ids, &self.run.limits, meter)?;
        self.costs.clear();
        self.open.reset();
        let open = &mut self.open;
        plant(
            (&mut self.tree, &mut self.costs),
            space,
            (&self.run.limits, &mut self.run.meter),
            starts,
            |meter, start, root| {
                open.push(meter, Open { f: first_key(start), g: C::zero(), node: root })
            },
        )
    }
}

/// What [`take`] made of an entry of an open list.
pub(crate) enum Taken<S> {
    /// A cheaper entry for its node came first.
    Stale,
    /// Its node is a goal.
    Goal,
    /// Its node's state, whose successors are now in the scratch buffer.
    Expanded(S),
}

/// Takes `node`, popped at cost `g`, off an open list: stale unless `g`
/// is its cheapest cost and it is not expanded yet; else a goal, or
/// expanded (marked so, its successors in `scratch`) within the node
/// limit. Shared by A* and 0-1 BFS.
pub(crate) fn take<G, C, P>(
    (tree, costs): (&Tree<G::State, G::Move>, &mut [(C, bool)]),
    space: &G,
    (node, g): (u32, C),
    (limits, stats): (&Limits, &mut Stats),
    scratch: &mut Vec<(G::State, G::Move)>,
    is_goal: &mut P,
) -> Result<Taken<G::State>, Error>
where
    G: crate::space::traits::Successors,
    G::Move: Clone,
    C: Copy + Eq,
    P: FnMut(&G::State) -> bool,
{
    let id = node as usize;
    let (best, expanded) = costs[id];
    if expanded || g != best {
        return Ok(Taken::Stale);
    }
    let here = tree.state(id).clone();
    if is_goal(&here) {
        return Ok(Taken::Goal);
    }
    limits.check_nodes(stats.expanded)?;
    costs[id].1 = true;
    tree.expand_node(space, id, scratch, stats);
    Ok(Taken::Expanded(here))
}

/// How a state was reached: from which node, by which move, at what cost.
pub(crate) struct Reached<M, C> {
    pub(crate) parent: u32,
    pub(crate) mv: M,
    pub(crate) cost: C,
}

/// Stores each of `starts` at cost zero and hands it, with its node, to
/// `queue`; a start given twice is stored and queued once. Shared by A*
/// and 0-1 BFS.
pub(crate) fn plant<G, C, I>(
    (tree, costs): (&mut Tree<G::State, G::Move>, &mut Vec<(C, bool)>),
    space: &G,
    (limits, meter): (&Limits, &mut Meter),
    starts: I,
    mut queue: impl FnMut(&mut Meter, &G::State, u32) -> Result<(), Error>,
) -> Result<(), Error>
where
    G: crate::space::traits::Successors,
    G::Move: Clone,
    C: Zero,
    I: IntoIterator<Item = G::State>,
{
    for start in starts {
        let Some(root) = tree.insert(space, limits, meter, start, NO_PARENT, None)? else {
            continue;
        };
        meter.push(costs, (C::zero(), false))?;
        queue(meter, tree.state(root as usize), root)?;
    }
    Ok(())
}

/// Records `child`, reached as `reached` says, in a tree whose nodes carry
/// their cheapest cost found and whether they were expanded at it: a new
/// node, or a cheaper path to a stored one, which is then expanded again
/// if it was already ([`Stats::reopened`](crate::Stats::reopened)). Returns the node to queue, or
/// `None` when the stored path is as cheap.
pub(crate) fn relax<G, C>(
    (tree, costs): (&mut Tree<G::State, G::Move>, &mut Vec<(C, bool)>),
    space: &G,
    (limits, meter): (&Limits, &mut Meter),
    stats: &mut Stats,
    child: G::State,
    reached: Reached<G::Move, C>,
) -> Result<Option<u32>, Error>
where
    G: crate::space::traits::Successors,
    G::Move: Clone,
    C: Copy + Ord,
{
    let Reached { parent, mv, cost } = reached;
    match tree.find_or_insert(space, limits, meter, child, parent, Some(mv))? {
        Stored::New(child) => {
            meter.push(costs, (cost, false))?;
            Ok(Some(child))
        }
        Stored::Old(child, mv) => {
            stats.duplicates += 1;
            let (best, expanded) = &mut costs[child as usize];
            if cost >= *best {
                return Ok(None);
            }
            *best = cost;
            if *expanded {
                *expanded = false;
                stats.reopened += 1;
            }
            tree.reparent(child as usize, parent, mv);
            Ok(Some(child))
        }
    }
}

pub(crate) mod cheapest_costs;
pub(crate) mod cheapest_paths;

impl<S: State, M: Clone, C: crate::space::weighted::Cost> Default for AStar<'_, S, M, C> {
    fn default() -> Self {
        AStar::new()
    }
}

impl<S, M, C> fmt::Debug for AStar<'_, S, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AStar").field("run", &self.run).finish_non_exhaustive()
    }
}
