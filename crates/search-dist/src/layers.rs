//! The layer loop both engines run, and its checkpoints: expand a layer,
//! finish the round, count the next layer, and now and then save what
//! every worker holds so that an interrupted run can go on.

use std::cell::Cell;
use std::hash::{BuildHasher, Hash};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use search_core::Limit;
use search_core::breadth_first::Enumeration;
use search_core::files::{Checksum, write_checksummed};
use search_core::run::CancelHandle;
use search_core::space::BuildStateHasher;
use timely::worker::Worker;

use crate::error::Error;
use crate::rounds::{Owner, Rounds};
use crate::workers::{Checkpoints, Job, Workers};

/// What an engine is asked to run, as a `DistributedEnumeration` says.
pub(crate) struct Plan<'a> {
    pub(crate) workers: &'a Workers,
    /// The memory all this process's workers' tables may take.
    pub(crate) max_memory: u64,
    /// The handle whose cancel stops this process's workers at the end of
    /// a layer.
    pub(crate) cancel: CancelHandle,
    /// The deepest layer the run may find.
    pub(crate) max_depth: Option<usize>,
    pub(crate) description: &'a str,
    pub(crate) checkpoint: Option<Checkpoint>,
}

impl Plan<'_> {
    /// What processes compare when they join: the engine, the space's type
    /// and description, and `what` (the rank count, the starts).
    /// With them go the options that change the answer or the protocol:
    /// the depth limit, and whether the run saves and resumes checkpoints.
    pub(crate) fn job<S: ?Sized>(&self, engine: &str, what: impl Hash) -> Job {
        let fingerprint =
            BuildStateHasher.hash_one((engine, std::any::type_name::<S>(), self.description, what));
        let checkpoints = match &self.checkpoint {
            None => Checkpoints::None,
            Some(checkpoint) if checkpoint.resume => Checkpoints::Resume,
            Some(_) => Checkpoints::Save,
        };
        Job { fingerprint, max_depth: self.max_depth, checkpoints }
    }
}

/// Where and how often the workers save their slices.
#[derive(Clone, Debug)]
pub(crate) struct Checkpoint {
    pub(crate) dir: PathBuf,
    /// The run's description, filled in when the run starts.
    pub(crate) description: String,
    pub(crate) every: Duration,
    pub(crate) resume: bool,
}

/// What a worker writes at a checkpoint and reads back to resume.
pub(crate) trait Snapshot {
    /// Writes what this worker holds after the layers `layer_sizes` to
    /// `path`, naming `description` in it.
    fn save(
        &self,
        path: &Path,
        description: &str,
        layer_sizes: &[u64],
    ) -> Result<(), search_core::Error>;

    /// Restores what [`save`](Snapshot::save) wrote with the same
    /// `description`, and returns its layer sizes, ready to expand the
    /// last.
    fn load(&self, path: &Path, description: &str) -> Result<Vec<u64>, Error>;
}

/// Runs the layers of a search: `start(worker, rounds)` sends the starts
/// in round 0, and `expand(worker, rounds, depth)` the neighbours of this
/// worker's part of layer `depth`. With `saves`, a resumed run starts
/// from its checkpoint instead, and checkpoints are written as the plan
/// says. Returns the layers counted; `report` hears of each layer as it
/// is counted, and a cancel of `cancel` ends the run before the next.
pub(crate) fn run_layers<O, S, E>(
    worker: &mut Worker,
    (abort, cancel, max_depth): (&AtomicBool, &CancelHandle, Option<usize>),
    (rounds, owner): (&mut Rounds<O>, &O),
    saves: Option<&Saves<'_>>,
    report: &dyn Fn(usize, u64),
    (start, mut expand): (S, E),
) -> Result<Counted, Error>
where
    O: Owner + Snapshot,
    S: FnOnce(&mut Worker, &mut Rounds<O>),
    E: FnMut(&mut Worker, &mut Rounds<O>, usize),
{
    let mut layer_sizes = match saves {
        Some(saves) if saves.plan.resume => saves.resume(worker, abort, rounds, owner)?,
        _ => {
            if let Some(saves) = saves {
                saves.clear();
            }
            start(worker, rounds);
            vec![rounds.finish(worker, abort)?.found]
        }
    };
    for (depth, &size) in layer_sizes.iter().enumerate() {
        report(depth, size);
    }
    let first = worker.index() == 0;
    let mut last_save = Instant::now();
    while layer_sizes.last().is_some_and(|&size| size > 0) {
        if cancel.is_cancelled() {
            return Err(Error::from(search_core::Error::new(search_core::ErrorKind::Cancelled)));
        }
        let depth = layer_sizes.len() - 1;
        expand(worker, rounds, depth);
        if let Some(saves) = saves {
            rounds.set_note(saves.note(first && last_save.elapsed() >= saves.plan.every));
        }
        let round = rounds.finish(worker, abort)?;
        if round.found == 0 {
            break;
        }
        // Every worker sees the same count, so every worker stops here;
        // a resumed run may be past the bound already.
        if let Some(max) = max_depth
            && depth >= max
        {
            if depth > max {
                let limit = search_core::ErrorKind::LimitReached(Limit::Depth(max));
                return Err(Error::from(search_core::Error::new(limit)));
            }
            return Ok(Counted { sizes: layer_sizes, cut: true });
        }
        layer_sizes.push(round.found);
        report(depth + 1, round.found);
        if let Some(saves) = saves {
            // The notes name the files saved before this round: settle
            // those first. Worker 0 asks for a save in its report; every
            // worker then saves the layers so far, and says so in its next.
            // A file that cannot be written fails the next round, on
            // every worker of every process, rather than this worker alone
            // (which would leave the others waiting for it).
            if let Err(error) = saves.settle(&round.notes) {
                rounds.fail(error.to_string());
            }
            if Saves::requested(&round.notes) {
                if let Err(error) = saves.save(owner, &layer_sizes) {
                    rounds.fail(error.to_string());
                }
                last_save = Instant::now();
            }
        }
    }
    if layer_sizes.first() == Some(&0) {
        layer_sizes.clear();
    }
    Ok(Counted { sizes: layer_sizes, cut: false })
}

/// The note of a worker's report: the depth its newest checkpoint file
/// holds, plus one (0 for none).
type Note = u64;

/// The note bit by which worker 0 asks every worker to save.
const SAVE_REQUESTED: Note = 1 << 63;

/// The layers one worker's run counted: their sizes, ending with the
/// last nonempty one, and whether a layer past the depth bound cut them
/// there.
pub(crate) struct Counted {
    pub(crate) sizes: Vec<u64>,
    cut: bool,
}

impl Counted {
    /// The enumeration these layers end with, `deepest` the states of the
    /// last. A run cut at its depth bound keeps its checkpoint, to go on
    /// from with more depth; any other clears it.
    pub(crate) fn finish<S>(self, saves: Option<&Saves<'_>>, deepest: Vec<S>) -> Enumeration<S> {
        if let Some(saves) = saves.filter(|_| !self.cut) {
            saves.clear();
        }
        if self.cut {
            Enumeration::cut_at_depth(self.sizes, deepest)
        } else {
            Enumeration::new(self.sizes, deepest)
        }
    }
}

/// One worker's checkpoint files, and the protocol that keeps a complete
/// set of them on disk.
///
/// Worker `i` of `n` writes `{name}-i-of-n.depth-D` (what it holds after
/// layer `D`, with the layer sizes) when worker 0's report asks for it,
/// and says so in its next report; once every worker has said so, each
/// writes `{name}-i-of-n.complete` naming `D` and deletes its older files.
/// A resumed run goes on from the newest depth that any worker's marker
/// names: every worker wrote its file of that depth before any marker
/// named it, and no worker deletes a file of a depth at or after its own
/// marker.
pub(crate) struct Saves<'c> {
    plan: &'c Checkpoint,
    /// The files' name, and the run's worker count.
    name: String,
    peers: usize,
    /// `{name}-i-of-n.`, the start of every file of this worker.
    prefix: String,
    /// The depth of this worker's newest file, if any.
    newest: Cell<Option<usize>>,
    /// The depth its marker names, once this run has written it.
    marked: Cell<Option<usize>>,
}

impl<'c> Saves<'c> {
    /// The files of worker `index` of `peers`, named `name-index-of-peers`.
    pub(crate) fn new(plan: &'c Checkpoint, name: &str, index: usize, peers: usize) -> Saves<'c> {
        Saves {
            plan,
            name: name.to_string(),
            peers,
            prefix: format!("{name}-{index}-of-{peers}."),
            newest: Cell::new(None),
            marked: Cell::new(None),
        }
    }

    fn file_path(&self, depth: usize) -> PathBuf {
        self.plan.dir.join(format!("{}depth-{depth}", self.prefix))
    }

    fn marker_path(&self) -> PathBuf {
        self.plan.dir.join(format!("{}complete", self.prefix))
    }

    fn note(&self, request: bool) -> Note {
        let newest = self.newest.get().map_or(0, |depth| depth as u64 + 1);
        newest | if request { SAVE_REQUESTED } else { 0 }
    }

    fn requested(notes: &[Note]) -> bool {
        notes.first().is_some_and(|note| note & SAVE_REQUESTED != 0)
    }

    fn save<S: Snapshot>(&self, part: &S, layer_sizes: &[u64]) -> Result<(), Error> {
        let depth = layer_sizes.len() - 1;
        part.save(&self.file_path(depth), &self.plan.description, layer_sizes)?;
        self.newest.set(Some(depth));
        Ok(())
    }

    /// Once every worker's note names this worker's newest file, marks it
    /// complete and deletes the older ones.
    fn settle(&self, notes: &[Note]) -> Result<(), Error> {
        let Some(newest) = self.newest.get() else { return Ok(()) };
        let named = newest as u64 + 1;
        if !notes.iter().all(|note| note & !SAVE_REQUESTED == named) {
            return Ok(());
        }
        if self.marked.get() == Some(newest) {
            return Ok(());
        }
        let marker = self.marker_path();
        write_checksummed(&marker, |out| out.write_all(&(newest as u64).to_le_bytes()))
            .map_err(|e| file_error(&marker, format!("cannot be written: {e}")))?;
        self.marked.set(Some(newest));
        for depth in self.file_depths() {
            if depth < newest {
                let _ = std::fs::remove_file(self.file_path(depth));
            }
        }
        Ok(())
    }

    fn file_depths(&self) -> Vec<usize> {
        let prefix = format!("{}depth-", self.prefix);
        std::fs::read_dir(&self.plan.dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                entry.file_name().to_str()?.strip_prefix(&prefix)?.parse::<usize>().ok()
            })
            .collect()
    }

    /// The depth this worker's marker file names, if it has a whole one:
    /// the depth in 8 bytes, then their checksum.
    fn read_marker(&self) -> Option<usize> {
        let bytes = std::fs::read(self.marker_path()).ok()?;
        let (depth, sum) = bytes.split_first_chunk::<8>()?;
        let mut checksum = Checksum::default();
        checksum.update(depth);
        (sum == checksum.finish().to_le_bytes()).then(|| u64::from_le_bytes(*depth) as usize)
    }

    /// Rounds 0 and 1 of a resumed run: every worker says the depth its
    /// marker names, and all load their files of the newest.
    fn resume<O: Owner + Snapshot>(
        &self,
        worker: &mut Worker,
        abort: &AtomicBool,
        rounds: &mut Rounds<O>,
        part: &O,
    ) -> Result<Vec<u64>, Error> {
        rounds.set_note(self.read_marker().map_or(0, |depth| depth as u64 + 1));
        let handshake = rounds.finish(worker, abort)?;
        let Some(depth) = handshake.notes.iter().max().and_then(|note| note.checked_sub(1)) else {
            let reason = match self.other_worker_counts().as_slice() {
                [] => "is missing: no worker has a complete checkpoint to resume from".to_string(),
                counts => format!(
                    "is missing: the checkpoints there are of a run of {} workers, not {}; \
                     resume with as many workers as wrote them",
                    counts.iter().map(ToString::to_string).collect::<Vec<_>>().join(" or "),
                    self.peers,
                ),
            };
            return Err(file_error(&self.marker_path(), reason));
        };
        let depth = depth as usize;
        let path = self.file_path(depth);
        let loaded = part.load(&path, &self.plan.description).and_then(|layer_sizes| {
            if layer_sizes.len() == depth + 1 {
                Ok(layer_sizes)
            } else {
                let layers = layer_sizes.len();
                Err(file_error(&path, format!("holds {layers} layers, not {}", depth + 1)))
            }
        });
        if let Err(error) = &loaded {
            rounds.fail(error.to_string());
        }
        self.newest.set(Some(depth));
        self.marked.set(Some(depth));
        rounds.set_note(self.note(false));
        // Round 1 holds every worker until all have loaded: a faster
        // worker's neighbours of the restored layer must not reach one
        // whose part is not restored yet, which would take them as new
        // and then lose them under what it loads. A worker that could not
        // load stops every worker here.
        rounds.finish(worker, abort)?;
        // The rounds go on at the restored depth.
        rounds.skip_to(depth + 1);
        loaded
    }

    /// The worker counts of the runs whose checkpoint files lie in the
    /// directory, other than this run's.
    fn other_worker_counts(&self) -> Vec<usize> {
        let mut counts: Vec<usize> = std::fs::read_dir(&self.plan.dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name().to_str()?.to_string();
                let rest = name.strip_prefix(&format!("{}-", self.name))?;
                let (_, after) = rest.split_once("-of-")?;
                after.split('.').next()?.parse().ok()
            })
            .filter(|&count| count != self.peers)
            .collect();
        counts.sort_unstable();
        counts.dedup();
        counts
    }

    /// Deletes this worker's files: its checkpoints, its marker, and the
    /// temporary files of a save that was interrupted. A fresh run starts
    /// so, because another run's files would mix with its own; a finished
    /// run ends so, needing no checkpoint.
    pub(crate) fn clear(&self) {
        for entry in std::fs::read_dir(&self.plan.dir).into_iter().flatten().flatten() {
            if entry.file_name().to_str().is_some_and(|name| name.starts_with(&self.prefix)) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// An error about a checkpoint file.
fn file_error(path: &Path, reason: String) -> Error {
    Error::from(search_core::Error::new(search_core::ErrorKind::TableFile {
        path: path.to_path_buf(),
        reason,
    }))
}
