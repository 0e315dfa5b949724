//! `SortedEnumeration` against plain breadth-first search, on directed
//! and undirected random graphs, in one pass and in many (a memory limit
//! small enough to split every layer), in memory and on disk, stopped
//! anywhere (a `kill -9` and a full disk included) and resumed, and its
//! limits; and states keyed by their own bits (`AsKeyed`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use search_core::layers::{Engine, Enumerator};
use search_core::run::CancelHandle;
use search_core::sorted::SortedEnumeration;
use search_core::space::{AsKeyed, FixedKey, KeyedSpace, RankedSpace};
use search_core::{ErrorKind, Limit, Limits, Run, Successors, from_fn};

use crate::graphs::{Fog, Graph, graph, plain_layers, reference_distances};

/// A graph whose ranks are numbered among 2^40: a 2-bit table of 256
/// GiB, which no default limit fits.
struct Roomy<'g>(&'g Graph);

impl RankedSpace for Roomy<'_> {
    fn rank_count(&self) -> u64 {
        1 << 40
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F) {
        self.0.neighbours(rank, report);
    }
}

/// `n` ranks on a ring, each joined to the ranks 1 and 300 either
/// side: a torus whose layers grow by four a step and span the ranks, so
/// that passes over ranges of ranks each find part of every layer.
struct Torus(u64);

impl RankedSpace for Torus {
    fn rank_count(&self) -> u64 {
        self.0
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        let n = self.0;
        for step in [1, 300] {
            report((rank + step) % n);
            report((rank + n - step) % n);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// `Enumerator` runs the 2-bit table where it fits and the sorted layers
    /// where it does not, and hashes states that have no number: all
    /// three give plain BFS's layers.
    #[test]
    fn layers_gives_plain_bfs_layers_from_either_engine(
        directed in graph(300, 3),
        pick in any::<prop::sample::Index>(),
        depth in prop::option::of(0..6usize),
    ) {
        let start = pick.index(directed.len()) as u32;
        let undirected = directed.undirected();
        for graph in [&directed, &undirected] {
            let (mut sizes, mut deepest) = plain_layers(graph, &[start]);
            let cut = depth.is_some_and(|depth| depth + 1 < sizes.len());
            if let Some(depth) = depth.filter(|_| cut) {
                sizes.truncate(depth + 1);
                let distances = reference_distances(graph, &[start]);
                deepest = (0..graph.len() as u64)
                    .filter(|&node| distances[node as usize] == Some(depth))
                    .collect();
            }
            let limits = depth.map_or(Limits::new(), |depth| Limits::new().max_depth(depth));
            let dense = Enumerator::new().run(graph, &[u64::from(start)], &mut Run::new().limits(limits));
            let sorted = Enumerator::new().run(&Roomy(graph), &[u64::from(start)], &mut Run::new().limits(limits));
            let states = from_fn(|&rank: &u64| {
                let mut next = Vec::new();
                graph.neighbours(rank, |neighbour| next.push(neighbour));
                next
            });
            let hashed = Enumerator::new().run_states(&states, [u64::from(start)], &mut Run::new().limits(limits));
            let (dense, sorted, hashed) = (dense.unwrap(), sorted.unwrap(), hashed.unwrap());
            prop_assert_eq!(
                (dense.engine(), sorted.engine(), hashed.engine()),
                (Some(Engine::Dense), Some(Engine::Sorted), Some(Engine::Hashed))
            );
            let hashed = hashed.map_deepest(|mut deepest| {
                deepest.sort_unstable();
                deepest
            });
            for layers in [dense, sorted, hashed] {
                prop_assert_eq!(layers.layer_sizes(), &sizes[..]);
                prop_assert_eq!(layers.deepest(), &deepest[..]);
                prop_assert_eq!(layers.is_complete(), !cut);
            }
        }
    }

    #[test]
    fn layers_match_plain_bfs_directed_and_undirected(
        directed in graph(300, 3),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..3),
        threads in 1..=2usize,
        on_disk in any::<bool>(),
    ) {
        let undirected = directed.undirected();
        let starts: Vec<u32> = picks.iter().map(|pick| pick.index(directed.len()) as u32).collect();
        let ranks: Vec<u64> = starts.iter().map(|&s| u64::from(s)).collect();
        let dir = scratch("random");
        let engine = engine_in(threads, on_disk.then_some(&dir));
        let (sizes, deepest) = plain_layers(&directed, &starts);
        let layers = engine.run(&directed, &ranks, &mut Run::new()).unwrap();
        prop_assert_eq!(layers.layer_sizes(), &sizes[..]);
        prop_assert_eq!(layers.deepest(), &deepest[..]);
        let (sizes, deepest) = plain_layers(&undirected, &starts);
        for layers in [
            engine.run(&undirected, &ranks, &mut Run::new()).unwrap(),
            engine.run_reversible(&undirected, &ranks, &mut Run::new()).unwrap(),
        ] {
            prop_assert_eq!(layers.layer_sizes(), &sizes[..]);
            prop_assert_eq!(layers.deepest(), &deepest[..]);
        }
        if on_disk {
            prop_assert_eq!(left_in(&dir), Vec::<String>::new());
            std::fs::remove_dir(&dir).unwrap();
        }
    }
}

proptest! {
    // Each case runs three enumerations on disk: fewer cases than above.
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A run stopped at any expansion, by an error or as a killed
    /// process stops (a panic: nothing cleaned up, a layer half
    /// written), resumes to the layers of a run never stopped.
    #[test]
    fn a_run_on_disk_stopped_anywhere_resumes_to_the_same_layers(
        stop_at in 1..400u64,
        killed in any::<bool>(),
        reversible in any::<bool>(),
    ) {
        let ring = Torus(2_003);
        let engine = SortedEnumeration::new().threads(2);
        let run = |engine: &SortedEnumeration, space: &Stopping| {
            let mut run = Run::new().limits(Limits::new().max_memory(12 << 10));
            if reversible {
                engine.run_reversible(space, &[0], &mut run)
            } else {
                engine.run(space, &[0], &mut run)
            }
        };
        let whole = run(&engine, &Stopping { ring: &ring, at: None, killed, calls: AtomicU64::new(0) })
            .unwrap();
        let dir = scratch("stopped");
        let disk = engine.disk(&dir);
        let stopping = Stopping { ring: &ring, at: Some(stop_at), killed, calls: AtomicU64::new(0) };
        let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&disk, &stopping)));
        match (killed, stopped) {
            (true, Err(_)) => {}
            (false, Ok(Err(error))) => prop_assert!(error.to_string().contains("fog"), "{error}"),
            (_, other) => prop_assert!(false, "not stopped: {:?}", other.map(|r| r.map(|l| l.states()))),
        }
        let never = Stopping { ring: &ring, at: None, killed, calls: AtomicU64::new(0) };
        // Stopped before its first layer was saved: nothing to resume.
        let resumed = match run(&disk.clone().resume(true), &never) {
            Err(error) if error.to_string().contains("holds no enumeration") => {
                run(&disk, &never).unwrap()
            }
            other => other.unwrap(),
        };
        prop_assert_eq!(resumed.layer_sizes(), whole.layer_sizes());
        prop_assert_eq!(resumed.deepest(), whole.deepest());
        prop_assert_eq!(left_in(&dir), Vec::<String>::new());
        std::fs::remove_dir(&dir).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A path walked back through the layers is legal move by move and
    /// as short as plain BFS says, in memory and on disk.
    #[test]
    fn a_path_walked_back_is_legal_and_shortest(
        directed in graph(200, 3),
        start in any::<prop::sample::Index>(),
        goal in any::<prop::sample::Index>(),
        on_disk in any::<bool>(),
    ) {
        let graph = directed.undirected();
        let (start, goal) = (start.index(graph.len()) as u32, goal.index(graph.len()) as u32);
        let dir = scratch("path");
        let engine = engine_in(2, on_disk.then_some(&dir));
        // Room for every layer of 200 ranks, a few packed blocks each.
        let limits = Limits::new().max_memory(64 << 10);
        let mut run = Run::new().limits(limits);
        let path = engine.path_reversible(&graph, &[u64::from(start)], u64::from(goal), &mut run);
        let expected = reference_distances(&graph, &[start])[goal as usize];
        match (path.unwrap(), expected) {
            (None, None) => {}
            (Some(path), Some(distance)) => {
                prop_assert_eq!(path.len(), distance);
                prop_assert_eq!((*path.start(), *path.end()), (u64::from(start), u64::from(goal)));
                for step in path.states().windows(2) {
                    let mut next = Vec::new();
                    graph.neighbours(step[0], |rank| next.push(rank));
                    prop_assert!(next.contains(&step[1]), "{} to {}", step[0], step[1]);
                }
            }
            (found, expected) => prop_assert!(false, "{found:?}, expected {expected:?}"),
        }
        prop_assert_eq!(left_in(&dir), Vec::<String>::new());
        let _ = std::fs::remove_dir(&dir);
    }
}

/// A graph whose nodes are scattered over every value of `S` (a node's
/// value is its number times an odd constant, a bijection), as a state a
/// user packs into a word is: a space with no ranking, keyed by value.
struct Scattered<'a, S> {
    graph: &'a Graph,
    nodes: HashMap<S, u32>,
}

/// A value a node is scattered to.
trait Scatter: FixedKey + std::hash::Hash + Eq + std::fmt::Debug {
    fn of(node: u32) -> Self;
}

impl Scatter for u64 {
    fn of(node: u32) -> u64 {
        (u64::from(node) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

impl Scatter for u128 {
    fn of(node: u32) -> u128 {
        (u128::from(node) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)
    }
}

/// Twelve bytes: 96 bits, keyed by a `u128` whose top bits are clear.
impl Scatter for [u8; 12] {
    fn of(node: u32) -> [u8; 12] {
        let mut bytes = [0; 12];
        bytes.copy_from_slice(&u128::of(node).to_be_bytes()[4..]);
        bytes
    }
}

impl<S: Scatter> Successors for Scattered<'_, S> {
    type State = S;
    type Move = ();

    fn successors<F: FnMut(S, ())>(&self, value: &S, mut report: F) {
        for &next in &self.graph.adjacency[self.nodes[value] as usize] {
            report(S::of(next), ());
        }
    }
}

/// Whether the sorted engine gives plain BFS's layers and deepest states
/// over `graph`, its nodes scattered over the values of `S`.
fn scattered_layers_match<S: Scatter + Send + Sync>(
    graph: &Graph,
    start: u32,
    engine: &SortedEnumeration,
) -> Result<(), TestCaseError> {
    let nodes = (0..graph.len() as u32).map(|node| (S::of(node), node)).collect();
    let space = AsKeyed::new(Scattered::<S> { graph, nodes });
    let (sizes, deepest) = plain_layers(graph, &[start]);
    let mut deepest: Vec<S::Key> = deepest.iter().map(|&node| S::of(node as u32).key()).collect();
    deepest.sort_unstable();
    let layers = engine.run(&space, &[S::of(start).key()], &mut Run::new()).unwrap();
    prop_assert_eq!(layers.layer_sizes(), &sizes[..]);
    prop_assert_eq!(layers.deepest(), &deepest[..]);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// States keyed by their own scattered bits, 64, 96 and 128 of them,
    /// give plain BFS's layers, in memory and on disk, directed and
    /// undirected.
    #[test]
    fn states_keyed_by_value_give_the_layers_of_plain_bfs(
        directed in graph(300, 3),
        start in any::<prop::sample::Index>(),
        on_disk in any::<bool>(),
    ) {
        let start = start.index(directed.len()) as u32;
        let dir = scratch("keyed");
        let engine = engine_in(2, on_disk.then_some(&dir));
        for graph in [directed.clone(), directed.undirected()] {
            scattered_layers_match::<u64>(&graph, start, &engine)?;
            scattered_layers_match::<u128>(&graph, start, &engine)?;
            scattered_layers_match::<[u8; 12]>(&graph, start, &engine)?;
        }
        prop_assert_eq!(left_in(&dir), Vec::<String>::new());
        let _ = std::fs::remove_dir(&dir);
    }
}

#[test]
fn keys_of_every_width_come_back_and_all_ones_has_none() {
    assert_eq!(<[u8; 3]>::from_key([7u8, 8, 9].key()), [7, 8, 9]);
    assert_eq!(<[u8; 8] as FixedKey>::KEY_COUNT, u64::MAX);
    assert_eq!((<u8 as FixedKey>::KEY_COUNT, <u32 as FixedKey>::KEY_COUNT), (256, 1 << 32));
    // Bytes compare as their keys do.
    assert!([1u8, 0].key() > [0u8, 255].key());
    // A u64 state of all ones has no key, and is not passed over.
    let space = AsKeyed::new(search_core::from_fn(|&s: &u64| match s {
        0..3 => vec![s + 1],
        3 => vec![u64::MAX],
        _ => Vec::new(),
    }));
    let error = SortedEnumeration::new().run(&space, &[0], &mut Run::new()).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::SpaceFailed { .. }), "{error}");
    assert!(error.to_string().contains("has no key"), "{error}");
    // The failure was that run's: the next starts clean.
    let layers = SortedEnumeration::new().run(&space, &[10], &mut Run::new()).unwrap();
    assert_eq!(layers.layer_sizes(), [1]);
    // Narrower states have no such value: a u8's 256 keys are all there.
    let bytes = AsKeyed::new(search_core::from_fn(|&b: &u8| [b.wrapping_add(1)]));
    let layers = SortedEnumeration::new().run(&bytes, &[0], &mut Run::new()).unwrap();
    assert_eq!((layers.states(), layers.deepest()), (256, &[255][..]));
}

/// Numbers below 100, doubled: no move can be undone.
struct Doubling;
impl RankedSpace for Doubling {
    fn rank_count(&self) -> u64 {
        100
    }
    fn neighbours<F: FnMut(u64)>(&self, n: u64, mut report: F) {
        report((2 * n).min(99));
    }
}

#[test]
fn a_path_meets_its_limits_and_a_one_way_move() {
    let ring = Torus(100_003);
    let engine = SortedEnumeration::new();
    let mut run = Run::new().limits(Limits::new().max_depth(3));
    let error = engine.path_reversible(&ring, &[0], 50_000, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(3)));
    let path = engine.path_reversible(&ring, &[0], 601, &mut Run::new()).unwrap().unwrap();
    assert_eq!(path.states(), [0, 300, 600, 601]);
    let error = engine.path_reversible(&ring, &[0], 100_003, &mut Run::new()).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::RankOutOfBounds { rank: 100_003, count: 100_003 });
    // Doubling cannot be undone: no neighbour of 8 is one move nearer 1.
    let error = engine.path_reversible(&Doubling, &[1], 8, &mut Run::new()).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::SpaceFailed { .. }), "{error}");
    assert!(error.to_string().contains("key 8 has no neighbour one move nearer"), "{error}");
}

/// The engine on `threads` threads, in memory or on disk in `dir`.
fn engine_in(threads: usize, dir: Option<&PathBuf>) -> SortedEnumeration {
    let engine = SortedEnumeration::new().threads(threads);
    match dir {
        Some(dir) => engine.disk(dir),
        None => engine,
    }
}

/// A fresh directory for a test's files, unique to the call.
fn scratch(name: &str) -> PathBuf {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sorted-{name}-{}-{call}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The names of what is in `dir`, sorted; nothing if it is gone.
fn left_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> =
        entries.map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A torus that stops at its `at`th expansion: as a failing space
/// fails ("fog"), or, when `killed`, with a panic.
struct Stopping<'a> {
    ring: &'a Torus,
    at: Option<u64>,
    killed: bool,
    calls: AtomicU64,
}

impl RankedSpace for Stopping<'_> {
    fn rank_count(&self) -> u64 {
        self.ring.rank_count()
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F) {
        let call = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        if Some(call) == self.at && self.killed {
            std::panic::panic_any("killed");
        }
        self.ring.neighbours(rank, report);
    }

    fn failure(&self) -> Option<search_core::Error> {
        let failed =
            self.at.is_some_and(|at| !self.killed && self.calls.load(Ordering::Relaxed) >= at);
        failed.then(|| search_core::Error::space_failed(Fog))
    }
}

#[test]
fn layers_split_into_passes_are_the_layers_of_one() {
    // Enumerator of up to 600 ranks, some 1 KB packed, whose 2,400
    // neighbours take 19 KB unpacked: limits that leave room for a part
    // of them at a time.
    let ring = Torus(100_003);
    let whole = SortedEnumeration::new().run_reversible(&ring, &[0], &mut Run::new()).unwrap();
    assert_eq!(whole.states(), 100_003);
    for (limit, threads) in [(16 << 10, 1), (24 << 10, 2), (64 << 10, 2)] {
        let mut run = Run::new().limits(Limits::new().max_memory(limit));
        let engine = SortedEnumeration::new().threads(threads);
        let split = engine.run_reversible(&ring, &[0], &mut run).unwrap();
        assert_eq!(split.layer_sizes(), whole.layer_sizes(), "{limit} bytes");
        assert_eq!(split.deepest(), whole.deepest());
        // Every layer kept: 100,003 ranks at a byte or so each.
        let limits = Limits::new().max_memory(limit + (2 << 20));
        let directed = engine.run(&ring, &[0], &mut Run::new().limits(limits));
        assert_eq!(directed.unwrap().layer_sizes(), whole.layer_sizes());
    }
}

/// [`Torus`] keyed by 128 bits: a rank's key is the rank in the top
/// bits and a scramble of it in the low 100, so that a layer's keys lie
/// about 2^100 apart and their codes take more than a word each.
struct WideTorus(Torus);

impl WideTorus {
    fn key(rank: u64) -> u128 {
        let low = u128::from(rank.wrapping_mul(0x9e37_79b9_7f4a_7c15)) << 36 | u128::from(rank);
        u128::from(rank) << 100 | low
    }
}

impl KeyedSpace for WideTorus {
    type Key = u128;

    fn key_count(&self) -> u128 {
        u128::from(self.0.0) << 100
    }

    fn key_neighbours<F: FnMut(u128)>(&self, key: u128, mut report: F) {
        self.0.neighbours((key >> 100) as u64, |rank| report(WideTorus::key(rank)));
    }
}

#[test]
fn keys_of_128_bits_split_into_passes_and_kept_on_disk_are_the_ranks_layers() {
    let ring = Torus(100_003);
    let whole = SortedEnumeration::new().run_reversible(&ring, &[0], &mut Run::new()).unwrap();
    let deepest: Vec<u128> = whole.deepest().iter().map(|&rank| WideTorus::key(rank)).collect();
    let wide = WideTorus(ring);
    for (limit, threads, on_disk) in
        [(96 << 10, 1, false), (128 << 10, 2, false), (64 << 10, 2, true)]
    {
        let dir = scratch("wide");
        let engine = engine_in(threads, on_disk.then_some(&dir));
        let mut run = Run::new().limits(Limits::new().max_memory(limit));
        let split = engine.run_reversible(&wide, &[WideTorus::key(0)], &mut run).unwrap();
        assert_eq!(split.layer_sizes(), whole.layer_sizes(), "{limit} bytes");
        assert_eq!(split.deepest(), deepest);
        let mut path = engine.path_reversible(
            &wide,
            &[WideTorus::key(0)],
            WideTorus::key(601),
            &mut Run::new(),
        );
        let path: Vec<u64> = path
            .as_mut()
            .unwrap()
            .take()
            .unwrap()
            .states()
            .iter()
            .map(|&key| (key >> 100) as u64)
            .collect();
        assert_eq!(path, [0, 300, 600, 601]);
        assert_eq!(left_in(&dir), Vec::<String>::new());
        let _ = std::fs::remove_dir(&dir);
    }
    // The one key of all ones is past every 128-bit space's count.
    let error = SortedEnumeration::new().run(&wide, &[u128::MAX], &mut Run::new()).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::SpaceFailed { .. }), "{error}");
}

#[test]
fn limits_end_it_with_their_own_errors() {
    let ring = Torus(100_003);
    let engine = SortedEnumeration::new();
    // A depth bound returns the layers to it, and says the space goes on.
    let mut run = Run::new().limits(Limits::new().max_depth(3));
    let near = engine.run_reversible(&ring, &[0], &mut run).unwrap();
    assert_eq!(near.layer_sizes(), [1, 4, 8, 12]);
    assert_eq!(near.deepest().len(), 12);
    assert!(!near.is_complete());
    // Too little memory even for the layers kept.
    let mut run = Run::new().limits(Limits::new().max_memory(1 << 10));
    let error = engine.run(&ring, &[0], &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Memory(1 << 10)));
    assert_eq!(
        error.to_string(),
        "enumeration stopped at its memory limit of 1.0 KiB, with states left to visit"
    );
    // A rank past the space, and a cancel before it starts.
    let error = engine.run(&ring, &[100_003], &mut Run::new()).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::RankOutOfBounds { rank: 100_003, count: 100_003 });
    let cancel = CancelHandle::new();
    cancel.cancel();
    let error = engine.run(&ring, &[0], &mut Run::new().cancel_with(cancel)).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
}

#[test]
fn on_disk_in_many_passes_the_layers_are_those_in_memory() {
    let ring = Torus(100_003);
    let whole = SortedEnumeration::new().run_reversible(&ring, &[0], &mut Run::new()).unwrap();
    for (limit, threads) in [(12 << 10, 1), (24 << 10, 2)] {
        let dir = scratch("passes");
        let engine = SortedEnumeration::new().threads(threads).disk(&dir);
        let mut run = Run::new().limits(Limits::new().max_memory(limit));
        let split = engine.run_reversible(&ring, &[0], &mut run).unwrap();
        assert_eq!(split.layer_sizes(), whole.layer_sizes(), "{limit} bytes");
        assert_eq!(split.deepest(), whole.deepest());
        // Every layer kept, on disk: the same limit serves.
        let mut run = Run::new().limits(Limits::new().max_memory(limit));
        let directed = engine.run(&ring, &[0], &mut run).unwrap();
        assert_eq!(directed.layer_sizes(), whole.layer_sizes());
        assert_eq!(left_in(&dir), Vec::<String>::new());
        std::fs::remove_dir(&dir).unwrap();
    }
}

#[test]
fn a_depth_bound_on_disk_leaves_its_layers_and_a_resume_goes_deeper() {
    let ring = Torus(100_003);
    let whole = SortedEnumeration::new().run(&ring, &[0], &mut Run::new()).unwrap();
    let dir = scratch("deeper");
    let engine = SortedEnumeration::new().disk(&dir);
    let near = engine.run(&ring, &[0], &mut Run::new().limits(Limits::new().max_depth(5))).unwrap();
    assert_eq!(near.layer_sizes(), &whole.layer_sizes()[..6]);
    assert!(!near.is_complete());
    // Every layer before the fifth, merged as the layers grew.
    assert_eq!(left_in(&dir), ["sorted-kept-0-4", "sorted-layer-5", "sorted-manifest"]);
    // A new run there would lose them: refused, by name.
    let error = engine.run(&ring, &[0], &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("holds an unfinished enumeration"), "{error}");
    // Another space's run is refused by its manifest.
    let other = engine.clone().resume(true).run(&Torus(100_005), &[0], &mut Run::new());
    let error = other.unwrap_err().to_string();
    assert!(error.contains("sorted-manifest") && error.contains("100005 ranks"), "{error}");
    // Past the bound already: said so, with both depths.
    let mut run = Run::new().limits(Limits::new().max_depth(4));
    let error = engine.clone().resume(true).run(&ring, &[0], &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::ResumedPastDepth { reached: 5, max_depth: 4 });
    let rest = engine.clone().resume(true).run(&ring, &[0], &mut Run::new()).unwrap();
    assert_eq!(rest, whole);
    assert_eq!(left_in(&dir), Vec::<String>::new());
    std::fs::remove_dir(&dir).unwrap();
}

#[test]
fn a_damaged_layer_file_is_refused_by_name() {
    let ring = Torus(100_003);
    let dir = scratch("damaged");
    let engine = SortedEnumeration::new().disk(&dir);
    let limits = Limits::new().max_depth(40);
    engine.run_reversible(&ring, &[0], &mut Run::new().limits(limits)).unwrap();
    let path = dir.join("sorted-layer-39");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let error =
        engine.clone().resume(true).run_reversible(&ring, &[0], &mut Run::new()).unwrap_err();
    let ErrorKind::TableFile { path: named, reason } = error.kind() else { panic!("{error}") };
    assert_eq!(named, &path);
    assert!(reason.contains("fails its checksum"), "{reason}");
    // Cut short: refused by name too.
    std::fs::write(&path, &bytes[..middle]).unwrap();
    let error =
        engine.clone().resume(true).run_reversible(&ring, &[0], &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("sorted-layer-39"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The ring the kill test enumerates: a few hundred layers, so that its
/// child is still writing them when its parent, looking every 10 ms,
/// sees the 40th, and the parent resumes the rest in about a second.
const KILLED_RING: u64 = 200_003;

/// The child's half of the `kill -9` test: a run on disk in the
/// directory `SORTED_KILL_DIR`, killed by its parent as it goes.
#[test]
#[ignore = "run in a child process by the kill test"]
fn killed_child() {
    let Ok(dir) = std::env::var("SORTED_KILL_DIR") else { return };
    let ring = Torus(KILLED_RING);
    let engine = SortedEnumeration::new().disk(dir);
    let _ = match std::env::var("SORTED_KILL_KIND").as_deref() {
        Ok("directed") => engine.run(&ring, &[0], &mut Run::new()),
        _ => engine.run_reversible(&ring, &[0], &mut Run::new()),
    };
}

/// Whether `name` is the file of a layer past `depth`.
fn deeper_than(name: &str, depth: usize) -> bool {
    let layer = name.strip_prefix("sorted-layer-").and_then(|depth| depth.parse::<usize>().ok());
    layer.is_some_and(|layer| layer > depth)
}

/// Both kinds of run: two layers kept, or (directed) every layer in
/// levels merged as they grow, a merge as likely to be cut as a layer.
#[test]
fn a_run_killed_on_disk_resumes_to_the_same_layers() {
    for directed in [false, true] {
        killed_and_resumed(directed);
    }
}

fn killed_and_resumed(directed: bool) {
    let dir = scratch("killed");
    let kind = if directed { "directed" } else { "reversible" };
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["sorted::killed_child", "--exact", "--ignored", "--test-threads=1"])
        .env("SORTED_KILL_DIR", &dir)
        .env("SORTED_KILL_KIND", kind)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the test binary runs");
    // Killed once it has finished a few dozen layers: in the middle of
    // one, most likely, its next file half written.
    let mut waited = 0;
    while !left_in(&dir).iter().any(|name| deeper_than(name, 40)) {
        assert!(waited < 60_000, "the child wrote no 40th layer in ten minutes");
        assert!(child.try_wait().unwrap().is_none(), "the child ended before it was killed");
        std::thread::sleep(std::time::Duration::from_millis(10));
        waited += 1;
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let ring = Torus(KILLED_RING);
    let engine = SortedEnumeration::new().disk(&dir).resume(true);
    let (resumed, whole) = if directed {
        let whole = SortedEnumeration::new().run(&ring, &[0], &mut Run::new());
        (engine.run(&ring, &[0], &mut Run::new()), whole)
    } else {
        let whole = SortedEnumeration::new().run_reversible(&ring, &[0], &mut Run::new());
        (engine.run_reversible(&ring, &[0], &mut Run::new()), whole)
    };
    assert_eq!(resumed.unwrap(), whole.unwrap(), "{kind}");
    assert_eq!(left_in(&dir), Vec::<String>::new());
    std::fs::remove_dir(&dir).unwrap();
}

/// The corners of a 20-dimensional cube, a bit flipped a move: 21
/// layers of up to 184,756 corners, so that a layer's file outgrows the
/// manifest, which grows with the depth.
struct Hypercube;

impl RankedSpace for Hypercube {
    fn rank_count(&self) -> u64 {
        1 << 20
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        (0..20).for_each(|bit| report(rank ^ 1 << bit));
    }
}

/// What `a_full_disk_fails_by_name_and_keeps_every_finished_layer` runs
/// under a limit on the size of a file: the error it ends with.
#[test]
#[ignore = "run by a_full_disk_fails_by_name_and_keeps_every_finished_layer"]
fn full_disk_child() {
    let Ok(dir) = std::env::var("SORTED_FULL_DIR") else { return };
    let engine = SortedEnumeration::new().disk(dir);
    let ended = match std::env::var("SORTED_FULL_SPACE").as_deref() {
        Ok("cube") => engine.run_reversible(&Hypercube, &[0], &mut Run::new()),
        _ => engine.run_reversible(&Torus(1_000_003), &[0], &mut Run::new()),
    };
    match ended {
        Ok(_) => println!("no error"),
        Err(error) => println!("error: {error}"),
    }
}

/// A disk that fills: a write past the size a file may have (`ulimit
/// -f`, its signal ignored, so that the write fails as on a full disk)
/// ends the run with an error naming the file, a layer's or the
/// manifest's, and what the manifest names resumes, once there is
/// room, to the layers of a run in memory.
#[cfg(unix)]
#[test]
fn a_full_disk_fails_by_name_and_keeps_every_finished_layer() {
    for (space, file) in [("cube", "sorted-layer-"), ("torus", "sorted-manifest")] {
        let dir = scratch("full");
        let child = Command::new("bash")
            .args(["-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" \"$@\""])
            .arg(std::env::current_exe().unwrap())
            .args(["sorted::full_disk_child", "--exact", "--ignored", "--nocapture"])
            .args(["--test-threads=1"])
            .env("SORTED_FULL_DIR", &dir)
            .env("SORTED_FULL_SPACE", space)
            .output()
            .expect("bash runs the test binary");
        let stdout = String::from_utf8_lossy(&child.stdout);
        assert!(child.status.success(), "{stdout}");
        let error = stdout.lines().find_map(|line| line.split_once("error: ")).expect(&stdout).1;
        let named = dir.join(file);
        assert!(error.contains(&*named.to_string_lossy()), "{space}: {error}");
        assert!(error.contains("File too large"), "{error}");
        let left = left_in(&dir);
        assert!(left.contains(&"sorted-manifest".to_string()), "{left:?}");
        let engine = SortedEnumeration::new().disk(&dir).resume(true);
        let whole = SortedEnumeration::new();
        let (resumed, whole) = if space == "cube" {
            let resumed = engine.run_reversible(&Hypercube, &[0], &mut Run::new()).unwrap();
            (resumed, whole.run_reversible(&Hypercube, &[0], &mut Run::new()).unwrap())
        } else {
            let ring = Torus(1_000_003);
            let resumed = engine.run_reversible(&ring, &[0], &mut Run::new()).unwrap();
            (resumed, whole.run_reversible(&ring, &[0], &mut Run::new()).unwrap())
        };
        assert_eq!(resumed, whole);
        assert_eq!(left_in(&dir), Vec::<String>::new());
        std::fs::remove_dir(&dir).unwrap();
    }
}

/// A star: rank 0 joined to ranks 1 to 1,000, whose expansion waits
/// until the run's observer has been called amid it (or a minute has
/// passed, which fails the test).
struct Waiting {
    blocked: std::sync::atomic::AtomicBool,
    heard: std::sync::atomic::AtomicBool,
    timed_out: std::sync::atomic::AtomicBool,
}

impl RankedSpace for Waiting {
    fn rank_count(&self) -> u64 {
        1 << 20
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        if rank == 0 {
            (1..=1000).for_each(&mut report);
            return;
        }
        self.blocked.store(true, Ordering::SeqCst);
        // A guard against a hang, not a bound on speed.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !self.heard.load(Ordering::SeqCst) && !self.timed_out.load(Ordering::SeqCst) {
            if std::time::Instant::now() > deadline {
                self.timed_out.store(true, Ordering::SeqCst);
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        report(0);
    }
}

#[test]
fn an_observer_is_heard_amid_a_long_layer_and_can_cancel_it() {
    // Python's Ctrl-C is heard only in the observer: a layer that takes
    // minutes must still call it, and a cancel there ends the layer.
    for threads in [None, Some(2)] {
        let space = Waiting { blocked: false.into(), heard: false.into(), timed_out: false.into() };
        let cancel = CancelHandle::new();
        let stop = cancel.clone();
        let mut run = Run::new().cancel_with(cancel).on_progress(|_| {
            if space.blocked.load(Ordering::SeqCst) {
                stop.cancel();
                space.heard.store(true, Ordering::SeqCst);
            }
        });
        let engine = match threads {
            Some(threads) => SortedEnumeration::new().threads(threads),
            None => SortedEnumeration::new(),
        };
        let error = engine.run(&space, &[0], &mut run).unwrap_err();
        assert_eq!(error.kind(), &ErrorKind::Cancelled, "{threads:?}");
        assert!(!space.timed_out.load(Ordering::SeqCst), "{threads:?}: never heard amid the layer");
    }
}
