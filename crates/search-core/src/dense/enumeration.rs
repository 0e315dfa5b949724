//! [`DenseEnumeration`]: one [`LayerTable`] driven on a rayon pool (or
//! the calling thread), layer by layer, saved in its directory when it
//! has one; it decides when a layer runs on one thread or many.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::disk::{CHECKPOINT, Disk, LOCK, enumerate_on_disk};
use super::pool::Pool;
use super::table::LayerTable;
use crate::enumeration::Enumeration;
use crate::error::Error;
use crate::execute::begin_and_end;
use crate::files::directory::{DirLock, claim};
use crate::run::context::Run;
use crate::space::ranked::RankedSpace;

/// A layer-synchronous enumeration of a [`RankedSpace`], with 2 bits per
/// rank and every core at work, after Cooperman and Finkelstein, and Korf.
///
/// The frontier is never stored: each layer is found by scanning the
/// [`LayerTable`] for the entries of the current depth. Memory is therefore
/// `rank_count() / 4` bytes, whatever the shape of the layers; the
/// enumeration refuses to start when that passes the memory limit of its
/// [`Run`] ([`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)), unless
/// it has a [`disk`](DenseEnumeration::disk) to keep the table on.
///
/// Of the [`Run`]'s limits, the memory and the depth apply (a layer past
/// the depth bound is an error, as for every breadth-first search); the
/// state and node bounds do not, since every rank has its place in the
/// table from the start. The observer hears of each layer as it ends,
/// with the ranks found and expanded so far; a cancel ends the run within
/// a batch of 256 expansions a thread.
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::dense::DenseEnumeration;
/// use search_core::space::RankedSpace;
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
/// let layers = DenseEnumeration::new().threads(2).run(&Halving, &[1], &mut Run::new())?;
/// assert_eq!(layers.layer_sizes(), [1, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
/// assert_eq!(layers.deepest(), [512]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct DenseEnumeration {
    threads: Option<usize>,
    disk: Option<Disk>,
    resume: bool,
}

impl DenseEnumeration {
    /// An enumeration on every core.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> u64 { 100 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 100);
    ///     }
    /// }
    ///
    /// let layers = DenseEnumeration::new().run(&Ring, &[0], &mut Run::new())?;
    /// assert_eq!(layers.radius(), 99);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new() -> DenseEnumeration {
        DenseEnumeration { threads: None, disk: None, resume: false }
    }

    /// Uses `threads` threads; the default is one per core. A small space
    /// gets fewer: one per chunk of 32,768 ranks at the most.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::DenseEnumeration;
    ///
    /// let single = DenseEnumeration::new().threads(1);
    /// # let _ = single;
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> DenseEnumeration {
        self.threads = Some(threads.max(1));
        self
    }

    /// Whether to go on from the last layer saved in the
    /// [`disk`](DenseEnumeration::disk) directory instead of the starts.
    /// The enumeration then goes on from the layer the files end with:
    /// `on_layer` is called for each restored layer first, and `visit`
    /// only for ranks found after them. Without a directory, it does
    /// nothing.
    ///
    /// # Example
    ///
    /// See [`disk`](DenseEnumeration::disk).
    #[must_use]
    pub fn resume(mut self, resume: bool) -> DenseEnumeration {
        self.resume = resume;
        self
    }

    /// Keeps the run in the directory `dir`, so that a stopped run can
    /// [`resume`](DenseEnumeration::resume) from its last saved layer.
    ///
    /// A table that fits the run's memory limit ([`Limits::max_memory`])
    /// stays in memory, and is saved whole to the file
    /// `enumeration.checkpoint` in `dir` at the end of a layer, at most
    /// once every `every` (and after the first layer that ends after it):
    /// written beside it first, synced, then renamed over the last one, so
    /// the file is always one whole checkpoint.
    ///
    /// A table that does not fit is kept in files under `dir`, cut into
    /// parts of equal length: a third of the limit for the part being
    /// expanded, a third for the one before it, written on a thread of its
    /// own meanwhile, and the rest for marks, the neighbours found in one
    /// part that belong to another, which wait for their part in memory
    /// and past that in files. Each layer is one pass over the parts that
    /// hold it or wait for marks, each read once and written once.
    ///
    /// At the first layer's end, and then at the end of a layer once
    /// `every` has passed since the last, or as long as the run had run
    /// before it if that is less (`Duration::ZERO`: at every layer), the
    /// files the run needs are synced and a manifest that names them is
    /// written: the gaps double up to `every`, so a failure loses at most
    /// `every` and about half of the work done. A run stopped
    /// anywhere after that (cancelled, killed, out of disk)
    /// [resumes](DenseEnumeration::resume) from the last layer a manifest
    /// names, with any memory limit its parts fit. Between manifests files
    /// are left to the system's cache, so that the many part files a
    /// layer replaces never wait for the disk.
    ///
    /// Either way, `description` names the space and is kept in every
    /// file: a directory of another space's run is refused, and so is,
    /// without `resume`, one that holds an unfinished run; `resume` with
    /// no run there is an error too. A resumed run goes on the way it was
    /// saved: a table in parts stays in parts, whatever the new limit, and
    /// a whole table needs a limit it fits.
    /// A run that finishes removes its files (the directory stays); one
    /// cut at a depth bound keeps them, to go on with more depth. Errors
    /// of the files are
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile), naming the
    /// file; a limit too small to cut the space into parts is
    /// [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge).
    ///
    /// Every file is checksummed and written beside its place, then
    /// renamed: a damaged one is refused by name. The files take up to
    /// twice the table's size, and the waiting marks a byte or two each;
    /// a disk with less free than the table (less the parts already
    /// written, on resuming) is refused before anything is written, and a
    /// disk that fills later ends the run with its last manifest intact.
    /// A directory is locked while a run uses it (an advisory lock on its
    /// file `enumeration.lock`, let go when the process ends, however it
    /// ends): a second run there is refused by name. A small limit makes many small parts and
    /// many marks between them: the run is slower the smaller the limit.
    /// [`Progress::read`](crate::run::Progress::read) and
    /// [`written`](crate::run::Progress::written) count the bytes.
    ///
    /// [`Limits::max_memory`]: crate::Limits::max_memory
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run};
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// /// Numbers below 100,000, each joined to the next and to seven times
    /// /// itself, modulo 100,000.
    /// struct Sevens;
    /// impl RankedSpace for Sevens {
    ///     fn rank_count(&self) -> u64 { 100_000 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 100_000);
    ///         report(rank * 7 % 100_000);
    ///     }
    /// }
    ///
    /// use std::time::Duration;
    ///
    /// let dir = std::env::temp_dir().join(format!("doc-disk-{}", std::process::id()));
    /// let in_memory = DenseEnumeration::new().run(&Sevens, &[1], &mut Run::new())?;
    /// assert_eq!(in_memory.states(), 100_000);
    /// // 25 KB of table in 4 KB of memory: 19 parts of 1,360 bytes.
    /// let mut small = Run::new().limits(Limits::new().max_memory(4_096));
    /// let on_disk = DenseEnumeration::new()
    ///     .disk(&dir, "sevens below 100,000", Duration::from_secs(60))
    ///     .run(&Sevens, &[1], &mut small)?;
    /// assert_eq!(on_disk.layer_sizes(), in_memory.layer_sizes());
    /// assert_eq!(on_disk.deepest(), in_memory.deepest());
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A table that fits, saved at every layer's end, stopped and resumed:
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::{ErrorKind, Run};
    /// use search_core::run::CancelHandle;
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> u64 { 1_000 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 1_000);
    ///     }
    /// }
    ///
    /// let dir = std::env::temp_dir().join(format!("doc-ring-{}", std::process::id()));
    /// let saving = DenseEnumeration::new().disk(&dir, "a ring of 1,000", Duration::ZERO);
    /// // A run stopped at layer 500 leaves its checkpoint.
    /// let cancel = CancelHandle::new();
    /// let stop = cancel.clone();
    /// let mut stopped = Run::new()
    ///     .cancel_with(cancel)
    ///     .on_progress(move |progress| if progress.depth == 500 { stop.cancel() });
    /// let error = saving.run(&Ring, &[0], &mut stopped).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::Cancelled);
    /// assert!(dir.join("enumeration.checkpoint").exists());
    /// // Resumed from it, the run goes on, and the answer is the whole one.
    /// let resumed = saving.clone().resume(true).run(&Ring, &[0], &mut Run::new())?;
    /// assert_eq!(resumed.radius(), 999);
    /// assert!(!dir.join("enumeration.checkpoint").exists());
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn disk(
        mut self,
        dir: impl Into<PathBuf>,
        description: &str,
        every: Duration,
    ) -> DenseEnumeration {
        let (dir, description) = (dir.into(), description.to_string());
        self.disk = Some(Disk { dir, description, every });
        self
    }

    /// The bytes a table for `rank_count` ranks takes: see
    /// [`LayerTable::memory_needed`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::DenseEnumeration;
    ///
    /// assert_eq!(DenseEnumeration::memory_needed(239_500_800), 59_875_200);
    /// ```
    pub fn memory_needed(rank_count: u64) -> u64 {
        LayerTable::memory_needed(rank_count)
    }

    /// Enumerates every rank reachable from `starts`. The result's states
    /// are ranks: [`Enumeration::deepest`] lists the deepest layer's ranks
    /// in increasing order. With a depth limit, the layers up to it, and
    /// whether the space goes on ([`Enumeration::is_complete`]); a
    /// checkpoint or disk run cut there stays, to go on with more depth.
    ///
    /// # Errors
    ///
    /// When the table would pass the memory limit
    /// ([`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)), when the
    /// machine cannot give the memory the limit allows
    /// ([`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)),
    /// when a resumed run's layers already pass the depth limit, when a start or a neighbour
    /// is not below [`RankedSpace::rank_count`], when the space fails, when
    /// the [`disk`](DenseEnumeration::disk) directory or its files cannot
    /// be written or read, when the thread pool cannot
    /// be built, or when the run is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{ErrorKind, Run};
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::space::RankedSpace;
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
    /// let error = DenseEnumeration::new().run(&Huge, &[0], &mut Run::new()).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::TooLarge { needed: 274_877_906_944, .. }));
    /// ```
    pub fn run<R: RankedSpace>(
        &self,
        space: &R,
        starts: &[u64],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error> {
        self.run_visiting(space, starts, |_, _| {}, run)
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
    /// use search_core::Run;
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::space::RankedSpace;
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
    /// let remember = |rank: u64, depth| distance[rank as usize].store(depth as u8, Ordering::Relaxed);
    /// DenseEnumeration::new().run_visiting(&Ring, &[0], remember, &mut Run::new())?;
    /// let distance: Vec<u8> = distance.iter().map(|d| d.load(Ordering::Relaxed)).collect();
    /// assert_eq!(distance, [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_visiting<R, V>(
        &self,
        space: &R,
        starts: &[u64],
        visit: V,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error>
    where
        R: RankedSpace,
        V: Fn(u64, usize) + Sync,
    {
        self.run_until(space, starts, |_, _| ControlFlow::Continue(()), visit, run)
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
    /// use search_core::Run;
    /// use search_core::dense::DenseEnumeration;
    /// use search_core::space::RankedSpace;
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
    ///     &mut Run::new(),
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
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64) -> ControlFlow<()>,
        V: Fn(u64, usize) + Sync,
    {
        begin_and_end(
            run,
            |run: &mut Run<'_>| {
                let limits = run.get_limits();
                if let Some(disk) = &self.disk {
                    // A table that fits the limit stays in memory; the directory's
                    // run, if it holds one, goes on the way it was saved.
                    let needed = LayerTable::memory_needed(space.rank_count());
                    let in_memory = disk.dir.join(CHECKPOINT).exists();
                    if disk.holds_a_run() || (needed > limits.get_max_memory() && !in_memory) {
                        return enumerate_on_disk(
                            self.threads,
                            disk,
                            self.resume,
                            (space, starts),
                            (&mut on_layer, &visit),
                            run,
                        );
                    }
                }
                self.enumerate_in_memory((space, starts), (&mut on_layer, &visit), run)
            },
            || space.failure(),
        )
    }
}

impl DenseEnumeration {
    /// The run of [`run_until`](DenseEnumeration::run_until) with its
    /// table in memory, saved to the directory, if there is one, as it
    /// goes.
    fn enumerate_in_memory<R, F, V>(
        &self,
        (space, starts): (&R, &[u64]),
        (on_layer, visit): (&mut F, &V),
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64) -> ControlFlow<()>,
        V: Fn(u64, usize) + Sync,
    {
        let limits = run.get_limits();
        let checkpoint = self.claim_checkpoint()?;
        let cancel = run.cancel_handle();
        // The run as a closure, so that the checkpoint is removed however
        // it ends well.
        let mut layers = |run: &mut Run<'_>| {
            let table = LayerTable::new(0..space.rank_count(), limits.get_max_memory())?;
            let bytes = LayerTable::memory_needed(space.rank_count());
            run.meter_mut().charge(bytes)?;
            // Below a few chunks, starting threads and splitting each layer costs
            // more than the work: the 2x3 puzzle took 410 us on a pool and 6 us
            // without one. Above, a thread per chunk at the most: more would
            // only wait (1,000 threads on the 3x3 took 2.3 s instead of 10 ms).
            let words = table.words.len();
            let pool = Pool::new(self.threads, words)?;
            let resumed = match &checkpoint {
                Some((path, disk, _)) if self.resume => Some(table.load(path, &disk.description)?),
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
                run.count_stored(size);
                run.report(depth, bytes)?;
                stopped = on_layer(depth, size).is_break();
                if stopped {
                    break;
                }
            }
            let mut saved = Instant::now();
            let mut cut = false;
            while !stopped && layer_sizes.last().is_some_and(|&size| size > 0) {
                let depth = layer_sizes.len() - 1;
                let found = pool.run(|parallel| {
                    table.expand_layer_within(space, depth, visit, parallel, &cancel)
                })?;
                run.count_expanded(layer_sizes[depth]);
                run.count_frontier(layer_sizes[depth] as usize);
                if found == 0 {
                    break;
                }
                // A layer past the depth bound: the layers end at the
                // bound, and the space goes on. A resumed run may be past
                // the bound already: its layers are more than it allows.
                if !limits.allows_depth(depth + 1) {
                    let bound = limits.get_max_depth().unwrap_or(depth);
                    if depth > bound {
                        return Err(Error::resumed_past_depth(depth, bound));
                    }
                    cut = true;
                    break;
                }
                layer_sizes.push(found);
                run.count_stored(found);
                if let Some((path, disk, _)) = &checkpoint
                    && saved.elapsed() >= disk.every
                {
                    table.save(path, &disk.description, &layer_sizes)?;
                    saved = Instant::now();
                }
                run.report(depth + 1, bytes)?;
                stopped = on_layer(depth + 1, found).is_break();
            }
            if first == 0 {
                layer_sizes.clear();
            }
            Ok(layers_of(&table, layer_sizes, cut))
        };
        let layers = layers(run);
        if layers.as_ref().is_ok_and(Enumeration::is_complete)
            && space.failure().is_none()
            && let Some((path, ..)) = &checkpoint
        {
            // Finished: the checkpoint is of no more use. One cut at the
            // depth bound stays, to go on from with more depth.
            let _ = std::fs::remove_file(path);
        }
        layers
    }

    /// For a run in memory with a directory: the file its table is saved
    /// to, and the directory's lock, held until the run returns.
    fn claim_checkpoint(&self) -> Result<Option<(PathBuf, &Disk, DirLock)>, Error> {
        let Some(disk) = &self.disk else { return Ok(None) };
        let lock = claim(&disk.dir, LOCK, CHECKPOINT, self.resume)?;
        Ok(Some((disk.dir.join(CHECKPOINT), disk, lock)))
    }
}

/// The enumeration `table` holds: its `layer_sizes`, and the ranks of its
/// last layer, the deepest, or those at the depth bound when it was `cut`.
fn layers_of(table: &LayerTable, layer_sizes: Vec<u64>, cut: bool) -> Enumeration<u64> {
    let mut last = Vec::new();
    if let Some(depth) = layer_sizes.len().checked_sub(1) {
        table.for_each_at(depth, |rank| last.push(rank));
    }
    Enumeration::ended(layer_sizes, last, !cut)
}

impl Default for DenseEnumeration {
    fn default() -> DenseEnumeration {
        DenseEnumeration::new()
    }
}
