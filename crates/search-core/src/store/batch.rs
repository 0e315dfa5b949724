//! Runs of states: the successors of up to [`RUN_STATES`] states are
//! collected with their keys before any is stored, so that the inserts run
//! back to back and their cache misses overlap.

use crate::error::Error;
use crate::run::context::Run;
use crate::store::expand::{Collector, Edges, Expansion, RUN_SUCCESSORS, neighbours_except};

/// The most states whose successors a search collects before it stores
/// them (`collect_keyed`): enough that the inserts that follow run back to
/// back for thousands of states.
pub(crate) const RUN_STATES: usize = 512;

/// The most states a run may expand in a search that has expanded
/// `expanded` states before it: as many, at least one, at most
/// [`RUN_STATES`]. A search whose goal turns up early in a run has called
/// the successor function on states it did not need; this way at most as
/// many as it needed, and at most `RUN_STATES`, however costly the
/// function.
pub(crate) fn run_length(expanded: u64) -> usize {
    usize::try_from(expanded).unwrap_or(RUN_STATES).clamp(1, RUN_STATES)
}

/// Collects into `out` the neighbours along `edges` of the first of
/// `states` (each with a state to leave out, the one it was reached from
/// if any), each with its `key_of` and its move, and what each state gave
/// into `expansions`; both are emptied first. The run ends after `longest`
/// states, or once it holds [`RUN_SUCCESSORS`] neighbours.
///
/// # Errors
///
/// When the neighbours pass `run`'s memory budget or state bound
/// ([`Collector`]).
pub(crate) fn collect_run<'a, E: Edges>(
    edges: &E,
    states: impl Iterator<Item = (&'a E::State, Option<&'a E::State>)>,
    longest: usize,
    key_of: impl Fn(&E::State) -> u64,
    out: &mut Vec<Keyed<E::State, E::Move>>,
    expansions: &mut Vec<Expansion>,
    run: &mut Run<'_>,
) -> Result<(), Error>
where
    E::State: 'a,
{
    out.clear();
    expansions.clear();
    let mut collector = Collector::new(&run.get_limits(), run.meter_mut());
    for (state, known) in states.take(longest) {
        if out.len() >= RUN_SUCCESSORS {
            break;
        }
        let before = out.len();
        let skipped = neighbours_except(edges, state, known, |next, mv| {
            collector.push(out, Keyed { key: key_of(&next), state: next, mv })
        });
        expansions.push(Expansion { kept: out.len() - before, skipped });
    }
    collector.finish()
}

/// A successor on its way to a store: the state, its key in the store's
/// index ([`Tree::key_of`], [`Seen::key_of`]), and the move that reached
/// it.
#[derive(Clone, Debug)]
pub(crate) struct Keyed<S, M> {
    pub(crate) key: u64,
    pub(crate) state: S,
    pub(crate) mv: M,
}

impl<S, M> Keyed<S, M> {
    /// The same successor, its move as a tree node holds it.
    pub(crate) fn reached(self) -> Keyed<S, Option<M>> {
        Keyed { key: self.key, state: self.state, mv: Some(self.mv) }
    }
}
