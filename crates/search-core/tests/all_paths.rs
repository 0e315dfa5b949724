use proptest::prelude::*;
use search_core::{Search, all_shortest_paths};

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

        let hashed_paths = Search::new(&hashed(&graph)).all_shortest_paths([start], |&n| n == goal).unwrap();
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
