//! Breadth-first enumeration of a hashed space on every core, and the
//! distance to a goal found the same way: [`ParallelEnumeration`] and
//! [`par_enumerate`].
//!
//! Each layer takes two passes. First the frontier is expanded in chunks,
//! in parallel, and each successor is put in the bucket of the shard its
//! hash names. Then each shard, on one thread, takes its buckets from every
//! chunk into its own hash table, and keeps what was new as its part of the
//! next frontier. A shard belongs to one task at a time, so the visited set
//! needs no lock and no atomic, and the layers come out exactly as the
//! sequential [`enumerate`](crate::enumerate) gives them.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use hashbrown::HashTable;
use rayon::prelude::*;

use crate::enumeration::Enumeration;
use crate::error::Error;
use crate::error::Limit;
use crate::execute::execute;
use crate::run::cancel::CancelHandle;
use crate::run::context::Run;
use crate::run::limits::Limits;
use crate::run::memory::{FOURFOLD_BELOW, bytes_of};
use crate::space::hash::hash_of;
use crate::space::traits::{State, Successors};
use crate::store::expand::RUN_SUCCESSORS;

/// Frontier states expanded by one task of the first pass: small enough
/// that an 8-puzzle layer of a few thousand states is split between two
/// threads evenly.
const CHUNK: usize = 1 << 10;

/// Shards per thread. Two: one alone leaves a thread waiting on the other's
/// larger shard; eight made each task's successors into eight small
/// buckets, allocated and freed every layer, and on the 8-puzzle two
/// threads were then no faster than one (measured when the shard count
/// was chosen; the figures are in that commit).
const SHARDS_PER_THREAD: usize = 2;

/// A layer-synchronous enumeration of any [`Successors`] space on every
/// core, its visited set split into shards by hash: the whole space
/// ([`run`](ParallelEnumeration::run)), or the layers up to a goal
/// ([`distance`](ParallelEnumeration::distance)).
///
/// For spaces whose states have no [`Ranking`](crate::Ranking); a ranked
/// space is faster through [`DenseEnumeration`](crate::dense::DenseEnumeration).
/// The space must be `Sync` and its states `Send + Sync`, since the threads
/// share the first and trade the second. Small layers run on the calling
/// thread: splitting them costs more than it saves.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, from_fn, Run};
/// use search_core::breadth_first::ParallelEnumeration;
///
/// // Numbers below 100,000, joined to their neighbours and their double.
/// let space = from_fn(|&n: &u32| [n + 1, n.wrapping_sub(1), 2 * n].into_iter().filter(|&m| m < 100_000));
/// let parallel = ParallelEnumeration::new().threads(2).run(&space, [0], &mut Run::new())?;
/// let sequential = enumerate(&space, [0])?;
/// assert_eq!(parallel.layer_sizes(), sequential.layer_sizes());
/// assert_eq!(parallel.states(), 100_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Its [`Run`] bounds the stored states of all shards together, the bytes
/// of the tables and of a layer's successors, and the depth; its observer
/// is called on the calling thread after each layer, and its cancel
/// handle checked there and by each chunk of a layer.
pub struct ParallelEnumeration {
    threads: Option<usize>,
}

impl ParallelEnumeration {
    /// An enumeration on rayon's pool (one thread per core).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::ParallelEnumeration;
    ///
    /// // One cache for two rings, each run on every core.
    /// let mut enumeration = ParallelEnumeration::new();
    /// let mut run = Run::new();
    /// for size in [100, 1_000] {
    ///     let ring = from_fn(move |&n: &u16| [(n + 1) % size, (n + size - 1) % size]);
    ///     assert_eq!(enumeration.run(&ring, [0], &mut run)?.states(), u64::from(size));
    /// }
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new() -> ParallelEnumeration {
        ParallelEnumeration { threads: None }
    }

    /// Runs on a pool of `threads` threads instead of rayon's global one.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::ParallelEnumeration;
    ///
    /// let ring = from_fn(|&n: &u16| [(n + 1) % 500, (n + 499) % 500]);
    /// assert_eq!(ParallelEnumeration::new().threads(1).run(&ring, [0], &mut Run::new())?.radius(), 250);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> ParallelEnumeration {
        self.threads = Some(threads.max(1));
        self
    }

    /// Every state of `space` reachable from `starts`, layer by layer, as
    /// [`enumerate`](crate::enumerate) gives them; the deepest layer's
    /// states in no particular order.
    ///
    /// With a depth limit ([`Limits::max_depth`]) it returns the layers up
    /// to the limit, and says whether the space goes on past it
    /// ([`Enumeration::is_complete`]).
    ///
    /// # Errors
    ///
    /// A [`Limit`] reached (states or memory), a table the machine cannot
    /// give ([`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)),
    /// or a thread pool that cannot be built.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Run};
    /// use search_core::breadth_first::ParallelEnumeration;
    ///
    /// let ring = from_fn(|&n: &u32| [(n + 1) % 1_000, (n + 999) % 1_000]);
    /// let mut shallow = Run::new().limits(Limits::new().max_depth(10));
    /// let layers = ParallelEnumeration::new().run(&ring, [0], &mut shallow)?;
    /// assert_eq!((layers.states(), layers.is_complete()), (21, false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<G, I>(
        &mut self,
        space: &G,
        starts: I,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<G::State>, Error>
    where
        G: Successors + Sync,
        G::State: Send + Sync,
        I: IntoIterator<Item = G::State>,
    {
        let starts: Vec<G::State> = starts.into_iter().collect();
        let layers = |this: &mut Self, run: &mut Run<'_>| {
            this.layers(space, starts, &|_: &G::State| false, run)
        };
        // The shards are the layers' own, and counted as they grow.
        let ended = execute(self, space, run, layers, |_| 0);
        match ended.map_err(Error::while_enumerating)? {
            Ended::Exhausted(layers) | Ended::Cut(layers) => Ok(layers),
            Ended::Goal(_) => unreachable!("no state is the goal of an enumeration"),
        }
    }

    /// The number of moves in `space` from the nearest of `starts` to the
    /// nearest state that satisfies `is_goal`, or `None` when no goal can
    /// be reached: [`Search::distance`](crate::breadth_first::Search::distance) on every
    /// core, for a space whose layers are large.
    ///
    /// The layers are those of [`run`](ParallelEnumeration::run), each
    /// state tested as it is stored, on the thread that stores it; the
    /// search stops at the end of the first layer that holds a goal. It
    /// keeps no parents: for a path, use [`Search::bfs`](crate::breadth_first::Search::bfs).
    ///
    /// # Errors
    ///
    /// As for [`run`](ParallelEnumeration::run), under the depth policy of
    /// every breadth-first search ([`Limits::max_depth`]).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::{ParallelEnumeration, Search};
    ///
    /// // Numbers below 100,000, joined to their neighbours and their double.
    /// let space = from_fn(|&n: &u32| [n + 1, n.wrapping_sub(1), 2 * n].into_iter().filter(|&m| m < 100_000));
    /// let (mut parallel, mut run) = (ParallelEnumeration::new().threads(2), Run::new());
    /// assert_eq!(parallel.distance(&space, [1], |&n| n == 99_999, &mut run)?, Some(23));
    /// assert_eq!(Search::new().distance(&space, [1], |&n| n == 99_999, &mut run)?, Some(23));
    /// assert_eq!(parallel.distance(&space, [1], |&n| n == 100_000, &mut run)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<usize>, Error>
    where
        G: Successors + Sync,
        G::State: Send + Sync,
        I: IntoIterator<Item = G::State>,
        P: Fn(&G::State) -> bool + Sync,
    {
        let starts: Vec<G::State> = starts.into_iter().collect();
        let layers = |this: &mut Self, run: &mut Run<'_>| this.layers(space, starts, &is_goal, run);
        match execute(self, space, run, layers, |_| 0)? {
            Ended::Exhausted(_) => Ok(None),
            Ended::Cut(layers) => Err(Error::limit(Limit::Depth(layers.radius()))),
            Ended::Goal(depth) => Ok(Some(depth)),
        }
    }

    /// The layers from `starts` until they run out or one holds a state
    /// that satisfies `is_goal`: each layer's two passes on this
    /// enumeration's pool (or the current one), what lies between them on
    /// the calling thread, where the observer is called.
    fn layers<G, P>(
        &mut self,
        space: &G,
        starts: Vec<G::State>,
        is_goal: &P,
        run: &mut Run<'_>,
    ) -> Result<Ended<G::State>, Error>
    where
        G: Successors + Sync,
        G::State: Send + Sync,
        P: Fn(&G::State) -> bool + Sync,
    {
        let pool = thread_pool(self.threads)?;
        let threads = pool
            .as_ref()
            .map_or_else(rayon::current_num_threads, rayon::ThreadPool::current_num_threads);
        let mut shards = Shards::new(threads * SHARDS_PER_THREAD, &run.get_limits());
        let mut frontier: Vec<Vec<G::State>> = (0..shards.count()).map(|_| Vec::new()).collect();
        for start in starts {
            let hash = hash_of(&start);
            let shard = shards.shard_of(hash);
            if insert_new(&mut shards.tables[shard], hash, &start)? {
                shards.heap += space.heap_bytes(&start) as u64;
                frontier[shard].push(start);
            }
        }
        run.set_stored(shards.stored() as u64);
        if frontier.iter().flatten().any(is_goal) {
            return Ok(Ended::Goal(0));
        }
        let cancel = run.cancel_handle();
        let mut layer_sizes = Vec::new();
        // What each layer's states stand for, classes of a quotient.
        let mut positions = Vec::new();
        loop {
            let size: usize = frontier.iter().map(Vec::len).sum();
            if size == 0 {
                break;
            }
            layer_sizes.push(size as u64);
            let classes = frontier.iter().flatten().map(|state| space.class_size(state));
            positions.push(classes.map(u128::from).sum::<u128>());
            let max_memory = run.get_limits().get_max_memory();
            // The frontier's states are copies of the tables': what they
            // own on the heap is held twice while the layer is expanded.
            let frontier_heap: u64 =
                frontier.iter().flatten().map(|state| space.heap_bytes(state) as u64).sum();
            let held = shards.bytes() + frontier_heap;
            let room = (max_memory.saturating_sub(held), max_memory);
            let buckets =
                on_pool(pool.as_ref(), || expand(space, &frontier, &shards, &cancel, room))?;
            let heap_of = |state: &G::State| space.heap_bytes(state);
            let take_in = || shards.take_in(buckets, (is_goal, &heap_of));
            let (next, found) = on_pool(pool.as_ref(), take_in)?;
            run.count_expanded(size as u64);
            run.set_stored(shards.stored() as u64);
            run.count_frontier(size);
            run.report(layer_sizes.len() - 1, shards.bytes())?;
            if next.iter().all(Vec::is_empty) {
                break;
            }
            if !run.get_limits().allows_depth(layer_sizes.len()) {
                let last = frontier.into_iter().flatten().collect();
                let layers = Enumeration::cut_at_depth(layer_sizes, last);
                return Ok(Ended::Cut(layers.with_positions(positions)));
            }
            if found {
                return Ok(Ended::Goal(layer_sizes.len()));
            }
            frontier = next;
        }
        let deepest = frontier.into_iter().flatten().collect();
        Ok(Ended::Exhausted(Enumeration::new(layer_sizes, deepest).with_positions(positions)))
    }
}

/// A pool of `threads` threads of its own, or `None` for rayon's global
/// pool.
pub(crate) fn thread_pool(threads: Option<usize>) -> Result<Option<rayon::ThreadPool>, Error> {
    let Some(threads) = threads else { return Ok(None) };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    pool.map(Some).map_err(|_| Error::thread_pool())
}

/// How often [`on_pool_beating`] calls its beat while the work runs.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_millis(500);

/// Runs `work` on `pool`, calling `beat` on this thread every half second
/// until it ends: a search that counts its states only between long steps
/// still reports amid one, and hears an observer that cancels it (Python's
/// Ctrl-C is heard only in the observer, on the calling thread). A thread
/// of a pool already runs `work` as [`on_pool`] does, unwatched: waiting
/// there could hold up the work it waits for.
pub(crate) fn on_pool_beating<T: Send>(
    pool: Option<&rayon::ThreadPool>,
    work: impl FnOnce() -> T + Send,
    beat: &mut dyn FnMut(),
) -> T {
    if rayon::current_thread_index().is_some() {
        return on_pool(pool, work);
    }
    let answer = match pool {
        Some(pool) => pool.in_place_scope(|scope| watched(scope, work, beat)),
        None => rayon::in_place_scope(|scope| watched(scope, work, beat)),
    };
    answer.expect("the work ends with an answer, or the scope raises its panic")
}

/// `work` spawned in `scope`, `beat` called here while it runs: its
/// answer, or `None` if it panicked (which the scope then raises).
fn watched<'scope, T: Send + 'scope>(
    scope: &rayon::Scope<'scope>,
    work: impl FnOnce() -> T + Send + 'scope,
    beat: &mut dyn FnMut(),
) -> Option<T> {
    use std::sync::mpsc::{RecvTimeoutError, channel};
    let (sender, receiver) = channel();
    scope.spawn(move |_| drop(sender.send(work())));
    loop {
        match receiver.recv_timeout(HEARTBEAT) {
            Ok(done) => return Some(done),
            Err(RecvTimeoutError::Timeout) => beat(),
            Err(RecvTimeoutError::Disconnected) => return None,
        }
    }
}

/// Runs `work` on `pool`, or on the current rayon pool.
pub(crate) fn on_pool<T: Send>(
    pool: Option<&rayon::ThreadPool>,
    work: impl FnOnce() -> T + Send,
) -> T {
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}

impl Default for ParallelEnumeration {
    fn default() -> Self {
        ParallelEnumeration::new()
    }
}

impl fmt::Debug for ParallelEnumeration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParallelEnumeration").field("threads", &self.threads).finish()
    }
}

/// How [`ParallelEnumeration::layers`] ended.
enum Ended<S> {
    /// Every reachable state was stored, and none was a goal.
    Exhausted(Enumeration<S>),
    /// The depth bound cut the layers short, with states past it: the
    /// layers to the bound, none a goal.
    Cut(Enumeration<S>),
    /// A goal was stored, at this depth.
    Goal(usize),
}

/// Every state reachable from `starts`, layer by layer, on every core: a
/// shortcut for [`ParallelEnumeration`] with default limits.
///
/// # Errors
///
/// As for [`ParallelEnumeration::run`].
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::par_enumerate;
///
/// // Four bits, one flipped at a time: a hypercube.
/// let cube = from_fn(|&bits: &u8| (0..4).map(move |i| bits ^ (1 << i)));
/// assert_eq!(par_enumerate(&cube, [0])?.layer_sizes(), [1, 4, 6, 4, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn par_enumerate<G, I>(space: &G, starts: I) -> Result<Enumeration<G::State>, Error>
where
    G: Successors + Sync,
    G::State: Send + Sync,
    I: IntoIterator<Item = G::State>,
{
    ParallelEnumeration::new().run(space, starts, &mut Run::new())
}

/// A layer's successors, by the chunk that found them, then by shard:
/// each with its hash, computed once.
type Buckets<S> = Vec<Vec<Vec<(u64, S)>>>;

/// Expands every state of `frontier`, in parallel chunks, into buckets by
/// shard, the buckets taking at most `room.0` bytes of the memory limit
/// `room.1`. Each chunk looks at
/// `cancel` every [`CANCEL_EVERY`] states, and stops there.
///
/// # Errors
///
/// When the buckets would pass `room`, the machine refuses them, or the
/// run was cancelled.
fn expand<G>(
    space: &G,
    frontier: &[Vec<G::State>],
    shards: &Shards<G::State>,
    cancel: &CancelHandle,
    room: (u64, u64),
) -> Result<Buckets<G::State>, Error>
where
    G: Successors + Sync,
    G::State: Send + Sync,
{
    let used = AtomicU64::new(0);
    let expand_chunk = |chunk: &[G::State]| {
        // About two successors a state, spread evenly: sized once, most
        // buckets never grow.
        let expected = (2 * chunk.len()).div_ceil(shards.count()) + 8;
        let mut buckets: Vec<Vec<(u64, G::State)>> =
            (0..shards.count()).map(|_| Vec::new()).collect();
        for bucket in &mut buckets {
            grow_bucket(bucket, expected, &used, room)?;
        }
        let mut failed = None;
        for (index, state) in chunk.iter().enumerate() {
            if index % CANCEL_EVERY == 0 && cancel.is_cancelled() {
                return Err(Error::cancelled());
            }
            // One state's successors past the state bound cannot all be
            // stored: an iterator of them that never ends is stopped.
            let mut reported = 0;
            let _ = space.successors_until(state, |next, _| {
                reported += 1;
                if reported > shards.max_states.saturating_add(RUN_SUCCESSORS) {
                    failed = Some(Error::limit(Limit::States(shards.max_states)));
                    return ControlFlow::Break(());
                }
                let hash = hash_of(&next);
                let bucket = &mut buckets[shards.shard_of(hash)];
                if bucket.len() == bucket.capacity()
                    && let Err(error) = grow_bucket(bucket, expected, &used, room)
                {
                    failed = Some(error);
                    return ControlFlow::Break(());
                }
                let heap = space.heap_bytes(&next) as u64;
                if heap > 0 && used.fetch_add(heap, Ordering::Relaxed) + heap > room.0 {
                    failed = Some(Error::limit(Limit::Memory(room.1)));
                    return ControlFlow::Break(());
                }
                bucket.push((hash, next));
                ControlFlow::Continue(())
            });
            if let Some(error) = failed {
                return Err(error);
            }
        }
        Ok(buckets)
    };
    let size: usize = frontier.iter().map(Vec::len).sum();
    if size <= CHUNK {
        frontier.iter().map(|part| expand_chunk(part)).collect()
    } else {
        frontier.par_iter().flat_map(|part| part.par_chunks(CHUNK)).map(expand_chunk).collect()
    }
}

/// States of a chunk expanded between two looks at the cancel handle: a
/// quarter of the 1,024 within which a cancelled run ends, for each of a
/// few threads.
const CANCEL_EVERY: usize = 1 << 8;

/// Doubles `bucket` (to at least `expected` entries) if the layer's
/// buckets, `used` bytes so far, stay within `room.0`, the part of the
/// memory limit `room.1` the tables leave.
#[cold]
fn grow_bucket<T>(
    bucket: &mut Vec<T>,
    expected: usize,
    used: &AtomicU64,
    (room, limit): (u64, u64),
) -> Result<(), Error> {
    let capacity = bucket.capacity();
    let target = capacity.saturating_mul(2).max(expected);
    let bytes = bytes_of::<T>(target - capacity);
    if used.fetch_add(bytes, Ordering::Relaxed).saturating_add(bytes) > room {
        return Err(Error::limit(Limit::Memory(limit)));
    }
    bucket.try_reserve_exact(target - bucket.len()).map_err(|_| Error::allocation_failed(bytes))
}

/// The visited set, split by hash into shards that threads fill at once.
struct Shards<S> {
    tables: Vec<HashTable<S>>,
    /// The shard count less one, a mask over the hash's bits from 32 up:
    /// bucket indices use the low bits and hashbrown's tags the top seven,
    /// so a shard chosen from the middle bits leaves both their entropy.
    mask: u64,
    max_states: usize,
    max_memory: u64,
    /// The heap bytes the tables' states own ([`Successors::heap_bytes`]).
    heap: u64,
}

impl<S: State + Send + Sync> Shards<S> {
    fn new(at_least: usize, limits: &Limits) -> Shards<S> {
        let count = at_least.next_power_of_two();
        Shards {
            tables: (0..count).map(|_| HashTable::new()).collect(),
            mask: count as u64 - 1,
            max_states: limits.get_max_states(),
            max_memory: limits.get_max_memory(),
            heap: 0,
        }
    }

    fn count(&self) -> usize {
        self.tables.len()
    }

    fn shard_of(&self, hash: u64) -> usize {
        ((hash >> 32) & self.mask) as usize
    }

    fn stored(&self) -> usize {
        self.tables.iter().map(HashTable::len).sum()
    }

    /// The bytes the tables take at their present capacities, with what
    /// their states own on the heap.
    fn bytes(&self) -> u64 {
        let tables: u64 =
            self.tables.iter().map(|table| bytes_of::<S>(table.capacity()) * 9 / 8).sum();
        tables + self.heap
    }

    /// Takes a layer's successors into the tables, each shard on one task,
    /// and returns what was new, by shard (the next frontier), and whether
    /// any of it satisfies `is_goal`. Once a goal is found, the shards stop
    /// early: the layer's depth is the answer, and the rest is not needed.
    fn take_in<P, H>(
        &mut self,
        buckets: Buckets<S>,
        (is_goal, heap_of): (&P, &H),
    ) -> Result<(Vec<Vec<S>>, bool), Error>
    where
        P: Fn(&S) -> bool + Sync,
        H: Fn(&S) -> usize + Sync,
    {
        let candidates: usize = buckets.iter().flatten().map(Vec::len).sum();
        // The successors held at once, and the tables if every one were new:
        // within the budget, or the layer is refused before it is stored.
        // A state that owns heap memory holds it in a bucket, then in a
        // table and the frontier both.
        let heap: u64 = buckets.iter().flatten().flatten().map(|(_, s)| heap_of(s) as u64).sum();
        let held = bytes_of::<(u64, S)>(candidates) + bytes_of::<S>(candidates) + heap;
        let grown = self.bytes() + bytes_of::<S>(candidates) * 9 / 8 + heap.saturating_mul(2);
        if held.saturating_add(grown) > self.max_memory {
            return Err(Error::limit(Limit::Memory(self.max_memory)));
        }
        let mut by_shard: Vec<Vec<Vec<(u64, S)>>> = (0..self.count()).map(|_| Vec::new()).collect();
        for chunk in buckets {
            for (shard, bucket) in chunk.into_iter().enumerate() {
                if !bucket.is_empty() {
                    by_shard[shard].push(bucket);
                }
            }
        }
        let found = AtomicBool::new(false);
        let next: Vec<Result<(Vec<S>, u64), Error>> = self
            .tables
            .par_iter_mut()
            .zip(by_shard)
            .map(|(table, buckets)| {
                let incoming: usize = buckets.iter().map(Vec::len).sum();
                let mut new = Vec::new();
                new.try_reserve(incoming / 2)
                    .map_err(|_| Error::allocation_failed(bytes_of::<S>(incoming / 2)))?;
                let mut heap = 0;
                for bucket in buckets {
                    if found.load(Ordering::Relaxed) {
                        break;
                    }
                    for (hash, state) in bucket {
                        if insert_new(table, hash, &state)? {
                            if is_goal(&state) {
                                found.store(true, Ordering::Relaxed);
                            }
                            heap += heap_of(&state) as u64;
                            new.push(state);
                        }
                    }
                }
                Ok((new, heap))
            })
            .collect();
        let next = next.into_iter().collect::<Result<Vec<_>, _>>()?;
        self.heap += next.iter().map(|(_, heap)| heap).sum::<u64>();
        let next: Vec<Vec<S>> = next.into_iter().map(|(new, _)| new).collect();
        // Checked once a layer: a layer may pass the bound before it is
        // refused, by at most its own size.
        if self.stored() > self.max_states {
            return Err(Error::limit(Limit::States(self.max_states)));
        }
        Ok((next, found.into_inner()))
    }
}

/// Adds `state`, whose hash is `hash`, to `table` unless it is there; true
/// when it was new. A lookup, then an insertion for a new state (the
/// store's hashed sets say why not one `entry`); a full table grows
/// first ([`grow`]).
fn insert_new<S: State>(table: &mut HashTable<S>, hash: u64, state: &S) -> Result<bool, Error> {
    if table.len() == table.capacity() {
        grow(table)?;
    }
    if table.find(hash, |other| other == state).is_some() {
        return Ok(false);
    }
    table.insert_unique(hash, state.clone(), hash_of);
    Ok(true)
}

/// Grows a full `table` through a fallible allocation: fourfold while it
/// is small, as the stores' tables do (`Meter::grown_capacity`), so that
/// fewer entries are rehashed on its way up, and twofold past that.
#[cold]
fn grow<S: State>(table: &mut HashTable<S>) -> Result<(), Error> {
    let capacity = table.capacity();
    let factor = if capacity < FOURFOLD_BELOW { 4 } else { 2 };
    let target = capacity.saturating_mul(factor).max(16);
    table
        .try_reserve(target - table.len(), hash_of)
        .map_err(|_| Error::allocation_failed(bytes_of::<S>(target) * 9 / 8))
}
