//! The enumerations of the command line's numbered puzzles (pancakes,
//! TopSpin, the 4-peg Hanoi) and of the families of permutation
//! generators, from Python, on the engine the front door picks, with
//! the GIL released.

use ::puzzles::{Family, Hanoi4, Pancakes, PermutationGraph, Tokens, TopSpin};
use pyo3::prelude::*;
use search_core::breadth_first::Enumeration;
use search_core::layers::Enumerator;
use search_core::{Limits, Run};

use crate::args::{self, Arg};
use crate::layers::{Layers, item_layers};
use crate::puzzle_error;
use crate::puzzles::interruptible;
use crate::sliding::{Interrupt, interruptible_run};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(enumerate_puzzle, module)?)?;
    Ok(())
}

/// The error of a name that is no puzzle this enumerates.
fn unknown(name: &str) -> ::puzzles::Error {
    let families: Vec<&str> = Family::ALL.iter().map(|family| family.name()).collect();
    let reason = format!("name must be hanoi4 or one of {}, not {name:?}", families.join(", "));
    search_core::Error::new(search_core::ErrorKind::InvalidShape { reason }).into()
}

/// A numbered puzzle's layers by its `enumerate`, on the engine the front
/// door picks, within `limits`, until a signal handler raises; its deepest
/// states as their items.
fn numbered(
    enumerate: impl FnOnce(&Enumerator, &mut Run<'_>) -> Result<Enumeration<Tokens>, ::puzzles::Error>,
    limits: Limits,
    interrupt: &Interrupt,
) -> Result<Enumeration<Vec<u8>>, ::puzzles::Error> {
    let max_memory = limits.get_max_memory();
    let mut run = interruptible_run(limits, interrupt);
    let layers = enumerate(&Enumerator::new(), &mut run)?;
    Ok(layers.map_deepest_within(max_memory, |state| state.as_slice().to_vec(), Vec::capacity))
}

/// Every state of a numbered puzzle or of a family's Cayley graph, by
/// breadth-first layers from its start: `name` is `"pancake"` (from the
/// sorted stack), `"topspin"` (the solved ring), `"hanoi4"` (every disc
/// on the first peg), or a family of generators, `"lrx"`, `"lx"`,
/// `"coxeter"`, `"cyclic-coxeter"`, `"transpositions"`, `"star"`,
/// `"reversals"` or `"burnt-pancake"` (from the identity); `size` its
/// items, points, discs or burnt pancakes. A state is a list of ints: the
/// item at each position, or each disc's peg. The engine is the one
/// `puzzles enumerate` picks for the same puzzle: 2 bits a state on every
/// core where the table fits, else (a family to a `max_depth`) the
/// states met, within `max_memory`.
///
/// `max_memory` bounds the tables (default 4 GiB), and `max_depth` the
/// layers: `complete` then says whether the space goes on. Ctrl-C stops
/// it.
///
/// Raises TypeError when an argument is not of its type, ValueError for
/// an unknown name or a size out of the puzzle's range (a family's: 2 to
/// 256 points), and LimitError when the table would pass `max_memory`
/// (a family's layers to a `max_depth` may still fit) or the states met
/// would.
///
/// ```python
/// >>> from statespace import enumerate_puzzle
/// >>> layers = enumerate_puzzle("pancake", 6)
/// >>> layers.states, layers.radius, len(layers.deepest)
/// (720, 7, 2)
/// >>> enumerate_puzzle("coxeter", 4).sizes
/// [1, 3, 5, 6, 5, 3, 1]
/// >>> near = enumerate_puzzle("lrx", 8, max_depth=3)
/// >>> near.sizes, near.complete
/// ([1, 3, 6, 12], False)
/// ```
#[pyfunction]
#[pyo3(
    signature = (name, size, *, max_memory = Arg::Default, max_depth = None),
    text_signature = "(name, size, *, max_memory=4294967296, max_depth=None)"
)]
fn enumerate_puzzle(
    py: Python<'_>,
    name: Bound<'_, PyAny>,
    size: Bound<'_, PyAny>,
    max_memory: Arg<'_>,
    max_depth: Option<Bound<'_, PyAny>>,
) -> PyResult<Layers> {
    let name = args::string(&name, "name")?;
    let size = args::size(&size, "size")?;
    let max_memory = max_memory.count_or("max_memory", Limits::DEFAULT_MAX_MEMORY)?;
    let mut limits = Limits::new().max_memory(max_memory);
    if let Some(depth) = args::optional_size(max_depth.as_ref(), "max_depth")? {
        limits = limits.max_depth(depth);
    }
    let layers = interruptible(py, |interrupt| match name.to_ascii_lowercase().as_str() {
        "pancake" | "pancakes" => {
            let pancakes = Pancakes::new(size)?;
            numbered(|layers, run| pancakes.enumerate_with(layers, run), limits, interrupt)
        }
        "topspin" => {
            let ring = TopSpin::new(size)?;
            numbered(|layers, run| ring.enumerate_with(layers, run), limits, interrupt)
        }
        "hanoi4" => {
            let hanoi = Hanoi4::new(size)?;
            numbered(|layers, run| hanoi.enumerate_with(layers, run), limits, interrupt)
        }
        family => {
            // The engine `puzzles enumerate lrx 14` runs, chosen alike.
            let family = family.parse::<Family>().map_err(|_| unknown(family))?;
            let generators = family.generators(size)?;
            let identity: Vec<u8> = (0..generators.points()).map(|point| point as u8).collect();
            let graph = PermutationGraph::new(generators, &identity)?;
            let mut run = interruptible_run(limits, interrupt);
            let layers = graph.enumerate(&Enumerator::new(), &mut run)?;
            Ok(layers.map_deepest(|deepest| deepest.into_iter().map(|s| s.to_vec()).collect()))
        }
    })?
    .map_err(|error| puzzle_error(&error))?;
    item_layers(py, &layers)
}
