//! The hashed engine: any [`Successors`] space whose states can travel;
//! each state belongs to the worker its hash names, which keeps it in a
//! hash set.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::hash::BuildHasher;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use search_core::{BuildStateHasher, Enumeration, Successors};
use timely::ExchangeData;
use timely::worker::Worker;

use crate::enumeration::DistributedEnumeration;
use crate::error::Error;
use crate::rounds::{Owner, Rounds, gather};

/// The states one worker owns.
struct Part<S> {
    seen: RefCell<HashSet<S, BuildStateHasher>>,
    /// The states of the layers not yet expanded, by depth: a faster
    /// worker may send states of the next layer before this one has
    /// taken its current layer out.
    layers: RefCell<BTreeMap<usize, Vec<S>>>,
    max_states: usize,
}

impl<S: ExchangeData + Clone + Eq + std::hash::Hash> Owner for Part<S> {
    type Item = S;

    fn take(&self, state: S, depth: usize) -> Result<bool, String> {
        let mut seen = self.seen.borrow_mut();
        if seen.len() >= self.max_states {
            if seen.contains(&state) {
                return Ok(false);
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
            return Ok(false);
        }
        let mut layers = self.layers.borrow_mut();
        let layer = layers.entry(depth).or_default();
        if layer.try_reserve(1).is_err() {
            return Err(format!("could not allocate room for more than {} states", seen.len()));
        }
        layer.push(state);
        Ok(true)
    }
}

/// The worker of `peers` that owns `state`: the high half of its hash,
/// so that the owner's own table, which buckets by the low bits and tags
/// by the top 7, sees every value there.
fn owner_of<S: std::hash::Hash>(state: &S, peers: usize) -> usize {
    ((BuildStateHasher.hash_one(state) >> 32) % peers as u64) as usize
}

pub(crate) fn run<G, F>(
    config: &DistributedEnumeration,
    space: Arc<G>,
    starts: &[G::State],
    mut on_layer: F,
) -> Result<Enumeration<G::State>, Error>
where
    G: Successors + Send + Sync + 'static,
    G::State: ExchangeData + Sync,
    F: FnMut(usize, u64),
{
    let workers = config.workers();
    // A state is kept twice (the set and its layer), and the set has a
    // control byte for each slot.
    let bytes_per_state = 2 * std::mem::size_of::<G::State>() as u64 + 1;
    let max_states =
        config.get_max_memory() / workers.threads_per_process() as u64 / bytes_per_state;
    let max_states = usize::try_from(max_states).unwrap_or(usize::MAX);
    let starts = starts.to_vec();
    let body = move |worker: &mut Worker, abort: &AtomicBool, report: &dyn Fn(usize, u64)| {
        work(worker, abort, max_states, &*space, &starts, report)
    };
    workers.run(body, &mut on_layer)
}

fn work<G>(
    worker: &mut Worker,
    abort: &AtomicBool,
    max_states: usize,
    space: &G,
    starts: &[G::State],
    report: &dyn Fn(usize, u64),
) -> Result<Enumeration<G::State>, Error>
where
    G: Successors,
    G::State: ExchangeData + Sync,
{
    let (index, peers) = (worker.index(), worker.peers());
    let part = Rc::new(Part {
        seen: RefCell::new(HashSet::default()),
        layers: RefCell::new(BTreeMap::new()),
        max_states,
    });
    let mut rounds =
        Rounds::new(worker, Rc::clone(&part), move |state: &G::State| owner_of(state, peers));
    if index == 0 {
        for start in starts {
            rounds.send(worker, start.clone());
        }
    }
    let first = rounds.finish(worker, abort)?;
    let mut layer_sizes = vec![first.found];
    report(0, first.found);
    let mut newest = Vec::new();
    while layer_sizes.last().is_some_and(|&size| size > 0) {
        let depth = layer_sizes.len() - 1;
        newest = part.layers.borrow_mut().remove(&depth).unwrap_or_default();
        for state in &newest {
            space.successors(state, |next, _| {
                if owner_of(&next, peers) == index {
                    match part.take(next, depth + 1) {
                        Ok(new) => rounds.found_here(new),
                        Err(message) => rounds.fail(message),
                    }
                } else {
                    rounds.send(worker, next);
                }
            });
        }
        let round = rounds.finish(worker, abort)?;
        if round.found == 0 {
            break;
        }
        layer_sizes.push(round.found);
        report(depth + 1, round.found);
    }
    if layer_sizes.first() == Some(&0) {
        layer_sizes.clear();
    }
    let deepest = gather(worker, abort, newest)?;
    Ok(Enumeration::new(layer_sizes, deepest))
}
