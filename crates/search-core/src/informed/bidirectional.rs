//! [`bidirectional_dijkstra`] and [`bidirectional_astar`]: cheapest-path
//! searches from the starts and from the goals at once, meeting in the
//! middle, on one loop that differs only in its estimates and its
//! stopping rule.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};

use num_traits::Zero;

use crate::error::Error;
use crate::path::{Path, walk_back};
use crate::run::limits::{Limit, Limits};
use crate::space::traits::unless_failed;
use crate::space::traits::{Predecessors, State};
use crate::space::weighted::{Cost, Heuristic, Weighted, add_costs, extend_cost};
use crate::store::hash::BuildStateHasher;

/// A cheapest path from any of `starts` to any of `goals`, and its cost,
/// by Dijkstra's search from both ends; `None` when no goal can be
/// reached.
///
/// The forward search follows the space's successors from the starts;
/// the backward search follows [`Predecessors`] from the goals, an edge
/// `p -> s` costing the cheapest of `p`'s moves to `s`. Each step settles
/// the cheaper of the two frontiers' heads. Every edge from a state
/// settled on one side to a state labelled on the other offers a path,
/// and `best` is the cheapest offered. The search stops once the two
/// heads' costs add up to at least `best`: a cheaper path would have to
/// leave the forward search at a cost below its head and reach the goals
/// from a state below the backward head, and that state, settled by one
/// side and labelled by the other, would already have offered it.
///
/// # Errors
///
/// When more states than `limits` allows are stored, a sum of costs
/// passes the most the cost type holds, or the space's predecessors give
/// an edge its successors lack
/// ([`ErrorKind::InconsistentPredecessors`](crate::ErrorKind::InconsistentPredecessors)).
///
/// # Example
///
/// ```
/// use search_core::{bidirectional_dijkstra, dijkstra, Limits, Predecessors, Successors, Weighted};
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
/// let (path, cost) = bidirectional_dijkstra(&Line, [0], [5], Limits::new())?.expect("on the line");
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
    limits: Limits,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted + Predecessors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    J: IntoIterator<Item = G::State>,
{
    let none = |_: &G::State| G::Cost::zero();
    unless_failed(space, meet(space, starts, goals, &none, &none, Stop::HeadsSum, limits))
}

/// A cheapest path from any of `starts` to any of `goals`, and its cost,
/// by A* from both ends; `None` when no goal can be reached.
///
/// The forward search is A* from the starts guided by `to_goals`, an
/// estimate of the cost from a state to the nearest goal; the backward
/// search is A* from the goals over [`Predecessors`] guided by
/// `from_starts`, an estimate of the cost from the nearest start to a
/// state. Both must be *consistent* ([`Heuristic`]'s contract; backwards,
/// `from_starts(b) <= cost(a, b) + from_starts(a)` for every move
/// `a -> b`). As in [`bidirectional_dijkstra`], every edge from a state
/// settled on one side to a state labelled on the other offers a path,
/// `best` is the cheapest offered, and each step settles the side whose
/// head (least `g + h`) is lower.
///
/// The search stops once either side's head reaches `best` (Pohl's rule).
/// Why that is exact: with a consistent estimate each side settles a
/// state at its cheapest cost. Until the forward search has settled every
/// state of some cheapest path but the last, the first state of that path
/// it has not settled is labelled at its cheapest cost `g`, so its
/// `g + h` is at most the optimum `C` (the estimate never overstates) and
/// so is the forward head. Once it has, the last edge of that path offered
/// it, and `best <= C`. Either way a forward head of at least `best` means
/// `best <= C`: `best` is the optimum. The same holds backwards. With
/// estimates of zero this rule stops later than
/// [`bidirectional_dijkstra`]'s, which adds the heads: use that one then.
///
/// # Errors
///
/// As [`bidirectional_dijkstra`].
///
/// # Example
///
/// ```
/// use search_core::{bidirectional_astar, astar, Limits, Predecessors, Successors, Weighted};
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
/// let (path, cost) = bidirectional_astar(&King, [(0, 0)], [(9, 4)], to_goal, from_start, Limits::new())?
///     .expect("on the board");
/// assert_eq!(cost, 3 * 4 + 2 * 5);
/// assert_eq!((path.start(), path.end(), path.len()), (&(0, 0), &(9, 4), 9));
/// let (_, expected) = astar(&King, [(0, 0)], to_goal, |&s| s == (9, 4))?.expect("on the board");
/// assert_eq!(cost, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[expect(clippy::needless_pass_by_value, reason = "estimates are taken as closures are")]
pub fn bidirectional_astar<G, I, J, H, B>(
    space: &G,
    starts: I,
    goals: J,
    to_goals: H,
    from_starts: B,
    limits: Limits,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted + Predecessors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    J: IntoIterator<Item = G::State>,
    H: Heuristic<G::State, Cost = G::Cost>,
    B: Heuristic<G::State, Cost = G::Cost>,
{
    let found = meet(space, starts, goals, &to_goals, &from_starts, Stop::EitherHead, limits);
    unless_failed(space, found)
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

/// The search from both ends that both public functions run.
fn meet<G, I, J, H, B>(
    space: &G,
    starts: I,
    goals: J,
    to_goals: &H,
    from_starts: &B,
    rule: Stop,
    limits: Limits,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted + Predecessors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    J: IntoIterator<Item = G::State>,
    H: Heuristic<G::State, Cost = G::Cost>,
    B: Heuristic<G::State, Cost = G::Cost>,
{
    let mut forward = Side::new(starts, to_goals);
    let mut backward = Side::new(goals, from_starts);
    // The cheapest path offered so far: its cost, and the edge where the
    // two sides meet (a state of each, equal when they meet at a state).
    let mut best: Option<(G::Cost, G::State, G::State)> = None;
    for state in forward.labels.keys() {
        if backward.labels.contains_key(state) {
            best = Some((G::Cost::zero(), state.clone(), state.clone()));
        }
    }
    let max_states = limits.get_max_states();
    let mut edges = Vec::new();
    loop {
        let heads = (forward.head(), backward.head());
        let (Some(ahead), Some(behind)) = heads else { break };
        if let Some((cost, ..)) = &best {
            let reached = match rule {
                Stop::HeadsSum => add_costs(ahead, behind)? >= *cost,
                Stop::EitherHead => ahead.max(behind) >= *cost,
            };
            if reached {
                break;
            }
        }
        let forwards = ahead <= behind;
        let (here, there) =
            if forwards { (&mut forward, &backward) } else { (&mut backward, &forward) };
        let Some((state, cost)) = here.settle() else { continue };
        edges.clear();
        if forwards {
            space.successors(&state, |next, mv| {
                let step = space.cost(&state, &mv, &next);
                edges.push((next, Some(mv), step));
            });
        } else {
            space.predecessors(&state, |previous| edges.push((previous, None, G::Cost::zero())));
            for (previous, _, step) in &mut edges {
                *step = cheapest_step(space, previous, &state)
                    .ok_or_else(Error::inconsistent_predecessors)?;
            }
        }
        for (next, mv, step) in edges.drain(..) {
            let reached = extend_cost(cost, step)?;
            if let Some(&(other, _)) = there.labels.get(&next) {
                let total = add_costs(reached, other)?;
                if best.as_ref().is_none_or(|(cost, ..)| total < *cost) {
                    let (a, b) = if forwards {
                        (state.clone(), next.clone())
                    } else {
                        (next.clone(), state.clone())
                    };
                    best = Some((total, a, b));
                }
            }
            let from = state.clone();
            if forwards {
                here.relax(next, reached, from, mv, to_goals)?;
            } else {
                here.relax(next, reached, from, mv, from_starts)?;
            }
        }
        if forward.labels.len() + backward.labels.len() > max_states {
            return Err(Error::limit(Limit::States(max_states)));
        }
    }
    let Some((cost, meet_forward, meet_backward)) = best else { return Ok(None) };
    let (mut states, mut moves) = forward.walk_back(meet_forward.clone());
    states.reverse();
    moves.reverse();
    if meet_backward != meet_forward {
        // The edge between the sides: its move is the cheapest one.
        let mv = cheapest_move(space, &meet_forward, &meet_backward)
            .ok_or_else(Error::inconsistent_predecessors)?;
        moves.push(mv);
        states.push(meet_backward.clone());
    }
    let (to_goal, _) = backward.walk_back(meet_backward);
    for next in &to_goal[1..] {
        let mv = cheapest_move(space, &states[states.len() - 1], next)
            .ok_or_else(Error::inconsistent_predecessors)?;
        moves.push(mv);
        states.push(next.clone());
    }
    Ok(Some((Path::new(states, moves), cost)))
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

fn cheapest_step<G: Weighted>(space: &G, from: &G::State, to: &G::State) -> Option<G::Cost> {
    cheapest(space, from, to).map(|(_, cost)| cost)
}

fn cheapest_move<G: Weighted>(space: &G, from: &G::State, to: &G::State) -> Option<G::Move> {
    cheapest(space, from, to).map(|(mv, _)| mv)
}

/// One side of the search: each labelled state's cheapest cost so far,
/// whether it is settled, and where it was reached from; and the heap of
/// labels to settle, by cost plus estimate.
struct Side<S, M, C> {
    labels: HashMap<S, (C, bool), BuildStateHasher>,
    parents: HashMap<S, (S, Option<M>), BuildStateHasher>,
    heap: BinaryHeap<Reverse<(C, u64)>>,
    /// The states of the heap's entries and their costs, by the entry's
    /// number.
    queued: Vec<(S, C)>,
}

impl<S: State, M: Clone, C: Cost> Side<S, M, C> {
    fn new(
        roots: impl IntoIterator<Item = S>,
        estimate: &impl Heuristic<S, Cost = C>,
    ) -> Side<S, M, C> {
        let mut side = Side {
            labels: HashMap::default(),
            parents: HashMap::default(),
            heap: BinaryHeap::new(),
            queued: Vec::new(),
        };
        for root in roots {
            if let Entry::Vacant(vacant) = side.labels.entry(root.clone()) {
                vacant.insert((C::zero(), false));
                let key = estimate.estimate(&root);
                side.push(root, C::zero(), key);
            }
        }
        side
    }

    fn push(&mut self, state: S, cost: C, key: C) {
        self.heap.push(Reverse((key, self.queued.len() as u64)));
        self.queued.push((state, cost));
    }

    /// The key (cost plus estimate) of the cheapest entry not yet
    /// settled, stale ones dropped.
    fn head(&mut self) -> Option<C> {
        while let Some(&Reverse((key, entry))) = self.heap.peek() {
            let (state, cost) = &self.queued[entry as usize];
            let (best, settled) = self.labels[state];
            if settled || *cost != best {
                self.heap.pop();
            } else {
                return Some(key);
            }
        }
        None
    }

    /// Settles the head: its state and cost.
    fn settle(&mut self) -> Option<(S, C)> {
        self.head()?;
        let Reverse((_, entry)) = self.heap.pop()?;
        let (state, cost) = self.queued[entry as usize].clone();
        if let Some(label) = self.labels.get_mut(&state) {
            label.1 = true;
        }
        Some((state, cost))
    }

    /// Labels `next` at `cost`, reached from `from` by `mv`, unless it has
    /// a label as cheap.
    fn relax(
        &mut self,
        next: S,
        cost: C,
        from: S,
        mv: Option<M>,
        estimate: &impl Heuristic<S, Cost = C>,
    ) -> Result<(), Error> {
        match self.labels.entry(next.clone()) {
            Entry::Occupied(mut occupied) => {
                let (best, settled) = *occupied.get();
                if settled || cost >= best {
                    return Ok(());
                }
                occupied.insert((cost, false));
            }
            Entry::Vacant(vacant) => {
                vacant.insert((cost, false));
            }
        }
        let key = add_costs(cost, estimate.estimate(&next))?;
        self.parents.insert(next.clone(), (from, mv));
        self.push(next, cost, key);
        Ok(())
    }

    /// The states from `state` back to its root, and the moves stored.
    fn walk_back(&self, state: S) -> (Vec<S>, Vec<M>) {
        walk_back(state, |state| self.parents.get(state).map(|(parent, mv)| (parent, mv.as_ref())))
    }
}
