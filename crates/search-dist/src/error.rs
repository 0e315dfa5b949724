//! What can go wrong in a distributed run.

use std::fmt;

/// The error of a distributed run.
///
/// # Example
///
/// ```
/// use search_dist::{ErrorKind, Workers};
///
/// let error = Workers::threads(0).unwrap_err();
/// assert!(matches!(error.kind(), ErrorKind::Config(_)));
/// assert_eq!(error.to_string(), "a run needs at least one worker thread");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// The kinds of [`Error`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A search error of a worker of this process: a table over the memory
    /// limit, a rank out of bounds, a checkpoint that cannot be read.
    Search(search_core::Error),
    /// A worker of another process failed; its message.
    Worker {
        /// The worker's index among all workers of the run.
        worker: usize,
        /// What went wrong there.
        message: String,
    },
    /// The processes of a cluster could not connect.
    Connect {
        /// The address this process listened on or dialled.
        address: String,
        /// Why.
        reason: String,
    },
    /// A process of the run stopped, or its connection broke, in the
    /// middle of the run.
    PeerLost(String),
    /// The run's configuration is wrong: no workers, a process index
    /// outside the host list, an unreadable host file.
    Config(String),
}

impl Error {
    /// An error of `kind`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_dist::{Error, ErrorKind};
    ///
    /// let error = Error::new(ErrorKind::PeerLost("process 1 stopped".into()));
    /// assert_eq!(error.to_string(), "a process of the run stopped: process 1 stopped");
    /// ```
    pub fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// What went wrong.
    ///
    /// # Example
    ///
    /// See [`Error`].
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    pub(crate) fn config(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Config(message.into()))
    }

    pub(crate) fn connect(address: &str, reason: impl fmt::Display) -> Error {
        Error::new(ErrorKind::Connect { address: address.to_string(), reason: reason.to_string() })
    }

    pub(crate) fn peer_lost(detail: impl Into<String>) -> Error {
        Error::new(ErrorKind::PeerLost(detail.into()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Search(error) => error.fmt(f),
            ErrorKind::Worker { worker, message } => write!(f, "worker {worker}: {message}"),
            ErrorKind::Connect { address, reason } => {
                write!(f, "cannot connect the cluster at {address}: {reason}")
            }
            ErrorKind::PeerLost(detail) => write!(f, "a process of the run stopped: {detail}"),
            ErrorKind::Config(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Search(error) => Some(error),
            _ => None,
        }
    }
}

impl From<search_core::Error> for Error {
    fn from(error: search_core::Error) -> Error {
        Error::new(ErrorKind::Search(error))
    }
}
