//! Side-by-side benchmarks: our searches, the `pathfinding` crate's, and a
//! plain textbook BFS, on the same state types and successor functions.
//!
//! `cargo bench -p puzzles --bench search`; `docs/performance.md` holds the
//! figures and how to read them.

// criterion's macros define undocumented public entry points.
#![expect(missing_docs, reason = "criterion's macros generate the entry points")]

use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzles::{Board, Lock, Slide, SlidingPuzzle, WordLadder};
use rustc_hash::FxHashSet;
use search_core::Run;
use search_core::breadth_first::Search;
use search_core::layers::Enumerator;
use search_core::{Ranking, Successors};
use smallvec::SmallVec;

/// The neighbours of a state as a small vector, for the closure-driven
/// searches (pathfinding's and the plain one). Same successors, same order.
fn neighbours<G: Successors>(space: &G, state: &G::State) -> SmallVec<[G::State; 8]> {
    let mut out = SmallVec::new();
    space.successors(state, |next, _| out.push(next));
    out
}

/// The textbook algorithm: a queue and a hash set, distances only.
fn plain_bfs<G: Successors>(space: &G, start: G::State, goal: &G::State) -> Option<usize> {
    let mut seen = FxHashSet::default();
    let mut queue = VecDeque::new();
    seen.insert(start.clone());
    queue.push_back((start, 0));
    while let Some((state, depth)) = queue.pop_front() {
        if state == *goal {
            return Some(depth);
        }
        space.successors(&state, |next, _| {
            if seen.insert(next.clone()) {
                queue.push_back((next, depth + 1));
            }
        });
    }
    None
}

/// A small deterministic generator, so that random workloads repeat.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn all_2x3_boards() -> (Vec<Board>, Vec<Board>) {
    let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    (0..720).map(|rank| puzzle.unrank(rank).unwrap()).partition(|board| puzzle.is_solvable(board))
}

fn random_solvable_3x3(count: usize) -> Vec<Board> {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let mut rng = XorShift(0x5eed_1234_abcd_ef01);
    let mut boards = Vec::new();
    while boards.len() < count {
        let mut tiles: Vec<u8> = (0..9).collect();
        for i in (1..9).rev() {
            tiles.swap(i, rng.below(i + 1));
        }
        let board = Board::new(3, 3, &tiles).unwrap();
        if puzzle.is_solvable(&board) {
            boards.push(board);
        }
    }
    boards
}

/// Runs the five searches over `boards` towards the puzzle's goal.
fn compare_sliding(c: &mut Criterion, group_name: &str, puzzle: &SlidingPuzzle, boards: &[Board]) {
    let goal = *puzzle.goal();
    let mut group = c.benchmark_group(group_name);
    // A pass over 100 hard 8-puzzle boards takes seconds for the slower
    // searches; ten samples keep the whole run in minutes.
    group.sample_size(10);
    group.bench_function("ours/bfs", |b| {
        let mut search = Search::new();
        let mut run = Run::new();
        b.iter(|| {
            let mut total = 0;
            for board in boards {
                if puzzle.is_solvable(board) {
                    total += search
                        .bfs(puzzle, [*board], |s| *s == goal, &mut run)
                        .unwrap()
                        .map_or(0, |p| p.len());
                }
            }
            black_box(total)
        });
    });
    group.bench_function("ours/bidirectional", |b| {
        let mut search = Search::new();
        let mut run = Run::new();
        b.iter(|| {
            let mut total = 0;
            for board in boards {
                if puzzle.is_solvable(board) {
                    total += search
                        .bidirectional(puzzle, [*board], [goal], &mut run)
                        .unwrap()
                        .map_or(0, |p| p.len());
                }
            }
            black_box(total)
        });
    });
    group.bench_function("ours/solve", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in boards {
                total += puzzle.solve(board).unwrap().map_or(0, |p| p.len());
            }
            black_box(total)
        });
    });
    group.bench_function("pathfinding/bfs", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in boards {
                let path = pathfinding::directed::bfs::bfs(
                    board,
                    |s| neighbours(puzzle, s),
                    |s| *s == goal,
                );
                total += path.map_or(0, |p| p.len() - 1);
            }
            black_box(total)
        });
    });
    group.bench_function("pathfinding/bfs_bidirectional", |b| {
        b.iter(|| {
            let mut total = 0;
            for board in boards {
                let path = pathfinding::directed::bfs::bfs_bidirectional(
                    board,
                    &goal,
                    |s| neighbours(puzzle, s),
                    |s| neighbours(puzzle, s),
                );
                total += path.map_or(0, |p| p.len() - 1);
            }
            black_box(total)
        });
    });
    group.bench_function("plain/bfs", |b| {
        b.iter(|| {
            let total: usize =
                boards.iter().filter_map(|board| plain_bfs(puzzle, *board, &goal)).sum();
            black_box(total)
        });
    });
    group.finish();
}

fn sliding_2x3(c: &mut Criterion) {
    let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    let (solvable, unsolvable) = all_2x3_boards();
    assert_eq!((solvable.len(), unsolvable.len()), (360, 360));
    compare_sliding(c, "2x3 all 360 solvable", &puzzle, &solvable);
    compare_sliding(c, "2x3 all 360 unsolvable", &puzzle, &unsolvable);
}

fn sliding_3x3(c: &mut Criterion) {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let hardest: Vec<Board> = ["[[8,6,7],[2,5,4],[3,0,1]]", "[[6,4,7],[8,5,0],[3,2,1]]"]
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
    compare_sliding(c, "3x3 two 31-move boards", &puzzle, &hardest);
    compare_sliding(c, "3x3 100 random boards", &puzzle, &random_solvable_3x3(100));
}

/// Runs the five searches on one start and goal of a reversible space.
fn compare_pair<G>(
    c: &mut Criterion,
    group_name: &str,
    space: &G,
    start: &G::State,
    goal: &G::State,
) where
    G: search_core::Predecessors,
{
    let (start, goal) = (start.clone(), goal.clone());
    let mut group = c.benchmark_group(group_name);
    group.bench_function("ours/bfs", |b| {
        let mut search = Search::new();
        let mut run = Run::new();
        b.iter(|| {
            black_box(
                search
                    .bfs(space, [start.clone()], |s| *s == goal, &mut run)
                    .unwrap()
                    .map(|p| p.len()),
            )
        });
    });
    group.bench_function("ours/bidirectional", |b| {
        let mut search = Search::new();
        let mut run = Run::new();
        b.iter(|| {
            black_box(
                search
                    .bidirectional(space, [start.clone()], [goal.clone()], &mut run)
                    .unwrap()
                    .map(|p| p.len()),
            )
        });
    });
    group.bench_function("pathfinding/bfs", |b| {
        b.iter(|| {
            black_box(
                pathfinding::directed::bfs::bfs(&start, |s| neighbours(space, s), |s| *s == goal)
                    .map(|p| p.len()),
            )
        });
    });
    group.bench_function("pathfinding/bfs_bidirectional", |b| {
        b.iter(|| {
            black_box(
                pathfinding::directed::bfs::bfs_bidirectional(
                    &start,
                    &goal,
                    |s| neighbours(space, s),
                    |s| {
                        let mut out: SmallVec<[G::State; 8]> = SmallVec::new();
                        space.predecessors(s, |p| out.push(p));
                        out
                    },
                )
                .map(|p| p.len()),
            )
        });
    });
    group.bench_function("plain/bfs", |b| {
        b.iter(|| black_box(plain_bfs(space, start.clone(), &goal)));
    });
    group.finish();
}

fn open_the_lock(c: &mut Criterion) {
    let lock = Lock::standard();
    compare_pair(c, "lock 5555 no dead ends", &lock, &0, &lock.parse_code("5555").unwrap());
    let walled = ["8887", "8889", "8878", "8898", "8788", "8988", "7888", "9888"];
    let lock = Lock::standard().with_deadends(walled).unwrap();
    compare_pair(c, "lock 8888 walled in", &lock, &0, &lock.parse_code("8888").unwrap());
}

/// 5,000 distinct five-letter words over an eight-letter alphabet, and the
/// two words the benchmark joins: a pair that needs a long ladder.
fn dictionary() -> (WordLadder, u32, u32) {
    let mut rng = XorShift(0x00d1_c710_0a4e_5eed);
    let mut words = FxHashSet::default();
    while words.len() < 5_000 {
        let word: String = (0..5).map(|_| char::from(b'a' + rng.below(8) as u8)).collect();
        words.insert(word);
    }
    let mut words: Vec<String> = words.into_iter().collect();
    words.sort();
    let ladder = WordLadder::new(&words).unwrap();
    // The farthest word from the first one.
    let begin = 0;
    let layers = search_core::enumerate(&ladder, [begin]).unwrap();
    let end = layers.deepest()[0];
    (ladder, begin, end)
}

fn word_ladder(c: &mut Criterion) {
    let (ladder, begin, end) = dictionary();
    compare_pair(c, "word ladder 5000 words", &ladder, &begin, &end);
}

/// The naive enumeration the dense one is measured against: one byte per
/// slot over all `n!` arrangements, the Lehmer rank, a FIFO queue, one
/// thread.
fn naive_enumeration(puzzle: &SlidingPuzzle) -> (u64, usize) {
    let slots = usize::try_from((1..=puzzle.goal().cell_count() as u64).product::<u64>()).unwrap();
    let mut depth = vec![u8::MAX; slots];
    let goal = *puzzle.goal();
    depth[puzzle.rank(&goal) as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    let mut states = 1u64;
    let mut radius = 0;
    while let Some(board) = queue.pop_front() {
        let d = depth[puzzle.rank(&board) as usize];
        radius = radius.max(usize::from(d));
        for slide in Slide::ALL {
            if let Some(next) = board.slide(slide) {
                let rank = puzzle.rank(&next) as usize;
                if depth[rank] == u8::MAX {
                    depth[rank] = d + 1;
                    states += 1;
                    queue.push_back(next);
                }
            }
        }
    }
    (states, radius)
}

/// The naive enumerator as the dense-enumeration issue describes it: a
/// board as an array of its cells, a byte per slot over all `n!`
/// arrangements, a FIFO queue, one thread, and the Lehmer rank over a bit
/// mask of the values placed so far (a population count a digit), without
/// the library's packed boards and nibble counts that
/// [`naive_enumeration`] borrows.
fn naive_lehmer_enumeration(rows: usize, cols: usize) -> (u64, usize) {
    /// The Lehmer rank of `cells` among all arrangements of `0..n`.
    fn lehmer(cells: &[u8]) -> usize {
        let mut placed = 0u32;
        let mut rank = 0;
        for (i, &value) in cells.iter().enumerate() {
            let placed_below = (placed & ((1 << value) - 1)).count_ones() as u8;
            rank = rank * (cells.len() - i) + usize::from(value - placed_below);
            placed |= 1 << value;
        }
        rank
    }
    let n = rows * cols;
    let mut depth = vec![u8::MAX; (1..=n).product()];
    let mut goal = [0u8; 16];
    for (cell, tile) in goal[..n - 1].iter_mut().zip(1..) {
        *cell = tile;
    }
    depth[lehmer(&goal[..n])] = 0;
    let mut queue = VecDeque::from([goal]);
    let (mut states, mut radius) = (1u64, 0);
    while let Some(cells) = queue.pop_front() {
        let d = depth[lehmer(&cells[..n])];
        radius = radius.max(usize::from(d));
        let blank = cells[..n].iter().position(|&cell| cell == 0).unwrap();
        let (row, col) = (blank / cols, blank % cols);
        let moves = [
            (row > 0).then(|| blank - cols),
            (row + 1 < rows).then_some(blank + cols),
            (col > 0).then(|| blank - 1),
            (col + 1 < cols).then_some(blank + 1),
        ];
        for cell in moves.into_iter().flatten() {
            let mut next = cells;
            next.swap(blank, cell);
            let rank = lehmer(&next[..n]);
            if depth[rank] == u8::MAX {
                depth[rank] = d + 1;
                states += 1;
                queue.push_back(next);
            }
        }
    }
    (states, radius)
}

fn enumeration(c: &mut Criterion) {
    let mut group = c.benchmark_group("enumerate");
    group.sample_size(10).measurement_time(Duration::from_secs(8));
    for (rows, cols) in [(2, 3), (3, 3), (2, 5)] {
        let puzzle = SlidingPuzzle::new(rows, cols).unwrap();
        let size = format!("{rows}x{cols}");
        group.bench_with_input(BenchmarkId::new("ours/dense_all_cores", &size), &puzzle, |b, p| {
            b.iter(|| {
                black_box(p.enumerate_with(&Enumerator::new(), &mut Run::new()).unwrap().states())
            });
        });
        group.bench_with_input(BenchmarkId::new("ours/dense_1_thread", &size), &puzzle, |b, p| {
            b.iter(|| {
                black_box(
                    p.enumerate_with(&Enumerator::new().threads(1), &mut Run::new())
                        .unwrap()
                        .states(),
                )
            });
        });
        group.bench_with_input(
            BenchmarkId::new("ours/generic_enumerate", &size),
            &puzzle,
            |b, p| {
                b.iter(|| black_box(p.enumerate().unwrap().states()));
            },
        );
        group.bench_with_input(BenchmarkId::new("naive/byte_per_slot", &size), &puzzle, |b, p| {
            b.iter(|| black_box(naive_enumeration(p)));
        });
        let reference = puzzle.enumerate().unwrap();
        let expected = (reference.states(), reference.radius());
        assert_eq!(naive_lehmer_enumeration(rows, cols), expected, "{size}");
        assert_eq!(naive_enumeration(&puzzle), expected, "{size}");
        group.bench_function(BenchmarkId::new("naive/lehmer_bit_mask", &size), |b| {
            b.iter(|| black_box(naive_lehmer_enumeration(rows, cols)));
        });
    }
    group.finish();
}

/// An 8-puzzle as a user would write one for a generic library: 4 bits a
/// cell in a `u64`, the blank's cell in bits 36 to 39, neighbours returned
/// by a plain function, and the Manhattan distance as a plain function.
#[path = "common/packed.rs"]
mod packed;

/// A* on the packed 8-puzzle: the same successor and heuristic functions
/// given to ours and to `pathfinding`.
fn informed_generic(c: &mut Criterion) {
    let goal = packed::pack(&SlidingPuzzle::new(3, 3).unwrap().goal().clone());
    let hardest: Vec<u64> = ["[[8,6,7],[2,5,4],[3,0,1]]", "[[6,4,7],[8,5,0],[3,2,1]]"]
        .iter()
        .map(|text| packed::pack(&text.parse().unwrap()))
        .collect();
    let random: Vec<u64> = random_solvable_3x3(100).iter().map(packed::pack).collect();
    for (name, boards) in
        [("astar 3x3 two 31-move boards", hardest), ("astar 3x3 100 random boards", random)]
    {
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        let space = search_core::space::UnitCost(search_core::from_fn(packed::successors));
        group.bench_function("ours/astar", |b| {
            let mut search = search_core::cheapest::AStar::new();
            let mut run = Run::new();
            b.iter(|| {
                let mut total = 0;
                for &board in &boards {
                    let found =
                        search.run(&space, [board], packed::manhattan, |s| *s == goal, &mut run);
                    total += found.unwrap().map_or(0, |(_, cost)| cost);
                }
                black_box(total)
            });
        });
        group.bench_function("pathfinding/astar", |b| {
            b.iter(|| {
                let mut total = 0;
                for &board in &boards {
                    let found = pathfinding::directed::astar::astar(
                        &board,
                        |s| packed::successors(s).into_iter().map(|n| (n, 1u32)),
                        packed::manhattan,
                        |s| *s == goal,
                    );
                    total += found.map_or(0, |(_, cost)| cost);
                }
                black_box(total)
            });
        });
        group.finish();
    }
}

/// A user's own space, as a user writes one: the packed 8-puzzle, its
/// neighbours returned in a `Vec` by a plain function, and that function
/// handed unchanged to ours, to `pathfinding` and to the textbook loop.
fn generic(c: &mut Criterion) {
    use search_core::{bfs, from_fn};
    let goal = packed::pack(&SlidingPuzzle::new(3, 3).unwrap().goal().clone());
    let hardest: Vec<u64> = ["[[8,6,7],[2,5,4],[3,0,1]]", "[[6,4,7],[8,5,0],[3,2,1]]"]
        .iter()
        .map(|text| packed::pack(&text.parse().unwrap()))
        .collect();
    let random: Vec<u64> = random_solvable_3x3(100).iter().map(packed::pack).collect();
    let space = from_fn(packed::successors_vec);
    for (name, boards) in
        [("generic 3x3 two 31-move boards", hardest), ("generic 3x3 100 random boards", random)]
    {
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.bench_function("floor/successors_of_every_board_reached", |b| {
            // What any search must pay: the function called once on every
            // board it expands (here, every reachable board per start).
            let mut every = Vec::new();
            let mut walk = search_core::breadth_first::Bfs::new();
            walk.start(&space, [goal]).unwrap();
            for visit in walk.walk(&space) {
                every.push(visit.unwrap().0);
            }
            b.iter(|| {
                let mut total = 0;
                for _ in &boards {
                    for state in &every {
                        total += packed::successors_vec(state).len();
                    }
                }
                black_box(total)
            });
        });
        group.bench_function("ours/bfs_one_shot", |b| {
            b.iter(|| {
                let total: usize = boards
                    .iter()
                    .map(|&board| {
                        bfs(&space, [board], |s| *s == goal).unwrap().map_or(0, |p| p.len())
                    })
                    .sum();
                black_box(total)
            });
        });
        group.bench_function("ours/bfs_reused", |b| {
            let mut search = Search::new();
            let mut run = Run::new();
            b.iter(|| {
                let total: usize = boards
                    .iter()
                    .map(|&board| {
                        search
                            .bfs(&space, [board], |s| *s == goal, &mut run)
                            .unwrap()
                            .map_or(0, |p| p.len())
                    })
                    .sum();
                black_box(total)
            });
        });
        group.bench_function("ours/distance_reused", |b| {
            let mut search = Search::new();
            let mut run = Run::new();
            b.iter(|| {
                let total: usize = boards
                    .iter()
                    .map(|&board| {
                        search
                            .distance(&space, [board], |s| *s == goal, &mut run)
                            .unwrap()
                            .unwrap_or(0)
                    })
                    .sum();
                black_box(total)
            });
        });
        group.bench_function("pathfinding/bfs", |b| {
            b.iter(|| {
                let total: usize = boards
                    .iter()
                    .map(|board| {
                        pathfinding::directed::bfs::bfs(board, packed::successors_vec, |s| {
                            *s == goal
                        })
                        .map_or(0, |p| p.len() - 1)
                    })
                    .sum();
                black_box(total)
            });
        });
        group.bench_function("plain/textbook_distance", |b| {
            b.iter(|| {
                let total: usize =
                    boards.iter().filter_map(|&board| plain_bfs(&space, board, &goal)).sum();
                black_box(total)
            });
        });
        generic_bidirectional(&mut group, &boards, goal);
        group.finish();
    }
}

/// The bidirectional contenders of the `generic` groups.
fn generic_bidirectional(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    boards: &[u64],
    goal: u64,
) {
    use search_core::space::Undirected;
    use search_core::{bidirectional_bfs, from_fn};
    let undirected = Undirected(from_fn(packed::successors_vec));
    group.bench_function("ours/bidirectional_one_shot", |b| {
        b.iter(|| {
            let total: usize = boards
                .iter()
                .map(|&board| {
                    bidirectional_bfs(&undirected, [board], [goal]).unwrap().map_or(0, |p| p.len())
                })
                .sum();
            black_box(total)
        });
    });
    group.bench_function("ours/bidirectional_reused", |b| {
        let mut search = Search::new();
        let mut run = Run::new();
        b.iter(|| {
            let total: usize = boards
                .iter()
                .map(|&board| {
                    search
                        .bidirectional(&undirected, [board], [goal], &mut run)
                        .unwrap()
                        .map_or(0, |p| p.len())
                })
                .sum();
            black_box(total)
        });
    });
    group.bench_function("pathfinding/bfs_bidirectional", |b| {
        b.iter(|| {
            let total: usize = boards
                .iter()
                .map(|board| {
                    pathfinding::directed::bfs::bfs_bidirectional(
                        board,
                        &goal,
                        packed::successors_vec,
                        packed::successors_vec,
                    )
                    .map_or(0, |p| p.len() - 1)
                })
                .sum();
            black_box(total)
        });
    });
}

/// Whole-space enumeration of hashed spaces (no ranks): the sequential
/// `enumerate`, and `ParallelEnumeration` on one and on two threads; then
/// the distance to the farthest board, sequential and parallel.
fn generic_enumeration(c: &mut Criterion) {
    use search_core::breadth_first::ParallelEnumeration;
    use search_core::{enumerate, from_fn};
    let mut group = c.benchmark_group("generic enumerate");
    group.sample_size(10).measurement_time(Duration::from_secs(8));
    for (rows, cols) in [(3, 3), (2, 5)] {
        let goal = packed::pack_any(SlidingPuzzle::new(rows, cols).unwrap().goal());
        let space = from_fn(move |&state: &u64| packed::successors_any(rows, cols, state));
        let size = format!("{rows}x{cols}");
        group.bench_with_input(BenchmarkId::new("ours/enumerate", &size), &space, |b, space| {
            b.iter(|| black_box(enumerate(space, [goal]).unwrap().states()));
        });
        for threads in [1, 2] {
            let id = BenchmarkId::new(format!("ours/par_enumerate_{threads}_threads"), &size);
            let mut parallel = ParallelEnumeration::new().threads(threads);
            let mut parallel_run = Run::new();
            group.bench_with_input(id, &space, |b, space| {
                b.iter(|| {
                    black_box(parallel.run(space, [goal], &mut parallel_run).unwrap().states())
                });
            });
        }
        // The distance to a board at the radius: every layer but the
        // goal's last few boards.
        let far = enumerate(&space, [goal]).unwrap().deepest()[0];
        group.bench_with_input(BenchmarkId::new("ours/distance", &size), &space, |b, space| {
            b.iter(|| {
                black_box(
                    Search::new().distance(space, [goal], |&s| s == far, &mut Run::new()).unwrap(),
                )
            });
        });
        for threads in [1, 2] {
            let id = BenchmarkId::new(format!("ours/par_distance_{threads}_threads"), &size);
            let mut parallel = ParallelEnumeration::new().threads(threads);
            let mut parallel_run = Run::new();
            group.bench_with_input(id, &space, |b, space| {
                b.iter(|| {
                    black_box(
                        parallel.distance(space, [goal], |&s| s == far, &mut parallel_run).unwrap(),
                    )
                });
            });
        }
    }
    group.finish();
}

/// IDA* on the 15-puzzle: instances of Korf's 100 that take well under a
/// second, with each estimate.
fn informed_15_puzzle(c: &mut Criterion) {
    let goal: Board = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15".parse().unwrap();
    let puzzle = SlidingPuzzle::with_goal(goal);
    let text = include_str!("../data/korf100.txt");
    let instances: Vec<Board> = text
        .lines()
        .map(|line| {
            let cells: Vec<u8> =
                line.split_whitespace().skip(1).map(|n| n.parse().unwrap()).collect();
            Board::new(4, 4, &cells).unwrap()
        })
        .collect();
    let easy: Vec<Board> = KORF_EASY.iter().map(|&number| instances[number - 1]).collect();
    let mut group = c.benchmark_group("idastar korf easy instances");
    group.sample_size(10);
    for heuristic in
        [puzzles::SlidingHeuristic::Manhattan, puzzles::SlidingHeuristic::LinearConflict]
    {
        group.bench_function(format!("ours/{heuristic:?}"), |b| {
            let mut solver =
                puzzle.solver().algorithm(puzzles::Algorithm::IdaStar).heuristic(heuristic);
            let mut run = Run::new();
            b.iter(|| {
                let total: usize =
                    easy.iter().map(|board| solver.moves(board, &mut run).unwrap().unwrap()).sum();
                black_box(total)
            });
        });
    }
    group.finish();
}

/// The four of Korf's instances that IDA* with linear conflicts solves
/// with the fewest nodes.
const KORF_EASY: [usize; 4] = [9, 12, 42, 55];

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = sliding_2x3, sliding_3x3, open_the_lock, word_ladder, enumeration, generic, generic_enumeration, informed_generic, informed_15_puzzle
}
criterion_main!(benches);
