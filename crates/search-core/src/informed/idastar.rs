//! IDA*: iterative-deepening A*, which finds cheapest paths in memory that
//! grows only with the path's length.

use std::fmt;
use std::ops::ControlFlow;
#[cfg(feature = "rayon")]
use std::sync::atomic::AtomicU64;
use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(feature = "rayon")]
use rayon::prelude::*;

use crate::error::Error;
use crate::path::Path;
use crate::run::limits::{Limit, Limits};
use crate::run::progress::{EVERY, Progress};
use crate::run::stats::Stats;
use crate::space::traits::State;
use crate::space::weighted::{Cost, Heuristic, Weighted, add_costs};

/// A cheapest path from `start` to the first state that satisfies
/// `is_goal`, and its cost, by IDA* guided by `heuristic`; `None` when no
/// goal can be reached and the space is finite.
///
/// A shortcut for [`IdaStar::run`] with default [`Limits`].
///
/// # Errors
///
/// When the search reaches a [`Limits`] bound before it can answer.
///
/// # Example
///
/// ```
/// use search_core::{ida_star, from_fn, UnitCost};
///
/// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
/// let (path, cost) = ida_star(&line, 0, &|&n: &i32| (7 - n).unsigned_abs(), |&n| n == 7)?
///     .expect("reachable");
/// assert_eq!((path.len(), cost), (7, 7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ida_star<G, H, P>(
    space: &G,
    start: G::State,
    heuristic: &H,
    is_goal: P,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    H: Heuristic<G::State, Cost = G::Cost>,
    P: FnMut(&G::State) -> bool,
{
    IdaStar::new().run(space, start, heuristic, is_goal)
}

/// One iteration of an [`IdaStar`] search: its cost bound, and the nodes it
/// expanded.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, IdaStar, UnitCost};
///
/// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
/// let mut search = IdaStar::new();
/// search.run(&line, 0, &|_: &i32| 0, |&n| n == 2)?;
/// let bounds: Vec<u32> = search.iterations().iter().map(|i| i.bound).collect();
/// assert_eq!(bounds, [0, 1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Iteration<C> {
    /// The cost bound: nodes whose `g + h` passes it were cut off.
    pub bound: C,
    /// Nodes expanded in this iteration.
    pub expanded: u64,
    /// Successors generated in this iteration.
    pub generated: u64,
}

/// A node on the current path.
#[derive(Clone, Debug)]
struct Step<S, C> {
    state: S,
    cost: C,
    estimate: C,
    /// Where this node's children start and end in `children`, and the
    /// next one to visit.
    children: (usize, usize),
    next: usize,
}

/// How an iteration ended.
#[derive(Clone, Copy)]
enum Outcome<C> {
    Found(C),
    /// No goal within the bound; the smallest `g + h` cut off, if any.
    Cut(Option<C>),
    /// No goal within the bound, and nothing cut off but by the depth
    /// limit.
    TooDeep,
    /// Another worker found a goal first.
    Stopped,
}

/// Where one depth-first search starts: the start of the whole search, or
/// a node some moves below it for a parallel worker.
struct Root<'a, S, C> {
    state: &'a S,
    cost: C,
    estimate: C,
    /// The state the root was reached from, never generated again.
    parent: Option<&'a S>,
    /// The root's depth in moves.
    depth: usize,
}

/// IDA* search, as a cache the caller keeps: its [`Limits`], the
/// [`Stats`] and [`Iteration`]s of the last run, and buffers that later
/// runs reuse.
///
/// Each iteration is a depth-first search that cuts off every node whose
/// `g + h` passes the bound; the next bound is the smallest value cut off.
/// With an admissible heuristic the first goal found is a cheapest one:
/// every node on a cheapest path has `g + h` at most the optimal cost `C*`,
/// so no bound passes `C*`, and a goal found within a bound costs at most
/// that bound.
///
/// - Memory is the current path and its nodes' unvisited children: no
///   allocation per node once the buffers have grown to the deepest path.
/// - A node's parent is never generated again among its children, which in
///   a reversible space removes a third of the nodes; other cycles are not
///   detected, which costs time, never answers.
/// - Goals are tested when a node is generated within the bound.
/// - The limits that apply are [`Limits::max_nodes`] and
///   [`Limits::max_depth`] (in moves). IDA* keeps no visited set, so in a
///   space with cycles it cannot tell that a goal is unreachable: without
///   one of these limits it then runs for ever. With a depth limit it
///   answers `Ok(None)` when nothing lies past it, and an error when
///   something does, as [`Search::bfs`](crate::Search::bfs) does.
/// - IDA* suits spaces that are trees or nearly so (sliding puzzles,
///   permutation puzzles) with a good estimate. It walks paths, not
///   states: in a graph with many short cycles it revisits a state once
///   per path to it, and a cycle of moves that cost nothing keeps it within
///   one bound for ever. Use [`AStar`](crate::AStar) there.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, IdaStar, Limits, UnitCost};
///
/// // A 6x6 grid, and the taxicab distance, which is consistent.
/// let grid = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
/// }));
/// let taxicab = |&(x, y): &(i8, i8)| u32::from(x.abs_diff(5) + y.abs_diff(5));
/// let mut search = IdaStar::new().limits(Limits::new().max_nodes(1_000_000));
/// let (path, cost) = search.run(&grid, (0, 0), &taxicab, |&s| s == (5, 5))?.expect("reachable");
/// assert_eq!((path.len(), cost), (10, 10));
/// assert_eq!(search.iterations().len(), 1); // the estimate was exact
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct IdaStar<S, M, C> {
    limits: Limits,
    stats: Stats,
    iterations: Vec<Iteration<C>>,
    path: Vec<Step<S, C>>,
    /// The children of every node on the path, with the move and the
    /// cost that reach each.
    children: Vec<(S, M, C)>,
    /// [`run_in_place`](IdaStar::run_in_place)'s path: a frame per node,
    /// and the moves out of each.
    frames: Vec<Frame<C>>,
    moves: Vec<M>,
}

/// A node on [`IdaStar::run_in_place`]'s path: its moves, `begin..end` of
/// the moves buffer, the next to try, and the cost of reaching it.
#[derive(Clone, Copy, Debug)]
struct Frame<C> {
    begin: usize,
    next: usize,
    end: usize,
    cost: C,
}

/// A space whose moves are made on a state in place and taken back, for
/// [`IdaStar::run_in_place`]: the search then keeps one state and the
/// moves of its path, where [`IdaStar::run`] keeps a copy of every state
/// on its path and of every child waiting there. Worth it when states are
/// large or costly to copy (a state that is a few machine words, like a
/// sliding-puzzle board, gains nothing).
///
/// # Example
///
/// ```
/// use search_core::{IdaStar, InPlace};
///
/// /// Sorting by swapping neighbours: a state of 6 numbers, in place.
/// struct Swaps;
/// impl InPlace for Swaps {
///     type State = [u8; 6];
///     type Move = usize;
///     type Cost = u32;
///     fn moves<F: FnMut(usize)>(&self, _: &[u8; 6], mut report: F) {
///         (0..5).for_each(|i| report(i));
///     }
///     fn apply(&self, state: &mut [u8; 6], &i: &usize) -> u32 {
///         state.swap(i, i + 1);
///         1
///     }
///     fn undo(&self, state: &mut [u8; 6], &i: &usize) {
///         state.swap(i, i + 1);
///     }
///     fn reverses(&self, mv: &usize, previous: &usize) -> bool {
///         mv == previous
///     }
/// }
///
/// // Each swap of neighbours removes at most one inversion: admissible.
/// let inversions = |s: &[u8; 6]| {
///     (0..6).map(|i| (i + 1..6).filter(|&j| s[i] > s[j]).count() as u32).sum::<u32>()
/// };
/// let (path, cost) = IdaStar::new()
///     .run_in_place(&Swaps, [5, 4, 3, 2, 1, 0], &inversions, |s| s.is_sorted())?
///     .expect("sortable");
/// assert_eq!((cost, path.len()), (15, 15));
/// assert_eq!(path.end(), &[0, 1, 2, 3, 4, 5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait InPlace {
    /// The states.
    type State: Clone;
    /// The moves.
    type Move: Clone;
    /// What a move costs.
    type Cost: Cost;

    /// Calls `report(mv)` for each move that can be made on `state`.
    fn moves<F: FnMut(Self::Move)>(&self, state: &Self::State, report: F);

    /// Makes `mv` on `state`, and returns what it cost.
    fn apply(&self, state: &mut Self::State, mv: &Self::Move) -> Self::Cost;

    /// Takes back `mv`, the last move made on `state`.
    fn undo(&self, state: &mut Self::State, mv: &Self::Move);

    /// Whether `mv` takes `previous` straight back, so that the search
    /// never steps back to the state it came from. By default never: such
    /// steps are then searched, which costs time, not answers.
    fn reverses(&self, mv: &Self::Move, previous: &Self::Move) -> bool {
        let _ = (mv, previous);
        false
    }
}

impl<S: State, M: Clone, C: Cost> IdaStar<S, M, C> {
    /// A search with default [`Limits`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::IdaStar;
    ///
    /// let search: IdaStar<u32, (), u32> = IdaStar::new();
    /// assert!(search.iterations().is_empty());
    /// ```
    pub fn new() -> IdaStar<S, M, C> {
        IdaStar {
            limits: Limits::new(),
            stats: Stats::default(),
            iterations: Vec::new(),
            path: Vec::new(),
            children: Vec::new(),
            frames: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Sets the limits of every later run; only
    /// [`max_nodes`](Limits::max_nodes) applies.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{IdaStar, Limits};
    ///
    /// let search: IdaStar<u32, (), u32> = IdaStar::new().limits(Limits::new().max_nodes(10));
    /// # drop(search);
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> IdaStar<S, M, C> {
        self.limits = limits;
        self
    }

    /// What the last run counted, over all its iterations. `stored` is the
    /// longest path held.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, IdaStar, UnitCost};
    ///
    /// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
    /// let mut search = IdaStar::new();
    /// search.run(&line, 0, &|&n: &i32| (3 - n).unsigned_abs(), |&n| n == 3)?;
    /// assert_eq!(search.stats().expanded, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The iterations of the last run, the last one first to last.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, IdaStar, UnitCost};
    ///
    /// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
    /// let mut search = IdaStar::new();
    /// search.run(&line, 0, &|&n: &i32| (4 - n).unsigned_abs() / 2, |&n| n == 4)?;
    /// assert_eq!(search.iterations().last().map(|i| i.bound), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iterations(&self) -> &[Iteration<C>] {
        &self.iterations
    }

    /// A cheapest path from `start` to the first state that satisfies
    /// `is_goal`, and its cost, or `None` when no path within the limits
    /// reaches a goal and none goes further.
    ///
    /// # Errors
    ///
    /// When the search reaches its node limit, or its depth limit with
    /// paths going further.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, IdaStar, Limit, Limits, UnitCost};
    ///
    /// let ring = UnitCost(from_fn(|&n: &u8| [(n + 1) % 10, (n + 9) % 10]));
    /// let mut search = IdaStar::new().limits(Limits::new().max_depth(20));
    /// assert_eq!(search.run(&ring, 0, &|_: &u8| 0, |&n| n == 7)?.map(|(_, c)| c), Some(3));
    /// // The ring never ends: an unreachable goal is found out at the limit.
    /// let error = search.run(&ring, 0, &|_: &u8| 0, |&n| n == 70).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(20)));
    ///
    /// // A line that ends: nothing lies past the limit, so the answer is no.
    /// let line = UnitCost(from_fn(|&n: &u8| (n < 5).then_some(n + 1)));
    /// assert_eq!(search.run(&line, 0, &|_: &u8| 0, |&n| n == 70)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<G, H, P>(
        &mut self,
        space: &G,
        start: S,
        heuristic: &H,
        is_goal: P,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Heuristic<S, Cost = C>,
        P: FnMut(&S) -> bool,
    {
        self.run_with_progress(space, start, heuristic, is_goal, |_| {})
    }

    /// As [`run`](IdaStar::run), calling `observer` every 65,536 expanded
    /// nodes with a [`Progress`] report: the path held, the nodes
    /// expanded, and the deepest path of the current iteration.
    ///
    /// # Errors
    ///
    /// As for [`run`](IdaStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, IdaStar, UnitCost};
    ///
    /// // A binary tree, searched for a leaf 20 levels down with no estimate.
    /// let tree = UnitCost(from_fn(|&n: &u32| [2 * n, 2 * n + 1]));
    /// let mut deepest = 0;
    /// let mut search = IdaStar::new();
    /// let found = search.run_with_progress(&tree, 1, &|_: &u32| 0, |&n| n == 1 << 20, |p| {
    ///     deepest = deepest.max(p.depth)
    /// })?;
    /// assert_eq!(found.map(|(_, cost)| cost), Some(20));
    /// assert!(deepest >= 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_with_progress<G, H, P, O>(
        &mut self,
        space: &G,
        start: S,
        heuristic: &H,
        mut is_goal: P,
        mut observer: O,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Heuristic<S, Cost = C>,
        P: FnMut(&S) -> bool,
        O: FnMut(&Progress),
    {
        if self.restart(&start, &mut is_goal) {
            return Ok(Some((Path::new(vec![start], Vec::new()), C::zero())));
        }
        let estimate = heuristic.estimate(&start);
        let mut bound = estimate;
        loop {
            let before = self.stats;
            let root = Root { state: &start, cost: C::zero(), estimate, parent: None, depth: 0 };
            let outcome =
                self.iterate(space, &root, bound, heuristic, (&mut is_goal, &mut observer, None));
            self.record(bound, &before);
            match self.settle(outcome?)? {
                ControlFlow::Break(Some(cost)) => return Ok(Some((self.solution(), cost))),
                ControlFlow::Break(None) => return Ok(None),
                ControlFlow::Continue(next) => bound = next,
            }
        }
    }

    /// Clears the last run's counts for a run from `start`; true when
    /// `start` is a goal already.
    fn restart<P: FnMut(&S) -> bool>(&mut self, start: &S, mut is_goal: P) -> bool {
        self.stats = Stats::default();
        self.iterations.clear();
        let done = is_goal(start);
        if done {
            self.stats.stored = 1;
        }
        done
    }

    /// What a sequential iteration's outcome means for the search: an
    /// answer (a goal's cost, or none), or the next bound.
    fn settle(&self, outcome: Outcome<C>) -> Result<ControlFlow<Option<C>, C>, Error> {
        match outcome {
            Outcome::Found(cost) => Ok(ControlFlow::Break(Some(cost))),
            Outcome::Cut(None) => Ok(ControlFlow::Break(None)),
            Outcome::Cut(Some(next)) => Ok(ControlFlow::Continue(next)),
            Outcome::TooDeep => {
                let depth = self.limits.get_max_depth().unwrap_or(usize::MAX);
                Err(Error::limit(Limit::Depth(depth)))
            }
            Outcome::Stopped => unreachable!("a search alone is never stopped"),
        }
    }

    /// Records the iteration within `bound` that began with `before`.
    fn record(&mut self, bound: C, before: &Stats) {
        self.iterations.push(Iteration {
            bound,
            expanded: self.stats.expanded - before.expanded,
            generated: self.stats.generated - before.generated,
        });
    }

    /// The path held when a goal was found, the goal last.
    fn solution(&self) -> Path<S, M> {
        let states = self.path.iter().map(|step| step.state.clone()).collect();
        // A node's move is its parent's last visited child's.
        let moves = self.path[..self.path.len() - 1]
            .iter()
            .map(|parent| self.children[parent.next - 1].1.clone())
            .collect();
        Path::new(states, moves)
    }

    /// One depth-first search within `bound`.
    fn iterate<G, H, P, O>(
        &mut self,
        space: &G,
        root: &Root<'_, S, C>,
        bound: C,
        heuristic: &H,
        (is_goal, observer, halt): (&mut P, &mut O, Option<&AtomicBool>),
    ) -> Result<Outcome<C>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Heuristic<S, Cost = C>,
        P: FnMut(&S) -> bool,
        O: FnMut(&Progress),
    {
        let mut next_report = self.stats.expanded + EVERY;
        let mut deepest = 0;
        self.path.clear();
        self.children.clear();
        let mut smallest_cut: Option<C> = None;
        let mut too_deep = false;
        let max_depth = self.limits.get_max_depth().unwrap_or(usize::MAX);
        self.push(space, root.state.clone(), (root.cost, root.estimate), true, root.parent)?;
        loop {
            let depth = root.depth + self.path.len();
            let Some(top) = self.path.last_mut() else { break };
            if top.next == top.children.1 {
                let (begin, _) = top.children;
                self.path.pop();
                self.children.truncate(begin);
                continue;
            }
            let index = top.next;
            top.next += 1;
            // The child lies as many moves deep as the path holds states.
            if depth > max_depth {
                too_deep = true;
                continue;
            }
            let (cost, parent_estimate) = (top.cost, top.estimate);
            let (child, _, step) = &self.children[index];
            let cost = add_costs(cost, *step)?;
            let parent = &self.path[self.path.len() - 1].state;
            let child_estimate = heuristic.estimate_child(parent, parent_estimate, child);
            let f = add_costs(cost, child_estimate)?;
            if f > bound {
                smallest_cut = Some(smallest_cut.map_or(f, |cut| cut.min(f)));
                continue;
            }
            let child = child.clone();
            let goal = is_goal(&child);
            self.push(space, child, (cost, child_estimate), !goal, None)?;
            deepest = deepest.max(depth);
            if self.stats.expanded >= next_report {
                next_report = self.stats.expanded + EVERY;
                if halt.is_some_and(|halt| halt.load(Ordering::Relaxed)) {
                    return Ok(Outcome::Stopped);
                }
                observer(&Progress {
                    stored: self.path.len() as u64,
                    expanded: self.stats.expanded,
                    depth: deepest,
                    bytes: 0,
                });
            }
            if goal {
                return Ok(Outcome::Found(cost));
            }
        }
        if smallest_cut.is_none() && too_deep {
            return Ok(Outcome::TooDeep);
        }
        Ok(Outcome::Cut(smallest_cut))
    }

    /// Puts `state` on the path and, when `expand`, generates its
    /// children but for the state it came from.
    fn push<G>(
        &mut self,
        space: &G,
        state: S,
        (cost, estimate): (C, C),
        expand: bool,
        root_parent: Option<&S>,
    ) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
    {
        let begin = self.children.len();
        if !expand {
            let children = (begin, begin);
            self.path.push(Step { state, cost, estimate, children, next: begin });
            self.stats.stored = self.stats.stored.max(self.path.len() as u64);
            return Ok(());
        }
        self.limits.check_nodes(self.stats.expanded)?;
        let grandparent = self.path.last().map(|step| &step.state).or(root_parent);
        let children = &mut self.children;
        let mut skipped = 0;
        space.successors(&state, |next, mv| {
            if Some(&next) == grandparent {
                skipped += 1;
            } else {
                let step = space.cost(&state, &mv, &next);
                children.push((next, mv, step));
            }
        });
        let end = self.children.len();
        self.stats.expanded += 1;
        self.stats.generated += (end - begin + skipped) as u64;
        self.stats.duplicates += skipped as u64;
        self.path.push(Step { state, cost, estimate, children: (begin, end), next: begin });
        self.stats.stored = self.stats.stored.max(self.path.len() as u64);
        Ok(())
    }
}

impl<S: State, M: Clone, C: Cost> IdaStar<S, M, C> {
    /// As [`run`](IdaStar::run), on a space whose moves are made in place
    /// ([`InPlace`]): one state is kept and changed, and the path is
    /// copied out only when a goal is found. Estimates are computed afresh
    /// for each child ([`Heuristic::estimate`]; there is no parent state to
    /// update one from). The limits, statistics and iterations are
    /// [`run`](IdaStar::run)'s; no progress is reported.
    ///
    /// # Errors
    ///
    /// As for [`run`](IdaStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{IdaStar, InPlace, Limits};
    ///
    /// /// A counter that adds 3 or takes 2.
    /// struct Counter;
    /// impl InPlace for Counter {
    ///     type State = i64;
    ///     type Move = i64;
    ///     type Cost = u32;
    ///     fn moves<F: FnMut(i64)>(&self, _: &i64, mut report: F) {
    ///         report(3);
    ///         report(-2);
    ///     }
    ///     fn apply(&self, n: &mut i64, step: &i64) -> u32 {
    ///         *n += step;
    ///         1
    ///     }
    ///     fn undo(&self, n: &mut i64, step: &i64) {
    ///         *n -= step;
    ///     }
    /// }
    ///
    /// let mut search = IdaStar::new().limits(Limits::new().max_depth(10));
    /// let (path, cost) = search.run_in_place(&Counter, 0, &|_: &i64| 0u32, |&n| n == 4)?.expect("reachable");
    /// assert_eq!((cost, path.end()), (3, &4)); // 3 + 3 - 2
    /// assert_eq!(search.iterations().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_in_place<G, H, P>(
        &mut self,
        space: &G,
        start: S,
        heuristic: &H,
        mut is_goal: P,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
        H: Heuristic<S, Cost = C>,
        P: FnMut(&S) -> bool,
    {
        if self.restart(&start, &mut is_goal) {
            return Ok(Some((Path::new(vec![start], Vec::new()), C::zero())));
        }
        let mut state = start.clone();
        let mut bound = heuristic.estimate(&start);
        loop {
            let before = self.stats;
            let outcome = self.iterate_in_place(space, &mut state, bound, heuristic, &mut is_goal);
            self.record(bound, &before);
            match self.settle(outcome?)? {
                ControlFlow::Break(Some(cost)) => {
                    return Ok(Some((self.replay(space, start), cost)));
                }
                ControlFlow::Break(None) => return Ok(None),
                ControlFlow::Continue(next) => bound = next,
            }
        }
    }

    /// One depth-first search within `bound`, changing `state` in place;
    /// on [`Outcome::Found`] the frames hold the path and `state` is the
    /// goal, otherwise `state` is back where it began.
    fn iterate_in_place<G, H, P>(
        &mut self,
        space: &G,
        state: &mut S,
        bound: C,
        heuristic: &H,
        is_goal: &mut P,
    ) -> Result<Outcome<C>, Error>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
        H: Heuristic<S, Cost = C>,
        P: FnMut(&S) -> bool,
    {
        self.frames.clear();
        self.moves.clear();
        let max_depth = self.limits.get_max_depth().unwrap_or(usize::MAX);
        let mut smallest_cut: Option<C> = None;
        let mut too_deep = false;
        self.expand_in_place(space, state, C::zero())?;
        while let Some(&top) = self.frames.last() {
            let depth = self.frames.len();
            if top.next == top.end {
                self.frames.pop();
                self.moves.truncate(top.begin);
                // Back to the parent: take back the move that led here.
                if let Some(parent) = self.frames.last() {
                    space.undo(state, &self.moves[parent.next - 1]);
                }
                continue;
            }
            let last = self.frames.len() - 1;
            self.frames[last].next += 1;
            let mv = &self.moves[top.next];
            if depth >= 2 {
                let came_by = &self.moves[self.frames[last - 1].next - 1];
                if space.reverses(mv, came_by) {
                    self.stats.generated += 1;
                    self.stats.duplicates += 1;
                    continue;
                }
            }
            if depth > max_depth {
                too_deep = true;
                continue;
            }
            let cost = add_costs(top.cost, space.apply(state, mv))?;
            self.stats.generated += 1;
            let f = add_costs(cost, heuristic.estimate(state))?;
            if f > bound {
                smallest_cut = Some(smallest_cut.map_or(f, |cut| cut.min(f)));
                space.undo(state, &self.moves[top.next]);
                continue;
            }
            if is_goal(state) {
                return Ok(Outcome::Found(cost));
            }
            self.expand_in_place(space, state, cost)?;
        }
        if smallest_cut.is_none() && too_deep {
            return Ok(Outcome::TooDeep);
        }
        Ok(Outcome::Cut(smallest_cut))
    }

    /// Puts a frame for `state`, reached at `cost`, on the path, with its
    /// moves.
    fn expand_in_place<G>(&mut self, space: &G, state: &S, cost: C) -> Result<(), Error>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
    {
        self.limits.check_nodes(self.stats.expanded)?;
        self.stats.expanded += 1;
        let begin = self.moves.len();
        space.moves(state, |mv| self.moves.push(mv));
        let end = self.moves.len();
        self.frames.push(Frame { begin, next: begin, end, cost });
        self.stats.stored = self.stats.stored.max(self.frames.len() as u64);
        Ok(())
    }

    /// The path the frames hold, from `start`: each frame's last tried
    /// move, made again on a copy.
    fn replay<G>(&self, space: &G, start: S) -> Path<S, M>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
    {
        let moves: Vec<M> =
            self.frames.iter().map(|frame| self.moves[frame.next - 1].clone()).collect();
        let mut states = Vec::with_capacity(moves.len() + 1);
        let mut state = start;
        for mv in &moves {
            states.push(state.clone());
            space.apply(&mut state, mv);
        }
        states.push(state);
        Path::new(states, moves)
    }
}

#[cfg(feature = "rayon")]
/// A subtree a parallel iteration hands to a worker: the path from the
/// start to its root, and the moves along it.
struct Job<S, M, C> {
    states: Vec<S>,
    moves: Vec<M>,
    cost: C,
    estimate: C,
}

#[cfg(feature = "rayon")]
/// What a worker found in one subtree.
struct Answer<S, M, C> {
    outcome: Result<Outcome<C>, Error>,
    stats: Stats,
    /// The path from the subtree's root to the goal, when one was found.
    path: Option<Path<S, M>>,
}

#[cfg(feature = "rayon")]
/// A parallel iteration splits the tree into at least this many subtrees
/// per thread, so that threads stay busy while the subtrees' sizes vary.
const JOBS_PER_THREAD: usize = 64;

#[cfg(feature = "rayon")]
impl<S, M, C> IdaStar<S, M, C>
where
    S: State + Send + Sync,
    M: Clone + Send + Sync,
    C: Cost + Send + Sync,
{
    /// As [`run`](IdaStar::run), on every thread of the current rayon pool.
    ///
    /// Each iteration expands the top of the tree breadth-first until it
    /// has many subtrees per thread, then searches the subtrees in
    /// parallel within the iteration's bound. The first goal a worker
    /// finds ends the iteration: any goal found within a bound costs
    /// exactly the optimal cost (see [`IdaStar`]), so stopping early keeps
    /// the answer optimal; which of several cheapest paths is returned may
    /// differ from run to run, its cost never. The node limit is checked
    /// between subtrees, so a run may pass it by the size of one subtree
    /// per thread.
    ///
    /// # Errors
    ///
    /// As for [`run`](IdaStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, IdaStar, UnitCost};
    ///
    /// let grid = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
    ///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    ///         .into_iter()
    ///         .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
    /// }));
    /// let half = |&(x, y): &(i8, i8)| u32::from(x.abs_diff(5) + y.abs_diff(5)) / 2;
    /// let mut search = IdaStar::new();
    /// let (path, cost) = search.run_parallel(&grid, (0, 0), &half, |&s| s == (5, 5))?.expect("reachable");
    /// assert_eq!((path.len(), cost), (10, 10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_parallel<G, H, P>(
        &mut self,
        space: &G,
        start: S,
        heuristic: &H,
        is_goal: P,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        H: Heuristic<S, Cost = C> + Sync,
        P: Fn(&S) -> bool + Sync,
    {
        self.run_parallel_with_progress(space, start, heuristic, is_goal, |_| {})
    }

    /// As [`run_parallel`](IdaStar::run_parallel), calling `observer` on
    /// the calling thread after each iteration.
    ///
    /// # Errors
    ///
    /// As for [`run`](IdaStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, IdaStar, UnitCost};
    ///
    /// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
    /// let mut depths = Vec::new();
    /// let mut search = IdaStar::new();
    /// search.run_parallel_with_progress(&line, 0, &|_: &i32| 0, |&n| n == 3, |p| depths.push(p.depth))?;
    /// assert_eq!(depths, [0, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_parallel_with_progress<G, H, P, O>(
        &mut self,
        space: &G,
        start: S,
        heuristic: &H,
        is_goal: P,
        mut observer: O,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        H: Heuristic<S, Cost = C> + Sync,
        P: Fn(&S) -> bool + Sync,
        O: FnMut(&Progress),
    {
        if self.restart(&start, &is_goal) {
            return Ok(Some((Path::new(vec![start], Vec::new()), C::zero())));
        }
        let estimate = heuristic.estimate(&start);
        let mut bound = estimate;
        let wanted = JOBS_PER_THREAD * rayon::current_num_threads();
        loop {
            let before = self.stats;
            let outcome = self
                .parallel_iteration(space, &start, estimate, bound, heuristic, &is_goal, wanted);
            self.record(bound, &before);
            let outcome = outcome?;
            if !matches!(outcome.0, Outcome::Found(_)) {
                observer(&Progress {
                    stored: self.stats.stored,
                    expanded: self.stats.expanded,
                    depth: self.stats.stored.saturating_sub(1) as usize,
                    bytes: 0,
                });
            }
            match outcome {
                (Outcome::Found(cost), Some(path)) => return Ok(Some((path, cost))),
                (Outcome::Cut(None), _) => return Ok(None),
                (Outcome::Cut(Some(next)), _) => bound = next,
                (Outcome::TooDeep, _) => {
                    let depth = self.limits.get_max_depth().unwrap_or(usize::MAX);
                    return Err(Error::limit(Limit::Depth(depth)));
                }
                (Outcome::Found(_) | Outcome::Stopped, _) => {
                    unreachable!("an iteration that found a goal returns its path")
                }
            }
        }
    }

    /// One iteration: the top of the tree breadth-first, then its subtrees
    /// in parallel.
    #[expect(clippy::too_many_arguments, reason = "one iteration's whole state, passed once")]
    fn parallel_iteration<G, H, P>(
        &mut self,
        space: &G,
        start: &S,
        estimate: C,
        bound: C,
        heuristic: &H,
        is_goal: &P,
        wanted: usize,
    ) -> Result<(Outcome<C>, Option<Path<S, M>>), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        H: Heuristic<S, Cost = C> + Sync,
        P: Fn(&S) -> bool + Sync,
    {
        let max_depth = self.limits.get_max_depth().unwrap_or(usize::MAX);
        let mut smallest_cut: Option<C> = None;
        let mut too_deep = false;
        let mut jobs =
            vec![Job { states: vec![start.clone()], moves: Vec::new(), cost: C::zero(), estimate }];
        // Breadth-first over the top of the tree, one level at a time.
        let mut depth = 0;
        while jobs.len() < wanted && !jobs.is_empty() && depth < max_depth {
            let mut next_level = Vec::new();
            for job in &jobs {
                self.limits.check_nodes(self.stats.expanded)?;
                let state = &job.states[job.states.len() - 1];
                let parent = job.states.len().checked_sub(2).map(|i| &job.states[i]);
                let mut children = Vec::new();
                space.successors(state, |next, mv| {
                    if Some(&next) == parent {
                        self.stats.duplicates += 1;
                    } else {
                        children.push((next, mv));
                    }
                });
                self.stats.expanded += 1;
                self.stats.generated += children.len() as u64;
                for (next, mv) in children {
                    let cost = add_costs(job.cost, space.cost(state, &mv, &next))?;
                    let next_estimate = heuristic.estimate_child(state, job.estimate, &next);
                    let f = add_costs(cost, next_estimate)?;
                    if f > bound {
                        smallest_cut = Some(smallest_cut.map_or(f, |cut| cut.min(f)));
                        continue;
                    }
                    let mut states = job.states.clone();
                    let mut moves = job.moves.clone();
                    states.push(next);
                    moves.push(mv);
                    if is_goal(&states[states.len() - 1]) {
                        return Ok((Outcome::Found(cost), Some(Path::new(states, moves))));
                    }
                    self.stats.stored = self.stats.stored.max(states.len() as u64);
                    next_level.push(Job { states, moves, cost, estimate: next_estimate });
                }
            }
            jobs = next_level;
            depth += 1;
        }
        if depth >= max_depth && !jobs.is_empty() {
            // Past the limit lie more states, or none.
            too_deep = jobs.iter().any(|job| {
                let state = &job.states[job.states.len() - 1];
                let parent = job.states.len().checked_sub(2).map(|i| &job.states[i]);
                let mut more = false;
                space.successors(state, |next, _| more |= Some(&next) != parent);
                more
            });
            jobs.clear();
        }
        let stop = AtomicBool::new(false);
        let expanded = AtomicU64::new(self.stats.expanded);
        let limits = self.limits;
        let answers: Vec<Answer<S, M, C>> = jobs
            .par_iter()
            .map_init(
                || IdaStar::new().limits(limits),
                |worker, job| {
                    worker.subtree(space, job, bound, heuristic, is_goal, (&stop, &expanded))
                },
            )
            .collect();
        let mut found = None;
        for answer in answers {
            add_stats(&mut self.stats, &answer.stats);
            match answer.outcome? {
                Outcome::Found(cost) if found.is_none() => found = Some((cost, answer.path)),
                Outcome::Cut(Some(cut)) => {
                    smallest_cut = Some(smallest_cut.map_or(cut, |c| c.min(cut)));
                }
                Outcome::TooDeep => too_deep = true,
                Outcome::Found(_) | Outcome::Cut(None) | Outcome::Stopped => {}
            }
        }
        if let Some((cost, path)) = found {
            return Ok((Outcome::Found(cost), path));
        }
        if smallest_cut.is_none() && too_deep {
            return Ok((Outcome::TooDeep, None));
        }
        Ok((Outcome::Cut(smallest_cut), None))
    }

    /// A worker's search of one subtree, the whole path to a goal if it
    /// finds one.
    fn subtree<G, H, P>(
        &mut self,
        space: &G,
        job: &Job<S, M, C>,
        bound: C,
        heuristic: &H,
        is_goal: &P,
        (stop, expanded): (&AtomicBool, &AtomicU64),
    ) -> Answer<S, M, C>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Heuristic<S, Cost = C>,
        P: Fn(&S) -> bool,
    {
        self.stats = Stats::default();
        if stop.load(Ordering::Relaxed) {
            return Answer { outcome: Ok(Outcome::Stopped), stats: self.stats, path: None };
        }
        if let Err(error) = self.limits.check_nodes(expanded.load(Ordering::Relaxed)) {
            return Answer { outcome: Err(error.into()), stats: self.stats, path: None };
        }
        let states = &job.states;
        let root = Root {
            state: &states[states.len() - 1],
            cost: job.cost,
            estimate: job.estimate,
            parent: states.len().checked_sub(2).map(|i| &states[i]),
            depth: states.len() - 1,
        };
        let outcome = self.iterate(
            space,
            &root,
            bound,
            heuristic,
            (&mut |s: &S| is_goal(s), &mut |_: &Progress| {}, Some(stop)),
        );
        expanded.fetch_add(self.stats.expanded, Ordering::Relaxed);
        // Paths held below the root hold the root's path too.
        self.stats.stored += root.depth as u64;
        let path = match &outcome {
            Ok(Outcome::Found(_)) => {
                stop.store(true, Ordering::Relaxed);
                let (below, moves_below) = self.solution().into_parts();
                let mut states = job.states.clone();
                let mut moves = job.moves.clone();
                states.extend(below.into_iter().skip(1));
                moves.extend(moves_below);
                Some(Path::new(states, moves))
            }
            _ => None,
        };
        Answer { outcome, stats: self.stats, path }
    }
}

#[cfg(feature = "rayon")]
/// Adds a worker's counts to the search's.
fn add_stats(total: &mut Stats, part: &Stats) {
    total.expanded += part.expanded;
    total.generated += part.generated;
    total.duplicates += part.duplicates;
    total.stored = total.stored.max(part.stored);
}

impl<S: State, M: Clone, C: Cost> Default for IdaStar<S, M, C> {
    fn default() -> IdaStar<S, M, C> {
        IdaStar::new()
    }
}

impl<S, M, C: fmt::Debug> fmt::Debug for IdaStar<S, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IdaStar")
            .field("limits", &self.limits)
            .field("stats", &self.stats)
            .field("iterations", &self.iterations)
            .finish_non_exhaustive()
    }
}
