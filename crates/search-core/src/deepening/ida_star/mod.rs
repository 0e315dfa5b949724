//! IDA*: iterative-deepening A*, which finds cheapest paths in memory that
//! grows only with the path's length.
//!
//! This file holds [`IdaStar`], its builders and the types its three
//! executors share; each executor is a file: `owned` (states cloned along
//! the path, and the iterations of the other two), `in_place` ([`InPlace`]
//! spaces) and `parallel` (every core). With unit costs and no estimate
//! ([`IdaStar::unit_cost`]) it is the engine of the depth-first family's
//! `iddfs` (`deepening/iddfs.rs`).

use std::fmt;
use std::ops::Sub;

use num_traits::Bounded;

use smallvec::SmallVec;

use crate::error::Error;
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::memory::bytes_of;
use crate::run::progress::{CHECK_EVERY, EVERY, Progress};
use crate::space::traits::{State, Successors};
use crate::space::weighted::min_cost;
use crate::space::weighted::{Cost, UnitCost, Weighted};

/// A cheapest path from any of `starts` to the first state that satisfies
/// `is_goal`, and its cost, by IDA* guided by `heuristic`; `None` when no
/// goal can be reached and the space is finite.
///
/// A shortcut for [`IdaStar::run`] with a fresh cache and a default
/// [`Run`].
///
/// # Errors
///
/// As for [`IdaStar::run`].
///
/// # Example
///
/// ```
/// use search_core::{ida_star, from_fn};
/// use search_core::space::UnitCost;
///
/// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
/// let (path, cost) = ida_star(&line, [0], |&n| (7 - n).unsigned_abs(), |&n| n == 7)?
///     .expect("reachable");
/// assert_eq!((path.len(), cost), (7, 7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ida_star<G, I, H, P>(
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
    IdaStar::new().run(space, starts, heuristic, is_goal, &mut Run::new())
}

/// One iteration of an [`IdaStar`] search: its cost bound, and the nodes it
/// expanded.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Run};
/// use search_core::deepening::IdaStar;
/// use search_core::space::UnitCost;
///
/// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
/// let mut search = IdaStar::new();
/// let mut run = Run::new();
/// search.run(&line, [0], |_| 0, |&n| n == 2, &mut run)?;
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

/// How an executor reads a state's estimate: whole, or within what the
/// bound leaves a child, where an estimate that takes the largest of
/// several tables can stop at the first past it.
pub(super) trait Estimator<S, C> {
    /// The whole estimate of `state`: a start's, before any bound.
    fn whole(&self, state: &S) -> C;

    /// The estimate of `state`, reached at `cost` under `bound`: the
    /// whole estimate, or any value no more than it whose sum with `cost`
    /// passes `bound` (the state is cut off either way, and the next
    /// bound stays a bound).
    fn within(&self, state: &S, cost: C, bound: C) -> C;
}

/// An estimate that is told nothing: `Fn(&S) -> C`.
pub(super) struct Whole<H>(pub(super) H);

impl<S, C, H: Fn(&S) -> C> Estimator<S, C> for Whole<H> {
    #[inline]
    fn whole(&self, state: &S) -> C {
        (self.0)(state)
    }

    #[inline]
    fn within(&self, state: &S, _: C, _: C) -> C {
        (self.0)(state)
    }
}

/// An estimate told its budget, the most it may be and the state still
/// kept: `Fn(&S, C) -> C`, as [`IdaStar::run_budgeted`] takes it.
pub(super) struct Budgeted<H>(pub(super) H);

impl<S, C, H> Estimator<S, C> for Budgeted<H>
where
    C: Cost + Sub<Output = C> + Bounded,
    H: Fn(&S, C) -> C,
{
    #[inline]
    fn whole(&self, state: &S) -> C {
        (self.0)(state, C::max_value())
    }

    #[inline]
    fn within(&self, state: &S, cost: C, bound: C) -> C {
        // A child past the bound already is cut off whatever it estimates.
        let budget = if cost > bound { C::zero() } else { bound - cost };
        (self.0)(state, budget)
    }
}

/// A node on the current path.
#[derive(Clone, Debug)]
struct Step<S, C> {
    state: S,
    cost: C,
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

/// The starts of one run, held for every iteration: most runs have one.
type Starts<S> = SmallVec<[S; 1]>;

impl<C: Cost> Outcome<C> {
    /// The outcome of an iteration from several starts, `self` from those
    /// searched so far and `next` from one more: a goal ends it, otherwise
    /// the smallest cut off is the next bound.
    fn and(self, next: Outcome<C>) -> Outcome<C> {
        match (self, next) {
            (Outcome::Found(cost), _) | (_, Outcome::Found(cost)) => Outcome::Found(cost),
            (Outcome::Stopped, _) | (_, Outcome::Stopped) => Outcome::Stopped,
            (Outcome::Cut(Some(a)), Outcome::Cut(Some(b))) => Outcome::Cut(Some(min_cost(a, b))),
            (Outcome::Cut(Some(cut)), _) | (_, Outcome::Cut(Some(cut))) => Outcome::Cut(Some(cut)),
            (Outcome::TooDeep, _) | (_, Outcome::TooDeep) => Outcome::TooDeep,
            (Outcome::Cut(None), Outcome::Cut(None)) => Outcome::Cut(None),
        }
    }
}

/// Where one depth-first search starts: the start of the whole search, or
/// a node some moves below it for a parallel worker.
struct Root<'a, S, C> {
    state: &'a S,
    cost: C,
    /// The state the root was reached from, never generated again.
    parent: Option<&'a S>,
    /// The states above the root, the start first: a parallel worker's
    /// subtree checks its children against them too.
    above: &'a [S],
    /// The root's depth in moves.
    depth: usize,
}

/// IDA* search, as a cache the caller keeps: the [`Iteration`]s of the
/// last search, and buffers that later searches reuse. Each search takes
/// the [`Run`] that bounds, observes and counts it.
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
///   a reversible space removes a third of the nodes; and a child that
///   repeats a state of the current path is not searched (set
///   [`check_cycles`](IdaStar::check_cycles)), so that in a finite space an
///   unreachable goal ends the search with `Ok(None)`. The check compares a
///   child with each state of the path, before its bound: a space without
///   such cycles to speak of (a sliding puzzle) can turn it off and save
///   the comparisons. [`run_in_place`](IdaStar::run_in_place) keeps no
///   states along its path and checks only the parent.
/// - Goals are tested when a node is generated within the bound.
/// - The limits that apply are [`Limits::max_nodes`](crate::Limits::max_nodes) and
///   [`Limits::max_depth`](crate::Limits::max_depth) (in moves). IDA* keeps no visited set: in an
///   infinite space, or with the cycle check off, it cannot tell that a
///   goal is unreachable, and runs until a limit. With a depth limit it
///   answers `Ok(None)` when nothing lies past it, and an error when
///   something does, as [`Search::bfs`](crate::breadth_first::Search::bfs) does.
/// - IDA* suits spaces that are trees or nearly so (sliding puzzles,
///   permutation puzzles) with a good estimate. It walks paths, not
///   states: in a graph with many short cycles it revisits a state once
///   per path to it, and a cycle of moves that cost nothing keeps it within
///   one bound for ever. Use [`AStar`](crate::cheapest::AStar) there.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Limits, Run};
/// use search_core::deepening::IdaStar;
/// use search_core::space::UnitCost;
///
/// // A 6x6 grid, and the taxicab distance, which is consistent.
/// let grid = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
/// }));
/// let taxicab = |&(x, y): &(i8, i8)| u32::from(x.abs_diff(5) + y.abs_diff(5));
/// let mut search = IdaStar::new();
/// let mut run = Run::new().limits(Limits::new().max_nodes(1_000_000));
/// let (path, cost) = search.run(&grid, [(0, 0)], taxicab, |&s| s == (5, 5), &mut run)?.expect("reachable");
/// assert_eq!((path.len(), cost), (10, 10));
/// assert_eq!(search.iterations().len(), 1); // the estimate was exact
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct IdaStar<S, M, C> {
    iterations: Vec<Iteration<C>>,
    path: Vec<Step<S, C>>,
    /// The children of every node on the path, with the move and the
    /// cost that reach each.
    children: Vec<(S, M, C)>,
    /// [`run_in_place`](IdaStar::run_in_place)'s path: a frame per node,
    /// and the moves out of each.
    frames: Vec<Frame<C>>,
    moves: Vec<M>,
    /// The expansions at which the node bound, the observer and the cancel
    /// handle are next seen to: one compare an expansion checks all three.
    next_check: u64,
    /// Expansions between two looks at the cancel handle: fewer in a
    /// parallel worker, so that all of them together stop as soon.
    check_every: u64,
    /// Whether a child that repeats a state of the path is skipped.
    check_cycles: bool,
}

impl<S: State, M: Clone, C: Cost> IdaStar<S, M, C> {
    /// A cache with empty buffers.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::deepening::IdaStar;
    ///
    /// let search: IdaStar<u32, (), u32> = IdaStar::new();
    /// assert!(search.iterations().is_empty());
    /// ```
    pub fn new() -> IdaStar<S, M, C> {
        IdaStar {
            iterations: Vec::new(),
            path: Vec::new(),
            children: Vec::new(),
            frames: Vec::new(),
            moves: Vec::new(),
            next_check: 0,
            check_every: CHECK_EVERY,
            check_cycles: true,
        }
    }

    /// Whether a child that repeats a state of the current path is skipped
    /// (the default) or searched. Skipping it makes a search of a finite
    /// space end, with `Ok(None)` when no goal can be reached, and prunes
    /// the paths that loop; it costs a comparison with each state of the
    /// path per child. A space whose loops are long and rare, such as a
    /// sliding puzzle, searches faster without it.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::deepening::IdaStar;
    /// use search_core::space::UnitCost;
    ///
    /// // A ring of 10: 70 is not on it.
    /// let ring = UnitCost(from_fn(|&n: &u8| [(n + 1) % 10, (n + 9) % 10]));
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new();
    /// assert_eq!(search.run(&ring, [0], |_| 0, |&n| n == 70, &mut Run::new())?, None);
    ///
    /// // Without the check, only a limit ends the search.
    /// let mut search = IdaStar::new().check_cycles(false);
    /// let mut run = Run::new().limits(Limits::new().max_depth(30));
    /// let error = search.run(&ring, [0], |_| 0, |&n| n == 70, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(30)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn check_cycles(mut self, check: bool) -> Self {
        self.check_cycles = check;
        self
    }

    /// The iterations of the last run, the last one first to last.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::deepening::IdaStar;
    /// use search_core::space::UnitCost;
    ///
    /// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new();
    /// search.run(&line, [0], |&n| (4 - n).unsigned_abs() / 2, |&n| n == 4, &mut run)?;
    /// assert_eq!(search.iterations().last().map(|i| i.bound), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iterations(&self) -> &[Iteration<C>] {
        &self.iterations
    }
}

impl<S: State, M: Clone, C: Cost> Default for IdaStar<S, M, C> {
    fn default() -> Self {
        IdaStar::new()
    }
}

impl<S, M, C> IdaStar<S, M, C> {
    /// One iteration from each of `count` starts, `search(self, run,
    /// index)` searching from start `index`, in order until one finds a
    /// goal or fails: what they found together, and the index of the last
    /// start searched (the goal's, when one was found).
    fn iterate_each<F>(
        &mut self,
        count: usize,
        run: &mut Run<'_>,
        mut search: F,
    ) -> Result<(Outcome<C>, usize), Error>
    where
        C: Cost,
        F: FnMut(&mut Self, &mut Run<'_>, usize) -> Result<Outcome<C>, Error>,
    {
        let mut outcome = Outcome::Cut(None);
        for index in 0..count {
            outcome = outcome.and(search(self, run, index)?);
            if !matches!(outcome, Outcome::Cut(_) | Outcome::TooDeep) {
                return Ok((outcome, index));
            }
        }
        Ok((outcome, count.saturating_sub(1)))
    }

    /// Counts the tables kept from the last search (or the last subtree
    /// of a parallel one) against `run`'s budget, which has just begun at
    /// zero, or lets go of them when they do not fit: a table grown
    /// beside uncounted room could otherwise double past the limit with
    /// each search that reuses it.
    fn count_kept(&mut self, run: &mut Run<'_>) {
        let kept = bytes_of::<Step<S, C>>(self.path.capacity())
            + bytes_of::<(S, M, C)>(self.children.capacity())
            + bytes_of::<Frame<C>>(self.frames.capacity())
            + bytes_of::<M>(self.moves.capacity());
        if run.meter_mut().charge(kept).is_err() {
            self.path = Vec::new();
            self.children = Vec::new();
            self.frames = Vec::new();
            self.moves = Vec::new();
        }
    }

    /// Fails when one more expansion would pass the node bound, or the
    /// search was cancelled: checked at the bound, and every
    /// [`check_every`](IdaStar::check_every) expansions for the cancel
    /// handle, every [`EVERY`] for the observer.
    #[inline]
    fn check_expansion(&mut self, run: &mut Run<'_>) -> Result<(), Error> {
        if run.stats().expanded >= self.next_check { self.check_now(run) } else { Ok(()) }
    }

    #[cold]
    fn check_now(&mut self, run: &mut Run<'_>) -> Result<(), Error> {
        let expanded = run.stats().expanded;
        run.get_limits().check_nodes(expanded)?;
        run.check_cancelled()?;
        if expanded > 0 && expanded % EVERY < self.check_every {
            let held = self.path.len().max(self.frames.len());
            Self::report(held, run);
        }
        let bound = run.get_limits().get_max_nodes().unwrap_or(u64::MAX);
        self.next_check = expanded.saturating_add(self.check_every).min(bound);
        Ok(())
    }

    /// Hands the observer the counts so far, `held` the path's length.
    fn report(held: usize, run: &mut Run<'_>) {
        let progress = Progress {
            stored: held as u64,
            expanded: run.stats().expanded,
            depth: held.saturating_sub(1),
            bytes: run.memory(),
            ..Progress::default()
        };
        run.report_progress(&progress);
    }
}

impl<S, M, C: fmt::Debug> fmt::Debug for IdaStar<S, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IdaStar").field("iterations", &self.iterations).finish_non_exhaustive()
    }
}

impl<S: State, M: Clone> IdaStar<S, M, u32> {
    /// IDA* iterations over `space` with every move costing one and no
    /// estimate, the engine of `iddfs`: when `deepening`, from bound 0 up a
    /// move at a time, the last layer of each left unexpanded (its
    /// children would all be cut at one more); otherwise one iteration
    /// whose bound is never reached.
    pub(crate) fn unit_cost<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        mut is_goal: P,
        deepening: bool,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let search = |this: &mut Self, run: &mut Run<'_>| {
            let starts: Starts<S> = starts.into_iter().collect();
            if let Some(start) = this.restart(&starts, &mut is_goal, run) {
                return Ok(Some(Path::new(vec![start.clone()], Vec::new())));
            }
            let unit = UnitCost(space);
            let first = if deepening { 0 } else { u32::MAX };
            let cost = this.deepen(first, run, |this, bound, overflowed, run| {
                let leaf_cut = if deepening { bound.checked_add(1) } else { None };
                let outcome = this.iterate_each(starts.len(), run, |this, run, index| {
                    let state = &starts[index];
                    let root = Root { state, cost: 0, parent: None, above: &[], depth: 0 };
                    let goal = (&mut is_goal, None);
                    let bounds = (bound, leaf_cut);
                    this.iterate(&unit, &root, bounds, &Whole(|_: &S| 0), goal, overflowed, run)
                });
                Ok(match outcome?.0 {
                    // Nothing is cut off below a bound that is never reached.
                    Outcome::Cut(Some(_)) if !deepening => Outcome::Cut(None),
                    outcome => outcome,
                })
            })?;
            Ok(cost.map(|_| this.solution()))
        };
        execute(self, space, run, search, |_| 0)
    }
}

mod in_place;
mod owned;
#[cfg(feature = "rayon")]
mod parallel;

use in_place::Frame;
pub use in_place::InPlace;
