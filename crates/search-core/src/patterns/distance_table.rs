//! [`DistanceTable`]: exact distances in an abstraction of a space, a
//! byte per abstract state, the table of a pattern database. Built two
//! ways: by 0-1 breadth-first search over a [`ZeroOneRankedSpace`], or by
//! a [`DenseEnumeration`] of a [`RankedSpace`] whose ranks project onto
//! the table's entries. Saved and loaded as a table file.

use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};

#[cfg(feature = "rayon")]
use rayon::prelude::*;

use crate::dense::enumeration::DenseEnumeration;
use crate::error::Error;
use crate::error::Limit;
use crate::execute::begin_and_end;
use crate::files::format::{TableReader, table_header_len, write_table_file};
use crate::run::cancel::CancelHandle;
use crate::run::context::Run;
use crate::space::ranked::RankedSpace;

/// The first bytes of a distance table's file, and its layout's version.
const MAGIC: &[u8; 8] = b"SCDIST\r\n";
const VERSION: u32 = 2;

/// An abstraction of a state space for a pattern database: abstract
/// states numbered `0..rank_count()`, and moves that cost 0 or 1.
///
/// Moves that change only what the abstraction forgets (the tiles outside
/// a pattern, say) cost 0, and the others 1, so that an abstract distance
/// counts only the pattern's moves and tables over disjoint patterns can
/// be added. Give the moves backwards (or an abstraction whose moves can
/// all be undone): [`DistanceTable::build`] follows them from the goals.
///
/// # Example
///
/// ```
/// use search_core::patterns::ZeroOneRankedSpace;
///
/// /// Positions 0..10 on a line: a step costs 1, a jump from 5 to 0 is free.
/// struct Line;
/// impl ZeroOneRankedSpace for Line {
///     fn rank_count(&self) -> u64 { 10 }
///     fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
///         if rank > 0 { report(rank - 1, true) }
///         if rank < 9 { report(rank + 1, true) }
///         if rank == 0 { report(5, false) }
///     }
/// }
/// let mut found = Vec::new();
/// Line.moves(0, |rank, costs_one| found.push((rank, costs_one)));
/// assert_eq!(found, [(1, true), (5, false)]);
/// ```
pub trait ZeroOneRankedSpace: Sync {
    /// The number of abstract states.
    fn rank_count(&self) -> u64;

    /// Calls `report(next, costs_one)` for each move out of `rank`:
    /// `costs_one` is false for a move that costs nothing.
    fn moves<F: FnMut(u64, bool)>(&self, rank: u64, report: F);

    /// Why this space's moves failed, once they have: the error
    /// [`DistanceTable::build`] returns in place of a table, as
    /// [`Successors::failure`](crate::Successors::failure) is for a
    /// search. `None`, the default, for a space whose moves cannot fail.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::patterns::ZeroOneRankedSpace;
    ///
    /// struct Two;
    /// impl ZeroOneRankedSpace for Two {
    ///     fn rank_count(&self) -> u64 { 2 }
    ///     fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) { report(1 - rank, true) }
    /// }
    /// assert!(Two.failure().is_none());
    /// ```
    fn failure(&self) -> Option<Error> {
        None
    }
}

/// Not reached (yet).
const UNREACHED: u8 = u8::MAX;

/// Exact distances from the goals of a [`ZeroOneRankedSpace`], a byte per
/// abstract state: a pattern database's table.
///
/// Built breadth-first, one cost at a time: the states at distance `d`
/// first take in everything their free moves reach, then mark what their
/// paid moves reach at `d + 1`, each pass on every core over the whole
/// table. Distances past 254 are an error.
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::patterns::{DistanceTable, ZeroOneRankedSpace};
///
/// /// A ring of 12 positions where every third one is a free step ahead.
/// struct Ring;
/// impl ZeroOneRankedSpace for Ring {
///     fn rank_count(&self) -> u64 { 12 }
///     fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
///         report((rank + 1) % 12, rank % 3 != 0);
///         report((rank + 11) % 12, (rank + 11) % 12 % 3 != 0);
///     }
/// }
/// let table = DistanceTable::build(&Ring, &[0], &mut Run::new())?;
/// assert_eq!(table.distance(1), Some(0)); // 0 -> 1 is free
/// assert_eq!(table.distance(6), Some(4));
/// assert_eq!(table.len(), 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct DistanceTable {
    distances: Vec<u8>,
}

impl DistanceTable {
    /// The distances from `goals` following `space`'s moves: a 0-1
    /// breadth-first search on every core, a sweep of the table per
    /// distance.
    ///
    /// Of the [`Run`]'s limits, the memory (the table, a byte per abstract
    /// state, sized up front) and the depth (the largest distance) apply.
    /// The observer hears of each distance as it is done; a cancel ends the
    /// build within 256 expansions a thread.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge) when the table
    /// would pass the memory limit,
    /// [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
    /// when the machine refuses it,
    /// [`ErrorKind::RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds)
    /// when a goal or a move's rank is not below the rank count, and
    /// [`ErrorKind::DistanceTooLarge`](crate::ErrorKind::DistanceTooLarge)
    /// when a distance passes 254 or the depth limit, or when the build is
    /// cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{ErrorKind, Limits, Run};
    /// use search_core::patterns::{DistanceTable, ZeroOneRankedSpace};
    ///
    /// struct Huge;
    /// impl ZeroOneRankedSpace for Huge {
    ///     fn rank_count(&self) -> u64 { 1 << 40 }
    ///     fn moves<F: FnMut(u64, bool)>(&self, _: u64, _: F) {}
    /// }
    /// let mut run = Run::new().limits(Limits::new().max_memory(1 << 30));
    /// let error = DistanceTable::build(&Huge, &[0], &mut run).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::TooLarge { needed: 1_099_511_627_776, .. }));
    /// ```
    pub fn build<A: ZeroOneRankedSpace>(
        space: &A,
        goals: &[u64],
        run: &mut Run<'_>,
    ) -> Result<DistanceTable, Error> {
        let build = |run: &mut Run<'_>| DistanceTable::build_table(space, goals, run);
        begin_and_end(run, build, || space.failure())
    }

    fn build_table<A: ZeroOneRankedSpace>(
        space: &A,
        goals: &[u64],
        run: &mut Run<'_>,
    ) -> Result<DistanceTable, Error> {
        let count = space.rank_count();
        let max_memory = run.get_limits().get_max_memory();
        if count > max_memory {
            return Err(Error::too_large(count, max_memory));
        }
        let slots = usize::try_from(count).map_err(|_| Error::too_large(count, max_memory))?;
        run.meter_mut().charge(count)?;
        let mut table: Vec<AtomicU8> = Vec::new();
        table.try_reserve_exact(slots).map_err(|_| Error::allocation_failed(count))?;
        table.resize_with(slots, || AtomicU8::new(UNREACHED));
        let cancel = run.cancel_handle();
        let slot = |rank: u64| usize::try_from(rank).ok().and_then(|index| table.get(index));
        for &goal in goals {
            slot(goal)
                .ok_or_else(|| Error::rank_out_of_bounds(goal, count))?
                .store(0, Ordering::Relaxed);
        }
        let bad = AtomicU64::new(u64::MAX);
        let mut distance = 0u8;
        loop {
            // Free moves first: a state reached for free is expanded at
            // once, on the thread that reached it, so one sweep closes the
            // distance.
            let (_, closed) = sweep(&table, distance, &cancel, |rank, stack| {
                stack.push(rank);
                let mut expanded = 0;
                while let Some(here) = stack.pop() {
                    expanded += 1;
                    if u64::is_multiple_of(expanded, 256) && cancel.is_cancelled() {
                        break;
                    }
                    space.moves(here, |next, costs_one| match slot(next) {
                        _ if costs_one => {}
                        None => bad.store(next, Ordering::Relaxed),
                        Some(slot) => {
                            if claim(slot, distance) {
                                stack.push(next);
                            }
                        }
                    });
                }
                (0, expanded)
            })?;
            check(&bad, count)?;
            run.count_expanded(closed);
            let next = distance.checked_add(1).filter(|&next| next < UNREACHED);
            let (reached, expanded) = sweep(&table, distance, &cancel, |rank, _| {
                let mut found = 0;
                space.moves(rank, |neighbour, costs_one| match (slot(neighbour), next) {
                    _ if !costs_one => {}
                    (None, _) => bad.store(neighbour, Ordering::Relaxed),
                    // Past 254: counted, to say that the distance is too large.
                    (Some(slot), None) => {
                        found += u64::from(slot.load(Ordering::Relaxed) == UNREACHED);
                    }
                    (Some(slot), Some(next)) => found += u64::from(claim(slot, next)),
                });
                (found, 1)
            })?;
            check(&bad, count)?;
            run.count_expanded(expanded);
            run.count_stored(reached);
            run.report(usize::from(distance), count)?;
            if reached == 0 {
                break;
            }
            let Some(next) = next else {
                return Err(Error::distance_too_large());
            };
            if !run.get_limits().allows_depth(usize::from(next)) {
                return Err(Error::limit(Limit::Depth(usize::from(distance))));
            }
            distance = next;
        }
        Ok(DistanceTable { distances: table.into_iter().map(AtomicU8::into_inner).collect() })
    }

    /// The distance of abstract state `rank` from the goals, or `None`
    /// when it cannot reach them (or is not below the rank count).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::patterns::{DistanceTable, ZeroOneRankedSpace};
    ///
    /// struct Two;
    /// impl ZeroOneRankedSpace for Two {
    ///     fn rank_count(&self) -> u64 { 3 }
    ///     fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
    ///         if rank == 0 { report(1, true) }
    ///     }
    /// }
    /// let table = DistanceTable::build(&Two, &[0], &mut Run::new())?;
    /// assert_eq!((table.distance(1), table.distance(2), table.distance(9)), (Some(1), None, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance(&self, rank: u64) -> Option<u8> {
        let distance = *self.distances.get(usize::try_from(rank).ok()?)?;
        (distance != UNREACHED).then_some(distance)
    }

    /// The number of abstract states.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::patterns::{DistanceTable, ZeroOneRankedSpace};
    ///
    /// struct Empty;
    /// impl ZeroOneRankedSpace for Empty {
    ///     fn rank_count(&self) -> u64 { 0 }
    ///     fn moves<F: FnMut(u64, bool)>(&self, _: u64, _: F) {}
    /// }
    /// assert!(DistanceTable::build(&Empty, &[], &mut Run::new())?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether the table has no abstract states.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::patterns::{DistanceTable, ZeroOneRankedSpace};
    ///
    /// struct One;
    /// impl ZeroOneRankedSpace for One {
    ///     fn rank_count(&self) -> u64 { 1 }
    ///     fn moves<F: FnMut(u64, bool)>(&self, _: u64, _: F) {}
    /// }
    /// assert!(!DistanceTable::build(&One, &[0], &mut Run::new())?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// A table of the distances `distances[rank]` (255: unreachable),
    /// for a table built or stored elsewhere.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::patterns::DistanceTable;
    ///
    /// let table = DistanceTable::from_bytes(vec![0, 3, 255]);
    /// assert_eq!((table.distance(1), table.distance(2)), (Some(3), None));
    /// ```
    pub fn from_bytes(distances: Vec<u8>) -> DistanceTable {
        DistanceTable { distances }
    }
}

impl DistanceTable {
    /// Writes the table to `path`, after a header that holds
    /// `description` (what space, what pattern, what goal: the caller's
    /// words, which [`load`](DistanceTable::load) must be given again), and
    /// then a checksum of it all. The file is written beside `path` and
    /// renamed into place when complete.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile) when the file
    /// cannot be written.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::patterns::DistanceTable;
    ///
    /// let table = DistanceTable::from_bytes(vec![0, 1, 2, 255]);
    /// let path = std::env::temp_dir().join(format!("doc-table-{}.bin", std::process::id()));
    /// table.save(&path, "a line of 3, goal 0")?;
    /// assert_eq!(DistanceTable::load(&path, "a line of 3, goal 0")?, table);
    /// let error = DistanceTable::load(&path, "a line of 3, goal 2").unwrap_err();
    /// assert!(error.to_string().ends_with("holds \"a line of 3, goal 0\", not \"a line of 3, goal 2\""));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: &Path, description: &str) -> Result<(), Error> {
        write_table_file(path, *MAGIC, VERSION, description, |out| {
            out.write_all(&(self.distances.len() as u64).to_le_bytes())?;
            out.write_all(&self.distances)
        })
    }

    /// Reads a table [`save`](DistanceTable::save) wrote with the same
    /// `description`, checking the header, the length and the checksum.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile), naming the
    /// file and what is wrong, when it cannot be read, is not a table,
    /// holds another description, is truncated or fails its checksum;
    /// nothing of such a file is used.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::patterns::DistanceTable;
    ///
    /// let path = std::env::temp_dir().join(format!("doc-bad-table-{}.bin", std::process::id()));
    /// std::fs::write(&path, b"not a table")?;
    /// let error = DistanceTable::load(&path, "anything").unwrap_err();
    /// assert!(error.to_string().ends_with("is not a distance table"));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(path: &Path, description: &str) -> Result<DistanceTable, Error> {
        let mut input = TableReader::open(path, *MAGIC, VERSION, "a distance table", description)?;
        let count = input.read_u64()?;
        // The header, then the count.
        let header = table_header_len(description) + 8;
        let whole = header + count + 8;
        if whole != input.length() {
            return Err(input.fail(format!(
                "is {} bytes where its header says {whole}: truncated or corrupt",
                input.length()
            )));
        }
        let mut distances = Vec::new();
        distances
            .try_reserve_exact(count as usize)
            .map_err(|_| input.fail(format!("cannot be held: {count} bytes")))?;
        distances.resize(count as usize, 0);
        input.read_exact(&mut distances)?;
        input.finish()?;
        Ok(DistanceTable { distances })
    }
}

impl fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DistanceTable").field("len", &self.distances.len()).finish_non_exhaustive()
    }
}

/// Calls `expand(rank, stack)` for every rank at `distance`, on every
/// core, and returns the sums of what the calls return: what they found
/// and what they expanded. Each thread looks at `cancel` every 256 calls,
/// and stops there; then the error is the cancel's.
fn sweep<E>(
    table: &[AtomicU8],
    distance: u8,
    cancel: &CancelHandle,
    expand: E,
) -> Result<(u64, u64), Error>
where
    E: Fn(u64, &mut Vec<u64>) -> (u64, u64) + Sync,
{
    const CHUNK: usize = 1 << 14;
    let sweep_chunk = |stack: &mut Vec<u64>, (index, chunk): (usize, &[AtomicU8])| {
        let (mut found, mut expanded) = (0, 0);
        let mut calls = 0u32;
        for (offset, slot) in chunk.iter().enumerate() {
            if slot.load(Ordering::Relaxed) == distance {
                calls += 1;
                if calls.is_multiple_of(256) && cancel.is_cancelled() {
                    break;
                }
                let (more, done) = expand((index * CHUNK + offset) as u64, stack);
                (found, expanded) = (found + more, expanded + done);
            }
        }
        (found, expanded)
    };
    let add = |(a, b): (u64, u64), (c, d): (u64, u64)| (a + c, b + d);
    #[cfg(feature = "rayon")]
    let sums =
        table.par_chunks(CHUNK).enumerate().map_init(Vec::new, sweep_chunk).reduce(|| (0, 0), add);
    #[cfg(not(feature = "rayon"))]
    let sums = {
        let mut stack = Vec::new();
        table
            .chunks(CHUNK)
            .enumerate()
            .map(|chunk| sweep_chunk(&mut stack, chunk))
            .fold((0, 0), add)
    };
    if cancel.is_cancelled() {
        return Err(Error::cancelled());
    }
    Ok(sums)
}

/// Gives `slot` the distance `value` if it has none yet: true when this
/// call is the one that did.
fn claim(slot: &AtomicU8, value: u8) -> bool {
    slot.load(Ordering::Relaxed) == UNREACHED
        && slot.compare_exchange(UNREACHED, value, Ordering::Relaxed, Ordering::Relaxed).is_ok()
}

/// The error for a move that reported a rank past the table, if one did.
fn check(bad: &AtomicU64, count: u64) -> Result<(), Error> {
    match bad.load(Ordering::Relaxed) {
        u64::MAX => Ok(()),
        rank => Err(Error::rank_out_of_bounds(rank, count)),
    }
}

impl DenseEnumeration {
    /// The distances of a projection of `space` from `starts`: entry `e`
    /// of the table holds the fewest moves to any rank `r` with
    /// `project(r) == e`, for `entries` entries, found by enumerating
    /// `space` layer by layer (2 bits a rank, every core) with this
    /// enumeration's threads, under `run` as for
    /// [`run`](DenseEnumeration::run) (whose memory limit the table counts
    /// against too).
    ///
    /// The way to build a pattern database whose abstract states carry a
    /// detail the table forgets: the 15-puzzle's abstraction places a
    /// pattern's tiles *and* the blank's region, and its table keeps one
    /// distance per placement.
    ///
    /// # Errors
    ///
    /// As for [`run`](DenseEnumeration::run);
    /// [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
    /// when the table cannot be held,
    /// [`ErrorKind::RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds)
    /// when `project` gives an entry not below `entries`, and
    /// [`ErrorKind::DistanceTooLarge`](crate::ErrorKind::DistanceTooLarge)
    /// when a distance passes 254.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// /// A walker on a ring of 8 cells, and which way it faces (rank =
    /// /// cell * 2 + facing): it steps ahead or turns round.
    /// struct Walker;
    /// impl RankedSpace for Walker {
    ///     fn rank_count(&self) -> u64 { 16 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         let (cell, facing) = (rank / 2, rank % 2);
    ///         let ahead = if facing == 0 { (cell + 1) % 8 } else { (cell + 7) % 8 };
    ///         report(ahead * 2 + facing);
    ///         report(cell * 2 + 1 - facing);
    ///     }
    /// }
    /// // The table forgets the facing: the fewest moves to each cell.
    /// let table = DenseEnumeration::new().distance_table(&Walker, &[0], 8, |rank| rank / 2, &mut Run::new())?;
    /// let cells: Vec<Option<u8>> = (0..8).map(|cell| table.distance(cell)).collect();
    /// let expected = [0, 1, 2, 3, 4, 4, 3, 2];
    /// assert_eq!(cells, expected.map(Some));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance_table<R, P>(
        &self,
        space: &R,
        starts: &[u64],
        entries: u64,
        project: P,
        run: &mut Run<'_>,
    ) -> Result<DistanceTable, Error>
    where
        R: RankedSpace,
        P: Fn(u64) -> u64 + Sync,
    {
        let max_memory = run.get_limits().get_max_memory();
        let needed = entries.saturating_add(DenseEnumeration::memory_needed(space.rank_count()));
        if needed > max_memory {
            return Err(Error::too_large(needed, max_memory));
        }
        let slots = usize::try_from(entries).map_err(|_| Error::allocation_failed(entries))?;
        let mut table: Vec<AtomicU8> = Vec::new();
        table.try_reserve_exact(slots).map_err(|_| Error::allocation_failed(entries))?;
        table.resize_with(slots, || AtomicU8::new(UNREACHED));
        let bad = AtomicU64::new(u64::MAX);
        let too_far = AtomicBool::new(false);
        let layers = self.run_visiting(
            space,
            starts,
            |rank, depth| {
                let entry = project(rank);
                let Some(slot) = usize::try_from(entry).ok().and_then(|index| table.get(index))
                else {
                    bad.store(entry, Ordering::Relaxed);
                    return;
                };
                let Some(distance) = u8::try_from(depth).ok().filter(|&d| d < UNREACHED) else {
                    too_far.store(true, Ordering::Relaxed);
                    return;
                };
                // Layers come in order, so the first rank of an entry
                // reached is its nearest.
                claim(slot, distance);
            },
            run,
        )?;
        // A table cut at a depth bound would read as "no goal this way" for
        // what lies past it: an estimate no search may take.
        if !layers.is_complete() {
            return Err(Error::limit(Limit::Depth(layers.radius())));
        }
        run.meter_mut().charge(entries)?;
        check(&bad, entries)?;
        if too_far.load(Ordering::Relaxed) {
            return Err(Error::distance_too_large());
        }
        // Collected in place: the atomics and the bytes share a layout.
        Ok(DistanceTable { distances: table.into_iter().map(AtomicU8::into_inner).collect() })
    }
}
