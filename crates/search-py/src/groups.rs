//! Permutation puzzles from their generators, from Python: a family's
//! generators as text, the layers of the graph a text's generators make
//! (a Cayley or coset graph), and the shortest word to the start, each
//! run with the GIL released and stopped by Ctrl-C.

use ::puzzles::{Family, PermutationGraph};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use search_core::Limits;
use search_core::groups::{Arrangement, Generators, PermutationPuzzle, Symmetries};
use search_core::layers::Enumerator;

use crate::args::{self, Arg};
use crate::layers::Layers;
use crate::layers::item_layers;
use crate::puzzle_error;
use crate::puzzles::interruptible;
use crate::sliding::interruptible_run;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(family_generators, module)?)?;
    module.add_function(wrap_pyfunction!(enumerate_generators, module)?)?;
    module.add_function(wrap_pyfunction!(solve_generators, module)?)?;
    Ok(())
}

/// The generators of a family as text, a line each in one-line notation
/// (from 0): what `enumerate_generators` and `solve_generators` read, and
/// what `puzzles enumerate --generators` reads from a file. `name` is one
/// of `"lrx"`, `"lx"`, `"coxeter"`, `"cyclic-coxeter"`,
/// `"transpositions"`, `"star"`, `"pancake"`, `"topspin"`, `"reversals"`
/// or `"burnt-pancake"`; `size` its points (burnt pancakes: its pancakes,
/// on two points each).
///
/// Raises TypeError when an argument is not of its type, and ValueError
/// for an unknown name or a size below the family's least.
///
/// ```python
/// >>> from statespace import family_generators
/// >>> print(family_generators("lrx", 4), end="")
/// L: 1 2 3 0
/// R: 3 0 1 2
/// X: 1 0 2 3
/// ```
#[pyfunction]
fn family_generators(name: Bound<'_, PyAny>, size: Bound<'_, PyAny>) -> PyResult<String> {
    let name = args::string(&name, "name")?;
    let size = args::size(&size, "size")?;
    let family: Family = name.parse().map_err(|e| PyValueError::new_err(format!("name: {e}")))?;
    let generators =
        family.generators(size).map_err(|e| PyValueError::new_err(format!("size: {e}")))?;
    Ok(as_text(&generators))
}

/// `generators` as lines of `NAME: one-line`.
fn as_text(generators: &Generators) -> String {
    let line = |(index, name): (usize, &str)| {
        let points: Vec<String> = generators.image(index).iter().map(u8::to_string).collect();
        format!("{name}: {}\n", points.join(" "))
    };
    generators.names().enumerate().map(line).collect()
}

/// The graph of `text`'s generators (closed under inverses when
/// `inverse_closed`), and the starts it is walked from: the text's own,
/// or `start`'s, one state or a list of them. The text is read with the
/// GIL released and Ctrl-C checked, since a million generators take
/// seconds.
fn graph_of(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    inverse_closed: bool,
) -> PyResult<(PermutationGraph, Vec<Arrangement>, Generators)> {
    let text = args::string(text, "generators")?;
    let starts = start.map(|start| several_items(start, "start")).transpose()?;
    let read = interruptible(py, |interrupt| {
        let mut run = interruptible_run(Limits::new(), interrupt);
        PermutationPuzzle::parse_with(&text, &mut run)
    })?;
    let puzzle = read.map_err(|e| PyValueError::new_err(format!("generators: {e}")))?;
    let mut generators = puzzle.generators().clone();
    if inverse_closed {
        generators
            .close_under_inverse()
            .map_err(|e| PyValueError::new_err(format!("generators: {e}")))?;
    }
    let starts = starts.unwrap_or_else(|| vec![puzzle.start().clone()]);
    let points = generators.points();
    if let Some((index, wrong)) = starts.iter().enumerate().find(|(_, s)| s.len() != points) {
        let which = if starts.len() == 1 { "start".to_owned() } else { format!("start[{index}]") };
        return Err(PyValueError::new_err(format!(
            "{which} has {} items, for generators of {points} points",
            wrong.len()
        )));
    }
    let graph = PermutationGraph::new(generators, &starts[0]).map_err(|e| puzzle_error(&e))?;
    Ok((graph, starts, puzzle.symmetries().clone()))
}

/// One state's items, or a list of states' (a list whose first item is a
/// list or tuple).
fn several_items(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Arrangement>> {
    let nested = value
        .cast::<PyList>()
        .ok()
        .and_then(|list| list.get_item(0).ok())
        .is_some_and(|first| first.cast::<PyList>().is_ok() || first.cast::<PyTuple>().is_ok());
    if !nested {
        return Ok(vec![items(value, name)?.into_iter().collect()]);
    }
    let Ok(list) = value.cast::<PyList>() else { unreachable!("checked to be a list above") };
    let mut states = Vec::with_capacity(list.len());
    for (index, state) in list.iter().enumerate() {
        states.push(items(&state, &format!("{name}[{index}]"))?.into_iter().collect());
    }
    Ok(states)
}

/// A list or tuple of ints from 0 to 255: a state's items.
fn items(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u8>> {
    let given: Vec<Bound<'_, PyAny>> = if let Ok(list) = value.cast::<PyList>() {
        list.iter().collect()
    } else if let Ok(tuple) = value.cast::<PyTuple>() {
        tuple.iter().collect()
    } else {
        return Err(args::wrong_type(name, "a list or tuple of ints", value));
    };
    let mut items = Vec::with_capacity(given.len());
    for (index, item) in given.iter().enumerate() {
        let item = args::count(item, &format!("{name}[{index}]"))?;
        items.push(u8::try_from(item).map_err(|_| {
            PyValueError::new_err(format!("{name}[{index}] must be at most 255, not {item}"))
        })?);
    }
    Ok(items)
}

/// Every state the generators in `generators` reach from their start, by
/// breadth-first layers: the Cayley graph of their group (states are
/// permutations), or, when the start's items repeat, the orbit of the
/// start (a coset graph: a cube's coloured stickers, a binary string).
/// `generators` is text, a line a generator: `NAME: PERMUTATION` in
/// one-line notation (from 0) or cycles (`(1,2,3)`, from 1), or a GAP
/// file as PuzzleGeometry writes them; `start: ITEMS` (or GAP's
/// `ip:=[[...]];`) gives a start, and `start` (a list or tuple of ints, or
/// a list of them for several starts, all arrangements of the same items)
/// replaces it. `inverse_closed=True` adds the inverse of each generator
/// that has none among them (named with a `'`), so that the graph is
/// undirected, as cayleypy's `make_inverse_closed` does. The text's `sym:`
/// lines (symmetries: permutations of the points that map the moves onto
/// the moves) make the layers keep one position of each class of
/// equivalent ones, from the identity: `sizes` are then the positions,
/// `classes` the classes kept, and `deepest` the first of each class;
/// `symmetries=False` leaves them out, and `inverse=True` counts a
/// position and its inverse as one too. The engine is the one `puzzles
/// enumerate --generators` picks: ranked states whose table fits
/// `max_memory` (default 4 GiB) run on the dense engine, 2 bits a state
/// on every core (a Cayley graph below 2^64 elements whose table cannot
/// fit raises at once, unless `max_depth` bounds the layers); a group
/// past 2^64 elements, or one bounded by `max_depth` whose table does
/// not fit, on the sorted engine, a few bytes a state kept, until its
/// layers pass `max_memory` (the 3x3x3 cube's would, long before its
/// last: bound it with `max_depth`); the rest on the hashed engine within
/// `max_memory`.
///
/// Raises TypeError when an argument is not of its type, ValueError for
/// text that is not generators (naming the line) or a start of another
/// size, and LimitError when the table or the states pass `max_memory`.
/// Ctrl-C stops it, the text's reading included.
///
/// ```python
/// >>> from statespace import enumerate_generators, family_generators
/// >>> enumerate_generators(family_generators("coxeter", 4)).sizes
/// [1, 3, 5, 6, 5, 3, 1]
/// >>> beads = enumerate_generators("L: 1 2 3 0\nR: 3 0 1 2\nX: (1,2)\nstart: 0 0 1 1")
/// >>> beads.sizes, beads.deepest
/// ([1, 2, 3], [[0, 1, 0, 1], [1, 0, 1, 0], [1, 1, 0, 0]])
/// >>> enumerate_generators("L: 1 2 0", start=[[0, 1, 2], [1, 2, 0]]).sizes
/// [2, 1]
/// >>> enumerate_generators("L: 1 2 0", inverse_closed=True).sizes
/// [1, 2]
/// >>> swaps = "a: (1,2)\nb: (2,3)\nc: (3,4)\nsym: 3 2 1 0"
/// >>> mirrored = enumerate_generators(swaps)
/// >>> mirrored.sizes, mirrored.classes
/// ([1, 3, 5, 6, 5, 3, 1], [1, 2, 3, 4, 3, 2, 1])
/// ```
#[pyfunction]
#[pyo3(
    signature = (generators, *, start = None, inverse_closed = None, symmetries = None, inverse = None, max_memory = Arg::Default, max_depth = None),
    text_signature = "(generators, *, start=None, inverse_closed=False, symmetries=True, inverse=False, max_memory=4294967296, max_depth=None)"
)]
#[expect(clippy::too_many_arguments, reason = "a Python function's keyword arguments")]
fn enumerate_generators(
    py: Python<'_>,
    generators: Bound<'_, PyAny>,
    start: Option<Bound<'_, PyAny>>,
    inverse_closed: Option<Bound<'_, PyAny>>,
    symmetries: Option<Bound<'_, PyAny>>,
    inverse: Option<Bound<'_, PyAny>>,
    max_memory: Arg<'_>,
    max_depth: Option<Bound<'_, PyAny>>,
) -> PyResult<Layers> {
    let inverse_closed =
        inverse_closed.map(|value| args::flag(&value, "inverse_closed")).transpose()?;
    let max_memory = max_memory.count_or("max_memory", Limits::DEFAULT_MAX_MEMORY)?;
    // The memory limit is what bounds the hashed engine.
    let mut limits = Limits::new().max_memory(max_memory).max_states(usize::MAX);
    if let Some(depth) = args::optional_size(max_depth.as_ref(), "max_depth")? {
        limits = limits.max_depth(depth);
    }
    let (mut graph, starts, given) =
        graph_of(py, &generators, start.as_ref(), inverse_closed.unwrap_or(false))?;
    let use_symmetries = symmetries.map(|v| args::flag(&v, "symmetries")).transpose()?;
    let inverse = inverse.map(|v| args::flag(&v, "inverse")).transpose()?.unwrap_or(false);
    if inverse && use_symmetries == Some(false) {
        return Err(PyValueError::new_err(
            "inverse=True puts a position in one class with its inverse, which \
             symmetries=False leaves out: give one",
        ));
    }
    if use_symmetries.unwrap_or(true) && (!given.is_empty() || inverse) {
        let symmetries = Symmetries::new(graph.generators(), &given, inverse)
            .map_err(|e| PyValueError::new_err(format!("generators: {e}")))?;
        graph = graph
            .with_symmetries(symmetries)
            .map_err(|e| PyValueError::new_err(format!("start: {e}")))?;
    }
    let layers = interruptible(py, |interrupt| {
        let mut run = interruptible_run(limits, interrupt);
        graph.enumerate_from(&starts, &Enumerator::new(), &mut run)
    })?
    .map_err(|error| match error.kind() {
        // The one shape an enumeration refuses is a start's.
        ::puzzles::ErrorKind::Search(inner)
            if matches!(inner.kind(), search_core::ErrorKind::InvalidShape { .. }) =>
        {
            PyValueError::new_err(format!("start: {inner}"))
        }
        _ => puzzle_error(&error),
    })?;
    item_layers(py, &layers)
}

/// The pattern databases' bytes when `pdb_dir` is given and `pdb_size`
/// is not, as `puzzles solve --pdb-dir` takes them.
const DEFAULT_PDB_SIZE: u64 = 256 << 20;

/// The fewest generators that take `state` (a list or tuple of ints) to the start
/// of `generators` (text, as `enumerate_generators` reads it; `start`
/// replaces its start), by name in the order applied; None when no word
/// reaches it. Found from both ends, `max_states` (default 134,217,728)
/// and `max_memory` (default 4 GiB) bounding the search; or, given
/// `pdb_dir` (a folder), by IDA* over pattern databases of the puzzle's
/// pieces of at most `pdb_size` bytes together (default 256 MiB), built
/// the first time and kept in the folder, `max_nodes` bounding the
/// nodes expanded: far deeper words (a 3x3x3 cube's 14 moves in
/// seconds), for a start whose items are all different.
///
/// Raises TypeError when an argument is not of its type, ValueError for
/// text that is not generators, a state that is not an arrangement of
/// the start's items, tables that cannot hold the pieces or a table file
/// that cannot be written or is damaged, and LimitError when the search
/// passes a limit.
///
/// ```python
/// >>> from statespace import family_generators, solve_generators
/// >>> solve_generators(family_generators("pancake", 4), [1, 2, 0, 3])
/// ['flip 2', 'flip 3']
/// >>> solve_generators("a: (1,2,3)", [1, 0, 2]) is None
/// True
/// >>> import tempfile
/// >>> with tempfile.TemporaryDirectory() as tables:
/// ...     len(solve_generators(family_generators("lrx", 5), [4, 3, 2, 1, 0], pdb_dir=tables))
/// 8
/// ```
#[pyfunction]
#[pyo3(
    signature = (generators, state, *, start = None, max_states = Arg::Default, max_memory = Arg::Default, pdb_dir = None, pdb_size = Arg::Default, max_nodes = None),
    text_signature = "(generators, state, *, start=None, max_states=134217728, max_memory=4294967296, pdb_dir=None, pdb_size=268435456, max_nodes=None)"
)]
#[expect(clippy::too_many_arguments, reason = "a Python function's keyword arguments")]
fn solve_generators(
    py: Python<'_>,
    generators: Bound<'_, PyAny>,
    state: Bound<'_, PyAny>,
    start: Option<Bound<'_, PyAny>>,
    max_states: Arg<'_>,
    max_memory: Arg<'_>,
    pdb_dir: Option<Bound<'_, PyAny>>,
    pdb_size: Arg<'_>,
    max_nodes: Option<Bound<'_, PyAny>>,
) -> PyResult<Option<Vec<String>>> {
    if let Some(start) = &start
        && several_items(start, "start")?.len() > 1
    {
        return Err(PyValueError::new_err("start: a word goes to one start, not several"));
    }
    let (graph, _, _) = graph_of(py, &generators, start.as_ref(), false)?;
    let state = items(&state, "state")?;
    let max_states = max_states.count_or("max_states", Limits::DEFAULT_MAX_STATES as u64)?;
    let max_states = usize::try_from(max_states).unwrap_or(usize::MAX);
    let max_memory = max_memory.count_or("max_memory", Limits::DEFAULT_MAX_MEMORY)?;
    let mut limits = Limits::new().max_states(max_states).max_memory(max_memory);
    let pdb_dir = pdb_dir.map(|dir| args::folder(&dir, "pdb_dir")).transpose()?;
    let pdb_size = pdb_size.count_or("pdb_size", DEFAULT_PDB_SIZE)?;
    if pdb_dir.is_some() && !graph.is_permutation() {
        return Err(PyValueError::new_err(
            "start: pattern databases are built for a start that holds the points 0 to n - 1 \
             once each, in an order the moves reach (such as the identity)",
        ));
    }
    if let Some(max_nodes) = args::optional_size(max_nodes.as_ref(), "max_nodes")? {
        if pdb_dir.is_none() {
            return Err(PyValueError::new_err(
                "max_nodes bounds the search of pdb_dir's pattern databases: give pdb_dir",
            ));
        }
        limits = limits.max_nodes(max_nodes as u64);
    }
    let path = interruptible(py, |interrupt| {
        let mut run = interruptible_run(limits, interrupt);
        match &pdb_dir {
            Some(dir) => graph
                .word_solver(pdb_size, Some(dir), &mut run)
                .map_err(|e| ("pdb_dir", e))?
                .solve(&state, &mut run)
                .map_err(|e| ("state", e)),
            None => graph.solve(&state, &mut run).map_err(|e| ("state", e)),
        }
    })?
    .map_err(|(what, error)| match error.kind() {
        // The shape refused is the state's, or the tables' room.
        ::puzzles::ErrorKind::Search(inner)
            if matches!(inner.kind(), search_core::ErrorKind::InvalidShape { .. }) =>
        {
            let what = if what == "pdb_dir" { "pdb_size" } else { what };
            PyValueError::new_err(format!("{what}: {inner}"))
        }
        _ => puzzle_error(&error),
    })?;
    let names: Vec<&str> = graph.generators().names().collect();
    Ok(path.map(|path| path.moves().iter().map(|&g| names[g].to_owned()).collect()))
}
