//! IDA*'s executor on every core: each iteration's tree split into
//! subtrees that rayon's workers search, the first goal found ending all.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use crate::error::Error;
use crate::path::Path;
use crate::run::limits::Limit;
use crate::run::stats::Stats;
use crate::space::traits::State;
use crate::space::traits::unless_failed;
use crate::space::weighted::{Cost, Heuristic, Weighted, add_costs, extend_cost};

use super::{IdaStar, Outcome, Root, Starts};

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
    /// The path from the subtree's root to the goal, when one was found.
    path: Option<Path<S, M>>,
}

/// A parallel iteration splits the tree into at least this many subtrees
/// per thread, so that threads stay busy while the subtrees' sizes vary.
const JOBS_PER_THREAD: usize = 64;

impl<S, M, C> IdaStar<'_, S, M, C>
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
    /// let (path, cost) = search.run_parallel(&grid, [(0, 0)], &half, |&s| s == (5, 5))?.expect("reachable");
    /// assert_eq!((path.len(), cost), (10, 10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[expect(clippy::needless_pass_by_value, reason = "estimates are taken as closures are")]
    pub fn run_parallel<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        is_goal: P,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C> + Sync,
        I: IntoIterator<Item = S>,
        H: Heuristic<S, Cost = C> + Sync,
        P: Fn(&S) -> bool + Sync,
    {
        // The search as a closure, so that a failed space's error
        // replaces whatever it answered.
        let search = || {
            let starts: Starts<S> = starts.into_iter().collect();
            if let Some(start) = self.restart(&starts, &is_goal) {
                return Ok(Some((Path::new(vec![start.clone()], Vec::new()), C::zero())));
            }
            let roots: Vec<Job<S, M, C>> = starts
                .into_iter()
                .map(|start| {
                    let estimate = heuristic.estimate(&start);
                    Job { states: vec![start], moves: Vec::new(), cost: C::zero(), estimate }
                })
                .collect();
            let Some(mut bound) = roots.iter().map(|root| root.estimate).min() else {
                return Ok(None);
            };
            let wanted = JOBS_PER_THREAD * rayon::current_num_threads();
            loop {
                let before = self.run.stats;
                let outcome =
                    self.parallel_iteration(space, &roots, bound, &heuristic, &is_goal, wanted);
                self.record(bound, &before);
                let outcome = outcome?;
                if !matches!(outcome.0, Outcome::Found(_)) {
                    self.report(self.run.stats.stored as usize);
                }
                match outcome {
                    (Outcome::Found(cost), Some(path)) => return Ok(Some((path, cost))),
                    (Outcome::Cut(None), _) => return Ok(None),
                    (Outcome::Cut(Some(next)), _) => bound = next,
                    (Outcome::TooDeep, _) => {
                        let depth = self.run.limits.get_max_depth().unwrap_or(usize::MAX);
                        return Err(Error::limit(Limit::Depth(depth)));
                    }
                    (Outcome::Found(_) | Outcome::Stopped, _) => {
                        unreachable!("an iteration that found a goal returns its path")
                    }
                }
            }
        };
        unless_failed(space, search())
    }

    /// One iteration: the top of the tree breadth-first, then its subtrees
    /// in parallel.
    fn parallel_iteration<G, H, P>(
        &mut self,
        space: &G,
        roots: &[Job<S, M, C>],
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
        let max_depth = self.run.limits.get_max_depth().unwrap_or(usize::MAX);
        let mut smallest_cut: Option<C> = None;
        let mut too_deep = false;
        let mut jobs = Vec::new();
        for root in roots {
            if root.estimate > bound {
                let f = root.estimate;
                smallest_cut = Some(smallest_cut.map_or(f, |cut| cut.min(f)));
            } else {
                jobs.push(root.clone());
            }
        }
        // Breadth-first over the top of the tree, one level at a time.
        let mut depth = 0;
        while jobs.len() < wanted && !jobs.is_empty() && depth < max_depth {
            let mut next_level = Vec::new();
            for job in &jobs {
                self.check_expansion()?;
                let state = &job.states[job.states.len() - 1];
                let parent = job.states.len().checked_sub(2).map(|i| &job.states[i]);
                let mut children = Vec::new();
                let check_cycles = self.check_cycles;
                space.successors(state, |next, mv| {
                    if Some(&next) == parent || check_cycles && job.states.contains(&next) {
                        self.run.stats.duplicates += 1;
                    } else {
                        children.push((next, mv));
                    }
                });
                self.run.stats.expanded += 1;
                self.run.stats.generated += children.len() as u64;
                for (next, mv) in children {
                    let cost = extend_cost(job.cost, space.cost(state, &mv, &next))?;
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
                    self.run.stats.stored = self.run.stats.stored.max(states.len() as u64);
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
        let expanded = AtomicU64::new(self.run.stats.expanded);
        // The workers share the limits and the cancel handle; the observer
        // stays on this thread.
        let (limits, cancel) = (self.run.limits, self.run.cancel_handle());
        let check_cycles = self.check_cycles;
        let answers: Vec<Answer<S, M, C>> = jobs
            .par_iter()
            .map_init(
                || {
                    IdaStar::new()
                        .limits(limits)
                        .cancel_with(cancel.clone())
                        .check_cycles(check_cycles)
                },
                |worker, job| {
                    worker.subtree(space, job, bound, heuristic, is_goal, (&stop, &expanded))
                },
            )
            .collect();
        let mut found = None;
        for answer in answers {
            add_stats(&mut self.run.stats, &answer.stats);
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
        self.run.stats = Stats::default();
        self.next_check = 0;
        if stop.load(Ordering::Relaxed) {
            return Answer { outcome: Ok(Outcome::Stopped), stats: self.run.stats, path: None };
        }
        if let Err(error) = self.run.limits.check_nodes(expanded.load(Ordering::Relaxed)) {
            return Answer { outcome: Err(error.into()), stats: self.run.stats, path: None };
        }
        let states = &job.states;
        let root = Root {
            state: &states[states.len() - 1],
            cost: job.cost,
            estimate: job.estimate,
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
        );
        expanded.fetch_add(self.run.stats.expanded, Ordering::Relaxed);
        // Paths held below the root hold the root's path too.
        self.run.stats.stored += root.depth as u64;
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
        Answer { outcome, stats: self.run.stats, path }
    }
}

/// Adds a worker's counts to the search's.
fn add_stats(total: &mut Stats, part: &Stats) {
    total.expanded += part.expanded;
    total.generated += part.generated;
    total.duplicates += part.duplicates;
    total.stored = total.stored.max(part.stored);
}
