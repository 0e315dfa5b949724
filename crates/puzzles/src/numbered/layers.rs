//! The layers of a numbered puzzle, every one of whose ranks is a state
//! its start reaches: what the engine choice is told about all three.

use search_core::breadth_first::Enumeration;
use search_core::layers::Enumerator;
use search_core::space::RankedSpace;
use search_core::{Ranking, Run, Unranking};

use crate::error::Error;
use crate::numbered::tokens::Tokens;

/// The layers of `ranked` from `start` on the engine `layers` picks, told
/// that every rank is reachable (a table too large for the whole space is
/// refused at once, not tried to a depth), the deepest states unranked by
/// `space` where they fit the memory limit.
pub(crate) fn enumerate_reachable<G, R>(
    (space, ranked): (&G, &R),
    start: &Tokens,
    layers: &Enumerator,
    run: &mut Run<'_>,
) -> Result<Enumeration<Tokens>, Error>
where
    G: Ranking<Tokens> + Unranking<Tokens>,
    R: RankedSpace,
{
    let found = layers.clone().every_rank(true).run(ranked, &[space.rank(start)], run)?;
    let max_memory = run.get_limits().get_max_memory();
    Ok(found.map_deepest_within(max_memory, |&rank| space.unrank(rank), |_| 0))
}
