//! A process of a cluster that fails ends the run on every process, with
//! an error that says why: the processes here are threads of the test
//! binary, each with a `Workers::cluster` of its own on 127.0.0.1.

use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use search_core::space::RankedSpace;
use search_core::{Limits, Run, from_fn};
use search_dist::{DistributedEnumeration, Error, ErrorKind, Workers};

/// A guard against a hang, not a bound on speed: a run here takes well
/// under a second.
const DEADLINE: Duration = Duration::from_secs(120);

/// A ring of 1,000 ranks: 501 layers, so that a failure comes mid-run.
struct Ring;

impl RankedSpace for Ring {
    fn rank_count(&self) -> u64 {
        1_000
    }
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        report((rank + 1) % 1_000);
        report((rank + 999) % 1_000);
    }
}

/// The addresses of `count` ports on 127.0.0.1 that were free a moment
/// ago: below Linux's ephemeral ports (32,768 and up), and apart from the
/// ports of the crate's unit tests and of the CLI's tests (20,000 and
/// up), spread by process id.
fn free_addresses(count: usize) -> Vec<String> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let spread = std::process::id() % 1_000 * 10;
    let mut addresses = Vec::new();
    while addresses.len() < count {
        let offset = (spread + NEXT.fetch_add(1, Ordering::Relaxed)) % 10_000;
        let address = format!("127.0.0.1:{}", 8_000 + offset);
        if TcpListener::bind(address.as_str()).is_ok() {
            addresses.push(address);
        }
    }
    addresses
}

/// A directory of this test's own, empty.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("search-dist-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
    dir
}

/// Runs `process(index, addresses)` for each process of a cluster of two,
/// each on a thread, and returns their outcomes in process order once both
/// have ended; fails if one has not ended by [`DEADLINE`]. Starts again on
/// other ports when one was taken before a process could bind it.
fn two_processes<T, F>(process: F) -> [Result<T, Error>; 2]
where
    T: Send + 'static,
    F: Fn(usize, Vec<String>) -> Result<T, Error> + Send + Sync + 'static,
{
    let process = Arc::new(process);
    for _ in 0..5 {
        let addresses = free_addresses(2);
        let (sender, outcomes) = mpsc::channel();
        for index in 0..2 {
            let (process, addresses, sender) =
                (Arc::clone(&process), addresses.clone(), sender.clone());
            std::thread::spawn(move || {
                let _ = sender.send((index, process(index, addresses)));
            });
        }
        let deadline = Instant::now() + DEADLINE;
        let mut ended: [Option<Result<T, Error>>; 2] = [None, None];
        for _ in 0..2 {
            let left = deadline.saturating_duration_since(Instant::now());
            let (index, outcome) = outcomes.recv_timeout(left).unwrap_or_else(|_| {
                let running: Vec<usize> = (0..2).filter(|&i| ended[i].is_none()).collect();
                panic!("process {running:?} did not end within {DEADLINE:?}")
            });
            ended[index] = Some(outcome);
        }
        let [Some(first), Some(second)] = ended else { unreachable!("both ended") };
        let lost_port = |outcome: &Result<T, Error>| {
            outcome.as_ref().is_err_and(|e| e.to_string().contains("Address already in use"))
        };
        if !lost_port(&first) && !lost_port(&second) {
            return [first, second];
        }
    }
    panic!("a process lost its port on 5 sets of addresses in a row");
}

/// The error of a process that must have failed.
fn failed<T>(outcome: &Result<T, Error>, process: usize) -> &Error {
    match outcome {
        Ok(_) => panic!("process {process} finished a run that had to fail"),
        Err(error) => error,
    }
}

#[test]
fn a_checkpoint_one_process_cannot_write_stops_every_process_with_its_message() {
    let dir = scratch_dir("unwritable");
    // A directory under a regular file cannot be written: a full disk,
    // as far as the save is concerned.
    let file = dir.join("a-file");
    std::fs::write(&file, b"not a directory").expect("written");
    let writable = dir.join("process-0");
    std::fs::create_dir_all(&writable).expect("made");
    let outcomes = two_processes(move |process, addresses| {
        let checkpoints = if process == 1 { file.join("checkpoints") } else { writable.clone() };
        DistributedEnumeration::new(Workers::cluster(1, process, addresses)?)
            .describe("a ring of 1,000")
            .checkpoint(checkpoints, Duration::ZERO)
            .run(Arc::new(Ring), &[0], &mut Run::new())
    });
    for (process, outcome) in outcomes.iter().enumerate() {
        let error = failed(outcome, process);
        let ErrorKind::Worker { worker, message } = error.kind() else {
            panic!("process {process}: {error:?}");
        };
        assert_eq!(*worker, 1, "process {process}: {error}");
        assert!(message.contains("slice-1-of-2.depth-1 cannot be written"), "{error}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_depth_limit_on_one_process_is_refused_by_both_by_name() {
    for engine in ["ranked", "hashed"] {
        let outcomes = two_processes(move |process, addresses| {
            let limits = if process == 1 { Limits::new().max_depth(3) } else { Limits::new() };
            let mut run = Run::new().limits(limits);
            let enumeration = DistributedEnumeration::new(Workers::cluster(1, process, addresses)?)
                .describe("a ring of 1,000");
            if engine == "ranked" {
                enumeration.run(Arc::new(Ring), &[0], &mut run).map(|layers| layers.radius())
            } else {
                let ring = from_fn(|&rank: &u32| [(rank + 1) % 1_000, (rank + 999) % 1_000]);
                enumeration.run_hashed(Arc::new(ring), &[0], &mut run).map(|layers| layers.radius())
            }
        });
        let says = |process: usize| {
            let error = failed(&outcomes[process], process);
            assert!(matches!(error.kind(), ErrorKind::Connect { .. }), "{engine}: {error:?}");
            error.to_string()
        };
        let first = says(0);
        assert!(first.contains("process 1 at"), "{engine}: {first}");
        assert!(
            first.contains("depth limit (--max-depth) of 3 where this one has none"),
            "{engine}: {first}"
        );
        let second = says(1);
        assert!(
            second.contains(
                "what answered as process 0 was started with a depth limit (--max-depth) \
                 of none where this one has 3"
            ),
            "{engine}: {second}"
        );
    }
}

#[test]
fn checkpoints_on_one_process_only_are_refused_by_both_by_name() {
    let dir = scratch_dir("checkpoints-on-one");
    let outcomes = two_processes(move |process, addresses| {
        let enumeration = DistributedEnumeration::new(Workers::cluster(1, process, addresses)?)
            .describe("a ring of 1,000");
        let enumeration = if process == 0 {
            enumeration.checkpoint(dir.clone(), Duration::ZERO)
        } else {
            enumeration
        };
        enumeration.run(Arc::new(Ring), &[0], &mut Run::new()).map(|layers| layers.radius())
    });
    let first = failed(&outcomes[0], 0).to_string();
    assert!(first.contains("process 1 at"), "{first}");
    assert!(
        first.contains(
            "saves no checkpoints (--checkpoint, --resume) where this one saves checkpoints"
        ),
        "{first}"
    );
    let second = failed(&outcomes[1], 1).to_string();
    assert!(
        second.contains(
            "what answered as process 0 saves checkpoints (--checkpoint, --resume) \
             where this one saves no checkpoints"
        ),
        "{second}"
    );
}

#[test]
fn a_process_that_stops_of_its_own_accord_stops_the_others_with_its_reason() {
    // Process 1 is cancelled at depth 5; process 0 would otherwise wait
    // for its next round for ever.
    let outcomes = two_processes(move |process, addresses| {
        let enumeration = DistributedEnumeration::new(Workers::cluster(1, process, addresses)?)
            .describe("a ring of 1,000");
        let run = Run::new();
        let cancel = run.cancel_handle();
        let mut run = run.on_progress(move |progress| {
            if process == 1 && progress.depth == 5 {
                cancel.cancel();
            }
        });
        enumeration.run(Arc::new(Ring), &[0], &mut run).map(|layers| layers.radius())
    });
    let own = failed(&outcomes[1], 1);
    let cancelled = search_core::ErrorKind::Cancelled;
    assert!(matches!(own.kind(), ErrorKind::Search(e) if e.kind() == &cancelled), "{own:?}");
    let other = failed(&outcomes[0], 0);
    let ErrorKind::Worker { worker, message } = other.kind() else { panic!("{other:?}") };
    assert_eq!((*worker, message.as_str()), (1, own.to_string().as_str()));
}
