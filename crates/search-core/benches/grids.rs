//! Cheapest paths on grids, the workload most `pathfinding` users have:
//! our searches in the closure form a user writes first
//! (`from_fn_weighted`), against `pathfinding`'s with the same closure and
//! a textbook Dijkstra (a `BinaryHeap` and an `FxHashMap`), all in the
//! same run. The textbook loop runs twice: keeping the cost alone, and
//! keeping each cell's parent too to return the path, as ours and
//! `pathfinding`'s do.
//!
//! `cargo bench -p search-core --bench grids` runs every grid;
//! `cargo bench -p search-core --bench grids -- 1000x1000` the small ones.
//! A group is named by the grid: its side, its costs, its walls and the
//! trip (corner to corner, or across the middle row). The `typed` groups
//! search the 1,000 x 1,000 open grid of costs 1-9 as a type of its own
//! instead: hashed, numbered (its cells ranked, so that costs live in flat
//! arrays), and from both ends.

#![expect(missing_docs, reason = "criterion's macros generate the entry points")]

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rustc_hash::FxHashMap;
use search_core::cheapest::{AStar, BidirectionalSearch, dijkstra_all};
use search_core::space::rank_by;
use search_core::{
    Predecessors, Ranking, Run, Successors, Weighted, astar, dijkstra, from_fn_weighted,
    from_fn_weighted_directed,
};

#[path = "common/parents.rs"]
mod parents;

/// A square grid of cells, four-connected; a cell is its index, row by row,
/// and costs what it costs to enter; a wall (cost 0 here) is never entered.
struct Grid {
    side: u32,
    costs: Vec<u16>,
}

impl Grid {
    /// Costs drawn from `1..=most` by a fixed xorshift, and about
    /// `walls_percent` of the cells walls, but the corners and the middle
    /// row's ends, where the trips start and end.
    fn new(side: u32, most: u16, walls_percent: u64) -> Grid {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut draw = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut costs: Vec<u16> = (0..side * side)
            .map(|_| {
                let wall = draw() % 100 < walls_percent;
                if wall { 0 } else { (draw() % u64::from(most)) as u16 + 1 }
            })
            .collect();
        let (start, goal) = (Trip::Corners.ends(side), Trip::Middle.ends(side));
        for cell in [start.0, start.1, goal.0, goal.1] {
            costs[cell as usize] = 1;
        }
        Grid { side, costs }
    }

    /// The cell's open neighbours and the cost of entering each: the one
    /// successor function every contender is given.
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
        .filter(|&(_, cost)| cost > 0)
    }

    /// Rows and columns to `target`: admissible and consistent, as every
    /// open cell costs at least 1.
    fn taxicab(&self, target: u32) -> impl Fn(&u32) -> u32 + '_ {
        move |&cell| {
            let (x, y) = (cell % self.side, cell / self.side);
            x.abs_diff(target % self.side) + y.abs_diff(target / self.side)
        }
    }

    /// The textbook Dijkstra: the cheapest cost from `start` to `goal`.
    fn textbook(&self, start: u32, goal: u32) -> Option<u32> {
        let mut best: FxHashMap<u32, u32> = FxHashMap::default();
        let mut open = BinaryHeap::new();
        best.insert(start, 0);
        open.push(Reverse((0, start)));
        while let Some(Reverse((cost, cell))) = open.pop() {
            if cell == goal {
                return Some(cost);
            }
            if best.get(&cell).is_some_and(|&known| known < cost) {
                continue;
            }
            for (next, step) in self.neighbours(cell) {
                let reached = cost + step;
                let better = best.get(&next).is_none_or(|&known| reached < known);
                if better {
                    best.insert(next, reached);
                    open.push(Reverse((reached, next)));
                }
            }
        }
        None
    }

    /// The textbook Dijkstra as a user writes it who needs the path, as
    /// ours returns it: each cell's parent kept beside its cost, and the
    /// path walked back from the goal. The loop above keeps the cost
    /// alone: its map's entries are 8 bytes, these 12.
    fn textbook_path(&self, start: u32, goal: u32) -> Option<(Vec<u32>, u32)> {
        let mut best: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
        let mut open = BinaryHeap::new();
        best.insert(start, (0, start));
        open.push(Reverse((0, start)));
        while let Some(Reverse((cost, cell))) = open.pop() {
            if cell == goal {
                let path = parents::path_back(&best, start, goal);
                return Some((path, cost));
            }
            if best.get(&cell).is_some_and(|&(known, _)| known < cost) {
                continue;
            }
            for (next, step) in self.neighbours(cell) {
                let reached = cost + step;
                let better = best.get(&next).is_none_or(|&(known, _)| reached < known);
                if better {
                    best.insert(next, (reached, cell));
                    open.push(Reverse((reached, next)));
                }
            }
        }
        None
    }

    /// The cost of `path` when each step enters an open neighbour.
    fn walk(&self, path: &[u32]) -> Option<u32> {
        path.windows(2).try_fold(0, |total, step| {
            let entered = self.neighbours(step[0]).find(|&(next, _)| next == step[1]);
            entered.map(|(_, cost)| total + cost)
        })
    }
}

/// The grid as a space of its own: what a user who writes the traits
/// has, predecessors included (a move's reverse enters the other cell,
/// so its cost is not the forward move's).
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

/// Where a search starts and ends.
#[derive(Clone, Copy)]
enum Trip {
    /// From the top-left corner to the bottom-right one.
    Corners,
    /// Along the middle row, from a quarter of the way to three quarters.
    Middle,
}

impl Trip {
    fn ends(self, side: u32) -> (u32, u32) {
        match self {
            Trip::Corners => (0, side * side - 1),
            Trip::Middle => {
                let row = side / 2 * side;
                (row + side / 4, row + 3 * side / 4)
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Trip::Corners => "corner to corner",
            Trip::Middle => "across the middle",
        }
    }
}

/// The sides of the grids to build: those a filter names (`1000x1000`),
/// or all. Building a 3,000 x 3,000 grid and checking its answers takes
/// about a minute, which a filter for the small grids should not pay.
fn sides() -> Vec<u32> {
    let all = [1_000, 3_000];
    let named =
        |side: &u32| std::env::args().skip(1).any(|arg| arg.contains(&format!("{side}x{side}")));
    let wanted: Vec<u32> = all.into_iter().filter(named).collect();
    if wanted.is_empty() { all.to_vec() } else { wanted }
}

fn grids(c: &mut Criterion) {
    if sides().contains(&1_000) {
        let grid = Grid::new(1_000, 9, 0);
        for trip in [Trip::Corners, Trip::Middle] {
            typed_group(c, &grid, trip);
        }
    }
    for side in sides() {
        for most in [9, 1_000] {
            for walls in [0, 30] {
                let grid = Grid::new(side, most, walls);
                for trip in [Trip::Corners, Trip::Middle] {
                    trip_group(c, &grid, most, walls, trip);
                }
                whole_group(c, &grid, most, walls);
            }
        }
    }
}

/// `dijkstra` and `astar` from one end of `trip` to the other.
fn trip_group(c: &mut Criterion, grid: &Grid, most: u16, walls: u64, trip: Trip) {
    let side = grid.side;
    let (start, goal) = trip.ends(side);
    let name = format!("{side}x{side} costs 1-{most} walls {walls}% {}", trip.name());
    let space = from_fn_weighted(|&cell: &u32| grid.neighbours(cell));
    let successors = |&cell: &u32| grid.neighbours(cell);
    let ours = dijkstra(&space, [start], |&cell| cell == goal).expect("fits").map(|(_, c)| c);
    let theirs = pathfinding::prelude::dijkstra(&start, successors, |&cell| cell == goal);
    assert_eq!(ours, theirs.map(|(_, cost)| cost), "{name}");
    assert_eq!(ours, grid.textbook(start, goal), "{name}");
    let with_path = grid.textbook_path(start, goal);
    if let Some((path, cost)) = &with_path {
        assert_eq!((path[0], path[path.len() - 1]), (start, goal), "{name}");
        assert_eq!(grid.walk(path), Some(*cost), "{name}");
    }
    assert_eq!(ours, with_path.map(|(_, cost)| cost), "{name}");
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("ours/dijkstra", |b| {
        b.iter(|| dijkstra(&space, [start], |&cell| cell == goal).expect("fits"));
    });
    group.bench_function("pathfinding/dijkstra", |b| {
        b.iter(|| pathfinding::prelude::dijkstra(&start, successors, |&cell| cell == goal));
    });
    group.bench_function("textbook/dijkstra", |b| {
        b.iter(|| grid.textbook(black_box(start), goal));
    });
    group.bench_function("textbook/dijkstra with path", |b| {
        b.iter(|| grid.textbook_path(black_box(start), goal));
    });
    let estimate = grid.taxicab(goal);
    group.bench_function("ours/astar", |b| {
        b.iter(|| astar(&space, [start], &estimate, |&cell| cell == goal).expect("fits"));
    });
    group.bench_function("pathfinding/astar", |b| {
        b.iter(|| {
            pathfinding::prelude::astar(&start, successors, |cell| estimate(cell), |&c| c == goal)
        });
    });
    group.finish();
}

/// The grid as its own type, hashed and numbered, from one end and from
/// both: from both ends as a type that lists no backward costs (each
/// predecessor's successors are asked for its move's) and as two
/// closures that list them (`from_fn_weighted_directed`).
fn typed_group(c: &mut Criterion, grid: &Grid, trip: Trip) {
    let side = grid.side;
    let (start, goal) = trip.ends(side);
    let name = format!("{side}x{side} costs 1-9 walls 0% typed {}", trip.name());
    let numbered = Numbered(grid);
    let listed = from_fn_weighted_directed(
        |&cell: &u32| grid.neighbours(cell),
        |&cell: &u32| {
            let entered = u32::from(grid.costs[cell as usize]);
            grid.neighbours(cell).map(move |(previous, _)| (previous, entered))
        },
    );
    let is_goal = |&cell: &u32| cell == goal;
    let mut one_end = Run::new();
    let ours = AStar::new().run(grid, [start], |_| 0, is_goal, &mut one_end).expect("fits");
    let cost = ours.map(|(_, cost)| cost);
    let mut both_ends = Run::new();
    let both = BidirectionalSearch::new().dijkstra(grid, [start], [goal], &mut both_ends);
    let listed_both =
        BidirectionalSearch::new().dijkstra(&listed, [start], [goal], &mut Run::new());
    assert_eq!(both.expect("fits").map(|(_, cost)| cost), cost, "{name}");
    assert_eq!(listed_both.expect("fits").map(|(_, cost)| cost), cost, "{name}");
    eprintln!(
        "{name}: cost {cost:?}; Dijkstra expands {} states, from both ends {}",
        one_end.stats().expanded,
        both_ends.stats().expanded
    );
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("ours/dijkstra hashed", |b| {
        let mut search = AStar::new();
        let mut run = Run::new();
        b.iter(|| search.run(grid, [start], |_| 0, is_goal, &mut run).expect("fits"));
    });
    group.bench_function("ours/dijkstra numbered", |b| {
        let mut search = AStar::new();
        let mut run = Run::new();
        b.iter(|| search.run(&numbered, [start], |_| 0, is_goal, &mut run).expect("fits"));
    });
    let estimate = grid.taxicab(goal);
    group.bench_function("ours/astar hashed", |b| {
        let mut search = AStar::new();
        let mut run = Run::new();
        b.iter(|| search.run(grid, [start], &estimate, is_goal, &mut run).expect("fits"));
    });
    group.bench_function("ours/astar numbered", |b| {
        let mut search = AStar::new();
        let mut run = Run::new();
        b.iter(|| search.run(&numbered, [start], &estimate, is_goal, &mut run).expect("fits"));
    });
    group.bench_function("ours/bidirectional_dijkstra typed", |b| {
        let mut search = BidirectionalSearch::new();
        let mut run = Run::new();
        b.iter(|| search.dijkstra(grid, [start], [goal], &mut run).expect("fits"));
    });
    group.bench_function("ours/bidirectional_dijkstra listed", |b| {
        let mut search = BidirectionalSearch::new();
        let mut run = Run::new();
        b.iter(|| search.dijkstra(&listed, [start], [goal], &mut run).expect("fits"));
    });
    group.finish();
}

/// `dijkstra_all` from the top-left corner over the whole grid.
fn whole_group(c: &mut Criterion, grid: &Grid, most: u16, walls: u64) {
    let side = grid.side;
    let name = format!("{side}x{side} costs 1-{most} walls {walls}% whole grid");
    let space = from_fn_weighted(|&cell: &u32| grid.neighbours(cell));
    let successors = |&cell: &u32| grid.neighbours(cell);
    let ours = dijkstra_all(&space, [0], None).expect("fits").len();
    // pathfinding's map leaves out the start.
    assert_eq!(ours, pathfinding::prelude::dijkstra_all(&0, successors).len() + 1, "{name}");
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("ours/dijkstra_all", |b| {
        b.iter(|| dijkstra_all(&space, [0], None).expect("fits"));
    });
    group.bench_function("pathfinding/dijkstra_all", |b| {
        b.iter(|| pathfinding::prelude::dijkstra_all(&0, successors));
    });
    group.finish();
}

criterion_group!(benches, grids);
criterion_main!(benches);
