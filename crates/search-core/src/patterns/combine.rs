//! [`Patterns`]: pattern databases combined into one estimate.

use std::fmt;

use super::distance_table::DistanceTable;
use crate::space::weighted::Heuristic;

/// How [`Patterns`] combines its tables' distances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// The sum: for tables over disjoint patterns whose abstractions count
    /// only their own pattern's moves (additive pattern databases).
    Sum,
    /// The largest: for any tables, each admissible on its own.
    Max,
}

/// An estimate made of pattern databases: each table looked up at the
/// abstract state a function maps the state to, then added or maxed.
/// Admissible when each table is (its abstraction never costs more than
/// the space) and, for [`Combine::Sum`], the tables count disjoint moves.
/// An unreachable abstract state estimates `u32::MAX` (its state cannot
/// reach the goal either).
///
/// [`with_symmetry`](Patterns::with_symmetry) adds maps of the space onto
/// itself that keep every state's distance to the goal (the reflection of
/// a square sliding puzzle about its diagonal): the estimate is then the
/// largest over the state and its images, the same tables looked up again.
///
/// # Example
///
/// ```
/// use search_core::{Heuristic, Run};
/// use search_core::patterns::{Combine, DistanceTable, Patterns, ZeroOneRankedSpace};
///
/// /// One coordinate of a 10x10 grid walk: a step in it costs 1.
/// struct Axis;
/// impl ZeroOneRankedSpace for Axis {
///     fn rank_count(&self) -> u64 { 10 }
///     fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
///         if rank > 0 { report(rank - 1, true) }
///         if rank < 9 { report(rank + 1, true) }
///     }
/// }
/// let axis = DistanceTable::build(&Axis, &[9], &mut Run::new())?;
/// // x and y steps are disjoint: the sum is the taxicab distance to (9, 9).
/// let taxicab = Patterns::new(Combine::Sum)
///     .with(axis.clone(), |&(x, _): &(u64, u64)| x)
///     .with(axis, |&(_, y): &(u64, u64)| y);
/// assert_eq!(taxicab.estimate(&(2, 5)), 7 + 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Patterns<S> {
    combine: Combine,
    tables: Vec<(DistanceTable, Box<dyn Fn(&S) -> u64 + Send + Sync>)>,
    symmetries: Vec<Box<dyn Fn(&S) -> S + Send + Sync>>,
}

impl<S> Patterns<S> {
    /// An estimate of no tables yet (it estimates 0).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Heuristic;
    /// use search_core::patterns::{Combine, Patterns};
    ///
    /// assert_eq!(Patterns::<u32>::new(Combine::Max).estimate(&7), 0);
    /// ```
    pub fn new(combine: Combine) -> Patterns<S> {
        Patterns { combine, tables: Vec::new(), symmetries: Vec::new() }
    }

    /// Adds `table`, looked up at `abstraction(state)`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Heuristic;
    /// use search_core::patterns::{Combine, DistanceTable, Patterns};
    ///
    /// let near = DistanceTable::from_bytes(vec![0, 1, 2]);
    /// let far = DistanceTable::from_bytes(vec![0, 3, 3]);
    /// let estimate = Patterns::new(Combine::Max)
    ///     .with(near, |&s: &u64| s)
    ///     .with(far, |&s: &u64| s);
    /// assert_eq!((estimate.estimate(&1), estimate.estimate(&2)), (3, 3));
    /// ```
    #[must_use]
    pub fn with<F>(mut self, table: DistanceTable, abstraction: F) -> Patterns<S>
    where
        F: Fn(&S) -> u64 + Send + Sync + 'static,
    {
        self.tables.push((table, Box::new(abstraction)));
        self
    }
}

impl<S> Patterns<S> {
    /// Adds `symmetry`, a map of the space onto itself under which every
    /// state keeps its distance to the goal: the estimate becomes the
    /// largest of the state's and its images'. Both are admissible, so
    /// their maximum is too, and no lower.
    ///
    /// # Example
    ///
    /// Walks on a 10x10 grid towards (9, 9), with one table for x alone:
    /// swapping the axes keeps the distance, and brings y into reach.
    ///
    /// ```
    /// use search_core::{Heuristic, Run};
    /// use search_core::patterns::{Combine, DistanceTable, Patterns, ZeroOneRankedSpace};
    ///
    /// struct Axis;
    /// impl ZeroOneRankedSpace for Axis {
    ///     fn rank_count(&self) -> u64 { 10 }
    ///     fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
    ///         if rank > 0 { report(rank - 1, true) }
    ///         if rank < 9 { report(rank + 1, true) }
    ///     }
    /// }
    /// let axis = DistanceTable::build(&Axis, &[9], &mut Run::new())?;
    /// let x_only = Patterns::new(Combine::Sum).with(axis, |&(x, _): &(u64, u64)| x);
    /// assert_eq!(x_only.estimate(&(8, 2)), 1);
    /// let swapped = x_only.with_symmetry(|&(x, y)| (y, x));
    /// assert_eq!(swapped.estimate(&(8, 2)), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_symmetry<F>(mut self, symmetry: F) -> Patterns<S>
    where
        F: Fn(&S) -> S + Send + Sync + 'static,
    {
        self.symmetries.push(Box::new(symmetry));
        self
    }

    /// The tables combined at `state` alone.
    fn combined(&self, state: &S) -> u32 {
        let mut total = 0u32;
        for (table, abstraction) in &self.tables {
            let Some(distance) = table.distance(abstraction(state)) else {
                return u32::MAX;
            };
            total = match self.combine {
                Combine::Sum => total + u32::from(distance),
                Combine::Max => total.max(u32::from(distance)),
            };
        }
        total
    }
}

impl<S> Heuristic<S> for Patterns<S> {
    type Cost = u32;

    fn estimate(&self, state: &S) -> u32 {
        let direct = self.combined(state);
        self.symmetries
            .iter()
            .fold(direct, |best, symmetry| best.max(self.combined(&symmetry(state))))
    }
}

/// A borrowed set of patterns guides a search as the set does, so one set
/// serves many searches.
impl<S> Heuristic<S> for &Patterns<S> {
    type Cost = u32;

    fn estimate(&self, state: &S) -> u32 {
        (**self).estimate(state)
    }
}

impl<S> fmt::Debug for Patterns<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Patterns")
            .field("combine", &self.combine)
            .field("tables", &self.tables.len())
            .field("symmetries", &self.symmetries.len())
            .finish_non_exhaustive()
    }
}
