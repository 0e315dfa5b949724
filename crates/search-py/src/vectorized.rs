//! Vectorized spaces: states are integers, and the successor function takes
//! a NumPy array of a whole layer's states (of up to 1,024 of them, for
//! `vector_enumerate`, whose layers the sorted engine keeps) and returns
//! a 2-D array of their neighbours, so that Python runs a few large NumPy
//! calls a layer while the visited set, the parents and the frontier stay
//! in Rust.
//!
//! Arrays cross as bytes (`numpy.frombuffer` one way, `tobytes` the
//! other): a copy at memory speed, which keeps the wheel on the stable ABI
//! (the buffer protocol is not in it before Python 3.11) and NumPy out of
//! the package's dependencies until a vectorized search is called.

use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use search_core::Limits;
use search_core::space::{BuildStateHasher, RankedSpace};

/// States to their parents (a start is its own), and sets of states, in
/// search-core's hash: Fx alone spreads a packed board's few changed
/// nibbles over too few buckets (a third of the 8-puzzle's search went to
/// probing).
type Parents = HashMap<u64, u64, BuildStateHasher>;
type States = HashSet<u64, BuildStateHasher>;

use crate::args::{self, Arg};
use crate::layers::Layers;
use crate::sorted_run::{self, Halt};
use crate::{LimitError, search_error};

/// A table a vectorized search grows a state at a time: grown here,
/// fallibly, before it would grow inside an insert, where a refusal
/// aborts the process.
trait Table {
    /// The bytes an entry takes.
    const ENTRY: usize;
    fn len(&self) -> usize;
    fn capacity(&self) -> usize;
    fn try_reserve(&mut self, more: usize) -> Result<(), std::collections::TryReserveError>;
}

macro_rules! table {
    ($type:ty, $entry:ty) => {
        impl Table for $type {
            const ENTRY: usize = size_of::<$entry>();
            fn len(&self) -> usize {
                <$type>::len(self)
            }
            fn capacity(&self) -> usize {
                <$type>::capacity(self)
            }
            fn try_reserve(
                &mut self,
                more: usize,
            ) -> Result<(), std::collections::TryReserveError> {
                <$type>::try_reserve(self, more)
            }
        }
    };
}

table!(Parents, (u64, u64));
table!(States, u64);
table!(Vec<u64>, u64);

/// Room in `table` for one more entry: when it is full, its size again,
/// or the bytes that were refused.
#[inline]
fn room<T: Table>(table: &mut T) -> Result<(), u64> {
    if table.len() < table.capacity() {
        return Ok(());
    }
    let more = table.len().max(16);
    table.try_reserve(more).map_err(|_| (more.saturating_mul(T::ENTRY)) as u64)
}

/// The error of a table that could not grow by `bytes`: LimitError,
/// naming what ran out, as search-core's tables say it.
fn refused(bytes: u64) -> PyErr {
    search_error(&search_core::Error::new(search_core::ErrorKind::AllocationFailed { bytes }))
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(vector_bfs, module)?)?;
    module.add_function(wrap_pyfunction!(vector_bidirectional_bfs, module)?)?;
    module.add_function(wrap_pyfunction!(vector_enumerate, module)?)?;
    Ok(())
}

/// The most states a vectorized search stores unless told otherwise, as
/// for the searches of Python objects.
const DEFAULT_MAX_STATES: usize = 1 << 27;

/// A successor function over arrays, and NumPy to call it with.
struct Batch<'py> {
    name: &'static str,
    function: Bound<'py, PyAny>,
    numpy: Bound<'py, PyModule>,
}

impl<'py> Batch<'py> {
    fn new(function: Bound<'py, PyAny>, name: &'static str) -> PyResult<Batch<'py>> {
        let function = args::callable(function, name)?;
        let numpy = function.py().import("numpy").map_err(|error| {
            let py = function.py();
            let missing = PyImportError::new_err(
                "the vectorized searches need NumPy: pip install \"statespace[numpy]\"",
            );
            missing.set_cause(py, Some(error));
            missing
        })?;
        Ok(Batch { name, function, numpy })
    }

    /// Calls the function on `states`, appending each state's neighbours
    /// (the non-negative entries of its row) to `report(state, next)`.
    fn expand(&self, states: &[u64], mut report: impl FnMut(u64, u64)) -> PyResult<()> {
        if states.is_empty() {
            return Ok(());
        }
        let py = self.function.py();
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(8 * states.len()).map_err(|_| refused(8 * states.len() as u64))?;
        bytes.extend(states.iter().flat_map(|state| state.to_le_bytes()));
        let array = self.numpy.call_method1("frombuffer", (PyBytes::new(py, &bytes), "<i8"))?;
        let result = self.function.call1((array,))?;
        let result = self.integers(&result)?;
        let shape = result.getattr("shape")?;
        let dimensions: Vec<usize> = shape.extract()?;
        let width = match dimensions[..] {
            [rows, width] if rows == states.len() => width,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "{} must return an array of shape ({}, k), one row per state, not {shape}",
                    self.name,
                    states.len()
                )));
            }
        };
        let data = result.call_method0("tobytes")?;
        let data = data.cast::<PyBytes>()?.as_bytes();
        if width == 0 {
            return Ok(());
        }
        for (&state, row) in states.iter().zip(data.chunks_exact(8 * width)) {
            for word in row.chunks_exact(8) {
                let mut next = [0u8; 8];
                next.copy_from_slice(word);
                // Negative: no move (-1 is the documented sentinel).
                if let Ok(next) = u64::try_from(i64::from_le_bytes(next)) {
                    report(state, next);
                }
            }
        }
        Ok(())
    }

    /// `result`, what the function returned, as a contiguous array of
    /// int64: an array (or nested lists) of signed or unsigned ints whose
    /// values fit. Anything else would be cast, a float truncated or a
    /// large unsigned value wrapped to a negative "no move": refused,
    /// naming what it is.
    fn integers(&self, result: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = result.py();
        let array = self.numpy.call_method1("asarray", (result,)).map_err(|error| {
            let wrong = PyTypeError::new_err(format!(
                "{} must return an array of ints, not {}",
                self.name,
                args::type_name(result)
            ));
            wrong.set_cause(py, Some(error));
            wrong
        })?;
        let dtype = array.getattr("dtype")?;
        let kind: String = dtype.getattr("kind")?.extract()?;
        match kind.as_str() {
            "i" => {}
            "u" => {
                let size: usize = array.getattr("size")?.extract()?;
                if size > 0 {
                    let largest: u64 = array.call_method0("max")?.extract()?;
                    if i64::try_from(largest).is_err() {
                        return Err(PyValueError::new_err(format!(
                            "{} returned {largest}, but states are at most {}",
                            self.name,
                            i64::MAX
                        )));
                    }
                }
            }
            _ => {
                let what = if kind == "O" {
                    "Python objects (NumPy makes them of ints that neither int64 nor \
                     uint64 holds, or of mixed types)"
                        .to_string()
                } else {
                    dtype.getattr("name")?.extract::<String>()?
                };
                return Err(PyTypeError::new_err(format!(
                    "{} must return an array of ints, not an array of {what}",
                    self.name
                )));
            }
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", "<i8")?;
        self.numpy.call_method("ascontiguousarray", (&array,), Some(&kwargs))
    }
}

/// A state argument: an int from 0 to 2^63 - 1.
fn state(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    if value.is_instance_of::<PyInt>() && value.gt(i64::MAX)? {
        return Err(PyValueError::new_err(format!(
            "{name} must be at most {}, not {}",
            i64::MAX,
            args::shown(value)
        )));
    }
    args::count(value, name)
}

/// One state, or each of a list of states.
fn states(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u64>> {
    match value.cast::<PyList>() {
        Ok(list) => list
            .iter()
            .enumerate()
            .map(|(index, item)| state(&item, &format!("{name}[{index}]")))
            .collect(),
        Err(_) => Ok(vec![state(value, name)?]),
    }
}

fn limit_reached(max_states: usize) -> PyErr {
    LimitError::new_err(format!(
        "search reached its limit of {max_states} stored states without an answer"
    ))
}

/// The path to `end` through `parents` (a start is its own parent).
fn path_to(parents: &Parents, mut end: u64) -> Vec<u64> {
    let mut path = vec![end];
    while let Some(&parent) = parents.get(&end)
        && parent != end
    {
        path.push(parent);
        end = parent;
    }
    path.reverse();
    path
}

/// A shortest path from `start` (an int, or a list of ints) to `goal` (an
/// int, or a list of ints), as the list of its states; None when no goal
/// can be reached.
///
/// States are ints from 0 to 2^63 - 1. `successors(states)` takes a NumPy
/// array of int64 states (a whole layer, read-only) and returns a 2-D
/// array with one row per state: its neighbours, and -1 (any negative
/// value) where a state has fewer moves than the row has room for. Needs
/// NumPy (`pip install "statespace[numpy]"`). `max_states` (default
/// 134,217,728) bounds the states stored: reaching it raises LimitError.
/// Ctrl-C is checked once a layer; an exception raised by `successors`
/// propagates unchanged.
///
/// ```python
/// >>> import numpy as np
/// >>> from statespace import vector_bfs
/// >>> # Counting by +1 and *2 below 1,000: the fewest steps from 1 to 100.
/// >>> def steps(n):
/// ...     moves = np.stack([n + 1, n * 2], axis=1)
/// ...     return np.where(moves < 1000, moves, -1)
/// >>> vector_bfs(1, steps, 100)
/// [1, 2, 3, 6, 12, 24, 25, 50, 100]
/// ```
#[pyfunction]
#[pyo3(signature = (start, successors, goal, *, max_states = None))]
fn vector_bfs<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    goal: Bound<'py, PyAny>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<u64>>> {
    let starts = states(&start, "start")?;
    let goals: States = states(&goal, "goal")?.into_iter().collect();
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let max_states = max_states.unwrap_or(DEFAULT_MAX_STATES);
    let batch = Batch::new(successors, "successors")?;
    let py = batch.function.py();
    let mut parents = Parents::default();
    let mut frontier = Vec::new();
    for start in starts {
        if goals.contains(&start) {
            return Ok(Some(vec![start]));
        }
        if parents.insert(start, start).is_none() {
            frontier.push(start);
        }
    }
    while !frontier.is_empty() {
        py.check_signals()?;
        let mut next_layer = Vec::new();
        let mut found = None;
        let mut failed = None;
        batch.expand(&frontier, |state, next| {
            if found.is_some() || failed.is_some() {
                return;
            }
            if let Err(bytes) = room(&mut parents).and_then(|()| room(&mut next_layer)) {
                failed = Some(bytes);
                return;
            }
            if let Entry::Vacant(vacant) = parents.entry(next) {
                vacant.insert(state);
                next_layer.push(next);
                if goals.contains(&next) {
                    found = Some(next);
                }
            }
        })?;
        if let Some(bytes) = failed {
            return Err(refused(bytes));
        }
        if let Some(goal) = found {
            return Ok(Some(path_to(&parents, goal)));
        }
        if parents.len() > max_states {
            return Err(limit_reached(max_states));
        }
        frontier = next_layer;
    }
    Ok(None)
}

/// A shortest path from `start` to `goal`, searched from both ends a layer
/// at a time (the smaller frontier first), as the list of its states;
/// None when `goal` cannot be reached.
///
/// `predecessors(states)` gives the states one move before, as
/// `successors` gives those one move after. When every move can be
/// undone, say so with `undirected=True` instead, and `successors` serves
/// both ends; one of the two is needed, since the successors of a space
/// whose moves cannot be undone would find paths that do not exist. The
/// path's steps from the meeting state to `goal` are checked against
/// `successors`, and one that is not a move raises ValueError naming it.
/// States, arrays, limits and errors as for `vector_bfs`.
///
/// ```python
/// >>> import numpy as np
/// >>> from statespace import vector_bidirectional_bfs
/// >>> # A ring of 1,000,000 positions, a step either way.
/// >>> ring = lambda n: np.stack([(n + 1) % 1_000_000, (n - 1) % 1_000_000], axis=1)
/// >>> path = vector_bidirectional_bfs(0, 500, ring, undirected=True)
/// >>> len(path) - 1, path[:3], path[-1]
/// (500, [0, 1, 2], 500)
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, goal, successors, predecessors = None, *, undirected = None, max_states = None),
    text_signature = "(start, goal, successors, predecessors=None, *, undirected=False, max_states=None)"
)]
fn vector_bidirectional_bfs<'py>(
    start: Bound<'py, PyAny>,
    goal: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    undirected: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<u64>>> {
    let (start, goal) = (state(&start, "start")?, state(&goal, "goal")?);
    let undirected =
        args::one_way_back("vector_bidirectional_bfs", predecessors.as_ref(), undirected.as_ref())?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let max_states = max_states.unwrap_or(DEFAULT_MAX_STATES);
    let forward = Batch::new(successors, "successors")?;
    let backward = match predecessors {
        Some(function) => Batch::new(function, "predecessors")?,
        None => Batch::new(forward.function.clone(), "successors")?,
    };
    let py = forward.function.py();
    if start == goal {
        return Ok(Some(vec![start]));
    }
    let mut sides = [Side::new(start), Side::new(goal)];
    loop {
        py.check_signals()?;
        // Expanding the smaller frontier keeps the two searches' product
        // of breadths, and so the work, small; on a tie, the side that has
        // seen less, so that the two take turns.
        let size = |side: &Side| (side.frontier.len(), side.parents.len());
        let which = usize::from(size(&sides[1]) < size(&sides[0]));
        if sides[which].frontier.is_empty() {
            return Ok(None);
        }
        let [forwards, backwards] = &mut sides;
        let (here, there) =
            if which == 0 { (forwards, &*backwards) } else { (backwards, &*forwards) };
        let batch = if which == 0 { &forward } else { &backward };
        let meeting = here.expand(batch, there)?;
        if let Some(meeting) = meeting {
            // Every meeting in the first layer that meets is as short as
            // any: a shorter one would have met a layer before.
            let mut path = path_to(&sides[0].parents, meeting);
            let mut back = path_to(&sides[1].parents, meeting);
            back.reverse();
            check_moves(&forward, &back, undirected)?;
            path.extend(back.into_iter().skip(1));
            return Ok(Some(path));
        }
        if sides[0].parents.len() + sides[1].parents.len() > max_states {
            return Err(limit_reached(max_states));
        }
    }
}

/// Checks that each step of `steps`, the path the backward search found,
/// is a move of `successors`: a wrong `predecessors` (or a space called
/// undirected that is not) would otherwise give a path that is not one.
fn check_moves(successors: &Batch<'_>, steps: &[u64], undirected: bool) -> PyResult<()> {
    let Some((_, from)) = steps.split_last() else { return Ok(()) };
    let mut moves = HashSet::<(u64, u64), BuildStateHasher>::default();
    successors.expand(from, |state, next| {
        moves.insert((state, next));
    })?;
    let Some(step) = steps.windows(2).find(|step| !moves.contains(&(step[0], step[1]))) else {
        return Ok(());
    };
    let (here, there) = (step[0], step[1]);
    Err(PyValueError::new_err(if undirected {
        format!(
            "undirected=True, but the space is not: {here} is among successors({there}) \
             and {there} is not among successors({here}); give predecessors instead"
        )
    } else {
        format!(
            "predecessors disagrees with successors: {here} is among predecessors({there}) \
             but {there} is not among successors({here})"
        )
    }))
}

/// One end of a bidirectional search.
struct Side {
    parents: Parents,
    frontier: Vec<u64>,
}

impl Side {
    fn new(start: u64) -> Side {
        let mut parents = Parents::default();
        parents.insert(start, start);
        Side { parents, frontier: vec![start] }
    }

    /// Expands the frontier a layer; the first state the other side has
    /// reached, if one is met.
    fn expand(&mut self, batch: &Batch<'_>, other: &Side) -> PyResult<Option<u64>> {
        let mut next_layer = Vec::new();
        let mut meeting = None;
        let mut failed = None;
        let parents = &mut self.parents;
        batch.expand(&self.frontier, |state, next| {
            if meeting.is_some() || failed.is_some() {
                return;
            }
            if let Err(bytes) = room(parents).and_then(|()| room(&mut next_layer)) {
                failed = Some(bytes);
                return;
            }
            if let Entry::Vacant(vacant) = parents.entry(next) {
                vacant.insert(state);
                next_layer.push(next);
                if other.parents.contains_key(&next) {
                    meeting = Some(next);
                }
            }
        })?;
        if let Some(bytes) = failed {
            return Err(refused(bytes));
        }
        self.frontier = next_layer;
        Ok(meeting)
    }
}

/// Every state reachable from `start` (an int, or a list of ints), by
/// breadth-first layers: a `Layers`, as `enumerate_space` returns.
///
/// The layers are kept as sorted, compressed runs of states (a few bytes
/// a state where a hash table takes tens), on every core, with
/// `successors` called on up to 1,024 states at a time; `max_memory`
/// (default 4 GiB) bounds what is kept, and a layer whose successors
/// would not fit it is found in several passes. `max_states` (default
/// none) bounds the states, checked as each layer ends. States, arrays
/// and errors as for `vector_bfs`; `max_depth` as for `enumerate_space`;
/// `deepest` comes sorted.
///
/// ```python
/// >>> import numpy as np
/// >>> from statespace import vector_enumerate
/// >>> ring = lambda n: np.stack([(n + 1) % 10, (n - 1) % 10], axis=1)
/// >>> layers = vector_enumerate(0, ring)
/// >>> layers.sizes, layers.radius, layers.deepest
/// ([1, 2, 2, 2, 2, 1], 5, [5])
/// >>> near = vector_enumerate(0, ring, max_depth=3)
/// >>> near.sizes, near.complete, near.deepest
/// ([1, 2, 2, 2], False, [3, 7])
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, *, max_states = None, max_depth = None, max_memory = Arg::Default),
    text_signature = "(start, successors, *, max_states=None, max_depth=None, max_memory=4294967296)"
)]
fn vector_enumerate<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    max_states: Option<Bound<'py, PyAny>>,
    max_depth: Option<Bound<'py, PyAny>>,
    max_memory: Arg<'py>,
) -> PyResult<Layers> {
    let starts = states(&start, "start")?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let max_depth = args::optional_size(max_depth.as_ref(), "max_depth")?;
    let max_memory = max_memory.count_or("max_memory", Limits::DEFAULT_MAX_MEMORY)?;
    // The memory limit bounds it, unless told otherwise.
    let max_states = max_states.unwrap_or(usize::MAX);
    // What it is called with is checked before the search begins.
    let batch = Batch::new(successors, "successors")?;
    let py = batch.function.py();
    let space = BatchSpace { function: batch.function.unbind(), halt: Halt::default() };
    let mut limits = Limits::new().max_memory(max_memory);
    if let Some(depth) = max_depth {
        limits = limits.max_depth(depth);
    }
    let layers = sorted_run::layers(py, &space, &space.halt, &starts, limits, max_states)?;
    let deepest =
        layers.deepest().iter().map(|&state| PyInt::new(py, state).into_any().unbind()).collect();
    Ok(Layers::of(&layers, deepest))
}

/// A successor function over arrays as a space the sorted engine takes:
/// a state is its own key (every state is below 2^63), and each batch of
/// states is one call, made holding the GIL.
struct BatchSpace {
    function: Py<PyAny>,
    /// What the function raised, which stops the search.
    halt: Halt,
}

impl RankedSpace for BatchSpace {
    fn rank_count(&self) -> u64 {
        1 << 63
    }

    fn neighbours<F: FnMut(u64)>(&self, state: u64, report: F) {
        self.neighbours_of_all(&[state], report);
    }

    fn neighbours_of_all<F: FnMut(u64)>(&self, states: &[u64], mut report: F) {
        if self.halt.is_stopped() {
            return;
        }
        Python::attach(|py| {
            let batch = Batch::new(self.function.bind(py).clone(), "successors");
            if let Err(error) = batch.and_then(|batch| batch.expand(states, |_, next| report(next)))
            {
                self.halt.stop(error);
            }
        });
    }

    fn failure(&self) -> Option<search_core::Error> {
        self.halt.failure()
    }
}
