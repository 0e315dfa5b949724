//! [`fringe_search`]: Björnsson, Enzenberger, Holte and Schaeffer's
//! fringe search (2005), between A* and IDA*.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use num_traits::Zero;

use crate::error::Error;
use crate::path::{Path, path_back};
use crate::run::limits::{Limit, Limits};
use crate::space::traits::unless_failed;
use crate::space::weighted::{Heuristic, Weighted, add_costs, extend_cost};
use crate::store::hash::BuildStateHasher;

/// The end of the fringe's links.
const NIL: u32 = u32::MAX;

/// A cheapest path from any of `starts` to a state that satisfies
/// `is_goal`, and its cost, by fringe search; `None` when no goal can be
/// reached. With an admissible `heuristic` the path is a cheapest one.
///
/// Fringe search deepens an `f = g + h` threshold as IDA* does, but keeps
/// the states it has seen (their cost and parent) and the *fringe*, the
/// frontier of the last pass, in a list instead of a priority queue: each
/// pass walks the list in order, expanding the states within the
/// threshold (their children go right after them, to be visited next)
/// and keeping the rest for the next pass, whose threshold is the least
/// `f` kept. It stores what A* stores, without a heap, and expands no
/// state twice at the same cost, unlike IDA*.
///
/// # Errors
///
/// When more states than `limits` allows are stored, or a sum of costs
/// passes the most the cost type holds.
///
/// # Example
///
/// ```
/// use search_core::{fringe_search, astar, from_fn, Limits, UnitCost};
///
/// // A rook that moves one square at a time on an 8x8 board with a wall.
/// let rook = UnitCost(from_fn(|&(x, y): &(i8, i8)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y) && !(x == 4 && y < 6))
/// }));
/// let taxicab = |&(x, y): &(i8, i8)| u32::from(x.abs_diff(7) + y.abs_diff(0));
/// let (path, cost) = fringe_search(&rook, [(0, 0)], taxicab, |&s| s == (7, 0), Limits::new())?
///     .expect("round the wall");
/// assert_eq!((path.len(), cost), (19, 19));
/// let (_, expected) = astar(&rook, [(0, 0)], taxicab, |&s| s == (7, 0))?.expect("round the wall");
/// assert_eq!(cost, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[expect(clippy::needless_pass_by_value, reason = "estimates are taken as closures are")]
pub fn fringe_search<G, I, H, P>(
    space: &G,
    starts: I,
    heuristic: H,
    mut is_goal: P,
    limits: Limits,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Heuristic<G::State, Cost = G::Cost>,
    P: FnMut(&G::State) -> bool,
{
    // The search as a closure, so that a failed space's error replaces
    // whatever it answered.
    let search = || {
        let max_states = limits.get_max_states();
        let mut seen = Seen::new();
        let mut threshold = None;
        for start in starts {
            if let Entry::Vacant(vacant) = seen.ids.entry(start.clone()) {
                let id = seen.nodes.len() as u32;
                vacant.insert(id);
                let h = heuristic.estimate(&start);
                threshold = Some(threshold.map_or(h, |t: G::Cost| t.min(h)));
                seen.nodes.push(Node {
                    state: start,
                    g: G::Cost::zero(),
                    h,
                    parent: NIL,
                    mv: None,
                });
                seen.fringe.push_back(id);
            }
        }
        let mut children = Vec::new();
        while let Some(limit) = threshold.take() {
            let mut node = seen.fringe.head;
            while node != NIL {
                let Node { g, h, .. } = seen.nodes[node as usize];
                let f = add_costs(g, h)?;
                if f > limit {
                    threshold = Some(threshold.map_or(f, |t: G::Cost| t.min(f)));
                    node = seen.fringe.next[node as usize];
                    continue;
                }
                let state = seen.nodes[node as usize].state.clone();
                if is_goal(&state) {
                    return Ok(Some((seen.path(node), g)));
                }
                children.clear();
                space.successors(&state, |next, mv| children.push((next, mv)));
                // In reverse, so that each goes in right after `node` and the
                // first child is visited first.
                for (next, mv) in children.drain(..).rev() {
                    let cost = extend_cost(g, space.cost(&state, &mv, &next))?;
                    let child = match seen.ids.entry(next) {
                        Entry::Occupied(occupied) => {
                            let child = *occupied.get();
                            let known = &mut seen.nodes[child as usize];
                            if known.g <= cost {
                                continue;
                            }
                            (known.g, known.parent, known.mv) = (cost, node, Some(mv));
                            seen.fringe.remove(child);
                            child
                        }
                        Entry::Vacant(vacant) => {
                            let child = seen.nodes.len() as u32;
                            let h = heuristic.estimate(vacant.key());
                            let state = vacant.key().clone();
                            vacant.insert(child);
                            seen.nodes.push(Node { state, g: cost, h, parent: node, mv: Some(mv) });
                            child
                        }
                    };
                    seen.fringe.insert_after(node, child);
                }
                if seen.nodes.len() > max_states {
                    return Err(Error::limit(Limit::States(max_states)));
                }
                let next = seen.fringe.next[node as usize];
                seen.fringe.remove(node);
                node = next;
            }
        }
        Ok(None)
    };
    unless_failed(space, search())
}

/// A state seen: its cheapest cost found, its estimate, and the node and
/// move it was reached by at that cost.
struct Node<S, M, C> {
    state: S,
    g: C,
    h: C,
    parent: u32,
    mv: Option<M>,
}

/// The states seen, by id, and the fringe.
struct Seen<S, M, C> {
    ids: HashMap<S, u32, BuildStateHasher>,
    nodes: Vec<Node<S, M, C>>,
    fringe: Links,
}

impl<S: Clone + Eq + std::hash::Hash, M: Clone, C> Seen<S, M, C> {
    fn new() -> Seen<S, M, C> {
        Seen { ids: HashMap::default(), nodes: Vec::new(), fringe: Links::new() }
    }

    fn path(&self, end: u32) -> Path<S, M> {
        let end = self.nodes[end as usize].state.clone();
        path_back(end, |state| {
            let node = &self.nodes[*self.ids.get(state)? as usize];
            (node.parent != NIL)
                .then(|| (&self.nodes[node.parent as usize].state, node.mv.as_ref()))
        })
    }
}

/// A doubly linked list of node ids, with room for every id seen: the
/// fringe, in the order its passes walk it.
struct Links {
    head: u32,
    tail: u32,
    next: Vec<u32>,
    previous: Vec<u32>,
    listed: Vec<bool>,
}

impl Links {
    fn new() -> Links {
        Links { head: NIL, tail: NIL, next: Vec::new(), previous: Vec::new(), listed: Vec::new() }
    }

    fn grow(&mut self, id: u32) {
        let needed = id as usize + 1;
        if self.next.len() < needed {
            self.next.resize(needed, NIL);
            self.previous.resize(needed, NIL);
            self.listed.resize(needed, false);
        }
    }

    fn push_back(&mut self, id: u32) {
        self.grow(id);
        let tail = self.tail;
        self.link(tail, id, NIL);
    }

    fn insert_after(&mut self, at: u32, id: u32) {
        self.grow(id);
        let after = self.next[at as usize];
        self.link(at, id, after);
    }

    /// Puts `id` between `before` and `after` (either may be [`NIL`]).
    fn link(&mut self, before: u32, id: u32, after: u32) {
        (self.previous[id as usize], self.next[id as usize]) = (before, after);
        self.listed[id as usize] = true;
        if before == NIL {
            self.head = id;
        } else {
            self.next[before as usize] = id;
        }
        if after == NIL {
            self.tail = id;
        } else {
            self.previous[after as usize] = id;
        }
    }

    fn remove(&mut self, id: u32) {
        if !self.listed.get(id as usize).copied().unwrap_or(false) {
            return;
        }
        self.listed[id as usize] = false;
        let (before, after) = (self.previous[id as usize], self.next[id as usize]);
        if before == NIL {
            self.head = after;
        } else {
            self.next[before as usize] = after;
        }
        if after == NIL {
            self.tail = before;
        } else {
            self.previous[after as usize] = before;
        }
    }
}
