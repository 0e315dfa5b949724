//! Where a run's workers are ([`Workers`]), and starting them: timely's
//! allocators for threads in one process or for a cluster, one thread per
//! worker, failures turned into errors.

use std::any::Any;
use std::hash::BuildHasher;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use timely::WorkerConfig;
use timely::worker::Worker;
use timely_communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely_communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely_communication::{Config as CommunicationConfig, Hooks, initialize_from};

use search_core::space::BuildStateHasher;

use crate::control::Control;
use crate::error::Error;

/// The most worker threads one process may run.
const MAX_THREADS: usize = 1024;

/// Where the workers of a run are: threads in this process, and, for a
/// cluster, the address of every process.
///
/// Every process of a cluster is started with the same addresses and
/// threads and its own index, as timely-dataflow's own programs are
/// (`-w THREADS -n PROCESSES -p INDEX -h HOSTFILE`). Worker `i` of process
/// `p` is worker `p * threads + i` of the run. The processes check this
/// as they connect: each greets the other with its index, threads, a hash
/// of the addresses and a fingerprint of the job, and a run whose
/// processes differ stops with an error that names what differs.
/// Connections that do not greet (a port scanner, a health check) are
/// turned away without ending the run.
///
/// # Example
///
/// ```
/// use search_dist::Workers;
///
/// let local = Workers::threads(2)?;
/// assert_eq!((local.peers(), local.processes()), (2, 1));
///
/// let cluster = Workers::cluster(2, 1, vec!["10.0.0.1:2101".into(), "10.0.0.2:2101".into()])?;
/// assert_eq!((cluster.peers(), cluster.process()), (4, 1));
/// assert!(Workers::cluster(2, 2, vec!["10.0.0.1:2101".into(), "10.0.0.2:2101".into()]).is_err());
/// # Ok::<(), search_dist::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Workers {
    threads: usize,
    process: usize,
    /// Empty for a run in one process.
    addresses: Vec<String>,
    connect_timeout: Duration,
    peer_timeout: Duration,
}

impl Workers {
    /// How long a process of a cluster waits for the others to connect,
    /// unless told otherwise.
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

    /// How long a process of a cluster waits for word from another before
    /// it calls it lost, unless told otherwise: 30 seconds.
    pub const DEFAULT_PEER_TIMEOUT: Duration = Duration::from_secs(30);

    /// What a worker thread is counted to take before it holds a state
    /// (its stack and buffers), against the run's memory limit: 512 KiB,
    /// plus [`PEER_MEMORY`](Workers::PEER_MEMORY) for each worker of the
    /// run.
    pub const WORKER_MEMORY: u64 = 512 << 10;

    /// What a worker thread is counted to take for each worker of the run
    /// (timely's channels to it, in each of the run's exchanges): 7 KiB.
    /// Measured as the peak resident memory of `puzzles enumerate
    /// pancake 8 --workers N`: 54 MB for 64 workers, 137 MB for 128,
    /// 415 MB for 256, 1.79 GB for 512; the channels grow as the square
    /// of the workers.
    pub const PEER_MEMORY: u64 = 7 << 10;

    /// `threads` workers in this process, and no other process.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Config`](crate::ErrorKind::Config) for 0 threads or
    /// more than 1,024.
    ///
    /// # Example
    ///
    /// ```
    /// use search_dist::Workers;
    ///
    /// assert_eq!(Workers::threads(3)?.peers(), 3);
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    pub fn threads(threads: usize) -> Result<Workers, Error> {
        Workers::cluster(threads, 0, Vec::new())
    }

    /// `threads` workers in each process of a cluster whose processes
    /// listen at `addresses` (`host:port`, one per process, the same list
    /// in every process); this is process `process`. One address makes a
    /// run in one process.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Config`](crate::ErrorKind::Config) for 0 threads or
    /// more than 1,024, or a `process` that is not an index of
    /// `addresses`.
    ///
    /// # Example
    ///
    /// See [`Workers`].
    pub fn cluster(
        threads: usize,
        process: usize,
        addresses: Vec<String>,
    ) -> Result<Workers, Error> {
        if threads == 0 {
            return Err(Error::config("a run needs at least one worker thread"));
        }
        if threads > MAX_THREADS {
            return Err(Error::config(format!(
                "{threads} worker threads is over the limit of {MAX_THREADS} a process"
            )));
        }
        let processes = addresses.len().max(1);
        if process >= processes {
            return Err(Error::config(format!(
                "process index {process} is not below the number of processes, {processes}"
            )));
        }
        let addresses = if addresses.len() == 1 { Vec::new() } else { addresses };
        Ok(Workers {
            threads,
            process,
            addresses,
            connect_timeout: Self::DEFAULT_CONNECT_TIMEOUT,
            peer_timeout: Self::DEFAULT_PEER_TIMEOUT,
        })
    }

    /// A cluster of `processes` processes whose addresses are the first
    /// `processes` lines of the host file at `path` (one `host:port` a
    /// line, as timely-dataflow's `-h` reads it); this is process
    /// `process`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Config`](crate::ErrorKind::Config) when the file cannot
    /// be read or has fewer than `processes` addresses, or as
    /// [`cluster`](Workers::cluster).
    ///
    /// # Example
    ///
    /// ```
    /// use search_dist::Workers;
    ///
    /// let path = std::env::temp_dir().join(format!("hosts-{}", std::process::id()));
    /// std::fs::write(&path, "127.0.0.1:2101\n127.0.0.1:2102\n")?;
    /// let workers = Workers::from_hostfile(1, 0, 2, &path)?;
    /// assert_eq!(workers.addresses(), ["127.0.0.1:2101", "127.0.0.1:2102"]);
    /// assert!(Workers::from_hostfile(1, 0, 3, &path).is_err());
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_hostfile(
        threads: usize,
        process: usize,
        processes: usize,
        path: &Path,
    ) -> Result<Workers, Error> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::config(format!("cannot read host file {}: {e}", path.display())))?;
        let addresses: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .take(processes)
            .map(str::to_string)
            .collect();
        if addresses.len() < processes {
            return Err(Error::config(format!(
                "host file {} has {} addresses, not the {processes} of --processes",
                path.display(),
                addresses.len()
            )));
        }
        Workers::cluster(threads, process, addresses)
    }

    /// How long this process waits for the others of its cluster to
    /// connect before it gives up.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_dist::Workers;
    ///
    /// let workers = Workers::threads(1)?.connect_timeout(Duration::from_secs(5));
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    #[must_use]
    pub fn connect_timeout(mut self, timeout: Duration) -> Workers {
        self.connect_timeout = timeout;
        self
    }

    /// How long this process waits for word from another process of its
    /// cluster (a heartbeat, sent every second or so) before it calls that
    /// process lost and stops the run with
    /// [`ErrorKind::PeerLost`](crate::ErrorKind::PeerLost) naming it: a
    /// process that is stopped (`SIGSTOP`), hung, or cut off without its
    /// connections closing. [`DEFAULT_PEER_TIMEOUT`](Workers::DEFAULT_PEER_TIMEOUT)
    /// unless told otherwise; a process busy with a long layer still
    /// beats.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_dist::Workers;
    ///
    /// let workers = Workers::threads(1)?.peer_timeout(Duration::from_secs(10));
    /// assert_eq!(workers.get_peer_timeout(), Duration::from_secs(10));
    /// assert_eq!(Workers::threads(1)?.get_peer_timeout(), Workers::DEFAULT_PEER_TIMEOUT);
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    #[must_use]
    pub fn peer_timeout(mut self, timeout: Duration) -> Workers {
        self.peer_timeout = timeout;
        self
    }

    /// The peer timeout: see [`peer_timeout`](Workers::peer_timeout).
    ///
    /// # Example
    ///
    /// See [`peer_timeout`](Workers::peer_timeout).
    pub fn get_peer_timeout(&self) -> Duration {
        self.peer_timeout
    }

    /// What this process's worker threads are counted to take before they
    /// hold a state, against the run's memory limit: for each thread,
    /// [`WORKER_MEMORY`](Workers::WORKER_MEMORY), and
    /// [`PEER_MEMORY`](Workers::PEER_MEMORY) for each worker of the run.
    /// A run whose limit this reaches is refused before it starts.
    ///
    /// # Example
    ///
    /// ```
    /// use search_dist::Workers;
    ///
    /// // 2 threads, each with channels to the 2 workers of the run.
    /// assert_eq!(Workers::threads(2)?.fixed_memory(), 2 * ((512 << 10) + 2 * (7 << 10)));
    /// // A thousand workers in one process take gigabytes.
    /// assert!(Workers::threads(1_000)?.fixed_memory() > 7 << 30);
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    pub fn fixed_memory(&self) -> u64 {
        (self.threads as u64).saturating_mul(self.fixed_memory_per_thread())
    }

    /// What one worker thread is counted to take before it holds a state.
    pub(crate) fn fixed_memory_per_thread(&self) -> u64 {
        Self::WORKER_MEMORY.saturating_add((self.peers() as u64).saturating_mul(Self::PEER_MEMORY))
    }

    /// The most worker threads a process may run in `max_memory` bytes
    /// with `processes` processes of as many, each counted as
    /// [`fixed_memory`](Workers::fixed_memory) says, with memory left for
    /// their tables.
    pub(crate) fn most_threads_in(max_memory: u64, processes: usize) -> usize {
        let fits = |threads: u64| {
            let peers = threads.saturating_mul(processes as u64);
            let each = Self::WORKER_MEMORY.saturating_add(peers.saturating_mul(Self::PEER_MEMORY));
            threads.saturating_mul(each) < max_memory
        };
        (0..=MAX_THREADS as u64).rev().find(|&threads| fits(threads)).unwrap_or(0) as usize
    }

    /// Worker threads in each process.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(search_dist::Workers::threads(3)?.threads_per_process(), 3);
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    pub fn threads_per_process(&self) -> usize {
        self.threads
    }

    /// The number of processes.
    ///
    /// # Example
    ///
    /// See [`Workers`].
    pub fn processes(&self) -> usize {
        self.addresses.len().max(1)
    }

    /// This process's index.
    ///
    /// # Example
    ///
    /// See [`Workers`].
    pub fn process(&self) -> usize {
        self.process
    }

    /// Every worker of the run: threads times processes.
    ///
    /// # Example
    ///
    /// See [`Workers`].
    pub fn peers(&self) -> usize {
        self.threads * self.processes()
    }

    /// The processes' addresses; empty for a run in one process.
    ///
    /// # Example
    ///
    /// See [`from_hostfile`](Workers::from_hostfile).
    pub fn addresses(&self) -> &[String] {
        &self.addresses
    }

    /// Runs `body` on every worker of this process, one thread each, and
    /// returns the answer of this process's first worker, or the error
    /// that stopped the run. The first worker's `report(depth, size)`
    /// calls reach `on_layer` on the calling thread; the others' go
    /// nowhere. `job` says what the run computes and the options that
    /// change its answer: the processes of a cluster refuse one another
    /// when theirs differ.
    ///
    /// On a cluster, a failure of this process reaches every other over
    /// the control connections at once, and theirs reach it, so that no
    /// process waits for a round that another has left; a process that
    /// says nothing for the peer timeout is lost.
    pub(crate) fn run<T, B>(
        &self,
        job: Job,
        body: B,
        on_layer: &mut dyn FnMut(usize, u64),
    ) -> Result<T, Error>
    where
        T: Send + 'static,
        B: Fn(&mut Worker, &AtomicBool, &dyn Fn(usize, u64)) -> Result<T, Error>
            + Send
            + Sync
            + 'static,
    {
        let abort = Arc::new(AtomicBool::new(false));
        let (builders, communication, control) = self.allocators(job, &abort)?;
        let control = control.map(Arc::new);
        let (sender, messages) = mpsc::channel::<Message<T>>();
        let first = self.process * self.threads;
        let threads = {
            let abort = Arc::clone(&abort);
            let control = control.clone();
            initialize_from(builders, communication, move |allocator| {
                // With a clock, timely parks a worker that waits: without
                // one, it counts every wait as due now and never parks,
                // and a worker waiting for a stalled peer spun a core.
                let now = Some(Instant::now());
                let mut worker = Worker::new(WorkerConfig::default(), allocator, now);
                let index = worker.index();
                let sender = sender.clone();
                let report = |depth, size| {
                    if index == first {
                        let _ = sender.send(Message::Layer(depth, size));
                    }
                };
                let outcome = catch_unwind(AssertUnwindSafe(|| body(&mut worker, &abort, &report)))
                    .unwrap_or_else(|payload| Err(panic_error(&*payload)));
                if let Err(error) = &outcome {
                    abort.store(true, Ordering::Relaxed);
                    // The other processes hear of this worker's failure at
                    // once; a lost peer is told by the calling thread, which
                    // learns who was lost.
                    if let Some(control) = &control
                        && !is_breakage(error)
                    {
                        control.fail(index, error);
                    }
                }
                // Dropping a worker whose connections broke would only
                // repeat their panic.
                if outcome.as_ref().is_err_and(is_breakage) {
                    std::mem::forget(worker);
                }
                let _ = sender.send(Message::Done(index, outcome));
            })
            .map_err(|e| Error::config(format!("cannot start the worker threads: {e}")))?
        };
        let mut answer = None;
        let mut failure: Option<Error> = None;
        let mut done = 0;
        while done < self.threads {
            match messages.recv() {
                Ok(Message::Layer(depth, size)) => on_layer(depth, size),
                Ok(Message::Done(index, outcome)) => {
                    done += 1;
                    match outcome {
                        Ok(value) if index == first => answer = Some(value),
                        Ok(_) => {}
                        Err(error) => failure = Some(root_cause(failure, error)),
                    }
                }
                Err(_) => {
                    failure = Some(root_cause(
                        failure,
                        Error::peer_lost("a worker thread ended unannounced"),
                    ));
                    break;
                }
            }
        }
        if let Some(control) = &control {
            match &mut failure {
                None => control.finish(),
                Some(error) => {
                    // A peer's own word, or the name of the peer lost, says
                    // more than a broken connection or "another worker
                    // stopped"; it comes at once, on the heels of the break.
                    if is_breakage(error)
                        && let Some(news) = control.wait_for_news(NEWS_PATIENCE)
                    {
                        *error = news;
                    }
                    control.fail(first, error);
                }
            }
        }
        if failure.is_some() && control.is_some() || failure.as_ref().is_some_and(is_breakage) {
            // The threads that carry data between processes may wait for
            // peers that will not close their connections, or have stopped
            // on a broken one: joining them could wait long, or repeat its
            // panic. Left to the process's exit, they close this process's
            // sockets; the other processes have heard why already.
            std::mem::forget(threads);
        } else {
            let _ = threads.join();
        }
        match (answer, failure) {
            (_, Some(error)) => Err(error),
            (Some(answer), None) => Ok(answer),
            (None, None) => Err(Error::peer_lost("the first worker ended without an answer")),
        }
    }

    /// timely's allocators for this process's workers, what must live as
    /// long as they do, and on a cluster the control connections, which
    /// set `abort` on news from a peer.
    #[allow(clippy::type_complexity)]
    fn allocators(
        &self,
        job: Job,
        abort: &Arc<AtomicBool>,
    ) -> Result<(Vec<AllocatorBuilder>, Box<dyn Any + Send>, Option<Control>), Error> {
        if self.addresses.is_empty() {
            let config = if self.threads == 1 {
                CommunicationConfig::Thread
            } else {
                CommunicationConfig::Process(self.threads)
            };
            let (builders, guard) = config.try_build().map_err(Error::config)?;
            return Ok((builders, guard, None));
        }
        let hooks = Hooks::default();
        let local = ProcessBuilder::new_typed_vector(
            self.threads,
            hooks.refill.clone(),
            hooks.spill.clone(),
        );
        let own = &self.addresses[self.process];
        let greeting = Greeting::new(self, job);
        let Links { data, control } = connect(&self.addresses, greeting, self.connect_timeout)?;
        let peers = control
            .into_iter()
            .enumerate()
            .filter_map(|(index, stream)| Some((index, stream?, self.addresses[index].clone())))
            .collect();
        let control = Control::start(peers, self.peer_timeout, Arc::clone(abort))
            .map_err(|e| Error::connect(own, e))?;
        let (builders, guard) =
            initialize_networking_from_sockets(local, data, self.process, self.threads, hooks)
                .map_err(|e| Error::connect(own, e))?;
        let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
        Ok((builders, Box::new(guard), Some(control)))
    }
}

/// How long a process whose connection to a peer broke waits for that
/// peer's word on why, or for its control connection to close.
const NEWS_PATIENCE: Duration = Duration::from_secs(1);

/// What the worker threads tell the calling thread.
enum Message<T> {
    /// A layer is complete.
    Layer(usize, u64),
    /// The worker of this index is done.
    Done(usize, Result<T, Error>),
}

/// What a worker that panicked says. timely's threads panic when a
/// connection breaks, and the workers reading from them panic next.
fn panic_error(payload: &(dyn Any + Send)) -> Error {
    let message = payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a worker panicked".to_string());
    if message.contains("MergeQueue") || message.contains("timely communication error") {
        Error::peer_lost(
            "the connection to another process broke: it stopped, or the network failed",
        )
    } else {
        Error::peer_lost(format!("a worker of this process panicked: {message}"))
    }
}

fn is_breakage(error: &Error) -> bool {
    matches!(error.kind(), crate::ErrorKind::PeerLost(_))
}

/// Of two errors, the one that says why the run stopped: not the
/// "stopped because another worker did" that follows it.
fn root_cause(earlier: Option<Error>, later: Error) -> Error {
    match earlier {
        Some(earlier) if !is_aborted(&earlier) || is_aborted(&later) => earlier,
        _ => later,
    }
}

pub(crate) fn aborted() -> Error {
    Error::peer_lost("another worker of this process stopped")
}

fn is_aborted(error: &Error) -> bool {
    *error == aborted()
}

/// How long a process that accepted a connection waits for its greeting:
/// a real process sends it at once.
const GREETING_PATIENCE: Duration = Duration::from_secs(5);
/// The least a connection accepted at the deadline is given to greet.
const STRAY_PATIENCE: Duration = Duration::from_millis(200);

/// The longest wait between two tries to reach a process not listening
/// yet.
const DIAL_PAUSE: Duration = Duration::from_millis(50);
/// The wait between two looks for a connection to accept: short, since
/// a connection waited for holds up every process of the run.
const ACCEPT_PAUSE: Duration = Duration::from_millis(1);
/// At most this many turned-away connections are named in an error.
const STRAYS_NAMED: usize = 3;

/// The connections of this process to every other: timely's, and the
/// control connection beside it; `None` at this process's own index.
#[derive(Debug)]
struct Links {
    data: Vec<Option<TcpStream>>,
    control: Vec<Option<TcpStream>>,
}

impl Links {
    fn slots(&mut self, channel: Channel) -> &mut Vec<Option<TcpStream>> {
        match channel {
            Channel::Data => &mut self.data,
            Channel::Control => &mut self.control,
        }
    }
}

/// Two streams to every other process (see [`Links`]): dialled to the
/// processes before this one, accepted from those after it, each opened
/// by the two processes' [`Greeting`]s. Gives up after `timeout`, naming
/// who did not come and any connection it turned away.
fn connect(addresses: &[String], ours: Greeting, timeout: Duration) -> Result<Links, Error> {
    let deadline = Instant::now() + timeout;
    let process = usize::try_from(ours.process).unwrap_or(usize::MAX);
    let own = &addresses[process];
    let listener = TcpListener::bind(own.as_str()).map_err(|e| Error::connect(own, e))?;
    listener.set_nonblocking(true).map_err(|e| Error::connect(own, e))?;
    let mut links = Links {
        data: Vec::with_capacity(addresses.len()),
        control: Vec::with_capacity(addresses.len()),
    };
    for (index, address) in addresses.iter().enumerate().take(process) {
        links.data.push(Some(dial(address, index, ours.on(Channel::Data), deadline, timeout)?));
        let control = dial(address, index, ours.on(Channel::Control), deadline, timeout)?;
        links.control.push(Some(control));
    }
    links.data.resize_with(addresses.len(), || None);
    links.control.resize_with(addresses.len(), || None);
    accept_later_processes(&listener, own, ours, &mut links, deadline, timeout)?;
    for stream in links.data.iter().chain(&links.control).flatten() {
        stream.set_nodelay(true).map_err(|e| Error::connect(own, e))?;
        detect_silence(stream).map_err(|e| Error::connect(own, e))?;
    }
    Ok(links)
}

/// The stream to process `index` at `address`, once it has answered
/// `ours` with a greeting of the same run.
fn dial(
    address: &str,
    index: usize,
    ours: Greeting,
    deadline: Instant,
    timeout: Duration,
) -> Result<TcpStream, Error> {
    // Processes started together find each other within a millisecond or
    // two; one started later is waited for at most `DIAL_PAUSE` between
    // tries.
    let mut pause = Duration::from_millis(1);
    let mut stream = loop {
        match TcpStream::connect(address) {
            Ok(stream) => break stream,
            Err(error) if Instant::now() >= deadline => {
                return Err(Error::connect(
                    address,
                    format!("process {index} did not answer within {timeout:?} ({error})"),
                ));
            }
            Err(_) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(DIAL_PAUSE);
            }
        }
    };
    ours.send(&mut stream).map_err(|e| Error::connect(address, e))?;
    // The process there answers once it has connected to the processes
    // before it; this one waits for that no longer than its own deadline,
    // as --connect-timeout promises.
    let patience = deadline.saturating_duration_since(Instant::now());
    let answer = Greeting::receive(&mut stream, patience).map_err(|e| {
        let silence = Greeting::silence(&e);
        Error::connect(
            address,
            format!("process {index} did not answer ({silence}); see its own error"),
        )
    })?;
    let why = match answer {
        Some(theirs) if theirs.process == index as u64 => ours.mismatch(&theirs),
        Some(theirs) => {
            Some(format!("is process {}: give every process the same host file", theirs.process))
        }
        None => Some("is not a process of a cluster".to_string()),
    };
    match why {
        Some(why) => {
            Err(Error::connect(address, format!("what answered as process {index} {why}")))
        }
        None => Ok(stream),
    }
}

/// Accepts the processes after this one into the empty places of
/// `links`, turning away connections that do not greet. A process that
/// greets is answered before it is checked, so that a process started
/// differently is refused by name on both sides.
fn accept_later_processes(
    listener: &TcpListener,
    own: &str,
    ours: Greeting,
    links: &mut Links,
    deadline: Instant,
    timeout: Duration,
) -> Result<(), Error> {
    let process = usize::try_from(ours.process).unwrap_or(usize::MAX);
    let mut missing = 2 * (links.data.len() - process - 1);
    let mut strays: Vec<String> = Vec::new();
    while missing > 0 {
        match listener.accept() {
            Ok((mut stream, peer)) => {
                stream.set_nonblocking(false).map_err(|e| Error::connect(own, e))?;
                // A real process greets at once; a silent stray is not
                // waited for past the deadline.
                let left = deadline.saturating_duration_since(Instant::now());
                let patience = GREETING_PATIENCE.min(left.max(STRAY_PATIENCE));
                let theirs = match Greeting::receive(&mut stream, patience) {
                    Ok(Some(theirs)) => theirs,
                    Ok(None) => {
                        strays.push(format!("{peer} (it is not a process of a cluster)"));
                        continue;
                    }
                    Err(error) => {
                        strays.push(format!("{peer} ({})", Greeting::silence(&error)));
                        continue;
                    }
                };
                let index = usize::try_from(theirs.process).unwrap_or(usize::MAX);
                ours.on(theirs.channel).send(&mut stream).map_err(|e| Error::connect(own, e))?;
                if let Some(why) = ours.mismatch(&theirs) {
                    return Err(Error::connect(own, format!("process {index} at {peer} {why}")));
                }
                let slots = links.slots(theirs.channel);
                if index <= process || index >= slots.len() || slots[index].is_some() {
                    return Err(Error::connect(
                        own,
                        format!("a peer at {peer} said it was process {index}"),
                    ));
                }
                slots[index] = Some(stream);
                missing -= 1;
            }
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let absent: Vec<String> = (process + 1..links.data.len())
                        .filter(|&index| {
                            links.data[index].is_none() || links.control[index].is_none()
                        })
                        .map(|index| index.to_string())
                        .collect();
                    let mut reason =
                        format!("process {} did not connect within {timeout:?}", absent.join(", "));
                    if !strays.is_empty() {
                        let named = strays[..strays.len().min(STRAYS_NAMED)].join(", ");
                        reason += "; ";
                        reason += &strays.len().to_string();
                        reason += " other connection(s) turned away: ";
                        reason += &named;
                    }
                    return Err(Error::connect(own, reason));
                }
                std::thread::sleep(ACCEPT_PAUSE);
            }
            Err(error) => return Err(Error::connect(own, error)),
        }
    }
    Ok(())
}

/// How long a connection may be silent before the kernel asks whether the
/// peer is there, and how long unacknowledged data may wait: a machine
/// that vanishes without closing its connections (power lost, cable
/// pulled) then breaks them within about half a minute, and the run stops
/// with an error instead of waiting for TCP's default of many minutes.
#[cfg(target_os = "linux")]
fn detect_silence(stream: &TcpStream) -> std::io::Result<()> {
    const IDLE: Duration = Duration::from_secs(10);
    const PROBE_EVERY: Duration = Duration::from_secs(5);
    const PROBES: u32 = 3;
    const UNACKNOWLEDGED: Duration = Duration::from_secs(30);
    let socket = socket2::SockRef::from(stream);
    let keepalive = socket2::TcpKeepalive::new()
        .with_time(IDLE)
        .with_interval(PROBE_EVERY)
        .with_retries(PROBES);
    socket.set_tcp_keepalive(&keepalive)?;
    socket.set_tcp_user_timeout(Some(UNACKNOWLEDGED))
}

/// Elsewhere the operating system's defaults apply.
#[cfg(not(target_os = "linux"))]
fn detect_silence(_: &TcpStream) -> std::io::Result<()> {
    Ok(())
}

/// What each process of a cluster says first on every connection it
/// makes or accepts: who it is and what it was started with. A process
/// that accepts checks the dialler's greeting before it answers with its
/// own, and the dialler checks the answer, so that a cluster whose
/// processes were started differently stops at once with a message
/// instead of exchanging data that means something else to each side, and
/// a connection from something that is not a process of a cluster (a port
/// scanner, a health check, a process of another run that was handed the
/// same port) is turned away without ending the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Greeting {
    process: u64,
    processes: u64,
    threads: u64,
    /// The hash of the address list.
    addresses: u64,
    /// The job the run was started on.
    job: Job,
    /// Which of the two connections between two processes this opens.
    channel: Channel,
}

/// What the processes of a cluster must agree on to join one run: what
/// it computes, and the options that change its answer or its protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Job {
    /// A hash of the engine, the space's type and description, and what
    /// the engine adds (the rank count, the starts).
    pub(crate) fingerprint: u64,
    /// The depth limit: a process that stops at a depth where another
    /// goes on would leave it waiting.
    pub(crate) max_depth: Option<usize>,
    /// Whether the run saves checkpoints and resumes from them: a resumed
    /// run begins with rounds of its own.
    pub(crate) checkpoints: Checkpoints,
}

/// What a run does with checkpoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Checkpoints {
    None,
    Save,
    Resume,
}

impl Checkpoints {
    fn code(self) -> u64 {
        match self {
            Checkpoints::None => 0,
            Checkpoints::Save => 1,
            Checkpoints::Resume => 2,
        }
    }

    fn from_code(code: u64) -> Option<Checkpoints> {
        [Checkpoints::None, Checkpoints::Save, Checkpoints::Resume].into_iter().nth(code as usize)
    }

    fn words(self) -> &'static str {
        match self {
            Checkpoints::None => "saves no checkpoints",
            Checkpoints::Save => "saves checkpoints",
            Checkpoints::Resume => "resumes from a checkpoint",
        }
    }
}

/// The two connections between two processes: timely's, and the one
/// that carries heartbeats and failures (see the `control` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Channel {
    Data,
    Control,
}

impl Greeting {
    /// The first bytes of every greeting: the protocol and its version.
    const TAG: [u8; 8] = *b"srchdst\x02";
    const BYTES: usize = 8 + 8 * 8;

    fn new(workers: &Workers, job: Job) -> Greeting {
        Greeting {
            process: workers.process as u64,
            processes: workers.processes() as u64,
            threads: workers.threads as u64,
            addresses: BuildStateHasher.hash_one(&workers.addresses),
            job,
            channel: Channel::Data,
        }
    }

    /// This greeting, opening a connection of `channel`.
    fn on(self, channel: Channel) -> Greeting {
        Greeting { channel, ..self }
    }

    fn to_bytes(self) -> [u8; Greeting::BYTES] {
        let mut bytes = [0u8; Greeting::BYTES];
        bytes[..8].copy_from_slice(&Greeting::TAG);
        let fields = [
            self.process,
            self.processes,
            self.threads,
            self.addresses,
            self.job.fingerprint,
            self.job.max_depth.map_or(u64::MAX, |depth| depth as u64),
            self.job.checkpoints.code(),
            u64::from(self.channel == Channel::Control),
        ];
        for (chunk, field) in bytes[8..].chunks_exact_mut(8).zip(fields) {
            chunk.copy_from_slice(&field.to_le_bytes());
        }
        bytes
    }

    /// The greeting in `bytes`, or `None` when they are not one.
    fn from_bytes(bytes: &[u8; Greeting::BYTES]) -> Option<Greeting> {
        if bytes[..8] != Greeting::TAG {
            return None;
        }
        let mut fields = bytes[8..].chunks_exact(8).map(|chunk| {
            let mut field = [0u8; 8];
            field.copy_from_slice(chunk);
            u64::from_le_bytes(field)
        });
        let mut next = || fields.next().unwrap_or_default();
        let (process, processes, threads, addresses) = (next(), next(), next(), next());
        let fingerprint = next();
        let max_depth = match next() {
            u64::MAX => None,
            depth => Some(usize::try_from(depth).ok()?),
        };
        let checkpoints = Checkpoints::from_code(next())?;
        let channel = match next() {
            0 => Channel::Data,
            1 => Channel::Control,
            _ => return None,
        };
        let job = Job { fingerprint, max_depth, checkpoints };
        Some(Greeting { process, processes, threads, addresses, job, channel })
    }

    /// Why a process that greeted with `theirs` is not a process of this
    /// one's run, if it is not.
    fn mismatch(&self, theirs: &Greeting) -> Option<String> {
        let depth = |depth: Option<usize>| depth.map_or("none".to_string(), |d| d.to_string());
        if (theirs.processes, theirs.addresses) != (self.processes, self.addresses) {
            Some(
                "was started with another host file or number of processes: \
                 give every process the same --processes and host file"
                    .to_string(),
            )
        } else if theirs.threads != self.threads {
            Some(format!(
                "runs {} worker threads a process where this one runs {}: \
                 give every process the same number",
                theirs.threads, self.threads
            ))
        } else if theirs.job.fingerprint != self.job.fingerprint {
            Some(
                "was started on another job (another space, engine or start), \
                 or is another build of the program"
                    .to_string(),
            )
        } else if theirs.job.max_depth != self.job.max_depth {
            Some(format!(
                "was started with a depth limit (--max-depth) of {} where this one has {}: \
                 give every process the same",
                depth(theirs.job.max_depth),
                depth(self.job.max_depth)
            ))
        } else if theirs.job.checkpoints != self.job.checkpoints {
            Some(format!(
                "{} (--checkpoint, --resume) where this one {}: \
                 give every process the same",
                theirs.job.checkpoints.words(),
                self.job.checkpoints.words()
            ))
        } else {
            None
        }
    }

    fn send(self, stream: &mut TcpStream) -> std::io::Result<()> {
        stream.write_all(&self.to_bytes())
    }

    /// Reads a greeting from `stream`, waiting at most `patience`: `None`
    /// when what came is not one.
    fn receive(stream: &mut TcpStream, patience: Duration) -> std::io::Result<Option<Greeting>> {
        stream.set_read_timeout(Some(patience.max(Duration::from_millis(1))))?;
        let mut bytes = [0u8; Greeting::BYTES];
        stream.read_exact(&mut bytes)?;
        stream.set_read_timeout(None)?;
        Ok(Greeting::from_bytes(&bytes))
    }

    /// What a failed [`receive`](Greeting::receive) says, in words.
    fn silence(error: &std::io::Error) -> String {
        match error.kind() {
            std::io::ErrorKind::UnexpectedEof => "it closed the connection".to_string(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
                "no greeting came in time".to_string()
            }
            _ => error.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The addresses of `count` ports that were free a moment ago, below
    /// Linux's ephemeral ports (32,768 and up), so that no connection
    /// another test opens meanwhile is given one; distinct within a run.
    fn free_addresses(count: usize) -> Vec<String> {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let spread = std::process::id() % 1_000 * 10;
        let mut addresses = Vec::new();
        while addresses.len() < count {
            let offset = (spread + NEXT.fetch_add(1, Ordering::Relaxed)) % 12_000;
            let address = format!("127.0.0.1:{}", 20_000 + offset);
            if TcpListener::bind(address.as_str()).is_ok() {
                addresses.push(address);
            }
        }
        addresses
    }

    fn greeting(addresses: &[String], process: usize, threads: usize, job: u64) -> Greeting {
        let workers = Workers::cluster(threads, process, addresses.to_vec()).expect("a cluster");
        Greeting::new(&workers, plain(job))
    }

    /// A job of fingerprint `fingerprint`, without a depth limit or
    /// checkpoints.
    fn plain(fingerprint: u64) -> Job {
        Job { fingerprint, max_depth: None, checkpoints: Checkpoints::None }
    }

    /// Runs `connect` for `greeting` on a thread of its own.
    fn connecting(
        addresses: &[String],
        greeting: Greeting,
        timeout: Duration,
    ) -> std::thread::JoinHandle<Result<Links, Error>> {
        let addresses = addresses.to_vec();
        std::thread::spawn(move || connect(&addresses, greeting, timeout))
    }

    /// A connection to `address` once something listens there.
    fn dial(address: &str) -> TcpStream {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match TcpStream::connect(address) {
                Ok(stream) => return stream,
                Err(error) => assert!(Instant::now() < deadline, "{address}: {error}"),
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn a_greeting_reads_back_and_other_bytes_are_not_one() {
        let job =
            Job { fingerprint: u64::MAX, max_depth: Some(3), checkpoints: Checkpoints::Resume };
        let ours = Greeting {
            process: 1,
            processes: 3,
            threads: 2,
            addresses: 7,
            job,
            channel: Channel::Control,
        };
        assert_eq!(Greeting::from_bytes(&ours.to_bytes()), Some(ours));
        let plain = Greeting { job: plain(5), channel: Channel::Data, ..ours };
        assert_eq!(Greeting::from_bytes(&plain.to_bytes()), Some(plain));
        let mut bytes = ours.to_bytes();
        bytes[0] = b'G';
        assert_eq!(Greeting::from_bytes(&bytes), None);
        assert_eq!(ours.mismatch(&Greeting { process: 2, ..ours }), None);
    }

    #[test]
    fn a_greeting_names_what_differs() {
        let addresses = free_addresses(2);
        let ours = greeting(&addresses, 0, 2, 9);
        let why = |theirs: Greeting| ours.mismatch(&theirs).expect("a mismatch");
        assert!(why(greeting(&addresses, 1, 3, 9)).contains("runs 3 worker threads"));
        assert!(why(greeting(&addresses, 1, 2, 8)).contains("another job"));
        let mut others = addresses.clone();
        others.reverse();
        assert!(why(greeting(&others, 1, 2, 9)).contains("another host file"));
        let limited = Greeting { job: Job { max_depth: Some(3), ..plain(9) }, ..ours };
        let message = why(limited);
        assert!(
            message.contains("depth limit (--max-depth) of 3 where this one has none"),
            "{message}"
        );
        let resumed =
            Greeting { job: Job { checkpoints: Checkpoints::Resume, ..plain(9) }, ..ours };
        let message = why(resumed);
        assert!(message.contains("resumes from a checkpoint (--checkpoint, --resume) where this one saves no checkpoints"), "{message}");
    }

    #[test]
    fn connections_that_do_not_greet_are_turned_away_and_the_cluster_forms() {
        let addresses = free_addresses(2);
        let timeout = Duration::from_secs(30);
        let first = connecting(&addresses, greeting(&addresses, 0, 1, 5), timeout);
        // One that closes at once, one that says something else.
        drop(dial(&addresses[0]));
        let request =
            b"GET /health HTTP/1.1\r\nHost: localhost\r\nUser-Agent: probe\r\nAccept: */*\r\n\r\n";
        assert!(request.len() > Greeting::BYTES);
        dial(&addresses[0]).write_all(request).ok();
        let second = connecting(&addresses, greeting(&addresses, 1, 1, 5), timeout);
        let first = first.join().expect("no panic").expect("process 0 connects");
        let second = second.join().expect("no panic").expect("process 1 connects");
        for links in [&first.data, &first.control] {
            assert!(links[0].is_none() && links[1].is_some());
        }
        for links in [&second.data, &second.control] {
            assert!(links[0].is_some() && links[1].is_none());
        }
    }

    #[test]
    fn processes_of_other_thread_counts_refuse_each_other() {
        let addresses = free_addresses(2);
        let timeout = Duration::from_secs(30);
        let first = connecting(&addresses, greeting(&addresses, 0, 1, 5), timeout);
        let second = connecting(&addresses, greeting(&addresses, 1, 2, 5), timeout);
        let first = first.join().expect("no panic").expect_err("process 0 refuses");
        let second = second.join().expect("no panic").expect_err("process 1 is refused");
        assert!(first.to_string().contains("process 1 at"), "{first}");
        assert!(first.to_string().contains("runs 2 worker threads"), "{first}");
        // Process 0 answers before it refuses: both say what differs.
        assert!(second.to_string().contains("what answered as process 0 runs 1"), "{second}");
    }

    #[test]
    fn processes_of_other_depth_limits_refuse_each_other_by_name() {
        let addresses = free_addresses(2);
        let timeout = Duration::from_secs(30);
        let limited = Greeting {
            job: Job { max_depth: Some(3), ..plain(5) },
            ..greeting(&addresses, 1, 1, 5)
        };
        let first = connecting(&addresses, greeting(&addresses, 0, 1, 5), timeout);
        let second = connecting(&addresses, limited, timeout);
        let first = first.join().expect("no panic").expect_err("process 0 refuses");
        let second = second.join().expect("no panic").expect_err("process 1 is refused");
        let first = first.to_string();
        assert!(
            first.contains("depth limit (--max-depth) of 3 where this one has none"),
            "{first}"
        );
        let second = second.to_string();
        assert!(second.contains("what answered as process 0 was started with a depth limit (--max-depth) of none where this one has 3"), "{second}");
    }

    #[test]
    fn a_timeout_names_the_absent_process_and_what_was_turned_away() {
        let addresses = free_addresses(2);
        let first =
            connecting(&addresses, greeting(&addresses, 0, 1, 5), Duration::from_millis(1500));
        dial(&addresses[0]).write_all(&[0u8; Greeting::BYTES]).ok();
        let error = first.join().expect("no panic").expect_err("process 1 never comes");
        let message = error.to_string();
        assert!(message.contains("process 1 did not connect within 1.5s"), "{message}");
        assert!(message.contains("turned away"), "{message}");
    }

    #[test]
    fn a_peer_that_never_answers_is_given_up_on_at_the_timeout() {
        let addresses = free_addresses(2);
        // Process 0's address accepts connections and says nothing.
        let silent = std::net::TcpListener::bind(addresses[0].as_str()).expect("bound");
        let started = Instant::now();
        let second =
            connecting(&addresses, greeting(&addresses, 1, 1, 5), Duration::from_millis(1500));
        let (_held, _) = silent.accept().expect("process 1 dials");
        let error = second.join().expect("no panic").expect_err("no answer comes");
        let waited = started.elapsed();
        assert!(error.to_string().contains("process 0 did not answer"), "{error}");
        // It took 1.5 s and then the greeting's 5 s of patience: 6.5 s.
        assert!(waited < Duration::from_secs(5), "gave up after {waited:?}");
    }

    #[test]
    fn a_stray_that_never_greets_is_not_waited_for_past_the_timeout() {
        let addresses = free_addresses(2);
        let started = Instant::now();
        let first =
            connecting(&addresses, greeting(&addresses, 0, 1, 5), Duration::from_millis(1500));
        // Connects near the deadline and never greets.
        std::thread::sleep(Duration::from_millis(1300));
        let _stray = dial(&addresses[0]);
        let error = first.join().expect("no panic").expect_err("process 1 never comes");
        let waited = started.elapsed();
        assert!(error.to_string().contains("process 1 did not connect"), "{error}");
        // It took 1.3 s and then the greeting's 5 s of patience: 6.3 s.
        assert!(waited < Duration::from_secs(5), "gave up after {waited:?}");
    }
}
