use proptest::prelude::*;
use search_core::Run;
use search_core::breadth_first::{Bfs, Search};
use search_core::{Limits, bfs};

use crate::graphs::{Graph, dense, graph, graph_with_ends, hashed, reference_distances};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn bfs_finds_shortest_legal_paths((graph, start, goal) in graph_with_ends(120, 4)) {
        let expected = reference_distances(&graph, &[start])[goal as usize];
        let path = bfs(&dense(&graph), [start], |&n| n == goal).unwrap();
        prop_assert_eq!(path.as_ref().map(search_core::Path::len), expected);
        if let Some(path) = path {
            prop_assert_eq!(path.start(), &start);
            prop_assert_eq!(path.end(), &goal);
            graph.assert_legal(path.states(), path.moves());
        }
    }

    #[test]
    fn dense_and_hashed_stores_agree((graph, start, goal) in graph_with_ends(120, 4)) {
        let (dense_space, hashed_space) = (dense(&graph), hashed(&graph));
        let by_rank = bfs(&dense_space, [start], |&n| n == goal).unwrap();
        let by_hash = bfs(&hashed_space, [start], |&n| n == goal).unwrap();
        prop_assert_eq!(by_rank, by_hash);
        let mut by_rank = Search::new();
        let mut by_rank_run = Run::new();
        let mut by_hash = Search::new();
        let mut by_hash_run = Run::new();
        prop_assert_eq!(by_rank.enumerate(&dense_space, [start], &mut by_rank_run).unwrap(), by_hash.enumerate(&hashed_space, [start], &mut by_hash_run).unwrap());
        prop_assert_eq!(by_rank_run.stats(), by_hash_run.stats());
        prop_assert_eq!(by_rank.all_shortest_paths(&dense_space, [start], |&n| n == goal, &mut by_rank_run).unwrap().count(), by_hash.all_shortest_paths(&hashed_space, [start], |&n| n == goal, &mut by_hash_run).unwrap().count());
        prop_assert_eq!(by_rank_run.stats(), by_hash_run.stats());
    }

    #[test]
    fn multi_source_bfs_starts_from_the_nearest(graph in graph(120, 3), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..5)) {
        let starts: Vec<u32> = picks.iter().map(|i| i.index(graph.len()) as u32).collect();
        let expected = reference_distances(&graph, &starts);
        let space = hashed(&graph);
        let mut search = Search::new();
        let mut run = Run::new();
        for goal in 0..graph.len() as u32 {
            let distance = search.distance(&space, starts.iter().copied(), |&n| n == goal, &mut run).unwrap();
            prop_assert_eq!(distance, expected[goal as usize]);
            let path = search.bfs(&space, starts.iter().copied(), |&n| n == goal, &mut run).unwrap();
            prop_assert_eq!(path.as_ref().map(search_core::Path::len), expected[goal as usize]);
            if let Some(path) = path {
                prop_assert!(starts.contains(path.start()));
                graph.assert_legal(path.states(), path.moves());
            }
        }
    }

    #[test]
    fn traversal_visits_each_reachable_state_once_in_depth_order((graph, start, _goal) in graph_with_ends(120, 4)) {
        let expected = reference_distances(&graph, &[start]);
        let space = dense(&graph);
        let mut traversal = Bfs::new();
        // Twice, to check that a reused traversal starts clean.
        for _ in 0..2 {
            traversal.start(&space, [start]).unwrap();
            let mut visited = vec![false; graph.len()];
            let mut last_depth = 0;
            let mut ids = Vec::new();
            while let Some(visit) = traversal.next(&space).unwrap() {
                let node = *visit.state() as usize;
                prop_assert!(!visited[node]);
                visited[node] = true;
                prop_assert_eq!(Some(visit.depth()), expected[node]);
                prop_assert!(visit.depth() >= last_depth);
                last_depth = visit.depth();
                ids.push((visit.node(), visit.depth()));
            }
            for (node, reachable) in visited.iter().zip(&expected) {
                prop_assert_eq!(*node, reachable.is_some());
            }
            for (id, depth) in ids {
                let path = traversal.path(id).expect("a short path");
                prop_assert_eq!(path.len(), depth);
                graph.assert_legal(path.states(), path.moves());
            }
        }
    }

    #[test]
    fn traversal_depth_limit_prunes((graph, start, _goal) in graph_with_ends(120, 4), max_depth in 0usize..6) {
        let expected = reference_distances(&graph, &[start]);
        let space = hashed(&graph);
        let mut traversal = Bfs::new().limits(Limits::new().max_depth(max_depth));
        traversal.start(&space, [start]).unwrap();
        let mut count = 0;
        while let Some(visit) = traversal.next(&space).unwrap() {
            prop_assert!(visit.depth() <= max_depth);
            count += 1;
        }
        let within = expected.iter().filter(|d| d.is_some_and(|d| d <= max_depth)).count();
        prop_assert_eq!(count, within);
    }
}

#[test]
fn start_that_is_a_goal_gives_an_empty_path() {
    let graph = Graph::new(vec![vec![1], vec![0]]);
    let path = bfs(&dense(&graph), [1], |&n| n == 1).unwrap().unwrap();
    assert!(path.is_empty());
    assert_eq!(path.states(), [1]);
}

#[test]
fn unreachable_goal_is_none() {
    let graph = Graph::new(vec![vec![1], vec![0], vec![0]]);
    assert_eq!(bfs(&hashed(&graph), [0], |&n| n == 2).unwrap(), None);
    assert_eq!(
        Search::new().distance(&dense(&graph), [0], |&n| n == 2, &mut Run::new()).unwrap(),
        None
    );
}

#[test]
fn stats_count_the_work() {
    // 0 -> 1, 0 -> 2, 1 -> 2, 2 -> 3
    let graph = Graph::new(vec![vec![1, 2], vec![2], vec![3], vec![]]);
    let space = hashed(&graph);
    let mut search = Search::new();
    let mut run = Run::new();
    let path = search.bfs(&space, [0], |&n| n == 3, &mut run).unwrap().unwrap();
    assert_eq!(path.states(), [0, 2, 3]);
    let stats = run.stats();
    assert_eq!(stats.expanded, 3);
    assert_eq!(stats.generated, 4);
    assert_eq!(stats.duplicates, 1);
    assert_eq!(stats.stored, 4);
    assert_eq!(stats.max_frontier, 2);
}

#[test]
fn a_goal_found_inside_a_wide_layer_counts_only_the_states_expanded_before_it() {
    // A binary tree numbered in breadth-first order: 1 -> 2, 3; 2 -> 4, 5;
    // ... The goal 1,500 is found by expanding 750, after every state
    // below it: the searches expand in runs of hundreds of states, and
    // must count as if one at a time.
    let tree = search_core::from_fn(|&n: &u32| [2 * n, 2 * n + 1]);
    let mut search = Search::new();
    let mut run = Run::new();
    let path = search.bfs(&tree, [1], |&n| n == 1_500, &mut run).unwrap().unwrap();
    assert_eq!(path.len(), 10);
    let stats = run.stats();
    assert_eq!((stats.expanded, stats.generated, stats.duplicates), (750, 1_500, 0));
    assert_eq!(stats.stored, 1_500);
    assert_eq!(search.distance(&tree, [1], |&n| n == 1_500, &mut run).unwrap(), Some(10));
    let stats = run.stats();
    assert_eq!((stats.expanded, stats.generated, stats.duplicates), (750, 1_500, 0));
    // A goal in the first layer past the starts, and a run cut short by
    // the end of a layer: 3 is stored by expanding 1.
    assert_eq!(search.distance(&tree, [1], |&n| n == 3, &mut run).unwrap(), Some(1));
    assert_eq!(run.stats().expanded, 1);
}

#[test]
fn states_of_many_successors_are_expanded_in_short_runs_and_counted_one_at_a_time() {
    // 0 -> 1..=3000, and each of those to its own 3,000: a few states'
    // successors fill a run. The goal 15,007 is found by expanding 5, the
    // sixth state expanded.
    let wide = search_core::from_fn(|&n: &u64| wide_children(n, 3_000));
    let mut search = Search::new();
    let mut run = Run::new();
    let path = search.bfs(&wide, [0], |&n| n == 15_007, &mut run).unwrap().unwrap();
    assert_eq!(path.states(), [0, 5, 15_007]);
    assert_eq!((run.stats().expanded, run.stats().generated), (6, 18_000));
    assert_eq!(search.distance(&wide, [0], |&n| n == 15_007, &mut run).unwrap(), Some(2));
    assert_eq!((run.stats().expanded, run.stats().generated), (6, 18_000));
    let shallow = search_core::from_fn(|&n: &u64| wide_children(n, 30));
    let layers = search.enumerate(&shallow, [0], &mut run).unwrap();
    assert_eq!(layers.layer_sizes(), [1, 3_000, 90_000]);
}

/// The 3,000 children of `n`, `n * 3,000 + 1` on, for `n` up to `last`;
/// none past it.
fn wide_children(n: u64, last: u64) -> impl Iterator<Item = u64> {
    (1..=3_000).filter(move |_| n <= last).map(move |i| n * 3_000 + i)
}

#[test]
fn a_search_calls_the_successor_function_at_most_twice_as_often_as_it_needs() {
    // Runs grow with the states a search has expanded: one whose goal is
    // early in a run has expanded at most as many states past it as before.
    let calls = std::cell::Cell::new(0u64);
    let tree = search_core::from_fn(|&n: &u32| {
        calls.set(calls.get() + 1);
        [2 * n, 2 * n + 1]
    });
    let mut search = Search::new();
    let mut run = Run::new();
    for (goal, needed) in [(2, 1), (3, 1), (9, 4), (1_500, 750), (70_000, 35_000)] {
        calls.set(0);
        assert!(search.bfs(&tree, [1], |&n| n == goal, &mut run).unwrap().is_some());
        assert_eq!(run.stats().expanded, needed);
        assert!(
            (needed..=2 * needed).contains(&calls.get()),
            "bfs to {goal}: {} calls",
            calls.get()
        );
        calls.set(0);
        assert!(search.distance(&tree, [1], |&n| n == goal, &mut run).unwrap().is_some());
        assert_eq!(run.stats().expanded, needed);
        assert!(
            (needed..=2 * needed).contains(&calls.get()),
            "distance to {goal}: {} calls",
            calls.get()
        );
    }
}

#[test]
fn a_goal_near_the_start_of_a_wide_layer_costs_few_calls() {
    // A first layer of 10,000 states whose second leads to the goal:
    // three states expanded (0, 1, 2), where runs of hundreds of states
    // would call the function hundreds of times.
    let calls = std::cell::Cell::new(0u64);
    let fan = search_core::from_fn(|&n: &u64| {
        calls.set(calls.get() + 1);
        match n {
            0 => (1..=10_000).collect(),
            1..=10_000 => vec![n * 100_000],
            _ => Vec::new(),
        }
    });
    let mut search = Search::new();
    let mut run = Run::new();
    assert_eq!(
        search.bfs(&fan, [0], |&n| n == 200_000, &mut run).unwrap().map(|p| p.len()),
        Some(2)
    );
    assert_eq!((run.stats().expanded, calls.get()), (3, 4));
    calls.set(0);
    assert_eq!(search.distance(&fan, [0], |&n| n == 200_000, &mut run).unwrap(), Some(2));
    assert_eq!((run.stats().expanded, calls.get()), (3, 4));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The parallel distance search against the textbook one, from one or
    /// more starts to any of a set of goals, on one to three threads.
    #[test]
    fn parallel_distance_is_the_distance_of_plain_bfs(
        graph in graph(200, 3),
        start_picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
        goal_picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        threads in 1usize..4,
    ) {
        use search_core::breadth_first::ParallelEnumeration;
        let starts: Vec<u32> = start_picks.iter().map(|i| i.index(graph.len()) as u32).collect();
        let goals: Vec<u32> = goal_picks.iter().map(|i| i.index(graph.len()) as u32).collect();
        let distances = reference_distances(&graph, &starts);
        let expected = goals.iter().filter_map(|&goal| distances[goal as usize]).min();
        let mut parallel = ParallelEnumeration::new().threads(threads);
        let mut parallel_run = Run::new();
        let found = parallel.distance(&hashed(&graph), starts.clone(), |n| goals.contains(n), &mut parallel_run).unwrap();
        prop_assert_eq!(found, expected);
        let sequential = Search::new().distance(&hashed(&graph), starts, |n| goals.contains(n), &mut Run::new()).unwrap();
        prop_assert_eq!(sequential, expected);
    }
}

#[test]
fn parallel_distance_keeps_the_depth_policy_of_every_search() {
    use search_core::breadth_first::ParallelEnumeration;
    use search_core::{ErrorKind, Limit};
    // A line 0 -> 1 -> 2, as in `Limits::max_depth`'s example.
    let line = search_core::from_fn(|&n: &u8| (n < 2).then_some(n + 1));
    let mut within = ParallelEnumeration::new();
    let mut within_run = Run::new().limits(Limits::new().max_depth(2));
    assert_eq!(within.distance(&line, [0], |&n| n == 5, &mut within_run).unwrap(), None);
    assert_eq!(within.distance(&line, [0], |&n| n == 2, &mut within_run).unwrap(), Some(2));
    assert_eq!(within.distance(&line, [0], |&n| n == 0, &mut within_run).unwrap(), Some(0));
    let mut short = ParallelEnumeration::new();
    let mut short_run = Run::new().limits(Limits::new().max_depth(1));
    let error = short.distance(&line, [0], |&n| n == 5, &mut short_run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(1)));
    // A goal past the bound is not reported: states lie past it.
    let error = short.distance(&line, [0], |&n| n == 2, &mut short_run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(1)));
    // Sequential distance says the same.
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_depth(1));
    let error = search.distance(&line, [0], |&n| n == 2, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(1)));
}

#[test]
fn parallel_distance_matches_the_sequential_one_on_a_large_space() {
    use search_core::breadth_first::ParallelEnumeration;
    use search_core::from_fn;
    // A ring of 300,000 states with chords: layers of thousands of states,
    // so that both passes of a layer run in parallel.
    const RING: u64 = 300_000;
    let space = from_fn(|&r: &u64| [(r + 1) % RING, (r * 7 + 3) % RING, (r + RING - 1) % RING]);
    let mut search = Search::new();
    let mut run = Run::new();
    for goal in [0, 1, 150_000, 299_999, 123_457] {
        let expected = search.distance(&space, [0], |&n| n == goal, &mut run).unwrap();
        assert!(expected.is_some());
        for threads in [1, 2, 3] {
            let mut parallel = ParallelEnumeration::new().threads(threads);
            let mut parallel_run = Run::new();
            assert_eq!(
                parallel.distance(&space, [0], |&n| n == goal, &mut parallel_run).unwrap(),
                expected
            );
        }
    }
    let mut parallel = ParallelEnumeration::new().threads(2);
    let mut parallel_run = Run::new();
    assert_eq!(parallel.distance(&space, [0], |&n| n >= RING, &mut parallel_run).unwrap(), None);
}

#[test]
fn one_shot_searches_of_other_state_types_on_one_thread_stay_exact() {
    // Each one-shot search starts from the node index the last one on its
    // thread left: a ring of numbers with chords, words, then numbers
    // again, each checked against the plain search, with legal paths.
    let ring = Graph::new(
        (0..30_000u32)
            .map(|n| vec![(n + 1) % 30_000, (n + 29_999) % 30_000, n * 7 % 30_000])
            .collect(),
    );
    let expected = reference_distances(&ring, &[0]);
    let words = search_core::from_fn(|word: &String| {
        let word = word.clone();
        (0..word.len()).filter_map(move |i| {
            let mut bytes = word.clone().into_bytes();
            bytes[i] = if bytes[i] == b'z' { return None } else { bytes[i] + 1 };
            String::from_utf8(bytes).ok()
        })
    });
    for goal in [29_999, 12_345, 20_000] {
        let path = bfs(&hashed(&ring), [0], |&n| n == goal).unwrap().expect("reachable");
        assert_eq!(Some(path.len()), expected[goal as usize], "to {goal}");
        ring.assert_legal(path.states(), path.moves());
        // Three letters counted up one at a time: as many moves as the
        // letters climb.
        let path = bfs(&words, ["aaa".to_owned()], |w| w == "dzb").unwrap().expect("reachable");
        assert_eq!(path.len(), 3 + 25 + 1);
        assert_eq!(bfs(&words, ["bbb".to_owned()], |w| w == "abc").unwrap(), None);
    }
}
