use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::error::Error;
use crate::expand::expand_into;
use crate::limits::Limit;
use crate::search::Search;
use crate::space::Successors;

/// Every state reachable from the starts, layer by layer: how many lie at
/// each depth, how deep the deepest lie, and which they are.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, from_fn};
///
/// // Three bits, one flipped at a time: a cube seen from one corner.
/// let cube = from_fn(|&bits: &u8| (0..3).map(move |i| bits ^ (1 << i)));
/// let layers = enumerate(&cube, [0])?;
/// assert_eq!(layers.layer_sizes(), [1, 3, 3, 1]);
/// assert_eq!(layers.states(), 8);
/// assert_eq!(layers.radius(), 3);
/// assert_eq!(layers.deepest(), [0b111]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enumeration<S> {
    layer_sizes: Vec<u64>,
    deepest: Vec<S>,
}

impl<S> Enumeration<S> {
    /// An enumeration from its parts, for spaces that enumerate themselves
    /// (for example through [`DenseEnumeration`]) and report in this form.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Enumeration;
    ///
    /// let layers = Enumeration::new(vec![1, 2, 1], vec!["far"]);
    /// assert_eq!((layers.states(), layers.radius()), (4, 2));
    /// ```
    pub fn new(layer_sizes: Vec<u64>, deepest: Vec<S>) -> Enumeration<S> {
        Enumeration { layer_sizes, deepest }
    }

    /// The number of states at each depth, from the starts (depth 0) to the
    /// deepest layer.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let path = from_fn(|&n: &u8| (n < 4).then_some(n + 1));
    /// assert_eq!(enumerate(&path, [0])?.layer_sizes(), [1, 1, 1, 1, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn layer_sizes(&self) -> &[u64] {
        &self.layer_sizes
    }

    /// The number of reachable states.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 12]);
    /// assert_eq!(enumerate(&ring, [0])?.states(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn states(&self) -> u64 {
        self.layer_sizes.iter().sum()
    }

    /// The depth of the deepest layer: the most moves any reachable state
    /// needs. From a puzzle's goal, this is its "God's number".
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 12, (n + 11) % 12]);
    /// assert_eq!(enumerate(&ring, [0])?.radius(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn radius(&self) -> usize {
        self.layer_sizes.len().saturating_sub(1)
    }

    /// The states of the deepest layer.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 12, (n + 11) % 12]);
    /// assert_eq!(enumerate(&ring, [0])?.deepest(), [6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deepest(&self) -> &[S] {
        &self.deepest
    }
}

/// Every state reachable from `starts`, layer by layer.
///
/// A shortcut for [`Search::enumerate`] with default limits.
///
/// # Errors
///
/// When the space holds more states than the default state limit.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, from_fn};
///
/// let knight = from_fn(|&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(move |(dx, dy)| (x + dx, y + dy))
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
/// });
/// let layers = enumerate(&knight, [(0, 0)])?;
/// assert_eq!(layers.states(), 64);
/// assert_eq!(layers.radius(), 6);
/// assert_eq!(layers.deepest(), [(7, 7)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn enumerate<G, I>(space: &G, starts: I) -> Result<Enumeration<G::State>, Error>
where
    G: Successors,
    I: IntoIterator<Item = G::State>,
{
    Search::new(space).enumerate(starts)
}

impl<G: Successors> Search<'_, G> {
    /// Every state reachable from `starts`, layer by layer.
    ///
    /// It keeps a visited set and two frontiers; only the last layer's
    /// states are returned.
    ///
    /// # Errors
    ///
    /// When a layer lies deeper than the depth limit, or the states pass the
    /// state limit.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Search};
    ///
    /// let ring = from_fn(|&n: &u16| [(n + 1) % 1000, (n + 999) % 1000]);
    /// let mut search = Search::new(&ring).limits(Limits::new().max_depth(100));
    /// assert!(search.enumerate([0]).is_err());
    /// let mut search = Search::new(&ring);
    /// assert_eq!(search.enumerate([0])?.radius(), 500);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate<I>(&mut self, starts: I) -> Result<Enumeration<G::State>, Error>
    where
        I: IntoIterator<Item = G::State>,
    {
        self.begin();
        let result = self.enumerate_layers(starts);
        self.stats.stored = self.seen.len() as u64;
        result
    }

    fn enumerate_layers<I>(&mut self, starts: I) -> Result<Enumeration<G::State>, Error>
    where
        I: IntoIterator<Item = G::State>,
    {
        self.seed_frontier(starts)?;
        let space = self.space;
        let mut layer_sizes = Vec::new();
        while !self.frontier.is_empty() {
            let depth = layer_sizes.len();
            layer_sizes.push(self.frontier.len() as u64);
            self.stats.frontier(self.frontier.len());
            self.next_frontier.clear();
            for state in &self.frontier {
                expand_into(space, state, None, &mut self.scratch, &mut self.stats);
                self.watch.tick(&self.stats, self.seen.len(), depth, self.meter.used());
                for (next, _) in self.scratch.drain(..) {
                    if self.seen.insert(space, &self.limits, &mut self.meter, &next)? {
                        self.meter.push(&mut self.next_frontier, next)?;
                    } else {
                        self.stats.duplicates += 1;
                    }
                }
            }
            if !self.next_frontier.is_empty() && !self.limits.allows_depth(layer_sizes.len()) {
                return Err(Error::limit(Limit::Depth(layer_sizes.len() - 1)));
            }
            if self.next_frontier.is_empty() {
                break;
            }
            std::mem::swap(&mut self.frontier, &mut self.next_frontier);
        }
        Ok(Enumeration { layer_sizes, deepest: std::mem::take(&mut self.frontier) })
    }
}

/// A state space whose states are numbered densely, `0..rank_count()`, and
/// whose edges are known rank to rank.
///
/// This is all that [`DenseEnumeration`] needs: it never sees a state, only
/// ranks, so it can walk hundreds of millions of them in a table of 2 bits
/// each. Implementations should compute a neighbour's rank straight from the
/// state's rank where they can, and must be `Sync`, since layers are
/// expanded on every core at once.
///
/// # Example
///
/// ```
/// use search_core::RankedSpace;
///
/// /// A ring of `n` positions.
/// struct Ring(usize);
///
/// impl RankedSpace for Ring {
///     fn rank_count(&self) -> usize {
///         self.0
///     }
///     fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
///         report((rank + 1) % self.0);
///         report((rank + self.0 - 1) % self.0);
///     }
/// }
///
/// let mut ranks = Vec::new();
/// Ring(10).neighbours(0, |r| ranks.push(r));
/// assert_eq!(ranks, [1, 9]);
/// ```
pub trait RankedSpace: Sync {
    /// The number of ranks; every rank is below it.
    fn rank_count(&self) -> usize;

    /// Calls `report` with the rank of each neighbour of the state ranked
    /// `rank`.
    fn neighbours<F: FnMut(usize)>(&self, rank: usize, report: F);

    /// Calls `report` with the rank of each neighbour of each state of
    /// `ranks`, which increase. [`DenseEnumeration`] calls this with the
    /// ranks of a layer as it finds them in its table, a few hundred at a
    /// time. The default calls [`neighbours`](RankedSpace::neighbours) on
    /// each; override it to share work between neighbouring ranks.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankedSpace;
    ///
    /// struct Line;
    ///
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> usize {
    ///         10
    ///     }
    ///     fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
    ///         if rank > 0 {
    ///             report(rank - 1);
    ///         }
    ///     }
    /// }
    ///
    /// let mut found = Vec::new();
    /// Line.neighbours_of_all(&[3, 4, 8], |r| found.push(r));
    /// assert_eq!(found, [2, 3, 7]);
    /// ```
    fn neighbours_of_all<F: FnMut(usize)>(&self, ranks: &[usize], mut report: F) {
        for &rank in ranks {
            self.neighbours(rank, &mut report);
        }
    }
}

/// Bits per entry of the table. An entry is [`UNSEEN`], [`DONE`] (expanded
/// in an earlier layer), or one of two layer codes that alternate: the
/// layer being expanded, and the layer being found.
const BITS: usize = 2;
const PER_WORD: usize = 64 / BITS;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;
const UNSEEN: u64 = 0;
const DONE: u64 = 1;
/// Tables of at most this many words are walked on the calling thread.
const SEQUENTIAL_WORDS: usize = 4 * CHUNK_WORDS;
/// Ranks handed to [`RankedSpace::neighbours_of_all`] at once.
const BATCH: usize = 256;
/// Neighbours whose table words are read together before any is marked.
const MARK_BATCH: usize = 32;
/// Words per unit of parallel work: large enough to amortise scheduling,
/// small enough to balance two cores over a small space.
const CHUNK_WORDS: usize = 1 << 10;

/// A layer-synchronous enumeration of a [`RankedSpace`], with 2 bits per
/// rank and every core at work, after Cooperman and Finkelstein, and Korf.
///
/// The frontier is never stored: each layer is found by scanning the table
/// for the entries of the current depth. Memory is therefore
/// `rank_count() / 4` bytes, whatever the shape of the layers; the
/// enumeration refuses to start when that passes its memory limit.
///
/// # Example
///
/// ```
/// use search_core::{DenseEnumeration, RankedSpace};
///
/// /// Numbers below 1000, joined to their double and their half.
/// struct Halving;
///
/// impl RankedSpace for Halving {
///     fn rank_count(&self) -> usize {
///         1000
///     }
///     fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
///         if 2 * rank < 1000 {
///             report(2 * rank);
///         }
///         report(rank / 2);
///     }
/// }
///
/// let layers = DenseEnumeration::new().threads(2).run(&Halving, &[1], |_, _| {})?;
/// assert_eq!(layers.layer_sizes(), [1, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
/// assert_eq!(layers.deepest(), [512]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DenseEnumeration {
    max_memory: u64,
    threads: Option<usize>,
}

impl DenseEnumeration {
    /// The memory a table may take unless told otherwise: 8 GiB.
    pub const DEFAULT_MAX_MEMORY: u64 = 8 << 30;

    /// An enumeration on every core, with the default memory limit.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::DenseEnumeration;
    ///
    /// assert_eq!(DenseEnumeration::new().get_max_memory(), DenseEnumeration::DEFAULT_MAX_MEMORY);
    /// ```
    pub fn new() -> DenseEnumeration {
        DenseEnumeration { max_memory: DenseEnumeration::DEFAULT_MAX_MEMORY, threads: None }
    }

    /// Refuses spaces whose table would take more than `bytes`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::DenseEnumeration;
    ///
    /// assert_eq!(DenseEnumeration::new().max_memory(1 << 20).get_max_memory(), 1 << 20);
    /// ```
    #[must_use]
    pub fn max_memory(mut self, bytes: u64) -> DenseEnumeration {
        self.max_memory = bytes;
        self
    }

    /// Uses `threads` threads; the default is one per core. A small space
    /// gets fewer: one per chunk of 32,768 ranks at the most.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::DenseEnumeration;
    ///
    /// let single = DenseEnumeration::new().threads(1);
    /// # let _ = single;
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> DenseEnumeration {
        self.threads = Some(threads.max(1));
        self
    }

    /// The memory limit in bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::DenseEnumeration;
    ///
    /// assert!(DenseEnumeration::new().get_max_memory() > 0);
    /// ```
    pub fn get_max_memory(&self) -> u64 {
        self.max_memory
    }

    /// The bytes a table for `rank_count` ranks takes.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::DenseEnumeration;
    ///
    /// // The 3x4 sliding puzzle's 239,500,800 boards take about 57 MiB.
    /// assert_eq!(DenseEnumeration::memory_needed(239_500_800), 59_875_200);
    /// ```
    pub fn memory_needed(rank_count: usize) -> u64 {
        (rank_count.div_ceil(PER_WORD) * 8) as u64
    }

    /// Enumerates every rank reachable from `starts`. The result's states
    /// are ranks: [`Enumeration::deepest`] lists the deepest layer's ranks
    /// in increasing order.
    ///
    /// `on_layer(depth, size)` is called after each layer is complete, for a
    /// progress display.
    ///
    /// # Errors
    ///
    /// When the table would pass the memory limit
    /// ([`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)), when the
    /// machine cannot give the memory the limit allows
    /// ([`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)),
    /// when a start or a neighbour is not below
    /// [`RankedSpace::rank_count`], or when the thread pool cannot be
    /// built.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{DenseEnumeration, ErrorKind, RankedSpace};
    ///
    /// struct Huge;
    ///
    /// impl RankedSpace for Huge {
    ///     fn rank_count(&self) -> usize {
    ///         1 << 40
    ///     }
    ///     fn neighbours<F: FnMut(usize)>(&self, _: usize, _: F) {}
    /// }
    ///
    /// let error = DenseEnumeration::new().run(&Huge, &[0], |_, _| {}).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::TooLarge { needed: 274_877_906_944, .. }));
    /// ```
    pub fn run<R, F>(
        &self,
        space: &R,
        starts: &[usize],
        on_layer: F,
    ) -> Result<Enumeration<usize>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64),
    {
        self.run_visiting(space, starts, on_layer, |_, _| {})
    }

    /// As [`run`](DenseEnumeration::run), calling `visit(rank, depth)`
    /// once for every rank reached, as it is reached, from the worker
    /// threads: the way to keep each state's distance, as a pattern
    /// database does, while the table itself keeps only 2 bits.
    ///
    /// # Errors
    ///
    /// As for [`run`](DenseEnumeration::run).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU8, Ordering};
    /// use search_core::{DenseEnumeration, RankedSpace};
    ///
    /// /// A ring of 10 ranks.
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> usize { 10 }
    ///     fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
    ///         report((rank + 1) % 10);
    ///         report((rank + 9) % 10);
    ///     }
    /// }
    ///
    /// let distance: Vec<AtomicU8> = (0..10).map(|_| AtomicU8::new(0)).collect();
    /// DenseEnumeration::new().run_visiting(&Ring, &[0], |_, _| {}, |rank, depth| {
    ///     distance[rank].store(depth as u8, Ordering::Relaxed);
    /// })?;
    /// let distance: Vec<u8> = distance.iter().map(|d| d.load(Ordering::Relaxed)).collect();
    /// assert_eq!(distance, [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_visiting<R, F, V>(
        &self,
        space: &R,
        starts: &[usize],
        mut on_layer: F,
        visit: V,
    ) -> Result<Enumeration<usize>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64),
        V: Fn(usize, usize) + Sync,
    {
        let on_layer = |depth, size| {
            on_layer(depth, size);
            ControlFlow::Continue(())
        };
        self.run_until(space, starts, on_layer, visit)
    }

    /// As [`run_visiting`](DenseEnumeration::run_visiting), stopping after
    /// the first layer for which `on_layer(depth, size)` breaks: the way to
    /// search for one rank, layer by layer, in 2 bits per rank. The
    /// enumeration returned then ends at that layer, and its
    /// [`deepest`](Enumeration::deepest) are that layer's ranks.
    ///
    /// # Errors
    ///
    /// As for [`run`](DenseEnumeration::run).
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use search_core::{DenseEnumeration, RankedSpace};
    ///
    /// /// A ring of 1,000 ranks.
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> usize { 1_000 }
    ///     fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
    ///         report((rank + 1) % 1_000);
    ///         report((rank + 999) % 1_000);
    ///     }
    /// }
    ///
    /// let found = AtomicBool::new(false);
    /// let layers = DenseEnumeration::new().run_until(
    ///     &Ring,
    ///     &[0],
    ///     |_, _| if found.load(Ordering::Relaxed) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) },
    ///     |rank, _| if rank == 7 { found.store(true, Ordering::Relaxed) },
    /// )?;
    /// assert_eq!(layers.radius(), 7);
    /// assert_eq!(layers.deepest(), [7, 993]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_until<R, F, V>(
        &self,
        space: &R,
        starts: &[usize],
        mut on_layer: F,
        visit: V,
    ) -> Result<Enumeration<usize>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64) -> ControlFlow<()>,
        V: Fn(usize, usize) + Sync,
    {
        let bound = space.rank_count();
        let needed = DenseEnumeration::memory_needed(bound);
        if needed > self.max_memory {
            return Err(Error::too_large(needed, self.max_memory));
        }
        let words = bound.div_ceil(PER_WORD);
        let mut table: Vec<AtomicU64> = Vec::new();
        table.try_reserve_exact(words).map_err(|_| Error::allocation_failed(needed))?;
        table.resize_with(words, || AtomicU64::new(0));
        // Below a few chunks, starting threads and splitting each layer costs
        // more than the work: the 2x3 puzzle took 410 us on a pool and 6 us
        // without one. Above, a thread per chunk at the most: more would
        // only wait (1,000 threads on the 3x3 took 2.3 s instead of 10 ms).
        let pool = if table.len() > SEQUENTIAL_WORDS && self.threads != Some(1) {
            let mut builder = rayon::ThreadPoolBuilder::new();
            if let Some(threads) = self.threads {
                builder = builder.num_threads(threads.min(table.len().div_ceil(CHUNK_WORDS)));
            }
            Some(builder.build().map_err(|_| Error::thread_pool())?)
        } else {
            None
        };
        let mut first = 0;
        for &start in starts {
            if start >= bound {
                return Err(Error::rank_out_of_bounds(start, bound));
            }
            if mark(&table, start, code(0)) {
                visit(start, 0);
                first += 1;
            }
        }
        let mut layer_sizes = vec![first];
        let mut stopped = on_layer(0, first).is_break();
        while !stopped && layer_sizes.last().is_some_and(|&size| size > 0) {
            let depth = layer_sizes.len() - 1;
            let (current, next) = (code(depth), code(depth + 1));
            let step = |parallel: bool| {
                // The layer before this one holds the code the next layer
                // will take; retire it first, so that the two cannot mix.
                if depth > 0 {
                    retire(&table, next, parallel);
                }
                expand_layer(space, &table, (current, next, depth + 1), &visit, parallel)
            };
            let found = match &pool {
                Some(pool) => pool.install(|| step(true))?,
                None => step(false)?,
            };
            if found == 0 {
                break;
            }
            layer_sizes.push(found);
            stopped = on_layer(depth + 1, found).is_break();
        }
        if first == 0 {
            layer_sizes.clear();
        }
        let last = code(layer_sizes.len().saturating_sub(1));
        let mut deepest = Vec::new();
        if !layer_sizes.is_empty() {
            for (index, word) in table.iter().enumerate() {
                for_each_entry(word.load(Ordering::Relaxed), last, |entry| {
                    deepest.push(index * PER_WORD + entry);
                });
            }
        }
        Ok(Enumeration { layer_sizes, deepest })
    }
}

impl Default for DenseEnumeration {
    fn default() -> DenseEnumeration {
        DenseEnumeration::new()
    }
}

/// The table code of the layer at `depth`.
fn code(depth: usize) -> u64 {
    2 + (depth % 2) as u64
}

/// Turns every entry coded `code` into [`DONE`].
fn retire(table: &[AtomicU64], code: u64, parallel: bool) {
    let retire_word = |word: &AtomicU64| {
        let equal = equal_entries(word.load(Ordering::Relaxed), code);
        if equal != 0 {
            // Entries are two bits apart, so the product has no carries.
            word.fetch_xor(equal * (code ^ DONE), Ordering::Relaxed);
        }
    };
    if parallel {
        table.par_iter().for_each(retire_word);
    } else {
        table.iter().for_each(retire_word);
    }
}

/// A mask with the low bit of each entry of `word` equal to `code` set.
fn equal_entries(word: u64, code: u64) -> u64 {
    let differs = word ^ (code * LOW_BITS);
    !(differs | (differs >> 1)) & LOW_BITS
}

/// Marks `rank` with `code` if it is unseen; true when this call marked it.
fn mark(table: &[AtomicU64], rank: usize, code: u64) -> bool {
    let word = &table[rank / PER_WORD];
    let shift = (rank % PER_WORD) * BITS;
    // A plain load first: most neighbours are seen already, and a failed
    // check costs far less than a locked read-modify-write.
    if entry(word.load(Ordering::Relaxed), shift) != UNSEEN {
        return false;
    }
    // Within a layer every writer writes the same code, so a race between
    // two of them leaves the right code, and only the first counts it.
    entry(word.fetch_or(code << shift, Ordering::Relaxed), shift) == UNSEEN
}

/// The entry at bit `shift` of a table word.
fn entry(word: u64, shift: usize) -> u64 {
    (word >> shift) & 3
}

/// Calls `visit` with the index within `word` of each entry equal to `code`.
fn for_each_entry(word: u64, code: u64, mut visit: impl FnMut(usize)) {
    let mut equal = equal_entries(word, code);
    while equal != 0 {
        visit(equal.trailing_zeros() as usize / BITS);
        equal &= equal - 1;
    }
}

/// Expands every entry coded `current` into unseen neighbours coded `next`
/// at the depth `codes.2`, on the current thread pool, and returns how many
/// it marked.
fn expand_layer<R: RankedSpace, V: Fn(usize, usize) + Sync>(
    space: &R,
    table: &[AtomicU64],
    codes: (u64, u64, usize),
    visit: &V,
    parallel: bool,
) -> Result<u64, Error> {
    let expand = |(chunk_index, chunk): (usize, &[AtomicU64])| {
        expand_chunk(space, table, chunk_index * CHUNK_WORDS, chunk, codes, visit)
    };
    if parallel {
        table.par_chunks(CHUNK_WORDS).enumerate().map(expand).try_reduce(|| 0, |a, b| Ok(a + b))
    } else {
        table.chunks(CHUNK_WORDS).enumerate().map(expand).sum()
    }
}

/// Expands the entries coded `current` among `chunk`, whose first word is
/// word `first_word` of `table`, into ranks coded `next` at `depth`; see
/// [`expand_layer`].
fn expand_chunk<R: RankedSpace, V: Fn(usize, usize)>(
    space: &R,
    table: &[AtomicU64],
    first_word: usize,
    chunk: &[AtomicU64],
    (current, next, depth): (u64, u64, usize),
    visit: &V,
) -> Result<u64, Error> {
    let bound = space.rank_count();
    let mut found = 0;
    let mut bad = None;
    let mut batch = [0usize; BATCH];
    let mut len = 0;
    let mut neighbours = [0usize; MARK_BATCH];
    let mut pending = 0;
    let mut flush = |ranks: &[usize]| {
        let mut mark_all = |neighbours: &[usize]| {
            // Read every word first: the reads do not depend on one
            // another, so the processor overlaps their cache misses, where
            // testing each before reading the next would wait for each.
            let mut words = [0u64; MARK_BATCH];
            for (word, &neighbour) in words.iter_mut().zip(neighbours) {
                if let Some(slot) = table.get(neighbour / PER_WORD) {
                    *word = slot.load(Ordering::Relaxed);
                }
            }
            for (&word, &neighbour) in words.iter().zip(neighbours) {
                if neighbour >= bound {
                    bad = Some(neighbour);
                } else if entry(word, (neighbour % PER_WORD) * BITS) == UNSEEN
                    && mark(table, neighbour, next)
                {
                    visit(neighbour, depth);
                    found += 1;
                }
            }
        };
        space.neighbours_of_all(ranks, |neighbour| {
            neighbours[pending] = neighbour;
            pending += 1;
            if pending == MARK_BATCH {
                mark_all(&neighbours);
                pending = 0;
            }
        });
        mark_all(&neighbours[..pending]);
        pending = 0;
    };
    for (offset, word) in chunk.iter().enumerate() {
        let base = (first_word + offset) * PER_WORD;
        for_each_entry(word.load(Ordering::Relaxed), current, |entry| {
            batch[len] = base + entry;
            len += 1;
        });
        // A word adds at most PER_WORD ranks, so flushing here keeps the
        // batch from overflowing.
        if len > BATCH - PER_WORD {
            flush(&batch[..len]);
            len = 0;
        }
    }
    flush(&batch[..len]);
    match bad {
        Some(rank) => Err(Error::rank_out_of_bounds(rank, bound)),
        None => Ok(found),
    }
}
