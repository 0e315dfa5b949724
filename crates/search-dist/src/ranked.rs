//! The dense engine: ranks split into one contiguous slice per worker,
//! each slice a [`LayerTable`] of 2 bits a rank.

use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use search_core::{CancelHandle, Enumeration, LayerTable, RankSteps, RankedSpace, WordSteps};
use timely::worker::Worker;

use crate::error::Error;
use crate::layers::{Checkpoint, Plan, Saves, Snapshot, run_layers};
use crate::rounds::{Owner, Rounds, gather};

/// Ranks handed to [`RankedSpace::neighbours_of_all`] at once.
const BATCH: usize = 256;

/// One worker's slice of the ranks.
struct Slice {
    table: LayerTable,
}

impl Owner for Slice {
    type Item = u64;

    fn take(&self, rank: u64, depth: usize) -> Result<bool, String> {
        // A faster worker's neighbours may come before this worker has
        // begun the layer.
        self.table.begin_layer(depth);
        self.table.mark(rank, depth).map_err(|error| error.to_string())
    }
}

/// Ranks a worker owns: a multiple of 32 (whole table words), so that
/// slices meet at word boundaries.
fn slice_length(rank_count: u64, peers: usize) -> u64 {
    rank_count.div_ceil(peers as u64).div_ceil(32).max(1) * 32
}

pub(crate) fn run<R>(
    plan: &Plan<'_>,
    space: Arc<R>,
    starts: &[u64],
    on_layer: &mut dyn FnMut(usize, u64),
) -> Result<Enumeration<u64>, Error>
where
    R: RankedSpace + Send + 'static,
{
    let workers = plan.workers;
    let per_worker = plan.max_memory / workers.threads_per_process() as u64;
    let checkpoint = plan.checkpoint.clone();
    let job = plan.job::<R>("ranked", (space.rank_count(), starts));
    let starts = starts.to_vec();
    let (cancel, max_depth) = (plan.cancel.clone(), plan.max_depth);
    let body = move |worker: &mut Worker, abort: &AtomicBool, report: &dyn Fn(usize, u64)| {
        let stop = (abort, &cancel, max_depth);
        work(worker, stop, checkpoint.as_ref(), per_worker, &*space, &starts, report)
    };
    workers.run(job, body, on_layer)
}

fn work<R: RankedSpace>(
    worker: &mut Worker,
    (abort, cancel, max_depth): (&AtomicBool, &CancelHandle, Option<usize>),
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
    let slice = Rc::new(Slice { table });
    let owner_of = move |rank: &u64| (rank / length) as usize;
    let mut rounds = Rounds::new(worker, Rc::clone(&slice), owner_of);
    if let Some(message) = failure {
        rounds.fail(message);
    }
    let saves = checkpoint.map(|plan| Saves::new(plan, "slice", index, peers));
    let start = |worker: &mut Worker, rounds: &mut Rounds<Slice>| {
        if index == 0 {
            for &start in starts {
                if start < count {
                    rounds.send(worker, start);
                } else {
                    rounds.fail(format!("start rank {start} is not below the rank count {count}"));
                }
            }
        }
    };
    let expand = |worker: &mut Worker, rounds: &mut Rounds<Slice>, depth: usize| {
        slice.table.begin_layer(depth + 1);
        expand_layer(worker, rounds, &slice, space, depth);
    };
    let stop = (abort, cancel, max_depth);
    let layer_sizes =
        run_layers(worker, stop, (&mut rounds, &*slice), saves.as_ref(), report, (start, expand))?;
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
/// and marks the ones this worker owns itself: the space's steps of one
/// rank a table word at a time, the others one by one.
fn expand_layer<R: RankedSpace>(
    worker: &mut Worker,
    rounds: &mut Rounds<Slice>,
    slice: &Slice,
    space: &R,
    depth: usize,
) {
    let count = space.rank_count();
    let route = |neighbour: u64, rounds: &mut Rounds<Slice>, worker: &mut Worker| {
        if slice.table.holds(neighbour) {
            match slice.table.mark(neighbour, depth + 1) {
                Ok(new) => rounds.found_here(u64::from(new)),
                Err(error) => rounds.fail(error.to_string()),
            }
        } else if neighbour < count {
            rounds.send(worker, neighbour);
        } else {
            rounds.fail(format!(
                "state space reported rank {neighbour}, not below its rank count {count}"
            ));
        }
    };
    let mut leaving = Vec::new();
    let word_steps = space.word_steps();
    let steps = word_steps.as_ref().map_or(RankSteps::none(), WordSteps::rank_steps);
    let stepped = slice.table.mark_steps(depth, steps, |rank| leaving.push(rank));
    rounds.found_here(stepped);
    for neighbour in leaving {
        route(neighbour, rounds, worker);
    }
    let mut batch = Vec::with_capacity(BATCH);
    let flush = |batch: &mut Vec<u64>, rounds: &mut Rounds<Slice>, worker: &mut Worker| {
        let report = |neighbour| route(neighbour, rounds, worker);
        match &word_steps {
            Some(word_steps) => word_steps.other_neighbours_of_all(batch, report),
            None => space.neighbours_of_all(batch, report),
        }
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

impl Snapshot for Slice {
    fn save(
        &self,
        path: &Path,
        description: &str,
        layer_sizes: &[u64],
    ) -> Result<(), search_core::Error> {
        self.table.save(path, description, layer_sizes)
    }

    fn load(&self, path: &Path, description: &str) -> Result<Vec<u64>, Error> {
        Ok(self.table.load(path, description)?)
    }
}
