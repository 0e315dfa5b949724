//! Resident memory within the memory limit on every hashed path whose
//! states own heap memory: permutations of 200 points (an arrangement
//! past 32 items keeps them on the heap) and a word ladder's dictionary.
//! Each path runs in a child process of this test binary, under a
//! 64 MiB limit it reaches, and reports the peak of its resident memory
//! (`VmHWM`) and what it held before the search (`VmRSS`); the search
//! may add at most the limit and a tenth.

use std::process::Command;

use puzzles::{Family, PermutationGraph, find_ladders_with};
use search_core::breadth_first::{ParallelEnumeration, Search};
use search_core::groups::Arrangement;
use search_core::{Limits, Run};

const LIMIT: u64 = 64 << 20;

/// The paths, by name.
const PATHS: [&str; 7] = [
    "enumerate",
    "bfs",
    "bidirectional",
    "all shortest paths",
    "parallel enumeration",
    "solve from both ends",
    "all ladders",
];

/// A field of `/proc/self/status`, in bytes.
fn status(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("a Linux /proc");
    let line = status.lines().find(|line| line.starts_with(field)).expect("the field");
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

/// Every permutation of 200 points, from a shift and a swap.
fn two_hundred() -> PermutationGraph {
    let identity: Vec<u8> = (0..200u8).collect();
    PermutationGraph::new(Family::Lx.generators(200).unwrap(), &identity).unwrap()
}

/// The child's half: runs `path` under [`LIMIT`] and prints what it held.
#[test]
#[ignore = "run in a child process by `every_hashed_path_stays_within_its_limit`"]
fn memory_child() {
    let Ok(path) = std::env::var("PUZZLES_MEMORY_PATH") else { return };
    let graph = two_hundred();
    let start: Arrangement = graph.start();
    let far: Arrangement = start.iter().rev().copied().collect();
    // A dictionary of every word of 7 letters a to f: 279,936 words.
    let words: Vec<String> = (0..279_936u32)
        .map(|n| (0..7).map(|i| char::from(b'a' + (n / 6u32.pow(i) % 6) as u8)).collect())
        .collect();
    let before = status("VmRSS:");
    let limits = Limits::new().max_memory(LIMIT).max_states(usize::MAX);
    let mut run = Run::new().limits(limits);
    let mut search = Search::new();
    let outcome = match path.as_str() {
        "enumerate" => search.enumerate(&graph, [start], &mut run).map(|_| ()),
        "bfs" => search.bfs(&graph, [start], |_| false, &mut run).map(|_| ()),
        "bidirectional" => search.bidirectional(&graph, [start], [far], &mut run).map(|_| ()),
        "all shortest paths" => {
            search.all_shortest_paths(&graph, [start], |s| *s == far, &mut run).map(|_| ())
        }
        "parallel enumeration" => {
            ParallelEnumeration::new().threads(2).run(&graph, [start], &mut run).map(|_| ())
        }
        "solve from both ends" => graph.solve(&far, &mut run).map(|_| ()).map_err(|e| {
            let puzzles::ErrorKind::Search(inner) = e.kind() else { panic!("{e}") };
            inner.clone()
        }),
        "all ladders" => {
            let ladders = find_ladders_with("aaaaaaa", "fffffff", &words, &mut run);
            println!("ladders: {:?}", ladders.as_ref().map(Vec::len));
            Ok(())
        }
        other => panic!("no path {other}"),
    };
    println!("outcome: {outcome:?}");
    println!("MEMORY before {before} peak {}", status("VmHWM:"));
}

#[test]
fn every_hashed_path_stays_within_its_limit() {
    for path in PATHS {
        let output = Command::new(std::env::current_exe().unwrap())
            .args(["memory::memory_child", "--exact", "--ignored", "--nocapture"])
            .env("PUZZLES_MEMORY_PATH", path)
            .output()
            .expect("the test binary runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{path}: {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let line = stdout.lines().find(|line| line.starts_with("MEMORY")).expect("the report");
        let numbers: Vec<u64> =
            line.split_whitespace().filter_map(|word| word.parse().ok()).collect();
        let (before, peak) = (numbers[0], numbers[1]);
        let grown = peak.saturating_sub(before);
        println!("{path}: {} MiB over {} MiB", grown >> 20, before >> 20);
        assert!(
            grown <= LIMIT + LIMIT / 10,
            "{path}: {grown} bytes over the {LIMIT} limit\n{stdout}"
        );
        // The search reached its limit, or was close to it: the test tests.
        assert!(grown >= LIMIT / 2, "{path}: only {grown} bytes\n{stdout}");
    }
}
