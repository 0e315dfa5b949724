//! Cheapest paths on the grid game and robotics users search: eight
//! neighbours, a diagonal step costing `sqrt 2`, `f64` costs, walls, and
//! the octile distance as the estimate. A 1,000 x 1,000 map, a fifth of
//! its cells walls, and 100 fixed start/goal pairs up to 120 cells apart
//! in each direction; each iteration answers all 100.
//!
//! Beside ours, on the same successor closure: `pathfinding` (its costs
//! `R64`, as its own benchmarks use) and a textbook loop written here (a
//! `BinaryHeap` and an `FxHashMap`), which runs twice: keeping the cost
//! alone, and keeping each cell's parent too to return the path, as ours
//! and `pathfinding`'s do. Ours runs in the closure form a user
//! writes first (`from_fn_weighted`) and as a numbered type, whose cells
//! are their own ranks.
//!
//! `cargo bench -p search-core --bench octile`; with `OCTILE_ONLY` set
//! (see [`only`]), one contender once, for cachegrind.

#![expect(missing_docs, reason = "criterion's macros generate the entry points")]

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use noisy_float::prelude::r64;
use rustc_hash::FxHashMap;
use search_core::cheapest::AStar;
use search_core::space::rank_by;
use search_core::{Ranking, Run, Successors, Weighted, astar, dijkstra, from_fn_weighted};

#[path = "common/parents.rs"]
mod parents;

const SIDE: u32 = 1_000;
const WALLS_PERCENT: u64 = 20;
const PAIRS: usize = 100;
/// The most a goal lies from its start, in rows and in columns.
const REACH: u32 = 120;

/// The eight steps, along rows and columns first.
const STEPS: [(i64, i64); 8] =
    [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A square map of open cells and walls; a cell is its index, row by row.
struct Map {
    open: Vec<bool>,
}

/// A fixed xorshift, so that every run builds the same map and pairs.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: u32) -> u32 {
        (self.next() % u64::from(bound)) as u32
    }
}

impl Map {
    fn new(draw: &mut Draw) -> Map {
        let open = (0..SIDE * SIDE).map(|_| draw.next() % 100 >= WALLS_PERCENT).collect();
        Map { open }
    }

    #[expect(clippy::cast_sign_loss, reason = "x and y are checked to be on the map first")]
    fn is_open(&self, x: i64, y: i64) -> bool {
        let side = i64::from(SIDE);
        (0..side).contains(&x) && (0..side).contains(&y) && self.open[(y * side + x) as usize]
    }

    /// The open neighbours of `cell` and the cost of each step: 1 along
    /// a row or column, `sqrt 2` diagonally, where no wall stands on
    /// either side of the corner cut. The one successor function every
    /// contender is given.
    #[expect(clippy::cast_sign_loss, reason = "a neighbour is open, so on the map")]
    fn neighbours(&self, cell: u32) -> impl Iterator<Item = (u32, f64)> + '_ {
        let (x, y) = (i64::from(cell % SIDE), i64::from(cell / SIDE));
        STEPS.into_iter().filter_map(move |(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            let diagonal = dx != 0 && dy != 0;
            let open = self.is_open(nx, ny)
                && (!diagonal || (self.is_open(x + dx, y) && self.is_open(x, y + dy)));
            open.then(|| ((ny * i64::from(SIDE) + nx) as u32, if diagonal { SQRT_2 } else { 1.0 }))
        })
    }

    /// The octile distance to `goal`: admissible and consistent here.
    fn octile(goal: u32) -> impl Fn(&u32) -> f64 + Copy {
        move |&cell| {
            let dx = f64::from((cell % SIDE).abs_diff(goal % SIDE));
            let dy = f64::from((cell / SIDE).abs_diff(goal / SIDE));
            dx.max(dy) + (SQRT_2 - 1.0) * dx.min(dy)
        }
    }

    /// The textbook A* (Dijkstra with `estimate` zero): the cheapest cost
    /// from `start` to `goal`. A cost that is not negative orders as its
    /// bits do, so the heap keys on those.
    fn textbook(&self, start: u32, goal: u32, estimate: impl Fn(&u32) -> f64) -> Option<f64> {
        self.textbook_counted(start, goal, estimate).0
    }

    /// The textbook search's answer, and the states it expanded.
    fn textbook_counted(
        &self,
        start: u32,
        goal: u32,
        estimate: impl Fn(&u32) -> f64,
    ) -> (Option<f64>, u64) {
        let mut expanded = 0;
        let mut best: FxHashMap<u32, f64> = FxHashMap::default();
        let mut open = BinaryHeap::new();
        best.insert(start, 0.0);
        open.push(Reverse((estimate(&start).to_bits(), start)));
        // A stale entry is expanded again at its cell's best cost rather
        // than told apart: keeping its cost in the entry to tell it made
        // the entries 24 bytes, and this loop 1.23x slower here.
        while let Some(Reverse((_, cell))) = open.pop() {
            let cost = best[&cell];
            if cell == goal {
                return (Some(cost), expanded);
            }
            expanded += 1;
            for (next, step) in self.neighbours(cell) {
                let reached = cost + step;
                if best.get(&next).is_none_or(|&known| reached < known) {
                    best.insert(next, reached);
                    open.push(Reverse(((reached + estimate(&next)).to_bits(), next)));
                }
            }
        }
        (None, expanded)
    }

    /// The textbook loop as a user writes it who needs the path, as ours
    /// returns it: each cell's parent kept beside its cost, and the path
    /// walked back from the goal; and the states it expanded.
    fn textbook_path(
        &self,
        start: u32,
        goal: u32,
        estimate: impl Fn(&u32) -> f64,
    ) -> (Option<(Vec<u32>, f64)>, u64) {
        let mut expanded = 0;
        let mut best: FxHashMap<u32, (f64, u32)> = FxHashMap::default();
        let mut open = BinaryHeap::new();
        best.insert(start, (0.0, start));
        open.push(Reverse((estimate(&start).to_bits(), start)));
        while let Some(Reverse((_, cell))) = open.pop() {
            let cost = best[&cell].0;
            if cell == goal {
                let path = parents::path_back(&best, start, goal);
                return (Some((path, cost)), expanded);
            }
            expanded += 1;
            for (next, step) in self.neighbours(cell) {
                let reached = cost + step;
                if best.get(&next).is_none_or(|&(known, _)| reached < known) {
                    best.insert(next, (reached, cell));
                    open.push(Reverse(((reached + estimate(&next)).to_bits(), next)));
                }
            }
        }
        (None, expanded)
    }

    /// The cost of `path` when each step is to an open neighbour.
    fn walk(&self, path: &[u32]) -> Option<f64> {
        path.windows(2).try_fold(0.0, |total, step| {
            let taken = self.neighbours(step[0]).find(|&(next, _)| next == step[1]);
            taken.map(|(_, cost)| total + cost)
        })
    }
}

/// The map as a type that numbers its cells: our searches then keep their
/// tables in flat arrays.
struct Numbered<'m>(&'m Map);

impl Successors for Numbered<'_> {
    type State = u32;
    type Move = f64;

    fn successors<F: FnMut(u32, f64)>(&self, &cell: &u32, mut report: F) {
        self.0.neighbours(cell).for_each(|(next, step)| report(next, step));
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        Some(rank_by(u64::from(SIDE) * u64::from(SIDE), |&cell: &u32| u64::from(cell)))
    }
}

impl Weighted for Numbered<'_> {
    type Cost = f64;

    fn cost(&self, _: &u32, &step: &f64, _: &u32) -> f64 {
        step
    }
}

/// `PAIRS` open start/goal pairs, each goal reachable from its start.
fn pairs(map: &Map, draw: &mut Draw) -> Vec<(u32, u32)> {
    let space = from_fn_weighted(|&cell: &u32| map.neighbours(cell));
    let mut pairs = Vec::new();
    while pairs.len() < PAIRS {
        let start = draw.below(SIDE * SIDE);
        let (x, y) = (start % SIDE, start / SIDE);
        let gx = (x + draw.below(2 * REACH + 1)).checked_sub(REACH).filter(|&gx| gx < SIDE);
        let gy = (y + draw.below(2 * REACH + 1)).checked_sub(REACH).filter(|&gy| gy < SIDE);
        let (Some(gx), Some(gy)) = (gx, gy) else { continue };
        let goal = gy * SIDE + gx;
        if !map.open[start as usize] || !map.open[goal as usize] || start == goal {
            continue;
        }
        let estimate = Map::octile(goal);
        if astar(&space, [start], estimate, |&cell| cell == goal).expect("fits").is_some() {
            pairs.push((start, goal));
        }
    }
    pairs
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.max(1.0)
}

/// With `OCTILE_ONLY` set to a contender (`ours-astar`, `ours-dijkstra`,
/// `numbered-astar`, `numbered-dijkstra`, `textbook-astar`,
/// `textbook-dijkstra`, `textbook-path-astar`, `textbook-path-dijkstra`,
/// `pathfinding-astar`, `pathfinding-dijkstra`, or
/// `none` for the map and the pairs alone), the bench runs that one over
/// the 100 pairs once and prints the states it expanded (0 for
/// `pathfinding`'s, which it cannot count), for `valgrind
/// --tool=cachegrind`: a contender's count per expanded state is its
/// total less `none`'s, over that. Ours keeps one cache for the 100
/// searches, as the one-shot `astar` and `dijkstra` of the timed runs
/// keep their thread's spare tables: a fresh cache each search would
/// count a numbered grid's 4 MB table of ids, zeroed each time.
fn only(name: &str, map: &Map, pairs: &[(u32, u32)]) {
    let space = from_fn_weighted(|&cell: &u32| map.neighbours(cell));
    let numbered = Numbered(map);
    let successors = |&cell: &u32| map.neighbours(cell).map(|(next, step)| (next, r64(step)));
    let (mut closure_search, mut numbered_search) = (AStar::new(), AStar::new());
    let mut expanded = 0;
    for &(start, goal) in pairs {
        let estimate = Map::octile(goal);
        let is_goal = |&cell: &u32| cell == goal;
        let mut run = Run::new();
        expanded += match name {
            "ours-astar" => {
                closure_search.run(&space, [start], estimate, is_goal, &mut run).expect("fits");
                run.stats().expanded
            }
            "ours-dijkstra" => {
                closure_search.run(&space, [start], |_| 0.0, is_goal, &mut run).expect("fits");
                run.stats().expanded
            }
            "numbered-astar" => {
                numbered_search.run(&numbered, [start], estimate, is_goal, &mut run).expect("fits");
                run.stats().expanded
            }
            "numbered-dijkstra" => {
                numbered_search.run(&numbered, [start], |_| 0.0, is_goal, &mut run).expect("fits");
                run.stats().expanded
            }
            "textbook-astar" => map.textbook_counted(start, goal, estimate).1,
            "textbook-dijkstra" => map.textbook_counted(start, goal, |_| 0.0).1,
            "textbook-path-astar" => map.textbook_path(start, goal, estimate).1,
            "textbook-path-dijkstra" => map.textbook_path(start, goal, |_| 0.0).1,
            "pathfinding-astar" => {
                pathfinding::prelude::astar(&start, successors, |c| r64(estimate(c)), is_goal);
                0
            }
            "pathfinding-dijkstra" => {
                pathfinding::prelude::dijkstra(&start, successors, is_goal);
                0
            }
            // The map and the pairs alone, to subtract.
            "none" => 0,
            other => panic!("no contender {other}"),
        };
    }
    println!("{name}: {expanded} states expanded");
}

/// Every contender's cost for every pair, against ours.
fn check_answers(map: &Map, pairs: &[(u32, u32)]) {
    let space = from_fn_weighted(|&cell: &u32| map.neighbours(cell));
    let numbered = Numbered(map);
    let successors = |&cell: &u32| map.neighbours(cell).map(|(next, step)| (next, r64(step)));
    for &(start, goal) in pairs {
        let estimate = Map::octile(goal);
        let is_goal = |&cell: &u32| cell == goal;
        let ours = astar(&space, [start], estimate, is_goal).expect("fits").expect("reachable").1;
        let numbered_cost =
            astar(&numbered, [start], estimate, is_goal).expect("fits").expect("reachable").1;
        let plain = dijkstra(&space, [start], is_goal).expect("fits").expect("reachable").1;
        let theirs = pathfinding::prelude::astar(&start, successors, |c| r64(estimate(c)), is_goal);
        let textbook = map.textbook(start, goal, estimate).expect("reachable");
        let (path, with_path) = map.textbook_path(start, goal, estimate).0.expect("reachable");
        assert_eq!((path[0], path[path.len() - 1]), (start, goal));
        let walked = map.walk(&path).expect("a path of steps to neighbours");
        let theirs = theirs.expect("reachable").1.raw();
        for other in [numbered_cost, plain, theirs, textbook, with_path, walked] {
            assert!(close(ours, other), "{start} -> {goal}: {ours} against {other}");
        }
    }
}

fn octile(c: &mut Criterion) {
    let mut draw = Draw(0x9E37_79B9_7F4A_7C15);
    let map = Map::new(&mut draw);
    let pairs = pairs(&map, &mut draw);
    if let Ok(name) = std::env::var("OCTILE_ONLY") {
        only(&name, &map, &pairs);
        return;
    }
    check_answers(&map, &pairs);
    let space = from_fn_weighted(|&cell: &u32| map.neighbours(cell));
    let numbered = Numbered(&map);
    let successors = |&cell: &u32| map.neighbours(cell).map(|(next, step)| (next, r64(step)));

    let mut group = c.benchmark_group(format!(
        "octile {SIDE}x{SIDE} walls {WALLS_PERCENT}% {PAIRS} pairs within {REACH}"
    ));
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(10));
    bench_pairs(&mut group, "ours/astar", &pairs, |start, goal| {
        astar(&space, [start], Map::octile(goal), |&cell| cell == goal).expect("fits");
    });
    bench_pairs(&mut group, "ours/astar numbered", &pairs, |start, goal| {
        astar(&numbered, [start], Map::octile(goal), |&cell| cell == goal).expect("fits");
    });
    let (mut search, mut run) = (AStar::new(), Run::new());
    bench_pairs(&mut group, "ours/astar numbered cache", &pairs, |start, goal| {
        let is_goal = |&cell: &u32| cell == goal;
        search.run(&numbered, [start], Map::octile(goal), is_goal, &mut run).expect("fits");
    });
    bench_pairs(&mut group, "pathfinding/astar", &pairs, |start, goal| {
        let estimate = Map::octile(goal);
        pathfinding::prelude::astar(&start, successors, |c| r64(estimate(c)), |&c| c == goal);
    });
    bench_pairs(&mut group, "textbook/astar", &pairs, |start, goal| {
        map.textbook(start, goal, Map::octile(goal));
    });
    bench_pairs(&mut group, "textbook/astar with path", &pairs, |start, goal| {
        map.textbook_path(start, goal, Map::octile(goal));
    });
    bench_pairs(&mut group, "ours/dijkstra", &pairs, |start, goal| {
        dijkstra(&space, [start], |&cell| cell == goal).expect("fits");
    });
    bench_pairs(&mut group, "ours/dijkstra numbered", &pairs, |start, goal| {
        dijkstra(&numbered, [start], |&cell| cell == goal).expect("fits");
    });
    bench_pairs(&mut group, "pathfinding/dijkstra", &pairs, |start, goal| {
        pathfinding::prelude::dijkstra(&start, successors, |&c| c == goal);
    });
    bench_pairs(&mut group, "textbook/dijkstra", &pairs, |start, goal| {
        map.textbook(start, goal, |_| 0.0);
    });
    bench_pairs(&mut group, "textbook/dijkstra with path", &pairs, |start, goal| {
        map.textbook_path(start, goal, |_| 0.0);
    });
    group.finish();
}

/// Times `search` over every pair, as one iteration.
fn bench_pairs(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pairs: &[(u32, u32)],
    mut search: impl FnMut(u32, u32),
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            for &(start, goal) in pairs {
                search(start, goal);
            }
        });
    });
}

criterion_group!(benches, octile);
criterion_main!(benches);
