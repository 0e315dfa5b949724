//! IDA*'s executor on every core: each iteration's tree split into
//! subtrees that rayon's workers search, the first goal found ending all.

use std::ops::{ControlFlow, Sub};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use num_traits::Bounded;
use rayon::prelude::*;

use crate::cheapest::astar::Overflowed;
use crate::error::Limit;
use crate::error::{Error, ErrorKind};
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::progress::CHECK_EVERY;
use crate::run::stats::Stats;
use crate::space::traits::State;
use crate::space::weighted::{Cost, Weighted, add_within, extend_within, min_cost};
use crate::store::expand::Collector;

use super::{Budgeted, Estimator, IdaStar, Outcome, Root, Starts, Whole};

/// A subtree a parallel iteration hands to a worker: the path from the
/// start to its root, and the moves along it.
#[derive(Clone)]
struct Job<S, M, C> {
    states: Vec<S>,
    moves: Vec<M>,
    cost: C,
    estimate: C,
}

/// What a worker found in one subtree.
struct Answer<S, M, C> {
    outcome: Result<Outcome<C>, Error>,
    stats: Stats,
    overflowed: Overflowed,
    /// The path from the subtree's root to the goal, when one was found.
    path: Option<Path<S, M>>,
}

/// A parallel iteration splits the tree into at least this many subtrees
/// per thread, so that threads stay busy while the subtrees' sizes vary.
const JOBS_PER_THREAD: usize = 64;

/// The deepest level the split into subtrees goes to. Each subtree carries
/// its path from the root, so a tree too thin to split (a heavily weighted
/// estimate makes one a single deep line) would otherwise be walked level
/// by level with every path copied at each: quadratic in its depth, in
/// time and in memory the limit does not see.
const SPLIT_DEPTH: usize = 64;

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
    /// per thread; each worker looks at the cancel handle often enough that
    /// all of them together stop within 1,024 expansions. Progress is
    /// reported after each iteration.
    ///
    /// # Errors
    ///
    /// As for [`run`](IdaStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::deepening::IdaStar;
    /// use search_core::space::UnitCost;
    ///
    /// let grid = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
    ///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    ///         .into_iter()
    ///         .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
    /// }));
    /// let half = |&(x, y): &(i8, i8)| u32::from(x.abs_diff(5) + y.abs_diff(5)) / 2;
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new();
    /// let (path, cost) = search.run_parallel(&grid, [(0, 0)], half, |&s| s == (5, 5), &mut run)?.expect("reachable");
    /// assert_eq!((path.len(), cost), (10, 10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_parallel<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C + Sync,
        P: Fn(&S) -> bool + Sync,
    {
        self.run_parallel_with(space, starts, &Whole(heuristic), is_goal, run)
    }

    /// As [`run_budgeted`](IdaStar::run_budgeted), on every thread of the
    /// current rayon pool, as [`run_parallel`](IdaStar::run_parallel)
    /// runs.
    ///
    /// # Errors
    ///
    /// As for [`run`](IdaStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::deepening::IdaStar;
    /// use search_core::space::UnitCost;
    ///
    /// // A grid walked to its far corner: the estimate past the budget
    /// // is told as soon as half the distance shows it.
    /// let grid = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
    ///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    ///         .into_iter()
    ///         .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
    /// }));
    /// let estimate = |&(x, y): &(i8, i8), budget: u32| {
    ///     let half = u32::from(x.abs_diff(5) + y.abs_diff(5)) / 2;
    ///     if half > budget { half } else { u32::from(x.abs_diff(5) + y.abs_diff(5)) }
    /// };
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new();
    /// let found = search.run_parallel_budgeted(&grid, [(0, 0)], estimate, |&s| s == (5, 5), &mut run)?;
    /// let (path, cost) = found.expect("reachable");
    /// assert_eq!((path.len(), cost), (10, 10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_parallel_budgeted<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        estimate: H,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        C: Sub<Output = C> + Bounded,
        I: IntoIterator<Item = S>,
        H: Fn(&S, C) -> C + Sync,
        P: Fn(&S) -> bool + Sync,
    {
        self.run_parallel_with(space, starts, &Budgeted(estimate), is_goal, run)
    }

    /// [`run_parallel`](IdaStar::run_parallel) with either kind of
    /// estimate.
    fn run_parallel_with<G, I, E, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: &E,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        I: IntoIterator<Item = S>,
        E: Estimator<S, C> + Sync,
        P: Fn(&S) -> bool + Sync,
    {
        let search = |this: &mut Self, run: &mut Run<'_>| {
            let starts: Starts<S> = starts.into_iter().collect();
            if let Some(start) = this.restart(&starts, &is_goal, run) {
                return Ok(Some((Path::new(vec![start.clone()], Vec::new()), C::zero())));
            }
            let roots: Vec<Job<S, M, C>> = starts
                .into_iter()
                .map(|start| {
                    let estimate = heuristic.whole(&start);
                    Job { states: vec![start], moves: Vec::new(), cost: C::zero(), estimate }
                })
                .collect();
            let Some(first) = roots.iter().map(|root| root.estimate).min_by(Cost::cost_cmp) else {
                return Ok(None);
            };
            // A start is held from the first.
            run.set_stored(1);
            let wanted = JOBS_PER_THREAD * rayon::current_num_threads();
            let mut found = None;
            let cost = this.deepen(first, run, |this, bound, overflowed, run| {
                let (outcome, path) = this.parallel_iteration(
                    space,
                    &roots,
                    (bound, wanted),
                    heuristic,
                    &is_goal,
                    overflowed,
                    run,
                )?;
                if matches!(outcome, Outcome::Found(_)) {
                    found = path;
                } else {
                    Self::report(run.stats().stored as usize, run);
                    run.check_cancelled()?;
                }
                Ok(outcome)
            })?;
            match (cost, found) {
                (Some(cost), Some(path)) => Ok(Some((path, cost))),
                (None, _) => Ok(None),
                (Some(_), None) => unreachable!("an iteration that found a goal returns its path"),
            }
        };
        execute(self, space, run, search, |_| 0)
    }

    /// One iteration: the top of the tree breadth-first, then its subtrees
    /// in parallel.
    #[expect(clippy::too_many_arguments, reason = "one private caller")]
    fn parallel_iteration<G, H, P>(
        &mut self,
        space: &G,
        roots: &[Job<S, M, C>],
        (bound, wanted): (C, usize),
        heuristic: &H,
        is_goal: &P,
        overflowed: &mut Overflowed,
        run: &mut Run<'_>,
    ) -> Result<(Outcome<C>, Option<Path<S, M>>), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        H: Estimator<S, C> + Sync,
        P: Fn(&S) -> bool + Sync,
    {
        let max_depth = run.get_limits().get_max_depth().unwrap_or(usize::MAX);
        let mut smallest_cut: Option<C> = None;
        let mut too_deep = false;
        let mut jobs = Vec::new();
        for root in roots {
            if root.estimate > bound {
                let f = root.estimate;
                smallest_cut = Some(smallest_cut.map_or(f, |cut| min_cost(cut, f)));
            } else {
                jobs.push(root.clone());
            }
        }
        // Breadth-first over the top of the tree, one level at a time.
        let mut depth = 0;
        while jobs.len() < wanted && !jobs.is_empty() && depth < max_depth.min(SPLIT_DEPTH) {
            let mut next_level = Vec::new();
            for job in &jobs {
                let top = (bound, &mut smallest_cut, &mut next_level);
                let found =
                    self.expand_job(space, job, top, (heuristic, is_goal), overflowed, run)?;
                if let Some(found) = found {
                    return Ok(found);
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
                let other = |next, _| {
                    if Some(&next) == parent {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                };
                space.successors_until(state, other).is_break()
            });
            jobs.clear();
        }
        let stop = AtomicBool::new(false);
        let expanded = AtomicU64::new(run.stats().expanded);
        // The workers share the limits and the cancel handle; the observer
        // stays on this thread. Each looks at the handle often enough that
        // all of them together stop within one look's worth of expansions,
        // and each may hold its part of the memory the jobs left, so that
        // all of them together hold no more than the limit.
        let threads = rayon::current_num_threads() as u64;
        let share = run.get_limits().get_max_memory().saturating_sub(run.memory()) / threads;
        let (limits, cancel) = (run.get_limits().max_memory(share), run.cancel_handle());
        let check_cycles = self.check_cycles;
        let check_every = (CHECK_EVERY / threads).max(1);
        let answers: Vec<Answer<S, M, C>> = jobs
            .par_iter()
            .map_init(
                || {
                    let mut worker = IdaStar::new().check_cycles(check_cycles);
                    worker.check_every = check_every;
                    (worker, Run::new().limits(limits).cancel_with(cancel.clone()))
                },
                |(worker, run), job| {
                    let shared = (&stop, &expanded);
                    worker.subtree(space, job, bound, heuristic, is_goal, shared, run)
                },
            )
            .collect();
        let mut found = None;
        for answer in answers {
            run.absorb(&answer.stats);
            if answer.overflowed.happened() {
                overflowed.check::<C>(None);
            }
            // A worker that ran out of its share reached the run's limit.
            let outcome = answer.outcome.map_err(|error| match error.kind() {
                ErrorKind::LimitReached(Limit::Memory(_)) => {
                    Error::limit(Limit::Memory(run.get_limits().get_max_memory()))
                }
                _ => error,
            });
            match outcome? {
                Outcome::Found(cost) if found.is_none() => found = Some((cost, answer.path)),
                Outcome::Cut(Some(cut)) => {
                    smallest_cut = Some(smallest_cut.map_or(cut, |c| min_cost(c, cut)));
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

    /// Expands `job` at the top of an iteration's tree: its children
    /// within `bound` join `next_level`, and the smallest cost past it is
    /// kept in `smallest_cut`; a child that is a goal ends the iteration,
    /// with its path.
    fn expand_job<G, H, P>(
        &mut self,
        space: &G,
        job: &Job<S, M, C>,
        (bound, smallest_cut, next_level): (C, &mut Option<C>, &mut Vec<Job<S, M, C>>),
        (heuristic, is_goal): (&H, &P),
        overflowed: &mut Overflowed,
        run: &mut Run<'_>,
    ) -> Result<Option<(Outcome<C>, Option<Path<S, M>>)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Estimator<S, C>,
        P: Fn(&S) -> bool,
    {
        self.check_expansion(run)?;
        let state = &job.states[job.states.len() - 1];
        let parent = job.states.len().checked_sub(2).map(|i| &job.states[i]);
        let mut children = Vec::new();
        let check_cycles = self.check_cycles;
        let mut duplicates = 0;
        let mut collector = Collector::new(&run.get_limits(), run.meter_mut());
        let _ = space.successors_until(state, |next, mv| {
            if Some(&next) == parent || check_cycles && job.states.contains(&next) {
                duplicates += 1;
                ControlFlow::Continue(())
            } else {
                collector.push(&mut children, (next, mv))
            }
        });
        collector.finish()?;
        run.count_duplicates(duplicates);
        run.count_expanded(1);
        run.count_generated(children.len() as u64);
        for (next, mv) in children {
            let step = space.cost(state, &mv, &next);
            let Some(cost) = overflowed.check(extend_within(job.cost, step)?) else {
                continue;
            };
            let next_estimate = heuristic.within(&next, cost, bound);
            let Some(f) = add_within(cost, next_estimate) else { continue };
            if f > bound {
                *smallest_cut = Some(smallest_cut.map_or(f, |cut| min_cost(cut, f)));
                continue;
            }
            let mut states = job.states.clone();
            let mut moves = job.moves.clone();
            states.push(next);
            moves.push(mv);
            if is_goal(&states[states.len() - 1]) {
                return Ok(Some((Outcome::Found(cost), Some(Path::new(states, moves)))));
            }
            run.stored_at_least(states.len() as u64);
            run.meter_mut()
                .push(next_level, Job { states, moves, cost, estimate: next_estimate })?;
        }
        Ok(None)
    }

    /// A worker's search of one subtree, the whole path to a goal if it
    /// finds one.
    #[expect(clippy::too_many_arguments, reason = "one private caller")]
    fn subtree<G, H, P>(
        &mut self,
        space: &G,
        job: &Job<S, M, C>,
        bound: C,
        heuristic: &H,
        is_goal: &P,
        (stop, expanded): (&AtomicBool, &AtomicU64),
        run: &mut Run<'_>,
    ) -> Answer<S, M, C>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Estimator<S, C>,
        P: Fn(&S) -> bool,
    {
        let mut overflowed = Overflowed::default();
        if let Err(error) = run.begin() {
            return Answer { outcome: Err(error), stats: run.stats(), overflowed, path: None };
        }
        self.count_kept(run);
        self.next_check = 0;
        if stop.load(Ordering::Relaxed) {
            return Answer {
                outcome: Ok(Outcome::Stopped),
                stats: run.stats(),
                overflowed,
                path: None,
            };
        }
        if let Err(error) = run.get_limits().check_nodes(expanded.load(Ordering::Relaxed)) {
            return Answer {
                outcome: Err(error.into()),
                stats: run.stats(),
                overflowed,
                path: None,
            };
        }
        let states = &job.states;
        let root = Root {
            state: &states[states.len() - 1],
            cost: job.cost,
            parent: states.len().checked_sub(2).map(|i| &states[i]),
            above: &states[..states.len() - 1],
            depth: states.len() - 1,
        };
        let outcome = self.iterate(
            space,
            &root,
            (bound, None),
            heuristic,
            (&mut |s: &S| is_goal(s), Some(stop)),
            &mut overflowed,
            run,
        );
        expanded.fetch_add(run.stats().expanded, Ordering::Relaxed);
        // Paths held below the root hold the root's path too.
        run.count_stored(root.depth as u64);
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
        Answer { outcome, stats: run.stats(), overflowed, path }
    }
}
