//! [`k_cheapest_paths`]: Yen's `k` cheapest loopless paths, each found by
//! Dijkstra's search on the space with what earlier paths forbid removed.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use num_traits::Zero;

use crate::error::Error;
use crate::informed::astar::AStar;
use crate::path::Path;
use crate::run::limits::Limits;
use crate::space::traits::{State, Successors};
use crate::space::weighted::{Cost, Weighted, extend_cost};
use crate::store::hash::BuildStateHasher;

/// The `k` cheapest loopless paths from any of `starts` to states that
/// satisfy `is_goal`, cheapest first (paths of equal cost in no promised
/// order), each with its cost: Yen's algorithm (what `pathfinding` calls
/// `yen`). Fewer when fewer exist.
///
/// A loopless path visits no state twice and ends at the first goal it
/// meets. Paths are told apart by their states: of two moves between the
/// same states, the cheaper stands for both. Each path after the first
/// costs one Dijkstra search per state of the path before it, on the
/// space with the earlier paths' shared beginnings removed.
///
/// # Errors
///
/// When one of the searches reaches a bound of `limits` (each search is
/// bounded on its own), or a sum of costs passes the most the cost type
/// holds.
///
/// # Example
///
/// ```
/// use search_core::{k_cheapest_paths, from_fn_weighted, Limits};
///
/// // A ladder: two rails joined by rungs, each step costing 1, a rung 2.
/// let ladder = from_fn_weighted(|&(rail, step): &(u8, u8)| {
///     let mut next = vec![((1 - rail, step), 2u32)];
///     if step < 3 { next.push(((rail, step + 1), 1)); }
///     next
/// });
/// let to_corner = |&s: &(u8, u8)| s == (1, 3);
/// let paths = k_cheapest_paths(&ladder, [(0, 0)], to_corner, 5, Limits::new())?;
/// let costs: Vec<u32> = paths.iter().map(|(_, cost)| *cost).collect();
/// // One rung, at step 0, 1, 2 or 3; then three rungs (there and back and there).
/// assert_eq!(costs, [5, 5, 5, 5, 9]);
/// // Four paths of one rung and four of three: eight in all.
/// assert_eq!(k_cheapest_paths(&ladder, [(0, 0)], to_corner, 100, Limits::new())?.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn k_cheapest_paths<G, I, P>(
    space: &G,
    starts: I,
    mut is_goal: P,
    k: usize,
    limits: Limits,
) -> Result<Vec<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    let roots: Vec<G::State> = starts.into_iter().collect();
    let mut search = AStar::new().limits(limits);
    let mut goal = |state: &Option<G::State>| state.as_ref().is_some_and(&mut is_goal);
    let whole = Detour {
        space,
        roots: &roots,
        spur: None,
        banned: HashSet::default(),
        cut: HashSet::default(),
    };
    let mut found: Vec<Walk<G::State, G::Move, G::Cost>> = Vec::new();
    if k > 0
        && let Some((path, _)) = search.run(&whole, [None], |_: &_| G::Cost::zero(), &mut goal)?
    {
        found.push(Walk::from_path(space, path)?);
    }
    let mut seen: HashSet<Vec<Option<G::State>>, BuildStateHasher> =
        found.iter().map(|walk| walk.states.clone()).collect();
    let mut candidates: BinaryHeap<Reverse<(G::Cost, usize, u64)>> = BinaryHeap::new();
    let mut pending: Vec<Option<Walk<G::State, G::Move, G::Cost>>> = Vec::new();
    while found.len() < k {
        let Some(last) = found.last() else { break };
        for spur in 0..last.states.len() - 1 {
            let root = &last.states[..=spur];
            // The next state of every path found that shares this root.
            let cut = found
                .iter()
                .filter(|walk| walk.states.len() > spur + 1 && walk.states[..=spur] == *root)
                .map(|walk| walk.states[spur + 1].clone())
                .collect();
            let detour = Detour {
                space,
                roots: &roots,
                spur: Some(&last.states[spur]),
                banned: root[..spur].iter().collect(),
                cut,
            };
            let from = last.states[spur].clone();
            let Some((tail, _)) =
                search.run(&detour, [from], |_: &_| G::Cost::zero(), &mut goal)?
            else {
                continue;
            };
            let mut walk = last.prefix(spur);
            walk.extend(space, tail)?;
            if seen.insert(walk.states.clone()) {
                let cost = walk.costs[walk.costs.len() - 1];
                candidates.push(Reverse((cost, walk.states.len(), pending.len() as u64)));
                pending.push(Some(walk));
            }
        }
        let Some(Reverse((_, _, entry))) = candidates.pop() else { break };
        found.extend(pending[entry as usize].take());
    }
    Ok(found.into_iter().map(Walk::into_path).collect())
}

/// A path through the space with a root above its starts (`None`), whose
/// moves from the root to a start are `None` and cost nothing; with the
/// cost to each of its states.
struct Walk<S, M, C> {
    states: Vec<Option<S>>,
    moves: Vec<Option<M>>,
    costs: Vec<C>,
}

impl<S: State, M: Clone, C: Cost> Walk<S, M, C> {
    fn from_path<G>(space: &G, path: Path<Option<S>, Option<M>>) -> Result<Walk<S, M, C>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
    {
        let mut walk = Walk { states: vec![None], moves: Vec::new(), costs: vec![C::zero()] };
        walk.extend(space, path)?;
        Ok(walk)
    }

    /// The walk's first `spur + 1` states.
    fn prefix(&self, spur: usize) -> Walk<S, M, C> {
        Walk {
            states: self.states[..=spur].to_vec(),
            moves: self.moves[..spur].to_vec(),
            costs: self.costs[..=spur].to_vec(),
        }
    }

    /// Appends `tail`, which begins where the walk ends.
    fn extend<G>(&mut self, space: &G, tail: Path<Option<S>, Option<M>>) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
    {
        let (states, moves) = tail.into_parts();
        for (next, mv) in states.into_iter().skip(1).zip(moves) {
            let from = &self.states[self.states.len() - 1];
            let step = rooted_cost(space, from.as_ref(), mv.as_ref(), next.as_ref());
            self.costs.push(extend_cost(self.costs[self.costs.len() - 1], step)?);
            self.states.push(next);
            self.moves.push(mv);
        }
        Ok(())
    }

    fn into_path(self) -> (Path<S, M>, C) {
        let cost = self.costs[self.costs.len() - 1];
        let states = self.states.into_iter().flatten().collect();
        let moves = self.moves.into_iter().flatten().collect();
        (Path::new(states, moves), cost)
    }
}

/// The space with a root above its starts, less the states in `banned`
/// and, out of `spur`, the moves into the states in `cut`.
struct Detour<'a, G: Successors> {
    space: &'a G,
    roots: &'a [G::State],
    spur: Option<&'a Option<G::State>>,
    banned: HashSet<&'a Option<G::State>, BuildStateHasher>,
    cut: HashSet<Option<G::State>, BuildStateHasher>,
}

impl<G: Successors> Successors for Detour<'_, G> {
    type State = Option<G::State>;
    type Move = Option<G::Move>;

    fn successors<F: FnMut(Option<G::State>, Option<G::Move>)>(
        &self,
        state: &Option<G::State>,
        mut report: F,
    ) {
        let cutting = self.spur == Some(state);
        let mut offer = |next: Option<G::State>, mv: Option<G::Move>| {
            let removed = self.banned.contains(&next) || cutting && self.cut.contains(&next);
            if !removed {
                report(next, mv);
            }
        };
        match state {
            None => self.roots.iter().for_each(|root| offer(Some(root.clone()), None)),
            Some(state) => self.space.successors(state, |next, mv| offer(Some(next), Some(mv))),
        }
    }

    fn failure(&self) -> Option<Error> {
        self.space.failure()
    }
}

impl<G: Weighted> Weighted for Detour<'_, G> {
    type Cost = G::Cost;

    fn cost(
        &self,
        from: &Option<G::State>,
        mv: &Option<G::Move>,
        to: &Option<G::State>,
    ) -> G::Cost {
        rooted_cost(self.space, from.as_ref(), mv.as_ref(), to.as_ref())
    }
}

/// The cost of a move in the space with a root above its starts: the
/// space's own, or nothing for a move from the root.
fn rooted_cost<G: Weighted>(
    space: &G,
    from: Option<&G::State>,
    mv: Option<&G::Move>,
    to: Option<&G::State>,
) -> G::Cost {
    match (from, mv, to) {
        (Some(from), Some(mv), Some(to)) => space.cost(from, mv, to),
        _ => G::Cost::zero(),
    }
}
