//! IDA*: iterative-deepening A*, which finds cheapest paths in memory that
//! grows only with the path's length.

use std::fmt;

use crate::error::{Error, Limit, Limits, Stats};
use crate::path::Path;
use crate::progress::{EVERY, Progress};
use crate::space::State;
use crate::weighted::{Cost, Heuristic, Weighted};

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
enum Outcome<C> {
    Found(C),
    /// No goal within the bound; the smallest `g + h` cut off, if any.
    Cut(Option<C>),
    /// No goal within the bound, and nothing cut off but by the depth
    /// limit.
    TooDeep,
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
        self.stats = Stats::default();
        self.iterations.clear();
        if is_goal(&start) {
            self.stats.stored = 1;
            return Ok(Some((Path::new(vec![start], Vec::new()), C::zero())));
        }
        let estimate = heuristic.estimate(&start);
        let mut bound = estimate;
        loop {
            let before = self.stats;
            let outcome = self.iterate(
                space,
                (&start, estimate, bound),
                heuristic,
                &mut is_goal,
                &mut observer,
            );
            self.iterations.push(Iteration {
                bound,
                expanded: self.stats.expanded - before.expanded,
                generated: self.stats.generated - before.generated,
            });
            match outcome? {
                Outcome::Found(cost) => return Ok(Some((self.solution(), cost))),
                Outcome::Cut(None) => return Ok(None),
                Outcome::Cut(Some(next)) => bound = next,
                Outcome::TooDeep => {
                    let depth = self.limits.get_max_depth().unwrap_or(usize::MAX);
                    return Err(Error::limit(Limit::Depth(depth)));
                }
            }
        }
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
        (start, estimate, bound): (&S, C, C),
        heuristic: &H,
        is_goal: &mut P,
        observer: &mut O,
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
        self.push(space, start.clone(), C::zero(), estimate, true)?;
        loop {
            let depth = self.path.len();
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
            let cost = cost + *step;
            let parent = &self.path[self.path.len() - 1].state;
            let child_estimate = heuristic.estimate_child(parent, parent_estimate, child);
            let f = cost + child_estimate;
            if f > bound {
                smallest_cut = Some(smallest_cut.map_or(f, |cut| cut.min(f)));
                continue;
            }
            let child = child.clone();
            let goal = is_goal(&child);
            self.push(space, child, cost, child_estimate, !goal)?;
            deepest = deepest.max(depth);
            if self.stats.expanded >= next_report {
                next_report = self.stats.expanded + EVERY;
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
        cost: C,
        estimate: C,
        expand: bool,
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
        let grandparent = self.path.len().checked_sub(1).map(|i| &self.path[i].state);
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
