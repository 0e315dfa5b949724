//! [`all_cheapest_paths`]: A* run past its first goal until every
//! cheapest path is known, keeping every edge that ties for a state's
//! cheapest cost (what `pathfinding` calls `astar_bag`).

use smallvec::SmallVec;

use crate::error::Error;
use crate::path::dag::CheapestPaths;
use crate::run::context::Run;
use crate::run::memory::{Meter, filled_vec};
use crate::space::traits::State;
use crate::space::weighted::{Cost, Weighted};
use crate::store::tree::{NO_PARENT, Stored, Tree};

use super::{AStar, Best, Policy, Reached};

/// Every cheapest path from any of `starts` to the nearest states that
/// satisfy `is_goal`, counted and walked lazily, guided by `heuristic`
/// (`|_| 0` for Dijkstra's order).
///
/// A shortcut for [`AStar::all_cheapest_paths`] with a fresh cache and a
/// default [`Run`].
///
/// # Errors
///
/// As for [`AStar::run`].
///
/// # Example
///
/// See [`CheapestPaths`].
pub fn all_cheapest_paths<G, I, H, P>(
    space: &G,
    starts: I,
    heuristic: H,
    is_goal: P,
) -> Result<CheapestPaths<G::State, G::Move, G::Cost>, Error>
where
    G: Weighted,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Fn(&G::State) -> G::Cost,
    P: FnMut(&G::State) -> bool,
{
    AStar::one_shot().all_cheapest_paths(space, starts, heuristic, is_goal, &mut Run::new())
}

/// For each node, the edges into it that tie its tree parent's cost.
type Ties<M> = Vec<SmallVec<[(u32, M); 1]>>;

impl<S: State, M: Clone, C: Cost> AStar<S, M, C> {
    /// Every cheapest path from any of `starts` to the nearest states that
    /// satisfy `is_goal`.
    ///
    /// A* runs on past the first goal until every open entry's `g + h`
    /// exceeds its cost, and keeps, for each state, every edge that
    /// reaches it at its cheapest cost. With a consistent `heuristic`
    /// ([`Heuristic`](crate::Heuristic)'s contract) the graph it keeps holds every cheapest
    /// path. Goals end paths: none passes through one. A move of cost zero
    /// into a state already expanded is left out, so that a cycle of such
    /// moves cannot make infinitely many paths.
    ///
    /// # Errors
    ///
    /// As for [`run`](AStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn_weighted, Run};
    /// use search_core::cheapest::AStar;
    ///
    /// // Add 1 or double, each for 1.
    /// let steps = from_fn_weighted(|&n: &u32| [(n + 1, 1u32), (n * 2, 1)]);
    /// let mut search = AStar::new();
    /// let mut run = Run::new();
    /// let paths = search.all_cheapest_paths(&steps, [1], |_| 0, |&n| n == 6, &mut run)?;
    /// assert_eq!(paths.cost(), Some(3));
    /// // 1 + 1 and 1 * 2 are two moves to 2: two paths through the same states.
    /// assert_eq!(paths.count(), 2);
    /// assert!(paths.paths().all(|path| path.states() == [1, 2, 3, 6]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_cheapest_paths<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<CheapestPaths<S, M, C>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        let (goals, ties, order) = self.execute(space, run, |this, run| {
            this.restart(space, starts, &heuristic, run)?;
            let mut every = EveryCheapest {
                best: None,
                goals: Vec::new(),
                ties: Vec::new(),
                order: Vec::new(),
                expansions: 0,
            };
            let (_, overflowed) =
                this.expand_in_order(space, &heuristic, &mut is_goal, &mut every, run)?;
            if every.goals.is_empty() {
                overflowed.into_answer(())?;
            }
            Ok((every.goals, every.ties, every.order))
        })?;
        self.keep_paths(&goals, &ties, &order, run.meter_mut())
    }

    /// The graph of the paths into `goals`: the nodes they pass through,
    /// parents first (by cost, then by when they were expanded), with
    /// their tree edge and their ties. Its tables, one entry a stored
    /// node, are counted in `meter`.
    fn keep_paths(
        &self,
        goals: &[u32],
        ties: &Ties<M>,
        order: &[u32],
        meter: &mut Meter,
    ) -> Result<CheapestPaths<S, M, C>, Error> {
        let cost = goals.first().map(|&goal| self.tree.extra(goal as usize).cost);
        let edges_into = |node: u32| {
            let (parent, mv) = self.tree.parent_of(node as usize);
            let tree_edge = (parent != NO_PARENT).then(|| (parent, mv.cloned()));
            let tying = ties.get(node as usize).into_iter().flatten();
            tree_edge.into_iter().chain(tying.map(|(parent, mv)| (*parent, Some(mv.clone()))))
        };
        let mut kept = filled_vec(meter, self.tree.len(), false)?;
        let mut stack = goals.to_vec();
        let mut nodes = Vec::new();
        while let Some(node) = stack.pop() {
            if std::mem::replace(&mut kept[node as usize], true) {
                continue;
            }
            meter.push(&mut nodes, node)?;
            for (parent, _) in edges_into(node) {
                meter.push(&mut stack, parent)?;
            }
        }
        let expanded_at = |node: u32| order.get(node as usize).copied().unwrap_or(u32::MAX);
        nodes.sort_by(|&a, &b| {
            let key = |node: u32| (self.tree.extra(node as usize).cost, expanded_at(node));
            let ((cost_a, at_a), (cost_b, at_b)) = (key(a), key(b));
            cost_a.cost_cmp(&cost_b).then(at_a.cmp(&at_b))
        });
        drop(kept);
        let mut place = filled_vec(meter, self.tree.len(), u32::MAX)?;
        for (index, &node) in nodes.iter().enumerate() {
            place[node as usize] = index as u32;
        }
        let parents = nodes
            .iter()
            .map(|&node| {
                edges_into(node)
                    .filter_map(|(parent, mv)| Some((place[parent as usize], mv?)))
                    .collect()
            })
            .collect();
        let states = nodes.iter().map(|&node| self.tree.state(node as usize).clone()).collect();
        let goals = goals.iter().map(|&goal| place[goal as usize]).collect();
        Ok(CheapestPaths { states, parents, goals, cost })
    }
}

/// A* run on past the first goal: it ends when the open list's head
/// exceeds the goals' cost, and keeps every edge that ties a state's
/// cheapest cost.
struct EveryCheapest<M, C> {
    /// The cost of the first goal taken.
    best: Option<C>,
    goals: Vec<u32>,
    ties: Ties<M>,
    /// Each node's place in the order of expansion (`u32::MAX` for none).
    order: Vec<u32>,
    expansions: u32,
}

impl<S: State, M: Clone, C: Cost> Policy<S, M, C> for EveryCheapest<M, C> {
    #[inline]
    fn ends_before(&self, f: C) -> bool {
        self.best.is_some_and(|best| f > best)
    }

    #[inline]
    fn ends_at_goal(&mut self, goal: u32, g: C) -> bool {
        self.best = Some(g);
        self.goals.push(goal);
        false
    }

    fn expanded(
        &mut self,
        node: u32,
        _g: C,
        stored: usize,
        meter: &mut Meter,
    ) -> Result<(), Error> {
        while self.order.len() < stored {
            meter.push(&mut self.order, u32::MAX)?;
        }
        self.order[node as usize] = self.expansions;
        self.expansions += 1;
        Ok(())
    }

    /// As [`relax`](super::relax), but an edge that ties a stored state's
    /// cost is kept among its ties; a move of cost zero into a state
    /// already expanded, or any move into a start, is left out.
    fn relax<G: Weighted<State = S, Move = M, Cost = C>>(
        &mut self,
        tree: &mut Tree<S, M, Best<C>>,
        space: &G,
        run: &mut Run<'_>,
        next: S,
        reached: Reached<M, C>,
        step: C,
    ) -> Result<Option<u32>, Error> {
        let Reached { parent, mv, cost } = reached;
        let (limits, first) = (run.get_limits(), Best::reached(cost));
        match tree.find_or_insert_with(
            space,
            &limits,
            run.meter_mut(),
            next,
            parent,
            Some(mv),
            first,
        )? {
            Stored::New(child) => Ok(Some(child)),
            Stored::Old(child, mv) => {
                run.count_duplicate();
                let id = child as usize;
                let Best { cost: known, expanded } = *tree.extra(id);
                let root = tree.parent_of(id).0 == NO_PARENT;
                if cost > known || root || (step.is_zero() && expanded) {
                    return Ok(None);
                }
                while self.ties.len() <= id {
                    run.meter_mut().push(&mut self.ties, SmallVec::new())?;
                }
                if cost == known {
                    self.ties[id].extend(mv.map(|mv| (parent, mv)));
                    return Ok(None);
                }
                self.ties[id].clear();
                *tree.extra_mut(id) = Best::reached(cost);
                if expanded {
                    run.count_reopened();
                }
                tree.reparent(id, parent, mv);
                Ok(Some(child))
            }
        }
    }
}
