//! The contract every public search keeps, checked for each one.
//!
//! For every search that takes a [`Run`]: each limit that applies to it
//! ends it with [`ErrorKind::LimitReached`] naming that limit; a cancel
//! before it starts, and one from another thread while it runs, end it
//! within 1,024 expansions; its progress is reported; and a failing
//! space's error comes back. For every free function: the failing space's
//! error comes back too. In a child process whose address space is capped
//! (`prlimit`), every search that stores states meets a 64 MiB memory
//! limit as an error, and memory that the machine refuses as an error,
//! never an abort (those that grow on one thread: [`grows_on_threads`]).
//!
//! The lists below are checked against the crate's sources: a public
//! method that takes a `Run`, or a free function the crate exports, that
//! is missing here fails [`every_public_search_is_listed`].

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use search_core::breadth_first::{DiskEnumeration, Enumeration, ParallelEnumeration, Search};
use search_core::cheapest::{AStar, BeamSearch, BidirectionalSearch, FringeSearch, ZeroOneBfs};
use search_core::deepening::{IdaStar, InPlace};
use search_core::dense::DenseEnumeration;
use search_core::patterns::{DistanceTable, PiecePattern, ZeroOneRankedSpace};
use search_core::run::CancelHandle;
use search_core::sorted::SortedEnumeration;
use search_core::space::RankedSpace;
use search_core::{Error, ErrorKind, Limit, Limits, Predecessors, Run, Successors, Weighted};

use crate::graphs::Fog;

/// Expansions after which [`Probe`] cancels, from another thread.
const CANCEL_AT: u64 = 5_000;

/// Expansions within which a cancelled search ends.
const WITHIN: u64 = 1_024;

/// A space that never ends, in two parts that never meet: state `2n + c`
/// is number `n` of part `c`, joined to `n + 1`, `n - 1`, `2n`, `2n + 1`
/// and `n / 2` of its part (each edge both ways). Starts are in part 0
/// (state 2, number 1), goals in part 1 (state 3), so no goal is ever
/// found. The same numbers below `bound` are a ranked space, and an
/// abstraction for a distance table.
///
/// It counts its expansions, and can cancel a handle from another thread
/// at one of them, or fail from one of them on.
struct Probe {
    calls: Arc<AtomicU64>,
    cancel: Option<Canceller>,
    fail_at: Option<u64>,
    failed: Mutex<Option<Error>>,
    bound: u64,
}

/// A thread that cancels a handle when asked, and says when it has.
struct Canceller {
    at: u64,
    /// The expansions counted just before the cancel: those of other
    /// threads while this one waited came before it.
    before: Arc<AtomicU64>,
    ask: mpsc::SyncSender<()>,
    done: Mutex<mpsc::Receiver<()>>,
}

impl Probe {
    fn new() -> Probe {
        Probe {
            calls: Arc::default(),
            cancel: None,
            fail_at: None,
            failed: Mutex::new(None),
            bound: 1 << 18,
        }
    }

    /// A probe that cancels `cancel` from another thread at its
    /// [`CANCEL_AT`]th expansion, and waits until it has.
    fn cancelling(cancel: CancelHandle) -> Probe {
        let (ask, asked) = mpsc::sync_channel(1);
        let (tell, done) = mpsc::sync_channel(1);
        let probe = Probe::new();
        let (calls, before) = (Arc::clone(&probe.calls), Arc::new(AtomicU64::new(u64::MAX)));
        let noted = Arc::clone(&before);
        std::thread::spawn(move || {
            if asked.recv().is_ok() {
                noted.store(calls.load(Ordering::SeqCst), Ordering::SeqCst);
                cancel.cancel();
                let _ = tell.send(());
            }
        });
        let cancel = Canceller { at: CANCEL_AT, before, ask, done: Mutex::new(done) };
        Probe { cancel: Some(cancel), ..probe }
    }

    /// The expansions since the cancel, or none if it has not happened.
    fn calls_since_cancel(&self) -> Option<u64> {
        let before = self.cancel.as_ref()?.before.load(Ordering::SeqCst);
        self.calls().checked_sub(before)
    }

    fn failing(at: u64) -> Probe {
        Probe { fail_at: Some(at), ..Probe::new() }
    }

    fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }

    /// Counts an expansion; false once the space has failed.
    fn expand(&self) -> bool {
        let call = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(cancel) = &self.cancel
            && call == cancel.at
        {
            cancel.ask.send(()).expect("the canceller waits");
            let done = cancel.done.lock().unwrap();
            done.recv_timeout(Duration::from_secs(300)).expect("the canceller answers");
        }
        if self.fail_at.is_some_and(|at| call >= at) {
            self.failed.lock().unwrap().get_or_insert_with(|| Error::space_failed(Fog));
            return false;
        }
        true
    }

    /// The neighbours of state `state`, each with its move, until `report`
    /// breaks: the numbers below `bound` only.
    fn neighbours(state: u64, bound: u64, mut report: impl FnMut(u64, u8) -> ControlFlow<()>) {
        let (n, part) = (state / 2, state % 2);
        let numbers = [
            n.checked_add(1),
            n.checked_sub(1),
            n.checked_mul(2),
            n.checked_mul(2).and_then(|m| m.checked_add(1)),
            (n > 0).then_some(n / 2),
        ];
        for (mv, next) in numbers.into_iter().enumerate() {
            if let Some(next) = next.filter(|&next| next < bound)
                && report(2 * next + part, mv as u8).is_break()
            {
                return;
            }
        }
    }
}

const START: u64 = 2;
const GOAL: u64 = 3;

impl Successors for Probe {
    type State = u64;
    type Move = u8;

    /// Not an expansion, and not counted: the searches expand through
    /// [`successors_until`](Successors::successors_until), and call this
    /// only to look a move's cost or name up again.
    fn successors<F: FnMut(u64, u8)>(&self, &state: &u64, mut report: F) {
        Probe::neighbours(state, u64::MAX / 4, |next, mv| {
            report(next, mv);
            ControlFlow::Continue(())
        });
    }

    fn successors_until<F>(&self, &state: &u64, report: F) -> ControlFlow<()>
    where
        F: FnMut(u64, u8) -> ControlFlow<()>,
    {
        if self.expand() {
            Probe::neighbours(state, u64::MAX / 4, report);
        }
        ControlFlow::Continue(())
    }

    fn failure(&self) -> Option<Error> {
        self.failed.lock().unwrap().clone()
    }
}

impl Predecessors for Probe {
    fn predecessors<F: FnMut(u64)>(&self, &state: &u64, mut report: F) {
        if self.expand() {
            Probe::neighbours(state, u64::MAX / 4, |previous, _| {
                report(previous);
                ControlFlow::Continue(())
            });
        }
    }
}

impl Weighted for Probe {
    type Cost = u32;

    fn cost(&self, _: &u64, _: &u8, _: &u64) -> u32 {
        1
    }
}

/// In place, a tree: `n + 1`, `2n` and `2n + 1`, each undone.
impl InPlace for Probe {
    type State = u64;
    type Move = u8;
    type Cost = u32;

    fn moves<F: FnMut(u8)>(&self, _: &u64, mut report: F) {
        if self.expand() {
            (0..3).for_each(&mut report);
        }
    }

    fn apply(&self, state: &mut u64, &mv: &u8) -> u32 {
        let (n, part) = (*state / 2, *state % 2);
        let n = match mv {
            0 => n.wrapping_add(1),
            1 => n.wrapping_mul(2),
            _ => n.wrapping_mul(2).wrapping_add(1),
        };
        *state = n.wrapping_mul(2) + part;
        1
    }

    fn undo(&self, state: &mut u64, &mv: &u8) {
        let (n, part) = (*state / 2, *state % 2);
        let n = match mv {
            0 => n.wrapping_sub(1),
            _ => n / 2,
        };
        *state = n.wrapping_mul(2) + part;
    }

    fn failure(&self) -> Option<Error> {
        self.failed.lock().unwrap().clone()
    }
}

impl RankedSpace for Probe {
    fn rank_count(&self) -> u64 {
        2 * self.bound
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        if self.expand() {
            Probe::neighbours(rank, self.bound, |next, _| {
                report(next);
                ControlFlow::Continue(())
            });
        }
    }

    fn failure(&self) -> Option<Error> {
        self.failed.lock().unwrap().clone()
    }
}

impl ZeroOneRankedSpace for Probe {
    fn rank_count(&self) -> u64 {
        2 * self.bound
    }

    fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
        if self.expand() {
            Probe::neighbours(rank, self.bound, |next, _| {
                report(next, true);
                ControlFlow::Continue(())
            });
        }
    }

    fn failure(&self) -> Option<Error> {
        self.failed.lock().unwrap().clone()
    }
}

/// A search, run on a probe with a run, for a goal it never finds.
type Searching = fn(&Probe, &mut Run<'_>) -> Result<(), Error>;

/// A bound of [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bound {
    States,
    Memory,
    Depth,
    Nodes,
}

use Bound::{Depth, Memory, Nodes, States};

/// A search that takes a [`Run`]: its name, the bounds that apply to it,
/// and how to run it.
struct Entry {
    name: &'static str,
    bounds: &'static [Bound],
    search: Searching,
    /// Whether it stores the states it visits, and so meets a memory
    /// limit on an endless space.
    stores: bool,
}

const fn entry(name: &'static str, bounds: &'static [Bound], search: Searching) -> Entry {
    Entry { name, bounds, search, stores: true }
}

/// A search whose states live on disk: what it holds in memory is sized
/// up front, and an endless space meets the node limit.
const fn on_disk(name: &'static str, bounds: &'static [Bound], search: Searching) -> Entry {
    Entry { name, bounds, search, stores: false }
}

const fn path_only(name: &'static str, bounds: &'static [Bound], search: Searching) -> Entry {
    Entry { name, bounds, search, stores: false }
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "a goal test takes its state by reference")]
fn never(_: &u64) -> bool {
    false
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "an estimate takes its state by reference")]
fn zero(_: &u64) -> u32 {
    0
}

/// Every public search that takes a [`Run`], by `Type::method`.
const ENTRIES: &[Entry] = &[
    entry("Search::bfs", &[States, Memory, Depth], |p, run| {
        Search::new().bfs(p, [START], never, run).map(drop)
    }),
    entry("Search::distance", &[States, Memory, Depth], |p, run| {
        Search::new().distance(p, [START], never, run).map(drop)
    }),
    entry("Search::bidirectional", &[States, Memory, Depth], |p, run| {
        Search::new().bidirectional(p, [START], [GOAL], run).map(drop)
    }),
    entry("Search::enumerate", &[States, Memory, Depth], |p, run| {
        Search::new().enumerate(p, [START], run).and_then(whole)
    }),
    entry("Search::all_shortest_paths", &[States, Memory, Depth], |p, run| {
        Search::new().all_shortest_paths(p, [START], never, run).map(drop)
    }),
    entry("Search::dfs", &[States, Memory, Nodes], |p, run| {
        Search::new().dfs(p, [START], never, run).map(drop)
    }),
    entry("AStar::run", &[States, Memory, Nodes], |p, run| {
        AStar::new().run(p, [START], zero, never, run).map(drop)
    }),
    entry("AStar::cheapest_costs", &[States, Memory, Nodes], |p, run| {
        AStar::new().cheapest_costs(p, [START], None, run).map(drop)
    }),
    entry("AStar::all_cheapest_paths", &[States, Memory, Nodes], |p, run| {
        AStar::new().all_cheapest_paths(p, [START], zero, never, run).map(drop)
    }),
    entry("FringeSearch::run", &[States, Memory, Nodes], |p, run| {
        FringeSearch::new().run(p, [START], zero, never, run).map(drop)
    }),
    entry("AStar::greedy_best_first", &[States, Memory, Nodes], |p, run| {
        AStar::new().greedy_best_first(p, [START], zero, never, run).map(drop)
    }),
    entry("BeamSearch::run", &[States, Memory, Depth, Nodes], |p, run| {
        BeamSearch::new().run(p, [START], zero, never, 1 << 20, run).map(drop)
    }),
    entry("AStar::k_cheapest_paths", &[States, Memory, Nodes], |p, run| {
        AStar::new().k_cheapest_paths(p, [START], never, 3, run).map(drop)
    }),
    entry("BidirectionalSearch::dijkstra", &[States, Memory, Nodes], |p, run| {
        BidirectionalSearch::new().dijkstra(p, [START], [GOAL], run).map(drop)
    }),
    entry("BidirectionalSearch::astar", &[States, Memory, Nodes], |p, run| {
        BidirectionalSearch::new().astar(p, [START], [GOAL], zero, zero, run).map(drop)
    }),
    entry("ZeroOneBfs::run", &[States, Memory, Nodes], |p, run| {
        ZeroOneBfs::new().run(p, [START], never, run).map(drop)
    }),
    path_only("IdaStar::run", &[Depth, Nodes], |p, run| {
        IdaStar::new().run(p, [START], zero, never, run).map(drop)
    }),
    path_only("IdaStar::run_parallel", &[Depth, Nodes], |p, run| {
        IdaStar::new().run_parallel(p, [START], zero, never, run).map(drop)
    }),
    path_only("IdaStar::run_budgeted", &[Depth, Nodes], |p, run| {
        IdaStar::new().run_budgeted(p, [START], |_, _| 0, never, run).map(drop)
    }),
    path_only("IdaStar::run_parallel_budgeted", &[Depth, Nodes], |p, run| {
        IdaStar::new().run_parallel_budgeted(p, [START], |_, _| 0, never, run).map(drop)
    }),
    path_only("IdaStar::run_in_place", &[Depth, Nodes], |p, run| {
        IdaStar::new().run_in_place(p, [START], zero, never, run).map(drop)
    }),
    path_only("IdaStar::depth_first", &[Depth, Nodes], |p, run| {
        IdaStar::new().depth_first(p, [START], never, run).map(drop)
    }),
    path_only("IdaStar::iterative_deepening", &[Depth, Nodes], |p, run| {
        IdaStar::new().iterative_deepening(p, [START], never, run).map(drop)
    }),
    entry("ParallelEnumeration::run", &[States, Memory, Depth], |p, run| {
        ParallelEnumeration::new().threads(2).run(p, [START], run).and_then(whole)
    }),
    entry("ParallelEnumeration::distance", &[States, Memory, Depth], |p, run| {
        ParallelEnumeration::new().threads(2).distance(p, [START], never, run).map(drop)
    }),
    entry("SortedEnumeration::run", &[Memory, Depth], |p, run| {
        SortedEnumeration::new().threads(2).run(p, &[START], run).and_then(whole)
    }),
    entry("SortedEnumeration::run_reversible", &[Memory, Depth], |p, run| {
        SortedEnumeration::new().threads(2).run_reversible(p, &[START], run).and_then(whole)
    }),
    entry("SortedEnumeration::path_reversible", &[Memory, Depth], |p, run| {
        // The last rank: far enough that a limit comes first.
        let goal = RankedSpace::rank_count(p) - 1;
        SortedEnumeration::new().threads(2).path_reversible(p, &[START], goal, run).map(drop)
    }),
    entry("Enumerator::run", &[Memory, Depth], |p, run| {
        search_core::layers::Enumerator::new().run(p, &[START], run).and_then(whole)
    }),
    entry("Enumerator::run_states", &[States, Memory, Depth], |p, run| {
        search_core::layers::Enumerator::new()
            .threads(2)
            .run_states(p, [START], run)
            .and_then(whole)
    }),
    entry("Enumerator::run_keyed", &[Memory, Depth], |p, run| {
        search_core::layers::Enumerator::new()
            .threads(2)
            .run_keyed(p, &[START], run)
            .and_then(whole)
    }),
    entry("DenseEnumeration::run", &[Memory, Depth], |p, run| {
        DenseEnumeration::new().threads(2).run(p, &[START], run).and_then(whole)
    }),
    entry("DenseEnumeration::run_visiting", &[Memory, Depth], |p, run| {
        DenseEnumeration::new().threads(2).run_visiting(p, &[START], |_, _| {}, run).and_then(whole)
    }),
    entry("DenseEnumeration::run_until", &[Memory, Depth], |p, run| {
        let go_on = |_, _| ControlFlow::Continue(());
        DenseEnumeration::new()
            .threads(2)
            .run_until(p, &[START], go_on, |_, _| {}, run)
            .and_then(whole)
    }),
    entry("DenseEnumeration::distance_table", &[Memory, Depth], |p, run| {
        let entries = p.bound;
        let project = |rank: u64| rank / 2;
        DenseEnumeration::new()
            .threads(2)
            .distance_table(p, &[START], entries, project, run)
            .map(drop)
    }),
    entry("DistanceTable::build", &[Memory, Depth], |p, run| {
        DistanceTable::build(p, &[START], run).map(drop)
    }),
    on_disk("DiskEnumeration::run", &[Memory, Depth, Nodes], |p, run| {
        in_scratch(|dir| DiskEnumeration::new(dir).run(p, [START], run).and_then(whole))
    }),
    on_disk("DiskEnumeration::run_reversible", &[Memory, Depth, Nodes], |p, run| {
        let both_ways = search_core::space::Undirected(p);
        in_scratch(|dir| {
            DiskEnumeration::new(dir).run_reversible(&both_ways, [START], run).and_then(whole)
        })
    }),
];

/// Runs `search` in a directory of its own, removed after it.
fn in_scratch(search: impl FnOnce(&std::path::Path) -> Result<(), Error>) -> Result<(), Error> {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("contract-{}-{call}", std::process::id()));
    let outcome = search(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

/// The builders that search an abstraction of their own, not a space they
/// are given, so the probe cannot stand in for it: each is checked on its
/// own below.
const OWN_SPACES: &[&str] = &[
    "PiecePattern::build",
    "PointPattern::build",
    "Solver::new",
    "Solver::with_tables_in",
    "Solver::solve",
];

/// What takes a `Run` to report how far it has read and to be stopped,
/// but searches nothing: checked on its own below.
const READERS: &[&str] = &["PermutationPuzzle::parse_with"];

#[test]
fn a_reader_reports_and_stops_when_cancelled() {
    use search_core::groups::PermutationPuzzle;
    let text = (0..100_000).fold(String::new(), |mut text, i| {
        let _ = writeln!(text, "g{i}: 1 0 2");
        text
    });
    // Cancelled before it starts, it reads nothing.
    let cancel = CancelHandle::new();
    cancel.cancel();
    let mut run = Run::new().cancel_with(cancel);
    let error = PermutationPuzzle::parse_with(&text, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    // Cancelled at its first report, it stops there.
    let cancel = CancelHandle::new();
    let (stop, mut reports) = (cancel.clone(), Vec::new());
    let mut run = Run::new().cancel_with(cancel).on_progress(|progress| {
        reports.push(progress.stored);
        stop.cancel();
    });
    let error = PermutationPuzzle::parse_with(&text, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    drop(run);
    assert_eq!(reports, [4_096]);
}

/// A pattern of the 4x4 sliding puzzle: 16 x 15 x 14 x 13 placements of
/// its pieces, ten layers deep and more.
fn sliding_pattern() -> PiecePattern {
    let next_to: Vec<Vec<usize>> = (0..16usize)
        .map(|place| {
            let (row, col) = (place / 4, place % 4);
            [
                (row > 0).then(|| place - 4),
                (row < 3).then(|| place + 4),
                (col > 0).then(|| place - 1),
                (col < 3).then(|| place + 1),
            ]
            .into_iter()
            .flatten()
            .collect()
        })
        .collect();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    PiecePattern::new(&next_to, &goal, &[1, 2, 3, 4]).unwrap()
}

#[test]
fn a_piece_pattern_build_keeps_the_contract() {
    let pattern = sliding_pattern();
    // Its limits: the tables are sized up front, and the layers counted.
    for bound in [Memory, Depth] {
        let (limits, limit) = tight(bound, true);
        let error = pattern.build(&mut Run::new().limits(limits)).unwrap_err();
        let named = match limit {
            Limit::Memory(bytes) => is_memory_limit(&error, bytes),
            _ => error.kind() == &ErrorKind::LimitReached(limit),
        };
        assert!(named, "under {bound:?}: {error}");
    }
    // A cancel before it begins, and one from its progress.
    let mut run = Run::new();
    run.cancel_handle().cancel();
    assert_eq!(pattern.build(&mut run).unwrap_err().kind(), &ErrorKind::Cancelled);
    let (mut reports, cancel) = (0, CancelHandle::new());
    let stop = cancel.clone();
    let mut run = Run::new().cancel_with(cancel).on_progress(|progress| {
        reports += 1;
        if progress.depth == 3 {
            stop.cancel();
        }
    });
    let error = pattern.build(&mut run).unwrap_err();
    drop(run);
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    assert!(reports >= 3, "{reports} reports");
    // Uncancelled, it finishes, and its statistics count the abstraction.
    let mut run = Run::new();
    let table = pattern.build(&mut run).unwrap();
    assert_eq!(table.len(), 16 * 15 * 14 * 13);
    assert!(run.stats().expanded >= 16 * 15 * 14 * 13, "{:?}", run.stats());
}

/// A search that runs with default limits, and no run to give it.
type Shortcut = fn(&Probe) -> Result<(), Error>;

/// Every free function the crate exports, each the shortcut of a method
/// above.
const SHORTCUTS: &[(&str, Shortcut, bool)] = &[
    ("bfs", |p| search_core::bfs(p, [START], never).map(drop), true),
    ("bidirectional_bfs", |p| search_core::bidirectional_bfs(p, [START], [GOAL]).map(drop), true),
    ("dfs", |p| search_core::breadth_first::dfs(p, [START], never).map(drop), true),
    ("enumerate", |p| search_core::enumerate(p, [START]).and_then(whole), true),
    (
        "par_enumerate",
        |p| search_core::breadth_first::par_enumerate(p, [START]).and_then(whole),
        true,
    ),
    (
        "all_shortest_paths",
        |p| search_core::breadth_first::all_shortest_paths(p, [START], never).map(drop),
        true,
    ),
    ("dijkstra", |p| search_core::dijkstra(p, [START], never).map(drop), true),
    ("astar", |p| search_core::astar(p, [START], zero, never).map(drop), true),
    ("dijkstra_all", |p| search_core::cheapest::dijkstra_all(p, [START], None).map(drop), true),
    (
        "all_cheapest_paths",
        |p| search_core::cheapest::all_cheapest_paths(p, [START], zero, never).map(drop),
        true,
    ),
    (
        "k_cheapest_paths",
        |p| search_core::cheapest::k_cheapest_paths(p, [START], never, 3).map(drop),
        true,
    ),
    (
        "fringe_search",
        |p| search_core::cheapest::fringe_search(p, [START], zero, never).map(drop),
        true,
    ),
    (
        "greedy_best_first",
        |p| search_core::cheapest::greedy_best_first(p, [START], zero, never).map(drop),
        true,
    ),
    (
        "beam_search",
        |p| search_core::cheapest::beam_search(p, [START], zero, never, 1 << 20).map(drop),
        true,
    ),
    (
        "bidirectional_dijkstra",
        |p| search_core::cheapest::bidirectional_dijkstra(p, [START], [GOAL]).map(drop),
        true,
    ),
    (
        "bidirectional_astar",
        |p| search_core::cheapest::bidirectional_astar(p, [START], [GOAL], zero, zero).map(drop),
        true,
    ),
    ("zero_one_bfs", |p| search_core::cheapest::zero_one_bfs(p, [START], never).map(drop), true),
    // These two store only their path: on an endless space they run until
    // the node or depth limit they cannot be given here.
    ("ida_star", |p| search_core::ida_star(p, [START], zero, never).map(drop), false),
    ("iddfs", |p| search_core::deepening::iddfs(p, [START], never).map(drop), false),
];

/// The exported lowercase names that are not searches, or are listed
/// among the searches given a run.
const NOT_SEARCHES: &[&str] = &[
    "from_fn",
    "from_fn_directed",
    "from_fn_weighted",
    "from_fn_weighted_directed",
    "rank_by",
    "try_from_fn",
    "write_checksummed",
    "write_layer_sizes",
    "write_table_file",
];

/// An enumeration as a search's outcome: layers cut at a depth bound
/// are the depth limit reached, which is how an enumeration honours it
/// (it answers the layers to the bound, and says the space goes on).
#[expect(clippy::needless_pass_by_value, reason = "the shape `Result::and_then` takes")]
fn whole<S>(layers: Enumeration<S>) -> Result<(), Error> {
    if layers.is_complete() {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::LimitReached(Limit::Depth(layers.radius()))))
    }
}

/// The limits with `bound` small: a thousand states or nodes, a mebibyte
/// (a kibibyte for an engine on ranks), five moves.
fn tight(bound: Bound, dense: bool) -> (Limits, Limit) {
    let limits = Limits::new();
    match bound {
        States => (limits.max_states(1_000), Limit::States(1_000)),
        Memory if dense => (limits.max_memory(1 << 10), Limit::Memory(1 << 10)),
        Memory => (limits.max_memory(1 << 20), Limit::Memory(1 << 20)),
        Depth => (limits.max_depth(5), Limit::Depth(5)),
        Nodes => (limits.max_nodes(1_000), Limit::Nodes(1_000)),
    }
}

/// Whether the entry runs on ranks: the dense engines, whose table is
/// sized up front, and the sorted one, whose packed ranks take a byte or
/// two each, so that only a large ranked space meets a memory limit;
/// `Enumerator` runs one or the other.
fn is_dense(entry: &Entry) -> bool {
    entry.name.starts_with("Dense")
        || entry.name.starts_with("DistanceTable")
        || entry.name.starts_with("SortedEnumeration")
        || ["Enumerator::run", "Enumerator::run_keyed"].contains(&entry.name)
}

/// Whether the search named `name` grows its tables on several threads at
/// once. At an address-space cap, one thread's table can take the last of
/// the room just before another thread's small allocation (a bucket list,
/// the thread pool's own bookkeeping), which no allocator reports as an
/// error: those are left out of the test of memory the machine refuses,
/// and meet the memory limit in the other test like every search.
fn grows_on_threads(name: &str) -> bool {
    name.starts_with("ParallelEnumeration")
        || name.starts_with("SortedEnumeration")
        || name == "par_enumerate"
        || name.starts_with("Enumerator")
}

/// Whether `error` is the memory limit `limit`: reached, or for a table
/// sized up front, refused before it began.
fn is_memory_limit(error: &Error, limit: u64) -> bool {
    match error.kind() {
        ErrorKind::LimitReached(Limit::Memory(reached)) => *reached == limit,
        ErrorKind::TooLarge { limit: refused, .. } => *refused == limit,
        _ => false,
    }
}

#[test]
fn every_limit_that_applies_ends_a_search_and_names_itself() {
    for entry in ENTRIES {
        for &bound in entry.bounds {
            let (limits, limit) = tight(bound, is_dense(entry));
            let mut run = Run::new().limits(limits);
            let error = (entry.search)(&Probe::new(), &mut run)
                .expect_err(&format!("{} under {bound:?}", entry.name));
            let named = match limit {
                Limit::Memory(bytes) => is_memory_limit(&error, bytes),
                _ => error.kind() == &ErrorKind::LimitReached(limit),
            };
            assert!(named, "{} under {bound:?}: {error}", entry.name);
        }
    }
}

#[test]
fn a_cancel_before_a_search_begins_ends_it_at_once() {
    for entry in ENTRIES {
        let probe = Probe::new();
        let mut run = Run::new();
        run.cancel_handle().cancel();
        let error = (entry.search)(&probe, &mut run).expect_err(entry.name);
        assert_eq!(error.kind(), &ErrorKind::Cancelled, "{}", entry.name);
        assert_eq!(probe.calls(), 0, "{}", entry.name);
    }
}

#[test]
fn a_cancel_from_another_thread_ends_a_search_within_1024_expansions() {
    for entry in ENTRIES {
        let cancel = CancelHandle::new();
        let probe = Probe::cancelling(cancel.clone());
        let mut run = Run::new().cancel_with(cancel);
        let error = (entry.search)(&probe, &mut run).expect_err(entry.name);
        assert_eq!(error.kind(), &ErrorKind::Cancelled, "{}: {error}", entry.name);
        let after = probe.calls_since_cancel().expect("cancelled");
        assert!(after <= WITHIN, "{}: {after} expansions after the cancel", entry.name);
        // The statistics are those of the search so far.
        assert!(run.stats().expanded <= probe.calls(), "{}", entry.name);
    }
}

#[test]
fn every_search_reports_its_progress() {
    for entry in ENTRIES {
        let mut reports = 0;
        let cancel = CancelHandle::new();
        let stop = cancel.clone();
        let mut run = Run::new().cancel_with(cancel).on_progress(|progress| {
            reports += 1;
            assert!(progress.stored > 0 || progress.expanded == 0, "{}: {progress:?}", entry.name);
            // Heard once: enough.
            stop.cancel();
        });
        if !entry.stores {
            // Depth first along one path, whose cycle checks cost the
            // square of its length, would take long to report.
            run.set_limits(Limits::new().max_depth(20));
        }
        let error = (entry.search)(&Probe::new(), &mut run).expect_err(entry.name);
        drop(run);
        assert_eq!(error.kind(), &ErrorKind::Cancelled, "{}", entry.name);
        assert!(reports > 0, "{}: no report", entry.name);
    }
}

fn assert_failed(name: &str, result: Result<(), Error>) {
    let error = result.expect_err(name);
    assert_eq!(error.kind(), &ErrorKind::SpaceFailed { message: "fog".into() }, "{name}");
    let source = std::error::Error::source(&error).and_then(|source| source.downcast_ref::<Fog>());
    assert!(source.is_some(), "{name}: the space's error is its source");
}

#[test]
fn a_failing_space_is_the_error_of_every_search() {
    for entry in ENTRIES {
        assert_failed(entry.name, (entry.search)(&Probe::failing(50), &mut Run::new()));
    }
    for &(name, shortcut, _) in SHORTCUTS {
        assert_failed(name, shortcut(&Probe::failing(50)));
    }
}

/// The `pub fn`s of the crate's sources that take a `Run`, as
/// `Type::method`, and the lowercase names the crate exports.
/// Pancakes of 8: tables of a few pancakes each, and words of up to 9
/// flips, deep enough for several iterations.
fn pancake_solver(run: &mut Run<'_>) -> Result<search_core::words::Solver, Error> {
    let mut flips = search_core::groups::Generators::new(8).unwrap();
    for k in 2..=8u8 {
        let image: Vec<u8> = (0..8).map(|i| if i < k { k - 1 - i } else { i }).collect();
        flips.push(&format!("flip {k}"), &image).unwrap();
    }
    search_core::words::Solver::new(&flips, 2_000, run)
}

#[test]
fn a_permutation_solver_keeps_the_contract() {
    // Its build: the tables' memory, and a cancel before it begins.
    let limits = Limits::new().max_memory(64);
    let error = pancake_solver(&mut Run::new().limits(limits)).unwrap_err();
    assert!(is_memory_limit(&error, 64), "{error}");
    let mut run = Run::new();
    run.cancel_handle().cancel();
    assert_eq!(pancake_solver(&mut run).unwrap_err().kind(), &ErrorKind::Cancelled);
    // Its search: the depth and the nodes, a cancel, and progress.
    let solver = pancake_solver(&mut Run::new()).unwrap();
    let hard = [7, 5, 3, 1, 6, 4, 2, 0];
    let depth = solver.solve(&hard, &mut Run::new()).unwrap().len();
    assert!(depth >= 6, "{depth}");
    let mut run = Run::new().limits(Limits::new().max_depth(depth - 1));
    assert_eq!(
        solver.solve(&hard, &mut run).unwrap_err().kind(),
        &ErrorKind::LimitReached(Limit::Depth(depth - 1))
    );
    let mut run = Run::new().limits(Limits::new().max_nodes(1));
    assert!(matches!(
        solver.solve(&hard, &mut run).unwrap_err().kind(),
        ErrorKind::LimitReached(Limit::Nodes(_))
    ));
    let mut run = Run::new();
    run.cancel_handle().cancel();
    assert_eq!(solver.solve(&hard, &mut run).unwrap_err().kind(), &ErrorKind::Cancelled);
    let mut reports = 0;
    let mut run = Run::new().on_progress(|_| reports += 1);
    solver.solve(&hard, &mut run).unwrap();
    drop(run);
    assert!(reports >= 1, "{reports} reports");
}

fn public_searches() -> (Vec<String>, Vec<String>) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut methods = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let mut owner = String::new();
            for (index, line) in text.lines().enumerate() {
                let line = line.trim_start();
                if let Some(rest) = line.strip_prefix("impl") {
                    // `impl<..> Type<..> {`, or `impl<..> Trait for Type<..> {`:
                    // past the generics, the type is the word after ` for `,
                    // or else the first.
                    let mut depth = 0;
                    let after = rest
                        .char_indices()
                        .find(|&(_, c)| {
                            depth += match c {
                                '<' => 1,
                                '>' => -1,
                                _ => 0,
                            };
                            depth == 0 && c == ' '
                        })
                        .map_or(rest, |(at, _)| &rest[at..]);
                    let head = after.rsplit(" for ").next().unwrap_or(after);
                    owner = head
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                }
                if let Some(rest) = line.strip_prefix("pub fn ") {
                    let name: String =
                        rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    // The signature runs to its body's opening brace, on
                    // its first line or a later one.
                    let mut signature = String::new();
                    for line in text.lines().skip(index) {
                        signature.push_str(line);
                        if line.trim_end().ends_with('{') {
                            break;
                        }
                    }
                    if signature.contains("run: &mut Run<'_>") {
                        // A free function before any impl block has no owner.
                        methods.push(if owner.is_empty() {
                            name
                        } else {
                            format!("{owner}::{name}")
                        });
                    }
                }
            }
        }
    }
    // The root's exports and each module's (a module's `mod.rs` exports
    // its searches with `pub use self::...`).
    let mut exported = Vec::new();
    let mut faces = vec![root.join("lib.rs")];
    for module in std::fs::read_dir(&root).unwrap() {
        let face = module.unwrap().path().join("mod.rs");
        if face.exists() {
            faces.push(face);
        }
    }
    for face in faces {
        let text = std::fs::read_to_string(face).unwrap();
        for export in text.split("pub use ").skip(1) {
            let export = &export[..export.find(';').unwrap()];
            let names = export.rsplit("::").next().unwrap().trim_matches(|c| c == '{' || c == '}');
            for name in names.split(',').map(str::trim) {
                if name.starts_with(char::is_lowercase)
                    && !NOT_SEARCHES.contains(&name)
                    && !exported.iter().any(|known| known == name)
                {
                    exported.push(name.to_owned());
                }
            }
        }
    }
    methods.sort();
    exported.sort();
    (methods, exported)
}

#[test]
fn every_public_search_is_listed() {
    let (methods, exported) = public_searches();
    let mut listed: Vec<String> = ENTRIES.iter().map(|entry| entry.name.to_owned()).collect();
    listed.extend(OWN_SPACES.iter().chain(READERS).map(|name| (*name).to_owned()));
    listed.sort();
    assert_eq!(methods, listed, "the methods that take a Run, and this file's list");
    let mut shortcuts: Vec<String> =
        SHORTCUTS.iter().map(|(name, ..)| (*name).to_owned()).collect();
    shortcuts.sort();
    assert_eq!(exported, shortcuts, "the free functions the crate exports, and this file's list");
    // 28 methods and 19 free functions when this was written.
    assert!(listed.len() + shortcuts.len() >= 47);
}

/// The bytes of this process's address space now (`VmSize`).
fn address_space() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("a Linux /proc");
    let line = status.lines().find(|line| line.starts_with("VmSize:")).expect("VmSize");
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

/// Caps this process's address space at `bytes`, through `prlimit`.
fn cap_address_space(bytes: u64) {
    let status = Command::new("prlimit")
        .arg(format!("--pid={}", std::process::id()))
        .arg(format!("--as={bytes}"))
        .status()
        .expect("prlimit runs");
    assert!(status.success(), "prlimit failed");
}

/// The child's half of the two memory tests below: the mode in
/// `CONTRACT_MEMORY` says which.
#[test]
#[ignore = "run in a child process by the memory tests"]
fn memory_child() {
    let Ok(mode) = std::env::var("CONTRACT_MEMORY") else { return };
    let mut failures = Vec::new();
    if mode == "limit" {
        // A 16 MiB limit in a 1.5 GB address space: every search that
        // stores states meets its limit; those that store only their path
        // their node limit.
        cap_address_space(1_500_000_000);
        for entry in ENTRIES {
            let limits = if entry.stores {
                Limits::new().max_memory(16 << 20)
            } else {
                // A depth bound past what the nodes reach, so that depth
                // first stays off paths whose cycle checks cost the square
                // of their length.
                Limits::new().max_nodes(200_000).max_depth(40)
            };
            let mut probe = Probe::new();
            // A table sized up front that passes the limit: refused at once.
            probe.bound = 1 << 30;
            let probe = if is_dense(entry) { probe } else { Probe::new() };
            let began = std::time::Instant::now();
            let outcome = (entry.search)(&probe, &mut Run::new().limits(limits));
            println!("{}: {:?}", entry.name, began.elapsed());
            let ok = match &outcome {
                Err(error) if entry.stores => is_memory_limit(error, 16 << 20),
                Err(error) => error.kind() == &ErrorKind::LimitReached(Limit::Nodes(200_000)),
                Ok(()) => false,
            };
            if !ok {
                failures.push(format!("{}: {outcome:?}", entry.name));
            }
        }
    } else {
        // Default limits (4 GiB) and room for 8 MiB more: the machine
        // refuses first, and every search says so.
        cap_address_space(address_space() + (8 << 20));
        // Refused, and the message says by what: the cap, not the machine.
        let refused = |outcome: &Result<(), Error>| {
            matches!(outcome, Err(error) if matches!(error.kind(), ErrorKind::AllocationFailed { .. })
                && error.to_string().contains("the process's address-space limit of ")
                && error.to_string().contains("(ulimit -v) leaves too little room"))
        };
        for entry in ENTRIES.iter().filter(|entry| entry.stores && !grows_on_threads(entry.name)) {
            let mut probe = Probe::new();
            // 2^32 ranks: a gibibyte of 2-bit table, 8 GiB of byte table.
            probe.bound = 1 << 31;
            let probe = if is_dense(entry) { probe } else { Probe::new() };
            let mut run = Run::new();
            if entry.name.starts_with("DistanceTable") || entry.name.ends_with("distance_table") {
                run.set_limits(Limits::new().max_memory(16 << 30));
            }
            let began = std::time::Instant::now();
            let outcome = (entry.search)(&probe, &mut run);
            println!("{}: {:?}", entry.name, began.elapsed());
            if !refused(&outcome) {
                failures.push(format!("{}: {outcome:?}", entry.name));
            }
        }
        for &(name, shortcut, stores) in SHORTCUTS {
            if stores && !grows_on_threads(name) {
                let outcome = shortcut(&Probe::new());
                if !refused(&outcome) {
                    failures.push(format!("{name}: {outcome:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("CONTRACT-CHILD-PASSED {mode}");
}

/// Runs [`memory_child`] in a child process, in `mode`, and checks that it
/// passed: exited well, having said so (an abort would end it otherwise).
fn run_child(mode: &str) {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["contract::memory_child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env("CONTRACT_MEMORY", mode)
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains(&format!("CONTRACT-CHILD-PASSED {mode}")),
        "child ({mode}) ended with {}\n{stdout}\n{stderr}",
        output.status
    );
}

#[test]
fn under_a_capped_address_space_a_memory_limit_is_an_error() {
    run_child("limit");
}

#[test]
fn memory_the_machine_refuses_is_an_error_not_an_abort() {
    run_child("refuse");
}

#[test]
fn a_successor_iterator_that_never_ends_meets_the_limits() {
    // Every number is a successor of every state: one expansion would
    // never end, and is stopped at the state bound.
    let all = search_core::from_fn(|_: &u64| 0..);
    let weighted = search_core::space::UnitCost(&all);
    let undirected = search_core::space::Undirected(&all);
    let tight = || Run::new().limits(Limits::new().max_states(10_000));
    let outcomes: [(&str, Result<(), Error>); 12] = [
        ("bfs", Search::new().bfs(&all, [1], never, &mut tight()).map(drop)),
        ("distance", Search::new().distance(&all, [1], never, &mut tight()).map(drop)),
        (
            "bidirectional",
            Search::new().bidirectional(&undirected, [1], [0], &mut tight()).map(drop),
        ),
        ("dfs", Search::new().dfs(&all, [1], never, &mut tight()).map(drop)),
        ("enumerate", Search::new().enumerate(&all, [1], &mut tight()).map(drop)),
        ("astar", AStar::new().run(&weighted, [1], zero, never, &mut tight()).map(drop)),
        ("beam", BeamSearch::new().run(&all, [1], zero, never, 4, &mut tight()).map(drop)),
        ("fringe", FringeSearch::new().run(&weighted, [1], zero, never, &mut tight()).map(drop)),
        ("yen", AStar::new().k_cheapest_paths(&weighted, [1], never, 2, &mut tight()).map(drop)),
        ("zero-one", ZeroOneBfs::new().run(&weighted, [1], never, &mut tight()).map(drop)),
        ("ida_star", IdaStar::new().run(&weighted, [1], zero, never, &mut tight()).map(drop)),
        ("parallel", ParallelEnumeration::new().threads(2).run(&all, [1], &mut tight()).map(drop)),
    ];
    for (name, outcome) in outcomes {
        let error = outcome.expect_err(name);
        assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(10_000)), "{name}");
    }
    // The memory budget stops it too, for a search the state bound does not.
    let mut small = Run::new().limits(Limits::new().max_memory(1 << 20));
    let error = IdaStar::new().run_parallel(&weighted, [1], zero, never, &mut small).unwrap_err();
    assert!(is_memory_limit(&error, 1 << 20), "{error}");
}
