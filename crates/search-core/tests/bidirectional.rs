use proptest::prelude::*;
use search_core::Run;
use search_core::breadth_first::Search;
use search_core::space::Undirected;
use search_core::{ErrorKind, Limit, Limits, Predecessors, Successors, bidirectional_bfs, from_fn};

use crate::graphs::{Graph, dense, graph_with_ends, hashed, reference_distances};

fn check(graph: &Graph, start: u32, goal: u32) {
    let expected = reference_distances(graph, &[start])[goal as usize];
    for path in [
        bidirectional_bfs(&dense(graph), [start], [goal]).unwrap(),
        bidirectional_bfs(&hashed(graph), [start], [goal]).unwrap(),
    ] {
        assert_eq!(
            path.as_ref().map(search_core::Path::len),
            expected,
            "{graph:?} {start} -> {goal}"
        );
        if let Some(path) = path {
            assert_eq!(path.start(), &start);
            assert_eq!(path.end(), &goal);
            graph.assert_legal(path.states(), path.moves());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_plain_bfs_on_directed_graphs((graph, start, goal) in graph_with_ends(150, 3)) {
        check(&graph, start, goal);
    }

    #[test]
    fn agrees_with_plain_bfs_on_undirected_graphs((graph, start, goal) in graph_with_ends(150, 2)) {
        check(&graph.undirected(), start, goal);
    }

    #[test]
    fn agrees_on_sparse_graphs_with_long_paths((graph, start, goal) in graph_with_ends(300, 1)) {
        check(&graph.undirected(), start, goal);
    }

    #[test]
    fn a_space_of_two_closures_agrees_with_plain_bfs((graph, start, goal) in graph_with_ends(150, 3)) {
        let space = search_core::from_fn_directed(
            |&n: &u32| graph.adjacency[n as usize].clone(),
            |&n: &u32| graph.reverse[n as usize].clone(),
        );
        let expected = reference_distances(&graph, &[start])[goal as usize];
        let path = bidirectional_bfs(&space, [start], [goal]).unwrap();
        prop_assert_eq!(path.as_ref().map(search_core::Path::len), expected);
        if let Some(path) = path {
            prop_assert_eq!((path.start(), path.end()), (&start, &goal));
            for pair in path.states().windows(2) {
                prop_assert!(graph.adjacency[pair[0] as usize].contains(&pair[1]));
            }
        }
    }
}

#[test]
fn start_equal_to_goal_gives_an_empty_path() {
    let graph = Graph::new(vec![vec![1], vec![0]]);
    let path = bidirectional_bfs(&dense(&graph), [0], [0]).unwrap().unwrap();
    assert!(path.is_empty());
    assert_eq!(path.states(), [0]);
}

#[test]
fn an_empty_side_ends_the_search() {
    // The goal has no way in; the start has no way out.
    let graph = Graph::new(vec![vec![1], vec![0], vec![]]);
    assert_eq!(bidirectional_bfs(&dense(&graph), [0], [2]).unwrap(), None);
    assert_eq!(bidirectional_bfs(&dense(&graph), [2], [0]).unwrap(), None);
}

/// Graphs where the first state both sides reach is not on a shortest path,
/// or where a longer route is generated before the shorter one.
#[test]
fn meeting_rule_is_not_fooled() {
    // Start 0, goal 1. Route A: 0-2-3-4-5-1 (5 moves), listed first.
    // Route B: 0-6-7-8-1 (4 moves).
    let graph = Graph::new(vec![
        vec![2, 6],
        vec![],
        vec![3],
        vec![4],
        vec![5],
        vec![1],
        vec![7],
        vec![8],
        vec![1],
    ]);
    check(&graph, 0, 1);
    check(&graph.undirected(), 0, 1);

    // A wide fan where the forward side reaches a backward state of depth 2
    // through its first child and a state of depth 1 through its last.
    // 0 -> {2, 3}; 2 -> 4; 4 -> 5 -> 1; 3 -> 6 -> 1.
    let graph = Graph::new(vec![vec![2, 3], vec![], vec![4], vec![6], vec![5], vec![1], vec![1]]);
    check(&graph, 0, 1);
    check(&graph.undirected(), 0, 1);
}

/// A directed space: the non-negative integers, each leading to the next,
/// beside a negative goal that only -2 leads into.
struct NaturalsAndAnIsland;

impl Successors for NaturalsAndAnIsland {
    type State = i64;
    type Move = ();

    fn successors<F: FnMut(i64, ())>(&self, &n: &i64, mut report: F) {
        match n {
            -2 => report(-1, ()),
            n if n >= 0 => report(n + 1, ()),
            _ => {}
        }
    }
}

impl Predecessors for NaturalsAndAnIsland {
    fn predecessors<F: FnMut(i64)>(&self, &n: &i64, mut report: F) {
        match n {
            -1 => report(-2),
            n if n > 0 => report(n - 1),
            _ => {}
        }
    }
}

#[test]
fn unreachable_goal_beside_an_infinite_space_ends_at_once() {
    // The bound would be reached if the search kept walking the naturals.
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_states(1_000));
    assert_eq!(search.bidirectional(&NaturalsAndAnIsland, [0], [-1], &mut run).unwrap(), None);
    assert!(run.stats().stored < 10, "{:?}", run.stats());
    // And the other way round: the start's side is the finite one.
    assert_eq!(search.bidirectional(&NaturalsAndAnIsland, [-2], [5], &mut run).unwrap(), None);
    assert!(run.stats().stored < 10, "{:?}", run.stats());
}

#[test]
fn limits_bound_both_sides() {
    let line = Undirected(from_fn(|&n: &i64| [n - 1, n + 1]));
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_depth(10));
    assert_eq!(
        search.bidirectional(&line, [0], [10], &mut run).unwrap().map(|p| p.len()),
        Some(10)
    );
    let error = search.bidirectional(&line, [0], [11], &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(10)));

    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_states(50));
    let error = search.bidirectional(&line, [0], [1_000], &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(50)));
    assert!(run.stats().stored <= 50);
}

/// Searches a hypercube of `bits` bits (flip one bit a move) from all
/// zeros to all ones, checks that the path takes `bits` flips of one bit
/// each, and returns the statistics and the calls of the successor
/// function.
fn search_hypercube(bits: u32) -> (search_core::run::Stats, u64) {
    let calls = std::cell::Cell::new(0u64);
    let cube = Undirected(from_fn(|&state: &u32| {
        calls.set(calls.get() + 1);
        (0..bits).map(move |i| state ^ (1 << i))
    }));
    let mut search = Search::new();
    let mut run = Run::new();
    let path =
        search.bidirectional(&cube, [0], [(1 << bits) - 1], &mut run).unwrap().expect("reachable");
    assert_eq!(path.len(), bits as usize);
    for (state, next) in path.states().iter().zip(&path.states()[1..]) {
        assert_eq!((state ^ next).count_ones(), 1, "{state:#x} -> {next:#x}");
    }
    assert_eq!(run.stats().generated, u64::from(bits) * run.stats().expanded);
    (run.stats(), calls.get())
}

#[test]
fn a_hypercube_is_searched_from_both_ends_to_the_middle() {
    // 16 bits: each side explores 7 or 8 layers of thousands of states.
    // The forward side expands every state within 7 flips of the start
    // (26,333), the backward side every state within 6 of the goal
    // (14,893), and the first state it expands 7 flips away meets.
    let (stats, calls) = search_hypercube(16);
    assert_eq!((stats.expanded, stats.stored), (26_333 + 14_893 + 1, 1 << 16));
    // One call a state expanded, and one for each of the 8 backward
    // steps of the path, to name its move.
    assert_eq!(calls, stats.expanded + 8);
}

#[test]
fn a_large_search_looks_successors_up_in_runs_and_counts_as_one_at_a_time() {
    // 20 bits, past the 2^18 stored states from which a layer is expanded
    // a run at a time: the same counts as a search that looks each state's
    // successors up as it expands it (within 9 flips of the start, within
    // 8 of the goal, and the one that meets), and a run's worth of calls
    // more at most.
    let (stats, calls) = search_hypercube(20);
    assert_eq!((stats.expanded, stats.stored), (431_910 + 263_950 + 1, 1 << 20));
    // The 10 backward steps of the path, and at most one run of 512 states
    // expanded past the one that met.
    let extra = calls - stats.expanded - 10;
    assert!(extra <= 512, "{extra} calls more than the search needed");
}

#[test]
fn a_meeting_near_the_start_of_a_wide_layer_costs_few_calls() {
    // The start fans out to 10,000 states and the goal to 20,000; the
    // second of the start's is joined to the first of the goal's. So the
    // start and the goal are expanded, then the start's layer, whose
    // second state meets: 4 states. (A version that expanded runs of up
    // to 512 states before looking their successors up made 515 calls.)
    const GOAL: u64 = 1_000_000;
    const NEAR_GOAL: u64 = 2_000_000;
    let calls = std::cell::Cell::new(0u64);
    let fans = Undirected(from_fn(|&n: &u64| {
        calls.set(calls.get() + 1);
        match n {
            0 => (1..=10_000).collect(),
            2 => vec![0, NEAR_GOAL + 1],
            1..=10_000 => vec![0],
            GOAL => (NEAR_GOAL + 1..=NEAR_GOAL + 20_000).collect(),
            n if n == NEAR_GOAL + 1 => vec![GOAL, 2],
            _ => vec![GOAL],
        }
    }));
    let mut search = Search::new();
    let mut run = Run::new();
    let path = search.bidirectional(&fans, [0], [GOAL], &mut run).unwrap().expect("reachable");
    assert_eq!(path.states(), [0, 2, NEAR_GOAL + 1, GOAL]);
    // One call more names the move of the path's one backward step.
    assert_eq!((run.stats().expanded, calls.get()), (4, 5));
}

#[test]
fn large_searches_agree_with_plain_bfs() {
    // A 1,024 x 1,024 torus walked a square at a time, or by a knight's
    // move (1, 2) and back (-1, -2), between far-apart squares: each side
    // stores a diamond of hundreds of thousands of squares, past the 2^18
    // stored states from which layers are expanded in runs. Each path is
    // as long as plain BFS says, and legal.
    const SIDE: u32 = 1_024;
    let torus = Undirected(from_fn(|&(x, y): &(u32, u32)| {
        let step = |d: u32| (d + SIDE) % SIDE;
        [(1, 0), (SIDE - 1, 0), (0, 1), (0, SIDE - 1), (1, 2), (SIDE - 1, SIDE - 2)]
            .map(|(dx, dy)| (step(x + dx), step(y + dy)))
    }));
    let mut search = Search::new();
    let mut run = Run::new();
    let mut plain = Search::new();
    let mut plain_run = Run::new();
    for goal in [(512, 512), (300, 900), (700, 300)] {
        let path =
            search.bidirectional(&torus, [(0, 0)], [goal], &mut run).unwrap().expect("reachable");
        assert_eq!(
            Some(path.len()),
            plain.distance(&torus, [(0, 0)], |&n| n == goal, &mut plain_run).unwrap()
        );
        for (state, next) in path.states().iter().zip(&path.states()[1..]) {
            let mut neighbours = Vec::new();
            torus.successors(state, |n, ()| neighbours.push(n));
            assert!(neighbours.contains(next), "{state:?} -> {next:?}");
        }
        assert!(run.stats().stored > 1 << 18, "{} stored", run.stats().stored);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    // From several starts towards several goals: the distance between the
    // nearest pair, along a legal path from a start to a goal.
    #[test]
    fn several_starts_and_goals_agree_with_plain_bfs(
        (graph, starts, goals) in crate::graphs::graph(60, 3).prop_flat_map(|graph| {
            let n = graph.len() as u32;
            let ends = prop::collection::vec(0..n, 1..=3);
            (Just(graph), ends.clone(), ends)
        }),
    ) {
        for graph in [graph.clone(), graph.undirected()] {
            let distances = reference_distances(&graph, &starts);
            let expected = goals.iter().filter_map(|&goal| distances[goal as usize]).min();
            for path in [
                bidirectional_bfs(&dense(&graph), starts.clone(), goals.clone()).unwrap(),
                bidirectional_bfs(&hashed(&graph), starts.clone(), goals.clone()).unwrap(),
            ] {
                prop_assert_eq!(path.as_ref().map(search_core::Path::len), expected);
                if let Some(path) = path {
                    prop_assert!(starts.contains(path.start()));
                    prop_assert!(goals.contains(path.end()));
                    graph.assert_legal(path.states(), path.moves());
                }
            }
        }
    }
}

#[test]
fn predecessors_that_disagree_with_the_successors_are_an_error_not_a_panic() {
    // 0 -> 1 -> ... -> 100, but 90 claims 0 among its predecessors: the
    // backward side reaches 0 at once, deep in the forward tree.
    let line = search_core::from_fn_directed(
        |&n: &u32| (n < 100).then_some(n + 1),
        |&n: &u32| (n > 0).then(|| n - 1).into_iter().chain((n == 90).then_some(0)),
    );
    let error = search_core::bidirectional_bfs(&line, [0], [100]).unwrap_err();
    assert_eq!(error.kind(), &search_core::ErrorKind::InconsistentPredecessors);
    let agreeing = search_core::from_fn_directed(
        |&n: &u32| (n < 100).then_some(n + 1),
        |&n: &u32| (n > 0).then(|| n - 1),
    );
    let path = search_core::bidirectional_bfs(&agreeing, [0], [100]).unwrap().unwrap();
    assert_eq!(path.len(), 100);
}
