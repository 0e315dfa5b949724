//! `Layers`: an enumeration's layers as Python sees them, made from any
//! engine's [`Enumeration`].

use pyo3::prelude::*;
use pyo3::types::PyList;
use search_core::breadth_first::Enumeration;

/// Every state reachable from a start, layer by layer, as
/// `enumerate_space` returns it.
///
/// ```python
/// >>> layers = enumerate_space(0, lambda n: [(n + 1) % 10, (n - 1) % 10])
/// >>> layers.sizes, layers.states, layers.radius, layers.deepest
/// ([1, 2, 2, 2, 2, 1], 10, 5, [5])
/// ```
#[pyclass(frozen, module = "statespace")]
pub(crate) struct Layers {
    /// The number of states at each distance from the starts (with
    /// symmetries, the positions the classes kept stand for).
    #[pyo3(get)]
    pub(crate) sizes: Vec<u128>,
    /// With symmetries, the number of classes of equivalent states kept
    /// at each distance; None without.
    #[pyo3(get)]
    pub(crate) classes: Option<Vec<u64>>,
    /// The states of the last layer: the farthest from the starts.
    #[pyo3(get)]
    pub(crate) deepest: Vec<Py<PyAny>>,
    /// False when `max_depth` cut the layers and the space goes on past
    /// it: the layers are then those up to the bound, and `deepest` the
    /// states at it.
    #[pyo3(get)]
    pub(crate) complete: bool,
}

impl Layers {
    /// An enumeration's layers for Python, its deepest states `deepest`:
    /// the positions of each layer, and the classes kept where states are
    /// classes of a symmetry reduction.
    pub(crate) fn of<T>(layers: &Enumeration<T>, deepest: Vec<Py<PyAny>>) -> Layers {
        Layers {
            sizes: layers.layer_positions().to_vec(),
            classes: layers.is_reduced().then(|| layers.layer_sizes().to_vec()),
            deepest,
            complete: layers.is_complete(),
        }
    }
}

#[pymethods]
impl Layers {
    /// Every state reached.
    #[getter]
    fn states(&self) -> u128 {
        self.sizes.iter().sum()
    }

    /// The greatest distance from the starts (the bound, when not
    /// `complete`).
    #[getter]
    fn radius(&self) -> usize {
        self.sizes.len().saturating_sub(1)
    }

    fn __repr__(&self) -> String {
        if self.complete {
            format!("Layers(sizes={:?})", self.sizes)
        } else {
            format!("Layers(sizes={:?}, complete=False)", self.sizes)
        }
    }
}

/// `layers` for Python, each deepest state a list of its items.
pub(crate) fn item_layers<T: AsRef<[u8]>>(
    py: Python<'_>,
    layers: &Enumeration<T>,
) -> PyResult<Layers> {
    let mut deepest = Vec::new();
    for state in layers.deepest() {
        deepest.push(PyList::new(py, state.as_ref())?.into_any().unbind());
    }
    Ok(Layers::of(layers, deepest))
}
