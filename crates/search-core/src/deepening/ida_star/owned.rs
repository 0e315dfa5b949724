//! IDA*'s executor on owned states: each iteration a depth-first search
//! whose path clones the states along it; the parallel executor runs its
//! first iterations and its subtrees' roots with it.

use std::ops::{ControlFlow, Sub};
use std::sync::atomic::{AtomicBool, Ordering};

use num_traits::Bounded;

use crate::cheapest::astar::Overflowed;
use crate::error::Error;
use crate::error::Limit;
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::progress::EVERY;
use crate::run::stats::Stats;
use crate::space::traits::State;
use crate::space::weighted::{Cost, Weighted, add_within, extend_within};
use crate::store::expand::Collector;

use super::{Budgeted, Estimator, IdaStar, Iteration, Outcome, Root, Starts, Step, Whole};
use crate::space::weighted::min_cost;

impl<S: State, M: Clone, C: Cost> IdaStar<S, M, C> {
    /// A cheapest path from any of `starts` to the first state that satisfies
    /// `is_goal`, and its cost, or `None` when no path within the limits
    /// reaches a goal and none goes further.
    ///
    /// # Errors
    ///
    /// When the search reaches its node or memory limit, or its depth
    /// limit with paths going further; when no path to a goal has a cost
    /// the cost type holds though one has overflowed it
    /// ([`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow)); when
    /// a move's cost is negative or not a number; when the space fails; or
    /// when it is cancelled ([`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled)).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::deepening::IdaStar;
    /// use search_core::space::UnitCost;
    ///
    /// // Numbers upwards by +1 and *2: no end, so an unreachable goal is
    /// // found out at the limit.
    /// let up = UnitCost(from_fn(|&n: &u64| [n + 1, n * 2]));
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_depth(20));
    /// assert_eq!(search.run(&up, [1], |_| 0, |&n| n == 12, &mut run)?.map(|(_, c)| c), Some(4));
    /// let error = search.run(&up, [1], |_| 0, |&n| n == 0, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(20)));
    ///
    /// // A line that ends: nothing lies past the limit, so the answer is no.
    /// let line = UnitCost(from_fn(|&n: &u64| (n < 5).then_some(n + 1)));
    /// assert_eq!(search.run(&line, [0], |_| 0, |&n| n == 70, &mut run)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        self.run_with(space, starts, &Whole(heuristic), is_goal, run)
    }

    /// [`run`](IdaStar::run) with an estimate told its budget:
    /// `estimate(state, budget)` is the state's estimate, or, once it
    /// knows the estimate passes `budget`, any value above `budget` no
    /// more than the estimate. A child whose estimate passes what the
    /// bound leaves it is cut off whatever the estimate is, so an estimate
    /// that takes the largest of several tables can stop at the first
    /// past the budget instead of reading them all. A start is estimated
    /// with the cost type's largest value as its budget.
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
    /// use std::cell::Cell;
    ///
    /// // A grid walked to its far corner, and two estimates of the way
    /// // left: half of it, cheap, and all of it, which is costly. The
    /// // costly one is read only where the cheap one leaves the state
    /// // within its budget.
    /// let grid = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
    ///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    ///         .into_iter()
    ///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
    /// }));
    /// let (asked, costly) = (Cell::new(0), Cell::new(0));
    /// let estimate = |&(x, y): &(i8, i8), budget: u32| {
    ///     asked.set(asked.get() + 1);
    ///     let left = u32::from(x.abs_diff(7) + y.abs_diff(7));
    ///     if left / 2 > budget {
    ///         return left / 2;
    ///     }
    ///     costly.set(costly.get() + 1);
    ///     left
    /// };
    /// let mut search = IdaStar::new();
    /// let found = search.run_budgeted(&grid, [(0, 0)], estimate, |&s| s == (7, 7), &mut Run::new())?;
    /// let (path, cost) = found.expect("reachable");
    /// assert_eq!((path.len(), cost), (14, 14));
    /// assert!(costly.get() < asked.get());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_budgeted<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        estimate: H,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        C: Sub<Output = C> + Bounded,
        I: IntoIterator<Item = S>,
        H: Fn(&S, C) -> C,
        P: FnMut(&S) -> bool,
    {
        self.run_with(space, starts, &Budgeted(estimate), is_goal, run)
    }

    /// [`run`](IdaStar::run) with either kind of estimate.
    fn run_with<G, I, E, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: &E,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        E: Estimator<S, C>,
        P: FnMut(&S) -> bool,
    {
        let search = |this: &mut Self, run: &mut Run<'_>| {
            let starts: Starts<S> = starts.into_iter().collect();
            if let Some(start) = this.restart(&starts, &mut is_goal, run) {
                return Ok(Some((Path::new(vec![start.clone()], Vec::new()), C::zero())));
            }
            let estimates = starts.iter().map(|start| heuristic.whole(start));
            let Some(first) = estimates.min_by(Cost::cost_cmp) else {
                return Ok(None);
            };
            let cost = this.deepen(first, run, |this, bound, overflowed, run| {
                let outcome = this.iterate_each(starts.len(), run, |this, run, index| {
                    let state = &starts[index];
                    let root = Root { state, cost: C::zero(), parent: None, above: &[], depth: 0 };
                    let goal = (&mut is_goal, None);
                    this.iterate(space, &root, (bound, None), heuristic, goal, overflowed, run)
                });
                Ok(outcome?.0)
            })?;
            Ok(cost.map(|cost| (this.solution(), cost)))
        };
        execute(self, space, run, search, |_| 0)
    }

    /// Readies the cache for a search from `starts`, and returns the
    /// first of them that is a goal already, if any.
    pub(super) fn restart<'s, P: FnMut(&S) -> bool>(
        &mut self,
        starts: &'s [S],
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Option<&'s S> {
        self.count_kept(run);
        self.next_check = 0;
        self.iterations.clear();
        let done = starts.iter().find(|start| is_goal(start));
        if done.is_some() {
            run.set_stored(1);
        }
        done
    }

    /// The loop of thresholds every executor runs: from the bound
    /// `first`, one iteration a bound (`iteration`, given the bound and
    /// what overflowed so far), each recorded in
    /// [`iterations`](IdaStar::iterations), until one finds a goal (its
    /// cost), shows there is none (`None`), or passes the depth limit.
    pub(super) fn deepen<F>(
        &mut self,
        first: C,
        run: &mut Run<'_>,
        mut iteration: F,
    ) -> Result<Option<C>, Error>
    where
        F: FnMut(&mut Self, C, &mut Overflowed, &mut Run<'_>) -> Result<Outcome<C>, Error>,
    {
        let mut bound = first;
        let mut overflowed = Overflowed::default();
        loop {
            let before = run.stats();
            let outcome = iteration(self, bound, &mut overflowed, run);
            self.record(bound, &before, run);
            match Self::settle(outcome?, overflowed, run)? {
                ControlFlow::Break(cost) => return Ok(cost),
                ControlFlow::Continue(next) => bound = next,
            }
        }
    }

    /// What a sequential iteration's outcome means for the search: an
    /// answer (a goal's cost, or none), or the next bound.
    fn settle(
        outcome: Outcome<C>,
        overflowed: Overflowed,
        run: &Run<'_>,
    ) -> Result<ControlFlow<Option<C>, C>, Error> {
        match outcome {
            Outcome::Found(cost) => Ok(ControlFlow::Break(Some(cost))),
            Outcome::Cut(None) => overflowed.into_answer(ControlFlow::Break(None)),
            Outcome::Cut(Some(next)) => Ok(ControlFlow::Continue(next)),
            Outcome::TooDeep => {
                let depth = run.get_limits().get_max_depth().unwrap_or(usize::MAX);
                Err(Error::limit(Limit::Depth(depth)))
            }
            Outcome::Stopped => unreachable!("a search alone is never stopped"),
        }
    }

    /// Records the iteration within `bound` that began with `before`.
    fn record(&mut self, bound: C, before: &Stats, run: &Run<'_>) {
        self.iterations.push(Iteration {
            bound,
            expanded: run.stats().expanded - before.expanded,
            generated: run.stats().generated - before.generated,
        });
    }

    /// The path held when a goal was found, the goal last.
    pub(super) fn solution(&self) -> Path<S, M> {
        let states = self.path.iter().map(|step| step.state.clone()).collect();
        // A node's move is its parent's last visited child's.
        let moves = self.path[..self.path.len() - 1]
            .iter()
            .map(|parent| self.children[parent.next - 1].1.clone())
            .collect();
        Path::new(states, moves)
    }

    /// One depth-first search within `bound`. With `leaf_cut`, a node
    /// whose cost is the bound is a leaf, and `leaf_cut` the next bound
    /// its children would give: iterative deepening, where every move
    /// costs one and nothing is estimated, so the children of the last
    /// layer need not be generated to know that.
    #[expect(clippy::too_many_arguments, reason = "the one loop of three executors")]
    pub(super) fn iterate<G, H, P>(
        &mut self,
        space: &G,
        root: &Root<'_, S, C>,
        (bound, leaf_cut): (C, Option<C>),
        heuristic: &H,
        (is_goal, halt): (&mut P, Option<&AtomicBool>),
        overflowed: &mut Overflowed,
        run: &mut Run<'_>,
    ) -> Result<Outcome<C>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        H: Estimator<S, C>,
        P: FnMut(&S) -> bool,
    {
        let mut next_halt_check = run.stats().expanded + EVERY;
        self.path.clear();
        self.children.clear();
        let mut smallest_cut: Option<C> = None;
        let mut too_deep = false;
        let max_depth = run.get_limits().get_max_depth().unwrap_or(usize::MAX);
        self.push(space, root.state.clone(), root.cost, true, root.parent, run)?;
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
            let cost = top.cost;
            let (child, _, step) = &self.children[index];
            // Before the bound: a looping child cut off would otherwise
            // raise the next bound for ever in a space with no goal.
            if self.check_cycles
                && (self.path.iter().any(|step| step.state == *child) || root.above.contains(child))
            {
                run.count_duplicate();
                continue;
            }
            let Some(cost) = overflowed.check(extend_within(cost, *step)?) else { continue };
            // An estimate past the cost type prunes the child.
            let Some(f) = add_within(cost, heuristic.within(child, cost, bound)) else {
                continue;
            };
            if f > bound {
                smallest_cut = Some(smallest_cut.map_or(f, |cut| min_cost(cut, f)));
                continue;
            }
            let child = child.clone();
            let goal = is_goal(&child);
            let leaf = match leaf_cut {
                Some(next) if cost == bound => {
                    smallest_cut = Some(next);
                    true
                }
                _ => false,
            };
            self.push(space, child, cost, !goal && !leaf, None, run)?;
            if run.stats().expanded >= next_halt_check {
                next_halt_check = run.stats().expanded + EVERY;
                if halt.is_some_and(|halt| halt.load(Ordering::Relaxed)) {
                    return Ok(Outcome::Stopped);
                }
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
    pub(super) fn push<G>(
        &mut self,
        space: &G,
        state: S,
        cost: C,
        expand: bool,
        root_parent: Option<&S>,
        run: &mut Run<'_>,
    ) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
    {
        let begin = self.children.len();
        if !expand {
            let children = (begin, begin);
            self.path.push(Step { state, cost, children, next: begin });
            run.stored_at_least(self.path.len() as u64);
            return Ok(());
        }
        self.check_expansion(run)?;
        let grandparent = self.path.last().map(|step| &step.state).or(root_parent);
        let children = &mut self.children;
        let mut skipped = 0;
        let mut collector = Collector::new(&run.get_limits(), run.meter_mut());
        let _ = space.successors_until(&state, |next, mv| {
            if Some(&next) == grandparent {
                skipped += 1;
                ControlFlow::Continue(())
            } else {
                let step = space.cost(&state, &mv, &next);
                collector.push(children, (next, mv, step))
            }
        });
        collector.finish()?;
        let end = self.children.len();
        run.count_expanded(1);
        run.count_generated((end - begin + skipped) as u64);
        run.count_duplicates(skipped as u64);
        // The path grows within the memory budget too.
        let step = Step { state, cost, children: (begin, end), next: begin };
        run.meter_mut().push(&mut self.path, step)?;
        run.stored_at_least(self.path.len() as u64);
        Ok(())
    }
}
