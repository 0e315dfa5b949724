//! The control connections of a cluster: beside timely's own connection,
//! each pair of processes keeps a second one, on which each says it is
//! alive (a heartbeat), that it failed and why, or that it finished.
//!
//! timely's connections cannot tell a peer that is stopped (`SIGSTOP`),
//! hung or silent from one that is busy, and a process whose run ended
//! with an error may leave its connections open: the others would then
//! wait for a round that never ends. Over these connections a process's
//! failure reaches every other process at once, and a peer that sends
//! nothing for the peer timeout is named as lost.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, mpsc};
use std::time::Duration;

use crate::error::{Error, ErrorKind};

/// A heartbeat: the process is alive.
const BEAT: u8 = b'H';
/// The process finished its run: nothing more comes.
const DONE: u8 = b'D';
/// A worker of the process failed: its index and message follow.
const WORKER_FAILED: u8 = b'W';
/// The process lost another: the message follows.
const PEER_LOST: u8 = b'P';
/// The longest message a peer's failure may carry.
const MAX_MESSAGE: u64 = 1 << 16;
/// The longest pause between two heartbeats.
const MAX_BEAT_EVERY: Duration = Duration::from_secs(1);

/// This process's end of the control connections.
pub(crate) struct Control {
    /// The write side of each connection, with the peer's process index,
    /// shared with the heartbeat thread: a heartbeat and a last word are
    /// never written into each other.
    writers: Arc<Mutex<Writers>>,
    shared: Arc<Shared>,
    /// Dropped to stop the heartbeat thread.
    stop_beats: Mutex<Option<mpsc::Sender<()>>>,
}

/// The write sides of the control connections.
struct Writers {
    streams: Vec<(usize, TcpStream)>,
    /// Whether this process has said its last word: no heartbeat follows.
    said: bool,
}

/// What the reader threads learn, shared with the workers.
struct Shared {
    /// The first failure a peer reported, or the first peer lost.
    failure: Mutex<News>,
    /// Wakes whoever waits for news.
    changed: Condvar,
    /// Set on news, so that this process's workers stop waiting.
    abort: Arc<AtomicBool>,
    /// Set once this process's run is over: later news is not news.
    over: AtomicBool,
}

#[derive(Default)]
struct News {
    failure: Option<Error>,
    /// Readers still watching a peer.
    watching: usize,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Control {
    /// Starts watching the peers on `streams` (process index, stream,
    /// address): a peer silent for `timeout` is lost, and any news sets
    /// `abort`. Sends a heartbeat on each at least every `timeout / 4`.
    pub(crate) fn start(
        streams: Vec<(usize, TcpStream, String)>,
        timeout: Duration,
        abort: Arc<AtomicBool>,
    ) -> std::io::Result<Control> {
        let beat_every = (timeout / 4).clamp(Duration::from_millis(1), MAX_BEAT_EVERY);
        let shared = Arc::new(Shared {
            failure: Mutex::new(News { failure: None, watching: streams.len() }),
            changed: Condvar::new(),
            abort,
            over: AtomicBool::new(false),
        });
        let mut writers = Vec::with_capacity(streams.len());
        for (process, stream, address) in streams {
            stream.set_read_timeout(Some(timeout))?;
            // A stopped peer's buffers can fill: a write waits no longer
            // than it takes to call the peer lost.
            stream.set_write_timeout(Some(timeout))?;
            writers.push((process, stream.try_clone()?));
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("search-dist:watch-{process}"))
                .spawn(move || watch(stream, process, &address, timeout, &shared))?;
        }
        let writers = Arc::new(Mutex::new(Writers { streams: writers, said: false }));
        let (stop, stopped) = mpsc::channel::<()>();
        let beating = Arc::clone(&writers);
        std::thread::Builder::new().name("search-dist:heartbeat".to_string()).spawn(move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(beat_every) {
                let mut writers = lock(&beating);
                if writers.said {
                    break;
                }
                for (_, stream) in &mut writers.streams {
                    // A peer that cannot be written to is found by its reader.
                    let _ = stream.write_all(&[BEAT]);
                }
            }
        })?;
        Ok(Control { writers, shared, stop_beats: Mutex::new(Some(stop)) })
    }

    /// Tells every peer that this process's run failed with `error` (of
    /// worker `worker`), and stops the heartbeats. Only the first call
    /// says anything.
    pub(crate) fn fail(&self, worker: usize, error: &Error) {
        let frame = match error.kind() {
            ErrorKind::PeerLost(message) => frame(PEER_LOST, None, message),
            ErrorKind::Worker { worker, message } => frame(WORKER_FAILED, Some(*worker), message),
            _ => frame(WORKER_FAILED, Some(worker), &error.to_string()),
        };
        self.say(&frame);
    }

    /// Tells every peer that this process finished its run.
    pub(crate) fn finish(&self) {
        self.say(&[DONE]);
    }

    /// Sends `bytes` to every peer, once: the last word of this process.
    fn say(&self, bytes: &[u8]) {
        lock(&self.stop_beats).take();
        let mut writers = lock(&self.writers);
        if writers.said {
            return;
        }
        writers.said = true;
        for (_, stream) in &mut writers.streams {
            let _ = stream.write_all(bytes);
        }
    }

    /// Waits at most `patience` for news, or for every peer to have said
    /// its last word or closed its connection, and returns the news.
    pub(crate) fn wait_for_news(&self, patience: Duration) -> Option<Error> {
        let news = lock(&self.shared.failure);
        let (news, _) = self
            .shared
            .changed
            .wait_timeout_while(news, patience, |news| news.failure.is_none() && news.watching > 0)
            .unwrap_or_else(PoisonError::into_inner);
        news.failure.clone()
    }
}

impl Drop for Control {
    fn drop(&mut self) {
        self.shared.over.store(true, Ordering::Relaxed);
        lock(&self.stop_beats).take();
        for (_, stream) in &lock(&self.writers).streams {
            // Ends the reader threads, and tells the peers this process
            // has no more to say.
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

/// A failure frame: its kind, the worker for a worker's failure, the
/// message's length and bytes.
fn frame(kind: u8, worker: Option<usize>, message: &str) -> Vec<u8> {
    let message = &message.as_bytes()[..message.len().min(MAX_MESSAGE as usize)];
    let mut bytes = vec![kind];
    if let Some(worker) = worker {
        bytes.extend_from_slice(&(worker as u64).to_le_bytes());
    }
    bytes.extend_from_slice(&(message.len() as u64).to_le_bytes());
    bytes.extend_from_slice(message);
    bytes
}

/// Reads what process `process` at `address` says until its last word,
/// and records any failure, or its loss, as news.
fn watch(mut stream: TcpStream, process: usize, address: &str, timeout: Duration, shared: &Shared) {
    let news = loop {
        let mut kind = [0u8];
        match stream.read_exact(&mut kind) {
            Ok(()) => {}
            Err(error) => break Some(lost(process, address, timeout, &error)),
        }
        match kind[0] {
            BEAT => {}
            DONE => break None,
            WORKER_FAILED | PEER_LOST => {
                let failure = read_failure(&mut stream, kind[0], (process, address));
                break Some(failure.unwrap_or_else(|e| lost(process, address, timeout, &e)));
            }
            other => {
                break Some(Error::peer_lost(format!(
                    "process {process} at {address} sent {other:#04x} on its control \
                     connection: not a process of this program"
                )));
            }
        }
    };
    let mut recorded = lock(&shared.failure);
    recorded.watching -= 1;
    if let Some(news) = news
        && !shared.over.load(Ordering::Relaxed)
        && recorded.failure.is_none()
    {
        recorded.failure = Some(news);
        shared.abort.store(true, Ordering::Relaxed);
    }
    shared.changed.notify_all();
}

/// The failure process `process` at `address` reported in a frame of
/// `kind`: a worker's, or the loss of another process as it saw it.
fn read_failure(
    stream: &mut TcpStream,
    kind: u8,
    (process, address): (usize, &str),
) -> std::io::Result<Error> {
    let mut word = [0u8; 8];
    let worker = if kind == WORKER_FAILED {
        stream.read_exact(&mut word)?;
        Some(usize::try_from(u64::from_le_bytes(word)).unwrap_or(usize::MAX))
    } else {
        None
    };
    stream.read_exact(&mut word)?;
    let length = u64::from_le_bytes(word);
    if length > MAX_MESSAGE {
        return Err(std::io::Error::other(format!("a message of {length} bytes")));
    }
    let mut message = vec![0u8; length as usize];
    stream.read_exact(&mut message)?;
    let message = String::from_utf8_lossy(&message).into_owned();
    Ok(match worker {
        Some(worker) => Error::new(ErrorKind::Worker { worker, message }),
        None => {
            Error::peer_lost(format!("process {process} at {address} stopped the run: {message}"))
        }
    })
}

/// What a peer's silence, closed connection or broken one says.
fn lost(process: usize, address: &str, timeout: Duration, error: &std::io::Error) -> Error {
    use std::io::ErrorKind::{TimedOut, UnexpectedEof, WouldBlock};
    let why = match error.kind() {
        WouldBlock | TimedOut => format!(
            "sent nothing for {timeout:?} (the peer timeout): it is stopped, hung or cut off"
        ),
        UnexpectedEof => "closed its connection without a word: it crashed or was killed".into(),
        _ => format!("broke its connection: {error}"),
    };
    Error::peer_lost(format!("process {process} at {address} {why}"))
}
