//! Python arguments read one at a time, so that every error names its
//! argument. Python's own convention decides the exception: a value of the
//! wrong type (a float or None for a count, a str for a list, something
//! that cannot be called for a callable) raises TypeError; a value of the
//! right type that is out of range or malformed (a negative or huge count,
//! a board with a tile twice) raises ValueError. Nothing raises
//! OverflowError.

use std::path::PathBuf;

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyString, PyTuple};

/// At most this many characters of a value are quoted in a message.
const QUOTED_CHARS: usize = 60;

/// `repr(value)`, cut short when long, so that a message stays one line.
pub(crate) fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value.repr().map_or_else(|_| "<unprintable object>".to_string(), |r| r.to_string());
    match text.char_indices().nth(QUOTED_CHARS) {
        None => text,
        Some((end, _)) => format!("{}...", &text[..end]),
    }
}

/// The name of `value`'s type, as Python's own messages give it.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map_or_else(|_| "object".to_string(), |name| name.to_string())
}

/// Whether `value` is a bool: Python's, or NumPy's (`numpy.bool_`, which
/// is not a subclass of Python's).
pub(crate) fn is_bool(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyBool>() || type_name(value).starts_with("bool")
}

/// A `TypeError` for `name`, which should have been `expected`.
pub(crate) fn wrong_type(name: &str, expected: &str, value: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!("{name} must be {expected}, not {}", type_name(value)))
}

/// A switch: True or False, not a truthy value of another type.
pub(crate) fn flag(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    value
        .cast::<PyBool>()
        .map(PyBoolMethods::is_true)
        .map_err(|_| wrong_type(name, "a bool", value))
}

/// The rule of a search from both ends that `function` names: a
/// `predecessors` callable, or `undirected=True` (a bool) when every move
/// can be undone, exactly one of them. Whether the space is undirected.
pub(crate) fn one_way_back(
    function: &str,
    predecessors: Option<&Bound<'_, PyAny>>,
    undirected: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let undirected = undirected.map(|value| flag(value, "undirected")).transpose()?;
    match (predecessors, undirected.unwrap_or(false)) {
        (None, false) => Err(PyTypeError::new_err(format!(
            "{function}() needs predecessors, or undirected=True when every move can be undone"
        ))),
        (Some(_), true) => Err(PyTypeError::new_err(format!(
            "{function}() takes predecessors or undirected=True, not both: an undirected \
             space's predecessors are its successors"
        ))),
        (_, undirected) => Ok(undirected),
    }
}

/// A count: an int from 0 to 2^64 - 1, and not a bool (an int to
/// Python, but never meant as a count).
pub(crate) fn count(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    if is_bool(value) {
        return Err(wrong_type(name, "an int", value));
    }
    match value.extract::<u64>() {
        Ok(count) => Ok(count),
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
            Err(PyValueError::new_err(if value.lt(0).unwrap_or(false) {
                format!("{name} must be at least 0, not {}", shown(value))
            } else {
                format!("{name} must be at most {}, not {}", u64::MAX, shown(value))
            }))
        }
        Err(_) => Err(wrong_type(name, "an int", value)),
    }
}

/// A count that indexes memory: an int from 0 to `usize::MAX`.
pub(crate) fn size(value: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    let count = count(value, name)?;
    usize::try_from(count).map_err(|_| {
        PyValueError::new_err(format!("{name} must be at most {}, not {count}", usize::MAX))
    })
}

/// An optional count: None for the default.
pub(crate) fn optional_size(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
) -> PyResult<Option<usize>> {
    value.map(|value| size(value, name)).transpose()
}

/// A count that `function` requires by keyword, of at least 1 (a beam's
/// width, a number of paths): left out, it raises TypeError naming it.
pub(crate) fn required_positive(
    function: &str,
    value: Option<Bound<'_, PyAny>>,
    name: &str,
) -> PyResult<usize> {
    let value = value.ok_or_else(|| {
        PyTypeError::new_err(format!("{function}() missing keyword argument: '{name}'"))
    })?;
    let below_one =
        || PyValueError::new_err(format!("{name} must be at least 1, not {}", shown(&value)));
    if !is_bool(&value) && value.lt(1).unwrap_or(false) {
        return Err(below_one());
    }
    match size(&value, name)? {
        0 => Err(below_one()),
        count => Ok(count),
    }
}

/// A str.
pub(crate) fn string(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    if !value.is_instance_of::<PyString>() {
        return Err(wrong_type(name, "a str", value));
    }
    // Only a str with lone surrogates, which UTF-8 cannot hold, fails.
    value.extract::<String>().map_err(|error| bad_value(name, error.value(value.py())))
}

/// The items of an iterable that is not itself a str (or bytes): a list or
/// a tuple, say. A str is refused rather than read as its characters.
fn items<'py>(
    value: &Bound<'py, PyAny>,
    name: &str,
    expected: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>() {
        return Err(wrong_type(name, expected, value));
    }
    value.try_iter().map_err(|_| wrong_type(name, expected, value))?.collect()
}

/// A list of str.
pub(crate) fn strings(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<String>> {
    items(value, name, "a list of str")?
        .iter()
        .enumerate()
        .map(|(index, item)| string(item, &format!("{name}[{index}]")))
        .collect()
}

/// A board: rows (lists) of ints. Its values are checked by
/// [`puzzles::Board::from_rows`]; an int too large for any board is
/// refused here.
pub(crate) fn rows(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Vec<i64>>> {
    const ROWS: &str = "a list of rows of ints";
    let mut rows = Vec::new();
    for (r, row) in items(value, name, ROWS)?.iter().enumerate() {
        let mut cells = Vec::new();
        let place = |c: usize| format!("{name}: row {}, column {}", r + 1, c + 1);
        for (c, cell) in
            items(row, &format!("{name}: row {}", r + 1), "a list of ints")?.iter().enumerate()
        {
            match cell.extract::<i64>() {
                Ok(tile) => cells.push(tile),
                Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
                    return Err(PyValueError::new_err(format!(
                        "{}: {} is not a tile of this board",
                        place(c),
                        shown(cell)
                    )));
                }
                Err(_) => return Err(wrong_type(&place(c), "an int", cell)),
            }
        }
        rows.push(cells);
    }
    Ok(rows)
}

/// Something that can be called.
pub(crate) fn callable<'py>(value: Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    if value.is_callable() { Ok(value) } else { Err(wrong_type(name, "callable", &value)) }
}

/// The estimate of an informed search, which `function` takes by keyword
/// only, after three positional arguments: given as a fourth positional
/// one (where a goal test and an estimate could change places unseen),
/// or left out, it raises TypeError naming it.
pub(crate) fn heuristic<'py>(
    function: &str,
    extra: &Bound<'py, PyTuple>,
    heuristic: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if !extra.is_empty() {
        return Err(PyTypeError::new_err(format!(
            "{function}() takes heuristic by keyword only: \
             {function}(start, successors, is_goal, heuristic=...), not as a \
             positional argument after is_goal"
        )));
    }
    let heuristic = heuristic.ok_or_else(|| {
        PyTypeError::new_err(format!("{function}() missing keyword argument: 'heuristic'"))
    })?;
    callable(heuristic, "heuristic")
}

/// A folder's path: a str or an `os.PathLike`.
pub(crate) fn folder(value: &Bound<'_, PyAny>, name: &str) -> PyResult<PathBuf> {
    if value.is_instance_of::<PyBytes>() {
        return Err(wrong_type(name, "a str or an os.PathLike", value));
    }
    value.extract::<PathBuf>().map_err(|_| wrong_type(name, "a str or an os.PathLike", value))
}

/// A `ValueError` whose message starts with the argument it is about.
pub(crate) fn bad_value(name: &str, error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{name}: {error}"))
}

/// An argument with a default. Anything passed, None included, is
/// `Given`: the function checks it like any other value, so that None is
/// refused where it means nothing.
pub(crate) enum Arg<'py> {
    Given(Bound<'py, PyAny>),
    Default,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Arg<'py> {
    type Error = PyErr;

    fn extract(value: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Arg<'py>> {
        Ok(Arg::Given(value.to_owned()))
    }
}

impl Arg<'_> {
    /// The str given, or `default`.
    pub(crate) fn string_or(&self, name: &str, default: &str) -> PyResult<String> {
        match self {
            Arg::Given(value) => string(value, name),
            Arg::Default => Ok(default.to_string()),
        }
    }

    /// The count given, or `default`.
    pub(crate) fn count_or(&self, name: &str, default: u64) -> PyResult<u64> {
        match self {
            Arg::Given(value) => count(value, name),
            Arg::Default => Ok(default),
        }
    }
}
