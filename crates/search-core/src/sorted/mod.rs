//! [`SortedEnumeration`]: the layers of a ranked or keyed space kept as
//! sorted, compressed runs of keys, a few bytes a state, on every core,
//! in memory or a file a layer. [`Enumerator`](crate::layers::Enumerator)
//! picks it where a 2-bit table of every rank would not fit.
//!
//! Each layer is expanded block by block in parallel; each task sorts the
//! keys its states lead to and packs them as a run of gaps
//! (`packed.rs`). The runs are
//! then merged, on every core at once over ranges of keys, and what is
//! in no layer kept (the layer and the one before, for a space whose
//! every move can be undone; every layer, otherwise) is the next layer.
//! A directed run keeps the layers behind as a few sorted levels whose
//! sizes at least halve, each the union of a range of layers: two of
//! about one size are merged into one, so a key is rewritten a
//! logarithmic number of times, not once a layer. When
//! the runs of a layer would not fit the memory limit, the layer is
//! expanded again in passes, each keeping the keys of one range: twice
//! the passes, a little more than half the memory for runs.

mod layer;
mod manifest;
pub(crate) mod packed;
mod path;

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use self::layer::{Layer, LayerFile, LayerKeys, LayerSink};
use self::manifest::PREFIX;
use self::packed::{Keys, Packed, Packer, pack_sorted};
use crate::breadth_first::parallel::{on_pool_beating, thread_pool};
use crate::enumeration::Enumeration;
use crate::error::{Error, Limit};
use crate::execute::begin_and_end;
use crate::files::Checksum;
use crate::files::directory::RunFiles;
use crate::run::cancel::CancelHandle;
use crate::run::context::Run;
use crate::run::progress::CHECK_EVERY;
use crate::space::{KeyedSpace, SortKey};

/// Blocks of a layer one expansion task takes: about a million states,
/// whose few million successors sort in the task's own buffer.
const TASK_BLOCKS: usize = 256;

/// The successors a task gathers before it sorts them into a run: 8 MiB
/// a thread.
const FLUSH_AT: usize = 1 << 20;

/// The states whose neighbours are asked for at once
/// ([`KeyedSpace::key_neighbours_of_all`]): a space that calls out per
/// batch (Python, a GPU) pays its call once for this many.
const BATCH: usize = 1024;

/// The most passes a layer is split into before the memory limit is
/// called reached: each pass expands the whole layer again, so past this
/// the limit is too small to be worth the time.
const MAX_PASSES: u64 = 16;

/// Breadth-first layers of a [`KeyedSpace`] kept as sorted, compressed
/// keys: a state costs a few bytes (its gap to the key before it, in
/// Golomb-Rice code, near the information bound) where a hash table
/// costs tens, and no table is sized for every
/// key, as the 2-bit [`DenseEnumeration`](crate::dense::DenseEnumeration)
/// is; so it takes spaces whose ranks are far more than their states
/// (the 15-puzzle to a depth, a coset of a large group), spaces too
/// large for a hash table in memory, and states of up to 128 bits with
/// no ranking at all ([`AsKeyed`](crate::space::AsKeyed)). Every
/// [`RankedSpace`](crate::space::RankedSpace) is a `KeyedSpace`, keyed
/// by its ranks. [`run_reversible`] keeps two layers; [`run`] keeps
/// every layer's keys, for a directed space.
///
/// A depth limit ([`Limits::max_depth`](crate::Limits::max_depth)) ends
/// it with the layers up to the limit ([`Enumeration::is_complete`]
/// says whether the space goes on, most often from the first few states
/// of the last layer, without finding the next), and the memory limit
/// bounds what it keeps: the layers (kept in files instead with
/// [`disk`](SortedEnumeration::disk)), and the runs of the layer being
/// expanded, which it splits into passes over ranges of keys to fit.
/// The deepest layer is returned unpacked, 8 or 16 bytes a state (its
/// key's width), after the rest is let go, where it fits half of what
/// the memory limit leaves beside the layer (the other half is for what a
/// caller makes of the keys; else it is left out, and
/// [`Enumeration::is_deepest_omitted`] says so; or not at all: see
/// [`deepest_states`](SortedEnumeration::deepest_states)).
///
/// [`run`]: SortedEnumeration::run
/// [`run_reversible`]: SortedEnumeration::run_reversible
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::sorted::SortedEnumeration;
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
    disk: Option<PathBuf>,
    resume: bool,
    skip_deepest: bool,
    /// What the caller says the space is, beside the engine's own words.
    about: String,
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

/// Layers kept behind the one being expanded: the union of the layers
/// at the depths `from..=to`.
#[derive(Debug)]
struct Level<K> {
    from: usize,
    to: usize,
    keys: Layer<K>,
}

/// Whether a level of `older` keys and the newer one of `newer` keys
/// behind it are merged into one: when the older is not more than twice
/// the newer, so that the levels' sizes at least halve.
fn merges(older: u64, newer: u64) -> bool {
    older <= newer.saturating_mul(2)
}

/// The name, after the prefix, of the file of the layers `from..=to`: a
/// layer's own file when it is one.
fn level_name(from: usize, to: usize) -> String {
    if from == to { manifest::layer_name(from) } else { manifest::kept_name(from, to) }
}

/// Why a pass over a layer stopped.
enum Stopped {
    /// Its runs would pass the memory limit: try more passes, about as
    /// many as this, judged from the tasks done when they passed it.
    TooLarge(u64),
    Failed(Error),
}

impl Keep {
    /// The levels kept behind a layer whose layers before are of
    /// `sizes`, as ranges of depths and their keys: the one before, or
    /// for every layer the levels [`merges`] leaves, as the run that
    /// found them has them.
    fn levels(self, sizes: &[u64]) -> Vec<(usize, usize, u64)> {
        let mut levels: Vec<(usize, usize, u64)> = Vec::new();
        for (depth, &size) in sizes.iter().enumerate() {
            if self == Keep::TwoLayers {
                levels.clear();
            }
            levels.push((depth, depth, size));
            while let [.., older, newer] = levels[..]
                && self == Keep::Every
                && merges(older.2, newer.2)
            {
                levels.truncate(levels.len() - 2);
                levels.push((older.0, newer.1, older.2 + newer.2));
            }
        }
        levels
    }

    /// The files, with their prefix, that a run stopped at the last
    /// layer of `sizes` goes on from: that layer's, and its levels'.
    fn files(self, sizes: &[u64]) -> Vec<String> {
        let depth = sizes.len() - 1;
        let levels = self.levels(&sizes[..depth]);
        let names = levels.into_iter().map(|(from, to, _)| level_name(from, to));
        let names = std::iter::once(manifest::layer_name(depth)).chain(names);
        names.map(|name| format!("{PREFIX}{name}")).collect()
    }
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
    /// use search_core::sorted::SortedEnumeration;
    ///
    /// let one = SortedEnumeration::new().threads(1);
    /// # let _ = one;
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> SortedEnumeration {
        self.threads = Some(threads.max(1));
        self
    }

    /// Keeps every layer in a file of `dir` (made if need be), with only
    /// the index of its blocks in memory (24 or 32 bytes a block of
    /// 4,096 keys): the memory limit then bounds the runs of the layer being
    /// found, not the layers, and the disk holds the rest. Each layer's
    /// file is checksummed and synced before a manifest names it, so a
    /// run stopped anywhere (an error, a limit, a killed process) goes
    /// on from its last finished layer with [`resume`]; a file damaged,
    /// cut short or of another run is refused by name.
    ///
    /// The files, named `sorted-*`, go in `dir`, locked while the run
    /// uses it: a second run there is refused by name. A run that
    /// finishes leaves no file; one that stops, or is cut at its depth
    /// bound, leaves its last layer's files and the manifest, and a new
    /// run in that directory is refused until they are resumed or
    /// removed.
    ///
    /// [`resume`]: SortedEnumeration::resume
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run};
    /// use search_core::sorted::SortedEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// /// Ten bits, one flipped at a time.
    /// struct Cube;
    /// impl RankedSpace for Cube {
    ///     fn rank_count(&self) -> u64 { 1 << 10 }
    ///     fn neighbours<F: FnMut(u64)>(&self, bits: u64, mut report: F) {
    ///         (0..10).for_each(|i| report(bits ^ 1 << i));
    ///     }
    /// }
    /// let dir = std::env::temp_dir().join(format!("sorted-doc-{}", std::process::id()));
    /// let engine = SortedEnumeration::new().disk(&dir);
    /// // Cut at depth 3: the files stay, and a resumed run goes deeper.
    /// let mut run = Run::new().limits(Limits::new().max_depth(3));
    /// let first = engine.run_reversible(&Cube, &[0], &mut run)?;
    /// assert_eq!((first.layer_sizes(), first.is_complete()), (&[1, 10, 45, 120][..], false));
    /// let whole = engine.resume(true).run_reversible(&Cube, &[0], &mut Run::new())?;
    /// assert_eq!(whole.layer_sizes(), [1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1]);
    /// assert_eq!(whole.deepest(), [1023]);
    /// # std::fs::remove_dir(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn disk(mut self, dir: impl Into<PathBuf>) -> SortedEnumeration {
        self.disk = Some(dir.into());
        self
    }

    /// Whether a run on [`disk`](SortedEnumeration::disk) goes on from
    /// the files of a stopped run of the same space, starts and kind
    /// (false by default: a new run, refused where a stopped run's files
    /// are). The space must be the same: its count of keys, the starts and
    /// what [`describe`](SortedEnumeration::describe) says are checked.
    ///
    /// # Example
    ///
    /// See [`disk`](SortedEnumeration::disk).
    #[must_use]
    pub fn resume(mut self, resume: bool) -> SortedEnumeration {
        self.resume = resume;
        self
    }

    /// Says what the space is, in the description a run on
    /// [`disk`](SortedEnumeration::disk) writes in its files and a resume
    /// compares: beside the engine's own (the kind of run, the count of
    /// keys, the starts), what tells two spaces of one count apart (a
    /// puzzle's name, a digest of its moves), so that a resume of another
    /// space's files is refused.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::sorted::SortedEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// struct Line(u64);
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 { 100 }
    ///     fn neighbours<F: FnMut(u64)>(&self, n: u64, mut report: F) {
    ///         report((n + self.0).min(99));
    ///     }
    /// }
    /// let dir = std::env::temp_dir().join(format!("about-{}", std::process::id()));
    /// let engine = SortedEnumeration::new().disk(&dir).describe("steps of 1");
    /// let mut cut = Run::new().limits(search_core::Limits::new().max_depth(3));
    /// engine.run(&Line(1), &[0], &mut cut)?;
    /// // Steps of 2 have the same count and start: told apart by their words.
    /// let other = engine.clone().describe("steps of 2").resume(true);
    /// assert!(other.run(&Line(2), &[0], &mut Run::new()).is_err());
    /// let whole = engine.resume(true).run(&Line(1), &[0], &mut Run::new())?;
    /// assert_eq!(whole.states(), 100);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[must_use]
    pub fn describe(mut self, about: &str) -> SortedEnumeration {
        about.clone_into(&mut self.about);
        self
    }

    /// Whether the result holds the deepest layer's keys (true by
    /// default), unpacked, 8 or 16 bytes each, when they fit the memory
    /// limit beside the layer; a layer of billions would not, and is left
    /// out ([`Enumeration::is_deepest_omitted`]). Without them, the result
    /// has the layers' sizes and an empty [`Enumeration::deepest`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::sorted::SortedEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// struct Line;
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 { 5 }
    ///     fn neighbours<F: FnMut(u64)>(&self, n: u64, mut report: F) {
    ///         report(n.saturating_sub(1));
    ///         report((n + 1).min(4));
    ///     }
    /// }
    /// let engine = SortedEnumeration::new().deepest_states(false);
    /// let layers = engine.run_reversible(&Line, &[0], &mut Run::new())?;
    /// assert_eq!((layers.radius(), layers.deepest()), (4, &[][..]));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[must_use]
    pub fn deepest_states(mut self, keep: bool) -> SortedEnumeration {
        self.skip_deepest = !keep;
        self
    }

    /// Every state reachable from the keys `starts`, layer by layer, for
    /// a space whose moves may not be undone: every layer's keys are
    /// kept, so that none is found again.
    ///
    /// # Errors
    ///
    /// [`LimitReached`](crate::ErrorKind::LimitReached) when what it
    /// keeps passes the memory limit even in
    /// 16 passes (the deepest layer's keys, unpacked, are left out where
    /// they would pass it: [`Enumeration::is_deepest_omitted`]);
    /// [`RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds)
    /// for a rank at or past the space's count (for a 128-bit key,
    /// [`SpaceFailed`](crate::ErrorKind::SpaceFailed)), the space's own
    /// failure,
    /// [`Cancelled`](crate::ErrorKind::Cancelled). On
    /// [`disk`](SortedEnumeration::disk),
    /// [`TableFile`](crate::ErrorKind::TableFile) naming a file that
    /// cannot be written (a full disk) or read back, a directory in use
    /// by another run or holding a stopped one's files, and on
    /// [`resume`](SortedEnumeration::resume) a file damaged or of
    /// another run; a resumed run already past the depth limit ends with
    /// that limit.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::sorted::SortedEnumeration;
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
    pub fn run<S: KeyedSpace>(
        &self,
        space: &S,
        starts: &[S::Key],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<S::Key>, Error> {
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
    pub fn run_reversible<S: KeyedSpace>(
        &self,
        space: &S,
        starts: &[S::Key],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<S::Key>, Error> {
        self.execute(space, starts, Keep::TwoLayers, run).map_err(Error::while_enumerating)
    }

    fn execute<S: KeyedSpace>(
        &self,
        space: &S,
        starts: &[S::Key],
        keep: Keep,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<S::Key>, Error> {
        begin_and_end(
            run,
            |run: &mut Run<'_>| {
                let pool = thread_pool(self.threads)?;
                let count = space.key_count();
                let sorted = sorted_below(starts, count)?;
                let mut description = describe(keep, count, &sorted);
                if !self.about.is_empty() {
                    description = format!("{}; {description}", self.about);
                }
                let mut claimed = match &self.disk {
                    Some(dir) => {
                        let (files, sizes) = RunFiles::claim(dir, PREFIX, self.resume, |path| {
                            let layers = manifest::load(path, &description)?;
                            let files = keep.files(&layers.sizes);
                            Ok((layers, files))
                        })?;
                        Some((files, sizes))
                    }
                    None => None,
                };
                let (files, resumed) = match &mut claimed {
                    Some((files, sizes)) => (Some(files), sizes.take()),
                    None => (None, None),
                };
                let mut sweep = Sweep {
                    space,
                    keep,
                    files,
                    description: &description,
                    pool: pool.as_ref(),
                    deepest: !self.skip_deepest,
                    run_bytes_per_state: None,
                };
                let result = sweep.enumerate(&sorted, resumed, run);
                if let Some((files, _)) = &mut claimed {
                    // A run that ends short keeps what its manifest names, to
                    // resume; so does one cut at its depth bound, to go deeper.
                    let finished = result.as_ref().is_ok_and(Enumeration::is_complete);
                    let cleared = if finished { files.clear() } else { files.clear_unnamed() };
                    return result.and_then(|layers| cleared.map(|()| layers));
                }
                result
            },
            || space.key_failure(),
        )
    }
}

/// `keys` sorted, without repeats.
///
/// # Errors
///
/// [`RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds) for a rank at
/// or past `count`; for a 128-bit key,
/// [`SpaceFailed`](crate::ErrorKind::SpaceFailed).
fn sorted_below<K: SortKey>(keys: &[K], count: K) -> Result<Vec<K>, Error> {
    let mut sorted = keys.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    match sorted.last() {
        Some(&past) if past >= count => Err(past.out_of_bounds(count)),
        _ => Ok(sorted),
    }
}

/// What a run's files say they belong to: its kind, its space's count of
/// keys and its starts, so that a file of another run is refused.
fn describe<K: SortKey>(keep: Keep, count: K, starts: &[K]) -> String {
    let mut sum = Checksum::default();
    for start in starts {
        sum.update(&start.le_bytes()[..K::BYTES]);
    }
    let kind = match keep {
        Keep::Every => "every layer",
        Keep::TwoLayers => "two layers",
    };
    let starts = starts.len();
    format!("{kind} of {count} ranks from {starts} starts, checksum {:016x}", sum.finish())
}

/// One enumeration under way.
struct Sweep<'a, S> {
    space: &'a S,
    keep: Keep,
    files: Option<&'a mut RunFiles>,
    description: &'a str,
    pool: Option<&'a rayon::ThreadPool>,
    deepest: bool,
    /// The bytes of runs the last layer's expansion made, a state
    /// expanded, in 1/1024ths of a byte: what the next layer's passes
    /// are judged by before it starts, where a pass that ran out of room
    /// had done its work for nothing.
    run_bytes_per_state: Option<u64>,
}

impl<S: KeyedSpace> Sweep<'_, S> {
    fn enumerate(
        &mut self,
        starts: &[S::Key],
        resumed: Option<manifest::Layers>,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<S::Key>, Error> {
        let (mut layers, mut layer, mut behind) = match resumed {
            Some(layers) => self.reopen(layers)?,
            None if starts.is_empty() => return Ok(Enumeration::new(Vec::new(), Vec::new())),
            None => {
                let layer = self.layer_of(&manifest::layer_name(0), starts)?;
                let positions = vec![self.positions_of(&layer)?];
                let layers = manifest::Layers { sizes: vec![layer.len()], positions };
                self.save(&layers, &layer, &[], Vec::new())?;
                (layers, layer, Vec::new())
            }
        };
        let max_depth = run.get_limits().get_max_depth();
        // A resumed run may be past the bound already.
        if let Some(most) = max_depth.filter(|&most| layers.sizes.len() - 1 > most) {
            return Err(Error::resumed_past_depth(layers.sizes.len() - 1, most));
        }
        run.count_stored(layers.sizes[..layers.sizes.len() - 1].iter().sum::<u64>());
        let max_memory = run.get_limits().get_max_memory();
        let cancel = run.cancel_handle();
        let mut passes = 1;
        let mut written = 0;
        let complete = loop {
            let depth = layers.sizes.len() - 1;
            run.count_stored(layer.len());
            run.count_frontier(usize::try_from(layer.len()).unwrap_or(usize::MAX));
            let held = layer.bytes() + behind.iter().map(|level| level.keys.bytes()).sum::<u64>();
            if self.files.is_some() {
                written += layer.stored_bytes();
            }
            run.report_disk(depth, held, 0, written)?;
            if held > max_memory {
                return Err(Error::limit(Limit::Memory(max_memory)));
            }
            let deepest = !run.get_limits().allows_depth(depth + 1);
            let exclude: Vec<&Layer<S::Key>> =
                std::iter::once(&layer).chain(behind.iter().map(|level| &level.keys)).collect();
            if deepest && self.goes_on(&layer, &exclude)? {
                break false;
            }
            let memory = (held, max_memory, &mut passes);
            let what = manifest::layer_name(depth + 1);
            let beat = &mut |expanding: u64| run.report_amid(depth, held, expanding, written);
            let next = self.next_of(&layer, &exclude, &what, memory, &cancel, beat)?;
            run.count_expanded(layer.len());
            if next.len() == 0 || deepest {
                self.discard(&next)?;
                break next.len() == 0;
            }
            let level = Level { from: depth, to: depth, keys: layer };
            let stale = self.settle(&mut behind, level, &layers.sizes)?;
            layer = next;
            layers.sizes.push(layer.len());
            layers.positions.push(self.positions_of(&layer)?);
            self.save(&layers, &layer, &behind, stale)?;
        };
        drop(behind);
        // Half what the limit leaves: the other half for the states a
        // caller makes of the keys (their arrangements, their boards).
        let room = max_memory.saturating_sub(layer.bytes()) / 2;
        let deepest = if self.deepest { unpack(&layer, room)? } else { None };
        let manifest::Layers { sizes, positions } = layers;
        let ended = match deepest {
            Some(deepest) => Enumeration::ended(sizes, deepest, complete),
            None => Enumeration::ended(sizes, Vec::new(), complete).without_deepest(),
        };
        Ok(ended.with_positions(positions))
    }

    /// Puts `level`, the layer just expanded (the last of `layer_sizes`),
    /// behind, and brings the levels to those [`Keep::levels`] gives for
    /// `layer_sizes`, the one rule a resumed run reads them by: the
    /// oldest dropped, for two layers; the newest merged, for every
    /// layer. The levels no longer kept, to remove once the manifest no
    /// longer names them.
    fn settle(
        &mut self,
        behind: &mut Vec<Level<S::Key>>,
        level: Level<S::Key>,
        layer_sizes: &[u64],
    ) -> Result<Vec<Level<S::Key>>, Error> {
        let target = self.keep.levels(layer_sizes);
        let mut stale = Vec::new();
        behind.push(level);
        while behind.len() > target.len() {
            if self.keep == Keep::TwoLayers {
                stale.push(behind.remove(0));
                continue;
            }
            let (Some(newer), Some(older)) = (behind.pop(), behind.pop()) else {
                unreachable!("more levels than the one a run keeps at least")
            };
            let mut sink = self.sink(&level_name(older.from, newer.to))?;
            union(&older.keys, &newer.keys, &mut sink)?;
            behind.push(Level { from: older.from, to: newer.to, keys: sink.finish()? });
            stale.extend([older, newer]);
        }
        debug_assert!(
            behind.iter().map(|level| (level.from, level.to)).eq(target.iter().map(|t| (t.0, t.1)))
        );
        Ok(stale)
    }

    /// The layer after `layer` (its file named `what`): its neighbours
    /// in no layer of `exclude` (`layer` and those behind it), found in
    /// `passes` passes over ranges of keys, or more (then
    /// `passes` is raised, for the layers after) when its runs would
    /// pass what `held` bytes leave of `max_memory`.
    fn next_of(
        &mut self,
        layer: &Layer<S::Key>,
        exclude: &[&Layer<S::Key>],
        what: &str,
        (held, max_memory, passes): (u64, u64, &mut u64),
        cancel: &CancelHandle,
        beat: &mut dyn FnMut(u64),
    ) -> Result<Layer<S::Key>, Error> {
        let room = max_memory.saturating_sub(held);
        // As many passes as runs like the last layer's would need, with a
        // fifth to spare for the next layer's keys, which share the room.
        if let Some(rate) = self.run_bytes_per_state {
            let runs = u128::from(layer.len()) * u128::from(rate) / 1024;
            let per_pass = u128::from(runs_room(room, self.files.is_some())) * 4 / 5;
            let needed = u64::try_from(runs.div_ceil(per_pass.max(1))).unwrap_or(u64::MAX);
            if needed > *passes && needed <= MAX_PASSES {
                *passes = needed;
            }
        }
        let next = loop {
            let sink = self.sink(what)?;
            let (space, tried) = (self.space, *passes);
            // The states expanded so far, over every pass: each pass
            // expands the whole layer, so the beat reports their share of
            // all passes' work, which rises to the layer's size once.
            let expanding = AtomicU64::new(0);
            let counted = &expanding;
            let attempt =
                || next_layer(space, layer, exclude, (tried, room), (cancel, counted), sink);
            let limit = layer.len();
            let beat = &mut || beat((expanding.load(Ordering::Relaxed) / tried.max(1)).min(limit));
            match on_pool_beating(self.pool, attempt, beat) {
                Ok((next, run_bytes)) => {
                    if layer.len() > 0 {
                        let rate = u128::from(run_bytes) * 1024 / u128::from(layer.len());
                        self.run_bytes_per_state = u64::try_from(rate).ok();
                    }
                    break next;
                }
                Err(Stopped::TooLarge(needed)) if tried < MAX_PASSES && needed <= MAX_PASSES => {
                    *passes = retried_passes(tried, needed);
                }
                Err(Stopped::TooLarge(_)) => return Err(Error::limit(Limit::Memory(max_memory))),
                Err(Stopped::Failed(error)) => return Err(error),
            }
        };
        match self.space.key_failure() {
            Some(error) => Err(error),
            None => Ok(next),
        }
    }

    /// The layer and the levels behind it of the stopped run whose
    /// manifest gave `sizes`, from their files.
    #[expect(clippy::type_complexity, reason = "a tuple read once, by the caller beside it")]
    fn reopen(
        &self,
        layers: manifest::Layers,
    ) -> Result<(manifest::Layers, Layer<S::Key>, Vec<Level<S::Key>>), Error> {
        let sizes = &layers.sizes;
        let depth = sizes.len() - 1;
        let layer = self.open(&manifest::layer_name(depth), sizes[depth])?;
        let behind = self.keep.levels(&sizes[..depth]).into_iter().map(|(from, to, len)| {
            Ok(Level { from, to, keys: self.open(&level_name(from, to), len)? })
        });
        let behind = behind.collect::<Result<_, Error>>()?;
        Ok((layers, layer, behind))
    }

    /// The positions the keys of `layer` stand for: their count, unless
    /// they are classes ([`KeyedSpace::has_classes`]), then the sum of
    /// their sizes, a pass over them.
    fn positions_of(&self, layer: &Layer<S::Key>) -> Result<u128, Error> {
        if !self.space.has_classes() {
            return Ok(u128::from(layer.len()));
        }
        let mut keys = layer.iter();
        let positions = keys.by_ref().map(|key| u128::from(self.space.key_class_size(key))).sum();
        keys.check()?;
        Ok(positions)
    }

    /// The layer file `what` of this run, which must hold `len` keys.
    fn open(&self, what: &str, len: u64) -> Result<Layer<S::Key>, Error> {
        let Some(files) = &self.files else { unreachable!("only a run on disk resumes") };
        let path = files.path(what);
        let layer = LayerFile::open(&path, &format!("{}: {what}", self.description))?;
        let layer = Layer::File(layer);
        if layer.len() != len {
            let reason = format!("holds {} keys, where the manifest says {len}", layer.len());
            return Err(Error::table_file(&path, reason));
        }
        Ok(layer)
    }

    /// Where the layer `what` goes: a file of the run's, or memory.
    fn sink(&mut self, what: &str) -> Result<LayerSink<S::Key>, Error> {
        match &mut self.files {
            Some(files) => {
                LayerSink::file(&files.name(what), &format!("{}: {what}", self.description))
            }
            None => Ok(LayerSink::memory()),
        }
    }

    /// The layer `what` of the sorted, distinct `keys`.
    fn layer_of(&mut self, what: &str, keys: &[S::Key]) -> Result<Layer<S::Key>, Error> {
        let mut sink = self.sink(what)?;
        sink.extend(keys.iter().copied())?;
        sink.finish()
    }

    /// Removes the file of `layer`, if it has one.
    fn discard(&mut self, layer: &Layer<S::Key>) -> Result<(), Error> {
        match (&mut self.files, layer.path()) {
            (Some(files), Some(path)) => files.remove(path),
            _ => Ok(()),
        }
    }

    /// Writes the manifest of a run that goes on from `layer` (the last
    /// of `layer_sizes`) and the levels `behind` it, then removes the
    /// files of the `stale` levels, which it no longer names.
    fn save(
        &mut self,
        layers: &manifest::Layers,
        layer: &Layer<S::Key>,
        behind: &[Level<S::Key>],
        stale: Vec<Level<S::Key>>,
    ) -> Result<(), Error> {
        let Some(files) = &mut self.files else { return Ok(()) };
        manifest::save(&files.manifest(), self.description, layers)?;
        let named = std::iter::once(layer).chain(behind.iter().map(|level| &level.keys));
        files.name_in_manifest(named.filter_map(Layer::path).map(Into::into).collect());
        for level in stale {
            if let Some(path) = level.keys.path() {
                files.remove(path)?;
            }
        }
        Ok(())
    }

    /// The first neighbour of `state` (a key of the space) for which
    /// `test` holds, `found` the buffer they are gathered in.
    ///
    /// # Errors
    ///
    /// What `test` returns.
    fn neighbour_where(
        &self,
        state: S::Key,
        found: &mut Vec<S::Key>,
        mut test: impl FnMut(S::Key) -> Result<bool, Error>,
    ) -> Result<Option<S::Key>, Error> {
        let count = self.space.key_count();
        found.clear();
        self.space.key_neighbours(state, |next| found.push(next));
        for &next in found.iter().filter(|&&next| next < count) {
            if test(next)? {
                return Ok(Some(next));
            }
        }
        Ok(None)
    }

    /// Whether the first few states of `layer` have a neighbour in no
    /// layer of `exclude`: then the space goes on past it, and the next
    /// layer need not be found to say so. False when they have none: the
    /// next layer must be found to tell.
    fn goes_on(&self, layer: &Layer<S::Key>, exclude: &[&Layer<S::Key>]) -> Result<bool, Error> {
        const PROBES: usize = 64;
        let mut states = layer.iter_blocks(0..1);
        let mut found = Vec::new();
        let new = |next: S::Key| -> Result<bool, Error> {
            for kept in exclude {
                if kept.contains(next)? {
                    return Ok(false);
                }
            }
            Ok(true)
        };
        for state in states.by_ref().take(PROBES) {
            if self.neighbour_where(state, &mut found, new)?.is_some() {
                return Ok(true);
            }
        }
        states.check()?;
        Ok(false)
    }
}

/// The keys of `layer`, unpacked, 8 or 16 bytes each, if they fit
/// `room`, what the memory limit leaves beside the layer, and the
/// allocator gives them; `None` if not.
fn unpack<K: SortKey>(layer: &Layer<K>, room: u64) -> Result<Option<Vec<K>>, Error> {
    let bytes = layer.len().saturating_mul(K::BYTES as u64);
    let mut keys = Vec::new();
    let fits = usize::try_from(layer.len())
        .ok()
        .filter(|_| bytes <= room)
        .is_some_and(|len| keys.try_reserve_exact(len).is_ok());
    if !fits {
        return Ok(None);
    }
    let mut read = layer.iter();
    keys.extend(read.by_ref());
    read.check()?;
    Ok(Some(keys))
}

/// The layer after `layer`: its neighbours in no layer of `exclude`,
/// found in `passes` passes over ranges of keys, the runs of each within
/// `room` bytes, and written to `next`; and the bytes of all its runs.
fn next_layer<S: KeyedSpace>(
    space: &S,
    layer: &Layer<S::Key>,
    exclude: &[&Layer<S::Key>],
    (passes, room): (u64, u64),
    (cancel, expanding): (&CancelHandle, &AtomicU64),
    mut next: LayerSink<S::Key>,
) -> Result<(Layer<S::Key>, u64), Stopped> {
    let count = space.key_count();
    let mut run_bytes = 0;
    for pass in 0..passes {
        let range = pass_range(count, passes, pass);
        if range.0 >= range.1 {
            break;
        }
        let room = runs_room(room.saturating_sub(next.bytes()), next.is_file());
        let runs = expand(space, layer, range, room, (cancel, expanding));
        let runs = runs.map_err(|stopped| match stopped {
            // Runs of `needed` bytes for this pass's range need that
            // many times as many passes, if they spread evenly.
            Stopped::TooLarge(needed) => {
                Stopped::TooLarge(passes.saturating_mul(needed.div_ceil(room.max(1))))
            }
            failed @ Stopped::Failed(_) => failed,
        })?;
        run_bytes += runs.iter().map(Packed::bytes).sum::<u64>();
        merge(&runs, exclude, range, cancel, &mut next)?;
    }
    Ok((next.finish()?, run_bytes))
}

/// The passes to try after `tried` ran out of room, judged to need
/// `needed` (both below or at [`MAX_PASSES`]): at least twice as many,
/// where the judgement was too low once already, and never past the
/// most. `tried` may be any count the last layer's runs called for, so
/// twice it may pass the most itself.
fn retried_passes(tried: u64, needed: u64) -> u64 {
    needed.next_power_of_two().max(tried.saturating_mul(2)).min(MAX_PASSES)
}

/// The keys pass `pass` of `passes` over `count` keys keeps: `count`
/// cut in ranges of one width, the last shorter or empty.
fn pass_range<K: SortKey>(count: K, passes: u64, pass: u64) -> (K, K) {
    let parts = K::from_word(passes);
    let rest = K::from_word(u64::from(count % parts != K::zero()));
    let width = (count / parts + rest).max(K::one());
    let low = K::from_word(pass) * width;
    (low, low.saturating_add(width).min(count))
}

/// The neighbours within `range` of every state of `layer`, as sorted
/// runs, a few a task; [`Stopped::TooLarge`] once the runs pass `room`,
/// with the bytes all of them would take, judged from the tasks done.
fn expand<S: KeyedSpace>(
    space: &S,
    layer: &Layer<S::Key>,
    (low, high): (S::Key, S::Key),
    room: u64,
    (cancel, expanding): (&CancelHandle, &AtomicU64),
) -> Result<Vec<Packed<S::Key>>, Stopped> {
    let held = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let tasks = layer.blocks().div_ceil(TASK_BLOCKS);
    let threads = rayon::current_num_threads() as u64;
    let key_bytes = size_of::<S::Key>() as u64;
    let to_run = |found: &mut Vec<S::Key>| -> Result<Packed<S::Key>, Stopped> {
        found.sort_unstable();
        found.dedup();
        let run = pack_sorted(found)?;
        found.clear();
        let total = held.fetch_add(run.bytes(), Ordering::Relaxed) + run.bytes();
        // A buffer such as this one a thread is the rest of what runs.
        if total + found.capacity() as u64 * key_bytes * threads > room {
            let done = done.load(Ordering::Relaxed).max(1);
            return Err(Stopped::TooLarge(total.saturating_mul(tasks as u64) / done));
        }
        Ok(run)
    };
    let runs: Vec<Vec<Packed<S::Key>>> = (0..tasks)
        .into_par_iter()
        .map(|task| {
            let blocks = task * TASK_BLOCKS..((task + 1) * TASK_BLOCKS).min(layer.blocks());
            let mut found: Vec<S::Key> = Vec::new();
            let mut runs = Vec::new();
            let mut batch = Vec::new();
            batch
                .try_reserve_exact(BATCH)
                .map_err(|_| Error::allocation_failed(key_bytes * BATCH as u64))?;
            let mut states = layer.iter_blocks(blocks);
            loop {
                if cancel.is_cancelled() {
                    return Err(Stopped::Failed(Error::cancelled()));
                }
                if found.len() >= FLUSH_AT {
                    runs.push(to_run(&mut found)?);
                }
                if found.capacity() - found.len() < 64 {
                    let more = found.len().clamp(256, FLUSH_AT);
                    found
                        .try_reserve(more)
                        .map_err(|_| Error::allocation_failed(more as u64 * key_bytes))?;
                }
                // As many states as leave room for 64 neighbours each:
                // the batches grow with the buffer, which stays small
                // while the runs are.
                let states_now = ((found.capacity() - found.len()) / 64).clamp(1, BATCH);
                batch.clear();
                batch.extend(states.by_ref().take(states_now));
                if batch.is_empty() {
                    break;
                }
                space.key_neighbours_within(&batch, low..high, |next| found.push(next));
                expanding.fetch_add(batch.len() as u64, Ordering::Relaxed);
            }
            states.check()?;
            runs.push(to_run(&mut found)?);
            done.fetch_add(1, Ordering::Relaxed);
            Ok(runs)
        })
        .collect::<Result<_, Stopped>>()?;
    Ok(runs.into_iter().flatten().collect())
}

/// The bytes of runs a pass may make where `room` is left, the rest for
/// what their merge makes of them (at most as large as their runs): all
/// of it, for a layer kept in memory; for one written to a file, a
/// core's range of keys at a time.
fn runs_room(room: u64, to_file: bool) -> u64 {
    if to_file { room / 4 * 3 } else { room / 2 }
}

/// The keys within `range` of any run and of no layer of `exclude`,
/// merged on every core over ranges of keys, into `next` in order: a
/// range a core at a time, so that what is merged and not yet in `next`
/// is a few ranges' keys, not the pass's.
fn merge<K: SortKey>(
    runs: &[Packed<K>],
    exclude: &[&Layer<K>],
    (low, high): (K, K),
    cancel: &CancelHandle,
    next: &mut LayerSink<K>,
) -> Result<(), Error> {
    // Ranges that hold about as many runs' blocks each, by the blocks'
    // first keys.
    let mut firsts: Vec<K> =
        runs.iter().flat_map(|run| (0..run.blocks()).map(|block| run.first_of(block))).collect();
    firsts.sort_unstable();
    let pieces = (rayon::current_num_threads() * 4).min(firsts.len()).max(1);
    let mut bounds = vec![low];
    bounds.extend((1..pieces).map(|piece| firsts[piece * firsts.len() / pieces]));
    bounds.push(high);
    bounds.dedup();
    let ranges: Vec<(K, K)> = bounds.windows(2).map(|range| (range[0], range[1])).collect();
    for cores in ranges.chunks(rayon::current_num_threads()) {
        let merged: Vec<Packed<K>> = cores
            .par_iter()
            .map(|&range| merge_range(runs, exclude, range, cancel))
            .collect::<Result<_, Error>>()?;
        for piece in &merged {
            next.append(piece)?;
        }
    }
    Ok(())
}

/// [`merge`] over one range of keys.
fn merge_range<K: SortKey>(
    runs: &[Packed<K>],
    exclude: &[&Layer<K>],
    (low, high): (K, K),
    cancel: &CancelHandle,
) -> Result<Packed<K>, Error> {
    let mut sources: Vec<Keys<'_, K>> = runs.iter().map(|run| run.iter_from(low)).collect();
    let mut heap: BinaryHeap<Reverse<(K, usize)>> = BinaryHeap::with_capacity(sources.len());
    for (source, keys) in sources.iter_mut().enumerate() {
        if let Some(rank) = keys.next().filter(|&rank| rank < high) {
            heap.push(Reverse((rank, source)));
        }
    }
    // Keys below `low` are passed over as the first rank is looked for.
    let mut old: Vec<(LayerKeys<'_, K>, Option<K>)> = exclude
        .iter()
        .map(|layer| {
            let mut keys = layer.iter_near(low);
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
    for (keys, _) in &mut old {
        keys.check()?;
    }
    out.finish()
}

/// The keys of `a` and of `b`, which hold none in common, into `out`.
fn union<K: SortKey>(a: &Layer<K>, b: &Layer<K>, out: &mut LayerSink<K>) -> Result<(), Error> {
    let (mut a_keys, mut b_keys) = (a.iter(), b.iter());
    let (mut a, mut b) = (a_keys.by_ref().peekable(), b_keys.by_ref().peekable());
    let merged = std::iter::from_fn(|| match (a.peek(), b.peek()) {
        (Some(&x), Some(&y)) if x < y => a.next(),
        (Some(_) | None, Some(_)) => b.next(),
        (Some(_), None) => a.next(),
        (None, None) => None,
    });
    out.extend(merged)?;
    a_keys.check()?;
    b_keys.check()
}

#[cfg(test)]
mod tests {
    use crate::sorted::{Keep, MAX_PASSES, pass_range, retried_passes};

    #[test]
    fn a_retry_takes_more_passes_up_to_the_most() {
        // Passes the last layer's runs called for, any count, then too few.
        for tried in 1..MAX_PASSES {
            for needed in 1..=MAX_PASSES {
                let next = retried_passes(tried, needed);
                assert!(next > tried && next <= MAX_PASSES, "{tried}, {needed}: {next}");
                assert!(next >= needed.min(MAX_PASSES), "{tried}, {needed}: {next}");
            }
        }
        assert_eq!(retried_passes(9, 12), MAX_PASSES);
        assert_eq!(retried_passes(3, 5), 8);
    }

    #[test]
    fn passes_cover_every_key_once() {
        for count in [1u128, 2, 7, 100, 1 << 70, u128::MAX] {
            for passes in [1, 2, 3, 7, 15, 16] {
                let ranges: Vec<(u128, u128)> =
                    (0..passes).map(|pass| pass_range(count, passes, pass)).collect();
                let mut at = 0;
                for &(low, high) in ranges.iter().filter(|(low, high)| low < high) {
                    assert_eq!(low, at, "{count} keys in {passes} passes: {ranges:?}");
                    at = high;
                }
                assert_eq!(at, count, "{count} keys in {passes} passes: {ranges:?}");
            }
        }
    }

    #[test]
    fn a_manifest_names_the_last_layer_and_the_levels_behind_it() {
        assert_eq!(Keep::TwoLayers.files(&[1, 4, 8]), ["sorted-layer-2", "sorted-layer-1"]);
        assert_eq!(Keep::TwoLayers.files(&[1]), ["sorted-layer-0"]);
        // 1 and 4 merge (1 is not more than 8); 5 and 8 then do too.
        assert_eq!(Keep::Every.files(&[1, 4, 8, 3]), ["sorted-layer-3", "sorted-kept-0-2"]);
        // Sizes that more than halve stay apart; a merge may cascade.
        assert_eq!(Keep::Every.levels(&[10, 10, 10, 10]), [(0, 2, 30), (3, 3, 10)]);
        let apart = [(0, 0, 100), (1, 1, 40), (2, 2, 15), (3, 3, 7)];
        assert_eq!(Keep::Every.levels(&[100, 40, 15, 7]), apart);
        assert_eq!(Keep::Every.levels(&[100, 40, 15, 8]), [(0, 3, 163)]);
    }
}
