/*!
`statespace`: the `search-core` and `puzzles` crates from Python.

Three parts:

- puzzles with Python values in and out: [`sliding_puzzle`] (LeetCode 773's
  signature), `solve`, `enumerate`, `enumerate_puzzle`, `open_lock`,
  `ladder_length` and `find_ladders`, and permutation puzzles from their
  generators, `family_generators`, `enumerate_generators` and
  `solve_generators` (module `groups`). They run entirely in Rust with the
  GIL released.
- your own state spaces from Python callables: `bfs`,
  `bidirectional_bfs` and `enumerate_space` (module `custom`; its int
  states on the sorted engine, module `int_states`), and the
  cheapest paths of `dijkstra`, `astar` and `ida_star`, whose successors give
  `(move, state, cost)` triples (module `weighted`). States are any
  hashable Python objects; the visited set, the parents and the frontiers
  live in Rust, and the callables are the only Python code run per
  expansion.
- vectorized spaces, whose states are ints and whose successor function
  maps a NumPy array of a layer's states to a 2-D array of their
  neighbours: `vector_bfs`, `vector_bidirectional_bfs` and
  `vector_enumerate` (module `vectorized`), a few NumPy calls a layer.

Errors: an argument of the wrong type raises `TypeError` and a bad value
`ValueError`, each naming the argument (module `args`); a search that
reaches a limit raises `statespace.LimitError` (a `RuntimeError`) with the
Rust error's message; the first exception raised inside a callable or a
state's `__eq__` stops the search and propagates unchanged. Ctrl-C stops
the searches of custom spaces and of sliding puzzles (module `sliding`).

```python
>>> import statespace
>>> statespace.sliding_puzzle([[4, 1, 2], [5, 0, 3]])
5
```
*/

// No unsafe code: pyo3's safe API is enough.
#![forbid(unsafe_code)]

use pyo3::prelude::*;

mod args;
mod custom;
mod groups;
mod int_states;
mod layers;
mod number;
mod numbered;
mod puzzles;
mod sliding;
mod sorted_run;
mod vectorized;
mod weighted;
mod weighted_path;

pyo3::create_exception!(
    statespace,
    LimitError,
    pyo3::exceptions::PyRuntimeError,
    "A search reached one of its limits (states, memory, depth) before it could answer."
);

/// The Python exception for an error of `search-core`: limits become
/// [`LimitError`], anything else a `ValueError` (a space that broke its
/// contract).
fn search_error(error: &search_core::Error) -> PyErr {
    match error.kind() {
        search_core::ErrorKind::LimitReached(_)
        | search_core::ErrorKind::TooLarge { .. }
        | search_core::ErrorKind::AllocationFailed { .. } => LimitError::new_err(error.to_string()),
        _ => pyo3::exceptions::PyValueError::new_err(error.to_string()),
    }
}

/// The Python exception for an error of the `puzzles` crate.
fn puzzle_error(error: &::puzzles::Error) -> PyErr {
    match error.kind() {
        ::puzzles::ErrorKind::Search(inner) => search_error(inner),
        ::puzzles::ErrorKind::TooManyLadders { .. }
        | ::puzzles::ErrorKind::DictionaryTooLarge { .. } => LimitError::new_err(error.to_string()),
        _ => pyo3::exceptions::PyValueError::new_err(error.to_string()),
    }
}

/// Breadth-first and informed search over implicit graphs, in Rust.
///
/// Puzzles with Python values in and out (sliding_puzzle, solve, enumerate,
/// enumerate_puzzle, open_lock, ladder_length, find_ladders), permutation
/// puzzles from their generators (family_generators, enumerate_generators,
/// solve_generators), your own state spaces from
/// Python callables (bfs, bidirectional_bfs, enumerate_space, dijkstra,
/// astar, ida_star), and vectorized spaces whose successors come from
/// NumPy a layer at a time (vector_bfs, vector_bidirectional_bfs,
/// vector_enumerate).
///
/// An argument of the wrong type raises TypeError and a bad value
/// ValueError, each naming the argument; a search that reaches a limit
/// raises LimitError; the first exception raised by a callable or a
/// state's __eq__ stops the search and propagates unchanged; Ctrl-C stops
/// the searches of sliding puzzles, of generators and of your own spaces.
///
/// ```python
/// >>> import statespace
/// >>> statespace.sliding_puzzle([[4, 1, 2], [5, 0, 3]])
/// 5
/// >>> statespace.bfs(0, lambda n: [n + 3, n - 2], lambda n: n == 4)
/// [0, 3, 6, 4]
/// ```
#[pymodule]
fn statespace(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("LimitError", module.py().get_type::<LimitError>())?;
    puzzles::register(module)?;
    numbered::register(module)?;
    groups::register(module)?;
    custom::register(module)?;
    weighted::register(module)?;
    vectorized::register(module)?;
    Ok(())
}
