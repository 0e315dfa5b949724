//! [`CancelHandle`]: a search stopped from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Stops the searches given it, from any thread: a clonable, `Send` token.
///
/// Every [`Run`](crate::Run) holds one: take a clone with
/// [`Run::cancel_handle`](crate::Run::cancel_handle), or give it one of
/// yours with [`Run::cancel_with`](crate::Run::cancel_with), so that one
/// handle stops several runs. [`cancel`](CancelHandle::cancel) then ends
/// the search given the run with
/// [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled) within 1,024
/// expansions, on every thread it runs on, its statistics those of the
/// search so far. A handle stays cancelled: every later search given it
/// ends at once, so a cancel that comes between two searches is never
/// lost. For new work, give the run a new handle with `cancel_with`.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, ErrorKind, Run};
/// use search_core::run::CancelHandle;
/// use search_core::breadth_first::Search;
///
/// let naturals = from_fn(|&n: &u64| [n + 1]);
/// let cancel = CancelHandle::new();
/// let mut search = Search::new();
/// let mut run = Run::new().cancel_with(cancel.clone());
/// let stopper = std::thread::spawn(move || cancel.cancel());
/// stopper.join().unwrap();
/// let error = search.distance(&naturals, [0], |_| false, &mut run).unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::Cancelled);
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelHandle(Arc<AtomicBool>);

impl CancelHandle {
    /// A handle not yet cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::run::CancelHandle;
    ///
    /// assert!(!CancelHandle::new().is_cancelled());
    /// ```
    pub fn new() -> CancelHandle {
        CancelHandle::default()
    }

    /// Cancels every search given a clone of this handle, and every later
    /// one.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::run::CancelHandle;
    ///
    /// let cancel = CancelHandle::new();
    /// let seen_elsewhere = cancel.clone();
    /// cancel.cancel();
    /// assert!(seen_elsewhere.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](CancelHandle::cancel) was called on this handle
    /// or a clone of it.
    ///
    /// # Example
    ///
    /// See [`cancel`](CancelHandle::cancel).
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
