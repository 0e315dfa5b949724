//! The hashed engine: any [`Successors`] space whose states can travel;
//! each state belongs to the worker its hash names, which keeps it in a
//! hash set.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::hash::{BuildHasher, Hash};
use std::io::{self, Read, Write};
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use search_core::Successors;
use search_core::breadth_first::Enumeration;
use search_core::files::{TableReader, write_layer_sizes, write_table_file};
use search_core::run::CancelHandle;
use search_core::space::BuildStateHasher;
use serde::{Deserialize, Serialize};
use timely::ExchangeData;
use timely::worker::Worker;

use crate::error::Error;
use crate::layers::{Checkpoint, Plan, Saves, Snapshot, run_layers};
use crate::rounds::{Outgoing, Owner, Rounds, gather};

/// The first bytes of a hashed checkpoint file, and its layout.
const MAGIC: &[u8; 8] = b"SDSTATES";
const VERSION: u32 = 2;

/// The states one worker owns.
struct Part<S> {
    seen: RefCell<HashSet<S, BuildStateHasher>>,
    /// The states of the layers not yet expanded, by depth: a faster
    /// worker may send states of the next layer before this one has
    /// taken its current layer out.
    layers: RefCell<BTreeMap<usize, Vec<S>>>,
    max_states: usize,
}

/// States bound for one worker, sent as one item.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StateBatch<S> {
    owner: u32,
    states: Vec<S>,
}

impl<S: ExchangeData + Clone + Eq + std::hash::Hash> Owner for Part<S> {
    type Item = StateBatch<S>;

    fn take(&self, batch: StateBatch<S>, depth: usize) -> Result<u64, String> {
        let mut new = 0;
        for state in batch.states {
            new += self.take_state(state, depth)?;
        }
        Ok(new)
    }
}

impl<S: ExchangeData + Clone + Eq + std::hash::Hash> Part<S> {
    /// Takes `state` into the layer at `depth` if it is new; 1 when it
    /// is.
    fn take_state(&self, state: S, depth: usize) -> Result<u64, String> {
        let mut seen = self.seen.borrow_mut();
        if seen.len() >= self.max_states {
            if seen.contains(&state) {
                return Ok(0);
            }
            return Err(format!(
                "reached its share of the memory limit, {} states",
                self.max_states
            ));
        }
        if seen.try_reserve(1).is_err() {
            return Err(format!("could not allocate room for more than {} states", seen.len()));
        }
        // One probe: most states offered are seen already.
        if !seen.insert(state.clone()) {
            return Ok(0);
        }
        let mut layers = self.layers.borrow_mut();
        let layer = layers.entry(depth).or_default();
        if layer.try_reserve(1).is_err() {
            return Err(format!("could not allocate room for more than {} states", seen.len()));
        }
        layer.push(state);
        Ok(1)
    }
}

impl<S: ExchangeData + Eq + Hash> Snapshot for Part<S> {
    /// The layer sizes, then the states seen up to the last layer, then
    /// those of the last layer (to expand next), each state in bincode,
    /// timely's own encoding. States of later layers that faster workers
    /// sent already are left out: the resumed run finds them again.
    fn save(
        &self,
        path: &Path,
        description: &str,
        layer_sizes: &[u64],
    ) -> Result<(), search_core::Error> {
        let newest = layer_sizes.len() - 1;
        let (seen, layers) = (self.seen.borrow(), self.layers.borrow());
        let later: HashSet<&S> =
            layers.range(newest + 1..).flat_map(|(_, states)| states).collect();
        let frontier = layers.get(&newest).map_or(&[][..], Vec::as_slice);
        write_table_file(path, *MAGIC, VERSION, description, |out| {
            write_layer_sizes(out, layer_sizes)?;
            write_u64(out, (seen.len() - later.len()) as u64)?;
            for state in seen.iter().filter(|state| !later.contains(state)) {
                bincode::serialize_into(&mut *out, state).map_err(io::Error::other)?;
            }
            write_u64(out, frontier.len() as u64)?;
            frontier.iter().try_for_each(|state| {
                bincode::serialize_into(&mut *out, state).map_err(io::Error::other)
            })
        })
    }

    fn load(&self, path: &Path, description: &str) -> Result<Vec<u64>, Error> {
        let kind = "a search-dist checkpoint of states";
        let mut input = TableReader::open(path, *MAGIC, VERSION, kind, description)?;
        let layer_sizes = input.read_layer_sizes()?;
        let count = self.read_count(&mut input)?;
        let mut seen: HashSet<S, BuildStateHasher> = HashSet::default();
        seen.try_reserve(count).map_err(|_| no_room(&input, count))?;
        for _ in 0..count {
            seen.insert(read_state(&mut input)?);
        }
        let count = self.read_count(&mut input)?;
        let mut frontier = Vec::new();
        frontier.try_reserve_exact(count).map_err(|_| no_room(&input, count))?;
        for _ in 0..count {
            frontier.push(read_state(&mut input)?);
        }
        input.finish()?;
        *self.seen.borrow_mut() = seen;
        let newest = layer_sizes.len() - 1;
        *self.layers.borrow_mut() = BTreeMap::from([(newest, frontier)]);
        Ok(layer_sizes)
    }
}

impl<S> Part<S> {
    /// A count of states in a checkpoint, checked: each state takes a byte
    /// at least, so a count past the file's length is corruption, and one
    /// past this worker's share of the memory limit would fail the run.
    fn read_count(&self, input: &mut TableReader<'_>) -> Result<usize, Error> {
        let count = input.read_u64()?;
        usize::try_from(count)
            .ok()
            .filter(|&states| states <= self.max_states && count <= input.length())
            .ok_or_else(|| {
                let reason = format!(
                    "says it holds {count} states: more than the file can, or than this \
                     worker's share of the memory limit ({} states)",
                    self.max_states
                );
                Error::from(input.fail(reason))
            })
    }
}

fn read_state<S: ExchangeData>(input: &mut TableReader<'_>) -> Result<S, Error> {
    let read = |body: &mut dyn Read| bincode::deserialize_from(body).map_err(io::Error::other);
    Ok(input.read_with(read)?)
}

fn no_room(input: &TableReader<'_>, count: usize) -> Error {
    Error::from(input.fail(format!("cannot be loaded: no memory for {count} states")))
}

fn write_u64(out: &mut dyn Write, value: u64) -> io::Result<()> {
    out.write_all(&value.to_le_bytes())
}

/// The worker of `peers` that owns `state`: the high half of its hash,
/// so that the owner's own table, which buckets by the low bits and tags
/// by the top 7, sees every value there.
fn owner_of<S: std::hash::Hash>(state: &S, peers: usize) -> usize {
    ((BuildStateHasher.hash_one(state) >> 32) % peers as u64) as usize
}

pub(crate) fn run<G>(
    plan: &Plan<'_>,
    space: Arc<G>,
    starts: &[G::State],
    on_layer: &mut dyn FnMut(usize, u64),
) -> Result<Enumeration<G::State>, Error>
where
    G: Successors + Send + Sync + 'static,
    G::State: ExchangeData + Sync,
{
    let workers = plan.workers;
    // A state is kept twice (the set and its layer), and the set has a
    // control byte for each slot.
    let bytes_per_state = 2 * std::mem::size_of::<G::State>() as u64 + 1;
    let max_states = plan.max_memory / workers.threads_per_process() as u64 / bytes_per_state;
    let max_states = usize::try_from(max_states).unwrap_or(usize::MAX);
    let checkpoint = plan.checkpoint.clone();
    let job = plan.job::<G>("hashed", starts);
    let starts = starts.to_vec();
    let (cancel, max_depth) = (plan.cancel.clone(), plan.max_depth);
    let body = move |worker: &mut Worker, abort: &AtomicBool, report: &dyn Fn(usize, u64)| {
        let part = Part {
            seen: RefCell::new(HashSet::default()),
            layers: RefCell::new(BTreeMap::new()),
            max_states,
        };
        let stop = (abort, &cancel, max_depth);
        work(worker, stop, (Rc::new(part), checkpoint.as_ref()), &*space, &starts, report)
    };
    workers.run(job, body, on_layer)
}

fn work<G>(
    worker: &mut Worker,
    (abort, cancel, max_depth): (&AtomicBool, &CancelHandle, Option<usize>),
    (part, checkpoint): (Rc<Part<G::State>>, Option<&Checkpoint>),
    space: &G,
    starts: &[G::State],
    report: &dyn Fn(usize, u64),
) -> Result<Enumeration<G::State>, Error>
where
    G: Successors,
    G::State: ExchangeData + Sync,
{
    let (index, peers) = (worker.index(), worker.peers());
    let mut rounds =
        Rounds::new(worker, Rc::clone(&part), |batch: &StateBatch<G::State>| batch.owner as usize);
    let saves = checkpoint.map(|plan| Saves::new(plan, "states", index, peers));
    let start = |worker: &mut Worker, rounds: &mut Rounds<Part<G::State>>| {
        if index == 0 {
            for start in starts {
                let owner = owner_of(start, peers) as u32;
                rounds.send(worker, StateBatch { owner, states: vec![start.clone()] });
            }
        }
    };
    let mut newest = Vec::new();
    let expand = |worker: &mut Worker, rounds: &mut Rounds<Part<G::State>>, depth: usize| {
        newest = part.layers.borrow_mut().remove(&depth).unwrap_or_default();
        let mut outgoing = Outgoing::new(peers, |owner, states| StateBatch { owner, states });
        for state in &newest {
            space.successors(state, |next, _| {
                let owner = owner_of(&next, peers);
                if owner == index {
                    match part.take_state(next, depth + 1) {
                        Ok(new) => rounds.found_here(new),
                        Err(message) => rounds.fail(message),
                    }
                } else {
                    outgoing.push(rounds, worker, owner, next);
                }
            });
        }
        outgoing.flush(rounds, worker);
    };
    let counted = run_layers(
        worker,
        (abort, cancel, max_depth),
        (&mut rounds, &*part),
        saves.as_ref(),
        report,
        (start, expand),
    )?;
    let mut deepest = gather(worker, abort, newest)?;
    // In the order of their hashes, which have no seed: the order the
    // states arrived in depends on how the workers' batches interleaved.
    deepest.sort_by_cached_key(|state| BuildStateHasher.hash_one(state));
    Ok(counted.finish(saves.as_ref(), deepest))
}
