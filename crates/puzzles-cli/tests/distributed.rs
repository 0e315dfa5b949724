//! `puzzles enumerate --processes`: real processes of the binary on
//! 127.0.0.1, with deadlines, against the in-memory engine.

use std::collections::BTreeSet;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A guard against a hang, not a bound on speed: far longer than the
/// largest run here takes on a loaded 2-core machine, and a hang still
/// fails the test rather than the CI job.
const DEADLINE: Duration = Duration::from_secs(600);

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_puzzles"))
}

/// A directory of this test's own, empty.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzles-dist-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
    dir
}

/// A host file of `processes` free ports on 127.0.0.1.
fn hostfile(dir: &Path, processes: usize) -> PathBuf {
    let lines: Vec<String> =
        (0..processes).map(|_| format!("127.0.0.1:{}\n", free_port())).collect();
    let path = dir.join("hosts");
    std::fs::write(&path, lines.concat()).expect("host file written");
    path
}

/// A port that is free now, below Linux's range of ephemeral ports (32,768
/// and up on most machines): a port the kernel picks, released for a
/// process to bind, can meanwhile become the local port of a connection
/// that another test opens. Distinct within one run of these tests; spread
/// by process id against another run beside it. A port can still be taken
/// before the process binds it (another program, a machine whose ephemeral
/// range is wider): [`on_free_ports`] then starts again on new ones.
fn free_port() -> u16 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let spread = std::process::id() % 1_000 * 10;
    loop {
        let offset = (spread + NEXT.fetch_add(1, Ordering::Relaxed)) % 12_000;
        let port = 20_000 + u16::try_from(offset).expect("below 12,000");
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// How many host files a test tries before its port races fail it.
const ATTEMPTS: usize = 5;

/// Whether `output` is a process that could not bind its port: the race
/// [`free_port`] cannot close, since a port cannot be handed to a child
/// still bound.
fn lost_its_port(output: &Output) -> bool {
    String::from_utf8_lossy(&output.stderr).contains("Address already in use")
}

/// Runs `attempt` on a fresh host file of `processes` ports until it
/// returns `Some`: `None` says a process lost its port (see
/// [`lost_its_port`]).
fn on_free_ports<T>(
    dir: &Path,
    processes: usize,
    mut attempt: impl FnMut(&Path) -> Option<T>,
) -> T {
    for _ in 0..ATTEMPTS {
        if let Some(outcome) = attempt(&hostfile(dir, processes)) {
            return outcome;
        }
    }
    panic!("a process lost its port on {ATTEMPTS} host files in a row");
}

/// Waits for every child until the deadline, as [`finish`]; `None` as soon
/// as one has lost its port, the others killed (they would wait for it).
fn finish_all(children: Vec<Child>, deadline: Instant) -> Option<Vec<Output>> {
    let mut running: Vec<Option<Child>> = children.into_iter().map(Some).collect();
    let mut outputs: Vec<Option<Output>> = running.iter().map(|_| None).collect();
    loop {
        for (slot, output) in running.iter_mut().zip(&mut outputs) {
            if let Some(child) = slot
                && child.try_wait().expect("waitable").is_some()
            {
                let child = slot.take().expect("running");
                *output = Some(child.wait_with_output().expect("output"));
            }
        }
        let lost = outputs.iter().flatten().any(lost_its_port);
        if lost || Instant::now() >= deadline {
            for mut child in running.into_iter().flatten() {
                let _ = child.kill();
                let _ = child.wait();
            }
            assert!(lost, "a process did not finish by its deadline");
            return None;
        }
        if running.iter().all(Option::is_none) {
            return Some(outputs.into_iter().flatten().collect());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn spawn(args: &[&str], process: usize, processes: usize, hosts: &Path) -> Child {
    spawn_with(Command::new(binary()), args, process, processes, hosts)
}

/// As [`spawn`], the binary started by `launcher` (which ends with it).
fn spawn_with(
    mut launcher: Command,
    args: &[&str],
    process: usize,
    processes: usize,
    hosts: &Path,
) -> Child {
    launcher
        .args(args)
        .args(["--processes", &processes.to_string(), "--process", &process.to_string()])
        .arg("--hostfile")
        .arg(hosts)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Waits for `child` until the deadline; kills it and fails past it.
fn finish(mut child: Child, deadline: Instant) -> Output {
    while child.try_wait().expect("waitable").is_none() {
        if Instant::now() >= deadline {
            let _ = child.kill();
            panic!("a process did not finish by its deadline");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().expect("output")
}

/// The in-memory engine's table of `puzzle` (a size, or a name and size).
fn in_memory(puzzle: &str) -> Value {
    let output = Command::new(binary())
        .arg("enumerate")
        .args(puzzle.split(' '))
        .arg("--json")
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// Runs `processes` processes of `args`; returns process 0's JSON table,
/// having checked that every process succeeded and only process 0 printed.
fn run_cluster(name: &str, args: &[&str], processes: usize) -> Value {
    let dir = scratch_dir(name);
    let outputs = on_free_ports(&dir, processes, |hosts| {
        let deadline = Instant::now() + DEADLINE;
        let children = (0..processes).map(|p| spawn(args, p, processes, hosts)).collect();
        finish_all(children, deadline)
    });
    for (process, output) in outputs.iter().enumerate() {
        assert!(
            output.status.success(),
            "process {process}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        if process > 0 {
            assert!(output.stdout.is_empty(), "only process 0 prints");
        }
    }
    serde_json::from_slice(&outputs[0].stdout).expect("process 0 prints JSON")
}

/// The deepest boards, in any order.
fn deepest(table: &Value) -> BTreeSet<String> {
    table["deepest"].as_array().expect("a list").iter().map(Value::to_string).collect()
}

#[test]
fn pancakes_topspin_and_hanoi_on_two_processes_give_the_in_memory_layers() {
    for puzzle in ["pancake 7", "topspin 7", "hanoi4 5"] {
        let expected = in_memory(puzzle);
        for engine in ["ranked", "hashed"] {
            let mut args: Vec<&str> = vec!["enumerate"];
            args.extend(puzzle.split(' '));
            args.extend(["--json", "--engine", engine]);
            let name = format!("{}-{engine}", puzzle.replace(' ', "-"));
            let table = run_cluster(&name, &args, 2);
            assert_eq!(table["layers"], expected["layers"], "{puzzle}, {engine}");
            assert_eq!(deepest(&table), deepest(&expected), "{puzzle}, {engine}");
        }
    }
}

#[test]
fn two_processes_give_the_in_memory_layers_with_either_engine() {
    for size in ["2x3", "3x3", "2x4", "2x5"] {
        let expected = in_memory(size);
        for engine in ["ranked", "hashed"] {
            let args = ["enumerate", size, "--json", "--engine", engine];
            let table = run_cluster(&format!("{size}-{engine}"), &args, 2);
            assert_eq!(table["layers"], expected["layers"], "{size}, {engine}");
            assert_eq!(table["radius"], expected["radius"], "{size}, {engine}");
            assert_eq!(deepest(&table), deepest(&expected), "{size}, {engine}");
        }
    }
}

#[test]
fn two_processes_of_two_workers_each_give_the_8_puzzle() {
    let args = ["enumerate", "3x3", "--json", "--workers", "2"];
    let table = run_cluster("3x3-four", &args, 2);
    assert_eq!(table["states"], 181_440);
    assert_eq!(table["radius"], 31);
}

#[test]
fn workers_in_one_process_give_the_in_memory_table() {
    let expected = in_memory("2x4");
    for engine in ["ranked", "hashed"] {
        for workers in ["1", "2", "3"] {
            let output = Command::new(binary())
                .args(["enumerate", "2x4", "--json", "--workers", workers, "--engine", engine])
                .output()
                .expect("the binary runs");
            assert!(output.status.success());
            let table: Value = serde_json::from_slice(&output.stdout).expect("JSON");
            assert_eq!(table["layers"], expected["layers"], "{engine}, {workers} workers");
        }
    }
}

#[test]
fn a_process_that_never_comes_is_named_after_the_timeout() {
    let dir = scratch_dir("absent");
    let output = on_free_ports(&dir, 2, |hosts| {
        let child = spawn(&["enumerate", "2x3", "--connect-timeout", "1"], 0, 2, hosts);
        finish_all(vec![child], Instant::now() + DEADLINE)
    })
    .remove(0);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("process 1 did not connect within 1s"), "{message}");
}

#[test]
fn processes_started_on_different_puzzles_refuse_each_other() {
    // 2x3 and 3x2 have the same type, rank count and goal rank: only the
    // description tells them apart (once, process 0 printed a wrong table).
    for (first, second, engine) in
        [("2x3", "2x4", "hashed"), ("2x3", "3x2", "hashed"), ("2x3", "3x2", "ranked")]
    {
        let context = format!("{first} and {second}, {engine}");
        let dir = scratch_dir(&format!("different-{first}-{second}-{engine}"));
        let outputs = on_free_ports(&dir, 2, |hosts| {
            let deadline = Instant::now() + DEADLINE;
            let started = spawn(&["enumerate", first, "--engine", engine, "--json"], 0, 2, hosts);
            let other = spawn(&["enumerate", second, "--engine", engine, "--json"], 1, 2, hosts);
            finish_all(vec![started, other], deadline)
        });
        let [started, other] = <[Output; 2]>::try_from(outputs).expect("two outputs");
        assert_eq!(started.status.code(), Some(2), "{context}");
        assert_eq!(other.status.code(), Some(2), "{context}");
        assert!(started.stdout.is_empty(), "{context}: no table is printed");
        let message = String::from_utf8_lossy(&started.stderr);
        assert!(message.contains("process 1 at"), "{context}: {message}");
        assert!(message.contains("was started on another job"), "{context}: {message}");
        // Process 0 answers before it refuses: both say what differs.
        let message = String::from_utf8_lossy(&other.stderr);
        assert!(
            message.contains("what answered as process 0 was started on another job"),
            "{context}: {message}"
        );
    }
}

#[test]
fn processes_given_other_generators_under_one_file_name_refuse_each_other() {
    // The same file name in two directories, a swap of other points in
    // each: once, both ran as one job, and process 0 printed the layers
    // of neither.
    let dir = scratch_dir("other-generators");
    let mut files = Vec::new();
    for (which, swap) in [("a", "1 0 2 3 4 5 6 7"), ("b", "0 2 1 3 4 5 6 7")] {
        let folder = dir.join(which);
        std::fs::create_dir_all(&folder).expect("a scratch folder");
        let file = folder.join("g.txt");
        let text = format!("L: 1 2 3 4 5 6 7 0\nR: 7 0 1 2 3 4 5 6\nX: {swap}\n");
        std::fs::write(&file, text).expect("a scratch file");
        files.push(file.to_str().expect("a UTF-8 path").to_owned());
    }
    let outputs = on_free_ports(&dir, 2, |hosts| {
        let deadline = Instant::now() + DEADLINE;
        let args = |file: &str| ["enumerate", "--generators", file, "--json"].map(str::to_owned);
        let first = args(&files[0]);
        let second = args(&files[1]);
        let started = spawn(&first.each_ref().map(String::as_str), 0, 2, hosts);
        let other = spawn(&second.each_ref().map(String::as_str), 1, 2, hosts);
        finish_all(vec![started, other], deadline)
    });
    for output in outputs {
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty(), "no table is printed");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("was started on another job"), "{message}");
    }
}

/// How long a process whose peer failed may take to end: a guard against
/// a hang, far past the 2 s peer timeout these tests set.
const FAILURE_DEADLINE: Duration = Duration::from_secs(120);

/// Sends `signal` (`STOP`, `CONT`) to `child`.
fn signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {}", child.id());
}

/// Starts two processes of `args` and waits until `marker` exists (a
/// checkpoint both completed, so the run is under way); `None` when a
/// process lost its port. Fails when a process ends first, or when
/// `deadline` passes.
fn two_under_way(
    args: &[&str],
    hosts: &Path,
    marker: &Path,
    deadline: Instant,
) -> Option<(Child, Child)> {
    let mut first = spawn(args, 0, 2, hosts);
    let mut second = spawn(args, 1, 2, hosts);
    while !marker.exists() {
        let first_ended = first.try_wait().expect("waitable").is_some();
        if first_ended || second.try_wait().expect("waitable").is_some() {
            let outputs = finish_all(vec![first, second], deadline)?;
            let messages: Vec<_> =
                outputs.iter().map(|output| String::from_utf8_lossy(&output.stderr)).collect();
            panic!("{args:?}: a process ended before a checkpoint: {messages:?}");
        }
        assert!(Instant::now() < deadline, "{args:?}: no checkpoint was completed");
        std::thread::sleep(Duration::from_millis(2));
    }
    Some((first, second))
}

#[test]
fn a_stopped_process_is_named_by_the_other_after_the_peer_timeout() {
    let dir = scratch_dir("stopped");
    let checkpoints = dir.join("checkpoints");
    let checkpoints_arg = checkpoints.to_str().expect("UTF-8 path");
    let args = [
        "enumerate",
        "2x5",
        "--json",
        "--checkpoint",
        checkpoints_arg,
        "--checkpoint-every",
        "0",
        "--peer-timeout",
        "2",
    ];
    let marker = checkpoints.join("slice-1-of-2.complete");
    let (first, second) = on_free_ports(&dir, 2, |hosts| {
        let (first, second) =
            two_under_way(&args, hosts, &marker, Instant::now() + FAILURE_DEADLINE)?;
        // Stopped, process 1 keeps its connections open and says nothing.
        signal(&second, "STOP");
        let first = finish(first, Instant::now() + FAILURE_DEADLINE);
        signal(&second, "CONT");
        Some((first, finish(second, Instant::now() + FAILURE_DEADLINE)))
    });
    assert_eq!(first.status.code(), Some(2));
    assert!(first.stdout.is_empty(), "no table from a broken run");
    let message = String::from_utf8_lossy(&first.stderr);
    assert!(message.contains("process 1 at 127.0.0.1:"), "{message}");
    assert!(message.contains("sent nothing for 2s (the peer timeout)"), "{message}");
    // Continued, process 1 hears why the run stopped.
    assert_eq!(second.status.code(), Some(2));
    let message = String::from_utf8_lossy(&second.stderr);
    assert!(message.contains("process 0 at 127.0.0.1:"), "{message}");
    assert!(message.contains("stopped the run"), "{message}");
}

#[test]
fn a_checkpoint_one_process_cannot_write_stops_both_with_its_message() {
    let dir = scratch_dir("unwritable");
    let (own, other) = (dir.join("ck0"), dir.join("ck1"));
    // A directory where process 1's first checkpoint file goes: the file
    // cannot be renamed into place, as on a full disk.
    std::fs::create_dir_all(other.join("slice-1-of-2.depth-1").join("in-the-way")).expect("made");
    let outputs = on_free_ports(&dir, 2, |hosts| {
        let deadline = Instant::now() + FAILURE_DEADLINE;
        let children = [&own, &other]
            .iter()
            .enumerate()
            .map(|(process, checkpoints)| {
                let checkpoints = checkpoints.to_str().expect("UTF-8 path");
                let args =
                    ["enumerate", "2x4", "--checkpoint", checkpoints, "--checkpoint-every", "0"];
                spawn(&args, process, 2, hosts)
            })
            .collect();
        finish_all(children, deadline)
    });
    for (process, output) in outputs.iter().enumerate() {
        assert_eq!(output.status.code(), Some(2), "process {process}");
        assert!(output.stdout.is_empty(), "process {process}: no table");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("worker 1: table file"), "process {process}: {message}");
        assert!(
            message.contains("slice-1-of-2.depth-1 cannot be written"),
            "process {process}: {message}"
        );
    }
}

#[test]
fn a_depth_limit_on_one_process_is_refused_by_both() {
    for engine in ["ranked", "hashed"] {
        let dir = scratch_dir(&format!("depth-on-one-{engine}"));
        let outputs = on_free_ports(&dir, 2, |hosts| {
            let deadline = Instant::now() + FAILURE_DEADLINE;
            let args = ["enumerate", "pancake", "8", "--engine", engine];
            let unlimited = spawn(&args, 0, 2, hosts);
            let limited = spawn(&[&args[..], &["--max-depth", "3"]].concat(), 1, 2, hosts);
            finish_all(vec![unlimited, limited], deadline)
        });
        for (process, output) in outputs.iter().enumerate() {
            assert_eq!(output.status.code(), Some(2), "{engine}, process {process}");
            let message = String::from_utf8_lossy(&output.stderr);
            let (theirs, ours) = if process == 0 { ("3", "none") } else { ("none", "3") };
            let named =
                format!("a depth limit (--max-depth) of {theirs} where this one has {ours}");
            assert!(message.contains(&named), "{engine}, process {process}: {message}");
        }
    }
}

#[test]
fn the_most_workers_are_refused_before_they_start_naming_their_cost_and_the_options() {
    // Once: 3.9 GB taken, then "over the limit of 0 B".
    let output = Command::new(binary())
        .args(["enumerate", "pancake", "8", "--workers", "1024"])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    for part in [
        "1024 worker threads (of 1024 in the run) are counted to take 7.5 MiB each",
        "not below the memory limit of 4.0 GiB; at most 738 fit",
        "(--workers, --max-memory)",
    ] {
        assert!(message.contains(part), "{part}: {message}");
    }
}

#[test]
fn a_killed_process_stops_the_other_and_the_run_resumes_from_its_checkpoint() {
    for (engine, files) in [("ranked", "slice"), ("hashed", "states")] {
        killed_and_resumed(engine, files);
    }
}

fn killed_and_resumed(engine: &str, files: &str) {
    let dir = scratch_dir(&format!("killed-{engine}"));
    let checkpoints = dir.join("checkpoints");
    let checkpoints_arg = checkpoints.to_str().expect("UTF-8 path");
    let args = [
        "enumerate",
        "2x5",
        "--json",
        "--engine",
        engine,
        "--checkpoint",
        checkpoints_arg,
        "--checkpoint-every",
        "0",
    ];
    // Kill process 1 once both have a complete checkpoint: mid-run, since
    // 2x5 has 55 layers and each ends with a synced save.
    let marker = checkpoints.join(format!("{files}-1-of-2.complete"));
    let output = on_free_ports(&dir, 2, |hosts| {
        let deadline = Instant::now() + DEADLINE;
        let (first, mut second) = two_under_way(&args, hosts, &marker, deadline)?;
        second.kill().expect("process 1 is killed");
        let _ = second.wait();
        // Process 0 ends on its own, having noticed.
        Some(finish(first, deadline))
    });
    assert_eq!(output.status.code(), Some(2), "{engine}: process 0 must fail");
    assert!(output.stdout.is_empty(), "{engine}: no table from a broken run");
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("a process of the run stopped"), "{engine}: {message}");

    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let table = run_cluster(&format!("killed-resumed-{engine}"), &resumed, 2);
    let expected = in_memory("2x5");
    assert_eq!(table["layers"], expected["layers"], "{engine}");
    assert_eq!(deepest(&table), deepest(&expected), "{engine}");
    // A finished run leaves no checkpoint behind.
    assert_eq!(std::fs::read_dir(&checkpoints).expect("the directory").count(), 0, "{engine}");
}

/// Runs `ip` with `args`, failing the test with its message if it fails.
fn ip(args: &[&str]) {
    let output = Command::new("ip").args(args).output().expect("`ip` runs");
    assert!(
        output.status.success(),
        "ip {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A network namespace joined to this one by a pair of virtual Ethernet
/// links, `10.77.N.1` here and `10.77.N.2` there; removed on drop.
struct FarMachine {
    namespace: String,
    near_link: String,
    subnet: String,
}

impl FarMachine {
    fn new() -> FarMachine {
        let id = std::process::id() % 10_000;
        let far = FarMachine {
            namespace: format!("puzzles-far-{id}"),
            near_link: format!("pzl{id}a"),
            subnet: format!("10.77.{}", id % 250),
        };
        let far_link = format!("pzl{id}b");
        ip(&["netns", "add", &far.namespace]);
        ip(&["link", "add", &far.near_link, "type", "veth", "peer", "name", &far_link]);
        ip(&["link", "set", &far_link, "netns", &far.namespace]);
        ip(&["addr", "add", &format!("{}.1/24", far.subnet), "dev", &far.near_link]);
        ip(&["link", "set", &far.near_link, "up"]);
        let inside = ["netns", "exec", &far.namespace, "ip"];
        ip(&[&inside[..], &["addr", "add", &format!("{}.2/24", far.subnet), "dev", &far_link]]
            .concat());
        ip(&[&inside[..], &["link", "set", &far_link, "up"]].concat());
        far
    }

    /// Takes the link down: packets are dropped without a word, as when a
    /// machine loses power or its cable.
    fn vanish(&self) {
        ip(&["link", "set", &self.near_link, "down"]);
    }
}

impl Drop for FarMachine {
    fn drop(&mut self) {
        // Deleting one end of the link deletes the other.
        let _ = Command::new("ip").args(["link", "del", &self.near_link]).status();
        let _ = Command::new("ip").args(["netns", "del", &self.namespace]).status();
    }
}

#[test]
#[ignore = "needs root and iproute2 to make a network namespace: run with --ignored"]
fn a_machine_that_vanishes_mid_run_ends_the_run_within_a_minute() {
    let far = FarMachine::new();
    let dir = scratch_dir("vanished");
    let hosts = dir.join("hosts");
    let (near_address, far_address) = (format!("{}.1", far.subnet), format!("{}.2", far.subnet));
    std::fs::write(&hosts, format!("{near_address}:47101\n{far_address}:47102\n"))
        .expect("host file written");
    // 3x4 takes about 10 s across the two: the link goes down mid-run.
    let args = ["enumerate", "3x4", "--workers", "1"];
    let mut in_namespace = Command::new("ip");
    in_namespace.args(["netns", "exec", &far.namespace]).arg(binary());
    let far_process = spawn_with(in_namespace, &args, 1, 2, &hosts);
    let mut near_process = spawn(&args, 0, 2, &hosts);
    std::thread::sleep(Duration::from_secs(3));
    assert!(near_process.try_wait().expect("waitable").is_none(), "the run ended too soon");
    far.vanish();
    let vanished = Instant::now();
    let deadline = vanished + Duration::from_secs(60);
    let near = finish(near_process, deadline);
    let far_output = finish(far_process, deadline);
    let waited = vanished.elapsed();
    eprintln!("both processes ended {waited:?} after the link went down");
    for (name, output) in [("near", &near), ("far", &far_output)] {
        assert_eq!(output.status.code(), Some(2), "{name} process must fail");
        assert!(output.stdout.is_empty(), "{name}: no table from a broken run");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("a process of the run stopped"), "{name}: {message}");
    }
}
