//! `enumerate_space(..., int_states=True)`: a space of int states on the
//! sorted engine, each state kept as a 128-bit key among the sorted,
//! compressed keys of its layer (a few bytes a state) where the hashed
//! engine holds a Python object and a table entry.
//!
//! An int is keyed by its zigzag code (0, -1, 1, -2, ... to 0, 1, 2, 3,
//! ...), so that small ints of either sign get small keys. The
//! successor function is called a state at a time, holding the GIL for a
//! batch of up to 1,024 states.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};

use search_core::Limits;
use search_core::space::KeyedSpace;

use crate::args;
use crate::layers::Layers;
use crate::sorted_run::{self, Halt};

/// The int keyed by `u128::MAX`, which the sorted engine cannot hold:
/// one below the least int a state may be.
const NO_KEY: i128 = i128::MIN;

/// The key of `int`; none for [`NO_KEY`].
fn key_of(int: i128) -> Option<u128> {
    (int != NO_KEY).then_some(((int << 1) ^ (int >> 127)).cast_unsigned())
}

/// The int keyed `key`.
fn int_of(key: u128) -> i128 {
    (key >> 1).cast_signed() ^ -(key & 1).cast_signed()
}

/// The int `value` is, as a state: an int from -(2^127 - 1) to
/// 2^127 - 1, or what Python takes as one (a bool, a NumPy integer: any
/// `__index__`). `what` names it in an error.
fn int_state(value: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<u128> {
    let out_of_range = || {
        PyValueError::new_err(format!(
            "{} is {}, outside the ints int_states=True keeps, -(2**127 - 1) to 2**127 - 1",
            what(),
            args::shown(value)
        ))
    };
    let int: i128 = match value.extract() {
        Ok(int) => int,
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
            return Err(out_of_range());
        }
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "{} is {}, not an int: with int_states=True every state is an int",
                what(),
                args::type_name(value)
            )));
        }
    };
    key_of(int).ok_or_else(out_of_range)
}

/// The starts `start` names: an int, or a list of them.
fn starts(start: &Bound<'_, PyAny>) -> PyResult<Vec<u128>> {
    match start.cast::<PyList>() {
        Ok(list) => list
            .iter()
            .enumerate()
            .map(|(index, item)| int_state(&item, &|| format!("start[{index}]")))
            .collect(),
        Err(_) => Ok(vec![int_state(start, &|| "start".to_string())?]),
    }
}

/// A Python successor function over ints as a space the sorted engine
/// takes.
struct IntSpace {
    function: Py<PyAny>,
    /// What the function raised, or what it gave that is no int state.
    halt: Halt,
}

impl IntSpace {
    /// Reports the key of each state `successors(int)` gives.
    fn expand(
        function: &Bound<'_, PyAny>,
        int: i128,
        report: &mut impl FnMut(u128),
    ) -> PyResult<()> {
        let next = function.call1((int,))?;
        let next = next.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "successors({int}) must return an iterable of states, not {}",
                args::type_name(&next)
            ))
        })?;
        for state in next {
            report(int_state(&state?, &|| format!("a state successors({int}) gave"))?);
        }
        Ok(())
    }
}

impl KeyedSpace for IntSpace {
    type Key = u128;

    fn key_count(&self) -> u128 {
        u128::MAX
    }

    fn key_neighbours<F: FnMut(u128)>(&self, key: u128, report: F) {
        self.key_neighbours_of_all(&[key], report);
    }

    fn key_neighbours_of_all<F: FnMut(u128)>(&self, keys: &[u128], mut report: F) {
        if self.halt.is_stopped() {
            return;
        }
        Python::attach(|py| {
            let function = self.function.bind(py);
            for &key in keys {
                if let Err(error) = IntSpace::expand(function, int_of(key), &mut report) {
                    self.halt.stop(error);
                    return;
                }
            }
        });
    }

    fn key_failure(&self) -> Option<search_core::Error> {
        self.halt.failure()
    }
}

/// `enumerate_space` for int states: the layers from `start` on the
/// sorted engine, `max_states` checked as each layer ends.
pub(crate) fn enumerate(
    start: &Bound<'_, PyAny>,
    successors: Bound<'_, PyAny>,
    limits: Limits,
    max_states: Option<usize>,
) -> PyResult<Layers> {
    let starts = starts(start)?;
    let py = successors.py();
    let space = IntSpace { function: successors.unbind(), halt: Halt::default() };
    let max_states = max_states.unwrap_or(usize::MAX);
    let layers = sorted_run::layers(py, &space, &space.halt, &starts, limits, max_states)?;
    let mut deepest: Vec<i128> = layers.deepest().iter().map(|&key| int_of(key)).collect();
    deepest.sort_unstable();
    let deepest = deepest.into_iter().map(|int| PyInt::new(py, int).into_any().unbind()).collect();
    Ok(Layers::of(&layers, deepest))
}
