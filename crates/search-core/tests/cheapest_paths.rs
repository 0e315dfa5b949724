//! Every cheapest path and Yen's k cheapest loopless paths against brute
//! force: the walks and loopless paths of small graphs, listed one by one.

use std::collections::HashSet;

use proptest::prelude::*;
use search_core::Run;
use search_core::cheapest::{AStar, all_cheapest_paths, k_cheapest_paths};
use search_core::dijkstra;

use crate::informed::{WeightedGraph, bellman_ford, graph_with_weights, walk_cost};

/// Every walk from `start` that first meets a goal at cost `cost`, as its
/// states and moves: depth first over walks, which positive costs bound.
fn walks_costing(
    space: &WeightedGraph,
    start: u32,
    goals: &[u32],
    cost: u32,
) -> Vec<(Vec<u32>, Vec<usize>)> {
    fn extend(
        space: &WeightedGraph,
        goals: &[u32],
        left: u32,
        walk: &mut (Vec<u32>, Vec<usize>),
        found: &mut Vec<(Vec<u32>, Vec<usize>)>,
    ) {
        let here = *walk.0.last().expect("a walk has a state");
        if goals.contains(&here) {
            if left == 0 {
                found.push(walk.clone());
            }
            return;
        }
        for (mv, &next) in space.graph.adjacency[here as usize].iter().enumerate() {
            let step = space.weights[here as usize][mv];
            if step <= left {
                walk.0.push(next);
                walk.1.push(mv);
                extend(space, goals, left - step, walk, found);
                walk.0.pop();
                walk.1.pop();
            }
        }
    }
    let mut found = Vec::new();
    extend(space, goals, cost, &mut (vec![start], Vec::new()), &mut found);
    found
}

fn small_positive_graph() -> impl Strategy<Value = (WeightedGraph, u32, u32)> {
    graph_with_weights(10, (1..5u32).boxed())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    // The paths kept are exactly the walks of the cheapest cost, counted
    // and listed, with no estimate and with a consistent one.
    #[test]
    fn every_cheapest_path_is_every_walk_of_the_cheapest_cost(
        (space, start, goal) in small_positive_graph(),
        other in 0u32..10,
        scale in 0u32..=100,
    ) {
        let goals = vec![goal, other % space.graph.len() as u32];
        let from_each: Vec<Vec<Option<u32>>> =
            (0..space.graph.len() as u32).map(|s| bellman_ford(&space, s)).collect();
        let cheapest = goals.iter().filter_map(|&g| from_each[start as usize][g as usize]).min();
        let estimate = |&v: &u32| {
            goals.iter().filter_map(|&g| from_each[v as usize][g as usize]).min().map_or(1000, |c| c * scale / 100)
        };
        let is_goal = |v: &u32| goals.contains(v);
        let unguided = all_cheapest_paths(&space, [start], |_: &u32| 0, is_goal).unwrap();
        let guided = AStar::new().all_cheapest_paths(&space, [start], estimate, is_goal, &mut Run::new()).unwrap();
        let expected_cost = dijkstra(&space, [start], is_goal).unwrap().map(|(_, cost)| cost);
        prop_assert_eq!(cheapest, expected_cost);
        for found in [unguided, guided] {
            prop_assert_eq!(found.cost(), cheapest);
            let mut paths: Vec<(Vec<u32>, Vec<usize>)> =
                found.paths().map(|path| (path.states().to_vec(), path.moves().to_vec())).collect();
            prop_assert_eq!(found.count(), paths.len() as u128);
            for (states, moves) in &paths {
                prop_assert_eq!(Some(walk_cost(&space, states, moves)), cheapest);
            }
            let mut expected = match cheapest {
                Some(cost) if cost <= 12 => walks_costing(&space, start, &goals, cost),
                Some(_) => continue,
                None => Vec::new(),
            };
            paths.sort();
            expected.sort();
            prop_assert_eq!(paths, expected);
        }
    }

    // With moves of cost zero, every path listed is legal, of the
    // cheapest cost, listed once, and as many as counted.
    #[test]
    fn cheapest_paths_with_free_moves_are_cheapest_and_distinct(
        (space, start, goal) in graph_with_weights(12, (0..3u32).boxed()),
    ) {
        let is_goal = |v: &u32| *v == goal;
        let found = all_cheapest_paths(&space, [start], |_: &u32| 0, is_goal).unwrap();
        let cheapest = bellman_ford(&space, start)[goal as usize];
        prop_assert_eq!(found.cost(), cheapest);
        let mut paths: Vec<(Vec<u32>, Vec<usize>)> =
            found.paths().map(|path| (path.states().to_vec(), path.moves().to_vec())).collect();
        prop_assert_eq!(found.count(), paths.len() as u128);
        prop_assert_eq!(paths.is_empty(), cheapest.is_none());
        for (states, moves) in &paths {
            prop_assert_eq!(Some(walk_cost(&space, states, moves)), cheapest);
        }
        paths.sort();
        paths.dedup();
        prop_assert_eq!(found.count(), paths.len() as u128);
    }
}

#[test]
fn starts_that_are_goals_make_paths_of_no_moves() {
    let space = search_core::from_fn_weighted(|&n: &u8| [(n + 1, 1u32)]);
    let found = all_cheapest_paths(&space, [3, 5], |_: &u8| 0, |&n| n == 3 || n == 5).unwrap();
    assert_eq!(found.cost(), Some(0));
    assert_eq!(found.count(), 2);
    assert!(found.paths().all(|path| path.is_empty()));
}

/// Every loopless path from `start` that ends at the first goal it meets,
/// by its states, with the cheapest cost of its moves.
fn loopless_paths(space: &WeightedGraph, start: u32, goals: &[u32]) -> Vec<(Vec<u32>, u32)> {
    fn extend(
        space: &WeightedGraph,
        goals: &[u32],
        walk: &mut Vec<u32>,
        cost: u32,
        found: &mut Vec<(Vec<u32>, u32)>,
    ) {
        let here = walk[walk.len() - 1];
        if goals.contains(&here) {
            found.push((walk.clone(), cost));
            return;
        }
        let edges = &space.graph.adjacency[here as usize];
        for (mv, &next) in edges.iter().enumerate() {
            let step = space.weights[here as usize][mv];
            // Of two moves to the same state, only the cheapest (first) one.
            let cheaper = edges.iter().enumerate().any(|(other, &to)| {
                to == next && (space.weights[here as usize][other], other) < (step, mv)
            });
            if !cheaper && !walk.contains(&next) {
                walk.push(next);
                extend(space, goals, walk, cost + step, found);
                walk.pop();
            }
        }
    }
    let mut found = Vec::new();
    extend(space, goals, &mut vec![start], 0, &mut found);
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    // Yen's paths are loopless, distinct, legal, and their costs are the
    // k least of every loopless path's, from one start or two.
    #[test]
    fn k_cheapest_paths_are_the_cheapest_loopless_paths(
        (space, start, goal) in small_positive_graph(),
        other in 0u32..10,
        k in 0usize..12,
    ) {
        let other = other % space.graph.len() as u32;
        for starts in [vec![start], vec![start, other]] {
            let mut all: Vec<(Vec<u32>, u32)> = Vec::new();
            let mut starts_seen = Vec::new();
            for &s in &starts {
                if !starts_seen.contains(&s) {
                    starts_seen.push(s);
                    all.extend(loopless_paths(&space, s, &[goal]));
                }
            }
            let mut expected: Vec<u32> = all.iter().map(|(_, cost)| *cost).collect();
            expected.sort_unstable();
            expected.truncate(k);
            let found = k_cheapest_paths(&space, starts.clone(), |&v| v == goal, k).unwrap();
            let costs: Vec<u32> = found.iter().map(|(_, cost)| *cost).collect();
            prop_assert_eq!(costs, expected);
            let mut distinct = HashSet::new();
            for (path, cost) in &found {
                prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), *cost);
                prop_assert!(starts.contains(path.start()));
                prop_assert_eq!(*path.end(), goal);
                let unique: HashSet<&u32> = path.states().iter().collect();
                prop_assert_eq!(unique.len(), path.states().len());
                prop_assert!(distinct.insert(path.states().to_vec()));
            }
        }
    }
}
