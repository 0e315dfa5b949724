use proptest::prelude::*;
use search_core::Run;
use search_core::breadth_first::{Search, all_shortest_paths};

use crate::graphs::{Graph, dense, graph_with_ends, hashed, reference_distances};

/// Every walk of exactly `length` moves from `node` to `goal`, by brute force.
fn walks(
    graph: &Graph,
    node: u32,
    goal: u32,
    length: usize,
    walk: &mut Vec<(u32, usize)>,
    out: &mut Vec<Vec<(u32, usize)>>,
) {
    if length == 0 {
        if node == goal {
            out.push(walk.clone());
        }
        return;
    }
    for (mv, &next) in graph.adjacency[node as usize].iter().enumerate() {
        walk.push((next, mv));
        walks(graph, next, goal, length - 1, walk, out);
        walk.pop();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn all_shortest_paths_match_brute_force((graph, start, goal) in graph_with_ends(14, 3)) {
        let distance = reference_distances(&graph, &[start])[goal as usize];
        let paths = all_shortest_paths(&dense(&graph), [start], |&n| n == goal).unwrap();
        prop_assert_eq!(paths.distance(), distance);
        let Some(distance) = distance else {
            prop_assert_eq!(paths.count(), 0);
            prop_assert!(paths.first_path_by_key(|&n| n).unwrap().is_none());
            prop_assert_eq!(paths.paths().count(), 0);
            return Ok(());
        };
        // A walk of the shortest length is a shortest path.
        let mut expected = Vec::new();
        walks(&graph, start, goal, distance, &mut Vec::new(), &mut expected);
        expected.sort();

        let mut found: Vec<Vec<(u32, usize)>> = paths
            .paths()
            .map(|path| {
                prop_assert_eq!(path.len(), distance);
                prop_assert_eq!(path.start(), &start);
                graph.assert_legal(path.states(), path.moves());
                Ok(path.states()[1..].iter().copied().zip(path.moves().iter().copied()).collect())
            })
            .collect::<Result<_, TestCaseError>>()?;
        found.sort();
        prop_assert_eq!(paths.count(), expected.len() as u128);
        prop_assert_eq!(&found, &expected);

        // The first path by a key is the least of the paths' sequences of
        // keys, in either order of the states.
        let sequences = || expected.iter().map(|walk| walk.iter().map(|&(n, _)| n).collect::<Vec<_>>());
        let first = paths.first_path_by_key(|&n| n).unwrap().expect("a goal is reachable");
        graph.assert_legal(first.states(), first.moves());
        prop_assert_eq!(first.start(), &start);
        prop_assert_eq!(Some(first.states()[1..].to_vec()), sequences().min());
        let last = paths.first_path_by_key(|&n| std::cmp::Reverse(n)).unwrap().expect("reachable");
        graph.assert_legal(last.states(), last.moves());
        prop_assert_eq!(Some(last.states()[1..].to_vec()), sequences().max());

        let hashed_paths = Search::new().all_shortest_paths(&hashed(&graph), [start], |&n| n == goal, &mut Run::new()).unwrap();
        prop_assert_eq!(hashed_paths.count(), expected.len() as u128);
    }
}

#[test]
fn counts_saturate_instead_of_overflowing() {
    // A chain of 140 diamonds: 2^140 shortest paths, more than u128 holds.
    let diamonds = 140;
    let mut adjacency = Vec::new();
    for i in 0..diamonds {
        let base = 3 * i;
        adjacency.push(vec![base + 1, base + 2]);
        adjacency.push(vec![base + 3]);
        adjacency.push(vec![base + 3]);
    }
    adjacency.push(vec![]);
    let graph = Graph::new(adjacency);
    let goal = 3 * diamonds;
    let paths = all_shortest_paths(&dense(&graph), [0], |&n| n == goal).unwrap();
    assert_eq!(paths.distance(), Some(2 * diamonds as usize));
    assert_eq!(paths.count(), u128::MAX);
    // The iterator is lazy: taking a few paths builds only those.
    let first: Vec<_> = paths.paths().take(3).collect();
    assert_eq!(first.len(), 3);
    assert_ne!(first[0], first[1]);
}

#[test]
fn several_goals_in_the_last_layer_are_all_counted() {
    // 0 -> 1 -> 3, 0 -> 2 -> 3, 0 -> 2 -> 4; goals 3 and 4.
    let graph = Graph::new(vec![vec![1, 2], vec![3], vec![3, 4], vec![], vec![]]);
    let paths = all_shortest_paths(&hashed(&graph), [0], |&n| n >= 3).unwrap();
    assert_eq!(paths.distance(), Some(2));
    assert_eq!(paths.count(), 3);
    let mut goals: Vec<u32> = paths.goals().copied().collect();
    goals.sort_unstable();
    assert_eq!(goals, [3, 4]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// One cache, many spaces: a `Search` takes the space with each run, so
    /// the slots a run leaves in its node id table must be cleared by what
    /// that run touched, not by ranks the next space would give.
    #[test]
    fn one_search_serves_many_spaces_as_fresh_ones_would(
        runs in prop::collection::vec(graph_with_ends(40, 3), 1..6),
    ) {
        let mut cache = Search::new();
        let mut cache_run = Run::new();
        for (graph, start, goal) in &runs {
            for space in [dense(graph), dense(graph)] {
                let reused = cache.all_shortest_paths(&space, [*start], |n| n == goal, &mut cache_run).unwrap();
                let fresh = all_shortest_paths(&space, [*start], |n| n == goal).unwrap();
                prop_assert_eq!(reused.distance(), fresh.distance());
                prop_assert_eq!(reused.count(), fresh.count());
                let distance = cache.distance(&space, [*start], |n| n == goal, &mut cache_run).unwrap();
                prop_assert_eq!(distance, reference_distances(graph, &[*start])[*goal as usize]);
            }
        }
    }
}

/// A ring of 100,000 states whose ranks are rotated by `shift`: spaces
/// that rank the same states differently.
struct RotatedRing {
    shift: u32,
}

const RING: u32 = 100_000;

impl search_core::Successors for RotatedRing {
    type State = u32;
    type Move = ();
    fn successors<F: FnMut(u32, ())>(&self, &n: &u32, mut report: F) {
        report((n + 1) % RING, ());
        report((n + RING - 1) % RING, ());
    }
    fn ranking(&self) -> Option<impl search_core::Ranking<u32> + '_> {
        Some(search_core::space::rank_by(u64::from(RING), |&n: &u32| {
            u64::from((n + self.shift) % RING)
        }))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(50))]

    #[test]
    fn a_reused_node_table_forgets_the_last_space(
        runs in prop::collection::vec((0..RING, 0..RING, 1u32..60), 2..8),
    ) {
        let mut cache = Search::new();
        let mut cache_run = Run::new();
        for &(shift, start, steps) in &runs {
            let ring = RotatedRing { shift };
            let goal = (start + steps) % RING;
            let paths = cache.all_shortest_paths(&ring, [start], |&n| n == goal, &mut cache_run).unwrap();
            prop_assert_eq!(paths.distance(), Some(steps as usize));
            prop_assert_eq!(paths.count(), 1);
            prop_assert_eq!(cache_run.stats().stored, u64::from(2 * steps + 1));
        }
    }
}
