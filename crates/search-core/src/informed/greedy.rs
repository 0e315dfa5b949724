//! Incomplete and unbounded informed searches, for spaces too large to
//! solve optimally: greedy best-first search, which follows the estimate
//! alone, and beam search, which keeps the best few states of each layer.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::error::Error;
use crate::informed::astar::AStar;
use crate::path::{Path, path_back};
use crate::run::limits::{Limit, Limits};
use crate::space::traits::Successors;
use crate::space::traits::unless_failed;
use crate::space::weighted::{Cost, Heuristic, Weighted};
use crate::store::hash::BuildStateHasher;

/// A space whose moves cost nothing, so that A*'s `g + h` is `h` alone.
struct FreeMoves<'g, G, C>(&'g G, std::marker::PhantomData<C>);

impl<G: Successors, C> Successors for FreeMoves<'_, G, C> {
    type State = G::State;
    type Move = G::Move;

    fn successors<F: FnMut(G::State, G::Move)>(&self, state: &G::State, report: F) {
        self.0.successors(state, report);
    }

    fn failure(&self) -> Option<Error> {
        self.0.failure()
    }
}

impl<G: Successors, C: Cost> Weighted for FreeMoves<'_, G, C> {
    type Cost = C;

    fn cost(&self, _: &G::State, _: &G::Move, _: &G::State) -> C {
        C::zero()
    }
}

/// A path from any of `starts` to the first state that satisfies
/// `is_goal`, by greedy best-first search: always expand the stored state
/// that `heuristic` says is nearest a goal, whatever its path cost. Fast
/// when the estimate is good, but the path may be far from the shortest;
/// `None` when no goal can be reached. Each state is stored once, so a
/// finite space ends.
///
/// It is A* over the same space with every move free: `g + h` is `h`.
///
/// # Errors
///
/// When the search reaches a bound of `limits` (states, memory, nodes).
///
/// # Example
///
/// ```
/// use search_core::{greedy_best_first, from_fn, Limits};
///
/// // Towards 100 by +1 or *3, the estimate the distance left.
/// let steps = from_fn(|&n: &u32| [n + 1, n * 3]);
/// let estimate = |&n: &u32| n.abs_diff(100);
/// let path = greedy_best_first(&steps, [1], estimate, |&n| n == 100, Limits::new())?
///     .expect("reachable");
/// assert_eq!(path.states()[..5], [1, 3, 9, 27, 81]);
/// assert_eq!(path.len(), 23); // 4 triples, then 19 steps; 7 moves would do
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn greedy_best_first<G, I, H, P>(
    space: &G,
    starts: I,
    heuristic: H,
    is_goal: P,
    limits: Limits,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Heuristic<G::State>,
    H::Cost: Cost,
    P: FnMut(&G::State) -> bool,
{
    let free = FreeMoves::<G, H::Cost>(space, std::marker::PhantomData);
    let found = AStar::new().limits(limits).run(&free, starts, heuristic, is_goal)?;
    Ok(found.map(|(path, _)| path))
}

/// A path from any of `starts` to a state that satisfies `is_goal`, by
/// beam search: breadth first, but of each layer (the starts' too) only
/// the `width` states that `heuristic` rates nearest a goal are expanded.
///
/// Memory and time grow with `width` times the depth, not with the
/// space. The price: it may answer `None` where a path exists (the states
/// on it fell outside the beam), and a path it finds may be longer than
/// the shortest. With a `width` of at least the widest layer it is
/// breadth-first search, and its path a shortest one. States already
/// seen in an earlier layer are not kept again.
///
/// # Errors
///
/// When the search stores more states than `limits` allows, or passes its
/// depth limit.
///
/// # Example
///
/// ```
/// use search_core::{beam_search, from_fn, Limits};
///
/// let steps = from_fn(|&n: &u32| [n + 1, n * 3].into_iter().filter(|&m| m < 1000));
/// let estimate = |&n: &u32| n.abs_diff(100);
/// let goal = |&n: &u32| n == 100;
/// // Wide enough for every layer: breadth-first search, a shortest path.
/// let path = beam_search(&steps, [1], estimate, goal, 1000, Limits::new())?.expect("found");
/// assert_eq!(path.len(), 7);
/// // Two states a layer: a path, not a short one.
/// let path = beam_search(&steps, [1], estimate, goal, 2, Limits::new())?.expect("found");
/// assert_eq!(path.len(), 23);
/// // One state a layer, led by an estimate that misleads: no path.
/// let misleading = |&n: &u32| 1000 - n;
/// assert_eq!(beam_search(&steps, [1], misleading, goal, 1, Limits::new())?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[expect(clippy::needless_pass_by_value, reason = "estimates are taken as closures are")]
pub fn beam_search<G, I, H, P>(
    space: &G,
    starts: I,
    heuristic: H,
    mut is_goal: P,
    width: usize,
    limits: Limits,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Heuristic<G::State>,
    H::Cost: Ord,
    P: FnMut(&G::State) -> bool,
{
    // The search as a closure, so that a failed space's error replaces
    // whatever it answered.
    let search = || {
        // Each state, with the state and move it was reached by.
        let mut parents: HashMap<G::State, Option<(G::State, G::Move)>, BuildStateHasher> =
            HashMap::default();
        let mut layer = Vec::new();
        for start in starts {
            if is_goal(&start) {
                return Ok(Some(Path::new(vec![start], Vec::new())));
            }
            if let Entry::Vacant(vacant) = parents.entry(start.clone()) {
                vacant.insert(None);
                layer.push(start);
            }
        }
        let max_states = limits.get_max_states();
        let max_depth = limits.get_max_depth().unwrap_or(usize::MAX);
        let mut depth = 0;
        loop {
            keep_nearest(&mut layer, &heuristic, width);
            if layer.is_empty() {
                return Ok(None);
            }
            if depth == max_depth {
                // A layer is left at the limit: what lies past it is unknown.
                return Err(Error::limit(Limit::Depth(max_depth)));
            }
            depth += 1;
            let mut next = Vec::new();
            for state in &layer {
                let mut goal = None;
                space.successors(state, |child, mv| {
                    if goal.is_some() {
                        return;
                    }
                    if let Entry::Vacant(vacant) = parents.entry(child.clone()) {
                        vacant.insert(Some((state.clone(), mv)));
                        if is_goal(&child) {
                            goal = Some(child);
                        } else {
                            next.push(child);
                        }
                    }
                });
                if let Some(goal) = goal {
                    let parent_of = |state: &G::State| {
                        parents.get(state)?.as_ref().map(|(parent, mv)| (parent, Some(mv)))
                    };
                    return Ok(Some(path_back(goal, parent_of)));
                }
                if parents.len() > max_states {
                    return Err(Error::limit(Limit::States(max_states)));
                }
            }
            layer = next;
        }
    };
    unless_failed(space, search())
}

/// Keeps the `width` states of `layer` that `heuristic` rates nearest a
/// goal, in the order they were found (ties too).
fn keep_nearest<S: Clone, H: Heuristic<S>>(layer: &mut Vec<S>, heuristic: &H, width: usize)
where
    H::Cost: Ord,
{
    if width == 0 {
        layer.clear();
    } else if layer.len() > width {
        let mut rated: Vec<(H::Cost, usize)> =
            layer.iter().enumerate().map(|(i, s)| (heuristic.estimate(s), i)).collect();
        rated.select_nth_unstable(width - 1);
        rated.truncate(width);
        rated.sort_unstable_by_key(|&(_, index)| index);
        *layer = rated.into_iter().map(|(_, index)| layer[index].clone()).collect();
    }
}
