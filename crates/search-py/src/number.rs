//! [`Number`]: a Python cost or estimate in Rust, an int or a float, so
//! that one search can mix them.

use std::cmp::Ordering;
use std::ops::Add;

use num_traits::Zero;
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt};
use search_core::Cost;

use crate::args::{self, shown};

/// A cost: an int from 0 to 2**64 - 1, or a float that is not negative
/// and not NaN. Ordered by value, exactly, whatever the kinds: `Int(2)`
/// equals `Float(2.0)` and is less than `Float(2.000_000_1)`. Sums go as
/// Python's do: ints add exactly, a sum with a float is a float; past
/// 2**64 - 1 a sum of ints is a float too, and a sum of floats may be
/// infinite, so that no sum fails.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Number {
    Int(u64),
    Float(f64),
}

impl Number {
    /// As a Python object: an int or a float, as it is.
    pub(crate) fn to_python(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self {
            Number::Int(n) => n.into_py_any(py),
            Number::Float(x) => x.into_py_any(py),
        }
    }

    /// The nearest float.
    #[expect(clippy::cast_precision_loss, reason = "a sum with a float is a float")]
    fn as_f64(self) -> f64 {
        match self {
            Number::Int(n) => n as f64,
            Number::Float(x) => x,
        }
    }

    /// `self * weight`, an int when both are and the product fits.
    pub(crate) fn times(self, weight: Number) -> Number {
        match (self, weight) {
            (Number::Int(a), Number::Int(b)) => a
                .checked_mul(b)
                .map_or_else(|| Number::Float(self.as_f64() * weight.as_f64()), Number::Int),
            _ => Number::Float(self.as_f64() * weight.as_f64()),
        }
    }

    /// `value` as a cost, or the error that names what is wrong with it
    /// (`what` names the value): an int or a float, NumPy's scalars
    /// included, but not a bool (a goal test's answer); not negative,
    /// not NaN, not infinite, and an int below 2**64.
    pub(crate) fn from_python(
        value: &Bound<'_, PyAny>,
        what: impl Fn() -> String,
    ) -> PyResult<Number> {
        // Python's own ints and floats first, without the exception a
        // failed conversion would build: a cost is read for every move.
        if let Ok(float) = value.cast_exact::<PyFloat>() {
            return Number::from_f64(float.value(), value, what);
        }
        if value.is_exact_instance_of::<PyInt>()
            && let Ok(n) = value.extract::<u64>()
        {
            return Ok(Number::Int(n));
        }
        let py = value.py();
        let not_a_number = || {
            PyTypeError::new_err(format!(
                "{} must be an int or a float, not {}",
                what(),
                args::type_name(value)
            ))
        };
        if args::is_bool(value) {
            return Err(not_a_number());
        }
        match value.extract::<u64>() {
            Ok(n) => return Ok(Number::Int(n)),
            Err(error) if error.is_instance_of::<PyOverflowError>(py) => {
                let negative = value.lt(0).unwrap_or(false);
                let rule = if negative { "must not be negative" } else { "must be below 2**64" };
                return Err(PyValueError::new_err(format!(
                    "{} {rule}, but it is {}",
                    what(),
                    shown(value)
                )));
            }
            Err(_) => {}
        }
        // A float, Python's or NumPy's; not any number that converts to
        // one (a Fraction or a Decimal would lose its exactness unseen).
        if !value.is_instance_of::<PyFloat>() && !is_numpy_float(value) {
            return Err(not_a_number());
        }
        let x = value.extract::<f64>().map_err(|_| not_a_number())?;
        Number::from_f64(x, value, what)
    }

    /// A float read from `value` as a cost, or the error that names why it
    /// cannot be one.
    fn from_f64(x: f64, value: &Bound<'_, PyAny>, what: impl Fn() -> String) -> PyResult<Number> {
        let wrong = if x.is_nan() {
            "must not be NaN"
        } else if x.is_infinite() {
            "must be finite"
        } else if x < 0.0 {
            "must not be negative"
        } else {
            // `+ 0.0` makes a negative zero a zero.
            return Ok(Number::Float(x + 0.0));
        };
        Err(PyValueError::new_err(format!("{} {wrong}, but it is {}", what(), shown(value))))
    }
}

/// Whether `value` is one of NumPy's float scalars (`numpy.float32` and
/// the like; `numpy.float64` is a Python float already).
fn is_numpy_float(value: &Bound<'_, PyAny>) -> bool {
    let kind = value.get_type();
    let module = kind.module().is_ok_and(|module| module == "numpy");
    let name = kind.name().map(|name| name.to_string()).unwrap_or_default();
    module && (name.starts_with("float") || name == "longdouble")
}

/// How an int compares with a float that is not negative and not NaN,
/// exactly: `int as f64` would round ints above 2**53.
fn int_against_float(int: u64, float: f64) -> Ordering {
    // 2**64, the first float past every u64.
    const PAST_U64: f64 = 18_446_744_073_709_551_616.0;
    if float >= PAST_U64 {
        return Ordering::Less;
    }
    // Exact: a float's whole part below 2**64 is a u64.
    #[expect(clippy::cast_sign_loss, reason = "the float is not negative")]
    let whole = float as u64;
    #[expect(clippy::cast_precision_loss, reason = "`whole` came from a float: exact")]
    let fraction = float > whole as f64;
    match int.cmp(&whole) {
        Ordering::Equal if fraction => Ordering::Less,
        order => order,
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        match (*self, *other) {
            (Number::Int(a), Number::Int(b)) => a.cmp(&b),
            // Never NaN: `from_python` refuses it, and sums of costs that
            // are not NaN (infinite ones included) are not NaN.
            (Number::Float(a), Number::Float(b)) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
            (Number::Int(a), Number::Float(b)) => int_against_float(a, b),
            (Number::Float(a), Number::Int(b)) => int_against_float(b, a).reverse(),
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl Add for Number {
    type Output = Number;

    fn add(self, other: Number) -> Number {
        match (self, other) {
            (Number::Int(a), Number::Int(b)) => a
                .checked_add(b)
                .map_or_else(|| Number::Float(self.as_f64() + other.as_f64()), Number::Int),
            (a, b) => Number::Float(a.as_f64() + b.as_f64()),
        }
    }
}

impl Cost for Number {
    /// Never `None`: see [`Number`].
    fn checked_add(&self, other: &Number) -> Option<Number> {
        Some(*self + *other)
    }

    fn cost_cmp(&self, other: &Number) -> Ordering {
        self.cmp(other)
    }
}

impl Zero for Number {
    fn zero() -> Number {
        Number::Int(0)
    }

    fn is_zero(&self) -> bool {
        *self == Number::Int(0)
    }
}
