//! Expanding one state, and the depth policy of the breadth-first
//! searches: its successors collected, its parent left out, the counts
//! kept; and what a depth bound means. Every algorithm that stores what it
//! visits expands through here, and every layered one asks
//! [`at_depth_bound`] before it expands a layer.

use std::ops::ControlFlow;

use crate::error::Limit;
use crate::error::{Error, ErrorKind};
use crate::run::context::Run;
use crate::run::limits::Limits;
use crate::run::memory::Meter;
use crate::run::stats::Stats;
use crate::space::traits::{Predecessors, Successors};

/// The successors after which a run ends early, so that a space with many
/// moves a state (a word ladder's hundreds) keeps the run's buffer small.
pub(crate) const RUN_SUCCESSORS: usize = 4096;

/// What expanding one state gave: the successors kept, and those left out
/// because they were known already (a state's parent).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Expansion {
    pub(crate) kept: usize,
    pub(crate) skipped: usize,
}

impl Expansion {
    /// Counts the expansion in `run`.
    #[inline]
    pub(crate) fn count(self, run: &mut Run<'_>) {
        run.count_expansion(self.kept, self.skipped);
    }

    /// Counts the expansion in `stats`, a run's counts borrowed apart
    /// from it (see [`Run::parts`]).
    #[inline]
    pub(crate) fn count_into(self, stats: &mut Stats) {
        stats.count_expansion(self.kept, self.skipped);
    }
}

/// Collects the successors of `state` into `out`, which is emptied first,
/// leaving out `known`, a state already stored (the state's parent), and
/// counting it as a duplicate.
///
/// # Errors
///
/// When the successors pass the memory budget or the state bound
/// ([`Collector`]): the expansion is stopped there and not counted.
#[inline]
pub(crate) fn expand_into<G: Successors>(
    space: &G,
    state: &G::State,
    known: Option<&G::State>,
    out: &mut Vec<(G::State, G::Move)>,
    run: &mut Run<'_>,
) -> Result<(), Error> {
    expand_along(&Forwards(space), state, known, out, run)
}

/// As [`expand_into`], along either direction of a space's edges.
pub(crate) fn expand_along<E: Edges>(
    edges: &E,
    state: &E::State,
    known: Option<&E::State>,
    out: &mut Vec<(E::State, E::Move)>,
    run: &mut Run<'_>,
) -> Result<(), Error> {
    out.clear();
    let mut collector = Collector::new(&run.get_limits(), run.meter_mut());
    let skipped =
        neighbours_except(edges, state, known, |next, mv| collector.push(out, (next, mv)));
    collector.finish()?;
    Expansion { kept: out.len(), skipped }.count(run);
    Ok(())
}

/// Where one expansion's successors are gathered: a buffer that grows
/// within the memory budget, and holds at most the state bound (and a
/// run's worth more), so that a state with too many successors, or an
/// iterator of them that never ends, stops the expansion with the limit
/// it passed rather than exhausting the machine.
pub(crate) struct Collector<'a> {
    meter: &'a mut Meter,
    max_states: usize,
    /// Why the buffer could not grow, kept small: a collector is made for
    /// every expansion, and almost never fails.
    failed: Option<Failure>,
}

/// What stopped a [`Collector`].
#[derive(Clone, Copy)]
enum Failure {
    /// The buffer holds the state bound and a run's worth more.
    States,
    /// The meter refused: the memory limit, or the allocator.
    Memory { limit: bool, bytes: u64 },
}

impl<'a> Collector<'a> {
    #[inline]
    pub(crate) fn new(limits: &Limits, meter: &'a mut Meter) -> Collector<'a> {
        Collector { meter, max_states: limits.get_max_states(), failed: None }
    }

    /// Pushes `item`, or breaks with the error kept for
    /// [`finish`](Collector::finish).
    #[inline]
    pub(crate) fn push<T>(&mut self, out: &mut Vec<T>, item: T) -> ControlFlow<()> {
        if out.len() < out.capacity() {
            out.push(item);
            return ControlFlow::Continue(());
        }
        self.grow_and_push(out, item)
    }

    #[cold]
    fn grow_and_push<T>(&mut self, out: &mut Vec<T>, item: T) -> ControlFlow<()> {
        if out.len() >= self.max_states.saturating_add(RUN_SUCCESSORS) {
            self.failed = Some(Failure::States);
            return ControlFlow::Break(());
        }
        match self.meter.push(out, item) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                let (limit, bytes) = match error.kind() {
                    ErrorKind::AllocationFailed { bytes } => (false, *bytes),
                    _ => (true, 0),
                };
                self.failed = Some(Failure::Memory { limit, bytes });
                ControlFlow::Break(())
            }
        }
    }

    /// The limit the successors passed, if they did.
    #[inline]
    pub(crate) fn finish(self) -> Result<(), Error> {
        match self.failed {
            None => Ok(()),
            Some(Failure::States) => Err(Error::limit(Limit::States(self.max_states))),
            Some(Failure::Memory { limit: true, .. }) => {
                Err(Error::limit(Limit::Memory(self.meter.limit())))
            }
            Some(Failure::Memory { bytes, .. }) => Err(Error::allocation_failed(bytes)),
        }
    }
}

/// One direction of a space's edges, so that the loop that leaves a known
/// state out ([`neighbours_except`]) is written once for both: a static
/// call either way, nothing dynamic on the path every edge takes.
pub(crate) trait Edges {
    type State: PartialEq;
    type Move;
    /// Calls `report` with each neighbour of `state` in this direction,
    /// until it breaks.
    fn each<F>(&self, state: &Self::State, report: F) -> ControlFlow<()>
    where
        F: FnMut(Self::State, Self::Move) -> ControlFlow<()>;
    /// The bytes `state` owns on the heap ([`Successors::heap_bytes`]).
    fn heap_bytes(&self, state: &Self::State) -> usize;
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
    fn each<F>(&self, state: &G::State, report: F) -> ControlFlow<()>
    where
        F: FnMut(G::State, G::Move) -> ControlFlow<()>,
    {
        self.0.successors_until(state, report)
    }
    #[inline]
    fn heap_bytes(&self, state: &G::State) -> usize {
        self.0.heap_bytes(state)
    }
}

impl<G: Predecessors> Edges for Backwards<'_, G> {
    type State = G::State;
    type Move = ();
    #[inline]
    fn each<F>(&self, state: &G::State, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(G::State, ()) -> ControlFlow<()>,
    {
        self.0.predecessors_until(state, |previous| report(previous, ()))
    }
    #[inline]
    fn heap_bytes(&self, state: &G::State) -> usize {
        self.0.heap_bytes(state)
    }
}

/// Calls `keep` with each neighbour of `state` along `edges`, leaving out
/// `known`, a state already stored (the one `state` was reached from),
/// until `keep` breaks; returns how many it left out. Two closures, so
/// that a state with nothing to leave out (every state of a visited set's
/// frontier) compares nothing.
#[inline]
pub(crate) fn neighbours_except<E: Edges>(
    edges: &E,
    state: &E::State,
    known: Option<&E::State>,
    mut keep: impl FnMut(E::State, E::Move) -> ControlFlow<()>,
) -> usize {
    let mut skipped = 0;
    let _ = match known {
        None => edges.each(state, keep),
        Some(known) => edges.each(state, |next, mv| {
            if next == *known {
                skipped += 1;
                ControlFlow::Continue(())
            } else {
                keep(next, mv)
            }
        }),
    };
    skipped
}

/// Where a layer stands against the depth bound: see [`at_depth_bound`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DepthBound {
    /// The bound allows the next layer: expand on.
    Below,
    /// The bound allows no next layer, and there is none: the whole space
    /// lies within it.
    Complete,
    /// The bound allows no next layer, and the space goes on past it.
    Cut,
}

impl DepthBound {
    /// The bound as a search that looks for a goal takes it: whether the
    /// search ends here with its answer (no goal) standing, or an error
    /// naming the depth `depth` when the bound cut it short.
    pub(crate) fn for_search(self, depth: usize) -> Result<bool, Error> {
        match self {
            DepthBound::Below => Ok(false),
            DepthBound::Complete => Ok(true),
            DepthBound::Cut => Err(Error::limit(Limit::Depth(depth))),
        }
    }
}

/// The depth policy of every breadth-first search (see
/// [`Limits::max_depth`]), in one place: before expanding `layer`, the
/// states at `depth`, a search asks whether the limits allow `depth + 1`.
/// When they do not, the layer's states are expanded until one has a
/// successor that is not `known` (the bound cut the space short) or none
/// has (the whole space lies within the bound).
pub(crate) fn at_depth_bound<'a, G, K>(
    space: &G,
    run: &mut Run<'_>,
    depth: usize,
    layer: impl IntoIterator<Item = &'a G::State>,
    scratch: &mut Vec<(G::State, G::Move)>,
    known: K,
) -> Result<DepthBound, Error>
where
    G: Successors,
    G::State: 'a,
    K: Fn(&G::State) -> bool,
{
    if run.get_limits().allows_depth(depth + 1) {
        return Ok(DepthBound::Below);
    }
    for state in layer {
        expand_into(space, state, None, scratch, run)?;
        if scratch.iter().any(|(next, _)| !known(next)) {
            return Ok(DepthBound::Cut);
        }
    }
    Ok(DepthBound::Complete)
}
