//! The sorted engine run from Python, for `vector_enumerate` and
//! `enumerate_space(..., int_states=True)`: the GIL released while the
//! engine's threads take it for each batch of states, Ctrl-C and
//! `max_states` checked as each layer ends, and the first exception a
//! callable raised is what the caller sees.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use search_core::breadth_first::Enumeration;
use search_core::layers::Enumerator;
use search_core::run::CancelHandle;
use search_core::space::KeyedSpace;
use search_core::{Limits, Run};

use crate::sliding::Interrupt;
use crate::{LimitError, search_error};

/// What stops a run whose space calls Python: the first exception, kept
/// to be raised, and the cancel that ends the run.
#[derive(Default)]
pub(crate) struct Halt {
    raised: Mutex<Option<PyErr>>,
    cancel: CancelHandle,
}

impl Halt {
    /// Stops the run with `error`, unless one stopped it first.
    pub(crate) fn stop(&self, error: PyErr) {
        let mut raised = self.raised.lock().unwrap_or_else(PoisonError::into_inner);
        raised.get_or_insert(error);
        self.cancel.cancel();
    }

    /// Whether the run is stopping: a batch not begun need not be.
    pub(crate) fn is_stopped(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// The space's failure, for [`KeyedSpace::key_failure`]: the run
    /// ends with it, and [`layers`] raises the exception itself.
    pub(crate) fn failure(&self) -> Option<search_core::Error> {
        let raised = self.raised.lock().unwrap_or_else(PoisonError::into_inner);
        raised.is_some().then(|| search_core::Error::space_failed("successors raised"))
    }
}

/// The layers of `space` from `starts` within `limits`, but for their
/// state bound: `max_states` (none: `usize::MAX`) is checked here, as
/// each layer ends, in its place. `halt` is the space's own.
///
/// # Errors
///
/// What a callable or a signal handler raised, first; then `LimitError`
/// past `max_states`, or the engine's error.
pub(crate) fn layers<S: KeyedSpace>(
    py: Python<'_>,
    space: &S,
    halt: &Halt,
    starts: &[S::Key],
    limits: Limits,
    max_states: usize,
) -> PyResult<Enumeration<S::Key>> {
    let limits = limits.max_states(usize::MAX);
    let over = AtomicBool::new(false);
    let interrupt = Interrupt::default();
    let layers = py.detach(|| {
        let stop = halt.cancel.clone();
        // Reported as each layer ends, on this thread: Python runs its
        // signal handlers on its main thread only, not on the pool's.
        let mut run = Run::new().limits(limits).cancel_with(stop.clone()).on_progress(|done| {
            if done.stored > max_states as u64 {
                over.store(true, Ordering::Relaxed);
                stop.cancel();
            }
            if interrupt.check() {
                stop.cancel();
            }
        });
        Enumerator::new().run_keyed(space, starts, &mut run)
    });
    // What a callable or a signal handler raised comes first: it is why
    // the run stopped.
    let raised = halt.raised.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some(error) = raised.or_else(|| interrupt.into_error()) {
        return Err(error);
    }
    if over.load(Ordering::Relaxed) {
        return Err(LimitError::new_err(format!(
            "enumeration reached its limit of {max_states} stored states"
        )));
    }
    layers.map_err(|error| search_error(&error))
}
