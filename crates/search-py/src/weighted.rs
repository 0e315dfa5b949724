//! Cheapest paths in a space of the user's own: `dijkstra` and `astar`,
//! whose `successors` give `(move, state, cost)` triples. The space,
//! its faults and its limits are `custom`'s; the search is search-core's
//! `AStar`.

use std::cell::RefCell;

use num_traits::Zero;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use search_core::cheapest::{AStar, BeamSearch, BidirectionalSearch};
use search_core::deepening::IdaStar;
use search_core::{Heuristic, Path, Predecessors, Run, Successors, Weighted};

use crate::LimitError;
use crate::args::{self, shown};
use crate::custom::{
    PyState, Space, collect_reserved, disagreement, innermost_failed, limits, path_search,
};
use crate::number::Number;

use crate::weighted_path::WeightedPath;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<WeightedPath>()?;
    module.add_function(wrap_pyfunction!(dijkstra, module)?)?;
    module.add_function(wrap_pyfunction!(astar, module)?)?;
    module.add_function(wrap_pyfunction!(ida_star, module)?)?;
    module.add_function(wrap_pyfunction!(dijkstra_all, module)?)?;
    module.add_function(wrap_pyfunction!(greedy_best_first, module)?)?;
    module.add_function(wrap_pyfunction!(beam_search, module)?)?;
    module.add_function(wrap_pyfunction!(k_cheapest_paths, module)?)?;
    module.add_function(wrap_pyfunction!(all_cheapest_paths, module)?)?;
    module.add_function(wrap_pyfunction!(bidirectional_dijkstra, module)?)?;
    Ok(())
}

/// A space whose successors give `(move, state, cost)` triples; the move
/// carries its cost to [`Weighted::cost`].
struct Triples<'s, 'py> {
    space: &'s Space<'py>,
}

impl<'s, 'py> Triples<'s, 'py> {
    fn new(space: &'s Space<'py>) -> Triples<'s, 'py> {
        Triples { space }
    }

    /// A path of this search and its cost, for Python.
    fn path(&self, path: &Path<PyState<'_>, Labelled<'_>>, cost: Number) -> PyResult<WeightedPath> {
        Ok(WeightedPath {
            states: collect_reserved(
                path.states().iter().map(|state| state.object.clone().unbind()),
            )?,
            moves: collect_reserved(path.moves().iter().map(|(mv, _)| mv.clone().unbind()))?,
            cost: cost.to_python(self.space.py())?,
        })
    }

    /// A path with the sum of its moves' costs, added from the start as
    /// Python would add them: for the searches that do not count costs,
    /// and for one whose halves were summed apart (from both ends).
    fn summed_path(&self, path: &Path<PyState<'_>, Labelled<'_>>) -> PyResult<WeightedPath> {
        let cost = path.moves().iter().fold(Number::zero(), |sum, (_, cost)| sum + *cost);
        self.path(path, cost)
    }
}

/// A move as the search keeps it: the user's label and its cost.
type Labelled<'py> = (Bound<'py, PyAny>, Number);

impl<'py> Successors for Triples<'_, 'py> {
    type State = PyState<'py>;
    type Move = Labelled<'py>;

    fn successors<F>(&self, state: &PyState<'py>, mut report: F)
    where
        F: FnMut(PyState<'py>, Labelled<'py>),
    {
        let what = "(move, state, cost) triples";
        self.space.call_each(&self.space.successors, state, what, |item| {
            let (mv, next, cost) = triple(&item, state)?;
            report(PyState::given(next, "successors", state)?, (mv, cost));
            Ok(())
        });
    }

    fn failure(&self) -> Option<search_core::Error> {
        self.space.failure()
    }

    fn heap_bytes(&self, state: &PyState<'py>) -> usize {
        self.space.sizes.of(&state.object)
    }
}

impl<'py> Weighted for Triples<'_, 'py> {
    type Cost = Number;

    fn cost(&self, _: &PyState<'py>, (_, cost): &Labelled<'py>, _: &PyState<'py>) -> Number {
        *cost
    }
}

/// An item of `successors(state)` as a triple, or the error that names
/// what is wrong with it.
fn triple<'py>(
    item: &Bound<'py, PyAny>,
    state: &PyState<'py>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Number)> {
    let tuple = item.cast::<PyTuple>().ok().filter(|tuple| tuple.len() == 3).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "successors must give (move, state, cost) triples, but it gave {} for {}",
            shown(item),
            shown(&state.object)
        ))
    })?;
    let cost = Number::from_python(&tuple.get_item(2)?, || {
        format!("the cost of a move from {} in successors", shown(&state.object))
    })?;
    Ok((tuple.get_item(0)?, tuple.get_item(1)?, cost))
}

/// A Python estimate: `heuristic(state)`, a number, times `weight`. Its
/// first failure is the search's, and the estimate is then 0.
struct Estimate<'s, 'py> {
    space: &'s Space<'py>,
    heuristic: Bound<'py, PyAny>,
    weight: Number,
}

impl<'s, 'py> Estimate<'s, 'py> {
    /// `heuristic` as it is, unweighted.
    fn new(space: &'s Space<'py>, heuristic: Bound<'py, PyAny>) -> Estimate<'s, 'py> {
        Estimate { space, heuristic, weight: Number::Int(1) }
    }
}

impl<'py> Heuristic<PyState<'py>> for Estimate<'_, 'py> {
    type Cost = Number;

    fn estimate(&self, state: &PyState<'py>) -> Number {
        if innermost_failed() {
            return Number::zero();
        }
        let estimate = self.heuristic.call1((&state.object,)).and_then(|value| {
            Number::from_python(&value, || format!("heuristic({})", shown(&state.object)))
        });
        match estimate {
            Ok(estimate) if self.weight == Number::Int(1) => estimate,
            Ok(estimate) => estimate.times(self.weight),
            Err(error) => {
                self.space.fail(error);
                Number::zero()
            }
        }
    }
}

/// Runs A* from `start` with `estimate`, and gives its answer to Python.
fn cheapest<'py>(
    space: &Space<'py>,
    start: Bound<'py, PyAny>,
    is_goal: &Bound<'py, PyAny>,
    max_states: Option<usize>,
    estimate: impl Heuristic<PyState<'py>, Cost = Number>,
) -> PyResult<Option<WeightedPath>> {
    let starts = PyState::starts(start)?;
    let triples = Triples::new(space);
    let mut run = Run::new().limits(limits(max_states, None));
    let found = AStar::new().run(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(is_goal, state),
        &mut run,
    );
    space.finish(found)?.map(|(path, cost)| triples.path(&path, cost)).transpose()
}

/// A cheapest path from `start` to the first state for which
/// `is_goal(state)` is true, by Dijkstra's algorithm; None when no such
/// state can be reached. A list for `start` means several starts.
///
/// `successors(state)` returns an iterable of `(move, state, cost)`
/// triples: any move label, the state it leads to, and its cost, an int
/// from 0 to 2**64 - 1 or a float (NumPy's scalars too) that is finite and
/// not negative. Costs add as Python adds them: ints exactly, a sum with
/// a float is a float (and a sum of ints past 2**64 - 1 too). Goals are
/// tested as states are expanded, cheapest
/// first, so the first goal is a cheapest one. Of states that cost the
/// same, which is expanded first is not specified: of several cheapest
/// paths, any may come back. `max_states` (default
/// 134,217,728) bounds the states stored: reaching it raises LimitError.
/// The first exception raised by a callable or a state stops the search
/// and propagates unchanged; an item that is not such a triple, or a cost
/// that is not a number (a bool is not), raises TypeError, and a negative,
/// NaN, infinite or too large cost ValueError, each naming the state.
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
    cheapest(&space, start, &is_goal, max_states, |_: &PyState<'py>| Number::zero())
}

/// A cheapest path from `start` to the first state for which
/// `is_goal(state)` is true, by A* guided by `heuristic(state)`, a number
/// that must not overestimate the cost to the nearest goal (else the path
/// may not be cheapest); None when no such state can be reached.
///
/// Of states whose cost plus estimate tie, the one that cost more to reach
/// (the deeper, nearer a goal) is expanded first; beyond that the order is
/// not specified, so of several cheapest paths any may come back.
/// `heuristic` is given by keyword only (`heuristic=estimate`), so that it
/// cannot change places with `is_goal` unseen: as a fourth positional
/// argument it raises TypeError. An estimate is an int or a float, as a
/// cost is; anything else (a bool too) raises TypeError, and a negative,
/// NaN or infinite one ValueError, naming the state.
///
/// With `weight` (a number of at least 1, default 1) every estimate is
/// multiplied by it: weighted A*, which expands fewer states and returns
/// a path that costs at most `weight` times the cheapest.
/// `successors`, limits and errors are as for `dijkstra`.
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
/// >>> # Walking a grid where a diagonal step costs 1.5, guided by the
/// >>> # distance as the crow flies: float costs, a float answer.
/// >>> def walk(cell):
/// ...     x, y = cell
/// ...     return [((dx, dy), (x + dx, y + dy), 1.5 if dx and dy else 1)
/// ...             for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
/// >>> crow = lambda cell: ((7 - cell[0]) ** 2 + (3 - cell[1]) ** 2) ** 0.5
/// >>> astar((0, 0), walk, lambda cell: cell == (7, 3), heuristic=crow).cost
/// 8.5
/// >>> astar((0, 0), walk, lambda cell: cell == (7, 3), heuristic=crow, weight=2).cost <= 2 * 8.5
/// True
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *extra, heuristic = None, weight = None, max_states = None),
    text_signature = "(start, successors, is_goal, *, heuristic, weight=1, max_states=None)"
)]
fn astar<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    extra: &Bound<'py, PyTuple>,
    heuristic: Option<Bound<'py, PyAny>>,
    weight: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<WeightedPath>> {
    let (heuristic, space, is_goal, max_states) =
        informed_arguments("astar", (successors, is_goal, extra, heuristic, max_states))?;
    let mut estimate = Estimate::new(&space, heuristic);
    if let Some(weight) = weight {
        if !args::is_bool(&weight) && weight.lt(1).unwrap_or(false) {
            return Err(PyValueError::new_err(format!(
                "weight must be at least 1, but it is {}",
                shown(&weight)
            )));
        }
        estimate.weight = Number::from_python(&weight, || "weight".to_owned())?;
    }
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
    let estimate = Estimate::new(&space, heuristic);
    let triples = Triples::new(&space);
    let mut run = Run::new().limits(bounds);
    let found = IdaStar::new().run(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(&is_goal, state),
        &mut run,
    );
    space.finish(found)?.map(|(path, cost)| triples.path(&path, cost)).transpose()
}

/// The cheapest cost of every state reachable from `start` (a list for
/// several starts), as a dict from state to cost, by Dijkstra's algorithm
/// run to the end: cheapest first, ties in the order they were settled.
/// With `max_cost`, only the states that cost at most that much.
///
/// `successors`, `max_states`, limits and errors are as for `dijkstra`;
/// `max_cost` is a cost (an int or a float). Ctrl-C is checked every
/// 1,024 calls of `successors`.
///
/// ```pycon
/// >>> from statespace import dijkstra_all
/// >>> roads = {"a": [("b", 7), ("c", 9), ("f", 14)], "b": [("c", 10), ("d", 15)],
/// ...          "c": [("d", 11), ("f", 2)], "d": [("e", 6)], "e": [], "f": [("e", 9)]}
/// >>> def drive(town):
/// ...     return [(f"{town}-{to}", to, length) for to, length in roads[town]]
/// >>> dijkstra_all("a", drive)
/// {'a': 0, 'b': 7, 'c': 9, 'f': 11, 'd': 20, 'e': 20}
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
    let max_cost =
        max_cost.map(|cost| Number::from_python(&cost, || "max_cost".to_owned())).transpose()?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let starts = PyState::starts(start)?;
    let space = Space::new(successors, None, max_states);
    let triples = Triples::new(&space);
    let mut run = Run::new().limits(limits(max_states, None));
    let found = AStar::new().cheapest_costs(&triples, starts, max_cost, &mut run);
    let costs = space.finish(found)?;
    let dict = PyDict::new(py);
    for (state, cost) in costs.iter() {
        dict.set_item(&state.object, cost.to_python(py)?)?;
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
    let estimate = Estimate::new(&space, heuristic);
    let triples = Triples::new(&space);
    let mut run = Run::new().limits(limits(max_states, None));
    let found: Result<_, search_core::Error> = AStar::<_, _, Number>::new().greedy_best_first(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(&is_goal, state),
        &mut run,
    );
    space.finish(found)?.map(|path| triples.summed_path(&path)).transpose()
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
    let estimate = Estimate::new(&space, heuristic);
    let triples = Triples::new(&space);
    let mut run = Run::new().limits(limits(max_states, max_depth));
    let found: Result<_, search_core::Error> = BeamSearch::new().run(
        &triples,
        starts,
        |state| estimate.estimate(state),
        |state| space.is_goal(&is_goal, state),
        width,
        &mut run,
    );
    space.finish(found)?.map(|path| triples.summed_path(&path)).transpose()
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
    let triples = Triples::new(&space);
    let mut run = Run::new().limits(limits(max_states, None));
    let found = AStar::new().k_cheapest_paths(
        &triples,
        starts,
        |state| space.is_goal(&is_goal, state),
        k,
        &mut run,
    );
    space.finish(found)?.iter().map(|(path, cost)| triples.path(path, *cost)).collect()
}

/// Every cheapest path from `start` (a list for several starts) to the
/// nearest states for which `is_goal(state)` is true, as a list of
/// `WeightedPath`, all of the same cost; an empty list when no goal can
/// be reached.
///
/// A* (Dijkstra's order without `heuristic`) runs on past the first goal
/// until no cheaper path can remain, keeping every move that reaches a
/// state at its cheapest cost. A path ends at the first goal it meets;
/// a move of cost 0 into a state already expanded is left out, so that a
/// cycle of such moves cannot make endless paths. Paths come goal by goal
/// (in the order the goals were reached), and through the same goal in
/// an order that is not specified. With `heuristic` (keyword only, as for
/// `astar`), every path is found when the estimate is consistent (it
/// never drops by more than a move's cost); a merely admissible one may
/// miss some.
///
/// Their number can grow exponentially with the cost: more than
/// `max_paths` (default 100,000) raises LimitError before any path is
/// built. `successors`, `max_states`, limits and errors are as for
/// `dijkstra`.
///
/// ```pycon
/// >>> from statespace import all_cheapest_paths
/// >>> # Every shortest way across a 3 x 3 grid, a step right or down for 1.
/// >>> def steps(cell):
/// ...     x, y = cell
/// ...     return [(m, (x + dx, y + dy), 1) for m, dx, dy in [("R", 1, 0), ("D", 0, 1)]
/// ...             if x + dx < 3 and y + dy < 3]
/// >>> paths = all_cheapest_paths((0, 0), steps, lambda cell: cell == (2, 2))
/// >>> sorted("".join(path.moves) for path in paths)
/// ['DDRR', 'DRDR', 'DRRD', 'RDDR', 'RDRD', 'RRDD']
/// >>> {path.cost for path in paths}
/// {4}
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, successors, is_goal, *extra, heuristic = None, max_paths = None, max_states = None),
    text_signature = "(start, successors, is_goal, *, heuristic=None, max_paths=100000, max_states=None)"
)]
fn all_cheapest_paths<'py>(
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    is_goal: Bound<'py, PyAny>,
    extra: &Bound<'py, PyTuple>,
    heuristic: Option<Bound<'py, PyAny>>,
    max_paths: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Vec<WeightedPath>> {
    if !extra.is_empty() {
        return Err(PyTypeError::new_err(
            "all_cheapest_paths() takes 3 positional arguments (start, successors, is_goal) but \
             more were given; an estimate goes by keyword (heuristic=...)",
        ));
    }
    let successors = args::callable(successors, "successors")?;
    let is_goal = args::callable(is_goal, "is_goal")?;
    let heuristic = heuristic.map(|function| args::callable(function, "heuristic")).transpose()?;
    let max_paths = args::optional_size(max_paths.as_ref(), "max_paths")?.unwrap_or(100_000);
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let starts = PyState::starts(start)?;
    let space = Space::new(successors, None, max_states);
    let estimate = heuristic.map(|heuristic| Estimate::new(&space, heuristic));
    let triples = Triples::new(&space);
    let mut run = Run::new().limits(limits(max_states, None));
    let found = AStar::new().all_cheapest_paths(
        &triples,
        starts,
        |state| estimate.as_ref().map_or_else(Number::zero, |estimate| estimate.estimate(state)),
        |state| space.is_goal(&is_goal, state),
        &mut run,
    );
    let paths = space.finish(found)?;
    let Some(cost) = paths.cost() else { return Ok(Vec::new()) };
    let count = paths.count();
    if count > max_paths as u128 {
        return Err(LimitError::new_err(format!(
            "there are {count} cheapest paths, more than max_paths ({max_paths})"
        )));
    }
    paths.paths().map(|path| triples.path(&path, cost)).collect()
}

/// A cheapest path from `start` to `goal`, by Dijkstra's algorithm from
/// both ends at once; None when `goal` cannot be reached. A list for
/// `start` means several starts, and for `goal` several goals: the path
/// is a cheapest from any start to any goal.
///
/// `successors` gives `(move, state, cost)` triples as for `dijkstra`;
/// `predecessors(state)` returns the states one move before (their moves'
/// costs are read from `successors`). In a space where every move can be
/// undone (at any cost), give `undirected=True` instead: the states of
/// `successors` then serve both ways. One of the two is required: a
/// directed space searched as if it were not can answer a costlier path. Each side settles states cheapest first, and the search ends
/// when the two sides' next costs add up to no less than the cheapest
/// path through a state both have reached. Of several cheapest paths, any
/// may come back. It settles fewer states than `dijkstra` when the
/// cheapest paths fan out from both ends; each backward step costs two
/// calls (of `predecessors`, and of `successors` for its cost).
///
/// A predecessor that `successors` does not give back raises ValueError.
/// One move of each of the first 64 forward expansions, and of one in 64
/// after, is checked the other way (its state must be among the
/// predecessors of the state it leads to); a predecessor missing
/// elsewhere is not seen, and can make the path costlier than the
/// cheapest or the answer None. Limits, exceptions and argument errors as
/// for `dijkstra`.
///
/// ```pycon
/// >>> from statespace import bidirectional_dijkstra
/// >>> # Along a line, a step up costs 2 and a step down 1.
/// >>> line = lambda n: [("up", n + 1, 2), ("down", n - 1, 1)]
/// >>> bidirectional_dijkstra(0, 3, line, lambda n: [n - 1, n + 1])
/// WeightedPath(cost=6, states=[0, 1, 2, 3], moves=['up', 'up', 'up'])
/// >>> # A ring whose every move can be undone: no predecessors needed.
/// >>> ring = lambda n: [("+", (n + 1) % 10, 1.5), ("-", (n - 1) % 10, 1.5)]
/// >>> bidirectional_dijkstra(0, [4, 7], ring, undirected=True).cost
/// 4.5
/// >>> bidirectional_dijkstra(0, 4, ring)
/// Traceback (most recent call last):
/// TypeError: bidirectional_dijkstra() needs predecessors, or undirected=True when every move can be undone
/// ```
#[pyfunction]
#[pyo3(
    signature = (start, goal, successors, predecessors = None, *, undirected = None, max_states = None),
    text_signature = "(start, goal, successors, predecessors=None, *, undirected=False, max_states=None)"
)]
fn bidirectional_dijkstra<'py>(
    start: Bound<'py, PyAny>,
    goal: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    undirected: Option<Bound<'py, PyAny>>,
    max_states: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<WeightedPath>> {
    let successors = args::callable(successors, "successors")?;
    let predecessors =
        predecessors.map(|function| args::callable(function, "predecessors")).transpose()?;
    args::one_way_back("bidirectional_dijkstra", predecessors.as_ref(), undirected.as_ref())?;
    let max_states = args::optional_size(max_states.as_ref(), "max_states")?;
    let starts = PyState::starts(start)?;
    let goals = PyState::several(goal, "goal")?;
    let mut space = Space::new(successors, None, max_states);
    space.check_moves = true;
    let both = BothWays {
        triples: Triples::new(&space),
        predecessors,
        last_calls: RefCell::new((None, None)),
    };
    let mut run = Run::new().limits(limits(max_states, None));
    let found = BidirectionalSearch::new().dijkstra(&both, starts, goals, &mut run);
    let found = found.inspect_err(|error| {
        if matches!(error.kind(), search_core::ErrorKind::InconsistentPredecessors) {
            both.fail_unconfirmed();
        }
    });
    // Each half was summed on its own side: the path's cost is summed
    // again from the start, as `dijkstra` sums it.
    space.finish(found)?.map(|(path, _)| both.triples.summed_path(&path)).transpose()
}

/// A space of triples searched from both ends: `predecessors` gives the
/// states one move before, or, left out, the states of `successors`.
struct BothWays<'s, 'py> {
    triples: Triples<'s, 'py>,
    predecessors: Option<Bound<'py, PyAny>>,
    /// The states of the last call of `successors` and of `predecessors`:
    /// when search-core finds a backward step that successors does not
    /// give, it has just asked both, the successors of the step's start.
    last_calls: RefCell<(Option<PyState<'py>>, Option<PyState<'py>>)>,
}

impl<'py> BothWays<'_, 'py> {
    /// Calls `report` with each state one move before `state`.
    fn each_predecessor(&self, state: &PyState<'py>, mut report: impl FnMut(PyState<'py>)) {
        match &self.predecessors {
            Some(predecessors) => {
                self.triples.space.call_each(predecessors, state, "states", |previous| {
                    report(PyState::given(previous, "predecessors", state)?);
                    Ok(())
                });
            }
            None => self.triples.successors(state, |previous, _| report(previous)),
        }
    }

    /// The error of a backward step that `successors` does not confirm,
    /// naming the states of the last calls, which search-core made to
    /// find the step's cost.
    fn fail_unconfirmed(&self) {
        let (from, to) = &*self.last_calls.borrow();
        let (Some(from), Some(to)) = (from, to) else { return };
        let given = self.predecessors.is_some();
        let error = disagreement(given, &shown(&from.object), &shown(&to.object), false);
        self.triples.space.fail(error);
    }
}

impl<'py> Successors for BothWays<'_, 'py> {
    type State = PyState<'py>;
    type Move = Labelled<'py>;

    fn successors<F>(&self, state: &PyState<'py>, mut report: F)
    where
        F: FnMut(PyState<'py>, Labelled<'py>),
    {
        self.last_calls.borrow_mut().0 = Some(state.clone());
        let mut first = None;
        self.triples.successors(state, |next, mv| {
            if first.is_none() {
                first = Some(next.clone());
            }
            report(next, mv);
        });
        if let Some(next) = first
            && self.triples.space.sampled(true)
            && !innermost_failed()
        {
            let mut found = false;
            self.each_predecessor(&next, |previous| found = found || previous == *state);
            if !found && !innermost_failed() {
                let given = self.predecessors.is_some();
                let error = disagreement(given, &shown(&state.object), &shown(&next.object), true);
                self.triples.space.fail(error);
            }
        }
    }

    fn failure(&self) -> Option<search_core::Error> {
        self.triples.failure()
    }

    fn heap_bytes(&self, state: &PyState<'py>) -> usize {
        self.triples.heap_bytes(state)
    }
}

impl<'py> Predecessors for BothWays<'_, 'py> {
    fn predecessors<F: FnMut(PyState<'py>)>(&self, state: &PyState<'py>, report: F) {
        self.last_calls.borrow_mut().1 = Some(state.clone());
        self.each_predecessor(state, report);
    }
}

impl<'py> Weighted for BothWays<'_, 'py> {
    type Cost = Number;

    fn cost(&self, _: &PyState<'py>, (_, cost): &Labelled<'py>, _: &PyState<'py>) -> Number {
        *cost
    }
}
