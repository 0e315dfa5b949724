//! The dense engine: ranks split into one contiguous slice per worker,
//! each slice a [`LayerTable`] of 2 bits a rank.

use std::cell::Cell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use search_core::{Checksum, Enumeration, LayerTable, RankedSpace, write_checksummed};
use timely::worker::Worker;

use crate::enumeration::{Checkpoint, DistributedEnumeration};
use crate::error::Error;
use crate::rounds::{Owner, Rounds, gather};

/// Ranks handed to [`RankedSpace::neighbours_of_all`] at once.
const BATCH: usize = 256;

/// One worker's slice of the ranks.
struct Slice {
    table: LayerTable,
    /// The newest layer [`begin`](Slice::begin) prepared.
    begun: Cell<usize>,
}

impl Slice {
    /// Prepares the table to take layer `depth`, once. Either side may
    /// come first: this worker before it expands into the layer, or the
    /// exchange, when a faster worker's neighbours arrive before.
    fn begin(&self, depth: usize) {
        if self.begun.get() < depth {
            self.table.begin_layer(depth);
            self.begun.set(depth);
        }
    }
}

impl Owner for Slice {
    type Item = u64;

    fn take(&self, rank: u64, depth: usize) -> Result<bool, String> {
        self.begin(depth);
        self.table.mark(rank, depth).map_err(|error| error.to_string())
    }
}

/// Ranks a worker owns: a multiple of 32 (whole table words), so that
/// slices meet at word boundaries.
fn slice_length(rank_count: u64, peers: usize) -> u64 {
    rank_count.div_ceil(peers as u64).div_ceil(32).max(1) * 32
}

/// The note of a worker's report: the depth its newest checkpoint file
/// holds, plus one (0 for none).
type Note = u64;

pub(crate) fn run<R, F>(
    config: &DistributedEnumeration,
    space: Arc<R>,
    starts: &[u64],
    mut on_layer: F,
) -> Result<Enumeration<u64>, Error>
where
    R: RankedSpace + Send + 'static,
    F: FnMut(usize, u64),
{
    let workers = config.workers();
    let per_worker = config.get_max_memory() / workers.threads_per_process() as u64;
    let checkpoint = config.checkpoint_plan().cloned();
    let starts = starts.to_vec();
    let body = move |worker: &mut Worker, abort: &AtomicBool, report: &dyn Fn(usize, u64)| {
        work(worker, abort, checkpoint.as_ref(), per_worker, &*space, &starts, report)
    };
    workers.run(body, &mut on_layer)
}

fn work<R: RankedSpace>(
    worker: &mut Worker,
    abort: &AtomicBool,
    checkpoint: Option<&Checkpoint>,
    max_memory: u64,
    space: &R,
    starts: &[u64],
    report: &dyn Fn(usize, u64),
) -> Result<Enumeration<u64>, Error> {
    let (index, peers) = (worker.index(), worker.peers());
    let count = space.rank_count();
    let length = slice_length(count, peers);
    let ranks = (index as u64 * length).min(count)..((index as u64 + 1) * length).min(count);
    // A failure here is reported in round 0, so that every worker stops.
    let (table, failure) = match LayerTable::new(ranks, max_memory) {
        Ok(table) => (table, None),
        Err(error) => (LayerTable::new(0..0, 0)?, Some(error.to_string())),
    };
    let slice = Rc::new(Slice { table, begun: Cell::new(0) });
    let owner_of = move |rank: &u64| (rank / length) as usize;
    let mut rounds = Rounds::new(worker, Rc::clone(&slice), owner_of);
    if let Some(message) = failure {
        rounds.fail(message);
    }
    let saves = checkpoint.map(|plan| Saves::new(plan, index, peers));
    let mut layer_sizes = match &saves {
        Some(saves) if saves.plan.resume => saves.resume(worker, abort, &mut rounds, &slice)?,
        _ => {
            if let Some(saves) = &saves {
                // Another run's files would mix with this one's.
                saves.clear();
            }
            if index == 0 {
                for &start in starts {
                    if start < count {
                        rounds.send(worker, start);
                    } else {
                        rounds.fail(format!(
                            "start rank {start} is not below the rank count {count}"
                        ));
                    }
                }
            }
            let first = rounds.finish(worker, abort)?;
            vec![first.found]
        }
    };
    for (depth, &size) in layer_sizes.iter().enumerate() {
        report(depth, size);
    }
    let mut last_save = Instant::now();
    while layer_sizes.last().is_some_and(|&size| size > 0) {
        let depth = layer_sizes.len() - 1;
        slice.begin(depth + 1);
        expand(worker, &mut rounds, &slice, space, depth);
        if let Some(saves) = &saves {
            rounds.set_note(saves.note(index == 0 && last_save.elapsed() >= saves.plan.every));
        }
        let round = rounds.finish(worker, abort)?;
        if round.found == 0 {
            break;
        }
        layer_sizes.push(round.found);
        report(depth + 1, round.found);
        if let Some(saves) = &saves {
            // The notes name the slices saved before this round: settle
            // those first. Worker 0 asks for a save in its report; every
            // worker then saves the layers so far, and says so in its next.
            saves.settle(&round.notes)?;
            if Saves::requested(&round.notes) {
                saves.save(&slice.table, &layer_sizes).map_err(Error::from)?;
                last_save = Instant::now();
            }
        }
    }
    if layer_sizes.first() == Some(&0) {
        layer_sizes.clear();
    }
    let mut deepest = Vec::new();
    if let Some(radius) = layer_sizes.len().checked_sub(1) {
        slice.table.for_each_at(radius, |rank| deepest.push(rank));
    }
    let mut deepest = gather(worker, abort, deepest)?;
    deepest.sort_unstable();
    if let Some(saves) = &saves {
        saves.clear();
    }
    Ok(Enumeration::new(layer_sizes, deepest))
}

/// Sends every neighbour of this worker's ranks at `depth` to its owner,
/// and marks the ones this worker owns itself.
fn expand<R: RankedSpace>(
    worker: &mut Worker,
    rounds: &mut Rounds<Slice>,
    slice: &Slice,
    space: &R,
    depth: usize,
) {
    let count = space.rank_count();
    let mut batch = Vec::with_capacity(BATCH);
    let flush = |batch: &mut Vec<u64>, rounds: &mut Rounds<Slice>, worker: &mut Worker| {
        space.neighbours_of_all(batch, |neighbour| {
            if slice.table.holds(neighbour) {
                match slice.table.mark(neighbour, depth + 1) {
                    Ok(new) => rounds.found_here(new),
                    Err(error) => rounds.fail(error.to_string()),
                }
            } else if neighbour < count {
                rounds.send(worker, neighbour);
            } else {
                rounds.fail(format!(
                    "state space reported rank {neighbour}, not below its rank count {count}"
                ));
            }
        });
        batch.clear();
    };
    slice.table.for_each_at(depth, |rank| {
        batch.push(rank);
        if batch.len() == BATCH {
            flush(&mut batch, rounds, worker);
        }
    });
    flush(&mut batch, rounds, worker);
}

/// One worker's checkpoint files, and the protocol that keeps a complete
/// set of them on disk.
///
/// Worker `i` of `n` writes `slice-i-of-n.depth-D` (its table after layer
/// `D`, with the layer sizes) when worker 0's report asks for it, and says
/// so in its next report; once every worker has said so, each writes
/// `slice-i-of-n.complete` naming `D` and deletes its older slices. A
/// resumed run goes on from the newest depth that any worker's marker
/// names: every worker wrote its slice of that depth before any marker
/// named it, and no worker deletes a slice of a depth at or after its own
/// marker.
struct Saves<'c> {
    plan: &'c Checkpoint,
    index: usize,
    peers: usize,
    /// The depth of this worker's newest slice file, if any.
    newest: Cell<Option<usize>>,
    /// The depth its marker names, once this run has written it.
    marked: Cell<Option<usize>>,
}

/// The note bit by which worker 0 asks every worker to save.
const SAVE_REQUESTED: Note = 1 << 63;

impl<'c> Saves<'c> {
    fn new(plan: &'c Checkpoint, index: usize, peers: usize) -> Saves<'c> {
        Saves { plan, index, peers, newest: Cell::new(None), marked: Cell::new(None) }
    }

    fn slice_path(&self, depth: usize) -> PathBuf {
        self.plan.dir.join(format!("slice-{}-of-{}.depth-{depth}", self.index, self.peers))
    }

    fn marker_path(&self) -> PathBuf {
        self.plan.dir.join(format!("slice-{}-of-{}.complete", self.index, self.peers))
    }

    fn note(&self, request: bool) -> Note {
        let newest = self.newest.get().map_or(0, |depth| depth as u64 + 1);
        newest | if request { SAVE_REQUESTED } else { 0 }
    }

    fn requested(notes: &[Note]) -> bool {
        notes.first().is_some_and(|note| note & SAVE_REQUESTED != 0)
    }

    fn save(&self, table: &LayerTable, layer_sizes: &[u64]) -> Result<(), search_core::Error> {
        let depth = layer_sizes.len() - 1;
        table.save(&self.slice_path(depth), &self.plan.description, layer_sizes)?;
        self.newest.set(Some(depth));
        Ok(())
    }

    /// Once every worker's note names this worker's newest slice, marks it
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
        for depth in self.slice_depths() {
            if depth < newest {
                let _ = std::fs::remove_file(self.slice_path(depth));
            }
        }
        Ok(())
    }

    fn slice_depths(&self) -> Vec<usize> {
        let prefix = format!("slice-{}-of-{}.depth-", self.index, self.peers);
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

    /// Round 0 of a resumed run: every worker says the depth its marker
    /// names, and all load their slices of the newest.
    fn resume(
        &self,
        worker: &mut Worker,
        abort: &AtomicBool,
        rounds: &mut Rounds<Slice>,
        slice: &Slice,
    ) -> Result<Vec<u64>, Error> {
        rounds.set_note(self.read_marker().map_or(0, |depth| depth as u64 + 1));
        let handshake = rounds.finish(worker, abort)?;
        let Some(depth) = handshake.notes.iter().max().and_then(|note| note.checked_sub(1)) else {
            return Err(file_error(
                &self.marker_path(),
                "is missing: no worker has a complete checkpoint to resume from".into(),
            ));
        };
        let depth = depth as usize;
        let layer_sizes = slice.table.load(&self.slice_path(depth), &self.plan.description)?;
        if layer_sizes.len() != depth + 1 {
            return Err(file_error(
                &self.slice_path(depth),
                format!("holds {} layers, not {}", layer_sizes.len(), depth + 1),
            ));
        }
        slice.begun.set(depth);
        self.newest.set(Some(depth));
        self.marked.set(Some(depth));
        rounds.set_note(self.note(false));
        // The rounds go on after the handshake's, at the restored depth.
        rounds.skip_to(depth + 1);
        Ok(layer_sizes)
    }

    /// A finished run needs no checkpoint: this worker's slices, its
    /// marker, and the temporary files of a save that was interrupted.
    fn clear(&self) {
        let prefix = format!("slice-{}-of-{}.", self.index, self.peers);
        for entry in std::fs::read_dir(&self.plan.dir).into_iter().flatten().flatten() {
            if entry.file_name().to_str().is_some_and(|name| name.starts_with(&prefix)) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// An error about a checkpoint file.
fn file_error(path: &std::path::Path, reason: String) -> Error {
    Error::from(search_core::Error::new(search_core::ErrorKind::TableFile {
        path: path.to_path_buf(),
        reason,
    }))
}
