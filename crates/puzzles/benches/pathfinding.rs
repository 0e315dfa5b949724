//! The searches `pathfinding`'s users reach for, ours against
//! `pathfinding`'s own on the same state type and successor function:
//! the 8-puzzle packed in a `u64`. Grids are search-core's `grids` bench.
//!
//! `cargo bench -p puzzles --bench pathfinding`; `docs/performance.md`
//! holds the figures.

#![expect(missing_docs, reason = "criterion's macros generate the entry points")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzles::SlidingPuzzle;
use search_core::breadth_first::dfs;
use search_core::cheapest::{all_cheapest_paths, dijkstra_all, fringe_search, k_cheapest_paths};
use search_core::deepening::iddfs;
use search_core::from_fn;
use search_core::space::UnitCost;

#[path = "common/packed.rs"]
mod packed;

/// On the packed 8-puzzle: every board's cheapest cost from the goal, a
/// path depth first to a 31-move board, a shortest path by iterative
/// deepening from a board 12 moves away, every cheapest path from the
/// 31-move board, the 10 cheapest loopless paths from a board 6 moves
/// away, and fringe search from the 31-move board.
fn puzzle_3x3(c: &mut Criterion) {
    let goal = packed::pack(&SlidingPuzzle::new(3, 3).unwrap().goal().clone());
    let far = packed::pack(&"[[8,6,7],[2,5,4],[3,0,1]]".parse().unwrap());
    let near = packed::pack(&"[[5,8,2],[1,7,3],[0,4,6]]".parse().unwrap());
    let middle = packed::pack(&"[[4,1,3],[7,2,6],[0,5,8]]".parse().unwrap());
    let space = from_fn(packed::successors_vec);
    let weighted = UnitCost(from_fn(packed::successors_vec));
    let unit_costs = |s: &u64| packed::successors_vec(s).into_iter().map(|n| (n, 1u32));
    let is_goal = |s: &u64| *s == goal;
    let mut group = c.benchmark_group("pathfinding parity 3x3");
    group.sample_size(10);
    group.bench_function("ours/dijkstra_all", |b| {
        b.iter(|| black_box(dijkstra_all(&weighted, [goal], None).unwrap().len()));
    });
    group.bench_function("pathfinding/dijkstra_all", |b| {
        b.iter(|| {
            black_box(pathfinding::directed::dijkstra::dijkstra_all(&goal, unit_costs).len())
        });
    });
    group.bench_function("ours/dfs", |b| {
        b.iter(|| {
            let found = dfs(&space, [goal], |s| *s == far).unwrap();
            black_box(found.map(|path| path.len()))
        });
    });
    group.bench_function("pathfinding/dfs", |b| {
        b.iter(|| {
            let found =
                pathfinding::directed::dfs::dfs(goal, packed::successors_vec, |s| *s == far);
            black_box(found.map(|path| path.len()))
        });
    });
    group.bench_function("ours/iddfs", |b| {
        b.iter(|| black_box(iddfs(&space, [near], is_goal).unwrap().map(|p| p.len())));
    });
    group.bench_function("pathfinding/iddfs", |b| {
        b.iter(|| {
            let found = pathfinding::directed::iddfs::iddfs(near, packed::successors_vec, is_goal);
            black_box(found.map(|path| path.len()))
        });
    });
    group.bench_function("ours/all_cheapest_paths", |b| {
        b.iter(|| {
            let paths = all_cheapest_paths(&weighted, [far], packed::manhattan, is_goal).unwrap();
            black_box(paths.paths().count())
        });
    });
    group.bench_function("pathfinding/astar_bag", |b| {
        b.iter(|| {
            let (paths, _) = pathfinding::directed::astar::astar_bag(
                &far,
                unit_costs,
                packed::manhattan,
                is_goal,
            )
            .unwrap();
            black_box(paths.count())
        });
    });
    group.bench_function("ours/k_cheapest_paths", |b| {
        b.iter(|| black_box(k_cheapest_paths(&weighted, [middle], is_goal, 10).unwrap()));
    });
    group.bench_function("pathfinding/yen", |b| {
        b.iter(|| black_box(pathfinding::directed::yen::yen(&middle, unit_costs, is_goal, 10)));
    });
    group.bench_function("ours/fringe_search", |b| {
        b.iter(|| {
            let found = fringe_search(&weighted, [far], packed::manhattan, is_goal);
            black_box(found.unwrap().map(|(_, cost)| cost))
        });
    });
    group.bench_function("pathfinding/fringe", |b| {
        b.iter(|| {
            let found =
                pathfinding::directed::fringe::fringe(&far, unit_costs, packed::manhattan, is_goal);
            black_box(found.map(|(_, cost)| cost))
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = puzzle_3x3
}
criterion_main!(benches);
