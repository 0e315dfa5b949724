//! The disk tier of `DenseEnumeration`: tables of many parts, in memory
//! limits of a few dozen bytes, against the in-memory engine and plain
//! breadth-first search; resumes, damaged files, and the contract.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use proptest::prelude::*;
use search_core::dense::DenseEnumeration;
use search_core::run::CancelHandle;
use search_core::space::RankedSpace;
use search_core::{Error, ErrorKind, Limits, Run};

use crate::graphs::{graph, plain_layers, reference_distances};

/// A manifest at each layer's end.
const EVERY_LAYER: Duration = Duration::ZERO;

/// A directory of its own for each test and case, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("search-core-disk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The names of the files in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// A run whose tables may take `bytes`.
fn within(bytes: u64) -> Run<'static> {
    Run::new().limits(Limits::new().max_memory(bytes))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Directed and undirected graphs of up to 1,500 nodes in parts of 32
    /// to 1,344 ranks, the marks between them spilled to files at once or
    /// held in memory, on one thread and on two.
    #[test]
    fn layers_on_disk_are_those_of_plain_bfs(
        graph in graph(1_500, 3),
        undirected in any::<bool>(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
        memory in prop::sample::select(vec![24u64, 40, 128, 256, 1_024]),
        threads in 1usize..=2,
    ) {
        let graph = if undirected { graph.undirected() } else { graph };
        let starts: Vec<u32> = picks.iter().map(|pick| pick.index(graph.len()) as u32).collect();
        let (sizes, deepest) = plain_layers(&graph, &starts);
        let dir = scratch(&format!("layers-{memory}-{threads}"));
        let ranks: Vec<u64> = starts.iter().map(|&start| u64::from(start)).collect();
        let visits = Mutex::new(vec![None; graph.len()]);
        let visit = |rank: u64, depth: usize| {
            let mut visits = visits.lock().unwrap();
            assert_eq!(visits[rank as usize], None, "rank {rank} visited twice");
            visits[rank as usize] = Some(depth);
        };
        let layers = DenseEnumeration::new()
            .threads(threads)
            .disk(&dir, "a random graph", EVERY_LAYER)
            .run_visiting(&graph, &ranks, visit, &mut within(memory))
            .unwrap();
        prop_assert_eq!(layers.layer_sizes(), &sizes[..]);
        prop_assert_eq!(layers.deepest(), &deepest[..]);
        prop_assert_eq!(visits.into_inner().unwrap(), reference_distances(&graph, &starts));
        // Finished, the run leaves nothing behind.
        prop_assert_eq!(files_in(&dir), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A run stopped after any layer resumes from the last one it
    /// finished, and ends as a run that never stopped.
    #[test]
    fn a_stopped_run_resumes_from_its_last_finished_layer(
        graph in graph(800, 3),
        pick in any::<prop::sample::Index>(),
        stop_at in 0usize..10,
    ) {
        let graph = graph.undirected();
        let start = pick.index(graph.len()) as u64;
        let whole = DenseEnumeration::new().run(&graph, &[start], &mut Run::new()).unwrap();
        let dir = scratch(&format!("resume-{stop_at}"));
        let on_disk = DenseEnumeration::new().threads(1).disk(&dir, "a random graph", EVERY_LAYER);
        let cancel = CancelHandle::new();
        let stop = cancel.clone();
        let mut stopping = within(64)
            .cancel_with(cancel)
            .on_progress(move |progress| if progress.depth >= stop_at { stop.cancel() });
        let resumed = match on_disk.run(&graph, &[start], &mut stopping) {
            Ok(finished) => finished,
            // A table that fits the limit ran in memory, saved whole at
            // each layer's end: it resumes from that, or, stopped before
            // its first layer ended, has nothing to resume, which a
            // resume says.
            Err(error) if !dir.join("enumeration.manifest").exists() => {
                prop_assert_eq!(error.kind(), &ErrorKind::Cancelled);
                prop_assert!(DenseEnumeration::memory_needed(graph.len() as u64) <= 64);
                let resuming = on_disk.clone().resume(true);
                if dir.join("enumeration.checkpoint").exists() {
                    resuming.run(&graph, &[start], &mut within(64)).unwrap()
                } else {
                    let error = resuming.run(&graph, &[start], &mut within(64)).unwrap_err();
                    prop_assert!(error.to_string().ends_with("holds no enumeration to resume"));
                    on_disk.run(&graph, &[start], &mut within(64)).unwrap()
                }
            }
            Err(error) => {
                prop_assert_eq!(error.kind(), &ErrorKind::Cancelled);
                let restored = Mutex::new(Vec::new());
                let resumed = on_disk
                    .clone()
                    .resume(true)
                    .run_until(
                        &graph,
                        &[start],
                        |depth, size| {
                            restored.lock().unwrap().push((depth, size));
                            std::ops::ControlFlow::Continue(())
                        },
                        |_, _| {},
                        &mut within(64),
                    )
                    .unwrap();
                // Every layer is told of once, the restored ones first.
                let told: Vec<u64> = restored.into_inner().unwrap().into_iter().map(|(_, size)| size).collect();
                prop_assert_eq!(&told[..], whole.layer_sizes());
                resumed
            }
        };
        prop_assert_eq!(resumed.layer_sizes(), whole.layer_sizes());
        prop_assert_eq!(resumed.deepest(), whole.deepest());
        prop_assert_eq!(files_in(&dir), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A line of `len` ranks, each joined to the next and the one before.
struct Line(u64);

impl RankedSpace for Line {
    fn rank_count(&self) -> u64 {
        self.0
    }
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        if rank + 1 < self.0 {
            report(rank + 1);
        }
        if rank > 0 {
            report(rank - 1);
        }
    }
}

/// A line stopped by a cancel at layer `depth`, its directory left as the
/// cancel found it.
fn stopped_line(dir: &Path, depth: usize) -> Error {
    let cancel = CancelHandle::new();
    let stop = cancel.clone();
    let mut run = within(64).cancel_with(cancel).on_progress(move |p| {
        if p.depth == depth {
            stop.cancel();
        }
    });
    DenseEnumeration::new()
        .disk(dir, "a line", EVERY_LAYER)
        .run(&Line(2_000), &[0], &mut run)
        .unwrap_err()
}

#[test]
fn a_directory_with_an_unfinished_run_is_refused_until_it_is_resumed() {
    let dir = scratch("unfinished");
    assert_eq!(stopped_line(&dir, 100).kind(), &ErrorKind::Cancelled);
    let config = DenseEnumeration::new().disk(&dir, "a line", EVERY_LAYER);
    let error = config.run(&Line(2_000), &[0], &mut within(64)).unwrap_err();
    assert!(error.to_string().contains("holds an unfinished enumeration"), "{error}");
    // Where the table would fit in memory, too: the run is not lost.
    let error = config.run(&Line(2_000), &[0], &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("holds an unfinished enumeration"), "{error}");
    // Another space's run is refused by name.
    let other = DenseEnumeration::new().disk(&dir, "a ring", EVERY_LAYER).resume(true);
    let error = other.run(&Line(2_000), &[0], &mut within(64)).unwrap_err();
    assert!(error.to_string().ends_with("holds \"a line\", not \"a ring\""), "{error}");
    let layers = config.resume(true).run(&Line(2_000), &[0], &mut within(64)).unwrap();
    assert_eq!((layers.radius(), layers.deepest()), (1_999, &[1_999][..]));
    assert_eq!(files_in(&dir), Vec::<String>::new());
    // Nothing to resume is an error too, where the table needs the disk.
    let error = DenseEnumeration::new()
        .disk(&dir, "a line", EVERY_LAYER)
        .resume(true)
        .run(&Line(2_000), &[0], &mut within(64))
        .unwrap_err();
    assert!(error.to_string().ends_with("holds no enumeration to resume"), "{error}");
    let resume = DenseEnumeration::new().disk(&dir, "a line", EVERY_LAYER).resume(true);
    let error = resume.run(&Line(2_000), &[0], &mut Run::new()).unwrap_err();
    assert!(error.to_string().ends_with("holds no enumeration to resume"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_part_file_is_refused_by_name_and_no_finished_layer_is_lost() {
    let dir = scratch("damaged");
    assert_eq!(stopped_line(&dir, 500).kind(), &ErrorKind::Cancelled);
    // Every part file damaged: the next layer reads one of them.
    let parts: Vec<String> =
        files_in(&dir).into_iter().filter(|name| name.starts_with("part-")).collect();
    assert!(parts.len() > 4, "{parts:?}");
    let mut kept = Vec::new();
    for part in &parts {
        let bytes = std::fs::read(dir.join(part)).unwrap();
        // The last byte of the table, before the checksum.
        let mut damaged = bytes.clone();
        let last = damaged.len() - 9;
        damaged[last] ^= 0x10;
        std::fs::write(dir.join(part), &damaged).unwrap();
        kept.push(bytes);
    }
    let config = DenseEnumeration::new().disk(&dir, "a line", EVERY_LAYER).resume(true);
    let error = config.run(&Line(2_000), &[0], &mut within(64)).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::TableFile { .. }), "{error}");
    assert!(parts.iter().any(|part| error.to_string().contains(part.as_str())), "{error}");
    assert!(error.to_string().ends_with("fails its checksum: the file is corrupt"), "{error}");
    // The failed run changed nothing the manifest names: with the parts
    // mended, the run goes on from where it stopped.
    for (part, bytes) in parts.iter().zip(&kept) {
        std::fs::write(dir.join(part), bytes).unwrap();
    }
    let told = AtomicU64::new(0);
    let layers = config
        .run_until(
            &Line(2_000),
            &[0],
            |_, _| {
                told.fetch_add(1, Ordering::Relaxed);
                std::ops::ControlFlow::Continue(())
            },
            |_, _| {},
            &mut within(64),
        )
        .unwrap();
    assert_eq!(layers.layer_sizes(), [1u64; 2_000]);
    assert_eq!(told.into_inner(), 2_000);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_that_cannot_be_made_is_a_clear_error() {
    let file = scratch("not-a-dir");
    std::fs::write(&file, b"a file").unwrap();
    let config = DenseEnumeration::new().disk(file.join("below"), "a line", EVERY_LAYER);
    let error = config.run(&Line(2_000), &[0], &mut within(64)).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::TableFile { .. }), "{error}");
    assert!(error.to_string().contains("cannot be made a directory"), "{error}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_limit_too_small_for_the_parts_is_refused() {
    // 2^40 ranks in parts of 32: far more parts than a run keeps.
    struct Huge;
    impl RankedSpace for Huge {
        fn rank_count(&self) -> u64 {
            1 << 40
        }
        fn neighbours<F: FnMut(u64)>(&self, _: u64, _: F) {}
    }
    let dir = scratch("huge");
    let config = DenseEnumeration::new().disk(&dir, "huge", EVERY_LAYER);
    for limit in [8, 4_096] {
        let error = config.run(&Huge, &[0], &mut within(limit)).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::TooLarge { .. }), "{error}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_that_fits_its_limit_stays_in_memory() {
    let dir = scratch("fits");
    let layers = DenseEnumeration::new().disk(&dir, "a line", EVERY_LAYER).run(
        &Line(2_000),
        &[0],
        &mut Run::new(),
    );
    assert_eq!(layers.unwrap().radius(), 1_999);
    // Its checkpoints were of the whole table; finished, it removed them.
    assert_eq!(files_in(&dir), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A line that fails once it has been asked for 300 ranks.
struct Failing(AtomicU64, Mutex<Option<Error>>);
impl RankedSpace for Failing {
    fn rank_count(&self) -> u64 {
        2_000
    }
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F) {
        if self.0.fetch_add(1, Ordering::Relaxed) == 300 {
            *self.1.lock().unwrap() = Some(Error::space_failed("the space broke"));
        }
        Line(2_000).neighbours(rank, report);
    }
    fn failure(&self) -> Option<Error> {
        self.1.lock().unwrap().take()
    }
}

/// The contract of every search, for the disk tier: the depth limit, a
/// cancel before it begins and one from its progress, progress with the
/// bytes of disk, the space's failure, and a bad start.
#[test]
fn a_disk_enumeration_keeps_the_contract() {
    let dir = scratch("contract");
    let config = DenseEnumeration::new().threads(2).disk(&dir, "a line", EVERY_LAYER);
    let line = Line(2_000);
    let mut deep = Run::new().limits(Limits::new().max_memory(64).max_depth(5));
    let layers = config.run(&line, &[0], &mut deep).unwrap();
    assert_eq!((layers.layer_sizes(), layers.deepest()), (&[1; 6][..], &[5][..]));
    assert!(!layers.is_complete());
    std::fs::remove_dir_all(&dir).unwrap();

    let mut cancelled = within(64);
    cancelled.cancel_handle().cancel();
    assert_eq!(config.run(&line, &[0], &mut cancelled).unwrap_err().kind(), &ErrorKind::Cancelled);
    let _ = std::fs::remove_dir_all(&dir);

    let reports = Mutex::new(Vec::new());
    let mut watched = within(64).on_progress(|p| reports.lock().unwrap().push(*p));
    config.run(&line, &[0], &mut watched).unwrap();
    assert_eq!(watched.stats().expanded, 2_000);
    drop(watched);
    let reports = reports.into_inner().unwrap();
    assert_eq!(reports.len(), 2_000);
    let last = reports[reports.len() - 1];
    // 2,000 ranks in parts of 128: 16 files a layer at the most, and the
    // first layers touch one.
    assert!(last.read > 0 && last.written > last.read / 2, "{last:?}");
    assert!(reports.windows(2).all(|w| w[0].written <= w[1].written && w[0].depth < w[1].depth));

    let bad = config.run(&line, &[2_000], &mut within(64)).unwrap_err();
    assert_eq!(bad.kind(), &ErrorKind::RankOutOfBounds { rank: 2_000, count: 2_000 });
    let _ = std::fs::remove_dir_all(&dir);

    let failing = Failing(AtomicU64::new(0), Mutex::new(None));
    let error = config.run(&failing, &[0], &mut within(64)).unwrap_err();
    assert!(error.to_string().contains("the space broke"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_first_manifest_is_written_at_the_first_layers_end() {
    // With an hour between manifests, a run stopped at layer 3 still
    // leaves one (the first comes at the first layer's end, the gaps
    // doubling up to the hour), and the resumed run restores its layers.
    let dir = scratch("first-manifest");
    let hour = Duration::from_secs(3_600);
    let cancel = CancelHandle::new();
    let stop = cancel.clone();
    let mut run = within(64).cancel_with(cancel).on_progress(move |p| {
        if p.depth == 3 {
            stop.cancel();
        }
    });
    let config = DenseEnumeration::new().disk(&dir, "a line", hour);
    let error = config.run(&Line(2_000), &[0], &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::Cancelled);
    assert!(files_in(&dir).contains(&"enumeration.manifest".to_owned()), "{:?}", files_in(&dir));
    let restored = AtomicU64::new(0);
    let layers = config
        .resume(true)
        .run_until(
            &Line(2_000),
            &[0],
            |_, _| {
                restored.fetch_add(1, Ordering::Relaxed);
                std::ops::ControlFlow::Continue(())
            },
            |_, _| {},
            &mut within(64),
        )
        .unwrap();
    assert_eq!(layers.layer_sizes(), [1u64; 2_000]);
    assert_eq!(restored.into_inner(), 2_000);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Asserts that `error` refuses a run because this process holds `lock`,
/// and says so: both disk tiers lock their directories alike.
pub(crate) fn assert_locked_by_this_process(error: &search_core::Error, lock: &std::path::Path) {
    match error.kind() {
        ErrorKind::TableFile { path, reason } => {
            assert_eq!(path, lock);
            let pid = std::process::id();
            assert!(reason.starts_with(&format!("is locked by another run (process {pid})")));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_directory_in_use_is_refused_by_name_and_the_run_in_it_goes_on() {
    use std::sync::Barrier;
    use std::sync::atomic::AtomicBool;
    let dir = scratch("in-use");
    // The first run waits at its first rank of depth 5 while a second
    // starts in its directory.
    let (reached, go, waited) = (Barrier::new(2), Barrier::new(2), AtomicBool::new(false));
    let config = DenseEnumeration::new().disk(&dir, "a line", Duration::from_secs(3_600));
    std::thread::scope(|scope| {
        let first = scope.spawn(|| {
            let wait = |_, depth| {
                if depth == 5 && !waited.swap(true, Ordering::Relaxed) {
                    reached.wait();
                    go.wait();
                }
            };
            config.run_visiting(&Line(2_000), &[0], wait, &mut within(64))
        });
        reached.wait();
        let error = config.run(&Line(2_000), &[0], &mut within(64)).unwrap_err();
        go.wait();
        assert_locked_by_this_process(&error, &dir.join("enumeration.lock"));
        let layers = first.join().unwrap().unwrap();
        assert_eq!(layers.layer_sizes(), [1u64; 2_000]);
    });
    assert_eq!(files_in(&dir), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_larger_than_the_free_space_is_refused_before_it_is_written() {
    // 2^56 ranks: a table of 16 PiB, in parts of 1 GiB.
    struct Vast;
    impl RankedSpace for Vast {
        fn rank_count(&self) -> u64 {
            1 << 56
        }
        fn neighbours<F: FnMut(u64)>(&self, _: u64, _: F) {}
    }
    let dir = scratch("vast");
    let config = DenseEnumeration::new().disk(&dir, "vast", EVERY_LAYER);
    let error = config.run(&Vast, &[0], &mut within(3 << 30)).unwrap_err();
    let text = error.to_string();
    assert!(matches!(error.kind(), ErrorKind::TableFile { path, .. } if path == &dir), "{text}");
    assert!(text.contains(" free, but the table needs 16.0 PiB"), "{text}");
    assert_eq!(files_in(&dir), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resumed_run_names_the_limits_it_was_given() {
    // Stopped at layer 6 with parts of 64 bytes' limit (16 bytes each).
    let dir = scratch("given-limits");
    assert_eq!(stopped_line(&dir, 6).kind(), &ErrorKind::Cancelled);
    let config = DenseEnumeration::new().disk(&dir, "a line", EVERY_LAYER).resume(true);
    let mut shallow = Run::new().limits(Limits::new().max_memory(64).max_depth(2));
    let error = config.run(&Line(2_000), &[0], &mut shallow).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::ResumedPastDepth { reached: 6, max_depth: 2 });
    assert!(error.to_string().contains("had reached depth 6 already, past the depth limit of 2"));
    let error = config.run(&Line(2_000), &[0], &mut within(24)).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::TooLarge { limit: 24, .. }), "{error}");
    let layers = config.run(&Line(2_000), &[0], &mut within(64)).unwrap();
    assert_eq!(layers.layer_sizes(), [1u64; 2_000]);
    let _ = std::fs::remove_dir_all(&dir);
}
