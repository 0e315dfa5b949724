//! `SortedEnumeration` against plain breadth-first search, on directed
//! and undirected random graphs, in one pass and in many (a memory limit
//! small enough to split every layer), and its limits.

use proptest::prelude::*;
use search_core::breadth_first::SortedEnumeration;
use search_core::run::CancelHandle;
use search_core::space::RankedSpace;
use search_core::{ErrorKind, Limit, Limits, Run};

use crate::graphs::{graph, plain_layers};

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

    #[test]
    fn layers_match_plain_bfs_directed_and_undirected(
        directed in graph(300, 3),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..3),
        threads in 1..=2usize,
    ) {
        let undirected = directed.undirected();
        let starts: Vec<u32> = picks.iter().map(|pick| pick.index(directed.len()) as u32).collect();
        let ranks: Vec<u64> = starts.iter().map(|&s| u64::from(s)).collect();
        let engine = SortedEnumeration::new().threads(threads);
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
    }
}

#[test]
fn layers_split_into_passes_are_the_layers_of_one() {
    // Layers of up to 600 ranks, some 1 KB packed, whose 2,400
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
