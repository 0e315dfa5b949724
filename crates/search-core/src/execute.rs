//! How every search begins and ends: the one scaffold each runs its own
//! logic in.
//!
//! A search hands its logic to [`execute`] (a search with a cache: the
//! hashed families and IDA*) or [`begin_and_end`] (an engine that
//! enumerates into tables or files, and counts as each layer ends);
//! nothing else about beginning or ending a search is written in the
//! search.
//!
//! It may use `space`, `run` and `error`.

use crate::error::Error;
use crate::run::context::Run;
use crate::space::traits::Successors;

/// A space that can fail: what [`execute`] asks of it once the search is
/// over. Every [`Successors`] space is one; IDA* in place wraps its
/// space of moves in one.
pub(crate) trait Failure {
    /// Why the space failed, once it has.
    fn failure(&self) -> Option<Error>;
}

impl<G: Successors + ?Sized> Failure for G {
    fn failure(&self) -> Option<Error> {
        Successors::failure(self)
    }
}

/// Runs `search` on `cache` as one search of `run`, and is how every
/// search of the hashed families and IDA* begins and ends:
///
/// - it begins the run: no counts yet, the whole memory budget, and an
///   end at once if the run was cancelled before it began;
/// - however the search ends, the run's stored count is at least
///   `stored(cache)`, what the cache holds then (a search that counts
///   as it goes, as IDA* its longest path, gives 0 here);
/// - a space that failed has its error returned in place of whatever
///   the search answered.
pub(crate) fn execute<C: ?Sized, G: Failure + ?Sized, T>(
    cache: &mut C,
    space: &G,
    run: &mut Run<'_>,
    search: impl FnOnce(&mut C, &mut Run<'_>) -> Result<T, Error>,
    stored: impl FnOnce(&C) -> usize,
) -> Result<T, Error> {
    let search = |run: &mut Run<'_>| {
        let result = search(cache, run);
        run.stored_at_least(stored(cache) as u64);
        result
    };
    begin_and_end(run, search, || space.failure())
}

/// Runs `search` as one search of `run`, and is how every search begins
/// and ends:
///
/// - it begins the run: no counts yet, the whole memory budget, and an
///   end at once if the run was cancelled before it began;
/// - a space that failed, as `failure` says once the search is over, has
///   its error returned in place of whatever the search answered.
pub(crate) fn begin_and_end<T>(
    run: &mut Run<'_>,
    search: impl FnOnce(&mut Run<'_>) -> Result<T, Error>,
    failure: impl FnOnce() -> Option<Error>,
) -> Result<T, Error> {
    run.begin()?;
    let result = search(run);
    match failure() {
        Some(failure) => Err(failure),
        None => result,
    }
}
