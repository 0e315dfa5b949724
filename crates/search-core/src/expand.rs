//! Expanding one state: its successors collected, its parent left out,
//! and the counts kept. Every algorithm that stores what it visits
//! expands through here.

use crate::space::Successors;
use crate::stats::Stats;

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
    let mut skipped = 0;
    out.clear();
    space.successors(state, |next, mv| {
        if Some(&next) == known {
            skipped += 1;
        } else {
            out.push((next, mv));
        }
    });
    counters.expanded += 1;
    counters.generated += (out.len() + skipped) as u64;
    counters.duplicates += skipped as u64;
}
