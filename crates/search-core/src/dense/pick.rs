//! [`enumerate_ranked`]: the enumeration of a space that numbers its
//! states, on the engine its size and the memory limit call for.

use super::enumeration::DenseEnumeration;
use crate::breadth_first::enumerate::Enumeration;
use crate::error::Error;
use crate::run::context::Run;
use crate::space::ranked::RankedSpace;

/// Every rank of `space` reachable from `starts`, layer by layer, on the
/// engine that fits the run's memory limit
/// ([`Limits::max_memory`](crate::Limits::max_memory)), or the machine's
/// memory where that is less ([`Limits::usable_memory`](crate::Limits::usable_memory)):
///
/// - the 2-bit table of a [`DenseEnumeration`] when its `rank_count() / 4`
///   bytes fit, whatever the space's shape;
/// - else, with the `rayon` feature, the layers found kept as sorted,
///   packed ranks ([`SortedEnumeration::run`]), a byte or two a state
///   met: the way to the layers up to a depth
///   ([`Limits::max_depth`](crate::Limits::max_depth)) of a space whose
///   table would not fit.
///
/// The engines stay reachable by name, for what only one of them does:
/// a table on disk ([`DenseEnumeration::disk`]), sorted layers on disk
/// ([`SortedEnumeration::disk`]), every core but one, a visit of each
/// rank. The result is the same from either engine: the layer sizes,
/// the deepest layer's ranks in increasing order, and whether the space
/// goes on past a depth bound.
///
/// [`SortedEnumeration::run`]: crate::breadth_first::SortedEnumeration::run
/// [`SortedEnumeration::disk`]: crate::breadth_first::SortedEnumeration::disk
///
/// # Errors
///
/// As for the engine that runs: [`DenseEnumeration::run`], or
/// [`SortedEnumeration::run`], whose layers may pass the memory limit
/// ([`ErrorKind::LimitReached`](crate::ErrorKind::LimitReached)); without
/// the `rayon` feature, a table that does not fit is
/// [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge).
///
/// # Example
///
/// ```
/// use search_core::{Limits, Run};
/// use search_core::dense::enumerate_ranked;
/// use search_core::space::RankedSpace;
///
/// /// Bit strings of 40 bits, a move flipping one bit: a table of 256 GiB.
/// struct Cube;
/// impl RankedSpace for Cube {
///     fn rank_count(&self) -> u64 { 1 << 40 }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
///         (0..40).for_each(|bit| report(rank ^ (1 << bit)));
///     }
/// }
///
/// // The table cannot fit; the layers to depth 3 can.
/// let mut run = Run::new().limits(Limits::new().max_depth(3));
/// let layers = enumerate_ranked(&Cube, &[0], &mut run)?;
/// assert_eq!(layers.layer_sizes(), [1, 40, 780, 9_880]); // 40 choose d
/// assert!(!layers.is_complete());
/// # Ok::<(), search_core::Error>(())
/// ```
pub fn enumerate_ranked<R: RankedSpace>(
    space: &R,
    starts: &[u64],
    run: &mut Run<'_>,
) -> Result<Enumeration<u64>, Error> {
    #[cfg(feature = "rayon")]
    if DenseEnumeration::memory_needed(space.rank_count()) > run.get_limits().usable_memory() {
        return crate::breadth_first::SortedEnumeration::new().run(space, starts, run);
    }
    DenseEnumeration::new().run(space, starts, run)
}
