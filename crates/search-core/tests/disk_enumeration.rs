//! `DiskEnumeration`, delayed duplicate detection on disk: against plain
//! breadth-first search on random directed and undirected graphs, with
//! sort buffers so small that each layer spills to many runs, merged in
//! several passes; the 8-puzzle whole; its directory, limits and files.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use search_core::breadth_first::{DiskEnumeration, Enumeration};
use search_core::space::Undirected;
use search_core::{ErrorKind, Limit, Limits, Run, enumerate, from_fn};

use crate::graphs::{Graph, graph, hashed, reference_distances};

/// The files' buffers a run holds: 20 of 64 KiB.
const FILE_BUFFERS: u64 = 20 << 16;

/// A memory limit that leaves a sort buffer of 4 KiB: about 200 states
/// of 4 bytes a run.
const TINY: u64 = FILE_BUFFERS + (4 << 10);

/// A directory of its own for each call, not made yet.
fn scratch(name: &str) -> PathBuf {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("ddd-{name}-{}-{call}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// What is left in `dir`.
fn left_in(dir: &PathBuf) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().file_name().to_string_lossy().into()).collect())
        .unwrap_or_default()
}

/// The layer sizes and the deepest states (sorted) of plain breadth-first
/// search from `starts`.
fn plain_layers(graph: &Graph, starts: &[u32]) -> (Vec<u64>, Vec<u32>) {
    let distances = reference_distances(graph, starts);
    let radius = distances.iter().flatten().max().copied().unwrap_or(0);
    let mut sizes = vec![0; if starts.is_empty() { 0 } else { radius + 1 }];
    let mut deepest = Vec::new();
    for (node, distance) in distances.iter().enumerate() {
        if let Some(d) = *distance {
            sizes[d] += 1;
            if d == radius {
                deepest.push(node as u32);
            }
        }
    }
    (sizes, deepest)
}

fn sorted_deepest(layers: &Enumeration<u32>) -> Vec<u32> {
    let mut deepest = layers.deepest().to_vec();
    deepest.sort_unstable();
    deepest
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn layers_on_disk_are_those_of_plain_bfs(
        graph in graph(1_500, 3),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
        tiny in any::<bool>(),
    ) {
        let starts: Vec<u32> = picks.iter().map(|pick| pick.index(graph.len()) as u32).collect();
        let limit = if tiny { TINY } else { 64 << 20 };
        let undirected = graph.undirected();
        for (graph, reversible) in [(&graph, false), (&undirected, false), (&undirected, true)] {
            let (sizes, deepest) = plain_layers(graph, &starts);
            let dir = scratch("graphs");
            let mut run = Run::new().limits(Limits::new().max_memory(limit));
            let disk = DiskEnumeration::new(&dir);
            let layers = if reversible {
                disk.run_reversible(&Undirected(hashed(graph)), starts.iter().copied(), &mut run)
            } else {
                disk.run(&hashed(graph), starts.iter().copied(), &mut run)
            }
            .unwrap();
            prop_assert_eq!(layers.layer_sizes(), &sizes[..], "reversible: {}", reversible);
            prop_assert_eq!(sorted_deepest(&layers), deepest);
            prop_assert_eq!(run.stats().stored, sizes.iter().sum::<u64>());
            prop_assert_eq!(run.stats().expanded, sizes.iter().sum::<u64>());
            prop_assert!(left_in(&dir).is_empty(), "{:?}", left_in(&dir));
            let _ = std::fs::remove_dir(&dir);
        }
    }
}

/// The 8-puzzle, its board packed in a `u64` of nine 4-bit cells, the
/// blank 0: a hashed space of 181,440 states.
fn eight_puzzle() -> impl search_core::Reversible<State = u64, Move = ()> {
    /// The cells next to each cell of the 3 x 3 board.
    const NEXT_TO: [&[u64]; 9] = [
        &[1, 3],
        &[0, 2, 4],
        &[1, 5],
        &[0, 4, 6],
        &[1, 3, 5, 7],
        &[2, 4, 8],
        &[3, 7],
        &[4, 6, 8],
        &[5, 7],
    ];
    Undirected(from_fn(|&board: &u64| {
        let blank =
            (0..9u64).find(|&cell| (board >> (4 * cell)).trailing_zeros() >= 4).unwrap_or(0);
        NEXT_TO[blank as usize].iter().map(move |&other| {
            let tile = (board >> (4 * other)) & 0xf;
            board & !(0xf << (4 * other)) | (tile << (4 * blank))
        })
    }))
}

/// The goal `1 2 3 / 4 5 6 / 7 8 .`, cell 0 in the low bits.
const GOAL: u64 = 0x0000_8765_4321;

#[test]
fn the_eight_puzzle_on_disk_has_181440_boards_and_radius_31() {
    let space = eight_puzzle();
    let in_memory = enumerate(&space, [GOAL]).unwrap();
    // A sort buffer of 64 KiB: a layer of 24,000 boards of 8 bytes spills
    // to dozens of runs.
    for (limit, reversible) in
        [(FILE_BUFFERS + (64 << 10), true), (FILE_BUFFERS + (64 << 10), false)]
    {
        let dir = scratch("eight");
        let mut written = 0;
        let mut run = Run::new()
            .limits(Limits::new().max_memory(limit))
            .on_progress(|progress| written = written.max(progress.written));
        let disk = DiskEnumeration::new(&dir);
        let layers = if reversible {
            disk.run_reversible(&space, [GOAL], &mut run)
        } else {
            disk.run(&space, [GOAL], &mut run)
        }
        .unwrap();
        drop(run);
        assert_eq!(layers.states(), 181_440);
        assert_eq!(layers.radius(), 31);
        assert_eq!(layers.layer_sizes(), in_memory.layer_sizes());
        let mut deepest = layers.deepest().to_vec();
        deepest.sort_unstable();
        let mut expected = in_memory.deepest().to_vec();
        expected.sort_unstable();
        assert_eq!(deepest, expected);
        // Each board was written at least once, as 9 bytes with its length.
        assert!(written >= 181_440 * 9, "{written}");
        assert!(left_in(&dir).is_empty());
        let _ = std::fs::remove_dir(&dir);
    }
}

#[test]
fn a_dead_runs_files_are_cleared_and_the_users_left() {
    // No process holds the directory's lock: its `ddd-` files are those
    // of a run that died, which no run can go on from.
    let dir = scratch("dead");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ddd-layer-3"), b"a dead run's").unwrap();
    std::fs::write(dir.join("ddd-lock"), b"4000000000").unwrap();
    std::fs::write(dir.join("notes.txt"), b"the user's").unwrap();
    let ring = from_fn(|&n: &u16| [(n + 1) % 100]);
    let layers = DiskEnumeration::new(&dir).run(&ring, [0], &mut Run::new()).unwrap();
    assert_eq!((layers.states(), layers.radius()), (100, 99));
    assert_eq!(left_in(&dir), ["notes.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_that_cannot_be_made_is_named() {
    let file = scratch("not-a-dir");
    std::fs::write(&file, b"a file").unwrap();
    let ring = from_fn(|&n: &u16| [(n + 1) % 100]);
    let error =
        DiskEnumeration::new(file.join("below")).run(&ring, [0], &mut Run::new()).unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::TableFile { path, .. } if path == &file.join("below")),
        "{error}"
    );
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_depth_bound_ends_the_layers_and_a_resume_goes_deeper() {
    let short = from_fn(|&n: &u32| (n < 10).then_some(n + 1));
    let dir = scratch("depth");
    let mut shallow = Run::new().limits(Limits::new().max_depth(5));
    let layers = DiskEnumeration::new(&dir).run(&short, [0], &mut shallow).unwrap();
    assert_eq!((layers.layer_sizes(), layers.deepest()), (&[1; 6][..], &[5][..]));
    assert!(!layers.is_complete());
    let mut left = left_in(&dir);
    left.sort();
    assert_eq!(left, ["ddd-layer-5", "ddd-manifest", "ddd-seen-5"]);
    // Resumed without the bound, the run goes on to the whole space.
    let layers = DiskEnumeration::new(&dir).resume(true).run(&short, [0], &mut Run::new());
    let layers = layers.unwrap();
    assert_eq!((layers.radius(), layers.is_complete()), (10, true));
    assert!(left_in(&dir).is_empty(), "{:?}", left_in(&dir));
    // Within its depth, a space is enumerated whole.
    let mut deep = Run::new().limits(Limits::new().max_depth(10));
    let layers = DiskEnumeration::new(&dir).run(&short, [0], &mut deep).unwrap();
    assert_eq!((layers.radius(), layers.is_complete()), (10, true));
    let _ = std::fs::remove_dir(&dir);
}

#[test]
fn limits_end_a_run_leaving_its_last_layer_to_resume() {
    let short = from_fn(|&n: &u32| (n < 10).then_some(n + 1));
    let dir = scratch("limits");
    let mut few = Run::new().limits(Limits::new().max_nodes(6));
    let error = DiskEnumeration::new(&dir).run(&short, [0], &mut few).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(6)));
    let mut left = left_in(&dir);
    left.sort();
    assert_eq!(left, ["ddd-layer-6", "ddd-manifest", "ddd-seen-6"]);
    // A new run is refused while they are there, by name.
    let error = DiskEnumeration::new(&dir).run(&short, [0], &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("holds an unfinished enumeration"), "{error}");
    // Resumed, the run goes on from depth 6, and the answer is whole.
    let layers = DiskEnumeration::new(&dir).resume(true).run(&short, [0], &mut Run::new());
    assert_eq!(layers.unwrap(), enumerate(&short, [0]).unwrap());
    assert!(left_in(&dir).is_empty(), "{:?}", left_in(&dir));
    // Nothing to resume is an error that names the directory.
    let error =
        DiskEnumeration::new(&dir).resume(true).run(&short, [0], &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("holds no enumeration to resume"), "{error}");
    // A resume of another kind of run is refused, naming the manifest.
    let line = from_fn(|&n: &u32| [n + 1]);
    let mut few = Run::new().limits(Limits::new().max_nodes(50));
    let error = DiskEnumeration::new(&dir).run(&line, [0], &mut few).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Nodes(50)));
    let error = DiskEnumeration::new(&dir)
        .resume(true)
        .run_reversible(&Undirected(line), [0], &mut Run::new())
        .unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::TableFile { path, .. } if path == &dir.join("ddd-manifest")),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // A limit with no room for a sort buffer is refused before any file.
    let mut small = Run::new().limits(Limits::new().max_memory(1 << 20));
    let error = DiskEnumeration::new(&dir).run(&short, [0], &mut small).unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::TooLarge { limit, .. } if *limit == 1 << 20),
        "{error}"
    );
    let _ = std::fs::remove_dir(&dir);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// A run stopped at any expansion, by an error or as a killed process
    /// stops (a panic: nothing cleaned up, a layer half written), resumes
    /// to the layers of plain breadth-first search.
    #[test]
    fn a_run_stopped_anywhere_resumes_to_the_layers_of_plain_bfs(
        graph in graph(600, 3),
        start in any::<prop::sample::Index>(),
        stop in any::<prop::sample::Index>(),
        killed in any::<bool>(),
    ) {
        let start = start.index(graph.len()) as u32;
        let undirected = graph.undirected();
        for (graph, reversible) in [(&graph, false), (&undirected, false), (&undirected, true)] {
            let (sizes, deepest) = plain_layers(graph, &[start]);
            // A whole run expands every state it reaches once: stop it at
            // one of those expansions.
            let stop_at = stop.index(sizes.iter().sum::<u64>() as usize) as u64 + 1;
            let dir = scratch("stopped");
            let expanded = AtomicU64::new(0);
            let stopping = search_core::try_from_fn(|&n: &u32| {
                if expanded.fetch_add(1, Ordering::Relaxed) + 1 == stop_at {
                    if killed {
                        std::panic::panic_any("killed");
                    }
                    return Err("stopped");
                }
                Ok(graph.adjacency[n as usize].clone())
            });
            let tiny = || Run::new().limits(Limits::new().max_memory(TINY));
            let first = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let disk = DiskEnumeration::new(&dir);
                if reversible {
                    disk.run_reversible(&Undirected(&stopping), [start], &mut tiny()).map(drop)
                } else {
                    disk.run(&stopping, [start], &mut tiny()).map(drop)
                }
            }));
            prop_assert!(matches!(first, Ok(Err(_)) | Err(_)), "the run was not stopped");
            // The first layer's manifest is written before its expansion.
            prop_assert!(dir.join("ddd-manifest").exists(), "{:?}", left_in(&dir));
            let disk = DiskEnumeration::new(&dir).resume(true);
            let layers = if reversible {
                disk.run_reversible(&Undirected(hashed(graph)), [start], &mut tiny())
            } else {
                disk.run(&hashed(graph), [start], &mut tiny())
            }
            .unwrap();
            prop_assert_eq!(layers.layer_sizes(), &sizes[..], "reversible: {}", reversible);
            prop_assert_eq!(sorted_deepest(&layers), deepest);
            prop_assert!(left_in(&dir).is_empty(), "{:?}", left_in(&dir));
            let _ = std::fs::remove_dir(&dir);
        }
    }
}

#[test]
fn no_starts_is_no_layer() {
    let dir = scratch("empty");
    let ring = from_fn(|&n: &u16| [(n + 1) % 100]);
    let layers = DiskEnumeration::new(&dir).run(&ring, [], &mut Run::new()).unwrap();
    assert_eq!(layers, enumerate(&ring, []).unwrap());
    assert!(left_in(&dir).is_empty());
    let _ = std::fs::remove_dir(&dir);
}

#[test]
fn states_of_variable_length_are_told_apart_by_their_bytes() {
    // Words over "ab" of up to 8 letters, a letter added or dropped at
    // the end: 511 words of 9 lengths.
    let words = from_fn(|word: &String| {
        let mut next = Vec::new();
        if word.len() < 8 {
            next.push(format!("{word}a"));
            next.push(format!("{word}b"));
        }
        if !word.is_empty() {
            next.push(word[..word.len() - 1].to_owned());
        }
        next
    });
    let dir = scratch("words");
    let mut run = Run::new().limits(Limits::new().max_memory(TINY));
    let layers = DiskEnumeration::new(&dir).run(&words, [String::new()], &mut run).unwrap();
    assert_eq!(layers.layer_sizes(), [1, 2, 4, 8, 16, 32, 64, 128, 256]);
    let mut deepest = layers.deepest().to_vec();
    deepest.sort();
    let mut expected = enumerate(&words, [String::new()]).unwrap().deepest().to_vec();
    expected.sort();
    assert_eq!(deepest, expected);
    let _ = std::fs::remove_dir(&dir);
}

#[test]
fn a_directory_in_use_is_refused_by_name_and_the_run_in_it_goes_on() {
    use std::sync::Barrier;
    use std::sync::atomic::AtomicBool;
    let dir = scratch("in-use");
    // The first run waits in its first expansion while a second starts.
    let (reached, go, waited) = (Barrier::new(2), Barrier::new(2), AtomicBool::new(false));
    let ring = from_fn(|&n: &u16| {
        if !waited.swap(true, Ordering::Relaxed) {
            reached.wait();
            go.wait();
        }
        [(n + 1) % 100]
    });
    std::thread::scope(|scope| {
        let first = scope.spawn(|| DiskEnumeration::new(&dir).run(&ring, [0], &mut Run::new()));
        reached.wait();
        let plain = from_fn(|&n: &u16| [(n + 1) % 100]);
        let error = DiskEnumeration::new(&dir).run(&plain, [0], &mut Run::new()).unwrap_err();
        go.wait();
        crate::disk::assert_locked_by_this_process(&error, &dir.join("ddd-lock"));
        let layers = first.join().unwrap().unwrap();
        assert_eq!((layers.states(), layers.radius()), (100, 99));
    });
    assert!(left_in(&dir).is_empty(), "{:?}", left_in(&dir));
    std::fs::remove_dir(&dir).unwrap();
}

/// Flips the high bit of the high byte of `state`'s record in the file
/// at `path` (bincode writes a `u16` low byte first).
fn flip_high_bit_of(path: &std::path::Path, state: u16) {
    let mut bytes = std::fs::read(path).unwrap();
    let at = bytes.windows(2).position(|pair| pair == state.to_le_bytes()).unwrap();
    bytes[at + 1] ^= 0x80;
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_bit_flipped_in_a_layer_file_is_refused_by_name_never_read_as_a_state() {
    use std::sync::atomic::AtomicBool;
    // A ring of 1,000: layer d is {d, 1000 - d}. While layer 10 is
    // expanded, one bit of a file the run reads next is flipped: layer 9
    // (run_reversible subtracts it) or every state found (run).
    for (reversible, file, state) in [(true, "ddd-layer-9", 991), (false, "ddd-seen-10", 990)] {
        let dir = scratch("flipped");
        let damaged = AtomicBool::new(false);
        let ring = Undirected(from_fn(|&n: &u16| {
            if n == 10 && !damaged.swap(true, Ordering::Relaxed) {
                flip_high_bit_of(&dir.join(file), state);
            }
            [(n + 1) % 1_000, (n + 999) % 1_000]
        }));
        let mut run = Run::new().limits(Limits::new().max_depth(1_000));
        let disk = DiskEnumeration::new(&dir);
        let result = if reversible {
            disk.run_reversible(&ring, [0], &mut run)
        } else {
            disk.run(&ring, [0], &mut run)
        };
        let error = result.map(|layers| layers.layer_sizes().to_vec()).unwrap_err();
        match error.kind() {
            ErrorKind::TableFile { path, reason } => {
                assert_eq!(path, &dir.join(file));
                assert_eq!(reason, "is damaged: block 0 fails its checksum");
            }
            other => panic!("{file}: {other:?}"),
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
