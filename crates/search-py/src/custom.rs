//! State spaces written in Python: states are hashable Python objects,
//! neighbours come from Python callables, and everything else (the visited
//! set, parents, frontiers) is search-core's, in Rust.
//!
//! The first exception anything Python raises (a callable, a state's
//! `__eq__` or `__hash__`) stops the search and is raised when it returns.

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFrozenSet, PyList, PySet, PyString, PyTuple};
use rustc_hash::FxHashMap;
use search_core::breadth_first::Search;
use search_core::deepening::IdaStar;
use search_core::{Limits, Path, Predecessors, Run, Successors};

use crate::args::{self, Arg, shown};
use crate::layers::Layers;
use crate::weighted_path::WeightedPath;
use crate::{LimitError, search_error};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Layers>()?;
    module.add_function(wrap_pyfunction!(bfs, module)?)?;
    module.add_function(wrap_pyfunction!(bidirectional_bfs, module)?)?;
    module.add_function(wrap_pyfunction!(dfs, module)?)?;
    module.add_function(wrap_pyfunction!(iddfs, module)?)?;
    module.add_function(wrap_pyfunction!(enumerate_space, module)?)?;
    Ok(())
}

thread_local! {
    /// The first exception of each search running on this thread, the
    /// innermost last (a callable may start a search of its own). A
    /// state's `__eq__` is called from inside search-core's tables, with
    /// no way to reach its search but this.
    static FAULTS: RefCell<Vec<Option<PyErr>>> = const { RefCell::new(Vec::new()) };
    /// How many of [`FAULTS`] hold an exception: asked once a state
    /// compared and once a neighbour, so kept where a `Cell` answers.
    static FAILED: Cell<usize> = const { Cell::new(0) };
    /// Address space held back while a search runs, given back when it
    /// fails. Python raises MemoryError when the process's memory is
    /// full, and then the next few bytes Rust asks for (the search's
    /// error, the exception's state) are refused as well, which aborts the
    /// process: given back, this leaves them room. Only reserved, never
    /// written, so it costs no memory the machine has.
    static HEADROOM: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The bytes of [`HEADROOM`]: what a failed search builds on its way out
/// is a few hundred bytes, but the path a goal ends it with (it fails by
/// finding its goals at once) can be as long as the search was deep.
const HEADROOM_BYTES: usize = 32 << 20;

/// Holds [`HEADROOM`] back, unless it is held already; best effort, since
/// a process with less room than this is refused by its first search.
fn hold_headroom() {
    HEADROOM.with_borrow_mut(|headroom| {
        if headroom.capacity() == 0 {
            let _ = headroom.try_reserve_exact(HEADROOM_BYTES);
        }
    });
}

/// Gives [`HEADROOM`] back.
fn release_headroom() {
    HEADROOM.with_borrow_mut(|headroom| *headroom = Vec::new());
}

/// A vector with room for `len` values, or MemoryError, for what a search
/// hands to Python: a path as long as the search was deep.
pub(crate) fn reserved<T>(len: usize) -> PyResult<Vec<T>> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).map_err(|_| {
        PyMemoryError::new_err(format!(
            "could not allocate {len} entries for a search's answer: the process is out of memory"
        ))
    })?;
    Ok(vec)
}

/// `items` collected into a vector allocated fallibly ([`reserved`]).
pub(crate) fn collect_reserved<T>(items: impl ExactSizeIterator<Item = T>) -> PyResult<Vec<T>> {
    let mut vec = reserved(items.len())?;
    vec.extend(items);
    Ok(vec)
}

/// Whether the innermost search on this thread has failed. A search calls
/// Python only until it fails, so a search inside it runs only while it
/// has not: any failed search on this thread is the innermost.
pub(crate) fn innermost_failed() -> bool {
    FAILED.get() > 0
}

/// Stores `error` in the fault slot `level` (the innermost when `None`),
/// unless the slot holds one already.
fn store_fault(level: Option<usize>, error: PyErr) {
    let unused = FAULTS.with_borrow_mut(|faults| {
        let slot = match level {
            Some(level) => faults.get_mut(level),
            None => faults.last_mut(),
        };
        match slot {
            Some(slot @ None) => {
                *slot = Some(error);
                FAILED.set(FAILED.get() + 1);
                release_headroom();
                None
            }
            _ => Some(error),
        }
    });
    // Dropped outside the borrow: dropping a Python object can run Python.
    drop(unused);
}

/// Records `error` as the innermost search's, unless it already has one.
fn record(error: PyErr) {
    store_fault(None, error);
}

/// A Python object as a search state, with its Python hash taken once,
/// when it entered the search: the search hashes and compares states many
/// times, and Python's `__hash__` is the costly part. A `Bound` object,
/// so that comparing, cloning and dropping states need not ask whether
/// the GIL is held: a search runs holding it. That question (`Py` objects
/// and `Python::attach` ask it) made a search of the 8-puzzle from a
/// 31-move board 0.40 s where it is now 0.23 s.
#[derive(Clone)]
pub(crate) struct PyState<'py> {
    pub(crate) object: Bound<'py, PyAny>,
    hash: isize,
}

impl<'py> PyState<'py> {
    pub(crate) fn new(object: Bound<'py, PyAny>) -> PyResult<PyState<'py>> {
        let hash = object.hash()?;
        Ok(PyState { object, hash })
    }

    /// A state given as the argument `name`: an unhashable one raises
    /// TypeError naming it, with Python's error as its cause.
    fn argument(object: Bound<'py, PyAny>, name: &str) -> PyResult<PyState<'py>> {
        PyState::named(object, |error| format!("{name}: {error}"))
    }

    /// A state that `function(from)` gave: one that cannot be hashed
    /// raises TypeError naming the callable and the state it was given.
    pub(crate) fn given(
        object: Bound<'py, PyAny>,
        function: &str,
        from: &PyState<'py>,
    ) -> PyResult<PyState<'py>> {
        PyState::named(object, |error| {
            format!(
                "{function}({}) gave a state that cannot be hashed; states must be hashable \
                 ({error})",
                from.shown()
            )
        })
    }

    /// `object` as a state; when it cannot be hashed, a TypeError whose
    /// message `describe` makes from Python's, which is its cause.
    fn named(
        object: Bound<'py, PyAny>,
        describe: impl FnOnce(&str) -> String,
    ) -> PyResult<PyState<'py>> {
        let py = object.py();
        PyState::new(object).map_err(|error| {
            if error.is_instance_of::<PyTypeError>(py) {
                let named = PyTypeError::new_err(describe(&error.value(py).to_string()));
                named.set_cause(py, Some(error));
                named
            } else {
                error
            }
        })
    }

    /// One start, or each of a list of starts (a list is not hashable, so
    /// it cannot be one state).
    pub(crate) fn starts(start: Bound<'py, PyAny>) -> PyResult<Vec<PyState<'py>>> {
        PyState::several(start, "start")
    }

    /// One state given as the argument `name`, or each of a list of them.
    pub(crate) fn several(value: Bound<'py, PyAny>, name: &str) -> PyResult<Vec<PyState<'py>>> {
        match value.cast::<PyList>() {
            Ok(list) => list
                .iter()
                .enumerate()
                .map(|(index, item)| PyState::argument(item, &format!("{name}[{index}]")))
                .collect(),
            // A set is no state, but may be meant as several.
            Err(_) if value.is_instance_of::<PySet>() => {
                Ok(vec![PyState::named(value, |error| {
                    format!("{name}: {error} (several {name}s go in a list)")
                })?])
            }
            Err(_) => Ok(vec![PyState::argument(value, name)?]),
        }
    }

    fn shown(&self) -> String {
        shown(&self.object)
    }
}

impl Hash for PyState<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl PartialEq for PyState<'_> {
    /// Python's `==`. An exception it raises is the search's first
    /// (recorded, and raised when the search returns); from then on no
    /// more Python runs, and states are equal only when they are the same
    /// object.
    fn eq(&self, other: &PyState<'_>) -> bool {
        if self.hash != other.hash {
            return false;
        }
        if self.object.as_ptr() == other.object.as_ptr() {
            return true;
        }
        if innermost_failed() {
            return false;
        }
        match self.object.eq(&other.object) {
            Ok(equal) => equal,
            Err(error) => {
                record(error);
                false
            }
        }
    }
}

impl Eq for PyState<'_> {}

/// A path's states, for Python.
fn path_states(path: &Path<PyState<'_>, ()>) -> PyResult<Vec<Py<PyAny>>> {
    collect_reserved(path.states().iter().map(|state| state.object.clone().unbind()))
}

/// A space whose neighbours come from Python callables.
pub(crate) struct Space<'py> {
    py: Python<'py>,
    pub(crate) successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    /// This search's place in [`FAULTS`]. Once it holds an exception, no
    /// more Python is called, callables report no neighbours and goal
    /// tests answer yes, so that the search stops; the exception is
    /// raised when it returns.
    level: usize,
    calls: Cell<u32>,
    /// The most states one call may give: the search's state limit, since
    /// a call that gives more could not be stored. Counted as they arrive,
    /// so that an endless iterator ends.
    most: usize,
    /// Bidirectional search: check sampled moves against the other
    /// callable ([`Space::sampled`]).
    pub(crate) check_moves: bool,
    /// Whether `successors` gives `(move, state)` pairs, of which the
    /// search keeps the states; the moves are found again along the path.
    pairs: bool,
    /// Expansions so far forwards and backwards, for the sampling.
    expansions: [Cell<u64>; 2],
    /// Python's `gc` module when this search paused the cyclic garbage
    /// collector, to start it again when the search ends.
    paused_gc: Option<Bound<'py, PyModule>>,
    /// What the states a search keeps take in Python's memory.
    pub(crate) sizes: Sizes<'py>,
}

/// The bytes Python objects keep alive, as a search counts the states it
/// keeps against its memory limit ([`Successors::heap_bytes`]): an
/// object's own size (`sys.getsizeof`), and of what its tuples, lists and
/// sets hold that nothing else holds. What something else holds too (the
/// parent's items a neighbour shares, a cache of the user's, Python's
/// small ints, another copy of the same state) would not be given back
/// by the search letting it go, and is not counted.
///
/// A state's shape (its type, and its length for the types that have
/// one) is measured through whenever [`MEASURE_EVERY`] states of it have
/// passed, and the others are counted as the last one measured: a
/// space's states are most often of a few shapes, and walking each
/// state's items cost a fifth of a search of the 8-puzzle as 9-tuples.
pub(crate) struct Sizes<'py> {
    getsizeof: Option<Bound<'py, PyAny>>,
    /// Each shape's last measure, and the states of it until the next.
    by_shape: RefCell<FxHashMap<(usize, usize), (usize, u32)>>,
}

/// The shapes [`Sizes`] remembers; past them, a state is measured each
/// time.
const SHAPES: usize = 4096;

/// The states of a shape counted as the one measured before them.
const MEASURE_EVERY: u32 = 64;

impl<'py> Sizes<'py> {
    pub(crate) fn new(py: Python<'py>) -> Sizes<'py> {
        let getsizeof = py.import(intern!(py, "sys")).and_then(|sys| sys.getattr("getsizeof"));
        Sizes { getsizeof: getsizeof.ok(), by_shape: RefCell::new(FxHashMap::default()) }
    }

    /// The bytes the state `object` keeps alive on its own: nothing when
    /// another reference holds it too.
    pub(crate) fn of(&self, object: &Bound<'py, PyAny>) -> usize {
        if refcount(object) > 1 {
            return 0;
        }
        let shape = (object.get_type().as_ptr() as usize, length_of(object));
        if let Some((bytes, left)) = self.by_shape.borrow_mut().get_mut(&shape)
            && *left > 0
        {
            *left -= 1;
            return *bytes;
        }
        let bytes = self.owned(object, 1, 2);
        let mut by_shape = self.by_shape.borrow_mut();
        if by_shape.len() < SHAPES || by_shape.contains_key(&shape) {
            by_shape.insert(shape, (bytes, MEASURE_EVERY - 1));
        }
        bytes
    }

    /// `object`'s bytes if at most `holders` references hold it (the one
    /// it is reached by, and this function's own), with what it holds,
    /// `depth` containers down.
    fn owned(&self, object: &Bound<'py, PyAny>, holders: isize, depth: u32) -> usize {
        let Some(getsizeof) = &self.getsizeof else { return 0 };
        if refcount(object) > holders {
            return 0;
        }
        let own = getsizeof.call1((object,)).and_then(|size| size.extract()).unwrap_or(0);
        let container = object.is_instance_of::<PyTuple>()
            || object.is_instance_of::<PyList>()
            || object.is_instance_of::<PyFrozenSet>()
            || object.is_instance_of::<PySet>();
        if !container || depth == 0 {
            return own;
        }
        // An item is held by the container, and by the handle the
        // iteration gives.
        let items = object.try_iter().map_or(0, |items| {
            items.flatten().map(|item| self.owned(&item, 2, depth - 1)).sum::<usize>()
        });
        own + items
    }
}

/// The references that hold `object`.
#[expect(
    deprecated,
    reason = "a count read under the GIL this abi3 module always holds: pyo3 deprecates it for \
              free-threaded builds, where counts move under a reader, and offers only an unsafe \
              read in its place"
)]
fn refcount(object: &Bound<'_, PyAny>) -> isize {
    object.get_refcnt()
}

/// `object`'s length, for the types that have one; 0 for others (asked of
/// an object without one, a length raises, which costs more than a
/// measure).
fn length_of(object: &Bound<'_, PyAny>) -> usize {
    let sized = object.is_instance_of::<PyTuple>()
        || object.is_instance_of::<PyString>()
        || object.is_instance_of::<PyBytes>()
        || object.is_instance_of::<PyList>()
        || object.is_instance_of::<PyFrozenSet>();
    if sized { object.len().unwrap_or(0) } else { 0 }
}

/// Pauses Python's cyclic garbage collector, unless it is paused already,
/// and returns the `gc` module when it did. A search holds every state it
/// has seen until it returns, so collections during it find nothing to
/// free; yet they ran often, each walking the young states the search
/// still held: 7% of a search of the 4-peg Hanoi (perf), and 0.385 s
/// against 0.330 s without them (best of 5). Best effort: if `gc` cannot
/// be reached, the search runs with it as it is.
fn pause_gc(py: Python<'_>) -> Option<Bound<'_, PyModule>> {
    let gc = py.import(intern!(py, "gc")).ok()?;
    let enabled =
        gc.call_method0(intern!(py, "isenabled")).and_then(|answer| answer.is_truthy()).ok()?;
    (enabled && gc.call_method0(intern!(py, "disable")).is_ok()).then_some(gc)
}

/// Calls between checks for Ctrl-C.
const SIGNAL_EVERY: u32 = 1 << 10;

/// Expansions of each side whose first move is checked against the other
/// callable, before only one in [`CHECK_EVERY`] is.
const CHECK_FIRST: u64 = 64;
const CHECK_EVERY: u64 = 64;

impl<'py> Space<'py> {
    pub(crate) fn new(
        successors: Bound<'py, PyAny>,
        predecessors: Option<Bound<'py, PyAny>>,
        max_states: Option<usize>,
    ) -> Space<'py> {
        let level = FAULTS.with_borrow_mut(|faults| {
            faults.push(None);
            faults.len() - 1
        });
        hold_headroom();
        let py = successors.py();
        Space {
            py,
            successors,
            predecessors,
            level,
            calls: Cell::new(0),
            most: max_states.unwrap_or(Limits::DEFAULT_MAX_STATES),
            check_moves: false,
            pairs: false,
            expansions: [Cell::new(0), Cell::new(0)],
            paused_gc: pause_gc(py),
            sizes: Sizes::new(py),
        }
    }

    pub(crate) fn py(&self) -> Python<'py> {
        self.py
    }

    pub(crate) fn fail(&self, error: PyErr) {
        store_fault(Some(self.level), error);
    }

    /// The search-core side of this search's first exception: the space
    /// failure that makes every search return an error, never an answer,
    /// once Python has raised. The exception itself stays in its slot of
    /// [`FAULTS`], for [`finish`](Space::finish) to raise.
    pub(crate) fn failure(&self) -> Option<search_core::Error> {
        let failed =
            FAULTS.with_borrow(|faults| faults.get(self.level).is_some_and(Option::is_some));
        failed.then(|| search_core::Error::space_failed("Python raised an exception"))
    }

    /// The callable that gives a state's predecessors.
    fn backward(&self) -> &Bound<'py, PyAny> {
        self.predecessors.as_ref().unwrap_or(&self.successors)
    }

    /// Calls `function(state)` and reports each state it gives; the first
    /// of them is returned when moves are checked.
    fn call(
        &self,
        function: &Bound<'py, PyAny>,
        state: &PyState<'py>,
        mut report: impl FnMut(PyState<'py>),
    ) -> Option<PyState<'py>> {
        let mut first = None;
        let what = if self.pairs { "(move, state) pairs" } else { "states" };
        self.call_each(function, state, what, |neighbour| {
            let neighbour =
                if self.pairs { self.pair(function, state, &neighbour)?.1 } else { neighbour };
            let neighbour = PyState::given(neighbour, self.name(function), state)?;
            if self.check_moves && first.is_none() {
                first = Some(neighbour.clone());
            }
            report(neighbour);
            Ok(())
        });
        first
    }

    /// An item of `function(state)` as a `(move, state)` pair.
    fn pair(
        &self,
        function: &Bound<'py, PyAny>,
        state: &PyState<'py>,
        item: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        item.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{} must give (move, state) pairs with moves=True, but it gave {} for {}",
                self.name(function),
                shown(item),
                state.shown()
            ))
        })
    }

    /// The moves of a path whose states this space's `(move, state)` pairs
    /// gave: for each step, the first pair out of its state that leads to
    /// the next.
    fn moves_along(&self, states: &[PyState<'py>]) -> PyResult<Vec<Py<PyAny>>> {
        let mut moves = reserved(states.len().saturating_sub(1))?;
        for step in states.windows(2) {
            let mut found = None;
            for item in self.successors.call1((&step[0].object,))?.try_iter()? {
                let (mv, next) = self.pair(&self.successors, &step[0], &item?)?;
                if next.eq(&step[1].object)? {
                    found = Some(mv.unbind());
                    break;
                }
            }
            moves.push(found.ok_or_else(|| {
                PyValueError::new_err(format!(
                    "successors({}) no longer gives {}: it answered differently during the search",
                    step[0].shown(),
                    step[1].shown()
                ))
            })?);
        }
        Ok(moves)
    }

    /// Calls `function(state)` and hands `each` every item of the iterable
    /// it returns (`what` names the items in messages), until something
    /// fails or the items pass the state limit; a failure is the search's.
    pub(crate) fn call_each(
        &self,
        function: &Bound<'py, PyAny>,
        state: &PyState<'py>,
        what: &str,
        mut each: impl FnMut(Bound<'py, PyAny>) -> PyResult<()>,
    ) {
        if innermost_failed() {
            return;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        let outcome = (|| -> PyResult<()> {
            if calls.is_multiple_of(SIGNAL_EVERY) {
                self.py.check_signals()?;
            }
            let object = &state.object;
            let neighbours = function.call1((object,))?;
            let iterator = neighbours.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{} must return an iterable of {what}, but it returned {} for {}",
                    self.name(function),
                    args::type_name(&neighbours),
                    shown(object)
                ))
            })?;
            for (count, neighbour) in iterator.enumerate() {
                if count == self.most {
                    return Err(LimitError::new_err(format!(
                        "search reached its limit of {} stored states without an answer: {}({}) \
                         gave more states than that",
                        self.most,
                        self.name(function),
                        shown(object)
                    )));
                }
                each(neighbour?)?;
                if innermost_failed() {
                    break;
                }
            }
            Ok(())
        })();
        if let Err(error) = outcome {
            self.fail(error);
        }
    }

    /// The name of a callable in messages: its argument's.
    fn name(&self, function: &Bound<'py, PyAny>) -> &'static str {
        if function.is(&self.successors) { "successors" } else { "predecessors" }
    }

    /// `is_goal(state)`, or yes once something has failed. The answer
    /// must be a bool (Python's or NumPy's): a number would be a goal
    /// whenever it is not 0, which is how an estimate passed as the goal
    /// test would answer.
    pub(crate) fn is_goal(&self, is_goal: &Bound<'py, PyAny>, state: &PyState<'py>) -> bool {
        if innermost_failed() {
            return true;
        }
        let answer = is_goal.call1((&state.object,)).and_then(|answer| {
            if args::is_bool(&answer) {
                answer.is_truthy()
            } else {
                Err(PyTypeError::new_err(format!(
                    "is_goal({}) must return a bool, not {}",
                    shown(&state.object),
                    args::type_name(&answer)
                )))
            }
        });
        match answer {
            Ok(answer) => answer,
            Err(error) => {
                self.fail(error);
                true
            }
        }
    }

    /// Whether `function(state)` gives `wanted`, by Python's `==`.
    fn gives(
        &self,
        function: &Bound<'py, PyAny>,
        state: &PyState<'py>,
        wanted: &PyState<'py>,
    ) -> bool {
        let mut found = false;
        self.call(function, state, |neighbour| found = found || neighbour == *wanted);
        found
    }

    /// Checks a move `from` -> `to` that one callable gave against the
    /// other: `to` must be among `successors(from)` and `from` among
    /// `predecessors(to)`. `forward` says which callable gave the move.
    fn check_move(&self, from: &PyState<'py>, to: &PyState<'py>, forward: bool) {
        let agrees = if forward {
            self.gives(self.backward(), to, from)
        } else {
            self.gives(&self.successors, from, to)
        };
        if agrees || innermost_failed() {
            return;
        }
        let given = self.predecessors.is_some();
        self.fail(disagreement(given, &from.shown(), &to.shown(), forward));
    }

    /// Whether this expansion of one side is one whose first move is
    /// checked: the first [`CHECK_FIRST`], then one in [`CHECK_EVERY`].
    pub(crate) fn sampled(&self, forward: bool) -> bool {
        let expansions = &self.expansions[usize::from(!forward)];
        let done = expansions.get();
        expansions.set(done + 1);
        self.check_moves && (done < CHECK_FIRST || done.is_multiple_of(CHECK_EVERY))
    }

    /// The check of a bidirectional search that found nothing: the first
    /// move out of each start and the first into each goal, each both
    /// ways. A side whose callable gives nothing ends the search before
    /// any expansion of the other is sampled. (A path found needs no check
    /// here: search-core finds each step of its backward half again among
    /// the successors, and fails when one is not there.)
    fn check_nothing_found(&self, starts: &[PyState<'py>], goals: &[PyState<'py>]) {
        for start in starts {
            if let Some(next) = self.call(&self.successors, start, |_| {}) {
                self.check_move(start, &next, true);
            }
        }
        for goal in goals {
            if let Some(previous) = self.call(self.backward(), goal, |_| {}) {
                self.check_move(&previous, goal, false);
            }
        }
    }

    /// The search's answer: the first exception raised, then its own.
    pub(crate) fn finish<T>(&self, result: Result<T, search_core::Error>) -> PyResult<T> {
        let error =
            FAULTS.with_borrow_mut(|faults| faults.get_mut(self.level).and_then(Option::take));
        if let Some(error) = error {
            FAILED.set(FAILED.get() - 1);
            return Err(error);
        }
        result.map_err(|error| search_error(&error))
    }
}

/// The error of a move `from` -> `to` that one callable gave and the other
/// does not give back: `forward` when `successors` gave it, `given` when
/// the caller gave `predecessors` (else `successors` serves both ways).
pub(crate) fn disagreement(given: bool, from: &str, to: &str, forward: bool) -> PyErr {
    let message = match (given, forward) {
        (false, true) => format!(
            "successors is not symmetric, so predecessors must be given: {to} is among \
             successors({from}) but {from} is not among successors({to})"
        ),
        (false, false) => format!(
            "successors is not symmetric, so predecessors must be given: {from} is among \
             successors({to}) but {to} is not among successors({from})"
        ),
        (true, true) => format!(
            "predecessors disagrees with successors: {to} is among successors({from}) but \
             {from} is not among predecessors({to})"
        ),
        (true, false) => format!(
            "predecessors disagrees with successors: {from} is among predecessors({to}) but \
             {to} is not among successors({from})"
        ),
    };
    PyValueError::new_err(message)
}

impl Drop for Space<'_> {
    fn drop(&mut self) {
        let slots = FAULTS.with_borrow_mut(|faults| faults.split_off(self.level.min(faults.len())));
        let failed = slots.iter().filter(|slot| slot.is_some()).count();
        FAILED.set(FAILED.get() - failed);
        if self.level == 0 {
            release_headroom();
        }
        // Dropped outside the borrow: dropping a Python object can run Python.
        drop(slots);
        if let Some(gc) = self.paused_gc.take() {
            // Nothing to do if it fails: the collector stays paused, as a
            // program that calls gc.disable() itself has it.
            let _ = gc.call_method0(intern!(gc.py(), "enable"));
        }
    }
}

impl<'py> Successors for Space<'py> {
    type State = PyState<'py>;
    type Move = ();

    fn successors<F: FnMut(PyState<'py>, ())>(&self, state: &PyState<'py>, mut report: F) {
        let first = self.call(&self.successors, state, |next| report(next, ()));
        if let Some(next) = first
            && self.sampled(true)
        {
            self.check_move(state, &next, true);
        }
    }

    fn failure(&self) -> Option<search_core::Error> {
        Space::failure(self)
    }

    fn heap_bytes(&self, state: &PyState<'py>) -> usize {
        self.sizes.of(&state.object)
    }
}

impl<'py> Predecessors for Space<'py> {
    fn predecessors<F: FnMut(PyState<'py>)>(&self, state: &PyState<'py>, report: F) {
        let first = self.call(self.backward(), state, report);
        if let Some(previous) = first
            && self.sampled(false)
        {
            self.check_move(&previous, state, false);
        }
    }
}

/// The space and limits of a search that keeps only its current path
/// (IDA*, iterative deepening), read from its `max_depth` (moves) and
/// `max_nodes` (expansions) arguments.
pub(crate) fn path_search<'py>(
    successors: Bound<'py, PyAny>,
    max_depth: Option<&Bound<'py, PyAny>>,
    max_nodes: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Space<'py>, Limits)> {
    let max_depth = args::optional_size(max_depth, "max_depth")?;
    let max_nodes = args::optional_size(max_nodes, "max_nodes")?;
    // No visited set: the node bound is the one that stops a single call
    // of `successors` that gives too many states.
    let space = Space::new(successors, None, max_nodes);
    let bounds = limits(None, max_depth);
    match max_nodes {
        Some(nodes) => Ok((space, bounds.max_nodes(nodes as u64))),
        None => Ok((space, bounds)),
    }
}

pub(crate) fn limits(max_states: Option<usize>, max_depth: Option<usize>) -> Limits {
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
/// `set`. Of several shortest paths, the one through the states found
/// first, in the order `successors` gives them, comes back. Goals are
/// tested as states are generated; `is_goal` returns a
/// bool (Python's or NumPy's), and anything else raises TypeError, since
/// a number there is more likely an estimate. `max_states` (default
/// 134,217,728) and `max_depth` bound the search: reaching one raises
/// LimitError, and so does one call of `successors` that gives more than
/// `max_states` states (its iterator is read no further, so an endless one
/// ends). The first exception raised by `successors`, `is_goal` or a
/// state's `__eq__` or `__hash__` stops the search and propagates
/// unchanged. Ctrl-C is checked every 1,024 calls of `successors`.
///
/// With `moves=True`, `successors(state)` gives `(move, state)` pairs
/// instead, and the path comes back as a `WeightedPath` whose `.moves`
/// are the moves taken (the first pair out of each state that leads to
/// the next, found again once the path is known) and whose `.cost` is
/// their number.
///
/// A wrong type raises TypeError (a `start` that cannot be hashed, a
/// `successors` or `is_goal` that cannot be called, a limit that is not an
/// int) and a negative or huge limit raises ValueError; each names its
/// argument.
///
/// ```python
/// >>> # Counting by +1 and *2, the moves named.
/// >>> steps = lambda n: [("+1", n + 1), ("*2", n * 2)]
/// >>> bfs(1, steps, lambda n: n == 10, moves=True)
/// WeightedPath(cost=4, states=[1, 2, 4, 5, 10], moves=['+1', '*2', '+1', '*2'])
/// >>> # A knight's fewest moves across a chessboard.
/// >>> def knight(square):
/// ...     x, y = square
/// ...     jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
/// ...     return [(x + dx, y + dy) for dx, dy in jumps if 0 <= x + dx < 8 and 0 <= y + dy < 8]
/// >>> path = bfs((0, 0), knight, lambda square: square == (7, 7))
/// >>> len(path) - 1, path[0], path[-1]
/// (6, (0, 0), (7, 7))
/// >>> bfs(0, lambda n: [n + 1], lambda n: False, max_states=100)
/// Traceback (most recent call last):
/// statespace.LimitError: search reached its limit of 100 stored states without an answer
/// ```
#[pyfunction]
#[pyo3(signature = (start, successors, is_goal, *, max_states = None, max_depth = None, moves = None))]
fn bfs<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    max_states: Option<Bound<'py, PyAny>>,
    max_depth: Option<Bound<'py, PyAny>>,
    moves: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Py<PyAny>>> {
    let py = start.py();
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let max_depth = args::optional_size(max_depth.as_ref(), "max_depth")?;
    let pairs = moves.map(|moves| args::flag(&moves, "moves")).transpose()?.unwrap_or(false);
    let starts = PyState::starts(start)?;
    let mut space = Space::new(successors, None, max_states);
    space.pairs = pairs;
    let mut run = Run::new().limits(limits(max_states, max_depth));
    let result =
        Search::new().bfs(&space, starts, |state| space.is_goal(&is_goal, state), &mut run);
    let Some(path) = space.finish(result)? else { return Ok(None) };
    if !pairs {
        return Ok(Some(path_states(&path)?.into_pyobject(py)?.into_any().unbind()));
    }
    let moves = space.moves_along(path.states())?;
    let cost = moves.len().into_py_any(py)?;
    let labelled = WeightedPath { states: path_states(&path)?, cost, moves };
    Ok(Some(Py::new(py, labelled)?.into_any()))
}

/// A path from `start` (a list for several starts) to the first state for
/// which `is_goal(state)` is true, found depth first, as the list of its
/// states; None when no such state can be reached. Not a shortest path:
/// for one, use `bfs`.
///
/// The first start is searched first, and of each state the first
/// successor `successors` gives is followed first; a state is visited
/// once, by the last path that reached it before it was visited, and
/// goals are tested as states are visited. Time and memory are at most
/// the reachable space's. `max_states` bounds the states stored; there is
/// no depth bound (the depth at which depth first finds a state says
/// nothing of its distance). Exceptions, Ctrl-C and argument errors as for
/// `bfs`.
///
/// ```python
/// >>> # Counting by +1 and *2 below 20: depth first follows +1 first.
/// >>> dfs(1, lambda n: [m for m in (n + 1, n * 2) if m < 20], lambda n: n == 5)
/// [1, 2, 3, 4, 5]
/// ```
#[pyfunction]
#[pyo3(signature = (start, successors, is_goal, *, max_states = None))]
fn dfs<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<Py<PyAny>>>> {
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let starts = PyState::starts(start)?;
    let space = Space::new(successors, None, max_states);
    let mut run = Run::new().limits(limits(max_states, None));
    let result =
        Search::new().dfs(&space, starts, |state| space.is_goal(&is_goal, state), &mut run);
    space.finish(result)?.map(|path| path_states(&path)).transpose()
}

/// A shortest path from `start` (a list for several starts) to the first
/// state for which `is_goal(state)` is true, by iterative deepening:
/// depth-first searches to depth 0, 1, 2, ..., in memory that grows only
/// with the path's length; None when no goal can be reached.
///
/// It keeps no visited set, only the current path: a state already on it
/// is not searched again, so that in a finite space an unreachable goal
/// ends the search with None; in an endless one, give it `max_depth`
/// (moves) or `max_nodes` (expansions). It suits spaces too large to
/// store that are trees or nearly so; in a graph with many short cycles it
/// walks every path to a state, where `bfs` stores each once. Of several
/// shortest paths, the first in the order `successors` gives them comes
/// back. A limit reached with paths going further raises LimitError, as
/// does one call of `successors` that gives more than `max_nodes` states.
/// Exceptions, Ctrl-C and argument errors as for `bfs`.
///
/// ```python
/// >>> # Counting by +1 and *2 below 20: the fewest steps from 1 to 16.
/// >>> iddfs(1, lambda n: [m for m in (n + 1, n * 2) if m < 20], lambda n: n == 16)
/// [1, 2, 4, 8, 16]
/// ```
#[pyfunction]
#[pyo3(signature = (start, successors, is_goal, *, max_depth = None, max_nodes = None))]
fn iddfs<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    max_depth: Option<Bound<'py, PyAny>>,
    max_nodes: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<Py<PyAny>>>> {
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let (space, bounds) = path_search(successors, max_depth.as_ref(), max_nodes.as_ref())?;
    let starts = PyState::starts(start)?;
    let mut run = Run::new().limits(bounds);
    let result = IdaStar::new().iterative_deepening(
        &space,
        starts,
        |state| space.is_goal(&is_goal, state),
        &mut run,
    );
    space.finish(result)?.map(|path| path_states(&path)).transpose()
}

/// A shortest path from `start` to `goal`, searched from both ends, as
/// the list of its states; None when `goal` cannot be reached. A list for
/// `start` means several starts, and for `goal` several goals: the path
/// is a shortest from any start to any goal.
///
/// `predecessors(state)` returns the states one move before; leave it out
/// when every move can be undone (then `successors` serves both ways).
/// Limits, exceptions and argument errors as for `bfs`.
///
/// A `predecessors` that disagrees with `successors` raises ValueError
/// when the disagreement is seen. Every step of a path found must be among
/// `successors`. One move of each of the first 64 expansions of each side,
/// and of one in 64 after, is checked against the other callable (a move
/// one gives, the other must give back), and a search that finds nothing
/// checks the first move out of `start` and the first into `goal`. A
/// disagreement elsewhere is not seen, and can make the answer None when a
/// path exists, or a path longer than the shortest.
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
/// >>> # On a ring of 10, from 0 to the nearer of 4 and 7.
/// >>> bidirectional_bfs(0, [4, 7], lambda n: [(n + 1) % 10, (n - 1) % 10])
/// [0, 9, 8, 7]
/// >>> bidirectional_bfs(0, 10, lambda n: [n + 1], lambda n: [])
/// Traceback (most recent call last):
/// ValueError: predecessors disagrees with successors: 1 is among successors(0) but 0 is not among predecessors(1)
/// ```
#[pyfunction]
#[pyo3(signature = (start, goal, successors, predecessors = None, *, max_states = None))]
fn bidirectional_bfs<'py>(
    start: Bound<'py, PyAny>,
    goal: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<Py<PyAny>>>> {
    let successors = args::callable(successors, "successors")?;
    let predecessors =
        predecessors.map(|function| args::callable(function, "predecessors")).transpose()?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let starts = PyState::starts(start)?;
    let goals = PyState::several(goal, "goal")?;
    let mut space = Space::new(successors, predecessors, max_states);
    space.check_moves = true;
    let mut run = Run::new().limits(limits(max_states, None));
    let result = Search::new().bidirectional(&space, starts.clone(), goals.clone(), &mut run);
    if let Ok(None) = &result {
        space.check_nothing_found(&starts, &goals);
    }
    space.finish(result)?.map(|path| path_states(&path)).transpose()
}

/// Every state reachable from `start` (a list for several starts), by
/// breadth-first layers: how many at each distance, and the farthest.
/// With `max_depth`, the layers up to that distance, and `complete`
/// says whether the space goes on past it.
///
/// With `int_states=True`, every state is an int from -(2**127 - 1) to
/// 2**127 - 1 (a bool or a NumPy integer is the int it equals, and
/// comes back as that int), and the layers are kept as sorted,
/// compressed keys (a few bytes a state, where a Python object in a
/// hash table takes tens) on every core, within `max_memory` (default
/// 4 GiB): a layer whose successors would not fit is found in several
/// passes. `max_states` then defaults to none, is checked as each layer
/// ends, and `deepest` comes sorted; a state that is not an int raises
/// TypeError, one out of range ValueError, each naming it.
///
/// Limits, exceptions and argument errors as for `bfs`.
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
/// >>> near = enumerate_space((0, 0), pours, max_depth=2)
/// >>> near.sizes, near.complete
/// ([1, 2, 3], False)
/// >>> # A walk on the ints, a step of 2 or 3 either way, kept as keys.
/// >>> near = enumerate_space(0, lambda n: [n - 3, n - 2, n + 2, n + 3], max_depth=2, int_states=True)
/// >>> near.sizes, near.deepest
/// ([1, 4, 8], [-6, -5, -4, -1, 1, 4, 5, 6])
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, *, max_states = None, max_depth = None, int_states = None, max_memory = Arg::Default),
    text_signature = "(start, successors, *, max_states=None, max_depth=None, int_states=False, max_memory=4294967296)"
)]
fn enumerate_space<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    max_states: Option<Bound<'py, PyAny>>,
    max_depth: Option<Bound<'py, PyAny>>,
    int_states: Option<Bound<'py, PyAny>>,
    max_memory: Arg<'py>,
) -> PyResult<Layers> {
    let successors = args::callable(successors, "successors")?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let max_depth = args::optional_size(max_depth.as_ref(), "max_depth")?;
    let int_states =
        int_states.map(|flag| args::flag(&flag, "int_states")).transpose()?.unwrap_or(false);
    let max_memory = max_memory.count_or("max_memory", Limits::DEFAULT_MAX_MEMORY)?;
    if int_states {
        let bounds = limits(None, max_depth).max_memory(max_memory);
        return crate::int_states::enumerate(&start, successors, bounds, max_states);
    }
    let starts = PyState::starts(start)?;
    let space = Space::new(successors, None, max_states);
    let bounds = limits(max_states, max_depth).max_memory(max_memory);
    let mut run = Run::new().limits(bounds);
    let result = Search::new().enumerate(&space, starts, &mut run);
    let layers = space.finish(result)?;
    let deepest = layers.deepest().iter().map(|state| state.object.clone().unbind()).collect();
    Ok(Layers::of(&layers, deepest))
}
