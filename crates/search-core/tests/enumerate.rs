use proptest::prelude::*;
use search_core::Run;
use search_core::breadth_first::Search;
use search_core::dense::DenseEnumeration;
use search_core::{enumerate, from_fn};

use crate::graphs::{dense, graph, hashed, reference_distances};

/// The layer sizes from `start` and the deepest layer's nodes, in
/// increasing order, by the textbook algorithm.
fn plain_layers(graph: &crate::graphs::Graph, start: u32) -> (Vec<u64>, Vec<u64>) {
    let distances = reference_distances(graph, &[start]);
    let radius = distances.iter().flatten().copied().max().unwrap_or(0);
    let mut sizes = vec![0u64; radius + 1];
    for d in distances.iter().flatten() {
        sizes[*d] += 1;
    }
    let deepest =
        (0..graph.len() as u64).filter(|&n| distances[n as usize] == Some(radius)).collect();
    (sizes, deepest)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn layers_match_plain_bfs(graph in graph(200, 3), pick in any::<prop::sample::Index>()) {
        let start = pick.index(graph.len()) as u32;
        let (expected_sizes, expected_deepest) = plain_layers(&graph, start);
        let radius = expected_sizes.len() - 1;

        for layers in [enumerate(&dense(&graph), [start]).unwrap(), enumerate(&hashed(&graph), [start]).unwrap()] {
            prop_assert_eq!(layers.layer_sizes(), &expected_sizes[..]);
            prop_assert_eq!(layers.radius(), radius);
            let mut deepest: Vec<u64> = layers.deepest().iter().map(|&n| u64::from(n)).collect();
            deepest.sort_unstable();
            prop_assert_eq!(&deepest, &expected_deepest);
        }

        for threads in [1, 2] {
            let layers = DenseEnumeration::new().threads(threads).run(&graph, &[u64::from(start)], &mut Run::new()).unwrap();
            prop_assert_eq!(layers.layer_sizes(), &expected_sizes[..]);
            prop_assert_eq!(layers.deepest(), &expected_deepest[..]);
        }
    }
}

#[test]
fn dense_enumeration_reports_each_layer_and_checks_ranks() {
    // A path of 100_000 ranks, long enough to span many chunks of the table.
    struct Line;
    impl search_core::space::RankedSpace for Line {
        fn rank_count(&self) -> u64 {
            100_000
        }
        fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
            if rank > 0 {
                report(rank - 1);
            }
            if rank + 1 < 100_000 {
                report(rank + 1);
            }
        }
    }
    let mut seen = Vec::new();
    let mut run = Run::new().on_progress(|progress| seen.push((progress.depth, progress.stored)));
    let layers = DenseEnumeration::new().run(&Line, &[50_000], &mut run).unwrap();
    drop(run);
    assert_eq!(layers.states(), 100_000);
    assert_eq!(layers.radius(), 50_000);
    assert_eq!(layers.deepest(), [0]);
    assert_eq!(seen.len(), 50_001);
    assert_eq!(seen[1], (1, 3));

    let error = DenseEnumeration::new().run(&Line, &[100_000], &mut Run::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "state space reported rank 100000, not below its rank count 100000"
    );
    let mut small = Run::new().limits(search_core::Limits::new().max_memory(1_000));
    let error = DenseEnumeration::new().run(&Line, &[0], &mut small).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the state space needs 24.4 KiB of memory, over the limit of 1000 B"
    );
}

#[test]
fn enumeration_of_a_grid_by_hand() {
    // 4x4 grid of points, four directions, from a corner: layer d holds the
    // points with x + y = d.
    let grid = from_fn(|&(x, y): &(i8, i8)| {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|&(x, y)| (0..4).contains(&x) && (0..4).contains(&y))
    });
    let mut search = Search::new();
    let mut run = Run::new();
    let layers = search.enumerate(&grid, [(0, 0)], &mut run).unwrap();
    assert_eq!(layers.layer_sizes(), [1, 2, 3, 4, 3, 2, 1]);
    assert_eq!(layers.deepest(), [(3, 3)]);
    assert_eq!(run.stats().stored, 16);
    assert_eq!(run.stats().max_frontier, 4);
}

/// A space large enough for the table to be split across threads: a ring of
/// 500,000 ranks with a chord from each rank to a pseudo-random other.
struct Chorded;

const CHORDED: u64 = 500_000;

fn chord(rank: u64) -> u64 {
    (rank * 7_919 + 104_729) % CHORDED
}

impl search_core::space::RankedSpace for Chorded {
    fn rank_count(&self) -> u64 {
        CHORDED
    }
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        report((rank + 1) % CHORDED);
        report(chord(rank));
    }
}

#[test]
fn parallel_and_sequential_dense_enumeration_agree_with_the_generic_one() {
    let generic = enumerate(&from_fn(|&r: &u64| [(r + 1) % CHORDED, chord(r)]), [0]).unwrap();
    let mut expected_deepest = generic.deepest().to_vec();
    expected_deepest.sort_unstable();
    for threads in [1, 2] {
        let dense =
            DenseEnumeration::new().threads(threads).run(&Chorded, &[0], &mut Run::new()).unwrap();
        assert_eq!(dense.layer_sizes(), generic.layer_sizes(), "{threads} threads");
        assert_eq!(dense.deepest(), &expected_deepest[..], "{threads} threads");
    }
    assert!(generic.layer_sizes().len() > 5);
}

/// Ranks per chunk of a `LayerTable`'s work (1,024 words of 32 entries).
const CHUNK_RANKS: u64 = 32_768;

/// Four chunks' ranks, as four rows of `CHUNK_RANKS`: steps of 1 and of
/// 1,024 along the ranks, and of a row, so that layers cross from chunk to
/// chunk.
struct Rows;

fn rows_neighbours(rank: u64) -> Vec<u64> {
    let count = 4 * CHUNK_RANKS;
    [1, 1_024, CHUNK_RANKS]
        .into_iter()
        .flat_map(|step| [rank.checked_sub(step), Some(rank + step).filter(|&r| r < count)])
        .flatten()
        .collect()
}

impl search_core::space::RankedSpace for Rows {
    fn rank_count(&self) -> u64 {
        4 * CHUNK_RANKS
    }
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F) {
        rows_neighbours(rank).into_iter().for_each(report);
    }
}

#[test]
fn dense_layers_that_move_between_chunks_are_all_found() {
    // The last rank of the first chunk: the layers spread into the others.
    let start = CHUNK_RANKS - 1;
    let generic = enumerate(&from_fn(|&r: &u64| rows_neighbours(r)), [start]).unwrap();
    let dense = DenseEnumeration::new().run(&Rows, &[start], &mut Run::new()).unwrap();
    assert_eq!(dense.layer_sizes(), generic.layer_sizes());
    assert_eq!(dense.states(), 4 * CHUNK_RANKS);
    assert_eq!(dense.deepest(), generic.deepest());
    // 115,199 - 32,767 is 2 rows, 16 steps of 1,024 and 512 of 1.
    assert_eq!((dense.radius(), dense.deepest()), (530, &[115_199][..]));
}

#[test]
fn a_layer_table_finds_each_layer_in_the_chunks_that_hold_it() {
    use search_core::dense::LayerTable;
    let table = LayerTable::new(0..4 * CHUNK_RANKS, 1 << 20).unwrap();
    let ranks_at = |table: &LayerTable, depth| {
        let mut ranks = Vec::new();
        table.for_each_at(depth, |rank| ranks.push(rank));
        ranks
    };
    table.mark(5, 0).unwrap();
    table.mark(3 * CHUNK_RANKS + 5, 0).unwrap();
    table.begin_layer(1);
    table.mark(CHUNK_RANKS + 5, 1).unwrap();
    // Layer 2 takes layer 0's code: the chunks that held layer 0 no longer
    // hold an entry of it, and a chunk that never held one gains one.
    table.begin_layer(2);
    assert_eq!((table.count_at(2), ranks_at(&table, 2)), (0, vec![]));
    table.mark(2 * CHUNK_RANKS + 5, 2).unwrap();
    assert_eq!(ranks_at(&table, 2), [2 * CHUNK_RANKS + 5]);
    assert_eq!(ranks_at(&table, 1), [CHUNK_RANKS + 5]);
    // A done rank stays seen.
    assert!(!table.mark(5, 2).unwrap());
    // A table read back from bytes finds the same layers.
    let mut bytes = Vec::new();
    table.write_entries(&mut bytes).unwrap();
    let copy = LayerTable::new(0..4 * CHUNK_RANKS, 1 << 20).unwrap();
    copy.read_entries(bytes.as_slice()).unwrap();
    assert_eq!(ranks_at(&copy, 1), [CHUNK_RANKS + 5]);
    assert_eq!(ranks_at(&copy, 2), [2 * CHUNK_RANKS + 5]);
    assert_eq!((copy.count_at(1), copy.count_at(2)), (1, 1));
}

/// Drives `LayerTable`s the way a distributed executor does: the ranks
/// split into `slices` ranges, each table expanding only its own ranks and
/// each neighbour marked in the table that holds it.
fn layers_through_slices(graph: &crate::graphs::Graph, start: u64, slices: u64) -> Vec<u64> {
    use search_core::dense::LayerTable;
    use search_core::space::RankedSpace;
    let count = graph.rank_count();
    let width = count.div_ceil(slices).max(1);
    let tables: Vec<LayerTable> = (0..count)
        .step_by(width as usize)
        .map(|first| LayerTable::new(first..(first + width).min(count), 1 << 20).unwrap())
        .collect();
    let owner = |rank: u64| &tables[(rank / width) as usize];
    assert!(owner(start).mark(start, 0).unwrap());
    let mut sizes = vec![1];
    for depth in 0.. {
        for table in &tables {
            table.begin_layer(depth + 1);
        }
        let mut found = 0;
        for table in &tables {
            let mut frontier = Vec::new();
            table.for_each_at(depth, |rank| frontier.push(rank));
            graph.neighbours_of_all(&frontier, |next| {
                found += u64::from(owner(next).mark(next, depth + 1).unwrap());
            });
        }
        let counted: u64 = tables.iter().map(|table| table.count_at(depth + 1)).sum();
        assert_eq!(counted, found);
        if found == 0 {
            break;
        }
        sizes.push(found);
    }
    sizes
}

proptest! {
    #[test]
    fn layer_tables_split_by_rank_give_the_layers_of_plain_bfs(
        graph in graph(300, 3),
        pick in any::<prop::sample::Index>(),
        slices in 1u64..5,
    ) {
        let start = pick.index(graph.len()) as u32;
        let (expected, _) = plain_layers(&graph, start);
        prop_assert_eq!(layers_through_slices(&graph, u64::from(start), slices), expected);
    }
}

#[test]
fn layer_tables_survive_a_round_trip_through_bytes() {
    use search_core::ErrorKind;
    use search_core::dense::LayerTable;
    let table = LayerTable::new(1_000..1_100, 1 << 10).unwrap();
    for rank in (1_000..1_100).step_by(7) {
        table.mark(rank, 0).unwrap();
    }
    table.begin_layer(1);
    table.mark(1_001, 1).unwrap();
    let mut bytes = Vec::new();
    table.write_entries(&mut bytes).unwrap();
    assert_eq!(bytes.len() as u64, LayerTable::memory_needed(100));
    let copy = LayerTable::new(1_000..1_100, 1 << 10).unwrap();
    copy.read_entries(bytes.as_slice()).unwrap();
    let (mut before, mut after) = (Vec::new(), Vec::new());
    table.for_each_at(0, |rank| before.push(rank));
    copy.for_each_at(0, |rank| after.push(rank));
    assert_eq!(before, after);
    assert_eq!((copy.count_at(0), copy.count_at(1)), (15, 1));
    // A short input is an error, not a half-read table taken for whole.
    assert!(copy.read_entries(&bytes[..10]).is_err());
    // Ranks outside the range are refused by name.
    assert_eq!(
        table.mark(999, 1).unwrap_err().kind(),
        &ErrorKind::RankOutOfBounds { rank: 999, count: 1_100 }
    );
}

proptest! {
    #[test]
    fn parallel_enumeration_gives_the_layers_of_plain_bfs(
        graph in graph(300, 3),
        pick in any::<prop::sample::Index>(),
        threads in 1usize..4,
    ) {
        use search_core::breadth_first::ParallelEnumeration;
        let start = pick.index(graph.len()) as u32;
        let (expected_sizes, expected_deepest) = plain_layers(&graph, start);
        let layers = ParallelEnumeration::new().threads(threads).run(&hashed(&graph), [start], &mut Run::new()).unwrap();
        prop_assert_eq!(layers.layer_sizes(), &expected_sizes[..]);
        let mut deepest: Vec<u64> = layers.deepest().iter().map(|&n| u64::from(n)).collect();
        deepest.sort_unstable();
        prop_assert_eq!(deepest, expected_deepest);
    }
}

#[test]
fn parallel_enumeration_matches_the_sequential_one_on_a_large_space() {
    use search_core::breadth_first::{ParallelEnumeration, par_enumerate};
    // Layers of tens of thousands of states: both passes run in parallel.
    let space = from_fn(|&r: &u64| [(r + 1) % CHORDED, chord(r), (r + CHORDED - 1) % CHORDED]);
    let sequential = enumerate(&space, [0]).unwrap();
    for threads in [1, 2, 3] {
        let parallel =
            ParallelEnumeration::new().threads(threads).run(&space, [0], &mut Run::new()).unwrap();
        assert_eq!(parallel.layer_sizes(), sequential.layer_sizes(), "{threads} threads");
        let mut deepest = parallel.deepest().to_vec();
        let mut expected = sequential.deepest().to_vec();
        deepest.sort_unstable();
        expected.sort_unstable();
        assert_eq!(deepest, expected);
    }
    assert_eq!(par_enumerate(&space, [0, 0, 1]).unwrap().states(), CHORDED);
}

#[test]
fn parallel_enumeration_keeps_its_limits() {
    use search_core::breadth_first::ParallelEnumeration;
    use search_core::{ErrorKind, Limit, Limits};
    let naturals = from_fn(|&n: &u64| [n + 1, n + 2]);
    let error = ParallelEnumeration::new()
        .run(&naturals, [0], &mut Run::new().limits(Limits::new().max_states(10_000)))
        .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(10_000)));
    let error = ParallelEnumeration::new()
        .run(&naturals, [0], &mut Run::new().limits(Limits::new().max_memory(1 << 16)))
        .unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Memory(1 << 16)));
    // A line of three states is searched whole within a depth bound of 2,
    // and cut short by one of 1: the policy of every breadth-first search.
    let line = from_fn(|&n: &u8| (n < 2).then_some(n + 1));
    let within = ParallelEnumeration::new().run(
        &line,
        [0],
        &mut Run::new().limits(Limits::new().max_depth(2)),
    );
    assert_eq!(within.unwrap().radius(), 2);
    let past = ParallelEnumeration::new().run(
        &line,
        [0],
        &mut Run::new().limits(Limits::new().max_depth(1)),
    );
    let past = past.unwrap();
    assert_eq!(
        (past.layer_sizes(), past.deepest(), past.is_complete()),
        (&[1, 1][..], &[1][..], false)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// An enumeration stopped after any layer and resumed from its
    /// checkpoint ends with the layers of one that never stopped.
    #[test]
    fn an_interrupted_enumeration_resumes_from_its_checkpoint(
        graph in graph(300, 3),
        pick in any::<prop::sample::Index>(),
        stop_after in 0usize..12,
    ) {

        use std::time::Duration;
        let start = u64::from(pick.index(graph.len()) as u32);
        let whole = DenseEnumeration::new().run(&graph, &[start], &mut Run::new()).unwrap();
        let dir = std::env::temp_dir().join(format!(
            "search-core-test-checkpoint-{}-{stop_after}",
            std::process::id()
        ));
        let path = dir.join("enumeration.checkpoint");
        let saving = DenseEnumeration::new().disk(&dir, "a random graph", Duration::ZERO);
        // Stopped by a cancel after layer `stop_after`: the checkpoint stays.
        let cancel = search_core::run::CancelHandle::new();
        let stop = cancel.clone();
        let mut stopping = Run::new()
            .cancel_with(cancel)
            .on_progress(move |progress| if progress.depth >= stop_after { stop.cancel() });
        match saving.run(&graph, &[start], &mut stopping) {
            // It ended before the cancel, and left no checkpoint.
            Ok(first) => {
                prop_assert_eq!(first.layer_sizes(), whole.layer_sizes());
                prop_assert!(!path.exists());
            }
            Err(_) if path.exists() => {
                let resumed = saving.clone().resume(true).run(&graph, &[start], &mut Run::new()).unwrap();
                prop_assert_eq!(resumed.layer_sizes(), whole.layer_sizes());
                prop_assert_eq!(resumed.deepest(), whole.deepest());
                // Finished, the resumed run removed it.
                prop_assert!(!path.exists());
            }
            // Stopped at the starts: no layer ended, so none was saved.
            Err(_) => prop_assert_eq!(stop_after, 0),
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_checkpoint_of_another_space_or_a_damaged_one_is_refused() {
    use search_core::ErrorKind;
    use std::time::Duration;
    let dir = std::env::temp_dir().join(format!("search-core-test-refused-{}", std::process::id()));
    let path = dir.join("enumeration.checkpoint");
    let saving = DenseEnumeration::new().disk(&dir, "chorded", Duration::ZERO);
    // Cancelled after its first layer, a run leaves its checkpoint.
    let cancel = search_core::run::CancelHandle::new();
    let stop = cancel.clone();
    let mut stopped = Run::new().cancel_with(cancel).on_progress(move |p| {
        if p.depth == 1 {
            stop.cancel();
        }
    });
    saving.run(&Chorded, &[0], &mut stopped).unwrap_err();
    let reason = |enumeration: DenseEnumeration| match enumeration
        .resume(true)
        .run(&Chorded, &[0], &mut Run::new())
        .unwrap_err()
        .kind()
    {
        ErrorKind::TableFile { reason, .. } => reason.clone(),
        other => panic!("{other:?}"),
    };
    let other = DenseEnumeration::new().disk(&dir, "another space", Duration::ZERO);
    assert_eq!(reason(other), "holds \"chorded\", not \"another space\"");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(reason(saving.clone()), "fails its checksum: the file is corrupt");
    std::fs::write(&path, &bytes[..middle]).unwrap();
    assert_eq!(reason(saving.clone()), format!("is {middle} bytes: truncated"));
    std::fs::remove_file(&path).unwrap();
    assert_eq!(reason(saving), "holds no enumeration to resume");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_layer_table_saves_its_layers_without_marks_of_the_next_one_begun_early() {
    use search_core::dense::LayerTable;
    let path =
        std::env::temp_dir().join(format!("search-core-test-early-{}.bin", std::process::id()));
    let table = LayerTable::new(0..64, 1 << 10).unwrap();
    table.mark(0, 0).unwrap();
    table.begin_layer(1);
    table.mark(1, 1).unwrap();
    table.mark(2, 1).unwrap();
    // Layer 2 begun and marked before layer 1 was counted and saved, as a
    // faster worker of a distributed run can; begun twice, as the two
    // places that may begin it do.
    table.begin_layer(2);
    table.begin_layer(2);
    table.mark(3, 2).unwrap();
    table.save(&path, "line", &[1, 2]).unwrap();

    let restored = LayerTable::new(0..64, 1 << 10).unwrap();
    assert_eq!(restored.load(&path, "line").unwrap(), [1, 2]);
    assert_eq!((restored.count_at(1), restored.count_at(2)), (2, 0));
    // The restored table goes on from layer 1: rank 3 is new at depth 2,
    // and rank 0, done, is not.
    restored.begin_layer(2);
    assert!(restored.mark(3, 2).unwrap());
    assert!(!restored.mark(0, 2).unwrap());
    assert_eq!(restored.count_at(2), 1);

    // Two layers past what is saved cannot be told apart: refused.
    table.begin_layer(3);
    let error = table.save(&path, "line", &[1, 2]).unwrap_err();
    assert!(error.to_string().contains("layer 3 is begun, past the 2 layers given"), "{error}");
    std::fs::remove_file(&path).unwrap();
}

use std::sync::atomic::{AtomicU32, Ordering};

/// A space whose steps of one rank follow a [`search_core::space::RankSteps`]
/// pattern, with a few other edges from each rank; `by_steps` says whether
/// it names the steps to the table or reports them with the others.
struct Stepped {
    steps: search_core::space::RankSteps,
    others: Vec<Vec<u64>>,
    by_steps: bool,
}

impl Stepped {
    /// The pattern of `period`, `down` and `up` over `others.len()` ranks,
    /// less the steps that would leave the ranks: none down from the first
    /// residue, none up from the last, and the rank count is a multiple of
    /// the period.
    fn new(period: u32, down: u64, up: u64, others: Vec<Vec<u64>>) -> Stepped {
        assert_eq!(others.len() as u64 % u64::from(period), 0);
        let steps =
            search_core::space::RankSteps::new(period, down & !1, up & !(1 << (period - 1)));
        Stepped { steps, others, by_steps: true }
    }

    fn all_neighbours(&self, rank: u64) -> Vec<u64> {
        let mut all = self.others[rank as usize].clone();
        if self.steps.steps_down(rank) {
            all.push(rank - 1);
        }
        if self.steps.steps_up(rank) {
            all.push(rank + 1);
        }
        all
    }
}

impl search_core::space::RankedSpace for Stepped {
    fn rank_count(&self) -> u64 {
        self.others.len() as u64
    }
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F) {
        self.all_neighbours(rank).into_iter().for_each(report);
    }
    fn word_steps(&self) -> Option<impl search_core::space::WordSteps + '_> {
        self.by_steps.then_some(self)
    }
}

impl search_core::space::WordSteps for &Stepped {
    fn rank_steps(&self) -> search_core::space::RankSteps {
        self.steps
    }
    fn other_neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], mut report: F) {
        for &rank in ranks {
            self.others[rank as usize].iter().copied().for_each(&mut report);
        }
    }
}

/// The layers of `space` from `start`, by the generic hashed enumeration.
fn stepped_reference(space: &Stepped, start: u64) -> search_core::breadth_first::Enumeration<u64> {
    enumerate(&from_fn(|&rank: &u64| space.all_neighbours(rank)), [start]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn steps_marked_a_word_at_a_time_give_the_layers_of_plain_bfs(
        period in 1u32..=64,
        words in 1u64..40,
        down in any::<u64>(),
        up in any::<u64>(),
        seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
    ) {
        // A count that rarely fills its last word, and sparse other edges,
        // so that the layers lean on the steps.
        let count = (words * 32 / u64::from(period)).max(1) * u64::from(period);
        let others: Vec<Vec<u64>> = (0..count)
            .map(|rank| {
                let mixed = (rank ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                if mixed >> 60 == 0 { vec![(mixed >> 20) % count] } else { vec![] }
            })
            .collect();
        let mut space = Stepped::new(period, down, up, others);
        let start = pick.index(count as usize) as u64;
        let expected = stepped_reference(&space, start);
        let mut expected_deepest = expected.deepest().to_vec();
        expected_deepest.sort_unstable();
        for by_steps in [true, false] {
            space.by_steps = by_steps;
            for threads in [1, 2] {
                let layers = DenseEnumeration::new().threads(threads).run(&space, &[start], &mut Run::new()).unwrap();
                prop_assert_eq!(layers.layer_sizes(), expected.layer_sizes());
                prop_assert_eq!(layers.deepest(), &expected_deepest[..]);
            }
        }
    }
}

#[test]
fn steps_across_chunks_on_two_threads_give_the_layers_of_plain_bfs() {
    // The 2x7 puzzle's shape: a period of 14 with no step left from its
    // first column or right from its last, over eight chunks. Other edges
    // lead from each row's end to the next row, from the last rank to the
    // first (so every rank is reached), and from one rank in eight to a
    // pseudo-random other.
    let count = 8 * CHUNK_RANKS / 14 * 14;
    let row = 0b011_1111u64;
    let (left, right) = (row << 1 | row << 8, row | row << 7);
    let others = (0..count)
        .map(|rank| {
            let mut others =
                vec![(rank + 1) % count].into_iter().filter(|_| rank % 7 == 6).collect::<Vec<_>>();
            if rank % 8 == 3 {
                others.push((rank * 7_919 + 104_729) % count);
            }
            others
        })
        .collect();
    let space = Stepped::new(14, left, right, others);
    // Each rank's depth, as the visitor is told it: the step marks call it
    // too.
    let depths: Vec<AtomicU32> = (0..count).map(|_| AtomicU32::new(u32::MAX)).collect();
    let start = count / 2;
    let layers = DenseEnumeration::new()
        .threads(2)
        .run_visiting(
            &space,
            &[start],
            |rank, depth| {
                let before = depths[rank as usize].swap(depth as u32, Ordering::Relaxed);
                assert_eq!(before, u32::MAX, "rank {rank} visited twice");
            },
            &mut Run::new(),
        )
        .unwrap();
    let expected = stepped_reference(&space, start);
    assert_eq!(layers.layer_sizes(), expected.layer_sizes());
    assert_eq!(layers.states(), count);
    let mut visited_sizes = vec![0u64; layers.radius() + 1];
    for depth in depths.iter().map(|depth| depth.load(Ordering::Relaxed)) {
        visited_sizes[depth as usize] += 1;
    }
    assert_eq!(visited_sizes, expected.layer_sizes());
}

#[test]
fn a_step_out_of_a_table_slice_is_an_error() {
    use search_core::ErrorKind;
    use search_core::dense::LayerTable;
    // Every rank steps up, so the last of the slice steps past its end,
    // inside the table's last word.
    let space = Stepped {
        steps: search_core::space::RankSteps::new(1, 0, 1),
        others: vec![vec![]; 100],
        by_steps: true,
    };
    let table = LayerTable::new(10..50, 1 << 10).unwrap();
    table.mark(49, 0).unwrap();
    let error = table.expand_layer(&space, 0, |_, _| {}, false).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::RankOutOfBounds { rank: 50, .. }), "{error}");
    // From the last rank of a word, the step leaves the word.
    let table = LayerTable::new(10..42, 1 << 10).unwrap();
    table.mark(41, 0).unwrap();
    let error = table.expand_layer(&space, 0, |_, _| {}, false).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::RankOutOfBounds { rank: 42, .. }), "{error}");
    // Within the slice, the step is marked.
    let table = LayerTable::new(10..50, 1 << 10).unwrap();
    table.mark(20, 0).unwrap();
    assert_eq!(table.expand_layer(&space, 0, |_, _| {}, false).unwrap(), 1);
    let mut next = Vec::new();
    table.for_each_at(1, |rank| next.push(rank));
    assert_eq!(next, [21]);
}
