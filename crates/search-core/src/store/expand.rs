//! Expanding one state, and the depth policy of the breadth-first
//! searches: its successors collected, its parent left out, the counts
//! kept; and what a depth bound means. Every algorithm that stores what it
//! visits expands through here, and every layered one asks
//! [`at_depth_bound`] before it expands a layer.

use crate::error::Error;
use crate::run::limits::{Limit, Limits};
use crate::run::stats::Stats;
use crate::space::traits::{Predecessors, Successors};

/// What expanding one state gave: the successors kept, and those left out
/// because they were known already (a state's parent).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Expansion {
    pub(crate) kept: usize,
    pub(crate) skipped: usize,
}

impl Expansion {
    /// Counts the expansion in `counters`.
    #[inline]
    pub(crate) fn count(self, counters: &mut Stats) {
        counters.expanded += 1;
        counters.generated += (self.kept + self.skipped) as u64;
        counters.duplicates += self.skipped as u64;
    }
}

/// Collects the successors of `state` into `out`, which is emptied first,
/// leaving out `known`, a state already stored (the state's parent), and
/// counting it as a duplicate.
pub(crate) fn expand_into<G: Successors>(
    space: &G,
    state: &G::State,
    known: Option<&G::State>,
    out: &mut Vec<(G::State, G::Move)>,
    counters: &mut Stats,
) {
    out.clear();
    let skipped = successors_except(space, state, known, |next, mv| out.push((next, mv)));
    Expansion { kept: out.len(), skipped }.count(counters);
}

/// Calls `keep` with each successor of `state` and its move, leaving out
/// `known`, a state already stored (the state's parent); returns how many
/// it left out.
#[inline]
pub(crate) fn successors_except<G: Successors>(
    space: &G,
    state: &G::State,
    known: Option<&G::State>,
    keep: impl FnMut(G::State, G::Move),
) -> usize {
    neighbours_except(&Forwards(space), state, known, keep)
}

/// One direction of a space's edges, so that the loop that leaves a known
/// state out ([`neighbours_except`]) is written once for both: a static
/// call either way, nothing dynamic on the path every edge takes.
pub(crate) trait Edges {
    type State: PartialEq;
    type Move;
    /// Calls `report` with each neighbour of `state` in this direction.
    fn each<F: FnMut(Self::State, Self::Move)>(&self, state: &Self::State, report: F);
}

/// A space's edges as [`Successors`] gives them.
pub(crate) struct Forwards<'a, G>(pub(crate) &'a G);

/// A space's edges backwards, as [`Predecessors`] gives them, without
/// moves.
pub(crate) struct Backwards<'a, G>(pub(crate) &'a G);

impl<G: Successors> Edges for Forwards<'_, G> {
    type State = G::State;
    type Move = G::Move;
    #[inline]
    fn each<F: FnMut(G::State, G::Move)>(&self, state: &G::State, report: F) {
        self.0.successors(state, report);
    }
}

impl<G: Predecessors> Edges for Backwards<'_, G> {
    type State = G::State;
    type Move = ();
    #[inline]
    fn each<F: FnMut(G::State, ())>(&self, state: &G::State, mut report: F) {
        self.0.predecessors(state, |previous| report(previous, ()));
    }
}

/// Calls `keep` with each neighbour of `state` along `edges`, leaving out
/// `known`, a state already stored (the one `state` was reached from);
/// returns how many it left out. Two closures, so that a state with
/// nothing to leave out (every state of a visited set's frontier)
/// compares nothing.
#[inline]
pub(crate) fn neighbours_except<E: Edges>(
    edges: &E,
    state: &E::State,
    known: Option<&E::State>,
    mut keep: impl FnMut(E::State, E::Move),
) -> usize {
    let mut skipped = 0;
    match known {
        None => edges.each(state, keep),
        Some(known) => edges.each(state, |next, mv| {
            if next == *known {
                skipped += 1;
            } else {
                keep(next, mv);
            }
        }),
    }
    skipped
}

/// The depth policy of every breadth-first search (see
/// [`Limits::max_depth`]), in one place: before expanding `layer`, the
/// states at `depth`, a search asks whether the limits allow `depth + 1`.
///
/// - They do: `Ok(false)`, expand on.
/// - They do not, and no state of the layer has a successor that is not
///   `known`: the whole space lies within the bound, so the search is
///   complete and its answer (no goal) stands: `Ok(true)`.
/// - They do not, and some successor is new: the bound cut the search
///   short, an error naming the depth.
pub(crate) fn at_depth_bound<'a, G, K>(
    space: &G,
    limits: &Limits,
    depth: usize,
    layer: impl IntoIterator<Item = &'a G::State>,
    scratch: &mut Vec<(G::State, G::Move)>,
    counters: &mut Stats,
    known: K,
) -> Result<bool, Error>
where
    G: Successors,
    G::State: 'a,
    K: Fn(&G::State) -> bool,
{
    if limits.allows_depth(depth + 1) {
        return Ok(false);
    }
    for state in layer {
        expand_into(space, state, None, scratch, counters);
        if scratch.iter().any(|(next, _)| !known(next)) {
            return Err(Error::limit(Limit::Depth(depth)));
        }
    }
    Ok(true)
}
