//! A search stopped through its `CancelHandle`: every cache, every
//! executor, within 65,536 expansions of the cancel, with its statistics
//! so far.

use search_core::{
    AStar, CancelHandle, ErrorKind, IdaStar, InPlace, Search, Successors, UnitCost, Weighted,
    ZeroOneBfs,
};

/// An endless tree (each number n has children 2n and 2n + 1, wrapping)
/// whose successor function cancels `cancel` on its `at`-th call.
struct Cancelling {
    cancel: CancelHandle,
    at: u64,
    calls: std::sync::atomic::AtomicU64,
}

impl Cancelling {
    fn new(at: u64) -> Cancelling {
        Cancelling { cancel: CancelHandle::new(), at, calls: 0.into() }
    }

    fn count(&self) {
        let calls = self.calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if calls == self.at {
            self.cancel.cancel();
        }
    }

    fn calls(&self) -> u64 {
        self.calls.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Successors for Cancelling {
    type State = u64;
    type Move = ();
    fn successors<F: FnMut(u64, ())>(&self, &n: &u64, mut report: F) {
        self.count();
        report(n.wrapping_mul(2), ());
        report(n.wrapping_mul(2).wrapping_add(1), ());
    }
}

impl search_core::Reversible for Cancelling {}

impl Weighted for Cancelling {
    type Cost = u32;
    fn cost(&self, _: &u64, (): &(), _: &u64) -> u32 {
        1
    }
}

impl InPlace for Cancelling {
    type State = u64;
    type Move = u64;
    type Cost = u32;
    fn moves<F: FnMut(u64)>(&self, _: &u64, mut report: F) {
        self.count();
        report(0);
        report(1);
    }
    fn apply(&self, n: &mut u64, &bit: &u64) -> u32 {
        *n = n.wrapping_mul(2).wrapping_add(bit);
        1
    }
    fn undo(&self, n: &mut u64, _: &u64) {
        *n /= 2;
    }
}

/// Checks that a run ended by the cancel, within a report interval of it.
fn assert_cancelled<T: std::fmt::Debug>(
    what: &str,
    result: Result<T, search_core::Error>,
    space: &Cancelling,
    expanded: u64,
) {
    let error = result.expect_err(what);
    assert_eq!(error.kind(), &ErrorKind::Cancelled, "{what}");
    assert_eq!(error.to_string(), "search was cancelled");
    assert!(space.calls() >= space.at, "{what}: stopped before the cancel");
    assert!(expanded >= space.at, "{what}: statistics so far: {expanded}");
    assert!(space.calls() < space.at + 3 * 65_536, "{what}: {} calls", space.calls());
}

const AT: u64 = 100_000;

#[test]
fn breadth_first_searches_stop_when_cancelled() {
    let never = |_: &u64| false;
    let space = Cancelling::new(AT);
    let mut search = Search::new().cancel_with(space.cancel.clone());
    let result = search.bfs(&space, [1], never);
    assert_cancelled("bfs", result, &space, search.stats().expanded);

    let space = Cancelling::new(AT);
    let mut search = Search::new().cancel_with(space.cancel.clone());
    let result = search.distance(&space, [1], never);
    assert_cancelled("distance", result, &space, search.stats().expanded);

    let space = Cancelling::new(AT);
    let mut search = Search::new().cancel_with(space.cancel.clone());
    let result = search.bidirectional(&space, [1], [u64::MAX]);
    assert_cancelled("bidirectional", result.map(|_| ()), &space, search.stats().expanded);

    let space = Cancelling::new(AT);
    let mut search = Search::new().cancel_with(space.cancel.clone());
    let result = search.all_shortest_paths(&space, [1], never).map(|paths| paths.count());
    assert_cancelled("all_shortest_paths", result, &space, search.stats().expanded);

    // A handle stays cancelled: the next run ends before it expands.
    let before = space.calls();
    let error = search.distance(&space, [1], never).unwrap_err();
    assert_eq!((error.kind(), space.calls()), (&ErrorKind::Cancelled, before));
}

#[test]
fn informed_searches_stop_when_cancelled() {
    let never = |_: &u64| false;
    let zero = |_: &u64| 0u32;
    let space = Cancelling::new(AT);
    let mut search = AStar::new().cancel_with(space.cancel.clone());
    let result = search.run(&space, [1], &zero, never);
    assert_cancelled("astar", result.map(|_| ()), &space, search.stats().expanded);

    let space = Cancelling::new(AT);
    let mut search = ZeroOneBfs::new().cancel_with(space.cancel.clone());
    let result = search.run(&space, [1], never);
    assert_cancelled("zero_one_bfs", result.map(|_| ()), &space, search.stats().expanded);

    let space = Cancelling::new(AT);
    let mut search = IdaStar::new().cancel_with(space.cancel.clone());
    let result = search.run(&space, [1], &zero, never);
    assert_cancelled("ida_star", result.map(|_| ()), &space, search.stats().expanded);

    let space = Cancelling::new(AT);
    let mut search = IdaStar::new().cancel_with(space.cancel.clone());
    let result = search.run_in_place(&space, [1], &zero, never);
    assert_cancelled("ida_star in place", result.map(|_| ()), &space, search.stats().expanded);
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_ida_star_stops_when_cancelled() {
    let space = Cancelling::new(AT);
    let mut search = IdaStar::new().cancel_with(space.cancel.clone());
    let result = search.run_parallel(&space, [1], &|_: &u64| 0u32, |_| false);
    // Each worker checks every 65,536 of its own expansions: a bound per
    // thread.
    let error = result.expect_err("parallel ida_star");
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    let threads = rayon::current_num_threads() as u64;
    assert!(space.calls() < AT + (threads + 2) * 65_536, "{} calls", space.calls());
}

#[test]
fn a_cancel_from_another_thread_stops_a_search_that_never_ends() {
    let naturals = UnitCost(search_core::from_fn(|&n: &u64| [n + 1]));
    let cancel = CancelHandle::new();
    let stopper = {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            cancel.cancel();
        })
    };
    let mut search = IdaStar::new().cancel_with(cancel);
    let error = search.run(&naturals, [0], &|_: &u64| 0u32, |_| false).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    stopper.join().unwrap();
}

/// Cancels `cancel` from another thread after a moment.
fn cancel_soon(cancel: CancelHandle) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(20));
        cancel.cancel();
    })
}

#[test]
fn every_cache_hands_out_a_handle_that_stops_it() {
    let naturals = UnitCost(search_core::from_fn(|&n: &u64| [n + 1]));
    let never = |_: &u64| false;
    let zero = |_: &u64| 0u32;

    let mut search = Search::new();
    let stopper = cancel_soon(search.cancel_handle());
    assert_eq!(search.distance(&naturals, [0], never).unwrap_err().kind(), &ErrorKind::Cancelled);
    stopper.join().unwrap();

    let mut search = AStar::new();
    let stopper = cancel_soon(search.cancel_handle());
    let error = search.run(&naturals, [0], zero, never).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    stopper.join().unwrap();

    let mut search = ZeroOneBfs::new();
    let stopper = cancel_soon(search.cancel_handle());
    assert_eq!(search.run(&naturals, [0], never).unwrap_err().kind(), &ErrorKind::Cancelled);
    stopper.join().unwrap();

    // IDA* with no estimate goes one bound deeper each iteration: it never
    // ends on its own.
    let mut search = IdaStar::new();
    let stopper = cancel_soon(search.cancel_handle());
    let error = search.run(&naturals, [0], zero, never).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    stopper.join().unwrap();
    // The cache stays cancelled until it is given a new handle.
    let error = search.run(&naturals, [0], zero, |&n| n == 3).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    let mut search = search.cancel_with(CancelHandle::new());
    assert_eq!(search.run(&naturals, [0], zero, |&n| n == 3).unwrap().map(|(_, c)| c), Some(3));
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_enumeration_reports_each_layer_and_stops_when_cancelled() {
    use search_core::{ParallelEnumeration, Progress};

    // A binary tree of 1,023 nodes: ten layers, the last 512 leaves.
    let tree =
        search_core::from_fn(|&n: &u32| [2 * n, 2 * n + 1].into_iter().filter(|&m| m < 1_024));
    let mut reports: Vec<Progress> = Vec::new();
    let mut enumeration = ParallelEnumeration::new().threads(2).on_progress(|p| reports.push(*p));
    assert_eq!(enumeration.run(&tree, [1]).unwrap().states(), 1_023);
    drop(enumeration);
    let depths: Vec<usize> = reports.iter().map(|p| p.depth).collect();
    assert_eq!(depths, (0..10).collect::<Vec<_>>());
    assert_eq!(reports.last().map(|p| (p.stored, p.expanded)), Some((1_023, 1_023)));

    // The naturals never end: the cancel ends the run at a layer's end.
    let naturals = search_core::from_fn(|&n: &u64| [n + 1]);
    let mut enumeration = ParallelEnumeration::new().threads(2);
    let stopper = cancel_soon(enumeration.cancel_handle());
    let error = enumeration.run(&naturals, [0]).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    stopper.join().unwrap();
}
