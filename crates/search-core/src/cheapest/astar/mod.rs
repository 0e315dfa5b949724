//! A* and Dijkstra's uniform-cost search: cheapest paths in spaces whose
//! moves have costs.

use std::fmt;
use std::ops::ControlFlow;

use num_traits::Zero;

use crate::cheapest::open::Open;
use crate::cheapest::open_list::OpenList;
use crate::error::Error;
use crate::error::Limit;
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::{Run, RunParts};
use crate::run::memory::Meter;
use crate::space::traits::{State, Successors};
use crate::space::weighted::{Cost, Weighted, add_within, extend_within};
use crate::store::expand::Expansion;
use crate::store::expand::RUN_SUCCESSORS;
use crate::store::tree::{Lookup, NO_PARENT, Stored, Tree};

/// A cheapest path from any of `starts` to the first state that satisfies
/// `is_goal`, and its cost, guided by `heuristic`; `None` when no goal can
/// be reached.
///
/// A shortcut for [`AStar::run`] with a fresh cache and a default
/// [`Run`]. Like [`bfs`](crate::bfs), it starts from the node index that
/// the last search dropped on its thread left behind, and leaves its own.
///
/// # Errors
///
/// As for [`AStar::run`].
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
    AStar::one_shot().run(space, starts, heuristic, is_goal, &mut Run::new())
}

/// A cheapest path from any of `starts` to the first state that satisfies
/// `is_goal`, and its cost: Dijkstra's uniform-cost search, which is A*
/// with an estimate of zero. A shortcut for [`AStar::run`] with a fresh
/// cache, a default [`Run`] and the estimate `|_| 0`.
///
/// # Errors
///
/// As for [`AStar::run`].
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
    AStar::one_shot().run(space, starts, |_| G::Cost::zero(), is_goal, &mut Run::new())
}

/// The informed searches, as a cache the caller keeps: tables that later
/// searches reuse, for any space of the same state, move and cost types.
/// Each search takes the [`Run`] that bounds, observes and counts it.
///
/// A* ([`run`](AStar::run)) expands in order of `f = g + h`:
///
/// - Goals are tested when a state is expanded, which is what makes the
///   first goal a cheapest one.
/// - Among states of equal `f = g + h`, the one with the larger `g` (the
///   deeper one) is expanded first: with an admissible heuristic it is the
///   nearer to a goal, and ties are many in unit-cost spaces.
/// - Reopening: when a cheaper path to a stored state is found, the state
///   takes it, and if it was already expanded it is expanded again
///   ([`Stats::reopened`](crate::run::Stats::reopened)). With a consistent heuristic this never
///   happens; with an admissible but inconsistent one it keeps the answer
///   optimal.
/// - States are indexed by rank when the space has ranks and the table
///   fits half the memory budget, and hashed otherwise. The limits that
///   apply are the stored states, the memory and the expanded nodes.
///
/// The other searches of the family run on the same tables:
/// [`cheapest_costs`](AStar::cheapest_costs),
/// [`all_cheapest_paths`](AStar::all_cheapest_paths),
/// [`greedy_best_first`](AStar::greedy_best_first) and
/// [`k_cheapest_paths`](AStar::k_cheapest_paths). The searches whose
/// tables differ keep caches of their own: [`FringeSearch`],
/// [`BeamSearch`] and [`BidirectionalSearch`].
///
/// [`FringeSearch`]: crate::cheapest::FringeSearch
/// [`BeamSearch`]: crate::cheapest::BeamSearch
/// [`BidirectionalSearch`]: crate::cheapest::BidirectionalSearch
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Limits, Run};
/// use search_core::cheapest::AStar;
/// use search_core::space::UnitCost;
///
/// let grid = UnitCost(from_fn(|&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..20).contains(&x) && (0..20).contains(&y) && !(x == 10 && y < 15))
/// }));
/// let taxicab = |&(x, y): &(i32, i32)| (19 - x).unsigned_abs() + (0 - y).unsigned_abs();
/// let mut search = AStar::new();
/// let mut run = Run::new().limits(Limits::new().max_states(10_000));
/// let (path, cost) = search.run(&grid, [(0, 0)], taxicab, |&s| s == (19, 0), &mut run)?.expect("reachable");
/// assert_eq!((path.len(), cost), (49, 49)); // round the wall at x = 10
/// assert!(run.stats().expanded < 400);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AStar<S, M, C> {
    /// The stored states, each with the cheapest cost found to it.
    pub(super) tree: Tree<S, M, Best<C>>,
    pub(super) open: OpenList<C>,
}

/// What the cheapest-path searches keep beside each node, in the node:
/// the cheapest cost found to it, and whether it has been expanded (or
/// settled) at that cost. A relax that finds the state finds these in
/// the same cache line. A new root's record is its default: cost zero,
/// not expanded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Best<C> {
    pub(crate) cost: C,
    pub(crate) expanded: bool,
}

impl<C> Best<C> {
    /// A node first reached at `cost`, not expanded.
    #[inline]
    pub(crate) fn reached(cost: C) -> Best<C> {
        Best { cost, expanded: false }
    }
}

impl<C: Zero> Default for Best<C> {
    fn default() -> Self {
        Best::reached(C::zero())
    }
}

impl<S: State, M: Clone, C: Cost> AStar<S, M, C> {
    /// A cache with empty tables.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::cheapest::AStar;
    /// use search_core::space::UnitCost;
    ///
    /// let line = UnitCost(from_fn(|&n: &u32| [n + 1]));
    /// let mut search = AStar::new();
    /// let mut run = Run::new();
    /// let found = search.run(&line, [0], |&n| 10u32.saturating_sub(n), |&n| n == 10, &mut run)?;
    /// assert_eq!(found.map(|(_, cost)| cost), Some(10));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new() -> AStar<S, M, C> {
        AStar { tree: Tree::new(), open: OpenList::new() }
    }

    /// A cache for one search, whose tree starts from its thread's spare
    /// index (see [`bfs`](crate::bfs)).
    pub(crate) fn one_shot() -> AStar<S, M, C> {
        AStar { tree: Tree::with_spare_index(), ..AStar::new() }
    }

    /// A cheapest path from any of `starts` to the first state that satisfies
    /// `is_goal`, and its cost, or `None` when no goal can be reached.
    ///
    /// # Errors
    ///
    /// When the search reaches its state, memory or node limit, the space
    /// reports a rank outside its bound or fails, a move's cost is negative
    /// or not a number ([`ErrorKind::InvalidCost`](crate::ErrorKind::InvalidCost)),
    /// no path to a goal has a cost the cost type holds though one has
    /// overflowed it ([`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow)),
    /// or the search is cancelled ([`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled)).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::cheapest::AStar;
    /// use search_core::space::UnitCost;
    ///
    /// let space = UnitCost(from_fn(|&n: &u32| [n + 1, n * 2]));
    /// let mut search = AStar::new();
    /// let mut run = Run::new();
    /// let (path, cost) = search.run(&space, [1], |_| 0, |&n| n == 10, &mut run)?.expect("reachable");
    /// assert_eq!((path.states(), cost), (&[1, 2, 4, 5, 10][..], 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
        self.execute(space, run, |this, run| {
            this.restart(space, starts, &heuristic, run)?;
            let policy = &mut FirstGoal;
            match this.expand_in_order(space, &heuristic, &mut is_goal, policy, run)? {
                (Some((goal, cost)), _) => Ok(Some((this.tree.path(goal)?, cost))),
                (None, overflowed) => overflowed.into_answer(None),
            }
        })
    }

    /// Runs one search on these tables through the crate's [`execute`],
    /// which counts the tree's states as stored. Every search of the
    /// cache runs through here.
    pub(crate) fn execute<G: Successors, T>(
        &mut self,
        space: &G,
        run: &mut Run<'_>,
        search: impl FnOnce(&mut Self, &mut Run<'_>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        execute(self, space, run, search, |this| this.tree.len())
    }

    /// A*'s loop, which every search that expands in order of `g + h` on
    /// these tables runs: pops the open list's head, takes it (a stale
    /// entry is skipped), hands a goal to `policy` or expands the state,
    /// and relaxes and queues each successor the policy admits. Returns
    /// the goal the policy ended on, if any, and whether a path's cost
    /// overflowed the cost type on the way.
    pub(crate) fn expand_in_order<G, H, P, D>(
        &mut self,
        space: &G,
        heuristic: &H,
        is_goal: &mut P,
        policy: &mut D,
        run: &mut Run<'_>,
    ) -> Result<(Option<(u32, C)>, Overflowed), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
        D: Policy<S, M, C>,
    {
        let mut overflowed = Overflowed::default();
        while let Some(Open { f, g, node }) = self.open.pop(run.meter_mut())? {
            if policy.ends_before(f) {
                break;
            }
            let state = match claim(&mut self.tree, (node, g), run, is_goal)? {
                Taken::Goal if policy.ends_at_goal(node, g) => {
                    return Ok((Some((node, g)), overflowed));
                }
                // A stale entry, or a goal the search runs past.
                Taken::Stale | Taken::Goal => continue,
                Taken::Expanded(state) => state,
            };
            policy.expanded(node, g, self.tree.len(), run.meter_mut())?;
            run.tick(self.tree.len(), 0)?;
            // Each successor is relaxed as the space reports it, with no
            // buffer between: gathering them first wrote each out and read
            // it back, 6% of Dijkstra's instructions on the octile bench
            // (cachegrind). The state's parent is left out by one
            // comparison, as an expansion into a buffer leaves it out.
            let parent = self.tree.parent_state(node as usize).cloned();
            let (tree, open) = (&mut self.tree, &mut self.open);
            let most = run.get_limits().get_max_states().saturating_add(RUN_SUCCESSORS);
            let mut expansion = Expansion::default();
            let mut failure = None;
            let _ = space.successors_until(&state, |next, mv| {
                // A space that reports on past a break is not heard.
                if failure.is_some() {
                    return ControlFlow::Break(());
                }
                if parent.as_ref() == Some(&next) {
                    expansion.skipped += 1;
                    return ControlFlow::Continue(());
                }
                expansion.kept += 1;
                let relaxed = if expansion.kept > most {
                    // An expansion that never ends meets the state bound.
                    Err(Error::limit(Limit::States(run.get_limits().get_max_states())))
                } else {
                    relax_reported(
                        space,
                        (tree, open),
                        (node, g, &state),
                        (next, mv),
                        (heuristic, &mut *policy, &mut overflowed),
                        run,
                    )
                };
                match relaxed {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(error) => {
                        failure = Some(error);
                        ControlFlow::Break(())
                    }
                }
            });
            expansion.count(run);
            if let Some(error) = failure {
                return Err(error);
            }
            run.count_frontier(self.open.len());
        }
        Ok((None, overflowed))
    }
}

/// What a search run on A*'s loop ([`AStar::expand_in_order`]) makes of
/// each step; the defaults are A*'s.
pub(crate) trait Policy<S, M, C> {
    /// Whether the search ends before it takes an entry whose `g + h` is
    /// `f`.
    #[inline]
    fn ends_before(&self, _f: C) -> bool {
        false
    }

    /// A goal taken at cost `g`: whether the search ends on it.
    #[inline]
    fn ends_at_goal(&mut self, _goal: u32, _g: C) -> bool {
        true
    }

    /// Node `node` is being expanded at cost `g`, with `stored` nodes in
    /// the tree.
    #[inline]
    fn expanded(
        &mut self,
        _node: u32,
        _g: C,
        _stored: usize,
        _meter: &mut Meter,
    ) -> Result<(), Error> {
        Ok(())
    }

    /// Whether a successor reached at `cost` is relaxed at all.
    #[inline]
    fn admits(&self, _cost: C) -> bool {
        true
    }

    /// Records `next`, reached as `reached` says by a move of cost
    /// `step`: the node to queue, or `None`. By default [`relax`].
    #[expect(
        clippy::inline_always,
        reason = "the relax's chain inlined into A*'s loop, where plain `inline` left it out of line: 1,346 -> 1,222 instructions a state on the octile bench's closure-form Dijkstra (cachegrind)"
    )]
    #[inline(always)]
    fn relax<G: Weighted<State = S, Move = M, Cost = C>>(
        &mut self,
        tree: &mut Tree<S, M, Best<C>>,
        space: &G,
        run: &mut Run<'_>,
        next: S,
        reached: Reached<M, C>,
        _step: C,
    ) -> Result<Option<u32>, Error>
    where
        S: State,
        M: Clone,
        C: Cost,
    {
        relax(tree, space, run, next, reached)
    }
}

/// A*: the first goal taken ends the search.
struct FirstGoal;

impl<S, M, C> Policy<S, M, C> for FirstGoal {}

/// Whether a search pruned a path whose cost passed the most its cost type
/// holds: its answer of no path is then an error, since a path may exist
/// that the type cannot price.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Overflowed(bool);

impl Overflowed {
    /// `cost`, or `None` after noting that a sum overflowed.
    #[inline]
    pub(crate) fn check<C>(&mut self, cost: Option<C>) -> Option<C> {
        if cost.is_none() {
            self.0 = true;
        }
        cost
    }

    /// Whether a sum overflowed.
    #[cfg_attr(not(feature = "rayon"), expect(dead_code, reason = "for parallel IDA*'s workers"))]
    pub(crate) fn happened(self) -> bool {
        self.0
    }

    /// `none`, the search's answer when it found no path, or the overflow
    /// error when a path was pruned for its cost.
    pub(crate) fn into_answer<T>(self, none: T) -> Result<T, Error> {
        if self.0 { Err(Error::cost_overflow()) } else { Ok(none) }
    }
}

impl<S: State, M: Clone, C: Cost> AStar<S, M, C> {
    /// Begins a search from `starts`: the tree, costs and open list
    /// emptied, and each start stored and queued at cost zero with its
    /// estimate as its key (a start estimated past the cost type is
    /// stored but not queued).
    pub(super) fn restart<G, I>(
        &mut self,
        space: &G,
        starts: I,
        estimate: impl Fn(&S) -> C,
        run: &mut Run<'_>,
    ) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
    {
        self.tree.reset(space, Lookup::Ids, &run.get_limits(), run.meter_mut())?;
        self.open.reset();
        let open = &mut self.open;
        plant(&mut self.tree, space, run, starts, |meter, start, root| {
            match add_within(C::zero(), estimate(start)) {
                Some(f) => open.push(meter, Open { f, g: C::zero(), node: root }),
                None => Ok(()),
            }
        })
    }
}

/// What [`take`] made of an entry of an open list.
pub(crate) enum Taken<S> {
    /// A cheaper entry for its node came first.
    Stale,
    /// Its node is a goal.
    Goal,
    /// Its node's state, now marked expanded (by [`take`], its successors
    /// in the scratch buffer).
    Expanded(S),
}

/// Takes `node`, popped at cost `g`, off an open list: stale unless `g`
/// is its cheapest cost and it is not expanded yet; else a goal, or
/// expanded (marked so, its successors in `scratch`) within the node
/// limit: [`claim`], then the expansion. 0-1 BFS's; A*'s loop claims and
/// relaxes each successor as the space reports it.
pub(crate) fn take<G, C, P>(
    tree: &mut Tree<G::State, G::Move, Best<C>>,
    space: &G,
    (node, g): (u32, C),
    run: &mut Run<'_>,
    scratch: &mut Vec<(G::State, G::Move)>,
    is_goal: &mut P,
) -> Result<Taken<G::State>, Error>
where
    G: crate::space::traits::Successors,
    G::Move: Clone,
    C: Cost,
    P: FnMut(&G::State) -> bool,
{
    let taken = claim(tree, (node, g), run, is_goal)?;
    if let Taken::Expanded(_) = taken {
        tree.expand_node(space, node as usize, scratch, run)?;
    }
    Ok(taken)
}

/// Relaxes `next`, reached from `node` (expanded at cost `g`) by `mv`, as
/// A*'s loop does each successor: its cost checked and summed, admitted
/// by the policy, stored or improved, estimated and queued.
#[expect(
    clippy::inline_always,
    reason = "a link of the relax's chain, inlined with it: see `Policy::relax`"
)]
#[inline(always)]
#[expect(clippy::type_complexity, reason = "the loop's state, lent for one successor")]
fn relax_reported<G, H, D>(
    space: &G,
    (tree, open): (&mut Tree<G::State, G::Move, Best<G::Cost>>, &mut OpenList<G::Cost>),
    (node, g, from): (u32, G::Cost, &G::State),
    (next, mv): (G::State, G::Move),
    (heuristic, policy, overflowed): (&H, &mut D, &mut Overflowed),
    run: &mut Run<'_>,
) -> Result<(), Error>
where
    G: Weighted,
    G::Move: Clone,
    H: Fn(&G::State) -> G::Cost,
    D: Policy<G::State, G::Move, G::Cost>,
{
    let step = space.cost(from, &mv, &next);
    let Some(cost) = overflowed.check(extend_within(g, step)?) else { return Ok(()) };
    if !policy.admits(cost) {
        return Ok(());
    }
    let reached = Reached { parent: node, mv, cost };
    let Some(child) = policy.relax(&mut *tree, space, run, next, reached, step)? else {
        return Ok(());
    };
    // Estimated only for entries that go on the open list, on the state
    // as stored; an estimate past the cost type prunes the state.
    let estimate = heuristic(tree.state(child as usize));
    let Some(f) = add_within(cost, estimate) else { return Ok(()) };
    open.push(run.meter_mut(), Open { f, g: cost, node: child })
}

/// Takes `node`, popped at cost `g`, off an open list: stale unless `g`
/// is its cheapest cost and it is not expanded yet; else a goal, or
/// marked expanded within the node limit, its expansion left to the
/// caller.
pub(crate) fn claim<S: State, M: Clone, C, P>(
    tree: &mut Tree<S, M, Best<C>>,
    (node, g): (u32, C),
    run: &mut Run<'_>,
    is_goal: &mut P,
) -> Result<Taken<S>, Error>
where
    C: Cost,
    P: FnMut(&S) -> bool,
{
    let id = node as usize;
    let Best { cost: best, expanded } = *tree.extra(id);
    if expanded || g != best {
        return Ok(Taken::Stale);
    }
    let here = tree.state(id).clone();
    if is_goal(&here) {
        return Ok(Taken::Goal);
    }
    run.get_limits().check_nodes(run.stats().expanded)?;
    tree.extra_mut(id).expanded = true;
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
    tree: &mut Tree<G::State, G::Move, Best<C>>,
    space: &G,
    run: &mut Run<'_>,
    starts: I,
    mut queue: impl FnMut(&mut Meter, &G::State, u32) -> Result<(), Error>,
) -> Result<(), Error>
where
    G: crate::space::traits::Successors,
    G::Move: Clone,
    C: Zero,
    I: IntoIterator<Item = G::State>,
{
    let (limits, meter) = (&run.get_limits(), run.meter_mut());
    for start in starts {
        let Some(root) = tree.insert(space, limits, meter, start, NO_PARENT, None)? else {
            continue;
        };
        queue(meter, tree.state(root as usize), root)?;
    }
    Ok(())
}

/// Records `child`, reached as `reached` says, in a tree whose nodes carry
/// their cheapest cost found and whether they were expanded at it: a new
/// node, or a cheaper path to a stored one, which is then expanded again
/// if it was already ([`Stats::reopened`](crate::run::Stats::reopened)). Returns the node to queue, or
/// `None` when the stored path is as cheap.
#[expect(
    clippy::inline_always,
    reason = "a link of the relax's chain, inlined with it: see `Policy::relax`"
)]
#[inline(always)]
pub(crate) fn relax<G, C>(
    tree: &mut Tree<G::State, G::Move, Best<C>>,
    space: &G,
    run: &mut Run<'_>,
    child: G::State,
    reached: Reached<G::Move, C>,
) -> Result<Option<u32>, Error>
where
    G: crate::space::traits::Successors,
    G::Move: Clone,
    C: Cost,
{
    let Reached { parent, mv, cost } = reached;
    let RunParts { limits, meter, stats, .. } = run.parts();
    match tree.find_or_insert_with(
        space,
        limits,
        meter,
        child,
        parent,
        Some(mv),
        Best::reached(cost),
    )? {
        Stored::New(child) => Ok(Some(child)),
        Stored::Old(child, mv) => {
            stats.count_duplicate();
            let best = tree.extra_mut(child as usize);
            if cost >= best.cost {
                return Ok(None);
            }
            let reopened = std::mem::replace(best, Best::reached(cost)).expanded;
            if reopened {
                stats.count_reopened();
            }
            tree.reparent(child as usize, parent, mv);
            Ok(Some(child))
        }
    }
}

pub(crate) mod cheapest_costs;
pub(crate) mod cheapest_paths;

impl<S: State, M: Clone, C: Cost> Default for AStar<S, M, C> {
    fn default() -> Self {
        AStar::new()
    }
}

impl<S, M, C> fmt::Debug for AStar<S, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AStar").field("stored", &self.tree.len()).finish_non_exhaustive()
    }
}
