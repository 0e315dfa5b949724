//! [`DiskEnumeration`]: breadth-first enumeration of a space whose states
//! have no ranks, past memory, by delayed duplicate detection on disk.
//!
//! Each layer lives in a file of its states, serialized, sorted and
//! without repeats. A layer is expanded by reading its file once; the
//! successors gather in a sort buffer the size of the memory limit, and
//! each time it fills it is sorted and written out as a run. The runs
//! are then merged, and the states already found subtracted in the same
//! pass: for any space, those of a file of every state found so far,
//! which the pass rewrites with the new layer in it; for a
//! [`Reversible`] space, only those of the two layers before, since a
//! move from layer `d` lands in layer `d - 1`, `d` or `d + 1` (Korf,
//! "Linear-time disk-based implicit graph search", JACM 2008).
//!
//! Equal states must serialize to equal bytes, since duplicates are
//! found by their bytes: the records' order is the bytes' order, not the
//! states'. Records of at most 8 bytes, most states', are sorted and
//! compared as integers (`records.rs`).
//!
//! At each layer's end a manifest (`manifest.rs`) names the files the
//! run needs to go on: the layer, and the layer before it or the file of
//! every state found. Files it names are removed only once a later
//! manifest no longer names them, so a run stopped anywhere, `kill -9`
//! included, resumes from its last finished layer, as the dense tier's
//! does.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::enumeration::Enumeration;
use crate::error::Error;
use crate::execute::begin_and_end;
use crate::files::directory::{RunFiles, check_free_space};
use crate::files::format::sync_file;
use crate::run::context::Run;
use crate::space::traits::{Reversible, Successors};

mod manifest;
mod records;

use manifest::Manifest;

use records::{
    IO_BUFFER, RecordReader, SortBuffer, Source, Traffic, file_error, merge_into, merge_subtracting,
};

/// How many runs one merge reads at once; more are first merged in
/// groups of this many.
const FAN_IN: usize = 16;

/// The least sort buffer: a limit that leaves less after the files'
/// buffers is refused.
const LEAST_BUFFER: usize = 4 << 10;

/// Breadth-first enumeration of a space too large for memory, whose
/// states have no ranks: each layer in a file on disk, duplicates found
/// by sorting, the memory limit the size of the sort buffer.
///
/// A state must implement serde's `Serialize` and `DeserializeOwned`
/// (derived, for most types) and serialize to the same bytes whenever it
/// is equal: true of integers, `bool`, `char`, `String`, arrays, tuples,
/// `Vec`, `Option`, `BTreeMap`, and structs and enums of them; not of a
/// `HashMap` or `HashSet`, whose order varies, nor of floats, whose
/// `-0.0 == 0.0`. States are written with `bincode`.
///
/// The memory limit ([`Limits::max_memory`](crate::Limits::max_memory),
/// 4 GiB by default) bounds the sort buffer and the files' buffers
/// (64 KiB each, at most 20 open at once, 1.25 MiB): the sort buffer
/// takes what they leave, growing as a layer fills it, so a limit below
/// 1.25 MiB and 4 KiB is refused. The depth limit and the node limit (states
/// expanded) end the run with an error; the state limit does not apply,
/// the states being on disk. Progress is reported as states are
/// expanded and at each layer's end, with the bytes read and written.
///
/// Every file is checksummed, a block of records at a time, and a block
/// is checked before its states are read: a damaged file is refused by
/// name, never read as states. Before each layer of
/// [`run`](DiskEnumeration::run), a disk with less free than the file of
/// every state found (which the layer rewrites) is refused.
///
/// Its files, named `ddd-*`, go in one directory, which it makes if need
/// be. The directory is locked while the run uses it (an advisory lock
/// on its file `ddd-lock`, which the system lets go when the process
/// ends, however it ends): a second run there is refused by name. A run
/// that finishes leaves the directory without its files. A run that
/// stops (an error, a cancel, a limit, or a killed process) after its
/// first layer, or is cut at its depth bound, leaves its last layer's
/// files and a manifest naming them, and
/// [`resume`](DiskEnumeration::resume) goes on from there; a new run in
/// a directory that holds them is refused until they are resumed or
/// removed. Files of a run killed before its first layer ended are
/// removed by the next run.
///
/// Needs the `serde` feature.
///
/// # Example
///
/// ```
/// use search_core::{Limits, Run, enumerate, from_fn};
/// use search_core::breadth_first::DiskEnumeration;
///
/// // Ten bits, one flipped at a time: 2^10 states, 10 moves across.
/// let cube = from_fn(|&bits: &u16| (0..10).map(move |i| bits ^ (1 << i)));
/// let dir = std::env::temp_dir().join(format!("ddd-doc-{}", std::process::id()));
/// let mut run = Run::new().limits(Limits::new().max_memory(8 << 20));
/// let layers = DiskEnumeration::new(&dir).run(&cube, [0], &mut run)?;
/// assert_eq!(layers, enumerate(&cube, [0])?);
/// assert_eq!((layers.states(), layers.radius()), (1024, 10));
/// # std::fs::remove_dir(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct DiskEnumeration {
    dir: PathBuf,
    description: String,
    resume: bool,
}

impl DiskEnumeration {
    /// An enumeration whose files go in `dir`.
    ///
    /// # Example
    ///
    /// See [`DiskEnumeration`].
    pub fn new(dir: impl Into<PathBuf>) -> DiskEnumeration {
        DiskEnumeration { dir: dir.into(), description: String::new(), resume: false }
    }

    /// Names the space in the run's manifest, so that a run of another
    /// space is not resumed from its files. The state type and whether
    /// the run is [`run`](DiskEnumeration::run) or
    /// [`run_reversible`](DiskEnumeration::run_reversible) are named
    /// always; this tells apart spaces of one state type.
    ///
    /// # Example
    ///
    /// See [`resume`](DiskEnumeration::resume).
    #[must_use]
    pub fn description(mut self, description: impl Into<String>) -> DiskEnumeration {
        self.description = description.into();
        self
    }

    /// Whether to go on from the last finished layer that a stopped run
    /// left in the directory, instead of from the starts, which are then
    /// not read. The layers returned are the whole run's.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{ErrorKind, Limit, Limits, Run, enumerate, from_fn};
    /// use search_core::breadth_first::DiskEnumeration;
    ///
    /// // Numbers below 5,000, each joined to the next and to its double.
    /// let space = from_fn(|&n: &u32| [n + 1, 2 * n].into_iter().filter(|&m| m < 5_000));
    /// let dir = std::env::temp_dir().join(format!("ddd-resume-{}", std::process::id()));
    /// let disk = DiskEnumeration::new(&dir).description("n + 1 and 2n below 5,000");
    /// // Stopped after 100 expansions, the run keeps its last finished
    /// // layer for a resume.
    /// let mut short = Run::new().limits(Limits::new().max_memory(8 << 20).max_nodes(100));
    /// let error = disk.run(&space, [1], &mut short).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(100)));
    /// let mut run = Run::new().limits(Limits::new().max_memory(8 << 20));
    /// let layers = disk.clone().resume(true).run(&space, [1], &mut run)?;
    /// assert_eq!(layers, enumerate(&space, [1])?);
    /// # std::fs::remove_dir(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn resume(mut self, resume: bool) -> DiskEnumeration {
        self.resume = resume;
        self
    }

    /// Every state of `space` reachable from `starts`, layer by layer,
    /// and the deepest, for any space: the states of each new layer are
    /// those of no layer before, kept in one file that each layer
    /// rewrites.
    ///
    /// # Errors
    ///
    /// [`TableFile`](crate::ErrorKind::TableFile), naming the file, when
    /// the directory cannot be made or another run holds its lock, holds
    /// a stopped run's files and this run does not
    /// [`resume`](DiskEnumeration::resume) (or holds none, or another
    /// space's, and it does), or a file cannot be written (a full disk)
    /// or read, or is damaged;
    /// [`TooLarge`](crate::ErrorKind::TooLarge) when the memory limit
    /// leaves no room for a sort buffer of 4 KiB beside the files'
    /// 1.25 MiB of buffers, or for one state;
    /// [`AllocationFailed`](crate::ErrorKind::AllocationFailed) when the
    /// allocator refuses what the limit allows; the depth or node limit;
    /// cancellation; the space's failure; and
    /// [`SpaceFailed`](crate::ErrorKind::SpaceFailed) when a state cannot
    /// be serialized, or read back.
    ///
    /// # Example
    ///
    /// A directed space: from `n`, `2n` and `n + 3` below 1,000.
    ///
    /// ```
    /// use search_core::{Limits, Run, enumerate, from_fn};
    /// use search_core::breadth_first::DiskEnumeration;
    ///
    /// let space = from_fn(|&n: &u32| [2 * n, n + 3].into_iter().filter(|&m| m < 1_000));
    /// let dir = std::env::temp_dir().join(format!("ddd-directed-{}", std::process::id()));
    /// let mut run = Run::new().limits(Limits::new().max_memory(8 << 20));
    /// let layers = DiskEnumeration::new(&dir).run(&space, [1], &mut run)?;
    /// assert_eq!(layers.layer_sizes(), enumerate(&space, [1])?.layer_sizes());
    /// # std::fs::remove_dir(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<G, I>(
        &self,
        space: &G,
        starts: I,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<G::State>, Error>
    where
        G: Successors,
        G::State: Serialize + DeserializeOwned,
        I: IntoIterator<Item = G::State>,
    {
        self.execute(space, starts, Subtract::EveryLayer, run)
    }

    /// As [`run`](DiskEnumeration::run), for a space whose every move can
    /// be undone: a new layer's states are those of neither of the two
    /// layers before, and no file of every state is kept, so each layer
    /// reads and writes only the layers around it.
    ///
    /// The bound on `G` is the space's word for it, not a check: a space
    /// marked [`Reversible`] (or wrapped in
    /// [`Undirected`](crate::space::Undirected)) with a move that cannot be
    /// undone finds states of older layers again, as new ones, and may
    /// never end. Give such a space [`run`](DiskEnumeration::run), or a
    /// depth limit.
    ///
    /// # Errors
    ///
    /// As [`run`](DiskEnumeration::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run, from_fn};
    /// use search_core::breadth_first::DiskEnumeration;
    /// use search_core::space::Undirected;
    ///
    /// // A knight on a chessboard.
    /// let knight = Undirected(from_fn(|&(x, y): &(i8, i8)| {
    ///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
    ///         .into_iter()
    ///         .map(move |(dx, dy)| (x + dx, y + dy))
    ///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
    /// }));
    /// let dir = std::env::temp_dir().join(format!("ddd-knight-{}", std::process::id()));
    /// let mut run = Run::new().limits(Limits::new().max_memory(8 << 20));
    /// let layers = DiskEnumeration::new(&dir).run_reversible(&knight, [(0, 0)], &mut run)?;
    /// assert_eq!(layers.layer_sizes(), [1, 2, 9, 20, 21, 10, 1]);
    /// assert_eq!(layers.deepest(), [(7, 7)]);
    /// # std::fs::remove_dir(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_reversible<G, I>(
        &self,
        space: &G,
        starts: I,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<G::State>, Error>
    where
        G: Reversible,
        G::State: Serialize + DeserializeOwned,
        I: IntoIterator<Item = G::State>,
    {
        self.execute(space, starts, Subtract::TwoLayers, run)
    }

    fn execute<G, I>(
        &self,
        space: &G,
        starts: I,
        subtract: Subtract,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<G::State>, Error>
    where
        G: Successors,
        G::State: Serialize + DeserializeOwned,
        I: IntoIterator<Item = G::State>,
    {
        begin_and_end(
            run,
            |run: &mut Run<'_>| {
                let budget = sort_budget(run.get_limits().get_max_memory())?;
                let description = format!(
                    "{subtract:?} of {}: {}",
                    std::any::type_name::<G::State>(),
                    self.description
                );
                let (mut files, resumed) =
                    RunFiles::claim(&self.dir, PREFIX, self.resume, |path| {
                        let manifest = Manifest::load(path, &description)?;
                        let names = manifest.files(subtract).collect();
                        Ok((manifest, names))
                    })?;
                let mut layers = Layers {
                    space,
                    subtract,
                    files: &mut files,
                    budget,
                    run,
                    runs_written: 0,
                    charged: 0,
                    description: &description,
                    stale: Vec::new(),
                };
                let result = match resumed {
                    Some(manifest) => layers.enumerate_from(manifest),
                    None => layers.enumerate(starts),
                };
                // A run that ends short keeps what its manifest names, to resume.
                // And so does one cut at its depth bound, to go on with more depth.
                let finished = result.as_ref().is_ok_and(Enumeration::is_complete);
                let cleared = if finished { files.clear() } else { files.clear_unnamed() };
                result.and_then(|layers| cleared.map(|()| layers))
            },
            || space.failure(),
        )
    }
}

/// What a new layer's candidates are checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Subtract {
    /// A file of every state found so far, rewritten with each layer.
    EveryLayer,
    /// The two layers before: enough where every move can be undone.
    TwoLayers,
}

/// The bytes of the sort buffer under a memory limit of `limit`: what
/// the files' buffers leave.
fn sort_budget(limit: u64) -> Result<usize, Error> {
    let files = ((FAN_IN + 4) * IO_BUFFER) as u64;
    let least = files + LEAST_BUFFER as u64;
    if limit < least {
        return Err(Error::too_large(least, limit));
    }
    Ok(usize::try_from(limit - files).unwrap_or(usize::MAX))
}

/// The prefix of every file of a run.
pub(super) const PREFIX: &str = "ddd-";

/// One enumeration under way.
struct Layers<'a, 'o, G> {
    space: &'a G,
    subtract: Subtract,
    files: &'a mut RunFiles,
    budget: usize,
    run: &'a mut Run<'o>,
    /// The runs written so far, to name the next.
    runs_written: u64,
    /// The bytes of sort buffer counted in the run's meter.
    charged: u64,
    /// What the manifest names the space.
    description: &'a str,
    /// Files the last manifest names and the next will not: removed once
    /// it is written.
    stale: Vec<PathBuf>,
}

/// A layer on disk: its file and its size.
struct Layer {
    path: PathBuf,
    size: u64,
}

/// What a new layer's candidates are checked against, on disk.
enum Known<'p> {
    /// Every state found so far, in the file named, if any yet: the new
    /// layer is written, and the file again with the new layer in it.
    Every(Option<&'p Path>),
    /// The layers named.
    Layers(Vec<&'p Path>),
}

impl<G> Layers<'_, '_, G>
where
    G: Successors,
    G::State: Serialize + DeserializeOwned,
{
    fn enumerate<I>(&mut self, starts: I) -> Result<Enumeration<G::State>, Error>
    where
        I: IntoIterator<Item = G::State>,
    {
        let mut traffic = Traffic::default();
        let mut buffer = SortBuffer::new(self.budget);
        let mut runs = Vec::new();
        for start in starts {
            self.add(&mut buffer, &start, 0, &mut runs, &mut traffic)?;
        }
        let first = match self.subtract {
            Subtract::EveryLayer => Known::Every(None),
            Subtract::TwoLayers => Known::Layers(Vec::new()),
        };
        let (current, seen) = self.gather(&mut buffer, runs, 0, first, &mut traffic)?;
        if current.size == 0 {
            return Ok(Enumeration::new(Vec::new(), Vec::new()));
        }
        self.go_on(Vec::new(), current, None, seen, buffer, traffic)
    }

    /// The enumeration that the run of `manifest` stopped, from its last
    /// finished layer.
    fn enumerate_from(&mut self, manifest: Manifest) -> Result<Enumeration<G::State>, Error> {
        let mut layer_sizes = manifest.layer_sizes;
        let depth = layer_sizes.len() - 1;
        let layer = |depth: usize, size: u64| Layer {
            path: self.files.dir().join(format!("{PREFIX}{}", Manifest::layer_name(depth))),
            size,
        };
        let current = layer(depth, layer_sizes[depth]);
        let before = match self.subtract {
            Subtract::TwoLayers if depth > 0 => Some(layer(depth - 1, layer_sizes[depth - 1])),
            _ => None,
        };
        let seen = (self.subtract == Subtract::EveryLayer)
            .then(|| self.files.dir().join(format!("{PREFIX}{}", Manifest::seen_name(depth))));
        layer_sizes.pop();
        // The layers before were expanded, and their states stored.
        let finished: u64 = layer_sizes.iter().sum();
        self.run.count_stored(finished);
        self.run.count_expanded(finished);
        let buffer = SortBuffer::new(self.budget);
        self.go_on(layer_sizes, current, before, seen, buffer, Traffic::default())
    }

    /// Expands `current`, the layer after `layer_sizes`, and every layer
    /// after it; `before` and `seen` are what it is checked against.
    fn go_on(
        &mut self,
        mut layer_sizes: Vec<u64>,
        mut current: Layer,
        mut before: Option<Layer>,
        mut seen: Option<PathBuf>,
        mut buffer: SortBuffer,
        mut traffic: Traffic,
    ) -> Result<Enumeration<G::State>, Error> {
        let complete = loop {
            let depth = layer_sizes.len();
            layer_sizes.push(current.size);
            self.run.count_stored(current.size);
            self.run.count_frontier(usize::try_from(current.size).unwrap_or(usize::MAX));
            self.save_manifest(&layer_sizes, &current, before.as_ref(), seen.as_deref())?;
            self.report(depth, &buffer, traffic)?;
            self.check_room(seen.as_deref())?;
            let runs = self.expand(&current, depth, &mut buffer, &mut traffic)?;
            // A failed space left this layer's successors short: stop
            // before a manifest names the next layer, so that a resumed
            // run goes on from this one, whole.
            if let Some(failure) = self.space.failure() {
                return Err(failure);
            }
            let known = match self.subtract {
                Subtract::EveryLayer => Known::Every(seen.as_deref()),
                Subtract::TwoLayers => Known::Layers(
                    [Some(&current), before.as_ref()]
                        .into_iter()
                        .flatten()
                        .map(|layer| layer.path.as_path())
                        .collect(),
                ),
            };
            let (next, next_seen) =
                self.gather(&mut buffer, runs, depth + 1, known, &mut traffic)?;
            let bound = self.run.get_limits().get_max_depth().filter(|&most| depth >= most);
            // A resumed run may be past the bound already.
            if let Some(most) = bound.filter(|&most| depth > most) {
                return Err(Error::resumed_past_depth(depth, most));
            }
            // An empty next layer ends the space; one past the bound ends
            // the layers at the bound, and the space goes on.
            if next.size == 0 || bound.is_some() {
                self.files.remove(&next.path)?;
                if let Some(next_seen) = next_seen {
                    self.files.remove(&next_seen)?;
                }
                break next.size == 0;
            }
            // The manifest names these until the next one is written.
            self.stale.extend(std::mem::replace(&mut seen, next_seen));
            self.stale.extend(before.take().map(|old| old.path));
            before = Some(std::mem::replace(&mut current, next));
        };
        let last = read_states(&current, &mut traffic)?;
        self.report(layer_sizes.len() - 1, &buffer, traffic)?;
        Ok(Enumeration::ended(layer_sizes, last, complete))
    }

    /// Writes the manifest of a run whose last finished layer is
    /// `current`, the layer after those of `layer_sizes` but its own last
    /// one, with `before` and `seen` beside it; then removes the files
    /// the manifest before named and this one does not.
    fn save_manifest(
        &mut self,
        layer_sizes: &[u64],
        current: &Layer,
        before: Option<&Layer>,
        seen: Option<&Path>,
    ) -> Result<(), Error> {
        // The layer before is what a reversible run checks against; a run
        // of any space has the file of every state found instead.
        let before = before.filter(|_| self.subtract == Subtract::TwoLayers);
        let named: Vec<PathBuf> =
            [Some(current.path.as_path()), before.map(|b| b.path.as_path()), seen]
                .into_iter()
                .flatten()
                .map(Path::to_owned)
                .collect();
        // Synced before the manifest names them: a run resumed after the
        // machine stopped finds them whole.
        for path in &named {
            sync_file(path)?;
        }
        let manifest = Manifest { layer_sizes: layer_sizes.to_vec() };
        manifest.save(&self.files.manifest(), self.description)?;
        self.files.name_in_manifest(named);
        for path in std::mem::take(&mut self.stale) {
            self.files.remove(&path)?;
        }
        Ok(())
    }

    /// Refuses the next layer when the disk has less free than it is
    /// sure to write: the file of every state found, `seen`, rewritten
    /// whole beside the old one. Without it ([`Subtract::TwoLayers`])
    /// nothing is sure: the next layer may be empty, and a full disk is
    /// found by the write that fails, which names its file.
    fn check_room(&self, seen: Option<&Path>) -> Result<(), Error> {
        let Some(seen) = seen else { return Ok(()) };
        let bytes = std::fs::metadata(seen).map_err(|e| file_error(seen, "read", &e))?.len();
        check_free_space(self.files.dir(), bytes, "the next layer's file of every state found")
    }

    /// Expands the states of `current`, at `depth`: their successors in
    /// `buffer`, which is empty to begin with, and in the runs it spilled
    /// to, which are returned.
    fn expand(
        &mut self,
        current: &Layer,
        depth: usize,
        buffer: &mut SortBuffer,
        traffic: &mut Traffic,
    ) -> Result<Vec<PathBuf>, Error> {
        let mut runs = Vec::new();
        let mut reader = RecordReader::open(&current.path, traffic)?;
        while let Some(record) = reader.head() {
            let state: G::State = read_state(record, &current.path)?;
            self.run.get_limits().check_nodes(self.run.stats().expanded)?;
            let mut failure = None;
            let mut generated = 0;
            let _ = self.space.successors_until(&state, |next, _| {
                generated += 1;
                match self.add(buffer, &next, depth + 1, &mut runs, traffic) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(error) => {
                        failure = Some(error);
                        ControlFlow::Break(())
                    }
                }
            });
            self.run.count_expanded(1);
            self.run.count_generated(generated);
            if let Some(error) = failure {
                return Err(error);
            }
            self.run.tick(usize::try_from(self.run.stats().stored).unwrap_or(usize::MAX), depth)?;
            reader.advance(traffic)?;
        }
        Ok(runs)
    }

    /// Adds `state`, a candidate for the layer at `depth`, to `buffer`,
    /// spilling the buffer to a new run first when it is full.
    fn add(
        &mut self,
        buffer: &mut SortBuffer,
        state: &G::State,
        depth: usize,
        runs: &mut Vec<PathBuf>,
        traffic: &mut Traffic,
    ) -> Result<(), Error> {
        let write = |bytes: &mut Vec<u8>| {
            bincode::serialize_into(bytes, state).map_err(|e| unserializable(&e))
        };
        if !buffer.push(write)? {
            self.spill(buffer, depth, runs, traffic)?;
            buffer.push(write)?;
        }
        self.recount(buffer);
        Ok(())
    }

    /// Counts the buffer's bytes in the run's meter, as the tables of a
    /// search in memory are.
    fn recount(&mut self, buffer: &SortBuffer) {
        let held = buffer.held();
        if held != self.charged {
            self.run.meter_mut().recount(self.charged, held);
            self.charged = held;
        }
    }

    /// Sorts `buffer` and writes it out as a new run of candidates for
    /// the layer at `depth`.
    fn spill(
        &mut self,
        buffer: &mut SortBuffer,
        depth: usize,
        runs: &mut Vec<PathBuf>,
        traffic: &mut Traffic,
    ) -> Result<(), Error> {
        buffer.sort();
        let path = self.new_run(depth);
        buffer.write_run(&path, traffic)?;
        runs.push(path);
        Ok(())
    }

    fn new_run(&mut self, depth: usize) -> PathBuf {
        self.runs_written += 1;
        self.files.name(&format!("run-{depth}-{}", self.runs_written))
    }

    /// The layer at `depth` from its candidates, in `buffer` and in
    /// `runs`: merged, repeats dropped, and the states `known` holds
    /// subtracted. Returns the layer, and the file of every state found,
    /// when `known` keeps one.
    fn gather(
        &mut self,
        buffer: &mut SortBuffer,
        mut runs: Vec<PathBuf>,
        depth: usize,
        known: Known<'_>,
        traffic: &mut Traffic,
    ) -> Result<(Layer, Option<PathBuf>), Error> {
        if !runs.is_empty() && !buffer.is_empty() {
            self.spill(buffer, depth, &mut runs, traffic)?;
        }
        while runs.len() > FAN_IN {
            let group: Vec<PathBuf> = runs.drain(..FAN_IN).collect();
            let merged = self.new_run(depth);
            let sources = open_all(&group, traffic)?;
            merge_into(sources, &merged, traffic)?;
            for run in &group {
                self.files.remove(run)?;
            }
            runs.push(merged);
        }
        buffer.sort();
        let mut candidates = open_all(&runs, traffic)?;
        if runs.is_empty() {
            candidates.push(Source::memory(buffer));
        }
        let path = self.files.name(&Manifest::layer_name(depth));
        let (size, seen) = match known {
            Known::Every(seen) => {
                let union = self.files.name(&Manifest::seen_name(depth));
                let seen = seen.map(|path| RecordReader::open(path, traffic)).transpose()?;
                let size = merge_subtracting(
                    candidates,
                    seen.into_iter().collect(),
                    &path,
                    Some(&union),
                    traffic,
                )?;
                (size, Some(union))
            }
            Known::Layers(layers) => {
                let layers = layers
                    .into_iter()
                    .map(|path| RecordReader::open(path, traffic))
                    .collect::<Result<_, _>>()?;
                (merge_subtracting(candidates, layers, &path, None, traffic)?, None)
            }
        };
        for run in &runs {
            self.files.remove(run)?;
        }
        buffer.clear();
        Ok((Layer { path, size }, seen))
    }

    /// Reports progress at the end of the layer at `depth`, and ends the
    /// run there if it was cancelled.
    fn report(&mut self, depth: usize, buffer: &SortBuffer, traffic: Traffic) -> Result<(), Error> {
        self.recount(buffer);
        self.run.report_disk(depth, self.run.memory(), traffic.read, traffic.written)
    }
}

/// The error of a state that cannot be serialized.
fn unserializable(error: &bincode::Error) -> Error {
    Error::space_failed(format!("a state cannot be serialized: {error}"))
}

/// The runs at `paths`, opened.
fn open_all<'b>(paths: &'b [PathBuf], traffic: &mut Traffic) -> Result<Vec<Source<'b>>, Error> {
    paths.iter().map(|path| RecordReader::open(path, traffic).map(Source::File)).collect()
}

/// The state a record of the file at `path` holds.
fn read_state<S: DeserializeOwned>(record: &[u8], path: &Path) -> Result<S, Error> {
    bincode::deserialize(record)
        .map_err(|e| Error::table_file(path, format!("holds a state that cannot be read: {e}")))
}

/// The states of `layer`, read back.
fn read_states<S: DeserializeOwned>(layer: &Layer, traffic: &mut Traffic) -> Result<Vec<S>, Error> {
    let count = usize::try_from(layer.size).unwrap_or(usize::MAX);
    let mut states = Vec::new();
    states.try_reserve_exact(count).map_err(|_| Error::allocation_failed(layer.size))?;
    let mut reader = RecordReader::open(&layer.path, traffic)?;
    while let Some(record) = reader.head() {
        let state = read_state(record, &layer.path)?;
        states.push(state);
        reader.advance(traffic)?;
    }
    Ok(states)
}
