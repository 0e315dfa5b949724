//! Where a run's workers are ([`Workers`]), and starting them: timely's
//! allocators for threads in one process or for a cluster, one thread per
//! worker, failures turned into errors.

use std::any::Any;
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

use crate::error::Error;

/// The most worker threads one process may run.
const MAX_THREADS: usize = 1024;

/// Where the workers of a run are: threads in this process, and, for a
/// cluster, the address of every process.
///
/// Every process of a cluster is started with the same addresses and
/// threads and its own index, as timely-dataflow's own programs are
/// (`-w THREADS -n PROCESSES -p INDEX -h HOSTFILE`). Worker `i` of process
/// `p` is worker `p * threads + i` of the run.
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
}

impl Workers {
    /// How long a process of a cluster waits for the others to connect,
    /// unless told otherwise.
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

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
        Ok(Workers { threads, process, addresses, connect_timeout: Self::DEFAULT_CONNECT_TIMEOUT })
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
    /// nowhere.
    pub(crate) fn run<T, B>(
        &self,
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
        let (builders, communication) = self.allocators()?;
        let abort = Arc::new(AtomicBool::new(false));
        let (sender, messages) = mpsc::channel::<Message<T>>();
        let first = self.process * self.threads;
        let threads = {
            let abort = Arc::clone(&abort);
            initialize_from(builders, communication, move |allocator| {
                let mut worker = Worker::new(WorkerConfig::default(), allocator, None);
                let index = worker.index();
                let sender = sender.clone();
                let report = |depth, size| {
                    if index == first {
                        let _ = sender.send(Message::Layer(depth, size));
                    }
                };
                let outcome = catch_unwind(AssertUnwindSafe(|| body(&mut worker, &abort, &report)))
                    .unwrap_or_else(|payload| Err(panic_error(&*payload)));
                if outcome.is_err() {
                    abort.store(true, Ordering::Relaxed);
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
        if failure.as_ref().is_some_and(is_breakage) {
            // The threads that carry data between processes stopped on a
            // broken connection; joining them would only repeat its panic.
            // Left to the process's exit, they close this process's
            // sockets unannounced, so that the other processes stop too
            // instead of waiting for this one.
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

    fn allocators(&self) -> Result<(Vec<AllocatorBuilder>, Box<dyn Any + Send>), Error> {
        if self.addresses.is_empty() {
            let config = if self.threads == 1 {
                CommunicationConfig::Thread
            } else {
                CommunicationConfig::Process(self.threads)
            };
            return config.try_build().map_err(Error::config);
        }
        let hooks = Hooks::default();
        let local = ProcessBuilder::new_typed_vector(
            self.threads,
            hooks.refill.clone(),
            hooks.spill.clone(),
        );
        let sockets = connect(&self.addresses, self.process, self.connect_timeout)?;
        let (builders, guard) =
            initialize_networking_from_sockets(local, sockets, self.process, self.threads, hooks)
                .map_err(|e| Error::connect(&self.addresses[self.process], e))?;
        Ok((builders.into_iter().map(AllocatorBuilder::Tcp).collect(), Box::new(guard)))
    }
}

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

/// One stream to every other process: dialled to the processes before
/// this one, accepted from those after it, each introduced by the
/// dialler's index. Gives up after `timeout`, naming who did not come.
fn connect(
    addresses: &[String],
    process: usize,
    timeout: Duration,
) -> Result<Vec<Option<TcpStream>>, Error> {
    let deadline = Instant::now() + timeout;
    let mut sockets: Vec<Option<TcpStream>> = (0..addresses.len()).map(|_| None).collect();
    let own = &addresses[process];
    let listener = TcpListener::bind(own.as_str()).map_err(|e| Error::connect(own, e))?;
    listener.set_nonblocking(true).map_err(|e| Error::connect(own, e))?;
    for (index, address) in addresses.iter().enumerate().take(process) {
        let mut stream = loop {
            match TcpStream::connect(address.as_str()) {
                Ok(stream) => break stream,
                Err(error) if Instant::now() >= deadline => {
                    return Err(Error::connect(
                        address,
                        format!("process {index} did not answer within {timeout:?} ({error})"),
                    ));
                }
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        };
        introduce(&mut stream, process).map_err(|e| Error::connect(address, e))?;
        sockets[index] = Some(stream);
    }
    let mut missing = addresses.len() - process - 1;
    while missing > 0 {
        match listener.accept() {
            Ok((mut stream, _)) => {
                stream.set_nonblocking(false).map_err(|e| Error::connect(own, e))?;
                let index = introduced(&mut stream).map_err(|e| Error::connect(own, e))?;
                if index <= process || index >= addresses.len() || sockets[index].is_some() {
                    return Err(Error::connect(own, format!("a peer said it was process {index}")));
                }
                sockets[index] = Some(stream);
                missing -= 1;
            }
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let absent: Vec<String> = (process + 1..addresses.len())
                        .filter(|&index| sockets[index].is_none())
                        .map(|index| index.to_string())
                        .collect();
                    return Err(Error::connect(
                        own,
                        format!("process {} did not connect within {timeout:?}", absent.join(", ")),
                    ));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(error) => return Err(Error::connect(own, error)),
        }
    }
    for stream in sockets.iter().flatten() {
        stream.set_nodelay(true).map_err(|e| Error::connect(own, e))?;
        detect_silence(stream).map_err(|e| Error::connect(own, e))?;
    }
    Ok(sockets)
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

fn introduce(stream: &mut TcpStream, process: usize) -> std::io::Result<()> {
    stream.write_all(&(process as u64).to_le_bytes())
}

fn introduced(stream: &mut TcpStream) -> std::io::Result<usize> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut bytes = [0u8; 8];
    stream.read_exact(&mut bytes)?;
    stream.set_read_timeout(None)?;
    Ok(usize::try_from(u64::from_le_bytes(bytes)).unwrap_or(usize::MAX))
}
