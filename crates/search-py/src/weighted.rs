//! Cheapest paths in a space of the user's own: `dijkstra` and `astar`,
//! whose `successors` give `(move, state, cost)` triples. The space,
//! its faults and its limits are `custom`'s; the search is search-core's
//! `AStar`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use search_core::{AStar, Heuristic, IdaStar, Path, Run, Successors, Weighted};

use crate::args::{self, shown};
use crate::custom::{PyState, Space, innermost_failed, limits, path_search};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<WeightedPath>()?;
    module.add_function(wrap_pyfunction!(dijkstra, module)?)?;
    module.add_function(wrap_pyfunction!(astar, module)?)?;
    module.add_function(wrap_pyfunction!(ida_star, module)?)?;
    module.add_function(wrap_pyfunction!(dijkstra_all, module)?)?;
    module.add_function(wrap_pyfunction!(greedy_best_first, module)?)?;
    module.add_function(wrap_pyfunction!(beam_search, module)?)?;
    module.add_function(wrap_pyfunction!(k_cheapest_paths, module)?)?;
    Ok(())
}

/// A cheapest path: its states from the start to the goal, the moves
/// between them (one fewer), and the sum of the moves' costs.
///
/// ```pycon
/// >>> from statespace import dijkstra
/// >>> path = dijkstra(1, lambda n: [("+1", n + 1, 1), ("*2", 2 * n, 1)], lambda n: n == 6)
/// >>> path
/// WeightedPath(cost=3, states=[1, 2, 3, 6], moves=['+1', '+1', '*2'])
/// >>> path.states, path.moves, path.cost
/// ([1, 2, 3, 6], ['+1', '+1', '*2'], 3)
/// ```
#[pyclass(frozen, module = "statespace")]
pub(crate) struct WeightedPath {
    /// The states, from the start to the goal.
    #[pyo3(get)]
    pub(crate) states: Vec<Py<PyAny>>,
    /// The moves between them, as `successors` gave them.
    #[pyo3(get)]
    pub(crate) moves: Vec<Py<PyAny>>,
    /// The sum of the moves' costs.
    #[pyo3(get)]
    pub(crate) cost: u64,
}

#[pymethods]
impl WeightedPath {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let list = |items: &[Py<PyAny>]| -> PyResult<String> {
            let shown: PyResult<Vec<String>> =
                items.iter().map(|item| Ok(item.bind(py).repr()?.to_string())).collect();
            Ok(format!("[{}]", shown?.join(", ")))
        };
        Ok(format!(
            "WeightedPath(cost={}, states={}, moves={})",
            self.cost,
            list(&self.states)?,
            list(&self.moves)?
        ))
    }
}

/// A space whose successors give `(move, state, cost)` triples; the move
/// carries its cost to [`Weighted::cost`].
struct Triples<'s, 'py> {
    space: &'s Space<'py>,
}

impl<'py> Successors for Triples<'_, 'py> {
    type State = PyState<'py>;
    type Move = (Bound<'py, PyAny>, u64);

    fn successors<F>(&self, state: &PyState<'py>, mut report: F)
    where
        F: FnMut(PyState<'py>, (Bound<'py, PyAny>, u64)),
    {
        let what = "(move, state, cost) triples";
        self.space.call_each(&self.space.successors, state, what, |item| {
            let (mv, next, cost) = triple(&item, state)?;
            report(PyState::given(next, "successors", state)?, (mv, cost));
            Ok(())
        });
    }
}

impl<'py> Weighted for Triples<'_, 'py> {
    type Cost = u64;

    fn cost(
        &self,
        _: &PyState<'py>,
        (_, cost): &(Bound<'py, PyAny>, u64),
        _: &PyState<'py>,
    ) -> u64 {
        *cost
    }
}

/// An item of `successors(state)` as a triple, or the error that names
/// what is wrong with it.
fn triple<'py>(
    item: &Bound<'py, PyAny>,
    state: &PyState<'py>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, u64)> {
    let tuple = item.cast::<PyTuple>().ok().filter(|tuple| tuple.len() == 3).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "successors must give (move, state, cost) triples, but it gave {} for {}",
            shown(item),
            shown(&state.object)
        ))
    })?;
    let cost = cost_of(&tuple.get_item(2)?, || {
        format!("the cost of a move from {} in successors", shown(&state.object))
    })?;
    Ok((tuple.get_item(0)?, tuple.get_item(1)?, cost))
}

/// A cost or an estimate: an int from 0 to 2**64 - 1, or an integer of
/// another type (NumPy's) that Python can use as one, but not a bool, which
/// is a goal test's answer. `what` names it.
fn cost_of(value: &Bound<'_, PyAny>, what: impl Fn() -> String) -> PyResult<u64> {
    let not_an_int = || {
        PyTypeError::new_err(format!("{} must be an int, not {}", what(), args::type_name(value)))
    };
    if args::is_bool(value) {
        return Err(not_an_int());
    }
    match value.extract::<u64>() {
        Ok(cost) => Ok(cost),
        Err(error) if error.is_instance_of::<PyTypeError>(value.py()) => Err(not_an_int()),
        Err(_) => Err(PyValueError::new_err(format!(
            "{} must be from 0 to 2**64 - 1, not {}",
            what(),
            shown(value)
        ))),
    }
}

/// A Python estimate: `heuristic(state)`, an int. Its first failure is
/// the search's, and the estimate is then 0.
struct Estimate<'s, 'py> {
    space: &'s Space<'py>,
    heuristic: Bound<'py, PyAny>,
}

impl<'py> Heuristic<PyState<'py>> for Estimate<'_, 'py> {
    type Cost = u64;

    fn estimate(&self, state: &PyState<'py>) -> u64 {
        if innermost_failed() {
            return 0;
        }
        let estimate = self
            .heuristic
            .call1((&state.object,))
            .and_then(|value| cost_of(&value, || format!("heuristic({})", shown(&state.object))));
        estimate.unwrap_or_else(|error| {
            self.space.fail(error);
            0
        })
    }
}

/// Runs A* from `start` with `estimate`, and gives its answer to Python.
fn cheapest<'py>(
    space: &Space<'py>,
    start: Bound<'py, PyAny>,
    is_goal: &Bound<'py, PyAny>,
    max_states: Option<usize>,
    estimate: impl Heuristic<PyState<'py>, Cost = u64>,
) -> PyResult<Option<WeightedPath>> {
    let starts = PyState::starts(start)?;
    let triples = Triples { space };
    let mut run = Run::new().limits(limits(max_states, None));
    let found = AStar::new().run(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(is_goal, state),
        &mut run,
    );
    Ok(space.finish(found)?.map(|(path, cost)| weighted_path(&path, cost)))
}

fn weighted_path(path: &Path<PyState<'_>, (Bound<'_, PyAny>, u64)>, cost: u64) -> WeightedPath {
    WeightedPath {
        states: path.states().iter().map(|state| state.object.clone().unbind()).collect(),
        moves: path.moves().iter().map(|(mv, _)| mv.clone().unbind()).collect(),
        cost,
    }
}

/// A cheapest path from `start` to the first state for which
/// `is_goal(state)` is true, by Dijkstra's algorithm; None when no such
/// state can be reached. A list for `start` means several starts.
///
/// `successors(state)` returns an iterable of `(move, state, cost)`
/// triples: any move label, the state it leads to, and its cost, an int
/// from 0 to 2**64 - 1. Goals are tested as states are expanded, cheapest
/// first, so the first goal is a cheapest one. Of states that cost the
/// same, which is expanded first is not specified: of several cheapest
/// paths, any may come back. `max_states` (default
/// 134,217,728) bounds the states stored: reaching it raises LimitError.
/// The first exception raised by a callable or a state stops the search
/// and propagates unchanged; an item that is not such a triple raises
/// TypeError, a negative cost ValueError, each naming the state.
///
/// ```pycon
/// >>> from statespace import dijkstra
/// >>> # Roads between towns, and their lengths.
/// >>> roads = {"a": [("b", 7), ("c", 9), ("f", 14)], "b": [("c", 10), ("d", 15)],
/// ...          "c": [("d", 11), ("f", 2)], "d": [("e", 6)], "e": [], "f": [("e", 9)]}
/// >>> def drive(town):
/// ...     return [(f"{town}-{to}", to, length) for to, length in roads[town]]
/// >>> path = dijkstra("a", drive, lambda town: town == "e")
/// >>> path.cost, path.states, path.moves
/// (20, ['a', 'c', 'f', 'e'], ['a-c', 'c-f', 'f-e'])
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *extra, max_states = None),
    text_signature = "(start, successors, is_goal, *, max_states=None)"
)]
fn dijkstra<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    extra: &Bound<'py, PyTuple>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<WeightedPath>> {
    if !extra.is_empty() {
        return Err(PyTypeError::new_err(
            "dijkstra() takes 3 positional arguments (start, successors, is_goal) but more \
             were given; an estimate goes to astar(start, successors, is_goal, heuristic=...)",
        ));
    }
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let space = Space::new(successors, None, max_states);
    cheapest(&space, start, &is_goal, max_states, |_: &PyState<'py>| 0u64)
}

/// A cheapest path from `start` to the first state for which
/// `is_goal(state)` is true, by A* guided by `heuristic(state)`, an int
/// that must not overestimate the cost to the nearest goal (else the path
/// may not be cheapest); None when no such state can be reached.
///
/// Of states whose cost plus estimate tie, the one that cost more to reach
/// (the deeper, nearer a goal) is expanded first; beyond that the order is
/// not specified, so of several cheapest paths any may come back.
/// `heuristic` is given by keyword only (`heuristic=estimate`), so that it
/// cannot change places with `is_goal` unseen: as a fourth positional
/// argument it raises TypeError. `successors`, limits and errors are as
/// for `dijkstra`; a `heuristic` that returns something other than an int
/// from 0 to 2**64 - 1 (a NumPy integer will do; a bool will not) raises
/// TypeError or ValueError naming the state.
///
/// ```pycon
/// >>> from statespace import astar
/// >>> # A knight on a board without edges, guided by half the larger
/// >>> # coordinate distance (a jump covers at most 2 of it).
/// >>> def jumps(square):
/// ...     x, y = square
/// ...     return [((dx, dy), (x + dx, y + dy), 1) for dx, dy in
/// ...             [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]]
/// >>> def estimate(square):
/// ...     return (max(abs(20 - square[0]), abs(20 - square[1])) + 1) // 2
/// >>> path = astar((0, 0), jumps, lambda s: s == (20, 20), heuristic=estimate)
/// >>> path.cost, len(path.moves), path.states[-1]
/// (14, 14, (20, 20))
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *extra, heuristic = None, max_states = None),
    text_signature = "(start, successors, is_goal, *, heuristic, max_states=None)"
)]
fn astar<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    extra: &Bound<'py, PyTuple>,
    heuristic: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<WeightedPath>> {
    let (heuristic, space, is_goal, max_states) =
        informed_arguments("astar", (successors, is_goal, extra, heuristic, max_states))?;
    let estimate = Estimate { space: &space, heuristic };
    cheapest(&space, start, &is_goal, max_states, estimate)
}

/// The arguments every informed search over triples reads alike, checked
/// in order: the heuristic (keyword only), the space of `successors`, the
/// goal test and the state limit.
#[expect(clippy::type_complexity, reason = "the arguments as pyo3 hands them over")]
fn informed_arguments<'py>(
    function: &str,
    (successors, is_goal, extra, heuristic, max_states): (
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        &Bound<'py, PyTuple>,
        Option<Bound<'py, PyAny>>,
        Option<Bound<'py, PyAny>>,
    ),
) -> PyResult<(Bound<'py, PyAny>, Space<'py>, Bound<'py, PyAny>, Option<usize>)> {
    let heuristic = args::heuristic(function, extra, heuristic)?;
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    Ok((heuristic, Space::new(successors, None, max_states), is_goal, max_states))
}

/// A cheapest path from `start` to the first state for which
/// `is_goal(state)` is true, by IDA*: depth-first searches within a
/// growing bound on cost plus `heuristic(state)`, in memory that grows
/// only with the path's length; None when no goal can be reached.
///
/// `successors` and `heuristic` are as for `astar`. Moves are tried in the
/// order `successors` gives them, so of several cheapest paths, the first
/// in that order comes back. IDA* keeps no visited
/// set, only the current path: a state already on it is not searched
/// again, so that in a finite space an unreachable goal ends the search
/// with None; in an endless one, give it `max_depth` (moves) or
/// `max_nodes` (expansions). It suits spaces that are trees or nearly so
/// (puzzles, with an estimate that is good): in a graph with many short
/// cycles it walks every path to a state. A limit reached with paths
/// going further raises LimitError, as does one call of `successors` that
/// gives more than `max_nodes` states. Ctrl-C is checked every 1,024 calls
/// of `successors`.
///
/// ```pycon
/// >>> from statespace import ida_star
/// >>> # Sort by reversing a prefix (pancake flips), the estimate the
/// >>> # number of adjacent pairs that are not neighbours: a flip mends one.
/// >>> def flips(stack):
/// ...     return [(k, stack[:k][::-1] + stack[k:], 1) for k in range(2, len(stack) + 1)]
/// >>> def gaps(stack):
/// ...     ends = stack + (len(stack),)
/// ...     return sum(abs(a - b) != 1 for a, b in zip(ends, ends[1:]))
/// >>> path = ida_star((3, 1, 4, 0, 2), flips, lambda s: s == (0, 1, 2, 3, 4), heuristic=gaps)
/// >>> path.cost, path.states[-1]  # breadth-first search agrees: 5 flips
/// (5, (0, 1, 2, 3, 4))
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *extra, heuristic = None, max_depth = None, max_nodes = None),
    text_signature = "(start, successors, is_goal, *, heuristic, max_depth=None, max_nodes=None)"
)]
fn ida_star<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    extra: &Bound<'py, PyTuple>,
    heuristic: Option<Bound<'py, PyAny>>,
    max_depth: Option<Bound<'py, PyAny>>,
    max_nodes: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<WeightedPath>> {
    let heuristic = args::heuristic("ida_star", extra, heuristic)?;
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let (space, bounds) = path_search(successors, max_depth.as_ref(), max_nodes.as_ref())?;
    let starts = PyState::starts(start)?;
    let estimate = Estimate { space: &space, heuristic };
    let triples = Triples { space: &space };
    let mut run = Run::new().limits(bounds);
    let found = IdaStar::new().run(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(&is_goal, state),
        &mut run,
    );
    Ok(space.finish(found)?.map(|(path, cost)| weighted_path(&path, cost)))
}

/// The cheapest cost of every state reachable from `start` (a list for
/// several starts), as a dict from state to cost, by Dijkstra's algorithm
/// run to the end: cheapest first, ties in the order they were settled.
/// With `max_cost`, only the states that cost at most that much.
///
/// `successors`, `max_states`, limits and errors are as for `dijkstra`;
/// `max_cost` is an int from 0 to 2**64 - 1. Ctrl-C is checked every
/// 1,024 calls of `successors`.
///
/// ```pycon
/// >>> from statespace import dijkstra_all
/// >>> roads = {"a": [("b", 7), ("c", 9), ("f", 14)], "b": [("c", 10), ("d", 15)],
/// ...          "c": [("d", 11), ("f", 2)], "d": [("e", 6)], "e": [], "f": [("e", 9)]}
/// >>> def drive(town):
/// ...     return [(f"{town}-{to}", to, length) for to, length in roads[town]]
/// >>> dijkstra_all("a", drive)
/// {'a': 0, 'b': 7, 'c': 9, 'f': 11, 'e': 20, 'd': 20}
/// >>> dijkstra_all("a", drive, max_cost=10)
/// {'a': 0, 'b': 7, 'c': 9}
/// ```
#[pyfunction]
#[pyo3(signature = (start, successors, *, max_cost = None, max_states = None))]
fn dijkstra_all<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    max_cost: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let py = start.py();
    let successors = args::callable(successors, "successors")?;
    let max_cost = max_cost.map(|cost| cost_of(&cost, || "max_cost".to_owned())).transpose()?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let starts = PyState::starts(start)?;
    let space = Space::new(successors, None, max_states);
    let triples = Triples { space: &space };
    let mut run = Run::new().limits(limits(max_states, None));
    let found = AStar::new().cheapest_costs(&triples, starts, max_cost, &mut run);
    let costs = space.finish(found)?;
    let dict = PyDict::new(py);
    for (state, cost) in costs.iter() {
        dict.set_item(&state.object, cost)?;
    }
    Ok(dict)
}

/// A path from `start` to the first state for which `is_goal(state)` is
/// true, by greedy best-first search: the stored state that
/// `heuristic(state)` says is nearest a goal is expanded first, whatever
/// its path cost. Quick when the estimate is good, but the path may cost
/// far more than the cheapest; None when no goal can be reached. Each
/// state is stored once, so a finite space ends.
///
/// Of states with equal estimates, which is expanded first is not
/// specified. `successors`, `heuristic` (keyword only), limits and errors are as for
/// `astar`; the path's `cost` is the sum of its moves' costs.
///
/// ```pycon
/// >>> from statespace import greedy_best_first
/// >>> # Counting by +1 and *3 towards 100, guided by the distance to it.
/// >>> steps = lambda n: [("+1", n + 1, 1), ("*3", n * 3, 1)]
/// >>> path = greedy_best_first(1, steps, lambda n: n == 100, heuristic=lambda n: abs(100 - n))
/// >>> path.states[:6], path.cost  # 23 moves, where 7 would do
/// ([1, 3, 9, 27, 81, 82], 23)
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *extra, heuristic = None, max_states = None),
    text_signature = "(start, successors, is_goal, *, heuristic, max_states=None)"
)]
fn greedy_best_first<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    extra: &Bound<'py, PyTuple>,
    heuristic: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<WeightedPath>> {
    let arguments = (successors, is_goal, extra, heuristic, max_states);
    let (heuristic, space, is_goal, max_states) =
        informed_arguments("greedy_best_first", arguments)?;
    let starts = PyState::starts(start)?;
    let estimate = Estimate { space: &space, heuristic };
    let triples = Triples { space: &space };
    let mut run = Run::new().limits(limits(max_states, None));
    let found: Result<_, search_core::Error> = AStar::<_, _, u64>::new().greedy_best_first(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(&is_goal, state),
        &mut run,
    );
    space.finish(found)?.map(|path| summed_path(&path)).transpose()
}

/// A path of a search that does not count costs, with the sum of its
/// moves' costs.
fn summed_path(path: &Path<PyState<'_>, (Bound<'_, PyAny>, u64)>) -> PyResult<WeightedPath> {
    let cost = path.moves().iter().try_fold(0u64, |sum, (_, cost)| sum.checked_add(*cost));
    let cost = cost
        .ok_or_else(|| PyValueError::new_err("the path found costs more than 2**64 - 1 in all"))?;
    Ok(weighted_path(path, cost))
}

/// A path from `start` to a state for which `is_goal(state)` is true, by
/// beam search: breadth first, but of each layer (the starts' too) only
/// the `width` states that `heuristic(state)` rates nearest a goal are
/// expanded (of equal estimates, those found first). Memory and time grow
/// with `width` times the depth, not with the space; the price is that it
/// may answer None where a path exists, and a path it finds may be longer
/// than the shortest. With a `width` of at least the widest layer it is
/// breadth-first search. States seen in an earlier layer are not kept
/// again. `heuristic` is asked only of the states of layers wider than
/// `width`.
///
/// `successors`, `heuristic` (keyword only), `max_states`, limits and
/// errors are as for `greedy_best_first`; `width` is an int of at least 1;
/// `max_depth` bounds the layers (a layer left at the bound raises
/// LimitError). The path's `cost` is the sum of its moves' costs.
///
/// ```pycon
/// >>> from statespace import beam_search
/// >>> # Counting by +1 and *3 towards 100, guided by the distance to it:
/// >>> # the wider the beam, the shorter the path (7 moves is the fewest).
/// >>> steps = lambda n: [("+1", n + 1, 1), ("*3", n * 3, 1)]
/// >>> for width in [1, 10, 30]:
/// ...     path = beam_search(1, steps, lambda n: n == 100, heuristic=lambda n: abs(100 - n), width=width)
/// ...     print(width, path.cost, path.states[:5])
/// 1 23 [1, 3, 9, 27, 81]
/// 10 15 [1, 3, 9, 10, 30]
/// 30 7 [1, 3, 9, 10, 11]
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *extra, heuristic = None, width = None, max_states = None, max_depth = None),
    text_signature = "(start, successors, is_goal, *, heuristic, width, max_states=None, max_depth=None)"
)]
#[expect(clippy::too_many_arguments, reason = "a Python function's keyword arguments")]
fn beam_search<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    extra: &Bound<'py, PyTuple>,
    heuristic: Option<Bound<'py, PyAny>>,
    width: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
    max_depth: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<WeightedPath>> {
    let arguments = (successors, is_goal, extra, heuristic, max_states);
    let (heuristic, space, is_goal, max_states) = informed_arguments("beam_search", arguments)?;
    let width = args::required_positive("beam_search", width, "width")?;
    let max_depth = args::optional_size(max_depth.as_ref(), "max_depth")?;
    let starts = PyState::starts(start)?;
    let estimate = Estimate { space: &space, heuristic };
    let triples = Triples { space: &space };
    let mut run = Run::new().limits(limits(max_states, max_depth));
    let found: Result<_, search_core::Error> = AStar::<_, _, u64>::new().beam_search(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(&is_goal, state),
        width,
        &mut run,
    );
    space.finish(found)?.map(|path| summed_path(&path)).transpose()
}

/// The `k` cheapest loopless paths from `start` (a list for several
/// starts) to states for which `is_goal(state)` is true, cheapest first,
/// as a list of `WeightedPath`: Yen's algorithm. Fewer when fewer exist.
///
/// A loopless path visits no state twice and ends at the first goal it
/// meets. Paths are told apart by their states: of two moves between the
/// same states, the cheaper stands for both. Of paths of equal cost, the
/// order is not specified. Each path after the first costs one Dijkstra
/// search per state of the path before it; `max_states` bounds each of
/// those searches. `successors`, limits and errors are as for `dijkstra`;
/// `k` is an int of at least 1.
///
/// ```pycon
/// >>> from statespace import k_cheapest_paths
/// >>> # Round a square from corner 0 to corner 2: one way costs 1 a side,
/// >>> # the other 2.
/// >>> square = lambda n: [("+", (n + 1) % 4, 1), ("-", (n + 3) % 4, 2)]
/// >>> [(path.cost, path.states) for path in k_cheapest_paths(0, square, lambda n: n == 2, k=3)]
/// [(2, [0, 1, 2]), (4, [0, 3, 2])]
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *, k = None, max_states = None),
    text_signature = "(start, successors, is_goal, *, k, max_states=None)"
)]
fn k_cheapest_paths<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    k: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Vec<WeightedPath>> {
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let k = args::required_positive("k_cheapest_paths", k, "k")?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let starts = PyState::starts(start)?;
    let space = Space::new(successors, None, max_states);
    let triples = Triples { space: &space };
    let mut run = Run::new().limits(limits(max_states, None));
    let found = AStar::new().k_cheapest_paths(
        &triples,
        starts,
        |state| space.is_goal(&is_goal, state),
        k,
        &mut run,
    );
    Ok(space.finish(found)?.iter().map(|(path, cost)| weighted_path(path, *cost)).collect())
}
