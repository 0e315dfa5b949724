//! State spaces written in Python: states are hashable Python objects,
//! neighbours come from Python callables, and everything else (the visited
//! set, parents, frontiers) is search-core's, in Rust.

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use pyo3::types::PyList;
use search_core::{Limits, Path, Predecessors, Search, Successors};

use crate::search_error;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Layers>()?;
    module.add_function(wrap_pyfunction!(bfs, module)?)?;
    module.add_function(wrap_pyfunction!(bidirectional_bfs, module)?)?;
    module.add_function(wrap_pyfunction!(enumerate_space, module)?)?;
    Ok(())
}

/// A Python object as a search state, with its Python hash taken once,
/// when it entered the search: the search hashes and compares states many
/// times, and Python's `__hash__` is the costly part.
#[derive(Clone)]
struct PyState {
    object: Py<PyAny>,
    hash: isize,
}

impl PyState {
    fn new(object: Bound<'_, PyAny>) -> PyResult<PyState> {
        let hash = object.hash()?;
        Ok(PyState { object: object.unbind(), hash })
    }
}

impl Hash for PyState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl PartialEq for PyState {
    fn eq(&self, other: &PyState) -> bool {
        self.hash == other.hash
            && (self.object.as_ptr() == other.object.as_ptr()
                // Searches run holding the GIL, so this only counts a level.
                || Python::attach(|py| {
                    // An `__eq__` that raises answers "different", as a
                    // Python set would not: documented on the functions.
                    self.object.bind(py).eq(other.object.bind(py)).unwrap_or(false)
                }))
    }
}

impl Eq for PyState {}

/// A space whose neighbours come from Python callables.
struct Space<'py> {
    py: Python<'py>,
    successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    /// The first exception a callable raised. Once there is one, no more
    /// Python is called, goal tests answer yes so that the search stops,
    /// and the exception is raised when it returns.
    error: RefCell<Option<PyErr>>,
    calls: Cell<u32>,
}

/// Calls between checks for Ctrl-C.
const SIGNAL_EVERY: u32 = 1 << 10;

impl<'py> Space<'py> {
    fn new(successors: Bound<'py, PyAny>, predecessors: Option<Bound<'py, PyAny>>) -> Space<'py> {
        Space {
            py: successors.py(),
            successors,
            predecessors,
            error: RefCell::new(None),
            calls: Cell::new(0),
        }
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    fn fail(&self, error: PyErr) {
        self.error.borrow_mut().get_or_insert(error);
    }

    /// Calls `function(state)` and reports each state it returns.
    fn call(&self, function: &Bound<'py, PyAny>, state: &PyState, mut report: impl FnMut(PyState)) {
        if self.failed() {
            return;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        let outcome = (|| -> PyResult<()> {
            if calls.is_multiple_of(SIGNAL_EVERY) {
                self.py.check_signals()?;
            }
            let neighbours = function.call1((state.object.bind(self.py),))?;
            for neighbour in neighbours.try_iter()? {
                report(PyState::new(neighbour?)?);
            }
            Ok(())
        })();
        if let Err(error) = outcome {
            self.fail(error);
        }
    }

    /// `is_goal(state)`, or yes once something has failed.
    fn is_goal(&self, is_goal: &Bound<'py, PyAny>, state: &PyState) -> bool {
        if self.failed() {
            return true;
        }
        match is_goal.call1((state.object.bind(self.py),)).and_then(|answer| answer.is_truthy()) {
            Ok(answer) => answer,
            Err(error) => {
                self.fail(error);
                true
            }
        }
    }

    /// The search's answer: the callables' exception first, then its own.
    fn finish<T>(&self, result: Result<T, search_core::Error>) -> PyResult<T> {
        if let Some(error) = self.error.borrow_mut().take() {
            return Err(error);
        }
        result.map_err(|error| search_error(&error))
    }

    fn states(&self, path: &Path<PyState, ()>) -> Vec<Py<PyAny>> {
        path.states().iter().map(|state| state.object.clone_ref(self.py)).collect()
    }
}

impl Successors for Space<'_> {
    type State = PyState;
    type Move = ();

    fn successors<F: FnMut(PyState, ())>(&self, state: &PyState, mut report: F) {
        self.call(&self.successors, state, |next| report(next, ()));
    }
}

impl Predecessors for Space<'_> {
    fn predecessors<F: FnMut(PyState)>(&self, state: &PyState, report: F) {
        let function = self.predecessors.as_ref().unwrap_or(&self.successors);
        self.call(function, state, report);
    }
}

fn limits(max_states: Option<usize>, max_depth: Option<usize>) -> Limits {
    let mut limits = Limits::new();
    if let Some(states) = max_states {
        limits = limits.max_states(states);
    }
    if let Some(depth) = max_depth {
        limits = limits.max_depth(depth);
    }
    limits
}

/// A shortest path, as the list of its states, from `start` to the first
/// state for which `is_goal(state)` is true; None when no such state can
/// be reached. A list for `start` means several starts (a list is not
/// hashable, so it cannot be one state).
///
/// `successors(state)` returns an iterable of the states one move away.
/// States are any hashable objects; equal states must hash alike, as for a
/// `set`. Goals are tested as states are generated. `max_states` (default
/// 134,217,728) and `max_depth` bound the search: reaching one raises
/// LimitError. An exception raised by `successors` or `is_goal` propagates
/// unchanged; one raised by a state's `__eq__` counts as "not equal".
///
/// ```python
/// >>> # A knight's fewest moves across a chessboard.
/// >>> def knight(square):
/// ...     x, y = square
/// ...     jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
/// ...     return [(x + dx, y + dy) for dx, dy in jumps if 0 <= x + dx < 8 and 0 <= y + dy < 8]
/// >>> path = bfs((0, 0), knight, lambda square: square == (7, 7))
/// >>> len(path) - 1, path[0], path[-1]
/// (6, (0, 0), (7, 7))
/// ```
#[pyfunction]
#[pyo3(signature = (start, successors, is_goal, *, max_states = None, max_depth = None))]
fn bfs<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    max_states: Option<usize>,
    max_depth: Option<usize>,
) -> PyResult<Option<Vec<Py<PyAny>>>> {
    let starts = match start.cast::<PyList>() {
        Ok(list) => list.iter().map(PyState::new).collect::<PyResult<Vec<_>>>()?,
        Err(_) => vec![PyState::new(start)?],
    };
    let space = Space::new(successors, None);
    let result = Search::new()
        .limits(limits(max_states, max_depth))
        .bfs(&space, starts, |state| space.is_goal(&is_goal, state));
    Ok(space.finish(result)?.map(|path| space.states(&path)))
}

/// A shortest path from `start` to `goal`, searched from both ends, as
/// the list of its states; None when `goal` cannot be reached.
///
/// `predecessors(state)` returns the states one move before; leave it out
/// when every move can be undone (then `successors` serves both ways).
/// Limits and exceptions as for `bfs`; a `predecessors` that disagrees with
/// `successors` raises ValueError.
///
/// ```python
/// >>> # Counting by +1 and *2: the fewest steps from 1 to 100.
/// >>> path = bidirectional_bfs(
/// ...     1, 100,
/// ...     lambda n: [n + 1, n * 2],
/// ...     lambda n: [n - 1] + ([n // 2] if n % 2 == 0 else []),
/// ... )
/// >>> path
/// [1, 2, 3, 6, 12, 24, 25, 50, 100]
/// ```
#[pyfunction]
#[pyo3(signature = (start, goal, successors, predecessors = None, *, max_states = None))]
fn bidirectional_bfs<'py>(
    start: Bound<'py, PyAny>,
    goal: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    max_states: Option<usize>,
) -> PyResult<Option<Vec<Py<PyAny>>>> {
    let (start, goal) = (PyState::new(start)?, PyState::new(goal)?);
    let space = Space::new(successors, predecessors);
    let result = Search::new().limits(limits(max_states, None)).bidirectional(&space, start, goal);
    Ok(space.finish(result)?.map(|path| space.states(&path)))
}

/// Every state reachable from a start, layer by layer, as
/// `enumerate_space` returns it.
///
/// ```python
/// >>> layers = enumerate_space(0, lambda n: [(n + 1) % 10, (n - 1) % 10])
/// >>> layers.sizes, layers.states, layers.radius, layers.deepest
/// ([1, 2, 2, 2, 2, 1], 10, 5, [5])
/// ```
#[pyclass(frozen, module = "statespace")]
struct Layers {
    /// The number of states at each distance from the starts.
    #[pyo3(get)]
    sizes: Vec<u64>,
    /// The states of the last layer: the farthest from the starts.
    #[pyo3(get)]
    deepest: Vec<Py<PyAny>>,
}

#[pymethods]
impl Layers {
    /// Every state reached.
    #[getter]
    fn states(&self) -> u64 {
        self.sizes.iter().sum()
    }

    /// The greatest distance from the starts.
    #[getter]
    fn radius(&self) -> usize {
        self.sizes.len().saturating_sub(1)
    }

    fn __repr__(&self) -> String {
        format!("Layers(sizes={:?})", self.sizes)
    }
}

/// Every state reachable from `start` (a list for several starts), by
/// breadth-first layers: how many at each distance, and the farthest.
///
/// Limits and exceptions as for `bfs`.
///
/// ```python
/// >>> # Two jugs of 3 and 5 litres: every state (a, b) reachable from empty.
/// >>> def pours(state):
/// ...     a, b = state
/// ...     into_b, into_a = min(a, 5 - b), min(b, 3 - a)
/// ...     return [(3, b), (a, 5), (0, b), (a, 0), (a - into_b, b + into_b), (a + into_a, b - into_a)]
/// >>> layers = enumerate_space((0, 0), pours)
/// >>> layers.states, layers.radius
/// (16, 7)
/// ```
#[pyfunction]
#[pyo3(signature = (start, successors, *, max_states = None))]
fn enumerate_space<'py>(
    py: Python<'py>,
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    max_states: Option<usize>,
) -> PyResult<Layers> {
    let starts = match start.cast::<PyList>() {
        Ok(list) => list.iter().map(PyState::new).collect::<PyResult<Vec<_>>>()?,
        Err(_) => vec![PyState::new(start)?],
    };
    let space = Space::new(successors, None);
    let result = Search::new().limits(limits(max_states, None)).enumerate(&space, starts);
    let layers = space.finish(result)?;
    Ok(Layers {
        sizes: layers.layer_sizes().to_vec(),
        deepest: layers.deepest().iter().map(|state| state.object.clone_ref(py)).collect(),
    })
}
