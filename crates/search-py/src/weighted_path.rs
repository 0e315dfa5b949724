//! `WeightedPath`: a cheapest path as Python sees it, the paths of both
//! the weighted searches and the labelled unweighted one.

use pyo3::prelude::*;

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
    /// The sum of the moves' costs, as Python adds them: an int, or a
    /// float when a move cost a float.
    #[pyo3(get)]
    pub(crate) cost: Py<PyAny>,
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
            self.cost.bind(py).repr()?,
            list(&self.states)?,
            list(&self.moves)?
        ))
    }
}
