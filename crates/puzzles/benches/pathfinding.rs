//! The searches `pathfinding`'s users reach for, ours against
//! `pathfinding`'s own on the same state type and successor function: on
//! the 8-puzzle packed in a `u64`, and on a 1,000 x 1,000 grid of cells
//! that cost 1 to 9 to enter.
//!
//! `cargo bench -p puzzles --bench pathfinding`; `docs/performance.md`
//! holds the figures.

#![expect(missing_docs, reason = "criterion's macros generate the entry points")]

use std::cell::Cell;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use puzzles::SlidingPuzzle;
use search_core::Run;
use search_core::{
    AStar, Limits, Predecessors, Ranking, Successors, UnitCost, Weighted, all_cheapest_paths, dfs,
    dijkstra_all, fringe_search, from_fn, iddfs, k_cheapest_paths, rank_by,
};

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

/// A square grid of cells, four-connected, each costing 1 to 9 to enter
/// (a fixed pseudo-random draw); a cell is its index, row by row.
struct Grid {
    side: u32,
    costs: Vec<u8>,
}

impl Grid {
    fn new(side: u32) -> Grid {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let costs = (0..side * side)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed % 9) as u8 + 1
            })
            .collect();
        Grid { side, costs }
    }

    /// The cell's neighbours and the cost of entering each: the one
    /// successor function both libraries are given.
    fn neighbours(&self, cell: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        let (x, y, side) = (cell % self.side, cell / self.side, self.side);
        [
            (x > 0).then(|| cell - 1),
            (x + 1 < side).then(|| cell + 1),
            (y > 0).then(|| cell - side),
            (y + 1 < side).then(|| cell + side),
        ]
        .into_iter()
        .flatten()
        .map(|next| (next, u32::from(self.costs[next as usize])))
    }

    /// Rows and columns to `target`: admissible and consistent, as every
    /// cell costs at least 1.
    fn taxicab(&self, target: u32) -> impl Fn(&u32) -> u32 + '_ {
        move |&cell| {
            let (x, y) = (cell % self.side, cell / self.side);
            x.abs_diff(target % self.side) + y.abs_diff(target / self.side)
        }
    }
}

impl Successors for Grid {
    type State = u32;
    type Move = u32;

    fn successors<F: FnMut(u32, u32)>(&self, &cell: &u32, mut report: F) {
        self.neighbours(cell).for_each(|(next, cost)| report(next, cost));
    }
}

impl Predecessors for Grid {
    fn predecessors<F: FnMut(u32)>(&self, &cell: &u32, mut report: F) {
        self.neighbours(cell).for_each(|(previous, _)| report(previous));
    }
}

impl Weighted for Grid {
    type Cost = u32;

    fn cost(&self, _: &u32, &cost: &u32, _: &u32) -> u32 {
        cost
    }
}

/// The grid told to number its cells (a cell is its own rank), so that
/// our searches keep their costs in flat arrays, not a hash table.
struct Numbered<'g>(&'g Grid);

impl Successors for Numbered<'_> {
    type State = u32;
    type Move = u32;

    fn successors<F: FnMut(u32, u32)>(&self, cell: &u32, report: F) {
        self.0.successors(cell, report);
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        let cells = u64::from(self.0.side) * u64::from(self.0.side);
        Some(rank_by(cells, |&cell: &u32| u64::from(cell)))
    }
}

impl Weighted for Numbered<'_> {
    type Cost = u32;

    fn cost(&self, from: &u32, mv: &u32, to: &u32) -> u32 {
        self.0.cost(from, mv, to)
    }
}

/// A grid that counts what a search asks of it, for the settled counts
/// printed once: successor lists, predecessor lists (one a state settled
/// backwards) and the predecessors given.
#[derive(Default)]
struct Asked {
    successors: Cell<u64>,
    predecessors: Cell<u64>,
    predecessors_given: Cell<u64>,
}

struct Counted<'g>(&'g Grid, Asked);

impl Successors for Counted<'_> {
    type State = u32;
    type Move = u32;

    fn successors<F: FnMut(u32, u32)>(&self, cell: &u32, report: F) {
        self.1.successors.set(self.1.successors.get() + 1);
        self.0.successors(cell, report);
    }
}

impl Predecessors for Counted<'_> {
    fn predecessors<F: FnMut(u32)>(&self, cell: &u32, mut report: F) {
        let asked = &self.1;
        asked.predecessors.set(asked.predecessors.get() + 1);
        self.0.predecessors(cell, |previous| {
            asked.predecessors_given.set(asked.predecessors_given.get() + 1);
            report(previous);
        });
    }
}

impl Weighted for Counted<'_> {
    type Cost = u32;

    fn cost(&self, from: &u32, mv: &u32, to: &u32) -> u32 {
        self.0.cost(from, mv, to)
    }
}

/// Dijkstra and A* on the 1,000 x 1,000 grid against `pathfinding`'s,
/// corner to corner; and Dijkstra from both ends against ours from one,
/// corner to corner and across the middle (a quarter of the side to
/// three quarters, on the middle row).
fn grid(c: &mut Criterion) {
    let grid = Grid::new(1_000);
    let last = grid.side * grid.side - 1;
    let row = grid.side / 2 * grid.side;
    let trips = [("corner to corner", 0, last), ("across the middle", row + 250, row + 750)];
    let limits = Limits::new().max_states(10_000_000);
    for (name, from, to) in trips {
        let mut search = AStar::new();
        let mut run = Run::new().limits(limits);
        let one_way = search.run(&grid, [from], |_: &u32| 0, |&c| c == to, &mut run).unwrap();
        let counted = Counted(&grid, Asked::default());
        let mut both_run = Run::new().limits(limits);
        let found = AStar::new().bidirectional_dijkstra(&counted, [from], [to], &mut both_run);
        let (path, cost) = found.unwrap().unwrap();
        assert_eq!(one_way.map(|(_, cost)| cost), Some(cost));
        // Backwards, each predecessor's cost is a successor list asked
        // for; rebuilding the path asks one per move at most.
        let asked = &counted.1;
        let forward = asked.successors.get() - asked.predecessors_given.get();
        eprintln!(
            "grid {name}: cost {cost}; Dijkstra expands {} states; from both ends {} + {} \
             (forwards within {} of that)",
            run.stats().expanded,
            forward,
            asked.predecessors.get(),
            path.len(),
        );
    }
    let mut group = c.benchmark_group("grid 1000x1000 costs 1-9");
    group.sample_size(10);
    let is_last = |&c: &u32| c == last;
    group.bench_function("ours/dijkstra", |b| {
        let mut search = AStar::new();
        let mut run = Run::new().limits(limits);
        b.iter(|| {
            black_box(search.run(&grid, [0], |_: &u32| 0, is_last, &mut run).unwrap().map(|f| f.1))
        });
    });
    group.bench_function("pathfinding/dijkstra", |b| {
        b.iter(|| {
            let found =
                pathfinding::directed::dijkstra::dijkstra(&0, |&c| grid.neighbours(c), is_last);
            black_box(found.map(|found| found.1))
        });
    });
    group.bench_function("ours/astar", |b| {
        let mut search = AStar::new();
        let mut run = Run::new().limits(limits);
        b.iter(|| {
            black_box(search.run(&grid, [0], grid.taxicab(last), is_last, &mut run).unwrap())
        });
    });
    let numbered = Numbered(&grid);
    group.bench_function("ours/dijkstra numbered", |b| {
        let mut search = AStar::new();
        let mut run = Run::new().limits(limits);
        b.iter(|| black_box(search.run(&numbered, [0], |_: &u32| 0, is_last, &mut run).unwrap()));
    });
    group.bench_function("ours/astar numbered", |b| {
        let mut search = AStar::new();
        let mut run = Run::new().limits(limits);
        b.iter(|| {
            black_box(search.run(&numbered, [0], grid.taxicab(last), is_last, &mut run).unwrap())
        });
    });
    group.bench_function("pathfinding/astar", |b| {
        b.iter(|| {
            let found = pathfinding::directed::astar::astar(
                &0,
                |&c| grid.neighbours(c),
                grid.taxicab(last),
                is_last,
            );
            black_box(found.map(|found| found.1))
        });
    });
    for (name, from, to) in trips {
        group.bench_function(format!("ours/dijkstra {name}"), |b| {
            let mut search = AStar::new();
            let mut run = Run::new().limits(limits);
            b.iter(|| {
                black_box(search.run(&grid, [from], |_: &u32| 0, |&c| c == to, &mut run).unwrap())
            });
        });
        group.bench_function(format!("ours/bidirectional_dijkstra {name}"), |b| {
            let mut search = AStar::new();
            let mut run = Run::new().limits(limits);
            b.iter(|| {
                black_box(search.bidirectional_dijkstra(&grid, [from], [to], &mut run).unwrap())
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = puzzle_3x3, grid
}
criterion_main!(benches);
