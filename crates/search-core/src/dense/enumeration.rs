//! [`DenseEnumeration`]: one [`LayerTable`] driven on a rayon pool (or
//! the calling thread), layer by layer, with checkpoints; it decides when a
//! layer runs on one thread or many.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::table::LayerTable;
#[cfg(feature = "rayon")]
use super::table::{CHUNK_WORDS, SEQUENTIAL_WORDS};
use crate::breadth_first::enumerate::Enumeration;
use crate::error::Error;
use crate::run::cancel::CancelHandle;
use crate::space::ranked::RankedSpace;

/// A layer-synchronous enumeration of a [`RankedSpace`], with 2 bits per
/// rank and every core at work, after Cooperman and Finkelstein, and Korf.
///
/// The frontier is never stored: each layer is found by scanning the
/// [`LayerTable`] for the entries of the current depth. Memory is therefore
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
///     fn rank_count(&self) -> u64 {
///         1000
///     }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
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
#[derive(Clone, Debug)]
pub struct DenseEnumeration {
    max_memory: u64,
    threads: Option<usize>,
    checkpoint: Option<Checkpoint>,
    /// Checked before each layer: a layer, once begun, is finished.
    cancel: CancelHandle,
}

/// Where and how often a [`DenseEnumeration`] saves its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Checkpoint {
    path: PathBuf,
    /// The caller's name for the space, kept in the file: a checkpoint of
    /// another space is refused.
    description: String,
    every: Duration,
    resume: bool,
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
        DenseEnumeration {
            max_memory: DenseEnumeration::DEFAULT_MAX_MEMORY,
            threads: None,
            checkpoint: None,
            cancel: CancelHandle::new(),
        }
    }

    /// Ends every later run with
    /// [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled) once `cancel`
    /// is cancelled, from any thread, before the next layer begins: one
    /// handle can stop several enumerations. See [`CancelHandle`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{CancelHandle, DenseEnumeration, ErrorKind, RankedSpace};
    ///
    /// struct Line;
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 { 1_000 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         if rank + 1 < 1_000 { report(rank + 1); }
    ///     }
    /// }
    ///
    /// let cancel = CancelHandle::new();
    /// let enumeration = DenseEnumeration::new().cancel_with(cancel.clone());
    /// // Cancelled from the layer callback, as from another thread.
    /// let error = enumeration.run(&Line, &[0], |depth, _| if depth == 10 { cancel.cancel() }).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::Cancelled);
    /// ```
    #[must_use]
    pub fn cancel_with(mut self, cancel: CancelHandle) -> DenseEnumeration {
        self.cancel = cancel;
        self
    }

    /// A handle that cancels this enumeration's runs from any thread, before
    /// their next layer: a clone of the one it holds. See [`CancelHandle`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{DenseEnumeration, ErrorKind, RankedSpace};
    ///
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> u64 { 100 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 100);
    ///     }
    /// }
    ///
    /// let enumeration = DenseEnumeration::new();
    /// let cancel = enumeration.cancel_handle();
    /// std::thread::spawn(move || cancel.cancel()).join().unwrap();
    /// let error = enumeration.run(&Ring, &[0], |_, _| {}).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::Cancelled);
    /// ```
    pub fn cancel_handle(&self) -> CancelHandle {
        self.cancel.clone()
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

    /// Saves the table and the layer counts to the file `path` at the end
    /// of a layer, at most once every `every` (and after the first layer
    /// that ends after it): written beside it first, synced, then renamed
    /// over the last one, so the file is always one whole checkpoint, and
    /// only the newest is kept. `description` names the space; it is
    /// stored in the file, and [`resume`](DenseEnumeration::resume) refuses
    /// a file with another.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::{DenseEnumeration, RankedSpace};
    ///
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> u64 { 1_000 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 1_000);
    ///     }
    /// }
    ///
    /// let path = std::env::temp_dir().join(format!("doc-ring-{}.checkpoint", std::process::id()));
    /// let saving = DenseEnumeration::new().checkpoint(&path, "a ring of 1,000", Duration::ZERO);
    /// let whole = saving.run(&Ring, &[0], |_, _| {})?;
    /// // Resumed from the last layer's checkpoint, the answer is the same.
    /// let resumed = saving.clone().resume(true).run(&Ring, &[0], |_, _| {})?;
    /// assert_eq!(resumed, whole);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checkpoint(
        mut self,
        path: impl Into<PathBuf>,
        description: &str,
        every: Duration,
    ) -> DenseEnumeration {
        let resume = self.checkpoint.as_ref().is_some_and(|checkpoint| checkpoint.resume);
        self.checkpoint = Some(Checkpoint {
            path: path.into(),
            description: description.to_string(),
            every,
            resume,
        });
        self
    }

    /// Whether to start from the [`checkpoint`](DenseEnumeration::checkpoint)
    /// file instead of the starts. The enumeration then goes on from the
    /// layer the file ends with: `on_layer` is called for each restored
    /// layer first, and `visit` only for ranks found after them.
    ///
    /// # Example
    ///
    /// See [`checkpoint`](DenseEnumeration::checkpoint).
    #[must_use]
    pub fn resume(mut self, resume: bool) -> DenseEnumeration {
        if let Some(checkpoint) = &mut self.checkpoint {
            checkpoint.resume = resume;
        }
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

    /// The bytes a table for `rank_count` ranks takes: see
    /// [`LayerTable::memory_needed`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::DenseEnumeration;
    ///
    /// assert_eq!(DenseEnumeration::memory_needed(239_500_800), 59_875_200);
    /// ```
    pub fn memory_needed(rank_count: u64) -> u64 {
        LayerTable::memory_needed(rank_count)
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
    ///     fn rank_count(&self) -> u64 {
    ///         1 << 40
    ///     }
    ///     fn neighbours<F: FnMut(u64)>(&self, _: u64, _: F) {}
    /// }
    ///
    /// let error = DenseEnumeration::new().run(&Huge, &[0], |_, _| {}).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::TooLarge { needed: 274_877_906_944, .. }));
    /// ```
    pub fn run<R, F>(
        &self,
        space: &R,
        starts: &[u64],
        on_layer: F,
    ) -> Result<Enumeration<u64>, Error>
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
    ///     fn rank_count(&self) -> u64 { 10 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 10);
    ///         report((rank + 9) % 10);
    ///     }
    /// }
    ///
    /// let distance: Vec<AtomicU8> = (0..10).map(|_| AtomicU8::new(0)).collect();
    /// DenseEnumeration::new().run_visiting(&Ring, &[0], |_, _| {}, |rank, depth| {
    ///     distance[rank as usize].store(depth as u8, Ordering::Relaxed);
    /// })?;
    /// let distance: Vec<u8> = distance.iter().map(|d| d.load(Ordering::Relaxed)).collect();
    /// assert_eq!(distance, [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_visiting<R, F, V>(
        &self,
        space: &R,
        starts: &[u64],
        mut on_layer: F,
        visit: V,
    ) -> Result<Enumeration<u64>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64),
        V: Fn(u64, usize) + Sync,
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
    ///     fn rank_count(&self) -> u64 { 1_000 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
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
        starts: &[u64],
        mut on_layer: F,
        visit: V,
    ) -> Result<Enumeration<u64>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64) -> ControlFlow<()>,
        V: Fn(u64, usize) + Sync,
    {
        // The run as a closure, so that a failed space's error replaces
        // the layers it gave.
        let mut run = || {
            let table = LayerTable::new(0..space.rank_count(), self.max_memory)?;
            // Below a few chunks, starting threads and splitting each layer costs
            // more than the work: the 2x3 puzzle took 410 us on a pool and 6 us
            // without one. Above, a thread per chunk at the most: more would
            // only wait (1,000 threads on the 3x3 took 2.3 s instead of 10 ms).
            let words = table.words.len();
            let pool = self.pool(words)?;
            let resumed = match &self.checkpoint {
                Some(checkpoint) if checkpoint.resume => {
                    Some(table.load(&checkpoint.path, &checkpoint.description)?)
                }
                _ => None,
            };
            let mut layer_sizes = if let Some(layer_sizes) = resumed {
                layer_sizes
            } else {
                let mut first = 0;
                for &start in starts {
                    if table.mark(start, 0)? {
                        visit(start, 0);
                        first += 1;
                    }
                }
                vec![first]
            };
            let first = layer_sizes[0];
            // A resumed run reports the layers it restored, as the run that
            // found them did.
            let mut stopped = false;
            for (depth, &size) in layer_sizes.iter().enumerate() {
                stopped = on_layer(depth, size).is_break();
                if stopped {
                    break;
                }
            }
            let mut saved = Instant::now();
            while !stopped && layer_sizes.last().is_some_and(|&size| size > 0) {
                if self.cancel.is_cancelled() {
                    return Err(Error::cancelled());
                }
                let depth = layer_sizes.len() - 1;
                let found =
                    pool.run(|parallel| table.expand_layer(space, depth, &visit, parallel))?;
                if found == 0 {
                    break;
                }
                layer_sizes.push(found);
                if let Some(checkpoint) = &self.checkpoint
                    && saved.elapsed() >= checkpoint.every
                {
                    table.save(&checkpoint.path, &checkpoint.description, &layer_sizes)?;
                    saved = Instant::now();
                }
                stopped = on_layer(depth + 1, found).is_break();
            }
            if first == 0 {
                layer_sizes.clear();
            }
            let mut deepest = Vec::new();
            if let Some(radius) = layer_sizes.len().checked_sub(1) {
                table.for_each_at(radius, |rank| deepest.push(rank));
            }
            Ok(Enumeration::new(layer_sizes, deepest))
        };
        let layers = run();
        match space.failure() {
            Some(failure) => Err(failure),
            None => layers,
        }
    }
}

impl DenseEnumeration {
    /// The threads for a table of `words` words: a pool of its own, or
    /// none (the calling thread) for a small table, one thread asked for,
    /// or a build without rayon.
    #[cfg_attr(
        not(feature = "rayon"),
        expect(
            clippy::unused_self,
            clippy::unnecessary_wraps,
            reason = "without rayon there is no pool to configure or to fail"
        )
    )]
    pub(super) fn pool(&self, words: usize) -> Result<Pool, Error> {
        #[cfg(feature = "rayon")]
        if words > SEQUENTIAL_WORDS && self.threads != Some(1) {
            let mut builder = rayon::ThreadPoolBuilder::new();
            if let Some(threads) = self.threads {
                builder = builder.num_threads(threads.min(words.div_ceil(CHUNK_WORDS)));
            }
            return Ok(Pool(Some(builder.build().map_err(|_| Error::thread_pool())?)));
        }
        let _ = words;
        Ok(Pool::default())
    }
}

/// Where a layer runs: on a rayon pool, or on the calling thread.
#[derive(Default)]
pub(super) struct Pool(
    #[cfg(feature = "rayon")] Option<rayon::ThreadPool>,
    #[cfg(not(feature = "rayon"))] Option<std::convert::Infallible>,
);

impl Pool {
    /// Runs `step`, telling it whether it runs on a pool.
    pub(super) fn run<T: Send>(&self, step: impl FnOnce(bool) -> T + Send) -> T {
        match &self.0 {
            #[cfg(feature = "rayon")]
            Some(pool) => pool.install(|| step(true)),
            #[cfg(not(feature = "rayon"))]
            Some(never) => match *never {},
            None => step(false),
        }
    }
}

impl Default for DenseEnumeration {
    fn default() -> DenseEnumeration {
        DenseEnumeration::new()
    }
}
