//! [`WordSolver`]: shortest words in a [`PermutationGraph`]'s generators
//! by IDA* over pattern databases of its pieces, to the graph's start.

use std::path::Path as FilePath;

use search_core::groups::Arrangement;
use search_core::words::{PointPattern, Solver};
use search_core::{Path, Run};

use crate::error::Error;
use crate::permuted::PermutationGraph;

/// Shortest words to a [`PermutationGraph`]'s start, by the pattern
/// databases of [`search_core::words::Solver`]: where
/// [`PermutationGraph::solve`] searches from both ends and keeps every
/// state it meets (about 13 times more for each move of the 3x3x3 cube),
/// this keeps only its path and its tables, and answers positions far
/// deeper. Made by [`PermutationGraph::word_solver`].
///
/// # Example
///
/// ```
/// use puzzles::{Family, PermutationGraph};
/// use search_core::Run;
///
/// let lrx = PermutationGraph::new(Family::Lrx.generators(7)?, &[0, 1, 2, 3, 4, 5, 6])?;
/// let solver = lrx.word_solver(5_000, None, &mut Run::new())?;
/// let state = [6, 5, 4, 3, 2, 1, 0];
/// let word = solver.solve(&state, &mut Run::new())?.expect("an element");
/// let shortest = lrx.solve(&state, &mut Run::new())?.expect("an element");
/// assert_eq!(word.len(), shortest.len());
/// assert_eq!(word.end(), &lrx.start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct WordSolver {
    solver: Solver,
    start: Arrangement,
    /// Each item's position in the start: a state relabelled by it is
    /// moved to the identity by the words that move the state to the
    /// start.
    place_in_start: Vec<u8>,
}

impl PermutationGraph {
    /// A [`WordSolver`] of this graph whose tables hold at most
    /// `max_bytes` together, kept in `directory` when one is given (read
    /// from there when an earlier solver wrote them, else built under
    /// `run` and written there).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) with
    /// `InvalidShape` when the start is no element of the group (its
    /// items repeat, or are not the points `0..n`, or the moves do not
    /// reach that order: the tables are of a group's elements) or no tables
    /// of `max_bytes` hold every piece, `TableFile` for a table file that
    /// cannot be written or is damaged, and a limit of `run`'s reached
    /// while the tables are built.
    ///
    /// # Example
    ///
    /// See [`WordSolver`].
    pub fn word_solver(
        &self,
        max_bytes: u64,
        directory: Option<&FilePath>,
        run: &mut Run<'_>,
    ) -> Result<WordSolver, Error> {
        if !self.is_permutation() {
            let points = self.generators().points();
            let reason = format!(
                "pattern databases are built for a start that holds the points 0 to {} once \
                 each, in an order the moves reach (such as the identity), and this one does \
                 not",
                points.saturating_sub(1)
            );
            return Err(
                search_core::Error::new(search_core::ErrorKind::InvalidShape { reason }).into()
            );
        }
        let generators = self.generators();
        let solver = match directory {
            Some(directory) => Solver::with_tables_in(generators, max_bytes, directory, run)?,
            None => Solver::new(generators, max_bytes, run)?,
        };
        let start = self.start();
        let mut place_in_start = vec![0; start.len()];
        for (at, &item) in start.iter().enumerate() {
            place_in_start[usize::from(item)] = at as u8;
        }
        Ok(WordSolver { solver, start, place_in_start })
    }
}

impl WordSolver {
    /// The fewest moves that take `state` to the start, the generators'
    /// indexes in the order applied, or `None` when no word reaches it.
    /// IDA*'s limits of `run` apply (nodes, depth), and its cancel.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) with
    /// `InvalidShape` when `state` is not an arrangement of the start's
    /// items, and a limit of `run`'s reached.
    ///
    /// # Example
    ///
    /// See [`WordSolver`].
    pub fn solve(
        &self,
        state: &[u8],
        run: &mut Run<'_>,
    ) -> Result<Option<Path<Arrangement, usize>>, Error> {
        let points = self.start.len();
        let mut relabelled = Vec::with_capacity(points);
        for &item in state {
            match self.place_in_start.get(usize::from(item)) {
                Some(&place) if !relabelled.contains(&place) => relabelled.push(place),
                _ => break,
            }
        }
        if relabelled.len() != points || state.len() != points {
            let given: Vec<String> = state.iter().map(u8::to_string).collect();
            let reason =
                format!("{} is not an arrangement of the start's {points} items", given.join(" "));
            return Err(
                search_core::Error::new(search_core::ErrorKind::InvalidShape { reason }).into()
            );
        }
        // An arrangement outside the group is a well-formed question with
        // the answer none.
        if !self.solver.contains(&relabelled) {
            return Ok(None);
        }
        let path = self.solver.solve(&relabelled, run)?;
        let states = path
            .states()
            .iter()
            .map(|at| at.iter().map(|&place| self.start[usize::from(place)]).collect())
            .collect();
        Ok(Some(Path::new(states, path.moves().to_vec())))
    }

    /// The patterns whose tables guide the search.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Family, PermutationGraph};
    /// use search_core::Run;
    /// use search_core::words::PointPattern;
    ///
    /// let pancakes = PermutationGraph::new(Family::Pancake.generators(5)?, &[0, 1, 2, 3, 4])?;
    /// let solver = pancakes.word_solver(120, None, &mut Run::new())?;
    /// // All five pancakes' places, 5! of them, in one table.
    /// assert_eq!(solver.patterns().map(PointPattern::entries).sum::<u64>(), 120);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn patterns(&self) -> impl Iterator<Item = &PointPattern> {
        self.solver.patterns()
    }
}
