//! [`bidirectional_dijkstra`] and [`bidirectional_astar`]: cheapest-path
//! searches from the starts and from the goals at once, meeting in the
//! middle, on one loop that differs only in its estimates and its
//! stopping rule, in the tables of a [`BidirectionalSearch`].

use std::fmt;

use crate::cheapest::astar::{Best, Overflowed};
use crate::cheapest::open::Open;
use crate::cheapest::open_list::OpenList;
use crate::error::Error;
use crate::error::Limit;
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::memory::Meter;
use crate::space::traits::{Predecessors, State};
use crate::space::weighted::max_cost;
use crate::space::weighted::{Cost, Weighted, add_within, extend_within};
use crate::store::expand::{Backwards, Collector, Expansion, Forwards, neighbours_except};
use crate::store::tree::{Lookup, NO_PARENT, Stored, Tree};

/// A cheapest path from any of `starts` to any of `goals`, and its cost,
/// by Dijkstra's search from both ends; `None` when no goal can be
/// reached.
///
/// A shortcut for [`BidirectionalSearch::dijkstra`] with a fresh cache
/// and a default [`Run`].
///
/// # Errors
///
/// As for [`BidirectionalSearch::dijkstra`].
///
/// # Example
///
/// ```
/// use search_core::{dijkstra, Predecessors, Successors, Weighted};
/// use search_core::cheapest::bidirectional_dijkstra;
///
/// // A line where a step right costs 2 and a step left 1.
/// struct Line;
/// impl Successors for Line {
///     type State = i32;
///     type Move = i32;
///     fn successors<F: FnMut(i32, i32)>(&self, &n: &i32, mut report: F) {
///         report(n + 1, 1);
///         report(n - 1, -1);
///     }
/// }
/// impl Predecessors for Line {
///     fn predecessors<F: FnMut(i32)>(&self, &n: &i32, mut report: F) {
///         report(n - 1);
///         report(n + 1);
///     }
/// }
/// impl Weighted for Line {
///     type Cost = u32;
///     fn cost(&self, _: &i32, &step: &i32, _: &i32) -> u32 {
///         if step > 0 { 2 } else { 1 }
///     }
/// }
/// let (path, cost) = bidirectional_dijkstra(&Line, [0], [5])?.expect("on the line");
/// assert_eq!((path.len(), cost), (5, 10));
/// assert_eq!(path.moves(), [1, 1, 1, 1, 1]);
/// let (_, expected) = dijkstra(&Line, [0], |&n| n == 5)?.expect("on the line");
/// assert_eq!(cost, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bidirectional_dijkstra<G, I, J>(
    space: &G,
    starts: I,
    goals: J,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted + Predecessors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    J: IntoIterator<Item = G::State>,
{
    BidirectionalSearch::one_shot().dijkstra(space, starts, goals, &mut Run::new())
}

/// A cheapest path from any of `starts` to any of `goals`, and its cost,
/// by A* from both ends, guided by `to_goals` forwards and `from_starts`
/// backwards; `None` when no goal can be reached.
///
/// A shortcut for [`BidirectionalSearch::astar`] with a fresh cache and a
/// default [`Run`].
///
/// # Errors
///
/// As for [`BidirectionalSearch::dijkstra`].
///
/// # Example
///
/// ```
/// use search_core::{astar, Predecessors, Successors, Weighted};
/// use search_core::cheapest::bidirectional_astar;
///
/// // King moves on an open board, a diagonal step costing 3 and a straight one 2.
/// struct King;
/// impl Successors for King {
///     type State = (i32, i32);
///     type Move = (i32, i32);
///     fn successors<F: FnMut((i32, i32), (i32, i32))>(&self, &(x, y): &(i32, i32), mut report: F) {
///         for dx in -1..=1 {
///             for dy in -1..=1 {
///                 if (dx, dy) != (0, 0) {
///                     report((x + dx, y + dy), (dx, dy));
///                 }
///             }
///         }
///     }
/// }
/// impl Predecessors for King {
///     fn predecessors<F: FnMut((i32, i32))>(&self, &state: &(i32, i32), report: F) {
///         let mut report = report;
///         self.successors(&state, |previous, _| report(previous));
///     }
/// }
/// impl Weighted for King {
///     type Cost = u32;
///     fn cost(&self, _: &(i32, i32), &(dx, dy): &(i32, i32), _: &(i32, i32)) -> u32 {
///         if dx != 0 && dy != 0 { 3 } else { 2 }
///     }
/// }
/// // Consistent: a diagonal step closes both gaps for 3, a straight one one gap for 2.
/// let octile = |(x, y): (i32, i32), (u, v): (i32, i32)| {
///     let (dx, dy) = (x.abs_diff(u), y.abs_diff(v));
///     3 * dx.min(dy) + 2 * (dx.max(dy) - dx.min(dy))
/// };
/// let to_goal = |&s: &(i32, i32)| octile(s, (9, 4));
/// let from_start = |&s: &(i32, i32)| octile(s, (0, 0));
/// let (path, cost) = bidirectional_astar(&King, [(0, 0)], [(9, 4)], to_goal, from_start)?
///     .expect("on the board");
/// assert_eq!(cost, 3 * 4 + 2 * 5);
/// assert_eq!((path.start(), path.end(), path.len()), (&(0, 0), &(9, 4), 9));
/// let (_, expected) = astar(&King, [(0, 0)], to_goal, |&s| s == (9, 4))?.expect("on the board");
/// assert_eq!(cost, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bidirectional_astar<G, I, J, H, B>(
    space: &G,
    starts: I,
    goals: J,
    to_goals: H,
    from_starts: B,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted + Predecessors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    J: IntoIterator<Item = G::State>,
    H: Fn(&G::State) -> G::Cost,
    B: Fn(&G::State) -> G::Cost,
{
    let mut search = BidirectionalSearch::one_shot();
    search.astar(space, starts, goals, to_goals, from_starts, &mut Run::new())
}

/// When the two sides may stop: `best` is the optimum once the heads
/// reach it by this rule.
#[derive(Clone, Copy)]
enum Stop {
    /// The heads add up to `best`: exact when the heads are path costs.
    HeadsSum,
    /// Either head reaches `best`: exact for consistent estimates.
    EitherHead,
}

/// The reusable tables of the cheapest-path searches from both ends:
/// each side's tree of the states it has labelled (the backward tree's
/// parents lead to the goals), with each node's cheapest cost so far and
/// whether it is settled, and its open list.
///
/// # Example
///
/// ```
/// use search_core::{from_fn_weighted, Run};
/// use search_core::cheapest::BidirectionalSearch;
/// use search_core::space::Undirected;
///
/// let line = Undirected(from_fn_weighted(|&n: &i32| [(n - 1, 1u32), (n + 1, 1)]));
/// let mut search = BidirectionalSearch::new();
/// for goal in [10, -20] {
///     let found = search.dijkstra(&line, [0], [goal], &mut Run::new())?;
///     assert_eq!(found.map(|(_, cost)| cost), Some(goal.unsigned_abs()));
/// }
/// # Ok::<(), search_core::Error>(())
/// ```
pub struct BidirectionalSearch<S, M, C> {
    forward: Side<S, M, C>,
    backward: Side<S, M, C>,
}

impl<S, M, C> fmt::Debug for BidirectionalSearch<S, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BidirectionalSearch")
            .field("forward", &self.forward.tree.len())
            .field("backward", &self.backward.tree.len())
            .finish_non_exhaustive()
    }
}

impl<S: State, M: Clone, C: Cost> Default for BidirectionalSearch<S, M, C> {
    fn default() -> Self {
        BidirectionalSearch::new()
    }
}

impl<S: State, M: Clone, C: Cost> BidirectionalSearch<S, M, C> {
    /// A cache with empty tables.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn_weighted, Run};
    /// use search_core::cheapest::BidirectionalSearch;
    /// use search_core::space::Undirected;
    ///
    /// let line = Undirected(from_fn_weighted(|&n: &i32| [(n - 1, 2u32), (n + 1, 2)]));
    /// let found = BidirectionalSearch::new().dijkstra(&line, [0], [3], &mut Run::new())?;
    /// assert_eq!(found.map(|(_, cost)| cost), Some(6));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new() -> BidirectionalSearch<S, M, C> {
        let side = || Side { tree: Tree::new(), open: OpenList::new() };
        BidirectionalSearch { forward: side(), backward: side() }
    }

    /// A cache for one search, whose forward tree starts from its
    /// thread's spare index (see [`bfs`](crate::bfs)).
    fn one_shot() -> BidirectionalSearch<S, M, C> {
        let mut search = BidirectionalSearch::new();
        search.forward.tree = Tree::with_spare_index();
        search
    }

    /// A cheapest path from any of `starts` to any of `goals`, and its
    /// cost, by Dijkstra's search from both ends; `None` when no goal can
    /// be reached.
    ///
    /// The forward search follows the space's successors from the starts;
    /// the backward search follows [`Predecessors`] from the goals, an
    /// edge `p -> s` costing the cheapest of `p`'s moves to `s`. Each step
    /// settles the cheaper of the two frontiers' heads. Every edge from a
    /// state settled on one side to a state labelled on the other offers a
    /// path, and `best` is the cheapest offered. The search stops once the
    /// two heads' costs add up to at least `best`: a cheaper path would
    /// have to leave the forward search at a cost below its head and reach
    /// the goals from a state below the backward head, and that state,
    /// settled by one side and labelled by the other, would already have
    /// offered it.
    ///
    /// The limits that apply are the states both sides store together, the
    /// memory and the expanded nodes.
    ///
    /// # Errors
    ///
    /// As for [`AStar::run`](crate::cheapest::AStar::run), and when the space's predecessors give
    /// an edge its successors lack
    /// ([`ErrorKind::InconsistentPredecessors`](crate::ErrorKind::InconsistentPredecessors)).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn_weighted, ErrorKind, Limit, Limits, Run};
    /// use search_core::cheapest::BidirectionalSearch;
    /// use search_core::space::Undirected;
    ///
    /// // A line walked either way, a step costing 2.
    /// let line = Undirected(from_fn_weighted(|&n: &i32| [(n - 1, 2u32), (n + 1, 2)]));
    /// let mut search = BidirectionalSearch::new();
    /// let mut run = Run::new();
    /// let (path, cost) = search.dijkstra(&line, [0], [30], &mut run)?.expect("on the line");
    /// assert_eq!((path.len(), cost), (30, 60));
    /// run.set_limits(Limits::new().max_states(20));
    /// let error = search.dijkstra(&line, [0], [30], &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(20)));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn dijkstra<G, I, J>(
        &mut self,
        space: &G,
        starts: I,
        goals: J,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Predecessors,
        I: IntoIterator<Item = S>,
        J: IntoIterator<Item = S>,
    {
        let none = |_: &S| C::zero();
        let meet = |this: &mut Self, run: &mut Run<'_>| {
            this.meet(space, (starts, goals), (&none, &none), Stop::HeadsSum, run)
        };
        execute(self, space, run, meet, Self::stored)
    }

    /// A cheapest path from any of `starts` to any of `goals`, and its
    /// cost, by A* from both ends; `None` when no goal can be reached.
    ///
    /// The forward search is A* from the starts guided by `to_goals`, an
    /// estimate of the cost from a state to the nearest goal; the backward
    /// search is A* from the goals over [`Predecessors`] guided by
    /// `from_starts`, an estimate of the cost from the nearest start to a
    /// state. Both must be *consistent* ([`Heuristic`](crate::Heuristic)'s
    /// contract; backwards, `from_starts(b) <= cost(a, b) + from_starts(a)`
    /// for every move `a -> b`). As in
    /// [`dijkstra`](BidirectionalSearch::dijkstra), every
    /// edge from a state settled on one side to a state labelled on the
    /// other offers a path, `best` is the cheapest offered, and each step
    /// settles the side whose head (least `g + h`) is lower.
    ///
    /// The search stops once either side's head reaches `best` (Pohl's
    /// rule). Why that is exact: with a consistent estimate each side
    /// settles a state at its cheapest cost. Until the forward search has
    /// settled every state of some cheapest path but the last, the first
    /// state of that path it has not settled is labelled at its cheapest
    /// cost `g`, so its `g + h` is at most the optimum `C` (the estimate
    /// never overstates) and so is the forward head. Once it has, the last
    /// edge of that path offered it, and `best <= C`. Either way a forward
    /// head of at least `best` means `best <= C`: `best` is the optimum.
    /// The same holds backwards. With estimates of zero this rule stops
    /// later than [`dijkstra`](BidirectionalSearch::dijkstra)'s,
    /// which adds the heads: use that one then.
    ///
    /// # Errors
    ///
    /// As for [`dijkstra`](BidirectionalSearch::dijkstra).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn_weighted, Run};
    /// use search_core::cheapest::BidirectionalSearch;
    /// use search_core::space::Undirected;
    ///
    /// let line = Undirected(from_fn_weighted(|&n: &i32| [(n - 1, 1u32), (n + 1, 1)]));
    /// let mut run = Run::new();
    /// let found = BidirectionalSearch::new().astar(
    ///     &line,
    ///     [0],
    ///     [40],
    ///     |&n| 40i32.abs_diff(n),
    ///     |&n| n.unsigned_abs(),
    ///     &mut run,
    /// )?;
    /// assert_eq!(found.map(|(_, cost)| cost), Some(40));
    /// assert!(run.stats().expanded <= 42);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn astar<G, I, J, H, B>(
        &mut self,
        space: &G,
        starts: I,
        goals: J,
        to_goals: H,
        from_starts: B,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Predecessors,
        I: IntoIterator<Item = S>,
        J: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        B: Fn(&S) -> C,
    {
        let estimates = (&to_goals, &from_starts);
        let meet = |this: &mut Self, run: &mut Run<'_>| {
            this.meet(space, (starts, goals), estimates, Stop::EitherHead, run)
        };
        execute(self, space, run, meet, Self::stored)
    }

    /// Both sides' states, which the search counts as its own.
    fn stored(&self) -> usize {
        self.forward.tree.len() + self.backward.tree.len()
    }

    /// The search from both ends that both public methods run.
    fn meet<G, I, J, H, B>(
        &mut self,
        space: &G,
        (starts, goals): (I, J),
        (to_goals, from_starts): (&H, &B),
        rule: Stop,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Predecessors,
        I: IntoIterator<Item = S>,
        J: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        B: Fn(&S) -> C,
    {
        let BidirectionalSearch { forward, backward } = self;
        forward.reset(space, starts, to_goals, run)?;
        backward.reset(space, goals, from_starts, run)?;
        // The cheapest path offered so far: its cost, and the nodes of
        // each side where the two meet (of one state, or of an edge).
        let mut best: Option<(C, u32, u32)> = None;
        for root in 0..forward.tree.len() {
            if let Some(other) = backward.tree.find(space, forward.tree.state(root)) {
                best = Some((C::zero(), root as u32, other));
                break;
            }
        }
        let max_states = run.get_limits().get_max_states();
        let mut overflowed = Overflowed::default();
        let (mut ahead, mut behind) = (None, None);
        let mut edges: Vec<(S, Option<M>, C)> = Vec::new();
        loop {
            let meter = run.meter_mut();
            let heads = (forward.head(&mut ahead, meter)?, backward.head(&mut behind, meter)?);
            let (Some(front), Some(back)) = heads else { break };
            if let Some((cost, ..)) = best {
                let reached = match rule {
                    // A sum past the cost type passes `best` too.
                    Stop::HeadsSum => add_within(front.f, back.f).is_none_or(|sum| sum >= cost),
                    Stop::EitherHead => max_cost(front.f, back.f) >= cost,
                };
                if reached {
                    break;
                }
            }
            let forwards = front.f <= back.f;
            let Open { g, node, .. } =
                if forwards { ahead.take() } else { behind.take() }.expect("a head was found");
            let (here, there) =
                if forwards { (&mut *forward, &*backward) } else { (&mut *backward, &*forward) };
            here.tree.extra_mut(node as usize).expanded = true;
            run.get_limits().check_nodes(run.stats().expanded)?;
            let state = here.tree.state(node as usize).clone();
            edges.clear();
            let mut collector = Collector::new(&run.get_limits(), run.meter_mut());
            let mut costed = true;
            let skipped = if forwards {
                neighbours_except(&Forwards(space), &state, None, |next, mv| {
                    let step = space.cost(&state, &mv, &next);
                    collector.push(&mut edges, (next, Some(mv), step))
                })
            } else if space
                .weighted_predecessors(&state, |previous, mv, step| {
                    collector.push(&mut edges, (previous, Some(mv), step))
                })
                .is_some()
            {
                0
            } else {
                costed = false;
                neighbours_except(&Backwards(space), &state, None, |previous, ()| {
                    collector.push(&mut edges, (previous, None, C::zero()))
                })
            };
            collector.finish()?;
            if !costed {
                // The space lists no costs backwards: each predecessor's
                // successors give the move's.
                for (previous, _, step) in &mut edges {
                    *step = cheapest(space, previous, &state)
                        .ok_or_else(Error::inconsistent_predecessors)?
                        .1;
                }
            }
            Expansion { kept: edges.len(), skipped }.count(run);
            run.tick(here.tree.len() + there.tree.len(), 0)?;
            let estimate: &dyn Fn(&S) -> C = if forwards { to_goals } else { from_starts };
            for (next, mv, step) in edges.drain(..) {
                let Some(reached) = overflowed.check(extend_within(g, step)?) else { continue };
                if let Some(other) = there.tree.find(space, &next) {
                    let total = add_within(reached, there.tree.extra(other as usize).cost);
                    if let Some(total) = overflowed.check(total)
                        && best.is_none_or(|(cost, ..)| total < cost)
                    {
                        // The meeting, the forward side's node first.
                        best = Some(if forwards {
                            (total, node, other)
                        } else {
                            (total, other, node)
                        });
                    }
                }
                here.relax(space, next, (node, mv, reached), estimate, run)?;
            }
            if here.tree.len() + there.tree.len() > max_states {
                return Err(Error::limit(Limit::States(max_states)));
            }
        }
        let Some((cost, forward_node, backward_node)) = best else {
            return overflowed.into_answer(None);
        };
        let (to_goal, listed) = backward.tree.walk_back(backward_node, 0)?;
        let forward = forward.tree.path_with_room(forward_node, to_goal.len())?;
        let path = joined(space, forward, to_goal, listed)?;
        Ok(Some((path, cost)))
    }
}

/// The path through a meeting: `forward`, then `to_goal` (the backward
/// side's walk to a goal), joined at one state or by an edge. The backward
/// steps' moves are `listed` when the space listed them all
/// ([`Weighted::weighted_predecessors`]), else each the cheapest among its
/// start's successors, as is the joining edge's.
fn joined<G: Weighted>(
    space: &G,
    forward: Path<G::State, G::Move>,
    to_goal: Vec<G::State>,
    listed: Vec<G::Move>,
) -> Result<Path<G::State, G::Move>, Error> {
    let (mut states, mut moves) = forward.into_parts();
    let mut listed = (listed.len() + 1 == to_goal.len()).then(|| listed.into_iter());
    // Meeting at one state, the backward walk begins with it.
    let at_state = to_goal.first() == states.last();
    for (step, next) in to_goal.into_iter().skip(usize::from(at_state)).enumerate() {
        let known =
            if step == 0 && !at_state { None } else { listed.as_mut().and_then(Iterator::next) };
        let mv = if let Some(mv) = known {
            mv
        } else {
            let here = &states[states.len() - 1];
            cheapest(space, here, &next).ok_or_else(Error::inconsistent_predecessors)?.0
        };
        moves.push(mv);
        states.push(next);
    }
    Ok(Path::new(states, moves))
}

/// The cheapest move from `from` to `to`, and its cost.
fn cheapest<G: Weighted>(space: &G, from: &G::State, to: &G::State) -> Option<(G::Move, G::Cost)> {
    let mut best: Option<(G::Move, G::Cost)> = None;
    space.successors(from, |next, mv| {
        if next == *to {
            let step = space.cost(from, &mv, &next);
            if best.as_ref().is_none_or(|(_, cost)| step < *cost) {
                best = Some((mv, step));
            }
        }
    });
    best
}

/// One side of the search: a tree of the states it has labelled (a
/// backward tree's parents lead to the goals), each node with its
/// cheapest cost so far and whether it is settled, and the open list of
/// labels to settle, by cost plus estimate.
struct Side<S, M, C> {
    tree: Tree<S, M, Best<C>>,
    open: OpenList<C>,
}

impl<S: State, M: Clone, C: Cost> Side<S, M, C> {
    /// Empties the side, and labels each of `roots` at cost zero.
    fn reset<G, R>(
        &mut self,
        space: &G,
        roots: R,
        estimate: &impl Fn(&S) -> C,
        run: &mut Run<'_>,
    ) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        R: IntoIterator<Item = S>,
    {
        self.tree.reset(space, Lookup::Ids, &run.get_limits(), run.meter_mut())?;
        self.open.reset();
        for root in roots {
            let limits = &run.get_limits();
            let Some(id) =
                self.tree.insert(space, limits, run.meter_mut(), root, NO_PARENT, None)?
            else {
                continue;
            };
            if let Some(f) = add_within(C::zero(), estimate(self.tree.state(id as usize))) {
                self.open.push(run.meter_mut(), Open { f, g: C::zero(), node: id })?;
            }
        }
        Ok(())
    }

    /// The cheapest entry not yet settled, stale ones dropped: held in
    /// `head` until it is settled.
    fn head(
        &mut self,
        head: &mut Option<Open<C>>,
        meter: &mut Meter,
    ) -> Result<Option<Open<C>>, Error> {
        while head.is_none() {
            let Some(entry) = self.open.pop(meter)? else { return Ok(None) };
            let Best { cost: best, expanded: settled } = *self.tree.extra(entry.node as usize);
            if !settled && entry.g == best {
                *head = Some(entry);
            }
        }
        Ok(*head)
    }

    /// Labels `next` at `cost`, reached from `from` by `mv`, unless it has
    /// a label as cheap or is settled.
    fn relax<G>(
        &mut self,
        space: &G,
        next: S,
        (from, mv, cost): (u32, Option<M>, C),
        estimate: &dyn Fn(&S) -> C,
        run: &mut Run<'_>,
    ) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
    {
        let limits = &run.get_limits();
        let meter = run.meter_mut();
        let first = Best::reached(cost);
        let node =
            match self.tree.find_or_insert_with(space, limits, meter, next, from, mv, first)? {
                Stored::New(node) => node,
                Stored::Old(node, mv) => {
                    run.count_duplicate();
                    let best = self.tree.extra_mut(node as usize);
                    if best.expanded || cost >= best.cost {
                        return Ok(());
                    }
                    best.cost = cost;
                    self.tree.reparent(node as usize, from, mv);
                    node
                }
            };
        if let Some(f) = add_within(cost, estimate(self.tree.state(node as usize))) {
            self.open.push(run.meter_mut(), Open { f, g: cost, node })?;
        }
        Ok(())
    }
}
