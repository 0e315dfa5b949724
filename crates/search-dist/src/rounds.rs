//! The layer-synchronous protocol both engines share.
//!
//! A run is a sequence of rounds, each a timely timestamp. In round `d`
//! every worker sends the neighbours of its states at depth `d - 1` (in
//! round 0, the starts) to their owners, through timely's exchange; each
//! owner takes the ones it has not seen as its part of layer `d`. When no
//! worker can send more in round `d`, each owner reports how many it took
//! (and whatever went wrong), and the reports are broadcast, so that every
//! worker learns the layer's size, and whether the run goes on, at once.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use timely::ExchangeData;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use crate::error::{Error, ErrorKind};
use crate::workers::aborted;

/// Items sent between two steps of the worker, so that the channels carry
/// batches rather than whole layers.
const STEP_EVERY: u32 = 1 << 14;
/// How long a worker with nothing to do sleeps before it looks again for
/// a stopped peer.
const PARK: Duration = Duration::from_millis(50);

/// The part of a search one worker owns: it takes the items sent to it.
pub(crate) trait Owner: 'static {
    /// What travels between workers: a rank, a state.
    type Item: ExchangeData + Clone;

    /// Takes what `item` holds into the layer at `depth`, where it is
    /// new; returns how much was.
    fn take(&self, item: Self::Item, depth: usize) -> Result<u64, String>;
}

/// Items a worker holds for another before it sends them as one: a
/// batch crosses timely's exchange, and the network, at a fraction of
/// the cost an item has alone.
const SEND_BATCH: usize = 1 << 12;

/// What a worker holds for the others: one buffer a worker, each sent
/// as one item (`I`, made by `batch` from the worker's index and its
/// states) when full, and all of them at the end of a layer.
pub(crate) struct Outgoing<T, I> {
    buffers: Vec<Vec<T>>,
    batch: fn(u32, Vec<T>) -> I,
}

impl<T, I> Outgoing<T, I> {
    pub(crate) fn new(peers: usize, batch: fn(u32, Vec<T>) -> I) -> Outgoing<T, I> {
        Outgoing { buffers: (0..peers).map(|_| Vec::new()).collect(), batch }
    }

    /// Holds `item` for worker `owner`, and sends that worker's batch once
    /// it is full. The room of a batch is asked for once, fallibly, when
    /// it begins (the buffer never grows); a refusal fails the round.
    pub(crate) fn push<O>(
        &mut self,
        rounds: &mut Rounds<O>,
        worker: &mut Worker,
        owner: usize,
        item: T,
    ) where
        O: Owner<Item = I>,
    {
        let buffer = &mut self.buffers[owner];
        if buffer.capacity() == 0 && buffer.try_reserve_exact(SEND_BATCH).is_err() {
            rounds.fail(format!(
                "could not allocate room for {SEND_BATCH} states to send to worker {owner}"
            ));
            return;
        }
        buffer.push(item);
        if buffer.len() >= SEND_BATCH {
            self.send(rounds, worker, owner);
        }
    }

    /// Sends every batch not yet sent.
    pub(crate) fn flush<O: Owner<Item = I>>(
        &mut self,
        rounds: &mut Rounds<O>,
        worker: &mut Worker,
    ) {
        for owner in 0..self.buffers.len() {
            if !self.buffers[owner].is_empty() {
                self.send(rounds, worker, owner);
            }
        }
    }

    fn send<O: Owner<Item = I>>(
        &mut self,
        rounds: &mut Rounds<O>,
        worker: &mut Worker,
        owner: usize,
    ) {
        let states = std::mem::take(&mut self.buffers[owner]);
        let count = states.len() as u32;
        rounds.send_many(worker, (self.batch)(owner as u32, states), count);
    }
}

/// What one worker says at the end of a round.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Report {
    worker: usize,
    /// Items this worker took as new in the round.
    found: u64,
    failure: Option<String>,
    /// Extra words of the engine's own protocol (checkpoints).
    pub(crate) note: u64,
}

/// Every worker's report of one round, summed.
#[derive(Debug)]
pub(crate) struct Round {
    pub(crate) found: u64,
    /// Each worker's note, in worker order.
    pub(crate) notes: Vec<u64>,
}

/// What one worker found in one round, and what went wrong.
#[derive(Debug, Default)]
struct Tally {
    found: u64,
    failure: Option<String>,
}

/// One worker's end of the protocol.
pub(crate) struct Rounds<O: Owner> {
    items: InputHandleVec<usize, O::Item>,
    probe: ProbeHandle<usize>,
    reports: Rc<RefCell<BTreeMap<usize, Vec<Report>>>>,
    /// What this worker found and what went wrong, by round: taken from
    /// the exchange, or by the worker itself (its own items), or on its
    /// sending side. A round's tally is reported, and removed, when the
    /// round ends.
    tallies: Rc<RefCell<BTreeMap<usize, Tally>>>,
    /// What the worker took itself in one round, counted apart from the
    /// tallies because it is counted once per neighbour: (round, count).
    found_here: Rc<Cell<(usize, u64)>>,
    /// The note this worker attaches to its next report.
    note: Rc<Cell<u64>>,
    peers: usize,
    unstepped: u32,
}

impl<O: Owner> Rounds<O> {
    /// Builds the dataflow on `worker`: items go to `owner_of(item)` (a
    /// worker index) and are taken there by `owner`.
    pub(crate) fn new<F>(worker: &mut Worker, owner: Rc<O>, owner_of: F) -> Rounds<O>
    where
        F: Fn(&O::Item) -> usize + 'static,
    {
        let index = worker.index();
        let peers = worker.peers();
        let reports = Rc::new(RefCell::new(BTreeMap::<usize, Vec<Report>>::new()));
        let tallies = Rc::new(RefCell::new(BTreeMap::<usize, Tally>::new()));
        let found_here = Rc::new(Cell::new((0, 0)));
        let note = Rc::new(Cell::new(0));
        let mut items = InputHandleVec::new();
        let probe = ProbeHandle::new();
        worker.dataflow::<usize, _, _>(|scope| {
            let taker = owner;
            let (tallies, note) = (Rc::clone(&tallies), Rc::clone(&note));
            let here = Rc::clone(&found_here);
            let collected = Rc::clone(&reports);
            scope
                .input_from(&mut items)
                .unary_frontier::<CapacityContainerBuilder<Vec<Report>>, _, _, _>(
                    Exchange::new(move |item: &O::Item| owner_of(item) as u64),
                    "Take",
                    move |capability, _info| {
                        let mut capability = Some(capability);
                        move |(input, frontier), output| {
                            input.for_each_stamp(|stamp, batches| {
                                let Some(&round) = stamp.least() else { return };
                                let mut tallies = tallies.borrow_mut();
                                let tally = tallies.entry(round).or_default();
                                for batch in batches {
                                    for item in batch.drain(..) {
                                        if tally.failure.is_some() {
                                            break;
                                        }
                                        match taker.take(item, round) {
                                            Ok(new) => tally.found += new,
                                            Err(message) => tally.failure = Some(message),
                                        }
                                    }
                                }
                            });
                            // Report each round no worker can send to any more.
                            while let Some(held) = capability.as_mut() {
                                let round = *held.time();
                                if frontier.less_equal(&round) {
                                    break;
                                }
                                let mut tally =
                                    tallies.borrow_mut().remove(&round).unwrap_or_default();
                                let (counted_round, counted) = here.get();
                                if counted_round == round {
                                    tally.found += counted;
                                    here.set((round, 0));
                                }
                                let report = Report {
                                    worker: index,
                                    found: tally.found,
                                    failure: tally.failure,
                                    note: note.get(),
                                };
                                output.session(&*held).give(report);
                                if frontier.is_empty() {
                                    capability = None;
                                } else {
                                    held.downgrade(&(round + 1));
                                }
                            }
                        }
                    },
                )
                .broadcast()
                .unary_frontier::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    timely::dataflow::channels::pact::Pipeline,
                    "Collect",
                    move |_, _| {
                        move |(input, _), _| {
                            input.for_each_stamp(|stamp, batches| {
                                let mut collected = collected.borrow_mut();
                                let Some(&time) = stamp.least() else { return };
                                let round = collected.entry(time).or_default();
                                for batch in batches {
                                    round.append(batch);
                                }
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        Rounds { items, probe, reports, tallies, found_here, note, peers, unstepped: 0 }
    }

    /// How many workers the run has.
    pub(crate) fn peers(&self) -> usize {
        self.peers
    }

    /// The round items are sent in now.
    pub(crate) fn round(&self) -> usize {
        *self.items.time()
    }

    /// Sends `item` in the current round to the worker `owner_of` names.
    pub(crate) fn send(&mut self, worker: &mut Worker, item: O::Item) {
        self.send_many(worker, item, 1);
    }

    /// Sends `item`, which holds `count` of what the engine sends (a
    /// batch of ranks), as [`send`](Rounds::send) does.
    pub(crate) fn send_many(&mut self, worker: &mut Worker, item: O::Item, count: u32) {
        self.items.send(item);
        self.unstepped += count;
        if self.unstepped >= STEP_EVERY {
            self.unstepped = 0;
            worker.step();
        }
    }

    /// Counts `new` items this worker owns and took itself, in the current
    /// round.
    pub(crate) fn found_here(&self, new: u64) {
        let round = self.round();
        let (counted_round, found) = self.found_here.get();
        if counted_round == round {
            self.found_here.set((round, found + new));
        } else {
            // The count of a round the operator has not reported yet goes
            // where the operator will look for it.
            if found > 0 {
                self.tallies.borrow_mut().entry(counted_round).or_default().found += found;
            }
            self.found_here.set((round, new));
        }
    }

    /// Records what went wrong on this worker's side of the round; it is
    /// reported with the round, and ends the run on every worker.
    pub(crate) fn fail(&self, message: String) {
        self.tallies.borrow_mut().entry(self.round()).or_default().failure.get_or_insert(message);
    }

    /// Sets the note this worker attaches to its reports.
    pub(crate) fn set_note(&self, note: u64) {
        self.note.set(note);
    }

    /// Ends the current round: waits until every worker has reported on
    /// it, and returns their reports, summed. Moves on to the next round.
    pub(crate) fn finish(
        &mut self,
        worker: &mut Worker,
        abort: &AtomicBool,
    ) -> Result<Round, Error> {
        let round = self.round();
        self.items.advance_to(round + 1);
        self.unstepped = 0;
        step_until(worker, abort, || !self.probe.less_equal(&round))?;
        self.forget_before(round);
        let mut reports = self.reports.borrow_mut().remove(&round).unwrap_or_default();
        if reports.len() != self.peers {
            return Err(Error::peer_lost(format!(
                "round {round} has {} reports of {} workers",
                reports.len(),
                self.peers
            )));
        }
        reports.sort_by_key(|report| report.worker);
        if let Some(report) = reports.iter().find(|report| report.failure.is_some()) {
            let message = report.failure.clone().unwrap_or_default();
            return Err(Error::new(ErrorKind::Worker { worker: report.worker, message }));
        }
        Ok(Round {
            found: reports.iter().map(|report| report.found).sum(),
            notes: reports.iter().map(|report| report.note).collect(),
        })
    }

    /// Moves on to round `round`: a resumed run skips the rounds it
    /// restored. Their reports (empty) are dropped.
    pub(crate) fn skip_to(&mut self, round: usize) {
        if round > self.round() {
            self.items.advance_to(round);
        }
    }

    /// Drops the reports of rounds before `round`, which no one waits for.
    fn forget_before(&self, round: usize) {
        let mut reports = self.reports.borrow_mut();
        *reports = reports.split_off(&round);
    }
}

/// Gathers items from every worker at worker 0, in a dataflow of its own:
/// the deepest layer at the end of a run. Returns them on worker 0 and
/// nothing elsewhere.
pub(crate) fn gather<T: ExchangeData + Clone>(
    worker: &mut Worker,
    abort: &AtomicBool,
    mine: Vec<T>,
) -> Result<Vec<T>, Error> {
    let gathered = Rc::new(RefCell::new(Vec::new()));
    let mut input = InputHandleVec::new();
    let probe = ProbeHandle::new();
    worker.dataflow::<usize, _, _>(|scope| {
        let gathered = Rc::clone(&gathered);
        scope
            .input_from(&mut input)
            .unary_frontier::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(|_: &T| 0),
                "Gather",
                move |_, _| {
                    move |(input, _), _| {
                        input.for_each_stamp(|_, batches| {
                            for batch in batches {
                                gathered.borrow_mut().append(batch);
                            }
                        });
                    }
                },
            )
            .probe_with(&probe);
    });
    for item in mine {
        input.send(item);
    }
    drop(input);
    step_until(worker, abort, || probe.done())?;
    Ok(gathered.take())
}

/// Steps `worker` until `done`, sleeping while it has nothing to do, and
/// stops when another worker of this process has.
fn step_until(
    worker: &mut Worker,
    abort: &AtomicBool,
    done: impl Fn() -> bool,
) -> Result<(), Error> {
    while !done() {
        if abort.load(Ordering::Relaxed) {
            return Err(aborted());
        }
        // The worker parks until a message comes or `PARK` passes (timely
        // parks only a worker that has a clock: see `Workers::run`), so
        // one waiting for a stalled peer takes no CPU.
        worker.step_or_park(Some(PARK));
        // Every message from a peer wakes a parked worker, and one waiting
        // for the others' progress is woken often: giving the core up after
        // each step as well lets the laggards run (pancake 8 with 256
        // workers on 2 cores: 6.4 s and 11.4 s of CPU without, 3.0 to
        // 3.2 s and 5.5 s with, as before workers parked).
        std::thread::yield_now();
        #[cfg(test)]
        tests::WAITING_STEPS.fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    use search_core::Run;
    use search_core::space::RankedSpace;

    use crate::{DistributedEnumeration, Workers};

    /// Steps taken by workers waiting for the others, in this test binary.
    pub(super) static WAITING_STEPS: AtomicU64 = AtomicU64::new(0);

    /// A line of 40 ranks: 40 rounds of one rank each.
    struct Line;

    impl RankedSpace for Line {
        fn rank_count(&self) -> u64 {
            40
        }
        fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
            if rank + 1 < 40 {
                report(rank + 1);
            }
        }
    }

    /// Holds the tests that count [`WAITING_STEPS`] apart.
    static COUNTING: std::sync::Mutex<()> = std::sync::Mutex::new(());

    #[test]
    fn workers_beyond_the_cores_wait_without_spinning() {
        let _alone = COUNTING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let workers = 32;
        let before = WAITING_STEPS.load(Ordering::Relaxed);
        let run = DistributedEnumeration::new(Workers::threads(workers).expect("threads"));
        let layers = run.run(Arc::new(Line), &[0], &mut Run::new()).expect("the run");
        assert_eq!((layers.states(), layers.radius()), (40, 39));
        let steps = WAITING_STEPS.load(Ordering::Relaxed) - before;
        // Without giving up the core, a waiting worker stepped about
        // 100,000 times a round on a 2-core machine; with it, a few.
        let rounds = 41;
        assert!(steps < rounds * workers as u64 * 1_000, "{steps} waiting steps");
    }

    /// A line of 64 ranks whose rank 40, owned by the second of two
    /// workers (slices of 32), takes a second to expand.
    struct SlowRank;

    impl RankedSpace for SlowRank {
        fn rank_count(&self) -> u64 {
            64
        }
        fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
            if rank == 40 {
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
            if rank + 1 < 64 {
                report(rank + 1);
            }
        }
    }

    #[test]
    fn a_worker_waiting_for_a_slow_one_parks() {
        let _alone = COUNTING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let before = WAITING_STEPS.load(Ordering::Relaxed);
        let run = DistributedEnumeration::new(Workers::threads(2).expect("threads"));
        let layers = run.run(Arc::new(SlowRank), &[0], &mut Run::new()).expect("the run");
        assert_eq!((layers.states(), layers.radius()), (64, 63));
        let steps = WAITING_STEPS.load(Ordering::Relaxed) - before;
        // Worker 0 waits the second rank 40 takes worker 1: parked, it
        // wakes every 50 ms at most, and for each of the 64 rounds' few
        // messages; without a clock, timely never parked it, and it
        // stepped some 100,000 times in that second.
        assert!(steps < 2_000, "{steps} waiting steps");
    }
}
