//! [`dfs`]: depth-first search with a visited set, which finds a path,
//! not always a short one, visiting each state once.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::error::Error;
use crate::path::{Path, path_back};
use crate::run::limits::{Limit, Limits};
use crate::space::traits::Successors;
use crate::space::traits::unless_failed;
use crate::store::hash::BuildStateHasher;

/// A path from any of `starts` to the first state that satisfies
/// `is_goal`, found depth first: the first successor of each state is
/// followed before the second. Not always a shortest path; `None` when no
/// goal can be reached. Each state is visited once, so time and memory are
/// at most the reachable space's, as for [`bfs`](crate::bfs) (where
/// `pathfinding`'s `dfs` is the same).
///
/// For a space too large to store, [`IdaStar::depth_first`](crate::IdaStar::depth_first)
/// walks depth first in memory of one path, at the price of walking every
/// path to a state.
///
/// # Errors
///
/// When more states than `limits` allows are stored.
///
/// # Example
///
/// ```
/// use search_core::{dfs, from_fn, Limits};
///
/// // Counting by +1 and *2 below 20: depth first takes +1 all the way.
/// let steps = from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 20));
/// let path = dfs(&steps, [1], |&n| n == 16, Limits::new())?.expect("reachable");
/// assert_eq!(path.len(), 15);
/// assert_eq!(dfs(&steps, [1], |&n| n == 20, Limits::new())?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dfs<G, I, P>(
    space: &G,
    starts: I,
    mut is_goal: P,
    limits: Limits,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    // The search as a closure, so that a failed space's error replaces
    // whatever it answered.
    let search = || {
        // Each state stored, with the state and move it was first reached by;
        // `visited` once it has been taken off the stack.
        let mut parents: Parents<G::State, G::Move> = HashMap::default();
        let mut stack: Vec<G::State> = Vec::new();
        let mut starts: Vec<G::State> = starts.into_iter().collect();
        // The first start is searched first.
        starts.reverse();
        for start in starts {
            parents.insert(start.clone(), (None, false));
            stack.push(start);
        }
        let max_states = limits.get_max_states();
        let mut children = Vec::new();
        while let Some(state) = stack.pop() {
            let Some((_, visited)) = parents.get_mut(&state) else { continue };
            if *visited {
                continue;
            }
            *visited = true;
            if is_goal(&state) {
                let parent_of = |state: &G::State| {
                    parents.get(state)?.0.as_ref().map(|(parent, mv)| (parent, Some(mv)))
                };
                return Ok(Some(path_back(state, parent_of)));
            }
            space.successors(&state, |child, mv| children.push((child, mv)));
            // Pushed last first, so that the first successor is popped first.
            for (child, mv) in children.drain(..).rev() {
                match parents.entry(child.clone()) {
                    Entry::Occupied(occupied) if occupied.get().1 => continue,
                    // Reached again before it was visited: this later path is
                    // the one depth first follows.
                    Entry::Occupied(mut occupied) => {
                        occupied.insert((Some((state.clone(), mv)), false));
                    }
                    Entry::Vacant(vacant) => {
                        vacant.insert((Some((state.clone(), mv)), false));
                    }
                }
                stack.push(child);
            }
            if parents.len() > max_states {
                return Err(Error::limit(Limit::States(max_states)));
            }
        }
        Ok(None)
    };
    unless_failed(space, search())
}

/// Each state's parent and move, and whether it has been visited.
type Parents<S, M> = HashMap<S, (Option<(S, M)>, bool), BuildStateHasher>;
