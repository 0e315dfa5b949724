use proptest::prelude::*;
use search_core::{DenseEnumeration, Search, enumerate, from_fn};

use crate::graphs::{dense, graph, hashed, reference_distances};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn layers_match_plain_bfs(graph in graph(200, 3), pick in any::<prop::sample::Index>()) {
        let start = pick.index(graph.len()) as u32;
        let distances = reference_distances(&graph, &[start]);
        let radius = distances.iter().flatten().copied().max().unwrap_or(0);
        let mut expected_sizes = vec![0u64; radius + 1];
        for d in distances.iter().flatten() {
            expected_sizes[*d] += 1;
        }
        let mut expected_deepest: Vec<usize> = (0..graph.len()).filter(|&n| distances[n] == Some(radius)).collect();
        expected_deepest.sort_unstable();

        for layers in [enumerate(&dense(&graph), [start]).unwrap(), enumerate(&hashed(&graph), [start]).unwrap()] {
            prop_assert_eq!(layers.layer_sizes(), &expected_sizes[..]);
            prop_assert_eq!(layers.radius(), radius);
            let mut deepest: Vec<usize> = layers.deepest().iter().map(|&n| n as usize).collect();
            deepest.sort_unstable();
            prop_assert_eq!(&deepest, &expected_deepest);
        }

        for threads in [1, 2] {
            let layers = DenseEnumeration::new().threads(threads).run(&graph, &[start as usize], |_, _| {}).unwrap();
            prop_assert_eq!(layers.layer_sizes(), &expected_sizes[..]);
            prop_assert_eq!(layers.deepest(), &expected_deepest[..]);
        }
    }
}

#[test]
fn dense_enumeration_reports_each_layer_and_checks_ranks() {
    // A path of 100_000 ranks, long enough to span many chunks of the table.
    struct Line;
    impl search_core::RankedSpace for Line {
        fn rank_count(&self) -> usize {
            100_000
        }
        fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
            if rank > 0 {
                report(rank - 1);
            }
            if rank + 1 < 100_000 {
                report(rank + 1);
            }
        }
    }
    let mut seen = Vec::new();
    let layers = DenseEnumeration::new()
        .run(&Line, &[50_000], |depth, size| seen.push((depth, size)))
        .unwrap();
    assert_eq!(layers.states(), 100_000);
    assert_eq!(layers.radius(), 50_000);
    assert_eq!(layers.deepest(), [0]);
    assert_eq!(seen.len(), 50_001);
    assert_eq!(seen[1], (1, 2));

    let error = DenseEnumeration::new().run(&Line, &[100_000], |_, _| {}).unwrap_err();
    assert_eq!(
        error.to_string(),
        "state space reported rank 100000, outside its rank bound 100000"
    );
    let error = DenseEnumeration::new().max_memory(1_000).run(&Line, &[0], |_, _| {}).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the state space needs 24.4 KiB of memory, over the limit of 1000 B"
    );
}

#[test]
fn enumeration_of_a_grid_by_hand() {
    // 4x4 grid of points, four directions, from a corner: layer d holds the
    // points with x + y = d.
    let grid = from_fn(|&(x, y): &(i8, i8)| {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|&(x, y)| (0..4).contains(&x) && (0..4).contains(&y))
    });
    let mut search = Search::new(&grid);
    let layers = search.enumerate([(0, 0)]).unwrap();
    assert_eq!(layers.layer_sizes(), [1, 2, 3, 4, 3, 2, 1]);
    assert_eq!(layers.deepest(), [(3, 3)]);
    assert_eq!(search.stats().stored, 16);
    assert_eq!(search.stats().max_frontier, 4);
}

/// A space large enough for the table to be split across threads: a ring of
/// 500,000 ranks with a chord from each rank to a pseudo-random other.
struct Chorded;

const CHORDED: usize = 500_000;

fn chord(rank: usize) -> usize {
    (rank * 7_919 + 104_729) % CHORDED
}

impl search_core::RankedSpace for Chorded {
    fn rank_count(&self) -> usize {
        CHORDED
    }
    fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
        report((rank + 1) % CHORDED);
        report(chord(rank));
    }
}

#[test]
fn parallel_and_sequential_dense_enumeration_agree_with_the_generic_one() {
    let generic = enumerate(&from_fn(|&r: &usize| [(r + 1) % CHORDED, chord(r)]), [0]).unwrap();
    let mut expected_deepest = generic.deepest().to_vec();
    expected_deepest.sort_unstable();
    for threads in [1, 2] {
        let dense =
            DenseEnumeration::new().threads(threads).run(&Chorded, &[0], |_, _| {}).unwrap();
        assert_eq!(dense.layer_sizes(), generic.layer_sizes(), "{threads} threads");
        assert_eq!(dense.deepest(), &expected_deepest[..], "{threads} threads");
    }
    assert!(generic.layer_sizes().len() > 5);
}
