//! [`SortedEnumeration`]: the layers of a ranked space kept as sorted,
//! compressed runs of ranks, a few bytes a state, on every core.
//!
//! Each layer is expanded block by block in parallel; each task sorts the
//! ranks its states lead to and packs them as a run of gaps
//! (`packed.rs`). The runs are
//! then merged, on every core at once over ranges of ranks, and what is
//! in no layer kept (the two layers before, for a space whose every move
//! can be undone; every layer before, otherwise) is the next layer. When
//! the runs of a layer would not fit the memory limit, the layer is
//! expanded again in passes, each keeping the ranks of one range: twice
//! the passes, a little more than half the memory for runs.

pub(crate) mod packed;

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use self::packed::{Keys, Packed, Packer, pack_sorted};
use crate::breadth_first::enumerate::Enumeration;
use crate::breadth_first::parallel::{on_pool, thread_pool};
use crate::error::{Error, Limit};
use crate::run::cancel::CancelHandle;
use crate::run::context::Run;
use crate::run::progress::CHECK_EVERY;
use crate::space::ranked::RankedSpace;

/// Blocks of a layer one expansion task takes: about a million states,
/// whose few million successors sort in the task's own buffer.
const TASK_BLOCKS: usize = 256;

/// The most passes a layer is split into before the memory limit is
/// called reached: each pass expands the whole layer again, so past this
/// the limit is too small to be worth the time.
const MAX_PASSES: u64 = 64;

/// Breadth-first layers of a [`RankedSpace`] kept as sorted, compressed
/// ranks: a state costs a few bytes (its gap to the rank before it, in
/// Golomb-Rice code, near the information bound) where a hash table
/// costs tens, and no table is sized for every
/// rank, as the 2-bit [`DenseEnumeration`](crate::dense::DenseEnumeration)
/// is; so it takes spaces whose ranks are far more than their states
/// (the 15-puzzle to a depth, a coset of a large group) and spaces too
/// large for a hash table in memory. [`run_reversible`] keeps two
/// layers; [`run`] keeps every layer's ranks, for a directed space.
///
/// A depth limit ([`Limits::max_depth`](crate::Limits::max_depth)) ends
/// it with the layers up to the limit ([`Enumeration::is_complete`]
/// says whether the space goes on), and the memory limit bounds what it
/// keeps: the layers, and the runs of the layer being expanded, which it
/// splits into passes over ranges of ranks to fit. The deepest layer is
/// returned unpacked, 8 bytes a state, after the rest is let go.
///
/// [`run`]: SortedEnumeration::run
/// [`run_reversible`]: SortedEnumeration::run_reversible
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::breadth_first::SortedEnumeration;
/// use search_core::space::RankedSpace;
///
/// /// A knight on a chessboard, its square the rank.
/// struct Knight;
/// impl RankedSpace for Knight {
///     fn rank_count(&self) -> u64 {
///         64
///     }
///     fn neighbours<F: FnMut(u64)>(&self, square: u64, mut report: F) {
///         let (x, y) = ((square % 8) as i64, (square / 8) as i64);
///         for (dx, dy) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
///             let (x, y) = (x + dx, y + dy);
///             if (0..8).contains(&x) && (0..8).contains(&y) {
///                 report((y * 8 + x) as u64);
///             }
///         }
///     }
/// }
/// let layers = SortedEnumeration::new().run_reversible(&Knight, &[0], &mut Run::new())?;
/// assert_eq!(layers.layer_sizes(), [1, 2, 9, 20, 21, 10, 1]);
/// assert_eq!(layers.deepest(), [63]);
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SortedEnumeration {
    threads: Option<usize>,
}

/// What a new layer must not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keep {
    /// Every layer before: a directed space can reach any of them again.
    Every,
    /// The two layers before: in a space whose every move can be undone,
    /// a state's neighbours lie in its own layer and the two around it.
    TwoLayers,
}

/// Why a pass over a layer stopped.
enum Stopped {
    /// Its runs would pass the memory limit: try more passes.
    TooLarge,
    Failed(Error),
}

impl From<Error> for Stopped {
    fn from(error: Error) -> Stopped {
        Stopped::Failed(error)
    }
}

impl SortedEnumeration {
    /// An enumeration on every core of rayon's pool.
    ///
    /// # Example
    ///
    /// See [`SortedEnumeration`].
    pub fn new() -> SortedEnumeration {
        SortedEnumeration::default()
    }

    /// Runs on a pool of `threads` threads of its own.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::SortedEnumeration;
    ///
    /// let one = SortedEnumeration::new().threads(1);
    /// # let _ = one;
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> SortedEnumeration {
        self.threads = Some(threads.max(1));
        self
    }

    /// Every state reachable from the ranks `starts`, layer by layer, for
    /// a space whose moves may not be undone: every layer's ranks are
    /// kept, so that none is found again.
    ///
    /// # Errors
    ///
    /// [`LimitReached`](crate::ErrorKind::LimitReached) when what it
    /// keeps passes the memory limit even in
    /// 64 passes, [`RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds)
    /// for a rank at or past the space's count, the space's own failure,
    /// [`Cancelled`](crate::ErrorKind::Cancelled).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::breadth_first::SortedEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// /// Numbers below 100, doubled or plus 3: a directed space.
    /// struct Numbers;
    /// impl RankedSpace for Numbers {
    ///     fn rank_count(&self) -> u64 { 100 }
    ///     fn neighbours<F: FnMut(u64)>(&self, n: u64, mut report: F) {
    ///         for m in [n * 2, n + 3] {
    ///             if m < 100 {
    ///                 report(m);
    ///             }
    ///         }
    ///     }
    /// }
    /// let layers = SortedEnumeration::new().run(&Numbers, &[1], &mut Run::new())?;
    /// assert_eq!(layers.layer_sizes()[..3], [1, 2, 3]); // {1}, {2, 4}, {5, 7, 8}
    /// assert_eq!(layers.states(), 66); // no multiple of 3
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn run<R: RankedSpace>(
        &self,
        space: &R,
        starts: &[u64],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error> {
        self.execute(space, starts, Keep::Every, run).map_err(Error::while_enumerating)
    }

    /// As [`run`](SortedEnumeration::run), for a space whose every move
    /// can be undone: only the two layers before the one being found are
    /// kept. A space with a move that cannot be undone finds states of
    /// older layers again, as new ones, and may never end: give it
    /// [`run`](SortedEnumeration::run), or a depth limit.
    ///
    /// # Errors
    ///
    /// As [`run`](SortedEnumeration::run).
    ///
    /// # Example
    ///
    /// See [`SortedEnumeration`].
    pub fn run_reversible<R: RankedSpace>(
        &self,
        space: &R,
        starts: &[u64],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error> {
        self.execute(space, starts, Keep::TwoLayers, run).map_err(Error::while_enumerating)
    }

    fn execute<R: RankedSpace>(
        &self,
        space: &R,
        starts: &[u64],
        keep: Keep,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error> {
        run.begin()?;
        let pool = thread_pool(self.threads)?;
        let count = space.rank_count();
        let mut sorted = starts.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if let Some(&past) = sorted.last().filter(|&&rank| rank >= count) {
            return Err(Error::rank_out_of_bounds(past, count));
        }
        let mut layer = pack_sorted(&sorted)?;
        // Every layer so far (`Keep::Every`) or the one before (`TwoLayers`).
        let mut kept = match keep {
            Keep::Every => pack_sorted(&sorted)?,
            Keep::TwoLayers => Packed::default(),
        };
        let cancel = run.cancel_handle();
        let mut layer_sizes: Vec<u64> = Vec::new();
        let mut passes = 1;
        while layer.len() > 0 {
            let depth = layer_sizes.len();
            layer_sizes.push(layer.len());
            let counts = run.stats_mut();
            counts.stored += layer.len();
            counts.frontier(usize::try_from(layer.len()).unwrap_or(usize::MAX));
            let held = layer.bytes() + kept.bytes();
            run.report(depth, held)?;
            let max_memory = run.get_limits().get_max_memory();
            if held > max_memory {
                return Err(Error::limit(Limit::Memory(max_memory)));
            }
            let next = loop {
                let exclude: [&Packed; 2] = [&layer, &kept];
                let room = max_memory - held;
                let attempt = || next_layer(space, &layer, exclude, keep, (passes, room), &cancel);
                match on_pool(pool.as_ref(), attempt) {
                    Ok(next) => break next,
                    Err(Stopped::TooLarge) if passes < MAX_PASSES => passes *= 2,
                    Err(Stopped::TooLarge) => return Err(Error::limit(Limit::Memory(max_memory))),
                    Err(Stopped::Failed(error)) => return Err(error),
                }
            };
            if let Some(error) = space.failure() {
                return Err(error);
            }
            run.stats_mut().expanded += layer.len();
            if next.len() == 0 {
                break;
            }
            if !run.get_limits().allows_depth(depth + 1) {
                // The deepest states unpacked, 8 bytes each, once the rest is gone.
                drop((next, kept));
                return Ok(Enumeration::cut_at_depth(layer_sizes, layer.iter().collect()));
            }
            kept = match keep {
                Keep::Every => union(&kept, &next)?,
                Keep::TwoLayers => layer,
            };
            layer = next;
        }
        drop(kept);
        Ok(Enumeration::new(layer_sizes, layer.iter().collect()))
    }
}

/// The layer after `layer`: its neighbours in no sequence of `exclude`,
/// found in `passes` passes over ranges of ranks, the runs of each within
/// `room` bytes.
fn next_layer<R: RankedSpace>(
    space: &R,
    layer: &Packed,
    exclude: [&Packed; 2],
    keep: Keep,
    (passes, room): (u64, u64),
    cancel: &CancelHandle,
) -> Result<Packed, Stopped> {
    let count = space.rank_count();
    let width = count.div_ceil(passes).max(1);
    let mut next = Packed::default();
    for pass in 0..passes {
        let range = (pass * width, (pass * width).saturating_add(width).min(count));
        if range.0 >= range.1 {
            break;
        }
        let runs = expand(space, layer, range, room.saturating_sub(next.bytes()), cancel)?;
        // The layer itself is excluded only in a reversible space; in a
        // directed one `kept` holds it too.
        let exclude: &[&Packed] = match keep {
            Keep::TwoLayers => &exclude,
            Keep::Every => &exclude[1..],
        };
        for piece in merge(&runs, exclude, range, cancel)? {
            next.append(&piece)?;
        }
    }
    Ok(next)
}

/// The neighbours within `range` of every state of `layer`, as sorted
/// runs, one a task; [`Stopped::TooLarge`] once the runs pass `room`.
fn expand<R: RankedSpace>(
    space: &R,
    layer: &Packed,
    (low, high): (u64, u64),
    room: u64,
    cancel: &CancelHandle,
) -> Result<Vec<Packed>, Stopped> {
    let held = AtomicU64::new(0);
    let tasks = layer.blocks().div_ceil(TASK_BLOCKS);
    (0..tasks)
        .into_par_iter()
        .map(|task| {
            let blocks = task * TASK_BLOCKS..((task + 1) * TASK_BLOCKS).min(layer.blocks());
            let mut found: Vec<u64> = Vec::new();
            for (index, rank) in layer.iter_blocks(blocks).enumerate() {
                if (index as u64).is_multiple_of(CHECK_EVERY) && cancel.is_cancelled() {
                    return Err(Stopped::Failed(Error::cancelled()));
                }
                if found.capacity() - found.len() < 64 {
                    let more = found.len().max(256);
                    found
                        .try_reserve(more)
                        .map_err(|_| Error::allocation_failed((more * 8) as u64))?;
                }
                space.neighbours(rank, |next| {
                    if (low..high).contains(&next) {
                        found.push(next);
                    }
                });
            }
            found.sort_unstable();
            found.dedup();
            let run = pack_sorted(&found)?;
            let total = held.fetch_add(run.bytes(), Ordering::Relaxed) + run.bytes();
            // The buffer of one task a thread is the rest of what runs.
            if total + (found.capacity() * 8 * rayon::current_num_threads()) as u64 > room {
                return Err(Stopped::TooLarge);
            }
            Ok(run)
        })
        .collect()
}

/// The ranks within `range` of any run and of no sequence of `exclude`,
/// merged on every core over ranges of ranks: the pieces, in order.
fn merge(
    runs: &[Packed],
    exclude: &[&Packed],
    (low, high): (u64, u64),
    cancel: &CancelHandle,
) -> Result<Vec<Packed>, Error> {
    // Ranges that hold about as many runs' blocks each, by the blocks'
    // first ranks.
    let mut firsts: Vec<u64> =
        runs.iter().flat_map(|run| (0..run.blocks()).map(|block| run.first_of(block))).collect();
    firsts.sort_unstable();
    let pieces = (rayon::current_num_threads() * 4).min(firsts.len()).max(1);
    let mut bounds = vec![low];
    bounds.extend((1..pieces).map(|piece| firsts[piece * firsts.len() / pieces]));
    bounds.push(high);
    bounds.dedup();
    bounds
        .par_windows(2)
        .map(|range| merge_range(runs, exclude, (range[0], range[1]), cancel))
        .collect()
}

/// [`merge`] over one range of ranks.
fn merge_range(
    runs: &[Packed],
    exclude: &[&Packed],
    (low, high): (u64, u64),
    cancel: &CancelHandle,
) -> Result<Packed, Error> {
    let mut sources: Vec<Keys<'_>> = runs.iter().map(|run| run.iter_from(low)).collect();
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::with_capacity(sources.len());
    for (source, keys) in sources.iter_mut().enumerate() {
        if let Some(rank) = keys.next().filter(|&rank| rank < high) {
            heap.push(Reverse((rank, source)));
        }
    }
    let mut old: Vec<(Keys<'_>, Option<u64>)> = exclude
        .iter()
        .map(|packed| {
            let mut keys = packed.iter_from(low);
            let first = keys.next();
            (keys, first)
        })
        .collect();
    let mut out = Packer::default();
    let mut last = None;
    let mut merged = 0u64;
    while let Some(Reverse((rank, source))) = heap.pop() {
        if let Some(next) = sources[source].next().filter(|&next| next < high) {
            heap.push(Reverse((next, source)));
        }
        if last == Some(rank) {
            continue;
        }
        last = Some(rank);
        merged += 1;
        if merged.is_multiple_of(CHECK_EVERY * 64) && cancel.is_cancelled() {
            return Err(Error::cancelled());
        }
        let mut seen = false;
        for (keys, current) in &mut old {
            while current.is_some_and(|value| value < rank) {
                *current = keys.next();
            }
            seen |= *current == Some(rank);
        }
        if !seen {
            out.push(rank)?;
        }
    }
    out.finish()
}

/// The ranks of `a` and of `b`, which hold none in common.
fn union(a: &Packed, b: &Packed) -> Result<Packed, Error> {
    let mut out = Packer::default();
    let (mut a, mut b) = (a.iter().peekable(), b.iter().peekable());
    loop {
        let rank = match (a.peek(), b.peek()) {
            (Some(&x), Some(&y)) if x < y => a.next(),
            (Some(_) | None, Some(_)) => b.next(),
            (Some(_), None) => a.next(),
            (None, None) => break,
        };
        if let Some(rank) = rank {
            out.push(rank)?;
        }
    }
    out.finish()
}
