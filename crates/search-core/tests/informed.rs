//! A*, IDA* and Dijkstra against plain references: breadth-first search on
//! unit costs, Bellman-Ford on random weights.

use proptest::prelude::*;
use search_core::Run;
use search_core::breadth_first::{Search, dfs};
use search_core::cheapest::{
    AStar, BeamSearch, ZeroOneBfs, beam_search, bidirectional_astar, bidirectional_dijkstra,
    dijkstra_all, fringe_search, greedy_best_first, zero_one_bfs,
};
use search_core::deepening::{IdaStar, InPlace, iddfs};
use search_core::patterns::{Combine, DistanceTable, Patterns, ZeroOneRankedSpace};
use search_core::space::{UnitCost, rank_by};
use search_core::{
    ErrorKind, Heuristic, Limit, Limits, Ranking, Successors, Weighted, astar, dijkstra, from_fn,
    from_fn_weighted_directed,
};

use crate::graphs::{Graph, dense, graph_with_ends, hashed, reference_distances};

/// A graph whose edge `i` out of each node costs `weights[node][i]`.
#[derive(Clone, Debug)]
pub(crate) struct WeightedGraph {
    pub(crate) graph: Graph,
    pub(crate) weights: Vec<Vec<u32>>,
}

impl Successors for WeightedGraph {
    type State = u32;
    type Move = usize;
    fn successors<F: FnMut(u32, usize)>(&self, &node: &u32, mut report: F) {
        for (mv, &next) in self.graph.adjacency[node as usize].iter().enumerate() {
            report(next, mv);
        }
    }
}

impl search_core::Predecessors for WeightedGraph {
    fn predecessors<F: FnMut(u32)>(&self, &node: &u32, mut report: F) {
        for &previous in &self.graph.reverse[node as usize] {
            report(previous);
        }
    }
}

impl Weighted for WeightedGraph {
    type Cost = u32;
    fn cost(&self, &from: &u32, &mv: &usize, _: &u32) -> u32 {
        self.weights[from as usize][mv]
    }
}

/// A weighted graph searched in place: the state is the node, a move the
/// edge's ends, so that it can be taken back.
struct InPlaceGraph<'a>(&'a WeightedGraph);

impl InPlace for InPlaceGraph<'_> {
    type State = u32;
    type Move = (u32, u32, usize);
    type Cost = u32;
    fn moves<F: FnMut((u32, u32, usize))>(&self, &node: &u32, mut report: F) {
        for (index, &next) in self.0.graph.adjacency[node as usize].iter().enumerate() {
            report((node, next, index));
        }
    }
    fn apply(&self, node: &mut u32, &(from, to, index): &(u32, u32, usize)) -> u32 {
        *node = to;
        self.0.weights[from as usize][index]
    }
    fn undo(&self, node: &mut u32, &(from, _, _): &(u32, u32, usize)) {
        *node = from;
    }
    fn reverses(&self, mv: &(u32, u32, usize), previous: &(u32, u32, usize)) -> bool {
        // As `run` skips a child equal to the state it came from.
        mv.1 == previous.0
    }
}

/// The cheapest cost from `start` to every node, by Bellman-Ford.
pub(crate) fn bellman_ford(space: &WeightedGraph, start: u32) -> Vec<Option<u32>> {
    let n = space.graph.len();
    let mut cost = vec![None; n];
    cost[start as usize] = Some(0);
    for _ in 0..n {
        for from in 0..n {
            let Some(here) = cost[from] else { continue };
            for (mv, &to) in space.graph.adjacency[from].iter().enumerate() {
                let there = here + space.weights[from][mv];
                if cost[to as usize].is_none_or(|c| there < c) {
                    cost[to as usize] = Some(there);
                }
            }
        }
    }
    cost
}

fn weighted_graph_with_ends() -> impl Strategy<Value = (WeightedGraph, u32, u32)> {
    graph_with_weights(30, prop_oneof![1 => Just(0u32), 4 => 1..10u32].boxed())
}

/// Random graphs whose edges cost 0 or 1, about half of each.
fn zero_one_graph_with_ends() -> impl Strategy<Value = (WeightedGraph, u32, u32)> {
    graph_with_weights(30, (0u32..=1).boxed())
}

/// Random graphs of up to `nodes` nodes, each edge's cost drawn from
/// `weight`, and two of their nodes.
pub(crate) fn graph_with_weights(
    nodes: usize,
    weight: BoxedStrategy<u32>,
) -> impl Strategy<Value = (WeightedGraph, u32, u32)> {
    graph_with_ends(nodes, 3).prop_flat_map(move |(graph, start, goal)| {
        let shape: Vec<usize> = graph.adjacency.iter().map(Vec::len).collect();
        let weights = shape
            .into_iter()
            .map(|degree| prop::collection::vec(weight.clone(), degree))
            .collect::<Vec<_>>();
        (weights, Just(graph), Just(start), Just(goal)).prop_map(|(weights, graph, start, goal)| {
            (WeightedGraph { graph, weights }, start, goal)
        })
    })
}

/// The cost of a path, checked edge by edge.
pub(crate) fn walk_cost(space: &WeightedGraph, states: &[u32], moves: &[usize]) -> u32 {
    space.graph.assert_legal(states, moves);
    states.iter().zip(moves).map(|(&from, &mv)| space.weights[from as usize][mv]).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn unit_cost_searches_agree_with_breadth_first_search((graph, start, goal) in graph_with_ends(60, 3)) {
        let expected = reference_distances(&graph, &[start])[goal as usize];
        let zero = |_: &u32| 0u32;
        // BFS distances from the goal backwards: the exact, consistent estimate.
        let exact = reference_distances(&Graph::new(graph.reverse.clone()), &[goal]);
        let exact = |&n: &u32| exact[n as usize].map_or(1_000, |d| d as u32);
        let space = UnitCost(hashed(&graph));
        let found = astar(&space, [start], &zero, |&n| n == goal).unwrap();
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c as usize), expected);
        let found = astar(&space, [start], &exact, |&n| n == goal).unwrap();
        prop_assert_eq!(found.as_ref().map(|(p, _)| p.len()), expected);
        if let Some((path, _)) = found {
            graph.assert_legal(path.states(), path.moves());
        }
        let space = UnitCost(dense(&graph));
        let found = AStar::new().run(&space, [start], &exact, |&n| n == goal, &mut Run::new()).unwrap();
        prop_assert_eq!(found.map(|(p, _)| p.len()), expected);
        let found = dijkstra(&space, [start], |&n| n == goal).unwrap();
        prop_assert_eq!(found.map(|(_, c)| c as usize), expected);
    }

    // IDA* walks paths, not states: on a graph with cycles and no estimate
    // it takes time exponential in the distance, so its graphs are small.
    #[test]
    fn ida_star_agrees_with_breadth_first_search((graph, start, goal) in graph_with_ends(10, 3)) {
        let expected = reference_distances(&graph, &[start])[goal as usize];
        let exact = reference_distances(&Graph::new(graph.reverse.clone()), &[goal]);
        let exact = |&n: &u32| exact[n as usize].map_or(1_000, |d| d as u32);
        // Told its budget, the least an estimate may say past it: every
        // cut-off child's estimate one past what it had left.
        let laziest = |n: &u32, budget: u32| {
            let whole = exact(n);
            if whole > budget { budget + 1 } else { whole }
        };
        let space = UnitCost(hashed(&graph));
        // No shortest path has more moves than the graph has nodes.
        let mut search = IdaStar::new();
        let mut run = Run::new().limits(Limits::new().max_depth(graph.len()));
        for found in [
            search.run(&space, [start], &|_: &u32| 0u32, |&n| n == goal, &mut run),
            search.run(&space, [start], &exact, |&n| n == goal, &mut run),
            search.run_parallel(&space, [start], &|_: &u32| 0u32, |&n| n == goal, &mut run),
            search.run_parallel(&space, [start], &exact, |&n| n == goal, &mut run),
            search.run_budgeted(&space, [start], laziest, |&n| n == goal, &mut run),
            search.run_parallel_budgeted(&space, [start], laziest, |&n| n == goal, &mut run),
        ] {
            let found = match found {
                Ok(found) => found,
                // Cycles go on past the limit; only when there is no goal.
                Err(error) => {
                    prop_assert!(expected.is_none(), "{error}");
                    continue;
                }
            };
            prop_assert_eq!(found.as_ref().map(|(_, c)| *c as usize), expected);
            if let Some((path, cost)) = found {
                graph.assert_legal(path.states(), path.moves());
                prop_assert_eq!(path.len(), cost as usize);
            }
        }
    }

    #[test]
    fn a_weighted_closure_agrees_with_bellman_ford((space, start, goal) in weighted_graph_with_ends()) {
        let expected = bellman_ford(&space, start)[goal as usize];
        let closure = search_core::from_fn_weighted(|&n: &u32| {
            let targets = &space.graph.adjacency[n as usize];
            targets.iter().copied().zip(space.weights[n as usize].iter().copied()).collect::<Vec<_>>()
        });
        let found = dijkstra(&closure, [start], |&n| n == goal).unwrap();
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
        if let Some((path, cost)) = found {
            // A move is its cost: the moves add up to the path's cost.
            prop_assert_eq!(path.moves().iter().sum::<u32>(), cost);
            prop_assert_eq!((*path.start(), *path.end()), (start, goal));
        }
    }

    #[test]
    fn weighted_searches_agree_with_bellman_ford((space, start, goal) in weighted_graph_with_ends(), scale in 0u32..=100) {
        let expected = bellman_ford(&space, start)[goal as usize];
        // Cheapest costs to the goal, scaled down: admissible, and for most
        // scales not consistent, so A* must reopen to stay optimal.
        let to_goal: Vec<Option<u32>> = (0..space.graph.len() as u32)
            .map(|node| bellman_ford(&space, node)[goal as usize])
            .collect();
        let admissible = |&n: &u32| to_goal[n as usize].map_or(0, |c| c * scale / 100);
        for found in [
            dijkstra(&space, [start], |&n| n == goal).unwrap(),
            astar(&space, [start], &admissible, |&n| n == goal).unwrap(),
            fringe_search(&space, [start], &admissible, |&n| n == goal).unwrap(),
        ] {
            prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
            if let Some((path, cost)) = found {
                prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
                prop_assert_eq!(*path.end(), goal);
            }
        }
    }
}

/// Random graphs whose edges cost up to 100,000: paths of thousands, past
/// the open list's buckets, so the searches run on its radix heap, and
/// move to its binary heap when an inconsistent estimate comes in below
/// the last `f` taken.
fn costly_graph_with_ends() -> impl Strategy<Value = (WeightedGraph, u32, u32)> {
    graph_with_weights(
        30,
        prop_oneof![1 => Just(0u32), 2 => 1..10u32, 4 => 200..100_000u32].boxed(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn searches_on_large_costs_agree_with_bellman_ford((space, start, goal) in costly_graph_with_ends(), scale in 0u32..=100) {
        let from_start = bellman_ford(&space, start);
        let expected = from_start[goal as usize];
        let to_goal: Vec<Option<u32>> = (0..space.graph.len() as u32)
            .map(|node| bellman_ford(&space, node)[goal as usize])
            .collect();
        // Exact, hence consistent (radix heap throughout), and scaled
        // down, mostly inconsistent (a binary heap once one is found out).
        let exact = |&n: &u32| to_goal[n as usize].unwrap_or(0);
        let scaled = |&n: &u32| to_goal[n as usize].map_or(0, |c| c / 100 * scale);
        for found in [
            dijkstra(&space, [start], |&n| n == goal).unwrap(),
            astar(&space, [start], exact, |&n| n == goal).unwrap(),
            astar(&space, [start], scaled, |&n| n == goal).unwrap(),
            bidirectional_dijkstra(&space, [start], [goal]).unwrap(),
        ] {
            prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
            if let Some((path, cost)) = found {
                prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
                prop_assert_eq!(*path.end(), goal);
            }
        }
        let all = dijkstra_all(&space, [start], None).unwrap();
        for node in 0..space.graph.len() as u32 {
            prop_assert_eq!(all.cost(&node), from_start[node as usize]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn zero_one_search_agrees_with_bellman_ford_and_dijkstra((space, start, goal) in zero_one_graph_with_ends()) {
        let expected = bellman_ford(&space, start)[goal as usize];
        let found = zero_one_bfs(&space, [start], |&n| n == goal).unwrap();
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
        prop_assert_eq!(dijkstra(&space, [start], |&n| n == goal).unwrap().map(|(_, c)| c), expected);
        if let Some((path, cost)) = found {
            prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
            prop_assert_eq!(*path.end(), goal);
        }
    }
}

/// A 0-1 weighted graph as an abstraction for a distance table.
impl ZeroOneRankedSpace for WeightedGraph {
    fn rank_count(&self) -> u64 {
        self.graph.len() as u64
    }
    fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
        let rank = rank as usize;
        for (mv, &next) in self.graph.adjacency[rank].iter().enumerate() {
            report(u64::from(next), self.weights[rank][mv] == 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn distance_tables_agree_with_bellman_ford((space, start, _) in zero_one_graph_with_ends()) {
        let table = DistanceTable::build(&space, &[u64::from(start)], &mut Run::new()).unwrap();
        let expected = bellman_ford(&space, start);
        for (node, cost) in expected.iter().enumerate() {
            prop_assert_eq!(table.distance(node as u64).map(u32::from), *cost, "node {}", node);
        }
    }
}

#[test]
fn pattern_estimates_guide_a_star_to_breadth_first_answers() {
    // A 12x12 grid with walls; each axis alone, walls forgotten, is an
    // abstraction: the sum of the two tables is the taxicab distance,
    // admissible, and A* with it agrees with breadth-first search.
    const N: usize = 12;
    /// One axis of the grid, walls forgotten.
    struct Axis;
    impl ZeroOneRankedSpace for Axis {
        fn rank_count(&self) -> u64 {
            N as u64
        }
        fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
            if rank > 0 {
                report(rank - 1, true);
            }
            if rank + 1 < N as u64 {
                report(rank + 1, true);
            }
        }
    }

    let wall = |x: usize, y: usize| (x == 4 && y < 9) || (y == 7 && x > 5);
    let grid = UnitCost(from_fn(move |&(x, y): &(usize, usize)| {
        [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
            .into_iter()
            .filter(move |&(x, y)| x < N && y < N && !wall(x, y))
    }));
    for goal in [(11, 11), (0, 11), (5, 8), (11, 0)] {
        let to_x = DistanceTable::build(
            &Axis,
            &[goal.0 as u64],
            &mut Run::new().limits(Limits::new().max_memory(1 << 10)),
        )
        .unwrap();
        let to_y = DistanceTable::build(
            &Axis,
            &[goal.1 as u64],
            &mut Run::new().limits(Limits::new().max_memory(1 << 10)),
        )
        .unwrap();
        let sum = Patterns::new(Combine::Sum)
            .with(to_x.clone(), |&(x, _): &(usize, usize)| x as u64)
            .with(to_y.clone(), |&(_, y): &(usize, usize)| y as u64);
        let max = Patterns::new(Combine::Max)
            .with(to_x, |&(x, _): &(usize, usize)| x as u64)
            .with(to_y, |&(_, y): &(usize, usize)| y as u64);
        let expected = search_core::bfs(&grid, [(0, 0)], |&s| s == goal).unwrap().map(|p| p.len());
        for estimate in [&sum, &max] {
            let found = AStar::new()
                .run(&grid, [(0, 0)], |s| estimate.estimate(s), |&s| s == goal, &mut Run::new())
                .unwrap();
            assert_eq!(found.map(|(path, _)| path.len()), expected, "{goal:?} {estimate:?}");
        }
        assert_eq!(sum.estimate(&(0, 0)), (goal.0 + goal.1) as u32);
    }
}

#[test]
fn distance_tables_refuse_what_they_cannot_hold() {
    /// A space whose rank 1 moves past its rank count.
    struct Broken;
    impl ZeroOneRankedSpace for Broken {
        fn rank_count(&self) -> u64 {
            2
        }
        fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
            report(if rank == 0 { 1 } else { 7 }, true);
        }
    }

    let error = DistanceTable::build(
        &Broken,
        &[0],
        &mut Run::new().limits(Limits::new().max_memory(1 << 20)),
    )
    .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::RankOutOfBounds { rank: 7, count: 2 });
    // A path of 300 paid moves: distances past 254 do not fit a byte.
    let adjacency: Vec<Vec<u32>> =
        (0..300).map(|n| if n < 299 { vec![n + 1] } else { vec![] }).collect();
    let weights = adjacency.iter().map(|next| vec![1; next.len()]).collect();
    let long = WeightedGraph { graph: Graph::new(adjacency), weights };
    let error = DistanceTable::build(
        &long,
        &[0],
        &mut Run::new().limits(Limits::new().max_memory(1 << 20)),
    )
    .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::DistanceTooLarge);
}

#[test]
fn zero_one_search_refuses_other_costs_and_keeps_its_limits() {
    let space = WeightedGraph {
        graph: Graph::new(vec![vec![1], vec![2], vec![]]),
        weights: vec![vec![1], vec![2], vec![]],
    };
    let error = zero_one_bfs(&space, [0], |&n| n == 2).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::CostNotZeroOrOne);
    assert_eq!(zero_one_bfs(&space, [0], |&n| n == 1).unwrap().map(|(_, c)| c), Some(1));
    let line = UnitCost(search_core::from_fn(|&n: &u32| [n + 1]));
    let mut search = ZeroOneBfs::new();
    let mut run = Run::new().limits(Limits::new().max_states(50));
    let error = search.run(&line, [0], |&n| n == 1_000, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(50)));
    assert_eq!(run.stats().stored, 50);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // IDA* needs every cycle to cost something, and a small graph.
    #[test]
    fn ida_star_agrees_with_bellman_ford((space, start, goal) in weighted_graph_with_ends(), scale in 0u32..=100) {
        prop_assume!(space.graph.len() <= 12);
        let positive = WeightedGraph {
            graph: space.graph.clone(),
            weights: space.weights.iter().map(|w| w.iter().map(|&w| w.max(1)).collect()).collect(),
        };
        let expected = bellman_ford(&positive, start)[goal as usize];
        let to_goal: Vec<Option<u32>> = (0..positive.graph.len() as u32)
            .map(|node| bellman_ford(&positive, node)[goal as usize])
            .collect();
        let admissible = |&n: &u32| to_goal[n as usize].map_or(0, |c| c * scale / 100);
        // A cheapest path costs at most 9 a move and has fewer moves than
        // the graph has nodes.
        // Without the cycle check, as `run_in_place` searches.
        let mut search = IdaStar::new().check_cycles(false);
        let mut run = Run::new().limits(Limits::new().max_depth(positive.graph.len()));
        let sequential = search.run(&positive, [start], &admissible, |&n| n == goal, &mut run);
        let counted = (run.stats().expanded, search.iterations().len());
        let mut in_place_search = IdaStar::new();
        let mut in_place_search_run = Run::new().limits(Limits::new().max_depth(positive.graph.len()));
        let in_place = in_place_search.run_in_place(&InPlaceGraph(&positive), [start], &admissible, |&n| n == goal, &mut in_place_search_run);
        // The same tree, walked in the same order: the same answer and counts.
        prop_assert_eq!(in_place.is_ok(), sequential.is_ok());
        if let (Ok(found), Ok(expected)) = (&in_place, &sequential) {
            prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected.as_ref().map(|(_, c)| *c));
            prop_assert_eq!((in_place_search_run.stats().expanded, in_place_search.iterations().len()), counted);
            if let Some((path, cost)) = found {
                let mut walked = 0;
                for (pair, &(from, to, index)) in path.states().windows(2).zip(path.moves()) {
                    prop_assert_eq!((pair[0], pair[1]), (from, to));
                    prop_assert_eq!(positive.graph.adjacency[from as usize][index], to);
                    walked += positive.weights[from as usize][index];
                }
                prop_assert_eq!(walked, *cost);
                prop_assert_eq!(path.start(), &start);
            }
        }
        let parallel = search.run_parallel(&positive, [start], &admissible, |&n| n == goal, &mut run);
        for found in [sequential, parallel] {
            let found = match found {
                Ok(found) => found,
                Err(error) => {
                    prop_assert!(expected.is_none(), "{error}");
                    continue;
                }
            };
            prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
            if let Some((path, cost)) = found {
                prop_assert_eq!(walk_cost(&positive, path.states(), path.moves()), cost);
                prop_assert_eq!(path.start(), &start);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // With the cycle check, IDA* walks simple paths only: on any finite
    // graph it ends with Bellman-Ford's answer, `None` when the goal cannot
    // be reached, with no limit to stop it.
    #[test]
    fn ida_star_checking_cycles_ends_with_bellman_fords_answer((space, start, goal) in weighted_graph_with_ends()) {
        // Every simple path is walked once a bound: 7 nodes have a few
        // thousand.
        prop_assume!(space.graph.len() <= 7);
        let positive = WeightedGraph {
            graph: space.graph.clone(),
            weights: space.weights.iter().map(|w| w.iter().map(|&w| w.max(1)).collect()).collect(),
        };
        let expected = bellman_ford(&positive, start)[goal as usize];
        let mut search = IdaStar::new();
        let mut run = Run::new();
        let sequential = search.run(&positive, [start], |_: &u32| 0, |&n| n == goal, &mut run).unwrap();
        let parallel = search.run_parallel(&positive, [start], |_: &u32| 0, |&n| n == goal, &mut run).unwrap();
        for found in [sequential, parallel] {
            prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
            if let Some((path, cost)) = found {
                prop_assert_eq!(walk_cost(&positive, path.states(), path.moves()), cost);
                let mut states = path.states().to_vec();
                states.sort_unstable();
                states.dedup();
                prop_assert_eq!(states.len(), path.states().len(), "a simple path");
            }
        }
    }
}

#[test]
fn ida_star_ends_when_a_dense_graph_cannot_reach_the_goal() {
    // A complete graph of 8 nodes but for the goal, which none reaches:
    // without the check every bound finds longer loops; with it the
    // simple paths run out.
    let adjacency: Vec<Vec<u32>> =
        (0..8).map(|n| (0..8).filter(|&m| m != n && m != 7).collect()).collect();
    let weights = adjacency.iter().map(|next| vec![1; next.len()]).collect();
    let space = WeightedGraph { graph: Graph::new(adjacency), weights };
    let mut search = IdaStar::new();
    let mut run = Run::new();
    assert_eq!(search.run(&space, [0], |_: &u32| 0, |&n| n == 7, &mut run).unwrap(), None);
    let mut unchecked = IdaStar::new().check_cycles(false);
    let mut run = Run::new().limits(Limits::new().max_nodes(1_000_000));
    let error = unchecked.run(&space, [0], |_: &u32| 0, |&n| n == 7, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(1_000_000)));
}

#[test]
fn an_inconsistent_heuristic_makes_astar_reopen_and_stay_optimal() {
    // 0 -> 1 costs 1, 0 -> 2 costs 3, 1 -> 2 costs 1, 2 -> 3 costs 5. The
    // estimate h(1) = 5 is admissible (1 costs 6 to the goal) but not
    // consistent (h(1) > cost(1, 2) + h(2)), so node 2 is expanded first
    // at cost 3, and again at cost 2 once node 1 is.
    let space = WeightedGraph {
        graph: Graph::new(vec![vec![1, 2], vec![2], vec![3], vec![]]),
        weights: vec![vec![1, 3], vec![1], vec![5], vec![]],
    };
    let h = |&n: &u32| [0, 5, 0, 0][n as usize];
    let mut search = AStar::new();
    let mut run = Run::new();
    let (path, cost) = search.run(&space, [0], &h, |&n| n == 3, &mut run).unwrap().unwrap();
    assert_eq!((path.states(), cost), (&[0, 1, 2, 3][..], 7));
    assert_eq!(run.stats().reopened, 1);
    assert_eq!(run.stats().expanded, 4);
}

#[test]
fn informed_searches_stop_at_their_node_limit() {
    let naturals = UnitCost(search_core::from_fn(|&n: &u64| [n + 1, n + 2]));
    let limits = Limits::new().max_nodes(500);
    let error = AStar::new()
        .run(&naturals, [0], &|_: &u64| 0u32, |_| false, &mut Run::new().limits(limits))
        .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(500)));
    assert_eq!(
        error.to_string(),
        "search reached its limit of 500 expanded nodes without an answer"
    );
    let mut search = IdaStar::new();
    let mut run = Run::new().limits(limits);
    let error = search.run(&naturals, [0], &|_: &u64| 0u32, |_| false, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(500)));
    assert_eq!(run.stats().expanded, 500);
    let error =
        search.run_parallel(&naturals, [0], &|_: &u64| 0u32, |_| false, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(500)));
    // A* also stops at the memory budget, as every stored search does.
    let limits = Limits::new().max_memory(1 << 16);
    let error = AStar::new()
        .run(&naturals, [0], &|_: &u64| 0u32, |_| false, &mut Run::new().limits(limits))
        .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Memory(1 << 16)));
}

#[test]
fn ida_star_reports_each_iteration() {
    // A ring of 12: the goal 6 steps away, and no estimate: bounds 0 to 6.
    let ring = UnitCost(search_core::from_fn(|&n: &u8| [(n + 1) % 12, (n + 11) % 12]));
    let mut search = IdaStar::new();
    let mut run = Run::new();
    let (path, cost) =
        search.run(&ring, [0], &|_: &u8| 0u32, |&n| n == 6, &mut run).unwrap().unwrap();
    assert_eq!((path.len(), cost), (6, 6));
    let bounds: Vec<u32> = search.iterations().iter().map(|i| i.bound).collect();
    assert_eq!(bounds, [0, 1, 2, 3, 4, 5, 6]);
    // Without regenerating parents, iteration b expands 1 + 2 + ... nodes:
    // the root, then two chains, one node deeper each bound.
    let expanded: Vec<u64> = search.iterations().iter().map(|i| i.expanded).collect();
    assert_eq!(expanded[..3], [1, 3, 5]);
    let total: u64 = expanded.iter().sum();
    assert_eq!(run.stats().expanded, total);
    // A BFS of the same ring agrees.
    assert_eq!(Search::new().distance(&ring, [0], |&n| n == 6, &mut Run::new()).unwrap(), Some(6));
}

/// A ring of 1,000 numbers, each ranked `(n + shift) % 1000`.
struct ShiftedRing {
    shift: usize,
}

impl Successors for ShiftedRing {
    type State = usize;
    type Move = ();
    fn successors<F: FnMut(usize, ())>(&self, &n: &usize, mut report: F) {
        report((n + 1) % 1000, ());
        report((n + 999) % 1000, ());
    }
    fn ranking(&self) -> Option<impl Ranking<usize> + '_> {
        Some(rank_by(1000, |&n: &usize| ((n + self.shift) % 1000) as u64))
    }
}

#[test]
fn a_reused_astar_forgets_the_last_space_whose_ranks_differ() {
    let mut search = AStar::new();
    let mut run = Run::new();
    let zero = |_: &usize| 0u32;
    let first = UnitCost(ShiftedRing { shift: 0 });
    assert_eq!(
        search.run(&first, [0], &zero, |&n| n == 5, &mut run).unwrap().map(|(_, c)| c),
        Some(5)
    );
    // The same ranks now belong to other states: nothing of the last run
    // may remain.
    let second = UnitCost(ShiftedRing { shift: 500 });
    assert_eq!(
        search.run(&second, [500], &zero, |&n| n == 505, &mut run).unwrap().map(|(_, c)| c),
        Some(5)
    );
}

#[test]
fn a_star_answers_the_same_in_buckets_in_a_heap_and_across_the_move() {
    /// A line where each step costs `step`.
    struct Line<C> {
        step: C,
    }
    impl<C> Successors for Line<C> {
        type State = u32;
        type Move = ();
        fn successors<F: FnMut(u32, ())>(&self, &n: &u32, mut report: F) {
            report(n + 1, ());
            report(n.saturating_sub(1), ());
        }
    }
    impl<C: search_core::Cost> Weighted for Line<C> {
        type Cost = C;
        fn cost(&self, _: &u32, (): &(), _: &u32) -> C {
            self.step
        }
    }
    /// A cost type A* cannot put in buckets.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Pence(u32);
    impl std::ops::Add for Pence {
        type Output = Pence;
        fn add(self, other: Pence) -> Pence {
            Pence(self.0 + other.0)
        }
    }
    impl search_core::Cost for Pence {
        fn checked_add(&self, other: &Pence) -> Option<Pence> {
            self.0.checked_add(other.0).map(Pence)
        }
        fn cost_cmp(&self, other: &Pence) -> std::cmp::Ordering {
            self.cmp(other)
        }
    }
    impl num_traits::Zero for Pence {
        fn zero() -> Pence {
            Pence(0)
        }
        fn is_zero(&self) -> bool {
            self.0 == 0
        }
    }

    let mut search = AStar::new();
    let mut run = Run::new();
    // Costs of 1: buckets all the way.
    let (path, cost) = search
        .run(&Line { step: 1u32 }, [0], &|_: &u32| 0, |&n| n == 7, &mut run)
        .unwrap()
        .unwrap();
    assert_eq!((path.len(), cost), (7, 7));
    // Steps of 100: past 255 the open list moves to a heap mid-run.
    let (path, cost) = search
        .run(&Line { step: 100u32 }, [0], |&n| 100 * 7u32.saturating_sub(n), |&n| n == 7, &mut run)
        .unwrap()
        .unwrap();
    assert_eq!((path.len(), cost), (7, 700));
    // And back to buckets on the next run.
    let (_, cost) = search
        .run(&Line { step: 2u32 }, [0], &|_: &u32| 0, |&n| n == 7, &mut run)
        .unwrap()
        .unwrap();
    assert_eq!(cost, 14);
    let (path, cost) = AStar::new()
        .run(&Line { step: Pence(3) }, [0], &|_: &u32| Pence(0), |&n| n == 7, &mut Run::new())
        .unwrap()
        .unwrap();
    assert_eq!((path.len(), cost), (7, Pence(21)));
}

#[test]
fn distance_table_files_are_refused_when_they_do_not_match() {
    let table = DistanceTable::from_bytes((0..200u8).map(|n| n % 50).collect());
    let path = std::env::temp_dir().join(format!("search-core-test-{}.bin", std::process::id()));
    table.save(&path, "ring of 200, goal 0").unwrap();
    assert_eq!(DistanceTable::load(&path, "ring of 200, goal 0").unwrap(), table);
    let good = std::fs::read(&path).unwrap();
    let whole = good.len();
    let refuse = |bytes: &[u8], description: &str| {
        std::fs::write(&path, bytes).unwrap();
        let error = DistanceTable::load(&path, description).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::TableFile { path: named, .. } if *named == path));
        let message = error.to_string();
        let prefix = format!("table file {} ", path.display());
        message.strip_prefix(&prefix).expect("the message names the file").to_string()
    };
    let mut corrupt = good.clone();
    corrupt[100] ^= 4;
    assert_eq!(refuse(&corrupt, "ring of 200, goal 0"), "fails its checksum: the file is corrupt");
    assert_eq!(
        refuse(&good[..whole - 10], "ring of 200, goal 0"),
        format!("is {} bytes where its header says {whole}: truncated or corrupt", whole - 10)
    );
    assert_eq!(refuse(&good[..15], "ring of 200, goal 0"), "is 15 bytes: truncated");
    assert_eq!(
        refuse(&good, "ring of 200, goal 1"),
        "holds \"ring of 200, goal 0\", not \"ring of 200, goal 1\""
    );
    let mut version = good.clone();
    version[8] = 3;
    assert_eq!(refuse(&version, "ring of 200, goal 0"), "has layout version 3, not 2");
    assert_eq!(refuse(b"hello", "ring of 200, goal 0"), "is not a distance table");
    // A description's length damaged into a huge one is not believed: a
    // little of it is read, and what is not text is not echoed.
    let mut long = good.clone();
    long[12..20].copy_from_slice(&150u64.to_le_bytes());
    assert_eq!(
        refuse(&long, "ring of 200, goal 0"),
        "is damaged: its description is not text, where it should be \"ring of 200, goal 0\""
    );
    std::fs::remove_file(&path).unwrap();
    let missing = DistanceTable::load(&path, "ring of 200, goal 0").unwrap_err();
    assert!(missing.to_string().contains("cannot be read"), "{missing}");
}

/// Up to four starts, some of them repeated, in a graph of `nodes` nodes.
fn starts_in(nodes: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(0..nodes as u32, 1..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // From several starts, each search answers as Bellman-Ford does from the
    // cheapest of them, along a legal path that begins at one of them.
    #[test]
    fn searches_from_several_starts_agree_with_bellman_ford(
        ((space, _, goal), picks) in weighted_graph_with_ends()
            .prop_flat_map(|ends| { let n = ends.0.graph.len(); (Just(ends), starts_in(n)) }),
    ) {
        let positive = WeightedGraph {
            graph: space.graph.clone(),
            weights: space.weights.iter().map(|w| w.iter().map(|&w| w.max(1)).collect()).collect(),
        };
        for (space, informed) in [(&space, false), (&positive, true)] {
            let expected = picks.iter().filter_map(|&s| bellman_ford(space, s)[goal as usize]).min();
            // Each answer as its states, its moves' edge indices and its cost.
            let plain = |found: Option<(search_core::Path<u32, usize>, u32)>| {
                found.map(|(path, cost)| (path.states().to_vec(), path.moves().to_vec(), cost))
            };
            let mut answers = vec![
                plain(dijkstra(space, picks.clone(), |&n| n == goal).unwrap()),
                plain(astar(space, picks.clone(), |_| 0, |&n| n == goal).unwrap()),
                plain(fringe_search(space, picks.clone(), |_: &u32| 0, |&n| n == goal).unwrap()),
            ];
            if informed && space.graph.len() <= 12 {
                let mut search = IdaStar::new();
                let mut run = Run::new().limits(Limits::new().max_depth(space.graph.len()));
                let in_place = IdaStar::new().run_in_place(&InPlaceGraph(space), picks.clone(), |_: &u32| 0, |&n| n == goal, &mut Run::new().limits(Limits::new().max_depth(space.graph.len())))
                    .map(|found| found.map(|(path, cost)| {
                        let moves = path.moves().iter().map(|mv| mv.2).collect();
                        (path.states().to_vec(), moves, cost)
                    }));
                for found in [
                    search.run(space, picks.clone(), |_: &u32| 0, |&n| n == goal, &mut run).map(plain),
                    in_place,
                    search.run_parallel(space, picks.clone(), |_: &u32| 0, |&n| n == goal, &mut run).map(plain),
                ] {
                    match found {
                        Ok(found) => answers.push(found),
                        Err(error) => prop_assert!(expected.is_none(), "{error}"),
                    }
                }
            }
            for found in answers {
                prop_assert_eq!(found.as_ref().map(|(_, _, c)| *c), expected);
                if let Some((states, moves, cost)) = found {
                    prop_assert!(picks.contains(&states[0]));
                    prop_assert_eq!(states[states.len() - 1], goal);
                    prop_assert_eq!(walk_cost(space, &states, &moves), cost);
                }
            }
        }
    }

    #[test]
    fn zero_one_search_from_several_starts_agrees_with_bellman_ford(
        ((space, _, goal), picks) in zero_one_graph_with_ends()
            .prop_flat_map(|ends| { let n = ends.0.graph.len(); (Just(ends), starts_in(n)) }),
    ) {
        let expected = picks.iter().filter_map(|&s| bellman_ford(&space, s)[goal as usize]).min();
        let found = zero_one_bfs(&space, picks.clone(), |&n| n == goal).unwrap();
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
        if let Some((path, cost)) = found {
            prop_assert!(picks.contains(path.start()));
            prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // Every state's cheapest cost, settled cheapest first, within a bound.
    #[test]
    fn dijkstra_all_agrees_with_bellman_ford((space, start, _) in weighted_graph_with_ends(), bound in 0u32..40) {
        let expected = bellman_ford(&space, start);
        for max_cost in [None, Some(bound)] {
            let costs = dijkstra_all(&space, [start], max_cost).unwrap();
            let within = |cost: &Option<u32>| cost.is_some_and(|c| max_cost.is_none_or(|m| c <= m));
            prop_assert_eq!(costs.len(), expected.iter().filter(|c| within(c)).count());
            let mut last = 0;
            for (&node, cost) in costs.iter() {
                prop_assert!(cost >= last, "cheapest first");
                last = cost;
                prop_assert_eq!(Some(cost), expected[node as usize]);
                let path = costs.path_to(&node).unwrap();
                prop_assert_eq!(path.start(), &start);
                prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
            }
            for (node, cost) in expected.iter().enumerate() {
                if !within(cost) {
                    prop_assert_eq!(costs.cost(&(node as u32)), None);
                }
            }
        }
    }

    // Depth first: a path exactly when one exists, simple and legal;
    // iterative deepening: a shortest one.
    #[test]
    fn dfs_and_iddfs_agree_with_breadth_first_search((graph, start, goal) in graph_with_ends(9, 3)) {
        let distance = reference_distances(&graph, &[start])[goal as usize];
        let found = dfs(&hashed(&graph), [start], |&n| n == goal).unwrap();
        prop_assert_eq!(found.is_some(), distance.is_some());
        if let Some(path) = found {
            graph.assert_legal(path.states(), path.moves());
            prop_assert_eq!((path.start(), path.states().last()), (&start, Some(&goal)));
            let mut states = path.states().to_vec();
            states.sort_unstable();
            states.dedup();
            prop_assert_eq!(states.len(), path.states().len(), "a simple path");
        }
        let shortest = iddfs(&hashed(&graph), [start], |&n| n == goal).unwrap();
        prop_assert_eq!(shortest.as_ref().map(search_core::Path::len), distance);
        if let Some(path) = shortest {
            graph.assert_legal(path.states(), path.moves());
        }
    }

    // Weighted A*: an admissible estimate times w finds a path that costs
    // at most w times the cheapest.
    #[test]
    fn weighted_astar_stays_within_its_weight((space, start, goal) in weighted_graph_with_ends(), scale in 0u32..=100) {
        let expected = bellman_ford(&space, start)[goal as usize];
        let to_goal: Vec<Option<u32>> = (0..space.graph.len() as u32)
            .map(|node| bellman_ford(&space, node)[goal as usize])
            .collect();
        let admissible = |n: u32| to_goal[n as usize].map_or(0, |c| c * scale / 100);
        for weight in [1, 2, 5] {
            let found = astar(&space, [start], |&n: &u32| weight * admissible(n), |&n| n == goal).unwrap();
            prop_assert_eq!(found.is_some(), expected.is_some());
            if let (Some((path, cost)), Some(best)) = (found, expected) {
                prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
                prop_assert!(cost <= weight * best, "{} > {} x {}", cost, weight, best);
                if weight == 1 {
                    prop_assert_eq!(cost, best);
                }
            }
        }
    }

    // Greedy best-first finds a legal path exactly when one exists; beam
    // search finds one only when one exists, and as wide as the graph it is
    // breadth-first search.
    #[test]
    fn greedy_and_beam_search_find_legal_paths((graph, start, goal) in graph_with_ends(30, 3), width in 1usize..4) {
        let distances = reference_distances(&graph, &[start]);
        let distance = distances[goal as usize];
        let to_goal = |n: u32| reference_distances(&graph, &[n])[goal as usize].unwrap_or(99) as u32;
        let found = greedy_best_first(&hashed(&graph), [start], |&n: &u32| to_goal(n) % 3, |&n| n == goal).unwrap();
        prop_assert_eq!(found.is_some(), distance.is_some());
        if let Some(path) = &found {
            graph.assert_legal(path.states(), path.moves());
            prop_assert_eq!(path.states().last(), Some(&goal));
        }
        let estimate = |&n: &u32| to_goal(n) % 3;
        let narrow = beam_search(&hashed(&graph), [start], estimate, |&n| n == goal, width).unwrap();
        if let Some(path) = &narrow {
            prop_assert!(distance.is_some());
            graph.assert_legal(path.states(), path.moves());
            prop_assert_eq!(path.states().last(), Some(&goal));
            prop_assert!(Some(path.len()) >= distance);
        }
        let wide = beam_search(&hashed(&graph), [start], estimate, |&n| n == goal, graph.len()).unwrap();
        prop_assert_eq!(wide.as_ref().map(search_core::Path::len), distance);
    }
}

#[test]
fn beam_search_keeps_its_limits_and_a_width_of_zero_finds_only_a_start() {
    let line = from_fn(|&n: &u32| [n + 1]);
    let mut search = BeamSearch::new();
    let mut run = Run::new().limits(Limits::new().max_states(50));
    let error = search.run(&line, [0], |_| 0u32, |_| false, 4, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(50)));
    run.set_limits(Limits::new().max_depth(7));
    let error = search.run(&line, [0], |_| 0u32, |_| false, 4, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(7)));
    assert_eq!(beam_search(&line, [0], |_: &u32| 0, |&n| n == 1, 0).unwrap(), None);
    let found = beam_search(&line, [3], |_: &u32| 0, |&n| n == 3, 0).unwrap();
    assert_eq!(found.map(|path| path.len()), Some(0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    // From both ends, the same cheapest cost as Bellman-Ford, from one or
    // two starts to one or two goals, on a path that walks the graph.
    #[test]
    fn bidirectional_dijkstra_agrees_with_bellman_ford((space, start, goal) in weighted_graph_with_ends(), other in 0u32..30) {
        let n = space.graph.len() as u32;
        let (second_start, second_goal) = (other % n, (other * 7 + 3) % n);
        for (starts, goals) in [(vec![start], vec![goal]), (vec![start, second_start], vec![goal, second_goal])] {
            let expected = starts
                .iter()
                .flat_map(|&s| {
                    let costs = bellman_ford(&space, s);
                    goals.iter().filter_map(move |&g| costs[g as usize]).collect::<Vec<_>>()
                })
                .min();
            let found = bidirectional_dijkstra(&space, starts.clone(), goals.clone()).unwrap();
            prop_assert_eq!(found.as_ref().map(|(_, cost)| *cost), expected);
            if let Some((path, cost)) = found {
                prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
                prop_assert!(starts.contains(path.start()));
                prop_assert!(goals.contains(path.states().last().unwrap()));
            }
            // The same graph as two closures, its backward steps listed
            // with their costs: the same cost, on a path of its moves.
            let edges = |&node: &u32| {
                let out = &space.graph.adjacency[node as usize];
                out.iter().zip(&space.weights[node as usize]).map(|(&next, &cost)| (next, cost)).collect::<Vec<_>>()
            };
            let into = |&node: &u32| {
                (0..n).flat_map(|previous| edges(&previous).into_iter().filter(move |&(next, _)| next == node).map(move |(_, cost)| (previous, cost))).collect::<Vec<_>>()
            };
            let closures = from_fn_weighted_directed(edges, into);
            let found = bidirectional_dijkstra(&closures, starts.clone(), goals.clone()).unwrap();
            prop_assert_eq!(found.as_ref().map(|(_, cost)| *cost), expected);
            if let Some((path, cost)) = found {
                prop_assert_eq!(path.moves().len() + 1, path.states().len());
                for (step, &paid) in path.states().windows(2).zip(path.moves()) {
                    prop_assert!(edges(&step[0]).contains(&(step[1], paid)), "{:?} by {} is no move", step, paid);
                }
                prop_assert_eq!(path.moves().iter().sum::<u32>(), cost);
                prop_assert!(starts.contains(path.start()));
                prop_assert!(goals.contains(path.end()));
            }
        }
    }
}

/// Far more than any path costs here: the estimate of a state that cannot
/// reach the other end, which keeps it consistent.
const UNREACHABLE: u32 = 1_000_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    // Guided from both ends by consistent estimates (scaled exact costs),
    // the same cheapest cost as Bellman-Ford and as Dijkstra from both ends.
    #[test]
    fn bidirectional_astar_agrees_with_bellman_ford(
        (space, start, goal) in weighted_graph_with_ends(),
        other in 0u32..30,
        scale in 0u32..=100,
    ) {
        let n = space.graph.len() as u32;
        let (second_start, second_goal) = (other % n, (other * 7 + 3) % n);
        let from_each: Vec<Vec<Option<u32>>> = (0..n).map(|s| bellman_ford(&space, s)).collect();
        for (starts, goals) in [(vec![start], vec![goal]), (vec![start, second_start], vec![goal, second_goal])] {
            let scaled = |cost: Option<u32>| cost.map_or(UNREACHABLE, |c| c * scale / 100);
            let to_goals = |&v: &u32| scaled(goals.iter().filter_map(|&g| from_each[v as usize][g as usize]).min());
            let from_starts = |&v: &u32| scaled(starts.iter().filter_map(|&s| from_each[s as usize][v as usize]).min());
            let expected = starts
                .iter()
                .flat_map(|&s| goals.iter().filter_map(|&g| from_each[s as usize][g as usize]).collect::<Vec<_>>())
                .min();
            let found = bidirectional_astar(&space, starts.clone(), goals.clone(), to_goals, from_starts).unwrap();
            prop_assert_eq!(found.as_ref().map(|(_, cost)| *cost), expected);
            let both_ends = bidirectional_dijkstra(&space, starts.clone(), goals.clone()).unwrap();
            prop_assert_eq!(both_ends.map(|(_, cost)| cost), expected);
            if let Some((path, cost)) = found {
                prop_assert_eq!(walk_cost(&space, path.states(), path.moves()), cost);
                prop_assert!(starts.contains(path.start()));
                prop_assert!(goals.contains(path.end()));
            }
        }
    }
}
