//! Both engines against the in-memory ones, layer by layer, with 1 to 3
//! workers in this process.

use std::collections::HashSet;
use std::sync::Arc;

use proptest::prelude::*;
use puzzles::{Board, Pancakes, ReachableBoards, SlidingPuzzle};
use search_core::dense::DenseEnumeration;
use search_core::space::{RankSteps, RankedSpace, WordSteps};
use search_core::{Limits, Run, Successors, enumerate};
use search_dist::{DistributedEnumeration, ErrorKind, Workers};

/// The sliding puzzle as a plain hashed space: a board is its tiles, row
/// by row, 4 bits each (the first cell lowest), and a move slides a tile
/// into the blank.
#[derive(Clone, Copy)]
struct Tiles {
    rows: usize,
    cols: usize,
}

impl Successors for Tiles {
    type State = u64;
    type Move = ();

    fn successors<F: FnMut(u64, ())>(&self, &tiles: &u64, mut report: F) {
        let cells = self.rows * self.cols;
        let blank =
            (0..cells).find(|&cell| (tiles >> (4 * cell)).trailing_zeros() >= 4).expect("a blank");
        let (row, col) = (blank / self.cols, blank % self.cols);
        let mut slide = |from: usize| {
            let tile = (tiles >> (4 * from)) & 0xF;
            report(tiles & !(0xF << (4 * from)) | (tile << (4 * blank)), ());
        };
        if row > 0 {
            slide(blank - self.cols);
        }
        if row + 1 < self.rows {
            slide(blank + self.cols);
        }
        if col > 0 {
            slide(blank - 1);
        }
        if col + 1 < self.cols {
            slide(blank + 1);
        }
    }
}

/// The goal's tiles, 1 to `cells - 1` then the blank.
fn goal_tiles(rows: usize, cols: usize) -> u64 {
    (0..rows * cols - 1).map(|cell| (cell as u64 + 1) << (4 * cell)).sum()
}

fn goal_board(rows: usize, cols: usize) -> Board {
    Board::solved(rows, cols).expect("a size from 2x2 to 4x4")
}

/// The in-memory dense engine's layers and deepest boards.
fn in_memory(rows: usize, cols: usize) -> (Vec<u64>, Vec<u64>) {
    let boards = ReachableBoards::new(&goal_board(rows, cols)).expect("at most 16 cells");
    let start = boards.rank(&goal_board(rows, cols)).expect("the goal is reachable");
    let layers =
        DenseEnumeration::new().run(&boards, &[start], &mut Run::new()).expect("in memory");
    (layers.layer_sizes().to_vec(), layers.deepest().to_vec())
}

fn ranked(rows: usize, cols: usize, threads: usize) -> (Vec<u64>, Vec<u64>, Vec<(usize, u64)>) {
    let boards = ReachableBoards::new(&goal_board(rows, cols)).expect("at most 16 cells");
    let start = boards.rank(&goal_board(rows, cols)).expect("the goal is reachable");
    let run = DistributedEnumeration::new(Workers::threads(threads).expect("threads"));
    let mut reported = Vec::new();
    let layers =
        run.run(Arc::new(boards), &[start], &mut noting(&mut reported)).expect("distributed");
    (layers.layer_sizes().to_vec(), layers.deepest().to_vec(), reported)
}

#[test]
fn ranked_engine_gives_the_in_memory_layers_of_small_puzzles() {
    for (rows, cols, radius) in [(2, 3, 21), (3, 3, 31), (2, 4, 36), (2, 5, 55)] {
        let (sizes, deepest) = in_memory(rows, cols);
        assert_eq!(sizes.len() - 1, radius);
        for threads in 1..=3 {
            let (layers, found_deepest, reported) = ranked(rows, cols, threads);
            assert_eq!(layers, sizes, "{rows}x{cols}, {threads} workers");
            assert_eq!(found_deepest, deepest, "{rows}x{cols}, {threads} workers");
            assert_eq!(reported, running(&sizes), "{rows}x{cols}, {threads} workers: reported");
        }
    }
}

#[test]
fn hashed_engine_gives_the_in_memory_layers_of_small_puzzles() {
    // Hash sets of the 2x5's 1.8 M boards take a second a run: one run.
    for (rows, cols, workers) in [(2, 3, 1..=3), (3, 3, 1..=3), (2, 4, 1..=3), (2, 5, 2..=2)] {
        let space = Tiles { rows, cols };
        let start = goal_tiles(rows, cols);
        let reference = enumerate(&space, [start]).expect("in memory");
        for threads in workers {
            let run = DistributedEnumeration::new(Workers::threads(threads).expect("threads"));
            let layers = run
                .run_hashed(Arc::new(space), std::slice::from_ref(&start), &mut Run::new())
                .expect("hashed");
            assert_eq!(
                layers.layer_sizes(),
                reference.layer_sizes(),
                "{rows}x{cols}, {threads} workers"
            );
            let deepest: HashSet<&u64> = layers.deepest().iter().collect();
            let expected: HashSet<&u64> = reference.deepest().iter().collect();
            assert_eq!(deepest, expected, "{rows}x{cols}, {threads} workers");
        }
    }
}

/// Pancake flips put a new pancake on top, the rank's first digit, so
/// about half the edges cross between two slices: every batch a worker
/// sends fills, many times a layer.
#[test]
fn ranked_engine_gives_the_in_memory_layers_of_pancakes_whose_ranks_cross() {
    let ranks = Pancakes::new(8).expect("8 pancakes").ranks();
    let reference = DenseEnumeration::new().run(&ranks, &[0], &mut Run::new()).expect("in memory");
    // 8! stacks; 9 flips sort the hardest (the pancake number of 8).
    assert_eq!(reference.layer_sizes().iter().sum::<u64>(), 40_320);
    assert_eq!(reference.layer_sizes().len() - 1, 9);
    for threads in 1..=3 {
        let run = DistributedEnumeration::new(Workers::threads(threads).expect("threads"));
        let layers = run.run(Arc::new(ranks), &[0], &mut Run::new()).expect("distributed");
        assert_eq!(layers.layer_sizes(), reference.layer_sizes(), "{threads} workers");
        assert_eq!(layers.deepest(), reference.deepest(), "{threads} workers");
    }
}

#[test]
fn the_8_puzzle_has_181440_boards_and_radius_31() {
    let (layers, deepest, _) = ranked(3, 3, 2);
    assert_eq!(layers.iter().sum::<u64>(), 181_440);
    assert_eq!(layers.len() - 1, 31);
    let boards = ReachableBoards::new(&goal_board(3, 3)).expect("at most 16 cells");
    let hardest: Vec<Board> =
        deepest.iter().map(|&rank| boards.board(rank).expect("a board")).collect();
    let puzzle = SlidingPuzzle::new(3, 3).expect("3x3");
    for board in &hardest {
        assert_eq!(puzzle.solve(board).expect("search").expect("solvable").len(), 31);
    }
    assert_eq!(hardest.len(), 2);
}

/// A space of `count` ranks whose neighbours come from a seeded table:
/// arbitrary graphs, directed, with unreachable parts.
#[derive(Debug)]
struct Random {
    edges: Vec<Vec<u64>>,
}

impl RankedSpace for Random {
    fn rank_count(&self) -> u64 {
        self.edges.len() as u64
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        for &next in &self.edges[rank as usize] {
            report(next);
        }
    }
}

fn random_space() -> impl Strategy<Value = (Random, Vec<u64>)> {
    (1usize..400).prop_flat_map(|count| {
        let edges = prop::collection::vec(prop::collection::vec(0..count as u64, 0..4), count);
        let starts = prop::collection::vec(0..count as u64, 0..3);
        (edges, starts).prop_map(|(edges, starts)| (Random { edges }, starts))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn ranked_engine_matches_dense_enumeration_on_random_graphs(
        (space, starts) in random_space(),
        threads in 1usize..=3,
    ) {
        let reference = DenseEnumeration::new().run(&space, &starts, &mut Run::new()).expect("in memory");
        let run = DistributedEnumeration::new(Workers::threads(threads).expect("threads"));
        let layers = run.run(Arc::new(space), &starts, &mut Run::new()).expect("distributed");
        prop_assert_eq!(layers.layer_sizes(), reference.layer_sizes());
        prop_assert_eq!(layers.deepest(), reference.deepest());
    }
}

/// A random graph whose rank count is a multiple of a period, with steps
/// of one rank named by a [`RankSteps`] pattern (none down from the first
/// residue, none up from the last, so no step leaves the ranks); with
/// `by_steps` false the steps are reported with the other edges instead.
#[derive(Debug)]
struct Stepped {
    edges: Vec<Vec<u64>>,
    steps: RankSteps,
    by_steps: bool,
}

impl RankedSpace for Stepped {
    fn rank_count(&self) -> u64 {
        self.edges.len() as u64
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        if self.steps.steps_down(rank) {
            report(rank - 1);
        }
        if self.steps.steps_up(rank) {
            report(rank + 1);
        }
        self.edges[rank as usize].iter().copied().for_each(report);
    }

    fn word_steps(&self) -> Option<impl WordSteps + '_> {
        self.by_steps.then_some(self)
    }
}

impl WordSteps for &Stepped {
    fn rank_steps(&self) -> RankSteps {
        self.steps
    }

    fn other_neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], mut report: F) {
        for &rank in ranks {
            self.edges[rank as usize].iter().copied().for_each(&mut report);
        }
    }
}

fn stepped_space() -> impl Strategy<Value = (Stepped, u64)> {
    (1u32..=12, 1usize..60, any::<u64>(), any::<u64>()).prop_flat_map(
        |(period, periods, down, up)| {
            let count = period as usize * periods;
            let edges = prop::collection::vec(prop::collection::vec(0..count as u64, 0..2), count);
            let steps = RankSteps::new(period, down & !1, up & !(1 << (period - 1)));
            (edges, 0..count as u64)
                .prop_map(move |(edges, start)| (Stepped { edges, steps, by_steps: true }, start))
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn ranked_engine_marks_steps_across_its_slices(
        (mut space, start) in stepped_space(),
        threads in 1usize..=3,
    ) {
        // The reference reports every neighbour one by one.
        space.by_steps = false;
        let reference = DenseEnumeration::new().run(&space, &[start], &mut Run::new()).expect("in memory");
        space.by_steps = true;
        let run = DistributedEnumeration::new(Workers::threads(threads).expect("threads"));
        let layers = run.run(Arc::new(space), &[start], &mut Run::new()).expect("distributed");
        prop_assert_eq!(layers.layer_sizes(), reference.layer_sizes());
        prop_assert_eq!(layers.deepest(), reference.deepest());
    }
}

#[test]
fn a_rank_out_of_bounds_stops_every_worker_with_its_message() {
    struct Broken;
    impl RankedSpace for Broken {
        fn rank_count(&self) -> u64 {
            100
        }
        fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
            report(rank + 60);
        }
    }
    let run = DistributedEnumeration::new(Workers::threads(2).expect("threads"));
    let error = run.run(Arc::new(Broken), &[0], &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("rank 120, not below its rank count 100"), "{error}");
    let error = run.run(Arc::new(Broken), &[100], &mut Run::new()).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Worker { worker: 0, .. }), "{error:?}");
    assert!(error.to_string().contains("start rank 100"), "{error}");
}

/// A run whose observer notes each layer reported: its depth, and the
/// states found so far.
fn noting(reported: &mut Vec<(usize, u64)>) -> Run<'_> {
    Run::new().on_progress(move |progress| reported.push((progress.depth, progress.stored)))
}

/// What [`noting`] notes of layers of `sizes`.
fn running(sizes: &[u64]) -> Vec<(usize, u64)> {
    let totals = sizes.iter().scan(0, |total, size| {
        *total += size;
        Some(*total)
    });
    totals.enumerate().collect()
}

/// A run whose tables may take `bytes`, besides what `threads` worker
/// threads take.
fn tables_of(bytes: u64, threads: u64) -> Run<'static> {
    let workers = Workers::threads(threads as usize).expect("threads");
    let limit = bytes + workers.fixed_memory();
    Run::new().limits(Limits::new().max_memory(limit))
}

#[test]
fn a_table_over_the_memory_limit_fails_before_any_layer() {
    let boards = ReachableBoards::new(&goal_board(3, 3)).expect("at most 16 cells");
    let run = DistributedEnumeration::new(Workers::threads(2).expect("threads"));
    let mut layers = 0;
    let mut limited = tables_of(1_000, 2).on_progress(|_| layers += 1);
    let error = run.run(Arc::new(boards), &[0], &mut limited).unwrap_err();
    drop(limited);
    assert_eq!(layers, 0);
    assert!(error.to_string().contains("over the limit"), "{error}");
}

#[test]
fn worker_threads_past_the_memory_limit_are_refused_before_they_start() {
    let boards = ReachableBoards::new(&goal_board(2, 3)).expect("at most 16 cells");
    let run = DistributedEnumeration::new(Workers::threads(1_000).expect("threads"));
    let mut limited = Run::new().limits(Limits::new().max_memory(100 << 20));
    let error = run.run(Arc::new(boards), &[0], &mut limited).unwrap_err();
    assert!(matches!(error.kind(), search_dist::ErrorKind::Config(_)), "{error}");
    assert!(error.to_string().contains("1000 worker threads"), "{error}");
}

#[test]
fn the_most_workers_in_the_default_memory_limit_are_refused_naming_their_cost() {
    // 1,024 workers, the most a process may run, each with channels to
    // 1,024: once they took 3.9 GB and then failed "over the limit of 0 B".
    let run = DistributedEnumeration::new(Workers::threads(1_024).expect("threads"));
    let error = run.run(Arc::new(Tiny), &[0], &mut Run::new()).unwrap_err();
    let ErrorKind::Config(message) = error.kind() else { panic!("{error:?}") };
    assert_eq!(
        message.as_str(),
        "1024 worker threads (of 1024 in the run) are counted to take 7.5 MiB each before \
         they hold a state (a thread's stack and buffers, and its channels to every worker \
         of the run), 7.5 GiB in all: not below the memory limit of 4.0 GiB; at most 738 \
         fit: run fewer workers, or raise the memory limit"
    );
    // The most that fit, as counted.
    let limit = Run::new().get_limits().get_max_memory();
    assert!(Workers::threads(738).expect("threads").fixed_memory() < limit);
    assert!(Workers::threads(739).expect("threads").fixed_memory() >= limit);
}

/// One rank.
struct Tiny;

impl RankedSpace for Tiny {
    fn rank_count(&self) -> u64 {
        1
    }
    fn neighbours<F: FnMut(u64)>(&self, _: u64, _: F) {}
}

#[test]
fn a_hashed_worker_over_its_share_of_memory_stops_the_run() {
    let space = Tiles { rows: 3, cols: 3 };
    // About 1,000 states of 8 + 8 + 1 bytes each, for each of two workers.
    let run = DistributedEnumeration::new(Workers::threads(2).expect("threads"));
    let start = goal_tiles(3, 3);
    let error = run.run_hashed(Arc::new(space), &[start], &mut tables_of(34_000, 2)).unwrap_err();
    assert!(error.to_string().contains("share of the memory limit"), "{error}");
}

#[test]
fn no_starts_give_no_layers() {
    let boards = ReachableBoards::new(&goal_board(2, 3)).expect("at most 16 cells");
    let run = DistributedEnumeration::new(Workers::threads(2).expect("threads"));
    let layers = run.run(Arc::new(boards), &[], &mut Run::new()).expect("distributed");
    assert_eq!(layers.states(), 0);
    assert!(layers.layer_sizes().is_empty());
}

/// A directory of this test's own, empty.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("search-dist-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
    dir
}

/// Runs the hashed engine on `rows x cols` with a checkpoint after every
/// layer and too little memory to finish, which fails mid-way.
fn hashed_run_that_fails(dir: &std::path::Path, (rows, cols): (usize, usize), threads: usize) {
    let space = Tiles { rows, cols };
    // A third of the boards, shared by the workers, 8 + 8 + 1 bytes each.
    let share = space_size(rows, cols) / 3 / threads as u64;
    let run = DistributedEnumeration::new(Workers::threads(threads).expect("threads"))
        .describe("tiles")
        .checkpoint(dir, std::time::Duration::ZERO);
    let mut layers = 0;
    let mut limited =
        tables_of(share * 17 * threads as u64, threads as u64).on_progress(|_| layers += 1);
    let error = run.run_hashed(Arc::new(space), &[goal_tiles(rows, cols)], &mut limited);
    drop(limited);
    let error = error.expect_err("the memory limit stops the run");
    assert!(error.to_string().contains("share of the memory limit"), "{error}");
    assert!(layers > 5, "{rows}x{cols}, {threads} workers: it stopped after {layers} layers");
}

fn space_size(rows: usize, cols: usize) -> u64 {
    (1..=(rows * cols) as u64).product::<u64>() / 2
}

#[test]
fn the_hashed_engine_resumes_from_its_checkpoint_with_the_in_memory_layers() {
    for ((rows, cols), threads) in [((3, 3), 1), ((3, 3), 2), ((3, 3), 3), ((2, 4), 2)] {
        let dir = scratch_dir(&format!("hashed-resume-{rows}x{cols}-{threads}"));
        hashed_run_that_fails(&dir, (rows, cols), threads);
        let space = Tiles { rows, cols };
        let start = goal_tiles(rows, cols);
        let reference = enumerate(&space, [start]).expect("in memory");
        let run = DistributedEnumeration::new(Workers::threads(threads).expect("threads"))
            .describe("tiles")
            .checkpoint(&dir, std::time::Duration::ZERO)
            .resume(true);
        let mut reported = Vec::new();
        let layers = run
            .run_hashed(Arc::new(space), &[start], &mut noting(&mut reported))
            .expect("the resumed run finishes");
        let context = format!("{rows}x{cols}, {threads} workers");
        assert_eq!(layers.layer_sizes(), reference.layer_sizes(), "{context}");
        let expected = running(reference.layer_sizes());
        assert_eq!(reported, expected, "{context}: every layer reported, the restored ones too");
        let deepest: HashSet<&u64> = layers.deepest().iter().collect();
        assert_eq!(deepest, reference.deepest().iter().collect(), "{context}");
        assert_eq!(std::fs::read_dir(&dir).expect("the directory").count(), 0, "{context}");
        let _ = std::fs::remove_dir(&dir);
    }
}

#[test]
fn a_damaged_or_foreign_hashed_checkpoint_is_refused() {
    let dir = scratch_dir("hashed-damaged");
    hashed_run_that_fails(&dir, (3, 3), 2);
    let resume = |description: &str| {
        DistributedEnumeration::new(Workers::threads(2).expect("threads"))
            .describe(description)
            .checkpoint(&dir, std::time::Duration::ZERO)
            .resume(true)
            .run_hashed(Arc::new(Tiles { rows: 3, cols: 3 }), &[goal_tiles(3, 3)], &mut Run::new())
    };
    let error = resume("other tiles").expect_err("another space's checkpoint");
    assert!(error.to_string().contains("holds \"tiles\", not \"other tiles\""), "{error}");
    // A byte flipped in the middle of each of worker 1's files.
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .expect("the directory")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.to_string_lossy().contains("states-1-of-2.depth-"))
        .collect();
    assert!(!files.is_empty(), "worker 1 saved");
    for file in files {
        let mut bytes = std::fs::read(&file).expect("readable");
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x40;
        std::fs::write(&file, bytes).expect("writable");
    }
    let error = resume("tiles").expect_err("a damaged checkpoint");
    assert!(
        error.to_string().contains("checksum") || error.to_string().contains("corrupt"),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The sliding puzzle's ranks, until a number of batches has been
/// expanded; then a rank out of bounds, which stops the run mid-way.
struct FailingAfter {
    boards: ReachableBoards,
    batches_left: std::sync::atomic::AtomicI64,
}

impl RankedSpace for FailingAfter {
    fn rank_count(&self) -> u64 {
        self.boards.rank_count()
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F) {
        self.neighbours_of_all(&[rank], report);
    }

    fn neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], mut report: F) {
        use std::sync::atomic::Ordering;
        if self.batches_left.fetch_sub(1, Ordering::Relaxed) <= 0 {
            report(self.rank_count());
        }
        self.boards.neighbours_of_all(ranks, report);
    }
}

#[test]
fn the_ranked_engine_resumes_from_its_checkpoint_with_the_in_memory_layers() {
    for ((rows, cols), threads) in [((3, 3), 1), ((3, 3), 2), ((3, 3), 3), ((2, 4), 2)] {
        let context = format!("{rows}x{cols}, {threads} workers");
        let dir = scratch_dir(&format!("ranked-resume-{rows}x{cols}-{threads}"));
        let boards = ReachableBoards::new(&goal_board(rows, cols)).expect("at most 16 cells");
        let start = boards.rank(&goal_board(rows, cols)).expect("the goal is reachable");
        let run = || {
            DistributedEnumeration::new(Workers::threads(threads).expect("threads"))
                .describe("boards")
                .checkpoint(&dir, std::time::Duration::ZERO)
        };
        // Batches of up to 256 ranks: half of the 8-puzzle's.
        let failing = FailingAfter {
            boards: boards.clone(),
            batches_left: i64::try_from(space_size(rows, cols) / 256 / 2).expect("small").into(),
        };
        let mut first_layers = 0;
        let error = run()
            .run(Arc::new(failing), &[start], &mut Run::new().on_progress(|_| first_layers += 1))
            .expect_err("a rank out of bounds stops the run");
        assert!(error.to_string().contains("not below its rank count"), "{context}: {error}");
        assert!(first_layers > 5, "{context}: it stopped after {first_layers} layers");

        let mut reported = Vec::new();
        let layers = run()
            .resume(true)
            .run(Arc::new(boards), &[start], &mut noting(&mut reported))
            .expect("the resumed run finishes");
        let (sizes, deepest) = in_memory(rows, cols);
        assert_eq!(layers.layer_sizes(), sizes, "{context}");
        assert_eq!(layers.deepest(), deepest, "{context}");
        assert_eq!(
            reported,
            running(&sizes),
            "{context}: every layer reported, the restored ones too"
        );
        assert_eq!(std::fs::read_dir(&dir).expect("the directory").count(), 0, "{context}");
        let _ = std::fs::remove_dir(&dir);
    }
}

#[test]
fn the_depth_limit_cuts_both_engines_layers_and_a_resume_goes_on() {
    let (rows, cols, threads) = (3, 3, 2);
    let (sizes, _) = in_memory(rows, cols);
    let boards = Arc::new(ReachableBoards::new(&goal_board(rows, cols)).expect("at most 16 cells"));
    let start = boards.rank(&goal_board(rows, cols)).expect("the goal is reachable");
    for (engine, ranked) in [("ranked", true), ("hashed", false)] {
        let dir = scratch_dir(&format!("depth-{engine}"));
        let run = |resume: bool, limits: Limits| {
            let enumeration = DistributedEnumeration::new(Workers::threads(threads).expect("2"))
                .describe("boards")
                .checkpoint(&dir, std::time::Duration::ZERO)
                .resume(resume);
            let mut run = Run::new().limits(limits);
            let sizes = if ranked {
                enumeration.run(Arc::clone(&boards), &[start], &mut run)
            } else {
                let space = Arc::new(Tiles { rows, cols });
                enumeration.run_hashed(space, &[goal_tiles(rows, cols)], &mut run)
            };
            sizes.map(|layers| layers.layer_sizes().to_vec())
        };
        // Cut at depth 10: the layers to it, and the checkpoint stays.
        let cut = run(false, Limits::new().max_depth(10)).expect(engine);
        assert_eq!(cut, sizes[..11], "{engine}");
        assert!(std::fs::read_dir(&dir).expect("the directory").count() > 0, "{engine}");
        // The radius itself is allowed; one less is not.
        let cut = run(true, Limits::new().max_depth(30)).expect(engine);
        assert_eq!(cut, sizes[..31], "{engine}");
        assert_eq!(run(true, Limits::new().max_depth(31)).expect(engine), sizes, "{engine}");
        assert_eq!(std::fs::read_dir(&dir).expect("the directory").count(), 0, "{engine}");
        let _ = std::fs::remove_dir(&dir);
    }
}
